/*
** check_lua.c - what `arknova check --game DIR` finds by playing a game
** written in Lua: rules that keep state in Lua variables.
**
** A copy of such a game runs the running step again from its start, with
** the same answers, in the same Lua state as the game (core/src/luagame.c);
** rules that keep something in a Lua variable that outlives a step (a
** global, a `local` at the top of a rules file, a field of the rules
** table) have every copy the AIs make change it under the real game.  So
** the check plays each of a few seeded games twice, on two loads of the
** rules, answer for answer alike: once alone, and once beside the copies
** the AIs would make at every decision (a copy, and the deciding seat's
** view), each played on a few random answers and valued as the AIs value
** it.  Rules that keep their state in tracks, zones and
** counters play both alike; the first decision where the two differ, or
** where a copy fails, is reported, with the suspects: the variables whose
** values differ between the two loads (ark_lg_def_vars).  A cache of data
** that changes nothing of the game differs too, but is never the cause of
** a report, and a rules error that a copy meets is reported as the error
** when the same copy of the game played alone meets it too.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"
#include "luagame.h"
#include "rng.h"

#define CL_SEEDS 2              /* games played */
#define CL_DECISIONS 3000       /* decisions of one game compared at most */
#define CL_AHEAD 3              /* random answers a copy is played on */
#define CL_TURN_CAP 2000        /* the host's turn cap without --turn-cap */
#define CL_SUSPECTS 3           /* variables a report names */

/* The two games of one seed: alone, and beside its copies. */
typedef struct cl_pair {
  ark_lg *alone, *copied;
  ark_lg_def *da, *dc;          /* their loads of the rules */
  uint64_t seed;
  int decision;                 /* 1-based, of the decision now */
  char step[64];
} cl_pair;

/* What differed first.  by_copy: a copy failed (copy_kind -1: a clone,
** else that seat's view), with the seeds it was made and played with. */
typedef struct cl_diff {
  int copy_kind, by_copy;
  int rules_error;              /* the copy stopped the game too (a rules error) */
  uint64_t view_seed, ahead_seed;
  char msg[600];                /* the copy's error */
  char what[1200];              /* what differed, for the report */
} cl_diff;

/* ---- playing ---- */

static int answer_random(ark_lg *g, uint64_t rng[4]) {
  char msg[256];
  const ark_decision *dec = ark_lg_decision(g);
  int pick = (int)ark_rng_below(rng, (uint32_t)dec->noptions);
  return ark_lg_answer(g, pick, msg, sizeof msg) == ARK_OK ? 0 : -1;
}

/* Plays copy c on CL_AHEAD random answers and reads what the AIs read of
** it (every seat's value); 0, or -1 with c's error in msg. */
static int play_ahead(ark_lg *c, uint64_t seed, char *msg, size_t n) {
  uint64_t rng[4];
  ark_rng_seed(rng, seed);
  ark_progress st = ark_lg_process(c);
  for (int k = 0; k < CL_AHEAD && st == ARK_AWAITING; k++) {
    if (answer_random(c, rng)) break;
    st = ark_lg_process(c);
  }
  if (st == ARK_ERROR) {
    snprintf(msg, n, "%s", ark_lg_error(c));
    return -1;
  }
  for (int s = 0; s < ark_lg_players(c); s++) {
    double v;
    if (ark_lg_value(c, s, &v, msg, n)) return -1;
  }
  return 0;
}

/* One copy of g (kind -1: a clone, else seat kind's view) played ahead
** and freed; 0, or -1 with the copy's error in msg. */
static int try_copy(const ark_lg *g, int kind, uint64_t view_seed, uint64_t ahead_seed,
                    char *msg, size_t n) {
  ark_lg *c = kind < 0 ? ark_lg_clone(g, 0) : ark_lg_view(g, kind, view_seed);
  int r = play_ahead(c, ahead_seed, msg, n);
  ark_lg_free(c);
  return r;
}

