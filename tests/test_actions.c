/*
** test_actions.c - the five action cards against shared/rules/ark-nova.md.
**
** Each test prepares a state by hand at the first turn's "action" decision
** (t_to_first_turn, edit g->s, t_restart), plays one action through its
** sub-decisions by option text, and checks the numbers the rules give:
** money, tracks, hand and deck sizes, buildings, icons, project tokens.
** Expected values are written out from the rules, never read back from
** the engine.  Geometry checks (edge spaces, adjacency, kiosk distance)
** recompute the rules' definitions here from the raw map cells.
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

#define SEED 7

/* A game at its first turn, current player's action pending, track
** rewards claimed, no X tokens (t_game). */
static ark_game *game(int players, const char *map) { return t_game(players, SEED, map); }

/* Partner zoo bits (ark_player.partner_zoos, board_zoos). */
enum { AFRICA = 1, AMERICAS = 2, ASIA = 4, AUSTRALIA = 8, EUROPE = 16 };

/* Keyword abilities of the animals played here (Clever, Resistance,
** Scavenging...) ask their own questions: these tests are about the action,
** so the first option answers them. */
static void skip_abilities(ark_game *g, int p) {
  char msg[128];
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (d->player != p || strcmp(d->tag, "action") == 0) return;
    if (strchr(d->tag, '.') == NULL || !strncmp(d->tag, "animals.", 8) ||
        !strncmp(d->tag, "build.", 6) || !strncmp(d->tag, "card.", 5))
      return;
    ark_game_answer(g, 0, msg, sizeof msg);
  }
}

/* The action is over (abilities skipped): the next player's turn is asked,
** nothing else. */
static void turn_over(ark_game *g, int p) {
  skip_abilities(g, p);
  t_turn_over(g, p);
}

/* ---- map helpers (the rules' definitions, recomputed from raw cells) ---- */

static int neighbours(int a, int b) {
  int dx = abs(ARK_CELL_X(a) - ARK_CELL_X(b)), dy = abs(ARK_CELL_Y(a) - ARK_CELL_Y(b));
  return (dx == 0 && dy == 2) || (dx == 1 && dy == 1);
}

/* Rules: distance = dx + max(0, (dy - dx) / 2). */
static int hex_distance(int a, int b) {
  int dx = abs(ARK_CELL_X(a) - ARK_CELL_X(b)), dy = abs(ARK_CELL_Y(a) - ARK_CELL_Y(b));
  int e = (dy - dx) / 2;
  return dx + (e > 0 ? e : 0);
}

/* ---- Cards ---------------------------------------------------------------- */

/* {draw, discard} by strength, sides I and II (rules: "Cards action"). */
static const int CARDS1[5][2] = { {1, 1}, {1, 0}, {2, 1}, {2, 0}, {3, 1} };
static const int CARDS2[5][2] = { {1, 0}, {2, 1}, {2, 0}, {3, 1}, {4, 1} };

static void cards_row(int side, int s) {
  const int (*row)[2] = side == 1 ? CARDS1 : CARDS2;
  int draw = row[s - 1][0], drop = row[s - 1][1];
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_CARDS, s);
  if (side == 2) t_upgrade(g, p, ARK_ACT_CARDS);
  t_clear_hand(g, p);
  t_ready(g);
  int deck = g->s.ndeck, discard = g->s.ndiscard, brk = g->s.break_pos;
  t_answerf(g, "Cards %s at strength %d", side == 1 ? "I" : "II", s);
  /* snapping is offered from strength 5 (side I) / 3 (side II) */
  int snap_from = side == 1 ? 5 : 3;
  if (s >= snap_from) {
    t_expect(g, "cards.mode", p);
    char t[64];
    snprintf(t, sizeof t, "draw %d%s", draw, drop ? ", discard 1" : "");
    t_answer(g, t);
  }
  /* side II takes each card separately; reputation 1: the deck or folder 1 */
  for (int k = 0; side == 2 && k < draw; k++) {
    t_expect(g, "card.take", p);
    assert_int_equal(t_noptions(g), 2);
    t_answer(g, "draw from the deck");
  }
  if (drop && draw > 1) {
    t_expect(g, "card.discard", p);
    assert_int_equal(t_noptions(g), draw);
    const ark_decision *d = ark_game_decision(g);
    t_answer(g, d->options[0]);
  }
  turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, draw - drop);
  assert_int_equal(g->s.ndeck, deck - draw);
  assert_int_equal(g->s.ndiscard, discard + drop);
  assert_int_equal(g->s.break_pos, brk + 2);
  ark_game_free(g);
}

static void test_cards_side1_by_strength(void **st) {
  (void)st;
  for (int s = 1; s <= 5; s++) cards_row(1, s);
}

static void test_cards_side2_by_strength(void **st) {
  (void)st;
  for (int s = 1; s <= 5; s++) cards_row(2, s);
}

/* Side I at 5 and side II from 3 may snap any display card, whatever the
** reputation range; side I at 4 and side II at 2 may not. */
static void snap_case(int side, int s, int can_snap) {
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_CARDS, s);
  if (side == 2) t_upgrade(g, p, ARK_ACT_CARDS);
  t_clear_hand(g, p);
  int six = t_put_display(g, 6, 401);
  t_ready(g);
  int brk = g->s.break_pos;
  t_answerf(g, "Cards %s at strength %d", side == 1 ? "I" : "II", s);
  if (!can_snap) {
    assert_string_not_equal(t_tag(g), "cards.mode");
    ark_game_free(g);
    return;
  }
  t_expect(g, "cards.mode", p);
  t_answer(g, "snap one display card");
  t_expect(g, "card.snap", p);
  assert_int_equal(t_noptions(g), 6);    /* all six folders, range 1 */
  t_answer(g, "snap Cheetah (401) from folder 6");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_int_equal(g->s.p[p].hand[0], six);
  assert_int_equal(g->s.break_pos, brk + 2);
  assert_true(g->s.display[5] >= 0 && g->s.display[5] != six);   /* refilled */
  ark_game_free(g);
}

static void test_cards_snap(void **st) {
  (void)st;
  snap_case(1, 5, 1);
  snap_case(1, 4, 0);
  snap_case(2, 3, 1);
  snap_case(2, 2, 0);
}

/* Side II takes each card from the deck or a folder within reputation
** range: folder 1 always, 2 from 2, 3 from 4, 4 from 7, 5 from 10, 6 from 13. */
static void test_cards_side2_reputation_range(void **st) {
  (void)st;
  static const int rep_range[][2] = {
    {0, 1}, {1, 1}, {2, 2}, {3, 2}, {4, 3}, {6, 3}, {7, 4}, {9, 4},
    {10, 5}, {12, 5}, {13, 6}, {15, 6}
  };
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_CARDS, 1);       /* strength 1: one card */
  t_upgrade(g, p, ARK_ACT_CARDS);           /* reputation cap 15 */
  t_clear_hand(g, p);
  ark_state saved = g->s;
  for (size_t i = 0; i < sizeof rep_range / sizeof rep_range[0]; i++) {
    g->s = saved;
    g->s.p[p].reputation = (int16_t)rep_range[i][0];
    t_ready(g);
    t_answer(g, "Cards II at strength 1");
    t_expect(g, "card.take", p);
    int n = rep_range[i][1];
    assert_int_equal(t_noptions(g), 1 + n);  /* the deck + n folders */
    for (int f = 1; f <= 6; f++) {
      char t[96];
      int id = g->s.display[f - 1];
      snprintf(t, sizeof t, "take %s (%d) from folder %d", g->c->cards[id].name,
               g->c->cards[id].number, f);
      if (t_offered(g, t) != (f <= n)) fail_msg("reputation %d: folder %d", rep_range[i][0], f);
    }
  }
  /* taking from folder 4 at reputation 7 puts that card in hand */
  g->s = saved;
  g->s.p[p].reputation = 7;
  int four = t_put_display(g, 4, 401);
  t_ready(g);
  t_answer(g, "Cards II at strength 1");
  t_answer(g, "take Cheetah (401) from folder 4");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_int_equal(g->s.p[p].hand[0], four);
  ark_game_free(g);
}

/* ---- Build ---------------------------------------------------------------- */

/* "key at (x,y) ..." with the cells in the engine's order (ascending index). */
static const char *place_text(const char *key, const char *cells) {
  static char buf[128];
  int c[ARK_MAX_FOOTPRINT], n = t_parse_cells(cells, c);
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && c[j - 1] > c[j]; j--) { int t = c[j]; c[j] = c[j - 1]; c[j - 1] = t; }
  int len = snprintf(buf, sizeof buf, "%s at", key);
  for (int i = 0; i < n; i++)
    len += snprintf(buf + len, sizeof buf - (size_t)len, " (%d,%d)", ARK_CELL_X(c[i]), ARK_CELL_Y(c[i]));
  return buf;
}

