/*
** test_recall.c - a value kept while what it read is unchanged
** (games/arknova/native/recall.c) is the value worked out anew.
**
** The AIs value a position through nova_value_at, which keeps each value
** with the parts of the state its queries read (the primitives say which,
** lua_api.c) and gives it again while those parts are the same bytes.  A
** primitive that reads more than it says would hand out a value of another
** position.  So at the decisions of random games, every option is answered
** on a clone and the next position valued for every seat with keeping on,
** as the search does, and again with it off: the two must be equal, and
** some values must have been given again.
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

#include "lua_api.h"
#include "luacompat.h"
#include "nova_ai.h"
#include "state.h"
#include "support.h"

/* Each seat's value of g with keeping on (kept values given if any) and
** off (worked out anew): they must be equal. */
static void compare_values(ark_game *g, long *checked) {
  if (ark_game_process_lazy(g) != ARK_AWAITING) return;
  double tau = nova_time_left(g);
  for (int p = 0; p < ark_game_players(g); p++) {
    double kept = nova_value_at(g, p, tau);
    ark_recall_on(g, 0);
    double fresh = nova_value_at(g, p, tau);
    ark_recall_on(g, 1);
    if (kept != fresh) {
      t_print_options(g);
      fail_msg("turn %d, seat %d: kept value %.6f, worked out anew %.6f", ark_game_turns(g), p,
               kept, fresh);
    }
    ++*checked;
  }
}

/* Random answers from seed; at every decision each option is answered on
** a clone (its search view, as the AIs see it) and valued. */
static long play_and_compare(int players, uint64_t seed, const char *map, int turns,
                             long *given, long *asked) {
  ark_game *g = t_new_game(players, seed, map);
  uint64_t rng = seed * 7919;
  long checked = 0;
  while (ark_game_process(g) == ARK_AWAITING && ark_game_turns(g) < turns) {
    const ark_decision *d = ark_game_decision(g);
    ark_game *view = ark_game_search_view(g, d->player, seed + (uint64_t)ark_game_nanswers(g));
    for (int i = 0; i < d->noptions && i < 12; i++) {
      ark_game *c = ark_game_clone(view);
      char msg[256];
      if (ark_game_answer(c, i, msg, sizeof msg) == ARK_OK) compare_values(c, &checked);
      ark_game_free(c);
    }
    ark_game_free(view);
    t_random_answer(g, &rng);
  }
  long hits, misses;
  ark_recall_counts(g, &hits, &misses);
  *given += hits;
  *asked += hits + misses;
  ark_game_free(g);
  return checked;
}

static void test_kept_values_are_the_values(void **st) {
  (void)st;
  long given = 0, asked = 0;
  long n = play_and_compare(2, 1, "A", 120, &given, &asked) +
           play_and_compare(2, 2, "A", 120, &given, &asked) +
           play_and_compare(3, 3, "2", 90, &given, &asked) +
           play_and_compare(2, 4, "5", 120, &given, &asked);
  printf("%ld values compared; kept values given again: %ld of %ld look-ups\n", n, given, asked);
  assert_true(n > 2000);
  /* the siblings share a seat's part often: a fair share is given again */
  assert_true(given > asked / 10);
}

/* A value is not given again once a part it read changed, and is given
** again for a position that differs only where it did not read. */
static void test_changed_part_is_not_recalled(void **st) {
  (void)st;
  ark_game *g = t_game(2, 5, "A");
  double tau = nova_time_left(g);
  long h0, m0, h1, m1;
  double v = nova_value_at(g, 0, tau);
  ark_recall_counts(g, &h0, &m0);
  assert_true(nova_value_at(g, 0, tau) == v);        /* the same position: given again */
  ark_recall_counts(g, &h1, &m1);
  assert_int_equal(h1, h0 + 1);
  long qh0, qm0, qh1, qm1;
  ark_recall_query_counts(g, &qh0, &qm0);
  g->s.p[0].money += 7;                              /* seat 0's purse changed */
  double more = nova_value_at(g, 0, tau);
  ark_recall_counts(g, &h0, &m0);
  ark_recall_query_counts(g, &qh1, &qm1);
  assert_int_equal(h0, h1);                          /* worked out anew */
  /* but its four queries (animals, sponsors, final scoring, projects)
  ** read no money: given again */
  assert_int_equal(qh1, qh0 + 4);
  assert_int_equal(qm1, qm0);
  assert_true(more > v);
  g->s.p[1].money += 5;                              /* only the other seat's part */
  g->s.break_pos = (uint8_t)(g->s.break_pos + 1);    /* and the board's rest */
  assert_true(nova_value_at(g, 0, tau) == more);
  ark_recall_counts(g, &h1, &m1);
  assert_int_equal(h1, h0 + 1);
  ark_game_free(g);
}

