/*
** test_sponsors_a.c - sponsors 201-232 (cards/sponsors/2xx-*.lua) against
** their printed effects (cards/sponsors/2xx-*.yaml, docs of the card data).
**
** Technique (as test_actions.c): a game is run to its first turn, the state
** is edited by hand, the step is restarted, and the test answers decisions
** by option text.  Breaks and the final scoring are entered by setting the
** phase.  Every expected number is written out from the card texts and the
** rules (income at appeal 0 is 5 money), never read back from the engine.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"
#include "map.h"
#include "track.h"
#include "zone.h"

/* ---- helpers ------------------------------------------------------------ */

#define SEED 5
#define INCOME_AT_0 5            /* rules: appeal 0 pays 5 money at a break */

enum { AFRICA = 1, AMERICAS = 2, ASIA = 4, AUSTRALIA = 8, EUROPE = 16 };
enum { UNI_RESEARCH = 1, UNI_REPUTATION = 2, UNI_LIBRARY = 4 };

/* A game on map 0 at its first turn.  Every player: empty hand, 25 money,
** appeal 0, reputation 1, no X tokens, track rewards claimed (gains ask no
** reward question), no final scoring card (their scripts stay out). */
static ark_game *prepared(ark_game *g) {
  int players = g->s.nplayers;
  for (int p = 0; p < players; p++) {
    ark_player *pl = &g->s.p[p];
    t_clear_hand(g, p);
    pl->money = 25;
    pl->appeal = 0;
    pl->reputation = 1;
    for (int i = 0; i < 2; i++)
      if (pl->scoring[i] >= 0) {
        ark_zone_box(g, pl->scoring[i]);
        pl->scoring[i] = ARK_NO_CARD;
      }
  }
  g->s.scoring_discarded = 1;
  return g;
}

static ark_game *game(int players) { return prepared(t_game(players, SEED, "0")); }

/* The same with tests/`kind`/`folder` (kind "cards": test cards, or
** "plugins": a plugin). */
static ark_game *game_from(int players, const char *kind, const char *folder) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = players;
  cfg.seed = SEED;
  cfg.map = "0";
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/tests/%s/%s", ARK_SOURCE_DIR, kind, folder);
  if (!strcmp(kind, "plugins")) cfg.plugins[0] = dir;
  else cfg.card_dirs[0] = dir;
  return prepared(t_game_cfg(&cfg));
}

static ark_game *game_with(int players, const char *folder) {
  return game_from(players, "cards", folder);
}

static int next(ark_game *g, int p) { return (p + 1) % g->s.nplayers; }

/* Expects decision `tag` for p, then answers the first option containing
** `needle`. */
static void pick(ark_game *g, const char *tag, int p, const char *needle) {
  t_expect(g, tag, p);
  t_answer_match(g, needle);
}

/* The n, xy arguments of t_put_building_xy from x, y pairs. */
#define CELLS(...) (int)(sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int) / 2), (const int[]){ __VA_ARGS__ }

static int count_kind(ark_game *g, int p, int kind) {
  const ark_zoo *z = &g->s.p[p].zoo_map;
  int n = 0;
  for (int b = 0; b < z->nb; b++) n += g->c->buildings[z->b[b].def].kind == kind;
  return n;
}

/* Plays animal `number` from p's hand with the Animals action I at
** strength 2 (one animal); the only candidate and enclosure are taken
** without a question. */
static void play_animal(ark_game *g, int p, int number) {
  t_give(g, p, number);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_turn_of(g, p);
  t_answer(g, "Animals I at strength 2");
  ark_game_process(g);
  assert_true(t_in_zoo(g, p, number));
}

/* p builds one building with Build I at `strength`: the kind's option,
** then the place's. */
static void build_one(ark_game *g, int p, int strength, const char *kind, const char *place) {
  char action[40];
  snprintf(action, sizeof action, "Build I at strength %d", strength);
  t_set_slot(g, p, ARK_ACT_BUILD, strength);
  t_turn_of(g, p);
  t_answer(g, action);
  t_answer(g, kind);
  t_answer(g, place);
}

/* Final scoring of a zoo holding sponsor `number` after `prepare`; returns
** (conservation gained) * 100 + appeal gained. */
static int final_gain(int number, void (*prepare)(ark_game *, int)) {
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, number);
  if (prepare) prepare(g, p);
  ark_game_refresh(g);
  int cp = g->s.p[p].conservation, appeal = g->s.p[p].appeal;
  t_run_final(g);
  int r = (g->s.p[p].conservation - cp) * 100 + (g->s.p[p].appeal - appeal);
  ark_game_free(g);
  return r;
}

/* ---- 201-209 ------------------------------------------------------------- */

/* Science Lab: a card from the deck or the reputation range when played and
** at every break. */
static void test_201_science_lab(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  t_put_display(g, 1, 223);
  t_play_sponsor(g, p, 201);
  /* when played too a continuation (card_taker, sponsor_rest): a copy */
  t_expect_copy(g, "card.take", p);
  assert_int_equal(t_noptions(g), 2);            /* reputation 1: the deck or folder 1 */
  t_answer(g, "take Science Institute (223) from folder 1");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 223));
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_int_equal(g->s.p[p].money, 25);
  /* the break: 5 money from appeal 0 and one more card */
  int deck = g->s.ndeck;
  t_run_break(g, q);
  /* the card script's income as a continuation (card_taker, fire_last):
  ** a copy of the game there runs no Lua */
  t_expect_copy(g, "card.take", p);
  t_answer(g, "draw from the deck");
  t_expect(g, "action", p);
  assert_int_equal(g->s.p[p].nhand, 2);
  assert_int_equal(g->s.p[p].money, 25 + INCOME_AT_0);
  assert_int_equal(g->s.p[q].nhand, 0);
  assert_true(g->s.ndeck < deck);
  ark_game_free(g);
}

/* Science Lab's card at p's income, taken from the display: the folder is
** filled again before the next player's income, which sees six cards
** (the test sponsor 1007 notes how many in its memo) and its money. */
static void test_201_refill_before_next_income(void **st) {
  (void)st;
  ark_game *g = game_with(2, "display-counter");
  int p = t_cur(g), q = next(g, p);
  t_zoo_add(g, p, 201);
  t_zoo_add(g, q, 1007);
  t_put_display(g, 3, 223);              /* folder 1 once the break drops folders 1-2 */
  int money = g->s.p[q].money;
  t_run_break(g, p);
  t_expect_copy(g, "card.take", p);
  t_answer(g, "take Science Institute (223) from folder 1");
  t_expect(g, "action", q);
  assert_true(t_in_hand(g, p, 223));
  int id = t_card(g, 1007), seen = -1;
  for (int k = 0; k < g->s.nmemo; k++)
    if (g->s.memo_card[k] == id) seen = g->s.memo_value[k];
  assert_int_equal(seen, ARK_DISPLAY);
  assert_int_equal(g->s.p[q].money, money + INCOME_AT_0);
  ark_game_free(g);
}

static void research_3(ark_game *g, int p) { g->s.p[p].universities = UNI_RESEARCH; }
static void research_6(ark_game *g, int p) {
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  t_zoo_add(g, p, 223);
}

/* End: 1 CP for 3 research icons, 2 for 6 (201's own icon counts). */
static void test_201_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(201, NULL), 0);           /* 1 icon */
  assert_int_equal(final_gain(201, research_3), 100);   /* 1 + 2 */
  assert_int_equal(final_gain(201, research_6), 200);   /* 1 + 3 + 2 */
}

/* Spokesperson: 1 reputation per research icon played into the own zoo,
** its own too (as Board Game Arena plays it); not for another zoo. */
static void test_202_spokesperson(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  g->s.p[p].universities = UNI_RESEARCH;         /* its condition: a research icon */
  g->s.p[q].universities = UNI_RESEARCH;
  t_play_sponsor(g, p, 202);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 2);     /* its own icon counts */
  t_play_sponsor(g, p, 223);                     /* 2 research icons */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 4);
  t_play_sponsor(g, q, 209);                     /* q's research icon: not p's zoo */
  t_turn_over(g, q);
  assert_int_equal(g->s.p[p].reputation, 4);
  ark_game_free(g);
}

