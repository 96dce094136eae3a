-- rules/ai.lua: what a position is worth to a seat, for the engine's AIs.
-- Points now, plus what production, resources and cards will still bring; the
-- future part shrinks as the parameters near their ends (fewer rounds left).
-- Phases still to come this round count for what they should bring the seat (every phase
-- card picked so far while the round is planned, the seat's own with its chooser's bonus;
-- once they are told, every active phase the seat has not yet made its first move in), so
-- that a one-decision lookahead can tell phase cards apart and moving past a phase without
-- decisions (Production) does not change a position's worth much.
-- The greedy values a secret pick at the next decision: the first seats' while the next
-- seat picks (by these estimates), the last seat's once the picks are told and played (by
-- what they did). Both must count a pick alike, or the mirror match favours the last seat:
-- a phase card the last seat picks is counted for every seat it is played for, as the
-- first seat's is while planning, and the phase under way is not left out until each seat
-- has moved in it (tests/test_ares.c, test_picks_valued_alike; bench/README-ai.md).

-- n cards in hand: up to the hand limit each is worth a little more than its sale,
-- beyond it just the 3 MC the end of the round pays
function A.hand_worth(n, f)
  local keep = math.min(n, HAND_LIMIT or 10)
  return keep * (0.26 + 0.15 * f) + (n - keep) * 3 / 16
end

-- the seat's production of MC, plants, heat and cards (A.production of each, in one pass
-- over its cards: the value asks for them often)
local PROD_KINDS = { "mc", "plants", "heat", "cards" }
function A.productions(seat)
  local n = {}
  for _, r in ipairs(PROD_KINDS) do n[r] = G.get(seat, PROD_TRACK[r]) end
  for _, id in ipairs(A.active(seat)) do
    for _, e in ipairs(CARDS[id].effects or {}) do
      local p = e.production
      if p then
        for _, r in ipairs(PROD_KINDS) do
          if type(p[r]) == "table" then n[r] = n[r] + A.amount(seat, p[r]) end
        end
      end
    end
  end
  return n
end

-- can the seat play a card of its hand in Development (green true) or Construction (false)?
-- ctx (optional) keeps the answers and the productions for one valuation
local function can_play_phase(seat, green, ctx)
  local key = green and "green_ok" or "other_ok"
  if ctx and ctx[key] ~= nil then return ctx[key] end
  local ok = false
  for _, id in ipairs(G.cards("hand", seat)) do
    if (CARDS[id].type == "green") == green and A.can_play_any(seat, id, {}) then
      ok = true
      break
    end
  end
  if ctx then ctx[key] = ok end
  return ok
end

-- what phase p (not yet resolved) should bring the seat, in points; chooser = the seat
-- picked it (gets the bonus)
function A.phase_worth(seat, p, f, chooser, ctx)
  if p == 1 or p == 2 then
    local best = can_play_phase(seat, p == 1, ctx) and 1 or 0
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
    local prod = ctx and ctx.prod or A.productions(seat)
    return (G.get(seat, "tr") + prod.mc + (chooser and 4 or 0)) / 16
      + prod.plants / 10 + prod.heat / 11
      + A.hand_worth(h + prod.cards, f) - A.hand_worth(h, f)
  elseif p == 5 then
    local h = G.count("hand", seat)
    local keep = (chooser and 2 or 1) + A.ongoing_sum(seat, "research", "keep")
    return A.hand_worth(h + keep, f) - A.hand_worth(h, f) + (chooser and 0.1 or 0)
  end
  return 0
end

-- will phase q be played this round? While the phase cards are picked (stage 1): some seat
-- has picked it (the picks so far, in secret or not); once they are told, it is on
function A.phase_coming(q)
  if G.get(0, "stage") ~= 1 then return A.phase_on(q) end
  for s = 1, G.players() do
    if G.get(s, "phase") == q then return true end
  end
  return false
end

-- has the seat still to make its first move in the phase under way? In Development,
-- Construction and Action until it has picked (from then on its pick counts, A.pick_worth);
-- in Production and Research until its own step is done
function A.phase_pending(seat, cur)
  if cur >= 1 and cur <= 3 then
    return G.get(seat, "moved") == 0 and G.get(seat, "acting") == 1
  elseif cur == 4 or cur == 5 then
    local cs = G.get(0, "cur_seat")
    return cs < seat or (cs == seat and cur == 5 and G.count("look", seat) > 0)
  end
  return false
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
  local prod = A.productions(seat)
  local ctx = { prod = prod }
  local income = prod.mc + G.get(seat, "tr") * 0.5
  v = v + f * (0.6 * income + 0.9 * prod.plants + 0.5 * prod.heat
    + 0.8 * G.get(seat, "p_steel") + 1.0 * G.get(seat, "p_titanium")
    + 1.5 * prod.cards)
  -- cards in hand; blue cards keep giving (actions, discounts, triggers)
  v = v + A.hand_worth(G.count("hand", seat), f)
  for _, id in ipairs(G.cards("played", seat)) do
    local c = CARDS[id]
    if c.actions or c.ongoing then v = v + f * (0.6 + (c.cost or 0) / 24) end
    if A.res_kind(id) then v = v + 0.1 * G.counter(id, "res") end
  end
  -- phases still to come this round
  local p = G.get(seat, "phase")
  if stage == 1 or stage == 4 then
    for q = 1, 5 do
      if A.phase_coming(q) then v = v + A.phase_worth(seat, q, f, p == q, ctx) end
    end
  elseif stage == 2 then
    local cur = G.get(0, "cur_phase")
    v = v + A.pick_worth(seat, f) -- its secret pick of the sub-round, not yet played
    if A.phase_pending(seat, cur) then v = v + A.phase_worth(seat, cur, f, p == cur, ctx) end
    for q = cur + 1, 5 do
      if A.phase_on(q) then
        v = v + A.phase_worth(seat, q, f, p == q, ctx)
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
