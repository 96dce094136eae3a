/*
** lua_bridge.c - the Lua state of a content and the coroutine of each step.
**
** Layout of the Lua state:
**   _G          the rules environment: safe base/string/table/math, the
**               `ark` primitives (lua_api.c), the embedded games/arknova/rules
**   CARDS[id]   a read-only description of every card (built here)
**   ACTION_SCRIPTS[name]  the table returned by cards/actions/<name>.lua
**   SCRIPTS[id] the handlers of a card's own script, each behind a wrapper
**               (install_script in games/arknova/rules/api.lua); MAP_SCRIPTS[m] alike
**   ENGINE, SANDBOX  rules-only helpers (here, sandbox.c)
** Each card script runs in an environment of its own whose reads fall back
** to an allow-list, so one card cannot overwrite another card's functions.
**
** Containing a script: every chunk runs under the watchdog, loading
** included.  A failing handler is found on the stack (its wrapper, or a
** frame of its file) and stopped: the step is undone and played again with
** that script switched off, and the log names the script's file and line.
** Messages about time and memory name the line where the handler is
** defined, not where the watchdog happened to interrupt it, so the same
** game logs the same text on every run (its replay checks the log hash).
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua_bridge.h"
#include "lua_api.h"
#include "luacompat.h"
#include "places.h"
#include "sandbox.h"
#include "script_state.h"
#include "strlib.h"
#include "track.h"
#include "watchdog.h"
#ifdef ARK_LUAJIT
#include <luajit.h>
#endif

extern const struct { const char *name; const char *text; size_t size; } ark_embedded[];

static const char *const action_names[ARK_N_ACTIONS] = {
  "animals", "build", "cards", "association", "sponsors"
};

/* Reads a whole file; NULL if it cannot be read. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0) break;
    if (n == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) { free(buf); buf = NULL; }
      else buf = nb;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* A file's name as messages show it: relative to the data folder when it
** lies inside it ("cards/animals/401-cheetah.lua"), else as given. */
static const char *shown_name(const ark_content *c, const char *path) {
  size_t n = c->data_dir ? strlen(c->data_dir) : 0;
  if (n && !strncmp(path, c->data_dir, n) && path[n] == '/') return path + n + 1;
  return path;
}

/* Loads text (never bytecode) as a chunk named after its file, so errors
** read "cards/actions/build.lua:12: message".  A UTF-8 byte-order mark,
** which some editors write, is skipped (Lua would read it as a syntax
** error at line 1). */
static int load_chunk(ark_content *c, const char *name, const char *text,
                      size_t len) {
  char chunk[1500];
  if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
    text += 3;
    len -= 3;
  }
  snprintf(chunk, sizeof chunk, "@%s", shown_name(c, name));
  if (luaL_loadbufferx(c->L, text, len, chunk, "t") != ARK_LUA_OK) {
    ark_content_error(c, NULL, 0, "%s", lua_tostring(c->L, -1));
    lua_pop(c->L, 1);
    return -1;
  }
  return 0;
}

static int load_msgh(lua_State *L);
static size_t position_len(const char *msg);

/* After an error the engine caught: no modifier runs any more.  A modifier
** that failed left MODIFYING set (api.lua), which would refuse the next
** step's questions. */
static void modifier_ended(lua_State *L) {
  lua_pushboolean(L, 0);
  lua_setglobal(L, "MODIFYING");
}

/* Runs the function below the top n arguments under the watchdog, with
** load_msgh turning an error into a "file:line: message" text; leaves 1
** result, or reports the error and leaves nothing.  file: the script being
** loaded, for a memory error (Lua calls no message handler for those) and
** for an error whose text names no place (a helper the script tail-called,
** `return icon_keyword(...)`, left no frame of the script), put at line. */
static int call_guarded_at(ark_content *c, int nargs, const char *file, int line) {
  lua_State *L = c->L;
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, load_msgh);
  lua_insert(L, base);
  int slot = ark_wd_enter(L, c->script_budget, c->lua_mem_limit);
  int st = lua_pcall(L, nargs, 1, base);
  ark_wd_leave(slot, L);
  lua_remove(L, base);
  if (st == LUA_ERRMEM && file)
    ark_content_error(c, file, 0, "script stopped: it ran out of memory while loading (the "
                      "scripts may use %d MiB)", (int)(c->lua_mem_limit >> 20));
  else if (st != ARK_LUA_OK) {
    const char *msg = lua_isstring(L, -1) ? lua_tostring(L, -1) : "?";
    int placed = position_len(msg) > 0 || !file;
    ark_content_error(c, placed ? NULL : file, line, "%s", msg);
  }
  if (st != ARK_LUA_OK) {
    lua_pop(L, 1);
    modifier_ended(L);
    /* what a failed script allocated is garbage now; LuaJIT collects only
    ** when told, and the next script must not find the memory full */
    lua_gc(L, LUA_GCCOLLECT, 0);
    return -1;
  }
  return 0;
}

static int call_guarded_in(ark_content *c, int nargs, const char *file) {
  return call_guarded_at(c, nargs, file, 0);
}

static int call_guarded(ark_content *c, int nargs) { return call_guarded_in(c, nargs, NULL); }

/* Runs the chunk on the stack top with no arguments; leaves 1 result. */
static int run_chunk(ark_content *c) { return call_guarded(c, 0); }

static void open_safe_libs(lua_State *L) {
  ark_sandbox_libs(L);
  ark_sandbox_open(L);
}

static void set_int(lua_State *L, const char *k, int v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

static void set_str(lua_State *L, const char *k, const char *v) {
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

static void push_icon_table(lua_State *L, const uint8_t *counts) {
  lua_newtable(L);
  for (int i = 0; i < ARK_ICON_N; i++) {
    if (!counts[i]) continue;
    lua_pushinteger(L, counts[i]);
    lua_setfield(L, -2, ark_icon_name(i));
  }
}

static void push_int_list(lua_State *L, const int8_t *v, int n) {
  lua_newtable(L);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, v[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* CARDS[id] = { id=, number=, name=, type=, cost=, icons={...}, ... } */
static void push_card(lua_State *L, const ark_card_def *d, int id) {
  static const char *const types[] = { "animal", "sponsor", "project", "scoring" };
  static const char *const kinds[] = { "icon", "release", "breeding" };
  lua_newtable(L);
  set_int(L, "id", id);
  set_int(L, "number", d->number);
  set_str(L, "name", d->name);
  set_str(L, "type", types[d->type]);
  set_str(L, "path", d->path ? d->path : "");
  set_int(L, "cost", d->cost);
  set_int(L, "size", d->size);
  set_int(L, "water", d->water);
  set_int(L, "rock", d->rock);
  set_int(L, "reptile_house", d->reptile_size);
  set_int(L, "aviary", d->aviary_size);
  set_int(L, "petting_zoo", d->petting_size);
  set_int(L, "appeal", d->appeal);
  set_int(L, "conservation", d->conservation);
  set_int(L, "reputation", d->reputation);
  set_int(L, "level", d->level);
  set_int(L, "min_reputation", d->min_reputation);
  push_icon_table(L, d->icons);
  lua_setfield(L, -2, "icons");
  push_icon_table(L, d->req_icons);
  lua_setfield(L, -2, "requires");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_PARTNER_ZOO) != 0);
  lua_setfield(L, -2, "needs_partner_zoo");
  set_int(L, "partner_zoos_needed", d->req_partner_zoos);
  lua_pushboolean(L, (d->req_flags & ARK_REQ_ANIMALS_II) != 0);
  lua_setfield(L, -2, "needs_animals_ii");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_SPONSORS_II) != 0);
  lua_setfield(L, -2, "needs_sponsors_ii");
  lua_pushboolean(L, (d->req_flags & ARK_REQ_MAX_APPEAL_25) != 0);
  lua_setfield(L, -2, "max_appeal_25");
  lua_newtable(L);
  for (int i = 0; i < d->n_abilities; i++) {
    lua_pushstring(L, d->abilities[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "abilities");
  if (d->building[0]) set_str(L, "building", d->building);
  if (d->type == ARK_CARD_PROJECT) {
    set_str(L, "kind", kinds[d->proj_kind]);
    if (d->proj_count >= 100) {
      static const char *const special[] = { "categories", "continents",
                                             "small-animals", "large-animals" };
      set_str(L, "counts", special[d->proj_count - 100]);
    } else if (d->proj_count >= 0) {
      set_str(L, "counts", ark_icon_name(d->proj_count));
    }
    lua_pushboolean(L, d->base);
    lua_setfield(L, -2, "base");
    set_int(L, "bonus_reputation", d->bonus_reputation);
  }
  set_int(L, "levels", d->n_levels);
  push_int_list(L, d->thresholds, d->n_levels);
  lua_setfield(L, -2, "thresholds");
  push_int_list(L, d->rewards, d->n_levels);
  lua_setfield(L, -2, "rewards");
  push_int_list(L, d->rep_rewards, d->n_levels);
  lua_setfield(L, -2, "reputation_rewards");
}

static void build_card_table(ark_content *c) {
  lua_State *L = c->L;
  lua_newtable(L);
  for (int id = 0; id < c->ncards; id++) {
    push_card(L, &c->cards[id], id);
    lua_rawseti(L, -2, id);
  }
  lua_setglobal(L, "CARDS");
  lua_newtable(L);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    lua_pushstring(L, action_names[a]);
    lua_rawseti(L, -2, a + 1);
  }
  lua_setglobal(L, "ACTIONS");
}

static int load_embedded_rules(ark_content *c) {
  for (int i = 0; ark_embedded[i].name; i++) {
    if (load_chunk(c, ark_embedded[i].name, ark_embedded[i].text,
                   ark_embedded[i].size) != 0 || run_chunk(c) != 0)
      return -1;
    lua_pop(c->L, 1);
  }
  return 0;
}

/* ---- finding the script at fault ---- */

/* Is script file `path` (NULL: none) the chunk named src (len long)?  A
** name in a message may be the shortened "...end" of it: LuaJIT keeps only
** the last 60 characters of a long chunk name there (a fan map's script in
** a deep folder), and an error that reaches the engine as a message alone
** is told to its script by that name. */
static int script_named(const ark_content *c, const char *path, const char *src, size_t len) {
  const char *sc = path ? shown_name(c, path) : NULL;
  if (!sc) return 0;
  size_t sl = strlen(sc);
  if (len > 3 && !strncmp(src, "...", 3))
    return len - 3 <= sl && !strncmp(sc + sl - (len - 3), src + 3, len - 3);
  return sl == len && !strncmp(sc, src, len);
}

/* The card (return >= 0) or map (-2 - map index) whose script chunk is
** named src; -1 for none (the rules, a plugin). */
static int script_of_source(const ark_content *c, const char *src, size_t len) {
  if (len > 0 && src[0] == '@') { src++; len--; }
  for (int id = 0; id < c->ncards; id++)
    if (script_named(c, c->cards[id].script, src, len)) return id;
  for (int m = 0; m < c->nmaps; m++)
    if (script_named(c, c->maps[m].script, src, len)) return -2 - m;
  return -1;
}

/* Plugin i's key among the recorded states and as a culprit ("who"),
** below every card's and map's. */
#define PLUGIN_WHO(i) (-1000 - (i))
#define PLUGIN_OF(who) ((who) <= -1000 ? -1000 - (who) : -1)

/* The file of a card's or map's script as messages show it. */
static const char *script_file(const ark_content *c, int who) {
  const char *path = who >= 0 ? c->cards[who].script : c->maps[-2 - who].script;
  return path ? shown_name(c, path) : "?";
}

/* The text of an error object.  Anything but a string or number is
** described, never converted: its __tostring could loop or fail. */
static const char *error_text(lua_State *L, int idx, char *buf, size_t n) {
  int t = lua_type(L, idx);
  if (t == LUA_TSTRING) return lua_tostring(L, idx);
  if (t == LUA_TNUMBER) {
    snprintf(buf, n, "%.14g", (double)lua_tonumber(L, idx));
  } else if (t == LUA_TNIL || t == LUA_TNONE) {
    snprintf(buf, n, "error raised without a message");
  } else {
    snprintf(buf, n, "error raised with a %s instead of a message", lua_typename(L, t));
  }
  return buf;
}

/* Length of a leading "chunk:line: " in msg, or 0.  The chunk is a file
** ("....lua") or Lua's "[string ...]" / "[C]". */
static size_t position_len(const char *msg) {
  for (const char *p = strchr(msg, ':'); p && p - msg < 1000; p = strchr(p + 1, ':')) {
    const char *q = p + 1;
    while (*q >= '0' && *q <= '9') q++;
    int chunk = (p - msg >= 4 && !strncmp(p - 4, ".lua", 4)) || (p > msg && p[-1] == ']');
    if (q > p + 1 && *q == ':' && chunk) return (size_t)(q + 1 - msg) + (q[1] == ' ');
  }
  return 0;
}

/* The card or map script whose file an error message starts with ("file:
** line: ..."), as script_of_source names it; -1 for none. */
static int script_of_message(const ark_content *c, const char *text) {
  const char *colon = position_len(text) ? strchr(text, ':') : NULL;
  return colon ? script_of_source(c, text, (size_t)(colon - text)) : -1;
}

/* The line in msg's leading "chunk:line: " when the chunk is file or a
** shortened "...end" of it (Lua shortens long chunk names in messages, and
** a fan script outside the game folder is named by its whole path), else
** 0.  That line is where the error happened: a frame's current line can
** be another one (LuaJIT gives a call's first line). */
static int own_line(const char *msg, const char *file) {
  size_t pl = position_len(msg), fl = strlen(file);
  if (!pl) return 0;
  const char *colon = msg + pl - 1;
  while (colon > msg && *colon != ':') colon--;       /* the ':' after the line */
  const char *num = colon;
  while (num > msg && num[-1] >= '0' && num[-1] <= '9') num--;
  if (num == msg || num[-1] != ':') return 0;
  size_t cl = (size_t)(num - 1 - msg);
  int same = cl == fl && !strncmp(msg, file, fl);
  int tail = cl > 3 && !strncmp(msg, "...", 3) && cl - 3 <= fl &&
             !strncmp(msg + 3, file + fl - (cl - 3), cl - 3);
  return same || tail ? atoi(num) : 0;
}

/* Who is at fault for an error on thread th, as far as its stack tells. */
typedef struct culprit {
  int who;               /* card id, -2 - map index, or -1: none */
  int line_now;          /* current line of its innermost frame of its file */
  int line_def;          /* where its handler (or outermost function) is defined */
  int line_last;         /* the handler's last line when known (in the file), else 0 */
  char handler[40];      /* the handler's name, or "" */
} culprit;

/* If the function on L's top is in the rules' table `registry` (a
** handler's wrapper in SCRIPT_WRAPPERS, a script's handler or then_
** function in SCRIPT_HANDLERS, games/arknova/rules/api.lua), its script
** key, line and name, and in *last (if given) the handler's last line in
** the script's file (0: unknown, note_last_lines); pops the function. */
static int registered_in(lua_State *L, const char *registry, int *key, int *line, int *last,
                         char *name, size_t n) {
  lua_getglobal(L, registry);
  if (!lua_istable(L, -1)) {
    lua_pop(L, 2);
    return 0;
  }
  lua_insert(L, -2);
  lua_rawget(L, -2);
  int found = lua_istable(L, -1);
  if (found) {
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    lua_rawgeti(L, -3, 3);
    lua_rawgeti(L, -4, 4);
    *key = (int)lua_tointeger(L, -4);
    *line = (int)lua_tointeger(L, -3);
    snprintf(name, n, "%s", lua_tostring(L, -2) ? lua_tostring(L, -2) : "");
    if (last) *last = (int)lua_tointeger(L, -1);
    lua_pop(L, 4);
  }
  lua_pop(L, 2);
  return found;
}

/* The frames find_culprit looks at on a deeper stack: the innermost
** CULPRIT_INNER and the outermost CULPRIT_OUTER.  A game's stacks are a
** few dozen frames deep; a deeper one is a runaway recursion, whose middle
** repeats the same functions: its innermost frames name the script at
** fault and its line, its outermost the handler the engine called.
** Looking at a level far from the innermost costs the depth (stack_depth),
** hence few of those. */
#define CULPRIT_INNER 200
#define CULPRIT_OUTER 50

/* How many frames th's stack has.  lua_getstack walks from the innermost
** frame to the level it is asked for, so the levels are not counted one by
** one (quadratic: a script that recursed until the stack overflowed, half
** a million frames with Lua 5.4, kept the engine in here for minutes,
** outside any time limit) but found by doubling, then halving. */
static int stack_depth(lua_State *th) {
  lua_Debug ar;
  if (!lua_getstack(th, 0, &ar)) return 0;
  int lo = 0, hi = 1;                    /* level lo exists, level hi may not */
  while (lua_getstack(th, hi, &ar)) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    if (lua_getstack(th, mid, &ar)) lo = mid;
    else hi = mid;
  }
  return lo + 1;
}

