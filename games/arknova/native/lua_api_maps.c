/*
** lua_api_maps.c - primitives for map ability scripts (maps/<id>-<name>.lua,
** docs/maps.md) and the map choice of advanced mode (games/arknova/rules/maps.lua).
**
** A map ability is about places: a tower space, a restaurant, a harbour
** drawn beside the board, H spaces.  They are the `features` of the map
** definition; these primitives tell a script where they are, which spaces
** lie next to them (also for a feature off the grid, e.g. (-1, 12)) and
** what covers those spaces.  Coordinates are the grid's (x 0..8, y 0..12).
** Lists come out in a fixed order (YAML order, ascending cells), so no
** script depends on pairs().
*/
#include <stdio.h>
#include <string.h>
#include "lua_api.h"
#include "luacompat.h"
#include "map.h"
#include "setup.h"
#include "zone.h"

#define EXTRA_MAX 10   /* no ability makes an enclosure count more than this */

static const ark_map_def *map_of(ark_game *g, int p) {
  return &g->c->maps[g->s.p[p].map];
}

static int arg_building(lua_State *L, ark_game *g, int p, int i) {
  lua_Integer b = luaL_checkinteger(L, i);
  if (b < 0 || b >= g->s.p[p].zoo_map.nb) luaL_error(L, "bad building id %d", (int)b);
  return (int)b;
}

/* The cell at (x, y) if it is on map m, else -1. */
static int cell_at(const ark_map_def *m, lua_Integer x, lua_Integer y) {
  if (x < 0 || x >= ARK_GRID_W || y < 0 || y >= ARK_GRID_H) return -1;
  int c = ARK_CELL((int)x, (int)y);
  return m->exists[c] ? c : -1;
}

/* Cells of map m next to (x, y); (x, y) itself may lie off the grid, as a
** harbour drawn beside the board does.  Ascending order. */
static int cells_next_to(const ark_map_def *m, int x, int y, int out[6]) {
  static const int dx[6] = { -1, -1, 0, 0, 1, 1 };
  static const int dy[6] = { -1, 1, -2, 2, -1, 1 };
  int n = 0;
  for (int k = 0; k < 6; k++) {
    int c = cell_at(m, x + dx[k], y + dy[k]);
    if (c >= 0) out[n++] = c;
  }
  /* the offsets above are not in cell order when y changes faster than x */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
      int t = out[j]; out[j] = out[j - 1]; out[j - 1] = t;
    }
  return n;
}

