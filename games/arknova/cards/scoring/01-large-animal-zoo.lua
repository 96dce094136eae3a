-- Large Animal Zoo (final scoring): counts large animals (standard size 4-5)
-- in p's zoo; petting-zoo animals have no standard size and are not counted;
-- the card's thresholds (YAML, lowest first) give the conservation points of
-- the highest one reached.
local card = {}

local function count(p)
  -- a numeric loop: Lua 5.4's ipairs calls C for each card, and the
  -- computer players ask the score of every position they weigh
  local n, zoo = 0, ark.zoo(p)
  for i = 1, #zoo do
    local id = zoo[i]
    if fact(id, "type") == "animal" and fact(id, "size") >= 4 then n = n + 1 end
  end
  return n
end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
