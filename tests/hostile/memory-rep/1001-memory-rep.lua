-- Hostile: one call that would allocate 2 GB.
local card = {}

function card.on_play(p, id)
  local s = string.rep("x", 2e9)
  gain(p, "money", #s)
end

return card