/* The copies made of the game beside its copies at this decision, those
** the AIs make: a copy, and the view of the seat that decides.  0, or -1
** with the one that failed in *diff. */
static int copies(cl_pair *p, uint64_t rng[4], cl_diff *diff) {
  const int kinds[2] = { -1, ark_lg_decision(p->copied)->player };
  for (int i = 0; i < 2; i++) {
    int kind = kinds[i];
    uint64_t view_seed = ark_rng_next(rng), ahead_seed = ark_rng_next(rng);
    char *msg = diff->msg;
    if (try_copy(p->copied, kind, view_seed, ahead_seed, msg, sizeof diff->msg) == 0) continue;
    diff->copy_kind = kind;
    diff->by_copy = 1;
    diff->view_seed = view_seed;
    diff->ahead_seed = ahead_seed;
    /* an error of the rules stops the game with its copies; a copy that
    ** played otherwise than the game (luagame.c, replay) fails alone */
    diff->rules_error = ark_lg_process(p->copied) == ARK_ERROR;
    /* a copy that played otherwise says so itself ("a copy of the game
    ** did not reach the same decision ...") */
    if (diff->rules_error)
      snprintf(diff->what, sizeof diff->what, "%s of the game stopped: %s", kind < 0 ? "a copy"
               : "a seat's view", msg);
    else
      snprintf(diff->what, sizeof diff->what, "%s", msg);
    return -1;
  }
  return 0;
}

/* ---- comparing ---- */

/* The game as far as the check compares it: the runtime's hash of its
** board and pending decision, and the decision's tag and count. */
static uint64_t fingerprint(ark_lg *g) {
  uint64_t h = ark_lg_state_hash(g);
  const ark_decision *dec = ark_lg_decision(g);
  if (dec) {
    for (const char *t = dec->tag; *t; t++) h = h * 31 + (unsigned char)*t;
    h ^= (uint64_t)dec->noptions << 40;
  }
  return ark_rng_mix(&h);
}

/* What g does now, for a message: "asks P1 "..." (3 options)". */
static void doing(ark_lg *g, char *buf, size_t n) {
  ark_progress st = ark_lg_process(g);
  const ark_decision *dec = ark_lg_decision(g);
  if (st == ARK_ERROR) snprintf(buf, n, "stopped: %.300s", ark_lg_error(g));
  else if (st == ARK_END) snprintf(buf, n, "is over");
  else if (dec)
    snprintf(buf, n, "asks P%d \"%.80s\" (%d option%s)", dec->player + 1, dec->prompt,
             dec->noptions, dec->noptions == 1 ? "" : "s");
  else snprintf(buf, n, "waits");
}

static void differ_text(cl_pair *p, cl_diff *diff) {
  char a[400], c[400];
  doing(p->alone, a, sizeof a);
  doing(p->copied, c, sizeof c);
  diff->by_copy = 0;
  if (strcmp(a, c))
    snprintf(diff->what, sizeof diff->what, "the game beside its copies %s, where the game "
             "alone %s", c, a);
  else
    snprintf(diff->what, sizeof diff->what, "the two games differ in their tracks, zones or "
             "counters, though each of them %s", c);
}

/* ---- the suspects ---- */

/* A listing of ark_lg_def_vars cut into its variables: each a run of
** lines "VARIABLE\tPATH\tVALUE" with the same VARIABLE. */
typedef struct cl_var {
  const char *name;             /* VARIABLE, NUL-ended in the listing */
  char *lines;                  /* the rest of each line, '\n'-ended */
  size_t len;
} cl_var;

typedef struct cl_vars {
  char *text;
  cl_var *v;
  int n;
} cl_vars;

/* Cuts text (taken) into vars, in place: each variable's name ends with a
** NUL, and its lines follow as "PATH\tVALUE\n", the name dropped from each
** (the lines of one variable come together in a listing). */
static void cut_vars(char *text, cl_vars *out) {
  int cap = 0;
  char *to = text;                       /* where the next kept byte goes */
  out->text = text;
  out->v = NULL;
  out->n = 0;
  for (char *line = text; *line;) {
    char *tab = strchr(line, '\t'), *end = strchr(line, '\n');
    if (!tab || !end || tab > end) break;
    size_t nlen = (size_t)(tab - line), rest = (size_t)(end - tab);
    cl_var *last = out->n ? &out->v[out->n - 1] : NULL;
    if (!last || strlen(last->name) != nlen || strncmp(last->name, line, nlen)) {
      if (out->n == cap) {
        cap = cap ? cap * 2 : 64;
        cl_var *nv = realloc(out->v, sizeof *nv * (size_t)cap);
        if (!nv) abort();
        out->v = nv;
      }
      memmove(to, line, nlen);
      to[nlen] = '\0';
      last = &out->v[out->n++];
      *last = (cl_var){ to, to + nlen + 1, 0 };
      to += nlen + 1;
    }
    memmove(to, tab + 1, rest);            /* "PATH\tVALUE\n" */
    to += rest;
    last->len += rest;
    line = end + 1;
  }
}

