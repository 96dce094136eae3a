-- Hostile: a script that goes on in continuations (then_paid) ends a
-- handler with a call of the rules that fails deep inside them.
local card = {}

function card.on_play(p, id)
  if ark.memo(id) > 0 then return gain_then(p, "money", 1, "then_paid", 1) end
  return perform_action(p, "animalz", 2)
end

function card.then_paid(p, id, code) end

return card
