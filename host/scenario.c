/*
** scenario.c - `arknova scenario FILE.yaml`: sets up a position (tracks,
** hands, display, buildings with animals, action cards and their tokens,
** whose turn, the break track and donations), answers a list of decisions
** by option text, lets the game run on to the next decision, and checks
** the expected values - where a turn begins, unless the file names the
** decision it expects pending.  Exit 0 when every expectation holds, 1
** with a message for each one that does not (and for each script that
** stopped with an error), 2 for a file that cannot be read: a key given
** twice, a section of the wrong shape, a value of the wrong kind, a card
** put in two places, a file that checks nothing.  Such mistakes are told
** with their lines before anything is played.  The format is in
** docs/scenarios.md.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>
#include "deal.h"
#include "host.h"
#include "scenario_lua.h"

/* A card the setup puts somewhere, and where: a second place for it would
** take it from the first without a word. */
typedef struct placed {
  int number, seat;                /* seat -1: the display, the base projects */
  const char *where;
  unsigned long line;
} placed;

#define MAX_PLACED 1024

typedef struct scen {
  yaml_document_t doc;
  const char *path;
  ark_game *g;
  int failures, checks;
  int verbose;
  int dry;                         /* expectations read, not compared */
  int nplaced;
  placed cards[MAX_PLACED];
} scen;

/* ---- YAML tree helpers ---- */

static yaml_node_t *node(scen *s, int id) { return yaml_document_get_node(&s->doc, id); }

static yaml_node_t *get(scen *s, yaml_node_t *map, const char *key) {
  if (!map || map->type != YAML_MAPPING_NODE) return NULL;
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    yaml_node_t *k = node(s, p->key);
    if (k && k->type == YAML_SCALAR_NODE && !strcmp((char *)k->data.scalar.value, key))
      return node(s, p->value);
  }
  return NULL;
}

static const char *str(yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static unsigned long line_of(yaml_node_t *n) { return n ? (unsigned long)n->start_mark.line + 1 : 0UL; }

static int bad(scen *s, yaml_node_t *n, const char *what) {
  fprintf(stderr, "%s:%lu: %s\n", s->path, line_of(n), what);
  return -1;
}

/* What n is, for a message about its shape. */
static void shape_text(yaml_node_t *n, char *buf, size_t len) {
  const char *v = str(n);
  if (!n) snprintf(buf, len, "nothing");
  else if (n->type == YAML_MAPPING_NODE) snprintf(buf, len, "a mapping");
  else if (n->type == YAML_SEQUENCE_NODE) snprintf(buf, len, "a list");
  else if (!*v || (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
                   (!strcmp(v, "~") || !strcmp(v, "null"))))
    snprintf(buf, len, "nothing");
  else snprintf(buf, len, "'%.60s'", v);
}

/* n must be of type t: a section of another shape is otherwise skipped
** without a word (every key looked up in a list finds nothing), and the
** scenario passes checking nothing.  `what` says what n must be. */
static int shaped(scen *s, yaml_node_t *n, yaml_node_type_t t, const char *what) {
  char got[80], msg[400];
  if (n && n->type == t && (t != YAML_SCALAR_NODE || *str(n))) return 0;
  shape_text(n, got, sizeof got);
  if (!strcmp(got, "nothing")) snprintf(msg, sizeof msg, "%s, but it is empty", what);
  else snprintf(msg, sizeof msg, "%s, not %s", what, got);
  return bad(s, n, msg);
}

static int num(scen *s, yaml_node_t *n, int *out) {
  long long x;
  /* whole and within int: 99999999999 is not read as something else */
  if (!host_number(str(n), -1000000000, 1000000000, &x))
    return bad(s, n, "expected a whole number (-1000000000..1000000000)");
  *out = (int)x;
  return 0;
}

/* true or false. */
static int boolean(scen *s, yaml_node_t *n, int *out) {
  const char *v = str(n);
  if (v && !strcmp(v, "true")) *out = 1;
  else if (v && !strcmp(v, "false")) *out = 0;
  else return bad(s, n, "expected true or false");
  return 0;
}

static int seq_len(yaml_node_t *n) {
  return n && n->type == YAML_SEQUENCE_NODE
             ? (int)(n->data.sequence.items.top - n->data.sequence.items.start) : -1;
}

static yaml_node_t *item(scen *s, yaml_node_t *n, int i) {
  return node(s, n->data.sequence.items.start[i]);
}

/* A list of card numbers. */
static int numbers(scen *s, yaml_node_t *n, int *out, int max) {
  int len = seq_len(n);
  if (len < 0 || len > max) return bad(s, n, "expected a list of card numbers");
  for (int i = 0; i < len; i++)
    if (num(s, item(s, n, i), &out[i]) != 0) return -1;
  return len;
}

/* Every key of mapping n is one of the space-separated `known`; a typo is
** reported with its line instead of being silently ignored. */
static int known_keys(scen *s, yaml_node_t *n, const char *known) {
  if (!n || n->type != YAML_MAPPING_NODE) return 0;
  int rc = 0;
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = node(s, p->key);
    const char *key = str(k), *at = key && *key ? strstr(known, key) : NULL;
    size_t len = key ? strlen(key) : 0;
    while (at && ((at != known && at[-1] != ' ') || (at[len] && at[len] != ' ')))
      at = strstr(at + 1, key);
    if (!at) {
      char msg[512];
      snprintf(msg, sizeof msg, "unknown key '%s' here (known: %s)", key ? key : "?", known);
      rc = bad(s, k, msg);
    }
  }
  return rc;
}

/* A key given twice in one mapping: YAML parsers differ on which one wins,
** so the file says two things.  Every mapping of the file is looked at. */
static int duplicate_keys(scen *s) {
  int rc = 0;
  for (yaml_node_t *n = s->doc.nodes.start; n < s->doc.nodes.top; n++) {
    if (n->type != YAML_MAPPING_NODE) continue;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
      for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < p; q++) {
        const char *a = str(node(s, p->key)), *b = str(node(s, q->key));
        if (a && b && !strcmp(a, b)) {
          char msg[300];
          snprintf(msg, sizeof msg, "duplicate key '%.200s' (first on line %lu)", a,
                   (unsigned long)node(s, q->key)->start_mark.line + 1);
          rc = bad(s, node(s, p->key), msg);
          break;
        }
      }
  }
  return rc;
}

static const char *const action_keys = "animals build cards association sponsors";

/* tokens: {multiplier: {animals: 1}, venom: ..., constriction: ...} */
static int token_keys(scen *s, yaml_node_t *t) {
  if (shaped(s, t, YAML_MAPPING_NODE, "tokens must be a mapping of kinds to action cards, "
             "e.g. {multiplier: {animals: 1}}"))
    return -1;
  int rc = known_keys(s, t, "multiplier venom constriction");
  for (int k = 0; k < 3; k++) {
    static const char *const kinds[] = { "multiplier", "venom", "constriction" };
    yaml_node_t *kind = get(s, t, kinds[k]);
    if (kind && shaped(s, kind, YAML_MAPPING_NODE, "each kind of tokens maps action cards to "
                       "counts, e.g. {animals: 1}"))
      rc = -1;
    else rc |= known_keys(s, kind, action_keys);
  }
  return rc;
}

