/*
** ai.c - the random player, and a greedy one-ply player that tries each
** option on a clone and keeps the one whose position scores best.
*/
#include <stdio.h>
#include <stdlib.h>
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

/* A rough value of a position for player p.  Score (appeal - target)
** counts fully; the rest values what turns into score later: money and
** income, room for animals, cards to play, reputation, workers, upgrades. */
static double value(const ark_game *g, int p) {
  ark_player_view v;
  ark_game_player(g, p, &v);
  double money = v.money < 40 ? v.money : 40 + 0.3 * (v.money - 40);
  int room = v.empty_enclosures < v.hand_animals + 1 ? v.empty_enclosures : v.hand_animals + 1;
  int hand = v.hand < 8 ? v.hand : 8;
  return v.score + 0.35 * money + 1.0 * v.income + 2.0 * room + 0.3 * v.empty_enclosures +
         0.6 * hand + 1.0 * v.reputation + 0.5 * v.xtokens + 2.0 * v.workers +
         3.0 * v.upgraded + 2.0 * v.partner_zoos + 2.0 * v.universities;
}

static int greedy(ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  int me = d->player, best = 0, n = d->noptions;
  ark_player_view before;
  ark_game_player(g, me, &before);
  double bestv = -1e9;
  char msg[128];
  for (int i = 0; i < n; i++) {
    ark_game *c = ark_game_clone(g);
    if (!c) break;
    ark_game_answer(c, i, msg, sizeof msg);
    /* finish the turn (and a break it triggers, so that income counts)
    ** cheaply: the first option of each remaining choice */
    int guard = 0;
    while (ark_game_process(c) == ARK_AWAITING && guard++ < 40) {
      const ark_decision *cd = ark_game_decision(c);
      if (strcmp(cd->tag, "action") == 0) break;
      if (getenv("ARK_AI_DEBUG2")) fprintf(stderr, "     -> P%d %s: %s\n", cd->player + 1, cd->tag, cd->options[0]);
      ark_game_answer(c, 0, msg, sizeof msg);
    }
    double v = value(c, me) + (double)(next(rng) % 1000) * 1e-6;
    /* an X-token action that gains nothing only passes the turn */
    if (!strncmp(d->options[i], "X-token", 7) && before.xtokens >= 5) v -= 4;
    if (getenv("ARK_AI_DEBUG") && !strcmp(d->tag, "action"))
      fprintf(stderr, "  %-50s %8.2f (%s)\n", d->options[i], v, ark_game_error(c));
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
