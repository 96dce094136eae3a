/*
** test_sandbox.c - untrusted card scripts: every escape and fault is
** stopped with a message naming the file and line, the game undoes the
** step, switches that script off and goes on; the process never crashes.
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "support.h"
#include "luacompat.h"
#include "sandbox.h"
#include "watchdog.h"
#ifdef ARK_LUAJIT
#include <luajit.h>
#endif
#include "map.h"
#include "zone.h"

static char dir[256];

/* A fan animal (number 1001, size 1, cost 1) whose on_play is `body`. */
static void write_card(const char *body) {
  char path[512];
  snprintf(dir, sizeof dir, "/tmp/ark-sandbox-XXXXXX");
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/1001-test.yaml", dir);
  FILE *f = fopen(path, "w");
  fprintf(f, "number: 1001\nname: Test Beast\ntype: animal\n"
             "description: \"A test card.\"\ncost: 1\nsize: 1\nappeal: 2\n");
  fclose(f);
  snprintf(path, sizeof path, "%s/1001-test.lua", dir);
  f = fopen(path, "w");
  fprintf(f, "local card = {}\nfunction card.on_play(p, id)\n%s\nend\nreturn card\n", body);
  fclose(f);
}

static void cleanup(void) {
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) print_error("cannot remove %s\n", dir);
}

/* A game with the fan content of `dir`: cards (map NULL) or a map. */
static ark_game *game_with(const char *map, int ms, int mb) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  if (map) {
    cfg.map_dirs[0] = dir;
    cfg.map = map;
  } else {
    cfg.card_dirs[0] = dir;
  }
  cfg.script_ms = ms;
  cfg.script_mb = mb;
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  return g;
}

static ark_game *game_with_card(int ms, int mb) { return game_with(NULL, ms, mb); }

/* Plays the fan card with the Animals action into a free size-1 enclosure. */
static void play_card(ark_game *g) {
  t_to_first_turn(g);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_give(g, p, 1001);
  pl->money = 20;
  pl->slot[0] = ARK_ACT_BUILD; pl->slot[1] = ARK_ACT_ANIMALS;
  pl->slot[2] = ARK_ACT_CARDS; pl->slot[3] = ARK_ACT_ASSOCIATION;
  pl->slot[4] = ARK_ACT_SPONSORS;
  ark_place pc = { 1, { ARK_CELL(4, 5) }, 0, 0 };
  ark_map_place(&pl->zoo_map, ark_content_find_building(g->c, "size-1"), &pc);
  t_restart(g);
  t_expect(g, "action", p);
  t_answer_match(g, "Animals I at strength 2");
  /* map A's start enclosure fits too: take the new size-1 */
  t_expect(g, "animals.enclosure", p);
  t_answer_match(g, "into size-1");
}

static int log_has(ark_game *g, const char *needle) {
  char line[1024];
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    if (strstr(line, needle)) return 1;
  }
  return 0;
}

/* Card 1001 with handler `body` played: its script runs to its end (the
** first stop's text fails the test) and logs `want`, else `why` fails it. */
static void expect_logged(const char *body, const char *want, const char *why) {
  write_card(body);
  ark_game *g = game_with_card(0, 0);
  play_card(g);
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  if (ark_game_script_stopped(g)) fail_msg("%s", ark_game_first_stop(g));
  if (!log_has(g, want)) fail_msg("%s", why);
  ark_game_free(g);
  cleanup();
}

