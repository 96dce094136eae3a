-- Hostile: Lua's string.rep loops 2^53 times copying nothing.
local card = {}

function card.on_play(p, id)
  local s = string.rep("", 2 ^ 53)
  string.rep(s, 2 ^ 53, "")
end

return card
