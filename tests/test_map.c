/*
** test_map.c - hex geometry and building placement (games/arknova/native/map.c).
** Map A and the footprints are copied from shared/data/arknova; expected
** counts were worked out from that data (size-1 by hand, the others
** cross-checked with an independent brute force that rotates in pixel
** space rather than cube coordinates).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "map.h"

/* ---- fixtures ---------------------------------------------------------- */

/* Map A: 58 hexes, 'p' plain, 'w' water, 'r' rock (maps.json). */
static const struct { int x, y; char t; } map_a_hexes[] = {
  {0, 1, 'p'}, {0, 3, 'p'}, {0, 5, 'p'}, {0, 7, 'p'}, {0, 9, 'p'},
  {0, 11, 'p'}, {1, 0, 'r'}, {1, 2, 'r'}, {1, 4, 'p'}, {1, 6, 'p'},
  {1, 8, 'p'}, {1, 10, 'p'}, {1, 12, 'r'}, {2, 1, 'w'}, {2, 3, 'r'},
  {2, 5, 'p'}, {2, 7, 'p'}, {2, 9, 'p'}, {2, 11, 'w'}, {3, 0, 'r'},
  {3, 2, 'p'}, {3, 4, 'p'}, {3, 6, 'p'}, {3, 8, 'p'}, {3, 10, 'p'},
  {3, 12, 'w'}, {4, 1, 'w'}, {4, 3, 'p'}, {4, 5, 'p'}, {4, 7, 'p'},
  {4, 9, 'p'}, {4, 11, 'p'}, {5, 0, 'p'}, {5, 2, 'p'}, {5, 4, 'r'},
  {5, 6, 'p'}, {5, 8, 'w'}, {5, 10, 'p'}, {5, 12, 'p'}, {6, 1, 'p'},
  {6, 3, 'p'}, {6, 5, 'p'}, {6, 7, 'w'}, {6, 9, 'r'}, {6, 11, 'p'},
  {7, 0, 'w'}, {7, 2, 'p'}, {7, 4, 'p'}, {7, 6, 'p'}, {7, 8, 'p'},
  {7, 10, 'p'}, {7, 12, 'p'}, {8, 1, 'w'}, {8, 3, 'w'}, {8, 5, 'p'},
  {8, 7, 'p'}, {8, 9, 'p'}, {8, 11, 'p'}
};
#define MAP_A_N ((int)(sizeof map_a_hexes / sizeof map_a_hexes[0]))

/* Building defs used by the tests (buildings.json). */
enum {
  B_S1, B_S2, B_S3, B_S4, B_S5, B_KIOSK, B_PAVILION, B_REPTILE,
  B_S256, B_S257, B_S245, B_N
};
#define ENC ARK_BK_ENCLOSURE
static const ark_building_def defs[B_N] = {
  [B_S1] = { .key = "size-1", .kind = ENC, .ncells = 1 },
  [B_S2] = { .key = "size-2", .kind = ENC, .ncells = 2,
             .q = {0, 0}, .r = {0, -1} },
  [B_S3] = { .key = "size-3", .kind = ENC, .ncells = 3,
             .q = {0, 0, 1}, .r = {0, -1, -1} },
  [B_S4] = { .key = "size-4", .kind = ENC, .ncells = 4,
             .q = {0, 0, 1, 1}, .r = {0, -1, -2, -1} },
  [B_S5] = { .key = "size-5", .kind = ENC, .ncells = 5,
             .q = {0, 0, 1, 1, 0}, .r = {0, -1, -2, -1, -2} },
  [B_KIOSK] = { .key = "kiosk", .kind = ARK_BK_KIOSK, .ncells = 1 },
  [B_PAVILION] = { .key = "pavilion", .kind = ARK_BK_PAVILION, .ncells = 1 },
  [B_REPTILE] = { .key = "reptile-house", .kind = ARK_BK_SPECIAL, .ncells = 5,
                  .q = {0, 0, 1, 2, 2}, .r = {0, -1, -1, -2, -1},
                  .capacity = 5, .needs_build2 = 1 },
  [B_S256] = { .key = "sponsor-256", .kind = ARK_BK_UNIQUE, .ncells = 2,
               .q = {0, 1}, .r = {0, 0}, .adjacent_water = 1,
               .sponsor = 256 },
  [B_S257] = { .key = "sponsor-257", .kind = ARK_BK_UNIQUE, .ncells = 2,
               .q = {0, 1}, .r = {0, 0}, .border_spaces = 2,
               .ignores_adjacency = 1, .sponsor = 257 },
  [B_S245] = { .key = "sponsor-245", .kind = ARK_BK_UNIQUE, .ncells = 4,
               .q = {0, 1, 2, 2}, .r = {0, -1, -1, 0}, .adjacent_water = 2,
               .sponsor = 245 },
};

static ark_map_def map_a;