/* Every option of the pending build.place decision obeys the placement
** rules: cells on the map, plain (never water or rock), free, Build-II
** spaces only with side II, the first building on an edge space, later
** ones touching a building. */
static void check_places(ark_game *g, int p, int side) {
  const ark_map_def *m = t_map_of(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  const ark_decision *d = ark_game_decision(g);
  assert_non_null(d);
  assert_true(d->noptions > 0);
  for (int i = 0; i < d->noptions; i++) {
    int c[ARK_MAX_FOOTPRINT], n = t_parse_cells(d->options[i], c), edge = 0, touch = 0;
    assert_true(n > 0);
    for (int k = 0; k < n; k++) {
      assert_true(m->exists[c[k]]);
      if (m->terrain[c[k]] != ARK_TERRAIN_PLAIN) fail_msg("covers water/rock: %s", d->options[i]);
      if (z->at[c[k]]) fail_msg("covers a building: %s", d->options[i]);
      if (side == 1 && m->build2[c[k]]) fail_msg("Build-II space with side I: %s", d->options[i]);
      edge |= t_is_edge(m, c[k]);
      for (int b = 0; b < z->nb; b++)
        for (int j = 0; j < z->b[b].ncells; j++) touch |= neighbours(c[k], z->b[b].cells[j]);
    }
    if (z->nb == 0 && !edge) fail_msg("first building off the edge: %s", d->options[i]);
    if (z->nb > 0 && !touch) fail_msg("building touches nothing: %s", d->options[i]);
  }
}

static void test_build_side1_one_building(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  g->s.p[p].money = 25;
  t_ready(g);
  t_answer(g, "Build I at strength 3");
  t_expect(g, "build.kind", p);
  /* size <= 3, 2 money per space; no Build-II-only buildings */
  assert_int_equal(t_noptions(g), 6);
  assert_true(t_offered(g, "build size-1 (2 money)"));
  assert_true(t_offered(g, "build size-2 (4 money)"));
  assert_true(t_offered(g, "build size-3 (6 money)"));
  assert_true(t_offered(g, "build kiosk (2 money)"));
  assert_true(t_offered(g, "build pavilion (2 money)"));
  assert_true(t_offered(g, "build petting-zoo (6 money)"));
  t_answer(g, "build size-3 (6 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 1);
  /* map 0 has no start buildings: an all-interior triangle is refused */
  assert_false(t_offered(g, place_text("size-3", "(3,4) (3,6) (4,5)")));
  t_answer(g, place_text("size-3", "(0,5) (0,7) (1,6)"));
  turn_over(g, p);                      /* side I: one building only */
  assert_int_equal(g->s.p[p].money, 25 - 6);
  assert_int_equal(g->s.p[p].zoo_map.nb, 1);
  assert_int_equal(g->s.p[p].zoo_map.at[ARK_CELL(1, 6)], 1);
  ark_game_free(g);
}

/* The rules' example: at strength 5, a size-3 enclosure + a size-1
** enclosure + a kiosk, each a different building. */
static void test_build_side2_several_different(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 5);
  t_upgrade(g, p, ARK_ACT_BUILD);
  g->s.p[p].money = 25;
  t_ready(g);
  t_answer(g, "Build II at strength 5");
  t_expect(g, "build.kind", p);
  assert_true(t_offered(g, "build size-5 (10 money)"));
  assert_true(t_offered(g, "build reptile-house (10 money)"));
  assert_true(t_offered(g, "build large-bird-aviary (10 money)"));
  t_answer(g, "build size-3 (6 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 2);
  t_answer(g, place_text("size-3", "(0,5) (0,7) (1,6)"));
  /* 2 left: size-1, size-2, kiosk, pavilion, or stop */
  t_expect(g, "build.kind", p);
  assert_int_equal(t_noptions(g), 5);
  assert_true(t_offered(g, "build size-1 (2 money)"));
  assert_true(t_offered(g, "build size-2 (4 money)"));
  assert_true(t_offered(g, "build kiosk (2 money)"));
  assert_true(t_offered(g, "build pavilion (2 money)"));
  assert_true(t_offered(g, "finish building"));
  t_answer(g, "build size-1 (2 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 2);
  t_answer(g, place_text("size-1", "(1,4)"));
  /* 1 left: a second size-1 would not be a different building */
  t_expect(g, "build.kind", p);
  assert_int_equal(t_noptions(g), 3);
  assert_false(t_offered(g, "build size-1 (2 money)"));
  t_answer(g, "build kiosk (2 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 2);
  t_answer(g, place_text("kiosk", "(1,8)"));
  turn_over(g, p);                      /* budget used up */
  assert_int_equal(g->s.p[p].money, 25 - 6 - 2 - 2);
  assert_int_equal(g->s.p[p].zoo_map.nb, 3);
  ark_game_free(g);
}

/* 2 money per space: with 5 money nothing of 3 spaces. */
static void test_build_cost_limits_choice(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 5);
  g->s.p[p].money = 5;
  t_ready(g);
  t_answer(g, "Build I at strength 5");
  t_expect(g, "build.kind", p);
  assert_int_equal(t_noptions(g), 4);
  assert_true(t_offered(g, "build size-2 (4 money)"));
  assert_false(t_offered(g, "build size-3 (6 money)"));
  assert_false(t_offered(g, "build petting-zoo (6 money)"));
  t_answer(g, "build size-2 (4 money)");
  t_answer(g, place_text("size-2", "(0,5) (0,7)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 1);
  ark_game_free(g);
}

/* Map 0's marked spaces (6,5) and (7,4) need Build II. */
static void test_build_build2_spaces(void **st) {
  (void)st;
  for (int side = 1; side <= 2; side++) {
    ark_game *g = game(2, "0");
    int p = t_cur(g);
    t_set_slot(g, p, ARK_ACT_BUILD, 1);
    if (side == 2) t_upgrade(g, p, ARK_ACT_BUILD);
    t_put_building(g, p, "size-1", "(8,5)");
    t_ready(g);
    t_answerf(g, "Build %s at strength 1", side == 1 ? "I" : "II");
    t_answer(g, "build size-1 (2 money)");
    t_expect(g, "build.place", p);
    check_places(g, p, side);
    assert_int_equal(t_offered(g, place_text("size-1", "(7,4)")), side == 2);
    assert_true(t_offered(g, place_text("size-1", "(8,3)")));
    if (side == 2) {
      t_answer(g, place_text("size-1", "(7,4)"));
      turn_over(g, p);
      assert_int_equal(g->s.p[p].zoo_map.nb, 2);
    }
    ark_game_free(g);
  }
}

/* Kiosks stand at least 3 spaces apart. */
static void test_build_kiosk_spacing(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 1);
  t_put_building(g, p, "size-3", "(0,5) (0,7) (1,6)");
  t_put_building(g, p, "kiosk", "(1,4)");
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build size-1 (2 money)");
  /* (1,8) is free and touches the zoo ... */
  assert_true(t_offered(g, place_text("size-1", "(1,8)")));
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build kiosk (2 money)");
  /* ... but lies 2 from the kiosk: (0,9), 3 away, is the only place, so
  ** nobody is asked */
  assert_int_equal(hex_distance(ARK_CELL(1, 4), ARK_CELL(1, 8)), 2);
  assert_int_equal(hex_distance(ARK_CELL(1, 4), ARK_CELL(0, 9)), 3);
  turn_over(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  assert_int_equal(z->nb, 3);
  assert_int_equal(z->at[ARK_CELL(0, 9)], 3);
  assert_int_equal(z->at[ARK_CELL(1, 8)], 0);
  assert_int_equal(g->s.p[p].money, 25 - 2);
  /* with more room, every kiosk place keeps the distance */
  g->s.cur = (uint8_t)p;
  t_set_slot(g, p, ARK_ACT_BUILD, 1);
  t_put_building(g, p, "size-1", "(1,8)");
  t_put_building(g, p, "size-3", "(2,9) (3,8) (3,10)");
  ark_state more = g->s;
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build size-1 (2 money)");
  assert_true(t_offered(g, place_text("size-1", "(2,11)")));
  g->s = more;
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build kiosk (2 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 1);
  assert_int_equal(hex_distance(ARK_CELL(0, 9), ARK_CELL(2, 11)), 2);
  assert_false(t_offered(g, place_text("kiosk", "(2,11)")));
  assert_true(t_offered(g, place_text("kiosk", "(4,9)")));
  const ark_decision *d = ark_game_decision(g);
  for (int i = 0; i < d->noptions; i++) {
    int c[ARK_MAX_FOOTPRINT];
    t_parse_cells(d->options[i], c);
    assert_true(hex_distance(c[0], ARK_CELL(1, 4)) >= 3);
    assert_true(hex_distance(c[0], ARK_CELL(0, 9)) >= 3);
  }
  ark_game_free(g);
}

static void test_build_pavilion_appeal(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 1);
  g->s.p[p].appeal = 4;
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build pavilion (2 money)");
  t_answer(g, place_text("pavilion", "(0,5)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 5);
  assert_int_equal(g->s.p[p].money, 23);
  ark_game_free(g);
}

/* Printed placement bonuses: (0,9) 2 reputation, (4,5) 10 money, (4,1) an
** X token; each paid for the one building that covers the space. */
static void test_build_placement_bonuses(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  t_upgrade(g, p, ARK_ACT_BUILD);
  g->s.p[p].reputation = 1;
  t_ready(g);
  t_answer(g, "Build II at strength 3");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, place_text("size-1", "(0,9)"));
  t_answer(g, "build size-2 (4 money)");
  t_answer(g, place_text("size-2", "(0,7) (1,8)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 3);
  assert_int_equal(g->s.p[p].money, 25 - 2 - 4);
  assert_int_equal(g->s.p[p].xtokens, 0);
  ark_game_free(g);

  g = game(2, "0");
  p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_put_building(g, p, "size-2", "(2,3) (3,4)");
  t_ready(g);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-2 (4 money)");
  t_answer(g, place_text("size-2", "(4,5) (4,7)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 - 4 + 10);
  ark_game_free(g);

  g = game(2, "0");
  p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 1);
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, place_text("size-1", "(4,1)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].xtokens, 1);
  assert_int_equal(g->s.p[p].money, 23);
  ark_game_free(g);
}

/* A card taken as the last placement bonus of a building Build places:
** its choice ends the step's coroutine (a copy of the game there is one
** copy of the state, and copies answered alike play alike), and what
** follows runs as before: side I ends the turn, side II offers another
** kind within the strength left. */
static void test_build_card_bonus_is_a_copy(void **st) {
  (void)st;
  for (int side = 1; side <= 2; side++) {
    ark_game *g = game(2, "A");
    int p = t_cur(g);
    ark_player *pl = &g->s.p[p];
    t_set_slot(g, p, ARK_ACT_BUILD, 2);
    if (side == 2) t_upgrade(g, p, ARK_ACT_BUILD);
    t_put_building(g, p, "size-1", "(1,4)");
    pl->money = 25;
    int nhand = pl->nhand, nb = pl->zoo_map.nb;
    t_ready(g);
    t_answerf(g, "Build %s at strength 2", side == 1 ? "I" : "II");
    t_answer(g, "build size-1 (2 money)");
    t_answer(g, place_text("size-1", "(2,5)"));      /* its card bonus */
    t_expect_copy(g, "card.take", p);
    t_answer(g, "draw from the deck");
    assert_int_equal(pl->nhand, nhand + 1);
    if (side == 2) {
      t_expect(g, "build.kind", p);
      assert_false(t_offered(g, "build size-1 (2 money)"));   /* built this action */
      assert_false(t_offered(g, "build size-2 (4 money)"));   /* beyond strength 1 left */
      assert_true(t_offered(g, "build kiosk (2 money)"));
      t_answer(g, "finish building");
    }
    turn_over(g, p);
    assert_int_equal(pl->zoo_map.nb, nb + 1);
    assert_true(pl->zoo_map.at[ARK_CELL(2, 5)] != 0);
    assert_int_equal(pl->money, 23);
    ark_game_free(g);
  }
}

/* 7 appeal once every buildable space is covered. */
static void test_build_full_map_appeal(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  const ark_map_def *m = t_map_of(g, p);
  t_set_slot(g, p, ARK_ACT_BUILD, 1);
  g->s.p[p].appeal = 10;
  int nplain = 0;
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c] || m->terrain[c] != ARK_TERRAIN_PLAIN) continue;
    nplain++;
    if (c == ARK_CELL(0, 5) || c == ARK_CELL(0, 7)) continue;
    char t[16];
    snprintf(t, sizeof t, "(%d,%d)", ARK_CELL_X(c), ARK_CELL_Y(c));
    t_put_building(g, p, "size-1", t);
  }
  assert_int_equal(nplain, 39);
  ark_state two_free = g->s;
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build size-1 (2 money)");
  t_answer(g, place_text("size-1", "(0,5)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 10);       /* (0,7) still free */
  g->s = two_free;
  t_put_building(g, p, "size-1", "(0,7)");
  t_ready(g);
  t_answer(g, "Build I at strength 1");
  t_answer(g, "build size-1 (2 money)");
  turn_over(g, p);                              /* one place: asked of nobody */
  assert_int_equal(g->s.p[p].appeal, 10 + 7);
  assert_int_equal(g->s.p[p].money, 23);
  ark_game_free(g);
}

/* Petting zoo: 3 spaces, side I too, at most one. */
static void test_build_petting_zoo(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  t_ready(g);
  t_answer(g, "Build I at strength 3");
  t_answer(g, "build petting-zoo (6 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 1);
  int c[ARK_MAX_FOOTPRINT];
  assert_int_equal(t_parse_cells(ark_game_decision(g)->options[0], c), 3);
  t_answer_place(g, 0);
  turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 19);
  assert_int_equal(g->s.p[p].zoo_map.nb, 1);
  assert_int_equal(g->s.p[p].special_built, ARK_SPECIAL_PETTING);
  /* a second petting zoo is never offered */
  g->s.cur = (uint8_t)p;
  t_set_slot(g, p, ARK_ACT_BUILD, 3);
  t_ready(g);
  t_answer(g, "Build I at strength 3");
  t_expect(g, "build.kind", p);
  assert_false(t_offered(g, "build petting-zoo (6 money)"));
  assert_true(t_offered(g, "build size-3 (6 money)"));
  ark_game_free(g);
}

/* Reptile house and large bird aviary: Build II only, one each. */
static void test_build_special_enclosures(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 5);
  g->s.p[p].money = 30;
  ark_state side1 = g->s;
  t_ready(g);
  t_answer(g, "Build I at strength 5");
  t_expect(g, "build.kind", p);
  assert_true(t_offered(g, "build size-5 (10 money)"));
  assert_false(t_offered(g, "build reptile-house (10 money)"));
  assert_false(t_offered(g, "build large-bird-aviary (10 money)"));
  g->s = side1;
  t_upgrade(g, p, ARK_ACT_BUILD);
  t_put_building(g, p, "reptile-house", "(5,0) (5,2) (6,1) (7,0) (7,2)");
  t_ready(g);
  t_answer(g, "Build II at strength 5");
  t_expect(g, "build.kind", p);
  assert_false(t_offered(g, "build reptile-house (10 money)"));
  assert_true(t_offered(g, "build large-bird-aviary (10 money)"));
  t_answer(g, "build large-bird-aviary (10 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 2);
  t_answer_place(g, 0);
  turn_over(g, p);                              /* budget 0 */
  assert_int_equal(g->s.p[p].money, 20);
  assert_int_equal(g->s.p[p].zoo_map.nb, 2);
  assert_int_equal(g->s.p[p].special_built, ARK_SPECIAL_REPTILE | ARK_SPECIAL_AVIARY);
  ark_game_free(g);
}

/* After the reptile house: fitting animals may move in from standard
** enclosures, which become empty. */
static void test_build_move_into_reptile_house(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_set_slot(g, p, ARK_ACT_BUILD, 5);
  t_upgrade(g, p, ARK_ACT_BUILD);
  g->s.p[p].money = 30;
  int e_mamba = t_put_building(g, p, "size-2", "(0,5) (0,7)");
  int e_gould = t_put_building(g, p, "size-3", "(1,4) (1,6) (2,5)");
  int e_caracal = t_put_building(g, p, "size-2", "(1,8) (0,9)");
  t_put_animal(g, p, 470, e_mamba);    /* Western Green Mamba: reptile house 1 */
  t_put_animal(g, p, 490, e_gould);    /* Gould's Monitor: reptile house 2 */
  t_put_animal(g, p, 404, e_caracal);  /* Caracal: not a reptile */
  t_ready(g);
  t_answer(g, "Build II at strength 5");
  t_answer(g, "build reptile-house (10 money)");
  t_expect(g, "build.place", p);
  check_places(g, p, 2);
  t_answer_place(g, 0);
  t_expect_copy(g, "build.move", p);
  assert_int_equal(t_noptions(g), 3);
  assert_true(t_offered(g, "move Western Green Mamba (470) in"));
  assert_true(t_offered(g, "move Gould's Monitor (490) in"));
  assert_true(t_offered(g, "done"));
  t_answer(g, "move Western Green Mamba (470) in");
  t_expect_copy(g, "build.move", p);
  assert_int_equal(t_noptions(g), 2);
  t_answer(g, "done");
  turn_over(g, p);
  int house = 3;
  const ark_zoo *z = &g->s.p[p].zoo_map;
  assert_int_equal(z->nb, 4);
  assert_string_equal(g->c->buildings[z->b[house].def].key, "reptile-house");
  assert_int_equal(t_building_of(g, p, 470), house);
  assert_int_equal(z->b[house].used, 1);
  assert_int_equal(z->b[e_mamba].used, 0);        /* empty again */
  assert_int_equal(z->b[e_mamba].card, -1);
  assert_int_equal(t_building_of(g, p, 490), e_gould);
  assert_int_equal(z->b[e_gould].used, 1);
  assert_int_equal(g->s.p[p].money, 20);
  ark_game_free(g);
}

/* A size-1 reptile lives in the reptile house taking no room (card files:
** reptile_house 0), as Board Game Arena plays it: a full house still takes
** Common Agama. */
static void test_small_reptile_takes_no_room(void **st) {
  (void)st;
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = 25;
  int house = t_put_building(g, p, "reptile-house", "(5,0) (5,2) (6,1) (7,0) (7,2)");
  t_put_animal(g, p, 490, house);      /* Gould's Monitor: 2 */
  t_put_animal(g, p, 481, house);      /* Galapagos Giant Tortoise: 2 */
  t_put_animal(g, p, 470, house);      /* Western Green Mamba: 1 */
  assert_int_equal(g->s.p[p].zoo_map.b[house].used, 5);
  t_give(g, p, 473);                   /* Common Agama: 9 money, no water or rock */
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 473), house);
  assert_int_equal(g->s.p[p].zoo_map.b[house].used, 5);
  assert_int_equal(g->s.p[p].money, 25 - 9);
  ark_game_free(g);
}

/* ---- Animals -------------------------------------------------------------- */

/* A player on map 0 with an empty hand, 25 money, reputation 1, and no
** animal in display folders 1-2 (sponsors there). */
static ark_game *animals_game(int *pp) {
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = 25;
  g->s.p[p].reputation = 1;
  t_put_display(g, 1, 223);
  t_put_display(g, 2, 261);
  *pp = p;
  return g;
}

/* Side I: 1 none, 2-4 one, 5 two.  Side II: 1-2 one, 3-5 two. */
static void animals_count(int side, int s, int expect_n) {
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, s);
  if (side == 2) t_upgrade(g, p, ARK_ACT_ANIMALS);
  t_put_building(g, p, "size-1", "(0,5)");
  t_put_building(g, p, "size-1", "(0,7)");
  t_put_building(g, p, "size-1", "(0,9)");
  t_give(g, p, 405);                    /* Fennec Fox, 8 money, size 1 */
  t_give(g, p, 445);                    /* Crested Porcupine, 8 money, size 1 */
  t_give(g, p, 410);                    /* Yellow-Throated Marten, 7, size 1 */
  t_ready(g);
  char label[64];
  snprintf(label, sizeof label, "Animals %s at strength %d", side == 1 ? "I" : "II", s);
  if (expect_n == 0) {
    assert_false(t_offered(g, label));
    ark_game_free(g);
    return;
  }
  t_answer(g, label);
  t_expect(g, "animals.card", p);
  assert_int_equal(t_noptions(g), 3);
  t_answer(g, "play Fennec Fox (405) for 8 money");
  t_expect(g, "animals.enclosure", p);
  assert_int_equal(t_noptions(g), 3);
  t_answer(g, "into size-1 #0");
  if (expect_n == 2) {
    t_expect(g, "animals.card", p);
    assert_int_equal(t_noptions(g), 3);
    assert_true(t_offered(g, "finish"));
    t_answer(g, "play Crested Porcupine (445) for 8 money");
    t_answer(g, "into size-1 #1");
  }
  turn_over(g, p);
  assert_int_equal(g->s.p[p].nzoo, expect_n);
  assert_int_equal(g->s.p[p].money, expect_n == 2 ? 25 - 8 - 8 : 25 - 8);
  assert_int_equal(g->s.p[p].nhand, 3 - expect_n);
  ark_game_free(g);
}

static void test_animals_count_by_strength(void **st) {
  (void)st;
  static const int side1[5] = { 0, 1, 1, 1, 2 }, side2[5] = { 1, 1, 2, 2, 2 };
  for (int s = 1; s <= 5; s++) {
    animals_count(1, s, side1[s - 1]);
    animals_count(2, s, side2[s - 1]);
  }
}

/* Side II plays from display folders within range for the folder number
** in extra money; side I does not. */
static void test_animals_side2_from_display(void **st) {
  (void)st;
  for (int side = 1; side <= 2; side++) {
    int p;
    ark_game *g = animals_game(&p);
    t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
    if (side == 2) t_upgrade(g, p, ARK_ACT_ANIMALS);
    g->s.p[p].reputation = 2;           /* range: folders 1-2 */
    t_put_display(g, 2, 404);           /* Caracal, 9 money, size 2 */
    t_put_display(g, 3, 439);           /* Lama, 10 money, size 2: out of range */
    t_put_building(g, p, "size-2", "(0,5) (0,7)");
    int appeal = g->s.p[p].appeal;
    t_ready(g);
    if (side == 1) {
      assert_false(t_offered(g, "Animals I at strength 2"));
      ark_game_free(g);
      continue;
    }
    t_answer(g, "Animals II at strength 2");
    turn_over(g, p);                     /* the Caracal was the only choice */
    assert_int_equal(g->s.p[p].money, 25 - 9 - 2);
    assert_int_equal(t_building_of(g, p, 404), 0);
    assert_int_equal(g->s.p[p].appeal, appeal + 4);
    assert_int_equal(ark_zone_display_find(g, t_card(g, 404)), -1);
    ark_game_free(g);
  }
  /* both in range: the choice names the folder and the price */
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_upgrade(g, p, ARK_ACT_ANIMALS);
  g->s.p[p].reputation = 4;             /* range: folders 1-3 */
  t_put_display(g, 2, 404);
  t_put_display(g, 3, 439);
  t_put_display(g, 4, 450);             /* Common Wombat: folder 4, out of range */
  t_put_building(g, p, "size-2", "(0,5) (0,7)");
  t_ready(g);
  t_answer(g, "Animals II at strength 2");
  t_expect(g, "animals.card", p);
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "play Caracal (404) from folder 2 for 11 money"));
  t_answer(g, "play Lama (439) from folder 3 for 13 money");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 - 13);
  ark_game_free(g);
}

/* Side II at strength 5: 1 reputation before the action; it widens the
** range from folder 1 to folders 1-2 (reputation 2). */
static void test_animals_side2_strength5_reputation(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 5);
  t_upgrade(g, p, ARK_ACT_ANIMALS);
  t_put_building(g, p, "size-2", "(0,5) (0,7)");
  t_give(g, p, 405);
  ark_state base = g->s;
  t_ready(g);
  t_answer(g, "Animals II at strength 5");
  turn_over(g, p);                       /* one animal, one enclosure */
  assert_int_equal(t_building_of(g, p, 405), 0);
  assert_int_equal(g->s.p[p].reputation, 2);
  /* strength 4: no reputation */
  g->s = base;
  t_set_slot(g, p, ARK_ACT_ANIMALS, 4);
  t_ready(g);
  t_answer(g, "Animals II at strength 4");
  turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 405), 0);
  assert_int_equal(g->s.p[p].reputation, 1);
  /* the only animal lies in folder 2: reachable once the reputation came */
  g->s = base;
  t_clear_hand(g, p);
  t_put_display(g, 2, 404);
  t_ready(g);
  t_answer(g, "Animals II at strength 5");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 2);
  assert_int_equal(g->s.p[p].money, 25 - 9 - 2);
  assert_int_equal(t_building_of(g, p, 404), 0);
  ark_game_free(g);
}