/* A computation begun right after a look-up that found nothing starts
** from the hashes that look-up worked out, but only for the state looked
** up: begun on another game's, its result is kept under that game's own
** parts, and a look-up on the first game does not find it. */
static void test_begin_after_miss_uses_its_own_state(void **st) {
  (void)st;
  ark_game *g = t_game(2, 5, "A");
  ark_game *c = ark_game_clone(g), *d = ark_game_clone(g);
  c->s.p[0].money += 3;                              /* c differs in seat 0's purse */
  d->s.p[1].money += 4;                              /* d in seat 1's */
  const uint64_t key = 0x7e57ull;
  double v = 0;
  assert_int_equal(ark_recall(d, key, &v), 0);       /* d's kept: the key reads all */
  ark_recall_begin_unchanged(d);
  ark_recall_keep(d, key, ARK_READ_ALL, 1.0);
  assert_int_equal(ark_recall(g, key, &v), 0);       /* g's hashes worked out: none kept */
  ark_recall_begin_unchanged(c);                     /* not g's: c's own are worked out */
  ark_recall_keep(c, key, ARK_READ_ALL, 2.0);
  assert_int_equal(ark_recall(g, key, &v), 0);
  assert_int_equal(ark_recall(c, key, &v), 1);
  assert_true(v == 2.0);
  assert_int_equal(ark_recall(g, key, &v), 0);       /* the usual way: g's, kept for g */
  ark_recall_begin_unchanged(g);
  ark_recall_keep(g, key, ARK_READ_ALL, 3.0);
  assert_int_equal(ark_recall(g, key, &v), 1);
  assert_true(v == 3.0);
  assert_int_equal(ark_recall(c, key, &v), 1);
  assert_true(v == 2.0);
  assert_int_equal(ark_recall(d, key, &v), 1);
  assert_true(v == 1.0);
  ark_game_free(d);
  ark_game_free(c);
  ark_game_free(g);
}

/* Seat 0's value before and after change(g): the one after, with keeping
** on, must be the value worked out anew, which the change moved. */
static void expect_not_recalled(ark_game *g, void (*change)(ark_game *)) {
  double tau = nova_time_left(g);
  double before = nova_value_at(g, 0, tau);
  change(g);
  double after = nova_value_at(g, 0, tau);
  ark_recall_on(g, 0);
  double fresh = nova_value_at(g, 0, tau);
  ark_recall_on(g, 1);
  assert_true(fresh != before);
  assert_true(after == fresh);
}

static void rival_shows_a_predator(ark_game *g) {
  t_zoo_add(g, 1, 401);                              /* Cheetah: 2 predator icons */
}

/* Biodiverse Zoo compares seat 0's icons with the other seat's. */
static void test_other_seat_read(void **st) {
  (void)st;
  ark_game *g = t_game(2, 6, "A");
  char msg[256];
  assert_int_equal(ark_edit_scoring(g, 0, (const int[]){ 9, 5 }, 2, msg, sizeof msg), 0);
  t_zoo_add(g, 0, 417);                              /* Wolf: one predator */
  expect_not_recalled(g, rival_shows_a_predator);
  ark_game_free(g);
}

