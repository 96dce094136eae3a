/*
** test_state_copy.c - ark_state_copy copies the live parts of a state and
** ark_state_same compares exactly those (the top of state.h says which):
** with every array full the copy is the whole struct; with any counts a
** byte is compared if and only if it is copied, and the bytes copied are
** the ones state.h names; and a game whose states hold garbage beyond
** their live parts plays on as one whose states were copied whole, so no
** reader looks past the counts.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "support.h"

static uint64_t next_random(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static int below(uint64_t *x, int n) { return (int)(next_random(x) % (uint64_t)n); }

static void fill_random(void *p, size_t n, uint64_t *x) {
  unsigned char *b = p;
  for (size_t i = 0; i < n; i += 8) {
    uint64_t r = next_random(x);
    memcpy(b + i, &r, n - i < 8 ? n - i : 8);
  }
}

/* Counts within the arrays' sizes: all full, or each at random (full and
** empty among them). */
static void set_counts(ark_state *s, uint64_t *x, int full) {
  s->nplayers = (uint8_t)(full ? ARK_MAX_PLAYERS : 2 + below(x, ARK_MAX_PLAYERS - 1));
  s->ncards = (uint16_t)(full ? ARK_MAX_CARDS : below(x, ARK_MAX_CARDS + 1));
  s->ndeck = (int16_t)(full ? ARK_MAX_CARDS : below(x, ARK_MAX_CARDS + 1));
  s->ndiscard = (int16_t)(full ? ARK_MAX_CARDS : below(x, ARK_MAX_CARDS + 1));
  s->nbox = (int16_t)(full ? ARK_MAX_CARDS : below(x, ARK_MAX_CARDS + 1));
  s->nmemo = (uint8_t)(full ? ARK_MEMO_MAX : below(x, ARK_MEMO_MAX + 1));
  s->nthen = (uint8_t)(full ? ARK_MAX_THEN : below(x, ARK_MAX_THEN + 1));
  s->nqueue = (uint8_t)(full ? ARK_MAX_QUEUE : below(x, ARK_MAX_QUEUE + 1));
  for (int p = 0; p < ARK_MAX_PLAYERS; p++) {
    ark_player *pl = &s->p[p];
    pl->nhand = (uint8_t)(full ? ARK_HAND_MAX : below(x, ARK_HAND_MAX + 1));
    pl->nzoo = (uint8_t)(full ? ARK_ZOO_MAX : below(x, ARK_ZOO_MAX + 1));
    pl->nunder = (uint8_t)(full ? ARK_UNDER_MAX : below(x, ARK_UNDER_MAX + 1));
    pl->zoo_map.nb = (uint8_t)(full ? ARK_MAX_BUILDINGS : below(x, ARK_MAX_BUILDINGS + 1));
  }
}

/* With every count at its array's size, every field is live: the copy
** is the whole struct, so a field that the copy forgets is left as the
** garbage the destination held. */
static void test_full_state_copies_every_field(void **st) {
  (void)st;
  static ark_state src, dst;
  uint64_t x = 1;
  for (int k = 0; k < 4; k++) {
    fill_random(&src, sizeof src, &x);
    fill_random(&dst, sizeof dst, &x);
    set_counts(&src, &x, 1);
    assert_false(ark_state_same(&src, &dst));
    ark_state_copy(&dst, &src);
    assert_memory_equal(&dst, &src, sizeof src);
    assert_true(ark_state_same(&src, &dst));
    assert_int_equal(ark_state_live_bytes(&src), sizeof src);
  }
}

/* live[i]: ark_state_copy writes byte i of s (a copy into a canvas of
** zeros and one of ones gives the same byte there); returns their count. */
static size_t live_bytes(const ark_state *s, unsigned char *live) {
  static ark_state zeros, ones;
  memset(&zeros, 0, sizeof zeros);
  memset(&ones, 0xff, sizeof ones);
  ark_state_copy(&zeros, s);
  ark_state_copy(&ones, s);
  size_t n = 0;
  for (size_t i = 0; i < sizeof zeros; i++) {
    live[i] = ((unsigned char *)&zeros)[i] == ((unsigned char *)&ones)[i];
    n += live[i];
  }
  return n;
}

#define LIVE(f) live[(const unsigned char *)&(f) - (const unsigned char *)s]

