/*
** places.c - the legal positions of a building, kept per zoo map.
**
** Where a building may go depends only on the map, the buildings on it,
** the kind and side II of Build (map.c).  A search asks it again and again
** of one zoo: the Build action lists the positions, then every try of one
** of them finds it again by its number (ark.placements(p, key, build2, i)),
** and the turn's options ask of each kind whether any position is left.
** So each map's positions of each kind are worked out once
** (ark_map_cands), and a search checks them against the zoo with a few
** shifts of its free spaces: whether there is any is asked of that
** directly (about 1,000 instructions, less than a look-up of a kept
** answer cost).  The last lists are kept in the content, each with a copy
** of what of the zoo it was worked out on the search reads (place_key),
** compared byte for byte before it is used: a kept list is always the one
** the search would give.
*/
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "places.h"

#define LISTS 16                    /* kept position lists */

/* What a zoo's legal positions depend on (map.c), with its map and the
** question, as the key of a kept list: which spaces are taken (at),
** whether water and rock may be built on, whether there is a building at
** all, and each building's kind and first space (kiosks keep their
** distance from other kiosks).  An animal moving into an enclosure, or a
** space an enclosure counts beyond its own, changes none of it, so the
** lists kept for a zoo hold across them. */
typedef struct place_key {
  uint8_t at[ARK_CELLS];
  uint8_t def[ARK_MAX_BUILDINGS], cell0[ARK_MAX_BUILDINGS];
  uint8_t nb, cover_terrain;
  int8_t map;
  uint8_t bdef, build2;
  uint64_t hash;
} place_key;

typedef struct place_list {
  place_key k;
  int n, cap;
  ark_place *list;
} place_list;

struct ark_places {
  place_list lists[LISTS];
  int next_list;
  int last_list;                    /* the list given last, or -1 */
  /* each map's positions per building kind (ark_map_cands_new), made at
  ** their first search: cands[map * ARK_MAX_BUILDING_DEFS + kind] */
  ark_map_cands **cands;
  int ncands;
  ark_zoo_kept *kept;               /* the last zoo searched (map.c) */
};

static uint64_t zoo_hash(const ark_zoo *z, int map, int bdef, int build2) {
  uint64_t h = ark_hash_bytes(z->at, sizeof z->at,
                              (uint64_t)(map + 1) << 24 | (uint64_t)z->cover_terrain << 17 |
                              (uint64_t)bdef << 1 | (uint64_t)(build2 != 0));
  for (int i = 0; i < z->nb; i++)        /* the spaces say most: the kinds mix in cheaply */
    h = (h ^ (uint64_t)(z->b[i].def << 8 | z->b[i].cells[0])) * 0x100000001B3ull;
  return h ^ z->nb;
}

/* Is k the key of this zoo and question?  (Its hash compared first where
** one is given, h_known.) */
static int key_is(const place_key *k, const ark_zoo *z, int map, int bdef, int build2,
                  uint64_t h, int h_known) {
  if ((h_known && k->hash != h) || k->map != map || k->bdef != bdef || k->build2 != (build2 != 0) ||
      k->nb != z->nb || k->cover_terrain != z->cover_terrain ||
      memcmp(k->at, z->at, sizeof z->at) != 0)
    return 0;
  for (int i = 0; i < z->nb; i++)
    if (k->def[i] != z->b[i].def || k->cell0[i] != z->b[i].cells[0]) return 0;
  return 1;
}

static void key_set(place_key *k, const ark_zoo *z, int map, int bdef, int build2, uint64_t h) {
  memcpy(k->at, z->at, sizeof z->at);
  for (int i = 0; i < z->nb; i++) {
    k->def[i] = z->b[i].def;
    k->cell0[i] = z->b[i].cells[0];
  }
  k->nb = z->nb;
  k->cover_terrain = z->cover_terrain;
  k->map = (int8_t)map;
  k->bdef = (uint8_t)bdef;
  k->build2 = (uint8_t)(build2 != 0);
  k->hash = h;
}

static struct ark_places *places_of(ark_content *c) {
  if (!c->places && (c->places = calloc(1, sizeof *c->places))) c->places->last_list = -1;
  return c->places;
}

