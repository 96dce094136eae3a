/*
** test_query_board.c - the public readers of a zoo's icons and of the
** association board (query_board.c, declared in ark.h), which the
** terminal board (host/view.c) prints: each asked in a position set up
** through the rules (a partner zoo and a university taken, a project
** supported) or by a scenario edit, against the numbers printed on the
** cards and the board, written out here.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"

#define SEED 11

/* icons by number, as ark.h numbers them */
#define AFRICA (ARK_ICON_CONTINENT + 0)
#define ASIA (ARK_ICON_CONTINENT + 2)
#define EUROPE (ARK_ICON_CONTINENT + 4)
#define SCIENCE 12

/* A two-player game on map 0 at the first turn; the seat to move in *pp,
** with an empty hand and money enough for anything. */
static ark_game *game(int *pp) {
  ark_game *g = t_game(2, SEED, "0");
  int p = g->s.cur;
  t_clear_hand(g, p);
  g->s.p[p].money = 25;
  *pp = p;
  return g;
}

/* p's Association I at strength 5 up to the choice of its task. */
static void association(ark_game *g, int p) {
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_ready(g);
  t_answer(g, "Association I at strength 5");
  t_expect(g, "association.task", p);
}

static void test_names(void **st) {
  (void)st;
  assert_string_equal(ark_icon_name(0), "predator");
  assert_string_equal(ark_icon_name(AFRICA), "africa");
  assert_string_equal(ark_icon_name(EUROPE), "europe");
  assert_string_equal(ark_icon_name(SCIENCE), "science");
  assert_string_equal(ark_icon_name(ARK_ICONS - 1), "water");
  assert_null(ark_icon_name(ARK_ICONS));
  assert_string_equal(ark_university_name(0), "research");
  assert_string_equal(ark_university_name(1), "reputation");
  assert_string_equal(ark_university_name(2), "library");
  assert_null(ark_university_name(ARK_UNIVERSITIES));
  assert_null(ark_university_name(-1));
}

/* A partner zoo taken with the Association action: the seat shows it
** and its continent's icon, and the board no longer offers it. */
static void test_partner_zoo_taken(void **st) {
  (void)st;
  int p;
  ark_game *g = game(&p);
  ark_icons_view iv;
  ark_board_view b;
  ark_game_icons(g, p, &iv);
  assert_int_equal(iv.partner_zoos, 0);
  assert_int_equal(iv.universities, 0);
  for (int i = 0; i < ARK_ICONS; i++) assert_int_equal(iv.icons[i], 0);
  ark_game_board(g, &b);
  assert_int_equal(b.partner_zoos, 0x1f);
  assert_int_equal(b.universities, 0x7);

  association(g, p);
  t_answer_match(g, "partner zoo");
  t_expect(g, "partner-zoo", p);
  t_answer(g, "partner zoo asia");
  ark_game_icons(g, p, &iv);
  assert_int_equal(iv.partner_zoos, 1u << 2);
  assert_int_equal(iv.icons[ASIA], 1);
  assert_int_equal(iv.icons[AFRICA], 0);
  ark_game_board(g, &b);
  assert_int_equal(b.partner_zoos, 0x1f & ~(1u << 2));
  assert_int_equal(b.universities, 0x7);
  /* the other seat has none */
  ark_game_icons(g, 1 - p, &iv);
  assert_int_equal(iv.partner_zoos, 0);
  assert_int_equal(iv.icons[ASIA], 0);
  ark_game_free(g);
}

/* A university taken with the Association action: the research
** university gives two science icons. */
static void test_university_taken(void **st) {
  (void)st;
  int p;
  ark_game *g = game(&p);
  association(g, p);
  t_answer_match(g, "university");
  t_expect(g, "university", p);
  t_answer_match(g, "research");
  ark_icons_view iv;
  ark_game_icons(g, p, &iv);
  assert_int_equal(iv.universities, 1u << 0);
  assert_int_equal(iv.partner_zoos, 0);
  assert_int_equal(iv.icons[SCIENCE], 2);      /* printed on the research university */
  ark_board_view b;
  ark_game_board(g, &b);
  assert_int_equal(b.universities, 0x7 & ~1u);
  assert_int_equal(b.partner_zoos, 0x1f);
  ark_game_free(g);
}

/* Icons of cards in the zoo and of edited partner zoos, each where it
** belongs (a reader reading the wrong seat or icon shows here). */
static void test_icons_edited(void **st) {
  (void)st;
  int p;
  ark_game *g = game(&p);
  t_zoo_add(g, p, 402);              /* an Africa animal */
  t_zoo_add(g, p, 403);              /* another */
  const char *zoos[] = { "africa", "europe" };
  const char *unis[] = { "research", "library" };
  char msg[256];
  assert_int_equal(ark_edit_partner_zoos(g, p, zoos, 2, msg, sizeof msg), 0);
  assert_int_equal(ark_edit_universities(g, p, unis, 2, msg, sizeof msg), 0);
  t_restart(g);
  ark_icons_view iv;
  ark_game_icons(g, p, &iv);
  assert_int_equal(iv.partner_zoos, 1u << 0 | 1u << 4);
  assert_int_equal(iv.universities, 1u << 0 | 1u << 2);
  assert_int_equal(iv.icons[AFRICA], 3);       /* two animals and the partner zoo */
  assert_int_equal(iv.icons[EUROPE], 1);
  assert_int_equal(iv.icons[ASIA], 0);
  for (int i = 0; i < ARK_ICONS; i++) assert_int_equal(iv.icons[i], g->s.p[p].icons[i]);
  ark_game_icons(g, 1 - p, &iv);
  assert_int_equal(iv.partner_zoos, 0);
  assert_int_equal(iv.icons[AFRICA], 0);
  ark_game_icons(g, 7, &iv);                   /* no such seat: nothing */
  assert_int_equal(iv.partner_zoos, 0);
  ark_game_free(g);
}

