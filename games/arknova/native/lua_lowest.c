/*
** lua_lowest.c - the lowest strength of the Animals, Build and Association
** actions in C: ark.animals_lowest, ark.build_lowest and
** ark.association_lowest (the rules' alone, like ark.hand_fit), and the
** kinds Build offers at each of its steps, ark.buildable, and what the
** actions offer as they run: the animals and sponsors that can be played
** (ark.animal_candidates, ark.sponsor_candidates) and each association
** task's test (ark.association_possible).
**
** Every turn's options ask each action card for the first strength at
** which it can do something (A.lowest of its file in cards/actions/,
** called by ENGINE.turn_plays), and random play spent about a third of
** its instructions there, most of it in these three scans in Lua.  Each
** function here is the loop of one file's A.lowest, reading the state as
** the primitives that loop calls read it.  The action files call them
** while no plugin is loaded and the file's own functions are in place,
** which they decide in Lua before the call.  The constants the loops read
** (A.COUNT, A.KINDS, A.COST_PER_SPACE, SPECIAL_BIT, A.TASK_STRENGTH, ...)
** come in as arguments, so that a change to one is seen here as in the
** Lua.
**
** What a card or map of p's may change is asked of the Lua, where the Lua
** loop asks it: for Animals, an animal's conditions and cost, when p has a
** handler for the modifier each asks; for Association, each task's
** strength when p has one for it, and the project task's test (which
** leaves it to the C unless p's cards change a project's rules).  A
** handler is so asked exactly as the plain Lua asks it: the same calls, in
** the same order.  With no such handler, the C tests an animal cheapest
** first: all are reads of the game, so the order cannot be seen.  The
** Animals file's Flock test is Lua too (cards/lib/keywords.lua holds the
** keyword), asked only of an animal that fits no enclosure.
**
** Each answers the first strength in lo..hi, or nil.
*/
#include <math.h>
#include "content.h"
#include "lua_api.h"
#include "luacompat.h"
#include "map.h"
#include "places.h"
#include "track.h"

static int push_strength(lua_State *L, lua_Integer s) {
  lua_pushinteger(L, s);
  return 1;
}

static int push_none(lua_State *L) {
  lua_pushnil(L);
  return 1;
}

/* ---- Animals ---- */

/* ark.animals_lowest(p, side, lo, hi, count, rep5, discount, may_share,
** conditions, cost [, flock]): count is A.COUNT[side], rep5
** A.STRENGTH5_REPUTATION, discount A.PARTNER_DISCOUNT, may_share the
** file's Flock test (p, id); conditions and cost are the file's
** conditions_hold and A.cost where a card or map of p's handles the
** modifier each asks, else false; flock, where given, the file's record
** of which animals have the Flock keyword (id -> true or false), read
** only while may_share would read it: an animal it marks false may share
** no enclosure, with no call of may_share. */
enum {
  AN_P = 1, AN_SIDE, AN_LO, AN_HI, AN_COUNT, AN_REP5, AN_DISCOUNT, AN_MAY_SHARE,
  AN_CONDITIONS, AN_COST, AN_FLOCK
};

/* A.COUNT[side][min(s, 5)] ~= 0: may strength s play an animal? */
static int plays_at(lua_State *L, lua_Integer s) {
  lua_pushinteger(L, s < 5 ? s : 5);
  lua_gettable(L, AN_COUNT);
  int zero = lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) == 0;
  lua_pop(L, 1);
  return !zero;
}

/* A.cost with no modifier: the printed cost less the discount per icon of
** a continent where p has a partner zoo, in CONTINENTS order, never below
** 0 (the discount is read only when one applies, as the Lua reads it). */
static lua_Number animal_cost(lua_State *L, const ark_player *pl, const ark_card_def *d) {
  lua_Number cost = d->cost;
  for (int c = 0; pl->partner_zoos && c < ARK_N_CONTINENTS; c++) {
    int n = d->icons[ARK_ICON_FIRST_CONTINENT + c];
    if (n && ((pl->partner_zoos >> c) & 1)) cost -= luaL_checknumber(L, AN_DISCOUNT) * n;
  }
  return cost < 0 ? 0 : cost;
}

