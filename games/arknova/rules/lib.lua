-- lib.lua: helpers shared by the rules, the action cards and card scripts.
-- Written in the common subset of Lua 5.4 and LuaJIT 2.1 (no bitwise
-- operators, no integer division operator, no <const>).
--
-- Conventions: players are 0-based seats, card ids are opaque numbers
-- (CARDS[id] describes a card), display folders and action slots count
-- from 1.  Every choice goes through choose(), i.e. the decision API.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type

ACTION_INDEX = {}
for i, name in ipairs(ACTIONS) do ACTION_INDEX[name] = i end

ACTION_TITLE = { animals = "Animals", build = "Build", cards = "Cards",
                 association = "Association", sponsors = "Sponsors" }

CONTINENTS = { "africa", "americas", "asia", "australia", "europe" }
CATEGORIES = { "predator", "herbivore", "bird", "reptile", "primate", "bear",
               "petting-zoo" }
UNIVERSITIES = { "research university", "reputation university", "library university" }

function card(id) return CARDS[id] end

function get(p, key) return ark.get(p, key) end

-- No question inside a modifier (MODIFYING, api.lua): its value is asked
-- while the rules list options and the AIs value positions, where no
-- player can answer.  Refused whether or not this question would have
-- needed anyone (a single option), so that a modifier fails in every game,
-- not only in those where it has a choice; level: where the asking call is.
local function refuse_in_modifier(what, level)
  local m = MODIFYING
  if not m then return end
  MODIFYING = false        -- this error ends the modifier
  if m == "score" then
    error("score may not ask a player: it called " .. what .. " (score counts a final " ..
          "scoring card's points, and the computer players ask it during play too, where " ..
          "nobody can answer; docs/triggers.md)", level + 1)
  end
  error("a modifier may not ask a player: " .. m .. " called " .. what .. " (a modifier " ..
        "is asked for its value while the rules list options and the AIs weigh positions, " ..
        "where nobody can answer; ask in an event instead: a card's on_play, or card_played " ..
        "or before_action, which cards, maps and plugins all hear)", level + 1)
end

-- A decision with a single option needs nobody: it is taken at once, so
-- replays and AIs only see real choices.
function choose(p, tag, prompt, options)
  refuse_in_modifier("choose", 2)
  if #options == 0 then error("choose: no options for " .. tag, 2) end
  if #options == 1 then return 1 end
  return ark.choose(p, tag, prompt, options)
end

-- Like choose(), for a choice whose options only p may see (the other
-- seats learn that a choice was made, not which).
function choose_secret(p, tag, prompt, options)
  refuse_in_modifier("choose_secret", 2)
  if #options == 0 then error("choose_secret: no options for " .. tag, 2) end
  if #options == 1 then return 1 end
  return ark.choose(p, tag, prompt, options, true)
end

-- A choice whose answer only says what runs next: fn(p, codes[i], i), fn
-- being the name of a rules function and codes whole numbers, one per
-- option (or one number for all).  Called as the last thing a step does
-- (`return choose_then(...)`), it lets the engine end the step's coroutine
-- at the decision, so that an AI's copy of the game made there runs no Lua
-- (ENGINE.choose_then).  A script's own choose_then (own_continuations,
-- api.lua) names one of its then_ functions instead.  secret: only p may
-- see the options (choose_secret_then).
function choose_then(p, tag, prompt, options, codes, fn, secret)
  refuse_in_modifier("choose_then", 2)
  if #options == 0 then error("choose_then: no options for " .. tag, 2) end
  -- codes may be one number for every option
  if #options == 1 then return _G[fn](p, type(codes) == "number" and codes or codes[1], 1) end
  local i = ENGINE.choose_then(p, tag, prompt, options, codes, fn, secret)
  if not i then return end     -- the engine keeps the decision: the step returns
  return _G[fn](p, type(codes) == "number" and codes or codes[i], i)
end

-- choose_then for a choice whose options only p may see (as
-- choose_secret).
function choose_secret_then(p, tag, prompt, options, codes, fn)
  return choose_then(p, tag, prompt, options, codes, fn, true)
end

