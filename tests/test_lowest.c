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
**
** The lowest strength of Animals, Build and Association comes from C
** (ark.animals_lowest, ark.build_lowest, ark.association_lowest,
** games/arknova/native/lua_lowest.c) while nothing can change the answer;
** test_lowest_in_c_as_plain compares it with the plain Lua, also where a
** seat holds a card whose modifier must send the answer the Lua way.
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
** scan asks them through the table; an empty plugin stands for the one
** that replaces them, since with none loaded the rules take their
** functions as their own); every action's can() needing
** strength 3 or more, set in its table, then in a table that inherits the
** rest from it (lowest() must not answer for the can() it was written
** for). */
static const char *const REPLACED =
  "local p = ...\n"
  "local compare = function(...)\n" COMPARE_SRC "end\n"
  "local an = ACTION_SCRIPTS.animals\n"
  "PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS + 1] = {}\n"
  "local playable, cost = an.playable, an.cost\n"
  "an.playable = function(p, id, s) return id % 2 == 0 and playable(p, id, s) end\n"
  "local bad = compare(p)\n"
  "an.playable = playable\n"
  "an.cost = function(p, id) return cost(p, id) + 4 end\n"
  "bad = bad or compare(p)\n"
  "an.cost = cost\n"
  "PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS] = nil\n"
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
  "PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS] = nil\n"
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