/* Veterinarian: 5 money with 2 universities; then a project needs only
** strength 4. */
static void test_203_veterinarian(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;   /* 3 research icons */
  t_play_sponsor(g, p, 203);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 + 5);
  /* a Research project from hand: level 3 needs 2 research icons */
  t_give(g, p, 132);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 4);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 4");
  t_expect(g, "association.task", p);
  assert_true(t_offered(g, "project (strength 4, 1 worker)"));
  t_answer(g, "project (strength 4, 1 worker)");
  t_answer(g, "support Research (132) level 3 (2 CP) from hand");
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_int_equal(g->s.p[p].money, 30 + 12);
  ark_game_free(g);
}

/* Without Veterinarian, strength 4 offers no project. */
static void test_203_needed(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  t_give(g, p, 132);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 4);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 4");
  t_expect(g, "association.task", p);
  assert_false(t_offered(g, "project (strength 4, 1 worker)"));
  assert_false(t_offered(g, "project (strength 5, 1 worker)"));
  ark_game_free(g);
}

static void three_unis(ark_game *g, int p) { g->s.p[p].universities = 7; }
static void two_unis(ark_game *g, int p) { g->s.p[p].universities = 3; }

static void test_203_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(203, three_unis), 100);
  assert_int_equal(final_gain(203, two_unis), 0);
}

/* Science Museum: 2 money per research icon when played (its own too);
** then 1 CP per research icon played into the own zoo, its own first. */
static void test_204_science_museum(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;   /* 3 */
  t_zoo_add(g, p, 209);                                      /* 1: condition 4 met */
  t_play_sponsor(g, p, 204);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 + 2 * 5);
  assert_int_equal(g->s.p[p].conservation, 1);
  t_play_sponsor(g, p, 223);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 3);
  assert_int_equal(g->s.p[p].money, 35);
  ark_game_free(g);
}

/* Gorilla Field Research: printed 2 reputation and 1 CP, no script. */
static void test_205_gorilla_field_research(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  t_play_sponsor(g, p, 205);
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->reputation, 1 + 2);        /* the card's 2 */
  assert_int_equal(pl->conservation, 1);
  assert_int_equal(pl->money, 25);
  assert_int_equal(pl->appeal, 0);
  ark_game_free(g);
}

/* Medical Breakthrough: 2 appeal per project supported; 1 CP per break. */
static void test_206_medical_breakthrough(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  t_zoo_add(g, p, 209);
  g->s.p[p].supports = 3;
  t_play_sponsor(g, p, 206);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 6);
  int money = g->s.p[p].money;
  t_run_break(g, q);
  t_expect(g, "action", p);
  assert_int_equal(g->s.p[p].conservation, 1);
  /* appeal 6 pays 11 (rules: 6-7 -> 11) */
  assert_int_equal(g->s.p[p].money, money + 11);
  assert_int_equal(g->s.p[q].conservation, 0);
  ark_game_free(g);
}

/* Basic Research: 1 CP per 2 different continent / category icons; every
** other player 2 money per CP. */
static void test_207_basic_research(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g), q = next(g, p), r = next(g, q);
  t_zoo_add(g, p, 401);         /* predator x2, Africa */
  t_zoo_add(g, p, 495);         /* bird, Africa */
  t_zoo_add(g, p, 445);         /* herbivore, Europe */
  /* distinct: Africa, Europe, predator, bird, herbivore = 5 -> 2 CP */
  t_play_sponsor(g, p, 207);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_int_equal(g->s.p[p].money, 25);
  assert_int_equal(g->s.p[q].money, 25 + 4);
  assert_int_equal(g->s.p[r].money, 25 + 4);
  ark_game_free(g);
}

/* Basic Research's points reach the conservation 2 reward: the reward is
** a copy for the AIs (the others' money waits in the state), and the
** others are paid for the points gained.  Near the track's end (41) only
** the points p gained pay: 1 of 2. */
static void test_207_reward_is_a_copy(void **st) {
  (void)st;
  for (int end = 0; end < 2; end++) {
    ark_game *g = game(3);
    int p = t_cur(g), q = next(g, p), r = next(g, q);
    t_zoo_add(g, p, 401);
    t_zoo_add(g, p, 495);
    t_zoo_add(g, p, 445);
    g->s.p[p].conservation = end ? 40 : 1;
    if (!end) g->s.p[p].cp_bonus_done = 0;      /* prepared() took them */
    t_play_sponsor(g, p, 207);
    if (!end) {
      t_expect_copy(g, "reward.cp2", p);
      t_answer_match(g, "worker");
    }
    t_turn_over(g, p);
    assert_int_equal(g->s.p[p].conservation, end ? 41 : 3);
    assert_int_equal(g->s.p[q].money, 25 + (end ? 2 : 4));
    assert_int_equal(g->s.p[r].money, 25 + (end ? 2 : 4));
    ark_game_free(g);
  }
}

/* Release of Patents, Science Museum and Medical Breakthrough reach the
** conservation 2 reward with their points (when played, for a research
** icon played, at a break): each reward is a copy for the AIs. */
static void test_research_rewards_are_copies(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g), q = next(g, p), r = next(g, q);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  g->s.p[p].conservation = 1;
  g->s.p[p].cp_bonus_done = 0;                   /* prepared() took the rewards */
  t_play_sponsor(g, p, 222);
  t_expect_copy(g, "reward.cp2", p);
  t_answer_match(g, "worker");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 4);
  assert_int_equal(g->s.p[q].money, 25 + 6);
  assert_int_equal(g->s.p[r].money, 25 + 6);
  ark_game_free(g);

  g = game(2);
  p = t_cur(g);
  q = next(g, p);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  t_zoo_add(g, p, 209);
  g->s.p[p].conservation = 1;
  g->s.p[p].cp_bonus_done = 0;
  t_play_sponsor(g, p, 204);                     /* its own icon: 1 CP */
  t_expect_copy(g, "reward.cp2", p);
  t_answer_match(g, "worker");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 2);

  g->s.p[p].conservation = 3;
  t_play_sponsor(g, p, 206);                     /* its icon, in the museum: 3 -> 4 */
  t_turn_over(g, p);
  t_run_break(g, q);                             /* 1 CP as income: 4 -> 5 */
  t_expect_copy(g, "reward.cp5", p);
  t_answer_match(g, "money");
  t_expect(g, "action", p);
  assert_int_equal(g->s.p[p].conservation, 5);
  ark_game_free(g);
}

/* Science Library: 1 appeal per research icon; 2 money for each research
** icon played into any zoo (its own too); end: 5 categories, 1 CP. */
static void test_208_science_library(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  g->s.p[p].universities = UNI_RESEARCH;
  t_play_sponsor(g, p, 208);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 3);
  assert_int_equal(g->s.p[p].money, 25 + 2);        /* its own icon */
  t_play_sponsor(g, q, 223);                 /* another zoo: 2 icons */
  t_turn_over(g, q);
  assert_int_equal(g->s.p[p].money, 25 + 2 + 4);
  assert_int_equal(g->s.p[q].money, 25);
  ark_game_free(g);
}

static void five_categories(ark_game *g, int p) {
  t_zoo_add(g, p, 401);  /* predator */
  t_zoo_add(g, p, 495);  /* bird */
  t_zoo_add(g, p, 445);  /* herbivore */
  t_zoo_add(g, p, 473);  /* reptile */
  t_zoo_add(g, p, 452);  /* primate */
}
static void four_categories(ark_game *g, int p) {
  t_zoo_add(g, p, 401);
  t_zoo_add(g, p, 495);
  t_zoo_add(g, p, 445);
  t_zoo_add(g, p, 473);
  t_zoo_add(g, p, 404);  /* predator again */
}

static void test_208_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(208, five_categories), 100);
  assert_int_equal(final_gain(208, four_categories), 0);
}

