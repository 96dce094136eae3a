/*
** lua_api_maps.c - primitives for maps scripts (see docs/lua-api.md).
*/
#include "lua_api.h"
#include "luacompat.h"

static const luaL_Reg fns[] = {
  {NULL, NULL}
};

void ark_lua_api_maps(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
