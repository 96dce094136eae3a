/*
** test_sponsors_b.c - sponsor cards 233-264 against their published effects
** (the meaning in shared/data/arknova/cards.jsonl, the facts in
** cards/sponsors/2xx-*.yaml).
**
** Each test prepares a state by hand at an "action" decision on map 0 (a
** board without ability), plays the sponsor or the event it reacts to
** through the ordinary actions, and checks the numbers the card text gives:
** money, appeal, conservation, X tokens, cards in hand, buildings.  Breaks
** and the final scoring are run by switching the phase and restarting the
** step.  Geometry expectations (which spaces touch water, rock, a building)
** are worked out from the raw map cells here, or written out by hand with
** the cells named in the comment.
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

#define SEED 11
#define MONEY 100

/* Partner zoo bits (ark_player.partner_zoos). */
enum { AFRICA = 1, AMERICAS = 2, ASIA = 4, AUSTRALIA = 8, EUROPE = 16 };

/* ---- game and decisions --------------------------------------------------- */

/* A 2-player game on map 0 at the first "action" decision.  Track rewards
** are marked as claimed so gains ask nothing; hands are empty; every player
** has MONEY money, 0 appeal and 0 X tokens.  The display holds animals no
** test plays, so no sponsor is ever in reach there. */
static ark_game *game(void) {
  ark_game *g = t_game(2, SEED, "0");
  static const int display[6] = { 417, 418, 419, 420, 421, 422 };
  for (int f = 0; f < 6; f++) t_put_display(g, f + 1, display[f]);
  for (int p = 0; p < 2; p++) {
    ark_player *pl = &g->s.p[p];
    pl->money = MONEY;
    pl->appeal = 0;
    t_clear_hand(g, p);
  }
  return g;
}

static int other(int p) { return 1 - p; }
static ark_player *P(ark_game *g, int p) { return &g->s.p[p]; }

/* Runs p's turn again from the edited state; the action is pending. */
static void ready(ark_game *g, int p) {
  assert_int_equal(t_cur(g), p);
  t_ready(g);
}

/* The other player does something that touches no tested number. */
static void pass_turn(ark_game *g, int q) {
  t_expect(g, "action", q);
  t_answer(g, "X-token action: Animals to slot 1");
  t_turn_over(g, q);
}

/* ---- cards and buildings by hand ------------------------------------------- */

/* A sponsor with its unique building already standing. */
static int put_sponsor_building(ark_game *g, int p, int number, const char *cells) {
  char key[24];
  snprintf(key, sizeof key, "sponsor-%d", number);
  int id = t_zoo_add(g, p, number);
  int b = t_put_building(g, p, key, cells);
  g->s.p[p].zoo_map.b[b].card = (int16_t)id;
  return b;
}

/* ---- map geometry, from the raw cells ---------------------------------------- */

/* Distinct cells of terrain t next to the cells (the unique buildings' need). */
static int terrain_around(const ark_map_def *m, const int *cells, int n, int t) {
  int seen[ARK_CELLS] = { 0 }, total = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 6; k++) {
      int x = ARK_CELL_X(cells[i]) + T_DX[k], y = ARK_CELL_Y(cells[i]) + T_DY[k];
      if (!t_on_map(m, x, y)) continue;
      int c = ARK_CELL(x, y);
      if (m->terrain[c] == t && !seen[c]) {
        seen[c] = 1;
        total++;
      }
    }
  return total;
}

/* Do the cells meet the water / rock / border need of building def d? */
static void assert_need(ark_game *g, int p, const ark_building_def *d, const int *cells, int n) {
  const ark_map_def *m = t_map_of(g, p);
  int edges = 0;
  for (int i = 0; i < n; i++) edges += t_is_edge(m, cells[i]);
  assert_true(terrain_around(m, cells, n, ARK_TERRAIN_WATER) >= d->adjacent_water);
  assert_true(terrain_around(m, cells, n, ARK_TERRAIN_ROCK) >= d->adjacent_rock);
  assert_true(edges >= d->border_spaces);
}

/* Answers a placement question (a unique building, WAZA's enclosure) with
** the first position that covers no placement bonus, so no bonus question
** follows.  Nothing is done when no placement is asked (single option). */
static void answer_plain_place(ark_game *g) {
  ark_game_process(g);
  const ark_decision *d = ark_game_decision(g);
  if (!d || (strcmp(d->tag, "sponsors.place") && strcmp(d->tag, "waza-large.enclosure"))) return;
  const ark_map_def *m = t_map_of(g, d->player);
  /* first pass: no bonus at all; second: X tokens only (no number the
  ** tests check) */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < d->noptions; i++) {
      int cells[ARK_MAX_FOOTPRINT];
      int n = t_parse_cells(d->options[i], cells), bad = 0;
      for (int k = 0; k < n; k++) {
        int kind = m->place_bonus[cells[k]].kind;
        bad += kind != ARK_BONUS_NONE && (pass == 0 || kind != ARK_BONUS_XTOKEN);
      }
      if (n > 0 && !bad) {
        char text[128];
        snprintf(text, sizeof text, "%s", d->options[i]);
        t_answer(g, text);
        return;
      }
    }
  t_print_options(g);
  fail_msg("no placement without a bonus");
}

/* ---- playing ---------------------------------------------------------------- */

/* p, the current player, plays sponsor `number` from hand (t_play_sponsor).
** The caller answers what follows (placement, the card's own questions). */
static void play_sponsor(ark_game *g, int p, int number) {
  assert_int_equal(t_cur(g), p);
  t_play_sponsor(g, p, number);
}

/* p plays animal `number` from hand with Animals I at strength 2 (cost:
** the price it must be offered at); the enclosure is chosen by the engine
** when only one fits. */
static void play_animal(ark_game *g, int p, int number, int cost) {
  const ark_card_def *c = &g->c->cards[t_card(g, number)];
  t_give(g, p, number);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  ready(g, p);
  t_answer(g, "Animals I at strength 2");
  /* a single candidate is taken without a question */
  ark_game_process(g);
  const ark_decision *d = ark_game_decision(g);
  if (d && !strcmp(d->tag, "animals.card"))
    t_answerf(g, "play %s (%d) for %d money", c->name, number, cost);
}

/* Runs a break started by p (income for everyone); p's opponent is next. */
static void run_break(ark_game *g, int p) {
  t_clear_hand(g, 0);
  t_clear_hand(g, 1);
  t_run_break(g, p);
  t_expect(g, "action", other(p));
}

