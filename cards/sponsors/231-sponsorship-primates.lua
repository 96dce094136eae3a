-- Sponsorship: Primates (231).  When played: 1 appeal per primate
-- icon in the zoo.  At every break: 9, 6 or 3 money with at least 5, 3
-- or 1 primate icons.
local ICON = "primate"
local INCOME = { { icons = 5, money = 9 }, { icons = 3, money = 6 }, { icons = 1, money = 3 } }

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

function card.income(p, id)
  local n = ark.icons(p, ICON)
  for _, step in ipairs(INCOME) do
    if n >= step.icons then return gain(p, "money", step.money) end
  end
end

return card
