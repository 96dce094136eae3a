-- rules/ai.lua: what a position is worth to a seat, for the engine's AIs.
-- Points now, plus what production, resources and cards will still bring; the
-- future part shrinks as the parameters near their ends (fewer rounds left).
-- While a round is being planned or played, the phase card the seat picked and not
-- yet resolved counts for what that phase should bring it, so that a one-step
-- lookahead can tell phase cards apart.

-- what phase p (not yet resolved) should bring the seat, in points
function A.phase_worth(seat, p, f)
  if p == 1 or p == 2 then
    local best = 0
    for _, id in ipairs(G.cards("hand", seat)) do
      local t = CARDS[id].type
      if (p == 1 and t == "green") or (p == 2 and t ~= "green") then
        if A.can_play(seat, id, {}) then best = 1 end
      end
    end
    return best * (0.8 + f) + (p == 1 and 0.25 or 0.3 * f)
  elseif p == 3 then
    local v = 0.2
    local fp = A.forest_plants(seat)
    if fp > 0 then v = v + 1.2 * (G.get(seat, "plants") // fp) end
    if G.get(0, "temperature") < MAXP.temperature then v = v + 0.9 * (G.get(seat, "heat") // 8) end
    v = v + 0.4 * (A.spendable(seat) // 15)
    for _, id in ipairs(G.cards("played", seat)) do
      if CARDS[id].actions then v = v + 0.4 end
    end
    return v
  elseif p == 4 then
    -- MC counts more than its resting value: it is what buys the next cards and projects
    return 1.5 * (G.get(seat, "tr") + A.production(seat, "mc") + 4) / 16
      + A.production(seat, "plants") / 10 + A.production(seat, "heat") / 11
      + A.production(seat, "cards") * (0.2 + 0.15 * f)
  elseif p == 5 then
    local room = G.count("hand", seat) < 9 and 1 or 0.4
    return 2 * (0.2 + 0.15 * f) * room + 0.1
  end
  return 0
end

function A.value(seat)
  local done = G.get(0, "temperature") + G.get(0, "oxygen") + G.get(0, "ocean")
  local left = 1 - done / 42 -- share of the terraforming still to do
  local stage = G.get(0, "stage")
  if stage == 9 then left = 0 end
  local f = 0.1 + 1.5 * left
  local v = G.get(seat, "tr") + G.get(seat, "forests") + A.vp_cards(seat)
  -- resources: plants and heat turn into points at 8 a step, MC at about 14-15
  -- (a little below what standard projects turn them into, so that they get spent)
  v = v + G.get(seat, "mc") / 16 + G.get(seat, "plants") / 10 + G.get(seat, "heat") / 11
  -- production and income
  local income = A.production(seat, "mc") + G.get(seat, "tr") * 0.5
  v = v + f * (0.6 * income + 0.9 * A.production(seat, "plants") + 0.5 * A.production(seat, "heat")
    + 0.8 * G.get(seat, "p_steel") + 1.0 * G.get(seat, "p_titanium")
    + 1.5 * A.production(seat, "cards"))
  -- cards in hand; blue cards keep giving (actions, discounts, triggers)
  v = v + (0.2 + 0.15 * f) * G.count("hand", seat)
  for _, id in ipairs(G.cards("played", seat)) do
    local c = CARDS[id]
    if c.actions or c.ongoing then v = v + f * (0.6 + (c.cost or 0) / 24) end
    if A.res_kind(id) then v = v + 0.1 * G.counter(id, "res") end
  end
  -- the phase card picked and not yet resolved
  local p = G.get(seat, "phase")
  if p > 0 and (stage == 1 or (stage == 2 and G.get(0, "cur_phase") < p)) then
    v = v + A.phase_worth(seat, p, f)
  end
  return v
end
