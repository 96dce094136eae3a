/*
** mcts.c - determinized Monte Carlo search over the actions of a turn.
**
** At each turn's first decision (every decision of a game without turns)
** the greedy values every option (with its plan for the rest of the
** turn); its ROOT_KEEP best become the children of the root.  The search
** then plays rollouts in rounds.  A round deals what the searching player
** cannot see anew (ark_gi.deal: in Ark Nova the deck and the other hands)
** once, and plays every child still in the race in that same deal: the
** rest of its turn by its plan, then every player's turns by the rollout
** policy until the searcher's `rollout_turns`-th next turn, whose value is
** the best lead over the other players any of its options reaches (in a
** game without turns: the game's rollout_decisions decisions, then the
** searcher's lead); a finished game: the score lead, plus or minus
** WIN_POINTS.  Comparing the children in the same
** deals cancels most of the luck of the draw.  After MIN_ROUNDS rounds, a
** child whose mean is below the best one's by more than DROP_SE standard
** errors of their paired differences leaves the race, so the budget goes
** to the close ones.  The answer is the child with the best mean; the
** greedy's own choice gets GREEDY_EDGE points, so near-ties stay with it.
**
** The tree is one level deep on purpose: deeper trees over every decision
** (UCT with random or quick sub-choices) won 10% of games against the
** greedy within budgets of a few hundred rollouts - too few visits per
** node - while paired rounds at the root win a clear majority (see
** bench/README-ai.md).
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ai.h"

#define ROOT_KEEP 4              /* children: the greedy's best options */
#define MIN_ROUNDS 4             /* rounds before any child is dropped */
#define DROP_SE 2.0              /* drop below the best by this many std errors */
#define GREEDY_EDGE 0.5          /* points the greedy's choice is given */
#define END_TURNS 8              /* near the end, roll out this far */
#define END_TAU 0.15             /* "near the end": time left below this */
#define WIN_POINTS 30.0          /* a finished game: lead plus this for a win */
#define DEFAULT_ITERS 80         /* won 68.8% of 240 games vs the greedy; 40 won 59% */

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* The searcher's result in a finished game. */
static double final_lead(ark_gs *c, int me) {
  double lead;
  int won;
  if (c->gi->result(c, me, &lead, &won) != 0) return -1e9;
  return lead + (won ? WIN_POINTS : -WIN_POINTS);
}

/* Is c's pending decision the start of one of me's turns? */
static int my_turn_starts(const ark_gs *c, const ark_decision *d, int me) {
  return d->player == me && (!c->gi->turn_tag || !strcmp(d->tag, c->gi->turn_tag));
}

/* One rollout of child `opt` (with its plan) in the deal `deal`. */
static double rollout(const ark_gs *g, int me, int opt, const ai_plan *plan, uint64_t deal,
                      const ai_budget *b, int turns, double tau) {
  char msg[64];
  uint64_t rng = deal;
  ark_gs *c = g->gi->deal ? g->gi->deal(g, me, ai_rand(&rng)) : g->gi->view(g, me, ai_rand(&rng));
  if (!c) return -1e9;
  ai_player ap[ARK_AI_SEATS];
  int n = c->gi->players(c), free_run = !c->gi->turn_tag;
  for (int p = 0; p < ARK_AI_SEATS; p++) ai_init(&ap[p], AI_GREEDY, NULL);
  c->gi->answer(c, opt, msg, sizeof msg);
  ai_follow_plan(&ap[me], c, plan);
  int mine = 0, steps = 0;
  double r;
  for (;;) {
    ark_progress pr = c->gi->process(c);
    if (pr != ARK_AWAITING) {
      r = pr == ARK_END ? final_lead(c, me) : -1e9;
      break;
    }
    const ark_decision *d = c->gi->decision(c);
    if (free_run ? ++steps > c->gi->rollout_decisions * turns : my_turn_starts(c, d, me) && ++mine >= turns) {
      r = free_run ? ai_worth(c, me, tau) : ai_best_turn_lead(c, tau, &rng);
      break;
    }
    if (d->player < 0 || d->player >= n || d->player >= ARK_AI_SEATS) {
      r = -1e9;
      break;
    }
    int pick = ai_planned(&ap[d->player], c);
    if (pick < 0)
      pick = b->rollout == AI_ROLLOUT_RANDOM ? (int)(ai_rand(&rng) % (uint64_t)d->noptions)
           : b->rollout == AI_ROLLOUT_GREEDY ? ai_greedy(&ap[d->player], c, ai_rand(&rng))
           : ai_fast(c, &rng);
    if (c->gi->answer(c, pick, msg, sizeof msg) != ARK_OK) {
      r = free_run ? ai_worth(c, me, tau) : ai_lead(c, me, tau);
      break;
    }
  }
  c->gi->free(c);
  return r;
}

