-- Association action card (both sides).  Rules: "Association action" and
-- "Conservation projects".
-- Tasks need 1 worker, or 2 if one of the player's workers is already on
-- that task.  Side I: one task.  Side II: several different tasks whose
-- strengths add up to <= strength, projects also from the display, then
-- one donation.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type, kept_in = ipairs, type, kept_in
-- the plugins' scripts: the same table for the whole run, empty when no
-- plugin is loaded (then no rules function can have been replaced)
local PLUGINS = PLUGIN_SCRIPTS
local A = {}

A.TASKS = { "reputation", "partner zoo", "university", "project" }
A.TASK_STRENGTH = { 2, 3, 4, 5 }
A.REPUTATION_GAIN = 2
A.DONATIONS = { 2, 5, 5, 7, 7, 10, 10, 12 }
A.DONATIONS_2P = { 2, 5, 7, 10, 12 }
-- Release levels: the printed size class (4 = size 4-5, 3 = 3, 2 = 1-2).
local SIZE_CLASS = { [4] = { 4, 5 }, [3] = { 3, 3 }, [2] = { 1, 2 } }

function A.workers_needed(p, t)
  if ark.task_workers(p, t) > 0 then return 2 end
  return 1
end

-- ---- project requirements ----

-- Numeric loops over the lists that the projects query reads (computer
-- players ask it for every position): Lua 5.4's ipairs calls C per item.
local function animals_of(p)
  local out, zoo = {}, ark.zoo(p)
  for i = 1, #zoo do
    local id = zoo[i]
    if CARDS[id].type == "animal" then out[#out + 1] = id end
  end
  return out
end

-- What an icon project counts in p's zoo; icons: ark.icons(p).
local function count_in(p, what, icons)
  if what == "categories" or what == "continents" then
    local list = what == "categories" and CATEGORIES or CONTINENTS
    local n = 0
    for k = 1, #list do if (icons[list[k]] or 0) > 0 then n = n + 1 end end
    return n
  elseif what == "small-animals" or what == "large-animals" then
    local n = 0
    for _, id in ipairs(animals_of(p)) do
      local s = CARDS[id].size
      if (what == "small-animals" and s >= 1 and s <= 2) or
         (what == "large-animals" and s >= 4) then n = n + 1 end
    end
    return n
  end
  return icons[what] or 0
end

function A.project_count(p, what) return count_in(p, what, ark.icons(p)) end

-- Is animal id of p in a release size class?  By its printed size; one
-- living in a standard enclosure that counts larger (map 2, Outdoor Areas:
-- ark.enclosure_extra) also by the size its enclosure counts as.
local function in_size_class(p, id, class)
  local s = CARDS[id].size
  if s >= class[1] and s <= class[2] then return true end
  local b = ark.zoo_building(p, id)
  if not b or ark.enclosure_extra(p, b) == 0 then return false end
  local counted = math.min(ark.buildings(p)[b + 1].size, 5)
  return counted >= class[1] and counted <= class[2]
end

-- Animals p could release for level `level` of release project c.
function A.release_candidates(p, c, level)
  local out = {}
  local class = SIZE_CLASS[c.thresholds[level]]
  if not class then return out end
  local animals = animals_of(p)
  for i = 1, #animals do
    local id = animals[i]
    local a = CARDS[id]
    -- only an animal living in an enclosure can go back to the wild
    if (a.icons[c.counts] or 0) > 0 and a.size > 0 and in_size_class(p, id, class) and
       ark.zoo_building(p, id) then
      out[#out + 1] = id
    end
  end
  return out
end

-- Breeding: an animal of the category whose continent has p's partner zoo.
function A.breeding_ok(p, c)
  for _, id in ipairs(animals_of(p)) do
    local a = CARDS[id]
    if (a.icons[c.counts] or 0) > 0 then
      for _, cont in ipairs(CONTINENTS) do
        if (a.icons[cont] or 0) > 0 and has_partner_zoo(p, cont) then return true end
      end
    end
  end
  return false
end

-- Icons that cards let p count as any icon for icon project c (215, 218:
-- a token on the card discarded as a wildcard).
local function wildcards(p, c)
  return modify("project_wildcards", p, 0, c.id)
end

-- The icons p counts toward icon project c, wildcards included.
local function icons_toward(p, c)
  return A.project_count(p, c.counts) + wildcards(p, c)
end

-- May p support one more level of project pr in play?  One support per
-- project, unless a card allows more (224).
local function may_support(p, pr)
  local held, owners = 0, pr.owners
  for i = 1, #owners do if owners[i] == p then held = held + 1 end end
  return held < modify("project_supports", p, 1, pr.card)
end

-- The levels a project has (at most 3).
local function levels(c) return math.min(3, c.levels) end

function A.level_ok(p, c, level)
  if c.kind == "icon" then
    return icons_toward(p, c) >= c.thresholds[level]
  elseif c.kind == "release" then
    return #A.release_candidates(p, c, level) > 0
  end
  return A.breeding_ok(p, c)
end

-- Each (project, level) p may support now, in order: found(option) for
-- each until it returns true; returns whether one did.
local function each_option(p, side, found)
  for _, pr in ipairs(ark.projects()) do
    if may_support(p, pr) then
      local c = CARDS[pr.card]
      for lv = 1, levels(c) do
        if pr.owners[lv] == -1 and A.level_ok(p, c, lv) then
          if found({ card = pr.card, level = lv }) then return true end
        end
      end
    end
  end
  local new = {}
  for _, id in ipairs(hand_cards(p, "project")) do new[#new + 1] = { card = id, surcharge = 0 } end
  if side == 2 then
    for _, e in ipairs(range_cards(p, "project")) do
      if money(p) >= e.folder then
        new[#new + 1] = { card = e.card, folder = e.folder, surcharge = e.folder }
      end
    end
  end
  for _, e in ipairs(new) do
    local c = CARDS[e.card]
    for lv = 1, levels(c) do
      if A.level_ok(p, c, lv) then
        if found({ card = e.card, level = lv, enter = true, folder = e.folder,
                   surcharge = e.surcharge }) then
          return true
        end
      end
    end
  end
  return false
end

-- Every (project, level) p may support now.
function A.project_options(p, side)
  local out = {}
  each_option(p, side, function(o) out[#out + 1] = o end)
  return out
end

local function stop() return true end

-- Is there any?  turn_options asks this of every strength.
function A.any_project_option(p, side) return each_option(p, side, stop) end

-- For computer players (QUERIES.projects): how near p is to each level
-- of each project p could still support, on the board or from the hand,
-- as a flat list of (card, have, need, CP) quadruples.  Release and
-- breeding projects count 1 of 1 when p has a fitting animal.
local PROJECT_COUNT, MODIFY, HAS_HANDLER = A.project_count, modify, has_handler
local PROGRESS = ark.progress

function A.progress(p)
  local out = {}
  -- Each project would ask both modifiers (each a handler-list look-up)
  -- and make a table of p's icons.  When the functions are those this
  -- file loaded with (a plugin's replacement is always asked) and p has
  -- no handler for either modifier, modify returns its value as given:
  -- no wildcard, one support per project, and one icons table will do,
  -- since no script runs here to change the zoo.
  local own = #PLUGINS == 0 or (A.project_count == PROJECT_COUNT and modify == MODIFY and
    has_handler == HAS_HANDLER)
  local fast = own and not has_handler(p, "modify_project_wildcards") and
    not has_handler(p, "modify_project_supports")
  -- and with no plugin (which may change the rules' facts and functions),
  -- the loops below are ark.progress's, in C, which asks the two
  -- modifiers where they loop when p has a handler for one
  if #PLUGINS == 0 then
    if fast then return PROGRESS(p) end
    return PROGRESS(p, function(card) return modify("project_supports", p, 1, card) end,
                    function(card) return modify("project_wildcards", p, 0, card) end)
  end
  local all_icons = fast and ark.icons(p)
  local function toward(c)
    if fast then return count_in(p, c.counts, all_icons) end
    return icons_toward(p, c)
  end
  local function supportable(pr)
    if not fast then return may_support(p, pr) end
    local owners = pr.owners
    for i = 1, #owners do if owners[i] == p then return false end end
    return true
  end
  -- levels(c) entries for card id; owners: a project in play's, whose
  -- taken levels are left out (nil for a card in hand).  An icon
  -- project's count is the same for every level: counted once, since
  -- computer players ask this for every position they weigh.
  local function add(id, owners)
    local c = CARDS[id]
    local icons = c.kind == "icon" and toward(c)
    for lv = 1, levels(c) do
      if not owners or owners[lv] == -1 then
        local have, need = 0, 1
        if icons then
          have, need = icons, c.thresholds[lv]
        elseif A.level_ok(p, c, lv) then
          have = 1
        end
        out[#out + 1], out[#out + 2], out[#out + 3], out[#out + 4] =
          id, have, need, c.rewards[lv] or 0
      end
    end
  end
  local projects, hand = ark.projects(), hand_cards(p, "project")
  for i = 1, #projects do
    local pr = projects[i]
    if supportable(pr) then add(pr.card, pr.owners) end
  end
  for i = 1, #hand do add(hand[i], nil) end
  return out
end

local function reward_text(c, lv)
  local t = (c.rewards[lv] or 0) .. " CP"
  local rep = (c.reputation_rewards[lv] or 0) + (c.bonus_reputation or 0)
  if rep > 0 then t = t .. " + " .. rep .. " reputation" end
  return t
end

-- "support <card> level <n> (<reward>) [from folder f | from hand]",
-- made once per card, level and where it comes from (a card's rewards
-- are facts): support_labels[card * 1024 + level * 16 + folder, or 15
-- from hand]
local support_labels = {}
local function support_label(o)
  local where = o.folder or (o.enter and 15 or 0)
  local key = where % 1 == 0 and where >= 0 and where < 15 and o.level % 1 == 0 and
              o.level >= 0 and o.level < 64 and o.card * 1024 + o.level * 16 + where
  local label = key and support_labels[key]
  if not label then
    label = "support " .. card_label(o.card) .. " level " .. o.level .. " (" ..
      reward_text(CARDS[o.card], o.level) .. ")" ..
      (o.folder and (" from folder " .. o.folder) or (o.enter and " from hand" or ""))
    if key then support_labels[key] = label end
  end
  return label
end

-- The map-edge slots p has not taken: option texts and slot numbers
-- (ark.edge_slot: no table per slot).
local function edge_options(p)
  local opts, idx = {}, {}
  local i = 1
  local bonus, value, recurring, taken = ark.edge_slot(p, i)
  while bonus do
    if not taken then
      opts[#opts + 1] = "edge bonus: " .. bonus .. " " .. value .. (recurring and " (every break)" or "")
      idx[#idx + 1] = i
    end
    i = i + 1
    bonus, value, recurring, taken = ark.edge_slot(p, i)
  end
  return opts, idx
end

local function edge_taken(p, i)
  ark.take_edge(p, i)
  local bonus, value = ark.edge_slot(p, i)
  return apply_bonus(p, bonus, value, "edge")
end

-- The map-edge token taken with a support.
function A.edge_bonus(p)
  local opts, idx = edge_options(p)
  if #opts == 0 then return end
  edge_taken(p, idx[choose(p, "project.edge", "Take a map-edge bonus", opts)])
end
local EDGE_BONUS = A.edge_bonus

-- A.edge_bonus as a continuation (choose_then; the code: the slot).
local function edge_bonus_then(p)
  local opts, idx = edge_options(p)
  if #opts == 0 then return end
  return choose_then(p, "project.edge", "Take a map-edge bonus", opts, idx, "assoc_edge_taken")
end

-- After the edge token of a support (code: card * 8 + level): the event,
-- whose handlers' choices may end the step's coroutine (fire_last).
local function assoc_project_supported(p, code)
  return fire_last("project_supported", p, code)
end

-- A release project's animal leaves the zoo (the rules function the
-- choice's answer starts: its code is the animal).
local function release_chosen(p, id)
  local appeal = CARDS[id].appeal
  ark.release(p, id)
  ark.add(p, "appeal", -appeal)
  fire("animal_released", p, id)
end

local support_rest

-- Supports project card o.card at level o.level (entering it first where
-- o.enter).  A release project's animal is chosen as a continuation where
-- the engine keeps the rest (support_released; code: card * 8 + level).
function A.support(p, o)
  local c = CARDS[o.card]
  if o.enter then
    pay(p, o.surcharge or 0)
    ark.project_enter(p, o.card)
  end
  if c.kind == "release" then
    local cands = A.release_candidates(p, c, o.level)
    local opts = {}
    for i, id in ipairs(cands) do opts[i] = "release " .. card_label(id) end
    if o.card < 1024 and o.level < 8 and
       ENGINE.after("support_released", p, o.card * 8 + o.level) then
      return choose_then(p, "project.release", "Release which animal?", opts, cands,
                         "release_chosen")
    end
    release_chosen(p, cands[choose(p, "project.release", "Release which animal?", opts)])
  end
  return support_rest(p, o.card, o.level)
end

local function support_released(p, code)
  return support_rest(p, math.floor(code / 8), code % 8)
end

-- The support past the release: the wildcards an icon project used, the
-- support itself, its gains, the map-edge token and the event.
function support_rest(p, card, level)
  local c = CARDS[card]
  if c.kind == "icon" then
    -- icons missing for this level are paid by wildcards: each card that
    -- pays one lowers need.left
    local short = c.thresholds[level] - A.project_count(p, c.counts)
    if short > 0 then fire_own("project_wildcards_used", p, card, { left = short }) end
  end
  ark.support(p, card, level)
  local cp = c.rewards[level] or 0
  local rep = (c.reputation_rewards[level] or 0) + (c.bonus_reputation or 0)
  -- at the bottom of a continuation (assoc_support_chosen,
  -- support_released), the rewards the gains reach and the choice of an
  -- edge token may end the step's coroutine, what follows each kept for
  -- after
  if A.edge_bonus == EDGE_BONUS and level < 8 and
     ENGINE.after("assoc_support_gained", p, card * 8 + level) then
    if rep == 0 or ENGINE.after("reputation_gained", p, rep) then
      return gain_last(p, "conservation", cp)
    end
    gain(p, "conservation", cp)
    return gain_last(p, "reputation", rep)
  end
  gain(p, "conservation", cp)
  gain(p, "reputation", rep)
  A.edge_bonus(p)
  fire("project_supported", p, card, level)
end

-- After a support's gains (code: card * 8 + level): the edge token, then
-- the event.
local function assoc_support_gained(p, code)
  if ENGINE.after("assoc_project_supported", p, code) then return edge_bonus_then(p) end
  A.edge_bonus(p)
  assoc_project_supported(p, code)
end

-- A support option of A.project_options as one whole number, and back:
-- the card (below 1024), its level, and for one from the hand or the
-- display its folder (0 for the hand, the surcharge too) and 1 for
-- entering.  nil when an option holds more than that (a plugin's).
local SUPPORT_FIELDS = { card = true, level = true, enter = true, folder = true, surcharge = true }

local function support_code(o)
  local folder = o.folder or 0
  if o.card >= 1024 or o.level >= 8 or folder >= 16 then return nil end
  for k in next, o do if not SUPPORT_FIELDS[k] then return nil end end
  if o.enter then
    if o.surcharge ~= folder then return nil end
    return o.card + 1024 * (o.level + 8 * folder + 128)
  end
  if o.folder or o.surcharge then return nil end
  return o.card + 1024 * o.level
end

local function support_of(code)
  local card, rest = code % 1024, math.floor(code / 1024)
  local level, folder = rest % 8, math.floor(rest / 8) % 16
  if rest < 128 then return { card = card, level = level } end
  return { card = card, level = level, enter = true, folder = folder > 0 and folder or nil,
           surcharge = folder }
end

local function assoc_support_chosen(p, code)
  return A.support(p, support_of(code))
end

-- ---- tasks ----

local function task_possible(p, t, side)
  if free_workers(p) < A.workers_needed(p, t) then return false end
  if t == 1 then return true
  elseif t == 2 then return can_take_partner_zoo(p)
  elseif t == 3 then return can_take_university(p)
  end
  return A.any_project_option(p, side)
end

A.task_possible = task_possible   -- for tests: the plain Lua test

local function task_strength(p, t)
  return modify("task_strength", p, A.TASK_STRENGTH[t], A.TASKS[t])
end

-- A.TASK_STRENGTH while modify is the rules' own and p has no handler
-- for it: modify then gives each strength as it is, so the tasks need not
-- ask it one by one.  Else nil, and task_strength asks, task by task.
local function plain_strengths(p)
  if modify == MODIFY and has_handler == HAS_HANDLER and
     not has_handler(p, "modify_task_strength") then
    return A.TASK_STRENGTH
  end
  return nil
end

local TAKE_PARTNER_ZOO, TAKE_UNIVERSITY = take_partner_zoo, take_university
local function do_task(p, t, side)
  local w = A.workers_needed(p, t)
  ark.set(p, "workers_out", ark.get(p, "workers_out") + w)
  ark.task_workers(p, t, w)
  -- as the last call of a continuation (assoc_task_chosen), a reward the
  -- reputation reaches may end the step's coroutine (gain_last)
  if t == 1 then return gain_last(p, "reputation", A.REPUTATION_GAIN)
  -- as the last call of a continuation (assoc_task_chosen), the choice of
  -- a partner zoo or a university may end the step's coroutine
  elseif t == 2 then
    if take_partner_zoo == TAKE_PARTNER_ZOO then return partner_zoo_then(p) end
    take_partner_zoo(p)
  elseif t == 3 then
    if take_university == TAKE_UNIVERSITY then return university_then(p) end
    take_university(p)
  else
    local os = A.project_options(p, side)
    local opts, codes = {}, {}
    for i, o in ipairs(os) do
      opts[i] = support_label(o)
      if codes then
        codes[i] = support_code(o)
        if not codes[i] then codes = nil end
      end
    end
    -- as the last call of a continuation (assoc_task_chosen), the choice
    -- of a project may end the step's coroutine when each option is a code
    if codes then
      return choose_then(p, "project.support", "Support which project?", opts, codes,
                         "assoc_support_chosen")
    end
    A.support(p, os[choose(p, "project.support", "Support which project?", opts)])
  end
end

local function can(p, strength, side)
  local plain = plain_strengths(p)
  for t = 1, 4 do
    local need = plain and plain[t] or task_strength(p, t)
    if need <= strength and task_possible(p, t, side) then return true end
  end
  return false
end
A.can = can

local ANY_PROJECT_OPTION, LEVEL_OK = A.any_project_option, A.level_ok
local RELEASE_CANDIDATES, BREEDING_OK = A.release_candidates, A.breeding_ok

-- May ark.association_lowest stand for A.lowest's loop?  Only with no
-- plugin, which may change the rules' functions and facts (only a
-- plugin's script can replace A.workers_needed).  What p's cards or map
-- may change it asks the Lua for, where this loop asks it: each task's
-- strength (task_strength, unless plain_strengths gives them all) and the
-- project task's test.
local function c_lowest()
  return #PLUGINS == 0
end

-- The project task's test past its workers, for ark.association_lowest,
-- which asks it only when it gets that far (seldom: a cheaper task
-- mostly answers first): nil when the C may make it, the project rules
-- being this file's and no card or map of p's handling a modifier they
-- ask (a project's wildcards, the supports it allows); else
-- A.any_project_option's answer, as task_possible asks it.
local function project_task(p, side)
  if (#PLUGINS == 0 or (A.any_project_option == ANY_PROJECT_OPTION and
      A.level_ok == LEVEL_OK and A.project_count == PROJECT_COUNT and
      A.release_candidates == RELEASE_CANDIDATES and A.breeding_ok == BREEDING_OK)) and
     not has_handler(p, "modify_project_wildcards") and
     not has_handler(p, "modify_project_supports") then
    return nil
  end
  return A.any_project_option(p, side)
end

-- The first strength in lo..hi at which script.can holds, or nil
-- (turn_options asks it for every card; script: the table it asks
-- through).  The strength only bounds the tasks' own, so each task is
-- asked once, not once per strength (a project's is dear).  A can() not
-- this file's (a plugin's) gets the plain search; while c_lowest holds,
-- the loop below is ark.association_lowest's, in C.
-- ASSOCIATION_LOWEST_NOW(p, side, lo, hi, A) is that call with
-- plain_strengths(p) worked out in C (ark.association_lowest_fn); with no
-- plugin, modify and has_handler are the rules' own.
local ASSOCIATION_LOWEST_NOW = ark.association_lowest_fn(has_handler, task_strength, project_task)

function A.lowest(script, p, side, lo, hi)
  if script.can ~= can then return lowest_by_can(script, p, side, lo, hi) end
  if c_lowest() then return ASSOCIATION_LOWEST_NOW(p, side, lo, hi, A) end
  if lo > hi then return nil end
  local need, plain = {}, plain_strengths(p)
  for t = 1, 4 do               -- can(p, lo, side), keeping each task's strength
    need[t] = plain and plain[t] or task_strength(p, t)
    if need[t] <= lo and task_possible(p, t, side) then return lo end
  end
  for s = lo + 1, hi do         -- the tasks a smaller strength could not do
    for t = 1, 4 do
      if need[t] == s and task_possible(p, t, side) then return s end
    end
  end
  return nil
end

function A.donation_price()
  local n = ark.get(nil, "players")
  local list = n == 2 and A.DONATIONS_2P or A.DONATIONS
  local k = ark.get(nil, "donations") + 1
  return list[math.min(k, #list)]
end

-- "<task> (strength s, w worker(s))", made once per task name, strength
-- and workers (1..9, as a plugin's A.workers_needed may give any number):
-- random play asks them at every Association turn.
local task_labels = {}            -- [name][strength * 10 + workers]
local function task_label(name, s, w)
  local cacheable = w >= 1 and w <= 9 and w % 1 == 0
  local by = kept_in(task_labels, name)
  local label = cacheable and by[s * 10 + w]
  if not label then
    label = name .. " (strength " .. s .. ", " .. w .. " worker" .. (w > 1 and "s" or "") .. ")"
    if cacheable then by[s * 10 + w] = label end
  end
  return label
end

-- The task options at budget for p (done[t]: task t done this action).
-- While c_lowest holds, each task's test is ark.association_possible's,
-- asking the Lua for the project task where ark.association_lowest does.
local ASSOCIATION_POSSIBLE = ark.association_possible
local function task_options(p, budget, side, done)
  -- room for 8 each (rules/lib.lua)
  local opts, ts = { nil, nil, nil, nil, nil, nil, nil, nil },
    { nil, nil, nil, nil, nil, nil, nil, nil }
  local in_c = c_lowest()
  for t = 1, 4 do
    if not done[t] then
      local s = task_strength(p, t)
      local ok = false
      if s <= budget then
        if in_c then ok = ASSOCIATION_POSSIBLE(p, t, side, project_task)
        else ok = task_possible(p, t, side) end
      end
      if ok then
        opts[#opts + 1] = task_label(A.TASKS[t], s, A.workers_needed(p, t))
        ts[#ts + 1] = t
      end
    end
  end
  return opts, ts
end

local DONATE = "Make a donation?"
-- "donate <price> money ...", made once per price (the option comes after
-- every task)
local donation_text = kept_texts(function(price)
  return "donate " .. price .. " money for 1 conservation point"
end)

local function donate(p, price)
  pay(p, price)
  ark.set(nil, "donations", ark.get(nil, "donations") + 1)
  return gain_last(p, "conservation", 1)
end

-- The loop of A.run from its state (done[t]: task t done; first: none
-- yet), for a budget a continuation's code does not hold.
local function run_plain(p, budget, side, done, first)
  repeat
    local opts, ts = task_options(p, budget, side, done)
    if #opts == 0 then break end
    local i
    if first then
      i = choose(p, "association.task", "Association: which task?", opts)
    else
      i = choose_or_skip(p, "association.task", "Another task?", opts, "no more tasks")
      if not i then break end
    end
    local t = ts[i]
    do_task(p, t, side)
    done[t] = true
    budget = budget - task_strength(p, t)
    first = false
  until side == 1
  if side == 2 and not first then
    local price = A.donation_price()
    if money(p) >= price then
      local i = choose_or_skip(p, "association.donation", DONATE, { donation_text(price) },
                               "no donation")
      if i then donate(p, price) end
    end
  end
end

-- A.run as continuations (choose_then), so that the engine can end the
-- step's coroutine at the choice of a task and of the donation.  The
-- state st = budget (below 64) + 64 * (side - 1) + 128 * (a task done) +
-- 256 * (bit per task done); a task's code adds TASK_UNIT * its number.
local TASK_UNIT = 4096

-- budget, side, first task done, tasks done of state st
local unpack_state = state_decoder(64)

-- done[t] for the bit mask of tasks done.
local function done_set(done)
  return { has_bit(done, 0), has_bit(done, 1), has_bit(done, 2), has_bit(done, 3) }
end

local function assoc_finish(p, st)
  local _, side, first_done = unpack_state(st % TASK_UNIT)
  if side ~= 2 or first_done == 0 then return end
  local price = A.donation_price()
  if money(p) < price then return end
  return choose_then(p, "association.donation", DONATE, { donation_text(price), "no donation" },
                     { price, -1 }, "assoc_donated")
end

local function assoc_next(p, st)
  local budget, side, first_done, done = unpack_state(st)
  local opts, ts = task_options(p, budget, side, done_set(done))
  if #opts == 0 then return assoc_finish(p, st) end
  local codes = { nil, nil, nil, nil, nil, nil, nil, nil }   -- room for 8 (rules/lib.lua)
  for i = 1, #ts do codes[i] = st + TASK_UNIT * ts[i] end
  if first_done == 0 then
    return choose_then(p, "association.task", "Association: which task?", opts, codes,
                       "assoc_task_chosen")
  end
  return choose_then_or_skip(p, "association.task", "Another task?", opts, codes,
                             "assoc_task_chosen", "no more tasks", st)
end

-- After task t (code: state + TASK_UNIT * t): its strength, asked now as
-- the loop asks it, comes off the budget.
local function assoc_task_done(p, code)
  local t, st = math.floor(code / TASK_UNIT), code % TASK_UNIT
  local budget, side, _, done = unpack_state(st)
  budget = budget - task_strength(p, t)
  done = done + 2 ^ (t - 1)
  if side == 1 then return end                  -- one task, no donation
  if budget < 0 or budget >= 64 then            -- a modifier's strength: the loop
    return run_plain(p, budget, side, done_set(done), false)
  end
  return assoc_next(p, budget + 64 * (side - 1) + 128 + 256 * done)
end

local function assoc_task_chosen(p, code)
  local t = math.floor(code / TASK_UNIT)
  if t == 0 then return assoc_finish(p, code) end
  local _, side = unpack_state(code % TASK_UNIT)
  if ENGINE.after("assoc_task_done", p, code) then return do_task(p, t, side) end
  do_task(p, t, side)
  return assoc_task_done(p, code)
end

local function assoc_donated(p, price)
  if price >= 0 then return donate(p, price) end
end

-- choose_then and ENGINE.after name the function that runs next: a rules
-- function (a global), since the state keeps its name
_G.assoc_task_chosen, _G.assoc_task_done, _G.assoc_donated =
  assoc_task_chosen, assoc_task_done, assoc_donated
_G.assoc_support_chosen, _G.assoc_edge_taken, _G.assoc_project_supported =
  assoc_support_chosen, edge_taken, assoc_project_supported
_G.assoc_support_gained = assoc_support_gained
_G.release_chosen, _G.support_released = release_chosen, support_released

function A.run(p, strength, side)
  if strength >= 64 or strength < 0 then return run_plain(p, strength, side, {}, true) end
  return assoc_next(p, strength + 64 * (side - 1))
end

return A
