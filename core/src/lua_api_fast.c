/*
** lua_api_fast.c - primitives that give a script the one number it wants
** where the general primitive would hand it a big table to count in Lua
** (see docs/lua-api.md).
**
** ark.count_cells(p, filter): the spaces of p's map that ark.map_cells(p)
** would list with every field of filter matching.  The final scoring card
** Architectural Zoo, asked by the computer players for every position they
** weigh, only wants to know whether some water space is unconnected or some
** border space free; ark.map_cells builds a table of eleven fields for each
** of the map's ~100 spaces to tell it.  The fields are worked out here the
** way lua_api_scoring.c's push_cell does (tests/test_map_search.c compares
** the two on the zoos of random games).
**
** ark.building(p, b) and ark.building_def(key): the one entry of
** ark.buildings(p) or ark.building_defs() a script wants (the text of an
** enclosure option, the kind of a building), where those make a table for
** every building.  The same fields, set in the same order.
**
** ark.venom_total(p): the venom tokens on all of p's action cards, the sum
** of ark.tokens(p, a, "venom") over the five.  The end of every turn
** (rules.lua's end_of_turn) needs to look card by card only when some card
** has one, which is rare.
*/
#include <string.h>

#include "content.h"
#include "lua_api.h"
#include "luacompat.h"
#include "map.h"

/* The fields of a space, as ark.map_cells names them. */
enum {
  F_CELL, F_X, F_Y, F_TERRAIN, F_EDGE, F_BUILD2, F_BUILDING, F_NEXT_BUILDING,
  F_NEXT_WATER, F_NEXT_ROCK, F_BONUS, F_COUNT
};
static const char *const field_names[F_COUNT] = {
  "cell", "x", "y", "terrain", "edge", "build2", "building", "next_to_building",
  "next_to_water", "next_to_rock", "bonus"
};
static const char *const terrain_names[] = { "plain", "water", "rock" };

/* What a filter value asks of a field: true = present and not false, false
** = nil or false (as `not c.field` reads in Lua), else equal to a number or
** a string. */
typedef enum { W_TRUE, W_FALSE, W_NUMBER, W_STRING } want_kind;

typedef struct {
  int field;
  want_kind kind;
  lua_Number num;
  const char *str;   /* kept alive by the filter table, on the stack */
} cond;

/* A field's value for space c: its kind (nil as W_FALSE, a boolean, a
** number or a string) and the value. */
typedef struct {
  want_kind kind;    /* W_FALSE for nil or false, W_TRUE for true */
  lua_Number num;
  const char *str;
} value;

static value field_of(const ark_map_def *m, const ark_zoo *z, int c, int field,
                      char *text, size_t text_size) {
  value v = { W_FALSE, 0, NULL };
  switch (field) {
  case F_CELL:
    ark_map_cell_text(c, text, text_size);
    v.kind = W_STRING, v.str = text;
    break;
  case F_X: v.kind = W_NUMBER, v.num = ARK_CELL_X(c); break;
  case F_Y: v.kind = W_NUMBER, v.num = ARK_CELL_Y(c); break;
  case F_TERRAIN:
    v.kind = W_STRING;
    v.str = terrain_names[m->terrain[c] <= ARK_TERRAIN_ROCK ? m->terrain[c] : 0];
    break;
  case F_EDGE: v.kind = m->edge[c] ? W_TRUE : W_FALSE; break;
  case F_BUILD2: v.kind = m->build2[c] ? W_TRUE : W_FALSE; break;
  case F_BUILDING:
    if (z->at[c]) v.kind = W_NUMBER, v.num = z->at[c] - 1;
    break;
  case F_NEXT_BUILDING: case F_NEXT_WATER: case F_NEXT_ROCK: {
    int nb[6], n = ark_map_neighbors(m, c, nb), hit = 0;
    for (int k = 0; k < n && !hit; k++) {
      if (field == F_NEXT_BUILDING) hit = z->at[nb[k]] != 0;
      else if (field == F_NEXT_WATER) hit = m->terrain[nb[k]] == ARK_TERRAIN_WATER;
      else hit = m->terrain[nb[k]] == ARK_TERRAIN_ROCK;
    }
    v.kind = hit ? W_TRUE : W_FALSE;
    break;
  }
  case F_BONUS:
    if (m->place_bonus[c].kind != ARK_BONUS_NONE)
      v.kind = W_STRING, v.str = ark_bonus_name(m->place_bonus[c].kind);
    break;
  }
  return v;
}

static int matches(const cond *w, const value *v) {
  switch (w->kind) {
  case W_TRUE: return v->kind != W_FALSE;
  case W_FALSE: return v->kind == W_FALSE;
  case W_NUMBER: return v->kind == W_NUMBER && v->num == w->num;
  case W_STRING: return v->kind == W_STRING && strcmp(v->str, w->str) == 0;
  }
  return 0;
}

