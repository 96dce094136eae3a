-- Sea Turtle Tank (250): each reptile icon played into this zoo (its own too) lets
-- p sell up to 2 hand cards for 4 money each: the Sunbathing 2 keyword
-- ability.  The building and its water need are printed facts.
local ICON = "reptile"
local ABILITY = "sunbathing:2"

local card = {}

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  for _ = 1, fact(played, "icons")[ICON] or 0 do keyword(p, id, ABILITY) end
end

return card