/* Runs the final scoring without final scoring cards (their own points
** would hide the cards' end-game effects); the game ends. */
static void run_final(ark_game *g) {
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < 2; i++)
      if (g->s.p[p].scoring[i] >= 0) {
        ark_zone_box(g, g->s.p[p].scoring[i]);
        g->s.p[p].scoring[i] = ARK_NO_CARD;
      }
  g->s.scoring_discarded = 1;
  t_run_final(g);
}

/* Income of the rules' first band: appeal 0-5 pays 5 + appeal. */
static int low_income(int appeal) { return 5 + appeal; }

/* ---- 233-235: sponsorships ------------------------------------------------- */

/* When played: 1 appeal per icon.  Break: 3 / 6 / 9 money for 1 / 3 / 5. */
static void test_sponsorships(void **st) {
  (void)st;
  static const struct { int card; int animals[5]; int n; int money; } cases[] = {
    { 233, { 495, 496, 498 }, 3, 6 },                /* Vultures, 3 birds */
    { 234, { 406 }, 1, 3 },                          /* Lions, 1 predator */
    { 235, { 426, 427, 428, 429, 430 }, 5, 9 },      /* Elephants, 5 herbivores */
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    ark_game *g = game();
    int p = t_cur(g);
    for (int i = 0; i < cases[k].n; i++) t_zoo_add(g, p, cases[k].animals[i]);
    play_sponsor(g, p, cases[k].card);
    t_turn_over(g, p);
    assert_int_equal(P(g, p)->appeal, cases[k].n);
    assert_int_equal(P(g, p)->money, MONEY);
    run_break(g, p);
    assert_int_equal(P(g, p)->money, MONEY + low_income(cases[k].n) + cases[k].money);
    /* the other player has no such card: appeal income only (appeal 0) */
    assert_int_equal(P(g, other(p))->money, MONEY + low_income(0));
    ark_game_free(g);
  }
  /* 4 birds still pay the 3-icon tier, 6 the 5-icon one */
  static const int birds[6] = { 495, 496, 498, 499, 500, 502 };
  for (int n = 4; n <= 6; n += 2) {
    ark_game *g = game();
    int p = t_cur(g);
    for (int i = 0; i < n; i++) t_zoo_add(g, p, birds[i]);
    play_sponsor(g, p, 233);
    t_turn_over(g, p);
    run_break(g, p);
    /* appeal 4 pays 9, appeal 6 (second band) 11 */
    assert_int_equal(P(g, p)->money, n == 4 ? MONEY + 9 + 6 : MONEY + 11 + 9);
    ark_game_free(g);
  }
}

/* ---- 236-240: experts, any zoo ------------------------------------------------ */

/* Played: 3 money for the card's own icon (as Board Game Arena plays it:
** Expert in Predators, sample game move 13).  Then the opponent plays a card
** with that icon into their zoo: 3 money per icon. */
static void test_experts_any_zoo(void **st) {
  (void)st;
  enum { ANIMAL, SPONSOR };
  static const struct { int expert; int kind, trigger, cost; const char *enclosure; int icons; } cases[] = {
    { 236, ANIMAL, 468, 15, "size-1|(5,10)", 1 },             /* Cotton-Top Tamarin */
    { 237, ANIMAL, 486, 4, "size-1|(2,3)", 1 },               /* Wall Lizard, by rocks */
    { 238, ANIMAL, 495, 14, "size-4|(8,1) (8,3) (7,2) (7,4)", 1 }, /* Secretary Bird */
    { 239, ANIMAL, 401, 17, "size-5|(8,1) (8,3) (7,0) (7,2) (7,4)", 2 }, /* Cheetah: 2 predators */
    { 240, SPONSOR, 260, 0, NULL, 1 },                        /* Native Farm Animals */
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    ark_game *g = game();
    int p = t_cur(g), q = other(p);
    play_sponsor(g, p, cases[k].expert);
    t_turn_over(g, p);
    assert_true(t_in_zoo(g, p, cases[k].expert));
    assert_int_equal(P(g, p)->money, MONEY + 3);
    /* the opponent's turn */
    P(g, q)->universities = 1u << ARK_UNI_RESEARCH;  /* 2 research icons for 468 */
    if (cases[k].enclosure) {
      char key[16];
      const char *bar = strchr(cases[k].enclosure, '|');
      snprintf(key, sizeof key, "%.*s", (int)(bar - cases[k].enclosure), cases[k].enclosure);
      t_put_building(g, q, key, bar + 1);
      play_animal(g, q, cases[k].trigger, cases[k].cost);
    } else {
      play_sponsor(g, q, cases[k].trigger);
    }
    t_turn_over(g, q);
    assert_true(t_in_zoo(g, q, cases[k].trigger));
    assert_int_equal(P(g, p)->money, MONEY + 3 + 3 * cases[k].icons);
    assert_int_equal(P(g, q)->money, MONEY - cases[k].cost);
    ark_game_free(g);
  }
}

/* ---- 241-242: hydrologist, geologist ----------------------------------------- */

/* Hydrologist: 1 appeal per water icon; 1 money per covered space next to
** water; 1 CP at the end if every water space touches a building. */
static void test_hydrologist(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g), q = other(p);
  t_zoo_add(g, p, 256);                    /* Water Playground: 1 water icon */
  play_sponsor(g, p, 241);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 2);    /* its own water icon + 256's */
  pass_turn(g, q);
  /* size-3 on (1,4) (0,5) (1,6): each of the 3 spaces touches water
  ** ((0,3) for the first two, (2,7) for the third); 6 money to build */
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  ready(g, p);
  t_answer(g, "Build I at strength 3");
  t_answer(g, "build size-3 (6 money)");
  t_answer(g, "size-3 at (1,4) (0,5) (1,6)");
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->money, MONEY - 6 + 3);
  /* the opponent's buildings do not pay p */
  t_set_slot(g, q, ARK_ACT_BUILD, 3);
  ready(g, q);
  t_answer(g, "Build I at strength 3");
  t_answer(g, "build size-3 (6 money)");
  t_answer(g, "size-3 at (1,4) (0,5) (1,6)");
  t_turn_over(g, q);
  assert_int_equal(P(g, p)->money, MONEY - 3);
  assert_int_equal(P(g, q)->money, MONEY - 6);
  /* end: the 10 water spaces of map 0; (0,3) and (2,7) touch the size-3,
  ** these size-1s reach the others: (1,2) for (0,1) (1,0); (4,1) for
  ** (3,0); (5,2) for (5,4); (1,8) for (1,10); (7,8) for (8,9); (7,10)
  ** for (8,11) (7,12) */
  ark_game *h = ark_game_clone(g);
  static const char *const reach[] = { "(1,2)", "(4,1)", "(5,2)", "(1,8)", "(7,8)", "(7,10)" };
  for (int i = 0; i < 6; i++) t_put_building(g, p, "size-1", reach[i]);
  run_final(g);
  assert_int_equal(P(g, p)->conservation, 1);
  ark_game_free(g);
  /* without (7,10), two water spaces stay unconnected: no point */
  g = h;
  for (int i = 0; i < 5; i++) t_put_building(g, p, "size-1", reach[i]);
  run_final(g);
  assert_int_equal(P(g, p)->conservation, 0);
  ark_game_free(g);
}

