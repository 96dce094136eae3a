/*
** scenario_lua.c - `arknova scenario` for a game written in Lua alone
** (core/src/luagame.h).  A file names its game (`game:`), starts one from
** `players`, `seed` and `options`, answers the decisions under `start:`,
** edits the position (`setup:` - tracks of a seat or of the table, cards
** put into zones, card counters; no rule applied) and has the pending
** decision asked again from the edited board, answers `decisions:` by
** option text, lets the game run on to its next decision and checks
** `expect:`.  Keys name what they touch: `P1.mc`, `table.oxygen`,
** `P2.hand`, `P1.hand.has`.  Exit 0 when every expectation holds, 1 with
** a line for each one that does not, 2 for a file that is wrong.  The
** format is in docs/scenarios.md, "Scenarios for games written in Lua".
*/
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>
#include "host.h"
#include "luagame.h"
#include "scenario_lua.h"

typedef struct lscen {
  yaml_document_t *doc;
  const ark_gamedef *gd;
  const char *path;
  ark_lg *g;
  int failures, checks, verbose;
} lscen;

/* The game's error with its file named from where the user stands, as
** play and check name it (one scenario runs at a time). */
static const char *stop_text(const lscen *s) {
  static char buf[1700];
  return ark_lg_error_here(s->g, buf, sizeof buf);
}

/* ---- the YAML tree ---- */

static yaml_node_t *node(lscen *s, int id) { return yaml_document_get_node(s->doc, id); }

static const char *text_of(yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static unsigned long line_of(yaml_node_t *n) { return n ? (unsigned long)n->start_mark.line + 1 : 0UL; }

static yaml_node_t *key_in(yaml_document_t *doc, yaml_node_t *map, const char *key) {
  if (!map || map->type != YAML_MAPPING_NODE) return NULL;
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    const char *k = text_of(yaml_document_get_node(doc, p->key));
    if (k && !strcmp(k, key)) return yaml_document_get_node(doc, p->value);
  }
  return NULL;
}

static yaml_node_t *get(lscen *s, yaml_node_t *map, const char *key) { return key_in(s->doc, map, key); }

static int wrong(lscen *s, yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A mistake of the file, with its line: the scenario does not run. */
static int wrong(lscen *s, yaml_node_t *n, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%lu: ", s->path, line_of(n));
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return -1;
}

static int count_of(yaml_node_t *n) {
  return n && n->type == YAML_SEQUENCE_NODE
             ? (int)(n->data.sequence.items.top - n->data.sequence.items.start) : -1;
}

static yaml_node_t *item(lscen *s, yaml_node_t *n, int i) {
  return node(s, n->data.sequence.items.start[i]);
}

static int whole(lscen *s, yaml_node_t *n, int *out) {
  long long x = 0;
  *out = 0;
  if (!host_number(text_of(n), -1000000000, 1000000000, &x))
    return wrong(s, n, "expected a whole number (-1000000000..1000000000)");
  *out = (int)x;
  return 0;
}

/* Every key of map n is one of the NULL-ended `known`. */
static int only_keys(lscen *s, yaml_node_t *n, const char *const *known) {
  int rc = 0;
  if (!n || n->type != YAML_MAPPING_NODE) return 0;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    const char *k = text_of(node(s, p->key));
    int ok = 0;
    for (int i = 0; known[i] && k && !ok; i++) ok = !strcmp(k, known[i]);
    if (ok) continue;
    char list[400];
    size_t len = 0;
    list[0] = '\0';
    for (int i = 0; known[i] && len < sizeof list; i++) {
      int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", known[i]);
      if (w > 0) len += (size_t)w;
    }
    rc = wrong(s, node(s, p->key), "unknown key '%s' here (known: %s)", k ? k : "?", list);
  }
  return rc;
}

