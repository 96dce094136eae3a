-- Hostile: string.find backtracks exponentially inside one C call.
local card = {}

function card.on_play(p, id)
  string.find(string.rep("a", 40), string.rep("a*", 40) .. "b")
end

return card
