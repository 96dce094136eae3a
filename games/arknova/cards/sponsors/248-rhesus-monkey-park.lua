-- Rhesus Monkey Park (248): each primate icon played into this zoo (its own too)
-- gives 1 X token (within the usual limit of 5).  The building is printed.
local ICON = "primate"

local card = {}

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  local n = fact(played, "icons")[ICON] or 0
  if n > 0 then gain(p, "xtokens", n) end
end

return card
