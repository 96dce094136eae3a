/*
** ai.h - computer players behind the decision API: random, greedy (one
** turn of look-ahead with a position value) and mcts (determinized Monte
** Carlo search over clones, a one-level tree over the greedy's best
** actions).
*/
#ifndef ARK_AI_H
#define ARK_AI_H

#include <stdint.h>
#include "ark.h"

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
** entry that takes the real game: the AI decides on ark_game_search_view(g,
** seat, ...), a copy holding only what the deciding seat may know.  Every
** other function here expects such a view (or a clone of one). */
int ai_pick(ai_player *a, ark_game *g, uint64_t seed);

/* splitmix64 step */
uint64_t ai_rand(uint64_t *x);
/* Tiny noise (below 0.001) that breaks ties between equal values
** differently each time. */
double ai_jitter(uint64_t *rng);

/* ---- the position value (ai_value.c) ---- */

/* How much of the game is left: 1 at the start, 0 when the leader's
** markers cross. */
double ai_time_left(const ark_game *g);
/* Points p's position is worth: the score plus what usually turns into
** score later, weighed with the time left tau (pass the tau of the
** position the decision is taken in, so that gaining score does not lower
** the worth of one's resources).  A finished game: score + 50 for a win. */
double ai_value_at(const ark_game *g, int p, double tau);
double ai_value(const ark_game *g, int p);
/* What a card's printed gains are worth, in points (a conservation point
** counts 2.5). */
double ai_card_points(const ark_card_view *c);
/* p's value minus the best other player's. */
double ai_lead_at(const ark_game *g, int p, double tau);

/* ---- policies (ai.c, ai_quick.c, mcts.c) ---- */

/* The quick policy: a choice read from the option texts, no search. */
int ai_quick(const ark_game *g, uint64_t *rng);
/* The fast policy: for an action decision, the action whose turn finished
** by the quick policy is worth most; other decisions by the quick policy. */
int ai_fast(ark_game *g, uint64_t *rng);
int ai_greedy(ai_player *a, ark_game *g, uint64_t seed);
/* The greedy value of each option of the pending decision (v[noptions])
** and the answers it would give for the rest of the turn after each
** (plans may be NULL). */
void ai_greedy_values(ark_game *g, double *v, ai_plan *plans, uint64_t *rng);
/* Makes a follow `plan` from g's next answer on; ai_planned is its answer
** for g's pending decision, or -1 where the plan has none that fits. */
void ai_follow_plan(ai_player *a, const ark_game *g, const ai_plan *plan);
int ai_planned(ai_player *a, const ark_game *g);
/* Makes a follow `plan` after the answer about to be given to g's pending
** decision (the plan of the option chosen there). */
void ai_adopt_plan(ai_player *a, const ark_game *g, const ai_plan *plan);
/* For g's pending action decision: the best lead (ai_lead_at) that the
** mover reaches by any action, each turn finished by the quick policy. */
double ai_best_turn_lead(ark_game *g, double tau, uint64_t *rng);
int ai_mcts(ai_player *a, ark_game *g, uint64_t seed);

/* The race at the root that every game's search runs (mcts.c, and
** host/luaplay.c for games written in Lua): the greedy's AI_ROOT_KEEP best
** options race in rounds, each round playing every option still in it. */
#define AI_ROOT_KEEP 4
/* The AI_ROOT_KEEP best of the n values v, best first, into child; how many. */
int ai_pick_children(const double *v, int n, int *child);
/* Drops the children clearly below the best so far: res[r * AI_ROOT_KEEP + k]
** is child k's result in round r, all alive children played every round. */
void ai_drop_worse(const double *res, int rounds, int nc, int *alive);

/* ---- pieces of the greedy for measuring programs (bench/lookahead) ---- */

/* Finishes me's turn on c as the greedy does: each of me's sub-decisions
** by ai_best_step, other players' (break discards) by the quick policy. */
void ai_finish_turn(ark_game *c, int me, double tau, uint64_t *rng);
/* The option of c's pending decision that is worth most to me when the
** turn is finished by the quick policy (long lists are sampled). */
int ai_best_step(ark_game *c, int me, double tau, uint64_t *rng);
/* Points subtracted from an option that only passes (an X-token action
** with 5 tokens already). */
double ai_option_penalty(const ark_game *g, int me, const char *opt);

#endif
