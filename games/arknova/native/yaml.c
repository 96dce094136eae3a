/*
** yaml.c - loads cards, maps and building footprints from YAML
** (docs/formats.md) into the content (ark_yaml_).
**
** Each file is parsed into a libyaml document, checked field by field, and
** only copied into the content when it has no error, so a bad file never
** leaves a half-filled definition behind.  Every problem is reported as
** "file:line: message" and loading goes on, so that one run of
** `arknova check` lists all of them.
*/
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "content.h"
#include "map.h"
#include "rules.h"

#define MSG_MAX 1024
#define WALK_MAX_DEPTH 32   /* guards against symbolic link loops */

/* The file being loaded. */
typedef struct ark_yaml_file {
  ark_content *c;
  const char *path;
  int fan;                /* from a fan folder: checked against the printed */
  unsigned own_bonuses;   /* a map: bit per own bonus name it brings */
  yaml_document_t doc;
} ark_yaml_file;

typedef void (*ark_yaml_loader)(ark_yaml_file *y, yaml_node_t *root);


/*
** {==================================================================
** Messages and node access
** ===================================================================
*/

static int line_of(const yaml_node_t *n) {
  return n ? (int)n->start_mark.line + 1 : 0;
}

static void err(ark_yaml_file *y, const yaml_node_t *n, const char *fmt, ...) {
  char buf[MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  ark_content_error(y->c, y->path, line_of(n), "%s", buf);
}

static yaml_node_t *node(ark_yaml_file *y, yaml_node_item_t id) {
  return yaml_document_get_node(&y->doc, id);
}

static const char *text(const yaml_node_t *n) {
  return (const char *)n->data.scalar.value;
}

static int is_plain(const yaml_node_t *n) {
  return n->type == YAML_SCALAR_NODE &&
         n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/* YAML's null spellings; only plain scalars can mean null. */
static int is_null(const yaml_node_t *n) {
  static const char *const nulls[] = { "", "~", "null", "Null", "NULL" };
  size_t i;
  if (!is_plain(n)) return 0;
  for (i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
    if (strcmp(text(n), nulls[i]) == 0) return 1;
  return 0;
}

/* What a node is, for "expected X, got Y" messages. */
static const char *describe(const yaml_node_t *n, char *buf, size_t cap) {
  switch (n->type) {
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE: return "a mapping";
    default:
      if (is_null(n)) return "nothing";
      snprintf(buf, cap, "\"%.40s\"", text(n));
      return buf;
  }
}

static void expected(ark_yaml_file *y, const yaml_node_t *n,
                     const char *field, const char *what) {
  char buf[64];
  err(y, n, "%s: expected %s, got %s", field, what,
      describe(n, buf, sizeof buf));
}

static int seq_len(const yaml_node_t *n) {
  return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

static yaml_node_t *seq_at(ark_yaml_file *y, const yaml_node_t *n, int i) {
  return node(y, n->data.sequence.items.start[i]);
}

static int name_index(const char *const *names, const char *s) {
  int i;
  for (i = 0; names[i] != NULL; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

/* "a, b, c" from a NULL-terminated list, truncated to fit. */
static const char *join(const char *const *names, char *buf, size_t cap) {
  size_t len = 0;
  int i;
  buf[0] = '\0';
  for (i = 0; names[i] != NULL && len + 1 < cap; i++) {
    int n = snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", names[i]);
    if (n < 0) break;
    len += (size_t)n;
  }
  return buf;
}

/* Same, from one of the content's name functions. */
static const char *join_fn(const char *(*name)(int), int n, char *buf,
                           size_t cap) {
  const char *names[32];
  int i;
  for (i = 0; i < n && i < 31; i++) names[i] = name(i);
  names[i] = NULL;
  return join(names, buf, cap);
}

/* }================================================================== */


/*
** {==================================================================
** Typed values
** ===================================================================
*/

/* The whole number n holds, into *v (1), or 0 once it has said that field
** expected one.  A number too large for a long is LONG_MAX or LONG_MIN,
** which lies outside every int range the callers check. */
static int scan_int(ark_yaml_file *y, const yaml_node_t *n, const char *field, long *v) {
  const char *s, *p;
  char *end;
  if (!is_plain(n) || is_null(n)) {
    expected(y, n, field, "an integer");
    return 0;
  }
  s = text(n);
  p = (*s == '-' || *s == '+') ? s + 1 : s;
  if (*p < '0' || *p > '9') {
    expected(y, n, field, "an integer");
    return 0;
  }
  errno = 0;
  *v = strtol(s, &end, 10);
  if (*end != '\0') {
    expected(y, n, field, "an integer");
    return 0;
  }
  return 1;
}

static int get_int(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                   int lo, int hi, int *out) {
  long v;
  if (!scan_int(y, n, field, &v)) return 0;
  if (v < lo || v > hi) {
    err(y, n, "%s: %s is out of range %d..%d", field, text(n), lo, hi);
    return 0;
  }
  *out = (int)v;
  return 1;
}

/* A string, valid while the document lives; max (0 = any) is the size of
** the char array it goes to, terminator included. */
static const char *get_str(ark_yaml_file *y, const yaml_node_t *n,
                           const char *field, size_t max) {
  size_t len;
  if (n->type != YAML_SCALAR_NODE || is_null(n)) {
    expected(y, n, field, "a string");
    return NULL;
  }
  len = n->data.scalar.length;
  if (strlen(text(n)) != len) {
    err(y, n, "%s: string contains a NUL character", field);
    return NULL;
  }
  if (max > 0 && len >= max) {
    err(y, n, "%s: \"%.40s\" is too long (at most %d characters)", field,
        text(n), (int)max - 1);
    return NULL;
  }
  return text(n);
}

static int copy_str(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                    char *dst, size_t cap) {
  const char *s = get_str(y, n, field, cap);
  if (s == NULL) return 0;
  memcpy(dst, s, strlen(s) + 1);
  return 1;
}

static int get_bool(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                    int *out) {
  static const char *const yes[] = { "true", "True", "TRUE", NULL };
  static const char *const no[] = { "false", "False", "FALSE", NULL };
  if (is_plain(n) && name_index(yes, text(n)) >= 0) *out = 1;
  else if (is_plain(n) && name_index(no, text(n)) >= 0) *out = 0;
  else {
    expected(y, n, field, "a bool (true or false)");
    return 0;
  }
  return 1;
}

/* One of a fixed set of names; -1 (reported) otherwise. */
static int get_enum(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                    const char *const *names) {
  char buf[256];
  const char *s = get_str(y, n, field, 0);
  int i;
  if (s == NULL) return -1;
  i = name_index(names, s);
  if (i < 0)
    err(y, n, "%s: unknown value \"%.40s\" (allowed: %s)", field, s,
        join(names, buf, sizeof buf));
  return i;
}

/* A printed bonus name, or one the map brings itself (its `bonuses:`
** above): a name another map brings is still a typo here. */
static int get_bonus(ark_yaml_file *y, const yaml_node_t *n,
                     const char *field) {
  char buf[300], own[ARK_MAX_OWN_BONUSES * ARK_BONUS_NAME_MAX + 40];
  const char *s = get_str(y, n, field, 0);
  int i;
  if (s == NULL) return -1;
  i = ark_content_bonus(y->c, s);
  /* "none" (kind 0) is no bonus a space or token can print */
  if (i == 0 || (i >= ARK_BONUS_N && !(y->own_bonuses >> (i - ARK_BONUS_N) & 1u))) i = -1;
  if (i < 0) {
    /* the map's own names too: a typo of one of them is the likely slip */
    size_t len = 0;
    own[0] = '\0';
    for (int k = 0; k < ARK_MAX_OWN_BONUSES; k++)
      if (y->own_bonuses >> k & 1u)
        len += (size_t)snprintf(own + len, sizeof own - len, "%s%s", len ? ", " : "; this "
                                "map's own: ", ark_content_bonus_name(y->c, ARK_BONUS_N + k));
    err(y, n, "%s: unknown bonus \"%.40s\" (bonuses: %s%s; a bonus of the map's own is "
        "named in its bonuses: list)", field, s,
        join_fn(ark_bonus_name, ARK_BONUS_N, buf, sizeof buf) + strlen("none, "), own);
  }
  return i;
}

static int is_seq(ark_yaml_file *y, const yaml_node_t *n, const char *field) {
  if (n->type == YAML_SEQUENCE_NODE) return 1;
  expected(y, n, field, "a list");
  return 0;
}

static int is_map(ark_yaml_file *y, const yaml_node_t *n, const char *field) {
  if (n->type == YAML_MAPPING_NODE) return 1;
  expected(y, n, field, "a mapping");
  return 0;
}

/* The value of field key in mapping n, or NULL. */
static yaml_node_t *find_key(ark_yaml_file *y, const yaml_node_t *n,
                             const char *key) {
  yaml_node_pair_t *p;
  for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = node(y, p->key);
    if (k->type == YAML_SCALAR_NODE && strcmp(text(k), key) == 0)
      return node(y, p->value);
  }
  return NULL;
}

/* Reports keys of mapping n that are not in allowed, or appear twice. */
static void check_keys(ark_yaml_file *y, const yaml_node_t *n,
                       const char *const *allowed, const char *what) {
  char buf[512];
  yaml_node_pair_t *p, *q;
  for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = node(y, p->key);
    if (k->type != YAML_SCALAR_NODE) {
      expected(y, k, what, "a field name");
      continue;
    }
    if (name_index(allowed, text(k)) < 0) {
      err(y, k, "unknown field \"%.40s\" in %s (allowed: %s)", text(k), what,
          join(allowed, buf, sizeof buf));
      continue;
    }
    for (q = n->data.mapping.pairs.start; q < p; q++) {
      yaml_node_t *k2 = node(y, q->key);
      if (k2->type == YAML_SCALAR_NODE && strcmp(text(k2), text(k)) == 0) {
        err(y, k, "duplicate field \"%s\" (first on line %d)", text(k),
            line_of(k2));
        break;
      }
    }
  }
}

/* Value of a required field; reports it missing at the mapping. */
static yaml_node_t *need_key(ark_yaml_file *y, const yaml_node_t *n,
                             const char *key, const char *what) {
  yaml_node_t *v = find_key(y, n, key);
  if (v == NULL) err(y, n, "%s: missing required field \"%s\"", what, key);
  return v;
}

/* A list [x, y, ...] of exactly len items whose first two are coordinates
** within lo..hi.  Extra items are left to the caller. */
static int get_xy(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                  int len, const int lo[2], const int hi[2], int xy[2]) {
  int ok;
  if (n->type == YAML_SEQUENCE_NODE && seq_len(n) != len) {   /* "got a list" said nothing */
    err(y, n, "%s: expected %s, got a list of %d", field,
        len == 2 ? "a list [x, y]" : "a list [x, y, terrain]", seq_len(n));
    return 0;
  }
  if (n->type != YAML_SEQUENCE_NODE) {
    expected(y, n, field,
             len == 2 ? "a list [x, y]" : "a list [x, y, terrain]");
    return 0;
  }
  ok = get_int(y, seq_at(y, n, 0), field, lo[0], hi[0], &xy[0]);
  ok &= get_int(y, seq_at(y, n, 1), field, lo[1], hi[1], &xy[1]);
  return ok;
}

/* }================================================================== */


/*
** {==================================================================
** Files and directories
** ===================================================================
*/

static void syntax_error(ark_content *c, const char *path,
                         const yaml_parser_t *p) {
  if (p->error == YAML_MEMORY_ERROR)
    ark_content_error(c, path, 0, "out of memory");
  else if (p->error == YAML_READER_ERROR)  /* no line for encoding errors */
    ark_content_error(c, path, 0, "YAML error at byte %lu: %s",
                      (unsigned long)p->problem_offset,
                      p->problem ? p->problem : "unknown problem");
  else if (p->context)
    ark_content_error(c, path, (int)p->problem_mark.line + 1,
                      "YAML syntax error: %s (%s on line %d)",
                      p->problem ? p->problem : "unknown problem", p->context,
                      (int)p->context_mark.line + 1);
  else
    ark_content_error(c, path, (int)p->problem_mark.line + 1,
                      "YAML syntax error: %s",
                      p->problem ? p->problem : "unknown problem");
}

/* Parses path and, if it is one well-formed document, hands its root to
** fn.  A second document in the file is refused: it would be ignored. */
static void load_file(ark_content *c, const char *path, int fan, ark_yaml_loader fn) {
  ark_yaml_file y;
  yaml_parser_t p;
  yaml_document_t extra;
  yaml_node_t *root;
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    ark_content_error(c, path, 0, "cannot open: %s", strerror(errno));
    return;
  }
  y.c = c;
  y.path = path;
  y.fan = fan;
  if (!yaml_parser_initialize(&p)) {
    ark_content_error(c, path, 0, "out of memory");
    fclose(f);
    return;
  }
  yaml_parser_set_input_file(&p, f);
  if (!yaml_parser_load(&p, &y.doc)) {
    syntax_error(c, path, &p);
  } else {
    root = yaml_document_get_root_node(&y.doc);
    if (root == NULL) {
      ark_content_error(c, path, 0, "empty file");
    } else if (!yaml_parser_load(&p, &extra)) {
      syntax_error(c, path, &p);
    } else {
      yaml_node_t *r2 = yaml_document_get_root_node(&extra);
      if (r2 != NULL)
        ark_content_error(c, path, line_of(r2),
                          "more than one YAML document in the file");
      else if (root->type != YAML_MAPPING_NODE)
        expected(&y, root, "top level", "a mapping");
      else
        fn(&y, root);
      yaml_document_delete(&extra);
    }
    yaml_document_delete(&y.doc);
  }
  yaml_parser_delete(&p);
  fclose(f);
}

typedef struct {
  char **v;
  int n, cap;
  int fan;        /* a folder of fan cards or maps: its stray files are errors */
  /* the folders walked: one that a link leads back to is walked once (two
  ** links to "." made 2^depth walks) */
  struct { dev_t dev; ino_t ino; } seen[64];
  int nseen;
} ark_yaml_paths;

/* Marks folder st as walked; 0 if it was already. */
static int first_visit(ark_yaml_paths *l, const struct stat *st) {
  for (int i = 0; i < l->nseen; i++)
    if (l->seen[i].dev == st->st_dev && l->seen[i].ino == st->st_ino) return 0;
  if (l->nseen < (int)(sizeof l->seen / sizeof l->seen[0])) {
    l->seen[l->nseen].dev = st->st_dev;
    l->seen[l->nseen++].ino = st->st_ino;
  }
  return 1;
}

static int ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && strcmp(s + a - b, suffix) == 0;
}

static char *join_path(const char *dir, const char *name) {
  size_t a = strlen(dir), b = strlen(name);
  int slash = a > 0 && dir[a - 1] != '/';
  char *s = malloc(a + b + 2);
  if (s == NULL) return NULL;
  memcpy(s, dir, a);
  if (slash) s[a] = '/';
  memcpy(s + a + slash, name, b + 1);
  return s;
}

static int add_path(ark_yaml_paths *l, char *s) {
  if (l->n == l->cap) {
    int ncap = l->cap ? l->cap * 2 : 64;
    char **v = realloc(l->v, (size_t)ncap * sizeof *v);
    if (v == NULL) return 0;
    l->v = v;
    l->cap = ncap;
  }
  l->v[l->n++] = s;
  return 1;
}

/* Collects every *.yaml below dir.  Hidden entries (editor and VCS files)
** are skipped. */
/* A file of a fan folder that is read as nothing, which its author
** surely meant to be read: a card or map file ending in .yml, a script
** with no YAML file of its name beside it. */
static void stray_file(ark_content *c, const char *path) {
  size_t len = strlen(path);
  if (ends_with(path, ".yml")) {
    ark_content_error(c, path, 0, "card and map files end in .yaml, not .yml: rename it "
                      "to be read");
  } else if (ends_with(path, ".lua")) {
    char *yaml = malloc(len + 2);
    if (!yaml) return;
    memcpy(yaml, path, len - 4);
    memcpy(yaml + len - 4, ".yaml", 6);
    if (access(yaml, F_OK) != 0) {
      const char *base = strrchr(yaml, '/');
      ark_content_error(c, path, 0, "no %s beside this script: a card's or map's script "
                        "has the name of its YAML file, with .lua", base ? base + 1 : yaml);
    }
    free(yaml);
  }
}

static void walk(ark_content *c, const char *dir, ark_yaml_paths *out,
                 int depth) {
  DIR *d;
  struct dirent *e;
  if (depth > WALK_MAX_DEPTH) {
    ark_content_error(c, dir, 0, "directories nested too deeply");
    return;
  }
  struct stat self;
  if (stat(dir, &self) == 0 && !first_visit(out, &self)) return;
  d = opendir(dir);
  if (d == NULL) {
    ark_content_error(c, dir, 0, "cannot open directory: %s", strerror(errno));
    return;
  }
  while ((e = readdir(d)) != NULL) {
    struct stat st;
    char *sub;
    if (e->d_name[0] == '.') continue;
    sub = join_path(dir, e->d_name);
    if (sub == NULL || stat(sub, &st) != 0) {
      /* A dangling link matters only if it should have been a YAML file. */
      if (sub == NULL || ends_with(sub, ".yaml"))
        ark_content_error(c, sub ? sub : dir, 0, "cannot read: %s",
                          strerror(errno));
      free(sub);
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      walk(c, sub, out, depth + 1);
      free(sub);
    } else if (S_ISREG(st.st_mode) && ends_with(sub, ".yaml")) {
      if (!add_path(out, sub)) {
        ark_content_error(c, sub, 0, "out of memory");
        free(sub);
      }
    } else {
      if (S_ISREG(st.st_mode) && out->fan) stray_file(c, sub);
      free(sub);
    }
  }
  closedir(d);
}

static int cmp_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A buildings.yaml in a fan card, map or plugin folder is not read at all:
** buildings come from the data folder alone, so a designer who put one
** there is told rather than left to find that its buildings are missing. */
static void buildings_not_read(ark_content *c, const char *path) {
  ark_content_warn(c, path, 0, "warning: not read: a fan folder cannot add buildings; "
                   "every building comes from the data folder's maps/buildings.yaml (a "
                   "fan sponsor's unique building: a data folder of its own, --data DIR, "
                   "docs/modding.md)");
}

/* Loads every *.yaml below dir (except a file named skip) in path order. */
static int load_dir(ark_content *c, const char *dir, const char *skip, int fan,
                    ark_yaml_loader fn) {
  ark_yaml_paths l = { NULL, 0, 0, fan, { { 0, 0 } }, 0 };
  int before = c->nerrors, i;
  walk(c, dir, &l, 0);
  if (fan && l.n == 0 && c->nerrors == before)
    ark_content_error(c, dir, 0, "no card or map files (*.yaml) in this folder");
  if (l.n > 0) qsort(l.v, (size_t)l.n, sizeof l.v[0], cmp_path);
  for (i = 0; i < l.n; i++) {
    const char *base = strrchr(l.v[i], '/');
    base = base ? base + 1 : l.v[i];
    if (fan && strcmp(base, "buildings.yaml") == 0) buildings_not_read(c, l.v[i]);
    else if (skip == NULL || strcmp(base, skip) != 0) load_file(c, l.v[i], fan, fn);
    free(l.v[i]);
  }
  free(l.v);
  return c->nerrors - before;
}

/* The behaviour script next to a YAML file: same stem, ".lua". */
static const char *sibling_script(ark_content *c, const char *path) {
  size_t len = strlen(path);
  const char *res = NULL;
  char *s;
  if (!ends_with(path, ".yaml")) return NULL;
  s = malloc(len);  /* ".lua" is one shorter than ".yaml" */
  if (s == NULL) return NULL;
  memcpy(s, path, len - 5);
  memcpy(s + len - 5, ".lua", 5);
  if (access(s, F_OK) == 0) res = ark_content_str(c, s);
  free(s);
  return res;
}

/* }================================================================== */


/*
** {==================================================================
** Cards
** ===================================================================
*/

#define T_A (1u << ARK_CARD_ANIMAL)
#define T_S (1u << ARK_CARD_SPONSOR)
#define T_P (1u << ARK_CARD_PROJECT)
#define T_X (1u << ARK_CARD_SCORING)
#define T_ALL (T_A | T_S | T_P | T_X)

typedef enum {
  F_INT, F_ROOM, F_CHARS, F_TYPE, F_DESC, F_TEXT, F_ICONS, F_REQUIRES, F_ABILITIES,
  F_TIMINGS, F_BOOL, F_PKIND, F_COUNTS, F_LEVELS,
  F_GAIN, F_GAINS     /* F_INT, F_LEVELS of what the rules gain in play */
} ark_yaml_how;

typedef struct {
  const char *name;
  unsigned types;     /* T_* mask: the card types that may print it */
  ark_yaml_how how;
  size_t off, size;   /* the member it fills */
  int lo, hi;         /* F_INT, F_LEVELS, F_GAIN(S): accepted range */
} ark_yaml_field;

#define MEMBER(m) offsetof(ark_card_def, m), sizeof(((ark_card_def *)0)->m)
#define NOMEMBER 0, 0

static const ark_yaml_field card_fields[] = {
  { "number", T_ALL, F_INT, MEMBER(number), 1, 32767 },
  { "name", T_ALL, F_CHARS, MEMBER(name), 0, 0 },
  { "type", T_ALL, F_TYPE, MEMBER(type), 0, 0 },
  { "description", T_ALL, F_DESC, MEMBER(description), 0, 0 },
  { "cost", T_A, F_INT, MEMBER(cost), 0, 127 },
  { "size", T_A, F_INT, MEMBER(size), 1, 5 },
  { "water", T_A, F_INT, MEMBER(water), 0, 6 },
  { "rock", T_A, F_INT, MEMBER(rock), 0, 6 },
  { "reptile_house", T_A, F_ROOM, MEMBER(reptile_size), 0, 5 },
  { "aviary", T_A, F_ROOM, MEMBER(aviary_size), 0, 5 },
  { "petting_zoo", T_A, F_ROOM, MEMBER(petting_size), 0, 5 },
  { "icons", T_ALL, F_ICONS, MEMBER(icons), 0, 0 },
  { "requires", T_A | T_S, F_REQUIRES, MEMBER(req_icons), 0, 0 },
  { "abilities", T_A, F_ABILITIES, MEMBER(abilities), 0, 0 },
  { "appeal", T_A | T_S, F_GAIN, MEMBER(appeal), 0, 127 },
  { "conservation", T_A | T_S, F_GAIN, MEMBER(conservation), 0, 127 },
  { "reputation", T_A | T_S, F_GAIN, MEMBER(reputation), 0, 127 },
  { "level", T_S, F_INT, MEMBER(level), 1, 6 },
  { "min_reputation", T_S, F_INT, MEMBER(min_reputation), 0,
    ARK_REPUTATION_MAX },
  { "timings", T_S, F_TIMINGS, MEMBER(timings), 0, 0 },
  { "building", T_S, F_CHARS, MEMBER(building), 0, 0 },
  { "base", T_P, F_BOOL, MEMBER(base), 0, 0 },
  { "kind", T_P, F_PKIND, MEMBER(proj_kind), 0, 0 },
  { "counts", T_P, F_COUNTS, MEMBER(proj_count), 0, 0 },
  { "thresholds", T_P | T_X, F_LEVELS, MEMBER(thresholds), 0, 127 },
  /* a project's rewards are gained when it is supported; a scoring card's
  ** are added at the end, where a loss of points is no error */
  { "rewards", T_P, F_GAINS, MEMBER(rewards), 0, 127 },
  { "rewards", T_X, F_LEVELS, MEMBER(rewards), -128, 127 },
  { "reputation_rewards", T_P, F_GAINS, MEMBER(rep_rewards), 0, 127 },
  { "bonus_reputation", T_P, F_GAIN, MEMBER(bonus_reputation), 0, 127 },
  { "doubt", T_ALL, F_TEXT, NOMEMBER, 0, 0 }
};

#define N_CARD_FIELDS ((int)(sizeof card_fields / sizeof card_fields[0]))

/* Is card_fields[i] a second entry of a field a type reads in mask has
** already (rewards: a card of unknown type reads and lists it once)? */
static int field_repeated(int i, unsigned mask) {
  return i > 0 && !strcmp(card_fields[i].name, card_fields[i - 1].name) &&
         (card_fields[i - 1].types & mask);
}

static const char *const card_types[] = {
  "animal", "sponsor", "project", "scoring", NULL
};
static const char *const timing_names[] = {
  "immediate", "ongoing", "end", "on-release", "on-partnership", NULL
};
static const char *const proj_kinds[] = {
  "icon", "release", "breeding", NULL
};
/* In the order of ARK_REQ_* bits. */
static const char *const req_names[] = {
  "partner-zoo", "animals-ii", "sponsors-ii", "max-appeal-25", NULL
};
/* In the order of ARK_COUNT_* from ARK_COUNT_CATEGORIES. */
static const char *const count_names[] = {
  "categories", "continents", "small-animals", "large-animals", NULL
};

/* Stores an integer into a member of size 1 or 2. */
static void put_int(void *dst, size_t size, int v) {
  if (size == 1) {
    int8_t b = (int8_t)v;
    memcpy(dst, &b, 1);
  } else {
    int16_t h = (int16_t)v;
    memcpy(dst, &h, 2);
  }
}

/* icons and requires: icon names, repeated to count; requires may also name
** the non-icon conditions (flags != NULL). */
static void icon_list(ark_yaml_file *y, const yaml_node_t *n,
                      const char *field, uint8_t counts[ARK_ICON_N],
                      uint16_t *flags, uint8_t *partner_zoos) {
  char a[256], b[128];
  int i, k;
  if (!is_seq(y, n, field)) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i);
    const char *s = get_str(y, e, field, 0);
    if (s == NULL) continue;
    if ((k = ark_icon_from_name(s)) >= 0) {
      if (counts[k] == 255) err(y, e, "%s: too many %s icons", field, s);
      else counts[k]++;
    } else if (flags != NULL && (k = name_index(req_names, s)) >= 0) {
      *flags |= (uint16_t)(1u << k);
      /* a partner zoo, like an icon, counts as often as it is named */
      if ((1u << k) == ARK_REQ_PARTNER_ZOO && *partner_zoos < 4) (*partner_zoos)++;
    } else if (flags != NULL) {
      err(y, e, "%s: unknown icon or condition \"%.40s\" (icons: %s; "
          "conditions: %s)", field, s,
          join_fn(ark_icon_name, ARK_ICON_N, a, sizeof a),
          join(req_names, b, sizeof b));
    } else {
      err(y, e, "%s: unknown icon \"%.40s\" (icons: %s)", field, s,
          join_fn(ark_icon_name, ARK_ICON_N, a, sizeof a));
    }
  }
}

