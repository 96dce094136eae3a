/*
** bench_games.c - speed of the engine: N random-vs-random games on one
** core, reporting games per second, decisions per second and peak memory.
** Numbers only; nothing here asserts a time.
**
**   ark_bench [--games N] [--players P] [--map ID] [--seed S]
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "ark.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void usage(void) {
  printf("usage: ark_bench [--games N] [--players P] [--map ID] [--seed S]\n"
         "Plays N random-vs-random games (default 10000, 2 players, map A) and\n"
         "reports games per second, decisions per second and peak memory.\n");
}

int main(int argc, char **argv) {
  ark_config cfg;
  long games = 10000;
  uint64_t seed0 = 1;
  ark_config_init(&cfg);
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) { usage(); return 0; }
    if (i + 1 >= argc) { usage(); return 2; }
    if (!strcmp(argv[i], "--games")) games = atol(argv[++i]);
    else if (!strcmp(argv[i], "--players")) cfg.players = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--map")) cfg.map = argv[++i];
    else if (!strcmp(argv[i], "--seed")) seed0 = strtoull(argv[++i], NULL, 10);
    else { usage(); return 2; }
  }
  char msg[4096];
  ark_game *proto;
  double t0 = now();
  if (ark_game_new(&cfg, &proto, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "ark_bench: %s\n", msg);
    return 1;
  }
  double load = now() - t0;
  long errors = 0, capped = 0, decisions = 0, turns = 0;
  t0 = now();
  for (long k = 0; k < games; k++) {
    ark_game *g;
    cfg.seed = seed0 + (uint64_t)k;
    if (ark_game_new_like(proto, &cfg, &g, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "ark_bench: %s\n", msg);
      return 1;
    }
    uint64_t rng = cfg.seed;
    while (ark_game_process(g) == ARK_AWAITING) {
      const ark_decision *d = ark_game_decision(g);
      ark_game_answer(g, (int)(next(&rng) % (uint64_t)d->noptions), msg, sizeof msg);
      decisions++;
    }
    if (ark_game_process(g) == ARK_ERROR) {
      if (errors++ < 5) fprintf(stderr, "seed %llu: %s\n", (unsigned long long)cfg.seed, ark_game_error(g));
    }
    capped += ark_game_capped(g);
    turns += ark_game_turns(g);
    ark_game_free(g);
    if (games >= 100 && (k + 1) % (games / 10) == 0)
      fprintf(stderr, "\r%ld/%ld games", k + 1, games);
  }
  double dt = now() - t0;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  fprintf(stderr, "\n");
  printf("games %ld, players %d, map %s\n", games, cfg.players, cfg.map ? cfg.map : "A");
  printf("errors %ld, stopped by turn cap %ld\n", errors, capped);
  printf("content load %.3f s\n", load);
  printf("time %.2f s, %.1f games/s, %.0f decisions/s, %.1f turns/game\n", dt,
         (double)games / dt, (double)decisions / dt, (double)turns / (double)games);
  printf("peak memory %ld KiB\n", ru.ru_maxrss);
  ark_game_free(proto);
  return errors ? 1 : 0;
}
