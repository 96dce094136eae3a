-- Sponsors action card (both sides).  Rules: "Sponsors action".
-- Side I: one sponsor from hand of level <= strength.  Side II: several
-- sponsors with levels adding up to <= strength + 1, also from display
-- folders in range (+ folder number in money).  Instead of sponsors: the
-- break track advances by strength and the player gains strength money
-- (2 x strength on side II).
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type
-- the plugins' scripts: the same table for the whole run, empty when no
-- plugin is loaded (then no rules function can have been replaced)
local PLUGINS = PLUGIN_SCRIPTS
local A = {}

-- Effective level of a sponsor for p (map abilities may lower it).
function A.level(p, id)
  local lv = modify("sponsor_level", p, CARDS[id].level, id)
  if lv < 0 then lv = 0 end
  return lv
end

function A.playable(p, id, surcharge, budget)
  local c = CARDS[id]
  if c.type ~= "sponsor" then return false end
  if A.level(p, id) > budget or money(p) < surcharge then return false end
  if not conditions_met(p, id) then return false end
  if c.building and not ark.can_place(p, c.building, ark.upgraded(p, "build")) then
    return false
  end
  return true
end

-- With no plugin, the loop below in C (ark.sponsor_candidates), asking
-- A.level where p's cards or map handle a sponsor's level.
local SPONSOR_CANDIDATES = ark.sponsor_candidates
local function candidates(p, side, budget)
  if #PLUGINS == 0 then
    return SPONSOR_CANDIDATES(p, side, budget, has_handler(p, "modify_sponsor_level") and A.level)
  end
  return A.plain_candidates(p, side, budget)
end

function A.plain_candidates(p, side, budget)   -- the Lua, for tests too
  local out, hand = {}, hand_cards(p, "sponsor")
  for i = 1, #hand do
    local id = hand[i]
    if A.playable(p, id, 0, budget) then out[#out + 1] = { card = id, surcharge = 0 } end
  end
  if side == 2 then
    local range = range_cards(p, "sponsor")
    for i = 1, #range do
      local e = range[i]
      if A.playable(p, e.card, e.folder, budget) then
        out[#out + 1] = { card = e.card, folder = e.folder, surcharge = e.folder }
      end
    end
  end
  return out
end

-- The money alternative is always possible, so the action always is.
A.can, A.lowest = from_strength_one()

-- Plays a sponsor: surcharge, into the zoo, its unique building, printed
-- gains, its script.  Called last, with place_building the loaded one,
-- the building's place is a continuation (choose_then; code: 2 * id, + 1
-- on an upgraded Build) and the rest follows by ENGINE.after
-- (sponsor_rest), so that a copy of the game at that choice runs no Lua.
local PLACE_BUILDING = place_building
local sponsor_rest

function A.play(p, id, surcharge)
  pay(p, surcharge)
  ark.play_card(p, id)
  local c = CARDS[id]
  if c.building then
    local build2 = ark.upgraded(p, "build")
    local opts = placement_options(p, c.building, build2)
    if place_building == PLACE_BUILDING and ENGINE.after("sponsor_rest", p, id) then
      return choose_then(p, "sponsors.place", "Where does " .. c.name .. " stand?", opts,
                         2 * id + (build2 and 1 or 0), "sponsor_placed")
    end
    local i = choose(p, "sponsors.place", "Where does " .. c.name .. " stand?", opts)
    place_building(p, c.building, ark.placements(p, c.building, build2, i), build2, id)
  end
  return sponsor_rest(p, id)
end

-- The unique building's place is chosen (the i-th of the unchanged zoo's).
local function sponsor_placed(p, code, i)
  local id, build2 = math.floor(code / 2), code % 2 == 1
  local key = CARDS[id].building
  return place_building_last(p, key, ark.placements(p, key, build2, i), build2, id)
end