/* A key given twice in one mapping anywhere in the file. */
static int twice(lscen *s) {
  int rc = 0;
  for (yaml_node_t *n = s->doc->nodes.start; n < s->doc->nodes.top; n++) {
    if (n->type != YAML_MAPPING_NODE) continue;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
      for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < p; q++) {
        const char *a = text_of(node(s, p->key)), *b = text_of(node(s, q->key));
        if (a && b && !strcmp(a, b)) {
          rc = wrong(s, node(s, p->key), "duplicate key '%.200s' (first on line %lu)", a,
                     line_of(node(s, q->key)));
          break;
        }
      }
  }
  return rc;
}

/* ---- which game ---- */

static int is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0;
}

int scenario_game(yaml_document_t *doc, const char *path, const char *cli, ark_gamedef *out) {
  yaml_node_t *root = yaml_document_get_root_node(doc), *v = key_in(doc, root, "game");
  const char *spec = cli;
  char buf[2048], msg[1400];
  if (!spec && v) {
    spec = text_of(v);
    if (!spec || !*spec) {
      fprintf(stderr, "%s:%lu: game: a game's name (a folder under games/) or a folder\n", path,
              line_of(v));
      return -1;
    }
    /* a folder named by the file is read from the file's folder */
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path) : 1;
    const char *dir = slash ? path : ".";
    if (spec[0] != '/') {
      snprintf(buf, sizeof buf, "%.*s/%s/game.yaml", dirlen, dir, spec);
      if (strchr(spec, '/') || is_file(buf)) {
        snprintf(buf, sizeof buf, "%.*s/%s", dirlen, dir, spec);
        spec = buf;
      }
    }
  }
  if (!spec) return 1;
  if (ark_gamedef_find(spec, ARK_SOURCE_DIR "/games", out, msg, sizeof msg) != 0) {
    if (cli) fprintf(stderr, "arknova scenario: --game: %s\n", msg);
    else fprintf(stderr, "%s:%lu: game: %s\n", path, line_of(v), msg);
    return -1;
  }
  if (strcmp(out->module, "lua") && strcmp(out->module, "arknova")) {
    fprintf(stderr, "%s: %s/game.yaml: module '%s' is not one this build plays (arknova, lua)\n",
            path, out->dir, out->module);
    return -1;
  }
  return 0;
}

/* ---- what a key names: P1.mc, table.oxygen, P2.hand.has ---- */

enum { REF_TRACK, REF_ZONE, REF_SCORE, REF_RANK };
enum { SUF_NONE, SUF_HAS, SUF_LACKS };

typedef struct ref {
  int seat;                  /* 0: the table */
  int kind, suffix;
  char name[64];
  char who[16];              /* "P1", "table": for messages */
} ref;

