/*
** save.c - saved games: the configuration, the seed of the AIs, every
** answer given, and the event-log hash at the time of saving.  A game is
** rebuilt by replaying the answers on a new game with the same
** configuration; the hash proves the rebuild is the same game.  Folders
** are written as absolute paths, so a save resumes from any folder.
**
** The format is line based text, one "key value" per line:
**   arknova-save 1
**   players 2 / seed 7 / map A / turn-cap N / data DIR / cards DIR /
**   maps DIR / plugin P / exclude N / ai P1 greedy / human 1 / ai-seed N
**   setup KEY VALUES            (the setup section of a given deal: deal.h)
**   answers 3 0 12 ...          (any number of such lines, in order)
**   hash 0123456789abcdef       (after the answers; checked on replay)
**   finished 1
*/
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deal.h"
#include "host.h"

void host_save_init(host_save *s) {
  memset(s, 0, sizeof *s);
  host_opts_init(&s->o);
  s->human = -1;
}

void host_save_free(host_save *s) {
  host_deal_free(s->deal);
  free(s->answers);
  for (int i = 0; i < s->nstrings; i++) free(s->strings[i]);
  memset(s, 0, sizeof *s);
}

static int push(host_save *s, int a) {
  if (s->nanswers == s->cap) {
    int cap = s->cap ? 2 * s->cap : 1024;
    int *na = realloc(s->answers, sizeof *na * (size_t)cap);
    if (!na) return -1;
    s->answers = na;
    s->cap = cap;
  }
  s->answers[s->nanswers++] = a;
  return 0;
}

/* A folder as an absolute path when it exists, so that a saved game
** resumes and replays from any working folder; a plugin name (no '/')
** or a folder that is gone stays as given. */
static const char *where(const char *dir, int is_plugin, char *buf) {
  if (is_plugin && !strchr(dir, '/')) return dir;
  return realpath(dir, buf) ? buf : dir;
}

