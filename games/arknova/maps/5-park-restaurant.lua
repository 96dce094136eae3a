-- Map 5 / 5a, Park Restaurant (rules: "Maps with abilities").
-- At each break its owner gains 1 money per space next to the restaurant
-- (the feature restaurant) that a building covers: any building, occupied
-- or not, counted per space.  The restaurant is no building.
-- The map edge's special-enclosure token (a bonus the rules do not know)
-- places a free reptile house or large bird aviary, even without the
-- upgraded Build action (see the map's doubts).
local map = {}

local MONEY_PER_SPACE = 1
local FREE_SPECIAL = { { key = "reptile-house", bit = 1 }, { key = "large-bird-aviary", bit = 2 } }

function map.income(p)
  local n = 0
  for _, f in ipairs(ark.map_features(p, "restaurant")) do
    for _, c in ipairs(ark.map_next_to(p, f.x, f.y)) do
      if c.building then n = n + 1 end
    end
  end
  gain(p, "money", n * MONEY_PER_SPACE)
end

-- As after building one with the Build action: animals that fit may move
-- in from standard enclosures, which become empty.
-- Each answer runs then_place with the kind's index in FREE_SPECIAL *
-- 1024 + the place's among its placements (0: no building).
function map.bonus(owner, _, p, kind)
  if owner ~= p or kind ~= "special-enclosure" then return end
  local build2 = ark.upgraded(p, "build")
  local opts, codes = {}, {}
  for k, s in ipairs(FREE_SPECIAL) do
    if not has_bit(ark.get(p, "special_built"), s.bit) then
      for i, cells in ipairs(ark.placements(p, s.key, build2)) do
        opts[#opts + 1] = s.key .. " at " .. cells
        codes[#codes + 1] = k * 1024 + i
      end
    end
  end
  if #opts == 0 then return end
  opts[#opts + 1], codes[#codes + 1] = "no building", 0
  return choose_then(p, "map.special", "Place a free special enclosure", opts, codes, "then_place")
end

function map.then_place(p, _, code)
  if code == 0 then return end
  local key, build2 = FREE_SPECIAL[math.floor(code / 1024)].key, ark.upgraded(p, "build")
  return call_then(p, "then_move", 0, place_building, p, key,
                   ark.placements(p, key, build2)[code % 1024], build2)
end

-- The building just placed is the zoo's newest.
function map.then_move(p)
  local bs = ark.buildings(p)
  return move_animals_into(p, bs[#bs].id)
end

return map
