-- Okapi Stable (253): 3 of p's tokens go onto the card (kept in its unique
-- building, ark.sponsor_tokens).  Each herbivore icon played (its own too) into
-- this zoo lets p remove one token to play a sponsor from hand paying
-- money equal to its level (the rules' "sponsor" bonus, which also knows
-- level modifiers and conditions).
local ICON = "herbivore"
local TOKENS = 3

local card = {}

function card.on_play(p, id)
  ark.sponsor_tokens(p, id, TOKENS)
end

-- One use: the token leaves before the sponsor is played, so a herbivore
-- on that sponsor already sees the lower count; it comes back when p
-- declines or has nothing to play.
local function use_token(p, id)
  local t = ark.sponsor_tokens(p, id)
  if t <= 0 then return false end
  ark.sponsor_tokens(p, id, t - 1)
  local before = get(p, "nzoo")
  apply_bonus(p, "sponsor", 1)
  if get(p, "nzoo") > before then return true end
  ark.sponsor_tokens(p, id, ark.sponsor_tokens(p, id) + 1)
  return false
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  for _ = 1, fact(played, "icons")[ICON] or 0 do
    if not use_token(p, id) then return end
  end
end

return card
