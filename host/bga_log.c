/*
** bga_log.c - a Board Game Arena replay log read into facts (bga.h).
**
** The log is read with jansson, which reports the line and column of
** malformed JSON.  Two passes: the first learns who the players are (in
** the order they were dealt their cards, which is BGA's turn order) and
** which BGA action card id is which of their action cards; the second
** turns each event into a bga_fact.  BGA's English log lines tell some
** events apart ("snaps" and "takes ... in reputation range" are both
** snapCard); those are matched on their templates, not on translations.
*/
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "bga.h"

static const char *const kind_names[BF_NKINDS] = {
  "hand", "scoring", "draft", "display", "action", "xspend", "cleanup", "build", "animal",
  "sponsor", "advance", "snap", "take", "draw", "discard", "sell", "keep", "pouch",
  "task", "partner", "university", "support", "release", "upgrade", "worker", "donation", "token",
  "move-animal", "tiles", "bonus", "break-start", "break-end", "hand-seen", "folders",
  "concede", "end"
};

const char *bga_kind_name(int kind) {
  return kind >= 0 && kind < BF_NKINDS ? kind_names[kind] : "?";
}

/* The largest move_id read: recorded games end below a thousand. */
#define BGA_MAX_MOVE 100000

/* ---- small JSON helpers ---- */

/* An id or number that BGA writes as a number or a string. */
static long long jnum(const json_t *v) {
  if (json_is_integer(v)) return json_integer_value(v);
  if (json_is_real(v)) return (long long)json_real_value(v);
  if (json_is_string(v)) return strtoll(json_string_value(v), NULL, 10);
  return 0;
}

static const char *jstr(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? s : "";
}

/* "A525_GuineaPig" -> 525, "F005_ConservationZoo" -> 5; 0 if it is not one. */
static int card_number(const char *id) {
  if (!id || !id[0] || !strchr("ASPF", id[0]) || !isdigit((unsigned char)id[1])) return 0;
  return atoi(id + 1);
}

/* A card object {"id": "A525_GuineaPig", ...}, or just its id string. */
static int card_of(const json_t *card) {
  if (json_is_string(card)) return card_number(json_string_value(card));
  return card_number(jstr(card, "id"));
}

/* The card ids of a list of card objects into out; returns the count. */
static int cards_of(const json_t *list, int *out, int max) {
  size_t i;
  json_t *c;
  int n = 0;
  json_array_foreach(list, i, c) if (n < max) {
    int k = card_of(c);
    if (k) out[n++] = k;
  }
  return n;
}

/* BGA's own log line with its ${...} arguments filled in (nested ones too). */
static void fill(const char *tpl, const json_t *args, char *out, size_t n, int depth) {
  size_t o = 0;
  if (n == 0) return;
  for (const char *p = tpl; *p && o + 1 < n;) {
    if (p[0] == '$' && p[1] == '{') {
      const char *e = strchr(p, '}');
      if (!e) break;
      char key[64];
      snprintf(key, sizeof key, "%.*s", (int)(e - p - 2), p + 2);
      const json_t *v = json_object_get(args, key);
      char part[256] = "";
      if (json_is_string(v)) snprintf(part, sizeof part, "%s", json_string_value(v));
      else if (json_is_integer(v)) snprintf(part, sizeof part, "%lld", (long long)json_integer_value(v));
      else if (json_is_object(v) && depth < 4 && json_is_string(json_object_get(v, "log")))
        fill(json_string_value(json_object_get(v, "log")), json_object_get(v, "args"), part,
             sizeof part, depth + 1);
      for (const char *q = part; *q && o + 1 < n; q++) out[o++] = *q;
      p = e + 1;
      continue;
    }
    if (*p == '<') {                   /* HTML tags of player names */
      const char *e = strchr(p, '>');
      if (e) { p = e + 1; continue; }
    }
    out[o++] = *p++;
  }
  out[o] = '\0';
}

/* ---- the log being read ---- */

typedef struct reader {
  bga_log *log;
  int move;
  int in_setup;                    /* before the display is revealed */
  int last_support;                /* index of the last BF_SUPPORT fact, -1 */
  /* BGA action card id -> (seat, our action index) */
  long long act_id[BGA_PLAYERS * 5 + 8];
  int act_seat[BGA_PLAYERS * 5 + 8], act_type[BGA_PLAYERS * 5 + 8], nact;
  int draft_sel[BGA_PLAYERS][8], ndraft_sel[BGA_PLAYERS], draft_move[BGA_PLAYERS];
  int seen_strengths[BGA_PLAYERS];
  int tokens_known;                /* setupPlayer named the edge tokens */
} reader;

static int seat_of(const bga_log *log, long long id) {
  for (int p = 0; p < log->nplayers; p++)
    if (log->pl[p].id == id) return p;
  return -1;
}

/* The seat whose private channel ("/player/p123") this is, or -1: the
** events that read it come on private channels only, and one on another
** channel (a log edited by hand, or another game's) names no player. */
static int channel_seat(const bga_log *log, const char *channel) {
  if (strncmp(channel, "/player/p", 9) || !isdigit((unsigned char)channel[9])) return -1;
  return seat_of(log, strtoll(channel + 9, NULL, 10));
}

static int seat_in(const bga_log *log, const json_t *args) {
  return seat_of(log, jnum(json_object_get(args, "player_id")));
}

static int action_index(const char *type) {
  static const char *const names[5] = { "Animals", "Build", "Cards", "Association", "Sponsors" };
  for (int a = 0; a < 5; a++)
    if (!strcmp(type, names[a])) return a;
  return -1;
}

static bga_fact *add(reader *r, int kind, int player, const char *tpl, const json_t *args) {
  bga_log *log = r->log;
  if (log->nf == log->capf) {
    int cap = log->capf ? 2 * log->capf : 512;
    bga_fact *nf = realloc(log->f, sizeof *nf * (size_t)cap);
    if (!nf) return NULL;
    log->f = nf;
    log->capf = cap;
  }
  bga_fact *f = &log->f[log->nf++];
  memset(f, 0, sizeof *f);
  f->move = r->move;
  f->kind = kind;
  f->player = player;
  f->score = f->income = -999;
  f->total = -1;
  f->n = -1;
  if (tpl) fill(tpl, args, f->text, sizeof f->text, 0);
  return f;
}

/* Our track of a BGA bonus name, -1 for another kind of bonus. */
static int track_of(const char *name) {
  if (!strcmp(name, "money")) return BT_MONEY;
  if (!strcmp(name, "appeal")) return BT_APPEAL;
  if (!strcmp(name, "conservation")) return BT_CONSERVATION;
  if (!strcmp(name, "reputation")) return BT_REPUTATION;
  if (!strcmp(name, "xtoken")) return BT_XTOKENS;
  return -1;
}

static void gains_of(const json_t *bonuses, int gain[BT_N], int sign) {
  const char *k;
  json_t *v;
  json_object_foreach((json_t *)bonuses, k, v) {
    int t = track_of(k);
    if (t >= 0) gain[t] += sign * (int)jnum(v);
  }
}

