-- Small Animal Zoo (final scoring): counts small animals (standard size 1-2)
-- in p's zoo; petting-zoo animals have no standard size and are not counted;
-- the card's thresholds (YAML, lowest first) give the conservation points of
-- the highest one reached.
local card = {}

local function count(p)
  local n = 0
  for _, id in ipairs(ark.zoo(p)) do
    local c = CARDS[id]
    if c.type == "animal" and c.size >= 1 and c.size <= 2 then n = n + 1 end
  end
  return n
end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
