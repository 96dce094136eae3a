/*
** lua_api.c - C primitives for scripts: reading the state, moving cards,
** building, placing animals, tracks, projects and asking decisions.
**
** Conventions (see docs/lua-api.md): players are 0-based seats, card ids
** and building ids are opaque numbers, slots and display folders count
** from 1.  Primitives that change the game refuse to run inside a pure
** condition check (ctx->pure > 0), as ocgcore does for its `chk` calls.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include "lua_api.h"
#include "lua_bridge.h"
#include "luacompat.h"
#include "map.h"
#include "places.h"
#include "rng.h"
#include "track.h"
#include "zone.h"

/* What ark.zoo_stamp saw lately for each seat, in any game of this
** content: zoo cards in order and map, and the stamp given for them.  A
** search goes back and forth between a few zoos (the clones of each
** option), so a seat keeps the last ZOO_SEEN of them. */
#define ZOO_SEEN 8
typedef struct zoo_seen {
  int16_t zoo[ARK_ZOO_MAX];
  uint8_t nzoo;
  int8_t map;
  lua_Integer stamp;            /* 0: nothing seen yet */
} zoo_seen;

/* The handler lists ark.zoo_known made lately, by what they were made
** of: the zoo cards whose script is on, in play order, then the map
** (-2 - its index) if its script is on.  Most cards played have no script,
** so a zoo that grew by such cards gets the very table its seat had. */
#define KNOWN_KEPT 16
typedef struct known_kept {
  int16_t ids[ARK_ZOO_MAX + 1];
  uint8_t n, valid;
  int ref;                      /* the table, in the registry */
} known_kept;

typedef struct ark_lua_ctx {
  ark_game *g;
  int pure;
  known_kept known[KNOWN_KEPT];
  uint8_t known_next;           /* the one a new list replaces */
  zoo_seen seen[ARK_MAX_PLAYERS][ZOO_SEEN];
  uint8_t seen_next[ARK_MAX_PLAYERS];  /* the one a new zoo replaces */
  uint8_t seen_last[ARK_MAX_PLAYERS];  /* the one found last: asked first */
  lua_Integer stamps;           /* the last stamp given */
  unsigned reads;               /* what the primitives read: ARK_READ_* bits */
  int tracking;                 /* between ark_lua_reads(c, 1) and (c, 0) */
} ark_lua_ctx;

/* The context: every primitive's first upvalue, and in Lua 5.4 also the
** extra space of the content's Lua state and of each of its threads
** (copied from the main one when made): every primitive asks it, some
** three times, and the upvalue costs a look-up each time. */
#if !defined(ARK_LUAJIT) && LUA_VERSION_NUM >= 504
#define ARK_CTX_EXTRA 1
static ark_lua_ctx *ctx_of(lua_State *L) { return *(ark_lua_ctx **)lua_getextraspace(L); }
#else
static ark_lua_ctx *ctx_of(lua_State *L) {
  return (ark_lua_ctx *)lua_touserdata(L, lua_upvalueindex(1));
}
#endif

/* The game for a primitive that reads only the seats it is given (each
** passes arg_player, which notes the seat) and the content. */
static ark_game *GP(lua_State *L) {
  ark_lua_ctx *x = ctx_of(L);
  if (!x->g) luaL_error(L, "no game is running (primitives work only during play)");
  return x->g;
}

/* Notes a read of parts of the state (ARK_READ_* bits: a seat's tableau,
** purse or hand, or a part of the board; ARK_READ_BOARD for any of the
** board but the named ones). */
static void reads_part(lua_State *L, unsigned part) { ctx_of(L)->reads |= part; }

/* The running C function may read anything: it counts as reading the
** whole state.  A build with ARK_READS_DEBUG names, with the variable
** ARK_READS_DEBUG set, each that does so while a value is worked out. */
static void reads_all(lua_State *L, ark_lua_ctx *x) {
#ifdef ARK_READS_DEBUG
  lua_Debug ar;
  if (getenv("ARK_READS_DEBUG") && x->tracking && x->reads != ARK_READ_ALL &&
      lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar))
    fprintf(stderr, "reads all: %s\n", ar.name ? ar.name : "?");
#else
  (void)L;
#endif
  x->reads = ARK_READ_ALL;
}

/* The game for any other primitive (ark_lua_reads). */
static ark_game *G(lua_State *L) {
  reads_all(L, ctx_of(L));
  return GP(L);
}

/* A primitive that changes the game: every change of the state passes
** here first, so a query keeps a copy to put back only once it changes
** something. */
static ark_game *GM(lua_State *L) {
  ark_lua_ctx *x = ctx_of(L);
  if (x->pure > 0) luaL_error(L, "a condition check tried to change the game");
  if (x->g && x->g->in_query && !x->g->qsaved) ark_lua_query_save(x->g);
  return G(L);
}

/* What argument i holds, for a message: a number or text as written, else
** its type ("nil", "table"). */
static const char *shown_arg(lua_State *L, int i) {
  int t = lua_type(L, i);
  if (t != LUA_TNUMBER && t != LUA_TSTRING) return luaL_typename(L, i);
  lua_pushvalue(L, i);                   /* a copy: lua_tostring turns it into text */
  return lua_tostring(L, -1);
}

/* The messages name what a script wrote (gain(nil, "money", 2) reaches
** ark.add's first argument): a script's author reads them, not Lua's
** "bad argument #1 to 'add'". */
static int seat_arg(lua_State *L, ark_game *g, int i) {
  int ok;
  lua_Integer p = ark_tointegerx(L, i, &ok);
  if (!ok || p < 0 || p >= g->s.nplayers)
    luaL_error(L, "a player (0 to %d) is expected, not %s", g->s.nplayers - 1, shown_arg(L, i));
  return (int)p;
}

/* Seat i for a primitive that reads all of it (what any may do). */
static int arg_player(lua_State *L, ark_game *g, int i) {
  int p = seat_arg(L, g, i);
  ctx_of(L)->reads |= ARK_READ_SEAT(p);
  return p;
}

/* Seat i for a primitive that reads only its tableau: not the hand, money,
** X tokens, action cards or this turn's marks (ark_seat_hash, state.c). */
static int arg_tableau(lua_State *L, ark_game *g, int i) {
  int p = seat_arg(L, g, i);
  ctx_of(L)->reads |= ARK_READ_TABLEAU(p);
  return p;
}

/* Seat i for a primitive that reads only its zoo: its tableau but the
** buildings on its map (its cards, tracks, icons, the map it plays...). */
static int arg_zoo(lua_State *L, ark_game *g, int i) {
  int p = seat_arg(L, g, i);
  ctx_of(L)->reads |= ARK_READ_ZOO(p);
  return p;
}

static int arg_card(lua_State *L, ark_game *g, int i) {
  lua_Integer c = luaL_checkinteger(L, i);
  if (c < 0 || c >= g->c->ncards) luaL_error(L, "bad card id %d", (int)c);
  return (int)c;
}

/* An integer argument clamped to +-1000000: the state keeps small numbers,
** and a script's 2^53 must not overflow the arithmetic on them. */
static int arg_int(lua_State *L, int i) {
  int ok;
  lua_Integer v = ark_tointegerx(L, i, &ok);
  if (!ok) luaL_error(L, "a whole number is expected, not %s", shown_arg(L, i));
  return (int)(v > 1000000 ? 1000000 : v < -1000000 ? -1000000 : v);
}

int ark_lua_arg_int(lua_State *L, int i) { return arg_int(L, i); }

/* Argument i as a whole number within lo..hi, else an error naming `what`
** and that range (a value the field cannot hold was cut to its bits:
** ark.set(p, "workers", -1) gave 255). */
/* Argument i, a whole number in lo..hi, or an error naming fn and the
** field (NULL: none).  The names are put together only for the message:
** ark.set runs often enough that formatting them at every call showed. */
static int arg_within(lua_State *L, int i, int lo, int hi, const char *fn, const char *field) {
  int ok;
  lua_Integer v = ark_tointegerx(L, i, &ok);
  const char *sep = field ? ": " : "";
  if (!field) field = "";
  if (!ok)
    luaL_error(L, "%s%s%s: a whole number is expected, not %s", fn, sep, field, shown_arg(L, i));
  if (v < lo || v > hi) {
    char t[32];
    snprintf(t, sizeof t, "%lld", (long long)v);
    luaL_error(L, "%s%s%s: %s is outside %d..%d, the values it holds", fn, sep, field, t, lo, hi);
  }
  return (int)v;
}

static const char *const action_names[ARK_N_ACTIONS] = {
  "animals", "build", "cards", "association", "sponsors"
};

const char *ark_lua_action_key(int a) {
  return a >= 0 && a < ARK_N_ACTIONS ? action_names[a] : "?";
}

static int arg_action(lua_State *L, int i) {
  const char *s = luaL_checkstring(L, i);
  for (int a = 0; a < ARK_N_ACTIONS; a++)
    if (s[0] == action_names[a][0] && strcmp(s, action_names[a]) == 0) return a;
  return luaL_error(L, "unknown action card '%s'", s);
}

static int arg_building(lua_State *L, ark_game *g, int p, int i) {
  lua_Integer b = luaL_checkinteger(L, i);
  if (b < 0 || b >= g->s.p[p].zoo_map.nb) luaL_error(L, "bad building id %d", (int)b);
  return (int)b;
}

static void push_card_or_nil(lua_State *L, int card) {
  if (card >= 0) lua_pushinteger(L, card);
  else lua_pushnil(L);
}

