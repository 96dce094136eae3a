/*
** bga_setup.c - the position a Board Game Arena game started from: the
** maps (named by the log, or inferred from the building spots BGA
** offered), the hands, final scoring cards, display, base projects, bonus
** tiles, action cards and start player, and the order of every card that
** came out of the deck (or, for Scavenging, the discard pile) later.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bga.h"

/* ---- footprints ----
** BGA gives a building as (x, y, rotation): an anchor space and 0-5 sixth
** turns.  Each type's footprint at rotation 0 is listed here as axial
** offsets (q, r) from the anchor (on the grid x += q, y += 2r + q), turned
** the way our map.c turns them.  Found by fitting the spots BGA offered
** and the buildings placed in the recorded games against the map spaces
** (every offered spot of a type lands on buildable spaces for one anchor
** and turning only). */
static const struct {
  const char *bga, *key;
  int n;
  int qr[5][2];
} shapes[] = {
  { "size-1", "size-1", 1, { { 0, 0 } } },
  { "size-2", "size-2", 2, { { 0, 0 }, { 0, 1 } } },
  { "size-3", "size-3", 3, { { 0, 0 }, { 1, 0 }, { 0, 1 } } },
  { "size-4", "size-4", 4, { { 1, 0 }, { 0, 0 }, { 0, -1 }, { 1, -1 } } },
  { "size-5", "size-5", 5, { { 0, -1 }, { 0, 0 }, { -1, 1 }, { -1, 0 }, { 0, 1 } } },
  { "kiosk", "kiosk", 1, { { 0, 0 } } },
  { "pavilion", "pavilion", 1, { { 0, 0 } } },
  { "petting-zoo", "petting-zoo", 3, { { 0, 1 }, { 0, 0 }, { 1, -1 } } },
  { "reptile-house", "reptile-house", 5, { { -1, 1 }, { -1, 0 }, { 0, 0 }, { 1, -1 }, { 1, 0 } } },
  { "large-bird-aviary", "large-bird-aviary", 5, { { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, 0 }, { 1, -1 } } },
  { "sea-turtle", "sponsor-250", 4, { { 0, -1 }, { 0, 0 }, { 1, 0 }, { -1, 1 } } },
  { "owl", "sponsor-249", 3, { { 0, -1 }, { 0, 0 }, { 0, 1 } } },
  { "adventure", "sponsor-255", 2, { { 0, 0 }, { 0, 1 } } },
  { "entrance", "sponsor-257", 2, { { 0, 0 }, { 1, 0 } } },
};

int bga_footprint(const char *type, int x, int y, int rot, int cells[8], const char **key) {
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    if (strcmp(shapes[s].bga, type)) continue;
    *key = shapes[s].key;
    for (int i = 0; i < shapes[s].n; i++) {
      int q = shapes[s].qr[i][0], r = shapes[s].qr[i][1];
      for (int k = 0; k < ((rot % 6) + 6) % 6; k++) {
        int nq = -r, nr = q + r;
        q = nq, r = nr;
      }
      int cx = x + q, cy = y + 2 * r + q;
      if (cx < 0 || cx > 8 || cy < 0 || cy > 12) return 0;
      cells[i] = cx + 9 * cy;
    }
    /* sorted, as our options list them */
    for (int i = 1; i < shapes[s].n; i++)
      for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
        int t = cells[j];
        cells[j] = cells[j - 1];
        cells[j - 1] = t;
      }
    return shapes[s].n;
  }
  *key = NULL;
  return 0;
}

/* ---- maps ---- */

static const char *const printed_maps[] = {
  "A", "0", "1", "2", "3", "4", "5", "6", "7", "8",
  "1a", "2a", "3a", "4a", "5a", "6a", "7a", "8a"
};
#define NPRINTED (int)(sizeof printed_maps / sizeof printed_maps[0])

static int plain(const ark_game *g, int cell) {
  ark_cell_view v;
  ark_game_cell(g, 0, cell, &v);
  return v.exists && v.terrain == 0;
}

static int is_edge(const ark_game *g, int cell) {
  static const int dx[6] = { 0, 0, -1, 1, -1, 1 }, dy[6] = { -2, 2, -1, -1, 1, 1 };
  int x = cell % 9, y = cell / 9, n = 0;
  for (int k = 0; k < 6; k++) {
    int nx = x + dx[k], ny = y + dy[k];
    ark_cell_view v;
    if (nx < 0 || nx > 8 || ny < 0 || ny > 12) continue;
    ark_game_cell(g, 0, nx + 9 * ny, &v);
    n += v.exists;
  }
  return n < 6;
}

