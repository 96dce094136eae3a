/*
** test_hand_fit.c - the Animals action's hand_fit (QUERIES.animals, what
** the greedy player weighs) skips modify when p has no handler for the
** animal cost or the conditions ignored; it must answer what the plain
** rules answer: A.cost, then conditions_met with modify's count, per card.
** Checked in the positions of random games, with functions a plugin may
** replace (modify, A.cost, has_partner_zoo) replaced while an empty plugin
** stands for the one that would replace them (with none loaded the rules
** take their functions as their own), in games where cards and a map of
** the seats handle both modifiers (asked per animal by
** ark.hand_fit_modify), and in games of a plugin whose hooks modify both
** numbers.  Likewise the Association
** action's progress (QUERIES.projects) and the Sponsors action's hand_fit
** (QUERIES.sponsors), which without handlers or plugins are ark.progress
** and ark.sponsor_fit in C.
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

/* (p) -> nil, or where hand_fit and the plain way disagree.  The plain way
** is hand_fit as it was before the short cut, written out here. */
static const char *const COMPARE =
  "local p = ...\n"
  "local A = ACTION_SCRIPTS.animals\n"
  "local function plain(p)\n"
  "  local out = {}\n"
  "  for _, id in ipairs(ark.hand(p)) do\n"
  "    if CARDS[id].type == 'animal' then\n"
  "      local fits = ark.fits(p, id)\n"
  "      local k = #fits\n"
  "      if k == 0 and #(flock_places and flock_places(p, id) or {}) > 0 then\n"
  "        fits, k = { -1 }, 1\n"
  "      end\n"
  "      out[#out + 1] = id\n"
  "      out[#out + 1] = A.cost(p, id)\n"
  "      out[#out + 1] = conditions_met(p, id, modify('conditions_ignored', p, 0, id))\n"
  "                      and 1 or 0\n"
  "      out[#out + 1] = k\n"
  "      for j = 1, k do out[#out + 1] = fits[j] end\n"
  "    end\n"
  "  end\n"
  "  return out\n"
  "end\n"
  "local function diff(tag)\n"
  "  local a, b = A.hand_fit(p), plain(p)\n"
  "  if #a ~= #b then return tag .. ': ' .. #a .. ' items, plainly ' .. #b end\n"
  "  for i = 1, #a do\n"
  "    if a[i] ~= b[i] then\n"
  "      return string.format('%s: item %d is %s, plainly %s', tag, i,\n"
  "                           tostring(a[i]), tostring(b[i]))\n"
  "    end\n"
  "  end\n"
  "end\n"
  "local bad = diff('as loaded')\n"
  "PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS + 1] = {}\n"
  "local m = modify\n"
  "modify = function(name, p, v, ...)\n"
  "  local r = m(name, p, v, ...)\n"
  "  if name == 'animal_cost' then return r + 2 end\n"
  "  if name == 'conditions_ignored' then return r + 1 end\n"
  "  return r\n"
  "end\n"
  "bad = bad or diff('modify replaced')\n"
  "modify = m\n"
  "local cost = A.cost\n"
  "A.cost = function(p, id) return cost(p, id) + 5 end\n"
  "bad = bad or diff('A.cost replaced')\n"
  "A.cost = cost\n"
  "local hpz = has_partner_zoo\n"
  "has_partner_zoo = function(p, c) return c == 'asia' or hpz(p, c) end\n"
  "bad = bad or diff('has_partner_zoo replaced')\n"
  "has_partner_zoo = hpz\n"
  "PLUGIN_SCRIPTS[#PLUGIN_SCRIPTS] = nil\n"
  "return bad\n";

/* Lua: nil if lists a and b are equal, else where they differ. */
#define SAME_LISTS \
  "if #a ~= #b then return #a .. ' items, plainly ' .. #b end\n" \
  "for i = 1, #a do\n" \
  "  if a[i] ~= b[i] then\n" \
  "    return string.format('item %d is %s, plainly %s', i, tostring(a[i]), tostring(b[i]))\n" \
  "  end\n" \
  "end\n"

