/*
** deal.c - the setup section of saves and scenarios (deal.h): reading and
** writing ark_setup_spec as "KEY VALUES" lines.
*/
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "deal.h"
#include "host.h"

host_deal *host_deal_new(void) {
  host_deal *d = calloc(1, sizeof *d);
  if (d) ark_setup_spec_init(&d->spec);
  return d;
}

void host_deal_free(host_deal *d) {
  if (!d) return;
  for (int p = 0; p < ARK_SPEC_PLAYERS; p++) free(d->names[p]);
  for (int i = 0; i < d->nstrings; i++) free(d->strings[i]);
  free(d);
}

static const char *keep(host_deal *d, const char *v) {
  if (d->nstrings >= (int)(sizeof d->strings / sizeof d->strings[0])) return NULL;
  return d->strings[d->nstrings++] = strdup(v);
}

/* The words of a line, split at blanks (in place); returns their count. */
static int split(char *s, char **w, int max) {
  int n = 0;
  for (char *t = strtok(s, " \t"); t; t = strtok(NULL, " \t")) {
    if (n == max) return max + 1;
    w[n++] = t;
  }
  return n;
}

static int number(const char *t, long lo, long hi, long *out) {
  char *end;
  long v = strtol(t, &end, 10);
  if (!*t || *end || v < lo || v > hi) return 0;
  *out = v;
  return 1;
}

/* Card numbers w[0..n) into out; 0 or -1 with a message. */
static int cards(char **w, int n, int *out, int negative_ok, const char *key, char *msg,
                 size_t len) {
  for (int i = 0; i < n; i++) {
    long v;
    if (!number(w[i], negative_ok ? -99999 : 1, 99999, &v) || v == 0) {
      snprintf(msg, len, "setup %s: '%s' is not a card number", key, w[i]);
      return -1;
    }
    out[i] = (int)v;
  }
  return 0;
}

/* Cards by slot (display, base projects): '-' leaves a slot to the seed,
** as an imported game does for a slot the log never shows. */
static int slot_cards(char **w, int n, int *out, const char *key, char *msg, size_t len) {
  for (int i = 0; i < n; i++) {
    if (!strcmp(w[i], "-")) out[i] = 0;
    else if (cards(w + i, 1, out + i, 0, key, msg, len) != 0) return -1;
  }
  return 0;
}

static int seat(const char *t, const char *key, long *p, char *msg, size_t len) {
  if (!t || !number(t, 1, ARK_SPEC_PLAYERS, p)) {
    snprintf(msg, len, "setup %s: the first value is the seat, 1..%d", key, ARK_SPEC_PLAYERS);
    return -1;
  }
  (*p)--;
  return 0;
}

static int action_index(const char *t) {
  for (int a = 0; a < 5; a++)
    if (!strcasecmp(t, ark_action_name(a))) return a + 1;
  return 0;
}

/* Accepts a scenario's plural spelling of a key too. */
static int is_key(const char *key, const char *a, const char *b) {
  return !strcmp(key, a) || (b && !strcmp(key, b));
}

