/*
** lua_api_scoring.c - primitives for final scoring scripts (cards/scoring):
** the spaces of a zoo map with their terrain and what covers or touches
** them, so a script can tell "all water spaces connected" or "all border
** spaces covered" without knowing the grid (see docs/lua-api.md).
**
** ark.count_cells(p, filter) counts the spaces ark.map_cells(p) would list
** with every field of filter matching, without a table per space: Architectural
** Zoo and the terrain experts only want to know how many (or whether any)
** spaces are of a kind, and the computer players ask them for every position
** they weigh.  Both read a space's fields from one cell_facts.
** ark.count_zoo(p, filter) likewise counts the cards of p's zoo whose facts
** match, for the scoring cards that count kinds of cards.
*/
#include <string.h>

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

/* What ark.map_cells says of one space, as numbers. */
typedef struct cell_facts {
  int terrain;                   /* index into terrain_names */
  int edge, build2;
  int building;                  /* the building covering it, or -1 */
  int next_building, next_water, next_rock;
  int bonus;                     /* placement bonus kind, or ARK_BONUS_NONE */
} cell_facts;

/* neighbors: also work out the next_to_* fields (count_cells skips them
** when its filter names none). */
static void facts_of(const ark_map_def *m, const ark_zoo *z, int c, int neighbors,
                     cell_facts *f) {
  f->terrain = m->terrain[c] <= ARK_TERRAIN_ROCK ? m->terrain[c] : 0;
  f->edge = m->edge[c] != 0;
  f->build2 = m->build2[c] != 0;
  f->building = z->at[c] ? z->at[c] - 1 : -1;
  f->bonus = m->place_bonus[c].kind;
  f->next_building = f->next_water = f->next_rock = 0;
  if (!neighbors) return;
  int nb[6], n = ark_map_neighbors(m, c, nb);
  for (int k = 0; k < n; k++) {
    f->next_building |= z->at[nb[k]] != 0;
    f->next_water |= m->terrain[nb[k]] == ARK_TERRAIN_WATER;
    f->next_rock |= m->terrain[nb[k]] == ARK_TERRAIN_ROCK;
  }
}