/* Reads key k into r; `expect` allows the rules' numbers and the
** suffixes.  0, or -1 after saying what is wrong. */
static int read_ref(lscen *s, yaml_node_t *k, int expect, ref *r) {
  const char *t = text_of(k);
  char buf[200], part[3][200];
  int np = 0;
  memset(r, 0, sizeof *r);
  if (!t) return wrong(s, k, "expected a key such as P1.NAME or table.NAME");
  snprintf(buf, sizeof buf, "%s", t);
  for (char *a = buf; a && np <= 3; np++) {
    char *dot = strchr(a, '.');
    if (dot) *dot = '\0';
    if (np < 3) snprintf(part[np], sizeof part[np], "%s", a);
    if (!*a || strlen(a) >= sizeof part[0]) np = 9;
    a = dot ? dot + 1 : NULL;
  }
  if (np < 2 || np > 3)
    return wrong(s, k, "unknown key '%s' here (expected SEAT.NAME: P1.NAME .. P%d.NAME or "
                 "table.NAME%s)", t, ark_lg_players(s->g), expect ? ", or SEAT.ZONE.has / .lacks" : "");
  if (!strcmp(part[0], "table")) r->seat = 0;
  else {
    long long x;
    if ((part[0][0] != 'P' && part[0][0] != 'p') || !host_number(part[0] + 1, 1, 1000, &x))
      return wrong(s, k, "'%s': a seat is P1 .. P%d, or table", part[0], ark_lg_players(s->g));
    if (x > ark_lg_players(s->g))
      return wrong(s, k, "'%s': this game has %d seat%s", part[0], ark_lg_players(s->g),
                   ark_lg_players(s->g) == 1 ? "" : "s");
    r->seat = (int)x;
  }
  if (r->seat) snprintf(r->who, sizeof r->who, "P%d", r->seat);
  else snprintf(r->who, sizeof r->who, "table");
  snprintf(r->name, sizeof r->name, "%.63s", part[1]);
  int v, owner = ark_lg_zone_owner(s->g, r->name);
  if (ark_lg_track(s->g, r->seat, r->name, &v) == 0) r->kind = REF_TRACK;
  else if (owner >= 0 && owner == (r->seat != 0)) r->kind = REF_ZONE;
  else if (expect && r->seat && !strcmp(r->name, "score")) r->kind = REF_SCORE;
  else if (expect && r->seat && !strcmp(r->name, "rank")) r->kind = REF_RANK;
  else {
    char tracks[1200], zones[400];
    ark_lg_names(s->g, r->seat == 0, tracks, sizeof tracks);
    ark_lg_names(s->g, r->seat ? 2 : 3, zones, sizeof zones);
    return wrong(s, k, "'%s': %s has no %s track or zone '%s' (tracks: %s; zones: %s%s)", t,
                 s->gd->name, r->seat ? "seat" : "table", r->name,
                 tracks, zones, expect && r->seat ? "; also score, rank" : "");
  }
  if (np == 3) {
    if (expect && r->kind == REF_ZONE && !strcmp(part[2], "has")) r->suffix = SUF_HAS;
    else if (expect && r->kind == REF_ZONE && !strcmp(part[2], "lacks")) r->suffix = SUF_LACKS;
    else return wrong(s, k, "'%s': %s", t, expect && r->kind == REF_ZONE
                      ? "after a zone comes .has or .lacks" : "nothing comes after a track's name");
  }
  return 0;
}

/* The cards a list names (numbers or names, see ark_lg_find_card). */
static int card_list(lscen *s, yaml_node_t *n, int *ids, int max) {
  int len = count_of(n);
  char msg[600];
  if (len < 0 || len > max) return wrong(s, n, "expected a list of cards (numbers or names)");
  for (int i = 0; i < len; i++) {
    yaml_node_t *c = item(s, n, i);
    const char *t = text_of(c);
    if (!t) return wrong(s, c, "expected a card's number or name");
    if ((ids[i] = ark_lg_find_card(s->g, t, msg, sizeof msg)) < 0) return wrong(s, c, "%s", msg);
    for (int j = 0; j < i; j++)
      if (ids[j] == ids[i]) return wrong(s, c, "'%s' is listed twice", t);
  }
  return len;
}

/* ---- setup ---- */

/* apply 0: tells every mistake of the counters, as setup does of its keys;
** applied, the first one stops. */
static int setup_counters(lscen *s, yaml_node_t *n, int apply) {
  char msg[600];
  int rc = 0;
  if (n->type != YAML_MAPPING_NODE) return wrong(s, n, "counters: {CARD: {COUNTER: N}, ...}");
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = node(s, p->key), *v = node(s, p->value);
    int id = ark_lg_find_card(s->g, text_of(k) ? text_of(k) : "", msg, sizeof msg);
    if (id < 0) rc = wrong(s, k, "%s", msg);
    else if (v->type != YAML_MAPPING_NODE) rc = wrong(s, v, "expected {COUNTER: N, ...}");
    for (yaml_node_pair_t *q = v->data.mapping.pairs.start;
         id >= 0 && v->type == YAML_MAPPING_NODE && q < v->data.mapping.pairs.top; q++) {
      yaml_node_t *ck = node(s, q->key);
      int x, have;
      const char *cn = text_of(ck) ? text_of(ck) : "";
      if (whole(s, node(s, q->value), &x)) {
        rc = -1;
      } else if (ark_lg_card_counter(s->g, id, cn, &have) != 0) {
        char names[400];
        ark_lg_names(s->g, 4, names, sizeof names);
        rc = wrong(s, ck, "no card counter '%s' (counters: %s)", cn, names);
      } else if (apply && ark_lg_set_card_counter(s->g, id, cn, x, msg, sizeof msg) != 0) {
        rc = wrong(s, ck, "%s", msg);
      }
      if (rc && apply) return rc;
    }
    if (rc && apply) return rc;
  }
  return rc;
}

