-- Build action card (both sides).  Rules: "Build action".
-- Side I: one building of size <= strength.  Side II: several different
-- buildings whose sizes add up to <= strength; reptile house and large bird
-- aviary only with side II.  2 money per space covered.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type, kept_in = ipairs, type, kept_in
-- the plugins' scripts: the same table for the whole run, empty when no
-- plugin is loaded (then no rules function can have been replaced)
local PLUGINS = PLUGIN_SCRIPTS
local A = {}

A.COST_PER_SPACE = 2
-- The buildings the action can place, in the order they are offered.
A.KINDS = { "size-1", "size-2", "size-3", "size-4", "size-5", "kiosk", "pavilion",
            "petting-zoo", "reptile-house", "large-bird-aviary" }

-- key -> building def, read once (the defs do not change in a game).
local defs
local function all_defs()
  if not defs then
    defs = {}
    for _, d in ipairs(ark.building_defs()) do defs[d.key] = d end
  end
  return defs
end

local function def(key) return all_defs()[key] end

-- "build <kind> (<cost> money)", made once per kind and cost
local kind_labels = {}
local function kind_label(key)
  local cost = A.COST_PER_SPACE * def(key).size
  local byc = kept_in(kind_labels, key)
  local label = byc[cost]
  if not label then
    label = "build " .. key .. " (" .. cost .. " money)"
    byc[cost] = label
  end
  return label
end

-- May p build kind key (def d) now within budget, not already built this
-- action?  special: ark.get(p, "special_built"); cash: money(p), read once
-- by the callers that ask of every kind (it only reads the game).
local function may_build(p, key, d, budget, side, done, special, cash)
  return not done[key] and d.size <= budget
     and (side == 2 or not d.build2)
     and not (SPECIAL_BIT[key] and math.floor(special / SPECIAL_BIT[key]) % 2 == 1)
     and cash >= A.COST_PER_SPACE * d.size
     and ark.can_place(p, key, side == 2)
end

local function can_build(p, key, budget, side, done, special)
  local d = def(key)
  return d and may_build(p, key, d, budget, side, done, special, money(p))
end