/* One space as {cell="(x,y)", x, y, terrain, edge, build2, building=id
** or nil, next_to_building, next_to_water, next_to_rock, bonus=placement
** bonus name or nil}. */
static void push_cell(lua_State *L, const ark_content *ct, const ark_map_def *m,
                      const ark_zoo *z, int c) {
  cell_facts f;
  facts_of(m, z, c, 1, &f);
  lua_createtable(L, 0, 11);           /* every field below: no rehash */
  lua_pushvalue(L, lua_upvalueindex(K_CELL));
  lua_rawgeti(L, lua_upvalueindex(U_TEXTS), c + 1);
  lua_rawset(L, -3);
  set_int(L, K_X, ARK_CELL_X(c));
  set_int(L, K_Y, ARK_CELL_Y(c));
  lua_pushvalue(L, lua_upvalueindex(K_TERRAIN));
  lua_rawgeti(L, lua_upvalueindex(U_TERRAIN), f.terrain + 1);
  lua_rawset(L, -3);
  set_bool(L, K_EDGE, f.edge);
  set_bool(L, K_BUILD2, f.build2);
  if (f.building >= 0) set_int(L, K_BUILDING, f.building);
  set_bool(L, K_NEXT_BUILDING, f.next_building);
  set_bool(L, K_NEXT_WATER, f.next_water);
  set_bool(L, K_NEXT_ROCK, f.next_rock);
  if (f.bonus != ARK_BONUS_NONE) {
    lua_pushvalue(L, lua_upvalueindex(K_BONUS));
    lua_pushstring(L, ark_content_bonus_name(ct, f.bonus));
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
    push_cell(L, g->c, m, z, c);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* What a filter value asks of a field: true = present and not false, false
** = nil or false (as `not c.field` reads in Lua), else equal to a number or
** a string.  A field's own value is read into the same form. */
typedef enum { W_TRUE, W_FALSE, W_NUMBER, W_STRING } want_kind;

typedef struct {
  want_kind kind;
  lua_Number num;
  const char *str;   /* a filter's: kept alive by the filter table, on the stack */
} value;

/* Field k (K_CELL...) of space c, from its facts. */
static value field_of(const ark_content *ct, const cell_facts *f, int c, int k, char *text,
                      size_t text_size) {
  value v = { W_FALSE, 0, NULL };
  switch (k) {
  case K_CELL:
    ark_map_cell_text(c, text, text_size);
    v.kind = W_STRING, v.str = text;
    break;
  case K_X: v.kind = W_NUMBER, v.num = ARK_CELL_X(c); break;
  case K_Y: v.kind = W_NUMBER, v.num = ARK_CELL_Y(c); break;
  /* by its index: count_cells turns a terrain name it is asked for into
  ** the same (no text compared per space) */
  case K_TERRAIN: v.kind = W_NUMBER, v.num = f->terrain; break;
  case K_EDGE: v.kind = f->edge ? W_TRUE : W_FALSE; break;
  case K_BUILD2: v.kind = f->build2 ? W_TRUE : W_FALSE; break;
  case K_BUILDING:
    if (f->building >= 0) v.kind = W_NUMBER, v.num = f->building;
    break;
  case K_NEXT_BUILDING: v.kind = f->next_building ? W_TRUE : W_FALSE; break;
  case K_NEXT_WATER: v.kind = f->next_water ? W_TRUE : W_FALSE; break;
  case K_NEXT_ROCK: v.kind = f->next_rock ? W_TRUE : W_FALSE; break;
  case K_BONUS:
    if (f->bonus != ARK_BONUS_NONE) v.kind = W_STRING, v.str = ark_content_bonus_name(ct, f->bonus);
    break;
  }
  return v;
}

static int matches(const value *w, const value *v) {
  switch (w->kind) {
  case W_TRUE: return v->kind != W_FALSE;
  case W_FALSE: return v->kind == W_FALSE;
  case W_NUMBER: return v->kind == W_NUMBER && v->num == w->num;
  case W_STRING: return v->kind == W_STRING && strcmp(v->str, w->str) == 0;
  }
  return 0;
}

static int is_neighbor_field(int k) {
  return k == K_NEXT_BUILDING || k == K_NEXT_WATER || k == K_NEXT_ROCK;
}

/* The spaces of set s (two words of ark_map_def.bits) whose value of a
** field that is true or false (true: in `is`) matches filter entry w. */
static void match_flag(uint64_t s[2], const uint64_t is[2], const value *w) {
  for (int i = 0; i < 2; i++)
    s[i] &= w->kind == W_TRUE ? is[i] : w->kind == W_FALSE ? ~is[i] : 0;
}

/* count_cells by sets of spaces (ark_map_def.bits), for a filter whose
** fields are each true or false of a space, its terrain or its building:
** the count, or -1 for one that names another field (the loop below).
** Architectural Zoo asks three at every position an AI values, the
** terrain experts one at every building placed. */
static lua_Integer count_by_sets(const ark_map_def *m, const ark_zoo *z, const value *w,
                                 const int *field, int nw) {
  uint64_t s[2] = { m->bits[ARK_BITS_EXISTS][0], m->bits[ARK_BITS_EXISTS][1] };
  uint64_t taken[2], near[2], none[2] = { 0, 0 };
  int zoo_read = 0;
  if (!m->nb_ready) return -1;
  for (int i = 0; i < nw; i++) {
    int k = field[i];
    if ((k == K_BUILDING || k == K_NEXT_BUILDING) && !zoo_read) {
      ark_map_zoo_bits(m, z, taken, near);
      zoo_read = 1;
    }
    switch (k) {
    case K_EDGE: match_flag(s, m->bits[ARK_BITS_EDGE], &w[i]); break;
    case K_BUILD2: match_flag(s, m->bits[ARK_BITS_BUILD2], &w[i]); break;
    case K_NEXT_WATER: match_flag(s, m->bits[ARK_BITS_NEXT_WATER], &w[i]); break;
    case K_NEXT_ROCK: match_flag(s, m->bits[ARK_BITS_NEXT_ROCK], &w[i]); break;
    case K_NEXT_BUILDING: match_flag(s, near, &w[i]); break;
    case K_TERRAIN: {         /* a number always: true matches every space */
      int t = w[i].kind == W_NUMBER && w[i].num >= 0 && w[i].num <= ARK_TERRAIN_ROCK &&
              w[i].num == (int)w[i].num ? (int)w[i].num : -1;
      if (w[i].kind == W_NUMBER) match_flag(s, t >= 0 ? m->bits[ARK_BITS_PLAIN + t] : none,
                                            &(value){ W_TRUE, 0, NULL });
      else if (w[i].kind != W_TRUE) match_flag(s, none, &(value){ W_TRUE, 0, NULL });
      break;
    }
    case K_BUILDING:          /* its index where covered, else false */
      if (w[i].kind == W_NUMBER) {
        uint64_t b[2] = { 0, 0 };
        lua_Number n = w[i].num;
        if (n >= 0 && n < z->nb && n == (int)n)
          for (int c = 0; c < ARK_CELLS; c++)
            if (z->at[c] == (int)n + 1) b[c >> 6] |= 1ull << (c & 63);
        match_flag(s, b, &(value){ W_TRUE, 0, NULL });
      } else {
        match_flag(s, taken, &w[i]);
      }
      break;
    default: return -1;
    }
  }
  return ark_map_bits_count(s);
}

/* ark.count_cells(p, filter) -> the number of spaces of p's map whose
** fields (those of ark.map_cells) match every entry of filter: true
** matches a field that is there and not false, false one that is nil or
** false, a number or a string an equal field. */
static int l_count_cells(lua_State *L) {
  ark_game *g = ark_lua_game_seats(L);
  int p = ark_lua_arg_tableau(L, g, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  value w[U_TEXTS - K_CELL];
  int field[U_TEXTS - K_CELL], nw = 0, neighbors = 0;
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    if (lua_type(L, -2) != LUA_TSTRING)
      return luaL_error(L, "ark.count_cells: a filter's keys are field names");
    const char *name = lua_tostring(L, -2);
    int k = K_CELL;
    while (k < U_TEXTS && strcmp(key_names[k - K_CELL], name) != 0) k++;
    if (k == U_TEXTS) return luaL_error(L, "ark.count_cells: no field '%s'", name);
    value *c = &w[nw];        /* a key comes once: at most one entry per field */
    field[nw++] = k;
    neighbors |= is_neighbor_field(k);
    switch (lua_type(L, -1)) {
    case LUA_TBOOLEAN: c->kind = lua_toboolean(L, -1) ? W_TRUE : W_FALSE; break;
    case LUA_TNUMBER: c->kind = W_NUMBER, c->num = lua_tonumber(L, -1); break;
    case LUA_TSTRING: c->kind = W_STRING, c->str = lua_tostring(L, -1); break;
    default:
      return luaL_error(L, "ark.count_cells: '%s' must be true, false, a number or a text",
                        name);
    }
    if (k == K_TERRAIN && (c->kind == W_NUMBER || c->kind == W_STRING)) {
      /* a terrain's name as its index; anything else matches no space */
      int t = -1;
      for (int i = 0; i < 3 && c->kind == W_STRING; i++)
        if (!strcmp(terrain_names[i], c->str)) t = i;
      c->kind = W_NUMBER, c->num = t;
    }
    lua_pop(L, 1);
  }
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_Integer count = count_by_sets(m, z, w, field, nw);
  if (count >= 0) {
    lua_pushinteger(L, count);
    return 1;
  }
  count = 0;
  char text[16];
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c]) continue;
    /* the space's own fields first: its neighbours are looked at only
    ** for a space that passed them (a scoring card asks this at every
    ** position an AI values) */
    cell_facts f;
    facts_of(m, z, c, 0, &f);
    int ok = 1;
    for (int pass = 0; pass < 1 + neighbors && ok; pass++) {
      if (pass) facts_of(m, z, c, 1, &f);
      for (int i = 0; i < nw && ok; i++) {
        if (is_neighbor_field(field[i]) != pass) continue;
        value v = field_of(g->c, &f, c, field[i], text, sizeof text);
        ok = matches(&w[i], &v);
      }
    }
    count += ok;
  }
  lua_pushinteger(L, count);
  return 1;
}

