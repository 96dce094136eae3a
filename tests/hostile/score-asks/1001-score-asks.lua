-- Hostile: score asks a question, where it must only count.
local card = {}

function card.score(p, id)
  local n = choose(p, "ask.score", "How many points?", { "one", "two" })
  return n
end

return card
