-- upgraded/hooks.lua: turns every action card to side II when a turn begins.
-- Checked at each turn start rather than once, so nothing needs remembering.
local hooks = {}
function hooks.turn_start(p)
  for _, a in ipairs(ACTIONS) do
    if not ark.upgraded(p, a) then ark.upgrade(p, a) end
  end
end
return hooks