/* Our name of a bonus tile by BGA's bonus name (and number), or NULL. */
static const char *tile_name(const char *type, long long n) {
  static const struct { const char *bga, *ours; } names[] = {
    { "take-in-range-or-deck", "cards" }, { "bonus-sponsor", "sponsor" },
    { "Multiplier", "multiplier" }, { "size-3", "enclosure" }, { "reputation", "reputation" },
    { "xtoken", "xtokens" }, { "Fac", "university" }, { "Partner-Zoo", "partner-zoo" },
  };
  if (!strcmp(type, "money")) return n == 10 ? "money" : NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(type, names[i].bga)) return names[i].ours;
  return NULL;
}

/* removeScoreboardBonus: the tiles still beside conservation spaces 5 and 8. */
static void tiles_fact(reader *r, const json_t *args) {
  bga_fact *f = add(r, BF_TILES, -1, NULL, NULL);
  if (!f) return;
  snprintf(f->text, sizeof f->text, "bonus tiles left beside conservation 5 and 8");
  const json_t *cb = json_object_get(args, "conservationBonuses");
  static const char *const spaces[2] = { "5", "8" };
  for (int s = 0; s < 2; s++) {
    const json_t *list = json_object_get(cb, spaces[s]);
    for (int k = 1; k <= 2; k++) {
      const json_t *e = json_is_array(list) ? json_array_get(list, (size_t)k) : NULL;
      if (json_is_object(list)) {
        char idx[4];
        snprintf(idx, sizeof idx, "%d", k);
        e = json_object_get(list, idx);
      }
      const char *name = NULL;
      const char *bk;
      json_t *bv;
      json_object_foreach(json_object_get(e, "bonus"), bk, bv) name = tile_name(bk, jnum(bv));
      snprintf(f->tiles[2 * s + k - 1], sizeof f->tiles[0], "%s", name ? name : "");
    }
  }
}

/* A choice that offers a bonus tile (a conservation reward). */
static void offered_tile(reader *r, int p, const json_t *choice) {
  const json_t *da = json_object_get(json_object_get(choice, "description"), "args");
  const char *name = tile_name(jstr(da, "bonus_type"), jnum(json_object_get(da, "bonus_n")));
  if (!name) return;
  bga_fact *f = add(r, BF_TILES, p, NULL, NULL);
  if (!f) return;
  f->n = 1;                                    /* offered, not the tiles left */
  snprintf(f->tiles[0], sizeof f->tiles[0], "%s", name);
  snprintf(f->text, sizeof f->text, "a bonus tile offered: %s", name);
}

/* A gameStateChange: the building spots of a player's first build
** (inferring the map), the base projects the association offers, the
** bonus tiles a conservation reward offers, the first action card order. */
/* The game's end (state 99): each player's score in its result. */
static void final_scores(bga_log *log, const json_t *result) {
  size_t i;
  const json_t *row;
  json_array_foreach(result, i, row) {
    int p = seat_of(log, jnum(json_object_get(row, "id")));
    const json_t *score = json_object_get(row, "score");
    if (p < 0 || !score) continue;
    log->final_score[p] = (int)jnum(score);
    log->has_final_score |= 1 << p;
  }
}

static void state_change(reader *r, const json_t *st) {
  bga_log *log = r->log;
  int id = (int)jnum(json_object_get(st, "id"));
  const json_t *result = json_object_get(json_object_get(st, "args"), "result");
  if (json_is_array(result)) final_scores(log, result);
  int p = seat_of(log, jnum(json_object_get(st, "active_player")));
  const json_t *a = json_object_get(st, "args");
  if (p < 0 || !json_is_object(a)) return;
  if (id == 20 && !r->seen_strengths[p]) {     /* choose an action: slots by card id */
    const char *k;
    json_t *v;
    json_object_foreach(json_object_get(a, "strengths"), k, v) {
      long long cid = strtoll(k, NULL, 10);
      int slot = (int)jnum(v);
      for (int i = 0; i < r->nact; i++)
        if (r->act_id[i] == cid && r->act_seat[i] == p && slot >= 1 && slot <= 5)
          log->pl[p].slots[slot - 1] = r->act_type[i] + 1;
    }
    r->seen_strengths[p] = 1;
  }
  if (id == 30) {                              /* building spots */
    const json_t *b = json_object_get(a, "buildings");
    static const char *const single[3] = { "size-1", "kiosk", "pavilion" };
    int first = log->built[p] == 0 && !log->has_first_spots[p];
    for (int k = 0; k < 3; k++) {
      size_t i;
      json_t *e;
      json_array_foreach(json_object_get(b, single[k]), i, e) {
        const json_t *pos = json_object_get(e, "pos");
        int x = (int)jnum(json_object_get(pos, "x")), y = (int)jnum(json_object_get(pos, "y"));
        if (x < 0 || x > 8 || y < 0 || y > 12) continue;
        log->spot[p][x + 9 * y] = 1;
        if (first) log->first_spot[p][x + 9 * y] = 1, log->has_first_spots[p] = 1;
      }
    }
  }
  if (id == 91) {                              /* bonus tiles named in a choice */
    const json_t *ch = json_object_get(a, "choices");
    size_t i;
    const char *ck;
    json_t *c;
    if (json_is_array(ch)) json_array_foreach(ch, i, c) offered_tile(r, p, c);
    else json_object_foreach((json_t *)ch, ck, c) offered_tile(r, p, c);
  }
}

/* The association's private options name the projects on the board. */
static void private_state(reader *r, const json_t *a) {
  bga_log *log = r->log;
  const json_t *opts = json_object_get(json_object_get(json_object_get(a, "slots"), "5"), "options");
  const char *k;
  json_t *v;
  json_object_foreach((json_t *)opts, k, v) {
    int c = card_number(k);
    if (c >= 101 && c <= 112) {
      int known = 0;
      for (int i = 0; i < log->nbase_seen; i++) known |= log->base_seen[i] == c;
      if (!known && log->nbase_seen < 12) log->base_seen[log->nbase_seen++] = c;
    }
  }
}

static void note_worker(reader *r, const json_t *meeples) {
  size_t i;
  json_t *m;
  json_array_foreach(meeples, i, m) {
    if (strcmp(jstr(m, "type"), "worker")) continue;
    int p = seat_of(r->log, jnum(json_object_get(m, "pId")));
    int id = (int)jnum(json_object_get(m, "id"));
    if (p >= 0 && id > r->log->pl[p].worker_max) r->log->pl[p].worker_max = id;
  }
}

