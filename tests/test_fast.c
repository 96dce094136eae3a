/*
** test_fast.c - the shortcuts the core takes on its hot paths give what the
** long way gives: primitives that build their tables with names made once,
** ark.zoo_stamp skipping the zoo cards when no script can count as off,
** a zoo's handler lists made in C (ark.zoo_known) as the Lua makes them,
** the clone that does not copy a snapshot twice, the check of a script's
** kept state that reads the records once per resume and each table once,
** the snapshot and continuation start a clone shares with its original.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "support.h"
#include "rng.h"
#include "script_state.h"

/* Adds QUERIES[name] = the function `body` evaluates to. */
static void add_query(ark_game *g, const char *name, const char *body) {
  lua_State *L = g->c->L;
  char chunk[4096];
  snprintf(chunk, sizeof chunk, "QUERIES[%s%s%s] = %s", "'", name, "'", body);
  if (luaL_dostring(L, chunk) != 0) fail_msg("%s", lua_tostring(L, -1));
}


/* Every map-edge slot, project and building definition has the fields the
** API gives, with the values of the state; ark.icons(p) is ark.icons(p, name)
** for every icon and has a field for each. */
static void test_keyed_tables(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  int p = g->s.cur, out[1024];
  add_query(g, "t_edge", "function(p)\n"
            "  local r = {}\n"
            "  for i, e in ipairs(ark.edge(p)) do\n"
            "    local n = 0\n"
            "    for _ in next, e do n = n + 1 end\n"
            "    r[#r + 1] = n\n"
            "    r[#r + 1] = e.value\n"
            "    r[#r + 1] = e.recurring and 1 or 0\n"
            "    r[#r + 1] = e.taken and 1 or 0\n"
            "    r[#r + 1] = type(e.bonus) == 'string' and #e.bonus or -1\n"
            "  end\n"
            "  return r\n"
            "end");
  g->s.p[p].edge_taken = 0x5;
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  int n = ark_game_query(g, "t_edge", p, out, 1024);
  assert_int_equal(n, 5 * m->n_slots);
  for (int i = 0; i < m->n_slots; i++) {
    assert_int_equal(out[5 * i], 4);
    assert_int_equal(out[5 * i + 1], m->slots[i].bonus.value);
    assert_int_equal(out[5 * i + 2], m->slots[i].recurring != 0);
    assert_int_equal(out[5 * i + 3], (0x5 >> i) & 1);
    assert_int_equal(out[5 * i + 4], (int)strlen(ark_bonus_name(m->slots[i].bonus.kind)));
  }
  /* ark.edge_slot(p, i) gives each slot's four fields as values, and
  ** nothing past the last */
  add_query(g, "t_edge_slot", "function(p)\n"
            "  local r, edge = {}, ark.edge(p)\n"
            "  for i, e in ipairs(edge) do\n"
            "    local b, v, rec, t = ark.edge_slot(p, i)\n"
            "    r[#r + 1] = (b == e.bonus and v == e.value and rec == e.recurring\n"
            "                 and t == e.taken) and 1 or 0\n"
            "  end\n"
            "  r[#r + 1] = select('#', ark.edge_slot(p, #edge + 1))\n"
            "  return r\n"
            "end");
  n = ark_game_query(g, "t_edge_slot", p, out, 1024);
  assert_int_equal(n, m->n_slots + 1);
  for (int i = 0; i < m->n_slots; i++) assert_int_equal(out[i], 1);
  assert_int_equal(out[m->n_slots], 0);
  add_query(g, "t_defs", "function(p)\n"
            "  local r = {}\n"
            "  local kinds = { enclosure = 0, kiosk = 1, pavilion = 2, special = 3, unique = 4 }\n"
            "  for i, d in ipairs(ark.building_defs()) do\n"
            "    local n = 0\n"
            "    for _ in next, d do n = n + 1 end\n"
            "    r[#r + 1] = n\n"
            "    r[#r + 1] = kinds[d.kind]\n"
            "    r[#r + 1] = d.size\n"
            "    r[#r + 1] = d.capacity\n"
            "    r[#r + 1] = d.build2 and 1 or 0\n"
            "    r[#r + 1] = #d.key\n"
            "  end\n"
            "  return r\n"
            "end");
  n = ark_game_query(g, "t_defs", p, out, 1024);
  assert_int_equal(n, 6 * g->c->nbuildings);
  for (int i = 0; i < g->c->nbuildings; i++) {
    const ark_building_def *d = &g->c->buildings[i];
    assert_int_equal(out[6 * i], 5);
    assert_int_equal(out[6 * i + 1], (int)d->kind);
    assert_int_equal(out[6 * i + 2], d->ncells);
    assert_int_equal(out[6 * i + 3], d->capacity);
    assert_int_equal(out[6 * i + 4], d->needs_build2 != 0);
    assert_int_equal(out[6 * i + 5], (int)strlen(d->key));
  }
  add_query(g, "t_projects", "function(p)\n"
            "  local r = {}\n"
            "  for _, s in ipairs(ark.projects()) do\n"
            "    local n = 0\n"
            "    for _ in next, s do n = n + 1 end\n"
            "    r[#r + 1] = n\n"
            "    r[#r + 1] = s.card\n"
            "    r[#r + 1] = s.where == 'base' and 1 or s.where == 'row' and 2 or 0\n"
            "    r[#r + 1] = s.index\n"
            "    r[#r + 1] = #s.owners\n"
            "    for k = 1, 3 do r[#r + 1] = s.owners[k] end\n"
            "  end\n"
            "  return r\n"
            "end");
  g->s.base[0].owner[1] = (int8_t)p;
  n = ark_game_query(g, "t_projects", p, out, 1024);
  int k = 0;
  for (int i = 0; i < g->s.nbase + ARK_ROW_SLOTS; i++) {
    const ark_project_slot *s = i < g->s.nbase ? &g->s.base[i] : &g->s.row[i - g->s.nbase];
    if (s->card < 0) continue;
    assert_int_equal(out[k++], 4);
    assert_int_equal(out[k++], s->card);
    assert_int_equal(out[k++], i < g->s.nbase ? 1 : 2);
    assert_int_equal(out[k++], i < g->s.nbase ? i + 1 : i - g->s.nbase + 1);
    assert_int_equal(out[k++], 3);
    for (int l = 0; l < 3; l++) assert_int_equal(out[k++], s->owner[l]);
  }
  assert_int_equal(n, k);
  assert_true(k > 0);
  add_query(g, "t_icons", "function(p)\n"
            "  local all, n, r = ark.icons(p), 0, {}\n"
            "  for name, v in next, all do\n"
            "    n = n + 1\n"
            "    if ark.icons(p, name) ~= v then return {} end\n"
            "  end\n"
            "  r[1] = n\n"
            "  return r\n"
            "end");
  n = ark_game_query(g, "t_icons", p, out, 1024);
  assert_int_equal(n, 1);
  assert_int_equal(out[0], ARK_ICON_N);
  ark_game_free(g);
}

