-- Loops when played: stopped for time (the message names this handler).
local card = {}

function card.on_play(p, id)
  local n = 0
  while true do
    n = n + 1
  end
end

return card
