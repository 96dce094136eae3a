-- Large Animal Zoo (final scoring): counts large animals (standard size 4-5)
-- in p's zoo; petting-zoo animals have no standard size and are not counted;
-- the card's thresholds (YAML, lowest first) give the conservation points of
-- the highest one reached.
local card = {}

-- ark.count_zoo counts in C: the computer players ask the score of every
-- position they weigh, and a loop asking fact() twice per card took about
-- twice as long
local LARGE = { type = "animal", size = { 4, math.huge } }

function card.score(p, id)
  return threshold_reward(id, ark.count_zoo(p, LARGE))
end

return card
