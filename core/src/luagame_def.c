/*
** luagame_def.c - loading a Lua game's folder: the tracks, zones and
** counters game.yaml declares, every card file as a table of CARDS, and the
** rules file, in one Lua state that all games of the folder share; then
** the rules' check_card(card) looks at every card, and what it finds is
** reported at the card file's line.
*/
#define _POSIX_C_SOURCE 200809L   /* strdup, opendir */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "luagame_int.h"
#include "sandbox.h"
#include "strlib.h"
#include "watchdog.h"
#include "yamldoc.h"

/* Problems found while loading: "file:line: message" lines. */
typedef struct problems {
  char *msg;
  size_t n, len;
  int count;
  const char *dir;              /* the game folder as given */
} problems;

/* A message names its file from where the user stands, as the card files
** are named: a path inside the game folder (a Lua message's chunk,
** "rules/game.lua:12: ...", or a file named relative to it) gets the
** folder before it (luagame.h). */
const char *ark_lg_from_here(const char *dir, const char *text, char *buf, size_t n) {
  const char *colon = strchr(text, ':');
  size_t dl = dir ? strlen(dir) : 0;
  if (!dl || !colon || colon == text || text[0] == '/' || !strncmp(text, dir, dl))
    return text;
  struct stat st;
  snprintf(buf, n, "%s/%.*s", dir, (int)(colon - text), text);
  if (stat(buf, &st) != 0 || !S_ISREG(st.st_mode)) return text;
  snprintf(buf, n, "%s/%s", dir, text);
  return buf;
}

void ark_lg_name_here(const char *dir, char *msg, size_t n) {
  size_t len = strlen(msg) + 1;
  char *said = malloc(len), *named = malloc(n);
  if (said && named) {
    memcpy(said, msg, len);
    snprintf(msg, n, "%s", ark_lg_from_here(dir, said, named, n));
  }
  free(said);
  free(named);
}

static void problem(problems *p, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void problem(problems *p, const char *file, int line, const char *fmt, ...) {
  char text[600], whole[1700], named[2800];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  p->count++;
  if (p->len + 2 >= p->n) return;
  if (!file) snprintf(whole, sizeof whole, "%s", text);
  else if (line > 0) snprintf(whole, sizeof whole, "%s:%d: %s", file, line, text);
  else snprintf(whole, sizeof whole, "%s: %s", file, text);
  int k = snprintf(p->msg + p->len, p->n - p->len, "%s%s", p->len ? "\n" : "",
                   ark_lg_from_here(p->dir, whole, named, sizeof named));
  if (k > 0) p->len = p->len + (size_t)k < p->n ? p->len + (size_t)k : p->n - 1;
}

/* ---- YAML ---- */

/* short names for the two questions asked of every node (yamldoc.h) */
static const char *scalar(const yaml_node_t *n) { return ark_yamldoc_scalar(n); }
static int line_of(const yaml_node_t *n) { return ark_yamldoc_line(n); }

static int parse_file(const char *path, yaml_document_t *doc, problems *p, const char *shown) {
  char why[200];
  int line = 0, rc = ark_yamldoc_read(path, doc, &line, why, sizeof why);
  if (rc > 0) problem(p, shown, 0, "cannot be read");
  else if (rc < 0) problem(p, shown, line, "%s", why);
  return rc ? -1 : 0;
}

static int is_int(const char *s, long long *v) {
  char *end;
  if (!*s || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))) return 0;
  *v = strtoll(s, &end, 10);
  return *end == '\0';
}

/* While the cards load, the line of every table and key of a card file,
** for check_card's problems: lines[t] = { [0] = t's line, [key] = the
** line of the key (or list item) }.  The table at index `lines` (0: none)
** gets t's; its own table is left on the stack (its index returned). */
static int line_table(lua_State *L, int t, const yaml_node_t *n, int lines) {
  if (!lines) return 0;
  lua_newtable(L);
  lua_pushinteger(L, line_of(n));
  lua_rawseti(L, -2, 0);
  lua_pushvalue(L, t);
  lua_pushvalue(L, -2);
  lua_rawset(L, lines);
  return lua_gettop(L);
}