/* ark.zoo_handlers: the {list, n} kept in cache[stamp][key] with no Lua
** call; otherwise what miss(owner, key, stamp) gives, asked once per
** look-up; ark.zoo_has_handler_fn's function answers whether n > 0. */
static void test_zoo_handlers(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  int p = g->s.cur;
  char why[256];
  assert_string_equal(t_run_lua(g,
    "local p = ...\n"
    "local cache, calls = {}, {}\n"
    "local function miss(owner, key, stamp)\n"
    "  calls[#calls + 1] = { owner, key, stamp }\n"
    "  return { 'missed' }, 2\n"
    "end\n"
    "local stamp = ark.zoo_stamp(p)\n"
    "local l, n = ark.zoo_handlers(p, 'k', cache, miss)\n"
    "if n ~= 2 or l[1] ~= 'missed' or #calls ~= 1 then return 'first: ' .. tostring(n) end\n"
    "if calls[1][1] ~= p or calls[1][2] ~= 'k' or calls[1][3] ~= stamp then\n"
    "  return 'miss was asked ' .. tostring(calls[1][3])\n"
    "end\n"
    "cache[stamp] = { k = { { 'kept' }, 4 } }\n"
    "l, n = ark.zoo_handlers(p, 'k', cache, miss)\n"
    "if n ~= 4 or l[1] ~= 'kept' or #calls ~= 1 then return 'kept: ' .. tostring(n) end\n"
    "l, n = ark.zoo_handlers(p, 'other', cache, miss)\n"
    "if n ~= 2 or #calls ~= 2 then return 'other key: ' .. tostring(n) end\n"
    "cache[stamp] = nil\n"
    "l, n = ark.zoo_handlers(1 - p, 'k', cache, miss)\n"
    "if #calls ~= 3 or calls[3][3] ~= ark.zoo_stamp(1 - p) then return 'other seat' end\n"
    /* the bound check answers n > 0 from the same look-ups */
    "local has = ark.zoo_has_handler_fn(cache, miss)\n"
    "cache[stamp] = { k = { { 'kept' }, 4 }, none = { {}, 0 } }\n"
    "if not has(p, 'k') or has(p, 'none') or #calls ~= 3 then return 'bound, kept' end\n"
    "if not has(p, 'other') or #calls ~= 4 then return 'bound, missed' end\n",
    p, why, sizeof why), "");
  ark_game_free(g);
}

