/*
** ai.c - the random player, and a greedy one-ply player that tries each
** option on a clone and keeps the one whose position scores best.
*/
#include <string.h>
#include "ai.h"

static const char *const names[] = { "random", "greedy" };

int ai_from_name(const char *s) {
  for (int i = 0; i < 2; i++)
    if (strcmp(s, names[i]) == 0) return i;
  return -1;
}

const char *ai_name(int kind) { return names[kind]; }

static uint64_t next(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A rough value of a position for player p: progress toward crossing the
** markers plus a little for money and cards. */
static double value(const ark_game *g, int p) {
  ark_player_view v;
  ark_game_player(g, p, &v);
  return v.score * 1.0 + v.money * 0.15 + v.hand * 0.5 + v.reputation * 0.6 +
         v.xtokens * 0.3 + v.buildings * 0.8 + v.workers * 1.0;
}

static int greedy(ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  int me = d->player, best = 0, n = d->noptions;
  double bestv = -1e9;
  char msg[128];
  for (int i = 0; i < n; i++) {
    ark_game *c = ark_game_clone(g);
    if (!c) break;
    ark_game_answer(c, i, msg, sizeof msg);
    /* finish my own turn randomly-but-cheaply: the first option each time */
    int guard = 0;
    while (ark_game_process(c) == ARK_AWAITING && guard++ < 12) {
      const ark_decision *cd = ark_game_decision(c);
      if (cd->player != me || strcmp(cd->tag, "action") == 0) break;
      ark_game_answer(c, 0, msg, sizeof msg);
    }
    double v = value(c, me) + (double)(next(rng) % 1000) * 1e-6;
    if (v > bestv) {
      bestv = v;
      best = i;
    }
    ark_game_free(c);
  }
  return best;
}

int ai_pick(int kind, ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  if (kind == AI_GREEDY) return greedy(g, rng);
  return (int)(next(rng) % (uint64_t)d->noptions);
}
