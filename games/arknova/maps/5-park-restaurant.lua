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
function map.bonus(owner, _, p, kind)
  if owner ~= p or kind ~= "special-enclosure" then return end
  local build2 = ark.upgraded(p, "build")
  local opts, places = {}, {}
  for _, s in ipairs(FREE_SPECIAL) do
    if not has_bit(ark.get(p, "special_built"), s.bit) then
      for _, cells in ipairs(ark.placements(p, s.key, build2)) do
        opts[#opts + 1] = s.key .. " at " .. cells
        places[#places + 1] = { key = s.key, cells = cells }
      end
    end
  end
  if #opts == 0 then return end
  local i = choose_or_skip(p, "map.special", "Place a free special enclosure", opts, "no building")
  if not i then return end
  local b = place_building(p, places[i].key, places[i].cells, build2)
  move_animals_into(p, b)
end

return map