-- The sponsor's printed gains, its script and the event.  Conservation
-- and reputation are gain_then's (a reward they reach may end the step's
-- coroutine, the rest kept: sponsor_reputation, sponsor_script); the
-- script's on_play and the event are play_script_last's (rules.lua).
function sponsor_rest(p, id)
  local c = CARDS[id]
  gain(p, "appeal", c.appeal)
  return gain_then(p, "conservation", c.conservation or 0, "sponsor_reputation", id)
end

local function sponsor_reputation(p, id)
  return gain_then(p, "reputation", CARDS[id].reputation or 0, "sponsor_script", id)
end

local function sponsor_script(p, id) return play_script_last(p, id) end

-- The sponsors in p's hand, for the rules' "sponsors" query: card id, its
-- level for p, and 1 if p could play it now with a strong enough action
-- (conditions and its unique building's place checked), else 0.
local SPONSOR_FIT = ark.sponsor_fit

function A.hand_fit(p)
  -- the loop below is ark.sponsor_fit's, in C, while no plugin is loaded
  -- (so A.level, A.playable and what they ask are the rules' own) and no
  -- card or map of p changes a sponsor's level
  if #PLUGINS == 0 and not has_handler(p, "modify_sponsor_level") then
    return SPONSOR_FIT(p)
  end
  -- a numeric loop: Lua 5.4's ipairs calls C per item, and the greedy
  -- player asks this for every position it weighs
  local out, hand = {}, hand_cards(p, "sponsor")
  for i = 1, #hand do
    local id = hand[i]
    out[#out + 1] = id
    out[#out + 1] = A.level(p, id)
    out[#out + 1] = A.playable(p, id, 0, 99) and 1 or 0
  end
  return out
end

-- Bonus: play a sponsor from hand paying money equal to its level.
local function for_money_options(p)
  local opts, ids = {}, {}
  for _, id in ipairs(hand_cards(p, "sponsor")) do
    local lv = A.level(p, id)
    if A.playable(p, id, lv, 99) then
      opts[#opts + 1] = "play " .. card_label(id) .. " for " .. lv .. " money"
      ids[#ids + 1] = id
    end
  end
  return opts, ids
end

local FOR_MONEY_PROMPT = "Play a sponsor paying its level?"

function A.play_for_money(p)
  local opts, ids = for_money_options(p)
  if #opts == 0 then return false end
  local i = choose_or_skip(p, "bonus.sponsor", FOR_MONEY_PROMPT, opts, "no sponsor")
  if not i then return false end
  A.play(p, ids[i], A.level(p, ids[i]))
  return true
end

-- play_for_money as a caller's last call (apply_bonus): the choice, and
-- the sponsor's own, may end the step's coroutine (for_money_chosen; the
-- code: the card, or -1 for none).
function A.play_for_money_last(p)
  local opts, ids = for_money_options(p)
  if #opts == 0 then return end
  return choose_then_or_skip(p, "bonus.sponsor", FOR_MONEY_PROMPT, opts, ids, "for_money_chosen",
                             "no sponsor", -1)
end

local function for_money_chosen(p, id)
  if id >= 0 then return A.play(p, id, A.level(p, id)) end
end

-- The option texts below are made once per card, level and folder, and
-- once per strength and side: a number made text is the dearest part of
-- a label, and every Sponsors action offers them.
local card_options = {}
local function card_option(p, e)
  local level, folder = A.level(p, e.card), e.folder or 0
  local key = level % 1 == 0 and level >= 0 and level < 1000 and folder % 1 == 0 and
              folder >= 0 and folder < 1000 and e.card * 1000000 + folder * 1000 + level
  local label = key and card_options[key]
  if not label then
    label = "play " .. card_label(e.card) .. " (level " .. level .. ")" ..
      (e.folder and (" from folder " .. e.folder .. " for " .. e.folder .. " money") or "")
    if key then card_options[key] = label end
  end
  return label
end

local money_options = {}
local function money_option(strength, side)
  local gain_money = side == 2 and 2 * strength or strength
  local key = strength * 2 + side
  local label = money_options[key]
  if not label then
    label = "take " .. gain_money .. " money and advance the break by " .. strength
    money_options[key] = label
  end
  return label, gain_money
end

-- The loop of A.run, for a budget a continuation's code does not hold.
local function run_plain(p, strength, side)
  local budget = side == 2 and strength + 1 or strength
  local first = true
  repeat
    local cands = candidates(p, side, budget)
    local opts = {}
    for i = 1, #cands do opts[i] = card_option(p, cands[i]) end
    local i
    if first then
      local text, gain_money = money_option(strength, side)
      opts[#opts + 1] = text
      i = choose(p, "sponsors.card", "Sponsors: play a sponsor or take money?", opts)
      if i > #cands then
        advance_break(p, strength)
        gain(p, "money", gain_money)
        return
      end
    else
      if #cands == 0 then return end
      i = choose_or_skip(p, "sponsors.card", "Play another sponsor?", opts, "finish")
      if not i then return end
    end
    budget = budget - A.level(p, cands[i].card)
    A.play(p, cands[i].card, cands[i].surcharge)
    first = false
  until side == 1
end

-- A.run as continuations (choose_then), so that the engine can end the
-- step's coroutine at the choice of a sponsor.  The state st = budget
-- (below 64) + 64 * (side - 1) + 128 once a sponsor was played; a
-- sponsor's code adds 256 * (card + 1024 * surcharge) (card ids are below
-- 1024, state.h), the money's is -2 - st, "finish" -1.
local FINISH = -1

local function sponsors_next(p, st)
  local budget, side, played = st % 64, math.floor(st / 64) % 2 + 1, math.floor(st / 128)
  local cands = candidates(p, side, budget)
  -- room for 8 each (rules/lib.lua)
  local opts, codes = { nil, nil, nil, nil, nil, nil, nil, nil },
    { nil, nil, nil, nil, nil, nil, nil, nil }
  for i = 1, #cands do
    local e = cands[i]
    opts[i], codes[i] = card_option(p, e), st + 256 * (e.card + 1024 * e.surcharge)
  end
  if played == 0 then
    local strength = side == 2 and budget - 1 or budget
    opts[#opts + 1], codes[#codes + 1] = (money_option(strength, side)), -2 - st
    return choose_then(p, "sponsors.card", "Sponsors: play a sponsor or take money?", opts, codes,
                       "sponsors_chosen")
  end
  if #cands == 0 then return end
  return choose_then_or_skip(p, "sponsors.card", "Play another sponsor?", opts, codes,
                             "sponsors_chosen", "finish", FINISH)
end

local function sponsors_chosen(p, code)
  if code == FINISH then return end
  if code < 0 then                     -- the money instead
    local st = -2 - code
    local side = math.floor(st / 64) % 2 + 1
    local strength = side == 2 and st % 64 - 1 or st % 64
    local _, gain_money = money_option(strength, side)
    advance_break(p, strength)
    gain(p, "money", gain_money)
    return
  end
  local st, rest = code % 256, math.floor(code / 256)
  local card, surcharge = rest % 1024, math.floor(rest / 1024)
  local side = math.floor(st / 64) % 2 + 1
  local budget = st % 64 - A.level(p, card)
  if side == 2 and ENGINE.after("sponsors_next", p, budget + 64 + 128) then
    return A.play(p, card, surcharge)
  end
  if side ~= 2 then return A.play(p, card, surcharge) end
  A.play(p, card, surcharge)
  return sponsors_next(p, budget + 64 + 128)
end

-- choose_then and ENGINE.after name the function that runs next: a rules
-- function (a global), since the state keeps its name
_G.sponsors_next, _G.sponsors_chosen = sponsors_next, sponsors_chosen
_G.sponsor_placed, _G.sponsor_rest, _G.for_money_chosen = sponsor_placed, sponsor_rest,
  for_money_chosen
_G.sponsor_reputation, _G.sponsor_script = sponsor_reputation, sponsor_script

function A.run(p, strength, side)
  local budget = side == 2 and strength + 1 or strength
  if budget >= 64 or budget < 0 then return run_plain(p, strength, side) end
  return sponsors_next(p, budget + 64 * (side - 1))
end

return A