static void ability_list(ark_yaml_file *y, const yaml_node_t *n,
                         ark_card_def *d) {
  int i;
  if (!is_seq(y, n, "abilities")) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i);
    if (d->n_abilities == ARK_MAX_ABILITIES) {
      err(y, e, "abilities: too many (at most %d)", ARK_MAX_ABILITIES);
      return;
    }
    if (copy_str(y, e, "abilities", d->abilities[d->n_abilities],
                 sizeof d->abilities[0])) {
      if (d->abilities[d->n_abilities][0] == '\0' ||
          d->abilities[d->n_abilities][0] == ':')
        err(y, e, "abilities: expected \"name\" or \"name:value\"");
      else
        d->ability_line[d->n_abilities++] = (uint16_t)line_of(e);
    }
  }
}

static void timing_list(ark_yaml_file *y, const yaml_node_t *n,
                        ark_card_def *d) {
  int i;
  if (!is_seq(y, n, "timings")) return;
  for (i = 0; i < seq_len(n); i++) {
    int k = get_enum(y, seq_at(y, n, i), "timings", timing_names);
    if (k >= 0) d->timings |= (uint8_t)(1u << k);
  }
}

/* get_int for field f: a printed gain below 0 also says why it cannot be
** (the rules' gain refuses it, and the game would stop when the card is
** played, naming a rules file rather than the card). */
static int field_int(ark_yaml_file *y, const yaml_node_t *n, const ark_yaml_field *f,
                     int *out) {
  long v;
  if (f->how != F_GAIN && f->how != F_GAINS) return get_int(y, n, f->name, f->lo, f->hi, out);
  if (!scan_int(y, n, f->name, &v)) return 0;
  if (v < f->lo || v > f->hi) {
    err(y, n, "%s: %s is out of range %d..%d: a card's printed gain is 0 or more (a card "
        "that lowers a track does so in its script, with ark.add)", f->name, text(n), f->lo,
        f->hi);
    return 0;
  }
  *out = (int)v;
  return 1;
}

