-- Hostile: score returns a fraction, which the AIs meet first, in their
-- question of what each kept card would give now.
local card = {}

function card.score(p, id)
  return 1 / 3
end

return card