/* slideMeeples: association tasks and what they took. */
static void slide(reader *r, const char *tpl, const json_t *args) {
  bga_log *log = r->log;
  const json_t *meeples = json_object_get(args, "meeples");
  int p = seat_in(log, args);
  note_worker(r, meeples);
  if (strstr(tpl, "All workers go back") || strstr(tpl, "donates")) return;
  if (strstr(tpl, "gains a new Association worker")) {
    add(r, BF_WORKER, p, tpl, args);
    return;
  }
  if (strstr(tpl, "supports a conservation project")) {
    const json_t *card = json_object_get(args, "card");
    bga_fact *t = add(r, BF_TASK, p, tpl, args);
    if (t) snprintf(t->what, sizeof t->what, "project");
    bga_fact *f = add(r, BF_SUPPORT, p, tpl, args);
    if (!f) return;
    f->card = card_of(card);
    const char *loc = jstr(card, "location");
    if (!strncmp(loc, "base_", 5)) {
      int k = atoi(loc + 5);
      if (k >= 0 && k < 4) {
        log->base[k] = f->card;
        if (k + 1 > log->nbase) log->nbase = k + 1;
      }
    }
    r->last_support = log->nf - 1;
    return;
  }
  size_t i;
  json_t *m;
  json_array_foreach(meeples, i, m) {
    const char *type = jstr(m, "type"), *loc = jstr(m, "location");
    int owner = seat_of(log, jnum(json_object_get(m, "pId")));
    if (!strcmp(type, "worker") && !strncmp(loc, "association_", 12) && owner >= 0) {
      /* a task: association_2 reputation, _3 partner zoo, _4 university, _5 project */
      static const char *const tasks[] = { "reputation", "partner zoo", "university", "project" };
      int t = atoi(loc + 12) - 2;
      if (t >= 0 && t < 4) {
        bga_fact *f = add(r, BF_TASK, owner, tpl, args);
        if (f) snprintf(f->what, sizeof f->what, "%s", tasks[t]);
      }
    }
    if (!strncmp(type, "partner-", 8) && owner >= 0) {
      bga_fact *f = add(r, BF_PARTNER, owner, "takes a partner zoo", NULL);
      if (f) {
        snprintf(f->what, sizeof f->what, "%s", type + 8);
        for (char *c = f->what; *c; c++) *c = (char)tolower((unsigned char)*c);
        snprintf(f->text, sizeof f->text, "partner zoo %s", f->what);
      }
    } else if (!strncmp(type, "fac-", 4) && owner >= 0) {
      bga_fact *f = add(r, BF_UNIVERSITY, owner, NULL, NULL);
      if (f) {
        /* fac-rep-hand: 1 reputation + hand limit 5; fac-science-rep: 1
        ** research icon + 2 reputation; fac-science: 2 research icons */
        const char *ours = !strcmp(type, "fac-rep-hand") ? "library university"
                         : !strcmp(type, "fac-science-rep") ? "reputation university"
                         : "research university";
        snprintf(f->what, sizeof f->what, "%s", ours);
        snprintf(f->text, sizeof f->text, "university %s (%s)", ours, type);
      }
    } else if (!strcmp(type, "token") && r->last_support >= 0) {
      bga_fact *s = &log->f[r->last_support];
      const char *us = strrchr(loc, '_');
      if (us && s->card && card_number(loc) == s->card) {
        s->level = atoi(us + 1) + 1;
        int id = (int)jnum(json_object_get(m, "id"));
        s->n = id;                             /* the token; its edge slot is found later */
      }
    }
  }
}