/* (p) -> nil, or where the two differ: the handler lists of p's zoo as
** the rules make them (collect_known: ark.zoo_known, in C, with no plugin
** loaded) against the plain Lua (known_in_lua): each known name's list,
** its length, and the one empty list every name nothing handles shares.
** KNOWN_SEEN counts the names compared that some card or map handles,
** KNOWN_MAPS those the map handles. */
static const char *const KNOWN_LISTS =
  "local p = ...\n"
  "local a, b = KNOWN_OF(p), KNOWN_IN_LUA(p)\n"
  "if a == b then return 'one table: the C was not asked' end\n"
  "for _, name in ipairs(KNOWN_HANDLERS) do\n"
  "  local x, y = a[name], b[name]\n"
  "  if x == nil then return name .. ': no entry' end\n"
  "  if y[2] == 0 then\n"
  "    if x ~= y then return name .. ': not the shared empty list' end\n"
  "  else\n"
  "    if x[2] ~= y[2] then\n"
  "      return name .. ': ' .. x[2] .. ' entries, plainly ' .. y[2]\n"
  "    end\n"
  "    for i = 1, y[2] do\n"
  "      if x[1][i] ~= y[1][i] then return name .. ': entry ' .. i .. ' differs' end\n"
  "    end\n"
  "    KNOWN_SEEN = KNOWN_SEEN + 1\n"
  "    if y[1][y[2]] == nil then KNOWN_MAPS = KNOWN_MAPS + 1 end\n"
  "  end\n"
  "end\n"
  "for k in pairs(a) do\n"
  "  if b[k] == nil then return 'a name the Lua has not: ' .. tostring(k) end\n"
  "end\n";

/* Random games on map A and on maps with a script (2, 6) give the same
** handler lists from the C as from the Lua at every tenth decision, for
** each seat. */
static void test_zoo_known_as_lua(void **st) {
  (void)st;
  static const struct { int players; uint64_t seed; const char *map; } games[] = {
    { 2, 1, NULL }, { 3, 5, "2" }, { 2, 7, "6" }, { 4, 9, "8" }
  };
  char why[256];
  int seen = 0, maps = 0;
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    ark_game *g = t_new_game(games[i].players, games[i].seed, games[i].map);
    uint64_t rng = games[i].seed * 31;
    t_run_lua(g, "KNOWN_SEEN, KNOWN_MAPS = 0, 0", 0, why, sizeof why);
    for (int k = 0; ark_game_process(g) == ARK_AWAITING; k++) {
      if (k % 10 == 0)
        for (int p = 0; p < games[i].players; p++)
          if (t_run_lua(g, KNOWN_LISTS, p, why, sizeof why)[0])
            fail_msg("game %zu decision %d seat %d: %s", i, k, p, why);
      t_random_answer(g, &rng);
    }
    int a = 0, b = 0;
    assert_int_equal(sscanf(t_run_lua(g, "return KNOWN_SEEN .. ' ' .. KNOWN_MAPS", 0, why,
                                      sizeof why), "%d %d", &a, &b), 2);
    seen += a;
    maps += b;
    ark_game_free(g);
  }
  print_message("%d handled names compared, %d of them handled by the map\n", seen, maps);
  assert_true(seen > 500);
  assert_true(maps > 50);
}

/* A zoo that grew by a card with no script gets the lists its seat had,
** the same table; one that grew by a card with a script gets new ones,
** as the Lua makes them. */
static void test_zoo_known_kept(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  int p = g->s.cur;
  char why[256];
  assert_string_equal(t_run_lua(g, "KEPT_LISTS, KNOWN_SEEN, KNOWN_MAPS = KNOWN_OF(...), 0, 0", p,
                                why, sizeof why), "");
  char chunk[256];
  snprintf(chunk, sizeof chunk,
           "if SCRIPTS[%d] then return '401 has a script' end\n"
           "if KNOWN_OF(...) ~= KEPT_LISTS then return 'not kept' end\n", t_card(g, 401));
  t_zoo_add(g, p, 401);                 /* an animal with no script */
  assert_string_equal(t_run_lua(g, chunk, p, why, sizeof why), "");
  t_zoo_add(g, p, 229);                 /* Expert in Small Animals: a cost modifier */
  assert_string_equal(t_run_lua(g,
    "local l = KNOWN_OF(...)\n"
    "if l == KEPT_LISTS then return 'kept past a card with a script' end\n"
    "if l.modify_animal_cost[2] ~= 2 then return 'no cost modifier listed' end\n",
    p, why, sizeof why), "");
  assert_string_equal(t_run_lua(g, KNOWN_LISTS, p, why, sizeof why), "");
  ark_game_free(g);
}

/* has_bit(mask, i) (rules/lib.lua), with no math.floor: floor(mask / 2^i)
** odd, for masks below zero, above 2^16 and not whole too. */
static void test_has_bit(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  char why[256];
  assert_string_equal(t_run_lua(g,
    "for _, m in ipairs({ 0, 1, 2, 3, 5, 127, 128, 255, 1023, 65535, 65536, 70000,\n"
    "                     -1, -2, -7, -128, 2.5, 7.75, -3.5 }) do\n"
    "  for i = 0, 17 do\n"
    "    local want = math.floor(m / 2 ^ i) % 2 == 1\n"
    "    if has_bit(m, i) ~= want then\n"
    "      return 'has_bit(' .. m .. ', ' .. i .. ') is ' .. tostring(not want)\n"
    "    end\n"
    "  end\n"
    "end\n",
    0, why, sizeof why), "");
  ark_game_free(g);
}