/* (p) -> nil, or what disagrees.  For Animals, Build and Association,
** each side and each range lo..hi as above: lowest() as loaded (whose
** loop is ark.*_lowest in C while no plugin is loaded), and the C
** primitive asked directly as the action files ask it, against the plain
** Lua search: lowest_by_can's answer, from can() asked once per strength
** with an empty plugin added, which sends every short way of the rules
** (these and ark.hand_fit's) the plain way.  The C is given the Lua it
** asks where a card or map of p's handles a modifier: the conditions and
** the cost of an animal, a task's strength, the project task's test.
** Where LOWEST_CALLS_ON is set (modifier handlers that record each call),
** lowest() as loaded must also ask the handlers exactly as the plain Lua
** lowest() does: the same calls, with the same values, in the same order.
** Each task's test of the Association action's offer, in C
** (ark.association_possible) as association.lua asks it, is compared with
** its plain Lua test (A.task_possible) for both sides, and the animals the
** Animals action offers (ark.animal_candidates, its calls of p's handlers
** too) with A.plain_candidates, for both sides and 0 or 1 reputation
** about to be gained; the sponsors the Sponsors action offers likewise
** (ark.sponsor_candidates), for budgets 0..6.
** Build and Association are compared again with A.KINDS the special
** enclosures alone and with A.TASK_STRENGTH putting the project task
** alone within reach, so that what seldom decides does.  LOWEST_TALLY
** counts the seats and actions compared (c), those where the C asked a
** modifier's Lua (mods), the seats whose project task it left to the Lua
** (projects), and those where the project task was possible
** (projects_possible), the animal and sponsor candidates listed
** (candidates, sponsors) and the sponsor lists where the C asked a
** sponsor's level of the Lua (levels). */
static const char *const AGAINST_PLAIN =
  "local p = ...\n"
  "local tally = LOWEST_TALLY\n"
  "local function plainly(f, ...)\n"
  "  PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS + 1] = LOWEST_EMPTY_PLUGIN\n"
  "  local ok, res, more = pcall(f, ...)\n"
  "  PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS] = nil\n"
  "  if not ok then error(res, 0) end\n"
  "  return res, more\n"
  "end\n"
  "local function plain_can(A, side)\n"
  "  local t = {}\n"
  "  for s = 1, 10 do t[s] = plainly(check, A.can, p, s, side) and true or false end\n"
  "  return t\n"
  "end\n"
  /* f's answer as a pure check, and the modifier calls it made */
  "local function calls(f, ...)\n"
  "  LOWEST_CALLS = {}\n"
  "  local ok, res = pcall(check, f, ...)\n"
  "  local made = table.concat(LOWEST_CALLS, ', ')\n"
  "  LOWEST_CALLS = nil\n"
  "  if not ok then error(res, 0) end\n"
  "  return res, made\n"
  "end\n"
  "local function handles(m) return has_handler(p, m) end\n"
  "local an, as = ACTION_SCRIPTS.animals, ACTION_SCRIPTS.association\n"
  "local shares = function(p, id) return #flock_places(p, id) > 0 end\n"
  "local conditions = handles('modify_conditions_ignored') and function(p, id)\n"
  "  return conditions_met(p, id, modify('conditions_ignored', p, 0, id))\n"
  "end\n"
  "local cost = handles('modify_animal_cost') and an.cost\n"
  "local strengths = not handles('modify_task_strength') and as.TASK_STRENGTH or nil\n"
  "local task_strength = function(p, t)\n"
  "  return modify('task_strength', p, as.TASK_STRENGTH[t], as.TASKS[t])\n"
  "end\n"
  "local project_task = function() return nil end\n"
  "if handles('modify_project_wildcards') or handles('modify_project_supports') then\n"
  "  project_task = function(p, side) return as.any_project_option(p, side) end\n"
  "  tally.projects = tally.projects + 1\n"
  "end\n"
  "local mods = { animals = conditions or cost, association = not strengths }\n"
  /* the bound functions the action files use, here given a has_handler
  ** of Lua's (so asked through Lua), each checked against the call above */
  "local lua_has = function(q, k) return has_handler(q, k) end\n"
  "local any_conditions = function(q, id)\n"
  "  return conditions_met(q, id, modify('conditions_ignored', q, 0, id))\n"
  "end\n"
  "local bound = {\n"
  "  animals = ark.animals_lowest_fn(lua_has, shares, any_conditions, an.flock_known() or {}),\n"
  "  association = ark.association_lowest_fn(lua_has, function(q, t)\n"
  "    return modify('task_strength', q, as.TASK_STRENGTH[t], as.TASKS[t])\n"
  "  end, function(...) return project_task(...) end),\n"
  "}\n"
  "local function same_bound(a, A, side, lo, hi, r)\n"
  "  local b = bound[a](p, side, lo, hi, A)\n"
  "  if b ~= r then\n"
  "    error(string.format('%s side %d, p %d, %d..%d: bound with a Lua has_handler %s, in C %s',\n"
  "                        a, side, p, lo, hi, tostring(b), tostring(r)), 0)\n"
  "  end\n"
  "  return r\n"
  "end\n"
  "local direct = {\n"
  "  animals = function(side, lo, hi)\n"
  "    return same_bound('animals', an, side, lo, hi,\n"
  "      ark.animals_lowest(p, side, lo, hi, an.COUNT[side], an.STRENGTH5_REPUTATION,\n"
  "                         an.PARTNER_DISCOUNT, shares, conditions, cost))\n"
  "  end,\n"
  "  build = function(side, lo, hi)\n"
  "    local b = ACTION_SCRIPTS.build\n"
  "    return ark.build_lowest(p, side, lo, hi, b.KINDS, b.COST_PER_SPACE, SPECIAL_BIT)\n"
  "  end,\n"
  "  association = function(side, lo, hi)\n"
  "    return same_bound('association', as, side, lo, hi,\n"
  "      ark.association_lowest(p, side, lo, hi, strengths and as.TASK_STRENGTH,\n"
  "                             task_strength, project_task))\n"
  "  end,\n"
  "}\n"
  "local function compare(a, A, c)\n"
  "  for side = 1, 2 do\n"
  "    local ok = plain_can(A, side)\n"
  "    for lo = 1, 6 do\n"
  "      for hi = lo - 1, 10 do\n"
  "        local want\n"
  "        for s = lo, hi do if ok[s] then want = s break end end\n"
  "        local got, made = calls(A.lowest, A, p, side, lo, hi)\n"
  "        local cgot = check(c, side, lo, hi)\n"
  "        local where = string.format('%s side %d, p %d, %d..%d: ', a, side, p, lo, hi)\n"
  "        if got ~= want or cgot ~= want then\n"
  "          return where .. string.format('lowest %s, in C %s, plainly %s', tostring(got),\n"
  "                                        tostring(cgot), tostring(want))\n"
  "        end\n"
  "        if LOWEST_CALLS_ON then\n"
  "          local _, plain_made = plainly(calls, A.lowest, A, p, side, lo, hi)\n"
  "          if made ~= plain_made then\n"
  "            return where .. 'lowest asked ' .. made .. '; plainly ' .. plain_made\n"
  "          end\n"
  "        end\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "  tally.c = tally.c + 1\n"
  "  if mods[a] then tally.mods = tally.mods + 1 end\n"
  "end\n"
  "local function listed(l)\n"
  "  local t = {}\n"
  "  for i, e in ipairs(l) do\n"
  "    t[i] = e.card .. '/' .. tostring(e.folder) .. '/' .. tostring(e.cost) ..\n"
  "      tostring(math.type and math.type(e.cost)) .. '/' .. tostring(e.surcharge)\n"
  "  end\n"
  "  return table.concat(t, ' ')\n"
  "end\n"
  /* a list in C against the plain Lua's, and the handler calls made */
  "local function same_list(where, got, made, want, plain_made)\n"
  "  if listed(got) ~= listed(want) then\n"
  "    return where .. 'in C {' .. listed(got) .. '}, plainly {' .. listed(want) .. '}'\n"
  "  end\n"
  "  if LOWEST_CALLS_ON and made ~= plain_made then\n"
  "    return where .. 'asked ' .. made .. '; plainly ' .. plain_made\n"
  "  end\n"
  "end\n"
  "for side = 1, 2 do\n"
  "  for extra = 0, 1 do\n"
  "    local got, made = calls(ark.animal_candidates, p, side, extra, an.PARTNER_DISCOUNT,\n"
  "                            shares, conditions, cost, extra == 1 and an.flock_known() or nil)\n"
  "    local want, plain_made = plainly(calls, an.plain_candidates, p, side, extra)\n"
  "    local bad = same_list(string.format('animal candidates side %d extra %d, p %d: ', side,\n"
  "                                        extra, p), got, made, want, plain_made)\n"
  "    if bad then return bad end\n"
  "    tally.candidates = tally.candidates + #got\n"
  "  end\n"
  "end\n"
  "local sp = ACTION_SCRIPTS.sponsors\n"
  "local level = handles('modify_sponsor_level') and sp.level\n"
  "for side = 1, 2 do\n"
  "  for budget = 0, 6 do\n"
  "    local got, made = calls(ark.sponsor_candidates, p, side, budget, level)\n"
  "    local want, plain_made = plainly(calls, sp.plain_candidates, p, side, budget)\n"
  "    local bad = same_list(string.format('sponsor candidates side %d budget %d, p %d: ', side,\n"
  "                                        budget, p), got, made, want, plain_made)\n"
  "    if bad then return bad end\n"
  "    tally.sponsors = tally.sponsors + #got\n"
  "    if level then tally.levels = tally.levels + 1 end\n"
  "  end\n"
  "end\n"
  "for t = 1, 4 do\n"
  "  for side = 1, 2 do\n"
  "    local got = check(ark.association_possible, p, t, side, project_task)\n"
  "    local want = plainly(check, as.task_possible, p, t, side) and true or false\n"
  "    if got ~= want then\n"
  "      return string.format('association task %d side %d, p %d: possible in C %s, plainly %s',\n"
  "                           t, side, p, tostring(got), tostring(want))\n"
  "    end\n"
  "    if got and t == 4 then tally.projects_possible = tally.projects_possible + 1 end\n"
  "  end\n"
  "end\n"
  "for _, a in ipairs({ 'animals', 'build', 'association' }) do\n"
  "  local bad = compare(a, ACTION_SCRIPTS[a], direct[a])\n"
  "  if bad then return bad end\n"
  "end\n"
  "local function with(A, key, value, a)\n"
  "  local keep = A[key]\n"
  "  A[key] = value\n"
  "  local ok, bad = pcall(compare, a .. ' with ' .. key .. ' set', A, direct[a])\n"
  "  A[key] = keep\n"
  "  if not ok then error(bad, 0) end\n"
  "  return bad\n"
  "end\n"
  "return with(ACTION_SCRIPTS.build, 'KINDS',\n"
  "            { 'reptile-house', 'large-bird-aviary', 'petting-zoo' }, 'build') or\n"
  "  with(as, 'TASK_STRENGTH', { 11, 11, 11, 5 }, 'association')\n";

