-- Hostile: an amount that is no whole number, and a player that is none.
local card = {}

function card.on_play(p, id)
  gain(p, "money", 1.5)
end

return card
