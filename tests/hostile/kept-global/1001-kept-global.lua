-- Hostile: keeps a count between calls in a global.
local card = {}

function card.on_play(p, id)
  count = (count or 0) + 1
end

return card