/* Geologist: 3 appeal per 2 rock icons; 1 money per covered space next to
** rock; 1 CP at the end if every rock space touches a building. */
static void test_geologist(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g), q = other(p);
  t_zoo_add(g, p, 243);                    /* Meerkat Den: a rock icon */
  t_zoo_add(g, p, 255);                    /* Adventure Playground: a rock icon */
  play_sponsor(g, p, 242);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 3);    /* 3 rock icons: one pair */
  pass_turn(g, q);
  /* size-3 on (4,9) (3,10) (4,11): (4,9) touches (5,8), (4,11) touches
  ** (5,12), (3,10) no rock */
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  ready(g, p);
  t_answer(g, "Build I at strength 3");
  t_answer(g, "build size-3 (6 money)");
  t_answer(g, "size-3 at (4,9) (3,10) (4,11)");
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->money, MONEY - 6 + 2);
  /* end: rock spaces (5,8) (5,12) touch the size-3; (2,3) reaches (2,1)
  ** (3,2); (6,1) reaches (6,3); (5,10) reaches (6,9) (6,11); (0,9)
  ** reaches (0,11); (2,11) reaches (1,12) */
  ark_game *h = ark_game_clone(g);
  static const char *const reach[] = { "(2,3)", "(6,1)", "(5,10)", "(0,9)", "(2,11)" };
  for (int i = 0; i < 5; i++) t_put_building(g, p, "size-1", reach[i]);
  run_final(g);
  assert_int_equal(P(g, p)->conservation, 1);
  ark_game_free(g);
  g = h;
  for (int i = 0; i < 4; i++) t_put_building(g, p, "size-1", reach[i]);
  run_final(g);
  assert_int_equal(P(g, p)->conservation, 0);
  ark_game_free(g);
}

/* ---- 243-257: unique buildings ----------------------------------------------- */

/* Each unique building, played into an empty zoo: every position offered
** meets its need (and covers an edge space, being the first building); it
** stands on the map linked to its card; printed gains come with it, and
** the card's own icons trigger its "each icon" effect (as Board Game Arena
** plays it): 2 appeal per icon for 243-247 and 251, an X token for 248,
** Perception for 249. */
static void test_unique_buildings_placed(void **st) {
  (void)st;
  for (int number = 243; number <= 257; number++) {
    ark_game *g = game();
    int p = t_cur(g);
    P(g, p)->reputation = 3;               /* 243-245 need 3 */
    char key[24];
    snprintf(key, sizeof key, "sponsor-%d", number);
    const ark_building_def *d = &g->c->buildings[ark_content_find_building(g->c, key)];
    if (number == 252) t_stack_deck(g, (const int[]){ 226 }, 1);  /* Hunter 1 turns a sponsor */
    play_sponsor(g, p, number);
    ark_game_process(g);
    const ark_decision *dec = ark_game_decision(g);
    assert_non_null(dec);
    if (!strcmp(dec->tag, "sponsors.place")) {
      assert_true(dec->noptions > 1);
      for (int i = 0; i < dec->noptions; i++) {
        int cells[ARK_MAX_FOOTPRINT];
        int n = t_parse_cells(dec->options[i], cells);
        assert_int_equal(n, d->ncells);
        assert_need(g, p, d, cells, n);
        int edges = 0;
        for (int k = 0; k < n; k++) edges += t_is_edge(t_map_of(g, p), cells[k]);
        assert_true(edges >= 1);
      }
      answer_plain_place(g);
    }
    if (number == 254) {                   /* Zoo School: take a card */
      t_expect(g, "card.take", p);
      t_answer(g, "draw from the deck");
    }
    if (number == 249) {                   /* its own bird icon: Perception 2 */
      t_expect(g, "perception.keep", p);
      t_answer_match(g, "keep ");
    }
    t_turn_over(g, p);
    const ark_zoo *z = &P(g, p)->zoo_map;
    assert_int_equal(z->nb, 1);
    assert_string_equal(g->c->buildings[z->b[0].def].key, key);
    assert_int_equal(z->b[0].card, t_card(g, number));
    int cells[ARK_MAX_FOOTPRINT];
    for (int k = 0; k < z->b[0].ncells; k++) cells[k] = z->b[0].cells[k];
    assert_need(g, p, d, cells, z->b[0].ncells);
    const ark_player *pl = P(g, p);
    static const int own_appeal[15] = { 2, 2, 4, 4, 2, 0, 0, 0, 2, 0, 0, 0, 4, 4, 0 };
    assert_int_equal(pl->appeal, own_appeal[number - 243]);
    if (number == 248) assert_int_equal(pl->xtokens, 1);   /* its own primate icon */
    assert_int_equal(pl->conservation, number == 254 ? 1 : 0);
    assert_int_equal(pl->reputation, number == 254 ? 4 : 3);
    assert_int_equal(pl->nhand, number == 254 || number == 249 ? 1 : 0);
    assert_int_equal(pl->money, MONEY);
    if (number == 253) assert_int_equal(z->b[0].used, 3);   /* Okapi: 3 tokens */
    ark_game_free(g);
  }
}

