-- Technology Institute (209).  One X token when played and one at every
-- break.  End of game: 1 conservation point with all 3 universities.
local END_UNIVERSITIES, END_CP = 3, 1

local card = {}

function card.on_play(p, id)
  gain(p, "xtokens", 1)
end

function card.income(p, id)
  gain(p, "xtokens", 1)
end

function card.game_end(p, id)
  if university_count(p) >= END_UNIVERSITIES then ark.add(p, "conservation", END_CP) end
end

return card
