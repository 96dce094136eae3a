-- Hostile: gsub with a pattern that backtracks exponentially.
local card = {}

function card.on_play(p, id)
  string.gsub(string.rep("a", 40), string.rep("a*", 40) .. "b", "x")
end

return card
