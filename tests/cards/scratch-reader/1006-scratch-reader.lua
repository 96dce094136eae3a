-- Reads the step's scratch table in a modifier that every animals query
-- asks; no step ever writes the mark, so the value never changes.
local card = {}

function card.modify_conditions_ignored(p, id, value, animal)
  if ark.step_data()["scratch-reader"] then return value + 1 end
  return value
end

return card