-- choose_then with a last option that declines, skip_text with skip_code
-- (as choose_or_skip, it is asked even beside a single option); secret as
-- choose_then's.
function choose_then_or_skip(p, tag, prompt, options, codes, fn, skip_text, skip_code, secret)
  options[#options + 1], codes[#codes + 1] = skip_text, skip_code
  return choose_then(p, tag, prompt, options, codes, fn, secret)
end

-- choose_then with the options and codes options_fn(p) returns (both
-- names of rules functions).  When the engine can end the step's coroutine
-- here, it leaves the options until someone asks for them: an AI that
-- stops at the start of the next turn never works them out.  late_fn, if
-- given, names the same list without a pure check of its own, for the
-- engine, which runs it as one and, should it fail, runs the step again
-- with options_fn asked here.
function choose_later(p, tag, prompt, options_fn, fn, late_fn)
  refuse_in_modifier("choose_later", 2)
  if ENGINE.choose_later(p, tag, prompt, late_fn or options_fn, fn) then return end
  local opts, codes = _G[options_fn](p)
  return choose_then(p, tag, prompt, opts, codes, fn)
end

-- A list filled one item at a time is made anew at sizes 1, 2, 4 and 8:
-- the option lists that every turn makes start with room for eight, from
-- a constructor of eight nils (Lua sizes the table for its items, and a
-- nil counts for nothing: the list's length is still 0).  Marked "room
-- for 8" where used.

-- Like choose(), with a last option that declines; returns nil for it.
-- secret: only p may see the options (as choose_secret).
function choose_or_skip(p, tag, prompt, options, skip_text, secret)
  refuse_in_modifier("choose_or_skip", 2)
  -- ipairs' copy (up to the first nil), without its call per item
  local opts, n = { nil, nil, nil, nil, nil, nil, nil, nil }, 0   -- room for 8
  local o = options[1]
  while o ~= nil do
    n = n + 1
    opts[n] = o
    o = options[n + 1]
  end
  opts[#opts + 1] = skip_text or "skip"
  local i = ark.choose(p, tag, prompt, opts, secret)
  if i > #options then return nil end
  return i
end

-- floor(mask / 2^i) is odd exactly when mask's remainder by 2^(i+1) is at
-- least 2^i (Lua's % floors, for negative masks too): no call to
-- math.floor, and the rules ask this very often
function has_bit(mask, i)          -- i is 0-based
  local b = 2 ^ i
  return mask % (b + b) >= b
end

function count_bits(mask)
  local n = 0
  while mask > 0 do
    n = n + mask % 2
    mask = math.floor(mask / 2)
  end
  return n
end

-- made once per card: option texts name cards all the time, and a number
-- turned into text is dear (CARDS never change)
local card_labels = {}

-- text(k): make(k), made once per k and kept (prompts and option texts
-- that name a card, a kind or a price: a text put together anew costs
-- about a thousand instructions and a string to collect).
function kept_texts(make)
  local kept = {}
  return function(k)
    local t = kept[k]
    if not t then
      t = make(k)
      kept[k] = t
    end
    return t
  end
end

-- The decoder of an action's state st whose lowest field is its budget
-- (below unit), then its side (a bit: 1 or 2), one more bit and the rest
-- (Build's and Association's continuations): the fields above the budget
-- worked out once per state and kept, each math.floor being a call into C
-- and the action decoding its few states at every step.
function state_decoder(unit)
  local kept = {}
  return function(st)
    local t = kept[st]
    if not t then
      t = { math.floor(st / unit) % 2 + 1, math.floor(st / (2 * unit)) % 2,
            math.floor(st / (4 * unit)) }
      kept[st] = t
    end
    return st % unit, t[1], t[2], t[3]
  end
end

-- t[k], a table made and kept there when first asked for: the rules keep
-- their option texts by card, kind, cost... in such nested tables.
function kept_in(t, k)
  local v = t[k]
  if not v then
    v = {}
    t[k] = v
  end
  return v
end

function card_label(id)
  local label = card_labels[id]
  if not label then
    local c = CARDS[id]
    label = c.name .. " (" .. c.number .. ")"
    card_labels[id] = label
  end
  return label
end

-- before .. card_label(id) .. after, made once per before, card and after:
-- option texts name cards in many places ("discard ...", "keep ..."), and
-- a text put together anew costs about a thousand instructions.
local card_texts = {}
function card_text(before, id, after)
  local by = kept_in(kept_in(card_texts, before), after)
  local t = by[id]
  if not t then
    t = before .. card_label(id) .. after
    by[id] = t
  end
  return t
end

-- " from folder " .. f for the display's folders, made once
FROM_FOLDER = {}
for f = 1, 6 do FROM_FOLDER[f] = " from folder " .. f end

function upgraded(p, action) return ark.upgraded(p, action) end
function side_of(p, action) if ark.upgraded(p, action) then return 2 end return 1 end

-- The option texts of a building's placements, "<key> at <cells>" for each
-- of ark.placements(p, key, build2), made in C (ark.placement_options)
-- unless a plugin replaced ark.placements, whose list is then the one used.
local PLACEMENTS = ark.placements
function placement_options(p, key, build2)
  if ark.placements == PLACEMENTS then return ark.placement_options(p, key, build2) end
  local places, opts = ark.placements(p, key, build2), {}
  for i = 1, #places do opts[i] = key .. " at " .. places[i] end
  return opts
end

-- Runs f as a pure condition check: it may read but not change the game.
function check(f, ...) return ark.pure(f, ...) end

-- ---- money and tracks ----

function money(p) return ark.get(p, "money") end

-- The tracks gain and pay change; a script naming another gets the error
-- at its own line (level 2).
TRACKS = { money = true, appeal = true, conservation = true, reputation = true, xtokens = true }

function pay(p, n)
  if type(n) ~= "number" then error("pay: the amount must be a number, not " .. type(n), 2) end
  if n <= 0 then return end
  if ark.get(p, "money") < n then error("cannot pay " .. n, 2) end
  ark.add(p, "money", -n)
end

-- Gains on a track, then the rewards of any bonus space reached.
function gain(p, track, n)
  if not TRACKS[track] then
    error("gain: unknown track '" .. tostring(track) ..
          "' (money, appeal, conservation, reputation, xtokens)", 2)
  end
  -- nothing to gain first: no type() call (a call into C) for it.  A
  -- missing amount is an error, not nothing: it is a misspelt name
  -- (gain(p, "money", bonus_amuont)) far more often than a choice
  if n == 0 then return 0 end
  if type(n) ~= "number" then
    error("gain: the amount must be a number, not " .. type(n), 2)
  end
  -- a loss through gain would skip pay's "cannot pay" and the rewards'
  -- bookkeeping alike: name the functions that lower a track
  if n < 0 then
    error("gain: the amount must be 0 or more, not " .. n ..
          " (pay(p, n) spends money; ark.add(p, track, n) lowers a track)", 2)
  end
  if track == "conservation" then
    local before = ark.get(p, "conservation")
    local done = ark.add(p, track, n)
    if done > 0 then conservation_reached(p, before, before + done) end
    return done
  elseif track == "reputation" then
    local done = ark.add(p, track, n)
    if done > 0 then reputation_reached(p) end
    return done
  end
  return ark.add(p, track, n)
end

function gain_worker(p)
  local w = ark.get(p, "workers")
  if w < MAX_WORKERS then ark.set(p, "workers", w + 1) end
end

function free_workers(p) return ark.get(p, "workers") - ark.get(p, "workers_out") end

-- ---- cards ----

-- The loops over lists that the rules and the AIs' queries read most
-- count with a number, not ipairs: Lua 5.4's ipairs calls C for each item,
-- and a list from the primitives or the cards has no holes.
function hand_cards(p, kind)
  local out, hand = {}, ark.hand(p)
  for i = 1, #hand do
    local id = hand[i]
    if not kind or CARDS[id].type == kind then out[#out + 1] = id end
  end
  return out
end

-- Display cards within p's reputation range: { {folder=f, card=id}, ... }
function range_cards(p, kind)
  local out, disp, range = {}, ark.display(), ark.get(p, "range")
  for f = 1, range do
    local id = disp[f]
    if id and (not kind or CARDS[id].type == kind) then
      out[#out + 1] = { folder = f, card = id }
    end
  end
  return out
end

function draw_cards(p, n)
  for _ = 1, n do ark.draw(p) end
end

-- "<verb> <card label> from folder <f>", made once per verb, card and
-- display folder (1 to 7: a folder a plugin's range_cards names beyond them
-- gets its text made anew): the take and snap options name the display
-- cards every time they are asked (the greedy asks them in every turn it
-- tries).
local folder_labels = { take = {}, snap = {} }
local function folder_label(verb, id, f)
  local cached = f % 1 == 0 and f >= 1 and f <= 7     -- whole, with no call
  local by, k = folder_labels[verb], id * 8 + f
  local label = cached and by[k]
  if not label then
    label = verb .. " " .. card_label(id) .. " from folder " .. f
    if cached then by[k] = label end
  end
  return label
end

-- The options of taking one card: the deck, then each display folder in
-- range; where[i]: the folder of option i (false: the deck).  range_cards'
-- loop, with no table per card (unless a plugin replaced range_cards: then
-- its list).
local RANGE_CARDS = range_cards
local function take_options(p)
  -- room for 8
  local opts = { "draw from the deck", nil, nil, nil, nil, nil, nil, nil }
  local where = { false, nil, nil, nil, nil, nil, nil, nil }
  if range_cards ~= RANGE_CARDS then
    local range = range_cards(p)
    for i = 1, #range do
      opts[i + 1], where[i + 1] = folder_label("take", range[i].card, range[i].folder), range[i].folder
    end
    return opts, where
  end
  local disp, range = ark.display(), ark.get(p, "range")
  for f = 1, range do
    local id = disp[f]
    if id then
      opts[#opts + 1] = folder_label("take", id, f)
      where[#where + 1] = f
    end
  end
  return opts, where
end

local function take_from(p, folder)
  if folder then
    ark.hand_add(p, ark.display_take(folder))
  else
    ark.draw(p)
  end
end

-- Take one card: from the deck, or from a display folder in range.
function take_card(p)
  local opts, where = take_options(p)
  take_from(p, where[choose(p, "card.take", "Take a card", opts)])
end

-- take_card for the rules' continuations: fn(p, code + 128 * folder)
-- takes the card (take_chosen), folder 0 being the deck; code < 128.
function take_then(p, code, fn)
  local opts, where = take_options(p)
  local codes = { nil, nil, nil, nil, nil, nil, nil, nil }   -- room for 8
  for i = 1, #opts do codes[i] = code + 128 * (where[i] or 0) end
  return choose_then(p, "card.take", "Take a card", opts, codes, fn)
end

-- Takes the card of take_then's code; returns the code the caller gave.
function take_chosen(p, code)
  local folder = math.floor(code / 128)
  take_from(p, folder > 0 and folder)
  return code % 128
end

-- The options of a snap: each display card; folders[i]: option i's folder.
local function snap_options()
  -- room for 8 each
  local opts, folders, disp = { nil, nil, nil, nil, nil, nil, nil, nil },
    { nil, nil, nil, nil, nil, nil, nil, nil }, ark.display()
  for f = 1, 6 do
    if disp[f] then
      opts[#opts + 1] = folder_label("snap", disp[f], f)
      folders[#folders + 1] = f
    end
  end
  return opts, folders
end

-- Snap: take any one display card, regardless of reputation range.
function snap(p)
  local opts, folders = snap_options()
  if #opts == 0 then return false end
  local i = choose(p, "card.snap", "Snap a display card", opts)
  ark.hand_add(p, ark.display_take(folders[i]))
  return true
end

-- snap for the rules' continuations (nothing when the display is empty).
function snap_then(p)
  local opts, folders = snap_options()
  if #opts == 0 then return end
  return choose_then(p, "card.snap", "Snap a display card", opts, folders, "snap_chosen")
end

function snap_chosen(p, folder) ark.hand_add(p, ark.display_take(folder)) end

-- "discard " .. card_label(id), made once per card: the break asks it for
-- every hand card of every clone that plays through a break.  The texts
-- are card_text's, whose table of them by card ENGINE.choose_hand reads.
local discard_labels = kept_in(kept_in(card_texts, "discard "), "")

local function discard_label(id) return card_text("discard ", id, "") end

-- The options of a discard from hand, one per card.
local function discard_options(hand)
  local opts = {}
  for i = 1, #hand do
    local id = hand[i]
    opts[i] = discard_labels[id] or discard_label(id)
  end
  return opts
end

function discard_from_hand(p, n, why)
  for _ = 1, n do
    local hand = ark.hand(p)
    if #hand == 0 then return end
    local i = choose(p, "card.discard", why or DISCARD_WHY[1], discard_options(hand))
    ark.hand_remove(p, hand[i])
    ark.discard(hand[i])
  end
end

-- discard_from_hand for the rules' continuations (choose_then): n cards
-- (below 64) with prompt DISCARD_WHY[w]; what follows is what ENGINE.after
-- kept, or the caller's own rest when it called this in tail position.
DISCARD_WHY = { "Discard a card", "Break: discard down to your hand limit",
                "Cards: discard a card", "Opening draft: discard a card (keep 4)" }

-- Each option's code: the card id (below 1024, state.h) + 1024 * (n +
-- 64 * w), so that the answer needs no list made again.  While
-- choose_then is this file's, ENGINE.choose_hand offers what it would,
-- read from the hand in C: a break asks a discard at a time, and a search
-- plays each break through many times.
local CHOOSE_THEN = choose_then
function discard_then(p, n, w)
  if n <= 0 then return end
  local rest = 1024 * (n + 64 * w)
  refuse_in_modifier("a discard", 2)
  if choose_then == CHOOSE_THEN and ark.get(p, "nhand") > 1 then
    local i = ENGINE.choose_hand(p, "card.discard", DISCARD_WHY[w], discard_labels,
                                 discard_label, rest, "discard_chosen")
    if not i then return end   -- the engine keeps the decision: the step returns
    return discard_chosen(p, ark.hand(p)[i] + rest, i)
  end
  local hand = ark.hand(p)
  if #hand == 0 then return end
  local codes = {}
  for i = 1, #hand do codes[i] = hand[i] + rest end
  return choose_then(p, "card.discard", DISCARD_WHY[w], discard_options(hand), codes,
                     "discard_chosen")
end

function discard_chosen(p, code)
  local id, rest = code % 1024, math.floor(code / 1024)
  ark.hand_remove(p, id)
  ark.discard(id)
  return discard_then(p, rest % 64 - 1, math.floor(rest / 64))
end

-- choose_then over placement_options(p, key, build2), with one code for
-- all; if_any: where key has no position, no decision (else choose_then's
-- error).  While that list, ark.placements and choose_then are the rules'
-- own, the engine offers the positions itself (ENGINE.choose_places, no
-- list made in Lua) and records that option i is the i-th, so that the
-- AIs read its cells, not its text.
local PLACEMENT_OPTIONS = placement_options
function choose_place_then(p, tag, prompt, code, fn, key, build2, if_any)
  refuse_in_modifier("a placement", 2)
  if placement_options == PLACEMENT_OPTIONS and ark.placements == PLACEMENTS and
     choose_then == CHOOSE_THEN then
    local i, n = ENGINE.choose_places(p, tag, prompt, code, fn, key, build2)
    if i then return _G[fn](p, code, i) end
    if n == nil then return end   -- the engine keeps the decision: the step returns
    if n == 1 then return _G[fn](p, code, 1) end
  end
  local opts = placement_options(p, key, build2)
  if #opts == 0 and if_any then return end
  return choose_then(p, tag, prompt, opts, code, fn)
end

-- ---- action cards ----

-- p's action cards that filter accepts (every one without a filter), slot
-- 1 first: their option texts and names.
local slot_labels = {}          -- [title][slot]: made once each
local function action_card_options(p, filter)
  local opts, names = { nil, nil, nil, nil, nil }, { nil, nil, nil, nil, nil }   -- room for 5
  for slot = 1, 5 do
    local a = ark.slot_action(p, slot)
    if not filter or filter(a) then
      local title = ACTION_TITLE[a]
      local by = kept_in(slot_labels, title)
      local label = by[slot]
      if not label then
        label = title .. " (slot " .. slot .. ")"
        by[slot] = label
      end
      opts[#opts + 1] = label
      names[#names + 1] = a
    end
  end
  return opts, names
end

function choose_action_card(p, tag, prompt, filter)
  local opts, names = action_card_options(p, filter)
  if #opts == 0 then return nil end
  return names[choose(p, tag, prompt, opts)]
end

local function not_upgraded(p)
  return function(a) return not ark.upgraded(p, a) end
end

function upgrade_action(p)
  local a = choose_action_card(p, "upgrade", "Upgrade an action card", not_upgraded(p))
  if a then ark.upgrade(p, a) end
  return a ~= nil
end

-- upgrade_action for a caller's last call (choose_then): the same options,
-- each coded by its action's index in ACTIONS.
function upgrade_then(p)
  local opts, codes = action_card_options(p, not_upgraded(p))
  if #opts == 0 then return end
  for i = 1, #codes do codes[i] = ACTION_INDEX[codes[i]] end
  return choose_then(p, "upgrade", "Upgrade an action card", opts, codes, "upgrade_chosen")
end

function upgrade_chosen(p, k) ark.upgrade(p, ACTIONS[k]) end

-- choose_action_card as a caller's last call: rules function fn gets
-- (p, the card's index in ACTIONS * 16 + extra), extra in 0..15.
function choose_action_card_then(p, tag, prompt, fn, extra, filter)
  local opts, codes = action_card_options(p, filter)
  if #opts == 0 then return end
  for i = 1, #codes do codes[i] = ACTION_INDEX[codes[i]] * 16 + extra end
  return choose_then(p, tag, prompt, opts, codes, fn)
end

-- The multiplier bonus (a multiplier token on an action card of p's
-- choice) as a caller's last call.
function multiplier_then(p)
  return choose_action_card_then(p, "bonus.multiplier", "Put a multiplier token on an action card",
                                 "multiplier_chosen", 0)
end

function multiplier_chosen(p, code) ark.tokens(p, ACTIONS[math.floor(code / 16)], "multiplier", 1) end

-- The first strength s in lo..hi at which script.can(p, s, side) holds,
-- or nil: the plain search, for an action script without lowest() and for
-- one whose can() a plugin replaced.  Run it as a pure check.
function lowest_by_can(script, p, side, lo, hi)
  for s = lo, hi do
    if script.can(p, s, side) then return s end
  end
  return nil
end

-- can() and lowest() of an action that does something at every strength
-- from 1 (Cards, Sponsors); each call makes a can() of its own, so a
-- plugin's replacement is told apart as for any other card.
function from_strength_one()
  local function can(p, strength, side)
    return strength >= 1
  end
  local function lowest(script, p, side, lo, hi)
    if script.can ~= can then return lowest_by_can(script, p, side, lo, hi) end
    local s = lo                        -- math.max(lo, 1), with no call
    if s < 1 then s = 1 end
    if s <= hi then return s end
    return nil
  end
  return can, lowest
end

function all_upgraded(p)
  for _, a in ipairs(ACTIONS) do
    if not ark.upgraded(p, a) then return false end
  end
  return true
end

-- Advances the break track; the player who fills it gains 1 X token.
function advance_break(p, n)
  if ark.advance_break(p, n) then gain(p, "xtokens", 1) end
end

-- ---- conditions ----

-- Do p's zoo and tracks meet the printed conditions of card id?
-- `ignore` conditions may be missing (map abilities, card effects); each
-- icon asked for is one condition.
-- `icons` (optional) is ark.icons(p), for a caller that checks many cards.
local icon_known   -- the names ark.icons(p) gives, learnt at the first call

-- id -> c.requires as a list icon1, n1, icon2, n2, ...: made once per card
-- (the cards do not change), so that the check needs no next() call per
-- icon.  The count of missing icons does not depend on their order.
local requires_list = {}

local function requires_of(id, c)
  local list = requires_list[id]
  if not list then
    list = {}
    for icon, n in pairs(c.requires) do list[#list + 1], list[#list + 2] = icon, n end
    requires_list[id] = list
  end
  return list
end

function conditions_met(p, id, ignore, icons)
  local c = CARDS[id]
  local missing = 0
  local req = requires_of(id, c)
  for i = 1, #req, 2 do
    local icon, n = req[i], req[i + 1]
    local have
    if icons then
      have = icons[icon] or 0
    else
      -- one icon at a time: ark.icons(p) makes a table of every icon, and
      -- most cards need one or two (a name it does not give counts 0)
      if not icon_known then
        icon_known = {}
        for k in pairs(ark.icons(p)) do icon_known[k] = true end
      end
      have = icon_known[icon] and ark.icons(p, icon) or 0
    end
    -- each icon printed is a condition of its own (the data repeats an
    -- icon for each): a Lion that asks for three predators misses three
    -- in a zoo with none, which one ignored condition does not cover
    if have < n then missing = missing + n - have end
  end
  -- partner zoos as often as printed (Global Breeding Program: two)
  local pz = c.partner_zoos_needed or 0
  if pz > 0 then
    local have = partner_count(p)
    if have < pz then missing = missing + pz - have end
  end
  if c.needs_animals_ii and not ark.upgraded(p, "animals") then missing = missing + 1 end
  if c.needs_sponsors_ii and not ark.upgraded(p, "sponsors") then missing = missing + 1 end
  if c.max_appeal_25 and ark.get(p, "appeal") > 25 then missing = missing + 1 end
  if c.min_reputation > 0 and ark.get(p, "reputation") < c.min_reputation then
    missing = missing + 1
  end
  return missing <= (ignore or 0)
end

function partner_count(p) return count_bits(ark.get(p, "partner_zoos")) end
function university_count(p) return count_bits(ark.get(p, "universities")) end

-- continent -> its bit in partner_zoos (0-based)
local CONTINENT_BIT = {}
for i, c in ipairs(CONTINENTS) do CONTINENT_BIT[c] = i - 1 end

function has_partner_zoo(p, continent)
  local bit = CONTINENT_BIT[continent]
  if not bit then return false end
  return has_bit(ark.get(p, "partner_zoos"), bit)
end

-- Plays a sponsor from hand or display paying `surcharge` (its effects,
-- unique building and printed gains included).
function play_sponsor(p, id, surcharge)
  return ACTION_SCRIPTS.sponsors.play(p, id, surcharge or 0)
end

-- The reward of the highest threshold of card id that n reaches, 0 below
-- the first (final scoring cards list thresholds lowest first).
function threshold_reward(id, n)
  local c = CARDS[id]
  local got, thresholds = 0, c.thresholds
  for i = 1, #thresholds do
    if n >= thresholds[i] then got = c.rewards[i] end
  end
  return got
end

-- ---- keyword abilities ----

-- KEYWORDS[name](p, id, value) carries out a keyword ability when its card
-- is played; cards/lib/keywords.lua fills the table.  value is the text
-- after the colon ("3" in "sprint:3", "sponsors" in "boost:sponsors"), a
-- number when it reads as one, or nil.
KEYWORDS = {}

function parse_ability(ability)
  local name, value = string.match(ability, "^([%w%-]+):?(.*)$")
  if value == "" then value = nil end
  return name, tonumber(value) or value
end

-- The ability's function is called last (a tail call): one that ends in a
-- continuation (choose_then) keeps that where keyword() was the caller's
-- last call.  The cards' printed abilities are checked as they load; a
-- script's text that names no keyword (or gives one a value of the wrong
-- kind) is an error at the caller's line, as `arknova check` reports the
-- literal texts of a script's keyword() calls.
function keyword(p, id, ability)
  if type(ability) ~= "string" then
    error("keyword: the ability is its text (\"sprint:2\"), not " .. type(ability), 2)
  end
  local name, value = parse_ability(ability)
  local k = name and KEYWORDS[name]
  if not k or keyword_problem then
    local problem = keyword_problem and keyword_problem(ability) or
      (not k and "unknown keyword ability '" .. tostring(name or ability) .. "'")
    if problem then error("keyword: " .. problem, 2) end
  end
  return k(p, id, value)
end