/* The level find_culprit looks at after `level`: past the innermost
** CULPRIT_INNER frames of a deeper stack, it goes on with the outermost
** CULPRIT_OUTER (*depth: the stack's depth once counted, else -1). */
static int next_level(lua_State *th, int level, int *depth) {
  if (level + 1 != CULPRIT_INNER) return level + 1;
  if (*depth < 0) *depth = stack_depth(th);
  return *depth - CULPRIT_OUTER > level + 1 ? *depth - CULPRIT_OUTER : level + 1;
}

/* Walks th's stack from the innermost frame: the first frame of a card or
** map script's file, or of a handler's wrapper, names the culprit; its
** frames up to its wrapper give the lines.  L is the main state.  However
** deep the stack, it costs a few dozen walks over it at most (next_level). */
static void find_culprit(const ark_content *c, lua_State *L, lua_State *th, culprit *k) {
  lua_Debug ar;
  memset(k, 0, sizeof *k);
  k->who = -1;
  int outer = 0;                         /* past a wrapper with no frame of its script */
  int depth = -1;
  for (int level = 0; lua_getstack(th, level, &ar); level = next_level(th, level, &depth)) {
    if (!lua_getinfo(th, "Slf", &ar)) continue;
    if (th != L) lua_xmove(th, L, 1);
    int key, line, last;
    char name[40];
    lua_pushvalue(L, -1);
    if (registered_in(L, "SCRIPT_WRAPPERS", &key, &line, &last, name, sizeof name)) {
      lua_pop(L, 1);
      if (outer) continue;
      if (k->who == -1) {
        /* the fault came as the handler was entered (LuaJIT unwinds a
        ** stack overflow to here), or after the handler tail-called a
        ** function of the rules (`return gain(...)`), which left no
        ** frame of it: if its script called what called it (an event
        ** it fired), that call's line */
        outer = 1;
        k->who = key;
        k->line_def = line;
        k->line_last = last;
        snprintf(k->handler, sizeof k->handler, "%s", name);
        continue;
      }
      if (key == k->who) {
        k->line_def = line;
        k->line_last = last;
        snprintf(k->handler, sizeof k->handler, "%s", name);
      }
      break;                              /* outside it: the engine calling */
    }
    int who = ar.source ? script_of_source(c, ar.source, strlen(ar.source)) : -1;
    if (who == -1) {                      /* the rules, the card library */
      lua_pop(L, 1);
      continue;
    }
    if (outer) {
      lua_pop(L, 1);
      if (who == k->who && ar.currentline > 0) k->line_now = ar.currentline;
      break;
    }
    if (k->who == -1) {
      k->who = who;
      k->line_now = ar.currentline > 0 ? ar.currentline : ar.linedefined;
    } else if (who != k->who) {
      lua_pop(L, 1);
      break;                              /* another script called it */
    }
    k->line_def = ar.linedefined > 0 ? ar.linedefined : ar.currentline;
    /* a handler the engine called without its wrapper (as a step's last
    ** call), or a then_ function: the outermost names it */
    if (registered_in(L, "SCRIPT_HANDLERS", &key, &line, &last, name, sizeof name) &&
        key == who) {
      snprintf(k->handler, sizeof k->handler, "%s", name);
      k->line_last = last;
    }
  }
}

/* The plugin whose script's frame is innermost on th's stack, -1 for none,
** with that frame's line in *line: a hook's fault raised in a rules
** function it called names the rules' file, not the plugin's. */
static int plugin_frame(const ark_content *c, lua_State *th, int *line) {
  lua_Debug ar;
  int depth = -1;
  for (int level = 0; lua_getstack(th, level, &ar); level = next_level(th, level, &depth)) {
    if (!lua_getinfo(th, "Sl", &ar) || ar.source[0] != '@' || ar.currentline <= 0) continue;
    for (int i = 0; i < c->nplugins; i++)
      if (c->plugins[i].script &&
          script_named(c, c->plugins[i].script, ar.source + 1, strlen(ar.source + 1))) {
        *line = ar.currentline;
        return i;
      }
  }
  return -1;
}

/* A fault no card or map script is found at: "plugin file:line: text" when
** a plugin's hook is on the stack and the message does not already name
** its file, else the text as it is. */
static void plugin_fault(const ark_content *c, lua_State *th, const char *text, char *out,
                         size_t n) {
  int line = 0, i = plugin_frame(c, th, &line);
  const char *file = i >= 0 ? shown_name(c, c->plugins[i].script) : NULL;
  if (!file || own_line(text, file) > 0)
    snprintf(out, n, "%s", text);
  else
    snprintf(out, n, "%s:%d: %s", file, line, text + position_len(text));
}

static int word_char(char ch);

/* The name a message starts with ("gain_then: unknown track ..." ->
** "gain_then"), or "" (Lua's own "attempt to ..."). */
static void message_name(const char *text, char *out, size_t n) {
  size_t i = 0;
  while (text[i] && (word_char(text[i]) || text[i] == '.') && i + 1 < n) i++;
  if (i == 0 || text[i] != ':' || text[i + 1] != ' ') i = 0;
  memcpy(out, text, i);
  out[i] = '\0';
}

/* The lines first..last of a script's file that end a function with a
** tail call, `return name(...)` (the name may be dotted): the one whose
** name is `helper`, or else the only one.  Such a call leaves no frame of
** the script, so where it went wrong in what it called, this is the line
** the stack cannot give.  0 when there is none, or several alike. */
static int tail_call_line(const char *path, int first, int last, const char *helper) {
  size_t len;
  char *text = path ? read_file(path, &len) : NULL;
  if (!text) return 0;
  int line = 1, any = 0, nany = 0, named = 0, nnamed = 0;
  for (size_t i = 0; i < len && line <= last; i++) {
    if (text[i] == '\n') {
      line++;
      continue;
    }
    if (line < first) continue;
    if (text[i] == '-' && i + 1 < len && text[i + 1] == '-') {   /* a comment: to its end */
      while (i + 1 < len && text[i + 1] != '\n') i++;
      continue;
    }
    if (len - i < 6 || memcmp(text + i, "return", 6) || (i > 0 && word_char(text[i - 1])) ||
        (i + 6 < len && word_char(text[i + 6])))
      continue;
    size_t j = i + 6;
    while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
    size_t start = j, part = j;
    while (j < len && (word_char(text[j]) || text[j] == '.' || text[j] == ':')) {
      if (text[j] == '.' || text[j] == ':') part = j + 1;
      j++;
    }
    size_t end = j;
    while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
    if (end == start || j >= len || !strchr("(\"'{", text[j])) continue;
    if (any != line) nany++;
    any = line;
    if (helper[0] && end - part == strlen(helper) && !memcmp(text + part, helper, end - part)) {
      if (named != line) nnamed++;
      named = line;
    }
    i = end - 1;
  }
  free(text);
  if (nnamed == 1) return named;
  return nnamed == 0 && nany == 1 ? any : 0;
}

/* The message of a script's fault: "file:line: text".  A stop for time or
** memory names the handler's line (the same on every run); an error the
** line of the script that raised it or called the engine helper that did
** (the helper's own position is dropped). */
/* The handler of script `who` whose lines hold `line` (SCRIPT_HANDLERS:
** {key, first line, name, last line}), the innermost: its first line and
** name into k; 0 when none does. */
static int handler_at(lua_State *L, int who, int line, culprit *k) {
  int best = 0, top = lua_gettop(L);
  lua_getglobal(L, "SCRIPT_HANDLERS");
  if (lua_istable(L, -1)) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_rawgeti(L, -3, 4);
        int key = (int)lua_tointeger(L, -3), first = (int)lua_tointeger(L, -2),
            last = (int)lua_tointeger(L, -1);
        lua_pop(L, 3);
        if (key == who && first <= line && line <= last && first > best) {
          lua_rawgeti(L, -1, 3);
          best = first;
          k->line_def = first;
          snprintf(k->handler, sizeof k->handler, "%s", lua_tostring(L, -1) ? lua_tostring(L, -1)
                                                                             : "");
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
  return best > 0;
}

static void compose(const ark_content *c, const culprit *kc, const char *text, int reason,
                    char *out, size_t n) {
  const char *file = script_file(c, kc->who);
  culprit kk = *kc, *k = &kk;
  /* a stop met outside the script's frames (a modifier the rules asked in a
  ** pure call): the handler whose lines hold the line the message names,
  ** so that the stop names it and its first line, the same on every run */
  if ((reason == ARK_WD_TIME || reason == ARK_WD_MEMORY) && !k->line_def && k->who != -1) {
    int at = own_line(text, file);
    if (at > 0) handler_at(c->L, k->who, at, k);
  }
  const char *what = k->handler[0] ? k->handler : "it";
  if (reason == ARK_WD_TIME) {
    snprintf(out, n, "%s:%d: script stopped: %s ran longer than %d ms", file, k->line_def,
             what, (int)(c->script_budget * 1000 + 0.5));
    return;
  }
  if (reason == ARK_WD_MEMORY) {
    snprintf(out, n, "%s:%d: script stopped: %s ran out of memory (the scripts may use %d MiB)",
             file, k->line_def, what, (int)(c->lua_mem_limit >> 20));
    return;
  }
  int own = own_line(text, file);
  if (own > 0) {
    snprintf(out, n, "%s:%d: %s", file, own, text + position_len(text));
    return;
  }
  int line = k->line_now ? k->line_now : k->line_def;
  if (!k->line_now && k->line_last > 0) {     /* no frame of it: it tail-called */
    char helper[40];
    message_name(text + position_len(text), helper, sizeof helper);
    int tail = tail_call_line(k->who >= 0 ? c->cards[k->who].script : c->maps[-2 - k->who].script,
                              k->line_def, k->line_last, helper);
    if (tail > 0) line = tail;
  }
  snprintf(out, n, "%s:%d: %s", file, line > 0 ? line : 1, text + position_len(text));
}

/* The start of both message handlers: the error's text and the script to
** blame.  0 when no script is to blame: the text is then pushed as it is. */
static int msgh_culprit(lua_State *L, const ark_content **c, culprit *k, const char **text,
                        char *buf, size_t n) {
  lua_getfield(L, LUA_REGISTRYINDEX, "ark.content");
  *c = lua_touserdata(L, -1);
  lua_pop(L, 1);
  *text = error_text(L, 1, buf, n);
  if (*c) find_culprit(*c, L, L, k);
  if (!*c || k->who == -1) {
    lua_pushstring(L, *text);
    return 0;
  }
  return 1;
}

/* Message handler of guarded calls while loading: rewrites the error into
** the culprit's "file:line: text" while its frames still exist; a script
** stopped while loading is named at the line it was running. */
static int load_msgh(lua_State *L) {
  char buf[200], out[ARK_ERRMSG];
  const char *text;
  const ark_content *c;
  culprit k;
  if (!msgh_culprit(L, &c, &k, &text, buf, sizeof buf)) return 1;
  int reason = ark_wd_reason(L);
  if (reason == ARK_WD_TIME)
    snprintf(out, sizeof out, "%s:%d: script stopped: it ran longer than %d ms while loading",
             script_file(c, k.who), k.line_now, (int)(c->script_budget * 1000 + 0.5));
  else if (reason == ARK_WD_MEMORY)
    snprintf(out, sizeof out, "%s:%d: script stopped: it ran out of memory while loading "
             "(the scripts may use %d MiB)", script_file(c, k.who), k.line_now,
             (int)(c->lua_mem_limit >> 20));
  else
    compose(c, &k, text, reason, out, sizeof out);
  lua_pushstring(L, out);
  return 1;
}

int ark_lua_msgh(lua_State *L) {
  char buf[200], out[ARK_ERRMSG];
  const char *text;
  const ark_content *c;
  culprit k;
  if (!msgh_culprit(L, &c, &k, &text, buf, sizeof buf)) return 1;
  compose(c, &k, text, ark_wd_reason(L), out, sizeof out);
  lua_pushstring(L, out);
  return 1;
}

/* ---- loading scripts ---- */

static int is_known_handler(lua_State *L, const char *name) {
  if (name[0] == '_' || !strncmp(name, "then_", 5)) return 1;   /* a continuation */
  lua_getglobal(L, "KNOWN_HANDLER_SET");
  lua_getfield(L, -1, name);
  int known = !lua_isnil(L, -1);
  lua_pop(L, 2);
  return known;
}

static int word_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
         ch == '_';
}

