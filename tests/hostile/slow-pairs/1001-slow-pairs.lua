-- Hostile: next() over a large table, one key after another.
local card = {}

function card.on_play(p, id)
  local t = {}
  for i = 1, 20000 do t["k" .. i] = i end
  local k = next(t)
  while true do k = next(t, k) or next(t) end
end

return card
