/*
** script_state.c - a card or map script keeps no state between calls
** (ark_state_).
**
** All games of a content share one Lua state (docs/design.md), and an AI
** replays each step on clones; a script that counted its plays in a local
** of its file would carry the count from game to game and from a clone to
** its original, and the same seed would give another game.  Globals and
** library tables are read-only after loading (a game's rules/api.lua); what is
** left is the script's own locals (upvalues of its functions) and the
** tables they and its returned table reach.  After loading, ark_state_record
** takes a copy of all of them.  After every resume in which a script's
** handlers ran, ark_state_check compares; a change is put back at once and
** reported, and the bridge stops the script (lua_bridge.c).
**
** Records (registry table "ark.state"[key]), 6 slots each:
**   index (>= 1),  function, value, 0, name, line defined           (upvalue)
**   -1 - count,    table, copy of its fields, metatable or false, name, line
**                                                                     (table)
** where name is that of the upvalue, global or field through which the
** walk first reached it ("return" for the returned table).  The first slot
** tells the kind and what the check needs besides the two values, so a
** check reads two or three slots per record (it runs after every resume).
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "luacompat.h"
#include "script_state.h"

#define STRIDE 6
#define MAX_VALUES 20000        /* fields and upvalues a script may keep */

static void push_store(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, "ark.state");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "ark.state");
  }
}

/* Is the function on the stack top a Lua function of chunk `chunk`? */
static int own_function(lua_State *L, const char *chunk, int *line) {
  lua_Debug ar;
  lua_pushvalue(L, -1);
  if (!lua_getinfo(L, ">S", &ar)) return 0;
  *line = ar.linedefined;
  return ar.source && strcmp(ar.source, chunk) == 0 && strcmp(ar.what, "C") != 0;
}

static void add_record(lua_State *L, int rec, int *n, lua_Integer code) {
  /* the STRIDE - 1 values after the code are on the stack top */
  int base = *n * STRIDE;
  lua_pushinteger(L, code);
  lua_rawseti(L, rec, base + 1);
  for (int i = STRIDE; i >= 2; i--) lua_rawseti(L, rec, base + i);
  (*n)++;
}

/* ---- which locals a closure of the chunk assigns ----
**
** Most of a script's upvalues are locals that only loading sets (a helper
** function, a constant, an alias of an engine function): no function of the
** file assigns them afterwards, so they cannot change and need no record.
** Closures change an upvalue only with the instruction SETUPVAL, so the
** names it targets anywhere in the chunk are the ones to check (by name, so
** two locals of one name are both checked).  Read from the chunk's dump;
** with LuaJIT, or a dump this code does not know, every upvalue is
** recorded as before. */

#if !defined(ARK_LUAJIT) && LUA_VERSION_NUM == 504
#include <stdlib.h>

#define OP_SETUPVAL 10          /* lopcodes.h of Lua 5.4 */

typedef struct dump { unsigned char *p; size_t len, cap; } dump;

static int dump_write(lua_State *L, const void *b, size_t n, void *ud) {
  (void)L;
  dump *d = ud;
  if (d->len + n > d->cap) {
    size_t cap = (d->len + n) * 2;
    unsigned char *q = realloc(d->p, cap);
    if (!q) return 1;
    d->p = q;
    d->cap = cap;
  }
  memcpy(d->p + d->len, b, n);
  d->len += n;
  return 0;
}

typedef struct reader { const unsigned char *p, *end; int bad; } reader;

static unsigned rd_byte(reader *r) {
  if (r->p >= r->end) {
    r->bad = 1;
    return 0;
  }
  return *r->p++;
}

static size_t rd_size(reader *r) {       /* dumpSize: 7 bits a byte, the last marked */
  size_t x = 0;
  for (int i = 0; i < 10 && !r->bad; i++) {
    unsigned b = rd_byte(r);
    x = (x << 7) | (b & 0x7f);
    if (b & 0x80) return x;
  }
  r->bad = 1;
  return 0;
}

