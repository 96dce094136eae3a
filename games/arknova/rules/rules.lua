-- rules.lua: the steps the C core runs as coroutines (draft, turn,
-- break_phase, final) and the rewards of the tracks.  The order of steps,
-- the break trigger and the end of the game are in native/game.c.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type
-- the plugins' scripts: the same table for the whole run, empty when no
-- plugin is loaded (then no rules function can have been replaced);
-- PLUGINS.replaced: a plugin's script replaced a rules function or table
-- as it loaded (native/lua_bridge.c), and the continuations below then
-- take their plain way
local PLUGINS = PLUGIN_SCRIPTS

MAX_WORKERS = 4
MAX_XTOKENS = 5
CP_BONUS_MONEY = 5
LIBRARY_HAND_LIMIT = 5   -- also ARK_HAND_LIMIT_LIBRARY (native/rules.h): the position editor

-- Reputation spaces with a bonus, in track order (rules: "Reputation").
REPUTATION_BONUS = {
  { space = 5, reward = "upgrade" }, { space = 8, reward = "worker" },
  { space = 11, reward = "conservation" }, { space = 12, reward = "xtoken" },
  { space = 13, reward = "display card" }, { space = 14, reward = "conservation" },
  { space = 15, reward = "xtoken" },
}

-- Conservation spaces with a reward.
CONSERVATION_BONUS = { 2, 5, 8, 10 }

-- Bonuses for the partner zoos / universities held (printed on the zoo map;
-- the 4th partner zoo and 3rd university values come from the published
-- boards, see docs/rules-notes.md).
PARTNER_ZOO_BONUS = { [2] = "upgrade", [3] = "worker", [4] = "conservation 2" }
UNIVERSITY_BONUS = { [2] = "upgrade", [3] = "conservation 1" }

