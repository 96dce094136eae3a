/*
** test_hostile.c - fan scripts written by strangers (tests/hostile/<case>/,
** one folder of fan cards per case).  Every case ends within its time
** limit, and the game either goes on with the offending script switched
** off, or stops with a message naming the fan file and line; a game's
** result depends only on its seed, its answers and its content.
*/
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <cmocka.h>
#include "luacompat.h"
#include "support.h"
#include "map.h"
#include "zone.h"

#define MS 150                  /* the scripts' time limit in these tests */
#define MB 64                   /* their memory cap */

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void overrun(int sig) {
  (void)sig;
  static const char m[] = "a step ran 20 s of CPU: the engine hangs outside the scripts' limits\n";
  if (write(2, m, sizeof m - 1)) {}
  _exit(1);
}

/* Ends the test with a message after `seconds` of CPU (0: no more): a
** hang in C, which no watchdog stops, then fails it instead of keeping it
** running for minutes. */
static void guard(int seconds) {
  struct itimerval t = { { 0, 0 }, { seconds, 0 } };
  signal(SIGPROF, overrun);
  setitimer(ITIMER_PROF, &t, NULL);
}

/* A stopped script costs its limit and the step run again: well under
** this, even under the sanitizers, times step_scale (a case whose own
** unwinding the sanitizers slow down more). */
static double step_scale = 1;
static double step_bound(void) { return (2.0 * MS / 1000 + 1.0) * step_scale; }

/* The scripts' time limit of the next game a case makes: MS, or the
** engine's default where a case must not reach it. */
static int case_ms = MS;

static const char *case_dir(const char *name) {
  static char dir[2][600];
  static int k;
  k = !k;
  snprintf(dir[k], sizeof dir[k], "%s/tests/hostile/%s", ARK_SOURCE_DIR, name);
  return dir[k];
}

/* The file of case `name` as messages name it: "tests/hostile/<name>/1001-<name>.lua:". */
static const char *case_file(const char *name, int line) {
  static char s[600];
  snprintf(s, sizeof s, "tests/hostile/%s/1001-%s.lua:%d: ", name, name, line);
  return s;
}

static void config(ark_config *cfg, const char *cards, const char *maps, const char *map) {
  ark_config_init(cfg);
  cfg->data_dir = ARK_GAME_DIR;
  cfg->card_dirs[0] = cards;
  cfg->map_dirs[0] = maps;
  if (map) cfg->map = map;
  cfg->script_ms = case_ms;
  cfg->script_mb = MB;
}

/* A game with the fan cards of case `name`; a failure fails the test. */
static ark_game *case_game(const char *name) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  config(&cfg, case_dir(name), NULL, NULL);
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s: %s", name, msg);
  return g;
}

static void print_log(ark_game *g) {
  char line[1024];
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    print_error("%s\n", line);
  }
}

static int log_count(ark_game *g, const char *needle) {
  char line[1024];
  int n = 0;
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    n += strstr(line, needle) != NULL;
  }
  return n;
}

static void expect_log(ark_game *g, const char *a, const char *b) {
  char line[1024];
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    if (strstr(line, a) && (!b || strstr(line, b))) return;
  }
  print_log(g);
  fail_msg("no log line with '%s' and '%s'", a, b ? b : "");
}

/* The current player with fan card 1001 in hand, 20 money, the Animals
** action in slot 2 and a free size-1 enclosure, at the action decision. */
static int ready_to_play(ark_game *g) {
  t_to_first_turn(g);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_give(g, p, 1001);
  pl->money = 20;
  t_set_slots(g, p, ARK_ACT_BUILD, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
              ARK_ACT_SPONSORS);
  ark_place pc = { 1, { ARK_CELL(4, 5) }, 0, 0 };
  ark_map_place(&pl->zoo_map, ark_content_find_building(g->c, "size-1"), &pc);
  t_restart(g);
  t_expect(g, "action", p);
  return p;
}

/* Plays card 1001 with the Animals action; returns the CPU time it took. */
static double play_card(ark_game *g) {
  double t0 = cpu_now();
  t_answer_match(g, "Animals I at strength 2");
  t_expect(g, "animals.enclosure", -1);
  t_answer_match(g, "into size-1");
  ark_game_process(g);
  return cpu_now() - t0;
}

/* Case `name`: playing its card stops its script within the time limit;
** the log names the fan file at `line` and says `what`; the step was
** undone (the card is back in hand); played again, the card works without
** its script; the game plays to its end. */
static void expect_contained(const char *name, int line, const char *what) {
  ark_game *g = case_game(name);
  int p = ready_to_play(g);
  double dt = play_card(g);
  if (dt > step_bound()) fail_msg("%s: the step took %.2f s of CPU", name, dt);
  assert_true(ark_game_script_stopped(g));
  expect_log(g, case_file(name, line), what);
  t_expect(g, "action", p);
  assert_true(ark_zone_hand_find(g, p, t_card(g, 1001)) >= 0);
  play_card(g);
  assert_true(ark_zone_zoo_find(g, p, t_card(g, 1001)) >= 0);
  assert_int_equal(log_count(g, "stopped:"), 1);
  assert_int_equal(t_play_random(g, 7, 1), ARK_END);
  ark_game_free(g);
}

/* ---- 1: loading runs under the limits of handlers ---- */

/* `arknova check` and loading for play both stop a script looping at its
** top level, and name its file and line. */
static void test_load_loop(void **st) {
  (void)st;
  ark_config cfg;
  ark_game *g = NULL;
  char *report = NULL, msg[2048];
  int n = 0;
  config(&cfg, case_dir("load-loop"), NULL, NULL);
  double t0 = cpu_now();
  assert_int_equal(ark_check(&cfg, &report, &n), ARK_ERR_CONTENT);
  assert_true(cpu_now() - t0 < step_bound());
  assert_int_equal(n, 1);
  assert_non_null(strstr(report, case_file("load-loop", 3)));
  assert_non_null(strstr(report, "ran longer than 150 ms while loading"));
  free(report);
  t0 = cpu_now();
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_true(cpu_now() - t0 < step_bound());
  assert_non_null(strstr(msg, case_file("load-loop", 3)));
}

static void test_load_memory(void **st) {
  (void)st;
  ark_config cfg;
  char *report = NULL;
  int n = 0;
  config(&cfg, case_dir("load-memory"), NULL, NULL);
  cfg.script_ms = 10000;              /* the memory cap comes first */
  assert_int_equal(ark_check(&cfg, &report, &n), ARK_ERR_CONTENT);
  assert_int_equal(n, 1);
  if (!strstr(report, case_file("load-memory", 4)) || !strstr(report, "out of memory while loading"))
    fail_msg("%s", report);
  free(report);
}