/* apply 0: only reads the keys and the values (before anything runs). */
/* One key of setup: SEAT.TRACK: N, SEAT.ZONE: [cards] or counters:. */
static int setup_one(lscen *s, yaml_node_t *k, yaml_node_t *v, int apply) {
  static int ids[1024];
  char msg[600];
  ref r;
  if (text_of(k) && !strcmp(text_of(k), "counters")) return setup_counters(s, v, apply);
  if (read_ref(s, k, 0, &r)) return -1;
  if (r.kind == REF_TRACK) {
    int x;
    if (whole(s, v, &x)) return -1;
    if (apply && ark_lg_set_track(s->g, r.seat, r.name, x, msg, sizeof msg) != 0)
      return wrong(s, v, "%s %s: %s", r.who, r.name, msg);
    return 0;
  }
  int len = card_list(s, v, ids, 1024);
  if (len < 0) return -1;
  /* the first card listed ends on top: the next one drawn from a deck */
  for (int i = len - 1; apply && i >= 0; i--)
    if (ark_lg_put_card(s->g, ids[i], r.name, r.seat, msg, sizeof msg) != 0)
      return wrong(s, v, "%s %s: %s", r.who, r.name, msg);
  return 0;
}

/* apply 0: only reads the keys and the values (before anything runs), and
** tells every mistake; applied, the first one stops. */
static int setup(lscen *s, yaml_node_t *n, int apply) {
  int rc = 0;
  if (n->type != YAML_MAPPING_NODE) return wrong(s, n, "setup: a map of SEAT.NAME: value");
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
    if (setup_one(s, node(s, p->key), node(s, p->value), apply)) {
      rc = -1;
      if (apply) break;
    }
  return rc;
}

/* ---- decisions ---- */

/* Answers the pending decision with entry n: an option's text, its unique
** beginning or its number; or {P2: text}, which is also P2's decision. */
static int answer(lscen *s, yaml_node_t *n, const char *list, int k) {
  const char *text = text_of(n);
  int seat = 0;
  if (n->type == YAML_MAPPING_NODE && n->data.mapping.pairs.top - n->data.mapping.pairs.start == 1) {
    yaml_node_t *key = node(s, n->data.mapping.pairs.start->key);
    const char *who = text_of(key);
    long long x;
    text = text_of(node(s, n->data.mapping.pairs.start->value));
    if (!who || (who[0] != 'P' && who[0] != 'p') || !host_number(who + 1, 1, 1000, &x) ||
        x > ark_lg_players(s->g))
      return wrong(s, key, "'%s': a seat is P1 .. P%d", who ? who : "?", ark_lg_players(s->g));
    seat = (int)x;
  }
  if (!text)
    return wrong(s, n, "a decision is an option's text (or its unique beginning, or its number), "
                 "or {P1: text}");
  if (ark_lg_process(s->g) != ARK_AWAITING) {
    fprintf(stderr, "%s:%lu: %s %d '%s': no decision is pending (%s)\n", s->path, line_of(n), list,
            k, text, ark_lg_error(s->g)[0] ? stop_text(s) : "the game is over");
    return 1;
  }
  const ark_decision *d = ark_lg_decision(s->g);
  if (seat && seat != d->player + 1) {
    fprintf(stderr, "%s:%lu: %s %d '%s': the pending decision is P%d's \"%s\" (%s), not P%d's\n",
            s->path, line_of(n), list, k, text, d->player + 1, d->prompt, d->tag, seat);
    return 1;
  }
  int i = host_match_option(d, text, 0);
  if (i < 0) {
    fprintf(stderr, "%s:%lu: %s %d '%s' %s among the options of P%d's \"%s\" (%s):\n", s->path,
            line_of(n), list, k, text, i == -2 ? "fits several" : "is not", d->player + 1,
            d->prompt, d->tag);
    for (int j = 0; j < d->noptions; j++) fprintf(stderr, "  %s\n", d->options[j]);
    return 1;
  }
  if (s->verbose) printf("P%d %s -> %s\n", d->player + 1, d->prompt, d->options[i]);
  char msg[256];
  if (ark_lg_answer(s->g, i, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "%s:%lu: %s %d: %s\n", s->path, line_of(n), list, k, msg);
    return 1;
  }
  return 0;
}

