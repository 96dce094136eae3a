/*
** luaplay.c - play and sim for games written in Lua alone (module: lua in
** their game.yaml, core/src/luagame.h).  The AIs see such a game only
** through the loop and the rules' numbers: random picks any option, greedy
** tries each option on a copy and keeps the one whose next position its
** rules value most above the best other seat.
*/
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "host.h"
#include "luagame.h"

#define LP_STATS 24

static double lp_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* What seat p's position is worth against the best other seat. */
static double edge_of(ark_lg *g, int p, int *failed) {
  char msg[512];
  double best_other = -INFINITY, mine = 0, v;
  for (int q = 0; q < ark_lg_players(g); q++) {
    if (ark_lg_value(g, q, &v, msg, sizeof msg)) {
      *failed = 1;
      return -INFINITY;
    }
    if (q == p) mine = v;
    else if (v > best_other) best_other = v;
  }
  return ark_lg_players(g) > 1 ? mine - best_other : mine;
}

static int greedy_pick(ark_lg *g, uint64_t seed) {
  const ark_decision *d = ark_lg_decision(g);
  int p = d->player, n = d->noptions, pick = 0, ties = 0;
  double best = -INFINITY;
  char msg[256];
  if (n == 1) return 0;
  /* what p may know: hidden cards and others' unrevealed secrets drawn anew */
  ark_lg *view = ark_lg_view(g, p, ai_rand(&seed));
  for (int i = 0; i < n; i++) {
    ark_lg *c = ark_lg_clone(view, 0);
    int failed = 0;
    double v = -INFINITY;
    if (ark_lg_answer(c, i, msg, sizeof msg) == ARK_OK && ark_lg_process(c) != ARK_ERROR)
      v = edge_of(c, p, &failed);
    ark_lg_free(c);
    if (failed) v = -INFINITY;
    if (v > best) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v == best && ai_rand(&seed) % (uint64_t)++ties == 0) {
      pick = i;
    }
  }
  ark_lg_free(view);
  return pick;
}

static int pick_for(ark_lg *g, int kind, uint64_t seed) {
  const ark_decision *d = ark_lg_decision(g);
  if (kind == AI_RANDOM) return (int)(ai_rand(&seed) % (uint64_t)d->noptions);
  return greedy_pick(g, seed);
}

static void print_events(ark_lg *g, int *shown) {
  const ark_log *l = ark_lg_log(g);
  char line[700];
  for (; *shown < l->nev; (*shown)++) {
    const ark_event *e = &l->ev[*shown];
    if (e->type == ARK_LG_EV_ANSWER) continue;
    ark_lg_event_text(g, e, -1, line, sizeof line);
    printf("    [r%d] %s\n", e->turn, line);
  }
}

/* Plays g to its end; the number of decisions, or -1 on an error. */
static long run_game(ark_lg *g, const host_opts *o, uint64_t ai_seed, int verbose) {
  char msg[256];
  int shown = 0;
  long decisions = 0;
  while (ark_lg_process(g) == ARK_AWAITING) {
    if (verbose) print_events(g, &shown);
    const ark_decision *d = ark_lg_decision(g);
    int kind = o->ai[d->player % 4];
    int pick = pick_for(g, kind, host_pick_seed(ai_seed, ark_lg_nanswers(g)));
    if (verbose)
      printf("  P%d %s: %s\n", d->player + 1, d->prompt,
             d->secret ? "(a secret choice)" : d->options[pick]);
    if (ark_lg_answer(g, pick, msg, sizeof msg) != ARK_OK) return -1;
    decisions++;
  }
  if (verbose) print_events(g, &shown);
  return ark_lg_process(g) == ARK_END ? decisions : -1;
}

static ark_lg_def *load_def(const host_opts *o) {
  char msg[4096];
  ark_lg_def *d = ark_lg_def_load(&o->game, msg, sizeof msg);
  if (!d) fprintf(stderr, "arknova: %s:\n%s\n", o->game.dir, msg);
  return d;
}

static void print_table(ark_lg *g, const host_opts *o) {
  char msg[512], names[LP_STATS][32];
  double values[LP_STATS], score;
  int order[8], place[8];
  int n = ark_lg_players(g);
  if (ark_lg_rank(g, order, msg, sizeof msg)) {
    fprintf(stderr, "arknova: %s\n", msg);
    return;
  }
  for (int i = 0; i < n; i++) place[order[i]] = i + 1;
  int k = ark_lg_stats(g, 0, names, values, LP_STATS, msg, sizeof msg);
  printf("player ai       score");
  for (int i = 0; i < k; i++) printf(" %*s", (int)strlen(names[i]) > 5 ? (int)strlen(names[i]) : 5,
                                     names[i]);
  printf("  rank\n");
  for (int p = 0; p < n; p++) {
    ark_lg_score(g, p, &score, msg, sizeof msg);
    printf("P%-5d %-8s %5.0f", p + 1, ai_name(o->ai[p % 4]), score);
    char pn[LP_STATS][32];
    double pv[LP_STATS];
    int pk = ark_lg_stats(g, p, pn, pv, LP_STATS, msg, sizeof msg);
    for (int i = 0; i < k && i < pk; i++)
      printf(" %*g", (int)strlen(names[i]) > 5 ? (int)strlen(names[i]) : 5, pv[i]);
    printf("  %4d\n", place[p]);
  }
  ark_lg_score(g, order[0], &score, msg, sizeof msg);
  printf("Winner: P%d with %.0f points.\n", order[0] + 1, score);
}