/* Water Playground is refused while no free space touches water; Adventure
** Playground (rock) is offered in the same zoo.  Meerkat Den needs
** reputation 3. */
static void test_unique_needs_refused(void **st) {
  (void)st;
  /* the 20 buildable spaces of map 0 next to water */
  static const char *const wet[] = {
    "(4,1)", "(1,2)", "(5,2)", "(4,3)", "(1,4)", "(0,5)", "(2,5)", "(4,5)", "(6,5)", "(1,6)",
    "(3,6)", "(5,6)", "(8,7)", "(1,8)", "(3,8)", "(7,8)", "(0,9)", "(2,9)", "(7,10)", "(2,11)" };
  for (int keep_free = 0; keep_free <= 1; keep_free++) {
    ark_game *g = game();
    int p = t_cur(g);
    for (int i = 0; i < 20; i++)
      if (!(keep_free && !strcmp(wet[i], "(0,5)"))) t_put_building(g, p, "size-1", wet[i]);
    t_give(g, p, 255);
    t_give(g, p, 256);
    t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
    ready(g, p);
    t_answer(g, "Sponsors I at strength 5");
    t_expect(g, "sponsors.card", p);
    assert_true(t_offered(g, "play Adventure Playground (255) (level 3)"));
    assert_int_equal(t_offered(g, "play Water Playground (256) (level 3)"), keep_free);
    if (keep_free) {
      /* only (0,5) is left next to water: every position covers it */
      t_answer(g, "play Water Playground (256) (level 3)");
      ark_game_process(g);
      const ark_decision *d = ark_game_decision(g);
      if (!strcmp(d->tag, "sponsors.place")) {
        for (int i = 0; i < d->noptions; i++) assert_non_null(strstr(d->options[i], "(0,5)"));
        answer_plain_place(g);
      }
      t_turn_over(g, p);
      const ark_zoo *z = &P(g, p)->zoo_map;
      assert_int_equal(z->at[ARK_CELL(0, 5)], z->nb);   /* the newest building */
      assert_int_equal(P(g, p)->appeal, 4);
    }
    ark_game_free(g);
  }
  for (int rep = 2; rep <= 3; rep++) {
    ark_game *g = game();
    int p = t_cur(g);
    P(g, p)->reputation = (int16_t)rep;
    t_give(g, p, 243);
    t_give(g, p, 261);                     /* a sponsor without condition */
    t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
    ready(g, p);
    t_answer(g, "Sponsors I at strength 5");
    t_expect(g, "sponsors.card", p);
    assert_int_equal(t_offered(g, "play Meerkat Den (243) (level 5)"), rep == 3);
    ark_game_free(g);
  }
}

/* A unique building next to a kiosk brings the kiosk 1 money at a break. */
static void test_unique_kiosk_income(void **st) {
  (void)st;
  for (int with_kiosk = 0; with_kiosk <= 1; with_kiosk++) {
    ark_game *g = game();
    int p = t_cur(g);
    play_sponsor(g, p, 255);
    t_answer(g, "sponsor-255 at (3,10) (4,11)");
    t_turn_over(g, p);
    assert_int_equal(P(g, p)->appeal, 4);
    /* (3,12) touches (3,10) and (4,11) only */
    if (with_kiosk) t_put_building(g, p, "kiosk", "(3,12)");
    run_break(g, p);
    assert_int_equal(P(g, p)->money, MONEY + low_income(4) + with_kiosk);
    ark_game_free(g);
  }
}

/* 243-247: each icon of their kind played into the owner's zoo gives 2
** appeal (its printed gains apart); the end gives 1 CP for 6 icons. */
static void test_icon_houses(void **st) {
  (void)st;
  static const struct { int house, trigger, printed; } cases[] = {
    { 243, 240, 0 },   /* Meerkat Den: Expert in Herbivores (herbivore) */
    { 244, 238, 0 },   /* Penguin Pool: Ornithologist (bird) */
    { 245, 256, 4 },   /* Aquarium: Water Playground (water, 4 appeal) */
    { 246, 255, 4 },   /* Aerial Cableway: Adventure Playground (rock, 4 appeal) */
    { 247, 236, 0 },   /* Baboon Rock: Primatologist (primate) */
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    ark_game *g = game();
    int p = t_cur(g), q = other(p);
    t_zoo_add(g, p, cases[k].house);
    play_sponsor(g, p, cases[k].trigger);
    answer_plain_place(g);
    t_turn_over(g, p);
    assert_int_equal(P(g, p)->appeal, cases[k].printed + 2);
    if (k == 0) {
      /* a herbivore in the other zoo is not "your zoo" */
      play_sponsor(g, q, 260);
      t_turn_over(g, q);
      assert_true(t_in_zoo(g, q, 260));
      assert_int_equal(P(g, p)->appeal, 2);
      assert_int_equal(P(g, q)->appeal, 0);   /* 260 finds no building there */
    }
    ark_game_free(g);
  }
  /* per icon: a Mandrill (2 primate icons; needs 3 primates) next to
  ** Baboon Rock gives 2 x 2 appeal besides its printed 9 */
  {
    ark_game *g = game();
    int p = t_cur(g);
    t_zoo_add(g, p, 247);
    t_zoo_add(g, p, 453);
    t_zoo_add(g, p, 454);
    t_zoo_add(g, p, 455);
    t_put_building(g, p, "size-5", "(8,1) (8,3) (7,0) (7,2) (7,4)");
    play_animal(g, p, 457, 28);
    t_turn_over(g, p);
    assert_true(t_in_zoo(g, p, 457));
    assert_int_equal(P(g, p)->appeal, 9 + 4);
    ark_game_free(g);
  }
  /* end: exactly 6 icons of the kind (the house's own included) give 1 CP,
  ** 5 give none */
  static const struct { int house; int cards[6]; } ends[] = {
    { 243, { 426, 427, 428, 429, 430 } },        /* + its herbivore icon */
    { 244, { 495, 496, 497, 498, 499 } },        /* + its bird icon */
    { 245, { 256, 244, 250, 241 } },             /* 2 of its own + 4 */
    { 246, { 255, 242, 243, 247 } },             /* 2 of its own + 4 */
    { 247, { 451, 452, 453, 454, 455 } },        /* + its primate icon */
  };
  for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++)
    for (int missing = 0; missing <= 1; missing++) {
      ark_game *g = game();
      int p = t_cur(g);
      t_zoo_add(g, p, ends[k].house);
      int n = 0;
      while (n < 6 && ends[k].cards[n]) n++;
      for (int i = 0; i < n - missing; i++) t_zoo_add(g, p, ends[k].cards[i]);
      run_final(g);
      assert_int_equal(P(g, p)->conservation, missing ? 0 : 1);
      ark_game_free(g);
    }
}