static void event(reader *r, const char *channel, const json_t *ev) {
  bga_log *log = r->log;
  const char *type = jstr(ev, "type"), *tpl = jstr(ev, "log");
  const json_t *args = json_object_get(ev, "args");
  int private = !strncmp(channel, "/player/", 8);
  int p = json_is_object(args) ? seat_in(log, args) : -1;
  bga_fact *f;
  if (!strcmp(type, "gameStateChange")) {
    /* one player acting ends the setup, whose draft all play at once: an
    ** excerpt may hold no display reveal, and its later discards read as
    ** the draft */
    if (!private && !strcmp(jstr(args, "type"), "activeplayer")) r->in_setup = 0;
    if (!private) state_change(r, args);
    return;
  }
  if (!strcmp(type, "gameStateChangePrivateArg")) {
    private_state(r, args);
    /* the animals of the player's own hand (folder 0) */
    int s = channel_seat(log, channel);
    const json_t *st = json_object_get(args, "statuses");
    if (s >= 0 && json_is_object(st) && !r->in_setup) {
      f = add(r, BF_HANDSEEN, s, NULL, NULL);
      if (!f) return;
      const char *k;
      json_t *v;
      json_object_foreach((json_t *)st, k, v)
        if (json_is_integer(json_object_get(v, "folder")) && jnum(json_object_get(v, "folder")) == 0 &&
            card_number(k) && f->ncards < BGA_CARDS)
          f->cards[f->ncards++] = card_number(k);
      f->n = 0;
      snprintf(f->text, sizeof f->text, "the animals in hand");
      /* the same list again (each move repeats it): dropped */
      for (int q = log->nf - 2; q >= 0; q--) {
        const bga_fact *o = &log->f[q];
        if (o->kind != BF_HANDSEEN || o->player != s || o->n != 0) continue;
        if (o->ncards == f->ncards && !memcmp(o->cards, f->cards, sizeof f->cards[0] * (size_t)f->ncards))
          log->nf--;
        break;
      }
    }
    return;
  }
  if (!strcmp(type, "setupPlayer") && p >= 0) {
    snprintf(log->pl[p].map, sizeof log->pl[p].map, "%s", jstr(args, "mapId"));
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(args, "meeples"), i, m)
      if (!strcmp(jstr(m, "location"), "bonus_0")) log->pl[p].token0 = (int)jnum(json_object_get(m, "id"));
    r->tokens_known = 1;
    return;
  }
  if (private) {
    if (!strcmp(type, "pDrawCards") && p >= 0) {
      int scoring = json_is_true(json_object_get(args, "scoringCard"));
      int dealt = 0;                           /* the 8 cards for the draft, once */
      for (int q = 0; q < log->nf; q++) dealt |= log->f[q].kind == BF_HAND && log->f[q].player == p;
      int hand = r->in_setup && !dealt && !strstr(tpl, " for ");
      f = add(r, scoring ? BF_SCORING : hand ? BF_HAND : BF_DRAW, p, tpl, args);
      if (!f) return;
      f->ncards = cards_of(json_object_get(args, "cards"), f->cards, BGA_CARDS);
      f->discard = strstr(tpl, "from discard") != NULL;
      const char *what = strstr(tpl, " for ") ? strstr(tpl, " for ") + 5 : "deck";
      snprintf(f->what, sizeof f->what, "%s", what);
    } else if (!strcmp(type, "pDiscardCards") && p >= 0) {
      int drafted = 0;
      for (int q = 0; q < log->nf; q++) drafted |= log->f[q].kind == BF_DRAFT && log->f[q].player == p;
      int kind = !strncmp(tpl, "You sell", 8) ? BF_SELL : !strncmp(tpl, "You keep", 8) ? BF_KEEP
               : !strncmp(tpl, "You pouch", 9) ? BF_POUCH
               : r->in_setup && !drafted ? BF_DRAFT : BF_DISCARD;
      f = add(r, kind, p, tpl, args);
      if (!f) return;
      if (kind == BF_KEEP) {
        f->ncards = cards_of(json_object_get(args, "cards2"), f->cards, BGA_CARDS);
        int one = card_of(json_object_get(args, "card"));
        if (one && f->ncards < BGA_CARDS) f->cards[f->ncards++] = one;
        f->nother = cards_of(json_object_get(args, "cards"), f->other, BGA_CARDS);
      } else {
        f->ncards = cards_of(json_object_get(args, "cards"), f->cards, BGA_CARDS);
      }
      gains_of(json_object_get(args, "bonuses"), f->gain, 1);   /* selling, tucking */
    } else if (!strcmp(type, "updateBreakDiscardSelection")) {
      const json_t *pr = json_object_get(json_object_get(args, "args"), "_private");
      int s = channel_seat(log, channel);
      f = s >= 0 ? add(r, BF_HANDSEEN, s, NULL, NULL) : NULL;
      if (f) {
        f->ncards = cards_of(json_object_get(pr, "cards"), f->cards, BGA_CARDS);
        f->n = 1;
        snprintf(f->text, sizeof f->text, "the hand at the break");
      }
    } else if (!strcmp(type, "updateInitialSelection") && p < 0) {
      const json_t *pr = json_object_get(json_object_get(args, "args"), "_private");
      int s = channel_seat(log, channel);
      if (s >= 0 && pr) {
        r->ndraft_sel[s] = cards_of(json_object_get(pr, "selection"), r->draft_sel[s], 8);
        r->draft_move[s] = r->move;
      }
    }
    return;
  }
  if (!strcmp(type, "fillPool")) {
    f = add(r, BF_DISPLAY, -1, tpl, args);
    if (!f) return;
    f->ncards = cards_of(json_object_get(args, "cards"), f->cards, BGA_CARDS);
    /* the display after it, folder 1 first */
    size_t i;
    json_t *c;
    f->nother = 6;
    json_array_foreach(json_object_get(args, "pool"), i, c) {
      const char *loc = jstr(c, "location");
      int folder = !strncmp(loc, "pool-", 5) ? atoi(loc + 5) : 0;
      if (folder >= 1 && folder <= 6) f->other[folder - 1] = card_of(c);
    }
    if (!json_object_get(args, "pool"))
      for (int q = 0; q < f->ncards && q < 6; q++) f->other[q] = f->cards[q];
    f->n = r->in_setup;                        /* 1: the opening display */
    r->in_setup = 0;
  } else if (!strcmp(type, "chooseActionCard")) {
    const json_t *ac = json_object_get(args, "actionCard");
    f = add(r, BF_ACTION, p, tpl, args);
    if (!f) return;
    snprintf(f->what, sizeof f->what, "%s", jstr(ac, "type"));
    f->level = (int)jnum(json_object_get(ac, "level"));
    f->strength = (int)jnum(json_object_get(args, "strength"));
    if (log->start_player < 0) log->start_player = p;
    r->in_setup = 0;
  } else if (!strcmp(type, "actionCardCleanup")) {
    f = add(r, BF_CLEANUP, p, tpl, args);
    if (!f) return;
    snprintf(f->what, sizeof f->what, "%s", jstr(args, "card_type"));
    f->n = (int)jnum(json_object_get(args, "position"));
    f->free = strstr(tpl, "finishing action") == NULL;   /* moved by an effect */
    /* the order after it: cards[slot] = our action index + 1 */
    const char *k;
    json_t *v;
    json_object_foreach(json_object_get(args, "actionCards"), k, v) {
      long long cid = strtoll(k, NULL, 10);
      int slot = (int)jnum(v);
      for (int q = 0; q < r->nact; q++)
        if (r->act_id[q] == cid && slot >= 1 && slot <= 5) f->cards[slot - 1] = r->act_type[q] + 1;
    }
    f->ncards = 0;
    for (int q = 0; q < 5; q++) if (f->cards[q]) f->ncards = 5;
  } else if (!strcmp(type, "buyBuilding")) {
    const json_t *b = json_object_get(args, "building");
    f = add(r, BF_BUILD, p, tpl, args);
    if (!f) return;
    snprintf(f->what, sizeof f->what, "%s", jstr(b, "type"));
    f->x = (int)jnum(json_object_get(b, "x"));
    f->y = (int)jnum(json_object_get(b, "y"));
    f->rot = (int)jnum(json_object_get(b, "rotation"));
    f->bid = (int)jnum(json_object_get(b, "id"));
    f->amount = (int)jnum(json_object_get(args, "amount_money"));
    f->free = strstr(tpl, "for free") != NULL;
    f->total = (int)jnum(json_object_get(args, "total"));
    f->gain[BT_MONEY] = -f->amount;
    if (p >= 0) log->built[p]++;
  } else if (!strcmp(type, "buyAnimal")) {
    f = add(r, BF_ANIMAL, p, tpl, args);
    if (!f) return;
    f->card = card_of(json_object_get(args, "card"));
    f->bid = (int)jnum(json_object_get(json_object_get(args, "building"), "id"));
    snprintf(f->what, sizeof f->what, "%s", jstr(json_object_get(args, "building"), "type"));
    f->amount = (int)jnum(json_object_get(args, "amount_money"));
    f->display = json_is_true(json_object_get(args, "fromDisplay"));
    f->total = (int)jnum(json_object_get(args, "total"));
    f->gain[BT_MONEY] = -f->amount;
  } else if (!strcmp(type, "playSponsor")) {
    f = add(r, BF_SPONSOR, p, tpl, args);
    if (!f) return;
    f->card = card_of(json_object_get(args, "card"));
    f->display = json_is_true(json_object_get(args, "fromDisplay"));
  } else if (!strcmp(type, "advanceBreak")) {
    f = add(r, BF_ADVANCE, p, tpl, args);
    if (f) f->n = (int)jnum(json_object_get(args, "n"));
  } else if (!strcmp(type, "snapCard")) {
    f = add(r, strstr(tpl, "in reputation range") ? BF_TAKE : BF_SNAP, p, tpl, args);
    if (f) f->ncards = cards_of(json_object_get(args, "cards"), f->cards, BGA_CARDS);
    if (f && f->ncards) f->card = f->cards[0];
  } else if (!strcmp(type, "slideMeeples")) {
    slide(r, tpl, args);
  } else if (!strcmp(type, "moveProjects")) {
    if (r->last_support >= 0) log->f[r->last_support].display =
      json_is_true(json_object_get(args, "fromDisplay"));
    if (r->last_support >= 0) log->f[r->last_support].free = 1;   /* a new project */
  } else if (!strcmp(type, "releaseAnimal")) {
    f = add(r, BF_RELEASE, p, tpl, args);
    if (!f) return;
    f->card = card_of(json_object_get(args, "card"));
    gains_of(json_object_get(args, "bonuses"), f->gain, -1);
  } else if (!strcmp(type, "upgradeCard")) {
    f = add(r, BF_UPGRADE, p, tpl, args);
    if (f) snprintf(f->what, sizeof f->what, "%s", jstr(json_object_get(args, "actionCard"), "type"));
  } else if (!strcmp(type, "addMeeples")) {
    if (strstr(tpl, "Replenishing")) return;
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(args, "meeples"), i, m) {
      const char *loc = jstr(m, "location");
      if (strncmp(loc, "actionCard_", 11)) continue;
      long long cid = strtoll(loc + 11, NULL, 10);
      f = add(r, BF_TOKEN, seat_of(log, jnum(json_object_get(m, "pId"))), tpl, args);
      if (!f) return;
      snprintf(f->what, sizeof f->what, "%s", jstr(m, "type"));
      for (char *c = f->what; *c; c++) *c = (char)tolower((unsigned char)*c);
      for (int k = 0; k < r->nact; k++)
        if (r->act_id[k] == cid) f->n = r->act_type[k];
      f->amount = p;                           /* who gave it */
    }
  } else if (!strcmp(type, "moveAnimal")) {
    f = add(r, BF_MOVE_ANIMAL, p, tpl, args);
    if (!f) return;
    f->card = card_of(json_object_get(args, "card"));
    f->bid = (int)jnum(json_object_get(json_object_get(args, "building"), "id"));
  } else if (!strcmp(type, "donation")) {
    f = add(r, BF_DONATION, p, tpl, args);
    if (!f) return;
    gains_of(json_object_get(args, "bonuses"), f->gain, 1);
    gains_of(json_object_get(args, "bonuses2"), f->gain, 1);
    if (json_object_get(args, "score")) f->score = (int)jnum(json_object_get(args, "score"));
  } else if (!strcmp(type, "removeScoreboardBonus")) {
    tiles_fact(r, args);
  } else if (!strcmp(type, "getBonuses") || (!strcmp(type, "discardCards") &&
                                             json_object_get(args, "bonuses"))) {
    if (!strcmp(type, "discardCards")) return;  /* the private line carries it (BF_SELL) */
    f = add(r, BF_BONUS, p, tpl, args);
    if (!f) return;
    gains_of(json_object_get(args, "bonuses"), f->gain, 1);
    const char *src = jstr(args, "source");
    if (!*src) src = jstr(args, "card_name");
    snprintf(f->source, sizeof f->source, "%s", src);
    if (json_object_get(args, "score")) f->score = (int)jnum(json_object_get(args, "score"));
    if (json_object_get(args, "income")) f->income = (int)jnum(json_object_get(args, "income"));
    if (!strcmp(src, "increasing card strength")) {
      bga_fact *x = add(r, BF_XSPEND, p, tpl, args);
      if (x) x->n = -(int)jnum(json_object_get(json_object_get(args, "bonuses"), "xtoken"));
    }
  } else if (!strcmp(type, "discardCardsOnDisplay")) {
    f = add(r, BF_FOLDERS, -1, tpl, args);
    if (f) f->ncards = cards_of(json_object_get(args, "cards"), f->cards, BGA_CARDS);
  } else if (!strcmp(type, "startBreak")) {
    add(r, BF_BREAK_START, -1, tpl, args);
  } else if (!strcmp(type, "finishBreak")) {
    add(r, BF_BREAK_END, -1, tpl, args);
  } else if (!strcmp(type, "playerConcedeGame")) {
    f = add(r, BF_CONCEDE, p, tpl, args);
    log->conceded = p;
  } else if (!strcmp(type, "simpleNode") && strstr(tpl, "End of game")) {
    add(r, BF_END, -1, tpl, args);
  }
}

