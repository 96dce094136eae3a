/*
** bench_games.c - speed of the engine on one core.  Numbers only; nothing
** here asserts a time.
**
**   ark_bench [--games N] [--ai random|greedy|mcts] [--players P] [--map ID]
**             [--seed S] [--hashes FILE] [--clones]
**
** random: N random-vs-random games, games and decisions per second.
** greedy: N greedy-vs-greedy games, games per second and clones per game.
** mcts:   N games of mcts (default budget) in seat 1 against greedy.
** --clones also times ark_game_clone (and its free) at every decision of
** the random games.  --hashes writes "seed turns log-hash" per game, so
** that two builds can be shown to play the same games.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "ai.h"
#include "ark.h"
#include "game.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(FILE *f) {
  fprintf(f,
    "usage: ark_bench [--games N] [--ai random|greedy|mcts] [--players P]\n"
    "                 [--map ID] [--seed S] [--hashes FILE] [--clones]\n"
    "Plays N seeded games on one core (default 10000 random games, 2 players,\n"
    "map A) and reports games and decisions per second and peak memory.\n"
    "  --ai greedy   greedy against greedy (default 20 games)\n"
    "  --ai mcts     mcts (default budget) in seat 1 against greedy (default 3)\n"
    "  --clones      also time ark_game_clone at every decision (random games)\n"
    "  --hashes F    write 'seed turns log-hash' per game to F\n");
}

/* The AIs' seed for a decision, as the host derives it (host/opts.c). */
static uint64_t pick_seed(uint64_t ai_seed, int n) {
  uint64_t x = ai_seed ^ ((uint64_t)n * 0x9e3779b97f4a7c15ULL);
  return ai_rand(&x);
}

typedef struct bench {
  int ai;                       /* AI_RANDOM, AI_GREEDY, AI_MCTS */
  int clones;
  long decisions, clone_n[2];
  /* [view][replayed]: clone + free of the game (view 0) or of a search
  ** view of it (1), at a decision that ended its step (0) or not (1) */
  double clone_s[2][2];
} bench;

static void time_clone(bench *b, const ark_game *g) {
  int k = !g->cont;               /* does the clone replay Lua? */
  ark_game *v = ark_game_search_view(g, ark_game_decision(g)->player, 1);
  for (int w = 0; w < 2; w++) {
    double t0 = now();
    ark_game *c = ark_game_clone(w ? v : g);
    ark_game_free(c);
    b->clone_s[w][k] += now() - t0;
  }
  ark_game_free(v);
  b->clone_n[k]++;
}

static int play(bench *b, ark_game *g, uint64_t seed) {
  char msg[256];
  ai_player ai[4];
  uint64_t rng = seed;
  for (int p = 0; p < 4; p++)
    ai_init(&ai[p], b->ai == AI_MCTS && p > 0 ? AI_GREEDY : b->ai, NULL);
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    int pick;
    if (b->clones) time_clone(b, g);
    if (b->ai == AI_RANDOM) pick = (int)(ai_rand(&rng) % (uint64_t)d->noptions);
    else pick = ai_pick(&ai[d->player], g, pick_seed(seed, ark_game_nanswers(g)));
    if (ark_game_answer(g, pick, msg, sizeof msg) != ARK_OK) break;
    b->decisions++;
  }
  return ark_game_process(g);
}

int main(int argc, char **argv) {
  ark_config cfg;
  long games = -1;
  uint64_t seed0 = 1;
  const char *hashes = NULL;
  bench b = { AI_RANDOM, 0, 0, { 0, 0 }, { { 0, 0 }, { 0, 0 } } };
  FILE *hf = NULL;
  ark_config_init(&cfg);
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) { usage(stdout); return 0; }
    if (!strcmp(argv[i], "--clones")) { b.clones = 1; continue; }
    if (i + 1 >= argc) { usage(stderr); return 2; }
    if (!strcmp(argv[i], "--games")) games = atol(argv[++i]);
    else if (!strcmp(argv[i], "--players")) cfg.players = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--map")) cfg.map = argv[++i];
    else if (!strcmp(argv[i], "--seed")) seed0 = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--hashes")) hashes = argv[++i];
    else if (!strcmp(argv[i], "--ai")) {
      b.ai = ai_from_name(argv[++i]);
      if (b.ai != AI_RANDOM && b.ai != AI_GREEDY && b.ai != AI_MCTS) {
        fprintf(stderr, "ark_bench: --ai takes random, greedy or mcts, not '%s'\n", argv[i]);
        return 2;
      }
    } else { usage(stderr); return 2; }
  }
  if (games < 0) games = b.ai == AI_RANDOM ? 10000 : b.ai == AI_GREEDY ? 20 : 3;
  if (hashes && !(hf = fopen(hashes, "w"))) {
    perror(hashes);
    return 1;
  }
  char msg[4096];
  ark_game *proto;
  double t0 = now();
  if (ark_game_new(&cfg, &proto, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "ark_bench: %s\n", msg);
    return 1;
  }
  double load = now() - t0;
  long errors = 0, capped = 0, turns = 0;
  t0 = now();
  double c0 = cpu_now();
  for (long k = 0; k < games; k++) {
    ark_game *g;
    cfg.seed = seed0 + (uint64_t)k;
    if (ark_game_new_like(proto, &cfg, &g, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "ark_bench: %s\n", msg);
      return 1;
    }
    if (play(&b, g, cfg.seed) == ARK_ERROR && errors++ < 5)
      fprintf(stderr, "seed %llu: %s\n", (unsigned long long)cfg.seed, ark_game_error(g));
    capped += ark_game_capped(g);
    turns += ark_game_turns(g);
    if (hf)
      fprintf(hf, "%llu %d %016llx\n", (unsigned long long)cfg.seed, ark_game_turns(g),
              (unsigned long long)ark_game_log_hash(g));
    ark_game_free(g);
    if (b.ai != AI_RANDOM || (games >= 100 && (k + 1) % (games / 10) == 0))
      fprintf(stderr, "\r%ld/%ld games", k + 1, games);
  }
  double dt = now() - t0, cpu = cpu_now() - c0;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  if (hf) fclose(hf);
  fprintf(stderr, "\n");
  printf("games %ld (%s), players %d, map %s\n", games, ai_name(b.ai), cfg.players,
         cfg.map ? cfg.map : "A");
  printf("errors %ld, stopped by turn cap %ld\n", errors, capped);
  printf("content load %.3f s\n", load);
  printf("time %.2f s (cpu %.2f s), %.2f games/s, %.2f s cpu/game, %.0f decisions/s, "
         "%.1f turns/game\n", dt, cpu, (double)games / dt, cpu / (double)games,
         (double)b.decisions / dt, (double)turns / (double)games);
  if (b.clones) {
    printf("clone + free, state %zu bytes, game %zu bytes:\n", sizeof(ark_state),
           sizeof(struct ark_game));
    for (int k = 0; k < 2; k++)
      printf("  %-44s %5.2f us, search view %5.2f us (%ld)\n",
             k ? "in a running step (replays its answers):"
               : "at a decision that ended its step (a copy):",
             b.clone_s[0][k] / (double)b.clone_n[k] * 1e6,
             b.clone_s[1][k] / (double)b.clone_n[k] * 1e6, b.clone_n[k]);
  }
  printf("peak memory %ld KiB\n", ru.ru_maxrss);
  ark_game_free(proto);
  return errors ? 1 : 0;
}
