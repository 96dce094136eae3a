-- Side Entrance (257).  Its placement (2 border spaces, no need to touch
-- another building) is a printed fact of the tile.  At every break: 2 money
-- per building next to it, empty standard enclosures excepted.  End of
-- game: 5 appeal if every buildable space of the map is covered.
local MONEY = 2
local END_APPEAL = 5

local card = {}

-- The Side Entrance tile this card placed in p's zoo (all: ark.buildings(p)).
local function my_building(all, id)
  for _, b in ipairs(all) do
    if b.kind == "unique" and b.card == id then return b.id end
  end
  return nil
end

function card.income(p, id)
  -- one list of the buildings for both uses: it is made afresh per call
  local all = ark.buildings(p)
  local b = my_building(all, id)
  if not b then return end
  local n = 0
  for _, j in ipairs(ark.adjacent_buildings(p, b)) do
    local o = all[j + 1]
    if not (o.kind == "enclosure" and o.used == 0) then n = n + 1 end
  end
  gain(p, "money", MONEY * n)
end

function card.game_end(p, id)
  if get(p, "free_cells") == 0 then gain(p, "appeal", END_APPEAL) end
end

return card