/* The names the players list lacks (a list trimmed or left out), from
** the player_name every event of a player carries. */
static void names_from_events(bga_log *log, const json_t *logs) {
  size_t i, j;
  json_t *pk, *ev;
  json_array_foreach(logs, i, pk) {
    json_array_foreach(json_object_get(pk, "data"), j, ev) {
      const json_t *a = json_object_get(ev, "args");
      int s = seat_in(log, a);
      const char *name = jstr(a, "player_name");
      if (s >= 0 && !log->pl[s].name[0] && name[0])
        snprintf(log->pl[s].name, sizeof log->pl[s].name, "%s", name);
    }
  }
}

/* First pass: the players in the order they were dealt, and the BGA ids
** of their action cards. */
static void first_pass(reader *r, const json_t *logs, const json_t *players) {
  bga_log *log = r->log;
  size_t i, j;
  json_t *pk, *ev;
  json_array_foreach(logs, i, pk) {
    json_array_foreach(json_object_get(pk, "data"), j, ev) {
      const json_t *a = json_object_get(ev, "args");
      const char *type = jstr(ev, "type");
      if (!strcmp(type, "drawCards") && !json_is_true(json_object_get(a, "scoringCard"))) {
        long long id = jnum(json_object_get(a, "player_id"));
        if (seat_of(log, id) < 0 && log->nplayers < BGA_PLAYERS) log->pl[log->nplayers++].id = id;
      }
      const json_t *ac = json_object_get(a, "actionCard");
      if (json_is_object(ac) && r->nact < (int)(sizeof r->act_id / sizeof r->act_id[0])) {
        long long cid = jnum(json_object_get(ac, "id"));
        int known = 0;
        for (int k = 0; k < r->nact; k++) known |= r->act_id[k] == cid;
        int t = action_index(jstr(ac, "type"));
        if (!known && t >= 0) {
          r->act_id[r->nact] = cid;
          r->act_seat[r->nact] = (int)jnum(json_object_get(ac, "pId"));   /* BGA id for now */
          r->act_type[r->nact++] = t;
        }
      }
    }
  }
  /* players the draws did not name (a log without the deal): the list order */
  json_array_foreach(players, i, pk) {
    long long id = jnum(json_object_get(pk, "id"));
    int s = seat_of(log, id);
    if (s < 0 && log->nplayers < BGA_PLAYERS) s = log->nplayers++, log->pl[s].id = id;
    if (s >= 0) snprintf(log->pl[s].name, sizeof log->pl[s].name, "%s", jstr(pk, "name"));
  }
  names_from_events(log, logs);
  for (int k = 0; k < r->nact; k++) {
    int s = seat_of(log, r->act_seat[k]);
    r->act_seat[k] = s;
    if (s >= 0) log->pl[s].actid[r->act_type[k]] = (int)r->act_id[k];
  }
}

/* ---- moves missing from the log ----
** Some moves are missing from a log (the gaps in its move ids): some were
** undone, but some hold the end of a turn, a card drawn, a display refill.
** What they did shows later: a card in a player's hand that nobody saw
** drawn, a card in the display that no refill put there, a turn that
** never ended.  Those are added as facts ("synthetic") at the gap they
** must have happened in, so that the draw order and the turns come out
** right. */

typedef struct insertion {
  int before;                      /* fact index it goes before */
  int order;                       /* within one gap: draws, turn ends, refills */
  bga_fact f;
} insertion;

typedef struct recon {
  bga_log *log;
  insertion *ins;
  int nins, cap;
  unsigned char have[BGA_PLAYERS][1200];
  int disp[6], ndisp;
  int holes[16], nholes;           /* fact indices of display removals not refilled yet */
} recon;