/* The bytes copied are those state.h names live: spot checks at the ends
** of each counted array and of the players. */
static void assert_live_parts(const ark_state *s, const unsigned char *live) {
  assert_true(LIVE(s->rng[0]) && LIVE(s->nthen) && LIVE(s->display[ARK_DISPLAY - 1]));
  if (s->ndeck > 0) assert_true(LIVE(s->deck[s->ndeck - 1]));
  if (s->ndeck < ARK_MAX_CARDS) assert_false(LIVE(s->deck[s->ndeck]));
  if (s->nbox < ARK_MAX_CARDS) assert_false(LIVE(s->box[s->nbox]));
  if (s->nmemo < ARK_MEMO_MAX) assert_false(LIVE(s->memo_value[s->nmemo]));
  if (s->nthen < ARK_MAX_THEN) assert_false(LIVE(s->then[s->nthen].code));
  if (s->nqueue > 0) assert_true(LIVE(s->queue[s->nqueue - 1].code));
  if (s->nqueue < ARK_MAX_QUEUE) assert_false(LIVE(s->queue[s->nqueue].fn[0]));
  if (s->ncards > 0) assert_true(LIVE(s->known[s->ncards - 1]));
  if (s->ncards < ARK_MAX_CARDS) assert_false(LIVE(s->known[s->ncards]));
  for (int p = 0; p < ARK_MAX_PLAYERS; p++) {
    const ark_player *pl = &s->p[p];
    int in = p < s->nplayers;
    assert_int_equal(LIVE(pl->money), in);
    assert_int_equal(LIVE(pl->zoo_map.at[ARK_CELLS - 1]), in);
    if (pl->nhand > 0) assert_int_equal(LIVE(pl->hand[pl->nhand - 1]), in);
    if (pl->nhand < ARK_HAND_MAX) assert_false(LIVE(pl->hand[pl->nhand]));
    if (pl->nzoo < ARK_ZOO_MAX) assert_false(LIVE(pl->zoo_building[pl->nzoo]));
    if (pl->nunder < ARK_UNDER_MAX) assert_false(LIVE(pl->under_host[pl->nunder]));
    if (pl->zoo_map.nb > 0) assert_int_equal(LIVE(pl->zoo_map.b[pl->zoo_map.nb - 1].card), in);
    if (pl->zoo_map.nb < ARK_MAX_BUILDINGS) assert_false(LIVE(pl->zoo_map.b[pl->zoo_map.nb].def));
  }
}

/* With counts at random, a change to any byte the copy copies makes the
** states differ for ark_state_same, and a change to any other does not:
** the two agree on what is live, field by field. */
static void test_same_compares_what_copy_copies(void **st) {
  (void)st;
  static ark_state src, t;
  static unsigned char live[sizeof(ark_state)];
  uint64_t x = 2;
  for (int k = 0; k < 6; k++) {
    fill_random(&src, sizeof src, &x);
    set_counts(&src, &x, 0);
    assert_int_equal(live_bytes(&src, live), ark_state_live_bytes(&src));
    assert_live_parts(&src, live);
    fill_random(&t, sizeof t, &x);
    ark_state_copy(&t, &src);
    assert_true(ark_state_same(&src, &t));
    unsigned char *b = (unsigned char *)&t;
    for (size_t i = 0; i < sizeof t; i++) {
      b[i] ^= 0x5a;
      if (ark_state_same(&src, &t) == live[i])
        fail_msg("byte %zu is %s, but ark_state_same %s it", i,
                 live[i] ? "copied" : "not copied", live[i] ? "ignores" : "compares");
      b[i] ^= 0x5a;
    }
  }
}

/* s keeps its live parts; the rest becomes garbage. */
static void scramble_dead(ark_state *s, uint64_t *x) {
  static ark_state t;
  fill_random(&t, sizeof t, x);
  ark_state_copy(&t, s);
  *s = t;
}

/* Garbage beyond the live parts of a's state, snapshot and continuation
** start (made a's own first: g shares them). */
static void scramble_game(ark_game *a, uint64_t *x) {
  scramble_dead(&a->s, x);
  if (a->snap) scramble_dead(ark_state_own(&a->snap), x);
  if (a->base) scramble_dead(ark_state_own(&a->base), x);
}

/* a and b give the same answers to the end; a's dead parts are garbage
** again at every decision.  Returns the decisions played. */
static int play_on_alike(ark_game *a, ark_game *b, uint64_t seed) {
  uint64_t rng = seed, x = seed ^ 0x5eed;
  char msg[128];
  int n = 0;
  for (;;) {
    ark_progress pa = ark_game_process(a), pb = ark_game_process(b);
    assert_int_equal(pa, pb);
    if (pa != ARK_AWAITING) break;
    scramble_game(a, &x);
    int i = t_random_answer(a, &rng);
    assert_int_equal(ark_game_answer(b, i, msg, sizeof msg), ARK_OK);
    n++;
  }
  assert_int_equal(ark_game_process(a), ARK_END);
  assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
  assert_int_equal(ark_game_nanswers(a), ark_game_nanswers(b));
  assert_true(ark_state_same(&a->s, &b->s));
  return n;
}

