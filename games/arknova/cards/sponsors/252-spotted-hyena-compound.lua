-- Spotted Hyena Compound (252): each predator icon played into this zoo
-- (its own too) reveals X deck cards, X = p's predator icons (the new ones
-- included), and p keeps one animal among them: the Hunter X keyword
-- ability.  The building and its rock need are printed facts.
local ICON = "predator"

local card = {}

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  for _ = 1, fact(played, "icons")[ICON] or 0 do
    keyword(p, id, "hunter:" .. ark.icons(p, ICON))
  end
end

return card
