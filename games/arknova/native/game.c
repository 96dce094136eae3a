/*
** game.c - the game object: creation, the process/answer loop, clone, the
** phase machine (map choice in advanced mode, draft, turns, breaks, final
** scoring) and the event log.
** What happens inside a step is Lua (games/arknova/rules/rules.lua); the order of the
** steps, the break trigger and the end-of-game rules are here.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "lua_bridge.h"
#include "map.h"
#include "rng.h"
#include "setup.h"
#include "track.h"
#include "zone.h"

#define ARK_DEFAULT_TURN_CAP 2000

void ark_config_init(ark_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->players = 2;
  cfg->seed = 1;
  cfg->map = "A";
}

void ark_game_fail(ark_game *g, const char *fmt, ...) {
  va_list ap;
  if (g->status == ARK_ERROR) return;   /* keep the first cause */
  va_start(ap, fmt);
  vsnprintf(g->error, sizeof g->error, fmt, ap);
  va_end(ap);
  g->status = ARK_ERROR;
}

void ark_game_log(ark_game *g, int player, int type, int a, int b, int c,
                  const char *text) {
  ark_game_log_seen(g, player, type, a, b, c, text, ARK_SEEN_ALL);
}

/* The opening draft is simultaneous (rules: "Setup"): a seat's discards
** are its own until every seat has chosen.  The rules discard with
** ark.discard, face up (ark_zone_discard, logged for everyone); while the
** draft runs, such a discard is the drafting seat's alone, in what the
** seats know and in the log, and draft_reveal shows it to the others when
** the draft ends.  The drafting seat is the step's player (step_finished
** counts the steps). */
static int draft_seat(const ark_game *g) {
  return (g->s.start_player + g->s.step) % g->s.nplayers;
}

void ark_game_log_seen(ark_game *g, int player, int type, int a, int b, int c,
                       const char *text, int seen) {
  /* the event stays as it was logged before the draft was secret (no
  ** player): the log's hash covers the player, not who sees it, so saves
  ** made before keep their hash; the seat is the one bit of `seen` */
  if (g->s.phase == ARK_PH_DRAFT && type == ARK_EV_DISCARD && seen == ARK_SEEN_ALL &&
      a >= 0 && a < g->c->ncards) {
    seen = 1 << draft_seat(g);
    g->s.known[a] = (uint8_t)seen;
  }
  if (!g->nolog) ark_log_add(&g->log, g->s.turn, player, type, a, b, c, text, seen);
}

/* The draft is over: its discards lie face up in the discard pile.  The
** log tells each of them again, as a note (left out of the log's hash),
** to the seats that did not see it. */
static void draft_reveal(ark_game *g) {
  ark_state *s = &g->s;
  for (int i = 0; i < s->ndiscard; i++) s->known[s->discard[i]] = ARK_SEEN_ALL;
  if (g->nolog) return;
  int n = g->log.nev;            /* the notes below join the log */
  for (int i = 0; i < n; i++) {
    const ark_event e = g->log.ev[i];
    int seat = ark_event_seat(&e);
    if (e.type != ARK_EV_DISCARD || e.player >= 0 || seat < 0 || e.b != 0) continue;
    ark_log_add(&g->log, s->turn, seat, ARK_EV_DISCARD, e.a, 0, 0, NULL,
                ARK_SEEN_ALL & ~e.seen);
    ark_log_note_last(&g->log);
  }
}

void ark_game_log_kind(ark_game *g, int player, int type, int a, int b, int c,
                       const char *text, int kind) {
  if (g->nolog) return;
  ark_game_log(g, player, type, a, b, c, text);
  ark_log_kind_last(&g->log, kind);
}

void ark_game_log_note(ark_game *g, int player, int type, int a, int b, int c,
                       const char *text, int seen) {
  if (g->nolog) return;
  ark_log_add(&g->log, g->s.turn, player, type, a, b, c, text, seen);
  ark_log_note_last(&g->log);
}

static void push_to(int **list, int *n, int *cap, int i) {
  if (*n == *cap) {
    int c = *cap ? *cap * 2 : 256;
    int *na = realloc(*list, sizeof *na * (size_t)c);
    if (!na) abort();
    *list = na;
    *cap = c;
  }
  (*list)[(*n)++] = i;
}

