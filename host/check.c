/*
** check.c - `arknova check`: loads cards, maps and scripts and prints every
** problem as file:line: message; exits 1 when there is any.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "host.h"

static void check_usage(FILE *f) {
  fprintf(f, "usage: arknova check [DIR...] [--data DIR] [--cards DIR] [--maps DIR]\n\n"
             "Validates the card and map YAML files and their Lua scripts: unknown\n"
             "fields, wrong types, unknown icons, keywords and bonuses, duplicate ids,\n"
             "disconnected maps, Lua syntax errors.  Prints file:line: message for\n"
             "each problem and exits with 1 if there is any.\n\n"
             "A DIR holding cards/ or maps/ is checked as a data folder; any other\n"
             "DIR as a folder of extra (fan) cards.  Without arguments, the built-in\n"
             "cards and maps are checked.\n");
}

static int has_sub(const char *dir, const char *sub) {
  char path[2048];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, sub);
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int cmd_check(int argc, char **argv) {
  host_opts o;
  host_opts_init(&o);
  int ncards = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { check_usage(stdout); return 0; }
    int r = host_parse_game_opt(&o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) continue;
    if (argv[i][0] == '-') {
      fprintf(stderr, "arknova check: unknown option '%s'\n\n", argv[i]);
      check_usage(stderr);
      return 2;
    }
    if (has_sub(argv[i], "cards") || has_sub(argv[i], "maps")) o.cfg.data_dir = argv[i];
    else if (ncards < ARK_MAX_DIRS) o.cfg.card_dirs[ncards++] = argv[i];
  }
  for (int k = 0; k < ARK_MAX_DIRS && o.cfg.card_dirs[k]; k++) ncards = k + 1;
  char *report;
  int nerrors;
  ark_check(&o.cfg, &report, &nerrors);
  if (report) fputs(report, stdout);
  free(report);
  if (nerrors) {
    printf("%d problem%s found\n", nerrors, nerrors == 1 ? "" : "s");
    return 1;
  }
  printf("ok: cards, maps and scripts load without problems\n");
  return 0;
}
