/*
** test_maps.c - the zoo maps with abilities (rules: "Maps with abilities"),
** the map choice of advanced mode (rules: "Setup") and fan maps loaded from
** a folder of their own.
**
** Technique as in test_rules.c: a game runs to its first turn, the state is
** edited by hand (buildings placed without the rules, cards moved), the
** step is run again (t_restart) and the test answers as a player would.
** Buildings whose placement matters to an ability are built through the
** Build action, so the ability sees them placed.  Expected numbers come
** from the rules and the printed cards, never from the engine.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "support.h"
#include "map.h"
#include "track.h"
#include "zone.h"

#define SEED 11

/* ---- helpers ------------------------------------------------------------ */

/* A game on `map` at its first turn, track rewards claimed, no X tokens
** (t_game). */
static ark_game *game_on(const char *map, int players) { return t_game(players, SEED, map); }

/* Answers `text` if the pending decision is `tag`: a choice with a single
** option is taken at once and never asked (docs/design.md). */
static void answer_if_asked(ark_game *g, const char *tag, const char *text) {
  if (!strcmp(t_tag(g), tag)) t_answer(g, text);
}

/* Makes it p's turn from the edited state; turn_start has run when this
** returns (map 4 may ask first). */
static void own_turn(ark_game *g, int p) {
  g->s.cur = (uint8_t)p;
  t_restart(g);
  ark_game_process(g);
}

/* Project `number` enters the first slot of the row above the board. */
static void put_project(ark_game *g, int number) {
  int id = t_take_out(g, number);
  g->s.row[0].card = (int16_t)id;
  memset(g->s.row[0].owner, -1, sizeof g->s.row[0].owner);
}

/* p fills the break track with Sponsors at strength 2 (money alternative:
** +2 money) and the break follows; hands are emptied so that the break
** asks nothing.  Returns when the next player's action is asked. */
static void break_turn(ark_game *g, int p) {
  for (int i = 0; i < g->s.nplayers; i++) t_clear_hand(g, i);
  t_set_slot(g, p, ARK_ACT_SPONSORS, 2);
  g->s.break_pos = (uint8_t)(g->s.break_len - 2);
  own_turn(g, p);
  t_answer(g, "Sponsors I at strength 2");
  t_expect(g, "action", (p + 1) % g->s.nplayers);
  assert_int_equal(g->s.break_pos, 0);          /* the break happened */
}

/* ---- map 1: Observation Tower ------------------------------------------- */

/* Tower space (1,6).  An animal flipping the enclosure at (1,8), which
** touches it, gives 2 appeal; after a release and a new animal, 2 again;
** the enclosure at (3,8) and a reptile house touching the tower give none. */
static void test_observation_tower(void **st) {
  (void)st;
  ark_game *g = game_on("1", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  int near = t_put_building(g, p, "size-1", "(1,8)");
  int far = t_put_building(g, p, "size-1", "(3,8)");
  int house = t_put_building(g, p, "reptile-house", "(2,3) (2,5) (3,2) (3,4) (4,3)");
  pl->money = 25;
  int a0 = pl->appeal;

  /* Common Wall Lizard: 4 money, size 1, 1 rock (the tower is rock), 2 appeal */
  t_give(g, p, 486);
  own_turn(g, p);
  t_answer(g, "Animals I at strength 2");
  t_answer(g, "into size-1 #0");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 486), near);
  assert_int_equal(pl->appeal, a0 + 2 + 2);
  assert_int_equal(pl->money, 25 - 4);

  /* release it for Bavarian Forest (Europe, level 3: size 1-2): its 2
  ** appeal leave, the tower's 2 stay; the edge gives 12 money */
  put_project(g, 113);
  own_turn(g, p);
  t_answer(g, "Association I at strength 5");
  t_answer(g, "project (strength 5, 1 worker)");
  answer_if_asked(g, "project.support",
                  "support Bavarian Forest National Park (113) level 3 (3 CP + 1 reputation)");
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 486), -2);
  assert_int_equal(pl->zoo_map.b[near].used, 0);
  assert_int_equal(pl->appeal, a0 + 4 - 2);
  assert_int_equal(pl->money, 21 + 12);

  /* Thorny Devil (6 money, size 1, 1 rock, 3 appeal) into the same enclosure */
  t_give(g, p, 493);
  own_turn(g, p);
  t_answer(g, "Animals I at strength 2");
  t_answer(g, "into size-1 #0");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 493), near);
  assert_int_equal(pl->appeal, a0 + 2 + 3 + 2);
  assert_int_equal(pl->money, 33 - 6);

  /* European Pond Turtle (9 money, 4 appeal) into the reptile house that
  ** touches the tower: a special enclosure, no tower appeal */
  t_give(g, p, 484);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  own_turn(g, p);
  t_answer(g, "Animals I at strength 2");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 484), house);
  assert_int_equal(pl->appeal, a0 + 7 + 4);
  assert_int_equal(pl->money, 27 - 9);

  /* the lizard again, into the enclosure away from the tower: 2 appeal only
  ** (the reptile house is offered too: a small reptile takes no room there) */
  t_give(g, p, 486);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  own_turn(g, p);
  t_answer(g, "Animals I at strength 2");
  assert_true(t_offered(g, "into reptile-house #2"));
  t_answer(g, "into size-1 #1");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 486), far);
  assert_int_equal(pl->appeal, a0 + 11 + 2);
  assert_int_equal(pl->money, 18 - 4);
  ark_game_free(g);
}

/* ---- map 2: Outdoor Areas ----------------------------------------------- */

/* Outdoor space (5,8).  A size-1 enclosure built at (4,7) touches it and
** counts as size 3: the Red Deer (size 3) moves in, the Secretary Bird
** (size 4) does not; before it, a size-1 enclosure at (1,6) took neither. */
static void test_outdoor_areas_fit(void **st) {
  (void)st;
  ark_game *g = game_on("2", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 3);
  t_put_building(g, p, "kiosk", "(4,5)");
  int plain = t_put_building(g, p, "size-1", "(1,6)");
  t_give(g, p, 443);          /* Red Deer: 12 money, size 3, 5 appeal */
  t_give(g, p, 495);          /* Secretary Bird: 14 money, size 4 */
  pl->money = 25;
  int a0 = pl->appeal;
  own_turn(g, p);
  assert_false(t_offered(g, "Animals I at strength 3"));  /* nothing fits yet */
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (4,7)");                     /* X-token bonus there */
  t_turn_over(g, p);
  int outdoor = pl->zoo_map.nb - 1;
  assert_int_equal(pl->zoo_map.b[outdoor].ncells, 1);
  assert_int_equal(pl->zoo_map.b[outdoor].extra, 2);
  assert_int_equal(pl->zoo_map.b[plain].extra, 0);
  assert_int_equal(pl->money, 25 - 2);
  assert_int_equal(pl->xtokens, 1);

  own_turn(g, p);
  t_answer(g, "Animals I at strength 3");  /* the deer is the only candidate */
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 443), outdoor);
  assert_true(t_in_hand(g, p, 495));
  assert_int_equal(pl->money, 23 - 12);
  assert_int_equal(pl->appeal, a0 + 5);
  ark_game_free(g);
}