/* The line of text where `name` is given a value ("name =", "function
** name", "local name ="), else where it first appears; 0 if nowhere. */
static int line_of_name(const char *text, size_t len, const char *name) {
  size_t nl = strlen(name);
  int line = 1, first = 0;
  for (size_t i = 0; i + nl <= len; i++) {
    if (text[i] == '\n') { line++; continue; }
    if (memcmp(text + i, name, nl) || (i > 0 && word_char(text[i - 1])) ||
        (i + nl < len && word_char(text[i + nl])))
      continue;
    if (!first) first = line;
    size_t j = i + nl;
    while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
    if (j < len && text[j] == '=' && (j + 1 >= len || text[j + 1] != '=')) return line;
    if (i >= 9 && !memcmp(text + i - 9, "function ", 9)) return line;
    if (i >= 9 && !memcmp(text + i - 9, "function.", 9)) return line;
  }
  return first;
}

/* The line of the last "return" that starts a line (a script's `return
** card`), 0 if none. */
static int line_of_return(const char *text, size_t len) {
  int line = 1, found = 0;
  for (size_t i = 0; i < len; i++) {
    if ((i == 0 || text[i - 1] == '\n') && len - i >= 6 && !memcmp(text + i, "return", 6) &&
        (len - i == 6 || !word_char(text[i + 6])))
      found = line;
    if (text[i] == '\n') line++;
  }
  return found;
}

/* The first line that holds code (not blank, not only a comment), 1 if
** none: where a script whose handler a helper made (icon_expert) calls
** that helper, as a rule. */
static int first_code_line(const char *text, size_t len) {
  int line = 1;
  size_t i = 0;
  while (i < len) {
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) i++;
    if (i < len && text[i] != '\n' && !(len - i >= 2 && !memcmp(text + i, "--", 2)))
      return line;
    while (i < len && text[i] != '\n') i++;
    i++;
    line++;
  }
  return 1;
}

static int last_line(const char *text, size_t len) {
  int line = 1;
  for (size_t i = 0; i + 1 < len; i++) line += text[i] == '\n';
  return line;
}

/* If name is a card's own handler (CARD_OWN_HANDLERS, api.lua), which
** the rules call for that card alone, so that a plugin's hook of that name
** would never be called: what a plugin hooks instead.  NULL otherwise. */
static const char *card_own_handler(lua_State *L, const char *name, char *out, size_t n) {
  lua_getglobal(L, "CARD_OWN_HANDLERS");
  lua_getfield(L, -1, name);
  const char *instead = lua_tostring(L, -1);
  if (instead) snprintf(out, n, "%s", instead);
  lua_pop(L, 2);
  return instead ? out : NULL;
}

/* Whose script check_handlers reads: a card's own handlers (on_play,
** score) reach a card's script alone. */
enum { SCRIPT_CARD, SCRIPT_MAP, SCRIPT_PLUGIN };

/* The script's returned table (at t): names that are no trigger handler
** (for a map's or plugin's script, also a card's own handlers, which the
** rules never call for it), and, when checking, handlers that are no
** function; lines[name] (table at lines) is where each handler is defined
** in file, or, for one a helper of the card library defined, the script's
** first line of code. */
static void check_handlers(ark_content *c, int t, int lines, const char *file,
                           const char *text, size_t len, int whose) {
  lua_State *L = c->L;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const char *name = lua_tostring(L, -2);
      int line = 0;
      if (lua_isfunction(L, -1)) {
        lua_Debug ar;
        lua_pushvalue(L, -1);
        if (lua_getinfo(L, ">S", &ar) && ar.source[0] == '@' && !strcmp(ar.source + 1, file))
          line = ar.linedefined;
        else
          line = -1;
      }
      if (line == 0) line = line_of_name(text, len, name);
      if (line <= 0) line = first_code_line(text, len);
      char instead[200];
      if (!is_known_handler(L, name)) {
        ark_content_error(c, file, line, "'%s' is not a trigger handler (see docs/triggers.md)",
                          name);
      } else if (whose == SCRIPT_MAP && card_own_handler(L, name, instead, sizeof instead)) {
        ark_content_error(c, file, line, "'%s' is a card's own handler, which a map's script "
                          "never receives: %s (docs/maps.md)", name, instead);
      } else if (whose == SCRIPT_PLUGIN && card_own_handler(L, name, instead, sizeof instead)) {
        lua_getglobal(L, "PLUGIN_HOOK_LIST");
        ark_content_error(c, file, line, "'%s' is a card's own handler, which a plugin's hooks "
                          "never receive: %s (a plugin's hooks are %s; docs/plugins.md)", name,
                          instead, lua_tostring(L, -1) ? lua_tostring(L, -1) : "");
        lua_pop(L, 1);
      } else if (name[0] != '_') {
        if (!lua_isfunction(L, -1) && c->strict)
          ark_content_error(c, file, line, "%s must be a function, not a %s", name,
                            luaL_typename(L, -1));
        lua_pushinteger(L, line > 0 ? line : 1);
        lua_setfield(L, lines, name);
      }
    }
    lua_pop(L, 1);
  }
}

/* Each string literal "then_..." of the script's text names a then_
** function of its returned table (at t): a misspelt continuation is
** reported at its line when the script loads, not when a game reaches it.
** A literal after "--" on its line is in a comment and skipped.  Returns
** whether the script goes on in continuations (such a literal, or a call
** of a name ending in "_then"): its handlers are then called as a step's
** last call where the rules can (install_script). */
static int check_then_names(ark_content *c, int t, const char *file, const char *text,
                            size_t len) {
  lua_State *L = c->L;
  int uses = 0;
  /* at each "then" (memchr finds the 't's: the whole text is read once,
  ** and every script passes here as it loads) */
  for (const char *at = text, *end = text + len; (at = memchr(at, 't', (size_t)(end - at)));
       at++) {
    if (end - at < 5 || strncmp(at, "then", 4) || at == text) continue;
    int literal = (at[-1] == '"' || at[-1] == '\'') && at[4] == '_';
    int call = at[-1] == '_' && at[4] == '(';
    if (!literal && !call) continue;
    const char *bol = at;                /* in a comment: "--" earlier on its line */
    while (bol > text && bol[-1] != '\n') bol--;
    int comment = 0;
    for (const char *q = bol; q + 1 < at && !comment; q++) comment = q[0] == '-' && q[1] == '-';
    if (comment) continue;
    uses = 1;
    if (!literal) continue;
    const char *e = at;
    while (e < end && word_char(*e)) e++;
    if (e >= end || *e != at[-1]) continue;
    char name[64];
    size_t n = (size_t)(e - at);
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, at, n);
    name[n] = '\0';
    lua_pushstring(L, name);
    lua_rawget(L, t);                    /* raw: no metamethod runs outside the watchdog */
    if (!lua_isfunction(L, -1)) {
      int line = 1;
      for (const char *q = text; q < at; q++) line += *q == '\n';
      ark_content_error(c, file, line, "'%s' names no then_ function of this script (a "
                        "continuation is a function of its table named then_...)", name);
    }
    lua_pop(L, 1);
    at = e;
  }
  return uses;
}

static int bit_of(int who);

