/*
** lua_query_fast.c - the AIs' sponsors and projects queries answered with
** no Lua run.
**
** While no plugin is loaded, QUERIES.sponsors and QUERIES.projects are the
** rules' own, and for a seat with no card or map handling the modifiers
** they ask (a sponsor's level; a project's wildcards and supports) each is
** one primitive: ark.sponsor_fit(p), ark.progress(p) (the Sponsors and
** Association files' own short ways).  The engine then asks those
** primitives' C for the numbers straight into its array: no protected Lua
** call of the query, watchdog, Lua frames, result table or reading it
** back, for about half the queries a greedy game works out.  The same
** parts of the state are noted as read (the handler tests, then the
** primitive), so a kept result is kept alike; tests/test_hand_fit.c
** compares the numbers with the query run in Lua.
*/
#include <string.h>
#include "lua_api.h"
#include "lua_bridge.h"
#include "luacompat.h"

typedef struct fast_query {
  const char *name;
  const char *mods[2];                /* the modifiers that need the Lua */
  int (*rows)(lua_State *L, int idx, int *out, int max);
} fast_query;

static const fast_query FAST[ARK_FAST_QUERIES] = {
  { "sponsors", { "modify_sponsor_level", NULL }, ark_lua_sponsor_rows },
  { "projects", { "modify_project_wildcards", "modify_project_supports" },
    ark_lua_progress_rows },
};

typedef struct fast_args {
  const fast_query *q;
  int p, *out, max, n, done;
} fast_args;

/* (args) -> nothing; args->done when the numbers were written.  Protected:
** a handler look-up may run the rules' Lua for a zoo seen first. */
static int fast_run(lua_State *L) {
  fast_args *a = lua_touserdata(L, 1);
  lua_getglobal(L, "has_handler");
  if (!ark_lua_handler_parts(L, lua_gettop(L))) return 0;    /* cache, miss */
  int miss = lua_gettop(L), cache = miss - 1;
  lua_pushinteger(L, a->p);
  int owner = lua_gettop(L);
  for (int k = 0; k < 2 && a->q->mods[k]; k++) {
    lua_pushstring(L, a->q->mods[k]);
    if (ark_lua_has_handler(L, owner, lua_gettop(L), cache, miss)) return 0;
    lua_pop(L, 1);
  }
  a->n = a->q->rows(L, owner, a->out, a->max);
  a->done = 1;
  return 0;
}

void ark_lua_query_fast_init(ark_content *c) {
  lua_State *L = c->L;
  for (int k = 0; k < ARK_FAST_QUERIES; k++) {
    c->fast_query_ref[k] = LUA_NOREF;
    if (c->nplugins) continue;             /* a plugin may change either */
    lua_getglobal(L, "QUERIES");
    if (lua_istable(L, -1)) {
      lua_getfield(L, -1, FAST[k].name);
      if (lua_isfunction(L, -1)) c->fast_query_ref[k] = luaL_ref(L, LUA_REGISTRYINDEX);
      else lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

int ark_lua_query_fast(ark_game *g, int fn, const char *name, int p, int *out, int max) {
  ark_content *c = g->c;
  lua_State *L = c->L;
  int k = 0;
  while (k < ARK_FAST_QUERIES && strcmp(FAST[k].name, name)) k++;
  if (k == ARK_FAST_QUERIES || c->fast_query_ref[k] == LUA_NOREF) return -1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->fast_query_ref[k]);
  int same = lua_rawequal(L, -1, fn);      /* not one a test put in its place */
  lua_pop(L, 1);
  if (!same) return -1;
  fast_args a = { &FAST[k], p, out, max, 0, 0 };
  int top = lua_gettop(L);
  lua_pushlightuserdata(L, c->lua);        /* the context, as every primitive's */
  lua_pushcclosure(L, fast_run, 1);
  lua_pushlightuserdata(L, &a);
  ark_lua_set_game(c, g);
  g->in_query = 1;
  int st = lua_pcall(L, 1, 0, 0);
  g->in_query = 0;
  ark_lua_set_game(c, NULL);
  lua_settop(L, top);
  return st == ARK_LUA_OK && a.done ? a.n : -1;
}
