-- Raises a table as its error.
local card = {}

function card.on_play(p, id)
  error({ reason = "no" })
end

return card