/* Release: the Slow Worm (size 1, Europe) in an enclosure counting 3 may go
** back to the wild for level 2 (size 3) of Bavarian Forest as well as for
** level 3 (size 1-2); in a plain size-1 enclosure only for level 3. */
static void test_outdoor_areas_release(void **st) {
  (void)st;
  for (int outdoor = 0; outdoor <= 1; outdoor++) {
    ark_game *g = game_on("2", 2);
    int p = g->s.cur;
    ark_player *pl = &g->s.p[p];
    t_clear_hand(g, p);
    t_set_slot(g, p, ARK_ACT_BUILD, 2);
    t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
    t_put_building(g, p, "kiosk", "(4,5)");
    own_turn(g, p);
    t_answer(g, "Build I at strength 2");
    t_answer(g, "build size-1 (2 money)");
    t_answer(g, outdoor ? "size-1 at (4,7)" : "size-1 at (3,4)");
    t_turn_over(g, p);
    int b = pl->zoo_map.nb - 1;
    assert_int_equal(pl->zoo_map.b[b].extra, outdoor ? 2 : 0);
    t_put_animal(g, p, 488, b);
    put_project(g, 113);
    int cp = pl->conservation;
    own_turn(g, p);
    t_answer(g, "Association I at strength 5");
    t_answer(g, "project (strength 5, 1 worker)");
    if (outdoor) {
      const char *lv2 = "support Bavarian Forest National Park (113) level 2 (4 CP + 1 reputation)";
      assert_false(t_offered(g, "support Bavarian Forest National Park (113) level 1 "
                          "(5 CP + 1 reputation)"));
      assert_true(t_offered(g, lv2));
      assert_true(t_offered(g, "support Bavarian Forest National Park (113) level 3 "
                         "(3 CP + 1 reputation)"));
      t_answer(g, lv2);
    } else {
      /* level 3 was the only choice, taken at once (its 3 CP are checked below) */
      assert_string_equal(t_tag(g), "project.edge");
    }
    t_answer(g, "edge bonus: money 12");
    t_turn_over(g, p);
    assert_int_equal(t_building_of(g, p, 488), -2);
    assert_int_equal(pl->zoo_map.b[b].used, 0);
    assert_int_equal(pl->conservation, cp + (outdoor ? 4 : 3));
    ark_game_free(g);
  }
}

/* ---- map 4: Commercial Harbour ------------------------------------------ */

/* Harbour beside (0,11).  Not connected: nothing offered.  Connected: at
** the start of the turn, one hand card for 3 money; then not again at the
** end of that turn.  Declined at the start: offered at the end.  Each
** offer is a copy for the AIs, and "used" is in the state (the map's
** memo), so the turn's later decisions are copies too. */
static void test_commercial_harbour(void **st) {
  (void)st;
  ark_game *g = game_on("4", 2);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_give(g, p, 486);
  t_give(g, p, 493);
  pl->money = 10;
  own_turn(g, p);
  assert_string_equal(t_tag(g), "action");           /* not connected */
  t_put_building(g, p, "size-1", "(1,10)");           /* next to (0,11), not on it */
  own_turn(g, p);
  assert_string_equal(t_tag(g), "action");

  t_put_building(g, p, "kiosk", "(0,11)");
  own_turn(g, p);
  t_expect_copy(g, "map.harbour", p);
  assert_true(t_offered(g, "sell Common Wall Lizard (486) for 3 money"));
  assert_true(t_offered(g, "sell Thorny Devil (493) for 3 money"));
  t_answer(g, "sell Common Wall Lizard (486) for 3 money");
  assert_int_equal(pl->money, 10 + 3);
  assert_false(t_in_hand(g, p, 486));
  assert_true(t_in_list(g->s.discard, g->s.ndiscard, t_card(g, 486)));
  t_expect_copy(g, "action", p);
  t_answer(g, "X-token action: Build to slot 1");
  t_turn_over(g, p);                                  /* no second sale */
  assert_int_equal(pl->money, 13);
  assert_int_equal(pl->nhand, 1);

  /* q's turn: p is never asked (q's harbour is not connected) */
  assert_int_equal(ark_game_decision(g)->player, q);

  own_turn(g, p);
  t_expect_copy(g, "map.harbour", p);
  t_answer(g, "keep your cards");
  t_answer(g, "X-token action: Cards to slot 1");
  t_expect_copy(g, "map.harbour", p);                      /* the end of the turn */
  t_answer(g, "sell Thorny Devil (493) for 3 money");
  t_turn_over(g, p);
  assert_int_equal(pl->money, 13 + 3);
  assert_int_equal(pl->nhand, 0);
  ark_game_free(g);
}

/* ---- map 5: Park Restaurant --------------------------------------------- */

/* Restaurant (4,5).  Around it: an empty size-2 enclosure on (3,4) (3,6)
** and a pavilion on (5,4): 3 covered spaces, 3 money at the break; a
** size-1 enclosure on (0,9) is far away.  Appeal 10 pays 13 (6-17: 11 +
** (10 - 6) / 2); no kiosks, no edge bonuses. */
static void test_park_restaurant(void **st) {
  (void)st;
  ark_game *g = game_on("5", 2);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_put_building(g, p, "size-2", "(3,4) (3,6)");
  t_put_building(g, p, "pavilion", "(5,4)");
  t_put_building(g, p, "size-1", "(0,9)");
  t_put_building(g, q, "size-1", "(0,9)");            /* q: none around */
  pl->appeal = 10;
  g->s.p[q].appeal = 10;
  pl->money = 0;
  g->s.p[q].money = 0;
  break_turn(g, p);
  assert_int_equal(pl->money, 2 + 13 + 3);
  assert_int_equal(g->s.p[q].money, 13);
  ark_game_free(g);
}