/* Calls the file's function at stack index fn with (p, id); its answer
** stays on the stack. */
static void ask(lua_State *L, int fn, int p, int id) {
  lua_pushvalue(L, fn);
  lua_pushinteger(L, p);
  lua_pushinteger(L, id);
  lua_call(L, 2, 1);
}

/* The file's may_share(p, id), past its Flock record (lua_api.c). */
static int may_share(lua_State *L, int p, int id) {
  return ark_lua_may_share(L, AN_FLOCK, AN_MAY_SHARE, p, id);
}

/* conditions_hold(p, id): the file's where p's cards or map handle the
** conditions ignored, else all of them met. */
static int conditions_hold(lua_State *L, ark_game *g, int p, int id) {
  if (!lua_toboolean(L, AN_CONDITIONS))
    return ark_lua_conditions_missing(g, p, &g->c->cards[id]) == 0;
  ask(L, AN_CONDITIONS, p, id);
  int yes = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return yes;
}

/* Pushes A.cost(p, id): the file's answer where p's cards or map handle
** the cost, else worked out here (a whole number as an integer, as the
** Lua's arithmetic gives it). */
static void push_cost(lua_State *L, ark_game *g, int p, int id) {
  if (lua_toboolean(L, AN_COST)) {
    ask(L, AN_COST, p, id);
    luaL_checknumber(L, -1);
    return;
  }
  lua_Number cost = animal_cost(L, &g->s.p[p], &g->c->cards[id]);
  if (cost == (lua_Integer)cost) lua_pushinteger(L, (lua_Integer)cost);
  else lua_pushnumber(L, cost);
}

/* A.playable(p, id, surcharge): an animal that fits a building of p's or
** may share one, whose conditions hold, that p can pay.  With no modifier
** handler of p's the tests go cheapest first, the Flock test last; else in
** the Lua's order, so that each handler is asked where the Lua asks it.
** keep: a playable animal's cost to p (surcharge not in it) is left on the
** stack, A.cost's own answer where that was asked. */
static int playable_at(lua_State *L, ark_game *g, int p, int id, int surcharge, int keep) {
  const ark_player *pl = &g->s.p[p];
  const ark_card_def *d = &g->c->cards[id];
  if (d->type != ARK_CARD_ANIMAL) return 0;
  if (!lua_toboolean(L, AN_CONDITIONS) && !lua_toboolean(L, AN_COST)) {
    if (ark_lua_conditions_missing(g, p, d) > 0) return 0;
    if (!(pl->money >= animal_cost(L, pl, d) + surcharge)) return 0;
    if (!ark_lua_animal_fits_any(g, p, d) && !may_share(L, p, id)) return 0;
  } else {
    if (!ark_lua_animal_fits_any(g, p, d) && !may_share(L, p, id)) return 0;
    if (!conditions_hold(L, g, p, id)) return 0;
    push_cost(L, g, p, id);
    int paid = pl->money >= lua_tonumber(L, -1) + surcharge;
    if (!paid || !keep) lua_pop(L, 1);
    return paid;
  }
  if (keep) push_cost(L, g, p, id);
  return 1;
}

static int playable(lua_State *L, ark_game *g, int p, int id, int surcharge) {
  return playable_at(L, g, p, id, surcharge, 0);
}

/* any_in_hand: is an animal of p's hand playable now? */
static int hand_playable(lua_State *L, ark_game *g, int p) {
  const ark_player *pl = &g->s.p[p];
  for (int h = 0; h < pl->nhand; h++)
    if (playable(L, g, p, pl->hand[h], 0)) return 1;
  return 0;
}

/* any_in_display: the animal of one of folders first..last, paying the
** folder's number on top? */
static int display_playable(lua_State *L, ark_game *g, int p, int first, int last) {
  for (int f = first; f <= last; f++) {
    int id = g->s.display[f - 1];
    if (id >= 0 && playable(L, g, p, id, f)) return 1;
  }
  return 0;
}

/* reach: the display folders in range with `extra` reputation gained
** first, up to p's reputation cap (ark.range of that). */
static int reach(const ark_game *g, int p, lua_Integer extra) {
  lua_Integer rep = g->s.p[p].reputation + extra, cap = ark_track_reputation_cap(g, p);
  return ark_track_range_at(rep > cap ? cap : rep);
}