static void build_map_a(void)
{
  int i;
  memset(&map_a, 0, sizeof map_a);
  strcpy(map_a.id, "A");
  for (i = 0; i < MAP_A_N; i++) {
    int c = ARK_CELL(map_a_hexes[i].x, map_a_hexes[i].y);
    map_a.exists[c] = 1;
    map_a.terrain[c] = map_a_hexes[i].t == 'w' ? ARK_TERRAIN_WATER
                     : map_a_hexes[i].t == 'r' ? ARK_TERRAIN_ROCK
                     : ARK_TERRAIN_PLAIN;
  }
  /* upgrade_flag special hexes */
  map_a.build2[ARK_CELL(8, 11)] = 1;
  map_a.build2[ARK_CELL(7, 12)] = 1;
  ark_map_derive(&map_a);
}

static int setup(void **state)
{
  (void)state;
  build_map_a();
  return 0;
}

static void zoo_init(ark_zoo *z)
{
  memset(z, 0, sizeof *z);
}

/* A place from explicit cells (sorted here), anchor unknown. */
static ark_place mkplace(int n, const int *xy)
{
  ark_place p;
  int i, j;
  memset(&p, 0, sizeof p);
  p.ncells = (uint8_t)n;
  for (i = 0; i < n; i++)
    p.cells[i] = (uint8_t)ARK_CELL(xy[2 * i], xy[2 * i + 1]);
  for (i = 1; i < n; i++)
    for (j = i; j > 0 && p.cells[j - 1] > p.cells[j]; j--) {
      uint8_t t = p.cells[j];
      p.cells[j] = p.cells[j - 1];
      p.cells[j - 1] = t;
    }
  return p;
}

static int place_xy(ark_zoo *z, int bdef, int n, const int *xy)
{
  ark_place p = mkplace(n, xy);
  return ark_map_place(z, bdef, &p);
}

static ark_place list[ARK_CELLS * 6];
#define LIST_MAX ((int)(sizeof list / sizeof list[0]))

/* ---- geometry ---------------------------------------------------------- */

static void test_derive_edges(void **state)
{
  int c, edges = 0, exists = 0;
  (void)state;
  for (c = 0; c < ARK_CELLS; c++) {
    exists += map_a.exists[c];
    edges += map_a.edge[c];
    if (map_a.edge[c])
      assert_true(map_a.exists[c]);
  }
  assert_int_equal(exists, 58);
  assert_int_equal(edges, 26);   /* 58 minus 32 interior cells */
  assert_true(map_a.edge[ARK_CELL(0, 1)]);
  assert_true(map_a.edge[ARK_CELL(6, 11)]);
  assert_false(map_a.edge[ARK_CELL(4, 5)]);
  assert_false(map_a.edge[ARK_CELL(7, 10)]);
}

static void test_neighbors(void **state)
{
  int nb[6];
  (void)state;
  assert_int_equal(ark_map_neighbors(&map_a, ARK_CELL(4, 5), nb), 6);
  assert_int_equal(nb[0], ARK_CELL(4, 3));
  assert_int_equal(nb[1], ARK_CELL(4, 7));
  assert_int_equal(nb[2], ARK_CELL(3, 4));
  assert_int_equal(nb[3], ARK_CELL(5, 4));
  assert_int_equal(nb[4], ARK_CELL(3, 6));
  assert_int_equal(nb[5], ARK_CELL(5, 6));
  /* corner (0,1): (0,3) and (1,0), (1,2) */
  assert_int_equal(ark_map_neighbors(&map_a, ARK_CELL(0, 1), nb), 3);
  assert_int_equal(ark_map_neighbors(&map_a, ARK_CELL(8, 11), nb), 3);
}

/* Each axial unit step lands on a distinct grid neighbour of the anchor,
** and one sixth turn walks a unit step round all six neighbours. */
static void test_axial_steps_are_neighbors(void **state)
{
  static const int steps[6][2] = {
    {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}
  };
  int anchor = ARK_CELL(4, 5), nb[6], seen[ARK_CELLS], i, k, n;
  ark_building_def d;
  uint8_t cells[ARK_MAX_FOOTPRINT];
  (void)state;
  n = ark_map_neighbors(&map_a, anchor, nb);
  assert_int_equal(n, 6);
  memset(seen, 0, sizeof seen);
  memset(&d, 0, sizeof d);
  d.ncells = 1;
  for (i = 0; i < 6; i++) {
    int found = 0;
    d.q[0] = (int8_t)steps[i][0];
    d.r[0] = (int8_t)steps[i][1];
    assert_int_equal(ark_map_footprint(&d, anchor, 0, cells), 1);
    for (k = 0; k < 6; k++)
      found |= nb[k] == cells[0];
    assert_true(found);
    assert_false(seen[cells[0]]);
    seen[cells[0]] = 1;
  }
  memset(seen, 0, sizeof seen);
  d.q[0] = 1;
  d.r[0] = 0;
  for (i = 0; i < 6; i++) {
    assert_int_equal(ark_map_footprint(&d, anchor, i, cells), 1);
    assert_int_equal(ark_map_distance(anchor, cells[0]), 1);
    assert_false(seen[cells[0]]);
    seen[cells[0]] = 1;
  }
  /* six turns are the identity */
  assert_int_equal(ark_map_footprint(&d, anchor, 6, cells), 1);
  assert_int_equal(cells[0], ARK_CELL(5, 6));
}

