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
** each seat's zoo, then the board's: the seats' count, the projects in
** play, the display, the scripts switched off, the memos, and the rest,
** then each seat's purse, hand and grounds (ARK_READ_* in ark.h); each is
** compared by a 64-bit hash of its live bytes (state.h).  A computation
** may ask kept results of others while it runs (the value asks what the
** final scoring cards give, which mostly reads only a seat's zoo and so is
** given again after most actions): a stack keeps each level's reads, and
** what an inner one read, given again or worked out, counts for the outer.
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

/* entries: RECALL_SETS * RECALL_WAYS, 128 bytes each.  What is given
** again is mostly what was kept moments before (the seat that is not
** moving, the options tried from one position), so a quarter of the
** 8,192 sets of before keeps nearly every hit (8 greedy games: 38.6% of
** the queries' results given again against 38.9%; mcts 56.1% against
** 56.7%) in 512 KB that stay in the core's cache with the rest, where
** 2 MB did not: the greedy took 0.973x the time, mcts 0.988x. */
#define RECALL_SETS 2048
#define RECALL_WAYS 2
#define RECALL_MASKS 2              /* read masks tried per key */
/* the parts, as the bits of ARK_READ_*: the seats' zoos, the board's, the
** seats' purses, hands and grounds */
#define PARTS 22
#define PURSE0 10
#define HAND0 14
#define GROUNDS0 18
_Static_assert(ARK_READ_ALL == (1u << PARTS) - 1 &&
               ARK_READ_ZOO(ARK_MAX_PLAYERS) == ARK_READ_SETUP &&
               ARK_READ_PURSE(0) == ARK_READ_BOARD << 1 && ARK_READ_PURSE(0) == 1u << PURSE0 &&
               ARK_READ_HAND(0) == ARK_READ_PURSE(ARK_MAX_PLAYERS) &&
               ARK_READ_HAND(0) == 1u << HAND0 &&
               ARK_READ_GROUNDS(0) == ARK_READ_HAND(ARK_MAX_PLAYERS) &&
               ARK_READ_GROUNDS(0) == 1u << GROUNDS0 &&
               ARK_READ_LUA == 1u << PARTS,
               "one part per bit of ARK_READ_ALL: zoos, the board's, purses, hands, grounds");

#define RECALL_INTS 48               /* a query's result kept: at most so many */

/* An entry is known by two independent 64-bit mixes of the key and the
** parts' hashes, not the hashes: 128 bits tell positions apart.  The
** first, its index, is kept apart from the entry (struct ark_recall's
** index): most look-ups find nothing, and they read only that small
** array, not two lines of the large one (a cache miss each). */
typedef struct recall_entry {
  uint64_t key, check;
  unsigned reads;
  int n;                            /* a query's: its length, v its integers */
  double value;                     /* a computation's */
  int16_t v[RECALL_INTS];
} recall_entry;

/* A computation begun and not yet kept: what its caller had read, and
** the content's query_fails at its begin. */
typedef struct recall_level {
  unsigned outer;
  long fails;
} recall_level;

struct ark_recall {
  uint64_t index[RECALL_SETS][RECALL_WAYS];    /* each entry's; 0: empty */
  recall_entry e[RECALL_SETS][RECALL_WAYS];
  unsigned masks[RECALL_SETS][RECALL_MASKS];   /* by key: the reads seen last */
  uint8_t next_way[RECALL_SETS];
  long hits[2], misses[2];          /* values, queries' results */
  recall_level level[ARK_RECALL_NEST];
  int depth;                        /* levels begun, not yet kept */
  /* While a computation runs, the state it looks at stays the same (its
  ** queries put back what they change): the parts' hashes are worked out
  ** once for all its look-ups and keeps.  ms: that state, or NULL.  A
  ** look-up outside any computation starts them afresh for its own state,
  ** and a computation begun right after it on that state unchanged
  ** (ark_recall_begin_unchanged) goes on from them. */
  const ark_state *ms;
  uint64_t mh[PARTS];
  unsigned mhave;
  int off;
};

#define FIELD(h, s, f) h = ark_hash_bytes(&(s)->f, sizeof (s)->f, h)

