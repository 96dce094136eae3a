/*
** test_lowest.c - each action script's lowest(script, p, side, lo, hi)
** against its can(): turn_options takes the first strength that does
** something from lowest() (games/arknova/rules/rules.lua), so the two must agree in
** every position, and a plugin that replaces can() (or what Animals' can
** asks: A.playable, A.cost) must be honoured.
**
** The positions are those of random games (every action decision, both
** seats, both sides of every card); the comparison runs in the rules' own
** Lua, as pure checks, outside any step.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"

/* (p) -> nil, or what disagrees.  can() once per strength 1..10 (slot 5
** with 5 X tokens asks 10), then lowest() for each range lo..hi, lo in
** 1..6 and hi in lo-1..10 (an empty range included), against the first
** strength of the range where can() held.  Also: can() is monotone in
** strength, which turn_options relies on. */
#define COMPARE_SRC \
  "local p = ...\n" \
  "for _, a in ipairs(ACTIONS) do\n" \
  "  local A = ACTION_SCRIPTS[a]\n" \
  "  for side = 1, 2 do\n" \
  "    local ok = {}\n" \
  "    for s = 1, 10 do ok[s] = check(A.can, p, s, side) and true or false end\n" \
  "    for s = 2, 10 do\n" \
  "      if ok[s - 1] and not ok[s] then\n" \
  "        return a .. ' side ' .. side .. ': can() at ' .. s - 1 .. ' but not at ' .. s\n" \
  "      end\n" \
  "    end\n" \
  "    for lo = 1, 6 do\n" \
  "      for hi = lo - 1, 10 do\n" \
  "        local want\n" \
  "        for s = lo, hi do if ok[s] then want = s break end end\n" \
  "        local got = check(A.lowest, A, p, side, lo, hi)\n" \
  "        if got ~= want then\n" \
  "          return string.format('%s side %d, p %d, %d..%d: lowest %s, can() first at %s',\n" \
  "                               a, side, p, lo, hi, tostring(got), tostring(want))\n" \
  "        end\n" \
  "      end\n" \
  "    end\n" \
  "  end\n" \
  "end\n" \
  "return nil\n"

static const char *const COMPARE = COMPARE_SRC;

/* A random game of `players` on map (NULL: A), chunk run at every
** `every`-th action decision (t_compare_game). */
static int compare_game(int players, uint64_t seed, const char *map, const char *chunk,
                        int every) {
  return t_compare_game(t_new_game(players, seed, map), players, seed, chunk, every);
}

/* lowest() agrees with can() in the positions of random games: 2 players on
** map A, 3 on maps with abilities (Outdoor Areas changes what fits). */
static void test_lowest_agrees_with_can(void **st) {
  (void)st;
  int n = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) n += compare_game(2, seed, NULL, COMPARE, 1);
  n += compare_game(3, 5, "2", COMPARE, 1);
  n += compare_game(3, 6, "8", COMPARE, 1);
  assert_true(n > 500);
}

/* A plugin's replacements, then COMPARE, then everything put back:
** Animals' A.playable turning down every other card and A.cost raised (the
** scan asks them through the table); every action's can() needing
** strength 3 or more, set in its table, then in a table that inherits the
** rest from it (lowest() must not answer for the can() it was written
** for). */
static const char *const REPLACED =
  "local p = ...\n"
  "local compare = function(...)\n" COMPARE_SRC "end\n"
  "local an = ACTION_SCRIPTS.animals\n"
  "local playable, cost = an.playable, an.cost\n"
  "an.playable = function(p, id, s) return id % 2 == 0 and playable(p, id, s) end\n"
  "local bad = compare(p)\n"
  "an.playable = playable\n"
  "an.cost = function(p, id) return cost(p, id) + 4 end\n"
  "bad = bad or compare(p)\n"
  "an.cost = cost\n"
  "local cans = {}\n"
  "for _, a in ipairs(ACTIONS) do\n"
  "  local A = ACTION_SCRIPTS[a]\n"
  "  local can = A.can\n"
  "  cans[a] = can\n"
  "  A.can = function(p, s, side) return s >= 3 and can(p, s, side) end\n"
  "end\n"
  "bad = bad or compare(p)\n"
  "for _, a in ipairs(ACTIONS) do\n"
  "  local A = ACTION_SCRIPTS[a]\n"
  "  if not bad and check(A.lowest, A, p, 1, 1, 2) ~= nil then\n"
  "    bad = a .. ': lowest() ignored the replaced can()'\n"
  "  end\n"
  "  A.can = cans[a]\n"
  "  ACTION_SCRIPTS[a] = setmetatable({ can = function(p, s, side)\n"
  "    return s >= 3 and A.can(p, s, side) end }, { __index = A })\n"
  "end\n"
  "bad = bad or compare(p)\n"
  "for _, a in ipairs(ACTIONS) do\n"
  "  local W = ACTION_SCRIPTS[a]\n"
  "  if not bad and check(W.lowest, W, p, 1, 1, 2) ~= nil then\n"
  "    bad = a .. ': lowest() ignored the can() of a table inheriting from it'\n"
  "  end\n"
  "  ACTION_SCRIPTS[a] = getmetatable(W).__index\n"
  "end\n"
  "return bad\n";

static void test_lowest_honours_replacements(void **st) {
  (void)st;
  for (uint64_t seed = 11; seed <= 12; seed++) compare_game(2, seed, NULL, REPLACED, 5);
}

/* turn_options offers what a replaced can() allows: Animals only from
** strength 4, and Cards (always possible) not at all, its can() set in a
** table that inherits the rest. */
static void test_turn_options_replaced_can(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, NULL);
  int p = t_cur(g);
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_BUILD, ARK_ACT_ASSOCIATION,
              ARK_ACT_SPONSORS);
  g->s.p[p].xtokens = 5;
  static const char *const CHUNK =
    "local p = ...\n"
    "local an, ca = ACTION_SCRIPTS.animals, ACTION_SCRIPTS.cards\n"
    "local can_a = an.can\n"
    "an.can = function(p, s, side) return s >= 4 end\n"
    "ACTION_SCRIPTS.cards = setmetatable({ can = function() return false end },\n"
    "                                    { __index = ca })\n"
    "local opts = turn_options(p)\n"
    "an.can, ACTION_SCRIPTS.cards = can_a, ca\n"
    "local first, bad\n"
    "for _, o in ipairs(opts) do\n"
    "  local s = string.match(o, '^Animals I at strength (%d+)')\n"
    "  if s and not first then first = tonumber(s) end\n"
    "  if string.match(o, '^Cards I at') then bad = 'Cards offered: ' .. o end\n"
    "end\n"
    "if bad then return bad end\n"
    "if first ~= 4 then return 'Animals first at ' .. tostring(first) end\n"
    "return nil\n";
  char why[256];
  assert_string_equal(t_run_lua(g, CHUNK, p, why, sizeof why), "");
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_lowest_agrees_with_can),
    cmocka_unit_test(test_lowest_honours_replacements),
    cmocka_unit_test(test_turn_options_replaced_can),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
