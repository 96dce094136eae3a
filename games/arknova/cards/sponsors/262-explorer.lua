-- Explorer (262).  When played: 2 money per different continent or animal
-- category icon in the zoo.  Afterwards, each continent or category icon
-- the zoo did not show yet gives 1 appeal and 2 money: from cards played
-- into the zoo and from partner zoos.
local MONEY_EACH = 2
local NEW_APPEAL, NEW_MONEY = 1, 2

local function kinds()
  local t = {}
  for _, c in ipairs(CONTINENTS) do t[#t + 1] = c end
  for _, c in ipairs(CATEGORIES) do t[#t + 1] = c end
  return t
end

local function reward_new(p, n)
  if n <= 0 then return end
  gain(p, "appeal", NEW_APPEAL * n)
  gain(p, "money", NEW_MONEY * n)
end

local card = {}

function card.on_play(p, id)
  local icons, n = ark.icons(p), 0
  for _, k in ipairs(kinds()) do
    if (icons[k] or 0) > 0 then n = n + 1 end
  end
  gain(p, "money", MONEY_EACH * n)
end

-- The card is already counted in the zoo's icons: a kind is new when the
-- zoo holds exactly the card's own icons of it.
function card.card_played(owner, id, p, played)
  if owner ~= p or played == id then return end
  local icons, mine, n = ark.icons(p), fact(played, "icons"), 0
  for _, k in ipairs(kinds()) do
    local m = mine[k] or 0
    if m > 0 and (icons[k] or 0) == m then n = n + 1 end
  end
  reward_new(p, n)
end

function card.partner_zoo_taken(owner, id, p, continent)
  if owner ~= p then return end
  if ark.icons(p, continent) == 1 then reward_new(p, 1) end
end

return card
