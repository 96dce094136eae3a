-- Polar Bear Exhibit (251): whenever a bear icon is played into any zoo,
-- the owner gains 2 appeal per icon (its own icon too).  End of game:
-- 1 conservation point for 3 bear icons, 2 for 6.  The building is printed.
local ICON = "bear"
local APPEAL = 2
local END_TIERS = { { 6, 2 }, { 3, 1 } }   -- {icons needed, CP}, best first

local card = {}

function card.card_played(owner, id, p, played)
  local n = fact(played, "icons")[ICON] or 0
  if n > 0 then gain(owner, "appeal", APPEAL * n) end
end

-- Final scoring: no track rewards any more (as for final scoring cards).
function card.game_end(p, id)
  local n = ark.icons(p, ICON)
  for _, t in ipairs(END_TIERS) do
    if n >= t[1] then
      ark.add(p, "conservation", t[2])
      return
    end
  end
end

return card