/* How badly map g fits what the log shows of seat p: offered spots and
** buildings on spaces that are not buildable, and (for a build into an
** empty zoo) edge spaces offered or missing against the rules. */
static int misfit(const ark_game *g, const bga_log *log, int p) {
  int bad = 0;
  for (int c = 0; c < 117; c++) {
    ark_cell_view v;
    ark_game_cell(g, 0, c, &v);
    if (log->spot[p][c] && !plain(g, c)) bad++;
    if (log->has_first_spots[p]) {
      int legal = plain(g, c) && is_edge(g, c);
      if (log->first_spot[p][c] && !legal) bad++;
      if (!log->first_spot[p][c] && legal && !v.build2) bad++;
    }
  }
  for (int k = 0; k < log->nf; k++) {
    const bga_fact *f = &log->f[k];
    if (f->kind != BF_BUILD || f->player != p) continue;
    int cells[8];
    const char *key;
    int n = bga_footprint(f->what, f->x, f->y, f->rot, cells, &key);
    for (int i = 0; i < n; i++) bad += !plain(g, cells[i]);
  }
  return bad;
}

int bga_infer_maps(const ark_game *proto, bga_log *log, char *why, size_t whylen, char *msg,
                   size_t n) {
  size_t o = 0;
  why[0] = '\0';
  for (int p = 0; p < log->nplayers; p++) {
    if (log->pl[p].map[0]) {
      o += (size_t)snprintf(why + o, o < whylen ? whylen - o : 0, "%s: map %s (named by the log)\n",
                            log->pl[p].name, log->pl[p].map);
      continue;
    }
    int best = -1, best_bad = 1 << 30, ties = 0;
    for (int m = 0; m < NPRINTED; m++) {
      ark_config cfg;
      ark_config_init(&cfg);
      cfg.map = printed_maps[m];
      ark_game *g;
      char e[256];
      if (ark_game_new_like(proto, &cfg, &g, e, sizeof e) != ARK_OK) continue;
      int bad = misfit(g, log, p);
      ark_game_free(g);
      if (bad < best_bad) best = m, best_bad = bad, ties = 0;
      else if (bad == best_bad) ties++;
    }
    int evidence = 0;
    for (int c = 0; c < 117; c++) evidence += log->spot[p][c];
    if (best < 0 || evidence == 0) {
      snprintf(msg, n, "the log names no map for %s and shows no building spot to infer it "
               "from", log->pl[p].name);
      return -1;
    }
    if (ties > 0) {
      snprintf(msg, n, "the log names no map for %s, and %d maps fit its building spots "
               "equally well (%d misfits)", log->pl[p].name, ties + 1, best_bad);
      return -1;
    }
    snprintf(log->pl[p].map, sizeof log->pl[p].map, "%s", printed_maps[best]);
    o += (size_t)snprintf(why + o, o < whylen ? whylen - o : 0,
                          "%s: map %s (inferred from %d building spots BGA offered; %d misfit%s)\n",
                          log->pl[p].name, log->pl[p].map, evidence, best_bad,
                          best_bad == 1 ? "" : "s");
  }
  return 0;
}

/* ---- the deal ---- */

static int first_fact(const bga_log *log, int kind, int p) {
  for (int k = 0; k < log->nf; k++)
    if (log->f[k].kind == kind && (p < 0 || log->f[k].player == p)) return k;
  return -1;
}

/* The bonus tiles: the first list of those left names them by slot; a
** slot already empty there holds the one offered before it that is not
** left. */
static void bonus_tiles(const bga_log *log, const char *out[4]) {
  for (int i = 0; i < 4; i++) out[i] = NULL;
  int k = 0;
  while (k < log->nf && !(log->f[k].kind == BF_TILES && log->f[k].n != 1)) k++;
  if (k == log->nf) return;
  const bga_fact *left = &log->f[k];
  for (int i = 0; i < 4; i++) if (left->tiles[i][0]) out[i] = left->tiles[i];
  for (int i = 0; i < 4; i++) {
    if (out[i]) continue;
    for (int j = 0; j < k && !out[i]; j++) {
      const bga_fact *o = &log->f[j];
      if (o->kind != BF_TILES || o->n != 1) continue;
      int named = 0;
      for (int t = 0; t < 4; t++) named |= out[t] && !strcmp(out[t], o->tiles[0]);
      if (!named) out[i] = o->tiles[0];
    }
  }
}

