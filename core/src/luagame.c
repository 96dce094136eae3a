/*
** luagame.c - a game of a Lua-only game folder: setup, the loop of steps
** the rules' next() names, decisions, copies and the rules' numbers.
**
** A step is a coroutine of steps[name](seat) that yields at every
** G.choose.  When a step starts, the board is kept (snap); a copy of the
** game takes that board and runs the step again, feeding it the answers
** given since, with nothing logged, so no Lua stack is ever copied.
**
** Rules that never end are stopped: by the host's turn cap (in rounds, or
** in decisions in one round when the round stands still), and by a bound
** on steps run in a row without a decision.  A rules function that runs
** out of time or memory, or fails to give a number the AIs or the host
** need, stops the game and every copy of it (its family).
*/
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "luagame_int.h"
#include "rng.h"
#include "watchdog.h"

static _Thread_local ark_lg *current;

ark_lg *ark_lg_current(void) { return current; }
void ark_lg_set_current(ark_lg *g) { current = g; }

static void fail(ark_lg *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(ark_lg *g, const char *fmt, ...) {
  va_list ap;
  if (g->status == ARK_ERROR) return;   /* the first cause is the one to see */
  va_start(ap, fmt);
  vsnprintf(g->error, sizeof g->error, fmt, ap);
  va_end(ap);
  g->status = ARK_ERROR;
}

/* Stops the game's family: every game of it fails at its next step, and
** every call of a rule in it fails at once with `why`. */
static void stop_family(ark_lg *g, const char *why) {
  if (g->fam->stopped) return;
  g->fam->stopped = 1;
  snprintf(g->fam->why, sizeof g->fam->why, "%s", why);
}

/* The rules went wrong in g: g fails, and so does its whole family.  A
** copy an AI made may be the first to meet the mistake (the step of an
** option it weighs); if only the copy failed, the AI would steer the game
** clear of the mistake and the game would go on as if the rules were
** right. */
static void rules_failed(ark_lg *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void rules_failed(ark_lg *g, const char *fmt, ...) {
  char why[sizeof g->error];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  fail(g, "%s", why);
  stop_family(g, g->error);
}

void ark_lg_event(ark_lg *g, int seat, int type, const char *text, int seen, const char *others) {
  if (g->nolog || g->replaying) return;
  int other = -1;
  if (others) {
    other = (int)g->log.pool.len;
    ark_strbuf_add(&g->log.pool, others, strlen(others) + 1);
  }
  ark_log_add(&g->log, g->b.round, seat - 1, type, -1, -1, other, text, seen);
}


/* "file:line" where rules[name] (or steps[name] when in_steps) is defined. */
static const char *rule_where(const ark_lg *g, const char *name, int in_steps, char *buf,
                              size_t n) {
  lua_State *L = g->d->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, g->d->rules_ref);
  if (in_steps) {
    lua_getfield(L, -1, "steps");
    lua_remove(L, -2);
    if (!lua_istable(L, -1)) lua_newtable(L);
  }
  lua_getfield(L, -1, name);
  ark_lg_fn_where(g->d, L, -1, buf, n);
  lua_pop(L, 2);
  return buf;
}

static void push_answer(ark_lg *g, int i, int meta) {
  if (g->nanswers == g->capanswers) {
    int cap = g->capanswers ? g->capanswers * 2 : 256;
    int *na = realloc(g->answers, sizeof *na * (size_t)cap);
    uint8_t *nm = realloc(g->ameta, (size_t)cap);
    if (!na || !nm) abort();
    g->answers = na;
    g->ameta = nm;
    g->capanswers = cap;
  }
  g->ameta[g->nanswers] = (uint8_t)meta;
  g->answers[g->nanswers++] = i;
}

/* ---- calling the rules ---- */

/* Calls rules[name] with nargs arguments on the stack top, under the
** watchdog; leaves nres results.  0, 1 when an optional rule is missing,
** or -1 with the message in msg.  Once the family is stopped nothing
** runs; a rule stopped by the watchdog stops the family. */
static int call_rule(ark_lg *g, const char *name, int nargs, int nres, int optional, char *msg,
                     size_t n) {
  lua_State *L = g->d->L;
  int base = lua_gettop(L) - nargs;
  if (g->fam->stopped) {
    lua_settop(L, base);
    snprintf(msg, n, "%s", g->fam->why);
    return -1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, g->d->rules_ref);
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
  if (!lua_isfunction(L, -1)) {
    lua_settop(L, base);
    if (optional) return 1;
    snprintf(msg, n, "%s: the rules table has no function '%s'", g->d->rules, name);
    return -1;
  }
  lua_insert(L, base + 1);
  lua_pushcfunction(L, ark_lg_msgh);
  lua_insert(L, base + 1);
  ark_lg *before = current;
  current = g;
  int slot = ark_wd_enter(L, g->d->budget, g->d->mem_limit);
  int st = lua_pcall(L, nargs, nres, base + 1);
  int reason = ark_wd_leave(slot, L);
  current = before;
  lua_remove(L, base + 1);
  if (st != ARK_LUA_OK) {
    char where[300], text[600];
    rule_where(g, name, 0, where, sizeof where);
    snprintf(msg, n, "%s", ark_lg_error_text(L, st, where, text, sizeof text));
    lua_settop(L, base);
    if (reason || st == LUA_ERRMEM) {    /* not again in every copy */
      stop_family(g, msg);
      lua_gc(L, LUA_GCCOLLECT, 0);       /* LuaJIT collects only when told */
    }
    return -1;
  }
  return 0;
}

/* ---- creation ---- */

static void board_start(ark_lg *g, uint64_t seed) {
  ark_lg_board *b = &g->b;
  const ark_lg_def *d = g->d;
  ark_rng_seed(b->rng, seed);
  b->top = 1;
  b->bottom = 0;
  for (int s = 0; s <= g->nplayers; s++) {
    int table = s == 0;
    for (int t = 0; t < d->ntracks[table]; t++) b->track[s][t] = d->tracks[table][t].start;
  }
  for (int z = 0; z < ARK_LG_ZONES; z++) b->link[z] = (uint16_t)(1u << z);
}

void ark_lg_place(ark_lg_board *b, int c, int z, int seat, int32_t pos) {
  int from = b->zone[c] - 1;
  /* a card that leaves a zone for another shows that the cards of the one
  ** may be those of the other; the first placing (from no zone) shows
  ** nothing, so that a game's kinds of cards dealt to zones of their own
  ** stay apart */
  if (ark_lg_placed(b, c) && !(b->link[from] >> z & 1)) {
    uint16_t joined = b->link[from] | b->link[z];
    for (int k = 0; k < ARK_LG_ZONES; k++)
      if (joined >> k & 1) b->link[k] = joined;
  }
  b->zone[c] = (uint8_t)(z + 1);
  b->seat[c] = (uint8_t)seat;
  b->pos[c] = pos;
}

/* Sets the table track an option "name=value" names; 0, or -1 with msg. */
static int set_option(ark_lg *g, const char *opt, char *msg, size_t n) {
  char name[ARK_LG_NAME];
  const char *eq = strchr(opt, '=');
  size_t len = eq ? (size_t)(eq - opt) : 0;
  char *end = NULL;
  long v = eq ? strtol(eq + 1, &end, 10) : 0;
  if (!eq || len == 0 || len >= sizeof name || !eq[1] || *end) {
    snprintf(msg, n, "option '%s': expected NAME=NUMBER", opt);
    return -1;
  }
  memcpy(name, opt, len);
  name[len] = '\0';
  int t = ark_lg_track_index(g->d, 1, name);
  if (t < 0) {
    snprintf(msg, n, "option '%s': %s declares no table track '%s' (game.yaml, table:)", opt,
             g->d->gd.name, name);
    return -1;
  }
  const ark_lg_trackdef *tr = &g->d->tracks[1][t];
  if (v < tr->min || v > tr->max) {
    snprintf(msg, n, "option '%s': %s is %d to %d", opt, name, tr->min, tr->max);
    return -1;
  }
  g->b.track[0][t] = (int32_t)v;
  return 0;
}

ark_status ark_lg_new(ark_lg_def *d, int players, uint64_t seed, ark_lg **out, char *msg,
                      size_t n) {
  return ark_lg_new_opts(d, players, seed, NULL, 0, out, msg, n);
}

ark_status ark_lg_new_opts(ark_lg_def *d, int players, uint64_t seed, const char *const *opts,
                           int nopts, ark_lg **out, char *msg, size_t n) {
  return ark_lg_new_without(d, players, seed, opts, nopts, NULL, 0, out, msg, n);
}

ark_status ark_lg_new_without(ark_lg_def *d, int players, uint64_t seed,
                              const char *const *opts, int nopts, const int *cards, int ncards,
                              ark_lg **out, char *msg, size_t n) {
  *out = NULL;
  for (int i = 0; i < ncards; i++)
    if (cards[i] < 0 || cards[i] >= d->ncards) {
      snprintf(msg, n, "card %d to leave out: cards are 1 to %d", cards[i] + 1, d->ncards);
      return ARK_ERR_CONFIG;
    }
  if (players < d->gd.min_players || players > d->gd.max_players || players > ARK_LG_SEATS) {
    snprintf(msg, n, "%s is played by %d to %d players (got %d)", d->gd.title[0] ? d->gd.title
             : d->gd.name, d->gd.min_players, d->gd.max_players, players);
    return ARK_ERR_CONFIG;
  }
  ark_lg *g = calloc(1, sizeof *g);
  if (!g) {
    snprintf(msg, n, "out of memory");
    return ARK_ERR_MEMORY;
  }
  g->gs.gi = &ark_lg_gi;
  g->d = d;
  d->refs++;
  g->fam = calloc(1, sizeof *g->fam);
  if (!g->fam) abort();
  g->fam->refs = 1;
  g->nplayers = players;
  g->co_ref = LUA_NOREF;
  g->redeal_at = -1;
  board_start(g, seed);
  for (int i = 0; i < nopts; i++)
    if (set_option(g, opts[i], msg, n)) {
      ark_lg_free(g);
      return ARK_ERR_CONFIG;
    }
  /* out before setup: the rules deal without them, and never move them */
  for (int i = 0; i < ncards; i++) g->b.zone[cards[i]] = ARK_LG_OUT;
  if (call_rule(g, "setup", 0, 0, 0, msg, n)) {
    ark_lg_free(g);
    return ARK_ERR_SCRIPT;
  }
  *out = g;
  if (n) msg[0] = '\0';
  return ARK_OK;
}

static void drop_step(ark_lg *g) {
  if (g->co_ref != LUA_NOREF) luaL_unref(g->d->L, LUA_REGISTRYINDEX, g->co_ref);
  g->co_ref = LUA_NOREF;
  g->co = NULL;
  g->in_step = 0;
}

void ark_lg_free(ark_lg *g) {
  if (!g) return;
  drop_step(g);
  if (g->fam && --g->fam->refs == 0) free(g->fam);
  ark_lg_def_release(g->d);
  ark_strbuf_free(&g->optbuf);
  ark_log_free(&g->log);
  free(g->answers);
  free(g->ameta);
  free(g);
}

/* ---- the loop ---- */

/* Starts steps[name](seat) as the running coroutine; its arguments stay
** on the coroutine's stack for the first resume. */
static int start_step(ark_lg *g, const char *name, int seat) {
  lua_State *L = g->d->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, g->d->rules_ref);
  lua_getfield(L, -1, "steps");
  lua_getfield(L, -1, name);
  if (!lua_isfunction(L, -1)) {
    char where[300], known[200];
    size_t len = 0;
    lua_pop(L, 1);
    known[0] = '\0';
    /* the step names there are, in order, to spot a misspelling */
    for (const char *prev = ""; len + 40 < sizeof known;) {
      const char *best = NULL;
      lua_pushnil(L);
      while (lua_next(L, -2)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        if (k && strcmp(k, prev) > 0 && (!best || strcmp(k, best) < 0)) best = k;
        lua_pop(L, 1);
      }
      if (!best) break;
      int k = snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "", best);
      if (k < 0 || (size_t)k >= sizeof known - len) break;
      len += (size_t)k;
      prev = known + len - strlen(best);
    }
    lua_pop(L, 2);
    rules_failed(g, "%s: next() named the step '%s', which the table steps has no function "
                 "for (it has: %s)", rule_where(g, "next", 0, where, sizeof where), name,
                 known[0] ? known : "none");
    return -1;
  }
  g->co = lua_newthread(L);
  g->co_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_xmove(L, g->co, 1);
  lua_pop(L, 2);
  lua_pushinteger(g->co, seat);
  snprintf(g->step, sizeof g->step, "%s", name);
  g->step_seat = seat;
  g->in_step = 1;
  return 0;
}