/* animals.lua's A.lowest: the hand is scanned once, at the first strength
** that plays an animal; on side II each strength scans only the folders
** its reputation gain newly brings in range (strength 5 gains rep5). */
static int l_animals_lowest(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, AN_P);
  lua_Integer side = luaL_checkinteger(L, AN_SIDE);
  lua_Integer lo = luaL_checkinteger(L, AN_LO), hi = luaL_checkinteger(L, AN_HI);
  luaL_checktype(L, AN_COUNT, LUA_TTABLE);
  lua_settop(L, AN_FLOCK);
  int hand_seen = 0, seen = 0;
  for (lua_Integer s = lo; s <= hi; s++) {
    if (!plays_at(L, s)) continue;
    if (!hand_seen) {
      if (hand_playable(L, g, p)) return push_strength(L, s);
      hand_seen = 1;
    }
    if (side != 2) continue;
    int r = reach(g, p, s >= 5 ? luaL_checkinteger(L, AN_REP5) : 0);
    if (r <= seen) continue;
    if (display_playable(L, g, p, seen + 1, r)) return push_strength(L, s);
    seen = r;
  }
  return push_none(L);
}

/* ---- the files' own lowest, bound ----
**
** The action files' A.lowest, while no plugin is loaded, called what is
** above with arguments most of which it worked out in Lua the same way
** every time: the file's Flock test and record, and each modifier's Lua
** only where p has a handler for it (two calls of has_handler), through
** three small Lua functions.  That took more instructions than the scan
** itself (random play: about 4,400 a turn for Animals, 2,800 for
** Association).  The bound functions below are made once by each file
** with those values (ark.animals_lowest_fn, ark.association_lowest_fn)
** and work out the rest in C; the file's constants are still read from
** its table A at each call, so that a change to one is seen as before. */

/* Upvalues of the bound functions: the context (as every primitive's),
** the cache and miss of the rules' has_handler (or has_handler itself
** and false, were it another function), each file's own functions, then
** the names they read, made once. */
enum { B_CTX = 1, B_CACHE, B_MISS, B_FIRST };

/* Pushes the upvalues B_CACHE, B_MISS for has_handler at index fn. */
static void push_handler_parts(lua_State *L, int fn) {
  if (ark_lua_handler_parts(L, fn)) return;
  lua_pushvalue(L, fn);
  lua_pushboolean(L, 0);
}

/* has_handler(p, key), p at stack index 1 and key at upvalue k: does a
** card or map of p's (or a plugin) handle key now?  Looked up in C, as
** ark.zoo_handlers does it. */
static int has_handler(lua_State *L, int k) {
  if (lua_toboolean(L, lua_upvalueindex(B_MISS)))
    return ark_lua_has_handler(L, 1, lua_upvalueindex(k), lua_upvalueindex(B_CACHE),
                               lua_upvalueindex(B_MISS));
  lua_pushvalue(L, lua_upvalueindex(B_CACHE));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, lua_upvalueindex(k));
  lua_call(L, 2, 1);
  int yes = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return yes;
}

/* Pushes A[upvalue k] (A at index t, a plain table of the file's). */
static void push_field(lua_State *L, int t, int k) {
  lua_pushvalue(L, lua_upvalueindex(k));
  lua_rawget(L, t);
}

/* Makes the bound function f with the nfn functions at the stack top as
** its own (has_handler below them) and the names keys. */
static int bind(lua_State *L, lua_CFunction f, int nfn, const char *const *keys) {
  int fns = lua_gettop(L) - nfn + 1, nup = 0;
  lua_pushvalue(L, lua_upvalueindex(1));
  push_handler_parts(L, fns - 1);
  for (int i = 0; i < nfn; i++) lua_pushvalue(L, fns + i);
  for (nup = B_FIRST - 1 + nfn; *keys; keys++, nup++) lua_pushstring(L, *keys);
  lua_pushcclosure(L, f, nup);
  return 1;
}

/* Animals: functions may_share, conditions, flock; then the names. */
enum { BA_MAY_SHARE = B_FIRST, BA_CONDITIONS, BA_FLOCK, BA_COUNT, BA_REP5, BA_DISCOUNT,
       BA_COST, BA_MOD_CONDITIONS, BA_MOD_COST };
