/*
** bench_games.c - speed of the engine.  Numbers only; nothing here asserts
** a time.
**
**   ark_bench [--games N] [--ai random|greedy|mcts] [--players P] [--map ID]
**             [--seed S] [--threads T] [--hashes FILE] [--clones] [--no-recall]
**             [--by-decision]
**   ark_bench --suite [--quick]
**
** random: N random-vs-random games, games and decisions per second.
** greedy: N greedy-vs-greedy games.  mcts: mcts (default budget) in seat 1
** against greedy.  --threads plays the games on T threads, one loaded
** content each (as `arknova sim` does).  --clones also times
** ark_game_clone (and its free) at every decision of the games.
** --by-decision times each answer and the options of the decision it
** leads to, summed by the answered decision's tag.  --hashes
** writes "seed turns log-hash" per game, so that two builds can be shown to
** play the same games.  --suite measures every row of bench/README.md.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "ai.h"
#include "ark.h"
#include "game.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(FILE *f) {
  fprintf(f,
    "usage: ark_bench [--games N] [--ai random|greedy|mcts] [--players P]\n"
    "                 [--map ID] [--seed S] [--threads T] [--hashes FILE] [--clones]\n"
    "                 [--by-decision]\n"
    "       ark_bench --suite [--quick]\n"
    "Plays N seeded games (default 10000 random games, 2 players, map A, one\n"
    "thread) and reports games and decisions per second, peak memory and, for\n"
    "the AIs, how many of their clones replayed a running step and how many\n"
    "values and queries were given again.\n"
    "  --ai greedy   greedy against greedy (default 20 games)\n"
    "  --ai mcts     mcts (default budget) in seat 1 against greedy (default 3)\n"
    "  --threads T   play the games on T threads, one loaded content each\n"
    "  --clones      also time ark_game_clone at every decision\n"
    "  --by-decision time each answer (running the game to its next decision)\n"
    "                and that decision's options, by the answered decision's tag\n"
    "  --no-recall   value every position anew (no kept values, ark_recall)\n"
    "  --hashes F    write 'seed turns log-hash' per game to F\n"
    "  --suite       every figure of bench/README.md, one after the other\n"
    "                (about two minutes; --quick: fewer games, less precise)\n");
}

/* The AIs' seed for a decision, as the host derives it (host/opts.c). */
static uint64_t pick_seed(uint64_t ai_seed, int n) {
  uint64_t x = ai_seed ^ ((uint64_t)n * 0x9e3779b97f4a7c15ULL);
  return ai_rand(&x);
}

/* Replayed clones per decision tag: which sub-decisions make the clones
** dear (search views, the AIs' kind). */
#define TAGS 64
typedef struct tag_cost {
  char tag[32];
  long n;
  double s;
} tag_cost;

typedef struct run {
  /* what to play */
  ark_config cfg;
  int ai;                       /* AI_RANDOM, AI_GREEDY, AI_MCTS */
  int clones;
  int by_decision;              /* --by-decision */
  int no_recall;                /* --no-recall: values not kept (ark_recall) */
  long games;
  uint64_t seed0;
  int threads;
  FILE *hashes;
  /* what it gave (summed over threads) */
  long decisions, errors, capped, turns;
  long recall_hits, recall_misses, query_hits, query_misses, clone_copies, clone_replays;
  long clone_n[2];
  double live_bytes;            /* of the states cloned: what a copy copies */
  tag_cost tags[TAGS];
  tag_cost answers[TAGS], options[TAGS];    /* --by-decision */
  /* [view][replayed]: clone + free of the game (view 0) or of a search
  ** view of it (1), at a decision that ended its step (0) or not (1) */
  double clone_s[2][2];
  double seconds;
  pthread_mutex_t lock;
  long next;                    /* next game to hand out */
  int tty;                      /* stderr is a terminal: progress on one line */
} run;

typedef struct tally {
  long decisions, clone_n[2];
  double clone_s[2][2], live_bytes;
  tag_cost tags[TAGS], answers[TAGS], options[TAGS];
} tally;

static void add_tag(tag_cost *tags, const char *tag, long n, double s) {
  for (int i = 0; i < TAGS; i++)
    if (!tags[i].n || !strncmp(tags[i].tag, tag, sizeof tags[i].tag - 1)) {
      if (!tags[i].n) snprintf(tags[i].tag, sizeof tags[i].tag, "%s", tag);
      tags[i].n += n;
      tags[i].s += s;
      return;
    }
}

