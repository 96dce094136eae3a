-- Expert on Australia (212).  When played: 1 appeal per Australia icon in
-- the zoo (its own included).  Afterwards, for each Australia icon on a
-- card p plays into p's zoo, p may tuck a hand card under this card for 2
-- appeal (pouch).
local ICON, APPEAL = "australia", 2

local card = {}

function card.on_play(p, id)
  gain(p, "appeal", ark.icons(p, ICON))
end

-- The pouch for n more icons: each answer runs then_tuck with (the card
-- + 1, or 0 for none) * 16 + the icons left after this one (a card id may
-- be 0).  Like the Pouch keyword, none once p can tuck no more cards.
local function pouch(p, id, n)
  local hand = ark.hand(p)
  if n <= 0 or #hand == 0 or ark.under_room(p) <= 0 then return end
  local opts, codes = {}, {}
  for i, c in ipairs(hand) do
    opts[i] = "tuck " .. card_label(c)
    codes[i] = (c + 1) * 16 + n - 1
  end
  opts[#opts + 1], codes[#codes + 1] = "no card", n - 1
  -- secret: the options are p's hand, and the card goes face down
  return choose_then(p, "expert-australia.pouch",
    "Expert on Australia: tuck a hand card under it for " .. APPEAL .. " appeal?", opts, codes,
    "then_tuck", true)
end

function card.then_tuck(p, id, code)
  local c = math.floor(code / 16) - 1
  if c >= 0 then
    ark.tuck(p, c, id)
    gain(p, "appeal", APPEAL)
  end
  return pouch(p, id, code % 16)
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  return pouch(p, id, math.min(fact(played, "icons")[ICON] or 0, 15))
end

return card
