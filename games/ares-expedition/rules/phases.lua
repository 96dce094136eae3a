-- rules/phases.lua: playing project cards and the five phases.

PHASE_NAME = { "development", "construction", "action", "production", "research" }

-- ---------------------------------------------------------------- card cost

-- the MC a card costs the seat; m.extra = played as an extra play;
-- m.dev = the Development chooser's 3 MC off applies; m.mask = which of the optional
-- discounts (`discount` with `pay`, in the order A.optional_discounts lists them) the seat
-- takes: discount i is taken when the mask's i-th binary digit is 1 (0 or nil: none).
-- Returns cost and the list of optional discounts taken ({card, item}), or nil when the
-- mask asks for one that saves nothing (the card costs 0 MC before it) or cannot be paid
-- on top of what the card itself spends when played and of the other discounts taken.
function A.cost_of(seat, id, m)
  local c = CARDS[id]
  m = m or {}
  if m.extra and G.get(seat, "extra_free") == 1 then
    if (m.mask or 0) > 0 then return nil end
    return 0, {}
  end
  local cost = c.cost or 0
  local printed = cost
  local rv_steel = A.ongoing_sum(seat, "resource_value", "steel")
  local rv_ti = A.ongoing_sum(seat, "resource_value", "titanium")
  if A.has_tag(id, "building") then cost = cost - G.get(seat, "p_steel") * (2 + rv_steel) end
  if A.has_tag(id, "space") then cost = cost - G.get(seat, "p_titanium") * (3 + rv_ti) end
  if m.extra then cost = cost - G.get(seat, "extra_discount") end
  if m.dev then cost = cost - 3 end
  local pays = {}
  local optional = A.optional_discounts(seat, id)
  for _, o in ipairs(A.ongoing(seat, "discount")) do
    if not o.item.pay and A.discount_applies(o.item, id, printed) then
      cost = cost - (o.item.mc or 0)
    end
  end
  -- optional discounts (pay resources), as the mask asks: each must still save MC and be
  -- payable on top of what the card itself spends when played and of the discounts
  -- already taken (a plant given to Restructured Resources cannot also be one of Food
  -- Factory's two)
  local held = A.own_loss(id)
  local mask = m.mask or 0
  for i, o in ipairs(optional) do
    if A.bit(mask, i) then
      if cost <= 0 or not A.can_pay_res(seat, o.item.pay, o.card, held) then return nil end
      cost = cost - (o.item.mc or 0)
      pays[#pays + 1] = o
      for _, r in ipairs(RES_ORDER) do held[r] = held[r] + (o.item.pay[r] or 0) end
    end
  end
  if mask >= A.pow2(#optional) then return nil end
  if cost < 0 then cost = 0 end
  return cost, pays
end

-- is binary digit i (1 = the lowest) of mask 1? (no bitwise operators: LuaJIT reads these
-- rules too)
function A.bit(mask, i)
  return math.floor(mask / A.pow2(i - 1)) % 2 == 1
end

-- 2 to the n, a whole number
function A.pow2(n)
  local v = 1
  for _ = 1, n do v = v * 2 end
  return v
end

-- does discount d (of a card in play) apply to playing card id of printed cost `printed`?
function A.discount_applies(d, id, printed)
  if d.on == "standard_action" then return false end
  if d.tag and not A.has_tag(id, d.tag) then return false end
  if d.tags then
    local any = false
    for _, t in ipairs(d.tags) do if A.has_tag(id, t) then any = true end end
    if not any then return false end
  end
  return not (d.min_cost and printed < d.min_cost)
end

-- the optional discounts (`discount` with `pay`) of the seat's cards that apply to card id
function A.optional_discounts(seat, id)
  local l = {}
  local printed = CARDS[id].cost or 0
  for _, o in ipairs(A.ongoing(seat, "discount")) do
    if o.item.pay and A.discount_applies(o.item, id, printed) then l[#l + 1] = o end
  end
  return l
end

-- the ways of paying card id the seat has: a list of masks for A.cost_of (0, no optional
-- payment, first; at most 16: no seat has more than 4 optional discounts)
function A.pay_masks(seat, id, m)
  local n = math.min(#A.optional_discounts(seat, id), 4)
  local l = {}
  for mask = 0, A.pow2(n) - 1 do
    local mm = { extra = m.extra, dev = m.dev, mask = mask }
    if A.cost_of(seat, id, mm) then l[#l + 1] = mask end
  end
  return l
end

-- what the optional discounts taken spend, for an option's text: "1 plant", "2 microbes
-- from 5 Anaerobic Microorganisms"
function A.pays_text(pays)
  local parts = {}
  for _, o in ipairs(pays or {}) do
    local pay = o.item.pay
    for _, r in ipairs(RES_ORDER) do
      if pay[r] then
        local word = RES_WORD[r]
        if r == "plants" and pay[r] == 1 then word = "plant" end
        parts[#parts + 1] = pay[r] .. " " .. word
      end
    end
    for _, r in ipairs(CARD_RES) do
      if pay[r] then
        parts[#parts + 1] = pay[r] .. " " .. r .. (pay[r] == 1 and "" or "s") .. " from " .. A.label(o.card)
      end
    end
  end
  return table.concat(parts, ", ")
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
  if not cost then return false end
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

-- can the seat play card id now in some way of paying it?
function A.can_play_any(seat, id, m)
  for _, mask in ipairs(A.pay_masks(seat, id, m)) do
    if A.can_play(seat, id, { extra = m.extra, dev = m.dev, mask = mask }) then return true end
  end
  return false
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
  local paid = A.pays_text(pays)
  A.log(seat, "plays " .. A.label(id) .. " for " .. cost .. " MC" .. (paid ~= "" and (" and " .. paid) or ""))
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
  local function add(id, m, cost, pays)
    local paid = A.pays_text(pays)
    local text = "play " .. A.label(id) .. " (" .. cost .. " MC"
    if paid ~= "" then text = text .. " and " .. paid end
    -- named as the extra play only while a normal play could be used instead
    if m.extra and normal then text = text .. ", extra play" end
    l[#l + 1] = { key = A.play_key(id, m), text = text .. ")",
      run = function()
        if m.extra then G.add(seat, "extra", -1) else G.add(seat, "plays_left", -1) end
        A.play_card(seat, id, m)
        if m.dev then G.set(seat, "dev_bonus", 0) end
      end }
  end
  local extras = {}
  for _, id in ipairs(G.cards("hand", seat)) do
    if colour_ok(id, green) then
      -- every way of paying the card: without the optional discounts, and with each
      -- set of them the seat can pay (the option says what they spend)
      local normal_cost = {}
      if normal then
        for _, mask in ipairs(A.pay_masks(seat, id, { dev = A.dev_bonus_on(seat, green) })) do
          local mn = { dev = A.dev_bonus_on(seat, green), mask = mask }
          local ok, cost, pays = A.can_play(seat, id, mn)
          if ok then
            add(id, mn, cost, pays)
            normal_cost[mask] = cost
          end
        end
      end
      if extra then
        for _, mask in ipairs(A.pay_masks(seat, id, { extra = true })) do
          local me = { extra = true, mask = mask }
          local eok, ecost, epays = A.can_play(seat, id, me)
          local ncost = normal_cost[mask]
          if eok and (not ncost or ecost < ncost) then extras[#extras + 1] = { id, me, ecost, epays } end
        end
      end
    end
  end
  for _, x in ipairs(extras) do add(x[1], x[2], x[3], x[4]) end
  return l
end

-- does the Development chooser's 3 MC off apply to the seat's next green card?
function A.dev_bonus_on(seat, green)
  return (green and G.get(seat, "dev_bonus") == 1) or nil
end

-- pick keys of card plays (rules/picks.lua): 1000 + card a normal play, 2000 + card an
-- extra play, plus 4000 times the mask of optional discounts taken (at most 15: below
-- 100000, where the card actions' keys begin)
function A.play_key(id, m)
  return (m.extra and 2000 or 1000) + id + 4000 * (m.mask or 0)
end

-- the card and the play of a pick key of A.play_key
function A.play_of_key(k)
  local r = k - 1000
  local mask = math.floor(r / 4000)
  r = r - 4000 * mask
  local extra = r >= 1000
  return r % 1000, { extra = extra or nil, mask = mask }
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
