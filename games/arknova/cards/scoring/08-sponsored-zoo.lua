-- Sponsored Zoo (final scoring): counts sponsor cards played into p's zoo; the
-- card's thresholds (YAML, lowest first) give the conservation points of the
-- highest one reached.
local card = {}

-- counted in C (ark.count_zoo), as Large Animal Zoo (1) counts
local SPONSOR = { type = "sponsor" }

function card.score(p, id)
  return threshold_reward(id, ark.count_zoo(p, SPONSOR))
end

return card
