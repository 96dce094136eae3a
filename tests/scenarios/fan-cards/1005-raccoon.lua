-- Raccoon: takes up to 2 money from another player (docs/modding.md).
local card = {}

function card.on_play(p, id)
  local n = ark.get(nil, "players")
  local others, texts = {}, {}
  for i = 1, n - 1 do
    local q = (p + i) % n                  -- seats are 0-based
    others[#others + 1] = q
    texts[#texts + 1] = "take from P" .. (q + 1) .. " (" .. money(q) .. " money)"
  end
  local q = others[choose(p, "raccoon.target", "Raccoon: whom to take from?", texts)]
  local take = math.min(2, money(q))       -- pay() stops the script if q has less
  if take > 0 then
    pay(q, take)
    gain(p, "money", take)
  end
end

return card