int host_deal_line(host_deal *d, const char *line, char *msg, size_t n) {
  ark_setup_spec *sp = &d->spec;
  char buf[16384];
  char *w[ARK_SPEC_CARDS + 2];
  if (strlen(line) >= sizeof buf) {
    snprintf(msg, n, "setup line too long");
    return -1;
  }
  snprintf(buf, sizeof buf, "%s", line);
  int nw = split(buf, w, ARK_SPEC_CARDS + 1);
  if (nw == 0) {
    snprintf(msg, n, "setup: a key is missing");
    return -1;
  }
  if (nw > ARK_SPEC_CARDS) {
    snprintf(msg, n, "setup %s: too many values (at most %d)", w[0], ARK_SPEC_CARDS);
    return -1;
  }
  const char *key = w[0];
  char **v = w + 1;
  int nv = nw - 1;
  long p;
  if (is_key(key, "start-player", "start_player")) {
    if (nv != 1 || seat(v[0], key, &p, msg, n) != 0) {
      snprintf(msg, n, "setup %s: one seat number, 1..%d", key, ARK_SPEC_PLAYERS);
      return -1;
    }
    sp->start_player = (int)p;
  } else if (is_key(key, "map", "maps")) {
    if (seat(nv ? v[0] : NULL, key, &p, msg, n) != 0) return -1;
    if (nv != 2) { snprintf(msg, n, "setup %s: a seat and a map id", key); return -1; }
    sp->maps[p] = keep(d, v[1]);
  } else if (is_key(key, "name", "names")) {
    if (seat(nv ? v[0] : NULL, key, &p, msg, n) != 0) return -1;
    /* the rest of the line, spaces included */
    const char *rest = line;
    while (isspace((unsigned char)*rest)) rest++;
    for (int k = 0; k < 2; k++) {
      while (*rest && !isspace((unsigned char)*rest)) rest++;
      while (isspace((unsigned char)*rest)) rest++;
    }
    free(d->names[p]);
    d->names[p] = strdup(rest);
  } else if (is_key(key, "actions", NULL)) {
    if (seat(nv ? v[0] : NULL, key, &p, msg, n) != 0) return -1;
    int used = 0;
    for (int k = 0; k < 5 && nv == 6; k++) {
      int a = action_index(v[k + 1]);
      if (a) used |= 1 << (a - 1);
      sp->actions[p][k] = a;
    }
    if (nv != 6 || used != 31) {
      snprintf(msg, n, "setup %s: a seat and the five action cards in slot order "
               "(animals build cards association sponsors, each once)", key);
      return -1;
    }
  } else if (is_key(key, "hand", "hands")) {
    if (seat(nv ? v[0] : NULL, key, &p, msg, n) != 0) return -1;
    if (nv - 1 > ARK_SPEC_HAND || nv < 2) {
      snprintf(msg, n, "setup %s: a seat and 1..%d card numbers", key, ARK_SPEC_HAND);
      return -1;
    }
    if (cards(v + 1, nv - 1, sp->hand[p], 0, key, msg, n) != 0) return -1;
    sp->nhand[p] = nv - 1;
  } else if (is_key(key, "scoring", NULL)) {
    if (seat(nv ? v[0] : NULL, key, &p, msg, n) != 0) return -1;
    if (nv != 3) { snprintf(msg, n, "setup %s: a seat and two card numbers", key); return -1; }
    if (cards(v + 1, 2, sp->scoring[p], 0, key, msg, n) != 0) return -1;
  } else if (is_key(key, "display", NULL)) {
    if (nv < 1 || nv > 6) { snprintf(msg, n, "setup %s: 1..6 card numbers (- = seed)", key); return -1; }
    if (slot_cards(v, nv, sp->display, key, msg, n) != 0) return -1;
  } else if (is_key(key, "base-projects", "base_projects")) {
    if (nv < 1 || nv > 4) { snprintf(msg, n, "setup %s: 1..4 card numbers (- = seed)", key); return -1; }
    if (slot_cards(v, nv, sp->base, key, msg, n) != 0) return -1;
  } else if (is_key(key, "blocked", NULL)) {
    if (nv < 1 || nv > 4) { snprintf(msg, n, "setup %s: a level 0..3 per base project", key); return -1; }
    for (int i = 0; i < nv; i++) {
      long lv;
      if (!number(v[i], 0, 3, &lv)) {
        snprintf(msg, n, "setup %s: '%s' is not a level 0..3", key, v[i]);
        return -1;
      }
      sp->blocked[i] = (int)lv;
    }
    sp->blocked_given = 1;
  } else if (is_key(key, "bonus-tiles", "bonus_tiles")) {
    if (nv < 1 || nv > 4) { snprintf(msg, n, "setup %s: 1..4 tile names (- = seed)", key); return -1; }
    for (int i = 0; i < nv; i++) {
      int t = 0;
      while (ark_bonus_tile_name(t) && strcmp(ark_bonus_tile_name(t), v[i])) t++;
      if (strcmp(v[i], "-") && !ark_bonus_tile_name(t)) {
        snprintf(msg, n, "setup %s: unknown tile '%s' (reputation money enclosure multiplier "
                 "xtokens cards university partner-zoo sponsor, or -)", key, v[i]);
        return -1;
      }
      sp->bonus_tiles[i] = strcmp(v[i], "-") ? ark_bonus_tile_name(t) : NULL;
    }
  } else if (is_key(key, "deck", NULL)) {
    if (sp->ndeck + nv > ARK_SPEC_CARDS) { snprintf(msg, n, "setup %s: too many cards", key); return -1; }
    if (cards(v, nv, sp->deck + sp->ndeck, 0, key, msg, n) != 0) return -1;
    sp->ndeck += nv;
  } else if (is_key(key, "draws", NULL)) {
    if (sp->nnext + nv > ARK_SPEC_CARDS) { snprintf(msg, n, "setup %s: too many cards", key); return -1; }
    if (cards(v, nv, sp->next + sp->nnext, 1, key, msg, n) != 0) return -1;
    sp->nnext += nv;
  } else if (is_key(key, "bga-moves", NULL)) {
    d->imported = 1;
    for (int i = 0; i < nv; i++) {
      int dn, mv;
      char tail;
      if (sscanf(v[i], "%d:%d%c", &dn, &mv, &tail) != 2 || dn < 1 || mv < 0 ||
          d->nmoves >= (int)(sizeof d->moves / sizeof d->moves[0])) {
        snprintf(msg, n, "setup %s: '%s' is not DECISION:MOVE", key, v[i]);
        return -1;
      }
      d->moves[d->nmoves][0] = dn - 1;
      d->moves[d->nmoves++][1] = mv;
    }
  } else if (is_key(key, "bga-last", NULL)) {
    char tail;
    if (nv != 1 || sscanf(v[0], "%d%c", &d->last_move, &tail) != 1 || d->last_move < 1) {
      snprintf(msg, n, "setup %s: expected one BGA move number", key);
      return -1;
    }
  } else {
    snprintf(msg, n, "setup: unknown key '%s' (known: start-player map actions hand scoring "
             "display base-projects blocked bonus-tiles deck draws name bga-moves bga-last)",
             key);
    return -1;
  }
  return 0;
}