int host_save_write(const char *path, const host_save *s, ark_game *g) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f) return -1;
  const ark_config *c = &s->o.cfg;
  fprintf(f, "arknova-save 1\nplayers %d\nseed %llu\nmap %s\n", c->players,
          (unsigned long long)c->seed, c->map ? c->map : "A");
  if (c->turn_cap) fprintf(f, "turn-cap %d\n", c->turn_cap);
  char abs[PATH_MAX];
  if (c->data_dir) fprintf(f, "data %s\n", where(c->data_dir, 0, abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->card_dirs[k]; k++)
    fprintf(f, "cards %s\n", where(c->card_dirs[k], 0, abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->map_dirs[k]; k++)
    fprintf(f, "maps %s\n", where(c->map_dirs[k], 0, abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->plugins[k]; k++)
    fprintf(f, "plugin %s\n", where(c->plugins[k], 1, abs));
  for (int k = 0; k < ARK_MAX_EXCLUDE && c->exclude[k]; k++) fprintf(f, "exclude %d\n", c->exclude[k]);
  for (int p = 0; p < c->players; p++) fprintf(f, "ai P%d %s\n", p + 1, ai_name(s->o.ai[p]));
  if (s->o.budget.iters) fprintf(f, "mcts-iters %d\n", s->o.budget.iters);
  if (s->o.budget.ms) fprintf(f, "mcts-ms %d\n", s->o.budget.ms);
  fprintf(f, "rollout %d\nrollout-turns %d\n", s->o.budget.rollout, s->o.budget.rollout_turns);
  if (s->human >= 0) fprintf(f, "human %d\n", s->human + 1);
  fprintf(f, "ai-seed %llu\n", (unsigned long long)s->ai_seed);
  if (s->deal) host_deal_write(f, s->deal);      /* the setup section (deal.c) */
  int n = ark_game_nanswers(g);
  const int *a = ark_game_answers(g);
  for (int i = 0; i < n; i += 20) {
    fprintf(f, "answers");
    for (int k = i; k < n && k < i + 20; k++) fprintf(f, " %d", a[k]);
    fprintf(f, "\n");
  }
  fprintf(f, "hash %016llx\n", (unsigned long long)ark_game_log_hash(g));
  fprintf(f, "finished %d\n", ark_game_decision(g) == NULL);
  if (fflush(f) != 0 || fclose(f) != 0) return -1;
  return rename(tmp, path);
}

static const char *keep(host_save *s, const char *v) {
  if (s->nstrings >= 40) return NULL;
  return s->strings[s->nstrings++] = strdup(v);
}

/* One "key value" line into s; returns 0 or -1 with a message. */
static int read_line(host_save *s, char *key, char *v, char *msg, size_t n) {
  ark_config *c = &s->o.cfg;
  char *end;
  if (!strcmp(key, "answers")) {
    for (char *t = strtok(v, " \t"); t; t = strtok(NULL, " \t")) {
      long a = strtol(t, &end, 10);
      if (*end || a < 0 || push(s, (int)a) != 0) {
        snprintf(msg, n, "bad answer '%s'", t);
        return -1;
      }
    }
    return 0;
  }
  if (!strcmp(key, "setup")) return host_save_setup_line(s, v, msg, n);
  if (!strcmp(key, "map")) c->map = keep(s, v);
  else if (!strcmp(key, "data")) c->data_dir = keep(s, v);
  else if (!strcmp(key, "cards") || !strcmp(key, "maps") || !strcmp(key, "plugin")) {
    const char **dirs = key[0] == 'c' ? c->card_dirs : key[1] == 'a' ? c->map_dirs : c->plugins;
    if (!host_add_dir(dirs, keep(s, v))) { snprintf(msg, n, "too many %s folders", key); return -1; }
  } else if (!strcmp(key, "ai")) {
    int p, kind;
    char name[32];
    if (sscanf(v, "P%d %31s", &p, name) != 2 || p < 1 || p > 4 || (kind = ai_from_name(name)) < 0) {
      snprintf(msg, n, "bad ai line '%s'", v);
      return -1;
    }
    s->o.ai[p - 1] = kind;
  } else if (!strcmp(key, "hash")) {
    s->hash = strtoull(v, &end, 16);
    s->has_hash = *v && !*end;
  } else {
    long long x = strtoll(v, &end, 10);
    int out_of_range = (!strcmp(key, "rollout") && (x < 0 || x > AI_ROLLOUT_RANDOM)) ||
                       (!strcmp(key, "rollout-turns") && (x < 1 || x > 1000));
    if (!*v || *end || out_of_range) {
      snprintf(msg, n, "bad value '%s' for %s", v, key);
      return -1;
    }
    if (!strcmp(key, "players")) c->players = (int)x;
    else if (!strcmp(key, "seed")) c->seed = (uint64_t)x;
    else if (!strcmp(key, "turn-cap")) c->turn_cap = (int)x;
    else if (!strcmp(key, "exclude")) { if (!host_add_exclude(c, (int)x)) return -1; }
    else if (!strcmp(key, "mcts-iters")) s->o.budget.iters = (int)x;
    else if (!strcmp(key, "mcts-ms")) s->o.budget.ms = (int)x;
    else if (!strcmp(key, "rollout")) s->o.budget.rollout = (int)x;
    else if (!strcmp(key, "rollout-turns")) s->o.budget.rollout_turns = (int)x;
    else if (!strcmp(key, "human")) s->human = (int)x - 1;
    else if (!strcmp(key, "ai-seed")) s->ai_seed = (uint64_t)strtoull(v, NULL, 10);
    else if (!strcmp(key, "finished")) s->finished = (int)x;
    else { snprintf(msg, n, "unknown key '%s'", key); return -1; }
  }
  return 0;
}

int host_save_read(const char *path, host_save *s, char *msg, size_t n) {
  host_save_init(s);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(msg, n, "cannot open %s: %s", path, strerror(errno));
    return -1;
  }
  char line[8192];
  int lineno = 0, rc = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = '\0';
    if (lineno == 1) {
      if (strcmp(line, "arknova-save 1") != 0) {
        snprintf(msg, n, "%s: not an arknova save file (first line '%s')", path, line);
        rc = -1;
      }
      continue;
    }
    if (!line[0] || line[0] == '#') continue;
    char *sp = strchr(line, ' ');
    char *v = sp ? sp + 1 : line + strlen(line);
    if (sp) *sp = '\0';
    char why[256];
    if (read_line(s, line, v, why, sizeof why) != 0) {
      snprintf(msg, n, "%s:%d: %s", path, lineno, why);
      rc = -1;
    }
  }
  fclose(f);
  if (rc == 0 && lineno == 0) {
    snprintf(msg, n, "%s: empty file", path);
    rc = -1;
  }
  return rc;
}

ark_game *host_save_rebuild(const host_save *s, int count, char *msg, size_t n) {
  ark_game *g;
  if (ark_game_new(&s->o.cfg, &g, msg, n) != ARK_OK) return NULL;
  char why[256] = "";
  for (int i = 0; i < count && i < s->nanswers; i++) {
    if (ark_game_process(g) != ARK_AWAITING ||
        ark_game_answer(g, s->answers[i], why, sizeof why) != ARK_OK) {
      snprintf(msg, n, "answer %d of %d (%d) does not fit the game: %s", i + 1, s->nanswers,
               s->answers[i], why[0] ? why : ark_game_error(g));
      ark_game_free(g);
      return NULL;
    }
  }
  ark_game_process(g);
  return g;
}
