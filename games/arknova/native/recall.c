/*
** recall.c - results kept while what they read is unchanged.
**
** The AIs value thousands of positions a game, and a position's value asks
** the rules four queries in Lua.  Many positions repeat: a search tries the
** same answer from clones of one position, and the seat that is not moving
** keeps its part of the state while the other tries its options.  So a
** computation (a value) may be kept with what it read, and given again
** when those parts of the state are the same bytes.
**
** What it read comes from the primitives (lua_api.c): each counts as
** reading the whole state, but for those that read only the seats they are
** given and the named parts of the board (ark_lua_reads).  The parts are
** each seat's ark_player, then the board's: the seats' count, the projects
** in play, the display, the scripts switched off, the memos, and the rest
** (ARK_READ_* in ark.h); each is compared by a 64-bit hash of its live
** bytes (state.h).
** A result is kept only while the game's Lua is the one it was computed
** with (no script of the family counts as slow: queries skip such
** scripts), no query failed and nothing outside the state was read.
** tests/test_recall.c compares kept values with values worked out anew.
*/
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "lua_api.h"
#include "lua_bridge.h"

#define RECALL_SETS 8192            /* entries: RECALL_SETS * RECALL_WAYS */
#define RECALL_WAYS 2
#define RECALL_MASKS 2              /* read masks tried per key */
/* the parts, as the bits of ARK_READ_*: the seats, then the board's */
#define PARTS 10
_Static_assert(ARK_READ_ALL == (1u << PARTS) - 1 &&
               ARK_READ_SEAT(ARK_MAX_PLAYERS) == ARK_READ_SETUP,
               "one part per bit of ARK_READ_ALL, the seats first");

typedef struct recall_entry {
  uint64_t key, index;              /* index 0: empty */
  uint64_t h[PARTS];                /* hashes of the parts read */
  unsigned reads;
  double value;
} recall_entry;

struct ark_recall {
  recall_entry e[RECALL_SETS][RECALL_WAYS];
  unsigned masks[RECALL_SETS][RECALL_MASKS];   /* by key: the reads seen last */
  uint8_t next_way[RECALL_SETS];
  long hits, misses;
  long fails;                       /* the content's query_fails at the begin */
  int off;
};

#define FIELD(h, s, f) h = ark_hash_bytes(&(s)->f, sizeof (s)->f, h)

static uint64_t part_hash(const ark_state *s, int part) {
  uint64_t h = 1 + (uint64_t)part;
  unsigned bit = 1u << part;
  if (part < ARK_MAX_PLAYERS) return part < s->nplayers ? ark_state_hash(s, part, h) : 0;
  if (bit == ARK_READ_SETUP) {
    FIELD(h, s, nplayers);
    FIELD(h, s, start_player);
  } else if (bit == ARK_READ_PROJECTS) {
    FIELD(h, s, base);
    FIELD(h, s, nbase);
    FIELD(h, s, row);
  } else if (bit == ARK_READ_DISPLAY) {
    FIELD(h, s, display);
  } else if (bit == ARK_READ_SCRIPTS) {
    h = ark_hash_bytes(s->script_off, ((size_t)s->ncards + 7) / 8, h);
    FIELD(h, s, map_script_off);
    FIELD(h, s, script_stopped);
  } else if (bit == ARK_READ_MEMO) {
    h = ark_hash_bytes(s->memo_card, sizeof s->memo_card[0] * s->nmemo, h);
    h = ark_hash_bytes(s->memo_value, sizeof s->memo_value[0] * s->nmemo, h);
    FIELD(h, s, nmemo);
  } else {
    /* the rest: the live bytes of the state but for the seats' (the
    ** parts above again, too) */
    h = ark_state_hash(s, -1, h);
  }
  return h;
}

static int reads_part(unsigned reads, int part) { return (reads >> part) & 1; }