static void numbers_line(FILE *f, const char *key, const int *v, int n, int per_line) {
  for (int i = 0; i < n; i += per_line) {
    fprintf(f, "setup %s", key);
    for (int k = i; k < n && k < i + per_line; k++) fprintf(f, " %d", v[k]);
    fputc('\n', f);
  }
}

/* Cards by slot, '-' for a slot left to the seed (0 is no card number). */
static void slots_line(FILE *f, const char *key, const int *v, int n) {
  fprintf(f, "setup %s", key);
  for (int k = 0; k < n; k++) {
    if (v[k]) fprintf(f, " %d", v[k]);
    else fputs(" -", f);
  }
  fputc('\n', f);
}

void host_deal_write(FILE *f, const host_deal *d) {
  const ark_setup_spec *sp = &d->spec;
  char key[32];
  for (int p = 0; p < ARK_SPEC_PLAYERS; p++)
    if (d->names[p]) fprintf(f, "setup name %d %s\n", p + 1, d->names[p]);
  if (sp->start_player >= 0) fprintf(f, "setup start-player %d\n", sp->start_player + 1);
  for (int p = 0; p < ARK_SPEC_PLAYERS; p++)
    if (sp->maps[p]) fprintf(f, "setup map %d %s\n", p + 1, sp->maps[p]);
  for (int p = 0; p < ARK_SPEC_PLAYERS; p++) {
    if (!sp->actions[p][0]) continue;
    fprintf(f, "setup actions %d", p + 1);
    for (int k = 0; k < 5; k++) fprintf(f, " %s", ark_action_name(sp->actions[p][k] - 1));
    fputc('\n', f);
  }
  for (int p = 0; p < ARK_SPEC_PLAYERS; p++) {
    snprintf(key, sizeof key, "hand %d", p + 1);
    if (sp->nhand[p]) numbers_line(f, key, sp->hand[p], sp->nhand[p], ARK_SPEC_HAND);
  }
  for (int p = 0; p < ARK_SPEC_PLAYERS; p++) {
    snprintf(key, sizeof key, "scoring %d", p + 1);
    if (sp->scoring[p][0] && sp->scoring[p][1]) numbers_line(f, key, sp->scoring[p], 2, 2);
  }
  int nd = 0, nb = 0, nt = 0;
  for (int i = 0; i < 6; i++) if (sp->display[i]) nd = i + 1;
  for (int i = 0; i < 4; i++) if (sp->base[i]) nb = i + 1;
  for (int i = 0; i < 4; i++) if (sp->bonus_tiles[i]) nt = i + 1;
  if (nd) slots_line(f, "display", sp->display, nd);
  if (nb) slots_line(f, "base-projects", sp->base, nb);
  if (sp->blocked_given) numbers_line(f, "blocked", sp->blocked, nb > 3 ? nb : 3, 4);
  if (nt) {
    fprintf(f, "setup bonus-tiles");
    for (int i = 0; i < nt; i++) fprintf(f, " %s", sp->bonus_tiles[i] ? sp->bonus_tiles[i] : "-");
    fputc('\n', f);
  }
  if (sp->ndeck) numbers_line(f, "deck", sp->deck, sp->ndeck, 20);
  if (sp->nnext) numbers_line(f, "draws", sp->next, sp->nnext, 20);
  if (d->imported && d->nmoves == 0) fprintf(f, "setup bga-moves\n");
  for (int i = 0; i < d->nmoves; i += 16) {
    fprintf(f, "setup bga-moves");
    for (int k = i; k < d->nmoves && k < i + 16; k++) fprintf(f, " %d:%d", d->moves[k][0] + 1, d->moves[k][1]);
    fputc('\n', f);
  }
  if (d->last_move > 0) fprintf(f, "setup bga-last %d\n", d->last_move);
}

