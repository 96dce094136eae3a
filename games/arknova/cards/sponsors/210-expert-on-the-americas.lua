-- Expert on the Americas (210).  When played: 1 appeal per Americas icon in
-- the zoo (its own included).  Afterwards, for each Americas icon on a card
-- p plays into p's zoo, p may build a kiosk for free (usual placement
-- rules).  End of game: 1 conservation point with 5 kiosks.
local END_KIOSKS, END_CP = 5, 1

local card = icon_expert("americas", "kiosk", "Expert on the Americas")

function card.game_end(p, id)
  -- a field at a time: no table per building (the computer players end
  -- many a tried game)
  local n = 0
  for b = 0, ark.get(p, "buildings") - 1 do
    if ark.building(p, b, "kind") == "kiosk" then n = n + 1 end
  end
  if n >= END_KIOSKS then ark.add(p, "conservation", END_CP) end
end

return card
