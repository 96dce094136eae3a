-- asks in a modifier: stopped at line 4 with "a modifier may not ask"
local map = {}
function map.modify_sponsor_level(p, id, value, card)
  local i = choose(p, "fountain.level", "Lower this sponsor's level?", { "yes", "no" })
  if i == 1 and value > 0 then return value - 1 end
  return value
end
return map
