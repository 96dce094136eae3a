/*
** map.h - hex geometry and building placement on a zoo map (ark_map_).
** Pure functions over a map definition and a zoo; no Lua, no game state.
*/
#ifndef ARK_MAP_H
#define ARK_MAP_H

#include "defs.h"
#include "state.h"

/* A candidate building position: the covered cells, sorted ascending. */
typedef struct ark_place {
  uint8_t ncells;
  uint8_t cells[ARK_MAX_FOOTPRINT];
  uint8_t anchor, rot;          /* how it was generated (for text forms) */
} ark_place;

/* Fills the edge[] flags of a map (cells with fewer than 6 neighbours that
** exist on the map).  The loader calls it once per map. */
void ark_map_derive(ark_map_def *m);

/* Grid neighbours of a cell that exist on the map; returns how many. */
int ark_map_neighbors(const ark_map_def *m, int cell, int out[6]);

/* Hex distance between two cells (rules: dx + max(0, (dy - dx) / 2)). */
int ark_map_distance(int a, int b);

/* Cells covered by footprint b anchored at cell `anchor` turned `rot`
** (0..5) sixths clockwise.  Returns the cell count, or 0 if any cell falls
** off the 9x13 grid.  Cells come out sorted ascending. */
int ark_map_footprint(const ark_building_def *b, int anchor, int rot,
                      uint8_t cells[ARK_MAX_FOOTPRINT]);

/* Every legal position for building b in zoo z, deduplicated by covered
** cell set, in ascending order of the cell sets.  build2: the player's
** Build action is upgraded (may cover build2 spaces).  Applies: cells exist,
** not water or rock, not covered, build2 spaces, the first building on an
** edge space, later ones touching an existing building (unless
** b->ignores_adjacency), kiosk spacing (defs needed to know which existing
** buildings are kiosks), unique building needs (adjacent rock / water,
** border spaces).  Returns the number written (at most max). */
int ark_map_placements(const ark_map_def *m, const ark_zoo *z,
                       const ark_building_def *defs, int bdef,
                       int build2, ark_place *out, int max);

/* Is there at least one legal position?  Stops at the first one found. */
int ark_map_any_placement(const ark_map_def *m, const ark_zoo *z,
                          const ark_building_def *defs, int bdef, int build2);

/* The positions of one building kind that the map allows whatever the
** zoo holds (every space exists), once per cell set in the order above,
** each with what the rules read of it (its spaces on the edge, the water
** and rock around it) worked out once.  ark_map_placements makes one per
** call; places.c keeps one per map and kind.  NULL: no memory. */
typedef struct ark_map_cands ark_map_cands;
ark_map_cands *ark_map_cands_new(const ark_map_def *m, const ark_building_def *b);
void ark_map_cands_free(ark_map_cands *t);
/* ark_map_placements from t, made for z's map and defs[bdef]; with out
** NULL, 1 at the first legal position (ark_map_any_placement), else 0. */
int ark_map_cands_search(const ark_map_cands *t, const ark_zoo *z,
                         const ark_building_def *defs, int bdef, int build2,
                         ark_place *out, int max);

/* What a search reads of a zoo that is the same for every kind (its taken
** spaces, those next to them, the free ones on each side of Build), kept
** from the last zoo searched: the turn's options ask several kinds of one
** zoo in a row.  ark_map_cands_search_kept is ark_map_cands_search with
** it, worked out again only when the zoo or map differs.  NULL: no memory. */
typedef struct ark_zoo_kept ark_zoo_kept;
ark_zoo_kept *ark_zoo_kept_new(void);
int ark_map_cands_search_kept(const ark_map_cands *t, const ark_zoo *z, ark_zoo_kept *kept,
                              const ark_building_def *defs, int bdef, int build2,
                              ark_place *out, int max);

/* Is one placement legal?  Same rules as above. */
int ark_map_can_place(const ark_map_def *m, const ark_zoo *z,
                      const ark_building_def *defs, int bdef, int build2,
                      const ark_place *p);

/* Can building bdef stand on p's cells (any order) when a game starts, in
** zoo z holding the map's start buildings before it?  The rules any building
** of a zoo meets whoever put it there: its tile's shape, spaces of the map,
** plain (not water or rock), none covered twice, kiosk spacing, a unique
** building's needs.  Not those of the Build action (build2 spaces, starting
** at the edge, touching the zoo).  0 if it can, else 1 with why in msg. */
int ark_map_start_problem(const ark_map_def *m, const ark_zoo *z,
                          const ark_building_def *defs, int bdef,
                          const ark_place *p, char *msg, size_t len);

/* Puts building bdef on the cells; returns its index in z->b or -1 if the
** zoo is full.  Does not check legality or pay. */
int ark_map_place(ark_zoo *z, int bdef, const ark_place *p);

/* Removes building i (used by tests and undo of scripts); later indices
** shift down and z->at is rebuilt. */
void ark_map_remove(ark_zoo *z, int i);

/* Distinct cells of terrain t adjacent to building i (not covered by it). */
int ark_map_adjacent_terrain(const ark_map_def *m, const ark_zoo *z, int i,
                             int terrain);

/* Does building i touch cell c (share an edge with it)? */
int ark_map_touches(const ark_map_def *m, const ark_zoo *z, int i, int c);

/* Are buildings i and j adjacent? */
int ark_map_buildings_adjacent(const ark_map_def *m, const ark_zoo *z,
                               int i, int j);

/* Income from kiosks: for each kiosk, 1 per distinct adjacent building that
** counts (occupied standard enclosures, pavilions, special enclosures,
** unique buildings; not empty standard enclosures, not kiosks). */
int ark_map_kiosk_income(const ark_map_def *m, const ark_zoo *z,
                         const ark_building_def *defs);

/* The spaces of z taken, and (near not NULL) those on the map next to a
** taken one, as sets of ark_map_def.bits; m derived (ark_map_derive). */
void ark_map_zoo_bits(const ark_map_def *m, const ark_zoo *z, uint64_t taken[2],
                      uint64_t near[2]);
/* How many spaces a set holds. */
int ark_map_bits_count(const uint64_t set[2]);

/* Buildable cells (exist, plain terrain) not yet covered. */
int ark_map_free_cells(const ark_map_def *m, const ark_zoo *z);

/* Text form of a cell, "(x,y)". */
void ark_map_cell_text(int cell, char *buf, int n);

/* Reads "(x,y" at s as sscanf's "(%d,%d" reads it (blanks and a sign may
** come before each number); returns the character after y, or NULL.  The
** closing parenthesis is the caller's to check. */
const char *ark_map_read_xy(const char *s, int *x, int *y);

#endif
