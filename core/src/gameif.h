/*
** gameif.h - the one interface every game sits behind for the host's AIs:
** copy, run to the next decision, answer, a seat's view, and what the game
** says a position is worth.  The AIs (host/ai.c, host/mcts.c) know a game
** only through it; the game supplies the table (a game's native module, or
** the Lua-game runtime for games written in Lua alone).
**
** Every game's state begins with an ark_gs, so that a pointer to the
** state is a pointer to its interface as well.
*/
#ifndef ARK_GAMEIF_H
#define ARK_GAMEIF_H

#include <stddef.h>
#include <stdint.h>
#include "decision.h"

typedef struct ark_gi ark_gi;
typedef struct ark_gs {
  const ark_gi *gi;
} ark_gs;

struct ark_gi {
  /* ---- the loop ---- */
  /* A copy for a search: it may leave out the event log. */
  ark_gs *(*clone)(const ark_gs *g);
  /* A copy that will not be copied itself (answered, played on, valued,
  ** freed): it may skip what only its own copies would read (NULL: clone). */
  ark_gs *(*clone_leaf)(const ark_gs *g);
  void (*free)(ark_gs *g);
  ark_progress (*process)(ark_gs *g);
  /* As process, but a game may leave a decision's options unbuilt when
  ** only its tag is read (NULL: process). */
  ark_progress (*process_lazy)(ark_gs *g);
  /* As process_lazy, but it may stop short of beginning a turn, with
  ** ARK_TURN_AHEAD, where beginning it would change nothing that value
  ** reads: a search that values the position where the next turn begins
  ** is spared beginning it.  Processing on begins the turn (NULL:
  ** process_lazy). */
  ark_progress (*process_to_turn)(ark_gs *g);
  const ark_decision *(*decision)(const ark_gs *g);
  /* The pending decision's tag, valid after process_lazy. */
  const char *(*pending_tag)(const ark_gs *g);
  ark_status (*answer)(ark_gs *g, int i, char *msg, size_t n);
  int (*nanswers)(const ark_gs *g);
  int (*players)(const ark_gs *g);
  /* ---- what a seat may know ---- */
  /* A copy holding only what `seat` may know: what it cannot see is dealt
  ** anew from seed (the one entry an AI takes the real game through). */
  ark_gs *(*view)(const ark_gs *g, int seat, uint64_t seed);
  /* A copy of a view with what `seat` cannot see dealt anew once more (a
  ** search's deal; NULL: view). */
  ark_gs *(*deal)(const ark_gs *g, int seat, uint64_t seed);
  /* ---- what the game tells its AIs ---- */
  /* Decisions with this tag begin a seat's turn; the greedy plays the rest
  ** of a turn out before valuing it.  NULL: every decision is valued on
  ** its own, by the seat's lead after it. */
  const char *turn_tag;
  /* Without turns: decisions (of every seat) a search's rollout plays
  ** before it values the position. */
  int rollout_decisions;
  /* How much of the game is left, 1 at the start, 0 at the end (NULL: 1). */
  double (*time_left)(ark_gs *g);
  /* What the position is worth to seat p, in points, weighed with the time
  ** left tau of the position a decision is taken in (a game may make it
  ** p's lead over the others); NAN if the game's own valuing failed. */
  double (*value)(ark_gs *g, int p, double tau);
  /* A finished game: p's score lead over the best other seat (in a game
  ** the seats play against the game itself, p's score) and whether p won;
  ** 0, or -1 if the game could not say. */
  int (*result)(ark_gs *g, int p, double *lead, int *won);
  /* A cheap choice for the pending decision without search (NULL: at
  ** random). */
  int (*quick)(ark_gs *g, uint64_t *rng);
  /* Points taken off an option that only wastes the turn (NULL: none). */
  double (*penalty)(ark_gs *g, int p, int option);
};

#endif
