/*
** lua_api_scoring.c - primitives for final scoring scripts (cards/scoring):
** the spaces of a zoo map with their terrain and what covers or touches
** them, so a script can tell "all water spaces connected" or "all border
** spaces covered" without knowing the grid (see docs/lua-api.md).
*/
#include "lua_api.h"
#include "luacompat.h"
#include "map.h"

/* map_cells' upvalues after the context (1): the field names, the cell
** texts, the terrain names.  A cell's table is built by rawset with keys
** and texts made once: the scoring cards and the computer players' scoring
** query ask for every space of a map again and again. */
enum {
  K_CELL = 2, K_X, K_Y, K_TERRAIN, K_EDGE, K_BUILD2, K_BUILDING, K_NEXT_BUILDING,
  K_NEXT_WATER, K_NEXT_ROCK, K_BONUS, U_TEXTS, U_TERRAIN, U_END
};
static const char *const key_names[] = {
  "cell", "x", "y", "terrain", "edge", "build2", "building", "next_to_building",
  "next_to_water", "next_to_rock", "bonus"
};
static const char *const terrain_names[] = { "plain", "water", "rock" };

static void set_int(lua_State *L, int key, lua_Integer v) {
  lua_pushvalue(L, lua_upvalueindex(key));
  lua_pushinteger(L, v);
  lua_rawset(L, -3);
}

static void set_bool(lua_State *L, int key, int v) {
  lua_pushvalue(L, lua_upvalueindex(key));
  lua_pushboolean(L, v);
  lua_rawset(L, -3);
}

/* One space as {cell="(x,y)", x, y, terrain, edge, build2, building=id
** or nil, next_to_building, next_to_water, next_to_rock, bonus=placement
** bonus name or nil}. */
static void push_cell(lua_State *L, const ark_map_def *m, const ark_zoo *z, int c) {
  int nb[6], n = ark_map_neighbors(m, c, nb), building = 0, water = 0, rock = 0;
  for (int k = 0; k < n; k++) {
    building |= z->at[nb[k]] != 0;
    water |= m->terrain[nb[k]] == ARK_TERRAIN_WATER;
    rock |= m->terrain[nb[k]] == ARK_TERRAIN_ROCK;
  }
  lua_createtable(L, 0, 11);           /* every field below: no rehash */
  lua_pushvalue(L, lua_upvalueindex(K_CELL));
  lua_rawgeti(L, lua_upvalueindex(U_TEXTS), c + 1);
  lua_rawset(L, -3);
  set_int(L, K_X, ARK_CELL_X(c));
  set_int(L, K_Y, ARK_CELL_Y(c));
  lua_pushvalue(L, lua_upvalueindex(K_TERRAIN));
  lua_rawgeti(L, lua_upvalueindex(U_TERRAIN),
              m->terrain[c] <= ARK_TERRAIN_ROCK ? m->terrain[c] + 1 : 1);
  lua_rawset(L, -3);
  set_bool(L, K_EDGE, m->edge[c]);
  set_bool(L, K_BUILD2, m->build2[c]);
  if (z->at[c]) set_int(L, K_BUILDING, z->at[c] - 1);
  set_bool(L, K_NEXT_BUILDING, building);
  set_bool(L, K_NEXT_WATER, water);
  set_bool(L, K_NEXT_ROCK, rock);
  if (m->place_bonus[c].kind != ARK_BONUS_NONE) {
    lua_pushvalue(L, lua_upvalueindex(K_BONUS));
    lua_pushstring(L, ark_bonus_name(m->place_bonus[c].kind));
    lua_rawset(L, -3);
  }
}

/* ark.map_cells(p) -> every space of p's zoo map, in ascending cell order
** (deterministic, so scripts never depend on pairs()). */
static int l_map_cells(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_newtable(L);
  int n = 0;
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c]) continue;
    push_cell(L, m, z, c);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* The ark table is at the top of the stack. */
void ark_lua_api_scoring(lua_State *L, void *ctx) {
  lua_pushlightuserdata(L, ctx);
  for (int k = K_CELL; k < U_TEXTS; k++) lua_pushstring(L, key_names[k - K_CELL]);
  lua_createtable(L, ARK_CELLS, 0);    /* [cell + 1] = "(x,y)" */
  for (int c = 0; c < ARK_CELLS; c++) {
    char text[16];
    ark_map_cell_text(c, text, sizeof text);
    lua_pushstring(L, text);
    lua_rawseti(L, -2, c + 1);
  }
  lua_createtable(L, 3, 0);            /* [terrain + 1] = name */
  for (int t = 0; t < 3; t++) {
    lua_pushstring(L, terrain_names[t]);
    lua_rawseti(L, -2, t + 1);
  }
  lua_pushcclosure(L, l_map_cells, U_END - 1);
  lua_setfield(L, -2, "map_cells");
}
