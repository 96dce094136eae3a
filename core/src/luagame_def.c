/*
** luagame_def.c - loading a Lua game's folder: the tracks, zones and
** counters game.yaml declares, every card file as a table of CARDS, and the
** rules file, in one Lua state that all games of the folder share.
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
} problems;

static void problem(problems *p, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void problem(problems *p, const char *file, int line, const char *fmt, ...) {
  char text[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  p->count++;
  if (p->len + 2 >= p->n) return;
  int k = !file ? snprintf(p->msg + p->len, p->n - p->len, "%s%s", p->len ? "\n" : "", text)
        : line > 0 ? snprintf(p->msg + p->len, p->n - p->len, "%s%s:%d: %s", p->len ? "\n" : "",
                              file, line, text)
                   : snprintf(p->msg + p->len, p->n - p->len, "%s%s: %s", p->len ? "\n" : "",
                              file, text);
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

/* Pushes node as a Lua value: plain scalars that read as whole numbers or
** true/false become those, lists and maps tables, anything else text. */
static void push_node(lua_State *L, yaml_document_t *doc, yaml_node_t *n, int depth) {
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
    int i = 1;
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++) {
      push_node(L, doc, yaml_document_get_node(doc, *it), depth + 1);
      lua_rawseti(L, -2, i++);
    }
  } else {
    lua_newtable(L);
    for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
      const char *k = scalar(yaml_document_get_node(doc, q->key));
      if (!k) continue;
      push_node(L, doc, yaml_document_get_node(doc, q->value), depth + 1);
      lua_setfield(L, -2, k);
    }
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
    ark_lg_zone z = { "", 0, ARK_LG_SEE_ALL };
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
      } else {
        problem(p, file, line_of(v), "zones: unknown key '%s' (name, owner, see)", k ? k : "?");
      }
    }
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

/* Reads the declarations; rules and cards get the folders' names. */
static void read_game_yaml(ark_lg_def *d, problems *p, char *rules, char *cards, size_t n) {
  char path[1100];
  yaml_document_t doc;
  snprintf(path, sizeof path, "%s/game.yaml", d->gd.dir);
  if (parse_file(path, &doc, p, "game.yaml")) return;
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  if (root && root->type == YAML_MAPPING_NODE)
    for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < root->data.mapping.pairs.top;
         q++) {
      const char *k = scalar(yaml_document_get_node(&doc, q->key));
      yaml_node_t *v = yaml_document_get_node(&doc, q->value);
      if (!k) continue;
      if (!strcmp(k, "tracks") || !strcmp(k, "table"))
        read_tracks(d, &doc, v, k[1] == 'a', p, "game.yaml");
      else if (!strcmp(k, "zones")) read_zones(d, &doc, v, p, "game.yaml");
      else if (!strcmp(k, "counters")) read_counters(d, v, &doc, p, "game.yaml");
      else if ((!strcmp(k, "rules") || !strcmp(k, "cards")) && scalar(v))
        snprintf(k[0] == 'r' ? rules : cards, n, "%s", scalar(v));
    }
  yaml_document_delete(&doc);
  if (!rules[0]) problem(p, "game.yaml", 0, "rules: missing (the Lua file of the rules)");
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

/* CARDS[id] for every card file, in path order. */
static void load_cards(ark_lg_def *d, const char *cards, problems *p) {
  char dir[1100];
  paths ps = { NULL, 0, 0 };
  lua_State *L = d->L;
  snprintf(dir, sizeof dir, "%s/%s", d->gd.dir, cards);
  collect(&ps, dir, 0);
  qsort(ps.v, (size_t)ps.n, sizeof *ps.v, cmp_path);
  lua_newtable(L);
  for (int i = 0; i < ps.n; i++) {
    const char *shown = ps.v[i] + strlen(d->gd.dir) + 1;
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
        push_node(L, &doc, root, 0);
        lua_pushinteger(L, d->ncards + 1);
        lua_setfield(L, -2, "id");
        lua_pushstring(L, shown);
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

int ark_lg_msgh(lua_State *L) {
  if (!lua_isstring(L, 1)) lua_pushstring(L, "an error without a message");
  return 1;
}

int ark_lg_load_file(lua_State *L, const char *dir, const char *rel) {
  char path[1400], chunk[600];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  FILE *f = fopen(path, "rb");
  if (!f) {
    lua_pushfstring(L, "%s: cannot be read", rel);
    return -1;
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

ark_lg_def *ark_lg_def_load(const ark_gamedef *gd, char *msg, size_t n) {
  problems p = { msg, n, 0, 0 };
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
    lua_pushstring(d->L, d->gd.dir);   /* G.include reads from the game folder */
    lua_setfield(d->L, LUA_REGISTRYINDEX, "ark.lg.dir");
    if (cards[0]) load_cards(d, cards, &p);
    if (rules[0] && p.count == 0) load_rules(d, rules, &p);
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