static void push_list(lua_State *L, const int16_t *a, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, a[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static void push_int_list(lua_State *L, const int8_t *v, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, v[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* A primitive that builds tables with fixed field names gets those names
** as upvalues after the context (KEY(0), KEY(1), ...), made once, and sets
** them by rawset: interning a name anew at each lua_setfield costs more
** than the field itself.  The tables come out the same. */
#define KEY(i) lua_upvalueindex(2 + (i))

static void register_keyed(lua_State *L, void *ctx, const char *name, lua_CFunction f,
                           const char *const *keys, int nkeys) {
  lua_pushlightuserdata(L, ctx);
  for (int i = 0; i < nkeys; i++) lua_pushstring(L, keys[i]);
  lua_pushcclosure(L, f, 1 + nkeys);
  lua_setfield(L, -2, name);
}

static void key_int(lua_State *L, int k, lua_Integer v) {
  lua_pushvalue(L, KEY(k));
  lua_pushinteger(L, v);
  lua_rawset(L, -3);
}

static void key_bool(lua_State *L, int k, int v) {
  lua_pushvalue(L, KEY(k));
  lua_pushboolean(L, v);
  lua_rawset(L, -3);
}

static void key_str(lua_State *L, int k, const char *v) {
  lua_pushvalue(L, KEY(k));
  lua_pushstring(L, v);
  lua_rawset(L, -3);
}

/* Sets field k of the table on the top to the value at upvalue u. */
static void key_upvalue(lua_State *L, int k, int u) {
  lua_pushvalue(L, KEY(k));
  lua_pushvalue(L, KEY(u));
  lua_rawset(L, -3);
}

/* ---- plain fields of a player ---- */

typedef enum { F_U8, F_I16, F_U16 } field_type;
typedef struct {
  const char *name;
  size_t len, off;
  field_type t;
  int writable;
  unsigned part;                /* the seat's part it is in (ARK_READ_*(0)) */
} field;

#define PART(n, t, w, part) { #n, sizeof #n - 1, offsetof(ark_player, n), t, w, part }
#define FLD(n, t, w) PART(n, t, w, ARK_READ_ZOO(0))
#define PURSE(n, t, w) PART(n, t, w, ARK_READ_PURSE(0))
static const field fields[] = {
  PURSE(money, F_I16, 0), FLD(appeal, F_I16, 0), FLD(conservation, F_I16, 0),
  FLD(reputation, F_I16, 0), PURSE(xtokens, F_U8, 0), FLD(workers, F_U8, 1),
  PURSE(workers_out, F_U8, 1), FLD(upgraded, F_U8, 0), FLD(partner_zoos, F_U8, 0),
  FLD(universities, F_U8, 0), FLD(edge_taken, F_U8, 0), FLD(hand_limit, F_U8, 1),
  FLD(special_built, F_U8, 1), FLD(supports, F_U8, 1), PART(nhand, F_U8, 0, ARK_READ_HAND(0)),
  FLD(nzoo, F_U8, 0), FLD(rep_bonus_done, F_U16, 1), FLD(cp_bonus_done, F_U8, 1),
  PURSE(played_this_turn, F_U8, 1), FLD(map, F_U8, 0),
  { "cover_terrain", sizeof "cover_terrain" - 1, offsetof(ark_player, zoo_map.cover_terrain),
    F_U8, 1, ARK_READ_GROUNDS(0) }
};
#undef PART
#undef FLD
#undef PURSE

/* The length and first letter tell most names apart without a call:
** scripts ask ark.get more than anything else. */
static const field *find_field(const char *k, size_t len) {
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    if (fields[i].len == len && fields[i].name[0] == k[0] && memcmp(fields[i].name, k, len) == 0)
      return &fields[i];
  return NULL;
}

static int field_get(const ark_player *pl, const field *f) {
  const char *base = (const char *)pl + f->off;
  switch (f->t) {
  case F_U8: return *(const uint8_t *)base;
  case F_I16: return *(const int16_t *)base;
  default: return *(const uint16_t *)base;
  }
}

/* The values field f holds. */
static void field_range(const field *f, int *lo, int *hi) {
  switch (f->t) {
  case F_U8: *lo = 0, *hi = UINT8_MAX; break;
  case F_I16: *lo = INT16_MIN, *hi = INT16_MAX; break;
  default: *lo = 0, *hi = UINT16_MAX; break;
  }
}

static void field_set(ark_player *pl, const field *f, int v) {
  char *base = (char *)pl + f->off;
  switch (f->t) {
  case F_U8: *(uint8_t *)base = (uint8_t)v; break;
  case F_I16: *(int16_t *)base = (int16_t)v; break;
  default: *(uint16_t *)base = (uint16_t)v; break;
  }
}

/* ark.get(p, key): a number about player p (or the game when p is nil). */
static int l_get(lua_State *L) {
  ark_game *g = GP(L);
  size_t len;
  const char *k = luaL_checklstring(L, 2, &len);
  if (lua_isnil(L, 1)) {
    const ark_state *s = &g->s;
    int v;
    /* the two that every event asks first (fire, rules.lua) */
    if (len == 7 && !memcmp(k, "players", 7)) {
      reads_part(L, ARK_READ_SETUP);
      lua_pushinteger(L, s->nplayers);
      return 1;
    }
    if (len == 7 && !memcmp(k, "current", 7)) {
      reads_part(L, ARK_READ_BOARD);
      lua_pushinteger(L, s->cur);
      return 1;
    }
    reads_part(L, !strcmp(k, "start_player") ? ARK_READ_SETUP : ARK_READ_BOARD);
    if (!strcmp(k, "turn")) v = s->turn;
    else if (!strcmp(k, "break_pos")) v = s->break_pos;
    else if (!strcmp(k, "break_len")) v = s->break_len;
    else if (!strcmp(k, "deck")) v = s->ndeck;
    else if (!strcmp(k, "discard")) v = s->ndiscard;
    else if (!strcmp(k, "donations")) v = s->donations;
    else if (!strcmp(k, "start_player")) v = s->start_player;
    else if (!strcmp(k, "scoring_discarded")) v = s->scoring_discarded;
    else if (!strcmp(k, "board_zoos")) v = s->board_zoos;
    else if (!strcmp(k, "board_unis")) v = s->board_unis;
    else return luaL_error(L, "ark.get: unknown game field '%s'", k);
    lua_pushinteger(L, v);
    return 1;
  }
  int p = seat_arg(L, g, 1);
  const ark_player *pl = &g->s.p[p];
  const field *f = find_field(k, len);
  /* a field says its part; the two of the map read the tableau, and the
  ** rest may read anything of the seat */
  if (f) {
    reads_part(L, f->part << p);
    lua_pushinteger(L, field_get(pl, f));
    return 1;
  }
  if (!strcmp(k, "buildings") || !strcmp(k, "free_cells")) {
    reads_part(L, ARK_READ_TABLEAU(p));
    lua_pushinteger(L, k[0] == 'b' ? pl->zoo_map.nb
                                   : ark_map_free_cells(&g->c->maps[pl->map], &pl->zoo_map));
    return 1;
  }
  reads_part(L, ARK_READ_SEAT(p));
  if (!strcmp(k, "target")) lua_pushinteger(L, ark_track_target_of(g, pl->conservation));
  else if (!strcmp(k, "score")) lua_pushinteger(L, ark_track_score(g, p));
  else if (!strcmp(k, "range")) lua_pushinteger(L, ark_track_range(g, p));
  else if (!strcmp(k, "reputation_cap")) lua_pushinteger(L, ark_track_reputation_cap(g, p));
  else return luaL_error(L, "ark.get: unknown player field '%s'", k);
  return 1;
}

/* ark.set(p, key, v) for the writable plain fields, or the game's
** scoring_discarded / donations. */
static int l_set(lua_State *L) {
  ark_game *g = GM(L);
  size_t len;
  const char *k = luaL_checklstring(L, 2, &len);
  if (lua_isnil(L, 1)) {
    uint8_t *at;
    if (!strcmp(k, "scoring_discarded")) at = &g->s.scoring_discarded;
    else if (!strcmp(k, "donations")) at = &g->s.donations;
    else return luaL_error(L, "ark.set: game field '%s' is not writable", k);
    *at = (uint8_t)arg_within(L, 3, 0, UINT8_MAX, "ark.set", k);
    return 0;
  }
  int p = arg_player(L, g, 1);
  const field *f = find_field(k, len);
  if (!f || !f->writable) return luaL_error(L, "ark.set: field '%s' is not writable", k);
  int lo, hi;
  field_range(f, &lo, &hi);
  field_set(&g->s.p[p], f, arg_within(L, 3, lo, hi, "ark.set", f->name));
  return 0;
}

/* ark.add(p, track, n) -> applied change (caps and overflow in track.c) */
static int l_add(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int t = ark_track_from_name(luaL_checkstring(L, 2));
  if (t < 0) return luaL_error(L, "ark.add: unknown track '%s'", lua_tostring(L, 2));
  lua_pushinteger(L, ark_track_add(g, p, t, arg_int(L, 3)));
  return 1;
}

/* ark.range(reputation) -> display folders within range at that reputation
** (actions that gain reputation first ask what the gain would open up). */
static int l_range(lua_State *L) {
  lua_pushinteger(L, ark_track_range_at(luaL_checkinteger(L, 1)));
  return 1;
}

/* ark.counter(p, i [, v]): free per-player counters for scripts (0..15). */
static int l_counter(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  if (i < 0 || i >= 16) return luaL_error(L, "counter index %d out of 0..15", (int)i);
  if (!lua_isnoneornil(L, 3)) {
    GM(L);
    g->s.p[p].counter[i] = (int16_t)arg_within(L, 3, INT16_MIN, INT16_MAX, "ark.counter", NULL);
  }
  lua_pushinteger(L, g->s.p[p].counter[i]);
  return 1;
}

/* The memo under key (a card id; -1 - p for player p's map), set to *v
** first when v is given: shared by ark.memo and ark.map_memo. */
static int memo_at(lua_State *L, ark_game *g, int key, int varg) {
  int k = 0;
  while (k < g->s.nmemo && g->s.memo_card[k] != key) k++;
  if (!lua_isnoneornil(L, varg)) {
    lua_Integer v = luaL_checkinteger(L, varg);
    GM(L);
    luaL_argcheck(L, v >= INT16_MIN && v <= INT16_MAX, varg, "memo out of -32768..32767");
    if (k == g->s.nmemo) {
      if (k == ARK_MEMO_MAX)
        return luaL_error(L, "more than %d cards and maps keep a memo", ARK_MEMO_MAX);
      g->s.memo_card[g->s.nmemo++] = (int16_t)key;
    }
    g->s.memo_value[k] = (int16_t)v;
  }
  lua_pushinteger(L, k < g->s.nmemo ? g->s.memo_value[k] : 0);
  return 1;
}

/* ark.memo(card [, v]) -> the number card's script keeps for the rest of
** the game, 0 until set; with v, sets it first.  One per card, so fan cards
** cannot collide the way shared counters can. */
static int l_memo(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_MEMO);
  return memo_at(L, g, arg_card(L, g, 1), 2);
}

/* ark.map_memo(p [, v]) -> as ark.memo, the number player p's map script
** keeps (each seat's map its own, though two seats play the same map). */
static int l_map_memo(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_MEMO);
  return memo_at(L, g, -1 - arg_player(L, g, 1), 2);
}

/* ark.icons(p [, icon]).  Upvalue 2 (after the context) holds the icon
** names, made once: the table of every icon is asked for all the time,
** and a name looked up by rawgeti costs less than one interned anew.
** Upvalue 3 maps each name to its index + 1: conditions_met asks one icon
** at a time for every card it checks, and a hash look-up of the interned
** string costs far less than comparing it with the names in turn.  A name
** it does not hold (or a number) takes the comparisons, as before. */
static int l_icons(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_zoo(L, g, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(3));     /* void in LuaJIT's API: read the type after */
    int known = lua_type(L, -1) == LUA_TNUMBER;
    int i = known ? (int)lua_tointeger(L, -1) - 1 : -1;
    lua_pop(L, 1);
    if (i >= 0) {
      lua_pushinteger(L, g->s.p[p].icons[i]);
      return 1;
    }
  }
  if (lua_isstring(L, 2)) {
    int i = ark_icon_from_name(lua_tostring(L, 2));
    if (i < 0) return luaL_error(L, "unknown icon '%s'", lua_tostring(L, 2));
    lua_pushinteger(L, g->s.p[p].icons[i]);
    return 1;
  }
  lua_createtable(L, 0, ARK_ICON_N);   /* sized once: no rehash per field */
  for (int i = 0; i < ARK_ICON_N; i++) {
    lua_rawgeti(L, lua_upvalueindex(2), i + 1);
    lua_pushinteger(L, g->s.p[p].icons[i]);
    lua_rawset(L, -3);
  }
  return 1;
}

static void register_icons(lua_State *L, void *ctx) {
  lua_pushlightuserdata(L, ctx);
  lua_createtable(L, ARK_ICON_N, 0);
  for (int i = 0; i < ARK_ICON_N; i++) {
    lua_pushstring(L, ark_icon_name(i));
    lua_rawseti(L, -2, i + 1);
  }
  lua_createtable(L, 0, ARK_ICON_N);
  for (int i = 0; i < ARK_ICON_N; i++) {
    lua_pushinteger(L, i + 1);
    lua_setfield(L, -2, ark_icon_name(i));
  }
  lua_pushcclosure(L, l_icons, 3);
  lua_setfield(L, -2, "icons");
}

/* ---- cards ---- */

static int l_hand(lua_State *L) {
  ark_game *g = GP(L);
  int p = seat_arg(L, g, 1);
  reads_part(L, ARK_READ_HAND(p));
  push_list(L, g->s.p[p].hand, g->s.p[p].nhand);
  return 1;
}

static int l_zoo(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_zoo(L, g, 1);
  push_list(L, g->s.p[p].zoo, g->s.p[p].nzoo);
  return 1;
}

/* ark.zoo_building(p, card) -> building id of an animal, or nil */
static int l_zoo_building(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_zoo(L, g, 1);
  int i = ark_zone_zoo_find(g, p, arg_card(L, g, 2));
  if (i < 0 || g->s.p[p].zoo_building[i] < 0) lua_pushnil(L);
  else lua_pushinteger(L, g->s.p[p].zoo_building[i]);
  return 1;
}

static int l_scoring(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_zoo(L, g, 1);
  lua_createtable(L, 2, 0);            /* mostly two: no resize on the first */
  int n = 0;
  for (int i = 0; i < ARK_SCORING_HELD; i++)
    if (g->s.p[p].scoring[i] >= 0) {
      lua_pushinteger(L, g->s.p[p].scoring[i]);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

static int l_scoring_discard(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  for (int i = 0; i < ARK_SCORING_HELD; i++)
    if (g->s.p[p].scoring[i] == card) {
      g->s.p[p].scoring[i] = ARK_NO_CARD;
      ark_zone_box(g, card);       /* face down: only p knows which */
      ark_game_log_seen(g, p, ARK_EV_DISCARD, card, 1, 0, NULL, 1 << p);
      return 0;
    }
  return luaL_error(L, "player %d holds no final scoring card %d", p, card);
}

/* ark.display() -> array of 6: card id or false for an empty folder */
static int l_display(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_DISPLAY);
  lua_createtable(L, ARK_DISPLAY, 0);
  for (int f = 0; f < ARK_DISPLAY; f++) {
    if (g->s.display[f] >= 0) lua_pushinteger(L, g->s.display[f]);
    else lua_pushboolean(L, 0);
    lua_rawseti(L, -2, f + 1);
  }
  return 1;
}

static int l_draw(lua_State *L) {
  ark_game *g = GM(L);
  push_card_or_nil(L, ark_zone_draw(g, arg_player(L, g, 1)));
  return 1;
}

/* ark.deck_pop() -> the top card of the deck (for reveals), or nil */
static int l_deck_pop(lua_State *L) {
  ark_game *g = GM(L);
  push_card_or_nil(L, ark_zone_reveal(g));
  return 1;
}

static int l_discard(lua_State *L) {
  ark_game *g = GM(L);
  int card = arg_card(L, g, 1);
  ark_zone_discard(g, card);
  ark_game_log(g, -1, ARK_EV_DISCARD, card, 0, 0, NULL);
  return 0;
}

static int l_hand_add(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  ark_zone_hand_add(g, p, arg_card(L, g, 2));
  return 0;
}

static int l_hand_remove(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  lua_pushboolean(L, ark_zone_hand_remove(g, p, arg_card(L, g, 2)) == 0);
  return 1;
}

/* ark.hand_give(q, p, card): the card goes from q's hand to p's (Pilfering).
** The two seats see which card, the others that one changed hands; told as
** notes, which the log's hash leaves out, since the log had said nothing of
** such a move before and saves made then keep their hash. */
static int l_hand_give(lua_State *L) {
  ark_game *g = GM(L);
  int q = arg_player(L, g, 1), p = arg_player(L, g, 2), c = arg_card(L, g, 3);
  if (ark_zone_hand_remove(g, q, c) != 0)
    return luaL_error(L, "ark.hand_give: %s is not in P%d's hand", g->c->cards[c].name, q + 1);
  ark_zone_hand_add(g, p, c);
  int both = (1 << p) | (1 << q);
  char text[160];
  snprintf(text, sizeof text, "hands %.80s (%d) to P%d", g->c->cards[c].name,
           g->c->cards[c].number, p + 1);
  ark_game_log_note(g, q, ARK_EV_TEXT, c, p, 0, text, both);
  snprintf(text, sizeof text, "hands a card to P%d", p + 1);
  ark_game_log_note(g, q, ARK_EV_TEXT, -1, p, 0, text, ARK_SEEN_ALL & ~both);
  return 0;
}

/* ark.display_take(folder) -> card (the folder stays empty until refill) */
static int l_display_take(lua_State *L) {
  ark_game *g = GM(L);
  lua_Integer f = luaL_checkinteger(L, 1);
  if (f < 1 || f > ARK_DISPLAY) return luaL_error(L, "bad display folder %d", (int)f);
  push_card_or_nil(L, ark_zone_display_take(g, (int)f - 1));
  return 1;
}

static int l_display_refill(lua_State *L) {
  ark_zone_display_refill(GM(L));
  return 0;
}

/* ---- action cards ---- */

static int l_slot_action(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_Integer s = luaL_checkinteger(L, 2);
  if (s < 1 || s > ARK_N_ACTIONS) return luaL_error(L, "bad slot %d", (int)s);
  lua_pushstring(L, action_names[g->s.p[p].slot[s - 1]]);
  return 1;
}

static int slot_of(const ark_player *pl, int a) {
  for (int i = 0; i < ARK_N_ACTIONS; i++)
    if (pl->slot[i] == a) return i + 1;
  return 0;
}

static int l_action_slot(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_pushinteger(L, slot_of(&g->s.p[p], arg_action(L, 2)));
  return 1;
}

static int l_upgraded(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_pushboolean(L, (g->s.p[p].upgraded >> arg_action(L, 2)) & 1);
  return 1;
}

static int l_upgrade(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int a = arg_action(L, 2);
  g->s.p[p].upgraded |= (uint8_t)(1u << a);
  ark_game_log_kind(g, p, ARK_EV_TEXT, a, 0, 0, "action card upgraded", ARK_KIND_UPGRADE);
  return 0;
}

/* ark.venom_paid(p, action): p's payment just logged was the venom on that
** action card; its line says so.  Only the event's kind changes, which the
** log's hash leaves out: the logs of games stay the same. */
static int l_venom_paid(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  int a = arg_action(L, 2);
  ark_event *e = g->log.nev > 0 ? &g->log.ev[g->log.nev - 1] : NULL;
  if (!g->nolog && e && e->type == ARK_EV_PAY && e->player == p && e->a == ARK_TR_MONEY)
    e->kind = ARK_KIND_VENOM + a;
  return 0;
}

static uint8_t *token_array(lua_State *L, ark_player *pl, const char *kind) {
  /* the first letter before a call: turn_options asks for constriction
  ** on every card */
  if (kind[0] == 'm' && !strcmp(kind, "multiplier")) return pl->multiplier;
  if (kind[0] == 'v' && !strcmp(kind, "venom")) return pl->venom;
  if (kind[0] == 'c' && !strcmp(kind, "constriction")) return pl->constriction;
  luaL_error(L, "unknown token kind '%s'", kind);
  return NULL;
}

/* ark.tokens(p, action, kind [, add]) -> tokens of that kind on the card */
static int l_tokens(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  int a = arg_action(L, 2);
  uint8_t *t = token_array(L, &g->s.p[p], luaL_checkstring(L, 3));
  if (!lua_isnoneornil(L, 4)) {
    GM(L);
    int v = t[a] + arg_int(L, 4);
    t[a] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
  }
  lua_pushinteger(L, t[a]);
  return 1;
}

static lua_Integer token_total(const uint8_t *t) {
  lua_Integer n = 0;
  for (int a = 0; a < ARK_N_ACTIONS; a++) n += t[a];
  return n;
}

/* ark.venom_total(p) -> the venom tokens on all of p's action cards: the
** end of every turn reads this one number and looks card by card only when
** some card has one, which is rare. */
static int l_venom_total(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_pushinteger(L, token_total(g->s.p[p].venom));
  return 1;
}

/* ark.token_total(p, kind) -> the tokens of that kind on all of p's action
** cards: one call where a script that clears or counts them at every turn
** start would ask ark.tokens once per card. */
static int l_token_total(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_pushinteger(L, token_total(token_array(L, &g->s.p[p], luaL_checkstring(L, 2))));
  return 1;
}

/* ark.to_slot1(p, action): the card goes to slot 1, the cards left of it
** shift one slot right. */
static int l_to_slot1(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int a = arg_action(L, 2);
  ark_player *pl = &g->s.p[p];
  int s = slot_of(pl, a) - 1;
  for (int i = s; i > 0; i--) pl->slot[i] = pl->slot[i - 1];
  pl->slot[0] = (uint8_t)a;
  return 0;
}

/* ark.advance_break(p, n) -> true if this filled the break track */
static int l_advance_break(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int n = arg_int(L, 2);
  ark_state *s = &g->s;
  int was_full = s->break_pos >= s->break_len;
  int pos = s->break_pos + n;
  if (pos < 0) pos = 0;
  s->break_pos = (uint8_t)(pos > s->break_len ? s->break_len : pos);
  int now = !was_full && s->break_pos >= s->break_len && s->break_trigger < 0;
  if (now) {
    s->break_trigger = (int8_t)p;
    ark_game_log(g, p, ARK_EV_BREAK, 0, 0, 0, "break track filled");
  }
  lua_pushboolean(L, now);
  return 1;
}

/* ---- the zoo map ---- */

static const ark_map_def *map_of(ark_game *g, int p) {
  return &g->c->maps[g->s.p[p].map];
}

static int arg_bdef(lua_State *L, ark_game *g, int i) {
  const char *key = luaL_checkstring(L, i);
  int d = ark_content_find_building(g->c, key);
  if (d < 0) return luaL_error(L, "unknown building '%s'", key);
  return d;
}

/* A placement's cell list, after "<key> at " where key is a building's (at
** most 27 characters, defs.h; NULL for none), into buf; its length. */
size_t ark_place_text(const char *key, const ark_place *pl, char buf[ARK_PLACE_TEXT]) {
  size_t n = 0;
  for (const char *q = key; q && *q && n < 40; q++) buf[n++] = *q;
  for (const char *q = " at "; key && *q && n < 40; q++) buf[n++] = *q;
  buf[n] = '\0';
  for (int k = 0; k < pl->ncells; k++) {
    char cell[16];
    /* ark_map_cell_text's "(x,y)" (x below 10 on the grid), written here:
    ** the options of every Build are made of these */
    int c = pl->cells[k], y = ARK_CELL_Y(c);
    size_t len = 0;
    cell[len++] = '(';
    cell[len++] = (char)('0' + ARK_CELL_X(c));
    cell[len++] = ',';
    if (y > 9) cell[len++] = (char)('0' + y / 10);
    cell[len++] = (char)('0' + y % 10);
    cell[len++] = ')';
    cell[len] = '\0';
    if (n + (k > 0) + len >= ARK_PLACE_TEXT) break;   /* cannot happen: 5 cells of 7 */
    if (k > 0) buf[n++] = ' ';
    memcpy(buf + n, cell, len + 1);
    n += len;
  }
  return n;
}

static void push_place_after(lua_State *L, const char *key, const ark_place *pl) {
  char buf[ARK_PLACE_TEXT];
  size_t n = ark_place_text(key, pl, buf);
  lua_pushlstring(L, buf, n);
}

static void push_place(lua_State *L, const ark_place *pl) { push_place_after(L, NULL, pl); }

/* Parses "(x,y) (x,y) ..." back into cells. */
static int parse_place(const char *s, ark_place *pl) {
  memset(pl, 0, sizeof *pl);
  int x, y;
  const char *end;
  for (;;) {
    while (isspace((unsigned char)*s)) s++;
    if (!(end = ark_map_read_xy(s, &x, &y)) || *end != ')') break;
    if (pl->ncells >= ARK_MAX_FOOTPRINT || x < 0 || x >= ARK_GRID_W || y < 0 ||
        y >= ARK_GRID_H)
      return -1;
    pl->cells[pl->ncells++] = (uint8_t)ARK_CELL(x, y);
    s = end + 1;
  }
  return pl->ncells > 0 ? 0 : -1;
}

/* The list of every placement of building kind d for p: their cell lists,
** or with labels their option texts "<key> at <cells>".  The texts met so
** far are kept in the closure's upvalue 2 (by the cells as one number: a
** zoo's positions come back turn after turn, and a map has only so many),
** the option texts per kind in tables of it under negative keys. */
static int push_placements(lua_State *L, ark_game *g, int p, int d, int build2, int labels) {
  const ark_place *buf;
  int n = ark_places(g, p, d, build2, &buf);
  int cache = lua_upvalueindex(2);
  const char *bkey = labels ? g->c->buildings[d].key : NULL;
  if (labels) {
    lua_rawgeti(L, cache, -1 - d);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, -1);
      lua_rawseti(L, cache, -1 - d);
    }
    cache = lua_gettop(L);
  }
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    int64_t key = buf[i].ncells;       /* up to 48 bits: a double holds them */
    for (int k = 0; k < buf[i].ncells; k++) key = key << 8 | buf[i].cells[k];
#ifdef ARK_LUAJIT
    lua_pushnumber(L, (lua_Number)key);
#else
    lua_pushinteger(L, (lua_Integer)key);
#endif
    lua_pushvalue(L, -1);
    lua_rawget(L, cache);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      push_place_after(L, bkey, &buf[i]);
      lua_pushvalue(L, -2);              /* key, text -> cache[key] = text */
      lua_pushvalue(L, -2);
      lua_rawset(L, cache);
    }
    lua_remove(L, -2);
    lua_rawseti(L, -2, i + 1);
  }
  if (labels) lua_remove(L, cache);
  return 1;
}

