-- Quarantine Lab (225).  One X token when played.  Venom, constriction,
-- hypnosis and pilfering no longer affect p: the abilities ask
-- modify_affected_by (cards/lib/keywords.lua), and venom or constriction
-- tokens already on p's action cards are removed before they can act
-- (start of p's turn).  End of game: 1 conservation point with 5 different
-- continent icons.
local IMMUNE = { venom = true, constriction = true, hypnosis = true, pilfering = true }
local TOKENS = { "venom", "constriction" }
-- the action cards, read once: a script's every read of ACTIONS makes a
-- copy, and this runs at the start of each of p's turns
local ACTION_LIST = ACTIONS
local END_CONTINENTS, END_CP = 5, 1

local card = {}

function card.on_play(p, id)
  gain(p, "xtokens", 1)
end

function card.modify_affected_by(p, id, value, kind)
  if IMMUNE[kind] then return false end
  return value
end

-- each kind looked for card by card only when some card has one (rare):
-- this runs at every turn start of p's that an AI tries
function card.turn_start(p, id)
  for k = 1, #TOKENS do
    local kind = TOKENS[k]
    if ark.token_total(p, kind) > 0 then
      for i = 1, #ACTION_LIST do
        local a = ACTION_LIST[i]
        local n = ark.tokens(p, a, kind)
        if n > 0 then ark.tokens(p, a, kind, -n) end
      end
    end
  end
end

function card.game_end(p, id)
  local icons, n = ark.icons(p), 0
  for _, c in ipairs(CONTINENTS) do
    if (icons[c] or 0) > 0 then n = n + 1 end
  end
  if n >= END_CONTINENTS then ark.add(p, "conservation", END_CP) end
end

return card