/* The fault is reported with file:line, the step is undone, the script is
** switched off, and the game can be played to its end. */
static void expect_stopped(const char *body, const char *what, int ms, int mb) {
  write_card(body);
  ark_game *g = game_with_card(ms, mb);
  int p;
  play_card(g);
  p = g->s.cur;
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  assert_true(ark_game_script_stopped(g));
  char where[300];
  snprintf(where, sizeof where, "%s/1001-test.lua:", dir);
  if (!log_has(g, where) || !log_has(g, what)) {
    for (int i = 0; i < ark_game_nevents(g); i++) {
      char line[1024];
      ark_event_text(g, ark_game_event(g, i), line, sizeof line);
      print_error("%s\n", line);
    }
    fail_msg("log lacks '%s' or '%s'", where, what);
  }
  /* undone: the same player chooses the action again, card still in hand */
  t_expect(g, "action", p);
  assert_true(ark_zone_hand_find(g, p, t_card(g, 1001)) >= 0);
  /* played again, the card now works without its script */
  t_answer_match(g, "Animals I at strength 2");
  t_expect(g, "animals.enclosure", p);
  t_answer_match(g, "into size-1");
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  assert_true(ark_zone_zoo_find(g, p, t_card(g, 1001)) >= 0);
  assert_int_equal(t_play_random(g, 5, 0), ARK_END);
  ark_game_free(g);
  cleanup();
}

static void test_runtime_error(void **st) {
  (void)st;
  expect_stopped("  local t = nil\n  return t.x", "attempt to index", 0, 0);
}

static void test_endless_loop(void **st) {
  (void)st;
  expect_stopped("  while true do end", "ran longer than", 200, 0);
}

static void test_endless_loop_in_pcall(void **st) {
  (void)st;
  expect_stopped("  while true do pcall(function() while true do end end) end",
                 "ran longer than", 200, 0);
}

static void test_memory_bomb(void **st) {
  (void)st;
#ifdef ARK_LUAJIT
  const char *what = "MiB";
#else
  const char *what = "out of memory";
#endif
  expect_stopped("  local t = {}\n  local i = 0\n  while true do i = i + 1; t[i] = {i, i, i} end",
                 what, 5000, 64);
}

/* type() names each kind of value as Lua's own does, light userdata
** "userdata" too, and given no value it fails with Lua's message. */
static void test_type_names(void **st) {
  (void)st;
  static const char *const want[] = { "nil", "boolean", "userdata", "number", "string",
                                      "table", "function", "userdata", "thread" };
  lua_State *L = luaL_newstate();
  ark_sandbox_libs(L);
  for (int t = 0; t < 9; t++) {
    lua_getglobal(L, "type");
    switch (t) {
    case 0: lua_pushnil(L); break;
    case 1: lua_pushboolean(L, 0); break;
    case 2: lua_pushlightuserdata(L, L); break;
    case 3: lua_pushinteger(L, 3); break;
    case 4: lua_pushliteral(L, "s"); break;
    case 5: lua_newtable(L); break;
    case 6: lua_getglobal(L, "print"); break;
    case 7: lua_newuserdata(L, 8); break;
    default: lua_newthread(L); break;
    }
    assert_int_equal(lua_pcall(L, 1, 1, 0), 0);
    assert_string_equal(lua_tostring(L, -1), want[t]);
    lua_pop(L, 1);
  }
  assert_int_not_equal(luaL_dostring(L, "return type()"), 0);
#ifndef ARK_LUAJIT
  assert_non_null(strstr(lua_tostring(L, -1), "bad argument #1 to 'type' (value expected)"));
#else
  /* LuaJIT's own type (kept there) names no function in a tail call */
  assert_non_null(strstr(lua_tostring(L, -1), "bad argument #1 to '?' (value expected)"));
#endif
  lua_close(L);
}