-- Read-only questions that hosts and AIs ask with ark_game_query; each
-- returns a flat list of integers.
QUERIES = {
  projects = function(p) return ACTION_SCRIPTS.association.progress(p) end,
  animals = function(p) return ACTION_SCRIPTS.animals.hand_fit(p) end,
  sponsors = function(p) return ACTION_SCRIPTS.sponsors.hand_fit(p) end,
  scoring = function(p) return scoring_now(p) end,
  -- the bonus spaces of the tracks, for the position editor (a scenario
  -- that sets a track marks those below as passed): the number of
  -- reputation spaces, each space; the number of conservation spaces, each
  bonus_spaces = function()
    local out = { #REPUTATION_BONUS }
    for _, b in ipairs(REPUTATION_BONUS) do out[#out + 1] = b.space end
    out[#out + 1] = #CONSERVATION_BONUS
    for _, space in ipairs(CONSERVATION_BONUS) do out[#out + 1] = space end
    return out
  end,
}

-- The conservation points final scoring card id gives p now; nil if the
-- card has no score function.  The end of the game and the AI's "scoring"
-- query both ask it.
function scoring_cp(p, id)
  local s = script_of(id)
  if not (s and s.score) then return nil end
  -- install_script's wrapper (api.lua) has checked it: a whole number or nil
  return s.score(p, id) or 0
end

-- For each final scoring card p holds: card id, the conservation points it
-- would give if the game ended now (the "scoring" query).
function scoring_now(p)
  local out, held = { nil, nil, nil, nil }, ark.scoring(p)   -- room for 4 (lib.lua)
  for i = 1, #held do
    local id = held[i]
    out[#out + 1] = id
    out[#out + 1] = scoring_cp(p, id) or 0
  end
  return out
end

-- ---- track rewards ----

-- The rewards the reputation reached gives, each once per game, asked the
-- plain way (reputation_next, below, also asks them as continuations).
function reputation_reached(p)
  return reputation_next(p, ark.get(p, "reputation") * 256 + 1, true)
end

-- The reward of conservation space `space`, asked the plain way.
local function conservation_reward(p, space)
  if space == 2 then
    conservation_two(p)
  elseif space == 10 then
    conservation_ten(p)
  else
    conservation_tile(p, space)
  end
end

function conservation_reached(p, before, after)
  return conservation_next(p, after * 64 + 1, true)
end

-- Conservation 2: upgrade an action card or gain a worker.  The options
-- and their codes: 1 the upgrade, 2 the worker (CP2_WHAT).
local CP2_WHAT = { "upgrade", "worker" }
local function cp2_options(p)
  local opts, codes = {}, {}
  if not all_upgraded(p) then opts[#opts + 1] = "upgrade an action card"; codes[#codes + 1] = 1 end
  if ark.get(p, "workers") < MAX_WORKERS then opts[#opts + 1] = "gain a worker"; codes[#codes + 1] = 2 end
  return opts, codes
end

function conservation_two(p)
  local opts, codes = cp2_options(p)
  if #opts == 0 then return end
  reward(p, CP2_WHAT[codes[choose(p, "reward.cp2", "Conservation 2 reward", opts)]])
end

-- Conservation 5 and 8: 5 money or a bonus tile beside that space.  The
-- options and their codes: 0 the money, else the tile's index in
-- ark.bonus_tiles().
local function cp_tile_options(p, space)
  local opts, codes = { "gain " .. CP_BONUS_MONEY .. " money" }, { 0 }
  for i, t in ipairs(ark.bonus_tiles()) do
    if t.space == space and not t.taken then
      opts[#opts + 1] = "take the bonus tile: " .. t.tile
      codes[#codes + 1] = i
    end
  end
  return opts, codes
end

function conservation_tile(p, space)
  local opts, codes = cp_tile_options(p, space)
  cp_tile_chosen(p, codes[choose(p, "reward.cp" .. space, "Conservation " .. space .. " reward", opts)])
end

function cp_tile_chosen(p, i)
  if i == 0 then return gain(p, "money", CP_BONUS_MONEY) end
  local tile = ark.bonus_tiles()[i].tile
  ark.take_tile(i)
  return bonus_tile(p, tile)
end

-- The first player to reach 10 makes everyone discard a final scoring card
-- (kept: each discard a continuation, scoring_discards).
function conservation_ten(p, kept)
  if ark.get(nil, "scoring_discarded") == 1 then return end
  ark.set(nil, "scoring_discarded", 1)
  return scoring_discards(p, 0, not kept)
end

-- The final scoring cards p holds and the options to discard each.
local function scoring_discard_options(p)
  local held = ark.scoring(p)
  local opts = {}
  for i, id in ipairs(held) do opts[i] = card_text("discard ", id, "") end
  return opts, held
end

function discard_scoring(p)
  local opts, held = scoring_discard_options(p)
  if #held < 2 then return end
  ark.scoring_discard(p, held[choose_secret(p, "scoring.discard", "Discard a final scoring card", opts)])
end

function reward(p, what)
  if what == "upgrade" then upgrade_action(p)
  elseif what == "worker" then gain_worker(p)
  elseif what == "conservation" then gain(p, "conservation", 1)
  elseif what == "conservation 1" then gain(p, "conservation", 1)
  elseif what == "conservation 2" then gain(p, "conservation", 2)
  elseif what == "xtoken" then gain(p, "xtokens", 1)
  elseif what == "display card" then snap(p)
  else error("unknown reward " .. tostring(what)) end
end

-- reward as a caller's last call: the choice of an upgrade or a display
-- card, and the rewards a gain of conservation reaches, may then end the
-- step's coroutine (upgrade_then, snap_then, gain_last), unless a plugin
-- replaced reward or what it calls.
local REWARD, UPGRADE_ACTION = reward, upgrade_action
local LAST_GAIN = { conservation = 1, ["conservation 1"] = 1, ["conservation 2"] = 2 }
function reward_last(p, what)
  if what == "upgrade" and reward == REWARD and upgrade_action == UPGRADE_ACTION then
    return upgrade_then(p)
  end
  if not PLUGINS.replaced then
    if what == "display card" then return snap_then(p) end
    if LAST_GAIN[what] then return gain_last(p, "conservation", LAST_GAIN[what]) end
  end
  reward(p, what)
end

-- ---- the tracks' rewards as continuations ----
-- gain as a caller's last call, for conservation and reputation: each
-- reward reached is then its own last call, with the rest of the rewards
-- and their events kept by ENGINE.after, so that a copy of the game at a
-- reward's choice runs no Lua.  Where the engine cannot keep them (called
-- deeper than a step's own function, or a plugin replaced a rules
-- function) the rewards come as gain gives them, in the
-- same order.
function gain_last(p, track, n)
  if PLUGINS.replaced or type(n) ~= "number" or n <= 0 or
     (track ~= "conservation" and track ~= "reputation") then
    gain(p, track, n)
    return
  end
  if track == "reputation" then
    if ark.add(p, track, n) > 0 then return reputation_next(p, ark.get(p, track) * 256 + 1) end
    return
  end
  local before = ark.get(p, track)
  local done = ark.add(p, track, n)
  if done > 0 then return conservation_next(p, (before + done) * 64 + 1) end
end

-- Would a gain of n on track reach a reward space of p's not taken yet?
-- (An upper bound: a cap on the track may stop it short.)
local function reward_within(p, track, n)
  local done
  if track == "reputation" then done = ark.get(p, "rep_bonus_done")
  elseif track == "conservation" then done = ark.get(p, "cp_bonus_done")
  else return false end
  local reach = ark.get(p, track) + n
  for k = 1, track == "reputation" and #REPUTATION_BONUS or #CONSERVATION_BONUS do
    local space = track == "reputation" and REPUTATION_BONUS[k].space or CONSERVATION_BONUS[k]
    if space <= reach and not has_bit(done, k - 1) then return true end
  end
  return false
end

-- gain(p, track, n), then rules function fn(p, code), as a step's last
-- call: where the gain may reach a reward, fn is kept by ENGINE.after and
-- the gain is gain_last, so that the rewards' choices end the step's
-- coroutine; else (most gains, or called deeper) the gain and fn in turn.
function gain_then(p, track, n, fn, code)
  if n > 0 and not PLUGINS.replaced and reward_within(p, track, n) and ENGINE.after(fn, p, code) then
    return gain_last(p, track, n)
  end
  gain(p, track, n)
  return _G[fn](p, code)
end

-- The conservation rewards from CONSERVATION_BONUS[k] on; code: (the
-- points reached * 8 + j) * 8 + k, j > 0 the bonus whose reward came just
-- before, its event still due (one continuation per reward, its event and
-- the rest in it).  plain: each reward asked where it comes, nothing kept.
function conservation_next(p, code, plain)
  local rest = math.floor(code / 8)
  local j, after = rest % 8, math.floor(rest / 8)
  if j > 0 then fire("conservation_reached", p, CONSERVATION_BONUS[j]) end
  for k = code % 8, #CONSERVATION_BONUS do
    local space = CONSERVATION_BONUS[k]
    local done = ark.get(p, "cp_bonus_done")
    if after >= space and not has_bit(done, k - 1) then
      ark.set(p, "cp_bonus_done", done + 2 ^ (k - 1))
      if not plain and ENGINE.after("conservation_next", p, (after * 8 + k) * 8 + k + 1) then
        if space == 2 then return conservation_two_then(p) end
        if space == 10 then return conservation_ten(p, true) end
        return conservation_tile_then(p, space)
      end
      conservation_reward(p, space)
      fire("conservation_reached", p, space)
    end
  end
end

-- The reputation rewards from REPUTATION_BONUS[k] on; code: (the
-- reputation reached * 16 + j) * 16 + k, j and plain as in
-- conservation_next.
function reputation_next(p, code, plain)
  local rest = math.floor(code / 16)
  local j, rep = rest % 16, math.floor(rest / 16)
  if j > 0 then fire("reputation_reached", p, REPUTATION_BONUS[j].space) end
  local done = ark.get(p, "rep_bonus_done")
  for k = code % 16, #REPUTATION_BONUS do
    local b = REPUTATION_BONUS[k]
    if rep >= b.space and not has_bit(done, k - 1) then
      ark.set(p, "rep_bonus_done", done + 2 ^ (k - 1))
      if not plain and ENGINE.after("reputation_next", p, (rep * 16 + k) * 16 + k + 1) then
        return reward_last(p, b.reward)
      end
      reward(p, b.reward)
      fire("reputation_reached", p, b.space)
      done = ark.get(p, "rep_bonus_done")
    end
  end
end

-- gain_last(p, "reputation", n) kept for after a caller's other last call.
function reputation_gained(p, n) return gain_last(p, "reputation", n) end

function conservation_two_then(p)
  local opts, codes = cp2_options(p)
  if #opts == 0 then return end
  return choose_then(p, "reward.cp2", "Conservation 2 reward", opts, codes, "cp_two_chosen")
end

function cp_two_chosen(p, k) return reward_last(p, CP2_WHAT[k]) end

function conservation_tile_then(p, space)
  local opts, codes = cp_tile_options(p, space)
  return choose_then(p, "reward.cp" .. space, "Conservation " .. space .. " reward", opts, codes,
                     "cp_tile_chosen")
end

-- Conservation 10's discards from seat p + i on, each the step's last
-- decision while the engine keeps the next (plain: none kept).
function scoring_discards(p, i, plain)
  local n = ark.get(nil, "players")
  while i < n do
    local q = (p + i) % n
    if not plain and ENGINE.after("scoring_discards", p, i + 1) then
      return discard_scoring_then(q)
    end
    discard_scoring(q)
    i = i + 1
  end
end

-- discard_scoring as a continuation: its options only q sees (secret),
-- each coded by its card.
function discard_scoring_then(q)
  local opts, held = scoring_discard_options(q)
  if #held < 2 then return end
  return choose_secret_then(q, "scoring.discard", "Discard a final scoring card", opts, held,
                            "scoring_discard_chosen")
end

function scoring_discard_chosen(q, id) ark.scoring_discard(q, id) end

-- n cards taken (take_card each) as a step's last call: each a
-- continuation (take_then), those after it kept by ENGINE.after; where a
-- plugin replaced a rules function (take_card, say) or called deeper,
-- take_card n times.
function take_cards_last(p, n)
  if n <= 0 then return end
  if PLUGINS.replaced or (n > 1 and not ENGINE.after("take_cards_last", p, n - 1)) then
    for _ = 1, n do take_card(p) end
    return
  end
  return take_then(p, 0, "take_chosen")
end

-- The nine bonus tiles.  Called last (cp_tile_chosen), a tile whose bonus
-- asks, or whose reputation may reach a reward, is its own last call
-- (apply_bonus's LAST_BONUS, free_building_last, gain_last), so that the
-- choice may end the step's coroutine.
function bonus_tile(p, tile)
  if tile == "reputation" then return gain_last(p, "reputation", 2)
  elseif tile == "money" then gain(p, "money", 10)
  elseif tile == "enclosure" then return free_building_last(p, "size-3")
  elseif tile == "xtokens" then gain(p, "xtokens", 3)
  elseif tile == "cards" then return take_cards_last(p, 3)   -- each from the deck or range
  elseif tile == "multiplier" or tile == "university" or tile == "partner-zoo" or
         tile == "sponsor" then
    return apply_bonus(p, tile, 1)
  end
end

-- ---- bonuses printed on the map, its edge, and bonus tiles ----

-- n Clever moves the plain way, each asked where it comes.
local function clever_moves(p, n)
  for _ = 1, n do
    ark.to_slot1(p, choose_action_card(p, "bonus.clever", "Move an action card to slot 1"))
  end
end

function apply_bonus(p, kind, value, source)
  value = value or 1
  if kind == "money" or kind == "appeal" then
    gain(p, kind, value)
  elseif kind == "conservation" or kind == "reputation" then
    -- called last (a map-edge bonus), a reward reached may end the
    -- step's coroutine
    return gain_last(p, kind, value)
  elseif kind == "xtoken" then gain(p, "xtokens", value)
  elseif kind == "card" then return take_cards_last(p, value)
  elseif kind == "draw" then draw_cards(p, value)
  elseif kind == "snapping" then
    for _ = 2, value do snap(p) end
    -- the last in tail position: where apply_bonus was, its decision may
    -- end the step's coroutine (a clone there copies the state)
    if value >= 1 then return snap_then(p) end
  elseif kind == "enclosure" then return free_building_last(p, "size-" .. value)
  elseif kind == "kiosk" then return free_building_last(p, "kiosk")
  elseif kind == "worker" then for _ = 1, value do gain_worker(p) end
  elseif not PLUGINS.replaced and LAST_BONUS[kind] then
    -- called last, the choice may end the step's coroutine (a plugin may
    -- have replaced what the plain way below calls)
    return LAST_BONUS[kind](p, value)
  elseif kind == "clever" then clever_moves(p, value)
  elseif kind == "multiplier" then
    local a = choose_action_card(p, "bonus.multiplier", "Put a multiplier token on an action card")
    ark.tokens(p, a, "multiplier", 1)
  elseif kind == "partner-zoo" then take_partner_zoo(p)
  elseif kind == "university" then take_university(p)
  elseif kind == "sponsor" then ACTION_SCRIPTS.sponsors.play_for_money(p)
  else
    -- what the rules do not know (a map's Pouch or Determination token, a
    -- free special enclosure): the scripts' bonus handlers
    return fire_bonus_last(p, kind, value, source)
  end
end

-- The Clever bonus's moves (code: how many are left): each a caller's
-- last call, the next kept; called deeper, one after the other.
function clever_bonus_next(p, left)
  if left <= 0 then return end
  if left == 1 or ENGINE.after("clever_bonus_next", p, left - 1) then
    return choose_action_card_then(p, "bonus.clever", "Move an action card to slot 1",
                                   "clever_bonus_moved", 0)
  end
  clever_moves(p, left)
end

function clever_bonus_moved(p, code) ark.to_slot1(p, ACTIONS[math.floor(code / 16)]) end

-- apply_bonus's kinds with a last-call form: kind -> function(p, value)
LAST_BONUS = {
  clever = clever_bonus_next,
  multiplier = function(p) return multiplier_then(p) end,
  ["partner-zoo"] = function(p) return partner_zoo_then(p) end,
  university = function(p) return university_then(p) end,
  sponsor = function(p) return ACTION_SCRIPTS.sponsors.play_for_money_last(p) end,
}

-- A free building of the given kind, placed by the usual rules.
function free_building(p, key)
  local build2 = ark.upgraded(p, "build")
  local opts = placement_options(p, key, build2)
  if #opts == 0 then return false end
  local i = choose(p, "build.free", "Place a free " .. key, opts)
  place_building(p, key, ark.placements(p, key, build2, i), build2)
  return true
end

-- free_building as apply_bonus's last call: the choice of the place may
-- end the step's coroutine (choose_then; a map-edge bonus is a
-- continuation's last call).  The code: 2 * the kind's index in
-- FREE_KINDS + 1 on an upgraded Build.  A kind outside FREE_KINDS, or a
-- free_building a plugin replaced, goes the plain way.
local FREE_KINDS = { "size-1", "size-2", "size-3", "size-4", "size-5", "kiosk", "pavilion",
                     "petting-zoo", "reptile-house", "large-bird-aviary" }
local FREE_KIND_INDEX = {}
for i, key in ipairs(FREE_KINDS) do FREE_KIND_INDEX[key] = i end
local FREE_BUILDING = free_building

function free_building_last(p, key)
  local k = FREE_KIND_INDEX[key]
  if not k or free_building ~= FREE_BUILDING then
    free_building(p, key)
    return
  end
  local build2 = ark.upgraded(p, "build")
  return choose_place_then(p, "build.free", "Place a free " .. key, 2 * k + (build2 and 1 or 0),
                           "free_building_chosen", key, build2, true)
end

-- The place is chosen: the i-th of the unchanged zoo's placements.
function free_building_chosen(p, code, i)
  local key, build2 = FREE_KINDS[math.floor(code / 2)], code % 2 == 1
  return place_building_last(p, key, ark.placements(p, key, build2, i), build2)
end

-- ---- association helpers used by bonuses too ----

-- The partner zoos p may take now: option texts and their continents.
local partner_zoo_label = kept_texts(function(c) return "partner zoo " .. c end)
local function partner_zoo_options(p)
  local limit = ark.upgraded(p, "association") and 4 or 2
  local opts, conts = {}, {}
  if partner_count(p) >= limit then return opts, conts end
  local board = ark.get(nil, "board_zoos")
  for i, c in ipairs(CONTINENTS) do
    if has_bit(board, i - 1) and not has_partner_zoo(p, c) then
      opts[#opts + 1] = partner_zoo_label(c)
      conts[#conts + 1] = c
    end
  end
  return opts, conts
end

local function partner_zoo_taken(p, cont)
  ark.take_partner_zoo(p, cont)
  fire("partner_zoo_taken", p, cont)
  local bonus = PARTNER_ZOO_BONUS[partner_count(p)]
  if bonus then return reward_last(p, bonus) end
end

function take_partner_zoo(p)
  local opts, conts = partner_zoo_options(p)
  if #opts == 0 then return false end
  partner_zoo_taken(p, conts[choose(p, "partner-zoo", "Take a partner zoo", opts)])
  return true
end

-- take_partner_zoo for a continuation's last call (the Association task):
-- the choice may end the step's coroutine (choose_then).  Code: the
-- continent's index in CONTINENTS.
local CONTINENT_INDEX = {}
for i, c in ipairs(CONTINENTS) do CONTINENT_INDEX[c] = i end

function partner_zoo_then(p)
  local opts, conts = partner_zoo_options(p)
  if #opts == 0 then return end
  local codes = {}
  for i = 1, #conts do codes[i] = CONTINENT_INDEX[conts[i]] end
  return choose_then(p, "partner-zoo", "Take a partner zoo", opts, codes, "partner_zoo_chosen")
end

function partner_zoo_chosen(p, k) return partner_zoo_taken(p, CONTINENTS[k]) end

function can_take_partner_zoo(p)
  local limit = ark.upgraded(p, "association") and 4 or 2
  if partner_count(p) >= limit then return false end
  local board = ark.get(nil, "board_zoos")
  for i, c in ipairs(CONTINENTS) do
    if has_bit(board, i - 1) and not has_partner_zoo(p, c) then return true end
  end
  return false
end

function can_take_university(p)
  local board, held = ark.get(nil, "board_unis"), ark.get(p, "universities")
  for u = 0, 2 do
    if has_bit(board, u) and not has_bit(held, u) then return true end
  end
  return false
end

local function university_options(p)
  local board, held = ark.get(nil, "board_unis"), ark.get(p, "universities")
  local opts, us = {}, {}
  for u = 0, 2 do
    if has_bit(board, u) and not has_bit(held, u) then
      opts[#opts + 1] = UNIVERSITIES[u + 1]
      us[#us + 1] = u
    end
  end
  return opts, us
end

-- The university's reputation is gain_then's: a reward it reaches may end
-- the step's coroutine, the count's bonus kept (university_bonus).
local function university_taken(p, u)
  ark.take_university(p, u)
  fire("university_taken", p, u)
  local rep = 0
  if u == 1 then rep = 2
  elseif u == 2 then
    rep = 1
    -- raises the limit to 5; a higher one (a rules plugin, a card) stays
    ark.set(p, "hand_limit", math.max(ark.get(p, "hand_limit"), LIBRARY_HAND_LIMIT))
  end
  return gain_then(p, "reputation", rep, "university_bonus", 0)
end

-- What the number of universities held gives.
function university_bonus(p)
  local bonus = UNIVERSITY_BONUS[university_count(p)]
  if bonus then return reward_last(p, bonus) end
end

function take_university(p)
  local opts, us = university_options(p)
  if #opts == 0 then return false end
  university_taken(p, us[choose(p, "university", "Take a university", opts)])
  return true
end

-- take_university for a continuation's last call, as partner_zoo_then
-- (code: the university, 0-based).
function university_then(p)
  local opts, us = university_options(p)
  if #opts == 0 then return end
  return choose_then(p, "university", "Take a university", opts, us, "university_chosen")
end

function university_chosen(p, u) return university_taken(p, u) end

-- ---- triggers (card and map scripts; see docs/triggers.md) ----

-- The handlers of one player's zoo, in play order, then of their map and
-- the plugins: a flat list handler1, id1, handler2, id2, ... (id nil for
-- a map or plugin).
local function collect_handlers(owner, key)
  local out, n = {}, 0
  for _, id in ipairs(ark.zoo(owner)) do
    local s = script_of(id)
    if s and s[key] then out[n + 1], out[n + 2], n = s[key], id, n + 2 end
  end
  local m = MAP_SCRIPTS[ark.get(owner, "map")]
  if m and m[key] and not ark.map_script_off(owner) then out[n + 1], n = m[key], n + 2 end
  for _, pl in ipairs(PLUGIN_SCRIPTS) do
    if pl[key] then out[n + 1], n = pl[key], n + 2 end
  end
  return out, n
end

-- The handler lists are asked for very often (every modify, every
-- event), so they are kept per key and seat under ark.zoo_stamp: the list
-- depends only on the zoo, the map and which of their scripts are off
-- (SCRIPTS, MAP_SCRIPTS and PLUGIN_SCRIPTS do not change after loading),
-- and a stamp stands for one zoo in every game of this content.  No stamp
-- (a script is off): built afresh.  A list is never changed once built,
-- so a handler that changes the zoo does not disturb a loop over it.
-- Stamps are unique across seats, so lists are kept per key and stamp;
-- a key's table starts afresh past HANDLER_CACHE_MAX stamps (old stamps
-- are not seen again once zoo_stamp has let them go).
local handler_cache, handler_cache_size = {}, {}
local HANDLER_CACHE_MAX = 512

-- The names of KNOWN_HANDLERS that script table s has, in that order,
-- found once per table (they do not change after loading either).
local names_cache = {}

local function names_of(s)
  local names = names_cache[s]
  if not names then
    names = {}
    for _, name in ipairs(KNOWN_HANDLERS) do
      if s[name] then names[#names + 1] = name end
    end
    names_cache[s] = names
  end
  return names
end

local NO_HANDLERS = { {}, 0 }

-- The lists of every known handler name for one zoo, made in one pass:
-- a zoo's first events and modifiers ask a dozen names, and one pass per
-- name read the zoo and each card's script once per name.  key -> { list,
-- n } (list: handler1, id1, ...; n = 2 * handlers), in the order
-- collect_handlers gives; a name nothing handles has NO_HANDLERS, so that
-- a look-up that finds nothing is a name outside KNOWN_HANDLERS.
local function known_in_lua(owner)
  local byk = {}
  for i = 1, #KNOWN_HANDLERS do byk[KNOWN_HANDLERS[i]] = NO_HANDLERS end
  local function add(name, h, id)
    local e = byk[name]
    if e == NO_HANDLERS then
      e = { {}, 0 }
      byk[name] = e
    end
    local list, n = e[1], e[2]
    list[n + 1], list[n + 2], e[2] = h, id, n + 2
  end
  local zoo = ark.zoo(owner)
  for i = 1, #zoo do
    local id = zoo[i]
    local s = script_of(id)
    if s then
      local names = names_of(s)
      for k = 1, #names do add(names[k], s[names[k]], id) end
    end
  end
  local m = MAP_SCRIPTS[ark.get(owner, "map")]
  if m and not ark.map_script_off(owner) then
    local names = names_of(m)
    for k = 1, #names do add(names[k], m[names[k]], nil) end
  end
  for i = 1, #PLUGIN_SCRIPTS do
    local pl = PLUGIN_SCRIPTS[i]
    local names = names_of(pl)
    for k = 1, #names do add(names[k], pl[names[k]], nil) end
  end
  return byk
end

-- The same from ark.zoo_known, in C, while no plugin (which may replace
-- script_of or add handlers of its own) is loaded.
local ZOO_KNOWN = ark.zoo_known
local function collect_known(owner)
  if #PLUGINS == 0 then
    return ZOO_KNOWN(owner, SCRIPTS, MAP_SCRIPTS, KNOWN_HANDLERS, KNOWN_HANDLER_SET, NO_HANDLERS)
  end
  return known_in_lua(owner)
end
-- for tests: the two ways, compared in tests/test_fast.c
KNOWN_OF, KNOWN_IN_LUA = collect_known, known_in_lua

-- Kept per stamp, like the lists of other names below: known_cache[stamp]
-- is collect_known's table for that zoo.  Emptied in place when full, as
-- ark.zoo_handlers is handed this very table.
local known_cache, known_cache_size = {}, 0
local ZOO_HANDLERS = ark.zoo_handlers

-- What ark.zoo_handlers asks when known_cache has no list for owner's zoo
-- (stamp) and key: a zoo seen for the first time, a name outside
-- KNOWN_HANDLERS (kept per key and stamp), or no stamp (built afresh).
local function handlers_missed(owner, key, stamp)
  if not stamp then return collect_handlers(owner, key) end
  if not known_cache[stamp] and KNOWN_HANDLER_SET[key] then
    if known_cache_size >= HANDLER_CACHE_MAX then
      for k in next, known_cache do known_cache[k] = nil end
      known_cache_size = 0
    end
    local byk = collect_known(owner)
    known_cache[stamp], known_cache_size = byk, known_cache_size + 1
    local e = byk[key]
    return e[1], e[2]
  end
  local lists = handler_cache[key]
  if not lists or handler_cache_size[key] >= HANDLER_CACHE_MAX then
    lists = {}
    handler_cache[key], handler_cache_size[key] = lists, 0
  end
  local e = lists[stamp]
  if not e then
    local out, n = collect_handlers(owner, key)
    e = { out, n }
    lists[stamp] = e
    handler_cache_size[key] = handler_cache_size[key] + 1
  end
  return e[1], e[2]
end

-- owner's handlers of key, list (handler1, id1, ...) and its length, are
-- ZOO_HANDLERS(owner, key, known_cache, handlers_missed): the lists kept
-- are found in C with no Lua call (ark.zoo_handlers), for the callers
-- below are asked more than anything else.  has_handler(owner, key):
-- does that list hold one (a card, their map or a plugin handles key
-- now)?  For a caller whose own work is needed only if one does; one C
-- call too (ark.zoo_has_handler_fn).
has_handler = ark.zoo_has_handler_fn(known_cache, handlers_missed)

-- "Each time ..." events: every zoo reacts, in seat order from `p`, each
-- zoo in play order, its map last.  handler(owner, id, p, ...); id is nil
-- for a map.  Deterministic: no pairs().  No closure or argument table:
-- most events find no handler at all.
function fire(name, p, ...)
  local n = ark.get(nil, "players")
  local first = p or ark.get(nil, "current")
  for i = 0, n - 1 do
    local owner = (first + i) % n
    local hs, k = ZOO_HANDLERS(owner, name, known_cache, handlers_missed)
    for j = 1, k, 2 do hs[j](owner, hs[j + 1], p, ...) end
  end
end

-- fire(name, p, x) (for an event of p's own cards, fire_own(name, p)) as
-- a step's last call: where a handler of p's own zoo has a last-call form
-- (HANDLER_LAST, api.lua), the handlers before the first such run, then
-- that form as the last call, the handlers after it (fire_one, each by
-- its card) and the other zoos (fire_rest) kept by ENGINE.after, so that
-- its choices may end the step's coroutine.  x: the event's arguments in
-- one whole number below X_UNIT (event_args), or nothing.  Called deeper,
-- where a plugin replaced a rules function, for an event outside
-- FIRE_LAST_EVENTS, where no
-- handler of p's has such a form (most events) or too little is left to
-- keep, the plain fire.
local FIRE_LAST_EVENTS = { "card_played", "income", "after_action", "bonus", "turn_end",
                           "turn_start", "project_supported" }
local FIRE_LAST_INDEX = {}
for i, name in ipairs(FIRE_LAST_EVENTS) do FIRE_LAST_INDEX[name] = i end
local FIRE_LAST_OWN = { false, true, true, false, true, true, false }
-- a kept code: x + X_UNIT * (the event's index + 8 * the handler's key,
-- handler_key)
local X_UNIT = 8192

-- The bonuses that reach the "bonus" event which fire_last can keep: those
-- the shipped maps' scripts carry out (another kind, a fan map's, fires
-- the plain way).  Its x: the kind's index * 64 + the value (0..15) * 4 +
-- the source's index (0: none).
local BONUS_EVENT_KINDS = { "pouch", "special-enclosure", "determination" }
local BONUS_SOURCES = { "placement", "edge" }
local BONUS_EVENT_INDEX, BONUS_SOURCE_INDEX = {}, {}
for i, k in ipairs(BONUS_EVENT_KINDS) do BONUS_EVENT_INDEX[k] = i end
for i, k in ipairs(BONUS_SOURCES) do BONUS_SOURCE_INDEX[k] = i end

-- A handler's arguments after (owner, id, p) (an own event's after (p,
-- id)), from fire_last's x: card_played's card; after_action's action and
-- strength (x: its index in ACTIONS * 100 + strength); the bonus's kind,
-- value and source; project_supported's project and level (x: the
-- project * 8 + the level); income and the turn's start and end have none.
local function event_args(ev, x)
  if ev == 1 then return x end
  if ev == 3 then return ACTIONS[math.floor(x / 100)], x % 100 end
  if ev == 4 then
    return BONUS_EVENT_KINDS[math.floor(x / 64)], math.floor(x / 4) % 16, BONUS_SOURCES[x % 4]
  end
  if ev == 7 then return math.floor(x / 8), x % 8 end
end

-- fire_last's x for a "bonus" event, or nil where it has none.
local function bonus_event_x(kind, value, source)
  local k, s = BONUS_EVENT_INDEX[kind], source == nil and 0 or BONUS_SOURCE_INDEX[source]
  if not k or not s or type(value) ~= "number" or value < 0 or value > 15 or value % 1 ~= 0 then
    return nil
  end
  return k * 64 + value * 4 + s
end

-- fire's loop from the zoo i seats after p on (a zoo's list made when its
-- turn comes, as fire makes it)
local function fire_from(name, p, i, ...)
  local n = ark.get(nil, "players")
  for k = i, n - 1 do
    local owner = (p + k) % n
    local hs, m = ZOO_HANDLERS(owner, name, known_cache, handlers_missed)
    for j = 1, m, 2 do hs[j](owner, hs[j + 1], p, ...) end
  end
end

-- a handler list (ark.zoo_handlers' tables, kept per zoo) -> the index of
-- its first handler with a last-call form, or false: most lists have none,
-- and fire_last is asked at every card played
local LAST_AT = setmetatable({}, { __mode = "k" })

local function last_at(hs, k)
  if k == 0 then return false end
  local j = LAST_AT[hs]
  if j == nil then
    j = false
    for i = 1, k, 2 do
      if HANDLER_LAST[hs[i]] then j = i break end
    end
    LAST_AT[hs] = j
  end
  return j
end

-- How fire_one finds handler h (of event name) of a zoo's list again: a
-- card's by the card + 1 (ids stay below PLUGIN_KEY), the map's by 0,
-- the i-th plugin's hook by PLUGIN_KEY + i (a list holds the map's and
-- the plugins' with no card, in that order).
local PLUGIN_KEY = 1024

local function handler_key(name, h, id)
  if id then return id + 1 end
  for i = 1, #PLUGINS do
    if PLUGINS[i][name] == h then return PLUGIN_KEY + i end
  end
  return 0
end

-- Calls handler f of an event that fire_last coded (ev, x) with its
-- arguments: an own event's (p, id, ...), another's (p, id, p, ...).
local function call_handler(f, own, p, id, ev, x)
  if own then return f(p, id, event_args(ev, x)) end
  return f(p, id, p, event_args(ev, x))
end

function fire_last(name, p, x)
  local ev = FIRE_LAST_INDEX[name]
  local own = ev and FIRE_LAST_OWN[ev]
  local hs, k = ZOO_HANDLERS(p, name, known_cache, handlers_missed)
  if own and k == 0 then return end     -- most zoos: nothing to run
  local j = last_at(hs, k)
  x = x or 0
  -- room for a fire_one per handler after the j-th, and fire_rest; none
  -- at all where called deeper than the step's own function: there the
  -- last-call form would gain nothing, and the handler runs behind its
  -- wrapper, whose frame names the script in an error the handler's own
  -- last call leads to
  local room = j and ENGINE.after_room()
  if not j or not ev or PLUGINS.replaced or x < 0 or x >= X_UNIT or x % 1 ~= 0 or
     room == 0 or room < (k - j - 1) / 2 + (own and 0 or 1) then
    if own then return fire_own(name, p, event_args(ev, x)) end
    return fire(name, p, event_args(ev, x))
  end
  for i = 1, j - 2, 2 do call_handler(hs[i], own, p, hs[i + 1], ev, x) end
  if not own then ENGINE.after("fire_rest", p, x + X_UNIT * ev) end
  for i = k - 1, j + 2, -2 do
    ENGINE.after("fire_one", p, x + X_UNIT * (ev + 8 * handler_key(name, hs[i], hs[i + 1])))
  end
  return call_handler(HANDLER_LAST[hs[j]], own, p, hs[j + 1], ev, x)
end

-- fire("bonus", p, kind, value, source) as a step's last call (fire_last)
-- where the bonus has an x, else the plain fire.
function fire_bonus_last(p, kind, value, source)
  local x = not PLUGINS.replaced and bonus_event_x(kind, value, source)
  if x then return fire_last("bonus", p, x) end
  fire("bonus", p, kind, value, source)
end

-- Card id's own script (its on_play) and then the card_played event:
-- the on_play as the step's last call, the event kept (card_played_last),
-- so that its own last call's decisions may end the step's coroutine
-- (a then_ API function, api.lua); the plain way called deeper or where
-- a plugin replaced a rules function.
function play_script_last(p, id)
  local s = script_of(id)
  local w = s and s.on_play
  if w then
    local last = HANDLER_LAST[w]
    if last and not PLUGINS.replaced and ENGINE.after("card_played_last", p, id) then
      return last(p, id)
    end
    w(p, id)
  end
  return fire_last("card_played", p, id)
end

function card_played_last(p, id) return fire_last("card_played", p, id) end

-- Has a handler of name in p's zoo a last-call form (for a caller that
-- keeps its own rest only where fire_last may use it)?
function has_last_form(p, name)
  return last_at(ZOO_HANDLERS(p, name, known_cache, handlers_missed)) ~= false
end

-- One handler of p's zoo that fire_last kept: the card's (or the map's,
-- or a plugin's hook) as the zoo has it now, in its last-call form if it
-- has one.
function fire_one(p, code)
  local x, rest = code % X_UNIT, math.floor(code / X_UNIT)
  local ev, id = rest % 8, math.floor(rest / 8) - 1
  local name, own = FIRE_LAST_EVENTS[ev], FIRE_LAST_OWN[ev]
  local s
  if id >= PLUGIN_KEY then s, id = PLUGINS[id - PLUGIN_KEY + 1], nil
  elseif id >= 0 then s = script_of(id)
  elseif not ark.map_script_off(p) then s, id = MAP_SCRIPTS[ark.get(p, "map")], nil end
  local w = s and s[name]
  if not w then return end
  return call_handler(HANDLER_LAST[w] or w, own, p, id, ev, x)
end

function fire_rest(p, code)
  local ev = math.floor(code / X_UNIT)
  return fire_from(FIRE_LAST_EVENTS[ev], p, 1, event_args(ev, code % X_UNIT))
end

-- Events that concern only p's own cards and map (income, end of game,
-- p's turn and actions): handler(p, id, ...).
function fire_own(name, p, ...)
  local hs, k = ZOO_HANDLERS(p, name, known_cache, handlers_missed)
  for j = 1, k, 2 do hs[j](p, hs[j + 1], ...) end
end

-- Lets p's cards and map change a rules number: handler
-- modify_<name>(p, id, value, ...) returns the new value.  Used for sponsor
-- levels, conditions that may be missing, task strengths, animal costs.
-- What each modifier must return: a whole number, or for affected_by true
-- or false (docs/triggers.md).  Card, map and plugin modifiers are checked
-- by their wrappers (checked_modifier, api.lua), which name the script's
-- file and the modifier's line; a handler no script brought (a table a
-- test puts in PLUGIN_SCRIPTS) is checked here, before a wrong value fails
-- later, deep in the rules ("attempt to compare number with nil").
MODIFIER_TYPES = {
  sponsor_level = "number", conditions_ignored = "number", task_strength = "number",
  animal_cost = "number", project_wildcards = "number", project_supports = "number",
  build_repeats = "number", border_bonus_repeats = "number", affected_by = "boolean",
}

local function bad_modifier(name, v, want)
  local got = type(v) == "string" and string.format("%q", v) or tostring(v)
  if type(v) ~= "nil" and type(v) ~= "string" then got = got .. " (" .. type(v) .. ")" end
  error("a modifier no script brought: modify_" .. name .. " returned " .. got .. ", not " ..
        (want == "boolean" and "true or false" or "a whole number"), 0)
end

-- the same message from the C of ark.hand_fit_modify (cards/actions/animals.lua)
BAD_MODIFIER = bad_modifier

-- "modify_" .. name, made once per name
local modify_key = setmetatable({}, { __index = function(t, name)
  local k = "modify_" .. name
  t[name] = k
  return k
end })

function modify(name, p, value, ...)
  -- no closure here: the rules and the AI's queries ask this very often
  local hs, n = ZOO_HANDLERS(p, modify_key[name], known_cache, handlers_missed)
  if n == 0 then return value end        -- the most common answer: nothing handles it
  return apply_modifiers(hs, n, name, p, value, ...)
end

-- p's handler list of modifier `name` (list, n), for a caller that asks
-- modify of many values in a row while nothing changes the zoo (a query
-- over the hand): apply_modifiers(list, n, name, p, value, ...) is then
-- modify(name, p, value, ...) without the look-up.
function modifier_handlers(name, p)
  return ZOO_HANDLERS(p, modify_key[name], known_cache, handlers_missed)
end

function apply_modifiers(hs, n, name, p, value, ...)
  local want = MODIFIER_TYPES[name]
  for i = 1, n, 2 do
    local v = hs[i](p, hs[i + 1], value, ...)
    -- the value given back (most answers) is as good as the rules' own
    if v ~= value then
      local t = type(v)
      -- v % 1 ~= 0: not whole, as v ~= math.floor(v) but with no call
      if want and (t ~= want or (t == "number" and (v % 1 ~= 0 or v > 1e9 or v < -1e9))) then
        bad_modifier(name, v, want)
      end
      value = v
    end
  end
  return value
end

-- With Lua 5.4, fire, fire_own and modify are those of ark.events_fn, in C
-- (native/lua_api_events.c): the same loops, the same order, but an event
-- or modifier that nothing handles runs no Lua.  LuaJIT keeps those above
-- (a handler may choose, and its C API cannot yield from under C).  For
-- tests, the Lua ones by name: tests/test_fast.c plays games with each.
FIRE_IN_LUA, FIRE_OWN_IN_LUA, MODIFY_IN_LUA = fire, fire_own, modify
if ark.events_fn then
  fire, fire_own, modify = ark.events_fn(known_cache, handlers_missed, modify_key)
end
-- the final scoring runs fire_own's loop itself, unless a plugin replaced it
local RULES_FIRE_OWN = fire_own

-- "After finishing this action" effects (Clever, Boost, Action, Hypnosis,
-- Determination) wait until the action card has moved to slot 1: a card
-- script's function in the step's own table of the rules (not the one
-- scripts share, ark.step_data), the keywords' in the state
-- (after_action_then).
function after_this_action(p, label, fn)
  if type(fn) ~= "function" then
    error("after_this_action: the third argument must be a function, not " .. type(fn), 2)
  end
  local d = ENGINE.step_private()
  d.after = d.after or {}
  d.after[#d.after + 1] = { player = p, label = label, fn = fn }
end

-- after_this_action for the rules: rules function fn(p, code) waits in the
-- state (ENGINE.queue), where it keeps no later decision of the step from
-- ending the step's coroutine, as a function in the step's table does.
-- Behind functions that wait there already, or while they run, it waits
-- among them, so that every effect keeps its place.
function after_action_then(p, fn, code)
  local d = ENGINE.step_private(true)
  if (d and (d.after or d.running)) or not ENGINE.queue(fn, p, code) then
    after_this_action(p, fn, function(pp) return _G[fn](pp, code) end)
  end
end

local function run_after_action()
  local d = ENGINE.step_private(true)   -- nil: the step made no table, so nothing waits
  while d and d.after and #d.after > 0 do
    local q = d.after
    d.after, d.running = nil, true
    for _, e in ipairs(q) do e.fn(e.player) end
    d.running = nil
  end
end

-- ---- steps ----

-- discard_from_hand as loaded: while a plugin has not replaced it, the
-- draft's and the break's discards may be continuations (discard_then).
local DISCARD_FROM_HAND = discard_from_hand

-- Opening draft: keep 4 of the 8 cards drawn.  The discards are
-- continuations (discard_then), so that a copy of the game at one runs no
-- Lua, when no plugin replaced discard_from_hand and every discard leaves
-- a choice of two or more (choose_then takes a single option by itself).
function draft(p)
  local keep = ark.rule("draft_keep")
  local drop = #ark.hand(p) - keep
  if drop > 0 and drop < 64 and keep >= 1 and discard_from_hand == DISCARD_FROM_HAND then
    return discard_then(p, drop, 4)
  end
  for _ = 1, drop do
    discard_from_hand(p, 1, DISCARD_WHY[4])
  end
end

-- A play of a turn as one whole number: action index, side, X-token
-- action or not, strength (0..99) and X-tokens spent (0..9).
function play_code(a, strength, x, side, xaction)
  return (((ACTION_INDEX[a] * 2 + side - 1) * 2 + (xaction and 1 or 0)) * 100 + strength) * 10 + x
end

-- The option texts of turn_options, made once each: every turn (and every
-- clone's replay of it) asks for the same few dozen, and a number turned
-- into text is dear.  Keyed by the title too, which a plugin may change.
local label_cache = {}

local function labels_of(title)
  local t = label_cache[title]
  if not t then
    t = { xaction = "X-token action: " .. title .. " to slot 1" }
    label_cache[title] = t
  end
  return t
end

-- The text of a play of action card `title`, kept in t = labels_of(title)
-- under k = (side * 1000 + s) * 1000 + x.
local function action_label(t, k, title, side, s, x)
  local label = title .. (side == 2 and " II" or " I") .. " at strength " .. s
  if x > 0 then label = label .. " (" .. x .. " X)" end
  t[k] = label
  return label
end

-- The first strength in lo..hi at which action script `script` can do
-- something, or nil; every action's can() is monotone in strength, so it
-- can at each one above too.  script.lowest(script, p, side, lo, hi) says
-- it at once (Animals: each hand card scanned once, not once per
-- strength); given the table it is asked through, it answers only for the
-- can() its file wrote, so a plugin's can() (set in the table, or in one
-- that inherits the rest) is never bypassed.  Without it: can() at each
-- strength.
local function first_strength(script, p, side, lo, hi)
  if script.lowest then return script.lowest(script, p, side, lo, hi) end
  return lowest_by_can(script, p, side, lo, hi)
end

-- turn_options' work in Lua: { opts, codes }.
local function options_in_lua(p)
  -- made with room for 16 options (a turn has about 15): a table filled one
  -- item at a time is made anew at sizes 1, 2, 4, 8 and 16.  The items past
  -- the last option are cleared at the end.
  local opts = { false, false, false, false, false, false, false, false,
                 false, false, false, false, false, false, false, false }
  local codes = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
  local n = 0
  local xt = ark.get(p, "xtokens")
  local acts = {}
  for slot = 1, 5 do
    local a = ark.slot_action(p, slot)
    acts[slot] = a
    local script = ACTION_SCRIPTS[a]
    local side = side_of(p, a)
    local base = slot - 2 * ark.tokens(p, a, "constriction")   -- strength with no X-token
    -- strengths base + x for x = 0..xt, those below 1 left out
    local hi = base + xt
    local s0 = hi >= 1 and first_strength(script, p, side, math.max(1, base), hi)
    if s0 then
      local title = ACTION_TITLE[a]
      local t = labels_of(title)
      -- play_code is linear: one more strength and X token add 11
      local code = play_code(a, s0, s0 - base, side, false) - 11
      for s = s0, hi do
        local x = s - base
        local k = (side * 1000 + s) * 1000 + x
        n = n + 1
        opts[n] = t[k] or action_label(t, k, title, side, s, x)
        code = code + 11
        codes[n] = code
      end
    end
  end
  for slot = 1, 5 do
    if slot > 1 or xt < MAX_XTOKENS then
      local a = acts[slot]
      n = n + 1
      opts[n] = labels_of(ACTION_TITLE[a]).xaction
      codes[n] = play_code(a, 0, 0, 1, true)
    end
  end
  for i = n + 1, 16 do opts[i], codes[i] = nil, nil end
  return { opts, codes }
end

-- The same list from ENGINE.turn_plays (native/lua_turn.c), which makes
-- the same calls to the actions' lowest and the label makers, while the
-- functions options_in_lua calls besides are the rules' own: the
-- bookkeeping was a third of the Lua that random play ran.  A plugin
-- that replaces one of them gets options_in_lua (with no plugin loaded,
-- none can have been replaced).
local TURN_PLAYS, PLAY_CODE, SIDE_OF = ENGINE.turn_plays, play_code, side_of
local GET, SLOT_ACTION, TOKENS_OF, UPGRADED = ark.get, ark.slot_action, ark.tokens, ark.upgraded

local function plays_of(p)
  if #PLUGINS == 0 or (play_code == PLAY_CODE and side_of == SIDE_OF and ark.get == GET and
     ark.slot_action == SLOT_ACTION and ark.tokens == TOKENS_OF and ark.upgraded == UPGRADED) then
    return TURN_PLAYS(p, ACTION_SCRIPTS, ACTION_TITLE, ACTION_INDEX, label_cache, labels_of,
                      action_label, lowest_by_can, MAX_XTOKENS, #PLUGINS == 0)
  end
  local both = options_in_lua(p)
  return both[1], both[2]
end

-- the two lists in one table: a pure check gives back one value
local function options_of(p) return { plays_of(p) } end

-- The options of a turn: each action card at each X-token spend that does
-- something, then the X-token action on each card.  Each option's code
-- (play_code) is what turn_action needs to carry it out.
function turn_options(p)
  local both = check(options_of, p)
  return both[1], both[2]
end

-- The same lists for the engine, which asks for them when the turn's
-- decision is asked for (ENGINE.choose_later): it runs this as a pure
-- check itself and, if it fails, runs the turn again with turn_options
-- asked in it, so this has no check (a protected call) of its own.  A
-- turn_options that a plugin replaced is asked instead.
local TURN_OPTIONS = turn_options
function turn_options_late(p)
  if turn_options ~= TURN_OPTIONS then return turn_options(p) end
  return plays_of(p)
end

-- A play code's parts, worked out once per code (a few hundred exist, and
-- each turn decodes its own twice): index into ACTIONS, strength, X
-- tokens spent, side, X-token action.
local play_parts = {}

local function parts_of(code)
  -- math.floor keeps Lua 5.4's integers integers (a plain / gives floats)
  local x = code % 10
  local rest = math.floor(code / 10)
  local strength = rest % 100
  rest = math.floor(rest / 100)
  local xaction = rest % 2 == 1
  rest = math.floor(rest / 2)
  local t = { math.floor(rest / 2), strength, x, rest % 2 + 1, xaction }
  play_parts[code] = t
  return t
end

-- action, strength, x, side, xaction of a play code (play_code's inverse)
local function play_of(code)
  local t = play_parts[code] or parts_of(code)
  return ACTIONS[t[1]], t[2], t[3], t[4], t[5]
end

-- Action card `a`'s runs (more than one with multiplier tokens) and the
-- after_action event: perform_action past its before_action.
-- The card's script run `times` times, each after the first only if it can
-- still do something.
local function runs(script, p, strength, side, times)
  for k = 1, times do
    if k == 1 or check(script.can, p, strength, side) then
      script.run(p, strength, side)
    end
  end
end

local function action_runs(p, a, strength, side)
  runs(ACTION_SCRIPTS[a], p, strength, side, 1 + ark.tokens(p, a, "multiplier"))
  fire_own("after_action", p, a, strength)
end

-- Performs action card `a` (also used by abilities that grant an action).
function perform_action(p, a, strength, side)
  fire_own("before_action", p, a, strength)
  action_runs(p, a, strength, side)
end

-- The turn's start: its handlers, then the choice.  Where the seat's map
-- has a turn_start handler with a last-call form (Commercial Harbour's
-- offer), the handlers are the step's last call and the choice is kept
-- (turn_choose), so that the offer is a copy for the AIs.  Asked of the
-- map alone (map: its index, as the engine starts the step), at the cost
-- of a table read a turn: looking through the seat's handler lists at
-- every turn cost random play 1% more instructions.
function turn(p, map)
  ark.set(p, "played_this_turn", 0)
  local m = MAP_SCRIPTS[map]
  if m ~= nil then
    local w = m.turn_start
    if w and HANDLER_LAST[w] and ENGINE.after("turn_choose", p, 0) then
      return fire_last("turn_start", p)
    end
  end
  fire_own("turn_start", p)
  return turn_choose(p)
end

function turn_choose(p)
  return choose_later(p, "action", "Choose your action", "turn_options", "turn_action",
                      "turn_options_late")
end

-- Would beginning p's turn change nothing a position's value reads?  Yes
-- while turn is the one above and nothing of p's handles turn_start: it
-- then only clears played_this_turn, which no value or query reads.  The
-- AIs value the position where the next turn begins, many thousand times
-- a game; where this holds, the engine values it without beginning the
-- turn (ark_game_process_to_turn).  A plugin that changes the turn's
-- start replaces turn, or this.
local TURN = turn
function turn_quiet(p)
  return turn == TURN and not has_handler(p, "turn_start")
end

-- perform_action as the step's own function: when the engine keeps what
-- follows the action card's run (ENGINE.after), the run is its last call,
-- so that a choose_then inside it may end the step's coroutine.  With
-- multiplier tokens each further run is kept too (action_again), so that
-- every run is the last call of its own function.  Deeper, the runs as
-- perform_action makes them.
local PERFORM_ACTION = perform_action
local MAX_AGAIN = 16               -- further runs a code holds (far more than tokens exist)

-- code of action_again: the runs still to try (below MAX_AGAIN), side,
-- strength and the action's index
local function again_code(a, strength, side, left)
  return ((ACTION_INDEX[a] * 100 + strength) * 2 + side - 1) * MAX_AGAIN + left
end

function perform_action_last(p, a, strength, side)
  if perform_action ~= PERFORM_ACTION then return perform_action(p, a, strength, side) end
  fire_own("before_action", p, a, strength)
  local extra = ark.tokens(p, a, "multiplier")
  if extra < MAX_AGAIN and ENGINE.after("action_done", p, ACTION_INDEX[a] * 100 + strength) then
    if extra == 0 or ENGINE.after("action_again", p, again_code(a, strength, side, extra)) then
      return ACTION_SCRIPTS[a].run(p, strength, side)
    end
    -- no room to keep the further runs: they follow here, action_done after
    return runs(ACTION_SCRIPTS[a], p, strength, side, 1 + extra)
  end
  return action_runs(p, a, strength, side)
end

-- A further run of a multiplied action, if it can still do something (as
-- action_runs asks); the runs after it are kept again.
function action_again(p, code)
  local left = code % MAX_AGAIN
  local rest = math.floor(code / MAX_AGAIN)
  local side = rest % 2 + 1
  rest = math.floor(rest / 2)
  local a, strength = ACTIONS[math.floor(rest / 100)], rest % 100
  local script = ACTION_SCRIPTS[a]
  while left > 0 do
    left = left - 1
    if check(script.can, p, strength, side) then
      if left == 0 or ENGINE.after("action_again", p, code - code % MAX_AGAIN + left) then
        return script.run(p, strength, side)
      end
      script.run(p, strength, side)
    end
  end
end

-- What perform_action does after the card's run (code: action index * 100
-- + strength, as fire_last's event_args reads it).
function action_done(p, code)
  -- most zoos have no after_action handler: the C check, no Lua
  if has_handler(p, "after_action") then return fire_last("after_action", p, code) end
end

-- The end of every turn: the "after finishing this action" effects, then
-- the turn's own end.  Those in the state first (all came before any in
-- the step's table), each its own last call with the rest kept
-- (ENGINE.after), so that a copy of the game at their choices runs no Lua.
function after_action_next(p)
  local fn, q, code = ENGINE.dequeue()
  if fn then
    if ENGINE.after("after_action_next", p, 0) then return _G[fn](q, code) end
    _G[fn](q, code)
    return after_action_next(p)
  end
  run_after_action()
  return end_of_turn(p)
end

local function turn_done(p) return after_action_next(p) end

-- The rest of p's turn once the action is chosen (code: play_code).
function turn_action(p, code)
  local a, strength, x, side, xaction = play_of(code)
  if xaction then
    ark.to_slot1(p, a)
    gain(p, "xtokens", 1 + ark.tokens(p, a, "multiplier"))
    return turn_done(p)
  end
  if x > 0 then ark.add(p, "xtokens", -x) end
  if ENGINE.after("turn_action_done", p, code) then
    return perform_action_last(p, a, strength, side)
  end
  perform_action(p, a, strength, side)
  return turn_action_done(p, code)
end

-- The turn after the action card's action (code: play_code).
function turn_action_done(p, code)
  local a = play_of(code)
  ark.set(p, "played_this_turn", ark.get(p, "played_this_turn") + 2 ^ (ACTION_INDEX[a] - 1))
  ark.to_slot1(p, a)
  return turn_done(p)
end

-- Venom: 2 money per venom token on a card not played this turn.
-- Most turns no card has one: one read of their sum, not one per card,
-- unless a plugin replaced ark.tokens (then it is asked card by card).
local TOKENS = ark.tokens
function end_of_turn(p)
  if ark.tokens ~= TOKENS or ark.venom_total(p) > 0 then
    local played = ark.get(p, "played_this_turn")
    for i, a in ipairs(ACTIONS) do
      local v = ark.tokens(p, a, "venom")
      if v > 0 and not has_bit(played, i - 1) then
        local due = math.min(2 * v, money(p))
        if due > 0 then
          pay(p, due)
          ark.venom_paid(p, a)   -- the log line names the card
        end
      end
    end
  end
  if has_handler(p, "turn_end") then return fire_last("turn_end", p) end
end

-- 1. discard down to the hand limit, from seat trigger + i on.  Each
-- seat's discards are continuations when the engine keeps what follows
-- (ENGINE.after), so that a copy of the game at a discard runs no Lua.
function break_discards(trigger, i)
  local n = ark.get(nil, "players")
  while i < n do
    local p = (trigger + i) % n
    local over = #ark.hand(p) - ark.get(p, "hand_limit")
    if over > 0 then
      -- discard_then's codes hold fewer than 64 discards
      if over < 64 and discard_from_hand == DISCARD_FROM_HAND and
         ENGINE.after("break_discards", trigger, i + 1) then
        return discard_then(p, over, 2)
      end
      discard_from_hand(p, over, DISCARD_WHY[2])
    end
    i = i + 1
  end
end

function break_phase(trigger)
  if ENGINE.after("break_rest", trigger, 0) then return break_discards(trigger, 0) end
  break_discards(trigger, 0)
  return break_rest(trigger)
end

function break_rest(trigger)
  -- 2. tokens, workers, association board, display folders 1 and 2
  ark.break_cleanup()
  -- 3. income
  return break_income(trigger, 0)
end

-- The income from the player `code` names on: code = taken * 1024 + i * 64
-- + k, with i the player's place from trigger, k the map-edge slot to pay
-- next (0: the money first) and taken the slots that player had taken as
-- its income began.  A recurring edge bonus that asks (snap a display
-- card) waits as the step's last decision, the rest kept (ENGINE.after),
-- so that a clone there copies the state.
function break_income(trigger, code)
  local n = ark.get(nil, "players")
  local i, k, taken = math.floor(code / 64) % 16, code % 64, math.floor(code / 1024)
  while i < n do
    local p = (trigger + i) % n
    if k == 0 then
      gain(p, "money", ark.income(ark.get(p, "appeal")) + ark.kiosk_income(p))
      taken, k = ark.get(p, "edge_taken"), 1
    end
    -- only taken slots pay: each asked of the map in turn, from k on, while
    -- a taken one is left (rest: the bits of taken from k's on), with no
    -- list of the slots (a table each); the greedy player's rollouts go
    -- through a break about once in seven, and asking every slot was a
    -- twentieth of their Lua
    local rest = math.floor(taken / 2 ^ (k - 1))
    while rest > 0 do
      if rest % 2 == 1 then
        local bonus, value, recurring = ark.edge_slot(p, k)
        if not bonus then break end
        if recurring then
          if ENGINE.after("break_income", trigger, taken * 1024 + i * 64 + k + 1) then
            return apply_bonus(p, bonus, value, "edge")
          end
          apply_bonus(p, bonus, value, "edge")
        end
      end
      k = k + 1
      rest = math.floor(rest / 2)
    end
    -- a card's income that asks (Science Lab's card) as the last call,
    -- the refill and the next players kept (fire_last)
    if has_last_form(p, "income") and ENGINE.after("break_income_next", trigger, (i + 1) * 64) then
      return fire_last("income", p)
    end
    fire_own("income", p)
    ark.display_refill()   -- a card snapped as income is replaced before the next player's
    i, k = i + 1, 0
  end
end

function break_income_next(trigger, code)
  ark.display_refill()
  return break_income(trigger, code)
end

-- The final scoring, from seat p0 on: the final scoring cards not yet
-- discarded are (each discard the step's last decision, the rest kept:
-- scoring_discards, final_scoring), then the cards score.
function final(p0)
  if ark.get(nil, "scoring_discarded") == 0 then
    if ENGINE.after("final_scoring", p0, 0) then return scoring_discards(p0, 0) end
    scoring_discards(p0, 0, true)
  end
  return final_scoring(p0)
end

-- Each source's gain is logged as a note that names it (ark.final_scored),
-- so that the summary can account for the final CP: the kept final scoring
-- cards, 0 CP too, then the game_end effects of p's zoo, map and plugins
-- (fire_own's loop, one handler at a time) that gave anything.  A plugin
-- that replaced fire_own gets its call, and those effects go unnamed.
function final_scoring(p0)
  local n = ark.get(nil, "players")
  for i = 0, n - 1 do
    local p = (p0 + i) % n
    for _, id in ipairs(ark.scoring(p)) do
      local cp, before = scoring_cp(p, id), ark.get(p, "conservation")
      if cp then ark.add(p, "conservation", cp) end
      ark.final_scored(p, "card", id, ark.get(p, "conservation") - before)
    end
    local hs, k = ZOO_HANDLERS(p, "game_end", known_cache, handlers_missed)
    if fire_own ~= RULES_FIRE_OWN then
      fire_own("game_end", p)
    elseif k > 0 then
      local map = MAP_SCRIPTS[ark.get(p, "map")]
      for j = 1, k, 2 do
        local h, id = hs[j], hs[j + 1]
        local cp0, appeal0 = ark.get(p, "conservation"), ark.get(p, "appeal")
        h(p, id)
        local cp, appeal = ark.get(p, "conservation") - cp0, ark.get(p, "appeal") - appeal0
        if cp ~= 0 or appeal ~= 0 then
          local source = id and "effect" or (map and h == map.game_end and "map") or "plugin"
          ark.final_scored(p, source, id, cp, appeal)
        end
      end
    end
  end
end

-- ---- buildings ----

-- After a reptile house or aviary b is built: fitting animals may move in
-- from standard enclosures, which become empty (one question per move,
-- asked under `tag`, "build.move" unless a caller names its own).
local function move_in_options(p, b)
  local opts, ids = {}, {}
  -- one building asked per animal: ark.buildings makes a table for
  -- every building and its spaces, and Build tries this per placement
  for _, id in ipairs(ark.zoo(p)) do
    local from = ark.zoo_building(p, id)
    if from and from ~= b and ark.building(p, from).kind == "enclosure" then
      for _, fb in ipairs(ark.fits(p, id)) do
        if fb == b then
          opts[#opts + 1] = "move " .. card_label(id) .. " in"
          ids[#ids + 1] = id
        end
      end
    end
  end
  return opts, ids
end

local MOVE_PROMPT = "Move an animal into the new building"

function move_animals_into(p, b, tag)
  while true do
    local opts, ids = move_in_options(p, b)
    if #opts == 0 then return end
    local i = choose_or_skip(p, tag or "build.move", MOVE_PROMPT, opts, "done")
    if not i then return end
    ark.move_animal(p, ids[i], b)
  end
end

-- move_animals_into as a caller's last call: each question may end the
-- step's coroutine (move_in_chosen; the code: ((the tag's index in
-- MOVE_TAGS - 1) * 2048 + the animal + 1, or 0 for "done") * 64 + b).
-- Where a plugin replaced a rules function (move_animals_into, say), or
-- for a tag not in MOVE_TAGS, the plain way.
local MOVE_TAGS = { "build.move", "keyword.move" }
local MOVE_TAG_INDEX = {}
for i, t in ipairs(MOVE_TAGS) do MOVE_TAG_INDEX[t] = i end

function move_animals_last(p, b, tag)
  local t = MOVE_TAG_INDEX[tag or "build.move"]
  if PLUGINS.replaced or not t then return move_animals_into(p, b, tag) end
  local opts, ids = move_in_options(p, b)
  if #opts == 0 then return end
  local base = (t - 1) * 2048
  for i = 1, #ids do ids[i] = (base + ids[i] + 1) * 64 + b end
  return choose_then_or_skip(p, MOVE_TAGS[t], MOVE_PROMPT, opts, ids, "move_in_chosen", "done",
                             base * 64 + b)
end

function move_in_chosen(p, code)
  local b, rest = code % 64, math.floor(code / 64)
  local id, t = rest % 2048 - 1, math.floor(rest / 2048) + 1
  if id < 0 then return end
  ark.move_animal(p, id, b)
  return move_animals_last(p, b, MOVE_TAGS[t])
end

SPECIAL_BIT = { ["petting-zoo"] = 1, ["reptile-house"] = 2, ["large-bird-aviary"] = 4 }
FULL_MAP_APPEAL = 7
PAVILION_APPEAL = 1

-- place_building in two parts, so that a continuation can keep what
-- follows a placement bonus that asks (a card to take, a snap, a free
-- building) and let that choice end the step's coroutine
-- (build_place_chosen, cards/actions/build.lua; place_building_last).
-- place_building_part places key and applies its bonuses; with chain, only
-- up to the first that asks, and returns the code placement_bonus_next
-- goes on from.  It returns the building and whether the map had a free
-- space before.  placed_after_bonuses is what follows the bonuses.  A
-- reputation or conservation bonus asks where it may reach a reward of p's
-- not taken yet (reward_within; it then comes as gain_last); every other
-- kind but QUIET_BONUS's may ask (a kind the rules do not know goes to the
-- scripts' bonus handlers).
local QUIET_BONUS = { money = true, appeal = true, xtoken = true, draw = true, worker = true }
local TRACK_BONUS = { reputation = true, conservation = true }
local MAX_REPEATS = 15

local function bonus_asks(p, kind, value)
  if TRACK_BONUS[kind] then return reward_within(p, kind, value) end
  return not QUIET_BONUS[kind]
end

-- A building pays its spaces' bonuses (ark.build's list), then each border
-- space's again as many times as modify_border_bonus_repeats says
-- (Archaeologist), appended to the list in the spaces' order.  Returns
-- that number where it is the same for every border space (and small), so
-- that the list can be read again from it (paid_bonus), else false.
local function add_border_repeats(p, b, bonuses)
  local reps
  for j = 1, #bonuses do
    local _, _, edge = ark.placement_bonus(p, b, j)
    if edge then
      local bo = bonuses[j]
      local r = modify("border_bonus_repeats", p, 0, bo.bonus, bo.value)
      for _ = 1, r do bonuses[#bonuses + 1] = bo end
      if reps == nil then reps = r elseif reps ~= r then reps = false end
    end
  end
  if reps == nil then return 0 end
  if reps and reps == math.floor(reps) and reps >= 0 and reps <= MAX_REPEATS then return reps end
  return false
end

-- The i-th bonus building b pays, where each border space's pays reps
-- more times (add_border_repeats): the spaces' own, then the copies.
local function paid_bonus(p, b, i, reps)
  local kind, value = ark.placement_bonus(p, b, i)
  if kind or reps == 0 then return kind, value end
  local n = 0
  while ark.placement_bonus(p, b, n + 1) do n = n + 1 end
  local copy = i - n
  for j = 1, n do
    local k, v, edge = ark.placement_bonus(p, b, j)
    if edge then
      if copy <= reps then return k, v end
      copy = copy - reps
    end
  end
end

function place_building_part(p, key, cells, build2, sponsor_card, chain)
  local free_before = ark.get(p, "free_cells")
  local b, bonuses = ark.build(p, key, cells, build2, sponsor_card)
  local reps = 0
  if #bonuses > 0 and has_handler(p, "modify_border_bonus_repeats") then
    reps = add_border_repeats(p, b, bonuses)
    -- copies that differ by space: the list cannot be read again
    if not reps then chain = false end
  end
  local bit = SPECIAL_BIT[key]
  if bit then ark.set(p, "special_built", ark.get(p, "special_built") + bit) end
  if key == "pavilion" then gain(p, "appeal", PAVILION_APPEAL) end
  for i = 1, #bonuses do
    local bo = bonuses[i]
    if chain and bonus_asks(p, bo.bonus, bo.value) and #bonuses < 63 then
      return b, free_before > 0, b + 64 * i + 4096 * reps
    end
    apply_bonus(p, bo.bonus, bo.value, "placement")
  end
  return b, free_before > 0, nil
end

-- Building b's placement bonuses from the i-th on (code: b + 64 * i +
-- 4096 * the border repeats, see paid_bonus), as a step's last call: each
-- that asks is the last call, those after it kept; called deeper
-- (ENGINE.after says no), one after the other.
function placement_bonus_next(p, code)
  local b, i, reps = code % 64, math.floor(code / 64) % 64, math.floor(code / 4096)
  while true do
    local kind, value = paid_bonus(p, b, i, reps)
    if not kind then return end
    local later = code + 64
    if bonus_asks(p, kind, value) and (not paid_bonus(p, b, i + 1, reps) or
                                       ENGINE.after("placement_bonus_next", p, later)) then
      return apply_bonus(p, kind, value, "placement")
    end
    apply_bonus(p, kind, value, "placement")
    i, code = i + 1, later
  end
end

-- 7 appeal once the whole map is covered, and the event.
function placed_after_bonuses(p, key, b, free_before)
  if free_before and ark.get(p, "free_cells") == 0 then
    gain(p, "appeal", FULL_MAP_APPEAL)
  end
  fire("building_placed", p, b, key)
end

-- Puts a building on the map (payment is the caller's) and resolves what
-- covering those spaces gives: placement bonuses, the pavilion's appeal,
-- and 7 appeal once the whole map is covered.
function place_building(p, key, cells, build2, sponsor_card)
  local b, free_before = place_building_part(p, key, cells, build2, sponsor_card)
  placed_after_bonuses(p, key, b, free_before)
  return b
end

-- place_building as the last call of a continuation that needs nothing of
-- it afterwards: where a placement bonus asks (and no plugin replaced a
-- rules function), its choice ends the step's coroutine, the rest
-- kept (placement_bonus_next, then placed_rest; code: 2 * the building +
-- 1 if the map had a free space before).
function place_building_last(p, key, cells, build2, sponsor_card)
  if PLUGINS.replaced then
    place_building(p, key, cells, build2, sponsor_card)
    return
  end
  local b, free_before, go_on = place_building_part(p, key, cells, build2, sponsor_card, true)
  if go_on then
    if ENGINE.after("placed_rest", p, 2 * b + (free_before and 1 or 0)) then
      return placement_bonus_next(p, go_on)
    end
    placement_bonus_next(p, go_on)
  end
  placed_after_bonuses(p, key, b, free_before)
end

function placed_rest(p, code)
  local b = math.floor(code / 2)
  placed_after_bonuses(p, ark.building(p, b, "key"), b, code % 2 == 1)
end
