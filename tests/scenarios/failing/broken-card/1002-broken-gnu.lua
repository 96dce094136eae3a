-- Fails on purpose: calls a function that does not exist.
local card = {}

function card.on_play(p, id)
  gain(p, "money", ark.no_such_function(p))
end

return card
