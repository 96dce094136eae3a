-- rules/game.lua: Terraforming Mars: Ares Expedition for the engine's Lua runtime.
-- The rules are in shared/rules/ares-expedition.md; our readings in docs/rules-notes.md.
-- Every file included here only defines functions and constants (in the table A and a
-- few upper-case globals); everything the game remembers is in tracks, zones, counters.

G.include("rules/keywords.lua")
G.include("rules/phases.lua")
G.include("rules/standard.lua")
G.include("rules/picks.lua")
G.include("rules/ai.lua")
G.include("rules/board.lua")
G.include("rules/cards.lua")

-- a card with `script: true` has its Lua beside its YAML file (same name, .lua)
SCRIPTS = {}
for id = 1, #CARDS do
  local c = CARDS[id]
  if c.script then SCRIPTS[c.number] = G.include((c.file:gsub("%.yaml$", ".lua"))) end
end

HAND_LIMIT = 10
OPENING_HAND = 8
ROUND_CAP = 60 -- a safety net for aimless players (docs/rules-notes.md)
SOLO_ROUNDS = 25

local R = { steps = {} }

-- ---------------------------------------------------------------- setup

-- the modes --option mode=N asks for, and the players each is played by (mode 0, the
-- default, is the competitive game for 2 to 4 players, and solo for one)
MODES = {
  [1] = { name = "the solo game", players = 1 },
  [2] = { name = "the cooperative game", players = 2 },
}

function R.setup()
  local n = G.players()
  -- the mode may come as a game option; one that is not played by n players is refused
  local mode = MODES[G.get(0, "mode")]
  if mode and mode.players ~= n then
    error(string.format("option mode=%d (%s) is played by %d player%s, not %d",
      G.get(0, "mode"), mode.name, mode.players, mode.players == 1 and "" or "s", n), 0)
  end
  if n == 1 then G.set(0, "mode", 1)
  elseif G.get(0, "mode") ~= 2 or n ~= 2 then G.set(0, "mode", 0) end
  if G.get(0, "mode") == 2 then
    G.set(0, "copper", 27)
    G.set(0, "coloured", 3)
    G.log(0, "cooperative game: 27 copper and 3 coloured cubes, 15 rounds, 80 VP together")
  end
  for id = 1, #CARDS do
    local c = CARDS[id]
    if not c.variant_of then
      if c.type == "corporation" then G.move(id, "corp_pool", 0) else G.move(id, "deck", 0) end
    end
  end
  G.shuffle("deck", 0)
  G.shuffle("corp_pool", 0)
  for s = 1, n do
    for _ = 1, 2 do G.move(G.top("corp_pool", 0), "offer", s) end
    for _ = 1, OPENING_HAND do G.move(G.top("deck", 0), "hand", s) end
  end
  -- the ocean tiles lie face down and are drawn as they are flipped (A.ocean_tile): an order
  -- dealt here would sit in the public table tracks, known to every AI
  G.set(0, "stage", 0)
  G.set(0, "cur_seat", 1)
  G.log(0, "each player gets 2 corporations to choose from and " .. OPENING_HAND .. " cards")
end

-- ---------------------------------------------------------------- flow

STEP_OF_STAGE = { [0] = "corporation", [1] = "planning", [3] = "end_round", [4] = "cube" }

function R.next()
  local st = G.get(0, "stage")
  if st == 9 then return nil end
  local s = G.get(0, "cur_seat")
  if st == 2 then return PHASE_NAME[G.get(0, "cur_phase")], s end
  return STEP_OF_STAGE[st], s
end

function A.start_round()
  local r = G.get(0, "round") + 1
  G.set(0, "round", r)
  G.set_round(r)
  G.set(0, "stage", 1)
  G.set(0, "cur_seat", 1)
  G.log(0, "round " .. r .. ": planning")
end

function A.phase_on(p)
  return G.get(0, "on" .. p) == 1
end

