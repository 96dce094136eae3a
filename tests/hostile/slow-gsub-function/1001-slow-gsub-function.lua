-- Hostile: the replacement function of gsub never returns.
local card = {}

function card.on_play(p, id)
  string.gsub("abc", "%w", function(c) while true do end end)
end

return card