/* Pushes node as a Lua value: plain scalars that read as whole numbers or
** true/false become those, lists and maps tables, anything else text; with
** their lines into the table at `lines` (0: none). */
static void push_node(lua_State *L, yaml_document_t *doc, yaml_node_t *n, int depth, int lines) {
  long long v;
  if (!n || depth > 32) {
    lua_pushnil(L);
    return;
  }
  if (n->type == YAML_SCALAR_NODE) {
    const char *s = scalar(n);
    int plain = n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
    if (plain && !strcmp(s, "true")) lua_pushboolean(L, 1);
    else if (plain && !strcmp(s, "false")) lua_pushboolean(L, 0);
    else if (plain && is_int(s, &v)) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushstring(L, s);
  } else if (n->type == YAML_SEQUENCE_NODE) {
    lua_newtable(L);
    int t = lua_gettop(L), ln = line_table(L, t, n, lines), i = 1;
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++, i++) {
      yaml_node_t *item = yaml_document_get_node(doc, *it);
      push_node(L, doc, item, depth + 1, lines);
      lua_rawseti(L, t, i);
      if (ln) {
        lua_pushinteger(L, line_of(item));
        lua_rawseti(L, ln, i);
      }
    }
    if (ln) lua_pop(L, 1);
  } else {
    lua_newtable(L);
    int t = lua_gettop(L), ln = line_table(L, t, n, lines);
    for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
      yaml_node_t *key = yaml_document_get_node(doc, q->key);
      const char *k = scalar(key);
      if (!k) continue;
      push_node(L, doc, yaml_document_get_node(doc, q->value), depth + 1, lines);
      lua_setfield(L, t, k);
      if (ln) {
        lua_pushinteger(L, line_of(key));
        lua_setfield(L, ln, k);
      }
    }
    if (ln) lua_pop(L, 1);
  }
}

/* ---- game.yaml: what the game declares ---- */

static int good_name(const char *s) {
  if (!s || !*s || strlen(s) >= ARK_LG_NAME) return 0;
  for (const char *c = s; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_')) return 0;
  return 1;
}

static int int_field(const yaml_node_t *v, int *out) {
  long long x;
  const char *s = scalar(v);
  if (!s || !is_int(s, &x) || x < -1000000000LL || x > 1000000000LL) return 0;
  *out = (int)x;
  return 1;
}

static void read_tracks(ark_lg_def *d, yaml_document_t *doc, yaml_node_t *list, int table,
                        problems *p, const char *file) {
  const char *key = table ? "table" : "tracks";
  if (list->type != YAML_SEQUENCE_NODE) {
    problem(p, file, line_of(list), "%s: expected a list of {name, min, max, start}", key);
    return;
  }
  for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top;
       it++) {
    yaml_node_t *t = yaml_document_get_node(doc, *it);
    ark_lg_trackdef tr = { "", 0, 0, 0 };
    int has_max = 0;
    if (t->type != YAML_MAPPING_NODE) {
      problem(p, file, line_of(t), "%s: expected {name: N, min: A, max: B, start: C}", key);
      continue;
    }
    for (yaml_node_pair_t *q = t->data.mapping.pairs.start; q < t->data.mapping.pairs.top; q++) {
      const char *k = scalar(yaml_document_get_node(doc, q->key));
      yaml_node_t *v = yaml_document_get_node(doc, q->value);
      if (k && !strcmp(k, "name")) {
        if (good_name(scalar(v))) snprintf(tr.name, sizeof tr.name, "%s", scalar(v));
      } else if (k && !strcmp(k, "min")) {
        if (!int_field(v, &tr.min)) problem(p, file, line_of(v), "%s: min: a whole number", key);
      } else if (k && !strcmp(k, "max")) {
        if (!int_field(v, &tr.max)) problem(p, file, line_of(v), "%s: max: a whole number", key);
        has_max = 1;
      } else if (k && !strcmp(k, "start")) {
        if (!int_field(v, &tr.start))
          problem(p, file, line_of(v), "%s: start: a whole number", key);
      } else {
        problem(p, file, line_of(v), "%s: unknown key '%s' (name, min, max, start)", key,
                k ? k : "?");
      }
    }
    if (!tr.name[0])
      problem(p, file, line_of(t), "%s: name: a lower-case word (a-z, 0-9, _) of at most %d "
              "characters", key, ARK_LG_NAME - 1);
    else if (!has_max || tr.min > tr.max || tr.start < tr.min || tr.start > tr.max)
      problem(p, file, line_of(t), "%s: %s: needs max, and min <= start <= max", key, tr.name);
    else if (ark_lg_track_index(d, table, tr.name) >= 0)
      problem(p, file, line_of(t), "%s: %s is declared twice", key, tr.name);
    else if (d->ntracks[table] == ARK_LG_TRACKS)
      problem(p, file, line_of(t), "%s: more than %d tracks", key, ARK_LG_TRACKS);
    else
      d->tracks[table][d->ntracks[table]++] = tr;
  }
}