/* fact(id, key) in a script's environment: a scalar fact as it is, a
** table-valued one as a fresh copy (changing it changes no card), and
** the same for every card once a key was read. */
static void test_fact_copies_tables(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  char chunk[1024], why[256];
  int lion = t_card(g, 401);
  snprintf(chunk, sizeof chunk,
    "local env = make_card_env()\n"
    "local fact = env.fact\n"
    "if fact(%d, 'size') ~= CARDS[%d].size then return 'size' end\n"
    "local icons = fact(%d, 'icons')\n"
    "if type(icons) ~= 'table' or icons == CARDS[%d].icons then return 'icons not a copy' end\n"
    "icons.zzz = 5\n"
    "if CARDS[%d].icons.zzz ~= nil then return 'the card changed' end\n"
    "local again = fact(%d, 'abilities')\n"
    "if type(again) ~= 'table' or again == CARDS[%d].abilities then return 'abilities' end\n"
    "if fact(%d, 'no_such_fact') ~= nil then return 'no such fact' end\n",
    lion, lion, lion, lion, lion, lion, lion, lion);
  assert_string_equal(t_run_lua(g, chunk, 0, why, sizeof why), "");
  ark_game_free(g);
}

/* ark.zoo_stamp in a query: a number while no script of the family ran too
** long, nil once one of the zoo's did (the zoo cards are looked at only
** then). */
static void test_zoo_stamp_in_query(void **st) {
  (void)st;
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.card_dirs[0] = ARK_SOURCE_DIR "/tests/hostile/query-loop";
  cfg.script_ms = 50;
  ark_game *g = t_new_game_cfg(&cfg);
  t_to_first_turn(g);
  int p = g->s.cur, out[256];
  add_query(g, "t_stamp", "function(p) return { ark.zoo_stamp(p) or -1 } end");
  t_zoo_add(g, p, 1001);
  t_give(g, p, 401);
  assert_int_equal(ark_game_query(g, "t_stamp", p, out, 256), 1);
  assert_true(out[0] > 0);
  ark_game *c = ark_game_clone(g);
  assert_int_equal(ark_game_query(c, "t_stamp", p, out, 256), 1);
  assert_true(out[0] > 0);
  /* the looping modifier of 1001 runs out of time: the family marks it */
  assert_int_equal(ark_game_query(g, "animals", p, out, 256), -1);
  assert_int_equal(ark_game_query(g, "t_stamp", p, out, 256), 1);
  assert_int_equal(out[0], -1);
  assert_int_equal(ark_game_query(c, "t_stamp", p, out, 256), 1);
  assert_int_equal(out[0], -1);
  /* the other seat's zoo holds none of it */
  assert_int_equal(ark_game_query(g, "t_stamp", 1 - p, out, 256), 1);
  assert_true(out[0] > 0);
  ark_game_free(c);
  ark_game_free(g);
}

/* A clone inside a step's first coroutine (the draft with
** discard_from_hand replaced, as a plugin may: its discards are then plain
** decisions, none of which ends the coroutine) runs the step again from
** its snapshot and takes the snapshot itself: it holds the original's
** snapshot and state, and each answer plays on as on the original. */
static void test_clone_in_first_coroutine(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 5, "A");
  if (luaL_dostring(g->c->L, "local plain = discard_from_hand\n"
                             "discard_from_hand = function(...) return plain(...) end") != 0)
    fail_msg("%s", lua_tostring(g->c->L, -1));
  char msg[128];
  int checked = 0;
  for (int k = 0; k < 12 && ark_game_process(g) == ARK_AWAITING; k++) {
    const ark_decision *d = ark_game_decision(g);
    int pick = k % d->noptions;
    if (g->co_ref >= 0 && !g->based) {
      ark_game *c = ark_game_clone(g);
      assert_non_null(c);
      assert_true(ark_state_same(c->snap, g->snap));
      assert_true(ark_state_same(&c->s, &g->s));
      assert_int_equal(ark_game_answer(c, pick, msg, sizeof msg), ARK_OK);
      assert_int_equal(ark_game_answer(g, pick, msg, sizeof msg), ARK_OK);
      ark_game_process(c);
      ark_game_process(g);
      assert_true(ark_game_log_hash(c) == ark_game_log_hash(g));
      assert_true(ark_state_same(&c->s, &g->s));
      assert_true(ark_state_same(c->snap, g->snap));
      ark_game_free(c);
      checked++;
    } else {
      assert_int_equal(ark_game_answer(g, pick, msg, sizeof msg), ARK_OK);
    }
  }
  assert_true(checked > 2);
  ark_game_free(g);
}

/* The draft's discards end the step's coroutine (discard_then), so that a
** clone there is a copy that runs no Lua; answered alike, the copy plays
** on as the original does. */
static void test_draft_discards_are_copies(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 5, "A");
  int drafted = 0;
  while (ark_game_process(g) == ARK_AWAITING &&
         strcmp(ark_game_decision(g)->tag, "card.discard") == 0) {
    const ark_decision *d = ark_game_decision(g);
    assert_true(g->cont);
    ark_game *c = ark_game_clone(g);
    assert_non_null(c);
    assert_true(ark_state_same(&c->s, &g->s));
    ark_game_free(c);
    t_answer_beside_clone(g, drafted % d->noptions);
    drafted++;
  }
  assert_int_equal(drafted, 8);      /* 2 players, 8 cards each, 4 kept */
  ark_game_free(g);
}

