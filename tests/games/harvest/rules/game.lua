-- Harvest: a test game.  Each round every seat picks, in secret, one of
-- coins (+2 coins), plant (pay a hand card's cost, put it in the field)
-- or draw (draw 2); nobody picks what they picked the round before.
-- Field cards grow one grain per round and score value + grain.
local R = { steps = {} }
local PICKS = { "coins", "plant", "draw" }
local lib = G.include("rules/lib.lua")

function R.setup()
  for id = 1, #CARDS do G.move(id, "deck", 0) end
  G.shuffle("deck", 0)
  for s = 1, G.players() do lib.draw(s, 2) end
end

function R.next()
  if G.get(0, "round") >= G.get(0, "rounds") then return nil end
  if G.get(0, "split") == 0 then return "round", 0 end
  for s = 1, G.players() do
    if G.get(s, "picked") == 0 then return "pick", s end
  end
  return "resolve", 0
end

-- seat s picks in secret, not what it picked last round
local function pick(s)
  local options, picks = {}, {}
  for k, name in ipairs(PICKS) do
    if k ~= G.get(s, "last") then
      options[#options + 1] = name
      picks[#picks + 1] = k
    end
  end
  G.set(s, "pick", picks[G.choose(s, "Pick for this round", options,
                                  { secret = true, tag = "pick" })])
  G.set(s, "picked", 1)
end

local function resolve()
  G.set_round(G.get(0, "round") + 1) -- the log's (and turn cap's) round; the track: below
  G.reveal()
  local said = {}
  for s = 1, G.players() do said[#said + 1] = "P" .. s .. " " .. PICKS[G.get(s, "pick")] end
  G.log(0, "revealed: " .. table.concat(said, ", "))
  for s = 1, G.players() do
    local choice = G.get(s, "pick")
    if choice == 1 then
      G.add(s, "coins", 2)
    elseif choice == 2 then
      lib.plant(s)
    else
      lib.draw(s, 2)
    end
    G.set(s, "last", choice)
    G.set(s, "picked", 0)
    for _, id in ipairs(G.cards("field", s)) do
      G.set_counter(id, "grain", G.counter(id, "grain") + 1)
    end
  end
  G.set(0, "round", G.get(0, "round") + 1)
end

function R.steps.round()
  for s = 1, G.players() do pick(s) end
  resolve()
end

R.steps.pick = pick
R.steps.resolve = resolve

function R.score(s)
  local total = G.get(s, "points")
  for _, id in ipairs(G.cards("field", s)) do
    total = total + CARDS[id].value + G.counter(id, "grain")
  end
  return total
end

-- ties: more coins first, then the earlier seat
function R.rank()
  local order = {}
  for s = 1, G.players() do order[s] = s end
  table.sort(order, function(a, b)
    local sa, sb = R.score(a), R.score(b)
    if sa ~= sb then return sa > sb end
    if G.get(a, "coins") ~= G.get(b, "coins") then return G.get(a, "coins") > G.get(b, "coins") end
    return a < b
  end)
  return order
end

function R.value(s) return R.score(s) + G.get(s, "coins") / 2 + G.count("hand", s) end

function R.stats(s)
  return { coins = G.get(s, "coins"), field = G.count("field", s), hand = G.count("hand", s) }
end

function R.summary()
  return { "Harvest over after " .. G.get(0, "round") .. " rounds." }
end

return R
