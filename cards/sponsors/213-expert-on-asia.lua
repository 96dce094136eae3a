-- Expert on Asia (213).  When played: 1 appeal per Asia icon in the zoo
-- (its own included).  Afterwards, for each Asia icon on a card p plays
-- into p's zoo, p may build a pavilion for free (usual placement rules;
-- the pavilion's own appeal comes with it).
local ICON, KEY = "asia", "pavilion"

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

local function offer(p)
  local build2 = ark.upgraded(p, "build")
  local places = ark.placements(p, KEY, build2)
  if #places == 0 then return end
  local opts = {}
  for i, cells in ipairs(places) do opts[i] = KEY .. " at " .. cells end
  local i = choose_or_skip(p, "expert-asia.pavilion",
    "Expert on Asia: build a free pavilion?", opts, "no pavilion")
  if i then place_building(p, KEY, places[i], build2) end
end

function card.card_played(owner, id, p, played)
  if owner ~= p or played == id then return end
  for _ = 1, CARDS[played].icons[ICON] or 0 do offer(p) end
end

return card
