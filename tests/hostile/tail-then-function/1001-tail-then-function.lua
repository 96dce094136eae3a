-- Hostile: the then_ function that a continuation runs fails in its own
-- last call.
local card = {}

function card.on_play(p, id)
  return gain_then(p, "money", 1, "then_paid", 2)
end

function card.then_paid(p, id, code)
  local n = code
  return gain(p, "monies", n)
end

return card
