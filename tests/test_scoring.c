/*
** test_scoring.c - the 11 final scoring cards (cards/scoring) scored
** by the engine's own final scoring (final() in games/arknova/rules/rules.lua) in end
** states prepared by hand, at and just below each threshold; and the two
** ways the second final scoring card goes: the first player to reach 10
** conservation makes everyone discard one, otherwise each player discards
** one at the end -- with the kept card's points counted.
**
** A card's points are measured as the difference between the final
** scoring with the card held and without it, so end-game effects of
** sponsors in the prepared zoos do not blur the number.  Expected values
** come from the cards' printed thresholds and the map data, never from
** the engine.
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

#define SEED 5

/* ---- helpers ------------------------------------------------------------ */

/* A game at its first turn on map A, track rewards marked as claimed. */
static ark_game *game(int players) {
  ark_game *g = t_new_game(players, SEED, "A");
  t_to_first_turn(g);
  for (int p = 0; p < players; p++) {
    g->s.p[p].cp_bonus_done = 0x0f;
    g->s.p[p].rep_bonus_done = 0x7f;
  }
  return g;
}

/* Cards played into p's zoo outside any enclosure (the final scoring counts
** cards and icons, not where animals live). */
static void zoo_add_list(ark_game *g, int p, const int *numbers, int n) {
  for (int i = 0; i < n; i++) t_zoo_add(g, p, numbers[i]);
}

/* Nobody holds a final scoring card but p, who holds `number` (0: none). */
static void hold(ark_game *g, int p, int number) {
  for (int q = 0; q < g->s.nplayers; q++)
    for (int i = 0; i < 2; i++)
      if (g->s.p[q].scoring[i] >= 0) {
        ark_zone_box(g, g->s.p[q].scoring[i]);
        g->s.p[q].scoring[i] = ARK_NO_CARD;
      }
  if (number) g->s.p[p].scoring[0] = (int16_t)t_take_out(g, number);
}

/* Runs the final scoring (someone reached 10 conservation already, so no
** discard is asked) and returns p's conservation gained. */
static int run_final(ark_game *g, int p) {
  int before = g->s.p[p].conservation;
  g->s.scoring_discarded = 1;
  g->s.cur = (uint8_t)p;
  g->status = 0;
  t_run_final(g);
  const char *bad = t_invariants(g);
  if (bad) fail_msg("invariant: %s", bad);
  return g->s.p[p].conservation - before;
}

/* The conservation points final scoring card `number` gives p in the
** current state (the state is left as it was). */
static int card_cp(ark_game *g, int p, int number) {
  ark_state s = g->s;
  hold(g, p, 0);
  int without = run_final(g, p);
  g->s = s;
  hold(g, p, number);
  int with = run_final(g, p);
  g->s = s;
  return with - without;
}

/* p's zoo map without any building (map A starts with two). */
static void clear_map(ark_game *g, int p) {
  memset(&g->s.p[p].zoo_map, 0, sizeof g->s.p[p].zoo_map);
}

/* Covers each listed cell "(x,y) (x,y) ..." not covered yet with a
** 1-space enclosure. */
static void cover(ark_game *g, int p, const char *cells) {
  int def = ark_content_find_building(g->c, "size-1");
  int x, y, used;
  const char *q = cells;
  while (sscanf(q, " (%d,%d)%n", &x, &y, &used) == 2) {
    q += used;
    if (g->s.p[p].zoo_map.at[ARK_CELL(x, y)]) continue;
    ark_place pl;
    memset(&pl, 0, sizeof pl);
    pl.ncells = 1;
    pl.cells[0] = (uint8_t)ARK_CELL(x, y);
    assert_true(ark_map_place(&g->s.p[p].zoo_map, def, &pl) >= 0);
  }
}

/* Covers the first n plain spaces of p's map (ascending cell order),
** skipping `except` (-1: none). */
static void cover_plain(ark_game *g, int p, int n, int except) {
  const ark_map_def *m = t_map_of(g, p);
  int def = ark_content_find_building(g->c, "size-1");
  for (int c = 0; c < ARK_CELLS && n > 0; c++) {
    if (!m->exists[c] || m->terrain[c] != ARK_TERRAIN_PLAIN || c == except) continue;
    ark_place pl;
    memset(&pl, 0, sizeof pl);
    pl.ncells = 1;
    pl.cells[0] = (uint8_t)c;
    assert_true(ark_map_place(&g->s.p[p].zoo_map, def, &pl) >= 0);
    n--;
  }
  assert_int_equal(n, 0);
}