/* The watchdog looks at a slot, then hooks its resume; if that resume
** ends and the same thread's next one takes the slot in between, the next
** one must still be watched: its endless loop is stopped at its budget
** (left unwatched, it would run its 2 s to the end). */
static void test_watchdog_slot_taken_between(void **st) {
  (void)st;
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
#ifdef ARK_LUAJIT
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);   /* hooks reach no compiled loop */
#endif
  lua_State *co = lua_newthread(L);
  int a = ark_wd_enter(co, 0.2, 0);
  uint64_t seen = ark_wd_test_epoch(a);
  assert_int_equal(ark_wd_leave(a, co), ARK_WD_NONE);
  int b = ark_wd_enter(co, 0.2, 0);
  assert_int_equal(b, a);                /* a thread takes its last slot again */
  ark_wd_test_hook(b, seen);             /* the look that saw the first resume */
  assert_int_equal(luaL_loadstring(co, "local t = os.clock() while os.clock() - t < 2 do end"),
                   0);
  int nres = 0;
  int rc = ark_resume(co, L, 0, &nres);
  int why = ark_wd_leave(b, co);
  assert_int_equal(rc, LUA_ERRRUN);
  assert_int_equal(why, ARK_WD_TIME);
  assert_non_null(strstr(lua_tostring(co, -1), "ran longer than 200 ms"));
  lua_close(L);
}

/* Lua's names a script has not: the stop says so at the line that reads
** one (it was Lua's "attempt to index a nil value (global 'os')"). */
#define MISSING(name) "1001-test.lua:3: '" name "' is not available to card and map scripts, " \
  "which cannot reach outside the game (docs/lua-api.md lists what they may use)"

static void test_io(void **st) {
  (void)st;
  expect_stopped("  io.open('/etc/passwd')", MISSING("io"), 0, 0);
}

static void test_os(void **st) {
  (void)st;
  expect_stopped("  os.exit(1)", MISSING("os"), 0, 0);
}

static void test_debug(void **st) {
  (void)st;
  expect_stopped("  debug.sethook()", MISSING("debug"), 0, 0);
}

static void test_load(void **st) {
  (void)st;
  expect_stopped("  load('return 1')()", MISSING("load"), 0, 0);
}

static void test_require(void **st) {
  (void)st;
  expect_stopped("  require('os')", MISSING("require"), 0, 0);
}

static void test_missing_names(void **st) {
  (void)st;
  expect_stopped("  dofile('/etc/passwd')", MISSING("dofile"), 0, 0);
  expect_stopped("  local co = coroutine.create(print)", MISSING("coroutine"), 0, 0);
  expect_stopped("  collectgarbage()", MISSING("collectgarbage"), 0, 0);
  expect_stopped("  local f = pcall(function() return os.time() end) or os", MISSING("os"), 0, 0);
}

/* Any other name the script never set still reads as nil: the card plays
** with its script on. */
static void test_unknown_global_is_nil(void **st) {
  (void)st;
  write_card("  if undefined_name ~= nil or osx ~= nil or _G.ios ~= nil then error('set') end\n"
             "  gain(p, 'money', 1)");
  ark_game *g = game_with_card(0, 0);
  play_card(g);
  int p = g->s.cur;
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  assert_false(ark_game_script_stopped(g));
  assert_true(ark_zone_zoo_find(g, p, t_card(g, 1001)) >= 0);
  assert_int_equal(g->s.p[p].money, 20 - 1 + 1);      /* its cost, then the script's gain */
  ark_game_free(g);
  cleanup();
}

static void test_string_metatable(void **st) {
  (void)st;
  expect_stopped("  getmetatable('').__index = {}", "index", 0, 0);
}

/* A card's memo holds 16 bits: a value beyond is refused with file:line. */
static void test_memo_range(void **st) {
  (void)st;
  expect_stopped("  ark.memo(id, 70000)", "memo out of -32768..32767", 0, 0);
}

/* ark.set writes only the fields docs/lua-api.md lists: a track is refused
** by name, with file:line (tracks change through gain, pay or ark.add). */
static void test_set_refuses_tracks(void **st) {
  (void)st;
  expect_stopped("  ark.set(p, 'money', 99)", "ark.set: field 'money' is not writable", 0, 0);
}