static const char *const animal_keys[] = {
  "COUNT", "STRENGTH5_REPUTATION", "PARTNER_DISCOUNT", "cost", "modify_conditions_ignored",
  "modify_animal_cost", NULL
};

/* (p, side, lo, hi, A) -> ark.animals_lowest(p, side, lo, hi,
** A.COUNT[side], A.STRENGTH5_REPUTATION, A.PARTNER_DISCOUNT, may_share,
** conditions where p handles modify_conditions_ignored, A.cost where p
** handles modify_animal_cost, flock). */
static int l_animals_lowest_bound(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  ark_lua_arg_player(L, g, AN_P);
  luaL_checkinteger(L, AN_SIDE);
  luaL_checktype(L, 5, LUA_TTABLE);
  lua_settop(L, 5);
  push_field(L, 5, BA_COUNT);
  lua_pushvalue(L, AN_SIDE);
  lua_gettable(L, -2);
  lua_remove(L, -2);                                    /* count */
  push_field(L, 5, BA_REP5);
  push_field(L, 5, BA_DISCOUNT);
  lua_pushvalue(L, lua_upvalueindex(BA_MAY_SHARE));
  if (has_handler(L, BA_MOD_CONDITIONS)) lua_pushvalue(L, lua_upvalueindex(BA_CONDITIONS));
  else lua_pushboolean(L, 0);
  if (has_handler(L, BA_MOD_COST)) push_field(L, 5, BA_COST);
  else lua_pushboolean(L, 0);
  lua_pushvalue(L, lua_upvalueindex(BA_FLOCK));
  lua_remove(L, 5);                                     /* the arguments where AN_* says */
  return l_animals_lowest(L);
}

/* ark.animals_lowest_fn(has_handler, may_share, conditions, flock) ->
** the bound function above. */
static int l_animals_lowest_fn(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  luaL_checktype(L, 4, LUA_TTABLE);
  lua_settop(L, 4);
  return bind(L, l_animals_lowest_bound, 3, animal_keys);
}

/* Appends {card = id, <key> = the value on the stack top (taken), folder
** = f (none for the hand: f 0)} to the list at `out`. */
static void append_entry(lua_State *L, int out, int id, int f, const char *key) {
  lua_createtable(L, 0, 3);
  lua_insert(L, -2);
  lua_setfield(L, -2, key);
  lua_pushinteger(L, id);
  lua_setfield(L, -2, "card");
  if (f > 0) {
    lua_pushinteger(L, f);
    lua_setfield(L, -2, "folder");
  }
  lua_rawseti(L, out, (int)ark_rawlen(L, out) + 1);
}

/* Appends {card = id, folder = f (none for the hand), cost = its cost plus
** f} to the list at `out` when p can play the animal now. */
static void add_candidate(lua_State *L, ark_game *g, int p, int out, int id, int f) {
  if (!playable_at(L, g, p, id, f, 1)) return;
  if (ark_isinteger(L, -1)) {
    lua_Integer c = lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_pushinteger(L, c + f);
  } else {
    lua_Number c = lua_tonumber(L, -1);
    lua_pop(L, 1);
    lua_pushnumber(L, c + f);
  }
  append_entry(L, out, id, f, "cost");
}

/* ark.animal_candidates(p, side, extra_rep, discount, may_share,
** conditions, cost [, flock]) -> list: animals.lua's candidates, the animals p can
** play now, each {card, folder, cost}: the hand's in order, then on side
** II the display's in range (with extra_rep reputation gained), paying
** the folder's number on top.  The last five are as for
** ark.animals_lowest.  The action asks it at each animal it plays. */
static int l_animal_candidates(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, AN_P);
  lua_Integer side = luaL_checkinteger(L, AN_SIDE), extra = luaL_checkinteger(L, 3);
  lua_settop(L, 8);
  for (int i = 0; i < 3; i++) {          /* the arguments where AN_* says */
    lua_pushnil(L);
    lua_insert(L, 4);
  }
  luaL_checktype(L, AN_MAY_SHARE, LUA_TFUNCTION);
  const ark_player *pl = &g->s.p[p];
  lua_newtable(L);
  int out = lua_gettop(L);
  for (int h = 0; h < pl->nhand; h++) add_candidate(L, g, p, out, pl->hand[h], 0);
  if (side == 2)
    for (int f = 1, r = reach(g, p, extra); f <= r; f++)
      if (g->s.display[f - 1] >= 0) add_candidate(L, g, p, out, g->s.display[f - 1], f);
  return 1;
}

