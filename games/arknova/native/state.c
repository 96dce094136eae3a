/*
** state.c - copying and comparing only the live parts of a state (the top
** of state.h says which they are).  The engine copies a whole state at
** every step (the snapshot), at every clone and at every restore; most of
** the struct is room a game never uses, and copying it all was the larger
** part of a search's time in copies.
*/
#include <string.h>
#include "state.h"

#define END_OF(T, f) (offsetof(T, f) + sizeof(((T *)0)->f))
/* The counted arrays open each struct, one after the other, exactly those
** that live_ranges knows and in its order: a field put before them or
** between them fails here, not silently in play.  Whatever follows them
** (a field added at the end) is among the small fields, copied whole. */
#define FIRST(T, f) \
  _Static_assert(offsetof(T, f) == 0, #T ": " #f " must come first (state.h)")
#define FOLLOWS(T, a, b) \
  _Static_assert(END_OF(T, a) == offsetof(T, b), \
                 #T ": " #b " must follow " #a " (a new field goes at the end, state.h)")

FIRST(ark_zoo, b);
FIRST(ark_player, hand);
FOLLOWS(ark_player, hand, zoo);
FOLLOWS(ark_player, zoo, zoo_building);
FOLLOWS(ark_player, zoo_building, under);
FOLLOWS(ark_player, under, under_host);
FOLLOWS(ark_player, under_host, zoo_map);
FIRST(ark_state, then);
FOLLOWS(ark_state, then, queue);
FOLLOWS(ark_state, queue, memo_card);
FOLLOWS(ark_state, memo_card, memo_value);
FOLLOWS(ark_state, memo_value, deck);
FOLLOWS(ark_state, deck, discard);
FOLLOWS(ark_state, discard, box);
FOLLOWS(ark_state, box, p);
FOLLOWS(ark_state, p, script_off);
FOLLOWS(ark_state, script_off, known);

/* Where the small fields start: the state's, and the player's (which
** begin with those of its zoo_map, the last of its arrays). */
#define STATE_SMALL END_OF(ark_state, known)
#define PLAYER_SMALL (offsetof(ark_player, zoo_map) + END_OF(ark_zoo, b))
/* and where the player's own begin, past its zoo map's (ark_seat_hash) */
#define ZOO_SMALL END_OF(ark_player, zoo_map)
FOLLOWS(ark_player, zoo_map, nhand);

/* A live byte range: offset from the start of the state, and length. */
typedef struct live_range { size_t off, len; } live_range;

/* At most: the state's small fields and 9 counted arrays, 7 ranges per player. */
#define MAX_RANGES (10 + 7 * ARK_MAX_PLAYERS)

static int add(live_range *r, int n, size_t off, size_t len) {
  if (len == 0) return n;               /* an empty array: no call at all */
  r[n].off = off;
  r[n].len = len;
  return n + 1;
}

#define ARRAY(T, f, count) \
  add(r, n, base + offsetof(T, f), sizeof(((T *)0)->f[0]) * (size_t)(count))

/* The live ranges of player i, appended to r[0..n); its counts first. */
static int player_ranges(const ark_player *pl, int i, live_range *r, int n) {
  size_t base = offsetof(ark_state, p) + sizeof(ark_player) * (size_t)i;
  n = add(r, n, base + PLAYER_SMALL, sizeof(ark_player) - PLAYER_SMALL);
  n = ARRAY(ark_player, hand, pl->nhand);
  n = ARRAY(ark_player, zoo, pl->nzoo);
  n = ARRAY(ark_player, zoo_building, pl->nzoo);
  n = ARRAY(ark_player, under, pl->nunder);
  n = ARRAY(ark_player, under_host, pl->nunder);
  base += offsetof(ark_player, zoo_map);
  return ARRAY(ark_zoo, b, pl->zoo_map.nb);
}

/* The live ranges of s; returns how many.  Each count comes in a range
** before the arrays it counts (ark_state_same relies on it). */
static int live_ranges(const ark_state *s, live_range *r) {
  const size_t base = 0;
  int n = add(r, 0, STATE_SMALL, sizeof(ark_state) - STATE_SMALL);
  n = ARRAY(ark_state, then, s->nthen);
  n = ARRAY(ark_state, queue, s->nqueue);
  n = ARRAY(ark_state, memo_card, s->nmemo);
  n = ARRAY(ark_state, memo_value, s->nmemo);
  n = ARRAY(ark_state, deck, s->ndeck);
  n = ARRAY(ark_state, discard, s->ndiscard);
  n = ARRAY(ark_state, box, s->nbox);
  for (int i = 0; i < s->nplayers; i++) n = player_ranges(&s->p[i], i, r, n);
  n = ARRAY(ark_state, script_off, (s->ncards + 7) / 8);
  return ARRAY(ark_state, known, s->ncards);
}

void ark_state_copy(ark_state *dst, const ark_state *src) {
  live_range r[MAX_RANGES];
  int n = live_ranges(src, r);
  for (int i = 0; i < n; i++)
    memcpy((char *)dst + r[i].off, (const char *)src + r[i].off, r[i].len);
}

/* The ranges are a's; b's are the same as long as the counts are, and
** each count comes in a range before the arrays it counts, so the first
** count that differs stops the comparison before b's stale bytes. */
int ark_state_same(const ark_state *a, const ark_state *b) {
  live_range r[MAX_RANGES];
  int n = live_ranges(a, r);
  for (int i = 0; i < n; i++)
    if (memcmp((const char *)a + r[i].off, (const char *)b + r[i].off, r[i].len) != 0) return 0;
  return 1;
}

uint64_t ark_hash_bytes(const void *data, size_t n, uint64_t h) {
  const unsigned char *b = data;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {          /* 8 bytes at a time, multiply-rotate */
    uint64_t w;
    memcpy(&w, b + i, 8);
    h ^= w * 0x9E3779B97F4A7C15ull;
    h = ((h << 31) | (h >> 33)) * 0xC2B2AE3D27D4EB4Full;
  }
  for (; i < n; i++) h = (h ^ b[i]) * 0x100000001B3ull;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 32);
}

uint64_t ark_state_hash(const ark_state *s) {
  live_range r[MAX_RANGES];
  uint64_t h = 1469598103934665603ULL;
  int n = live_ranges(s, r);
  for (int i = 0; i < n; i++) h = ark_hash_bytes((const char *)s + r[i].off, r[i].len, h);
  return h;
}

uint64_t ark_board_hash(const ark_state *s, uint64_t h) {
  live_range r[MAX_RANGES];
  const size_t lo = offsetof(ark_state, p), hi = END_OF(ark_state, p);
  int n = live_ranges(s, r);
  for (int i = 0; i < n; i++)
    if (r[i].off < lo || r[i].off >= hi)
      h = ark_hash_bytes((const char *)s + r[i].off, r[i].len, h);
  return h;
}

/* The purse's small fields (ark_seat_hash): those nearly every action
** changes, the hand's count aside (the hand is a part of its own). */
#define PURSE_FIELDS(X) X(money) X(xtokens) X(workers_out) X(task_workers) X(slot) \
  X(multiplier) X(venom) X(constriction) X(played_this_turn) X(took_last_turn)
#define OTHER_FIELDS(X) PURSE_FIELDS(X) X(nhand)
#define FIELD_SIZE(f) + sizeof(((ark_player *)0)->f)

uint64_t ark_seat_hash(const ark_state *s, int seat, ark_seat_part part, uint64_t h) {
  const ark_player *pl = &s->p[seat];
  if (part == ARK_SEAT_HAND) {
    h = ark_hash_bytes(&pl->nhand, sizeof pl->nhand, h);
    return ark_hash_bytes(pl->hand, sizeof pl->hand[0] * pl->nhand, h);
  }
  if (part == ARK_SEAT_PURSE) {
    unsigned char fields[0 PURSE_FIELDS(FIELD_SIZE)];
    size_t at = 0;
#define PACK(f) memcpy(fields + at, &pl->f, sizeof pl->f), at += sizeof pl->f;
    PURSE_FIELDS(PACK)
#undef PACK
    return ark_hash_bytes(fields, sizeof fields, h);
  }
  if (part == ARK_SEAT_GROUNDS) {
    /* the zoo map's small fields, which lead the player's, then its buildings */
    h = ark_hash_bytes((const char *)pl + PLAYER_SMALL, ZOO_SMALL - PLAYER_SMALL, h);
    return ark_hash_bytes(pl->zoo_map.b, sizeof pl->zoo_map.b[0] * pl->zoo_map.nb, h);
  }
  /* the player's own small fields but for the other parts', then the zoo's
  ** arrays */
  unsigned char small[sizeof(ark_player) - ZOO_SMALL];
  memcpy(small, (const char *)pl + ZOO_SMALL, sizeof small);
#define CLEAR(f) memset(small + offsetof(ark_player, f) - ZOO_SMALL, 0, sizeof pl->f);
  OTHER_FIELDS(CLEAR)
#undef CLEAR
  h = ark_hash_bytes(small, sizeof small, h);
  h = ark_hash_bytes(pl->zoo, sizeof pl->zoo[0] * pl->nzoo, h);
  h = ark_hash_bytes(pl->zoo_building, sizeof pl->zoo_building[0] * pl->nzoo, h);
  h = ark_hash_bytes(pl->under, sizeof pl->under[0] * pl->nunder, h);
  return ark_hash_bytes(pl->under_host, sizeof pl->under_host[0] * pl->nunder, h);
}

size_t ark_state_live_bytes(const ark_state *s) {
  live_range r[MAX_RANGES];
  size_t bytes = 0;
  int n = live_ranges(s, r);
  for (int i = 0; i < n; i++) bytes += r[i].len;
  return bytes;
}