/* The cards dealt to seat p (the 8 for the draft, the 2 final scoring
** cards) are named only on p's private channel.  Without them the seed
** would deal p a hand BGA never dealt and every later move would be
** matched against invented cards: -1 with a message naming the channel. */
static int dealt_privately(const bga_log *log, int p, char *msg, size_t n) {
  const char *what = first_fact(log, BF_HAND, p) < 0 ? "opening hand (the 8 cards for the draft)"
                   : first_fact(log, BF_SCORING, p) < 0 ? "final scoring cards" : NULL;
  if (!what) return 0;
  char channel[48];
  snprintf(channel, sizeof channel, "/player/p%lld", log->pl[p].id);
  if (log->private_packets[p] == 0)
    snprintf(msg, n, "the log has no %s of %s: they are named only on %s's private channel "
             "%s, and the log holds no packet of it (a replay saved without %s's view?)", what,
             log->pl[p].name, log->pl[p].name, channel, log->pl[p].name);
  else
    snprintf(msg, n, "the log has no %s of %s: %s's private channel %s names none before the "
             "display is revealed (its packets cut or out of order?)", what, log->pl[p].name,
             log->pl[p].name, channel);
  return -1;
}

/* The draw order: every card drawn or put into the display after the deal. */
static int in_draw_order(const bga_fact *f) {
  return f->kind == BF_DRAW || (f->kind == BF_DISPLAY && f->n != 1);
}

int bga_draw_source(const bga_log *log, int i) {
  for (int k = 0; k < log->nf && i >= 0; k++) {
    if (!in_draw_order(&log->f[k])) continue;
    if (i < log->f[k].ncards) return k;
    i -= log->f[k].ncards;
  }
  return -1;
}

int bga_make_deal(const bga_log *log, host_deal *d, char *msg, size_t n) {
  ark_setup_spec *sp = &d->spec;
  char line[256];
  for (int p = 0; p < log->nplayers; p++)
    if (dealt_privately(log, p, msg, n) != 0) return -1;
  for (int p = 0; p < log->nplayers; p++) {
    snprintf(line, sizeof line, "name %d %s", p + 1, log->pl[p].name);
    if (host_deal_line(d, line, msg, n) != 0) return -1;
    snprintf(line, sizeof line, "map %d %s", p + 1, log->pl[p].map);
    if (log->pl[p].map[0] && host_deal_line(d, line, msg, n) != 0) return -1;
    int known = 1;
    for (int k = 0; k < 5; k++) known &= log->pl[p].slots[k] > 0;
    if (known) memcpy(sp->actions[p], log->pl[p].slots, sizeof sp->actions[p]);
    int h = first_fact(log, BF_HAND, p), s = first_fact(log, BF_SCORING, p);
    if (h >= 0) {
      sp->nhand[p] = log->f[h].ncards;
      memcpy(sp->hand[p], log->f[h].cards, sizeof(int) * (size_t)log->f[h].ncards);
    }
    if (s >= 0 && log->f[s].ncards == 2) memcpy(sp->scoring[p], log->f[s].cards, sizeof sp->scoring[p]);
  }
  sp->start_player = log->start_player >= 0 ? log->start_player : 0;
  int disp = -1;
  for (int k = 0; k < log->nf && disp < 0; k++)
    if (log->f[k].kind == BF_DISPLAY && log->f[k].n == 1) disp = k;
  if (disp >= 0)
    for (int f = 0; f < log->f[disp].ncards && f < 6; f++) sp->display[f] = log->f[disp].cards[f];
  /* base projects: by their slot where a support names it, the others of
  ** those the association offered in the remaining slots */
  int nbase = log->nplayers == 4 ? 4 : 3;
  for (int i = 0; i < nbase; i++) sp->base[i] = log->base[i];
  for (int j = 0; j < log->nbase_seen; j++) {
    int c = log->base_seen[j], placed = 0;
    for (int i = 0; i < nbase; i++) placed |= sp->base[i] == c;
    for (int i = 0; i < nbase && !placed; i++)
      if (!sp->base[i]) sp->base[i] = c, placed = 1;
  }
  bonus_tiles(log, sp->bonus_tiles);
  for (int k = 0; k < log->nf; k++) {
    const bga_fact *f = &log->f[k];
    if (!in_draw_order(f)) continue;
    for (int i = 0; i < f->ncards; i++) {
      if (sp->nnext >= ARK_SPEC_CARDS) {
        snprintf(msg, n, "more than %d cards drawn", ARK_SPEC_CARDS);
        return -1;
      }
      sp->next[sp->nnext++] = f->discard ? -f->cards[i] : f->cards[i];
    }
  }
  return 0;
}