/* Plain spaces of map A (counted from its cells: 58 spaces, 9 water, 7 rock). */
#define MAP_A_PLAIN 42

/* ---- threshold cards ---------------------------------------------------- */

/* Expected CP for a count by printed thresholds (lowest first) and rewards. */
static int tier(const int th[4], const int rw[4], int n) {
  int cp = 0;
  for (int i = 0; i < 4; i++)
    if (n >= th[i]) cp = rw[i];
  return cp;
}

static const int REWARDS[4] = { 1, 2, 3, 4 };

/* Card 1: 1/2/3/4 large animals (size 4-5) -> 1/2/3/4 CP.  Medium (3),
** small (1-2) and petting-zoo animals do not count. */
static void test_large_animal_zoo(void **st) {
  (void)st;
  static const int th[4] = { 1, 2, 3, 4 };
  static const int large[5] = { 401, 402, 406, 407, 411 };   /* 5, 4, 5, 4, 5 */
  ark_game *g = game(2);
  int p = g->s.cur;
  t_zoo_add(g, p, 403);                 /* size 3 */
  t_zoo_add(g, p, 405);                 /* size 1 */
  t_zoo_add(g, p, 519);                 /* petting zoo, no size */
  ark_state base = g->s;
  for (int n = 0; n <= 5; n++) {
    g->s = base;
    zoo_add_list(g, p, large, n);
    assert_int_equal(card_cp(g, p, 1), tier(th, REWARDS, n));
  }
  g->s = base;
  zoo_add_list(g, p, large, 4);
  assert_int_equal(card_cp(g, p, 1), 4);
  zoo_add_list(g, p, large + 4, 1);
  assert_int_equal(card_cp(g, p, 1), 4);      /* 4 is the most */
  ark_game_free(g);
}

/* Card 2: 3/6/8/10 small animals (size 1-2) -> 1/2/3/4 CP. */
static void test_small_animal_zoo(void **st) {
  (void)st;
  static const int th[4] = { 3, 6, 8, 10 };
  static const int small[11] = { 404, 405, 409, 410, 414, 415, 419, 420, 424, 425, 429 };
  ark_game *g = game(2);
  int p = g->s.cur;
  t_zoo_add(g, p, 403);                 /* size 3 */
  t_zoo_add(g, p, 401);                 /* size 5 */
  t_zoo_add(g, p, 520);                 /* petting zoo */
  ark_state base = g->s;
  static const int counts[] = { 0, 2, 3, 5, 6, 7, 8, 9, 10, 11 };
  static const int expect[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 };
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    g->s = base;
    zoo_add_list(g, p, small, counts[i]);
    assert_int_equal(tier(th, REWARDS, counts[i]), expect[i]);
    assert_int_equal(card_cp(g, p, 2), expect[i]);
  }
  ark_game_free(g);
}

/* Card 3: 3/4/5/7 research icons -> 1/2/3/4 CP; the research university's
** 2 icons count. */
static void test_research_zoo(void **st) {
  (void)st;
  static const int science[7] = { 201, 202, 204, 205, 206, 207, 208 };  /* 1 each */
  ark_game *g = game(2);
  int p = g->s.cur;
  ark_state base = g->s;
  static const int counts[] = { 2, 3, 4, 5, 6, 7 };
  static const int expect[] = { 0, 1, 2, 3, 3, 4 };
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    g->s = base;
    zoo_add_list(g, p, science, counts[i]);
    assert_int_equal(card_cp(g, p, 3), expect[i]);
  }
  /* research university (2) + 1 sponsor = 3 */
  g->s = base;
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;
  t_zoo_add(g, p, 201);
  assert_int_equal(card_cp(g, p, 3), 1);
  ark_game_free(g);
}