static void push_answer(ark_game *g, int i) {
  push_to(&g->answers, &g->nanswers, &g->capanswers, i);
}

void ark_game_note_drop(ark_game *g) {
  if (!g->rewind || g->snap_events < g->rewind - 1) g->rewind = g->snap_events + 1;
  if (g->given) return;
  int cap = g->nanswers + 64;
  g->given = malloc(sizeof *g->given * (size_t)cap);
  if (!g->given) abort();
  if (g->nanswers) memcpy(g->given, g->answers, sizeof *g->given * (size_t)g->nanswers);
  g->ngiven = g->nanswers;
  g->capgiven = cap;
}
void ark_game_point_options(ark_game *g) {
  for (int i = 0; i < g->dec.noptions; i++) g->opts[i] = g->optbuf.s + g->opt_off[i];
  g->dec.options = g->opts;
}

/* ---- shared states ---- */

static ark_shared_state *shared_of(ark_state *p) {
  return (ark_shared_state *)(void *)((char *)p - offsetof(ark_shared_state, s));
}

void ark_state_drop(ark_state **p) {
  if (*p) {
    ark_shared_state *b = shared_of(*p);
    if (--b->refs == 0) free(b);
  }
  *p = NULL;
}

void ark_state_share(ark_state **p, ark_state *from) {
  if (from) shared_of(from)->refs++;
  ark_state_drop(p);
  *p = from;
}

void ark_state_set(ark_state **p, const ark_state *from) {
  if (*p && shared_of(*p)->refs == 1) {
    ark_state_copy(*p, from);
    return;
  }
  ark_state_drop(p);
  ark_shared_state *b = malloc(sizeof *b);
  if (!b) abort();
  b->refs = 1;
  ark_state_copy(&b->s, from);
  *p = &b->s;
}

ark_state *ark_state_own(ark_state **p) {
  if (*p && shared_of(*p)->refs > 1) {
    ark_state *mine = NULL;
    ark_state_set(&mine, *p);
    ark_state_drop(p);
    *p = mine;
  }
  return *p;
}

/* ---- creation ---- */

static ark_game *game_alloc(ark_content *c) {
  ark_game *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->gs.gi = &ark_nova_gi;
  g->c = c;
  c->refs++;
  g->co_ref = -1;
  g->step_ref = -1;
  return g;
}

ark_status ark_game_new(const ark_config *cfg, ark_game **out, char *msg,
                        size_t msglen) {
  ark_content *c = NULL;
  ark_status st;
  *out = NULL;
  if (cfg->players < 2 || cfg->players > ARK_MAX_PLAYERS) {
    snprintf(msg, msglen, "players must be 2, 3 or 4 (got %d)", cfg->players);
    return ARK_ERR_CONFIG;
  }
  st = ark_content_load(cfg, &c, msg, msglen);
  if (st != ARK_OK) return st;
  ark_game *g = game_alloc(c);
  ark_content_release(c);      /* the game holds the only reference now */
  if (!g) {
    snprintf(msg, msglen, "out of memory");
    return ARK_ERR_MEMORY;
  }
  g->turn_cap = cfg->turn_cap > 0 ? cfg->turn_cap : ARK_DEFAULT_TURN_CAP;
  st = ark_setup(g, cfg, msg, msglen);
  if (st != ARK_OK) {
    ark_game_free(g);
    return st;
  }
  *out = g;
  if (msglen) msg[0] = '\0';
  return ARK_OK;
}

ark_status ark_game_new_like(const ark_game *proto, const ark_config *cfg,
                             ark_game **out, char *msg, size_t msglen) {
  *out = NULL;
  if (cfg->players < 2 || cfg->players > ARK_MAX_PLAYERS) {
    snprintf(msg, msglen, "players must be 2, 3 or 4 (got %d)", cfg->players);
    return ARK_ERR_CONFIG;
  }
  ark_game *g = game_alloc(proto->c);
  if (!g) {
    snprintf(msg, msglen, "out of memory");
    return ARK_ERR_MEMORY;
  }
  g->turn_cap = cfg->turn_cap > 0 ? cfg->turn_cap : ARK_DEFAULT_TURN_CAP;
  ark_status st = ark_setup(g, cfg, msg, msglen);
  if (st != ARK_OK) {
    ark_game_free(g);
    return st;
  }
  *out = g;
  if (msglen) msg[0] = '\0';
  return ARK_OK;
}