/* The game is over (1).  What the host reads of a finished game, the
** rules' score, won, stats and rank, is asked once here, so that a
** mistake there stops the game with its line (-1) instead of cutting its
** summary short. */
static int finish(ark_lg *g) {
  char msg[512], names[64][32];
  double v[64];
  int order[ARK_LG_SEATS], won;
  for (int s = 0; s < g->nplayers; s++)
    if (ark_lg_score(g, s, v, msg, sizeof msg) || ark_lg_won(g, s, &won, msg, sizeof msg) < 0 ||
        ark_lg_stats(g, s, names, v, 64, msg, sizeof msg) < 0) {
      rules_failed(g, "%s", msg);
      return -1;
    }
  if (ark_lg_rank(g, order, msg, sizeof msg)) {
    rules_failed(g, "%s", msg);
    return -1;
  }
  g->status = ARK_END;
  return 1;
}

/* Whether the turn cap ends the game before its next step: the cap's
** event logged. */
int ark_lg_cap_decisions(const ark_lg *g) {
  int k = ARK_LG_CAP_DECISIONS * g->cap;
  /* rules that advance their round are capped by it: the decisions of one
  ** round only stop a round that never ends */
  return g->cap > 0 && g->b.round_moved && k < ARK_LG_CAP_ROUND ? ARK_LG_CAP_ROUND : k;
}

static int over_cap(ark_lg *g) {
  char text[200];
  int k = ark_lg_answers_now(g) - g->b.round_from, most = ark_lg_cap_decisions(g);
  if (g->cap <= 0) return 0;
  if (g->b.round > g->cap)
    snprintf(text, sizeof text, "the game is stopped by the turn cap: round %d is past %d",
             g->b.round, g->cap);
  else if (k > most)
    snprintf(text, sizeof text, "the game is stopped by the turn cap: %d decisions in round %d "
             "(at most %d in one round with a cap of %d rounds)", k, g->b.round, most, g->cap);
  else
    return 0;
  ark_lg_event(g, 0, ARK_LG_EV_TEXT, text, ARK_SEEN_ALL, NULL);
  g->capped = 1;
  return 1;
}

/* After the rules' next(): the next step, or the end. */
static int next_step(ark_lg *g) {
  char msg[512], where[300], step_at[300];
  lua_State *L = g->d->L;
  if (call_rule(g, "next", 0, 2, 0, msg, sizeof msg)) {
    rules_failed(g, "%s", msg);
    return -1;
  }
  if (lua_isnil(L, -2)) {
    lua_pop(L, 2);
    return finish(g);
  }
  const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
  int isnum = 0;
  lua_Integer seat = lua_tointegerx(L, -1, &isnum);
  if (!name || !isnum || seat < 0 || seat > g->nplayers) {
    char gave[120];
    snprintf(gave, sizeof gave, "%s and %s", luaL_typename(L, -2), luaL_typename(L, -1));
    if (name) snprintf(gave, sizeof gave, "'%.40s' and %s", name, isnum ? "a seat outside them"
                       : luaL_typename(L, -1));
    lua_pop(L, 2);
    rules_failed(g, "%s: next() must give a step name and a seat from 0 to %d, or nil at the "
                 "end (it gave %s)", rule_where(g, "next", 0, where, sizeof where), g->nplayers,
                 gave);
    return -1;
  }
  char step[ARK_LG_NAME];
  snprintf(step, sizeof step, "%s", name);
  lua_pop(L, 2);
  if (over_cap(g)) return finish(g);
  if (++g->idle_steps > ARK_LG_IDLE_STEPS) {
    rules_failed(g, "%s: %d steps in a row asked no decision, the last steps.%s(%d): next() "
                 "(%s) must end the game by returning nil, or lead to a step that calls "
                 "G.choose", rule_where(g, step, 1, step_at, sizeof step_at), ARK_LG_IDLE_STEPS,
                 step, (int)seat, rule_where(g, "next", 0, where, sizeof where));
    return -1;
  }
  g->snap = g->b;
  g->snap_answers = ark_lg_answers_now(g);
  if (!g->secret_open) {
    g->secret_snap = g->b;
    g->secret_answers = g->snap_answers;
  }
  g->redeal_at = -1;
  return start_step(g, step, (int)seat);
}

