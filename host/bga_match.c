/*
** bga_match.c - a Board Game Arena game played again in our engine: every
** decision our game asks is answered by what the BGA player did there.
**
** The facts of the log (bga_log.c) are read in order.  A turn of ours is
** matched to BGA's turn of the same player: the facts from the first one
** not used yet up to that player's action card going to slot 1 (BGA's
** "finishing action").  Inside it, each decision of ours takes the first
** unused fact it needs (the building placed, the animal played, the card
** kept...), so small differences in the order two engines resolve things
** in do not matter.  A break is matched to BGA's break.  Where no fact
** fits, the conversion stops with BGA's move number, what BGA did and our
** options.  After every break and at the end the tracks are compared with
** BGA's, summed from the log's own gains.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bga.h"

typedef struct matcher {
  ark_game *g;
  bga_log *log;
  bga_result *res;
  FILE *out;
  int verbose;
  int seg_start, seg_end;          /* the BGA turn or break being matched: [start, end] */
  int seg_player;
  int seg_break;                   /* the segment is a break */
  int in_seg;                      /* a turn or break was begun (else: the draft) */
  int pending;                     /* fact of the building / animal being placed, -1 */
  int bmap[512];                   /* BGA building id -> our building index + 1 */
  int edge_taken[BGA_PLAYERS];     /* map-edge slots taken, per seat */
  char tiles[4][16];               /* bonus tiles not taken yet, as we know */
  int last_break_end;              /* fact index of the last BGA break end compared */
  int last_turn;                   /* the segment is a turn the game ended in */
  int *consumed;                   /* cards of each fact used so far */
  int ev_seen;                     /* our game's events checked (forced_steps) */
  char answered[320];              /* the last decision answered and its answer */
} matcher;

/* ---- options ---- */

static int opt_exact(const ark_decision *d, const char *text) {
  for (int i = 0; i < d->noptions; i++)
    if (!strcmp(d->options[i], text)) return i;
  return -1;
}

static int opt_prefix(const ark_decision *d, const char *prefix) {
  size_t n = strlen(prefix);
  for (int i = 0; i < d->noptions; i++)
    if (!strncmp(d->options[i], prefix, n)) return i;
  return -1;
}

static int opt_has(const ark_decision *d, const char *needle) {
  for (int i = 0; i < d->noptions; i++)
    if (strstr(d->options[i], needle)) return i;
  return -1;
}

/* The option naming card `number` as "(number)", or -1. */
static int opt_card(const ark_decision *d, int number) {
  char k[16];
  snprintf(k, sizeof k, "(%d)", number);
  return opt_has(d, k);
}

/* The last option when it declines (choose_or_skip puts it last). */
static int opt_skip(const ark_decision *d) {
  static const char *const skips[] = { "finish", "no ", "stop ", "done", "leave ", "skip" };
  if (d->noptions == 0) return -1;
  const char *last = d->options[d->noptions - 1];
  for (size_t k = 0; k < sizeof skips / sizeof skips[0]; k++)
    if (!strncmp(last, skips[k], strlen(skips[k]))) return d->noptions - 1;
  return -1;
}

/* ---- facts ---- */

static bga_fact *F(matcher *m, int k) { return &m->log->f[k]; }

static void use(matcher *m, int k) { F(m, k)->used = 1; }

/* Uses one card of fact k (the whole fact with its last card). */
static void use_card(matcher *m, int k) {
  if (++m->consumed[k] >= F(m, k)->ncards) F(m, k)->used = 1;
}

/* The first unused fact of `kind` by seat p in the segment, or -1. */
static int next_fact(matcher *m, int kind, int p) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->kind == kind && !f->used && (p < 0 || f->player == p)) return k;
  }
  return -1;
}

/* The first unused fact of any of the kinds (a list ending with -1). */
static int next_of(matcher *m, int p, const int *kinds) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->used || (p >= 0 && f->player != p)) continue;
    for (const int *q = kinds; *q >= 0; q++)
      if (f->kind == *q) return k;
  }
  return -1;
}

/* ---- messages ---- */

static const char *name_of(matcher *m, int p) {
  return p >= 0 && p < m->log->nplayers ? m->log->pl[p].name : "?";
}

/* Our name of the card printed as `number`. */
static const char *card_name(matcher *m, int number) {
  ark_card_view v;
  if (ark_card_get(m->g, ark_card_find(m->g, number), &v) != 0) return "not one of our cards";
  return v.name;
}

static int in_list(const int *ids, int n, int id) {
  for (int i = 0; i < n; i++) if (ids[i] == id) return 1;
  return 0;
}

static void describe_fact(matcher *m, int k, char *buf, size_t n) {
  if (k < 0 || k >= m->log->nf) {
    snprintf(buf, n, "(no move of the log is left)");
    return;
  }
  const bga_fact *f = F(m, k);
  char card[96] = "";
  /* BGA's line names the card by the log's card_name, the fact by its id:
  ** the id is what was matched, so it is shown when they could differ */
  if (f->card) snprintf(card, sizeof card, " (its card id is %d, %s)", f->card, card_name(m, f->card));
  snprintf(buf, n, "BGA move %d: %s%s", f->move, f->text[0] ? f->text : bga_kind_name(f->kind),
           card);
}

/* Why the card of fact k, played by its player from their hand, is not
** one of our options: "" if it is in that hand in our game, else a line
** saying so (and where the log had them give it away). */
static void not_in_hand(matcher *m, int k, char *buf, size_t n) {
  const bga_fact *f = F(m, k);
  int ids[256], nh = ark_game_hand(m->g, f->player, ids, 256);
  buf[0] = '\0';
  if (f->display || !f->card || in_list(ids, nh, ark_card_find(m->g, f->card))) return;
  size_t o = (size_t)snprintf(buf, n, "card %d (%s) is not in %s's hand in our game", f->card,
                              card_name(m, f->card), name_of(m, f->player));
  for (int q = k - 1; q >= 0 && o < n; q--) {
    const bga_fact *g = F(m, q);
    if (g->player != f->player || !(g->kind == BF_DRAFT || g->kind == BF_DISCARD ||
                                    g->kind == BF_SELL || g->kind == BF_POUCH))
      continue;
    if (!in_list(g->cards, g->ncards, f->card)) continue;
    snprintf(buf + o, n - o, " (%s %s at BGA move %d)", name_of(m, f->player),
             g->kind == BF_DRAFT ? "discarded it in the opening draft" : g->kind == BF_SELL
             ? "sold it" : g->kind == BF_POUCH ? "tucked it under a card" : "discarded it", g->move);
    return;
  }
}

/* The first missing move ids between the last move matched (`after`) and
** the move the import stopped at (`before`), as " (moves A-B are missing
** from the log)", or "": a gap elsewhere in the log has nothing to do with
** the stop. */
static void gap_between(matcher *m, int after, int before, char *buf, size_t n) {
  buf[0] = '\0';
  const bga_log *log = m->log;
  if (!log->present || before > log->last_move + 1) before = log->last_move + 1;
  int a = after + 1;
  while (a < before && log->present[a]) a++;
  if (a >= before) return;
  int b = a;
  while (b < before && !log->present[b]) b++;
  if (b - a == 1) snprintf(buf, n, " (move %d is missing from the log)", a);
  else snprintf(buf, n, " (moves %d-%d are missing from the log%s)", a, b - 1,
                b - a > 20 ? ": an excerpt?" : "");
}

