-- Conservation Zoo (final scoring): counts conservation projects p supported
-- (supports of projects that later left the row still count); the card's
-- thresholds (YAML, lowest first) give the conservation points of the highest
-- one reached.
local card = {}

local function count(p) return ark.get(p, "supports") end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
