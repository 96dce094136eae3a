-- Hostile: a modifier that returns nothing.
local card = {}

function card.modify_animal_cost(p, id, cost, animal)
  local unused = cost
end

return card
