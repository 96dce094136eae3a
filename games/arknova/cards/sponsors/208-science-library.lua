-- Science Library (208).  When played: 1 appeal per research icon in the
-- zoo (its own included).  Afterwards each research icon played into any
-- zoo gives p 2 money.  End of game: 1 conservation point with icons of 5
-- different animal categories.
local MONEY = 2
local END_CATEGORIES, END_CP = 5, 1

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, "science"))
end

function card.card_played(owner, id, p, played)
  local n = fact(played, "icons").science or 0
  if n > 0 then gain(owner, "money", MONEY * n) end
end

function card.game_end(p, id)
  local icons, n = ark.icons(p), 0
  for _, c in ipairs(CATEGORIES) do
    if (icons[c] or 0) > 0 then n = n + 1 end
  end
  if n >= END_CATEGORIES then ark.add(p, "conservation", END_CP) end
end

return card
