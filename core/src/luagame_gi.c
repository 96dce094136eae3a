/*
** luagame_gi.c - every game written in Lua alone behind the engine's one
** game interface (gameif.h): the runtime's loop and views, and the rules'
** value, score, rank and won.  Such games declare no turns to the AIs, so
** each decision is valued on its own, by the seat's lead in value after
** it (its own value where the seats play against the game: the rules'
** won() gives true or false); a search's rollout plays RUNTIME_HORIZON
** decisions before it values.
*/
#include <math.h>
#include "luagame_int.h"

#define RUNTIME_HORIZON 40

ark_gs *ark_lg_gs(ark_lg *g) { return g ? &g->gs : NULL; }

#define G(s) ((ark_lg *)(s))
#define CG(s) ((const ark_lg *)(s))

static ark_gs *gi_clone(const ark_gs *s) { return ark_lg_gs(ark_lg_clone(CG(s), 0)); }
static void gi_free(ark_gs *s) { ark_lg_free(G(s)); }
static ark_progress gi_process(ark_gs *s) { return ark_lg_process(G(s)); }
static const ark_decision *gi_decision(const ark_gs *s) { return ark_lg_decision(CG(s)); }
static int gi_nanswers(const ark_gs *s) { return ark_lg_nanswers(CG(s)); }
static int gi_players(const ark_gs *s) { return ark_lg_players(CG(s)); }

static ark_status gi_answer(ark_gs *s, int i, char *msg, size_t n) {
  return ark_lg_answer(G(s), i, msg, n);
}

static ark_gs *gi_view(const ark_gs *s, int seat, uint64_t seed) {
  return ark_lg_gs(ark_lg_view(CG(s), seat, seed));
}

/* Do the seats play against the game itself (the rules' won() says)? */
static int against_game(ark_lg *g, int p, int *won) {
  char msg[256];
  return ark_lg_won(g, p, won, msg, sizeof msg) == 0;
}

/* p's number from one of the rules' functions, less the best other seat's
** unless the seats play against the game; NAN when a rule failed. */
static double lead_in(ark_lg *g, int p, int (*rule)(ark_lg *, int, double *, char *, size_t)) {
  char msg[256];
  double mine, other = -INFINITY, v;
  int won;
  if (rule(g, p, &mine, msg, sizeof msg)) return NAN;
  if (ark_lg_players(g) == 1 || against_game(g, p, &won)) return mine;
  for (int q = 0; q < ark_lg_players(g); q++) {
    if (q == p) continue;
    if (rule(g, q, &v, msg, sizeof msg)) return NAN;
    if (v > other) other = v;
  }
  return mine - other;
}

static double gi_value(ark_gs *s, int p, double tau) {
  (void)tau;
  return lead_in(G(s), p, ark_lg_value);
}

static int gi_result(ark_gs *s, int p, double *lead, int *won) {
  char msg[256];
  int order[ARK_LG_SEATS];
  *lead = lead_in(G(s), p, ark_lg_score);
  if (*lead != *lead) return -1;
  if (against_game(G(s), p, won)) return 0;
  if (ark_lg_rank(G(s), order, msg, sizeof msg)) return -1;
  *won = order[0] == p;
  return 0;
}

const ark_gi ark_lg_gi = {
  .clone = gi_clone, .free = gi_free, .process = gi_process, .decision = gi_decision,
  .answer = gi_answer, .nanswers = gi_nanswers, .players = gi_players, .view = gi_view,
  .rollout_decisions = RUNTIME_HORIZON, .value = gi_value, .result = gi_result,
};
