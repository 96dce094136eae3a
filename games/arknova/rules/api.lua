-- api.lua: what a card or map script can reach.  Each script runs in an
-- environment of its own that holds exactly these names (an allow-list, as
-- Redis does for its scripts); nothing else of the rules environment is
-- visible, and nothing a script sets leaks into another.
--
-- A script keeps no state between calls: all games of a content share its
-- functions, and an AI replays steps on clones, so a value a handler left
-- behind would make the same seed play another game (docs/lua-api.md).
-- What enforces it: after loading, the environment and the library tables
-- are read-only (a write is an error at its line), the constant tables are
-- copied afresh on every read, and the script's own locals and tables are
-- compared after every resume with what loading left (core/src/
-- script_state.c).  Its handlers reach the rules only through wrappers
-- (install_script) that check what they return and tell the engine which
-- card is running.

-- Lua's own safe functions.  No load, require, io, os, debug, coroutine,
-- collectgarbage, dofile: a card cannot reach outside the game.
CARD_API_BASE = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
  "tostring", "type", "unpack", "xpcall", "rawequal", "rawget", "rawlen", "rawset",
  "setmetatable", "getmetatable",
}

-- Helpers of the rules that scripts may call (docs/lua-api.md).
CARD_API_RULES = {
  "get", "choose", "choose_or_skip", "choose_secret", "has_bit", "count_bits", "card_label",
  "upgraded", "side_of", "check", "money", "pay", "gain", "gain_worker", "free_workers",
  "hand_cards", "range_cards", "draw_cards", "take_card", "snap", "discard_from_hand",
  "choose_action_card", "upgrade_action", "all_upgraded", "advance_break",
  "conditions_met", "partner_count", "university_count", "has_partner_zoo",
  "apply_bonus", "free_building", "place_building", "take_partner_zoo",
  "take_university", "perform_action", "keyword", "parse_ability",
  "after_this_action", "can_take_partner_zoo", "can_take_university",
  "threshold_reward", "move_animals_into",
  -- cards/lib/kit.lua
  "offer_free_building", "count_connected", "icon_sponsorship", "icon_expert",
  "card_icons", "native_species", "terrain_expert", "icon_reward", "end_icon_bonus",
  "breeding_program", "card_taker", "icon_keyword", "after_action_clever",
  "conservation_paying_then",
}

-- Primitives only the rules' own Lua may call.  ark.zoo_stamp's numbers
-- depend on what other games of the process did: a script that read one
-- could play the same seed two ways.
ARK_RULES_ONLY = { "zoo_stamp", "zoo_handlers", "zoo_has_handler_fn", "hand_fit", "progress",
                   "sponsor_fit", "animals_lowest", "build_lowest", "buildable",
                   "association_lowest", "association_possible", "zoo_known",
                   "animal_candidates", "sponsor_candidates", "hand_fit_modify",
                   "animals_lowest_fn", "association_lowest_fn", "hand_fit_fn", "events_fn",
                   "placement_bonus", "final_scored", "venom_paid" }

-- The rules' own functions and raw primitives that no printed card, map or
-- plugin's script calls: each makes one change without what the rules
-- attach to it (the player's choice, bonuses, the events other cards
-- listen to), or fires those events itself.  A script that reads one stops
-- at that line, told what it may call instead (docs/lua-api.md).
local RULES_OWN = {
  fire = "", fire_own = "", reward = "", play_sponsor = "",
}
local ARK_RULES_RAW = {
  build = "place_building or free_building", support = "", release = "",
  play_card = "", upgrade = "upgrade_action", place_animal = "",
  move_animal = "move_animals_into", project_enter = "", take_edge = "",
  take_tile = "", take_partner_zoo = "take_partner_zoo(p)",
  take_university = "take_university(p)", task_workers = "", break_cleanup = "",
  scoring_discard = "", pure = "check(f, ...)", choose = "choose(p, tag, prompt, options)",
  advance_break = "advance_break(p, n)",
}
local function rules_own(name, instead)
  return name .. " is the rules' own, not for card and map scripts" ..
    (instead ~= "" and ": a script calls " .. instead or "") ..
    " (docs/lua-api.md lists what they may use)"
end

-- Tables of constants: every read gives a fresh copy.
CARD_API_TABLES = { "ACTIONS", "ACTION_TITLE", "CONTINENTS", "CATEGORIES" }

local CONSTANT = {}
for _, name in ipairs(CARD_API_TABLES) do CONSTANT[name] = true end

-- Lua's own names a script has not (above): reading one is an error at
-- that line that says so, not Lua's "attempt to index a nil value (global
-- 'os')" a line later.  Any other name the script never set reads as nil.
CARD_API_MISSING = { "io", "os", "require", "load", "loadfile", "loadstring", "dofile",
                     "debug", "coroutine", "collectgarbage", "package" }
local MISSING = {}
for _, name in ipairs(CARD_API_MISSING) do MISSING[name] = true end
local MISSING_WHY = " is not available to card and map scripts, which cannot reach " ..
  "outside the game (docs/lua-api.md lists what they may use)"

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- t and the tables it holds copied afresh (keys and metatables shared):
-- SANDBOX.copy does it in C, at full size
local deep_copy = SANDBOX.copy

