/*
** content.c - the container of loaded definitions (ark_content_): growable
** card and map tables, owned strings, the error log, and the name tables
** that turn icon and bonus names into enum values and back.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"

/* Grows *arr (element size sz) so that index n fits; capacity doubles so
** loading hundreds of cards costs few reallocations.  0 on failure. */
static int grow(void **arr, int *cap, int n, size_t sz) {
  void *p;
  int ncap;
  if (n < *cap) return 1;
  ncap = *cap ? *cap * 2 : 16;
  while (ncap <= n) ncap *= 2;
  p = realloc(*arr, (size_t)ncap * sz);
  if (p == NULL) return 0;
  *arr = p;
  *cap = ncap;
  return 1;
}

const char *ark_content_str(ark_content *c, const char *s) {
  size_t len;
  char *copy;
  void *arr = c->strings;
  if (s == NULL) return NULL;
  if (!grow(&arr, &c->capstrings, c->nstrings, sizeof(char *))) return NULL;
  c->strings = arr;
  len = strlen(s) + 1;
  copy = malloc(len);
  if (copy == NULL) return NULL;
  memcpy(copy, s, len);
  c->strings[c->nstrings++] = copy;
  return copy;
}

/* Adds "file:line: message" to the lines at *buf; 0 when it could not. */
static int add_line(char **buf, size_t *len, const char *file, int line,
                    const char *fmt, va_list ap) {
  char head[32];
  va_list ap2;
  int n, h;
  char *p;
  /* no file: the message names its place itself (Lua errors do) */
  if (file == NULL) {
    file = "";
    h = snprintf(head, sizeof head, "%s", "");
  } else {
    h = line > 0 ? snprintf(head, sizeof head, ":%d: ", line)
                 : snprintf(head, sizeof head, ": ");
  }
  va_copy(ap2, ap);
  n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0 || h < 0) return 0;
  p = realloc(*buf, *len + strlen(file) + (size_t)h + (size_t)n + 2);
  if (p == NULL) return 0;
  *buf = p;
  p += *len;
  p += sprintf(p, "%s%s", file, head);
  p += vsprintf(p, fmt, ap);
  *p++ = '\n';
  *p = '\0';
  *len = (size_t)(p - *buf);
  return 1;
}

void ark_content_error(ark_content *c, const char *file, int line,
                       const char *fmt, ...) {
  va_list ap;
  c->nerrors++;  /* counted even if the text cannot be kept */
  va_start(ap, fmt);
  add_line(&c->errors, &c->errlen, file, line, fmt, ap);
  va_end(ap);
}

void ark_content_warn(ark_content *c, const char *file, int line,
                      const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add_line(&c->warnings, &c->warnlen, file, line, fmt, ap);
  va_end(ap);
}

ark_card_def *ark_content_new_card(ark_content *c) {
  ark_card_def *d;
  void *arr = c->cards;
  if (!grow(&arr, &c->capcards, c->ncards, sizeof *d)) return NULL;
  c->cards = arr;
  d = &c->cards[c->ncards++];
  memset(d, 0, sizeof *d);
  free(c->by_number);          /* an index made before misses this card */
  free(c->id_of_number);
  c->by_number = c->id_of_number = NULL;
  d->proj_count = -1;
  return d;
}

ark_map_def *ark_content_new_map(ark_content *c) {
  ark_map_def *m;
  void *arr = c->maps;
  if (!grow(&arr, &c->capmaps, c->nmaps, sizeof *m)) return NULL;
  c->maps = arr;
  m = &c->maps[c->nmaps++];
  memset(m, 0, sizeof *m);
  return m;
}

/* The first of the ids sorted by number (then id) whose card has that
** number: the same card as the search in load order finds. */
static int find_indexed(const ark_content *c, int number) {
  int lo = 0, hi = c->ncards;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (c->cards[c->by_number[mid]].number < number) lo = mid + 1;
    else hi = mid;
  }
  return lo < c->ncards && c->cards[c->by_number[lo]].number == number ? c->by_number[lo] : -1;
}

int ark_content_find_card(const ark_content *c, int number) {
  int i;
  if (c->id_of_number) {
    unsigned at = (unsigned)number - (unsigned)c->number_lo;
    return at < (unsigned)c->number_span ? c->id_of_number[at] : -1;
  }
  if (c->by_number) return find_indexed(c, number);
  for (i = 0; i < c->ncards; i++)
    if (c->cards[i].number == number) return i;
  return -1;
}

/* qsort's comparison gets no context (and threads load contents side by
** side), so each id is sorted with its number beside it. */
typedef struct numbered { int number, id; } numbered;

static int by_number(const void *a, const void *b) {
  const numbered *x = a, *y = b;
  if (x->number != y->number) return (x->number > y->number) - (x->number < y->number);
  return (x->id > y->id) - (x->id < y->id);
}

/* A direct table of the ids by number when the numbers span at most this. */
#define DIRECT_SPAN 4096