/* Card 5: 2/3/4/5 supported projects -> 1/2/3/4 CP. */
static void test_conservation_zoo(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur;
  static const int expect[7] = { 0, 0, 1, 2, 3, 4, 4 };
  for (int n = 0; n <= 6; n++) {
    g->s.p[p].supports = (uint8_t)n;
    assert_int_equal(card_cp(g, p, 5), expect[n]);
  }
  ark_game_free(g);
}

/* Card 6: 6/12/18/24 empty building spaces -> 1/2/3/4 CP.  Map A has 42
** plain spaces; water and rock are not building spaces. */
static void test_naturalists_zoo(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur;
  clear_map(g, p);
  ark_state base = g->s;
  static const int empty[] = { 0, 5, 6, 11, 12, 17, 18, 23, 24, 42 };
  static const int expect[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 };
  for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
    g->s = base;
    cover_plain(g, p, MAP_A_PLAIN - empty[i], -1);
    assert_int_equal(card_cp(g, p, 6), expect[i]);
  }
  ark_game_free(g);
}

/* Card 7: reputation 6/9/12/15 -> 1/2/3/4 CP. */
static void test_favorite_zoo(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur;
  g->s.p[p].upgraded |= 1u << ARK_ACT_CARDS;      /* reputation cap 15 */
  static const int rep[] = { 1, 5, 6, 8, 9, 11, 12, 14, 15 };
  static const int expect[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4 };
  for (size_t i = 0; i < sizeof rep / sizeof rep[0]; i++) {
    g->s.p[p].reputation = (int16_t)rep[i];
    assert_int_equal(card_cp(g, p, 7), expect[i]);
  }
  ark_game_free(g);
}

/* Card 8: 3/5/7/9 sponsor cards in the zoo -> 1/2/3/4 CP; animals do not
** count. */
static void test_sponsored_zoo(void **st) {
  (void)st;
  static const int sponsors[9] = { 202, 204, 205, 206, 207, 212, 213, 222, 227 };
  ark_game *g = game(2);
  int p = g->s.cur;
  t_zoo_add(g, p, 401);
  t_zoo_add(g, p, 405);
  ark_state base = g->s;
  static const int expect[10] = { 0, 0, 0, 1, 1, 2, 2, 3, 3, 4 };
  for (int n = 0; n <= 9; n++) {
    g->s = base;
    zoo_add_list(g, p, sponsors, n);
    assert_int_equal(card_cp(g, p, 8), expect[n]);
  }
  ark_game_free(g);
}

/* Card 10: 1/3/5/6 rock icons -> 1/2/3/4 CP.  The rock spaces an animal
** needs count as rock icons (Leopard 403, Cougar 413: 1 each). */
static void test_climbing_park(void **st) {
  (void)st;
  /* 246 Aerial Cableway: 2 rock icons; the others 1 */
  static const int rock[6] = { 242, 403, 246, 413, 243, 247 };
  static const int icons_after[7] = { 0, 1, 2, 4, 5, 6, 7 };
  ark_game *g = game(2);
  int p = g->s.cur;
  t_zoo_add(g, p, 405);                 /* Fennec Fox: no rock */
  ark_state base = g->s;
  for (int n = 0; n <= 6; n++) {
    g->s = base;
    zoo_add_list(g, p, rock, n);
    static const int th[4] = { 1, 3, 5, 6 };
    int expect = tier(th, REWARDS, icons_after[n]);
    assert_int_equal(card_cp(g, p, 10), expect);
  }
  /* exactly 3 (2 + 1) and 5 (2 + 1 + 1 + 1): at the thresholds */
  g->s = base;
  t_zoo_add(g, p, 246);
  t_zoo_add(g, p, 255);
  assert_int_equal(card_cp(g, p, 10), 2);
  t_zoo_add(g, p, 252);
  t_zoo_add(g, p, 414);                 /* Coati: rock 1 */
  assert_int_equal(card_cp(g, p, 10), 3);
  ark_game_free(g);
}

