-- Map 1 / 1a, Observation Tower (rules: "Maps with abilities").
-- Each time a standard enclosure touching the tower space itself (the
-- feature observation_tower, not the other rock spaces) is flipped to
-- occupied, its owner gains 2 appeal; again after a release and a new
-- animal.  Special enclosures do not count; the tower is no building.
local map = {}

local TOWER_APPEAL = 2

local function touches_tower(p, b)
  for _, f in ipairs(ark.map_features(p, "observation_tower")) do
    if ark.map_touches(p, b, f.x, f.y) then return true end
  end
  return false
end

-- An animal entered p's zoo: did it flip a standard enclosure by the tower?
-- (An animal sharing an enclosure, Flock, has no enclosure of its own.)
function map.card_played(owner, _, p, card)
  if owner ~= p or fact(card, "type") ~= "animal" then return end
  local b = ark.zoo_building(p, card)
  if b == nil or ark.buildings(p)[b + 1].kind ~= "enclosure" then return end
  if touches_tower(p, b) then gain(p, "appeal", TOWER_APPEAL) end
end

return map
