/*
** sim.c - `arknova sim`: many seeded games on all cores, one JSON line per
** game, and a summary with 95% confidence intervals.
**
** Each worker thread loads its own content (Lua states are not shared
** between threads) and takes the next game number from a shared counter;
** results are written in seed order so the output does not depend on
** thread timing.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ai.h"
#include "host.h"

typedef struct result {
  uint64_t seed;
  int done, error, capped, turns;
  int score[4], rank[4], conservation[4], appeal[4];
  char msg[160];
} result;

typedef struct sim {
  host_opts o;
  uint64_t first_seed;
  long games;
  result *res;
  long next;                   /* next game index to play */
  long finished;
  pthread_mutex_t lock;
} sim;

static void sim_usage(FILE *f) {
  fprintf(f, "usage: arknova sim [OPTIONS]\n\n"
             "Plays many seeded AI games on all cores and summarizes them.\n\n"
             "options:\n%s"
             "  --games N         number of games (default 100)\n"
             "  --seeds A..B      play seeds A to B inclusive (for shards)\n"
             "  --threads N       worker threads (default: all cores)\n"
             "  --out FILE        write one JSON line per game to FILE\n"
             "  --help            this text\n", host_game_opts_help);
}

static long take_next(sim *s) {
  pthread_mutex_lock(&s->lock);
  long i = s->next < s->games ? s->next++ : -1;
  pthread_mutex_unlock(&s->lock);
  return i;
}

static void play_one(sim *s, ark_game *proto, long i) {
  result *r = &s->res[i];
  ark_config cfg = s->o.cfg;
  ark_game *g;
  cfg.seed = r->seed = s->first_seed + (uint64_t)i;
  if (ark_game_new_like(proto, &cfg, &g, r->msg, sizeof r->msg) != ARK_OK) {
    r->error = 1;
    return;
  }
  int pr = host_run_game(g, &s->o, cfg.seed * 2654435761u + 17);
  if (pr == ARK_ERROR) {
    r->error = 1;
    snprintf(r->msg, sizeof r->msg, "%s", ark_game_error(g));
  }
  r->capped = ark_game_capped(g);
  r->turns = ark_game_turns(g);
  for (int p = 0; p < cfg.players; p++) {
    ark_player_view v;
    ark_game_player(g, p, &v);
    r->score[p] = v.score;
    r->rank[p] = v.rank;
    r->conservation[p] = v.conservation;
    r->appeal[p] = v.appeal;
  }
  ark_game_free(g);
}

static void *worker(void *arg) {
  sim *s = arg;
  ark_game *proto;
  char msg[4096];
  if (ark_game_new(&s->o.cfg, &proto, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "arknova sim: %s\n", msg);
    return NULL;
  }
  long i;
  while ((i = take_next(s)) >= 0) {
    play_one(s, proto, i);
    pthread_mutex_lock(&s->lock);
    s->res[i].done = 1;
    long f = ++s->finished;
    pthread_mutex_unlock(&s->lock);
    if (isatty(2) || f == s->games || f % 50 == 0) {
      int width = 30, fill = (int)(width * f / s->games);
      fprintf(stderr, "\r[%.*s%*s] %ld/%ld games", fill, "##############################",
              width - fill, "", f, s->games);
    }
  }
  ark_game_free(proto);
  return NULL;
}

static void write_json(const sim *s, FILE *f) {
  int n = s->o.cfg.players;
  for (long i = 0; i < s->games; i++) {
    const result *r = &s->res[i];
    fprintf(f, "{\"seed\":%llu,\"players\":%d,\"map\":\"%s\",\"ai\":[", (unsigned long long)r->seed,
            n, s->o.cfg.map ? s->o.cfg.map : "A");
    for (int p = 0; p < n; p++) fprintf(f, "%s\"%s\"", p ? "," : "", ai_name(s->o.ai[p]));
    fprintf(f, "],\"scores\":[");
    for (int p = 0; p < n; p++) fprintf(f, "%s%d", p ? "," : "", r->score[p]);
    fprintf(f, "],\"ranks\":[");
    for (int p = 0; p < n; p++) fprintf(f, "%s%d", p ? "," : "", r->rank[p]);
    fprintf(f, "],\"turns\":%d,\"capped\":%s,\"error\":%s}\n", r->turns,
            r->capped ? "true" : "false", r->error ? "true" : "false");
  }
}

/* Wilson score interval for a proportion. */
static void wilson(double wins, double n, double *lo, double *hi) {
  const double z = 1.96;
  if (n <= 0) { *lo = *hi = 0; return; }
  double p = wins / n, d = 1 + z * z / n;
  double c = (p + z * z / (2 * n)) / d;
  double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  *lo = c - h;
  *hi = c + h;
}

