/*
** strlib.c - the string functions scripts may call that can run long
** inside C, rewritten so the watchdog can stop them (ark_strlib_open).
**
** Why: the watchdog stops a script from a Lua count hook, and no hook
** fires while a C function runs.  Lua's own pattern matcher backtracks
** without limit, so string.find(string.rep("a", 40), string.rep("a*", 40)
** .. "b") runs for hours inside one C call; string.rep("", 2^53) loops as
** long.  The functions here do the same work as Lua 5.4's but count their
** steps and every few thousand ask the watchdog (ark_wd_tick) whether the
** resume is over its time or memory limit; if it is, they raise the same
** error the hook would.  They replace the entries of the global `string`
** table, so method calls (s:find(...)) and the rules use them too, and they
** behave the same under Lua 5.4 and LuaJIT (which had its own matcher).
**
** Also here: tostring and string.format without addresses.  "table:
** 0x55d4..." differs between two runs of the same game, so a script (or an
** error message) that prints it would make the log differ: a table,
** function, userdata or thread without __tostring prints as its type name,
** and format refuses %p.
**
** Pattern semantics are Lua 5.4's (captures, position captures, %b, %f,
** back references, anchors; gmatch and gsub do not match an empty string
** right where the previous match ended).
**
** Left as they are: table.concat, string.format and the .. operator take
** the time of copying their result, which the memory cap bounds (the
** allocator refuses past it); a gsub replacement function or a sort
** comparator is Lua, which the hook stops.  table.sort, pairs and next are
** replaced for scripts in sandbox.c; table.move is not given to them.
*/
#include <ctype.h>
#include <string.h>
#include "luacompat.h"
#include "strlib.h"
#include "watchdog.h"

#define PM_ESC '%'
#define PM_MAXCAP 32
#define PM_MAXDEPTH 200         /* nested pattern items */
#define PM_TICK 0xfff           /* ask the watchdog every 4096 steps */
#define CAP_OPEN (-1)           /* a capture still being matched */
#define CAP_POS (-2)            /* a position capture () */

typedef struct pm {
  lua_State *L;
  const char *s0, *s_end;       /* the subject */
  const char *p_end;            /* end of the pattern */
  int depth;                    /* nesting left */
  unsigned steps;
  int ncap;
  struct { const char *at; ptrdiff_t len; } cap[PM_MAXCAP];
} pm;

static void pm_step(pm *m) {
  if ((++m->steps & PM_TICK) == 0) ark_wd_tick(m->L);
}


#define CAP_KEY "ark.strlib.cap"

void ark_strlib_set_cap(lua_State *L, size_t cap) {
  lua_pushinteger(L, (lua_Integer)cap);
  lua_setfield(L, LUA_REGISTRYINDEX, CAP_KEY);
}

size_t ark_strlib_max_bytes(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, CAP_KEY);
  size_t cap = (size_t)lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (!cap) return (size_t)-1;
  size_t used = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024;
  return used < cap ? cap - used : 0;
}

/* ---- one character against a class ---- */

static int class_has(int c, int cl) {
  int r;
  switch (tolower(cl)) {
  case 'a': r = isalpha(c); break;
  case 'c': r = iscntrl(c); break;
  case 'd': r = isdigit(c); break;
  case 'g': r = isgraph(c); break;
  case 'l': r = islower(c); break;
  case 'p': r = ispunct(c); break;
  case 's': r = isspace(c); break;
  case 'u': r = isupper(c); break;
  case 'w': r = isalnum(c); break;
  case 'x': r = isxdigit(c); break;
  default: return cl == c;     /* %. %% %( ...: the character itself */
  }
  r = r != 0;
  return isupper(cl) ? !r : r;
}

/* Does c belong to the set [ ... ] that starts at p and whose ']' is at
** close? */
static int set_has(int c, const char *p, const char *close) {
  int negate = 0;
  p++;                          /* the '[' */
  if (*p == '^') {
    negate = 1;
    p++;
  }
  while (p < close) {
    if (*p == PM_ESC && p + 1 < close) {
      if (class_has(c, (unsigned char)p[1])) return !negate;
      p += 2;
    } else if (p + 2 < close && p[1] == '-') {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return !negate;
      p += 3;
    } else {
      if ((unsigned char)*p == c) return !negate;
      p++;
    }
  }
  return negate;
}

