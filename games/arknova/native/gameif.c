/*
** gameif.c - Ark Nova behind the engine's one game interface
** (core/src/gameif.h): the loop of game.c, the views of hidden.c, and what
** Ark Nova tells the AIs (ai_value.c, ai_quick.c).  A turn begins at the
** "action" decision, where a player picks one of its five action cards.
*/
#include "game.h"
#include <string.h>
#include "nova_ai.h"

ark_gs *ark_game_gs(ark_game *g) { return g ? &g->gs : NULL; }
ark_game *ark_game_of(ark_gs *s) { return (ark_game *)s; }

#define G(s) ((ark_game *)(s))
#define CG(s) ((const ark_game *)(s))

static ark_gs *gi_clone(const ark_gs *s) { return ark_game_gs(ark_game_clone(CG(s))); }
static ark_gs *gi_leaf(const ark_gs *s) { return ark_game_gs(ark_game_clone_leaf(CG(s))); }
static void gi_free(ark_gs *s) { ark_game_free(G(s)); }
static ark_progress gi_process(ark_gs *s) { return ark_game_process(G(s)); }
static ark_progress gi_lazy(ark_gs *s) { return ark_game_process_lazy(G(s)); }
static ark_progress gi_to_turn(ark_gs *s) { return ark_game_process_to_turn(G(s)); }
static const ark_decision *gi_decision(const ark_gs *s) { return ark_game_decision(CG(s)); }
static const char *gi_tag(const ark_gs *s) { return ark_game_pending_tag(CG(s)); }
static int gi_nanswers(const ark_gs *s) { return ark_game_nanswers(CG(s)); }
static int gi_players(const ark_gs *s) { return ark_game_players(CG(s)); }

static ark_status gi_answer(ark_gs *s, int i, char *msg, size_t n) {
  return ark_game_answer(G(s), i, msg, n);
}

static ark_gs *gi_view(const ark_gs *s, int seat, uint64_t seed) {
  return ark_game_gs(ark_game_search_view(CG(s), seat, seed));
}

static ark_gs *gi_deal(const ark_gs *s, int seat, uint64_t seed) {
  ark_game *c = ark_game_clone(CG(s));
  if (c) ark_game_redeal_hidden(c, seat, seed);
  return ark_game_gs(c);
}

static double gi_time_left(ark_gs *s) { return nova_time_left(G(s)); }
static double gi_value(ark_gs *s, int p, double tau) { return nova_value_at(G(s), p, tau); }

static int gi_result(ark_gs *s, int p, double *lead, int *won) {
  int mine = 0, other = -100000;
  for (int q = 0; q < ark_game_players(G(s)); q++) {
    ark_player_view v;
    ark_game_player(G(s), q, &v);
    if (q == p) mine = v.score, *won = v.rank == 1;
    else if (v.score > other) other = v.score;
  }
  *lead = mine - other;
  return 0;
}

static int gi_quick(ark_gs *s, uint64_t *rng) { return nova_quick(G(s), rng); }

static double gi_penalty(ark_gs *s, int p, int option) {
  const ark_decision *d = ark_game_decision(G(s));
  return nova_option_penalty(G(s), p, d->options[option]);
}

double nova_option_penalty(const ark_game *g, int me, const char *opt) {
  ark_player_view v;
  if (strncmp(opt, "X-token", 7)) return 0;
  ark_game_player(g, me, &v);
  return v.xtokens >= 5 ? 4 : 0;
}

const ark_gi ark_nova_gi = {
  .clone = gi_clone, .clone_leaf = gi_leaf, .free = gi_free, .process = gi_process,
  .process_lazy = gi_lazy, .process_to_turn = gi_to_turn, .decision = gi_decision,
  .pending_tag = gi_tag, .answer = gi_answer, .nanswers = gi_nanswers, .players = gi_players,
  .view = gi_view, .deal = gi_deal,
  .turn_tag = "action", .time_left = gi_time_left, .value = gi_value, .result = gi_result,
  .quick = gi_quick, .penalty = gi_penalty,
};
