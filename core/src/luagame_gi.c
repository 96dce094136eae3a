/*
** luagame_gi.c - every game written in Lua alone behind the engine's one
** game interface (gameif.h): the runtime's loop and views, and the rules'
** value, score and rank.  Such games declare no turns to the AIs, so each
** decision is valued on its own, by the seat's lead after it; a search's
** rollout plays RUNTIME_HORIZON decisions before it values.
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

static double gi_value(ark_gs *s, int p, double tau) {
  char msg[256];
  double v;
  (void)tau;
  return ark_lg_value(G(s), p, &v, msg, sizeof msg) ? NAN : v;
}

static int gi_result(ark_gs *s, int p, double *score, int *place) {
  char msg[256];
  int order[ARK_LG_SEATS];
  if (ark_lg_score(G(s), p, score, msg, sizeof msg) || ark_lg_rank(G(s), order, msg, sizeof msg))
    return -1;
  *place = 0;
  for (int k = 0; k < ark_lg_players(G(s)); k++)
    if (order[k] == p) *place = k + 1;
  return 0;
}

const ark_gi ark_lg_gi = {
  .clone = gi_clone, .free = gi_free, .process = gi_process, .decision = gi_decision,
  .answer = gi_answer, .nanswers = gi_nanswers, .players = gi_players, .view = gi_view,
  .rollout_decisions = RUNTIME_HORIZON, .versus = 1, .value = gi_value, .result = gi_result,
};