static int answer_all(lscen *s, yaml_node_t *l, const char *list) {
  if (!l) return 0;
  if (count_of(l) < 0) {
    wrong(s, l, "%s: a list of option texts", list);
    return 2;
  }
  for (int i = 0; i < count_of(l); i++) {
    int r = answer(s, item(s, l, i), list, i + 1);
    if (r) return r < 0 ? 2 : 1;
  }
  return 0;
}

/* ---- expectations ---- */

static void failed(lscen *s, yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void failed(lscen *s, yaml_node_t *n, const char *fmt, ...) {
  va_list ap;
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: ", s->path, line_of(n));
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

static void same_int(lscen *s, yaml_node_t *n, const char *what, int want, int got) {
  s->checks++;
  if (want != got) failed(s, n, "%s: expected %d, got %d", what, want, got);
}

/* "167 Monocultures, 204 Vesta Shipyard" */
static void labels(lscen *s, const int *ids, int n, char *buf, size_t len) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && k + 1 < len; i++) {
    char one[200];
    ark_lg_card_label(s->g, ids[i], one, sizeof one);
    int w = snprintf(buf + k, len - k, "%s%s", i ? ", " : "", one);
    if (w < 0) break;
    k = k + (size_t)w < len ? k + (size_t)w : len - 1;
  }
}

static int has_id(const int *ids, int n, int id) {
  for (int i = 0; i < n; i++)
    if (ids[i] == id) return 1;
  return 0;
}

static void expect_zone(lscen *s, const ref *r, yaml_node_t *v) {
  static int have[1024], want[1024];
  static char a[16384], b[16384];
  int nh = ark_lg_zone_cards(s->g, r->name, r->seat, have, 1024), x;
  if (r->suffix == SUF_NONE && v->type == YAML_SCALAR_NODE) {
    if (whole(s, v, &x)) { s->failures++; return; }
    s->checks++;
    if (x != nh) failed(s, v, "%s %s: expected %d card%s, got %d", r->who, r->name, x,
                        x == 1 ? "" : "s", nh);
    return;
  }
  int nw = card_list(s, v, want, 1024);
  if (nw < 0) { s->failures++; return; }
  s->checks++;
  int ok = 1;
  if (r->suffix == SUF_NONE) ok = nw == nh;
  for (int i = 0; i < nw && ok; i++) ok = has_id(have, nh, want[i]) == (r->suffix != SUF_LACKS);
  if (ok) return;
  labels(s, want, nw, a, sizeof a);
  labels(s, have, nh, b, sizeof b);
  failed(s, v, "%s %s: expected %s[%s], got [%s]", r->who, r->name,
         r->suffix == SUF_HAS ? "to include " : r->suffix == SUF_LACKS ? "to lack " : "", a, b);
}

static void expect_ref(lscen *s, const ref *r, yaml_node_t *v) {
  char what[120], msg[600];
  int want, got;
  snprintf(what, sizeof what, "%s %s", r->who, r->name);
  if (r->kind == REF_ZONE) {
    expect_zone(s, r, v);
    return;
  }
  if (whole(s, v, &want)) { s->failures++; return; }
  if (r->kind == REF_TRACK) {
    ark_lg_track(s->g, r->seat, r->name, &got);
    same_int(s, v, what, want, got);
  } else if (r->kind == REF_SCORE) {
    double sc;
    s->checks++;
    if (ark_lg_score(s->g, r->seat - 1, &sc, msg, sizeof msg) != 0) failed(s, v, "%s: %s", what, msg);
    else if (sc != (double)want) failed(s, v, "%s: expected %d, got %g", what, want, sc);
  } else {
    int order[8], rank = 0;
    s->checks++;
    if (ark_lg_rank(s->g, order, msg, sizeof msg) != 0) {
      failed(s, v, "%s: %s", what, msg);
      return;
    }
    for (int i = 0; i < ark_lg_players(s->g); i++)
      if (order[i] == r->seat - 1) rank = i + 1;
    if (rank != want) failed(s, v, "%s: expected %d, got %d", what, want, rank);
  }
}

