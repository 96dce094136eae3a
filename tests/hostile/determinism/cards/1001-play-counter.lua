-- Keeps a count in a local of its file (stopped at its first play).
local card = {}
local plays = 0

function card.on_play(p, id)
  plays = plays + 1
  gain(p, "money", plays)
end

return card
