-- Wrong on purpose: a modifier must return the new value (a whole number).
local card = {}

function card.modify_animal_cost(p, id, value, animal)
  if value > 5 then value = value - 1 end   -- and forgets `return value`
end

return card
