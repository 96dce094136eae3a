-- Sponsorship: Vultures (233): 1 appeal per bird icon in the zoo when played; at every
-- break 3 / 6 / 9 money for at least 1 / 3 / 5 bird icons.
local ICON = "bird"
local TIERS = { { 5, 9 }, { 3, 6 }, { 1, 3 } }   -- {icons needed, money}, best first

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

function card.income(p, id)
  local n = ark.icons(p, ICON)
  for _, t in ipairs(TIERS) do
    if n >= t[1] then
      gain(p, "money", t[2])
      return
    end
  end
end

return card
