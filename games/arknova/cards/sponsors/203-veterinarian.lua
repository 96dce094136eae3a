-- Veterinarian (203).  Supporting a conservation project needs strength 4
-- instead of 5.  When played: 2 / 5 / 10 money for 1 / 2 / 3 universities.
-- End of game: 1 conservation point with all 3 universities.
-- (The card's wording and its shorthand differ; see the YAML `doubt`.)
local PROJECT_STRENGTH = 4
local MONEY = { 2, 5, 10 }                -- by universities held
local END_UNIVERSITIES, END_CP = 3, 1

local card = {}

function card.modify_task_strength(p, id, value, task)
  if task == "project" and value > PROJECT_STRENGTH then return PROJECT_STRENGTH end
  return value
end

function card.on_play(p, id)
  local m = MONEY[university_count(p)]
  if m then gain(p, "money", m) end
end

function card.game_end(p, id)
  if university_count(p) >= END_UNIVERSITIES then ark.add(p, "conservation", END_CP) end
end

return card
