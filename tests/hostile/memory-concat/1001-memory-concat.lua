-- Hostile: each .. doubles the string: 2^40 bytes in 40 instructions.
local card = {}

function card.on_play(p, id)
  local s = "x"
  for _ = 1, 40 do s = s .. s end
  gain(p, "money", #s)
end

return card
