/*
** lua_bridge.c - the Lua state of a content and the coroutine of each step.
**
** Layout of the Lua state:
**   _G          the rules environment: safe base/string/table/math, the
**               `ark` primitives (lua_api.c), the embedded core/lua rules
**   CARDS[id]   a read-only description of every card (built here)
**   ACTION_SCRIPTS[name]  the table returned by cards/actions/<name>.lua
**   SCRIPTS[id] the table returned by a card's own script, if it has one
** Each card script runs in an environment of its own whose reads fall back
** to _G, so one card cannot overwrite another card's functions.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua_bridge.h"
#include "lua_api.h"
#include "luacompat.h"
#include "sandbox.h"
#include "strlib.h"
#include "track.h"
#include "watchdog.h"
#ifdef ARK_LUAJIT
#include <luajit.h>
#endif

extern const struct { const char *name; const char *text; size_t size; } ark_embedded[];

static const char *const action_names[ARK_N_ACTIONS] = {
  "animals", "build", "cards", "association", "sponsors"
};

/* Reads a whole file; NULL if it cannot be read. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0) break;
    if (n == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) { free(buf); buf = NULL; }
      else buf = nb;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* A file's name as messages show it: relative to the data folder when it
** lies inside it ("cards/animals/401-cheetah.lua"), else as given. */
static const char *shown_name(const ark_content *c, const char *path) {
  size_t n = c->data_dir ? strlen(c->data_dir) : 0;
  if (n && !strncmp(path, c->data_dir, n) && path[n] == '/') return path + n + 1;
  return path;
}

/* Loads text (never bytecode) as a chunk named after its file, so errors
** read "cards/actions/build.lua:12: message". */
static int load_chunk(ark_content *c, const char *name, const char *text,
                      size_t len) {
  char chunk[1500];
  snprintf(chunk, sizeof chunk, "@%s", shown_name(c, name));
  if (luaL_loadbufferx(c->L, text, len, chunk, "t") != ARK_LUA_OK) {
    ark_content_error(c, NULL, 0, "%s", lua_tostring(c->L, -1));
    lua_pop(c->L, 1);
    return -1;
  }
  return 0;
}

/* Runs the chunk on the stack top with no arguments; leaves 1 result. */
static int run_chunk(ark_content *c) {
  if (lua_pcall(c->L, 0, 1, 0) != ARK_LUA_OK) {
    ark_content_error(c, NULL, 0, "%s", lua_tostring(c->L, -1));
    lua_pop(c->L, 1);
    return -1;
  }
  return 0;
}

static void open_safe_libs(lua_State *L) {
  luaL_openlibs(L);
  /* drop everything that reaches outside the game or loads code */
  static const char *const drop[] = {
    "io", "os", "debug", "package", "require", "dofile", "loadfile", "load",
    "loadstring", "collectgarbage", "coroutine", "jit", "ffi", "bit", "utf8",
    "module", "newproxy", "gcinfo", "setfenv", "getfenv", NULL
  };
  for (int i = 0; drop[i]; i++) {
    lua_pushnil(L);
    lua_setglobal(L, drop[i]);
  }
  ark_strlib_open(L);
  ark_sandbox_open(L);
}

