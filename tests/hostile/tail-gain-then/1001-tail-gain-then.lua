-- Hostile: a misspelt track in the handler's last call, a continuation.
local card = {}

function card.on_play(p, id)
  return gain_then(p, "monies", math.min(ark.icons(p, "africa"), 4))
end

return card