/* BFS over the whole 9x13 grid (every cell, whether or not a map has it):
** the grid's bounding box holds a monotone shortest path between any two
** cells, so BFS inside it is the true hex distance. */
static void bfs_grid(int from, int dist[ARK_CELLS], const uint8_t *allowed)
{
  static const int dx[6] = { 0, 0, -1, 1, -1, 1 };
  static const int dy[6] = { -2, 2, -1, -1, 1, 1 };
  int queue[ARK_CELLS], head = 0, tail = 0, c, k;
  for (c = 0; c < ARK_CELLS; c++)
    dist[c] = -1;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    int cur = queue[head++];
    for (k = 0; k < 6; k++) {
      int x = ARK_CELL_X(cur) + dx[k], y = ARK_CELL_Y(cur) + dy[k], n;
      if (x < 0 || x >= ARK_GRID_W || y < 0 || y >= ARK_GRID_H)
        continue;
      n = ARK_CELL(x, y);
      if (dist[n] >= 0 || (allowed && !allowed[n]))
        continue;
      dist[n] = dist[cur] + 1;
      queue[tail++] = n;
    }
  }
}

static void test_distance_matches_bfs(void **state)
{
  int a, b, dist[ARK_CELLS], pairs = 0, maxd = 0;
  (void)state;
  for (a = 0; a < ARK_CELLS; a++) {
    bfs_grid(a, dist, NULL);
    for (b = 0; b < ARK_CELLS; b++) {
      /* cells of the other parity are never connected */
      if ((ARK_CELL_X(a) + ARK_CELL_Y(a)) % 2 != (ARK_CELL_X(b) + ARK_CELL_Y(b)) % 2) {
        assert_int_equal(dist[b], -1);
        continue;
      }
      assert_int_equal(ark_map_distance(a, b), dist[b]);
      assert_int_equal(ark_map_distance(b, a), dist[b]);
      pairs++;
    }
  }
  assert_int_equal(pairs, 59 * 59 + 58 * 58);
  /* on map A, walking only over its own cells */
  for (a = 0; a < ARK_CELLS; a++) {
    if (!map_a.exists[a])
      continue;
    bfs_grid(a, dist, map_a.exists);
    for (b = 0; b < ARK_CELLS; b++)
      if (map_a.exists[b]) {
        assert_int_equal(ark_map_distance(a, b), dist[b]);
        if (dist[b] > maxd)
          maxd = dist[b];
      }
  }
  assert_int_equal(maxd, 9);    /* e.g. (0,1) to (8,11): 8 + (10-8)/2 */
  assert_int_equal(ark_map_distance(ARK_CELL(0, 5), ARK_CELL(2, 5)), 2);
  assert_int_equal(ark_map_distance(ARK_CELL(0, 5), ARK_CELL(3, 8)), 3);
  assert_int_equal(ark_map_distance(ARK_CELL(0, 1), ARK_CELL(0, 11)), 5);
}

static int count_distinct_rotations(int bdef, int anchor)
{
  uint8_t sets[6][ARK_MAX_FOOTPRINT];
  int rot, k, n = 0, len = 0;
  for (rot = 0; rot < 6; rot++) {
    uint8_t cells[ARK_MAX_FOOTPRINT];
    int dup = 0;
    len = ark_map_footprint(&defs[bdef], anchor, rot, cells);
    assert_int_equal(len, defs[bdef].ncells);
    for (k = 0; k < n; k++)
      dup |= memcmp(sets[k], cells, (size_t)len) == 0;
    if (!dup)
      memcpy(sets[n++], cells, (size_t)len);
  }
  return n;
}

static void test_footprint_rotations(void **state)
{
  int anchor = ARK_CELL(4, 7), rot, i;
  uint8_t cells[ARK_MAX_FOOTPRINT];
  (void)state;
  assert_int_equal(count_distinct_rotations(B_S3, anchor), 6);
  assert_int_equal(count_distinct_rotations(B_S5, anchor), 6);
  assert_int_equal(count_distinct_rotations(B_S1, anchor), 1);
  assert_int_equal(count_distinct_rotations(B_KIOSK, anchor), 1);
  /* rot 0 of size-3: offsets (0,0) (0,-1) (1,-1) -> (4,7) (4,5) (5,6) */
  assert_int_equal(ark_map_footprint(&defs[B_S3], anchor, 0, cells), 3);
  assert_int_equal(cells[0], ARK_CELL(4, 5));
  assert_int_equal(cells[1], ARK_CELL(5, 6));
  assert_int_equal(cells[2], ARK_CELL(4, 7));
  /* sorted, and every rotation keeps the cells connected */
  for (rot = 0; rot < 6; rot++) {
    assert_int_equal(ark_map_footprint(&defs[B_S5], anchor, rot, cells), 5);
    for (i = 1; i < 5; i++)
      assert_true(cells[i - 1] < cells[i]);
  }
  /* off the grid: (0,1) with a cell at q = -1 in some rotation */
  {
    int zeros = 0;
    for (rot = 0; rot < 6; rot++)
      zeros += ark_map_footprint(&defs[B_S2], ARK_CELL(0, 1), rot, cells) == 0;
    /* neighbours (0,3), (1,0), (1,2) are on the grid; the other three not */
    assert_int_equal(zeros, 3);
  }
}

