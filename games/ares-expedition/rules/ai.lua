-- rules/ai.lua: what a position is worth to a seat, for the engine's AIs.
-- Points now, plus what production, resources and cards will still bring; the
-- future part shrinks as the parameters near their ends (fewer rounds left).
-- Phases still to come this round count for what they should bring the seat (its own
-- pick while the round is planned; every revealed phase not yet resolved once it is
-- played), so that a one-decision lookahead can tell phase cards apart and moving past
-- a phase without decisions (Production) does not change a position's worth much.

-- n cards in hand: up to the hand limit each is worth a little more than its sale,
-- beyond it just the 3 MC the end of the round pays
function A.hand_worth(n, f)
  local keep = math.min(n, HAND_LIMIT or 10)
  return keep * (0.26 + 0.15 * f) + (n - keep) * 3 / 16
end

-- what phase p (not yet resolved) should bring the seat, in points; chooser = the seat
-- picked it (gets the bonus)
function A.phase_worth(seat, p, f, chooser)
  if p == 1 or p == 2 then
    local best = 0
    for _, id in ipairs(G.cards("hand", seat)) do
      local t = CARDS[id].type
      if (p == 1 and t == "green") or (p == 2 and t ~= "green") then
        if A.can_play_any(seat, id, {}) then best = 1 end
      end
    end
    local bonus = 0
    if chooser then bonus = (p == 1) and 0.2 or 0.3 end
    return best * (0.6 + 0.5 * f) + bonus
  elseif p == 3 then
    local v = chooser and 0.2 or 0
    local fp = A.forest_plants(seat)
    if fp > 0 then v = v + 1.0 * math.floor(G.get(seat, "plants") / fp) end
    if A.raisable("temperature") then v = v + 0.8 * math.floor(G.get(seat, "heat") / 8) end
    v = v + 0.2 * math.floor(A.spendable(seat) / 15)
    for _, id in ipairs(G.cards("played", seat)) do
      if CARDS[id].actions then v = v + 0.3 end
    end
    return v
  elseif p == 4 then
    local h = G.count("hand", seat)
    return (G.get(seat, "tr") + A.production(seat, "mc") + (chooser and 4 or 0)) / 16
      + A.production(seat, "plants") / 10 + A.production(seat, "heat") / 11
      + A.hand_worth(h + A.production(seat, "cards"), f) - A.hand_worth(h, f)
  elseif p == 5 then
    local h = G.count("hand", seat)
    local keep = (chooser and 2 or 1) + A.ongoing_sum(seat, "research", "keep")
    return A.hand_worth(h + keep, f) - A.hand_worth(h, f) + (chooser and 0.1 or 0)
  end
  return 0
end

function A.seat_value(seat)
  local done = G.get(0, "temperature") + G.get(0, "oxygen") + G.get(0, "ocean")
  local left = 1 - done / 42 -- share of the terraforming still to do
  local stage = G.get(0, "stage")
  if stage == 9 then left = 0 end
  local f = 0.1 + 1.5 * left
  local v = G.get(seat, "tr") + G.get(seat, "forests") + A.vp_cards(seat)
  if stage == 9 then
    -- the game is over: points, and the tie-break a little
    return v + A.tiebreak(seat) / 1000
  end
  -- resources: plants and heat turn into points at 8 a step, MC at about 14-15
  -- (a little below what standard projects turn them into, so that they get spent)
  v = v + G.get(seat, "mc") / 16 + G.get(seat, "plants") / 10 + G.get(seat, "heat") / 11
  -- production and income
  local income = A.production(seat, "mc") + G.get(seat, "tr") * 0.5
  v = v + f * (0.6 * income + 0.9 * A.production(seat, "plants") + 0.5 * A.production(seat, "heat")
    + 0.8 * G.get(seat, "p_steel") + 1.0 * G.get(seat, "p_titanium")
    + 1.5 * A.production(seat, "cards"))
  -- cards in hand; blue cards keep giving (actions, discounts, triggers)
  v = v + A.hand_worth(G.count("hand", seat), f)
  for _, id in ipairs(G.cards("played", seat)) do
    local c = CARDS[id]
    if c.actions or c.ongoing then v = v + f * (0.6 + (c.cost or 0) / 24) end
    if A.res_kind(id) then v = v + 0.1 * G.counter(id, "res") end
  end
  -- phases still to come this round
  local p = G.get(seat, "phase")
  if stage == 1 then
    if p > 0 then v = v + A.phase_worth(seat, p, f, true) end
  elseif stage == 2 then
    -- (the phase being played is left out for every seat: a seat handing on to the
    -- next would otherwise see the next seat's share vanish)
    local cur = G.get(0, "cur_phase")
    v = v + A.pick_worth(seat, f) -- its secret pick of the sub-round, not yet played
    for q = cur + 1, 5 do
      if A.phase_on(q) then
        v = v + A.phase_worth(seat, q, f, p == q)
      end
    end
  end
  return v
end

-- Solo and cooperative games are played against the game (A.won is not nil): a seat's worth
-- is the team's (every seat's worth added up), plus GOAL_STEP points for each parameter step
-- already done, since only a terraformed Mars wins; a finished game adds GOAL_WIN if won.
-- In a competitive game it is the seat's own worth (the engine's AIs subtract the best
-- other seat's).
GOAL_STEP = 2
GOAL_WIN = 100

function A.value(seat)
  local won = A.won(seat)
  if won == nil then return A.seat_value(seat) end
  local v = 0
  for s = 1, G.players() do v = v + A.seat_value(s) end
  v = v + GOAL_STEP * (G.get(0, "temperature") + G.get(0, "oxygen") + G.get(0, "ocean"))
  if G.get(0, "stage") == 9 and won then v = v + GOAL_WIN end
  return v
end
