-- Hostile: gmatch with a pattern that backtracks exponentially.
local card = {}

function card.on_play(p, id)
  for _ in string.gmatch(string.rep("a", 40), string.rep("a?", 40) .. "b") do end
end

return card