/* A fan map whose ability fails at the first break: the fault is reported
** with file:line, that map's script is switched off (once, not at every
** break), and the game plays to its end. */
static void test_map_script_stopped(void **st) {
  (void)st;
  char path[512], cmd[600];
  snprintf(dir, sizeof dir, "/tmp/ark-sandbox-XXXXXX");
  assert_non_null(mkdtemp(dir));
  snprintf(cmd, sizeof cmd,
           "sed -e 's/^id: .*/id: \"T9\"/' -e 's/^name: .*/name: \"Broken Garden\"/' "
           "%s/examples/fan-map/F1-botanical-garden.yaml > %s/T9-broken.yaml",
           ARK_SOURCE_DIR, dir);
  assert_int_equal(system(cmd), 0);
  snprintf(path, sizeof path, "%s/T9-broken.lua", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f, "local map = {}\nfunction map.income(p)\n  local t = nil\n  return t.x\nend\n"
             "return map\n");
  fclose(f);
  ark_game *g = game_with("T9", 0, 0);
  assert_int_equal(t_play_random(g, 9, 1), ARK_END);
  assert_true(ark_game_script_stopped(g));
  char where[300], line[1024];
  snprintf(where, sizeof where, "%s/T9-broken.lua:4:", dir);
  int reports = 0;
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    if (strstr(line, "script of map Broken Garden stopped")) {
      reports++;
      assert_non_null(strstr(line, where));
    }
  }
  assert_int_equal(reports, 1);
  ark_game_free(g);
  cleanup();
}

/* A script cannot change what other scripts see: a handler that writes a
** global or a library table is stopped at that line (a script keeps no
** state between calls), and the other cards' scripts, which use the same
** names, play on to the end of the game. */
static void test_no_shared_writes(void **st) {
  (void)st;
  expect_stopped("  gain = nil", "cannot set global 'gain'", 0, 0);
  expect_stopped("  ark.add = nil", "ark is read-only", 0, 0);
  expect_stopped("  math.floor = nil", "math is read-only", 0, 0);
  expect_stopped("  string.rep = nil", "string is read-only", 0, 0);
}

/* math.random comes from the game's generator: same seed, same numbers. */
static void test_deterministic_random(void **st) {
  (void)st;
  write_card("  gain(p, 'money', math.random(1, 1000))");
  uint64_t h[2];
  for (int k = 0; k < 2; k++) {
    ark_game *g = game_with_card(0, 0);
    play_card(g);
    assert_int_equal(ark_game_process(g), ARK_AWAITING);
    h[k] = ark_game_log_hash(g);
    ark_game_free(g);
  }
  assert_true(h[0] == h[1]);
  cleanup();
}

/* math.random draws any range of up to 2^53 numbers from the game's
** generator: 2^32 + 3 faces give more than 1..3 and 2^32 faces do not stop
** the engine (both were cut to 32 bits: 3 faces, and a division by zero). */
static void test_random_wide_ranges(void **st) {
  (void)st;
  expect_logged("  local n, big = 0, 0\n"
                "  for i = 1, 10 do\n"
                "    local r = math.random(2^32 + 3)\n"
                "    if r >= 1 and r <= 2^32 + 3 and r == math.floor(r) then n = n + 1 end\n"
                "    if r > 3 then big = big + 1 end\n"
                "    local s = math.random(1, 4294967296)\n"
                "    if s >= 1 and s <= 4294967296 then n = n + 1 end\n"
                "    local t = math.random(-2^53 + 1, 0)\n"
                "    if t <= 0 and t > -2^53 then n = n + 1 end\n"
                "  end\n"
                "  ark.log(p, 'in range: ' .. n .. ', above 3: ' .. big)",
                "in range: 30, above 3: 10", "the draws were cut short");
}

