-- Hostile: a modifier that returns a string instead of a number.
local card = {}

function card.modify_animal_cost(p, id, cost, animal)
  return "free"
end

return card