/* The map edge's special-enclosure token: a free reptile house or large
** bird aviary without the upgraded Build action, at no cost. */
static void test_park_restaurant_special_bonus(void **st) {
  (void)st;
  ark_game *g = game_on("5", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  int b = t_put_building(g, p, "size-1", "(3,0)");
  t_put_animal(g, p, 486, b);               /* Europe, size 1 */
  put_project(g, 113);
  pl->money = 7;
  int nb = pl->zoo_map.nb;
  own_turn(g, p);
  t_answer(g, "Association I at strength 5");
  t_answer(g, "project (strength 5, 1 worker)");
  answer_if_asked(g, "project.support",
                  "support Bavarian Forest National Park (113) level 3 (3 CP + 1 reputation)");
  t_answer(g, "edge bonus: special-enclosure 1");
  t_expect_copy(g, "map.special", p);
  /* a reptile house (which the Build action places only on side II) is
  ** offered; "no building" declines */
  const ark_decision *d = ark_game_decision(g);
  assert_string_equal(d->options[d->noptions - 1], "no building");
  char pick[128] = "";
  for (int i = 0; i < d->noptions && !pick[0]; i++)
    if (!strncmp(d->options[i], "reptile-house at ", 17))
      snprintf(pick, sizeof pick, "%s", d->options[i]);
  assert_true(pick[0] != '\0');
  t_answer(g, pick);
  /* it covers (4,1), whose Clever bonus moves an action card to slot 1,
  ** and (6,3), whose card bonus takes a card */
  t_expect_copy(g, "bonus.clever", p);
  snprintf(pick, sizeof pick, "%s", ark_game_decision(g)->options[0]);
  t_answer(g, pick);
  t_expect(g, "card.take", p);
  t_answer(g, "draw from the deck");
  t_turn_over(g, p);
  assert_int_equal(pl->zoo_map.nb, nb + 1);
  assert_string_equal(g->c->buildings[pl->zoo_map.b[nb].def].key, "reptile-house");
  assert_int_equal(pl->special_built & 2, 2);
  assert_int_equal(pl->money, 7);
  assert_int_equal(pl->upgraded & (1 << ARK_ACT_BUILD), 0);
  ark_game_free(g);
}

/* ---- map 6: Research Institute ------------------------------------------ */

/* Institute beside (0,11).  Cotton-Top Tamarin lacks one condition (2
** science icons): unplayable before the institute is connected, playable
** after.  King Cobra lacks two (2 science, Animals II) and European Pond
** Turtle its water space: both stay unplayable. */
static void test_research_institute(void **st) {
  (void)st;
  ark_game *g = game_on("6", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  t_put_building(g, p, "size-2", "(0,7) (0,9)");     /* no water next to it */
  t_give(g, p, 468);          /* Cotton-Top Tamarin: 15 money, size 1, 4 appeal, 1 CP, 1 rep */
  t_give(g, p, 475);          /* King Cobra: science x2 and Animals II */
  t_give(g, p, 484);          /* European Pond Turtle: needs 1 water space */
  pl->money = 25;
  int a0 = pl->appeal, cp0 = pl->conservation, rep0 = pl->reputation;
  own_turn(g, p);
  assert_false(t_offered(g, "Animals I at strength 2"));
  t_answer(g, "Build I at strength 3");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (0,11)");                    /* connects the institute */
  t_turn_over(g, p);
  assert_int_equal(pl->money, 23);

  /* the tamarin asks for 2 science icons, each a condition: with none it
  ** misses 2, more than the institute forgives; with the reputation
  ** university's one it misses 1 */
  own_turn(g, p);
  assert_false(t_offered(g, "Animals I at strength 3"));
  pl->universities = 1u << ARK_UNI_REPUTATION;
  t_ready(g);
  t_answer(g, "Animals I at strength 3");
  /* the tamarin is the only candidate: the next question is where it goes */
  t_expect(g, "animals.enclosure", p);
  t_answer(g, "into size-1 #1");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 468), 1);
  assert_true(t_in_hand(g, p, 475));
  assert_true(t_in_hand(g, p, 484));
  assert_int_equal(pl->money, 23 - 15);
  assert_int_equal(pl->appeal, a0 + 4);
  assert_int_equal(pl->conservation, cp0 + 1);
  assert_int_equal(pl->reputation, rep0 + 1);

  /* the turtle gets a water space: then it is playable (its only lack was water) */
  pl->money = 25;
  int w = t_put_building(g, p, "size-1", "(6,9)");    /* (5,10) is water */
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  own_turn(g, p);
  t_answer(g, "Animals I at strength 2");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 484), w);
  assert_true(t_in_hand(g, p, 475));
  ark_game_free(g);
}

/* ---- map 7: Ice Cream Parlors ------------------------------------------- */