static void set_int(lua_State *L, const char *k, int v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/* {x, y, building = id or nil} for one cell of p's zoo. */
static void push_cell(lua_State *L, const ark_zoo *z, int c) {
  lua_createtable(L, 0, 3);
  set_int(L, "x", ARK_CELL_X(c));
  set_int(L, "y", ARK_CELL_Y(c));
  if (z->at[c]) set_int(L, "building", z->at[c] - 1);
}

/* ark.map_features(p [, kind]) -> the features of p's map (all, or those
** of one kind), in the order the map file lists them:
** {kind, x, y, off_board = bool} */
static int l_map_features(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  const char *kind = luaL_optstring(L, 2, NULL);
  const ark_map_def *m = map_of(g, p);
  lua_newtable(L);
  int n = 0;
  for (int i = 0; i < m->n_features; i++) {
    const ark_feature *f = &m->features[i];
    if (kind && strcmp(kind, f->kind) != 0) continue;
    lua_createtable(L, 0, 4);
    lua_pushstring(L, f->kind);
    lua_setfield(L, -2, "kind");
    set_int(L, "x", f->x);
    set_int(L, "y", f->y);
    lua_pushboolean(L, f->off_board);
    lua_setfield(L, -2, "off_board");
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* ark.map_next_to(p, x, y) -> the spaces of p's map next to (x, y), which
** may be off the grid: {x, y, building = id or nil}, ascending. */
static int l_map_next_to(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  int x = ark_lua_arg_int(L, 2), y = ark_lua_arg_int(L, 3);
  int nb[6];
  int n = cells_next_to(map_of(g, p), x, y, nb);
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    push_cell(L, &g->s.p[p].zoo_map, nb[k]);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* ark.map_building_at(p, x, y) -> the building covering that space, or nil
** (also for a space that is not on the map). */
static int l_map_building_at(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  int c = cell_at(map_of(g, p), luaL_checkinteger(L, 2), luaL_checkinteger(L, 3));
  const ark_zoo *z = &g->s.p[p].zoo_map;
  if (c >= 0 && z->at[c]) lua_pushinteger(L, z->at[c] - 1);
  else lua_pushnil(L);
  return 1;
}

/* ark.map_touches(p, b, x, y) -> does building b cover a space next to
** (x, y) without covering (x, y) itself?  (x, y) may be off the grid. */
static int l_map_touches(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  int b = arg_building(L, g, p, 2);
  int x = ark_lua_arg_int(L, 3), y = ark_lua_arg_int(L, 4);
  const ark_map_def *m = map_of(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  int own = cell_at(m, x, y);
  int nb[6], touch = 0;
  int n = cells_next_to(m, x, y, nb);
  if (own < 0 || z->at[own] != b + 1)
    for (int k = 0; k < n && !touch; k++) touch = z->at[nb[k]] == b + 1;
  lua_pushboolean(L, touch);
  return 1;
}

/* ark.map_building_cells(p, b) -> the spaces building b covers: {x, y},
** ascending. */
static int l_map_building_cells(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  const ark_building *bu = &g->s.p[p].zoo_map.b[arg_building(L, g, p, 2)];
  lua_createtable(L, bu->ncells, 0);
  for (int k = 0; k < bu->ncells; k++) {
    lua_createtable(L, 0, 2);
    set_int(L, "x", ARK_CELL_X(bu->cells[k]));
    set_int(L, "y", ARK_CELL_Y(bu->cells[k]));
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* ark.map_bonus_spaces(p [, bonus]) -> the spaces of p's map with a printed
** placement bonus (all, or of one kind): {x, y, bonus, value, building =
** id or nil}, ascending. */
static int l_map_bonus_spaces(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  const char *only = luaL_optstring(L, 2, NULL);
  int kind = only ? ark_content_bonus(g->c, only) : -1;
  if (only && kind < 0) return luaL_error(L, "unknown bonus '%s'", only);
  const ark_map_def *m = map_of(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_newtable(L);
  int n = 0;
  for (int c = 0; c < ARK_CELLS; c++) {
    const ark_bonus *b = &m->place_bonus[c];
    if (!m->exists[c] || b->kind == ARK_BONUS_NONE || (only && b->kind != kind)) continue;
    push_cell(L, z, c);
    lua_pushstring(L, ark_content_bonus_name(g->c, b->kind));
    lua_setfield(L, -2, "bonus");
    set_int(L, "value", b->value);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* ark.enclosure_extra(p, b [, n]) -> the spaces standard enclosure b counts
** beyond the ones it covers (Outdoor Areas: 2); with n, sets it.  Animal
** placement (ark.fits), ark.buildings' size and releases all use it. */
static int l_enclosure_extra(lua_State *L) {
  ark_game *g = ark_lua_game_seats(L);
  int p = ark_lua_arg_player(L, g, 1);
  int b = arg_building(L, g, p, 2);
  ark_building *bu = &g->s.p[p].zoo_map.b[b];
  if (!lua_isnoneornil(L, 3)) {
    ark_lua_game_mut(L);
    lua_Integer n = luaL_checkinteger(L, 3);
    if (g->c->buildings[bu->def].kind != ARK_BK_ENCLOSURE)
      return luaL_error(L, "only a standard enclosure can count larger");
    if (n < 0 || n > EXTRA_MAX)
      return luaL_error(L, "extra size %d out of 0..%d", (int)n, EXTRA_MAX);
    bu->extra = (uint8_t)n;
  }
  lua_pushinteger(L, bu->extra);
  return 1;
}

/* ark.map_tuck(p, card): a hand card goes under p's map (a Pouch bonus of
** the map edge) and stays out of the game. */
static int l_map_tuck(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int p = ark_lua_arg_player(L, g, 1);
  int card = ark_lua_arg_card(L, g, 2);
  if (ark_zone_hand_remove(g, p, card) != 0)
    return luaL_error(L, "%s is not in that hand", g->c->cards[card].name);
  ark_zone_box(g, card);
  ark_game_log(g, p, ARK_EV_TEXT, card, 0, 0, "card tucked under the zoo map");
  return 0;
}

/* ---- the map choice of advanced mode ---- */

static int arg_map(lua_State *L, ark_game *g, int i) {
  lua_Integer m = luaL_checkinteger(L, i);
  if (m < 0 || m >= g->c->nmaps) luaL_error(L, "bad map index %d", (int)m);
  return (int)m;
}

/* ark.map_info(index) -> {index, id, name} of a loaded map (a player's map
** index is get(p, "map")). */
static int l_map_info(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int m = arg_map(L, g, 1);
  lua_createtable(L, 0, 3);
  set_int(L, "index", m);
  lua_pushstring(L, g->c->maps[m].id);
  lua_setfield(L, -2, "id");
  lua_pushstring(L, g->c->maps[m].name);
  lua_setfield(L, -2, "name");
  return 1;
}

/* ark.advanced_maps() -> the map indices advanced mode deals from */
static int l_advanced_maps(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int pool[ARK_ADVANCED_POOL];
  int n = ark_setup_advanced_pool(g->c, pool);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, pool[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ark.set_map(p, index): p keeps that map (only in the map phase, before
** anything stands on it): its start buildings are placed. */
static int l_set_map(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int p = ark_lua_arg_player(L, g, 1);
  int m = arg_map(L, g, 2);
  ark_player *pl = &g->s.p[p];
  char msg[256], text[96];
  if (g->s.phase != ARK_PH_MAPS) return luaL_error(L, "maps are chosen only before the draft");
  memset(&pl->zoo_map, 0, sizeof pl->zoo_map);
  pl->map = (int8_t)m;
  if (ark_setup_start_buildings(g, p, msg, sizeof msg) != 0) return luaL_error(L, "%s", msg);
  snprintf(text, sizeof text, "keeps zoo map %s (%s)", g->c->maps[m].id, g->c->maps[m].name);
  ark_game_log(g, p, ARK_EV_TEXT, m, 0, 0, text);
  return 0;
}

static const luaL_Reg fns[] = {
  {"map_features", l_map_features},
  {"map_next_to", l_map_next_to},
  {"map_building_at", l_map_building_at},
  {"map_touches", l_map_touches},
  {"map_building_cells", l_map_building_cells},
  {"map_bonus_spaces", l_map_bonus_spaces},
  {"enclosure_extra", l_enclosure_extra},
  {"map_tuck", l_map_tuck},
  {"map_info", l_map_info},
  {"advanced_maps", l_advanced_maps},
  {"set_map", l_set_map},
  {NULL, NULL}
};

void ark_lua_api_maps(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
