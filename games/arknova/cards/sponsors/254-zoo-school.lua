-- Zoo School (254): besides its building, reputation and conservation
-- point (printed facts), p takes one card from the deck or from a display
-- folder within reputation range (the reputation gained first counts).
local card = {}

-- take_card once, as the card library's card_taker (which lets the card be
-- asked as a continuation)
card.on_play = card_taker(1)

return card