/* The move of the first fact from k on that the log holds (an inferred
** fact takes a move id inside its gap), or the one after the log's last. */
static int move_at(matcher *m, int k) {
  while (k >= 0 && k < m->log->nf && F(m, k)->synthetic) k++;
  return k >= 0 && k < m->log->nf ? F(m, k)->move : m->log->last_move + 1;
}

static int fail(matcher *m, const ark_decision *d, int fact, const char *fmt, ...) {
  bga_result *r = m->res;
  char what[512], bga[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  describe_fact(m, fact, bga, sizeof bga);
  size_t o = (size_t)snprintf(r->why, sizeof r->why, "%s\n%s%s%s  our decision for %s (%s): %s\n",
                              what, fact >= 0 ? "  " : "", fact >= 0 ? bga : "", fact >= 0 ? "\n" : "",
                              name_of(m, d->player), d->tag, d->prompt);
  for (int i = 0; i < d->noptions && o < sizeof r->why; i++)
    o += (size_t)snprintf(r->why + o, sizeof r->why - o, "    %d) %s\n", i + 1, d->options[i]);
  r->stopped = 1;
  return -1;
}

/* Where in the log the conversion is: the BGA turn or break being matched. */
static void where(matcher *m, char *buf, size_t n) {
  if (!m->in_seg) {
    snprintf(buf, n, "in the opening draft");
    return;
  }
  /* a turn the game was conceded in runs to the log's end */
  int first = F(m, m->seg_start)->move, last = m->log->last_move;
  if (m->seg_end < m->log->nf) last = F(m, m->seg_end)->move;
  if (m->seg_break) snprintf(buf, n, "in BGA's break of moves %d-%d", first, last);
  else snprintf(buf, n, "in %s's turn of BGA moves %d-%d", name_of(m, m->seg_player), first, last);
}

/* Our game refused an answer or stopped with an error: what, where in the
** log, and for a card of the draw order our deck does not hold, the fact
** that put it into the draw order (an inferred draw, a doubled move...). */
static void stopped_here(matcher *m, const char *what, const char *err) {
  bga_result *r = m->res;
  char at[160], src[256];
  where(m, at, sizeof at);
  size_t o = (size_t)snprintf(r->why, sizeof r->why, "%s %s: %s\n", what, at, err);
  int used = ark_game_draws_used(m->g), k = bga_draw_source(m->log, used);
  if (strstr(err, "draw order") && k >= 0 && o < sizeof r->why) {
    describe_fact(m, k, src, sizeof src);
    snprintf(r->why + o, sizeof r->why - o, "  card %d of the draw order comes from %s\n",
             used + 1, src);
  }
  r->stopped = 1;
}

/* ---- BGA's tracks, summed from the log ---- */

static void bga_tracks(matcher *m, int upto, int p, int t[BT_N]) {
  t[BT_MONEY] = 25;
  t[BT_APPEAL] = (p - m->log->start_player + m->log->nplayers) % m->log->nplayers;
  t[BT_CONSERVATION] = 0;
  t[BT_REPUTATION] = 1;
  t[BT_XTOKENS] = 0;
  for (int k = 0; k <= upto && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->player != p) continue;
    for (int i = 0; i < BT_N; i++) t[i] += f->gain[i];
  }
}

/* Income paid at the break ending at fact `end` to p: appeal and kiosks. */
static int bga_income(matcher *m, int end, int p) {
  int sum = 0;
  for (int k = end; k >= 0 && F(m, k)->kind != BF_BREAK_START; k--) {
    const bga_fact *f = F(m, k);
    if (f->kind == BF_BONUS && f->player == p &&
        (!strcmp(f->source, "appeal income") || !strcmp(f->source, "kiosk income")))
      sum += f->gain[BT_MONEY];
  }
  return sum;
}

/* Our tracks against BGA's after fact `upto`; income too when `brk` is
** the index of a BGA break's end. */
static void compare(matcher *m, int upto, int brk, const char *when) {
  static const char *const names[BT_N] = { "money", "appeal", "conservation", "reputation",
                                           "X tokens" };
  bga_result *r = m->res;
  for (int p = 0; p < m->log->nplayers; p++) {
    ark_player_view v;
    ark_game_player(m->g, p, &v);
    int ours[BT_N] = { v.money, v.appeal, v.conservation, v.reputation, v.xtokens }, t[BT_N];
    bga_tracks(m, upto, p, t);
    for (int i = 0; i < BT_N; i++) {
      r->nchecks++;
      if (ours[i] == t[i]) continue;
      r->nmismatch++;
      size_t o = strlen(r->mismatches);
      snprintf(r->mismatches + o, sizeof r->mismatches - o, "%s: %s %s %d on BGA, %d here\n",
               when, name_of(m, p), names[i], t[i], ours[i]);
    }
    if (brk >= 0) {
      int inc = bga_income(m, brk, p);
      r->nchecks++;
      if (inc != v.income) {
        r->nmismatch++;
        size_t o = strlen(r->mismatches);
        snprintf(r->mismatches + o, sizeof r->mismatches - o,
                 "%s: %s income (appeal and kiosks) %d on BGA, %d here\n", when, name_of(m, p),
                 inc, v.income);
      }
    }
  }
}

/* In verbose mode: the first track that differs after a turn. */
static void turn_check(matcher *m, int upto) {
  if (!m->verbose) return;
  for (int p = 0; p < m->log->nplayers; p++) {
    ark_player_view v;
    ark_game_player(m->g, p, &v);
    int ours[BT_N] = { v.money, v.appeal, v.conservation, v.reputation, v.xtokens }, t[BT_N];
    bga_tracks(m, upto, p, t);
    for (int i = 0; i < BT_N; i++)
      if (ours[i] != t[i])
        fprintf(m->out, "    ! after BGA move %d: %s track %d is %d on BGA, %d here\n",
                F(m, upto)->move, name_of(m, p), i, t[i], ours[i]);
  }
}

/* ---- segments ---- */

/* Facts that are not moves of a player (kept for checks and the deal). */
static int informational(int kind) {
  return kind == BF_BONUS || kind == BF_TILES || kind == BF_DISPLAY || kind == BF_HAND ||
         kind == BF_SCORING || kind == BF_ADVANCE || kind == BF_XSPEND || kind == BF_HANDSEEN ||
         kind == BF_FOLDERS;
}

/* BGA's turn beginning at fact k begins at our next decision: the save's
** table of turns (bga-moves), which hint --at bga:M reads. */
static void note_turn(matcher *m, int k) {
  bga_result *r = m->res;
  if (r->nturns >= (int)(sizeof r->turn_at / sizeof r->turn_at[0])) return;
  r->turn_at[r->nturns][0] = ark_game_nanswers(m->g);
  r->turn_at[r->nturns++][1] = F(m, k)->move;
}

