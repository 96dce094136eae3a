-- Expert on Australia (212).  When played: 1 appeal per Australia icon in
-- the zoo (its own included).  Afterwards, for each Australia icon on a
-- card p plays into p's zoo, p may tuck a hand card under this card for 2
-- appeal (pouch).
local ICON, APPEAL = "australia", 2

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

local function pouch(p, id)
  local hand = ark.hand(p)
  if #hand == 0 then return end
  local opts = {}
  for i, c in ipairs(hand) do opts[i] = "tuck " .. card_label(c) end
  local i = choose_or_skip(p, "expert-australia.pouch",
    "Expert on Australia: tuck a hand card under it for " .. APPEAL .. " appeal?", opts, "no card")
  if not i then return end
  ark.tuck(p, hand[i], id)
  gain(p, "appeal", APPEAL)
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  for _ = 1, fact(played, "icons")[ICON] or 0 do pouch(p, id) end
end

return card
