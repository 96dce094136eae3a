/*
** luagame_vars.c - a listing of the Lua variables the rules of a game in
** Lua keep from one step to the next (ark_lg_def_vars), for the host's check
** (host/check_lua.c): when a game played beside its copies goes otherwise
** than the same game alone, the variables whose values differ between the
** two are the suspects it names.
**
** The variables are those the rules can reach that outlive a step: the
** fields of the rules table, the globals the rules made (not G, CARDS nor
** the standard library: the names there before the rules ran), and the
** upvalues of every Lua function met on the way (a module-level `local`),
** each walked into the tables it holds to a small depth.  The walk reads
** raw, so no code of the rules runs, and visits keys in a fixed order, so
** two Lua states that hold the same values list them alike.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "luagame_int.h"

#define VARS_DEPTH 4            /* levels of tables walked below a variable */
#define VARS_FIELDS 200         /* fields listed of one table */
#define VARS_LINES 20000        /* lines of one listing */
#define STD_KEY "ark.lg.std"    /* registry: the global names before the rules */

void ark_lg_vars_std(lua_State *L) {
  lua_newtable(L);
  ark_pushglobals(L);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -5);
  }
  lua_pop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, STD_KEY);
}

typedef struct vwalk {
  lua_State *L;
  ark_strbuf out;
  int seen;                     /* stack index: tables, functions, upvalues met */
  int queue;                    /* stack index: functions whose upvalues are next */
  int nqueue;
  int lines;
  char who[512];                /* the variable being listed */
} vwalk;

