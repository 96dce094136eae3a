-- Animals action card (both sides).  Rules: "Animals action".
-- Side I: strength 1 none, 2-4 one animal, 5 two.  Side II: 1-2 one, 3-5
-- two, also from display folders in range (+ folder number in money), and
-- at strength 5 one reputation first.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type, kept_in = ipairs, type, kept_in
-- the plugins' scripts: the same table for the whole run, empty when no
-- plugin is loaded (then no rules function can have been replaced)
local PLUGINS = PLUGIN_SCRIPTS
local A = {}

A.COUNT = { { 0, 1, 1, 1, 2 }, { 1, 1, 2, 2, 2 } }
A.PARTNER_DISCOUNT = 3

-- Printed cost minus 3 per continent icon with a partner zoo there, then
-- the modifiers of p's cards (modify_animal_cost), never below 0.
-- The printed cost of card table c less the partner-zoo discounts, never
-- below 0 (A.cost before the modifiers; hand_fit's short way uses it too).
local function discounted(p, c)
  local cost = c.cost
  -- numeric loops in this file's hot paths: Lua 5.4's ipairs calls C per item
  local icons = c.icons
  for i = 1, #CONTINENTS do
    local cont = CONTINENTS[i]
    local n = icons[cont]
    if n and has_partner_zoo(p, cont) then cost = cost - A.PARTNER_DISCOUNT * n end
  end
  if cost < 0 then cost = 0 end
  return cost
end

function A.cost(p, id)
  return math.max(0, modify("animal_cost", p, discounted(p, CARDS[id]), id))
end

-- Occupied enclosures the animal may share (Flock: cards/lib/keywords.lua).
local function shared(p, id) return flock_places and flock_places(p, id) or {} end

-- #shared(p, id) > 0.  flock_places finds nothing for an animal without
-- the Flock keyword, and parsing every ability of every animal scanned is
-- dear: which animals have it is worked out once per card (CARDS never
-- change), while flock_places and parse_ability are those this file
-- loaded with (a plugin's replacement is always asked).
local FLOCK_PLACES, PARSE_ABILITY = flock_places, parse_ability
local has_flock = {}
-- has_flock for the C loops (ark.animals_lowest, ark.animal_candidates),
-- which skip may_share where it says false, while may_share reads it
local function flock_known()
  if flock_places == FLOCK_PLACES and parse_ability == PARSE_ABILITY then return has_flock end
  return nil
end
A.flock_known = flock_known   -- for tests

local function may_share(p, id)
  if flock_places ~= FLOCK_PLACES or parse_ability ~= PARSE_ABILITY then
    return #shared(p, id) > 0
  end
  local f = has_flock[id]
  if f == nil then
    f = false
    for _, ability in ipairs(CARDS[id].abilities) do
      if parse_ability(ability) == "flock" then f = true end
    end
    has_flock[id] = f
  end
  return f and #flock_places(p, id) > 0
end

-- Does p meet animal id's conditions, less those p's cards and map let it
-- ignore?  icons: ark.icons(p) when the caller has it (optional).
local function conditions_hold(p, id, icons)
  return conditions_met(p, id, modify("conditions_ignored", p, 0, id), icons)
end

-- Can p play animal id now (surcharge: display folder number or 0)?  Also
-- its cost to p (A.cost) once the other tests pass.  The cheapest tests
-- first: most animals that fail have no enclosure, and a cost or a
-- condition asks the modifiers of p's cards.
local function playable(p, id, surcharge)
  local c = CARDS[id]
  if c.type ~= "animal" then return false end
  if #ark.fits(p, id) == 0 and not may_share(p, id) then return false end
  if not conditions_hold(p, id) then return false end
  local cost = A.cost(p, id)
  return money(p) >= cost + surcharge, cost
end
A.playable = playable

-- The cost of animal id to p if p can play it now (surcharge included),
-- else nil: A.playable's own second answer, unless a plugin replaced it.
local function playable_cost(p, id, surcharge)
  if A.playable == playable then
    local ok, cost = playable(p, id, surcharge)
    return ok and cost + surcharge or nil
  end
  return A.playable(p, id, surcharge) and A.cost(p, id) + surcharge or nil
end

-- Side II at strength 5 gains 1 reputation before the action, so the
-- action may reach one display folder further than the reputation now does.
A.STRENGTH5_REPUTATION = 1
local function reputation_first(strength, side)
  if side == 2 and strength >= 5 then return A.STRENGTH5_REPUTATION end
  return 0
end

-- { {card=id, folder=f or nil, cost=n}, ... } playable now; extra_rep:
-- reputation about to be gained (it widens the display range).
local ANIMAL_CANDIDATES = ark.animal_candidates
-- May ark.hand_fit stand for this file's loops?  Only with no plugin,
-- which may change the rules' facts and constants (then nothing can have
-- replaced the functions it stands for).
local function c_fit()
  return #PLUGINS == 0
end

-- The Lua that ark.animals_lowest and ark.animal_candidates ask, their last
-- arguments: the Flock test, conditions_hold and A.cost where a card or
-- map of p's handles the modifier each asks (else false), the Flock record.
local function c_asks(p)
  return may_share, has_handler(p, "modify_conditions_ignored") and conditions_hold,
         has_handler(p, "modify_animal_cost") and A.cost, flock_known()
end

local function candidates(p, side, extra_rep)
  -- with no plugin, the loop below in C (ark.animal_candidates), asking
  -- the Lua where ark.animals_lowest does
  if c_fit() then
    return ANIMAL_CANDIDATES(p, side, extra_rep or 0, A.PARTNER_DISCOUNT, c_asks(p))
  end
  return A.plain_candidates(p, side, extra_rep)
end

function A.plain_candidates(p, side, extra_rep)   -- the Lua, for tests too
  local out, hand = {}, hand_cards(p, "animal")
  for i = 1, #hand do
    local id = hand[i]
    local cost = playable_cost(p, id, 0)
    if cost then out[#out + 1] = { card = id, cost = cost } end
  end
  if side == 2 then
    local rep = math.min(ark.get(p, "reputation") + (extra_rep or 0),
                         ark.get(p, "reputation_cap"))
    local disp = ark.display()
    for f = 1, ark.range(rep) do
      local id = disp[f]
      local cost = id and playable_cost(p, id, f)
      if cost then out[#out + 1] = { card = id, folder = f, cost = cost } end
    end
  end
  return out
end

-- For computer players (QUERIES.animals): each animal in p's hand as
-- (card, cost, conditions met 0/1, k, then k building indices it fits
-- now), with water, rock and special enclosures checked by the rules'
-- own test.  A Flock animal that may share an occupied enclosure lists
-- the single index -1.  Money is left out: the caller weighs it.
local A_COST, MODIFY, HAS_HANDLER = A.cost, modify, has_handler
local APPLY_MODIFIERS = apply_modifiers
local HAND_FIT_MODIFY = ark.hand_fit_modify

-- The Lua of ark.hand_fit_modify, for tests: fast as ark.hand_fit(p,
-- discount, true) gives it, the two handler lists (or nil).
function A.plain_modify(fast, p, chs, cn, ihs, inn)
  local j = 1
  while fast[j] do
    local id = fast[j]
    if chs then
      fast[j + 1] = math.max(0, APPLY_MODIFIERS(chs, cn, "animal_cost", p, fast[j + 1], id))
    end
    local ignored = 0
    if ihs then ignored = APPLY_MODIFIERS(ihs, inn, "conditions_ignored", p, 0, id) end
    fast[j + 2] = fast[j + 2] <= ignored and 1 or 0
    j = j + 4 + fast[j + 3]
  end
  return fast
end
local HAND_FIT = ark.hand_fit
local HAS_PARTNER_ZOO, HAS_BIT = has_partner_zoo, has_bit

-- Can anything but this file's own code answer A.cost, modify or the
-- partner-zoo test?  Only a plugin's script can replace one; with a plugin
-- loaded each is compared, and where one was replaced every short way
-- below steps aside and the plain calls are made.
local function own_functions()
  return #PLUGINS == 0 or (A.cost == A_COST and modify == MODIFY and
    has_handler == HAS_HANDLER and has_partner_zoo == HAS_PARTNER_ZOO and has_bit == HAS_BIT)
end

-- ark.hand_fit_fn's function: A.hand_fit's short way, in C, from the
-- handler look-ups to ark.hand_fit_modify (an unfit animal that may share
-- an enclosure listed with the building -1, as the loop below lists it).
local HAND_FIT_NOW = ark.hand_fit_fn(has_handler, may_share, has_flock, BAD_MODIFIER, HAND_FIT,
                                     HAND_FIT_MODIFY)

function A.hand_fit(p)
  -- the greedy player asks it for every position it weighs.  With no
  -- plugin (which may change the rules' facts and constants), the short
  -- way is ark.hand_fit_fn's, in C: ark.hand_fit's list, with p's
  -- modifiers asked per animal in the order below (ark.hand_fit_modify),
  -- may_share of each animal that fits no enclosure before them; nil
  -- only when has_handler is not the rules' own (the plain way below).
  if #PLUGINS == 0 then
    local fit = HAND_FIT_NOW(p, A)
    if fit then return fit end
  end
  -- no hand_cards list, no ark.icons table (conditions_met reads the icons
  -- a card needs).  Each animal would ask modify twice (each a handler-list
  -- look-up) and read partner_zoos once per continent icon.  When the
  -- functions are those this file loaded with, the two modifiers are
  -- looked at apart: one p has no handler for returns its value as given
  -- (modify's own answer), so it is not asked per card.  A modifier that
  -- has a handler is asked exactly as A.cost and conditions_hold ask it,
  -- in the same order.
  local own = own_functions()
  local cost_as_given = own and not has_handler(p, "modify_animal_cost")
  local none_ignored = own and not has_handler(p, "modify_conditions_ignored")
  local zoos = own and ark.get(p, "partner_zoos")
  local hand, out, n = ark.hand(p), {}, 0
  for i = 1, #hand do
    local id = hand[i]
    local c = CARDS[id]
    if c.type == "animal" then
      local fits = ark.fits(p, id)
      local k = #fits
      if k == 0 and may_share(p, id) then fits, k = { -1 }, 1 end
      local cost, ignored
      if own then
        -- A.cost's own steps; with no partner zoo no icon is discounted,
        -- and with no handler its last max is a no-op
        if zoos ~= 0 then cost = discounted(p, c)
        else cost = c.cost > 0 and c.cost or 0 end
        if not cost_as_given then cost = math.max(0, modify("animal_cost", p, cost, id)) end
      else
        cost = A.cost(p, id)
      end
      if none_ignored then ignored = 0
      else ignored = modify("conditions_ignored", p, 0, id) end
      out[n + 1], out[n + 2], out[n + 3], out[n + 4] =
        id, cost, conditions_met(p, id, ignored) and 1 or 0, k
      for j = 1, k do out[n + 4 + j] = fits[j] end
      n = n + 4 + k
    end
  end
  return out
end

-- Is A.playable's answer the rules' own for every animal p looks at: this
-- file's A.playable, no plugin, and no card or map of p's with a handler
-- for either modifier it asks?  Then C may stand for the loops over it.
local function plain_playable(p)
  return c_fit() and not has_handler(p, "modify_animal_cost")
     and not has_handler(p, "modify_conditions_ignored")
end

-- Is an animal of p's hand playable now?
local function any_in_hand(p)
  -- hand_fit's list, in C, answers it while nothing changes the rules
  if plain_playable(p) then
    local list, cash, j = HAND_FIT(p, A.PARTNER_DISCOUNT), money(p), 1
    while list[j] do
      local id, k = list[j], list[j + 3]
      if list[j + 2] == 1 and list[j + 1] <= cash and (k > 0 or may_share(p, id)) then
        return true
      end
      j = j + 4 + k
    end
    return false
  end
  -- hand_cards(p, "animal")'s cards, without making its list
  local hand = ark.hand(p)
  for i = 1, #hand do
    local id = hand[i]
    if CARDS[id].type == "animal" and A.playable(p, id, 0) then return true end
  end
  return false
end

-- Is the animal of one of display folders first..last playable now?
local function any_in_display(p, first, last)
  local disp = ark.display()
  for f = first, last do
    local id = disp[f]
    if id and A.playable(p, id, f) then return true end
  end
  return false
end

-- The display folders side II reaches with extra_rep reputation gained first.
local function reach(p, extra_rep)
  return ark.range(math.min(ark.get(p, "reputation") + extra_rep,
                            ark.get(p, "reputation_cap")))
end

-- Is any animal playable now?  candidates' test, stopping at the first.
local function any_candidate(p, side, extra_rep)
  if any_in_hand(p) then return true end
  return side == 2 and any_in_display(p, 1, reach(p, extra_rep or 0))
end

local function can(p, strength, side)
  if A.COUNT[side][math.min(strength, 5)] == 0 then return false end
  return any_candidate(p, side, reputation_first(strength, side))
end
A.can = can

-- The first strength in lo..hi at which script.can holds, or nil
-- (turn_options asks it for every card; script: the table it asks
-- through).  can() depends on the strength only through A.COUNT and
-- reputation_first, so the hand is scanned once and each display folder
-- once: a strength that fails leaves for the next only the folders its
-- extra reputation newly reaches.  A can() not this file's (a plugin
-- replaced it, or inherits the rest from A) gets the plain search.  While
-- no plugin is loaded (so A.playable and what it asks are this file's), the
-- loop below is ark.animals_lowest's, in C, which asks may_share of an
-- animal that fits no enclosure, and conditions_hold and A.cost only where
-- a card or map of p's handles the modifier each asks: then for the same
-- animals, in the same order, as this loop asks them.  It is called
-- through ark.animals_lowest_fn's function, which works out c_asks(p) in C
-- (the small Lua calls around the scan cost more than the scan); with no
-- plugin, flock_known() is has_flock.
local ANIMALS_LOWEST = ark.animals_lowest_fn(has_handler, may_share, conditions_hold, has_flock)

function A.lowest(script, p, side, lo, hi)
  if script.can ~= can then return lowest_by_can(script, p, side, lo, hi) end
  if #PLUGINS == 0 then return ANIMALS_LOWEST(p, side, lo, hi, A) end
  local hand_seen, seen = false, 0       -- scanned without a playable animal
  for s = lo, hi do
    if A.COUNT[side][math.min(s, 5)] ~= 0 then
      if not hand_seen then
        if any_in_hand(p) then return s end
        hand_seen = true
      end
      if side == 2 then
        local r = reach(p, reputation_first(s, side))
        if r > seen then
          if any_in_display(p, seen + 1, r) then return s end
          seen = r
        end
      end
    end
  end
  return nil
end

-- Does the keyword of this ability text end in a continuation
-- (KEYWORDS_THEN, cards/lib/keywords.lua)?  Kept per text.
local ends_in_then = {}
local function then_ability(ability)
  local t = ends_in_then[ability]
  if t == nil then
    t = KEYWORDS_THEN[(parse_ability(ability))] == true
    ends_in_then[ability] = t
  end
  return t
end

-- The card's abilities from the i-th on (code: card + 1024 * i), then
-- its own script and the event (play_script_last).  An ability whose keyword ends in a
-- continuation is the step's last call, what follows it kept by
-- ENGINE.after, so that a copy of the game at its choice runs no Lua;
-- called deeper (ENGINE.after says no), the plain loop.
local function settle_rest(p, code)
  local card, i = code % 1024, math.floor(code / 1024)
  local abilities = CARDS[card].abilities
  for k = i, #abilities do
    local a = abilities[k]
    if then_ability(a) and ENGINE.after("settle_rest", p, card + 1024 * (k + 1)) then
      return keyword(p, card, a)
    end
    keyword(p, card, a)
  end
  return play_script_last(p, card)
end
_G.settle_rest = settle_rest

-- The card's reputation, then settle_rest: gain_then, so that a reward
-- the gain reaches may end the step's coroutine.
local function settle_reputation(p, card)
  return gain_then(p, "reputation", CARDS[card].reputation or 0, "settle_rest", card + 1024)
end
_G.settle_reputation = settle_reputation

-- Puts animal card into building b (sharing: beside the animal there),
-- paying cost, then its gains (conservation and reputation by gain_then),
-- keywords, own script and the event.
local function settle(p, card, cost, b, sharing)
  pay(p, cost)
  if sharing then ark.place_sharing(p, card, b)
  else ark.place_animal(p, card, b) end
  local c = CARDS[card]
  gain(p, "appeal", c.appeal)
  return gain_then(p, "conservation", c.conservation or 0, "settle_reputation", card)
end

-- verb .. key .. " #" .. b, made once per verb, building kind and index:
-- enclosure_labels[verb][key][b]
local enclosure_labels = {}
local function enclosure_label(verb, key, b)
  local by = kept_in(kept_in(enclosure_labels, verb), key)
  local label = by[b]
  if not label then
    label = verb .. key .. " #" .. b
    by[b] = label
  end
  return label
end

-- The enclosures animal card may go into: option texts, and per option
-- the building and whether it is shared.
local function enclosure_options(p, card)
  local fits = ark.fits(p, card)
  -- ark.building: the option texts name a few buildings, and ark.buildings
  -- would make a table for every building of the zoo
  -- room for 4 each (rules/lib.lua)
  local opts, at, sharing = { nil, nil, nil, nil }, { nil, nil, nil, nil }, { nil, nil, nil, nil }
  for i = 1, #fits do
    local b = fits[i]
    opts[i], at[i], sharing[i] = enclosure_label("into ", ark.building(p, b, "key"), b), b, false
  end
  for _, b in ipairs(shared(p, card)) do
    opts[#opts + 1] = enclosure_label("share ", ark.building(p, b, "key"), b)
    at[#at + 1], sharing[#sharing + 1] = b, true
  end
  return opts, at, sharing
end

local enclosure_prompt = kept_texts(function(card)
  return "Which enclosure for " .. card_label(card) .. "?"
end)

local function place(p, e)
  local opts, at, sharing = enclosure_options(p, e.card)
  local i = choose(p, "animals.enclosure", enclosure_prompt(e.card), opts)
  settle(p, e.card, e.cost, at[i], sharing[i])
end

-- made once per card, folder and cost (a number made text is the dearest
-- part of a label): card_options[card * 1000000 + folder * 1000 + cost]
local card_options = {}
local function card_option(e)
  local cost, folder = e.cost, e.folder or 0
  local key = cost % 1 == 0 and cost >= 0 and cost < 1000 and folder % 1 == 0 and
              folder >= 0 and folder < 1000 and e.card * 1000000 + folder * 1000 + cost
  local label = key and card_options[key]
  if not label then
    label = "play " .. card_label(e.card) .. (e.folder and (" from folder " .. e.folder) or "") ..
      " for " .. cost .. " money"
    if key then card_options[key] = label end
  end
  return label
end

-- The loop of A.run from animal k of n on (cands: animal k's candidates).
local function run_from(p, side, k, n, cands)
  while true do
    if #cands == 0 then return end
    local opts = {}
    for i = 1, #cands do opts[i] = card_option(cands[i]) end
    local i
    if k == 1 then
      i = choose(p, "animals.card", "Play which animal?", opts)
    else
      i = choose_or_skip(p, "animals.card", "Play another animal?", opts, "finish")
      if not i then return end
    end
    place(p, cands[i])
    k = k + 1
    if k > n then return end
    cands = candidates(p, side)
  end
end

-- A.run as continuations (choose_then), so that the engine can end the
-- step's coroutine at the choice of an animal and of its enclosure.  The
-- loop's state st = k + 4 * n + 16 * (side - 1) (animal k of n, n at most
-- 2 here); a card's code adds 32 * (card + 1024 * cost), an enclosure's
-- is card + 1024 * (cost + 1024 * (building + 64 * shared)).  Card ids
-- are below 1024 (state.h); a cost from 1024 on takes the plain loop.
local CARD_UNIT, FINISH = 32, 31

local function animals_next(p, st)
  local k, n, side = st % 4, math.floor(st / 4) % 4, math.floor(st / 16) + 1
  if k > n then return end
  local cands = candidates(p, side)
  if #cands == 0 then return end
  -- room for 8 each (rules/lib.lua)
  local opts, codes = { nil, nil, nil, nil, nil, nil, nil, nil },
    { nil, nil, nil, nil, nil, nil, nil, nil }
  for i = 1, #cands do
    local e = cands[i]
    if e.cost >= 1024 then return run_from(p, side, k, n, cands) end
    opts[i], codes[i] = card_option(e), st + CARD_UNIT * (e.card + 1024 * e.cost)
  end
  if k == 1 then
    return choose_then(p, "animals.card", "Play which animal?", opts, codes, "animals_card_chosen")
  end
  return choose_then_or_skip(p, "animals.card", "Play another animal?", opts, codes,
                             "animals_card_chosen", "finish", FINISH)
end

-- The animal is chosen: its enclosure next, then the next animal (kept by
-- ENGINE.after; called deeper, the plain way).
local function animals_card_chosen(p, code)
  if code == FINISH then return end
  local st, rest = code % CARD_UNIT, math.floor(code / CARD_UNIT)
  local card, cost = rest % 1024, math.floor(rest / 1024)
  if not ENGINE.after("animals_next", p, st + 1) then
    place(p, { card = card, cost = cost })
    return animals_next(p, st + 1)
  end
  local opts, at, sharing = enclosure_options(p, card)
  local codes = { nil, nil, nil, nil, nil, nil, nil, nil }   -- room for 8 (rules/lib.lua)
  for i = 1, #opts do
    codes[i] = card + 1024 * (cost + 1024 * (at[i] + 64 * (sharing[i] and 1 or 0)))
  end
  return choose_then(p, "animals.enclosure", enclosure_prompt(card), opts, codes,
                     "animals_placed")
end

local function animals_placed(p, code)
  local card, rest = code % 1024, math.floor(code / 1024)
  local cost, where = rest % 1024, math.floor(rest / 1024)
  return settle(p, card, cost, where % 64, where >= 64)
end

-- choose_then and ENGINE.after name the function that runs next: a rules
-- function (a global), since the state keeps its name
_G.animals_next, _G.animals_card_chosen, _G.animals_placed =
  animals_next, animals_card_chosen, animals_placed

-- The reputation first (a reward it reaches is a continuation too, with
-- the animals kept: gain_then), then the animals.
function A.run(p, strength, side)
  local n, r = A.COUNT[side][math.min(strength, 5)], reputation_first(strength, side)
  if n > 2 then
    gain(p, "reputation", r)
    return run_from(p, side, 1, n, candidates(p, side))
  end
  return gain_then(p, "reputation", r, "animals_next", 1 + 4 * n + 16 * (side - 1))
end

return A