/* 248: an X token per primate icon; 249: draw 2 keep 1 per bird icon;
** 250: sell up to 2 hand cards for 4 money each per reptile icon. */
static void test_rhesus_owl_turtle(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g);
  t_zoo_add(g, p, 248);
  play_sponsor(g, p, 236);                 /* Primatologist: a primate icon */
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->xtokens, 1);
  ark_game_free(g);

  g = game();
  p = t_cur(g);
  t_zoo_add(g, p, 249);
  t_give(g, p, 238);                       /* before counting the deck */
  t_stack_deck(g, (const int[]){ 417, 223 }, 2);   /* Science Institute on top */
  int deck = g->s.ndeck;
  play_sponsor(g, p, 238);                 /* Ornithologist: a bird icon */
  /* the use a continuation (icon_keyword, cards/lib/kit.lua): a copy */
  t_expect_copy(g, "perception.keep", p);
  assert_true(t_offered(g, "keep Wolf (417)"));
  assert_true(t_offered(g, "keep Science Institute (223)"));
  t_answer(g, "keep Science Institute (223)");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 223));
  assert_true(t_in_discard(g, 417));
  assert_int_equal(P(g, p)->nhand, 1);
  assert_int_equal(g->s.ndeck, deck - 2);
  ark_game_free(g);

  g = game();
  p = t_cur(g);
  t_zoo_add(g, p, 250);
  t_give(g, p, 401);
  t_give(g, p, 402);
  t_give(g, p, 403);
  play_sponsor(g, p, 237);                 /* Herpetologist: a reptile icon */
  /* the tank's use first, Herpetologist's money (its handler kept by the
  ** tank's card, fire_one) after: each offer a copy */
  t_expect_copy(g, "sunbathing.sell", p);
  assert_int_equal(P(g, p)->money, MONEY);
  assert_true(t_offered(g, "stop selling"));
  t_answer(g, "sell Cheetah (401)");
  t_expect_copy(g, "sunbathing.sell", p);
  t_answer(g, "sell Lion (402)");
  t_turn_over(g, p);                       /* two sold: no third offer */
  assert_int_equal(P(g, p)->money, MONEY + 8 + 3);   /* + 3: 237's own reptile icon */
  assert_int_equal(P(g, p)->nhand, 1);
  assert_true(t_in_hand(g, p, 403));
  assert_true(t_in_discard(g, 401) && t_in_discard(g, 402));
  ark_game_free(g);
}

/* Sea Turtle Tank's own reptile icon lets its owner sell cards at once, as
** Board Game Arena plays it (sample game moves 5-10: Long-billed Vulture
** sold for 4 money right after the tank was built). */
static void test_turtle_own_icon(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g);
  t_give(g, p, 500);
  play_sponsor(g, p, 250);
  answer_plain_place(g);
  t_expect(g, "sunbathing.sell", p);
  t_answer(g, "sell Long-Billed Vulture (500)");
  t_turn_over(g, p);
  assert_true(t_in_discard(g, 500));
  assert_int_equal(P(g, p)->nhand, 0);
  assert_int_equal(P(g, p)->money, MONEY + 4);
  ark_game_free(g);
}

/* 251: 2 appeal whenever a bear icon is played in any zoo (its own too);
** end: 1 CP for 3 bear icons, 2 CP for 6. */
static void test_polar_bear(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g), q = other(p);
  play_sponsor(g, p, 251);
  answer_plain_place(g);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 2);
  /* the opponent plays a Giant Panda (herbivore + bear; needs a herbivore,
  ** a bear and a partner zoo: Asia, which also makes it 3 cheaper) */
  t_zoo_add(g, q, 428);
  t_zoo_add(g, q, 409);
  P(g, q)->partner_zoos = ASIA;
  t_put_building(g, q, "size-3", "(8,1) (8,3) (7,2)");
  play_animal(g, q, 433, 24);
  t_turn_over(g, q);
  assert_int_equal(P(g, p)->appeal, 4);
  ark_game_free(g);
  static const int bears[5] = { 408, 411, 414, 415, 416 };
  static const struct { int others, cp; } ends[] = { { 1, 0 }, { 2, 1 }, { 5, 2 } };
  for (int k = 0; k < 3; k++) {
    g = game();
    p = t_cur(g);
    t_zoo_add(g, p, 251);
    for (int i = 0; i < ends[k].others; i++) t_zoo_add(g, p, bears[i]);
    run_final(g);
    assert_int_equal(P(g, p)->conservation, ends[k].cp);
    ark_game_free(g);
  }
}

/* 252: a predator icon played into the zoo reveals X cards (X = predator
** icons, the new one included) and keeps one animal among them. */
static void test_hyena(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g);
  t_zoo_add(g, p, 252);                    /* predator */
  t_zoo_add(g, p, 404);                    /* predator */
  /* from the top: 495, 226 (a sponsor), 496, then 497 which stays */
  t_stack_deck(g, (const int[]){ 497, 496, 226, 495 }, 4);
  play_sponsor(g, p, 239);                 /* Expert in Predators: 3 icons now */
  t_expect_copy(g, "hunter.keep", p);
  assert_true(t_offered(g, "keep Secretary Bird (495)"));
  assert_true(t_offered(g, "keep Marabou (496)"));
  assert_int_equal(ark_game_decision(g)->noptions, 2);
  t_answer(g, "keep Marabou (496)");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 496));
  assert_int_equal(P(g, p)->nhand, 1);
  assert_true(t_in_discard(g, 495) && t_in_discard(g, 226));
  assert_int_equal(g->s.deck[g->s.ndeck - 1], t_card(g, 497));
  ark_game_free(g);
}

/* 253: 3 tokens; a herbivore icon played into the zoo may spend one to
** play a sponsor from hand for money equal to its level. */
static void test_okapi(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g);
  int b = put_sponsor_building(g, p, 253, "(8,1) (8,3) (7,4) (7,6)");
  P(g, p)->zoo_map.b[b].used = 3;
  t_give(g, p, 236);                       /* Primatologist, level 4 */
  ark_state base = g->s;
  play_sponsor(g, p, 240);                 /* Expert in Herbivores: herbivore */
  t_expect_copy(g, "bonus.sponsor", p);
  t_answer(g, "play Primatologist (236) for 4 money");
  t_turn_over(g, p);
  assert_true(t_in_zoo(g, p, 236));
  /* 240 and 236 pay 3 money each for their own icons */
  assert_int_equal(P(g, p)->money, MONEY - 4 + 3 + 3);
  assert_int_equal(P(g, p)->zoo_map.b[b].used, 2);
  /* declined: the token stays */
  g->s = base;
  play_sponsor(g, p, 240);
  t_expect_copy(g, "bonus.sponsor", p);
  t_answer(g, "no sponsor");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 236));
  assert_int_equal(P(g, p)->money, MONEY + 3);
  assert_int_equal(P(g, p)->zoo_map.b[b].used, 3);
  /* no token left: nothing is offered */
  g->s = base;
  P(g, p)->zoo_map.b[b].used = 0;
  play_sponsor(g, p, 240);
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 236));
  ark_game_free(g);
}