/* Side II at strength 5 from reputation 4: the reputation reaches space 5,
** whose reward (an upgrade) comes before the animals, and both choices are
** copies of the game (gain_then keeps the animals: rules.lua). */
static void test_animals_side2_reward_first(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  g->s.p[p].reputation = 4;
  g->s.p[p].rep_bonus_done = 0;          /* no reputation bonus taken yet */
  t_set_slot(g, p, ARK_ACT_ANIMALS, 5);
  t_upgrade(g, p, ARK_ACT_ANIMALS);
  t_put_building(g, p, "size-2", "(0,5) (0,7)");
  t_give(g, p, 405);
  t_give(g, p, 404);
  t_ready(g);
  t_answer(g, "Animals II at strength 5");
  t_expect_copy(g, "upgrade", p);
  assert_int_equal(g->s.p[p].reputation, 5);
  t_answer_match(g, "Build");
  assert_true(g->s.p[p].upgraded & (1u << ARK_ACT_BUILD));
  t_expect_copy(g, "animals.card", p);
  t_answer_match(g, "play Caracal (404)");
  turn_over(g, p);                       /* one enclosure: taken without a question */
  assert_int_equal(t_building_of(g, p, 404), 0);
  assert_int_equal(g->s.p[p].money, 25 - 9);
  ark_game_free(g);
}