/* Kiosk spaces (1,2) (5,4) (5,10).  Three kiosks standing alone, two of the
** spaces covered: no extra money.  Once (5,10) is covered: 3 extra. */
static void test_ice_cream_parlors(void **st) {
  (void)st;
  ark_game *g = game_on("7", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_put_building(g, p, "kiosk", "(1,2)");
  t_put_building(g, p, "kiosk", "(5,4)");
  t_put_building(g, p, "kiosk", "(8,7)");
  pl->appeal = 10;                                    /* income 13 */
  pl->money = 0;
  break_turn(g, p);
  assert_int_equal(pl->money, 2 + 13);

  t_put_building(g, p, "size-1", "(5,10)");           /* empty: no kiosk income */
  pl->money = 0;
  break_turn(g, p);
  assert_int_equal(pl->money, 2 + 13 + 3);
  ark_game_free(g);
}

/* The edge's Pouch 2 (slot 4, recurring) pays at every break: up to two
** hand cards go under the map, 2 appeal each; each question is a copy for
** the AIs (the map's then_tuck waits in the state), and "stop tucking"
** ends it. */
static void test_ice_cream_pouch(void **st) {
  (void)st;
  ark_game *g = game_on("7", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  for (int i = 0; i < g->s.nplayers; i++) t_clear_hand(g, i);
  t_give(g, p, 401);
  t_give(g, p, 402);
  t_give(g, p, 403);
  pl->edge_taken = 1 << 3;
  pl->appeal = 10;
  t_set_slot(g, p, ARK_ACT_SPONSORS, 2);
  g->s.break_pos = (uint8_t)(g->s.break_len - 2);
  own_turn(g, p);
  t_answer(g, "Sponsors I at strength 2");
  t_expect_copy(g, "map.pouch", p);
  assert_true(ark_game_decision(g)->secret);     /* hand cards: its seat's alone */
  assert_int_equal(t_noptions(g), 4);             /* three cards and "stop tucking" */
  t_answer(g, "tuck Lion (402)");
  t_expect_copy(g, "map.pouch", p);
  t_answer(g, "stop tucking");
  t_expect(g, "action", (p + 1) % g->s.nplayers);
  assert_int_equal(pl->appeal, 12);
  assert_int_equal(pl->nhand, 2);
  assert_false(t_in_hand(g, p, 402));
  ark_game_free(g);
}

/* A Clever placement bonus reached by the Build action, (7,6) on map 7:
** the move is a copy for the AIs, the rest of the action kept. */
static void test_clever_bonus_in_build(void **st) {
  (void)st;
  ark_game *g = game_on("7", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_put_building(g, p, "size-1", "(8,7)");           /* (7,6) touches it */
  pl->money = 25;
  own_turn(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (7,6)");
  t_expect_copy(g, "bonus.clever", p);
  t_answer(g, "Sponsors (slot 4)");
  t_turn_over(g, p);
  assert_int_equal(pl->slot[0], ARK_ACT_BUILD);        /* used: to slot 1 */
  assert_int_equal(pl->slot[1], ARK_ACT_SPONSORS);
  assert_int_equal(pl->money, 25 - 2);
  ark_game_free(g);
}

/* ---- map 8: Hollywood Hills --------------------------------------------- */

/* H spaces (1,10) (4,11) (6,9).  Building on (1,10) reveals the deck's
** top cards until the Science Institute (sponsor): it goes to hand, the
** two animals above it to the discard pile.  With all three H covered the
** Science Institute (level 3) counts as level 2. */
static void test_hollywood_hills(void **st) {
  (void)st;
  ark_game *g = game_on("8", 2);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  ark_state *s = &g->s;
  t_clear_hand(g, p);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_set_slot(g, p, ARK_ACT_SPONSORS, 3);
  t_put_building(g, p, "kiosk", "(1,8)");
  /* the deck's top, from the top: Thorny Devil, Slow Worm, Science Institute */
  int order[3] = { 223, 488, 493 };
  for (int i = 0; i < 3; i++) {
    t_give(g, p, order[i]);
    ark_zone_hand_remove(g, p, t_card(g, order[i]));
    s->deck[s->ndeck++] = (int16_t)t_card(g, order[i]);
  }
  int deck = s->ndeck, discard = s->ndiscard;
  pl->money = 25;
  own_turn(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (1,10)");
  t_turn_over(g, p);
  assert_int_equal(pl->nhand, 1);
  assert_true(t_in_hand(g, p, 223));
  assert_int_equal(s->ndeck, deck - 3);
  assert_int_equal(s->ndiscard, discard + 2);
  assert_true(t_in_list(s->discard, s->ndiscard, t_card(g, 488)));
  assert_true(t_in_list(s->discard, s->ndiscard, t_card(g, 493)));

  /* two of three H covered: level 3 is too high for Sponsors at strength 2,
  ** whose only choice left is the money (taken at once) */
  t_put_building(g, p, "size-1", "(4,11)");
  t_set_slot(g, p, ARK_ACT_SPONSORS, 2);
  int money = pl->money;
  own_turn(g, p);
  t_answer(g, "Sponsors I at strength 2");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 223));
  assert_int_equal(pl->money, money + 2);

  /* the third: level 2 now */
  t_put_building(g, p, "size-1", "(6,9)");
  t_set_slot(g, p, ARK_ACT_SPONSORS, 2);
  own_turn(g, p);
  t_answer(g, "Sponsors I at strength 2");
  assert_false(t_offered(g, "play Science Institute (223) (level 3)"));
  t_answer(g, "play Science Institute (223) (level 2)");
  t_turn_over(g, p);
  assert_int_equal(ark_zone_zoo_find(g, p, t_card(g, 223)) >= 0, 1);
  assert_int_equal(pl->icons[ARK_ICON_SCIENCE], 2);
  ark_game_free(g);
}

/* ---- advanced mode -------------------------------------------------------- */

static void copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
  assert_non_null(in);
  assert_non_null(out);
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0) assert_int_equal(fwrite(buf, 1, n, out), n);
  fclose(in);
  fclose(out);
}

/* Each player is dealt 2 of the maps 1-8, no map twice, and keeps one
** through a decision; then the draft starts. */
static void test_advanced_deal(void **st) {
  (void)st;
  for (int players = 2; players <= 4; players++) {
    ark_game *g = t_new_game(players, SEED + (uint64_t)players, "advanced");
    int seen[ARK_MAX_PLAYERS] = { 0 };
    char offered[8][64];
    int noffered = 0;
    for (int k = 0; k < players; k++) {
      t_expect(g, "map.choose", -1);
      const ark_decision *d = ark_game_decision(g);
      assert_int_equal(d->player, (g->s.start_player + k) % players);
      assert_false(seen[d->player]);
      seen[d->player] = 1;
      assert_int_equal(d->noptions, 2);
      for (int i = 0; i < 2; i++) {
        assert_true(!strncmp(d->options[i], "keep map ", 9));
        char id = d->options[i][9];
        assert_true(id >= '1' && id <= '8');
        assert_true(d->options[i][10] == ' ');        /* a front side, not "1a" */
        for (int j = 0; j < noffered; j++) assert_string_not_equal(offered[j], d->options[i]);
        snprintf(offered[noffered++], sizeof offered[0], "%s", d->options[i]);
      }
      int who = d->player;
      char want[2] = { d->options[1][9], 0 };
      t_answer(g, d->options[1]);
      assert_string_equal(g->c->maps[g->s.p[who].map].id, want);
    }
    t_expect(g, "card.discard", -1);             /* the opening draft */
    ark_game_free(g);
  }
}

/* Start buildings come with the map a player keeps.  A data folder whose
** map 1 has a kiosk standing on (0,1): only its keeper has it. */
static void test_advanced_start_buildings(void **st) {
  (void)st;
  char root[256], maps[300], cards[300], from[1024], to[1024];
  snprintf(root, sizeof root, "/tmp/ark_test_maps_%d", (int)getpid());
  snprintf(maps, sizeof maps, "%s/maps", root);
  snprintf(cards, sizeof cards, "%s/cards", root);
  mkdir(root, 0700);
  mkdir(maps, 0700);
  unlink(cards);
  assert_int_equal(symlink(ARK_GAME_DIR "/cards", cards), 0);
  static const char *const names[] = { "buildings.yaml", "1-observation-tower",
    "2-outdoor-areas", "3-silver-lake", "4-commercial-harbor", "5-park-restaurant",
    "6-research-institute", "7-ice-cream-parlors", "8-hollywood-hills", NULL };
  for (int i = 0; names[i]; i++) {
    const char *ext[2] = { ".yaml", ".lua" };
    for (int e = 0; e < (i == 0 ? 1 : 2); e++) {
      snprintf(from, sizeof from, "%s/maps/%s%s", ARK_GAME_DIR, names[i], i ? ext[e] : "");
      snprintf(to, sizeof to, "%s/%s%s", maps, names[i], i ? ext[e] : "");
      copy_file(from, to);
    }
  }
  /* map 1 with a kiosk already built on (0,1) */
  snprintf(to, sizeof to, "%s/1-observation-tower.yaml", maps);
  FILE *f = fopen(to, "r+");
  assert_non_null(f);
  char text[16384];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  char *sb = strstr(text, "start_buildings: []");
  assert_non_null(sb);
  char fixed[16384];
  snprintf(fixed, sizeof fixed, "%.*sstart_buildings:\n  - {type: kiosk, cells: [[0, 1]]}%s",
           (int)(sb - text), text, sb + strlen("start_buildings: []"));
  fclose(f);
  f = fopen(to, "w");
  fputs(fixed, f);
  fclose(f);

  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  ark_config_init(&cfg);
  cfg.players = 4;                   /* all eight maps are dealt */
  cfg.seed = 5;
  cfg.map = "advanced";
  cfg.data_dir = root;
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  int keeper = -1;
  for (int k = 0; k < 4; k++) {
    t_expect(g, "map.choose", -1);
    const ark_decision *d = ark_game_decision(g);
    int who = d->player, pick = 0;
    for (int i = 0; i < d->noptions; i++)
      if (!strncmp(d->options[i], "keep map 1 ", 11)) { pick = i; keeper = who; }
    t_answer(g, d->options[pick]);
  }
  assert_true(keeper >= 0);
  for (int p = 0; p < 4; p++) {
    const ark_zoo *z = &g->s.p[p].zoo_map;
    if (p == keeper) {
      assert_string_equal(g->c->maps[g->s.p[p].map].id, "1");
      assert_int_equal(z->nb, 1);
      assert_string_equal(g->c->buildings[z->b[0].def].key, "kiosk");
      assert_int_equal(z->at[ARK_CELL(0, 1)], 1);
    } else {
      assert_int_equal(z->nb, 0);
    }
  }
  assert_int_equal(t_play_random(g, 77, 1), ARK_END);
  ark_game_free(g);
  unlink(cards);
  for (int i = 0; names[i]; i++) {
    snprintf(to, sizeof to, "%s/%s%s", maps, names[i], i ? ".yaml" : "");
    unlink(to);
    snprintf(to, sizeof to, "%s/%s.lua", maps, names[i]);
    unlink(to);
  }
  rmdir(maps);
  rmdir(root);
}

/* ---- fan maps --------------------------------------------------------------- */

/* A fan map written to a folder of its own: every cell of the 9x13 grid
** with x + y odd, a pond and a ridge; a lookout at (4,7): each building
** placed next to it gives 1 appeal.  own: more YAML before its placement
** bonuses (a map's own bonus names), more_bonuses more of them, handler a
** further handler of its script (or ""). */
static void write_fan_map_with(const char *dir, const char *own, const char *more_bonuses,
                               const char *handler) {
  char yaml[8192], lua[2048];
  size_t n = 0;
  n += (size_t)snprintf(yaml + n, sizeof yaml - n,
    "id: T1\nname: Lookout Test\nside: front\nprovenance: test\n"
    "ability: \"Buildings next to the lookout give 1 appeal.\"\n%scells: [\n", own);
  for (int x = 0; x < 9; x++)
    for (int y = 0; y < 13; y++) {
      if ((x + y) % 2 == 0) continue;
      const char *t = (x == 4 && y == 7) ? "rock"
                    : (x == 7 && (y == 4 || y == 6)) ? "water"
                    : (x == 1 && y == 2) ? "rock" : "plain";
      n += (size_t)snprintf(yaml + n, sizeof yaml - n, "  [%d, %d, %s],\n", x, y, t);
    }
  n += (size_t)snprintf(yaml + n, sizeof yaml - n,
    "]\nbuild2: [[4, 1]]\n"
    "placement_bonuses:\n  - {at: [0, 5], bonus: money, value: 3}\n%s"
    "edge:\n"
    "  - {bonus: money, value: 5, recurring: true}\n"
    "  - {bonus: xtoken, value: 1, recurring: true}\n"
    "  - {bonus: reputation, value: 1}\n"
    "  - {bonus: card, value: 1}\n"
    "  - {bonus: worker, value: 1}\n"
    "  - {bonus: money, value: 10}\n"
    "  - {bonus: appeal, value: 3}\n"
    "start_buildings: []\n"
    "features:\n  - {kind: lookout, at: [4, 7], off_board: false, note: test}\n"
    "doubts: []\n", more_bonuses);
  t_write_file(dir, "T1-lookout.yaml", yaml);
  snprintf(lua, sizeof lua,
    "local map = {}\n"
    "function map.building_placed(owner, _, p, b)\n"
    "  if owner ~= p then return end\n"
    "  for _, f in ipairs(ark.map_features(p, \"lookout\")) do\n"
    "    if ark.map_touches(p, b, f.x, f.y) then gain(p, \"appeal\", 1) end\n"
    "  end\n"
    "end\n"
    "%s"
    "return map\n", handler);
  t_write_file(dir, "T1-lookout.lua", lua);
}

static void write_fan_map(const char *dir) { write_fan_map_with(dir, "", "", ""); }

/* A game on the fan map T1 of folder dir. */
static ark_game *fan_map_game(const char *dir) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  ark_config_init(&cfg);
  cfg.seed = SEED;
  cfg.map = "T1";
  cfg.data_dir = ARK_GAME_DIR;
  cfg.map_dirs[0] = dir;
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  return g;
}

