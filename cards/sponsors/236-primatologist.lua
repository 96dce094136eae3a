-- Primatologist (236): whenever a primate icon is played into any zoo, its owner
-- gains 3 money per icon.  The card's own icon does not count: the effect
-- starts once the card is in the zoo.
local ICON = "primate"
local MONEY = 3

local card = {}

function card.card_played(owner, id, p, played)
  if played == id then return end
  local n = CARDS[played].icons[ICON] or 0
  if n > 0 then gain(owner, "money", MONEY * n) end
end

return card
