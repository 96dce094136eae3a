-- Hostile: keeps a list between calls in a table of the file.
local card = {}
local seen = {}

function card.on_play(p, id)
  seen[#seen + 1] = id
  gain(p, "money", #seen)
end

return card