/* Card 11: 2/4/6/7 water icons -> 1/2/3/4 CP; the water spaces an animal
** needs count (Pygmy Hippopotamus 430: 1, Sumatran Tiger 407: 2). */
static void test_aquatic_park(void **st) {
  (void)st;
  static const int th[4] = { 2, 4, 6, 7 };
  ark_game *g = game(2);
  int p = g->s.cur;
  t_zoo_add(g, p, 401);                 /* Cheetah: no water */
  ark_state base = g->s;
  /* sponsors 241 (1), 245 (2), 256 (1), 244 (1), 250 (1); animals 430 (1), 407 (2) */
  static const int seq[7] = { 241, 430, 256, 244, 245, 250, 407 };
  static const int water[8] = { 0, 1, 2, 3, 4, 6, 7, 9 };
  for (int n = 0; n <= 7; n++) {
    g->s = base;
    zoo_add_list(g, p, seq, n);
    assert_int_equal(card_cp(g, p, 11), tier(th, REWARDS, water[n]));
  }
  /* exactly 5 and 6 */
  g->s = base;
  t_zoo_add(g, p, 245);
  t_zoo_add(g, p, 407);
  t_zoo_add(g, p, 241);
  assert_int_equal(card_cp(g, p, 11), 2);      /* 5 */
  t_zoo_add(g, p, 430);
  assert_int_equal(card_cp(g, p, 11), 3);      /* 6 */
  ark_game_free(g);
}

/* ---- Architectural Zoo -------------------------------------------------- */

/* Map A, from its cells: the plain spaces next to a water space (W), next
** to a rock space (R), and the plain border spaces (B).  Covering exactly W
** connects every water space and nothing else (the rock space (1,0) only
** touches (0,1), which is not in W); likewise R and B.  (3,2) is the only
** plain neighbour of the water space (2,1) and of the rock space (3,0);
** (0,1) of the rock space (1,0). */
static const char *const MAP_A_W =
  "(1,10) (2,9) (3,2) (3,10) (4,3) (4,7) (4,9) (4,11) (5,0) (5,2) (5,6) (5,10) "
  "(6,1) (6,5) (7,2) (7,4) (7,6) (7,8) (8,5)";
static const char *const MAP_A_W_BUT_32 =
  "(1,10) (2,9) (3,10) (4,3) (4,7) (4,9) (4,11) (5,0) (5,2) (5,6) (5,10) "
  "(6,1) (6,5) (7,2) (7,4) (7,6) (7,8) (8,5)";
static const char *const MAP_A_R =
  "(0,1) (0,3) (0,11) (1,4) (1,10) (2,5) (3,2) (3,4) (4,3) (4,5) (5,2) (5,6) "
  "(5,10) (6,3) (6,5) (6,11) (7,8) (7,10)";
static const char *const MAP_A_R_BUT_01 =
  "(0,3) (0,11) (1,4) (1,10) (2,5) (3,2) (3,4) (4,3) (4,5) (5,2) (5,6) "
  "(5,10) (6,3) (6,5) (6,11) (7,8) (7,10)";
static const char *const MAP_A_B =
  "(0,1) (0,3) (0,5) (0,7) (0,9) (0,11) (4,11) (5,0) (5,12) (6,1) (6,11) (7,12) "
  "(8,5) (8,7) (8,9) (8,11)";
static const char *const MAP_A_B_BUT_01 =
  "(0,3) (0,5) (0,7) (0,9) (0,11) (4,11) (5,0) (5,12) (6,1) (6,11) (7,12) "
  "(8,5) (8,7) (8,9) (8,11)";

/* Card 4: 1 CP each for all water spaces connected, all rock spaces
** connected, all border spaces covered, the whole map covered. */
static void test_architectural_zoo(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur;
  clear_map(g, p);
  ark_state base = g->s;
  static const struct { const char *a, *b; int cp; } cases[] = {
    { "", NULL, 0 },
    { MAP_A_W, NULL, 1 },                       /* water */
    { MAP_A_W_BUT_32, NULL, 0 },                /* (2,1) not connected */
    { MAP_A_R, NULL, 1 },                       /* rock */
    { MAP_A_R_BUT_01, NULL, 0 },                /* (1,0) not connected */
    { MAP_A_B, NULL, 1 },                       /* border */
    { MAP_A_B_BUT_01, NULL, 0 },
    { MAP_A_W, MAP_A_R, 2 },                    /* water + rock */
    { MAP_A_W, MAP_A_B, 3 },                    /* B also reaches every rock space */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    g->s = base;
    cover(g, p, cases[i].a);
    if (cases[i].b) cover(g, p, cases[i].b);
    assert_int_equal(card_cp(g, p, 4), cases[i].cp);
  }
  /* the whole map: all four */
  g->s = base;
  cover_plain(g, p, MAP_A_PLAIN, -1);
  assert_int_equal(g->s.p[p].zoo_map.nb, MAP_A_PLAIN);
  assert_int_equal(card_cp(g, p, 4), 4);
  /* all but the inner space (4,5): no full cover; its rock neighbour (5,4)
  ** still touches (5,2), so three */
  g->s = base;
  cover_plain(g, p, MAP_A_PLAIN - 1, ARK_CELL(4, 5));
  assert_int_equal(card_cp(g, p, 4), 3);
  ark_game_free(g);
}