/* Technology Institute: an X token when played and at every break; end:
** 3 universities, 1 CP. */
static void test_209_technology_institute(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  t_play_sponsor(g, p, 209);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].xtokens, 1);
  t_run_break(g, q);
  t_expect(g, "action", p);
  assert_int_equal(g->s.p[p].xtokens, 2);
  assert_int_equal(g->s.p[q].xtokens, 0);
  ark_game_free(g);
  assert_int_equal(final_gain(209, three_unis), 100);
  assert_int_equal(final_gain(209, two_unis), 0);
}

/* ---- 210-214: the continent experts --------------------------------------- */

/* Expert on the Americas: appeal per Americas icon; a free kiosk per
** Americas icon played, its own too (Board Game Arena, sample game moves
** 234-237); end: 5 kiosks, 1 CP. */
static void test_210_expert_americas(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  int b = t_put_building_xy(g, p, "size-2", CELLS(4, 5, 4, 7));
  t_put_animal(g, p, 439, b);                      /* Lama: Americas */
  t_play_sponsor(g, p, 210);
  pick(g, "expert-americas.kiosk", p, "no kiosk");  /* its own Americas icon */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2);           /* Lama + its own icon */
  /* Greater Rhea: Americas, 12 money, 5 appeal, sprint 1 (draws a card) */
  t_put_building_xy(g, p, "size-2", CELLS(3, 4, 3, 6));
  play_animal(g, p, 507);
  pick(g, "expert-americas.kiosk", p, "kiosk at ");
  t_turn_over(g, p);
  assert_int_equal(count_kind(g, p, ARK_BK_KIOSK), 1);
  assert_int_equal(g->s.p[p].money, 25 - 12);
  assert_int_equal(g->s.p[p].appeal, 2 + 5);
  assert_int_equal(g->s.p[p].nhand, 1);
  ark_game_free(g);
}

static void five_kiosks(ark_game *g, int p) {
  static const int xy[5][2] = { { 0, 5 }, { 3, 4 }, { 6, 7 }, { 2, 11 }, { 8, 1 } };
  for (int i = 0; i < 5; i++) t_put_building_xy(g, p, "kiosk", 1, xy[i]);
}

/* p holds two Americas icons and Expert on the Americas (210, the third)
** and plays American Bison (two more icons, 18 money). */
static void play_bison_beside_210(ark_game *g, int p) {
  t_put_animal(g, p, 439, t_put_building_xy(g, p, "size-2", CELLS(0, 5, 0, 7)));  /* Lama */
  t_put_animal(g, p, 507, t_put_building_xy(g, p, "size-3", CELLS(7, 2, 7, 4, 8, 3)));  /* Rhea */
  t_zoo_add(g, p, 210);
  t_put_building_xy(g, p, "size-5", CELLS(4, 1, 4, 3, 4, 5, 5, 2, 3, 4));
  ark_game_refresh(g);
  play_animal(g, p, 436);
}

/* Two Americas icons on one animal (American Bison): two offers in a row,
** each a copy of the game (the second kept by the first as expert_offer,
** cards/lib/kit.lua), the second asked after the first kiosk stands. */
static void test_210_two_offers(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  play_bison_beside_210(g, p);
  t_expect_copy(g, "expert-americas.kiosk", p);
  assert_string_equal(g->s.then[g->s.nthen - 1].fn, "expert_offer");
  t_answer_match(g, "kiosk at ");
  ark_game_process(g);
  assert_int_equal(count_kind(g, p, ARK_BK_KIOSK), 1);
  t_expect_copy(g, "expert-americas.kiosk", p);
  t_answer_match(g, "kiosk at ");
  t_turn_over(g, p);
  assert_int_equal(count_kind(g, p, ARK_BK_KIOSK), 2);
  assert_int_equal(g->s.p[p].money, 25 - 18);
  ark_game_free(g);
}

/* With a plugin that hooks card_played (and replaces no rules function)
** the Expert's offer stays a copy of the game, and the plugin's hook, kept
** after the Expert's handler (fire_one, by the plugin's place), runs once
** the kiosk stands: 1 money for the Bison. */
static void test_210_offer_beside_a_plugin_hook(void **st) {
  (void)st;
  ark_game *g = game_from(2, "plugins", "played-money");
  int p = t_cur(g);
  play_bison_beside_210(g, p);
  t_expect_copy(g, "expert-americas.kiosk", p);
  assert_int_equal(g->s.p[p].money, 25 - 18);      /* the hook still waits */
  t_answer_match(g, "kiosk at ");
  t_expect_copy(g, "expert-americas.kiosk", p);
  t_answer_match(g, "kiosk at ");
  t_turn_over(g, p);
  assert_int_equal(count_kind(g, p, ARK_BK_KIOSK), 2);
  assert_int_equal(g->s.p[p].money, 25 - 18 + 1);
  ark_game_free(g);
}

static void test_210_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(210, five_kiosks), 100);
  assert_int_equal(final_gain(210, NULL), 0);
}

/* Expert on Europe: a free size-1 enclosure per Europe icon played, its
** own too (sample game moves 42-45); end: 5 occupied size-1 enclosures, 1 CP. */
static void test_211_expert_europe(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 445);                            /* Europe */
  t_play_sponsor(g, p, 211);
  pick(g, "expert-europe.size-1", p, "no size-1");   /* its own Europe icon */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2);
  /* Slow Worm: Europe, 4 money, 2 appeal, needs 1 water: (0,3) */
  t_put_building_xy(g, p, "size-1", CELLS(0, 5));
  play_animal(g, p, 488);
  pick(g, "expert-europe.size-1", p, "size-1 at ");
  t_turn_over(g, p);
  assert_int_equal(count_kind(g, p, ARK_BK_ENCLOSURE), 2);
  assert_int_equal(g->s.p[p].money, 25 - 4);
  assert_int_equal(g->s.p[p].appeal, 2 + 2);
  ark_game_free(g);
}

static const int SIZE1[5][2] = { { 0, 5 }, { 0, 7 }, { 0, 9 }, { 1, 6 }, { 1, 8 } };
static const int SMALL5[5] = { 405, 410, 420, 445, 473 };

static void five_occupied(ark_game *g, int p) {
  for (int i = 0; i < 5; i++)
    t_put_animal(g, p, SMALL5[i], t_put_building_xy(g, p, "size-1", 1, SIZE1[i]));
}
static void four_occupied(ark_game *g, int p) {
  for (int i = 0; i < 5; i++) {
    int b = t_put_building_xy(g, p, "size-1", 1, SIZE1[i]);
    if (i < 4) t_put_animal(g, p, SMALL5[i], b);
  }
}

static void test_211_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(211, five_occupied), 100);
  assert_int_equal(final_gain(211, four_occupied), 0);
}

/* Expert on Australia: per Australia icon played later, one hand card may
** go under the card for 2 appeal. */
static void test_212_expert_australia(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 450);                            /* Australia */
  t_play_sponsor(g, p, 212);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2);
  /* Thorny Devil: Australia, 6 money, 3 appeal, needs 1 rock: (2,1) */
  t_put_building_xy(g, p, "size-1", CELLS(2, 3));
  t_give(g, p, 401);
  t_give(g, p, 402);
  play_animal(g, p, 493);
  t_expect(g, "expert-australia.pouch", p);
  assert_int_equal(t_noptions(g), 3);
  t_answer(g, "tuck Lion (402)");
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->appeal, 2 + 3 + 2);
  assert_int_equal(pl->nhand, 1);
  assert_true(t_in_hand(g, p, 401));
  assert_int_equal(pl->nunder, 1);
  assert_int_equal(pl->under[0], t_card(g, 402));
  assert_int_equal(pl->under_host[0], t_card(g, 212));
  ark_game_free(g);
}

/* Expert on Australia's own icon asks the pouch as it is played: the
** question is a copy for the AIs (the card's then_tuck waits in the
** state), and the answer tucks the card. */
static void test_212_pouch_when_played(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_give(g, p, 401);
  t_give(g, p, 402);
  t_play_sponsor(g, p, 212);
  t_expect_copy(g, "expert-australia.pouch", p);
  assert_int_equal(t_noptions(g), 3);
  int appeal = g->s.p[p].appeal;
  t_answer(g, "tuck Cheetah (401)");
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->appeal, appeal + 2);
  assert_int_equal(pl->nhand, 1);
  assert_true(t_in_hand(g, p, 402));
  assert_int_equal(pl->nunder, 1);
  assert_int_equal(pl->under[0], t_card(g, 401));
  ark_game_free(g);
}

