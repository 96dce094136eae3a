-- rules/cards.lua: what the rules read of a card file, checked when the game loads.
-- The runtime calls the rules' check_card(card) for every card, in `check --game` and
-- before every game (docs/lua-games.md); each problem is reported at its line of the
-- card's YAML file.  The format is cards/schema.md, and cards/check.py checks the same
-- and more (the printed facts against the reference data).  Only constants and functions.

A = A or {}

local function set(list)
  local s = {}
  for _, k in ipairs(list) do s[k] = true end
  return s
end

local function words(list) return table.concat(list, ", ") end

-- a table's keys in order (pairs() has none), so that problems come in the same order
local function keys(t)
  local l = {}
  for k in pairs(t) do l[#l + 1] = k end
  table.sort(l, function(a, b) return tostring(a) < tostring(b) end)
  return l
end

local TAG_LIST = { "building", "space", "science", "power", "earth", "jovian", "plant", "microbe",
  "animal", "event" }
local TAG = set(TAG_LIST)
local COLOURS = { "purple", "red", "yellow", "white" }
local PRODUCTION = { "mc", "steel", "titanium", "plants", "heat", "cards" }
local STOCK = { "mc", "plants", "heat" }
local CARD_RESOURCES = { "microbe", "animal", "science" }
local PARAMS = { "temperature", "oxygen", "ocean" }
local COUNTS = { "forests", "blue_cards", "cards_in_play" }
local EVENTS = { "play_card", "play_tag", "raise", "forest", "card_action", "production_raised" }
local EFFECTS = { "production", "gain", "lose", "tr", "raise", "forest", "draw", "discard",
  "reveal", "add", "remove", "convert", "choose", "if", "extra_play" }
local ONGOING = { "discount", "when", "research", "resource_value", "requirement_flex",
  "sell_bonus", "pay_with", "conversion_discount" }
local HOOKS = { "action", "on_event", "on_tr" }
-- top-level fields: true when every card needs it (cards/schema.md); id and file are the
-- runtime's own
local FIELDS = { number = true, name = true, data_name = false, type = true, variant_of = false,
  number_assigned = false, cost = false, megacredits = false, tags = true, vp = true,
  phases = false, requirement = false, resource = false, deviates = false, description = true,
  effects = true, ongoing = false, actions = false, script = false, effect_notes = false,
  id = false, file = false }
local FIELD_ORDER = { "number", "name", "type", "cost", "megacredits", "tags", "vp", "phases",
  "requirement", "resource", "description", "effects", "ongoing", "actions", "script",
  "effect_notes", "data_name", "variant_of", "number_assigned", "deviates" }
local FOLDER_TYPE = { green = "green", blue = "blue", red = "red", corporations = "corporation" }

-- the checks of one card, gathering problems {text, at = table, key = k}
local function checker(card)
  local ck = { problems = {} }

  function ck.bad(at, key, text)
    ck.problems[#ck.problems + 1] = { text = text, at = at, key = key }
  end

  local function show(v)
    if type(v) == "string" then return "'" .. v .. "'" end
    if type(v) == "table" then return "a list or map" end
    return tostring(v)
  end

  local function is_int(v) return math.type and math.type(v) == "integer" or
      (type(v) == "number" and v == math.floor(v)) end

  -- a map whose keys are all among `allowed` (a list) and that has the `need`ed ones
  function ck.map(at, key, where, v, allowed, need)
    if type(v) ~= "table" then
      ck.bad(at, key, where .. ": expected a map of " .. words(allowed) .. ", not " .. show(v))
      return false
    end
    local ok = set(allowed)
    for _, k in ipairs(keys(v)) do
      if not ok[k] then
        ck.bad(v, k, where .. ": unknown key " .. show(k) .. " (" .. words(allowed) .. ")")
      end
    end
    for _, k in ipairs(need or {}) do
      if v[k] == nil then ck.bad(at, key, where .. ": missing " .. k) end
    end
    return true
  end

  function ck.list(at, key, where, v)
    if type(v) ~= "table" or (next(v) ~= nil and v[1] == nil) then
      ck.bad(at, key, where .. ": expected a list, not " .. show(v))
      return false
    end
    return true
  end

  function ck.count(at, key, where, v, zero)
    if not is_int(v) or v < (zero and 0 or 1) then
      ck.bad(at, key, where .. ": expected a whole number of " .. (zero and "0" or "1") ..
        " or more, not " .. show(v))
    end
  end

  function ck.one_of(at, key, where, v, allowed, what)
    if not set(allowed)[v] then
      ck.bad(at, key, where .. ": unknown " .. what .. " " .. show(v) .. " (" .. words(allowed) ..
        ")")
    end
  end

  function ck.tag(at, key, where, v) ck.one_of(at, key, where, v, TAG_LIST, "tag") end

  function ck.tags(at, key, where, v)
    if ck.list(at, key, where, v) then
      for i, t in ipairs(v) do ck.tag(v, i, where, t) end
    end
  end

  -- a map of positive counts of the `allowed` things, not empty
  function ck.counts(at, key, where, v, allowed)
    if not ck.map(at, key, where, v, allowed) then return end
    if next(v) == nil then ck.bad(at, key, where .. ": empty") end
    for _, k in ipairs(keys(v)) do ck.count(v, k, where .. "." .. k, v[k]) end
  end

  -- an amount: a whole number, or {tag: T} / {count: C} with per: N
  function ck.amount(at, key, where, v, negative)
    if type(v) == "number" then
      if not is_int(v) or v == 0 or (v < 0 and not negative) then
        ck.bad(at, key, where .. ": bad amount " .. show(v))
      end
      return
    end
    if not ck.map(at, key, where, v, { "tag", "count", "per" }) then return end
    if (v.tag == nil) == (v.count == nil) then
      ck.bad(at, key, where .. ": an amount is a number, or has one of tag and count")
    end
    if v.tag ~= nil then ck.tag(v, "tag", where, v.tag) end
    if v.count ~= nil then ck.one_of(v, "count", where, v.count, COUNTS, "count") end
    if v.per ~= nil then ck.count(v, "per", where .. ".per", v.per) end
  end

  function ck.condition(at, key, where, c)
    if not ck.map(at, key, where, c, { "temperature", "oxygen", "ocean", "tr", "tags" }) then
      return
    end
    for _, p in ipairs({ "temperature", "oxygen" }) do
      if c[p] ~= nil and ck.map(c, p, where .. "." .. p, c[p], { "min", "max" }) then
        for _, b in ipairs(keys(c[p])) do
          ck.one_of(c[p], b, where .. "." .. p .. "." .. b, c[p][b], COLOURS, "colour")
        end
      end
    end
    if c.ocean ~= nil and ck.map(c, "ocean", where .. ".ocean", c.ocean, { "min", "max" }) then
      for _, b in ipairs(keys(c.ocean)) do
        ck.count(c.ocean, b, where .. ".ocean." .. b, c.ocean[b], true)
      end
    end
    if c.tr ~= nil and ck.map(c, "tr", where .. ".tr", c.tr, { "min" }, { "min" }) then
      ck.count(c.tr, "min", where .. ".tr.min", c.tr.min)
    end
    if c.tags ~= nil and ck.map(c, "tags", where .. ".tags", c.tags, TAG_LIST) then
      for _, t in ipairs(keys(c.tags)) do ck.count(c.tags, t, where .. ".tags." .. t, c.tags[t]) end
    end
  end

  function ck.effects(at, key, where, l)
    if not ck.list(at, key, where, l) then return end
    for i, e in ipairs(l) do ck.effect(l, i, where .. "[" .. i .. "]", e) end
  end

  -- one effect: a map of one keyword (`if` also has `do`)
  function ck.effect(at, key, where, e)
    if type(e) ~= "table" or next(e) == nil or e[1] ~= nil then
      ck.bad(at, key, where .. ": an effect is a map of one keyword (" .. words(EFFECTS) .. ")")
      return
    end
    if e["if"] ~= nil then
      ck.map(at, key, where, e, { "if", "do" }, { "do" })
      ck.condition(e, "if", where .. ".if", e["if"])
      if e["do"] ~= nil then ck.effects(e, "do", where .. ".do", e["do"]) end
      return
    end
    local kw, n = nil, 0
    for _, k in ipairs(keys(e)) do
      n = n + 1
      if set(EFFECTS)[k] then kw = kw or k else
        ck.bad(e, k, where .. ": unknown effect " .. show(k) .. " (" .. words(EFFECTS) .. ")")
      end
    end
    if n > 1 then ck.bad(at, key, where .. ": one keyword per effect, not " .. n) end
    if not kw then return end
    local v, w = e[kw], where .. "." .. kw
    if kw == "production" then
      if ck.map(e, kw, w, v, PRODUCTION) then
        if next(v) == nil then ck.bad(e, kw, w .. ": empty") end
        for _, r in ipairs(keys(v)) do ck.amount(v, r, w .. "." .. r, v[r]) end
      end
    elseif kw == "gain" or kw == "lose" then
      ck.counts(e, kw, w, v, STOCK)
    elseif kw == "tr" then
      ck.amount(e, kw, w, v, true)
    elseif kw == "raise" then
      ck.counts(e, kw, w, v, PARAMS)
    elseif kw == "forest" or kw == "draw" or kw == "discard" then
      ck.count(e, kw, w, v)
    elseif kw == "reveal" then
      if ck.map(e, kw, w, v, { "cards", "keep", "tags" }, { "cards", "keep" }) then
        if v.cards ~= nil then ck.count(v, "cards", w .. ".cards", v.cards) end
        if v.keep ~= nil then ck.count(v, "keep", w .. ".keep", v.keep) end
        if v.tags ~= nil then ck.tags(v, "tags", w .. ".tags", v.tags) end
      end
    elseif kw == "add" then
      local allowed = { "microbe", "animal", "science", "any", "to" }
      if ck.map(e, kw, w, v, allowed) then
        local kinds = 0
        for _, r in ipairs({ "microbe", "animal", "science", "any" }) do
          if v[r] ~= nil then
            kinds = kinds + 1
            ck.count(v, r, w .. "." .. r, v[r])
          end
        end
        if kinds ~= 1 then
          ck.bad(e, kw, w .. ": name one resource (microbe, animal, science, any)")
        end
        if v.to ~= nil then
          ck.one_of(v, "to", w .. ".to", v.to, { "self", "another", "any" }, "target")
        end
      end
    elseif kw == "remove" then
      ck.counts(e, kw, w, v, CARD_RESOURCES)
    elseif kw == "convert" then
      if ck.map(e, kw, w, v, { "from", "to", "max" }, { "from", "to" }) then
        local things = { "mc", "plants", "heat", "cards" }
        if v.from ~= nil then ck.one_of(v, "from", w .. ".from", v.from, things, "resource") end
        if v.to ~= nil then ck.one_of(v, "to", w .. ".to", v.to, things, "resource") end
        if v.max ~= nil then ck.count(v, "max", w .. ".max", v.max) end
      end
    elseif kw == "choose" then
      if not ck.list(e, kw, w, v) or #v < 2 then
        ck.bad(e, kw, w .. ": a list of at least two options, each a list of effects")
      else
        for j, opt in ipairs(v) do ck.effects(v, j, w .. "[" .. j .. "]", opt) end
      end
    elseif kw == "extra_play" then
      if ck.map(e, kw, w, v, { "cards", "color", "discount", "max_cost", "free", "flex" },
          { "cards" }) then
        if v.cards ~= nil then ck.count(v, "cards", w .. ".cards", v.cards) end
        if v.color ~= nil then
          ck.one_of(v, "color", w .. ".color", v.color, { "blue_red", "green" }, "colour")
        end
        for _, k in ipairs({ "discount", "max_cost", "flex" }) do
          if v[k] ~= nil then ck.count(v, k, w .. "." .. k, v[k]) end
        end
        if v.free ~= nil and v.free ~= true then ck.bad(v, "free", w .. ".free: only true") end
      end
    end
  end

  function ck.ongoing(l)
    if not ck.list(card, "ongoing", "ongoing", l) then return end
    for i, o in ipairs(l) do
      local w = "ongoing[" .. i .. "]"
      if type(o) ~= "table" or next(o) == nil or o[1] ~= nil then
        ck.bad(l, i, w .. ": a map of one keyword (" .. words(ONGOING) .. ")")
      elseif o.when ~= nil then
        ck.map(l, i, w, o, { "when", "do" }, { "do" })
        local t = o.when
        if ck.map(o, "when", w .. ".when", t, { "event", "tag", "tags", "param", "params",
            "resource", "self", "per" }, { "event" }) then
          if t.event ~= nil then
            ck.one_of(t, "event", w .. ".when.event", t.event, EVENTS, "event")
          end
          if t.tag ~= nil then ck.tag(t, "tag", w .. ".when.tag", t.tag) end
          if t.tags ~= nil then ck.tags(t, "tags", w .. ".when.tags", t.tags) end
          if t.param ~= nil then
            ck.one_of(t, "param", w .. ".when.param", t.param, PARAMS, "parameter")
          end
          if t.params ~= nil and ck.list(t, "params", w .. ".when.params", t.params) then
            for j, p in ipairs(t.params) do
              ck.one_of(t.params, j, w .. ".when.params", p, PARAMS, "parameter")
            end
          end
          if t.self ~= nil and type(t.self) ~= "boolean" then
            ck.bad(t, "self", w .. ".when.self: true or false")
          end
          if t.per ~= nil then
            ck.one_of(t, "per", w .. ".when.per", t.per, { "tag", "card" }, "per")
          end
          if t.event == "play_tag" and t.tag == nil and t.tags == nil then
            ck.bad(o, "when", w .. ".when: play_tag needs tag or tags")
          end
          if t.event == "raise" and t.param == nil and t.params == nil then
            ck.bad(o, "when", w .. ".when: raise needs param or params")
          end
          if t.event == "production_raised" then
            ck.one_of(t, "resource", w .. ".when.resource", t.resource, PRODUCTION, "production")
          end
        end
        if o["do"] ~= nil then ck.effects(o, "do", w .. ".do", o["do"]) end
      else
        local kw, n = nil, 0
        for _, k in ipairs(keys(o)) do
          n = n + 1
          if set(ONGOING)[k] then kw = kw or k else
            ck.bad(o, k, w .. ": unknown ongoing keyword " .. show(k) .. " (" .. words(ONGOING) ..
              ")")
          end
        end
        if n > 1 then ck.bad(l, i, w .. ": one keyword per item, not " .. n) end
        local v, ww = kw and o[kw], w .. "." .. tostring(kw)
        if kw == "discount" then
          if ck.map(o, kw, ww, v, { "mc", "tag", "tags", "min_cost", "on", "pay" }, { "mc" }) then
            if v.mc ~= nil then ck.count(v, "mc", ww .. ".mc", v.mc) end
            if v.tag ~= nil then ck.tag(v, "tag", ww .. ".tag", v.tag) end
            if v.tags ~= nil then ck.tags(v, "tags", ww .. ".tags", v.tags) end
            if v.min_cost ~= nil then ck.count(v, "min_cost", ww .. ".min_cost", v.min_cost) end
            if v.on ~= nil then
              ck.one_of(v, "on", ww .. ".on", v.on, { "card", "standard_action" }, "value")
            end
            if v.pay ~= nil then
              ck.counts(v, "pay", ww .. ".pay", v.pay, { "mc", "plants", "heat", "microbe",
                "animal", "science" })
            end
          end
        elseif kw == "research" then
          ck.counts(o, kw, ww, v, { "draw", "keep" })
        elseif kw == "resource_value" then
          ck.counts(o, kw, ww, v, { "steel", "titanium" })
        elseif kw == "requirement_flex" then
          if ck.map(o, kw, ww, v, { "params", "steps" }, { "params", "steps" }) then
            if v.params ~= nil and ck.list(v, "params", ww .. ".params", v.params) then
              for j, p in ipairs(v.params) do
                ck.one_of(v.params, j, ww .. ".params", p, { "oxygen", "temperature" }, "parameter")
              end
            end
            if v.steps ~= nil then ck.count(v, "steps", ww .. ".steps", v.steps) end
          end
        elseif kw == "sell_bonus" then
          ck.counts(o, kw, ww, v, { "mc" })
        elseif kw == "pay_with" then
          ck.counts(o, kw, ww, v, { "heat" })
        elseif kw == "conversion_discount" then
          ck.counts(o, kw, ww, v, { "plants" })
        end
      end
    end
  end

  function ck.cost(at, key, where, c)
    if not ck.map(at, key, where, c, { "mc", "plants", "heat", "tr", "cards", "microbe", "animal",
        "science", "from" }) then
      return
    end
    for _, k in ipairs(keys(c)) do
      local n = c[k]
      if k == "from" then
        if n ~= "any" then ck.bad(c, k, where .. ".from: only any") end
      else
        ck.count(c, k, where .. "." .. k, n)
      end
    end
  end

  function ck.actions(l)
    if not ck.list(card, "actions", "actions", l) or #l == 0 then
      ck.bad(card, "actions", "actions: a list of at least one action")
      return
    end
    for i, a in ipairs(l) do
      local w = "actions[" .. i .. "]"
      if ck.map(l, i, w, a, { "cost", "reduce", "do", "chosen", "script" }, { "do" }) then
        if a.cost ~= nil then ck.cost(a, "cost", w .. ".cost", a.cost) end
        local r = a.reduce
        if r ~= nil and ck.map(a, "reduce", w .. ".reduce", r, { "mc", "per_production", "per_tag",
            "min_blue_cards" }, { "mc" }) then
          local by = 0
          for _, k in ipairs({ "per_production", "per_tag", "min_blue_cards" }) do
            if r[k] ~= nil then by = by + 1 end
          end
          if by ~= 1 then
            ck.bad(a, "reduce",
              w .. ".reduce: mc and one of per_production, per_tag, min_blue_cards")
          end
          if r.mc ~= nil then ck.count(r, "mc", w .. ".reduce.mc", r.mc) end
          if r.per_production ~= nil then
            ck.one_of(r, "per_production", w .. ".reduce.per_production", r.per_production,
              { "steel", "titanium" }, "production")
          end
          if r.per_tag ~= nil then ck.tag(r, "per_tag", w .. ".reduce.per_tag", r.per_tag) end
          if r.min_blue_cards ~= nil then
            ck.count(r, "min_blue_cards", w .. ".reduce.min_blue_cards", r.min_blue_cards)
          end
        end
        local ch = a.chosen
        if ch ~= nil and ck.map(a, "chosen", w .. ".chosen", ch, { "cost", "do" }) then
          if ch.cost ~= nil then ck.cost(ch, "cost", w .. ".chosen.cost", ch.cost) end
          if ch["do"] ~= nil then ck.effects(ch, "do", w .. ".chosen.do", ch["do"]) end
        end
        if a.script ~= nil and a.script ~= true then
          ck.bad(a, "script", w .. ".script: only true")
        end
        if a["do"] ~= nil then ck.effects(a, "do", w .. ".do", a["do"]) end
        if type(a["do"]) == "table" and #a["do"] == 0 and not a.script then
          ck.bad(l, i, w .. ": an action that does nothing (do: [] without script: true)")
        end
      end
    end
  end

  return ck
end

-- the problems of one card (cards/schema.md), nil when there are none
function A.check_card(card)
  local ck = checker(card)
  local bad = ck.bad
  for _, k in ipairs(keys(card)) do
    if FIELDS[k] == nil then
      bad(card, k, "unknown field '" .. tostring(k) .. "' (" .. words(FIELD_ORDER) .. ")")
    end
  end
  for _, k in ipairs(FIELD_ORDER) do
    if FIELDS[k] and card[k] == nil then bad(card, nil, "missing field " .. k .. ":") end
  end
  -- what names the card
  if card.number ~= nil and type(card.number) ~= "string" then
    bad(card, "number", "number: write it as a quoted text, e.g. \"301\"")
  end
  if card.name ~= nil and (type(card.name) ~= "string" or card.name == "") then
    bad(card, "name", "name: a text")
  end
  for id = 1, card.id - 1 do
    local other = CARDS[id]
    if card.number ~= nil and tostring(other.number) == tostring(card.number) then
      bad(card, "number", "number " .. tostring(card.number) .. " is also the number of " ..
        other.file)
      break
    end
  end
  -- the kind of card, and its folder
  local folder = card.file:match("^[^/]+/([^/]+)/[^/]+$")
  if card.type ~= nil then
    ck.one_of(card, "type", "type", card.type, { "green", "blue", "red", "corporation" }, "type")
    if FOLDER_TYPE[folder] and FOLDER_TYPE[folder] ~= card.type then
      bad(card, "type", "type " .. tostring(card.type) .. " in the folder " .. folder ..
        "/ (which holds " .. FOLDER_TYPE[folder] .. " cards)")
    end
  end
  if card.type == "corporation" then
    if card.megacredits == nil then bad(card, nil, "a corporation needs megacredits:") end
    if card.megacredits ~= nil then
      ck.count(card, "megacredits", "megacredits", card.megacredits, true)
    end
    if card.cost ~= nil then
      bad(card, "cost", "a corporation has no cost (megacredits instead)")
    end
  elseif card.type ~= nil then
    if card.cost == nil then bad(card, nil, "a project card needs cost:") end
    if card.cost ~= nil then ck.count(card, "cost", "cost", card.cost, true) end
    if card.megacredits ~= nil then bad(card, "megacredits", "megacredits is for corporations") end
  end
  if card.tags ~= nil then ck.tags(card, "tags", "tags", card.tags) end
  -- points
  local vp = card.vp
  if type(vp) == "table" then
    if ck.map(card, "vp", "vp", vp, { "per", "resource", "tag", "count" }, { "per" }) then
      if vp.per ~= nil then ck.count(vp, "per", "vp.per", vp.per) end
      local kinds = (vp.resource ~= nil and 1 or 0) + (vp.tag ~= nil and 1 or 0) +
        (vp.count ~= nil and 1 or 0)
      if kinds ~= 1 then bad(card, "vp", "vp: per and one of resource, tag, count") end
      if vp.resource ~= nil then
        ck.one_of(vp, "resource", "vp.resource", vp.resource, CARD_RESOURCES, "resource")
        if vp.resource ~= card.resource then
          bad(vp, "resource", "vp counts " .. tostring(vp.resource) .. ", but the card collects " ..
            tostring(card.resource or "nothing") .. " (resource:)")
        end
      end
      if vp.tag ~= nil then ck.tag(vp, "tag", "vp.tag", vp.tag) end
      if vp.count ~= nil then ck.one_of(vp, "count", "vp.count", vp.count, COUNTS, "count") end
    end
  elseif vp ~= nil and (type(vp) ~= "number" or vp ~= math.floor(vp)) then
    bad(card, "vp", "vp: a whole number, or {per: N, resource|tag|count: ...}")
  end
  if card.phases ~= nil and ck.list(card, "phases", "phases", card.phases) then
    for i, p in ipairs(card.phases) do
      if p ~= 1 and p ~= 2 and p ~= 3 and p ~= 4 and p ~= 5 then
        bad(card.phases, i, "phases: 1 to 5, not " .. tostring(p))
      end
    end
  end
  if card.requirement ~= nil then
    ck.condition(card, "requirement", "requirement", card.requirement)
  end
  if card.resource ~= nil then
    ck.one_of(card, "resource", "resource", card.resource, CARD_RESOURCES, "resource")
  end
  if card.deviates ~= nil and ck.list(card, "deviates", "deviates", card.deviates) then
    for i, x in ipairs(card.deviates) do
      ck.one_of(card.deviates, i, "deviates", x, { "cost", "vp", "phases", "megacredits" }, "fact")
    end
  end
  for _, k in ipairs({ "description", "effect_notes", "data_name", "variant_of" }) do
    if card[k] ~= nil and type(card[k]) ~= "string" then bad(card, k, k .. ": a text") end
  end
  if card.number_assigned ~= nil and card.number_assigned ~= true then
    bad(card, "number_assigned", "number_assigned: only true")
  end
  -- what it does
  if card.effects ~= nil then ck.effects(card, "effects", "effects", card.effects) end
  if card.ongoing ~= nil then ck.ongoing(card.ongoing) end
  if card.actions ~= nil then ck.actions(card.actions) end
  if card.script ~= nil then
    if card.script ~= true then bad(card, "script", "script: only true") end
    if card.effect_notes == nil then
      bad(card, "script", "script: true needs effect_notes: (what the script does)")
    end
    local s = SCRIPTS and SCRIPTS[card.number]
    if type(s) ~= "table" then
      bad(card, "script", "script: its Lua file (" .. card.file:gsub("%.yaml$", ".lua") ..
        ") must return a table of functions (" .. words(HOOKS) .. ")")
    else
      for _, k in ipairs(keys(s)) do
        if not set(HOOKS)[k] or type(s[k]) ~= "function" then
          bad(card, "script", "script: its table has " .. tostring(k) .. ", which is no hook (" ..
            words(HOOKS) .. ", each a function)")
        end
      end
      local by_action = false
      for _, a in ipairs(type(card.actions) == "table" and card.actions or {}) do
        if type(a) == "table" and a.script then by_action = true end
      end
      if s.action and not by_action then
        bad(card, "script",
          "script: its action() never runs: no action of the card has script: true")
      end
    end
  elseif card.effect_notes ~= nil then
    bad(card, "effect_notes", "effect_notes without script: true")
  end
  if #ck.problems == 0 then return nil end
  return ck.problems
end

return A