/* ---- Sponsors ---- */

/* ark.sponsor_candidates(p, side, budget, level) -> list: sponsors.lua's
** candidates, the sponsors p can play now at that budget, each {card,
** surcharge} from the hand in order, then on side II {card, folder,
** surcharge = folder} from the display in p's range.  level is the file's
** A.level where a card or map of p's handles a sponsor's level, asked as
** A.playable asks it; else false, and the level is the printed one (never
** below 0).  A sponsor's conditions must all hold and its unique building
** have a place. */
static void add_sponsor(lua_State *L, ark_game *g, int p, lua_Integer budget, int out, int id,
                        int f) {
  const ark_player *pl = &g->s.p[p];
  const ark_card_def *d = &g->c->cards[id];
  if (d->type != ARK_CARD_SPONSOR) return;
  lua_Number level = d->level > 0 ? d->level : 0;
  if (lua_toboolean(L, 4)) {
    ask(L, 4, p, id);
    level = luaL_checknumber(L, -1);
    lua_pop(L, 1);
  }
  if (level > budget || pl->money < f || !ark_lua_sponsor_fits(g, p, d)) return;
  lua_pushinteger(L, f);
  append_entry(L, out, id, f, "surcharge");
}

static int l_sponsor_candidates(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  lua_Integer side = luaL_checkinteger(L, 2), budget = luaL_checkinteger(L, 3);
  lua_settop(L, 4);
  const ark_player *pl = &g->s.p[p];
  lua_newtable(L);
  int out = lua_gettop(L);
  for (int h = 0; h < pl->nhand; h++) add_sponsor(L, g, p, budget, out, pl->hand[h], 0);
  if (side == 2)
    for (int f = 1, r = ark_track_range(g, p); f <= r; f++)
      if (g->s.display[f - 1] >= 0) add_sponsor(L, g, p, budget, out, g->s.display[f - 1], f);
  return 1;
}

/* ---- Build ---- */

/* ark.build_lowest(p, side, lo, hi, kinds, cost_per_space, special_bit):
** A.KINDS, A.COST_PER_SPACE and SPECIAL_BIT. */
enum { BU_P = 1, BU_SIDE, BU_LO, BU_HI, BU_KINDS, BU_COST, BU_SPECIAL };

/* math.floor(special / SPECIAL_BIT[key]) % 2 == 1: p has built the one
** special enclosure of that kind (a kind without a bit: never). */
static int special_taken(lua_State *L, const char *key, int special) {
  lua_getfield(L, BU_SPECIAL, key);
  int taken = 0;
  if (lua_toboolean(L, -1)) {
    lua_Number v = floor(special / luaL_checknumber(L, -1));
    taken = v - floor(v / 2) * 2 == 1;
  }
  lua_pop(L, 1);
  return taken;
}

/* build.lua's may_build for building kind d (key) at a budget that holds
** its size: side II for a kind that needs it, no second special
** enclosure, the money for its spaces, and a place on p's map. */
static int may_build(lua_State *L, ark_game *g, int p, lua_Integer side, int d, const char *key) {
  const ark_building_def *def = &g->c->buildings[d];
  const ark_player *pl = &g->s.p[p];
  if (side != 2 && def->needs_build2) return 0;
  if (special_taken(L, key, pl->special_built)) return 0;
  if (!(pl->money >= luaL_checknumber(L, BU_COST) * def->ncells)) return 0;
  return ark_places_any(g, p, d, side == 2);
}

/* The building kind A.KINDS[i] names (pushed, then popped by the caller),
** or -1: an entry that is no building's key is passed over, as the Lua's
** table of defs by key passes it. */
static int kind_at(lua_State *L, const ark_game *g, int i, const char **key) {
  lua_rawgeti(L, BU_KINDS, i);
  *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  return *key ? ark_content_find_building(g->c, *key) : -1;
}