static void set_int(lua_State *L, const char *k, int v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

static void set_str(lua_State *L, const char *k, const char *v) {
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

static void push_icon_table(lua_State *L, const uint8_t *counts) {
  lua_newtable(L);
  for (int i = 0; i < ARK_ICON_N; i++) {
    if (!counts[i]) continue;
    lua_pushinteger(L, counts[i]);
    lua_setfield(L, -2, ark_icon_name(i));
  }
}

static void push_int_list(lua_State *L, const int8_t *v, int n) {
  lua_newtable(L);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, v[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* CARDS[id] = { id=, number=, name=, type=, cost=, icons={...}, ... } */
static void push_card(lua_State *L, const ark_card_def *d, int id) {
  static const char *const types[] = { "animal", "sponsor", "project", "scoring" };
  static const char *const kinds[] = { "icon", "release", "breeding" };
  lua_newtable(L);
  set_int(L, "id", id);
  set_int(L, "number", d->number);
  set_str(L, "name", d->name);
  set_str(L, "type", types[d->type]);
  set_str(L, "path", d->path ? d->path : "");
  set_int(L, "cost", d->cost);
  set_int(L, "size", d->size);
  set_int(L, "water", d->water);
  set_int(L, "rock", d->rock);
  set_int(L, "reptile_house", d->reptile_size);
  set_int(L, "aviary", d->aviary_size);
  set_int(L, "petting_zoo", d->petting_size);
  set_int(L, "appeal", d->appeal);
  set_int(L, "conservation", d->conservation);
  set_int(L, "reputation", d->reputation);
  set_int(L, "level", d->level);
  set_int(L, "min_reputation", d->min_reputation);
  push_icon_table(L, d->icons);
  lua_setfield(L, -2, "icons");
  push_icon_table(L, d->req_icons);
  lua_setfield(L, -2, "requires");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_PARTNER_ZOO) != 0);
  lua_setfield(L, -2, "needs_partner_zoo");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_ANIMALS_II) != 0);
  lua_setfield(L, -2, "needs_animals_ii");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_SPONSORS_II) != 0);
  lua_setfield(L, -2, "needs_sponsors_ii");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_MAX_APPEAL_25) != 0);
  lua_setfield(L, -2, "max_appeal_25");
  lua_newtable(L);
  for (int i = 0; i < d->n_abilities; i++) {
    lua_pushstring(L, d->abilities[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "abilities");
  if (d->building[0]) set_str(L, "building", d->building);
  if (d->type == ARK_CARD_PROJECT) {
    set_str(L, "kind", kinds[d->proj_kind]);
    if (d->proj_count >= 100) {
      static const char *const special[] = { "categories", "continents",
                                             "small-animals", "large-animals" };
      set_str(L, "counts", special[d->proj_count - 100]);
    } else if (d->proj_count >= 0) {
      set_str(L, "counts", ark_icon_name(d->proj_count));
    }
    lua_pushboolean(L, d->base);
    lua_setfield(L, -2, "base");
    set_int(L, "bonus_reputation", d->bonus_reputation);
  }
  set_int(L, "levels", d->n_levels);
  push_int_list(L, d->thresholds, d->n_levels);
  lua_setfield(L, -2, "thresholds");
  push_int_list(L, d->rewards, d->n_levels);
  lua_setfield(L, -2, "rewards");
  push_int_list(L, d->rep_rewards, d->n_levels);
  lua_setfield(L, -2, "reputation_rewards");
}

static void build_card_table(ark_content *c) {
  lua_State *L = c->L;
  lua_newtable(L);
  for (int id = 0; id < c->ncards; id++) {
    push_card(L, &c->cards[id], id);
    lua_rawseti(L, -2, id);
  }
  lua_setglobal(L, "CARDS");
  lua_newtable(L);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    lua_pushstring(L, action_names[a]);
    lua_rawseti(L, -2, a + 1);
  }
  lua_setglobal(L, "ACTIONS");
}

static int load_embedded_rules(ark_content *c) {
  for (int i = 0; ark_embedded[i].name; i++) {
    if (load_chunk(c, ark_embedded[i].name, ark_embedded[i].text,
                   ark_embedded[i].size) != 0 || run_chunk(c) != 0)
      return -1;
    lua_pop(c->L, 1);
  }
  return 0;
}

/* Loads a script and stores what it returns (or its environment) in table
** `into` under key.  Trusted scripts (action cards) read the rules
** environment; card scripts get an allow-listed environment of their own
** (make_card_env in core/lua/api.lua) and, under LuaJIT, run interpreted so
** the watchdog's hook can always stop them. */
/* Is path inside the data folder's cards/ or maps/ (shipped, not fan)? */
static int shipped(const ark_content *c, const char *path) {
  char dir[1100];
  for (int i = 0; i < 2; i++) {
    snprintf(dir, sizeof dir, "%s/%s/", c->data_dir ? c->data_dir : ".", i ? "maps" : "cards");
    if (!strncmp(path, dir, strlen(dir))) return 1;
  }
  return 0;
}

