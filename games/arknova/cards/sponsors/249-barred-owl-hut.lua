-- Barred Owl Hut (249): each bird icon played into this zoo (its own too) lets p
-- draw 2 deck cards and keep 1: the Perception 2 keyword ability.
local ICON = "bird"
local ABILITY = "perception:2"

local card = {}

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  for _ = 1, fact(played, "icons")[ICON] or 0 do keyword(p, id, ABILITY) end
end

return card
