-- Hostile: calls an engine helper with a wrong argument.
local card = {}

function card.on_play(p, id)
  gain(p, "monies", 1)
end

return card
