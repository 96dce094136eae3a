-- Engineer (217).  Each time p's Build action places buildings, p may
-- build one more of a kind it placed (not a special enclosure), paying as
-- usual; the Build action offers it (modify_build_repeats).  End of game:
-- 5 appeal if every buildable space of the map is covered.
local END_APPEAL = 5

local card = {}

-- ark.building_def: the Build action asks this at every building placed,
-- in every clone an AI plays on, and ark.building_defs makes every kind's
-- table
local function special(key)
  local d = type(key) == "string" and ark.building_def(key)
  return d and d.kind == "special" or false
end

function card.modify_build_repeats(p, id, value, key)
  if special(key) then return value end
  return value + 1
end

function card.game_end(p, id)
  if get(p, "free_cells") == 0 then ark.add(p, "appeal", END_APPEAL) end
end

return card
