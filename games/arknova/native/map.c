/*
** map.c - hex geometry and building placement on a zoo map (ark_map_).
**
** The grid uses doubled rows: a cell (x, y) has neighbours (x, y+-2) and
** (x+-1, y+-1).  Footprints are stored in axial offsets (q, r); an offset
** moves x by q and y by 2r + q, which maps the six axial unit steps onto
** the six grid neighbour steps.
*/
#include <stdarg.h>
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

/* Grid steps (dx, dy) to the six neighbours, in the order of map.h. */
static const int ark_map_dx[6] = { 0, 0, -1, 1, -1, 1 };
static const int ark_map_dy[6] = { -2, 2, -1, -1, 1, 1 };

/* Upper bound of candidate positions: one per anchor cell and rotation. */
#define ARK_MAP_MAX_CANDIDATES (ARK_CELLS * 6)

static int ark_map_in_grid(int x, int y)
{
  return x >= 0 && x < ARK_GRID_W && y >= 0 && y < ARK_GRID_H;
}

static int ark_map_valid_cell(int c)
{
  return c >= 0 && c < ARK_CELLS;
}

/* Neighbours on the 9x13 grid whether or not they exist on the map. */
static int ark_map_grid_neighbors(int cell, int out[6])
{
  int x = ARK_CELL_X(cell), y = ARK_CELL_Y(cell), n = 0, k;
  for (k = 0; k < 6; k++) {
    int nx = x + ark_map_dx[k], ny = y + ark_map_dy[k];
    if (ark_map_in_grid(nx, ny))
      out[n++] = ARK_CELL(nx, ny);
  }
  return n;
}

static int neighbors_on_map(const ark_map_def *m, int cell, int out[6])
{
  int all[6], n, k, cnt = 0;
  n = ark_map_grid_neighbors(cell, all);
  for (k = 0; k < n; k++)
    if (m->exists[all[k]])
      out[cnt++] = all[k];
  return cnt;
}

int ark_map_neighbors(const ark_map_def *m, int cell, int out[6])
{
  int k, n;
  if (!ark_map_valid_cell(cell))
    return 0;
  if (!m->nb_ready)
    return neighbors_on_map(m, cell, out);
  n = m->nb_n[cell];
  for (k = 0; k < n; k++)
    out[k] = m->nb[cell][k];
  return n;
}

/* The map's sets of spaces, ARK_BITS_* (ark_map_def.bits): worked out
** from the map as it is, derived or not (a map not derived has its edge
** flags clear, as every search of it reads them). */
static void ark_map_sets(const ark_map_def *m, uint64_t bits[ARK_MAP_BITS][2])
{
  int c, k, nb[6];
  memset(bits, 0, sizeof(uint64_t[ARK_MAP_BITS][2]));
  for (c = 0; c < ARK_CELLS; c++) {
    uint64_t bit = 1ull << (c & 63);
    int w = c >> 6, t = m->terrain[c] <= ARK_TERRAIN_ROCK ? m->terrain[c] : ARK_TERRAIN_PLAIN;
    if (ARK_CELL_X(c) == 0)
      bits[ARK_BITS_COL_FIRST][w] |= bit;
    if (ARK_CELL_X(c) == ARK_GRID_W - 1)
      bits[ARK_BITS_COL_LAST][w] |= bit;
    if (!m->exists[c])
      continue;
    bits[ARK_BITS_EXISTS][w] |= bit;
    bits[ARK_BITS_PLAIN + t][w] |= bit;
    if (m->edge[c])
      bits[ARK_BITS_EDGE][w] |= bit;
    if (m->build2[c])
      bits[ARK_BITS_BUILD2][w] |= bit;
    int n = ark_map_neighbors(m, c, nb);
    for (k = 0; k < n; k++) {
      if (m->terrain[nb[k]] == ARK_TERRAIN_WATER)
        bits[ARK_BITS_NEXT_WATER][w] |= bit;
      if (m->terrain[nb[k]] == ARK_TERRAIN_ROCK)
        bits[ARK_BITS_NEXT_ROCK][w] |= bit;
    }
  }
}

void ark_map_derive(ark_map_def *m)
{
  int c, k, nb[6];
  for (c = 0; c < ARK_CELLS; c++) {
    int n = neighbors_on_map(m, c, nb);
    m->nb_n[c] = (uint8_t)n;
    for (k = 0; k < n; k++)
      m->nb[c][k] = (uint8_t)nb[k];
    m->edge[c] = m->exists[c] && n < 6;
  }
  m->nb_ready = 1;
  ark_map_sets(m, m->bits);
}

static int ark_map_abs(int v)
{
  return v < 0 ? -v : v;
}

int ark_map_distance(int a, int b)
{
  int dx = ark_map_abs(ARK_CELL_X(a) - ARK_CELL_X(b));
  int dy = ark_map_abs(ARK_CELL_Y(a) - ARK_CELL_Y(b));
  int extra = (dy - dx) / 2;
  return dx + (extra > 0 ? extra : 0);
}

/* One sixth turn of an axial offset: through cube coordinates
** (x, y, z) = (q, -q-r, r) turned to (-z, -x, -y), i.e. (q, r) -> (-r, q+r). */
static void ark_map_rotate(int *q, int *r)
{
  int nq = -*r, nr = *q + *r;
  *q = nq;
  *r = nr;
}

