-- Geologist (242).  When played: 3 appeal for every 2 rock icons in the zoo
-- (its own included).  Afterwards: 1 money for each space p covers that
-- lies next to a rock space.  End of game: 1 conservation point if every
-- rock space of the map is connected, i.e. touches at least one building
-- (the reading also used by 259).
local card = terrain_expert("rock", 1)

function card.on_play(p, id)
  gain(p, "appeal", 3 * math.floor(ark.icons(p, "rock") / 2))
end

return card