static void test_cell_text(void **state)
{
  char buf[16];
  (void)state;
  ark_map_cell_text(ARK_CELL(3, 8), buf, sizeof buf);
  assert_string_equal(buf, "(3,8)");
  ark_map_cell_text(ARK_CELL(8, 12), buf, sizeof buf);
  assert_string_equal(buf, "(8,12)");
  ark_map_cell_text(ARK_CELL(8, 12), buf, 4);
  assert_string_equal(buf, "(8,");
}

/* ---- placement --------------------------------------------------------- */

static int count_placements(const ark_zoo *z, int bdef, int build2)
{
  return ark_map_placements(&map_a, z, defs, bdef, build2, list, LIST_MAX);
}

static void test_empty_zoo_size1(void **state)
{
  ark_zoo z;
  int n, i;
  (void)state;
  zoo_init(&z);
  /* plain edge cells: x=0 six, x=8 (8,5) (8,7) (8,9), y=0 (5,0),
  ** y=12 (5,12), y=1 (6,1), y=11 (4,11) (6,11) = 14; build2 adds (8,11)
  ** and (7,12). */
  n = count_placements(&z, B_S1, 0);
  assert_int_equal(n, 14);
  for (i = 0; i < n; i++) {
    assert_int_equal(list[i].ncells, 1);
    assert_true(map_a.edge[list[i].cells[0]]);
    assert_false(map_a.build2[list[i].cells[0]]);
    assert_int_equal(map_a.terrain[list[i].cells[0]], ARK_TERRAIN_PLAIN);
  }
  /* ordered by cell index x + 9y: (5,0) = 5 comes before (0,1) = 9 */
  assert_int_equal(list[0].cells[0], ARK_CELL(5, 0));
  assert_int_equal(list[0].anchor, ARK_CELL(5, 0));
  assert_int_equal(list[1].cells[0], ARK_CELL(0, 1));
  assert_int_equal(list[13].cells[0], ARK_CELL(5, 12));
  assert_int_equal(list[0].rot, 0);
  assert_int_equal(count_placements(&z, B_S1, 1), 16);
  assert_int_equal(count_placements(&z, B_KIOSK, 0), 14);
  assert_int_equal(count_placements(&z, B_PAVILION, 0), 14);
}

static void test_empty_zoo_counts(void **state)
{
  ark_zoo z;
  (void)state;
  zoo_init(&z);
  assert_int_equal(count_placements(&z, B_S2, 0), 34);
  assert_int_equal(count_placements(&z, B_S2, 1), 39);
  assert_int_equal(count_placements(&z, B_S3, 0), 19);
  assert_int_equal(count_placements(&z, B_S3, 1), 22);
  assert_int_equal(count_placements(&z, B_S4, 0), 21);
  assert_int_equal(count_placements(&z, B_S5, 0), 28);
  assert_int_equal(count_placements(&z, B_S5, 1), 31);
  assert_int_equal(count_placements(&z, B_REPTILE, 0), 10);
  assert_int_equal(count_placements(&z, B_REPTILE, 1), 12);
  assert_int_equal(count_placements(&z, B_S256, 0), 19);
  assert_int_equal(count_placements(&z, B_S257, 0), 10);
  assert_int_equal(count_placements(&z, B_S257, 1), 13);
  assert_int_equal(count_placements(&z, B_S245, 0), 14);
}

/* Map A's printed start: size-3 on (0,9) (0,11) (1,10), kiosk on (0,7). */
static void start_zoo(ark_zoo *z)
{
  static const int s3[] = { 0, 9, 0, 11, 1, 10 };
  static const int k[] = { 0, 7 };
  zoo_init(z);
  assert_int_equal(place_xy(z, B_S3, 3, s3), 0);
  assert_int_equal(place_xy(z, B_KIOSK, 1, k), 1);
}