/* dir: a folder of this process for a test's fan map, made. */
static void fan_dir(char *dir, size_t n, const char *tag) {
  snprintf(dir, n, "/tmp/ark_test_%s_%d", tag, (int)getpid());
  mkdir(dir, 0700);
}

/* Removes the folder write_fan_map_with wrote. */
static void remove_fan_map(const char *dir) {
  char path[512];
  snprintf(path, sizeof path, "%s/T1-lookout.yaml", dir);
  unlink(path);
  snprintf(path, sizeof path, "%s/T1-lookout.lua", dir);
  unlink(path);
  rmdir(dir);
}

static void test_fan_map_outside_tree(void **st) {
  (void)st;
  char dir[256];
  fan_dir(dir, sizeof dir, "fanmap");
  write_fan_map(dir);
  ark_game *g = fan_map_game(dir);
  assert_string_equal(ark_game_map_name(g, 0), "Lookout Test");
  t_to_first_turn(g);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_put_building(g, p, "kiosk", "(3,4)");
  pl->money = 20;
  int a0 = pl->appeal;
  /* a size-1 next to the lookout: 1 appeal; one away from it: none */
  own_turn(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (4,5)");
  t_turn_over(g, p);
  assert_int_equal(pl->appeal, a0 + 1);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  own_turn(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (2,3)");
  t_turn_over(g, p);
  assert_int_equal(pl->appeal, a0 + 1);
  assert_int_equal(pl->money, 20 - 4);
  assert_int_equal(t_play_random(g, 5, 1), ARK_END);
  ark_game_free(g);
  remove_fan_map(dir);
}

/* A fan map's own bonus name (`bonuses:`): printed on a space, it reaches
** the map's `bonus` handler with its name, value and source; placing a
** building there gives what the script says (here 4 money a sunflower). */
static void test_fan_map_own_bonus(void **st) {
  (void)st;
  char dir[256];
  fan_dir(dir, sizeof dir, "ownbonus");
  write_fan_map_with(dir, "bonuses: [sunflower]\n",
                     "  - {at: [3, 0], bonus: sunflower, value: 2}\n",
                     "function map.bonus(owner, _, p, kind, value, source)\n"
                     "  if owner == p and kind == \"sunflower\" and source == \"placement\" then\n"
                     "    gain(p, \"money\", 4 * value / 2)\n"
                     "  end\n"
                     "end\n");
  ark_game *g = fan_map_game(dir);
  t_to_first_turn(g);
  int p = g->s.cur;
  ark_player *pl = &g->s.p[p];
  ark_cell_view cv;
  ark_game_cell(g, p, ARK_CELL(3, 0), &cv);
  assert_string_equal(cv.bonus, "sunflower");
  assert_int_equal(cv.bonus_value, 2);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  pl->money = 20;
  own_turn(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, "size-1 at (3,0)");
  t_turn_over(g, p);
  assert_int_equal(pl->money, 20 - 2 + 4);
  assert_int_equal(ark_game_script_stopped(g), 0);
  ark_game_free(g);
  remove_fan_map(dir);
}

/* `check` of the fan map folder dir fails: its report (to free) and the
** count of problems into *nerrors. */
static char *check_fails(const char *dir, int *nerrors) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.map_dirs[0] = dir;
  char *report = NULL;
  assert_int_equal(ark_check(&cfg, &report, nerrors), ARK_ERR_CONTENT);
  assert_non_null(report);
  return report;
}

/* A map printing a bonus of its own whose script has no bonus handler is
** warned of: the bonus did nothing, and check had said nothing. */
static void test_fan_map_own_bonus_unheard(void **st) {
  (void)st;
  char dir[256], want[600];
  fan_dir(dir, sizeof dir, "unheard");
  write_fan_map_with(dir, "bonuses: [sunflower]\n",
                     "  - {at: [2, 5], bonus: sunflower, value: 1}\n", "");
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.map_dirs[0] = dir;
  char *report = NULL;
  int nerrors = -1;
  assert_int_equal(ark_check(&cfg, &report, &nerrors), ARK_OK);
  assert_int_equal(nerrors, 0);
  snprintf(want, sizeof want, "%s/T1-lookout.lua:8: warning: the map prints bonuses of its own "
           "(bonuses: in its YAML), and this script has no bonus handler", dir);
  if (!report || !strstr(report, want)) fail_msg("missing '%s' in:\n%s", want, report);
  free(report);
  /* with the handler, no warning */
  write_fan_map_with(dir, "bonuses: [sunflower]\n",
                     "  - {at: [2, 5], bonus: sunflower, value: 1}\n",
                     "function map.bonus() end\n");
  report = NULL;
  assert_int_equal(ark_check(&cfg, &report, &nerrors), ARK_OK);
  assert_true(!report || !strstr(report, "no bonus handler"));
  free(report);
  /* nor a script at all: warned too, at the bonuses: line (6) */
  char path[512];
  snprintf(path, sizeof path, "%s/T1-lookout.lua", dir);
  unlink(path);
  report = NULL;
  assert_int_equal(ark_check(&cfg, &report, &nerrors), ARK_OK);
  snprintf(want, sizeof want, "%s/T1-lookout.yaml:6: warning: bonuses: the map prints bonuses of "
           "its own, and it has no script", dir);
  if (!report || !strstr(report, want)) fail_msg("missing '%s' in:\n%s", want, report);
  free(report);
  remove_fan_map(dir);
}

/* A map's own bonus names are checked: one it did not name is unknown, a
** printed name or a name with spaces is refused, each with its line. */
static void test_fan_map_own_bonus_errors(void **st) {
  (void)st;
  char dir[256], path[512];
  fan_dir(dir, sizeof dir, "ownbonus_bad");
  write_fan_map_with(dir, "bonuses: [sunflower, money, Sun Flower, sunflower]\n",
                     "  - {at: [2, 5], bonus: sunflwer, value: 1}\n"
                     "  - {at: [2, 7], bonus: none, value: 1}\n", "");
  int nerrors = 0;
  char *report = check_fails(dir, &nerrors);
  snprintf(path, sizeof path, "%s/T1-lookout.yaml", dir);
  /* a name listed twice and "none" (no bonus a space prints) had passed;
  ** an unknown name lists the map's own */
  static const char *const want[] = {
    ":6: bonuses: \"money\" is a bonus the rules carry out",
    ":6: bonuses: \"Sun Flower\": a name of 1 to 23 lower-case letters, digits and '-'",
    ":6: bonuses: \"sunflower\" is listed twice",
    "placement_bonuses: unknown bonus \"sunflwer\" (bonuses: money, reputation,",
    "special-enclosure, draw; this map's own: sunflower; a bonus of the map's own",
    "placement_bonuses: unknown bonus \"none\"",
  };
  for (int i = 0; i < 6; i++) {
    char line[700];
    snprintf(line, sizeof line, "%s%s", i < 3 ? path : "", want[i]);
    if (!strstr(report, line)) fail_msg("missing '%s' in:\n%s", line, report);
  }
  assert_int_equal(nerrors, 5);                /* two lines above are one message */
  free(report);
  remove_fan_map(dir);
}

/* In an AI's copy (ark_game_search_view), a map ability that fails undoes
** the step, and the copy gives the step's answers again with the ability
** off: answering Build there builds.  The copy had been left at the action
** decision again, so every building option looked like nothing to the AIs,
** which built nothing until a sponsor placed a building in the game itself
** (turn 56 of a fan map's seed 3); an ability looping forever made each
** turn wait out the time limit.  The game itself still asks again. */
static void test_failing_ability_in_ai_copy(void **st) {
  (void)st;
  char dir[256];
  fan_dir(dir, sizeof dir, "failmap");
  write_fan_map_with(dir, "", "", "function map.building_placed() error('boom') end\n");
  ark_game *g = fan_map_game(dir);
  t_to_first_turn(g);
  int p = t_cur(g);
  for (int copy = 0; copy < 2; copy++) {
    ark_game *v = copy ? ark_game_search_view(g, p, 5) : ark_game_clone(g);
    int nb = v->s.p[p].zoo_map.nb;
    t_answer_match(v, "Build I");
    t_answer_match(v, "size-1");
    t_expect(v, "build.place", p);
    t_answer(v, ark_game_decision(v)->options[0]);
    assert_int_equal(ark_game_process(v), ARK_AWAITING);
    assert_true(ark_game_script_stopped(v));
    if (copy) {                          /* built, and the turn goes on */
      assert_int_equal(v->s.p[p].zoo_map.nb, nb + 1);
      assert_true(ark_game_decision(v)->player != p);
    } else {                             /* the game: the action is asked again */
      assert_int_equal(v->s.p[p].zoo_map.nb, nb);
      t_expect(v, "action", p);
    }
    ark_game_free(v);
  }
  ark_game_free(g);
  remove_fan_map(dir);
}

/* A zoo holds at most ARK_MAX_BUILDINGS buildings: once full it is offered
** none.  A fan map with more spaces offered the Build action, and building
** failed inside the rules ("ark.build: the zoo holds too many buildings"). */
static void test_full_zoo_offers_no_building(void **st) {
  (void)st;
  char dir[256], msg[256];
  fan_dir(dir, sizeof dir, "fullzoo");
  write_fan_map(dir);
  ark_game *g = fan_map_game(dir);
  t_to_first_turn(g);
  int p = t_cur(g), placed = 0, free_plain = 0;
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c] || m->terrain[c] != ARK_TERRAIN_PLAIN || m->build2[c]) continue;
    int index;
    if (placed < ARK_MAX_BUILDINGS && ark_edit_build(g, p, "size-1", &c, 1, &index, msg,
                                                     sizeof msg) == 0)
      placed++;
    else
      free_plain++;
  }
  assert_int_equal(placed, 48);
  assert_true(free_plain > 0);            /* the map has room the state has not */
  ark_edit_done(g);
  t_expect(g, "action", p);
  const ark_decision *d = ark_game_decision(g);
  for (int i = 0; i < d->noptions; i++)
    if (!strncmp(d->options[i], "Build", 5)) fail_msg("offered: %s", d->options[i]);
  ark_game_free(g);
  remove_fan_map(dir);
}

