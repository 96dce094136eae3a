-- Hostile: a handler that is not a function.
local card = {}

card.on_play = 5

return card
