-- Written by an editor that puts a UTF-8 byte-order mark first.
local card = {}

function card.on_play(p, id)
  gain(p, "money", 1)
end

return card