void ark_game_free(ark_game *g) {
  if (!g) return;
  ark_lua_drop_step(g);
  ark_lua_family_drop(g);
  ark_content_release(g->c);
  free(g->next);
  free(g->qkeep);
  ark_state_drop(&g->snap);
  ark_state_drop(&g->base);
  free(g->answers);
  free(g->given);
  free(g->redo);
  ark_log_free(&g->log);
  ark_strbuf_free(&g->optbuf);
  free(g);
}

/* ---- the phase machine ---- */

static int all_players_mask(const ark_game *g) {
  return (1 << g->s.nplayers) - 1;
}

/* Markers cross when appeal reaches the conservation target. */
static int crossed(const ark_game *g, int p) {
  return g->s.p[p].appeal >= ark_track_target_of(g, g->s.p[p].conservation);
}

static void start_final(ark_game *g) {
  g->s.phase = ARK_PH_FINAL;
  g->s.step = 0;
}

/* The game has played its turn cap: the final scoring begins (1). */
static int capped_now(ark_game *g) {
  if (g->s.turn < g->turn_cap) return 0;
  g->capped = 1;
  ark_game_log(g, -1, ARK_EV_END, 1, 0, 0, "turn cap reached");
  start_final(g);
  return 1;
}

/* After p's turn: end-of-game bookkeeping, then the break or the next turn. */
static void after_turn(ark_game *g) {
  ark_state *s = &g->s;
  int p = s->cur;
  ark_zone_display_refill(g);
  s->turn++;
  if (s->last_turns & (1 << p)) {
    s->last_turns &= (uint8_t)~(1 << p);
    s->p[p].took_last_turn = 1;
  }
  /* crossing counts only at the end of one's own turn */
  if (s->end_trigger < 0 && crossed(g, p)) {
    s->end_trigger = (int8_t)p;
    s->last_turns = (uint8_t)(all_players_mask(g) & ~(1 << p));
    ark_game_log(g, p, ARK_EV_END, 0, 0, 0, "end of game triggered");
  }
  if (s->break_trigger >= 0) {
    s->phase = ARK_PH_BREAK;
    s->step = 0;
    return;
  }
  if (s->end_trigger >= 0 && s->last_turns == 0) {
    start_final(g);
    return;
  }
  if (capped_now(g)) return;
  s->cur = (uint8_t)((p + 1) % s->nplayers);
}

/* Did p's markers cross during the break that just ended?  g->snap is the
** state when the break step began.  Markers that had crossed before it
** (during another player's turn) do not count here: their owner still
** waits for the end of their own turn (after_turn). */
static int crossed_in_break(const ark_game *g, int p) {
  const ark_player *before = &g->snap->p[p];
  return crossed(g, p) && before->appeal < ark_track_target_of(g, before->conservation);
}

static void after_break(ark_game *g) {
  ark_state *s = &g->s;
  int p = s->cur;
  s->break_pos = 0;
  s->break_trigger = -1;
  /* markers crossing during a break: everyone, trigger included, plays once more */
  if (s->end_trigger < 0) {
    for (int i = 0; i < s->nplayers; i++) {
      int q = (p + 1 + i) % s->nplayers;
      if (crossed_in_break(g, q)) {
        s->end_trigger = (int8_t)q;
        s->end_in_break = 1;
        s->last_turns = (uint8_t)all_players_mask(g);
        ark_game_log(g, q, ARK_EV_END, 1, 0, 0, "end of game triggered during a break");
        break;
      }
    }
  }
  s->phase = ARK_PH_TURN;
  if (s->end_trigger >= 0 && s->last_turns == 0) {
    start_final(g);
    return;
  }
  /* the cap's last turn may have run the break: the game stops after it
  ** (it played one turn more than the cap) */
  if (capped_now(g)) return;
  s->cur = (uint8_t)((p + 1) % s->nplayers);
}

