-- Science Lab (201).  When played and again at every break: one card from
-- the deck or from a display folder within reputation range.  End of game:
-- 1 conservation point for 3 research icons, 2 for 6.
local TIERS = { { 6, 2 }, { 3, 1 } }   -- {research icons, CP}, best first

local card = {}

-- take_card once, as the card library's card_taker (which lets the break
-- ask it as a continuation)
card.on_play = card_taker(1)
card.income = card.on_play

-- Final scoring: no track rewards any more (as for final scoring cards).
function card.game_end(p, id)
  local n = ark.icons(p, "science")
  for _, t in ipairs(TIERS) do
    if n >= t[1] then
      ark.add(p, "conservation", t[2])
      return
    end
  end
end

return card