/* 254: reputation first (range 2), then a card from deck or range. */
static void test_zoo_school(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g);
  assert_int_equal(P(g, p)->reputation, 1);
  play_sponsor(g, p, 254);
  answer_plain_place(g);
  t_expect(g, "card.take", p);
  assert_true(t_offered(g, "take Wolf (417) from folder 1"));
  assert_true(t_offered(g, "take Eurasian Lynx (418) from folder 2"));
  assert_false(t_offered(g, "take European Badger (419) from folder 3"));
  t_answer(g, "take Eurasian Lynx (418) from folder 2");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 418));
  assert_int_equal(P(g, p)->reputation, 2);
  assert_int_equal(P(g, p)->conservation, 1);
  ark_game_free(g);
}

/* 257: on 2 border spaces away from the zoo; at a break 2 money per
** neighbouring building except empty standard enclosures; end: 5 appeal if
** the map is fully covered. */
static void test_side_entrance(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g);
  t_put_building(g, p, "size-3", "(1,4) (0,5) (1,6)");
  play_sponsor(g, p, 257);
  t_expect_copy(g, "sponsors.place", p);
  const ark_decision *d = ark_game_decision(g);
  const ark_building_def *def = &g->c->buildings[ark_content_find_building(g->c, "sponsor-257")];
  for (int i = 0; i < d->noptions; i++) {
    int cells[ARK_MAX_FOOTPRINT];
    int n = t_parse_cells(d->options[i], cells);
    assert_need(g, p, def, cells, n);
  }
  /* far from the size-3: the tile needs no neighbour */
  t_answer(g, "sponsor-257 at (8,3) (8,5)");
  t_turn_over(g, p);
  /* around it: a kiosk (8,1), an empty size-1 (7,2), an occupied size-1
  ** (7,6), a pavilion (8,7) */
  t_put_building(g, p, "kiosk", "(8,1)");
  t_put_building(g, p, "size-1", "(7,2)");
  t_put_animal(g, p, 486, t_put_building(g, p, "size-1", "(7,6)"));
  t_put_building(g, p, "pavilion", "(8,7)");
  /* ark.building_with finds the tile (its handler's way to it), the
  ** enclosure of an animal, and nothing for a card with no building */
  char chunk[1024], why[256];
  snprintf(chunk, sizeof chunk,
    "local p = ...\n"
    "local b = ark.building_with(p, %d)\n"
    "local t = b and ark.building(p, b)\n"
    "if not t or t.kind ~= 'unique' or t.card ~= %d then return 'tile: ' .. tostring(b) end\n"
    "local e = ark.building_with(p, %d)\n"
    "local u = e and ark.building(p, e)\n"
    "if not u or u.key ~= 'size-1' or u.card ~= %d then return 'animal: ' .. tostring(e) end\n"
    "if ark.building_with(p, %d) ~= nil then return 'card 401 has no building' end\n",
    t_card(g, 257), t_card(g, 257), t_card(g, 486), t_card(g, 486), t_card(g, 401));
  assert_string_equal(t_run_lua(g, chunk, p, why, sizeof why), "");
  ark_game *h[2] = { ark_game_clone(g), ark_game_clone(g) };
  run_break(g, p);
  /* appeal 0; the kiosk earns 1 (the side entrance; (7,2) is empty); the
  ** side entrance 3 x 2 */
  assert_int_equal(P(g, p)->money, MONEY + low_income(0) + 1 + 6);
  ark_game_free(g);
  /* end of game: every buildable space covered, then one left free */
  for (int left = 0; left <= 1; left++) {
    g = h[left];
    const ark_map_def *m = t_map_of(g, p);
    int skipped = 0;
    for (int c = 0; c < ARK_CELLS; c++)
      if (m->exists[c] && m->terrain[c] == ARK_TERRAIN_PLAIN && !P(g, p)->zoo_map.at[c]) {
        if (left && !skipped) { skipped = 1; continue; }
        char cell[16];
        snprintf(cell, sizeof cell, "(%d,%d)", ARK_CELL_X(c), ARK_CELL_Y(c));
        t_put_building(g, p, "size-1", cell);
      }
    run_final(g);
    assert_int_equal(P(g, p)->appeal, left ? 0 : 5);
    ark_game_free(g);
  }
}

