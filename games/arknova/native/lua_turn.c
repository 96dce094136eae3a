/*
** lua_turn.c - ENGINE.turn_plays, the list of a turn's options in C.
**
** Every turn asks for its options (turn_options in rules/rules.lua), and
** random play and the AIs ask for them at nearly every position.  Apart
** from each action's lowest strength, which is the action script's to say,
** the list is bookkeeping: the slots, the sides, the X tokens, a text and
** a code per play.  In the Lua interpreter that bookkeeping was about a
** third of all the Lua instructions of random play; here it is a few
** table reads per option.  The rules call it only while the functions it
** stands for are their own (options_of), so a plugin that replaced one of
** them gets the Lua list, as before.
**
** Asked by the engine for a turn's decision (ark_lua_lazy_options sets
** g->direct_opts) with no plugin loaded, it writes the options and codes
** straight into the decision and returns false and their count: the two
** tables and the engine's copy out of them were a sixth of the cost of a
** turn's options (random play: 6,200 of 41,000 instructions).  Every
** lowest strength is asked first, so that an error in one leaves the
** decision as it was; the label makers, which only keep the texts they
** make, are asked after them.
*/
#include <string.h>
#include "game.h"
#include "lua_api.h"
#include "lua_bridge.h"
#include "luacompat.h"

/* The arguments, as options_of passes them. */
enum {
  A_P = 1, A_SCRIPTS, A_TITLES, A_INDEX, A_LABELS, A_LABELS_OF, A_ACTION_LABEL,
  A_LOWEST_BY_CAN, A_MAX_X, A_DIRECT, A_OPTS, A_CODES
};

/* The texts and action indices that direct lists have used, kept in C
** (upvalue 3, the strings held by the table at upvalue 4, so that their
** pointers stay good): with no plugin loaded the titles, the label makers
** and ACTION_INDEX are the rules' own and never change, so a play's text
** depends only on its action, side, strength and X tokens.  Asking the
** Lua tables for them cost about 4,000 instructions a turn. */
#define TT_S 16                  /* strengths kept: 1..15 */
#define TT_X 8                   /* X tokens kept: 0..7 */
typedef struct text { const char *s; size_t len; } text;
typedef struct turn_texts {
  text play[ARK_N_ACTIONS][2][TT_S][TT_X];
  text xaction[ARK_N_ACTIONS];
  lua_Integer index[ARK_N_ACTIONS];
  uint8_t has_index[ARK_N_ACTIONS];
} turn_texts;

#define TEXTS lua_upvalueindex(3)
#define ANCHOR lua_upvalueindex(4)

/* Keeps the string on the stack top as *t (it stays there). */
static void keep_text(lua_State *L, text *t) {
  size_t len;
  const char *s = lua_tolstring(L, -1, &len);
  if (!s) return;                       /* put() names the fault */
  lua_pushvalue(L, -1);
  lua_rawseti(L, ANCHOR, (lua_Integer)ark_rawlen(L, ANCHOR) + 1);
  t->s = s;
  t->len = len;
}

/* What one slot adds to the list.  Its action's title and table of
** texts (push_labels) and its index in play codes are looked up once a
** turn, at their first use: its plays, then its X-token action. */
typedef struct slot_plays {
  int a, side;
  lua_Integer base, hi, s0;     /* s0 0: no play */
  int title;                    /* stack index of the title, the texts above it; 0: not yet */
  lua_Integer index;
} slot_plays;

/* Where the options go: the two tables (g NULL), or g's decision. */
typedef struct sink {
  ark_game *g;
  int n;
  turn_texts *kept;             /* with g: the texts kept so far */
} sink;

/* Adds a kept text as a direct list's option, with its code. */
static void put_kept(lua_State *L, sink *k, const text *t, lua_Integer code) {
  k->n++;
  if (k->n > ARK_MAX_OPTIONS || code != (int)code)
    luaL_error(L, "turn option %d: too many options", k->n);
  ark_lua_offer_option(k->g, k->n - 1, t->s, t->len);
  k->g->codes[k->n - 1] = (int)code;
}

/* Adds the option whose text is on the stack top (taken) and its code. */
static void put(lua_State *L, sink *k, lua_Integer code) {
  k->n++;
  if (!k->g) {
    lua_rawseti(L, A_OPTS, k->n);
    lua_pushinteger(L, code);
    lua_rawseti(L, A_CODES, k->n);
    return;
  }
  size_t len;
  const char *s = lua_tolstring(L, -1, &len);
  if (!s || k->n > ARK_MAX_OPTIONS || code != (int)code)
    luaL_error(L, "turn option %d: not a text, or too many options", k->n);
  ark_lua_offer_option(k->g, k->n - 1, s, len);
  k->g->codes[k->n - 1] = (int)code;
  lua_pop(L, 1);
}