/* The hashes of the parts `reads` names, each worked out once per look-up
** (have: bit per part done). */
static void hashes_for(const ark_state *s, unsigned reads, uint64_t h[PARTS], unsigned *have) {
  for (int k = 0; k < PARTS; k++)
    if (reads_part(reads, k) && !((*have >> k) & 1)) {
      h[k] = part_hash(s, k);
      *have |= 1u << k;
    }
}

static uint64_t index_of(uint64_t key, unsigned reads, const uint64_t h[PARTS]) {
  uint64_t x = key * 0x9E3779B97F4A7C15ull ^ reads;
  for (int k = 0; k < PARTS; k++)
    if (reads_part(reads, k)) x = (x ^ h[k]) * 0xC2B2AE3D27D4EB4Full;
  return x | 1;                     /* never 0, the empty entry */
}

static int same(const recall_entry *e, uint64_t key, uint64_t index, unsigned reads,
                const uint64_t h[PARTS]) {
  if (e->index != index || e->key != key || e->reads != reads) return 0;
  for (int k = 0; k < PARTS; k++)
    if (reads_part(reads, k) && e->h[k] != h[k]) return 0;
  return 1;
}

/* May g's results be kept and given?  Only with the Lua every game of
** the content runs: a family with a slow script skips it in queries. */
static struct ark_recall *recall_of(ark_content *c) {
  if (!c->recall) c->recall = calloc(1, sizeof *c->recall);   /* at the first use */
  return c->recall;
}

static int usable(const ark_game *g) {
  const struct ark_recall *r = recall_of(g->c);
  return r && !r->off && !ark_lua_family_any_slow(g);
}

int ark_recall_on(const ark_game *g, int on) {
  struct ark_recall *r = recall_of(g->c);
  if (!r) return 0;
  int was = !r->off;
  r->off = !on;
  return was;
}

int ark_recall(const ark_game *g, uint64_t key, double *value) {
  if (!usable(g)) return 0;
  struct ark_recall *r = g->c->recall;
  size_t set = key % RECALL_SETS;
  uint64_t h[PARTS] = { 0 };
  unsigned have = 0;
  for (int m = 0; m < RECALL_MASKS; m++) {
    unsigned reads = r->masks[set][m];
    if (!reads) continue;
    hashes_for(&g->s, reads, h, &have);
    uint64_t index = index_of(key, reads, h);
    const recall_entry *e = r->e[index % RECALL_SETS];
    for (int w = 0; w < RECALL_WAYS; w++)
      if (same(&e[w], key, index, reads, h)) {
        *value = e[w].value;
        r->hits++;
        return 1;
      }
  }
  r->misses++;
  return 0;
}

void ark_recall_begin(const ark_game *g) {
  if (!usable(g)) return;
  ark_lua_reads(g->c, 1);
  g->c->recall->fails = g->c->query_fails;
}

void ark_recall_keep(const ark_game *g, uint64_t key, unsigned own_reads, double value) {
  unsigned reads = ark_lua_reads(g->c, 0) | own_reads;
  if (!usable(g)) return;
  struct ark_recall *r = g->c->recall;
  if (g->c->query_fails != r->fails || (reads & ARK_READ_LUA)) return;
  uint64_t h[PARTS] = { 0 };
  unsigned have = 0;
  hashes_for(&g->s, reads, h, &have);
  /* the key's masks: the newest first */
  unsigned *masks = r->masks[key % RECALL_SETS];
  if (masks[0] != reads) {
    masks[1] = masks[0];
    masks[0] = reads;
  }
  uint64_t index = index_of(key, reads, h);
  size_t set = index % RECALL_SETS;
  recall_entry *e = &r->e[set][r->next_way[set]];
  r->next_way[set] = (uint8_t)((r->next_way[set] + 1) % RECALL_WAYS);
  e->key = key;
  e->index = index;
  e->reads = reads;
  memcpy(e->h, h, sizeof e->h);
  e->value = value;
}

void ark_recall_counts(const ark_game *g, long *hits, long *misses) {
  const struct ark_recall *r = g->c->recall;
  *hits = r ? r->hits : 0;
  *misses = r ? r->misses : 0;
}