/* ---- Biodiverse Zoo ----------------------------------------------------- */

/* Card 9: 1 CP per animal category where p has more icons than the player
** to p's right (the seat before p), at most 4. */
static void test_biodiverse_zoo(void **st) {
  (void)st;
  ark_game *g = game(3);
  int p = g->s.cur, left = (p + 1) % 3, right = (p + 2) % 3;
  ark_state base = g->s;

  /* p: predator 1, herbivore 1; right: herbivore 1 (a tie); left: predator 3 */
  t_zoo_add(g, p, 405);
  t_zoo_add(g, p, 445);
  t_zoo_add(g, right, 428);
  t_zoo_add(g, left, 404);
  t_zoo_add(g, left, 410);
  t_zoo_add(g, left, 413);
  assert_int_equal(card_cp(g, p, 9), 1);

  /* the same zoos seen from the left player: ahead of p in predators only */
  assert_int_equal(card_cp(g, left, 9), 1);

  /* ahead in 3, 4, 5 and 7 categories */
  static const int cards[7] = { 405, 445, 513, 484, 465, 415, 519 };
  /* 415 is predator + bear; 519 petting zoo */
  static const int n_cards[4] = { 3, 4, 5, 7 };
  static const int expect[4] = { 3, 4, 4, 4 };
  for (int i = 0; i < 4; i++) {
    g->s = base;
    zoo_add_list(g, p, cards, n_cards[i]);
    assert_int_equal(card_cp(g, p, 9), expect[i]);
  }
  /* right player has as much in every category: nothing */
  g->s = base;
  zoo_add_list(g, p, cards, 3);
  t_zoo_add(g, right, 404);
  t_zoo_add(g, right, 443);
  t_zoo_add(g, right, 511);
  assert_int_equal(card_cp(g, p, 9), 0);
  ark_game_free(g);

  /* 2 players: the other player is to the right */
  g = game(2);
  p = g->s.cur;
  int q = 1 - p;
  t_zoo_add(g, p, 405);
  t_zoo_add(g, p, 513);
  t_zoo_add(g, q, 511);
  assert_int_equal(card_cp(g, p, 9), 1);        /* predator; birds tie */
  assert_int_equal(card_cp(g, q, 9), 0);
  ark_game_free(g);
}

/* ---- which card is kept ------------------------------------------------- */

/* ---- ark.count_zoo ------------------------------------------------------ */

/* ark.count_zoo(p, filter) (lua_api_scoring.c) counts p's zoo cards whose
** facts match: with Cheetah (401, size 5), Leopard (403, size 3), a size-1
** animal (405), a petting-zoo animal (519, no standard size) and a sponsor
** (202) in p's zoo, each count as the printed facts give it; then, in the
** positions of a random game, each filter against a loop over ark.zoo
** with fact(); and the filters it refuses, at the script's line. */
static const char *const COUNT_ZOO =
  "local p = ...\n"
  "local function want(n, f, what)\n"
  "  local got = ark.count_zoo(p, f)\n"
  "  if got ~= n then error(what .. ': ' .. tostring(got) .. ', not ' .. n, 0) end\n"
  "end\n"
  "want(4, { type = 'animal' }, 'animals')\n"
  "want(1, { type = 'animal', size = { 4, math.huge } }, 'large')\n"
  "want(1, { type = 'animal', size = { 1, 2 } }, 'small')\n"
  "want(2, { type = 'animal', size = { 1, 3 } }, 'size 1-3')\n"
  "want(1, { size = 3 }, 'size 3')\n"
  "want(1, { type = 'sponsor' }, 'sponsors')\n"
  "want(5, {}, 'no filter')\n"
  "want(5, { type = true }, 'a type')\n"
  "want(5, { no_such_fact = false }, 'a fact no card has, false')\n"
  "want(0, { no_such_fact = true }, 'a fact no card has, true')\n"
  "want(0, { type = 'project' }, 'projects')\n"
  "for _, bad in ipairs({ { [1] = 2 }, { size = { 1 } }, { size = { 1, 'x' } },\n"
  "                       { size = { '1', 2 } },\n"
  "                       { type = print } }) do\n"
  "  local ok, msg = pcall(ark.count_zoo, p, bad)\n"
  "  if ok or not string.find(msg, 'ark.count_zoo', 1, true) then\n"
  "    return 'a bad filter: ' .. tostring(msg)\n"
  "  end\n"
  "end\n"
  "return ''\n";