/* Minus 3 per continent icon with a partner zoo there. */
static void test_animals_partner_zoo_discount(void **st) {
  (void)st;
  static const struct { uint8_t zoos; int cheetah, elephant; } cases[] = {
    { 0, 17, 36 },
    { 1u << 2, 17, 36 },                 /* Asia only: no discount */
    { 1u << 0, 14, 30 },                 /* Africa: 1 and 2 Africa icons */
    { (1u << 0) | (1u << 2), 14, 30 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int p;
    ark_game *g = animals_game(&p);
    t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
    t_upgrade(g, p, ARK_ACT_ANIMALS);    /* the elephant needs Animals II */
    g->s.p[p].money = 40;
    g->s.p[p].partner_zoos = cases[i].zoos;
    t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)");
    t_give(g, p, 401);                   /* Cheetah 17, predator x2 + Africa */
    t_give(g, p, 426);                   /* African Bush Elephant 36, Africa x2 */
    t_ready(g);
    t_answer(g, "Animals II at strength 2");
    t_expect(g, "animals.card", p);
    char t[96];
    snprintf(t, sizeof t, "play Cheetah (401) for %d money", cases[i].cheetah);
    assert_true(t_offered(g, t));
    snprintf(t, sizeof t, "play African Bush Elephant (426) for %d money", cases[i].elephant);
    t_answer(g, t);
    turn_over(g, p);
    assert_int_equal(g->s.p[p].money, 40 - cases[i].elephant);
    ark_game_free(g);
  }
}

/* The option texts the rules keep once made (per card, folder and cost;
** per strength and side) show each game's own numbers: copies of a game
** share their content's kept texts, and a discount in one changes the
** cost it shows, as Sponsors II changes the money offered. */
static void test_kept_option_texts_follow_numbers(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_upgrade(g, p, ARK_ACT_ANIMALS);
  t_set_slot(g, p, ARK_ACT_SPONSORS, 3);
  g->s.p[p].money = 40;
  t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)");
  t_give(g, p, 401);                     /* Cheetah 17, Africa */
  t_give(g, p, 426);                     /* African Bush Elephant: two choices */
  t_give(g, p, 223);                     /* Science Institute, level 3 */
  ark_game *c[4] = { g, ark_game_clone(g), ark_game_clone(g), ark_game_clone(g) };
  c[1]->s.p[p].partner_zoos = AFRICA;    /* 3 less */
  t_upgrade(c[3], p, ARK_ACT_SPONSORS);
  static const char *const play[4] = {
    "Animals II at strength 2", "Animals II at strength 2",
    "Sponsors I at strength 3", "Sponsors II at strength 3"
  };
  static const char *const shown[4] = {
    "play Cheetah (401) for 17 money", "play Cheetah (401) for 14 money",
    "take 3 money and advance the break by 3", "take 6 money and advance the break by 3"
  };
  for (int i = 0; i < 4; i++) {
    t_ready(c[i]);
    t_answer(c[i], play[i]);
    t_expect(c[i], i < 2 ? "animals.card" : "sponsors.card", p);
    assert_true(t_offered(c[i], shown[i]));
    assert_false(t_offered(c[i], shown[i ^ 1]));
    ark_game_free(c[i]);
  }
}

/* Standard enclosures: empty, at least the animal's size, with the water
** and rock spaces it needs next to it. */
static void test_animals_enclosure_fit(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_put_building(g, p, "size-1", "(0,9)");              /* #0 too small */
  int full = t_put_building(g, p, "size-2", "(8,1) (8,3)"); /* #1 occupied */
  t_put_building(g, p, "size-2", "(6,1) (7,2)");        /* #2 */
  t_put_building(g, p, "size-3", "(3,4) (3,6) (4,5)");  /* #3 */
  t_put_animal(g, p, 419, full);
  t_give(g, p, 404);                                   /* Caracal, size 2 */
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  t_expect(g, "animals.enclosure", p);
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "into size-2 #2"));
  t_answer(g, "into size-3 #3");
  turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 404), 3);
  assert_int_equal(g->s.p[p].zoo_map.b[3].used, 1);
  ark_game_free(g);

  /* water and rock: (6,1)-(7,2) touches 1 rock, no water; (1,2)-(2,3)
  ** touches 3 water and 2 rock; (1,6)-(1,8) touches 2 water, no rock */
  g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_put_building(g, p, "size-2", "(6,1) (7,2)");       /* #0 */
  t_put_building(g, p, "size-2", "(1,2) (2,3)");       /* #1 */
  t_put_building(g, p, "size-2", "(1,6) (1,8)");       /* #2 */
  t_give(g, p, 497);                                   /* Lesser Flamingo: 1 water */
  t_give(g, p, 444);                                   /* Alpine Ibex: 2 rock */
  ark_state base = g->s;
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  t_answer(g, "play Lesser Flamingo (497) for 15 money");
  t_expect(g, "animals.enclosure", p);
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "into size-2 #1"));
  assert_true(t_offered(g, "into size-2 #2"));
  g->s = base;
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  t_answer(g, "play Alpine Ibex (444) for 10 money");
  turn_over(g, p);                                     /* one enclosure fits */
  assert_int_equal(t_building_of(g, p, 444), 1);
  ark_game_free(g);
}

/* Petting-zoo animals go only into the petting zoo; its capacity is 3. */
static void test_animals_petting_zoo(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  t_put_building(g, p, "size-1", "(0,9)");
  int pz = t_put_building(g, p, "petting-zoo", "(0,5) (0,7) (1,4)");
  t_put_animal(g, p, 520, pz);
  t_put_animal(g, p, 522, pz);
  t_give(g, p, 519);                                   /* Goat, 7 money */
  ark_state two_in = g->s;
  t_ready(g);
  t_answer(g, "Animals I at strength 2");
  turn_over(g, p);                                     /* one place: asked of nobody */
  assert_int_equal(t_building_of(g, p, 519), pz);
  assert_int_equal(g->s.p[p].zoo_map.b[pz].used, 3);
  assert_int_equal(g->s.p[p].zoo_map.b[0].used, 0);
  assert_int_equal(g->s.p[p].money, 25 - 7);
  /* full with 3 */
  g->s = two_in;
  t_put_animal(g, p, 523, pz);
  t_ready(g);
  assert_false(t_offered(g, "Animals I at strength 2"));
  ark_game_free(g);
}

/* Reptile house and large bird aviary hold animals whose sizes there add
** up to at most 5. */
static void test_animals_special_capacity(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 5);
  int rh = t_put_building(g, p, "reptile-house", "(0,5) (1,2) (1,4) (1,6) (2,3)");
  t_put_animal(g, p, 490, rh);                         /* Gould's Monitor: 2 */
  t_put_animal(g, p, 472, rh);                         /* Rock Monitor: 1 */
  t_put_animal(g, p, 474, rh);                         /* Indian Rock Python: 1 */
  t_give(g, p, 471);                                   /* Spurred Tortoise: 2, no room */
  t_give(g, p, 470);                                   /* Green Mamba: 1 */
  t_ready(g);
  t_answer(g, "Animals I at strength 5");
  turn_over(g, p);                                     /* only the mamba, then nothing */
  assert_int_equal(t_building_of(g, p, 470), rh);
  assert_int_equal(g->s.p[p].zoo_map.b[rh].used, 5);
  assert_true(t_in_hand(g, p, 471));
  assert_int_equal(g->s.p[p].money, 25 - 13);
  ark_game_free(g);

  g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 5);
  int av = t_put_building(g, p, "large-bird-aviary", "(0,5) (0,7) (1,6) (1,8) (2,5)");
  t_put_animal(g, p, 494, av);                         /* Ostrich: 4 */
  t_give(g, p, 496);                                   /* Marabou: 1 */
  t_give(g, p, 495);                                   /* Secretary Bird: 1 */
  t_ready(g);
  t_answer(g, "Animals I at strength 5");
  t_expect(g, "animals.card", p);
  t_answer(g, "play Marabou (496) for 10 money");
  turn_over(g, p);                                     /* full: no second animal */
  assert_int_equal(g->s.p[p].zoo_map.b[av].used, 5);
  assert_true(t_in_hand(g, p, 495));
  ark_game_free(g);
}

/* Printed conditions: icons, a partner zoo, Animals II. */
static int animal_offered(int number, int side, uint8_t zoos, uint8_t unis) {
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 2);
  if (side == 2) t_upgrade(g, p, ARK_ACT_ANIMALS);
  g->s.p[p].money = 40;
  g->s.p[p].partner_zoos = zoos;
  g->s.p[p].universities = unis;
  t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)");
  t_give(g, p, number);
  t_ready(g);
  int r = t_offered(g, side == 1 ? "Animals I at strength 2" : "Animals II at strength 2");
  ark_game_free(g);
  return r;
}

static void test_animals_conditions(void **st) {
  (void)st;
  const uint8_t research = 1u << ARK_UNI_RESEARCH, reput = 1u << ARK_UNI_REPUTATION;
  /* Red Panda: 2 research icons */
  assert_false(animal_offered(434, 1, 0, 0));
  assert_false(animal_offered(434, 1, 0, reput));      /* 1 icon */
  assert_true(animal_offered(434, 1, 0, research));    /* 2 icons */
  /* Barbary Macaque: a partner zoo, any */
  assert_false(animal_offered(456, 1, 0, 0));
  assert_true(animal_offered(456, 1, AUSTRALIA, 0));
  /* Indian Rhinoceros: Animals II */
  assert_false(animal_offered(432, 1, 0, 0));
  assert_true(animal_offered(432, 2, 0, 0));
  /* Eurasian Lynx: 2 Europe icons (a partner zoo gives one) */
  assert_false(animal_offered(418, 1, EUROPE, 0));
}

