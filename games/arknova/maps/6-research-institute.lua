-- Map 6 / 6a, Research Institute (rules: "Maps with abilities").
-- The institute (feature research_institute, drawn beside the board) is
-- connected once a building covers a space next to it.  From then on its
-- owner may play animals while missing 1 of their printed conditions;
-- every other condition must hold.  The water and rock spaces an animal
-- needs are never waived: ark.fits checks them apart from the conditions,
-- and a missing water or rock icon condition keeps the card unplayable.
local map = {}

local function connected(p)
  for _, f in ipairs(ark.map_features(p, "research_institute")) do
    for _, c in ipairs(ark.map_next_to(p, f.x, f.y)) do
      if c.building then return true end
    end
  end
  return false
end

function map.modify_conditions_ignored(p, _, value, card)
  if fact(card, "type") ~= "animal" or not connected(p) then return value end
  local requires = fact(card, "requires")
  for _, terrain in ipairs({ "water", "rock" }) do
    if (requires[terrain] or 0) > ark.icons(p, terrain) then return value end
  end
  return value + 1
end

return map
