/*
** save.c - saved games: the configuration, the seed of the AIs, every
** answer given, and the event-log hash at the time of saving.  A game is
** rebuilt by replaying the answers on a new game with the same
** configuration; the hash proves the rebuild is the same game.  Folders
** are written as absolute paths, so a save resumes from any folder.
**
** The format is line based text, one "key value" per line:
**   arknova-save 2
**   players 2 / seed 7 / map A / turn-cap N / data DIR / cards DIR /
**   maps DIR / plugin P / exclude N / ai P1 greedy / human 1 / ai-seed N
**   fingerprint cards HEX DIR   (Ark Nova: what each folder held, one line per
**                               cards, maps, plugin and data folder; the data
**                               line's folder is left out for games/arknova)
**   content HEX                 (a game in Lua: its folder's fingerprint)
**   setup KEY VALUES            (the setup section of a given deal: deal.h)
**   answers 3 0 12 ...          (any number of such lines, in order)
**   hash 0123456789abcdef       (after the answers; checked on replay)
**   finished 1
**   end                         (the last line: the file is complete)
** A file is written to a temporary file first and renamed over the old
** one, so a crash leaves the old save or the new one, never half of one.
** A file that lacks its hash or its end line all the same (cut by a copy,
** an editor, a full disk) is refused, never played from a shorter game.
** Version 1 files (no end line; finished was the last line) are read too.
*/
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "deal.h"
#include "host.h"

/* The largest answer a file may hold: no decision has more options. */
#define SAVE_MAX_ANSWER 100000

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
** resumes and replays from any working folder; a folder that is gone
** stays as given. */
static const char *where(const char *dir, char *buf) {
  return realpath(dir, buf) ? buf : dir;
}

/* A plugin as a save keeps it: a bare name of the game's plugins/ (the
** data folder's, as the loader looks first) stays a name; a folder of the
** working folder given by its bare name is kept by its absolute path. */
static const char *where_plugin(const ark_config *c, const char *p, char *buf) {
  char own[1300];
  struct stat st;
  snprintf(own, sizeof own, "%s/plugins/%s", c->data_dir ? c->data_dir : ARK_GAME_DIR, p);
  if (!strchr(p, '/') && stat(own, &st) == 0 && S_ISDIR(st.st_mode)) return p;
  return where(p, buf);
}

/* A new file beside path to write the save through: path.tmp, or
** path.tmp1 ... where that exists, made only if no file has the name
** (O_EXCL), so that a file of the user's that happens to be called so is
** never written over. */
FILE *host_save_open(const char *path, char *tmp, size_t n) {
  for (int k = 0; k < 100; k++) {
    int len = k ? snprintf(tmp, n, "%s.tmp%d", path, k) : snprintf(tmp, n, "%s.tmp", path);
    if (len < 0 || (size_t)len >= n) return NULL;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd >= 0) {
      FILE *f = fdopen(fd, "w");
      if (!f) {
        close(fd);
        remove(tmp);
      }
      return f;
    }
    if (errno != EEXIST) return NULL;
  }
  return NULL;
}

/* 0 if the file a save is written through (path.tmp, then renamed) can be
** made there: a game whose save cannot be written is not begun. */
static int can_write(const char *path, char *msg, size_t n) {
  char tmp[4096];
  FILE *f = host_save_open(path, tmp, sizeof tmp);
  if (!f) {
    snprintf(msg, n, "cannot write the save %s: %s", path, strerror(errno));
    return -1;
  }
  fclose(f);
  remove(tmp);
  return 0;
}

/* ---- fingerprints of the content a game is played with ----
** A fingerprint is FNV-1a over every file below a folder (hidden ones left
** out), each by its path from the folder and its bytes, in the order of
** their names: an edit of any file changes it.  A game in Lua keeps its
** folder's (content line, luaplay.c); an Ark Nova save keeps one of each
** folder it names (fingerprint lines, below). */

/* FNV-1a of the n bytes at p into *h. */
static void print_bytes(unsigned long long *h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) *h = (*h ^ b[i]) * 0x100000001b3ULL;
}

/* The files below dir/rel into *h, each named by its path from dir. */
static void folder_print(unsigned long long *h, const char *dir, const char *rel, int depth) {
  struct dirent **e;
  char path[4096], sub[2048];
  snprintf(path, sizeof path, "%s%s%s", dir, rel[0] ? "/" : "", rel);
  int n = depth > 16 ? -1 : scandir(path, &e, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    struct stat st;
    const char *name = e[i]->d_name;
    snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", name);
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    if (name[0] == '.' || stat(path, &st) != 0) {
      /* hidden (an editor's or git's), or a dangling link */
    } else if (S_ISDIR(st.st_mode)) {
      folder_print(h, dir, sub, depth + 1);
    } else if (S_ISREG(st.st_mode)) {
      FILE *f = fopen(path, "rb");
      char buf[4096];
      size_t got;
      print_bytes(h, sub, strlen(sub) + 1);
      while (f && (got = fread(buf, 1, sizeof buf, f)) > 0) print_bytes(h, buf, got);
      if (f) fclose(f);
    }
    free(e[i]);
  }
  if (n >= 0) free(e);
}