/* A range wider than the generator draws exactly, an empty one or a bound
** that is no whole number stops the script at its line. */
static void test_random_bad_ranges(void **st) {
  (void)st;
  expect_stopped("  math.random(1, 2^53 + 2)",
                 "1001-test.lua:3: math.random: interval too large (at most 2^53 numbers", 0, 0);
  expect_stopped("  math.random(2^60)",
                 "1001-test.lua:3: math.random: interval too large (at most 2^53 numbers", 0, 0);
  expect_stopped("  math.random(5, 4)", "1001-test.lua:3: math.random: interval is empty", 0, 0);
  expect_stopped("  math.random(2.5)",
                 "1001-test.lua:3: math.random: bound #1 (2.5) is not a whole number", 0, 0);
  expect_stopped("  ark.random(2^53 + 2)",
                 "1001-test.lua:3: ark.random(9007199254740994): n must be a whole number "
                 "from 1 to 2^53", 0, 0);
}

/* A log line with the word "upgraded" is printed as written, and so is a
** script's stop whose message holds it; an action card turned to side II is
** printed as that (they all read "P1: Animals action card upgraded"). */
static void test_upgraded_in_texts(void **st) {
  (void)st;
  write_card("  ark.log(p, 'Test Beast upgraded its roll to 5')\n"
             "  upgrade_action(p)");
  ark_game *g = game_with_card(0, 0);
  play_card(g);
  int p = g->s.cur;
  char want[64];
  t_expect(g, "upgrade", p);
  t_answer_match(g, "Cards");
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  snprintf(want, sizeof want, "P%d Test Beast upgraded its roll to 5", p + 1);
  if (!log_has(g, want)) fail_msg("no '%s'", want);
  snprintf(want, sizeof want, "P%d: Cards action card upgraded", p + 1);
  if (!log_has(g, want)) fail_msg("no '%s'", want);
  assert_false(log_has(g, "Animals action card upgraded"));
  ark_game_free(g);
  cleanup();
  expect_stopped("  local n = get(p, 'upgraded_cards')",
                 "script of Test Beast stopped: ", 0, 0);
  expect_stopped("  local n = get(p, 'upgraded_cards')",
                 "1001-test.lua:3: ark.get: unknown player field 'upgraded_cards'", 0, 0);
}

/* A card's script sets only its own card's memo, and reads any card's; a
** map's script sets the map memo of a seat that plays its map, and no card's
** memo (any script could set any memo, which the doc said none could touch). */
static void test_memo_own_only(void **st) {
  (void)st;
  expect_logged("  ark.memo(id, 5)\n"
                "  local other = ark.hand(1 - p)[1]\n"
                "  ark.log(p, 'memos ' .. ark.memo(id) .. ' ' .. ark.memo(other))",
                "memos 5 0", "the card's own memo was not kept");
  expect_stopped("  ark.memo(ark.hand(1 - p)[1], 9)",
                 "1001-test.lua:3: ark.memo: the script of Test Beast (1001) may set only its "
                 "own card's memo, not that of ", 0, 0);
  expect_stopped("  ark.map_memo(p, 9)",
                 "1001-test.lua:3: ark.map_memo: the script of Test Beast (1001) may not set a "
                 "map's memo", 0, 0);
}

