-- Engineer (217).  Each time p's Build action places buildings, p may
-- build one more of a kind it placed (not a special enclosure), paying as
-- usual; the Build action offers it (modify_build_repeats).  End of game:
-- 5 appeal if every buildable space of the map is covered.
local END_APPEAL = 5

local card = {}

local function special(key)
  for _, d in ipairs(ark.building_defs()) do
    if d.key == key then return d.kind == "special" end
  end
  return false
end

function card.modify_build_repeats(p, id, value, key)
  if special(key) then return value end
  return value + 1
end

function card.game_end(p, id)
  if get(p, "free_cells") == 0 then ark.add(p, "appeal", END_APPEAL) end
end

return card
