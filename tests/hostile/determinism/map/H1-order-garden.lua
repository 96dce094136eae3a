-- Hostile map H1: at the start of each turn, logs what depends on the
-- order a table keeps its keys in and on addresses.  Sandboxed scripts see
-- a fixed order and no addresses, so the log is the same on every run.
local map = {}

function map.turn_start(p)
  local t = { appeal = 1, money = 2, reputation = 3, conservation = 4, xtokens = 5 }
  for _, id in ipairs(ark.hand(p)) do t[CARDS[id].name] = id end
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  ark.log(p, "map order: " .. table.concat(keys, ",") .. " " .. tostring(t) .. " " ..
    tostring(map.turn_start))
end

return map
