-- rules/phases.lua: playing project cards and the five phases.

PHASE_NAME = { "development", "construction", "action", "production", "research" }

-- ---------------------------------------------------------------- card cost

-- the MC a card costs the seat; m.extra = played as an extra play;
-- m.dev = the Development chooser's 3 MC off applies.
-- Returns cost, and a list of optional payments taken for discounts ({card, pay}).
function A.cost_of(seat, id, m)
  local c = CARDS[id]
  m = m or {}
  if m.extra and G.get(seat, "extra_free") == 1 then return 0, {} end
  local cost = c.cost or 0
  local printed = cost
  local rv_steel = A.ongoing_sum(seat, "resource_value", "steel")
  local rv_ti = A.ongoing_sum(seat, "resource_value", "titanium")
  if A.has_tag(id, "building") then cost = cost - G.get(seat, "p_steel") * (2 + rv_steel) end
  if A.has_tag(id, "space") then cost = cost - G.get(seat, "p_titanium") * (3 + rv_ti) end
  if m.extra then cost = cost - G.get(seat, "extra_discount") end
  if m.dev then cost = cost - 3 end
  local pays = {}
  local optional = {}
  for _, o in ipairs(A.ongoing(seat, "discount")) do
    local d = o.item
    if d.on ~= "standard_action" then
      local ok = true
      if d.tag and not A.has_tag(id, d.tag) then ok = false end
      if d.tags then
        local any = false
        for _, t in ipairs(d.tags) do if A.has_tag(id, t) then any = true end end
        if not any then ok = false end
      end
      if d.min_cost and printed < d.min_cost then ok = false end
      if ok then
        if d.pay then optional[#optional + 1] = o else cost = cost - (d.mc or 0) end
      end
    end
  end
  -- optional discounts (pay resources): taken when they still save MC and can be paid on
  -- top of what the card itself spends when played and of the discounts already taken (a
  -- plant given to Restructured Resources cannot also be one of Food Factory's two)
  local held = A.own_loss(id)
  for _, o in ipairs(optional) do
    if cost > 0 and A.can_pay_res(seat, o.item.pay, o.card, held) then
      cost = cost - (o.item.mc or 0)
      pays[#pays + 1] = o
      for _, r in ipairs(RES_ORDER) do held[r] = held[r] + (o.item.pay[r] or 0) end
    end
  end
  if cost < 0 then cost = 0 end
  return cost, pays
end

-- the resources ({mc, plants, heat}) card id's own effects take when it is played (`lose`)
function A.own_loss(id)
  local l = { mc = 0, plants = 0, heat = 0 }
  for _, e in ipairs(CARDS[id].effects or {}) do
    if e.lose then
      for _, r in ipairs(RES_ORDER) do l[r] = l[r] + (e.lose[r] or 0) end
    end
  end
  return l
end

-- can the seat pay these resources ({mc, plants, heat, microbe, animal, science}), keeping
-- back held ({mc, plants, heat}, optional) for other payments?
function A.can_pay_res(seat, pay, card, held)
  for _, r in ipairs(RES_ORDER) do
    if pay[r] and G.get(seat, r) - (held and held[r] or 0) < pay[r] then return false end
  end
  for _, r in ipairs(CARD_RES) do
    if pay[r] and (not card or G.counter(card, "res") < pay[r]) then return false end
  end
  return true
end

function A.pay_res(seat, pay, card)
  for _, r in ipairs(RES_ORDER) do if pay[r] then A.lose(seat, r, pay[r]) end end
  for _, r in ipairs(CARD_RES) do
    if pay[r] then G.set_counter(card, "res", G.counter(card, "res") - pay[r]) end
  end
end

-- can the seat play card id now (m.extra: as an extra play)? returns ok, cost, pays
function A.can_play(seat, id, m)
  local c = CARDS[id]
  local flex = A.flex(seat)
  if m.extra then
    if G.get(seat, "extra_max") > 0 and (c.cost or 0) > G.get(seat, "extra_max") then return false end
    local f = G.get(seat, "extra_flex")
    if f > flex then flex = f end
  end
  if c.requirement and not A.cond(seat, c.requirement, flex) then return false end
  if not A.can_do(seat, c.effects, nil) then return false end
  local cost, pays = A.cost_of(seat, id, m)
  local spend = A.spendable(seat)
  local own = A.own_loss(id)
  -- heat the card itself takes, or a discount takes, cannot also pay for it (Helion)
  local rate = A.ongoing_sum(seat, "pay_with", "heat")
  if rate > 0 then
    local heat = own.heat
    for _, o in ipairs(pays) do heat = heat + (o.item.pay.heat or 0) end
    spend = spend - heat * rate
  end
  -- an MC loss printed on the card is paid on top of the cost
  cost = cost + own.mc
  if spend < cost then return false end
  return true, cost, pays
end

function A.play_card(seat, id, m)
  local c = CARDS[id]
  local _, cost, pays = A.can_play(seat, id, m)
  cost = (cost or 0) - A.own_loss(id).mc
  A.pay_mc(seat, cost)
  for _, o in ipairs(pays or {}) do A.pay_res(seat, o.item.pay, o.card) end
  G.move(id, c.type == "red" and "events" or "played", seat)
  G.add(seat, "cards_played", 1)
  G.add(seat, "played_phase", 1)
  A.log(seat, "plays " .. A.label(id) .. " for " .. cost .. " MC")
  A.run({ seat = seat, card = id }, c.effects)
  A.fire(seat, "play_card", { card = id })
  A.fire(seat, "play_tag", { card = id })
  for _, r in ipairs(PROD_ORDER) do
    local raised = false
    for _, e in ipairs(c.effects or {}) do
      if e.production and e.production[r] then raised = true end
    end
    if raised then A.fire(seat, "production_raised", { resource = r, card = id }) end
  end
  A.check_end()
end

-- ---------------------------------------------------------------- Development, Construction

local function colour_ok(id, green)
  local t = CARDS[id].type
  if green then return t == "green" end
  return t == "blue" or t == "red"
end

-- what the seat may play now in Development (green = true) or Construction: a list of
-- {key, text, run} (rules/picks.lua); normal plays first, then extra plays. An extra play
-- ("you may play one more card this phase") need not wait for the normal play: while one is
-- left, a card is also offered as the extra play where that makes a difference (it costs
-- less, as with Work Crews' 11 MC off, or only the extra play's flex allows it), so using
-- the normal play first does not forfeit the extra play's saving.
function A.play_options(seat, green)
  local l = {}
  local normal = G.get(seat, "plays_left") > 0
  -- an extra play of the other colour is lost
  local extra = G.get(seat, "extra") > 0 and (G.get(seat, "extra_green") == 1) == green
  if not normal and not extra then return l end
  local mn = {}
  if green and G.get(seat, "dev_bonus") == 1 then mn.dev = true end
  local me = { extra = true }
  local function add(id, m, cost, text)
    l[#l + 1] = { key = (m.extra and 2000 or 1000) + id, text = text,
      run = function()
        if m.extra then G.add(seat, "extra", -1) else G.add(seat, "plays_left", -1) end
        A.play_card(seat, id, m)
        if m.dev then G.set(seat, "dev_bonus", 0) end
      end }
  end
  local extras = {}
  for _, id in ipairs(G.cards("hand", seat)) do
    if colour_ok(id, green) then
      local ok, cost = false, nil
      if normal then
        ok, cost = A.can_play(seat, id, mn)
        if ok then add(id, mn, cost, "play " .. A.label(id) .. " (" .. cost .. " MC)") end
      end
      if extra then
        local eok, ecost = A.can_play(seat, id, me)
        if eok and (not ok or ecost < cost) then extras[#extras + 1] = { id, ecost } end
      end
    end
  end
  for _, x in ipairs(extras) do
    -- named as the extra play only while a normal play could be used instead
    add(x[1], me, x[2], "play " .. A.label(x[1]) .. " (" .. x[2] .. " MC"
      .. (normal and ", extra play" or "") .. ")")
  end
  return l
end

-- ---------------------------------------------------------------- Production

function A.produce(seat)
  local mc = G.get(seat, "tr") + A.production(seat, "mc")
  if G.get(seat, "phase") == 4 then mc = mc + 4 end
  local plants = A.production(seat, "plants")
  local heat = A.production(seat, "heat")
  A.gain(seat, "mc", mc)
  A.gain(seat, "plants", plants)
  A.gain(seat, "heat", heat)
  A.log(seat, "produces " .. mc .. " MC, " .. plants .. " plants, " .. heat .. " heat")
  local cards = A.production(seat, "cards")
  if cards > 0 then A.draw(seat, cards) end
end

-- ---------------------------------------------------------------- Research

function A.research(seat)
  local draw, keep = 2, 1
  if G.get(seat, "phase") == 5 then draw, keep = 5, 2 end
  draw = draw + A.ongoing_sum(seat, "research", "draw")
  keep = keep + A.ongoing_sum(seat, "research", "keep")
  for _ = 1, draw do A.draw_one(seat, "look") end
  A.keep_from_look(seat, keep, nil, "research")
end