const char *host_deal_name(const host_deal *d, int p, char *buf, size_t n) {
  if (d && p >= 0 && p < ARK_SPEC_PLAYERS && d->names[p]) return d->names[p];
  snprintf(buf, n, "P%d", p + 1);
  return buf;
}

int host_save_setup_line(host_save *s, const char *v, char *msg, size_t n) {
  if (!s->deal && !(s->deal = host_deal_new())) {
    snprintf(msg, n, "out of memory");
    return -1;
  }
  s->o.cfg.setup = &s->deal->spec;
  return host_deal_line(s->deal, v, msg, n);
}

/* ---- a scenario's `deal:` mapping ---- */

static const char *scalar(yaml_node_t *n) {
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* Appends the scalars of sequence n to buf as " a b c"; -1 if one is not
** a scalar or the line gets too long. */
static int add_scalars(yaml_document_t *doc, yaml_node_t *n, char *buf, size_t len) {
  for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
    const char *v = scalar(yaml_document_get_node(doc, *it));
    size_t l = strlen(buf);
    if (!v || l + strlen(v) + 2 >= len) return -1;
    snprintf(buf + l, len - l, " %s", v);
  }
  return 0;
}

int host_deal_from_yaml(yaml_document_t *doc, yaml_node_t *map, host_deal **out, char *msg,
                        size_t n) {
  /* keys whose list gives one value per seat, not one line of values */
  static const char *const per_seat = " maps names ";
  *out = NULL;
  if (map->type != YAML_MAPPING_NODE) {
    snprintf(msg, n, "%zu: deal: expected a mapping of setup keys", map->start_mark.line + 1);
    return -1;
  }
  host_deal *d = host_deal_new();
  if (!d) { snprintf(msg, n, "out of memory"); return -1; }
  static char line[16384], why[512];
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(doc, p->key), *v = yaml_document_get_node(doc, p->value);
    const char *key = scalar(k);
    char spaced[64];
    snprintf(spaced, sizeof spaced, " %s ", key ? key : "");
    int rc = 0, lines = 0;
    if (!key) rc = -1;
    else if (v->type == YAML_SCALAR_NODE) {
      snprintf(line, sizeof line, "%s %s", key, scalar(v));
      rc = host_deal_line(d, line, why, sizeof why);
      lines = 1;
    } else if (v->type == YAML_SEQUENCE_NODE) {
      int i = 0, nested = 0;
      for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++)
        nested |= yaml_document_get_node(doc, *it)->type == YAML_SEQUENCE_NODE;
      if (!nested && !strstr(per_seat, spaced)) {
        snprintf(line, sizeof line, "%s", key);
        rc = add_scalars(doc, v, line, sizeof line);
        if (rc == 0) rc = host_deal_line(d, line, why, sizeof why), lines = 1;
      }
      for (yaml_node_item_t *it = v->data.sequence.items.start;
           rc == 0 && (nested || strstr(per_seat, spaced)) && it < v->data.sequence.items.top; it++) {
        yaml_node_t *e = yaml_document_get_node(doc, *it);
        snprintf(line, sizeof line, "%s %d", key, ++i);
        if (e->type == YAML_SEQUENCE_NODE) rc = add_scalars(doc, e, line, sizeof line);
        else if (scalar(e)) snprintf(line + strlen(line), sizeof line - strlen(line), " %s", scalar(e));
        else rc = -1;
        if (rc == 0) rc = host_deal_line(d, line, why, sizeof why), lines = 1;
      }
    } else rc = -1;
    if (rc != 0) {
      if (!lines) snprintf(why, sizeof why, "deal %s: expected a value, a list, or a list per "
                           "seat", key ? key : "?");
      snprintf(msg, n, "%zu: %s", (v ? v->start_mark.line : k->start_mark.line) + 1, why);
      host_deal_free(d);
      return -1;
    }
  }
  *out = d;
  return 0;
}