/* Plays g with random answers, running AGAINST_PLAIN for every seat at
** every `every`-th action decision; adds LOWEST_TALLY's c, mods, projects,
** projects_possible, candidates, sponsors and levels to t[0..6] and frees
** g. */
static void against_plain(ark_game *g, int players, uint64_t seed, int every, int t[7]) {
  static const char *const INIT =
    "LOWEST_TALLY = { c = 0, mods = 0, projects = 0, projects_possible = 0, candidates = 0, sponsors = 0,\n"
    "                 levels = 0 }\n"
    "LOWEST_EMPTY_PLUGIN = {}\n";
  static const char *const TALLY =
    "return LOWEST_TALLY.c .. ' ' .. LOWEST_TALLY.mods .. ' ' .. LOWEST_TALLY.projects ..\n"
    "  ' ' .. LOWEST_TALLY.projects_possible .. ' ' .. LOWEST_TALLY.candidates .. ' ' ..\n"
    "  LOWEST_TALLY.sponsors .. ' ' .. LOWEST_TALLY.levels\n";
  uint64_t rng = seed * 7919;
  int k = 0;
  char why[1024];
  t_run_lua(g, INIT, 0, why, sizeof why);
  while (ark_game_process(g) == ARK_AWAITING) {
    if (!strcmp(ark_game_decision(g)->tag, "action") && k++ % every == 0)
      for (int p = 0; p < players; p++)
        if (t_run_lua(g, AGAINST_PLAIN, p, why, sizeof why)[0])
          fail_msg("seed %llu turn %d: %s", (unsigned long long)seed, ark_game_turns(g), why);
    t_random_answer(g, &rng);
  }
  assert_int_equal(ark_game_process(g), ARK_END);
  int c, mods, projects, possible, cands, sponsors, levels;
  assert_int_equal(sscanf(t_run_lua(g, TALLY, 0, why, sizeof why), "%d %d %d %d %d %d %d", &c,
                          &mods, &projects, &possible, &cands, &sponsors, &levels), 7);
  t[0] += c;
  t[1] += mods;
  t[2] += projects;
  t[3] += possible;
  t[4] += cands;
  t[5] += sponsors;
  t[6] += levels;
  ark_game_free(g);
}