/* 258, 259, 264, 260: counted on the map when played. */
static void test_natives(void **st) {
  (void)st;
  static const struct { int card; const char *cells; int appeal, cp; } cases[] = {
    /* water touching the size-3: (0,3) (2,7); 8 others: 4 CP */
    { 258, "(1,4) (0,5) (1,6)", 2, 4 },
    /* rock touching it: (5,8) (5,12); 7 others: 3 CP */
    { 259, "(4,9) (3,10) (4,11)", 2, 3 },
    /* bonus spaces touching it: (1,2); (2,5) is covered by a size-1 and
    ** no longer counts; 10 others: 5 CP */
    { 264, "(1,4) (0,5) (1,6)", 1, 5 },
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    ark_game *g = game();
    int p = t_cur(g);
    P(g, p)->appeal = 20;
    t_put_building(g, p, "size-3", cases[k].cells);
    if (cases[k].card == 264) t_put_building(g, p, "size-1", "(2,5)");
    P(g, p)->cp_bonus_done = 0;
    play_sponsor(g, p, cases[k].card);
    /* the conservation reaches 2 (and 5) as on_play's last call
    ** (native_species' last-call form): the rewards' choices are copies */
    t_expect_copy(g, "reward.cp2", p);
    t_answer(g, "gain a worker");
    if (cases[k].cp >= 5) {
      t_expect_copy(g, "reward.cp5", p);
      t_answer(g, "gain 5 money");
    }
    t_turn_over(g, p);
    assert_int_equal(P(g, p)->appeal, 20 + cases[k].appeal);
    assert_int_equal(P(g, p)->conservation, cases[k].cp);
    ark_game_free(g);
  }
  /* Native Farm Animals: the size-3 and size-1s on (3,6) (4,7) (4,9) split
  ** the free buildable spaces into areas of 23 and 10: 3 + 1 groups of 6;
  ** free border spaces touching a building: (0,7) and (4,11) */
  ark_game *g = game();
  int p = t_cur(g);
  t_put_building(g, p, "size-3", "(1,4) (0,5) (1,6)");
  t_put_building(g, p, "size-1", "(3,6)");
  t_put_building(g, p, "size-1", "(4,7)");
  t_put_building(g, p, "size-1", "(4,9)");
  play_sponsor(g, p, 260);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 2);
  assert_int_equal(P(g, p)->conservation, 4);
  ark_game_free(g);
  /* all four need appeal 25 at most */
  static const int natives[4] = { 258, 259, 260, 264 };
  for (int k = 0; k < 4; k++) {
    g = game();
    p = t_cur(g);
    P(g, p)->appeal = 26;
    t_give(g, p, natives[k]);
    t_give(g, p, 261);                     /* a sponsor without condition */
    t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
    ready(g, p);
    t_answer(g, "Sponsors I at strength 5");
    t_expect(g, "sponsors.card", p);
    assert_true(t_offered(g, "play Guided School Tours (261) (level 3)"));
    assert_int_equal(ark_game_decision(g)->noptions, 2);
    ark_game_free(g);
  }
}

/* native_species counts a filter of ark.count_cells (the printed cards'
** way) as it counts the function of a space that a fan card may give:
** for each seat at the turns of four random games, the three printed
** filters against count_connected with the functions they stand for. */
static const char *const NATIVES_AS_FUNCTIONS =
  "local p = ...\n"
  "local cases = {\n"
  "  { { terrain = 'water' }, function(c) return c.terrain == 'water' end },\n"
  "  { { terrain = 'rock' }, function(c) return c.terrain == 'rock' end },\n"
  "  { { bonus = true, building = false }, function(c) return c.bonus ~= nil and c.building == nil end },\n"
  "}\n"
  "for i, k in ipairs(cases) do\n"
  "  local near, far = { next_to_building = true }, { next_to_building = false }\n"
  "  for key, v in pairs(k[1]) do near[key], far[key] = v, v end\n"
  "  local c, u = count_connected(p, k[2])\n"
  "  local cc, cu = ark.count_cells(p, near), ark.count_cells(p, far)\n"
  "  if c ~= cc or u ~= cu then\n"
  "    return string.format('case %d, p %d: %d/%d by function, %d/%d by filter', i, p, c, u, cc, cu)\n"
  "  end\n"
  "end\n";

static void test_natives_filters_as_functions(void **st) {
  (void)st;
  assert_true(t_compare_four_games(NATIVES_AS_FUNCTIONS) > 100);
}

/* 261: printed 1 appeal 1 CP; end: 1 CP for 5 animal categories. */
static void test_guided_school_tours(void **st) {
  (void)st;
  static const int animals[5] = { 404, 428, 495, 486, 468 };  /* 5 categories */
  for (int n = 4; n <= 5; n++) {
    ark_game *g = game();
    int p = t_cur(g);
    play_sponsor(g, p, 261);
    t_turn_over(g, p);
    assert_int_equal(P(g, p)->appeal, 1);
    assert_int_equal(P(g, p)->conservation, 1);
    for (int i = 0; i < n; i++) t_zoo_add(g, p, animals[i]);
    run_final(g);
    assert_int_equal(P(g, p)->conservation, n == 5 ? 2 : 1);
    ark_game_free(g);
  }
}

/* 262: 2 money per continent/category kind when played; each new kind
** later gives 1 appeal and 2 money, partner zoos included. */
static void test_explorer(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g), q = other(p);
  t_zoo_add(g, p, 495);                    /* bird, africa */
  t_zoo_add(g, p, 486);                    /* reptile, europe */
  play_sponsor(g, p, 262);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->money, MONEY + 8);
  pass_turn(g, q);
  /* Cotton-Top Tamarin: primate and americas are new (4 appeal printed) */
  P(g, p)->universities = 1u << ARK_UNI_RESEARCH;
  t_put_building(g, p, "size-1", "(0,5)");
  play_animal(g, p, 468, 15);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 4 + 2);
  assert_int_equal(P(g, p)->money, MONEY + 8 - 15 + 4);
  pass_turn(g, q);
  /* a partner zoo in Asia: new; then one in Africa: already shown */
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 3);
  ready(g, p);
  t_answer(g, "Association I at strength 3");
  t_answer(g, "partner zoo (strength 3, 1 worker)");
  t_answer(g, "partner zoo asia");
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 7);
  assert_int_equal(P(g, p)->money, MONEY + 8 - 15 + 4 + 2);
  pass_turn(g, q);
  P(g, p)->workers = 3;                    /* 2 free: this task needs 2 now */
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 4);
  ready(g, p);
  t_answer(g, "Association I at strength 4");
  t_answer(g, "partner zoo (strength 3, 2 workers)");
  t_answer(g, "partner zoo africa");
  t_expect(g, "upgrade", p);               /* 2nd partner zoo */
  char up[64];
  snprintf(up, sizeof up, "%s", ark_game_decision(g)->options[0]);
  t_answer(g, up);
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 7);
  assert_int_equal(P(g, p)->money, MONEY + 8 - 15 + 4 + 2);
  ark_game_free(g);
}

