/*
** test_scenario_files.c - `arknova scenario` (build/arknova, next to this
** test) on files that are wrong: a section of the wrong shape, a file
** that checks nothing, a card or seat set up twice, a value of the wrong
** kind or an unknown card under expect.  Each is refused with its line
** and exit 2 before anything is played, never passed or counted as a
** failed expectation.  Then the messages: the usage line, the line of a
** bad map or player count, the pending break, a folder list; and the
** same refusals for a game written in Lua (host/scenario_lua.c).
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "support.h"

/* arknova beside this test, its runs' folder, a run and a file there */
#define exe t_exe
#define tmp t_tmp
#define run t_cmd
#define output_has t_out_has
static char *slurp(const char *name) { return t_slurp(tmp, name); }

static int output_lacks(const char *needle) {
  const char *out = slurp("out");
  if (!out || !strstr(out, needle)) return 1;
  print_message("unexpected '%s' in:\n%s\n", needle, out);
  return 0;
}

/* Writes x.yaml with `text` and runs it: it must be refused (exit 2) with
** `msg` in the output, neither passing nor counting expectations. */
static void refused(const char *text, const char *msg) {
  t_write_file(tmp, "x.yaml", text);
  int rc = run("scenario x.yaml");
  if (rc != 2) fail_msg("exit %d, not 2, for:\n%s\noutput:\n%s", rc, text, slurp("out"));
  assert_true(output_has(msg));
  assert_true(output_lacks("ok: "));
  assert_true(output_lacks("expectations failed"));
}

/* A passing scenario's tail, so that a file is wrong for one reason. */
#define CHECKS "expect:\n  donations: 0\n"

/* A seat holds 1 to 4 final scoring cards (2 dealt, 1 after the discard
** at 10 conservation, more after Resistance); a scenario took exactly 2,
** so no position after Resistance could be set up. */
static void test_scoring_cards_held(void **st) {
  (void)st;
  t_write_file(tmp, "x.yaml", "name: x\nsetup:\n  players:\n    - seat: 1\n"
                              "      scoring: [1, 2, 3]\n" CHECKS);
  int rc = run("scenario x.yaml");
  if (rc != 0) fail_msg("exit %d for three final scoring cards:\n%s", rc, slurp("out"));
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      scoring: [1, 2, 3, 4, 5]\n" CHECKS,
          "x.yaml:5: a player holds 1 to 4 final scoring cards");
}

/* A section of the wrong shape was skipped without a word: the file
** passed (exit 0) checking nothing. */
static void test_wrong_shapes(void **st) {
  (void)st;
  refused("name: x\nsetup:\n  players:\n    seat: 1\n    money: 77\n" CHECKS,
          "x.yaml:4: players must be a list, a '- seat: N' entry per player, not a mapping");
  refused("name: x\nexpect:\n  players:\n    seat: 1\n    money: 12345\n",
          "x.yaml:4: players must be a list");
  refused("name: x\ndecisions: Animals I at strength 2\n" CHECKS,
          "x.yaml:2: decisions must be a list, a '- option text' line per decision, "
          "not 'Animals I at strength 2'");
  refused("name: x\ndecisions:\n  - P1: Animals I at strength 2\n" CHECKS,
          "x.yaml:3: a decision is an option's text");
  refused("name: x\nexpect: 5\n", "x.yaml:2: expect must be a mapping");
  refused("name: x\nexpect:\n", "x.yaml:2: expect must be a mapping (players:, decision:, "
          "break: ...), but it is empty");
  refused("name: x\nsetup: [1, 2]\n" CHECKS, "x.yaml:2: setup must be a mapping");
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      tokens: 3\n" CHECKS,
          "x.yaml:5: tokens must be a mapping");
  refused("name: x\nexpect:\n  players:\n    - seat: 1\n      tokens: [1]\n",
          "x.yaml:5: tokens must be a mapping");
  refused("name: x\nexpect:\n  players: [5]\n", "x.yaml:3: a player's entry must be a mapping");
  refused("name: x\nexpect:\n  decision: action\n  donations: 0\n",
          "x.yaml:3: decision must be a mapping");
  refused("name: x\nexpect:\n  decision: {options_include: Animals}\n  donations: 0\n",
          "x.yaml:3: options_include must be a list of texts");
  refused("name: x\nmap: [A]\n" CHECKS, "x.yaml:2: map must be a map's name");
  refused("- name: x\n  expect: {players: [{seat: 1, money: 999}]}\n",
          "x.yaml:1: a scenario file must be a mapping of keys");
  refused("hello\n", "x.yaml:1: a scenario file must be a mapping of keys (name:, setup:, "
          "decisions:, expect: ...), not 'hello'");
  /* the example of tests/scenarios/failing/ */
  assert_int_equal(run("scenario %s/tests/scenarios/failing/players-not-a-list.yaml",
                       ARK_SOURCE_DIR), 2);
  assert_true(output_has("players-not-a-list.yaml:10: players must be a list"));
  assert_true(output_has("players-not-a-list.yaml:14: players must be a list"));
}

