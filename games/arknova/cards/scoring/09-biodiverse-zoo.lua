-- Biodiverse Zoo (final scoring): 1 conservation point for each animal
-- category (CATEGORIES: predator, herbivore, bird, reptile, primate, bear,
-- petting-zoo) in which p's zoo shows more icons than the zoo of the player
-- to p's right, at most as many points as the card has rewards (4).
--
-- "To the right": turns go clockwise in seat order 0, 1, 2, ..., so the
-- next player sits to the left and the player to the right is the one
-- whose turn comes just before p's, seat (p - 1) mod n.  With 2 players
-- that is the other player.  This reading is the YAML's doubt.
local card = {}
-- read once: a script's every read of CATEGORIES makes a copy, and the
-- computer players ask the score of every position they weigh
local CATEGORY_LIST = CATEGORIES

function card.score(p, id)
  local n = ark.get(nil, "players")
  if n < 2 then return 0 end
  local right = (p + n - 1) % n
  local mine, theirs = ark.icons(p), ark.icons(right)
  local rewards = fact(id, "rewards")
  local ahead = 0
  for i = 1, #CATEGORY_LIST do
    local cat = CATEGORY_LIST[i]
    if (mine[cat] or 0) > (theirs[cat] or 0) then ahead = ahead + 1 end
  end
  local cp = 0
  for i = 1, math.min(ahead, #rewards) do cp = cp + rewards[i] end
  return cp
end

return card