/* The check of kept state finds every kind of change to a table the
** script keeps (a field changed, added, removed, one swapped for another
** with the count the same, its metatable) and to an upvalue, names it,
** and puts it back; an unchanged script passes, NaN equal to itself. */
static const char *const KEEPER =
  "local count, nan = 0, 0/0\n"
  "local seen = { a = 1, b = 2 }\n"
  "local M = {}\n"
  "function M.get() return count, seen.a, seen.b, seen.c, getmetatable(seen), nan end\n"
  "function M.inc() count = count + 1 end\n"
  "function M.nan() nan = 0/0 end\n"
  "function M.swap() seen.a = nil; seen.c = 1 end\n"
  "function M.set() seen.a = 5 end\n"
  "function M.add() seen.d = 1 end\n"
  "function M.del() seen.b = nil end\n"
  "function M.meta() setmetatable(seen, {}) end\n"
  "return M\n";

static int check_after(lua_State *L, const char *fn, char *name, size_t n) {
  int line = 0;
  lua_getglobal(L, "M");
  lua_getfield(L, -1, fn);
  if (lua_pcall(L, 0, 0, 0) != 0) fail_msg("%s", lua_tostring(L, -1));
  lua_pop(L, 1);
  ark_state_push_store(L);
  int changed = ark_state_check(L, lua_gettop(L), 7, name, n, &line);
  lua_pop(L, 1);
  return changed;
}

/* A Lua state with an empty sealed set (what ark_state_record reads) and
** the script src loaded as chunk `name`, its function on the stack. */
static lua_State *keeper_state(const char *src, const char *name) {
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  assert_int_equal(luaL_dostring(L, "SANDBOX = { sealed = {} }"), 0);
  assert_int_equal(luaL_loadbuffer(L, src, strlen(src), name), 0);
  return L;
}

static void test_kept_state_check(void **st) {
  (void)st;
  lua_State *L = keeper_state(KEEPER, "@keeper.lua");
  assert_int_equal(lua_pcall(L, 0, 1, 0), 0);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "M");
  lua_newtable(L);                       /* the roots: the returned table */
  lua_insert(L, -2);
  lua_setfield(L, -2, "return");
  assert_int_equal(ark_state_record(L, 7, -1, "@keeper.lua", 0, 0), 1);
  lua_pop(L, 1);
  char name[80];
  assert_int_equal(check_after(L, "get", name, sizeof name), 0);
  assert_int_equal(check_after(L, "nan", name, sizeof name), 0);
  static const char *const table_changes[] = { "swap", "set", "add", "del", "meta" };
  for (size_t i = 0; i < sizeof table_changes / sizeof table_changes[0]; i++) {
    name[0] = '\0';
    assert_int_equal(check_after(L, table_changes[i], name, sizeof name), 1);
    assert_string_equal(name, "seen");
    assert_int_equal(check_after(L, "get", name, sizeof name), 0);   /* put back */
  }
  assert_int_equal(check_after(L, "inc", name, sizeof name), 1);
  assert_string_equal(name, "upvalue 'count'");
  lua_getglobal(L, "M");
  lua_getfield(L, -1, "get");
  assert_int_equal(lua_pcall(L, 0, 5, 0), 0);
  assert_int_equal(lua_tointeger(L, -5), 0);
  assert_int_equal(lua_tointeger(L, -4), 1);
  assert_int_equal(lua_tointeger(L, -3), 2);
  assert_true(lua_isnil(L, -2) && lua_isnil(L, -1));
  lua_close(L);
}

/* Given the loaded chunk, a local that no function of the file assigns is
** not recorded (nothing can change it), while one that a closure assigns,
** even a closure inside another, still is and its change is found.  With
** LuaJIT (no dump to read) every upvalue is recorded. */
static const char *const LOCALS =
  "local K, n, m = 5, 0, 0\n"
  "local function get() return K end\n"
  "local function inc() n = n + 1 end\n"
  "local function outer() return function() m = m + 1 end end\n"
  "return get, inc, outer\n";

static int record_only(lua_State *L, int key, int fn, const char *root, int value) {
  lua_newtable(L);
  lua_pushvalue(L, value);
  lua_setfield(L, -2, root);
  int r = ark_state_record(L, key, -1, "@locals.lua", fn, 0);
  lua_pop(L, 1);
  return r;
}