/* What a kept result that another computation is given read counts as
** read by that one too: the final scoring query, kept first on its own,
** is given again inside the value, which must then read the other seat. */
static void test_inner_reads_count(void **st) {
  (void)st;
  ark_game *g = t_game(2, 6, "A");
  char msg[256];
  int q[16];
  assert_int_equal(ark_edit_scoring(g, 0, (const int[]){ 9, 5 }, 2, msg, sizeof msg), 0);
  t_zoo_add(g, 0, 417);
  assert_true(ark_game_query(g, "scoring", 0, q, 16) > 0);
  long h0, m0, h1, m1;
  ark_recall_query_counts(g, &h0, &m0);
  expect_not_recalled(g, rival_shows_a_predator);
  ark_recall_query_counts(g, &h1, &m1);
  assert_true(h1 > h0);                              /* it was given again */
  ark_game_free(g);
}

static void project_taken(ark_game *g) {
  memset(g->s.base[0].owner, 1, sizeof g->s.base[0].owner);
}

/* The projects query reads the projects in play. */
static void test_projects_read(void **st) {
  (void)st;
  ark_game *g = t_game(2, 7, "A");
  t_set_base(g, 0, 103);                             /* Africa: counts africa icons */
  memset(g->s.base[0].owner, -1, sizeof g->s.base[0].owner);
  t_zoo_add(g, 0, 401);                              /* one africa icon */
  expect_not_recalled(g, project_taken);
  ark_game_free(g);
}

static void small_chosen(ark_game *g) {
  int id = t_card(g, 227);
  g->s.memo_card[g->s.nmemo] = (int16_t)id;
  g->s.memo_value[g->s.nmemo++] = 1;                 /* small animals only */
}

/* Seat 0 with sponsor `sponsor` in its zoo, a Wolf (size 4) its only
** hand card and an empty size-4 enclosure for it. */
static ark_game *wolf_game(int sponsor) {
  ark_game *g = t_game(2, 8, "A");
  t_zoo_add(g, 0, sponsor);
  t_clear_hand(g, 0);
  t_give(g, 0, 417);
  t_put_fitting(g, 0, "size-4", 0, 0);
  return g;
}

/* WAZA Special Assignment bans the other kind of animal by its memo. */
static void test_memo_read(void **st) {
  (void)st;
  ark_game *g = wolf_game(227);
  g->s.p[0].money = 20;
  expect_not_recalled(g, small_chosen);
  ark_game_free(g);
}

static void expert_switched_off(ark_game *g) {
  int id = t_card(g, 229);
  g->s.script_off[id / 8] |= (uint8_t)(1u << (id % 8));
  g->s.script_stopped |= 1;
}

/* A script switched off no longer gives its discount. */
static void test_scripts_off_read(void **st) {
  (void)st;
  ark_game *g = t_game(2, 9, "A");
  t_zoo_add(g, 0, 229);                              /* Expert in Small Animals: 3 less */
  t_clear_hand(g, 0);
  t_give(g, 0, 415);                                 /* Raccoon, size 1, 11 money */
  t_put_fitting(g, 0, "size-1", 0, 0);
  g->s.p[0].money = 0;                               /* 8 is within reach, 11 is not */
  expect_not_recalled(g, expert_switched_off);
  ark_game_free(g);
}

/* A script that asks ark.step_data() where no step runs (a query at the
** turn's decision) is given a fresh table, which holds nothing of the
** game: the animals query with a sponsor whose modifier of the conditions
** asks it in the zoo (tests/cards/scratch-reader) is kept and given again. */
static void test_fresh_step_data_read(void **st) {
  (void)st;
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = 2;
  cfg.seed = 8;
  cfg.map = "A";
  cfg.card_dirs[0] = ARK_SOURCE_DIR "/tests/cards/scratch-reader";
  ark_game *g = t_new_game_cfg(&cfg);
  t_zoo_add(g, 0, 1006);
  t_clear_hand(g, 0);
  t_give(g, 0, 417);
  t_put_fitting(g, 0, "size-4", 0, 0);
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  int q[64], again[64], n = ark_game_query(g, "animals", 0, q, 64);
  assert_true(n >= 4);
  assert_int_equal(q[0], t_card(g, 417));
  long h0, m0, h1, m1;
  ark_recall_query_counts(g, &h0, &m0);
  assert_int_equal(ark_game_query(g, "animals", 0, again, 64), n);
  ark_recall_query_counts(g, &h1, &m1);
  assert_int_equal(h1, h0 + 1);
  assert_memory_equal(again, q, sizeof q[0] * (size_t)n);
  ark_game_free(g);
}

