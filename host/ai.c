/*
** ai.c - the computer players behind the decision API: random, greedy,
** and the plans that carry the greedy's choices through a turn.
**
** Greedy looks one turn ahead.  For each option of a decision it answers
** on a clone, finishes its own turn (each later sub-decision chosen by
** trying every option on a further clone finished with the quick policy)
** and values the position when the next turn starts (ai_value.c).  The
** answers it chose for the rest of the turn are kept as a plan, so its own
** sub-decisions cost nothing more.
**
** No AI ever sees the real game: ai_pick, the one entry for a real game,
** hands every AI a copy in which whatever the deciding seat cannot know
** is dealt anew (ark_game_search_view), so what is hidden from a seat never
** reaches its AI.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"

static const char *const names[AI_NKINDS] = { "random", "greedy", "mcts", "human" };

int ai_from_name(const char *s) {
  for (int i = 0; i < AI_NKINDS; i++)
    if (strcmp(s, names[i]) == 0) return i;
  return -1;
}

const char *ai_name(int kind) { return kind >= 0 && kind < AI_NKINDS ? names[kind] : "?"; }

void ai_init(ai_player *a, int kind, const ai_budget *b) {
  memset(a, 0, sizeof *a);
  a->kind = kind;
  if (b) a->budget = *b;
  a->plan_at = -1;
}

uint64_t ai_rand(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double ai_jitter(uint64_t *rng) { return (double)(ai_rand(rng) % 1000) * 1e-6; }

/* ---- finishing a turn ---- */

/* Answers with the quick policy until the next turn's action decision. */
static void finish_quick(ark_game *c, uint64_t *rng) {
  char msg[128];
  for (int guard = 0; guard < 80 && ark_game_process_lazy(c) == ARK_AWAITING; guard++) {
    /* the next turn's options are not needed: the position is valued */
    if (!strcmp(ark_game_pending_tag(c), "action")) return;
    if (ark_game_answer(c, ai_quick(c, rng), msg, sizeof msg) != ARK_OK) return;
  }
}

/* Options tried per sub-decision; longer lists (placements) are sampled
** evenly from a random offset. */
#define SUB_SAMPLE 14

/* A check of an answer: a hash of the decision's tag and the option's
** text, so that a plan is followed only where it still fits. */
static uint32_t step_check(const ark_decision *d, int i) {
  uint32_t h = 2166136261u;
  for (const char *t = d->tag; *t; t++) h = (h ^ (unsigned char)*t) * 16777619u;
  for (const char *t = d->options[i]; *t; t++) h = (h ^ (unsigned char)*t) * 16777619u;
  return h;
}

