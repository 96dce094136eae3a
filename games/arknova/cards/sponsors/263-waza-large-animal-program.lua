-- WAZA Large Animal Program (263).  When played, p may place one size-5
-- enclosure for free (usual placement rules).  Afterwards p may play a
-- large animal (standard size 4 or 5) with one of its conditions missing.
local KEY = "size-5"
local LARGE = 4

local card = {}

function card.on_play(p, id)
  local build2 = ark.upgraded(p, "build")
  local places = ark.placements(p, KEY, build2)
  if #places == 0 then return end
  local opts = {}
  for i, cells in ipairs(places) do opts[i] = KEY .. " at " .. cells end
  local i = choose_or_skip(p, "waza-large.enclosure",
    "WAZA Large Animal Program: place a free size-5 enclosure?", opts, "no enclosure")
  if i then place_building(p, KEY, places[i], build2) end
end

function card.modify_conditions_ignored(p, id, value, animal)
  if (fact(animal, "size") or 0) >= LARGE then return value + 1 end
  return value
end

return card
