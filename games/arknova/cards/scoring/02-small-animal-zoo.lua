-- Small Animal Zoo (final scoring): counts small animals (standard size 1-2)
-- in p's zoo; petting-zoo animals have no standard size and are not counted;
-- the card's thresholds (YAML, lowest first) give the conservation points of
-- the highest one reached.
local card = {}

local function count(p)
  local n, zoo = 0, ark.zoo(p)
  for i = 1, #zoo do                    -- numeric: ipairs calls C per card
    local id = zoo[i]
    -- fact reads one field; CARDS[id] would copy the whole card for a script
    if fact(id, "type") == "animal" then
      local size = fact(id, "size")
      if size >= 1 and size <= 2 then n = n + 1 end
    end
  end
  return n
end


function card.score(p, id)
  return threshold_reward(id, count(p))
end

return card
