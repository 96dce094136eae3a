-- Research Zoo (final scoring): counts research icons of p's zoo (universities
-- included, as for every icon count); the card's thresholds (YAML, lowest
-- first) give the conservation points of the highest one reached.
local card = {}

local function count(p) return ark.icons(p, "science") end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