/* (p) -> nil, or what disagrees: Build's A.buildable as loaded (the loop
** of ark.buildable, in C, while no plugin is loaded) against the plain Lua
** loop (an empty plugin added), for budgets 0..11, both sides and masks of
** kinds built that leave out sizes, specials and all; BUILDABLE_SEEN counts
** the lists compared that were not empty. */
static const char *const BUILDABLE =
  "local p = ...\n"
  "local b = ACTION_SCRIPTS.build\n"
  "local function listed(...) return table.concat(check(b.buildable, ...), ' ') end\n"
  "for side = 1, 2 do\n"
  "  for budget = 0, 11 do\n"
  "    for _, done in ipairs({ 0, 1, 2 + 32, 64 + 128, 256 + 512, 1023 }) do\n"
  "      local got = listed(p, budget, side, done)\n"
  "      PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS + 1] = {}\n"
  "      local ok, want = pcall(listed, p, budget, side, done)\n"
  "      PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS] = nil\n"
  "      if not ok then error(want, 0) end\n"
  "      if got ~= want then\n"
  "        return string.format('side %d, budget %d, built %d: in C {%s}, plainly {%s}',\n"
  "                             side, budget, done, got, want)\n"
  "      end\n"
  "      if got ~= '' then BUILDABLE_SEEN = BUILDABLE_SEEN + 1 end\n"
  "    end\n"
  "  end\n"
  "end\n"
  "return nil\n";

/* Plays g with random answers, running BUILDABLE for every seat at every
** fourth action decision; returns the lists compared that were not empty. */
static int buildable_game(ark_game *g, int players, uint64_t seed) {
  uint64_t rng = seed * 7919;
  int k = 0, seen = 0;
  char why[512];
  t_run_lua(g, "BUILDABLE_SEEN = 0", 0, why, sizeof why);
  while (ark_game_process(g) == ARK_AWAITING) {
    if (!strcmp(ark_game_decision(g)->tag, "action") && k++ % 4 == 0)
      for (int p = 0; p < players; p++)
        if (t_run_lua(g, BUILDABLE, p, why, sizeof why)[0])
          fail_msg("seed %llu turn %d: %s", (unsigned long long)seed, ark_game_turns(g), why);
    t_random_answer(g, &rng);
  }
  assert_int_equal(ark_game_process(g), ARK_END);
  assert_int_equal(sscanf(t_run_lua(g, "return tostring(BUILDABLE_SEEN)", 0, why, sizeof why),
                          "%d", &seen), 1);
  ark_game_free(g);
  return seen;
}

