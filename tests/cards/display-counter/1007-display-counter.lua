-- At its owner's income: the number of display folders holding a card, in
-- the card's memo (what an income that reads the display sees).
local card = {}

function card.income(p, id)
  local n, disp = 0, ark.display()
  for f = 1, 6 do
    if disp[f] then n = n + 1 end
  end
  ark.memo(id, n)
end

return card
