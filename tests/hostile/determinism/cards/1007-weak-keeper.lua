-- Wants a weak table (entries that vanish when the collector runs).
local card = {}

function card.on_play(p, id)
  local cache = setmetatable({}, { __mode = "k" })
  cache[{}] = true
end

return card
