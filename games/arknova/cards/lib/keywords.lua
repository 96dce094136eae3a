-- keywords.lua: the keyword abilities of animal cards, each written once and
-- parameterized by the value after the colon ("hunter:4", "iconic:asia").
-- Trusted code: it runs in the rules environment after games/arknova/rules/*.lua and
-- fills KEYWORDS[name] = function(p, id, value) (see keyword() in
-- games/arknova/rules/lib.lua).  An ability runs when its card is played, after the
-- printed gains; "after finishing this action" effects wait in
-- after_action_then() (games/arknova/rules/rules.lua).
--
-- Common subset of Lua 5.4 and LuaJIT: no //, no bitwise operators.  Every
-- choice goes through choose()/choose_or_skip() with stable option texts;
-- nothing is kept between steps.
-- the tables asked most, kept in locals: no look-up in the globals per use
local ark, math, table, ENGINE, CARDS = ark, math, table, ENGINE, CARDS
local ipairs, type = ipairs, type

-- ---- rules numbers of the abilities ----

KEYWORD_RULES = {
  ICONIC_MAX = 8,               -- Iconic: at most 8 appeal
  INVENTIVE_ALL_MAX = 3,        -- Inventive (bear): at most 3 X tokens
  INVENTIVE_STEPS = { 1, 3, 5 }, -- Inventive (primate): 1/2/3 X tokens at 1/3/5 icons
  PETTING_APPEAL = 3,           -- Petting: appeal per petting-zoo icon
  POUCH_APPEAL = 2,             -- Pouch: appeal per card tucked
  SUNBATHING_PRICE = 4,         -- Sunbathing: money per card sold
  PILFER_MONEY = 5,             -- Pilfering: money handed over instead of a card
  HYPNOSIS_SLOTS = 3,           -- Hypnosis without a value: slots 1-3
  RESISTANCE_DRAW = 2,          -- Resistance: final scoring cards drawn (keep 1)
  PERCEPTION_DRAW = 4,          -- Perception without a value: draw 4, keep half
  CONSTRICTION_MINUS = 2,       -- strength lost per constriction token (rules.lua)
}

-- Pilfering N takes from the leader of each of the first N tracks.
PILFER_TRACKS = { "appeal", "conservation", "reputation" }

-- Inventive (icon): how the X tokens are counted.  "all": one per icon in
-- all zoos up to a cap; "steps": one per step reached in one's own zoo.
-- Icons not listed count the "all" way.
INVENTIVE_FORMS = {
  bear = { how = "all" },
  primate = { how = "steps" },
}

-- Magnet (kind): a card type by its plural, else an icon on the card.
MAGNET_TYPES = { sponsors = "sponsor", animals = "animal", projects = "project" }

-- ---- helpers ----

local function count_of(value, default)
  if type(value) == "number" then return math.floor(value) end
  return default
end

-- The action card a value names, or nil (`arknova check` reports a bad
-- value through validate_keywords; in play the ability then does nothing,
-- as an unknown keyword does).
local function action_of(value)
  if type(value) == "string" and ACTION_INDEX[value] then return value end
  return nil
end

-- Other players, in seat order after p.
local function opponents(p)
  local out, n = {}, ark.get(nil, "players")
  for i = 1, n - 1 do out[#out + 1] = (p + i) % n end
  return out
end

-- Can an ability of p's card reach player q?  A card of q may refuse with
-- modify_affected_by(q, id, value, kind) returning false (kind is the
-- keyword: "venom", "constriction", "hypnosis", "pilfering").
local function affected(q, kind)
  return modify("affected_by", q, true, kind) ~= false
end

-- The opponents with the most of `track` (every one tied at the top).
local function leaders(p, track)
  local best, out = nil, {}
  for _, q in ipairs(opponents(p)) do
    local v = ark.get(q, track)
    if best == nil or v > best then best, out = v, { q }
    elseif v == best then out[#out + 1] = q end
  end
  return out
end

local function icons_all_zoos(icon)
  local n = 0
  for q = 0, ark.get(nil, "players") - 1 do n = n + ark.icons(q, icon) end
  return n
end

-- The first icon of a card among `names` (for keywords without a value).
local function first_icon(id, names)
  local icons = CARDS[id].icons
  for _, name in ipairs(names) do
    if (icons[name] or 0) > 0 then return name end
  end
  return nil
end

-- A token of `kind` on an action card that q chooses (token_given; code:
-- the card's index in ACTIONS * 16 + the kind's in TOKEN_KINDS): called as
-- a caller's last call its choice ends the step's coroutine, called deeper
-- it asks the plain way.
local TOKEN_KINDS = { "constriction", "venom" }
local TOKEN_KIND_INDEX = { constriction = 1, venom = 2 }

local function give_token(q, kind)
  return choose_action_card_then(q, kind .. ".card", "Put a " .. kind .. " token on which action card?",
                                 "token_given", TOKEN_KIND_INDEX[kind])
end

function token_given(q, code)
  ark.tokens(q, ACTIONS[math.floor(code / 16)], TOKEN_KINDS[code % 16], 1)
end

-- The top n cards of the deck, turned face up for everyone (Hunter): they
-- go to the discard pile at once (so every card stays in a zone while the
-- player chooses) and are returned in order.
local function reveal(n)
  local out = {}
  for _ = 1, n do
    local c = ark.deck_pop()
    if not c then break end
    out[#out + 1] = c
  end
  for _, c in ipairs(out) do ark.discard(c) end
  return out
end

-- Up to n times, p may pick one of options(); act(choice) carries it out.
-- options() returns texts and values; stops when p declines or none remain.
local function up_to(p, n, tag, prompt, skip, options, act, secret)
  for _ = 1, n do
    local texts, values = options()
    if #texts == 0 then return end
    local i = choose_or_skip(p, tag, prompt, texts, skip, secret)
    if not i then return end
    act(values[i])
  end
end

-- up_to as continuations (choose_then), for keywords whose options and
-- act need only p and the card: UP_TO[name] = { tag, prompt(id), skip,
-- options(p, id) -> texts and whole numbers, act(p, id, v), secret }
-- (secret: the options show what only p may see, its hand cards, and the
-- choice is p's own as long as act shows nobody the card).  Each answer
-- starts rules function "up_to_" .. name with the code id + 1024 * (left +
-- 16 * (v + 2048)), left being the picks still allowed and v + 2048 = 0
-- the stop; as the step's last call, a copy of the game at the choice runs
-- no Lua.  Called deeper, choose_then asks and goes on as up_to does.  A
-- count above 16, an id that is no card or a value beyond +-2047 goes the
-- plain way.
local UP_TO, UP_LEFT, UP_V = {}, 16, 2048

-- The keywords whose function ends in such a continuation, as its last
-- call: an animal's abilities (settle_rest, cards/actions/animals.lua)
-- make each of these their own last call, the rest kept by ENGINE.after.
-- up_to_kind adds its own; the others are listed after the keywords.
KEYWORDS_THEN = {}

local function up_to_then(p, n, name, id)
  local u = UP_TO[name]
  if n < 1 then return end
  local texts, values = u.options(p, id)
  local plain = n > UP_LEFT or type(id) ~= "number" or id % 1 ~= 0 or id < 0 or id >= 1024
  local codes = { nil, nil, nil, nil, nil, nil, nil, nil }   -- room for 8 (rules/lib.lua)
  local base = not plain and id + 1024 * (n - 1)
  for i = 1, plain and 0 or #values do
    local v = values[i]
    if type(v) ~= "number" or v % 1 ~= 0 or v <= -UP_V or v >= UP_V then
      plain = true
      break
    end
    codes[i] = base + 1024 * UP_LEFT * (v + UP_V)
  end
  if plain then
    -- the options worked out above serve the first pick
    local first = true
    return up_to(p, n, u.tag, u.prompt(id), u.skip,
      function()
        if first then
          first = false
          return texts, values
        end
        return u.options(p, id)
      end,
      function(v) u.act(p, id, v) end, u.secret)
  end
  if #texts == 0 then return end
  return choose_then_or_skip(p, u.tag, u.prompt(id), texts, codes, u.fn, u.skip, base, u.secret)
end

-- The rules function an answer of up_to_then(.., name, ..) starts.  A
-- spec's act_last(p, id, v), if given, does what act does as its caller's
-- last call, the picks left kept (ENGINE.after) to be offered after it.
local function up_to_chosen(name)
  return function(p, code)
    local id, rest = code % 1024, math.floor(code / 1024)
    local v = math.floor(rest / UP_LEFT) - UP_V
    if v == -UP_V then return end
    local u, left = UP_TO[name], rest % UP_LEFT
    if u.act_last and (left == 0 or ENGINE.after(u.fn_more, p, id + 1024 * left)) then
      return u.act_last(p, id, v)
    end
    u.act(p, id, v)
    return up_to_then(p, left, name, id)
  end
end

local function up_to_spec(name, spec)
  spec.fn, spec.fn_more = "up_to_" .. name, "up_to_more_" .. name
  UP_TO[name] = spec
  _G[spec.fn] = up_to_chosen(name)
  -- the picks left after an act_last (code: id + 1024 * left)
  _G[spec.fn_more] = function(p, code)
    return up_to_then(p, math.floor(code / 1024), name, code % 1024)
  end
end

local function up_to_kind(name, spec)
  KEYWORDS_THEN[name] = true
  up_to_spec(name, spec)
end

-- p keeps one of the cards, all in the discard pile, as a continuation:
-- each option's code is the card + 1024 * ask, ask indexing KEEP_ASKS.
-- secret: whether the others may see the cards offered.  Hunter's are
-- turned face up for all (the card kept is public); Scavenging's are dealt
-- to p alone from the shuffled pile, so only p sees them and which one
-- stays in the hand (the rest lie in the face-up pile again, as before).
local KEEP_ASKS = {
  { "scavenging.keep", "Scavenging: keep which card?", true },
  { "hunter.keep", "Hunter: which animal goes to your hand?", false },
}
local KEEP_SCAVENGING, KEEP_HUNTER = 1, 2

local function keep_then(p, cards, ask)
  local m = #cards
  if m == 0 then return end
  local opts, codes = {}, {}
  for i = 1, m do
    local c = cards[i]
    opts[i], codes[i] = card_text("keep ", c, ""), c + 1024 * ask
  end
  local a = KEEP_ASKS[ask]
  return choose_then(p, a[1], a[2], opts, codes, "keep_chosen", a[3])
end

function keep_chosen(p, code)
  local c = code % 1024
  ark.discard_take(c)
  ark.hand_add(p, c)
end

-- Perception: p draws cards from the deck (ark.draw: only p learns which)
-- and keeps some of them; the rest go to the discard pile face up, in the
-- order drawn, for everyone to see.  Until then the drawn cards wait at
-- the end of p's hand, the ones not yet decided on last: each keep is p's
-- secret choice, a continuation whose code is the card + 1024 * (keeps
-- left after it + 16 * cards undecided after it).  More than 15 keeps or
-- 63 cards, or a draw that did not reach the hand (a hand at its most
-- puts the card on the pile), go the plain way.
local DRAWN_TAG, DRAWN_PROMPT = "perception.keep", "Perception: keep which card?"

local function hand_tail(p, m)
  local hand, out = ark.hand(p), {}
  local n = #hand
  for i = 1, m do out[i] = hand[n - m + i] end
  return out
end

local function discard_drawn(p, cards)
  for _, c in ipairs(cards) do
    ark.hand_remove(p, c)
    ark.discard(c)
  end
end

local function keep_drawn_plain(p, cards, keep)
  local left = {}
  for i, c in ipairs(cards) do left[i] = c end
  for _ = 1, keep do
    if #left == 0 then break end
    local opts = {}
    for i, c in ipairs(left) do opts[i] = card_text("keep ", c, "") end
    table.remove(left, choose_secret(p, DRAWN_TAG, DRAWN_PROMPT, opts))
  end
  discard_drawn(p, left)
end

-- The last m cards of p's hand are drawn and undecided; keep more of them.
local function keep_drawn_then(p, m, keep)
  local cards = hand_tail(p, m)
  if keep <= 0 then return discard_drawn(p, cards) end
  if m <= keep then return end
  local opts, codes = {}, {}
  local rest = 1024 * ((keep - 1) + 16 * (m - 1))
  for i = 1, m do
    local c = cards[i]
    opts[i], codes[i] = card_text("keep ", c, ""), c + rest
  end
  return choose_secret_then(p, DRAWN_TAG, DRAWN_PROMPT, opts, codes, "keep_drawn_chosen")
end

-- Card c is kept: the undecided ones move behind it, in the order drawn.
function keep_drawn_chosen(p, code)
  local c, rest = code % 1024, math.floor(code / 1024)
  local keep, m = rest % 16, math.floor(rest / 16)
  for _, d in ipairs(hand_tail(p, m + 1)) do
    if d ~= c then
      ark.hand_remove(p, d)
      ark.hand_add(p, d)
    end
  end
  return keep_drawn_then(p, m, keep)
end

local function draw_keep(p, n, keep)
  local drawn = {}
  for _ = 1, n do
    local c = ark.draw(p)
    if not c then break end
    drawn[#drawn + 1] = c
  end
  local m = #drawn
  if m == 0 then return end
  local tail, whole = hand_tail(p, m), true
  for i = 1, m do
    if tail[i] ~= drawn[i] then whole = false end
  end
  if not whole or keep > 15 or m > 63 then
    local held = {}
    for _, c in ipairs(drawn) do
      for _, h in ipairs(ark.hand(p)) do
        if h == c then held[#held + 1] = c; break end
      end
    end
    return keep_drawn_plain(p, held, keep)
  end
  return keep_drawn_then(p, m, keep)
end

-- before: the option's text up to the card ("sell ")
local function hand_options(p, before)
  local texts, values = {}, {}
  for _, c in ipairs(ark.hand(p)) do
    texts[#texts + 1] = card_text(before, c, "")
    values[#values + 1] = c
  end
  return texts, values
end

local function mark_played(p, a)
  local bit = ACTION_INDEX[a] - 1
  local played = ark.get(p, "played_this_turn")
  if not has_bit(played, bit) then ark.set(p, "played_this_turn", played + 2 ^ bit) end
end

-- Offers p one more action with an own action card from `actions`: the
-- strength of its slot, X tokens may be added, constriction tokens count;
-- afterwards the card moves to slot 1 as after any action.  The choice is
-- the caller's last call (extra_action_chosen; option code: see
-- extra_code).
local function extra_code(a, s, x, side)
  return ((ACTION_INDEX[a] * 100 + s) * 10 + x) * 2 + side - 1
end

local function extra_action(p, actions, tag, prompt)
  local opts, codes = {}, {}
  local xt = ark.get(p, "xtokens")
  for _, a in ipairs(actions) do
    local script, side = ACTION_SCRIPTS[a], side_of(p, a)
    local base = ark.action_slot(p, a) -
      KEYWORD_RULES.CONSTRICTION_MINUS * ark.tokens(p, a, "constriction")
    local ok = false
    for x = 0, xt do
      local s = base + x
      if s >= 1 and (ok or check(script.can, p, s, side)) then
        ok = true
        local label = ACTION_TITLE[a] .. (side == 2 and " II" or " I") .. " at strength " .. s
        if x > 0 then label = label .. " (" .. x .. " X)" end
        opts[#opts + 1] = label
        codes[#codes + 1] = extra_code(a, s, x, side)
      end
    end
  end
  if #opts == 0 then return end
  return choose_then_or_skip(p, tag, prompt, opts, codes, "extra_action_chosen",
                             "no extra action", 0)
end

-- The extra action chosen (code: extra_code, 0 none): its run is the last
-- call where the engine keeps what follows (extra_action_done), so that
-- the action's own choices end the step's coroutine too.
function extra_action_chosen(p, code)
  if code == 0 then return end
  local side = code % 2 + 1
  local rest = math.floor(code / 2)
  local x = rest % 10
  rest = math.floor(rest / 10)
  local k, s = math.floor(rest / 100), rest % 100
  if x > 0 then ark.add(p, "xtokens", -x) end
  if ENGINE.after("extra_action_done", p, k) then
    return perform_action_last(p, ACTIONS[k], s, side)
  end
  perform_action(p, ACTIONS[k], s, side)
  return extra_action_done(p, k)
end

-- After an extra action: card ACTIONS[k] counts as used and goes to slot 1.
function extra_action_done(p, k)
  local a = ACTIONS[k]
  mark_played(p, a)
  ark.to_slot1(p, a)
end

-- Slot choices of p's action cards except the one in slot 1.
local move_texts = {}            -- [title][slot]: made once each
local function movable_cards(p)
  local texts, values = {}, {}
  for slot = 2, 5 do
    local a = ark.slot_action(p, slot)
    local by = kept_in(move_texts, ACTION_TITLE[a])
    local t = by[slot]
    if not t then
      t = "move " .. ACTION_TITLE[a] .. " (slot " .. slot .. ") to slot 1"
      by[slot] = t
    end
    texts[#texts + 1] = t
    values[#values + 1] = a
  end
  return texts, values
end

-- ---- Flock: where a flock animal may live besides an empty enclosure ----

-- Standard enclosures of p that hold a herbivore and count at least the
-- animal's Flock value in spaces (the enclosure's size, not the host
-- animal's: ark.enclosures_with): it may share one of them
-- (cards/actions/animals.lua).
-- A card's Flock value (false: none), read from its abilities once: the
-- facts do not change after loading, and Animals asks flock_places of
-- every flock animal it scans that has no enclosure.
local flock_need = {}

function flock_places(p, id)
  local need = flock_need[id]
  if need == nil then
    need = false
    -- numeric loop: Lua 5.4's ipairs calls C per item
    local abilities = CARDS[id].abilities
    for i = 1, #abilities do
      local name, value = parse_ability(abilities[i])
      if name == "flock" then need = count_of(value, 1) end
    end
    flock_need[id] = need
  end
  if not need then return {} end
  return ark.enclosures_with(p, need, "herbivore")
end

-- ---- the keywords ----

local K = KEYWORDS

-- Sprint N: draw N cards from the deck.
K.sprint = function(p, id, value)
  draw_cards(p, count_of(value, 1))
end

-- Hunter N: reveal N cards, keep one animal among them, discard the rest.
K.hunter = function(p, id, value)
  local animals = {}
  for _, c in ipairs(reveal(count_of(value, 1))) do
    if CARDS[c].type == "animal" then animals[#animals + 1] = c end
  end
  return keep_then(p, animals, KEEP_HUNTER)
end

-- Pack (icon): 1 appeal per predator (or the named) icon in p's zoo.
K.pack = function(p, id, value)
  local icon = type(value) == "string" and value or "predator"
  gain(p, "appeal", ark.icons(p, icon))
end

-- Petting (N): N (3) appeal per petting-zoo icon in p's zoo.
K.petting = function(p, id, value)
  gain(p, "appeal", count_of(value, KEYWORD_RULES.PETTING_APPEAL) * ark.icons(p, "petting-zoo"))
end

-- Iconic (icon): 1 appeal per such icon in all zoos, at most 8.  Without a
-- value: the card's own continent.
K.iconic = function(p, id, value)
  local icon = type(value) == "string" and value or first_icon(id, CONTINENTS)
  if not icon then return end
  gain(p, "appeal", math.min(icons_all_zoos(icon), KEYWORD_RULES.ICONIC_MAX))
end

-- Inventive N: N X tokens.  Inventive (icon): by icons, see INVENTIVE_FORMS.
K.inventive = function(p, id, value)
  if type(value) ~= "string" then
    gain(p, "xtokens", count_of(value, 1))
    return
  end
  local form = INVENTIVE_FORMS[value] or { how = "all" }
  local n = 0
  if form.how == "steps" then
    local have = ark.icons(p, value)
    for _, step in ipairs(KEYWORD_RULES.INVENTIVE_STEPS) do
      if have >= step then n = n + 1 end
    end
  else
    n = math.min(icons_all_zoos(value), KEYWORD_RULES.INVENTIVE_ALL_MAX)
  end
  gain(p, "xtokens", n)
end

-- Full-throated: one more association worker (N more with a value).
K["full-throated"] = function(p, id, value)
  for _ = 1, count_of(value, 1) do gain_worker(p) end
end

-- Jumping N: the break marker advances N spaces; gain N money.
K.jumping = function(p, id, value)
  local n = count_of(value, 1)
  advance_break(p, n)
  gain(p, "money", n)
end

-- Multiplier (action): a multiplier token on that action card of p.
K.multiplier = function(p, id, value)
  local a = action_of(value)
  if a then ark.tokens(p, a, "multiplier", 1) end
end

-- Venom N and Constriction (N): the opponents who take tokens, each a
-- token on an action card of their choice.  Venom: each opponent ahead of
-- p on appeal takes N.  Constriction: each ahead on appeal takes N (1),
-- and each ahead on conservation N more.  Each token is its own last call,
-- those after it kept (tokens_next; code: (the token's place k in the
-- list * 16 + N) * 4 + the kind's index in TOKEN_KINDS): the list stays
-- the same while the tokens are given, as tokens move neither track.
local TOKEN_TRACKS = { venom = { "appeal" }, constriction = { "appeal", "conservation" } }

local function token_takers(p, kind)
  local out = {}
  for _, track in ipairs(TOKEN_TRACKS[kind]) do
    local mine = ark.get(p, track)
    for _, q in ipairs(opponents(p)) do
      if ark.get(q, track) > mine and affected(q, kind) then out[#out + 1] = q end
    end
  end
  return out
end

function tokens_next(p, code)
  local kind = TOKEN_KINDS[code % 4]
  code = math.floor(code / 4)
  local n, k = code % 16, math.floor(code / 16)
  local list = token_takers(p, kind)
  local total = #list * n
  while k <= total do
    local q = list[math.floor((k - 1) / n) + 1]
    if k == total or ENGINE.after("tokens_next", p, ((k + 1) * 16 + n) * 4 + TOKEN_KIND_INDEX[kind]) then
      return give_token(q, kind)
    end
    give_token(q, kind)
    k = k + 1
  end
end

local function give_tokens(p, kind, n)
  if n >= 1 and n < 16 then return tokens_next(p, (16 + n) * 4 + TOKEN_KIND_INDEX[kind]) end
  for _, q in ipairs(token_takers(p, kind)) do
    for _ = 1, n do give_token(q, kind) end
  end
end

K.venom = function(p, id, value) return give_tokens(p, "venom", count_of(value, 1)) end
K.constriction = function(p, id, value) return give_tokens(p, "constriction", count_of(value, 1)) end

-- The "after finishing this action" keywords wait in the state as rules
-- functions (after_action_then, rules.lua), the code holding what each
-- needs: a clone at any later decision of the turn, and at a Clever's or a
-- Boost's own choice, then copies the state.

-- Clever: after this action p may move any action card to slot 1 (code:
-- the moves left, up to 16; more wait as a function, and up_to_then asks
-- them the plain way).
local function clever_moves(p)
  local texts, names = movable_cards(p)
  local values = {}
  for i = 1, #names do values[i] = ACTION_INDEX[names[i]] end
  return texts, values
end

up_to_spec("clever", {
  tag = "keyword.clever",
  prompt = function() return "Clever: move an action card to slot 1?" end,
  skip = "leave the cards",
  options = clever_moves,
  act = function(p, _, v) ark.to_slot1(p, ACTIONS[v]) end,
})

function clever_after(p, n) return up_to_then(p, n, "clever", 0) end

K.clever = function(p, id, value)
  local n = count_of(value, 1)
  if n < 1 then return end
  if n <= UP_LEFT then return after_action_then(p, "clever_after", n) end
  after_this_action(p, "clever", function(pp) return clever_after(pp, n) end)
end

-- Boost (action): after this action p may move that card to slot 1 or 5
-- (code: the action's index; an answer's: index * 8 + the slot, 0 to
-- leave it).
function boost_after(p, k)
  local a = ACTIONS[k]
  local slot = ark.action_slot(p, a)
  local texts, codes = {}, {}
  for _, target in ipairs({ 1, 5 }) do
    if slot ~= target then
      texts[#texts + 1] = "move " .. ACTION_TITLE[a] .. " to slot " .. target
      codes[#codes + 1] = k * 8 + target
    end
  end
  return choose_then_or_skip(p, "keyword.boost", "Boost: move " .. ACTION_TITLE[a] .. "?",
    texts, codes, "boost_chosen", "leave it in slot " .. slot, 0)
end

function boost_chosen(p, code)
  if code > 0 then ark.move_slot(p, ACTIONS[math.floor(code / 8)], code % 8) end
end

K.boost = function(p, id, value)
  local a = action_of(value)
  if not a then return end
  after_action_then(p, "boost_after", ACTION_INDEX[a])
end

-- Action (action): after this action p may also carry out that action
-- (code: its index).
function action_after(p, k)
  local a = ACTIONS[k]
  return extra_action(p, { a }, "keyword.action",
                      "Also carry out the " .. ACTION_TITLE[a] .. " action?")
end

K.action = function(p, id, value)
  local a = action_of(value)
  if not a then return end
  after_action_then(p, "action_after", ACTION_INDEX[a])
end

-- Determination: after this action p may carry out one more action with
-- an action card not used this turn.
function determination_after(p)
  local played, list = ark.get(p, "played_this_turn"), {}
  for slot = 1, 5 do
    local a = ark.slot_action(p, slot)
    if not has_bit(played, ACTION_INDEX[a] - 1) then list[#list + 1] = a end
  end
  return extra_action(p, list, "keyword.determination",
                      "Determination: carry out another action?")
end

K.determination = function(p, id, value)
  after_action_then(p, "determination_after", 0)
end

-- Hypnosis N: after this action p may carry out the action of a card in
-- slots 1..N of the appeal leader among the opponents, at the strength of
-- that slot and on that card's side; the card stays where it is (code: N).
-- The choice is the caller's last call (hypnosis_chosen; option code:
-- (action index * 100 + slot) * 2 + side - 1).
function hypnosis_after(pp, n)
  local opts, codes = {}, {}
  for _, q in ipairs(leaders(pp, "appeal")) do
    if affected(q, "hypnosis") then
      for slot = 1, n do
        local a = ark.slot_action(q, slot)
        local side = side_of(q, a)
        if check(ACTION_SCRIPTS[a].can, pp, slot, side) then
          opts[#opts + 1] = "use P" .. (q + 1) .. "'s " .. ACTION_TITLE[a] ..
            (side == 2 and " II" or " I") .. " at strength " .. slot
          codes[#codes + 1] = (ACTION_INDEX[a] * 100 + slot) * 2 + side - 1
        end
      end
    end
  end
  if #opts == 0 then return end
  return choose_then_or_skip(pp, "keyword.hypnosis", "Hypnosis: use an opponent's action card?",
    opts, codes, "hypnosis_chosen", "no hypnosis", 0)
end

-- Not p's own card: none of p's tokens apply and p's cards stay put.  The
-- run is the last call where the engine keeps the after_action event
-- (hypnosis_done).
function hypnosis_chosen(pp, code)
  if code == 0 then return end
  local side = code % 2 + 1
  local rest = math.floor(code / 2)
  local k, slot = math.floor(rest / 100), rest % 100
  local a = ACTIONS[k]
  fire_own("before_action", pp, a, slot)
  if ENGINE.after("hypnosis_done", pp, k * 100 + slot) then
    return ACTION_SCRIPTS[a].run(pp, slot, side)
  end
  ACTION_SCRIPTS[a].run(pp, slot, side)
  return hypnosis_done(pp, k * 100 + slot)
end

function hypnosis_done(pp, code)
  fire_own("after_action", pp, ACTIONS[math.floor(code / 100)], code % 100)
end

K.hypnosis = function(p, id, value)
  local n = math.min(count_of(value, KEYWORD_RULES.HYPNOSIS_SLOTS), 5)
  after_action_then(p, "hypnosis_after", math.max(n, 0))
end

-- Pilfering N: the leader of appeal (N = 1), and of conservation (N = 2),
-- among the opponents hands p either a random hand card or 5 money, as
-- that player prefers.  Ties at the top: p chooses whom.  The whom
-- (pilfer_from) and the what (pilfer_given, q's choice; code: p + 8 * (1
-- the card, 2 the money)) are choose_then's: called last they end the
-- step's coroutine, called deeper they ask the plain way.
local function pilfer(p, track)
  local cands = {}
  for _, q in ipairs(leaders(p, track)) do
    if affected(q, "pilfering") then cands[#cands + 1] = q end
  end
  if #cands == 0 then return end
  local texts = {}
  for i, q in ipairs(cands) do texts[i] = "pilfer from P" .. (q + 1) end
  return choose_then(p, "pilfering.target", "Pilfering: whom to take from (" .. track .. ")?",
                     texts, cands, "pilfer_from")
end

function pilfer_from(p, q)
  local hand, cash = ark.hand(q), math.min(KEYWORD_RULES.PILFER_MONEY, money(q))
  local opts, codes = {}, {}
  if #hand > 0 then opts[#opts + 1] = "hand over a random card"; codes[#codes + 1] = p + 8 end
  if cash > 0 then opts[#opts + 1] = "hand over " .. cash .. " money"; codes[#codes + 1] = p + 16 end
  if #opts == 0 then return end
  return choose_then(q, "pilfering.give", "P" .. (p + 1) .. " pilfers: what do you hand over?",
                     opts, codes, "pilfer_given")
end

function pilfer_given(q, code)
  local p = code % 8
  if code >= 16 then
    local cash = math.min(KEYWORD_RULES.PILFER_MONEY, money(q))
    pay(q, cash)
    gain(p, "money", cash)
    return
  end
  local hand = ark.hand(q)
  ark.hand_give(q, p, hand[ark.random(#hand)])   -- told to the two seats
end

-- The tracks from the i-th to the n-th (code: i * 8 + n), each pilfer its
-- own last call, those after it kept.
function pilfering_next(p, code)
  local n, i = code % 8, math.floor(code / 8)
  for k = i, n do
    if k == n or ENGINE.after("pilfering_next", p, (k + 1) * 8 + n) then
      return pilfer(p, PILFER_TRACKS[k])
    end
    pilfer(p, PILFER_TRACKS[k])
  end
end

K.pilfering = function(p, id, value)
  local n = math.min(count_of(value, 1), #PILFER_TRACKS)
  if n >= 1 then return pilfering_next(p, 8 + n) end
end

-- Snapping N: N times take any display card; p may refill in between.
-- Each snap is its caller's last call (snap_then: a continuation), the
-- rest kept (snapping_refill; code: the snaps left): the snaps end where
-- the display has nothing to take, as snap() ends them.
local function display_empty()
  local disp = ark.display()
  for f = 1, 6 do
    if disp[f] then return false end
  end
  return true
end

function snapping_next(p, left)
  if left == 1 then return snap_then(p) end
  if display_empty() then return end
  if ENGINE.after("snapping_refill", p, left - 1) then return snap_then(p) end
  snap(p)
  return snapping_refill(p, left - 1)
end

function snapping_refill(p, left)
  return choose_then_or_skip(p, "snapping.refill", "Refill the display before the next snap?",
    { "refill the display" }, { left }, "snapping_refilled", "keep the display as it is", -left)
end

function snapping_refilled(p, code)
  if code > 0 then ark.display_refill() end
  return snapping_next(p, math.abs(code))
end

K.snapping = function(p, id, value)
  local n = count_of(value, 1)
  if n >= 1 then return snapping_next(p, n) end
end

-- Digging N: up to N times, discard a display card (the display is
-- refilled) or swap a hand card for a card from the deck.
up_to_kind("digging", {
  tag = "digging.card", skip = "stop digging",
  prompt = function() return "Digging: discard a card?" end,
  -- each option's value a number, not a table: display folder f as f,
  -- hand card c as -1 - c (the computer players try them again and again)
  options = function(p)
    local texts, values = {}, {}
    local disp = ark.display()
    for f = 1, 6 do
      if disp[f] then
        texts[#texts + 1] = card_text("discard ", disp[f], FROM_FOLDER[f])
        values[#values + 1] = f
      end
    end
    local hand = ark.hand(p)
    for i = 1, #hand do
      texts[#texts + 1] = card_text("replace ", hand[i], " from your hand")
      values[#values + 1] = -1 - hand[i]
    end
    return texts, values
  end,
  act = function(p, id, v)
    if v > 0 then
      ark.discard(ark.display_take(v))
      ark.display_refill()
    else
      local c = -1 - v
      ark.hand_remove(p, c)
      ark.discard(c)
      ark.draw(p)
    end
  end,
})

K.digging = function(p, id, value)
  return up_to_then(p, count_of(value, 1), "digging", id)
end

-- Magnet (kind): every display card of that type (or with that icon) goes
-- to p's hand.
K.magnet = function(p, id, value)
  local kind = MAGNET_TYPES[value]
  local disp = ark.display()
  for f = 1, 6 do
    local c = disp[f]
    if c and ((kind and CARDS[c].type == kind) or
              (not kind and (CARDS[c].icons[value] or 0) > 0)) then
      ark.hand_add(p, ark.display_take(f))
    end
  end
end

-- Sunbathing N: p may sell up to N hand cards for 4 money each.
up_to_kind("sunbathing", {
  tag = "sunbathing.sell", skip = "stop selling",
  prompt = function() return "Sunbathing: sell a hand card?" end,
  options = function(p) return hand_options(p, "sell ") end,
  act = function(p, id, c)
    ark.hand_remove(p, c)
    ark.discard(c)
    gain(p, "money", KEYWORD_RULES.SUNBATHING_PRICE)
  end,
})

K.sunbathing = function(p, id, value)
  return up_to_then(p, count_of(value, 1), "sunbathing", id)
end

-- Pouch N: p may tuck up to N hand cards under this card, 2 appeal each.
-- The cards lie face down under it: which ones is p's secret.
up_to_kind("pouch", {
  tag = "pouch.tuck", skip = "stop tucking", secret = true,
  prompt = function(id) return "Pouch: tuck a hand card under " .. card_label(id) .. "?" end,
  options = function(p)
    if ark.under_room(p) <= 0 then return {}, {} end
    return hand_options(p, "tuck ")
  end,
  act = function(p, id, c)
    ark.tuck(p, c, id)
    gain(p, "appeal", KEYWORD_RULES.POUCH_APPEAL)
  end,
})

K.pouch = function(p, id, value)
  return up_to_then(p, count_of(value, 1), "pouch", id)
end

-- Posturing N: up to N free kiosks or pavilions (an option's value: the
-- index in POSTURING_KINDS).
local POSTURING_KINDS = { "kiosk", "pavilion" }
up_to_kind("posturing", {
  tag = "posturing.kind", skip = "stop",
  prompt = function() return "Posturing: place a free building?" end,
  options = function(p)
    local build2 = ark.upgraded(p, "build")
    local texts, values = {}, {}
    for k, key in ipairs(POSTURING_KINDS) do
      if ark.can_place(p, key, build2) then
        texts[#texts + 1] = "place a free " .. key
        values[#values + 1] = k
      end
    end
    return texts, values
  end,
  act = function(p, id, k) free_building(p, POSTURING_KINDS[k]) end,
  act_last = function(p, id, k) return free_building_last(p, POSTURING_KINDS[k]) end,
})

K.posturing = function(p, id, value)
  return up_to_then(p, count_of(value, 1), "posturing", id)
end

-- Peacocking (building): p may place the large bird aviary (or the named
-- special enclosure) for free if it is not built yet and fits; the card
-- stands in for Build II, not for the map's Build-II spaces.  The offer,
-- the place and the moves that follow (fitting animals from standard
-- enclosures, as Build offers them) are continuations: peacocking_chosen
-- (code: the kind's SPECIAL_BIT, 0 for "no"), then peacocking_built (code:
-- the new building's id).
local SPECIAL_KEY = {}
for key, bit in pairs(SPECIAL_BIT) do SPECIAL_KEY[bit] = key end

K.peacocking = function(p, id, value)
  local key = type(value) == "string" and value or "large-bird-aviary"
  local bit = SPECIAL_BIT[key]
  if not bit or math.floor(ark.get(p, "special_built") / bit) % 2 == 1 then return end
  if not ark.can_place(p, key, ark.upgraded(p, "build")) then return end
  return choose_then_or_skip(p, "peacocking.build", "Place a free " .. key .. "?",
    { "place the " .. key .. " for free" }, { bit }, "peacocking_chosen", "no", 0)
end

function peacocking_chosen(p, bit)
  if bit == 0 then return end
  local before = ark.get(p, "buildings")
  if ENGINE.after("peacocking_built", p, before) then
    return free_building_last(p, SPECIAL_KEY[bit])
  end
  free_building(p, SPECIAL_KEY[bit])
  return peacocking_built(p, before)
end

function peacocking_built(p, b)
  if ark.get(p, "buildings") > b then return move_animals_last(p, b, "keyword.move") end
end

-- Perception N: draw N cards, keep half of them (at least one), discard
-- the rest (draw_keep).
K.perception = function(p, id, value)
  local n = count_of(value, KEYWORD_RULES.PERCEPTION_DRAW)
  return draw_keep(p, n, math.max(1, math.floor(n / 2)))
end

-- Scavenging N: shuffle the discard pile, look at N of its cards (the top
-- ones; only p sees which), keep one.
K.scavenging = function(p, id, value)
  ark.discard_shuffle()
  local pile, dealt = ark.discard_pile(), {}
  for k = 1, count_of(value, 1) do
    local c = pile[#pile - k + 1]
    if not c then break end
    dealt[#dealt + 1] = c
  end
  return keep_then(p, dealt, KEEP_SCAVENGING)
end

-- Resistance: draw 2 final scoring cards at random from those out of play,
-- keep 1, which joins the ones p holds (the rules set no limit: each one
-- still held at the end scores, docs/rules-notes.md).
K.resistance = function(p, id, value)
  local pool = {}
  for _, c in ipairs(ark.box()) do
    if CARDS[c].type == "scoring" then pool[#pool + 1] = c end
  end
  local drawn = {}
  for _ = 1, count_of(value, KEYWORD_RULES.RESISTANCE_DRAW) do
    if #pool == 0 then break end
    drawn[#drawn + 1] = table.remove(pool, ark.random(#pool))
  end
  if #drawn == 0 then return end
  local opts = {}
  for i, c in ipairs(drawn) do opts[i] = "keep " .. card_label(c) end
  return choose_secret_then(p, "resistance.keep", "Resistance: keep which final scoring card?",
                            opts, drawn, "resistance_kept")
end

-- The card kept: out of the box into p's final scoring cards; the other
-- stays in the box, face down.
function resistance_kept(p, keep)
  ark.box_take(keep)
  ark.scoring_add(p, keep)
end

-- Base projects still out of play (in the box), in box order.
local function unused_base_projects(icon)
  local out = {}
  for _, c in ipairs(ark.box()) do
    local d = CARDS[c]
    if d.type == "project" and d.base and (not icon or d.counts == icon) then out[#out + 1] = c end
  end
  return out
end

-- p may take one of the cards (in the box) into the hand: a continuation
-- (choose_then) whose code is the card, -1 taking none.
local function take_project(p, cards, tag, prompt)
  if #cards == 0 then return end
  local opts, codes = {}, {}
  for i, c in ipairs(cards) do opts[i], codes[i] = "take " .. card_label(c), c end
  return choose_then_or_skip(p, tag, prompt, opts, codes, "project_taken", "take none", -1)
end

function project_taken(p, c)
  if c < 0 then return end
  ark.box_take(c)
  ark.hand_add(p, c)
end

-- Assertion: p may take any one unused base project into the hand.
K.assertion = function(p, id, value)
  return take_project(p, unused_base_projects(nil), "assertion.project",
                      "Assertion: take a base project?")
end

-- Dominance (icon): p may take the base project of that icon (without a
-- value: the card's own category) if it is not in the game yet.
K.dominance = function(p, id, value)
  local icon = type(value) == "string" and value or first_icon(id, CATEGORIES)
  if not icon then return end
  return take_project(p, unused_base_projects(icon), "dominance.project",
                      "Dominance: take the base project?")
end

-- Flock N: no effect when played; it widens where the animal may live
-- (flock_places above).
K.flock = function(p, id, value) end

for _, name in ipairs({ "perception", "scavenging", "hunter", "snapping", "assertion",
                        "dominance", "pilfering", "constriction", "venom", "resistance",
                        "peacocking" }) do
  KEYWORDS_THEN[name] = true
end

-- ---- content check ----

local ICON_NAMES = {}
for _, n in ipairs(CATEGORIES) do ICON_NAMES[n] = true end
for _, n in ipairs(CONTINENTS) do ICON_NAMES[n] = true end
for _, n in ipairs({ "science", "rock", "water" }) do ICON_NAMES[n] = true end

local function is_icon(v) return ICON_NAMES[v] == true end

-- Per keyword: what a value must look like.
local VALUE_CHECKS = {
  boost = function(v) return ACTION_INDEX[v] ~= nil, "an action card name" end,
  action = function(v) return ACTION_INDEX[v] ~= nil, "an action card name" end,
  multiplier = function(v) return ACTION_INDEX[v] ~= nil, "an action card name" end,
  iconic = function(v) return v == nil or is_icon(v), "an icon name" end,
  dominance = function(v) return v == nil or is_icon(v), "an icon name" end,
  pack = function(v) return v == nil or is_icon(v), "an icon name" end,
  inventive = function(v) return v == nil or type(v) == "number" or is_icon(v),
    "a number or an icon name" end,
  magnet = function(v) return MAGNET_TYPES[v] ~= nil or is_icon(v),
    "sponsors, animals, projects or an icon name" end,
  peacocking = function(v) return v == nil or SPECIAL_BIT[v] ~= nil, "a special enclosure" end,
}
for _, name in ipairs({ "sprint", "hunter", "venom", "constriction", "clever", "jumping",
                        "full-throated", "digging", "flock", "pilfering", "snapping", "hypnosis",
                        "scavenging", "posturing", "perception", "petting", "sunbathing",
                        "pouch", "resistance", "determination", "assertion" }) do
  VALUE_CHECKS[name] = function(v) return v == nil or type(v) == "number", "a number" end
end

-- What is wrong with one ability text ("sprint:3"): nil if it names a
-- known keyword with a value of the right kind.  Loading (for play and for
-- `arknova check` alike) reports each problem at the ability's YAML line.
-- The keyword names, sorted: an unknown one's message lists them.
local function keyword_names()
  local names = {}
  for name in next, KEYWORDS do names[#names + 1] = name end
  table.sort(names)
  return table.concat(names, ", ")
end

function keyword_problem(ability)
  local name, value = parse_ability(ability)
  if not name or not KEYWORDS[name] then
    return "unknown keyword ability '" .. tostring(name or ability) .. "' (keywords: " ..
      keyword_names() .. "; docs/modding.md says what each does)"
  elseif VALUE_CHECKS[name] then
    local ok, what = VALUE_CHECKS[name](value)
    if not ok then return "keyword ability '" .. ability .. "' needs " .. what end
  end
  return nil
end

-- Every ability of every loaded card: a list of "path: problem" texts.
function validate_keywords()
  local out = {}
  local id = 0
  while CARDS[id] do
    local c = CARDS[id]
    for _, ability in ipairs(c.abilities) do
      local problem = keyword_problem(ability)
      if problem then out[#out + 1] = c.path .. ": " .. problem end
    end
    id = id + 1
  end
  return out
end