int host_lua_play(const host_opts *o) {
  char msg[1024], text[8192];
  ark_lg_def *d = load_def(o);
  ark_lg *g;
  if (!d) return 1;
  ark_status st = ark_lg_new(d, o->cfg.players, o->cfg.seed, &g, msg, sizeof msg);
  ark_lg_def_release(d);
  if (st != ARK_OK) {
    fprintf(stderr, "arknova: %s\n", msg);
    return st == ARK_ERR_CONFIG ? 2 : 1;
  }
  printf("%s: %d player%s, seed %llu\n", o->game.title[0] ? o->game.title : o->game.name,
         o->cfg.players, o->cfg.players == 1 ? "" : "s", (unsigned long long)o->cfg.seed);
  long decisions = run_game(g, o, o->cfg.seed * 7919u + 1, o->verbose);
  if (decisions < 0) {
    fprintf(stderr, "arknova: the game stopped: %s\n", ark_lg_error(g));
    ark_lg_free(g);
    return 1;
  }
  printf("Game over after %d rounds and %ld decisions.\n", ark_lg_rounds(g), decisions);
  if (ark_lg_summary(g, text, sizeof text, msg, sizeof msg) == 0) fputs(text, stdout);
  else fprintf(stderr, "arknova: %s\n", msg);
  print_table(g, o);
  ark_lg_free(g);
  return 0;
}

int host_lua_sim(const host_opts *o, long games, uint64_t first_seed) {
  char msg[1024];
  ark_lg_def *d = load_def(o);
  if (!d) return 1;
  int n = o->cfg.players;
  long wins[8] = { 0 }, errors = 0, decisions = 0, rounds = 0;
  double score_sum[8] = { 0 };
  double t0 = lp_now();
  for (long k = 0; k < games; k++) {
    uint64_t seed = first_seed + (uint64_t)k;
    ark_lg *g;
    if (ark_lg_new(d, n, seed, &g, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "arknova sim: %s\n", msg);
      ark_lg_def_release(d);
      return 1;
    }
    long dn = run_game(g, o, seed * 7919u + 1, 0);
    int order[8];
    if (dn < 0 || ark_lg_rank(g, order, msg, sizeof msg)) {
      if (errors++ < 5)
        fprintf(stderr, "\nseed %llu: %s\n", (unsigned long long)seed,
                dn < 0 ? ark_lg_error(g) : msg);
    } else {
      wins[order[0]]++;
      decisions += dn;
      rounds += ark_lg_rounds(g);
      for (int p = 0; p < n; p++) {
        double s;
        if (ark_lg_score(g, p, &s, msg, sizeof msg) == 0) score_sum[p] += s;
      }
    }
    ark_lg_free(g);
    if (games >= 10 && (k + 1) % (games / 10) == 0)
      fprintf(stderr, "\r%ld/%ld games", k + 1, games);
  }
  double secs = lp_now() - t0;
  if (games >= 10) fprintf(stderr, "\n");
  long ok = games - errors;
  printf("%s: %ld games, %d player%s, seeds %llu..%llu\n",
         o->game.title[0] ? o->game.title : o->game.name, games, n, n == 1 ? "" : "s",
         (unsigned long long)first_seed, (unsigned long long)(first_seed + (uint64_t)games - 1));
  printf("errors %ld, rounds per game %.1f, decisions per game %.1f, %.2f s (%.0f decisions/s)\n",
         errors, ok ? (double)rounds / (double)ok : 0, ok ? (double)decisions / (double)ok : 0,
         secs, secs > 0 ? (double)decisions / secs : 0);
  printf("seat ai       wins   win%%  mean score\n");
  for (int p = 0; p < n; p++)
    printf("P%-3d %-8s %5ld %5.1f%% %11.1f\n", p + 1, ai_name(o->ai[p % 4]), wins[p],
           ok ? 100.0 * (double)wins[p] / (double)ok : 0, ok ? score_sum[p] / (double)ok : 0);
  ark_lg_def_release(d);
  return errors ? 1 : 0;
}