void ark_places_free(ark_content *c) {
  if (!c->places) return;
  for (int i = 0; i < LISTS; i++) free(c->places->lists[i].list);
  for (int i = 0; i < c->places->ncands; i++) ark_map_cands_free(c->places->cands[i]);
  free(c->places->kept);
  free(c->places->cands);
  free(c->places);
  c->places = NULL;
}

/* ark_map_placements (out NULL: ark_map_any_placement) of seat p's zoo
** from the kept positions of its map and kind bdef. */
static int search(const ark_game *g, struct ark_places *k, int p, int bdef, int build2,
                  ark_place *out, int max) {
  const ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  if (!k->cands) {
    k->ncands = g->c->nmaps * ARK_MAX_BUILDING_DEFS;
    if (!(k->cands = calloc((size_t)k->ncands, sizeof *k->cands))) k->ncands = 0;
  }
  int i = pl->map * ARK_MAX_BUILDING_DEFS + bdef;
  ark_map_cands **t = i < k->ncands ? &k->cands[i] : NULL;
  if (t && !*t) *t = ark_map_cands_new(m, &g->c->buildings[bdef]);
  if (!t || !*t)                        /* no memory to keep them: one search */
    return ark_map_placements(m, &pl->zoo_map, g->c->buildings, bdef, build2, out, max);
  if (!k->kept) k->kept = ark_zoo_kept_new();
  if (!k->kept)
    return ark_map_cands_search(*t, &pl->zoo_map, g->c->buildings, bdef, build2, out, max);
  return ark_map_cands_search_kept(*t, &pl->zoo_map, k->kept, g->c->buildings, bdef, build2,
                                   out, max);
}

int ark_places(const ark_game *g, int p, int bdef, int build2, const ark_place **out) {
  static _Thread_local ark_place buf[ARK_CELLS * 6];
  const ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  struct ark_places *k = places_of(g->c);
  *out = buf;
  /* a zoo of ARK_MAX_BUILDINGS takes no more (a fan map with more spaces
  ** offered one, and the build failed inside the rules) */
  if (pl->zoo_map.nb >= ARK_MAX_BUILDINGS) return 0;
  if (!k) {                         /* no memory to keep it: work it out */
    *out = buf;
    return ark_map_placements(m, &pl->zoo_map, g->c->buildings, bdef, build2, buf,
                              ARK_CELLS * 6);
  }
  /* the list given last first, without the hash: the rules list a kind's
  ** positions, offer them and find the one chosen, and the AIs read the
  ** offer, all of one zoo */
  int last = k->last_list;
  if (last >= 0 && key_is(&k->lists[last].k, &pl->zoo_map, pl->map, bdef, build2, 0, 0)) {
    *out = k->lists[last].list;
    return k->lists[last].n;
  }
  uint64_t h = zoo_hash(&pl->zoo_map, pl->map, bdef, build2);
  for (int i = 0; i < LISTS; i++)
    if (k->lists[i].list && key_is(&k->lists[i].k, &pl->zoo_map, pl->map, bdef, build2, h, 1)) {
      k->last_list = i;
      *out = k->lists[i].list;
      return k->lists[i].n;
    }
  int n = search(g, k, p, bdef, build2, buf, ARK_CELLS * 6);
  *out = buf;
  place_list *e = &k->lists[k->next_list];
  k->last_list = -1;                    /* e is written, or left half-written */
  if (e->cap < n) {
    ark_place *grown = realloc(e->list, sizeof *grown * (size_t)n);
    if (!grown) return n;
    e->list = grown;
    e->cap = n;
  }
  if (!e->list && !(e->list = malloc(sizeof *e->list))) return n;   /* n == 0 */
  k->last_list = k->next_list;
  k->next_list = (k->next_list + 1) % LISTS;
  memcpy(e->list, buf, sizeof *buf * (size_t)n);
  e->n = n;
  key_set(&e->k, &pl->zoo_map, pl->map, bdef, build2, h);
  *out = e->list;
  return n;
}

int ark_places_any(const ark_game *g, int p, int bdef, int build2) {
  struct ark_places *k = places_of(g->c);
  if (g->s.p[p].zoo_map.nb >= ARK_MAX_BUILDINGS) return 0;
  if (!k) {
    const ark_player *pl = &g->s.p[p];
    return ark_map_any_placement(&g->c->maps[pl->map], &pl->zoo_map, g->c->buildings, bdef,
                                 build2);
  }
  return search(g, k, p, bdef, build2, NULL, 1) > 0;
}