/* A field of ark.count_zoo's filter: its key at stack index key, what
** its value asks of a card's fact. */
enum { Z_TRUE, Z_FALSE, Z_EQUAL, Z_RANGE };
typedef struct zoo_field {
  int key, kind, value;        /* value: the filter's value's index (Z_EQUAL) */
  lua_Number lo, hi;
} zoo_field;

#define ZOO_FIELDS 8

/* Reads filter (index 2) into f (its keys pushed, at most ZOO_FIELDS);
** returns how many fields. */
static int zoo_filter(lua_State *L, zoo_field *f) {
  int n = 0;
  luaL_checkstack(L, 3 * ZOO_FIELDS + 4, "ark.count_zoo");
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    if (lua_type(L, -2) != LUA_TSTRING)
      return luaL_error(L, "ark.count_zoo: a filter's keys are fact names");
    if (n == ZOO_FIELDS) return luaL_error(L, "ark.count_zoo: at most %d facts", ZOO_FIELDS);
    const char *name = lua_tostring(L, -2);
    zoo_field *z = &f[n++];
    switch (lua_type(L, -1)) {
    case LUA_TBOOLEAN: z->kind = lua_toboolean(L, -1) ? Z_TRUE : Z_FALSE; break;
    case LUA_TNUMBER: case LUA_TSTRING: z->kind = Z_EQUAL; break;
    case LUA_TTABLE:
      z->kind = Z_RANGE;
      lua_rawgeti(L, -1, 1);
      lua_rawgeti(L, -2, 2);
      if (lua_type(L, -2) != LUA_TNUMBER || lua_type(L, -1) != LUA_TNUMBER ||
          ark_rawlen(L, -3) != 2)
        return luaL_error(L, "ark.count_zoo: '%s' as a range is { lowest, highest }", name);
      z->lo = lua_tonumber(L, -2);
      z->hi = lua_tonumber(L, -1);
      lua_pop(L, 2);
      break;
    default:
      return luaL_error(L, "ark.count_zoo: '%s' must be true, false, a number, a text or "
                        "{ lowest, highest }", name);
    }
    z->value = lua_gettop(L);          /* key and value stay, with a copy */
    lua_pushvalue(L, -2);              /* of the key kept and one for lua_next */
    z->key = lua_gettop(L);
    lua_pushvalue(L, -1);
  }
  return n;
}