static void ark_map_sort_cells(uint8_t *cells, int n)
{
  int i, j;
  for (i = 1; i < n; i++) {
    uint8_t v = cells[i];
    for (j = i; j > 0 && cells[j - 1] > v; j--)
      cells[j] = cells[j - 1];
    cells[j] = v;
  }
}

int ark_map_footprint(const ark_building_def *b, int anchor, int rot,
                      uint8_t cells[ARK_MAX_FOOTPRINT])
{
  int ax, ay, i, k, n = b->ncells;
  if (!ark_map_valid_cell(anchor) || n <= 0 || n > ARK_MAX_FOOTPRINT)
    return 0;
  ax = ARK_CELL_X(anchor);
  ay = ARK_CELL_Y(anchor);
  for (i = 0; i < n; i++) {
    int q = b->q[i], r = b->r[i], x, y;
    for (k = 0; k < ((rot % 6) + 6) % 6; k++)
      ark_map_rotate(&q, &r);
    x = ax + q;
    y = ay + 2 * r + q;
    if (!ark_map_in_grid(x, y))
      return 0;
    cells[i] = (uint8_t)ARK_CELL(x, y);
  }
  ark_map_sort_cells(cells, n);
  return n;
}

/* Is cell c one of the n cells? */
static int ark_map_has_cell(const uint8_t *cells, int n, int c)
{
  int i;
  for (i = 0; i < n; i++)
    if (cells[i] == c)
      return 1;
  return 0;
}

/* Each cell exists, is plain (or the zoo may cover water and rock), is
** free, and is allowed by the Build level. */
static int ark_map_cells_free(const ark_map_def *m, const ark_zoo *z,
                              const uint8_t *cells, int n, int build2)
{
  int i;
  for (i = 0; i < n; i++) {
    int c = cells[i];
    if (!m->exists[c] || z->at[c] ||
        (m->terrain[c] != ARK_TERRAIN_PLAIN && !z->cover_terrain))
      return 0;
    if (m->build2[c] && !build2)
      return 0;
  }
  return 1;
}

static int ark_map_count_edge(const ark_map_def *m, const uint8_t *cells, int n)
{
  int i, cnt = 0;
  for (i = 0; i < n; i++)
    cnt += m->edge[cells[i]] != 0;
  return cnt;
}

/* Does any neighbour of the cells hold a building? */
static int ark_map_next_to_building(const ark_map_def *m, const ark_zoo *z,
                                    const uint8_t *cells, int n)
{
  int i, k, nb[6], cnt;
  for (i = 0; i < n; i++) {
    cnt = ark_map_neighbors(m, cells[i], nb);
    for (k = 0; k < cnt; k++)
      if (z->at[nb[k]])
        return 1;
  }
  return 0;
}

/* Distinct cells of terrain t next to the cells and not among them; a mark
** array avoids counting a lake cell twice when two footprint cells see it. */
static int ark_map_terrain_around(const ark_map_def *m, const uint8_t *cells,
                                  int n, int t)
{
  uint8_t seen[ARK_CELLS];
  int i, k, nb[6], cnt, total = 0;
  memset(seen, 0, sizeof seen);
  for (i = 0; i < n; i++) {
    cnt = ark_map_neighbors(m, cells[i], nb);
    for (k = 0; k < cnt; k++) {
      int c = nb[k];
      if (seen[c] || m->terrain[c] != t || ark_map_has_cell(cells, n, c))
        continue;
      seen[c] = 1;
      total++;
    }
  }
  return total;
}

/* Kiosks keep ARK_KIOSK_MIN_DISTANCE from every other kiosk. */
static int ark_map_kiosk_spacing_ok(const ark_zoo *z,
                                    const ark_building_def *defs,
                                    const uint8_t *cells, int n)
{
  int i, j;
  for (i = 0; i < z->nb; i++) {
    const ark_building *o = &z->b[i];
    if (defs[o->def].kind != ARK_BK_KIOSK)
      continue;
    for (j = 0; j < n; j++)
      if (ark_map_distance(cells[j], o->cells[0]) < ARK_KIOSK_MIN_DISTANCE)
        return 0;
  }
  return 1;
}

/* The first building starts at the map edge; later ones grow the zoo as
** one connected area unless the tile says otherwise. */
static int ark_map_connection_ok(const ark_map_def *m, const ark_zoo *z,
                                 const ark_building_def *b,
                                 const uint8_t *cells, int n)
{
  if (z->nb == 0)
    return ark_map_count_edge(m, cells, n) > 0;
  if (b->ignores_adjacency)
    return 1;
  return ark_map_next_to_building(m, z, cells, n);
}

/* Unique-building needs; the fields are zero for every other tile.  A zoo
** that may cover water and rock ignores the water / rock needs. */
static int ark_map_needs_ok(const ark_map_def *m, const ark_zoo *z,
                            const ark_building_def *b, const uint8_t *cells, int n)
{
  if (b->border_spaces && ark_map_count_edge(m, cells, n) < b->border_spaces)
    return 0;
  if (z->cover_terrain)
    return 1;
  if (b->adjacent_rock &&
      ark_map_terrain_around(m, cells, n, ARK_TERRAIN_ROCK) < b->adjacent_rock)
    return 0;
  if (b->adjacent_water &&
      ark_map_terrain_around(m, cells, n, ARK_TERRAIN_WATER) < b->adjacent_water)
    return 0;
  return 1;
}