static void test_start_zoo_counts(void **state)
{
  ark_zoo z;
  static const int s3[] = { 0, 9, 0, 11, 1, 10 };
  ark_place p = mkplace(3, s3);
  ark_zoo empty;
  (void)state;
  /* the inferred start enclosure is a true size-3 shape */
  zoo_init(&empty);
  assert_true(ark_map_can_place(&map_a, &empty, defs, B_S3, 0, &p));
  start_zoo(&z);
  assert_int_equal(count_placements(&z, B_S1, 0), 4);
  assert_int_equal(count_placements(&z, B_S2, 0), 12);
  assert_int_equal(count_placements(&z, B_S3, 0), 8);
  assert_int_equal(count_placements(&z, B_S4, 0), 10);
  assert_int_equal(count_placements(&z, B_S5, 0), 17);
  assert_int_equal(count_placements(&z, B_REPTILE, 1), 7);
  assert_int_equal(count_placements(&z, B_S256, 0), 4);
  /* free of the adjacency rule: border pairs anywhere */
  assert_int_equal(count_placements(&z, B_S257, 0), 7);
  assert_int_equal(count_placements(&z, B_S257, 1), 10);
  /* every cell next to the start zoo is within 2 of the kiosk at (0,7) */
  assert_int_equal(count_placements(&z, B_KIOSK, 0), 0);
}

static void test_kiosk_spacing(void **state)
{
  ark_zoo z;
  static const int k1[] = { 0, 5 };
  static const int s2[] = { 1, 6, 2, 7 };
  static const int at2[] = { 2, 5 }, at3[] = { 3, 8 }, at3b[] = { 3, 6 };
  ark_place p;
  int n, i;
  (void)state;
  zoo_init(&z);
  p = mkplace(1, k1);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_KIOSK, 0, &p));
  ark_map_place(&z, B_KIOSK, &p);
  p = mkplace(2, s2);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S2, 0, &p));
  ark_map_place(&z, B_S2, &p);
  /* (2,5) touches the enclosure but is 2 from the kiosk */
  p = mkplace(1, at2);
  assert_int_equal(ark_map_distance(p.cells[0], ARK_CELL(0, 5)), 2);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_KIOSK, 0, &p));
  assert_true(ark_map_can_place(&map_a, &z, defs, B_PAVILION, 0, &p));
  p = mkplace(1, at3);
  assert_int_equal(ark_map_distance(p.cells[0], ARK_CELL(0, 5)), 3);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_KIOSK, 0, &p));
  p = mkplace(1, at3b);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_KIOSK, 0, &p));
  /* size-1 neighbours of the zoo: (0,3) (1,4) (2,5) (0,7) (1,8) (2,9)
  ** (3,6) (3,8); kiosks keep (3,6) (3,8) (2,9), in cell index order */
  assert_int_equal(count_placements(&z, B_S1, 0), 8);
  n = count_placements(&z, B_KIOSK, 0);
  assert_int_equal(n, 3);
  assert_int_equal(list[0].cells[0], ARK_CELL(3, 6));
  assert_int_equal(list[1].cells[0], ARK_CELL(3, 8));
  assert_int_equal(list[2].cells[0], ARK_CELL(2, 9));
  for (i = 0; i < n; i++)
    assert_true(ark_map_distance(list[i].cells[0], ARK_CELL(0, 5)) >= 3);
}

static void check_cells_buildable(const ark_zoo *z, const ark_place *p,
                                  int build2)
{
  int j;
  for (j = 0; j < p->ncells; j++) {
    int c = p->cells[j];
    assert_true(map_a.exists[c]);
    assert_int_equal(map_a.terrain[c], ARK_TERRAIN_PLAIN);
    assert_int_equal(z->at[c], 0);
    if (!build2)
      assert_false(map_a.build2[c]);
  }
}

static void test_never_water_or_rock(void **state)
{
  ark_zoo z;
  int b, build2, n, i, k;
  (void)state;
  for (k = 0; k < 2; k++) {
    if (k == 0)
      zoo_init(&z);
    else
      start_zoo(&z);
    for (b = 0; b < B_N; b++)
      for (build2 = 0; build2 < 2; build2++) {
        n = count_placements(&z, b, build2);
        for (i = 0; i < n; i++)
          check_cells_buildable(&z, &list[i], build2);
      }
  }
  {
    static const int water[] = { 2, 11 }, rock[] = { 1, 0 };
    ark_place p = mkplace(1, water);
    zoo_init(&z);
    assert_false(ark_map_can_place(&map_a, &z, defs, B_S1, 1, &p));
    p = mkplace(1, rock);
    assert_false(ark_map_can_place(&map_a, &z, defs, B_S1, 1, &p));
  }
}

static void test_build2_cells(void **state)
{
  ark_zoo z;
  static const int flag[] = { 8, 11 };
  ark_place p = mkplace(1, flag);
  int n, i, j, hits = 0;
  (void)state;
  zoo_init(&z);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S1, 0, &p));
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S1, 1, &p));
  n = count_placements(&z, B_REPTILE, 1);
  for (i = 0; i < n; i++)
    for (j = 0; j < list[i].ncells; j++)
      hits += map_a.build2[list[i].cells[j]];
  assert_true(hits > 0);
}

