/*
** lua_query_fast.c - the AIs' animals, sponsors and projects queries
** answered with no Lua run.
**
** While no plugin is loaded, QUERIES.animals, .sponsors and .projects are
** the rules' own, and for a seat with no card or map handling the
** modifiers they ask (an animal's cost and the conditions it may ignore; a
** sponsor's level; a project's wildcards and supports) each is one
** primitive: the Animals file's ark.hand_fit_fn function, ark.sponsor_fit(p),
** ark.progress(p) (the action files' own short ways).  The engine then asks
** those primitives' C for the numbers straight into its array: no
** protected Lua call of the query, watchdog, Lua frames, result table or
** reading it back, for most of the queries a greedy game works out.  The
** same parts of the state are noted as read (the handler tests, then the
** primitive), so a kept result is kept alike; tests/test_hand_fit.c
** compares the numbers with the queries run in Lua.
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

/* The animals query by the Animals file's function (which tests both
** modifiers itself, and asks the Flock test's Lua of an animal that fits
** nowhere): -1 where a modifier needs the query's Lua. */
static int animal_rows(lua_State *L, int idx, int *out, int max) {
  ark_content *c = ark_lua_game_seats(L)->c;
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->fast_hand_fit_ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->fast_animals_ref);
  int n = ark_lua_hand_fit_rows(L, lua_gettop(L) - 1, idx, lua_gettop(L), out, max);
  lua_pop(L, 2);
  return n;
}

static const fast_query FAST[ARK_FAST_QUERIES] = {
  { "animals", { NULL, NULL }, animal_rows },
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
  lua_pushinteger(L, a->p);
  int owner = lua_gettop(L);
  if (a->q->mods[0]) {                     /* animals: its function asks them */
    lua_getglobal(L, "has_handler");
    if (!ark_lua_handler_parts(L, lua_gettop(L))) return 0;  /* cache, miss */
    int miss = lua_gettop(L), cache = miss - 1;
    for (int k = 0; k < 2 && a->q->mods[k]; k++) {
      lua_pushstring(L, a->q->mods[k]);
      if (ark_lua_has_handler(L, owner, lua_gettop(L), cache, miss)) return 0;
      lua_pop(L, 1);
    }
  }
  a->n = a->q->rows(L, owner, a->out, a->max);
  a->done = a->n >= 0;
  return 0;
}

/* The Animals file's short way: the function of ark.hand_fit_fn's among
** the upvalues of its hand_fit (the query's), pushed; else nothing, 0. */
static int push_hand_fit_fn(lua_State *L, int hand_fit) {
  const char *name;
  for (int u = 1; (name = lua_getupvalue(L, hand_fit, u)) != NULL; u++) {
    if (ark_lua_is_hand_fit_bound(L, lua_gettop(L))) return 1;
    lua_pop(L, 1);
  }
  return 0;
}

/* The Animals file's table and short way, kept by reference: 0 if either
** is not to be found (then the animals query runs its Lua). */
static int keep_animals(ark_content *c) {
  lua_State *L = c->L;
  int top = lua_gettop(L), ok = 0;
  lua_getglobal(L, "ACTION_SCRIPTS");
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "animals");
    if (lua_istable(L, -1)) {
      lua_getfield(L, -1, "hand_fit");
      if (lua_isfunction(L, -1) && push_hand_fit_fn(L, lua_gettop(L))) {
        c->fast_hand_fit_ref = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_pop(L, 1);                   /* hand_fit */
        c->fast_animals_ref = luaL_ref(L, LUA_REGISTRYINDEX);
        ok = 1;
      }
    }
  }
  lua_settop(L, top);
  return ok;
}

void ark_lua_query_fast_init(ark_content *c) {
  lua_State *L = c->L;
  c->fast_animals_ref = c->fast_hand_fit_ref = LUA_NOREF;
  lua_pushlightuserdata(L, c->lua);        /* the context, as every primitive's */
  lua_pushcclosure(L, fast_run, 1);
  c->fast_run_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  int animals = !c->nplugins && keep_animals(c);
  for (int k = 0; k < ARK_FAST_QUERIES; k++) {
    c->fast_query_ref[k] = LUA_NOREF;
    if (c->nplugins) continue;             /* a plugin may change any */
    if (FAST[k].rows == animal_rows && !animals) continue;
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
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->fast_run_ref);
  lua_pushlightuserdata(L, &a);
  ark_lua_set_game(c, g);
  g->in_query = 1;
  int st = lua_pcall(L, 1, 0, 0);
  g->in_query = 0;
  ark_lua_set_game(c, NULL);
  lua_settop(L, top);
  return st == ARK_LUA_OK && a.done ? a.n : -1;
}