/* ---- 2: library calls that run long inside C ---- */

static void test_slow_find(void **st) {
  (void)st;
  expect_contained("slow-find", 4, "on_play ran longer than 150 ms");
}

static void test_slow_method(void **st) {
  (void)st;
  expect_contained("slow-method", 4, "on_play ran longer than 150 ms");
}

static void test_slow_gmatch(void **st) {
  (void)st;
  expect_contained("slow-gmatch", 4, "on_play ran longer than 150 ms");
}

static void test_slow_gsub(void **st) {
  (void)st;
  expect_contained("slow-gsub", 4, "on_play ran longer than 150 ms");
}

static void test_slow_gsub_function(void **st) {
  (void)st;
  expect_contained("slow-gsub-function", 4, "on_play ran longer than 150 ms");
}

static void test_slow_rep(void **st) {
  (void)st;
  /* Lua's own string.rep loops 2^53 times here; ours returns "" at once */
  ark_game *g = case_game("slow-rep");
  ready_to_play(g);
  assert_true(play_card(g) < step_bound());
  assert_false(ark_game_script_stopped(g));
  ark_game_free(g);
}

static void test_slow_sort(void **st) {
  (void)st;
  expect_contained("slow-sort", 4, "on_play ran longer than 150 ms");
}

static void test_slow_pairs(void **st) {
  (void)st;
  expect_contained("slow-pairs", 4, "on_play ran longer than 150 ms");
}

/* The bounded string functions still do what Lua's do. */
static void test_string_functions(void **st) {
  (void)st;
  ark_game *g = case_game("bom");
  lua_State *L = g->c->L;
  static const char *const checks[] = {
    "return string.find('hello world', 'o w') == 5",
    "return select(2, string.find('hello', 'l+')) == 4",
    "return string.find('a.b', '.', 1, true) == 2",
    "return string.match('key = value', '(%w+)%s*=%s*(%w+)') == 'key'",
    "return select(2, string.match('key = value', '(%w+)%s*=%s*(%w+)')) == 'value'",
    "return string.match('  trim  ', '^%s*(.-)%s*$') == 'trim'",
    "return string.match('x(a(b)c)y', '%b()') == '(a(b)c)'",
    "return string.match('THE (quick) fox', '%f[%a]%a+%f[%A]') == 'THE'",
    "return string.match('abcabc', '(abc)%1') == 'abc'",
    "return string.match('hello', '()ll()') == 3",
    "return string.match('[]]', '[]]') == ']'",
    "return string.match('a-b', '[a%-]+') == 'a-'",
    "return string.gsub('hello world', 'o', '0') == 'hell0 w0rld'",
    "return select(2, string.gsub('abc', '%w', '%0%0')) == 3",
    "return string.gsub('abc', '%w', '%0%0') == 'aabbcc'",
    "return string.gsub('abc', '', '-') == '-a-b-c-'",
    "return string.gsub('hello', 'l', { l = 'L' }) == 'heLLo'",
    "return string.gsub('hello', '(h)(e)', function(a, b) return b .. a end) == 'ehllo'",
    "return string.gsub('abc', 'b', function() return false end) == 'abc'",
    "return string.gsub('aaa', 'a', 'b', 2) == 'bba'",
    "local t = {} for w in string.gmatch('one two three', '%a+') do t[#t + 1] = w end "
    "return #t == 3 and t[3] == 'three'",
    "local n = 0 for k, v in string.gmatch('a=1, b=2', '(%w+)=(%w+)') do n = n + v end "
    "return n == 3",
    "return string.rep('ab', 3, ',') == 'ab,ab,ab'",
    "return string.rep('x', 0) == '' and string.rep('', 5) == ''",
    "return ('x'):rep(3) == 'xxx'",
    "return string.format('%d %s %5.2f', 3, 'a', 1.5) == '3 a  1.50'",
    "return string.format('%s', {}) == 'table'",
    "return tostring({}) == 'table' and tostring(print) == 'function'",
    "return tostring(nil) == 'nil' and tostring(true) == 'true' and tostring(12) == '12'",
    "return not pcall(string.format, '%p', {})",
    "return not pcall(string.find, 'a', '[a')",
    "return not pcall(string.find, 'a', '%')",
    "return not pcall(string.gsub, 'a', 'a', '%2')",
    "return string.pack == nil and string.dump == nil",
    NULL
  };
  for (int i = 0; checks[i]; i++) {
    if (luaL_loadstring(L, checks[i]) != 0 || lua_pcall(L, 0, 1, 0) != 0)
      fail_msg("%s: %s", checks[i], lua_tostring(L, -1));
    if (!lua_toboolean(L, -1)) fail_msg("false: %s", checks[i]);
    lua_pop(L, 1);
  }
  ark_game_free(g);
}

/* ---- 3: a script stopped once stays off for the game and its clones ---- */

/* Stopped in the running step: a clone (which replays the step from its
** snapshot) does not run the loop again, and logs what the game logged. */
static void test_clone_after_stop(void **st) {
  (void)st;
  ark_game *g = case_game("clone-loop");
  ready_to_play(g);
  play_card(g);
  assert_true(ark_game_script_stopped(g));
  double t0 = cpu_now();
  ark_game *c = ark_game_clone(g);
  double dt = cpu_now() - t0;
  if (dt > MS / 1000.0) fail_msg("the clone took %.3f s: it ran the loop again", dt);
  assert_true(ark_game_script_stopped(c));
  assert_int_equal(ark_game_process(c), ARK_AWAITING);
  assert_true(ark_game_log_hash(c) == ark_game_log_hash(g));
  ark_game_free(c);
  ark_game_free(g);
}

/* Stopped in a clone (an AI's trial): the game's other clones and the game
** itself give the script only a short time when they run it, and log the
** same words a game without clones logs. */
static void test_clone_family(void **st) {
  (void)st;
  ark_game *g = case_game("clone-loop");
  ready_to_play(g);
  ark_game *first = ark_game_clone(g);
  double t_first = play_card(first);
  assert_true(ark_game_script_stopped(first));
  assert_true(t_first > MS / 1000.0);
  double total = 0;
  for (int i = 0; i < 10; i++) {          /* ten more trials, as a greedy AI makes */
    ark_game *c = ark_game_clone(g);
    total += play_card(c);
    assert_true(ark_game_script_stopped(c));
    assert_true(ark_game_log_hash(c) == ark_game_log_hash(first));
    ark_game_free(c);
  }
  /* each waited out the limit before: 10 * MS */
  if (total > 2 * MS / 1000.0) fail_msg("ten trials after the first took %.2f s", total);
  play_card(g);
  assert_true(ark_game_log_hash(g) == ark_game_log_hash(first));
  /* a game that never had clones logs the same */
  ark_game *alone = case_game("clone-loop");
  ready_to_play(alone);
  play_card(alone);
  assert_true(ark_game_log_hash(alone) == ark_game_log_hash(g));
  ark_game_free(alone);
  ark_game_free(first);
  ark_game_free(g);
}