static void read_zones(ark_lg_def *d, yaml_document_t *doc, yaml_node_t *list, problems *p,
                       const char *file) {
  static const char *const sees[] = { "all", "owner", "none" };
  if (list->type != YAML_SEQUENCE_NODE) {
    problem(p, file, line_of(list), "zones: expected a list of {name, owner, see}");
    return;
  }
  for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top;
       it++) {
    yaml_node_t *t = yaml_document_get_node(doc, *it);
    ark_lg_zone z = { "", 0, ARK_LG_SEE_ALL, 0 };
    yaml_node_t *played = NULL;
    if (t->type != YAML_MAPPING_NODE) {
      problem(p, file, line_of(t), "zones: expected {name: N, owner: seat|table, see: S}");
      continue;
    }
    for (yaml_node_pair_t *q = t->data.mapping.pairs.start; q < t->data.mapping.pairs.top; q++) {
      const char *k = scalar(yaml_document_get_node(doc, q->key));
      yaml_node_t *v = yaml_document_get_node(doc, q->value);
      const char *s = scalar(v);
      if (k && !strcmp(k, "name")) {
        if (good_name(s)) snprintf(z.name, sizeof z.name, "%s", s);
      } else if (k && !strcmp(k, "owner")) {
        if (s && !strcmp(s, "seat")) z.per_seat = 1;
        else if (!s || strcmp(s, "table"))
          problem(p, file, line_of(v), "zones: owner: seat or table");
      } else if (k && !strcmp(k, "see")) {
        int i = 0;
        while (i < 3 && (!s || strcmp(s, sees[i]))) i++;
        if (i == 3) problem(p, file, line_of(v), "zones: see: all, owner or none");
        else z.see = i;
      } else if (k && !strcmp(k, "played")) {
        played = v;
        if (s && !strcmp(s, "true")) z.played = 1;
        else if (!s || strcmp(s, "false"))
          problem(p, file, line_of(v), "zones: played: true or false");
      } else {
        problem(p, file, line_of(v), "zones: unknown key '%s' (name, owner, see, played)",
                k ? k : "?");
      }
    }
    if (z.played && !z.per_seat)
      problem(p, file, line_of(played), "zones: played: only a zone of each seat (owner: seat) "
              "holds the cards a seat played");
    if (!z.name[0]) problem(p, file, line_of(t), "zones: name: a lower-case word");
    else if (ark_lg_zone_index(d, z.name) >= 0)
      problem(p, file, line_of(t), "zones: %s is declared twice", z.name);
    else if (d->nzones == ARK_LG_ZONES)
      problem(p, file, line_of(t), "zones: more than %d zones", ARK_LG_ZONES);
    else
      d->zones[d->nzones++] = z;
  }
}