/* A file that checks nothing passed with "0 expectations hold". */
static void test_checks_nothing(void **st) {
  (void)st;
  refused("name: x\n", "x.yaml:1: the scenario checks nothing: it has no expect: section");
  refused("name: x\nsetup: {display: [401]}\n", "the scenario checks nothing");
  refused("name: x\nexpect: {}\n", "x.yaml:2: the scenario checks nothing: expect: names no "
          "value to check");
  refused("name: x\nexpect:\n  players: []\n  decision: {}\n", "the scenario checks nothing");
  t_write_file(tmp, "one.yaml", "name: x\nexpect: {players: [{seat: 1, rank: 1}]}\n");
  assert_int_equal(run("scenario one.yaml"), 0);
  assert_true(output_has("ok: one.yaml: 1 expectations hold"));
}

/* A card or seat set up twice was merged or moved without a word. */
static void test_setup_twice(void **st) {
  (void)st;
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      hand: [401, 401]\n" CHECKS,
          "x.yaml:5: card 401 is listed twice in P1 hand (first on line 5)");
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      hand: [401]\n"
          "    - seat: 2\n      zoo: [401]\n" CHECKS,
          "x.yaml:7: card 401 is put in two places: P2 zoo (here) and P1 hand (line 5)");
  refused("name: x\nsetup:\n  display: [401]\n  players:\n    - seat: 1\n      hand: [401]\n" CHECKS,
          "x.yaml:3: card 401 is put in two places: the display (here) and P1 hand (line 6)");
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      money: 1\n"
          "    - seat: 1\n      money: 2\n" CHECKS,
          "x.yaml:6: seat 1 is listed twice (first on line 4)");
  refused("name: x\nsetup:\n  players:\n    - money: 1\n    - seat: 1\n" CHECKS,
          "x.yaml:5: seat 1 is listed twice (first on line 4)");
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      universities: [research, research]\n"
          CHECKS, "x.yaml:5: 'research' is listed twice");
  refused("name: x\nsetup:\n  players:\n    - buildings:\n        - type: size-2\n"
          "          cells: [[3, 4], \"(3,4)\"]\n" CHECKS, "x.yaml:6: this space is given twice");
  refused("name: x\nexpect:\n  players:\n    - seat: 1\n      money: 25\n    - seat: 1\n"
          "      money: 25\n", "x.yaml:6: seat 1 is listed twice (first on line 4)");
  /* a seat past the game's: its count, once per entry, in the file's order
  ** (it said "no such seat", expect: before setup:) */
  t_write_file(tmp, "x.yaml", "name: x\nplayers: 3\nsetup:\n  players:\n    - seat: 1\n"
               "    - seat: 4\n      money: 2\n    - money: 1\nexpect:\n  players:\n"
               "    - money: 4\n    - seat: 5\n      money: 4\n");
  assert_int_equal(run("scenario x.yaml"), 2);
  assert_string_equal(slurp("out"), "x.yaml:6: seat 4: this game has 3 seats\n"
                                    "x.yaml:12: seat 5: this game has 3 seats\n");
  assert_int_equal(run("scenario %s/tests/scenarios/failing/card-in-two-places.yaml",
                       ARK_SOURCE_DIR), 2);
  assert_true(output_has("card-in-two-places.yaml:12: card 401 is put in two places: P2 zoo "
                         "(here) and P1 hand (line 10)"));
}