/* A map without edge: is refused: it had passed check and played a game
** with no map-edge bonus for any support. */
static void test_fan_map_needs_edge(void **st) {
  (void)st;
  char dir[256], path[512], text[16384];
  fan_dir(dir, sizeof dir, "noedge");
  write_fan_map(dir);
  snprintf(path, sizeof path, "%s/T1-lookout.yaml", dir);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  char *at = strstr(text, "edge:\n"), *end = strstr(text, "start_buildings:");
  assert_true(at && end && at < end);
  memmove(at, end, strlen(end) + 1);
  t_write_file(NULL, path, text);
  int nerrors = 0;
  char *report = check_fails(dir, &nerrors);
  char want[700];
  snprintf(want, sizeof want, "%s:1: map: missing required field \"edge\"", path);
  if (!strstr(report, want)) fail_msg("missing '%s' in:\n%s", want, report);
  assert_int_equal(nerrors, 1);
  free(report);
  remove_fan_map(dir);
}

/* A map's script is refused handlers the rules never call for a map: a
** card's own (on_play, score), which check had accepted and no game ran,
** and a misspelt name; each at its line, saying what comes instead. */
static void test_fan_map_card_handlers(void **st) {
  (void)st;
  char dir[256], path[512];
  fan_dir(dir, sizeof dir, "maphandlers");
  write_fan_map_with(dir, "", "",
                     "function map.on_play(p) gain(p, \"money\", 5) end\n"   /* 8 */
                     "function map.score(p) return 3 end\n"                    /* 9 */
                     "function map.on_paly(p) end\n");                         /* 10 */
  int nerrors = 0;
  char *report = check_fails(dir, &nerrors);
  snprintf(path, sizeof path, "%s/T1-lookout.lua", dir);
  static const char *const want[] = {
    ":8: 'on_play' is a card's own handler, which a map's script never receives: "
    "card_played comes for every card played (docs/maps.md)",
    ":9: 'score' is a card's own handler, which a map's script never receives: "
    "game_end comes at the final scoring, for each player (docs/maps.md)",
    ":10: 'on_paly' is not a trigger handler",
  };
  for (int i = 0; i < 3; i++) {
    char line[700];
    snprintf(line, sizeof line, "%s%s", path, want[i]);
    if (!strstr(report, line)) fail_msg("missing '%s' in:\n%s", line, report);
  }
  assert_int_equal(nerrors, 3);
  free(report);
  remove_fan_map(dir);
}

