-- Guided School Tours (261): its appeal and conservation point are printed
-- facts.  End of game: 1 conservation point if the zoo shows icons of 5
-- different animal categories.
local NEED, END_CP = 5, 1

local card = {}

-- Final scoring: no track rewards any more (as for final scoring cards).
function card.game_end(p, id)
  local icons, n = ark.icons(p), 0
  for _, cat in ipairs(CATEGORIES) do
    if (icons[cat] or 0) > 0 then n = n + 1 end
  end
  if n >= NEED then ark.add(p, "conservation", END_CP) end
end

return card
