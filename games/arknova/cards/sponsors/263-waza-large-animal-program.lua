-- WAZA Large Animal Program (263).  When played, p may place one size-5
-- enclosure for free (usual placement rules).  Afterwards p may play a
-- large animal (standard size 4 or 5) with one of its conditions missing.
local KEY = "size-5"
local LARGE = 4

local card = {}

function card.on_play(p, id)
  local places = ark.placements(p, KEY, ark.upgraded(p, "build"))
  if #places == 0 then return end
  local opts, codes = {}, {}
  for i, cells in ipairs(places) do
    opts[i] = KEY .. " at " .. cells
    codes[i] = i
  end
  opts[#opts + 1], codes[#codes + 1] = "no enclosure", 0
  return choose_then(p, "waza-large.enclosure",
    "WAZA Large Animal Program: place a free size-5 enclosure?", opts, codes, "then_place")
end

-- The i-th place (0: none) of those the unchanged zoo offered.
function card.then_place(p, id, i)
  if i == 0 then return end
  local build2 = ark.upgraded(p, "build")
  return place_building(p, KEY, ark.placements(p, KEY, build2)[i], build2)
end

function card.modify_conditions_ignored(p, id, value, animal)
  if (fact(animal, "size") or 0) >= LARGE then return value + 1 end
  return value
end

return card
