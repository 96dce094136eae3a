/*
** ai.c - the engine's computer players for every game behind the game
** interface (core/src/gameif.h): random, greedy, and the plans that carry
** the greedy's choices through a turn.
**
** Greedy looks one turn ahead.  For each option of a decision it answers
** on a copy, finishes its own turn (each later sub-decision chosen by
** trying every option on a further copy finished with the game's quick
** policy) and values the position when the next turn starts, as the game
** values positions (ark_gi.value).  The answers it chose for the rest of
** the turn are kept as a plan, so its own sub-decisions cost nothing more.
** A game that declares no turns (ark_gi.turn_tag NULL) has every decision
** valued on its own: the position right after it.
**
** No AI ever sees the real game: ai_pick, the one entry for a real game,
** hands every AI the game's view for the deciding seat, a copy in which
** whatever that seat cannot know is dealt anew, so what is hidden from a
** seat never reaches its AI.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"

/* the interface's calls, short */
static ark_gs *g_copy(const ark_gs *g) { return g->gi->clone(g); }
/* a copy that is valued and freed, never copied */
static ark_gs *g_leaf(const ark_gs *g) {
  return g->gi->clone_leaf ? g->gi->clone_leaf(g) : g->gi->clone(g);
}
static void g_free(ark_gs *g) { g->gi->free(g); }
static const ark_decision *g_dec(const ark_gs *g) { return g->gi->decision(g); }
static int g_answer(ark_gs *g, int i) {
  char msg[128];
  return g->gi->answer(g, i, msg, sizeof msg);
}
static ark_progress g_lazy(ark_gs *g) {
  return g->gi->process_lazy ? g->gi->process_lazy(g) : g->gi->process(g);
}
/* g_lazy for a copy that is valued where the next turn begins and then
** thrown away: it may stop short of beginning that turn (ARK_TURN_AHEAD) */
static ark_progress g_to_turn(ark_gs *g) {
  return g->gi->process_to_turn ? g->gi->process_to_turn(g) : g_lazy(g);
}
/* does the pending decision (after g_lazy) begin a turn? */
static int g_turn_starts(const ark_gs *g) {
  const char *t = g->gi->turn_tag;
  if (!t) return 1;
  const char *tag = g->gi->pending_tag ? g->gi->pending_tag(g) : g_dec(g)->tag;
  return !strcmp(tag, t);
}
static int g_quick(ark_gs *g, uint64_t *rng) {
  if (g->gi->quick) return g->gi->quick(g, rng);
  return (int)(ai_rand(rng) % (uint64_t)g_dec(g)->noptions);
}
static double g_penalty(ark_gs *g, int p, int i) {
  return g->gi->penalty ? g->gi->penalty(g, p, i) : 0;
}

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

uint64_t ai_rand(uint64_t *x) { return ark_rng_mix(x); }

double ai_jitter(uint64_t *rng) { return (double)(ai_rand(rng) % 1000) * 1e-6; }

/* ---- what a position is worth ---- */

double ai_time_left(ark_gs *g) { return g->gi->time_left ? g->gi->time_left(g) : 1; }

static double value_of(ark_gs *g, int p, double tau) {
  double v = g->gi->value(g, p, tau);
  return v == v ? v : -1e18;     /* NAN: the game could not value it */
}

double ai_lead(ark_gs *g, int p, double tau) {
  int n = g->gi->players(g);
  double other = -1e18, mine = value_of(g, p, tau);
  if (n == 1) return mine;
  for (int q = 0; q < n; q++)
    if (q != p) {
      double o = value_of(g, q, tau);
      if (o <= -1e18) return -1e18;
      if (o > other) other = o;
    }
  return mine <= -1e18 ? mine : mine - other;
}

double ai_worth(ark_gs *g, int p, double tau) { return value_of(g, p, tau); }

/* ---- finishing a turn ---- */