static void expect_counters(lscen *s, yaml_node_t *n) {
  char msg[600], label[200], what[300];
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    int id = ark_lg_find_card(s->g, text_of(node(s, p->key)), msg, sizeof msg);
    yaml_node_t *v = node(s, p->value);
    ark_lg_card_label(s->g, id, label, sizeof label);
    for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
      const char *cn = text_of(node(s, q->key));
      int want, got = 0;
      if (whole(s, node(s, q->value), &want)) { s->failures++; continue; }
      ark_lg_card_counter(s->g, id, cn, &got);
      snprintf(what, sizeof what, "%s %s", label, cn);
      same_int(s, node(s, q->value), what, want, got);
    }
  }
}

static const char *const decision_keys[] = { "player", "tag", "prompt", "options_include",
                                             "options_exclude", NULL };

/* expect's decision:, read before the game runs: a mistake in it would
** otherwise count as a failed expectation, or check nothing at all (a
** decision: or an options list of another shape). */
static int read_decision(lscen *s, yaml_node_t *n) {
  int x;
  yaml_node_t *v;
  if (n->type != YAML_MAPPING_NODE)
    return wrong(s, n, "decision must be a map (player:, tag:, prompt:, options_include:, "
                 "options_exclude:)");
  if (only_keys(s, n, decision_keys)) return -1;
  if ((v = get(s, n, "player")) && whole(s, v, &x)) return -1;
  for (int i = 1; i <= 2; i++)
    if ((v = get(s, n, decision_keys[i])) && !text_of(v))
      return wrong(s, v, "%s: expected a text", decision_keys[i]);
  for (int i = 3; decision_keys[i]; i++) {
    if (!(v = get(s, n, decision_keys[i]))) continue;
    if (count_of(v) < 0) return wrong(s, v, "%s must be a list of texts", decision_keys[i]);
    for (int j = 0; j < count_of(v); j++)
      if (!text_of(item(s, v, j))) return wrong(s, item(s, v, j), "expected a text");
  }
  return 0;
}

static void expect_decision(lscen *s, yaml_node_t *n) {
  const ark_decision *d = ark_lg_decision(s->g);
  yaml_node_t *x;
  int want;
  if ((x = get(s, n, "player"))) {
    if (whole(s, x, &want)) s->failures++;
    else same_int(s, x, "the pending decision's player", want, d ? d->player + 1 : 0);
  }
  if ((x = get(s, n, "tag"))) {
    s->checks++;
    if (!d || strcmp(d->tag, text_of(x) ? text_of(x) : ""))
      failed(s, x, "pending decision: expected %s, got %s", text_of(x) ? text_of(x) : "?",
             d ? d->tag : "none");
  }
  if ((x = get(s, n, "prompt"))) {
    s->checks++;
    if (!d || !text_of(x) || !strstr(d->prompt, text_of(x)))
      failed(s, x, "pending decision's prompt: expected one containing '%s', got \"%s\"",
             text_of(x) ? text_of(x) : "?", d ? d->prompt : "(none: the game is over)");
  }
  for (int inc = 0; inc < 2; inc++) {
    yaml_node_t *l = get(s, n, inc ? "options_include" : "options_exclude");
    for (int i = 0; i < (l ? count_of(l) : 0); i++) {
      const char *t = text_of(item(s, l, i));
      int first = -1;
      for (int j = 0; d && t && j < d->noptions; j++)
        if (strstr(d->options[j], t) && first < 0) first = j;
      s->checks++;
      if ((first >= 0) == inc) continue;
      if (!inc)
        failed(s, item(s, l, i), "an option containing '%s' was not expected but is there: %s",
               t ? t : "?", d->options[first]);
      else if (!d)
        failed(s, item(s, l, i), "an option containing '%s' was expected but no decision is "
               "pending (the game is over)", t ? t : "?");
      else {                             /* what is offered, as for a decision that fits none */
        failed(s, item(s, l, i), "an option containing '%s' was expected but is missing among "
               "the options of P%d's \"%s\" (%s):", t ? t : "?", d->player + 1, d->prompt, d->tag);
        for (int j = 0; j < d->noptions; j++) fprintf(stderr, "  %s\n", d->options[j]);
      }
    }
  }
}

