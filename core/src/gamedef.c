/*
** gamedef.c - reading a game folder's game.yaml.  Only the few keys the
** engine needs before the game's own loader runs are read here; any other
** key belongs to the game and is left to it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gamedef.h"
#include "yamldoc.h"

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_file(const char *dir, const char *name) {
  char p[1100];
  struct stat st;
  snprintf(p, sizeof p, "%s/%s", dir, name);
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* A whole number in 1..99, or -1. */
static int count_of(const char *s) {
  char *end;
  if (!s || !*s) return -1;
  long v = strtol(s, &end, 10);
  return *end || v < 1 || v > 99 ? -1 : (int)v;
}

static int bad(char *msg, size_t n, const char *file, const yaml_node_t *at, const char *what) {
  snprintf(msg, n, "%s:%d: %s", file, at ? ark_yamldoc_line(at) : 1, what);
  return -1;
}

static int copy_text(char *to, size_t cap, const char *s, char *msg, size_t n, const char *file,
                     const yaml_node_t *at, const char *key) {
  char what[96];
  if (!s || !*s || strlen(s) >= cap) {
    snprintf(what, sizeof what, "%s: expected a text of 1 to %zu characters", key, cap - 1);
    return bad(msg, n, file, at, what);
  }
  memcpy(to, s, strlen(s) + 1);
  return 0;
}

/* `name:` is the word --game takes and records name: lower-case letters,
** digits, '-' and '_' (a title is for people). */
static int check_name(const char *name, char *msg, size_t n, const char *file,
                      const yaml_node_t *at) {
  if (strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-_") == strlen(name)) return 0;
  char what[300];
  snprintf(what, sizeof what, "name: '%.80s' is not one word: the word --game takes, of "
           "lower-case letters, digits, '-' and '_' (title: is the game's name for people)",
           name);
  return bad(msg, n, file, at, what);
}

static int read_players(yaml_document_t *d, yaml_node_t *v, ark_gamedef *g, char *msg, size_t n,
                        const char *file) {
  if (v->type != YAML_MAPPING_NODE)
    return bad(msg, n, file, v, "players: expected {min: N, max: M}");
  for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
    const char *k = ark_yamldoc_scalar(yaml_document_get_node(d, p->key));
    yaml_node_t *x = yaml_document_get_node(d, p->value);
    int c = count_of(ark_yamldoc_scalar(x));
    if (!k || (strcmp(k, "min") && strcmp(k, "max")))
      return bad(msg, n, file, x, "players: only min and max are known");
    if (c < 0) return bad(msg, n, file, x, "players: expected a number from 1 to 99");
    *(k[1] == 'i' ? &g->min_players : &g->max_players) = c;
  }
  if (g->min_players < 1 || g->max_players < g->min_players)
    return bad(msg, n, file, v, "players: needs min and max, with min <= max");
  return 0;
}

static int read_doc(yaml_document_t *d, ark_gamedef *g, char *msg, size_t n, const char *file) {
  yaml_node_t *root = yaml_document_get_root_node(d);
  if (!root || root->type != YAML_MAPPING_NODE)
    return bad(msg, n, file, root, "expected keys name, title, players and module");
  for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
       p++) {
    const char *k = ark_yamldoc_scalar(yaml_document_get_node(d, p->key));
    yaml_node_t *v = yaml_document_get_node(d, p->value);
    int rc = 0;
    if (!k) continue;
    if (!strcmp(k, "name"))
      rc = copy_text(g->name, sizeof g->name, ark_yamldoc_scalar(v), msg, n, file, v, k) ||
           check_name(g->name, msg, n, file, v);
    else if (!strcmp(k, "title"))
      rc = copy_text(g->title, sizeof g->title, ark_yamldoc_scalar(v), msg, n, file, v, k);
    else if (!strcmp(k, "module"))
      rc = copy_text(g->module, sizeof g->module, ark_yamldoc_scalar(v), msg, n, file, v, k);
    else if (!strcmp(k, "players"))
      rc = read_players(d, v, g, msg, n, file);
    if (rc) return rc;
  }
  if (!g->name[0]) return bad(msg, n, file, root, "name: missing");
  if (!g->max_players) return bad(msg, n, file, root, "players: missing");
  return 0;
}

int ark_gamedef_load(const char *dir, ark_gamedef *out, char *msg, size_t n) {
  char file[1100];
  memset(out, 0, sizeof *out);
  if (strlen(dir) >= sizeof out->dir) {
    snprintf(msg, n, "game folder name too long: %s", dir);
    return -1;
  }
  memcpy(out->dir, dir, strlen(dir) + 1);
  snprintf(file, sizeof file, "%s/game.yaml", dir);
  yaml_document_t doc;
  char why[200];
  int line = 0, rc = ark_yamldoc_read(file, &doc, &line, why, sizeof why);
  if (rc > 0) {
    snprintf(msg, n, "%s: not found (a game folder has a game.yaml)", file);
    return -1;
  }
  if (rc < 0) {
    snprintf(msg, n, "%s:%d: %s", file, line, why);
    return -1;
  }
  rc = read_doc(&doc, out, msg, n, file);
  yaml_document_delete(&doc);
  return rc;
}

int ark_gamedef_find(const char *spec, const char *games_root, ark_gamedef *out, char *msg,
                     size_t n) {
  char dir[1100];
  if (strchr(spec, '/') || (is_dir(spec) && has_file(spec, "game.yaml"))) {
    snprintf(dir, sizeof dir, "%s", spec);
  } else {
    snprintf(dir, sizeof dir, "%s/%s", games_root, spec);
    if (!is_dir(dir)) {
      snprintf(msg, n, "no game '%s': no folder %s (give a game's name or its folder)", spec,
               dir);
      return -1;
    }
  }
  return ark_gamedef_load(dir, out, msg, n);
}
