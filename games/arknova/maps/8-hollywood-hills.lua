-- Map 8 / 8a, Hollywood Hills (rules: "Maps with abilities").
-- Covering an H space (feature hollywood_h; not a placement bonus) reveals
-- deck cards one by one until a sponsor: it goes to the hand, the others
-- to the discard pile.  Once all H spaces are covered, every sponsor its
-- owner plays counts 1 level lower.
local map = {}

local function reveal_sponsor(p)
  -- at most every card of the deck and the discard pile, so a game with no
  -- sponsor left to find still ends
  local left = ark.get(nil, "deck") + ark.get(nil, "discard")
  while left > 0 do
    local c = ark.deck_pop()
    if not c then return end
    left = left - 1
    if fact(c, "type") == "sponsor" then
      ark.hand_add(p, c)
      ark.log(p, "Hollywood Hills: " .. card_label(c) .. " revealed and taken")
      return
    end
    ark.discard(c)
  end
end

function map.building_placed(owner, _, p, b)
  if owner ~= p then return end
  for _, f in ipairs(ark.map_features(p, "hollywood_h")) do
    if ark.map_building_at(p, f.x, f.y) == b then reveal_sponsor(p) end
  end
end

function map.modify_sponsor_level(p, _, value)
  local hs = ark.map_features(p, "hollywood_h")
  if #hs == 0 then return value end
  for _, f in ipairs(hs) do
    if not ark.map_building_at(p, f.x, f.y) then return value end
  end
  return math.max(0, value - 1)
end

return map
