-- Archaeologist (221).  Each time p takes the placement bonus of a border
-- space, p takes that bonus once more (modify_border_bonus_repeats, which
-- the rules' place_building_part asks).  End of game: 1 conservation point if every
-- border space that can be built on is covered.
local END_CP = 1

local card = {}

function card.modify_border_bonus_repeats(p, id, value, bonus, amount)
  return value + 1
end

-- counted in C, with no table per space of the map
local OPEN_BORDER = { edge = true, terrain = "plain", building = false }

function card.game_end(p, id)
  if ark.count_cells(p, OPEN_BORDER) > 0 then return end
  ark.add(p, "conservation", END_CP)
end

return card
