-- Diversity Researcher (219).  When played: 2 money for each water and
-- rock icon of the zoo.  End of game: 2 appeal per pair of one water and
-- one rock icon.  The zoo's water and rock icons include the water / rock
-- spaces its animals need (the core counts them so).
-- From now on p may build on water and rock spaces and the water / rock
-- needs of p's animals and unique buildings do not apply (cover_terrain,
-- honoured by the placement and fitting rules in C).
local MONEY, APPEAL = 2, 2

local card = {}

function card.on_play(p, id)
  ark.set(p, "cover_terrain", 1)
  gain(p, "money", MONEY * (ark.icons(p, "water") + ark.icons(p, "rock")))
end

function card.game_end(p, id)
  ark.add(p, "appeal", APPEAL * math.min(ark.icons(p, "water"), ark.icons(p, "rock")))
end

return card