/* Every placement rule for a cell set already known to be b's shape. */
static int ark_map_legal(const ark_map_def *m, const ark_zoo *z,
                         const ark_building_def *defs, int bdef, int build2,
                         const uint8_t *cells, int n)
{
  const ark_building_def *b = &defs[bdef];
  if (!ark_map_cells_free(m, z, cells, n, build2))
    return 0;
  if (b->kind == ARK_BK_KIOSK && !ark_map_kiosk_spacing_ok(z, defs, cells, n))
    return 0;
  if (!ark_map_connection_ok(m, z, b, cells, n))
    return 0;
  return ark_map_needs_ok(m, z, b, cells, n);
}

/* A candidate as one number whose order is that of the cell lists
** (lexicographic, shorter first on a tie), then anchor, then rotation: the
** cells are sorted and distinct with unused ones zero, so the zero padding
** never makes two different lists compare equal or swaps their order.
** Equal cell sets fall back to (anchor, rotation), so the first of a run
** of duplicates is the smallest producer. */
_Static_assert(ARK_MAX_FOOTPRINT * 8 + 24 <= 64 && ARK_CELLS <= 256,
               "a placement key holds each cell, the count, anchor and rotation in a byte");
static uint64_t ark_map_place_key(const ark_place *p)
{
  uint64_t k = 0;
  int i;
  for (i = 0; i < ARK_MAX_FOOTPRINT; i++)
    k = k << 8 | p->cells[i];
  return (k << 8 | p->ncells) << 16 | (uint64_t)p->anchor << 8 | p->rot;
}

static void ark_map_place_of_key(uint64_t k, ark_place *p)
{
  int i;
  p->rot = (uint8_t)k;
  p->anchor = (uint8_t)(k >> 8);
  p->ncells = (uint8_t)(k >> 16);
  k >>= 24;
  for (i = ARK_MAX_FOOTPRINT - 1; i >= 0; i--, k >>= 8)
    p->cells[i] = (uint8_t)k;
}

/* A set of spaces as bits: spaces 0..63 in w[0], 64..127 in w[1]. */
typedef struct ark_cellbits {
  uint64_t w[2];
} ark_cellbits;

_Static_assert(ARK_CELLS <= 128 && ARK_CELLS > 64, "a zoo's spaces fill two 64-bit words");

/* A set of ark_map_def.bits as cellbits. */
static ark_cellbits ark_bits_of(const uint64_t set[2])
{
  ark_cellbits b = { { set[0], set[1] } };
  return b;
}

static void ark_bits_set(ark_cellbits *b, int c)
{
  b->w[c >> 6] |= 1ull << (c & 63);
}

static int ark_bits_has(const ark_cellbits *b, int c)
{
  return (int)(b->w[c >> 6] >> (c & 63)) & 1;
}

/* Bit i of the result is bit i + s of b (s < 0: bit i - |s|), |s| < 128. */
static ark_cellbits ark_bits_down(ark_cellbits b, int s)
{
  ark_cellbits r;
  if (s >= 64) {
    r.w[0] = b.w[1] >> (s - 64);
    r.w[1] = 0;
  } else if (s > 0) {
    r.w[0] = b.w[0] >> s | b.w[1] << (64 - s);
    r.w[1] = b.w[1] >> s;
  } else if (s == 0) {
    r = b;
  } else if (s > -64) {
    r.w[1] = b.w[1] << -s | b.w[0] >> (64 + s);
    r.w[0] = b.w[0] << -s;
  } else {
    r.w[1] = b.w[0] << (-s - 64);
    r.w[0] = 0;
  }
  return r;
}

/* The spaces taken in z: a nonzero byte of at[] each. */
static ark_cellbits ark_bits_taken(const ark_zoo *z)
{
  ark_cellbits r = { { 0, 0 } };
  int c = 0;
  for (; c + 8 <= ARK_CELLS; c += 8) {
    uint64_t w;
    memcpy(&w, z->at + c, 8);
    w |= w >> 4;                        /* bit 0 of each byte: any bit of it */
    w |= w >> 2;
    w |= w >> 1;
    w &= 0x0101010101010101ull;
    /* the eight bits gathered into the top byte, byte i's at bit 56 + i */
    r.w[c >> 6] |= (w * 0x0102040810204080ull >> 56) << (c & 63);
  }
  for (; c < ARK_CELLS; c++)
    if (z->at[c])
      ark_bits_set(&r, c);
  return r;
}

/* The rules' four cases of where a position may lie whatever else the
** zoo holds: the first building (on the edge) or a later one, in a zoo
** that may cover water and rock (needs of rock and water void) or not. */
enum { ARK_FIT_LATER, ARK_FIT_FIRST, ARK_FIT_COVER = 2, ARK_FIT_CASES = 4 };

/* One building kind on one map, worked out once: for each turn of its
** footprint, the spaces to add to an anchor for its spaces, and the
** anchors where the position lies on the map and meets the needs that do
** not depend on the zoo (edge spaces, water and rock around), per case;
** and every such position once per cell set in ark_map_placements' order.
** A search is then a few shifts of the zoo's free spaces per turn. */
struct ark_map_cands {
  const ark_map_def *map;               /* the map it was made for */
  int ncells, n;
  int off[6][ARK_MAX_FOOTPRINT];
  ark_cellbits fits[ARK_FIT_CASES][6];
  /* the map's sets (ark_map_sets), its own: ark_map_def.bits exist only
  ** for a derived map, and a caller may pass one that is not */
  uint64_t sets[ARK_MAP_BITS][2];
  /* a kiosk's: per space, those nearer than ARK_KIOSK_MIN_DISTANCE */
  ark_cellbits *kiosk_near;
  ark_place c[];
};