/* The kinds Build offers at each of its steps come from C as from the
** plain Lua, in random games: 2 players on map A, 3 on map 2. */
static void test_buildable_in_c_as_plain(void **st) {
  (void)st;
  int seen = buildable_game(t_new_game(2, 21, NULL), 2, 21) +
             buildable_game(t_new_game(3, 22, "2"), 3, 22);
  print_message("%d lists of kinds compared that were not empty\n", seen);
  assert_true(seen > 10000);
}

/* Fan sponsors 1091-1096 in a folder made under root: each changes one
** number that an action's lowest strength or offer depends on (animal
** cost, conditions ignored, task strength, project wildcards, project
** supports, sponsor level), by so much that the answer without it is
** often wrong: a
** gate of the action files that missed the card would be caught. */
static void write_modifier_cards(const char *root, char *dir, size_t n) {
  static const char *const what[6][2] = {
    { "animal_cost", "v + 30" }, { "conditions_ignored", "v - 5" },
    { "task_strength", "v + 3" }, { "project_wildcards", "v + 5" },
    { "project_supports", "v - 1" }, { "sponsor_level", "v - 2" },
  };
  snprintf(dir, n, "%s/cards", root);
  mkdir(dir, 0755);
  for (int i = 0; i < 6; i++) {
    char name[32], text[512];
    snprintf(name, sizeof name, "%d-modifier.yaml", 1091 + i);
    snprintf(text, sizeof text,
             "number: %d\nname: Modifier %d\ntype: sponsor\n"
             "description: \"Changes %s.\"\nlevel: 1\n", 1091 + i, i + 1, what[i][0]);
    t_write_file(dir, name, text);
    snprintf(name, sizeof name, "%d-modifier.lua", 1091 + i);
    snprintf(text, sizeof text,
             "local card = {}\n"
             "function card.modify_%s(p, id, v) return %s end\n"
             "return card\n", what[i][0], what[i][1]);
    t_write_file(dir, name, text);
  }
}

/* The fan modifier cards' handlers, each wrapped so that it adds its call
** (the handler, its player, value and argument) to LOWEST_CALLS while
** that is a table: done before any zoo holds them, so that the rules'
** lists of handlers hold the wrappers. */
static const char *const RECORD =
  "for id = 0, 1023 do\n"
  "  local c, s = CARDS[id], SCRIPTS[id]\n"
  "  if c and s and c.number >= 1091 and c.number <= 1096 then\n"
  "    for _, name in ipairs(KNOWN_HANDLERS) do\n"
  "      local f = s[name]\n"
  "      if f and string.sub(name, 1, 7) == 'modify_' then\n"
  "        s[name] = function(p, cid, v, x)\n"
  "          local calls = LOWEST_CALLS\n"
  "          if calls then\n"
  "            calls[#calls + 1] = name .. '(' .. p .. ', ' .. tostring(v) .. ', ' ..\n"
  "                                tostring(x) .. ')'\n"
  "          end\n"
  "          return f(p, cid, v, x)\n"
  "        end\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "end\n"
  "LOWEST_CALLS_ON = true\n";

/* A random 3-player game (seed, map A) with the cards of `numbers` in the
** zoos of seats 0, 1, 2 from the first turn on (0: none); the fan cards
** come from card folder dir, their handlers recording their calls. */
static ark_game *holding(const char *dir, uint64_t seed, const int numbers[3]) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = 3;
  cfg.seed = seed;
  cfg.card_dirs[0] = dir;
  ark_game *g = t_new_game_cfg(&cfg);
  char why[256];
  t_run_lua(g, RECORD, 0, why, sizeof why);
  t_to_first_turn(g);
  for (int p = 0; p < 3; p++)
    if (numbers[p]) t_zoo_add(g, p, numbers[p]);
  t_restart(g);
  return g;
}

