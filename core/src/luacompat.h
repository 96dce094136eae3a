/*
** luacompat.h - the few places where Lua 5.4 and LuaJIT 2.1 (Lua 5.1 API)
** differ, kept in one header so the rest of the bridge is written once.
*/
#ifndef ARK_LUACOMPAT_H
#define ARK_LUACOMPAT_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#ifdef ARK_LUAJIT
#define ARK_LUA_OK 0
static inline int ark_resume(lua_State *co, lua_State *from, int nargs, int *nres) {
  (void)from;
  int st = lua_resume(co, nargs);
  *nres = lua_gettop(co);
  return st;
}
#define ark_rawlen(L, i) ((int)lua_objlen((L), (i)))
#define ark_isinteger(L, i) 0
/* A whole number at i, *ok 0 for anything else: LuaJIT's own
** lua_tointegerx cuts 1.5 to 1, where Lua 5.4 refuses it. */
static inline lua_Integer ark_tointegerx(lua_State *L, int i, int *ok) {
  lua_Number n = lua_tonumberx(L, i, ok);
  if (*ok && n != (lua_Number)(lua_Integer)n) *ok = 0;
  return (lua_Integer)n;
}
#define ark_lessthan(L, a, b) lua_lessthan((L), (a), (b))
/* Sets table at the top as the environment of the function below it. */
static inline void ark_setenv(lua_State *L, int fidx) { lua_setfenv(L, fidx); }
#define ark_pushglobals(L) lua_pushvalue((L), LUA_GLOBALSINDEX)
#else
#define ARK_LUA_OK LUA_OK
static inline int ark_resume(lua_State *co, lua_State *from, int nargs, int *nres) {
  return lua_resume(co, from, nargs, nres);
}
#define ark_rawlen(L, i) ((int)lua_rawlen((L), (i)))
#define ark_isinteger(L, i) lua_isinteger((L), (i))
#define ark_tointegerx(L, i, ok) lua_tointegerx((L), (i), (ok))
#define ark_lessthan(L, a, b) lua_compare((L), (a), (b), LUA_OPLT)
#define ark_pushglobals(L) lua_pushglobaltable(L)
static inline void ark_setenv(lua_State *L, int fidx) {
  /* a loaded main chunk has exactly one upvalue, _ENV */
  lua_setupvalue(L, fidx, 1);
}
#endif

#endif