/* With as many cards tucked as a player can hold, Expert on Australia
** offers no pouch (as the Pouch keyword offers none): the offer had led
** to "no room for more tucked cards", which stopped the game. */
static void test_212_no_pouch_when_full(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  int host = t_zoo_add(g, p, 450);
  for (int i = 0; i < ARK_UNDER_MAX; i++) {
    int c = t_card(g, 403 + i);
    t_take_id(g, c);
    pl->under[i] = (int16_t)c;
    pl->under_host[i] = (int16_t)host;
  }
  pl->nunder = ARK_UNDER_MAX;
  t_give(g, p, 401);
  t_play_sponsor(g, p, 212);
  t_turn_over(g, p);
  assert_int_equal(pl->nunder, ARK_UNDER_MAX);
  assert_true(t_in_hand(g, p, 401));
  assert_string_equal(ark_game_error(g), "");
  ark_game_free(g);
}

/* Expert on Asia: a free pavilion (with its 1 appeal) per Asia icon
** played, its own too. */
static void test_213_expert_asia(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 410);                            /* Asia */
  t_play_sponsor(g, p, 213);
  pick(g, "expert-asia.pavilion", p, "no pavilion");  /* its own Asia icon */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2);
  /* Chinese Water Dragon: Asia, 8 money, 3 appeal, 1 water: (0,3) */
  t_put_building_xy(g, p, "size-1", CELLS(0, 5));
  play_animal(g, p, 478);
  pick(g, "expert-asia.pavilion", p, "pavilion at ");
  t_turn_over(g, p);
  assert_int_equal(count_kind(g, p, ARK_BK_PAVILION), 1);
  assert_int_equal(g->s.p[p].money, 25 - 8);
  assert_int_equal(g->s.p[p].appeal, 2 + 3 + 1);
  ark_game_free(g);
}

/* Expert on Africa: per Africa icon played, its own too (sample game moves
** 159-160), any action card may go to slot 1 once the action is over; end:
** 1 appeal per X token. */
static void test_214_expert_africa(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 473);                            /* Africa */
  t_play_sponsor(g, p, 214);
  t_expect_copy(g, "expert-africa.clever", p);   /* its own Africa icon */
  t_answer(g, "leave the cards");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2);
  /* Shoebill: Africa, 9 money, 3 appeal, 1 CP; needs 2 research icons */
  g->s.p[p].universities = UNI_RESEARCH;
  t_put_building_xy(g, p, "size-1", CELLS(4, 5));
  play_animal(g, p, 498);
  /* the Animals card is in slot 1 by now: Animals, Sponsors, Association,
  ** Cards, Build */
  t_expect_copy(g, "expert-africa.clever", p);
  assert_int_equal(t_noptions(g), 5);
  t_answer(g, "Build (slot 5)");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].slot[0], ARK_ACT_BUILD);
  assert_int_equal(g->s.p[p].slot[1], ARK_ACT_ANIMALS);
  assert_int_equal(g->s.p[p].appeal, 2 + 3);
  assert_int_equal(g->s.p[p].conservation, 1);
  ark_game_free(g);
}

/* after_action_clever (cards/lib/kit.lua) gives one function per tag and
** prompt: a script that calls it from a handler grows no list. */
static void test_after_action_clever_once(void **st) {
  (void)st;
  t_lua_ok(1, "local a = after_action_clever('t.move', 'Move?')\n"
              "if after_action_clever('t.move', 'Move?') ~= a then return 'a new one' end\n"
              "if after_action_clever('t.other', 'Move?') == a then return 'one for two tags' end\n"
              "if after_action_clever('t.move', 'Move it?') == a then return 'one for two prompts' end\n");
}

static void three_xtokens(ark_game *g, int p) { g->s.p[p].xtokens = 3; }

static void test_214_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(214, three_xtokens), 3);
}

/* Base project `number` into base slot i (swapped with the box). */
static void set_base(ark_game *g, int i, int number) {
  int id = t_card(g, number);
  ark_state *s = &g->s;
  if (s->base[i].card == id) return;
  for (int k = 0; k < s->nbox; k++)
    if (s->box[k] == id) {
      s->box[k] = s->base[i].card;
      s->base[i].card = (int16_t)id;
      memset(s->base[i].owner, -1, sizeof s->base[i].owner);
      return;
    }
  for (int k = 0; k < s->nbase; k++)
    if (s->base[k].card == id) {
      int16_t t = s->base[i].card;
      s->base[i].card = s->base[k].card;
      s->base[k].card = t;
      memset(s->base[i].owner, -1, sizeof s->base[i].owner);
      return;
    }
  fail_msg("base project %d not found", number);
}

/* The memo (ark.memo) the script of card `number` keeps, 0 if none. */
static int memo(ark_game *g, int number) {
  int id = t_card(g, number);
  for (int k = 0; k < g->s.nmemo; k++)
    if (g->s.memo_card[k] == id) return g->s.memo_value[k];
  return 0;
}

/* Sets that memo, as the card's script would. */
static void set_memo(ark_game *g, int number, int v) {
  int id = t_card(g, number), k = 0;
  while (k < g->s.nmemo && g->s.memo_card[k] != id) k++;
  if (k == g->s.nmemo) g->s.memo_card[g->s.nmemo++] = (int16_t)id;
  g->s.memo_value[k] = (int16_t)v;
}

/* Supports Predators (110) level 2 (4 predators) with 3 predator icons and
** a token of sponsor `number` (its memo). */
static void breeding_tokens(int number) {
  ark_game *g = game(3);
  int p = t_cur(g);
  set_base(g, 0, 110);
  g->s.p[p].partner_zoos = AFRICA | ASIA;          /* 215's condition */
  g->s.p[p].universities = UNI_RESEARCH;           /* 218's condition */
  t_zoo_add(g, p, 401);                            /* 2 predators */
  t_zoo_add(g, p, 405);                            /* 1 predator */
  t_play_sponsor(g, p, number);
  t_turn_over(g, p);
  assert_int_equal(memo(g, number), 2);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 5");
  t_answer(g, "project (strength 5, 1 worker)");
  t_expect(g, "project.support", p);
  assert_false(t_offered(g, "support Predators (110) level 1 (5 CP)"));  /* 3 + 1 < 5 */
  assert_true(t_offered(g, "support Predators (110) level 3 (2 CP)"));
  t_answer(g, "support Predators (110) level 2 (4 CP)");
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 4);
  assert_int_equal(memo(g, number), 1);
  assert_int_equal(g->s.base[0].owner[1], p);
  ark_game_free(g);
}

/* Global Breeding Program: 2 tokens; one stands in for a missing icon. */
static void test_215_global_breeding_program(void **st) {
  (void)st;
  breeding_tokens(215);
}

/* Without a token the missing icon stays missing. */
static void test_215_needed(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g);
  set_base(g, 0, 110);
  t_zoo_add(g, p, 401);
  t_zoo_add(g, p, 405);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 5");
  t_answer(g, "project (strength 5, 1 worker)");
  /* level 3 is the only choice, so it is taken without a question */
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_int_equal(g->s.base[0].owner[2], p);
  ark_game_free(g);
}

static void five_supports(ark_game *g, int p) { g->s.p[p].supports = 5; }
static void four_supports(ark_game *g, int p) { g->s.p[p].supports = 4; }

static void test_215_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(215, five_supports), 100);
  assert_int_equal(final_gain(215, four_supports), 0);
  assert_int_equal(final_gain(218, five_supports), 100);
}

/* Breeding Program: read as 215's effect (see its YAML doubt). */
static void test_218_breeding_program(void **st) {
  (void)st;
  breeding_tokens(218);
}

