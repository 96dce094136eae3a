/*
** lua_api_sponsors.c - primitives for sponsor scripts (see docs/lua-api.md).
**
** Several sponsors (241, 242, 257, 258-260, 264) judge the geometry of a
** zoo map: which spaces touch water, rock or a building, which are border
** spaces or carry a placement bonus.  Rather than one primitive per card,
** ark.map_cells (lua_api_scoring.c) hands the whole map to the script,
** which counts what its card asks for.  Okapi Stable (253) keeps player tokens "on the card"; they
** live in its unique building, whose `used` byte is otherwise unused, so the
** count stays in the game state (snapshots, clones) without new fields.
*/
#include "lua_api.h"
#include "luacompat.h"
#include "map.h"


static const ark_map_def *map_of(ark_game *g, int p) {
  return &g->c->maps[g->s.p[p].map];
}

static int arg_building(lua_State *L, ark_game *g, int p, int i) {
  lua_Integer b = luaL_checkinteger(L, i);
  if (b < 0 || b >= g->s.p[p].zoo_map.nb) luaL_error(L, "bad building id %d", (int)b);
  return (int)b;
}

/* ark.adjacent_buildings(p, b) -> ids of the buildings sharing an edge
** with building b, ascending. */
static int l_adjacent_buildings(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  int b = arg_building(L, g, p, 2);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_newtable(L);
  int n = 0;
  for (int j = 0; j < z->nb; j++)
    if (ark_map_buildings_adjacent(map_of(g, p), z, b, j)) {
      lua_pushinteger(L, j);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

/* The unique building a sponsor card placed in p's zoo, or -1. */
static int building_of_card(ark_game *g, int p, int card) {
  const ark_zoo *z = &g->s.p[p].zoo_map;
  for (int b = 0; b < z->nb; b++)
    if (z->b[b].card == card &&
        g->c->buildings[z->b[b].def].kind == ARK_BK_UNIQUE)
      return b;
  return -1;
}

/* ark.sponsor_tokens(p, card [, n]) -> player tokens kept on a sponsor
** with a unique building (0 if it has none); with n, sets them (0..255). */
static int l_sponsor_tokens(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  int card = ark_lua_arg_card(L, g, 2);
  int b = building_of_card(g, p, card);
  if (!lua_isnoneornil(L, 3)) {
    lua_Integer n = luaL_checkinteger(L, 3);
    g = ark_lua_game_mut(L);
    if (b < 0) return luaL_error(L, "%s has no building in this zoo", g->c->cards[card].name);
    if (n < 0 || n > 255) return luaL_error(L, "bad token count %d", (int)n);
    g->s.p[p].zoo_map.b[b].used = (uint8_t)n;
  }
  lua_pushinteger(L, b < 0 ? 0 : g->s.p[p].zoo_map.b[b].used);
  return 1;
}

static const luaL_Reg fns[] = {
  {"adjacent_buildings", l_adjacent_buildings},
  {"sponsor_tokens", l_sponsor_tokens},
  {NULL, NULL}
};

void ark_lua_api_sponsors(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
