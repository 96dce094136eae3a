-- keeps nothing: its helper global was set while loading, it replaced a
-- rules function while loading, and the table it fills in a call is
-- emptied before the call returns
local hooks = {}
local marks = {}
local rules_gain = gain
function _G.gain(p, what, n) return rules_gain(p, what, n) end
bonus_money = 1

function hooks.turn_end(p)
  marks[1] = p
  if ark.get(nil, "turn") % 5 == 0 then gain(p, "money", bonus_money) end
  marks[1] = nil
end

return hooks