static int load_script(ark_content *c, const char *path, const char *into,
                       int key_is_int, int ikey, const char *skey, int trusted) {
  lua_State *L = c->L;
  size_t len;
  if (!trusted && c->mem_uncapped && !shipped(c, path)) {
    ark_content_error(c, shown_name(c, path), 0, "refused: this LuaJIT build cannot cap the "
                      "memory of scripts (it takes no custom allocator), so it runs only the "
                      "shipped card scripts; play fan cards with the Lua 5.4 build");
    return -1;
  }
  char *text = read_file(path, &len);
  if (!text) {
    ark_content_error(c, path, 0, "cannot read the script");
    return -1;
  }
  int st = load_chunk(c, path, text, len);
  free(text);
  if (st != 0) return -1;
#ifdef ARK_LUAJIT
  /* ARK_JIT_CARDS=1 leaves the JIT on for card scripts: only for measuring
  ** what the interpreter costs (bench/README.md); such a build's watchdog
  ** cannot stop a compiled loop */
  if (!trusted && !getenv("ARK_JIT_CARDS"))
    luaJIT_setmode(L, -1, LUAJIT_MODE_ALLFUNC | LUAJIT_MODE_OFF);
#endif
  if (trusted) {
    lua_newtable(L);                   /* env reading through to _G */
    lua_newtable(L);
    lua_getglobal(L, "_G");
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
  } else {
    lua_getglobal(L, "make_card_env");
    if (lua_pcall(L, 0, 1, 0) != ARK_LUA_OK) {
      ark_content_error(c, path, 0, "%s", lua_tostring(L, -1));
      lua_pop(L, 2);
      return -1;
    }
  }
  lua_pushvalue(L, -1);
  lua_insert(L, -3);                   /* env, chunk, env */
  ark_setenv(L, -2);                   /* env, chunk */
  if (lua_pcall(L, 0, 1, 0) != ARK_LUA_OK) {
    ark_content_error(c, NULL, 0, "%s", lua_tostring(L, -1));
    lua_pop(L, 2);
    return -1;
  }
  if (!lua_istable(L, -1)) {           /* no table returned: use the env */
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
  }
  lua_getglobal(L, into);
  lua_insert(L, -2);
  if (key_is_int) lua_rawseti(L, -2, ikey);
  else lua_setfield(L, -2, skey);
  lua_pop(L, 2);                       /* into, env */
  return 0;
}

static int load_action_scripts(ark_content *c, const char *cards_dir) {
  char path[1200];
  int bad = 0;
  lua_newtable(c->L);
  lua_setglobal(c->L, "ACTION_SCRIPTS");
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    snprintf(path, sizeof path, "%s/actions/%s.lua", cards_dir, action_names[a]);
    bad |= load_script(c, path, "ACTION_SCRIPTS", 0, 0, action_names[a], 1);
  }
  return bad ? -1 : 0;
}

/* SCRIPTS[card id] and MAP_SCRIPTS[map index]: the untrusted scripts. */
static int load_card_scripts(ark_content *c) {
  int bad = 0;
  lua_newtable(c->L);
  lua_setglobal(c->L, "SCRIPTS");
  lua_newtable(c->L);
  lua_setglobal(c->L, "MAP_SCRIPTS");
  for (int id = 0; id < c->ncards; id++)
    if (c->cards[id].script)
      bad |= load_script(c, c->cards[id].script, "SCRIPTS", 1, id, NULL, 0);
  for (int m = 0; m < c->nmaps; m++)
    if (c->maps[m].script)
      bad |= load_script(c, c->maps[m].script, "MAP_SCRIPTS", 1, m, NULL, 0);
  return bad ? -1 : 0;
}

/* PLUGIN_SCRIPTS[i]: plugin hooks, in load order.  Plugins are installed
** on purpose, like the rules themselves, so they run in the rules
** environment and may change rules tables (docs/plugins.md). */
static int load_plugin_scripts(ark_content *c) {
  int bad = 0;
  lua_newtable(c->L);
  lua_setglobal(c->L, "PLUGIN_SCRIPTS");
  for (int i = 0; i < c->nplugins; i++)
    if (c->plugins[i].script)
      bad |= load_script(c, c->plugins[i].script, "PLUGIN_SCRIPTS", 1, i + 1, NULL, 1);
  return bad ? -1 : 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* cards/lib/NAME.lua: the keyword abilities and helpers shared by cards, run
** in the rules environment (they ship with the engine), in name order. */
static int load_card_lib(ark_content *c, const char *cards_dir) {
  char dir[1100], path[1400];
  char *names[256];
  int n = 0, bad = 0;
  snprintf(dir, sizeof dir, "%s/lib", cards_dir);
  DIR *d = opendir(dir);
  if (!d) return 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 4 && !strcmp(e->d_name + len - 4, ".lua")) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], cmp_str);
  for (int i = 0; i < n; i++) {
    size_t len;
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    char *text = read_file(path, &len);
    if (!text) {
      ark_content_error(c, path, 0, "cannot read the script");
      bad = 1;
    } else {
      if (load_chunk(c, path, text, len) != 0 || run_chunk(c) != 0) bad = 1;
      else lua_pop(c->L, 1);
      free(text);
    }
    free(names[i]);
  }
  return bad ? -1 : 0;
}

