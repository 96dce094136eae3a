-- Sponsored Zoo (final scoring): counts sponsor cards played into p's zoo; the
-- card's thresholds (YAML, lowest first) give the conservation points of the
-- highest one reached.
local card = {}

local function count(p)
  local n, zoo = 0, ark.zoo(p)
  for i = 1, #zoo do                    -- numeric: ipairs calls C per card
    if fact(zoo[i], "type") == "sponsor" then n = n + 1 end
  end
  return n
end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