/* A query's result is given again while the parts it read are the same:
** what the final scoring cards give reads only the seat's tableau. */
static void test_query_kept_across_purse(void **st) {
  (void)st;
  ark_game *g = t_game(2, 10, "A");
  char msg[256];
  assert_int_equal(ark_edit_scoring(g, 0, (const int[]){ 1, 8 }, 2, msg, sizeof msg), 0);
  t_zoo_add(g, 0, 401);                              /* Cheetah, size 4 */
  t_zoo_add(g, 0, 417);                              /* Wolf, size 4 */
  int q[16], n = ark_game_query(g, "scoring", 0, q, 16);
  long h0, m0, h1, m1;
  ark_recall_query_counts(g, &h0, &m0);
  g->s.p[0].money += 9;
  g->s.p[0].xtokens = 3;
  t_give(g, 0, 415);                                 /* the hand is not read either */
  int again[16];
  assert_int_equal(ark_game_query(g, "scoring", 0, again, 16), n);
  ark_recall_query_counts(g, &h1, &m1);
  assert_int_equal(h1, h0 + 1);
  assert_memory_equal(again, q, sizeof q[0] * (size_t)n);
  assert_int_equal(q[0], t_card(g, 1));              /* Large Animal Zoo: 2 large */
  int two = q[1];
  t_zoo_add(g, 0, 402);                              /* Lion, size 4: the tableau changed */
  assert_int_equal(ark_game_query(g, "scoring", 0, again, 16), n);
  ark_recall_query_counts(g, &h0, &m0);
  assert_int_equal(h0, h1);                          /* worked out anew */
  assert_true(again[1] > two);
  ark_game_free(g);
}

/* Seat 0's query `name` after a building is placed: given again (1) or
** worked out anew (0); either way the result worked out with keeping off. */
static int kept_across_building(ark_game *g, const char *name) {
  int q[64], again[64], fresh[64], n = ark_game_query(g, name, 0, q, 64);
  assert_true(n >= 2 && n <= 64);
  long h0, m0, h1, m1;
  ark_recall_query_counts(g, &h0, &m0);
  assert_true(t_put_fitting(g, 0, "size-1", 0, 0) >= 0);
  assert_int_equal(ark_game_query(g, name, 0, again, 64), n);
  ark_recall_query_counts(g, &h1, &m1);
  ark_recall_on(g, 0);
  assert_int_equal(ark_game_query(g, name, 0, fresh, 64), n);
  ark_recall_on(g, 1);
  assert_memory_equal(again, fresh, sizeof q[0] * (size_t)n);
  assert_int_equal(h1 + m1, h0 + m0 + 1);
  return h1 == h0 + 1;
}

/* A seat's grounds (the buildings on its map) are a part of their own:
** final scoring cards that count zoo cards and icons read none of it, and
** their result is given again after a building is placed; those that count
** the map's spaces read it, and theirs is worked out anew. */
static void test_query_kept_across_building(void **st) {
  (void)st;
  ark_game *g = t_game(2, 10, "A");
  char msg[256];
  t_zoo_add(g, 0, 401);                              /* Cheetah, size 4 */
  t_zoo_add(g, 0, 417);                              /* Wolf, size 4 */
  /* Large Animal Zoo and Research Zoo: zoo cards and icons */
  assert_int_equal(ark_edit_scoring(g, 0, (const int[]){ 1, 3 }, 2, msg, sizeof msg), 0);
  assert_true(kept_across_building(g, "scoring"));
  /* Naturalists Zoo (free spaces) and Architectural Zoo (the map's spaces) */
  assert_int_equal(ark_edit_scoring(g, 0, (const int[]){ 6, 4 }, 2, msg, sizeof msg), 0);
  assert_false(kept_across_building(g, "scoring"));
  ark_game_free(g);
}

