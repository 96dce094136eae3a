/*
** lua_api_scoring.c - primitives for final scoring scripts (cards/scoring):
** the spaces of a zoo map with their terrain and what covers or touches
** them, so a script can tell "all water spaces connected" or "all border
** spaces covered" without knowing the grid (see docs/lua-api.md).
*/
#include "lua_api.h"
#include "luacompat.h"
#include "map.h"

static const char *const terrain_names[] = { "plain", "water", "rock" };

/* Does a building cover one of the cells next to c? */
static int next_to_building(const ark_map_def *m, const ark_zoo *z, int c) {
  int nb[6];
  int n = ark_map_neighbors(m, c, nb);
  for (int k = 0; k < n; k++)
    if (z->at[nb[k]]) return 1;
  return 0;
}

/* Is one of the cells next to c of terrain t? */
static int next_to_terrain(const ark_map_def *m, int c, int t) {
  int nb[6];
  int n = ark_map_neighbors(m, c, nb);
  for (int k = 0; k < n; k++)
    if (m->terrain[nb[k]] == t) return 1;
  return 0;
}

static void set_bool(lua_State *L, const char *k, int v) {
  lua_pushboolean(L, v);
  lua_setfield(L, -2, k);
}

/* One space as {cell="(x,y)", x, y, terrain, edge, build2, building=id
** or nil, next_to_building, next_to_water, next_to_rock, bonus=placement
** bonus name or nil}. */
static void push_cell(lua_State *L, const ark_map_def *m, const ark_zoo *z, int c) {
  char text[16];
  ark_map_cell_text(c, text, sizeof text);
  lua_createtable(L, 0, 11);           /* every field below: no rehash */
  lua_pushstring(L, text);
  lua_setfield(L, -2, "cell");
  lua_pushinteger(L, ARK_CELL_X(c));
  lua_setfield(L, -2, "x");
  lua_pushinteger(L, ARK_CELL_Y(c));
  lua_setfield(L, -2, "y");
  lua_pushstring(L, terrain_names[m->terrain[c] <= ARK_TERRAIN_ROCK ? m->terrain[c] : 0]);
  lua_setfield(L, -2, "terrain");
  set_bool(L, "edge", m->edge[c]);
  set_bool(L, "build2", m->build2[c]);
  if (z->at[c]) {
    lua_pushinteger(L, z->at[c] - 1);
    lua_setfield(L, -2, "building");
  }
  set_bool(L, "next_to_building", next_to_building(m, z, c));
  set_bool(L, "next_to_water", next_to_terrain(m, c, ARK_TERRAIN_WATER));
  set_bool(L, "next_to_rock", next_to_terrain(m, c, ARK_TERRAIN_ROCK));
  if (m->place_bonus[c].kind != ARK_BONUS_NONE) {
    lua_pushstring(L, ark_bonus_name(m->place_bonus[c].kind));
    lua_setfield(L, -2, "bonus");
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

static const luaL_Reg fns[] = {
  {"map_cells", l_map_cells},
  {NULL, NULL}
};

void ark_lua_api_scoring(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
