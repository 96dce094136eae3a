-- Build action card (both sides).  Rules: "Build action".
-- Side I: one building of size <= strength.  Side II: several different
-- buildings whose sizes add up to <= strength; reptile house and large bird
-- aviary only with side II.  2 money per space covered.
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
-- file's (a plugin's) gets the plain search.
function A.lowest(script, p, side, lo, hi)
  if script.can ~= can then return lowest_by_can(script, p, side, lo, hi) end
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

local function build_one(p, key, side)
  local build2 = side == 2
  local places = ark.placements(p, key, build2)
  local opts = {}
  for i = 1, #places do opts[i] = key .. " at " .. places[i] end
  local i = choose(p, "build.place", "Where does the " .. key .. " go?", opts)
  pay(p, A.COST_PER_SPACE * def(key).size)
  local b = place_building(p, key, places[i], build2)
  if key == "reptile-house" or key == "large-bird-aviary" then move_animals_into(p, b) end
  return def(key).size
end

-- After the action's buildings, cards may allow one more building of a
-- kind it built (217), at the usual price and beyond the strength:
-- modify_build_repeats(p, id, 0, key) > 0.
local function build_more(p, side, built)
  local opts, keys = {}, {}
  local special, kinds = ark.get(p, "special_built"), A.KINDS
  for k = 1, #kinds do
    local key = kinds[k]
    -- buildable(p, math.huge, side, {})'s test, asked only of a kind built
    if built[key] and can_build(p, key, math.huge, side, none, special) and
       modify("build_repeats", p, 0, key) > 0 then
      opts[#opts + 1] = "build one more " .. key .. " (" .. A.COST_PER_SPACE * def(key).size .. " money)"
      keys[#keys + 1] = key
    end
  end
  if #opts == 0 then return end
  local i = choose_or_skip(p, "build.more", "Build one more of the same kind?", opts, "no more")
  if i then build_one(p, keys[i], side) end
end

function A.run(p, strength, side)
  local budget, done, first = strength, {}, true
  repeat
    local kinds = buildable(p, budget, side, done)
    if #kinds == 0 then break end
    local opts = {}
    for i = 1, #kinds do
      local key = kinds[i]
      opts[i] = "build " .. key .. " (" .. A.COST_PER_SPACE * def(key).size .. " money)"
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

return A