static void test_adjacency(void **state)
{
  ark_zoo z;
  static const int first[] = { 0, 1 }, far[] = { 4, 5 }, near[] = { 0, 3 };
  static const int far_border[] = { 8, 5, 8, 7 };
  ark_place p;
  int n, i;
  (void)state;
  zoo_init(&z);
  /* the first building must reach the edge */
  p = mkplace(1, far);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S1, 0, &p));
  p = mkplace(1, first);
  ark_map_place(&z, B_S1, &p);
  p = mkplace(1, far);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S1, 0, &p));
  p = mkplace(1, near);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S1, 0, &p));
  /* (0,1) has (0,3) and the rocks (1,0) (1,2): one free neighbour */
  assert_int_equal(count_placements(&z, B_S1, 0), 1);
  n = count_placements(&z, B_S2, 0);
  assert_true(n > 0);
  for (i = 0; i < n; i++) {
    int k, touch = 0;
    for (k = 0; k < list[i].ncells; k++)
      touch |= ark_map_touches(&map_a, &z, 0, list[i].cells[k]);
    assert_true(touch);
  }
  /* sponsor 257 ignores adjacency, still needs two border spaces */
  p = mkplace(2, far_border);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S2, 0, &p));
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S257, 0, &p));
}

static void test_unique_needs(void **state)
{
  ark_zoo z;
  static const int dry[] = { 1, 6, 1, 8 };    /* no water or rock around */
  static const int wet[] = { 2, 9, 3, 10 };   /* (2,9) sees water (2,11) */
  /* (1,10) and (2,9) both see (2,11), the only water: one distinct cell */
  static const int lake[] = { 0, 7, 0, 9, 1, 10, 2, 9 };
  static const int far_border[] = { 8, 5, 8, 7 };
  static const int inner[] = { 4, 5, 4, 7 };
  ark_building_def loose[B_N];
  ark_place p;
  int n, i;
  (void)state;
  zoo_init(&z);
  n = count_placements(&z, B_S256, 0);
  assert_int_equal(n, 19);
  for (i = 0; i < n; i++) {
    ark_zoo t;
    int id;
    zoo_init(&t);
    id = ark_map_place(&t, B_S256, &list[i]);
    assert_true(ark_map_adjacent_terrain(&map_a, &t, id, ARK_TERRAIN_WATER) >= 1);
  }
  n = count_placements(&z, B_S257, 1);
  for (i = 0; i < n; i++)
    assert_int_equal(map_a.edge[list[i].cells[0]] + map_a.edge[list[i].cells[1]], 2);
  /* adjacent water counts distinct cells */
  p = mkplace(4, lake);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S245, 0, &p));
  memcpy(loose, defs, sizeof loose);
  loose[B_S245].adjacent_water = 1;
  assert_true(ark_map_can_place(&map_a, &z, loose, B_S245, 0, &p));
  /* next to the start zoo */
  start_zoo(&z);
  p = mkplace(2, dry);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S2, 0, &p));
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S256, 0, &p));
  p = mkplace(2, wet);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S256, 0, &p));
  /* border spaces: two edge cells needed, one or none is not enough */
  p = mkplace(2, far_border);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S257, 0, &p));
  p = mkplace(2, inner);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S257, 0, &p));
  p = mkplace(2, wet);     /* (2,9) (3,10): neither is an edge cell */
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S257, 0, &p));
}

/* Distinct counting: water cells seen by two footprint cells count once. */
static void test_adjacent_terrain_distinct(void **state)
{
  ark_zoo z;
  static const int pair[] = { 5, 6, 6, 5 };
  static const int trio[] = { 4, 9, 5, 10, 4, 11 };
  int id;
  (void)state;
  zoo_init(&z);
  id = place_xy(&z, B_S2, 2, pair);
  /* water (5,8) and (6,7); rock (5,4) seen from both cells */
  assert_int_equal(ark_map_adjacent_terrain(&map_a, &z, id, ARK_TERRAIN_WATER), 2);
  assert_int_equal(ark_map_adjacent_terrain(&map_a, &z, id, ARK_TERRAIN_ROCK), 1);
  id = place_xy(&z, B_S3, 3, trio);
  /* (5,8) seen by (4,9) and (5,10); (3,12) by (4,11); rock (6,9) */
  assert_int_equal(ark_map_adjacent_terrain(&map_a, &z, id, ARK_TERRAIN_WATER), 2);
  assert_int_equal(ark_map_adjacent_terrain(&map_a, &z, id, ARK_TERRAIN_ROCK), 1);
}

