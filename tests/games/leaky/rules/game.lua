-- Leaky: each seat in turn takes 1 or 2 coins, three turns each; a seat
-- scores its coins and the value of the card in its hand.  The count of
-- turns is kept in a Lua variable, which is wrong: a copy of the game runs
-- the running step again and counts its turn a second time.  The table
-- track `turns` is where it belongs (the tests make that change).
local R = { steps = {} }
local turns = 0
local prompts = {}   -- a cache of texts by turn: filled as needed, changes nothing

local function played() return turns end

local function count_turn()
  turns = turns + 1
end

local function prompt(t)
  if not prompts[t] then prompts[t] = "Turn " .. t .. ": how many coins?" end
  return prompts[t]
end

function R.setup()
  turns = 0
  for id = 1, #CARDS do G.move(id, "deck", 0) end
  G.shuffle("deck", 0)
  for s = 1, G.players() do G.move(G.top("deck", 0), "hand", s) end
end

function R.next()
  if played() >= 3 * G.players() then return nil end
  return "turn", played() % G.players() + 1
end

function R.steps.turn(s)
  count_turn()
  local n = G.choose(s, prompt(played()), { "take 1", "take 2" }, { tag = "take" })
  G.add(s, "coins", n)
end

function R.score(s)
  local total = G.get(s, "coins")
  for _, id in ipairs(G.cards("hand", s)) do total = total + CARDS[id].value end
  return total
end

return R