/* A map script (seat 0 plays it, seat 1 map A) whose income sets its map
** memo for the seat it is called for, then does `second`: with want NULL
** it plays on and its memo holds, else the script stops at the line of
** `second` with that message (the step undone, so its log line gone). */
static void map_memo_game(const char *second, const char *want) {
  char path[512], cmd[600];
  snprintf(dir, sizeof dir, "/tmp/ark-sandbox-XXXXXX");
  assert_non_null(mkdtemp(dir));
  snprintf(cmd, sizeof cmd,
           "sed -e 's/^id: .*/id: \"T9\"/' -e 's/^name: .*/name: \"Memo Garden\"/' "
           "%s/examples/fan-map/F1-botanical-garden.yaml > %s/T9-memo.yaml",
           ARK_SOURCE_DIR, dir);
  assert_int_equal(system(cmd), 0);
  snprintf(path, sizeof path, "%s/T9-memo.lua", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f, "local map = {}\nfunction map.income(p)\n  ark.map_memo(p, 7)\n"
             "  ark.log(p, 'map memo ' .. ark.map_memo(p) .. ' ' .. ark.map_memo(1 - p))\n"
             "  %s\nend\nreturn map\n", second);
  fclose(f);
  ark_config cfg;
  ark_setup_spec spec;
  ark_game *g = NULL;
  char msg[2048], where[300], line[1024];
  ark_config_init(&cfg);
  ark_setup_spec_init(&spec);
  spec.maps[0] = "T9";
  spec.maps[1] = "A";
  cfg.data_dir = ARK_GAME_DIR;
  cfg.map_dirs[0] = dir;
  cfg.setup = &spec;
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  assert_int_equal(t_play_random(g, 9, 1), ARK_END);
  if (!want) {
    assert_false(ark_game_script_stopped(g));
    assert_true(log_has(g, "P1 map memo 7 0"));
    ark_game_free(g);
    cleanup();
    return;
  }
  assert_true(ark_game_script_stopped(g));
  snprintf(where, sizeof where, "%s/T9-memo.lua:5: %s", dir, want);
  int found = 0;
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    if (strstr(line, "script of map Memo Garden stopped")) found = strstr(line, where) != NULL;
  }
  if (!found) fail_msg("no stop at '%s'", where);
  ark_game_free(g);
  cleanup();
}

static void test_map_memo_own_seats(void **st) {
  (void)st;
  map_memo_game("", NULL);
  map_memo_game("ark.map_memo(1 - p, 3)",
                "ark.map_memo: a map's script may set only the memo of a seat that plays its "
                "map, not seat 1's");
  map_memo_game("ark.memo(ark.hand(p)[1] or ark.zoo(p)[1], 3)",
                "ark.memo: a map's script may not set a card's memo");
}

/* A value a field cannot hold stops the script at its line, naming the
** field's range (they were cut to the field's bits: 100000 in a counter
** read -31072, workers -1 read 255, a hand limit of 1000 232, 260
** donations 4); the ends of each range are kept as given. */
static void test_set_out_of_range(void **st) {
  (void)st;
  expect_stopped("  ark.counter(p, 1, 100000)",
                 "1001-test.lua:3: ark.counter: 100000 is outside -32768..32767", 0, 0);
  expect_stopped("  ark.set(p, 'workers', -1)",
                 "1001-test.lua:3: ark.set: workers: -1 is outside 0..255", 0, 0);
  expect_stopped("  ark.set(p, 'hand_limit', 1000)",
                 "1001-test.lua:3: ark.set: hand_limit: 1000 is outside 0..255", 0, 0);
  expect_stopped("  ark.set(nil, 'donations', 260)",
                 "1001-test.lua:3: ark.set: donations: 260 is outside 0..255", 0, 0);
  expect_stopped("  ark.set(p, 'rep_bonus_done', 70000)",
                 "1001-test.lua:3: ark.set: rep_bonus_done: 70000 is outside 0..65535", 0, 0);
  expect_logged("  ark.counter(p, 1, -32768)\n"
                "  ark.counter(p, 2, 32767)\n"
                "  ark.set(p, 'hand_limit', 255)\n"
                "  ark.log(p, 'kept ' .. ark.counter(p, 1) .. ' ' .. ark.counter(p, 2) .. ' ' ..\n"
                "    get(p, 'hand_limit'))",
                "kept -32768 32767 255", "the ends of the ranges were not kept");
}

/* A keyword() call whose text names no keyword, or gives one a value of
** the wrong kind, stops the script at its line (it did nothing). */
static void test_unknown_keyword(void **st) {
  (void)st;
  expect_stopped("  keyword(p, id, 'sprnt:2')",
                 "1001-test.lua:3: keyword: unknown keyword ability 'sprnt'", 0, 0);
  expect_stopped("  keyword(p, id, 'sprint:x')",
                 "1001-test.lua:3: keyword: keyword ability 'sprint:x' needs a number", 0, 0);
  expect_stopped("  keyword(p, id, 2)",
                 "1001-test.lua:3: keyword: the ability is its text (\"sprint:2\"), not number",
                 0, 0);
}