/* The decision G.choose yielded: seat, prompt, options, tag, secret. */
static void take_decision(ark_lg *g, lua_State *co, int nres) {
  int top = lua_gettop(co);
  int at = top - nres + 1;
  int n = ark_rawlen(co, at + 2);
  /* G.choose checked the prompt and the options, and gives a tag */
  const char *prompt = lua_tostring(co, at + 1), *tag = lua_tostring(co, at + 3);
  g->optbuf.len = 0;
  ark_strbuf_add(&g->optbuf, prompt, strlen(prompt) + 1);          /* at 0 */
  int off_tag = (int)g->optbuf.len;
  ark_strbuf_add(&g->optbuf, tag, strlen(tag) + 1);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(co, at + 2, i + 1);
    size_t len;
    const char *s = lua_tolstring(co, -1, &len);
    g->opt_off[i] = (int)g->optbuf.len;
    ark_strbuf_add(&g->optbuf, s, len + 1);
    lua_pop(co, 1);
  }
  for (int i = 0; i < n; i++) g->opts[i] = g->optbuf.s + g->opt_off[i];
  g->dec.player = (int)lua_tointeger(co, at) - 1;
  g->dec.kind = 0;
  g->dec.prompt = g->optbuf.s;
  g->dec.tag = g->optbuf.s + off_tag;
  g->dec.noptions = n;
  g->dec.options = g->opts;
  /* a private choice is shown to its seat alone, as a secret one is, but
  ** it is no secret answer: its options are cards only the seat sees,
  ** which a view deals anew already, so nothing need be drawn again */
  int how = (int)lua_tointeger(co, at + 4);
  g->dec.secret = how != 0;
  g->dec_private = how == 2;
  lua_settop(co, top - nres);
}

/* Resumes the running step with nargs values; 0 at a decision, 1 when the
** step ended, -1 on an error. */
static int resume(ark_lg *g, int nargs) {
  lua_State *co = g->co;
  int nres = 0;
  ark_lg *before = current;
  current = g;
  int slot = ark_wd_enter(co, g->d->budget, g->d->mem_limit);
  int st = ark_resume(co, g->d->L, nargs, &nres);
  ark_wd_leave(slot, co);
  current = before;
  if (st == LUA_YIELD) {
    take_decision(g, co, nres);
    g->idle_steps = 0;
    return 0;
  }
  if (st == ARK_LUA_OK) {
    drop_step(g);
    return 1;
  }
  char where[300], text[600];
  rules_failed(g, "%s", ark_lg_error_text(co, st, rule_where(g, g->step, 1, where,
               sizeof where), text, sizeof text));
  drop_step(g);
  /* what the step held is garbage now: the next game must not find the
  ** memory full (LuaJIT collects only when told) */
  if (st == LUA_ERRMEM) lua_gc(g->d->L, LUA_GCCOLLECT, 0);
  return -1;
}

ark_progress ark_lg_process(ark_lg *g) {
  for (;;) {
    if (g->status == 0 && g->fam->stopped) fail(g, "%s", g->fam->why);
    if (g->status == ARK_ERROR) return ARK_ERROR;
    if (g->status == ARK_END) return ARK_END;
    if (g->pending && !g->given) return ARK_AWAITING;
    int nargs = 1;
    if (!g->in_step) {
      if (next_step(g)) continue;            /* the end, or an error */
    } else {
      lua_pushinteger(g->co, g->given);
      g->given = 0;
      g->pending = 0;
    }
    int r = resume(g, nargs);
    if (r < 0) return ARK_ERROR;
    if (r == 0) g->pending = 1;
  }
}

const ark_decision *ark_lg_decision(const ark_lg *g) {
  return g->pending && !g->given ? &g->dec : NULL;
}

ark_status ark_lg_answer(ark_lg *g, int i, char *msg, size_t n) {
  char line[600], others[64];
  if (!g->pending || g->given) {
    snprintf(msg, n, "no decision is waiting");
    return ARK_ERR_REFUSED;
  }
  if (i < 0 || i >= g->dec.noptions) {
    snprintf(msg, n, "answer %d is not one of the %d options", i, g->dec.noptions);
    return ARK_ERR_REFUSED;
  }
  int seat = g->dec.player + 1;
  int secret_answer = g->dec.secret && !g->dec_private;
  push_answer(g, i, seat | (secret_answer ? ARK_LG_SECRET_BIT : 0));
  g->secret_open |= secret_answer;
  snprintf(line, sizeof line, "P%d: %s", seat, g->dec.options[i]);
  snprintf(others, sizeof others, "P%d chooses in secret", seat);
  ark_lg_event(g, seat, ARK_LG_EV_ANSWER, line, g->dec.secret ? 1 << (seat - 1) : ARK_SEEN_ALL,
             g->dec.secret ? others : NULL);
  g->given = i + 1;
  return ARK_OK;
}

/* ---- copies ---- */

/* one well-mixed number from x */
static uint64_t mix(uint64_t x) { return ark_rng_mix(&x); }

static int hidden_from(const ark_lg *g, int c, int viewer) {
  if (!ark_lg_placed(&g->b, c)) return 0;
  const ark_lg_zone *z = &g->d->zones[g->b.zone[c] - 1];
  return z->see == ARK_LG_SEE_NONE || (z->see == ARK_LG_SEE_OWNER && g->b.seat[c] != viewer + 1);
}

/* A place a hidden card fills: its zone, seat and position. */
typedef struct lg_place {
  uint8_t zone, seat;
  int32_t pos;
} lg_place;