/* The segment of p's next turn: from the first unused fact to p's next
** action card going to slot 1.  0, or -1 when the log has none. */
static int turn_segment(matcher *m, int p, const ark_decision *d) {
  int k = 0;
  while (k < m->log->nf && (F(m, k)->used ||
                            (informational(F(m, k)->kind) && F(m, k)->kind != BF_XSPEND) ||
                            F(m, k)->kind == BF_BREAK_START || F(m, k)->kind == BF_BREAK_END))
    k++;
  int end = k;
  while (end < m->log->nf && !(F(m, end)->kind == BF_CLEANUP && !F(m, end)->free &&
                               F(m, end)->player == F(m, k)->player) &&
         F(m, end)->kind != BF_CONCEDE && F(m, end)->kind != BF_END)
    end++;
  /* the game ended (a concession) in the middle of this turn: match what
  ** was played of it */
  if (k < m->log->nf && end < m->log->nf && end > k &&
      (F(m, end)->kind == BF_CONCEDE || F(m, end)->kind == BF_END) &&
      (F(m, k)->kind == BF_ACTION || F(m, k)->kind == BF_XSPEND))
    m->last_turn = 1;
  else if (end < m->log->nf && (F(m, end)->kind == BF_CONCEDE || F(m, end)->kind == BF_END))
    end = m->log->nf;
  if (k >= m->log->nf || end >= m->log->nf) {
    char gap[128];
    int last = m->res->matched_move;
    gap_between(m, last, move_at(m, k), gap, sizeof gap);
    for (int q = k; q < m->log->nf; q++)
      if (F(m, q)->kind == BF_CONCEDE || F(m, q)->kind == BF_END) {
        m->res->ended = 1;
        return -1;
      }
    if (k < m->log->nf && F(m, k)->player == p) {
      /* the turn still begins at this decision: without it, hint --at bga:M
      ** of a move in it answered for an earlier turn (another player's) */
      note_turn(m, k);
      return fail(m, d, k, "the log ends in the middle of %s's turn (it begins at BGA move %d, "
                  "the log's last move is %d): the turn cannot be matched", name_of(m, p),
                  F(m, k)->move, m->log->last_move);
    }
    return fail(m, d, k, "the log ends here: no turn of %s follows BGA move %d%s", name_of(m, p),
                last, gap);
  }
  if (F(m, k)->player != p) {
    char gap[128];
    gap_between(m, m->res->matched_move, move_at(m, k), gap, sizeof gap);
    return fail(m, d, k, "it is %s's turn here, but BGA's next move is by %s%s", name_of(m, p),
                name_of(m, F(m, k)->player), gap);
  }
  m->seg_start = k;
  m->seg_end = end;
  m->seg_player = p;
  m->in_seg = 1;
  m->seg_break = 0;
  return 0;
}

/* A draw up to the end of the segment whose cards the log does not name
** (bga_log's unnamed_draw): our game would draw the next cards of the draw
** order instead, other draws' cards, and deal the player a hand BGA never
** dealt.  0, or -1 with the stop. */
static int unnamed_draw(matcher *m, const ark_decision *d) {
  const bga_log *log = m->log;
  int last = m->seg_end < log->nf ? F(m, m->seg_end)->move : log->last_move;
  for (int p = 0; p < log->nplayers; p++) {
    int move = log->unnamed_draw[p];
    if (!move || move > last) continue;
    char channel[48], held[64];
    snprintf(channel, sizeof channel, "/player/p%lld", log->pl[p].id);
    if (log->private_last[p] < move)
      snprintf(held, sizeof held, "no packet of it after move %d", log->private_last[p]);
    else
      snprintf(held, sizeof held, "none of its packets of move %d", move);
    return fail(m, d, -1, "BGA move %d: %s, but the log does not name the cards: they are "
                "named only on %s's private channel %s, and the log holds %s", move,
                log->unnamed_text[p], name_of(m, p), channel, held);
  }
  return 0;
}

/* Our buildings standing where BGA's buildings of the segment stand:
** their BGA ids are mapped (a placement with one option is never asked). */
static void sync_buildings(matcher *m) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    bga_fact *f = F(m, k);
    if (f->kind != BF_BUILD || f->bid < 0 || f->bid >= 512 || m->bmap[f->bid]) continue;
    int cells[8];
    const char *key;
    int nc = bga_footprint(f->what, f->x, f->y, f->rot, cells, &key);
    if (!nc) { cells[0] = f->x + 9 * f->y; nc = 1; }
    ark_cell_view v;
    ark_game_cell(m->g, f->player, cells[0], &v);
    if (v.building >= 0 && (!key || (v.building_key && !strcmp(v.building_key, key)) ||
                            !strncmp(v.building_key ? v.building_key : "", "sponsor-", 8))) {
      m->bmap[f->bid] = v.building + 1;
      f->used = 1;
    }
  }
}

/* Did our game do what fact f says, without asking (a decision with one
** option is taken at once)?  1 yes, 0 no, -1 cannot tell. */
static int done_here(matcher *m, const bga_fact *f) {
  int ids[256], n, id = f->card ? ark_card_find(m->g, f->card) : -1;
  switch (f->kind) {
  case BF_ANIMAL: case BF_SPONSOR:
    n = ark_game_zoo(m->g, f->player, ids, 256);
    return in_list(ids, n, id);
  case BF_BUILD:
    return f->bid >= 0 && f->bid < 512 && m->bmap[f->bid] > 0;
  case BF_SNAP: case BF_TAKE:
    n = ark_game_hand(m->g, f->player, ids, 256);
    if (in_list(ids, n, id)) return 1;
    n = ark_game_zoo(m->g, f->player, ids, 256);
    return in_list(ids, n, id);
  case BF_DISCARD: case BF_SELL: case BF_DRAFT: case BF_POUCH:
    n = ark_game_hand(m->g, f->player, ids, 256);
    for (int c = 0; c < f->ncards; c++)
      if (in_list(ids, n, ark_card_find(m->g, f->cards[c]))) return 0;
    return 1;
  case BF_KEEP:
    n = ark_game_hand(m->g, f->player, ids, 256);
    for (int c = 0; c < f->ncards; c++)
      if (!in_list(ids, n, ark_card_find(m->g, f->cards[c]))) return 0;
    return 1;
  default:
    return -1;
  }
}

