-- Map 7 / 7a, Ice Cream Parlors (rules: "Maps with abilities").
-- Once every space with a kiosk placement bonus is covered, each kiosk of
-- the zoo (however it was built) gives 1 extra money at each break.
-- The map edge's Pouch token (a bonus the rules do not know, paid again at
-- every break): up to that many hand cards go under the map, 2 appeal each
-- (as the Pouch keyword ability; the cards leave the game).
local map = {}

local MONEY_PER_KIOSK = 1
local POUCH_APPEAL = 2

local function all_kiosk_spaces_covered(p)
  local spaces = ark.map_bonus_spaces(p, "kiosk")
  if #spaces == 0 then return false end
  for _, s in ipairs(spaces) do
    if not s.building then return false end
  end
  return true
end

function map.income(p)
  if not all_kiosk_spaces_covered(p) then return end
  local n = 0
  for _, b in ipairs(ark.buildings(p)) do
    if b.kind == "kiosk" then n = n + 1 end
  end
  gain(p, "money", n * MONEY_PER_KIOSK)
end

function map.bonus(owner, _, p, kind, value)
  if owner ~= p or kind ~= "pouch" then return end
  for _ = 1, value or 1 do
    local hand = ark.hand(p)
    if #hand == 0 then return end
    local opts = {}
    for i, id in ipairs(hand) do opts[i] = "tuck " .. card_label(id) end
    local i = choose_or_skip(p, "map.pouch", "Pouch: tuck a hand card under your map for " ..
      POUCH_APPEAL .. " appeal?", opts, "stop tucking")
    if not i then return end
    ark.map_tuck(p, hand[i])
    gain(p, "appeal", POUCH_APPEAL)
  end
end

return map
