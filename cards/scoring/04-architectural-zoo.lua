-- Architectural Zoo (final scoring): 1 conservation point for each of four
-- feats of building, read from the spaces of p's map (ark.map_cells):
--   1. every water space is connected: next to at least one building
--      (water cannot be covered, so touching is the only way to reach it);
--   2. every rock space is connected, the same way;
--   3. every border space that can be built on (plain) is covered;
--   4. the whole map is covered: no plain space is left without a building.
-- A map without water (or rock) spaces has them all connected.  The
-- readings of 1-3 are the YAML's doubt.
local card = {}

local function all_connected(cells, terrain)
  for _, c in ipairs(cells) do
    if c.terrain == terrain and not c.next_to_building then return false end
  end
  return true
end

local function border_covered(cells)
  for _, c in ipairs(cells) do
    if c.terrain == "plain" and c.edge and not c.building then return false end
  end
  return true
end

function card.score(p, id)
  local cells = ark.map_cells(p)
  local feats = {
    all_connected(cells, "water"),
    all_connected(cells, "rock"),
    border_covered(cells),
    ark.get(p, "free_cells") == 0,
  }
  local rewards = CARDS[id].rewards
  local cp = 0
  for i, done in ipairs(feats) do
    if done then cp = cp + (rewards[i] or 0) end
  end
  return cp
end

return card