/* The projects query reads a seat's grounds only where a release level
** asks what an animal's enclosure counts as: an icon project's progress is
** given again after a building is placed, a release project's for an
** animal of another size class in an enclosure is worked out anew. */
static void test_projects_kept_across_building(void **st) {
  (void)st;
  ark_game *g = t_game(2, 7, "A");
  t_set_base(g, 0, 103);                             /* Africa: counts africa icons */
  memset(g->s.base[0].owner, -1, sizeof g->s.base[0].owner);
  t_zoo_add(g, 0, 401);                              /* Cheetah: africa, size 4, no enclosure */
  assert_true(kept_across_building(g, "projects"));
  t_set_base(g, 0, 116);                             /* Serengeti: release africa, 4-5 / 3 / 1-2 */
  int b = t_put_fitting(g, 0, "size-4", 0, 0);
  assert_true(b >= 0);
  ark_player *pl = &g->s.p[0];
  for (int i = 0; i < pl->nzoo; i++)
    if (pl->zoo[i] == t_card(g, 401)) pl->zoo_building[i] = (int8_t)b;
  assert_false(kept_across_building(g, "projects"));
  ark_game_free(g);
}

/* The sponsors query reads a seat's grounds only for a sponsor in hand that
** builds a unique building (is there room for it?): given again after a
** building is placed with Veterinarian alone in hand, worked out anew with
** Aerial Cableway. */
static void test_sponsors_kept_across_building(void **st) {
  (void)st;
  ark_game *g = t_game(2, 9, "A");
  t_clear_hand(g, 0);
  t_give(g, 0, 203);                                 /* Veterinarian: no building */
  assert_true(kept_across_building(g, "sponsors"));
  t_give(g, 0, 246);                                 /* Aerial Cableway: its own building */
  assert_false(kept_across_building(g, "sponsors"));
  ark_game_free(g);
}

/* A fan final scoring card may read anything of the seat: one that counts
** money or hand cards gets its value anew when they change. */
static const char *fan_scoring_dir(char *root, size_t n) {
  snprintf(root, n, "/tmp/ark_recall_XXXXXX");
  if (!mkdtemp(root)) fail_msg("mkdtemp");
  t_write_file(root, "1090-rich-zoo.yaml",
               "number: 1090\nname: Rich Zoo\ntype: scoring\n"
               "description: \"Final scoring: CP by money and cards in hand.\"\n"
               "thresholds: [10, 20]\nrewards: [1, 2]\n");
  t_write_file(root, "1090-rich-zoo.lua",
               "local card = {}\n"
               "function card.score(p, id)\n"
               "  return threshold_reward(id, ark.get(p, 'money') + 10 * #ark.hand(p))\n"
               "end\n"
               "return card\n");
  return root;
}

static void richer(ark_game *g) { g->s.p[0].money += 10; }
static void more_cards(ark_game *g) { t_give(g, 0, 415); }