/* The end of the single-character item starting at p. */
static const char *item_end(pm *m, const char *p) {
  if (*p == PM_ESC) {
    if (p + 1 >= m->p_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 2;
  }
  if (*p == '[') {
    const char *q = p + 1;
    if (q < m->p_end && *q == '^') q++;
    /* the first character of a set may be ']' itself */
    do {
      if (q >= m->p_end) luaL_error(m->L, "malformed pattern (missing ']')");
      if (*q == PM_ESC) q++;
      q++;
    } while (q >= m->p_end || *q != ']');
    return q + 1;
  }
  return p + 1;
}

/* Does the character at s match the item [p, ep)? */
static int item_has(pm *m, const char *s, const char *p, const char *ep) {
  if (s >= m->s_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
  case '.': return 1;
  case PM_ESC: return class_has(c, (unsigned char)p[1]);
  case '[': return set_has(c, p, ep - 1);
  default: return (unsigned char)*p == c;
  }
}

/* ---- the matcher ---- */

static const char *pm_match(pm *m, const char *s, const char *p);

/* Longest run of the item first, then shorter ones. */
static const char *greedy(pm *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t n = 0;
  while (item_has(m, s + n, p, ep)) {
    n++;
    pm_step(m);
  }
  for (; n >= 0; n--) {
    const char *r = pm_match(m, s + n, ep + 1);
    if (r) return r;
    pm_step(m);
  }
  return NULL;
}

/* Shortest run of the item first, then longer ones. */
static const char *lazy(pm *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *r = pm_match(m, s, ep + 1);
    if (r) return r;
    if (!item_has(m, s, p, ep)) return NULL;
    s++;
    pm_step(m);
  }
}

static const char *open_capture(pm *m, const char *s, const char *p, ptrdiff_t what) {
  if (m->ncap >= PM_MAXCAP) luaL_error(m->L, "too many captures");
  m->cap[m->ncap].at = s;
  m->cap[m->ncap].len = what;
  m->ncap++;
  const char *r = pm_match(m, s, p);
  if (!r) m->ncap--;
  return r;
}

static const char *close_capture(pm *m, const char *s, const char *p) {
  int k = m->ncap - 1;
  while (k >= 0 && m->cap[k].len != CAP_OPEN) k--;
  if (k < 0) luaL_error(m->L, "invalid pattern capture");
  m->cap[k].len = s - m->cap[k].at;
  const char *r = pm_match(m, s, p);
  if (!r) m->cap[k].len = CAP_OPEN;
  return r;
}

/* %bxy at p (pointing at x): a balanced run from s. */
static const char *balanced(pm *m, const char *s, const char *p) {
  if (p + 1 >= m->p_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->s_end || *s != p[0]) return NULL;
  int open = 1;
  while (++s < m->s_end) {
    pm_step(m);
    if (*s == p[1]) {
      if (--open == 0) return s + 1;
    } else if (*s == p[0]) {
      open++;
    }
  }
  return NULL;
}

/* %1..%9: the text of an earlier capture again. */
static const char *back_reference(pm *m, const char *s, int digit) {
  int k = digit - '1';
  if (k < 0 || k >= m->ncap || m->cap[k].len == CAP_OPEN)
    luaL_error(m->L, "invalid capture index %%%d", k + 1);
  ptrdiff_t len = m->cap[k].len;
  if (len < 0) return NULL;     /* a position capture has no text */
  if (m->s_end - s >= len && memcmp(m->cap[k].at, s, (size_t)len) == 0) return s + len;
  return NULL;
}

