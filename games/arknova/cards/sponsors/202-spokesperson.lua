-- Spokesperson (202): each research icon on a card p later plays into p's
-- own zoo gives 1 reputation.  Icons of partner zoos and universities are
-- taken, not played, so they do not count.
local REPUTATION = 1

local card = {}

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  local n = fact(played, "icons").science or 0
  if n > 0 then return gain_then(owner, "reputation", REPUTATION * n) end
end

return card