static int place_order(const void *a, const void *b) {
  const lg_place *x = a, *y = b;
  if (x->zone != y->zone) return x->zone < y->zone ? -1 : 1;
  if (x->seat != y->seat) return x->seat < y->seat ? -1 : 1;
  return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Deals the cards hidden from viewer in the zones of `group` (bits) anew
** among the places they fill there.  The cards (by number) and the places
** (by zone, seat and position) are each taken in an order of their own,
** never in the order of which card fills which place: then the deal
** depends only on which cards are hidden and where the hidden places are,
** which the viewer knows, and on the seed.  (Dealing the places in the
** order of the cards in them gave every arrangement of its own deal, so
** two games the viewer cannot tell apart gave different views.) */
static void redeal_group(ark_lg *g, const ark_lg *now, int viewer, unsigned group,
                         uint64_t rng[4]) {
  int16_t ids[ARK_LG_CARDS];
  lg_place at[ARK_LG_CARDS];
  int n = 0;
  for (int c = 0; c < g->d->ncards; c++)
    if (hidden_from(g, c, viewer) && (!now || hidden_from(now, c, viewer)) &&
        (group >> (g->b.zone[c] - 1) & 1)) {
      at[n].zone = g->b.zone[c];
      at[n].seat = g->b.seat[c];
      at[n].pos = g->b.pos[c];
      ids[n++] = (int16_t)c;
    }
  qsort(at, (size_t)n, sizeof at[0], place_order);
  ark_rng_shuffle(rng, ids, n);
  for (int k = 0; k < n; k++) {
    g->b.zone[ids[k]] = at[k].zone;
    g->b.seat[ids[k]] = at[k].seat;
    g->b.pos[ids[k]] = at[k].pos;
  }
}

/* Deals the cards hidden from viewer anew among the places they fill:
** every zone keeps its count, the viewer's own and open cards stay, and a
** card goes only where it could be, to a zone joined to its own (board
** link: no event card in a hand that only ever held cards of the deck).
** The game's random numbers are the view's own from here, drawn from the
** seed: with the game's, a view would foresee every G.random and
** G.shuffle still to come (the next card of a public pile reshuffled, a
** die), which no seat may know.  They are not seeded with the seed itself:
** a game is, so a view of seed 1 would roll as a game of seed 1 that has
** not drawn yet (the game rolls as its seed says, a view as its own). */
static void deal_hidden(ark_lg *g, const ark_lg *now, int viewer, uint64_t seed) {
  uint64_t rng[4];
  unsigned done = 0;
  ark_rng_seed(rng, seed);
  for (int z = 0; z < g->d->nzones; z++)
    if (!(done >> z & 1)) {
      done |= g->b.link[z];
      redeal_group(g, now, viewer, g->b.link[z], rng);
    }
}

static void own_chance(ark_lg *g, uint64_t seed) {
  ark_rng_seed(g->b.rng, mix(seed ^ 0x766965772d726e67ULL));   /* "view-rng" */
}

static void redeal(ark_lg *g, int viewer, uint64_t seed) {
  deal_hidden(g, NULL, viewer, seed);
  own_chance(g, seed);
}

static ark_lg *copy_of(const ark_lg *g, int with_log) {
  ark_lg *n = calloc(1, sizeof *n);
  if (!n) abort();
  n->gs.gi = &ark_lg_gi;
  n->d = g->d;
  n->d->refs++;
  n->fam = g->fam;
  n->fam->refs++;
  n->nplayers = g->nplayers;
  n->status = g->status;
  n->cap = g->cap;
  n->capped = g->capped;
  n->idle_steps = g->idle_steps;
  memcpy(n->error, g->error, sizeof n->error);
  n->co_ref = LUA_NOREF;
  n->nolog = g->nolog || !with_log;
  if (!n->nolog) ark_log_copy(&n->log, &g->log, g->log.nev, g->log.pool.len);
  if (g->nanswers) {
    n->answers = malloc(sizeof *n->answers * (size_t)g->nanswers);
    n->ameta = malloc((size_t)g->nanswers);
    if (!n->answers || !n->ameta) abort();
    memcpy(n->answers, g->answers, sizeof *n->answers * (size_t)g->nanswers);
    memcpy(n->ameta, g->ameta, (size_t)g->nanswers);
    n->nanswers = n->capanswers = g->nanswers;
  }
  n->snap = g->snap;
  n->snap_answers = g->snap_answers;
  n->secret_snap = g->secret_snap;
  n->secret_answers = g->secret_answers;
  n->secret_open = g->secret_open;
  n->revealed = g->revealed;
  n->redeal_at = g->redeal_at;
  n->redeal_viewer = g->redeal_viewer;
  n->redeal_seed = g->redeal_seed;
  return n;
}

/* The rules played otherwise in copy n than in g with the same answers:
** rules that keep state in Lua variables (a copy runs the step again in
** the same Lua state).  n fails; the text says what it found. */
static void copy_differs(ark_lg *n, const ark_lg *g, const char *what) {
  fail(n, "%s: a copy of the game %s: the rules do not play the same with the same answers "
       "(everything a game remembers must be in tracks, zones and counters)", g->d->rules, what);
}

/* Whether a copy's decision (n) is the game's (g): a copy plays the very
** same step with the very same answers, so anything else is kept state. */
static int same_decision(const ark_lg *n, const ark_lg *g) {
  const ark_decision *a = &n->dec, *b = &g->dec;
  return a->player == b->player && a->noptions == b->noptions && !strcmp(a->tag, b->tag) &&
         !strcmp(a->prompt, b->prompt);
}

/* A clone (not a view: a view deals hidden cards anew, so its options may
** differ) is offered, at each answer it is fed, a decision that answer
** fits, and reaches the game's pending decision.  1 when the clone's
** decision does not fit the game's answer k (a): n has failed. */
static int clone_off_course(ark_lg *n, const ark_lg *g, int k, int a) {
  char what[300];
  if (a < n->dec.noptions) return 0;
  snprintf(what, sizeof what, "did not play the same: P%d's \"%.80s\" offered %d options, "
           "where the game's answer %d there was option %d", n->dec.player + 1, n->dec.prompt,
           n->dec.noptions, k + 1, a + 1);
  copy_differs(n, g, what);
  return 1;
}

/* n, a clone, has reached the decision where g waits: n fails unless it
** is g's. */
static void clone_reached(ark_lg *n, const ark_lg *g) {
  char what[600];
  if (same_decision(n, g)) return;
  snprintf(what, sizeof what, "did not reach the same decision: it asks P%d \"%.60s\" "
           "(%d options, tag %.24s) where the game asks P%d \"%.60s\" (%d options, tag %.24s)",
           n->dec.player + 1, n->dec.prompt, n->dec.noptions, n->dec.tag, g->dec.player + 1,
           g->dec.prompt, g->dec.noptions, g->dec.tag);
  copy_differs(n, g, what);
}

/* n plays again from `from` (a board where the answers before `at` were
** given, at the start of a step, or of the running step when `step`),
** feeding g's answers up to the one pending, with nothing logged.  For a
** viewer >= 0 the other seats' secret answers not revealed are drawn anew
** from seed among the options then offered. */
static void replay(ark_lg *n, const ark_lg *g, const ark_lg_board *from, int at, int step,
                   int viewer, uint64_t seed) {
  int end = g->nanswers - (g->given ? 1 : 0), r;
  n->b = *from;
  n->replaying = 1;
  n->replay_pos = at;
  if (step) {
    r = start_step(n, g->step, g->step_seat) ? -1 : resume(n, 1);
  } else {
    n->secret_open = 0;                  /* the window opens again as it did */
    r = next_step(n) ? -1 : resume(n, 1);
  }
  for (;;) {
    if (r > 0) {                         /* the step ended: the rules' next one */
      r = next_step(n) ? -1 : resume(n, 1);
      continue;
    }
    if (r < 0) break;
    if (n->replay_pos == n->redeal_at) {     /* a view's clone: where the view was made */
      if (n->redeal_viewer >= 0) redeal(n, n->redeal_viewer, n->redeal_seed);
      else own_chance(n, n->redeal_seed);   /* dealt at the start (view_from_start) */
    }
    if (n->replay_pos >= end) break;
    int k = n->replay_pos, a = n->answers[k], meta = n->ameta[k];
    if (viewer < 0 && clone_off_course(n, g, k, a)) {
      drop_step(n);
      r = -1;
      break;
    }
    if (viewer >= 0 && (meta & ARK_LG_SECRET_BIT) && (meta & 0x7f) != viewer + 1 &&
        k >= g->revealed)
      a = n->answers[k] = (int)(mix(seed ^ ((uint64_t)k << 20)) % (uint64_t)n->dec.noptions);
    else if (a >= n->dec.noptions)
      a = n->answers[k] = a % n->dec.noptions;
    n->secret_open |= (meta & ARK_LG_SECRET_BIT) != 0;
    lua_pushinteger(n->co, a + 1);
    n->replay_pos = k + 1;
    r = resume(n, 1);
  }
  if (r == 0) {
    n->pending = 1;
    if (viewer < 0) clone_reached(n, g);
  } else if (n->status != ARK_ERROR) {
    copy_differs(n, g, "ended early");
  }
  n->given = g->given;
  n->replaying = 0;
}

ark_lg *ark_lg_clone(const ark_lg *g, int with_log) {
  ark_lg *n = copy_of(g, with_log);
  if (!g->in_step || g->status) n->b = g->b;
  else replay(n, g, &g->snap, g->snap_answers, 1, -1, 0);
  return n;
}

/* A view in the middle of a step plays the step again from its start (or
** from the step of the oldest secret still open), where the cards hidden
** from viewer then and now are dealt anew first: the step's Lua locals
** then hold the view's cards.  Dealing them only at the pending decision
** left a local taken before it (`local card = G.top("hand", 2)`, then
** G.choose) holding the real card, which the AIs' trials went on to read:
** the greedy guessed another seat's hidden card right in 400 games of 400.
** 0, or -1 when the step played on the view's cards does not reach the
** game's decision (the rules' flow depends on a hidden card): n is then
** spent. */
static int view_from_start(ark_lg *n, const ark_lg *g, int viewer, uint64_t seed) {
  ark_lg_board start = g->secret_open ? g->secret_snap : g->snap;
  n->b = start;
  deal_hidden(n, g, viewer, seed);
  start = n->b;
  n->redeal_at = -1;
  if (g->secret_open) {
    n->secret_snap = start;
    replay(n, g, &start, g->secret_answers, 0, viewer, seed);
  } else {
    n->snap = start;                    /* the view's clones play again from here */
    replay(n, g, &start, g->snap_answers, 1, viewer, seed);
  }
  if (n->status || !n->pending || !same_decision(n, g)) return -1;
  own_chance(n, seed);
  n->redeal_at = g->nanswers;           /* its clones take the same chance there */
  n->redeal_viewer = -1;
  n->redeal_seed = seed;
  return 0;
}

ark_lg *ark_lg_view(const ark_lg *g, int viewer, uint64_t seed) {
  ark_lg *n = copy_of(g, 0);
  if (!g->in_step || g->status) {
    n->b = g->b;
    redeal(n, viewer, seed);
    return n;
  }
  if (view_from_start(n, g, viewer, seed) == 0) return n;
  /* the step on the real cards to the decision, dealt there: a local may
  ** hold a real hidden card, but the flow the seat saw is the game's */
  ark_lg_free(n);
  n = copy_of(g, 0);
  n->redeal_at = -1;
  if (g->secret_open) replay(n, g, &g->secret_snap, g->secret_answers, 0, viewer, seed);
  else replay(n, g, &g->snap, g->snap_answers, 1, viewer, seed);
  n->redeal_at = g->nanswers;
  n->redeal_viewer = viewer;
  n->redeal_seed = seed;
  redeal(n, viewer, seed);
  return n;
}

/* ---- what the host reads ---- */

const char *ark_lg_error(const ark_lg *g) { return g->error; }
const char *ark_lg_error_here(const ark_lg *g, char *buf, size_t n) {
  return ark_lg_from_here(g->d->gd.dir, g->error, buf, n);
}
const char *ark_lg_step(const ark_lg *g) { return g->in_step ? g->step : ""; }
void ark_lg_set_cap(ark_lg *g, int rounds) { g->cap = rounds > 0 ? rounds : 0; }
int ark_lg_capped(const ark_lg *g) { return g->capped; }
int ark_lg_players(const ark_lg *g) { return g->nplayers; }
int ark_lg_rounds(const ark_lg *g) { return g->b.round; }
const ark_log *ark_lg_log(const ark_lg *g) { return &g->log; }
int ark_lg_nanswers(const ark_lg *g) { return g->nanswers; }
const int *ark_lg_answers(const ark_lg *g) { return g->answers; }

int ark_lg_track(const ark_lg *g, int seat, const char *name, int *out) {
  int t = seat >= 0 && seat <= g->nplayers ? ark_lg_track_index(g->d, seat == 0, name) : -1;
  if (t < 0) return -1;
  *out = g->b.track[seat][t];
  return 0;
}

int ark_lg_zone_size(const ark_lg *g, int z, int seat) {
  int n = 0;
  for (int c = 0; c < g->d->ncards; c++) n += g->b.zone[c] == z + 1 && g->b.seat[c] == seat;
  return n;
}

int ark_lg_zone_count(const ark_lg *g, const char *zone, int seat) {
  int z = ark_lg_zone_index(g->d, zone);
  if (z < 0 || seat < 0 || seat > g->nplayers) return -1;
  return ark_lg_zone_size(g, z, seat);
}

int ark_lg_zone_ids(const ark_lg *g, int z, int seat, int *ids, int max) {
  int n = 0;
  for (int c = 0; c < g->d->ncards; c++)
    if (g->b.zone[c] == z + 1 && g->b.seat[c] == seat && n < max) {
      int j = n++;
      while (j > 0 && g->b.pos[ids[j - 1]] > g->b.pos[c]) {
        ids[j] = ids[j - 1];
        j--;
      }
      ids[j] = c;
    }
  return n;
}

int ark_lg_zone_cards(const ark_lg *g, const char *zone, int seat, int *ids, int max) {
  int z = ark_lg_zone_index(g->d, zone);
  if (z < 0 || seat < 0 || seat > g->nplayers) return -1;
  return ark_lg_zone_ids(g, z, seat, ids, max);
}

size_t ark_lg_event_text(const ark_lg *g, const ark_event *e, int seat, char *buf, size_t n) {
  const char *t = ark_log_text(&g->log, e);
  int k;
  if (ark_event_visible(e, seat)) k = snprintf(buf, n, "%s", t ? t : "");
  else if (e->c >= 0) k = snprintf(buf, n, "%s", g->log.pool.s + e->c);
  else k = snprintf(buf, n, "P%d does something only they see", e->player + 1);
  return k < 0 ? 0 : (size_t)k;
}

/* A rule the AIs' numbers or the host's summary need failed: the game
** and its copies stop (the AIs would steer clear of the mistake, or meet
** it in every copy). */
static int numbers_failed(ark_lg *g, const char *msg) {
  stop_family(g, msg);
  return -1;
}

static int number_of(ark_lg *g, const char *rule, int seat, int optional, double *out, char *msg,
                     size_t n) {
  lua_State *L = g->d->L;
  char where[300];
  lua_pushinteger(L, seat + 1);
  int r = call_rule(g, rule, 1, 1, optional, msg, n);
  if (r > 0) return r;
  if (r < 0) return numbers_failed(g, msg);
  int num = lua_type(L, -1) == LUA_TNUMBER;
  *out = lua_tonumber(L, -1);
  /* nan or inf is no score: it ranks and sums to nonsense (a nan lead
  ** read as a failed rule by the AIs, "Winner: P1 with -nan points") */
  int ok = num && isfinite(*out);
  if (!ok)
    snprintf(msg, n, "%s: %s(%d) must give a number, not %s", rule_where(g, rule, 0, where,
             sizeof where), rule, seat + 1, num ? (*out != *out ? "nan" : "an infinity")
             : luaL_typename(L, -1));
  lua_pop(L, 1);
  return ok ? 0 : numbers_failed(g, msg);
}

int ark_lg_score(ark_lg *g, int seat, double *out, char *msg, size_t n) {
  return number_of(g, "score", seat, 0, out, msg, n);
}

int ark_lg_value(ark_lg *g, int seat, double *out, char *msg, size_t n) {
  int r = number_of(g, "value", seat, 1, out, msg, n);
  return r == 1 ? ark_lg_score(g, seat, out, msg, n) : r;
}

int ark_lg_won(ark_lg *g, int seat, int *won, char *msg, size_t n) {
  lua_State *L = g->d->L;
  char where[300];
  lua_pushinteger(L, seat + 1);
  int r = call_rule(g, "won", 1, 1, 1, msg, n);
  if (r > 0) return r;
  if (r < 0) return numbers_failed(g, msg);
  int t = lua_type(L, -1);
  *won = lua_toboolean(L, -1);
  if (t != LUA_TNIL && t != LUA_TBOOLEAN)
    snprintf(msg, n, "%s: won(%d) must give true, false or nil, not %s", rule_where(g, "won", 0,
             where, sizeof where), seat + 1, luaL_typename(L, -1));
  lua_pop(L, 1);
  if (t == LUA_TNIL) return 1;
  return t == LUA_TBOOLEAN ? 0 : numbers_failed(g, msg);
}

int ark_lg_rank(ark_lg *g, int *order, char *msg, size_t n) {
  lua_State *L = g->d->L;
  char where[300];
  int r = call_rule(g, "rank", 0, 1, 1, msg, n);
  if (r < 0) return numbers_failed(g, msg);
  if (r == 0) {
    int seen = 0, ok = lua_istable(L, -1) && ark_rawlen(L, -1) == g->nplayers;
    for (int i = 0; ok && i < g->nplayers; i++) {
      lua_rawgeti(L, -1, i + 1);
      int s = (int)lua_tointeger(L, -1) - 1;
      lua_pop(L, 1);
      ok = s >= 0 && s < g->nplayers && !(seen & (1 << s));
      seen |= 1 << s;
      order[i] = s;
    }
    lua_pop(L, 1);
    if (ok) return 0;
    snprintf(msg, n, "%s: rank() must give every seat once, best first (a list of %d seats)",
             rule_where(g, "rank", 0, where, sizeof where), g->nplayers);
    return numbers_failed(g, msg);
  }
  /* no rank(): by score, then the earlier seat */
  double score[ARK_LG_SEATS];
  for (int s = 0; s < g->nplayers; s++) {
    if (ark_lg_score(g, s, &score[s], msg, n)) return -1;
    order[s] = s;
  }
  for (int i = 1; i < g->nplayers; i++)
    for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  return 0;
}

int ark_lg_stats(ark_lg *g, int seat, char names[][32], double *values, int max, char *msg,
                 size_t n) {
  lua_State *L = g->d->L;
  char where[300];
  lua_pushinteger(L, seat + 1);
  int r = call_rule(g, "stats", 1, 1, 1, msg, n);
  if (r) return r > 0 ? 0 : numbers_failed(g, msg);
  int k = 0, bad = 0;
  if (!lua_istable(L, -1)) {
    snprintf(msg, n, "%s: stats(%d) must give a table of named numbers, not %s",
             rule_where(g, "stats", 0, where, sizeof where), seat + 1, luaL_typename(L, -1));
    bad = 1;
  } else {
    lua_pushnil(L);
    while (!bad && lua_next(L, -2)) {
      if (lua_type(L, -2) != LUA_TSTRING) {
        snprintf(msg, n, "%s: stats(%d): every key is a name, not a %s",
                 rule_where(g, "stats", 0, where, sizeof where), seat + 1, luaL_typename(L, -2));
        bad = 1;
      } else if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1))) {
        snprintf(msg, n, "%s: stats(%d): '%s' must be a number, not %s%s",
                 rule_where(g, "stats", 0, where, sizeof where), seat + 1, lua_tostring(L, -2),
                 lua_type(L, -1) == LUA_TNUMBER ? "" : "a ", lua_type(L, -1) == LUA_TNUMBER
                 ? (lua_tonumber(L, -1) != lua_tonumber(L, -1) ? "nan" : "an infinity")
                 : luaL_typename(L, -1));
        bad = 1;
      } else if (k < max) {
        snprintf(names[k], 32, "%s", lua_tostring(L, -2));
        values[k++] = lua_tonumber(L, -1);
      }
      lua_pop(L, 1);
    }
    if (bad) lua_pop(L, 1);              /* the key lua_next left */
  }
  lua_pop(L, 1);
  if (bad) return numbers_failed(g, msg);
  /* pairs() order is the table's: sorted by name, every run reads alike */
  for (int i = 1; i < k; i++)
    for (int j = i; j > 0 && strcmp(names[j], names[j - 1]) < 0; j--) {
      char t[32];
      double v = values[j];
      memcpy(t, names[j], 32);
      memcpy(names[j], names[j - 1], 32);
      memcpy(names[j - 1], t, 32);
      values[j] = values[j - 1];
      values[j - 1] = v;
    }
  return k;
}