/* A query (what the AIs ask to value a position) that runs into a looping
** script costs the time limit once: later queries of the game and its
** clones skip that script. */
static void test_query_skips_slow(void **st) {
  (void)st;
  ark_game *g = case_game("query-loop");
  t_to_first_turn(g);
  int p = g->s.cur, out[256];
  t_zoo_add(g, p, 1001);
  t_give(g, p, 401);
  double t0 = cpu_now();
  assert_int_equal(ark_game_query(g, "animals", p, out, 256), -1);
  assert_true(cpu_now() - t0 < step_bound());
  ark_game *c = ark_game_clone(g);
  t0 = cpu_now();
  for (int i = 0; i < 20; i++) {
    assert_true(ark_game_query(g, "animals", p, out, 256) > 0);
    assert_true(ark_game_query(c, "animals", p, out, 256) > 0);
  }
  /* 40 queries that each ran into the loop would take 40 * MS */
  assert_true(cpu_now() - t0 < 4 * MS / 1000.0);
  assert_false(ark_game_script_stopped(g));   /* a query leaves no trace */
  ark_game_free(c);
  ark_game_free(g);
}

/* A modifier the rules ask in the middle of a step (an animal's cost) that
** never returns: the stop names the modifier and its first line, as a
** handler's stop does.  Met outside the script's frames, it had read
** "1001-query-loop.lua:0: script stopped: it ran longer than 150 ms". */
static void test_modifier_stop_named(void **st) {
  (void)st;
  ark_game *g = case_game("query-loop");
  t_to_first_turn(g);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_zoo_add(g, p, 1001);
  t_clear_hand(g, p);
  t_give(g, p, 401);
  pl->money = 40;
  t_set_slots(g, p, ARK_ACT_BUILD, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
              ARK_ACT_SPONSORS);
  ark_place pc = { 1, { ARK_CELL(4, 5) }, 0, 0 };
  ark_map_place(&pl->zoo_map, ark_content_find_building(g->c, "size-3"), &pc);
  t_restart(g);
  t_play_random(g, 3, 1);
  expect_log(g, case_file("query-loop", 5), "script stopped: modify_animal_cost ran longer "
             "than 150 ms");
  ark_game_free(g);
}

/* Case `name`'s game at its first turn, where the seat to play (*p) keeps
** the case's card 1001 as its one final scoring card. */
static ark_game *scoring_case(const char *name, int *p) {
  char msg[256];
  int held[1] = { 1001 };
  ark_game *g = case_game(name);
  t_to_first_turn(g);
  *p = g->s.cur;
  assert_int_equal(ark_edit_scoring(g, *p, held, 1, msg, sizeof msg), 0);
  return g;
}

/* A final scoring card's score that fails in the AIs' question of what
** each kept card gives now is counted as a failure of a trial, which play
** and sim report: the AIs had discarded the card with no word of it. */
static void test_score_fails_in_query(void **st) {
  (void)st;
  char first[512];
  int p, out[16];
  ark_game *g = scoring_case("score-fraction", &p);
  assert_int_equal(ark_game_scripts_failed(g, first, sizeof first), 0);
  assert_int_equal(ark_game_query(g, "scoring", p, out, 16), -1);
  assert_int_equal(ark_game_scripts_failed(g, first, sizeof first), 1);
  if (!strstr(first, case_file("score-fraction", 5)) ||
      !strstr(first, "score returned 0.33333333333333"))
    fail_msg("first failure: %s", first);
  ark_game_free(g);
}

/* score counts, never asks: a choose in it is refused at its line, as in a
** modifier (it asked, and the option's number became the points). */
static void test_score_asks(void **st) {
  (void)st;
  char out[1024];
  int p;
  ark_game *g = scoring_case("score-asks", &p);
  static char chunk[256];
  snprintf(chunk, sizeof chunk, "local p = ...; local ok, e = pcall(SCRIPTS[%d].score, p, %d)\n"
           "return tostring(e) .. '|' .. tostring(MODIFYING)", t_card(g, 1001),
           t_card(g, 1001));
  t_run_lua(g, chunk, p, out, sizeof out);
  if (!strstr(out, case_file("score-asks", 5)) ||
      !strstr(out, "score may not ask a player: it called choose") || !strstr(out, "|false"))
    fail_msg("score asked: %s", out);
  ark_game_free(g);
}

/* ---- 4: a script keeps no state between calls ---- */

static void test_kept_upvalue(void **st) {
  (void)st;
  expect_contained("kept-upvalue", 3, "keeps state between calls (upvalue 'plays' changed");
}

static void test_kept_table(void **st) {
  (void)st;
  expect_contained("kept-table", 3, "keeps state between calls (seen changed");
}

static void test_kept_card_field(void **st) {
  (void)st;
  expect_contained("kept-card-field", 5, "cannot set 'played' in the script's table after loading");
}

static void test_kept_global(void **st) {
  (void)st;
  expect_contained("kept-global", 5, "cannot set global 'count' after loading");
}

/* Changing a local during a call and putting it back keeps nothing: the
** card works in every game of one content alike. */
static void test_kept_nothing(void **st) {
  (void)st;
  ark_game *g = case_game("kept-nothing");
  for (int k = 0; k < 3; k++) {
    ark_config cfg;
    ark_game *h = NULL;
    char msg[256];
    config(&cfg, case_dir("kept-nothing"), NULL, NULL);
    assert_int_equal(ark_game_new_like(g, &cfg, &h, msg, sizeof msg), ARK_OK);
    int p = ready_to_play(h);
    play_card(h);
    assert_false(ark_game_script_stopped(h));
    assert_int_equal(h->s.p[p].money, 20 - 1 + 1);
    ark_game_free(h);
  }
  ark_game_free(g);
}

/* A script's returned table is a read-only view once loaded: reading it
** in a handler (a field, pairs, next, rawget) sees what the file put in
** it, and the script plays on. */
static void test_reads_own_table(void **st) {
  (void)st;
  ark_game *g = case_game("reads-own-table");
  int p = ready_to_play(g);
  play_card(g);
  assert_false(ark_game_script_stopped(g));
  assert_int_equal(g->s.p[p].money, 20 - 1 + 2 + 3);
  ark_game_free(g);
}