/* Does the card table at index c (or nil) match every field of f? */
static int zoo_card_matches(lua_State *L, int c, const zoo_field *f, int n) {
  int ok = 1;
  for (int i = 0; i < n && ok; i++) {
    if (lua_istable(L, c)) {
      lua_pushvalue(L, f[i].key);
      lua_gettable(L, c);
    } else {
      lua_pushnil(L);                  /* no such card: each fact nil */
    }
    switch (f[i].kind) {
    case Z_TRUE: ok = lua_toboolean(L, -1); break;
    case Z_FALSE: ok = !lua_toboolean(L, -1); break;
    case Z_EQUAL: ok = lua_rawequal(L, -1, f[i].value); break;
    default: {
      lua_Number v = lua_tonumber(L, -1);
      ok = lua_type(L, -1) == LUA_TNUMBER && v >= f[i].lo && v <= f[i].hi;
    }
    }
    lua_pop(L, 1);
  }
  return ok;
}

/* ark.count_zoo(p, filter) -> how many cards of ark.zoo(p) have facts (as
** fact(id, key) reads them, from CARDS) that match every entry of filter:
** true matches a fact that is there and not false, false one that is nil
** or false, a number or a text an equal fact, { lowest, highest } a number
** from lowest to highest.  The final scoring cards that count kinds of
** cards ask it at every position an AI values; a loop over the zoo asking
** fact twice per card took about twice as long (13 zoo cards: the count
** 1.3 us against 0.7 us; Large Animal Zoo's whole query 1.95 us, 1.31 us). */
static int l_count_zoo(lua_State *L) {
  ark_game *g = ark_lua_game_seats(L);
  int p = ark_lua_arg_zoo(L, g, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  zoo_field f[ZOO_FIELDS];
  int nf = zoo_filter(L, f);
  lua_getglobal(L, "CARDS");
  int cards = lua_gettop(L);
  if (!lua_istable(L, cards)) return luaL_error(L, "ark.count_zoo: no CARDS table");
  const ark_player *pl = &g->s.p[p];
  lua_Integer count = 0;
  for (int i = 0; i < pl->nzoo; i++) {
    lua_pushinteger(L, pl->zoo[i]);
    lua_gettable(L, cards);
    count += zoo_card_matches(L, lua_gettop(L), f, nf);
    lua_pop(L, 1);
  }
  lua_pushinteger(L, count);
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
  lua_pushlightuserdata(L, ctx);
  lua_pushcclosure(L, l_count_cells, 1);
  lua_setfield(L, -2, "count_cells");
  lua_pushlightuserdata(L, ctx);
  lua_pushcclosure(L, l_count_zoo, 1);
  lua_setfield(L, -2, "count_zoo");
}
