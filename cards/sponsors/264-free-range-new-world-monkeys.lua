-- Free-Range New World Monkeys (264), when played: 1 appeal for each
-- connected space with a placement bonus and 1 conservation point for
-- every 2 unconnected ones.  Readings (doubtful, see the YAML): only
-- bonus spaces still uncovered count (a covered one has paid its bonus);
-- connected means touching a building, as for 258/259.
local STEPS = { { 0, -2 }, { 0, 2 }, { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } }

local function touches_building(at, c)
  for _, s in ipairs(STEPS) do
    local n = at[(c.x + s[1]) * 100 + c.y + s[2]]
    if n and n.building ~= nil then return true end
  end
  return false
end

local card = {}

function card.on_play(p, id)
  local cells = ark.map_cells(p)
  local at = {}
  for _, c in ipairs(cells) do at[c.x * 100 + c.y] = c end
  local connected, unconnected = 0, 0
  for _, c in ipairs(cells) do
    if c.bonus and c.building == nil then
      if touches_building(at, c) then connected = connected + 1
      else unconnected = unconnected + 1 end
    end
  end
  gain(p, "appeal", connected)
  gain(p, "conservation", math.floor(unconnected / 2))
end

return card
