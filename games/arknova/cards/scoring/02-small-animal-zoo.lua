-- Small Animal Zoo (final scoring): counts small animals (standard size 1-2)
-- in p's zoo; petting-zoo animals have no standard size and are not counted;
-- the card's thresholds (YAML, lowest first) give the conservation points of
-- the highest one reached.
local card = {}

-- counted in C (ark.count_zoo), as Large Animal Zoo (1) counts
local SMALL = { type = "animal", size = { 1, 2 } }

function card.score(p, id)
  return threshold_reward(id, ark.count_zoo(p, SMALL))
end

return card