/* The table of lines on the stack's top into buf, one per line; popped. */
static void take_lines(lua_State *L, char *buf, size_t n) {
  size_t len = 0;
  if (lua_istable(L, -1))
    for (int i = 1; i <= ark_rawlen(L, -1); i++) {
      lua_rawgeti(L, -1, i);
      const char *s = lua_tostring(L, -1);
      int k = s ? snprintf(buf + len, n - len, "%s\n", s) : 0;
      if (k > 0) len = len + (size_t)k < n ? len + (size_t)k : n - 1;
      lua_pop(L, 1);
    }
  lua_pop(L, 1);
}

/* msg (of n) names its file from where the user stands, as the game's
** other errors do (ark_lg_error_here); -1. */
static int failed_here(const ark_lg *g, char *msg, size_t n) {
  ark_lg_name_here(g->d->gd.dir, msg, n);
  return -1;
}

int ark_lg_summary(ark_lg *g, char *buf, size_t n, char *msg, size_t msgn) {
  buf[0] = '\0';
  int r = call_rule(g, "summary", 0, 1, 1, msg, msgn);
  if (r) return r > 0 ? 0 : failed_here(g, msg, msgn);
  take_lines(g->d->L, buf, n);
  return 0;
}

/* Appends to buf (of n, len so far in *len) as snprintf would. */
static void add_text(char *buf, size_t n, size_t *len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = *len < n ? vsnprintf(buf + *len, n - *len, fmt, ap) : 0;
  va_end(ap);
  if (k > 0) *len = *len + (size_t)k < n ? *len + (size_t)k : n - 1;
}