/* thresholds, rewards, reputation_rewards: up to 4 levels each. */
static void level_list(ark_yaml_file *y, const yaml_node_t *n,
                       const ark_yaml_field *f, ark_card_def *d) {
  int8_t *dst = (int8_t *)((char *)d + f->off);
  int i, v;
  if (!is_seq(y, n, f->name)) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i);
    if (i == 4) {
      err(y, e, "%s: too many levels (at most 4)", f->name);
      return;
    }
    if (field_int(y, e, f, &v)) dst[i] = (int8_t)v;
  }
  if (i > d->n_levels) d->n_levels = (uint8_t)i;
}

static void counts_value(ark_yaml_file *y, const yaml_node_t *n,
                         ark_card_def *d) {
  const char *s = get_str(y, n, "counts", 0);
  int k;
  if (s == NULL) return;
  if ((k = name_index(count_names, s)) >= 0) {
    d->proj_count = (int16_t)(ARK_COUNT_CATEGORIES + k);
  } else if ((k = ark_icon_from_name(s)) >= 0) {
    d->proj_count = (int16_t)k;
  } else {
    char a[256], b[128];
    err(y, n, "counts: unknown value \"%.40s\" (an icon: %s; or: %s)", s,
        join_fn(ark_icon_name, ARK_ICON_N, a, sizeof a),
        join(count_names, b, sizeof b));
  }
}

