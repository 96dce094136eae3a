-- Talented Communicator (216).  When played: one more association worker
-- (at most 4 in all).  End of game: 1 conservation point with reputation 9.
local END_REPUTATION, END_CP = 9, 1

local card = {}

function card.on_play(p, id)
  gain_worker(p)
end

function card.game_end(p, id)
  if get(p, "reputation") >= END_REPUTATION then ark.add(p, "conservation", END_CP) end
end

return card
