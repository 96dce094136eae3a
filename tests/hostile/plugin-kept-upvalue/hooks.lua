-- counts turns in a local of its file: put back and the game stopped
local hooks = {}
local turns = 0

function hooks.turn_end(p)
  turns = turns + 1
  if turns > 20 then gain(p, "money", 5) end
end

return hooks