/* Printed appeal, conservation, reputation and icons are gained. */
static void test_animals_printed_gains(void **st) {
  (void)st;
  int p;
  ark_game *g = animals_game(&p);
  t_set_slot(g, p, ARK_ACT_ANIMALS, 5);
  g->s.p[p].money = 40;
  g->s.p[p].appeal = 2;
  g->s.p[p].conservation = 0;
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;     /* 2 research icons */
  t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)");
  t_put_building(g, p, "size-1", "(0,9)");
  t_give(g, p, 401);                                   /* Cheetah */
  t_give(g, p, 468);                                   /* Cotton-Top Tamarin */
  t_ready(g);
  t_answer(g, "Animals I at strength 5");
  t_answer(g, "play Cheetah (401) for 17 money");
  t_answer(g, "play Cotton-Top Tamarin (468) for 15 money");
  turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->money, 40 - 17 - 15);
  assert_int_equal(pl->appeal, 2 + 6 + 4);
  assert_int_equal(pl->conservation, 1);
  assert_int_equal(pl->reputation, 2);
  assert_int_equal(pl->icons[ARK_ICON_PREDATOR], 2);
  assert_int_equal(pl->icons[ARK_ICON_AFRICA], 1);
  assert_int_equal(pl->icons[ARK_ICON_PRIMATE], 1);
  assert_int_equal(pl->icons[ARK_ICON_AMERICAS], 1);
  assert_int_equal(pl->icons[ARK_ICON_SCIENCE], 2);
  assert_int_equal(t_building_of(g, p, 401), 0);
  assert_int_equal(t_building_of(g, p, 468), 1);
  ark_game_free(g);
}

/* ---- Association ---------------------------------------------------------- */

/* A 3-player game (no blocked project levels) on map 0; the current player
** holds no cards, 25 money, reputation 1, one worker. */
static ark_game *assoc_game(int players, int *pp) {
  ark_game *g = game(players, "0");
  int p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = 25;
  g->s.p[p].reputation = 1;
  t_put_display(g, 1, 223);            /* no project within reach by chance */
  t_put_display(g, 2, 261);
  *pp = p;
  return g;
}

static void assoc_play(ark_game *g, int p, int side, int s) {
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, s);
  if (side == 2) t_upgrade(g, p, ARK_ACT_ASSOCIATION);
  t_ready(g);
  t_answerf(g, "Association %s at strength %d", side == 1 ? "I" : "II", s);
}

/* Tasks by strength: reputation 2, partner zoo 3, university 4, project 5. */
static void test_association_task_strengths(void **st) {
  (void)st;
  static const char *const tasks[4] = {
    "reputation (strength 2, 1 worker)", "partner zoo (strength 3, 1 worker)",
    "university (strength 4, 1 worker)", "project (strength 5, 1 worker)"
  };
  for (int s = 1; s <= 5; s++) {
    int p;
    ark_game *g = assoc_game(3, &p);
    g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;  /* 2 research icons */
    t_give(g, p, 132);                                /* Research: level 3 needs 2 */
    t_set_slot(g, p, ARK_ACT_ASSOCIATION, s);
    t_ready(g);
    char label[64];
    snprintf(label, sizeof label, "Association I at strength %d", s);
    if (s == 1) {
      assert_false(t_offered(g, label));
      ark_game_free(g);
      continue;
    }
    t_answer(g, label);
    if (s == 2) {
      /* the reputation task is the only one: nobody is asked */
      turn_over(g, p);
      assert_int_equal(g->s.p[p].reputation, 3);
      assert_int_equal(g->s.p[p].workers_out, 1);
      assert_int_equal(g->s.p[p].task_workers[ARK_TASK_REPUTATION], 1);
      ark_game_free(g);
      continue;
    }
    t_expect(g, "association.task", p);
    assert_int_equal(t_noptions(g), s - 1);
    for (int t = 0; t < 4; t++) assert_int_equal(t_offered(g, tasks[t]), t + 2 <= s);
    ark_game_free(g);
  }
}

/* A second worker is needed on a task that already holds one of yours. */
static void test_association_workers(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  g->s.p[p].workers = 3;
  g->s.p[p].workers_out = 1;
  g->s.p[p].task_workers[ARK_TASK_REPUTATION] = 1;
  ark_state base = g->s;
  assoc_play(g, p, 1, 2);
  turn_over(g, p);
  assert_int_equal(g->s.p[p].workers_out, 3);
  assert_int_equal(g->s.p[p].reputation, 3);
  /* only one worker free: the reputation task is closed, partner zoo open */
  g->s = base;
  g->s.p[p].workers = 2;
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 2);
  t_ready(g);
  assert_false(t_offered(g, "Association I at strength 2"));
  assoc_play(g, p, 1, 3);
  t_expect(g, "partner-zoo", p);          /* the task list had one entry */
  t_answer(g, "partner zoo europe");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].workers_out, 2);
  assert_int_equal(g->s.p[p].partner_zoos, EUROPE);
  ark_game_free(g);
}

/* Side II: several different tasks within the strength, then a donation. */
static void test_association_side2_tasks_and_donation(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(2, &p);
  g->s.p[p].workers = 2;
  assoc_play(g, p, 2, 5);
  t_expect(g, "association.task", p);
  t_answer(g, "reputation (strength 2, 1 worker)");
  t_expect(g, "association.task", p);
  /* 3 left: partner zoo, or stop; not the reputation task again */
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "no more tasks"));
  t_answer(g, "partner zoo (strength 3, 1 worker)");
  t_expect(g, "partner-zoo", p);
  t_answer(g, "partner zoo asia");
  t_expect(g, "association.donation", p);
  t_answer(g, "donate 2 money for 1 conservation point");
  turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->reputation, 3);
  assert_int_equal(pl->partner_zoos, ASIA);
  assert_int_equal(pl->money, 23);
  assert_int_equal(pl->conservation, 1);
  assert_int_equal(pl->workers_out, 2);
  assert_int_equal(g->s.donations, 1);
  ark_game_free(g);
}

/* Donation prices, 3-4 players: 2,5,5,7,7,10,10 then 12; 2 players:
** 2,5,7,10 then 12.  Association I never donates. */
static void donation_prices(int players, const int *price, int n) {
  for (int k = 0; k < n; k++) {
    int p;
    ark_game *g = assoc_game(players, &p);
    g->s.donations = (uint8_t)k;
    assoc_play(g, p, 2, 2);
    t_expect(g, "association.donation", p);
    assert_int_equal(t_noptions(g), 2);
    t_answerf(g, "donate %d money for 1 conservation point", price[k]);
    turn_over(g, p);
    assert_int_equal(g->s.p[p].money, 25 - price[k]);
    assert_int_equal(g->s.p[p].conservation, 1);
    assert_int_equal(g->s.donations, k + 1);
    ark_game_free(g);
  }
}

static void test_association_donation_prices(void **st) {
  (void)st;
  static const int many[] = { 2, 5, 5, 7, 7, 10, 10, 12, 12 };
  static const int two[] = { 2, 5, 7, 10, 12, 12 };
  donation_prices(3, many, 9);
  donation_prices(4, many, 9);
  donation_prices(2, two, 6);
  /* the track is shared: the next player's first donation costs 5 */
  int p;
  ark_game *g = assoc_game(3, &p);
  assoc_play(g, p, 2, 2);
  t_answer(g, "donate 2 money for 1 conservation point");
  turn_over(g, p);
  int q = t_cur(g);
  g->s.p[q].money = 25;
  assoc_play(g, q, 2, 2);
  t_expect(g, "association.donation", q);
  t_answer(g, "donate 5 money for 1 conservation point");
  turn_over(g, q);
  assert_int_equal(g->s.p[q].money, 20);
  /* side I: no donation question */
  int r = t_cur(g);
  g->s.p[r].money = 25;
  assoc_play(g, r, 1, 2);
  turn_over(g, r);
  assert_int_equal(g->s.p[r].money, 25);
  assert_int_equal(g->s.donations, 2);
  ark_game_free(g);
}

/* Partner zoos: one per continent, off the board once taken, at most 2
** (4 with Association II); the 2nd upgrades an action card, the 3rd
** brings a worker. */
static void test_association_partner_zoos(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  int q = (p + 1) % 3;
  g->s.p[p].partner_zoos = AFRICA;
  g->s.p[q].partner_zoos = AMERICAS;
  g->s.board_zoos = 0x1f & ~(AFRICA | AMERICAS);
  ark_state base = g->s;
  assoc_play(g, p, 1, 3);
  t_answer(g, "partner zoo (strength 3, 1 worker)");
  t_expect(g, "partner-zoo", p);
  assert_int_equal(t_noptions(g), 3);
  assert_false(t_offered(g, "partner zoo africa"));    /* already mine */
  assert_false(t_offered(g, "partner zoo americas"));  /* off the board */
  t_answer(g, "partner zoo asia");
  t_expect_copy(g, "upgrade", p);                 /* second partner zoo, a copy */
  t_answerf(g, "Build (slot %d)", t_slot_of(g, p, ARK_ACT_BUILD));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].partner_zoos, AFRICA | ASIA);
  assert_int_equal(g->s.board_zoos, AUSTRALIA | EUROPE);
  assert_true(g->s.p[p].upgraded & (1u << ARK_ACT_BUILD));
  assert_int_equal(g->s.p[p].icons[ARK_ICON_ASIA], 1);
  /* side I holds 2: the task is gone, only reputation is left */
  g->s = base;
  g->s.p[p].partner_zoos = AFRICA | ASIA;
  assoc_play(g, p, 1, 3);
  turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 3);
  assert_int_equal(g->s.p[p].partner_zoos, AFRICA | ASIA);
  /* side II: a third brings a worker */
  g->s = base;
  g->s.p[p].partner_zoos = AFRICA | ASIA;
  assoc_play(g, p, 2, 3);
  t_answer(g, "partner zoo (strength 3, 1 worker)");
  t_answer(g, "partner zoo europe");
  t_expect(g, "association.donation", p);
  t_answer(g, "no donation");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].workers, 2);
  assert_int_equal(g->s.p[p].partner_zoos, AFRICA | ASIA | EUROPE);
  /* side II holds 4: no fifth */
  g->s = base;
  g->s.p[p].partner_zoos = AFRICA | ASIA | EUROPE | AUSTRALIA;
  g->s.board_zoos = 0x1f & ~AMERICAS;
  assoc_play(g, p, 2, 3);
  t_expect(g, "association.donation", p);         /* the reputation task ran alone */
  assert_int_equal(g->s.p[p].reputation, 3);
  ark_game_free(g);
}

/* p plays Association at strength 4 and takes the university `name`. */
static void take_university(ark_game *g, int p, const char *name) {
  assoc_play(g, p, 1, 4);
  t_answer(g, "university (strength 4, 1 worker)");
  t_answer(g, name);
}