/* Called when the running step's coroutine returned. */
static void step_finished(ark_game *g) {
  ark_state *s = &g->s;
  switch (s->phase) {
  case ARK_PH_MAPS:             /* advanced mode: every player kept a map */
    s->phase = ARK_PH_DRAFT;
    s->step = 0;
    break;
  case ARK_PH_DRAFT:
    if (++s->step >= s->nplayers) {
      draft_reveal(g);              /* every seat has chosen */
      ark_setup_handover(g);        /* cards the configuration hands over */
      ark_zone_display_refill(g);   /* the display is revealed after the draft */
      s->phase = ARK_PH_TURN;
      s->step = 0;
      s->cur = s->start_player;
    }
    break;
  case ARK_PH_TURN: after_turn(g); break;
  case ARK_PH_BREAK: after_break(g); break;
  case ARK_PH_FINAL:
    s->phase = ARK_PH_END;
    g->status = ARK_END;
    break;
  default: break;
  }
}

/* Starts the Lua function for the current phase step; its snapshot is the
** state now, unless the caller gave it the same bytes already (shared,
** clone_game). */
static int start_step_at(ark_game *g, int have_snap) {
  ark_state *s = &g->s;
  if (!have_snap) ark_state_set(&g->snap, &g->s);
  g->snap_events = g->log.nev;
  g->snap_pool = (int)g->log.pool.len;
  g->snap_answers = g->nanswers;
  g->nredeal = 0;               /* the snapshot holds every earlier redeal */
  g->based = g->base_lazy = g->step_lossy = 0;
  g->cont = 0;
  g->lazy = 0;
  switch (s->phase) {
  case ARK_PH_MAPS: return ark_lua_start(g, "choose_maps", s->start_player);
  case ARK_PH_DRAFT:
    return ark_lua_start(g, "draft", (s->start_player + s->step) % s->nplayers);
  case ARK_PH_TURN: return ark_lua_start(g, "turn", s->cur);
  case ARK_PH_BREAK: return ark_lua_start(g, "break_phase", s->cur);
  case ARK_PH_FINAL: return ark_lua_start(g, "final", s->cur);
  default: return -1;
  }
}

static int start_step(ark_game *g) { return start_step_at(g, 0); }

ark_progress ark_game_process(ark_game *g) {
  for (;;) {
    ark_progress pr = ark_game_process_lazy(g);
    if (pr != ARK_AWAITING || !g->lazy) return pr;
    ark_game_fill_options(g);
  }
}

/* ark_game_process_lazy; with to_turn, ark_game_process_to_turn. */
static ark_progress process_loop(ark_game *g, int to_turn) {
  for (;;) {
    if (g->status == ARK_ERROR) return ARK_ERROR;
    if (g->status == ARK_END || g->s.phase == ARK_PH_END) {
      g->status = ARK_END;
      return ARK_END;
    }
    if (g->pending) return ARK_AWAITING;
    if (g->co_ref >= 0 && !g->step_done) {
      /* a step is suspended without a decision: cannot happen */
      ark_game_fail(g, "internal: step suspended without a decision");
      return ARK_ERROR;
    }
    if (g->step_done) {
      g->step_done = 0;
      ark_lua_drop_step(g);
      step_finished(g);
      continue;
    }
    if (to_turn && g->s.phase == ARK_PH_TURN && ark_lua_turn_quiet(g, g->s.cur))
      return ARK_TURN_AHEAD;
    if (start_step(g) != 0) return ARK_ERROR;
  }
}

ark_progress ark_game_process_lazy(ark_game *g) { return process_loop(g, 0); }

ark_progress ark_game_process_to_turn(ark_game *g) { return process_loop(g, 1); }

int ark_game_turn_ahead(const ark_game *g) {
  return g->status == 0 && !g->pending && g->co_ref < 0 && !g->step_done &&
         g->s.phase == ARK_PH_TURN;
}

const ark_decision *ark_game_decision(const ark_game *cg) {
  ark_game *g = (ark_game *)cg;        /* options left for later: worked out now */
  if (g->pending && g->lazy) ark_game_fill_options(g);
  /* the draft is simultaneous: nobody sees another seat's choice in it
  ** (draft_reveal shows the discards when it ends) */
  if (g->pending && g->s.phase == ARK_PH_DRAFT) g->dec.secret = 1;
  return g->pending ? &g->dec : NULL;
}

const char *ark_game_pending_tag(const ark_game *g) {
  return g->pending ? g->dec.tag : NULL;
}

