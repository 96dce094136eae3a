-- Basic Research (207).  When played: 1 conservation point for every 2
-- different icons among the continents and animal categories of the zoo;
-- every other player gains 2 money per point gained this way.
local PER_CP, MONEY = 2, 2

local card = {}

local function distinct(p)
  local icons, n = ark.icons(p), 0
  for _, list in ipairs({ CONTINENTS, CATEGORIES }) do
    for _, i in ipairs(list) do
      if (icons[i] or 0) > 0 then n = n + 1 end
    end
  end
  return n
end

function card.on_play(p, id)
  return conservation_paying_then(p, math.floor(distinct(p) / PER_CP), MONEY)
end

return card
