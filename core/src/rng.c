/*
** rng.c - xoshiro256** seeded through splitmix64 (public-domain algorithms
** by Blackman and Vigna, written here from their description).
*/
#include "rng.h"

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ark_rng_mix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void ark_rng_seed(uint64_t s[4], uint64_t seed) {
  for (int i = 0; i < 4; i++) s[i] = ark_rng_mix(&seed);
}

uint64_t ark_rng_next(uint64_t s[4]) {
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t ark_rng_below(uint64_t s[4], uint32_t n) {
  /* reject the top partial range so every value is equally likely */
  uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do x = ark_rng_next(s); while (x >= limit);
  return (uint32_t)(x % n);
}

uint64_t ark_rng_below64(uint64_t s[4], uint64_t n) {
  uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do x = ark_rng_next(s); while (x >= limit);
  return x % n;
}

void ark_rng_shuffle(uint64_t s[4], int16_t *a, int n) {
  for (int i = n - 1; i > 0; i--) {
    int j = (int)ark_rng_below(s, (uint32_t)i + 1);
    int16_t t = a[i]; a[i] = a[j]; a[j] = t;
  }
}