static void test_can_place_shape(void **state)
{
  ark_zoo z;
  static const int line[] = { 0, 1, 0, 3, 0, 5 };
  static const int tri[] = { 0, 1, 0, 3, 1, 2 };  /* (1,2) is rock */
  static const int tri2[] = { 0, 3, 0, 5, 1, 4 };
  ark_place p;
  (void)state;
  zoo_init(&z);
  p = mkplace(3, line);    /* a straight line is no size-3 tile */
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S3, 0, &p));
  p = mkplace(3, tri);
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S3, 0, &p));
  p = mkplace(3, tri2);
  assert_true(ark_map_can_place(&map_a, &z, defs, B_S3, 0, &p));
  assert_false(ark_map_can_place(&map_a, &z, defs, B_S2, 0, &p));
  /* every listed placement passes can_place */
  {
    int b, n, i;
    for (b = 0; b < B_N; b++) {
      n = count_placements(&z, b, 1);
      for (i = 0; i < n; i++)
        assert_true(ark_map_can_place(&map_a, &z, defs, b, 1, &list[i]));
    }
  }
}

static void test_kiosk_income(void **state)
{
  ark_zoo z;
  static const int k[] = { 0, 5 }, s2[] = { 0, 7, 1, 8 }, pav[] = { 0, 3 };
  static const int k2[] = { 2, 9 };
  int enc;
  (void)state;
  zoo_init(&z);
  place_xy(&z, B_KIOSK, 1, k);
  enc = place_xy(&z, B_S2, 2, s2);
  assert_int_equal(ark_map_kiosk_income(&map_a, &z, defs), 0);
  place_xy(&z, B_PAVILION, 1, pav);
  assert_int_equal(ark_map_kiosk_income(&map_a, &z, defs), 1);
  z.b[enc].used = 1;
  assert_int_equal(ark_map_kiosk_income(&map_a, &z, defs), 2);
  /* a second kiosk next to the same enclosure counts it again; kiosks
  ** never count each other */
  assert_int_equal(ark_map_distance(ARK_CELL(0, 5), ARK_CELL(2, 9)), 3);
  place_xy(&z, B_KIOSK, 1, k2);
  assert_int_equal(ark_map_kiosk_income(&map_a, &z, defs), 3);
  assert_true(ark_map_buildings_adjacent(&map_a, &z, 1, 3));
  assert_false(ark_map_buildings_adjacent(&map_a, &z, 0, 3));
  assert_false(ark_map_buildings_adjacent(&map_a, &z, 1, 1));
  /* an occupied enclosure that touches the kiosk with both its spaces
  ** brings its visitors once */
  int nb[6], n = ark_map_neighbors(&map_a, ARK_CELL(0, 5), nb), pair[4] = { -1 };
  for (int a = 0; a < n && pair[0] < 0; a++)
    for (int b = 0; b < n && pair[0] < 0; b++)
      if (ark_map_distance(nb[a], nb[b]) == 1 && !z.at[nb[a]] && !z.at[nb[b]]) {
        pair[0] = nb[a] % ARK_GRID_W, pair[1] = nb[a] / ARK_GRID_W;
        pair[2] = nb[b] % ARK_GRID_W, pair[3] = nb[b] / ARK_GRID_W;
      }
  assert_true(pair[0] >= 0);
  zoo_init(&z);
  place_xy(&z, B_KIOSK, 1, k);
  enc = place_xy(&z, B_S2, 2, pair);
  z.b[enc].used = 1;
  assert_int_equal(ark_map_kiosk_income(&map_a, &z, defs), 1);
}

static void test_determinism(void **state)
{
  static ark_place again[ARK_CELLS * 6];
  ark_zoo z;
  int b, n, m, i;
  (void)state;
  start_zoo(&z);
  for (b = 0; b < B_N; b++) {
    n = count_placements(&z, b, 1);
    m = ark_map_placements(&map_a, &z, defs, b, 1, again, LIST_MAX);
    assert_int_equal(n, m);
    assert_memory_equal(list, again, (size_t)n * sizeof list[0]);
    for (i = 1; i < n; i++)
      assert_true(memcmp(list[i - 1].cells, list[i].cells, list[i].ncells) < 0);
  }
  /* max truncates to the first entries of the same order */
  n = count_placements(&z, B_S5, 0);
  m = ark_map_placements(&map_a, &z, defs, B_S5, 0, again, 3);
  assert_int_equal(m, 3);
  assert_memory_equal(list, again, 3 * sizeof list[0]);
  assert_int_equal(ark_map_placements(&map_a, &z, defs, B_S5, 0, again, 0), 0);
  assert_true(n > 3);
}