/* perform_action checks its arguments and names what is wrong at the
** caller's line (strength 0 or a side left out failed inside the Cards
** action: "attempt to index a nil value (local 'row')"). */
static void test_perform_action_arguments(void **st) {
  (void)st;
  expect_stopped("  perform_action(p, 'cards', 0, 1)",
                 "1001-test.lua:3: perform_action: the strength must be a whole number from 1 "
                 "to 99, not 0", 0, 0);
  expect_stopped("  perform_action(p, 'cards', 1.5, 1)",
                 "1001-test.lua:3: perform_action: the strength must be a whole number from 1 "
                 "to 99, not 1.5", 0, 0);
  expect_stopped("  perform_action(p, 'cards', 2)",
                 "1001-test.lua:3: perform_action: the side must be 1 or 2 (side_of(p, 'cards') "
                 "gives the card's own), not nothing", 0, 0);
  expect_stopped("  return perform_action(p, 'cards', 2, 3)",
                 "1001-test.lua:3: perform_action: the side must be 1 or 2", 0, 0);
  expect_stopped("  perform_action(7, 'cards', 2, 1)",
                 "1001-test.lua:3: perform_action: the player must be a seat, 0 to 1, not 7", 0,
                 0);
}

/* place_building takes the cells as a list of {x, y} or of spaces of
** ark.map_cells, as well as the text "(x,y) (x,y)" of ark.placements (a
** table was "bad argument #3 to 'build' (string expected, got table)");
** anything else stops the script at its line, saying the forms. */
static void test_place_building_cells(void **st) {
  (void)st;
  expect_logged("  local legal = {}\n"
                "  for i = 1, 200 do\n"
                "    local s = ark.placements(p, 'size-1', false, i)\n"
                "    if not s then break end\n"
                "    legal[s] = true\n"
                "  end\n"
                "  local a, b, ia, ib\n"
                "  for i, c in ipairs(ark.map_cells(p)) do\n"
                "    if not c.bonus and legal['(' .. c.x .. ',' .. c.y .. ')'] then\n"
                "      if not a then a, ia = c, i elseif not b then b, ib = c, i end\n"
                "    end\n"
                "  end\n"
                "  local n, was = get(p, 'buildings'), ark.map_cells(p)\n"
                "  place_building(p, 'size-1', { { a.x, a.y } }, false)\n"
                "  place_building(p, 'size-1', { b }, false)\n"
                "  local cells = ark.map_cells(p)\n"
                "  ark.log(p, 'placed ' .. (get(p, 'buildings') - n) .. ' ' ..\n"
                "    tostring(was[ia].building ~= nil or was[ib].building ~= nil) .. ' ' ..\n"
                "    tostring(cells[ia].building ~= nil) .. ' ' ..\n"
                "    tostring(cells[ib].building ~= nil))",
                "placed 2 false true true", "the buildings are not where the lists said");
  expect_stopped("  place_building(p, 'size-1', { 3, 3 }, false)",
                 "1001-test.lua:3: place_building: cell 1 is 3, not {x, y} of whole numbers (the "
                 "cells are a list of cells {x, y} (or spaces of ark.map_cells), or a text "
                 "\"(x,y) (x,y)\" as ark.placements gives)", 0, 0);
  expect_stopped("  place_building(p, 'size-1', nil, false)",
                 "1001-test.lua:3: place_building: the cells are a list of cells {x, y}", 0, 0);
  expect_stopped("  place_building(p, 'size-9', { { 3, 3 } }, false)",
                 "1001-test.lua:3: place_building: unknown building kind 'size-9'", 0, 0);
}