static void test_kept_state_assigned_locals(void **st) {
  (void)st;
  lua_State *L = keeper_state(LOCALS, "@locals.lua");
  int fn = lua_gettop(L);
  lua_pushvalue(L, fn);
  assert_int_equal(lua_pcall(L, 0, 3, 0), 0);     /* get, inc, outer at fn+1..fn+3 */
#if !defined(ARK_LUAJIT) && LUA_VERSION_NUM == 504
  assert_int_equal(record_only(L, 8, fn, "get", fn + 1), 0);
#else
  assert_int_equal(record_only(L, 8, fn, "get", fn + 1), 1);
#endif
  assert_int_equal(record_only(L, 8, 0, "get", fn + 1), 1);     /* no chunk: all kept */
  assert_int_equal(record_only(L, 9, fn, "inc", fn + 2), 1);
  assert_int_equal(record_only(L, 10, fn, "outer", fn + 3), 1);
  char name[80];
  int line = 0;
  ark_state_push_store(L);
  int store = lua_gettop(L);
  assert_int_equal(ark_state_check(L, store, 9, name, sizeof name, &line), 0);
  lua_pushvalue(L, fn + 2);
  assert_int_equal(lua_pcall(L, 0, 0, 0), 0);
  assert_int_equal(ark_state_check(L, store, 9, name, sizeof name, &line), 1);
  assert_string_equal(name, "upvalue 'n'");
  lua_pushvalue(L, fn + 3);
  assert_int_equal(lua_pcall(L, 0, 1, 0), 0);
  assert_int_equal(lua_pcall(L, 0, 0, 0), 0);     /* the inner closure: m = m + 1 */
  assert_int_equal(ark_state_check(L, store, 10, name, sizeof name, &line), 1);
  assert_string_equal(name, "upvalue 'm'");
  assert_int_equal(ark_state_check(L, store, 10, name, sizeof name, &line), 0);  /* put back */
  lua_close(L);
}

/* The tables of skip are not walked: a script that holds one (a plugin
** holding a rules table) has nothing recorded for it, and a change to it
** is not the script's; the same table not in skip is recorded and its
** change found. */
static const char *const HOLDER =
  "local rules = RULES_TABLE\n"
  "local function f() return rules.x end\n"
  "return f\n";

static void test_kept_state_skip(void **st) {
  (void)st;
  lua_State *L = keeper_state(HOLDER, "@holder.lua");
  int fn = lua_gettop(L);
  assert_int_equal(luaL_dostring(L, "RULES_TABLE = { x = 1, y = { 2 } }"), 0);
  lua_pushvalue(L, fn);
  assert_int_equal(lua_pcall(L, 0, 1, 0), 0);     /* f at fn + 1 */
  lua_newtable(L);                                /* skip: RULES_TABLE */
  int skip = lua_gettop(L);
  lua_getglobal(L, "RULES_TABLE");
  lua_pushboolean(L, 1);
  lua_rawset(L, skip);
  lua_newtable(L);
  lua_pushvalue(L, fn + 1);
  lua_setfield(L, -2, "f");
#if !defined(ARK_LUAJIT) && LUA_VERSION_NUM == 504
  assert_int_equal(ark_state_record(L, 11, -1, "@holder.lua", fn, skip), 0);
#else
  /* every upvalue is recorded (which table it holds), not the table's fields */
  assert_int_equal(ark_state_record(L, 11, -1, "@holder.lua", fn, skip), 1);
#endif
  assert_int_equal(ark_state_record(L, 12, -1, "@holder.lua", fn, 0), 1);
  assert_int_equal(luaL_dostring(L, "RULES_TABLE.x = 3"), 0);
  char name[80];
  int line = 0;
  ark_state_push_store(L);
  int store = lua_gettop(L);
  assert_int_equal(ark_state_check(L, store, 11, name, sizeof name, &line), 0);
  assert_int_equal(ark_state_check(L, store, 12, name, sizeof name, &line), 1);
  assert_string_equal(name, "rules");
  lua_close(L);
}

/* A clone of a search view (what the AIs clone) shares its original's
** snapshot and the state its continuation began from: whatever either then
** does (new steps, new continuations) leaves the other's as it was, and
** both play on alike (games until 20 such clones were made, up to 40,
** with the plain plugin: t_new_game_plain).
** (A game that keeps its log keeps no such start, docs/design.md:
** test_clone.c clones one inside its continuations.) */
static void test_shared_snapshot(void **st) {
  (void)st;
  static ark_state snap, base;
  char msg[128];
  int checked = 0, based = 0;
  for (uint64_t seed = 9; seed <= 48 && (checked <= 20 || based <= 5); seed++) {
    ark_game *real = t_new_game_plain(2, seed, "A");
    ark_game *g = ark_game_search_view(real, 0, 3);
    ark_game_free(real);
    uint64_t rng = 5;
    for (int k = 0; k < 3000 && ark_game_process(g) == ARK_AWAITING; k++) {
      if (g->co_ref < 0) {
        t_random_answer(g, &rng);
        continue;
      }
      ark_game *c = ark_game_clone(g);
      assert_non_null(c);
      assert_ptr_equal(c->snap, g->snap);
      snap = *g->snap;
      if (g->based) {
        assert_false(g->base_lazy);
        assert_ptr_equal(c->base, g->base);
        base = *g->base;
        based++;
      }
      int was_based = g->based, ans[4], n = 0;
      for (; n < 4 && ark_game_process(g) == ARK_AWAITING; n++) ans[n] = t_random_answer(g, &rng);
      ark_game_process(g);
      assert_true(ark_state_same(c->snap, &snap));
      if (was_based) assert_true(ark_state_same(c->base, &base));
      for (int i = 0; i < n; i++) {
        ark_game_process(c);
        assert_int_equal(ark_game_answer(c, ans[i], msg, sizeof msg), ARK_OK);
      }
      ark_game_process(c);
      assert_true(ark_state_same(&c->s, &g->s));
      assert_true(ark_game_log_hash(c) == ark_game_log_hash(g));
      ark_game_free(c);
      checked++;
    }
    ark_game_free(g);
  }
  print_message("%d clones in running steps, %d from a continuation's start\n", checked, based);
  assert_true(checked > 20 && based > 5);
}