/* One key of expect; apply 0: reads it only, before the game runs. */
static int expect_one(lscen *s, yaml_node_t *k, yaml_node_t *v, int apply) {
  const char *t = text_of(k);
  ref r;
  if (t && !strcmp(t, "counters")) {
    if (!apply) return setup_counters(s, v, 0);
    expect_counters(s, v);
  } else if (t && !strcmp(t, "decision")) {
    if (!apply) return read_decision(s, v);
    expect_decision(s, v);
  } else if (t && !strcmp(t, "game_over")) {
    const char *b = text_of(v);
    if (!b || (strcmp(b, "true") && strcmp(b, "false"))) return wrong(s, v, "expected true or false");
    if (apply) {
      int want = !strcmp(b, "true"), got = ark_lg_process(s->g) == ARK_END;
      s->checks++;
      if (want != got) failed(s, v, "game_over: expected %s, got %s", b, got ? "true" : "false");
    }
  } else {
    if (read_ref(s, k, 1, &r)) return -1;
    if (!apply && r.kind == REF_ZONE && v->type != YAML_SCALAR_NODE) {
      static int ids[1024];
      if (card_list(s, v, ids, 1024) < 0) return -1;
    }
    if (!apply && v->type == YAML_SCALAR_NODE) {
      int x;
      if (whole(s, v, &x)) return -1;
    }
    if (!apply && r.kind != REF_ZONE && v->type != YAML_SCALAR_NODE)
      return wrong(s, v, "expected a whole number (-1000000000..1000000000)");
    if (apply) expect_ref(s, &r, v);
  }
  return 0;
}

/* Every key of expect; read only (apply 0), every mistake is told. */
static int expectations(lscen *s, yaml_node_t *n, int apply) {
  int rc = 0;
  if (n->type != YAML_MAPPING_NODE) return wrong(s, n, "expect: a map of SEAT.NAME: value");
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
    if (expect_one(s, node(s, p->key), node(s, p->value), apply)) rc = -1;
  return rc;
}

/* ---- one file ---- */

static const char *const top_keys[] = { "name", "game", "players", "seed", "options", "start",
                                        "setup", "decisions", "expect", NULL };