/* (p) -> nil, or where progress and the plain rules disagree: per project
** p may support (one support each, or what modify_project_supports
** allows) and per project in hand, each free level's have and need by
** A.project_count, the wildcards and A.level_ok. */
static const char *const COMPARE_PROGRESS =
  "local p = ...\n"
  "local A = ACTION_SCRIPTS.association\n"
  "local function plain(p)\n"
  "  local out = {}\n"
  "  local function add(id, owners)\n"
  "    local c = CARDS[id]\n"
  "    for lv = 1, math.min(3, c.levels) do\n"
  "      if not owners or owners[lv] == -1 then\n"
  "        local have, need = 0, 1\n"
  "        if c.kind == 'icon' then\n"
  "          have = A.project_count(p, c.counts) + modify('project_wildcards', p, 0, id)\n"
  "          need = c.thresholds[lv]\n"
  "        elseif A.level_ok(p, c, lv) then\n"
  "          have = 1\n"
  "        end\n"
  "        for _, v in ipairs({ id, have, need, c.rewards[lv] or 0 }) do out[#out + 1] = v end\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "  for _, pr in ipairs(ark.projects()) do\n"
  "    local held = 0\n"
  "    for _, o in ipairs(pr.owners) do if o == p then held = held + 1 end end\n"
  "    if held < modify('project_supports', p, 1, pr.card) then add(pr.card, pr.owners) end\n"
  "  end\n"
  "  for _, id in ipairs(hand_cards(p, 'project')) do add(id, nil) end\n"
  "  return out\n"
  "end\n"
  "local a, b = A.progress(p), plain(p)\n"
  SAME_LISTS;

/* (p) -> nil, or where the Sponsors action's hand_fit and the plain
** rules disagree: per sponsor in hand, A.level and A.playable at any
** strength. */
static const char *const COMPARE_SPONSORS =
  "local p = ...\n"
  "local A = ACTION_SCRIPTS.sponsors\n"
  "local b = {}\n"
  "for _, id in ipairs(hand_cards(p, 'sponsor')) do\n"
  "  for _, v in ipairs({ id, A.level(p, id), A.playable(p, id, 0, 99) and 1 or 0 }) do\n"
  "    b[#b + 1] = v\n"
  "  end\n"
  "end\n"
  "local a = A.hand_fit(p)\n"
  SAME_LISTS;

static void test_sponsors_plain(void **st) {
  (void)st;
  assert_true(t_compare_four_games(COMPARE_SPONSORS) > 300);
}

static void test_progress_plain(void **st) {
  (void)st;
  assert_true(t_compare_four_games(COMPARE_PROGRESS) > 300);
}

/* With a breeding program (215: a wildcard for a base project while its
** tokens last) and Migration Recording (224: three supports of a release
** project) in seat 0's zoo from the start, and a release project in the
** row of which seat 0 holds a level, ark.progress asks seat 0's modifiers and
** must still answer what the plain rules answer. */
static void test_progress_modifiers(void **st) {
  (void)st;
  int n = 0;
  char chunk[256], why[256];
  for (uint64_t seed = 1; seed <= 2; seed++) {
    ark_game *g = t_new_game(2, seed, NULL);
    t_zoo_add(g, 0, 215);
    t_zoo_add(g, 0, 224);
    /* a release project in the row's first slot, its first level seat
    ** 0's: 224 lets seat 0 support it again, one support would not */
    int rel = 0;
    while (rel < g->c->ncards && !(g->c->cards[rel].type == ARK_CARD_PROJECT &&
                                   g->c->cards[rel].proj_kind == ARK_PROJ_RELEASE))
      rel++;
    assert_true(rel < g->c->ncards);
    g->s.row[0].card = (int16_t)rel;
    g->s.row[0].owner[0] = 0;
    g->s.row[0].owner[1] = g->s.row[0].owner[2] = -1;
    snprintf(chunk, sizeof chunk,
             "ark.memo(%d, 2)\n"
             "if not (has_handler(0, 'modify_project_wildcards') and\n"
             "        has_handler(0, 'modify_project_supports')) then return 'no handler' end\n",
             t_card(g, 215));
    assert_string_equal(t_run_lua(g, chunk, 0, why, sizeof why), "");
    n += t_compare_game(g, 2, seed, COMPARE_PROGRESS, 1);
  }
  assert_true(n > 100);
}

static void test_hand_fit_plain(void **st) {
  (void)st;
  assert_true(t_compare_four_games(COMPARE) > 300);
}