/* CARDS[id + 1][key] pushed as text (numbers converted), or nothing and
** NULL.  Raw reads: no code of the rules runs. */
static const char *card_field(lua_State *L, int id, const char *key) {
  lua_getglobal(L, "CARDS");
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    return NULL;
  }
  lua_rawgeti(L, -1, id + 1);
  if (!lua_istable(L, -1)) {
    lua_pop(L, 2);
    return NULL;
  }
  lua_pushstring(L, key);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  lua_remove(L, -2);
  if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
    lua_pop(L, 1);
    return NULL;
  }
  return lua_tostring(L, -1);
}

/* A zone of seat s (0: the table's) as viewer sees it: its cards' names
** where it may see them, else how many there are. */
static void add_zone(ark_lg *g, int z, int s, int viewer, char *buf, size_t n, size_t *len) {
  const ark_lg_zone *zd = &g->d->zones[z];
  int ids[ARK_LG_CARDS], k = ark_lg_zone_ids(g, z, s, ids, ARK_LG_CARDS);
  int open = zd->see == ARK_LG_SEE_ALL || (zd->see == ARK_LG_SEE_OWNER && s == viewer + 1);
  add_text(buf, n, len, "  %s: %d card%s", zd->name, k, k == 1 ? "" : "s");
  for (int i = 0; open && i < k; i++) {
    const char *name = card_field(g->d->L, ids[i], "name");
    add_text(buf, n, len, "%s%s", i ? ", " : ": ", name ? name : "?");
    if (name) lua_pop(g->d->L, 1);
  }
  add_text(buf, n, len, "\n");
}

/* The tracks of seat s (0: the table's) on one line; a value that
** differs from `since` (not NULL) is marked '?'; how many were. */
static int add_tracks(const ark_lg *g, int s, const ark_lg_board *since, char *buf, size_t n,
                      size_t *len) {
  const ark_lg_def *d = g->d;
  int table = s == 0, marked = 0;
  for (int t = 0; t < d->ntracks[table]; t++) {
    int guess = since && since->track[s][t] != g->b.track[s][t];
    add_text(buf, n, len, "%s %s %d%s", t ? "," : "", d->tracks[table][t].name,
             g->b.track[s][t], guess ? "?" : "");
    marked += guess;
  }
  add_text(buf, n, len, "\n");
  return marked;
}