static const cl_var *find_var(const cl_vars *vs, const char *name) {
  for (int i = 0; i < vs->n; i++)
    if (!strcmp(vs->v[i].name, name)) return &vs->v[i];
  return NULL;
}

/* The first line where two variables' listings differ, as "PATH: A in
** the game played alone, C in the same game beside its copies". */
static void first_change(const cl_var *a, const cl_var *c, char *buf, size_t n) {
  const char *pa = a ? a->lines : "", *pc = c ? c->lines : "";
  const char *ea = pa + (a ? a->len : 0), *ec = pc + (c ? c->len : 0);
  while (pa < ea && pc < ec) {
    const char *na = memchr(pa, '\n', (size_t)(ea - pa)), *nc = memchr(pc, '\n', (size_t)(ec - pc));
    if (na - pa != nc - pc || memcmp(pa, pc, (size_t)(na - pa))) break;
    pa = na + 1;
    pc = nc + 1;
  }
  /* the line that differs: PATH\tVALUE of each, or none left */
  char la[300] = "", lc[300] = "";
  if (pa < ea) snprintf(la, sizeof la, "%.*s", (int)(strchr(pa, '\n') - pa), pa);
  if (pc < ec) snprintf(lc, sizeof lc, "%.*s", (int)(strchr(pc, '\n') - pc), pc);
  char *ta = strchr(la, '\t'), *tc = strchr(lc, '\t');
  const char *path = ta ? la : tc ? lc : "?";
  if (ta) *ta = '\0';
  if (tc) *tc = '\0';
  int same_path = ta && tc && !strcmp(la, lc);
  if (same_path || !ta || !tc)
    snprintf(buf, n, "%s: %s in the game played alone, %s in the same game beside its copies",
             path, ta ? ta + 1 : "nothing", tc ? tc + 1 : "nothing");
  else
    snprintf(buf, n, "%s: %s in the game played alone, where the same game beside its copies "
             "has %s: %s", la, ta + 1, lc, tc + 1);
}

/* The variables of the two loads whose values differ, as a report names
** them: how many, the first CL_SUSPECTS by name and by their first
** change. */
typedef struct cl_suspects {
  int count, changed;           /* all; those with a value changed (first) */
  char name[CL_SUSPECTS][512];
  char change[CL_SUSPECTS][700];
  int grew[CL_SUSPECTS];        /* the variable only has more than alone */
} cl_suspects;

static void add_suspect(cl_suspects *s, const cl_var *v, const cl_var *alone,
                        const cl_var *copied, int grew) {
  if (s->count < CL_SUSPECTS) {
    snprintf(s->name[s->count], sizeof s->name[0], "%s", v->name);
    first_change(alone, copied, s->change[s->count], sizeof s->change[0]);
    s->grew[s->count] = grew;
  }
  s->count++;
  s->changed += !grew;
}

/* Whether every line of a's listing is in c's, in order: c only has
** more (a table that grew, as a cache that fills does). */
static int only_grew(const cl_var *a, const cl_var *c) {
  const char *pa = a->lines, *ea = pa + a->len, *pc = c->lines, *ec = pc + c->len;
  while (pa < ea && pc < ec) {
    const char *na = memchr(pa, '\n', (size_t)(ea - pa)), *nc = memchr(pc, '\n', (size_t)(ec - pc));
    if (na - pa == nc - pc && !memcmp(pa, pc, (size_t)(na - pa))) pa = na + 1;
    pc = nc + 1;
  }
  return pa >= ea;
}