/* (p) -> '' or where ark.count_zoo and a loop with fact() disagree. */
static const char *const COUNT_ZOO_LOOP =
  "local p = ...\n"
  "local filters = {\n"
  "  { type = 'animal' }, { type = 'animal', size = { 4, math.huge } },\n"
  "  { type = 'animal', size = { 1, 2 } }, { type = 'sponsor' }, { size = 2 },\n"
  "}\n"
  "local function loop(f)\n"
  "  local n = 0\n"
  "  for _, id in ipairs(ark.zoo(p)) do\n"
  "    local ok = true\n"
  "    for k, v in pairs(f) do\n"
  "      local x = CARDS[id][k]\n"
  "      if type(v) == 'table' then ok = ok and type(x) == 'number' and x >= v[1] and x <= v[2]\n"
  "      else ok = ok and x == v end\n"
  "    end\n"
  "    if ok then n = n + 1 end\n"
  "  end\n"
  "  return n\n"
  "end\n"
  "for i, f in ipairs(filters) do\n"
  "  if ark.count_zoo(p, f) ~= loop(f) then return 'filter ' .. i .. ' of seat ' .. p end\n"
  "end\n"
  "return ''\n";

static void test_count_zoo(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur;
  static const int cards[5] = { 401, 403, 405, 519, 202 };
  zoo_add_list(g, p, cards, 5);
  char why[256];
  assert_string_equal(t_run_lua(g, COUNT_ZOO, p, why, sizeof why), "");
  ark_game_free(g);
  g = t_new_game(2, 7, NULL);
  uint64_t rng = 7;
  int checked = 0, zoo = 0;
  for (int step = 0; ark_game_process(g) == ARK_AWAITING; step++) {
    if (step % 40 == 0)
      for (int q = 0; q < 2; q++) {
        assert_string_equal(t_run_lua(g, COUNT_ZOO_LOOP, q, why, sizeof why), "");
        checked++;
        zoo += g->s.p[q].nzoo;
      }
    t_random_answer(g, &rng);
  }
  assert_true(checked > 10 && zoo > 40);
  ark_game_free(g);
}

/* p holds Favorite Zoo (7) and Conservation Zoo (5) with reputation 9 (2 CP
** by card 7) and 4 supports (3 CP by card 5). */
static void two_cards(ark_game *g, int p) {
  int fav = t_take_out(g, 7), cons = t_take_out(g, 5);
  if (g->s.p[p].scoring[0] >= 0) ark_zone_box(g, g->s.p[p].scoring[0]);
  if (g->s.p[p].scoring[1] >= 0) ark_zone_box(g, g->s.p[p].scoring[1]);
  g->s.p[p].scoring[0] = (int16_t)fav;
  g->s.p[p].scoring[1] = (int16_t)cons;
  g->s.p[p].reputation = 9;
  g->s.p[p].supports = 4;
}

/* p's markers about to cross: appeal equal to the target of cp. */
static void cross(ark_game *g, int p, int cp) {
  g->s.p[p].conservation = (int16_t)cp;
  g->s.p[p].appeal = (int16_t)ark_track_target(cp);
}

