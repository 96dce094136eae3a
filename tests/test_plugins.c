/*
** test_plugins.c - plugins: the shipped 100-point variant, the measuring
** plugins of bench/, a plugin from a folder outside the source tree that
** changes rules constants, brings a card and a map and hooks a trigger,
** plugins that replace rules functions (range_cards, upgrade_action,
** ark.placements), load
** order and conflicts.
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "support.h"
#include "nova_ai.h"
#include "track.h"
#include "zone.h"

static char root[256];

static void make_dir(const char *rel) {
  char path[600];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  mkdir(path, 0755);
}

static int setup_root(void **st) {
  (void)st;
  snprintf(root, sizeof root, "/tmp/ark-plugins-XXXXXX");
  if (!mkdtemp(root)) return -1;
  return 0;
}

static int remove_root(void **st) {
  char cmd[300];
  (void)st;
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  return system(cmd) == 0 ? 0 : -1;
}

static ark_status new_game(const char *p1, const char *p2, const char *map, ark_game **g,
                           char *msg, size_t n) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.plugins[0] = p1;
  cfg.plugins[1] = p2;
  cfg.map = map;
  cfg.seed = 77;
  return ark_game_new(&cfg, g, msg, n);
}

/* A plugin of one script (its text) in root/name, loaded alone on map;
** the game at its first turn's action. */
static ark_game *script_plugin_game(const char *name, const char *script, const char *map) {
  char rel[300], yaml[300], dir[400], msg[2048];
  make_dir(name);
  snprintf(rel, sizeof rel, "%s/plugin.yaml", name);
  snprintf(yaml, sizeof yaml, "name: %s\nversion: \"1\"\ndescription: \"A test script.\"\n"
           "provides: [hooks]\nscript: hooks.lua\n", name);
  t_write_file(root, rel, yaml);
  snprintf(rel, sizeof rel, "%s/hooks.lua", name);
  t_write_file(root, rel, script);
  snprintf(dir, sizeof dir, "%s/%s", root, name);
  ark_game *g;
  if (new_game(dir, NULL, map, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  t_to_first_turn(g);
  return g;
}

/* The variant shifts every score by 100 and changes nothing else: not the
** game, not what the AIs read of the time left. */
static void test_hundred_points(void **st) {
  (void)st;
  ark_game *a, *b;
  char msg[1024];
  assert_int_equal(new_game(NULL, NULL, "A", &a, msg, sizeof msg), ARK_OK);
  assert_int_equal(new_game("hundred-points", NULL, "A", &b, msg, sizeof msg), ARK_OK);
  /* the AIs' time left reads the markers, not the shown score: with the
  ** score it was 0 from the first turn, and the AIs played a game at its
  ** end (137 turns, no project supported) */
  t_to_first_turn(a);
  t_to_first_turn(b);
  assert_true(nova_time_left(a) > 0.9);
  assert_true(nova_time_left(b) == nova_time_left(a));
  assert_int_equal(t_play_random(a, 3, 0), ARK_END);
  assert_int_equal(t_play_random(b, 3, 0), ARK_END);
  assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
  for (int p = 0; p < 2; p++) {
    ark_player_view va, vb;
    ark_game_player(a, p, &va);
    ark_game_player(b, p, &vb);
    assert_int_equal(vb.score, va.score + 100);
    assert_int_equal(vb.rank, va.rank);
    /* touching markers score exactly 100: appeal == target */
    assert_int_equal(vb.score, 100 + va.appeal - va.target);
  }
  ark_game_free(a);
  ark_game_free(b);
}


/* plugins/published: Board Game Arena's constants, at the points the
** recorded game shows (its plugin.yaml gives the move numbers); the
** documents' values stay the default. */
static void test_published(void **st) {
  (void)st;
  ark_game *a, *b;
  char msg[1024];
  assert_int_equal(new_game(NULL, NULL, "A", &a, msg, sizeof msg), ARK_OK);
  assert_int_equal(new_game("published", NULL, "A", &b, msg, sizeof msg), ARK_OK);
  static const int appeal[] = { 0, 4, 5, 6, 7, 8, 9, 11, 13, 14, 17, 19, 20, 28, 32, 50 };
  static const int bga[] = { 5, 9, 10, 10, 11, 11, 12, 13, 14, 14, 16, 17, 17, 19, 21, 25 };
  static const int ours[] = { 5, 9, 10, 11, 11, 12, 12, 13, 14, 15, 16, 17, 17, 20, 21, 26 };
  for (size_t k = 0; k < sizeof appeal / sizeof appeal[0]; k++) {
    assert_int_equal(ark_track_income_of(b, appeal[k]), bga[k]);
    assert_int_equal(ark_track_income_of(a, appeal[k]), ours[k]);
  }
  int pos, len;
  ark_game_break_track(b, &pos, &len);
  assert_int_equal(len, 9);
  ark_game_break_track(a, &pos, &len);
  assert_int_equal(len, 15);
  ark_game_free(a);
  ark_game_free(b);
}
/* The measuring plugins of bench/plugins change one printed rule each: the
** two-player break track (15), the start money (25), the start workers (1),
** or every action card on side II from a player's first turn. */
static void test_bench_plugins(void **st) {
  (void)st;
  /* upgraded: the action cards as bits (all five: 31) once the first turn began */
  static const struct { const char *dir; int len, money, workers, upgraded; } cases[] = {
    { "bench/plugins/break-12", 12, 25, 1, 0 }, { "bench/plugins/break-10", 10, 25, 1, 0 },
    { "bench/plugins/money-300", 15, 300, 1, 0 }, { "bench/plugins/workers-4", 15, 25, 4, 0 },
    { "bench/plugins/upgraded", 15, 25, 1, 31 },
  };
  for (int i = 0; i < 5; i++) {
    char dir[600], msg[1024];
    ark_game *g;
    snprintf(dir, sizeof dir, "%s/%s", ARK_SOURCE_DIR, cases[i].dir);
    if (new_game(dir, NULL, "A", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
    assert_int_equal(g->s.break_len, cases[i].len);
    for (int p = 0; p < 2; p++) {
      assert_int_equal(g->s.p[p].money, cases[i].money);
      assert_int_equal(g->s.p[p].workers, cases[i].workers);
    }
    t_to_first_turn(g);
    assert_int_equal(g->s.p[g->s.cur].upgraded, cases[i].upgraded);
    assert_int_equal(g->s.p[1 - g->s.cur].upgraded, 0);  /* not before its own turn */
    ark_game_free(g);
  }
  ark_game *g;
  char msg[1024];
  assert_int_equal(new_game(NULL, NULL, "A", &g, msg, sizeof msg), ARK_OK);
  assert_int_equal(g->s.break_len, 15);
  ark_game_free(g);
}

/* Stacked in either order, a plugin of rules alone and one with hooks
** each do what they do alone: with money-300 first, upgraded's hook had
** never run (a plugin with no script left a hole in the rules' list of
** plugin hooks, which they read only up to it). */
static void test_stacked_plugins(void **st) {
  (void)st;
  char money[600], upgraded[600], msg[1024];
  snprintf(money, sizeof money, "%s/bench/plugins/money-300", ARK_SOURCE_DIR);
  snprintf(upgraded, sizeof upgraded, "%s/bench/plugins/upgraded", ARK_SOURCE_DIR);
  for (int order = 0; order < 2; order++) {
    ark_game *g;
    if (new_game(order ? upgraded : money, order ? money : upgraded, "A", &g, msg,
                 sizeof msg) != ARK_OK)
      fail_msg("%s", msg);
    assert_int_equal(g->s.p[0].money, 300);
    t_to_first_turn(g);
    assert_int_equal(g->s.p[g->s.cur].upgraded, 31);
    ark_game_free(g);
  }
}

/* solo-pace: the solo tile's breaks in a two-player game.  No action moves
** the break token (random players take Cards and Sponsors money often), a
** break comes once both players have taken 7 own turns, then 13, 18, 22 and
** 25, each player starts with 20 appeal, and a cap of 54 turns stops the
** game after 27 own turns each. */
static void test_solo_pace(void **st) {
  (void)st;
  static const int after[] = { 7, 13, 18, 22, 25 };
  ark_config cfg;
  char dir[600];
  snprintf(dir, sizeof dir, "%s/bench/plugins/solo-pace", ARK_SOURCE_DIR);
  ark_config_init(&cfg);
  cfg.plugins[0] = dir;
  cfg.seed = 5;
  cfg.turn_cap = 54;
  ark_game *g = t_new_game_cfg(&cfg);
  t_to_first_turn(g);
  assert_int_equal(t_play_random(g, 9, 1), ARK_END);
  assert_true(ark_game_capped(g));
  assert_int_equal(ark_game_turns(g), 54);
  int nbreaks = 0, first_appeal[2] = { -1, -1 }, appeal = ark_track_from_name("appeal");
  for (int i = 0; i < ark_game_nevents(g); i++) {
    const ark_event *e = ark_game_event(g, i);
    if (e->type == ARK_EV_BREAK) {
      assert_true(nbreaks < 5);
      /* logged in the last turn before the break; turns count from 0 */
      assert_int_equal(e->turn, 2 * after[nbreaks] - 1);
      nbreaks++;
    }
    if (e->type == ARK_EV_GAIN && e->a == appeal && e->player >= 0 && first_appeal[e->player] < 0)
      first_appeal[e->player] = e->b;
  }
  assert_int_equal(nbreaks, 5);
  assert_int_equal(first_appeal[0], 20);
  assert_int_equal(first_appeal[1], 20);
  ark_game_free(g);
}

/* A plugin outside the source tree: rules, a fan card, a fan map, a hook. */
static void test_outside_plugin(void **st) {
  (void)st;
  make_dir("mod");
  make_dir("mod/cards");
  make_dir("mod/maps");
  t_write_file(root, "mod/plugin.yaml",
               "name: rich-start\nversion: \"0.1\"\n"
               "description: \"More money, a shorter break track, a bonus at each break.\"\n"
               "provides: [rules, cards, maps, hooks]\n"
               "rules:\n  start_money: 40\n  break_length: [9, 8, 7]\n"
               "  base_projects: [2, 3, 3]\n"
               "cards: cards\nmaps: maps\nscript: hooks.lua\n");
  t_write_file(root, "mod/cards/1500-plugin-beast.yaml",
               "number: 1500\nname: Plugin Beast\ntype: animal\n"
               "description: \"A card that arrives with a plugin.\"\n"
               "cost: 3\nsize: 1\nappeal: 1\n");
  /* map A's cells with a different name and no start buildings */
  char cmd[1200];
  snprintf(cmd, sizeof cmd,
           "sed -e 's/^id: \"A\"/id: \"plug\"/' -e 's/^name: \"Map A\"/name: \"Plugin Map\"/' "
           "-e '/^start_buildings:/,/^features:/{/^features:/!d}' %s/maps/A-map-a.yaml > %s/mod/maps/plug.yaml",
           ARK_GAME_DIR, root);
  assert_int_equal(system(cmd), 0);
  t_write_file(root, "mod/hooks.lua",
               "local hooks = {}\n"
               "function hooks.income(p, id)\n  gain(p, 'money', 1)\nend\n"
               "return hooks\n");
  char dir[400];
  snprintf(dir, sizeof dir, "%s/mod", root);
  ark_game *g;
  char msg[2048];
  if (new_game(dir, NULL, "plug", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  assert_int_equal(g->s.p[0].money, 40);
  assert_int_equal(g->s.break_len, 9);
  /* two base projects beside the board for 2 players (the printed 3 was
  ** a literal of setup.c no plugin could change) */
  assert_int_equal(g->s.nbase, 2);
  assert_true(g->s.base[0].card >= 0 && g->s.base[1].card >= 0);
  assert_int_equal(g->s.base[2].card, ARK_NO_CARD);
  assert_int_equal(g->s.p[0].zoo_map.nb, 0);          /* no start buildings */
  assert_true(ark_content_find_card(g->c, 1500) >= 0);
  /* the hook pays 1 more at each break */
  t_to_first_turn(g);
  int p = g->s.cur;
  g->s.break_pos = 8;
  g->s.p[p].appeal = 10;                           /* income 13 */
  g->s.p[1 - p].appeal = 0;                        /* income 5 */
  t_restart(g);
  t_expect(g, "action", p);
  t_answer_match(g, "Cards I");
  while (ark_game_process(g) == ARK_AWAITING && strcmp(ark_game_decision(g)->tag, "action"))
    t_answer_match(g, "");
  assert_int_equal(g->s.break_pos, 0);
  assert_int_equal(ark_track_income(10), 13);
  ark_player_view v;
  ark_game_player(g, 1 - p, &v);
  assert_int_equal(v.money, 40 + 5 + 1);
  assert_int_equal(t_play_random(g, 9, 1), ARK_END);
  ark_game_free(g);
}

/* A game on map 0 at its first turn with the plugin root/<dir> (name
** `name`), which provides one fan card: its YAML file and, unless NULL,
** its script (file names under cards/, and their texts). */
static ark_game *fan_card_game(const char *dir, const char *name, const char *yaml_file,
                               const char *yaml, const char *lua_file, const char *lua) {
  char path[200], text[400], msg[2048];
  snprintf(path, sizeof path, "%s/cards", dir);
  make_dir(dir);
  make_dir(path);
  snprintf(path, sizeof path, "%s/plugin.yaml", dir);
  snprintf(text, sizeof text,
           "name: %s\nversion: \"1\"\ndescription: \"One fan card.\"\n"
           "provides: [cards]\ncards: cards\n", name);
  t_write_file(root, path, text);
  snprintf(path, sizeof path, "%s/cards/%s", dir, yaml_file);
  t_write_file(root, path, yaml);
  if (lua_file) {
    snprintf(path, sizeof path, "%s/cards/%s", dir, lua_file);
    t_write_file(root, path, lua);
  }
  char full[700];
  snprintf(full, sizeof full, "%s/%s", root, dir);
  ark_game *g;
  if (new_game(full, NULL, "0", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  t_to_first_turn(g);
  return g;
}

/* The current player, with 50 money, an empty hand but fan animal
** `number` and a size-5 enclosure, plays it with Animals I at strength 2
** (`play`: its option); returns that player. */
static int play_fan_animal(ark_game *g, int number, const char *play) {
  int p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = 50;
  t_set_slots(g, p, ARK_ACT_BUILD, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
              ARK_ACT_SPONSORS);
  t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)");
  t_give(g, p, number);
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  if (!strcmp(t_tag(g), "animals.card")) t_answer_match(g, play);
  if (!strcmp(t_tag(g), "animals.enclosure")) t_answer(g, ark_game_decision(g)->options[0]);
  return p;
}

/* A fan animal whose keyword values are beyond what a continuation's code
** holds (Digging 17: more picks than 16) plays its ability the plain way,
** asking as the printed keyword does: the decision is not a copy (a clone
** there replays), and each pick does what Digging says. */
static void test_fan_keyword_beyond_codes(void **st) {
  (void)st;
  ark_game *g = fan_card_game("dig", "deep-dig", "1501-deep-digger.yaml",
                               "number: 1501\nname: Deep Digger\ntype: animal\n"
                               "description: \"Digs seventeen times.\"\n"
                               "cost: 1\nsize: 1\nappeal: 1\nabilities: [\"digging:17\"]\n",
                               NULL, NULL);
  int f3 = g->s.display[2];
  int p = play_fan_animal(g, 1501, "play Deep Digger (1501)");
  t_expect(g, "digging.card", p);
  assert_false(g->cont);
  assert_int_equal(t_noptions(g), 6 + 1);     /* the six folders, stop (an empty hand) */
  t_answer_match(g, "from folder 3");
  t_expect(g, "digging.card", p);
  assert_false(g->cont);
  assert_true(t_in_list(g->s.discard, g->s.ndiscard, f3));
  t_answer(g, "stop digging");
  t_turn_over(g, p);
  assert_int_equal(ark_zone_zoo_find(g, p, t_card(g, 1501)) >= 0, 1);
  ark_game_free(g);
}

/* An "after finishing this action" effect that a script starts where no
** action runs (a fan sponsor's income gives Boost at the break) has no
** action to follow: it ends with the break, as a function kept in the
** step's table does, and no later turn runs it. */
static void test_after_action_outside_a_turn(void **st) {
  (void)st;
  ark_game *g = fan_card_game("boost", "income-boost", "1502-income-booster.yaml",
                               "number: 1502\nname: Income Booster\ntype: sponsor\n"
                               "description: \"Boosts Association at every break.\"\n"
                               "level: 1\ntimings: [ongoing]\n",
                               "1502-income-booster.lua",
                               "local card = {}\n"
                               "function card.income(p, id) keyword(p, id, 'boost:association') end\n"
                               "return card\n");
  int p = t_cur(g), q = 1 - p;
  t_zoo_add(g, p, 1502);
  for (int i = 0; i < 2; i++) t_clear_hand(g, i);
  t_run_break(g, p);
  t_expect(g, "action", q);
  assert_int_equal(g->s.nqueue, 0);
  do {                                        /* q's turn: no Boost at its end */
    assert_string_not_equal(t_tag(g), "keyword.boost");
    t_answer(g, ark_game_decision(g)->options[0]);
  } while (strcmp(t_tag(g), "action") != 0);
  t_expect(g, "action", p);
  ark_game_free(g);
}

/* More "after finishing this action" effects than the state's queue holds
** (ARK_MAX_QUEUE): a fan animal whose script gives nine Boosts.  The ninth
** waits as a function, and all nine come in the order the script gave
** them. */
static void test_after_action_beyond_the_queue(void **st) {
  (void)st;
  static const char *const order[9] = { "Build", "Cards", "Association", "Sponsors", "Build",
                                         "Cards", "Association", "Sponsors", "Cards" };
  ark_game *g = fan_card_game("boosts", "nine-boosts", "1503-booster.yaml",
                               "number: 1503\nname: Booster\ntype: animal\n"
                               "description: \"Nine boosts.\"\ncost: 1\nsize: 1\nappeal: 1\n",
                               "1503-booster.lua",
                               "local card = {}\n"
                               "local BOOSTS = { 'build', 'cards', 'association', 'sponsors', 'build',\n"
                               "  'cards', 'association', 'sponsors', 'cards' }\n"
                               "function card.on_play(p, id)\n"
                               "  for _, a in ipairs(BOOSTS) do keyword(p, id, 'boost:' .. a) end\n"
                               "end\n"
                               "return card\n");
  assert_true(9 > ARK_MAX_QUEUE);
  int p = play_fan_animal(g, 1503, "play Booster (1503)");
  for (int i = 0; i < 9; i++) {
    char prompt[64];
    snprintf(prompt, sizeof prompt, "Boost: move %s?", order[i]);
    t_expect(g, "keyword.boost", p);
    assert_string_equal(ark_game_decision(g)->prompt, prompt);
    t_answer_match(g, "leave it in slot");
  }
  t_turn_over(g, p);
  assert_int_equal(g->s.nqueue, 0);
  ark_game_free(g);
}

/* A plugin adds its own queries (docs/lua-api.md).  One that changes the
** state and logs leaves no trace; one that asks a player fails with -1. */
static void test_plugin_query(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("asker",
               "QUERIES.twice = function(p)\n"
               "  gain(p, 'money', 5)\n"
               "  return { money(p), 2 * money(p) }\n"
               "end\n"
               "QUERIES.asks = function(p)\n"
               "  choose(p, 'asker.pick', 'Pick one', { 'a', 'b' })\n"
               "  return { 1 }\n"
               "end\n"
               "return {}\n", "A");
  int p = g->s.cur, money = g->s.p[p].money, nev = ark_game_nevents(g), out[4];
  uint64_t hash = ark_game_log_hash(g);
  assert_int_equal(ark_game_query(g, "twice", p, out, 4), 2);
  assert_int_equal(out[0], money + 5);    /* what the query saw */
  assert_int_equal(out[1], 2 * (money + 5));
  assert_int_equal(g->s.p[p].money, money);
  assert_int_equal(ark_game_nevents(g), nev);
  assert_true(ark_game_log_hash(g) == hash);
  assert_int_equal(ark_game_query(g, "asks", p, out, 4), -1);
  assert_int_equal(ark_game_nevents(g), nev);
  assert_int_equal(t_play_random(g, 4, 1), ARK_END);   /* play goes on as usual */
  ark_game_free(g);
}

/* A plugin hook that fails on an answer ends the game, and the answer's
** message is the game's error (it had been left as the caller gave it). */
static void test_answer_message_on_failure(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("fails",
               "return { after_action = function(p) error('boom on the action') end }\n", "A");
  char msg[512];
  ark_status got = ARK_OK;
  for (int k = 0; k < 50 && got == ARK_OK && ark_game_process(g) == ARK_AWAITING; k++) {
    strcpy(msg, "left over");
    got = ark_game_answer(g, 0, msg, sizeof msg);
  }
  assert_int_equal(got, ARK_ERR_SCRIPT);
  assert_non_null(strstr(msg, "boom on the action"));
  assert_string_equal(msg, ark_game_error(g));
  ark_game_free(g);
}

static void test_conflict(void **st) {
  (void)st;
  make_dir("a");
  make_dir("b");
  t_write_file(root, "a/plugin.yaml",
               "name: a\nversion: \"1\"\ndescription: \"x\"\nrules:\n  start_money: 30\n");
  t_write_file(root, "b/plugin.yaml",
               "name: b\nversion: \"1\"\ndescription: \"y\"\nrules:\n  hand_limit: 4\n  start_money: 10\n");
  char a[400], b[400], msg[2048];
  snprintf(a, sizeof a, "%s/a", root);
  snprintf(b, sizeof b, "%s/b", root);
  ark_game *g;
  assert_int_equal(new_game(a, b, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  char want[600];
  snprintf(want, sizeof want, "%s/b/plugin.yaml:6: rule start_money is also set by plugin a", root);
  if (!strstr(msg, want)) fail_msg("message lacks '%s':\n%s", want, msg);
  /* the same plugin twice */
  assert_int_equal(new_game(a, a, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "loaded twice"));
  /* a rule twice in one file is that file's mistake, not a conflict */
  make_dir("twice");
  t_write_file(root, "twice/plugin.yaml", "name: twice\nversion: \"1\"\ndescription: \"x\"\n"
               "rules:\n  start_money: 30\n  start_money: 40\n");
  snprintf(a, sizeof a, "%s/twice", root);
  assert_int_equal(new_game(a, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "plugin.yaml:6: rule start_money is set twice in this file"));
}

/* A plugin's hand limit of 6 is the limit at the start; the position
** editor giving the library (limit 5) keeps it, as taking it would. */
static void test_plugin_hand_limit(void **st) {
  (void)st;
  make_dir("hand6");
  t_write_file(root, "hand6/plugin.yaml",
               "name: hand6\nversion: \"1\"\ndescription: \"h\"\nrules:\n  hand_limit: 6\n");
  char d[400], msg[2048];
  snprintf(d, sizeof d, "%s/hand6", root);
  ark_game *g;
  assert_int_equal(new_game(d, NULL, "A", &g, msg, sizeof msg), ARK_OK);
  ark_player_view v;
  ark_game_player(g, 0, &v);
  assert_int_equal(v.hand_limit, 6);
  const char *library[] = { "library" }, *research[] = { "research" };
  assert_int_equal(ark_edit_universities(g, 0, library, 1, msg, sizeof msg), 0);
  ark_game_player(g, 0, &v);
  assert_int_equal(v.hand_limit, 6);
  assert_int_equal(ark_edit_universities(g, 0, research, 1, msg, sizeof msg), 0);
  ark_game_player(g, 0, &v);
  assert_int_equal(v.hand_limit, 6);
  ark_game_free(g);
}

/* A plugin that widens the reach to every display folder (a house rule,
** by replacing range_cards) widens what taking a card offers too: the
** rules' own faster loop over the display steps aside. */
static void test_plugin_range(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("reach",
               "function _G.range_cards(p, kind)\n"
               "  local out, disp = {}, ark.display()\n"
               "  for f = 1, 6 do\n"
               "    local id = disp[f]\n"
               "    if id and (not kind or CARDS[id].type == kind) then\n"
               "      out[#out + 1] = { folder = f, card = id }\n"
               "    end\n"
               "  end\n"
               "  return out\n"
               "end\n"
               "return {}\n", "A");
  int p = t_cur(g);
  g->s.p[p].reputation = 1;                       /* folder 1 alone in the rules' reach */
  t_set_slot(g, p, ARK_ACT_CARDS, 1);
  t_upgrade(g, p, ARK_ACT_CARDS);
  t_ready(g);
  t_answer(g, "Cards II at strength 1");
  t_expect(g, "card.take", p);
  assert_int_equal(t_noptions(g), 7);             /* the deck and all six folders */
  assert_true(t_has_option(g, "from folder 6"));
  ark_game_free(g);
}

/* A plugin's range_cards may name folders beyond the display's: each
** option reads its own card and folder (the take texts are kept per card
** and folder 1 to 7 only, so card c in folder 9 is not card c + 1 in
** folder 1). */
static void test_plugin_range_far_folder(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("far",
               "function _G.range_cards(p, kind)\n"
               "  local id = ark.display()[1]\n"
               "  return { { folder = 1, card = id }, { folder = 9, card = id - 1 } }\n"
               "end\n"
               "return {}\n", "A");
  int p = t_cur(g), id = g->s.display[0];
  assert_true(id >= 1);
  t_set_slot(g, p, ARK_ACT_CARDS, 1);
  t_upgrade(g, p, ARK_ACT_CARDS);
  t_ready(g);
  t_answer(g, "Cards II at strength 1");
  t_expect(g, "card.take", p);
  assert_int_equal(t_noptions(g), 3);
  const ark_card_def *far = &g->c->cards[id - 1];
  char want[200];
  snprintf(want, sizeof want, "take %s (%d) from folder 9", far->name, far->number);
  assert_string_equal(ark_game_decision(g)->options[2], want);
  ark_game_free(g);
}

/* A plugin that replaces ark.placements (here: a house rule that allows
** only a building's first two positions) is what Build offers: the rules'
** option texts made in C step aside. */
static void test_plugin_placements(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("two",
               "local all = ark.placements\n"
               "function ark.placements(p, key, build2, i)\n"
               "  if i then return all(p, key, build2, i) end\n"
               "  local places = all(p, key, build2)\n"
               "  return { places[1], places[2] }\n"
               "end\n"
               "return {}\n", "A");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 1);
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build size-1 (2 money)");
  t_expect(g, "build.place", p);
  assert_int_equal(t_noptions(g), 2);
  ark_game_free(g);
}

/* A plugin that replaces upgrade_action (here: a house rule with no
** upgrades as rewards) is asked for the upgrade a second partner zoo
** brings: the rules' continuation of it steps aside. */
static void test_plugin_upgrade(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("noup", "function _G.upgrade_action(p) return false end\n"
                                           "return {}\n", "0");
  int p = t_cur(g);
  g->s.p[p].partner_zoos = 1;                     /* africa */
  g->s.board_zoos = 0x1f & ~1u;
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 3);
  t_ready(g);
  t_answer(g, "Association I at strength 3");
  t_answer_match(g, "partner zoo (strength 3");
  t_answer(g, "partner zoo asia");
  t_expect(g, "action", 1 - p);                   /* no upgrade asked */
  assert_int_equal(g->s.p[p].partner_zoos, 1 | 4);
  assert_int_equal(g->s.p[p].upgraded, 0);
  ark_game_free(g);
}

/* A plugin's modifier hooks are wrapped as a card's are: what they return
** must be a whole number for a number (the value they were given passes),
** and a wrong one names the plugin's file and the modifier's line. */
static void test_plugin_modifier_checked(void **st) {
  (void)st;
  char out[300];
  ark_game *g = script_plugin_game("half",
               "local hooks = {}\n"
               "function hooks.modify_animal_cost(p, id, cost, animal)\n"
               "  if animal == 1 then return cost + 0.5 end\n"
               "  if animal == 2 then return nil end\n"
               "  return cost\n"
               "end\n"
               "return hooks\n", "A");
  int p = t_cur(g);
  assert_string_equal(t_run_lua(g, "return tostring(modify('animal_cost', ..., 12, 3))", p, out,
                                sizeof out), "12");
  t_run_lua(g, "local ok, e = pcall(modify, 'animal_cost', ..., 12, 1); return e", p, out,
            sizeof out);
  assert_non_null(strstr(out, "half/hooks.lua:2: modify_animal_cost returned 12.5; a modifier "
                              "returns a whole number"));
  t_run_lua(g, "local ok, e = pcall(modify, 'animal_cost', ..., 12, 2); return e", p, out,
            sizeof out);
  assert_non_null(strstr(out, "half/hooks.lua:2: modify_animal_cost returned nothing"));
  ark_game_free(g);
}

/* A plugin's modifier that asks a player fails at the asking line, with
** what is wrong. */
static void test_plugin_modifier_asks(void **st) {
  (void)st;
  char out[400];
  ark_game *g = script_plugin_game("asks",
               "local hooks = {}\n"
               "function hooks.modify_sponsor_level(p, id, value, card)\n"
               "  local i = choose(p, 'asks.level', 'Lower it?', { 'yes', 'no' })\n"
               "  return value\n"
               "end\n"
               "return hooks\n", "A");
  int p = t_cur(g);
  t_run_lua(g, "local ok, e = pcall(modify, 'sponsor_level', ..., 3, 1); "
               "return e .. '|' .. tostring(MODIFYING)", p, out, sizeof out);
  assert_non_null(strstr(out, "asks/hooks.lua:3: a modifier may not ask a player: "
                              "modify_sponsor_level called choose"));
  /* advice a plugin can follow: it has no on_play (test_plugin_card_own_handlers) */
  assert_non_null(strstr(out, "ask in an event instead: a card's on_play, or card_played or "
                              "before_action, which cards, maps and plugins all hear)"));
  assert_non_null(strstr(out, "|false"));
  ark_game_free(g);
}

/* A hook's fault raised inside a rules function it called stops the game
** at the hook's own file and line, as a card's does: it named the rules'
** file ("rules/rules.lua:1231: unknown action card 'animalz'"). */
static void test_plugin_fault_in_rules(void **st) {
  (void)st;
  static const struct { const char *call, *what; } cases[] = {
    { "perform_action(p, 'animalz', 3, 1)", "unknown action card 'animalz'" },
    { "place_building(p, 'size-9', '(2,9)', false)", "unknown building 'size-9'" },
    { "gain(p, 'money', 2.5)", "a whole number is expected, not 2.5" },
  };
  for (int i = 0; i < 3; i++) {
    char script[300], name[16], want[700];
    snprintf(name, sizeof name, "fault%d", i);
    snprintf(script, sizeof script, "local hooks = {}\nfunction hooks.turn_end(p)\n  %s\n"
             "end\nreturn hooks\n", cases[i].call);
    ark_game *g = script_plugin_game(name, script, "A");
    assert_int_equal(t_play_random(g, 3, 0), ARK_ERROR);
    snprintf(want, sizeof want, "%s/%s/hooks.lua:3: %s", root, name, cases[i].what);
    if (!strstr(ark_game_error(g), want))
      fail_msg("want '%s' in '%s'", want, ark_game_error(g));
    ark_game_free(g);
  }
}

/* A plugin's script has the names a card's has (docs/lua-api.md): fact,
** unpack, and choose_then, gain_then and call_then naming its own then_
** functions, played through a whole game. */
static void test_plugin_card_api(void **st) {
  (void)st;
  char out[600];
  ark_game *g = script_plugin_game("api",
    "local hooks = {}\n"
    "function hooks.card_played(owner, id, p, card)\n"
    "  if owner == p and fact(card, 'type') == 'sponsor' then\n"
    "    return call_then(p, 'then_paid', 2, gain, p, 'money', 1)\n"
    "  end\n"
    "end\n"
    "function hooks.income(p, id)\n"
    "  local a, b = unpack({ 'money', 'appeal' })\n"
    "  return choose_then(p, 'api.bonus', 'Income bonus?', { a, b }, { 1, 2 }, 'then_bonus')\n"
    "end\n"
    "function hooks.turn_end(p, id)\n"
    "  return gain_then(p, 'money', 0, 'then_paid', 1)\n"
    "end\n"
    "function hooks.then_paid(p, id, code) gain(p, 'money', code - 1) end\n"
    "function hooks.then_bonus(p, id, code, i)\n"
    "  if code == 1 then gain(p, 'money', 1) else gain(p, 'appeal', 1) end\n"
    "end\n"
    "return hooks\n", "A");
  t_run_lua(g, "local env, missing = make_plugin_env(), {}\n"
               "local extra = { 'fact', 'card', 'CARDS', 'KEYWORDS', 'ark', 'math', 'string',\n"
               "  'table', 'choose_then', 'gain_then', 'call_then' }\n"
               "for _, list in ipairs({ CARD_API_BASE, CARD_API_RULES, CARD_API_TABLES, extra }) do\n"
               "  for _, n in ipairs(list) do\n"
               "    if env[n] == nil then missing[#missing + 1] = n end\n"
               "  end\n"
               "end\n"
               "return table.concat(missing, ' ')", 0, out, sizeof out);
  assert_string_equal(out, "");
  assert_int_equal(t_play_random(g, 4, 1), ARK_END);
  ark_game_free(g);
}

/* A script that returns no table: its globals under a trigger's name are
** its hooks; its other globals (a constant, a helper function) are its
** own, not errors, and a function whose name is a trigger's misspelt draws
** a warning naming that trigger. */
static void test_plugin_own_globals(void **st) {
  (void)st;
  make_dir("own");
  t_write_file(root, "own/plugin.yaml", "name: own\nversion: \"1\"\ndescription: \"z\"\n"
                                        "script: hooks.lua\n");
  t_write_file(root, "own/hooks.lua",
               "BONUS = 2\n"
               "function bonus_for(p) return BONUS end\n"
               "function income(p, id) gain(p, 'money', bonus_for(p)) end\n"
               "function turn_edn(p, id) end\n");
  char d[400], msg[2048];
  snprintf(d, sizeof d, "%s/own", root);
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.plugins[0] = d;
  char *report = t_check_clean(&cfg);
  assert_non_null(strstr(report, "own/hooks.lua:4: warning: 'turn_edn' is no trigger handler, "
                                 "so it is the script's own helper; did you mean turn_end?"));
  assert_null(strstr(report, "BONUS"));
  assert_null(strstr(report, "bonus_for"));
  free(report);
  ark_game *g;
  if (new_game(d, NULL, "A", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  char out[200];
  assert_string_equal(t_run_lua(g, "local h = PLUGIN_SCRIPTS[1]\n"
                                   "return tostring(type(h.income)) .. tostring(h.turn_edn) .. "
                                   "tostring(h.bonus_for)", 0, out, sizeof out),
                      "functionnilnil");
  assert_int_equal(t_play_random(g, 2, 1), ARK_END);
  ark_game_free(g);
}

/* Rules that each lie in their range but contradict one another are
** refused at the line of the plugin's rule, naming a plugin that set the
** other one. */
static void test_plugin_rules_agree(void **st) {
  (void)st;
  make_dir("keep9");
  t_write_file(root, "keep9/plugin.yaml", "name: keep9\nversion: \"1\"\ndescription: \"z\"\n"
                                          "rules:\n  score_offset: 1\n  draft_keep: 9\n"
                                          "  income: [[0,5,1], [6,11,2], [18,17,0], [36,23,4], "
                                          "[60,29,5], [90,35,6]]\n");
  make_dir("draw3");
  t_write_file(root, "draw3/plugin.yaml", "name: draw3\nversion: \"1\"\ndescription: \"z\"\n"
                                          "rules:\n  draft_draw: 6\n");
  make_dir("keep5");
  t_write_file(root, "keep5/plugin.yaml", "name: keep5\nversion: \"1\"\ndescription: \"z\"\n"
                                          "rules:\n  draft_keep: 7\n");
  char a[400], b[400], c[400], msg[2048];
  snprintf(a, sizeof a, "%s/keep9", root);
  snprintf(b, sizeof b, "%s/draw3", root);
  snprintf(c, sizeof c, "%s/keep5", root);
  ark_game *g;
  assert_int_equal(new_game(a, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "keep9/plugin.yaml:6: draft_keep 9 is above draft_draw 8"));
  assert_non_null(strstr(msg, "keep9/plugin.yaml:7: income: band 3 has step 0"));
  assert_int_equal(new_game(b, c, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "keep5/plugin.yaml:5: draft_keep 7 is above draft_draw 6: "));
  assert_non_null(strstr(msg, "(the other rule is set by plugin draw3)"));
  assert_null(strstr(msg, "draw3/plugin.yaml"));
}

/* A script reads every rule docs/plugins.md lists with ark.rule, as the
** plugins left it: a number, or a list (a band of income a list of its
** three numbers); an unknown name is an error naming the rules there are.
** Seven of them (the target's, the basic reputation cap, the base projects
** and income) were "unknown rule". */
static void test_scripts_read_every_rule(void **st) {
  (void)st;
  make_dir("long");
  t_write_file(root, "long/plugin.yaml", "name: long\nversion: \"1\"\ndescription: \"z\"\n"
                                         "rules:\n  target_start: 120\n  base_projects: [2, 3, 3]\n"
                                         "  income: [[0,6,1], [6,12,2], [18,18,3], [36,24,4], "
                                         "[60,30,5], [90,36,6]]\n");
  char a[400], msg[2048], out[2048];
  snprintf(a, sizeof a, "%s/long", root);
  ark_game *g;
  if (new_game(a, NULL, "A", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  static const char chunk[] =
    "local function text(v)\n"
    "  if type(v) ~= 'table' then return tostring(v) end\n"
    "  local t = {}\n"
    "  for i = 1, #v do t[i] = text(v[i]) end\n"
    "  return '[' .. table.concat(t, ',') .. ']'\n"
    "end\n"
    "local out = {}\n"
    "for _, k in ipairs({ 'start_money', 'start_reputation', 'start_workers', 'hand_limit',\n"
    "    'draft_draw', 'draft_keep', 'appeal_max', 'conservation_max', 'target_start',\n"
    "    'target_step_low', 'target_step_high', 'target_step_change', 'reputation_max',\n"
    "    'reputation_cap_basic', 'break_length', 'base_projects', 'income', 'score_offset' }) do\n"
    "  out[#out + 1] = k .. '=' .. text(ark.rule(k))\n"
    "end\n"
    "local ok, err = pcall(ark.rule, 'target')\n"
    "out[#out + 1] = tostring(err)\n"
    "return table.concat(out, ' ')\n";
  t_run_lua(g, chunk, 0, out, sizeof out);
  assert_string_equal(out,
    "start_money=25 start_reputation=1 start_workers=1 hand_limit=3 draft_draw=8 draft_keep=4 "
    "appeal_max=113 conservation_max=41 target_start=120 target_step_low=2 "
    "target_step_high=3 target_step_change=10 reputation_max=15 reputation_cap_basic=9 "
    "break_length=[15,12,10] base_projects=[2,3,3] "
    "income=[[0,6,1],[6,12,2],[18,18,3],[36,24,4],[60,30,5],[90,36,6]] score_offset=0 "
    "ark.rule: unknown rule 'target' (rules: start_money start_reputation start_workers "
    "hand_limit draft_draw draft_keep appeal_max conservation_max target_start target_step_low "
    "target_step_high target_step_change reputation_max reputation_cap_basic break_length "
    "base_projects income score_offset)");
  ark_game_free(g);
}

/* Each rule has one range and one message, however far a number lies
** outside it (99999999999 was "out of range -100000..100000", -5 "outside
** 0..1000"), and numbers that make no game are refused: keeping no draft
** card, a target every seat starts on, income that falls as appeal rises,
** a target no appeal reaches. */
static void test_plugin_rule_ranges(void **st) {
  (void)st;
  static const struct { const char *name, *rule, *want; } cases[] = {
    { "low", "start_money: -5", ":6: rule start_money: -5 is outside 0..1000 (money" },
    { "huge", "start_money: 99999999999",
      ":6: rule start_money: 99999999999 is outside 0..1000 (money" },
    { "keep0", "draft_keep: 0", ":6: rule draft_keep: 0 is outside 1..20 (" },
    { "target0", "target_start: 0", ":6: rule target_start: 0 is outside 4..1000 (" },
    { "falls", "income: [[0, 5, 1], [6, 3, 2], [18, 17, 3], [36, 23, 4], [60, 29, 5], "
      "[90, 35, 6]]", ":6: income: band 2 pays 3 at appeal 6, less than the 10 band 1 pays "
      "at appeal 5" },
    { "neverends", "appeal_max: 100\n  conservation_max: 5",
      ":7: the game could never end: at the end of the conservation track (conservation_max 5) "
      "the target is still 104 appeal (target_start 114, lowered 2 a point up to 10 points and "
      "3 a point after), above the end of the appeal track (appeal_max 100)" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char rel[64], text[400], d[400], msg[2048];
    snprintf(rel, sizeof rel, "range-%s", cases[i].name);
    make_dir(rel);
    snprintf(rel, sizeof rel, "range-%s/plugin.yaml", cases[i].name);
    snprintf(text, sizeof text, "name: %s\nversion: \"1\"\ndescription: \"r\"\n"
             "provides: [rules]\nrules:\n  %s\n", cases[i].name, cases[i].rule);
    t_write_file(root, rel, text);
    snprintf(d, sizeof d, "%s/range-%s", root, cases[i].name);
    ark_game *g;
    assert_int_equal(new_game(d, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
    char want[300];
    snprintf(want, sizeof want, "range-%s/plugin.yaml%s", cases[i].name, cases[i].want);
    if (!strstr(msg, want)) fail_msg("missing '%s' in:\n%s", want, msg);
  }
}

/* A script that leaves a rules table docs/plugins.md lets it change in a
** state the rules cannot read is refused at the line naming the table; it
** passed, and the game stopped in association.lua ("attempt to compare
** number with nil"). */
static void test_plugin_rules_tables(void **st) {
  (void)st;
  static const struct { const char *name, *script, *want; } cases[] = {
    { "don2p", "-- prices\nlocal h = {}\nACTION_SCRIPTS.association.DONATIONS_2P = { }\nreturn h\n",
      "/hooks.lua:3: ACTION_SCRIPTS.association.DONATIONS_2P is empty" },
    { "donx", "ACTION_SCRIPTS.association.DONATIONS = { 3, 'x' }\nreturn {}\n",
      "/hooks.lua:1: ACTION_SCRIPTS.association.DONATIONS[2] is x, not a whole number from 0 "
      "to 1000" },
    { "rep20", "local h = {}\n\nREPUTATION_BONUS[1].space = 20\nreturn h\n",
      "/hooks.lua:3: the spaces of REPUTATION_BONUS[1] is 20, not a whole number from 1 to 15" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char rel[64], yaml[300], d[400], msg[2048];
    make_dir(cases[i].name);
    snprintf(rel, sizeof rel, "%s/plugin.yaml", cases[i].name);
    snprintf(yaml, sizeof yaml, "name: %s\nversion: \"1\"\ndescription: \"t\"\n"
             "provides: [hooks]\nscript: hooks.lua\n", cases[i].name);
    t_write_file(root, rel, yaml);
    snprintf(rel, sizeof rel, "%s/hooks.lua", cases[i].name);
    t_write_file(root, rel, cases[i].script);
    snprintf(d, sizeof d, "%s/%s", root, cases[i].name);
    ark_game *g;
    assert_int_equal(new_game(d, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
    if (!strstr(msg, cases[i].want)) fail_msg("missing '%s' in:\n%s", cases[i].want, msg);
  }
}

static void test_bad_plugin(void **st) {
  (void)st;
  make_dir("bad");
  t_write_file(root, "bad/plugin.yaml", "name: bad\nversion: \"1\"\ndescription: \"z\"\nrules:\n"
                                        "  start_mony: 30\n  break_length: [1, 2]\nscript: nope.lua\n");
  char d[400], msg[2048];
  snprintf(d, sizeof d, "%s/bad", root);
  ark_game *g;
  assert_int_equal(new_game(d, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "plugin.yaml:5: unknown rule 'start_mony' (rules: start_money "
                              "start_reputation "));
  assert_non_null(strstr(msg, "plugin.yaml:6: rule break_length takes 3 numbers, got 2"));
  assert_non_null(strstr(msg, "plugin.yaml:7: script: file not found"));
  assert_int_equal(new_game("/nonexistent/plugin", NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "plugin folder not found"));
}

/* A plugin's turn_start hook runs at the start of every turn, so the AIs'
** processing (ark_game_process_to_turn) never leaves a turn ahead unbegun:
** the hook has run when the next turn's action is asked. */
static void test_turn_start_hook_begins_turns(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("starts",
    "return { turn_start = function(p) ark.add(p, 'money', 1) end }\n", "A");
  int p = g->s.cur, q = 1 - p, before = g->s.p[q].money;
  t_answer_match(g, "X-token");
  assert_int_equal(ark_game_process_to_turn(g), ARK_AWAITING);
  assert_false(ark_game_turn_ahead(g));
  assert_string_equal(ark_game_pending_tag(g), "action");
  assert_int_equal(g->s.p[q].money, before + 1);
  ark_game_free(g);
}

/* PLUGIN_SCRIPTS.replaced: whether a plugin's script replaced a function
** or a table the rules reach as it loaded.  Hooks, numbers changed in
** the rules' tables and the script's own globals are no replacement. */
static void test_plugin_replaced(void **st) {
  (void)st;
  static const struct { const char *name, *script, *replaced; } cases[] = {
    { "r-hooks", "local h = {}\nfunction h.turn_end(p) gain(p, 'money', 1) end\nreturn h\n",
      "false" },
    { "r-numbers", "REPUTATION_BONUS[1].space = 6\nACTION_SCRIPTS.association.DONATIONS[1] = 3\n"
      "function helper() end\nreturn {}\n", "false" },
    { "r-global", "local g = gain\nfunction _G.gain(...) return g(...) end\nreturn {}\n",
      "true" },
    { "r-ark", "ark.advance_break = function() return false end\nreturn {}\n", "true" },
    { "r-table", "ACTION_SCRIPTS.association.DONATIONS = { 3, 6, 6, 8, 8, 11, 11, 13 }\n"
      "return {}\n", "true" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ark_game *g = script_plugin_game(cases[i].name, cases[i].script, "A");
    char out[64];
    t_run_lua(g, "return tostring(PLUGIN_SCRIPTS.replaced)", 0, out, sizeof out);
    if (strcmp(out, cases[i].replaced)) fail_msg("%s: replaced %s", cases[i].name, out);
    ark_game_free(g);
  }
}

/* With a plugin that only hooks triggers (bench/plugins/upgraded) the
** rules' continuations stay: at no decision of these random games does a
** step's coroutine run, so every clone is one copy of the state. */
static void test_hooks_plugin_keeps_copies(void **st) {
  (void)st;
  char dir[600];
  snprintf(dir, sizeof dir, "%s/bench/plugins/upgraded", ARK_SOURCE_DIR);
  uint64_t rng = 5;
  int decisions = 0, running = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.plugins[0] = dir;
    cfg.seed = seed;
    ark_game *g = t_new_game_cfg(&cfg);
    while (ark_game_process(g) == ARK_AWAITING) {
      decisions++;
      running += g->co_ref >= 0;
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  assert_true(decisions > 1000);
  assert_int_equal(running, 0);
}

/* A plugin's script has Lua as a card's script has it (docs/lua-api.md):
** pairs and next visit keys in one fixed order, table.sort is stable,
** tostring shows no address, table.move and math.randomseed are absent,
** math.random draws from the game's seeded generator, and setmetatable
** refuses __gc.  It had the rules' own: pairs in Lua's order, seeded per
** process, so the same seed played another game (and a save replayed
** differently), and Lua's math.random, seeded per state. */
static void test_plugin_sandbox(void **st) {
  (void)st;
  ark_game *g = script_plugin_game("lua-order",
    "local LETTERS = 'abcdefghijklmnopqrstuvwxyz'\n"
    "local hooks = {}\n"
    "function hooks.income(p, id)\n"
    "  local t, by_pairs, by_next, recs, sorted = {}, {}, {}, {}, {}\n"
    "  for i = 26, 1, -1 do t[string.sub(LETTERS, i, i)] = i end\n"
    "  for k in pairs(t) do by_pairs[#by_pairs + 1] = k end\n"
    "  for k in next, t do by_next[#by_next + 1] = k end\n"
    "  for i = 1, 12 do recs[i] = { key = i % 3, i = i } end\n"
    "  table.sort(recs, function(a, b) return a.key < b.key end)\n"
    "  for i = 1, 12 do sorted[i] = recs[i].i end\n"
    "  error(table.concat(by_pairs) .. ' ' .. table.concat(by_next) .. ' ' ..\n"
    "        table.concat(sorted, ',') .. ' ' .. tostring({}) .. ' ' .. type(table.move) ..\n"
    "        ' ' .. type(math.randomseed))\n"
    "end\n"
    "return hooks\n", "A");
  assert_int_equal(t_play_random(g, 3, 0), ARK_ERROR);
  const char *why = ark_game_error(g);
  if (!strstr(why, "lua-order/hooks.lua:11: abcdefghijklmnopqrstuvwxyz "
                   "abcdefghijklmnopqrstuvwxyz 3,6,9,12,1,4,7,10,2,5,8,11 table nil nil"))
    fail_msg("%s", why);
  ark_game_free(g);

  /* the same seed, the same game */
  uint64_t hash[2];
  for (int k = 0; k < 2; k++) {
    g = script_plugin_game("lua-random",
      "local hooks = {}\n"
      "function hooks.income(p, id) gain(p, 'money', math.random(1, 1000)) end\n"
      "return hooks\n", "A");
    if (t_play_random(g, 3, 0) != ARK_END) fail_msg("%s", ark_game_error(g));
    hash[k] = ark_game_log_hash(g);
    ark_game_free(g);
  }
  assert_true(hash[0] == hash[1]);

  make_dir("lua-gc");
  t_write_file(root, "lua-gc/plugin.yaml", "name: lua-gc\nversion: \"1\"\ndescription: \"z\"\n"
                                           "script: hooks.lua\n");
  t_write_file(root, "lua-gc/hooks.lua",
               "local hooks = {}\n"
               "local junk = setmetatable({}, { __gc = function() end })\n"
               "return hooks\n");
  char d[400], msg[2048];
  snprintf(d, sizeof d, "%s/lua-gc", root);
  assert_int_equal(new_game(d, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
  if (!strstr(msg, "lua-gc/hooks.lua:2: setmetatable: __gc and __mode are refused"))
    fail_msg("%s", msg);
}

/* A rules function or ark primitive a plugin's script replaces is the one
** card and map scripts call too, not only the rules: here a plugin that
** doubles money gained (gain) and allows only a building's first two
** positions (ark.placements), with a fan card that measures both from its
** script, and WAZA Large Animal Program (263), whose script asks
** ark.placements itself.  The scripts' environments had copied the rules'
** functions before the plugins' scripts ran: the card gained 5 and saw
** 17 places, and 263 offered every size-5 position. */
static void test_plugin_reaches_scripts(void **st) {
  (void)st;
  make_dir("house");
  make_dir("house/cards");
  t_write_file(root, "house/plugin.yaml", "name: house\nversion: \"1\"\ndescription: \"z\"\n"
                                          "script: hooks.lua\ncards: cards\n");
  t_write_file(root, "house/hooks.lua",
               "local plain, all = gain, ark.placements\n"
               "function _G.gain(p, track, n)\n"
               "  if track == 'money' then n = 2 * n end\n"
               "  return plain(p, track, n)\n"
               "end\n"
               "function ark.placements(p, key, build2, i)\n"
               "  if i then return all(p, key, build2, i) end\n"
               "  local places = all(p, key, build2)\n"
               "  return { places[1], places[2] }\n"
               "end\n"
               "return {}\n");
  t_write_file(root, "house/cards/1152-gain-meter.yaml",
               "number: 1152\nname: Gain Meter\ntype: animal\n"
               "description: \"Measures the house rules.\"\ncost: 1\nsize: 1\nappeal: 1\n");
  t_write_file(root, "house/cards/1152-gain-meter.lua",
               "local card = {}\n"
               "function card.on_play(p, id)\n"
               "  local m0 = money(p)\n"
               "  gain(p, 'money', 5)\n"
               "  ark.memo(id, 100 * (money(p) - m0) + #ark.placements(p, 'size-2', false))\n"
               "end\n"
               "return card\n");
  char d[400], msg[2048];
  snprintf(d, sizeof d, "%s/house", root);
  ark_game *g;
  if (new_game(d, NULL, "0", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  t_to_first_turn(g);
  int p = play_fan_animal(g, 1152, "play Gain Meter (1152)");
  ark_game_process(g);
  int memo = -1;
  for (int i = 0; i < g->s.nmemo; i++)
    if (g->s.memo_card[i] == t_card(g, 1152)) memo = g->s.memo_value[i];
  assert_int_equal(memo, 10 * 100 + 2);           /* +10 money, 2 places */
  ark_game_free(g);

  if (new_game(d, NULL, "0", &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  t_to_first_turn(g);
  p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = 50;
  g->s.p[p].reputation = 6;
  t_play_sponsor(g, p, 263);
  t_expect(g, "waza-large.enclosure", p);
  assert_int_equal(t_noptions(g), 2 + 1);         /* two places, no enclosure */
  ark_game_free(g);
}

/* A card's own handlers (on_play, score) are no plugin hooks: the rules
** call them for the card alone, so a plugin's were never called, though
** check passed them.  check and loading refuse them at their lines, in a
** returned table as among a script's globals, naming what a plugin hooks
** instead; a name near one of those suggests a plugin's hook. */
static void test_plugin_card_own_handlers(void **st) {
  (void)st;
  make_dir("own-handlers");
  t_write_file(root, "own-handlers/plugin.yaml", "name: own-handlers\nversion: \"1\"\n"
                                                 "description: \"z\"\nscript: hooks.lua\n");
  t_write_file(root, "own-handlers/hooks.lua",
               "local hooks = {}\n"
               "function hooks.on_play(p, id) gain(p, 'money', 1) end\n"
               "function hooks.score(p, id)\n"
               "  return 0\n"
               "end\n"
               "function hooks.game_end(p, id) end\n"
               "return hooks\n");
  make_dir("own-globals");
  t_write_file(root, "own-globals/plugin.yaml", "name: own-globals\nversion: \"1\"\n"
                                                "description: \"z\"\nscript: hooks.lua\n");
  t_write_file(root, "own-globals/hooks.lua",
               "function income(p) gain(p, 'money', 1) end\n"
               "function score(p) return 0 end\n"
               "function on_plya(p) end\n");
  static const char *const want[] = {
    "own-handlers/hooks.lua:2: 'on_play' is a card's own handler, which a plugin's hooks never "
    "receive: card_played comes for every card played (a plugin's hooks are card_played, "
    "building_placed, ",
    "own-handlers/hooks.lua:3: 'score' is a card's own handler, which a plugin's hooks never "
    "receive: game_end comes at the final scoring, for each player (a plugin's hooks are ",
    "own-globals/hooks.lua:2: 'score' is a card's own handler, which a plugin's hooks never "
    "receive: game_end ",
  };
  for (int k = 0; k < 2; k++) {
    char d[400], msg[4096];
    snprintf(d, sizeof d, "%s/%s", root, k ? "own-globals" : "own-handlers");
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.plugins[0] = d;
    char *report = NULL;
    int n = 0;
    assert_int_equal(ark_check(&cfg, &report, &n), ARK_ERR_CONTENT);
    assert_int_equal(n, k ? 1 : 2);
    ark_game *g;
    assert_int_equal(new_game(d, NULL, "A", &g, msg, sizeof msg), ARK_ERR_CONTENT);
    for (int i = k ? 2 : 0; i < (k ? 3 : 2); i++) {
      if (!strstr(report, want[i])) fail_msg("check: %s", report);
      if (!strstr(msg, want[i])) fail_msg("play: %s", msg);
    }
    assert_non_null(strstr(report, "modify_animal_cost; docs/plugins.md)"));
    assert_null(strstr(report, "on_plya"));   /* no hook of a plugin is near it */
    free(report);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_hundred_points),
    cmocka_unit_test(test_published),
    cmocka_unit_test(test_bench_plugins),
    cmocka_unit_test(test_stacked_plugins),
    cmocka_unit_test(test_solo_pace),
    cmocka_unit_test(test_outside_plugin),
    cmocka_unit_test(test_plugin_query),
    cmocka_unit_test(test_answer_message_on_failure),
    cmocka_unit_test(test_conflict),
    cmocka_unit_test(test_plugin_hand_limit),
    cmocka_unit_test(test_plugin_range),
    cmocka_unit_test(test_plugin_range_far_folder),
    cmocka_unit_test(test_plugin_upgrade),
    cmocka_unit_test(test_plugin_placements),
    cmocka_unit_test(test_plugin_modifier_checked),
    cmocka_unit_test(test_plugin_modifier_asks),
    cmocka_unit_test(test_plugin_fault_in_rules),
    cmocka_unit_test(test_fan_keyword_beyond_codes),
    cmocka_unit_test(test_after_action_outside_a_turn),
    cmocka_unit_test(test_after_action_beyond_the_queue),
    cmocka_unit_test(test_plugin_card_api),
    cmocka_unit_test(test_plugin_own_globals),
    cmocka_unit_test(test_plugin_rules_agree),
    cmocka_unit_test(test_plugin_rule_ranges),
    cmocka_unit_test(test_scripts_read_every_rule),
    cmocka_unit_test(test_plugin_rules_tables),
    cmocka_unit_test(test_bad_plugin),
    cmocka_unit_test(test_turn_start_hook_begins_turns),
    cmocka_unit_test(test_plugin_replaced),
    cmocka_unit_test(test_hooks_plugin_keeps_copies),
    cmocka_unit_test(test_plugin_sandbox),
    cmocka_unit_test(test_plugin_reaches_scripts),
    cmocka_unit_test(test_plugin_card_own_handlers),
  };
  return cmocka_run_group_tests(tests, setup_root, remove_root);
}
