-- Side Entrance (257).  Its placement (2 border spaces, no need to touch
-- another building) is a printed fact of the tile.  At every break: 2 money
-- per building next to it, empty standard enclosures excepted.  End of
-- game: 5 appeal if every buildable space of the map is covered.
local MONEY = 2
local END_APPEAL = 5

local card = {}

function card.income(p, id)
  -- the Side Entrance tile this card placed, and each building next to
  -- it: a field at a time, with no table per building
  local b = ark.building_with(p, id)
  if not b or ark.building(p, b, "kind") ~= "unique" then return end
  local n = 0
  for _, j in ipairs(ark.adjacent_buildings(p, b)) do
    if not (ark.building(p, j, "kind") == "enclosure" and ark.building(p, j, "used") == 0) then
      n = n + 1
    end
  end
  gain(p, "money", MONEY * n)
end

function card.game_end(p, id)
  if get(p, "free_cells") == 0 then gain(p, "appeal", END_APPEAL) end
end

return card