/* The board of rules without board(): every track the game declares and
** every zone, the cards named where viewer may see them.  g is viewer's
** view: while another seat's secret answer is open, it played on from a
** guess of that answer, so every track changed since (since: the board
** before it) is marked as one that may rest on the guess. */
static void default_board(ark_lg *g, int viewer, const ark_lg_board *since, char *buf,
                          size_t n) {
  const ark_lg_def *d = g->d;
  size_t len = 0;
  add_text(buf, n, &len, "table:");
  int marked = add_tracks(g, 0, since, buf, n, &len);
  for (int z = 0; z < d->nzones; z++)
    if (!d->zones[z].per_seat) add_zone(g, z, 0, viewer, buf, n, &len);
  for (int s = 1; s <= g->nplayers; s++) {
    add_text(buf, n, &len, "P%d%s:", s, s == viewer + 1 ? " (you)" : "");
    marked += add_tracks(g, s, since, buf, n, &len);
    for (int z = 0; z < d->nzones; z++)
      if (d->zones[z].per_seat) add_zone(g, z, s, viewer, buf, n, &len);
  }
  if (marked)
    add_text(buf, n, &len, "?: changed since another seat's unrevealed secret answer: worked "
             "out from a guess of it, so maybe not the real value\n");
}

/* Whether g has a secret answer of a seat other than viewer not yet
** revealed, which viewer's view guesses. */
static int guesses_for(const ark_lg *g, int viewer) {
  for (int k = g->revealed; k < g->nanswers; k++)
    if ((g->ameta[k] & ARK_LG_SECRET_BIT) && (g->ameta[k] & 0x7f) != viewer + 1) return 1;
  return 0;
}

int ark_lg_board_text(ark_lg *g, int seat, char *buf, size_t n, char *msg, size_t msgn) {
  buf[0] = '\0';
  if (seat < 0 || seat >= g->nplayers) {
    snprintf(msg, msgn, "no seat %d", seat + 1);
    return -1;
  }
  /* the view, never the game: whatever board() prints, it can only show
  ** what the seat may know (cards it cannot see are dealt anew there) */
  ark_lg *v = ark_lg_view(g, seat, 1);
  if (!v) {
    snprintf(msg, msgn, "no view of the game for seat %d", seat + 1);
    return -1;
  }
  lua_pushinteger(v->d->L, seat + 1);
  int r = call_rule(v, "board", 1, 1, 1, msg, msgn);
  if (r == 0) take_lines(v->d->L, buf, n);
  else if (r > 0)
    default_board(v, seat, guesses_for(g, seat) ? &v->secret_snap : NULL, buf, n);
  ark_lg_free(v);
  return r < 0 ? failed_here(g, msg, msgn) : 0;
}

/* ---- the state's hash (saves) ---- */

static uint64_t hash_in(uint64_t h, uint64_t v) {
  h ^= v;
  h *= 0x100000001b3ULL;
  return h ^ (h >> 29);
}

static uint64_t hash_text(uint64_t h, const char *s) {
  for (; *s; s++) h = hash_in(h, (unsigned char)*s);
  return hash_in(h, 0x100);
}

uint64_t ark_lg_state_hash(ark_lg *g) {
  const ark_lg_def *d = g->d;
  const ark_lg_board *b = &g->b;
  uint64_t h = 0xcbf29ce484222325ULL;
  h = hash_in(h, (uint64_t)g->status);
  h = hash_in(h, (uint64_t)g->capped);
  h = hash_in(h, (uint64_t)g->nplayers);
  for (int k = 0; k < 4; k++) h = hash_in(h, b->rng[k]);
  h = hash_in(h, (uint32_t)b->top);
  h = hash_in(h, (uint32_t)b->bottom);
  h = hash_in(h, (uint32_t)b->round);
  for (int s = 0; s <= g->nplayers; s++)
    for (int t = 0; t < d->ntracks[s == 0]; t++) h = hash_in(h, (uint32_t)b->track[s][t]);
  for (int c = 0; c < d->ncards; c++) {
    h = hash_in(h, (uint64_t)b->zone[c] << 8 | b->seat[c]);
    h = hash_in(h, (uint32_t)b->pos[c]);
    for (int k = 0; k < d->ncounters; k++) h = hash_in(h, (uint32_t)b->counter[c][k]);
  }
  const ark_decision *dec = ark_lg_decision(g);
  if (dec) {
    h = hash_in(h, (uint64_t)dec->player);
    h = hash_text(h, dec->prompt);
    for (int i = 0; i < dec->noptions; i++) h = hash_text(h, dec->options[i]);
  }
  if (g->status == ARK_END)              /* the result the rules give */
    for (int s = 0; s < g->nplayers; s++) {
      char msg[256];
      double v = 0;
      int bad = ark_lg_score(g, s, &v, msg, sizeof msg) != 0 || !(v > -1e15 && v < 1e15);
      h = hash_in(h, bad ? 0x5eed : (uint64_t)(int64_t)(v * 1024));
    }
  return ark_rng_mix(&h);
}

/* ==== editing a position (scenarios) ====================================
** The host sets tracks, card counters and where cards are, without any
** rule being applied, and then has the pending decision asked again from
** the edited position.  While a step runs, the edits go to the board the
** step began with (snap): every copy of the game plays again from there,
** so that is the board the game must go on from.  ark_lg_edit_done then
** drops the running step, asks the rules' next() again on the edited
** board and plays the step from its start, feeding it the answers it had
** been given already; the pending decision is then the one the edited
** board leads to.  Outside a step (before the first ark_lg_process) the
** live board is edited and nothing is restarted. */

static ark_lg_board *edit_board(ark_lg *g) { return g->in_step ? &g->snap : &g->b; }

/* Whether g may be edited now; 0, or -1 with the reason in msg. */
static int may_edit(const ark_lg *g, char *msg, size_t n) {
  if (g->status == ARK_ERROR) {
    snprintf(msg, n, "the game has stopped: %s", g->error);
    return -1;
  }
  if (g->status == ARK_END) {
    snprintf(msg, n, "the game is over");
    return -1;
  }
  if (g->given) {
    snprintf(msg, n, "an answer was given and the game has not run on from it yet");
    return -1;
  }
  if (g->secret_open) {
    /* the views of the game play again from the step of the oldest secret
    ** answer: an edit there would not be the position the seats were in */
    snprintf(msg, n, "a secret answer is not revealed yet (the pending decision is P%d's \"%s\"): "
             "edit the position where no secret answer is open, e.g. at the first decision of "
             "a round", g->dec.player + 1, g->pending ? g->dec.prompt : "?");
    return -1;
  }
  return 0;
}

int ark_lg_set_track(ark_lg *g, int seat, const char *name, int v, char *msg, size_t n) {
  if (may_edit(g, msg, n)) return -1;
  if (seat < 0 || seat > g->nplayers) {
    snprintf(msg, n, "seat %d: seats are 1 to %d, 0 is the table", seat, g->nplayers);
    return -1;
  }
  int t = ark_lg_track_index(g->d, seat == 0, name);
  if (t < 0) {
    snprintf(msg, n, "%s declares no %s track '%s' (game.yaml, %s:)", g->d->gd.name,
             seat ? "seat" : "table", name, seat ? "tracks" : "table");
    return -1;
  }
  const ark_lg_trackdef *tr = &g->d->tracks[seat == 0][t];
  if (v < tr->min || v > tr->max) {
    snprintf(msg, n, "%s is %d to %d, not %d", name, tr->min, tr->max, v);
    return -1;
  }
  edit_board(g)->track[seat][t] = (int32_t)v;
  g->edited = 1;
  return 0;
}

static int same_ci(const char *a, const char *b) {
  for (; *a && *b; a++, b++) {
    int x = *a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a, y = *b >= 'A' && *b <= 'Z' ? *b - 'A' + 'a' : *b;
    if (x != y) return 0;
  }
  return *a == *b;
}

size_t ark_lg_card_label(const ark_lg *g, int id, char *buf, size_t n) {
  lua_State *L = g->d->L;
  int k;
  if (id < 0 || id >= g->d->ncards) k = snprintf(buf, n, "card ?");
  else {
    const char *num = card_field(L, id, "number");
    char nb[64];
    snprintf(nb, sizeof nb, "%s", num ? num : "");
    if (num) lua_pop(L, 1);
    const char *name = card_field(L, id, "name");
    if (nb[0] && name) k = snprintf(buf, n, "%s %s", nb, name);
    else if (nb[0] || name) k = snprintf(buf, n, "%s", nb[0] ? nb : name);
    else k = snprintf(buf, n, "card %d", id + 1);
    if (name) lua_pop(L, 1);
  }
  return k < 0 ? 0 : (size_t)k;
}

