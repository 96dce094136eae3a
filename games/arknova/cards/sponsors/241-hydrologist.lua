-- Hydrologist (241).  When played: 1 appeal per water icon in the zoo (its
-- own included).  Afterwards: 1 money for each space p covers that lies
-- next to a water space.  End of game: 1 conservation point if every water
-- space of the map is connected, i.e. touches at least one building (the
-- reading also used by 258).
local card = terrain_expert("water", 1)

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, "water"))
end

return card