/* A value of the wrong kind under expect counted as a failure: "1 of 0
** expectations failed", exit 1. */
static void test_expect_kinds(void **st) {
  (void)st;
  refused("name: x\nexpect: {game_over: maybe}\n", "x.yaml:2: expected true or false");
  refused("name: x\nexpect:\n  players:\n    - seat: 1\n      zoo: 5\n",
          "x.yaml:5: expected a list of card numbers");
  refused("name: x\nexpect:\n  players:\n    - seat: 1\n      actions: animals\n",
          "x.yaml:5: actions: list the five action cards");
  refused("name: x\nexpect:\n  players:\n    - seat: 1\n      money: ten\n",
          "x.yaml:5: expected a whole number");
  refused("name: x\nexpect:\n  pending: [action]\n", "x.yaml:3: expected a decision's tag");
  refused("name: x\nexpect:\n  decision: {tag: action, player: two}\n",
          "x.yaml:3: expected a whole number");
}

/* An unknown card under expect was found only after the game had run. */
static void test_expect_unknown_card(void **st) {
  (void)st;
  /* the decision fits no option: refused before it is tried */
  refused("name: x\ndecisions: [no such option]\nexpect:\n  players:\n    - seat: 1\n"
          "      zoo: [9999]\n",
          "x.yaml:6: no card with number 9999 (a fan card needs its folder");
  assert_true(output_lacks("no such option"));
  refused("name: x\nexpect:\n  display: [401, -1, 9998]\n", "x.yaml:3: no card with number 9998");
  refused("name: x\nexpect:\n  players:\n    - hand_contains: [0]\n", "no card with number 0");
}