/* Talented Communicator: one more worker; end: reputation 9, 1 CP. */
static void test_216_talented_communicator(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_play_sponsor(g, p, 216);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].workers, 2);
  ark_game_free(g);
}

static void rep9(ark_game *g, int p) { g->s.p[p].reputation = 9; }
static void rep8(ark_game *g, int p) { g->s.p[p].reputation = 8; }

static void test_216_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(216, rep9), 100);
  assert_int_equal(final_gain(216, rep8), 0);
}

/* Engineer: after the Build action, one more building of a kind it built,
** at the usual price; never a special enclosure. */
static void test_217_engineer(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 217);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_turn_of(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (5,0)");
  t_expect_copy(g, "build.more", p);          /* Build's last decisions: copies */
  assert_int_equal(t_noptions(g), 2);
  t_answer(g, "build one more size-1 (2 money)");
  t_expect_copy(g, "build.place", p);
  t_answer(g, "size-1 at (6,1)");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].zoo_map.nb, 2);
  assert_int_equal(g->s.p[p].money, 25 - 2 - 2);
  /* side II: a petting zoo is not repeated */
  t_upgrade(g, p, ARK_ACT_BUILD);
  t_set_slot(g, p, ARK_ACT_BUILD, 5);
  t_turn_of(g, p);
  t_answer(g, "Build II at strength 5");
  t_answer(g, "build petting-zoo (6 money)");
  pick(g, "build.place", p, "petting-zoo at ");
  t_answer(g, "finish building");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].zoo_map.nb, 3);
  ark_game_free(g);
}

/* Every plain space of p's map (edge spaces only when edge_only) gets a
** size-1 enclosure, but the skip-th one (counted from 0; -1: none). */
static void cover(ark_game *g, int p, int edge_only, int skip) {
  const ark_map_def *m = t_map_of(g, p);
  int def = ark_content_find_building(g->c, "size-1");
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c] || m->terrain[c] != ARK_TERRAIN_PLAIN) continue;
    if (edge_only && !t_is_edge(m, c)) continue;
    if (skip-- == 0) continue;
    ark_place pl;
    memset(&pl, 0, sizeof pl);
    pl.ncells = 1;
    pl.cells[0] = (uint8_t)c;
    assert_true(ark_map_place(&g->s.p[p].zoo_map, def, &pl) >= 0);
  }
}

static void full_map(ark_game *g, int p) { cover(g, p, 0, -1); }
static void all_but_one(ark_game *g, int p) { cover(g, p, 0, 3); }
static void border(ark_game *g, int p) { cover(g, p, 1, -1); }
static void border_but_one(ark_game *g, int p) { cover(g, p, 1, 0); }

static void test_217_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(217, full_map), 5);
  assert_int_equal(final_gain(217, all_but_one), 0);
}

/* Diversity Researcher: 2 money per water and rock icon (animals' needs
** included); end: 2 appeal per water + rock pair. */
static void water2_rock1(ark_game *g, int p) {
  t_zoo_add(g, p, 488);    /* 1 water */
  t_zoo_add(g, p, 484);    /* 1 water */
  t_zoo_add(g, p, 486);    /* 1 rock */
}

/* Size-1 positions of p's zoo that cover a water or rock space. */
static int terrain_places(ark_game *g, int p) {
  const ark_map_def *m = t_map_of(g, p);
  ark_place buf[ARK_CELLS * 6];
  int n = ark_map_placements(m, &g->s.p[p].zoo_map, g->c->buildings,
                             ark_content_find_building(g->c, "size-1"), 1, buf, ARK_CELLS * 6);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (m->terrain[buf[i].cells[0]] != ARK_TERRAIN_PLAIN) k++;
  return k;
}

static void test_219_diversity_researcher(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  water2_rock1(g, p);
  assert_int_equal(terrain_places(g, p), 0);
  t_play_sponsor(g, p, 219);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 + 2 * 3);
  /* from now on water and rock spaces can be built on */
  assert_int_equal(g->s.p[p].zoo_map.cover_terrain, 1);
  assert_true(terrain_places(g, p) > 0);
  ark_game_free(g);
  assert_int_equal(final_gain(219, water2_rock1), 2);
  assert_int_equal(final_gain(219, NULL), 0);
}

/* Federal Grants: 3 money when played and at every break; end: reputation
** 9, 1 CP. */
static void test_220_federal_grants(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  t_play_sponsor(g, p, 220);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 + 3);
  t_run_break(g, q);
  t_expect(g, "action", p);
  assert_int_equal(g->s.p[p].money, 28 + INCOME_AT_0 + 3);
  assert_int_equal(g->s.p[q].money, 25 + INCOME_AT_0);
  ark_game_free(g);
  assert_int_equal(final_gain(220, rep9), 100);
  assert_int_equal(final_gain(220, rep8), 0);
}

/* Archaeologist: a border-space placement bonus is taken twice, an inner
** one once. */
static void test_221_archaeologist(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 221);
  build_one(g, p, 1, "build size-1 (2 money)", "size-1 at (8,7)");   /* border: 5 money */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 - 2 + 5 + 5);
  t_put_building_xy(g, p, "size-1", CELLS(4, 3));
  build_one(g, p, 1, "build size-1 (2 money)", "size-1 at (4,5)");   /* inside: 10 money */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 33 - 2 + 10);
  ark_game_free(g);
}

/* A placement bonus that asks but is not the last (map A's card at (5,6)
** before its X token at (4,7)): the card's choice is a copy of the game
** (placement_bonus_next, the rest kept), and the X token comes after it. */
static void test_placement_card_before_xtoken(void **st) {
  (void)st;
  ark_game *g = prepared(t_game(2, SEED, "A"));
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  t_put_building_xy(g, p, "size-1", CELLS(4, 5));  /* the spaces next to it */
  build_one(g, p, 2, "build size-2 (4 money)", "size-2 at (5,6) (4,7)");
  t_expect_copy(g, "card.take", p);
  assert_int_equal(pl->xtokens, 0);
  t_answer(g, "draw from the deck");
  t_turn_over(g, p);
  assert_int_equal(pl->xtokens, 1);
  assert_int_equal(pl->nhand, 1);
  ark_game_free(g);
}

/* Archaeologist's second copy of a border card comes after the first
** card's question, and each question is a copy of the game: the rules
** read the copies again from the building's border spaces and the number
** of repeats kept in the continuation's code (paid_bonus). */
static void test_221_card_twice(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 221);
  build_one(g, p, 1, "build size-1 (2 money)", "size-1 at (3,12)");   /* border: a card, twice */
  t_expect_copy(g, "card.take", p);
  t_answer(g, "draw from the deck");
  t_expect_copy(g, "card.take", p);
  t_answer(g, "draw from the deck");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 2);
  ark_game_free(g);
}

/* Repeats add up (Archaeologist's one and a test card's two): the border
** card is taken four times, each question a copy of the game. */
static void test_border_repeats_add_up(void **st) {
  (void)st;
  ark_game *g = game_with(2, "border-twice");
  int p = t_cur(g);
  t_zoo_add(g, p, 221);
  t_zoo_add(g, p, 1008);
  build_one(g, p, 1, "build size-1 (2 money)", "size-1 at (3,12)");
  for (int i = 0; i < 4; i++) {
    t_expect_copy(g, "card.take", p);
    t_answer(g, "draw from the deck");
  }
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 4);
  ark_game_free(g);
}

/* Twenty repeats are more than the continuation's code holds: the
** border card is taken 21 times the plain way (the questions inside the
** running step). */
static void test_border_repeats_beyond_the_code(void **st) {
  (void)st;
  ark_game *g = game_with(2, "border-twice");
  int p = t_cur(g);
  t_zoo_add(g, p, 1009);
  build_one(g, p, 1, "build size-1 (2 money)", "size-1 at (3,12)");
  for (int i = 0; i < 21; i++) {
    t_expect(g, "card.take", p);
    assert_true(g->co_ref >= 0);
    t_answer(g, "draw from the deck");
  }
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 21);
  ark_game_free(g);
}

static void test_221_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(221, border), 100);
  assert_int_equal(final_gain(221, border_but_one), 0);
}