/* ark.count_cells(p, filter) -> the number of spaces of p's map whose
** fields (those of ark.map_cells) match every entry of filter: true
** matches a field that is there and not false, false one that is nil or
** false, a number or a string an equal field. */
static int l_count_cells(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cond w[F_COUNT];
  int nw = 0;
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    if (lua_type(L, -2) != LUA_TSTRING)
      return luaL_error(L, "ark.count_cells: a filter's keys are field names");
    const char *k = lua_tostring(L, -2);
    int f = 0;
    while (f < F_COUNT && strcmp(field_names[f], k) != 0) f++;
    if (f == F_COUNT) return luaL_error(L, "ark.count_cells: no field '%s'", k);
    cond *c = &w[nw++];       /* a key comes once: at most F_COUNT of them */
    c->field = f;
    switch (lua_type(L, -1)) {
    case LUA_TBOOLEAN: c->kind = lua_toboolean(L, -1) ? W_TRUE : W_FALSE; break;
    case LUA_TNUMBER: c->kind = W_NUMBER, c->num = lua_tonumber(L, -1); break;
    case LUA_TSTRING: c->kind = W_STRING, c->str = lua_tostring(L, -1); break;
    default:
      return luaL_error(L, "ark.count_cells: '%s' must be true, false, a number or a text", k);
    }
    lua_pop(L, 1);
  }
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_Integer count = 0;
  char text[16];
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c]) continue;
    int ok = 1;
    for (int i = 0; i < nw && ok; i++) {
      value v = field_of(m, z, c, w[i].field, text, sizeof text);
      ok = matches(&w[i], &v);
    }
    count += ok;
  }
  lua_pushinteger(L, count);
  return 1;
}

static const char *const kind_names[] = { "enclosure", "kiosk", "pavilion",
                                          "special", "unique" };

/* ark.building(p, b) -> ark.buildings(p)[b + 1]: {id, key, kind, size,
** used, capacity, card}, or nil if p's zoo has no building b. */
static int l_building(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  lua_Integer b = luaL_checkinteger(L, 2);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  if (b < 0 || b >= z->nb) {
    lua_pushnil(L);
    return 1;
  }
  const ark_building *bu = &z->b[b];
  const ark_building_def *d = &g->c->buildings[bu->def];
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, b); lua_setfield(L, -2, "id");
  lua_pushstring(L, d->key); lua_setfield(L, -2, "key");
  lua_pushstring(L, kind_names[d->kind]); lua_setfield(L, -2, "kind");
  /* size counts the spaces a map ability adds, as in ark.buildings */
  lua_pushinteger(L, bu->ncells + bu->extra); lua_setfield(L, -2, "size");
  lua_pushinteger(L, bu->used); lua_setfield(L, -2, "used");
  lua_pushinteger(L, d->capacity); lua_setfield(L, -2, "capacity");
  if (bu->card >= 0) {
    lua_pushinteger(L, bu->card);
    lua_setfield(L, -2, "card");
  }
  return 1;
}

/* ark.building_def(key) -> the first entry of ark.building_defs() with
** that key: {key, kind, size, capacity, build2}, or nil. */
static int l_building_def(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  const char *key = luaL_checkstring(L, 1);
  for (int i = 0; i < g->c->nbuildings; i++) {
    const ark_building_def *d = &g->c->buildings[i];
    if (strcmp(d->key, key) != 0) continue;
    lua_createtable(L, 0, 5);
    lua_pushstring(L, d->key); lua_setfield(L, -2, "key");
    lua_pushstring(L, kind_names[d->kind]); lua_setfield(L, -2, "kind");
    lua_pushinteger(L, d->ncells); lua_setfield(L, -2, "size");
    lua_pushinteger(L, d->capacity); lua_setfield(L, -2, "capacity");
    lua_pushboolean(L, d->needs_build2); lua_setfield(L, -2, "build2");
    return 1;
  }
  lua_pushnil(L);
  return 1;
}

/* ark.venom_total(p) -> the venom tokens on p's action cards together */
static int l_venom_total(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  const ark_player *pl = &g->s.p[p];
  lua_Integer n = 0;
  for (int a = 0; a < ARK_N_ACTIONS; a++) n += pl->venom[a];
  lua_pushinteger(L, n);
  return 1;
}

static const luaL_Reg fast_fns[] = {
  {"count_cells", l_count_cells}, {"building", l_building},
  {"building_def", l_building_def}, {"venom_total", l_venom_total},
  {NULL, NULL}
};

/* The ark table is at the top of the stack. */
void ark_lua_api_fast(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fast_fns);
}