static uint64_t part_hash(const ark_state *s, int part) {
  uint64_t h = 1 + (uint64_t)part;
  unsigned bit = 1u << part;
  if (part < ARK_MAX_PLAYERS || part >= PURSE0) {
    int seat = part < ARK_MAX_PLAYERS ? part : (part - PURSE0) % ARK_MAX_PLAYERS;
    ark_seat_part which = part < ARK_MAX_PLAYERS ? ARK_SEAT_ZOO
                        : part < HAND0 ? ARK_SEAT_PURSE
                        : part < GROUNDS0 ? ARK_SEAT_HAND : ARK_SEAT_GROUNDS;
    return seat < s->nplayers ? ark_seat_hash(s, seat, which, h) : 0;
  }
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
    h = ark_board_hash(s, h);
  }
  return h;
}

/* The parts of reads not in done, one at a time: for (EACH(k, reads, done)) */
#define EACH(k, reads, done) unsigned m_ = (reads) & ~(done), k; \
  m_ && (k = (unsigned)__builtin_ctz(m_), 1); m_ &= m_ - 1

/* The hashes of the parts `reads` names, each worked out once per look-up
** (have: bit per part done). */
static void hash_parts(const ark_state *s, unsigned reads, uint64_t h[PARTS], unsigned *have) {
  for (EACH(k, reads, *have)) h[k] = part_hash(s, (int)k);
  *have |= reads;
}

/* The same, from the running computation's hashes when s is its state. */
static void hashes_for(struct ark_recall *r, const ark_state *s, unsigned reads,
                       uint64_t h[PARTS], unsigned *have) {
  if (r->ms != s) {
    hash_parts(s, reads, h, have);
    return;
  }
  hash_parts(s, reads, r->mh, &r->mhave);
  for (EACH(k, reads, *have)) h[k] = r->mh[k];
  *have |= reads;
}

static uint64_t index_of(uint64_t key, unsigned reads, const uint64_t h[PARTS]) {
  uint64_t x = key * 0x9E3779B97F4A7C15ull ^ reads;
  for (EACH(k, reads, 0)) x = (x ^ h[k]) * 0xC2B2AE3D27D4EB4Full;
  return x | 1;                     /* never 0, the empty entry */
}

static uint64_t check_of(uint64_t key, unsigned reads, const uint64_t h[PARTS]) {
  uint64_t x = (key ^ 0x5bd1e995ull) + reads;
  for (EACH(k, reads, 0)) {
    x += h[k] ^ (h[k] >> 29);
    x = (x << 27 | x >> 37) * 0xFF51AFD7ED558CCDull;
  }
  return x;
}

