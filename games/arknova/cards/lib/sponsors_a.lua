-- sponsors_a.lua: engine-side hooks for sponsors 201-232, in the rules
-- environment (trusted).  The card scripts themselves are self-contained.
--
-- Border placement bonuses (221 Archaeologist).  A card may let a placement
-- bonus printed on a border space of p's map pay out more than once:
--   modify_border_bonus_repeats(p, id, value, bonus, amount) -> extra times
-- The bonuses covered by a new building come out of ark.build; the wrapper
-- below appends the extra copies to that list, so place_building
-- (games/arknova/rules/rules.lua) applies them in its usual loop, in the usual order.
-- Card scripts copy `ark` when they load (after this file), so they see the
-- wrapper too.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type

local core_build = ark.build

-- Border spaces of a map, keyed by the cell text "(x,y)" of ark.build,
-- without the map primitives: the printed maps' grid, 9 columns x 13
-- doubled rows, where a border space lacks a neighbour.
local function border_cells()
  local out = {}
  for x = 0, 8 do
    for y = 0, 12 do
      if (x + y) % 2 == 1 and (x == 0 or x == 8 or y < 2 or y > 10) then
        out["(" .. x .. "," .. y .. ")"] = true
      end
    end
  end
  return out
end

-- Is the space of cell text `cell` a border space of p's map?  Counted in
-- C (ark.count_cells), with no table per space of the map; without that
-- primitive, looked up among the printed grid's (border_cells).
local function on_border(p, cell, border)
  if ark.count_cells then return ark.count_cells(p, { cell = cell, edge = true }) > 0 end
  return border[cell]
end

ark.build = function(p, key, cells, build2, card)
  local b, bonuses = core_build(p, key, cells, build2, card)
  -- without a modifier every border bonus repeats 0 times: no need to read
  -- the whole map (ark.map_cells is dear)
  if #bonuses == 0 or not has_handler(p, "modify_border_bonus_repeats") then
    return b, bonuses
  end
  local border = not ark.count_cells and border_cells()
  local extra = {}
  for _, bo in ipairs(bonuses) do
    if on_border(p, bo.cell, border) then
      local n = modify("border_bonus_repeats", p, 0, bo.bonus, bo.value)
      for _ = 1, n do extra[#extra + 1] = bo end
    end
  end
  for _, bo in ipairs(extra) do bonuses[#bonuses + 1] = bo end
  return b, bonuses
end

