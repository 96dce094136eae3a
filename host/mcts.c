/*
** mcts.c - determinized Monte Carlo tree search.
**
** Each iteration clones the position, deals the cards the searching player
** cannot see anew (deck and opponents' hands, ark_game_redeal_hidden),
** walks down the tree by UCT - every decision, whoever makes it, is a node
** whose mover maximizes their own reward - adds one node, plays a short
** rollout (random or quick-policy answers for a few turns) and values the
** end: 1/0 for a finished game, else a sigmoid of the value lead
** (ai_value of the player minus the best other player).  The answer is the
** most visited option at the root.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ai.h"

#define ARK_MAX_OPTIONS_HOST 256

typedef struct node {
  int visits;
  int nchild;                    /* 0 = not expanded */
  int first;                     /* index of the first child in the pool */
  int player;                    /* mover at this node */
  double w[4];                   /* reward sums per player */
} node;

typedef struct tree {
  node *n;
  int len, cap;
} tree;

static int new_nodes(tree *t, int k) {
  if (t->len + k > t->cap) {
    int cap = t->cap ? t->cap : 1024;
    while (cap < t->len + k) cap *= 2;
    node *nn = realloc(t->n, sizeof *nn * (size_t)cap);
    if (!nn) return -1;
    t->n = nn;
    t->cap = cap;
  }
  memset(&t->n[t->len], 0, sizeof(node) * (size_t)k);
  t->len += k;
  return t->len - k;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

#define UCT_C 0.7
#define LEAD_SCALE 8.0

static int select_child(const tree *t, const node *nd, uint64_t *rng) {
  /* an unvisited child first, picked at random among them */
  int unvisited = 0;
  for (int i = 0; i < nd->nchild; i++) unvisited += t->n[nd->first + i].visits == 0;
  /* children left out at the root have visits < 0 */
  if (unvisited) {
    int k = (int)(ai_rand(rng) % (uint64_t)unvisited);
    for (int i = 0; i < nd->nchild; i++)
      if (t->n[nd->first + i].visits == 0 && k-- == 0) return i;
  }
  double lg = log((double)nd->visits + 1), bv = -1e18;
  int best = 0;
  for (int i = 0; i < nd->nchild; i++) {
    const node *c = &t->n[nd->first + i];
    if (c->visits < 0) continue;
    double v = c->w[nd->player] / c->visits + UCT_C * sqrt(lg / c->visits);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

static void rollout(ark_game *c, const ai_budget *b, uint64_t *rng) {
  char msg[64];
  int actions = 0;
  while (ark_game_process(c) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(c);
    if (!strcmp(d->tag, "action") && ++actions > b->rollout_turns) return;
    int pick = b->rollout_greedy ? ai_quick(c, rng)
                                 : (int)(ai_rand(rng) % (uint64_t)d->noptions);
    if (ark_game_answer(c, pick, msg, sizeof msg) != ARK_OK) return;
  }
}

static void rewards(const ark_game *c, double r[4]) {
  int n = ark_game_players(c);
  double v[4];
  ark_player_view pv;
  int over = ark_game_decision(c) == NULL;
  for (int p = 0; p < n; p++) {
    ark_game_player(c, p, &pv);
    v[p] = over ? pv.rank == 1 : ai_value(c, p);
  }
  for (int p = 0; p < n; p++) {
    if (over) { r[p] = v[p]; continue; }
    double other = -1e18;
    for (int q = 0; q < n; q++)
      if (q != p && v[q] > other) other = v[q];
    r[p] = 1.0 / (1.0 + exp(-(v[p] - other) / LEAD_SCALE));
  }
}

/* After the root action: the rest of the searching player's turn as the
** greedy planned it (the quick policy where the deal makes the plan not
** fit), so that an action is judged by its sensible follow-up, not by
** random sub-choices. */
static void follow_plan(ark_game *c, int me, const int *plan, int len, uint64_t *rng) {
  char msg[64];
  for (int k = 0; ark_game_process(c) == ARK_AWAITING; k++) {
    const ark_decision *d = ark_game_decision(c);
    if (!strcmp(d->tag, "action") || d->player != me) return;
    int pick = k < len && plan[k] >= 0 && plan[k] < d->noptions ? plan[k] : ai_quick(c, rng);
    if (ark_game_answer(c, pick, msg, sizeof msg) != ARK_OK) return;
  }
}

/* The root: the greedy's value of every option; only the best few become
** children, each starting with a prior of a few visits at the reward the
** greedy value promises.  Below the root the tree is complete. */
#define ROOT_KEEP 5
#define PRIOR_VISITS 2

typedef struct root_plans {
  int plan[ARK_MAX_OPTIONS_HOST][AI_PLAN_MAX];
  int len[ARK_MAX_OPTIONS_HOST];
} root_plans;

static void root_prior(tree *t, ark_game *g, int me, int n, root_plans *rp, uint64_t *rng) {
  double v[ARK_MAX_OPTIONS_HOST], bestv = -1e18;
  ai_greedy_values(g, v, rp->plan, rp->len, rng);
  node *root = &t->n[0];
  for (int i = 0; i < root->nchild; i++) if (v[i] > bestv) bestv = v[i];
  for (int k = 0; k < root->nchild; k++) {
    int better = 0;
    for (int i = 0; i < root->nchild; i++) better += v[i] > v[k] || (v[i] == v[k] && i < k);
    node *c = &t->n[root->first + k];
    if (better >= ROOT_KEEP) {
      c->visits = -1;
      continue;
    }
    double r = 1.0 / (1.0 + exp(-(v[k] - bestv) / LEAD_SCALE)) ;
    c->visits = PRIOR_VISITS;
    for (int p = 0; p < n; p++) c->w[p] = PRIOR_VISITS * (p == me ? r : 1 - r);
  }
}

int ai_mcts(ai_player *a, ark_game *g, uint64_t seed) {
  const ark_decision *d = ark_game_decision(g);
  if (d->noptions == 1) return 0;
  /* within a turn the greedy's plan decides: the search is over actions */
  if (strcmp(d->tag, "action") != 0 || d->noptions > ARK_MAX_OPTIONS_HOST)
    return ai_greedy(a, g, seed);
  ai_budget b = a->budget;
  if (b.iters <= 0 && b.ms <= 0) b.iters = 300;
  if (b.rollout_turns <= 0) b.rollout_turns = 4;
  int me = d->player, n = ark_game_players(g);
  uint64_t rng = seed;
  tree t = { 0 };
  if (new_nodes(&t, 1) < 0) return 0;
  int f = new_nodes(&t, d->noptions);
  if (f < 0) { free(t.n); return 0; }
  t.n[0].first = f;
  t.n[0].nchild = d->noptions;
  t.n[0].player = me;
  root_plans *rp = malloc(sizeof *rp);
  if (!rp) { free(t.n); return ai_greedy(a, g, seed); }
  root_prior(&t, g, me, n, rp, &rng);
  double t0 = now_ms();
  char msg[64];
  int path[512];
  for (int it = 0; b.iters <= 0 || it < b.iters; it++) {
    if (b.ms > 0 && (it & 7) == 0 && now_ms() - t0 >= b.ms && it > 0) break;
    ark_game *c = ark_game_clone(g);
    if (!c) break;
    ark_game_redeal_hidden(c, me, ai_rand(&rng));
    int cur = 0, depth = 0, expanded = 0;
    path[depth++] = 0;
    while (!expanded && depth < 511 && ark_game_process(c) == ARK_AWAITING) {
      const ark_decision *cd = ark_game_decision(c);
      node *nd = &t.n[cur];
      if (nd->nchild == 0) {
        int first = new_nodes(&t, cd->noptions);
        if (first < 0) break;
        nd = &t.n[cur];
        nd->first = first;
        nd->nchild = cd->noptions;
        nd->player = cd->player;
        expanded = 1;
      } else if (nd->nchild != cd->noptions) {
        break;                 /* another deal changed the options here */
      }
      int i = select_child(&t, nd, &rng);
      int child = nd->first + i;
      if (ark_game_answer(c, i, msg, sizeof msg) != ARK_OK) break;
      cur = child;
      path[depth++] = cur;
      if (depth == 2) follow_plan(c, me, rp->plan[i], rp->len[i], &rng);
    }
    rollout(c, &b, &rng);
    double r[4] = { 0 };
    rewards(c, r);
    ark_game_free(c);
    for (int k = 0; k < depth; k++) {
      node *nd = &t.n[path[k]];
      nd->visits++;
      for (int p = 0; p < n; p++) nd->w[p] += r[p];
    }
  }
  int best = 0;
  double bv = -1;
  const node *root = &t.n[0];
  for (int i = 0; i < root->nchild; i++) {
    const node *c = &t.n[root->first + i];
    if (c->visits > 0 && c->w[me] / c->visits > bv) {
      bv = c->w[me] / c->visits;
      best = i;
    }
  }
  free(t.n);
  free(rp);
  a->plan_at = -1;
  return best;
}