static void time_clone(tally *t, const ark_game *g) {
  int k = !g->cont;             /* does the clone replay Lua? */
  ark_game *v = ark_game_search_view(g, ark_game_decision(g)->player, 1);
  for (int w = 0; w < 2; w++) {
    double t0 = now();
    ark_game *c = ark_game_clone(w ? v : g);
    ark_game_free(c);
    t->clone_s[w][k] += now() - t0;
    if (w && k) add_tag(t->tags, ark_game_decision(g)->tag, 1, now() - t0);
  }
  ark_game_free(v);
  t->clone_n[k]++;
  t->live_bytes += (double)ark_state_live_bytes(&g->s);
}

static int play(const run *r, tally *t, ark_game *g, uint64_t seed) {
  char msg[256];
  ai_player ai[4];
  uint64_t rng = seed;
  for (int p = 0; p < 4; p++)
    ai_init(&ai[p], r->ai == AI_MCTS && p > 0 ? AI_GREEDY : r->ai, NULL);
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    int pick;
    if (r->clones) time_clone(t, g);
    if (r->ai == AI_RANDOM) pick = (int)(ai_rand(&rng) % (uint64_t)d->noptions);
    else pick = ai_pick(&ai[d->player], ark_game_gs(g), pick_seed(seed, ark_game_nanswers(g)));
    if (r->by_decision) {
      char tag[32];
      snprintf(tag, sizeof tag, "%s", d->tag);
      double t0 = now();
      if (ark_game_answer(g, pick, msg, sizeof msg) != ARK_OK) break;
      double t1 = now();
      add_tag(t->answers, tag, 1, t1 - t0);
      /* the next decision's options, which a lazy decision works out here */
      if (ark_game_process(g) == ARK_AWAITING)
        add_tag(t->options, ark_game_decision(g)->tag, 1, now() - t1);
      t->decisions++;
      continue;
    }
    if (ark_game_answer(g, pick, msg, sizeof msg) != ARK_OK) break;
    t->decisions++;
  }
  return ark_game_process(g);
}

/* One thread: its own content, games handed out one by one. */
static void *worker(void *arg) {
  run *r = arg;
  char msg[4096];
  ark_game *proto;
  tally t;
  memset(&t, 0, sizeof t);
  ark_config cfg = r->cfg;
  if (ark_game_new(&cfg, &proto, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "ark_bench: %s\n", msg);
    exit(1);
  }
  if (r->no_recall) ark_recall_on(proto, 0);
  for (;;) {
    pthread_mutex_lock(&r->lock);
    long k = r->next++;
    pthread_mutex_unlock(&r->lock);
    if (k >= r->games) break;
    ark_game *g;
    cfg.seed = r->seed0 + (uint64_t)k;
    if (ark_game_new_like(proto, &cfg, &g, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "ark_bench: %s\n", msg);
      exit(1);
    }
    int st = play(r, &t, g, cfg.seed);
    pthread_mutex_lock(&r->lock);
    if (st == ARK_ERROR && r->errors++ < 5)
      fprintf(stderr, "seed %llu: %s\n", (unsigned long long)cfg.seed, ark_game_error(g));
    r->capped += ark_game_capped(g);
    r->turns += ark_game_turns(g);
    if (r->hashes)
      fprintf(r->hashes, "%llu %d %016llx\n", (unsigned long long)cfg.seed, ark_game_turns(g),
              (unsigned long long)ark_game_log_hash(g));
    if (r->ai != AI_RANDOM || (r->games >= 100 && (k + 1) % (r->games / 10) == 0))
      fprintf(stderr, r->tty ? "\r%ld/%ld games" : "%ld/%ld games\n", k + 1, r->games);
    pthread_mutex_unlock(&r->lock);
    ark_game_free(g);
  }
  long hits, misses, qhits, qmisses, copies, replays;
  ark_recall_counts(proto, &hits, &misses);
  ark_recall_query_counts(proto, &qhits, &qmisses);
  ark_clone_counts(proto, &copies, &replays);
  pthread_mutex_lock(&r->lock);
  r->clone_copies += copies;
  r->clone_replays += replays;
  r->recall_hits += hits;
  r->recall_misses += misses;
  r->query_hits += qhits;
  r->query_misses += qmisses;
  r->decisions += t.decisions;
  r->live_bytes += t.live_bytes;
  for (int k = 0; k < 2; k++) {
    r->clone_n[k] += t.clone_n[k];
    for (int w = 0; w < 2; w++) r->clone_s[w][k] += t.clone_s[w][k];
  }
  for (int i = 0; i < TAGS && t.tags[i].n; i++)
    add_tag(r->tags, t.tags[i].tag, t.tags[i].n, t.tags[i].s);
  for (int i = 0; i < TAGS && t.answers[i].n; i++) {
    add_tag(r->answers, t.answers[i].tag, t.answers[i].n, t.answers[i].s);
    add_tag(r->options, t.options[i].tag, t.options[i].n, t.options[i].s);
  }
  pthread_mutex_unlock(&r->lock);
  ark_game_free(proto);
  return NULL;
}