/* Are moves missing from the log between fact k - 1 and fact k? */
static int is_gap(const bga_log *log, int k) {
  if (k <= 0 || k >= log->nf || !log->present) return 0;
  for (int m = log->f[k - 1].move + 1; m < log->f[k].move; m++)
    if (m >= 0 && m <= log->last_move && !log->present[m]) return 1;
  return 0;
}

/* Each move's view of a player's animals in hand holds after the move's
** events: those facts go after the move's other facts (the hand shown at a
** break is the one the discards are chosen from: it stays before them). */
static void hands_last(bga_log *log) {
  for (int a = 0; a < log->nf;) {
    int b = a;
    while (b < log->nf && log->f[b].move == log->f[a].move) b++;
    bga_fact *tmp = malloc(sizeof *tmp * (size_t)(b - a));
    if (!tmp) return;
    int o = 0;
    for (int pass = 0; pass < 2; pass++)
      for (int k = a; k < b; k++)
        if ((log->f[k].kind == BF_HANDSEEN && log->f[k].n == 0) == pass) tmp[o++] = log->f[k];
    memcpy(&log->f[a], tmp, sizeof *tmp * (size_t)(b - a));
    free(tmp);
    a = b;
  }
}

/* The first (first 1) or last gap point in (lo, hi]; -1 if none. */
static int gap_in(const bga_log *log, int lo, int hi, int first) {
  int found = -1;
  for (int k = lo + 1; k <= hi && k < log->nf; k++)
    if (is_gap(log, k)) {
      found = k;
      if (first) break;
    }
  return found;
}

static void insert(recon *rc, int before, int order, int kind, int player, const int *cards, int n,
                   const char *text) {
  if (rc->nins == rc->cap) {
    int cap = rc->cap ? 2 * rc->cap : 32;
    insertion *ni = realloc(rc->ins, sizeof *ni * (size_t)cap);
    if (!ni) return;
    rc->ins = ni;
    rc->cap = cap;
  }
  insertion *in = &rc->ins[rc->nins++];
  memset(in, 0, sizeof *in);
  in->before = before;
  in->order = order;
  in->f.kind = kind;
  in->f.player = player;
  in->f.move = rc->log->f[before].move - 1;
  in->f.score = in->f.income = -999;
  in->f.total = -1;
  in->f.n = -1;
  in->f.synthetic = 1;
  for (int i = 0; i < n && i < BGA_CARDS; i++) in->f.cards[in->f.ncards++] = cards[i];
  snprintf(in->f.text, sizeof in->f.text, "%s (inferred: missing from the log between moves %d "
           "and %d)", text, rc->log->f[before - 1].move, rc->log->f[before].move);
}

static int card_ok(int c) { return c > 0 && c < 1200; }

/* Card c into (held 1) or out of (0) a hand.  have is NULL for a fact of
** no seat: its event named a player the log does not list (a damaged
** log), who has no hand to follow. */
static void set_held(unsigned char *have, int c, int held) {
  if (have && card_ok(c)) have[c] = (unsigned char)held;
}

/* p must hold card c at fact k: if nobody saw it drawn, it was drawn in
** the last gap after `lo`. */
static void must_hold(recon *rc, int p, int c, int lo, int k) {
  if (p < 0 || !card_ok(c) || rc->have[p][c]) return;
  int g = gap_in(rc->log, lo, k, 0);
  if (g < 0) return;                             /* cannot tell where: left to the matcher */
  char text[64];
  snprintf(text, sizeof text, "draws card %d", c);
  insert(rc, g, 0, BF_DRAW, p, &c, 1, text);
  rc->have[p][c] = 1;
}

/* Card c came into the display by a refill the log does not show: it
** filled the oldest hole, at the first gap after that hole was made. */
static void refilled_unseen(recon *rc, int c, int k) {
  if (rc->nholes == 0) return;
  int g = gap_in(rc->log, rc->holes[0], k, 1);
  memmove(&rc->holes[0], &rc->holes[1], sizeof rc->holes[0] * (size_t)--rc->nholes);
  if (g >= 0) insert(rc, g, 2, BF_DISPLAY, -1, &c, 1, "the display is refilled");
}

static void display_remove(recon *rc, int c, int k) {
  int i = 0;
  while (i < rc->ndisp && rc->disp[i] != c) i++;
  if (i == rc->ndisp) refilled_unseen(rc, c, k);
  else {
    memmove(&rc->disp[i], &rc->disp[i + 1], sizeof rc->disp[0] * (size_t)(rc->ndisp - i - 1));
    rc->ndisp--;
  }
  if (rc->nholes < 16) rc->holes[rc->nholes++] = k;
}

