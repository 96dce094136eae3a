/*
** check.c - `arknova check`: loads cards, maps and scripts and prints every
** problem as file:line: message; exits 1 when there is any, and otherwise
** says what it loaded ("ok: 1 fan card and 1 fan map load without
** problems, scripts included (beside the data folder's ...)").
**
** A folder named on the command line is taken for what it holds:
**   - a data folder (cards/ with the action cards, maps/ with
**     buildings.yaml): checked in place of the built-in data;
**   - a folder with cards/ and/or maps/ but not a whole data folder (a fan
**     pack): its cards/ and maps/ are extra folders beside the built-in data;
**   - a folder of map files (each YAML has a top-level cells: list): an
**     extra map folder;
**   - any other folder: an extra card folder.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "host.h"
#include "luagame.h"

static void check_usage(FILE *f) {
  fprintf(f, "usage: arknova check [DIR...] [--game NAME|DIR] [--data DIR] [--cards DIR]\n"
             "                     [--maps DIR] [--plugin NAME|DIR]\n"
             "                     [--players N] [--option N=V] [--turn-cap N]\n\n"
             "Validates the card and map YAML files and their Lua scripts: unknown\n"
             "fields, wrong types, unknown icons, keywords and bonuses, duplicate ids,\n"
             "disconnected maps, Lua syntax errors.  Prints file:line: message for\n"
             "each problem and exits with 1 if there is any; otherwise prints how\n"
             "many cards and maps loaded, after any warnings (file:line: warning:).\n\n"
             "A DIR that is a whole data folder (cards/ with cards/actions/, maps/\n"
             "with maps/buildings.yaml) is checked instead of the built-in data; a\n"
             "DIR with cards/ or maps/ but not a whole data folder adds them as fan\n"
             "card and map folders; a DIR of map files (top-level cells:) is a fan\n"
             "map folder; a DIR with a plugin.yaml is checked as --plugin DIR; a\n"
             "DIR with a game.yaml is a game of its own: give it as --game DIR; any\n"
             "other DIR a fan card folder.  Without arguments, the built-in cards\n"
             "and maps are checked.\n\n"
             "  --game NAME|DIR   the game whose content is checked (default arknova;\n"
             "                    a game written in Lua checks its cards and rules, and\n"
             "                    plays 2 games of it to find rules that keep state in\n"
             "                    Lua variables)\n"
             "  --data DIR        the data folder checked instead of the game's own\n"
             "  --cards DIR       a fan card folder (may repeat)\n"
             "  --maps DIR        a fan map folder (may repeat)\n"
             "  --plugin NAME|DIR check with a rule plugin loaded, its hooks included (a\n"
             "                    bare NAME is a folder of the game's plugins/)\n"
             "  --players N       a game written in Lua: the players of the 2 games check\n"
             "                    plays (default: the count nearest to 2, then the most)\n"
             "  --option N=V      a game written in Lua: its table track N starts at V in\n"
             "                    those games (a variant it declares); may repeat\n"
             "  --turn-cap N      a game written in Lua: stop each of those games after N\n"
             "                    rounds (default 2000)\n"
             "  --help            this text\n\n"
             "Every map of the data folder and of each --maps DIR is checked, and every\n"
             "card: check takes no --map or --exclude, and no options of the AIs or the\n"
             "seed (its games of a game in Lua play random answers on seeds 1 and 2).\n");
}

static int is_dir(const char *dir, const char *sub) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, sub);
  return host_is_dir(path);
}

static int is_file(const char *dir, const char *sub) {
  char path[4096];
  struct stat st;
  snprintf(path, sizeof path, "%s%s%s", dir, *sub ? "/" : "", sub);
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Has the YAML file a top-level `cells:` key (a map) and no `type:` (a card)? */
static int map_file(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  int cells = 0, type = 0;
  if (!f) return 0;
  while (fgets(line, sizeof line, f)) {
    cells |= !strncmp(line, "cells:", 6);
    type |= !strncmp(line, "type:", 5);
  }
  fclose(f);
  return cells && !type;
}

/* 1 if dir holds YAML files and every one of them (subfolders too) is a
** map file; 0 otherwise.  A buildings.yaml decides nothing: a copy of a
** map folder may hold one, which the map loader warns is not read. */
static int maps_only(const char *dir, int depth, int *nyaml) {
  DIR *d = depth < 8 ? opendir(dir) : NULL;
  struct dirent *e;
  int ok = 1;
  if (!d) return 0;
  while (ok && (e = readdir(d)) != NULL) {
    char path[4096];
    struct stat st;
    size_t len = strlen(e->d_name);
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) ok = maps_only(path, depth + 1, nyaml);
    else if (len > 5 && !strcmp(e->d_name + len - 5, ".yaml") &&
             strcmp(e->d_name, "buildings.yaml")) {
      (*nyaml)++;
      ok = map_file(path);
    }
  }
  closedir(d);
  return ok;
}

