-- Wrong on purpose: conservation points are whole numbers.
local card = {}

function card.score(p, id)
  return 1 / 2
end

return card