/* The lowest strength in C against the plain Lua, in random games: 2
** players on map A; 3 on map 2 (Outdoor Areas changes what fits) and on
** map 6 (the Research Institute waives a condition: its map script
** handles modify_conditions_ignored); 2 players who hold printed
** modifier cards from the start: seat 0 Expert in Small Animals (229,
** cheaper small animals) and Veterinarian (203, the project task at
** strength 4), seat 1 Migration Recording (224, more supports of release
** projects) and Breeding Program (218, project wildcards); and 3 players
** who hold one fan modifier card each, in two games, so that each test
** of the action files' gates meets a card that only it catches. */
static void test_lowest_in_c_as_plain(void **st) {
  (void)st;
  int t[7] = { 0, 0, 0, 0, 0, 0, 0 };
  against_plain(t_new_game(2, 1, NULL), 2, 1, 3, t);
  against_plain(t_new_game(3, 5, "2"), 3, 5, 3, t);
  against_plain(t_new_game(3, 7, "6"), 3, 7, 3, t);
  ark_game *g = t_game(2, 3, NULL);
  t_zoo_add(g, 0, 229);
  t_zoo_add(g, 0, 203);
  t_zoo_add(g, 1, 224);
  t_zoo_add(g, 1, 218);
  t_restart(g);
  against_plain(g, 2, 3, 3, t);
  char root[64] = "/tmp/ark-lowest-XXXXXX", dir[128];
  if (!mkdtemp(root)) fail_msg("mkdtemp");
  write_modifier_cards(root, dir, sizeof dir);
  static const int first[3] = { 1091, 1092, 1093 }, second[3] = { 1094, 1095, 1096 };
  against_plain(holding(dir, 8, first), 3, 8, 2, t);
  against_plain(holding(dir, 9, second), 3, 9, 2, t);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  assert_int_equal(system(cmd), 0);
  print_message("%d seats and actions compared, %d with a modifier's Lua asked from the C, "
                "%d with the project task's test left to the Lua, %d with a project task "
                "possible, %d animal and %d sponsor candidates, %d sponsor lists with the "
                "level's Lua asked\n", t[0], t[1], t[2], t[3], t[4], t[5], t[6]);
  assert_true(t[0] > 1000);
  assert_true(t[1] > 300);
  assert_true(t[2] > 100);
  assert_true(t[3] > 100);
  assert_true(t[4] > 300);
  assert_true(t[5] > 300);
  assert_true(t[6] > 20);
}

/* The Animals file's record of which animals have the Flock keyword
** spares the C loops a call of may_share for each animal it marks false,
** and only for those: with no enclosure built, every animal whose
** conditions hold and that p can pay is asked about sharing. */
static void test_flock_record_skips_share(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, NULL);
  int p = g->s.cur;
  g->s.p[p].money = 200;
  for (int n = 401; n <= 440; n++) t_give(g, p, n);
  char why[512];
  assert_string_equal(t_run_lua(g,
    "local p = ...\n"
    "local an = ACTION_SCRIPTS.animals\n"
    "local asked\n"
    "local function share(_, id) asked[#asked + 1] = id return false end\n"
    "local function run(flock)\n"
    "  local out = {}\n"
    "  asked = {}\n"
    "  ark.animal_candidates(p, 1, 0, an.PARTNER_DISCOUNT, share, false, false, flock)\n"
    "  out[1] = table.concat(asked, ' ')\n"
    "  asked = {}\n"
    "  ark.animals_lowest(p, 1, 1, 5, an.COUNT[1], 1, an.PARTNER_DISCOUNT, share, false, false,\n"
    "                     flock)\n"
    "  out[2] = table.concat(asked, ' ')\n"
    "  return out\n"
    "end\n"
    "local function without(list, id)\n"
    "  local out = {}\n"
    "  for x in string.gmatch(list, '%d+') do\n"
    "    if tonumber(x) ~= id then out[#out + 1] = x end\n"
    "  end\n"
    "  return table.concat(out, ' ')\n"
    "end\n"
    "local all = run(nil)\n"
    "local ids = {}\n"
    "for id in string.gmatch(all[1], '%d+') do ids[#ids + 1] = tonumber(id) end\n"
    "if #ids < 3 then return 'asked only: ' .. all[1] end\n"
    "local got = run({ [ids[1]] = false, [ids[2]] = true })\n"
    "for i = 1, 2 do\n"
    "  local want = without(all[i], ids[1])\n"
    "  if got[i] ~= want then return 'with the record: ' .. got[i] .. '; want ' .. want end\n"
    "end\n"
    "if got[1] == all[1] then return 'nothing skipped' end\n",
    p, why, sizeof why), "");
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_lowest_agrees_with_can),
    cmocka_unit_test(test_lowest_in_c_as_plain),
    cmocka_unit_test(test_buildable_in_c_as_plain),
    cmocka_unit_test(test_flock_record_skips_share),
    cmocka_unit_test(test_lowest_honours_replacements),
    cmocka_unit_test(test_turn_options_replaced_can),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
