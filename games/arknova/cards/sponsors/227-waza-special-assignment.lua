-- WAZA Special Assignment (227).  When played, p picks small (standard
-- size 1-2) or large (size 4-5) animals, then cards are turned over from
-- the deck until one of that kind, which p keeps; the others are
-- discarded.  From then on p cannot play animals of the other kind, and
-- each animal of the chosen kind p plays gives 2 (small) or 4 (large)
-- appeal.  The choice is the card's memo: 0 none, 1 small, 2 large.
-- The ban uses the Animals action's conditions check: an animal of the
-- other kind can never have its conditions met.
local SMALL, LARGE = 1, 2
local APPEAL = { 2, 4 }
local BANNED = 100                        -- far more conditions than a card has

local card = {}

local function kind_of(id)
  if fact(id, "type") ~= "animal" then return nil end
  local size = fact(id, "size")
  if size >= 1 and size <= 2 then return SMALL end
  if size >= 4 then return LARGE end
  return nil
end

-- Turns over deck cards until one of `kind`; the others are kept aside and
-- discarded afterwards, so a reshuffle never brings them back mid-search.
local function reveal(p, kind)
  local aside, found = {}, nil
  while true do
    local c = ark.deck_pop()
    if not c then break end
    if kind_of(c) == kind then
      found = c
      break
    end
    aside[#aside + 1] = c
  end
  if found then ark.hand_add(p, found) end
  for _, c in ipairs(aside) do ark.discard(c) end
end

function card.on_play(p, id)
  return choose_then(p, "waza-special.kind", "WAZA Special Assignment: which animals?",
    { "small animals", "large animals" }, { SMALL, LARGE }, "then_kind")
end

function card.then_kind(p, id, k)
  ark.memo(id, k)
  reveal(p, k)
end

function card.modify_conditions_ignored(p, id, value, animal)
  local chosen, k = ark.memo(id), kind_of(animal)
  if chosen > 0 and k and k ~= chosen then return value - BANNED end
  return value
end

function card.card_played(owner, id, p, played)
  if owner ~= p then return end
  local chosen = ark.memo(id)
  if chosen > 0 and kind_of(played) == chosen then gain(p, "appeal", APPEAL[chosen]) end
end

return card
