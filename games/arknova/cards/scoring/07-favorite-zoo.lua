-- Favorite Zoo (final scoring): counts p's reputation; the card's thresholds
-- (YAML, lowest first) give the conservation points of the highest one
-- reached.
local card = {}

local function count(p) return ark.get(p, "reputation") end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
