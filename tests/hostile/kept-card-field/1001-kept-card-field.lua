-- Hostile: keeps a mark in its own returned table.
local card = {}

function card.on_play(p, id)
  card.played = (card.played or 0) + 1
end

return card
