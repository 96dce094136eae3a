-- Hostile: defines a handler but never returns its table.
local card = {}

function card.on_play(p, id)
  gain(p, "money", 1)
end
