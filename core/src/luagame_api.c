/*
** luagame_api.c - the table G through which a Lua game's rules read and
** change the board (docs/lua-games.md).  Every misuse is an error at the
** rules' line, naming the track, zone or card.
*/
#include <stdio.h>
#include <string.h>
#include "luagame_int.h"
#include "rng.h"
#include "watchdog.h"

/* Every G function starts here.  LuaJIT may compile a rules loop that
** calls G, and no hook runs inside compiled code: so the watchdog is also
** asked here, every few dozen calls, and such a loop is stopped at its
** line as the interpreter's would be (a loop that calls nothing is the
** limit docs/lua-games.md names). */
static ark_lg *game(lua_State *L) {
  static _Thread_local unsigned calls;
  ark_lg *g = ark_lg_current();
  if (!g) luaL_error(L, "G is only for the rules of a running game");
  if ((++calls & 63) == 0) ark_wd_tick(L);
  return g;
}

/* A whole number of the rules as text: an error names the number given,
** not what an int would make of it (2^40 is not "seat 0"). */
static const char *num_text(lua_Integer v, char buf[24]) {
  snprintf(buf, 24, "%lld", (long long)v);
  return buf;
}

static int seat_arg(lua_State *L, ark_lg *g, int i) {
  lua_Integer s = luaL_checkinteger(L, i);
  char t[24];
  if (s < 0 || s > g->nplayers)
    luaL_error(L, "seat %s: seats are 1 to %d, 0 is the table", num_text(s, t), g->nplayers);
  return (int)s;
}

static int track_arg(lua_State *L, ark_lg *g, int seat, int i) {
  const char *name = luaL_checkstring(L, i);
  int t = ark_lg_track_index(g->d, seat == 0, name);
  if (t < 0)
    luaL_error(L, "unknown %s track '%s' (game.yaml, %s:)", seat ? "seat" : "table", name,
               seat ? "tracks" : "table");
  return t;
}

static int zone_arg(lua_State *L, ark_lg *g, int zi, int si) {
  const char *name = luaL_checkstring(L, zi);
  int z = ark_lg_zone_index(g->d, name);
  if (z < 0) luaL_error(L, "unknown zone '%s' (game.yaml, zones:)", name);
  int seat = seat_arg(L, g, si);
  if (g->d->zones[z].per_seat && seat == 0)
    luaL_error(L, "zone '%s' is one per seat: give a seat from 1, not 0", name);
  if (!g->d->zones[z].per_seat && seat != 0)
    luaL_error(L, "zone '%s' is the table's: give seat 0, not %d", name, seat);
  return z;
}

static int card_arg(lua_State *L, ark_lg *g, int i) {
  lua_Integer c = luaL_checkinteger(L, i);
  char t[24];
  if (c < 1 || c > g->d->ncards) luaL_error(L, "card %s: cards are 1 to %d", num_text(c, t),
                                            g->d->ncards);
  return (int)c - 1;
}

static int g_players(lua_State *L) {
  lua_pushinteger(L, game(L)->nplayers);
  return 1;
}

static void set_track(lua_State *L, ark_lg *g, int seat, int t, lua_Integer v) {
  const ark_lg_trackdef *tr = &g->d->tracks[seat == 0][t];
  if (v < tr->min || v > tr->max) {
    char whose[24];
    if (seat) snprintf(whose, sizeof whose, "seat %d", seat);
    else snprintf(whose, sizeof whose, "the table");
    char t[24];
    luaL_error(L, "%s of %s: %s is outside %d..%d", tr->name, whose, num_text(v, t), tr->min,
               tr->max);
  }
  g->b.track[seat][t] = (int32_t)v;
}

static int g_get(lua_State *L) {
  ark_lg *g = game(L);
  int s = seat_arg(L, g, 1);
  lua_pushinteger(L, g->b.track[s][track_arg(L, g, s, 2)]);
  return 1;
}

static int g_set(lua_State *L) {
  ark_lg *g = game(L);
  int s = seat_arg(L, g, 1);
  set_track(L, g, s, track_arg(L, g, s, 2), luaL_checkinteger(L, 3));
  return 0;
}

static int g_add(lua_State *L) {
  ark_lg *g = game(L);
  int s = seat_arg(L, g, 1), t = track_arg(L, g, s, 2);
  lua_Integer step = luaL_checkinteger(L, 3);
  char text[24];
  /* a track holds 32 bits: a step beyond them leaves every range, and
  ** adding one near 2^63 to the value would overflow */
  if (step > INT32_MAX || step < -(lua_Integer)INT32_MAX)
    luaL_error(L, "G.add: a step of %s is more than any track holds", num_text(step, text));
  set_track(L, g, s, t, g->b.track[s][t] + step);
  lua_pushinteger(L, g->b.track[s][t]);
  return 1;
}

static int g_cards(lua_State *L) {
  ark_lg *g = game(L);
  int z = zone_arg(L, g, 1, 2), ids[ARK_LG_CARDS];
  int n = ark_lg_zone_ids(g, z, (int)lua_tointeger(L, 2), ids, ARK_LG_CARDS);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, ids[i] + 1);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int g_count(lua_State *L) {
  ark_lg *g = game(L);
  int z = zone_arg(L, g, 1, 2);
  lua_pushinteger(L, ark_lg_zone_size(g, z, (int)lua_tointeger(L, 2)));
  return 1;
}

