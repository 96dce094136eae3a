-- More repeats than a placement's continuation code holds (15): the rules
-- then pay the copies the plain way.
local card = {}

function card.modify_border_bonus_repeats(p, id, value, bonus, amount)
  return value + 20
end

return card