/* The 4th field of the entry in SCRIPT_HANDLERS (install_script,
** games/arknova/rules/api.lua) of each function of the script's table (at
** t) defined in its file: the function's last line, where compose looks
** for the tail call that left no frame of it. */
static void note_last_lines(lua_State *L, int t, const char *file) {
  lua_getglobal(L, "SCRIPT_HANDLERS");
  int h = lua_gettop(L);
  if (lua_istable(L, h)) {
    lua_pushnil(L);
    while (lua_next(L, t)) {              /* raw: the table has no metatable yet */
      if (lua_isfunction(L, -1)) {
        lua_pushvalue(L, -1);
        lua_rawget(L, h);
        lua_Debug ar;
        lua_pushvalue(L, -2);
        int got = lua_getinfo(L, ">S", &ar);
        if (got && lua_istable(L, -1) && ar.source[0] == '@' && !strcmp(ar.source + 1, file) &&
            ar.lastlinedefined > 0) {
          lua_pushinteger(L, ar.lastlinedefined);
          lua_rawseti(L, -2, 4);
        }
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* Under LuaJIT, the loaded chunk on the top and every function it makes run
** in the interpreter, so that the watchdog's count hook always fires: a
** compiled loop never calls it.  ARK_JIT_CARDS=1 leaves the JIT on, only
** for measuring what the interpreter costs (bench/README.md); such a
** build's watchdog cannot stop a compiled loop. */
static void interpreted(lua_State *L) {
#ifdef ARK_LUAJIT
  if (!getenv("ARK_JIT_CARDS")) luaJIT_setmode(L, -1, LUAJIT_MODE_ALLFUNC | LUAJIT_MODE_OFF);
#else
  (void)L;
#endif
}

/* Is path inside the data folder's cards/, maps/ or plugins/ (shipped, not
** fan)? */
static int shipped(const ark_content *c, const char *path) {
  static const char *const dirs[] = { "cards", "maps", "plugins" };
  char dir[1100];
  for (int i = 0; i < 3; i++) {
    snprintf(dir, sizeof dir, "%s/%s/", c->data_dir ? c->data_dir : ".", dirs[i]);
    if (!strncmp(path, dir, strlen(dir))) return 1;
  }
  return 0;
}

/* In a LuaJIT build that cannot cap the scripts' memory, a fan script is
** refused (an error naming it); 0 when it may run. */
static int refuse_uncapped(ark_content *c, const char *path, const char *file) {
  if (!c->mem_uncapped || shipped(c, path)) return 0;
  ark_content_error(c, file, 0, "refused: this LuaJIT build cannot cap the memory of "
                    "scripts (it takes no custom allocator), so it runs only the shipped "
                    "scripts; play fan cards and plugins with the Lua 5.4 build");
  return -1;
}

/* A fan script's first steps: refused where its memory cannot be capped,
** read, and loaded as a chunk (left on the stack top) that runs in the
** interpreter.  Its text, or NULL when it failed (the error reported). */
static char *load_fan_chunk(ark_content *c, const char *path, const char *file, size_t *len) {
  if (refuse_uncapped(c, path, file)) return NULL;
  char *text = read_file(path, len);
  if (!text) {
    ark_content_error(c, path, 0, "cannot read the script");
    return NULL;
  }
  if (load_chunk(c, path, text, *len) != 0) {
    free(text);
    return NULL;
  }
  interpreted(c->L);
  return text;
}

/* A map that prints bonuses of its own carries them out in its script's
** bonus handler: without one they do nothing, which check had not said. */
static void own_bonuses_heard(ark_content *c, int m, int t, const char *file, const char *text,
                              size_t len) {
  if (!c->maps[m].own_bonuses) return;
  lua_getfield(c->L, t, "bonus");
  int heard = !lua_isnil(c->L, -1);
  lua_pop(c->L, 1);
  if (!heard)
    ark_content_warn(c, file, last_line(text, len), "warning: the map prints bonuses of its own "
                     "(bonuses: in its YAML), and this script has no bonus handler to carry "
                     "them out: they do nothing (docs/maps.md)");
}

/* A card's or map's script (key: card id, or -2 - map index): loaded in an
** environment of its own (make_card_env), run under the watchdog, its
** handlers checked and wrapped (install_script), its environment sealed
** and what it keeps recorded (script_state.c).  Under LuaJIT it runs
** interpreted, so the watchdog's hook can always stop it. */
static int load_sandboxed(ark_content *c, const char *path, int key) {
  lua_State *L = c->L;
  const char *file = shown_name(c, path);
  size_t len;
  int top = lua_gettop(L), bad = 0;
  char *text = load_fan_chunk(c, path, file, &len);
  if (!text) return -1;
  lua_getglobal(L, "make_card_env");
  lua_pushinteger(L, key);
  if (call_guarded(c, 1) != 0) {
    lua_settop(L, top);
    free(text);
    return -1;
  }
  int env = lua_gettop(L), chunk = env - 1;
  lua_pushvalue(L, env);
  ark_setenv(L, chunk);
  lua_pushvalue(L, chunk);
  int ret = line_of_return(text, len);
  if (call_guarded_at(c, 0, file, ret > 0 ? ret : first_code_line(text, len)) != 0) {
    lua_settop(L, top);
    free(text);
    return -1;
  }
  int t = lua_gettop(L);
  if (!lua_istable(L, t)) {
    ark_content_error(c, file, last_line(text, len), "the script returns %s, not its table of "
                      "handlers: end it with `return card` (docs/modding.md)",
                      lua_isnil(L, t) ? "nothing" : luaL_typename(L, t));
    lua_settop(L, top);
    free(text);
    return -1;
  }
  lua_newtable(L);
  int lines = lua_gettop(L);
  int before = c->nerrors;
  check_handlers(c, t, lines, file, text, len, key >= 0 ? SCRIPT_CARD : SCRIPT_MAP);
  if (key < 0) own_bonuses_heard(c, -2 - key, t, file, text, len);
  int cont = check_then_names(c, t, file, text, len);
  bad = c->nerrors > before;
  /* the wrapped handlers, under the watchdog: reading the table may run
  ** its metamethods */
  lua_getglobal(L, "install_script");
  lua_pushinteger(L, key);
  lua_pushvalue(L, t);
  lua_pushstring(L, file);
  lua_pushvalue(L, lines);
  lua_pushboolean(L, cont);
  if (!bad && call_guarded_in(c, 5, file) == 0) {
    note_last_lines(L, t, file);
    lua_getglobal(L, key >= 0 ? "SCRIPTS" : "MAP_SCRIPTS");
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, key >= 0 ? key : -2 - key);
    lua_pop(L, 2);
    lua_getglobal(L, "seal_card_env");
    lua_pushvalue(L, env);
    lua_pushvalue(L, t);
    if (call_guarded_in(c, 2, file) == 0) {
      char chunkname[1500];
      snprintf(chunkname, sizeof chunkname, "@%s", file);
      int kept = ark_state_record(L, key, -1, chunkname, chunk, 0), b = bit_of(key);
      if (kept < 0) {
        ark_content_error(c, file, 1, "the script keeps more than 20000 values in its "
                          "tables and locals; a script's tables hold constants only");
        bad = 1;
      } else if (kept && b >= 0) {
        c->kept[b / 8] |= (uint8_t)(1u << (b % 8));
      }
    } else {
      bad = 1;
    }
  } else {
    bad = 1;
  }
  lua_settop(L, top);
  free(text);
  return bad ? -1 : 0;
}

/* A trusted script (an action card): it reads the rules environment and
** what it returns is stored in table `into` under key. */
static int load_trusted(ark_content *c, const char *path, const char *into, const char *key) {
  lua_State *L = c->L;
  size_t len;
  char *text = read_file(path, &len);
  if (!text) {
    ark_content_error(c, path, 0, "cannot read the script");
    return -1;
  }
  int st = load_chunk(c, path, text, len);
  free(text);
  if (st != 0) return -1;
  lua_newtable(L);                     /* env reading through to _G */
  lua_newtable(L);
  lua_getglobal(L, "_G");
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_insert(L, -3);                   /* env, chunk, env */
  ark_setenv(L, -2);                   /* env, chunk */
  if (run_chunk(c) != 0) {
    lua_pop(L, 1);
    return -1;
  }
  if (!lua_istable(L, -1)) {           /* no table returned: use the env */
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
  }
  lua_getglobal(L, into);
  lua_insert(L, -2);
  lua_setfield(L, -2, key);
  lua_pop(L, 2);                       /* into, env */
  return 0;
}

static int load_action_scripts(ark_content *c, const char *cards_dir) {
  char path[1200];
  int bad = 0;
  lua_newtable(c->L);
  lua_setglobal(c->L, "ACTION_SCRIPTS");
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    snprintf(path, sizeof path, "%s/actions/%s.lua", cards_dir, action_names[a]);
    bad |= load_trusted(c, path, "ACTION_SCRIPTS", action_names[a]);
  }
  return bad ? -1 : 0;
}

/* SCRIPTS[card id] and MAP_SCRIPTS[map index]: the untrusted scripts. */
static int load_card_scripts(ark_content *c) {
  int bad = 0;
  lua_newtable(c->L);
  lua_setglobal(c->L, "SCRIPTS");
  lua_newtable(c->L);
  lua_setglobal(c->L, "MAP_SCRIPTS");
  if (c->nmaps > ARK_MAX_MAP_SCRIPTS) {
    ark_content_error(c, NULL, 0, "more than %d maps", ARK_MAX_MAP_SCRIPTS);
    return -1;
  }
  for (int id = 0; id < c->ncards; id++)
    if (c->cards[id].script) bad |= load_sandboxed(c, c->cards[id].script, id);
  for (int m = 0; m < c->nmaps; m++)
    if (c->maps[m].script) bad |= load_sandboxed(c, c->maps[m].script, -2 - m);
  return bad ? -1 : 0;
}

/* Appends to the list at `held` (absolute index) each table, key and value
** where table t (at the top) holds a function or a table, walking into
** the tables not in `seen` yet; pops t.  Raw reads only: no metamethod
** of a script's runs, and keys of any kind are fine. */
static void reach_from(lua_State *L, int held, int seen) {
  luaL_checkstack(L, 6, "rules_reach");
  int t = lua_gettop(L);
  lua_pushvalue(L, t);
  lua_pushboolean(L, 1);
  lua_rawset(L, seen);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int tv = lua_type(L, -1);
    if (tv == LUA_TFUNCTION || tv == LUA_TTABLE) {
      int n = ark_rawlen(L, held);
      lua_pushvalue(L, t);
      lua_rawseti(L, held, n + 1);
      lua_pushvalue(L, -2);
      lua_rawseti(L, held, n + 2);
      lua_pushvalue(L, -1);
      lua_rawseti(L, held, n + 3);
      if (tv == LUA_TTABLE) {
        lua_pushvalue(L, -1);
        lua_rawget(L, seen);
        int walked = lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (!walked) {
          lua_pushvalue(L, -1);
          reach_from(L, held, seen);
        }
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* rules_reach() -> every table, key and value where the rules' globals
** reach a function or a table, in one list (a protected call: the list
** may be large). */
static int l_rules_reach(lua_State *L) {
  lua_settop(L, 0);
  lua_newtable(L);                     /* 1: held */
  lua_newtable(L);                     /* 2: seen */
  lua_getglobal(L, "_G");
  reach_from(L, 1, 2);
  lua_settop(L, 1);
  return 1;
}

/* rules_replaced(held) -> does a table of held hold another value now at
** its key?  Added keys do not count: the rules never look for them. */
static int l_rules_replaced(lua_State *L) {
  int n = ark_rawlen(L, 1), replaced = 0;
  for (int i = 1; i + 2 <= n && !replaced; i += 3) {
    lua_rawgeti(L, 1, i);
    lua_rawgeti(L, 1, i + 1);
    lua_rawget(L, -2);
    lua_rawgeti(L, 1, i + 2);
    replaced = !lua_rawequal(L, -1, -2);
    lua_pop(L, 3);
  }
  lua_pushboolean(L, replaced);
  return 1;
}

/* rules_tables(held) -> a set of the rules' tables: _G and every table
** in held (what rules_reach listed), which a plugin's hooks read but
** whose state is not theirs (load_plugin). */
static int l_rules_tables(lua_State *L) {
  int n = ark_rawlen(L, 1);
  lua_newtable(L);
  lua_getglobal(L, "_G");
  lua_pushboolean(L, 1);
  lua_rawset(L, 2);
  for (int i = 1; i + 2 <= n; i += 3) {
    for (int j = 0; j <= 2; j += 2) {
      lua_rawgeti(L, 1, i + j);
      if (lua_istable(L, -1)) {
        lua_pushboolean(L, 1);
        lua_rawset(L, 2);
      } else {
        lua_pop(L, 1);
      }
    }
  }
  return 1;
}

/* Edit distance of a and b (short names; a longer one counts as far). */
static int name_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  int row[40];
  if (la >= sizeof row / sizeof row[0] || lb >= sizeof row / sizeof row[0]) return 99;
  for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= lb; j++) {
      int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

/* The name of a plugin's hook (PLUGIN_HOOKS: the triggers but a card's
** own handlers) nearest to name, if it is near enough to be a misspelling
** of it (two edits, or one for a short name); NULL if none.  The name is
** copied to out. */
static const char *misspelt_trigger(lua_State *L, const char *name, char *out, size_t n) {
  int best = 99;
  out[0] = '\0';
  lua_getglobal(L, "PLUGIN_HOOKS");
  int len = lua_istable(L, -1) ? ark_rawlen(L, -1) : 0;
  for (int k = 1; k <= len; k++) {
    lua_rawgeti(L, -1, k);
    const char *known = lua_tostring(L, -1);
    int d = known ? name_distance(name, known) : 99;
    if (d < best) {
      best = d;
      snprintf(out, n, "%s", known);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return best <= (strlen(name) <= 6 ? 1 : 2) ? out : NULL;
}

/* A plugin script that returns no table: the globals it set (table at env)
** that are its hooks, copied into the table at hooks.  A global named as a
** trigger is a hook (one that is no function is then reported, as in a
** returned table), a function named then_... a continuation; every other
** global is the script's own, a helper or a constant, left out.  A
** function whose name is a trigger's misspelt (on_paly) draws a warning.
** A copy, not the environment, which reads through to the rules' globals:
** reputation_reached there would be taken as a hook. */
static void globals_as_hooks(ark_content *c, int env, int hooks, const char *file,
                             const char *text, size_t len) {
  lua_State *L = c->L;
  lua_pushnil(L);
  while (lua_next(L, env)) {
    const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    int fn = lua_isfunction(L, -1), hook = 0;
    if (name && strcmp(name, "_G")) {
      lua_getglobal(L, "KNOWN_HANDLER_SET");
      lua_getfield(L, -1, name);
      hook = !lua_isnil(L, -1) || (fn && !strncmp(name, "then_", 5));
      lua_pop(L, 2);
      char near[40];
      if (!hook && fn && misspelt_trigger(L, name, near, sizeof near))
        ark_content_warn(c, file, line_of_name(text, len, name), "warning: '%s' is no trigger "
                         "handler, so it is the script's own helper; did you mean %s?", name,
                         near);
    }
    if (hook) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, hooks);
    } else {
      lua_pop(L, 1);
    }
  }
}

/* The rules tables a plugin's script may change (docs/plugins.md), checked
** once it has run (api.lua, check_rules_tables): a wrong one is an error of
** the script, at the line naming the table, not a failure in a game inside
** the rules' file.  0 if they hold. */
static int rules_tables_bad(ark_content *c, const char *file, const char *text, size_t len) {
  lua_State *L = c->L;
  lua_getglobal(L, "check_rules_tables");
  if (call_guarded_in(c, 0, file) != 0) return -1;
  const char *got = lua_isstring(L, -1) ? lua_tostring(L, -1) : NULL;
  const char *tab = got ? strchr(got, '\t') : NULL;
  if (tab) {
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(tab - got) < 63 ? (int)(tab - got) : 63, got);
    ark_content_error(c, file, line_of_name(text, len, name), "%s; left so, a game would stop "
                      "inside the rules' own file (docs/plugins.md)", tab + 1);
  }
  lua_pop(L, 1);
  return tab ? -1 : 0;
}

/* Plugin i's script: run in an environment that reads the rules' (its _G
** the rules' globals while it loads), its hooks (of its table, or of its
** globals if it returns none) stored in PLUGIN_SCRIPTS[i + 1], then sealed
** (api.lua, seal_plugin_env) and what its hooks keep recorded, as a card
** script's is, leaving out the tables of the set at index rules: from now
** on a hook's state is compared after every resume (check_plugins_kept). */
static int load_plugin(ark_content *c, int i, int rules) {
  lua_State *L = c->L;
  const char *path = c->plugins[i].script, *file = shown_name(c, path);
  size_t len;
  int top = lua_gettop(L);
  char *text = load_fan_chunk(c, path, file, &len);
  if (!text) return -1;
  int chunk = lua_gettop(L);
  lua_getglobal(L, "make_plugin_env");
  if (call_guarded(c, 0) != 0) {
    lua_settop(L, top);
    free(text);
    return -1;
  }
  int env = lua_gettop(L);
  lua_pushvalue(L, env);
  ark_setenv(L, chunk);
  lua_pushvalue(L, chunk);
  if (run_chunk(c) != 0) {
    lua_settop(L, top);
    free(text);
    return -1;
  }
  int ret = lua_gettop(L);
  if (!lua_istable(L, ret) && !lua_isnil(L, ret)) {
    ark_content_error(c, file, 1, "the script returns a %s; a plugin's script returns a "
                      "table of hooks, or nothing (its global functions are then its hooks)",
                      luaL_typename(L, ret));
    lua_settop(L, top);
    free(text);
    return -1;
  }
  if (rules_tables_bad(c, file, text, len) != 0) {
    lua_settop(L, top);
    free(text);
    return -1;
  }
  if (!lua_istable(L, ret)) {
    lua_newtable(L);
    lua_replace(L, ret);
    globals_as_hooks(c, env, ret, file, text, len);
  }
  /* names that are no trigger handler, before the table is sealed; a hook
  ** that is no function is an error in play too: a card's becomes a stub
  ** that stops its script at the first call, but a plugin cannot be
  ** switched off, and the game would stop with no file named */
  lua_newtable(L);
  int lines = lua_gettop(L);
  int strict = c->strict;
  c->strict = 1;
  check_handlers(c, ret, lines, file, text, len, SCRIPT_PLUGIN);
  check_then_names(c, ret, file, text, len);
  c->strict = strict;
  /* PLUGIN_SCRIPTS[i + 1]: its hooks, each modifier behind a wrapper that
  ** names this file and the modifier's line (api.lua, plugin_hooks) */
  lua_getglobal(L, "plugin_hooks");
  lua_pushvalue(L, ret);
  lua_pushstring(L, file);
  lua_pushvalue(L, lines);
  if (call_guarded_in(c, 3, file) != 0) {
    lua_settop(L, top);
    free(text);
    return -1;
  }
  lua_getglobal(L, "PLUGIN_SCRIPTS");
  lua_insert(L, -2);
  lua_rawseti(L, -2, i + 1);
  lua_settop(L, ret);
  free(text);
  lua_getglobal(L, "seal_plugin_env");
  lua_pushvalue(L, env);
  lua_pushvalue(L, ret);
  int bad = call_guarded_in(c, 2, file) != 0;
  if (!bad) {
    char chunkname[1500];
    snprintf(chunkname, sizeof chunkname, "@%s", file);
    int kept = ark_state_record(L, PLUGIN_WHO(i), -1, chunkname, chunk, rules);
    if (kept < 0) {
      ark_content_error(c, file, 1, "the plugin's hooks keep more than 20000 values in "
                        "their tables and locals; a plugin's tables hold constants only");
      bad = 1;
    } else if (kept) {
      c->plugin_kept |= 1u << i;
    }
  }
  lua_settop(L, top);
  return bad ? -1 : 0;
}

/* PLUGIN_SCRIPTS[i]: plugin hooks, in load order.  Plugins are installed
** on purpose, like the rules themselves, so they run in the rules
** environment and may change rules tables and functions (docs/plugins.md).
** The table is made before the rules load and stays the same, so that
** the rules keep it in a local: while it is empty, nothing can have
** replaced a rules function, and their short ways need not compare each.
** PLUGIN_SCRIPTS.replaced says whether the scripts, as they loaded,
** replaced a function or table the rules' globals reach (each one is
** noted before and looked up after): the rules' continuations take their
** plain way only then, so that with a plugin that hooks triggers or
** changes numbers an AI's copy of a game stays one copy of the state. */
static int load_plugin_scripts(ark_content *c) {
  lua_State *L = c->L;
  int bad = 0, any = 0;
  for (int i = 0; i < c->nplugins; i++) any |= c->plugins[i].script != NULL;
  if (!any) return 0;
  lua_pushcfunction(L, l_rules_reach);
  if (call_guarded(c, 0) != 0) return -1;
  int held = lua_gettop(L);
  lua_pushcfunction(L, l_rules_tables);
  lua_pushvalue(L, held);
  if (call_guarded(c, 1) != 0) {
    lua_settop(L, held - 1);
    return -1;
  }
  int rules = lua_gettop(L);
  /* a plugin with no script (rules: or cards: alone) hooks nothing: an
  ** empty table keeps PLUGIN_SCRIPTS a sequence, which the rules walk with
  ** ipairs and # (a hole there had dropped every later plugin's hooks) */
  lua_getglobal(L, "PLUGIN_SCRIPTS");
  for (int i = 0; i < c->nplugins; i++)
    if (!c->plugins[i].script) {
      lua_newtable(L);
      lua_rawseti(L, -2, i + 1);
    }
  lua_pop(L, 1);
  for (int i = 0; i < c->nplugins; i++)
    if (c->plugins[i].script) bad |= load_plugin(c, i, rules);
  lua_pushcfunction(L, l_rules_replaced);
  lua_pushvalue(L, held);
  int replaced = call_guarded(c, 1) != 0 || lua_toboolean(L, -1);
  lua_settop(L, held - 1);
  lua_getglobal(L, "PLUGIN_SCRIPTS");
  lua_pushboolean(L, replaced);
  lua_setfield(L, -2, "replaced");
  lua_pop(L, 1);
  return bad ? -1 : 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* cards/lib/NAME.lua: the keyword abilities and helpers shared by cards, run
** in the rules environment (they ship with the engine), in name order. */
static int load_card_lib(ark_content *c, const char *cards_dir) {
  char dir[1100], path[1400];
  char *names[256];
  int n = 0, bad = 0;
  snprintf(dir, sizeof dir, "%s/lib", cards_dir);
  DIR *d = opendir(dir);
  if (!d) return 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 4 && !strcmp(e->d_name + len - 4, ".lua")) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], cmp_str);
  for (int i = 0; i < n; i++) {
    size_t len;
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    char *text = read_file(path, &len);
    if (!text) {
      ark_content_error(c, path, 0, "cannot read the script");
      bad = 1;
    } else {
      if (load_chunk(c, path, text, len) != 0 || run_chunk(c) != 0) bad = 1;
      else lua_pop(c->L, 1);
      free(text);
    }
    free(names[i]);
  }
  return bad ? -1 : 0;
}

/* Blocks of the Lua state: small ones from the content's pool, the rest
** from malloc.  The sanitizer builds use malloc alone, so that ASan sees
** every block the scripts use. */
#if defined(ARK_SANITIZE)
static void *block_resize(ark_content *c, void *ptr, size_t old, size_t nsize) {
  (void)c;
  (void)old;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, nsize);
}
#else
static void *block_resize(ark_content *c, void *ptr, size_t old, size_t nsize) {
  if (nsize == 0) {
    if (ptr && ark_pool_small(old)) ark_pool_free(&c->pool, ptr, old);
    else free(ptr);
    return NULL;
  }
  if (!ptr) return ark_pool_small(nsize) ? ark_pool_alloc(&c->pool, nsize) : malloc(nsize);
  if (!ark_pool_small(old) && !ark_pool_small(nsize)) return realloc(ptr, nsize);
  if (ark_pool_small(old) && ark_pool_small(nsize) && ark_pool_same(old, nsize)) return ptr;
  void *np = ark_pool_small(nsize) ? ark_pool_alloc(&c->pool, nsize) : malloc(nsize);
  if (!np) return NULL;
  memcpy(np, ptr, old < nsize ? old : nsize);
  if (ark_pool_small(old)) ark_pool_free(&c->pool, ptr, old);
  else free(ptr);
  return np;
}
#endif

/* Counts the bytes of the Lua state and refuses growth past the cap, so a
** script that allocates without end gets a memory error, not the machine.
** Used by both builds (LuaJIT in its 64-bit GC mode takes it too). */
static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  ark_content *c = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    block_resize(c, ptr, old, 0);
    c->lua_mem -= old;
    return NULL;
  }
  if (nsize > old && c->lua_mem_limit && c->lua_mem + (nsize - old) > c->lua_mem_limit)
    return NULL;
  void *np = block_resize(c, ptr, old, nsize);
  if (!np) return NULL;
  c->lua_mem = c->lua_mem - old + nsize;
  if (nsize > old && c->lua_mem_limit && c->lua_mem > c->lua_mem_limit - c->lua_mem_limit / 8)
    ark_wd_memory_high();
  return np;
}