static void rd_skip(reader *r, size_t n) {
  if ((size_t)(r->end - r->p) < n) r->bad = 1;
  else r->p += n;
}

/* A dumped string: its bytes and length (NULL for none). */
static const unsigned char *rd_string(reader *r, size_t *len) {
  size_t n = rd_size(r);
  *len = n ? n - 1 : 0;
  if (!n || r->bad) return NULL;
  const unsigned char *s = r->p;
  rd_skip(r, n - 1);
  return r->bad ? NULL : s;
}

/* One function of the dump and those inside it; the names SETUPVAL
** targets go into the table at stack index names. */
static void rd_function(lua_State *L, reader *r, int names, int isize, int nsize, int depth) {
  if (depth > 200) {
    r->bad = 1;
    return;
  }
  size_t len;
  rd_string(r, &len);                    /* source */
  rd_size(r);                            /* lines defined */
  rd_size(r);
  rd_skip(r, 3);                         /* parameters, vararg, stack size */
  size_t ncode = rd_size(r);
  const unsigned char *code = r->p;
  if (ncode > (size_t)(r->end - r->p) / 4) r->bad = 1;
  else rd_skip(r, ncode * 4);
  size_t nk = rd_size(r);
  for (size_t i = 0; i < nk && !r->bad; i++) {
    unsigned tag = rd_byte(r);
    if (tag == 0x13) rd_skip(r, (size_t)nsize);            /* float */
    else if (tag == 0x03) rd_skip(r, (size_t)isize);       /* integer */
    else if (tag == 0x04 || tag == 0x14) rd_string(r, &len);
    else if (tag != 0x00 && tag != 0x01 && tag != 0x11) r->bad = 1;
  }
  size_t nup = rd_size(r);
  rd_skip(r, nup * 3);
  size_t np = rd_size(r);
  for (size_t i = 0; i < np && !r->bad; i++) rd_function(L, r, names, isize, nsize, depth + 1);
  rd_skip(r, rd_size(r));                /* line info */
  size_t nabs = rd_size(r);
  for (size_t i = 0; i < nabs && !r->bad; i++) {
    rd_size(r);
    rd_size(r);
  }
  size_t nloc = rd_size(r);
  for (size_t i = 0; i < nloc && !r->bad; i++) {
    rd_string(r, &len);
    rd_size(r);
    rd_size(r);
  }
  size_t nnames = rd_size(r);
  const unsigned char *upname[256];
  size_t uplen[256];
  for (size_t i = 0; i < nnames && !r->bad; i++) {
    const unsigned char *s = rd_string(r, &len);
    if (i < 256) {
      upname[i] = s;
      uplen[i] = len;
    }
  }
  for (size_t i = 0; i < ncode && !r->bad; i++) {
    uint32_t ins;                        /* dumped as it lies in memory */
    memcpy(&ins, code + 4 * i, 4);
    if ((ins & 0x7f) != OP_SETUPVAL) continue;
    size_t b = (ins >> 16) & 0xff;
    if (b >= nnames || b >= 256 || !upname[b]) {
      r->bad = 1;                        /* no name to tell it by */
      return;
    }
    lua_pushlstring(L, (const char *)upname[b], uplen[b]);
    lua_pushboolean(L, 1);
    lua_rawset(L, names);
  }
}