/* In an AI's search copy (no log), a script that stopped undid its step,
** which then asks its first decision again: the copy gives the step's
** answers again, now with that script off, so that the AI's trial of a
** move is a trial of that move.  It had been a trial of the step's first
** question asked anew: a map ability failing at every building made the
** building options look like nothing, and the AIs never built (the game
** itself switches the script off only when it runs it).  Answers that no
** longer fit leave the decision to the caller. */
static void redo_dropped(ark_game *g) {
  while (g->redo && g->status == 0) {
    int *ans = g->redo, n = g->nredo;
    g->redo = NULL;
    g->nredo = 0;
    for (int k = 0; k < n && g->status == 0 && !g->redo; k++) {
      if (!g->pending || (g->lazy && ark_game_fill_options(g) != 0) || !g->pending ||
          ans[k] < 0 || ans[k] >= g->dec.noptions)
        break;
      push_answer(g, ans[k]);
      if (g->given) push_to(&g->given, &g->ngiven, &g->capgiven, ans[k]);
      g->pending = 0;
      if (g->cont) ark_lua_continue(g, ans[k]);
      else ark_lua_resume(g, ans[k]);
    }
    free(ans);
  }
}

ark_status ark_game_answer(ark_game *g, int i, char *msg, size_t msglen) {
  if (g->pending && g->lazy && ark_game_fill_options(g) != 0) {
    snprintf(msg, msglen, "%s", g->error);
    return ARK_ERR_SCRIPT;
  }
  if (!g->pending) {
    snprintf(msg, msglen, "no decision is pending");
    return ARK_ERR_REFUSED;
  }
  if (i < 0 || i >= g->dec.noptions) {
    snprintf(msg, msglen, "answer %d is not one of the %d options", i,
             g->dec.noptions);
    return ARK_ERR_REFUSED;
  }
  push_answer(g, i);
  if (g->given) push_to(&g->given, &g->ngiven, &g->capgiven, i);
  g->pending = 0;
  /* only a stop met on this answer is given again (one met while options
  ** were worked out had its step replayed there) */
  free(g->redo);
  g->redo = NULL;
  g->nredo = 0;
  /* a script that fails on the answer: the game's error is the message
  ** (msg had been left as the caller gave it) */
  if (g->cont ? ark_lua_continue(g, i) != 0 : ark_lua_resume(g, i) != 0) {
    snprintf(msg, msglen, "%s", g->error);
    return ARK_ERR_SCRIPT;
  }
  redo_dropped(g);
  if (msglen) msg[0] = '\0';
  return ARK_OK;
}

ark_status ark_game_answer_text(ark_game *g, const char *text, char *msg,
                                size_t msglen) {
  ark_game_decision(g);                /* works out options left for later */
  if (!g->pending) {
    snprintf(msg, msglen, "no decision is pending");
    return ARK_ERR_REFUSED;
  }
  for (int i = 0; i < g->dec.noptions; i++)
    if (strcmp(g->dec.options[i], text) == 0) return ark_game_answer(g, i, msg, msglen);
  snprintf(msg, msglen, "'%s' is not one of the options", text);
  return ARK_ERR_REFUSED;
}

const char *ark_game_error(const ark_game *g) {
  return g->status == ARK_ERROR ? g->error : "";
}

void ark_game_restart_step(ark_game *g) {
  ark_lua_drop_step(g);
  g->pending = 0;
  g->cont = 0;
  g->based = 0;
  g->lazy = 0;
  g->step_done = 0;
  for (int p = 0; p < g->s.nplayers; p++) ark_track_icons(g, p);
}

void ark_game_refresh(ark_game *g) {
  for (int p = 0; p < g->s.nplayers; p++) ark_track_icons(g, p);
}

/* ---- clone: the snapshot of the current step plus the answers since
** (and the redeals of hidden.c at the answer counts they were made at);
** at a decision that ended its coroutine, a copy; in the continuation that
** decision started, the state where it began plus the answers since ---- */

