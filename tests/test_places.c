/*
** test_places.c - the building positions kept per zoo (places.c) are the
** ones map.c works out: at the decisions of random games, for every seat,
** building kind and side of Build, and again after the zoo changes in one
** byte the kept list was made on (a building's cells, a space taken, the
** terrain rule of sponsor 219), and kept across what the search does not
** read (an animal moving in); the option texts made of them in C are
** those the rules made in Lua; a building kind's index found by its key
** is the same wherever the key's text lies.
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "places.h"
#include "support.h"

static ark_place fresh[ARK_CELLS * 6];

/* Kept and fresh answers agree for seat p, every kind and side. */
static long compare_seat(ark_game *g, int p) {
  const ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  long n = 0;
  for (int d = 0; d < g->c->nbuildings; d++)
    for (int b2 = 0; b2 < 2; b2++) {
      const ark_place *kept;
      int k = ark_places(g, p, d, b2, &kept);
      int f = ark_map_placements(m, &pl->zoo_map, g->c->buildings, d, b2, fresh, ARK_CELLS * 6);
      assert_int_equal(k, f);
      assert_memory_equal(kept, fresh, sizeof *fresh * (size_t)f);
      assert_int_equal(ark_places_any(g, p, d, b2) != 0, f > 0);
      n++;
    }
  return n;
}

static void test_kept_positions_are_the_positions(void **st) {
  (void)st;
  long n = 0;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    ark_game *g = t_new_game(seed == 3 ? 3 : 2, seed, seed == 2 ? "4" : "A");
    uint64_t rng = seed * 31;
    while (ark_game_process(g) == ARK_AWAITING && ark_game_turns(g) < 150) {
      if (ark_game_nanswers(g) % 3 == 0)
        for (int p = 0; p < ark_game_players(g); p++) n += compare_seat(g, p);
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  assert_true(n > 5000);
}

/* Kept and fresh answers agree for one kind and side of seat p. */
static void compare_one(ark_game *g, int p, int d, int b2) {
  const ark_player *pl = &g->s.p[p];
  const ark_place *kept;
  int k = ark_places(g, p, d, b2, &kept);
  int f = ark_map_placements(&g->c->maps[pl->map], &pl->zoo_map, g->c->buildings, d, b2, fresh,
                             ARK_CELLS * 6);
  assert_int_equal(k, f);
  assert_memory_equal(kept, fresh, sizeof *fresh * (size_t)f);
}

/* The zoo changes under a kept list (and nothing else is asked between):
** the list follows it. */
static void test_changed_zoo_is_not_kept(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  int d = ark_content_find_building(g->c, "size-2");
  ark_zoo *z = &g->s.p[0].zoo_map, saved = *z;
  const ark_place *kept;
  int before = ark_places(g, 0, d, 0, &kept);
  /* a kiosk on a space of the first position */
  int cell = kept[0].cells[0], xy[2] = { ARK_CELL_X(cell), ARK_CELL_Y(cell) };
  t_put_building_xy(g, 0, "kiosk", 1, xy);
  compare_one(g, 0, d, 0);
  *z = saved;
  assert_int_equal(ark_places(g, 0, d, 0, &kept), before);
  /* a space marked taken, no building added */
  z->at[cell] = 1;
  compare_one(g, 0, d, 0);
  *z = saved;
  /* water and rock may be built on with sponsor 219 */
  z->cover_terrain = 1;
  assert_true(ark_places(g, 0, d, 0, &kept) > before);
  compare_one(g, 0, d, 0);
  *z = saved;
  assert_int_equal(ark_places(g, 0, d, 0, &kept), before);
  ark_game_free(g);
}

/* What the search does not read leaves a kept list in place: an animal
** moving into an enclosure (its used and card) and the spaces it counts
** beyond its own give the very list kept before, and it is still the
** search's; a building's kind does not. */
static void test_animal_moving_in_keeps_list(void **st) {
  (void)st;
  ark_game *g = t_game(2, 11, "A");
  int d = ark_content_find_building(g->c, "size-2");
  const ark_place *before, *after;
  ark_places(g, 0, ark_content_find_building(g->c, "size-1"), 0, &before);
  int cell = before[0].cells[0], xy[2] = { ARK_CELL_X(cell), ARK_CELL_Y(cell) };
  t_put_building_xy(g, 0, "size-1", 1, xy);
  ark_zoo *z = &g->s.p[0].zoo_map, saved = *z;
  int n = ark_places(g, 0, d, 0, &before);
  assert_true(n > 0);
  z->b[0].used = 1;
  z->b[0].card = 101;
  z->b[0].extra = 2;
  assert_int_equal(ark_places(g, 0, d, 0, &after), n);
  assert_ptr_equal(after, before);
  compare_one(g, 0, d, 0);
  *z = saved;
  z->b[0].def = (uint8_t)ark_content_find_building(g->c, "kiosk");
  ark_places(g, 0, d, 0, &after);
  assert_ptr_not_equal(after, before);
  compare_one(g, 0, d, 0);
  ark_game_free(g);
}

/* (p) -> nil, or where ark.placement_options and the texts the rules made
** of ark.placements ("<key> at <cells>") disagree, for every building kind
** of ark.building_defs and both sides of Build. */
static const char *const COMPARE_OPTIONS =
  "local p = ...\n"
  "for _, d in ipairs(ark.building_defs()) do\n"
  "  for _, b2 in ipairs({ false, true }) do\n"
  "    local places, opts = ark.placements(p, d.key, b2), ark.placement_options(p, d.key, b2)\n"
  "    if #places ~= #opts then\n"
  "      return d.key .. ': ' .. #places .. ' placements, ' .. #opts .. ' options'\n"
  "    end\n"
  "    for i = 1, #places do\n"
  "      if opts[i] ~= d.key .. ' at ' .. places[i] then return opts[i] end\n"
  "    end\n"
  "  end\n"
  "end\n";

/* ark.placement_options gives, in C, the option texts the rules made of
** the placements in Lua, at every action decision of four random games. */
static void test_placement_options_are_the_texts(void **st) {
  (void)st;
  assert_true(t_compare_four_games(COMPARE_OPTIONS) > 300);
}

/* ark_content_find_building keeps its finds by the key's address (the
** rules ask the same interned strings again and again): another key at an
** address once looked up is found for what it says. */
static void test_building_by_key(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 1, "A");
  int size1 = ark_content_find_building(g->c, "size-1");
  int kiosk = ark_content_find_building(g->c, "kiosk");
  assert_true(size1 >= 0 && kiosk >= 0 && size1 != kiosk);
  char key[16];
  strcpy(key, "size-1");
  assert_int_equal(ark_content_find_building(g->c, key), size1);
  assert_int_equal(ark_content_find_building(g->c, key), size1);   /* kept */
  strcpy(key, "kiosk");
  assert_int_equal(ark_content_find_building(g->c, key), kiosk);
  strcpy(key, "no-such");
  assert_int_equal(ark_content_find_building(g->c, key), -1);
  strcpy(key, "size-1");
  assert_int_equal(ark_content_find_building(g->c, key), size1);
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_kept_positions_are_the_positions),
    cmocka_unit_test(test_changed_zoo_is_not_kept),
    cmocka_unit_test(test_animal_moving_in_keeps_list),
    cmocka_unit_test(test_building_by_key),
    cmocka_unit_test(test_placement_options_are_the_texts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
