-- Hostile: an error object whose __tostring never returns.
local card = {}

function card.on_play(p, id)
  error(setmetatable({}, { __tostring = function() while true do end end }))
end

return card