/* Marks what is left of the segment as seen; a move of the player that
** nothing of ours asked for, and that our game did not do by itself, is
** reported.  Returns 0 or -1. */
static int close_segment(matcher *m, const ark_decision *d) {
  sync_buildings(m);
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    bga_fact *f = F(m, k);
    if (f->used) continue;
    int move = !informational(f->kind) && f->kind != BF_CLEANUP && f->kind != BF_BREAK_START &&
               f->kind != BF_BREAK_END && f->kind != BF_ACTION && f->kind != BF_DRAW &&
               f->kind != BF_TASK && f->kind != BF_WORKER;
    char why[256];
    if (move && done_here(m, f) == 0 && (f->kind == BF_ANIMAL || f->kind == BF_SPONSOR) &&
        (not_in_hand(m, k, why, sizeof why), why[0]))
      return fail(m, d, k, "BGA's player plays a card here, but %s", why);
    if (move && done_here(m, f) == 0)
      return fail(m, d, k, "BGA's player did this, but our game neither asked for it nor did it");
    f->used = 1;
  }
  if (m->seg_end < m->log->nf && m->seg_end >= 0) m->res->matched_move = F(m, m->seg_end)->move;
  return 0;
}

/* Are moves of BGA's players left unmatched in the segment? */
static int moves_left(matcher *m) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (!f->used && !informational(f->kind) && f->kind != BF_CLEANUP && f->kind != BF_CONCEDE &&
        f->kind != BF_END && f->kind != BF_ACTION && f->kind != BF_DRAW && f->kind != BF_TASK &&
        done_here(m, f) == 0)
      return 1;
  }
  return 0;
}

/* ---- what our game did without asking ----
** A decision of one option is taken at once (rules/lib.lua's choose): the
** matcher never sees it, so a card our game played is checked against the
** turn's facts when it asks its next question. */

/* Does BGA's player p play card `number` in the segment? */
static int played_in_segment(matcher *m, int p, int number) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->player == p && f->card == number && (f->kind == BF_ANIMAL || f->kind == BF_SPONSOR))
      return 1;
  }
  return 0;
}

/* A card our game played by itself for p that BGA's player did not: the
** stop names BGA's play and the answer after which ours came, which the
** save leaves out (res->drop), so that it holds nothing the log
** contradicts. */
static int forced_play(matcher *m, int p, int number) {
  static const int kinds[] = { BF_ANIMAL, BF_SPONSOR, -1 };
  bga_result *r = m->res;
  int k = next_of(m, p, kinds);
  char first[320], bga[256] = "", why[256] = "";
  if (k >= 0) {
    describe_fact(m, k, bga, sizeof bga);
    not_in_hand(m, k, why, sizeof why);
  }
  if (k < 0) snprintf(first, sizeof first, "BGA's player plays no card here");
  else if (why[0]) snprintf(first, sizeof first, "BGA's player plays a card here, but %s", why);
  else snprintf(first, sizeof first, "BGA's player plays card %d (%s) here", F(m, k)->card,
                card_name(m, F(m, k)->card));
  snprintf(r->why, sizeof r->why, "%s\n%s%s%s  our game played %s (%d) for %s without asking (its "
           "only option) after our decision for %s; the save ends before that decision\n", first,
           k >= 0 ? "  " : "", bga, k >= 0 ? "\n" : "", card_name(m, number), number,
           name_of(m, p), m->answered);
  r->stopped = 1;
  r->drop = 1;
  return -1;
}

/* The cards our game played since the last answer, each one of BGA's
** plays of the turn being matched.  0, or -1 with the stop. */
static int forced_steps(matcher *m) {
  int n = ark_game_nevents(m->g);
  for (; m->ev_seen < n; m->ev_seen++) {
    const ark_event *e = ark_game_event(m->g, m->ev_seen);
    ark_card_view v;
    /* b -2: a conservation project put on the board, which BGA logs as a support */
    if (!m->in_seg || e->type != ARK_EV_PLAY || e->b == -2 || e->player < 0 ||
        ark_card_get(m->g, e->a, &v) != 0)
      continue;
    if (!played_in_segment(m, e->player, v.number)) return forced_play(m, e->player, v.number);
  }
  return 0;
}

/* ---- the handlers ---- */

static const char *roman(int level) { return level >= 2 ? "II" : "I"; }

static int h_action(matcher *m, const ark_decision *d) {
  int p = d->player;
  int k = next_fact(m, BF_ACTION, p);
  char text[128];
  if (k >= 0) {
    bga_fact *f = F(m, k);
    int x = 0, xs = next_fact(m, BF_XSPEND, p);
    if (xs >= 0 && xs < k) x = F(m, xs)->n, use(m, xs);
    if (x > 0) snprintf(text, sizeof text, "%s %s at strength %d (%d X)", f->what, roman(f->level), f->strength, x);
    else snprintf(text, sizeof text, "%s %s at strength %d", f->what, roman(f->level), f->strength);
    int i = opt_exact(d, text);
    if (i < 0) return fail(m, d, k, "no option reads '%s'", text);
    use(m, k);
    /* a multiplier repeats the action: BGA logs the card again */
    for (int q = k + 1; q <= m->seg_end; q++)
      if (F(m, q)->kind == BF_ACTION && F(m, q)->player == p && !strcmp(F(m, q)->what, f->what))
        use(m, q);
    return i;
  }
  /* the X-token action: the card goes to slot 1 for an X token */
  const bga_fact *c = F(m, m->seg_end);
  snprintf(text, sizeof text, "X-token action: %s to slot 1", c->what);
  int i = opt_exact(d, text);
  if (i < 0) return fail(m, d, m->seg_end, "no option reads '%s'", text);
  return i;
}

/* The building of fact k as our option text "key at (x,y) ...". */
static int place_text(matcher *m, int k, char *text, size_t n, int cells[8], const char *fallback_key) {
  const bga_fact *f = F(m, k);
  const char *key;
  int nc = bga_footprint(f->what, f->x, f->y, f->rot, cells, &key);
  if (!nc) return 0;
  (void)fallback_key;
  size_t o = (size_t)snprintf(text, n, "%s at", key);
  for (int i = 0; i < nc; i++) o += (size_t)snprintf(text + o, n - o, " (%d,%d)", cells[i] % 9, cells[i] / 9);
  return nc;
}

/* Answers a placement with the building of fact k; remembers which of our
** buildings BGA's building id is. */
static int answer_place(matcher *m, const ark_decision *d, int k) {
  char text[160];
  int cells[8];
  int nc = place_text(m, k, text, sizeof text, cells, NULL);
  int i = nc ? opt_exact(d, text) : -1;
  if (i < 0 && !nc) {
    /* a building type without a known footprint: the one option on its anchor space */
    char at[16];
    snprintf(at, sizeof at, "(%d,%d)", F(m, k)->x, F(m, k)->y);
    int found = -1, count = 0;
    for (int q = 0; q < d->noptions; q++)
      if (strstr(d->options[q], at)) found = q, count++;
    if (count == 1) i = found;
    else return fail(m, d, k, "BGA's building type '%s' has no known footprint, and %d of our "
                     "places cover %s", F(m, k)->what, count, at);
  }
  if (i < 0) return fail(m, d, k, "no option reads '%s'", text);
  m->pending = k;
  use(m, k);
  return i;
}

