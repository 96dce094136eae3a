-- maps.lua: the map phase of advanced mode (rules: "Setup"), the first step
-- of a game started with map = "advanced" (native/game.c runs it before
-- the draft).  Each player is dealt ADVANCED_DEAL maps of the pool (the
-- front sides 1-8, ark.advanced_maps) without replacement and keeps one;
-- the other goes back to the box.

ADVANCED_DEAL = 2

function choose_maps(first)
  local n = ark.get(nil, "players")
  local pool = ark.advanced_maps()
  -- deal in seat order from the start player, from the game's generator
  local dealt = {}
  for i = 0, n - 1 do
    local p = (first + i) % n
    dealt[p] = {}
    for _ = 1, ADVANCED_DEAL do
      dealt[p][#dealt[p] + 1] = table.remove(pool, ark.random(#pool))
    end
  end
  for i = 0, n - 1 do
    local p = (first + i) % n
    local opts = {}
    for k, m in ipairs(dealt[p]) do
      local info = ark.map_info(m)
      opts[k] = "keep map " .. info.id .. " (" .. info.name .. ")"
    end
    local k = choose(p, "map.choose", "Advanced mode: keep one of the maps dealt to you", opts)
    ark.set_map(p, dealt[p][k])
  end
end
