/*
** rng.h - the game's only source of chance (xoshiro256**), kept in the
** state so that clones and replays draw the same numbers.
*/
#ifndef ARK_RNG_H
#define ARK_RNG_H

#include <stdint.h>

/* splitmix64: advances *x and returns one well-mixed number (seeds, and
** the AIs' own streams, which must not touch a game's chance). */
uint64_t ark_rng_mix(uint64_t *x);
void ark_rng_seed(uint64_t s[4], uint64_t seed);
uint64_t ark_rng_next(uint64_t s[4]);
/* Uniform integer in [0, n), without modulo bias; n > 0. */
uint32_t ark_rng_below(uint64_t s[4], uint32_t n);
/* The same for any n > 0 up to 2^64 - 1; for n below 2^32 it draws what
** ark_rng_below draws. */
uint64_t ark_rng_below64(uint64_t s[4], uint64_t n);
void ark_rng_shuffle(uint64_t s[4], int16_t *a, int n);

#endif