/* The card a text names: its `number` (as written, any case), its `name`
** (any case), or both as the options show them ("167 Monocultures").
** Returns the id (0-based), or -1 with msg: none, or several. */
int ark_lg_card_joined(const ark_lg *g, int id, const char *zone) {
  int z = ark_lg_zone_index(g->d, zone);
  if (z < 0 || id < 0 || id >= g->d->ncards) return -1;
  if (!ark_lg_placed(&g->b, id)) return 0;
  return (g->b.link[g->b.zone[id] - 1] >> z & 1) != 0;
}

int ark_lg_find_card(const ark_lg *g, const char *text, char *msg, size_t n) {
  lua_State *L = g->d->L;
  int found = -1, count = 0;
  char seen[400];
  size_t used = 0;
  seen[0] = '\0';
  for (int pass = 0; pass < 3 && count == 0; pass++)
    for (int id = 0; id < g->d->ncards; id++) {
      const char *num = card_field(L, id, "number");
      char nb[64];
      snprintf(nb, sizeof nb, "%s", num ? num : "");
      if (num) lua_pop(L, 1);
      int hit = 0;
      if (pass == 0) hit = nb[0] && same_ci(nb, text);
      else {
        const char *name = card_field(L, id, "name");
        size_t len = strlen(nb);
        if (name && pass == 1) hit = same_ci(name, text);
        if (name && pass == 2) hit = len && !strncmp(text, nb, len) && text[len] == ' ' &&
                                     same_ci(name, text + len + 1);
        if (name) lua_pop(L, 1);
      }
      if (!hit) continue;
      found = id;
      count++;
      if (used < sizeof seen - 1) {
        int k = snprintf(seen + used, sizeof seen - used, "%s%s", used ? ", " : "",
                         nb[0] ? nb : "?");
        if (k > 0) used += (size_t)k;
      }
    }
  if (count == 1) return found;
  if (count == 0) snprintf(msg, n, "%s has no card '%s' (a card's number or name)", g->d->gd.name, text);
  else snprintf(msg, n, "'%s' names %d cards (numbers %s): write the number", text, count, seen);
  return -1;
}

int ark_lg_put_card(ark_lg *g, int card, const char *zone, int seat, char *msg, size_t n) {
  if (may_edit(g, msg, n)) return -1;
  int z = ark_lg_zone_index(g->d, zone);
  if (z < 0) {
    snprintf(msg, n, "%s declares no zone '%s' (game.yaml, zones:)", g->d->gd.name, zone);
    return -1;
  }
  if (card < 0 || card >= g->d->ncards || seat < 0 || seat > g->nplayers) {
    snprintf(msg, n, "no such card or seat");
    return -1;
  }
  if (g->d->zones[z].per_seat != (seat != 0)) {
    snprintf(msg, n, "zone '%s' is %s", zone, g->d->zones[z].per_seat
             ? "one per seat, not the table's" : "the table's, not a seat's");
    return -1;
  }
  ark_lg_board *b = edit_board(g);
  ark_lg_place(b, card, z, seat, b->top++);
  g->edited = 1;
  return 0;
}

int ark_lg_take_card(ark_lg *g, int card, char *msg, size_t n) {
  if (may_edit(g, msg, n)) return -1;
  if (card < 0 || card >= g->d->ncards) {
    snprintf(msg, n, "no such card");
    return -1;
  }
  ark_lg_board *b = edit_board(g);
  b->zone[card] = ARK_LG_OUT;            /* no rule finds it, nor moves it back */
  b->seat[card] = 0;
  g->edited = 1;
  return 0;
}

int ark_lg_card_counter(const ark_lg *g, int card, const char *counter, int *out) {
  int k = ark_lg_counter_index(g->d, counter);
  if (k < 0 || card < 0 || card >= g->d->ncards) return -1;
  *out = g->b.counter[card][k];
  return 0;
}

int ark_lg_set_card_counter(ark_lg *g, int card, const char *counter, int v, char *msg,
                            size_t n) {
  if (may_edit(g, msg, n)) return -1;
  int k = ark_lg_counter_index(g->d, counter);
  if (k < 0) {
    snprintf(msg, n, "%s declares no card counter '%s' (game.yaml, counters:)", g->d->gd.name,
             counter);
    return -1;
  }
  if (card < 0 || card >= g->d->ncards) {
    snprintf(msg, n, "no such card");
    return -1;
  }
  edit_board(g)->counter[card][k] = (int32_t)v;
  g->edited = 1;
  return 0;
}

int ark_lg_card_zone(const ark_lg *g, int card, const char **zone, int *seat) {
  if (card < 0 || card >= g->d->ncards || !ark_lg_placed(&g->b, card)) return -1;
  *zone = g->d->zones[g->b.zone[card] - 1].name;
  *seat = g->b.seat[card];
  return 0;
}

int ark_lg_edit_done(ark_lg *g, char *msg, size_t n) {
  if (!g->edited) return 0;
  g->edited = 0;
  if (!g->in_step) return 0;
  if (may_edit(g, msg, n)) return -1;
  int end = g->nanswers, r;
  drop_step(g);
  g->b = g->snap;
  g->pending = 0;
  g->replaying = 1;                      /* the step was logged: not again */
  g->replay_pos = g->snap_answers;
  r = next_step(g) ? -1 : resume(g, 1);
  for (;;) {
    if (r > 0) {                         /* a step ended: the rules' next one */
      r = next_step(g) ? -1 : resume(g, 1);
      continue;
    }
    if (r < 0 || g->replay_pos >= end) break;
    int k = g->replay_pos, a = g->answers[k];
    if (a >= g->dec.noptions) {
      fail(g, "%s: after the edit, answer %d of this step (option %d) is not among the %d "
           "options of \"%s\"", g->d->gd.name, k + 1, a + 1, g->dec.noptions, g->dec.prompt);
      drop_step(g);
      r = -1;
      break;
    }
    g->secret_open |= (g->ameta[k] & ARK_LG_SECRET_BIT) != 0;
    lua_pushinteger(g->co, a + 1);
    g->replay_pos = k + 1;
    r = resume(g, 1);
  }
  g->replaying = 0;
  if (r == 0) {
    g->pending = 1;
    return 0;
  }
  if (g->status == ARK_END) return 0;
  snprintf(msg, n, "%s", g->error);
  return -1;
}

int ark_lg_zone_owner(const ark_lg *g, const char *zone) {
  int z = ark_lg_zone_index(g->d, zone);
  return z < 0 ? -1 : g->d->zones[z].per_seat;
}

int ark_lg_zone_played(const ark_lg *g, const char *zone) {
  int z = ark_lg_zone_index(g->d, zone), any = 0;
  if (z < 0 || !strcmp(zone, "hand")) return 0;
  for (int i = 0; i < g->d->nzones; i++) any |= g->d->zones[i].played;
  return any ? g->d->zones[z].played : 1;
}

size_t ark_lg_names(const ark_lg *g, int what, char *buf, size_t n) {
  const ark_lg_def *d = g->d;
  size_t len = 0;
  int count = what < 2 ? d->ntracks[what] : what < 4 ? d->nzones : d->ncounters;
  if (n) buf[0] = '\0';
  for (int i = 0; i < count && len + 1 < n; i++) {
    const char *name;
    if (what < 2) name = d->tracks[what][i].name;
    else if (what < 4) {
      if (d->zones[i].per_seat != (what == 2)) continue;
      name = d->zones[i].name;
    } else name = d->counters[i];
    int k = snprintf(buf + len, n - len, "%s%s", len ? " " : "", name);
    if (k < 0) break;
    len = len + (size_t)k < n ? len + (size_t)k : n - 1;
  }
  return len;
}