static int add(const char **dirs, const char *d) {
  if (host_add_dir(dirs, d)) return 1;
  fprintf(stderr, "arknova check: at most %d card or map folders\n", ARK_MAX_DIRS);
  return 0;
}

static char *joined(const char *dir, const char *sub) {
  size_t n = strlen(dir) + strlen(sub) + 2;
  char *s = malloc(n);
  if (s) snprintf(s, n, "%s/%s", dir, sub);
  return s;
}

static const char *plural(int n, const char *one, const char *many) { return n == 1 ? one : many; }

/* The options of play and sim that check reads with them (host_parse_game_opt)
** but has no use for, and why: given, they were taken and ignored. */
static const char *not_taken(const char *a) {
  static const char *const why[][2] = {
    { "--map", "it checks every map of the data folder and of each fan map folder; a fan map "
               "is checked by naming its folder: --maps DIR" },
    { "--exclude", "it checks every card; --exclude leaves a card out of play's and sim's "
                   "games" },
    { "--seed", "it is play's and sim's; check plays no game of Ark Nova, and a game written "
                "in Lua on seeds 1 and 2" },
  };
  static const char *const ais[] = {
    "--ai", "--mcts-iters", "--mcts-ms", "--rollout", "--rollout-turns", NULL
  };
  for (size_t k = 0; k < sizeof why / sizeof why[0]; k++)
    if (!strcmp(a, why[k][0])) return why[k][1];
  for (int k = 0; ais[k]; k++)
    if (!strcmp(a, ais[k])) return "it chooses the AIs of play and sim; check plays no game of "
                                   "Ark Nova, and a game written in Lua with random answers";
  return NULL;
}

/* 0, or -1 having said why: --players, --option and --turn-cap set the
** games check plays of a game written in Lua, and it plays none of Ark
** Nova's. */
static int lua_only(const host_opts *o, int players, int turn_cap) {
  const char *opt = players ? "--players" : o->noptions ? "--option" : turn_cap ? "--turn-cap"
                                                                                 : NULL;
  if (!opt || host_game_is_lua(o)) return 0;
  fprintf(stderr, "arknova check: %s sets the 2 games check plays of a game written in Lua "
          "(check --game DIR); it plays no game of Ark Nova\n", opt);
  return -1;
}

/* A game written in Lua alone: its declarations, cards and rules load,
** and games of it play the same beside copies of them (check_lua.c). */
static int check_lua_game(const host_opts *o) {
  char msg[8192];
  ark_lg_def *d = ark_lg_def_load(&o->game, msg, sizeof msg);
  if (!d) {
    printf("%s\n", msg);
    return 1;
  }
  int rc = host_check_lua_play(o, d, msg, sizeof msg);
  if (rc == 2)
    fprintf(stderr, "arknova check: %s\n", msg);
  else if (rc)
    printf("%s\n", msg);
  else
    printf("ok: %s: %d %s and the rules load without problems\nok: %s\n", o->game.name,
           ark_lg_def_cards(d), plural(ark_lg_def_cards(d), "card", "cards"), msg);
  ark_lg_def_release(d);
  return rc;
}