int scenario_lua_run(yaml_document_t *doc, const char *path, const ark_gamedef *gd, int verbose) {
  lscen s;
  memset(&s, 0, sizeof s);
  s.doc = doc;
  s.gd = gd;
  s.path = path;
  s.verbose = verbose;
  yaml_node_t *root = yaml_document_get_root_node(doc), *v;
  if (root->type != YAML_MAPPING_NODE) {
    /* a list or a word at the top: every key looked up would be missing */
    wrong(&s, root, "a scenario file must be a map of keys (name:, game:, setup:, decisions:, "
          "expect: ...), not %s", root->type == YAML_SEQUENCE_NODE ? "a list" : "a single value");
    return 2;
  }
  if (twice(&s)) return 2;
  /* an unknown key at the top is told with those below it, then stops */
  int bad_top = only_keys(&s, root, top_keys);
  int players = gd->min_players > 2 ? gd->min_players : gd->max_players < 2 ? gd->max_players : 2;
  uint64_t seed = 1;
  const char *opts[16];
  int nopts = 0;
  if ((v = get(&s, root, "players")) && whole(&s, v, &players)) return 2;
  if ((v = get(&s, root, "seed")) && !host_unsigned(text_of(v), &seed)) {
    wrong(&s, v, "seed: expected a whole number from 0 to 18446744073709551615");
    return 2;
  }
  if ((v = get(&s, root, "options"))) {
    nopts = count_of(v);
    if (nopts < 0 || nopts > 16) {
      wrong(&s, v, "options: a list of NAME=VALUE (at most 16)");
      return 2;
    }
    for (int i = 0; i < nopts; i++)
      if (!(opts[i] = text_of(item(&s, v, i))) || !strchr(opts[i], '=')) {
        wrong(&s, item(&s, v, i), "an option is NAME=VALUE (a table track's start)");
        return 2;
      }
  }
  char msg[4096];
  ark_lg_def *d = ark_lg_def_load(gd, msg, sizeof msg);
  if (!d) {
    fprintf(stderr, "%s: the game %s does not load:\n%s\n", path, gd->dir, msg);
    return 2;
  }
  ark_status st = ark_lg_new_opts(d, players, seed, opts, nopts, &s.g, msg, sizeof msg);
  int options_refused = 0;
  if (st != ARK_OK && nopts) {           /* refused for the options, or without them too? */
    ark_lg *plain = NULL;
    char other[256];
    options_refused = ark_lg_new_opts(d, players, seed, NULL, 0, &plain, other, sizeof other) == ARK_OK;
    ark_lg_free(plain);
  }
  ark_lg_def_release(d);
  if (st != ARK_OK) {
    v = get(&s, root, options_refused ? "options" : st == ARK_ERR_CONFIG ? "players" : "game");
    fprintf(stderr, "%s:%lu: %s\n", path, line_of(v ? v : root), msg);
    return 2;
  }
  int rc = 2;
  yaml_node_t *setup_n = get(&s, root, "setup"), *expect_n = get(&s, root, "expect");
  /* every key and name is read before the game runs */
  int bad_keys = setup_n && setup(&s, setup_n, 0);
  if ((expect_n && expectations(&s, expect_n, 0)) || bad_keys || bad_top) goto out;
  if (ark_lg_process(s.g) == ARK_ERROR) {
    fprintf(stderr, "%s: the game stopped before its first decision: %s\n", path, stop_text(&s));
    rc = 1;
    goto out;
  }
  if ((rc = answer_all(&s, get(&s, root, "start"), "start")) != 0) goto out;
  rc = 2;
  if (setup_n) {
    if (ark_lg_process(s.g) == ARK_ERROR) {
      fprintf(stderr, "%s: the game stopped before the setup: %s\n", path, stop_text(&s));
      rc = 1;
      goto out;
    }
    if (setup(&s, setup_n, 1)) goto out;
    if (ark_lg_edit_done(s.g, msg, sizeof msg) != 0) {
      fprintf(stderr, "%s:%lu: the game stopped after the setup: %s\n", path, line_of(setup_n), msg);
      rc = 1;
      goto out;
    }
  }
  if ((rc = answer_all(&s, get(&s, root, "decisions"), "decision")) != 0) goto out;
  /* whatever the last answer caused is done before the values are read */
  if (ark_lg_process(s.g) == ARK_ERROR) {
    fprintf(stderr, "%s: the game stopped after the decisions: %s\n", path, stop_text(&s));
    rc = 1;
    goto out;
  }
  rc = 2;
  if (expect_n && expectations(&s, expect_n, 1)) goto out;
  if (!s.checks) {
    /* no expect:, or one naming no value: it would pass whatever the game did */
    wrong(&s, expect_n ? expect_n : root, "the scenario checks nothing: %s, so it would pass "
          "whatever the game did", expect_n ? "expect: names no value to check"
                                            : "it has no expect: section");
    goto out;
  }
  rc = s.failures ? 1 : 0;
  const char *name = text_of(get(&s, root, "name"));
  if (rc == 0)
    printf("ok: %s: %d expectations hold%s%s\n", path, s.checks, name ? " - " : "", name ? name : "");
  else fprintf(stderr, "%s: %d of %d expectations failed\n", path, s.failures, s.checks);
out:
  ark_lg_free(s.g);
  return rc;
}
