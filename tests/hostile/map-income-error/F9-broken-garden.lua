-- fails at the first break: a greenhouse feature has no field "extra"
local map = {}

function map.income(p)
  for _, f in ipairs(ark.map_features(p, "greenhouse")) do
    gain(p, "money", f.extra.value)
  end
end

return map