/* Africa (103): 5 / 4 / 2 Africa icons for 5 / 3 / 2 CP; Predators
** (110): 5 / 4 / 2 predator icons for 5 / 4 / 2 CP. */
static void assert_levels(const ark_project_view *v, int n1, int n2, int n3, int r1, int r2,
                          int r3) {
  assert_int_equal(v->levels, 3);
  assert_int_equal(v->need[0], n1);
  assert_int_equal(v->need[1], n2);
  assert_int_equal(v->need[2], n3);
  assert_int_equal(v->reward[0], r1);
  assert_int_equal(v->reward[1], r2);
  assert_int_equal(v->reward[2], r3);
}

/* The base projects in their order with their two-player blocks, then a
** level supported through the rules, then a project in the row. */
static void test_projects(void **st) {
  (void)st;
  int p;
  ark_game *g = game(&p);
  const int base[] = { 103, 110 };
  char msg[256];
  assert_int_equal(ark_edit_base_projects(g, base, 2, msg, sizeof msg), 0);
  t_ready(g);
  ark_project_view v[ARK_PROJECTS_MAX];
  assert_int_equal(ark_game_projects(g, v, ARK_PROJECTS_MAX), 2);
  assert_int_equal(v[0].card, t_card(g, 103));
  assert_int_equal(v[1].card, t_card(g, 110));
  assert_int_equal(v[0].base, 1);
  assert_levels(&v[0], 5, 4, 2, 5, 3, 2);
  assert_levels(&v[1], 5, 4, 2, 5, 4, 2);
  /* two players: level 1 of the first slot, level 2 of the second */
  assert_int_equal(v[0].owner[0], -2);
  assert_int_equal(v[0].owner[1], -1);
  assert_int_equal(v[0].owner[2], -1);
  assert_int_equal(v[1].owner[0], -1);
  assert_int_equal(v[1].owner[1], -2);

  /* p supports Africa's level 3 with two Africa icons */
  t_zoo_add(g, p, 402);
  t_zoo_add(g, p, 403);
  association(g, p);
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support")) t_answer(g, "support Africa (103) level 3 (2 CP)");
  t_expect(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(ark_game_projects(g, v, ARK_PROJECTS_MAX), 2);
  assert_int_equal(v[0].owner[2], p);
  assert_int_equal(v[0].owner[1], -1);
  assert_int_equal(v[0].owner[0], -2);
  assert_int_equal(v[1].owner[2], -1);

  /* a project in the row's second slot comes after the base projects;
  ** the count is the whole even where max is smaller */
  int id = t_take_out(g, 130);
  g->s.row[1].card = (int16_t)id;
  g->s.row[1].owner[0] = (int8_t)(1 - p);
  g->s.row[1].owner[1] = g->s.row[1].owner[2] = -1;
  assert_int_equal(ark_game_projects(g, v, ARK_PROJECTS_MAX), 3);
  assert_int_equal(v[2].card, id);
  assert_int_equal(v[2].base, 0);
  assert_int_equal(v[2].owner[0], 1 - p);
  assert_int_equal(v[2].owner[1], -1);
  assert_levels(&v[2], 8, 5, 2, 4, 3, 2);     /* Small Animals (130): 8 / 5 / 2 for 4 / 3 / 2 CP */
  ark_project_view one[1];
  assert_int_equal(ark_game_projects(g, one, 1), 3);
  assert_int_equal(one[0].card, t_card(g, 103));
  ark_game_free(g);
}

/* The bonus tiles as a given setup lays them, and one taken. */
static void test_bonus_tiles(void **st) {
  (void)st;
  ark_setup_spec spec;
  ark_setup_spec_init(&spec);
  const char *tiles[] = { "cards", "sponsor", "multiplier", "university" };
  for (int i = 0; i < 4; i++) spec.bonus_tiles[i] = tiles[i];
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.seed = SEED;
  cfg.setup = &spec;
  ark_game *g = t_new_game_cfg(&cfg);
  ark_board_view b;
  ark_game_board(g, &b);
  for (int i = 0; i < ARK_BONUS_TILES; i++) {
    assert_string_equal(ark_bonus_tile_name(b.bonus_tile[i]), tiles[i]);
    assert_int_equal(b.bonus_space[i], i < 2 ? 5 : 8);
    assert_int_equal(b.bonus_taken[i], 0);
  }
  g->s.bonus_taken = 1u << 2;
  ark_game_board(g, &b);
  for (int i = 0; i < ARK_BONUS_TILES; i++) assert_int_equal(b.bonus_taken[i], i == 2);
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_names),
    cmocka_unit_test(test_partner_zoo_taken),
    cmocka_unit_test(test_university_taken),
    cmocka_unit_test(test_icons_edited),
    cmocka_unit_test(test_projects),
    cmocka_unit_test(test_bonus_tiles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