/* The ROOT_KEEP best of the n values v, best first, into child; how many. */
static int pick_children(const double *v, int n, int *child) {
  int nc = 0;
  for (int k = 0; k < ROOT_KEEP && k < n; k++) {
    int best = -1;
    for (int i = 0; i < n; i++) {
      int taken = 0;
      for (int j = 0; j < nc; j++) taken |= child[j] == i;
      if (!taken && (best < 0 || v[i] > v[best])) best = i;
    }
    child[nc++] = best;
  }
  return nc;
}

/* Drops the children clearly below the best so far: res[r * ROOT_KEEP + k]
** is child k's result in round r, all alive children played every round. */
static void drop_worse(const double *res, int rounds, int nc, int *alive) {
  int top = -1;
  double tm = -1e18;
  for (int k = 0; k < nc; k++) {
    if (!alive[k]) continue;
    double m = 0;
    for (int r = 0; r < rounds; r++) m += res[r * ROOT_KEEP + k];
    if (m > tm) tm = m, top = k;
  }
  for (int k = 0; k < nc; k++) {
    if (!alive[k] || k == top) continue;
    double s1 = 0, s2 = 0;
    for (int r = 0; r < rounds; r++) {
      double dd = res[r * ROOT_KEEP + k] - res[r * ROOT_KEEP + top];
      s1 += dd;
      s2 += dd * dd;
    }
    double mean = s1 / rounds, var = (s2 - s1 * mean) / (rounds - 1);
    if (mean < -DROP_SE * sqrt((var > 0 ? var : 0) / rounds)) alive[k] = 0;
  }
}

/* Runs the rounds; returns the index (into child) of the answer. */
static int search(ark_gs *g, int me, const int *child, int nc, const ai_plan *plans,
                  const ai_budget *b, uint64_t *rng) {
  double tau = ai_time_left(g), t0 = now_ms();
  int turns = b->rollout_turns > 0 ? b->rollout_turns : 1;
  if (tau < END_TAU && turns < END_TURNS) turns = END_TURNS;
  int cap = 16, rounds = 0, used = 0, alive[ROOT_KEEP];
  double *res = malloc(sizeof *res * (size_t)cap * ROOT_KEEP);
  for (int k = 0; k < nc; k++) alive[k] = 1;
  while (res) {
    int left = 0;
    for (int k = 0; k < nc; k++) left += alive[k];
    if (left <= 1) break;
    if (b->iters > 0 && used + left > b->iters) break;
    if (b->ms > 0 && rounds > 0 && now_ms() - t0 >= b->ms) break;
    if (rounds == cap) {
      double *bigger = realloc(res, sizeof *res * (size_t)cap * 2 * ROOT_KEEP);
      if (!bigger) break;
      res = bigger;
      cap *= 2;
    }
    uint64_t deal = ai_rand(rng);
    for (int k = 0; k < nc; k++)
      if (alive[k])
        res[rounds * ROOT_KEEP + k] = rollout(g, me, child[k], &plans[child[k]], deal, b, turns, tau);
    used += left;
    rounds++;
    if (rounds >= MIN_ROUNDS) drop_worse(res, rounds, nc, alive);
  }
  int best = 0;
  double bv = -1e18;
  for (int k = 0; k < nc && res && rounds > 0; k++) {
    if (!alive[k]) continue;
    double m = k == 0 ? GREEDY_EDGE : 0;
    for (int r = 0; r < rounds; r++) m += res[r * ROOT_KEEP + k] / rounds;
    if (m > bv) bv = m, best = k;
  }
  free(res);
  return best;
}

int ai_mcts(ai_player *a, ark_gs *g, uint64_t seed) {
  const ark_decision *d = g->gi->decision(g);
  if (d->noptions == 1) return 0;
  /* within a turn the plan of the chosen action decides */
  if (g->gi->turn_tag && strcmp(d->tag, g->gi->turn_tag) != 0) {
    int k = ai_planned(a, g);
    return k >= 0 ? k : ai_greedy(a, g, seed);
  }
  ai_budget b = a->budget;
  if (b.iters <= 0 && b.ms <= 0) b.iters = DEFAULT_ITERS;
  int n = d->noptions, me = d->player;
  uint64_t rng = seed;
  double *v = malloc(sizeof *v * (size_t)n);
  ai_plan *plans = malloc(sizeof *plans * (size_t)n);
  if (!v || !plans) {
    free(v);
    free(plans);
    return ai_greedy(a, g, seed);
  }
  ai_greedy_values(g, v, plans, &rng);
  int child[ROOT_KEEP], nc = pick_children(v, n, child);
  int pick = child[search(g, me, child, nc, plans, &b, &rng)];
  ai_adopt_plan(a, g, &plans[pick]);
  free(v);
  free(plans);
  return pick;
}
