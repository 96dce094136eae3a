-- Sponsored Zoo (final scoring): counts sponsor cards played into p's zoo; the
-- card's thresholds (YAML, lowest first) give the conservation points of the
-- highest one reached.
local card = {}

local function count(p)
  local n = 0
  for _, id in ipairs(ark.zoo(p)) do
    if fact(id, "type") == "sponsor" then n = n + 1 end
  end
  return n
end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