/* The names it looks up, made once (upvalue 2): a name given as a C
** string is hashed and found among the interned strings at every look-up,
** some thirty a turn.  1..ARK_N_ACTIONS: the action cards, then these. */
#define KEYS lua_upvalueindex(2)
enum { K_LOWEST = ARK_N_ACTIONS + 1, K_XACTION, K_N = K_XACTION };

/* Pushes t[key k] (t at index t, which is absolute), as lua_getfield. */
static void get_key(lua_State *L, int t, int k) {
  lua_rawgeti(L, KEYS, k);
  lua_gettable(L, t);
}

/* Pushes titles[name], then labels[title] or labels_of(title): the
** action's table of option texts. */
static void push_labels(lua_State *L, int a) {
  get_key(L, A_TITLES, a + 1);
  lua_pushvalue(L, -1);
  lua_rawget(L, A_LABELS);
  if (lua_toboolean(L, -1)) return;
  lua_pop(L, 1);
  lua_pushvalue(L, A_LABELS_OF);
  lua_pushvalue(L, -2);
  lua_call(L, 1, 1);
}

/* index[name], the action's number in play codes. */
static lua_Integer action_index(lua_State *L, int a) {
  int ok;
  get_key(L, A_INDEX, a + 1);
  lua_Integer i = lua_tointegerx(L, -1, &ok);
  if (!ok) luaL_error(L, "ACTION_INDEX.%s is not a whole number", ark_lua_action_key(a));
  lua_pop(L, 1);
  return i;
}

/* The first strength in lo..hi at which action `name` can do something,
** into *s0: script.lowest(script, p, side, lo, hi), or lowest_by_can
** without one.  0 when there is none. */
static int lowest(lua_State *L, int a, int side, lua_Integer lo, lua_Integer hi,
                  lua_Integer *s0) {
  get_key(L, A_SCRIPTS, a + 1);
  get_key(L, lua_gettop(L), K_LOWEST);
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    lua_pushvalue(L, A_LOWEST_BY_CAN);
  }
  lua_pushvalue(L, -2);
  lua_pushvalue(L, A_P);
  lua_pushinteger(L, side);
  lua_pushinteger(L, lo);
  lua_pushinteger(L, hi);
  lua_call(L, 5, 1);
  int found = lua_toboolean(L, -1), ok = 1;
  if (found) *s0 = lua_tointegerx(L, -1, &ok);
  if (!ok) {
    int t = lua_type(L, -1);   /* LuaJIT has no luaL_tolstring */
    luaL_error(L, "the lowest strength of action '%s' is %s, not a whole number",
               ark_lua_action_key(a),
               t == LUA_TSTRING || t == LUA_TNUMBER ? lua_tostring(L, -1) : luaL_typename(L, -1));
  }
  lua_pop(L, 2);
  return found;
}

/* The plays of the action card in `slot` (1-based): its lowest strength
** asked of the action's script. */
static slot_plays slot_of(lua_State *L, const ark_player *pl, int slot, lua_Integer xt) {
  slot_plays sp;
  sp.a = pl->slot[slot - 1];
  sp.side = (pl->upgraded >> sp.a) & 1 ? 2 : 1;
  sp.base = slot - 2 * (lua_Integer)pl->constriction[sp.a];   /* strength with no X token */
  sp.hi = sp.base + xt;
  sp.s0 = 0;
  sp.title = 0;
  sp.index = 0;
  lua_Integer s0;
  if (sp.hi >= 1 && lowest(L, sp.a, sp.side, sp.base > 1 ? sp.base : 1, sp.hi, &s0)) sp.s0 = s0;
  return sp;
}

/* The slot's title and texts, and its action's index, looked up at the
** first use (left on the stack until turn_plays returns). */
static void slot_texts(lua_State *L, slot_plays *sp) {
  if (sp->title) return;
  push_labels(L, sp->a);                /* title, labels */
  sp->title = lua_gettop(L) - 1;
  sp->index = action_index(L, sp->a);
}

/* The slot's action index: kept, or looked up with its texts. */
static lua_Integer slot_index(lua_State *L, slot_plays *sp, sink *k) {
  turn_texts *tt = k->kept;
  if (tt && tt->has_index[sp->a]) return tt->index[sp->a];
  slot_texts(L, sp);
  if (tt) {
    tt->index[sp->a] = sp->index;
    tt->has_index[sp->a] = 1;
  }
  return sp->index;
}

/* The kept text of a play, or NULL where none is (or can be) kept. */
static text *kept_play(sink *k, int a, int side, lua_Integer s, lua_Integer x) {
  if (!k->kept || s < 1 || s >= TT_S || x < 0 || x >= TT_X) return NULL;
  return &k->kept->play[a][side - 1][s][x];
}