static void test_fan_scoring_reads_purse_and_hand(void **st) {
  (void)st;
  char root[64], msg[256], cmd[96];
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = 2;
  cfg.seed = 11;
  cfg.card_dirs[0] = fan_scoring_dir(root, sizeof root);
  for (int k = 0; k < 2; k++) {
    ark_game *g = t_new_game_cfg(&cfg);
    t_to_first_turn(g);
    assert_int_equal(ark_edit_scoring(g, 0, (const int[]){ 1090, 8 }, 2, msg, sizeof msg), 0);
    t_clear_hand(g, 0);
    g->s.p[0].money = 5;
    expect_not_recalled(g, k == 0 ? richer : more_cards);
    ark_game_free(g);
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  assert_int_equal(system(cmd), 0);
}

/* Each seat field ark.get reads lies in a part the read names: changed,
** the hash of the parts named changes.  And every byte of a seat's small
** fields lies in one part or another. */
static uint64_t parts_hash(const ark_state *s, unsigned reads) {
  uint64_t h = 0;
  if (reads & ARK_READ_ZOO(0)) h ^= ark_seat_hash(s, 0, ARK_SEAT_ZOO, 1);
  if (reads & ARK_READ_GROUNDS(0)) h ^= ark_seat_hash(s, 0, ARK_SEAT_GROUNDS, 4);
  if (reads & ARK_READ_PURSE(0)) h ^= ark_seat_hash(s, 0, ARK_SEAT_PURSE, 2);
  if (reads & ARK_READ_HAND(0)) h ^= ark_seat_hash(s, 0, ARK_SEAT_HAND, 3);
  return h;
}

static void test_seat_parts(void **st) {
  (void)st;
  static const struct { const char *name; size_t off; } fields[] = {
#define F(n) { #n, offsetof(ark_player, n) }
    F(money), F(appeal), F(conservation), F(reputation), F(xtokens), F(workers),
    F(workers_out), F(upgraded), F(partner_zoos), F(universities), F(edge_taken), F(hand_limit),
    F(special_built), F(supports), F(nhand), F(nzoo), F(rep_bonus_done), F(cp_bonus_done),
    F(played_this_turn), F(map), F(zoo_map.cover_terrain),
#undef F
    { "buildings", 0 }, { "free_cells", 0 }
  };
  ark_game *g = t_game(2, 12, "A");
  lua_State *L = g->c->L;
  char out[64];
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    const char *name = fields[i].name;
    if (!strncmp(name, "zoo_map.", 8)) name += 8;
    lua_pushstring(L, name);
    lua_setglobal(L, "TEST_FIELD");
    ark_lua_reads(g->c, 1);
    t_run_lua(g, "return ark.get(..., TEST_FIELD)", 0, out, sizeof out);
    unsigned reads = ark_lua_reads(g->c, 0);
    assert_true(reads & ARK_READ_SEAT(0));
    uint64_t before = parts_hash(&g->s, reads);
    ark_state *saved = malloc(sizeof *saved);
    memcpy(saved, &g->s, sizeof *saved);
    if (fields[i].off) ((unsigned char *)&g->s.p[0])[fields[i].off]++;
    else t_put_fitting(g, 0, "size-1", 0, 0);          /* the map's two */
    if (parts_hash(&g->s, reads) == before) fail_msg("ark.get '%s': its part did not change", name);
    memcpy(&g->s, saved, sizeof *saved);
    free(saved);
  }
  lua_pushnil(L);
  lua_setglobal(L, "TEST_FIELD");
  size_t lo = offsetof(ark_player, zoo_map) + offsetof(ark_zoo, nb);
  for (size_t b = lo; b < sizeof(ark_player); b++) {
    uint64_t before = parts_hash(&g->s, ARK_READ_SEAT(0));
    ((unsigned char *)&g->s.p[0])[b] ^= 0x5a;
    uint64_t after = parts_hash(&g->s, ARK_READ_SEAT(0));
    ((unsigned char *)&g->s.p[0])[b] ^= 0x5a;
    if (after == before) fail_msg("byte %zu of a seat is in no part", b);
  }
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_kept_values_are_the_values),
    cmocka_unit_test(test_changed_part_is_not_recalled),
    cmocka_unit_test(test_begin_after_miss_uses_its_own_state),
    cmocka_unit_test(test_other_seat_read),
    cmocka_unit_test(test_inner_reads_count),
    cmocka_unit_test(test_projects_read),
    cmocka_unit_test(test_memo_read),
    cmocka_unit_test(test_fresh_step_data_read),
    cmocka_unit_test(test_scripts_off_read),
    cmocka_unit_test(test_query_kept_across_purse),
    cmocka_unit_test(test_fan_scoring_reads_purse_and_hand),
    cmocka_unit_test(test_seat_parts),
    cmocka_unit_test(test_query_kept_across_building),
    cmocka_unit_test(test_projects_kept_across_building),
    cmocka_unit_test(test_sponsors_kept_across_building),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
