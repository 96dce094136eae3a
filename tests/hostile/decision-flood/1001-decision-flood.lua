-- Hostile: a bonus that asks a decision 10^9 times.
local card = {}

function card.on_play(p, id)
  apply_bonus(p, "card", 1000000000)
end

return card