static int g_top(lua_State *L) {
  ark_lg *g = game(L);
  int z = zone_arg(L, g, 1, 2), s = (int)lua_tointeger(L, 2), best = -1;
  for (int c = 0; c < g->d->ncards; c++)
    if (g->b.zone[c] == z + 1 && g->b.seat[c] == s && (best < 0 || g->b.pos[c] > g->b.pos[best]))
      best = c;
  if (best < 0) lua_pushnil(L);
  else lua_pushinteger(L, best + 1);
  return 1;
}

static int g_move(lua_State *L) {
  ark_lg *g = game(L);
  int c = card_arg(L, g, 1), z = zone_arg(L, g, 2, 3);
  const char *where = luaL_optstring(L, 4, "top");
  if (strcmp(where, "top") && strcmp(where, "bottom"))
    luaL_error(L, "G.move: the place is \"top\" or \"bottom\", not \"%s\"", where);
  if (g->b.zone[c] == ARK_LG_OUT) return 0;   /* out of the game, for good */
  ark_lg_place(&g->b, c, z, (int)lua_tointeger(L, 3),
               where[0] == 't' ? g->b.top++ : g->b.bottom--);
  return 0;
}

static int g_where(lua_State *L) {
  ark_lg *g = game(L);
  int c = card_arg(L, g, 1);
  if (!ark_lg_placed(&g->b, c)) return 0;
  lua_pushstring(L, g->d->zones[g->b.zone[c] - 1].name);
  lua_pushinteger(L, g->b.seat[c]);
  return 2;
}

static int g_shuffle(lua_State *L) {
  ark_lg *g = game(L);
  int z = zone_arg(L, g, 1, 2), ids[ARK_LG_CARDS];
  int n = ark_lg_zone_ids(g, z, (int)lua_tointeger(L, 2), ids, ARK_LG_CARDS);
  int16_t order[ARK_LG_CARDS];
  for (int i = 0; i < n; i++) order[i] = (int16_t)ids[i];
  ark_rng_shuffle(g->b.rng, order, n);
  for (int i = 0; i < n; i++) g->b.pos[order[i]] = g->b.top++;
  return 0;
}

static int counter_arg(lua_State *L, ark_lg *g, int i) {
  const char *name = luaL_checkstring(L, i);
  int k = ark_lg_counter_index(g->d, name);
  if (k < 0) luaL_error(L, "unknown card counter '%s' (game.yaml, counters:)", name);
  return k;
}

static int g_counter(lua_State *L) {
  ark_lg *g = game(L);
  int c = card_arg(L, g, 1);
  lua_pushinteger(L, g->b.counter[c][counter_arg(L, g, 2)]);
  return 1;
}

static int g_set_counter(lua_State *L) {
  ark_lg *g = game(L);
  int c = card_arg(L, g, 1), k = counter_arg(L, g, 2);
  lua_Integer v = luaL_checkinteger(L, 3);
  if (v < -1000000000 || v > 1000000000) luaL_error(L, "counter %s: %d is too large",
                                                   g->d->counters[k], (int)v);
  g->b.counter[c][k] = (int32_t)v;
  return 0;
}

static int g_random(lua_State *L) {
  ark_lg *g = game(L);
  lua_Integer n = luaL_checkinteger(L, 1);
  char t[24];
  if (n < 1 || n > 1000000000)
    luaL_error(L, "G.random(%s): n is 1 to 1000000000", num_text(n, t));
  lua_pushinteger(L, (lua_Integer)ark_rng_below(g->b.rng, (uint32_t)n) + 1);
  return 1;
}

/* The text at i (NULL: none there and none needed); an error when it is
** longer than ARK_LG_TEXT, which the host would keep outside the rules'
** memory cap. */
static const char *text_arg(lua_State *L, int i, int optional, const char *what) {
  size_t len;
  const char *s = optional && lua_isnoneornil(L, i) ? NULL : luaL_checklstring(L, i, &len);
  if (s && len > ARK_LG_TEXT)
    luaL_error(L, "%s: a text of %d bytes (at most %d)", what, (int)len, ARK_LG_TEXT);
  return s;
}

static int g_log(lua_State *L) {
  ark_lg *g = game(L);
  int s = seat_arg(L, g, 1);
  const char *text = text_arg(L, 2, 0, "G.log"), *others = text_arg(L, 4, 1, "G.log");
  size_t kept = g->log.pool.len + (size_t)g->log.nev * sizeof(ark_event);
  if (kept > ARK_LG_LOG_BYTES)
    luaL_error(L, "G.log: the game's log is full (%d MiB): rules that log in a loop?",
               (int)(ARK_LG_LOG_BYTES >> 20));
  int seen = ARK_SEEN_ALL;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    seen = 0;
    for (int i = 1; i <= ark_rawlen(L, 3); i++) {
      lua_rawgeti(L, 3, i);
      int w = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
      if (w < 1 || w > g->nplayers) luaL_error(L, "G.log: seat %d in 'only' is not a seat", w);
      seen |= 1 << (w - 1);
    }
  }
  ark_lg_event(g, s, ARK_LG_EV_TEXT, text, seen, others);
  return 0;
}