static void reconcile(bga_log *log) {
  hands_last(log);
  recon rc;
  memset(&rc, 0, sizeof rc);
  rc.log = log;
  int last_seen[BGA_PLAYERS], open = -1, open_at = -1;
  for (int p = 0; p < BGA_PLAYERS; p++) last_seen[p] = 0;
  for (int k = 0; k < log->nf; k++) {
    bga_fact *f = &log->f[k];
    int p = f->player;
    unsigned char *have = p >= 0 ? rc.have[p] : NULL;
    int lo = p >= 0 ? last_seen[p] : 0;         /* must_hold ignores a fact of no seat */
    switch (f->kind) {
    case BF_HAND: case BF_DRAW:
      for (int i = 0; i < f->ncards; i++) set_held(have, f->cards[i], 1);
      break;
    case BF_DRAFT: case BF_DISCARD: case BF_SELL: case BF_POUCH:
      for (int i = 0; i < f->ncards; i++) {
        must_hold(&rc, p, f->cards[i], lo, k);
        set_held(have, f->cards[i], 0);
      }
      break;
    case BF_KEEP:
      for (int i = 0; i < f->nother; i++) set_held(have, f->other[i], 0);
      break;
    case BF_TAKE: case BF_SNAP:
      set_held(have, f->card, 1);
      display_remove(&rc, f->card, k);
      break;
    case BF_ANIMAL: case BF_SPONSOR: case BF_SUPPORT:
      if (f->kind == BF_SUPPORT && !f->free) break;      /* a project already in play */
      if (f->display) display_remove(&rc, f->card, k);
      else if (p >= 0) {
        must_hold(&rc, p, f->card, lo, k);
        set_held(have, f->card, 0);
      }
      break;
    case BF_FOLDERS:
      for (int i = 0; i < f->ncards; i++) display_remove(&rc, f->cards[i], k);
      break;
    case BF_HANDSEEN:
      for (int i = 0; i < f->ncards; i++) must_hold(&rc, p, f->cards[i], lo, k);
      if (p >= 0) last_seen[p] = k;
      break;
    case BF_DISPLAY: {
      if (f->n == 1) {
        rc.ndisp = 0;
        for (int i = 0; i < 6; i++) if (f->other[i]) rc.disp[rc.ndisp++] = f->other[i];
        break;
      }
      /* the display before this refill: the new cards' places empty */
      int before[6], nb = 0, missing[6], nm = 0;
      for (int i = 0; i < 6; i++) {
        int c = f->other[i], fresh = 0;
        for (int q = 0; q < f->ncards; q++) fresh |= f->cards[q] == c;
        if (c && !fresh) before[nb++] = c;
      }
      for (int i = 0; i < nb; i++) {
        int known = 0;
        for (int q = 0; q < rc.ndisp; q++) known |= rc.disp[q] == before[i];
        if (!known) missing[nm++] = before[i];
      }
      for (int i = 0; i < nm; i++) refilled_unseen(&rc, missing[i], k);
      for (int i = 0; i < f->ncards && rc.nholes > 0; i++)   /* the holes filled now */
        memmove(&rc.holes[0], &rc.holes[1], sizeof rc.holes[0] * (size_t)--rc.nholes);
      rc.ndisp = 0;
      for (int i = 0; i < 6; i++) if (f->other[i]) rc.disp[rc.ndisp++] = f->other[i];
      break;
    }
    case BF_ACTION: case BF_XSPEND:
      if (open >= 0 && open != p) {
        int g = gap_in(log, open_at, k, 0);
        if (g >= 0) insert(&rc, g, 1, BF_CLEANUP, open, NULL, 0, "the turn ends");
      }
      open = p;
      open_at = k;
      break;
    case BF_CLEANUP:
      if (!f->free) open = -1;
      break;
    default:
      break;
    }
  }
  if (rc.nins == 0) return;
  /* put them in: a stable merge by (before, order) */
  bga_fact *nf = malloc(sizeof *nf * (size_t)(log->nf + rc.nins));
  if (!nf) { free(rc.ins); return; }
  int o = 0;
  for (int k = 0; k <= log->nf; k++) {
    for (int ord = 0; ord < 3; ord++)
      for (int i = 0; i < rc.nins; i++)
        if (rc.ins[i].before == k && rc.ins[i].order == ord) nf[o++] = rc.ins[i].f;
    if (k < log->nf) nf[o++] = log->f[k];
  }
  /* the synthetic turn end names the action card of the turn it closes */
  for (int k = 0; k < o; k++) {
    if (nf[k].kind != BF_CLEANUP || !nf[k].synthetic) continue;
    for (int q = k - 1; q >= 0; q--)
      if (nf[q].kind == BF_ACTION && nf[q].player == nf[k].player) {
        memcpy(nf[k].what, nf[q].what, sizeof nf[k].what);   /* distinct facts (q < k) */
        break;
      }
  }
  free(log->f);
  log->f = nf;
  log->nf = log->capf = o;
  free(rc.ins);
}

/* Does a draw read from p's private channel name the cards p drew at
** move `move`?  (The two channels log a draw at the same move.) */
static int draw_named(const bga_log *log, int p, int move) {
  for (int k = 0; k < log->nf; k++) {
    const bga_fact *f = &log->f[k];
    if (f->player == p && f->move == move && (f->kind == BF_HAND || f->kind == BF_DRAW))
      return 1;
  }
  return 0;
}

/* The first draw of each seat that the table's channel shows ("draws 3
** card(s)") and no private packet names: the cards are named only on the
** seat's private channel, and without them our game would draw the next
** cards of the draw order, other draws' cards (the matcher stops there). */
static void unnamed_draws(bga_log *log, const json_t *logs) {
  size_t i, j;
  json_t *pk, *ev;
  json_array_foreach(logs, i, pk) {
    if (!strncmp(jstr(pk, "channel"), "/player/", 8)) continue;
    int move = (int)jnum(json_object_get(pk, "move_id"));
    json_array_foreach(json_object_get(pk, "data"), j, ev) {
      const json_t *args = json_object_get(ev, "args");
      if (strcmp(jstr(ev, "type"), "drawCards") || !json_is_object(args) ||
          json_is_true(json_object_get(args, "scoringCard")))
        continue;
      int p = seat_in(log, args);
      if (p < 0 || log->unnamed_draw[p] || draw_named(log, p, move)) continue;
      log->unnamed_draw[p] = move;
      fill(jstr(ev, "log"), args, log->unnamed_text[p], sizeof log->unnamed_text[p], 0);
    }
  }
}

/* Fact k, added after the packets were read, moved before the facts of
** later moves: the facts are in log order (--facts lists them so; a
** draft of move 6 came after move 792). */
static void to_move_order(bga_log *log, int k) {
  bga_fact f = log->f[k];
  int at = k;
  while (at > 0 && log->f[at - 1].move > f.move) at--;
  memmove(&log->f[at + 1], &log->f[at], sizeof f * (size_t)(k - at));
  log->f[at] = f;
}

/* The whole file into a new buffer (*len bytes, NUL added), or NULL with
** a message: a folder is named as one (read, it looked like an empty file). */
static char *slurp(const char *path, size_t *len, char *msg, size_t n) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(msg, n, "%s: a folder, not a log file (give the JSON file of a replay)", path);
    return NULL;
  }
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(msg, n, "%s: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, o = 0, got;
  char *buf = malloc(cap + 1);
  while (buf && (got = fread(buf + o, 1, cap - o, f)) > 0) {
    o += got;
    if (o == cap) {
      char *nb = realloc(buf, 2 * cap + 1);
      if (!nb) free(buf);
      buf = nb;
      cap *= 2;
    }
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf || bad) {
    snprintf(msg, n, "%s: %s", path, buf ? "cannot read it" : "out of memory");
    free(buf);
    return NULL;
  }
  buf[o] = '\0';
  *len = o;
  return buf;
}

/* A NUL byte in text: no JSON holds one (a string writes it \u0000), and
** jansson reported it as the end of the file.  -1 with "path:line:column"
** (columns in characters, as jansson counts them), or 0. */
static int nul_byte(const char *path, const char *text, size_t len, char *msg, size_t n) {
  const char *z = memchr(text, '\0', len);
  if (!z) return 0;
  int line = 1, column = 1;
  for (const char *c = text; c < z; c++) {
    if (*c == '\n') line++, column = 1;
    else if (((unsigned char)*c & 0xc0) != 0x80) column++;
  }
  snprintf(msg, n, "%s:%d:%d: a NUL byte: the file is not text, so not a JSON log", path, line,
           column);
  return -1;
}

/* The log's JSON, or NULL with a message.  A UTF-8 byte-order mark at the
** start (some editors write one) is skipped: jansson refused it as an
** invisible character; line 1's columns are then counted after it, as an
** editor shows them. */
static json_t *load_json(const char *path, char *msg, size_t n) {
  size_t len;
  char *text = slurp(path, &len, msg, n);
  if (!text) return NULL;
  size_t skip = len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? 3 : 0;
  json_error_t err;
  json_t *root = NULL;
  if (nul_byte(path, text + skip, len - skip, msg, n) == 0) {
    root = json_loadb(text + skip, len - skip, 0, &err);
    if (!root && err.line > 0) snprintf(msg, n, "%s:%d:%d: %s", path, err.line, err.column, err.text);
    else if (!root) snprintf(msg, n, "%s: %s", path, err.text);
  }
  free(text);
  return root;
}

