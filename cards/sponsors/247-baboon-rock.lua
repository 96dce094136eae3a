-- Baboon Rock (247): each primate icon later played into this zoo gives 2 appeal;
-- at the end of the game 1 conservation point for 6 primate icons.  (The
-- building and its placement need are printed facts.)
local ICON = "primate"
local APPEAL = 2
local END_ICONS, END_CP = 6, 1

local card = {}

function card.card_played(owner, id, p, played)
  if owner ~= p or played == id then return end
  local n = CARDS[played].icons[ICON] or 0
  if n > 0 then gain(p, "appeal", APPEAL * n) end
end

-- Final scoring: the track's bonus spaces no longer pay (as for final
-- scoring cards), hence ark.add rather than gain().
function card.game_end(p, id)
  if ark.icons(p, ICON) >= END_ICONS then ark.add(p, "conservation", END_CP) end
end

return card