/* The variables that differ: first those with a value changed, lost or
** new (a count, a flag), then those that only grew (most often a cache,
** which changes nothing of the game, but a list kept by the rules too). */
static void find_suspects(cl_pair *p, cl_suspects *s) {
  cl_vars a, c;
  cut_vars(ark_lg_def_vars(p->da), &a);
  cut_vars(ark_lg_def_vars(p->dc), &c);
  s->count = s->changed = 0;
  for (int grown = 0; grown < 2; grown++) {
    for (int i = 0; i < a.n; i++) {
      const cl_var *v = &a.v[i], *w = find_var(&c, v->name);
      if (w && w->len == v->len && !memcmp(w->lines, v->lines, v->len)) continue;
      if ((w && only_grew(v, w)) == grown) add_suspect(s, v, v, w, grown);
    }
    for (int i = 0; i < c.n && !grown; i++)   /* made only beside the copies */
      if (!find_var(&a, c.v[i].name)) add_suspect(s, &c.v[i], NULL, &c.v[i], 0);
  }
  free(a.text);
  free(a.v);
  free(c.text);
  free(c.v);
}

/* The suspects a report names, "X, Y and Z" or "X, Y, Z and 2 more":
** those with a value changed when there are any (a variable that only
** grew is then most likely a cache); the first change of each stored one
** on a line of its own. */
static void suspects_text(const cl_suspects *s, char *names, size_t nn, char *detail,
                          size_t nd) {
  size_t ln = 0, ld = 0;
  int all = s->changed ? s->changed : s->count;
  int stored = s->count < CL_SUSPECTS ? s->count : CL_SUSPECTS;
  int named = all < stored ? all : stored;
  names[0] = detail[0] = '\0';
  for (int i = 0; i < stored; i++) {
    int k;
    if (i < named) {
      const char *joint = i == 0 ? "" : i == named - 1 && all == named ? " and " : ", ";
      k = snprintf(names + ln, nn - ln, "%s%s", joint, s->name[i]);
      if (k > 0) ln = ln + (size_t)k < nn ? ln + (size_t)k : nn - 1;
    }
    k = snprintf(detail + ld, nd - ld, "\n  %s%s", s->change[i], s->grew[i] && s->changed
                 ? " (it only grew, as a cache does: a cache that changes nothing of the game "
                   "is no mistake)" : "");
    if (k > 0) ld = ld + (size_t)k < nd ? ld + (size_t)k : nd - 1;
  }
  if (all > named) snprintf(names + ln, nn - ln, " and %d more", all - named);
}

/* ---- the report ---- */

/* "seed 1, decision 12, step 'draft'"; past the last decision (the game
** alone is over) "seed 1, after decision 11". */
static void where_text(const cl_pair *p, char *buf, size_t n) {
  unsigned long long seed = (unsigned long long)p->seed;
  if (p->step[0])
    snprintf(buf, n, "seed %llu, decision %d, step '%s'", seed, p->decision, p->step);
  else if (p->decision > 1)
    snprintf(buf, n, "seed %llu, after decision %d", seed, p->decision - 1);
  else
    snprintf(buf, n, "seed %llu, before the first decision", seed);
}

/* Did a copy stop the game beside its copies with a rules error that the
** same copy of the game alone meets too?  Then the rules fail there
** whatever state they keep. */
static int fails_alone(cl_pair *p, const cl_diff *diff) {
  char msg[sizeof diff->msg];
  if (!diff->by_copy || !diff->rules_error) return 0;
  return try_copy(p->alone, diff->copy_kind, diff->view_seed, diff->ahead_seed, msg,
                  sizeof msg) != 0 && !strcmp(msg, diff->msg);
}

