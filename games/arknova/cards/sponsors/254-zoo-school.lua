-- Zoo School (254): besides its building, reputation and conservation
-- point (printed facts), p takes one card from the deck or from a display
-- folder within reputation range (the reputation gained first counts).
local card = {}

function card.on_play(p, id)
  take_card(p)
end

return card
