-- Hostile: asks ark.count_zoo with a range that has one end only.
local card = {}

function card.on_play(p, id)
  local n = ark.count_zoo(p, { type = "animal", size = { 1 } })
  gain(p, "appeal", n)
end

return card