/* One line "who\tpath\tvalue"; past VARS_LINES one last line says so. */
static void put_line(vwalk *w, const char *path, const char *value) {
  char line[1400];
  if (w->lines > VARS_LINES) return;
  int k = w->lines++ == VARS_LINES
              ? snprintf(line, sizeof line, "-\t-\tmore than %d values: not listed\n", VARS_LINES)
              : snprintf(line, sizeof line, "%s\t%s\t%s\n", w->who, path, value);
  if (k > 0) ark_strbuf_add(&w->out, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

/* Text at most n - 1 bytes of s (len), tabs and line ends made blanks:
** a listing is one value per line. */
static void flat(char *buf, size_t n, const char *s, size_t len) {
  size_t k = 0;
  for (; k < len && k + 1 < n; k++)
    buf[k] = s[k] == '\t' || s[k] == '\n' || s[k] == '\r' ? ' ' : s[k];
  buf[k] = '\0';
}

/* "file:line" where the Lua function at idx is defined. */
static void fn_where(lua_State *L, int idx, char *buf, size_t n) {
  lua_Debug ar;
  lua_pushvalue(L, idx);
  if (lua_getinfo(L, ">S", &ar) && ar.source && ar.source[0] == '@')
    snprintf(buf, n, "%s:%d", ar.source + 1, ar.linedefined);
  else
    snprintf(buf, n, "?");
}

/* The file and the line of "file:line". */
static const char *file_of(const char *where, char *buf, size_t n) {
  const char *colon = strrchr(where, ':');
  snprintf(buf, n, "%.*s", colon ? (int)(colon - where) : (int)strlen(where), where);
  return buf;
}

static const char *line_of(const char *where) {
  const char *colon = strrchr(where, ':');
  return colon ? colon + 1 : "?";
}

/* A value that is no table nor function, as text. */
static void scalar_text(lua_State *L, int idx, char *buf, size_t n) {
  size_t len;
  char s[120];
  switch (lua_type(L, idx)) {
  case LUA_TNUMBER:
  case LUA_TSTRING: {
    int str = lua_type(L, idx) == LUA_TSTRING;
    lua_pushvalue(L, idx);                 /* tolstring converts a number in place */
    const char *t = lua_tolstring(L, -1, &len);
    flat(s, sizeof s, t, len);
    snprintf(buf, n, str ? "\"%s\"%s" : "%s%s", s, len >= sizeof s ? "..." : "");
    lua_pop(L, 1);
    break;
  }
  case LUA_TBOOLEAN: snprintf(buf, n, "%s", lua_toboolean(L, idx) ? "true" : "false"); break;
  default: snprintf(buf, n, "%s", luaL_typename(L, idx)); break;
  }
}

/* Marks the value at idx as met; whether it had been. */
static int meet(vwalk *w, int idx) {
  lua_State *L = w->L;
  lua_pushvalue(L, idx);
  lua_rawget(L, w->seen);
  int was = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (!was) {
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, w->seen);
  }
  return was;
}

/* ---- a table's keys in a fixed order: numbers, then strings, then
** booleans (Lua's own order follows hashes seeded per state) ---- */

typedef struct vkey {
  int at;                       /* index in the table of keys */
  int kind;                     /* 0 number, 1 string, 2 boolean */
  lua_Number num;
  const char *s;
  size_t len;
} vkey;

static int key_cmp(const void *pa, const void *pb) {
  const vkey *a = pa, *b = pb;
  if (a->kind != b->kind) return a->kind - b->kind;
  if (a->kind == 0) return (a->num > b->num) - (a->num < b->num);
  if (a->kind == 2) return (int)a->num - (int)b->num;
  size_t m = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->s, b->s, m);
  return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* The keys of the table at t that have an order, sorted, into *keys
** (malloc'd; the table of their values pushed, which keeps the strings);
** their count, and in *others how many keys have none (tables ...). */
static int sorted_keys(lua_State *L, int t, vkey **keys, int *others) {
  int n = 0, cap = 0;
  *keys = NULL;
  *others = 0;
  lua_newtable(L);
  int ks = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    int type = lua_type(L, -1);
    if (type != LUA_TNUMBER && type != LUA_TSTRING && type != LUA_TBOOLEAN) {
      (*others)++;
      continue;
    }
    if (n == cap) {
      cap = cap ? cap * 2 : 16;
      vkey *nk = realloc(*keys, sizeof *nk * (size_t)cap);
      if (!nk) abort();
      *keys = nk;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, ks, n + 1);
    vkey *k = &(*keys)[n++];
    k->at = n;
    k->kind = type == LUA_TNUMBER ? 0 : type == LUA_TSTRING ? 1 : 2;
    k->num = type == LUA_TBOOLEAN  ? lua_toboolean(L, -1)
             : type == LUA_TNUMBER ? lua_tonumber(L, -1)
                                   : 0;
    k->s = type == LUA_TSTRING ? lua_tolstring(L, -1, &k->len) : NULL;
  }
  if (n > 1) qsort(*keys, (size_t)n, sizeof **keys, key_cmp);
  return n;
}

/* path.key, or path[key] for a key that is no plain name. */
static void child_path(char *buf, size_t n, const char *path, lua_State *L, int key) {
  char k[80];
  size_t len = 0;
  const char *s = lua_type(L, key) == LUA_TSTRING ? lua_tolstring(L, key, &len) : NULL;
  int name = s && len > 0 && len < sizeof k && !(s[0] >= '0' && s[0] <= '9');
  for (size_t i = 0; name && i < len; i++)
    name = s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
           (s[i] >= '0' && s[i] <= '9');
  scalar_text(L, key, k, sizeof k);
  if (name) snprintf(buf, n, "%s.%s", path, s);
  else snprintf(buf, n, "%s[%s]", path, k);
}

static void walk_value(vwalk *w, int idx, const char *path, int depth);

/* The fields of the table at t, in order, each walked below path. */
static void walk_fields(vwalk *w, int t, const char *path, int depth) {
  lua_State *L = w->L;
  vkey *keys;
  int others, n = sorted_keys(L, t, &keys, &others);
  int ks = lua_gettop(L);
  for (int i = 0; i < n && i < VARS_FIELDS; i++) {
    char sub[600];
    lua_rawgeti(L, ks, keys[i].at);
    child_path(sub, sizeof sub, path, L, lua_gettop(L));
    lua_rawget(L, t);
    walk_value(w, lua_gettop(L), sub, depth + 1);
    lua_pop(L, 1);
  }
  char more[120];
  if (n > VARS_FIELDS) {
    snprintf(more, sizeof more, "%d more fields", n - VARS_FIELDS);
    put_line(w, path, more);
  }
  if (others) {
    snprintf(more, sizeof more, "%d fields whose keys are tables or functions", others);
    put_line(w, path, more);
  }
  free(keys);
  lua_settop(L, ks - 1);
}

/* Lists the value at idx as `path`: a table with its fields (once, to
** VARS_DEPTH), a Lua function by where it is defined (its upvalues are
** listed later, as variables of their own), anything else as text. */
static void walk_value(vwalk *w, int idx, const char *path, int depth) {
  lua_State *L = w->L;
  char text[200];
  if (w->lines > VARS_LINES) return;     /* listed as far as it will be */
  luaL_checkstack(L, 8, "listing the rules' variables");
  if (lua_type(L, idx) == LUA_TTABLE) {
    int again = meet(w, idx);
    put_line(w, path, "table");
    if (!again && depth < VARS_DEPTH) walk_fields(w, idx, path, depth);
  } else if (lua_type(L, idx) == LUA_TFUNCTION && !lua_iscfunction(L, idx)) {
    char where[300];
    fn_where(L, idx, where, sizeof where);
    snprintf(text, sizeof text, "function (%.180s)", where);
    put_line(w, path, text);
    if (!meet(w, idx)) {
      lua_pushvalue(L, idx);
      lua_rawseti(L, w->queue, ++w->nqueue);
      lua_pushstring(L, path);             /* its name in messages */
      lua_rawseti(L, w->queue, ++w->nqueue);
    }
  } else {
    scalar_text(L, idx, text, sizeof text);
    put_line(w, path, text);
  }
}

/* Marks G, CARDS and its cards, and the standard library's tables as met:
** the rules' own state is not there.  Pushes the table of standard names. */
static void meet_fixed(vwalk *w) {
  lua_State *L = w->L;
  lua_getfield(L, LUA_REGISTRYINDEX, STD_KEY);
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
  }
  int std = lua_gettop(L);
  ark_pushglobals(L);
  meet(w, -1);
  lua_pushnil(L);
  while (lua_next(L, std)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawget(L, std + 1);
    if (lua_istable(L, -1)) meet(w, -1);
    lua_pop(L, 1);
  }
  lua_getfield(L, std + 1, "CARDS");
  if (lua_istable(L, -1)) {
    meet(w, -1);
    for (int i = 1; i <= ark_rawlen(L, -1); i++) {
      lua_rawgeti(L, -1, i);
      meet(w, -1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
}

/* Every field of the rules table, then every global the rules made. */
static void walk_roots(vwalk *w, int rules, int std) {
  lua_State *L = w->L;
  vkey *keys;
  int others;
  meet(w, rules);
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) ark_pushglobals(L);
    int t = pass ? lua_gettop(L) : rules;
    int n = sorted_keys(L, t, &keys, &others), ks = lua_gettop(L);
    for (int i = 0; i < n; i++) {
      if (keys[i].kind != 1) continue;
      const char *name = keys[i].s;
      lua_pushstring(L, name);
      lua_rawget(L, std);
      int fixed = pass == 1 && (!lua_isnil(L, -1) || !strcmp(name, "G") || !strcmp(name, "CARDS"));
      lua_pop(L, 1);
      if (fixed) continue;
      snprintf(w->who, sizeof w->who, pass ? "global '%s'" : "field '%s' of the rules table",
               name);
      lua_pushstring(L, name);
      lua_rawget(L, t);
      walk_value(w, lua_gettop(L), name, 0);
      lua_pop(L, 1);
    }
    free(keys);
    lua_settop(L, ks - 1 - pass);
  }
}

/* The upvalues of every function met, each a variable of its own (once,
** however many functions share it); the functions they hold join the
** queue. */
static void walk_upvalues(vwalk *w) {
  lua_State *L = w->L;
  for (int q = 1; q < w->nqueue; q += 2) {
    lua_rawgeti(L, w->queue, q);
    lua_rawgeti(L, w->queue, q + 1);
    int fn = lua_gettop(L) - 1;
    char where[300], fname[200], file[300];
    fn_where(L, fn, where, sizeof where);
    snprintf(fname, sizeof fname, "%s", lua_tostring(L, fn + 1));
    const char *up;
    for (int u = 1; (up = lua_getupvalue(L, fn, u)) != NULL; u++) {
      int val = lua_gettop(L);
      lua_pushlightuserdata(L, lua_upvalueid(L, fn, u));
      int again = meet(w, -1);
      lua_pop(L, 1);
      if (!again && up[0] && strcmp(up, "_ENV")) {
        char name[100];
        snprintf(name, sizeof name, "%s", up);
        /* a local of the file the function is in, which is where a
        ** designer wrote it (`local drafted = {}` at the top of a file) */
        snprintf(w->who, sizeof w->who,
                 "local '%.80s' of %.150s (used by function '%.150s', line %.8s)", name,
                 file_of(where, file, sizeof file), fname, line_of(where));
        walk_value(w, val, name, 0);
      }
      lua_settop(L, val - 1);
    }
    lua_settop(L, fn - 1);
  }
}

/* The walk itself, called protected: the tables it makes may find the
** rules' memory full, and a Lua error outside a protected call would end
** the program.  Arguments: the walk, the rules table. */
static int walk_all(lua_State *L) {
  vwalk *w = lua_touserdata(L, 1);
  int rules = 2;
  lua_newtable(L);
  w->seen = lua_gettop(L);
  lua_newtable(L);
  w->queue = lua_gettop(L);
  meet_fixed(w);
  if (lua_istable(L, rules)) walk_roots(w, rules, lua_gettop(L));
  walk_upvalues(w);
  return 0;
}

char *ark_lg_def_vars(ark_lg_def *d) {
  lua_State *L = d->L;
  vwalk w = { L, { NULL, 0, 0 }, 0, 0, 0, 0, "" };
  int top = lua_gettop(L);
  lua_pushcfunction(L, walk_all);
  lua_pushlightuserdata(L, &w);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->rules_ref);
  if (lua_pcall(L, 2, 0, 0) != ARK_LUA_OK) {
    char line[300];
    int k = snprintf(line, sizeof line, "-\t-\tthe listing stopped: %.200s\n",
                     lua_isstring(L, -1) ? lua_tostring(L, -1) : "?");
    if (k > 0) ark_strbuf_add(&w.out, line, (size_t)k);
  }
  lua_settop(L, top);
  ark_strbuf_add(&w.out, "", 1);          /* "" for no variable, and the NUL */
  return w.out.s;
}