/* `arknova check` on a broken fan map: each problem as file:line. */
static void test_fan_map_check_errors(void **st) {
  (void)st;
  char dir[256], path[512];
  fan_dir(dir, sizeof dir, "badmap");
  snprintf(path, sizeof path, "%s/T2-broken.yaml", dir);
  t_write_file(NULL, path,
    "id: T2\n"                                                        /* 1 */
    "name: Broken\n"                                                  /* 2 */
    "cells: [[0, 1, plain], [0, 3, plain], [1, 2, plain], [1, 4, plain],\n"
    "        [2, 3, plain], [6, 6, plain], [9, 1, plain]]\n"          /* 4 */
    "placement_bonuses:\n"                                            /* 5 */
    "  - {at: [0, 1], bonus: gold, value: 1}\n"                       /* 6 */
    "  - {at: [4, 5], bonus: money, value: 1}\n"                      /* 7 */
    "edge:\n"                                                         /* 8 */
    "  - {bonus: money, value: 1}\n"                                  /* 9 */
    "  - {bonus: money, value: 2}\n"                                  /* 10 */
    "features:\n"                                                     /* 11 */
    "  - {kind: tower, at: [3, 8]}\n"                                 /* 12 */
    "  - {kind: harbour, at: [0, 3], off_board: true}\n"              /* 13 */
    "  - {kind: dock, at: [-1, 4], off_board: true}\n"               /* 14: fine */
    "  - {kind: pier, at: [20, 7], off_board: true}\n");              /* 15 */
  int nerrors = 0;
  char *report = check_fails(dir, &nerrors);
  static const struct { int line; const char *msg; } want[] = {
    { 4, "cells: 9 is out of range 0..8" },
    { 6, "placement_bonuses: unknown bonus \"gold\"" },
    { 7, "placement_bonuses: (4,5) is not a cell of this map" },
    { 9, "edge: 2 slots, a map edge has exactly 7" },
    { 12, "features: (3,8) is not a cell of this map" },
    { 13, "features: (0,3) is a cell of this map but marked off_board" },
    { 15, "features: (20,7) is marked off_board but lies next to no space of this map" },
    { 3, "map is not connected: (6,6) cannot be reached" },
  };
  int n = (int)(sizeof want / sizeof want[0]);
  for (int i = 0; i < n; i++) {
    char line[700];
    snprintf(line, sizeof line, "%s:%d: %s", path, want[i].line, want[i].msg);
    if (!strstr(report, line)) fail_msg("missing '%s' in:\n%s", line, report);
  }
  assert_int_equal(nerrors, n);
  free(report);
  unlink(path);
  rmdir(dir);
}

/* The fan map T1 of dir with its start_buildings: replaced by `start`
** (YAML lines); the line of its first entry into *line. */
static void write_fan_map_start(const char *dir, const char *start, int *line) {
  char path[512], text[16384], out[20000];
  write_fan_map(dir);
  snprintf(path, sizeof path, "%s/T1-lookout.yaml", dir);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  char *at = strstr(text, "start_buildings: []\n");
  assert_non_null(at);
  *line = 2;
  for (const char *c = text; c < at; c++) *line += *c == '\n';
  snprintf(out, sizeof out, "%.*sstart_buildings:\n%s%s", (int)(at - text), text, start,
           at + strlen("start_buildings: []\n"));
  t_write_file(NULL, path, out);
}

/* A fan map's start buildings meet the rules every building of a zoo
** meets (map.c's, as a game would place them): check refused none of
** these, and the game put them on water, on each other and as any shape. */
static void test_fan_map_start_buildings(void **st) {
  (void)st;
  char dir[256], path[512];
  int first;
  fan_dir(dir, sizeof dir, "startb");
  write_fan_map_start(dir,
    "  - {type: kiosk, cells: [[0, 9]]}\n"                      /* fine */
    "  - {type: kiosk, cells: [[1, 8]]}\n"
    "  - {type: size-2, cells: [[0, 9], [2, 9]]}\n"
    "  - {type: size-3, cells: [[7, 4]]}\n", &first);   /* at most 4 */
  int nerrors = 0;
  char *report = check_fails(dir, &nerrors);
  snprintf(path, sizeof path, "%s/T1-lookout.yaml", dir);
  static const struct { int line; const char *msg; } want[] = {
    { 1, "start_buildings: kiosk: 1 space from the kiosk at (0,9), and kiosks stand at "
         "least 3 spaces apart" },
    { 2, "start_buildings: size-2: overlaps the kiosk at (0,9) on (0,9); the cells are not "
         "the shape of a size-2" },
    { 3, "start_buildings: size-3: on water at (7,4), and no building stands on water or "
         "rock; 1 cell where a size-3 covers 3" },
  };
  int n = (int)(sizeof want / sizeof want[0]);
  for (int i = 0; i < n; i++) {
    char line[700];
    snprintf(line, sizeof line, "%s:%d: %s", path, first + want[i].line, want[i].msg);
    if (!strstr(report, line)) fail_msg("missing '%s' in:\n%s", line, report);
  }
  assert_int_equal(nerrors, n);
  free(report);
  /* the good ones alone load and stand in the game */
  write_fan_map_start(dir,
    "  - {type: kiosk, cells: [[0, 9]]}\n"
    "  - {type: size-3, cells: [[5, 8], [5, 10], [6, 9]]}\n", &first);
  ark_game *g = fan_map_game(dir);
  assert_int_equal(g->s.p[0].zoo_map.nb, 2);
  ark_game_free(g);
  remove_fan_map(dir);
}