static void run_games(run *r) {
  pthread_t th[64];
  int n = r->threads < 1 ? 1 : r->threads > 64 ? 64 : r->threads;
  pthread_mutex_init(&r->lock, NULL);
  r->next = 0;
  r->tty = isatty(2);          /* a log gets a line per progress report */
  double t0 = now();
  if (n == 1) {
    worker(r);
  } else {
    for (int i = 0; i < n; i++) pthread_create(&th[i], NULL, worker, r);
    for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
  }
  r->seconds = now() - t0;
  pthread_mutex_destroy(&r->lock);
  if (r->tty) fprintf(stderr, "\n");
}

/* The index of the tag of t not yet taken that took the most time in all,
** marked taken (its count negated); -1 when none is left. */
static int take_top(tag_cost *t) {
  int top = -1;
  for (int i = 0; i < TAGS && t[i].n; i++)
    if (t[i].n > 0 && (top < 0 || t[i].s > t[top].s)) top = i;
  if (top >= 0) t[top].n = -t[top].n;
  return top;
}

static void print_clones(const run *r) {
  long n = r->clone_n[0] + r->clone_n[1];
  printf("clone + free, state %zu bytes (live: %.0f on average), game %zu bytes:\n",
         sizeof(ark_state), n ? r->live_bytes / (double)n : 0.0, sizeof(struct ark_game));
  for (int k = 0; k < 2; k++)
    if (r->clone_n[k])
      printf("  %-44s %6.2f us, search view %6.2f us (%ld clones)\n",
             k ? "in a running step (replays its answers):"
               : "at a decision that ended its step (a copy):",
             r->clone_s[0][k] / (double)r->clone_n[k] * 1e6,
             r->clone_s[1][k] / (double)r->clone_n[k] * 1e6, r->clone_n[k]);
  if (n)                        /* what a clone costs where the game happens to be */
    printf("  %-44s %6.2f us, search view %6.2f us (%ld clones)\n",
           "at every decision, on average:",
           (r->clone_s[0][0] + r->clone_s[0][1]) / (double)n * 1e6,
           (r->clone_s[1][0] + r->clone_s[1][1]) / (double)n * 1e6, n);
  /* the replayed ones by the decision they were made at, dearest in all first */
  tag_cost t[TAGS];
  memcpy(t, r->tags, sizeof t);
  printf("  replayed search views by decision (time in all, mean, count):\n");
  for (int k = 0, top; k < 8 && (top = take_top(t)) >= 0; k++)
    printf("    %-24s %7.1f ms %6.2f us %6ld\n", t[top].tag, t[top].s * 1e3,
           t[top].s / (double)-t[top].n * 1e6, -t[top].n);
}

/* The n tags of t that took the most time in all, each as a share of
** `all`. */
static void print_top(const tag_cost *tags, int n, double all) {
  tag_cost t[TAGS];
  memcpy(t, tags, sizeof t);
  for (int k = 0, top; k < n && (top = take_top(t)) >= 0; k++)
    printf("    %-24s %5.1f%% %7.2f us %8ld\n", t[top].tag, 100 * t[top].s / all,
           t[top].s / (double)-t[top].n * 1e6, -t[top].n);
}

/* --by-decision: where the time of the games went, as a share of all the
** answers' and options' time. */
static void print_by_decision(const run *r) {
  double all = 0;
  for (int i = 0; i < TAGS; i++) all += r->answers[i].s + r->options[i].s;
  if (all <= 0) return;
  printf("answers, by the decision answered (the game run to its next decision; share,\n"
         "mean, count):\n");
  print_top(r->answers, 10, all);
  printf("options, by the decision offered (worked out when it is asked for):\n");
  print_top(r->options, 5, all);
}

static void init_run(run *r, int ai, long games) {
  memset(r, 0, sizeof *r);
  ark_config_init(&r->cfg);
  r->ai = ai;
  r->games = games;
  r->seed0 = 1;
  r->threads = 1;
}

static const char *lua_name(void) {
#ifdef ARK_LUAJIT
  return "LuaJIT";
#else
  return "Lua 5.4";
#endif
}