/* A players: list under setup or expect: a list of mappings, each with
** its keys.  `keys` 0: setup's, 1: expect's. */
static int player_keys(scen *s, yaml_node_t *l, int keys) {
  static const char *const known[2] = {
    "seat money appeal conservation reputation xtokens workers hand actions partner_zoos "
    "universities scoring buildings zoo supports tokens",
    "seat money appeal conservation reputation xtokens workers score buildings hand_size "
    "zoo_size supports income hand hand_contains zoo zoo_contains rank actions tokens" };
  int rc = 0;
  if (shaped(s, l, YAML_SEQUENCE_NODE, "players must be a list, a '- seat: N' entry per player"))
    return -1;
  for (int i = 0; i < seq_len(l); i++) {
    yaml_node_t *pl = item(s, l, i), *b = get(s, pl, "buildings"), *t = get(s, pl, "tokens");
    if (shaped(s, pl, YAML_MAPPING_NODE, "a player's entry must be a mapping (seat:, money: ...)")) {
      rc = -1;
      continue;
    }
    rc |= known_keys(s, pl, known[keys]);
    if (t) rc |= token_keys(s, t);
    for (int j = 0; keys == 0 && j < seq_len(b); j++)
      rc |= known_keys(s, item(s, b, j), "type cells animals");
  }
  return rc;
}

/* decisions: a list of option texts. */
static int decision_list(scen *s, yaml_node_t *l) {
  int rc = 0;
  if (shaped(s, l, YAML_SEQUENCE_NODE, "decisions must be a list, a '- option text' line per decision"))
    return -1;
  for (int i = 0; i < seq_len(l); i++)
    if (!str(item(s, l, i)))
      rc = bad(s, item(s, l, i), "a decision is an option's text, its unique beginning or its "
               "number (a text holding ': ' is quoted)");
  return rc;
}

/* expect's keys, its players: list and its decision: mapping. */
static int expect_keys(scen *s, yaml_node_t *expect) {
  int rc = known_keys(s, expect, "pending players decision break donations game_over display");
  yaml_node_t *v;
  if ((v = get(s, expect, "players"))) rc |= player_keys(s, v, 1);
  if (!(v = get(s, expect, "decision"))) return rc;
  if (shaped(s, v, YAML_MAPPING_NODE, "decision must be a mapping (tag:, player:, "
             "options_include: ...)"))
    return -1;
  return rc | known_keys(s, v, "tag player options_include options_exclude");
}

/* The keys and the shape of the whole file (docs/scenarios.md), before
** the game is made. */
static int check_keys(scen *s, yaml_node_t *root) {
  if (shaped(s, root, YAML_MAPPING_NODE, "a scenario file must be a mapping of keys "
             "(name:, setup:, decisions:, expect: ...)"))
    return -1;
  yaml_node_t *setup = get(s, root, "setup"), *expect = get(s, root, "expect"), *v;
  int rc = duplicate_keys(s);
  rc |= known_keys(s, root, "name game players seed map cards maps plugins deal setup decisions expect");
  if ((v = get(s, root, "name"))) rc |= shaped(s, v, YAML_SCALAR_NODE, "name must be a text");
  if ((v = get(s, root, "map"))) rc |= shaped(s, v, YAML_SCALAR_NODE, "map must be a map's name");
  if ((v = get(s, root, "decisions"))) rc |= decision_list(s, v);
  if (setup && shaped(s, setup, YAML_MAPPING_NODE, "setup must be a mapping (current:, display:, "
                      "players: ...)"))
    rc = -1;
  else if (setup) {
    rc |= known_keys(s, setup, "current display base_projects break donations players");
    if ((v = get(s, setup, "players"))) rc |= player_keys(s, v, 0);
  }
  if (expect && shaped(s, expect, YAML_MAPPING_NODE, "expect must be a mapping (players:, "
                       "decision:, break: ...)"))
    rc = -1;
  else if (expect) rc |= expect_keys(s, expect);
  return rc;
}

/* The list of words (at most max) of `key`, each one of `what`.  A word
** given twice is a mistake in every such list (a university taken twice,
** a folder loaded twice). */
static int words(scen *s, yaml_node_t *n, const char **out, int max, const char *key,
                 const char *what) {
  char msg[200];
  int len = seq_len(n);
  if (len < 0 || len > max) {
    snprintf(msg, sizeof msg, "%s must be a list of %s (at most %d)", key, what, max);
    return bad(s, n, msg);
  }
  for (int i = 0; i < len; i++) {
    if (!(out[i] = str(item(s, n, i)))) return bad(s, item(s, n, i), "expected a name");
    for (int j = 0; j < i; j++)
      if (!strcmp(out[i], out[j])) {
        snprintf(msg, sizeof msg, "'%.60s' is listed twice", out[i]);
        return bad(s, item(s, n, i), msg);
      }
  }
  return len;
}

/* "(x,y)", blanks allowed around the numbers; 1 if t is one. */
static int space_text(const char *t, int *x, int *y) {
  char a[16], b[16];
  long long vx, vy;
  t += strspn(t, " ");
  if (*t++ != '(') return 0;
  t += strspn(t, " ");
  size_t la = strspn(t, "-0123456789");
  if (!la || la >= sizeof a) return 0;
  snprintf(a, sizeof a, "%.*s", (int)la, t);
  t += la + strspn(t + la, " ");
  if (*t++ != ',') return 0;
  t += strspn(t, " ");
  size_t lb = strspn(t, "-0123456789");
  if (!lb || lb >= sizeof b) return 0;
  snprintf(b, sizeof b, "%.*s", (int)lb, t);
  t += lb + strspn(t + lb, " ");
  if (*t++ != ')' || t[strspn(t, " ")] != '\0') return 0;
  if (!host_number(a, -1000, 1000, &vx) || !host_number(b, -1000, 1000, &vy)) return 0;
  *x = (int)vx;
  *y = (int)vy;
  return 1;
}

/* A map space: [x, y] or "(x,y)". */
static int cell(scen *s, yaml_node_t *n, int *out) {
  int x, y;
  if (seq_len(n) == 2) {
    if (num(s, item(s, n, 0), &x) || num(s, item(s, n, 1), &y)) return -1;
  } else if (!str(n) || !space_text(str(n), &x, &y)) {
    return bad(s, n, "a space is [x, y] or \"(x,y)\"");
  }
  if (x < 0 || x >= ARK_MAP_COLS || y < 0 || y >= ARK_MAP_ROWS)
    return bad(s, n, "space off the map grid (x 0..8, y 0..12)");
  *out = x + ARK_MAP_COLS * y;
  return 0;
}

