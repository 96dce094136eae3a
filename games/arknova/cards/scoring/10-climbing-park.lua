-- Climbing Park (final scoring): counts rock icons of p's zoo; the card's
-- thresholds (YAML, lowest first) give the conservation points of the highest
-- one reached.
local card = {}

function card.score(p, id)
  return threshold_reward(id, ark.icons(p, "rock"))
end

return card