/* The brief's case: a counter in a local of the file, a game played after
** another game of the same content logs what it logs alone. */
static void test_kept_across_games(void **st) {
  (void)st;
  ark_game *first = case_game("kept-upvalue");
  ready_to_play(first);
  play_card(first);
  ark_config cfg;
  ark_game *second = NULL;
  char msg[256];
  config(&cfg, case_dir("kept-upvalue"), NULL, NULL);
  assert_int_equal(ark_game_new_like(first, &cfg, &second, msg, sizeof msg), ARK_OK);
  ready_to_play(second);
  play_card(second);
  ark_game *alone = case_game("kept-upvalue");
  ready_to_play(alone);
  play_card(alone);
  assert_true(ark_game_log_hash(second) == ark_game_log_hash(alone));
  assert_true(ark_game_log_hash(first) == ark_game_log_hash(alone));
  ark_game_free(alone);
  ark_game_free(second);
  ark_game_free(first);
}

/* ---- a plugin's hooks keep no state either ---- */

/* A game with plugin case `name` (tests/hostile/<name>/hooks.lua) and
** seed; like_g: a game of the same content to share, or NULL. */
static ark_game *plugin_game(const char *name, uint64_t seed, ark_game *like_g) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  config(&cfg, NULL, NULL, NULL);
  cfg.plugins[0] = case_dir(name);
  cfg.seed = seed;
  ark_status st = like_g ? ark_game_new_like(like_g, &cfg, &g, msg, sizeof msg)
                         : ark_game_new(&cfg, &g, msg, sizeof msg);
  if (st != ARK_OK) fail_msg("%s: %s", name, msg);
  return g;
}

/* Each way a hook could keep a count from call to call (a global of its
** own, a new global of the rules, a rules function replaced after
** loading, a field of its table, a local of its file, a table of its
** file) stops the game with
** the plugin's file and line; a game that carried
** the count on would give seed 1 another result after another game of the
** same content than alone. */
static void test_plugin_kept(void **st) {
  (void)st;
  static const struct { const char *name; int line; const char *what; } cases[] = {
    { "plugin-kept-global", 4, "cannot set global 'turns' after loading" },
    { "plugin-kept-g", 4, "cannot set the rules' global 'turns' after loading" },
    { "plugin-kept-replace", 5, "cannot set the rules' global 'gain' after loading" },
    { "plugin-kept-field", 5, "cannot set 'last' in the plugin's table after loading" },
    { "plugin-kept-upvalue", 3,
      "plugin stopped: its hooks keep state between calls (upvalue 'turns' changed" },
    { "plugin-kept-table", 3, "plugin stopped: its hooks keep state between calls (seen changed" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ark_game *g = plugin_game(cases[i].name, 1, NULL);
    t_to_first_turn(g);
    assert_int_equal(t_play_random(g, 3, 0), ARK_ERROR);
    char where[600];
    snprintf(where, sizeof where, "tests/hostile/%s/hooks.lua:%d: ", cases[i].name,
             cases[i].line);
    const char *err = ark_game_error(g);
    if (!strstr(err, where) || !strstr(err, cases[i].what))
      fail_msg("%s: %s", cases[i].name, err);
    ark_game_free(g);
  }
}

/* A plugin that changes what it changes while loading (a rules function,
** a global of its own) and restores a table within each call keeps
** nothing: its games play to the end, one after another in one content as
** alone. */
static void test_plugin_kept_nothing(void **st) {
  (void)st;
  uint64_t alone[3];
  for (int k = 0; k < 3; k++) {
    ark_game *g = plugin_game("plugin-kept-nothing", (uint64_t)k + 1, NULL);
    assert_int_equal(t_play_random(g, (uint64_t)k + 7, 0), ARK_END);
    alone[k] = ark_game_log_hash(g);
    ark_game_free(g);
  }
  ark_game *proto = plugin_game("plugin-kept-nothing", 1, NULL);
  for (int k = 2; k >= 0; k--) {
    ark_game *g = plugin_game("plugin-kept-nothing", (uint64_t)k + 1, proto);
    assert_int_equal(t_play_random(g, (uint64_t)k + 7, 0), ARK_END);
    assert_true(ark_game_log_hash(g) == alone[k]);
    ark_game_free(g);
  }
  ark_game_free(proto);
}

/* A plugin whose hook is no function, or whose script returns something
** other than a table or nothing, is refused when it loads, in play as in
** check, with its file and line: a plugin cannot be switched off, and the
** game stopped at its first call with "attempt to call a number value". */
static void test_plugin_bad_shapes(void **st) {
  (void)st;
  static const struct { const char *name; int line; const char *what; } cases[] = {
    { "plugin-hook-number", 3, "turn_end must be a function, not a number" },
    { "plugin-returns-number", 1, "the script returns a number; a plugin's script returns a "
                                  "table of hooks, or nothing" },
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    ark_config cfg;
    ark_game *g = NULL;
    char msg[2048], where[600];
    config(&cfg, NULL, NULL, NULL);
    cfg.plugins[0] = case_dir(cases[k].name);
    assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONTENT);
    snprintf(where, sizeof where, "%s/hooks.lua:%d: %s", case_dir(cases[k].name), cases[k].line,
             cases[k].what);
    if (!strstr(msg, where)) fail_msg("%s: %s", cases[k].name, msg);
  }
}

/* A plugin whose script returns no table: its hooks are the globals it
** set (turn_end), and no rules global is taken for one (the rules'
** reputation_reached and conservation_reached carry handlers' names). */
static void test_plugin_no_table(void **st) {
  (void)st;
  ark_game *g = plugin_game("plugin-no-table", 1, NULL);
  lua_State *L = g->c->L;
  if (luaL_dostring(L, "local h = PLUGIN_SCRIPTS[1]\n"
                       "return type(h.turn_end) == 'function' and h.reputation_reached == nil "
                       "and h.conservation_reached == nil and type(reputation_reached) == "
                       "'function'"))
    fail_msg("%s", lua_tostring(L, -1));
  assert_true(lua_toboolean(L, -1));
  lua_pop(L, 1);
  assert_int_equal(t_play_random(g, 7, 0), ARK_END);
  ark_game_free(g);
}

/* g, whose family a copy's failure stopped with `why`, stops with it at
** its next step (Build asks where: no turn's end comes first). */
static void expect_family_stopped(ark_game *g, const char *why) {
  const ark_decision *d = ark_game_decision(g);
  int build = -1;
  for (int i = 0; i < d->noptions && build < 0; i++)
    if (!strncmp(d->options[i], "Build", 5)) build = i;
  assert_true(build >= 0);
  char msg[256];
  ark_game_answer(g, build, msg, sizeof msg);
  assert_int_equal(ark_game_process(g), ARK_ERROR);
  assert_string_equal(ark_game_error(g), why);
  ark_game_free(g);
}