/* build.lua's A.lowest: the strength only bounds the size, so each kind
** answers the larger of lo and its size, and only a kind that would
** answer less than the best so far is asked. */
static int l_build_lowest(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, BU_P);
  lua_Integer side = luaL_checkinteger(L, BU_SIDE);
  lua_Integer lo = luaL_checkinteger(L, BU_LO), hi = luaL_checkinteger(L, BU_HI);
  luaL_checktype(L, BU_KINDS, LUA_TTABLE);
  lua_Integer best = 0;
  int found = 0, n = ark_rawlen(L, BU_KINDS);
  for (int i = 1; i <= n; i++) {
    const char *key;
    int d = kind_at(L, g, i, &key);
    lua_Integer size = d >= 0 ? g->c->buildings[d].ncells : 0, s = size > lo ? size : lo;
    int ok = d >= 0 && s <= hi && (!found || s < best) && may_build(L, g, p, side, d, key);
    lua_pop(L, 1);
    if (!ok) continue;
    if (s == lo) return push_strength(L, s);
    best = s;
    found = 1;
  }
  return found ? push_strength(L, best) : push_none(L);
}

/* ark.buildable(p, side, budget, done, kinds, cost_per_space, special_bit)
** -> the keys of kinds p may build now within budget, in their order: what
** build.lua's buildable lists at each step of the action, whose kinds built
** so far are the bits of done (bit i - 1: kinds[i]; a key built is left out
** wherever it stands, as the Lua's set of keys leaves it out). */
static int l_buildable(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, BU_P);
  lua_Integer side = luaL_checkinteger(L, BU_SIDE);
  lua_Number budget = luaL_checknumber(L, BU_LO);
  lua_Number mask = luaL_checknumber(L, BU_HI);
  luaL_argcheck(L, mask >= 0 && mask < 4611686018427387904.0 && mask == floor(mask), BU_HI,
                "not a mask of the kinds built");
  lua_Integer done = (lua_Integer)mask;
  luaL_checktype(L, BU_KINDS, LUA_TTABLE);
  int n = ark_rawlen(L, BU_KINDS), k = 0, nbuilt = 0, built[64];
  for (int i = 1; i <= n && i <= 62; i++) {
    if (!((done >> (i - 1)) & 1)) continue;
    const char *key;
    int d = kind_at(L, g, i, &key);
    lua_pop(L, 1);
    if (d >= 0 && nbuilt < 64) built[nbuilt++] = d;
  }
  lua_createtable(L, n, 0);
  for (int i = 1; i <= n; i++) {
    const char *key;
    int d = kind_at(L, g, i, &key);
    int ok = d >= 0 && g->c->buildings[d].ncells <= budget;
    for (int j = 0; ok && j < nbuilt; j++) ok = built[j] != d;
    if (ok && may_build(L, g, p, side, d, key)) lua_rawseti(L, -2, ++k);
    else lua_pop(L, 1);
  }
  return 1;
}

/* ---- Association ---- */

/* ark.association_lowest(p, side, lo, hi, strengths, task_strength,
** project_task): strengths is A.TASK_STRENGTH, or nil where a card or map
** of p's handles the tasks' strength; task_strength(p, t) the file's, which
** asks the modifier; project_task(p, side) the file's test of the project
** task past its workers, nil when the C may make it. */
enum { AS_P = 1, AS_SIDE, AS_LO, AS_HI, AS_STRENGTH, AS_TASK_STRENGTH, AS_PROJECT_TASK };

static int bits(unsigned v) {
  int n = 0;
  for (; v; v >>= 1) n += v & 1;
  return n;
}

/* can_take_partner_zoo: p holds fewer than its limit (4 with side II)
** and a continent on the board is not p's yet. */
static int partner_zoo_free(const ark_game *g, int p) {
  const ark_player *pl = &g->s.p[p];
  int limit = (pl->upgraded >> ARK_ACT_ASSOCIATION) & 1 ? 4 : 2;
  if (bits(pl->partner_zoos) >= limit) return 0;
  return (g->s.board_zoos & ~pl->partner_zoos & ((1u << ARK_N_CONTINENTS) - 1)) != 0;
}

/* can_take_university: a university on the board that p has not. */
static int university_free(const ark_game *g, int p) {
  return (g->s.board_unis & ~g->s.p[p].universities & ((1u << ARK_N_UNIVERSITIES) - 1)) != 0;
}

/* The levels a project has (at most 3). */
static int levels(const ark_card_def *c) { return c->n_levels < 3 ? c->n_levels : 3; }