/* Every ability of every card names a known keyword with a value of the
** right kind (keyword_problem in cards/lib/keywords.lua), at its line. */
static void check_keywords(ark_content *c) {
  lua_State *L = c->L;
  for (int id = 0; id < c->ncards; id++) {
    const ark_card_def *d = &c->cards[id];
    for (int i = 0; i < d->n_abilities; i++) {
      lua_getglobal(L, "keyword_problem");
      if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
      }
      lua_pushstring(L, d->abilities[i]);
      if (call_guarded(c, 1) != 0) continue;
      if (lua_isstring(L, -1))
        ark_content_error(c, d->path, d->ability_line[i], "%s", lua_tostring(L, -1));
      lua_pop(L, 1);
    }
  }
}

/* ENGINE.touch(key): the handler of script key is about to run (wrappers
** in games/arknova/rules/api.lua).  Marks it for the check of kept state; a script
** that already ran too long in this game or one of its clones gets only a
** short time now (the family, below). */
static int bit_of(int who) {
  int b = who >= 0 ? who : ARK_MAX_CARDS + (-2 - who);
  return b >= 0 && b < ARK_MAX_CARDS + ARK_MAX_MAP_SCRIPTS ? b : -1;
}

struct ark_family {
  int refs;
  int nslow;                    /* bits set in slow: none, and nothing counts as off */
  uint8_t slow[(ARK_MAX_CARDS + ARK_MAX_MAP_SCRIPTS) / 8]; /* hit the time limit */
  /* why a game of the family stopped at a limit with no card or map script
  ** to switch off (a plugin's hook, the rules): every game of the family
  ** stops with it at its next step, and its queries fail, instead of each
  ** AI trial waiting out the limit again */
  char stopped[ARK_ERRMSG];
  /* the card and map scripts that failed in any game of the family (a
  ** stop, or a query's error): the AIs' copies included, where a failing
  ** script otherwise goes unseen, its option merely looking poor */
  int nfailed;
  char first_failed[ARK_ERRMSG + 100];
};

static struct ark_family *family_of(ark_game *g) {
  if (!g->family) {
    g->family = calloc(1, sizeof *g->family);
    if (g->family) g->family->refs = 1;
  }
  return g->family;
}

static void family_stop(ark_game *g, const char *msg) {
  struct ark_family *f = family_of(g);
  if (f && !f->stopped[0]) snprintf(f->stopped, sizeof f->stopped, "%s", msg);
}

static void family_failed(ark_game *g, const char *msg) {
  struct ark_family *f = family_of(g);
  if (!f) return;
  if (!f->nfailed++) snprintf(f->first_failed, sizeof f->first_failed, "%s", msg);
}

int ark_game_scripts_failed(const ark_game *g, char *first, size_t n) {
  const struct ark_family *f = g->family;
  if (n) snprintf(first, n, "%s", f && f->nfailed ? f->first_failed : "");
  return f ? f->nfailed : 0;
}

static const char *family_stopped(const ark_game *g) {
  return g->family && g->family->stopped[0] ? g->family->stopped : NULL;
}

static void mark_slow(ark_game *g, int who) {
  int b = bit_of(who);
  struct ark_family *f = family_of(g);
  if (f && b >= 0 && !((f->slow[b / 8] >> (b % 8)) & 1)) {
    f->slow[b / 8] |= (uint8_t)(1u << (b % 8));
    f->nslow++;
  }
}

int ark_lua_family_any_slow(const ark_game *g) { return g->family && g->family->nslow > 0; }

static int family_slow(const ark_game *g, int who) {
  int b = bit_of(who);
  return g->family && b >= 0 && ((g->family->slow[b / 8] >> (b % 8)) & 1);
}

static int at_step_base(lua_State *L);

/* ENGINE.touch(key, f): f, the handler or then_ function about to run,
** given where the caller then tail-calls it (`return f(...)`): at the
** base of the step's coroutine the script is then the base's owner (game.h,
** base_who), to blame for an error in what f tail-calls in turn. */
static void note_base(lua_State *L, ark_game *g, int key) {
  if (L != g->co || !lua_isfunction(L, 2) || !at_step_base(L)) return;
  int who, line, last;
  char name[40];
  lua_pushvalue(L, 2);
  if (!registered_in(L, "SCRIPT_HANDLERS", &who, &line, &last, name, sizeof name) ||
      who != key)
    return;
  g->base_known = 1;
  g->base_who = key;
  g->base_line = line;
  g->base_last = last;
  snprintf(g->base_handler, sizeof g->base_handler, "%s", name);
}

static int e_touch(lua_State *L) {
  ark_game *g = ark_lua_running_unread(L);   /* marks which script ran */
  int key = (int)lua_tointeger(L, 1);
  int b = bit_of(key);
  if (!g || b < 0) return 0;
  g->script_ran[b / 8] |= (uint8_t)(1u << (b % 8));
  g->script_ran_any = 1;
  if (lua_gettop(L) >= 2) note_base(L, g, key);
  if (family_slow(g, key)) {
    double extra = g->c->script_budget / 20;
    ark_wd_hurry(L, extra < 0.005 ? 0.005 : extra);
  }
  return 0;
}

/* Pushes the rules' table of g's running step, made at its first use (most
** steps and continuations never ask for it); a fresh one outside any step
** and in a query while none was made (a query leaves no trace). */
void ark_lua_push_step_table(lua_State *L, ark_game *g) {
  if (g && g->step_ref < 0 && g->co && !g->in_query) {
    lua_newtable(L);
    g->step_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  if (!g || g->step_ref < 0) lua_newtable(L);
  else lua_rawgeti(L, LUA_REGISTRYINDEX, g->step_ref);
}

/* ENGINE.step_private([peek]): the rules' own table of the running step
** (the scripts' ark.step_data() is its element 1).  With peek, nil where
** the step has made none yet: a reader that finds nothing then makes no
** table (the end of every turn looks for effects left to run). */
static int e_step_private(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (lua_toboolean(L, 1) && (!g || g->step_ref < 0)) {
    lua_pushnil(L);
    return 1;
  }
  ark_lua_push_step_table(L, g);
  return 1;
}

static int table_empty(lua_State *L, int idx) {
  lua_pushnil(L);
  if (!lua_next(L, idx)) return 1;
  lua_pop(L, 2);
  return 0;
}

/* Is the step's table of the rules still empty, but for an empty
** ark.step_data (its element 1)? */
static int step_table_empty(lua_State *L, const ark_game *g) {
  if (g->step_ref < 0) return 1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, g->step_ref);
  int t = lua_gettop(L), empty = 1;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int data = lua_type(L, -2) == LUA_TNUMBER && lua_tointeger(L, -2) == 1 &&
               lua_istable(L, -1) && table_empty(L, lua_gettop(L));
    lua_pop(L, 1);
    if (!data) {
      lua_pop(L, 1);                     /* the key lua_next left */
      empty = 0;
      break;
    }
  }
  lua_pop(L, 1);
  return empty;
}

/* Is the Lua function that called the running C function the step's own
** function (the coroutine's first, or what it tail-called, or a function
** ENGINE.after kept), with nothing in between?  Level 0 is the C function,
** 1 its caller. */
static int at_step_base(lua_State *L) {
  lua_Debug ar;
  return !lua_getstack(L, 2, &ar);
}

/* Reads ENGINE.after's and ENGINE.queue's arguments (fn, p, code) into
** *t; `what` names the caller in the error. */
static void then_args(lua_State *L, ark_then *t, const char *what) {
  size_t len;
  const char *fn = luaL_checklstring(L, 1, &len);
  t->player = (int32_t)luaL_checkinteger(L, 2);
  t->code = (int32_t)luaL_checkinteger(L, 3);
  if (len >= sizeof t->fn) luaL_error(L, "%s: name too long", what);
  memset(t->fn, 0, sizeof t->fn);        /* equal states are equal bytes */
  memcpy(t->fn, fn, len);
}