static void card_field(ark_yaml_file *y, const yaml_node_t *n,
                       const ark_yaml_field *f, ark_card_def *d) {
  void *dst = (char *)d + f->off;
  const char *s;
  int v;
  switch (f->how) {
    case F_INT:
    case F_GAIN:
      if (field_int(y, n, f, &v)) put_int(dst, f->size, v);
      break;
    case F_ROOM:       /* 0: fits there, takes no room */
      if (get_int(y, n, f->name, f->lo, f->hi, &v)) put_int(dst, f->size, v ? v : ARK_ROOM_NONE);
      break;
    case F_CHARS: copy_str(y, n, f->name, (char *)dst, f->size); break;
    case F_TYPE: break;  /* read first, by load_card */
    case F_DESC:
      if ((s = get_str(y, n, f->name, 0)) != NULL)
        d->description = ark_content_str(y->c, s);
      break;
    case F_TEXT: get_str(y, n, f->name, 0); break;
    case F_ICONS: icon_list(y, n, f->name, d->icons, NULL, NULL); break;
    case F_REQUIRES:
      icon_list(y, n, f->name, d->req_icons, &d->req_flags, &d->req_partner_zoos);
      break;
    case F_ABILITIES: ability_list(y, n, d); break;
    case F_TIMINGS: timing_list(y, n, d); break;
    case F_BOOL:
      if (get_bool(y, n, f->name, &v)) put_int(dst, f->size, v);
      break;
    case F_PKIND:
      if ((v = get_enum(y, n, f->name, proj_kinds)) >= 0)
        d->proj_kind = (uint8_t)v;
      break;
    case F_COUNTS: counts_value(y, n, d); break;
    case F_LEVELS:
    case F_GAINS: level_list(y, n, f, d); break;
  }
}

static void add_card(ark_yaml_file *y, const ark_card_def *d,
                     const yaml_node_t *number) {
  ark_card_def *slot;
  int i = ark_content_find_card(y->c, d->number);
  if (i >= 0) {
    err(y, number, "duplicate card number %d (first in %s)", d->number,
        y->c->cards[i].path ? y->c->cards[i].path : "?");
    return;
  }
  slot = ark_content_new_card(y->c);
  if (slot == NULL) {
    err(y, NULL, "out of memory");
    return;
  }
  *slot = *d;
  slot->path = ark_content_str(y->c, y->path);
  slot->script = sibling_script(y->c, y->path);
}

/* A fan card that a later printed card could collide with, or whose name
** only its number tells apart from a printed one's in the options and
** logs: allowed (a variant of a printed card is a fan card's right), but
** said, since it is seldom meant. */
static void fan_card_warnings(ark_yaml_file *y, const ark_card_def *d,
                              const yaml_node_t *number) {
  if (d->number < 1000)
    ark_content_warn(y->c, y->path, line_of(number), "warning: number %d is below "
                     "1000, where the printed cards are numbered; fan cards use 1000 "
                     "and up", d->number);
  /* the file's name starts with the card's number (1001-desert-hedgehog.yaml,
  ** docs/modding.md): another number there is a copied file whose number
  ** was left or mistyped, and the card would play under the other number */
  const char *base = strrchr(y->path, '/');
  base = base ? base + 1 : y->path;
  if (base[0] >= '0' && base[0] <= '9') {
    long named = 0;
    int digits = 0;
    while (base[digits] >= '0' && base[digits] <= '9' && digits < 9)
      named = named * 10 + (base[digits++] - '0');
    if (named != d->number)
      ark_content_warn(y->c, y->path, line_of(number), "warning: number %d, but the file's "
                       "name starts with %.*s: name the file after the card's number "
                       "(%d%s), or correct the number", d->number, digits, base, d->number,
                       base + digits);
  }
  for (int i = 0; i < y->c->ncards; i++) {
    const ark_card_def *o = &y->c->cards[i];
    if (strcmp(o->name, d->name) != 0) continue;
    ark_content_warn(y->c, y->path, line_of(number), "warning: the name \"%s\" is also "
                     "card %d's (%s): options and logs tell the two apart only by number",
                     d->name, o->number, o->path ? o->path : "?");
    break;
  }
}

/* A file where cards are read that is plainly no card but a map (cells:)
** or a scenario (setup:, decisions:, expect:), without a card's type:
** said once, with what reads it, instead of one error per field. */
static int not_a_card(ark_yaml_file *y, yaml_node_t *root) {
  if (root->type != YAML_MAPPING_NODE || find_key(y, root, "type")) return 0;
  if (find_key(y, root, "cells")) {
    err(y, root, "this is a map (it has cells:), not a card: maps are read from a map "
        "folder of their own, given as --maps DIR");
    return 1;
  }
  if (find_key(y, root, "setup") || find_key(y, root, "decisions") ||
      find_key(y, root, "expect")) {
    err(y, root, "this is a scenario (it has setup:, decisions: or expect:), not a card: "
        "run it with arknova scenario FILE, and keep it out of card folders");
    return 1;
  }
  return 0;
}

