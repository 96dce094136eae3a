-- Map 2 / 2a, Outdoor Areas (rules: "Maps with abilities").
-- A standard enclosure touching the outdoor-area space itself (the feature
-- outdoor_area) counts as 2 spaces larger for every purpose once it is
-- placed: larger animals fit (ark.fits), ark.buildings reports the larger
-- size, releases count it (cards/actions/association.lua).  Special
-- enclosures do not count; the outdoor area is no building.
local map = {}

local EXTRA_SPACES = 2

function map.building_placed(owner, _, p, b)
  if owner ~= p or ark.buildings(p)[b + 1].kind ~= "enclosure" then return end
  for _, f in ipairs(ark.map_features(p, "outdoor_area")) do
    if ark.map_touches(p, b, f.x, f.y) then
      ark.enclosure_extra(p, b, EXTRA_SPACES)
      return
    end
  end
end

return map
