/*
** sandbox.c - the base functions card and map scripts get in place of
** Lua's own (ark_sandbox_open fills the rules-only table SANDBOX; api.lua
** puts them into each script's environment).
**
**   pairs, next    visit keys in a fixed order (numbers ascending, then
**                  strings byte by byte, then false, true), whatever order
**                  the table keeps them in: Lua's order depends on string
**                  hashes seeded per process and on addresses, so the same
**                  game would run differently twice.  A key of another type
**                  (a table, a function) has no such order and is refused.
**   table.sort     a stable merge sort: Lua 5.4's quicksort picks a random
**                  pivot on large unbalanced arrays, so equal elements could
**                  end up in another order from run to run.  It counts its
**                  comparisons for the watchdog (strlib.c explains why).
**   setmetatable   refuses __gc (a finalizer runs whenever the collector
**                  gets to it, outside any time limit) and __mode (weak
**                  entries vanish whenever the collector runs).  It sets a
**                  copy of the metatable, so adding either field later has
**                  no effect; getmetatable returns the table the script
**                  gave.
**   rawset, rawget, rawlen  refuse to write a read-only view (SANDBOX.sealed)
**                  and read through it to the table it shows
**                  (SANDBOX.target), as pairs and next do.
*/
#include <string.h>
#include "luacompat.h"
#include "sandbox.h"
#include "strlib.h"
#include "watchdog.h"

/* upvalues of every function here */
#define SEALED lua_upvalueindex(1)
#define TARGET lua_upvalueindex(2)
#define ORIGIN lua_upvalueindex(3)

/* The table a read-only view shows, or the value itself (idx absolute). */
static void push_target(lua_State *L, int idx) {
  lua_pushvalue(L, idx);
  lua_rawget(L, TARGET);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
  }
}

/* ---- a fixed order of keys ---- */

typedef struct okey {
  int kind;                     /* 0 number, 1 string, 2 boolean */
  int isint;
  lua_Integer i;
  double d;
  const char *s;
  size_t len;
} okey;

/* Reads the key at idx; raises an error for a key that has no order. */
static void read_key(lua_State *L, int idx, okey *k, const char *fn) {
  memset(k, 0, sizeof *k);
  switch (lua_type(L, idx)) {
  case LUA_TNUMBER:
    k->kind = 0;
    k->isint = ark_isinteger(L, idx);
    if (k->isint) k->i = lua_tointeger(L, idx);
    k->d = lua_tonumber(L, idx);
    break;
  case LUA_TSTRING:
    k->kind = 1;
    k->s = lua_tolstring(L, idx, &k->len);
    break;
  case LUA_TBOOLEAN:
    k->kind = 2;
    k->i = lua_toboolean(L, idx);
    break;
  default:
    luaL_error(L, "%s: a key of type %s has no fixed order (scripts must not depend on "
               "the order Lua keeps such keys in; use an array)", fn, luaL_typename(L, idx));
  }
}

static int key_cmp(const okey *a, const okey *b) {
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  if (a->kind == 0) {
    if (a->isint && b->isint) return a->i < b->i ? -1 : a->i > b->i;
    return a->d < b->d ? -1 : a->d > b->d;
  }
  if (a->kind == 2) return (int)(a->i - b->i);
  size_t n = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->s, b->s, n);
  if (c) return c;
  return a->len < b->len ? -1 : a->len > b->len;
}

/* Merge sort of n keys (buffer tmp of n), asking the watchdog now and then. */
static void sort_keys(lua_State *L, okey *k, okey *tmp, size_t n) {
  unsigned steps = 0;
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
      size_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        tmp[o++] = key_cmp(&k[j], &k[i]) < 0 ? k[j++] : k[i++];
        if ((++steps & 0x3ff) == 0) ark_wd_tick(L);
      }
      while (i < mid) tmp[o++] = k[i++];
      while (j < hi) tmp[o++] = k[j++];
    }
    memcpy(k, tmp, n * sizeof *k);
  }
}

