-- Hostile: table.sort with an order function that never returns.
local card = {}

function card.on_play(p, id)
  local t = {}
  for i = 1, 50 do t[i] = 51 - i end
  table.sort(t, function(a, b) while true do end end)
end

return card