/* Answers with the quick policy until the next turn's first decision, or
** until that turn is ahead (g_to_turn): c is only valued afterwards. */
static void finish_quick(ark_gs *c, uint64_t *rng) {
  for (int guard = 0; guard < 80 && g_to_turn(c) == ARK_AWAITING; guard++) {
    /* the next turn's options are not needed: the position is valued */
    if (g_turn_starts(c)) return;
    if (g_answer(c, g_quick(c, rng)) != ARK_OK) return;
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

int ai_best_step(ark_gs *c, int me, double tau, uint64_t *rng) {
  const ark_decision *d = g_dec(c);
  int n = d->noptions, step = n > SUB_SAMPLE ? (n + SUB_SAMPLE - 1) / SUB_SAMPLE : 1;
  int best = 0, off = step > 1 ? (int)(ai_rand(rng) % (uint64_t)step) : 0;
  double bv = -1e18;
  if (n == 1) return 0;
  for (int i = off; i < n; i += step) {
    ark_gs *cc = g_leaf(c);
    if (!cc) break;
    g_answer(cc, i);
    finish_quick(cc, rng);
    double v = ai_worth(cc, me, tau) + ai_jitter(rng);
    g_free(cc);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

/* Finishes me's turn on c: me's sub-decisions by ai_best_step (recorded in
** plan if not NULL), other players' (break discards) by the quick policy;
** it may stop with the next turn ahead, not begun (g_to_turn). */
static void finish_turn(ark_gs *c, int me, double tau, ai_plan *plan, uint64_t *rng) {
  if (plan) plan->len = 0;
  for (int guard = 0; guard < 60 && g_to_turn(c) == ARK_AWAITING; guard++) {
    if (g_turn_starts(c)) return;
    const ark_decision *d = g_dec(c);
    if (!d) return;
    int mine = d->player == me, pick = mine ? ai_best_step(c, me, tau, rng) : g_quick(c, rng);
    if (plan && plan->len < AI_PLAN_MAX) {
      plan->step[plan->len].pick = mine ? pick : -1;
      plan->step[plan->len++].check = step_check(d, pick);
    }
    if (g_answer(c, pick) != ARK_OK) return;
  }
}

void ai_finish_turn(ark_gs *c, int me, double tau, uint64_t *rng) {
  finish_turn(c, me, tau, NULL, rng);
  g_lazy(c);                     /* the next turn begun, if it was ahead */
}

/* ---- greedy ---- */

void ai_greedy_values(ark_gs *g, double *v, ai_plan *plans, uint64_t *rng) {
  const ark_decision *d = g_dec(g);
  int me = d->player, n = d->noptions;
  double tau = ai_time_left(g);
  for (int i = 0; i < n; i++) {
    ark_gs *c = g_copy(g);
    v[i] = -1e18;
    if (plans) plans[i].len = 0;
    if (!c) continue;
    g_answer(c, i);
    finish_turn(c, me, tau, plans ? &plans[i] : NULL, rng);
    v[i] = ai_worth(c, me, tau) - g_penalty(g, me, i) + ai_jitter(rng);
    g_free(c);
  }
}

int ai_planned(ai_player *a, const ark_gs *g) {
  const ark_decision *d = g_dec(g);
  int na = g->gi->nanswers(g);
  if (a->plan_at < 0 || na < a->plan_at || na >= a->plan_at + a->plan.len) return -1;
  const ai_step *st = &a->plan.step[na - a->plan_at];
  if (st->pick < 0) return -1;
  if (st->pick < d->noptions && step_check(d, st->pick) == st->check) return st->pick;
  for (int i = 0; i < d->noptions; i++)   /* the same option elsewhere in the list */
    if (step_check(d, i) == st->check) return i;
  return -1;
}

void ai_follow_plan(ai_player *a, const ark_gs *g, const ai_plan *plan) {
  a->plan = *plan;
  a->plan_at = g->gi->nanswers(g);
}

void ai_adopt_plan(ai_player *a, const ark_gs *g, const ai_plan *plan) {
  ai_follow_plan(a, g, plan);
  a->plan_at++;                  /* the plan begins after the answer now given */
}

int ai_greedy(ai_player *a, ark_gs *g, uint64_t seed) {
  const ark_decision *d = g_dec(g);
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

/* Tries every option of g's pending turn decision, each turn finished by
** the quick policy; returns the best one and its worth in *best: the
** mover's lead (lead = 1) or worth with a tie-breaking jitter (lead = 0). */
static int try_actions(ark_gs *g, int lead, double tau, uint64_t *rng, double *best) {
  const ark_decision *d = g_dec(g);
  int me = d->player, pick = 0;
  *best = -1e18;
  for (int i = 0; i < d->noptions; i++) {
    ark_gs *c = g_leaf(g);
    if (!c) break;
    g_answer(c, i);
    finish_quick(c, rng);
    double v = (lead ? ai_lead(c, me, tau) : ai_worth(c, me, tau)) - g_penalty(g, me, i);
    if (!lead) v += ai_jitter(rng);
    g_free(c);
    if (v > *best) {
      *best = v;
      pick = i;
    }
  }
  return pick;
}

int ai_fast(ark_gs *g, uint64_t *rng) {
  const ark_decision *d = g_dec(g);
  /* a game without turns: its quick policy alone */
  if (!g->gi->turn_tag || strcmp(d->tag, g->gi->turn_tag) || d->noptions == 1)
    return g_quick(g, rng);
  double v;
  return try_actions(g, 0, ai_time_left(g), rng, &v);
}

double ai_best_turn_lead(ark_gs *g, double tau, uint64_t *rng) {
  double v;
  if (!g_dec(g)) return 0;
  try_actions(g, 1, tau, rng, &v);
  return v;
}

int ai_pick(ai_player *a, ark_gs *g, uint64_t seed) {
  const ark_decision *d = g_dec(g);
  uint64_t x = seed;
  if (a->kind != AI_GREEDY && a->kind != AI_MCTS)
    return (int)(ai_rand(&x) % (uint64_t)d->noptions);
  if (d->noptions == 1) return 0;
  int k = ai_planned(a, g);        /* reads only the seat's own options */
  if (k >= 0) return k;
  ark_gs *view = g->gi->view(g, d->player, ai_rand(&x));
  if (!view) return 0;
  int pick = a->kind == AI_GREEDY ? ai_greedy(a, view, x) : ai_mcts(a, view, x);
  g_free(view);
  return pick;
}
