-- Naturalists' Zoo (final scoring): counts empty building spaces: plain spaces
-- of p's map that no building covers (Build II spaces included; water and rock
-- are no building spaces); the card's thresholds (YAML, lowest first) give the
-- conservation points of the highest one reached.
local card = {}

local function count(p) return ark.get(p, "free_cells") end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
