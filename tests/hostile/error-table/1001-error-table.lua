-- Hostile: an error that is a table, not a message.
local card = {}

function card.on_play(p, id)
  error({})
end

return card