/* Nobody reached 10 conservation: at the end every player discards one of
** the two cards, and the kept one scores. */
static void test_discard_at_game_end(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur, q = 1 - p;
  hold(g, p, 0);
  two_cards(g, p);
  cross(g, p, 6);                               /* target 102 */
  t_restart(g);
  t_expect(g, "action", p);
  t_answer_match(g, "X-token action: ");
  t_expect(g, "action", q);                     /* q's last turn */
  assert_int_equal(g->s.end_trigger, p);
  t_answer_match(g, "X-token action: ");
  /* the final scoring: p (after q, counting from the player whose turn
  ** ended) is asked which card to discard; q holds none */
  t_expect_copy(g, "scoring.discard", p);
  assert_true(t_has_option(g, "discard Favorite Zoo (7)"));
  assert_true(t_has_option(g, "discard Conservation Zoo (5)"));
  t_answer(g, "discard Favorite Zoo (7)");
  assert_int_equal(ark_game_process(g), ARK_END);
  assert_int_equal(g->s.p[p].scoring[0], ARK_NO_CARD);
  assert_int_equal(g->s.p[p].scoring[1], t_card(g, 5));
  assert_int_equal(g->s.p[p].conservation, 6 + 3);      /* 4 supports */
  ark_game_free(g);

  /* the other choice keeps Favorite Zoo: reputation 9 gives 2 */
  g = game(2);
  p = g->s.cur;
  q = 1 - p;
  hold(g, p, 0);
  two_cards(g, p);
  cross(g, p, 6);
  t_restart(g);
  t_expect(g, "action", p);
  t_answer_match(g, "X-token action: ");
  t_expect(g, "action", q);
  t_answer_match(g, "X-token action: ");
  t_expect(g, "scoring.discard", p);
  t_answer(g, "discard Conservation Zoo (5)");
  assert_int_equal(ark_game_process(g), ARK_END);
  assert_int_equal(g->s.p[p].conservation, 6 + 2);
  ark_game_free(g);
}

/* The final scoring accounts for itself in the log, once the game is over:
** a note per kept final scoring card with the CP it gave (0 too), and one
** per end-of-game effect that gave anything, naming the card.  They are
** public, and notes, which the log's hash leaves out; the CP they name add
** up to what the track gained.  p keeps Conservation Zoo (5) with 4 supports (3
** CP by its printed thresholds) and has Talented Communicator (216) with
** reputation 9 (1 CP); q keeps Favorite Zoo (7) with reputation 9 (2 CP)
** and has Science Lab (201), whose one research icon of 3 gives nothing. */
static void test_final_scoring_account(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur, q = 1 - p;
  hold(g, p, 5);
  g->s.p[p].supports = 4;
  g->s.p[q].scoring[0] = (int16_t)t_take_out(g, 7);
  for (int s = 0; s < 2; s++) {
    g->s.p[s].upgraded |= 1u << ARK_ACT_CARDS;    /* reputation cap 15 */
    g->s.p[s].reputation = 9;
  }
  t_zoo_add(g, p, 216);
  t_zoo_add(g, q, 201);
  int cp0[2] = { g->s.p[0].conservation, g->s.p[1].conservation };
  int from = ark_game_nevents(g);
  run_final(g, p);
  int cards[2] = { 0, 0 }, effects[2] = { 0, 0 }, sum[2] = { 0, 0 };
  char text[256];
  for (int i = from; i < ark_game_nevents(g); i++) {
    const ark_event *e = ark_game_event(g, i);
    if (e->type != ARK_EV_TEXT ||
        (e->kind != ARK_KIND_FINAL_CARD && e->kind != ARK_KIND_FINAL_EFFECT))
      continue;
    assert_int_equal(e->note, 1);
    assert_int_equal(e->seen, ARK_SEEN_ALL);
    assert_true(e->player == p || e->player == q);
    sum[e->player] += e->b;
    ark_event_text(g, e, text, sizeof text);
    if (e->kind == ARK_KIND_FINAL_CARD) {
      cards[e->player]++;
      assert_int_equal(e->a, t_card(g, e->player == p ? 5 : 7));
      assert_int_equal(e->b, e->player == p ? 3 : 2);
      char want[128];
      snprintf(want, sizeof want, "P%d: final scoring card %s", e->player + 1,
               e->player == p ? "Conservation Zoo (5) gives 3 CP" : "Favorite Zoo (7) gives 2 CP");
      assert_string_equal(text, want);
    } else {
      effects[e->player]++;
      assert_int_equal(e->player, p);
      assert_int_equal(e->a, t_card(g, 216));
      assert_int_equal(e->b, 1);
      assert_int_equal(e->c, 0);
      char want[128];
      snprintf(want, sizeof want, "P%d: Talented Communicator (216) gives 1 CP at the end of the "
               "game", p + 1);
      assert_string_equal(text, want);
    }
  }
  assert_int_equal(cards[p], 1);
  assert_int_equal(cards[q], 1);
  assert_int_equal(effects[p], 1);
  assert_int_equal(effects[q], 0);
  for (int s = 0; s < 2; s++) assert_int_equal(g->s.p[s].conservation, cp0[s] + sum[s]);
  assert_int_equal(sum[p], 3 + 1);
  assert_int_equal(sum[q], 2);
  ark_game_free(g);
}

