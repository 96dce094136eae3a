-- Hostile: keeps a count between calls in a local of the file.
local card = {}
local plays = 0

function card.on_play(p, id)
  plays = plays + 1
  gain(p, "money", plays)
end

return card
