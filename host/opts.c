/*
** opts.c - option parsing shared by the game-running subcommands, running
** one game with AIs, and the end-of-game summary.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "host.h"

const char *const host_game_opts_help =
  "  --players N       2, 3 or 4 players (default 2)\n"
  "  --seed S          game seed (default 1)\n"
  "  --map ID          map for everyone: A (default), 0, 1..8, 1a..8a\n"
  "  --ai LIST         AI per seat, comma separated: random, greedy (default greedy)\n"
  "  --data DIR        folder with cards/ and maps/ (default: the source tree)\n"
  "  --cards DIR       extra card folder (fan cards); may repeat\n"
  "  --maps DIR        extra map folder (fan maps); may repeat\n"
  "  --turn-cap N      stop a game after N turns (default 2000)\n";

void host_opts_init(host_opts *o) {
  memset(o, 0, sizeof *o);
  ark_config_init(&o->cfg);
  for (int i = 0; i < 4; i++) o->ai[i] = AI_GREEDY;
  o->nai = 1;
}

static int need_value(int argc, char **argv, int i) {
  if (i + 1 < argc) return 1;
  fprintf(stderr, "arknova: option %s needs a value\n", argv[i]);
  return 0;
}

static int parse_int(const char *opt, const char *s, long lo, long hi, long *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
    fprintf(stderr, "arknova: %s expects a number from %ld to %ld, got '%s'\n", opt, lo, hi, s);
    return 0;
  }
  *out = v;
  return 1;
}

static int add_dir(const char **dirs, const char *d) {
  for (int k = 0; k < ARK_MAX_DIRS; k++)
    if (!dirs[k]) { dirs[k] = d; return 1; }
  fprintf(stderr, "arknova: at most %d extra folders\n", ARK_MAX_DIRS);
  return 0;
}

static int parse_ai_list(host_opts *o, char *list) {
  int n = 0;
  for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
    int k = ai_from_name(t);
    if (k < 0 || n >= 4) {
      fprintf(stderr, "arknova: --ai expects up to 4 of: random, greedy (got '%s')\n", t);
      return 0;
    }
    o->ai[n++] = k;
  }
  for (int i = n; i < 4 && n > 0; i++) o->ai[i] = o->ai[i % n];
  o->nai = n;
  return n > 0;
}

int host_parse_game_opt(host_opts *o, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  long v;
  if (!strcmp(a, "--players") || !strcmp(a, "--seed") || !strcmp(a, "--turn-cap")) {
    if (!need_value(argc, argv, *i)) return -1;
    const char *val = argv[++*i];
    if (!strcmp(a, "--players")) {
      if (!parse_int(a, val, 2, 4, &v)) return -1;
      o->cfg.players = (int)v;
    } else if (!strcmp(a, "--seed")) {
      char *end;
      o->cfg.seed = strtoull(val, &end, 10);
      if (*end) { fprintf(stderr, "arknova: --seed expects a number, got '%s'\n", val); return -1; }
    } else {
      if (!parse_int(a, val, 1, 1000000, &v)) return -1;
      o->cfg.turn_cap = (int)v;
    }
    return 1;
  }
  if (!strcmp(a, "--map") || !strcmp(a, "--data") || !strcmp(a, "--cards") ||
      !strcmp(a, "--maps") || !strcmp(a, "--ai")) {
    if (!need_value(argc, argv, *i)) return -1;
    char *val = argv[++*i];
    if (!strcmp(a, "--map")) o->cfg.map = val;
    else if (!strcmp(a, "--data")) o->cfg.data_dir = val;
    else if (!strcmp(a, "--cards")) return add_dir(o->cfg.card_dirs, val) ? 1 : -1;
    else if (!strcmp(a, "--maps")) return add_dir(o->cfg.map_dirs, val) ? 1 : -1;
    else return parse_ai_list(o, val) ? 1 : -1;
    return 1;
  }
  return 0;
}

int host_run_game(ark_game *g, const host_opts *o, uint64_t ai_seed) {
  uint64_t rng = ai_seed;
  char msg[256], line[512];
  int shown = 0;
  ark_progress pr;
  while ((pr = ark_game_process(g)) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    int pick = ai_pick(o->ai[d->player], g, &rng);
    if (ark_game_answer(g, pick, msg, sizeof msg) != ARK_OK) break;
    if (o->verbose) {
      for (; shown < ark_game_nevents(g); shown++) {
        ark_event_text(g, ark_game_event(g, shown), line, sizeof line);
        printf("  [t%d] %s\n", ark_game_event(g, shown)->turn, line);
      }
    }
  }
  return ark_game_process(g);
}

void host_print_summary(ark_game *g, const host_opts *o, FILE *f) {
  int n = ark_game_players(g);
  ark_player_view v;
  fprintf(f, "Game over after %d turns (%.1f per player)%s.\n", ark_game_turns(g),
          (double)ark_game_turns(g) / n, ark_game_capped(g) ? " - stopped by the turn cap" : "");
  fprintf(f, "%-6s %-7s %6s %6s %6s %6s %6s %5s %6s %5s\n", "player", "ai", "score", "appeal",
          "cons.", "target", "money", "rep.", "cards", "rank");
  for (int p = 0; p < n; p++) {
    ark_game_player(g, p, &v);
    fprintf(f, "P%-5d %-7s %6d %6d %6d %6d %6d %5d %6d %5d\n", p + 1, ai_name(o->ai[p]),
            v.score, v.appeal, v.conservation, v.target, v.money, v.reputation, v.zoo_cards,
            v.rank);
  }
  for (int p = 0; p < n; p++) {
    ark_game_player(g, p, &v);
    if (v.rank == 1) fprintf(f, "Winner: P%d with %d points.\n", p + 1, v.score);
  }
}