/* Matches pattern p at subject position s: the end of the match or NULL. */
static const char *pm_match(pm *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  pm_step(m);
  while (s && p < m->p_end) {
    if (*p == '(') {
      if (p + 1 < m->p_end && p[1] == ')') s = open_capture(m, s, p + 2, CAP_POS);
      else s = open_capture(m, s, p + 1, CAP_OPEN);
      break;
    }
    if (*p == ')') {
      s = close_capture(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->p_end) {
      if (s != m->s_end) s = NULL;
      break;
    }
    if (*p == PM_ESC && p + 1 < m->p_end && p[1] == 'b') {
      s = balanced(m, s, p + 2);
      p += 4;
      continue;
    }
    if (*p == PM_ESC && p + 1 < m->p_end && p[1] == 'f') {
      p += 2;
      if (p >= m->p_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
      const char *ep = item_end(m, p);
      int before = s == m->s0 ? 0 : (unsigned char)s[-1];
      int here = s < m->s_end ? (unsigned char)*s : 0;
      if (set_has(before, p, ep - 1) || !set_has(here, p, ep - 1)) s = NULL;
      p = ep;
      continue;
    }
    if (*p == PM_ESC && p + 1 < m->p_end && isdigit((unsigned char)p[1])) {
      s = back_reference(m, s, (unsigned char)p[1]);
      p += 2;
      continue;
    }
    const char *ep = item_end(m, p);
    char q = ep < m->p_end ? *ep : '\0';
    if (q == '*') { s = greedy(m, s, p, ep); break; }
    if (q == '+') { s = item_has(m, s, p, ep) ? greedy(m, s + 1, p, ep) : NULL; break; }
    if (q == '-') { s = lazy(m, s, p, ep); break; }
    if (q == '?') {
      if (item_has(m, s, p, ep)) {
        const char *r = pm_match(m, s + 1, ep + 1);
        if (r) { s = r; break; }
      }
      p = ep + 1;
      continue;
    }
    if (!item_has(m, s, p, ep)) s = NULL;
    else s++;
    p = ep;
  }
  m->depth++;
  return s;
}

static void pm_init(pm *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->s0 = s;
  m->s_end = s + ls;
  m->p_end = p + lp;
  m->steps = 0;
}

static void pm_reset(pm *m) {
  m->ncap = 0;
  m->depth = PM_MAXDEPTH;
}

/* Pushes capture k (the whole match [s, e) when there is none). */
static void push_capture(pm *m, int k, const char *s, const char *e) {
  if (k >= m->ncap) {
    if (k != 0) luaL_error(m->L, "invalid capture index %%%d", k + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  if (m->cap[k].len == CAP_OPEN) luaL_error(m->L, "unfinished capture");
  if (m->cap[k].len == CAP_POS) lua_pushinteger(m->L, (lua_Integer)(m->cap[k].at - m->s0) + 1);
  else lua_pushlstring(m->L, m->cap[k].at, (size_t)m->cap[k].len);
}

/* Pushes every capture (or the whole match if whole and there is none). */
static int push_captures(pm *m, const char *s, const char *e, int whole) {
  int n = m->ncap == 0 && whole ? 1 : m->ncap;
  luaL_checkstack(m->L, n, "too many captures");
  for (int k = 0; k < n; k++) push_capture(m, k, s, e);
  return n;
}

/* ---- find, match, gmatch, gsub ---- */

/* A 1-based start position from a possibly negative init. */
static size_t start_of(lua_Integer init, size_t len) {
  if (init > 0) return (size_t)init;
  if (init == 0) return 1;
  if ((size_t)-init > len) return 1;
  return len - (size_t)-init + 1;
}

static int has_specials(const char *p, size_t lp) {
  for (size_t i = 0; i < lp; i++)
    if (strchr("^$*+?.([%-", p[i]) && p[i]) return 1;
  return 0;
}

/* Plain search of [p, p+lp) in [s, s+ls); counts its work for the watchdog. */
static const char *plain_find(pm *m, const char *s, size_t ls, const char *p, size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  const char *last = s + (ls - lp);
  for (const char *at = s; at <= last; at++) {
    m->steps += (unsigned)(lp / 64);
    pm_step(m);
    if (*at == *p && memcmp(at, p, lp) == 0) return at;
  }
  return NULL;
}

static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_of(luaL_optinteger(L, 3, 1), ls);
  pm m;
  if (init > ls + 1) {
    lua_pushnil(L);
    return 1;
  }
  pm_init(&m, L, s, ls, p, lp);
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    const char *at = plain_find(&m, s + init - 1, ls - (init - 1), p, lp);
    if (!at) {
      lua_pushnil(L);
      return 1;
    }
    lua_pushinteger(L, (lua_Integer)(at - s) + 1);
    lua_pushinteger(L, (lua_Integer)(at - s) + (lua_Integer)lp);
    return 2;
  }
  int anchored = lp > 0 && *p == '^';
  const char *pat = anchored ? p + 1 : p;
  const char *from = s + init - 1;
  for (;;) {
    pm_reset(&m);
    const char *e = pm_match(&m, from, pat);
    if (e) {
      if (!find) return push_captures(&m, from, e, 1);
      lua_pushinteger(L, (lua_Integer)(from - s) + 1);
      lua_pushinteger(L, (lua_Integer)(e - s));
      return push_captures(&m, NULL, NULL, 0) + 2;
    }
    if (anchored || from >= m.s_end) break;
    from++;
  }
  lua_pushnil(L);
  return 1;
}

static int s_find(lua_State *L) { return find_or_match(L, 1); }
static int s_match(lua_State *L) { return find_or_match(L, 0); }

/* The iterator of gmatch; upvalues: subject, pattern, next position (0-based),
** end of the previous match (0-based, -1 for none). */
static int gmatch_next(lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  lua_Integer pos = lua_tointeger(L, lua_upvalueindex(3));
  lua_Integer last = lua_tointeger(L, lua_upvalueindex(4));
  pm m;
  pm_init(&m, L, s, ls, p, lp);
  for (const char *from = s + pos; from <= m.s_end; from++) {
    pm_reset(&m);
    const char *e = pm_match(&m, from, p);
    if (e && e - s != last) {
      lua_pushinteger(L, (lua_Integer)(e - s));
      lua_replace(L, lua_upvalueindex(3));
      lua_pushinteger(L, (lua_Integer)(e - s));
      lua_replace(L, lua_upvalueindex(4));
      return push_captures(&m, from, e, 1);
    }
  }
  lua_pushinteger(L, (lua_Integer)ls + 1);   /* done: stay done */
  lua_replace(L, lua_upvalueindex(3));
  return 0;
}

static int s_gmatch(lua_State *L) {
  size_t ls;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  size_t init = start_of(luaL_optinteger(L, 3, 1), ls);
  if (init > ls + 1) init = ls + 1;
  lua_settop(L, 2);
  lua_pushinteger(L, (lua_Integer)init - 1);
  lua_pushinteger(L, -1);
  lua_pushcclosure(L, gmatch_next, 4);
  return 1;
}

/* Appends the replacement of the match [s, e) to b. */
static void add_replacement(pm *m, luaL_Buffer *b, const char *s, const char *e, int repl) {
  lua_State *L = m->L;
  int t = lua_type(L, repl);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) {
    size_t lr;
    const char *r = lua_tolstring(L, repl, &lr);
    for (size_t i = 0; i < lr; i++) {
      if (r[i] != PM_ESC) {
        luaL_addchar(b, r[i]);
        continue;
      }
      i++;
      if (i < lr && r[i] == PM_ESC) {
        luaL_addchar(b, PM_ESC);
      } else if (i < lr && isdigit((unsigned char)r[i])) {
        if (r[i] == '0') lua_pushlstring(L, s, (size_t)(e - s));
        else push_capture(m, r[i] - '1', s, e);
        luaL_addvalue(b);         /* a position capture is a number */
      } else {
        luaL_error(L, "invalid use of '%c' in replacement string", PM_ESC);
      }
      pm_step(m);
    }
    return;
  }
  if (t == LUA_TFUNCTION) {
    lua_pushvalue(L, repl);
    int n = push_captures(m, s, e, 1);
    lua_call(L, n, 1);
  } else {
    push_capture(m, 0, s, e);
    lua_gettable(L, repl);
  }
  if (!lua_toboolean(L, -1)) {           /* nil or false: keep the match */
    lua_pop(L, 1);
    lua_pushlstring(L, s, (size_t)(e - s));
  } else if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  luaL_addvalue(b);
}

static int s_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int t = lua_type(L, 3);
  luaL_argcheck(L, t == LUA_TNUMBER || t == LUA_TSTRING || t == LUA_TTABLE || t == LUA_TFUNCTION,
                3, "string/function/table expected");
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  int anchored = lp > 0 && *p == '^';
  const char *pat = anchored ? p + 1 : p;
  const char *from = s, *last = NULL;
  lua_Integer n = 0;
  pm m;
  luaL_Buffer b;
  lua_settop(L, 3);
  pm_init(&m, L, s, ls, p, lp);
  luaL_buffinit(L, &b);
  while (n < most) {
    pm_reset(&m);
    const char *e = pm_match(&m, from, pat);
    if (e && e != last) {
      n++;
      add_replacement(&m, &b, from, e, 3);
      from = last = e;
    } else if (from < m.s_end) {
      luaL_addchar(&b, *from++);
      pm_step(&m);
    } else {
      break;
    }
    if (anchored) break;
  }
  luaL_addlstring(&b, from, (size_t)(m.s_end - from));
  luaL_pushresult(&b);
  lua_pushinteger(L, n);
  return 2;
}

