-- Spotted Hyena Compound (252): each predator icon played into this zoo
-- (its own too) reveals X deck cards, X = p's predator icons (the new ones
-- included), and p keeps one animal among them: the Hunter X keyword
-- ability.  The building and its rock need are printed facts.
local ICON = "predator"

local card = {}

-- n more hunts: each one's choice may end the step's coroutine, the hunts
-- after it kept (then_hunt, its code how many).
local function hunt(p, id, n)
  if n <= 0 then return end
  local ability = "hunter:" .. ark.icons(p, ICON)
  if n == 1 then return keyword(p, id, ability) end
  return call_then(p, "then_hunt", n - 1, keyword, p, id, ability)
end

function card.then_hunt(p, id, n) return hunt(p, id, n) end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  return hunt(p, id, fact(played, "icons")[ICON] or 0)
end

return card