/* Release of Patents: 1 CP per research icon; others 2 money per CP. */
static void test_222_release_of_patents(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g), q = next(g, p), r = next(g, q);
  g->s.p[p].universities = UNI_RESEARCH | UNI_REPUTATION;
  t_play_sponsor(g, p, 222);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 3);
  assert_int_equal(g->s.p[p].money, 25);
  assert_int_equal(g->s.p[q].money, 25 + 6);
  assert_int_equal(g->s.p[r].money, 25 + 6);
  ark_game_free(g);
}

/* Science Institute: its 2 research icons, nothing else. */
static void test_223_science_institute(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_play_sponsor(g, p, 223);
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->icons[ARK_ICON_SCIENCE], 2);
  assert_int_equal(pl->money, 25);
  assert_int_equal(pl->appeal, 0);
  assert_int_equal(pl->conservation, 0);
  assert_int_equal(pl->reputation, 1);
  assert_int_equal(pl->nhand, 0);
  ark_game_free(g);
}

/* Serengeti (116, Africa) first in the row, a cheetah (401) in a size-5
** enclosure of p's. */
static void serengeti_in_row(ark_game *g, int p) {
  int id = t_take_out(g, 116);
  g->s.row[0].card = (int16_t)id;
  memset(g->s.row[0].owner, -1, sizeof g->s.row[0].owner);
  t_put_animal(g, p, 401, t_put_building_xy(g, p, "size-5", CELLS(4, 1, 4, 3, 4, 5, 5, 2, 3, 4)));
}

/* p's Association I at strength 5 supports Serengeti at level 1 (the
** cheetah released); the map-edge bonus is asked next. */
static void support_serengeti(ark_game *g, int p) {
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 5");
  t_answer(g, "project (strength 5, 1 worker)");
  pick(g, "project.support", p, "Serengeti National Park (116) level 1 ");
}

/* Migration Recording's point reaches the conservation 8 reward (the
** project's 5 stop at 7): the reward is a copy for the AIs, the event's
** handler called as the step's last call (fire_last). */
static void test_224_reward_is_a_copy(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  pl->universities = UNI_RESEARCH;
  t_zoo_add(g, p, 224);
  serengeti_in_row(g, p);
  pl->appeal = 20;
  pl->conservation = 2;
  pl->cp_bonus_done = 0x0b;                     /* the 8 reward not taken */
  support_serengeti(g, p);
  t_answer(g, "edge bonus: money 12");
  assert_int_equal(pl->conservation, 8);
  t_expect_copy(g, "reward.cp8", p);
  t_answer(g, "gain 5 money");
  t_turn_over(g, p);
  assert_int_equal(pl->cp_bonus_done, 0x0f);
  assert_int_equal(pl->money, 25 + 12 + 5);
  ark_game_free(g);
}

/* Migration Recording: an X token; release projects give 1 more CP and may
** be supported again at another level. */
static void test_224_migration_recording(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  pl->universities = UNI_RESEARCH;
  t_play_sponsor(g, p, 224);
  t_turn_over(g, p);
  assert_int_equal(pl->xtokens, 1);
  /* and a size-3 African animal too */
  serengeti_in_row(g, p);
  t_put_animal(g, p, 428, t_put_building_xy(g, p, "size-3", CELLS(7, 2, 7, 4, 8, 3)));
  pl->appeal = 20;
  support_serengeti(g, p);
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(pl->conservation, 5 + 1);
  assert_int_equal(pl->reputation, 1 + 1);
  assert_int_equal(pl->appeal, 20 - 6);             /* the cheetah left */
  /* again, level 2 with the giraffe */
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  pl->workers_out = 0;
  memset(pl->task_workers, 0, sizeof pl->task_workers);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 5");
  /* the project task exists only through 224: its one support, level 2
  ** (the giraffe), is taken without a question */
  t_answer(g, "project (strength 5, 1 worker)");
  t_answer(g, "edge bonus: money 5 (every break)");
  t_turn_over(g, p);
  assert_int_equal(pl->conservation, 6 + 4 + 1);
  assert_int_equal(g->s.row[0].owner[0], p);
  assert_int_equal(g->s.row[0].owner[1], p);
  assert_int_equal(pl->supports, 2);
  ark_game_free(g);
}

/* Quarantine Lab: an X token; venom (2 money per token) and constriction
** (-2 strength) tokens already on p's cards do nothing. */
static void test_225_quarantine_lab(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  t_play_sponsor(g, p, 225);
  t_turn_over(g, p);
  assert_int_equal(pl->xtokens, 1);
  pl->venom[ARK_ACT_BUILD] = 2;
  pl->constriction[ARK_ACT_CARDS] = 1;
  t_set_slot(g, p, ARK_ACT_CARDS, 3);
  t_turn_of(g, p);
  assert_true(t_offered(g, "Cards I at strength 3"));  /* not 3 - 2 */
  t_answer_match(g, "X-token action: Sponsors");
  t_turn_over(g, p);
  assert_int_equal(pl->money, 25);                 /* no venom paid */
  assert_int_equal(pl->venom[ARK_ACT_BUILD], 0);
  assert_int_equal(pl->constriction[ARK_ACT_CARDS], 0);
  /* each kind is cleared on its own: constriction with no venom beside it */
  pl->constriction[ARK_ACT_ANIMALS] = 2;
  pl->constriction[ARK_ACT_SPONSORS] = 1;
  t_turn_of(g, p);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    assert_int_equal(pl->constriction[a], 0);
    assert_int_equal(pl->venom[a], 0);
  }
  ark_game_free(g);
}

/* q plays Platypus (venom 1) while p leads on appeal: p takes a venom token
** unless p holds Quarantine Lab. */
static int venom_asked(int with_lab) {
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  if (with_lab) t_zoo_add(g, p, 225);
  g->s.p[p].appeal = 10;
  t_put_building_xy(g, q, "size-2", CELLS(0, 5, 0, 7));
  play_animal(g, q, 449);
  ark_game_process(g);
  const ark_decision *d = ark_game_decision(g);
  int asked = d && d->player == p && strcmp(d->tag, "action") != 0;
  ark_game_free(g);
  return asked;
}

static void test_225_not_affected(void **st) {
  (void)st;
  assert_true(venom_asked(0));
  assert_false(venom_asked(1));
}

/* Quarantine Lab's modifier: the four abilities it names no longer affect
** its owner, any other kind still does (the value asked goes through). */
static void test_225_immune_kinds(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_zoo_add(g, p, 225);
  static const char *const chunk =
    "local p = ...\n"
    "local out = {}\n"
    "for _, k in ipairs({ 'venom', 'constriction', 'hypnosis', 'pilfering', 'clever' }) do\n"
    "  out[#out + 1] = k .. '=' .. tostring(modify('affected_by', p, true, k))\n"
    "end\n"
    "return table.concat(out, ' ')\n";
  char out[256];
  assert_string_equal(t_run_lua(g, chunk, p, out, sizeof out),
                      "venom=false constriction=false hypnosis=false pilfering=false clever=true");
  ark_game_free(g);
}

static void five_continents(ark_game *g, int p) { g->s.p[p].partner_zoos = 31; }
static void four_continents(ark_game *g, int p) { g->s.p[p].partner_zoos = 15; }

static void test_225_226_end(void **st) {
  (void)st;
  assert_int_equal(final_gain(225, five_continents), 100);
  assert_int_equal(final_gain(225, four_continents), 0);
  assert_int_equal(final_gain(226, five_continents), 100);
  assert_int_equal(final_gain(226, four_continents), 0);
}

/* Foreign Institute: printed 2 reputation. */
static void test_226_foreign_institute(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_play_sponsor(g, p, 226);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 3);
  assert_int_equal(g->s.p[p].conservation, 0);
  ark_game_free(g);
}