/* Every name a card or map script reaches (the rules' helpers, the card
** library's, the then_ functions and the ark primitives) is described in
** docs/lua-api.md or docs/maps.md as a call, `name(` or `ark.name(`; the
** rules' own raw primitives and event functions stop a script that reads
** one, saying what it calls instead. */
static char *read_doc(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/docs/%s", ARK_SOURCE_DIR, name);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char *buf = malloc(1 << 20);
  assert_non_null(buf);
  size_t n = fread(buf, 1, (1 << 20) - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

static void test_script_names_documented(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 1, NULL);
  char names[8192];
  t_run_lua(g,
    "local env, out = make_card_env(0), {}\n"
    "for _, list in ipairs({ CARD_API_RULES, { 'choose_then', 'gain_then', 'call_then' } }) do\n"
    "  for _, n in ipairs(list) do\n"
    "    if type(env[n]) == 'function' then out[#out + 1] = n end\n"
    "  end\n"
    "end\n"
    "local keys = {}\n"
    "for k in pairs(ark) do keys[#keys + 1] = k end\n"
    "table.sort(keys)\n"
    "for _, k in ipairs(keys) do\n"
    "  local ok, v = pcall(function() return env.ark[k] end)\n"
    "  if ok and v ~= nil then out[#out + 1] = 'ark.' .. k end\n"
    "end\n"
    "return table.concat(out, ' ')", 0, names, sizeof names);
  ark_game_free(g);
  char *api = read_doc("lua-api.md"), *maps = read_doc("maps.md");
  char missing[4096] = "";
  int count = 0;
  for (char *tok = strtok(names, " "); tok; tok = strtok(NULL, " ")) {
    char want[128];
    snprintf(want, sizeof want, "`%s(", tok);
    count++;
    if (!strstr(api, want) && !strstr(maps, want))
      snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", tok);
  }
  free(api);
  free(maps);
  assert_true(count > 100);
  if (missing[0]) fail_msg("reachable by scripts but not described:%s", missing);
  expect_stopped("  ark.build(p, 'size-1', '(4,5)', false)",
                 "1001-test.lua:3: ark.build is the rules' own, not for card and map scripts: a "
                 "script calls place_building or free_building", 0, 0);
  expect_stopped("  fire('building_placed', p, 0, 'size-1')",
                 "1001-test.lua:3: 'fire' is the rules' own, not for card and map scripts", 0, 0);
  expect_stopped("  local f = ark.upgrade",
                 "1001-test.lua:3: ark.upgrade is the rules' own, not for card and map scripts: a "
                 "script calls upgrade_action", 0, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_runtime_error),
    cmocka_unit_test(test_endless_loop),
    cmocka_unit_test(test_endless_loop_in_pcall),
    cmocka_unit_test(test_memory_bomb),
    cmocka_unit_test(test_type_names),
    cmocka_unit_test(test_watchdog_slot_taken_between),
    cmocka_unit_test(test_io),
    cmocka_unit_test(test_os),
    cmocka_unit_test(test_debug),
    cmocka_unit_test(test_load),
    cmocka_unit_test(test_require),
    cmocka_unit_test(test_missing_names),
    cmocka_unit_test(test_unknown_global_is_nil),
    cmocka_unit_test(test_string_metatable),
    cmocka_unit_test(test_no_shared_writes),
    cmocka_unit_test(test_map_script_stopped),
    cmocka_unit_test(test_memo_range),
    cmocka_unit_test(test_set_refuses_tracks),
    cmocka_unit_test(test_deterministic_random),
    cmocka_unit_test(test_random_wide_ranges),
    cmocka_unit_test(test_random_bad_ranges),
    cmocka_unit_test(test_upgraded_in_texts),
    cmocka_unit_test(test_memo_own_only),
    cmocka_unit_test(test_map_memo_own_seats),
    cmocka_unit_test(test_set_out_of_range),
    cmocka_unit_test(test_unknown_keyword),
    cmocka_unit_test(test_perform_action_arguments),
    cmocka_unit_test(test_place_building_cells),
    cmocka_unit_test(test_script_names_documented),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
