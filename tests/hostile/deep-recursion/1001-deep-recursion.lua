-- Hostile: a recursion whose base case is never reached, until the stack
-- overflows (half a million frames with Lua 5.4).
local card = {}
local function echoes(n)
  if n == 0 then return 0 end
  return 1 + echoes(n + 1)
end

function card.on_play(p, id)
  gain(p, "money", echoes(3))
end

return card