/* ENGINE.after(fn, p, code) -> true, or false.  Called by a step's own
** function (see at_step_base) that is about to return X(): rules function
** fn(p, code) is kept in the state and runs when X returns, before
** anything kept earlier (run() starts it on the same coroutine).  Since
** the rest of the step is then data, a choose_then in X can end the
** step's coroutine.  false (called deeper, or too many waiting): the
** caller runs X and then fn itself. */
static int e_after(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.after outside a step");
  ark_then t;
  then_args(L, &t, "ENGINE.after");
  int ok = g->s.nthen < ARK_MAX_THEN && at_step_base(L);
  if (ok) g->s.then[g->s.nthen++] = t;
  lua_pushboolean(L, ok);
  return 1;
}

/* ENGINE.after_room() -> how many more functions ENGINE.after would keep
** now: 0 when called deeper than a step's own function. */
static int e_after_room(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  lua_pushinteger(L, g && at_step_base(L) ? ARK_MAX_THEN - g->s.nthen : 0);
  return 1;
}

/* ENGINE.queue(fn, p, code) -> true, or false (the queue is full): rules
** function fn(p, code) is kept in the state, behind what was queued
** before, until the rules take it (ENGINE.dequeue).  Unlike ENGINE.after
** it may be called at any depth: it runs where the rules ask for it, not
** when a function returns. */
static int e_queue(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.queue outside a step");
  ark_then t;
  then_args(L, &t, "ENGINE.queue");
  int ok = g->s.nqueue < ARK_MAX_QUEUE;
  if (ok) g->s.queue[g->s.nqueue++] = t;
  lua_pushboolean(L, ok);
  return 1;
}

/* ENGINE.dequeue() -> fn, p, code of the first queued, taken off the
** queue; nothing when it is empty. */
static int e_dequeue(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g || g->s.nqueue == 0) return 0;
  ark_then t = g->s.queue[0];
  g->s.nqueue--;
  memmove(g->s.queue, g->s.queue + 1, sizeof t * g->s.nqueue);
  memset(&g->s.queue[g->s.nqueue], 0, sizeof t);
  lua_pushstring(L, t.fn);
  lua_pushinteger(L, t.player);
  lua_pushinteger(L, t.code);
  return 3;
}

/* The decision just offered, answered by rules function fn: with nothing
** above its caller, nothing waits for the answer but fn and what
** ENGINE.after kept, and the step's coroutine ends; else it yields. */
static int offer_then(lua_State *L, ark_game *g, const char *fn) {
  g->cont_offer = at_step_base(L) && step_table_empty(L, g);
  if (g->cont_offer) {
    /* no yield: the caller returns, run() finds the decision pending, and
    ** the finished coroutine serves the next step */
    memcpy(g->cont_fn, fn, strlen(fn) + 1);
    g->cont_player = g->dec.player;
    return 0;
  }
  return lua_yield(L, 0);
}

/* ENGINE.choose_then(p, tag, prompt, options, codes, fn [, secret]) -> the
** 1-based answer (secret: only p may see the options, as with ark.choose).
** A decision whose answer i only decides what runs next:
** fn(p, codes[i], i), a rules function.  When it is the last thing the
** step does (called in tail position by the step's function, with the
** step's tables empty), the step's coroutine ends here and the answer
** starts fn as a new one (game.c), so that a clone at this decision copies
** the state and runs no Lua.  Otherwise it is ark.choose, and the caller
** calls fn itself. */
static int e_choose_then(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.choose_then outside a step");
  /* codes: one whole number per option, or one for them all */
  int same, one = (int)lua_tointegerx(L, 5, &same);
  if (!same) luaL_checktype(L, 5, LUA_TTABLE);
  const char *fn = luaL_checkstring(L, 6);
  if (strlen(fn) >= sizeof g->cont_fn) return luaL_error(L, "choose_then: name too long");
  ark_lua_offer(L, g, lua_toboolean(L, 7));
  for (int i = 0; i < g->dec.noptions; i++) {
    if (same) {
      g->codes[i] = one;
      continue;
    }
    lua_rawgeti(L, 5, i + 1);
    int ok;
    g->codes[i] = (int)lua_tointegerx(L, -1, &ok);
    if (!ok) return luaL_error(L, "choose_then: code %d is not an integer", i + 1);
    lua_pop(L, 1);
  }
  return offer_then(L, g, fn);
}

/* ENGINE.choose_places(p, tag, prompt, code, fn, key, build2) -> the
** 1-based answer, or no return at all, as ENGINE.choose_then with one code
** for all; false and n where building kind key has fewer than two
** positions (n: 0 or 1, for the caller).  The options are
** ark.placement_options(p, key, build2), their texts made here (no list of
** them in Lua), and the decision records that option i is ark_places'
** i-th position (opt_src), so that the AIs read its cells, not its text. */
static int e_choose_places(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.choose_places outside a step");
  int p = ark_lua_arg_player(L, g, 1);
  const char *tag = luaL_checkstring(L, 2), *prompt = luaL_checkstring(L, 3);
  int code = (int)luaL_checkinteger(L, 4);
  const char *fn = luaL_checkstring(L, 5), *key = luaL_checkstring(L, 6);
  int build2 = lua_toboolean(L, 7);
  int d = ark_content_find_building(g->c, key);
  if (d < 0) return luaL_error(L, "unknown building '%s'", key);
  if (strlen(fn) >= sizeof g->cont_fn) return luaL_error(L, "choose_places: name too long");
  const ark_place *pl;
  int n = ark_places(g, p, d, build2, &pl);
  if (n < 2) {
    lua_pushboolean(L, 0);
    lua_pushinteger(L, n);
    return 2;
  }
  char text[ARK_PLACE_TEXT];
  ark_lua_offer_begin(L, g, tag, prompt, n);
  for (int i = 0; i < n; i++) {
    ark_lua_offer_option(g, i, text, ark_place_text(g->c->buildings[d].key, &pl[i], text));
    g->codes[i] = code;
  }
  ark_lua_offer_end(g, p, n, 0);
  g->opt_src = ARK_OPTS_PLACES;
  g->opt_def = d;
  g->opt_build2 = build2;
  return offer_then(L, g, fn);
}

/* ENGINE.choose_hand(p, tag, prompt, labels, make_label, base, fn) -> the
** 1-based answer, or no return at all: choose_then with an option per card
** in p's hand, in its order, whose text is labels[card] (make_label(card)
** where that is nil or false) and whose code is card + base.  The hand is
** read here, not made into a Lua list (with the texts and codes, three
** tables a decision): a break asks a seat one discard at a time. */
static int e_choose_hand(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.choose_hand outside a step");
  int p = ark_lua_arg_player(L, g, 1);
  const char *tag = luaL_checkstring(L, 2), *prompt = luaL_checkstring(L, 3);
  luaL_checktype(L, 4, LUA_TTABLE);
  luaL_checktype(L, 5, LUA_TFUNCTION);
  lua_Integer base = luaL_checkinteger(L, 6);
  const char *fn = luaL_checkstring(L, 7);
  if (strlen(fn) >= sizeof g->cont_fn) return luaL_error(L, "choose_hand: name too long");
  if (base < 0 || base > INT_MAX - ARK_MAX_CARDS) return luaL_error(L, "choose_hand: base out of range");
  /* make_label is the rules' own and changes nothing of the game */
  const int16_t *hand = g->s.p[p].hand;
  int n = g->s.p[p].nhand;
  ark_lua_offer_begin(L, g, tag, prompt, n);
  for (int i = 0; i < n; i++) {
    int id = hand[i];
    lua_rawgeti(L, 4, id);
    if (!lua_toboolean(L, -1)) {
      lua_pop(L, 1);
      lua_pushvalue(L, 5);
      lua_pushinteger(L, id);
      lua_call(L, 1, 1);
    }
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (!s) return luaL_error(L, "choose_hand: the text of card %d is not a string", id);
    ark_lua_offer_option(g, i, s, len);
    lua_pop(L, 1);
    g->codes[i] = id + (int)base;
  }
  ark_lua_offer_end(g, p, n, 0);
  g->opt_src = ARK_OPTS_HAND;
  return offer_then(L, g, fn);
}

/* ENGINE.choose_later(p, tag, prompt, options_fn, fn) -> false, or no
** return at all.  Like choose_then with the options options_fn(p) gives,
** but when the step's coroutine can end here, it ends without working them
** out: they are worked out when someone asks for the decision
** (ark_lua_lazy_options).  false: the caller works them out now. */
static int e_choose_later(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (!g) return luaL_error(L, "ENGINE.choose_later outside a step");
  int p = ark_lua_arg_player(L, g, 1);
  const char *tag = luaL_checkstring(L, 2), *prompt = luaL_checkstring(L, 3);
  const char *ofn = luaL_checkstring(L, 4), *fn = luaL_checkstring(L, 5);
  if (strlen(ofn) >= sizeof g->lazy_fn || strlen(fn) >= sizeof g->cont_fn)
    return luaL_error(L, "choose_later: name too long");
  if (g->no_lazy || !at_step_base(L) || !step_table_empty(L, g)) {
    lua_pushboolean(L, 0);
    return 1;
  }
  g->optbuf.len = 0;
  ark_strbuf_add(&g->optbuf, tag, strlen(tag) + 1);
  size_t prompt_off = g->optbuf.len;
  ark_strbuf_add(&g->optbuf, prompt, strlen(prompt) + 1);
  g->dec.player = p;
  g->dec.tag = g->optbuf.s;
  g->dec.prompt = g->optbuf.s + prompt_off;
  g->dec.kind = strcmp(tag, "action") == 0 ? ARK_DK_ACTION : ARK_DK_CHOICE;
  g->dec.noptions = 0;
  g->dec.options = g->opts;
  g->dec.secret = 0;
  memcpy(g->lazy_fn, ofn, strlen(ofn) + 1);
  memcpy(g->cont_fn, fn, strlen(fn) + 1);
  g->cont_player = p;
  g->lazy = 1;
  g->opt_src = ARK_OPTS_TEXT;
  g->pending = 1;
  g->cont_offer = 1;
  lua_pushboolean(L, 1);                 /* as choose_then: the step returns */
  return 1;
}

/* g's decision has its n options in optbuf now (which may have moved). */
static void options_done(ark_game *g, int n) {
  size_t prompt_off = (size_t)(g->dec.prompt - g->dec.tag);
  g->dec.tag = g->optbuf.s;
  g->dec.prompt = g->optbuf.s + prompt_off;
  g->dec.noptions = n;
  ark_game_point_options(g);
}

/* Reads the options (table at -2) and codes (at -1) into g's decision;
** 0, or -1 if they are not strings and whole numbers. */
static int read_options(lua_State *L, ark_game *g) {
  if (!lua_istable(L, -2) || !lua_istable(L, -1)) return -1;
  int n = ark_rawlen(L, -2);
  if (n < 2 || n > ARK_MAX_OPTIONS || ark_rawlen(L, -1) != n) return -1;
  for (int i = 0; i < n; i++) {
    size_t len;
    int ok;
    lua_rawgeti(L, -2, i + 1);
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    if (s) {
      g->opt_off[i] = (int)g->optbuf.len;
      ark_strbuf_add(&g->optbuf, s, len + 1);
    }
    lua_rawgeti(L, -2, i + 1);
    g->codes[i] = (int)lua_tointegerx(L, -1, &ok);
    lua_pop(L, 2);
    if (!s || !ok) return -1;
  }
  options_done(g, n);
  return 0;
}

static void check_kept_state(ark_game *g, int *who, char *msg, size_t n);

/* The options ENGINE.turn_plays wrote into g's decision itself (it returns
** false and their count, lua_turn.c): 0, or -1 if the Lua function gave
** back something else. */
static int direct_options(lua_State *L, ark_game *g) {
  int n = g->direct_n;
  if (lua_toboolean(L, -2) || lua_tointeger(L, -1) != n || n < 2) return -1;
  options_done(g, n);
  return 0;
}

/* Calls the rules function below the seat on the stack top as a pure
** check of g (no primitive may change the game), under the watchdog, with
** nres results; the scripts it ran are then checked for kept state.  0
** when it returned and kept none. */
static int pure_call(ark_game *g, int nres) {
  lua_State *L = g->c->L;
  ark_content *c = g->c;
  int kept;
  char msg[ARK_ERRMSG];
  if (family_stopped(g)) {
    lua_pop(L, 2);                       /* the function and the seat */
    return 1;
  }
  memset(g->script_ran, 0, sizeof g->script_ran);
  g->script_ran_any = 0;
  ark_lua_set_game(c, g);
  ark_lua_pure(c, 1);
  int slot = ark_wd_enter(L, c->script_budget, c->lua_mem_limit);
  int st = lua_pcall(L, 1, nres, 0);
  int reason = ark_wd_leave(slot, L);
  if (st != ARK_LUA_OK && (reason == ARK_WD_TIME || reason == ARK_WD_MEMORY) &&
      lua_type(L, -1) == LUA_TSTRING) {
    const char *text = lua_tostring(L, -1);
    if (script_of_message(c, text) == -1) family_stop(g, text);   /* nothing to switch off */
  }
  if (st != ARK_LUA_OK && lua_type(L, -1) == LUA_TSTRING &&
      script_of_message(c, lua_tostring(L, -1)) != -1)
    family_failed(g, lua_tostring(L, -1));
  ark_lua_pure(c, -1);
  ark_lua_set_game(c, NULL);
  if (st != ARK_LUA_OK) modifier_ended(L);
  check_kept_state(g, &kept, msg, sizeof msg);
  return st != ARK_LUA_OK || kept != -1;
}

int ark_lua_lazy_options(ark_game *g) {
  lua_State *L = g->c->L;
  int top = lua_gettop(L);
  lua_getglobal(L, g->lazy_fn);
  lua_pushinteger(L, g->cont_player);
  g->direct_opts = 1;
  g->direct_n = -1;
  int bad = pure_call(g, 2);
  g->direct_opts = 0;
  bad = bad || (g->direct_n >= 0 ? direct_options(L, g) : read_options(L, g)) != 0;
  lua_settop(L, top);
  if (bad) return 1;
  g->lazy = 0;
  return 0;
}

