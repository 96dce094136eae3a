-- Release of Patents (222).  When played: 1 conservation point per research
-- icon in the zoo; every other player gains 2 money per point gained.
local MONEY = 2

local card = {}

function card.on_play(p, id)
  return conservation_paying_then(p, ark.icons(p, "science"), MONEY)
end

return card
