/*
** support.h - helpers shared by the cmocka tests.
*/
#ifndef ARK_TEST_SUPPORT_H
#define ARK_TEST_SUPPORT_H

#include <stdint.h>
#include "ark.h"
#include "game.h"

/* A new game from the source tree; fails the test on error. */
ark_game *t_new_game(int players, uint64_t seed, const char *map);
/* Answers with a uniformly random option (own RNG, not the game's). */
int t_random_answer(ark_game *g, uint64_t *rng);
/* Plays random answers to the end; returns ARK_END or ARK_ERROR. */
int t_play_random(ark_game *g, uint64_t rng_seed, int check_invariants);
/* Checks the state invariants; returns NULL or a description. */
const char *t_invariants(ark_game *g);
/* Answers the option whose text contains `needle`; fails if none. */
void t_answer_match(ark_game *g, const char *needle);
/* Does the pending decision have an option containing needle? */
int t_has_option(ark_game *g, const char *needle);
/* Runs process() and asserts a decision with tag is pending for p. */
void t_expect(ark_game *g, const char *tag, int player);
/* Card id by printed number. */
int t_card(ark_game *g, int number);
/* Moves card (by printed number) into p's hand from wherever it is. */
void t_give(ark_game *g, int p, int number);

/* Answers the draft (keeping the last four cards dealt) up to the first
** turn's action decision. */
void t_to_first_turn(ark_game *g);
/* After editing g->s by hand at a decision: recompute icons and run the
** current step again from the edited state, so options reflect it. */
void t_restart(ark_game *g);
/* Moves every card of p's hand to the discard pile. */
void t_clear_hand(ark_game *g, int p);

#endif
