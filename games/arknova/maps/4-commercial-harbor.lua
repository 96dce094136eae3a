-- Map 4 / 4a, Commercial Harbour (rules: "Maps with abilities").
-- The harbour (feature commercial_harbor, drawn beside the board) is
-- connected once a building covers a space next to it.  From then on, once
-- in each of its owner's own turns, a hand card may be discarded for 3
-- money.  The engine offers it at the start and at the end of the turn
-- (not during a break or another player's turn); "once" is the map's memo
-- (ark.map_memo, in the game's state): 1 + the turn it was used in.
local map = {}

local PRICE = 3

local function connected(p)
  for _, f in ipairs(ark.map_features(p, "commercial_harbor")) do
    for _, c in ipairs(ark.map_next_to(p, f.x, f.y)) do
      if c.building then return true end
    end
  end
  return false
end

local function offer(p)
  if ark.map_memo(p) == ark.get(nil, "turn") + 1 or not connected(p) then return end
  local hand = ark.hand(p)
  if #hand == 0 then return end
  local opts, codes = {}, {}
  for i, id in ipairs(hand) do
    opts[i] = "sell " .. card_label(id) .. " for " .. PRICE .. " money"
    codes[i] = id
  end
  opts[#opts + 1], codes[#codes + 1] = "keep your cards", -1
  return choose_then(p, "map.harbour", "Commercial Harbour: discard a card for " ..
    PRICE .. " money?", opts, codes, "then_sell")
end

-- The card sold (-1: none).
function map.then_sell(p, _, id)
  if id < 0 then return end
  ark.map_memo(p, ark.get(nil, "turn") + 1)
  ark.hand_remove(p, id)
  ark.discard(id)
  gain(p, "money", PRICE)
end

function map.turn_start(p) return offer(p) end
function map.turn_end(p) return offer(p) end

return map