/* ---- rep, tostring, format ---- */

/* string.rep(s, n [, sep]); an empty result is returned at once (Lua's own
** loops n times copying nothing), a result over the memory cap is refused
** before any copy. */
static int s_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || (l == 0 && lsep == 0) || (n == 1 && l == 0)) {
    lua_pushliteral(L, "");
    return 1;
  }
  double total = (double)n * (double)l + (double)(n - 1) * (double)lsep;
  if (total > (double)ark_strlib_max_bytes(L))
    return luaL_error(L, "string.rep: a result of %f bytes is over the scripts' memory cap",
                      (lua_Number)total);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (lua_Integer i = 0; i < n; i++) {
    if (i > 0 && lsep) luaL_addlstring(&b, sep, lsep);
    luaL_addlstring(&b, s, l);
    if ((i & 0x3ff) == 0) ark_wd_tick(L);
  }
  luaL_pushresult(&b);
  return 1;
}

/* tostring(v): as Lua's, but without addresses. */
static int s_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  ark_tostring(L, 1);
  return 1;
}

void ark_tostring(lua_State *L, int idx) {
  if (idx < 0) idx = lua_gettop(L) + idx + 1;
  if (luaL_getmetafield(L, idx, "__tostring")) {
    lua_pushvalue(L, idx);
    lua_call(L, 1, 1);
    if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
    lua_tostring(L, -1);
    return;
  }
  switch (lua_type(L, idx)) {
  case LUA_TNIL: lua_pushliteral(L, "nil"); break;
  case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); break;
  case LUA_TNUMBER:
  case LUA_TSTRING:
    lua_pushvalue(L, idx);
    lua_tostring(L, -1);        /* converts a number in place */
    break;
  default: lua_pushstring(L, luaL_typename(L, idx)); break;
  }
}

