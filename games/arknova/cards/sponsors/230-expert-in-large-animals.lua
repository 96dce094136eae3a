-- Expert in Large Animals (230).  When played: 2 appeal per large animal
-- (standard size 4-5) in the zoo.  Large animals cost p 4 money less
-- (never below 0).
-- The discount is a modifier of the Animals action's cost.
local APPEAL, DISCOUNT = 2, 4

local card = {}

local function large(id)
  return fact(id, "type") == "animal" and fact(id, "size") >= 4
end

function card.on_play(p, id)
  local n = 0
  for _, c in ipairs(ark.zoo(p)) do
    if large(c) then n = n + 1 end
  end
  gain(p, "appeal", APPEAL * n)
end

function card.modify_animal_cost(p, id, cost, animal)
  if large(animal) then return math.max(0, cost - DISCOUNT) end
  return cost
end

return card
