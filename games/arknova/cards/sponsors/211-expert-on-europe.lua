-- Expert on Europe (211).  When played: 1 appeal per Europe icon in the
-- zoo (its own included).  Afterwards, for each Europe icon on a card p
-- plays into p's zoo, p may build a size-1 enclosure for free (usual
-- placement rules).  End of game: 1 conservation point with 5 occupied
-- size-1 enclosures.
local END_ENCLOSURES, END_CP = 5, 1
local KEY = "size-1"

local card = icon_expert("europe", "size-1", "Expert on Europe")

function card.game_end(p, id)
  local n = 0
  for _, b in ipairs(ark.buildings(p)) do
    if b.key == KEY and b.used > 0 then n = n + 1 end
  end
  if n >= END_ENCLOSURES then ark.add(p, "conservation", END_CP) end
end

return card
