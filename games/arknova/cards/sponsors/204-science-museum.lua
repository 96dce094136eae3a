-- Science Museum (204).  When played: 2 money per research icon in the zoo
-- (its own included).  Afterwards each research icon on a card p plays into
-- p's zoo gives 1 conservation point.
local MONEY, CP = 2, 1

local card = {}

function card.on_play(p, id)
  gain(p, "money", MONEY * ark.icons(p, "science"))
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  local n = fact(played, "icons").science or 0
  if n > 0 then return gain_then(owner, "conservation", CP * n) end
end

return card
