-- Large Animal Zoo (final scoring): counts large animals (standard size 4-5)
-- in p's zoo; petting-zoo animals have no standard size and are not counted;
-- the card's thresholds (YAML, lowest first) give the conservation points of
-- the highest one reached.
local card = {}

local function count(p)
  local n = 0
  for _, id in ipairs(ark.zoo(p)) do
    if fact(id, "type") == "animal" and fact(id, "size") >= 4 then n = n + 1 end
  end
  return n
end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
