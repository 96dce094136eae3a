-- Map 4 / 4a, Commercial Harbour (rules: "Maps with abilities").
-- The harbour (feature commercial_harbor, drawn beside the board) is
-- connected once a building covers a space next to it.  From then on, once
-- in each of its owner's own turns, a hand card may be discarded for 3
-- money.  The engine offers it at the start and at the end of the turn
-- (not during a break or another player's turn); "once" is kept in the
-- turn's scratch table (ark.step_data), which lives exactly one turn.
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
  local d = ark.step_data()
  local used = "map.harbour.used." .. p
  if d[used] or not connected(p) then return end
  local hand = ark.hand(p)
  if #hand == 0 then return end
  local opts = {}
  for i, id in ipairs(hand) do
    opts[i] = "sell " .. card_label(id) .. " for " .. PRICE .. " money"
  end
  local i = choose_or_skip(p, "map.harbour", "Commercial Harbour: discard a card for " ..
    PRICE .. " money?", opts, "keep your cards")
  if not i then return end
  d[used] = true
  ark.hand_remove(p, hand[i])
  ark.discard(hand[i])
  gain(p, "money", PRICE)
end

function map.turn_start(p) offer(p) end
function map.turn_end(p) offer(p) end

return map
