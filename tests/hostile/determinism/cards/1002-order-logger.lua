-- Logs what depends on the order of a table and on addresses: the names
-- of the cards in hand through pairs and next, tostring of a table, and a
-- sort of 120 values with many ties.
local card = {}

local function names(p)
  local t = {}
  for _, id in ipairs(ark.hand(p)) do t[CARDS[id].name] = id end
  t.alpha, t.beta, t[3], t[1.5], t[true] = 1, 2, 3, 4, 5
  return t
end

local function log_order(p)
  local t, out = names(p), {}
  for k in pairs(t) do out[#out + 1] = tostring(k) end
  local k, firsts = next(t), {}
  while k ~= nil and #firsts < 4 do firsts[#firsts + 1] = tostring(k); k = next(t, k) end
  local v = {}
  for i = 1, 120 do v[i] = { key = i % 7, n = i } end
  table.sort(v, function(a, b) return a.key < b.key end)
  local sorted = {}
  for i = 1, 10 do sorted[i] = v[i].n end
  ark.log(p, "order: " .. table.concat(out, ",") .. " | next: " .. table.concat(firsts, ",") ..
    " | " .. tostring({}) .. " " .. tostring(log_order) .. string.format(" %s", {}) ..
    " | sorted: " .. table.concat(sorted, ","))
end

function card.on_play(p, id) log_order(p) end
function card.turn_start(p, id) log_order(p) end

return card
