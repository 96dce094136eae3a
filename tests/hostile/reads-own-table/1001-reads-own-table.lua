-- Not hostile: reads its own returned table (a field, pairs, next, rawget)
-- in a handler, which loading turned into a read-only view of its fields.
local card = {}

function card.on_play(p, id)
  local n = 0
  for _ in pairs(card) do n = n + 1 end            -- on_play, income
  local seen = card.on_play == rawget(card, "on_play") and next(card) ~= nil
  gain(p, "money", n + (seen and 3 or 0))          -- 2 + 3
end

function card.income(p, id) end

return card