/* After a placement was answered: our building index of BGA's id. */
static void note_building(matcher *m, int p) {
  if (m->pending < 0) return;
  const bga_fact *f = F(m, m->pending);
  if (f->kind == BF_BUILD && f->bid >= 0 && f->bid < 512) {
    ark_cell_view v;
    ark_game_cell(m->g, p, f->x + 9 * f->y, &v);
    if (v.building >= 0) m->bmap[f->bid] = v.building + 1;
    else {
      int cells[8];
      const char *key;
      int nc = bga_footprint(f->what, f->x, f->y, f->rot, cells, &key);
      for (int i = 0; i < nc; i++) {
        ark_game_cell(m->g, p, cells[i], &v);
        if (v.building >= 0) { m->bmap[f->bid] = v.building + 1; break; }
      }
    }
  }
  m->pending = -1;
}

static int is_placement(const ark_decision *d) {
  return d->noptions > 0 && strstr(d->options[0], " at (") != NULL;
}

/* The key of a placement decision (its first option's "key at"). */
static void placement_key(const ark_decision *d, char *key, size_t n) {
  const char *at = strstr(d->options[0], " at (");
  snprintf(key, n, "%.*s", at ? (int)(at - d->options[0]) : 0, d->options[0]);
}

/* Is BGA's building of fact k off its player's map (a space of its
** footprint that the map does not have)?  1 with a line saying so: the
** building fits no option, and without it the stop read "BGA built
** nothing more" at the action's move.  0 for a type of unknown footprint. */
static int off_map(matcher *m, int k, char *buf, size_t n) {
  const bga_fact *f = F(m, k);
  int cells[8];
  const char *key;
  int nc = bga_footprint(f->what, f->x, f->y, f->rot, cells, &key), on = nc > 0;
  if (!key) return 0;
  for (int i = 0; i < nc && on; i++) {
    ark_cell_view v;
    ark_game_cell(m->g, f->player, cells[i], &v);
    on = v.exists;
  }
  if (on) return 0;
  ark_cell_view a;
  int anchor = f->x >= 0 && f->x <= 8 && f->y >= 0 && f->y <= 12;
  if (anchor) ark_game_cell(m->g, f->player, f->x + 9 * f->y, &a);
  const char *map = m->log->pl[f->player].map;
  if (!anchor || !a.exists)
    snprintf(buf, n, "BGA move %d builds a %s at (%d,%d), which is not a space of map %s (%s)",
             f->move, f->what, f->x, f->y, map, ark_game_map_name(m->g, f->player));
  else
    snprintf(buf, n, "BGA move %d builds a %s at (%d,%d) turned %d sixths, which covers spaces "
             "that are not on map %s (%s)", f->move, f->what, f->x, f->y, f->rot, map,
             ark_game_map_name(m->g, f->player));
  return 1;
}

/* Any placement: the next building of the player that fits its key (a
** paid one for the Build action, a free one for bonuses); the skip
** option when BGA built none. */
static int h_place(matcher *m, const ark_decision *d, int want_paid) {
  char key[48];
  placement_key(d, key, sizeof key);
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->kind != BF_BUILD || f->used || f->player != d->player) continue;
    if (want_paid >= 0 && (f->amount == 0) == want_paid) continue;
    int cells[8];
    const char *bkey;
    int nc = bga_footprint(f->what, f->x, f->y, f->rot, cells, &bkey);
    char off[160];
    if (bkey && !strcmp(bkey, key) && off_map(m, k, off, sizeof off))
      return fail(m, d, k, "%s", off);
    if (nc && strcmp(bkey, key)) continue;     /* another kind of building */
    if (!nc && strncmp(key, "sponsor-", 8)) continue;
    return answer_place(m, d, k);
  }
  int s = opt_skip(d);
  if (s >= 0) return s;
  return fail(m, d, next_fact(m, BF_BUILD, d->player), "no building %s of BGA's fits '%s'",
              want_paid == 1 ? "paid for" : "for free", key);
}

static int h_build_kind(matcher *m, const ark_decision *d) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->kind != BF_BUILD || f->used || f->player != d->player || f->free) continue;
    int cells[8];
    const char *key;
    char off[160];
    if (off_map(m, k, off, sizeof off)) return fail(m, d, k, "%s", off);
    if (!bga_footprint(f->what, f->x, f->y, f->rot, cells, &key)) continue;
    char text[64];
    snprintf(text, sizeof text, "build %s (", key);
    int i = opt_prefix(d, text);
    if (i < 0) return fail(m, d, k, "no option builds a %s", key);
    return i;
  }
  int s = opt_skip(d);
  if (s >= 0) return s;
  return fail(m, d, m->seg_start, "BGA built nothing more in this action");
}

static int h_animal(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_ANIMAL, d->player);
  if (k < 0) {
    int s = opt_skip(d);
    if (s >= 0) return s;
    return fail(m, d, m->seg_start, "BGA played no animal here");
  }
  int i = opt_card(d, F(m, k)->card);
  char why[256];
  not_in_hand(m, k, why, sizeof why);
  if (i < 0) return fail(m, d, k, "animal %d is not one of our options%s%s", F(m, k)->card,
                         why[0] ? ": " : "", why);
  m->pending = k;
  use(m, k);
  return i;
}

static int h_enclosure(matcher *m, const ark_decision *d) {
  if (m->pending < 0 || F(m, m->pending)->kind != BF_ANIMAL) {
    /* the animal was the only one to play (not asked): the prompt names it */
    const char *par = strrchr(d->prompt, '(');
    int number = par ? atoi(par + 1) : 0;
    m->pending = -1;
    for (int k = m->seg_start; k <= m->seg_end && m->pending < 0; k++)
      if (F(m, k)->kind == BF_ANIMAL && F(m, k)->card == number && F(m, k)->player == d->player)
        m->pending = k, use(m, k);
    if (m->pending < 0)
      return fail(m, d, m->seg_start, "an enclosure is asked for, but BGA played no animal %d here",
                  number);
  }
  const bga_fact *f = F(m, m->pending);
  int b = f->bid >= 0 && f->bid < 512 ? m->bmap[f->bid] - 1 : -1;
  char text[48];
  if (b >= 0) {
    snprintf(text, sizeof text, " #%d", b);
    for (int i = 0; i < d->noptions; i++) {
      const char *at = strstr(d->options[i], text);
      if (at && at[strlen(text)] == '\0') { m->pending = -1; return i; }
    }
  }
  /* no building known for BGA's id: the one enclosure of that kind */
  snprintf(text, sizeof text, "into %s #", f->what);
  int i = opt_prefix(d, text), count = 0;
  for (int q = 0; q < d->noptions; q++) count += !strncmp(d->options[q], text, strlen(text));
  if (count == 1) { m->pending = -1; return i; }
  return fail(m, d, m->pending, "BGA's enclosure (its building %d, %s) is not one of ours", f->bid,
              f->what);
}