static void test_place_remove(void **state)
{
  ark_zoo z;
  uint8_t before[ARK_CELLS];
  static const int extra[] = { 1, 8 };
  int id;
  (void)state;
  start_zoo(&z);
  assert_int_equal(ark_map_free_cells(&map_a, &z), 42 - 4);
  memcpy(before, z.at, sizeof before);
  id = place_xy(&z, B_PAVILION, 1, extra);
  assert_int_equal(id, 2);
  assert_int_equal(z.at[ARK_CELL(1, 8)], 3);
  assert_int_equal(z.b[id].card, -1);
  assert_int_equal(z.b[id].used, 0);
  ark_map_remove(&z, id);
  assert_int_equal(z.nb, 2);
  assert_memory_equal(before, z.at, sizeof before);
  /* removing the first building shifts the kiosk down to index 0 */
  ark_map_remove(&z, 0);
  assert_int_equal(z.nb, 1);
  assert_int_equal(z.at[ARK_CELL(0, 7)], 1);
  assert_int_equal(z.at[ARK_CELL(0, 9)], 0);
  assert_int_equal(z.at[ARK_CELL(1, 10)], 0);
  assert_int_equal(ark_map_free_cells(&map_a, &z), 42 - 1);
  ark_map_remove(&z, 5);   /* out of range: no change */
  assert_int_equal(z.nb, 1);
}

static void test_zoo_full(void **state)
{
  ark_zoo z;
  ark_place p;
  int i;
  (void)state;
  zoo_init(&z);
  memset(&p, 0, sizeof p);
  p.ncells = 1;
  for (i = 0; i < ARK_MAX_BUILDINGS; i++) {
    p.cells[0] = (uint8_t)i;
    assert_int_equal(ark_map_place(&z, B_S1, &p), i);
  }
  assert_int_equal(ark_map_place(&z, B_S1, &p), -1);
}

static void test_touches(void **state)
{
  ark_zoo z;
  (void)state;
  start_zoo(&z);
  assert_true(ark_map_touches(&map_a, &z, 0, ARK_CELL(1, 8)));
  assert_true(ark_map_touches(&map_a, &z, 0, ARK_CELL(0, 7)));
  assert_false(ark_map_touches(&map_a, &z, 0, ARK_CELL(0, 9)));  /* own cell */
  assert_false(ark_map_touches(&map_a, &z, 0, ARK_CELL(0, 5)));
  assert_true(ark_map_touches(&map_a, &z, 1, ARK_CELL(0, 5)));
  assert_true(ark_map_buildings_adjacent(&map_a, &z, 0, 1));
  assert_true(ark_map_buildings_adjacent(&map_a, &z, 1, 0));
  /* start enclosure: rock (1,12), water (2,11) */
  assert_int_equal(ark_map_adjacent_terrain(&map_a, &z, 0, ARK_TERRAIN_ROCK), 1);
  assert_int_equal(ark_map_adjacent_terrain(&map_a, &z, 0, ARK_TERRAIN_WATER), 1);
}

/* ark_map_read_xy reads "(x,y)" as sscanf's "(%d,%d" would: blanks and a
** sign before each number, the rest of the text after the y. */
static void test_read_xy(void **st) {
  (void)st;
  int x = -9, y = -9;
  const char *end = ark_map_read_xy("(3,14) (4,14)", &x, &y);
  assert_non_null(end);
  assert_int_equal(x, 3);
  assert_int_equal(y, 14);
  assert_string_equal(end, ") (4,14)");
  end = ark_map_read_xy("( 2, -1)", &x, &y);
  assert_non_null(end);
  assert_int_equal(x, 2);
  assert_int_equal(y, -1);
  assert_null(ark_map_read_xy("(a,1)", &x, &y));
  assert_null(ark_map_read_xy("(1 2)", &x, &y));
  assert_null(ark_map_read_xy("1,2)", &x, &y));
  assert_null(ark_map_read_xy("(1,)", &x, &y));
  assert_non_null(ark_map_read_xy("(12345678901234,0)", &x, &y));
  assert_true(x >= 1000000);                   /* far off any map, not wrapped */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_read_xy),
    cmocka_unit_test_setup(test_derive_edges, setup),
    cmocka_unit_test_setup(test_neighbors, setup),
    cmocka_unit_test_setup(test_axial_steps_are_neighbors, setup),
    cmocka_unit_test_setup(test_distance_matches_bfs, setup),
    cmocka_unit_test_setup(test_footprint_rotations, setup),
    cmocka_unit_test_setup(test_cell_text, setup),
    cmocka_unit_test_setup(test_empty_zoo_size1, setup),
    cmocka_unit_test_setup(test_empty_zoo_counts, setup),
    cmocka_unit_test_setup(test_start_zoo_counts, setup),
    cmocka_unit_test_setup(test_kiosk_spacing, setup),
    cmocka_unit_test_setup(test_never_water_or_rock, setup),
    cmocka_unit_test_setup(test_build2_cells, setup),
    cmocka_unit_test_setup(test_adjacency, setup),
    cmocka_unit_test_setup(test_unique_needs, setup),
    cmocka_unit_test_setup(test_adjacent_terrain_distinct, setup),
    cmocka_unit_test_setup(test_can_place_shape, setup),
    cmocka_unit_test_setup(test_kiosk_income, setup),
    cmocka_unit_test_setup(test_determinism, setup),
    cmocka_unit_test_setup(test_place_remove, setup),
    cmocka_unit_test_setup(test_zoo_full, setup),
    cmocka_unit_test_setup(test_touches, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