/* The first player to reach 10 conservation (here by a donation) makes
** every player discard one card at once; the game end asks nothing more and
** the kept card scores. */
static void test_discard_at_ten(void **st) {
  (void)st;
  ark_game *g = game(2);
  int p = g->s.cur, q = 1 - p;
  hold(g, p, 0);
  two_cards(g, p);
  /* q holds Sponsored Zoo (8) and Research Zoo (3) with 3 sponsors */
  int spon = t_take_out(g, 8), res = t_take_out(g, 3);
  g->s.p[q].scoring[0] = (int16_t)spon;
  g->s.p[q].scoring[1] = (int16_t)res;
  t_zoo_add(g, q, 202);
  t_zoo_add(g, q, 204);
  t_zoo_add(g, q, 205);                         /* 3 sponsors, 3 research icons */
  /* p at 9 conservation donates with Association II at strength 2 */
  ark_player *pp = &g->s.p[p];
  pp->conservation = 9;
  pp->cp_bonus_done = 0x07;                     /* 2, 5, 8 claimed; 10 not */
  pp->money = 30;
  pp->upgraded |= 1u << ARK_ACT_ASSOCIATION;
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 2);
  pp->appeal = (int16_t)ark_track_target(10);   /* crosses once at 10 */
  t_restart(g);
  t_expect(g, "action", p);
  t_answer(g, "Association II at strength 2");
  t_expect(g, "association.donation", p);
  t_answer_match(g, "donate ");
  t_expect(g, "scoring.discard", p);
  t_answer(g, "discard Conservation Zoo (5)");
  t_expect(g, "scoring.discard", q);
  t_answer(g, "discard Research Zoo (3)");
  t_expect(g, "action", q);
  assert_int_equal(pp->conservation, 10);
  assert_int_equal(g->s.scoring_discarded, 1);
  assert_int_equal(pp->scoring[1], ARK_NO_CARD);
  assert_int_equal(g->s.p[q].scoring[1], ARK_NO_CARD);
  assert_int_equal(g->s.end_trigger, p);
  int qcp = g->s.p[q].conservation;
  t_answer_match(g, "X-token action: ");        /* q's last turn */
  /* no discard is asked at the end */
  assert_int_equal(ark_game_process(g), ARK_END);
  assert_int_equal(pp->conservation, 10 + 2);           /* Favorite Zoo, rep 9 */
  assert_int_equal(g->s.p[q].conservation, qcp + 1);    /* Sponsored Zoo, 3 */
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_large_animal_zoo),
    cmocka_unit_test(test_small_animal_zoo),
    cmocka_unit_test(test_research_zoo),
    cmocka_unit_test(test_architectural_zoo),
    cmocka_unit_test(test_conservation_zoo),
    cmocka_unit_test(test_naturalists_zoo),
    cmocka_unit_test(test_favorite_zoo),
    cmocka_unit_test(test_sponsored_zoo),
    cmocka_unit_test(test_biodiverse_zoo),
    cmocka_unit_test(test_climbing_park),
    cmocka_unit_test(test_aquatic_park),
    cmocka_unit_test(test_count_zoo),
    cmocka_unit_test(test_discard_at_game_end),
    cmocka_unit_test(test_discard_at_ten),
    cmocka_unit_test(test_final_scoring_account),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
