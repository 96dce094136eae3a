-- Release of Patents (222).  When played: 1 conservation point per research
-- icon in the zoo; every other player gains 2 money per point gained.
local MONEY = 2

local card = {}

function card.on_play(p, id)
  local done = gain(p, "conservation", ark.icons(p, "science"))
  local n = ark.get(nil, "players")
  for i = 1, n - 1 do gain((p + i) % n, "money", MONEY * done) end
end

return card