static void report(cl_pair *p, cl_diff *diff, const char *rules, char *out, size_t n) {
  char where[200], names[2000], detail[2400];
  cl_suspects s;
  where_text(p, where, sizeof where);
  /* listed before anything more runs in the game alone's Lua state */
  find_suspects(p, &s);
  if (fails_alone(p, diff)) {
    snprintf(out, n, "%s\n  (%s; found in %s that check played on with random answers)",
             diff->msg, where,
             diff->copy_kind < 0 ? "a copy of a game" : "a seat's view of a game");
    return;
  }
  suspects_text(&s, names, sizeof names, detail, sizeof detail);
  if (s.count)
    snprintf(out, n, "%s: the rules keep state in Lua variables: a copy of the game changed %s; "
             "%s. Keep it in a track, zone or counter (docs/lua-games.md)%s\n  what differed: %s",
             rules, names, where, detail, diff->what);
  else
    snprintf(out, n, "%s: the rules keep state outside tracks, zones and counters: copies of "
             "the game changed how it plays on; %s. No global, field of the rules table or local "
             "of the rules' files differs as far as check looks into them: keep everything the "
             "game remembers in tracks, zones and counters (docs/lua-games.md)\n  what differed: "
             "%s", rules, where, diff->what);
}

/* ---- one seed ---- */

/* A game check plays; NULL with msg, and *config set when the command's
** options are at fault (--option, --players), not the game. */
static ark_lg *new_game(ark_lg_def *d, const host_opts *o, int players, uint64_t seed,
                        char *msg, size_t n, int *config) {
  ark_lg *g;
  ark_status st = ark_lg_new_opts(d, players, seed, o->options, o->noptions, &g, msg, n);
  *config = st == ARK_ERR_CONFIG;
  if (st != ARK_OK) return NULL;
  ark_lg_set_cap(g, o->cfg.turn_cap > 0 ? o->cfg.turn_cap : CL_TURN_CAP);
  return g;
}

/* The rules' board(seat) for the seat to answer, and summary() at the
** end, as a person's game and the summary of play and sim call them: 0, or
** 1 with the report in out (they had failed only in play).  On the game
** beside its copies: the board is made on a view, a copy, and the game
** played alone must stay alone. */
static int shown_fails(cl_pair *p, ark_progress st, char *out, size_t n) {
  char msg[1024], where[200], *text = malloc(16384);
  int bad = 0;
  if (!text) return 0;
  if (st == ARK_AWAITING &&
      ark_lg_board_text(p->copied, ark_lg_decision(p->copied)->player, text, 16384, msg,
                        sizeof msg) != 0)
    bad = snprintf(out, n, "%s", msg) > 0;
  else if (st == ARK_END && ark_lg_summary(p->copied, text, 16384, msg, sizeof msg) != 0)
    bad = snprintf(out, n, "%s", msg) > 0;
  free(text);
  if (!bad) return 0;
  where_text(p, where, sizeof where);
  snprintf(out + strlen(out), n - strlen(out), "\n  (%s; found in a game that check played "
           "with random answers)", where);
  return 1;
}

/* Plays the pair to its end, or CL_DECISIONS; 0, or 1 with the report in
** out.  *decisions counts the decisions compared; *ended says whether the
** game ended within them. */
static int play_pair(cl_pair *p, const char *rules, char *out, size_t n, int *decisions,
                     int *ended) {
  uint64_t answers[4], copy_rng[4];
  ark_rng_seed(answers, p->seed * 7919 + 1);
  ark_rng_seed(copy_rng, p->seed * 104729 + 2);
  for (p->decision = 1; p->decision <= CL_DECISIONS; p->decision++) {
    ark_progress sa = ark_lg_process(p->alone);
    ark_lg_process(p->copied);
    snprintf(p->step, sizeof p->step, "%s", ark_lg_step(p->alone));
    cl_diff diff = { 0 };
    if (fingerprint(p->alone) != fingerprint(p->copied)) {
      differ_text(p, &diff);
      report(p, &diff, rules, out, n);
      return 1;
    }
    if (sa == ARK_ERROR) {
      char where[200];
      where_text(p, where, sizeof where);
      snprintf(out, n, "%s\n  (%s; found in a game that check played with random answers)",
               ark_lg_error(p->alone), where);
      return 1;
    }
    *ended = sa == ARK_END;
    if (sa != ARK_AWAITING) return shown_fails(p, sa, out, n);
    if (copies(p, copy_rng, &diff)) {
      report(p, &diff, rules, out, n);
      return 1;
    }
    /* after the copies are compared: the board's view plays the step again
    ** too, and would change what a copy of kept state shows */
    if (shown_fails(p, sa, out, n)) return 1;
    uint64_t keep[4];
    memcpy(keep, answers, sizeof keep);
    answer_random(p->alone, answers);
    answer_random(p->copied, keep);       /* the same answer */
    (*decisions)++;
  }
  return 0;
}

