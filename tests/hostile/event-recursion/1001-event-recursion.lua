-- Hostile: an event whose handler sets off that event again, without end.
local card = {}

function card.on_play(p, id)
  apply_bonus(p, "echo", 0, "card")
end

function card.bonus(owner, id, p, kind, value, source)
  apply_bonus(p, kind, value, source)
end

return card