/* ark.placements(p, key, build2 [, i]) -> array of cell-list strings (with
** i, the i-th of them alone, or nothing). */
static int l_placements(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  int d = arg_bdef(L, g, 2);
  int build2 = lua_toboolean(L, 3);
  /* the fourth argument: only that one placement (1-based), or nil */
  int only = lua_isnoneornil(L, 4) ? 0 : (int)luaL_checkinteger(L, 4);
  if (only) {
    const ark_place *buf;
    int n = ark_places(g, p, d, build2, &buf);
    if (only < 1 || only > n) return 0;
    push_place(L, &buf[only - 1]);
    return 1;
  }
  return push_placements(L, g, p, d, build2, 0);
}

/* ark.placement_options(p, key, build2) -> ark.placements' list as option
** texts, "<key> at <cells>" each, as the rules offer them. */
static int l_placement_options(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  int d = arg_bdef(L, g, 2);
  return push_placements(L, g, p, d, lua_toboolean(L, 3), 1);
}

/* ark.can_place(p, key, build2) -> is there any legal position? */
static int l_can_place(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  int d = arg_bdef(L, g, 2);
  lua_pushboolean(L, ark_places_any(g, p, d, lua_toboolean(L, 3)));
  return 1;
}

/* ark.build(p, key, cells, build2 [, card]) -> building id, list of
** placement bonuses {bonus=name, value=n, cell="(x,y)"} covered. */
static int l_build(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int d = arg_bdef(L, g, 2);
  ark_place pl;
  if (parse_place(luaL_checkstring(L, 3), &pl) != 0)
    return luaL_error(L, "ark.build: bad cell list '%s'", lua_tostring(L, 3));
  const ark_map_def *m = map_of(g, p);
  ark_zoo *z = &g->s.p[p].zoo_map;
  if (!ark_map_can_place(m, z, g->c->buildings, d, lua_toboolean(L, 4), &pl))
    return luaL_error(L, "ark.build: %s cannot stand on %s", lua_tostring(L, 2),
                      lua_tostring(L, 3));
  int b = ark_map_place(z, d, &pl);
  if (b < 0) return luaL_error(L, "ark.build: the zoo holds too many buildings");
  if (!lua_isnoneornil(L, 5)) z->b[b].card = (int16_t)arg_card(L, g, 5);
  ark_game_log(g, p, ARK_EV_BUILD, d, pl.cells[0], pl.ncells, NULL);
  lua_pushinteger(L, b);
  /* each table made at its size: every building placed makes the list, and
  ** the search places thousands a game (a growing table is allocated anew
  ** at each size) */
  int nb = 0;
  for (int k = 0; k < pl.ncells; k++) nb += m->place_bonus[pl.cells[k]].kind != ARK_BONUS_NONE;
  lua_createtable(L, nb, 0);
  int n = 0;
  for (int k = 0; k < pl.ncells; k++) {
    const ark_bonus *bo = &m->place_bonus[pl.cells[k]];
    if (bo->kind == ARK_BONUS_NONE) continue;
    char cell[16];
    ark_map_cell_text(pl.cells[k], cell, sizeof cell);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, ark_content_bonus_name(g->c, bo->kind));
    lua_setfield(L, -2, "bonus");
    lua_pushinteger(L, bo->value);
    lua_setfield(L, -2, "value");
    lua_pushstring(L, cell);
    lua_setfield(L, -2, "cell");
    lua_rawseti(L, -2, ++n);
  }
  return 2;
}

/* ark.placement_bonus(p, b, i) -> bonus, value, edge of the i-th space
** with a placement bonus that p's building b covers, in the order ark.build
** gave them (edge: the space is on the map's border), or nothing: the
** rules apply a building's bonuses one at a time, each possibly a
** continuation, with no list of them kept. */
static int l_placement_bonus(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_Integer b = luaL_checkinteger(L, 2), i = luaL_checkinteger(L, 3);
  if (b < 0 || b >= z->nb) return luaL_error(L, "ark.placement_bonus: no building %d", (int)b);
  const ark_map_def *m = map_of(g, p);
  for (int k = 0; k < z->b[b].ncells; k++) {
    const ark_bonus *bo = &m->place_bonus[z->b[b].cells[k]];
    if (bo->kind != ARK_BONUS_NONE && --i == 0) {
      lua_pushstring(L, ark_content_bonus_name(g->c, bo->kind));
      lua_pushinteger(L, bo->value);
      lua_pushboolean(L, m->edge[z->b[b].cells[k]] != 0);
      return 3;
    }
  }
  return 0;
}

static const char *const bkind_names[] = { "enclosure", "kiosk", "pavilion",
                                           "special", "unique" };

/* ark.buildings' upvalues after the context (1): its field names, the
** kind names, and the building keys by def (each made at its first use).  A building's table is built by rawset: the
** Flock keyword and card scripts ask for every building of a zoo. */
enum { B_ID = 2, B_KEY, B_KIND, B_SIZE, B_USED, B_CAPACITY, B_CARD, B_KINDS, B_KEYS, B_END };
static const char *const bfield_names[] = {
  "id", "key", "kind", "size", "used", "capacity", "card"
};

/* Pushes field k (B_ID..B_CARD) of building i of zoo z, as its table in
** ark.buildings holds it (nil for a card it has none of). */
static void push_bfield(lua_State *L, const ark_game *g, const ark_zoo *z, int i, int k) {
  const ark_building_def *d = &g->c->buildings[z->b[i].def];
  switch (k) {
  case B_ID: lua_pushinteger(L, i); break;
  case B_KEY:
    lua_rawgeti(L, lua_upvalueindex(B_KEYS), z->b[i].def + 1);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_pushstring(L, d->key);
      lua_pushvalue(L, -1);
      lua_rawseti(L, lua_upvalueindex(B_KEYS), z->b[i].def + 1);
    }
    break;
  case B_KIND: lua_rawgeti(L, lua_upvalueindex(B_KINDS), d->kind + 1); break;
  /* size counts the spaces a map ability adds (for all purposes) */
  case B_SIZE: lua_pushinteger(L, z->b[i].ncells + z->b[i].extra); break;
  case B_USED: lua_pushinteger(L, z->b[i].used); break;
  case B_CAPACITY: lua_pushinteger(L, d->capacity); break;
  default:
    if (z->b[i].card >= 0) lua_pushinteger(L, z->b[i].card);
    else lua_pushnil(L);
  }
}

/* Building i of zoo z as ark.buildings lists it, on the top of the stack. */
static void push_building(lua_State *L, const ark_game *g, const ark_zoo *z, int i) {
  lua_createtable(L, 0, 8);
  for (int k = B_ID; k <= B_CARD; k++) {
    if (k == B_CARD && z->b[i].card < 0) break;
    lua_pushvalue(L, lua_upvalueindex(k));
    push_bfield(L, g, z, i, k);
    lua_rawset(L, -3);
  }
}