/* A plugin's hook that never returns is stopped at the time limit (in the
** LuaJIT build too: a plugin's code runs in the interpreter), naming the
** plugin's line.  A plugin cannot be switched off, so the game the AI's
** copy was made from stops with the same message at its next step, before
** its own turn ends, and its queries fail, instead of every further trial
** waiting out the limit again. */
static void test_plugin_loop_stops_family(void **st) {
  (void)st;
  ark_game *g = plugin_game("plugin-loop", 1, NULL);
  t_to_first_turn(g);
  int out[64];
  assert_true(ark_game_query(g, "bonus_spaces", 0, out, 64) > 0);
  ark_game *trial = ark_game_clone(g);
  assert_int_equal(t_play_random(trial, 3, 0), ARK_ERROR);
  char why[ARK_ERRMSG];
  snprintf(why, sizeof why, "%s", ark_game_error(trial));
  if (!strstr(why, "tests/hostile/plugin-loop/hooks.lua:5: ") || !strstr(why, "ran longer than"))
    fail_msg("%s", why);
  ark_game_free(trial);
  assert_int_equal(ark_game_query(g, "bonus_spaces", 0, out, 64), -1);
  expect_family_stopped(g, why);
}

/* A plugin's hook that fails (not for a limit) stops the game family as
** one that loops does: the game an AI's copy failed in stops with the same
** message at its next step, instead of the AIs steering clear of the
** failure (a greedy game had put off the break the hook fails at until
** the turn cap). */
static void test_plugin_error_stops_family(void **st) {
  (void)st;
  ark_game *g = plugin_game("plugin-error", 1, NULL);
  t_to_first_turn(g);
  ark_game *trial = ark_game_clone(g);
  assert_int_equal(t_play_random(trial, 3, 0), ARK_ERROR);
  char why[ARK_ERRMSG];
  snprintf(why, sizeof why, "%s", ark_game_error(trial));
  if (!strstr(why, "tests/hostile/plugin-error/hooks.lua:4: ") || !strstr(why, "gian"))
    fail_msg("%s", why);
  ark_game_free(trial);
  expect_family_stopped(g, why);
}

/* ---- 4, 5: the same seed and answers give the same game ---- */

static uint64_t next_rand(uint64_t *rng) {
  *rng = *rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return *rng >> 33;
}

/* A random option whose text has (or, want 0, lacks) `needle`; -1 if none. */
static int random_with(const ark_decision *d, const char *needle, int want, uint64_t *rng) {
  int idx[ARK_MAX_OPTIONS], n = 0;
  for (int i = 0; i < d->noptions; i++)
    if ((strstr(d->options[i], needle) != NULL) == want) idx[n++] = i;
  return n ? idx[next_rand(rng) % (uint64_t)n] : -1;
}

/* Answers that bring the hostile fan cards (numbers 1001-1008) into play:
** keep them in the draft, take and play them when offered, choose the
** Animals action (or Build, for room) while holding one; else a random
** option of the test's own generator. */
static int pick(ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  int i;
  for (i = 0; i < d->noptions; i++)
    if (strstr(d->options[i], "(100") && (!strncmp(d->options[i], "play ", 5) ||
                                          !strncmp(d->options[i], "take ", 5)))
      return i;
  if (!strcmp(d->tag, "action") && next_rand(rng) % 4 != 0) {
    const ark_player *pl = &g->s.p[d->player];
    int fan = 0;
    for (int k = 0; k < pl->nhand; k++) fan |= g->c->cards[pl->hand[k]].number >= 1001;
    if (fan && ((i = random_with(d, "Animals", 1, rng)) >= 0 ||
                (i = random_with(d, "Build", 1, rng)) >= 0))
      return i;
  }
  if (strstr(d->prompt, "iscard") && (i = random_with(d, "(100", 0, rng)) >= 0) return i;
  return (int)(next_rand(rng) % (uint64_t)d->noptions);
}

static void determinism_config(ark_config *cfg, uint64_t seed) {
  static char cards[600], maps[600];
  snprintf(cards, sizeof cards, "%s/tests/hostile/determinism/cards", ARK_SOURCE_DIR);
  snprintf(maps, sizeof maps, "%s/tests/hostile/determinism/map", ARK_SOURCE_DIR);
  config(cfg, cards, maps, "H1");
  cfg->seed = seed;
}

/* One decision of game g by the policy: 0 when the game is over. */
static int step(ark_game *g, uint64_t *rng, int **answers, int *n) {
  if (ark_game_process(g) != ARK_AWAITING) return 0;
  int i = pick(g, rng);
  if (answers) {
    *answers = realloc(*answers, sizeof **answers * (size_t)(*n + 1));
    (*answers)[(*n)++] = i;
  }
  char msg[256];
  if (ark_game_answer(g, i, msg, sizeof msg) != ARK_OK && ark_game_error(g)[0] == '\0')
    fail_msg("answer refused: %s", msg);
  return 1;
}

/* Plays a game to its end; its log hash. */
static uint64_t play_out(ark_game *g, uint64_t seed, int **answers, int *n) {
  uint64_t rng = seed;
  while (step(g, &rng, answers, n)) {}
  if (ark_game_process(g) != ARK_END) fail_msg("game error: %s", ark_game_error(g));
  return ark_game_log_hash(g);
}

static ark_game *determinism_game(uint64_t seed) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  determinism_config(&cfg, seed);
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  return g;
}

/* Another process plays seed 3 (strings hash differently in each). */
static uint64_t hash_in_child(void) {
  char exe[1024], cmd[1200];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  assert_true(len > 0);
  exe[len] = '\0';
  snprintf(cmd, sizeof cmd, "'%s' --hash-of-seed 3", exe);
  FILE *f = popen(cmd, "r");
  assert_non_null(f);
  unsigned long long h = 0;
  int got = fscanf(f, "hash %llx", &h);
  assert_int_equal(pclose(f), 0);
  assert_int_equal(got, 1);
  return h;
}

#define SEEDS 5
#define TARGET 3

/* What the hostile cards of the determinism test left in the logs: bit k
** for card 1001 + k, when its script was stopped or (1002) logged. */
static unsigned hostile_seen(ark_game *g) {
  unsigned seen = 0;
  char needle[64];
  for (int k = 0; k < 8; k++) {
    snprintf(needle, sizeof needle, "determinism/cards/%d-", 1001 + k);
    if (log_count(g, needle) > 0) seen |= 1u << k;
  }
  if (log_count(g, " order: ") > log_count(g, "map order: ")) seen |= 1u << 1;
  return seen;
}

