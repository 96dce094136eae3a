/*
** play.c - `arknova play`: one game with AIs, printed as it goes or as a
** summary at the end.
*/
#include <stdio.h>
#include <string.h>
#include "host.h"

static void play_usage(FILE *f) {
  fprintf(f, "usage: arknova play [OPTIONS]\n\n"
             "Plays one game between AIs on the chosen map and prints a summary.\n\n"
             "options:\n%s"
             "  --verbose         print every event of the game\n"
             "  --help            this text\n", host_game_opts_help);
}

int cmd_play(int argc, char **argv) {
  host_opts o;
  host_opts_init(&o);
  for (int i = 1; i < argc; i++) {
    int r = host_parse_game_opt(&o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) continue;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { play_usage(stdout); return 0; }
    if (!strcmp(argv[i], "--verbose") || !strcmp(argv[i], "-v")) { o.verbose = 1; continue; }
    fprintf(stderr, "arknova play: unknown option '%s'\n\n", argv[i]);
    play_usage(stderr);
    return 2;
  }
  ark_game *g;
  char msg[4096];
  if (ark_game_new(&o.cfg, &g, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "arknova: %s\n", msg);
    return 1;
  }
  printf("Ark Nova: %d players on map %s, seed %llu\n", o.cfg.players,
         o.cfg.map ? o.cfg.map : "A", (unsigned long long)o.cfg.seed);
  int pr = host_run_game(g, &o, o.cfg.seed * 7919u + 1);
  if (pr == ARK_ERROR) {
    fprintf(stderr, "arknova: the game stopped: %s\n", ark_game_error(g));
    ark_game_free(g);
    return 1;
  }
  char buf[8192];
  ark_game_describe(g, buf, sizeof buf);
  fputs(buf, stdout);
  host_print_summary(g, &o, stdout);
  ark_game_free(g);
  return 0;
}