/* Adds a slot's plays. */
static void add_plays(lua_State *L, slot_plays *sp, sink *k) {
  int side = sp->side;
  lua_Integer base = sp->base, hi = sp->hi, s0 = sp->s0;
  if (s0 == 0) return;
  /* play_code (rules.lua) is linear: one more strength and X token add 11 */
  lua_Integer code = ((slot_index(L, sp, k) * 2 + side - 1) * 2 * 100 + s0) * 10 + (s0 - base);
  for (lua_Integer s = s0; s <= hi; s++, code += 11) {
    lua_Integer x = s - base, kk = (side * 1000 + s) * 1000 + x;
    text *kept = kept_play(k, sp->a, side, s, x);
    if (kept && kept->s) {
      put_kept(L, k, kept, code);
      continue;
    }
    slot_texts(L, sp);
    int title = sp->title, t = title + 1;
    lua_rawgeti(L, t, (int)kk);
    if (!lua_toboolean(L, -1)) {
      lua_pop(L, 1);
      lua_pushvalue(L, A_ACTION_LABEL);
      lua_pushvalue(L, t);
      lua_pushinteger(L, kk);
      lua_pushvalue(L, title);
      lua_pushinteger(L, side);
      lua_pushinteger(L, s);
      lua_pushinteger(L, x);
      lua_call(L, 6, 1);
    }
    if (kept) keep_text(L, kept);
    put(L, k, code);
  }
}

/* Adds the X-token action on the card of a slot. */
static void add_xaction(lua_State *L, slot_plays *sp, sink *k) {
  lua_Integer code = (slot_index(L, sp, k) * 4 + 1) * 1000;   /* play_code(a, 0, 0, 1, true) */
  text *kept = k->kept ? &k->kept->xaction[sp->a] : NULL;
  if (kept && kept->s) {
    put_kept(L, k, kept, code);
    return;
  }
  slot_texts(L, sp);
  get_key(L, sp->title + 1, K_XACTION);
  if (kept) keep_text(L, kept);
  put(L, k, code);
}

/* ENGINE.turn_plays(p, ACTION_SCRIPTS, ACTION_TITLE, ACTION_INDEX,
** label_cache, labels_of, action_label, lowest_by_can, MAX_XTOKENS, direct)
** -> opts, codes: what options_of (rules.lua) makes, in the same order, with
** the same calls to the Lua functions it is given; or, with direct (no
** plugin loaded) while the engine asks for a turn's decision, false and
** the count of the options written into it. */
static int turn_plays(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.turn_plays outside a step");
  int p = ark_lua_arg_player(L, g, A_P);
  for (int i = A_SCRIPTS; i <= A_LABELS; i++) luaL_checktype(L, i, LUA_TTABLE);
  lua_Number max_x = luaL_checknumber(L, A_MAX_X);
  lua_settop(L, A_DIRECT);
  const ark_player *pl = &g->s.p[p];
  lua_Integer xt = pl->xtokens;
  slot_plays sp[ARK_N_ACTIONS];
  for (int slot = 1; slot <= ARK_N_ACTIONS; slot++) sp[slot - 1] = slot_of(L, pl, slot, xt);
  sink k = { NULL, 0, NULL };
  if (lua_toboolean(L, A_DIRECT) && g->direct_opts) {
    g->direct_opts = 0;                 /* one list per asking */
    k.g = g;
    k.kept = lua_touserdata(L, TEXTS);
  }
  if (k.g) {                            /* no tables: the decision takes the list */
    lua_pushnil(L);
    lua_pushnil(L);
  } else {
    lua_createtable(L, 16, 0);
    lua_createtable(L, 16, 0);
  }
  /* each slot's title and texts stay, with a label maker's call above */
  luaL_checkstack(L, 2 * ARK_N_ACTIONS + 12, "turn_plays");
  for (int i = 0; i < ARK_N_ACTIONS; i++) add_plays(L, &sp[i], &k);
  for (int slot = 1; slot <= ARK_N_ACTIONS; slot++)
    if (slot > 1 || (lua_Number)xt < max_x) add_xaction(L, &sp[slot - 1], &k);
  lua_settop(L, A_CODES);               /* the two tables on top */
  if (!k.g) return 2;
  g->direct_n = k.n;
  lua_pushboolean(L, 0);
  lua_pushinteger(L, k.n);
  return 2;
}

void ark_lua_turn_register(lua_State *L, void *ctx) {
  lua_pushlightuserdata(L, ctx);
  lua_createtable(L, K_N, 0);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    lua_pushstring(L, ark_lua_action_key(a));
    lua_rawseti(L, -2, a + 1);
  }
  lua_pushstring(L, "lowest");
  lua_rawseti(L, -2, K_LOWEST);
  lua_pushstring(L, "xaction");
  lua_rawseti(L, -2, K_XACTION);
  turn_texts *tt = lua_newuserdata(L, sizeof *tt);
  memset(tt, 0, sizeof *tt);
  lua_newtable(L);
  lua_pushcclosure(L, turn_plays, 4);
  lua_setfield(L, -2, "turn_plays");
}
