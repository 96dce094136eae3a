-- A modifier that returns a string (stopped the first time it is asked).
local card = {}

function card.modify_animal_cost(p, id, cost, animal)
  return "free"
end

return card