/* Universities: research 2 research icons; reputation 1 icon + 2
** reputation; library 1 reputation + hand limit 5.  The 2nd upgrades. */
static void test_association_universities(void **st) {
  (void)st;
  static const struct { const char *name; int science, rep, limit; } u[3] = {
    { "research university", 2, 1, 3 },
    { "reputation university", 1, 3, 3 },
    { "library university", 0, 2, 5 },
  };
  for (int i = 0; i < 3; i++) {
    int p;
    ark_game *g = assoc_game(3, &p);
    assoc_play(g, p, 1, 4);
    t_answer(g, "university (strength 4, 1 worker)");
    t_expect(g, "university", p);
    assert_int_equal(t_noptions(g), 3);
    t_answer(g, u[i].name);
    turn_over(g, p);
    const ark_player *pl = &g->s.p[p];
    assert_int_equal(pl->universities, 1u << i);
    assert_int_equal(pl->icons[ARK_ICON_SCIENCE], u[i].science);
    assert_int_equal(pl->reputation, u[i].rep);
    assert_int_equal(pl->hand_limit, u[i].limit);
    assert_int_equal(g->s.board_unis, 7 & ~(1u << i));
    /* the next player cannot take that one until the break */
    int q = t_cur(g);
    assoc_play(g, q, 1, 4);
    t_answer(g, "university (strength 4, 1 worker)");
    t_expect(g, "university", q);
    assert_int_equal(t_noptions(g), 2);
    assert_false(t_offered(g, u[i].name));
    ark_game_free(g);
  }
  /* the library never lowers a higher hand limit (a rules plugin's, a card's) */
  int p;
  ark_game *g = assoc_game(3, &p);
  g->s.p[p].hand_limit = 6;
  take_university(g, p, "library university");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].hand_limit, 6);
  ark_game_free(g);
  /* a second university upgrades an action card */
  g = assoc_game(3, &p);
  g->s.p[p].universities = 1u << ARK_UNI_LIBRARY;
  g->s.board_unis = 3;
  take_university(g, p, "research university");
  t_expect(g, "upgrade", p);
  t_answerf(g, "Cards (slot %d)", t_slot_of(g, p, ARK_ACT_CARDS));
  turn_over(g, p);
  assert_true(g->s.p[p].upgraded & (1u << ARK_ACT_CARDS));
  ark_game_free(g);
}

/* ---- Association: conservation projects ---------------------------------- */

/* Base project slot i holds project `number` (t_set_base); no level of
** any base project is taken or blocked. */
static void set_base(ark_game *g, int i, int number) {
  t_set_base(g, i, number);
  for (int j = 0; j < g->s.nbase; j++) memset(g->s.base[j].owner, -1, 3);
}

/* n reptile icons: small reptiles in size-1 enclosures along the west edge. */
static void give_reptiles(ark_game *g, int p, int n) {
  static const int reptiles[5] = { 473, 486, 493, 488, 478 };
  static const char *const at[5] = { "(0,5)", "(0,7)", "(0,9)", "(1,6)", "(1,8)" };
  for (int i = 0; i < n; i++)
    t_put_animal(g, p, reptiles[i], t_put_building(g, p, "size-1", at[i]));
}

/* Icon project: the level needs its threshold (level 1 hardest); the
** support pays the level's reward and a map-edge token. */
static void test_project_icon_levels(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  set_base(g, 0, 109);                  /* Reptiles: 5 / 4 / 2 icons, 5 / 4 / 2 CP */
  give_reptiles(g, p, 4);
  ark_state base = g->s;
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_expect(g, "project.support", p);
  assert_false(t_offered(g, "support Reptiles (109) level 1 (5 CP)"));
  assert_true(t_offered(g, "support Reptiles (109) level 3 (2 CP)"));
  t_answer(g, "support Reptiles (109) level 2 (4 CP)");
  t_expect(g, "project.edge", p);
  assert_int_equal(t_noptions(g), 7);
  t_answer(g, "edge bonus: money 12");
  turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->conservation, 4);
  assert_int_equal(pl->supports, 1);
  assert_int_equal(pl->money, 25 + 12);
  assert_int_equal(g->s.base[0].owner[1], p);
  assert_int_equal(pl->icons[ARK_ICON_REPTILE], 4);   /* icons are not spent */
  assert_int_equal(pl->edge_taken, 1u << 5);
  /* level 1 with 5 icons */
  g->s = base;
  give_reptiles(g, p, 0);
  t_put_animal(g, p, 478, t_put_building(g, p, "size-1", "(1,8)"));
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_answer(g, "support Reptiles (109) level 1 (5 CP)");
  t_answer(g, "edge bonus: money 12");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 5);
  assert_int_equal(g->s.base[0].owner[0], p);
  ark_game_free(g);
}

/* A support's rewards in the rules' order, each the step's last decision
** (a copy): the conservation reward its points reach, the reputation
** reward, then the map-edge token. */
static void test_project_support_rewards(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  set_base(g, 0, 125);                  /* Reptile Breeding Program: 2 CP + 2 reputation */
  give_reptiles(g, p, 1);
  ark_player *pl = &g->s.p[p];
  pl->partner_zoos = 0x1f;              /* every continent */
  pl->cp_bonus_done = 0;                /* 0 -> 2 */
  t_upgrade(g, p, ARK_ACT_CARDS);       /* reputation cap 15 */
  pl->reputation = 12;                  /* 12 -> 14 passes 13: a display card */
  pl->rep_bonus_done = 0x7f & ~(1u << 4);
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_answer_match(g, "level 1");
  t_expect_copy(g, "reward.cp2", p);
  t_answer(g, "gain a worker");
  t_expect_copy(g, "card.snap", p);
  int last = g->s.display[5];
  t_answer_match(g, "from folder 6");
  t_expect_copy(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  turn_over(g, p);
  assert_int_equal(pl->conservation, 2);
  assert_int_equal(pl->reputation, 14);
  assert_int_equal(pl->workers, 2);
  assert_true(t_in_list(pl->hand, pl->nhand, last));
  assert_int_equal(pl->money, 25 + 12);
  ark_game_free(g);
}

/* One support per player per project; a level taken by someone is closed;
** a taken map-edge token is not offered again. */
static void test_project_tokens(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  int q = (p + 1) % 3;
  set_base(g, 0, 109);
  give_reptiles(g, p, 5);
  ark_state base = g->s;
  g->s.base[0].owner[1] = (int8_t)q;    /* someone holds level 2 */
  g->s.p[p].edge_taken = 1u << 5;       /* money 12 already taken */
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_expect(g, "project.support", p);
  assert_true(t_offered(g, "support Reptiles (109) level 1 (5 CP)"));
  assert_false(t_offered(g, "support Reptiles (109) level 2 (4 CP)"));
  t_answer(g, "support Reptiles (109) level 3 (2 CP)");
  t_expect(g, "project.edge", p);
  assert_int_equal(t_noptions(g), 6);
  assert_false(t_offered(g, "edge bonus: money 12"));
  t_answer(g, "edge bonus: xtoken 3");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].xtokens, 3);
  assert_int_equal(g->s.p[p].edge_taken, (1u << 5) | (1u << 6));
  /* all 7 taken: the support gives no edge bonus */
  g->s = base;
  g->s.p[p].edge_taken = 0x7f;
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_answer(g, "support Reptiles (109) level 3 (2 CP)");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_int_equal(g->s.p[p].money, 25);
  /* once supported, the project offers no other level to that player */
  g->s = base;
  g->s.base[0].owner[2] = (int8_t)p;
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_ready(g);
  t_answer(g, "Association I at strength 5");
  t_expect(g, "association.task", p);
  if (t_offered(g, "project (strength 5, 1 worker)")) {
    t_answer(g, "project (strength 5, 1 worker)");
    assert_false(t_offered(g, "support Reptiles (109) level 1 (5 CP)"));
    assert_false(t_offered(g, "support Reptiles (109) level 2 (4 CP)"));
  }
  ark_game_free(g);
}

/* Two players: level 1 of the first base project, 2 of the second and 3 of
** the third are blocked. */
static void test_project_two_player_blocks(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(2, &p);
  set_base(g, 0, 109);
  for (int i = 0; i < 3; i++) g->s.base[i].owner[i] = -2;
  give_reptiles(g, p, 5);
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_expect(g, "project.support", p);
  assert_false(t_offered(g, "support Reptiles (109) level 1 (5 CP)"));
  assert_true(t_offered(g, "support Reptiles (109) level 2 (4 CP)"));
  ark_game_free(g);
}

/* Release: the printed size picks the level (4-5, 3, 1-2); the animal is
** discarded, its appeal and icons lost, its enclosure empty, its
** conservation kept. */
static void test_project_release(void **st) {
  (void)st;
  static const struct { int number, appeal, cp; const char *text; } lv[3] = {
    { 401, 6, 5, "support Savanna (118) level 1 (5 CP + 1 reputation) from hand" },
    { 403, 7, 4, "support Savanna (118) level 2 (4 CP + 1 reputation) from hand" },
    { 405, 3, 3, "support Savanna (118) level 3 (3 CP + 1 reputation) from hand" },
  };
  for (int level = 1; level <= 3; level++) {
    int p;
    ark_game *g = assoc_game(3, &p);
    int e[3];
    e[0] = t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)");
    e[1] = t_put_building(g, p, "size-3", "(0,5) (0,7) (1,6)");
    e[2] = t_put_building(g, p, "size-1", "(8,1)");
    t_put_animal(g, p, 401, e[0]);        /* Cheetah: size 5, 2 predator icons */
    t_put_animal(g, p, 403, e[1]);        /* Leopard: size 3, 1 CP printed */
    t_put_animal(g, p, 405, e[2]);        /* Fennec Fox: size 1 */
    g->s.p[p].appeal = 20;
    g->s.p[p].conservation = 1;           /* the Leopard's */
    t_give(g, p, 118);                    /* Savanna: predators; 5 / 4 / 3 CP + 1 rep */
    assoc_play(g, p, 1, 5);
    t_answer(g, "project (strength 5, 1 worker)");
    t_expect(g, "project.support", p);
    assert_int_equal(t_noptions(g), 3);
    t_answer(g, lv[level - 1].text);
    /* one animal fits each level: released without a question */
    t_expect(g, "project.edge", p);
    t_answer(g, "edge bonus: money 12");
    turn_over(g, p);
    const ark_player *pl = &g->s.p[p];
    int gone = lv[level - 1].number;
    assert_int_equal(pl->appeal, 20 - lv[level - 1].appeal);
    assert_int_equal(pl->conservation, 1 + lv[level - 1].cp);
    assert_int_equal(pl->reputation, 2);
    assert_true(t_in_discard(g, gone));
    assert_int_equal(ark_zone_zoo_find(g, p, t_card(g, gone)), -1);
    assert_int_equal(pl->nzoo, 2);
    for (int i = 0; i < 3; i++) {
      assert_int_equal(pl->zoo_map.b[e[i]].used, i != level - 1);
      if (i == level - 1) assert_int_equal(pl->zoo_map.b[e[i]].card, -1);
    }
    assert_int_equal(pl->icons[ARK_ICON_PREDATOR], 4 - (level == 1 ? 2 : 1));
    assert_int_equal(pl->icons[ARK_ICON_AFRICA], 2);
    assert_int_equal(g->s.row[0].card, t_card(g, 118));
    assert_int_equal(g->s.row[0].owner[level - 1], p);
    ark_game_free(g);
  }
}

