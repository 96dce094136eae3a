-- Hostile: the backtracking pattern through the string metatable.
local card = {}

function card.on_play(p, id)
  local s = ("a"):rep(40)
  s:match(("(a-)"):rep(30) .. "b")
end

return card
