/*
** ai_quick.c - Ark Nova's quick policy: a choice read from the options
** (what the decision records they stand for, else their texts), without
** trying any option.  It is weak, but costs almost nothing,
** so the greedy uses it to finish a turn when it values an option, and the
** search uses it inside its rollouts.
*/
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "map.h"
#include "nova_ai.h"
#include "places.h"

/* strtol's reading of a decimal number, without its locale's cost (the
** greedy finishes every turn it values with this policy): nova_ai.h. */
const char *nova_read_long(const char *s, long *v) {
  const char *q = s;
  while (*q == ' ' || (*q >= '\t' && *q <= '\r')) q++;
  int neg = *q == '-';
  if (*q == '+' || *q == '-') q++;
  if (*q < '0' || *q > '9') return s;
  long n = 0;
  while (*q >= '0' && *q <= '9') {       /* past the range: its end, as strtol */
    int d = *q++ - '0';
    n = n > (LONG_MAX - d) / 10 ? LONG_MAX : n * 10 + d;
  }
  *v = !neg ? n : n == LONG_MAX ? LONG_MIN : -n;
  return q;
}

static int int_at(const char *s) {
  long n = 0;
  nova_read_long(s, &n);
  return (int)n;
}

/* The card number in an option like "play Cheetah (401) for 17 money". */
static int number_in(const char *s) {
  const char *o = strchr(s, '(');
  while (o) {
    long n;
    const char *end = nova_read_long(o + 1, &n);
    if (end != o + 1 && *end == ')') return (int)n;
    o = strchr(o + 1, '(');
  }
  return -1;
}

static double id_worth(const ark_game *g, int id) {
  ark_card_view c;
  if (ark_card_get(g, id, &c) != 0) return 0;
  return nova_card_points(&c) - 0.15 * c.cost + 0.5 * c.level;
}

static double card_worth(const ark_game *g, int number) {
  return number < 0 ? 0 : id_worth(g, ark_card_find(g, number));
}

static int strength_in(const char *s) {
  const char *k = strstr(s, "strength ");
  return k ? int_at(k + 9) : 0;
}

/* Placement bonuses on the cells of a position. */
static double place_bonus(const ark_game *g, int p, const ark_place *pl) {
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  double n = 0;
  for (int k = 0; k < pl->ncells; k++)
    if (m->place_bonus[pl->cells[k]].kind != ARK_BONUS_NONE) n += 1;
  return n;
}

/* The same, on the cells "(x,y)" an option like "size-2 at (2,9) (3,10)"
** names (options whose positions the decision does not record). */
static double placement_bonus(const ark_game *g, int p, const char *o) {
  const char *at = strstr(o, " at (");
  double n = 0;
  for (const char *q = at ? at + 4 : NULL; q && *q == '('; ) {
    int x, y;
    if (!ark_map_read_xy(q, &x, &y)) break;
    ark_cell_view cv;
    ark_game_cell(g, p, x + ARK_MAP_COLS * y, &cv);
    if (cv.bonus) n += 1;
    q = strchr(q, ')');
    if (!q) break;
    q += q[1] == ' ' ? 2 : 1;
  }
  return n;
}

/* The decision tags quick_score tells apart.  Its tag is the decision's,
** the same for every option, so it is named once per decision, not once
** per option (the greedy finishes every turn it values with this policy,
** and comparing the tag with each name in turn was most of its cost). */
typedef enum {
  Q_ACTION, Q_CARD_PLAY, Q_DISCARD, Q_TAKE, Q_TASK, Q_SUPPORT, Q_BUILD_KIND, Q_DONATION,
  Q_CP2, Q_CARDS_MODE, Q_ENCLOSURE, Q_OTHER
} quick_tag;

/* The names by their first letter, which leaves one or two to compare. */
static quick_tag tag_of(const char *tag) {
  switch (tag[0]) {
  case 'a':
    if (!strcmp(tag, "action")) return Q_ACTION;
    if (!strcmp(tag, "animals.card")) return Q_CARD_PLAY;
    if (!strcmp(tag, "association.task")) return Q_TASK;
    if (!strcmp(tag, "association.donation")) return Q_DONATION;
    if (!strcmp(tag, "animals.enclosure")) return Q_ENCLOSURE;
    break;
  case 'b':
    if (!strcmp(tag, "break.discard")) return Q_DISCARD;
    if (!strcmp(tag, "build.kind")) return Q_BUILD_KIND;
    break;
  case 'c':
    if (!strcmp(tag, "card.discard")) return Q_DISCARD;
    if (!strcmp(tag, "card.take") || !strcmp(tag, "card.snap")) return Q_TAKE;
    if (!strcmp(tag, "cards.mode")) return Q_CARDS_MODE;
    break;
  case 'd': if (!strcmp(tag, "draft.discard")) return Q_DISCARD; break;
  case 'p': if (!strcmp(tag, "project.support")) return Q_SUPPORT; break;
  case 'r': if (!strcmp(tag, "reward.cp2")) return Q_CP2; break;
  case 's': if (!strcmp(tag, "sponsors.card")) return Q_CARD_PLAY; break;
  }
  return Q_OTHER;
}