/* A bonus's value must mean something for its kind (a negative money
** bonus, a size-7 enclosure, two kiosks from one token, a multiplier of
** three tokens, which places one, were taken), and a
** bonus no building can gain is warned of: on water or rock, or under a
** start building. */
static void test_fan_map_bonus_values(void **st) {
  (void)st;
  char dir[256], path[512];
  fan_dir(dir, sizeof dir, "bonusval");
  /* T1's placement bonuses start at line 68: (0,5) money 3 */
  write_fan_map_with(dir, "",
    "  - {at: [2, 5], bonus: money, value: -4}\n"         /* 69 */
    "  - {at: [2, 7], bonus: enclosure, value: 7}\n"      /* 70 */
    "  - {at: [2, 9], bonus: kiosk, value: 2}\n"          /* 71 */
    "  - {at: [2, 11], bonus: clever}\n"                  /* 72: fine, 1 */
    "  - {at: [7, 4], bonus: card, value: 1}\n"          /* 73: on water */
    "  - {at: [4, 3], bonus: multiplier, value: 3}\n", "");  /* 74 */
  int nerrors = 0;
  char *report = check_fails(dir, &nerrors);
  snprintf(path, sizeof path, "%s/T1-lookout.yaml", dir);
  static const struct { int line; const char *msg; } want[] = {
    { 69, "placement_bonuses: money bonus with value -4, outside 1..127 (the money gained)" },
    { 70, "placement_bonuses: enclosure bonus with value 7, outside 1..5" },
    { 71, "placement_bonuses: kiosk bonus with value 2: its value is always 1" },
    { 73, "warning: placement_bonuses: (7,4) is water, which no building covers" },
    { 74, "placement_bonuses: multiplier bonus with value 3, outside 1..2 (the token's printed "
          "factor: one token is placed)" },
  };
  int n = (int)(sizeof want / sizeof want[0]);
  for (int i = 0; i < n; i++) {
    char line[700];
    snprintf(line, sizeof line, "%s:%d: %s", path, want[i].line, want[i].msg);
    if (!strstr(report, line)) fail_msg("missing '%s' in:\n%s", line, report);
  }
  assert_int_equal(nerrors, n - 1);
  free(report);
  /* a start building on (0,5) hides its money bonus: a warning, the map loads */
  int first;
  write_fan_map_start(dir, "  - {type: kiosk, cells: [[0, 5]]}\n", &first);
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.map_dirs[0] = dir;
  assert_int_equal(ark_check(&cfg, &report, &nerrors), ARK_OK);
  char line[700];
  snprintf(line, sizeof line, "%s:%d: warning: start_buildings: kiosk covers the money "
           "bonus at (0,5) from the start", path, first);
  if (!report || !strstr(report, line)) fail_msg("missing '%s' in:\n%s", line, report);
  free(report);
  remove_fan_map(dir);
}

/* A buildings.yaml in a fan map folder is not read, and check says so
** (it was skipped without a word, and a fan sponsor naming one of its
** buildings failed with "unknown building"). */
static void test_fan_buildings_not_read(void **st) {
  (void)st;
  char dir[256], path[512];
  fan_dir(dir, sizeof dir, "fanbuild");
  write_fan_map(dir);
  snprintf(path, sizeof path, "%s/buildings.yaml", dir);
  t_write_file(NULL, path, "buildings: []\n");
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.map_dirs[0] = dir;
  char *report = t_check_clean(&cfg), want[700];
  snprintf(want, sizeof want, "%s: warning: not read: a fan folder cannot add buildings", path);
  if (!strstr(report, want)) fail_msg("missing '%s' in:\n%s", want, report);
  free(report);
  unlink(path);
  remove_fan_map(dir);
}

/* The example in examples/fan-map loads and plays. */
static void test_fan_map_example(void **st) {
  (void)st;
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  ark_config_init(&cfg);
  cfg.seed = 3;
  cfg.map = "F1";
  cfg.data_dir = ARK_GAME_DIR;
  cfg.map_dirs[0] = ARK_SOURCE_DIR "/examples/fan-map";
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  assert_int_equal(t_play_random(g, 9, 1), ARK_END);
  assert_int_equal(ark_game_script_stopped(g), 0);
  ark_game_free(g);
}

/* ---- random games ----------------------------------------------------------- */

#define RANDOM_SEEDS 3

static void random_games(const char *map, int players) {
  for (uint64_t seed = 1; seed <= RANDOM_SEEDS; seed++) {
    ark_game *g = t_new_game(players, seed * 101 + (uint64_t)players, map);
    int r = t_play_random(g, seed * 7 + 1, 1);
    if (r != ARK_END) fail_msg("map %s, %d players, seed %d: %s", map, players, (int)seed,
                               ark_game_error(g));
    assert_false(ark_game_capped(g));
    assert_int_equal(ark_game_script_stopped(g), 0);
    ark_game_free(g);
  }
}

/* Every map side of the source tree (A, 0, 1-8, 1a-8a). */
static void test_random_every_side(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 1, "A");
  int n = g->c->nmaps;
  char ids[32][16];
  assert_true(n <= 32);
  for (int i = 0; i < n; i++) snprintf(ids[i], sizeof ids[i], "%s", g->c->maps[i].id);
  ark_game_free(g);
  assert_int_equal(n, 18);
  for (int i = 0; i < n; i++) random_games(ids[i], 2 + i % 3);
}

static void test_random_advanced(void **st) {
  (void)st;
  for (int players = 2; players <= 4; players++) random_games("advanced", players);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_observation_tower),
    cmocka_unit_test(test_outdoor_areas_fit),
    cmocka_unit_test(test_outdoor_areas_release),
    cmocka_unit_test(test_commercial_harbour),
    cmocka_unit_test(test_park_restaurant),
    cmocka_unit_test(test_park_restaurant_special_bonus),
    cmocka_unit_test(test_research_institute),
    cmocka_unit_test(test_ice_cream_parlors),
    cmocka_unit_test(test_ice_cream_pouch),
    cmocka_unit_test(test_clever_bonus_in_build),
    cmocka_unit_test(test_hollywood_hills),
    cmocka_unit_test(test_advanced_deal),
    cmocka_unit_test(test_advanced_start_buildings),
    cmocka_unit_test(test_fan_map_outside_tree),
    cmocka_unit_test(test_failing_ability_in_ai_copy),
    cmocka_unit_test(test_full_zoo_offers_no_building),
    cmocka_unit_test(test_fan_map_needs_edge),
    cmocka_unit_test(test_fan_map_own_bonus_unheard),
    cmocka_unit_test(test_fan_map_card_handlers),
    cmocka_unit_test(test_fan_map_check_errors),
    cmocka_unit_test(test_fan_map_start_buildings),
    cmocka_unit_test(test_fan_map_bonus_values),
    cmocka_unit_test(test_fan_map_own_bonus),
    cmocka_unit_test(test_fan_map_own_bonus_errors),
    cmocka_unit_test(test_fan_map_example),
    cmocka_unit_test(test_fan_buildings_not_read),
    cmocka_unit_test(test_random_every_side),
    cmocka_unit_test(test_random_advanced),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