/* Set bits in a & b. */
static int ark_bits_count(const ark_cellbits *a, const ark_cellbits *b)
{
  int i, n = 0;
  for (i = 0; i < 2; i++) {
#if defined(__GNUC__) || defined(__clang__)
    n += __builtin_popcountll(a->w[i] & b->w[i]);
#else
    for (uint64_t w = a->w[i] & b->w[i]; w; w &= w - 1)
      n++;
#endif
  }
  return n;
}

/* What position p (its spaces all on the map) meets of the needs in each
** case: ark_map_needs_ok and, for a first building, an edge space. */
static void ark_map_cands_fits(ark_map_cands *t, const ark_map_def *m,
                               const ark_building_def *b, const ark_cellbits *rock,
                               const ark_cellbits *water, const ark_place *p)
{
  ark_cellbits cells = { { 0, 0 } }, around = { { 0, 0 } };
  int i, k, nb[6];
  for (i = 0; i < p->ncells; i++) {
    ark_bits_set(&cells, p->cells[i]);
    int cnt = ark_map_neighbors(m, p->cells[i], nb);
    for (k = 0; k < cnt; k++)
      ark_bits_set(&around, nb[k]);
  }
  for (i = 0; i < 2; i++)
    around.w[i] &= ~cells.w[i];
  /* ark_map_terrain_around's counts: distinct spaces next to it, not in it */
  int edge = ark_map_count_edge(m, p->cells, p->ncells);
  int terrain = ark_bits_count(&around, rock) >= b->adjacent_rock &&
                ark_bits_count(&around, water) >= b->adjacent_water;
  for (int f = 0; f < ARK_FIT_CASES; f++) {
    int need = b->border_spaces;
    if ((f & ARK_FIT_FIRST) && need < 1)
      need = 1;
    if (edge >= need && (terrain || (f & ARK_FIT_COVER)))
      ark_bits_set(&t->fits[f][p->rot], p->anchor);
  }
}

