-- Expert in Small Animals (229).  When played: 1 appeal per small animal
-- (standard size 1-2) in the zoo.  Small animals cost p 3 money less
-- (never below 0).
-- The discount is a modifier of the Animals action's cost.
local APPEAL, DISCOUNT = 1, 3

local card = {}

local function small(id)
  if fact(id, "type") ~= "animal" then return false end
  local size = fact(id, "size")
  return size >= 1 and size <= 2
end

function card.on_play(p, id)
  local n = 0
  for _, c in ipairs(ark.zoo(p)) do
    if small(c) then n = n + 1 end
  end
  gain(p, "appeal", APPEAL * n)
end

function card.modify_animal_cost(p, id, cost, animal)
  if small(animal) then return math.max(0, cost - DISCOUNT) end
  return cost
end

return card
