-- rules/standard.lua: the Action phase: card actions, standard actions and standard
-- projects (costs in docs/rules-notes.md).

SELL_MC = 3
STD = {
  { key = "temperature", mc = 14, text = "raise temperature" },
  { key = "ocean", mc = 15, text = "flip an ocean" },
  { key = "forest", mc = 20, text = "plant forest" },
}

function A.std_discount(seat)
  local n = 0
  for _, o in ipairs(A.ongoing(seat, "discount")) do
    if o.item.on == "standard_action" then n = n + (o.item.mc or 0) end
  end
  return n
end

function A.forest_plants(seat)
  local n = 8 - A.ongoing_sum(seat, "conversion_discount", "plants")
  if n < 0 then n = 0 end
  return n
end

function A.sell_value(seat) return SELL_MC + A.ongoing_sum(seat, "sell_bonus", "mc") end

-- ---------------------------------------------------------------- card actions

-- the cost table and extra effects of a card action for the seat
function A.action_parts(seat, act)
  local chosen = (G.get(seat, "phase") == 3) and act.chosen or nil
  local cost = act.cost or {}
  if chosen and chosen.cost then cost = chosen.cost end
  return cost, chosen
end

function A.action_mc(seat, act, cost)
  local mc = cost.mc or 0
  local r = act.reduce
  if r and mc > 0 then
    if r.per_production then mc = mc - r.mc * G.get(seat, PROD_TRACK[r.per_production]) end
    if r.per_tag then mc = mc - r.mc * A.tags(seat, r.per_tag) end
    if r.min_blue_cards and A.count_of(seat, "blue_cards") >= r.min_blue_cards then mc = mc - r.mc end
  end
  if mc < 0 then mc = 0 end
  return mc
end