static int g_choose(lua_State *L) {
  ark_lg *g = game(L);
  int s = seat_arg(L, g, 1);
  if (s == 0) luaL_error(L, "G.choose: the table cannot choose; give a seat from 1");
  text_arg(L, 2, 0, "G.choose: the prompt");
  luaL_checktype(L, 3, LUA_TTABLE);
  int n = ark_rawlen(L, 3);
  if (n < 1 || n > ARK_LG_OPTIONS)
    luaL_error(L, "G.choose: %d options (1 to %d may be given)", n, ARK_LG_OPTIONS);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, i);
    if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "G.choose: option %d is not a text", i);
    if (ark_rawlen(L, -1) > ARK_LG_TEXT)
      luaL_error(L, "G.choose: option %d is a text of %d bytes (at most %d)", i,
                 ark_rawlen(L, -1), ARK_LG_TEXT);
    lua_pop(L, 1);
  }
  if (!lua_isyieldable(L) || L == g->d->L)
    luaL_error(L, "G.choose is only for steps (not for setup, next or the numbers)");
  const char *tag = "choice";
  int how = 0;                 /* 1: a secret answer; 2: a private choice */
  if (lua_istable(L, 4)) {
    lua_getfield(L, 4, "tag");
    if (lua_isstring(L, -1)) tag = text_arg(L, -1, 0, "G.choose: the tag");
    lua_getfield(L, 4, "secret");
    how = lua_toboolean(L, -1);
    lua_getfield(L, 4, "private");
    if (!how && lua_toboolean(L, -1)) how = 2;
    lua_pop(L, 2);
  }
  lua_pushinteger(L, s);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_pushstring(L, tag);
  lua_pushinteger(L, how);
  if (lua_istable(L, 4)) lua_remove(L, -6);   /* the tag's string stays until here */
  return lua_yield(L, 5);
}

static int g_reveal(lua_State *L) {
  ark_lg *g = game(L);
  g->revealed = ark_lg_answers_now(g);
  g->secret_open = 0;
  return 0;
}

static int g_round(lua_State *L) {
  lua_pushinteger(L, game(L)->b.round);
  return 1;
}

static int g_set_round(lua_State *L) {
  ark_lg *g = game(L);
  lua_Integer r = luaL_checkinteger(L, 1);
  char t[24];
  if (r < 0 || r > 1000000) luaL_error(L, "G.set_round(%s): 0 to 1000000", num_text(r, t));
  if (r != g->b.round) {                 /* the turn cap's count */
    g->b.round_from = ark_lg_answers_now(g);
    g->b.round_moved = 1;
  }
  g->b.round = (int32_t)r;
  return 0;
}

static int g_include(lua_State *L) {
  const char *rel = luaL_checkstring(L, 1);
  if (strstr(rel, "..") || rel[0] == '/')
    luaL_error(L, "G.include(\"%s\"): a path inside the game folder", rel);
  lua_getfield(L, LUA_REGISTRYINDEX, "ark.lg.dir");
  const char *dir = lua_tostring(L, -1);
  int st = ark_lg_load_file(L, dir, rel);
  /* no such file: the error is the caller's line, which names the file */
  if (st == -2) luaL_error(L, "G.include(\"%s\"): no such file in the game folder %s", rel, dir);
  if (st) return lua_error(L);
  return 1;
}

static int g_card(lua_State *L) {
  luaL_checkany(L, 1);
  const char *want = lua_tostring(L, 1);
  lua_getglobal(L, "CARDS");
  int n = lua_istable(L, -1) ? ark_rawlen(L, -1) : 0;
  for (int i = 1; want && i <= n; i++) {
    lua_rawgeti(L, -1, i);
    lua_getfield(L, -1, "number");
    const char *s = lua_tostring(L, -1);
    int same = s && !strcmp(s, want);
    lua_pop(L, 2);
    if (same) {
      lua_pushinteger(L, i);
      return 1;
    }
  }
  return 0;
}

void ark_lg_api_open(lua_State *L) {
  static const luaL_Reg fns[] = {
    { "players", g_players }, { "get", g_get }, { "set", g_set }, { "add", g_add },
    { "cards", g_cards }, { "count", g_count }, { "top", g_top }, { "move", g_move },
    { "where", g_where }, { "shuffle", g_shuffle }, { "counter", g_counter },
    { "set_counter", g_set_counter }, { "random", g_random }, { "log", g_log },
    { "choose", g_choose }, { "reveal", g_reveal }, { "round", g_round }, { "set_round", g_set_round },
    { "include", g_include }, { "card", g_card }, { NULL, NULL }
  };
  lua_newtable(L);
  for (int i = 0; fns[i].name; i++) {
    lua_pushcfunction(L, fns[i].func);
    lua_setfield(L, -2, fns[i].name);
  }
  lua_setglobal(L, "G");
}