static void test_determinism(void **st) {
  (void)st;
  int *answers = NULL, nanswers = 0;
  uint64_t alone[SEEDS + 1];
  unsigned seen = 0;
  /* each seed alone, in a content of its own */
  for (uint64_t seed = 1; seed <= SEEDS; seed++) {
    ark_game *g = determinism_game(seed);
    alone[seed] = play_out(g, seed, seed == TARGET ? &answers : NULL, &nanswers);
    seen |= hostile_seen(g);
    assert_true(log_count(g, "map order: ") > 10);
    assert_int_equal(log_count(g, "0x"), 0);   /* no address in the log */
    ark_game_free(g);
  }
  /* most of the hostile cards were played, and stopped, in those games */
  int kinds = 0;
  for (int k = 0; k < 8; k++) kinds += (seen >> k) & 1;
  if (kinds < 6) fail_msg("only %d of the 8 hostile cards showed up (mask %x)", kinds, seen);
  /* one content, the games one after the other */
  ark_game *proto = determinism_game(1);
  for (uint64_t seed = 1; seed <= SEEDS; seed++) {
    ark_config cfg;
    ark_game *h = NULL;
    char msg[256];
    determinism_config(&cfg, seed);
    assert_int_equal(ark_game_new_like(proto, &cfg, &h, msg, sizeof msg), ARK_OK);
    assert_true(play_out(h, seed, NULL, NULL) == alone[seed]);
    ark_game_free(h);
  }
  /* interleaved: the games of one content take turns decision by decision,
  ** and each decision is first tried on a clone, as an AI does */
  ark_game *games[SEEDS];
  uint64_t rngs[SEEDS];
  for (int k = 0; k < SEEDS; k++) {
    ark_config cfg;
    char msg[256];
    determinism_config(&cfg, (uint64_t)k + 1);
    assert_int_equal(ark_game_new_like(proto, &cfg, &games[k], msg, sizeof msg), ARK_OK);
    rngs[k] = (uint64_t)k + 1;
  }
  for (int live = SEEDS; live > 0;) {
    live = 0;
    for (int k = 0; k < SEEDS; k++) {
      if (ark_game_process(games[k]) != ARK_AWAITING) continue;
      live++;
      ark_game *trial = ark_game_clone(games[k]);
      uint64_t trial_rng = rngs[k] ^ 0x5555;
      for (int i = 0; i < 3 && step(trial, &trial_rng, NULL, NULL); i++) {}
      ark_game_free(trial);
      step(games[k], &rngs[k], NULL, NULL);
    }
  }
  for (int k = 0; k < SEEDS; k++) {
    assert_true(ark_game_log_hash(games[k]) == alone[k + 1]);
    ark_game_free(games[k]);
  }
  ark_game_free(proto);
  /* from a save: the seed and the answers */
  ark_game *r = determinism_game(TARGET);
  for (int i = 0; i < nanswers; i++) {
    char msg[256];
    assert_int_equal(ark_game_process(r), ARK_AWAITING);
    assert_int_equal(ark_game_answer(r, answers[i], msg, sizeof msg), ARK_OK);
  }
  assert_int_equal(ark_game_process(r), ARK_END);
  assert_true(ark_game_log_hash(r) == alone[TARGET]);
  ark_game_free(r);
  free(answers);
  /* another process */
  assert_true(hash_in_child() == alone[TARGET]);
}

/* ---- 6: wrong types ---- */

static void test_handler_number(void **st) {
  (void)st;
  expect_contained("handler-number", 4, "on_play must be a function, not a number");
  /* and `arknova check` says so without playing */
  ark_config cfg;
  char *report = NULL;
  int n = 0;
  config(&cfg, case_dir("handler-number"), NULL, NULL);
  assert_int_equal(ark_check(&cfg, &report, &n), ARK_ERR_CONTENT);
  assert_int_equal(n, 1);
  assert_non_null(strstr(report, case_file("handler-number", 4)));
  free(report);
}

/* A modifier of a card in the zoo is asked when the turn's options are
** worked out: the bad return stops its script, the turn goes on. */
static void expect_modifier_stopped(const char *name, const char *what) {
  ark_game *g = case_game(name);
  t_to_first_turn(g);
  int p = g->s.cur;
  t_zoo_add(g, p, 1001);
  t_give(g, p, 401);
  g->s.p[p].money = 30;
  t_set_slots(g, p, ARK_ACT_BUILD, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
              ARK_ACT_SPONSORS);
  t_restart(g);
  double t0 = cpu_now();
  t_expect(g, "action", p);
  assert_true(cpu_now() - t0 < step_bound());
  assert_true(ark_game_script_stopped(g));
  expect_log(g, case_file(name, 4), what);
  assert_int_equal(t_play_random(g, 3, 1), ARK_END);
  ark_game_free(g);
}

/* The same failure met while working out options left for later
** (ark_game_process_lazy, as the AIs' look-ahead does): the turn runs again
** with them worked out at once, so the script is stopped and logged as in
** a game that never left them (the eager game below). */
static void test_late_options_fail_as_before(void **st) {
  (void)st;
  ark_game *g[2];
  for (int k = 0; k < 2; k++) {
    g[k] = case_game("modifier-nil");
    t_to_first_turn(g[k]);
    int p = g[k]->s.cur;
    t_zoo_add(g[k], p, 1001);
    t_give(g[k], p, 401);
    g[k]->s.p[p].money = 30;
    t_set_slots(g[k], p, ARK_ACT_BUILD, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
                ARK_ACT_SPONSORS);
    g[k]->no_lazy = k;                   /* g[1] works its options out at once */
    t_restart(g[k]);
  }
  assert_int_equal(ark_game_process_lazy(g[0]), ARK_AWAITING);
  assert_true(g[0]->lazy);
  assert_false(ark_game_script_stopped(g[0]));   /* nothing ran the modifier yet */
  assert_int_equal(ark_game_process(g[1]), ARK_AWAITING);
  assert_true(ark_game_script_stopped(g[1]));
  const ark_decision *d = ark_game_decision(g[0]);
  assert_non_null(d);
  assert_true(ark_game_script_stopped(g[0]));
  expect_log(g[0], case_file("modifier-nil", 4), "modify_animal_cost returned nothing");
  assert_int_equal(d->noptions, ark_game_decision(g[1])->noptions);
  assert_true(ark_game_log_hash(g[0]) == ark_game_log_hash(g[1]));
  for (int k = 0; k < 2; k++) {
    assert_int_equal(t_play_random(g[k], 3, 1), ARK_END);
  }
  assert_true(ark_game_log_hash(g[0]) == ark_game_log_hash(g[1]));
  for (int k = 0; k < 2; k++) ark_game_free(g[k]);
}