-- Strings share one metatable; hide it so no script can change how every
-- string behaves.
getmetatable("").__metatable = false

local unpack_fn = unpack or table.unpack
local sealed, target = SANDBOX.sealed, SANDBOX.target

-- A read-only view of t: reads go through, a write is an error at the
-- line that tries it.  pairs, next and the raw functions of the sandbox see
-- the table behind it.
local function view(t, what)
  local v = setmetatable({}, {
    __index = t,
    __newindex = function(_, k)
      error(what .. " is read-only: cannot set '" .. tostring(k) .. "'", 2)
    end,
    __metatable = false,
  })
  sealed[v] = true
  target[v] = t
  return v
end

-- env -> { names table, env's metatable }, until the script is sealed.
local parts = setmetatable({}, { __mode = "k" })

-- key -> whether any card's fact under it is a table, found at the key's
-- first read: fact() then asks type() only of such keys (it is read in
-- the scripts' hottest loops).  The facts do not change once loaded, and
-- every card's facts are loaded before any script runs.
local table_key = {}
local function is_table_key(key)
  local t = false
  for _, c in next, CARDS do
    if type(c[key]) == "table" then
      t = true
      break
    end
  end
  table_key[key] = t
  return t
end

-- One fact of a card without copying the whole card (a hot loop over the
-- zoo asks only a type or a size); a table-valued fact is copied, so that
-- no script changes what every game shares.  Card and plugin scripts both
-- have it as fact().
local function fact(id, k)
  local c = CARDS[id]
  if c == nil then return nil end
  local v = c[k]
  local tk = table_key[k]
  if tk == nil then tk = is_table_key(k) end
  if tk and type(v) == "table" then return deep_copy(v) end
  return v
end

-- math.random for scripts: chance only from the game's seeded generator.
-- A range holds at most 2^53 numbers (all that a LuaJIT number, a double,
-- holds exactly); a wider one, an empty one or a bound that is no whole
-- number is an error at the caller's line, as Lua's own math.random gives.
local RANDOM_MAX = 9007199254740992   -- 2^53
local function random_bound(x, i)
  if type(x) ~= "number" or x ~= x or x ~= math.floor(x) then
    error(string.format("math.random: bound #%d (%s) is not a whole number", i,
      tostring(x)), 3)
  end
end
local function random_in_game(lo, hi)
  if lo == nil then return (ark.random(1000000000) - 1) / 1000000000 end
  local i = 2
  if hi == nil then lo, hi, i = 1, lo, 1 end
  random_bound(lo, 1)
  random_bound(hi, i)
  if lo > hi then error("math.random: interval is empty", 2) end
  if lo < -RANDOM_MAX or hi > RANDOM_MAX or hi - lo >= RANDOM_MAX then
    error("math.random: interval too large (at most 2^53 numbers, within -2^53..2^53)", 2)
  end
  return lo + ark.random(hi - lo + 1) - 1
end

-- A script sets only its own memo (docs/lua-api.md): a card's script the
-- memo of its card, a map's script the map memo of a seat that plays its
-- map.  Each may read any memo.  The rules' and the card library's own
-- code keeps the raw ark.memo and ark.map_memo (a handler that
-- breeding_program made sets the memo of the card it is called for).
local function memo_owner(card)
  local c = type(card) == "number" and CARDS[card]
  if c then return c.name .. " (" .. c.number .. ")" end
  return tostring(card)
end

local function own_memos(a, key)
  local memo, map_memo = a.memo, a.map_memo
  if key >= 0 then
    local mine = memo_owner(key)
    a.memo = function(card, v)
      if v ~= nil and card ~= key and CARDS[card] then
        error("ark.memo: the script of " .. mine .. " may set only its own card's memo, " ..
              "not that of " .. memo_owner(card) .. " (it may read any card's)", 2)
      end
      return memo(card, v)
    end
    a.map_memo = function(p, v)
      if v ~= nil then
        error("ark.map_memo: the script of " .. mine .. " may not set a map's memo " ..
              "(ark.memo(id, v) keeps its card's number)", 2)
      end
      return map_memo(p)
    end
  else
    local m = -2 - key
    a.memo = function(card, v)
      if v ~= nil then
        error("ark.memo: a map's script may not set a card's memo (ark.map_memo(p, v) " ..
              "keeps the map's number)", 2)
      end
      return memo(card)
    end
    a.map_memo = function(p, v)
      if v ~= nil and type(p) == "number" and p >= 0 and p < ark.get(nil, "players") and
         ark.get(p, "map") ~= m then
        error("ark.map_memo: a map's script may set only the memo of a seat that plays " ..
              "its map, not seat " .. p .. "'s", 2)
      end
      return map_memo(p, v)
    end
  end
end

-- A fresh environment for one script: an empty table whose reads fall
-- through to the names of the API.  While the script loads, its globals
-- land in it; seal_card_env then makes it read-only.  key: the script's
-- card id, or -2 - map index (nil: a script of no card, as a test makes),
-- for the API functions that name the script's own then_ functions.
-- Into api, the names where a script's Lua is not Lua's own
-- (docs/lua-api.md): pairs and next in a fixed order, the raw functions
-- and setmetatable of the sandbox (core/src/sandbox.c), and read-only
-- views of string, table (a stable sort, no move) and math (random from
-- the game's seeded generator).  Card and map scripts and plugins' scripts
-- alike: with Lua's own, the same seed played another game.
local function sandbox_base(api)
  api.pairs, api.next, api.rawset, api.rawget, api.rawlen =
    SANDBOX.pairs, SANDBOX.next, SANDBOX.rawset, SANDBOX.rawget, SANDBOX.rawlen
  api.setmetatable, api.getmetatable = SANDBOX.setmetatable, SANDBOX.getmetatable
  api.unpack = unpack_fn
  api.string = view(copy(string), "string")
  local tbl = copy(table)
  tbl.sort = SANDBOX.sort
  tbl.move = nil          -- loops in C without a bound (and LuaJIT has none)
  api.table = view(tbl, "table")
  local m = copy(math)
  -- chance only from the game's seeded generator
  m.random = random_in_game
  m.randomseed = nil
  api.math = view(m, "math")
end

function make_card_env(key)
  local api = {}
  for _, name in ipairs(CARD_API_BASE) do api[name] = _G[name] end
  for _, name in ipairs(CARD_API_RULES) do api[name] = _G[name] end
  sandbox_base(api)
  local a = copy(ark)
  for _, name in ipairs(ARK_RULES_ONLY) do a[name] = nil end
  for name in pairs(ARK_RULES_RAW) do a[name] = nil end
  setmetatable(a, { __index = function(_, k)
    local instead = ARK_RULES_RAW[k]
    if instead then error(rules_own("ark." .. k, instead), 2) end
    return nil
  end })
  if key then own_memos(a, key) end
  api.ark = view(a, "ark")
  -- card facts are shared by every game: scripts get a fresh copy per read
  local cards = setmetatable({}, { __index = function(_, id)
    local c = CARDS[id]
    if c then return deep_copy(c) end
    return nil
  end, __newindex = function() error("CARDS is read-only", 2) end, __metatable = false })
  sealed[cards] = true
  api.CARDS = cards
  api.card = function(id) return cards[id] end
  api.fact = fact
  if key then own_continuations(api, key) end
  api.KEYWORDS = view(KEYWORDS and copy(KEYWORDS) or {}, "KEYWORDS")
  setmetatable(api, { __index = function(_, k)
    if CONSTANT[k] then return deep_copy(_G[k]) end
    if MISSING[k] then error("'" .. k .. "'" .. MISSING_WHY, 2) end
    if RULES_OWN[k] then error(rules_own("'" .. k .. "'", RULES_OWN[k]), 2) end
    return nil
  end })
  local env = {}
  local meta = { __index = api, __metatable = false }
  setmetatable(env, meta)
  api._G = env
  parts[env] = { api, meta }
  return env
end

-- The script's returned table, once loaded, becomes a read-only view of
-- its fields, which move to a table behind it: a handler that sets a
-- field fails at that line, as one that sets a global does, and the
-- kept-state check (core/src/script_state.c) no longer compares the table
-- after every resume, only what its fields hold (SANDBOX.fixed: walked,
-- not recorded).  A table with a metatable of its own stays as it is (and
-- is compared).  Returns the table that holds the fields.
local fixed = SANDBOX.fixed
local SCRIPT_KEEPS = "the script's table after loading: a script keeps no state between " ..
  "calls (ark.memo keeps a number for the game)"

local function fix_returned(t, why)
  if getmetatable(t) ~= nil or sealed[t] then return t end
  local behind = {}
  for k, v in next, t do behind[k] = v end
  for k in next, behind do rawset(t, k, nil) end
  why = why or SCRIPT_KEEPS
  setmetatable(t, {
    __index = behind,
    __newindex = function(_, k)
      error("cannot set '" .. tostring(k) .. "' in " .. why, 2)
    end,
    __metatable = false,
  })
  sealed[t] = true
  target[t] = behind
  fixed[behind] = true
  return behind
end

-- After loading: the script's globals move behind the read-only
-- environment, and its returned table behind a read-only view.  Returns
-- the roots of what the script keeps, for core/src/script_state.c: what
-- its returned table holds and its own globals.
-- Moves the fields of env into the table behind it, each also into roots
-- under its name (the names the kept-state check's messages give).
local function move_behind(env, behind, roots)
  local keys, n = {}, 0
  for k in next, env do
    n = n + 1
    keys[n] = k
  end
  for i = 1, n do
    local k = keys[i]
    local v = rawget(env, k)
    rawset(behind, k, v)
    rawset(env, k, nil)
    if type(k) == "string" then roots[k] = v else roots["[" .. tostring(k) .. "]#" .. i] = v end
  end
end

function seal_card_env(env, returned)
  local api, meta = parts[env][1], parts[env][2]
  parts[env] = nil
  local roots = { ["return"] = fix_returned(returned) }
  move_behind(env, api, roots)
  meta.__newindex = function(_, k)
    error("cannot set global '" .. tostring(k) .. "' after loading: a script keeps no state " ..
          "between calls (ark.memo keeps a number for the game)", 2)
  end
  sealed[env] = true
  target[env] = api
  return roots
end

-- ---- plugins ----

-- A plugin's script (docs/plugins.md) reads the whole rules environment
-- and, while it loads, may replace what the rules' globals hold: its _G
-- stands for the rules' globals.  Once its script has loaded, its hooks
-- keep no state between calls either (the same reasons as a card's): its
-- own globals move behind its environment, which then refuses a write, as
-- _G and its returned table do, and seal_plugin_env returns the roots the
-- engine records and compares after every resume (native/lua_bridge.c,
-- load_plugin).
local plugin_globals = {}
local PLUGIN_KEEPS = "the plugin's table after loading: a plugin's hooks keep no state " ..
  "between calls (docs/plugins.md)"

function make_plugin_env()
  local loading = true
  local proxy = setmetatable({}, {
    __index = _G,
    __newindex = function(_, k, v)
      if not loading then
        error("cannot set the rules' global '" .. tostring(k) .. "' after loading: a " ..
              "plugin's hooks keep no state between calls (docs/plugins.md)", 2)
      end
      _G[k] = v
    end,
    __metatable = false,
  })
  sealed[proxy] = true
  -- the names a card's script has and the rules' globals lack, between
  -- the script's globals and the rules'; its continuations find the
  -- script's table once it is sealed
  local state = {}
  local api = plugin_api(state)
  local env = setmetatable({ _G = proxy }, { __index = api })
  plugin_globals[env] = { function() loading = false end, api, state }
  return env
end

function seal_plugin_env(env, returned)
  local parts_of = plugin_globals[env]
  parts_of[1]()
  plugin_globals[env] = nil
  local own, roots = setmetatable({}, { __index = parts_of[2] }), {}
  if returned ~= env then roots["return"] = fix_returned(returned, PLUGIN_KEEPS) end
  parts_of[3].hooks = returned
  move_behind(env, own, roots)
  sealed[env] = true      -- its functions' _ENV: empty, and refusing writes
  setmetatable(env, { __index = own, __newindex = function(_, k)
    error("cannot set global '" .. tostring(k) .. "' after loading: a plugin's hooks keep " ..
          "no state between calls (docs/plugins.md)", 2)
  end, __metatable = false })
  return roots
end

-- ---- handlers ----

-- wrapper -> { script key, line of the handler, handler name }: tells
-- native/lua_bridge.c whose handler an error or a stop happened in.
-- SCRIPT_HANDLERS the same for a script's own handlers and then_
-- functions, which the engine may call without a wrapper (as a step's
-- last call).
SCRIPT_WRAPPERS, SCRIPT_HANDLERS = {}, {}

-- An event handler's last-call form: HANDLER_LAST_FORMS[f] = g, set by
-- the card library for a handler f it makes (icon_expert,
-- cards/lib/kit.lua); g = true asks for f itself as the last call (its
-- own last call may end the step's coroutine).  g(...) reads f's
-- arguments and returns the rules
-- function fn, player and code such that fn(player, code) does what f(...)
-- would, or nothing: then f runs (behind its wrapper).  HANDLER_LAST[w],
-- for f's wrapper w, is what fire_last (rules.lua) calls as a step's last
-- call, so that fn's choices may end the step's coroutine.  g runs
-- outside the wrapper (it must not fail); whatever may fail runs in f,
-- whose errors name the card.
HANDLER_LAST_FORMS, HANDLER_LAST = {}, {}

local touch = ENGINE.touch
local LIMIT = 9999

-- v % 1 == 0 is v == math.floor(v) for every number (NaN and the
-- infinities fail either way), without a call: each modifier's answer
-- passes here.
local function whole(v)
  return v % 1 == 0 and v >= -LIMIT and v <= LIMIT
end

local function shown(v)
  if type(v) == "string" then
    if #v > 40 then v = string.sub(v, 1, 40) .. "..." end
    return "the string \"" .. v .. "\""
  elseif v == nil then
    return "nothing"
  elseif type(v) == "number" or type(v) == "boolean" then
    return tostring(v)
  end
  return "a " .. type(v)
end

local function article(t)
  if string.match(t, "^[aeiou]") then return "an " .. t end
  return "a " .. t
end

-- The modifier a card's, map's or plugin's script is running (its name),
-- or false: choose() and the other questions (lib.lua) refuse to ask
-- inside one.  A modifier's value is asked while the rules list a turn's
-- options and while the AIs value positions, where no player can answer
-- (and a question there could not end the step's coroutine: some of those
-- callers are C).  A modifier that failed leaves it set; the engine puts
-- it back to false where it catches the error (native/lua_bridge.c).
MODIFYING = false

-- The wrapper of modifier f (name, defined at where, "file:line"): it
-- marks the modifier as running, and checks what it returns, a value of
-- the type it was given, a whole number if a number, before a wrong one
-- fails later, deep in the rules.  key: the card's or map's script (for
-- ENGINE.touch), nil for a plugin's hook.
function checked_modifier(f, name, where, key)
  return function(p, id, value, ...)
    if key then touch(key) end
    local was = MODIFYING
    MODIFYING = name
    local r = f(p, id, value, ...)
    MODIFYING = was
    -- the value it was given (most answers): of the type it was
    -- given, and a whole number if a number (the rules give those)
    if r == value then return r end
    -- one type() each: every modifier's answer passes here
    local tr = type(r)
    if tr ~= type(value) or (tr == "number" and not whole(r)) then
      local want = type(value) == "number" and "a whole number (-9999..9999)" or
        article(type(value))
      error(where .. ": " .. name .. " returned " .. shown(r) .. "; a modifier returns " ..
            want .. ", the value it was given changed or not", 0)
    end
    return r
  end
end

-- ---- a script's own continuations ----
--
-- A decision that ends the step's coroutine leaves only data in the state
-- (a rules function's name, a player, a whole number), so that a copy of
-- the game made there runs no Lua.  A script's functions named then_...
-- can be that rules function: install_script registers each as one
-- (THEN_NAMES), and the API functions below, bound to the script, take
-- the then_ function's name.  Called as the last thing a handler or a
-- then_ function does (`return choose_then(...)`), they let the engine
-- end the step's coroutine; called anywhere else they do the same in the
-- plain way, so a script is right either way and only faster the first.

-- key -> { then_ name = the rules function that runs it }
THEN_NAMES = {}
local THEN_PATHS = {}

local function then_fn(key, method, what)
  local names = THEN_NAMES[key]
  local fn = names and names[method]
  if fn then return fn end
  local known = {}
  for name in next, names or {} do known[#known + 1] = name end
  table.sort(known)
  error(what .. ": " .. shown(method) .. " is no then_ function of " ..
        tostring(THEN_PATHS[key]) .. " (it has " ..
        (#known > 0 and table.concat(known, ", ") or "none") .. ")", 3)
end

local function whole_code(code, what)
  if code == nil then return 0 end
  if type(code) ~= "number" or code % 1 ~= 0 or code < -2147483647 or code > 2147483647 then
    error(what .. ": the code must be a whole number, not " .. shown(code), 3)
  end
  return code
end

-- The arguments of a script's gain_then and choose_then, checked before
-- the rules get them: called as the script's last act, these run after
-- its own frame is gone, and a wrong argument would otherwise fail deep
-- in the rules, with a message about the rules' code (the engine still
-- names the script: native/lua_bridge.c, base_who).
local function gain_args(track, n)
  if not TRACKS[track] then
    error("gain_then: unknown track " ..
          (type(track) == "string" and "'" .. track .. "'" or shown(track)) ..
          " (money, appeal, conservation, reputation, xtokens)", 3)
  end
  if type(n) ~= "number" or n % 1 ~= 0 or n < 0 then
    error("gain_then: the amount must be a whole number, 0 or more, not " .. shown(n), 3)
  end
end

local function choice_args(options, codes)
  if type(options) ~= "table" then
    error("choose_then: the options must be a table of texts, not " .. shown(options), 3)
  end
  local n = #options
  if n == 0 then error("choose_then: no options", 3) end
  for i = 1, n do
    if type(options[i]) ~= "string" then
      error("choose_then: option " .. i .. " is " .. shown(options[i]) .. ", not a text", 3)
    end
  end
  if type(codes) == "number" then return end
  if type(codes) ~= "table" then
    error("choose_then: the codes must be a whole number or a table of them, not " ..
          shown(codes), 3)
  end
  for i = 1, n do
    local c = codes[i]
    if type(c) ~= "number" or c % 1 ~= 0 then
      error("choose_then: code " .. i .. " (for option " .. i .. ") must be a whole number, not " ..
            shown(c), 3)
    end
  end
end

-- A script's cells for place_building as the rules take them, the text
-- "(x,y) (x,y)" that ark.placements gives: that text itself, or a list
-- of cells, each {x, y} or a space of ark.map_cells ({x = .., y = ..}).
-- nil and what is wrong for anything else.
local CELLS_FORMS = "a list of cells {x, y} (or spaces of ark.map_cells), or a text " ..
  "\"(x,y) (x,y)\" as ark.placements gives"
local function cells_text(cells)
  if type(cells) == "string" then return cells end
  if type(cells) ~= "table" then
    return nil, "the cells are " .. CELLS_FORMS .. ", not " .. shown(cells)
  end
  local parts = {}
  for i = 1, #cells do
    local c, x, y = cells[i], nil, nil
    if type(c) == "table" then
      x, y = c[1], c[2]
      if x == nil and y == nil then x, y = c.x, c.y end
    end
    if type(x) ~= "number" or type(y) ~= "number" or not whole(x) or not whole(y) then
      return nil, "cell " .. i .. " is " .. shown(c) .. ", not {x, y} of whole numbers (the " ..
        "cells are " .. CELLS_FORMS .. ")"
    end
    parts[i] = string.format("(%d,%d)", x, y)
  end
  if #parts == 0 then return nil, "the list of cells is empty" end
  return table.concat(parts, " ")
end

-- What is wrong with a script's perform_action(p, a, strength, side), or
-- nil: p a seat, a an action card, strength a whole number in
-- 1..MAX_ACTION_STRENGTH, side 1 or 2.  The rules' own calls are not
-- checked: their values come from the game.
local MAX_ACTION_STRENGTH = 99   -- action_done's code holds the strength below 100
local function action_args_problem(p, a, strength, side)
  if type(p) ~= "number" or not whole(p) or p < 0 or p >= ark.get(nil, "players") then
    return "the player must be a seat, 0 to " .. (ark.get(nil, "players") - 1) .. ", not " ..
           shown(p)
  end
  if not ACTION_INDEX[a] then
    return "unknown action card " .. (type(a) == "string" and "'" .. a .. "'" or shown(a)) ..
           " (" .. table.concat(ACTIONS, ", ") .. ")"
  end
  if type(strength) ~= "number" or not whole(strength) or strength < 1 or
     strength > MAX_ACTION_STRENGTH then
    return "the strength must be a whole number from 1 to " .. MAX_ACTION_STRENGTH ..
           ", not " .. shown(strength)
  end
  if side ~= 1 and side ~= 2 then
    return "the side must be 1 or 2 (side_of(p, '" .. a .. "') gives the card's own), not " ..
           shown(side)
  end
  return nil
end

-- The continuation functions of the API of the script under key.
function own_continuations(api, key)
  -- choose(), the answer i then running the script's then_ function
  -- method(p, id, codes[i], i) (codes: one whole number per option, or one
  -- for all); secret: only p may see the options (choose_secret)
  api.choose_then = function(p, tag, prompt, options, codes, method, secret)
    local fn = then_fn(key, method, "choose_then")
    choice_args(options, codes)
    return choose_then(p, tag, prompt, options, codes, fn, secret)
  end
  -- gain(p, track, n), then method(p, id, code) if given: a conservation
  -- or reputation reward the gain reaches may end the step's coroutine
  api.gain_then = function(p, track, n, method, code)
    gain_args(track, n)
    if method == nil then return gain_last(p, track, n) end
    return gain_then(p, track, n, then_fn(key, method, "gain_then"), whole_code(code, "gain_then"))
  end
  -- f(...), then method(p, id, code): f's decisions may end the step's
  -- coroutine where f is the last call of the rules' kind (perform_action,
  -- keyword, apply_bonus, a then_ API function)
  api.call_then = function(p, method, code, f, ...)
    local fn = then_fn(key, method, "call_then")
    code = whole_code(code, "call_then")
    if type(f) ~= "function" then
      error("call_then: the fourth argument must be a function, not " .. shown(f), 2)
    end
    if ENGINE.after(fn, p, code) then return f(...) end
    f(...)
    return _G[fn](p, code)
  end
  -- perform_action, place_building and move_animals_into as a script's
  -- last call: their decisions may end the step's coroutine (at the
  -- step's base nothing waits for what place_building returns); called
  -- anywhere else, each the plain way
  api.perform_action = function(p, a, strength, side)
    local bad = action_args_problem(p, a, strength, side)
    if bad then error("perform_action: " .. bad, 2) end
    return perform_action_last(p, a, strength, side)
  end
  api.place_building = function(p, k, cells, build2, card)
    local text, bad = cells_text(cells)
    if not text then error("place_building: " .. bad, 2) end
    if type(k) ~= "string" or not ark.building_def(k) then
      error("place_building: unknown building kind " ..
            (type(k) == "string" and "'" .. k .. "'" or shown(k)) ..
            " (ark.building_defs() lists the kinds)", 2)
    end
    if ENGINE.after_room() > 0 then return place_building_last(p, k, text, build2, card) end
    return place_building(p, k, text, build2, card)
  end
  api.move_animals_into = function(p, b, tag)
    if ENGINE.after_room() > 0 then return move_animals_last(p, b, tag) end
    return move_animals_into(p, b, tag)
  end
end

-- Registers the then_ functions of script t (key, path as install_script
-- has them) as rules functions "@key:i", i their place in name order (the
-- same in every process: a save or a copy names them alike).  One whose
-- script was stopped in this game does nothing (the step that stopped it
-- runs again without it).
function install_continuations(key, t, path, lines)
  local names = {}
  for name, f in next, t do
    if type(name) == "string" and string.sub(name, 1, 5) == "then_" and type(f) == "function" then
      names[#names + 1] = name
    end
  end
  table.sort(names)
  local id = key >= 0 and key or nil
  local map = key < 0 and -2 - key or nil
  local out = {}
  for i, name in ipairs(names) do
    local f, fn = t[name], "@" .. key .. ":" .. i
    SCRIPT_HANDLERS[f] = { key, lines[name] or 1, name }
    if id then
      _G[fn] = function(p, code, k)
        if ark.script_off(id) then return end
        touch(key, f)
        return f(p, id, code, k)
      end
    else
      _G[fn] = function(p, code, k)
        if ark.get(p, "map") == map and ark.map_script_off(p) then return end
        touch(key, f)
        return f(p, nil, code, k)
      end
    end
    out[name] = fn
  end
  THEN_NAMES[key], THEN_PATHS[key] = out, path
end

-- The table the rules see as SCRIPTS[id] (MAP_SCRIPTS[m]): the known
-- handlers of the script's table t, each behind a wrapper.  A modifier
-- must return a value of the type it was given (a whole number within
-- -9999..9999 for a number); score a whole number or nil.  A handler that
-- is no function becomes one that fails with the script's file and line.
-- key: the card id, or -2 - map index; lines[name]: where it is defined;
-- cont: the script goes on in continuations (then_ functions, the then_
-- API: native/lua_bridge.c tells from its text).
function install_script(key, t, path, lines, cont)
  local out = {}
  install_continuations(key, t, path, lines)
  for _, name in ipairs(KNOWN_HANDLERS) do
    local f = t[name]
    if f ~= nil then
      local line = lines[name] or 1
      local where = path .. ":" .. line
      local w
      if type(f) ~= "function" then
        local msg = where .. ": " .. name .. " must be a function, not " .. article(type(f))
        w = function() error(msg, 0) end
      elseif string.sub(name, 1, 7) == "modify_" then
        w = checked_modifier(f, name, where, key)
      elseif name == "score" then
        w = function(p, id)
          touch(key)
          -- it counts, never asks (the AIs ask it during play): as a modifier
          local was = MODIFYING
          MODIFYING = "score"
          local r = f(p, id)
          MODIFYING = was
          if r ~= nil and (type(r) ~= "number" or not whole(r)) then
            error(where .. ": score returned " .. shown(r) ..
                  "; it returns a whole number of conservation points (or nil for 0)", 0)
          end
          return r
        end
      else
        w = function(...)
          touch(key)
          f(...)
        end
        local g = HANDLER_LAST_FORMS[f]
        if type(g) == "function" then
          HANDLER_LAST[w] = function(...)
            local fn, p, code = g(...)
            if fn == nil then return w(...) end
            touch(key, f)
            return _G[fn](p, code)
          end
        elseif g or cont then
          -- f as the last call, in its wrapper's place: its own last call
          -- (a then_ API function) may end the step's coroutine.  Only for
          -- a script that goes on in continuations: keeping what follows a
          -- handler costs more than it saves for one that asks nothing so
          HANDLER_LAST[w] = function(...)
            touch(key, f)
            return f(...)
          end
        end
      end
      SCRIPT_WRAPPERS[w] = { key, line, name }
      if type(f) == "function" then SCRIPT_HANDLERS[f] = SCRIPT_WRAPPERS[w] end
      out[name] = w
    end
  end
  return out
end

-- The script of a card, unless it was stopped earlier in this game.
function script_of(id)
  local s = SCRIPTS[id]
  if s and ark.script_off(id) then return nil end
  return s
end

-- Handler names a card or map script may define (docs/triggers.md).
-- `arknova check` reports any other name, so a typo such as on_paly does
-- not fail silently.  Private helpers belong in locals, or in fields whose
-- name starts with an underscore.
KNOWN_HANDLERS = {
  "on_play", "score",
  "card_played", "building_placed", "animal_released", "project_supported",
  "partner_zoo_taken", "university_taken", "reputation_reached",
  "conservation_reached", "bonus",
  "turn_start", "before_action", "after_action", "turn_end", "income", "game_end",
  "modify_sponsor_level", "modify_conditions_ignored", "modify_task_strength",
  "modify_affected_by", "modify_project_wildcards", "project_wildcards_used",
  "modify_project_supports", "modify_build_repeats", "modify_border_bonus_repeats",
  "modify_animal_cost",
}
KNOWN_HANDLER_SET = {}
for _, name in ipairs(KNOWN_HANDLERS) do KNOWN_HANDLER_SET[name] = true end

-- A card's own handlers: the rules call them for that card alone, by its
-- id (play_script_last, scoring_cp in rules.lua), never from the lists of
-- handlers a plugin's hooks join, so a plugin's hook of such a name would
-- never run; loading refuses it (native/lua_bridge.c, check_handlers),
-- saying what a plugin hooks instead.  PLUGIN_HOOKS: the names it may
-- hook, in the order of KNOWN_HANDLERS, and PLUGIN_HOOK_LIST them as text.
CARD_OWN_HANDLERS = {
  on_play = "card_played comes for every card played",
  score = "game_end comes at the final scoring, for each player",
}
PLUGIN_HOOKS = {}
for _, name in ipairs(KNOWN_HANDLERS) do
  if not CARD_OWN_HANDLERS[name] then PLUGIN_HOOKS[#PLUGIN_HOOKS + 1] = name end
end
PLUGIN_HOOK_LIST = table.concat(PLUGIN_HOOKS, ", ")

-- ---- what a plugin's script has of the card API ----

-- The plugin's then_ function `method` of the script's table (state.hooks,
-- known once the script has loaded), for the continuation API below.
local function plugin_then(state, method, what)
  local t = state.hooks
  local f = t and type(method) == "string" and string.sub(method, 1, 5) == "then_" and
    t[method]
  if type(f) == "function" then return f end
  error(what .. ": " .. shown(method) .. " is no then_ function of this plugin's script" ..
        (t and "" or " (its hooks are not known while it loads)"), 3)
end

-- The names of a card's script (docs/lua-api.md) that the rules' globals
-- lack or hold in another form, for a plugin's script, whose other names
-- are the rules' own: Lua's as a card has them (sandbox_base: the rules'
-- own pairs would visit keys in an order seeded per process), fact, and
-- choose_then, gain_then and call_then naming the script's then_
-- functions.  The script's _G still reaches the rules' own.  A hook is never a step's
-- last call (docs/plugins.md), so these are always the plain way: the
-- question is asked, then the then_ function runs as then_x(p, nil, code).
-- Reads fall through to the rules' globals.
function plugin_api(state)
  local api = setmetatable({}, { __index = _G })
  sandbox_base(api)
  api.fact = fact
  api.choose_then = function(p, tag, prompt, options, codes, method, secret)
    local f = plugin_then(state, method, "choose_then")
    local i
    if secret then i = choose_secret(p, tag, prompt, options)
    else i = choose(p, tag, prompt, options) end
    return f(p, nil, type(codes) == "number" and codes or codes[i], i)
  end
  api.gain_then = function(p, track, n, method, code)
    if method == nil then return gain(p, track, n) end
    local f = plugin_then(state, method, "gain_then")
    code = whole_code(code, "gain_then")
    gain(p, track, n)
    return f(p, nil, code)
  end
  api.call_then = function(p, method, code, f, ...)
    local fn = plugin_then(state, method, "call_then")
    code = whole_code(code, "call_then")
    if type(f) ~= "function" then
      error("call_then: the fourth argument must be a function, not " .. shown(f), 2)
    end
    f(...)
    return fn(p, nil, code)
  end
  return api
end

-- The rules tables docs/plugins.md lets a plugin's script change, checked
-- after each script loads (native/lua_bridge.c, load_plugin): a wrong
-- value would otherwise fail in a game, inside the rules' own file
-- ("association.lua:668: attempt to compare number with nil").  Returns
-- "NAME\twhat is wrong" (NAME: the table's name, which the engine looks
-- for in the script to give a line), or nil.
local function whole(v, lo, hi)
  return type(v) == "number" and v == math.floor(v) and v >= lo and v <= hi
end

local function bad_list(name, t, lo, hi, rising)
  if type(t) ~= "table" then return name .. " is a " .. type(t) .. ", not a list of numbers" end
  local n, count = #t, 0
  for _ in pairs(t) do count = count + 1 end
  if n == 0 then return name .. " is empty: it needs at least one number" end
  if count ~= n then return name .. " is not a plain list {a, b, ...}: it has keys besides 1.." .. n end
  for i = 1, n do
    if not whole(t[i], lo, hi) then
      return string.format("%s[%d] is %s, not a whole number from %d to %d", name, i,
                           tostring(t[i]), lo, hi)
    end
    if rising and i > 1 and t[i] <= t[i - 1] then
      return string.format("%s[%d] is %s, not above %s[%d] %s: the spaces go up the track",
                           name, i, tostring(t[i]), name, i - 1, tostring(t[i - 1]))
    end
  end
end

function check_rules_tables()
  local A = type(ACTION_SCRIPTS) == "table" and ACTION_SCRIPTS.association
  if type(A) == "table" then
    for _, k in ipairs({ "DONATIONS", "DONATIONS_2P" }) do
      local why = bad_list("ACTION_SCRIPTS.association." .. k, A[k], 0, 1000)
      if why then return k .. "\t" .. why .. " (the donation prices)" end
    end
  end
  local R = REPUTATION_BONUS
  if type(R) ~= "table" or #R == 0 then
    return "REPUTATION_BONUS\tREPUTATION_BONUS is not a list of {space = N, reward = NAME}"
  end
  local spaces = {}
  for i = 1, #R do
    if type(R[i]) ~= "table" or type(R[i].reward) ~= "string" then
      return string.format("REPUTATION_BONUS\tREPUTATION_BONUS[%d] is not a {space = N, " ..
                           "reward = NAME}", i)
    end
    spaces[i] = R[i].space
  end
  local why = bad_list("the spaces of REPUTATION_BONUS", spaces, 1, 15, true)
  if why then return "REPUTATION_BONUS\t" .. why end
  why = bad_list("CONSERVATION_BONUS", CONSERVATION_BONUS, 1, 1000, true)
  if why then return "CONSERVATION_BONUS\t" .. why end
end

-- The table PLUGIN_SCRIPTS holds for a plugin: the trigger handlers of
-- its script's table t (its then_ functions too), each modifier behind the
-- wrapper a card's has, so that a wrong value it returns, or a question
-- it asks, stops the game with the plugin's file and the modifier's line
-- (lines[name], native/lua_bridge.c).
function plugin_hooks(t, file, lines)
  local out = {}
  for name, f in next, t do
    if type(name) == "string" then
      if KNOWN_HANDLER_SET[name] and string.sub(name, 1, 7) == "modify_" and
         type(f) == "function" then
        out[name] = checked_modifier(f, name, file .. ":" .. (lines[name] or 1))
      elseif KNOWN_HANDLER_SET[name] or string.sub(name, 1, 5) == "then_" then
        out[name] = f
      end
    end
  end
  return out
end