static void read_counters(ark_lg_def *d, yaml_node_t *list, yaml_document_t *doc, problems *p,
                          const char *file) {
  if (list->type != YAML_SEQUENCE_NODE) {
    problem(p, file, line_of(list), "counters: expected a list of names");
    return;
  }
  for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top;
       it++) {
    yaml_node_t *v = yaml_document_get_node(doc, *it);
    if (!good_name(scalar(v))) problem(p, file, line_of(v), "counters: a lower-case word");
    else if (d->ncounters == ARK_LG_COUNTERS)
      problem(p, file, line_of(v), "counters: more than %d", ARK_LG_COUNTERS);
    else
      snprintf(d->counters[d->ncounters++], ARK_LG_NAME, "%s", scalar(v));
  }
}

/* The keys game.yaml may have (name, title, players and module are read
** by gamedef.c first). */
static const char *const top_keys[] = { "name", "title", "players", "module", "rules", "cards",
                                        "tracks", "table", "zones", "counters", NULL };

/* How many one-letter edits make a into b, up to 3 (more: 3). */
static int edits(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  int row[ARK_LG_NAME + 1];
  if (la > ARK_LG_NAME || lb > ARK_LG_NAME) return 3;
  for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    int diag = row[0], best;
    row[0] = (int)i;
    best = row[0];
    for (size_t j = 1; j <= lb; j++) {
      int up = row[j], v = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < v) v = up + 1;
      if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
      diag = up;
      row[j] = v;
      if (v < best) best = v;
    }
    if (best >= 3) return 3;
  }
  return row[lb] < 3 ? row[lb] : 3;
}

static int is_kind(const char *dir, const char *rel, int folder) {
  char path[1400];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  return stat(path, &st) == 0 && (folder ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/* Reads the declarations; rules and cards get the folders' names. */
static void read_game_yaml(ark_lg_def *d, problems *p, char *rules, char *cards, size_t n) {
  char path[1100];
  int line[2] = { 0, 0 };                /* of rules:, of cards: */
  yaml_document_t doc;
  snprintf(path, sizeof path, "%s/game.yaml", d->gd.dir);
  if (parse_file(path, &doc, p, path)) return;
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  if (root && root->type == YAML_MAPPING_NODE)
    for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < root->data.mapping.pairs.top;
         q++) {
      yaml_node_t *key = yaml_document_get_node(&doc, q->key);
      const char *k = scalar(key);
      yaml_node_t *v = yaml_document_get_node(&doc, q->value);
      int known = 0;
      if (!k) {
        problem(p, path, line_of(key), "a key is a word");
        continue;
      }
      while (top_keys[known] && strcmp(k, top_keys[known])) known++;
      if (!strcmp(k, "tracks") || !strcmp(k, "table")) {
        read_tracks(d, &doc, v, k[1] == 'a', p, path);
      } else if (!strcmp(k, "zones")) {
        read_zones(d, &doc, v, p, path);
      } else if (!strcmp(k, "counters")) {
        read_counters(d, v, &doc, p, path);
      } else if (!strcmp(k, "rules") || !strcmp(k, "cards")) {
        line[k[0] == 'c'] = line_of(v);
        if (scalar(v) && scalar(v)[0] && !strstr(scalar(v), "..") && scalar(v)[0] != '/')
          snprintf(k[0] == 'r' ? rules : cards, n, "%s", scalar(v));
        else
          problem(p, path, line_of(v), "%s: a %s inside the game folder", k,
                  k[0] == 'r' ? "Lua file" : "folder");
      } else if (!strcmp(k, "players")) {
        if (d->gd.max_players > ARK_LG_SEATS)
          problem(p, path, line_of(v), "players: max %d: a game is played by at most %d players "
                  "(the host seats an AI in at most %d)", d->gd.max_players, ARK_LG_SEATS,
                  ARK_LG_SEATS);
      } else if (!top_keys[known]) {
        const char *near = NULL;
        for (int i = 0; top_keys[i] && !near; i++)
          if (edits(k, top_keys[i]) <= 2) near = top_keys[i];
        if (near)
          problem(p, path, line_of(key), "unknown key '%s': did you mean '%s'?", k, near);
        else
          problem(p, path, line_of(key), "unknown key '%s' (name, title, players, module, rules, "
                  "cards, tracks, table, zones, counters)", k);
      }
    }
  int root_line = root ? line_of(root) : 1;
  yaml_document_delete(&doc);
  if (!line[0])
    problem(p, path, root_line, "rules: missing (the Lua file of the rules)");
  else if (rules[0] && !is_kind(d->gd.dir, rules, 0))
    problem(p, path, line[0], "rules: the game folder has no file %s", rules);
  if (cards[0] && !is_kind(d->gd.dir, cards, 1))
    problem(p, path, line[1], "cards: the game folder has no folder %s", cards);
}

/* ---- cards ---- */

typedef struct paths {
  char **v;
  int n, cap;
} paths;

static int cmp_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect(paths *ps, const char *dir, int depth) {
  DIR *dd = opendir(dir);
  struct dirent *e;
  if (!dd || depth > 8) {
    if (dd) closedir(dd);
    return;
  }
  while ((e = readdir(dd))) {
    char path[1400];
    struct stat st;
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0) continue;
    size_t len = strlen(e->d_name);
    if (S_ISDIR(st.st_mode)) {
      collect(ps, path, depth + 1);
    } else if (len > 5 && !strcmp(e->d_name + len - 5, ".yaml")) {
      if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 256;
        ps->v = realloc(ps->v, sizeof *ps->v * (size_t)ps->cap);
        if (!ps->v) abort();
      }
      ps->v[ps->n] = strdup(path);
      if (!ps->v[ps->n]) abort();
      ps->n++;
    }
  }
  closedir(dd);
}