/* Pushes the set of upvalue names the function at fidx (a loaded chunk)
** and the functions inside it assign; pushes nothing and returns 0 when
** the dump cannot be read. */
static int push_assigned(lua_State *L, int fidx) {
  static const unsigned char head[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n";
  dump d = { NULL, 0, 0 };
  lua_pushvalue(L, fidx);
  int st = lua_dump(L, dump_write, &d, 0);
  lua_pop(L, 1);
  reader r = { d.p, d.p + d.len, st != 0 || d.len < sizeof head + 3 };
  if (!r.bad && memcmp(d.p, head, sizeof head - 1) != 0) r.bad = 1;
  if (!r.bad) {
    r.p += sizeof head - 1;
    int ins = (int)rd_byte(&r), isize = (int)rd_byte(&r), nsize = (int)rd_byte(&r);
    if (ins != 4) r.bad = 1;
    rd_skip(&r, (size_t)isize + (size_t)nsize + 1);   /* check values, main's upvalue count */
    lua_newtable(L);
    int names = lua_gettop(L);
    if (!r.bad) rd_function(L, &r, names, isize, nsize, 0);
    if (r.bad) lua_pop(L, 1);
  }
  free(d.p);
  return !r.bad;
}
#else
static int push_assigned(lua_State *L, int fidx) {
  (void)L;
  (void)fidx;
  return 0;
}
#endif

/* The walk: a work list of (value, name, line) triples. */
typedef struct walk {
  lua_State *L;
  int work, nwork, seen, sealed, fixed, rec, nrec, values;
  const char *chunk;
  int ups;                      /* upvalues already recorded (shared by closures) */
  int assigned;                 /* names some closure assigns (push_assigned), or 0: all */
} walk;

static void push_work(walk *w, int vidx, const char *name, int line) {
  lua_State *L = w->L;
  lua_pushvalue(L, vidx);
  lua_rawseti(L, w->work, ++w->nwork);
  lua_pushstring(L, name);
  lua_rawseti(L, w->work, ++w->nwork);
  lua_pushinteger(L, line);
  lua_rawseti(L, w->work, ++w->nwork);
}

/* The keys and values of a table no script can write (SANDBOX.fixed):
** walked, with no record of the table itself. */
static void visit_fixed(walk *w, int t, const char *name, int line) {
  lua_State *L = w->L;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    push_work(w, -2, name, line);
    push_work(w, -1, name, line);
    lua_pop(L, 1);
    w->values++;
  }
}

static void visit_table(walk *w, int t, const char *name, int line) {
  lua_State *L = w->L;
  int count = 0;
  lua_newtable(L);                      /* the copy */
  int copy = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    count++;
    push_work(w, -2, name, line);
    push_work(w, -1, name, line);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
  w->values += count;
  lua_pushvalue(L, t);                  /* obj, copy, mt, name, line */
  lua_pushvalue(L, copy);
  if (lua_getmetatable(L, t)) push_work(w, -1, name, line);
  else lua_pushboolean(L, 0);
  lua_pushstring(L, name);
  lua_pushinteger(L, line);
  add_record(L, w->rec, &w->nrec, -1 - (lua_Integer)count);
  lua_pop(L, 1);                        /* the copy */
}

static void visit_function(walk *w, int f) {
  lua_State *L = w->L;
  int line = 0;
  lua_pushvalue(L, f);
  int own = own_function(L, w->chunk, &line);
  lua_pop(L, 1);
  if (!own) return;                     /* the engine's and C functions hold no script state */
  for (int i = 1;; i++) {
    const char *up = lua_getupvalue(L, f, i);
    if (!up) break;
    /* closures of one file share the locals they name: one record each */
    lua_pushlightuserdata(L, lua_upvalueid(L, f, i));
    lua_rawget(L, w->ups);
    int known = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (known) {
      lua_pop(L, 1);
      continue;
    }
    lua_pushlightuserdata(L, lua_upvalueid(L, f, i));
    lua_pushboolean(L, 1);
    lua_rawset(L, w->ups);
    char name[64];
    snprintf(name, sizeof name, "%s", up[0] ? up : "?");
    push_work(w, -1, name, line);       /* fn, value, 0, name, line */
    if (w->assigned && up[0]) {
      lua_getfield(L, w->assigned, up);
      int set = lua_toboolean(L, -1);
      lua_pop(L, 1);
      if (!set) {                       /* never assigned: what it holds is walked, not it */
        lua_pop(L, 1);
        continue;
      }
    }
    int v = lua_gettop(L);
    lua_pushvalue(L, f);
    lua_pushvalue(L, v);
    lua_pushinteger(L, 0);
    lua_pushstring(L, name);
    lua_pushinteger(L, line);
    add_record(L, w->rec, &w->nrec, i);
    lua_pop(L, 1);
    w->values++;
  }
}