/* WAZA Special Assignment: small animals chosen; the deck is turned over
** to the first small animal; large animals are banned; each small animal
** played gives 2 appeal. */
static void test_227_waza_special_assignment(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  pl->reputation = 6;
  /* the deck's top: 401 (large) turned over first, 223 (a sponsor), then
  ** 488 (small) */
  t_stack_deck(g, (const int[]){ 488, 223, 401 }, 3);
  t_give(g, p, 227);
  int deck = g->s.ndeck, discard = g->s.ndiscard;
  t_play_sponsor(g, p, 227);
  t_expect_copy(g, "waza-special.kind", p);
  t_answer(g, "small animals");
  t_turn_over(g, p);
  assert_int_equal(pl->nhand, 1);
  assert_true(t_in_hand(g, p, 488));
  assert_true(t_in_discard(g, 401));
  assert_true(t_in_discard(g, 223));
  assert_int_equal(g->s.ndeck, deck - 3);
  assert_int_equal(g->s.ndiscard, discard + 2);
  assert_int_equal(memo(g, 227), 1);
  /* the cheetah cannot be played, the slow worm can (2 + 2 appeal) */
  t_give(g, p, 401);
  t_put_building_xy(g, p, "size-5", CELLS(4, 1, 4, 3, 4, 5, 5, 2, 3, 4));
  t_put_building_xy(g, p, "size-1", CELLS(0, 5));
  t_give(g, p, 488);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_turn_of(g, p);
  t_answer(g, "Animals I at strength 2");
  t_expect(g, "animals.enclosure", p);             /* the only animal offered */
  t_answer(g, "into size-1 #1");
  t_turn_over(g, p);
  assert_true(t_in_zoo(g, p, 488));
  assert_int_equal(pl->appeal, 2 + 2);
  assert_true(t_in_hand(g, p, 401));
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_turn_of(g, p);
  assert_false(t_offered(g, "Animals I at strength 2"));
  ark_game_free(g);
}

/* WAZA Small Animals Program: 2 money per small animal; after an Animals
** action of small animals only, one more small animal, then a small animal
** from the display. */
static void test_228_waza_small_animals(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  pl->reputation = 3;
  t_put_animal(g, p, 486, t_put_building_xy(g, p, "size-1", CELLS(2, 3)));
  t_play_sponsor(g, p, 228);
  t_turn_over(g, p);
  assert_int_equal(pl->money, 25 + 2);
  static const int disp[6] = { 223, 201, 202, 203, 204, 493 };
  for (int f = 0; f < 6; f++) t_put_display(g, f + 1, disp[f]);
  t_put_building_xy(g, p, "size-1", CELLS(0, 5));  /* both next to water (0,3) */
  t_put_building_xy(g, p, "size-1", CELLS(1, 4));
  t_give(g, p, 488);                                /* 4 money */
  t_give(g, p, 484);                                /* 9 money */
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_turn_of(g, p);
  t_answer(g, "Animals I at strength 2");
  /* what the action plays is in the state (the card's memo): the action's
  ** decisions are copies of the game, as without the card */
  t_expect_copy(g, "animals.card", p);
  t_answer_match(g, "play Slow Worm (488)");
  t_expect_copy(g, "animals.enclosure", p);
  t_answer(g, "into size-1 #1");
  t_expect_copy(g, "waza-small.extra", p);
  t_answer(g, "play one more small animal");
  t_turn_over(g, p);
  for (int k = 0; k < g->s.nmemo; k++)                /* cleared at the action's end */
    if (g->s.memo_card[k] == t_card(g, 228)) assert_int_equal(g->s.memo_value[k], 0);
  assert_true(t_in_zoo(g, p, 488));
  assert_true(t_in_zoo(g, p, 484));
  assert_int_equal(pl->money, 27 - 4 - 9);
  assert_int_equal(pl->nhand, 1);
  assert_true(t_in_hand(g, p, 493));
  assert_int_equal(g->s.display[5] == t_card(g, 493), 0);
  ark_game_free(g);
}

/* Expert in Small Animals: 1 appeal per small animal; small animals cost
** 3 less. */
static void test_229_expert_small(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_put_animal(g, p, 486, t_put_building_xy(g, p, "size-1", CELLS(2, 3)));
  t_put_animal(g, p, 488, t_put_building_xy(g, p, "size-1", CELLS(0, 5)));
  t_put_animal(g, p, 401, t_put_building_xy(g, p, "size-5", CELLS(4, 1, 4, 3, 4, 5, 5, 2, 3, 4)));
  t_play_sponsor(g, p, 229);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2);
  t_put_building_xy(g, p, "size-1", CELLS(3, 6));
  play_animal(g, p, 473);                          /* Common Agama: 9 money, 3 appeal */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 - (9 - 3));
  assert_int_equal(g->s.p[p].appeal, 2 + 3);
  ark_game_free(g);
}

/* The cost of Common Agama (473) to p by the rules' "animals" query, with
** it the only animal in p's hand: 9 printed, 6 with Expert in Small Animals
** (229) in the zoo. */
static int agama_cost(ark_game *g, int p) {
  int q[16];
  assert_int_equal(ark_game_query(g, "animals", p, q, 16), 4);
  assert_int_equal(q[0], t_card(g, 473));
  return q[1];
}

/* The rules keep each player's list of handlers between calls (handlers_of
** in games/arknova/rules/rules.lua, under ark.zoo_stamp), and every game and clone
** of a content shares them: the list must follow the zoo however it
** changes, in this game, in a clone and in another game, and leave out a
** script switched off. */
static void test_handlers_follow_the_zoo(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_give(g, p, 473);
  assert_int_equal(agama_cost(g, p), 9);
  int expert = t_zoo_add(g, p, 229);
  assert_int_equal(agama_cost(g, p), 6);
  ark_zone_zoo_remove(g, p, expert);
  assert_int_equal(agama_cost(g, p), 9);
  ark_zone_zoo_add(g, p, expert, -1);
  assert_int_equal(agama_cost(g, p), 6);
  /* a clone without the expert and another game of the same content,
  ** asked in turns (a clone starts from the step's start: restarted) */
  t_ready(g);
  ark_game *c = ark_game_clone(g);
  assert_non_null(c);
  ark_zone_zoo_remove(c, p, t_card(c, 229));
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = 2;
  cfg.seed = SEED + 1;
  cfg.map = "0";
  cfg.data_dir = ARK_GAME_DIR;
  ark_game *h = NULL;
  char msg[256];
  assert_int_equal(ark_game_new_like(g, &cfg, &h, msg, sizeof msg), ARK_OK);
  t_to_first_turn(h);
  t_clear_hand(h, p);
  t_give(h, p, 473);
  for (int round = 0; round < 2; round++) {
    assert_int_equal(agama_cost(c, p), 9);
    assert_int_equal(agama_cost(g, p), 6);
    assert_int_equal(agama_cost(h, p), 9);
  }
  t_zoo_add(h, p, 229);
  assert_int_equal(agama_cost(h, p), 6);
  assert_int_equal(agama_cost(c, p), 9);
  /* the expert's script stopped (as lua_bridge.c's stop does it) */
  g->s.script_off[expert / 8] |= (uint8_t)(1u << (expert % 8));
  g->s.script_stopped |= 1;
  assert_int_equal(agama_cost(g, p), 9);
  assert_int_equal(agama_cost(h, p), 6);
  ark_game_free(h);
  ark_game_free(c);
  ark_game_free(g);
}

/* The same in play: the Animals action's test of the turn's options reads
** p's cost modifiers before the expert arrives; p then pays what the
** expert lets p pay. */
static void test_handlers_follow_the_zoo_in_play(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_give(g, p, 473);
  t_put_building_xy(g, p, "size-1", CELLS(3, 6));
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_turn_of(g, p);
  assert_true(t_offered(g, "Animals I at strength 2"));
  t_zoo_add(g, p, 229);
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  t_turn_over(g, p);
  assert_true(t_in_zoo(g, p, 473));
  assert_int_equal(g->s.p[p].money, 25 - (9 - 3));
  ark_game_free(g);
}

