-- Hostile: table.concat whose result is a gigabyte.
local card = {}

function card.on_play(p, id)
  local t = {}
  for i = 1, 100000 do t[i] = "" end
  local s = table.concat(t, string.rep("x", 10000))
  gain(p, "money", #s)
end

return card
