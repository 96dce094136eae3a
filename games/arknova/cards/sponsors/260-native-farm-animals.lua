-- Native Farm Animals (260), when played: 1 appeal for each connected
-- border space without a building, 1 conservation point for each group of
-- 6 spaces without buildings.  Readings (doubtful, see the YAML): only
-- buildable spaces count (water and rock never hold buildings); a space is
-- connected when it touches a building; a group is a set of free spaces
-- linked to each other, and a linked area of n free spaces holds
-- floor(n / 6) groups.
local STEPS = { { 0, -2 }, { 0, 2 }, { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } }
local GROUP = 6

local function neighbours(at, c)
  local out = {}
  for _, s in ipairs(STEPS) do
    local n = at[(c.x + s[1]) * 100 + c.y + s[2]]
    if n then out[#out + 1] = n end
  end
  return out
end

local function free(c) return c.terrain == "plain" and c.building == nil end

local function touches_building(at, c)
  for _, n in ipairs(neighbours(at, c)) do
    if n.building ~= nil then return true end
  end
  return false
end

-- Sizes of the linked areas of free spaces (cells in map order, so the
-- walk is deterministic).
local function free_areas(cells, at)
  local seen, sizes = {}, {}
  for _, c in ipairs(cells) do
    local k = c.x * 100 + c.y
    if free(c) and not seen[k] then
      seen[k] = true
      local stack, n = { c }, 0
      while #stack > 0 do
        local cur = table.remove(stack)
        n = n + 1
        for _, nb in ipairs(neighbours(at, cur)) do
          local nk = nb.x * 100 + nb.y
          if free(nb) and not seen[nk] then
            seen[nk] = true
            stack[#stack + 1] = nb
          end
        end
      end
      sizes[#sizes + 1] = n
    end
  end
  return sizes
end

local card = {}

function card.on_play(p, id)
  local cells = ark.map_cells(p)
  local at = {}
  for _, c in ipairs(cells) do at[c.x * 100 + c.y] = c end
  local border = 0
  for _, c in ipairs(cells) do
    if c.edge and free(c) and touches_building(at, c) then border = border + 1 end
  end
  local groups = 0
  for _, n in ipairs(free_areas(cells, at)) do groups = groups + math.floor(n / GROUP) end
  gain(p, "appeal", border)
  return gain_then(p, "conservation", groups)
end

return card