/* string.format: %p is refused and a non-string argument of %s goes
** through ark_tostring; the formatting itself is Lua's (upvalue 1). */
static int s_format(lua_State *L) {
  size_t lf;
  const char *f = luaL_checklstring(L, 1, &lf);
  int top = lua_gettop(L), arg = 1;
  for (size_t i = 0; i < lf; i++) {
    if (f[i] != '%') continue;
    if (++i < lf && f[i] == '%') continue;
    while (i < lf && strchr("-+ #0123456789.", f[i])) i++;
    if (i >= lf) break;
    arg++;
    if (f[i] == 'p')
      return luaL_error(L, "string.format: '%%p' is refused (addresses differ between runs)");
    if (f[i] == 's' && arg <= top && lua_type(L, arg) != LUA_TSTRING &&
        lua_type(L, arg) != LUA_TNUMBER) {
      ark_tostring(L, arg);
      lua_replace(L, arg);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, top, 1);
  return 1;
}

void ark_strlib_open(lua_State *L) {
  static const luaL_Reg fns[] = {
    {"find", s_find}, {"match", s_match}, {"gmatch", s_gmatch}, {"gsub", s_gsub},
    {"rep", s_rep}, {NULL, NULL}
  };
  lua_getglobal(L, "string");
  for (int i = 0; fns[i].name; i++) {
    lua_pushcfunction(L, fns[i].func);
    lua_setfield(L, -2, fns[i].name);
  }
  lua_getfield(L, -1, "format");
  lua_pushcclosure(L, s_format, 1);
  lua_setfield(L, -2, "format");
  /* not in the common subset of Lua 5.4 and LuaJIT, and nothing needs them */
  static const char *const drop[] = { "pack", "unpack", "packsize", "dump", NULL };
  for (int i = 0; drop[i]; i++) {
    lua_pushnil(L);
    lua_setfield(L, -2, drop[i]);
  }
  lua_pop(L, 1);
  lua_pushcfunction(L, s_tostring);
  lua_setglobal(L, "tostring");
}