-- Kinds p could build now within budget, not already built this action.
-- (numeric loops over the kinds: Lua 5.4's ipairs calls C per item)
local function buildable(p, budget, side, done)
  local out = {}
  local special, ds, cash, kinds = ark.get(p, "special_built"), all_defs(), money(p), A.KINDS
  for i = 1, #kinds do
    local key = kinds[i]
    local d = ds[key]
    if d and may_build(p, key, d, budget, side, done, special, cash) then out[#out + 1] = key end
  end
  return out
end

-- buildable's test, stopping at the first kind: turn_options asks this of
-- every strength.
local none = {}
local function can(p, strength, side)
  local special, ds, cash, kinds = ark.get(p, "special_built"), all_defs(), money(p), A.KINDS
  for i = 1, #kinds do
    local key = kinds[i]
    local d = ds[key]
    if d and may_build(p, key, d, strength, side, none, special, cash) then return true end
  end
  return false
end
A.can = can

-- The first strength in lo..hi at which script.can holds, or nil
-- (turn_options asks it for every card; script: the table it asks
-- through).  The strength only bounds the size, so each kind is asked at
-- most once, in one pass: a kind that p may build answers the larger of
-- lo and its size, and only a kind that would answer less than the best
-- so far is asked (can_build only reads the game).  A can() not this
-- file's (a plugin's) gets the plain search.  With no plugin (which may
-- change what the loop reads, ark.can_place included), the loop is
-- ark.build_lowest's, in C, given the kinds, price and special bits.
local BUILD_LOWEST = ark.build_lowest

function A.lowest(script, p, side, lo, hi)
  if script.can ~= can then return lowest_by_can(script, p, side, lo, hi) end
  if #PLUGINS == 0 then
    return BUILD_LOWEST(p, side, lo, hi, A.KINDS, A.COST_PER_SPACE, SPECIAL_BIT)
  end
  local special, kinds, best = ark.get(p, "special_built"), A.KINDS, nil
  local ds, cash = all_defs(), money(p)
  for i = 1, #kinds do
    local key = kinds[i]
    local d = ds[key]
    if d then
      local s = d.size > lo and d.size or lo
      if s <= hi and (not best or s < best) and
         may_build(p, key, d, s, side, none, special, cash) then
        if s == lo then return s end
        best = s
      end
    end
  end
  return best
end

local place_prompt = kept_texts(function(key) return "Where does the " .. key .. " go?" end)

-- Builds key at place, at the usual price.
local function place_at(p, key, place, build2)
  pay(p, A.COST_PER_SPACE * def(key).size)
  local b = place_building(p, key, place, build2)
  if key == "reptile-house" or key == "large-bird-aviary" then move_animals_into(p, b) end
end

local function build_one(p, key, side)
  local build2 = side == 2
  local i = choose(p, "build.place", place_prompt(key), placement_options(p, key, build2))
  place_at(p, key, ark.placements(p, key, build2, i), build2)
  return def(key).size
end

-- After the action's buildings, cards may allow one more building of a
-- kind it built (217), at the usual price and beyond the strength:
-- modify_build_repeats(p, id, 0, key) > 0.  The options, and each one's
-- kind as its index in A.KINDS.
local MORE_PROMPT = "Build one more of the same kind?"
local function more_options(p, side, built)
  local opts, ks = {}, {}
  -- no card or map of p's allows one more: modify gives 0 for every kind,
  -- and the loop below would offer none (asked when no plugin may have
  -- replaced modify or has_handler; after every Build the greedy tries)
  if #PLUGINS == 0 and not has_handler(p, "modify_build_repeats") then return opts, ks end
  local special, kinds = ark.get(p, "special_built"), A.KINDS
  for k = 1, #kinds do
    local key = kinds[k]
    -- buildable(p, math.huge, side, {})'s test, asked only of a kind built
    -- that a card allows again (the modifier first: it is cheap, the
    -- search for a place is not)
    if built[key] and modify("build_repeats", p, 0, key) > 0 and
       can_build(p, key, math.huge, side, none, special) then
      opts[#opts + 1] = "build one more " .. key .. " (" .. A.COST_PER_SPACE * def(key).size .. " money)"
      ks[#ks + 1] = k
    end
  end
  return opts, ks
end

local function build_more(p, side, built)
  local opts, ks = more_options(p, side, built)
  if #opts == 0 then return end
  local i = choose_or_skip(p, "build.more", MORE_PROMPT, opts, "no more")
  if i then build_one(p, A.KINDS[ks[i]], side) end
end

-- The loop of A.run for a kind list longer than a continuation's code
-- holds (a plugin's).
local function run_plain(p, strength, side)
  local budget, done, first = strength, {}, true
  repeat
    local kinds = buildable(p, budget, side, done)
    if #kinds == 0 then break end
    local opts = {}
    for i = 1, #kinds do
      local key = kinds[i]
      opts[i] = kind_label(key)
    end
    local i
    if first then
      i = choose(p, "build.kind", "Build: which building?", opts)
    else
      i = choose_or_skip(p, "build.kind", "Build another building?", opts, "finish building")
      if not i then break end
    end
    local key = kinds[i]
    budget = budget - build_one(p, key, side)
    done[key] = true
    first = false
  until side == 1
  if not first then build_more(p, side, done) end
end

-- A.run as a chain of continuations, so that the engine can end the
-- step's coroutine at the choice of a kind and of a place (choose_then):
-- an AI's copy of the game there is then one copy of the state.  What
-- the chain carries is one whole number: the budget left (up to 255; no
-- ten different kinds add up to more), the side, whether a building was
-- placed yet, the kinds built (bit per A.KINDS entry), and the kind chosen.
local MAX_BUDGET, KIND_UNIT, MAX_KINDS = 255, 2 ^ 20, 10

local function pack(budget, side, placed, done)
  return math.min(budget, MAX_BUDGET) + 256 * (side - 1) + 512 * placed + 1024 * done
end

-- budget, side, placed, done of state st
local unpack_state = state_decoder(256)

-- The kinds built as a set, made once per mask: its readers (buildable,
-- build_more) only look keys up.
local done_sets = {}
local function done_set(done)
  local set = done_sets[done]
  if not set then
    set = {}
    for i = 1, #A.KINDS do
      if has_bit(done, i - 1) then set[A.KINDS[i]] = true end
    end
    done_sets[done] = set
  end
  return set
end

local KIND_INDEX = {}
for i, key in ipairs(A.KINDS) do KIND_INDEX[key] = i end

-- The kinds p may build now within budget, in A.KINDS order, but those
-- built this action (done: bit i - 1 for A.KINDS[i]).  With no plugin
-- (which may change what buildable reads, ark.can_place included),
-- buildable's loop is ark.buildable's, in C (tests/test_lowest.c compares
-- the two).
local BUILDABLE = ark.buildable
function A.buildable(p, budget, side, done)
  if #PLUGINS == 0 then
    return BUILDABLE(p, side, budget, done, A.KINDS, A.COST_PER_SPACE, SPECIAL_BIT)
  end
  return buildable(p, budget, side, done_set(done))
end

local build_next, build_finish

-- Offers the kinds p may build next (state st), or ends the action.
function build_next(p, st)
  local budget, side, placed, done = unpack_state(st)
  local kinds = A.buildable(p, budget, side, done)
  if #kinds == 0 then return build_finish(p, st) end
  -- room for 8 each (rules/lib.lua)
  local opts, codes = { nil, nil, nil, nil, nil, nil, nil, nil },
    { nil, nil, nil, nil, nil, nil, nil, nil }
  for i = 1, #kinds do
    local key = kinds[i]
    opts[i] = kind_label(key)
    codes[i] = st + KIND_UNIT * KIND_INDEX[key]
  end
  if placed == 0 then
    return choose_then(p, "build.kind", "Build: which building?", opts, codes, "build_kind_chosen")
  end
  return choose_then_or_skip(p, "build.kind", "Build another building?", opts, codes,
                             "build_kind_chosen", "finish building", st)
end

-- The kind is chosen (code: state + KIND_UNIT * its A.KINDS index, 0 to
-- finish): where it goes.
local function build_kind_chosen(p, code)
  local k = math.floor(code / KIND_UNIT)
  if k == 0 then return build_finish(p, code) end
  local key = A.KINDS[k]
  local _, side = unpack_state(code % KIND_UNIT)
  return choose_place_then(p, "build.place", place_prompt(key), code, "build_place_chosen", key,
                           side == 2)
end

-- The next kind, or the end of the action, after a placement (st: the
-- state after it).
local function build_after(p, st)
  local _, side = unpack_state(st)
  if side == 1 then return build_finish(p, st) end
  return build_next(p, st)
end

-- A new reptile house or aviary b: the animals that may move in, each
-- question the step's last call where it can be (move_animals_last), the
-- rest of the action kept; then build_after.
local function moves_then_after(p, key, b, st)
  if key == "reptile-house" or key == "large-bird-aviary" then
    if ENGINE.after("build_after", p, st) then
      return move_animals_last(p, b)
    end
    move_animals_into(p, b)
  end
  return build_after(p, st)
end

-- What follows a building's placement bonuses in Build, kept while one
-- asks (code: the kind and the state after it, as build_place_chosen's
-- code, then the building and whether the map had a free space before, 128
-- to a step): the rest of place_building and place_at, then the next kind.
-- build_place_chosen does the same in line (a call more at every placement
-- cost the greedy 0.4% of its instructions).
local function build_placed(p, code)
  local free_before, b = code % 2 == 1, math.floor(code / 2) % 64
  code = math.floor(code / 128)
  local k, st = math.floor(code / KIND_UNIT), code % KIND_UNIT
  local key = A.KINDS[k]
  placed_after_bonuses(p, key, b, free_before)
  return moves_then_after(p, key, b, st)
end

-- The place is chosen (its index i among the placements, which the
-- unchanged zoo gives again): build there, then the next kind.  Where a
-- placement bonus asks, its choice ends the step's coroutine
-- (placement_bonus_next), the rest kept (build_placed): an AI's copy of
-- the game there is one copy of the state.
local function build_place_chosen(p, code, i)
  local k, st = math.floor(code / KIND_UNIT), code % KIND_UNIT
  local key = A.KINDS[k]
  local budget, side, _, done = unpack_state(st)
  local build2 = side == 2
  local cells = ark.placements(p, key, build2, i)
  st = pack(budget - def(key).size, side, 1, done + 2 ^ (k - 1))
  if PLUGINS.replaced then
    place_at(p, key, cells, build2)
  else
    pay(p, A.COST_PER_SPACE * def(key).size)
    local b, free_before, go_on = place_building_part(p, key, cells, build2, nil, true)
    if go_on then
      local rest = ((st + KIND_UNIT * k) * 64 + b) * 2 + (free_before and 1 or 0)
      if ENGINE.after("build_placed", p, rest) then
        return placement_bonus_next(p, go_on)
      end
      placement_bonus_next(p, go_on)
    end
    placed_after_bonuses(p, key, b, free_before)
    return moves_then_after(p, key, b, st)
  end
  return build_after(p, st)
end

-- build_more as continuations: the offer of one more building and the
-- choice of its place end the step's coroutine where they are its last
-- call.  An option's code is 4 * the kind's A.KINDS index + side; "no
-- more" is 0.
local function build_more_then(p, side, built)
  local opts, codes = more_options(p, side, built)
  if #opts == 0 then return end
  for i = 1, #codes do codes[i] = 4 * codes[i] + side end
  return choose_then_or_skip(p, "build.more", MORE_PROMPT, opts, codes, "build_more_chosen",
                             "no more", 0)
end

-- One more of a kind is chosen (code as above): where it goes, as build_one
-- asks it.
local function build_more_chosen(p, code)
  if code == 0 then return end
  local key = A.KINDS[math.floor(code / 4)]
  return choose_place_then(p, "build.place", place_prompt(key), code, "build_more_placed", key,
                           code % 4 == 2)
end

-- Its place is chosen (the i-th of the unchanged zoo's placements): build
-- there, as build_one does.
local function build_more_placed(p, code, i)
  local key, build2 = A.KINDS[math.floor(code / 4)], code % 4 == 2
  local cells = ark.placements(p, key, build2, i)
  if key == "reptile-house" or key == "large-bird-aviary" then
    return place_at(p, key, cells, build2)
  end
  pay(p, A.COST_PER_SPACE * def(key).size)
  return place_building_last(p, key, cells, build2)
end

-- After the last building: one more of a kind built, where cards allow it.
function build_finish(p, st)
  local _, side, placed, done = unpack_state(st % KIND_UNIT)
  if placed == 1 then return build_more_then(p, side, done_set(done)) end
end

-- choose_then names the function an answer starts: a rules function (a
-- global), since the state keeps its name
_G.build_kind_chosen, _G.build_place_chosen = build_kind_chosen, build_place_chosen
_G.build_more_chosen, _G.build_more_placed = build_more_chosen, build_more_placed
_G.build_placed, _G.build_after = build_placed, build_after

function A.run(p, strength, side)
  if #A.KINDS > MAX_KINDS then return run_plain(p, strength, side) end
  return build_next(p, pack(strength, side, 0, 0))
end

return A
