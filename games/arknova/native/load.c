/*
** load.c - assembling a content from folders: the data folder (cards/,
** maps/, maps/buildings.yaml) plus the extra card and map folders of the
** configuration, then the Lua state.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ark.h"
#include "content.h"
#include "lua_bridge.h"
#include "places.h"

#ifndef ARK_GAME_DIR
#define ARK_GAME_DIR "."
#endif

static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Copies the first lines of the content's error list into msg. */
static void first_errors(const ark_content *c, char *msg, size_t n) {
  const int shown = 10;
  int lines = 0;
  size_t i = 0;
  while (c->errors && c->errors[i] && lines < shown) {
    if (c->errors[i] == '\n') lines++;
    i++;
  }
  snprintf(msg, n, "%d problem%s in the content:\n%.*s%s", c->nerrors,
           c->nerrors == 1 ? "" : "s", (int)i, c->errors ? c->errors : "",
           c->nerrors > shown ? "...\n" : "");
}

static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

int ark_folder_len(const char *path) {
  size_t len = strlen(path);
  while (len > 1 && path[len - 1] == '/') len--;
  size_t cut = len;
  while (cut > 0 && path[cut - 1] != '/') cut--;
  while (cut > 1 && path[cut - 1] == '/') cut--;   /* the slashes before the name */
  return (int)cut;
}

/* "<what> folder: PATH is a file; give the folder that holds it (DIR)",
** as `arknova check` says of a file named in the place of a folder. */
static void file_for_folder(const char *path, const char *what, char *msg, size_t n) {
  int cut = ark_folder_len(path);
  snprintf(msg, n, "%s folder: %s is a file; give the folder that holds it (%.*s)", what, path,
           cut ? cut : 1, cut ? path : ".");
}