/* CARDS[id] for every card file, in path order; the lines of their tables
** into the table at index `lines`. */
static void load_cards(ark_lg_def *d, const char *cards, problems *p, int lines) {
  char dir[1100];
  paths ps = { NULL, 0, 0 };
  lua_State *L = d->L;
  snprintf(dir, sizeof dir, "%s/%s", d->gd.dir, cards);
  collect(&ps, dir, 0);
  if (ps.n > 1) qsort(ps.v, (size_t)ps.n, sizeof *ps.v, cmp_path);   /* v is NULL for none */
  lua_newtable(L);
  for (int i = 0; i < ps.n; i++) {
    const char *shown = ps.v[i], *rel = ps.v[i] + strlen(d->gd.dir) + 1;
    yaml_document_t doc;
    if (d->ncards == ARK_LG_CARDS) {
      problem(p, shown, 0, "more than %d cards", ARK_LG_CARDS);
      break;
    }
    if (parse_file(ps.v[i], &doc, p, shown) == 0) {
      yaml_node_t *root = yaml_document_get_root_node(&doc);
      if (!root || root->type != YAML_MAPPING_NODE) {
        problem(p, shown, line_of(root), "a card file is a map of keys");
      } else {
        push_node(L, &doc, root, 0, lines);
        lua_pushinteger(L, d->ncards + 1);
        lua_setfield(L, -2, "id");
        lua_pushstring(L, rel);
        lua_setfield(L, -2, "file");
        lua_rawseti(L, -2, ++d->ncards);
      }
      yaml_document_delete(&doc);
    }
  }
  lua_setglobal(L, "CARDS");
  for (int i = 0; i < ps.n; i++) free(ps.v[i]);
  free(ps.v);
}

/* ---- the Lua state ---- */

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  ark_lg_def *d = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    d->mem -= old;
    return NULL;
  }
  if (nsize > old && d->mem + (nsize - old) > d->mem_limit) return NULL;
  void *np = realloc(ptr, nsize);
  if (!np) return NULL;
  d->mem = d->mem - old + nsize;
  if (nsize > old && d->mem > d->mem_limit - d->mem_limit / 8) ark_wd_memory_high();
  return np;
}