/* A project in play: p supports none of its levels yet (one support per
** project) and may support a free level now? */
static int slot_option(const ark_game *g, int p, const ark_project_slot *slot) {
  const int8_t *o = slot->owner;
  if (slot->card < 0 || o[0] == p || o[1] == p || o[2] == p) return 0;
  const ark_card_def *c = &g->c->cards[slot->card];
  for (int lv = 0; lv < levels(c); lv++)
    if (o[lv] == -1 && ark_lua_level_ok(g, p, c, lv)) return 1;
  return 0;
}

/* A project card p would bring into play: may p support a level of it? */
static int card_option(const ark_game *g, int p, int id) {
  const ark_card_def *c = &g->c->cards[id];
  if (c->type != ARK_CARD_PROJECT) return 0;
  for (int lv = 0; lv < levels(c); lv++)
    if (ark_lua_level_ok(g, p, c, lv)) return 1;
  return 0;
}

/* A.any_project_option: a level p may support of a project in play, of
** a project card in p's hand, or on side II of one in a display folder
** in range whose number p can pay. */
static int project_option(const ark_game *g, int p, lua_Integer side) {
  const ark_state *s = &g->s;
  const ark_player *pl = &s->p[p];
  for (int i = 0; i < s->nbase; i++)
    if (slot_option(g, p, &s->base[i])) return 1;
  for (int i = 0; i < ARK_ROW_SLOTS; i++)
    if (slot_option(g, p, &s->row[i])) return 1;
  for (int h = 0; h < pl->nhand; h++)
    if (card_option(g, p, pl->hand[h])) return 1;
  if (side != 2) return 0;
  for (int f = 1, range = ark_track_range(g, p); f <= range; f++)
    if (s->display[f - 1] >= 0 && pl->money >= f && card_option(g, p, s->display[f - 1]))
      return 1;
  return 0;
}

/* The project task's own test: the file's project_task(p, side), or
** when that leaves it to the C (nil), project_option. */
static int project_task(lua_State *L, const ark_game *g, int p, lua_Integer side) {
  lua_pushvalue(L, AS_PROJECT_TASK);
  lua_pushinteger(L, p);
  lua_pushinteger(L, side);
  lua_call(L, 2, 1);
  int plain = lua_isnil(L, -1), yes = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return plain ? project_option(g, p, side) : yes;
}

/* task_possible of association.lua for task t (1..4): the workers it
** needs (2 where p has one already), then the task's own test. */
static int task_possible(lua_State *L, const ark_game *g, int p, int t, lua_Integer side) {
  const ark_player *pl = &g->s.p[p];
  if (pl->workers - pl->workers_out < (pl->task_workers[t - 1] > 0 ? 2 : 1)) return 0;
  switch (t) {
  case 1: return 1;
  case 2: return partner_zoo_free(g, p);
  case 3: return university_free(g, p);
  default: return project_task(L, g, p, side);
  }
}

/* task_possible once per task: a project's test is the dear one. */
typedef struct tasks {
  lua_State *L;
  const ark_game *g;
  int p;
  lua_Integer side;
  signed char possible[ARK_N_TASKS + 1];   /* -1: not asked yet */
} tasks;

static int possible(tasks *ts, int t) {
  if (ts->possible[t] < 0)
    ts->possible[t] = (signed char)task_possible(ts->L, ts->g, ts->p, t, ts->side);
  return ts->possible[t];
}

/* Task t's strength as the Lua's `plain and plain[t] or task_strength(p,
** t)` gives it, which must be a number (the Lua compares it). */
static lua_Number task_strength(lua_State *L, int p, int t) {
  if (lua_istable(L, AS_STRENGTH)) lua_rawgeti(L, AS_STRENGTH, t);
  else lua_pushnil(L);
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    lua_pushvalue(L, AS_TASK_STRENGTH);
    lua_pushinteger(L, p);
    lua_pushinteger(L, t);
    lua_call(L, 2, 1);
  }
  int ok = lua_type(L, -1) == LUA_TNUMBER;
  lua_Number v = lua_tonumber(L, -1);
  lua_pop(L, 1);
  if (!ok) luaL_error(L, "the strength of association task %d is not a number", t);
  return v;
}

