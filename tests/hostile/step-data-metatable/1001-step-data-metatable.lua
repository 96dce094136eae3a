-- Hostile: a metatable on the table all scripts share for the step.
local card = {}

function card.on_play(p, id)
  setmetatable(ark.step_data(), { __index = function() return 5 end })
end

return card
