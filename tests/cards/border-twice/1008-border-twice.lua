-- Archaeologist's modifier with two repeats instead of one, so that a test
-- sees more than one copy per border space kept in a continuation's code.
local card = {}

function card.modify_border_bonus_repeats(p, id, value, bonus, amount)
  return value + 2
end

return card