int ark_state_record(lua_State *L, int key, int roots, const char *chunk, int fn, int skip) {
  int top = lua_gettop(L);
  if (roots < 0) roots = top + roots + 1;
  if (fn < 0) fn = top + fn + 1;
  if (skip < 0) skip = top + skip + 1;
  walk w = { L, 0, 0, 0, 0, 0, 0, 0, 0, chunk, 0, 0 };
  if (fn > 0 && lua_isfunction(L, fn) && push_assigned(L, fn)) w.assigned = lua_gettop(L);
  lua_newtable(L);
  w.ups = lua_gettop(L);
  lua_newtable(L);
  w.work = lua_gettop(L);
  lua_newtable(L);
  w.seen = lua_gettop(L);
  lua_getglobal(L, "SANDBOX");
  lua_getfield(L, -1, "sealed");
  lua_getfield(L, -2, "fixed");
  lua_remove(L, -3);
  w.sealed = lua_gettop(L) - 1;
  w.fixed = lua_gettop(L);
  lua_newtable(L);
  w.rec = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, roots)) {
    if (lua_type(L, -2) == LUA_TSTRING) push_work(&w, -1, lua_tostring(L, -2), 0);
    lua_pop(L, 1);
  }
  while (w.nwork > 0 && w.values <= MAX_VALUES) {
    lua_rawgeti(L, w.work, w.nwork - 2);
    lua_rawgeti(L, w.work, w.nwork - 1);
    lua_rawgeti(L, w.work, w.nwork);
    for (int i = 0; i < 3; i++) {
      lua_pushnil(L);
      lua_rawseti(L, w.work, w.nwork--);
    }
    int v = lua_gettop(L) - 2;
    char name[64];
    snprintf(name, sizeof name, "%s", lua_tostring(L, v + 1));
    int line = (int)lua_tointeger(L, v + 2);
    int t = lua_type(L, v);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION) {
      lua_pushvalue(L, v);
      lua_rawget(L, w.seen);
      int seen = lua_toboolean(L, -1);
      lua_pushvalue(L, v);
      lua_rawget(L, w.sealed);
      int sealed = lua_toboolean(L, -1);
      lua_pop(L, 2);
      if (skip > 0 && !sealed) {
        lua_pushvalue(L, v);
        lua_rawget(L, skip);
        sealed = lua_toboolean(L, -1);
        lua_pop(L, 1);
      }
      if (!seen && !sealed) {
        lua_pushvalue(L, v);
        lua_pushboolean(L, 1);
        lua_rawset(L, w.seen);
        int fixed = 0;
        if (t == LUA_TTABLE && lua_istable(L, w.fixed)) {
          lua_pushvalue(L, v);
          lua_rawget(L, w.fixed);
          fixed = !lua_isnil(L, -1);
          lua_pop(L, 1);
        }
        if (fixed) visit_fixed(&w, v, name, line);
        else if (t == LUA_TTABLE) visit_table(&w, v, name, line);
        else visit_function(&w, v);
      }
    }
    lua_settop(L, w.rec);
  }
  int ok = w.values <= MAX_VALUES;
  if (ok && w.nrec > 0) {
    push_store(L);
    lua_pushinteger(L, key);
    lua_pushvalue(L, w.rec);
    lua_rawset(L, -3);
  }
  lua_settop(L, top);
  return !ok ? -1 : w.nrec > 0;
}

