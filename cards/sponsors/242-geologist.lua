-- Geologist (242).  When played: 3 appeal for every 2 rock icons in the zoo
-- (its own included).  Afterwards: 1 money for each space p covers that
-- lies next to a rock space.  End of game: 1 conservation point if every
-- rock space of the map is connected, i.e. touches at least one building
-- (the reading also used by 259).
local TERRAIN = "rock"
local END_CP = 1

-- Grid neighbours of (x, y): (x, y+-2) and (x+-1, y+-1).
local STEPS = { { 0, -2 }, { 0, 2 }, { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } }

local function index(cells)
  local at = {}
  for _, c in ipairs(cells) do at[c.x * 100 + c.y] = c end
  return at
end

local function any_neighbour(at, c, test)
  for _, s in ipairs(STEPS) do
    local n = at[(c.x + s[1]) * 100 + c.y + s[2]]
    if n and test(n) then return true end
  end
  return false
end

local function is_terrain(c) return c.terrain == TERRAIN end
local function has_building(c) return c.building ~= nil end

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", 3 * math.floor(ark.icons(p, "rock") / 2))
end

function card.building_placed(owner, id, p, building)
  if owner ~= p then return end
  local cells = ark.map_cells(p)
  local at = index(cells)
  local n = 0
  for _, c in ipairs(cells) do
    if c.building == building and any_neighbour(at, c, is_terrain) then n = n + 1 end
  end
  gain(p, "money", n)
end

-- Final scoring: no track rewards any more (as for final scoring cards).
function card.game_end(p, id)
  local cells = ark.map_cells(p)
  local at = index(cells)
  for _, c in ipairs(cells) do
    if c.terrain == TERRAIN and not any_neighbour(at, c, has_building) then return end
  end
  ark.add(p, "conservation", END_CP)
end

return card