static void open_libs(lua_State *L) {
  ark_sandbox_libs(L);
  /* chance comes only from the game's own numbers (G.random) */
  lua_getglobal(L, "math");
  lua_pushnil(L);
  lua_setfield(L, -2, "random");
  lua_pushnil(L);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
}

const char *ark_lg_fn_where(const ark_lg_def *d, lua_State *L, int idx, char *buf, size_t n) {
  lua_Debug ar;
  if (lua_isfunction(L, idx) && !lua_iscfunction(L, idx)) {
    lua_pushvalue(L, idx);
    if (lua_getinfo(L, ">S", &ar) && ar.source && ar.source[0] == '@' && ar.linedefined > 0) {
      snprintf(buf, n, "%s:%d", ar.source + 1, ar.linedefined);
      return buf;
    }
  }
  snprintf(buf, n, "%s", d->rules);
  return buf;
}

/* "file:line" of the innermost function of the rules' files running on L
** (a dead coroutine keeps its frames), into buf; 0 when there is none. */
static int running_where(lua_State *L, char *buf, size_t n) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && ar.source[0] == '@') {
      snprintf(buf, n, "%s:%d", ar.source + 1, ar.currentline);
      return 1;
    }
  return 0;
}

const char *ark_lg_error_text(lua_State *co, int st, const char *fallback, char *buf,
                              size_t n) {
  char where[300];
  void *ud = NULL;
  /* the cap of the state's own allocator (LuaJIT may have made its own) */
  size_t cap = lua_getallocf(co, &ud) == counting_alloc ? ((ark_lg_def *)ud)->mem_limit : 0;
  if (st != LUA_ERRMEM && lua_isstring(co, -1)) return lua_tostring(co, -1);
  if (!running_where(co, where, sizeof where)) snprintf(where, sizeof where, "%s", fallback);
  if (st == LUA_ERRMEM)
    snprintf(buf, n, "%s: script stopped: out of memory (the scripts' memory cap is %d MiB)",
             where, (int)(cap >> 20));
  else
    snprintf(buf, n, "%s: an error that is not a text (a %s)", where, luaL_typename(co, -1));
  return buf;
}

/* An error that is no text (error(), error({})) gets one with the line
** that raised it: never its __tostring, which is the rules' code and
** might fail or loop in turn. */
int ark_lg_msgh(lua_State *L) {
  char where[300];
  if (lua_isstring(L, 1)) return 1;
  if (!running_where(L, where, sizeof where)) snprintf(where, sizeof where, "?");
  lua_pushfstring(L, "%s: an error that is not a text (a %s)", where, luaL_typename(L, 1));
  return 1;
}

int ark_lg_load_file(lua_State *L, const char *dir, const char *rel) {
  char path[1400], chunk[600];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  FILE *f = fopen(path, "rb");
  if (!f) {
    lua_pushfstring(L, "%s: cannot be read", rel);
    return -2;
  }
  luaL_Buffer b;
  char buf[4096];
  size_t got;
  luaL_buffinit(L, &b);
  while ((got = fread(buf, 1, sizeof buf, f)) > 0) luaL_addlstring(&b, buf, got);
  fclose(f);
  luaL_pushresult(&b);
  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  snprintf(chunk, sizeof chunk, "@%s", rel);
  if (luaL_loadbufferx(L, text, len, chunk, "t") != ARK_LUA_OK) {
    lua_remove(L, -2);
    return -1;
  }
  lua_remove(L, -2);
  lua_pushcfunction(L, ark_lg_msgh);
  lua_insert(L, -2);
  int st = lua_pcall(L, 0, 1, -2);
  lua_remove(L, -2);                   /* the message handler */
  if (st == LUA_ERRMEM) {              /* no handler ran: say where */
    char text[600];
    lua_pushstring(L, ark_lg_error_text(L, st, rel, text, sizeof text));
    lua_remove(L, -2);
  }
  return st == ARK_LUA_OK ? 0 : -1;
}