/* Are a and b the same folder, however named ("x", "./x/", a link to it)? */
static int same_folder(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

/* Extra folder dirs[i]: read, unless it is the data folder's own (data)
** or one given before it, which would make each of its cards or maps a
** duplicate of itself; the repeat is then left out with a note.  Returns
** whether to read it. */
static int first_time(ark_content *c, const char *const *dirs, int i, const char *data,
                      const char *what) {
  if (same_folder(dirs[i], data)) {
    ark_content_warn(c, dirs[i], 0, "note: this is the data folder's %s folder (%s), given "
                     "again as an extra one; it is read once", what, data);
    return 0;
  }
  for (int k = 0; k < i; k++)
    if (dirs[k] && same_folder(dirs[i], dirs[k])) {
      if (strcmp(dirs[i], dirs[k]))
        ark_content_warn(c, dirs[i], 0, "note: this %s folder was given twice (first as %s); "
                         "it is read once", what, dirs[k]);
      else
        ark_content_warn(c, dirs[i], 0, "note: this %s folder was given twice; it is read "
                         "once", what);
      return 0;
    }
  return 1;
}

static int need_dir(const char *path, const char *what, char *msg, size_t n) {
  if (is_dir(path)) return 0;
  if (is_file(path)) file_for_folder(path, what, msg, n);
  else snprintf(msg, n, "%s folder not found: %s", what, path);
  return -1;
}

/* A folder with a game.yaml is a game of its own (Ares Expedition's, a
** copy of one): read as fan cards, each of its cards would be an error. */
static int not_a_game(const char *dir, const char *what, char *msg, size_t n) {
  char path[1200];
  snprintf(path, sizeof path, "%s/game.yaml", dir);
  if (!is_file(path)) return 0;
  snprintf(msg, n, "extra %s folder: %s holds game.yaml, so it is a game of its own: play it "
           "with --game %s", what, dir, dir);
  return -1;
}

/* Plugins in the configured order: their plugin.yaml (rules), then the
** cards and maps they bring.  Their Lua hooks load with the scripts. */
static void load_plugins(ark_content *c, const ark_config *cfg, const char *data) {
  for (int i = 0; i < ARK_MAX_DIRS; i++) {
    const char *p = cfg->plugins[i];
    char dir[1200];
    if (!p) continue;
    /* a bare name is a folder of the data folder's plugins/ first, so that
    ** a folder of that name where the command runs does not shadow it;
    ** then a folder of the working folder */
    snprintf(dir, sizeof dir, "%s/plugins/%s", data, p);
    if (strchr(p, '/') || !is_dir(dir)) snprintf(dir, sizeof dir, "%s", p);
    if (!is_dir(dir)) {
      char msg[1400];
      if (is_file(p)) {
        file_for_folder(p, "plugin", msg, sizeof msg);
        ark_content_error(c, NULL, 0, "%s", msg);
      } else if (strchr(p, '/')) ark_content_error(c, dir, 0, "plugin folder not found");
      else ark_content_error(c, p, 0, "no plugin of that name: neither %s/plugins/%s nor a "
                             "folder %s here", data, p, p);
      continue;
    }
    int before = c->nplugins;
    ark_yaml_load_plugin(c, dir);
    if (c->nplugins == before) continue;
    const ark_plugin_def *pl = &c->plugins[c->nplugins - 1];
    if (pl->cards_dir) ark_yaml_load_cards(c, pl->cards_dir, 1);
    if (pl->maps_dir) ark_yaml_load_maps(c, pl->maps_dir, 1);
  }
}

/* The data folder (ark.h): a folder that is an engine source tree (saves
** written before the games moved into games/ name it) stands for the Ark
** Nova folder inside it. */
const char *ark_data_folder(const ark_config *cfg, char *buf, size_t n) {
  const char *data = cfg->data_dir ? cfg->data_dir : ARK_GAME_DIR;
  char probe[1100];
  snprintf(probe, sizeof probe, "%s/cards", data);
  if (is_dir(probe)) return data;
  snprintf(probe, sizeof probe, "%s/games/arknova/cards", data);
  if (!is_dir(probe)) return data;
  snprintf(buf, n, "%s/games/arknova", data);
  return buf;
}

/* Builds a content from the folders of cfg; problems are collected in the
** content's error list.  Returns NULL (with msg) only when nothing can be
** loaded at all (a folder is missing, out of memory). */
static ark_content *content_build(const ark_config *cfg, int strict, char *msg,
                                  size_t n) {
  char folder[960];
  const char *data = ark_data_folder(cfg, folder, sizeof folder);
  char cards[1024], maps[1024], buildings[1100];
  if (strlen(data) > 900) {
    snprintf(msg, n, "data folder name too long: %.60s...", data);
    return NULL;
  }
  snprintf(cards, sizeof cards, "%s/cards", data);
  snprintf(maps, sizeof maps, "%s/maps", data);
  snprintf(buildings, sizeof buildings, "%s/buildings.yaml", maps);
  if (is_file(data)) {
    file_for_folder(data, "data", msg, n);
    return NULL;
  }
  if (need_dir(cards, "card", msg, n) || need_dir(maps, "map", msg, n)) return NULL;
  for (int i = 0; i < ARK_MAX_DIRS; i++) {
    if (cfg->card_dirs[i] && (need_dir(cfg->card_dirs[i], "extra card", msg, n) ||
                              not_a_game(cfg->card_dirs[i], "card", msg, n)))
      return NULL;
    if (cfg->map_dirs[i] && (need_dir(cfg->map_dirs[i], "extra map", msg, n) ||
                             not_a_game(cfg->map_dirs[i], "map", msg, n)))
      return NULL;
  }
  ark_content *c = calloc(1, sizeof *c);
  if (!c) {
    snprintf(msg, n, "out of memory");
    return NULL;
  }
  c->refs = 1;
  c->strict = strict;
  ark_ruleset_default(&c->rules);
  c->data_dir = ark_content_str(c, data);
  c->lua_mem_limit = (size_t)(cfg->script_mb > 0 ? cfg->script_mb : 256) << 20;
  c->script_budget = (cfg->script_ms > 0 ? cfg->script_ms : 2000) / 1000.0;
  ark_yaml_load_buildings(c, buildings);
  ark_yaml_load_cards(c, cards, 0);
  for (int i = 0; i < ARK_MAX_DIRS; i++)
    if (cfg->card_dirs[i] && first_time(c, cfg->card_dirs, i, cards, "card"))
      ark_yaml_load_cards(c, cfg->card_dirs[i], 1);
  ark_yaml_load_maps(c, maps, 0);
  for (int i = 0; i < ARK_MAX_DIRS; i++)
    if (cfg->map_dirs[i] && first_time(c, cfg->map_dirs, i, maps, "map"))
      ark_yaml_load_maps(c, cfg->map_dirs[i], 1);
  load_plugins(c, cfg, data);
  ark_content_index(c);        /* no card comes after the plugins' */
  if (c->nerrors == 0) ark_lua_open(c, cards);
  return c;
}

int ark_content_load(const ark_config *cfg, ark_content **out, char *msg,
                     size_t n) {
  *out = NULL;
  ark_content *c = content_build(cfg, 0, msg, n);
  if (!c) return ARK_ERR_CONTENT;
  if (c->nerrors > 0) {
    first_errors(c, msg, n);
    ark_content_release(c);
    return ARK_ERR_CONTENT;
  }
  *out = c;
  return ARK_OK;
}

void ark_content_release(ark_content *c) {
  if (!c || --c->refs > 0) return;
  free(c->recall);
  ark_places_free(c);
  ark_lua_close(c);
  ark_content_free_data(c);
  free(c);
}

ark_status ark_check(const ark_config *cfg, char **report, int *nerrors) {
  char msg[1024];
  ark_content *c = content_build(cfg, 1, msg, sizeof msg);
  *report = NULL;
  *nerrors = 0;
  if (!c) {
    *report = malloc(strlen(msg) + 2);
    if (*report) sprintf(*report, "%s\n", msg);
    *nerrors = 1;
    return ARK_ERR_CONTENT;
  }
  ark_check_script_keywords(c);
  *nerrors = c->nerrors;
  if (c->errors || c->warnings) {   /* the errors, then the warnings */
    *report = malloc(c->errlen + c->warnlen + 1);
    if (*report) {
      if (c->errors) memcpy(*report, c->errors, c->errlen);
      memcpy(*report + c->errlen, c->warnings ? c->warnings : "", c->warnlen + 1);
    }
  }
  ark_content_release(c);
  return *nerrors ? ARK_ERR_CONTENT : ARK_OK;
}
