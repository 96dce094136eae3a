/*
** ai.h - computer players behind the decision API: random, greedy (one
** turn of look-ahead with a position value) and mcts (determinized Monte
** Carlo tree search over clones).
*/
#ifndef ARK_AI_H
#define ARK_AI_H

#include <stdint.h>
#include "ark.h"

typedef enum { AI_RANDOM, AI_GREEDY, AI_MCTS, AI_HUMAN, AI_NKINDS } ai_kind;

/* Search budget of the mcts player: iterations, and/or milliseconds per
** decision (the first reached stops the search; 0 = not used). */
typedef struct ai_budget {
  int iters, ms;
  int rollout_greedy;            /* rollouts by the greedy's quick policy */
  int rollout_turns;             /* turns per rollout before evaluating */
} ai_budget;

#define AI_PLAN_MAX 32

/* One seat's computer player.  The plan is the greedy's chosen answers
** for the rest of its turn, so that sub-decisions are not searched again. */
typedef struct ai_player {
  int kind;
  ai_budget budget;
  int plan[AI_PLAN_MAX];
  int plan_at;                   /* answer count the plan starts at */
  int plan_len;
  uint64_t key;                  /* checks the plan belongs to this game */
} ai_player;

int ai_from_name(const char *s);       /* -1 if unknown */
const char *ai_name(int kind);
void ai_init(ai_player *a, int kind, const ai_budget *b);
/* The option index the AI picks for the pending decision; seed makes the
** pick reproducible (the caller derives it from the game and the answer
** count, so a resumed game picks as the original would have). */
int ai_pick(ai_player *a, ark_game *g, uint64_t seed);

/* A rough value of the position for player p (used by greedy and by
** mcts to evaluate the end of a rollout). */
double ai_value(const ark_game *g, int p);

/* splitmix64 step */
uint64_t ai_rand(uint64_t *x);

int ai_greedy(ai_player *a, ark_game *g, uint64_t seed);
/* The greedy value of each option of the pending decision (v[noptions])
** and the answers it would give for the rest of the turn after each
** (plans may be NULL). */
void ai_greedy_values(ark_game *g, double *v, int (*plans)[AI_PLAN_MAX], int *lens,
                      uint64_t *rng);
int ai_mcts(ai_player *a, ark_game *g, uint64_t seed);
/* The greedy's cheap choice for a decision without any search (used in
** rollouts and to finish a turn when evaluating an option). */
int ai_quick(const ark_game *g, uint64_t *rng);

#endif