static void test_modifier_string(void **st) {
  (void)st;
  expect_modifier_stopped("modifier-string", "modify_animal_cost returned the string \"free\"");
}

static void test_modifier_nil(void **st) {
  (void)st;
  expect_modifier_stopped("modifier-nil", "modify_animal_cost returned nothing");
}

/* A game on the fan map of case `name` (its F9), played at random to its
** end: its script was stopped, and the log names its file at `line` and
** says `what`.  The game reaching its end shows that the questions after
** the stop are asked: a modifier that failed leaves none refused. */
static void expect_map_stopped(const char *name, const char *file, int line, const char *what) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048], where[700];
  config(&cfg, NULL, case_dir(name), "F9");
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s: %s", name, msg);
  assert_int_equal(t_play_random(g, 3, 0), ARK_END);
  assert_true(ark_game_script_stopped(g));
  snprintf(where, sizeof where, "tests/hostile/%s/%s:%d: ", name, file, line);
  expect_log(g, where, what);
  ark_game_free(g);
}

/* A modifier that asks a player is stopped with what is wrong, not with
** Lua's "attempt to yield across a C-call boundary" (or, where no C lies
** between, a question asked while the rules merely list options). */
static void test_map_modifier_asks(void **st) {
  (void)st;
  expect_map_stopped("map-modifier-asks", "F9-asking-fountain.lua", 4,
                     "a modifier may not ask a player: modify_sponsor_level called choose");
}

static void test_map_modifier_error(void **st) {
  (void)st;
  expect_map_stopped("map-modifier-error", "F9-failing-fountain.lua", 5, "attempt to index");
}

/* gain with no amount (a misspelt name reads nil) stops the script at
** its line, as any other amount that is not a number does, instead of
** gaining nothing unseen. */
static void test_gain_nil(void **st) {
  (void)st;
  expect_contained("gain-nil", 5, "gain: the amount must be a number, not nil");
}

/* A primitive's argument of the wrong kind is named as the script wrote
** it, not as Lua's "bad argument #3 to 'add'". */
static void test_gain_fraction(void **st) {
  (void)st;
  expect_contained("gain-fraction", 5, "a whole number is expected, not 1.5");
}

static void test_step_data_metatable(void **st) {
  (void)st;
  expect_contained("step-data-metatable", 5, "cannot change a protected metatable");
}

static void test_error_table(void **st) {
  (void)st;
  expect_contained("error-table", 5, "error raised with a table instead of a message");
}

static void test_error_tostring_loop(void **st) {
  (void)st;
  expect_contained("error-tostring-loop", 5, "error raised with a table instead of a message");
}

/* A script that returns nothing: one message at its last line, not one
** for every name of its environment; play refuses it the same way. */
static void test_no_return(void **st) {
  (void)st;
  ark_config cfg;
  ark_game *g = NULL;
  char *report = NULL, msg[2048];
  int n = 0;
  config(&cfg, case_dir("no-return"), NULL, NULL);
  assert_int_equal(ark_check(&cfg, &report, &n), ARK_ERR_CONTENT);
  assert_int_equal(n, 1);
  assert_non_null(strstr(report, case_file("no-return", 6)));
  assert_non_null(strstr(report, "return card"));
  assert_null(strstr(report, "rules/"));
  free(report);
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, case_file("no-return", 6)));
}

/* ---- 7: errors in engine helpers name the fan script's line ---- */

static void test_engine_helper(void **st) {
  (void)st;
  expect_contained("engine-helper", 5, "gain: unknown track 'monies'");
  ark_game *g = case_game("engine-helper");
  ready_to_play(g);
  play_card(g);
  assert_int_equal(log_count(g, "rules/"), 0);
  ark_game_free(g);
}

/* The same mistakes in a handler's last call, `return gain_then(...)`: the
** script's frame is gone when the helper runs (a tail call), yet the stop
** names its file and the line of that call and switches off only that
** script (the base's owner, native/lua_bridge.c), with the helper's name. */
static void test_tail_gain_then(void **st) {
  (void)st;
  expect_contained("tail-gain-then", 5, "gain_then: unknown track 'monies'");
}

/* A then_ function a continuation ran, failing in its own last call: its
** line, not its handler's. */
static void test_tail_then_function(void **st) {
  (void)st;
  expect_contained("tail-then-function", 11, "gain: unknown track 'monies'");
}

/* A handler with two last calls, the second a rules call that fails:
** the line of the call the message names. */
static void test_tail_rules_call(void **st) {
  (void)st;
  expect_contained("tail-rules-call", 7, "perform_action: unknown action card 'animalz'");
}

/* A primitive refusing a fan script's argument (ark.count_zoo's range with
** one end) stops the script at the calling line, with the primitive's
** reason. */
static void test_count_zoo_filter(void **st) {
  (void)st;
  expect_contained("count-zoo-filter", 5, "ark.count_zoo: 'size' as a range is { lowest, highest }");
}

/* An event whose handler sets it off again without end (an unknown bonus
** fires "bonus", whose handler applies it again): stopped at the
** handler's line when the stack runs out (C's with Lua 5.4, whose fire is
** C; Lua's with LuaJIT), the game going on.  Scripts cannot call fire
** itself, the rules' own. */
static void test_event_recursion(void **st) {
  (void)st;
  expect_contained("event-recursion", 9, "stack overflow");
}

/* A recursion without end in a script's own functions: stopped at the
** recursing line when the stack runs out, within the time limit.  Finding
** the culprit on such a stack (half a million frames with Lua 5.4) took
** minutes of C outside any limit, asking for each frame from the innermost;
** the guard fails the test instead of waiting for it. */
static void test_deep_recursion(void **st) {
  (void)st;
  guard(20);
#ifdef ARK_SANITIZE
  /* building and unwinding half a million checked frames: 1.55 s of CPU
  ** under ASan + UBSan, 0.18 s without; minutes before the fix */
  step_scale = 4;
#endif
  /* the recursion alone takes about 0.1 s of CPU here (a limit of 80 ms
  ** stops it for time), too close to MS: CI's machine stopped it for time
  ** first; under the engine's default limit of 2 s the overflow stops it */
  case_ms = 2000;
  expect_contained("deep-recursion", 6, "stack overflow");
  case_ms = MS;
  step_scale = 1;
  guard(0);
}