static void load_card(ark_yaml_file *y, yaml_node_t *root) {
  static const char *const what[] = {
    "an animal card", "a sponsor card", "a project card", "a scoring card"
  };
  const char *allowed[N_CARD_FIELDS + 1];
  ark_card_def d;
  yaml_node_t *tn, *num;
  int before = y->c->nerrors, type = -1, i, na = 0;
  unsigned mask = T_ALL;
  memset(&d, 0, sizeof d);
  d.proj_count = -1;
  if (not_a_card(y, root)) return;
  tn = need_key(y, root, "type", "card");
  if (tn != NULL && (type = get_enum(y, tn, "type", card_types)) >= 0) {
    d.type = (uint8_t)type;
    mask = 1u << type;
  }
  /* Fields of other card types are unknown here: a sponsor has no cost. */
  for (i = 0; i < N_CARD_FIELDS; i++)
    if ((card_fields[i].types & mask) && !field_repeated(i, mask))
      allowed[na++] = card_fields[i].name;
  allowed[na] = NULL;
  check_keys(y, root, allowed, type >= 0 ? what[type] : "a card");
  num = need_key(y, root, "number", "card");
  need_key(y, root, "name", "card");
  /* a missing number means 0, except where 0 is no card's value: an
  ** animal's price and a sponsor's level must be printed */
  if (type == ARK_CARD_ANIMAL) need_key(y, root, "cost", "an animal card");
  if (type == ARK_CARD_SPONSOR) need_key(y, root, "level", "a sponsor card");
  for (i = 0; i < N_CARD_FIELDS; i++) {
    yaml_node_t *v;
    if (!(card_fields[i].types & mask) || field_repeated(i, mask)) continue;
    if ((v = find_key(y, root, card_fields[i].name)) != NULL)
      card_field(y, v, &card_fields[i], &d);
  }
  /* what a game would trip over later: a nameless card among the options,
  ** a sponsor whose building the rules cannot find (the game stopped with
  ** "unknown building" when it was played, naming no file) */
  if (y->c->nerrors == before && d.name[0] == '\0')
    err(y, find_key(y, root, "name"), "name: must not be empty");
  if (y->c->nerrors == before && d.building[0] && y->c->nbuildings > 0 &&
      ark_content_find_building(y->c, d.building) < 0)
    err(y, find_key(y, root, "building"), "building: unknown building \"%.40s\" (the "
        "buildings are those of the data folder's maps/buildings.yaml; a fan folder cannot "
        "add one: docs/modding.md)", d.building);
  if (type == ARK_CARD_ANIMAL && !d.size && !d.reptile_size && !d.aviary_size &&
      !d.petting_size && y->c->nerrors == before)
    err(y, root, "an animal card needs a size or a special enclosure it fits "
        "(reptile_house, aviary, petting_zoo)");
  if (y->c->nerrors == before && y->fan) fan_card_warnings(y, &d, num);
  if (y->c->nerrors == before) add_card(y, &d, num);
}

int ark_yaml_load_cards(ark_content *c, const char *dir, int fan) {
  return load_dir(c, dir, NULL, fan, load_card);
}

/* }================================================================== */


/*
** {==================================================================
** Maps
** ===================================================================
*/

static const int grid_lo[2] = { 0, 0 };
static const int grid_hi[2] = { ARK_GRID_W - 1, ARK_GRID_H - 1 };
static const int off_lo[2] = { -128, -128 };
static const int off_hi[2] = { 127, 127 };

/* A cell [x, y] that must exist on m; its index or -1 (reported). */
static int map_cell(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                    const ark_map_def *m) {
  int xy[2], cell;
  if (!get_xy(y, n, field, 2, grid_lo, grid_hi, xy)) return -1;
  cell = ARK_CELL(xy[0], xy[1]);
  if (!m->exists[cell]) {
    err(y, n, "%s: (%d,%d) is not a cell of this map", field, xy[0], xy[1]);
    return -1;
  }
  return cell;
}

static void map_cells(ark_yaml_file *y, const yaml_node_t *n, ark_map_def *m) {
  static const char *const terrains[] = { "plain", "water", "rock", NULL };
  int i;
  if (!is_seq(y, n, "cells")) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i);
    int xy[2], t, cell;
    if (!get_xy(y, e, "cells", 3, grid_lo, grid_hi, xy)) continue;
    if ((t = get_enum(y, seq_at(y, e, 2), "cells", terrains)) < 0) continue;
    cell = ARK_CELL(xy[0], xy[1]);
    if (m->exists[cell]) {
      err(y, e, "cells: (%d,%d) is listed twice", xy[0], xy[1]);
      continue;
    }
    m->exists[cell] = 1;
    m->terrain[cell] = (uint8_t)t;
  }
}

static void map_build2(ark_yaml_file *y, const yaml_node_t *n, ark_map_def *m) {
  int i, cell;
  if (!is_seq(y, n, "build2")) return;
  for (i = 0; i < seq_len(n); i++)
    if ((cell = map_cell(y, seq_at(y, n, i), "build2", m)) >= 0)
      m->build2[cell] = 1;
}

/* bonuses: [NAME, ...], the bonus names a map brings of its own: letters,
** digits and '-', none a printed one (the rules would carry that out
** themselves, not the map's script). */
static void map_own_bonuses(ark_yaml_file *y, const yaml_node_t *n) {
  const char *field = "bonuses";
  if (!is_seq(y, n, field)) return;
  for (int i = 0; i < seq_len(n); i++) {
    const yaml_node_t *e = seq_at(y, n, i);
    const char *s = get_str(y, e, field, 0);
    if (s == NULL) continue;
    size_t len = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-");
    int k;
    if (len == 0 || s[len] || len >= ARK_BONUS_NAME_MAX)
      err(y, e, "%s: \"%.40s\": a name of 1 to %d lower-case letters, digits and '-'",
          field, s, ARK_BONUS_NAME_MAX - 1);
    else if (ark_bonus_from_name(s) >= 0)
      err(y, e, "%s: \"%s\" is a bonus the rules carry out: the map's own needs "
          "another name", field, s);
    else if ((k = ark_content_add_bonus(y->c, s)) < 0)
      err(y, e, "%s: \"%s\": the maps bring more than %d bonus names of their own",
          field, s, ARK_MAX_OWN_BONUSES);
    else if (y->own_bonuses >> (k - ARK_BONUS_N) & 1u)
      err(y, e, "%s: \"%s\" is listed twice", field, s);
    else
      y->own_bonuses |= 1u << (k - ARK_BONUS_N);
  }
}

/* What the value of each printed bonus kind means, and the values that
** make sense (those of the printed maps lie inside).  A kind whose rules
** give one thing whatever the value (a kiosk, a university) takes 1 only. */
static const struct { int lo, hi; const char *means; } bonus_values[ARK_BONUS_N] = {
  [ARK_BONUS_MONEY] = { 1, 127, "the money gained" },
  [ARK_BONUS_REPUTATION] = { 1, 10, "the reputation gained" },
  [ARK_BONUS_CONSERVATION] = { 1, 5, "the conservation points gained" },
  [ARK_BONUS_APPEAL] = { 1, 20, "the appeal gained" },
  [ARK_BONUS_XTOKEN] = { 1, 5, "the X-tokens gained" },
  [ARK_BONUS_CARD] = { 1, 5, "the cards taken" },
  [ARK_BONUS_SNAPPING] = { 1, 5, "the cards snapped" },
  [ARK_BONUS_ENCLOSURE] = { 1, 5, "the size of the free standard enclosure" },
  [ARK_BONUS_WORKER] = { 1, 4, "the association workers gained" },
  [ARK_BONUS_CLEVER] = { 1, 5, "the action cards moved to slot 1" },
  [ARK_BONUS_DETERMINATION] = { 1, 5, "the tokens gained" },
  [ARK_BONUS_POUCH] = { 1, 5, "the tokens gained" },
  /* printed "x2" on map 4, as the token doubles an action: one token is
  ** placed (rules.lua), so a larger value would promise what no rule gives */
  [ARK_BONUS_MULTIPLIER] = { 1, 2, "the token's printed factor: one token is placed" },
  [ARK_BONUS_PARTNER_ZOO] = { 1, 1, "always 1 (it gives one partner zoo)" },
  [ARK_BONUS_SPONSOR] = { 1, 1, "always 1 (it plays one sponsor)" },
  [ARK_BONUS_KIOSK] = { 1, 1, "always 1 (it gives one free kiosk)" },
  [ARK_BONUS_UNIVERSITY] = { 1, 1, "always 1 (it gives one university)" },
  [ARK_BONUS_SPECIAL_ENCLOSURE] = { 1, 1, "always 1 (it gives one free special enclosure)" },
  [ARK_BONUS_CARDS_DRAW] = { 1, 5, "the cards drawn" },
};

/* {bonus: NAME, value: N}, shared by placement bonuses and edge slots.  A
** printed kind's value is 1 when left out, and must make sense; a map's own
** bonus's value is its script's to read. */
static int map_bonus(ark_yaml_file *y, const yaml_node_t *n, const char *field,
                     ark_bonus *b) {
  yaml_node_t *v;
  int k, value;
  if ((v = need_key(y, n, "bonus", field)) == NULL) return 0;
  if ((k = get_bonus(y, v, field)) < 0) return 0;
  value = k < ARK_BONUS_N ? 1 : 0;
  if ((v = find_key(y, n, "value")) != NULL &&
      !get_int(y, v, field, -128, 127, &value))
    return 0;
  if (k > ARK_BONUS_NONE && k < ARK_BONUS_N &&
      (value < bonus_values[k].lo || value > bonus_values[k].hi)) {
    if (bonus_values[k].lo == bonus_values[k].hi)
      err(y, v ? v : n, "%s: %s bonus with value %d: its value is %s", field,
          ark_bonus_name(k), value, bonus_values[k].means);
    else
      err(y, v ? v : n, "%s: %s bonus with value %d, outside %d..%d (%s)", field,
          ark_bonus_name(k), value, bonus_values[k].lo, bonus_values[k].hi,
          bonus_values[k].means);
    return 0;
  }
  b->kind = (uint8_t)k;
  b->value = (int8_t)value;
  return 1;
}