unsigned long long host_folder_print(const char *dir) {
  unsigned long long h = 0xcbf29ce484222325ULL;
  folder_print(&h, dir, "", 0);
  return h;
}

/* The kinds of folder a fingerprint line names, as the save's folder lines
** call them. */
enum { FP_CARDS, FP_MAPS, FP_PLUGIN, FP_DATA, FP_KINDS };
static const char *const fp_kind[FP_KINDS] = { "cards", "maps", "plugin", "data" };

/* The print of a folder of kind k, named `text` as the save names it: a
** data folder's is of what the game reads of it at run time, its cards/
** and maps/ (its rules are built into the program); a plugin named by a
** bare name is the data folder's plugins/NAME, as the loader finds it.
** Worked out once per process and folder, so that a person's game saved
** after every decision keeps the print of the content it loaded. */
static unsigned long long content_print(const ark_config *c, int k, const char *text) {
  static struct { int kind; char text[PATH_MAX]; unsigned long long print; } seen[64];
  static int nseen;
  char buf[PATH_MAX], dir[PATH_MAX + 300];
  for (int i = 0; i < nseen; i++)
    if (seen[i].kind == k && !strcmp(seen[i].text, text)) return seen[i].print;
  const char *data = ark_data_folder(c, buf, sizeof buf);
  unsigned long long h = 0xcbf29ce484222325ULL;
  if (k == FP_DATA) {
    folder_print(&h, data, "cards", 0);
    folder_print(&h, data, "maps", 0);
  } else {
    snprintf(dir, sizeof dir, "%s/plugins/%s", data, text);
    if (k != FP_PLUGIN || strchr(text, '/') || !host_is_dir(dir)) snprintf(dir, sizeof dir, "%s", text);
    folder_print(&h, dir, "", 0);
  }
  if (nseen < (int)(sizeof seen / sizeof seen[0])) {
    seen[nseen].kind = k;
    snprintf(seen[nseen].text, sizeof seen[nseen].text, "%s", text);
    seen[nseen++].print = h;
  }
  return h;
}

/* One fingerprint line: the kind, the print, the folder as the folder
** line names it (none for the data folder when no data line names one). */
static void write_print(FILE *f, const ark_config *c, int k, const char *text) {
  fprintf(f, "fingerprint %s %016llx%s%s\n", fp_kind[k], content_print(c, k, text),
          text[0] ? " " : "", text);
}

/* The words for one changed folder, and whether they are plural. */
static int print_words(const host_save *s, int i, char *out, size_t n) {
  const char *d = s->prints[i].dir;
  switch (s->prints[i].kind) {
  case FP_CARDS: snprintf(out, n, "the cards in %s", d); return 1;
  case FP_MAPS: snprintf(out, n, "the maps in %s", d); return 1;
  case FP_PLUGIN: snprintf(out, n, "the plugin %s", d); return 0;
  default:
    if (d[0]) { snprintf(out, n, "the data folder %s", d); return 0; }
    snprintf(out, n, "Ark Nova's own cards and maps (%s)", ARK_GAME_DIR);
    return 1;
  }
}

int host_save_content_changed(const host_save *s, int fan_only, char *why, size_t n) {
  why[0] = '\0';
  if (s->has_content && s->o.game.dir[0] && !fan_only &&
      host_folder_print(s->o.game.dir) != s->content) {
    snprintf(why, n, "the rules or cards in %s have changed since this save was written",
             s->o.game.dir);
    return 1;
  }
  int changed[HOST_MAX_PRINTS], k = 0, plural = 0;
  for (int i = 0; i < s->nprints; i++) {
    const host_print *p = &s->prints[i];
    if ((fan_only && p->kind == FP_DATA && !p->dir[0]) ||
        content_print(&s->o.cfg, p->kind, p->dir) == p->print)
      continue;
    changed[k++] = i;
  }
  for (int j = 0; j < k; j++) {
    char words[PATH_MAX + 64];
    size_t len = strlen(why);
    plural |= print_words(s, changed[j], words, sizeof words);
    snprintf(why + len, n - len, "%s%s", j == 0 ? "" : j == k - 1 ? " and " : ", ", words);
  }
  if (k) {
    size_t len = strlen(why);
    snprintf(why + len, n - len, " %s changed since this save was written",
             plural || k > 1 ? "have" : "has");
  }
  return k;
}