static void summary(const sim *s, double secs) {
  int n = s->o.cfg.players;
  long ok = 0, errors = 0, capped = 0;
  double turns = 0, wins[4] = { 0 }, sum[4] = { 0 }, sq[4] = { 0 };
  for (long i = 0; i < s->games; i++) {
    const result *r = &s->res[i];
    if (r->error) {
      if (errors++ < 3) fprintf(stderr, "seed %llu: %s\n", (unsigned long long)r->seed, r->msg);
      continue;
    }
    ok++;
    capped += r->capped;
    turns += r->turns;
    for (int p = 0; p < n; p++) {
      /* a shared first place counts as a win for each sharer */
      if (r->rank[p] == 1) wins[p] += 1;
      sum[p] += r->score[p];
      sq[p] += (double)r->score[p] * r->score[p];
    }
  }
  printf("%ld games (%ld errors, %ld stopped by the turn cap) in %.1f s, %.1f games/s\n",
         s->games, errors, capped, secs, (double)s->games / (secs > 0 ? secs : 1));
  if (!ok) return;
  printf("average length: %.1f turns, %.1f per player\n", turns / ok, turns / ok / n);
  printf("%-5s %-7s %8s %17s %8s %8s\n", "seat", "ai", "win %", "95% CI", "score", "sd");
  for (int p = 0; p < n; p++) {
    double lo, hi, mean = sum[p] / ok;
    wilson(wins[p], (double)ok, &lo, &hi);
    printf("P%-4d %-7s %7.1f%% [%5.1f%%, %5.1f%%] %8.1f %8.1f\n", p + 1, ai_name(s->o.ai[p]),
           100 * wins[p] / ok, 100 * lo, 100 * hi, mean, sqrt(fmax(0, sq[p] / ok - mean * mean)));
  }
}

int cmd_sim(int argc, char **argv) {
  sim s;
  memset(&s, 0, sizeof s);
  host_opts_init(&s.o);
  s.games = 100;
  s.first_seed = 1;
  long threads = sysconf(_SC_NPROCESSORS_ONLN);
  const char *out = NULL;
  for (int i = 1; i < argc; i++) {
    int r = host_parse_game_opt(&s.o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) continue;
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { sim_usage(stdout); return 0; }
    if (i + 1 >= argc) {
      fprintf(stderr, "arknova sim: unknown option or missing value '%s'\n\n", a);
      sim_usage(stderr);
      return 2;
    }
    const char *v = argv[++i];
    if (!strcmp(a, "--games")) s.games = atol(v);
    else if (!strcmp(a, "--threads")) threads = atol(v);
    else if (!strcmp(a, "--out")) out = v;
    else if (!strcmp(a, "--seeds")) {
      unsigned long long lo, hi;
      if (sscanf(v, "%llu..%llu", &lo, &hi) != 2 || hi < lo) {
        fprintf(stderr, "arknova sim: --seeds expects A..B with A <= B, got '%s'\n", v);
        return 2;
      }
      s.first_seed = lo;
      s.games = (long)(hi - lo + 1);
    } else {
      fprintf(stderr, "arknova sim: unknown option '%s'\n\n", a);
      sim_usage(stderr);
      return 2;
    }
  }
  if (s.games < 1 || threads < 1) {
    fprintf(stderr, "arknova sim: --games and --threads must be positive\n");
    return 2;
  }
  if (threads > s.games) threads = s.games;
  s.res = calloc((size_t)s.games, sizeof *s.res);
  pthread_t *tid = calloc((size_t)threads, sizeof *tid);
  if (!s.res || !tid) {
    fprintf(stderr, "arknova sim: out of memory\n");
    return 1;
  }
  pthread_mutex_init(&s.lock, NULL);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long t = 0; t < threads; t++) pthread_create(&tid[t], NULL, worker, &s);
  for (long t = 0; t < threads; t++) pthread_join(tid[t], NULL);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fprintf(stderr, "\n");
  int rc = 0;
  if (s.finished < s.games) {
    fprintf(stderr, "arknova sim: only %ld of %ld games ran\n", s.finished, s.games);
    rc = 1;
  }
  if (out) {
    FILE *f = fopen(out, "w");
    if (!f) {
      fprintf(stderr, "arknova sim: cannot write %s\n", out);
      rc = 1;
    } else {
      write_json(&s, f);
      fclose(f);
    }
  }
  summary(&s, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
  pthread_mutex_destroy(&s.lock);
  free(s.res);
  free(tid);
  return rc;
}