static void map_placements(ark_yaml_file *y, const yaml_node_t *n,
                           ark_map_def *m) {
  static const char *const keys[] = { "at", "bonus", "value", NULL };
  const char *field = "placement_bonuses";
  int i;
  if (!is_seq(y, n, field)) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i), *at;
    ark_bonus b;
    int cell;
    if (!is_map(y, e, field)) continue;
    check_keys(y, e, keys, "a placement bonus");
    if ((at = need_key(y, e, "at", field)) == NULL) continue;
    if ((cell = map_cell(y, at, field, m)) < 0) continue;
    if (!map_bonus(y, e, field, &b)) continue;
    if (m->place_bonus[cell].kind != ARK_BONUS_NONE) {
      err(y, e, "%s: two bonuses on (%d,%d)", field, ARK_CELL_X(cell),
          ARK_CELL_Y(cell));
      continue;
    }
    m->place_bonus[cell] = b;
    /* gained only by a zoo that may build on water and rock (Diversity
    ** Researcher): on a printed map never, so most likely a slip */
    if (m->terrain[cell] != ARK_TERRAIN_PLAIN)
      ark_content_warn(y->c, y->path, line_of(e), "warning: %s: (%d,%d) is %s, which no "
                       "building covers (but in a zoo that may build on water and rock, "
                       "sponsor 219): the bonus is almost never gained", field,
                       ARK_CELL_X(cell), ARK_CELL_Y(cell),
                       m->terrain[cell] == ARK_TERRAIN_WATER ? "water" : "rock");
  }
}

static void map_edge(ark_yaml_file *y, const yaml_node_t *n, ark_map_def *m) {
  static const char *const keys[] = { "bonus", "value", "recurring", NULL };
  int i;
  if (!is_seq(y, n, "edge")) return;
  /* a printed map edge holds exactly 7 tokens (more: reported below) */
  if (seq_len(n) < ARK_EDGE_SLOTS)
    err(y, n, "edge: %d slots, a map edge has exactly %d", seq_len(n), ARK_EDGE_SLOTS);
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i), *v;
    ark_edge_slot s = { { 0, 0 }, 0 };
    int rec = 0;
    if (i == ARK_EDGE_SLOTS) {
      err(y, e, "edge: too many slots (at most %d)", ARK_EDGE_SLOTS);
      return;
    }
    if (!is_map(y, e, "edge")) continue;
    check_keys(y, e, keys, "an edge slot");
    if (!map_bonus(y, e, "edge", &s.bonus)) continue;
    if ((v = find_key(y, e, "recurring")) != NULL &&
        !get_bool(y, v, "recurring", &rec))
      continue;
    s.recurring = (uint8_t)rec;
    m->slots[m->n_slots++] = s;
  }
}

static void start_cells(ark_yaml_file *y, const yaml_node_t *n,
                        ark_start_building *s, const ark_map_def *m) {
  int i, cell;
  if (!is_seq(y, n, "start_buildings")) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i);
    if (i == ARK_MAX_FOOTPRINT) {
      err(y, e, "start_buildings: too many cells (at most %d)",
          ARK_MAX_FOOTPRINT);
      return;
    }
    if ((cell = map_cell(y, e, "start_buildings", m)) >= 0)
      s->cells[s->ncells++] = (uint8_t)cell;
  }
  if (i == 0) err(y, n, "start_buildings: a building needs cells");
}

static void map_start(ark_yaml_file *y, const yaml_node_t *n, ark_map_def *m) {
  static const char *const keys[] = { "type", "cells", NULL };
  const char *field = "start_buildings";
  int i, def;
  /* the buildings standing so far, for the rules each next one meets */
  ark_zoo zoo;
  memset(&zoo, 0, sizeof zoo);
  if (!is_seq(y, n, field)) return;
  ark_map_derive(m);              /* the rules read the border spaces */
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i), *v;
    ark_start_building s;
    int before = y->c->nerrors;
    if (i == ARK_MAX_START_BUILDINGS) {
      err(y, e, "%s: too many (at most %d)", field, ARK_MAX_START_BUILDINGS);
      return;
    }
    if (!is_map(y, e, field)) continue;
    memset(&s, 0, sizeof s);
    check_keys(y, e, keys, "a start building");
    if ((v = need_key(y, e, "type", field)) == NULL ||
        !copy_str(y, v, field, s.type, sizeof s.type))
      continue;
    /* Buildings may be loaded after the maps: check only when known. */
    def = y->c->nbuildings > 0 ? ark_content_find_building(y->c, s.type) : -1;
    if (y->c->nbuildings > 0 && def < 0)
      err(y, v, "%s: unknown building \"%s\"", field, s.type);
    if ((v = need_key(y, e, "cells", field)) == NULL) continue;
    start_cells(y, v, &s, m);
    m->start[m->n_start++] = s;
    /* a start building meets the rules every building of a zoo meets (the
    ** game places it as written): map.c's, so check and game agree */
    if (def >= 0 && y->c->nerrors == before) {
      ark_place pl;
      char why[200];
      memset(&pl, 0, sizeof pl);
      pl.ncells = s.ncells;
      memcpy(pl.cells, s.cells, s.ncells);
      if (ark_map_start_problem(m, &zoo, y->c->buildings, def, &pl, why, sizeof why))
        err(y, e, "%s: %s: %s", field, s.type, why);
      else {
        ark_map_place(&zoo, def, &pl);
        for (int k = 0; k < s.ncells; k++)
          if (m->place_bonus[s.cells[k]].kind != ARK_BONUS_NONE)
            ark_content_warn(y->c, y->path, line_of(e), "warning: %s: %s covers the %s "
                             "bonus at (%d,%d) from the start, so no one gains it", field,
                             s.type, ark_content_bonus_name(y->c, m->place_bonus[s.cells[k]].kind),
                             ARK_CELL_X(s.cells[k]), ARK_CELL_Y(s.cells[k]));
      }
    }
  }
}

/* Is (x, y), beside the board, next to a space of map m (one of the six
** grid steps of map.c away)?  Abilities ask ark.map_touches of such a
** place, which no building can touch otherwise. */
static int beside_a_space(const ark_map_def *m, int x, int y) {
  static const int dx[6] = { -1, -1, 0, 0, 1, 1 };
  static const int dy[6] = { -1, 1, -2, 2, -1, 1 };
  for (int k = 0; k < 6; k++) {
    int nx = x + dx[k], ny = y + dy[k];
    if (nx >= 0 && nx < ARK_GRID_W && ny >= 0 && ny < ARK_GRID_H && m->exists[ARK_CELL(nx, ny)])
      return 1;
  }
  return 0;
}

static void map_features(ark_yaml_file *y, const yaml_node_t *n,
                         ark_map_def *m) {
  static const char *const keys[] = { "kind", "at", "off_board", "note", NULL };
  const char *field = "features";
  int i;
  if (!is_seq(y, n, field)) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i), *v;
    ark_feature f;
    int off = 0, xy[2];
    if (i == ARK_MAX_FEATURES) {
      err(y, e, "%s: too many (at most %d)", field, ARK_MAX_FEATURES);
      return;
    }
    if (!is_map(y, e, field)) continue;
    memset(&f, 0, sizeof f);
    check_keys(y, e, keys, "a feature");
    /* kept so that a host can say what the place is */
    if ((v = find_key(y, e, "note")) != NULL)
      f.note = ark_content_str(y->c, get_str(y, v, field, 0));
    if ((v = find_key(y, e, "off_board")) != NULL &&
        !get_bool(y, v, "off_board", &off))
      continue;
    if ((v = need_key(y, e, "kind", field)) == NULL ||
        !copy_str(y, v, field, f.kind, sizeof f.kind))
      continue;
    if ((v = need_key(y, e, "at", field)) == NULL ||
        !get_xy(y, v, field, 2, off ? off_lo : grid_lo, off ? off_hi : grid_hi,
                xy))
      continue;
    /* a place on the board is one of its spaces; one beside the board
    ** (a harbour) is marked off_board and lies off the map */
    if (!off && !m->exists[ARK_CELL(xy[0], xy[1])]) {
      err(y, v, "%s: (%d,%d) is not a cell of this map (off_board: true for a place "
          "beside the board)", field, xy[0], xy[1]);
      continue;
    }
    if (off && xy[0] >= 0 && xy[0] < ARK_GRID_W && xy[1] >= 0 && xy[1] < ARK_GRID_H &&
        m->exists[ARK_CELL(xy[0], xy[1])]) {
      err(y, v, "%s: (%d,%d) is a cell of this map but marked off_board", field, xy[0], xy[1]);
      continue;
    }
    /* a fan map's: the printed maps' places were read off the boards */
    if (off && y->fan && !beside_a_space(m, xy[0], xy[1])) {
      err(y, v, "%s: (%d,%d) is marked off_board but lies next to no space of this map (a "
          "place beside the board touches one)", field, xy[0], xy[1]);
      continue;
    }
    f.x = (int8_t)xy[0];
    f.y = (int8_t)xy[1];
    f.off_board = (uint8_t)off;
    m->features[m->n_features++] = f;
  }
}

static void map_strings(ark_yaml_file *y, const yaml_node_t *n) {
  int i;
  if (!is_seq(y, n, "doubts")) return;
  for (i = 0; i < seq_len(n); i++) get_str(y, seq_at(y, n, i), "doubts", 0);
}