/* Counts the bytes of the Lua state and refuses growth past the cap, so a
** script that allocates without end gets a memory error, not the machine.
** Used by both builds (LuaJIT in its 64-bit GC mode takes it too). */
static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  ark_content *c = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    c->lua_mem -= old;
    return NULL;
  }
  if (nsize > old && c->lua_mem_limit && c->lua_mem + (nsize - old) > c->lua_mem_limit)
    return NULL;
  void *np = realloc(ptr, nsize);
  if (!np) return NULL;
  c->lua_mem = c->lua_mem - old + nsize;
  return np;
}

size_t ark_strlib_max_bytes(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, "ark.content");
  const ark_content *c = lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (!c || !c->lua_mem_limit) return (size_t)-1;
  size_t used = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024;
  return used < c->lua_mem_limit ? c->lua_mem_limit - used : 0;
}

static int is_known_handler(lua_State *L, const char *name) {
  if (name[0] == '_') return 1;
  lua_getglobal(L, "KNOWN_HANDLER_SET");
  lua_getfield(L, -1, name);
  int known = !lua_isnil(L, -1);
  lua_pop(L, 2);
  return known;
}

/* Reports the fields of a script's table that are no trigger handler, at
** the line where the function was defined. */
static void check_handlers(ark_content *c, const char *table, int key, const char *path) {
  lua_State *L = c->L;
  lua_getglobal(L, table);
  lua_rawgeti(L, -1, key);
  if (!lua_istable(L, -1)) {
    lua_pop(L, 2);
    return;
  }
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING && !is_known_handler(L, lua_tostring(L, -2))) {
      int line = 0;
      if (lua_isfunction(L, -1)) {
        lua_Debug ar;
        lua_pushvalue(L, -1);
        if (lua_getinfo(L, ">S", &ar)) line = ar.linedefined;
      }
      ark_content_error(c, shown_name(c, path), line,
                        "'%s' is not a trigger handler (see docs/triggers.md)",
                        lua_tostring(L, -2));
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

/* Keyword abilities the cards name but no library defines, or with a value
** the keyword cannot take: validate_keywords() of cards/lib/keywords.lua. */
static void check_keywords(ark_content *c) {
  lua_State *L = c->L;
  lua_getglobal(L, "validate_keywords");
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  if (lua_pcall(L, 0, 1, 0) != ARK_LUA_OK) {
    ark_content_error(c, NULL, 0, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return;
  }
  for (int i = 1; lua_istable(L, -1) && (lua_rawgeti(L, -1, i), !lua_isnil(L, -1)); i++) {
    ark_content_error(c, NULL, 0, "%s", shown_name(c, lua_tostring(L, -1)));
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

static void check_scripts(ark_content *c) {
  for (int id = 0; id < c->ncards; id++)
    if (c->cards[id].script) check_handlers(c, "SCRIPTS", id, c->cards[id].script);
  for (int m = 0; m < c->nmaps; m++)
    if (c->maps[m].script) check_handlers(c, "MAP_SCRIPTS", m, c->maps[m].script);
  if (c->strict) check_keywords(c);
  for (int i = 0; i < c->nplugins; i++)
    if (c->plugins[i].script) check_handlers(c, "PLUGIN_SCRIPTS", i + 1, c->plugins[i].script);
}

int ark_lua_open(ark_content *c, const char *cards_dir) {
  c->L = lua_newstate(counting_alloc, c);
#ifdef ARK_LUAJIT
  if (!c->L) {
    /* a LuaJIT built without its 64-bit GC mode takes no allocator of ours:
    ** nothing would cap what a script allocates in one call, so fan
    ** scripts are refused (load_script) */
    c->L = luaL_newstate();
    c->mem_uncapped = 1;
  }
#endif
  if (!c->L) {
    ark_content_error(c, NULL, 0, "cannot create a Lua state");
    return -1;
  }
  lua_pushlightuserdata(c->L, c);
  lua_setfield(c->L, LUA_REGISTRYINDEX, "ark.content");
  open_safe_libs(c->L);
  if (ark_lua_api_open(c) != 0) return -1;
  build_card_table(c);
  if (load_embedded_rules(c) != 0) return -1;
  if (load_card_lib(c, cards_dir) != 0) return -1;
  if (load_action_scripts(c, cards_dir) != 0) return -1;
  if (load_card_scripts(c) != 0 || load_plugin_scripts(c) != 0) return -1;
  check_scripts(c);
  return c->nerrors ? -1 : 0;
}

void ark_lua_close(ark_content *c) {
  if (c->L) lua_close(c->L);
  c->L = NULL;
  ark_lua_api_close(c);
}

/* ---- steps ---- */

/* Is script file `path` (NULL: none) the chunk named src (len long)? */
static int script_named(const ark_content *c, const char *path, const char *src, size_t len) {
  const char *sc = path ? shown_name(c, path) : NULL;
  return sc && strlen(sc) == len && !strncmp(sc, src, len);
}

/* The card (return >= 0) or map (-2 - map index) whose script chunk is
** named src; -1 for none (the rules, a plugin). */
static int script_of_source(const ark_content *c, const char *src, size_t len) {
  if (len > 0 && src[0] == '@') { src++; len--; }
  for (int id = 0; id < c->ncards; id++)
    if (script_named(c, c->cards[id].script, src, len)) return id;
  for (int m = 0; m < c->nmaps; m++)
    if (script_named(c, c->maps[m].script, src, len)) return -2 - m;
  return -1;
}

/* Whose script caused the error: the innermost frame of a card or map
** script on the stack, else the file named at the start of the message. */
static int blame(const ark_content *c, lua_State *co, const char *msg) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(co, level, &ar); level++) {
    if (!lua_getinfo(co, "S", &ar) || !ar.source) continue;
    int who = script_of_source(c, ar.source, strlen(ar.source));
    if (who != -1) return who;
  }
  const char *colon = msg ? strchr(msg, ':') : NULL;
  return colon ? script_of_source(c, msg, (size_t)(colon - msg)) : -1;
}

static int start_coroutine(ark_game *g);

/* Does seat p's map run the script of map m?  (The two sides of a
** printed map share one script file.) */
static int runs_map_script(const ark_game *g, int p, int m) {
  if (g->s.p[p].map < 0) return 0;       /* not chosen yet (advanced mode) */
  const char *a = g->c->maps[g->s.p[p].map].script, *b = g->c->maps[m].script;
  return a && b && !strcmp(a, b);
}

/* A card or map script failed: undo the step, switch that script off for
** the rest of the game (who: as blame() returns), report it, and run the
** step again from its start. */
static int stop_script(ark_game *g, int who, const char *msg) {
  char text[600];
  /* keep the scripts already switched off in this step: restoring the
  ** snapshot alone would switch them on again */
  uint8_t off[sizeof g->s.script_off], map_off = g->s.map_script_off;
  memcpy(off, g->s.script_off, sizeof off);
  g->s = g->snap;
  memcpy(g->s.script_off, off, sizeof off);
  g->s.map_script_off = map_off;
  g->nev = g->snap_events;
  g->pool.len = (size_t)g->snap_pool;
  g->nanswers = g->snap_answers;
  g->pending = 0;
  if (who >= 0) {
    g->s.script_off[who / 8] |= (uint8_t)(1u << (who % 8));
    snprintf(text, sizeof text, "script of %s stopped: %s", g->c->cards[who].name, msg);
  } else {
    for (int p = 0; p < g->s.nplayers; p++)
      if (runs_map_script(g, p, -2 - who)) g->s.map_script_off |= (uint8_t)(1u << p);
    snprintf(text, sizeof text, "script of map %s stopped: %s", g->c->maps[-2 - who].name, msg);
  }
  g->s.script_stopped = 1;
  /* a: the card, or the map index as map scripts' own log lines carry it */
  ark_game_log(g, -1, ARK_EV_TEXT, who >= 0 ? who : -2 - who, 0, 0, text);
  return start_coroutine(g);
}

/* Is that card's or map's script still on (who: as blame() returns)? */
static int script_still_on(const ark_game *g, int who) {
  if (who >= 0) return !(g->s.script_off[who / 8] & (1u << (who % 8)));
  for (int p = 0; p < g->s.nplayers; p++)
    if (runs_map_script(g, p, -2 - who) && !((g->s.map_script_off >> p) & 1)) return 1;
  return 0;
}

static int run(ark_game *g, int nargs) {
  lua_State *co = g->co;
  int nres = 0;
  ark_lua_set_game(g->c, g);
  int slot = ark_wd_enter(co, g->c->script_budget, g->c->lua_mem_limit);
  int st = ark_resume(co, NULL, nargs, &nres);
  ark_wd_leave(slot, co);
  ark_lua_set_game(g->c, NULL);
  if (st == LUA_YIELD) {
    lua_pop(co, nres);
    if (!g->pending) {
      ark_game_fail(g, "a script yielded without asking for a decision");
      return -1;
    }
    return 0;
  }
  if (st == ARK_LUA_OK) {
    g->step_done = 1;
    return 0;
  }
  const char *m = lua_tostring(co, -1);
  char msg[ARK_ERRMSG];
  snprintf(msg, sizeof msg, "%s", m ? m : "script error (no message)");
  if (st == LUA_ERRMEM) {
    lua_Debug ar;
    /* a memory error carries no position: take it from the stack */
    for (int level = 0; lua_getstack(co, level, &ar); level++)
      if (lua_getinfo(co, "Sl", &ar) && ar.currentline > 0) {
        snprintf(msg, sizeof msg, "%s:%d: script stopped: out of memory (cap %d MiB)",
                 ar.source[0] == '@' ? ar.source + 1 : ar.short_src, ar.currentline,
                 (int)(g->c->lua_mem_limit >> 20));
        break;
      }
  }
  int who = blame(g->c, co, msg);
  /* the dead coroutine still holds what the script allocated: let it go
  ** before collecting, or a step that filled the memory leaves it full */
  ark_lua_drop_step(g);
  lua_gc(g->c->L, LUA_GCCOLLECT, 0);
  if (who != -1 && script_still_on(g, who)) return stop_script(g, who, msg);
  ark_game_fail(g, "%s", msg);
  /* keep what the game reports consistent: the state of the step's start */
  g->s = g->snap;
  g->pending = 0;
  return -1;
}

static int start_coroutine(ark_game *g) {
  lua_State *L = g->c->L;
  ark_lua_drop_step(g);
  lua_State *co = lua_newthread(L);
  g->co_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  g->co = co;
  lua_newtable(L);
  g->step_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getglobal(co, g->step_fn);
  if (!lua_isfunction(co, -1)) {
    ark_game_fail(g, "rules function '%s' is missing", g->step_fn);
    return -1;
  }
  lua_pushinteger(co, g->step_player);
  return run(g, 1);
}

int ark_lua_start(ark_game *g, const char *fn, int player) {
  snprintf(g->step_fn, sizeof g->step_fn, "%s", fn);
  g->step_player = player;
  return start_coroutine(g);
}

int ark_lua_resume(ark_game *g, int answer) {
  if (!g->co) {
    ark_game_fail(g, "no step is running");
    return -1;
  }
  lua_pushinteger(g->co, answer + 1);
  return run(g, 1);
}

void ark_lua_drop_step(ark_game *g) {
  if (g->c->L) {
    if (g->co_ref >= 0) luaL_unref(g->c->L, LUA_REGISTRYINDEX, g->co_ref);
    if (g->step_ref >= 0) luaL_unref(g->c->L, LUA_REGISTRYINDEX, g->step_ref);
  }
  g->co_ref = -1;
  g->step_ref = -1;
  g->co = NULL;
}

/* ---- read-only queries ---- */

/* Runs on the main Lua state, outside any step: a query that tries to ask
** a decision fails (it cannot yield), and the state and the event log are
** put back whatever the script did, so a careless query cannot change the
** game. */
int ark_game_query(const ark_game *cg, const char *name, int p, int *out, int max) {
  ark_game *g = (ark_game *)cg;       /* bound for the call, restored after */
  lua_State *L = g->c->L;
  if (!L || p < 0 || p >= g->s.nplayers) return -1;
  int top = lua_gettop(L), n = -1;
  lua_getglobal(L, "QUERIES");
  if (lua_istable(L, -1)) lua_getfield(L, -1, name);
  if (!lua_isfunction(L, -1)) {
    lua_settop(L, top);
    return -1;
  }
  ark_state keep = g->s;
  int nev = g->nev;
  size_t pool = g->pool.len;
  lua_pushinteger(L, p);
  ark_lua_set_game(g->c, g);
  int slot = ark_wd_enter(L, g->c->script_budget, g->c->lua_mem_limit);
  int st = lua_pcall(L, 1, 1, 0);
  ark_wd_leave(slot, L);
  ark_lua_set_game(g->c, NULL);
  if (st == ARK_LUA_OK && lua_istable(L, -1)) {
    n = ark_rawlen(L, -1);
    for (int i = 0; i < n && i < max; i++) {
      lua_rawgeti(L, -1, i + 1);
      out[i] = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
  g->s = keep;                        /* and the log: a query leaves no trace */
  g->nev = nev;
  g->pool.len = pool;
  return n;
}
