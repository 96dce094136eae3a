-- Foreign Institute (226).  Its 2 reputation are printed.  End of game: 1
-- conservation point with 5 different continent icons.
local END_CONTINENTS, END_CP = 5, 1

local card = {}

function card.game_end(p, id)
  local icons, n = ark.icons(p), 0
  for _, c in ipairs(CONTINENTS) do
    if (icons[c] or 0) > 0 then n = n + 1 end
  end
  if n >= END_CONTINENTS then ark.add(p, "conservation", END_CP) end
end

return card