/* association.lua's A.lowest: the strength only bounds the tasks' own,
** so the tasks that lo allows are asked first, then each strength above
** asks the tasks that need exactly it.  The Lua asked (a task's strength
** where p's cards change it, the project task's test) is asked where the
** Lua loop asks it, each at most once as there. */
static int l_association_lowest(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, AS_P);
  tasks ts = { L, g, p, luaL_checkinteger(L, AS_SIDE), { -1, -1, -1, -1, -1 } };
  lua_Integer lo = luaL_checkinteger(L, AS_LO), hi = luaL_checkinteger(L, AS_HI);
  luaL_checktype(L, AS_TASK_STRENGTH, LUA_TFUNCTION);
  luaL_checktype(L, AS_PROJECT_TASK, LUA_TFUNCTION);
  if (lo > hi) return push_none(L);
  lua_Number need[ARK_N_TASKS + 1];
  for (int t = 1; t <= ARK_N_TASKS; t++) {
    need[t] = task_strength(L, p, t);
    if (need[t] <= lo && possible(&ts, t)) return push_strength(L, lo);
  }
  for (lua_Integer s = lo + 1; s <= hi; s++)
    for (int t = 1; t <= ARK_N_TASKS; t++)
      if (need[t] == s && possible(&ts, t)) return push_strength(L, s);
  return push_none(L);
}

/* Association: functions task_strength, project_task; then the names. */
enum { BS_TASK_STRENGTH = B_FIRST, BS_PROJECT_TASK, BS_STRENGTHS, BS_MOD_STRENGTH };
static const char *const association_keys[] = { "TASK_STRENGTH", "modify_task_strength", NULL };

/* (p, side, lo, hi, A) -> ark.association_lowest(p, side, lo, hi,
** A.TASK_STRENGTH unless p handles modify_task_strength, task_strength,
** project_task). */
static int l_association_lowest_bound(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  ark_lua_arg_player(L, g, AS_P);
  luaL_checktype(L, 5, LUA_TTABLE);
  lua_settop(L, 5);
  if (has_handler(L, BS_MOD_STRENGTH)) lua_pushnil(L);
  else push_field(L, 5, BS_STRENGTHS);
  lua_pushvalue(L, lua_upvalueindex(BS_TASK_STRENGTH));
  lua_pushvalue(L, lua_upvalueindex(BS_PROJECT_TASK));
  lua_remove(L, 5);
  return l_association_lowest(L);
}

/* ark.association_lowest_fn(has_handler, task_strength, project_task) ->
** the bound function above. */
static int l_association_lowest_fn(lua_State *L) {
  for (int i = 1; i <= 3; i++) luaL_checktype(L, i, LUA_TFUNCTION);
  lua_settop(L, 3);
  return bind(L, l_association_lowest_bound, 2, association_keys);
}

/* ark.association_possible(p, t, side, project_task): association.lua's
** task_possible for task t (1..4), the project task's test asked of
** project_task(p, side) as ark.association_lowest asks it.  The action's
** own offer of tasks asks it of each task (task_options), and its Lua
** project search was a twentieth of random play's time. */
static int l_association_possible(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, AS_P);
  lua_Integer t = luaL_checkinteger(L, 2), side = luaL_checkinteger(L, 3);
  luaL_argcheck(L, t >= 1 && t <= ARK_N_TASKS, 2, "no such task");
  luaL_checktype(L, 4, LUA_TFUNCTION);
  lua_settop(L, AS_PROJECT_TASK);
  lua_pushvalue(L, 4);
  lua_replace(L, AS_PROJECT_TASK);      /* where project_task looks for it */
  lua_pushboolean(L, task_possible(L, g, p, (int)t, side));
  return 1;
}

static const luaL_Reg fns[] = {
  {"animals_lowest", l_animals_lowest},
  {"animals_lowest_fn", l_animals_lowest_fn},
  {"association_lowest_fn", l_association_lowest_fn},
  {"animal_candidates", l_animal_candidates},
  {"sponsor_candidates", l_sponsor_candidates},
  {"build_lowest", l_build_lowest},
  {"buildable", l_buildable},
  {"association_lowest", l_association_lowest},
  {"association_possible", l_association_possible},
  {NULL, NULL}
};

void ark_lua_api_lowest(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