static void copy_history(ark_game *n, const ark_game *g, int nev, size_t npool, int nans) {
  if (n->nolog) nev = 0, npool = 0;
  ark_log_copy(&n->log, &g->log, nev, npool);
  if (nans > 0) {
    /* room for the answers a search gives the clone next, so that the
    ** first of them does not move the list */
    int cap = nans + 32;
    n->answers = malloc(sizeof *n->answers * (size_t)cap);
    if (!n->answers) abort();
    memcpy(n->answers, g->answers, sizeof *n->answers * (size_t)nans);
    n->nanswers = nans;
    n->capanswers = cap;
  }
  if (g->given) {        /* a clone of a game where a step was dropped */
    n->given = malloc(sizeof *n->given * (size_t)g->capgiven);
    if (!n->given) abort();
    memcpy(n->given, g->given, sizeof *n->given * (size_t)g->ngiven);
    n->ngiven = g->ngiven;
    n->capgiven = g->capgiven;
  }
}

static void copy_step(ark_game *n, const ark_game *g) {
  ark_state_share(&n->snap, g->snap);
  n->snap_events = g->snap_events;
  n->snap_pool = g->snap_pool;
  n->snap_answers = g->snap_answers;
  memcpy(n->step_fn, g->step_fn, sizeof n->step_fn);
  n->step_player = g->step_player;
  memcpy(n->cont_fn, g->cont_fn, sizeof n->cont_fn);
  n->cont_player = g->cont_player;
  n->step_lossy = g->step_lossy;
}

/* g waits at a decision that ended its coroutine: nothing runs. */
static void clone_pending_cont(ark_game *n, const ark_game *g) {
  ark_state_copy(&n->s, &g->s);
  copy_step(n, g);
  copy_history(n, g, g->log.nev, g->log.pool.len, g->nanswers);
  ark_strbuf_add(&n->optbuf, g->optbuf.s, g->optbuf.len);
  n->dec = g->dec;
  n->dec.tag = n->optbuf.s + (g->dec.tag - g->optbuf.s);
  n->dec.prompt = n->optbuf.s + (g->dec.prompt - g->optbuf.s);
  memcpy(n->opt_off, g->opt_off, sizeof n->opt_off[0] * (size_t)g->dec.noptions);
  memcpy(n->codes, g->codes, sizeof n->codes[0] * (size_t)g->dec.noptions);
  n->opt_src = g->opt_src;
  n->opt_def = g->opt_def;
  n->opt_build2 = g->opt_build2;
  ark_game_point_options(n);
  n->pending = 1;
  n->cont = 1;
  n->lazy = g->lazy;
  if (g->lazy) memcpy(n->lazy_fn, g->lazy_fn, sizeof n->lazy_fn);
  /* what working the options out, or a replay of the step after the
  ** answer, repeats */
  memcpy(n->redeal, g->redeal, sizeof n->redeal[0] * (size_t)g->nredeal);
  n->nredeal = g->nredeal;
}

typedef struct redeal_rec { int at, viewer; uint64_t seed; } redeal_rec;

/* Answers ans[from..to) on n, whose step has just started again, and
** repeats each redeal where it was made. */
static void replay(ark_game *n, const int *ans, int from, int to, const redeal_rec *rd,
                   int nrd) {
  int r = 0;
  for (int i = from; n->status == 0; i++) {
    for (; r < nrd && rd[r].at == i; r++) ark_hidden_redeal(n, rd[r].viewer, rd[r].seed);
    if (i >= to) break;
    if (!n->pending) {
      ark_game_fail(n, "clone: replay diverged");
      break;
    }
    if (n->lazy && ark_game_fill_options(n) != 0) break;
    push_answer(n, ans[i]);
    n->pending = 0;
    if (n->cont) ark_lua_continue(n, ans[i]);
    else ark_lua_resume(n, ans[i]);
  }
}

static void replay_answers(ark_game *n, const ark_game *g, int from) {
  redeal_rec rd[ARK_MAX_REDEALS];
  for (int r = 0; r < g->nredeal; r++)
    rd[r] = (redeal_rec){ g->redeal[r].at, g->redeal[r].viewer, g->redeal[r].seed };
  replay(n, g->answers, from, g->nanswers, rd, g->nredeal);
}