int ark_lua_turn_quiet(ark_game *g, int p) {
  lua_State *L = g->c->L;
  ark_content *c = g->c;
  /* with no plugin, turn_quiet and turn are the rules' own, whose answer
  ** follows p's handlers of turn_start alone: p's zoo cards and map, as
  ** the stamp the rules keep those handlers under (ark.zoo_stamp) says */
  long long stamp = c->nplugins ? 0 : ark_lua_zoo_stamp(g, p);
  int slot = (int)(stamp & (long long)(sizeof c->quiet_kept / sizeof c->quiet_kept[0] - 1));
  if (stamp && c->quiet_kept[slot].stamp == stamp) return c->quiet_kept[slot].quiet;
  int top = lua_gettop(L);
  if (!c->turn_quiet_ref) {            /* loading is over: the rules' for good */
    lua_getglobal(L, "turn_quiet");
    c->turn_quiet_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->turn_quiet_ref);   /* void under LuaJIT */
  if (!lua_isfunction(L, -1)) {
    lua_settop(L, top);
    return 0;
  }
  lua_pushinteger(L, p);
  int ok = pure_call(g, 1) == 0, quiet = ok && lua_toboolean(L, -1);
  lua_settop(L, top);
  if (stamp && ok) {
    c->quiet_kept[slot].stamp = stamp;
    c->quiet_kept[slot].quiet = quiet;
  }
  return quiet;
}

static int query_msgh(lua_State *L);

static void open_engine(ark_content *c) {
  static const luaL_Reg fns[] = {
    {"touch", e_touch}, {"step_private", e_step_private},
    {"choose_then", e_choose_then}, {"choose_later", e_choose_later}, {"after", e_after},
    {"after_room", e_after_room},
    {"queue", e_queue}, {"dequeue", e_dequeue},
    {"choose_hand", e_choose_hand}, {"choose_places", e_choose_places},
    {NULL, NULL}
  };
  static const luaL_Reg msgh[] = { {"ark.query_msgh", query_msgh}, {NULL, NULL} };
  lua_newtable(c->L);
  ark_lua_api_register(c->L, c->lua, fns);
  ark_lua_turn_register(c->L, c->lua);
  lua_setglobal(c->L, "ENGINE");
  lua_pushvalue(c->L, LUA_REGISTRYINDEX);   /* with the context, as the primitives */
  ark_lua_api_register(c->L, c->lua, msgh);
  lua_pop(c->L, 1);
}

int ark_lua_open(ark_content *c, const char *cards_dir) {
  c->L = lua_newstate(counting_alloc, c);
#ifdef ARK_LUAJIT
  if (!c->L) {
    /* a LuaJIT built without its 64-bit GC mode takes no allocator of ours:
    ** nothing would cap what a script allocates in one call, so fan
    ** scripts are refused (refuse_uncapped) */
    c->L = luaL_newstate();
    c->mem_uncapped = 1;
  }
#endif
  if (!c->L) {
    ark_content_error(c, NULL, 0, "cannot create a Lua state");
    return -1;
  }
  lua_pushlightuserdata(c->L, c);
  lua_setfield(c->L, LUA_REGISTRYINDEX, "ark.content");
  ark_strlib_set_cap(c->L, c->lua_mem_limit);
  c->kept = calloc((ARK_MAX_CARDS + ARK_MAX_MAP_SCRIPTS) / 8, 1);
  if (!c->kept) {
    ark_content_error(c, NULL, 0, "out of memory");
    return -1;
  }
  open_safe_libs(c->L);
#if !defined(ARK_LUAJIT) && LUA_VERSION_NUM >= 504
  /* The rules, cards and scripts stay alive for the whole content, while
  ** each step makes tables that die within it (option lists, map spaces,
  ** coroutines): the generational collector mostly visits only the young
  ** ones, where the incremental one marks everything at each cycle.  No
  ** script can see when something is collected (the sandbox refuses __gc
  ** and __mode), so games stay the same. */
  lua_gc(c->L, LUA_GCGEN, 0, 0);
#endif
  if (ark_lua_api_open(c) != 0) return -1;
  open_engine(c);
  build_card_table(c);
  lua_newtable(c->L);                    /* filled by load_plugin_scripts */
  lua_setglobal(c->L, "PLUGIN_SCRIPTS");
  if (load_embedded_rules(c) != 0) return -1;
  if (load_card_lib(c, cards_dir) != 0) return -1;
  if (load_action_scripts(c, cards_dir) != 0) return -1;
  check_keywords(c);
  /* the plugins' scripts first: a rules function or ark primitive one
  ** replaces is then the one each card and map script's environment takes
  ** (make_card_env, api.lua), as the rules' own calls are */
  if (load_plugin_scripts(c) != 0 || load_card_scripts(c) != 0) return -1;
  ark_lua_query_fast_init(c);
  return c->nerrors ? -1 : 0;
}

void ark_lua_close(ark_content *c) {
  if (c->L) lua_close(c->L);
  ark_pool_close(&c->pool);
  c->L = NULL;
  c->queries_ref = c->query_msgh_ref = 0;
  for (int k = 0; k < ARK_FAST_QUERIES; k++) c->fast_query_ref[k] = LUA_NOREF;
  c->fast_animals_ref = c->fast_hand_fit_ref = c->fast_run_ref = LUA_NOREF;
  free(c->kept);
  c->kept = NULL;
  ark_lua_api_close(c);
}

/* ---- the family of a game and its clones ---- */

void ark_lua_family_share(ark_game *clone, ark_game *orig) {
  if (!family_of(orig)) return;
  clone->family = orig->family;
  clone->family->refs++;
}

void ark_lua_family_drop(ark_game *g) {
  if (g->family && --g->family->refs == 0) free(g->family);
  g->family = NULL;
}

int ark_lua_script_is_off(const ark_game *g, int card) {
  if ((g->s.script_off[card / 8] >> (card % 8)) & 1) return 1;
  return g->in_query && family_slow(g, card);
}

int ark_lua_map_script_is_off(const ark_game *g, int p) {
  if ((g->s.map_script_off >> p) & 1) return 1;
  return g->in_query && g->s.p[p].map >= 0 && family_slow(g, -2 - g->s.p[p].map);
}

/* ---- steps ---- */

static int start_coroutine(ark_game *g);

/* Does seat p's map run the script of map m?  (The two sides of a
** printed map share one script file.) */
static int runs_map_script(const ark_game *g, int p, int m) {
  if (g->s.p[p].map < 0) return 0;       /* not chosen yet (advanced mode) */
  const char *a = g->c->maps[g->s.p[p].map].script, *b = g->c->maps[m].script;
  return a && b && !strcmp(a, b);
}

/* Switches a script off in state s (who: as find_culprit names it). */
static void switch_off(const ark_game *g, ark_state *s, int who) {
  if (who >= 0) {
    s->script_off[who / 8] |= (uint8_t)(1u << (who % 8));
  } else {
    for (int p = 0; p < s->nplayers; p++)
      if (runs_map_script(g, p, -2 - who)) s->map_script_off |= (uint8_t)(1u << p);
  }
  s->script_stopped |= 1;
}

/* A card or map script failed: undo the step, switch that script off for
** the rest of the game, report it, and run the step again from its start.
** The snapshot of the step's start takes the switch and the report too, so
** a clone (which replays the step from the snapshot) does not run the
** script again, and logs what the game logged. */
static int stop_script(ark_game *g, int who, const char *msg, int reason) {
  char text[ARK_ERRMSG + 100];
  /* keep the scripts already switched off in this step: restoring the
  ** snapshot alone would switch them on again */
  uint8_t off[sizeof g->s.script_off], map_off = g->s.map_script_off;
  memcpy(off, g->s.script_off, sizeof off);
  ark_state_copy(&g->s, g->snap);
  memcpy(g->s.script_off, off, sizeof off);
  g->s.map_script_off = map_off;
  ark_game_note_drop(g);                 /* a save still gives the dropped answers */
  ark_log_cut(&g->log, g->snap_events, (size_t)g->snap_pool);
  if (g->nolog && !g->redo && g->nanswers > g->snap_answers) {   /* game.c, redo_dropped */
    g->nredo = g->nanswers - g->snap_answers;
    g->redo = malloc(sizeof *g->redo * (size_t)g->nredo);
    if (!g->redo) abort();
    memcpy(g->redo, g->answers + g->snap_answers, sizeof *g->redo * (size_t)g->nredo);
  }
  g->nanswers = g->snap_answers;
  g->pending = 0;
  g->cont = 0;                           /* the step runs again from its start */
  g->based = 0;
  switch_off(g, &g->s, who);
  ark_state *snap = ark_state_own(&g->snap);   /* the clones keep theirs */
  switch_off(g, snap, who);
  if (reason) {                          /* a limit of this machine (ark.h) */
    g->s.script_stopped |= 2;
    snap->script_stopped |= 2;
  }
  if (reason == ARK_WD_TIME) mark_slow(g, who);
  if (who >= 0) snprintf(text, sizeof text, "script of %s stopped: %s", g->c->cards[who].name, msg);
  else snprintf(text, sizeof text, "script of map %s stopped: %s", g->c->maps[-2 - who].name, msg);
  family_failed(g, text);
  /* a: the card, or the map index as map scripts' own log lines carry it;
  ** c: ARK_TEXT_STOP (ark_game_first_stop) */
  ark_game_log(g, -1, ARK_EV_TEXT, who >= 0 ? who : -2 - who, 0, ARK_TEXT_STOP, text);
  g->snap_events = g->log.nev;
  g->snap_pool = (int)g->log.pool.len;
  return start_coroutine(g);
}

/* Is that card's or map's script still on (who: as find_culprit names it)? */
static int script_still_on(const ark_game *g, int who) {
  if (who >= 0) return !(g->s.script_off[who / 8] & (1u << (who % 8)));
  for (int p = 0; p < g->s.nplayers; p++)
    if (runs_map_script(g, p, -2 - who) && !((g->s.map_script_off >> p) & 1)) return 1;
  return 0;
}

/* The message for a script (path) whose state changed: name and line as
** ark_state_check gives them, the line made that of the name's
** declaration where the file says. */
static void kept_message(ark_content *c, const char *path, int plugin, const char *name,
                         int line, char *msg, size_t n) {
  char ident[80];
  const char *q = strchr(name, '\'');
  snprintf(ident, sizeof ident, "%s", q ? q + 1 : name);
  char *end = strchr(ident, '\'');
  if (end) *end = '\0';
  size_t len;
  char *text = path ? read_file(path, &len) : NULL;
  int decl = !text ? 0 : strcmp(ident, "return") ? line_of_name(text, len, ident)
                                                  : line_of_return(text, len);
  free(text);
  const char *what = strcmp(name, "return") ? name : "its returned table";
  line = decl > 0 ? decl : line > 0 ? line : 1;
  const char *file = path ? shown_name(c, path) : "?";
  if (plugin) {
    snprintf(msg, n, "%s:%d: plugin stopped: its hooks keep state between calls (%s changed "
             "after a hook ran); a hook reads what it needs from the game (docs/plugins.md)",
             file, line, what);
    return;
  }
  snprintf(msg, n, "%s:%d: script stopped: it keeps state between calls (%s changed "
           "after a handler ran); a script's data belongs in ark.memo or ark.step_data",
           file, line, what);
}

/* The plugins' hooks, after every resume while a plugin keeps anything to
** compare: which of them ran is not tracked (they run unwrapped, in the
** rules' loops), and there are few.  A change is put back. */
static void check_plugins_kept(ark_game *g, int *who, char *msg, size_t n) {
  lua_State *L = g->c->L;
  int top = lua_gettop(L);
  ark_state_push_store(L);
  int store = lua_gettop(L);
  for (int i = 0; i < g->c->nplugins; i++) {
    char name[80];
    int line = 0;
    if (!((g->c->plugin_kept >> i) & 1u) ||
        !ark_state_check(L, store, PLUGIN_WHO(i), name, sizeof name, &line) || *who != -1)
      continue;
    *who = PLUGIN_WHO(i);
    kept_message(g->c, g->c->plugins[i].script, 1, name, line, msg, n);
  }
  lua_settop(L, top);
}

/* After a resume: the scripts that ran since the last check must have
** left their state as loading left it (script_state.c).  Puts back every
** change; the first culprit and its message go to *who and msg (who -1:
** none).  Their marks are cleared: a script checked (and put back) after
** one resume cannot change before it runs again. */
static void check_kept_state(ark_game *g, int *who, char *msg, size_t n) {
  *who = -1;
  if (g->c->plugin_kept) check_plugins_kept(g, who, msg, n);
  if (!g->script_ran_any) return;
  g->script_ran_any = 0;
  lua_State *L = g->c->L;
  int top = lua_gettop(L), store = 0;    /* the records: looked up once, if at all */
  for (size_t i = 0; i < sizeof g->script_ran; i++) {
    if (i % 8 == 0) {                    /* most words are empty: skip them whole */
      uint64_t a, k;
      memcpy(&a, g->script_ran + i, 8);
      memcpy(&k, g->c->kept + i, 8);
      if (!(a & k)) {
        i += 7;
        continue;
      }
    }
    uint8_t ran = g->script_ran[i] & g->c->kept[i];
    if (!ran) continue;
    for (int b = 0; b < 8; b++) {
      if (!((ran >> b) & 1)) continue;
      int bit = (int)i * 8 + b;
      int key = bit < ARK_MAX_CARDS ? bit : -2 - (bit - ARK_MAX_CARDS);
      char name[80];
      int line = 0;
      if (!store) {
        ark_state_push_store(L);
        store = lua_gettop(L);
      }
      if (!ark_state_check(L, store, key, name, sizeof name, &line) || *who != -1) continue;
      *who = key;
      const char *path = key >= 0 ? g->c->cards[key].script : g->c->maps[-2 - key].script;
      kept_message(g->c, path, 0, name, line, msg, n);
    }
  }
  memset(g->script_ran, 0, sizeof g->script_ran);
  lua_settop(L, top);
}