int bga_read(const char *path, bga_log *log, char *msg, size_t n) {
  memset(log, 0, sizeof *log);
  snprintf(log->path, sizeof log->path, "%s", path);
  log->start_player = log->conceded = -1;
  for (int p = 0; p < BGA_PLAYERS; p++) log->pl[p].token0 = -1;
  json_t *root = load_json(path, msg, n);
  if (!root) return -1;
  const json_t *data = json_object_get(root, "data");
  const json_t *logs = json_object_get(data, "logs"), *players = json_object_get(data, "players");
  /* the players list may be left out: the events name the players too */
  if (!json_is_array(logs) || (players && !json_is_array(players))) {
    snprintf(msg, n, "%s: not a Board Game Arena replay log: expected {\"data\": {\"logs\": "
             "[...], \"players\": [...]}}", path);
    json_decref(root);
    return -1;
  }
  /* a fifth player has no seat here: said at once (the first four were
  ** kept and the import failed later, at a map) */
  if (players && json_array_size(players) > BGA_PLAYERS) {
    snprintf(msg, n, "%s: the log's players list names %zu players; Ark Nova is played by 2 to "
             "%d", path, json_array_size(players), BGA_PLAYERS);
    json_decref(root);
    return -1;
  }
  reader r;
  memset(&r, 0, sizeof r);
  r.log = log;
  r.in_setup = 1;
  r.last_support = -1;
  first_pass(&r, logs, players);
  if (log->nplayers < 2) {
    snprintf(msg, n, "%s: the log names %d player(s); Ark Nova needs 2 to 4", path, log->nplayers);
    json_decref(root);
    return -1;
  }
  for (int p = 0; p < log->nplayers; p++) {
    if (log->pl[p].name[0]) continue;
    snprintf(msg, n, "%s: the log gives no name for player %lld (P%d): not in its players list, "
             "nor as player_name in any event of theirs", path, log->pl[p].id, p + 1);
    json_decref(root);
    return -1;
  }
  size_t i, j;
  json_t *pk, *ev;
  /* moves are counted by a table of one byte per move: a move_id past any
  ** game's length (a game has a few hundred) is a damaged log, not a
  ** request for gigabytes */
  int top = 0;
  json_array_foreach(logs, i, pk) {
    long long m = jnum(json_object_get(pk, "move_id"));
    if (m < 0 || m > BGA_MAX_MOVE) {
      snprintf(msg, n, "%s: packet %zu of the log has move_id %lld: a move number from 0 to "
               "%d is expected", path, i + 1, m, BGA_MAX_MOVE);
      json_decref(root);
      return -1;
    }
    if (m > top) top = (int)m;
  }
  log->present = calloc((size_t)top + 2, 1);
  if (!log->present) {
    snprintf(msg, n, "%s: out of memory", path);
    json_decref(root);
    return -1;
  }
  json_array_foreach(logs, i, pk) {
    r.move = (int)jnum(json_object_get(pk, "move_id"));
    log->present[r.move] = 1;
    if (r.move > 0 && (log->first_move == 0 || r.move < log->first_move)) log->first_move = r.move;
    if (r.move > log->last_move) log->last_move = r.move;
    const char *ch = jstr(pk, "channel");
    int own = channel_seat(log, ch);
    if (own >= 0) log->private_packets[own]++;
    if (own >= 0 && r.move > log->private_last[own]) log->private_last[own] = r.move;
    json_array_foreach(json_object_get(pk, "data"), j, ev) event(&r, ch, ev);
  }
  /* a draft seen only as a selection (the log stops before it was confirmed) */
  for (int p = 0; p < log->nplayers; p++) {
    int has = 0;
    for (int k = 0; k < log->nf; k++) has |= log->f[k].kind == BF_DRAFT && log->f[k].player == p;
    if (has || r.ndraft_sel[p] == 0) continue;
    r.move = r.draft_move[p];
    bga_fact *f = add(&r, BF_DRAFT, p, NULL, NULL);
    if (!f) break;
    memcpy(f->cards, r.draft_sel[p], sizeof f->cards[0] * (size_t)r.ndraft_sel[p]);
    f->ncards = r.ndraft_sel[p];
    snprintf(f->text, sizeof f->text, "selects the cards to discard in the opening draft");
    to_move_order(log, log->nf - 1);
  }
  unnamed_draws(log, logs);
  reconcile(log);
  /* the map-edge token of each support: slot = token id - the player's slot-0 token */
  for (int p = 0; p < log->nplayers; p++)
    if (log->pl[p].token0 < 0 && log->pl[p].worker_max > 0)
      log->pl[p].token0 = log->pl[p].worker_max - 10;   /* 7 tokens, then 4 workers */
  for (int k = 0; k < log->nf; k++) {
    bga_fact *f = &log->f[k];
    if (f->kind != BF_SUPPORT) continue;
    int t0 = f->player >= 0 ? log->pl[f->player].token0 : -1;
    f->n = f->n >= 0 && t0 >= 0 && f->n - t0 >= 0 && f->n - t0 < 7 ? f->n - t0 : -1;
  }
  json_decref(root);
  return 0;
}

void bga_free(bga_log *log) {
  free(log->f);
  free(log->present);
  memset(log, 0, sizeof *log);
}

void bga_print_facts(const bga_log *log, FILE *out) {
  for (int k = 0; k < log->nf; k++) {
    const bga_fact *f = &log->f[k];
    fprintf(out, "%4d %-11s %s", f->move, bga_kind_name(f->kind),
            f->player >= 0 ? log->pl[f->player].name : "-");
    if (f->card) fprintf(out, " card %d", f->card);
    if (f->ncards) {
      fprintf(out, " cards");
      for (int i = 0; i < f->ncards; i++) fprintf(out, " %d", f->cards[i]);
    }
    if (f->what[0]) fprintf(out, " [%s]", f->what);
    if (f->kind == BF_BUILD) fprintf(out, " at (%d,%d) rot %d id %d paid %d", f->x, f->y, f->rot, f->bid, f->amount);
    if (f->kind == BF_ACTION) fprintf(out, " level %d strength %d", f->level, f->strength);
    if (f->kind == BF_SUPPORT) fprintf(out, " level %d edge slot %d%s", f->level, f->n, f->display ? " from display" : "");
    if (f->kind == BF_TILES) fprintf(out, " %s|%s|%s|%s%s", f->tiles[0], f->tiles[1], f->tiles[2], f->tiles[3], f->n == 1 ? " (offered)" : "");
    if (f->n >= 0 && (f->kind == BF_XSPEND || f->kind == BF_ADVANCE || f->kind == BF_TOKEN)) fprintf(out, " n %d", f->n);
    for (int t = 0; t < BT_N; t++) if (f->gain[t]) fprintf(out, " %+d%c", f->gain[t], "maCrx"[t]);
    if (f->text[0]) fprintf(out, "  \"%s\"", f->text);
    if (f->synthetic) fprintf(out, " [inferred]");
    fputc('\n', out);
  }
}