static int h_sponsor(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_SPONSOR, d->player);
  if (k >= 0) {
    int i = opt_card(d, F(m, k)->card);
    char why[256];
    not_in_hand(m, k, why, sizeof why);
    if (i < 0) return fail(m, d, k, "sponsor %d is not one of our options%s%s", F(m, k)->card,
                           why[0] ? ": " : "", why);
    use(m, k);
    return i;
  }
  int a = next_fact(m, BF_ADVANCE, d->player);
  int money = opt_prefix(d, "take ");
  if (a >= 0 && money >= 0) {
    use(m, a);
    return money;
  }
  int s = opt_skip(d);
  if (s >= 0) return s;
  return fail(m, d, m->seg_start, "BGA played no sponsor and took no money here");
}

static int h_task(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_TASK, d->player);
  if (k < 0) {
    int s = opt_skip(d);
    if (s >= 0) return s;
    return fail(m, d, m->seg_start, "BGA did no association task here");
  }
  char text[48];
  snprintf(text, sizeof text, "%s (", F(m, k)->what);
  int i = opt_prefix(d, text);
  if (i < 0) return fail(m, d, k, "no option is the task '%s'", F(m, k)->what);
  use(m, k);
  return i;
}

static int h_what(matcher *m, const ark_decision *d, int kind, const char *prefix) {
  int k = next_fact(m, kind, d->player);
  if (k < 0) return fail(m, d, m->seg_start, "BGA took no %s here", bga_kind_name(kind));
  char text[64];
  snprintf(text, sizeof text, "%s%s", prefix, F(m, k)->what);
  int i = opt_exact(d, text);
  if (i < 0) return fail(m, d, k, "no option reads '%s'", text);
  use(m, k);
  return i;
}

static int h_support(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_SUPPORT, d->player);
  if (k < 0) return fail(m, d, m->seg_start, "BGA supported no project here");
  char text[48];
  snprintf(text, sizeof text, "(%d) level %d ", F(m, k)->card, F(m, k)->level);
  int i = opt_has(d, text);
  if (i < 0) return fail(m, d, k, "no option supports project %d at level %d", F(m, k)->card,
                         F(m, k)->level);
  m->pending = k;
  return i;
}

static int h_edge(matcher *m, const ark_decision *d) {
  int p = d->player;
  int k = m->pending >= 0 && F(m, m->pending)->kind == BF_SUPPORT ? m->pending
        : next_fact(m, BF_SUPPORT, p);
  if (k < 0 || F(m, k)->n < 0)
    return fail(m, d, k, "BGA's map-edge token of this support is not known");
  int slot = F(m, k)->n, rank = 0;
  if (m->edge_taken[p] & (1 << slot)) return fail(m, d, k, "map-edge slot %d was taken before", slot + 1);
  for (int s = 0; s < slot; s++) rank += !(m->edge_taken[p] & (1 << s));
  if (rank >= d->noptions) return fail(m, d, k, "map-edge slot %d is not offered", slot + 1);
  m->edge_taken[p] |= 1 << slot;
  use(m, k);
  m->pending = -1;
  return rank;
}

static int h_release(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_RELEASE, d->player);
  if (k < 0) return fail(m, d, m->seg_start, "BGA released no animal here");
  int i = opt_card(d, F(m, k)->card);
  if (i < 0) return fail(m, d, k, "animal %d cannot be released here", F(m, k)->card);
  use(m, k);
  return i;
}

/* A card of a fact of `kind` (discard, sell, keep, tuck) named by an
** option; the skip option once BGA's cards are used up. */
static int h_cards(matcher *m, const ark_decision *d, int kind) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->kind != kind || f->used || f->player != d->player) continue;
    for (int c = 0; c < f->ncards; c++) {
      int i = opt_card(d, f->cards[c]);
      if (i < 0) continue;
      /* a card used only once: move it to the used part of the list */
      int t = f->cards[c];
      bga_fact *w = F(m, k);
      int at = m->consumed[k];
      for (int q = c; q > at; q--) w->cards[q] = w->cards[q - 1];
      w->cards[at] = t;
      if (c >= at) {
        use_card(m, k);
        return i;
      }
    }
    break;
  }
  int s = opt_skip(d);
  if (s >= 0) return s;
  int k = next_fact(m, kind, d->player);
  return fail(m, d, k, "none of BGA's %s cards is one of our options", bga_kind_name(kind));
}

static int h_take(matcher *m, const ark_decision *d) {
  static const int kinds[] = { BF_TAKE, BF_DRAW, -1 };
  int k = next_of(m, d->player, kinds);
  if (k < 0) return fail(m, d, m->seg_start, "BGA took no card here");
  if (F(m, k)->kind == BF_TAKE) {
    int i = opt_card(d, F(m, k)->card);
    if (i < 0) return fail(m, d, k, "card %d is not in reputation range here", F(m, k)->card);
    use(m, k);
    return i;
  }
  int i = opt_exact(d, "draw from the deck");
  if (i < 0) return fail(m, d, k, "drawing from the deck is not an option");
  use_card(m, k);
  return i;
}

static int h_snap(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_SNAP, d->player);
  if (k < 0) {
    int s = opt_skip(d);
    if (s >= 0) return s;
    return fail(m, d, m->seg_start, "BGA snapped no card here");
  }
  int i = opt_card(d, F(m, k)->card);
  if (i < 0) return fail(m, d, k, "card %d is not in the display", F(m, k)->card);
  use(m, k);
  return i;
}

static int h_cards_mode(matcher *m, const ark_decision *d) {
  if (next_fact(m, BF_SNAP, d->player) >= 0) {
    int i = opt_prefix(d, "snap");
    if (i >= 0) return i;
  }
  return opt_prefix(d, "draw") >= 0 ? opt_prefix(d, "draw") : 0;
}

static int h_upgrade(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_UPGRADE, d->player);
  if (k < 0) return fail(m, d, m->seg_start, "BGA upgraded no action card here");
  char text[48];
  snprintf(text, sizeof text, "%s (slot", F(m, k)->what);
  int i = opt_prefix(d, text);
  if (i < 0) return fail(m, d, k, "%s cannot be upgraded here", F(m, k)->what);
  use(m, k);
  return i;
}

static int h_cp2(matcher *m, const ark_decision *d) {
  static const int kinds[] = { BF_UPGRADE, BF_WORKER, -1 };
  int k = next_of(m, d->player, kinds);
  if (k < 0) return fail(m, d, m->seg_start, "BGA took neither an upgrade nor a worker here");
  if (F(m, k)->kind == BF_WORKER) {
    use(m, k);
    return opt_prefix(d, "gain a worker") >= 0 ? opt_prefix(d, "gain a worker") : 0;
  }
  return opt_prefix(d, "upgrade") >= 0 ? opt_prefix(d, "upgrade") : 0;
}

