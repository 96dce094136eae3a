-- Federal Grants (220).  3 money when played and 3 at every break.  End of
-- game: 1 conservation point with reputation 9.
local MONEY = 3
local END_REPUTATION, END_CP = 9, 1

local card = {}

function card.on_play(p, id)
  gain(p, "money", MONEY)
end

function card.income(p, id)
  gain(p, "money", MONEY)
end

function card.game_end(p, id)
  if get(p, "reputation") >= END_REPUTATION then ark.add(p, "conservation", END_CP) end
end

return card
