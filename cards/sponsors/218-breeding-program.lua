-- Breeding Program (218), read as the same effect as 215 (see the YAML
-- `doubt`).  When played, 2 of p's tokens go on the card.  When p
-- supports a base conservation project, one token may be discarded to
-- count as any one icon (at most one per support).  End of game: 1
-- conservation point for 5 project supports.
-- The tokens live in counter TOKENS of the player (docs/lua-api.md).
local TOKENS = 14                         -- ark.counter index
local START_TOKENS = 2
local END_SUPPORTS, END_CP = 5, 1

local card = {}

function card.on_play(p, id)
  ark.counter(p, TOKENS, START_TOKENS)
end

function card.modify_project_wildcards(p, id, value, project)
  if ark.counter(p, TOKENS) > 0 and CARDS[project].base then return value + 1 end
  return value
end

function card.project_wildcards_used(p, id, project, need)
  if need.left > 0 and ark.counter(p, TOKENS) > 0 and CARDS[project].base then
    ark.counter(p, TOKENS, ark.counter(p, TOKENS) - 1)
    need.left = need.left - 1
  end
end

function card.game_end(p, id)
  if get(p, "supports") >= END_SUPPORTS then ark.add(p, "conservation", END_CP) end
end

return card
