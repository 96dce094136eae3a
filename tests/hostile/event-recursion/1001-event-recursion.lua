-- Hostile: an event whose handler fires that event again, without end.
local card = {}

function card.on_play(p, id)
  fire("building_placed", p, 0, "echo")
end

function card.building_placed(owner, id, p, b, key)
  fire("building_placed", p, b, key)
end

return card