/* At many decisions of random games of 2, 3 and 4 players (turns, their
** continuations, breaks, the draft), a clone whose states hold garbage
** beyond their live parts plays on to the same log as a clone whose state
** was copied whole from the original (games until 50 clones in running
** steps were checked, up to 40; every other game with the plain plugin,
** t_new_game_plain, for running steps). */
static void test_garbage_beyond_live_parts_plays_alike(void **st) {
  (void)st;
  int checked = 0, running = 0, cont = 0, views = 0, played = 0;
  for (uint64_t seed = 1; seed <= 40 && running < 50; seed++) {
    int players = 2 + (int)(seed - 1) % 3;
    ark_game *g = seed % 2 ? t_new_game_plain(players, seed, "A") : t_new_game(players, seed, "A");
    uint64_t rng = seed * 31;
    for (int k = 0; ark_game_process(g) == ARK_AWAITING; k++) {
      /* most decisions end their step's coroutine: the rest (a running
      ** step, cloned by a replay) are each taken */
      if (k % 41 == 7 || g->co_ref >= 0) {
        ark_game *a = ark_game_clone(g), *b = ark_game_clone(g);
        b->s = g->s;                   /* whole: live and dead parts */
        if (k % 2) {                   /* the deciding seat's view: hidden.c deals */
          uint64_t x = (uint64_t)k;
          int seat = ark_game_decision(g)->player;
          scramble_game(a, &x);
          ark_hidden_redeal(a, seat, (uint64_t)k);
          ark_hidden_redeal(b, seat, (uint64_t)k);
          views++;
        }
        running += g->co_ref >= 0;
        cont += g->cont;
        played += play_on_alike(a, b, seed * 1000 + (uint64_t)k);
        ark_game_free(a);
        ark_game_free(b);
        checked++;
      }
      t_random_answer(g, &rng);
    }
    assert_int_equal(ark_game_process(g), ARK_END);
    ark_game_free(g);
  }
  print_message("%d clones, %d in running steps, %d at continuations, %d views, %d decisions "
                "played on\n", checked, running, cont, views, played);
  assert_true(checked >= 100 && running >= 50 && cont >= 50 && views >= 50);
  assert_true(played >= 40000);
}

/* The state's hash is the same for the same answers and differs where two
** answers led to the same log: taking one display card or another shows in
** no event, so a save keeps the state's hash beside the log's. */
static void test_state_hash_sees_unlogged_choices(void **st) {
  (void)st;
  int same_log = 0, tried = 0;
  for (uint64_t seed = 1; seed <= 8 && same_log < 3; seed++) {
    ark_game *g = t_new_game(2, seed, "A");
    uint64_t rng = seed;
    while (ark_game_process(g) == ARK_AWAITING && same_log < 3) {
      const ark_decision *d = ark_game_decision(g);
      if (d->noptions >= 2 && (!strcmp(d->prompt, "Take a card") ||
                               !strcmp(d->prompt, "Snap a display card"))) {
        ark_game *a = ark_game_clone(g), *b = ark_game_clone(g), *c = ark_game_clone(g);
        char msg[256];
        assert_true(ark_game_state_hash(a) == ark_game_state_hash(g));
        assert_int_equal(ark_game_answer(a, 0, msg, sizeof msg), ARK_OK);
        assert_int_equal(ark_game_answer(b, 1, msg, sizeof msg), ARK_OK);
        assert_int_equal(ark_game_answer(c, 0, msg, sizeof msg), ARK_OK);
        ark_game_process(a), ark_game_process(b), ark_game_process(c);
        assert_true(ark_game_state_hash(a) == ark_game_state_hash(c));
        if (ark_game_log_hash(a) == ark_game_log_hash(b)) {
          assert_true(ark_game_state_hash(a) != ark_game_state_hash(b));
          same_log++;
        }
        tried++;
        ark_game_free(a), ark_game_free(b), ark_game_free(c);
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  print_message("%d takes tried, %d with the same log\n", tried, same_log);
  assert_int_equal(same_log, 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_state_hash_sees_unlogged_choices),
    cmocka_unit_test(test_full_state_copies_every_field),
    cmocka_unit_test(test_same_compares_what_copy_copies),
    cmocka_unit_test(test_garbage_beyond_live_parts_plays_alike),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
