/*
** test_turn_plays.c - a turn's options come from ENGINE.turn_plays
** (games/arknova/native/lua_turn.c) while the functions the rules' Lua
** list calls are their own, and from that Lua list (options_in_lua in
** rules.lua) once a plugin replaces one of them.  Both must give the same
** texts and codes, for every seat, in the positions of random games: as
** loaded, with an action that has no lowest() (its can() asked strength by
** strength), with a title a plugin renamed, and with fewer X tokens
** allowed, which hides the X-token action on slot 1 more often.  The
** engine's own turn decisions, whose options turn_plays writes into the
** decision, offer the same.
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"

/* (p) -> nil, or where the two lists disagree.  A wrapper around
** play_code, put in place as a plugin would (an empty plugin stands for
** it), is a replaced function, so it switches the rules to the Lua list
** without changing what it gives. */
static const char *const COMPARE =
  "local p = ...\n"
  "local function lua_list()\n"
  "  local pc = play_code\n"
  "  PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS + 1] = {}\n"
  "  play_code = function(...) return pc(...) end\n"
  "  local ok, o, c = pcall(turn_options, p)\n"
  "  play_code = pc\n"
  "  PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS] = nil\n"
  "  if not ok then error(o, 0) end\n"
  "  return o, c\n"
  "end\n"
  "local function diff(tag)\n"
  "  local o1, c1 = turn_options(p)\n"
  "  local o2, c2 = lua_list()\n"
  "  if #o1 ~= #o2 or #c1 ~= #c2 then\n"
  "    return string.format('%s: %d options, in Lua %d', tag, #o1, #o2)\n"
  "  end\n"
  "  for i = 1, #o2 do\n"
  "    if o1[i] ~= o2[i] or c1[i] ~= c2[i] then\n"
  "      return string.format('%s: option %d is %s (%s), in Lua %s (%s)', tag, i,\n"
  "                           tostring(o1[i]), tostring(c1[i]), tostring(o2[i]), tostring(c2[i]))\n"
  "    end\n"
  "  end\n"
  "end\n"
  "local bad = diff('as loaded')\n"
  "local build = ACTION_SCRIPTS.build\n"
  "local lowest = build.lowest\n"
  "build.lowest = nil\n"
  "bad = bad or diff('no lowest for build')\n"
  "build.lowest = lowest\n"
  "local title = ACTION_TITLE.cards\n"
  "ACTION_TITLE.cards = 'Karten'\n"
  "bad = bad or diff('cards renamed')\n"
  "ACTION_TITLE.cards = title\n"
  "local max = MAX_XTOKENS\n"
  "MAX_XTOKENS = 2\n"
  "bad = bad or diff('two X tokens at most')\n"
  "MAX_XTOKENS = max\n"
  "return bad\n";

static void test_turn_plays_as_lua(void **st) {
  (void)st;
  assert_true(t_compare_four_games(COMPARE) > 300);
}

/* (p) -> the texts and codes turn_options gives as tables, "text=code"
** per line. */
static const char *const LISTED =
  "local p = ...\n"
  "local o, c = turn_options(p)\n"
  "local t = {}\n"
  "for i = 1, #o do t[i] = o[i] .. '=' .. c[i] end\n"
  "return table.concat(t, '\\n')\n";

/* d's options as LISTED gives them: "text=code" per line. */
static void offered(const ark_game *g, const ark_decision *d, char *out, size_t n) {
  size_t len = 0;
  out[0] = '\0';
  for (int i = 0; i < d->noptions && len < n; i++)
    len += (size_t)snprintf(out + len, n - len, "%s%s=%d", i ? "\n" : "", d->options[i],
                            g->codes[i]);
}

/* The engine's turn decisions, whose options turn_plays writes into the
** decision itself while the engine asks for them, offer what
** turn_options gives as tables: the same texts and codes in the same
** order, at every turn of random games (2 players on map A, 3 on map 2). */
static void test_turn_decision_as_tables(void **st) {
  (void)st;
  static char got[65536], want[65536];
  int turns = 0;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    int players = seed == 3 ? 3 : 2;
    ark_game *g = t_new_game(players, seed, seed == 3 ? "2" : NULL);
    uint64_t rng = seed * 17;
    while (ark_game_process(g) == ARK_AWAITING) {
      const ark_decision *d = ark_game_decision(g);
      if (!strcmp(d->tag, "action")) {
        offered(g, d, got, sizeof got);
        t_run_lua(g, LISTED, d->player, want, sizeof want);
        if (strcmp(got, want))
          fail_msg("seed %llu turn %d:\n%s\nas tables:\n%s", (unsigned long long)seed,
                   ark_game_turns(g), got, want);
        turns++;
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  assert_true(turns > 500);
}

/* A lowest() that answers something other than a whole number or
** nothing is refused, with the action's name. */
static const char *const REFUSED =
  "local p = ...\n"
  "local A = ACTION_SCRIPTS.cards\n"
  "local lowest = A.lowest\n"
  "A.lowest = function() return 'two' end\n"
  "local ok, err = pcall(turn_options, p)\n"
  "A.lowest = lowest\n"
  "if ok then return 'a lowest of two was taken' end\n"
  "if not string.find(err, \"action 'cards' is two, not a whole number\", 1, true) then\n"
  "  return 'message: ' .. err\n"
  "end\n"
  "return nil\n";

static void test_turn_plays_refuses(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 1, NULL);
  char why[512];
  t_to_first_turn(g);
  assert_string_equal(t_run_lua(g, REFUSED, 0, why, sizeof why), "");
  ark_game_free(g);
}

/* turn_options replaced as a plugin would (keeping its first two plays
** and the X-token action on slot 2, in reverse order), and put back. */
static const char *const REPLACE =
  "local p = ...\n"
  "if p < 0 then turn_options, OWN_TURN_OPTIONS = OWN_TURN_OPTIONS, nil return '' end\n"
  "OWN_TURN_OPTIONS = turn_options\n"
  "turn_options = function(q)\n"
  "  local o, c = OWN_TURN_OPTIONS(q)\n"
  "  return { o[#o - 3], o[2], o[1] }, { c[#c - 3], c[2], c[1] }\n"
  "end\n"
  "return ''\n";

/* The engine asks the turn's options late (turn_options_late, with no
** pure check of its own), and a turn_options that a plugin replaced is
** what it must offer then: three options here, in the replacement's
** order, where the rules' own list has a dozen and more. */
static void test_replaced_turn_options_offered(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 5, NULL);
  uint64_t rng = 5;
  char out[16], want[4096];
  int turns = 0;
  t_run_lua(g, REPLACE, 0, out, sizeof out);
  while (turns < 40 && ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (!strcmp(d->tag, "action")) {
      t_run_lua(g, LISTED, d->player, want, sizeof want);
      char got[4096];
      offered(g, d, got, sizeof got);
      assert_int_equal(d->noptions, 3);
      assert_string_equal(got, want);
      assert_non_null(strstr(d->options[0], "X-token action"));
      turns++;
    }
    t_random_answer(g, &rng);
  }
  t_run_lua(g, REPLACE, -1, out, sizeof out);
  ark_game_free(g);
  assert_int_equal(turns, 40);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_turn_plays_as_lua),
    cmocka_unit_test(test_turn_decision_as_tables),
    cmocka_unit_test(test_turn_plays_refuses),
    cmocka_unit_test(test_replaced_turn_options_offered),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