/* ---- setup ---- */

static const char *const tracks[] = { "money", "appeal", "conservation", "reputation",
                                      "xtokens", "workers", NULL };

/* actions: [cards, animals, build II, association, sponsors]: the action
** card in each slot, slot 1 first, and its side. */
static int action_list(scen *s, yaml_node_t *n, int act[5], int side[5]) {
  if (seq_len(n) != 5) return bad(s, n, "actions: list the five action cards, slot 1 first");
  for (int i = 0; i < 5; i++) {
    const char *v = str(item(s, n, i));
    char name[32] = "";
    if (!v || sscanf(v, "%31s", name) != 1) return bad(s, item(s, n, i), "expected an action name");
    act[i] = -1;
    for (int a = 0; a < 5; a++)
      if (!strcasecmp(name, ark_action_name(a))) act[i] = a;
    if (act[i] < 0) return bad(s, item(s, n, i), "unknown action (animals, build, cards, association, sponsors)");
    side[i] = strstr(v, " II") ? 2 : 1;
  }
  return 0;
}

static int setup_actions(scen *s, int p, yaml_node_t *n) {
  int act[5], side[5];
  char msg[256];
  if (action_list(s, n, act, side) != 0) return -1;
  if (ark_edit_actions(s->g, p, act, side, msg, sizeof msg) != 0) return bad(s, n, msg);
  return 0;
}

static const char *const token_kinds[] = { "multiplier", "venom", "constriction", NULL };