/* The options left for later could not be worked out on their own (a
** script failed or kept state, or there are fewer than two): the step runs
** again from its start with them worked out at once, as it always did,
** and the answers since are given again, so that whatever the eager run
** does about it (stop a script, take a single option) is what happens. */
static void rerun_eager(ark_game *g) {
  int from = g->snap_answers, to = g->nanswers, nrd = g->nredeal;
  redeal_rec rd[ARK_MAX_REDEALS];
  int *ans = malloc(sizeof *ans * (size_t)(to > 0 ? to : 1));
  if (!ans) abort();
  memcpy(ans, g->answers, sizeof *ans * (size_t)to);
  for (int r = 0; r < nrd; r++)
    rd[r] = (redeal_rec){ g->redeal[r].at, g->redeal[r].viewer, g->redeal[r].seed };
  ark_state_copy(&g->s, g->snap);
  ark_log_cut(&g->log, g->snap_events, (size_t)g->snap_pool);
  g->nanswers = from;
  g->pending = g->cont = g->lazy = g->based = 0;
  g->no_lazy = 1;
  if (start_step(g) == 0) replay(g, ans, from, to, rd, nrd);
  g->no_lazy = 0;
  free(ans);
}

int ark_game_fill_options(ark_game *g) {
  if (!g->pending || !g->lazy) return 0;
  if (ark_lua_lazy_options(g) != 0) rerun_eager(g);
  return g->status == ARK_ERROR ? -1 : 0;
}

/* A game for a clone: zeroed but for the states and option arrays, which
** the clone writes before anything reads them (a search clones often, and
** zeroing 100 KB would cost more than the copy). */
static ark_game *clone_alloc(ark_content *c) {
  ark_game *g = malloc(sizeof *g);
  if (!g) return NULL;
  memset(g, 0, ARK_GAME_UNZEROED);
  g->gs.gi = &ark_nova_gi;
  g->c = c;
  c->refs++;
  g->co_ref = -1;
  g->step_ref = -1;
  return g;
}

static ark_game *clone_game(const ark_game *g, int nolog) {
  ark_game *n = clone_alloc(g->c);
  if (!n) return NULL;
  n->nolog = nolog;
  ark_lua_family_share(n, (ark_game *)g);    /* scripts stopped for time */
  n->turn_cap = g->turn_cap;
  n->capped = g->capped;
  if (g->nnext > 0) {
    n->next = malloc(sizeof *n->next * (size_t)g->nnext);
    if (!n->next) { ark_game_free(n); return NULL; }
    memcpy(n->next, g->next, sizeof *n->next * (size_t)g->nnext);
    n->nnext = g->nnext;
  }
  n->status = g->status;
  memcpy(n->error, g->error, sizeof n->error);
  if (g->status == 0 && g->pending && g->cont) {
    clone_pending_cont(n, g);
    n->c->clone_copies++;
    return n;
  }
  int replays = g->status == 0 && g->co_ref >= 0;
  /* a leaf that skipped its continuation's start where the records a
  ** replay from the snapshot would need are gone: no copy can be made */
  if (replays && g->leaf && g->based && g->base_lazy && g->step_lossy) {
    ark_game_free(n);
    return NULL;
  }
  n->c->clone_copies += !replays;
  n->c->clone_replays += replays;
  if (g->status == 0 && g->based && g->co_ref >= 0 && !g->base_lazy) {
    /* the continuation again, from the decision that started it: its
    ** starting state and the step's snapshot are the original's */
    ark_state_copy(&n->s, g->base);
    copy_step(n, g);
    ark_state_share(&n->base, g->base);
    copy_history(n, g, g->base_events, (size_t)g->base_pool, g->base_answers);
    if (ark_lua_continue_from(n, g->cont_code, g->cont_answer) != 0) return n;
    replay_answers(n, g, g->base_answers);
    return n;
  }
  ark_state_copy(&n->s, g->co_ref >= 0 ? g->snap : &g->s);
  /* read after a break (crossed_in_break); a step that runs again has the
  ** same bytes as its snapshot: shared, not copied */
  ark_state_share(&n->snap, g->snap);
  /* history up to the snapshot */
  if (g->co_ref >= 0)
    copy_history(n, g, g->snap_events, (size_t)g->snap_pool, g->snap_answers);
  else
    copy_history(n, g, g->log.nev, g->log.pool.len, g->nanswers);
  if (g->co_ref < 0 || g->status != 0) return n;
  /* replay the running step, repeating each redeal where it happened */
  if (start_step_at(n, 1) != 0) return n;
  replay_answers(n, g, g->snap_answers);
  return n;
}

ark_game *ark_game_clone(const ark_game *g) { return clone_game(g, g->nolog); }