/* Conservation 5 or 8: a bonus tile if the next list of tiles left lacks
** one we still have, else the money. */
static int h_cp_tile(matcher *m, const ark_decision *d) {
  int first = !strcmp(d->tag, "reward.cp5") ? 0 : 2;   /* the tiles beside that space */
  for (int k = m->seg_start; k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->kind == BF_CLEANUP && f->player == d->player && !f->free && k > m->seg_end) break;
    if (f->kind != BF_TILES || f->n == 1) continue;
    for (int t = first; t < first + 2; t++) {
      if (!m->tiles[t][0] || f->tiles[t][0]) continue;
      char text[64];
      snprintf(text, sizeof text, "take the bonus tile: %s", m->tiles[t]);
      int i = opt_exact(d, text);
      if (i < 0) return fail(m, d, k, "BGA took the bonus tile '%s', which is not offered", m->tiles[t]);
      m->tiles[t][0] = '\0';
      return i;
    }
    break;
  }
  int i = opt_prefix(d, "gain ");
  return i >= 0 ? i : fail(m, d, m->seg_start, "the money is not offered");
}

/* A token placed on an action card (multiplier, venom, constriction). */
static int h_token(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_TOKEN, d->player);
  if (k < 0) return fail(m, d, m->seg_start, "BGA placed no token here");
  char text[48];
  snprintf(text, sizeof text, "%s (slot", ark_action_name(F(m, k)->n));
  int i = opt_prefix(d, text);
  if (i < 0) return fail(m, d, k, "no option puts it on %s", ark_action_name(F(m, k)->n));
  use(m, k);
  return i;
}

static int h_move_animal(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_MOVE_ANIMAL, d->player);
  if (k < 0) {
    int s = opt_skip(d);
    return s >= 0 ? s : fail(m, d, m->seg_start, "BGA moved no animal here");
  }
  int i = opt_card(d, F(m, k)->card);
  if (i < 0) return fail(m, d, k, "animal %d cannot move in", F(m, k)->card);
  use(m, k);
  return i;
}

/* Snapping: BGA refilled the display before the next snap when a refill
** comes before that snap. */
static int h_refill(matcher *m, const ark_decision *d) {
  for (int k = m->seg_start; k <= m->seg_end && k < m->log->nf; k++) {
    const bga_fact *f = F(m, k);
    if (f->used) continue;
    if (f->kind == BF_SNAP && f->player == d->player) break;
    if (f->kind == BF_DISPLAY) {
      int i = opt_prefix(d, "refill");
      if (i >= 0) return i;
    }
  }
  int s = opt_skip(d);
  return s >= 0 ? s : 0;
}

static int h_donation(matcher *m, const ark_decision *d) {
  int k = next_fact(m, BF_DONATION, d->player);
  if (k < 0) return opt_skip(d) >= 0 ? opt_skip(d) : 0;
  use(m, k);
  return opt_prefix(d, "donate") >= 0 ? opt_prefix(d, "donate") : 0;
}

/* Where the action cards stand after an effect moves one: the option
** whose move gives BGA's order at the end of the turn; the skip option
** when BGA's order is ours unmoved. */
static int h_slots(matcher *m, const ark_decision *d) {
  const bga_fact *c = F(m, m->seg_end);
  int action[5], side[5];
  ark_game_action_cards(m->g, d->player, action, side);
  int same = c->ncards == 5;
  for (int s = 0; s < 5 && same; s++) same = c->cards[s] == action[s] + 1;
  int skip = opt_skip(d);
  if (same && skip >= 0) return skip;
  for (int i = 0; i < d->noptions; i++) {
    for (int a = 0; a < 5; a++) {
      char name[32];
      snprintf(name, sizeof name, "%s (slot", ark_action_name(a));
      if (strncmp(d->options[i], name, strlen(name))) continue;
      /* moving action a to slot 1: the others keep their order */
      int order[5], n = 0;
      order[n++] = a;
      for (int s = 0; s < 5; s++) if (action[s] != a) order[n++] = action[s];
      int fits = c->ncards == 5;
      for (int s = 0; s < 5 && fits; s++) fits = c->cards[s] == order[s] + 1;
      if (fits) return i;
    }
  }
  if (skip >= 0) return skip;
  return fail(m, d, m->seg_end, "no option gives BGA's order of the action cards");
}

/* ---- the draft and the break ---- */

static int h_draft(matcher *m, const ark_decision *d) {
  int k = -1;
  for (int q = 0; q < m->log->nf && k < 0; q++)
    if (F(m, q)->kind == BF_DRAFT && F(m, q)->player == d->player && !F(m, q)->used) k = q;
  if (k < 0) {
    char gap[128];
    int last = 0, next = -1;
    for (int q = 0; q < m->log->nf; q++)
      if (F(m, q)->kind == BF_DRAFT || F(m, q)->kind == BF_HAND) last = F(m, q)->move;
    for (int q = 0; q < m->log->nf && next < 0; q++)
      if (F(m, q)->move > last) next = q;
    gap_between(m, last, move_at(m, next), gap, sizeof gap);
    return fail(m, d, -1, "the log has no opening draft of %s (the cards they discard are named "
                "on their private channel /player/p%lld): the log's last draft move is %d%s",
                name_of(m, d->player), m->log->pl[d->player].id, last, gap);
  }
  int save_s = m->seg_start, save_e = m->seg_end;
  m->seg_start = k;
  m->seg_end = k;
  int i = h_cards(m, d, BF_DRAFT);
  m->seg_start = save_s;
  m->seg_end = save_e;
  if (i >= 0 && m->res->matched_move < F(m, k)->move) m->res->matched_move = F(m, k)->move;
  return i;
}

/* The break's decisions (discards down to the hand limit) come from BGA's
** next break. */
static int break_segment(matcher *m, const ark_decision *d) {
  if (m->seg_break) return 0;
  if (close_segment(m, d) != 0) return -1;      /* the turn that filled the break track */
  int s = -1, e = -1;
  for (int k = m->last_break_end + 1; k < m->log->nf; k++) {
    if (F(m, k)->kind == BF_BREAK_START && !F(m, k)->used && s < 0) s = k;
    if (s >= 0 && F(m, k)->kind == BF_BREAK_END) { e = k; break; }
  }
  if (s < 0 || e < 0) return fail(m, d, -1, "our game is in a break, but the log has no break here");
  m->seg_start = s;
  m->seg_end = e;
  m->seg_break = 1;
  m->in_seg = 1;
  return 0;
}

/* ---- one decision ---- */