-- go to the first active phase after p, or to the end of the round
function A.next_phase(p)
  for q = p + 1, 5 do
    if A.phase_on(q) then
      G.set(0, "stage", 2)
      G.set(0, "cur_phase", q)
      G.set(0, "cur_seat", 1)
      G.log(0, "phase " .. q .. ": " .. PHASE_NAME[q])
      A.mark_done_params()
      if q <= 3 then A.start_plays(q) end
      return
    end
  end
  G.set(0, "stage", 3)
  G.set(0, "cur_phase", 0)
  G.set(0, "cur_seat", 1)
end

function A.end_phase(p)
  for s = 1, G.players() do
    for _, t in ipairs({ "extra", "extra_green", "extra_discount", "extra_max", "extra_free",
      "extra_flex", "played_phase", "unmi_used", "dev_bonus", "action_bonus", "acting", "plays_left",
      "pick", "cbonus" }) do
      G.set(s, t, 0)
    end
    if p == 3 then
      for _, id in ipairs(G.cards("played", s)) do
        if G.counter(id, "used") ~= 0 then G.set_counter(id, "used", 0) end
      end
    end
  end
end

function A.reveal_phases()
  local n = G.players()
  for p = 1, 5 do G.set(0, "on" .. p, 0) end
  local parts = {}
  for s = 1, n do
    local p = G.get(s, "phase")
    G.set(0, "on" .. p, 1)
    parts[#parts + 1] = "P" .. s .. " " .. PHASE_NAME[p]
  end
  G.log(0, "phase cards: " .. table.concat(parts, ", "))
  G.reveal()
  if G.get(0, "mode") == 1 then
    -- solo: the neutral player's deck of the 5 phase cards, shuffled, turns up its top card
    -- each round; when all 5 have been turned up it is shuffled again (table tracks
    -- solo_used1..solo_used5: the cards turned up from the deck so far)
    local cand = {}
    for p = 1, 5 do
      if G.get(0, "solo_used" .. p) == 0 then cand[#cand + 1] = p end
    end
    if #cand == 0 then
      for p = 1, 5 do
        G.set(0, "solo_used" .. p, 0)
        cand[p] = p
      end
      G.log(0, "the neutral phase cards are shuffled again")
    end
    local q = cand[G.random(#cand)]
    G.set(0, "solo_used" .. q, 1)
    G.set(0, "solo_phase", q)
    G.set(0, "on" .. q, 1)
    G.log(0, "the neutral phase card is " .. PHASE_NAME[q])
  end
end

function A.end_round_all()
  for s = 1, G.players() do
    G.set(s, "last_phase", G.get(s, "phase"))
    G.set(s, "phase", 0)
  end
  for p = 1, 5 do G.set(0, "on" .. p, 0) end
  local r = G.get(0, "round")
  local cap = G.get(0, "mode") == 1 and SOLO_ROUNDS or ROUND_CAP
  if G.get(0, "mode") == 2 and G.get(0, "copper") + G.get(0, "coloured") == 0 then
    G.set(0, "stage", 9)
    G.log(0, "the last cube was taken in round " .. r .. ": the game ends")
    return
  end
  if r >= cap then
    G.set(0, "stage", 9)
    G.log(0, "round " .. r .. " was the last: the game ends")
    return
  end
  A.start_round()
end

-- the phase p is over: the next phase, or the end of the game once Mars is terraformed
function A.finish_phase(p)
  G.set(0, "cur_seat", 1)
  A.end_phase(p)
  if G.get(0, "finishing") == 1 then
    G.set(0, "stage", 9)
    G.log(0, "the game is over")
    return
  end
  A.next_phase(p)
end

-- after every step: the next seat, or what follows the last seat
function A.advance()
  local st = G.get(0, "stage")
  local s = G.get(0, "cur_seat")
  if s < G.players() then
    G.set(0, "cur_seat", s + 1)
    return
  end
  G.set(0, "cur_seat", 1)
  if st == 0 then
    A.start_round()
  elseif st == 1 then
    A.reveal_phases()
    if G.get(0, "mode") == 2 then
      G.set(0, "stage", 4)
    else
      A.next_phase(0)
    end
  elseif st == 4 then
    A.next_phase(0)
  elseif st == 2 then
    A.finish_phase(G.get(0, "cur_phase"))
  elseif st == 3 then
    A.hand_limit_discards()
    A.end_round_all()
  end
end

-- ---------------------------------------------------------------- steps

R.steps.corporation = function(seat)
  local offer = G.cards("offer", seat)
  local opts = {}
  for i, id in ipairs(offer) do
    opts[i] = "corporation " .. A.label(id) .. " (" .. (CARDS[id].megacredits or 0) .. " MC)"
  end
  local i = G.choose(seat, "choose your corporation", opts, { tag = "corporation" })
  local id = offer[i]
  for _, o in ipairs(offer) do
    if o ~= id then G.move(o, "unused", 0) end
  end
  G.move(id, "corp", seat)
  G.set(seat, "mc", CARDS[id].megacredits or 0)
  A.log(seat, "plays corporation " .. CARDS[id].name)
  A.run({ seat = seat, card = id }, CARDS[id].effects)
  A.advance()
end

R.steps.planning = function(seat)
  local opts, ps = {}, {}
  local last = G.get(seat, "last_phase")
  for p = 1, 5 do
    if p ~= last then
      opts[#opts + 1] = "phase " .. p .. ": " .. PHASE_NAME[p]
      ps[#ps + 1] = p
    end
  end
  local i = G.choose(seat, "pick your phase card", opts, { secret = true, tag = "phase" })
  G.set(seat, "phase", ps[i])
  A.advance()
end

-- cooperative mode: after the reveal each player takes a cube
R.steps.cube = function(seat)
  local opts, kinds = {}, {}
  if G.get(0, "copper") > 0 then
    opts[#opts + 1] = "take a copper cube (+1 MC)"; kinds[#kinds + 1] = "copper"
  end
  if G.get(0, "coloured") > 0 then
    opts[#opts + 1] = "take a coloured cube (swap a card with your partner)"
    kinds[#kinds + 1] = "coloured"
  end
  if #opts > 0 then
    local k = kinds[G.choose(seat, "take a cube", opts, { tag = "cube" })]
    G.add(0, k, -1)
    if k == "copper" then
      A.gain(seat, "mc", 1)
      A.log(seat, "takes a copper cube: +1 MC")
    else
      A.log(seat, "takes a coloured cube")
      A.swap_cards(seat, seat == 1 and 2 or 1)
    end
  end
  A.advance()
end

-- the seat may give a hand card to its partner, who gives one back
function A.swap_cards(seat, partner)
  local mine = G.cards("hand", seat)
  local theirs = G.cards("hand", partner)
  if #mine == 0 or #theirs == 0 then return end
  local opts = { "no swap" }
  for _, id in ipairs(mine) do opts[#opts + 1] = "give " .. A.label(id) end
  local i = G.choose(seat, "swap a card with P" .. partner .. "?", opts, { tag = "swap" })
  if i == 1 then return end
  local give = mine[i - 1]
  local back = {}
  for j, id in ipairs(theirs) do back[j] = "give back " .. A.label(id) end
  local take = theirs[G.choose(partner, "P" .. seat .. " gives you " .. A.label(give) ..
    ": which card goes back?", back, { tag = "swap" })]
  G.move(give, "hand", partner)
  G.move(take, "hand", seat)
  G.log(seat, "P" .. seat .. " and P" .. partner .. " swap a card")
end

-- Development, Construction, Action: one seat's secret pick of a sub-round (rules/picks.lua)
R.steps.development = function(seat) A.pick_step(seat, 1) end
R.steps.construction = function(seat) A.pick_step(seat, 2) end
R.steps.action = function(seat) A.pick_step(seat, 3) end

R.steps.production = function(seat)
  A.produce(seat)
  A.advance()
end

R.steps.research = function(seat)
  A.research(seat)
  A.advance()
end

-- the hand limit: every seat picks its discards in secret (they wait in its own "look"
-- zone); after the last seat they are told together, discarded and paid as cards sold for
-- MC (3 each, more with sell_bonus: these are discards for MC)
R.steps.end_round = function(seat)
  for _ = 1, G.count("hand", seat) - HAND_LIMIT do
    local hand = G.cards("hand", seat)
    local opts = {}
    for i, id in ipairs(hand) do opts[i] = "discard " .. A.label(id) end
    local k = G.choose(seat, "hand limit " .. HAND_LIMIT .. ": discard a card", opts,
      { secret = true, tag = "discard" })
    G.move(hand[k], "look", seat)
  end
  A.advance()
end

function A.hand_limit_discards()
  for s = 1, G.players() do
    local l = G.cards("look", s)
    if #l > 0 then
      local names = {}
      for i, id in ipairs(l) do
        names[i] = A.label(id)
        A.discard_card(s, id)
      end
      local mc = A.sell_value(s) * #l
      A.gain(s, "mc", mc)
      A.log(s, "discards " .. table.concat(names, ", ") .. " for " .. mc .. " MC")
    end
  end
  G.reveal()
end

-- ---------------------------------------------------------------- end

function R.score(seat)
  return G.get(seat, "tr") + G.get(seat, "forests") + A.vp_cards(seat)
end

-- the tie-break converts the hand to MC first, which is selling it (sell_bonus counts)
function A.tiebreak(seat)
  return G.get(seat, "mc") + G.get(seat, "heat") + G.get(seat, "plants")
    + A.sell_value(seat) * G.count("hand", seat)
end

function R.rank()
  local seats, sc, tb = {}, {}, {}
  for s = 1, G.players() do
    seats[s] = s
    sc[s] = R.score(s)
    tb[s] = A.tiebreak(s)
  end
  table.sort(seats, function(a, b)
    if sc[a] ~= sc[b] then return sc[a] > sc[b] end
    if tb[a] ~= tb[b] then return tb[a] > tb[b] end
    return a < b
  end)
  return seats
end

R.value = A.value

function R.stats(seat)
  return {
    tr = G.get(seat, "tr"),
    forests = G.get(seat, "forests"),
    vp_cards = A.vp_cards(seat),
    cards_played = G.get(seat, "cards_played"),
    cards_sold = G.get(seat, "sold"),
    mc_production = A.production(seat, "mc"),
    plant_production = A.production(seat, "plants"),
    heat_production = A.production(seat, "heat"),
    rounds = G.get(0, "round"),
    terraformed = A.all_maxed() and 1 or 0,
    team_win = A.coop_won() and 1 or 0,
  }
end

function A.coop_won()
  if G.get(0, "mode") ~= 2 then return false end
  local total = 0
  for s = 1, G.players() do total = total + R.score(s) end
  return A.all_maxed() and total >= 80
end

-- solo and cooperative games are won or lost against the game (docs/lua-games.md, won)
function A.won(seat)
  local mode = G.get(0, "mode")
  if mode == 1 then return A.all_maxed() end
  if mode == 2 then return A.coop_won() end
  return nil
end
R.won = A.won
R.board = A.board
R.check_card = A.check_card -- every card file, when the game loads (rules/cards.lua)

function R.summary()
  local lines = {}
  local t = G.get(0, "temperature")
  lines[#lines + 1] = string.format("round %d: temperature %s (%d/19), oxygen %d%%, oceans %d/9%s",
    G.get(0, "round"), A.temp_text(t), t, G.get(0, "oxygen"), G.get(0, "ocean"),
    A.all_maxed() and " - Mars terraformed" or "")
  for s = 1, G.players() do
    local corp = A.corp(s)
    lines[#lines + 1] = string.format(
      "P%d %s: %d VP = TR %d + forests %d + cards %d; %d cards played, %d MC production",
      s, corp and CARDS[corp].name or "-", R.score(s), G.get(s, "tr"), G.get(s, "forests"),
      A.vp_cards(s), G.get(s, "cards_played"), A.production(s, "mc"))
  end
  local mode = G.get(0, "mode")
  if mode == 2 then
    local total = 0
    for s = 1, G.players() do total = total + R.score(s) end
    lines[#lines + 1] = string.format("cooperative: %d VP together, Mars %s: the players %s",
      total, A.all_maxed() and "terraformed" or "not terraformed", A.coop_won() and "win" or "lose")
  elseif mode == 1 then
    lines[#lines + 1] = "solo: Mars " .. (A.all_maxed() and "terraformed in time: a win" or
      "not terraformed in time: a loss")
  end
  return lines
end

return R