/* With Expert in Small Animals (229: small animals cost 3 less) in seat
** 0's zoo on map 6 (the Research Institute's script lets a condition be
** ignored), and in seat 1's a fan card that takes 20 off every animal's
** cost (so that the rules' floor of 0 decides), the handlers are asked
** per animal (ark.hand_fit_modify) and the answers must be the plain
** rules'. */
static void test_hand_fit_modifiers(void **st) {
  (void)st;
  int n = 0;
  char why[256], root[64] = "/tmp/ark-handfit-XXXXXX", dir[128];
  if (!mkdtemp(root)) fail_msg("mkdtemp");
  snprintf(dir, sizeof dir, "%s/cards", root);
  mkdir(dir, 0755);
  t_write_file(dir, "1097-cheaper.yaml", "number: 1097\nname: Cheaper\ntype: sponsor\n"
               "description: \"Animals cost 20 less.\"\nlevel: 1\n");
  t_write_file(dir, "1097-cheaper.lua", "local card = {}\n"
               "function card.modify_animal_cost(p, id, v) return v - 20 end\n"
               "return card\n");
  for (uint64_t seed = 1; seed <= 2; seed++) {
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.players = 2;
    cfg.seed = seed;
    cfg.map = "6";
    cfg.card_dirs[0] = dir;
    ark_game *g = t_new_game_cfg(&cfg);
    t_zoo_add(g, 0, 229);
    t_zoo_add(g, 1, 1097);
    assert_string_equal(t_run_lua(g,
      "if not (has_handler(0, 'modify_animal_cost') and\n"
      "        has_handler(1, 'modify_conditions_ignored')) then return 'no handler' end\n",
      0, why, sizeof why), "");
    n += t_compare_game(g, 2, seed, COMPARE, 1);
  }
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  assert_int_equal(system(cmd), 0);
  assert_true(n > 100);
}

/* A plugin whose hooks lower every other animal's cost and let p ignore a
** condition of every third: the lists are not empty, so the plain way. */
static void test_hand_fit_plugin_modifiers(void **st) {
  (void)st;
  char root[64] = "/tmp/ark-handfit-XXXXXX", dir[128];
  if (!mkdtemp(root)) fail_msg("mkdtemp");
  snprintf(dir, sizeof dir, "%s/mod", root);
  mkdir(dir, 0755);
  t_write_file(dir, "plugin.yaml",
               "name: cheap-animals\nversion: \"0.1\"\n"
               "description: \"Animal cost and condition modifiers.\"\n"
               "provides: [hooks]\nscript: hooks.lua\n");
  t_write_file(dir, "hooks.lua",
               "local h = {}\n"
               "function h.modify_animal_cost(p, id, v, card)\n"
               "  if card % 2 == 0 then return v - 2 end\n"
               "  return v\n"
               "end\n"
               "function h.modify_conditions_ignored(p, id, v, card)\n"
               "  if card % 3 == 0 then return v + 1 end\n"
               "  return v\n"
               "end\n"
               "return h\n");
  int n = 0;
  for (uint64_t seed = 5; seed <= 6; seed++) {
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.players = 2;
    cfg.seed = seed;
    cfg.plugins[0] = dir;
    n += t_compare_game(t_new_game_cfg(&cfg), 2, seed, COMPARE, 1);
  }
  assert_true(n > 100);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  assert_int_equal(system(cmd), 0);
}

/* ark.hand_fit_fn made with the rules' has_handler takes the short way
** (a list, as A.hand_fit gives it); made with any other has_handler it
** cannot look the handlers up itself and sends the query the plain way
** (nil). */
static const char *const BOUND =
  "local p = ...\n"
  "local an = ACTION_SCRIPTS.animals\n"
  "local never = function() return false end\n"
  "local own = ark.hand_fit_fn(has_handler, never, {}, BAD_MODIFIER, ark.hand_fit,\n"
  "                            ark.hand_fit_modify)\n"
  "local other = ark.hand_fit_fn(function(q, k) return has_handler(q, k) end, never, {},\n"
  "                              BAD_MODIFIER, ark.hand_fit, ark.hand_fit_modify)\n"
  "local got, want = own(p, an), an.hand_fit(p)\n"
  "if type(got) ~= 'table' or table.concat(got, ',') ~= table.concat(want, ',') then\n"
  "  return 'with the rules has_handler: ' .. tostring(got and table.concat(got, ','))\n"
  "end\n"
  "if other(p, an) ~= nil then return 'another has_handler took the short way' end\n"
  "return ''\n";

static void test_hand_fit_bound(void **st) {
  (void)st;
  t_lua_ok(3, BOUND);
}

/* The engine answers the animals, sponsors and projects queries in C, with
** no Lua run, where the action files would take their short way (no
** plugin, no handler of the seat for the modifiers each asks; an animal
** that fits nowhere but may share is listed in C too): at each action decision of
** random games on map A and on map 8 (whose script handles a project
** modifier), with seat 0 holding a breeding program and Migration
** Recording (215, 224), and with seat 1 holding Expert in Small Animals
** (229, an animal cost modifier), each seat's three queries give what the
** same Lua functions give run as queries of other names, and the Lua ran
** where the seat has such a handler and only there (counted through the action files' functions, which a test may
** wrap: the engine does not ask them). */
static const char *const QUERY_SETUP =
  "QUERIES.t_sponsors, QUERIES.t_projects = QUERIES.sponsors, QUERIES.projects\n"
  "QUERIES.t_animals = QUERIES.animals\n"
  "LUA_RUNS = 0\n"
  "local s, a, an = ACTION_SCRIPTS.sponsors, ACTION_SCRIPTS.association, ACTION_SCRIPTS.animals\n"
  "local fit, progress, animals = s.hand_fit, a.progress, an.hand_fit\n"
  "s.hand_fit = function(p) LUA_RUNS = LUA_RUNS + 1; return fit(p) end\n"
  "a.progress = function(p) LUA_RUNS = LUA_RUNS + 1; return progress(p) end\n"
  "an.hand_fit = function(p) LUA_RUNS = LUA_RUNS + 1; return animals(p) end\n";

