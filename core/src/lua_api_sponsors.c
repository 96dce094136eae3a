/*
** lua_api_sponsors.c - primitives for sponsor scripts (see docs/lua-api.md).
*/
#include "lua_api.h"
#include "luacompat.h"

static const luaL_Reg fns[] = {
  {NULL, NULL}
};

void ark_lua_api_sponsors(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