/* Asking without end is stopped too, at the asking script's line. */
static void test_decision_flood(void **st) {
  (void)st;
  ark_game *g = case_game("decision-flood");
  int p = ready_to_play(g);
  t_answer_match(g, "Animals I at strength 2");
  t_expect(g, "animals.enclosure", p);
  t_answer_match(g, "into size-1");
  int asked = 0;
  while (ark_game_process(g) == ARK_AWAITING && !strcmp(ark_game_decision(g)->tag, "card.take")) {
    char msg[128];
    assert_int_equal(ark_game_answer(g, 0, msg, sizeof msg), ARK_OK);
    asked++;
  }
  /* the action and the enclosure were the step's first two decisions */
  assert_int_equal(asked + 2, 5000);
  assert_true(ark_game_script_stopped(g));
  expect_log(g, case_file("decision-flood", 5), "more than 5000 decisions in one step");
  t_expect(g, "action", p);
  ark_game_free(g);
}

/* ---- 8: one validation of content, for check and play alike ---- */

static void expect_refused(const char *name, const char *where, const char *what) {
  ark_config cfg;
  ark_game *g = NULL;
  char *report = NULL, msg[2048];
  int n = 0;
  config(&cfg, case_dir(name), NULL, NULL);
  assert_int_equal(ark_check(&cfg, &report, &n), ARK_ERR_CONTENT);
  assert_int_equal(n, 1);
  if (!strstr(report, where) || !strstr(report, what)) fail_msg("check: %s", report);
  free(report);
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONTENT);
  if (!strstr(msg, where) || !strstr(msg, what)) fail_msg("play: %s", msg);
}

static void test_keyword_unknown(void **st) {
  (void)st;
  expect_refused("keyword-unknown", "keyword-unknown/1001-teleporter.yaml:7: ",
                 "unknown keyword ability 'teleport'");
  /* and which there are (it named none) */
  expect_refused("keyword-unknown", "keyword-unknown/1001-teleporter.yaml:7: ",
                 "(keywords: action, assertion, boost, clever, constriction, ");
}

static void test_keyword_value(void **st) {
  (void)st;
  expect_refused("keyword-value", "keyword-value/1001-many-sprinter.yaml:9: ",
                 "keyword ability 'sprint:many' needs a number");
}

static void test_missing_cost(void **st) {
  (void)st;
  expect_refused("missing-cost", "missing-cost/1001-priceless.yaml:1: ",
                 "missing required field \"cost\"");
}

/* A byte-order mark before the script is skipped. */
static void test_bom(void **st) {
  (void)st;
  ark_config cfg;
  char *report = NULL;
  int n = 0;
  config(&cfg, case_dir("bom"), NULL, NULL);
  assert_int_equal(ark_check(&cfg, &report, &n), ARK_OK);
  free(report);
  ark_game *g = case_game("bom");
  int p = ready_to_play(g);
  play_card(g);
  assert_false(ark_game_script_stopped(g));
  assert_int_equal(g->s.p[p].money, 20 - 1 + 1);
  ark_game_free(g);
}

/* ---- 9: the memory cap holds (Lua 5.4 and LuaJIT) ---- */

static void test_memory_rep(void **st) {
  (void)st;
  expect_contained("memory-rep", 5, "over the scripts' memory cap");
}

static void test_memory_concat(void **st) {
  (void)st;
  expect_contained("memory-concat", 4, "on_play ran out of memory (the scripts may use 64 MiB)");
}

static void test_memory_table_concat(void **st) {
  (void)st;
  expect_contained("memory-table-concat", 4, "ran out of memory");
}

/* None of the memory cases got near the gigabytes they asked for. */
static void test_memory_peak(void **st) {
  (void)st;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  assert_true(ru.ru_maxrss < 1024L * 1024);   /* KiB */
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "--hash-of-seed")) {
    uint64_t seed = strtoull(argv[2], NULL, 10);
    ark_game *g = determinism_game(seed);
    printf("hash %016llx\n", (unsigned long long)play_out(g, seed, NULL, NULL));
    ark_game_free(g);
    return 0;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_load_loop),
    cmocka_unit_test(test_load_memory),
    cmocka_unit_test(test_slow_find),
    cmocka_unit_test(test_slow_method),
    cmocka_unit_test(test_slow_gmatch),
    cmocka_unit_test(test_slow_gsub),
    cmocka_unit_test(test_slow_gsub_function),
    cmocka_unit_test(test_slow_rep),
    cmocka_unit_test(test_slow_sort),
    cmocka_unit_test(test_slow_pairs),
    cmocka_unit_test(test_string_functions),
    cmocka_unit_test(test_clone_after_stop),
    cmocka_unit_test(test_clone_family),
    cmocka_unit_test(test_query_skips_slow),
    cmocka_unit_test(test_modifier_stop_named),
    cmocka_unit_test(test_score_fails_in_query),
    cmocka_unit_test(test_score_asks),
    cmocka_unit_test(test_kept_upvalue),
    cmocka_unit_test(test_kept_table),
    cmocka_unit_test(test_kept_card_field),
    cmocka_unit_test(test_kept_global),
    cmocka_unit_test(test_kept_nothing),
    cmocka_unit_test(test_reads_own_table),
    cmocka_unit_test(test_kept_across_games),
    cmocka_unit_test(test_plugin_kept),
    cmocka_unit_test(test_plugin_kept_nothing),
    cmocka_unit_test(test_plugin_no_table),
    cmocka_unit_test(test_plugin_bad_shapes),
    cmocka_unit_test(test_gain_nil),
    cmocka_unit_test(test_gain_fraction),
    cmocka_unit_test(test_plugin_loop_stops_family),
    cmocka_unit_test(test_plugin_error_stops_family),
    cmocka_unit_test(test_determinism),
    cmocka_unit_test(test_handler_number),
    cmocka_unit_test(test_modifier_string),
    cmocka_unit_test(test_late_options_fail_as_before),
    cmocka_unit_test(test_modifier_nil),
    cmocka_unit_test(test_map_modifier_asks),
    cmocka_unit_test(test_map_modifier_error),
    cmocka_unit_test(test_step_data_metatable),
    cmocka_unit_test(test_error_table),
    cmocka_unit_test(test_error_tostring_loop),
    cmocka_unit_test(test_no_return),
    cmocka_unit_test(test_engine_helper),
    cmocka_unit_test(test_tail_gain_then),
    cmocka_unit_test(test_tail_then_function),
    cmocka_unit_test(test_tail_rules_call),
    cmocka_unit_test(test_count_zoo_filter),
    cmocka_unit_test(test_event_recursion),
    cmocka_unit_test(test_deep_recursion),
    cmocka_unit_test(test_decision_flood),
    cmocka_unit_test(test_keyword_unknown),
    cmocka_unit_test(test_keyword_value),
    cmocka_unit_test(test_missing_cost),
    cmocka_unit_test(test_bom),
    cmocka_unit_test(test_memory_rep),
    cmocka_unit_test(test_memory_concat),
    cmocka_unit_test(test_memory_table_concat),
    cmocka_unit_test(test_memory_peak),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
