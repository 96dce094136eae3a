-- rules/keywords.lua: the one interpreter of the card keywords of cards/schema.md,
-- and the helpers every other rules file uses (all functions and constants: no state
-- lives in Lua variables, everything is read from tracks, zones and counters).

A = A or {}

-- ---------------------------------------------------------------- constants

MAXP = { temperature = 19, oxygen = 14, ocean = 9 }
PARAM_ORDER = { "temperature", "oxygen", "ocean" }
RES_ORDER = { "mc", "plants", "heat" }
PROD_ORDER = { "mc", "steel", "titanium", "plants", "heat", "cards" }
PROD_TRACK = { mc = "p_mc", steel = "p_steel", titanium = "p_titanium", plants = "p_plants",
  heat = "p_heat", cards = "p_cards" }
CARD_RES = { "microbe", "animal", "science" }
COLOUR = { purple = 1, red = 2, yellow = 3, white = 4 }
COLOUR_NAME = { "purple", "red", "yellow", "white" }
KEYWORDS = { "production", "gain", "lose", "tr", "raise", "forest", "draw", "discard", "reveal",
  "add", "remove", "convert", "choose", "if", "extra_play" }
RES_WORD = { mc = "MC", plants = "plants", heat = "heat", cards = "cards" }

-- colour band of a parameter's step (see docs/rules-notes.md, "Parameter colours")
function A.band(param, v)
  if param == "temperature" then
    if v <= 5 then return 1 elseif v <= 10 then return 2 elseif v <= 15 then return 3 end
    return 4
  end
  if v <= 2 then return 1 elseif v <= 6 then return 2 elseif v <= 11 then return 3 end
  return 4
end

function A.temp_text(v) return tostring(-30 + 2 * v) .. " C" end

-- ---------------------------------------------------------------- cards

function A.c(id) return CARDS[id] end
function A.label(id) local c = CARDS[id]; return c.number .. " " .. c.name end

function A.has_tag(id, tag)
  for _, t in ipairs(CARDS[id].tags or {}) do if t == tag then return true end end
  return false
end

function A.ntag(id, tag)
  local n = 0
  for _, t in ipairs(CARDS[id].tags or {}) do if t == tag then n = n + 1 end end
  return n
end

-- the seat's corporation, or nil
function A.corp(seat) return G.top("corp", seat) end

function A.corp_is(seat, number)
  local c = A.corp(seat)
  return c ~= nil and CARDS[c].number == number
end

