-- Quarantine Lab (225).  One X token when played.  Venom, constriction,
-- hypnosis and pilfering no longer affect p: the abilities ask
-- modify_affected_by (cards/lib/keywords.lua), and venom or constriction
-- tokens already on p's action cards are removed before they can act
-- (start of p's turn).  End of game: 1 conservation point with 5 different
-- continent icons.
-- No table in the file's locals: the engine compares such tables after
-- every run of a handler (a script keeps no state), and the turn start
-- runs at every turn of p's that an AI tries.
local END_CONTINENTS, END_CP = 5, 1

local card = {}

function card.on_play(p, id)
  gain(p, "xtokens", 1)
end

function card.modify_affected_by(p, id, value, kind)
  if kind == "venom" or kind == "constriction" or kind == "hypnosis" or kind == "pilfering" then
    return false
  end
  return value
end

-- The tokens of one kind taken off p's action cards, looked for card by
-- card only when some card has one (rare; ACTIONS is read, a copy, then).
local function clear(p, kind)
  if ark.token_total(p, kind) == 0 then return end
  local actions = ACTIONS
  for i = 1, #actions do
    local n = ark.tokens(p, actions[i], kind)
    if n > 0 then ark.tokens(p, actions[i], kind, -n) end
  end
end

function card.turn_start(p, id)
  clear(p, "venom")
  clear(p, "constriction")
end

function card.game_end(p, id)
  local icons, n = ark.icons(p), 0
  for _, c in ipairs(CONTINENTS) do
    if (icons[c] or 0) > 0 then n = n + 1 end
  end
  if n >= END_CONTINENTS then ark.add(p, "conservation", END_CP) end
end

return card