/* The seats check plays: --players, else the game's count nearest to 2
** (as play's, host_check_game_opts). */
static int players_of(const host_opts *o, uint64_t seed) {
  int lo = o->game.max_players ? o->game.min_players : 2;
  int hi = o->game.max_players ? (o->game.max_players < 4 ? o->game.max_players : 4) : 4;
  /* the second game seats the most: state a rule keeps in a local showed
  ** with 3 seats and passed with 2 */
  int want = o->players_given ? o->cfg.players : seed > 1 ? hi : 2;
  return want < lo ? lo : want > hi ? hi : want;
}

/* The game of a seed at players_of's count, or, when --players was not
** given and the game refuses that count with the options (a variant for
** 2 players, check's second game seating the most), the nearest count it
** takes: from there down for the second game, up then down for the first.
** NULL with the preferred count's message when it takes none. */
static ark_lg *seated_game(ark_lg_def *d, const host_opts *o, uint64_t seed, int *seats,
                          char *msg, size_t n, int *config) {
  int want = *seats;
  ark_lg *g = new_game(d, o, want, seed, msg, n, config);
  if (g || o->players_given) return g;
  char first[4096];
  int first_config = *config;
  snprintf(first, sizeof first, "%s", msg);
  for (int k = 1; k <= 3 && !g; k++)
    for (int sign = seed > 1 ? -1 : 1, t = 0; t < 2 && !g; t++, sign = -sign) {
      int c = want + sign * k;
      if (c < 1 || c > 4) continue;
      char why[1024];
      g = new_game(d, o, c, seed, why, sizeof why, config);
      if (g) *seats = c;
    }
  if (!g) {
    snprintf(msg, n, "%s", first);
    *config = first_config;
  }
  return g;
}

int host_check_lua_play(const host_opts *o, ark_lg_def *d, char *out, size_t n) {
  char msg[4096], rules[1400];
  /* named from where the user stands, as check's other problems are */
  snprintf(rules, sizeof rules, "%s/%s", o->game.dir, ark_lg_def_rules(d));
  int decisions = 0;
  ark_lg_def *dc = ark_lg_def_load(&o->game, msg, sizeof msg);
  if (!dc) {
    snprintf(out, n, "%s", msg);
    return 1;
  }
  int rc = 0, nwarn = 0;
  char warn[2][300];
  for (uint64_t seed = 1; seed <= CL_SEEDS && rc == 0; seed++) {
    cl_pair p = { NULL, NULL, d, dc, seed, 0, "" };
    int config = 0, seats = players_of(o, seed), ended = 0;
    p.alone = seated_game(d, o, seed, &seats, msg, sizeof msg, &config);
    p.copied = p.alone ? new_game(dc, o, seats, seed, msg, sizeof msg, &config) : NULL;
    if (!p.copied) {
      snprintf(out, n, "%s", msg);
      if (config) {               /* the command's fault: a usage error, said as is */
        ark_lg_free(p.alone);
        ark_lg_def_release(dc);
        return 2;
      }
      rc = 1;
    } else {
      rc = play_pair(&p, rules, out, n, &decisions, &ended);
      if (rc == 0 && !ended && nwarn < 2)
        snprintf(warn[nwarn++], sizeof warn[0], "\nwarning: the game of seed %llu (%d players) "
                 "did not end within %d decisions: does next() return nil once the game is "
                 "over? (play and sim stop such a game at the turn cap)",
                 (unsigned long long)seed, seats, CL_DECISIONS);
    }
    ark_lg_free(p.alone);
    ark_lg_free(p.copied);
  }
  ark_lg_def_release(dc);
  if (rc == 0) {
    snprintf(out, n, "the rules keep no state in Lua variables that check finds (%d games of "
             "random answers, %d decisions, copied at every one)", CL_SEEDS, decisions);
    for (int w = 0; w < nwarn; w++) snprintf(out + strlen(out), n - strlen(out), "%s", warn[w]);
  } else {
    ark_lg_name_here(o->game.dir, out, n);   /* as check's other problems */
  }
  return rc;
}