/* ark_game_count_buildings counts the zoo's buildings of one kind, the
** same after one is taken off the map (the AI's value counts pavilions). */
static void test_count_buildings(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int nb = g->s.p[0].zoo_map.nb;          /* what the game has built so far */
  int pav0 = ark_game_count_buildings(g, 0, "pavilion");
  int kiosk0 = ark_game_count_buildings(g, 0, "kiosk");
  int pav = t_put_fitting(g, 0, "pavilion", 0, 0);
  t_put_fitting(g, 0, "kiosk", 0, 0);
  t_put_fitting(g, 0, "pavilion", 0, 0);
  assert_int_equal(g->s.p[0].zoo_map.nb, nb + 3);
  assert_int_equal(ark_game_count_buildings(g, 0, "pavilion"), pav0 + 2);
  assert_int_equal(ark_game_count_buildings(g, 0, "kiosk"), kiosk0 + 1);
  assert_int_equal(ark_game_count_buildings(g, 0, "no-such-building"), 0);
  ark_map_remove(&g->s.p[0].zoo_map, pav);
  assert_int_equal(ark_game_count_buildings(g, 0, "pavilion"), pav0 + 1);
  assert_int_equal(ark_game_count_buildings(g, 0, "kiosk"), kiosk0 + 1);
  ark_game_free(g);
}

/* Is the function named `name` (a global) on the stack of g's suspended
** step, that is: was the pending decision asked from under it? */
static int asked_under(ark_game *g, const char *name) {
  lua_State *L = g->c->L, *co = g->co;
  int found = 0;
  if (g->co_ref < 0 || !co) return 0;
  lua_getglobal(L, name);
  lua_Debug ar;
  for (int lv = 0; !found && lua_getstack(co, lv, &ar); lv++) {
    lua_getinfo(co, "f", &ar);
    lua_xmove(co, L, 1);
    found = lua_rawequal(L, -1, -2);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return found;
}

/* The rules' fire, fire_own and modify: in the Lua 5.4 build C functions
** (ark.events_fn), which play the same games as the Lua ones
** (FIRE_IN_LUA...: LuaJIT's), random games on four maps, two to four
** players: the same decisions, answers, log and state throughout.  Card
** and map handlers choose from under them (a yield across the C: in every
** other game the handlers' last-call forms are taken away, so that the
** Experts' offers are asked there), and some of those games are cloned
** there, to be replayed. */
static void test_events_in_c(void **st) {
  (void)st;
  static const struct { int players; uint64_t seed; const char *map; } games[] = {
    { 2, 1, NULL }, { 2, 2, NULL }, { 3, 5, "2" }, { 2, 7, "6" }, { 4, 9, "8" }, { 2, 12, "4" }
  };
  static const char *const LUA_ONES =
    "fire, fire_own, modify = FIRE_IN_LUA, FIRE_OWN_IN_LUA, MODIFY_IN_LUA";
  static const char *const NO_LAST_FORMS = "for k in pairs(HANDLER_LAST) do HANDLER_LAST[k] = nil end";
  int under[2] = { 0, 0 }, clones = 0;
  char why[256], msg[128];
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    ark_game *a = t_new_game(games[i].players, games[i].seed, games[i].map);
    ark_game *b = t_new_game(games[i].players, games[i].seed, games[i].map);
    lua_State *L = a->c->L;
    lua_getglobal(L, "fire");
    lua_getglobal(L, "FIRE_IN_LUA");
#ifdef ARK_LUAJIT
    assert_true(lua_rawequal(L, -1, -2));      /* LuaJIT: the Lua ones */
#else
    assert_true(lua_iscfunction(L, -2));
#endif
    lua_pop(L, 2);
    assert_string_equal(t_run_lua(b, LUA_ONES, 0, why, sizeof why), "");
    if (i % 2) {      /* the Experts' offers from under fire, not as its last call */
      assert_string_equal(t_run_lua(a, NO_LAST_FORMS, 0, why, sizeof why), "");
      assert_string_equal(t_run_lua(b, NO_LAST_FORMS, 0, why, sizeof why), "");
    }
    uint64_t rng = games[i].seed * 77;
    int k = 0;
    for (; ark_game_process(a) == ARK_AWAITING; k++) {
      assert_int_equal(ark_game_process(b), ARK_AWAITING);
      const ark_decision *da = ark_game_decision(a), *db = ark_game_decision(b);
      assert_string_equal(da->tag, db->tag);
      assert_int_equal(da->noptions, db->noptions);
      int pick = (int)(ark_rng_mix(&rng) % (uint64_t)da->noptions);
      int u = asked_under(a, "fire") || asked_under(a, "fire_own");
      under[0] += asked_under(a, "fire");
      under[1] += asked_under(a, "fire_own");
      if (u && clones < 40) {                   /* a clone there replays the step */
        t_answer_beside_clone(a, pick);
        clones++;
      } else {
        assert_int_equal(ark_game_answer(a, pick, msg, sizeof msg), ARK_OK);
      }
      assert_int_equal(ark_game_answer(b, pick, msg, sizeof msg), ARK_OK);
    }
    assert_int_equal(ark_game_process(a), ARK_END);
    assert_int_equal(ark_game_process(b), ARK_END);
    assert_true(ark_state_same(&a->s, &b->s));
    assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
    ark_game_free(a);
    ark_game_free(b);
  }
  print_message("decisions asked from under fire %d, fire_own %d; %d clones there\n", under[0],
                under[1], clones);
#ifndef ARK_LUAJIT
  assert_true(under[0] > 0 && under[1] > 0 && clones > 10);
#endif
}