/* Expert in Large Animals: 2 appeal per large animal; large animals cost 4
** less. */
static void test_230_expert_large(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  t_put_animal(g, p, 401, t_put_building_xy(g, p, "size-5", CELLS(4, 1, 4, 3, 4, 5, 5, 2, 3, 4)));
  t_zoo_add(g, p, 431);                            /* large too */
  t_zoo_add(g, p, 486);                            /* small: no appeal */
  t_play_sponsor(g, p, 230);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 4);
  t_put_building_xy(g, p, "size-4", CELLS(7, 2, 7, 4, 8, 3, 8, 5));
  play_animal(g, p, 495);                          /* Secretary Bird: 14 money, 4 appeal, 1 CP */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 - (14 - 4));
  assert_int_equal(g->s.p[p].appeal, 4 + 4);
  assert_int_equal(g->s.p[p].conservation, 1);
  ark_game_free(g);
}

/* Sponsorships: 1 appeal per icon; at every break 3 / 6 / 9 money for 1 /
** 3 / 5 icons.  Appeal 1 pays 6 at a break (rules). */
static void sponsorship(int number, const int icons[3][3]) {
  ark_game *g = game(2);
  int p = t_cur(g), q = next(g, p);
  t_zoo_add(g, p, icons[0][0]);
  t_play_sponsor(g, p, number);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 1);
  static const int bonus[3] = { 3, 6, 9 };
  for (int k = 0; k < 3; k++) {
    for (int i = 0; i < 3; i++)
      if (k > 0 && icons[k][i]) t_zoo_add(g, p, icons[k][i]);
    int money = g->s.p[p].money;
    t_run_break(g, q);
    t_expect(g, "action", p);
    assert_int_equal(g->s.p[p].money, money + 6 + bonus[k]);
  }
  ark_game_free(g);
}

static void test_231_sponsorship_primates(void **st) {
  (void)st;
  /* 452: 1 primate; + 457 (2) = 3; + 451, 453 = 5 */
  static const int icons[3][3] = { { 452, 0, 0 }, { 457, 0, 0 }, { 451, 453, 0 } };
  sponsorship(231, icons);
}

static void test_232_sponsorship_reptiles(void **st) {
  (void)st;
  static const int icons[3][3] = { { 473, 0, 0 }, { 474, 475, 0 }, { 476, 477, 0 } };
  sponsorship(232, icons);
}

/* ---- several sponsors, one event ------------------------------------------ */

/* A research sponsor played into p's zoo: p's Spokesperson and Science
** Museum react, and so does q's Science Library (any zoo).  Then one played
** into q's zoo: only q's Science Library reacts. */
static void test_research_icon_reactions(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = t_cur(g), q = next(g, p), r = next(g, q);
  t_zoo_add(g, p, 202);
  t_zoo_add(g, p, 204);
  t_zoo_add(g, q, 208);
  t_play_sponsor(g, p, 223);                        /* 2 research icons */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 1 + 2);
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_int_equal(g->s.p[p].money, 25);
  assert_int_equal(g->s.p[q].money, 25 + 4);
  assert_int_equal(g->s.p[r].money, 25);
  /* q's research icon: q's Science Library pays, p's cards stay quiet */
  t_play_sponsor(g, q, 209);
  t_turn_over(g, q);
  assert_int_equal(g->s.p[q].money, 29 + 2);
  assert_int_equal(g->s.p[p].reputation, 3);
  assert_int_equal(g->s.p[p].conservation, 2);
  ark_game_free(g);
}

/* One small Australian animal: Expert on Australia (pouch), WAZA Special
** Assignment (small: 2 appeal), Expert in Small Animals (3 money back) and
** WAZA Small Animals Program (a small animal from the display). */
static void test_small_animal_reactions(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = t_cur(g);
  ark_player *pl = &g->s.p[p];
  t_zoo_add(g, p, 212);
  t_zoo_add(g, p, 227);
  set_memo(g, 227, 1);                              /* small animals chosen */
  t_zoo_add(g, p, 229);
  t_zoo_add(g, p, 228);
  static const int disp[6] = { 223, 201, 488, 203, 204, 401 };
  for (int f = 0; f < 6; f++) t_put_display(g, f + 1, disp[f]);
  t_put_building_xy(g, p, "size-1", CELLS(2, 3));
  t_give(g, p, 402);                                /* large: banned by 227 */
  play_animal(g, p, 493);                           /* 6 money, 3 appeal */
  t_answer(g, "tuck Lion (402)");
  t_turn_over(g, p);
  assert_int_equal(pl->appeal, 3 + 2 + 2);
  assert_int_equal(pl->money, 25 - 6 + 3);
  assert_int_equal(pl->nunder, 1);
  assert_int_equal(pl->nhand, 1);
  assert_true(t_in_hand(g, p, 488));
  ark_game_free(g);
}

/* ---- main ----------------------------------------------------------------- */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_201_science_lab),
    cmocka_unit_test(test_201_refill_before_next_income),
    cmocka_unit_test(test_201_end),
    cmocka_unit_test(test_202_spokesperson),
    cmocka_unit_test(test_203_veterinarian),
    cmocka_unit_test(test_203_needed),
    cmocka_unit_test(test_203_end),
    cmocka_unit_test(test_204_science_museum),
    cmocka_unit_test(test_205_gorilla_field_research),
    cmocka_unit_test(test_206_medical_breakthrough),
    cmocka_unit_test(test_207_basic_research),
    cmocka_unit_test(test_207_reward_is_a_copy),
    cmocka_unit_test(test_research_rewards_are_copies),
    cmocka_unit_test(test_208_science_library),
    cmocka_unit_test(test_208_end),
    cmocka_unit_test(test_209_technology_institute),
    cmocka_unit_test(test_210_expert_americas),
    cmocka_unit_test(test_210_two_offers),
    cmocka_unit_test(test_210_offer_beside_a_plugin_hook),
    cmocka_unit_test(test_210_end),
    cmocka_unit_test(test_211_expert_europe),
    cmocka_unit_test(test_211_end),
    cmocka_unit_test(test_212_expert_australia),
    cmocka_unit_test(test_212_pouch_when_played),
    cmocka_unit_test(test_212_no_pouch_when_full),
    cmocka_unit_test(test_213_expert_asia),
    cmocka_unit_test(test_214_expert_africa),
    cmocka_unit_test(test_after_action_clever_once),
    cmocka_unit_test(test_214_end),
    cmocka_unit_test(test_215_global_breeding_program),
    cmocka_unit_test(test_215_needed),
    cmocka_unit_test(test_215_end),
    cmocka_unit_test(test_216_talented_communicator),
    cmocka_unit_test(test_216_end),
    cmocka_unit_test(test_217_engineer),
    cmocka_unit_test(test_217_end),
    cmocka_unit_test(test_218_breeding_program),
    cmocka_unit_test(test_219_diversity_researcher),
    cmocka_unit_test(test_220_federal_grants),
    cmocka_unit_test(test_221_archaeologist),
    cmocka_unit_test(test_221_card_twice),
    cmocka_unit_test(test_border_repeats_add_up),
    cmocka_unit_test(test_border_repeats_beyond_the_code),
    cmocka_unit_test(test_placement_card_before_xtoken),
    cmocka_unit_test(test_221_end),
    cmocka_unit_test(test_222_release_of_patents),
    cmocka_unit_test(test_223_science_institute),
    cmocka_unit_test(test_224_migration_recording),
    cmocka_unit_test(test_224_reward_is_a_copy),
    cmocka_unit_test(test_225_quarantine_lab),
    cmocka_unit_test(test_225_not_affected),
    cmocka_unit_test(test_225_immune_kinds),
    cmocka_unit_test(test_225_226_end),
    cmocka_unit_test(test_226_foreign_institute),
    cmocka_unit_test(test_227_waza_special_assignment),
    cmocka_unit_test(test_228_waza_small_animals),
    cmocka_unit_test(test_229_expert_small),
    cmocka_unit_test(test_handlers_follow_the_zoo),
    cmocka_unit_test(test_handlers_follow_the_zoo_in_play),
    cmocka_unit_test(test_230_expert_large),
    cmocka_unit_test(test_231_sponsorship_primates),
    cmocka_unit_test(test_232_sponsorship_reptiles),
    cmocka_unit_test(test_research_icon_reactions),
    cmocka_unit_test(test_small_animal_reactions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