-- cards whose ongoing effects work: corporation and green/blue cards in play
function A.active(seat)
  local l = {}
  local c = A.corp(seat)
  if c then l[#l + 1] = c end
  for _, id in ipairs(G.cards("played", seat)) do l[#l + 1] = id end
  return l
end

-- tags in play: every tag of the corporation and of the played cards, green, blue and red
-- (docs/rules-notes.md, "Tags in play")
function A.tags(seat, tag)
  local n = 0
  for _, id in ipairs(A.active(seat)) do n = n + A.ntag(id, tag) end
  for _, id in ipairs(G.cards("events", seat)) do n = n + A.ntag(id, tag) end
  return n
end

function A.count_of(seat, what)
  if what == "forests" then return G.get(seat, "forests") end
  if what == "blue_cards" then
    local n = 0
    for _, id in ipairs(G.cards("played", seat)) do
      if CARDS[id].type == "blue" then n = n + 1 end
    end
    return n
  end
  if what == "cards_in_play" then return G.count("played", seat) + G.count("events", seat) end
  return 0
end

-- card: the card whose effect this amount belongs to ("this card included")
function A.amount(seat, a, card)
  if type(a) == "number" then return a end
  if type(a) ~= "table" then return 0 end
  local per = a.per or 1
  if a.tag then
    -- a card's own tags count (a red card lies among the events while its effects run)
    return math.floor(A.tags(seat, a.tag) / per)
  end
  if a.count then return math.floor(A.count_of(seat, a.count) / per) end
  return 0
end

-- every ongoing item of the seat's active cards: list of {card, item}
function A.ongoing(seat, key)
  local l = {}
  for _, id in ipairs(A.active(seat)) do
    for _, o in ipairs(CARDS[id].ongoing or {}) do
      if o[key] ~= nil then l[#l + 1] = { card = id, item = o[key], full = o } end
    end
  end
  return l
end

function A.ongoing_sum(seat, key, field)
  local n = 0
  for _, o in ipairs(A.ongoing(seat, key)) do n = n + (o.item[field] or 0) end
  return n
end

-- ---------------------------------------------------------------- scripts

SCRIPTS = SCRIPTS or {}
function A.script(id)
  local c = CARDS[id]
  if not c.script then return nil end
  return SCRIPTS[c.number]
end

-- ---------------------------------------------------------------- conditions

function A.flex(seat)
  local f = 0
  for _, o in ipairs(A.ongoing(seat, "requirement_flex")) do
    if (o.item.steps or 0) > f then f = o.item.steps end
  end
  return f
end

function A.cond(seat, c, flex)
  flex = flex or 0
  for _, p in ipairs({ "temperature", "oxygen" }) do
    local r = c[p]
    if r then
      local b = A.band(p, G.get(0, p))
      if r.min and b < COLOUR[r.min] - flex then return false end
      if r.max and b > COLOUR[r.max] + flex then return false end
    end
  end
  if c.ocean then
    local o = G.get(0, "ocean")
    if c.ocean.min and o < c.ocean.min then return false end
    if c.ocean.max and o > c.ocean.max then return false end
  end
  if c.tr and c.tr.min and G.get(seat, "tr") < c.tr.min then return false end
  if c.tags then
    for t, n in pairs(c.tags) do
      if A.tags(seat, t) < n then return false end
    end
  end
  return true
end

function A.cond_text(c)
  local parts = {}
  for _, p in ipairs({ "temperature", "oxygen" }) do
    local r = c[p]
    if r then
      if r.min then parts[#parts + 1] = p .. " " .. r.min .. "+" end
      if r.max then parts[#parts + 1] = p .. " " .. r.max .. " or less" end
    end
  end
  if c.ocean then
    if c.ocean.min then parts[#parts + 1] = c.ocean.min .. "+ oceans" end
    if c.ocean.max then parts[#parts + 1] = "at most " .. c.ocean.max .. " oceans" end
  end
  if c.tr and c.tr.min then parts[#parts + 1] = "TR " .. c.tr.min .. "+" end
  if c.tags then
    local ts = {}
    for t, n in pairs(c.tags) do ts[#ts + 1] = n .. " " .. t end
    table.sort(ts)
    parts[#parts + 1] = table.concat(ts, ", ") .. " tags"
  end
  return table.concat(parts, ", ")
end

-- ---------------------------------------------------------------- resources

function A.log(seat, text) G.log(seat, "P" .. seat .. " " .. text) end

-- what a seat has, for prompts
function A.purse(seat)
  return string.format("%d MC, %d plants, %d heat, TR %d, %d cards", G.get(seat, "mc"),
    G.get(seat, "plants"), G.get(seat, "heat"), G.get(seat, "tr"), G.count("hand", seat))
end

function A.gain(seat, res, n)
  if n == 0 then return end
  G.add(seat, res, n)
end

function A.lose(seat, res, n)
  local have = G.get(seat, res)
  if n > have then n = have end
  if n > 0 then G.add(seat, res, -n) end
end

-- MC a seat can spend on a card (Helion: heat as MC)
function A.spendable(seat)
  local rate = A.ongoing_sum(seat, "pay_with", "heat")
  return G.get(seat, "mc") + G.get(seat, "heat") * rate
end

function A.pay_mc(seat, n)
  if n <= 0 then return end
  local mc = G.get(seat, "mc")
  if mc >= n then G.add(seat, "mc", -n); return end
  G.set(seat, "mc", 0)
  local rate = A.ongoing_sum(seat, "pay_with", "heat")
  if rate > 0 then
    local h = math.floor((n - mc + rate - 1) / rate)
    A.lose(seat, "heat", h)
  end
end

function A.reshuffle()
  if G.count("deck", 0) > 0 then return end
  if G.count("discard", 0) == 0 then return end
  for _, id in ipairs(G.cards("discard", 0)) do G.move(id, "deck", 0) end
  G.shuffle("deck", 0)
  G.log(0, "the discard pile is shuffled into a new deck")
end

function A.draw_one(seat, zone)
  A.reshuffle()
  local id = G.top("deck", 0)
  if not id then return nil end
  G.move(id, zone or "hand", seat)
  return id
end

function A.draw(seat, n)
  local names = {}
  for _ = 1, n do
    local id = A.draw_one(seat)
    if not id then break end
    names[#names + 1] = A.label(id)
  end
  if #names > 0 then
    G.log(seat, "P" .. seat .. " draws " .. table.concat(names, ", "), { seat },
      "P" .. seat .. " draws " .. #names .. (#names == 1 and " card" or " cards"))
  end
end

function A.discard_card(seat, id)
  G.move(id, "discard", 0)
end

-- the seat picks n cards of its hand to discard; returns how many
function A.discard_choice(seat, n, prompt, tag)
  local done = 0
  for _ = 1, n do
    local hand = G.cards("hand", seat)
    if #hand == 0 then break end
    local opts = {}
    for i, id in ipairs(hand) do opts[i] = "discard " .. A.label(id) end
    local k = G.choose(seat, prompt or "discard a card", opts, { tag = tag or "discard" })
    A.discard_card(seat, hand[k])
    G.log(seat, "P" .. seat .. " discards " .. A.label(hand[k]))
    done = done + 1
  end
  return done
end

-- ---------------------------------------------------------------- TR, parameters

function A.gain_tr(seat, n)
  if n <= 0 then return end
  G.add(seat, "tr", n)
  for _, id in ipairs(A.active(seat)) do
    local s = A.script(id)
    if s and s.on_tr then s.on_tr(seat, id) end
  end
end

function A.all_maxed()
  for _, p in ipairs(PARAM_ORDER) do
    if G.get(0, p) < MAXP[p] then return false end
  end
  return true
end

function A.check_end()
  if G.get(0, "finishing") == 0 and A.all_maxed() then
    G.set(0, "finishing", 1)
    G.log(0, "Mars is terraformed: the game ends after this phase")
  end
end

-- the 9 ocean tiles, each the gains its flipper takes (docs/rules-notes.md, "Ocean tiles");
-- table tracks ob1..ob9 record the tile each flip turned up (A.ocean_tile)
OCEAN_TILES = {
  { cards = 1 }, { plants = 2 }, { mc = 4 }, { cards = 1 }, { plants = 2 },
  { cards = 1, mc = 1 }, { mc = 2, plants = 1 }, { cards = 1, plants = 1 }, { mc = 1, plants = 1 },
}

-- "1 card and 2 MC": what an ocean tile gives
function A.ocean_text(t)
  local parts = {}
  if t.cards then parts[#parts + 1] = t.cards .. (t.cards == 1 and " card" or " cards") end
  if t.mc then parts[#parts + 1] = t.mc .. " MC" end
  if t.plants then parts[#parts + 1] = t.plants .. (t.plants == 1 and " plant" or " plants") end
  return table.concat(parts, " and ")
end

-- the tile the k-th flip turns up: drawn then, with the game's random numbers, among the
-- tiles no flip has turned up (their record, the table tracks ob1..ob9, is public), so no
-- seat, and no AI's view of the game, knows it before the flip. A tile already recorded
-- for the k-th flip is kept: the last ocean's again (raised past its maximum), or one a
-- scenario or --option obK=T put there before the flip (the draws leave it out)
function A.ocean_tile(k)
  local t = G.get(0, "ob" .. k)
  if t > 0 then return t end
  local taken, left = {}, {}
  for j = 1, 9 do taken[G.get(0, "ob" .. j)] = true end
  for i = 1, #OCEAN_TILES do
    if not taken[i] then left[#left + 1] = i end
  end
  t = left[G.random(#left)]
  G.set(0, "ob" .. k, t)
  return t
end

-- the seat takes the bonus of the k-th ocean tile flipped
function A.ocean_bonus(seat, k)
  local t = OCEAN_TILES[A.ocean_tile(k)]
  if not t then return end
  A.log(seat, "takes the ocean bonus: " .. A.ocean_text(t))
  if t.mc then A.gain(seat, "mc", t.mc) end
  if t.plants then A.gain(seat, "plants", t.plants) end
  if t.cards then A.draw(seat, t.cards) end
end

-- can parameter p still be raised for its rewards? Below its maximum, or maxed during the
-- phase under way: until that phase ends a step past the maximum still gives the TR, the
-- triggers and (oceans) the last tile's bonus, while the value stays at its maximum
-- (docs/rules-notes.md, "Parameters at their maximum")
function A.raisable(p)
  return G.get(0, p) < MAXP[p] or G.get(0, "done_" .. p) == 0
end

-- steps of p a raise of n can still be rewarded for (for the AIs' estimates)
function A.raisable_steps(p, n)
  if G.get(0, "done_" .. p) == 0 then return n end
  return math.max(0, math.min(n, MAXP[p] - G.get(0, p)))
end

-- at the start of every phase: the parameters maxed before it give nothing more
function A.mark_done_params()
  for _, p in ipairs(PARAM_ORDER) do
    G.set(0, "done_" .. p, G.get(0, p) >= MAXP[p] and 1 or 0)
  end
end

function A.raise(seat, p, n)
  for _ = 1, n do
    if not A.raisable(p) then break end
    if G.get(0, p) >= MAXP[p] then
      -- maxed during this phase: the value stays, the rewards come again
      local what = { temperature = "the temperature", oxygen = "oxygen", ocean = "the oceans" }
      A.log(seat, "raises " .. what[p] .. " past the maximum reached this phase")
      A.gain_tr(seat, 1)
      if p == "ocean" then A.ocean_bonus(seat, MAXP.ocean) end
    else
      local v = G.add(0, p, 1)
      if p == "temperature" then
        A.log(seat, "raises the temperature to " .. A.temp_text(v))
      elseif p == "oxygen" then
        A.log(seat, "raises oxygen to " .. v .. "%")
      else
        A.log(seat, "flips ocean " .. v .. " of 9")
      end
      A.gain_tr(seat, 1)
      if p == "ocean" then A.ocean_bonus(seat, v) end
    end
    A.fire(seat, "raise", { param = p })
  end
  A.check_end()
end

function A.forest(seat, n)
  for _ = 1, n do
    G.add(seat, "forests", 1)
    A.log(seat, "gains a forest (" .. G.get(seat, "forests") .. ")")
    A.raise(seat, "oxygen", 1)
    A.fire(seat, "forest", {})
  end
end

-- ---------------------------------------------------------------- card resources

-- the kind of resource a card collects, or nil
function A.res_kind(id) return CARDS[id].resource end

function A.res(id) return G.counter(id, "res") end

function A.add_res(id, n)
  G.set_counter(id, "res", G.counter(id, "res") + n)
end

-- cards of the seat that can take resource kind r ("any" = any collecting card)
function A.res_targets(seat, r, to, self)
  local l = {}
  for _, id in ipairs(G.cards("played", seat)) do
    local k = A.res_kind(id)
    if k and (r == "any" or k == r) then
      if to == "any" or (to == "another" and id ~= self) or (to == "self" and id == self) then
        l[#l + 1] = id
      end
    end
  end
  return l
end

-- ---------------------------------------------------------------- triggers

function A.trigger_times(seat, id, w, event, info)
  if event == "play_card" then
    if info.card == id and not w.self then return 0 end
    return 1
  end
  if event == "play_tag" then
    if info.card == id and not w.self then return 0 end
    local n = 0
    local want = w.tags or { w.tag }
    for _, t in ipairs(want) do n = n + A.ntag(info.card, t) end
    if w.per == "card" and n > 1 then n = 1 end
    return n
  end
  if event == "raise" then
    local want = w.params or { w.param }
    for _, p in ipairs(want) do if p == info.param then return 1 end end
    return 0
  end
  if event == "production_raised" then
    return (w.resource == info.resource) and 1 or 0
  end
  return 1 -- forest, card_action
end

function A.fire(seat, event, info)
  for _, id in ipairs(A.active(seat)) do
    local where = G.where(id)
    if where == "played" or where == "corp" then
      for _, o in ipairs(CARDS[id].ongoing or {}) do
        local w = o.when
        if w and w.event == event then
          local times = A.trigger_times(seat, id, w, event, info)
          for _ = 1, times do A.run({ seat = seat, card = id }, o["do"]) end
        end
      end
      local s = A.script(id)
      if s and s.on_event then s.on_event(seat, id, event, info) end
    end
  end
end

-- ---------------------------------------------------------------- descriptions

function A.res_list(t)
  local parts = {}
  for _, r in ipairs(RES_ORDER) do
    if t[r] then parts[#parts + 1] = t[r] .. " " .. RES_WORD[r] end
  end
  return table.concat(parts, ", ")
end

function A.amount_text(a)
  if type(a) == "number" then return tostring(a) end
  local per = (a.per and a.per > 1) and (a.per .. " ") or ""
  return "1 per " .. per .. (a.tag and (a.tag .. " tag") or a.count)
end

function A.desc1(e)
  local k, v = A.kw(e)
  if k == "production" then
    local parts = {}
    for _, r in ipairs(PROD_ORDER) do
      if v[r] then parts[#parts + 1] = A.amount_text(v[r]) .. " " .. r end
    end
    return "production +" .. table.concat(parts, ", ")
  elseif k == "gain" then return "gain " .. A.res_list(v)
  elseif k == "lose" then return "pay " .. A.res_list(v)
  elseif k == "tr" then return "TR " .. A.amount_text(v)
  elseif k == "raise" then
    local parts = {}
    for _, p in ipairs(PARAM_ORDER) do
      if v[p] then parts[#parts + 1] = p .. " +" .. v[p] end
    end
    return table.concat(parts, ", ")
  elseif k == "forest" then return v .. " forest"
  elseif k == "draw" then return "draw " .. v
  elseif k == "discard" then return "discard " .. v
  elseif k == "reveal" then return "look at " .. v.cards .. ", keep " .. v.keep
  elseif k == "add" then
    for _, r in ipairs({ "microbe", "animal", "science", "any" }) do
      if v[r] then
        local to = v.to or "self"
        return "add " .. v[r] .. " " .. (r == "any" and "resources" or r) ..
          (to == "self" and "" or (" to " .. to .. " card"))
      end
    end
  elseif k == "remove" then
    for _, r in ipairs(CARD_RES) do if v[r] then return "remove " .. v[r] .. " " .. r end end
  elseif k == "convert" then return "convert " .. v.from .. " to " .. v.to
  elseif k == "choose" then return "choose one"
  elseif k == "if" then return "if ...: " .. A.desc(e["do"])
  elseif k == "extra_play" then return "play 1 more card"
  end
  return "?"
end

function A.desc(effects)
  if not effects or #effects == 0 then return "nothing" end
  local parts = {}
  for _, e in ipairs(effects) do parts[#parts + 1] = A.desc1(e) end
  return table.concat(parts, ", ")
end

-- ---------------------------------------------------------------- the interpreter

function A.kw(e)
  for _, k in ipairs(KEYWORDS) do
    if e[k] ~= nil then return k, e[k] end
  end
  return nil, nil
end

-- can these effects be done now (payments that must be possible)?
function A.can_do(seat, effects, card)
  local lose = { mc = 0, plants = 0, heat = 0 }
  for _, e in ipairs(effects or {}) do
    local k, v = A.kw(e)
    if k == "lose" then
      for _, r in ipairs(RES_ORDER) do lose[r] = lose[r] + (v[r] or 0) end
    elseif k == "tr" then
      local n = A.amount(seat, v)
      if n < 0 and G.get(seat, "tr") < -n then return false end
    elseif k == "remove" then
      for _, r in ipairs(CARD_RES) do
        if v[r] and (not card or G.counter(card, "res") < v[r]) then return false end
      end
    end
  end
  for _, r in ipairs(RES_ORDER) do
    if lose[r] > 0 and G.get(seat, r) < lose[r] then return false end
  end
  return true
end

function A.run(ctx, effects)
  for _, e in ipairs(effects or {}) do A.run1(ctx, e) end
end

function A.run1(ctx, e)
  local seat = ctx.seat
  local k, v = A.kw(e)
  if k == "production" then
    for _, r in ipairs(PROD_ORDER) do
      if type(v[r]) == "number" then G.add(seat, PROD_TRACK[r], v[r]) end
      -- amounts given by a rule are counted at every production phase (A.production)
    end
  elseif k == "gain" then
    for _, r in ipairs(RES_ORDER) do if v[r] then A.gain(seat, r, v[r]) end end
  elseif k == "lose" then
    -- a loss is a payment the play was checked for (A.can_play): taking less than printed
    -- would let a card be played that the rules forbid, so a shortfall is a rules error
    for _, r in ipairs(RES_ORDER) do
      if v[r] and G.get(seat, r) < v[r] then
        error((ctx.card and A.label(ctx.card) or "lose") .. ": " .. v[r] .. " " .. r .. " to pay, only " .. G.get(seat, r) .. " left")
      end
    end
    for _, r in ipairs(RES_ORDER) do if v[r] then A.lose(seat, r, v[r]) end end
  elseif k == "tr" then
    local n = A.amount(seat, v, ctx.card)
    if n > 0 then A.gain_tr(seat, n); A.log(seat, "gains " .. n .. " TR")
    elseif n < 0 then A.lose(seat, "tr", -n); A.log(seat, "loses " .. -n .. " TR") end
  elseif k == "raise" then
    for _, p in ipairs(PARAM_ORDER) do if v[p] then A.raise(seat, p, v[p]) end end
  elseif k == "forest" then
    A.forest(seat, v)
  elseif k == "draw" then
    A.draw(seat, v)
  elseif k == "discard" then
    A.discard_choice(seat, v, "discard a card (" .. A.label(ctx.card) .. ")")
  elseif k == "reveal" then
    A.reveal(ctx, v)
  elseif k == "add" then
    A.run_add(ctx, v)
  elseif k == "remove" then
    for _, r in ipairs(CARD_RES) do
      if v[r] then
        local n = math.min(v[r], G.counter(ctx.card, "res"))
        G.set_counter(ctx.card, "res", G.counter(ctx.card, "res") - n)
      end
    end
  elseif k == "convert" then
    A.convert(ctx, v)
  elseif k == "choose" then
    local opts, lists = {}, {}
    for pass = 1, 2 do
      for _, o in ipairs(v) do
        -- first pass: leave out options whose only part is an add with no target
        if A.can_do(seat, o, ctx.card) and (pass == 2 or A.has_target(ctx, o)) then
          opts[#opts + 1] = A.desc(o)
          lists[#lists + 1] = o
        end
      end
      if #opts > 0 then break end
    end
    if #opts > 0 then
      local i = 1
      if #opts > 1 then i = G.choose(seat, A.label(ctx.card) .. ": choose one", opts, { tag = "effect" }) end
      A.run(ctx, lists[i])
    end
  elseif k == "if" then
    if A.cond(seat, v) then A.run(ctx, e["do"]) end
  elseif k == "extra_play" then
    G.add(seat, "extra", v.cards or 1)
    G.set(seat, "extra_green", v.color == "green" and 1 or 0)
    G.set(seat, "extra_discount", v.discount or 0)
    G.set(seat, "extra_max", v.max_cost or 0)
    G.set(seat, "extra_free", v.free and 1 or 0)
    G.set(seat, "extra_flex", v.flex or 0)
  end
end

-- false when the effects are a lone add that has nowhere to go
function A.has_target(ctx, effects)
  if #effects ~= 1 or not effects[1].add then return true end
  local v = effects[1].add
  for _, x in ipairs({ "microbe", "animal", "science", "any" }) do
    if v[x] then return #A.res_targets(ctx.seat, x, v.to or "self", ctx.card) > 0 end
  end
  return true
end

function A.run_add(ctx, v)
  local seat = ctx.seat
  local r, n
  for _, x in ipairs({ "microbe", "animal", "science", "any" }) do
    if v[x] then r, n = x, v[x] end
  end
  if not r then return end
  local to = v.to or "self"
  local targets = A.res_targets(seat, r, to, ctx.card)
  if #targets == 0 then return end
  local t = targets[1]
  if #targets > 1 then
    local opts = {}
    for i, id in ipairs(targets) do
      opts[i] = "put " .. n .. " " .. A.res_kind(id) .. " on " .. A.label(id) ..
        " (" .. A.res(id) .. ")"
    end
    t = targets[G.choose(seat, "where do the resources go?", opts, { tag = "target" })]
  end
  A.add_res(t, n)
  A.log(seat, "puts " .. n .. " " .. A.res_kind(t) .. " on " .. A.label(t))
end

function A.reveal(ctx, v)
  local seat = ctx.seat
  for _ = 1, v.cards do A.draw_one(seat, "look") end
  A.keep_from_look(seat, v.keep, v.tags, A.label(ctx.card))
end

-- keep k cards of the "look" zone (only cards with one of tags, if given); discard the rest
function A.keep_from_look(seat, k, tags, why)
  for _ = 1, k do
    local look = G.cards("look", seat)
    local opts, ids = {}, {}
    for _, id in ipairs(look) do
      local ok = not tags
      if tags then
        for _, t in ipairs(tags) do if A.has_tag(id, t) then ok = true end end
      end
      if ok then
        opts[#opts + 1] = "keep " .. A.label(id) .. " (" .. (CARDS[id].cost or 0) .. " MC)"
        ids[#ids + 1] = id
      end
    end
    if #ids == 0 then break end
    local i = 1
    -- the cards looked at are the seat's alone, and so is which one it keeps
    if #ids > 1 then i = G.choose(seat, why .. ": keep a card", opts, { tag = "keep", private = true }) end
    G.move(ids[i], "hand", seat)
    G.log(seat, "P" .. seat .. " keeps " .. A.label(ids[i]), { seat }, "P" .. seat .. " keeps a card")
  end
  for _, id in ipairs(G.cards("look", seat)) do A.discard_card(seat, id) end
end

function A.convert(ctx, v)
  local seat = ctx.seat
  local have
  if v.from == "cards" then have = G.count("hand", seat) else have = G.get(seat, v.from) end
  local max = v.max and math.min(v.max, have) or have
  if max <= 0 then return end
  -- amounts 0..20, and "all" above that (a choice has at most 512 options)
  local opts, amounts = {}, {}
  for i = 0, math.min(max, 20) do
    opts[#opts + 1] = "convert " .. i .. " " .. RES_WORD[v.from] .. " to " .. RES_WORD[v.to]
    amounts[#amounts + 1] = i
  end
  if max > 20 then
    opts[#opts + 1] = "convert all " .. max .. " " .. RES_WORD[v.from] .. " to " .. RES_WORD[v.to]
    amounts[#amounts + 1] = max
  end
  local n = amounts[G.choose(seat, A.label(ctx.card) .. ": how many?", opts, { tag = "amount" })]
  if n <= 0 then return end
  if v.from == "cards" then
    A.discard_choice(seat, n, "discard a card to convert")
  else
    A.lose(seat, v.from, n)
  end
  if v.to == "cards" then A.draw(seat, n) else A.gain(seat, v.to, n) end
  A.log(seat, "converts " .. n .. " " .. RES_WORD[v.from] .. " to " .. RES_WORD[v.to])
end

-- production a seat has now: tracks plus amounts given by rules on its cards
function A.production(seat, r)
  local n = G.get(seat, PROD_TRACK[r])
  for _, id in ipairs(A.active(seat)) do
    for _, e in ipairs(CARDS[id].effects or {}) do
      local p = e.production
      if p and type(p[r]) == "table" then n = n + A.amount(seat, p[r]) end
    end
  end
  return n
end

-- ---------------------------------------------------------------- VP

function A.card_vp(seat, id)
  local v = CARDS[id].vp
  if type(v) == "number" then return v end
  if type(v) ~= "table" then return 0 end
  local per = v.per or 1
  if v.resource then return math.floor(G.counter(id, "res") / per) end
  if v.tag then return math.floor(A.tags(seat, v.tag) / per) end
  if v.count then return math.floor(A.count_of(seat, v.count) / per) end
  return 0
end

function A.vp_cards(seat)
  local n = 0
  for _, id in ipairs(A.active(seat)) do n = n + A.card_vp(seat, id) end
  for _, id in ipairs(G.cards("events", seat)) do n = n + A.card_vp(seat, id) end
  return n
end

return A
