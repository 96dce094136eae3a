-- Architectural Zoo (final scoring): 1 conservation point for each of four
-- feats of building, read from the spaces of p's map (ark.count_cells):
--   1. every water space is connected: next to at least one building
--      (water cannot be covered, so touching is the only way to reach it);
--   2. every rock space is connected, the same way;
--   3. every border space that can be built on (plain) is covered;
--   4. the whole map is covered: no plain space is left without a building.
-- A map without water (or rock) spaces has them all connected.  The
-- readings of 1-3 are the YAML's doubt.
local card = {}

-- The spaces that would spoil a feat, counted by ark.count_cells: the
-- computer players ask this score for every position they weigh, and
-- ark.map_cells would build a table for every space of the map each time.
local WATER_UNCONNECTED = { terrain = "water", next_to_building = false }
local ROCK_UNCONNECTED = { terrain = "rock", next_to_building = false }
local BORDER_FREE = { terrain = "plain", edge = true, building = false }

function card.score(p, id)
  local feats = {
    ark.count_cells(p, WATER_UNCONNECTED) == 0,
    ark.count_cells(p, ROCK_UNCONNECTED) == 0,
    ark.count_cells(p, BORDER_FREE) == 0,
    ark.get(p, "free_cells") == 0,
  }
  local rewards = fact(id, "rewards")
  local cp = 0
  for i, done in ipairs(feats) do
    if done then cp = cp + (rewards[i] or 0) end
  end
  return cp
end

return card