ark_game *ark_game_clone_leaf(const ark_game *g) {
  ark_game *n = clone_game(g, g->nolog);
  if (n) n->leaf = 1;
  return n;
}

void ark_clone_counts(const ark_game *g, long *copies, long *replays) {
  *copies = g->c->clone_copies;
  *replays = g->c->clone_replays;
}

ark_game *ark_game_search_view(const ark_game *g, int seat, uint64_t seed) {
  ark_game *v = clone_game(g, 1);
  if (v) ark_hidden_redeal(v, seat, seed);
  return v;
}

/* ---- queries ---- */

int ark_game_players(const ark_game *g) { return g->s.nplayers; }
int ark_game_turns(const ark_game *g) { return g->s.turn; }
int ark_game_capped(const ark_game *g) { return g->capped; }
int ark_game_turn_cap(const ark_game *g) { return g->turn_cap; }
int ark_game_script_stopped(const ark_game *g) { return g->s.script_stopped; }

static int rank_of(const ark_game *g, int p) {
  int r = 1;
  int sp = ark_track_score(g, p);
  for (int q = 0; q < g->s.nplayers; q++) {
    if (q == p) continue;
    int sq = ark_track_score(g, q);
    if (sq > sp || (sq == sp && g->s.p[q].supports > g->s.p[p].supports)) r++;
  }
  return r;
}

void ark_game_player(const ark_game *g, int p, ark_player_view *v) {
  const ark_player *pl = &g->s.p[p];
  memset(v, 0, sizeof *v);
  v->money = pl->money;
  v->appeal = pl->appeal;
  v->conservation = pl->conservation;
  v->reputation = pl->reputation;
  v->xtokens = pl->xtokens;
  v->workers = pl->workers;
  v->target = ark_track_target_of(g, pl->conservation);
  v->score = ark_track_score(g, p) + g->c->rules.score_offset;
  v->supports = pl->supports;
  v->hand = pl->nhand;
  v->hand_limit = pl->hand_limit;
  v->zoo_cards = pl->nzoo;
  v->buildings = pl->zoo_map.nb;
  v->rank = rank_of(g, p);
  v->income = ark_track_income_of(g, pl->appeal) +
              ark_map_kiosk_income(&g->c->maps[pl->map], &pl->zoo_map, g->c->buildings);
  for (int b = 0; b < pl->zoo_map.nb; b++)
    if (g->c->buildings[pl->zoo_map.b[b].def].kind == ARK_BK_ENCLOSURE && !pl->zoo_map.b[b].used)
      v->empty_enclosures++;
  for (int a = 0; a < ARK_N_ACTIONS; a++) v->upgraded += (pl->upgraded >> a) & 1;
  for (int i = 0; i < pl->nhand; i++) {
    int t = g->c->cards[pl->hand[i]].type;
    v->hand_animals += t == ARK_CARD_ANIMAL;
    v->hand_sponsors += t == ARK_CARD_SPONSOR;
  }
  for (int k = 0; k < 8; k++) {
    v->partner_zoos += (pl->partner_zoos >> k) & 1;
    v->universities += (pl->universities >> k) & 1;
  }
}

int ark_game_nevents(const ark_game *g) { return g->log.nev; }

const char *ark_game_content_warnings(const ark_game *g) {
  return g->c->warnings ? g->c->warnings : "";
}

const char *ark_game_first_stop(const ark_game *g) {
  for (int i = 0; i < g->log.nev; i++) {
    const ark_event *e = ark_game_event(g, i);
    if (e->type == ARK_EV_TEXT && e->player == -1 && e->c == ARK_TEXT_STOP)
      return ark_log_text(&g->log, e);
  }
  return NULL;
}

uint64_t ark_game_state_hash(const ark_game *g) { return ark_state_hash(&g->s); }

int ark_game_take_rewind(ark_game *g) {
  int r = g->rewind - 1;
  g->rewind = 0;
  return r;
}
const ark_event *ark_game_event(const ark_game *g, int i) {
  return i >= 0 && i < g->log.nev ? &g->log.ev[i] : NULL;
}
int ark_game_nanswers(const ark_game *g) { return g->given ? g->ngiven : g->nanswers; }
const int *ark_game_answers(const ark_game *g) { return g->given ? g->given : g->answers; }

uint64_t ark_game_log_hash(const ark_game *g) { return ark_log_hash(&g->log); }
