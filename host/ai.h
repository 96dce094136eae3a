/*
** ai.h - computer players behind the decision API.
*/
#ifndef ARK_AI_H
#define ARK_AI_H

#include <stdint.h>
#include "ark.h"

typedef enum { AI_RANDOM, AI_GREEDY } ai_kind;

int ai_from_name(const char *s);       /* -1 if unknown */
const char *ai_name(int kind);
/* The option index the AI picks for the pending decision. */
int ai_pick(int kind, ark_game *g, uint64_t *rng);

#endif