/* One kind's {action: count} of a tokens: mapping, by action (unlisted: 0). */
static int token_counts(scen *s, yaml_node_t *n, int count[5]) {
  memset(count, 0, sizeof(int) * 5);
  if (!n || n->type != YAML_MAPPING_NODE)
    return bad(s, n, "tokens: each kind maps action cards to counts, e.g. {animals: 1}");
  for (int a = 0; a < 5; a++) {
    char name[32];
    snprintf(name, sizeof name, "%s", ark_action_name(a));
    for (char *c = name; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    yaml_node_t *v = get(s, n, name);
    if (v && num(s, v, &count[a]) != 0) return -1;
  }
  return 0;
}

static int setup_tokens(scen *s, int p, yaml_node_t *n) {
  char msg[256];
  int count[5];
  for (int k = 0; token_kinds[k]; k++) {
    yaml_node_t *v = get(s, n, token_kinds[k]);
    if (!v) continue;
    if (token_counts(s, v, count) != 0) return -1;
    if (ark_edit_tokens(s->g, p, token_kinds[k], count, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  return 0;
}

static void place_name(char *buf, size_t len, int p, const char *where) {
  if (p < 0) snprintf(buf, len, "the %s", where);
  else snprintf(buf, len, "P%d %s", p + 1, where);
}

/* Cards ids[0..k) of list n go to `where` of seat p (-1: no seat's).  A
** card the setup has put somewhere already is refused with both places:
** the second edit would take it from the first (P2's zoo emptying P1's
** hand, a hand of [401, 401] holding one card). */
static int place(scen *s, yaml_node_t *n, const int *ids, int k, int p, const char *where) {
  char msg[300], here[48], there[48];
  for (int i = 0; i < k; i++) {
    if (ids[i] < 0) continue;                    /* an empty display folder */
    place_name(here, sizeof here, p, where);
    for (int j = 0; j < s->nplaced; j++) {
      const placed *c = &s->cards[j];
      if (c->number != ids[i]) continue;
      place_name(there, sizeof there, c->seat, c->where);
      if (!strcmp(here, there))
        snprintf(msg, sizeof msg, "card %d is listed twice in %s (first on line %lu)", ids[i], here,
                 c->line);
      else snprintf(msg, sizeof msg, "card %d is put in two places: %s (here) and %s (line %lu)",
                    ids[i], here, there, c->line);
      return bad(s, item(s, n, i), msg);
    }
    if (s->nplaced == MAX_PLACED) return bad(s, n, "too many cards set up");
    s->cards[s->nplaced++] = (placed){ ids[i], p, where, line_of(item(s, n, i)) };
  }
  return 0;
}

/* The spaces of one building; a space given twice is refused. */
static int building_cells(scen *s, yaml_node_t *cells, int *cs, int nc) {
  for (int k = 0; k < nc; k++) {
    if (cell(s, item(s, cells, k), &cs[k]) != 0) return -1;
    for (int j = 0; j < k; j++)
      if (cs[j] == cs[k]) return bad(s, item(s, cells, k), "this space is given twice");
  }
  return 0;
}

static int setup_buildings(scen *s, int p, yaml_node_t *n) {
  char msg[256];
  int len = seq_len(n);
  if (len < 0) return bad(s, n, "buildings: expected a list");
  for (int i = 0; i < len; i++) {
    yaml_node_t *b = item(s, n, i), *cells = get(s, b, "cells");
    const char *type = str(get(s, b, "type"));
    int cs[8], nc = seq_len(cells), index;
    if (!type || nc < 1 || nc > 8) return bad(s, b, "a building needs type: and cells: [[x,y], ...]");
    if (building_cells(s, cells, cs, nc) != 0) return -1;
    if (ark_edit_build(s->g, p, type, cs, nc, &index, msg, sizeof msg) != 0) return bad(s, b, msg);
    yaml_node_t *an = get(s, b, "animals");
    int ids[8], na = an ? numbers(s, an, ids, 8) : 0;
    if (na < 0 || place(s, an, ids, na, p, "buildings") != 0) return -1;
    for (int k = 0; k < na; k++)
      if (ark_edit_zoo_card(s->g, p, ids[k], index, msg, sizeof msg) != 0) return bad(s, an, msg);
  }
  return 0;
}

static int setup_player(scen *s, int p, yaml_node_t *n) {
  char msg[256];
  for (int t = 0; tracks[t]; t++) {
    yaml_node_t *v = get(s, n, tracks[t]);
    int x;
    if (!v) continue;
    if (num(s, v, &x) != 0) return -1;
    if (ark_edit_track(s->g, p, tracks[t], x, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  yaml_node_t *v;
  int ids[160], k;
  if ((v = get(s, n, "hand"))) {
    if ((k = numbers(s, v, ids, 160)) < 0 || place(s, v, ids, k, p, "hand") != 0) return -1;
    if (ark_edit_hand(s->g, p, ids, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "actions")) && setup_actions(s, p, v) != 0) return -1;
  const char *names[8];
  if ((v = get(s, n, "partner_zoos"))) {
    if ((k = words(s, v, names, 5, "partner_zoos", "continents")) < 0) return -1;
    if (ark_edit_partner_zoos(s->g, p, names, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "universities"))) {
    if ((k = words(s, v, names, 3, "universities", "universities")) < 0) return -1;
    if (ark_edit_universities(s->g, p, names, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "scoring"))) {
    if ((k = numbers(s, v, ids, 8)) < 0 || place(s, v, ids, k, p, "scoring") != 0) return -1;
    if (ark_edit_scoring(s->g, p, ids, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "buildings")) && setup_buildings(s, p, v) != 0) return -1;
  if ((v = get(s, n, "zoo"))) {
    if ((k = numbers(s, v, ids, 96)) < 0 || place(s, v, ids, k, p, "zoo") != 0) return -1;
    for (int i = 0; i < k; i++)
      if (ark_edit_zoo_card(s->g, p, ids[i], -1, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "supports"))) {
    if (num(s, v, &k) != 0) return -1;
    if (ark_edit_supports(s->g, p, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "tokens")) && setup_tokens(s, p, v) != 0) return -1;
  return 0;
}

/* Each entry of a `players:` list: `seat:` (1-based) or its list position. */
static int seat_of(scen *s, yaml_node_t *n, int i, int *p) {
  yaml_node_t *v = get(s, n, "seat");
  int x = i + 1;
  if (v && num(s, v, &x) != 0) return -1;
  int seats = ark_game_players(s->g);
  if (x < 1 || x > seats) {
    char msg[120];
    snprintf(msg, sizeof msg, "seat %d: this game has %d seat%s", x, seats, seats == 1 ? "" : "s");
    return bad(s, n, msg);
  }
  *p = x - 1;
  return 0;
}

/* Every entry of a players: list names a seat, and no seat twice: the
** second entry would undo the first's setup, or leave a seat unchecked
** that the file meant to check (seat: 1 written for seat: 2). */
static int player_seats(scen *s, yaml_node_t *pl) {
  yaml_node_t *first[8] = { NULL };
  int rc = 0, p;
  for (int i = 0; i < seq_len(pl); i++) {
    yaml_node_t *e = item(s, pl, i);
    if (seat_of(s, e, i, &p) != 0) rc = -1;
    else if (p < 8 && first[p]) {
      char msg[120];
      snprintf(msg, sizeof msg, "seat %d is listed twice (first on line %lu)", p + 1, line_of(first[p]));
      rc = bad(s, e, msg);
    } else if (p < 8) first[p] = e;
  }
  return rc;
}

static int setup(scen *s, yaml_node_t *n) {
  char msg[256];
  yaml_node_t *pl = get(s, n, "players"), *v;
  if (pl && player_seats(s, pl) != 0) return -1;
  for (int i = 0; i < (pl ? seq_len(pl) : 0); i++) {
    int p;
    if (seat_of(s, item(s, pl, i), i, &p) != 0 || setup_player(s, p, item(s, pl, i)) != 0) return -1;
  }
  if ((v = get(s, n, "base_projects"))) {
    int ids[8], k = numbers(s, v, ids, 8);
    if (k < 0 || place(s, v, ids, k, -1, "base projects") != 0) return -1;
    if (ark_edit_base_projects(s->g, ids, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "display"))) {
    int ids[6], k = numbers(s, v, ids, 6);
    if (k < 0 || place(s, v, ids, k, -1, "display") != 0) return -1;
    if (ark_edit_display(s->g, ids, k, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "current"))) {
    int x;
    if (num(s, v, &x) != 0) return -1;
    if (ark_edit_current(s->g, x - 1, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "break"))) {
    int x;
    if (num(s, v, &x) != 0) return -1;
    if (ark_edit_break(s->g, x, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  if ((v = get(s, n, "donations"))) {
    int x;
    if (num(s, v, &x) != 0) return -1;
    if (ark_edit_donations(s->g, x, msg, sizeof msg) != 0) return bad(s, v, msg);
  }
  ark_edit_done(s->g);
  return 0;
}

/* ---- decisions ---- */

static int decide(scen *s, yaml_node_t *n, int k) {
  const char *text = str(n);
  if (!text) return bad(s, n, "a decision is an option text (or its unique beginning)");
  if (ark_game_process(s->g) != ARK_AWAITING) {
    fprintf(stderr, "%s:%lu: decision %d '%s': no decision is pending (%s)\n", s->path,
            (unsigned long)n->start_mark.line + 1, k, text,
            ark_game_error(s->g)[0] ? ark_game_error(s->g) : "the game is over");
    return 1;
  }
  const ark_decision *d = ark_game_decision(s->g);
  int i = host_match_option(d, text, 0);
  if (i < 0) {
    fprintf(stderr, "%s:%lu: decision %d '%s' %s among the options of P%d's \"%s\" (%s):\n",
            s->path, (unsigned long)n->start_mark.line + 1, k, text,
            i == -2 ? "fits several" : "is not", d->player + 1, d->prompt, d->tag);
    for (int j = 0; j < d->noptions; j++) fprintf(stderr, "  %s\n", d->options[j]);
    return 1;
  }
  if (s->verbose) printf("P%d %s -> %s\n", d->player + 1, d->prompt, d->options[i]);
  /* ark_game_answer writes msg for an answer it refuses, not for one a
  ** script failed on (ARK_ERR_SCRIPT): the game's error tells that */
  char msg[256] = "";
  if (ark_game_answer(s->g, i, msg, sizeof msg) != ARK_OK) {
    const char *err = ark_game_error(s->g);
    int both = msg[0] && err[0] && strcmp(msg, err) != 0;
    fprintf(stderr, "%s:%lu: decision %d '%s': %s%s%s\n", s->path, line_of(n), k, text,
            msg[0] ? msg : err, both ? ": " : "", both ? err : "");
    return 1;
  }
  return 0;
}

/* ---- expectations ----
** They are read twice.  First dry (s->dry), before anything is played:
** a value of the wrong kind, a card that does not exist or a seat given
** twice is a mistake of the file, told with its line (exit 2) instead of
** being counted as a failed expectation.  Then against the game, where
** each counts in s->checks and compares. */

static int expect_int(scen *s, yaml_node_t *n, const char *what, int got) {
  int want;
  if (num(s, n, &want) != 0) return -1;
  s->checks++;
  if (s->dry || want == got) return 0;
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: %s: expected %d, got %d\n", s->path, line_of(n), what, want, got);
  return 0;
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static void card_numbers(scen *s, const int *ids, int n, int *out) {
  for (int i = 0; i < n; i++) {
    ark_card_view c;
    ark_card_get(s->g, ids[i], &c);
    out[i] = c.number;
  }
}

static void list_text(const int *v, int n, char *buf, size_t len) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && k < len; i++) k += (size_t)snprintf(buf + k, len - k, "%s%d", i ? ", " : "", v[i]);
}

/* Every number of list n (want[0..k)) is a card of the game, as the setup
** requires: a misspelt number could never be found, and would only show
** as a failure once the game had run.  -1 (an empty folder) when `empty`. */
static int known_cards(scen *s, yaml_node_t *n, const int *want, int k, int empty) {
  for (int i = 0; i < k; i++) {
    if ((empty && want[i] == -1) || ark_card_find(s->g, want[i]) >= 0) continue;
    char msg[200];
    snprintf(msg, sizeof msg, "no card with number %d (a fan card needs its folder: --cards DIR, "
             "or cards: in a scenario)", want[i]);
    return bad(s, item(s, n, i), msg);
  }
  return 0;
}

/* exact: the same cards in any order; else: every listed card is there. */
static int expect_cards(scen *s, yaml_node_t *n, const char *what, const int *ids, int nids,
                        int exact) {
  int want[160], have[160], k = numbers(s, n, want, 160);
  if (k < 0 || known_cards(s, n, want, k, 0) != 0) return -1;
  s->checks++;
  if (s->dry) return 0;
  card_numbers(s, ids, nids, have);
  qsort(want, (size_t)k, sizeof *want, cmp_int);
  qsort(have, (size_t)nids, sizeof *have, cmp_int);
  int ok = 1;
  if (exact) ok = k == nids && !memcmp(want, have, sizeof *want * (size_t)k);
  for (int i = 0; i < k && ok; i++) {
    int found = 0;
    for (int j = 0; j < nids; j++) found |= have[j] == want[i];
    ok = found;
  }
  if (ok) return 0;
  char a[1024], b[1024];
  list_text(want, k, a, sizeof a);
  list_text(have, nids, b, sizeof b);
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: %s: expected %s[%s], got [%s]\n", s->path, line_of(n), what,
          exact ? "" : "to include ", a, b);
  return 0;
}

/* The five action cards as a scenario writes them: "cards, animals II, ...". */
static void actions_text(const int act[5], const int side[5], char *buf, size_t len) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < 5 && k < len; i++) {
    char name[32];
    snprintf(name, sizeof name, "%s", ark_action_name(act[i]));
    for (char *c = name; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    k += (size_t)snprintf(buf + k, len - k, "%s%s%s", i ? ", " : "", name, side[i] == 2 ? " II" : "");
  }
}

static int expect_actions(scen *s, int p, yaml_node_t *n) {
  int want[5], wside[5], have[5], hside[5];
  if (action_list(s, n, want, wside) != 0) return -1;
  s->checks++;
  if (s->dry) return 0;
  ark_game_action_cards(s->g, p, have, hside);
  if (!memcmp(want, have, sizeof want) && !memcmp(wside, hside, sizeof wside)) return 0;
  char a[200], b[200];
  actions_text(want, wside, a, sizeof a);
  actions_text(have, hside, b, sizeof b);
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: P%d actions: expected [%s], got [%s]\n", s->path, line_of(n),
          p + 1, a, b);
  return 0;
}

/* Each kind listed is compared on all five cards (unlisted cards: 0). */
static int expect_tokens(scen *s, int p, yaml_node_t *n) {
  for (int k = 0; token_kinds[k]; k++) {
    yaml_node_t *v = get(s, n, token_kinds[k]);
    int want[5], have[5];
    if (!v) continue;
    if (token_counts(s, v, want) != 0) return -1;
    ark_game_tokens(s->g, p, token_kinds[k], have);
    for (int a = 0; a < 5; a++) {
      s->checks++;
      if (s->dry || want[a] == have[a]) continue;
      s->failures++;
      fprintf(stderr, "%s:%lu: FAILED: P%d %s tokens on %s: expected %d, got %d\n", s->path,
              line_of(v), p + 1, token_kinds[k], ark_action_name(a), want[a], have[a]);
    }
  }
  return 0;
}

static int expect_player(scen *s, int p, yaml_node_t *n) {
  ark_player_view v;
  ark_game_player(s->g, p, &v);
  const struct { const char *key; int value; } fields[] = {
    { "money", v.money }, { "appeal", v.appeal }, { "conservation", v.conservation },
    { "reputation", v.reputation }, { "xtokens", v.xtokens }, { "workers", v.workers },
    { "score", v.score }, { "buildings", v.buildings }, { "hand_size", v.hand },
    { "zoo_size", v.zoo_cards }, { "supports", v.supports }, { "income", v.income },
    { "rank", v.rank },
  };
  char what[64];
  int rc = 0;
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    yaml_node_t *x = get(s, n, fields[i].key);
    snprintf(what, sizeof what, "P%d %s", p + 1, fields[i].key);
    if (x) rc |= expect_int(s, x, what, fields[i].value);
  }
  int ids[160], k;
  yaml_node_t *x;
  k = ark_game_hand(s->g, p, ids, 160);
  snprintf(what, sizeof what, "P%d hand", p + 1);
  if ((x = get(s, n, "hand"))) rc |= expect_cards(s, x, what, ids, k, 1);
  if ((x = get(s, n, "hand_contains"))) rc |= expect_cards(s, x, what, ids, k, 0);
  k = ark_game_zoo(s->g, p, ids, 160);
  snprintf(what, sizeof what, "P%d zoo", p + 1);
  if ((x = get(s, n, "zoo"))) rc |= expect_cards(s, x, what, ids, k, 1);
  if ((x = get(s, n, "zoo_contains"))) rc |= expect_cards(s, x, what, ids, k, 0);
  if ((x = get(s, n, "actions"))) rc |= expect_actions(s, p, x);
  if ((x = get(s, n, "tokens"))) rc |= expect_tokens(s, p, x);
  return rc;
}

/* display: the card numbers of folders 1..6, -1 for an empty one. */
static int expect_display(scen *s, yaml_node_t *n) {
  int want[6], ids[6], have[6], k = numbers(s, n, want, 6);
  if (k < 0 || known_cards(s, n, want, k, 1) != 0) return -1;
  s->checks++;
  if (s->dry) return 0;
  ark_game_display(s->g, ids);
  for (int f = 0; f < 6; f++) {
    ark_card_view c;
    have[f] = ids[f] >= 0 && ark_card_get(s->g, ids[f], &c) == 0 ? c.number : -1;
  }
  if (k == 6 && !memcmp(want, have, sizeof want)) return 0;
  char a[200], b[200];
  list_text(want, k, a, sizeof a);
  list_text(have, 6, b, sizeof b);
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: display: expected [%s], got [%s]\n", s->path, line_of(n), a, b);
  return 0;
}

static int expect_game_over(scen *s, yaml_node_t *x) {
  int over;
  if (boolean(s, x, &over) != 0) return -1;
  s->checks++;
  if (s->dry) return 0;     /* the game is not asked before its setup */
  int got = ark_game_process(s->g) == ARK_END;
  if (over == got) return 0;
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: game_over: expected %s, got %s\n", s->path, line_of(x),
          over ? "true" : "false", got ? "true" : "false");
  return 0;
}

/* The game-level values: break, donations, game_over, display. */
static int expect_game(scen *s, yaml_node_t *n) {
  yaml_node_t *x;
  int pos, len, rc = 0;
  ark_game_break_track(s->g, &pos, &len);
  if ((x = get(s, n, "break"))) rc |= expect_int(s, x, "break track", pos);
  if ((x = get(s, n, "donations"))) rc |= expect_int(s, x, "donations", ark_game_donations(s->g));
  if ((x = get(s, n, "game_over"))) rc |= expect_game_over(s, x);
  if ((x = get(s, n, "display"))) rc |= expect_display(s, x);
  return rc;
}

/* options_include / options_exclude: each text is (want) or is not in
** some option of the pending decision d. */
static int expect_options(scen *s, const ark_decision *d, yaml_node_t *l, int want) {
  const char *key = want ? "options_include" : "options_exclude";
  char what[120];
  snprintf(what, sizeof what, "%s must be a list of texts", key);
  if (shaped(s, l, YAML_SEQUENCE_NODE, what)) return -1;
  for (int i = 0; i < seq_len(l); i++) {
    const char *t = str(item(s, l, i));
    int found = 0;
    if (!t) return bad(s, item(s, l, i), "expected a text");
    s->checks++;
    if (s->dry) continue;
    int first = -1;
    for (int j = 0; d && j < d->noptions; j++)
      if (strstr(d->options[j], t) && first < 0) first = j;
    found = first >= 0;
    if (found == want) continue;
    s->failures++;
    fprintf(stderr, "%s:%lu: FAILED: an option containing '%s' ", s->path, line_of(item(s, l, i)), t);
    if (!want)
      fprintf(stderr, "was not expected but is there: %s\n", d->options[first]);
    else if (!d)
      fprintf(stderr, "was expected but no decision is pending (the game is over)\n");
    else {                               /* what is offered, as for a decision that fits none */
      fprintf(stderr, "was expected but is missing among the options of P%d's \"%s\" (%s):\n",
              d->player + 1, d->prompt, d->tag);
      for (int j = 0; j < d->noptions; j++) fprintf(stderr, "  %s\n", d->options[j]);
    }
  }
  return 0;
}

/* A decision's tag: a word such as action or reward.cp8. */
static int tag_of(scen *s, yaml_node_t *x, const char **out) {
  if (shaped(s, x, YAML_SCALAR_NODE, "expected a decision's tag, such as action or reward.cp8"))
    return -1;
  *out = str(x);
  return 0;
}

static int expect_decision(scen *s, yaml_node_t *n) {
  const ark_decision *d = s->dry ? NULL : ark_game_decision(s->g);
  yaml_node_t *x;
  const char *tag = "";
  int rc = 0;
  if ((x = get(s, n, "tag"))) {
    if (tag_of(s, x, &tag) != 0) return -1;
    s->checks++;
    if (!s->dry && (!d || strcmp(d->tag, tag))) {
      s->failures++;
      fprintf(stderr, "%s:%lu: FAILED: pending decision: expected %s, got %s\n", s->path,
              line_of(x), tag, d ? d->tag : "none");
    }
  }
  if ((x = get(s, n, "player")))
    rc |= expect_int(s, x, "pending decision's player", d ? d->player + 1 : 0);
  if ((x = get(s, n, "options_include"))) rc |= expect_options(s, d, x, 1);
  if ((x = get(s, n, "options_exclude"))) rc |= expect_options(s, d, x, 0);
  return rc;
}

/* What is left undone while a decision other than a turn's action is
** pending at the check, in words: the break track stays full from the
** moment it fills until the break is over, so a full one means the turn's
** break (discards, income) is not played, or not to its end. */
static const char *undone(scen *s) {
  int pos, len;
  ark_game_break_track(s->g, &pos, &len);
  if (pos >= len)
    return "a break is due or under way, and what the rest of the turn and the break still "
           "do (discards, income) is not counted";
  return "an action is not finished, and what it still gives is not counted";
}

/* Values are checked where a turn begins (the pending decision is a turn's
** action) or after the game.  Any other pending decision means the last
** answer left the turn half done - a bonus still to choose, whose gains
** are not in the values yet - so the file must say so: `pending: TAG` (or
** `decision: {tag: TAG}`) names the decision it expects there. */
static int expect_pending(scen *s, yaml_node_t *n) {
  const ark_decision *d = s->dry ? NULL : ark_game_decision(s->g);
  yaml_node_t *x = get(s, n, "pending"), *tag = get(s, get(s, n, "decision"), "tag");
  const char *want = "";
  if (x) {
    if (tag_of(s, x, &want) != 0) return -1;
    s->checks++;
    if (s->dry || (d && !strcmp(want, d->tag))) return 0;
    s->failures++;
    fprintf(stderr, "%s:%lu: FAILED: pending decision: expected %s, got %s\n", s->path, line_of(x),
            want, d ? d->tag : "none (the game is over)");
    return 0;
  }
  if (s->dry || !d || !strcmp(d->tag, "action") || tag) return 0;
  s->checks++;
  s->failures++;
  fprintf(stderr, "%s:%lu: FAILED: the values are checked while P%d's decision \"%s\" (%s) is "
          "pending: %s.  Answer it in decisions:, or write `pending: %s` under expect: if that is "
          "the position meant\n", s->path, line_of(n), d->player + 1, d->prompt, d->tag, undone(s),
          d->tag);
  return 0;
}

static int expectations(scen *s, yaml_node_t *n) {
  yaml_node_t *pl = get(s, n, "players"), *d = get(s, n, "decision");
  int rc = expect_pending(s, n);
  if (pl && player_seats(s, pl) != 0) return -1;
  for (int i = 0; i < (pl ? seq_len(pl) : 0); i++) {
    int p;
    if (seat_of(s, item(s, pl, i), i, &p) != 0) return -1;
    rc |= expect_player(s, p, item(s, pl, i));
  }
  rc |= expect_game(s, n);
  if (d) rc |= expect_decision(s, d);
  return rc;
}

/* The dry reading of expect (see above), before the game runs. */
static int read_expectations(scen *s, yaml_node_t *n) {
  s->dry = 1;
  int rc = n ? expectations(s, n) : 0;
  s->dry = 0;
  s->checks = 0;
  return rc;
}

/* A scenario that checked nothing (no expect:, or one naming no value)
** would pass whatever the game did: it is an error, not a pass.  Told
** last, so that a file also wrong in another way is told that first. */
static int checks_nothing(scen *s, yaml_node_t *root, yaml_node_t *n) {
  return bad(s, n ? n : root, n ? "the scenario checks nothing: expect: names no value to check, "
                                  "so it would pass whatever the game did"
                                : "the scenario checks nothing: it has no expect: section, so it "
                                  "would pass whatever the game did");
}

/* A card or map script stopped during the scenario (the game undid the
** step and went on without it): its error is shown, and the scenario fails,
** since the values then show the game without the script. */
static int stopped_scripts(scen *s) {
  int n = 0;
  char line[700];
  for (int i = 0; i < ark_game_nevents(s->g); i++) {
    const ark_event *e = ark_game_event(s->g, i);
    if (e->type != ARK_EV_TEXT) continue;
    ark_event_text(s->g, e, line, sizeof line);
    const char *at = strstr(line, "script of ");
    if (!at || !strstr(at, " stopped: ")) continue;
    fprintf(stderr, "%s: FAILED: %s\n", s->path, at);
    n++;
  }
  return n;
}

/* ---- the command ---- */

static void scenario_usage(FILE *f) {
  fprintf(f, "usage: arknova scenario FILE.yaml... [--game NAME|DIR] [--data DIR] [--cards DIR]...\n"
             "                        [--maps DIR]... [--plugin P]... [--verbose]\n\n"
             "Sets up the position a scenario file describes, answers its decisions\n"
             "(by option text or a unique beginning of it) and checks its expected\n"
             "values.  Exit 0 if all hold, 1 after printing each failed expectation\n"
             "(or a decision that fits no option), 2 for an unreadable file.  The\n"
             "format: docs/scenarios.md.\n\n"
             "  --game NAME|DIR  the game of every file, in place of the files' own\n"
             "               `game:` (a name under games/, or a folder with a\n"
             "               game.yaml); without either: Ark Nova.  A game written\n"
             "               in Lua has its own keys: docs/scenarios.md\n"
             "  --data DIR   folder with cards/ and maps/ (default: games/arknova)\n"
             "  --cards DIR  extra card folder (fan cards) for every file; may repeat\n"
             "  --maps DIR   extra map folder (fan maps) for every file; may repeat\n"
             "  --plugin P   a plugin folder, or a name under plugins/; may repeat\n"
             "  --verbose    print each decision taken\n"
             "  --help       this text\n\n"
             "A file may name its own folders (`cards:`, `maps:`, `plugins:`), read\n"
             "from the file's folder when relative.\n");
}

static int load(scen *s, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "arknova scenario: cannot open %s\n", path);
    return -1;
  }
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  int ok = yaml_parser_load(&parser, &s->doc);
  if (!ok)
    fprintf(stderr, "%s:%lu: YAML error: %s\n", path, (unsigned long)parser.problem_mark.line + 1,
            parser.problem ? parser.problem : "?");
  yaml_parser_delete(&parser);
  fclose(f);
  if (ok && !yaml_document_get_root_node(&s->doc)) {
    fprintf(stderr, "%s: empty file\n", path);
    yaml_document_delete(&s->doc);
    ok = 0;
  }
  return ok ? 0 : -1;
}

/* The draft keeps the first four cards; then the first turn is asked. */
static int to_first_turn(ark_game *g) {
  char msg[128];
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (!strcmp(d->tag, "action")) return 0;
    ark_game_answer(g, d->noptions - 1, msg, sizeof msg);
  }
  return -1;
}

/* Extra folders for every scenario, from the command line. */
typedef struct scen_dirs {
  const char *cards[ARK_MAX_DIRS], *maps[ARK_MAX_DIRS], *plugins[ARK_MAX_DIRS];
} scen_dirs;

/* A folder the file names that is not there, at its line (the game would
** name it without one, and only the first). */
static int missing_dir(scen *s, yaml_node_t *n, const char *key, const char *named,
                       const char *d, const char *data) {
  char msg[1600];
  if (!strcmp(key, "plugins") && !strchr(named, '/')) {
    char under[1200];
    snprintf(under, sizeof under, "%s/plugins/%s", data, named);
    if (host_is_dir(under) || host_is_dir(named)) return 0;
    snprintf(msg, sizeof msg, "plugins: no plugin '%.100s' in %.1000s/plugins (a plugin folder "
             "beside this file is written ./%.100s)", named, data, named);
    return bad(s, n, msg);
  }
  if (host_is_dir(d)) return 0;
  snprintf(msg, sizeof msg, "%s: no folder '%.100s'%s", key, named,
           named[0] == '/' ? "" : " (read from this file's folder)");
  return bad(s, n, msg);
}

/* Folder lists of the file (`cards`, `maps`, `plugins`) and then of the
** command line into cfg.  A relative folder in the file is read from the
** file's own folder, so that a card's scenario can sit beside it and run
** from anywhere; a plugin name without a '/' names one under plugins/. */
static int add_dirs(scen *s, yaml_node_t *root, const scen_dirs *cli, ark_config *cfg,
                    char store[3][ARK_MAX_DIRS][1024]) {
  static const char *const key[3] = { "cards", "maps", "plugins" };
  static const char *const what[3] = { "folders", "folders",
                                       "plugins (folders, or names under plugins/)" };
  const char **dst[3] = { cfg->card_dirs, cfg->map_dirs, cfg->plugins };
  const char *const *extra[3] = { cli->cards, cli->maps, cli->plugins };
  const char *slash = strrchr(s->path, '/');
  int dirlen = slash ? (int)(slash - s->path) : 0;
  int missing = 0;
  for (int k = 0; k < 3; k++) {
    const char *list[ARK_MAX_DIRS];
    int n = 0;
    yaml_node_t *v = get(s, root, key[k]);
    if (v && (n = words(s, v, list, ARK_MAX_DIRS, key[k], what[k])) < 0) return -1;
    for (int i = 0; i < n; i++) {
      const char *d = list[i];
      if (d[0] != '/' && slash && (k < 2 || strchr(d, '/'))) {
        snprintf(store[k][i], sizeof store[k][i], "%.*s/%s", dirlen, s->path, d);
        d = store[k][i];
      }
      missing |= missing_dir(s, item(s, v, i), key[k], list[i], d,
                             cfg->data_dir ? cfg->data_dir : ARK_GAME_DIR) != 0;
      host_add_dir(dst[k], d);        /* fits: words() took at most ARK_MAX_DIRS */
    }
    for (int i = 0; i < ARK_MAX_DIRS && extra[k][i]; i++)
      if (!host_add_dir(dst[k], extra[k][i])) return bad(s, v, "too many folders");
  }
  return missing ? -1 : 0;
}

/* A game that cannot be made: the message with the line of the key it is
** about.  The game names a bad player count or map in words only. */
static void game_error(scen *s, yaml_node_t *root, const char *msg) {
  int map = strstr(msg, "unknown map") || !strncmp(msg, "advanced mode", 13);
  yaml_node_t *k = !strncmp(msg, "setup:", 6) ? get(s, root, "deal")
                 : !strncmp(msg, "players ", 8) ? get(s, root, "players")
                 : map ? get(s, root, "map") : NULL;
  if (k) bad(s, k, msg);
  else fprintf(stderr, "%s: %s\n", s->path, msg);
}

static int run_one(const char *path, const char *data, const char *game, const scen_dirs *cli,
                   int verbose) {
  scen s;
  memset(&s, 0, sizeof s);
  s.path = path;
  s.verbose = verbose;
  if (load(&s, path) != 0) return 2;
  yaml_node_t *root = yaml_document_get_root_node(&s.doc);
  /* another game than Ark Nova: scenario_lua.c */
  ark_gamedef gd;
  int which = scenario_game(&s.doc, path, game, &gd);
  if (which < 0 || (which == 0 && !strcmp(gd.module, "lua"))) {
    /* Ark Nova's folders from the command line: nothing would read them */
    const char *ark = which < 0 ? NULL : data ? "--data" : cli->cards[0] ? "--cards"
                    : cli->maps[0] ? "--maps" : cli->plugins[0] ? "--plugin" : NULL;
    char msg[512];
    int r = which < 0 || ark ? 2 : scenario_lua_run(&s.doc, path, &gd, verbose);
    if (ark) {
      host_lua_refusal(ark, msg, sizeof msg);
      fprintf(stderr, "arknova scenario: %s\n", msg);
    }
    yaml_document_delete(&s.doc);
    return r;
  }
  if (which == 0 && !data) data = gd.dir;
  if (check_keys(&s, root) != 0) {
    yaml_document_delete(&s.doc);
    return 2;
  }
  ark_config cfg;
  host_deal *deal = NULL;
  ark_config_init(&cfg);
  cfg.data_dir = data;
  yaml_node_t *v;
  int x, rc = 2;
  if ((v = get(&s, root, "players"))) {
    if (num(&s, v, &x) != 0) goto out;
    cfg.players = x;
  }
  if ((v = get(&s, root, "seed")) && !host_unsigned(str(v), &cfg.seed)) {
    bad(&s, v, "seed: expected a whole number from 0 to 18446744073709551615");
    goto out;
  }
  if ((v = get(&s, root, "map"))) cfg.map = str(v);
  static char store[3][ARK_MAX_DIRS][1024];   /* the folders resolved; 24 KiB, off the stack */
  if (add_dirs(&s, root, cli, &cfg, store) != 0) goto out;
  char msg[2048];
  if ((v = get(&s, root, "deal")) && host_deal_from_yaml(&s.doc, v, &deal, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s:%s\n", path, msg);      /* the position dealt: deal.c */
    goto out;
  }
  cfg.setup = deal ? &deal->spec : NULL;
  if (ark_game_new(&cfg, &s.g, msg, sizeof msg) != ARK_OK) {
    game_error(&s, root, msg);
    goto out;
  }
  if (to_first_turn(s.g) != 0) {
    fprintf(stderr, "%s: the game ended before the first turn: %s\n", path, ark_game_error(s.g));
    goto out;
  }
  /* every mistake of expect and the first of setup, before any is played,
  ** told in the file's order (the dry reading asks the game nothing) */
  yaml_node_t *ex = get(&s, root, "expect"), *su = get(&s, root, "setup");
  int expect_first = ex && su && line_of(ex) < line_of(su);
  x = expect_first ? read_expectations(&s, ex) : 0;
  int y = su ? setup(&s, su) : 0;
  if (!expect_first) x = read_expectations(&s, ex);
  if (y != 0 || x != 0) goto out;
  rc = 1;
  v = get(&s, root, "decisions");
  for (int i = 0; i < (v ? seq_len(v) : 0); i++)
    if (decide(&s, item(&s, v, i), i + 1) != 0) {
      stopped_scripts(&s);
      goto out;
    }
  /* the last answer's consequences first (a break it triggered pays its
  ** income), then the values */
  if (ark_game_process(s.g) == ARK_ERROR) {
    fprintf(stderr, "%s: the game stopped after the decisions: %s\n", path, ark_game_error(s.g));
    goto out;
  }
  x = stopped_scripts(&s);
  s.checks += x;
  s.failures += x;
  rc = 2;
  if ((v = get(&s, root, "expect")) && expectations(&s, v) != 0) goto out;
  if (!s.checks) {
    checks_nothing(&s, root, v);
    goto out;
  }
  rc = s.failures ? 1 : 0;
  const char *name = str(get(&s, root, "name"));
  if (rc == 0) printf("ok: %s: %d expectations hold%s%s\n", path, s.checks, name ? " - " : "", name ? name : "");
  else fprintf(stderr, "%s: %d of %d expectations failed\n", path, s.failures, s.checks);
out:
  ark_game_free(s.g);
  host_deal_free(deal);
  yaml_document_delete(&s.doc);
  return rc;
}

/* --cards, --maps, --plugin: appends the folder to its list; 1 if taken. */
static int dir_opt(scen_dirs *d, const char *a, const char *v) {
  const char **list = !strcmp(a, "--cards") ? d->cards : !strcmp(a, "--maps") ? d->maps
                    : !strcmp(a, "--plugin") ? d->plugins : NULL;
  if (!list) return 0;
  if (host_add_dir(list, v)) return 1;
  fprintf(stderr, "arknova scenario: at most %d %s\n", ARK_MAX_DIRS, a);
  return -1;
}

static int takes_value(const char *a) {
  return !strcmp(a, "--data") || !strcmp(a, "--game") || !strcmp(a, "--cards") || !strcmp(a, "--maps") ||
         !strcmp(a, "--plugin");
}

int cmd_scenario(int argc, char **argv) {
  const char *data = NULL, *game = NULL;
  int verbose = 0, nfiles = 0, worst = 0;
  scen_dirs cli;
  memset(&cli, 0, sizeof cli);
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { scenario_usage(stdout); return 0; }
    if (!strcmp(argv[i], "--verbose") || !strcmp(argv[i], "-v")) { verbose = 1; continue; }
    if (takes_value(argv[i])) {
      if (i + 1 >= argc) { fprintf(stderr, "arknova scenario: %s needs a value\n", argv[i]); return 2; }
      int r = dir_opt(&cli, argv[i], argv[i + 1]);
      if (r < 0) return 2;
      if (!r && !strcmp(argv[i], "--game")) game = argv[i + 1];
      else if (!r) data = argv[i + 1];
      i++;
      continue;
    }
    if (argv[i][0] == '-') {
      fprintf(stderr, "arknova scenario: unknown option '%s'\n\n", argv[i]);
      scenario_usage(stderr);
      return 2;
    }
  }
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') { if (takes_value(argv[i])) i++; continue; }
    nfiles++;
    int rc = run_one(argv[i], data, game, &cli, verbose);
    if (rc > worst) worst = rc;
  }
  if (!nfiles) {
    fprintf(stderr, "arknova scenario: which file?\n\n");
    scenario_usage(stderr);
    return 2;
  }
  return worst;
}