int cmd_check(int argc, char **argv) {
  host_opts o;
  host_opts_init(&o);
  char *owned[2 * ARK_MAX_DIRS];
  const char *ignored = NULL;            /* the first option check does not take */
  int nowned = 0, rc = 0, turn_cap = 0;
  for (int i = 1; i < argc && rc == 0; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { check_usage(stdout); return 0; }
    if (!ignored && not_taken(argv[i])) ignored = argv[i];
    turn_cap |= !strcmp(argv[i], "--turn-cap");
    int r = host_parse_game_opt(&o, argc, argv, &i);
    if (r < 0) rc = 2;
    if (r) continue;
    const char *a = argv[i];
    int yaml = 0;
    if (a[0] == '-') {
      fprintf(stderr, "arknova check: unknown option '%s'\n\n", a);
      check_usage(stderr);
      rc = 2;
    } else if (is_file(a, "")) {
      int cut = ark_folder_len(a);
      fprintf(stderr, "arknova check: %s is a file; check takes folders: give the folder that "
              "holds it (%.*s)\n", a, cut ? cut : 1, cut ? a : ".");
      rc = 2;
    } else if (is_file(a, "plugin.yaml")) {            /* as --plugin DIR */
      if (!host_add_dir(o.cfg.plugins, a)) {
        fprintf(stderr, "arknova check: at most %d plugins\n", ARK_MAX_DIRS);
        rc = 2;
      }
    } else if (is_dir(a, "cards/actions") && is_file(a, "maps/buildings.yaml")) {
      o.cfg.data_dir = a;
    } else if (is_file(a, "game.yaml")) {              /* a game of its own: not fan cards */
      fprintf(stderr, "arknova check: %s holds game.yaml, so it is a game of its own: check it "
              "with 'arknova check --game %s'\n", a, a);
      rc = 2;
    } else if (is_dir(a, "cards") || is_dir(a, "maps")) {
      for (int k = 0; k < 2 && rc == 0; k++) {
        const char *sub = k ? "maps" : "cards";
        if (!is_dir(a, sub) || nowned == 2 * ARK_MAX_DIRS) continue;
        owned[nowned] = joined(a, sub);
        if (!owned[nowned] || !add(k ? o.cfg.map_dirs : o.cfg.card_dirs, owned[nowned])) rc = 2;
        nowned += owned[nowned] != NULL;
      }
    } else if (maps_only(a, 0, &yaml) && yaml > 0) {
      if (!add(o.cfg.map_dirs, a)) rc = 2;
    } else if (!add(o.cfg.card_dirs, a)) {
      rc = 2;
    }
  }
  const char *ark = rc == 0 && host_game_is_lua(&o) ? host_lua_ark_option(&o.cfg) : NULL;
  if (ark) {                             /* Ark Nova's folders: nothing reads them */
    char msg[512];
    host_lua_refusal(ark, msg, sizeof msg);
    fprintf(stderr, "arknova check: %s\n", msg);
    rc = 2;
  } else if (rc == 0 && ignored) {
    fprintf(stderr, "arknova check: check takes no %s: %s (its options: arknova check "
            "--help)\n", ignored, not_taken(ignored));
    rc = 2;
  } else if (rc == 0 && (lua_only(&o, o.players_given, turn_cap) ||
                         (host_game_is_lua(&o) && host_check_game_opts(&o, "check")))) {
    rc = 2;
  } else if (rc == 0 && host_game_is_lua(&o)) {
    rc = check_lua_game(&o);
  } else if (rc == 0) {
    char *report;
    int nerrors;
    ark_check(&o.cfg, &report, &nerrors);
    if (report) fputs(report, stdout);
    free(report);
    ark_content_counts n;
    char msg[2048];
    if (nerrors) {
      printf("%d problem%s found\n", nerrors, nerrors == 1 ? "" : "s");
      rc = 1;
    } else if (ark_content_count(&o.cfg, &n, msg, sizeof msg) != 0) {
      printf("%s\n", msg);               /* what check let pass but a game refuses */
      rc = 1;
    } else if (n.extra_cards || n.extra_maps) {
      char fan[128];
      snprintf(fan, sizeof fan, "%d fan %s", n.extra_cards ? n.extra_cards : n.extra_maps,
               n.extra_cards ? plural(n.extra_cards, "card", "cards") : plural(n.extra_maps, "map", "maps"));
      if (n.extra_cards && n.extra_maps)
        snprintf(fan + strlen(fan), sizeof fan - strlen(fan), " and %d fan %s", n.extra_maps,
                 plural(n.extra_maps, "map", "maps"));
      printf("ok: %s %s without problems, scripts included (beside the data folder's %d %s "
             "and %d %s)\n", fan, n.extra_cards + n.extra_maps == 1 ? "loads" : "load",
             n.cards - n.extra_cards, plural(n.cards - n.extra_cards, "card", "cards"),
             n.maps - n.extra_maps, plural(n.maps - n.extra_maps, "map", "maps"));
    } else {
      printf("ok: %d %s and %d %s load without problems, scripts included\n", n.cards,
             plural(n.cards, "card", "cards"), n.maps, plural(n.maps, "map", "maps"));
    }
    for (int k = 0; rc == 0 && k < ARK_MAX_DIRS && o.cfg.plugins[k]; k++)
      printf("  with the plugin %s\n", o.cfg.plugins[k]);
  }
  for (int k = 0; k < nowned; k++) free(owned[k]);
  return rc;
}