static int ark_map_key_cmp(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

ark_map_cands *ark_map_cands_new(const ark_map_def *m, const ark_building_def *b)
{
  uint64_t keys[ARK_MAP_MAX_CANDIDATES];
  int len = 0, n = 0, anchor, rot, i;
  ark_map_cands *t = malloc(sizeof *t + sizeof t->c[0] * ARK_MAP_MAX_CANDIDATES);
  if (!t)
    return NULL;
  memset(t, 0, sizeof *t);
  t->map = m;
  t->ncells = b->ncells > 0 && b->ncells <= ARK_MAX_FOOTPRINT ? b->ncells : 0;
  for (i = 0; i < t->ncells; i++) {
    int q = b->q[i], r = b->r[i];
    for (rot = 0; rot < 6; rot++) {          /* as ark_map_footprint turns it */
      t->off[rot][i] = q + ARK_GRID_W * (2 * r + q);
      ark_map_rotate(&q, &r);
    }
  }
  ark_map_sets(m, t->sets);
  ark_cellbits rock = ark_bits_of(t->sets[ARK_BITS_ROCK]);
  ark_cellbits water = ark_bits_of(t->sets[ARK_BITS_WATER]);
  for (anchor = 0; anchor < ARK_CELLS && t->ncells > 0; anchor++) {
    if (!m->exists[anchor])
      continue;
    for (rot = 0; rot < 6; rot++) {
      ark_place p;
      int nc = ark_map_footprint(b, anchor, rot, p.cells), all = nc > 0;
      for (i = 0; i < nc; i++)
        all = all && m->exists[p.cells[i]];
      if (!all)
        continue;
      memset(p.cells + nc, 0, sizeof p.cells - (size_t)nc);
      p.ncells = (uint8_t)nc;
      p.anchor = (uint8_t)anchor;
      p.rot = (uint8_t)rot;
      ark_map_cands_fits(t, m, b, &rock, &water, &p);
      keys[len++] = ark_map_place_key(&p);
    }
  }
  qsort(keys, (size_t)len, sizeof keys[0], ark_map_key_cmp);
  /* the first of each run of equal cell sets (the key without anchor and
  ** rotation): the smallest anchor, then rotation, giving it */
  for (i = 0; i < len; i++)
    if (i == 0 || keys[i] >> 16 != keys[i - 1] >> 16)
      ark_map_place_of_key(keys[i], &t->c[n++]);
  t->n = n;
  ark_map_cands *small = realloc(t, sizeof *t + sizeof t->c[0] * (size_t)n);
  if (small)
    t = small;
  if (b->kind == ARK_BK_KIOSK) {
    if (!(t->kiosk_near = calloc(ARK_CELLS, sizeof *t->kiosk_near))) {
      free(t);
      return NULL;
    }
    for (anchor = 0; anchor < ARK_CELLS; anchor++)
      for (i = 0; i < ARK_CELLS; i++)
        if (ark_map_distance(i, anchor) < ARK_KIOSK_MIN_DISTANCE)
          ark_bits_set(&t->kiosk_near[anchor], i);
  }
  return t;
}

void ark_map_cands_free(ark_map_cands *t)
{
  if (t)
    free(t->kiosk_near);
  free(t);
}

/* The spaces a position of t's building may cover in zoo z: on the map
** and not taken, plain unless z may cover water and rock, side II's only
** with it, and for a kiosk none nearer than ARK_KIOSK_MIN_DISTANCE to
** another. */
static ark_cellbits ark_map_free_bits(const ark_map_cands *t, const ark_zoo *z,
                                      const ark_cellbits *taken, int build2)
{
  ark_cellbits ban = *taken, free;
  int i;
  for (i = 0; i < 2; i++) {
    uint64_t rough = t->sets[ARK_BITS_WATER][i] | t->sets[ARK_BITS_ROCK][i];
    ban.w[i] |= (z->cover_terrain ? 0 : rough) | (build2 ? 0 : t->sets[ARK_BITS_BUILD2][i]);
  }
  for (i = 0; i < 2; i++)
    free.w[i] = t->sets[ARK_BITS_EXISTS][i] & ~ban.w[i];
  return free;
}

/* free less the spaces too near p's kiosks, for a kind (a kiosk) whose
** table says which those are. */
static void ark_map_kiosk_ban(const ark_map_cands *t, const ark_zoo *z,
                              const ark_building_def *defs, ark_cellbits *free)
{
  for (int i = 0; t->kiosk_near && i < z->nb; i++)
    if (defs[z->b[i].def].kind == ARK_BK_KIOSK)
      for (int k = 0; k < 2; k++)
        free->w[k] &= ~t->kiosk_near[z->b[i].cells[0]].w[k];
}

/* The spaces next to a taken one: (x, y +- 2) and (x +- 1, y +- 1), as
** bits; a step in x never leaves its row (a taken space is on the map,
** and so each of its grid neighbours that is on the map is one). */
static ark_cellbits ark_bits_near(const ark_cellbits *taken, const uint64_t col_first[2],
                                  const uint64_t col_last[2])
{
  static const int step[6] = { -2 * ARK_GRID_W, 2 * ARK_GRID_W, -1 - ARK_GRID_W,
                               -1 + ARK_GRID_W, 1 - ARK_GRID_W, 1 + ARK_GRID_W };
  ark_cellbits r = { { 0, 0 } };
  for (int k = 0; k < 6; k++) {
    ark_cellbits from = *taken;
    const uint64_t *edge = k < 2 ? NULL : k < 4 ? col_first : col_last;
    for (int i = 0; edge && i < 2; i++)
      from.w[i] &= ~edge[i];
    ark_cellbits s = ark_bits_down(from, -step[k]);   /* bit c + step: c's neighbour */
    r.w[0] |= s.w[0];
    r.w[1] |= s.w[1];
  }
  return r;
}

/* What of zoo z every kind's search on its map reads (ark_zoo_kept), and
** the zoo and map it was worked out for. */
struct ark_zoo_kept {
  const ark_map_def *map;               /* NULL: nothing kept yet */
  uint8_t at[ARK_CELLS], nb, cover_terrain;
  ark_cellbits taken, near, free[2];
};

ark_zoo_kept *ark_zoo_kept_new(void) { return calloc(1, sizeof(ark_zoo_kept)); }

static void ark_zoo_kept_make(const ark_map_cands *t, const ark_zoo *z, ark_zoo_kept *v)
{
  v->taken = ark_bits_taken(z);
  v->near = (ark_cellbits){ { 0, 0 } };
  if (z->nb > 0)
    v->near = ark_bits_near(&v->taken, t->sets[ARK_BITS_COL_FIRST], t->sets[ARK_BITS_COL_LAST]);
  v->free[0] = ark_map_free_bits(t, z, &v->taken, 0);
  v->free[1] = ark_map_free_bits(t, z, &v->taken, 1);
}

/* legal[rot]: the anchors of the legal positions of t's building turned
** rot in zoo z (ark_map_legal of each), v being what z's search reads.
** With stop, at the first turn that has any.  Returns whether any has. */
static int ark_map_legal_anchors(const ark_map_cands *t, const ark_zoo *z,
                                 const ark_zoo_kept *v, const ark_building_def *defs,
                                 int bdef, int build2, int stop, ark_cellbits legal[6])
{
  const ark_building_def *b = &defs[bdef];
  ark_cellbits near = v->near, free = v->free[build2 != 0];
  ark_map_kiosk_ban(t, z, defs, &free);
  int adjacency = z->nb > 0 && !b->ignores_adjacency, any = 0, rot, k;
  int f = (z->nb == 0 ? ARK_FIT_FIRST : 0) | (z->cover_terrain ? ARK_FIT_COVER : 0);
  memset(legal, 0, sizeof *legal * 6);
  for (rot = 0; rot < 6; rot++) {
    ark_cellbits acc = t->fits[f][rot], touch = { { 0, 0 } };
    for (k = 0; k < t->ncells && (acc.w[0] | acc.w[1]); k++) {
      /* anchor a keeps its bit if its k-th space a + off is free */
      ark_cellbits s = ark_bits_down(free, t->off[rot][k]);
      acc.w[0] &= s.w[0];
      acc.w[1] &= s.w[1];
      if (adjacency) {
        s = ark_bits_down(near, t->off[rot][k]);
        touch.w[0] |= s.w[0];
        touch.w[1] |= s.w[1];
      }
    }
    if (adjacency) {
      acc.w[0] &= touch.w[0];
      acc.w[1] &= touch.w[1];
    }
    legal[rot] = acc;
    if (acc.w[0] | acc.w[1]) {
      any = 1;
      if (stop)
        break;
    }
  }
  return any;
}

static int cands_search(const ark_map_cands *t, const ark_zoo *z, const ark_zoo_kept *v,
                        const ark_building_def *defs, int bdef, int build2,
                        ark_place *out, int max)
{
  ark_cellbits legal[6];
  int any = ark_map_legal_anchors(t, z, v, defs, bdef, build2, out == NULL, legal), n = 0;
  if (!out || !any)
    return out ? 0 : any;
  for (int i = 0; i < t->n && n < max; i++)
    if (ark_bits_has(&legal[t->c[i].rot], t->c[i].anchor))
      out[n++] = t->c[i];
  return n;
}

int ark_map_cands_search(const ark_map_cands *t, const ark_zoo *z,
                         const ark_building_def *defs, int bdef, int build2,
                         ark_place *out, int max)
{
  ark_zoo_kept v;
  ark_zoo_kept_make(t, z, &v);
  return cands_search(t, z, &v, defs, bdef, build2, out, max);
}

int ark_map_cands_search_kept(const ark_map_cands *t, const ark_zoo *z, ark_zoo_kept *kept,
                              const ark_building_def *defs, int bdef, int build2,
                              ark_place *out, int max)
{
  /* all it reads: the spaces taken, whether there is any building, whether
  ** water and rock may be covered, and the map (whose sets every kind's
  ** table holds alike) */
  if (kept->map != t->map || kept->nb != z->nb || kept->cover_terrain != z->cover_terrain ||
      memcmp(kept->at, z->at, sizeof z->at) != 0) {
    ark_zoo_kept_make(t, z, kept);
    memcpy(kept->at, z->at, sizeof z->at);
    kept->nb = z->nb;
    kept->cover_terrain = z->cover_terrain;
    kept->map = t->map;
  }
  return cands_search(t, z, kept, defs, bdef, build2, out, max);
}

int ark_map_any_placement(const ark_map_def *m, const ark_zoo *z,
                          const ark_building_def *defs, int bdef, int build2)
{
  return ark_map_placements(m, z, defs, bdef, build2, NULL, 1) > 0;
}

int ark_map_placements(const ark_map_def *m, const ark_zoo *z,
                       const ark_building_def *defs, int bdef,
                       int build2, ark_place *out, int max)
{
  ark_map_cands *t = ark_map_cands_new(m, &defs[bdef]);
  if (!t)
    return 0;
  int n = ark_map_cands_search(t, z, defs, bdef, build2, out, max);
  ark_map_cands_free(t);
  return n;
}

/* Is the sorted cell set some anchor and rotation of b?  A caller may hand
** in cells without a trustworthy anchor (e.g. parsed from text). */
static int ark_map_is_shape(const ark_building_def *b, const uint8_t *cells,
                            int n)
{
  int i, rot;
  uint8_t fp[ARK_MAX_FOOTPRINT];
  if (n != b->ncells || n <= 0 || n > ARK_MAX_FOOTPRINT)
    return 0;
  /* a footprint equal to the cells covers cells[0] with one of its offsets:
  ** only the anchors that put an offset there are tried, not every cell */
  for (rot = 0; rot < 6; rot++)
    for (i = 0; i < n; i++) {
      int q = b->q[i], r = b->r[i], k, x, y;
      for (k = 0; k < rot; k++)
        ark_map_rotate(&q, &r);
      x = ARK_CELL_X(cells[0]) - q;
      y = ARK_CELL_Y(cells[0]) - (2 * r + q);
      if (ark_map_in_grid(x, y) &&
          ark_map_footprint(b, ARK_CELL(x, y), rot, fp) == n &&
          memcmp(fp, cells, (size_t)n) == 0)
        return 1;
    }
  return 0;
}

int ark_map_can_place(const ark_map_def *m, const ark_zoo *z,
                      const ark_building_def *defs, int bdef, int build2,
                      const ark_place *p)
{
  uint8_t cells[ARK_MAX_FOOTPRINT];
  int i, n = p->ncells;
  if (z->nb >= ARK_MAX_BUILDINGS) return 0;     /* the state holds no more */
  if (n <= 0 || n > ARK_MAX_FOOTPRINT)
    return 0;
  for (i = 0; i < n; i++) {
    if (!ark_map_valid_cell(p->cells[i]))
      return 0;
    cells[i] = p->cells[i];
  }
  ark_map_sort_cells(cells, n);
  if (!ark_map_is_shape(&defs[bdef], cells, n))
    return 0;
  return ark_map_legal(m, z, defs, bdef, build2, cells, n);
}

/* The building of z on cell c, as "the KEY at (x,y)" (its first space). */
static void ark_map_name_at(const ark_zoo *z, const ark_building_def *defs, int c,
                            char *buf, size_t n)
{
  const ark_building *o = &z->b[z->at[c] - 1];
  snprintf(buf, n, "the %s at (%d,%d)", defs[o->def].key, ARK_CELL_X(o->cells[0]),
           ARK_CELL_Y(o->cells[0]));
}

/* Adds one more reason to msg, after a "; ". */
static void ark_map_why(char *msg, size_t len, const char *fmt, ...)
{
  size_t at = strlen(msg);
  va_list ap;
  if (at + 3 >= len)
    return;
  if (at > 0) {
    memcpy(msg + at, "; ", 3);
    at += 2;
  }
  va_start(ap, fmt);
  vsnprintf(msg + at, len - at, fmt, ap);
  va_end(ap);
}

int ark_map_start_problem(const ark_map_def *m, const ark_zoo *z,
                          const ark_building_def *defs, int bdef,
                          const ark_place *p, char *msg, size_t len)
{
  const ark_building_def *b = &defs[bdef];
  static const char *const terrain[] = { "plain", "water", "rock" };
  uint8_t cells[ARK_MAX_FOOTPRINT];
  char other[64];
  int i, j, n = p->ncells, twice = 0;
  if (len == 0)
    return 1;
  msg[0] = 0;
  if (n <= 0 || n > ARK_MAX_FOOTPRINT) {
    ark_map_why(msg, len, "%d cells", n);
    return 1;
  }
  for (i = 0; i < n; i++) {
    int c = p->cells[i];
    if (!ark_map_valid_cell(c) || !m->exists[c]) {
      ark_map_why(msg, len, "(%d,%d) is not a space of the map", ARK_CELL_X(c),
                  ARK_CELL_Y(c));
      return 1;
    }
    for (j = 0; j < i; j++)
      if (p->cells[j] == c) {
        ark_map_why(msg, len, "(%d,%d) is listed twice", ARK_CELL_X(c), ARK_CELL_Y(c));
        twice = 1;
      }
    cells[i] = (uint8_t)c;
    if (m->terrain[c] != ARK_TERRAIN_PLAIN)
      ark_map_why(msg, len, "on %s at (%d,%d), and no building stands on water or rock",
                  m->terrain[c] <= ARK_TERRAIN_ROCK ? terrain[m->terrain[c]] : "?",
                  ARK_CELL_X(c), ARK_CELL_Y(c));
    if (z->at[c]) {
      ark_map_name_at(z, defs, c, other, sizeof other);
      ark_map_why(msg, len, "overlaps %s on (%d,%d)", other, ARK_CELL_X(c), ARK_CELL_Y(c));
    }
  }
  ark_map_sort_cells(cells, n);
  if (n != b->ncells)
    ark_map_why(msg, len, "%d cell%s where a %s covers %d", n, n == 1 ? "" : "s", b->key,
                b->ncells);
  else if (!twice && !ark_map_is_shape(b, cells, n))
    ark_map_why(msg, len, "the cells are not the shape of a %s (its tile turned any of 6 "
                "ways, never mirrored: maps/buildings.yaml)", b->key);
  if (b->kind == ARK_BK_KIOSK && !ark_map_kiosk_spacing_ok(z, defs, cells, n)) {
    for (i = 0; i < z->nb; i++) {
      const ark_building *o = &z->b[i];
      int d = ark_map_distance(cells[0], o->cells[0]);
      if (defs[o->def].kind != ARK_BK_KIOSK || d >= ARK_KIOSK_MIN_DISTANCE)
        continue;
      ark_map_name_at(z, defs, o->cells[0], other, sizeof other);
      ark_map_why(msg, len, "%d space%s from %s, and kiosks stand at least %d spaces apart",
                  d, d == 1 ? "" : "s", other, ARK_KIOSK_MIN_DISTANCE);
      break;
    }
  }
  if (n == b->ncells && !ark_map_needs_ok(m, z, b, cells, n))
    ark_map_why(msg, len, "a %s needs %d border space%s, %d rock and %d water space%s "
                "next to it", b->key, b->border_spaces, b->border_spaces == 1 ? "" : "s",
                b->adjacent_rock, b->adjacent_water, b->adjacent_water == 1 ? "" : "s");
  return msg[0] != 0;
}

int ark_map_place(ark_zoo *z, int bdef, const ark_place *p)
{
  ark_building *b;
  int i, idx = z->nb;
  if (idx >= ARK_MAX_BUILDINGS)
    return -1;
  b = &z->b[idx];
  memset(b, 0, sizeof *b);
  b->def = (uint8_t)bdef;
  b->ncells = p->ncells;
  memcpy(b->cells, p->cells, sizeof b->cells);
  b->used = 0;
  b->card = -1;
  for (i = 0; i < p->ncells; i++)
    z->at[p->cells[i]] = (uint8_t)(idx + 1);
  z->nb++;
  return idx;
}

void ark_map_remove(ark_zoo *z, int i)
{
  int j, k;
  if (i < 0 || i >= z->nb)
    return;
  memmove(&z->b[i], &z->b[i + 1], (size_t)(z->nb - i - 1) * sizeof z->b[0]);
  z->nb--;
  /* indices above i moved down, so at[] is rebuilt rather than patched */
  memset(z->at, 0, sizeof z->at);
  for (j = 0; j < z->nb; j++)
    for (k = 0; k < z->b[j].ncells; k++)
      z->at[z->b[j].cells[k]] = (uint8_t)(j + 1);
}

int ark_map_adjacent_terrain(const ark_map_def *m, const ark_zoo *z, int i,
                             int terrain)
{
  if (i < 0 || i >= z->nb)
    return 0;
  return ark_map_terrain_around(m, z->b[i].cells, z->b[i].ncells, terrain);
}

/* A covered cell of the building itself does not count as touching it. */
int ark_map_touches(const ark_map_def *m, const ark_zoo *z, int i, int c)
{
  const ark_building *b;
  int nb[6], cnt, k;
  if (i < 0 || i >= z->nb || !ark_map_valid_cell(c) || !m->exists[c])
    return 0;
  b = &z->b[i];
  if (ark_map_has_cell(b->cells, b->ncells, c))
    return 0;
  cnt = ark_map_neighbors(m, c, nb);
  for (k = 0; k < cnt; k++)
    if (ark_map_has_cell(b->cells, b->ncells, nb[k]))
      return 1;
  return 0;
}

int ark_map_buildings_adjacent(const ark_map_def *m, const ark_zoo *z,
                               int i, int j)
{
  int k;
  if (i == j || j < 0 || j >= z->nb)
    return 0;
  for (k = 0; k < z->b[j].ncells; k++)
    if (ark_map_touches(m, z, i, z->b[j].cells[k]))
      return 1;
  return 0;
}

/* Which neighbours bring visitors to a kiosk: empty standard enclosures
** and other kiosks do not. */
static int ark_map_kiosk_counts(const ark_building_def *defs,
                                const ark_building *b)
{
  switch (defs[b->def].kind) {
  case ARK_BK_PAVILION:
  case ARK_BK_SPECIAL:
  case ARK_BK_UNIQUE:
    return 1;
  case ARK_BK_ENCLOSURE:
    return b->used != 0;
  default:
    return 0;
  }
}

int ark_map_kiosk_income(const ark_map_def *m, const ark_zoo *z,
                         const ark_building_def *defs)
{
  int i, k, total = 0;
  /* a bit per building: the buildings touching one kiosk, each once */
  _Static_assert(ARK_MAX_BUILDINGS <= 64, "a building's bit in a 64-bit set");
  for (i = 0; i < z->nb; i++) {
    const ark_building *b = &z->b[i];
    uint64_t seen = 0;
    if (defs[b->def].kind != ARK_BK_KIOSK)
      continue;
    /* the buildings on the cells around the kiosk's (z->at names them),
    ** rather than every cell of every building tested */
    for (k = 0; k < b->ncells; k++) {
      int c = b->cells[k], nb[6], cnt;
      if (!ark_map_valid_cell(c) || !m->exists[c])
        continue;
      cnt = ark_map_grid_neighbors(c, nb);
      while (cnt-- > 0) {
        int j = z->at[nb[cnt]] - 1;
        if (j < 0 || j == i || !m->exists[nb[cnt]] || (seen >> j & 1))
          continue;
        seen |= 1ull << j;
        total += ark_map_kiosk_counts(defs, &z->b[j]);
      }
    }
  }
  return total;
}

void ark_map_zoo_bits(const ark_map_def *m, const ark_zoo *z, uint64_t taken[2],
                      uint64_t near[2])
{
  ark_cellbits t = ark_bits_taken(z), n = { { 0, 0 } };
  if (near)
    n = ark_bits_near(&t, m->bits[ARK_BITS_COL_FIRST], m->bits[ARK_BITS_COL_LAST]);
  for (int i = 0; i < 2; i++) {
    taken[i] = t.w[i];
    if (near)
      near[i] = n.w[i] & m->bits[ARK_BITS_EXISTS][i];
  }
}

int ark_map_bits_count(const uint64_t set[2])
{
  ark_cellbits b = ark_bits_of(set);
  return ark_bits_count(&b, &b);
}

int ark_map_free_cells(const ark_map_def *m, const ark_zoo *z)
{
  int c, n = 0;
  if (m->nb_ready) {                /* the rules ask it at every building placed */
    ark_cellbits taken = ark_bits_taken(z);
    ark_cellbits plain = ark_bits_of(m->bits[ARK_BITS_PLAIN]);
    plain.w[0] &= ~taken.w[0];
    plain.w[1] &= ~taken.w[1];
    return ark_bits_count(&plain, &plain);
  }
  for (c = 0; c < ARK_CELLS; c++)
    n += m->exists[c] && m->terrain[c] == ARK_TERRAIN_PLAIN && !z->at[c];
  return n;
}

void ark_map_cell_text(int cell, char *buf, int n)
{
  if (buf == NULL || n <= 0)
    return;
  if (!ark_map_valid_cell(cell)) {
    snprintf(buf, (size_t)n, "(?)");
    return;
  }
  int x = ARK_CELL_X(cell), y = ARK_CELL_Y(cell);
  if (n < 8 || x > 9 || y > 99) {
    snprintf(buf, (size_t)n, "(%d,%d)", x, y);
    return;
  }
  /* what the snprintf above writes, by hand: the placements and map
  ** primitives write thousands of these per turn */
  char *o = buf;
  *o++ = '(';
  *o++ = (char)('0' + x);
  *o++ = ',';
  if (y > 9) *o++ = (char)('0' + y / 10);
  *o++ = (char)('0' + y % 10);
  *o++ = ')';
  *o = '\0';
}

/* One "%d" of sscanf: blanks, a sign and digits, as strtol takes them,
** held below a million (no cell is that far); by hand, as the quick AI
** reads every placement option it weighs. */
static const char *read_int(const char *s, int *v) {
  while (isspace((unsigned char)*s)) s++;
  int neg = *s == '-';
  if (*s == '-' || *s == '+') s++;
  if (*s < '0' || *s > '9') return NULL;
  long n = 0;
  for (; *s >= '0' && *s <= '9'; s++)
    if (n < 1000000) n = n * 10 + (*s - '0');
  *v = (int)(neg ? -n : n);
  return s;
}

/* By hand rather than sscanf: the quick AI reads the cells of every
** placement option it weighs, and sscanf costs more than the rest of it. */
const char *ark_map_read_xy(const char *s, int *x, int *y) {
  if (*s != '(' || !(s = read_int(s + 1, x)) || *s != ',') return NULL;
  return read_int(s + 1, y);
}