/* The usage line, a bad map or player count with its line, a pending
** break named as such, a folder list, the display emptied as documented. */
static void test_messages(void **st) {
  (void)st;
  assert_int_equal(run("scenario --help"), 0);
  const char *out = slurp("out"), *nl = strstr(out, "\n\n");
  assert_non_null(nl);
  char usage[400];
  snprintf(usage, sizeof usage, "%.*s", (int)(nl - out), out);
  assert_non_null(strstr(usage, "[--data DIR]"));
  assert_non_null(strstr(usage, "[--maps DIR]..."));
  assert_non_null(strstr(usage, "[--plugin P]..."));
  refused("name: x\nmap: Z\n" CHECKS, "x.yaml:2: unknown map 'Z'");
  refused("name: x\nplayers: 5\n" CHECKS, "x.yaml:2: players must be 2, 3 or 4 (got 5)");
  refused("name: x\ncards: ../x\n" CHECKS, "x.yaml:2: cards must be a list of folders");
  /* a building's space named as (x,y), with what stands there (it read
  ** "space 91 is already built on") */
  refused("name: x\nseed: 2\nsetup:\n  players:\n    - seat: 1\n      buildings:\n"
          "        - {type: size-1, cells: [[1, 10]]}\n" CHECKS,
          "x.yaml:7: (1,10) is already built on: a size-3 stands there (a start building of "
          "the map, or one placed before)");
  refused("name: x\nsetup:\n  players:\n    - seat: 1\n      buildings:\n"
          "        - {type: size-1, cells: [[0, 0]]}\n" CHECKS,
          "x.yaml:6: (0,0) is not a space of map A");
  /* folders that are not there: each at its line (one was named, with no line) */
  refused("name: x\ncards: [nosuch]\nmaps: [nomaps]\nplugins: [rich30, ./nop]\n" CHECKS,
          "x.yaml:2: cards: no folder 'nosuch' (read from this file's folder)\n"
          "x.yaml:3: maps: no folder 'nomaps' (read from this file's folder)\n");
  assert_true(output_has("/plugins (a plugin folder beside this file is written ./rich30)\n"
                         "x.yaml:4: plugins: no folder './nop' (read from this file's folder)"));
  assert_true(output_has("x.yaml:4: plugins: no plugin 'rich30' in "));
  /* a break's discard down to the hand limit is pending: not "an action" */
  t_write_file(tmp, "brk.yaml", "players: 2\nseed: 3\nsetup:\n  current: 1\n  break: 14\n"
               "  players:\n    - seat: 1\n      hand: [401, 402, 403, 404, 405, 406]\n"
               "      actions: [cards, animals, build, association, sponsors]\n"
               "    - seat: 2\n      hand: []\n"
               "decisions:\n  - Cards I at strength 1\n  - 1\n"
               "expect:\n  players:\n    - seat: 2\n      hand_size: 0\n");
  assert_int_equal(run("scenario brk.yaml"), 1);
  assert_true(output_has("decision \"Break: discard down to your hand limit\" (card.discard) "
                         "is pending: a break is due or under way"));
  assert_true(output_lacks("an action is not finished"));
  /* a failed options_include lists what is offered, as a decision that
  ** fits none does (it said only "missing") */
  t_write_file(tmp, "oi.yaml", "name: x\nexpect:\n  decision: {options_include: [zzz], "
               "options_exclude: [Animals]}\n");
  assert_int_equal(run("scenario oi.yaml"), 1);
  assert_true(output_has("oi.yaml:3: FAILED: an option containing 'zzz' was expected but is "
                         "missing among the options of P2's \"Choose your action\" (action):\n"
                         "  Build I at strength 2\n  Cards I at strength 3\n"));
  assert_true(output_has("  X-token action: Association to slot 1\noi.yaml:3: FAILED: an option "
                         "containing 'Animals' was not expected but is there: X-token action: "
                         "Animals to slot 1\n"));
  /* display: [401] empties folders 2 to 6, and the format says so */
  t_write_file(tmp, "disp.yaml", "seed: 3\nsetup:\n  display: [401]\n"
               "expect:\n  display: [401, -1, -1, -1, -1, -1]\n");
  assert_int_equal(run("scenario disp.yaml"), 0);
  char *doc = t_slurp(ARK_SOURCE_DIR, "docs/scenarios.md");
  assert_non_null(doc);
  assert_non_null(strstr(doc, "`display: [401]` puts card 401 in folder 1 and leaves\n"
                              "folders 2 to 6 empty"));
}

/* An answer a plugin's hook fails on: the decision's line and the hook's
** error, with nothing of a message the answer never wrote. */
static void test_answer_fails_in_script(void **st) {
  (void)st;
  char dir[600];
  snprintf(dir, sizeof dir, "%s/hk", tmp);
  mkdir(dir, 0755);
  t_write_file(tmp, "hk/plugin.yaml", "name: hk\nversion: \"1\"\ndescription: \"x\"\n"
               "script: hooks.lua\n");
  t_write_file(tmp, "hk/hooks.lua", "local hooks = {}\n"
               "function hooks.card_played(owner, id, p, card)\n  error('boom')\nend\n"
               "return hooks\n");
  t_write_file(tmp, "hk.yaml", "plugins: [hk]\nseed: 1\nsetup:\n  current: 1\n  players:\n"
               "    - seat: 1\n      money: 30\n      hand: [401]\n"
               "      actions: [cards, animals, build, association, sponsors]\n"
               "      buildings:\n        - type: size-5\n"
               "          cells: [[1, 2], [1, 4], [2, 1], [2, 3], [1, 0]]\n"
               "decisions:\n  - Animals I\n"
               "expect:\n  players:\n    - seat: 1\n      zoo: [401]\n");
  assert_int_equal(run("scenario hk.yaml"), 1);
  const char *out = slurp("out");
  const char *want = "hk.yaml:14: decision 1 'Animals I': hk/hooks.lua:3: boom\n";
  const char *at = out ? strstr(out, want) : NULL;
  if (!at || (at != out && at[-1] != '\n')) fail_msg("no line '%s' in:\n%s", want, out);
}