/* A map must be one piece: placement rules walk it by neighbours. */
static int map_unreached(const ark_map_def *m) {
  static const int dx[6] = { 0, 0, -1, 1, -1, 1 };
  static const int dy[6] = { -2, 2, -1, -1, 1, 1 };
  uint8_t seen[ARK_CELLS];
  int queue[ARK_CELLS], head = 0, tail = 0, c, k;
  memset(seen, 0, sizeof seen);
  for (c = 0; c < ARK_CELLS && !m->exists[c]; c++) {}
  if (c == ARK_CELLS) return -1;
  seen[c] = 1;
  queue[tail++] = c;
  while (head < tail) {
    int x, yy;
    c = queue[head++];
    x = ARK_CELL_X(c);
    yy = ARK_CELL_Y(c);
    for (k = 0; k < 6; k++) {
      int nx = x + dx[k], ny = yy + dy[k], nc;
      if (nx < 0 || nx >= ARK_GRID_W || ny < 0 || ny >= ARK_GRID_H) continue;
      nc = ARK_CELL(nx, ny);
      if (m->exists[nc] && !seen[nc]) {
        seen[nc] = 1;
        queue[tail++] = nc;
      }
    }
  }
  for (c = 0; c < ARK_CELLS; c++)
    if (m->exists[c] && !seen[c]) return c;
  return -1;
}

/* `script:` names the ability script when it is not the YAML's sibling,
** so both sides of a printed map share one file.  Relative to the YAML. */
static const char *map_script(ark_yaml_file *y, const yaml_node_t *n) {
  char path[1200];
  const char *rel = get_str(y, n, "script", 512);
  const char *slash = strrchr(y->path, '/');
  if (rel == NULL) return NULL;
  snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - y->path + 1) : 0, y->path, rel);
  if (access(path, F_OK) != 0) {
    err(y, n, "script: file not found: %s", path);
    return NULL;
  }
  return ark_content_str(y->c, path);
}

static void add_map(ark_yaml_file *y, const ark_map_def *m,
                    const yaml_node_t *id, const yaml_node_t *own) {
  ark_map_def *slot;
  int i = ark_content_find_map(y->c, m->id);
  if (i >= 0) {
    err(y, id, "duplicate map id \"%s\" (first in %s)", m->id,
        y->c->maps[i].path ? y->c->maps[i].path : "?");
    return;
  }
  slot = ark_content_new_map(y->c);
  if (slot == NULL) {
    err(y, NULL, "out of memory");
    return;
  }
  *slot = *m;
  slot->path = ark_content_str(y->c, y->path);
  if (!slot->script) slot->script = sibling_script(y->c, y->path);
  /* its own bonuses are carried out by its script's bonus handler only
  ** (a script without one is warned of as it loads, lua_bridge.c) */
  if (slot->own_bonuses && !slot->script && own)
    ark_content_warn(y->c, y->path, line_of(own), "warning: bonuses: the map prints bonuses of "
                     "its own, and it has no script whose bonus handler carries them out: they "
                     "do nothing (docs/maps.md)");
  ark_map_derive(slot);
}

static void load_map(ark_yaml_file *y, yaml_node_t *root) {
  static const char *const keys[] = {
    "id", "name", "side", "provenance", "cells", "build2",
    "placement_bonuses", "edge", "start_buildings", "features", "ability",
    "doubts", "script", "bonuses", NULL
  };
  static const char *const sides[] = { "front", "alternative", NULL };
  ark_map_def map, *m = &map;
  yaml_node_t *id, *cells, *v;
  int before = y->c->nerrors;
  memset(m, 0, sizeof *m);
  check_keys(y, root, keys, "a map");
  if ((id = need_key(y, root, "id", "map")) != NULL)
    copy_str(y, id, "id", m->id, sizeof m->id);
  /* --map advanced is advanced mode: a map of that id could not be chosen */
  if (id != NULL && !strcmp(m->id, "advanced"))
    err(y, id, "id: \"advanced\" is --map's word for advanced mode: give the map another id");
  if ((v = need_key(y, root, "name", "map")) != NULL)
    copy_str(y, v, "name", m->name, sizeof m->name);
  if ((v = find_key(y, root, "side")) != NULL) get_enum(y, v, "side", sides);
  if ((v = find_key(y, root, "provenance")) != NULL)
    get_str(y, v, "provenance", 0);
  if ((v = find_key(y, root, "ability")) != NULL)
    m->ability = ark_content_str(y->c, get_str(y, v, "ability", 0));
  if ((v = find_key(y, root, "doubts")) != NULL) map_strings(y, v);
  if ((v = find_key(y, root, "script")) != NULL) m->script = map_script(y, v);
  /* Cells first: every other list refers to them. */
  if ((cells = need_key(y, root, "cells", "map")) != NULL)
    map_cells(y, cells, m);
  if ((v = find_key(y, root, "build2")) != NULL) map_build2(y, v, m);
  y->own_bonuses = 0;
  if ((v = find_key(y, root, "bonuses")) != NULL) map_own_bonuses(y, v);
  m->own_bonuses = y->own_bonuses;
  if ((v = find_key(y, root, "placement_bonuses")) != NULL)
    map_placements(y, v, m);
  /* required: a map without one played with no map-edge bonus at all */
  if ((v = need_key(y, root, "edge", "map")) != NULL) map_edge(y, v, m);
  if ((v = find_key(y, root, "start_buildings")) != NULL) map_start(y, v, m);
  if ((v = find_key(y, root, "features")) != NULL) map_features(y, v, m);
  /* checked whatever else is wrong, so one run of check lists it too */
  if (cells != NULL) {
    int cell = map_unreached(m);
    if (cell >= 0)
      err(y, cells, "map is not connected: (%d,%d) cannot be reached from the "
          "first cell", ARK_CELL_X(cell), ARK_CELL_Y(cell));
  }
  if (y->c->nerrors == before) add_map(y, m, id, find_key(y, root, "bonuses"));
}

int ark_yaml_load_maps(ark_content *c, const char *dir, int fan) {
  /* the data folder's buildings.yaml shares the folder but is not a map
  ** (load.c reads it); a fan folder's is warned of by load_dir */
  return load_dir(c, dir, "buildings.yaml", fan, load_map);
}

/* }================================================================== */


/*
** {==================================================================
** Buildings
** ===================================================================
*/

static void building_cells(ark_yaml_file *y, const yaml_node_t *n,
                           ark_building_def *b) {
  static const int lo[2] = { -ARK_GRID_H, -ARK_GRID_H };
  static const int hi[2] = { ARK_GRID_H, ARK_GRID_H };
  int i, qr[2];
  if (!is_seq(y, n, "cells")) return;
  for (i = 0; i < seq_len(n); i++) {
    yaml_node_t *e = seq_at(y, n, i);
    if (i == ARK_MAX_FOOTPRINT) {
      err(y, e, "cells: too many (at most %d)", ARK_MAX_FOOTPRINT);
      return;
    }
    if (!get_xy(y, e, "cells", 2, lo, hi, qr)) continue;
    b->q[b->ncells] = (int8_t)qr[0];
    b->r[b->ncells] = (int8_t)qr[1];
    b->ncells++;
  }
  if (i == 0) err(y, n, "cells: a building needs at least one cell");
}

/* Small unsigned fields of a building. */
static void building_u8(ark_yaml_file *y, const yaml_node_t *e,
                        const char *key, int hi, uint8_t *dst) {
  yaml_node_t *v = find_key(y, e, key);
  int x;
  if (v != NULL && get_int(y, v, key, 0, hi, &x)) *dst = (uint8_t)x;
}

static void building_flag(ark_yaml_file *y, const yaml_node_t *e,
                          const char *key, uint8_t *dst) {
  yaml_node_t *v = find_key(y, e, key);
  int x;
  if (v != NULL && get_bool(y, v, key, &x)) *dst = (uint8_t)x;
}

static void load_building(ark_yaml_file *y, const yaml_node_t *e) {
  static const char *const keys[] = {
    "key", "kind", "cells", "capacity", "build2", "adjacent_rock",
    "adjacent_water", "border_spaces", "ignores_adjacency", "sponsor", NULL
  };
  static const char *const kinds[] = {
    "enclosure", "kiosk", "pavilion", "special", "unique", NULL
  };
  ark_building_def b;
  yaml_node_t *key, *v;
  int before = y->c->nerrors, x;
  if (!is_map(y, e, "buildings")) return;
  memset(&b, 0, sizeof b);
  check_keys(y, e, keys, "a building");
  if ((key = need_key(y, e, "key", "building")) != NULL)
    copy_str(y, key, "key", b.key, sizeof b.key);
  if ((v = need_key(y, e, "kind", "building")) != NULL &&
      (x = get_enum(y, v, "kind", kinds)) >= 0)
    b.kind = (uint8_t)x;
  if ((v = need_key(y, e, "cells", "building")) != NULL)
    building_cells(y, v, &b);
  building_u8(y, e, "capacity", 99, &b.capacity);
  building_u8(y, e, "adjacent_rock", 6, &b.adjacent_rock);
  building_u8(y, e, "adjacent_water", 6, &b.adjacent_water);
  building_u8(y, e, "border_spaces", 6, &b.border_spaces);
  building_flag(y, e, "build2", &b.needs_build2);
  building_flag(y, e, "ignores_adjacency", &b.ignores_adjacency);
  if ((v = find_key(y, e, "sponsor")) != NULL &&
      get_int(y, v, "sponsor", 1, 32767, &x))
    b.sponsor = (int16_t)x;
  if (y->c->nerrors != before) return;
  if (ark_content_find_building(y->c, b.key) >= 0)
    err(y, key, "duplicate building key \"%s\"", b.key);
  else if (y->c->nbuildings == ARK_MAX_BUILDING_DEFS)
    err(y, e, "too many buildings (at most %d)", ARK_MAX_BUILDING_DEFS);
  else
    y->c->buildings[y->c->nbuildings++] = b;
}

