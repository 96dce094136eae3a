-- rules/picks.lua: the plays of Development, Construction and Action, made at the same
-- time (docs/rules-notes.md, "Simultaneous plays"). A phase runs in sub-rounds: every seat
-- still acting picks one play, or passes, in secret, from the position at the start of the
-- sub-round; when the last seat has picked, the picks are logged together (G.reveal()) and
-- resolved in seat order. A pick that is no longer possible when its turn comes is not
-- played (the seat keeps its card and its play). A seat that passed is done for the phase.
-- Seat tracks: `acting` (still in the phase), `plays_left` (normal plays of Development and
-- Construction), `pick` (the secret pick: a key, below), `cbonus` (the Construction
-- chooser's secret bonus: 1 one more play, 2 a card, 3 taken). Table track `sub`.

-- pick keys: 1 pass; 1000 + card a normal play, 2000 + card an extra play, each plus 4000
-- times the mask of optional discounts taken (A.play_key); 10 plants to
-- forest, 11 heat to temperature, 12..14 the standard projects of STD, 15 sell a card;
-- 100000 + 10 * card + k a card's k-th action
PASS = 1
SUB_CAP = 200 -- a safety net: no phase has that many sub-rounds in play

function A.phase_options(seat, p)
  if p == 3 then return A.action_options(seat) end
  return A.play_options(seat, p == 1)
end

-- at the start of Development, Construction or Action: everyone acts, the choosers' bonuses
function A.start_plays(p)
  for s = 1, G.players() do
    G.set(s, "acting", 1)
    G.set(s, "plays_left", 1)
    G.set(s, "pick", 0)
    G.set(s, "moved", 0)
    G.set(s, "cbonus", 0)
    if p == 1 and G.get(s, "phase") == 1 then G.set(s, "dev_bonus", 1) end
    if p == 3 and G.get(s, "phase") == 3 then G.set(s, "action_bonus", 1) end
  end
  G.set(0, "sub", 1)
end

-- the first seat from `from` on still acting picks next (true), or there is none (false)
function A.next_acting(from)
  for s = from, G.players() do
    if G.get(s, "acting") == 1 then
      G.set(0, "cur_seat", s)
      return true
    end
  end
  return false
end

-- one seat's secret pick in the sub-round
function A.pick_step(seat, p)
  if p == 2 and G.get(seat, "phase") == 2 and G.get(seat, "cbonus") == 0 then
    local k = G.choose(seat, "Construction bonus", { "bonus: play 1 more blue or red card",
      "bonus: draw 1 card" }, { secret = true, tag = "bonus" })
    G.set(seat, "cbonus", k)
  end
  local opts = A.phase_options(seat, p)
  if #opts == 0 then
    G.set(seat, "acting", 0) -- nothing it could do: done for the phase
  else
    local texts = {}
    for i, o in ipairs(opts) do texts[i] = o.text end
    texts[#texts + 1] = p == 3 and "done" or "pass"
    local prompt
    if p == 3 then prompt = "action phase (" .. A.purse(seat) .. "): what next?"
    else prompt = PHASE_NAME[p] .. " (" .. A.purse(seat) .. "): play a card?" end
    local i = G.choose(seat, prompt, texts, { secret = true, tag = p == 3 and "action" or "play" })
    G.set(seat, "pick", opts[i] and opts[i].key or PASS)
    G.set(seat, "moved", 1)
  end
  if not A.next_acting(seat + 1) then A.resolve_picks(p) end
end

function A.find_option(opts, key)
  for _, o in ipairs(opts) do if o.key == key then return o end end
  return nil
end

-- every seat has picked: tell the picks, then play them in seat order
function A.resolve_picks(p)
  local n = G.players()
  local parts = {}
  for s = 1, n do
    local k = G.get(s, "pick")
    if k == PASS then
      parts[#parts + 1] = "P" .. s .. " " .. (p == 3 and "done" or "pass")
    elseif k > 0 then
      local o = A.find_option(A.phase_options(s, p), k)
      parts[#parts + 1] = "P" .. s .. " " .. (o and o.text or "?")
    end
  end
  if #parts > 0 then G.log(0, PHASE_NAME[p] .. " picks: " .. table.concat(parts, "; ")) end
  G.reveal()
  for s = 1, n do
    local b = G.get(s, "cbonus")
    if b == 1 then
      G.add(s, "plays_left", 1)
      A.log(s, "takes the Construction bonus: 1 more blue or red card")
    elseif b == 2 then
      A.log(s, "takes the Construction bonus: 1 card")
      A.draw(s, 1)
    end
    if b == 1 or b == 2 then G.set(s, "cbonus", 3) end
  end
  for s = 1, n do
    local k = G.get(s, "pick")
    G.set(s, "pick", 0)
    if k == PASS then
      G.set(s, "acting", 0)
    elseif k > 0 then
      local o = A.find_option(A.phase_options(s, p), k)
      if o then
        G.set(s, "playing", k)
        o.run()
        G.set(s, "playing", 0)
      else A.log(s, "cannot make the play it picked any more: it is not played") end
    end
  end
  G.add(0, "sub", 1)
  if G.get(0, "sub") > SUB_CAP then
    for s = 1, n do G.set(s, "acting", 0) end
    G.log(0, "the phase has run " .. SUB_CAP .. " sub-rounds: it ends")
  end
  if not A.next_acting(1) then A.finish_phase(p) end
end

-- ---------------------------------------------------------------- for the AIs

-- A rough worth, in points, of a seat's unrevealed pick: the greedy tries its options one
-- by one and values the position at the next decision, which comes (for every seat but the
-- last) before the picks are played. The same weights as A.value. A sale still counts while
-- its play waits for "sell which card?" (`playing`): the last seat's trial stops there, and
-- the sale, not yet made, would count for nothing (its estimate is what it turns out to be).
PICK_RES_W = { { "mc", 1 / 16 }, { "plants", 1 / 10 }, { "heat", 1 / 11 } }
PICK_PROD_W = { { "mc", 0.6 }, { "steel", 0.8 }, { "titanium", 1.0 }, { "plants", 0.9 },
  { "heat", 0.5 }, { "cards", 1.5 } }

function A.effects_worth(seat, effects, f)
  local v = 0
  local card = 0.26 + 0.15 * f
  local step = 1 + 0.3 * f
  for _, e in ipairs(effects or {}) do
    local k, x = A.kw(e)
    if k == "production" then
      for _, rw in ipairs(PICK_PROD_W) do
        if x[rw[1]] then v = v + f * rw[2] * A.amount(seat, x[rw[1]]) end
      end
    elseif k == "gain" then
      for _, rw in ipairs(PICK_RES_W) do if x[rw[1]] then v = v + rw[2] * x[rw[1]] end end
    elseif k == "lose" then
      for _, rw in ipairs(PICK_RES_W) do
        local r = rw[1]
        if x[r] and r ~= "mc" then v = v - rw[2] * math.min(x[r], G.get(seat, r)) end
      end
    elseif k == "tr" then
      v = v + step * A.amount(seat, x)
    elseif k == "raise" then
      for _, q in ipairs(PARAM_ORDER) do
        if x[q] then v = v + step * A.raisable_steps(q, x[q]) end
      end
    elseif k == "forest" then
      v = v + x * (1 + (A.raisable("oxygen") and step or 0))
    elseif k == "draw" then
      v = v + card * x
    elseif k == "discard" then
      v = v - card * x
    elseif k == "reveal" then
      v = v + card * 0.5 * (x.keep or 1)
    elseif k == "add" then
      for _, r in ipairs({ "microbe", "animal", "science", "any" }) do
        if x[r] then v = v + 0.1 * x[r] end
      end
    elseif k == "choose" then
      local best = 0
      for _, o in ipairs(x) do best = math.max(best, A.effects_worth(seat, o, f)) end
      v = v + best
    elseif k == "if" then
      if A.cond(seat, x) then v = v + A.effects_worth(seat, e["do"], f) end
    elseif k == "extra_play" then
      v = v + 0.5
    end
  end
  return v
end

local function cost_worth(seat, cost, mc, f)
  local v = mc / 16
  if cost.plants then v = v + cost.plants / 10 end
  if cost.heat then v = v + cost.heat / 11 end
  if cost.tr then v = v + cost.tr * (1 + 0.3 * f) end
  if cost.cards then v = v + cost.cards * (0.26 + 0.15 * f) end
  for _, r in ipairs(CARD_RES) do if cost[r] then v = v + 0.1 * cost[r] end end
  return v
end

function A.pick_worth(seat, f)
  local k = G.get(seat, "pick")
  if k == 0 and G.get(seat, "playing") == 15 then k = 15 end
  if k <= PASS then return 0 end
  local step = 1 + 0.3 * f
  if k >= 100000 then
    local id = math.floor((k - 100000) / 10)
    local act = CARDS[id].actions[k - 100000 - 10 * id]
    local cost, chosen = A.action_parts(seat, act)
    local v = A.effects_worth(seat, act["do"], f) - cost_worth(seat, cost, A.action_mc(seat, act, cost), f)
    if chosen and chosen["do"] then v = v + A.effects_worth(seat, chosen["do"], f) end
    return v
  elseif k >= 1000 then
    local id, m = A.play_of_key(k)
    if G.get(0, "cur_phase") == 1 and not m.extra and G.get(seat, "dev_bonus") == 1 then m.dev = true end
    local ok, cost, pays = A.can_play(seat, id, m)
    if not ok then return 0 end
    local c = CARDS[id]
    local v = A.effects_worth(seat, c.effects, f) - (cost or 0) / 16 - (0.26 + 0.15 * f)
    -- the resources the optional discounts take
    for _, o in ipairs(pays or {}) do v = v - cost_worth(seat, o.item.pay, 0, f) end
    if type(c.vp) == "number" then v = v + c.vp elseif type(c.vp) == "table" then v = v + 1 end
    if c.actions or c.ongoing then v = v + f * (0.6 + (c.cost or 0) / 24) end
    return v
  elseif k == 10 then
    return 1 + (A.raisable("oxygen") and step or 0) - A.forest_plants(seat) / 10
  elseif k == 11 then
    return step - 8 / 11
  elseif k >= 12 and k <= 14 then
    local sp = STD[k - 11]
    local mc = math.max(0, sp.mc - A.std_discount(seat))
    local v = step
    if sp.key == "forest" then v = 1 + (A.raisable("oxygen") and step or 0) end
    return v - mc / 16
  elseif k == 15 then
    local h = G.count("hand", seat)
    return A.sell_value(seat) / 16 - (A.hand_worth(h, f) - A.hand_worth(h - 1, f))
  end
  return 0
end
