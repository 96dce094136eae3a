-- Hostile: an endless loop when played (greedy AIs try it on clones).
local card = {}

function card.on_play(p, id)
  while true do end
end

return card
