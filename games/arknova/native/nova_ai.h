/*
** nova_ai.h - what Ark Nova tells the engine's AIs (host/ai.c, mcts.c)
** through its interface table (gameif.c): what a position is worth
** (ai_value.c) and a quick choice read from the options (ai_quick.c).
*/
#ifndef ARK_NOVA_AI_H
#define ARK_NOVA_AI_H

#include <stdint.h>
#include "ark.h"
#include "rng.h"

/* How much of the game is left: 1 at the start, 0 when the leader's
** markers cross. */
double nova_time_left(const ark_game *g);
/* Points p's position is worth: the score plus what usually turns into
** score later, weighed with the time left tau (pass the tau of the
** position the decision is taken in, so that gaining score does not lower
** the worth of one's resources).  A finished game: score + 50 for a win. */
double nova_value_at(const ark_game *g, int p, double tau);
double nova_value(const ark_game *g, int p);
/* p's value minus the best other player's. */
double nova_lead_at(const ark_game *g, int p, double tau);
/* What a card's printed gains are worth, in points (a conservation point
** counts 2.5). */
double nova_card_points(const ark_card_view *c);
/* The quick policy: a choice read from the options, no search.  Where the
** rules offered a hand or a building's positions, it reads the cards and
** cells; nova_quick_texts reads only the texts, and chooses the same. */
int nova_quick(const ark_game *g, uint64_t *rng);
int nova_quick_texts(const ark_game *g, uint64_t *rng);
/* A decimal number of an option text as strtol(s, &end, 10) reads it
** (blanks, a sign, digits; past long's range its end): *v and the end, or
** s itself where no number starts. */
const char *nova_read_long(const char *s, long *v);
/* Points subtracted from an option that only passes (an X-token action
** with 5 tokens already). */
double nova_option_penalty(const ark_game *g, int me, const char *opt);

#endif
