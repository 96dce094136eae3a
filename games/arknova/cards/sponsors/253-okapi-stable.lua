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

-- n uses: for each, the token leaves before the sponsor is played, so a
-- herbivore on that sponsor already sees the lower count; then_used (its
-- code: p's zoo size before * 16 + the uses left) puts it back when p
-- declined or had nothing to play, which also ends the uses.
local function use_token(p, id, n)
  if n <= 0 then return end
  local t = ark.sponsor_tokens(p, id)
  if t <= 0 then return end
  ark.sponsor_tokens(p, id, t - 1)
  return call_then(p, "then_used", get(p, "nzoo") * 16 + n - 1, apply_bonus, p, "sponsor", 1)
end

function card.then_used(p, id, code)
  if get(p, "nzoo") > math.floor(code / 16) then return use_token(p, id, code % 16) end
  ark.sponsor_tokens(p, id, ark.sponsor_tokens(p, id) + 1)
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  return use_token(p, id, math.min(fact(played, "icons")[ICON] or 0, 15))
end

return card
