-- Hostile: a modifier that never returns.  The AI's queries ask it on
-- every position they value.
local card = {}

function card.modify_animal_cost(p, id, cost, animal)
  while true do end
end

return card