void host_save_blame(const host_save *s, char *msg, size_t n) {
  char why[2048], was[1024];
  if (!host_save_content_changed(s, 0, why, sizeof why)) return;
  snprintf(was, sizeof was, "%s", msg);
  snprintf(msg, n, "%s: %s", why, was);
}

void host_save_warn(const host_save *s, const char *cmd, const char *path) {
  char why[2048];
  if (host_save_content_changed(s, 1, why, sizeof why))
    fprintf(stderr, "%s: warning: %s: %s, so its answers may no longer give the game that was "
            "played\n", cmd, path, why);
}

/* 0 if path is missing or holds an arknova save (which may be replaced),
** -1 with a message for any other file, which a save must never replace. */
int host_save_may_replace(const char *path, char *msg, size_t n) {
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {   /* a FIFO would block the read */
    snprintf(msg, n, "%s exists and is not a regular file: not overwriting it", path);
    return -1;
  }
  FILE *f = fopen(path, "r");
  if (!f) return can_write(path, msg, n);
  char head[16] = "";
  size_t got = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[got] = '\0';
  if (!strncmp(head, "arknova-save ", 13)) return can_write(path, msg, n);
  snprintf(msg, n, "%s exists and is not an arknova save file: not overwriting it", path);
  return -1;
}

/* What a save file says of its game without reading it as a game: 1 over,
** 0 going on, -1 cannot tell (cut short, damaged, or of format 1, which
** wrote "finished 1" after any answer); the answers it holds into *count,
** and into *remade whether only an import made it (its Board Game Arena
** moves and no seat of a person: its log makes it again). */
static int save_over(const char *path, int *count, int *remade) {
  FILE *f = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  int lineno = 0, version = 0, ended = 0, finished = -1, bga = 0, human = 0;
  *count = 0;
  while (f && getline(&line, &cap, f) >= 0) {
    line[strcspn(line, "\r\n")] = '\0';
    if (++lineno == 1) version = !strcmp(line, "arknova-save 2") ? 2 : 1;
    else if (!strncmp(line, "finished ", 9)) finished = atoi(line + 9);
    else if (!strcmp(line, "end")) ended = 1;
    else if (!strncmp(line, "setup bga-", 10)) bga = 1;
    else if (!strncmp(line, "human ", 6)) human = 1;
    else if (!strncmp(line, "answers ", 8))
      for (char *t = strtok(line + 8, " \t"); t; t = strtok(NULL, " \t")) (*count)++;
  }
  free(line);
  if (f) fclose(f);
  *remade = version == 2 && ended && bga && !human;
  return version == 2 && ended && (finished == 0 || finished == 1) ? finished : -1;
}

int host_save_may_start(const char *path, int flags, int *replaced, char *msg, size_t n) {
  *replaced = 0;
  if (host_save_may_replace(path, msg, n) != 0) return -1;
  if (access(path, F_OK) != 0) return 0;          /* no file yet */
  int count, remade, over = save_over(path, &count, &remade);
  if (over == 1 || (flags & HOST_SAVE_OVERWRITE) || (remade && (flags & HOST_SAVE_IMPORT))) {
    *replaced = over == 1 ? 1 : remade && (flags & HOST_SAVE_IMPORT) ? 2 : 0;
    return 0;
  }
  char what[160];
  if (over == 0)
    snprintf(what, sizeof what, "holds a game that is not over (%d decision%s so far)", count,
             count == 1 ? "" : "s");
  else
    snprintf(what, sizeof what, "holds a save that is cut short or of an older arknova, so "
             "whether its game is over cannot be told");
  if (flags & HOST_SAVE_IMPORT)
    snprintf(msg, n, "%s %s: importing there would lose it, so nothing was imported.\n"
             "  to keep both:         give the import another file (-o NEW-FILE)\n"
             "  to replace that game: add --overwrite", path, what);
  else
    snprintf(msg, n, "%s %s: saving this game there would lose it, so nothing was played.\n"
             "  to go on with that game:  arknova play --resume %s\n"
             "  to keep both games:       give this one another file (--save NEW-FILE)\n"
             "  to replace that game:     add --overwrite", path, what, path);
  return -1;
}

const char *host_save_folder(const char *dir, char *buf) { return where(dir, buf); }

