/*
** ai.h - the engine's computer players, for every game behind the one game
** interface (core/src/gameif.h): random, greedy (one turn of look-ahead
** with the game's position value) and mcts (determinized Monte Carlo
** search over copies, a one-level tree over the greedy's best options).
*/
#ifndef ARK_AI_H
#define ARK_AI_H

#include <stdint.h>
#include "gameif.h"
#include "rng.h"

typedef enum { AI_RANDOM, AI_GREEDY, AI_MCTS, AI_HUMAN, AI_NKINDS } ai_kind;

/* How the search plays its rollouts: the fast policy (each action chosen
** by its value after a quick finish of the turn), the greedy, or at random. */
typedef enum { AI_ROLLOUT_FAST, AI_ROLLOUT_GREEDY, AI_ROLLOUT_RANDOM } ai_rollout;

/* Search budget of the mcts player: iterations (rollouts), and/or
** milliseconds per action decision (the first reached stops the search;
** 0 = not used). */
typedef struct ai_budget {
  int iters, ms;
  int rollout;                   /* ai_rollout */
  int rollout_turns;             /* the searcher's turns per rollout */
} ai_budget;

#define AI_PLAN_MAX 32
#define ARK_AI_SEATS 8             /* seats a rollout keeps players for */

/* Answers chosen ahead for the rest of a turn: the option index and a
** check of its text (followed only while the option is still there);
** pick -1 = not this player's decision. */
typedef struct ai_step {
  int pick;
  uint32_t check;
} ai_step;
typedef struct ai_plan {
  ai_step step[AI_PLAN_MAX];
  int len;
} ai_plan;

/* One seat's computer player.  The plan is the greedy's chosen answers
** for the rest of its turn, so that sub-decisions are not searched again. */
typedef struct ai_player {
  int kind;
  ai_budget budget;
  ai_plan plan;
  int plan_at;                   /* answer count the plan starts at */
} ai_player;

int ai_from_name(const char *s);       /* -1 if unknown */
const char *ai_name(int kind);
void ai_init(ai_player *a, int kind, const ai_budget *b);
/* The option index the AI picks for the pending decision; seed makes the
** pick reproducible (the caller derives it from the game and the answer
** count, so a resumed game picks as the original would have).  The only
** entry that takes the real game: the AI decides on the game's view for the
** deciding seat (ark_gi.view), a copy holding only what that seat may
** know.  Every other function here expects such a view (or a copy of one). */
int ai_pick(ai_player *a, ark_gs *g, uint64_t seed);

/* splitmix64 step */
uint64_t ai_rand(uint64_t *x);
/* Tiny noise (below 0.001) that breaks ties between equal values
** differently each time. */
double ai_jitter(uint64_t *rng);

/* ---- policies (ai.c, mcts.c) ---- */

/* The fast policy: for a turn's first decision, the option whose turn
** finished by the quick policy is worth most; other decisions (all of a
** game without turns) by the game's quick policy. */
int ai_fast(ark_gs *g, uint64_t *rng);
int ai_greedy(ai_player *a, ark_gs *g, uint64_t seed);
/* The greedy value of each option of the pending decision (v[noptions])
** and the answers it would give for the rest of the turn after each
** (plans may be NULL). */
void ai_greedy_values(ark_gs *g, double *v, ai_plan *plans, uint64_t *rng);
/* Makes a follow `plan` from g's next answer on; ai_planned is its answer
** for g's pending decision, or -1 where the plan has none that fits. */
void ai_follow_plan(ai_player *a, const ark_gs *g, const ai_plan *plan);
int ai_planned(ai_player *a, const ark_gs *g);
/* Makes a follow `plan` after the answer about to be given to g's pending
** decision (the plan of the option chosen there). */
void ai_adopt_plan(ai_player *a, const ark_gs *g, const ai_plan *plan);
/* For g's pending turn decision: the best lead (ai_lead) that the mover
** reaches by any option, each turn finished by the quick policy. */
double ai_best_turn_lead(ark_gs *g, double tau, uint64_t *rng);
int ai_mcts(ai_player *a, ark_gs *g, uint64_t seed);

/* ---- pieces of the greedy for measuring programs (bench/lookahead) ---- */

/* Finishes me's turn on c as the greedy does: each of me's sub-decisions
** by ai_best_step, other players' (break discards) by the quick policy. */
void ai_finish_turn(ark_gs *c, int me, double tau, uint64_t *rng);
/* The option of c's pending decision that is worth most to me when the
** turn is finished by the quick policy (long lists are sampled). */
int ai_best_step(ark_gs *c, int me, double tau, uint64_t *rng);
/* What a position is worth to p: the game's value (ark_gi.value); -1e18
** where the game could not value it. */
double ai_worth(ark_gs *g, int p, double tau);
/* p's value minus the best other seat's (with one seat: its value). */
double ai_lead(ark_gs *g, int p, double tau);
/* The game's time left (1 where it does not say). */
double ai_time_left(ark_gs *g);

#endif