/* The decision being scored: its tag, and what its options stand for
** where the rules offered them from the state (game.h's opt_src), which
** spares reading numbers back out of the texts. */
typedef struct quick_dec {
  quick_tag tag;
  const int16_t *hand;          /* ARK_OPTS_HAND: the seat's hand */
  const ark_place *places;      /* ARK_OPTS_PLACES: the positions */
} quick_dec;

static double quick_score(const ark_game *g, int p, const quick_dec *q, int i, const char *o) {
  quick_tag tag = q->tag;
  switch (tag) {
  case Q_ACTION: {
    if (!strncmp(o, "X-token", 7)) return 0.5;
    double base = !strncmp(o, "Animals", 7) ? 7 : !strncmp(o, "Association", 11) ? 6
                : !strncmp(o, "Build", 5) ? 4 : !strncmp(o, "Sponsors", 8) ? 3 : 2;
    const char *x = strstr(o, " X)");
    int xs = x ? x[-1] - '0' : 0;
    return base + strength_in(o) - 1.5 * xs;
  }
  case Q_CARD_PLAY:
    if (!strncmp(o, "take ", 5) || !strcmp(o, "finish")) return 1;
    return 2 + card_worth(g, number_in(o));
  case Q_DISCARD: return q->hand ? -id_worth(g, q->hand[i]) : -card_worth(g, number_in(o));
  case Q_TAKE: return q->hand ? id_worth(g, q->hand[i]) : card_worth(g, number_in(o));
  case Q_TASK:
    return !strncmp(o, "project", 7) ? 4 : !strncmp(o, "university", 10) ? 3
         : !strncmp(o, "partner", 7) ? 2 : !strncmp(o, "no more", 7) ? 0 : 1;
  case Q_SUPPORT: return int_at(o + (strstr(o, "(") ? strstr(o, "(") - o + 1 : 0));
  case Q_BUILD_KIND: {
    if (!strncmp(o, "finish", 6)) return 0;
    const char *sz = strstr(o, "size-");
    return sz ? 1 + (sz[5] - '0') * 0.5 : 1.5;
  }
  case Q_DONATION: return !strncmp(o, "donate", 6) ? 1 : 0;
  case Q_CP2: return !strncmp(o, "upgrade", 7) ? 1 : 0;
  case Q_CARDS_MODE: return !strncmp(o, "draw", 4) ? 1 : 0;
  case Q_ENCLOSURE: {                              /* the smallest that fits */
    const char *sz = strstr(o, "size-");
    return sz ? -(sz[5] - '0') : -3;
  }
  case Q_OTHER:
    if (q->places) return place_bonus(g, p, &q->places[i]);
    break;
  }
  if (strstr(o, " at (")) return placement_bonus(g, p, o);
  return 0;
}

/* The policy's choice; texts: read the option texts alone. */
static int quick(const ark_game *g, uint64_t *rng, int texts) {
  const ark_decision *d = ark_game_decision(g);
  int best = 0;
  double bv = -1e9;
  quick_dec q = { d->noptions > 0 ? tag_of(d->tag) : Q_OTHER, NULL, NULL };
  if (!texts && g->opt_src == ARK_OPTS_HAND && g->s.p[d->player].nhand == d->noptions)
    q.hand = g->s.p[d->player].hand;
  if (!texts && g->opt_src == ARK_OPTS_PLACES &&
      ark_places(g, d->player, g->opt_def, g->opt_build2, &q.places) != d->noptions)
    q.places = NULL;
  for (int i = 0; i < d->noptions; i++) {
    /* a little noise spreads ties and keeps rollouts varied */
    double v = quick_score(g, d->player, &q, i, d->options[i]) + (double)(ark_rng_mix(rng) % 1000) * 1e-3;
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

int nova_quick(const ark_game *g, uint64_t *rng) { return quick(g, rng, 0); }

int nova_quick_texts(const ark_game *g, uint64_t *rng) { return quick(g, rng, 1); }