/* Equal values, NaN equal to itself. */
static int same(lua_State *L, int a, int b) {
  if (lua_rawequal(L, a, b)) return 1;
  if (lua_type(L, a) == LUA_TNUMBER && lua_type(L, b) == LUA_TNUMBER) {
    lua_Number x = lua_tonumber(L, a), y = lua_tonumber(L, b);
    return x != x && y != y;
  }
  return 0;
}

/* Has the table (obj) changed from its copy with count fields?  One pass
** over obj: each field must be in the copy with the same value, and obj
** must have as many as the copy (so none went missing). */
static int table_changed(lua_State *L, int obj, int copy, int mt, int count) {
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, obj)) {
    n++;
    lua_pushvalue(L, -2);
    lua_rawget(L, copy);
    int eq = same(L, -1, -2);
    lua_pop(L, 2);
    if (!eq || n > count) {
      lua_pop(L, 1);
      return 1;
    }
  }
  if (n != count) return 1;
  int has = lua_getmetatable(L, obj);
  if (!has) return lua_toboolean(L, mt);
  int eq = lua_rawequal(L, -1, mt);
  lua_pop(L, 1);
  return !eq;
}

static void restore(lua_State *L, int rec, int nrec) {
  for (int r = 0; r < nrec; r++) {
    int base = r * STRIDE, top = lua_gettop(L);
    for (int i = 1; i <= STRIDE; i++) lua_rawgeti(L, rec, base + i);
    int upvalue = lua_tointeger(L, top + 1) > 0, obj = top + 2;
    if (upvalue) {
      lua_pushvalue(L, top + 3);
      lua_setupvalue(L, obj, (int)lua_tointeger(L, top + 1));
    } else {
      lua_newtable(L);                  /* the keys now in it */
      int keys = lua_gettop(L), nk = 0;
      lua_pushnil(L);
      while (lua_next(L, obj)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, ++nk);
      }
      for (int k = 1; k <= nk; k++) {
        lua_rawgeti(L, keys, k);
        lua_pushnil(L);
        lua_rawset(L, obj);
      }
      lua_pushnil(L);
      while (lua_next(L, top + 3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, obj);
      }
      if (lua_toboolean(L, top + 4)) lua_pushvalue(L, top + 4);
      else lua_pushnil(L);
      lua_setmetatable(L, obj);
    }
    lua_settop(L, top);
  }
}

void ark_state_push_store(lua_State *L) { push_store(L); }

int ark_state_check(lua_State *L, int store, int key, char *name, size_t n, int *line) {
  int top = lua_gettop(L), changed = 0;
  lua_rawgeti(L, store, key);
  if (!lua_istable(L, -1)) {
    lua_settop(L, top);
    return 0;
  }
  int rec = lua_gettop(L);
  int nrec = ark_rawlen(L, rec) / STRIDE;
  for (int r = 0; r < nrec && !changed; r++) {
    int base = r * STRIDE, at = lua_gettop(L);
    /* only the slots the comparison needs */
    for (int i = 1; i <= 3; i++) lua_rawgeti(L, rec, base + i);
    lua_Integer code = lua_tointeger(L, at + 1);
    if (code > 0) {
      lua_getupvalue(L, at + 2, (int)code);
      changed = !same(L, -1, at + 3);
    } else {
      lua_rawgeti(L, rec, base + 4);
      changed = table_changed(L, at + 2, at + 3, at + 4, (int)(-1 - code));
    }
    if (changed) {
      lua_settop(L, at);
      for (int i = 1; i <= STRIDE; i++) lua_rawgeti(L, rec, base + i);
      const char *s = lua_tostring(L, at + 5);
      snprintf(name, n, "%s%s%s", code > 0 ? "upvalue '" : "", s ? s : "?",
               code > 0 ? "'" : "");
      *line = (int)lua_tointeger(L, at + 6);
    }
    lua_settop(L, at);
  }
  if (changed) restore(L, rec, nrec);
  lua_settop(L, top);
  return changed;
}