/* The pairs iterator; upvalues: the table, its sorted keys, the next index. */
static int pairs_step(lua_State *L) {
  lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
  int n = ark_rawlen(L, lua_upvalueindex(2));
  while (i < n) {
    i++;
    lua_rawgeti(L, lua_upvalueindex(2), (int)i);
    lua_pushvalue(L, -1);
    lua_rawget(L, lua_upvalueindex(1));
    if (!lua_isnil(L, -1)) {     /* a key removed meanwhile is skipped */
      lua_pushinteger(L, i);
      lua_replace(L, lua_upvalueindex(3));
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushinteger(L, i);
  lua_replace(L, lua_upvalueindex(3));
  return 0;
}

static int sb_pairs(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  push_target(L, 1);
  int t = lua_gettop(L);
  size_t n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    n++;
  }
  /* the keys' strings stay alive in t while this runs */
  okey *k = lua_newuserdata(L, (n ? n : 1) * 2 * sizeof *k);
  size_t m = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (m == n) break;                  /* cannot grow during the walk */
    read_key(L, -1, &k[m++], "pairs");
  }
  sort_keys(L, k, k + n, m);
  lua_pushvalue(L, t);
  lua_createtable(L, (int)m, 0);
  for (size_t i = 0; i < m; i++) {
    switch (k[i].kind) {
    case 0:
      if (k[i].isint) lua_pushinteger(L, k[i].i);
      else lua_pushnumber(L, k[i].d);
      break;
    case 1: lua_pushlstring(L, k[i].s, k[i].len); break;
    default: lua_pushboolean(L, (int)k[i].i); break;
    }
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, pairs_step, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* next(t, k): the key after k in pairs' order (the first for k nil). */
static int sb_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  push_target(L, 1);
  int t = lua_gettop(L), have_after = !lua_isnil(L, 2), have_best = 0;
  okey after, best, cur;
  unsigned steps = 0;
  if (have_after) read_key(L, 2, &after, "next");
  lua_pushnil(L);                       /* the best key so far, at t + 1 */
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    read_key(L, -1, &cur, "next");
    if ((!have_after || key_cmp(&cur, &after) > 0) &&
        (!have_best || key_cmp(&cur, &best) < 0)) {
      lua_pushvalue(L, -1);
      lua_replace(L, t + 1);
      read_key(L, t + 1, &best, "next");  /* its string lives at t + 1 */
      have_best = 1;
    }
    if ((++steps & 0x3ff) == 0) ark_wd_tick(L);
  }
  if (!have_best) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, t + 1);
  lua_pushvalue(L, t + 1);
  lua_rawget(L, t);
  return 2;
}

/* ---- table.sort ---- */

/* Is a < b (indices absolute)?  comp: index of the order function, or 0. */
static int less(lua_State *L, int comp, int a, int b) {
  if (!comp) return ark_lessthan(L, a, b);
  lua_pushvalue(L, comp);
  lua_pushvalue(L, a);
  lua_pushvalue(L, b);
  lua_call(L, 2, 1);
  int r = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return r;
}

static int sb_sort(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  int comp = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    comp = 2;
  }
  lua_settop(L, 2);
  int n = ark_rawlen(L, 1);
  /* src and dst: the elements in two tables, merged back and forth */
  lua_createtable(L, n, 0);
  int src = lua_gettop(L);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, 1, i);
    lua_rawseti(L, src, i);
  }
  lua_createtable(L, n, 0);
  int dst = src + 1;
  unsigned steps = 0;
  for (int w = 1; w < n; w *= 2) {
    for (int lo = 1; lo <= n; lo += 2 * w) {
      int mid = lo + w <= n ? lo + w : n + 1, hi = lo + 2 * w <= n ? lo + 2 * w : n + 1;
      int i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        lua_rawgeti(L, src, i);
        lua_rawgeti(L, src, j);
        int top = lua_gettop(L);
        /* stable: the right one goes first only if it is strictly less */
        int right = less(L, comp, top, top - 1);
        lua_pop(L, 2);
        lua_rawgeti(L, src, right ? j++ : i++);
        lua_rawseti(L, dst, o++);
        if ((++steps & 0x3ff) == 0) ark_wd_tick(L);
      }
      for (; i < mid; i++) { lua_rawgeti(L, src, i); lua_rawseti(L, dst, o++); }
      for (; j < hi; j++) { lua_rawgeti(L, src, j); lua_rawseti(L, dst, o++); }
    }
    lua_pushvalue(L, src);              /* swap src and dst */
    lua_pushvalue(L, dst);
    lua_replace(L, src);
    lua_replace(L, dst);
  }
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, src, i);
    lua_rawseti(L, 1, i);
  }
  return 0;
}

/* ---- metatables and raw access ---- */

static int sb_setmetatable(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  int t = lua_type(L, 2);
  luaL_argcheck(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table expected");
  if (luaL_getmetafield(L, 1, "__metatable"))
    return luaL_error(L, "cannot change a protected metatable");
  if (t == LUA_TNIL) {
    lua_settop(L, 1);
    lua_pushnil(L);
    lua_setmetatable(L, 1);
    return 1;
  }
  lua_settop(L, 2);
  lua_pushstring(L, "__gc");
  lua_rawget(L, 2);
  lua_pushstring(L, "__mode");
  lua_rawget(L, 2);
  if (!lua_isnil(L, -1) || !lua_isnil(L, -2))
    return luaL_error(L, "setmetatable: __gc and __mode are refused (when the collector "
                      "runs differs from run to run)");
  lua_pop(L, 2);
  lua_newtable(L);                      /* the copy, at 3 */
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, 3);
  }
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 2);
  lua_rawset(L, ORIGIN);
  lua_pushvalue(L, 3);
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}

