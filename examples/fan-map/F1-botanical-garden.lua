-- Fan map F1, Botanical Garden: the ability of the example in docs/maps.md.
-- At each break its owner gains 1 money for every building next to the
-- greenhouse space (the feature greenhouse), each building counted once.
local map = {}

local MONEY_PER_BUILDING = 1

function map.income(p)
  local counted, n = {}, 0
  for _, f in ipairs(ark.map_features(p, "greenhouse")) do
    for _, cell in ipairs(ark.map_next_to(p, f.x, f.y)) do
      if cell.building and not counted[cell.building] then
        counted[cell.building] = true
        n = n + 1
      end
    end
  end
  gain(p, "money", n * MONEY_PER_BUILDING)
end

return map
