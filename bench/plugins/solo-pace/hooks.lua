-- solo-pace/hooks.lua: breaks by the solo tile's count of turns instead of
-- the break track.  State lives in the game (the turn count), never in this
-- script, because one script serves every game of a run.
local fill_track = ark.advance_break

-- Actions and abilities still pay what "advancing the break" pays; the
-- token itself stays put, so no action ever triggers a break or earns the
-- trigger's X token.
ark.advance_break = function() return false end

-- Own turns after which the solo tile reveals a break: 7, then 6, 5, 4, 3.
-- (The break after turn 27 ends the solo game; what it pays is mostly
-- money, which no longer scores, so the run stops at the turn cap instead.)
local BREAK_AFTER = { [7] = true, [13] = true, [18] = true, [22] = true, [25] = true }

local hooks = {}

function hooks.turn_start(p)
  -- the game's turn counter starts at 0: each player's first turn
  if ark.get(nil, "turn") < ark.get(nil, "players") then gain(p, "appeal", 20) end
end

function hooks.turn_end(p)
  local n = ark.get(nil, "players")
  local done = ark.get(nil, "turn") + 1          -- counting this turn
  if done % n == 0 and BREAK_AFTER[math.floor(done / n)] then fill_track(p, 99) end
end

return hooks
