-- played-money/hooks.lua: 1 money to the player of each card played.
local hooks = {}

function hooks.card_played(owner, id, p, card)
  if owner == p then ark.add(p, "money", 1) end
end

return hooks