/* Breeding: an animal of the category from a continent with one of your
** partner zoos; the levels differ only in reward. */
static void test_project_breeding(void **st) {
  (void)st;
  for (int zoo = 0; zoo < 2; zoo++) {
    int p;
    ark_game *g = assoc_game(3, &p);
    t_put_animal(g, p, 401, t_put_building(g, p, "size-5", "(3,8) (3,10) (3,12) (4,9) (4,11)"));
    g->s.p[p].partner_zoos = zoo ? AFRICA : ASIA;
    t_give(g, p, 124);                   /* Predator Breeding Program */
    assoc_play(g, p, 1, 5);
    t_expect(g, "association.task", p);
    if (!zoo) {
      /* no Africa partner zoo: the project cannot be supported */
      assert_false(t_offered(g, "project (strength 5, 1 worker)"));
      assert_true(t_offered(g, "university (strength 4, 1 worker)"));
      ark_game_free(g);
      continue;
    }
    t_answer(g, "project (strength 5, 1 worker)");
    t_expect(g, "project.support", p);
    assert_int_equal(t_noptions(g), 3);
    assert_true(t_offered(g, "support Predator Breeding Program (124) level 2 (1 CP + 2 reputation) from hand"));
    assert_true(t_offered(g, "support Predator Breeding Program (124) level 3 (2 CP) from hand"));
    t_answer(g, "support Predator Breeding Program (124) level 1 (2 CP + 2 reputation) from hand");
    t_answer(g, "edge bonus: money 12");
    turn_over(g, p);
    assert_int_equal(g->s.p[p].conservation, 2);
    assert_int_equal(g->s.p[p].reputation, 3);
    assert_int_equal(g->s.p[p].supports, 1);
    ark_game_free(g);
  }
}

/* A new project enters the first of 3 row slots; with 3 there, the oldest
** is discarded; supports already made still count. */
static void test_project_row(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  int q = (p + 1) % 3;
  int old[3] = { t_take_out(g, 113), t_take_out(g, 114), t_take_out(g, 115) };
  for (int i = 0; i < 3; i++) {
    g->s.row[i].card = (int16_t)old[i];
    memset(g->s.row[i].owner, -1, 3);
  }
  g->s.row[2].owner[0] = (int8_t)q;     /* q supported the oldest */
  g->s.p[q].supports = 1;
  g->s.p[q].conservation = 5;
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;
  t_give(g, p, 132);                    /* Research: 2 icons for level 3 */
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  /* level 3 of Research is the only support: nobody is asked */
  t_expect(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  turn_over(g, p);
  assert_int_equal(g->s.row[0].card, t_card(g, 132));
  assert_int_equal(g->s.row[1].card, old[0]);
  assert_int_equal(g->s.row[2].card, old[1]);
  assert_true(t_in_discard(g, 115));
  assert_int_equal(g->s.p[q].supports, 1);
  assert_int_equal(g->s.p[q].conservation, 5);
  assert_int_equal(g->s.p[p].conservation, 2);
  ark_game_free(g);
}

/* Association II may take the project from a display folder in range,
** paying the folder number; side I may not. */
static void test_project_from_display(void **st) {
  (void)st;
  for (int side = 1; side <= 2; side++) {
    int p;
    ark_game *g = assoc_game(3, &p);
    g->s.p[p].reputation = 2;
    g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;
    t_put_display(g, 2, 132);
    assoc_play(g, p, side, 5);
    t_expect(g, "association.task", p);
    if (side == 1) {
      assert_false(t_offered(g, "project (strength 5, 1 worker)"));
      ark_game_free(g);
      continue;
    }
    t_answer(g, "project (strength 5, 1 worker)");
    t_expect(g, "project.edge", p);     /* the only support, from folder 2 */
    t_answer(g, "edge bonus: money 12");
    t_expect(g, "association.donation", p);
    t_answer(g, "no donation");
    turn_over(g, p);
    assert_int_equal(g->s.p[p].money, 25 - 2 + 12);
    assert_int_equal(g->s.p[p].conservation, 2);
    assert_int_equal(g->s.row[0].card, t_card(g, 132));
    ark_game_free(g);
  }
}

/* Income by the rules' bands (start, base, step). */
static int income(int appeal) {
  static const int band[6][3] = { {0, 5, 1}, {6, 11, 2}, {18, 17, 3}, {36, 23, 4},
                                  {60, 29, 5}, {90, 35, 6} };
  int i = 5;
  while (i > 0 && appeal < band[i][0]) i--;
  return band[i][1] + (appeal - band[i][0]) / band[i][2];
}

/* A ↻ map-edge token pays again at every break. */
static void test_project_recurring_edge_bonus(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(3, &p);
  set_base(g, 0, 109);
  give_reptiles(g, p, 2);
  g->s.p[p].appeal = 9;
  assoc_play(g, p, 1, 5);
  t_answer(g, "project (strength 5, 1 worker)");
  t_expect(g, "project.edge", p);       /* level 3 was the only support */
  t_answer(g, "edge bonus: money 5 (every break)");
  /* the break comes at the end of this turn (hands within the limit) */
  for (int i = 0; i < 3; i++) t_clear_hand(g, i);
  g->s.break_pos = g->s.break_len;
  g->s.break_trigger = (int8_t)p;
  int money = g->s.p[p].money;
  assert_int_equal(money, 25 + 5);
  t_expect(g, "action", (p + 1) % 3);
  assert_int_equal(g->s.break_pos, 0);
  assert_int_equal(g->s.p[p].money, money + income(9) + 5);
  assert_int_equal(income(9), 12);
  ark_game_free(g);
}

/* At a break only the map-edge slots taken pay again, and of those only
** the recurring ones, each once (map 0: 3 money 5, 4 conservation 1, 6
** money 12 once, 7 X tokens 3 once).  Taken bits above the last one that
** pays, and the gaps between, change nothing. */
static void test_break_pays_taken_recurring_slots(void **st) {
  (void)st;
  static const struct { unsigned taken; int money, cp; } cases[] = {
    { 0x00, 0, 0 }, { 0x04, 5, 0 }, { 0x08, 0, 1 }, { 0x0c, 5, 1 },
    { 0x2c, 5, 1 }, { 0x60, 0, 0 }, { 0x48, 0, 1 },
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    ark_game *g = game(2, "0");
    int p = t_cur(g);
    for (int i = 0; i < 2; i++) t_clear_hand(g, i);
    ark_player *pl = &g->s.p[p];
    pl->edge_taken = (uint8_t)cases[k].taken;
    pl->appeal = 9;
    pl->money = 20;
    pl->conservation = 0;
    int x = pl->xtokens;
    g->s.break_pos = g->s.break_len;
    g->s.break_trigger = (int8_t)p;
    t_answer(g, "X-token action: Cards to slot 1");
    t_expect(g, "action", 1 - p);
    assert_int_equal(g->s.break_pos, 0);
    assert_int_equal(pl->money, 20 + income(9) + cases[k].money);
    assert_int_equal(pl->conservation, cases[k].cp);
    assert_int_equal(pl->xtokens, x + 1);     /* the X-token action's, not slot 7's */
    ark_game_free(g);
  }
}

/* Partner zoos and universities return to the board at the break unless
** every player already has them. */
static void test_association_board_returns_at_break(void **st) {
  (void)st;
  int p;
  ark_game *g = assoc_game(2, &p);
  int q = (p + 1) % 2;
  g->s.p[p].partner_zoos = EUROPE;
  g->s.p[q].partner_zoos = EUROPE | AFRICA;
  g->s.board_zoos = 0x1f & ~(EUROPE | AFRICA);
  assoc_play(g, p, 1, 3);
  t_answer(g, "partner zoo (strength 3, 1 worker)");
  t_answer(g, "partner zoo asia");
  t_expect(g, "upgrade", p);
  t_answerf(g, "Build (slot %d)", t_slot_of(g, p, ARK_ACT_BUILD));
  assert_int_equal(g->s.board_zoos, AMERICAS | AUSTRALIA);
  for (int i = 0; i < 2; i++) t_clear_hand(g, i);
  g->s.break_pos = g->s.break_len;
  g->s.break_trigger = (int8_t)p;
  t_expect(g, "action", q);
  /* Asia and Africa come back; Europe, held by every player, does not */
  assert_int_equal(g->s.board_zoos, 0x1f & ~EUROPE);
  assert_int_equal(g->s.p[p].workers_out, 0);
  ark_game_free(g);
}

/* ---- Sponsors ------------------------------------------------------------- */

static ark_game *sponsor_game(int *pp) {
  ark_game *g = game(2, "0");
  int p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = 25;
  g->s.p[p].reputation = 1;
  g->s.p[p].appeal = 3;
  t_put_display(g, 1, 401);              /* animals: no sponsor within reach */
  t_put_display(g, 2, 404);
  *pp = p;
  return g;
}

static void sponsor_play(ark_game *g, int p, int side, int s) {
  t_set_slot(g, p, ARK_ACT_SPONSORS, s);
  if (side == 2) t_upgrade(g, p, ARK_ACT_SPONSORS);
  t_ready(g);
  t_answerf(g, "Sponsors %s at strength %d", side == 1 ? "I" : "II", s);
}

/* Side I: one sponsor from hand of level <= strength, for no money. */
static void test_sponsors_side1(void **st) {
  (void)st;
  int p;
  ark_game *g = sponsor_game(&p);
  t_give(g, p, 223);                     /* Science Institute, level 3, 2 research */
  t_give(g, p, 261);                     /* Guided School Tours, level 3, 1 appeal 1 CP */
  t_give(g, p, 203);                     /* Veterinarian, level 4 */
  sponsor_play(g, p, 1, 3);
  t_expect(g, "sponsors.card", p);
  assert_int_equal(t_noptions(g), 3);
  assert_true(t_offered(g, "play Science Institute (223) (level 3)"));
  assert_true(t_offered(g, "take 3 money and advance the break by 3"));
  assert_false(t_offered(g, "play Veterinarian (203) (level 4)"));
  t_answer(g, "play Guided School Tours (261) (level 3)");
  turn_over(g, p);                       /* one sponsor only */
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->money, 25);
  assert_int_equal(pl->appeal, 4);
  assert_int_equal(pl->conservation, 1);
  assert_int_equal(pl->nhand, 2);
  assert_int_equal(pl->nzoo, 1);
  assert_int_equal(g->s.break_pos, 0);
  ark_game_free(g);
}

