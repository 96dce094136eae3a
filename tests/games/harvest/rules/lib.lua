-- Harvest's helpers, loaded with G.include.
local lib = {}

function lib.draw(s, n)
  for _ = 1, n do
    local id = G.top("deck", 0)
    if not id then return end
    G.move(id, "hand", s)
    G.log(s, "P" .. s .. " draws " .. CARDS[id].name, { s }, "P" .. s .. " draws a card")
  end
end

-- Plants one hand card the seat can pay for, if it wants to.
function lib.plant(s)
  local options, ids = { "plant nothing" }, { false }
  for _, id in ipairs(G.cards("hand", s)) do
    if CARDS[id].cost <= G.get(s, "coins") then
      options[#options + 1] = "plant " .. CARDS[id].name .. " (" .. CARDS[id].cost .. " coins)"
      ids[#ids + 1] = id
    end
  end
  local id = ids[G.choose(s, "Plant which card?", options, { tag = "plant" })]
  if not id then return end
  G.add(s, "coins", -CARDS[id].cost)
  G.move(id, "field", s)
  G.log(s, "P" .. s .. " plants " .. CARDS[id].name)
end

return lib