/* 263: a free size-5 enclosure when played (optional); large animals may
** miss one condition, small ones may not. */
static void test_waza_large(void **st) {
  (void)st;
  /* without the card: Siberian Tiger needs 3 Asia icons */
  ark_game *g = game();
  int p = t_cur(g), q = other(p);
  t_put_building(g, p, "size-5", "(8,1) (8,3) (7,0) (7,2) (7,4)");
  t_give(g, p, 406);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  ready(g, p);
  assert_false(t_offered(g, "Animals I at strength 2"));
  ark_game_free(g);

  /* its conditions: Sponsors II and reputation 6 (Explorer: Sponsors II) */
  static const struct { int card, side2, rep, offered; } conds[] = {
    { 263, 0, 6, 0 }, { 263, 1, 5, 0 }, { 263, 1, 6, 1 }, { 262, 0, 1, 0 }, { 262, 1, 1, 1 },
  };
  for (int k = 0; k < 5; k++) {
    g = game();
    p = t_cur(g);
    P(g, p)->reputation = (int16_t)conds[k].rep;
    t_give(g, p, conds[k].card);
    t_give(g, p, 261);                     /* a sponsor without condition */
    t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
    if (conds[k].side2) t_upgrade(g, p, ARK_ACT_SPONSORS);
    ready(g, p);
    t_answerf(g, "Sponsors %s at strength 5", conds[k].side2 ? "II" : "I");
    t_expect(g, "sponsors.card", p);
    assert_true(t_offered(g, "play Guided School Tours (261) (level 3)"));
    char text[96];
    snprintf(text, sizeof text, "play %s (%d) (level 5)", g->c->cards[t_card(g, conds[k].card)].name,
             conds[k].card);
    assert_int_equal(t_offered(g, text), conds[k].offered);
    ark_game_free(g);
  }

  for (int take = 0; take <= 1; take++) {
    g = game();
    p = t_cur(g);
    q = other(p);
    P(g, p)->reputation = 6;
    play_sponsor(g, p, 263);
    t_expect_copy(g, "waza-large.enclosure", p);
    const ark_decision *d = ark_game_decision(g);
    assert_string_equal(d->options[d->noptions - 1], "no enclosure");
    if (!take) {
      t_answer(g, "no enclosure");
      t_turn_over(g, p);
      assert_int_equal(P(g, p)->zoo_map.nb, 0);
      ark_game_free(g);
      continue;
    }
    answer_plain_place(g);
    t_turn_over(g, p);
    assert_int_equal(P(g, p)->zoo_map.nb, 1);
    assert_string_equal(g->c->buildings[P(g, p)->zoo_map.b[0].def].key, "size-5");
    assert_int_equal(P(g, p)->money, MONEY);
    pass_turn(g, q);
    /* Siberian Tiger (large, asks for 3 Asia icons, each a condition) is
    ** playable with 2 in the zoo, one missing, and not with 1;
    ** Cotton-Top Tamarin (small, research icons missing) not at all */
    const ark_map_def *m = t_map_of(g, p);
    for (int c = 0; c < ARK_CELLS; c++)
      if (m->exists[c] && m->terrain[c] == ARK_TERRAIN_PLAIN && !P(g, p)->zoo_map.at[c]) {
        char cell[16];
        snprintf(cell, sizeof cell, "(%d,%d)", ARK_CELL_X(c), ARK_CELL_Y(c));
        t_put_building(g, p, "size-1", cell);
        break;
      }
    t_give(g, p, 468);
    t_give(g, p, 406);
    t_zoo_add(g, p, 407);                  /* Sumatran Tiger: 1 Asia icon */
    t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
    ready(g, p);
    assert_false(t_offered(g, "Animals I at strength 2"));   /* 2 missing */
    t_zoo_add(g, p, 433);                  /* Giant Panda: the second */
    ready(g, p);
    /* one candidate only: the tiger goes in without a question */
    t_answer(g, "Animals I at strength 2");
    t_turn_over(g, p);
    assert_true(t_in_zoo(g, p, 406));
    assert_true(t_in_hand(g, p, 468));
    assert_int_equal(P(g, p)->money, MONEY - 30);
    ark_game_free(g);
  }
}

/* Several sponsors react to one animal: p's Penguin Pool (+2 appeal),
** Barred Owl Hut (draw 2 keep 1), Explorer (Africa is new: +1 appeal, +2
** money; bird is not), and the opponent's Ornithologist (+3 money); p's
** cards first, in play order, then the opponent's. */
static void test_interaction(void **st) {
  (void)st;
  ark_game *g = game();
  int p = t_cur(g), q = other(p);
  t_zoo_add(g, p, 244);
  t_zoo_add(g, p, 249);
  t_zoo_add(g, p, 262);
  t_zoo_add(g, q, 238);
  t_stack_deck(g, (const int[]){ 417, 418 }, 2);
  t_put_building(g, p, "size-4", "(8,1) (8,3) (7,2) (7,4)");
  play_animal(g, p, 495, 14);              /* Secretary Bird: 4 appeal 1 CP */
  t_expect(g, "perception.keep", p);
  assert_int_equal(P(g, p)->appeal, 4 + 2);         /* Penguin Pool came first */
  assert_int_equal(P(g, q)->money, MONEY);          /* the opponent reacts last */
  t_answer(g, "keep Wolf (417)");
  t_turn_over(g, p);
  assert_int_equal(P(g, p)->appeal, 4 + 2 + 1);
  assert_int_equal(P(g, p)->money, MONEY - 14 + 2);
  assert_int_equal(P(g, p)->conservation, 1);
  assert_true(t_in_hand(g, p, 417));
  assert_true(t_in_discard(g, 418));
  assert_int_equal(P(g, q)->money, MONEY + 3);
  ark_game_free(g);
}

/* The scripts stay quiet in random games (and never stop). */
static void test_random_games(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    ark_game *g = t_new_game(2 + (int)(seed % 3), seed, seed % 2 ? "0" : "A");
    assert_int_equal(t_play_random(g, seed * 7919, 1), ARK_END);
    assert_false(ark_game_script_stopped(g));
    ark_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_sponsorships),
    cmocka_unit_test(test_experts_any_zoo),
    cmocka_unit_test(test_hydrologist),
    cmocka_unit_test(test_geologist),
    cmocka_unit_test(test_unique_buildings_placed),
    cmocka_unit_test(test_unique_needs_refused),
    cmocka_unit_test(test_unique_kiosk_income),
    cmocka_unit_test(test_icon_houses),
    cmocka_unit_test(test_rhesus_owl_turtle),
    cmocka_unit_test(test_turtle_own_icon),
    cmocka_unit_test(test_polar_bear),
    cmocka_unit_test(test_hyena),
    cmocka_unit_test(test_okapi),
    cmocka_unit_test(test_zoo_school),
    cmocka_unit_test(test_side_entrance),
    cmocka_unit_test(test_natives),
    cmocka_unit_test(test_natives_filters_as_functions),
    cmocka_unit_test(test_guided_school_tours),
    cmocka_unit_test(test_explorer),
    cmocka_unit_test(test_waza_large),
    cmocka_unit_test(test_interaction),
    cmocka_unit_test(test_random_games),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