-- cards that can pay n resources of kind r for card id's action
function A.res_payers(seat, id, r, n, from)
  local l = {}
  if from == "any" then
    for _, x in ipairs(G.cards("played", seat)) do
      if A.res_kind(x) == r and G.counter(x, "res") >= n then l[#l + 1] = x end
    end
  elseif G.counter(id, "res") >= n then
    l[1] = id
  end
  return l
end

function A.can_action(seat, id, act)
  local cost = A.action_parts(seat, act)
  if A.spendable(seat) < A.action_mc(seat, act, cost) then return false end
  if cost.plants and G.get(seat, "plants") < cost.plants then return false end
  if cost.heat and G.get(seat, "heat") < cost.heat then return false end
  if cost.tr and G.get(seat, "tr") < cost.tr then return false end
  if cost.cards and G.count("hand", seat) < cost.cards then return false end
  for _, r in ipairs(CARD_RES) do
    if cost[r] and #A.res_payers(seat, id, r, cost[r], cost.from) == 0 then return false end
  end
  -- an action that raises only a parameter maxed before this phase is not offered
  local d = act["do"] or {}
  if #d == 1 and d[1].raise then
    local useful = false
    for _, p in ipairs(PARAM_ORDER) do
      if d[1].raise[p] and A.raisable(p) then useful = true end
    end
    if not useful then return false end
  end
  if not A.can_do(seat, d, id) then return false end
  return true
end

function A.action_text(seat, id, act)
  local cost, chosen = A.action_parts(seat, act)
  local parts = {}
  local mc = A.action_mc(seat, act, cost)
  if mc > 0 then parts[#parts + 1] = mc .. " MC" end
  for _, r in ipairs({ "plants", "heat" }) do
    if cost[r] then parts[#parts + 1] = cost[r] .. " " .. r end
  end
  if cost.tr then parts[#parts + 1] = cost.tr .. " TR" end
  if cost.cards then parts[#parts + 1] = cost.cards .. " card" end
  for _, r in ipairs(CARD_RES) do
    if cost[r] then parts[#parts + 1] = cost[r] .. " " .. r end
  end
  local what = act.script and "script" or A.desc(act["do"])
  if chosen and chosen["do"] then what = what .. ", " .. A.desc(chosen["do"]) end
  if act.script and CARDS[id].number == "13" then what = "reveal the top card" end
  local s = "action " .. A.label(id) .. ": " .. what
  if #parts > 0 then s = s .. " (pay " .. table.concat(parts, ", ") .. ")" end
  return s
end

function A.use_action(seat, id, k)
  local act = CARDS[id].actions[k]
  local cost, chosen = A.action_parts(seat, act)
  if G.counter(id, "used") > 0 then G.set(seat, "action_bonus", 0) end
  G.set_counter(id, "used", G.counter(id, "used") + 1)
  A.pay_mc(seat, A.action_mc(seat, act, cost))
  if cost.plants then A.lose(seat, "plants", cost.plants) end
  if cost.heat then A.lose(seat, "heat", cost.heat) end
  if cost.tr then A.lose(seat, "tr", cost.tr) end
  if cost.cards then A.discard_choice(seat, cost.cards, "discard a card to pay the action") end
  for _, r in ipairs(CARD_RES) do
    if cost[r] then
      local l = A.res_payers(seat, id, r, cost[r], cost.from)
      local from = l[1]
      if #l > 1 then
        local opts = {}
        for i, x in ipairs(l) do opts[i] = "take " .. cost[r] .. " " .. r .. " from " .. A.label(x) end
        from = l[G.choose(seat, "pay the action from which card?", opts, { tag = "target" })]
      end
      G.set_counter(from, "res", G.counter(from, "res") - cost[r])
    end
  end
  A.log(seat, "uses the action of " .. A.label(id))
  A.run({ seat = seat, card = id }, act["do"])
  if chosen and chosen["do"] then A.run({ seat = seat, card = id }, chosen["do"]) end
  if act.script then
    local s = A.script(id)
    if s and s.action then s.action(seat, id) end
  end
  A.fire(seat, "card_action", { card = id })
  A.check_end()
end

-- ---------------------------------------------------------------- the Action turn

function A.action_options(seat)
  local opts = {}
  local function add(key, text, fn) opts[#opts + 1] = { key = key, text = text, run = fn } end
  -- card actions
  for _, id in ipairs(G.cards("played", seat)) do
    local acts = CARDS[id].actions
    if acts then
      local used = G.counter(id, "used")
      local again = used == 1 and G.get(seat, "action_bonus") == 1
      if used == 0 or again then
        for k, act in ipairs(acts) do
          if A.can_action(seat, id, act) then
            add(100000 + 10 * id + k, A.action_text(seat, id, act) .. (again and " (again)" or ""),
              function() A.use_action(seat, id, k) end)
          end
        end
      end
    end
  end
  -- standard actions: plants and heat
  local fp = A.forest_plants(seat)
  if G.get(seat, "plants") >= fp then
    add(10, "standard: plant forest (" .. fp .. " plants)", function()
      A.lose(seat, "plants", fp)
      A.log(seat, "converts " .. fp .. " plants into a forest")
      A.forest(seat, 1)
    end)
  end
  if G.get(seat, "heat") >= 8 and A.raisable("temperature") then
    add(11, "standard: raise temperature (8 heat)", function()
      A.lose(seat, "heat", 8)
      A.log(seat, "converts 8 heat")
      A.raise(seat, "temperature", 1)
    end)
  end
  -- standard projects
  local disc = A.std_discount(seat)
  for n, sp in ipairs(STD) do
    local mc = sp.mc - disc
    if mc < 0 then mc = 0 end
    local useful = sp.key == "forest" or A.raisable(sp.key)
    if useful and A.spendable(seat) >= mc then
      add(11 + n, "standard: " .. sp.text .. " (" .. mc .. " MC)", function()
        A.pay_mc(seat, mc)
        A.log(seat, "pays " .. mc .. " MC: " .. sp.text)
        if sp.key == "forest" then A.forest(seat, 1) else A.raise(seat, sp.key, 1) end
      end)
    end
  end
  if G.count("hand", seat) > 0 then
    add(15, "standard: sell a card (+" .. A.sell_value(seat) .. " MC)", function()
      local hand = G.cards("hand", seat)
      local o = {}
      for i, id in ipairs(hand) do o[i] = "sell " .. A.label(id) end
      local i = G.choose(seat, "sell which card?", o, { tag = "sell" })
      A.discard_card(seat, hand[i])
      A.gain(seat, "mc", A.sell_value(seat))
      G.add(seat, "sold", 1)
      A.log(seat, "sells " .. A.label(hand[i]))
    end)
  end
  return opts
end