static void load_rules(ark_lg_def *d, const char *rules, problems *p) {
  lua_State *L = d->L;
  int slot = ark_wd_enter(L, d->budget, d->mem_limit);
  int st = ark_lg_load_file(L, d->gd.dir, rules);
  ark_wd_leave(slot, L);
  if (st) {
    problem(p, NULL, 0, "%s", lua_tostring(L, -1));   /* it names file and line */
    lua_pop(L, 1);
    return;
  }
  if (!lua_istable(L, -1)) {
    problem(p, rules, 0, "the rules file must return the rules table (docs/lua-games.md)");
    lua_pop(L, 1);
    return;
  }
  static const char *const need[] = { "setup", "next", "score", NULL };
  for (int i = 0; need[i]; i++) {
    lua_getfield(L, -1, need[i]);
    if (!lua_isfunction(L, -1)) problem(p, rules, 0, "the rules table has no function '%s'",
                                        need[i]);
    lua_pop(L, 1);
  }
  lua_getfield(L, -1, "steps");
  if (!lua_istable(L, -1)) problem(p, rules, 0, "the rules table has no table 'steps'");
  lua_pop(L, 1);
  d->rules_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* The line check_card's problem names: a text is the card's (its first
** key's line); {text, at = a table of the card, key = k} is k's line in
** that table, else the table's.  Its text into *text (NULL when the
** problem is neither), which the problem on the stack keeps. */
static int problem_line(lua_State *L, int prob, int card, int lines, const char **text) {
  int line = 0, tab = lua_istable(L, prob);
  *text = lua_type(L, prob) == LUA_TSTRING ? lua_tostring(L, prob) : NULL;
  if (tab) {
    lua_getfield(L, prob, "text");
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_rawgeti(L, prob, 1);
    }
    *text = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    lua_pop(L, 1);
  }
  for (int pass = tab ? 0 : 1; pass < 2 && line <= 0; pass++) {
    if (pass == 0) lua_getfield(L, prob, "at");
    else lua_pushvalue(L, card);
    lua_rawget(L, lines);                /* that table's lines, or nil */
    if (lua_istable(L, -1)) {
      if (pass == 0) {
        lua_getfield(L, prob, "key");
        if (!lua_isnil(L, -1)) lua_rawget(L, -2);
        line = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
      }
      if (line <= 0) {
        lua_rawgeti(L, -1, 0);
        line = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  return line;
}

/* The rules' check_card(card), if they have one, for every card: each
** problem it gives is reported at its card file's line. */
static void check_cards(ark_lg_def *d, problems *p, int lines) {
  lua_State *L = d->L;
  char where[300];
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->rules_ref);
  lua_getfield(L, -1, "check_card");
  lua_remove(L, -2);
  if (!lua_isfunction(L, -1)) {
    if (!lua_isnil(L, -1))
      problem(p, d->rules, 0, "check_card must be a function (of the card), not a %s",
              luaL_typename(L, -1));
    lua_pop(L, 1);
    return;
  }
  int fn = lua_gettop(L);
  ark_lg_fn_where(d, L, fn, where, sizeof where);
  lua_getglobal(L, "CARDS");
  int cards = lua_gettop(L);
  for (int id = 1; id <= d->ncards && p->len + 2 < p->n; id++) {
    char file[1400];
    lua_rawgeti(L, cards, id);
    int card = lua_gettop(L);
    lua_getfield(L, card, "file");
    snprintf(file, sizeof file, "%s/%s", d->gd.dir, lua_tostring(L, -1) ? lua_tostring(L, -1)
             : "?");
    lua_pop(L, 1);
    lua_pushcfunction(L, ark_lg_msgh);
    lua_pushvalue(L, fn);
    lua_pushvalue(L, card);
    int slot = ark_wd_enter(L, d->budget, d->mem_limit);
    int st = lua_pcall(L, 1, 1, card + 1);
    int stopped = ark_wd_leave(slot, L) || st == LUA_ERRMEM;
    if (st != ARK_LUA_OK) {
      problem(p, NULL, 0, "%s (check_card of %s)", lua_tostring(L, -1), file);
      /* stopped for time or memory, it would be stopped at every card
      ** again: a thousand cards would take the watchdog's limit each */
      if (stopped) {
        if (id < d->ncards)
          problem(p, d->rules, 0, "check_card was stopped: the %d cards after %s were not "
                  "checked", d->ncards - id, file);
        break;
      }
    } else if (lua_istable(L, -1)) {
      int list = lua_gettop(L);
      for (int i = 1; i <= ark_rawlen(L, list); i++) {
        const char *text;
        lua_rawgeti(L, list, i);
        int line = problem_line(L, lua_gettop(L), card, lines, &text);
        if (text) problem(p, file, line, "%s", text);
        else problem(p, file, 0, "%s: check_card's problem %d is no text nor {text, at, key}",
                     where, i);
        lua_pop(L, 1);
      }
    } else if (!lua_isnil(L, -1)) {
      problem(p, file, 0, "%s: check_card must give nil or a list of problems, not a %s",
              where, luaL_typename(L, -1));
    }
    lua_settop(L, card - 1);
  }
  lua_settop(L, fn - 1);
}

ark_lg_def *ark_lg_def_load(const ark_gamedef *gd, char *msg, size_t n) {
  problems p = { msg, n, 0, 0, gd->dir };
  char rules[256] = "", cards[256] = "";
  msg[0] = '\0';
  ark_lg_def *d = calloc(1, sizeof *d);
  if (!d) {
    snprintf(msg, n, "out of memory");
    return NULL;
  }
  d->refs = 1;
  d->gd = *gd;
  d->mem_limit = (size_t)256 << 20;
  d->budget = 2.0;
  d->rules_ref = LUA_NOREF;
  read_game_yaml(d, &p, rules, cards, sizeof rules);
  d->L = lua_newstate(counting_alloc, d);
#ifdef ARK_LUAJIT
  if (!d->L) d->L = luaL_newstate();   /* a LuaJIT without its 64-bit GC mode */
#endif
  if (!d->L) {
    problem(&p, "game.yaml", 0, "cannot create a Lua state");
  } else {
    open_libs(d->L);
    ark_strlib_set_cap(d->L, d->mem_limit);
    ark_lg_api_open(d->L);
    ark_lg_vars_std(d->L);
    lua_pushstring(d->L, d->gd.dir);   /* G.include reads from the game folder */
    lua_setfield(d->L, LUA_REGISTRYINDEX, "ark.lg.dir");
    snprintf(d->rules, sizeof d->rules, "%s", rules);
    lua_newtable(d->L);                /* the cards' lines, until they are checked */
    int lines = lua_gettop(d->L);
    if (cards[0]) load_cards(d, cards, &p, lines);
    if (rules[0] && p.count == 0) load_rules(d, rules, &p);
    if (p.count == 0) check_cards(d, &p, lines);
    lua_settop(d->L, lines - 1);
  }
  if (p.count) {
    ark_lg_def_release(d);
    return NULL;
  }
  return d;
}

void ark_lg_def_release(ark_lg_def *d) {
  if (!d || --d->refs > 0) return;
  if (d->L) lua_close(d->L);
  free(d);
}

int ark_lg_def_cards(const ark_lg_def *d) { return d->ncards; }
const char *ark_lg_def_rules(const ark_lg_def *d) { return d->rules; }

int ark_lg_track_index(const ark_lg_def *d, int table, const char *name) {
  for (int i = 0; i < d->ntracks[table]; i++)
    if (!strcmp(d->tracks[table][i].name, name)) return i;
  return -1;
}

int ark_lg_zone_index(const ark_lg_def *d, const char *name) {
  for (int i = 0; i < d->nzones; i++)
    if (!strcmp(d->zones[i].name, name)) return i;
  return -1;
}

int ark_lg_counter_index(const ark_lg_def *d, const char *name) {
  for (int i = 0; i < d->ncounters; i++)
    if (!strcmp(d->counters[i], name)) return i;
  return -1;
}
