-- Expert on the Americas (210).  When played: 1 appeal per Americas icon in
-- the zoo (its own included).  Afterwards, for each Americas icon on a card
-- p plays into p's zoo, p may build a kiosk for free (usual placement
-- rules).  End of game: 1 conservation point with 5 kiosks.
local ICON, KEY = "americas", "kiosk"
local END_KIOSKS, END_CP = 5, 1

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

-- One free building of kind KEY, if p wants one and it fits somewhere.
local function offer(p)
  local build2 = ark.upgraded(p, "build")
  local places = ark.placements(p, KEY, build2)
  if #places == 0 then return end
  local opts = {}
  for i, cells in ipairs(places) do opts[i] = KEY .. " at " .. cells end
  local i = choose_or_skip(p, "expert-americas.kiosk",
    "Expert on the Americas: build a free kiosk?", opts, "no kiosk")
  if i then place_building(p, KEY, places[i], build2) end
end

function card.card_played(owner, id, p, played)
  if owner ~= p or played == id then return end
  for _ = 1, CARDS[played].icons[ICON] or 0 do offer(p) end
end

function card.game_end(p, id)
  local n = 0
  for _, b in ipairs(ark.buildings(p)) do
    if b.kind == "kiosk" then n = n + 1 end
  end
  if n >= END_KIOSKS then ark.add(p, "conservation", END_CP) end
end

return card
