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

-- Up to `left` more cards: each answer runs then_tuck with (the card + 1,
-- or 0 to stop) * 16 + the tucks left after this one.
local function pouch(p, left)
  local hand = ark.hand(p)
  if left <= 0 or #hand == 0 then return end
  local opts, codes = {}, {}
  for i, id in ipairs(hand) do
    opts[i] = "tuck " .. card_label(id)
    codes[i] = (id + 1) * 16 + left - 1
  end
  opts[#opts + 1], codes[#codes + 1] = "stop tucking", 0
  -- the options are hand cards: the choice is p's alone (secret)
  return choose_then(p, "map.pouch", "Pouch: tuck a hand card under your map for " ..
    POUCH_APPEAL .. " appeal?", opts, codes, "then_tuck", true)
end

function map.then_tuck(p, _, code)
  local id = math.floor(code / 16) - 1
  if id < 0 then return end
  ark.map_tuck(p, id)
  gain(p, "appeal", POUCH_APPEAL)
  return pouch(p, code % 16)
end

function map.bonus(owner, _, p, kind, value)
  if owner ~= p or kind ~= "pouch" then return end
  return pouch(p, math.min(value or 1, 15))
end

return map
