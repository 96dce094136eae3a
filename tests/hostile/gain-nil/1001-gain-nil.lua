-- Hostile: the amount is a global that does not exist (a misspelt name).
local card = {}

function card.on_play(p, id)
  gain(p, "money", bonus_amuont)
end

return card