static int lua_int(ark_game *g, const char *chunk, int p) {
  char out[64];
  return atoi(t_run_lua(g, chunk, p, out, sizeof out));
}

/* Does a row of the animals query's list a (n numbers) give the building
** -1: an animal that fits no enclosure but may share one? */
static int shares_one(const int *a, int n) {
  for (int j = 0; j + 3 < n; j += 4 + a[j + 3])
    if (a[j + 3] == 1 && j + 4 < n && a[j + 4] == -1) return 1;
  return 0;
}

/* The query and the plain one give the same; the Lua runs exactly where
** `handled` says.  shared (animals): counts the answers in C that list an
** animal sharing an enclosure. */
static void compare_query(ark_game *g, int p, const char *name, const char *plain,
                          const char *handled, int *fast, int *slow, int *shared) {
  int a[512], b[512];
  int before = lua_int(g, "return LUA_RUNS", 0);
  int na = ark_game_query(g, name, p, a, 512);
  int ran = lua_int(g, "return LUA_RUNS", 0) - before;
  int nb = ark_game_query(g, plain, p, b, 512);
  assert_true(na >= 0 && na <= 512);
  assert_int_equal(na, nb);
  assert_memory_equal(a, b, sizeof a[0] * (size_t)na);
  assert_int_equal(ran, lua_int(g, handled, p));
  *(ran ? slow : fast) += 1;
  if (shared && !ran && shares_one(a, na)) *shared += 1;
}

static void test_queries_without_lua(void **st) {
  (void)st;
  static const struct { uint64_t seed; const char *map; int mods; } games[] = {
    { 1, NULL, 0 }, { 2, "8", 0 }, { 3, NULL, 1 }, { 4, "8", 1 }, { 5, NULL, 2 }
  };
  int fast = 0, animals_fast = 0, slow = 0, shared = 0;
  char why[256];
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
    ark_game *g = t_new_game(2, games[i].seed, games[i].map);
    ark_recall_on(g, 0);
    if (games[i].mods == 1) {
      t_zoo_add(g, 0, 215);
      t_zoo_add(g, 0, 224);
    }
    if (games[i].mods == 2) t_zoo_add(g, 1, 229);
    assert_string_equal(t_run_lua(g, QUERY_SETUP, 0, why, sizeof why), "");
    uint64_t rng = games[i].seed;
    while (ark_game_process(g) == ARK_AWAITING) {
      if (!strcmp(ark_game_decision(g)->tag, "action"))
        for (int p = 0; p < 2; p++) {
          compare_query(g, p, "sponsors", "t_sponsors",
                        "return has_handler(..., 'modify_sponsor_level') and 1 or 0",
                        &fast, &slow, NULL);
          compare_query(g, p, "projects", "t_projects",
                        "local p = ...\n"
                        "return (has_handler(p, 'modify_project_wildcards') or\n"
                        "        has_handler(p, 'modify_project_supports')) and 1 or 0",
                        &fast, &slow, NULL);
          compare_query(g, p, "animals", "t_animals",
                        "local p = ...\n"
                        "return (has_handler(p, 'modify_animal_cost') or\n"
                        "        has_handler(p, 'modify_conditions_ignored')) and 1 or 0",
                        &animals_fast, &slow, &shared);
        }
      t_random_answer(g, &rng);
    }
    ark_recall_on(g, 1);
    ark_game_free(g);
  }
  print_message("queries answered in C %d (animals %d, %d of them with an animal sharing), "
                "by their Lua %d\n", fast + animals_fast, animals_fast, shared, slow);
  assert_true(fast > 500 && animals_fast > 300 && slow > 300 && shared > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_hand_fit_plain),
    cmocka_unit_test(test_hand_fit_bound),
    cmocka_unit_test(test_hand_fit_modifiers),
    cmocka_unit_test(test_hand_fit_plugin_modifiers),
    cmocka_unit_test(test_progress_plain),
    cmocka_unit_test(test_progress_modifiers),
    cmocka_unit_test(test_sponsors_plain),
    cmocka_unit_test(test_queries_without_lua),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
