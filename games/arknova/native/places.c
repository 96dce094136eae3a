/*
** places.c - the legal positions of a building, kept per zoo map.
**
** Where a building may go depends only on the map, the buildings on it,
** the kind and side II of Build (map.c).  A search asks it again and again
** of one zoo: the Build action lists the positions, then every try of one
** of them finds it again by its number (ark.placements(p, key, build2, i)),
** and the turn's options ask of each kind whether any position is left.
** So the last lists and answers are kept in the content, each with a copy
** of the zoo it was worked out on, compared byte for byte (its live parts)
** before it is used: a kept answer is always the one the search would give.
*/
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "places.h"

#define LISTS 16                    /* kept position lists */
#define ANSWERS 256                 /* kept "is there any" answers */

/* The zoo, its map and the question, as the key of a kept answer. */
typedef struct place_key {
  ark_zoo zoo;                      /* its live parts only (key_set) */
  int8_t map;
  uint8_t bdef, build2;
  uint64_t hash;
} place_key;

typedef struct place_list {
  place_key k;
  int n, cap;
  ark_place *list;
} place_list;

typedef struct place_any {
  place_key k;
  int any;
} place_any;

struct ark_places {
  place_list lists[LISTS];
  place_any anys[ANSWERS];
  int next_list;
};

/* The zoo's live bytes: its buildings up to nb, then its small fields. */
#define ZOO_SMALL offsetof(ark_zoo, nb)

static uint64_t zoo_hash(const ark_zoo *z, int map, int bdef, int build2) {
  uint64_t h = ark_hash_bytes(z->b, sizeof z->b[0] * z->nb, (uint64_t)(map + 1) << 16 |
                              (uint64_t)bdef << 1 | (uint64_t)(build2 != 0));
  return ark_hash_bytes((const char *)z + ZOO_SMALL, sizeof *z - ZOO_SMALL, h);
}

static int key_is(const place_key *k, const ark_zoo *z, int map, int bdef, int build2,
                  uint64_t h) {
  return k->hash == h && k->map == map && k->bdef == bdef && k->build2 == (build2 != 0) &&
         k->zoo.nb == z->nb && !memcmp(k->zoo.b, z->b, sizeof z->b[0] * z->nb) &&
         !memcmp((const char *)&k->zoo + ZOO_SMALL, (const char *)z + ZOO_SMALL,
                 sizeof *z - ZOO_SMALL);
}

static void key_set(place_key *k, const ark_zoo *z, int map, int bdef, int build2, uint64_t h) {
  memcpy(k->zoo.b, z->b, sizeof z->b[0] * z->nb);
  memcpy((char *)&k->zoo + ZOO_SMALL, (const char *)z + ZOO_SMALL, sizeof *z - ZOO_SMALL);
  k->map = (int8_t)map;
  k->bdef = (uint8_t)bdef;
  k->build2 = (uint8_t)(build2 != 0);
  k->hash = h;
}

static struct ark_places *places_of(ark_content *c) {
  if (!c->places) c->places = calloc(1, sizeof *c->places);
  return c->places;
}

void ark_places_free(ark_content *c) {
  if (!c->places) return;
  for (int i = 0; i < LISTS; i++) free(c->places->lists[i].list);
  free(c->places);
  c->places = NULL;
}

int ark_places(const ark_game *g, int p, int bdef, int build2, const ark_place **out) {
  static _Thread_local ark_place buf[ARK_CELLS * 6];
  const ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  struct ark_places *k = places_of(g->c);
  if (!k) {                         /* no memory to keep it: work it out */
    *out = buf;
    return ark_map_placements(m, &pl->zoo_map, g->c->buildings, bdef, build2, buf,
                              ARK_CELLS * 6);
  }
  uint64_t h = zoo_hash(&pl->zoo_map, pl->map, bdef, build2);
  for (int i = 0; i < LISTS; i++)
    if (k->lists[i].list && key_is(&k->lists[i].k, &pl->zoo_map, pl->map, bdef, build2, h)) {
      *out = k->lists[i].list;
      return k->lists[i].n;
    }
  int n = ark_map_placements(m, &pl->zoo_map, g->c->buildings, bdef, build2, buf, ARK_CELLS * 6);
  *out = buf;
  place_list *e = &k->lists[k->next_list];
  if (e->cap < n) {
    ark_place *grown = realloc(e->list, sizeof *grown * (size_t)n);
    if (!grown) return n;
    e->list = grown;
    e->cap = n;
  }
  if (!e->list && !(e->list = malloc(sizeof *e->list))) return n;   /* n == 0 */
  k->next_list = (k->next_list + 1) % LISTS;
  memcpy(e->list, buf, sizeof *buf * (size_t)n);
  e->n = n;
  key_set(&e->k, &pl->zoo_map, pl->map, bdef, build2, h);
  *out = e->list;
  return n;
}

int ark_places_any(const ark_game *g, int p, int bdef, int build2) {
  const ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  struct ark_places *k = places_of(g->c);
  if (!k) return ark_map_any_placement(m, &pl->zoo_map, g->c->buildings, bdef, build2);
  uint64_t h = zoo_hash(&pl->zoo_map, pl->map, bdef, build2);
  place_any *e = &k->anys[h % ANSWERS];
  if (e->k.hash && key_is(&e->k, &pl->zoo_map, pl->map, bdef, build2, h)) return e->any;
  e->any = ark_map_any_placement(m, &pl->zoo_map, g->c->buildings, bdef, build2);
  key_set(&e->k, &pl->zoo_map, pl->map, bdef, build2, h);
  return e->any;
}