/* ark.events_fn's three functions over a handler list that a test's miss
** gives every seat (a recorder, id 100 + seat): fire asks each seat from p
** on, p wrapping as the Lua's (p + i) % n, from the current player when p
** is nil or false, and hands p on as given; fire_own asks p's alone;
** modify gives the value back untouched with no handler, else what the
** rules' apply_modifiers makes of the handlers' answers. */
static void test_events_fn_arguments(void **st) {
  (void)st;
#ifdef ARK_LUAJIT
  skip();                                       /* LuaJIT keeps the Lua ones */
#endif
  ark_game *g = t_game(2, 11, "A");
  char why[256];
  assert_string_equal(t_run_lua(g,
    "local cur = ...\n"
    "local seen = {}\n"
    "local function rec(a, b, c, d) seen[#seen + 1] = tostring(a) .. ' ' .. tostring(b) ..\n"
    "  ' ' .. tostring(c) .. ' ' .. tostring(d) end\n"
    "local function miss(owner, key)\n"
    "  if key == 'modify_none' then return {}, 0 end\n"
    "  if key == 'modify_m' then return { function(p, id, v, x) return v + id end, 100 + owner }, 2 end\n"
    "  return { rec, 100 + owner }, 2\n"
    "end\n"
    "local keys = setmetatable({}, { __index = function(t, k) return 'modify_' .. k end })\n"
    "local fire, fire_own, modify = ark.events_fn({}, miss, keys)\n"
    "local function got(want)\n"
    "  local s = table.concat(seen, ', ')\n"
    "  seen = {}\n"
    "  if s ~= want then error('got ' .. s .. ', not ' .. want, 2) end\n"
    "end\n"
    "fire('e', 5, 'x')\n"
    "got('1 101 5 x, 0 100 5 x')\n"
    "fire('e', 0)\n"
    "got('0 100 0 nil, 1 101 0 nil')\n"
    "fire('e', -1)\n"
    "got('1 101 -1 nil, 0 100 -1 nil')\n"
    "fire('e', nil, 'y')\n"
    "got(cur .. ' ' .. (100 + cur) .. ' nil y, ' .. (1 - cur) .. ' ' .. (101 - cur) .. ' nil y')\n"
    "fire('e', false)\n"
    "got(cur .. ' ' .. (100 + cur) .. ' false nil, ' .. (1 - cur) .. ' ' .. (101 - cur) .. ' false nil')\n"
    "fire_own('e', 1, 'z', 'w')\n"
    "got('1 101 z w')\n"
    "if modify('none', 1, 7) ~= 7 then error('modify with no handler') end\n"
    "if modify('m', 1, 7, 'q') ~= 108 then error('modify: ' .. tostring(modify('m', 1, 7))) end\n",
    g->s.cur, why, sizeof why), "");
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_count_buildings),
    cmocka_unit_test(test_keyed_tables),
    cmocka_unit_test(test_zoo_handlers),
    cmocka_unit_test(test_zoo_known_as_lua),
    cmocka_unit_test(test_zoo_known_kept),
    cmocka_unit_test(test_has_bit),
    cmocka_unit_test(test_fact_copies_tables),
    cmocka_unit_test(test_zoo_stamp_in_query),
    cmocka_unit_test(test_clone_in_first_coroutine),
    cmocka_unit_test(test_draft_discards_are_copies),
    cmocka_unit_test(test_kept_state_check),
    cmocka_unit_test(test_kept_state_assigned_locals),
    cmocka_unit_test(test_kept_state_skip),
    cmocka_unit_test(test_shared_snapshot),
    cmocka_unit_test(test_events_in_c),
    cmocka_unit_test(test_events_fn_arguments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