/* A game folder of this checkout's games/ is kept by its name, which any
** build finds there (a checkout moved elsewhere, or another machine's);
** any other folder by its absolute path. */
const char *host_save_game(const char *dir, const char *name, char *buf) {
  char here[PATH_MAX], own[PATH_MAX], path[1200];
  snprintf(path, sizeof path, "%s/games/%s", ARK_SOURCE_DIR, name);
  if (name[0] && realpath(dir, here) && realpath(path, own) && !strcmp(here, own)) return name;
  return where(dir, buf);
}

/* The folders as host_save_write keeps them, for the game a save is made
** of: a stopped script's message, path and all, is in the log whose hash
** the save holds, so the game must name its files as the replay will. */
static char abs_dirs[3 * ARK_MAX_DIRS + 1][PATH_MAX];

static const char *absolute(const ark_config *cfg, const char *dir, int is_plugin, int *k) {
  if (!dir) return dir;
  char buf[PATH_MAX];
  const char *w = is_plugin ? where_plugin(cfg, dir, buf) : where(dir, buf);
  if (w != buf) return dir;
  snprintf(abs_dirs[*k], sizeof abs_dirs[*k], "%s", buf);
  return abs_dirs[(*k)++];
}

void host_save_absolute(ark_config *cfg) {
  int k = 0;
  for (int i = 0; i < ARK_MAX_DIRS; i++) {   /* before data_dir changes: plugins' names */
    cfg->plugins[i] = absolute(cfg, cfg->plugins[i], 1, &k);
    cfg->card_dirs[i] = absolute(cfg, cfg->card_dirs[i], 0, &k);
    cfg->map_dirs[i] = absolute(cfg, cfg->map_dirs[i], 0, &k);
  }
  cfg->data_dir = absolute(cfg, cfg->data_dir, 0, &k);
}


int host_save_close(FILE *f, const char *tmp, const char *path, const int *a, int n,
                    uint64_t hash, int over) {
  for (int i = 0; i < n; i += 20) {
    fprintf(f, "answers");
    for (int k = i; k < n && k < i + 20; k++) fprintf(f, " %d", a[k]);
    fprintf(f, "\n");
  }
  fprintf(f, "hash %016llx\n", (unsigned long long)hash);
  fprintf(f, "finished %d\nend\n", over);
  /* on the disk before the rename, so that a crash cannot leave the new
  ** name pointing at a file whose data never arrived */
  int bad = ferror(f) || fflush(f) != 0 || fsync(fileno(f)) != 0;
  if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
    remove(tmp);
    return -1;
  }
  return 0;
}