static int same(const recall_entry *e, uint64_t key, unsigned reads, const uint64_t h[PARTS]) {
  return e->key == key && e->reads == reads && e->check == check_of(key, reads, h);
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

/* The kept entry of key whose parts read are the same bytes now, or NULL;
** counted as a value's look-up (kind 0) or a query's (1). */
static const recall_entry *find(const ark_game *g, uint64_t key, int kind) {
  struct ark_recall *r = recall_of(g->c);
  if (r && r->depth == 0) r->ms = &g->s, r->mhave = 0;
  if (!usable(g)) return NULL;
  size_t set = key % RECALL_SETS;
  uint64_t h[PARTS] = { 0 };
  unsigned have = 0;
  for (int m = 0; m < RECALL_MASKS; m++) {
    unsigned reads = r->masks[set][m];
    if (!reads) continue;
    hashes_for(r, &g->s, reads, h, &have);
    uint64_t index = index_of(key, reads, h);
    size_t at = index % RECALL_SETS;
    const recall_entry *e = r->e[at];
    for (int w = 0; w < RECALL_WAYS; w++)
      if (r->index[at][w] == index && same(&e[w], key, reads, h)) {
        r->hits[kind]++;
        /* a computation running asked it: it read the same */
        if (r->depth > 0) ark_lua_reads_add(g->c, reads);
        return &e[w];
      }
  }
  r->misses[kind]++;
  return NULL;
}

int ark_recall(const ark_game *g, uint64_t key, double *value) {
  const recall_entry *e = find(g, key, 0);
  if (e) *value = e->value;
  return e != NULL;
}

int ark_recall_ints(const ark_game *g, uint64_t key, int *out, int max) {
  const recall_entry *e = find(g, key, 1);
  if (!e) return -1;
  for (int i = 0; i < e->n && i < max; i++) out[i] = e->v[i];
  return e->n;
}

static void begin(const ark_game *g, int unchanged) {
  struct ark_recall *r = recall_of(g->c);
  if (!r) return;
  if (r->depth == 0 && !(unchanged && r->ms == &g->s)) r->ms = &g->s, r->mhave = 0;
  if (r->depth++ >= ARK_RECALL_NEST) return;     /* too deep: kept by none */
  recall_level *l = &r->level[r->depth - 1];
  l->outer = ark_lua_reads(g->c, 1);
  l->fails = g->c->query_fails;
}

void ark_recall_begin(const ark_game *g) { begin(g, 0); }

void ark_recall_begin_unchanged(const ark_game *g) { begin(g, 1); }

/* Ends the computation begun last; returns the entry to fill for key,
** or NULL when it is not to be kept (storable 0: its result cannot be). */
static recall_entry *keep(const ark_game *g, uint64_t key, unsigned own_reads, int storable) {
  struct ark_recall *r = g->c->recall;
  if (!r || r->depth == 0) {        /* no begin: nothing is known of its reads */
    ark_lua_reads(g->c, 0);
    return NULL;
  }
  if (--r->depth >= ARK_RECALL_NEST) return NULL;  /* its reads stay the outer's */
  const recall_level *l = &r->level[r->depth];
  unsigned reads = ark_lua_reads(g->c, 0) | own_reads;
  /* what it read, the outer read too */
  if (r->depth > 0) ark_lua_reads_set(g->c, l->outer | reads);
  int kept = storable && usable(g) && g->c->query_fails == l->fails && !(reads & ARK_READ_LUA);
  uint64_t h[PARTS] = { 0 };
  unsigned have = 0;
  if (kept) hashes_for(r, &g->s, reads, h, &have);
  if (r->depth == 0) r->ms = NULL;  /* the computation is over */
  if (!kept) return NULL;
  /* the key's masks: the newest first */
  unsigned *masks = r->masks[key % RECALL_SETS];
  if (masks[0] != reads) {
    masks[1] = masks[0];
    masks[0] = reads;
  }
  uint64_t index = index_of(key, reads, h);
  size_t set = index % RECALL_SETS;
  int way = r->next_way[set];
  recall_entry *e = &r->e[set][way];
  r->next_way[set] = (uint8_t)((way + 1) % RECALL_WAYS);
  r->index[set][way] = index;
  e->key = key;
  e->reads = reads;
  e->check = check_of(key, reads, h);
  return e;
}

void ark_recall_keep(const ark_game *g, uint64_t key, unsigned own_reads, double value) {
  recall_entry *e = keep(g, key, own_reads, 1);
  if (e) e->value = value, e->n = 0;
}

void ark_recall_keep_ints(const ark_game *g, uint64_t key, const int *v, int n) {
  /* a longer result is not kept, nor one with a number beyond 16 bits */
  int storable = n >= 0 && n <= RECALL_INTS;
  for (int i = 0; storable && i < n; i++) storable = v[i] == (int16_t)v[i];
  recall_entry *e = keep(g, key, 0, storable);
  if (!e) return;
  e->n = n;
  e->value = 0;
  for (int i = 0; i < n; i++) e->v[i] = (int16_t)v[i];
}

void ark_recall_counts(const ark_game *g, long *hits, long *misses) {
  const struct ark_recall *r = g->c->recall;
  *hits = r ? r->hits[0] : 0;
  *misses = r ? r->misses[0] : 0;
}

void ark_recall_query_counts(const ark_game *g, long *hits, long *misses) {
  const struct ark_recall *r = g->c->recall;
  *hits = r ? r->hits[1] : 0;
  *misses = r ? r->misses[1] : 0;
}