/* Side II: levels adding up to <= strength + 1, from hand or display
** folders in range (the folder number in money). */
static void test_sponsors_side2(void **st) {
  (void)st;
  int p;
  ark_game *g = sponsor_game(&p);
  g->s.p[p].reputation = 2;              /* folders 1-2 */
  t_give(g, p, 223);
  t_put_display(g, 2, 261);
  t_put_display(g, 3, 231);              /* out of range */
  ark_state base = g->s;
  sponsor_play(g, p, 2, 5);              /* budget 6 */
  t_expect(g, "sponsors.card", p);
  assert_int_equal(t_noptions(g), 3);
  assert_true(t_offered(g, "play Guided School Tours (261) (level 3) from folder 2 for 2 money"));
  assert_true(t_offered(g, "take 10 money and advance the break by 5"));
  t_answer(g, "play Science Institute (223) (level 3)");
  t_expect(g, "sponsors.card", p);
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "finish"));
  t_answer(g, "play Guided School Tours (261) (level 3) from folder 2 for 2 money");
  turn_over(g, p);                       /* budget used */
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->money, 23);
  assert_int_equal(pl->nzoo, 2);
  assert_int_equal(pl->icons[ARK_ICON_SCIENCE], 2);
  assert_int_equal(pl->appeal, 4);
  assert_int_equal(pl->conservation, 1);
  /* strength 4: budget 5, one level-3 sponsor, then nothing fits */
  g->s = base;
  sponsor_play(g, p, 2, 4);
  t_answer(g, "play Science Institute (223) (level 3)");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].nzoo, 1);
  /* a level-6 sponsor at strength 5: side II only */
  g->s = base;
  t_give(g, p, 226);                     /* Foreign Institute: level 6, 2 reputation */
  t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
  t_ready(g);
  t_answer(g, "Sponsors I at strength 5");
  t_expect(g, "sponsors.card", p);
  assert_false(t_offered(g, "play Foreign Institute (226) (level 6)"));
  sponsor_play(g, p, 2, 5);
  t_answer(g, "play Foreign Institute (226) (level 6)");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].reputation, 4);
  assert_int_equal(g->s.p[p].icons[ARK_ICON_SCIENCE], 1);
  ark_game_free(g);
}

/* Instead: break track + strength, money = strength (side II 2 x). */
static void test_sponsors_money_alternative(void **st) {
  (void)st;
  for (int side = 1; side <= 2; side++)
    for (int s = 1; s <= 5; s++) {
      int p;
      ark_game *g = sponsor_game(&p);
      sponsor_play(g, p, side, s);
      /* no sponsor in hand: the money is the only choice */
      turn_over(g, p);
      assert_int_equal(g->s.p[p].money, 25 + (side == 2 ? 2 * s : s));
      assert_int_equal(g->s.break_pos, s);
      ark_game_free(g);
    }
}

/* Printed conditions. */
static int sponsor_offered(int number, int side, int rep, int appeal, int science) {
  int p;
  ark_game *g = sponsor_game(&p);
  g->s.p[p].reputation = (int16_t)rep;
  g->s.p[p].appeal = (int16_t)appeal;
  if (science >= 2) g->s.p[p].universities |= 1u << ARK_UNI_RESEARCH;
  if (science == 1 || science == 3) g->s.p[p].universities |= 1u << ARK_UNI_REPUTATION;
  t_give(g, p, number);
  sponsor_play(g, p, side, 5);
  int r = ark_game_process(g) == ARK_AWAITING && !strcmp(ark_game_decision(g)->tag, "sponsors.card")
          && ark_game_decision(g)->noptions == 2;
  ark_game_free(g);
  return r;
}

static void test_sponsors_conditions(void **st) {
  (void)st;
  /* WAZA Small Animals Program: reputation 3 */
  assert_false(sponsor_offered(228, 1, 2, 3, 0));
  assert_true(sponsor_offered(228, 1, 3, 3, 0));
  /* Science Lab: Sponsors II */
  assert_false(sponsor_offered(201, 1, 1, 3, 0));
  assert_true(sponsor_offered(201, 2, 1, 3, 0));
  /* Gorilla Field Research: 3 research icons */
  assert_false(sponsor_offered(205, 1, 1, 3, 2));
  assert_true(sponsor_offered(205, 1, 1, 3, 3));
  /* Release of Patents: appeal at most 25 */
  assert_true(sponsor_offered(222, 1, 1, 25, 0));
  assert_false(sponsor_offered(222, 1, 1, 26, 0));
}

/* Printed gains and icons: Gorilla Field Research, 1 CP + 2 reputation +
** a research icon. */
static void test_sponsors_printed_gains(void **st) {
  (void)st;
  int p;
  ark_game *g = sponsor_game(&p);
  g->s.p[p].universities = (1u << ARK_UNI_RESEARCH) | (1u << ARK_UNI_REPUTATION);
  t_give(g, p, 205);
  sponsor_play(g, p, 1, 3);
  t_answer(g, "play Gorilla Field Research (205) (level 3)");
  turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->conservation, 1);
  assert_int_equal(pl->reputation, 3);
  assert_int_equal(pl->icons[ARK_ICON_SCIENCE], 3 + 1);
  assert_int_equal(pl->money, 25);
  ark_game_free(g);
}

/* Strength above 5 (X tokens): the strength-5 row of a table, but budgets
** use the full strength. */
static void test_strength_above_five(void **st) {
  (void)st;
  int p;
  ark_game *g = sponsor_game(&p);
  g->s.p[p].xtokens = 1;
  t_give(g, p, 226);                     /* level 6 */
  t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
  ark_state base = g->s;
  t_ready(g);
  t_answer(g, "Sponsors I at strength 6 (1 X)");
  t_answer(g, "play Foreign Institute (226) (level 6)");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].xtokens, 0);
  assert_int_equal(g->s.p[p].reputation, 3);
  /* the money alternative pays the full strength */
  g->s = base;
  t_clear_hand(g, p);
  t_ready(g);
  t_answer(g, "Sponsors I at strength 6 (1 X)");
  turn_over(g, p);
  assert_int_equal(g->s.p[p].money, 25 + 6);
  assert_int_equal(g->s.break_pos, 6);
  ark_game_free(g);

  /* Build II at 7: a size-5 and a size-2 enclosure */
  g = game(2, "0");
  p = t_cur(g);
  g->s.p[p].money = 25;
  g->s.p[p].xtokens = 2;
  t_set_slot(g, p, ARK_ACT_BUILD, 5);
  t_upgrade(g, p, ARK_ACT_BUILD);
  t_ready(g);
  t_answer(g, "Build II at strength 7 (2 X)");
  t_answer(g, "build size-5 (10 money)");
  t_answer(g, place_text("size-5", "(0,5) (0,7) (1,4) (1,6) (1,8)"));
  t_expect(g, "build.kind", p);
  assert_true(t_offered(g, "build size-2 (4 money)"));
  assert_false(t_offered(g, "build size-3 (6 money)"));
  t_answer(g, "build size-2 (4 money)");
  t_answer(g, place_text("size-2", "(2,3) (3,4)"));
  turn_over(g, p);
  assert_int_equal(g->s.p[p].zoo_map.nb, 2);
  assert_int_equal(g->s.p[p].money, 25 - 10 - 4);
  assert_int_equal(g->s.p[p].xtokens, 0);
  ark_game_free(g);

  /* Cards I at 6: the strength-5 row (draw 3, discard 1, or snap) */
  g = game(2, "0");
  p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].xtokens = 1;
  t_set_slot(g, p, ARK_ACT_CARDS, 5);
  t_ready(g);
  t_answer(g, "Cards I at strength 6 (1 X)");
  t_expect(g, "cards.mode", p);
  t_answer(g, "draw 3, discard 1");
  t_expect(g, "card.discard", p);
  t_answer(g, ark_game_decision(g)->options[2]);
  turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 2);
  ark_game_free(g);
}

/* The reputation Animals II gains at strength 5 stops at the cap (9 until
** Cards is upgraded), so it cannot open folder 5 there. */
static void test_animals_strength5_reputation_cap(void **st) {
  (void)st;
  for (int cards2 = 0; cards2 <= 1; cards2++) {
    int p;
    ark_game *g = animals_game(&p);
    t_set_slot(g, p, ARK_ACT_ANIMALS, 5);
    t_upgrade(g, p, ARK_ACT_ANIMALS);
    if (cards2) t_upgrade(g, p, ARK_ACT_CARDS);
    g->s.p[p].reputation = 9;             /* folders 1-4 */
    t_put_display(g, 3, 223);
    t_put_display(g, 4, 261);
    t_put_display(g, 5, 404);             /* Caracal in folder 5 */
    t_put_building(g, p, "size-2", "(0,5) (0,7)");
    t_ready(g);
    assert_int_equal(t_offered(g, "Animals II at strength 5"), cards2);
    if (cards2) {
      t_answer(g, "Animals II at strength 5");
      turn_over(g, p);
      assert_int_equal(g->s.p[p].reputation, 10);
      assert_int_equal(g->s.p[p].money, 25 - 9 - 5);
    }
    ark_game_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_cards_side1_by_strength),
    cmocka_unit_test(test_cards_side2_by_strength),
    cmocka_unit_test(test_cards_snap),
    cmocka_unit_test(test_cards_side2_reputation_range),
    cmocka_unit_test(test_build_side1_one_building),
    cmocka_unit_test(test_build_side2_several_different),
    cmocka_unit_test(test_build_cost_limits_choice),
    cmocka_unit_test(test_build_build2_spaces),
    cmocka_unit_test(test_build_kiosk_spacing),
    cmocka_unit_test(test_build_pavilion_appeal),
    cmocka_unit_test(test_build_placement_bonuses),
    cmocka_unit_test(test_build_card_bonus_is_a_copy),
    cmocka_unit_test(test_build_full_map_appeal),
    cmocka_unit_test(test_build_petting_zoo),
    cmocka_unit_test(test_build_special_enclosures),
    cmocka_unit_test(test_build_move_into_reptile_house),
    cmocka_unit_test(test_animals_count_by_strength),
    cmocka_unit_test(test_animals_side2_from_display),
    cmocka_unit_test(test_animals_side2_strength5_reputation),
    cmocka_unit_test(test_animals_side2_reward_first),
    cmocka_unit_test(test_animals_strength5_reputation_cap),
    cmocka_unit_test(test_animals_partner_zoo_discount),
    cmocka_unit_test(test_kept_option_texts_follow_numbers),
    cmocka_unit_test(test_animals_enclosure_fit),
    cmocka_unit_test(test_animals_petting_zoo),
    cmocka_unit_test(test_animals_special_capacity),
    cmocka_unit_test(test_animals_conditions),
    cmocka_unit_test(test_animals_printed_gains),
    cmocka_unit_test(test_association_task_strengths),
    cmocka_unit_test(test_association_workers),
    cmocka_unit_test(test_association_side2_tasks_and_donation),
    cmocka_unit_test(test_association_donation_prices),
    cmocka_unit_test(test_association_partner_zoos),
    cmocka_unit_test(test_association_universities),
    cmocka_unit_test(test_project_icon_levels),
    cmocka_unit_test(test_project_tokens),
    cmocka_unit_test(test_project_two_player_blocks),
    cmocka_unit_test(test_project_release),
    cmocka_unit_test(test_project_breeding),
    cmocka_unit_test(test_project_row),
    cmocka_unit_test(test_project_from_display),
    cmocka_unit_test(test_project_recurring_edge_bonus),
    cmocka_unit_test(test_project_support_rewards),
    cmocka_unit_test(test_break_pays_taken_recurring_slots),
    cmocka_unit_test(test_association_board_returns_at_break),
    cmocka_unit_test(test_sponsors_side1),
    cmocka_unit_test(test_sponsors_side2),
    cmocka_unit_test(test_sponsors_money_alternative),
    cmocka_unit_test(test_sponsors_conditions),
    cmocka_unit_test(test_sponsors_printed_gains),
    cmocka_unit_test(test_strength_above_five),
    cmocka_unit_test(test_small_reptile_takes_no_room),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
