-- kit.lua: building blocks shared by card scripts (combinators, in the
-- manner of ocgcore's helpers).  A family of printed cards that differ only
-- in an icon or a number becomes one call here; a fan card can use them
-- with any value.  Every name is in the script allow-list (games/arknova/rules/api.lua).
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type

-- A free building of kind key, if p wants one and it fits: true if built.
function offer_free_building(p, key, tag, prompt)
  local build2 = ark.upgraded(p, "build")
  local opts = placement_options(p, key, build2)
  if #opts == 0 then return false end
  local i = choose_or_skip(p, tag, prompt, opts, "no " .. key)
  if not i then return false end
  place_building(p, key, ark.placements(p, key, build2, i), build2)
  return true
end

-- Spaces of p's map for which pred(cell) holds, split into those a
-- building stands next to ("connected") and the others.
function count_connected(p, pred)
  local connected, unconnected = 0, 0
  for _, c in ipairs(ark.map_cells(p)) do
    if pred(c) then
      if c.next_to_building then connected = connected + 1
      else unconnected = unconnected + 1 end
    end
  end
  return connected, unconnected
end

-- "Sponsorship" cards: 1 appeal per `icon` icon when played; at every
-- break the money of the best tier reached.  tiers: {{icons, money}, ...}
-- best first.
function icon_sponsorship(icon, tiers)
  local card = {}
  function card.on_play(p, id)
    gain(p, "appeal", ark.icons(p, icon))
  end
  function card.income(p, id)
    local n = ark.icons(p, icon)
    for _, t in ipairs(tiers) do
      if n >= t[1] then return gain(p, "money", t[2]) end
    end
  end
  return card
end

-- "Expert on <continent>" cards: 1 appeal per `icon` icon when played;
-- then, for each such icon on a card p plays into the zoo (its own icon
-- included, as Board Game Arena plays it: docs/rules-notes.md), a free
-- building of kind key if p wants it.  The handler's last-call form
-- (HANDLER_LAST_FORMS, games/arknova/rules/api.lua) names the offers as a
-- chain of continuations (expert_offer), so that a copy of the game at
-- one of them runs no Lua; its code: offers left + 16 * the expert's
-- index in EXPERTS (made as the scripts load, the same in every game).
local EXPERTS, EXPERT_UNIT = {}, 16

function icon_expert(icon, key, title)
  local card = {}
  local tag = "expert-" .. icon .. "." .. key
  local prompt = title .. ": build a free " .. key .. "?"
  local e = { key = key, tag = tag, prompt = prompt, skip = "no " .. key }
  EXPERTS[#EXPERTS + 1] = e
  local index = #EXPERTS
  function card.on_play(p, id)
    gain(p, "appeal", ark.icons(p, icon))
  end
  function card.card_played(owner, id, p, played)
    if owner ~= p then return end
    for _ = 1, card_icons(played, icon) do offer_free_building(p, key, tag, prompt) end
  end
  HANDLER_LAST_FORMS[card.card_played] = function(owner, id, p, played)
    if owner ~= p then return end
    local n = card_icons(played, icon)
    -- a kind the content lacks (a fan card's typo) goes the plain way,
    -- whose error names the card
    if e.known == nil then e.known = ark.building_def(key) ~= nil end
    if n == 0 or n >= EXPERT_UNIT or not e.known then return end
    return "expert_offer", p, n + EXPERT_UNIT * index
  end
  return card
end

-- The expert's offers left (code: see icon_expert), as a continuation's
-- last call: the first that has a place asks, the rest kept by
-- ENGINE.after; called deeper (ENGINE.after says no), the plain loop.
function expert_offer(p, code)
  local n, e = code % EXPERT_UNIT, EXPERTS[math.floor(code / EXPERT_UNIT)]
  while n > 0 do
    local opts = placement_options(p, e.key, ark.upgraded(p, "build"))
    if #opts > 0 then
      if n > 1 and not ENGINE.after("expert_offer", p, code - 1) then
        for _ = 1, n do offer_free_building(p, e.key, e.tag, e.prompt) end
        return
      end
      -- a place's code: code * 2; the skip's: code * 2 + 1
      local codes = {}
      for i = 1, #opts do codes[i] = code * 2 end
      return choose_then_or_skip(p, e.tag, e.prompt, opts, codes, "expert_placed", e.skip,
                                 code * 2 + 1)
    end
    n, code = n - 1, code - 1
  end
end

-- The place is chosen (the i-th of the unchanged zoo's), or none.
function expert_placed(p, code, i)
  if code % 2 == 1 then return end
  local key = EXPERTS[math.floor(code / 2 / EXPERT_UNIT)].key
  local build2 = ark.upgraded(p, "build")
  return place_building_last(p, key, ark.placements(p, key, build2, i), build2)
end

-- A handler that takes n cards (each from the deck or a display folder
-- within reputation range), for on_play, income and the like: handler(p,
-- id).  Its last-call form (HANDLER_LAST_FORMS, rules/api.lua) takes them
-- as continuations (take_cards_last), so that a copy of the game at one
-- of them runs no Lua.
function card_taker(n)
  local function take(p, id)
    for _ = 1, n do take_card(p) end
  end
  HANDLER_LAST_FORMS[take] = function(p, id) return "take_cards_last", p, n end
  return take
end

-- "Each `icon` icon on a card played into this zoo (its own too)": the
-- keyword ability (its text, "sunbathing:2") once per icon, the card's
-- own.  The handler's last-call form makes the uses a chain of
-- continuations (icon_keyword_next), for an ability whose keyword is one
-- (KEYWORDS_THEN, keywords.lua); code: uses left + 16 * (the card + 1024 *
-- the ability's index in ICON_KEYWORDS).
local ICON_KEYWORDS, KEYWORD_UNIT = {}, 16

function icon_keyword(icon, ability)
  if type(ability) ~= "string" then
    error("icon_keyword: the ability must be its text (\"sunbathing:2\"), not " ..
          type(ability), 2)
  end
  local card = {}
  function card.card_played(owner, id, p, played)
    if owner ~= p then return end
    for _ = 1, CARDS[played].icons[icon] or 0 do keyword(p, id, ability) end
  end
  local name, value = parse_ability(ability)
  if KEYWORDS_THEN[name] and (value == nil or type(value) == "number") then
    ICON_KEYWORDS[#ICON_KEYWORDS + 1] = ability
    local index = #ICON_KEYWORDS
    HANDLER_LAST_FORMS[card.card_played] = function(owner, id, p, played)
      if owner ~= p or id == nil or id >= 1024 then return end
      local n = CARDS[played].icons[icon] or 0
      if n == 0 or n >= KEYWORD_UNIT then return end
      return "icon_keyword_next", p, n + KEYWORD_UNIT * (id + 1024 * index)
    end
  end
  return card
end

function icon_keyword_next(p, code)
  local n, rest = code % KEYWORD_UNIT, math.floor(code / KEYWORD_UNIT)
  local id, ability = rest % 1024, ICON_KEYWORDS[math.floor(rest / 1024)]
  if n > 1 and not ENGINE.after("icon_keyword_next", p, code - 1) then
    for _ = 1, n do keyword(p, id, ability) end
    return
  end
  return keyword(p, id, ability)
end

-- A card's own Clever: after_action_clever(tag, prompt) returns f, and
-- f(p) offers p, once the current action is over, to move an action card
-- from slots 2-5 to slot 1 (options "Cards (slot 3)", ..., and "leave the
-- cards"), with the decision's tag and prompt given.  The offer waits in
-- the state among the keywords' "after this action" effects
-- (after_action_then; code: its index in CLEVERS), unlike a function
-- given to after_this_action, so that a copy of the game later in the
-- turn, or at the offer, runs no Lua.  One entry and one f per tag and
-- prompt, so that a script calling it from a handler grows nothing.
local CLEVERS, CLEVER_FN = {}, {}

function after_action_clever(tag, prompt)
  if type(tag) ~= "string" or type(prompt) ~= "string" then
    error("after_action_clever: the tag and the prompt must be texts", 2)
  end
  local key = tag .. "\0" .. prompt
  local f = CLEVER_FN[key]
  if not f then
    CLEVERS[#CLEVERS + 1] = { tag = tag, prompt = prompt }
    local k = #CLEVERS
    f = function(p) after_action_then(p, "clever_offer", k) end
    CLEVER_FN[key] = f
  end
  return f
end

function clever_offer(p, k)
  local opts, codes = {}, {}
  for slot = 2, 5 do
    local a = ark.slot_action(p, slot)
    opts[#opts + 1] = ACTION_TITLE[a] .. " (slot " .. slot .. ")"
    codes[#codes + 1] = ACTION_INDEX[a]
  end
  return choose_then_or_skip(p, CLEVERS[k].tag, CLEVERS[k].prompt, opts, codes, "clever_moved",
                             "leave the cards", 0)
end

function clever_moved(p, k)
  if k > 0 then ark.to_slot1(p, ACTIONS[k]) end
end

-- How many `icon` icons card id brings into a zoo: the icons at its top,
-- and for an animal the water / rock spaces it needs (they count as icons,
-- as in the core's icon count, native/track.c).
function card_icons(id, icon)
  local c = CARDS[id]
  local n = c.icons[icon] or 0
  if c.type == "animal" and (icon == "water" or icon == "rock") then n = n + c[icon] end
  return n
end

-- "Native species" cards: when played, 1 appeal per connected space that
-- `what` accepts and 1 conservation point per 2 unconnected ones.  what:
-- a function of a space of ark.map_cells, or a filter of ark.count_cells
-- (counted in C, with no table per space of the map: the printed cards').
function native_species(what)
  local card = {}
  if type(what) == "table" then
    local near, far = { next_to_building = true }, { next_to_building = false }
    for k, v in pairs(what) do
      if k ~= "next_to_building" then near[k], far[k] = v, v end
    end
    local function counts(p)
      return ark.count_cells(p, near), ark.count_cells(p, far)
    end
    function card.on_play(p, id)
      local connected, unconnected = counts(p)
      gain(p, "appeal", connected)
      gain(p, "conservation", math.floor(unconnected / 2))
    end
    -- the last-call form: the counts, then the gains as native_gained's,
    -- whose conservation is a last call (a reward it reaches may end the
    -- step's coroutine); a filter count_cells refuses is left to on_play,
    -- whose error names the card
    HANDLER_LAST_FORMS[card.on_play] = function(p, id)
      local ok, connected, unconnected = pcall(counts, p)
      if not ok then return end
      local cp = math.floor(unconnected / 2)
      if connected >= 4096 or cp >= 256 then return end
      return "native_gained", p, connected * 256 + cp
    end
    return card
  end
  function card.on_play(p, id)
    local connected, unconnected = count_connected(p, what)
    gain(p, "appeal", connected)
    gain(p, "conservation", math.floor(unconnected / 2))
  end
  return card
end

-- A native species card's gains (code: appeal * 256 + conservation).
function native_gained(p, code)
  gain(p, "appeal", math.floor(code / 256))
  return gain_last(p, "conservation", code % 256)
end

-- Hydrologist / Geologist: 1 money for each space a new building of p
-- covers next to `terrain`; at the end 1 conservation point if every
-- `terrain` space is connected.  on_play is the card's own.
function terrain_expert(terrain, end_cp)
  local card = {}
  local near = "next_to_" .. terrain
  function card.building_placed(owner, id, p, building)
    if owner ~= p then return end
    local n = 0
    if type(building) == "number" then
      -- counted in C: this runs at every building p places, in every
      -- clone an AI plays on, and ark.map_cells makes a table per space
      n = ark.count_cells(p, { building = building, [near] = true })
    else
      -- no building id (a plugin's own event): as the plain reading gives it
      for _, c in ipairs(ark.map_cells(p)) do
        if c.building == building and c[near] then n = n + 1 end
      end
    end
    gain(p, "money", n)
  end
  local alone = { terrain = terrain, next_to_building = false }
  function card.game_end(p, id)
    if ark.count_cells(p, alone) == 0 then ark.add(p, "conservation", end_cp) end
  end
  return card
end

-- "Each time an `icon` icon is played into a zoo": the card's owner gains
-- `amount` of `track` per icon; own_zoo: only cards played into the
-- owner's zoo count.  The card's own icons trigger it too (docs/rules-notes.md).
function icon_reward(icon, track, amount, own_zoo)
  local card = {}
  function card.card_played(owner, id, p, played)
    if own_zoo and owner ~= p then return end
    local n = card_icons(played, icon)
    -- as the handler's last call, a reward the gain reaches may end the
    -- step's coroutine
    if n > 0 then return gain_last(owner, track, amount * n) end
  end
  HANDLER_LAST_FORMS[card.card_played] = true
  return card
end

-- n conservation points for p, and every other player gains `money` per
-- point p gained (the track's end may take some).  As gain_then: a reward
-- the points reach may end the step's coroutine, the money kept
-- (others_paid; code: (p's points before * 64 + n) * 16 + money).
function conservation_paying_then(p, n, money)
  if n < 0 or n >= 64 or money < 0 or money >= 16 or n % 1 ~= 0 or money % 1 ~= 0 then
    error("conservation_paying_then: n must be a whole number 0..63 and money 0..15", 2)
  end
  return gain_then(p, "conservation", n, "others_paid",
                   (ark.get(p, "conservation") * 64 + n) * 16 + money)
end

-- A reward the points reached may add more points, never fewer: the
-- points gained are the smaller of n and the rise.
function others_paid(p, code)
  local money, n = code % 16, math.floor(code / 16) % 64
  local done = math.min(n, ark.get(p, "conservation") - math.floor(code / 1024))
  local players = ark.get(nil, "players")
  for i = 1, players - 1 do gain((p + i) % players, "money", money * done) end
end

-- At the end of the game, cp conservation points if p's zoo shows at least
-- `need` `icon` icons (added to card as its game_end).  Final scoring:
-- the track's bonus spaces no longer pay, hence ark.add.
function end_icon_bonus(card, icon, need, cp)
  function card.game_end(p, id)
    if ark.icons(p, icon) >= need then ark.add(p, "conservation", cp) end
  end
  return card
end

-- "Breeding program" sponsors (215, 218): 2 tokens on the card when
-- played (its memo); when p supports a base project, a token may stand in
-- for one missing icon (at most one per support).  At the end, 1
-- conservation point for 5 supports.
function breeding_program()
  local card = {}
  function card.on_play(p, id)
    ark.memo(id, 2)
  end
  function card.modify_project_wildcards(p, id, value, project)
    if ark.memo(id) > 0 and CARDS[project].base then return value + 1 end
    return value
  end
  function card.project_wildcards_used(p, id, project, need)
    if need.left > 0 and ark.memo(id) > 0 and CARDS[project].base then
      ark.memo(id, ark.memo(id) - 1)
      need.left = need.left - 1
    end
  end
  function card.game_end(p, id)
    if ark.get(p, "supports") >= 5 then ark.add(p, "conservation", 1) end
  end
  return card
end