int host_save_write(const char *path, const host_save *s, ark_game *g) {
  char tmp[4096];
  FILE *f = host_save_open(path, tmp, sizeof tmp);
  if (!f) return -1;
  const ark_config *c = &s->o.cfg;
  fprintf(f, "arknova-save 2\nplayers %d\nseed %llu\nmap %s\n", c->players,
          (unsigned long long)c->seed, c->map ? c->map : "A");
  if (c->turn_cap) fprintf(f, "turn-cap %d\n", c->turn_cap);
  fprintf(f, "log-version %d\n", ARK_LOG_VERSION);
  char abs[PATH_MAX], data[PATH_MAX] = "";
  /* games/arknova itself is the default: no line, so the save moves along */
  if (c->data_dir && strcmp(host_save_game(c->data_dir, "arknova", abs), "arknova")) {
    snprintf(data, sizeof data, "%s", where(c->data_dir, abs));
    fprintf(f, "data %s\n", data);
  }
  for (int k = 0; k < ARK_MAX_DIRS && c->card_dirs[k]; k++)
    fprintf(f, "cards %s\n", where(c->card_dirs[k], abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->map_dirs[k]; k++)
    fprintf(f, "maps %s\n", where(c->map_dirs[k], abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->plugins[k]; k++)
    fprintf(f, "plugin %s\n", where_plugin(c, c->plugins[k], abs));
  /* what those folders held when the game began (content_print) */
  write_print(f, c, FP_DATA, data);
  for (int k = 0; k < ARK_MAX_DIRS && c->card_dirs[k]; k++)
    write_print(f, c, FP_CARDS, where(c->card_dirs[k], abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->map_dirs[k]; k++)
    write_print(f, c, FP_MAPS, where(c->map_dirs[k], abs));
  for (int k = 0; k < ARK_MAX_DIRS && c->plugins[k]; k++)
    write_print(f, c, FP_PLUGIN, where_plugin(c, c->plugins[k], abs));
  for (int k = 0; k < ARK_MAX_EXCLUDE && c->exclude[k]; k++) fprintf(f, "exclude %d\n", c->exclude[k]);
  for (int p = 0; p < c->players; p++) fprintf(f, "ai P%d %s\n", p + 1, ai_name(s->o.ai[p]));
  if (s->o.budget.iters) fprintf(f, "mcts-iters %d\n", s->o.budget.iters);
  if (s->o.budget.ms) fprintf(f, "mcts-ms %d\n", s->o.budget.ms);
  fprintf(f, "rollout %d\nrollout-turns %d\n", s->o.budget.rollout, s->o.budget.rollout_turns);
  if (s->human >= 0) fprintf(f, "human %d\n", s->human + 1);
  fprintf(f, "ai-seed %llu\n", (unsigned long long)s->ai_seed);
  if (s->deal) host_deal_write(f, s->deal);      /* the setup section (deal.c) */
  /* right after an answer no decision is pending yet: the game is run to
  ** the next one (as a rebuild does) before its hash and state are read */
  int over = ark_game_process(g) != ARK_AWAITING;
  fprintf(f, "state %016llx\n", (unsigned long long)ark_game_state_hash(g));
  return host_save_close(f, tmp, path, ark_game_answers(g), ark_game_nanswers(g),
                         ark_game_log_hash(g), over);
}

static const char *keep(host_save *s, const char *v) {
  if (s->nstrings >= (int)(sizeof s->strings / sizeof s->strings[0])) return NULL;
  char *copy = strdup(v);
  if (copy) s->strings[s->nstrings++] = copy;
  return copy;
}

/* Keys that may appear once; a second line would silently win. */
static const char *const once[] = { "game", "players", "seed", "map", "turn-cap", "data",
                                    "mcts-iters",
                                    "mcts-ms", "rollout", "rollout-turns", "human", "ai-seed",
                                    "hash", "state", "finished", "log-version", "content", NULL };

/* A number line's key, its bounds and where it goes. */
typedef struct { const char *key; long long lo, hi; } save_number;
static const save_number numbers[] = {
  { "players", 1, 4 },             /* every game's own range is checked when it starts */ { "turn-cap", 1, 1000000 }, { "exclude", 1, 100000 },
  { "mcts-iters", 1, 100000000 }, { "mcts-ms", 1, 3600000 }, { "rollout", 0, AI_ROLLOUT_RANDOM },
  { "rollout-turns", 1, 1000 }, { "human", 1, 4 }, { "finished", 0, 1 },
  { "log-version", 1, 1000000 },
};

/* One "key value" line into s; returns 0 or -1 with a message. */
static int read_line(host_save *s, const char *key, char *v, char *msg, size_t n) {
  ark_config *c = &s->o.cfg;
  if (!strcmp(key, "answers")) {
    for (char *t = strtok(v, " \t"); t; t = strtok(NULL, " \t")) {
      long long a;
      if (!host_number(t, 0, SAVE_MAX_ANSWER, &a)) {
        snprintf(msg, n, "bad answer '%.40s' (answers are option numbers 0..%d)", t,
                 SAVE_MAX_ANSWER);
        return -1;
      }
      if (push(s, (int)a) != 0) {
        snprintf(msg, n, "out of memory");
        return -1;
      }
    }
    return 0;
  }
  if (!strcmp(key, "setup")) return host_save_setup_line(s, v, msg, n);
  if (!strcmp(key, "option")) {        /* a Lua game's option NAME=VALUE */
    const char *kept = *v ? keep(s, v) : NULL;
    if (!kept || !strchr(kept, '=') || s->o.noptions == 8) {
      snprintf(msg, n, "bad option line '%.60s' (NAME=VALUE, at most 8)", v);
      return -1;
    }
    s->o.options[s->o.noptions++] = kept;
    return 0;
  }
  if (!strcmp(key, "game")) {          /* a game folder other than games/arknova */
    const char *kept = *v ? keep(s, v) : NULL;
    if (!kept) { snprintf(msg, n, "game needs a folder"); return -1; }
    if (host_use_game(&s->o, kept) != 0) {
      snprintf(msg, n, "game %.200s cannot be played (see above)", kept);
      return -1;
    }
    return 0;
  }
  if (!strcmp(key, "map") || !strcmp(key, "data") || !strcmp(key, "cards") ||
      !strcmp(key, "maps") || !strcmp(key, "plugin")) {
    const char *kept = *v ? keep(s, v) : NULL;
    if (!*v) { snprintf(msg, n, "%s needs a value", key); return -1; }
    if (!kept) { snprintf(msg, n, "too many folder lines"); return -1; }
    if (!strcmp(key, "map")) c->map = kept;
    else if (!strcmp(key, "data")) c->data_dir = kept;
    else {
      const char **dirs = key[0] == 'c' ? c->card_dirs : key[1] == 'a' ? c->map_dirs : c->plugins;
      if (!host_add_dir(dirs, kept)) {
        snprintf(msg, n, "too many %s lines (at most %d)", key, ARK_MAX_DIRS);
        return -1;
      }
    }
    return 0;
  }
  if (!strcmp(key, "ai")) {
    long long p;
    char *name = strchr(v, ' ');
    int kind = -1;
    if (name) *name++ = '\0';
    if (v[0] != 'P' || !host_number(v + 1, 1, 4, &p) || !name ||
        (kind = ai_from_name(name)) < 0) {
      snprintf(msg, n, "bad ai line '%.20s%s%.20s' (expected e.g. 'ai P1 greedy')", v,
               name ? " " : "", name ? name : "");
      return -1;
    }
    if (s->ai_seen & (1 << (p - 1))) {
      snprintf(msg, n, "a second ai line for P%lld", p);
      return -1;
    }
    s->ai_seen |= 1 << (p - 1);
    s->o.ai[p - 1] = kind;
    return 0;
  }
  if (!strcmp(key, "fingerprint")) {   /* fingerprint KIND HEX [FOLDER] */
    char *hex = strchr(v, ' '), *dir = NULL;
    int k = FP_KINDS;
    if (hex) {
      *hex++ = '\0';
      dir = strchr(hex, ' ');
      if (dir) *dir++ = '\0';
      for (k = 0; k < FP_KINDS && strcmp(v, fp_kind[k]); k++) {}
    }
    if (k == FP_KINDS || strlen(hex) != 16 || strspn(hex, "0123456789abcdefABCDEF") != 16 ||
        (k != FP_DATA && (!dir || !*dir))) {
      snprintf(msg, n, "bad fingerprint line (expected e.g. 'fingerprint cards "
               "0123456789abcdef /my/cards')");
      return -1;
    }
    for (int i = 0; i < s->nprints; i++)
      if (s->prints[i].kind == k && !strcmp(s->prints[i].dir, dir ? dir : "")) {
        snprintf(msg, n, "a second fingerprint of %s %.200s", fp_kind[k], dir ? dir : "");
        return -1;
      }
    const char *kept = keep(s, dir ? dir : "");
    if (!kept || s->nprints == HOST_MAX_PRINTS) {
      snprintf(msg, n, "too many fingerprint lines");
      return -1;
    }
    s->prints[s->nprints++] = (host_print){ k, kept, strtoull(hex, NULL, 16) };
    return 0;
  }
  if (!strcmp(key, "hash") || !strcmp(key, "state") || !strcmp(key, "content")) {
    char *end;
    unsigned long long x = strtoull(v, &end, 16);
    if (strlen(v) != 16 || strspn(v, "0123456789abcdefABCDEF") != 16) {
      snprintf(msg, n, "bad %s '%.40s' (16 hex digits)", key, v);
      return -1;
    }
    if (key[0] == 'h') s->hash = x, s->has_hash = 1;
    else if (key[0] == 'c') s->content = x, s->has_content = 1;
    else s->state_hash = x, s->has_state = 1;
    return 0;
  }
  if (!strcmp(key, "seed") || !strcmp(key, "ai-seed")) {
    uint64_t x;
    if (!host_unsigned(v, &x)) {
      snprintf(msg, n, "bad value '%.40s' for %s (a number from 0 to %llu)", v, key,
               (unsigned long long)UINT64_MAX);
      return -1;
    }
    if (key[0] == 's') c->seed = x;
    else s->ai_seed = x;
    return 0;
  }
  const save_number *f = NULL;
  for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
    if (!strcmp(key, numbers[i].key)) f = &numbers[i];
  if (!f) {
    snprintf(msg, n, "unknown key '%.40s'", key);
    return -1;
  }
  long long x;
  if (!host_number(v, f->lo, f->hi, &x)) {
    snprintf(msg, n, "bad value '%.40s' for %s (a number from %lld to %lld)", v, key, f->lo, f->hi);
    return -1;
  }
  if (!strcmp(key, "players")) c->players = (int)x;
  else if (!strcmp(key, "turn-cap")) c->turn_cap = (int)x;
  else if (!strcmp(key, "exclude")) {
    int k = 0;
    while (k < ARK_MAX_EXCLUDE && c->exclude[k] && c->exclude[k] != x) k++;
    if (k == ARK_MAX_EXCLUDE) {
      snprintf(msg, n, "too many exclude lines (at most %d)", ARK_MAX_EXCLUDE);
      return -1;
    }
    c->exclude[k] = (int)x;
  }
  else if (!strcmp(key, "mcts-iters")) s->o.budget.iters = (int)x;
  else if (!strcmp(key, "mcts-ms")) s->o.budget.ms = (int)x;
  else if (!strcmp(key, "rollout")) s->o.budget.rollout = (int)x;
  else if (!strcmp(key, "rollout-turns")) s->o.budget.rollout_turns = (int)x;
  else if (!strcmp(key, "human")) s->human = (int)x - 1;
  else if (!strcmp(key, "log-version")) s->log_version = (int)x;
  else s->finished = (int)x;
  return 0;
}

/* What the whole file must say once it is read. */
static int complete(const host_save *s, int version, int ended, int has_players, char *msg,
                    size_t n) {
  int players = s->o.cfg.players;
  if (!has_players) {
    snprintf(msg, n, "no players line");
    return -1;
  }
  if (!s->has_hash || (version >= 2 && !ended) || s->finished < 0) {
    snprintf(msg, n, "the file is incomplete (no %s line): it was cut short, so it may hold "
             "fewer decisions than the game had", !s->has_hash ? "hash" : s->finished < 0 ?
             "finished" : "end");
    return -1;
  }
  if (s->human >= players) {
    snprintf(msg, n, "human %d, but the game has %d players", s->human + 1, players);
    return -1;
  }
  if (s->ai_seen >> players) {
    snprintf(msg, n, "an ai line for a seat the %d-player game does not have", players);
    return -1;
  }
  /* a fingerprint of a folder the game was not played with explains nothing */
  const ark_config *c = &s->o.cfg;
  for (int i = 0; i < s->nprints; i++) {
    const host_print *p = &s->prints[i];
    const char *const *dirs = p->kind == FP_CARDS ? c->card_dirs : p->kind == FP_MAPS ?
                              c->map_dirs : c->plugins;
    int found = p->kind == FP_DATA && !strcmp(p->dir, c->data_dir ? c->data_dir : "");
    for (int k = 0; p->kind != FP_DATA && k < ARK_MAX_DIRS && dirs[k]; k++)
      found |= !strcmp(dirs[k], p->dir);
    if (!found) {
      snprintf(msg, n, "a fingerprint of %s %.200s, which no %s line names", fp_kind[p->kind],
               p->dir[0] ? p->dir : "(the default data folder)", fp_kind[p->kind]);
      return -1;
    }
  }
  for (int p = 0; p < players; p++)
    if (s->o.ai[p] == AI_HUMAN && p != s->human) {
      snprintf(msg, n, "ai P%d human, but the person plays %s", p + 1,
               s->human < 0 ? "no seat (no human line)" : "another seat");
      return -1;
    }
  return 0;
}

int host_save_read(const char *path, host_save *s, char *msg, size_t n) {
  host_save_init(s);
  s->finished = -1;
  s->log_version = 1;      /* the saves written before the line */
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(msg, n, "%s is a folder, not a save file", path);
    return -1;
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(msg, n, "cannot open %s: %s", path, strerror(errno));
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  int lineno = 0, rc = 0, version = 0, ended = 0, has_players = 0;
  unsigned seen = 0;
  while (rc == 0 && (len = getline(&line, &cap, f)) >= 0) {
    lineno++;
    char why[256] = "";
    int cut = len > 0 && line[len - 1] != '\n';   /* the file ends inside this line */
    if ((size_t)len != strlen(line)) {
      snprintf(why, sizeof why, "a NUL byte in the line (a damaged file?)");
    } else {
      line[strcspn(line, "\r\n")] = '\0';
      if (lineno == 1) {
        if (!strcmp(line, "arknova-save 1") || !strcmp(line, "arknova-save 2")) {
          version = line[13] - '0';
          continue;
        }
        if (!strncmp(line, "arknova-save ", 13) && atoi(line + 13) > 2) {
          snprintf(msg, n, "%s:1: a save of format %d, which a newer arknova writes; this "
                   "one reads formats 1 and 2", path, atoi(line + 13));
          rc = -1;
          break;
        }
        /* the line as text a terminal shows: a binary file's bytes are not */
        for (char *c = line; *c; c++)
          if ((unsigned char)*c < 32 || (unsigned char)*c == 127) *c = '?';
        snprintf(msg, n, "%s: not an arknova save file (first line '%.60s')", path, line);
        rc = -1;
        break;
      }
      if (!line[0] || line[0] == '#') continue;
      char *sp = strchr(line, ' ');
      char *v = sp ? sp + 1 : line + strlen(line);
      if (sp) *sp = '\0';
      for (int k = 0; once[k] && !why[0]; k++)
        if (!strcmp(line, once[k])) {
          if (seen & (1u << k)) snprintf(why, sizeof why, "a second %s line", line);
          seen |= 1u << k;
        }
      has_players |= !strcmp(line, "players");
      if (why[0]) {
      } else if (ended) {
        snprintf(why, sizeof why, "a line after the end line");
      } else if (!strcmp(line, "end") && version >= 2) {
        if (*v || sp) snprintf(why, sizeof why, "the end line takes no value");
        ended = 1;
      } else {
        read_line(s, line, v, why, sizeof why);
      }
    }
    if (why[0]) {
      snprintf(msg, n, "%s:%d: %s%s", path, lineno, why,
               cut && !ended ? " (the file ends inside this line: it was cut short)" : "");
      rc = -1;
    }
  }
  free(line);
  fclose(f);
  if (rc == 0 && lineno == 0) {
    snprintf(msg, n, "%s: empty file", path);
    rc = -1;
  }
  char why[256];
  s->version = version;
  if (rc == 0 && complete(s, version, ended, has_players, why, sizeof why) != 0) {
    snprintf(msg, n, "%s: %s", path, why);
    rc = -1;
  }
  return rc;
}

int host_save_compare(const host_save *s, const host_game *hg, unsigned long long h,
                      unsigned long long state, char *msg, size_t n) {
  int log = h != s->hash, st = s->has_state && state != s->state_hash;
  if (!log && !st) return 0;
  char why[1024];
  if (hg && hg->changed && hg->changed(s, why, sizeof why)) {
    snprintf(msg, n, "%s: its answers play, but what they give cannot be checked against it",
             why);
    return 1;
  }
  if (log)
    snprintf(msg, n, "log hash %016llx differs from the saved %016llx: the replay is not the "
             "saved game", h, s->hash);
  else  /* a choice the log does not show (a display card taken) changes the state */
    snprintf(msg, n, "the log matches the saved one, but the game state %016llx differs from "
             "the saved %016llx: the replay is not the saved game", state, s->state_hash);
  return -1;
}

int host_save_verify_gs(const host_save *s, const host_game *hg, ark_gs *g,
                        unsigned long long h, unsigned long long state, char *msg, size_t n) {
  int over = g->gi->process(g) != ARK_AWAITING;
  if (g->gi->nanswers(g) != s->nanswers) {
    snprintf(msg, n, "the game took %d of the %d saved answers", g->gi->nanswers(g),
             s->nanswers);
    return -1;
  }
  char why[1536];
  int v = host_save_compare(s, hg, h, state, why, sizeof why);
  if (v < 0) {
    snprintf(msg, n, "%s: the file was changed, or the cards or rules it names have changed "
             "since (arknova replay shows the game the answers give)", why);
    return -1;
  }
  /* version 1 wrote "finished 1" after any answer: not checked there */
  if (s->version >= 2 && over != s->finished) {
    snprintf(msg, n, "the file says the game is %s, but its answers leave it %s",
             s->finished ? "over" : "going on", over ? "over" : "going on");
    return -1;
  }
  if (v > 0) snprintf(msg, n, "%s", why);
  return v;
}

void host_save_misfit(const host_save *s, int i, ark_gs *g, const char *why, char *msg,
                      size_t n) {
  const ark_decision *d = g->gi->decision(g);
  if (d && (s->answers[i] < 0 || s->answers[i] >= d->noptions))
    snprintf(msg, n, "answer %d of %d is %d, which is not an option of '%s' (its options are "
             "0 to %d)", i + 1, s->nanswers, s->answers[i], d->prompt, d->noptions - 1);
  else
    snprintf(msg, n, "answer %d of %d (%d) does not fit the game: %s", i + 1, s->nanswers,
             s->answers[i], why);
  host_save_blame(s, msg, n);
}

int host_save_give(const host_save *s, ark_gs *g, int count,
                   const char *(*error)(ark_gs *g), char *msg, size_t n) {
  char why[256] = "";
  for (int i = 0; i < count && i < s->nanswers; i++) {
    if (g->gi->process(g) != ARK_AWAITING) {
      snprintf(msg, n, "the game is over after answer %d, but the file has %d", i, s->nanswers);
      host_save_blame(s, msg, n);
      return -1;
    }
    if (g->gi->answer(g, s->answers[i], why, sizeof why) != ARK_OK) {
      host_save_misfit(s, i, g, why[0] ? why : error(g), msg, n);
      return -1;
    }
  }
  g->gi->process(g);
  return 0;
}

static const char *ark_error_of(ark_gs *g) { return ark_game_error(ark_game_of(g)); }

ark_game *host_save_rebuild(const host_save *s, int count, char *msg, size_t n) {
  ark_game *g;
  if (ark_game_new(&s->o.cfg, &g, msg, n) != ARK_OK) {
    host_save_blame(s, msg, n);        /* a fan card that no longer loads */
    return NULL;
  }
  if (host_save_give(s, ark_game_gs(g), count, ark_error_of, msg, n) == 0) return g;
  ark_game_free(g);
  return NULL;
}