static int sb_getmetatable(lua_State *L) {
  luaL_checkany(L, 1);
  if (!lua_getmetatable(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, "__metatable");
  lua_rawget(L, -2);
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  lua_rawget(L, ORIGIN);
  if (lua_isnil(L, -1)) lua_pop(L, 1);
  return 1;
}

static int sb_rawset(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_pushvalue(L, 1);
  lua_rawget(L, SEALED);
  if (lua_toboolean(L, -1)) return luaL_error(L, "rawset: the table is read-only");
  lua_settop(L, 3);
  lua_rawset(L, 1);
  lua_settop(L, 1);
  return 1;
}

static int sb_rawget(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  push_target(L, 1);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  return 1;
}

static int sb_rawlen(lua_State *L) {
  int t = lua_type(L, 1);
  luaL_argcheck(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string expected");
  push_target(L, 1);
  lua_pushinteger(L, ark_rawlen(L, -1));
  return 1;
}

/* ---- copies of the rules' tables ---- */

#define COPY_DEPTH 32

/* Pushes a copy of the table at src (absolute): its values that are
** tables copied too, keys and metatables not.  Sized from the start, so
** no field makes it grow and rehash. */
static void copy_table(lua_State *L, int src, int depth) {
  if (depth > COPY_DEPTH) luaL_error(L, "SANDBOX.copy: tables nested deeper than %d", COPY_DEPTH);
  luaL_checkstack(L, 6, "SANDBOX.copy");
  int narr = ark_rawlen(L, src), n = 0;
  lua_pushnil(L);
  while (lua_next(L, src)) {
    n++;
    lua_pop(L, 1);
  }
  lua_createtable(L, narr, n > narr ? n - narr : 0);
  int dst = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, src)) {
    lua_pushvalue(L, -2);               /* key, value, key */
    if (lua_type(L, -2) == LUA_TTABLE) copy_table(L, lua_gettop(L) - 1, depth + 1);
    else lua_pushvalue(L, -2);
    lua_rawset(L, dst);                 /* key, value */
    lua_pop(L, 1);
  }
}

/* SANDBOX.copy(t) -> a fresh copy of t and the tables it holds, as
** api.lua gives scripts the card facts and the constant tables on every
** read (in Lua, growing each copy field by field, it was the costliest
** part of scripts that read CARDS in a modifier). */
static int sb_copy(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  copy_table(L, 1, 0);
  return 1;
}

void ark_sandbox_open(lua_State *L) {
  static const luaL_Reg fns[] = {
    {"pairs", sb_pairs}, {"next", sb_next}, {"sort", sb_sort},
    {"setmetatable", sb_setmetatable}, {"getmetatable", sb_getmetatable},
    {"rawset", sb_rawset}, {"rawget", sb_rawget}, {"rawlen", sb_rawlen},
    {"copy", sb_copy}, {NULL, NULL}
  };
  lua_newtable(L);                      /* SANDBOX */
  lua_newtable(L);                      /* sealed: read-only views */
  lua_newtable(L);                      /* target: view -> the table it shows */
  lua_newtable(L);                      /* origin: metatable copy -> original */
  lua_newtable(L);
  lua_pushstring(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -3);
  lua_setfield(L, -5, "sealed");
  lua_pushvalue(L, -2);
  lua_setfield(L, -5, "target");
  for (int i = 0; fns[i].name; i++) {
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -3);
    lua_pushcclosure(L, fns[i].func, 3);
    lua_setfield(L, -5, fns[i].name);
  }
  lua_pop(L, 3);
  /* fixed: tables no script can write, whose values the kept-state check
  ** still walks (a script's returned table, behind its view: api.lua) */
  lua_newtable(L);
  lua_setfield(L, -2, "fixed");
  lua_setglobal(L, "SANDBOX");
}

#ifndef ARK_LUAJIT
/* type(v): Lua's own, with the nine names made once as upvalues.  Lua's
** pushes the name as a C string at every call, found again through the
** string cache (the rules ask type() some 25,000 times a greedy game);
** LuaJIT's type is part of its VM and stays. */
static int fast_type(lua_State *L) {
  int t = lua_type(L, 1);
  luaL_argcheck(L, t != LUA_TNONE, 1, "value expected");
  lua_pushvalue(L, lua_upvalueindex(t + 1));
  return 1;
}

static void open_type(lua_State *L) {
  for (int t = LUA_TNIL; t < LUA_NUMTYPES; t++) lua_pushstring(L, lua_typename(L, t));
  lua_pushcclosure(L, fast_type, LUA_NUMTYPES);
  lua_setglobal(L, "type");
}
#endif

void ark_sandbox_libs(lua_State *L) {
  luaL_openlibs(L);
#ifndef ARK_LUAJIT
  open_type(L);
#else
  /* room for every trace the rules make: with LuaJIT's defaults (1000
  ** traces, 512 KB of machine code) the area fills within a game, all
  ** traces are flushed and compiled again, and each compiled trace costs
  ** two mprotect calls (a fifth of the time went to the kernel).  Side
  ** traces off and a loop counted hot only after 500 runs: the rules'
  ** short loops, full of C calls and coroutine switches, were compiled
  ** and thrown away again; with these, random play ran 1.4x faster than
  ** with the defaults (bench/README.md) */
  (void)luaL_dostring(L, "jit.opt.start('maxtrace=20000', 'maxmcode=65536', "
                         "'maxside=0', 'hotloop=500')");
#endif
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
}