int ark_content_index(ark_content *c) {
  free(c->by_number);
  free(c->id_of_number);
  c->by_number = c->id_of_number = NULL;
  if (c->ncards == 0) return 0;
  numbered *pairs = malloc(sizeof *pairs * (size_t)c->ncards);
  int *ids = malloc(sizeof *ids * (size_t)c->ncards);
  if (!pairs || !ids) {
    free(pairs);
    free(ids);
    return -1;
  }
  for (int i = 0; i < c->ncards; i++) pairs[i] = (numbered){ c->cards[i].number, i };
  qsort(pairs, (size_t)c->ncards, sizeof *pairs, by_number);
  for (int i = 0; i < c->ncards; i++) ids[i] = pairs[i].id;
  long lo = pairs[0].number, span = (long)pairs[c->ncards - 1].number - lo + 1;
  free(pairs);
  c->by_number = ids;
  if (span <= DIRECT_SPAN && (c->id_of_number = malloc(sizeof *c->id_of_number * (size_t)span))) {
    c->number_lo = (int)lo;
    c->number_span = (int)span;
    for (long n = 0; n < span; n++) c->id_of_number[n] = -1;
    for (int i = c->ncards - 1; i >= 0; i--)      /* the first of each number wins */
      c->id_of_number[c->cards[ids[i]].number - lo] = ids[i];
  }
  return 0;
}

int ark_content_find_map(const ark_content *c, const char *id) {
  int i;
  for (i = 0; i < c->nmaps; i++)
    if (strcmp(c->maps[i].id, id) == 0) return i;
  return -1;
}

int ark_content_find_building(const ark_content *c, const char *key) {
  /* a find kept for this address is taken once its key compares equal:
  ** another text at the same address (the first freed) is simply missed */
  ark_content *mc = (ark_content *)c;
  uintptr_t a = (uintptr_t)key;
  unsigned slot = (unsigned)((a >> 4) ^ (a >> 9)) & 31;
  int i = c->bfound_key[slot] == key ? c->bfound[slot] : -1;
  if (i >= 0 && i < c->nbuildings && strcmp(c->buildings[i].key, key) == 0) return i;
  for (i = 0; i < c->nbuildings; i++)
    if (strcmp(c->buildings[i].key, key) == 0) {
      mc->bfound_key[slot] = key;
      mc->bfound[slot] = i;
      return i;
    }
  return -1;
}

void ark_content_free_data(ark_content *c) {
  int i;
  for (i = 0; i < c->nstrings; i++) free(c->strings[i]);
  free(c->strings);
  free(c->cards);
  free(c->by_number);
  free(c->id_of_number);
  c->by_number = c->id_of_number = NULL;
  free(c->maps);
  free(c->errors);
  free(c->warnings);
  c->strings = NULL;
  c->nstrings = c->capstrings = 0;
  c->cards = NULL;
  c->ncards = c->capcards = 0;
  c->maps = NULL;
  c->nmaps = c->capmaps = 0;
  c->errors = NULL;
  c->warnings = NULL;
  c->warnlen = 0;
  c->errlen = 0;
  c->nerrors = 0;
  c->nbuildings = 0;
}

/* Name tables, in enum order: the index is the value. */
static const char *const icon_names[ARK_ICON_N] = {
  "predator", "herbivore", "bird", "reptile", "primate", "bear",
  "petting-zoo", "africa", "americas", "asia", "australia", "europe",
  "science", "rock", "water"
};

static const char *const bonus_names[ARK_BONUS_N] = {
  "none", "money", "reputation", "conservation", "appeal", "xtoken", "card",
  "snapping", "enclosure", "worker", "clever", "determination", "pouch",
  "multiplier", "partner-zoo", "sponsor", "kiosk", "university",
  "special-enclosure", "draw"
};

static int lookup(const char *const *names, int n, const char *s) {
  int i;
  if (s == NULL) return -1;
  for (i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

int ark_icon_from_name(const char *s) {
  return lookup(icon_names, ARK_ICON_N, s);
}

const char *ark_icon_name(int icon) {
  return (icon >= 0 && icon < ARK_ICON_N) ? icon_names[icon] : NULL;
}

int ark_bonus_from_name(const char *s) {
  return lookup(bonus_names, ARK_BONUS_N, s);
}

const char *ark_bonus_name(int bonus) {
  return (bonus >= 0 && bonus < ARK_BONUS_N) ? bonus_names[bonus] : NULL;
}

int ark_content_bonus(const ark_content *c, const char *s) {
  int k = ark_bonus_from_name(s);
  for (int i = 0; k < 0 && s && i < c->nown_bonus; i++)
    if (!strcmp(c->own_bonus[i], s)) k = ARK_BONUS_N + i;
  return k;
}

const char *ark_content_bonus_name(const ark_content *c, int kind) {
  if (kind >= ARK_BONUS_N && kind < ARK_BONUS_N + c->nown_bonus)
    return c->own_bonus[kind - ARK_BONUS_N];
  return ark_bonus_name(kind);
}

_Static_assert(ARK_BONUS_N + ARK_MAX_OWN_BONUSES <= 256, "a bonus kind fits ark_bonus.kind");
_Static_assert(ARK_MAX_OWN_BONUSES <= 32, "yaml.c keeps a map's own names as bits");

/* Two maps that bring the same name share its kind, so a fan folder's
** maps may all print one bonus of their own. */
int ark_content_add_bonus(ark_content *c, const char *s) {
  int k = ark_content_bonus(c, s);
  if (k >= 0) return k;
  if (c->nown_bonus == ARK_MAX_OWN_BONUSES || strlen(s) >= ARK_BONUS_NAME_MAX) return -1;
  snprintf(c->own_bonus[c->nown_bonus], ARK_BONUS_NAME_MAX, "%s", s);
  return ARK_BONUS_N + c->nown_bonus++;
}