/* The same mistakes in the scenario of a game written in Lua. */
static void test_lua_files(void **st) {
  (void)st;
  refused("game: ares-expedition\nexpect:\n  decision: corporation\n",
          "x.yaml:3: decision must be a map");
  refused("game: ares-expedition\nexpect:\n  decision: {options_include: corporation}\n",
          "x.yaml:3: options_include must be a list of texts");
  refused("game: ares-expedition\nexpect:\n  decision: {player: one}\n",
          "x.yaml:3: expected a whole number");
  refused("game: ares-expedition\nexpect:\n  P1.mc: [3]\n", "x.yaml:3: expected a whole number");
  refused("game: ares-expedition\nexpect:\n  decision: {tag: [a]}\n", "x.yaml:3: tag: expected a text");
  refused("game: ares-expedition\n", "x.yaml:1: the scenario checks nothing");
  refused("game: ares-expedition\nexpect: {}\n", "x.yaml:2: the scenario checks nothing");
  /* options the rules refuse for the player count are told at options:
  ** (it was game:), a count no option could mend at players: */
  refused("game: ares-expedition\nplayers: 3\nseed: 1\noptions: [mode=2]\n"
          "expect:\n  decision: {tag: corporation}\n",
          "x.yaml:4: option mode=2 (the cooperative game) is played by 2 players, not 3\n");
  refused("game: ares-expedition\nplayers: 7\noptions: [mode=2]\n"
          "expect:\n  decision: {tag: corporation}\n",
          "x.yaml:2: Terraforming Mars: Ares Expedition is played by 1 to 4 players (got 7)\n");
  /* every mistake under setup's counters: (it told the first alone) */
  refused("game: ares-expedition\nsetup:\n  P1.played: [Tardigrades]\n  counters:\n"
          "    Tardigrade: {res: 2}\n    Tardigrades: {microbes: 2, res: x}\n"
          "expect:\n  decision: {tag: corporation}\n",
          "x.yaml:5: ares-expedition has no card 'Tardigrade' (a card's number or name)\n"
          "x.yaml:6: no card counter 'microbes' (counters: res used)\n"
          "x.yaml:6: expected a whole number");
  /* a failed options_include lists what is offered (it said only "missing"),
  ** a failed options_exclude the option that has the text */
  t_write_file(tmp, "oj.yaml", "game: ares-expedition\nexpect:\n  decision: {options_include: "
               "[zzz], options_exclude: [Teractor]}\n");
  assert_int_equal(run("scenario oj.yaml"), 1);
  assert_true(output_has("oj.yaml:3: FAILED: an option containing 'zzz' was expected but is "
                         "missing among the options of P1's \"choose your corporation\" "
                         "(corporation):\n  corporation 212 Interplanetary Cinematics (46 MC)\n"
                         "  corporation 217 Teractor (51 MC)\n"));
  assert_true(output_has("oj.yaml:3: FAILED: an option containing 'Teractor' was not expected "
                         "but is there: corporation 217 Teractor (51 MC)\n"));
  t_write_file(tmp, "list.yaml", "- game: ares-expedition\n");
  assert_int_equal(run("scenario --game ares-expedition list.yaml"), 2);
  assert_true(output_has("list.yaml:1: a scenario file must be a map of keys"));
  t_write_file(tmp, "ok.yaml", "game: ares-expedition\nexpect:\n  decision: {tag: corporation}\n");
  assert_int_equal(run("scenario ok.yaml"), 0);
  assert_true(output_has("ok: ok.yaml: 1 expectations hold"));
}

int main(void) {
  if (t_cmd_begin("test_scenario_files") != 0) return 1;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_wrong_shapes),
    cmocka_unit_test(test_scoring_cards_held),
    cmocka_unit_test(test_checks_nothing),
    cmocka_unit_test(test_setup_twice),
    cmocka_unit_test(test_expect_kinds),
    cmocka_unit_test(test_expect_unknown_card),
    cmocka_unit_test(test_messages),
    cmocka_unit_test(test_lua_files),
    cmocka_unit_test(test_answer_fails_in_script),
  };
  return t_cmd_end(cmocka_run_group_tests(tests, NULL, NULL));
}
