-- Map 3 / 3a, Silver Lake (rules: "Maps with abilities"): no rule beyond
-- its placement bonuses.  Its edge carries a Determination token (read
-- from the data, see the map's doubts), a bonus the rules do not know: it
-- arrives as the `bonus` event and is carried out as the keyword ability
-- (cards/lib/keywords.lua): after this action, one more action with a card
-- not used this turn.
local map = {}

function map.bonus(owner, _, p, kind, value)
  if owner ~= p or kind ~= "determination" then return end
  if KEYWORDS.determination then
    KEYWORDS.determination(p, nil, value)
  else
    ark.log(p, "Silver Lake: the Determination bonus is not available")
  end
end

return map
