-- Desert Hedgehog: what its keyword (Sprint 1) does not cover.
local card = {}

function card.on_play(p, id)
  local africa = ark.icons(p, "africa")   -- counts this card's own icon too
  gain(p, "money", math.min(africa, 4))
end

return card
