-- Expert on Asia (213).  When played: 1 appeal per Asia icon in the zoo
-- (its own included).  Afterwards, for each Asia icon on a card p plays
-- into p's zoo, p may build a pavilion for free (usual placement rules;
-- the pavilion's own appeal comes with it).
local card = icon_expert("asia", "pavilion", "Expert on Asia")

return card