/* Every figure of bench/README.md's table, one after the other. */
static int suite(int quick) {
  run r;
  printf("ark_bench --suite%s (%s build, 2 players, map A, seeds from 1)\n",
         quick ? " --quick" : "", lua_name());
  init_run(&r, AI_RANDOM, quick ? 40 : 300);
  run_games(&r);
  printf("random play, one thread: %.0f decisions/s, %.1f games/s (%ld games)\n",
         (double)r.decisions / r.seconds, (double)r.games / r.seconds, r.games);
  init_run(&r, AI_RANDOM, quick ? 5 : 20);
  r.clones = 1;
  run_games(&r);
  print_clones(&r);
  /* 20 games a side: with fewer, two threads wait on the longest games
  ** and the ratio reads low (10 games: 1.69x where 20 give 1.83-1.90x) */
  init_run(&r, AI_GREEDY, quick ? 2 : 20);
  run_games(&r);
  double g1 = (double)r.games / r.seconds;
  printf("greedy vs greedy, one thread: %.2f games/s, %.2f s per game (%ld games)\n", g1,
         1 / g1, r.games);
  init_run(&r, AI_GREEDY, quick ? 4 : 20);
  r.threads = 2;
  run_games(&r);
  double g2 = (double)r.games / r.seconds;
  printf("greedy vs greedy, two threads: %.2f games/s, %.2fx one thread\n", g2, g2 / g1);
  printf("  so sim --test-card with 2000 pairs (4000 games) on 2 threads: %.1f min\n",
         4000 / g2 / 60);
  init_run(&r, AI_MCTS, 1);
  run_games(&r);
  printf("mcts (default budget) vs greedy: %.2f s per game (%ld game)\n",
         r.seconds / (double)r.games, r.games);
  return 0;
}

int main(int argc, char **argv) {
  run r;
  const char *hashes = NULL;
  long games = -1;
  int quick = 0, want_suite = 0;
  init_run(&r, AI_RANDOM, 0);
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) { usage(stdout); return 0; }
    if (!strcmp(argv[i], "--clones")) { r.clones = 1; continue; }
    if (!strcmp(argv[i], "--by-decision")) { r.by_decision = 1; continue; }
    if (!strcmp(argv[i], "--no-recall")) { r.no_recall = 1; continue; }
    if (!strcmp(argv[i], "--suite")) { want_suite = 1; continue; }
    if (!strcmp(argv[i], "--quick")) { quick = 1; continue; }
    if (i + 1 >= argc) { usage(stderr); return 2; }
    if (!strcmp(argv[i], "--games")) games = atol(argv[++i]);
    else if (!strcmp(argv[i], "--players")) r.cfg.players = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--map")) r.cfg.map = argv[++i];
    else if (!strcmp(argv[i], "--seed")) r.seed0 = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--threads")) r.threads = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--hashes")) hashes = argv[++i];
    else if (!strcmp(argv[i], "--ai")) {
      r.ai = ai_from_name(argv[++i]);
      if (r.ai != AI_RANDOM && r.ai != AI_GREEDY && r.ai != AI_MCTS) {
        fprintf(stderr, "ark_bench: --ai takes random, greedy or mcts, not '%s'\n", argv[i]);
        return 2;
      }
    } else { usage(stderr); return 2; }
  }
  if (want_suite) return suite(quick);
  r.games = games >= 0 ? games : r.ai == AI_RANDOM ? 10000 : r.ai == AI_GREEDY ? 20 : 3;
  if (hashes && !(r.hashes = fopen(hashes, "w"))) {
    perror(hashes);
    return 1;
  }
  run_games(&r);
  if (r.hashes) fclose(r.hashes);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("games %ld (%s), players %d, map %s, %d thread(s), %s\n", r.games, ai_name(r.ai),
         r.cfg.players, r.cfg.map ? r.cfg.map : "A", r.threads, lua_name());
  printf("errors %ld, stopped by turn cap %ld, decisions %ld\n", r.errors, r.capped,
         r.decisions);
  printf("time %.2f s, %.2f games/s, %.3f s per game, %.0f decisions/s, %.1f turns/game\n",
         r.seconds, (double)r.games / r.seconds, r.seconds / (double)r.games,
         (double)r.decisions / r.seconds, (double)r.turns / (double)r.games);
  if (r.clones) print_clones(&r);
  if (r.by_decision) print_by_decision(&r);
  if (r.clone_copies + r.clone_replays > 0)
    printf("clones made %ld, of them replayed a running step's answers %ld (%.1f%%)%s\n",
           r.clone_copies + r.clone_replays, r.clone_replays,
           100.0 * (double)r.clone_replays / (double)(r.clone_copies + r.clone_replays),
           r.clones ? ", with those --clones timed" : "");
  if (r.recall_hits + r.recall_misses > 0)
    printf("positions valued %ld, of them kept values given again %ld (%.1f%%)\n",
           r.recall_hits + r.recall_misses, r.recall_hits,
           100.0 * (double)r.recall_hits / (double)(r.recall_hits + r.recall_misses));
  if (r.query_hits + r.query_misses > 0)
    printf("queries asked %ld, of them kept results given again %ld (%.1f%%)\n",
           r.query_hits + r.query_misses, r.query_hits,
           100.0 * (double)r.query_hits / (double)(r.query_hits + r.query_misses));
  printf("peak memory %ld KiB\n", ru.ru_maxrss);
  return r.errors ? 1 : 0;
}