static void load_buildings(ark_yaml_file *y, yaml_node_t *root) {
  static const char *const keys[] = { "buildings", NULL };
  yaml_node_t *list;
  int i;
  check_keys(y, root, keys, "the buildings file");
  if ((list = need_key(y, root, "buildings", "buildings file")) == NULL ||
      !is_seq(y, list, "buildings"))
    return;
  for (i = 0; i < seq_len(list); i++) load_building(y, seq_at(y, list, i));
}

/*
** {==================================================================
** Plugins
** ===================================================================
*/

/* One number of rule key at node n, within the rule's range: one message
** for a number too low or too high however far (ruleset.c's). */
static int rule_int(ark_yaml_file *y, const yaml_node_t *n, const char *key, int *out) {
  int lo = -100000, hi = 100000;
  long v;
  char msg[400];
  ark_ruleset_range(key, &lo, &hi);     /* an unknown rule: reported after */
  if (!scan_int(y, n, key, &v)) return 0;
  if (v < lo || v > hi) {
    ark_ruleset_out_of_range(key, text(n), msg, sizeof msg);
    err(y, n, "%s", msg);
    return 0;
  }
  *out = (int)v;
  return 1;
}

static void plugin_rule(ark_yaml_file *y, ark_plugin_def *pl, yaml_node_t *k,
                        yaml_node_t *v) {
  int vals[ARK_INCOME_BANDS * 3], n = 0, ok = 1;
  char msg[512];
  const char *key = text(k);
  if (v->type == YAML_SEQUENCE_NODE) {
    for (int i = 0; i < seq_len(v); i++) {
      yaml_node_t *e = seq_at(y, v, i);
      if (e->type == YAML_SEQUENCE_NODE) {       /* income: [[0, 5, 1], ...] */
        for (int j = 0; j < seq_len(e) && n < ARK_INCOME_BANDS * 3; j++)
          ok &= rule_int(y, seq_at(y, e, j), key, &vals[n++]);
      } else if (n < ARK_INCOME_BANDS * 3) {
        ok &= rule_int(y, e, key, &vals[n++]);
      }
    }
  } else {
    ok = rule_int(y, v, key, &vals[n++]);
  }
  if (!ok) return;
  int idx = name_index(ark_ruleset_keys, key);
  if (idx >= 0 && y->c->rule_owner[idx][0]) {
    if (!strcmp(y->c->rule_owner[idx], pl->name))
      err(y, k, "rule %s is set twice in this file", key);
    else
      err(y, k, "rule %s is also set by plugin %s: remove it from one of them", key,
          y->c->rule_owner[idx]);
    return;
  }
  if (ark_ruleset_set(&y->c->rules, key, vals, n, msg, sizeof msg) != 0) {
    err(y, k, "%s", msg);
    return;
  }
  snprintf(y->c->rule_owner[idx], sizeof y->c->rule_owner[idx], "%s", pl->name);
}

/* The rules as this plugin leaves them (with those of the plugins before
** it), checked against one another: a contradiction this plugin took part
** in is reported at the line of the rule it set (rules, the mapping, where
** it set neither: its rules made the pair meet), naming the plugin that
** set the other. */
static void plugin_rules_agree(ark_yaml_file *y, ark_plugin_def *pl, yaml_node_t *rules) {
  const char *keys[ARK_RULE_CONFLICT_KEYS];
  char why[400];
  for (int i = 0;; i++) {
    int bad = ark_ruleset_conflict(&y->c->rules, i, keys, why, sizeof why);
    if (bad < 0) break;
    if (!bad) continue;
    yaml_node_t *at = NULL;
    const char *other = NULL;
    for (int k = 0; k < ARK_RULE_CONFLICT_KEYS && keys[k]; k++) {
      yaml_node_t *v = find_key(y, rules, keys[k]);
      int idx = name_index(ark_ruleset_keys, keys[k]);
      if (v && !at) at = v;
      else if (!v && idx >= 0 && y->c->rule_owner[idx][0] &&
               strcmp(y->c->rule_owner[idx], pl->name))
        other = y->c->rule_owner[idx];
    }
    if (!at) continue;                   /* not this plugin's doing */
    if (other) err(y, at, "%s (the other rule is set by plugin %s)", why, other);
    else err(y, at, "%s", why);
  }
}

/* A path below the plugin folder, or NULL (reported) if it is missing. */
static const char *plugin_path(ark_yaml_file *y, ark_plugin_def *pl, yaml_node_t *v,
                               const char *field, int want_dir) {
  char path[1200];
  struct stat st;
  const char *rel = get_str(y, v, field, 512);
  if (!rel) return NULL;
  snprintf(path, sizeof path, "%s/%s", pl->dir, rel);
  if (stat(path, &st) != 0 || (want_dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))) {
    err(y, v, "%s: %s not found: %s", field, want_dir ? "folder" : "file", path);
    return NULL;
  }
  return ark_content_str(y->c, path);
}

static void load_plugin(ark_yaml_file *y, yaml_node_t *root) {
  static const char *const keys[] = { "name", "version", "description", "provides",
                                      "rules", "cards", "maps", "script", NULL };
  static const char *const provides[] = { "rules", "cards", "maps", "hooks", NULL };
  ark_content *c = y->c;
  ark_plugin_def *pl = &c->plugins[c->nplugins];
  yaml_node_t *v;
  if (!is_map(y, root, "plugin.yaml")) return;
  check_keys(y, root, keys, "plugin.yaml");
  if ((v = need_key(y, root, "name", "plugin")) && !copy_str(y, v, "name", pl->name, sizeof pl->name))
    return;
  for (int i = 0; i < c->nplugins; i++)
    if (!strcmp(c->plugins[i].name, pl->name)) {
      err(y, v, "plugin %s is loaded twice (also from %s)", pl->name, c->plugins[i].dir);
      return;
    }
  if ((v = need_key(y, root, "version", "plugin")))
    copy_str(y, v, "version", pl->version, sizeof pl->version);
  if ((v = need_key(y, root, "description", "plugin")) && get_str(y, v, "description", 0))
    pl->description = ark_content_str(c, text(v));
  if ((v = find_key(y, root, "provides")) && is_seq(y, v, "provides"))
    for (int i = 0; i < seq_len(v); i++) get_enum(y, seq_at(y, v, i), "provides", provides);
  if ((v = find_key(y, root, "cards"))) pl->cards_dir = plugin_path(y, pl, v, "cards", 1);
  if ((v = find_key(y, root, "maps"))) pl->maps_dir = plugin_path(y, pl, v, "maps", 1);
  if ((v = find_key(y, root, "script"))) pl->script = plugin_path(y, pl, v, "script", 0);
  if ((v = find_key(y, root, "rules")) && is_map(y, v, "rules")) {
    int before = c->nerrors;
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
      yaml_node_t *k = node(y, p->key);
      if (k->type == YAML_SCALAR_NODE) plugin_rule(y, pl, k, node(y, p->value));
    }
    if (c->nerrors == before) plugin_rules_agree(y, pl, v);
  }
}

/* Are a and b (a may be NULL) one folder, however named? */
static int same_folder(const char *a, const char *b) {
  struct stat sa, sb;
  return a && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

int ark_yaml_load_plugin(ark_content *c, const char *dir) {
  char path[1100];
  int before = c->nerrors;
  if (c->nplugins >= ARK_MAX_PLUGINS) {
    ark_content_error(c, dir, 0, "too many plugins (at most %d)", ARK_MAX_PLUGINS);
    return 1;
  }
  snprintf(path, sizeof path, "%s/plugin.yaml", dir);
  ark_plugin_def *pl = &c->plugins[c->nplugins];
  memset(pl, 0, sizeof *pl);
  pl->dir = ark_content_str(c, dir);
  pl->path = ark_content_str(c, path);
  load_file(c, path, 0, load_plugin);
  snprintf(path, sizeof path, "%s/buildings.yaml", dir);
  /* one in the plugin's own cards: or maps: folder is warned of there */
  if (access(path, F_OK) == 0 && !same_folder(pl->cards_dir, dir) &&
      !same_folder(pl->maps_dir, dir))
    buildings_not_read(c, path);
  if (c->nerrors == before) c->nplugins++;
  return c->nerrors - before;
}

int ark_yaml_load_buildings(ark_content *c, const char *path) {
  int before = c->nerrors;
  load_file(c, path, 0, load_buildings);
  return c->nerrors - before;
}

/* }================================================================== */
