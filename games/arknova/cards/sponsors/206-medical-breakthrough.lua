-- Medical Breakthrough (206).  When played: 2 appeal per conservation
-- project support p has made.  At every break: 1 conservation point.
local APPEAL, INCOME_CP = 2, 1

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", APPEAL * get(p, "supports"))
end

function card.income(p, id)
  return gain_then(p, "conservation", INCOME_CP)
end

return card