/* ark.buildings(p) -> array of {id, key, kind, size, used, card, capacity} */
static int l_buildings(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  lua_createtable(L, z->nb, 0);
  for (int i = 0; i < z->nb; i++) {
    push_building(L, g, z, i);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ark.enclosures_with(p, min_size, icon) -> the ids, in order, of p's
** standard enclosures whose animal shows icon and that count at least
** min_size spaces: what Flock asks of every animal it scans, without a
** table per building. */
static int l_enclosures_with(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_Integer need = luaL_checkinteger(L, 2);
  int icon = ark_icon_from_name(luaL_checkstring(L, 3));
  if (icon < 0) return luaL_error(L, "unknown icon '%s'", lua_tostring(L, 3));
  const ark_zoo *z = &g->s.p[p].zoo_map;
  int at[ARK_MAX_BUILDINGS], n = 0;
  for (int b = 0; b < z->nb; b++) {
    const ark_building *bu = &z->b[b];
    if (g->c->buildings[bu->def].kind == ARK_BK_ENCLOSURE && bu->used > 0 && bu->card >= 0 &&
        bu->ncells + bu->extra >= need && g->c->cards[bu->card].icons[icon] > 0)
      at[n++] = b;
  }
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, at[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ark.building(p, b [, field]) -> ark.buildings(p)[b + 1], or nil: a
** script that wants one building (an option's text, a building's kind)
** is not handed a table for every building of the zoo.  With field, only
** that field of it, with no table made at all (an enclosure option's text
** needs the key alone, and Side Entrance asks its neighbours' kinds at
** every break). */
static int l_building(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_Integer b = luaL_checkinteger(L, 2);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  int k = 0;
  if (!lua_isnoneornil(L, 3)) {         /* one field: no table made */
    const char *f = luaL_checkstring(L, 3);
    for (int i = B_ID; i <= B_CARD && !k; i++)
      if (!strcmp(f, bfield_names[i - B_ID])) k = i;
    if (!k) return luaL_error(L, "ark.building: a building has no field '%s'", f);
  }
  if (b < 0 || b >= z->nb) lua_pushnil(L);
  else if (k) push_bfield(L, g, z, (int)b, k);
  else push_building(L, g, z, (int)b);
  return 1;
}

/* ark.building_with(p, card) -> the id of p's first building whose card
** is `card` (the unique building a sponsor placed, the standard enclosure
** an animal lives in), or nil: a script that wants its own building does
** not make a table for every building of the zoo to find it. */
static int l_building_with(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  for (int b = 0; b < z->nb; b++)
    if (z->b[b].card == card) {
      lua_pushinteger(L, b);
      return 1;
    }
  lua_pushnil(L);
  return 1;
}

/* ark.buildings with its upvalues, into the table at the top. */
static void register_buildings(lua_State *L, void *ctx) {
  lua_pushlightuserdata(L, ctx);
  for (int k = B_ID; k < B_KINDS; k++) lua_pushstring(L, bfield_names[k - B_ID]);
  int nkinds = (int)(sizeof bkind_names / sizeof bkind_names[0]);
  lua_createtable(L, nkinds, 0);
  for (int k = 0; k < nkinds; k++) {
    lua_pushstring(L, bkind_names[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_newtable(L);                     /* B_KEYS */
  /* ark.building gets the same upvalues (the same tables) */
  for (int k = 1; k < B_END; k++) lua_pushvalue(L, -(B_END - 1));
  lua_pushcclosure(L, l_building, B_END - 1);
  lua_setfield(L, -(B_END - 1) - 2, "building");
  lua_pushcclosure(L, l_buildings, B_END - 1);
  lua_setfield(L, -2, "buildings");
  lua_pushlightuserdata(L, ctx);
  lua_newtable(L);                     /* ark.placements' texts, shared */
  lua_pushvalue(L, -2);
  lua_pushvalue(L, -2);
  lua_pushcclosure(L, l_placements, 2);
  lua_setfield(L, -4, "placements");
  lua_pushcclosure(L, l_placement_options, 2);
  lua_setfield(L, -2, "placement_options");
}

/* ark.building_defs() -> array of {key, kind, size, capacity, build2};
** keys: the field names, then the kind names. */
enum { BD_KEY, BD_KIND, BD_SIZE, BD_CAPACITY, BD_BUILD2, BD_KINDS };
static const char *const bdef_keys[] = {
  "key", "kind", "size", "capacity", "build2",
  "enclosure", "kiosk", "pavilion", "special", "unique"
};

/* Building kind d as ark.building_defs lists it, on the top of the stack. */
static void push_building_def(lua_State *L, const ark_building_def *d) {
  lua_createtable(L, 0, 5);
  key_str(L, BD_KEY, d->key);
  key_upvalue(L, BD_KIND, BD_KINDS + d->kind);
  key_int(L, BD_SIZE, d->ncells);
  key_int(L, BD_CAPACITY, d->capacity);
  key_bool(L, BD_BUILD2, d->needs_build2);
}

static int l_building_defs(lua_State *L) {
  ark_game *g = G(L);
  lua_createtable(L, g->c->nbuildings, 0);
  for (int i = 0; i < g->c->nbuildings; i++) {
    push_building_def(L, &g->c->buildings[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ark.building_def(key) -> the first entry of ark.building_defs() with that
** key, or nil: one table, not one per building kind. */
static int l_building_def(lua_State *L) {
  ark_game *g = G(L);
  const char *key = luaL_checkstring(L, 1);
  for (int i = 0; i < g->c->nbuildings; i++)
    if (strcmp(g->c->buildings[i].key, key) == 0) {
      push_building_def(L, &g->c->buildings[i]);
      return 1;
    }
  lua_pushnil(L);
  return 1;
}

/* Size an animal uses in a special enclosure (0: it cannot live there;
** ARK_ROOM_NONE: it lives there taking no room). */
static int special_size(const ark_building_def *d, const ark_card_def *a) {
  if (!strcmp(d->key, "petting-zoo")) return a->petting_size;
  if (!strcmp(d->key, "reptile-house")) return a->reptile_size;
  if (!strcmp(d->key, "large-bird-aviary")) return a->aviary_size;
  return 0;
}

static int room_of(int size) { return size > 0 ? size : 0; }

/* Can the animal live in building b?  *room: what it takes there. */
static int animal_fits(ark_game *g, int p, const ark_card_def *a, int b, int *room) {
  const ark_zoo *z = &g->s.p[p].zoo_map;
  const ark_building *bu = &z->b[b];
  const ark_building_def *d = &g->c->buildings[bu->def];
  const ark_map_def *m = map_of(g, p);
  int need = 0;
  if (d->kind == ARK_BK_ENCLOSURE) {
    /* extra: spaces a map ability adds (Outdoor Areas counts 2 more) */
    if (bu->used || a->size <= 0 || bu->ncells + bu->extra < a->size) return 0;
    need = 1;
  } else if (d->kind == ARK_BK_SPECIAL) {
    int size = special_size(d, a);
    need = room_of(size);
    if (size == 0 || bu->used + need > d->capacity) return 0;
  } else {
    return 0;
  }
  *room = need;
  if (z->cover_terrain) return 1;        /* water / rock needs do not apply */
  if (a->water > 0 && ark_map_adjacent_terrain(m, z, b, ARK_TERRAIN_WATER) < a->water)
    return 0;
  if (a->rock > 0 && ark_map_adjacent_terrain(m, z, b, ARK_TERRAIN_ROCK) < a->rock)
    return 0;
  return 1;
}

/* ark.fits(p, card [, bonus]) -> array of building ids the animal can enter;
** bonus: extra size granted to standard enclosures (map abilities). */
static int l_fits(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  const ark_card_def *a = &g->c->cards[arg_card(L, g, 2)];
  const ark_zoo *z = &g->s.p[p].zoo_map;
  /* The buildings are found first and the table made at its size: the
  ** first element stored in a table made empty resizes it, which cost
  ** more than the test of the buildings (the AI's animals query asks
  ** this for every animal in hand). */
  int at[sizeof z->b / sizeof z->b[0]], n = 0, room;
  for (int b = 0; b < z->nb; b++)
    if (animal_fits(g, p, a, b, &room)) at[n++] = b;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, at[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* How many of animal d's conditions p misses: the rules' conditions_met
** (games/arknova/rules/lib.lua) read off the state. */
static int conditions_missing(const ark_game *g, int p, const ark_card_def *d) {
  const ark_player *pl = &g->s.p[p];
  int missing = 0;
  for (int i = 0; i < ARK_ICON_N; i++)
    if (d->req_icons[i] && pl->icons[i] < d->req_icons[i])
      missing += d->req_icons[i] - pl->icons[i];   /* each icon a condition */
  int zoos = __builtin_popcount(pl->partner_zoos);
  if (d->req_partner_zoos > zoos) missing += d->req_partner_zoos - zoos;
  if ((d->req_flags & ARK_REQ_ANIMALS_II) && !((pl->upgraded >> ARK_ACT_ANIMALS) & 1)) missing++;
  if ((d->req_flags & ARK_REQ_SPONSORS_II) && !((pl->upgraded >> ARK_ACT_SPONSORS) & 1)) missing++;
  if ((d->req_flags & ARK_REQ_MAX_APPEAL_25) && pl->appeal > 25) missing++;
  if (d->min_reputation > 0 && pl->reputation < d->min_reputation) missing++;
  return missing;
}

/* Where a query primitive's numbers go: a new table at the stack top (out
** NULL; made by the primitive), or out, at most max of them; n counts them
** all.  The engine asks some queries' numbers straight into its own array
** (ark_lua_query_fast): no table made, none read back. */
typedef struct rows {
  int *out;
  int max, n;
  int t;                              /* the table's stack index (out NULL) */
} rows;

/* Makes the table of r (out NULL) at the stack top, room for `room`. */
static void rows_table(lua_State *L, rows *r, int room) {
  if (r->out) return;
  lua_createtable(L, room, 0);
  r->t = lua_gettop(L);
}

static void rows_put(lua_State *L, rows *r, const int *e, int k) {
  for (int i = 0; i < k; i++, r->n++) {
    if (!r->out) {
      lua_pushinteger(L, e[i]);
      lua_rawseti(L, r->t, r->n + 1);
    } else if (r->n < r->max) {
      r->out[r->n] = e[i];
    }
  }
}

/* ark.hand_fit(p, discount [, missing]) -> list, unfit.  The Animals
** action's hand_fit (the AIs' "animals" query) for when no plugin changes
** its rules, which the Lua checks: per animal in p's hand, the card, its
** cost (the printed cost less discount per icon of a continent where p
** has a partner zoo, never below 0), whether its conditions hold (0/1; with
** missing, how many it misses, for the Lua to weigh against the cards that
** let some be ignored), k and the k buildings it fits.  unfit: the animals
** that fit none, which a Flock animal may still share (the Lua asks the
** keyword). */
static void hand_fit_rows(lua_State *L, int idx, int discount, int counts, rows *fit,
                          rows *unfit) {
  ark_game *g = GP(L);
  int p = arg_tableau(L, g, idx);
  reads_part(L, ARK_READ_HAND(p));
  const ark_player *pl = &g->s.p[p];
  const ark_zoo *z = &pl->zoo_map;
  rows_table(L, fit, 6 * pl->nhand);
  rows_table(L, unfit, pl->nhand < 4 ? pl->nhand : 4);   /* most hands have a few */
  for (int h = 0; h < pl->nhand; h++) {
    const ark_card_def *d = &g->c->cards[pl->hand[h]];
    if (d->type != ARK_CARD_ANIMAL) continue;
    int at[ARK_MAX_BUILDINGS], k = 0, room, cost = d->cost;
    for (int b = 0; b < z->nb; b++)
      if (animal_fits(g, p, d, b, &room)) at[k++] = b;
    for (int c = 0; pl->partner_zoos && c < ARK_N_CONTINENTS; c++)
      if ((pl->partner_zoos >> c) & 1) cost -= discount * d->icons[ARK_ICON_FIRST_CONTINENT + c];
    int missing = conditions_missing(g, p, d);
    int row[4] = { pl->hand[h], cost > 0 ? cost : 0, counts ? missing : missing == 0, k };
    rows_put(L, fit, row, 4);
    rows_put(L, fit, at, k);
    if (k == 0) {
      int id = pl->hand[h];
      rows_put(L, unfit, &id, 1);
    }
  }
}

static int l_hand_fit(lua_State *L) {
  int discount = (int)luaL_checkinteger(L, 2), counts = lua_toboolean(L, 3);
  rows fit = { NULL, 0, 0, 0 }, unfit = { NULL, 0, 0, 0 };
  hand_fit_rows(L, 1, discount, counts, &fit, &unfit);
  return 2;
}

/* apply_modifiers of games/arknova/rules/rules.lua for one animal: the
** handlers of modifier `name` in list hs (n entries: handler, id, ...)
** asked in turn, handler(p, its id, value, animal), on the value at the
** stack top, which their answer replaces.  An answer that is not the value
** given must be a whole number within 1e9, else bad(name, v, "number")
** (the rules' message) is called. */
static void apply_number_modifiers(lua_State *L, int hs, lua_Integer n, int p, int animal,
                                   const char *name, int bad) {
  for (lua_Integer i = 1; i <= n; i += 2) {
    lua_rawgeti(L, hs, i);
    lua_pushinteger(L, p);
    lua_rawgeti(L, hs, i + 1);
    lua_pushvalue(L, -4);
    lua_pushinteger(L, animal);
    lua_call(L, 4, 1);                  /* value, v */
    if (!lua_rawequal(L, -1, -2)) {
      int wrong = lua_type(L, -1) != LUA_TNUMBER;
      if (!wrong) {
        lua_Number x = lua_tonumber(L, -1);
        wrong = x != floor(x) || x > 1e9 || x < -1e9;
      }
      if (wrong) {
        lua_pushvalue(L, bad);
        lua_pushstring(L, name);
        lua_pushvalue(L, -3);
        lua_pushliteral(L, "number");
        lua_call(L, 3, 0);
      }
      lua_remove(L, -2);
    } else {
      lua_pop(L, 1);
    }
  }
}

/* ark.hand_fit_modify(fast, p, costs, ncosts, ignores, nignores, bad) ->
** fast: the Animals file's loop over what ark.hand_fit(p, discount, true)
** gave (card, cost, conditions missing, k, k buildings, ...) where p's
** cards or map handle an animal's cost (costs, ncosts: the handler list
** of modify_animal_cost; nil when none) or the conditions it may ignore
** (ignores, nignores): per animal, the cost handlers then the conditions
** handlers, as modify would ask them; the cost becomes the answer (never
** below 0), the missing count 1 if the answer covers it, else 0.  The
** greedy player asks it for every position it values while such a card
** is in play, and the Lua loop was a fifth of its Lua instructions. */
static int l_hand_fit_modify(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_tableau(L, g, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 7, LUA_TFUNCTION);
  lua_settop(L, 7);
  int costs = lua_istable(L, 3), ignores = lua_istable(L, 5);
  lua_Integer ncosts = costs ? luaL_checkinteger(L, 4) : 0;
  lua_Integer nignores = ignores ? luaL_checkinteger(L, 6) : 0;
  for (lua_Integer j = 1;;) {
    lua_rawgeti(L, 1, j);
    if (!lua_toboolean(L, -1)) break;
    int animal = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (costs) {
      lua_rawgeti(L, 1, j + 1);
      apply_number_modifiers(L, 3, ncosts, p, animal, "animal_cost", 7);
      if (!(lua_tonumber(L, -1) > 0)) {    /* math.max(0, cost) */
        lua_pop(L, 1);
        lua_pushinteger(L, 0);
      }
      lua_rawseti(L, 1, j + 1);
    }
    lua_pushinteger(L, 0);
    if (ignores) apply_number_modifiers(L, 5, nignores, p, animal, "conditions_ignored", 7);
    lua_rawgeti(L, 1, j + 2);
    int covered = lua_tonumber(L, -1) <= lua_tonumber(L, -2);
    lua_pop(L, 2);
    lua_pushinteger(L, covered);
    lua_rawseti(L, 1, j + 2);
    lua_rawgeti(L, 1, j + 3);
    j += 4 + lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  lua_settop(L, 1);
  return 1;
}

/* Pushes owner's handler list of the key at upvalue k and its length
** (ark.zoo_handlers with the cache and miss at upvalues 2 and 3), as the
** only two values above the stack's top before. */
static void push_handler_list(lua_State *L, int owner, int k) {
  int top = lua_gettop(L);
  ark_lua_push_handlers(L, owner, lua_upvalueindex(k), lua_upvalueindex(2), lua_upvalueindex(3));
  if (lua_gettop(L) > top + 2) {         /* n, then the list, over what lies beneath */
    lua_replace(L, top + 2);
    lua_replace(L, top + 1);
    lua_settop(L, top + 2);
  }
}

/* Pushes the handler list and length at index at (nil, nil with none). */
static void push_list_unless(lua_State *L, int none, int at) {
  for (int i = 0; i < 2; i++) {
    if (none) lua_pushnil(L);
    else lua_pushvalue(L, at + i);
  }
}

/* Upvalues of ark.hand_fit_fn's function: the context, has_handler's
** cache and miss, then these. */
enum { HF_MAY_SHARE = 4, HF_FLOCK, HF_BAD, HF_HAND_FIT, HF_MODIFY, HF_DISCOUNT,
       HF_MOD_COST, HF_MOD_CONDITIONS, HF_N = HF_MOD_CONDITIONS };

int ark_lua_may_share(lua_State *L, int flock, int fn, int p, int id) {
  if (lua_istable(L, flock)) {
    lua_rawgeti(L, flock, id);
    int none = lua_isboolean(L, -1) && !lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (none) return 0;
  }
  lua_pushvalue(L, fn);
  lua_pushinteger(L, p);
  lua_pushinteger(L, id);
  lua_call(L, 2, 1);
  int yes = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return yes;
}

/* The animals of the list at index t (n of them: those that fit no
** building) that may share an enclosure, in order, as the Animals file's
** loop asks it (ark_lua_may_share, with the Flock record and may_share at
** indices flock and may_share, the seat at index p).  Their ids go to ids
** (room for ARK_HAND_MAX: the unfit are hand cards); returns how many. */
static int unfit_sharing(lua_State *L, int t, int n, int flock, int may_share, int p,
                         int *ids) {
  int k = 0, seat = (int)lua_tointeger(L, p);
  for (int i = 1; i <= n && k < ARK_HAND_MAX; i++) {
    lua_rawgeti(L, t, i);
    int id = (int)lua_tointeger(L, -1);  /* hand_fit_rows put a card there */
    lua_pop(L, 1);
    if (ark_lua_may_share(L, flock, may_share, seat, id)) ids[k++] = id;
  }
  return k;
}

static int among(int id, const int *ids, int n) {
  for (int i = 0; i < n; i++)
    if (ids[i] == id) return 1;
  return 0;
}

/* The rows r[0..n) (card, cost, conditions, k, k buildings) with the row
** of each animal in ids, which fits no building (k 0), given the single
** building -1, as the plain way lists an animal that may share an
** occupied enclosure: the new count, or -1 if it would pass max (n itself
** may count rows that max left out). */
static int share_rows(int *r, int n, int max, const int *ids, int nids) {
  if (n + nids > max) return -1;
  for (int j = 0; j + 3 < n; j += 4 + r[j + 3]) {
    if (r[j + 3] != 0 || !among(r[j], ids, nids)) continue;
    memmove(&r[j + 5], &r[j + 4], sizeof *r * (size_t)(n - j - 4));
    r[j + 3] = 1;
    r[j + 4] = -1;
    n++;
  }
  return n;
}

/* share_rows on the list at index t, in place. */
static void share_table(lua_State *L, int t, const int *ids, int nids) {
  int n = ark_rawlen(L, t), max = n + nids;
  int *r = lua_newuserdata(L, sizeof *r * (size_t)max);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, t, i + 1);
    r[i] = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  n = share_rows(r, n, max, ids, nids);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, r[i]);
    lua_rawseti(L, t, i + 1);
  }
  lua_pop(L, 1);
}

/* (p, A) -> the Animals file's hand_fit (the AIs' "animals" query) by its
** short way while no plugin is loaded: p's two modifier handler lists
** looked up, ark.hand_fit(p, A.PARTNER_DISCOUNT, not plain), the Flock
** test of each unfit animal (none where the file's record says it lacks
** the keyword; one that may share gets the building -1), then the list as
** it is or through ark.hand_fit_modify.  The same calls of the Lua as the
** file's own loop makes, without its small Lua functions around them. */
static int l_hand_fit_bound(lua_State *L) {
  ark_game *g = GP(L);
  arg_tableau(L, g, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  push_handler_list(L, 1, HF_MOD_COST);              /* 3, 4 */
  push_handler_list(L, 1, HF_MOD_CONDITIONS);        /* 5, 6 */
  int plain_cost = lua_tointeger(L, 4) <= 0, plain_cond = lua_tointeger(L, 6) <= 0;
  lua_pushvalue(L, lua_upvalueindex(HF_HAND_FIT));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, lua_upvalueindex(HF_DISCOUNT));
  lua_rawget(L, 2);
  lua_pushboolean(L, !(plain_cost && plain_cond));
  lua_call(L, 3, 2);                                 /* fast 7, unfit 8 */
  int ids[ARK_HAND_MAX];
  int nids = unfit_sharing(L, 8, ark_rawlen(L, 8), lua_upvalueindex(HF_FLOCK),
                           lua_upvalueindex(HF_MAY_SHARE), 1, ids);
  if (nids > 0) share_table(L, 7, ids, nids);
  lua_settop(L, 7);
  if (plain_cost && plain_cond) return 1;
  lua_pushvalue(L, lua_upvalueindex(HF_MODIFY));
  lua_pushvalue(L, 7);
  lua_pushvalue(L, 1);
  push_list_unless(L, plain_cost, 3);
  push_list_unless(L, plain_cond, 5);
  lua_pushvalue(L, lua_upvalueindex(HF_BAD));
  lua_call(L, 7, 1);
  return 1;
}

int ark_lua_is_hand_fit_bound(lua_State *L, int fn) {
  return lua_tocfunction(L, fn) == l_hand_fit_bound;
}

int ark_lua_hand_fit_rows(lua_State *L, int fn, int idx, int a, int *out, int max) {
  if (!ark_lua_is_hand_fit_bound(L, fn) || !lua_checkstack(L, HF_N + 8)) return -1;
  int top = lua_gettop(L);
  for (int u = 2; u <= HF_N; u++) lua_getupvalue(L, fn, u);   /* at top + u - 1 */
#define UP(u) (top + (u) - 1)
  if (ark_lua_has_handler(L, idx, UP(HF_MOD_COST), UP(2), UP(3)) ||
      ark_lua_has_handler(L, idx, UP(HF_MOD_CONDITIONS), UP(2), UP(3))) {
    lua_settop(L, top);
    return -1;                           /* the modifiers: hand_fit_modify's Lua */
  }
  lua_pushvalue(L, UP(HF_DISCOUNT));
  lua_rawget(L, a);
  int discount = (int)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  rows fit = { out, max, 0, 0 }, unfit = { NULL, 0, 0, 0 };   /* the unfit in a table */
  hand_fit_rows(L, idx, discount, 0, &fit, &unfit);
  int ids[ARK_HAND_MAX];
  int nids = unfit_sharing(L, unfit.t, unfit.n, UP(HF_FLOCK), UP(HF_MAY_SHARE), idx, ids);
#undef UP
  lua_settop(L, top);
  return nids > 0 ? share_rows(out, fit.n, max, ids, nids) : fit.n;
}

/* The short way's stand-in where it cannot look p's handlers up itself:
** always the plain way. */
static int l_plain_way(lua_State *L) {
  lua_pushnil(L);
  return 1;
}

/* ark.hand_fit_fn(has_handler, may_share, flock, bad, hand_fit,
** hand_fit_modify) -> the function above, for animals.lua, which looks in
** the cache and miss of has_handler as ark.zoo_has_handler_fn made it;
** given another has_handler, a function that sends every query the plain
** way. */
static int l_hand_fit_fn(lua_State *L) {
  for (int i = 1; i <= 6; i++) luaL_checktype(L, i, i == 3 ? LUA_TTABLE : LUA_TFUNCTION);
  lua_settop(L, 6);
  lua_pushvalue(L, lua_upvalueindex(1));
  if (!ark_lua_handler_parts(L, 1)) {
    lua_pushcfunction(L, l_plain_way);
    return 1;
  }
  for (int i = 2; i <= 6; i++) lua_pushvalue(L, i);
  lua_pushliteral(L, "PARTNER_DISCOUNT");
  lua_pushliteral(L, "modify_animal_cost");
  lua_pushliteral(L, "modify_conditions_ignored");
  lua_pushcclosure(L, l_hand_fit_bound, HF_N);
  return 1;
}

/* ark.sponsor_fit(p) -> list.  The Sponsors action's hand_fit (the AIs'
** "sponsors" query) when no card, map or plugin changes its rules, which
** the Lua checks: per sponsor in p's hand, the card, its level (never
** below 0), and 1 if p could play it with a strong enough action (its
** conditions hold, its unique building has a place), else 0. */
static void sponsor_rows(lua_State *L, int idx, rows *r) {
  ark_game *g = GP(L);
  int p = arg_zoo(L, g, idx);           /* and the grounds where sponsor_fits reads them */
  reads_part(L, ARK_READ_HAND(p));
  const ark_player *pl = &g->s.p[p];
  rows_table(L, r, 3 * pl->nhand);
  for (int h = 0; h < pl->nhand; h++) {
    const ark_card_def *d = &g->c->cards[pl->hand[h]];
    if (d->type != ARK_CARD_SPONSOR) continue;
    /* A.playable's "money(p) >= 0" holds always (ark_track_add and the
    ** editor keep money in 0..32000): the purse is not read */
    int ok = d->level <= 99 && ark_lua_sponsor_fits(g, p, d);
    int row[3] = { pl->hand[h], d->level > 0 ? d->level : 0, ok };
    rows_put(L, r, row, 3);
  }
}

static int l_sponsor_fit(lua_State *L) {
  rows r = { NULL, 0, 0, 0 };
  sponsor_rows(L, 1, &r);
  return 1;
}

int ark_lua_sponsor_rows(lua_State *L, int idx, int *out, int max) {
  rows r = { out, max, 0, 0 };
  sponsor_rows(L, idx, &r);
  return r.n;
}

/* Takes a card from wherever a player can play it: hand or display. */
static int take_for_play(ark_game *g, int p, int card) {
  if (ark_zone_hand_remove(g, p, card) == 0) return 0;
  int f = ark_zone_display_find(g, card);
  if (f >= 0) {
    ark_zone_display_take(g, f);
    return 0;
  }
  return -1;
}

/* ark.place_animal(p, card, building): from hand or display into the zoo */
static int l_place_animal(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  int b = arg_building(L, g, p, 3);
  const ark_card_def *a = &g->c->cards[card];
  int need;
  if (!animal_fits(g, p, a, b, &need)) return luaL_error(L, "%s does not fit in building %d", a->name, b);
  if (take_for_play(g, p, card) != 0)
    return luaL_error(L, "%s is neither in the hand nor in the display", a->name);
  ark_building *bu = &g->s.p[p].zoo_map.b[b];
  if (g->c->buildings[bu->def].kind == ARK_BK_ENCLOSURE) {
    bu->used = 1;
    bu->card = (int16_t)card;
  } else {
    bu->used = (uint8_t)(bu->used + need);
  }
  ark_zone_zoo_add(g, p, card, b);
  ark_game_log(g, p, ARK_EV_PLAY, card, b, 0, NULL);
  return 0;
}

/* ark.play_card(p, card): a sponsor (or any non-animal) from hand or
** display into the zoo. */
static int l_play_card(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  if (take_for_play(g, p, card) != 0)
    return luaL_error(L, "%s is neither in the hand nor in the display",
                      g->c->cards[card].name);
  ark_zone_zoo_add(g, p, card, -1);
  ark_game_log(g, p, ARK_EV_PLAY, card, -1, 0, NULL);
  return 0;
}

/* ark.release(p, card): the animal leaves the zoo (to the discard pile),
** its enclosure becomes empty.  Appeal is the caller's business. */
static int l_release(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  ark_player *pl = &g->s.p[p];
  int i = ark_zone_zoo_find(g, p, card);
  if (i < 0 || (pl->zoo_building[i] < 0 && g->c->cards[card].type != ARK_CARD_ANIMAL))
    return luaL_error(L, "%s is not an animal in this zoo", g->c->cards[card].name);
  /* an animal sharing a herbivore's enclosure (Flock) has none of its own */
  if (pl->zoo_building[i] >= 0) {
    ark_building *bu = &pl->zoo_map.b[pl->zoo_building[i]];
    if (g->c->buildings[bu->def].kind == ARK_BK_ENCLOSURE) {
      bu->used = 0;
      bu->card = ARK_NO_CARD;
    } else {
      int need = room_of(special_size(&g->c->buildings[bu->def], &g->c->cards[card]));
      bu->used = (uint8_t)(bu->used > need ? bu->used - need : 0);
    }
  }
  ark_zone_zoo_remove(g, p, card);
  ark_zone_discard(g, card);
  ark_game_log(g, p, ARK_EV_TEXT, card, 0, 0, "animal released");
  return 0;
}

/* ark.move_animal(p, card, building): from a standard enclosure into a
** special one (after building the reptile house or the aviary). */
static int l_move_animal(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  int b = arg_building(L, g, p, 3);
  ark_player *pl = &g->s.p[p];
  int i = ark_zone_zoo_find(g, p, card);
  if (i < 0 || pl->zoo_building[i] < 0) return luaL_error(L, "not an animal of this zoo");
  int need;
  if (!animal_fits(g, p, &g->c->cards[card], b, &need))
    return luaL_error(L, "%s does not fit there", g->c->cards[card].name);
  ark_building *from = &pl->zoo_map.b[pl->zoo_building[i]];
  if (g->c->buildings[from->def].kind != ARK_BK_ENCLOSURE)
    return luaL_error(L, "only animals in standard enclosures move");
  from->used = 0;
  from->card = ARK_NO_CARD;
  pl->zoo_map.b[b].used = (uint8_t)(pl->zoo_map.b[b].used + need);
  pl->zoo_building[i] = (int8_t)b;
  return 0;
}

static int l_kiosk_income(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_pushinteger(L, ark_map_kiosk_income(map_of(g, p), &g->s.p[p].zoo_map,
                                          g->c->buildings));
  return 1;
}

static int l_income(lua_State *L) {
  lua_pushinteger(L, ark_track_income_of(GP(L), arg_int(L, 1)));   /* the content's */
  return 1;
}

static int l_target(lua_State *L) {
  lua_pushinteger(L, ark_track_target_of(GP(L), arg_int(L, 1)));   /* the content's */
  return 1;
}

/* ark.edge(p) -> the 7 map-edge slots {bonus, value, recurring, taken} */
enum { E_BONUS, E_VALUE, E_RECURRING, E_TAKEN };
static const char *const edge_keys[] = { "bonus", "value", "recurring", "taken" };

static int l_edge(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  const ark_map_def *m = map_of(g, p);
  lua_createtable(L, m->n_slots, 0);
  for (int i = 0; i < m->n_slots; i++) {
    lua_createtable(L, 0, 4);
    key_str(L, E_BONUS, ark_content_bonus_name(g->c, m->slots[i].bonus.kind));
    key_int(L, E_VALUE, m->slots[i].bonus.value);
    key_bool(L, E_RECURRING, m->slots[i].recurring);
    key_bool(L, E_TAKEN, (g->s.p[p].edge_taken >> i) & 1);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ark.edge_slot(p, i) -> bonus, value, recurring, taken of map-edge slot
** i (1-based), or nothing past the last: ark.edge(p)[i] without a table
** for every slot (a support and every break ask it). */
static int l_edge_slot(lua_State *L) {
  ark_game *g = GP(L);
  int p = arg_player(L, g, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  const ark_map_def *m = map_of(g, p);
  if (i < 1 || i > m->n_slots) return 0;
  const ark_edge_slot *e = &m->slots[i - 1];
  lua_pushstring(L, ark_content_bonus_name(g->c, e->bonus.kind));
  lua_pushinteger(L, e->bonus.value);
  lua_pushboolean(L, e->recurring);
  lua_pushboolean(L, (g->s.p[p].edge_taken >> (i - 1)) & 1);
  return 4;
}

static int l_take_edge(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  if (i < 1 || i > map_of(g, p)->n_slots) return luaL_error(L, "bad edge slot %d", (int)i);
  g->s.p[p].edge_taken |= (uint8_t)(1u << (i - 1));
  return 0;
}

/* ---- projects ---- */

enum { PS_CARD, PS_WHERE, PS_INDEX, PS_OWNERS, PS_BASE, PS_ROW };
static const char *const slot_keys[] = { "card", "where", "index", "owners", "base", "row" };

/* where: PS_BASE or PS_ROW */
static void push_slot(lua_State *L, const ark_project_slot *s, int where, int idx) {
  lua_createtable(L, 0, 4);
  key_int(L, PS_CARD, s->card);
  key_upvalue(L, PS_WHERE, where);
  key_int(L, PS_INDEX, idx);
  lua_pushvalue(L, KEY(PS_OWNERS));
  push_int_list(L, s->owner, 3);
  lua_rawset(L, -3);
}

/* ark.projects() -> the projects in play {card, where, index, owners} */
static int l_projects(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_PROJECTS);
  const ark_state *s = &g->s;
  /* made at its size (as ark.fits): the AI's projects query asks it for
  ** every position it weighs */
  int rows = 0;
  for (int i = 0; i < ARK_ROW_SLOTS; i++) rows += s->row[i].card >= 0;
  lua_createtable(L, s->nbase + rows, 0);
  int n = 0;
  for (int i = 0; i < s->nbase; i++) {
    push_slot(L, &s->base[i], PS_BASE, i + 1);
    lua_rawseti(L, -2, ++n);
  }
  for (int i = 0; i < ARK_ROW_SLOTS; i++)
    if (s->row[i].card >= 0) {
      push_slot(L, &s->row[i], PS_ROW, i + 1);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

/* ---- the AIs' projects query (association.lua's A.progress) ---- */

/* What an icon project counting `what` (proj_count) finds in p's zoo. */
static int project_count(const ark_game *g, int p, int what) {
  const ark_player *pl = &g->s.p[p];
  int n = 0;
  if (what == ARK_COUNT_CATEGORIES || what == ARK_COUNT_CONTINENTS) {
    int first = what == ARK_COUNT_CATEGORIES ? ARK_ICON_FIRST_CATEGORY : ARK_ICON_FIRST_CONTINENT;
    int k = what == ARK_COUNT_CATEGORIES ? ARK_ICON_N_CATEGORY : ARK_N_CONTINENTS;
    for (int i = 0; i < k; i++) n += pl->icons[first + i] > 0;
  } else if (what == ARK_COUNT_SMALL || what == ARK_COUNT_LARGE) {
    for (int i = 0; i < pl->nzoo; i++) {
      const ark_card_def *a = &g->c->cards[pl->zoo[i]];
      if (a->type == ARK_CARD_ANIMAL)
        n += what == ARK_COUNT_SMALL ? a->size >= 1 && a->size <= 2 : a->size >= 4;
    }
  } else if (what >= 0 && what < ARK_ICON_N) {
    n = pl->icons[what];
  }
  return n;
}

/* The icons of `what` on animal card a (0 for no icon). */
static int icons_of(const ark_card_def *a, int what) {
  return what >= 0 && what < ARK_ICON_N ? a->icons[what] : 0;
}

/* May zoo entry i of p go back to the wild for release level `threshold`
** of project c: its icon, a size, a standard enclosure it lives in, and
** its printed size or the size its enclosure counts as in the class.  The
** enclosure is the only thing of p's grounds it reads, and only then: a
** projects query that never needs one is given again after a building is
** placed (recall.c). */
static int releasable(const ark_game *g, int p, int i, const ark_card_def *c, int threshold) {
  static const int lo[5] = { 0, 0, 1, 3, 4 }, hi[5] = { 0, 0, 2, 3, 5 };
  const ark_player *pl = &g->s.p[p];
  const ark_card_def *a = &g->c->cards[pl->zoo[i]];
  int b = pl->zoo_building[i];
  if (threshold < 2 || threshold > 4 || a->type != ARK_CARD_ANIMAL) return 0;
  if (icons_of(a, c->proj_count) <= 0 || a->size <= 0 || b < 0) return 0;
  if (a->size >= lo[threshold] && a->size <= hi[threshold]) return 1;
  ark_lua_reads_add(g->c, ARK_READ_GROUNDS(p));
  const ark_building *bu = &pl->zoo_map.b[b];
  if (bu->extra == 0) return 0;
  int counted = bu->ncells + bu->extra < 5 ? bu->ncells + bu->extra : 5;
  return counted >= lo[threshold] && counted <= hi[threshold];
}

/* Level lv (0-based) of project c: can p support it now (release and
** breeding projects; an icon project counts, see project_count)? */
static int level_ok(const ark_game *g, int p, const ark_card_def *c, int lv) {
  const ark_player *pl = &g->s.p[p];
  for (int i = 0; i < pl->nzoo; i++) {
    if (c->proj_kind == ARK_PROJ_RELEASE) {
      if (releasable(g, p, i, c, c->thresholds[lv])) return 1;
      continue;
    }
    const ark_card_def *a = &g->c->cards[pl->zoo[i]];
    if (a->type != ARK_CARD_ANIMAL || icons_of(a, c->proj_count) <= 0) continue;
    for (int k = 0; k < ARK_N_CONTINENTS; k++)
      if (a->icons[ARK_ICON_FIRST_CONTINENT + k] > 0 && ((pl->partner_zoos >> k) & 1)) return 1;
  }
  return 0;
}

/* fn(card) at stack index fn, a modifier the Lua asks for: its whole
** number (the Lua's wrappers have checked it). */
static int ask_card(lua_State *L, int fn, int card) {
  lua_pushvalue(L, fn);
  lua_pushinteger(L, card);
  lua_call(L, 1, 1);
  int v = (int)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  return v;
}

/* The (card, have, need, CP) entries of project card id for p: each level
** free to support (owner: the slot's, NULL for a card in hand); wild: the
** stack index of the wildcards function (0: none). */
static void progress_of(lua_State *L, const ark_game *g, int p, int id, const int8_t *owner,
                        int wild, rows *r) {
  const ark_card_def *c = &g->c->cards[id];
  int icons = c->proj_kind == ARK_PROJ_ICON ? project_count(g, p, c->proj_count) : 0;
  if (c->proj_kind == ARK_PROJ_ICON && wild) icons += ask_card(L, wild, id);
  for (int lv = 0; lv < c->n_levels && lv < 3; lv++) {
    if (owner && owner[lv] != -1) continue;
    int e[4] = { id, 0, 1, c->rewards[lv] };
    if (c->proj_kind == ARK_PROJ_ICON) e[1] = icons, e[2] = c->thresholds[lv];
    else e[1] = level_ok(g, p, c, lv);
    rows_put(L, r, e, 4);
  }
}

/* ark.progress(p [, supports, wildcards]) -> the projects query when no
** plugin changes its rules (the Lua checks): per project in play that p
** may support one more level of, then per project in hand, each level's
** (card, have, need, CP); release and breeding levels have 1 of 1 when an
** animal fits.  Without the functions, one support per project and no
** wildcards; with them, supports(card) is the number of levels p may
** hold of a project in play and wildcards(card) adds to an icon
** project's count, asked in the order the Lua's loop asks modify. */
static void progress_rows(lua_State *L, int idx, int mods, rows *r) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_PROJECTS);
  int p = arg_zoo(L, g, idx);           /* and the grounds where releasable reads them */
  reads_part(L, ARK_READ_HAND(p));      /* the projects in hand */
  const ark_state *s = &g->s;
  const ark_player *pl = &s->p[p];
  const ark_project_slot *slots[ARK_MAX_BASE_PROJECTS + ARK_ROW_SLOTS];
  int ns = 0;
  for (int i = 0; i < s->nbase; i++) slots[ns++] = &s->base[i];
  for (int i = 0; i < ARK_ROW_SLOTS; i++)
    if (s->row[i].card >= 0) slots[ns++] = &s->row[i];
  int nhand = 0;                        /* room for every entry: no growing */
  for (int h = 0; h < pl->nhand; h++) nhand += g->c->cards[pl->hand[h]].type == ARK_CARD_PROJECT;
  rows_table(L, r, 4 * 3 * (ns + nhand));
  int out = lua_gettop(L), wild = mods ? 3 : 0;
  for (int i = 0; i < ns; i++) {
    const int8_t *o = slots[i]->owner;
    int held = (o[0] == p) + (o[1] == p) + (o[2] == p);
    if (held < (mods ? ask_card(L, 2, slots[i]->card) : 1))
      progress_of(L, g, p, slots[i]->card, o, wild, r);
  }
  for (int h = 0; h < pl->nhand; h++)
    if (g->c->cards[pl->hand[h]].type == ARK_CARD_PROJECT)
      progress_of(L, g, p, pl->hand[h], NULL, wild, r);
  lua_settop(L, out);
}

static int l_progress(lua_State *L) {
  int mods = !lua_isnoneornil(L, 2);
  if (mods) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    luaL_checktype(L, 3, LUA_TFUNCTION);
  }
  lua_settop(L, 3);
  rows r = { NULL, 0, 0, 0 };
  progress_rows(L, 1, mods, &r);
  return 1;
}

int ark_lua_progress_rows(lua_State *L, int idx, int *out, int max) {
  rows r = { out, max, 0, 0 };
  progress_rows(L, idx, 0, &r);
  return r.n;
}

/* ark.project_enter(p, card): a project from hand or display enters the
** first slot of the row; the oldest is discarded when the row is full. */
static int l_project_enter(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  ark_state *s = &g->s;
  if (take_for_play(g, p, card) != 0) return luaL_error(L, "project not in hand or display");
  if (s->row[ARK_ROW_SLOTS - 1].card >= 0) ark_zone_discard(g, s->row[ARK_ROW_SLOTS - 1].card);
  memmove(&s->row[1], &s->row[0], sizeof s->row[0] * (ARK_ROW_SLOTS - 1));
  s->row[0].card = (int16_t)card;
  memset(s->row[0].owner, -1, sizeof s->row[0].owner);
  ark_game_log(g, p, ARK_EV_PLAY, card, -2, 0, NULL);
  return 0;
}

static ark_project_slot *find_project(ark_game *g, int card) {
  for (int i = 0; i < g->s.nbase; i++)
    if (g->s.base[i].card == card) return &g->s.base[i];
  for (int i = 0; i < ARK_ROW_SLOTS; i++)
    if (g->s.row[i].card == card) return &g->s.row[i];
  return NULL;
}

/* ark.support(p, card, level): puts p's token on that level */
static int l_support(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int card = arg_card(L, g, 2);
  lua_Integer lv = luaL_checkinteger(L, 3);
  ark_project_slot *s = find_project(g, card);
  if (!s || lv < 1 || lv > 3 || s->owner[lv - 1] != -1)
    return luaL_error(L, "level %d of that project is not free", (int)lv);
  s->owner[lv - 1] = (int8_t)p;
  g->s.p[p].supports++;
  ark_game_log(g, p, ARK_EV_SUPPORT, card, (int)lv, 0, NULL);
  return 0;
}

/* ---- association board ---- */

static int l_take_partner_zoo(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  int icon = ark_icon_from_name(luaL_checkstring(L, 2));
  int k = icon - ARK_ICON_FIRST_CONTINENT;
  if (k < 0 || k >= ARK_N_CONTINENTS) return luaL_error(L, "not a continent");
  g->s.p[p].partner_zoos |= (uint8_t)(1u << k);
  g->s.board_zoos &= (uint8_t)~(1u << k);
  ark_track_icons(g, p);
  ark_game_log(g, p, ARK_EV_TEXT, icon, 0, 0, "partner zoo taken");
  return 0;
}

static int l_take_university(lua_State *L) {
  ark_game *g = GM(L);
  int p = arg_player(L, g, 1);
  lua_Integer u = luaL_checkinteger(L, 2);
  if (u < 0 || u >= ARK_N_UNIVERSITIES) return luaL_error(L, "bad university %d", (int)u);
  g->s.p[p].universities |= (uint8_t)(1u << u);
  g->s.board_unis &= (uint8_t)~(1u << u);
  ark_track_icons(g, p);
  ark_game_log(g, p, ARK_EV_TEXT, (int)u, 0, 0, "university taken");
  return 0;
}

/* ark.bonus_tiles() -> {tile=name, space=5|8, taken=bool} x 4 */
static int l_bonus_tiles(lua_State *L) {
  ark_game *g = G(L);
  lua_createtable(L, ARK_N_BONUS_TILES, 0);
  for (int i = 0; i < ARK_N_BONUS_TILES; i++) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, ark_bonus_tile_name(g->s.bonus_tile[i])); lua_setfield(L, -2, "tile");
    lua_pushinteger(L, i < 2 ? 5 : 8); lua_setfield(L, -2, "space");
    lua_pushboolean(L, (g->s.bonus_taken >> i) & 1); lua_setfield(L, -2, "taken");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int l_take_tile(lua_State *L) {
  ark_game *g = GM(L);
  lua_Integer i = luaL_checkinteger(L, 1);
  if (i < 1 || i > ARK_N_BONUS_TILES) return luaL_error(L, "bad bonus tile %d", (int)i);
  g->s.bonus_taken |= (uint8_t)(1u << (i - 1));
  return 0;
}

/* ark.break_cleanup(): rules step 2 of the break. */
static int l_break_cleanup(lua_State *L) {
  ark_game *g = GM(L);
  ark_state *s = &g->s;
  uint8_t all_zoos = 0x1f, all_unis = 0x7;
  for (int p = 0; p < s->nplayers; p++) {
    ark_player *pl = &s->p[p];
    memset(pl->multiplier, 0, sizeof pl->multiplier);
    memset(pl->venom, 0, sizeof pl->venom);
    memset(pl->constriction, 0, sizeof pl->constriction);
    pl->workers_out = 0;
    memset(pl->task_workers, 0, sizeof pl->task_workers);
    all_zoos &= pl->partner_zoos;
    all_unis &= pl->universities;
  }
  /* what every player already has stays off the board */
  s->board_zoos = (uint8_t)(0x1f & ~all_zoos);
  s->board_unis = (uint8_t)(0x7 & ~all_unis);
  for (int f = 0; f < 2; f++)
    if (s->display[f] >= 0) ark_zone_discard(g, ark_zone_display_take(g, f));
  ark_zone_display_refill(g);
  return 0;
}

/* ark.task_workers(p, task [, add]) -> workers on that association task */
static int l_task_workers(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  lua_Integer t = luaL_checkinteger(L, 2);
  if (t < 1 || t > ARK_N_TASKS) return luaL_error(L, "bad task %d", (int)t);
  if (!lua_isnoneornil(L, 3)) {
    GM(L);
    g->s.p[p].task_workers[t - 1] = (uint8_t)(g->s.p[p].task_workers[t - 1] +
                                              luaL_checkinteger(L, 3));
  }
  lua_pushinteger(L, g->s.p[p].task_workers[t - 1]);
  return 1;
}

/* ---- decisions, log, chance ---- */

/* A condition check may not ask a decision: refused before anything else
** of the decision is looked at. */
static void refuse_in_pure(lua_State *L) {
  if (ctx_of(L)->pure > 0) luaL_error(L, "a condition check tried to ask a decision");
}

/* ark_lua_offer in parts (lua_api.h): the tag and prompt first in g's
** option buffer, each option after them, the decision pointed at them at
** the end. */
void ark_lua_offer_begin(lua_State *L, ark_game *g, const char *tag, const char *prompt, int n) {
  refuse_in_pure(L);
  /* a script that asks without end (a bonus taken 10^9 times) would never
  ** let the step finish: refused with the asking script's line */
  if (g->nanswers - g->snap_answers >= ARK_MAX_STEP_DECISIONS)
    luaL_error(L, "ark.choose: more than %d decisions in one step", ARK_MAX_STEP_DECISIONS);
  if (n < 1) luaL_error(L, "ark.choose: no options");
  if (n > ARK_MAX_OPTIONS) luaL_error(L, "ark.choose: too many options (%d)", n);
  g->optbuf.len = 0;
  ark_strbuf_add(&g->optbuf, tag, strlen(tag) + 1);
  ark_strbuf_add(&g->optbuf, prompt, strlen(prompt) + 1);
  g->opt_src = ARK_OPTS_TEXT;
}

void ark_lua_offer_option(ark_game *g, int i, const char *s, size_t len) {
  g->opt_off[i] = (int)g->optbuf.len;
  ark_strbuf_add(&g->optbuf, s, len + 1);
}

void ark_lua_offer_end(ark_game *g, int p, int n, int secret) {
  const char *tag = g->optbuf.s;
  g->dec.player = p;
  g->dec.tag = tag;
  g->dec.prompt = tag + strlen(tag) + 1;
  g->dec.kind = strcmp(tag, "action") == 0 ? ARK_DK_ACTION : ARK_DK_CHOICE;
  g->dec.noptions = n;
  g->dec.secret = secret;
  ark_game_point_options(g);
  g->pending = 1;
}

/* Makes (p, tag, prompt, options) at stack indices 1-4 the pending
** decision of g; secret: the options show what only p may see.  Raises a
** Lua error for a malformed one. */
void ark_lua_offer(lua_State *L, ark_game *g, int secret) {
  refuse_in_pure(L);
  int p = arg_player(L, g, 1);
  const char *tag = luaL_checkstring(L, 2);
  const char *prompt = luaL_checkstring(L, 3);
  luaL_checktype(L, 4, LUA_TTABLE);
  int n = ark_rawlen(L, 4);
  ark_lua_offer_begin(L, g, tag, prompt, n);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 4, i + 1);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (!s) luaL_error(L, "ark.choose: option %d is not a string", i + 1);
    ark_lua_offer_option(g, i, s, len);
    lua_pop(L, 1);
  }
  ark_lua_offer_end(g, p, n, secret);
}

/* ark.choose(p, tag, prompt, options [, secret]) -> 1-based index; yields
** until the player answers through the decision API. */
static int l_choose(lua_State *L) {
  ark_lua_offer(L, G(L), lua_toboolean(L, 5));
  return lua_yield(L, 0);
}

/* ark.pure(f, ...) -> calls f as a pure condition check */
static int l_pure(lua_State *L) {
  ark_lua_ctx *x = ctx_of(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  int n = lua_gettop(L) - 1;
  /* the stack unwinds at the pcall: name the script at fault before */
  lua_pushcfunction(L, ark_lua_msgh);
  lua_insert(L, 1);
  x->pure++;
  int st = lua_pcall(L, n, 1, 1);
  x->pure--;
  if (st != ARK_LUA_OK) return lua_error(L);
  return 1;
}

static int l_log(lua_State *L) {
  ark_game *g = G(L);
  int p = lua_isnil(L, 1) ? -1 : arg_player(L, g, 1);
  ark_game_log(g, p, ARK_EV_TEXT, 0, 0, 0, luaL_checkstring(L, 2));
  return 0;
}

/* ark.final_scored(p, source, id, cp [, appeal]): the final scoring's
** account of what one source gave p, a note for every seat (the game is
** over: the kept final scoring cards are public).  source "card": id is a
** final scoring card p kept; "effect": id is the card of p's zoo whose
** end-of-game effect it was; "map": p's map; "plugin": a rules plugin
** (id nil for both). */
static int l_final_scored(lua_State *L) {
  ark_game *g = G(L);
  int p = arg_player(L, g, 1);
  const char *src = luaL_checkstring(L, 2);
  int kind = ARK_KIND_FINAL_EFFECT, a;
  if (!strcmp(src, "card") || !strcmp(src, "effect")) {
    lua_Integer id = luaL_checkinteger(L, 3);
    if (id < 0 || id >= g->c->ncards) return luaL_error(L, "ark.final_scored: no card %d", (int)id);
    a = (int)id;
    if (src[0] == 'c') kind = ARK_KIND_FINAL_CARD;
  } else if (!strcmp(src, "map")) {
    a = ARK_FINAL_MAP;
  } else if (!strcmp(src, "plugin")) {
    a = ARK_FINAL_PLUGIN;
  } else {
    return luaL_error(L, "ark.final_scored: unknown source '%s' (card, effect, map, plugin)", src);
  }
  int cp = (int)luaL_checkinteger(L, 4), appeal = (int)luaL_optinteger(L, 5, 0);
  if (g->nolog) return 0;
  ark_game_log_note(g, p, ARK_EV_TEXT, a, cp, appeal, "final scoring", ARK_SEEN_ALL);
  ark_log_kind_last(&g->log, kind);
  return 0;
}

/* ark.rule(key) -> a rules constant as plugins may have set it: a number,
** or a list (break_length, base_projects: one number per player count;
** income: one {start, base, step} per band).  Every rule of ruleset.c's
** list (docs/plugins.md) is readable. */
static int l_rule(lua_State *L) {
  ark_game *g = GP(L);
  const char *k = luaL_checkstring(L, 1);
  const int *v;
  int per, n = ark_ruleset_get(&g->c->rules, k, &v, &per);
  if (n < 0) {
    char err[512];
    ark_ruleset_unknown(k, err, sizeof err);
    return luaL_error(L, "ark.rule: %s", err);
  }
  if (n == 1) {
    lua_pushinteger(L, v[0]);
    return 1;
  }
  lua_createtable(L, n / per, 0);
  for (int i = 0; i < n / per; i++) {
    if (per == 1) {
      lua_pushinteger(L, v[i]);
    } else {
      lua_createtable(L, per, 0);
      for (int k2 = 0; k2 < per; k2++) {
        lua_pushinteger(L, v[i * per + k2]);
        lua_rawseti(L, -2, k2 + 1);
      }
    }
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ark.random(n) -> 1..n from the game's RNG.  n is a whole number from 1
** to 2^53, the largest range both Lua builds hold exactly (a LuaJIT number
** is a double); the generator draws 64 bits, so every such n is drawn
** without bias. */
#define ARK_RANDOM_MAX 9007199254740992.0 /* 2^53 */
static const char *num_text17(lua_Number n, char t[32]) {
  snprintf(t, 32, "%.17g", (double)n);
  return t;
}

static int l_random(lua_State *L) {
  ark_game *g = GM(L);
  char t[32];
  lua_Number n = luaL_checknumber(L, 1);
  if (!(n >= 1 && n <= ARK_RANDOM_MAX) || n != floor(n))
    return luaL_error(L, "ark.random(%s): n must be a whole number from 1 to 2^53",
                      num_text17(n, t));
  lua_pushinteger(L, (lua_Integer)ark_rng_below64(g->s.rng, (uint64_t)n) + 1);
  return 1;
}

/* ark.map_script_off(p) -> was the script of p's map stopped in this game? */
static int l_map_script_off(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_SCRIPTS);
  int p = (int)luaL_checkinteger(L, 1);
  luaL_argcheck(L, p >= 0 && p < g->s.nplayers, 1, "no such player");
  lua_pushboolean(L, ark_lua_map_script_is_off(g, p));
  return 1;
}

/* ark.script_off(card) -> was this card's script stopped in this game? */
static int l_script_off(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_SCRIPTS);
  int card = arg_card(L, g, 1);
  lua_pushboolean(L, ark_lua_script_is_off(g, card));
  return 1;
}

/* ark.zoo_stamp(p) -> a number that stays the same while p's zoo cards
** (their order too) and map stay the same, in every game and clone of this
** content, and changes when they change; nil when a script of one of them
** is off (or, in a query, counts as off).  The rules cache each player's
** handlers under it (handlers_of, games/arknova/rules/rules.lua).  Kept outside the
** state: a clone that replays its step must end with the same bytes.  A
** player whose zoo is none of the last ZOO_SEEN this seat showed gets a
** fresh number, so a number is never given to two different zoos. */
static lua_Integer zoo_stamp_in(ark_lua_ctx *x, ark_game *g, int p) {
  const ark_player *pl = &g->s.p[p];
  /* a script is off only once one was stopped in this game (the stop sets
  ** script_stopped with the bit), or in a query, where one that ran too
  ** long in the family counts as off (none did, mostly: then no zoo card
  ** needs looking at) */
  if (g->s.script_stopped || (g->in_query && ark_lua_family_any_slow(g))) {
    for (int i = 0; i < pl->nzoo; i++)
      if (ark_lua_script_is_off(g, pl->zoo[i])) return 0;
    if (ark_lua_map_script_is_off(g, p)) return 0;
  }
  /* the zoo found last first: events and modifiers ask for one seat's
  ** handlers many times between two changes of its zoo */
  for (int j = 0; j < ZOO_SEEN; j++) {
    int k = (x->seen_last[p] + j) % ZOO_SEEN;
    const zoo_seen *z = &x->seen[p][k];
    if (z->stamp && z->nzoo == pl->nzoo && z->map == pl->map &&
        memcmp(z->zoo, pl->zoo, sizeof pl->zoo[0] * pl->nzoo) == 0) {
      x->seen_last[p] = (uint8_t)k;
      return z->stamp;
    }
  }
  x->seen_last[p] = x->seen_next[p];
  zoo_seen *z = &x->seen[p][x->seen_next[p]];
  x->seen_next[p] = (uint8_t)((x->seen_next[p] + 1) % ZOO_SEEN);
  memcpy(z->zoo, pl->zoo, sizeof pl->zoo[0] * pl->nzoo);
  z->nzoo = pl->nzoo;
  z->map = pl->map;
  z->stamp = ++x->stamps;
  return z->stamp;
}

static lua_Integer zoo_stamp_of(lua_State *L, ark_game *g, int p) {
  return zoo_stamp_in(ctx_of(L), g, p);
}

long long ark_lua_zoo_stamp(ark_game *g, int p) {
  return (long long)zoo_stamp_in(g->c->lua, g, p);
}

static int l_zoo_stamp(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_SCRIPTS);
  lua_Integer stamp = zoo_stamp_of(L, g, arg_zoo(L, g, 1));
  if (stamp) lua_pushinteger(L, stamp);
  else lua_pushnil(L);
  return 1;
}

/* ark.zoo_handlers(owner, key, cache, miss) -> list, n: cache[stamp][key]
** as {list, n}, stamp being ark.zoo_stamp(owner); where there is none (or
** no stamp), what miss(owner, key, stamp or nil) returns.  The rules'
** handlers_of (games/arknova/rules/rules.lua) in one call from Lua: every
** event and modifier asks it, and most find their list kept. */
void ark_lua_push_handlers(lua_State *L, int owner, int key, int cache, int miss) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_SCRIPTS);
  int p = arg_zoo(L, g, owner);
  luaL_checktype(L, cache, LUA_TTABLE);
  lua_Integer stamp = zoo_stamp_of(L, g, p);
  int top = lua_gettop(L);
  if (stamp) {
    if (stamp == (int)stamp) {           /* LuaJIT's lua_rawgeti takes an int */
      lua_rawgeti(L, cache, (int)stamp);
    } else {
      lua_pushinteger(L, stamp);
      lua_rawget(L, cache);
    }
    if (lua_istable(L, -1)) {
      lua_pushvalue(L, key);
      lua_rawget(L, -2);
      if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        return;
      }
    }
    lua_settop(L, top);
  }
  lua_pushvalue(L, miss);
  lua_pushvalue(L, owner);
  lua_pushvalue(L, key);
  if (stamp) lua_pushinteger(L, stamp);
  else lua_pushnil(L);
  lua_call(L, 3, 2);
}

int ark_lua_has_handler(lua_State *L, int owner, int key, int cache, int miss) {
  int top = lua_gettop(L);
  ark_lua_push_handlers(L, owner, key, cache, miss);
  int yes = lua_tointeger(L, -1) > 0;
  lua_settop(L, top);
  return yes;
}

static int zoo_handlers(lua_State *L) {
  ark_lua_push_handlers(L, 1, 2, 3, 4);
  return 2;
}

static int l_zoo_handlers(lua_State *L) {
  lua_settop(L, 4);
  return zoo_handlers(L);
}

/* Appends script table s's handlers of the known names (set: name ->
** true) to byk's lists, as collect_known's add: byk[name] = {list, n},
** made anew where it is still `none`; id is the card's, or nil (id 0
** given as -1) for a map.  Each name comes once per script, so the order
** lua_next gives them in cannot be seen. */
static void known_add(lua_State *L, int byk, int s, int set, int none, int id) {
  lua_pushnil(L);
  while (lua_next(L, s)) {              /* key, handler */
    lua_pushvalue(L, -2);
    if (lua_type(L, -3) != LUA_TSTRING || !lua_toboolean(L, -2) ||
        (lua_rawget(L, set), !lua_toboolean(L, -1))) {
      lua_pop(L, 2);
      continue;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -2);
    lua_rawget(L, byk);                 /* key, handler, e */
    if (lua_rawequal(L, -1, none)) {
      lua_pop(L, 1);
      lua_createtable(L, 2, 0);
      lua_createtable(L, 2, 0);
      lua_rawseti(L, -2, 1);
      lua_pushinteger(L, 0);
      lua_rawseti(L, -2, 2);
      lua_pushvalue(L, -3);
      lua_pushvalue(L, -2);
      lua_rawset(L, byk);
    }
    lua_rawgeti(L, -1, 2);
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_rawgeti(L, -1, 1);              /* key, handler, e, list */
    lua_pushvalue(L, -3);
    lua_rawseti(L, -2, n + 1);
    if (id >= 0) {
      lua_pushinteger(L, id);
      lua_rawseti(L, -2, n + 2);
    }
    lua_pushinteger(L, n + 2);
    lua_rawseti(L, -3, 2);
    lua_pop(L, 3);                      /* key */
  }
}

/* ark.zoo_known(owner, scripts, map_scripts, known, known_set, none) ->
** byk: collect_known of games/arknova/rules/rules.lua, which the rules
** call while no plugin is loaded: every name of known (a list; known_set
** holds the same names as keys) mapped to none, but
** those that owner's zoo cards (in play order, a stopped one left out)
** or map (unless stopped) handle, each to {list, n} with list handler1,
** id1, ... (nil for the map).  A zoo seen for the first time asks it; in
** Lua it was about a twentieth of random play's instructions.  The lists
** are read only: a zoo whose scripted cards and map are those of one
** made lately gets that table again (known_kept). */
static int l_zoo_known(lua_State *L) {
  ark_game *g = GP(L);
  reads_part(L, ARK_READ_SCRIPTS);
  int p = arg_zoo(L, g, 1);
  for (int i = 2; i <= 5; i++) luaL_checktype(L, i, LUA_TTABLE);
  lua_settop(L, 6);
  const ark_player *pl = &g->s.p[p];
  /* what the lists are made of, and the lists kept for it */
  known_kept key;
  key.n = 0;
  for (int i = 0; i < pl->nzoo; i++) {
    lua_rawgeti(L, 2, pl->zoo[i]);
    int t = lua_istable(L, -1);
    lua_pop(L, 1);
    if (t && !ark_lua_script_is_off(g, pl->zoo[i])) key.ids[key.n++] = pl->zoo[i];
  }
  lua_rawgeti(L, 3, pl->map);
  int tm = lua_istable(L, -1);
  lua_pop(L, 1);
  if (tm && !ark_lua_map_script_is_off(g, p)) key.ids[key.n++] = (int16_t)(-2 - pl->map);
  ark_lua_ctx *x = ctx_of(L);
  for (int i = 0; i < KNOWN_KEPT; i++) {
    const known_kept *k = &x->known[i];
    if (k->valid && k->n == key.n && !memcmp(k->ids, key.ids, sizeof key.ids[0] * key.n)) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, k->ref);
      return 1;
    }
  }
  int nknown = (int)ark_rawlen(L, 4);
  lua_createtable(L, 0, nknown);
  int byk = lua_gettop(L);
  for (int i = 1; i <= nknown; i++) {
    lua_rawgeti(L, 4, i);
    lua_pushvalue(L, 6);
    lua_rawset(L, byk);
  }
  for (int i = 0; i < key.n; i++) {        /* the scripts the key lists, in its order */
    int id = key.ids[i];
    if (id >= 0) lua_rawgeti(L, 2, id);
    else lua_rawgeti(L, 3, -2 - id);
    known_add(L, byk, byk + 1, 5, 6, id >= 0 ? id : -1);
    lua_pop(L, 1);
  }
  known_kept *k = &x->known[x->known_next];
  x->known_next = (uint8_t)((x->known_next + 1) % KNOWN_KEPT);
  if (k->valid) luaL_unref(L, LUA_REGISTRYINDEX, k->ref);
  lua_pushvalue(L, byk);
  key.ref = luaL_ref(L, LUA_REGISTRYINDEX);
  key.valid = 1;
  *k = key;
  return 1;
}

/* ark.zoo_has_handler_fn(cache, miss) -> a function (owner, key) that
** answers whether ark.zoo_handlers(owner, key, cache, miss) lists any
** handler: the rules' has_handler, asked before most optional work, with
** no Lua call of its own. */
static int l_bound_has_handler(lua_State *L) {
  lua_settop(L, 2);
  lua_pushboolean(L, ark_lua_has_handler(L, 1, 2, lua_upvalueindex(2), lua_upvalueindex(3)));
  return 1;
}

int ark_lua_handler_parts(lua_State *L, int fn) {
  if (lua_tocfunction(L, fn) != l_bound_has_handler) return 0;
  lua_getupvalue(L, fn, 2);
  lua_getupvalue(L, fn, 3);
  return 1;
}

static int l_zoo_has_handler_fn(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));     /* the context, as every primitive */
  lua_insert(L, 1);
  lua_pushcclosure(L, l_bound_has_handler, 3);
  return 1;
}

/* ark.step_data() -> a table shared by the scripts that lives as long as
** the current step, for marks such as "once per turn" (scripts keep no
** state of their own between calls).  It is element 1 of the step's table
** of the rules (lua_bridge.c); its metatable is protected. */
static int l_step_data(lua_State *L) {
  ark_game *g = GP(L);
  ark_lua_push_step_table(L, g);
  /* a fresh table (outside any step, a query where no step runs) holds
  ** nothing: reading it reads no part of the game, and a value that asked
  ** it may be kept (a modifier of WAZA Small Animals Program asks it in
  ** every animals query) */
  if (g->step_ref < 0) return 1;
  ctx_of(L)->reads |= ARK_READ_LUA;    /* the step's table lives in Lua */
  lua_rawgeti(L, -1, 1);
  if (lua_isnil(L, -1)) {       /* made at the first call of the step */
    lua_pop(L, 1);
    lua_newtable(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "ark.protected");
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushboolean(L, 0);
      lua_setfield(L, -2, "__metatable");
      lua_pushvalue(L, -1);
      lua_setfield(L, LUA_REGISTRYINDEX, "ark.protected");
    }
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, 1);
  }
  return 1;
}

static const luaL_Reg api[] = {
  {"hand_give", l_hand_give},
  {"get", l_get}, {"set", l_set}, {"add", l_add}, {"counter", l_counter},
  {"memo", l_memo}, {"map_memo", l_map_memo},
  {"range", l_range},
  {"hand", l_hand}, {"zoo", l_zoo},
  {"zoo_building", l_zoo_building}, {"zoo_handlers", l_zoo_handlers},
  {"zoo_known", l_zoo_known},
  {"zoo_has_handler_fn", l_zoo_has_handler_fn}, {"building_with", l_building_with},
  {"scoring", l_scoring},
  {"scoring_discard", l_scoring_discard}, {"display", l_display},
  {"draw", l_draw}, {"deck_pop", l_deck_pop}, {"discard", l_discard},
  {"hand_add", l_hand_add}, {"hand_remove", l_hand_remove},
  {"display_take", l_display_take}, {"display_refill", l_display_refill},
  {"slot_action", l_slot_action}, {"action_slot", l_action_slot},
  {"upgraded", l_upgraded}, {"upgrade", l_upgrade}, {"tokens", l_tokens},
  {"venom_total", l_venom_total}, {"venom_paid", l_venom_paid}, {"token_total", l_token_total},
  {"to_slot1", l_to_slot1}, {"advance_break", l_advance_break},
  {"can_place", l_can_place},
  {"build", l_build}, {"placement_bonus", l_placement_bonus},
  {"fits", l_fits}, {"enclosures_with", l_enclosures_with}, {"hand_fit", l_hand_fit},
  {"hand_fit_modify", l_hand_fit_modify},
  {"progress", l_progress},
  {"sponsor_fit", l_sponsor_fit},
  {"place_animal", l_place_animal}, {"play_card", l_play_card},
  {"release", l_release}, {"move_animal", l_move_animal},
  {"kiosk_income", l_kiosk_income}, {"income", l_income}, {"target", l_target},
  {"take_edge", l_take_edge}, {"edge_slot", l_edge_slot},
  {"project_enter", l_project_enter}, {"support", l_support},
  {"take_partner_zoo", l_take_partner_zoo},
  {"take_university", l_take_university}, {"bonus_tiles", l_bonus_tiles},
  {"take_tile", l_take_tile}, {"break_cleanup", l_break_cleanup},
  {"task_workers", l_task_workers}, {"choose", l_choose}, {"pure", l_pure},
  {"hand_fit_fn", l_hand_fit_fn},
  {"log", l_log}, {"final_scored", l_final_scored}, {"random", l_random}, {"rule", l_rule}, {"script_off", l_script_off},
  {"map_script_off", l_map_script_off}, {"step_data", l_step_data},
  {"zoo_stamp", l_zoo_stamp},
  {NULL, NULL}
};

/* The rules' checks that lua_lowest.c shares: does animal a fit any of
** p's buildings now, how many of card d's conditions p misses, and can p
** support level lv (0-based) of project c (an icon project counting no
** wildcard), each as ark.fits, conditions_met and A.level_ok answer. */
int ark_lua_animal_fits_any(ark_game *g, int p, const ark_card_def *a) {
  int room;
  for (int b = 0; b < g->s.p[p].zoo_map.nb; b++)
    if (animal_fits(g, p, a, b, &room)) return 1;
  return 0;
}

int ark_lua_conditions_missing(const ark_game *g, int p, const ark_card_def *d) {
  return conditions_missing(g, p, d);
}

int ark_lua_sponsor_fits(const ark_game *g, int p, const ark_card_def *d) {
  if (conditions_missing(g, p, d) > 0) return 0;
  if (!d->building[0]) return 1;
  /* the only read of p's grounds: a sponsors query whose hand has no
  ** unique building is given again after a building is placed (recall.c) */
  ark_lua_reads_add(g->c, ARK_READ_GROUNDS(p));
  int b = ark_content_find_building(g->c, d->building);
  return b >= 0 && ark_places_any(g, p, b, (g->s.p[p].upgraded >> ARK_ACT_BUILD) & 1);
}

int ark_lua_level_ok(const ark_game *g, int p, const ark_card_def *c, int lv) {
  if (c->proj_kind == ARK_PROJ_ICON) return project_count(g, p, c->proj_count) >= c->thresholds[lv];
  return level_ok(g, p, c, lv);
}

ark_game *ark_lua_game(lua_State *L) { return G(L); }
ark_game *ark_lua_running(lua_State *L) {
  ark_lua_ctx *x = ctx_of(L);
  reads_all(L, x);
  return x->g;
}

ark_game *ark_lua_running_unread(lua_State *L) { return ctx_of(L)->g; }
ark_game *ark_lua_game_seats(lua_State *L) { return GP(L); }

unsigned ark_lua_reads(ark_content *c, int clear) {
  unsigned r = c->lua->reads;
  if (clear) c->lua->reads = 0;
  c->lua->tracking = clear;
  return r;
}
void ark_lua_reads_add(ark_content *c, unsigned reads) { c->lua->reads |= reads; }
void ark_lua_reads_set(ark_content *c, unsigned reads) {
  c->lua->reads = reads;
  c->lua->tracking = 1;
}
ark_game *ark_lua_game_mut(lua_State *L) { return GM(L); }
int ark_lua_arg_player(lua_State *L, ark_game *g, int idx) { return arg_player(L, g, idx); }
int ark_lua_arg_tableau(lua_State *L, ark_game *g, int idx) { return arg_tableau(L, g, idx); }
int ark_lua_arg_zoo(lua_State *L, ark_game *g, int idx) { return arg_zoo(L, g, idx); }
int ark_lua_arg_card(lua_State *L, ark_game *g, int idx) { return arg_card(L, g, idx); }

void ark_lua_api_register(lua_State *L, void *ctx, const luaL_Reg *fns) {
  lua_pushlightuserdata(L, ctx);
  luaL_setfuncs(L, fns, 1);
}

int ark_lua_api_open(ark_content *c) {
  c->lua = calloc(1, sizeof *c->lua);
  if (!c->lua) {
    ark_content_error(c, NULL, 0, "out of memory");
    return -1;
  }
#ifdef ARK_CTX_EXTRA
  /* before any thread is made, so that each copies it */
  *(ark_lua_ctx **)lua_getextraspace(c->L) = c->lua;
#endif
  lua_newtable(c->L);
  ark_lua_api_register(c->L, c->lua, api);
  register_buildings(c->L, c->lua);
  register_icons(c->L, c->lua);
  register_keyed(c->L, c->lua, "building_defs", l_building_defs, bdef_keys,
                 (int)(sizeof bdef_keys / sizeof bdef_keys[0]));
  register_keyed(c->L, c->lua, "building_def", l_building_def, bdef_keys,
                 (int)(sizeof bdef_keys / sizeof bdef_keys[0]));
  register_keyed(c->L, c->lua, "edge", l_edge, edge_keys,
                 (int)(sizeof edge_keys / sizeof edge_keys[0]));
  register_keyed(c->L, c->lua, "projects", l_projects, slot_keys,
                 (int)(sizeof slot_keys / sizeof slot_keys[0]));
  ark_lua_api_cards(c->L, c->lua);
  ark_lua_api_maps(c->L, c->lua);
  ark_lua_api_sponsors(c->L, c->lua);
  ark_lua_api_scoring(c->L, c->lua);
  ark_lua_api_lowest(c->L, c->lua);
  ark_lua_api_events(c->L, c->lua);
  lua_setglobal(c->L, "ark");
  return 0;
}

void ark_lua_api_close(ark_content *c) {
  free(c->lua);
  c->lua = NULL;
}

void ark_lua_pure(ark_content *c, int delta) { c->lua->pure += delta; }

void ark_lua_set_game(ark_content *c, ark_game *g) {
  c->lua->g = g;
}