/* The best option of c's pending decision for `me` when each is finished
** by the quick policy. */
int ai_best_step(ark_game *c, int me, double tau, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(c);
  int n = d->noptions, step = n > SUB_SAMPLE ? (n + SUB_SAMPLE - 1) / SUB_SAMPLE : 1;
  int best = 0, off = step > 1 ? (int)(ai_rand(rng) % (uint64_t)step) : 0;
  double bv = -1e18;
  char msg[128];
  if (n == 1) return 0;
  for (int i = off; i < n; i += step) {
    ark_game *cc = ark_game_clone(c);
    if (!cc) break;
    ark_game_answer(cc, i, msg, sizeof msg);
    finish_quick(cc, rng);
    double v = ai_value_at(cc, me, tau) + ai_jitter(rng);
    ark_game_free(cc);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

/* Finishes me's turn on c: me's sub-decisions by ai_best_step (recorded in
** plan if not NULL), other players' (break discards) by the quick policy. */
static void finish_turn(ark_game *c, int me, double tau, ai_plan *plan, uint64_t *rng) {
  char msg[128];
  if (plan) plan->len = 0;
  for (int guard = 0; guard < 60 && ark_game_process_lazy(c) == ARK_AWAITING; guard++) {
    if (!strcmp(ark_game_pending_tag(c), "action")) return;
    const ark_decision *d = ark_game_decision(c);
    if (!d) return;
    int mine = d->player == me, pick = mine ? ai_best_step(c, me, tau, rng) : ai_quick(c, rng);
    if (plan && plan->len < AI_PLAN_MAX) {
      plan->step[plan->len].pick = mine ? pick : -1;
      plan->step[plan->len++].check = step_check(d, pick);
    }
    if (ark_game_answer(c, pick, msg, sizeof msg) != ARK_OK) return;
  }
}

/* An X-token action that gains nothing (tokens already at 5) only passes. */
double ai_option_penalty(const ark_game *g, int me, const char *opt) {
  ark_player_view v;
  if (strncmp(opt, "X-token", 7)) return 0;
  ark_game_player(g, me, &v);
  return v.xtokens >= 5 ? 4 : 0;
}

void ai_finish_turn(ark_game *c, int me, double tau, uint64_t *rng) {
  finish_turn(c, me, tau, NULL, rng);
}

/* ---- greedy ---- */

void ai_greedy_values(ark_game *g, double *v, ai_plan *plans, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  int me = d->player, n = d->noptions;
  double tau = ai_time_left(g);
  char msg[128];
  for (int i = 0; i < n; i++) {
    ark_game *c = ark_game_clone(g);
    v[i] = -1e18;
    if (plans) plans[i].len = 0;
    if (!c) continue;
    ark_game_answer(c, i, msg, sizeof msg);
    finish_turn(c, me, tau, plans ? &plans[i] : NULL, rng);
    v[i] = ai_value_at(c, me, tau) - ai_option_penalty(g, me, d->options[i]) + ai_jitter(rng);
    ark_game_free(c);
  }
}

int ai_planned(ai_player *a, const ark_game *g) {
  const ark_decision *d = ark_game_decision(g);
  int na = ark_game_nanswers(g);
  if (a->plan_at < 0 || na < a->plan_at || na >= a->plan_at + a->plan.len) return -1;
  const ai_step *st = &a->plan.step[na - a->plan_at];
  if (st->pick < 0) return -1;
  if (st->pick < d->noptions && step_check(d, st->pick) == st->check) return st->pick;
  for (int i = 0; i < d->noptions; i++)   /* the same option elsewhere in the list */
    if (step_check(d, i) == st->check) return i;
  return -1;
}

void ai_follow_plan(ai_player *a, const ark_game *g, const ai_plan *plan) {
  a->plan = *plan;
  a->plan_at = ark_game_nanswers(g);
}

void ai_adopt_plan(ai_player *a, const ark_game *g, const ai_plan *plan) {
  ai_follow_plan(a, g, plan);
  a->plan_at++;                  /* the plan begins after the answer now given */
}

int ai_greedy(ai_player *a, ark_game *g, uint64_t seed) {
  const ark_decision *d = ark_game_decision(g);
  int n = d->noptions, best = 0;
  uint64_t rng = seed;
  int k = ai_planned(a, g);
  if (k >= 0) return k;
  a->plan_at = -1;
  if (n == 1) return 0;
  double *v = malloc(sizeof *v * (size_t)n);
  ai_plan *plans = malloc(sizeof *plans * (size_t)n);
  if (v && plans) {
    ai_greedy_values(g, v, plans, &rng);
    for (int i = 1; i < n; i++)
      if (v[i] > v[best]) best = i;
    ai_adopt_plan(a, g, &plans[best]);
  }
  free(v);
  free(plans);
  return best;
}

/* ---- cheap policies for the search's rollouts ---- */

/* Tries every action of g's pending action decision, each turn finished
** by the quick policy; returns the best one and its worth in *best: the
** mover's lead (lead = 1) or value with a tie-breaking jitter (lead = 0). */
static int try_actions(ark_game *g, int lead, double tau, uint64_t *rng, double *best) {
  const ark_decision *d = ark_game_decision(g);
  int me = d->player, pick = 0;
  char msg[128];
  *best = -1e18;
  for (int i = 0; i < d->noptions; i++) {
    ark_game *c = ark_game_clone(g);
    if (!c) break;
    ark_game_answer(c, i, msg, sizeof msg);
    finish_quick(c, rng);
    double v = (lead ? ai_lead_at(c, me, tau) : ai_value_at(c, me, tau)) -
               ai_option_penalty(g, me, d->options[i]);
    if (!lead) v += ai_jitter(rng);
    ark_game_free(c);
    if (v > *best) {
      *best = v;
      pick = i;
    }
  }
  return pick;
}

int ai_fast(ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  if (strcmp(d->tag, "action") || d->noptions == 1) return ai_quick(g, rng);
  double v;
  return try_actions(g, 0, ai_time_left(g), rng, &v);
}

double ai_best_turn_lead(ark_game *g, double tau, uint64_t *rng) {
  double v;
  if (!ark_game_decision(g)) return 0;
  try_actions(g, 1, tau, rng, &v);
  return v;
}

int ai_pick(ai_player *a, ark_game *g, uint64_t seed) {
  const ark_decision *d = ark_game_decision(g);
  uint64_t x = seed;
  if (a->kind != AI_GREEDY && a->kind != AI_MCTS)
    return (int)(ai_rand(&x) % (uint64_t)d->noptions);
  if (d->noptions == 1) return 0;
  int k = ai_planned(a, g);        /* reads only the seat's own options */
  if (k >= 0) return k;
  ark_game *view = ark_game_search_view(g, d->player, ai_rand(&x));
  if (!view) return 0;
  int pick = a->kind == AI_GREEDY ? ai_greedy(a, view, x) : ai_mcts(a, view, x);
  ark_game_free(view);
  return pick;
}