static int decide(matcher *m, const ark_decision *d) {
  const char *t = d->tag;
  int breaking = !strncmp(d->prompt, "Break:", 6);
  if (!strcmp(t, "card.discard") && !strncmp(d->prompt, "Opening draft", 13)) return h_draft(m, d);
  if (breaking) {
    if (break_segment(m, d) != 0) return -1;
    return h_cards(m, d, BF_DISCARD);
  }
  if (!strcmp(t, "action")) return h_action(m, d);
  if (!strcmp(t, "build.kind")) return h_build_kind(m, d);
  if (!strcmp(t, "build.place")) return h_place(m, d, 1);
  if (!strcmp(t, "animals.card")) return h_animal(m, d);
  if (!strcmp(t, "animals.enclosure")) return h_enclosure(m, d);
  if (!strcmp(t, "sponsors.card") || !strcmp(t, "bonus.sponsor")) return h_sponsor(m, d);
  if (!strcmp(t, "association.task")) return h_task(m, d);
  if (!strcmp(t, "partner-zoo")) return h_what(m, d, BF_PARTNER, "partner zoo ");
  if (!strcmp(t, "university")) return h_what(m, d, BF_UNIVERSITY, "");
  if (!strcmp(t, "project.support")) return h_support(m, d);
  if (!strcmp(t, "project.edge")) return h_edge(m, d);
  if (!strcmp(t, "project.release")) return h_release(m, d);
  if (!strcmp(t, "association.donation")) return h_donation(m, d);
  if (!strcmp(t, "card.take")) return h_take(m, d);
  if (!strcmp(t, "card.snap")) return h_snap(m, d);
  if (!strcmp(t, "cards.mode")) return h_cards_mode(m, d);
  if (!strcmp(t, "card.discard")) return h_cards(m, d, BF_DISCARD);
  if (!strcmp(t, "sunbathing.sell")) return h_cards(m, d, BF_SELL);
  if (strstr(t, ".keep")) return h_cards(m, d, BF_KEEP);
  if (!strcmp(t, "pouch.tuck") || !strcmp(t, "expert-australia.pouch")) return h_cards(m, d, BF_POUCH);
  if (!strcmp(t, "upgrade")) return h_upgrade(m, d);
  if (!strcmp(t, "reward.cp2")) return h_cp2(m, d);
  if (!strcmp(t, "reward.cp5") || !strcmp(t, "reward.cp8")) return h_cp_tile(m, d);
  if (!strcmp(t, "bonus.multiplier") || strstr(t, "venom") || strstr(t, "constriction"))
    return h_token(m, d);
  if (!strcmp(t, "build.move")) return h_move_animal(m, d);
  if (!strcmp(t, "snapping.refill")) return h_refill(m, d);
  if (!strcmp(t, "keyword.boost") || !strcmp(t, "keyword.clever") || !strcmp(t, "bonus.clever") ||
      !strcmp(t, "expert-africa.clever"))
    return h_slots(m, d);
  if (is_placement(d) || (d->noptions > 1 && strstr(d->options[0], " at ("))) return h_place(m, d, 0);
  if (d->noptions > 0 && strstr(d->options[0], " at (") == NULL && opt_skip(d) >= 0 &&
      d->noptions == 2 && strstr(d->options[0], " at "))
    return h_place(m, d, 0);
  return fail(m, d, m->seg_start, "our decision '%s' has no BGA counterpart yet", t);
}

void bga_convert(ark_game *g, bga_log *log, bga_result *res, int verbose, FILE *out) {
  static matcher mm;
  matcher *m = &mm;
  memset(m, 0, sizeof *m);
  memset(res, 0, sizeof *res);
  m->g = g;
  m->log = log;
  m->res = res;
  m->out = out;
  m->verbose = verbose;
  m->pending = -1;
  m->last_break_end = -1;
  for (int k = 0; k < log->nf; k++) log->f[k].used = 0;
  /* the bonus tiles of the game, as the deal gave them */
  const char *tiles[4] = { NULL, NULL, NULL, NULL };
  {
    host_deal *d = host_deal_new();
    char msg[256];
    if (d && bga_make_deal(log, d, msg, sizeof msg) == 0)
      for (int t = 0; t < 4; t++) tiles[t] = d->spec.bonus_tiles[t];
    for (int t = 0; t < 4; t++) snprintf(m->tiles[t], sizeof m->tiles[t], "%s", tiles[t] ? tiles[t] : "");
    host_deal_free(d);
  }
  m->consumed = calloc((size_t)log->nf + 1, sizeof *m->consumed);
  if (!m->consumed) {
    snprintf(res->why, sizeof res->why, "out of memory");
    res->stopped = 1;
    return;
  }
  char msg[512];
  int in_turn = 0;
  m->ev_seen = ark_game_nevents(g);
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (forced_steps(m) != 0) break;
    if (!strcmp(d->tag, "action")) {
      if (in_turn && close_segment(m, d) != 0) return;
      int broke = 0;                  /* our break ran since: BGA's tracks before it differ */
      for (int k = m->seg_end + 1; in_turn && k < log->nf && !broke; k++) {
        if (F(m, k)->kind == BF_BREAK_START) broke = 1;
        if (F(m, k)->kind == BF_ACTION || F(m, k)->kind == BF_XSPEND) break;
      }
      if (in_turn && !broke && !m->seg_break) turn_check(m, m->seg_end);
      if (m->last_turn) {             /* the log's game ended in the turn just matched */
        m->res->ended = 1;
        m->res->matched_move = F(m, m->seg_end)->move;
        break;
      }
      int prev_end = in_turn ? m->seg_end : -1;
      if (m->seg_break) prev_end = m->seg_start - 1;   /* the break itself is compared below */
      m->seg_break = 0;
      if (turn_segment(m, d->player, d) != 0) break;
      in_turn = 1;
      /* a BGA break between the two turns: compare the tracks after ours */
      for (int k = prev_end + 1; k < m->seg_start; k++) {
        if (F(m, k)->kind != BF_BREAK_END || k <= m->last_break_end) continue;
        char when[64];
        snprintf(when, sizeof when, "after the break of BGA move %d", F(m, k)->move);
        compare(m, k, k, when);
        res->breaks++;
        m->last_break_end = k;
      }
      if (verbose)
        fprintf(out, "  [BGA turn: facts %d-%d, moves %d-%d]\n", m->seg_start, m->seg_end,
                F(m, m->seg_start)->move, F(m, m->seg_end)->move);
      note_turn(m, m->seg_start);
      if (unnamed_draw(m, d) != 0) break;
    }
    sync_buildings(m);
    int i = decide(m, d);
    if (i < 0 && m->last_turn && !moves_left(m)) {
      /* the game ended (conceded) before this decision of the last turn */
      res->stopped = 0;
      res->why[0] = '\0';
      res->ended = 1;
      break;
    }
    if (i < 0) break;
    if (verbose)
      fprintf(out, "  BGA %d  %s: %s -> %s\n", m->seg_start < log->nf ? F(m, m->seg_start)->move : 0,
              name_of(m, d->player), d->prompt, d->options[i]);
    int p = d->player;
    char what[256];
    snprintf(what, sizeof what, "our game refused %s's answer '%s'", name_of(m, p), d->options[i]);
    snprintf(m->answered, sizeof m->answered, "%s (%s): %s -> %s", name_of(m, p), d->tag,
             d->prompt, d->options[i]);
    if (ark_game_answer(g, i, msg, sizeof msg) != ARK_OK) {
      stopped_here(m, what, msg);
      break;
    }
    note_building(m, p);
  }
  if (ark_game_error(g)[0]) stopped_here(m, "our game stopped", ark_game_error(g));
  if (!res->stopped) forced_steps(m);     /* those of the last answer, the game over */
  if (!res->stopped) {
    int last = log->nf - 1;
    compare(m, last, -1, "at the end of the log");
    res->matched_move = log->last_move;
  }
  free(m->consumed);
}
