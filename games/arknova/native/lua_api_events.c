/*
** lua_api_events.c - the rules' fire, fire_own and modify as C functions
** (ark.events_fn, Lua 5.4 only), so that an event or a modifier that no
** card, map or plugin of the seats handles runs no Lua at all: most of
** them (84% of the handler look-ups of a greedy game find none).  Each does
** what its Lua twin in games/arknova/rules/rules.lua does, in the same
** order; the LuaJIT build, whose API has no lua_callk to let a handler
** choose (yield) from under a C function, keeps the Lua ones, and the
** golden logs of the two builds show that they play the same games.
*/
#include "lua_api.h"
#include "luacompat.h"

#ifndef ARK_LUAJIT

/* Upvalues of the three closures: the context (1, as every primitive), the
** handler cache and the miss function of ark.zoo_handlers; modify also
** has the "modify_" .. name keys (a table that makes them). */
enum { U_CACHE = 2, U_MISS, U_KEYS };

/* The loop's place, kept in the continuation's context while a handler
** runs (it may choose, and so yield from under this function): the stack
** top before the loop (the arguments), the first seat, the seat's place
** from it and the next handler's index in the list. */
#define CTX(top, first, i, j) \
  ((lua_KContext)(top) | (lua_KContext)(first) << 8 | (lua_KContext)(i) << 16 | \
   (lua_KContext)(j) << 24)
#define CTX_TOP(c) ((int)((c) & 0xff))
#define CTX_FIRST(c) ((int)(((c) >> 8) & 0xff))
#define CTX_I(c) ((int)(((c) >> 16) & 0xff))
#define CTX_J(c) ((int)((c) >> 24))

/* Puts owner's handlers of the name at index 1 (the list and its length)
** at top + 1 and top + 2, the stack cut to those. */
static int handler_list(lua_State *L, int top, int owner) {
  lua_settop(L, top);
  lua_pushinteger(L, owner);
  ark_lua_push_handlers(L, top + 1, 1, lua_upvalueindex(U_CACHE), lua_upvalueindex(U_MISS));
  int n = (int)lua_tointeger(L, -1);
  lua_copy(L, -2, top + 1);
  lua_copy(L, -1, top + 2);
  lua_settop(L, top + 2);
  return n;
}

/* fire: handler(owner, id, p, ...) for each seat from the first on;
** fire_own (own): handler(p, id, ...) of p's alone.  The arguments after p
** are at 3..top. */
static int fire_from(lua_State *L, int own, int top, int first, int i, int j);

static int fire_k(lua_State *L, int status, lua_KContext c) {
  (void)status;
  return fire_from(L, 0, CTX_TOP(c), CTX_FIRST(c), CTX_I(c), CTX_J(c));
}

static int fire_own_k(lua_State *L, int status, lua_KContext c) {
  (void)status;
  return fire_from(L, 1, CTX_TOP(c), CTX_FIRST(c), CTX_I(c), CTX_J(c));
}

static int fire_from(lua_State *L, int own, int top, int first, int i, int j) {
  ark_game *g = ark_lua_game_seats(L);
  int seats = own ? 1 : g->s.nplayers, more = top - 2;
  for (; i < seats; i++, j = 1) {
    int owner = own ? first : (first + i) % g->s.nplayers;
    int n = j == 1 ? handler_list(L, top, owner) : (int)lua_tointeger(L, top + 2);
    for (; j <= n; j += 2) {
      lua_rawgeti(L, top + 1, j);
      lua_pushinteger(L, owner);
      lua_rawgeti(L, top + 1, j + 1);
      if (!own) lua_pushvalue(L, 2);
      for (int a = 3; a <= top; a++) lua_pushvalue(L, a);
      lua_callk(L, 2 + !own + more, 0, CTX(top, first, i, j + 2), own ? fire_own_k : fire_k);
    }
  }
  return 0;
}

/* The arguments of fire or fire_own (fn): the event's name, p and more,
** p there even if not given; their count. */
static int event_args(lua_State *L, const char *fn) {
  int top = lua_gettop(L);
  luaL_checktype(L, 1, LUA_TSTRING);
  if (top < 2) lua_settop(L, top = 2);
  if (top > 255) luaL_error(L, "%s: too many arguments", fn);
  return top;
}

/* fire(name, p, ...): the seats from p on, or from the current player when
** p is nil or false (the Lua's `p or ark.get(nil, "current")`); each
** handler is handed p as it was given. */
static int l_fire(lua_State *L) {
  ark_game *g = ark_lua_game_seats(L);
  int top = event_args(L, "fire"), first;
  ark_lua_reads_add(g->c, ARK_READ_SETUP);
  if (!lua_toboolean(L, 2)) {              /* nil or false, as `p or ...` */
    ark_lua_reads_add(g->c, ARK_READ_BOARD);
    first = g->s.cur;
  } else {
    lua_Integer n = g->s.nplayers, v = luaL_checkinteger(L, 2);
    first = (int)((v % n + n) % n);                 /* the Lua's (p + i) % n */
  }
  return fire_from(L, 0, top, first, 0, 1);
}

static int l_fire_own(lua_State *L) {
  ark_game *g = ark_lua_game_seats(L);
  int top = event_args(L, "fire_own");
  int p = ark_lua_arg_zoo(L, g, 2);
  return fire_from(L, 1, top, p, 0, 1);
}

/* modify(name, p, value, ...): value itself when no handler of p's
** handles "modify_" .. name, else apply_modifiers(list, n, name, p, value,
** ...)'s answer: the global, looked up when called, as the Lua's is. */
static int modify_k(lua_State *L, int status, lua_KContext c) {
  (void)L;
  (void)status;
  (void)c;
  return 1;
}

static int l_modify(lua_State *L) {
  int top = lua_gettop(L);
  if (top < 3) lua_settop(L, top = 3);
  lua_pushvalue(L, 1);
  lua_gettable(L, lua_upvalueindex(U_KEYS));          /* the key, at top + 1 */
  ark_lua_push_handlers(L, 2, top + 1, lua_upvalueindex(U_CACHE), lua_upvalueindex(U_MISS));
  if (lua_tointeger(L, -1) == 0) {
    lua_pushvalue(L, 3);
    return 1;
  }
  int n = lua_gettop(L);
  lua_getglobal(L, "apply_modifiers");
  lua_pushvalue(L, n - 1);
  lua_pushvalue(L, n);
  for (int a = 1; a <= top; a++) lua_pushvalue(L, a);
  lua_callk(L, top + 2, 1, 0, modify_k);
  return 1;
}

/* ark.events_fn(cache, miss, keys) -> fire, fire_own, modify */
static int l_events_fn(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_CFunction fns[3] = { l_fire, l_fire_own, l_modify };
  for (int k = 0; k < 3; k++) {
    int up = k == 2 ? 3 : 2;
    lua_pushvalue(L, lua_upvalueindex(1));
    for (int a = 1; a <= up; a++) lua_pushvalue(L, a);
    lua_pushcclosure(L, fns[k], 1 + up);
  }
  return 3;
}

void ark_lua_api_events(lua_State *L, void *ctx) {
  lua_pushlightuserdata(L, ctx);
  lua_pushcclosure(L, l_events_fn, 1);
  lua_setfield(L, -2, "events_fn");
}

#else

void ark_lua_api_events(lua_State *L, void *ctx) {
  (void)L;
  (void)ctx;
}

#endif
