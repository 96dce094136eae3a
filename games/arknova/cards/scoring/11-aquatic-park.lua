-- Aquatic Park (final scoring): counts water icons of p's zoo; the card's
-- thresholds (YAML, lowest first) give the conservation points of the highest
-- one reached.
local card = {}

function card.score(p, id)
  return threshold_reward(id, ark.icons(p, "water"))
end

return card