/* Puts the function ENGINE.after kept last, with its player and code, on
** the finished coroutine co, taking it off the state: 0, or LUA_ERRRUN
** with the message on co's stack. */
static int start_then(lua_State *co, ark_game *g) {
  ark_then t = g->s.then[--g->s.nthen];
  g->base_known = 0;                     /* a new function at the base */
  memset(&g->s.then[g->s.nthen], 0, sizeof t);
  lua_settop(co, 0);
  lua_getglobal(co, t.fn);
  if (!lua_isfunction(co, -1)) {
    lua_pushfstring(co, "rules function '%s' is missing", t.fn);
    return LUA_ERRRUN;
  }
  lua_pushinteger(co, t.player);
  lua_pushinteger(co, t.code);
  return 0;
}

/* Ends the game with msg, its state that of the step's start, so that what
** the game reports stays consistent; -1. */
static int fail_step(ark_game *g, const char *msg) {
  ark_lua_drop_step(g);
  ark_game_fail(g, "%s", msg);
  ark_state_copy(&g->s, g->snap);
  g->pending = 0;
  return -1;
}

static int run(ark_game *g, int nargs) {
  lua_State *co = g->co, *L = g->c->L;
  int nres = 0;
  if (family_stopped(g)) return fail_step(g, family_stopped(g));
  ark_lua_set_game(g->c, g);
  int slot = ark_wd_enter(co, g->c->script_budget, g->c->lua_mem_limit);
  int st = ark_resume(co, NULL, nargs, &nres);
  /* the step's function returned with no decision pending: what
  ** ENGINE.after kept runs next, the last first, on the same coroutine */
  while (st == ARK_LUA_OK && !g->pending && g->s.nthen > 0)
    if ((st = start_then(co, g)) == 0) st = ark_resume(co, NULL, 2, &nres);
  int reason = ark_wd_leave(slot, co);
  ark_lua_set_game(g->c, NULL);
  int kept;
  char kept_msg[ARK_ERRMSG];
  check_kept_state(g, &kept, kept_msg, sizeof kept_msg);
  if (st == LUA_YIELD || st == ARK_LUA_OK) {
    if (st == LUA_YIELD) lua_pop(co, nres);
    if (PLUGIN_OF(kept) >= 0) return fail_step(g, kept_msg);   /* it cannot be switched off */
    if (kept != -1 && script_still_on(g, kept)) return stop_script(g, kept, kept_msg, 0);
    if (st == ARK_LUA_OK && !g->pending) {
      g->s.nqueue = 0;                   /* what the rules never took ends with the step */
      g->step_done = 1;
      return 0;
    }
    if (!g->pending) {
      ark_game_fail(g, "a script yielded without asking for a decision");
      return -1;
    }
    if (g->cont_offer) {                 /* nothing waits on the coroutine */
      g->cont_offer = 0;
      g->cont = 1;
      g->based = 0;
      ark_lua_drop_step(g);
    } else if (st == ARK_LUA_OK) {
      ark_game_fail(g, "internal: a step returned with its decision pending");
      return -1;
    }
    return 0;
  }
  g->cont_offer = 0;
  modifier_ended(L);
  if (st == LUA_ERRMEM) reason = ARK_WD_MEMORY;
  char buf[200], msg[ARK_ERRMSG];
  const char *text = error_text(co, -1, buf, sizeof buf);
  culprit k;
  find_culprit(g->c, L, co, &k);
  if (k.who == -1) k.who = script_of_message(g->c, text);
  if (k.who == -1 && g->base_known) {    /* in what the base's script tail-called */
    k.who = g->base_who;
    k.line_def = g->base_line;
    k.line_last = g->base_last;
    snprintf(k.handler, sizeof k.handler, "%s", g->base_handler);
  }
  if (k.who != -1) compose(g->c, &k, text, reason, msg, sizeof msg);
  else plugin_fault(g->c, co, text, msg, sizeof msg);
  /* the dead coroutine still holds what the script allocated: let it go
  ** before collecting, or a step that filled the memory leaves it full */
  ark_lua_drop_step(g);
  lua_gc(L, LUA_GCCOLLECT, 0);
  if (k.who != -1 && script_still_on(g, k.who)) return stop_script(g, k.who, msg, reason);
  /* nothing to switch off (a plugin's hook, the rules): every game of the
  ** family stops with it, the AIs' copies first, which would otherwise
  ** steer the game clear of what fails (a break a hook fails in, put off
  ** to the turn cap) instead of showing it */
  family_stop(g, msg);
  return fail_step(g, msg);
}

/* Runs rules function fn(player, args...) as the step's new coroutine. */
static int start_fn(ark_game *g, const char *fn, int player, const int *args, int nargs) {
  lua_State *L = g->c->L;
  ark_lua_drop_step(g);
  memset(g->script_ran, 0, sizeof g->script_ran);
  g->script_ran_any = 0;
  g->base_known = 0;
  ark_content *c = g->c;
  lua_State *co;
  if (c->nspare > 0) {
    co = c->spare_co[--c->nspare];
    g->co_ref = c->spare_ref[c->nspare];
  } else {
    co = lua_newthread(L);
    g->co_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  g->co = co;                            /* its table: at its first use */
  lua_getglobal(co, fn);
  if (!lua_isfunction(co, -1)) {
    ark_game_fail(g, "rules function '%s' is missing", fn);
    return -1;
  }
  lua_pushinteger(co, player);
  for (int i = 0; i < nargs; i++) lua_pushinteger(co, args[i]);
  return run(g, 1 + nargs);
}

/* A step's rules function: fn(player, that player's map index), the map
** for the turn's start (turn, rules.lua), which would otherwise ask for it
** at every turn. */
static int start_coroutine(ark_game *g) {
  int map = g->s.p[g->step_player].map;
  return start_fn(g, g->step_fn, g->step_player, &map, 1);
}

int ark_lua_continue_at(ark_game *g, int code, int answer) {
  /* only a clone made inside the continuation reads its start (game.c):
  ** a game that keeps its log, seldom cloned, skips the copy per answer */
  g->base_lazy = g->leaf || (!g->nolog && g->nredeal == 0 && !g->step_lossy);
  if (!g->base_lazy) ark_state_set(&g->base, &g->s);
  return ark_lua_continue_from(g, code, answer);
}

int ark_lua_continue_from(ark_game *g, int code, int answer) {
  int args[2] = { code, answer };
  g->base_events = g->log.nev;
  g->base_pool = (int)g->log.pool.len;
  g->base_answers = g->nanswers;
  if (!g->base_lazy) {                   /* the base holds every earlier redeal */
    if (g->nredeal) g->step_lossy = 1;
    g->nredeal = 0;
  }
  g->cont = 0;
  g->based = 1;
  g->cont_code = code;
  g->cont_answer = answer;
  return start_fn(g, g->cont_fn, g->cont_player, args, 2);
}

int ark_lua_continue(ark_game *g, int answer) {
  return ark_lua_continue_at(g, g->codes[answer], answer + 1);
}

int ark_lua_start(ark_game *g, const char *fn, int player) {
  size_t len = strnlen(fn, sizeof g->step_fn - 1);   /* as snprintf would cut it */
  memcpy(g->step_fn, fn, len);
  g->step_fn[len] = '\0';
  g->step_player = player;
  return start_coroutine(g);
}

int ark_lua_resume(ark_game *g, int answer) {
  if (!g->co) {
    ark_game_fail(g, "no step is running");
    return -1;
  }
  lua_pushinteger(g->co, answer + 1);
  return run(g, 1);
}

/* Can coroutine co start another step?  One that returned can; under Lua
** 5.4 one suspended at a decision too, once reset (LuaJIT cannot). */
static int reusable(lua_State *co) {
  int st = lua_status(co);
#ifndef ARK_LUAJIT
  if (st == LUA_YIELD) st = lua_resetthread(co);
#endif
  if (st != ARK_LUA_OK) return 0;
  lua_settop(co, 0);
  return 1;
}

void ark_lua_drop_step(ark_game *g) {
  ark_content *c = g->c;
  if (c->L && g->co && g->co_ref >= 0 && c->nspare < 4 && reusable(g->co)) {
    c->spare_co[c->nspare] = g->co;
    c->spare_ref[c->nspare++] = g->co_ref;
    g->co_ref = -1;
  }
  if (g->c->L) {
    if (g->co_ref >= 0) luaL_unref(g->c->L, LUA_REGISTRYINDEX, g->co_ref);
    if (g->step_ref >= 0) luaL_unref(g->c->L, LUA_REGISTRYINDEX, g->step_ref);
  }
  g->co_ref = -1;
  g->step_ref = -1;
  g->co = NULL;
}

/* ---- read-only queries ---- */

void ark_lua_query_save(ark_game *g) {
  if (!g->qkeep && !(g->qkeep = malloc(sizeof *g->qkeep))) abort();
  ark_state_copy(g->qkeep, &g->s);
  g->qsaved = 1;
}

/* Message handler of a query: a script stopped for time is marked slow in
** the game's family, so the next queries skip it. */
static int query_msgh(lua_State *L) {
  ark_game *g = ark_lua_running(L);
  if (g && ark_wd_reason(L) == ARK_WD_TIME) {
    culprit k;
    find_culprit(g->c, L, L, &k);
    if (k.who != -1) mark_slow(g, k.who);
    else if (lua_type(L, 1) == LUA_TSTRING) family_stop(g, lua_tostring(L, 1));
  }
  return 1;
}

/* Runs on the main Lua state, outside any step: a query that tries to ask
** a decision fails (it cannot yield), and the state, the event log and the
** scripts' own state are put back whatever the scripts did, so a careless
** query cannot change the game.  A script that ran too long in this game
** or its clones counts as switched off here. */
static int run_query(ark_game *g, const char *name, int p, int *out, int max) {
  lua_State *L = g->c->L;
  int top = lua_gettop(L), n = -1;
  ark_content *c = g->c;
  if (!c->queries_ref) {                 /* loading is over: QUERIES is the rules' for good */
    lua_getglobal(L, "QUERIES");
    c->queries_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_getfield(L, LUA_REGISTRYINDEX, "ark.query_msgh");
    c->query_msgh_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->query_msgh_ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->queries_ref);
  if (lua_istable(L, -1)) lua_getfield(L, -1, name);
  if (!lua_isfunction(L, -1)) {
    lua_settop(L, top);
    return -1;
  }
  lua_replace(L, -2);                    /* msgh, the query */
  if ((n = ark_lua_query_fast(g, lua_gettop(L), name, p, out, max)) >= 0) {
    lua_settop(L, top);
    return n;
  }
  if (family_stopped(g)) {
    lua_settop(L, top);
    return -1;
  }
  g->qsaved = 0;
  int nev = g->log.nev;
  size_t pool = g->log.pool.len;
  uint8_t ran[sizeof g->script_ran];
  int ran_any = g->script_ran_any;
  memcpy(ran, g->script_ran, sizeof ran);
  memset(g->script_ran, 0, sizeof g->script_ran);
  g->script_ran_any = 0;
  lua_pushinteger(L, p);
  ark_lua_set_game(g->c, g);
  g->in_query = 1;
  int slot = ark_wd_enter(L, g->c->script_budget, g->c->lua_mem_limit);
  int st = lua_pcall(L, 1, 1, -3);
  ark_wd_leave(slot, L);
  g->in_query = 0;
  ark_lua_set_game(g->c, NULL);
  int kept;
  char msg[ARK_ERRMSG];
  check_kept_state(g, &kept, msg, sizeof msg);
  memcpy(g->script_ran, ran, sizeof ran);
  g->script_ran_any = ran_any;
  if (st != ARK_LUA_OK) {
    g->c->query_fails++;
    modifier_ended(L);
    /* a card's or map's script failed in an AI's question (a final scoring
    ** card's score that fails made the AIs discard the card, with no word
    ** of it): counted as a failure in a trial, which play and sim report */
    if (lua_type(L, -1) == LUA_TSTRING && script_of_message(c, lua_tostring(L, -1)) != -1)
      family_failed(g, lua_tostring(L, -1));
  }
  if (st == ARK_LUA_OK && lua_istable(L, -1)) {
    n = ark_rawlen(L, -1);
    /* read in runs of 16, one pop a run: the AIs read some 14 numbers from
    ** every query they ask */
    int t = lua_gettop(L), want = n < max ? n : max;
    int run = lua_checkstack(L, 16) ? 16 : 1;
    for (int i = 0; i < want; i += run) {
      int k = want - i < run ? want - i : run;
      for (int j = 0; j < k; j++) lua_rawgeti(L, t, i + j + 1);
      for (int j = 0; j < k; j++) out[i + j] = (int)lua_tointeger(L, t + 1 + j);
      lua_settop(L, t);
    }
  }
  lua_settop(L, top);
  if (g->qsaved) ark_state_copy(&g->s, g->qkeep);    /* and the log: a query leaves no trace */
  g->qsaved = 0;
  ark_log_cut(&g->log, nev, (size_t)pool);
  return n;
}

/* The key of query name for seat p among the kept results (recall.c). */
static uint64_t query_key(const char *name, int p) {
  uint64_t h = 0x51554552ull + (uint64_t)p;
  for (const char *c = name; *c; c++) h = (h ^ (unsigned char)*c) * 0x100000001B3ull;
  return h * 0x9E3779B97F4A7C15ull;
}

/* A query's result is kept with the parts of the state it read, and given
** again while they are the same: the value of a position asks four, and
** what the final scoring cards give, say, reads only a seat's tableau,
** which most actions leave as it was (recall.c). */
int ark_game_query(const ark_game *cg, const char *name, int p, int *out, int max) {
  ark_game *g = (ark_game *)cg;       /* bound for the call, restored after */
  if (!g->c->L || p < 0 || p >= g->s.nplayers) return -1;
  uint64_t key = query_key(name, p);
  int n = ark_recall_ints(g, key, out, max);
  if (n >= 0) return n;
  ark_recall_begin_unchanged(g);
  n = run_query(g, name, p, out, max);
  ark_recall_keep_ints(g, key, out, n <= max ? n : -1);
  return n;
}

