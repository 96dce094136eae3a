/*
** test_yaml.c - YAML loading (games/arknova/native/yaml.c) and the content container
** (games/arknova/native/content.c).  Each test writes small files into a fresh
** directory under /tmp, loads them and checks the values or the exact
** "file:line: message" errors.
*/
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "content.h"
#include "support.h"

#ifndef ARK_GAME_DIR
#define ARK_GAME_DIR "."
#endif

/* ---- fixtures ---------------------------------------------------------- */

typedef struct {
  char dir[64];
  char path[256];   /* scratch for full paths */
  ark_content c;
} fixture;

static int setup(void **state) {
  fixture *f = calloc(1, sizeof *f);
  if (f == NULL) return -1;
  strcpy(f->dir, "/tmp/ark_yaml_XXXXXX");
  if (mkdtemp(f->dir) == NULL) {
    free(f);
    return -1;
  }
  *state = f;
  return 0;
}

static void remove_tree(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  if (d == NULL) return;
  while ((e = readdir(d)) != NULL) {
    char sub[512];
    struct stat st;
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
    if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) remove_tree(sub);
    else unlink(sub);
  }
  closedir(d);
  rmdir(dir);
}

static int teardown(void **state) {
  fixture *f = *state;
  ark_content_free_data(&f->c);
  remove_tree(f->dir);
  free(f);
  return 0;
}

/* The full path of rel inside the test directory (in f->path). */
static const char *at(fixture *f, const char *rel) {
  snprintf(f->path, sizeof f->path, "%s/%s", f->dir, rel);
  return f->path;
}

/* Writes rel (one directory level at most) with the given text. */
static void put(fixture *f, const char *rel, const char *text) {
  const char *slash = strchr(rel, '/');
  if (slash != NULL) {
    char sub[128];
    snprintf(sub, sizeof sub, "%.*s", (int)(slash - rel), rel);
    mkdir(at(f, sub), 0700);
  }
  t_write_file(f->dir, rel, text);
}

/* Asserts that the error log holds the line "<dir>/<rel>:<line>: <msg>..."
** (msg is a prefix of the message). */
static void has_error(fixture *f, const char *rel, int line, const char *msg) {
  char want[600];
  const char *p = f->c.errors;
  if (line > 0)
    snprintf(want, sizeof want, "%s/%s:%d: %s", f->dir, rel, line, msg);
  else snprintf(want, sizeof want, "%s/%s: %s", f->dir, rel, msg);
  while (p != NULL && *p != '\0') {
    if (strncmp(p, want, strlen(want)) == 0) return;
    p = strchr(p, '\n');
    if (p != NULL) p++;
  }
  fail_msg("missing error \"%s\" in:\n%s", want,
           f->c.errors ? f->c.errors : "(no errors)");
}

static const ark_card_def *card(fixture *f, int number) {
  int i = ark_content_find_card(&f->c, number);
  assert_true(i >= 0);
  return &f->c.cards[i];
}

static const char cheetah[] =
  "number: 401\n"
  "name: Cheetah\n"
  "type: animal\n"
  "description: \"Sprint 3.\"\n"
  "cost: 17\n"
  "size: 5\n"
  "icons: [predator, predator, africa]\n"
  "abilities: [\"sprint:3\"]\n"
  "appeal: 6\n";

/* ---- content ----------------------------------------------------------- */

static void test_name_tables(void **state) {
  int i;
  (void)state;
  for (i = 0; i < ARK_ICON_N; i++)
    assert_int_equal(ark_icon_from_name(ark_icon_name(i)), i);
  for (i = 0; i < ARK_BONUS_N; i++)
    assert_int_equal(ark_bonus_from_name(ark_bonus_name(i)), i);
  assert_int_equal(ark_icon_from_name("petting-zoo"), ARK_ICON_PETTING);
  assert_int_equal(ark_icon_from_name("water"), ARK_ICON_WATER);
  assert_int_equal(ark_bonus_from_name("draw"), ARK_BONUS_CARDS_DRAW);
  assert_int_equal(ark_bonus_from_name("special-enclosure"),
                   ARK_BONUS_SPECIAL_ENCLOSURE);
  assert_int_equal(ark_icon_from_name("dragon"), -1);
  assert_int_equal(ark_bonus_from_name("gold"), -1);
  assert_null(ark_icon_name(ARK_ICON_N));
  assert_null(ark_bonus_name(-1));
}

/* The first card of a number in load order, by a search of every card. */
static int first_of(const ark_content *c, int number) {
  for (int i = 0; i < c->ncards; i++)
    if (c->cards[i].number == number) return i;
  return -1;
}

/* ark_content_find_card once the cards are indexed (ark_content_index):
** the first card of each number in load order, numbers given twice and
** numbers between and beyond them included, whether the numbers lie close
** (a table by number) or one lies far off (the sorted ids). */
static void test_find_card_indexed(void **state) {
  fixture *f = *state;
  for (int far = 0; far < 2; far++) {
    ark_content_free_data(&f->c);
    for (int i = 0; i < 120; i++) {
      ark_card_def *d = ark_content_new_card(&f->c);
      assert_non_null(d);
      d->number = (int16_t)(i % 3 == 2 ? 500 - i : 400 + (i * 7) % 90);  /* some twice */
    }
    if (far) ark_content_new_card(&f->c)->number = 30000;
    assert_int_equal(ark_content_index(&f->c), 0);
    for (int n = 0; n < 31000; n++)
      if (ark_content_find_card(&f->c, n) != first_of(&f->c, n))
        fail_msg("far %d: number %d found at %d, first at %d", far, n,
                 ark_content_find_card(&f->c, n), first_of(&f->c, n));
    assert_int_equal(ark_content_find_card(&f->c, -5), -1);
  }
}

static void test_content_basics(void **state) {
  fixture *f = *state;
  ark_card_def *d;
  const char *s;
  int i;
  for (i = 0; i < 100; i++) {  /* several reallocations */
    d = ark_content_new_card(&f->c);
    assert_non_null(d);
    assert_int_equal(d->proj_count, -1);
    d->number = (int16_t)(i + 1);
  }
  assert_int_equal(ark_content_find_card(&f->c, 57), 56);
  assert_int_equal(ark_content_find_card(&f->c, 5000), -1);
  assert_non_null(ark_content_new_map(&f->c));
  strcpy(f->c.maps[0].id, "1a");
  assert_int_equal(ark_content_find_map(&f->c, "1a"), 0);
  assert_int_equal(ark_content_find_map(&f->c, "1"), -1);
  assert_int_equal(ark_content_find_building(&f->c, "kiosk"), -1);
  s = ark_content_str(&f->c, "hello");
  assert_string_equal(s, "hello");
  ark_content_error(&f->c, "a.yaml", 3, "bad %s", "thing");
  ark_content_error(&f->c, "b.yaml", 0, "no line");
  assert_int_equal(f->c.nerrors, 2);
  assert_string_equal(f->c.errors, "a.yaml:3: bad thing\nb.yaml: no line\n");
}

/* ---- cards ------------------------------------------------------------- */

static void test_card_values(void **state) {
  fixture *f = *state;
  const ark_card_def *d;
  put(f, "animals/401-cheetah.yaml", cheetah);
  put(f, "animals/401-cheetah.lua", "-- script\n");
  put(f, "sponsors/240-x.yaml",
      "number: 240\nname: Sponsor X\ntype: sponsor\nlevel: 3\n"
      "min_reputation: 2\nrequires: [sponsors-ii, science, science]\n"
      "timings: [immediate, end]\nbuilding: sponsor-243\n"
      "doubt: \"not sure\"\n");
  put(f, "projects/101-x.yaml",
      "number: 101\nname: Project X\ntype: project\nbase: true\n"
      "kind: icon\ncounts: continents\nthresholds: [5, 4, 2]\n"
      "rewards: [5, 3, 2]\n");
  put(f, "projects/123-y.yaml",
      "number: 123\nname: Project Y\ntype: project\nkind: breeding\n"
      "counts: bird\nrewards: [4, 3, 2]\nreputation_rewards: [0, 1, 2]\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 0);
  assert_null(f->c.errors);
  assert_int_equal(f->c.ncards, 4);

  d = card(f, 401);
  assert_string_equal(d->name, "Cheetah");
  assert_int_equal(d->type, ARK_CARD_ANIMAL);
  assert_string_equal(d->description, "Sprint 3.");
  assert_int_equal(d->cost, 17);
  assert_int_equal(d->size, 5);
  assert_int_equal(d->icons[ARK_ICON_PREDATOR], 2);
  assert_int_equal(d->icons[ARK_ICON_AFRICA], 1);
  assert_int_equal(d->icons[ARK_ICON_BIRD], 0);
  assert_int_equal(d->n_abilities, 1);
  assert_string_equal(d->abilities[0], "sprint:3");
  assert_int_equal(d->appeal, 6);
  assert_int_equal(d->proj_count, -1);
  assert_string_equal(d->path, at(f, "animals/401-cheetah.yaml"));
  assert_non_null(d->script);
  assert_string_equal(d->script, at(f, "animals/401-cheetah.lua"));

  d = card(f, 240);
  assert_null(d->script);
  assert_true(d->req_flags & ARK_REQ_SPONSORS_II);
  assert_false(d->req_flags & ARK_REQ_PARTNER_ZOO);
  assert_int_equal(d->req_icons[ARK_ICON_SCIENCE], 2);
  assert_int_equal(d->level, 3);
  assert_int_equal(d->min_reputation, 2);
  assert_int_equal(d->timings, ARK_TIMING_IMMEDIATE | ARK_TIMING_END);
  assert_string_equal(d->building, "sponsor-243");

  d = card(f, 101);
  assert_int_equal(d->base, 1);
  assert_int_equal(d->proj_kind, ARK_PROJ_ICON);
  assert_int_equal(d->proj_count, ARK_COUNT_CONTINENTS);
  assert_int_equal(d->n_levels, 3);
  assert_int_equal(d->thresholds[0], 5);
  assert_int_equal(d->thresholds[2], 2);
  assert_int_equal(d->rewards[0], 5);
  assert_int_equal(d->rewards[1], 3);
  assert_int_equal(d->rewards[2], 2);

  d = card(f, 123);
  assert_int_equal(d->proj_kind, ARK_PROJ_BREEDING);
  assert_int_equal(d->proj_count, ARK_ICON_BIRD);
  assert_int_equal(d->n_levels, 3);
  assert_int_equal(d->rewards[0], 4);
  assert_int_equal(d->rep_rewards[2], 2);
}

/* Card ids follow the sorted paths, whatever readdir returns. */
static void test_card_order(void **state) {
  fixture *f = *state;
  put(f, "b/2-b.yaml", "number: 2\nname: B\ntype: scoring\n");
  put(f, "a/9-a.yaml", "number: 9\nname: A\ntype: scoring\n");
  put(f, "b/1-c.yaml", "number: 1\nname: C\ntype: scoring\n");
  put(f, "b/notes.txt", "not yaml\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 0);
  assert_int_equal(f->c.ncards, 3);
  assert_int_equal(f->c.cards[0].number, 9);
  assert_int_equal(f->c.cards[1].number, 1);
  assert_int_equal(f->c.cards[2].number, 2);
}

static void test_card_unknown_field(void **state) {
  fixture *f = *state;
  put(f, "401.yaml", "number: 401\nname: Cheetah\ntype: animal\ncots: 17\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 2);
  has_error(f, "401.yaml", 4, "unknown field \"cots\" in an animal card "
            "(allowed: number, name, type, description, cost,");
  /* and the price it meant is missing: not silently 0 */
  has_error(f, "401.yaml", 1, "an animal card: missing required field \"cost\"");
  assert_int_equal(f->c.ncards, 0);  /* dropped, not half-filled */
}

/* A field of another card type is unknown for this one. */
static void test_card_field_of_other_type(void **state) {
  fixture *f = *state;
  put(f, "201.yaml", "number: 201\nname: S\ntype: sponsor\ncost: 3\nlevel: 1\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 1);
  has_error(f, "201.yaml", 4, "unknown field \"cost\" in a sponsor card");
}

static void test_card_wrong_types(void **state) {
  fixture *f = *state;
  put(f, "401.yaml",
      "number: 401\nname: Cheetah\ntype: animal\ncost: lots\n"
      "icons: predator\nsize: \"3\"\nabilities: [[a]]\n");
  put(f, "101.yaml",
      "number: 101\nname: P\ntype: project\nbase: 1\nrewards: {a: 1}\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 6);
  has_error(f, "401.yaml", 4, "cost: expected an integer, got \"lots\"");
  has_error(f, "401.yaml", 5, "icons: expected a list, got \"predator\"");
  has_error(f, "401.yaml", 6, "size: expected an integer, got \"3\"");
  has_error(f, "401.yaml", 7, "abilities: expected a string, got a list");
  has_error(f, "101.yaml", 4, "base: expected a bool");
  has_error(f, "101.yaml", 5, "rewards: expected a list, got a mapping");
  assert_int_equal(f->c.ncards, 0);
}

static void test_card_unknown_names(void **state) {
  fixture *f = *state;
  put(f, "401.yaml",
      "number: 401\nname: Cheetah\ntype: animal\n"
      "icons:\n  - predator\n  - dragon\ncost: 1\nsize: 1\n");
  put(f, "402.yaml", "number: 402\nname: X\ntype: animul\n");
  put(f, "201.yaml",
      "number: 201\nname: S\ntype: sponsor\nrequires: [partner-zoos]\n"
      "timings: [sometimes]\nlevel: 1\n");
  put(f, "101.yaml", "number: 101\nname: P\ntype: project\ncounts: eggs\n"
      "kind: other\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 6);
  has_error(f, "401.yaml", 6,
            "icons: unknown icon \"dragon\" (icons: predator,");
  has_error(f, "402.yaml", 3,
            "type: unknown value \"animul\" (allowed: animal,");
  has_error(f, "201.yaml", 4, "requires: unknown icon or condition "
            "\"partner-zoos\"");
  has_error(f, "201.yaml", 5, "timings: unknown value \"sometimes\"");
  has_error(f, "101.yaml", 4, "counts: unknown value \"eggs\"");
  has_error(f, "101.yaml", 5, "kind: unknown value \"other\"");
}

static void test_card_ranges_and_limits(void **state) {
  fixture *f = *state;
  put(f, "401.yaml",
      "number: 401\nname: Cheetah\ntype: animal\nsize: 7\n"
      "abilities: [a, b, c, d, e, f, g]\ncost: 1\n");
  put(f, "201.yaml", "number: 201\nname: S\ntype: sponsor\nlevel: 0\n");
  put(f, "101.yaml", "number: 101\nname: P\ntype: project\n"
      "thresholds: [1, 2, 3, 4, 5]\n");
  put(f, "102.yaml", "name: P\ntype: project\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 5);
  has_error(f, "401.yaml", 4, "size: 7 is out of range 1..5");
  has_error(f, "401.yaml", 5, "abilities: too many (at most 6)");
  has_error(f, "201.yaml", 4, "level: 0 is out of range 1..6");
  has_error(f, "101.yaml", 4, "thresholds: too many levels (at most 4)");
  has_error(f, "102.yaml", 1, "card: missing required field \"number\"");
}

/* What the rules gain when a card is played or a project supported cannot
** be negative: such a card stopped every game it was played in, naming a
** rules file.  A scoring card's rewards are added at the end and may be. */
static void test_card_negative_gains(void **state) {
  fixture *f = *state;
  const char *why = ": a card's printed gain is 0 or more (a card that lowers a track does "
                    "so in its script, with ark.add)";
  char msg[300];
  put(f, "1001.yaml", "number: 1001\nname: A\ntype: animal\ncost: 1\nsize: 1\n"
      "appeal: -3\nconservation: -1\nreputation: -2\n");
  put(f, "1002.yaml", "number: 1002\nname: S\ntype: sponsor\nlevel: 1\nappeal: -2\n");
  put(f, "1003.yaml", "number: 1003\nname: P\ntype: project\nrewards: [2, -1]\n"
      "reputation_rewards: [-1]\nbonus_reputation: -1\n");
  put(f, "1004.yaml", "number: 1004\nname: X\ntype: scoring\nthresholds: [1, 2]\n"
      "rewards: [-2, 3]\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 1), 7);
  snprintf(msg, sizeof msg, "appeal: -3 is out of range 0..127%s", why);
  has_error(f, "1001.yaml", 6, msg);
  has_error(f, "1001.yaml", 7, "conservation: -1 is out of range 0..127: a card's printed");
  has_error(f, "1001.yaml", 8, "reputation: -2 is out of range 0..127: a card's printed");
  has_error(f, "1002.yaml", 5, "appeal: -2 is out of range 0..127: a card's printed");
  has_error(f, "1003.yaml", 4, "rewards: -1 is out of range 0..127: a card's printed");
  has_error(f, "1003.yaml", 5, "reputation_rewards: -1 is out of range 0..127");
  has_error(f, "1003.yaml", 6, "bonus_reputation: -1 is out of range 0..127");
  assert_int_equal(f->c.ncards, 1);
  assert_int_equal(card(f, 1004)->rewards[0], -2);
  assert_int_equal(card(f, 1004)->rewards[1], 3);
}

static void test_card_duplicate_number(void **state) {
  fixture *f = *state;
  char msg[320];
  put(f, "a/401-a.yaml", cheetah);
  put(f, "b/401-b.yaml", "name: Other\ntype: animal\nnumber: 401\ncost: 1\nsize: 1\n");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 1);
  snprintf(msg, sizeof msg, "duplicate card number 401 (first in %s)",
           at(f, "a/401-a.yaml"));
  has_error(f, "b/401-b.yaml", 3, msg);
  assert_int_equal(f->c.ncards, 1);
  assert_string_equal(f->c.cards[0].name, "Cheetah");
}

/* Errors are collected file after file; good files still load. */
static void test_card_syntax_error(void **state) {
  fixture *f = *state;
  put(f, "1.yaml", "number: 1\nname: x: y\ntype: scoring\n");
  put(f, "2.yaml", "number: 2\nname: [a, b\ntype: scoring\n");
  put(f, "3.yaml", "number: 3\nname: Fine\ntype: scoring\n");
  put(f, "4.yaml", "");
  assert_int_equal(ark_yaml_load_cards(&f->c, f->dir, 0), 3);
  has_error(f, "1.yaml", 2, "YAML syntax error: mapping values are not "
            "allowed in this context");
  has_error(f, "2.yaml", 3, "YAML syntax error: did not find expected ',' or "
            "']' (while parsing a flow sequence on line 2)");
  has_error(f, "4.yaml", 0, "empty file");
  assert_int_equal(f->c.ncards, 1);
  assert_int_equal(f->c.cards[0].number, 3);
}

static void test_missing_dir(void **state) {
  fixture *f = *state;
  assert_int_equal(ark_yaml_load_cards(&f->c, at(f, "nothing"), 0), 1);
  has_error(f, "nothing", 0, "cannot open directory");
}

/* ---- maps and buildings ------------------------------------------------ */

/* A seven-cell flower around (2,5) plus whatever the test appends. */
static const char flower[] =
  "id: \"9\"\n"
  "name: Test map\n"
  "side: front\n"
  "cells: [[2, 3, plain], [2, 5, plain], [2, 7, water], [1, 4, rock],\n"
  "        [3, 4, plain], [1, 6, plain], [3, 6, plain]]\n";

static const char buildings[] =
  "buildings:\n"
  "  - key: size-1\n"
  "    kind: enclosure\n"
  "    cells: [[0, 0]]\n"
  "  - key: kiosk\n"
  "    kind: kiosk\n"
  "    cells: [[0, 0]]\n"
  "  - key: reptile-house\n"
  "    kind: special\n"
  "    cells: [[0, 0], [0, -1], [1, -1], [1, 0], [0, 1]]\n"
  "    capacity: 5\n"
  "    build2: true\n"
  "  - key: sponsor-257\n"
  "    kind: unique\n"
  "    sponsor: 257\n"
  "    cells: [[0, 0]]\n"
  "    adjacent_rock: 1\n"
  "    ignores_adjacency: true\n";

static void test_buildings(void **state) {
  fixture *f = *state;
  const ark_building_def *b;
  put(f, "buildings.yaml", buildings);
  assert_int_equal(ark_yaml_load_buildings(&f->c, at(f, "buildings.yaml")), 0);
  assert_int_equal(f->c.nbuildings, 4);
  b = &f->c.buildings[ark_content_find_building(&f->c, "reptile-house")];
  assert_int_equal(b->kind, ARK_BK_SPECIAL);
  assert_int_equal(b->ncells, 5);
  assert_int_equal(b->q[2], 1);
  assert_int_equal(b->r[2], -1);
  assert_int_equal(b->capacity, 5);
  assert_int_equal(b->needs_build2, 1);
  b = &f->c.buildings[ark_content_find_building(&f->c, "sponsor-257")];
  assert_int_equal(b->kind, ARK_BK_UNIQUE);
  assert_int_equal(b->sponsor, 257);
  assert_int_equal(b->adjacent_rock, 1);
  assert_int_equal(b->ignores_adjacency, 1);
}

/* A card must have a name, and a sponsor's building must be one of
** buildings.yaml (when it is loaded first, as in a game). */
static void test_card_name_and_building(void **state) {
  fixture *f = *state;
  put(f, "buildings.yaml", buildings);
  assert_int_equal(ark_yaml_load_buildings(&f->c, at(f, "buildings.yaml")), 0);
  put(f, "cards/201.yaml", "number: 201\nname: S\ntype: sponsor\nlevel: 3\nbuilding: sponsor-999\n");
  put(f, "cards/202.yaml", "number: 202\nname: T\ntype: sponsor\nlevel: 3\nbuilding: sponsor-257\n");
  put(f, "cards/401.yaml", "number: 401\nname: \"\"\ntype: animal\ncost: 5\nsize: 1\n");
  int nerr = ark_yaml_load_cards(&f->c, at(f, "cards"), 0);
  if (nerr != 2) fail_msg("%d errors:\n%s", nerr, f->c.errors ? f->c.errors : "");
  has_error(f, "cards/201.yaml", 5, "building: unknown building \"sponsor-999\"");
  has_error(f, "cards/401.yaml", 2, "name: must not be empty");
  assert_int_equal(f->c.ncards, 1);
  assert_string_equal(card(f, 202)->building, "sponsor-257");
}

static void test_buildings_errors(void **state) {
  fixture *f = *state;
  put(f, "b.yaml",
      "buildings:\n"
      "  - key: a\n"
      "    kind: hut\n"
      "    cells: [[0, 0]]\n"
      "  - key: b\n"
      "    kind: kiosk\n"
      "    cells: [[0, 0]]\n"
      "    colour: red\n"
      "  - key: c\n"
      "    kind: kiosk\n"
      "    cells: [[0, 0]]\n"
      "  - key: c\n"
      "    kind: kiosk\n"
      "    cells: [[0, 0]]\n");
  assert_int_equal(ark_yaml_load_buildings(&f->c, at(f, "b.yaml")), 3);
  has_error(f, "b.yaml", 3, "kind: unknown value \"hut\"");
  has_error(f, "b.yaml", 8, "unknown field \"colour\" in a building");
  has_error(f, "b.yaml", 12, "duplicate building key \"c\"");
  assert_int_equal(f->c.nbuildings, 1);
}

static void test_map_values(void **state) {
  fixture *f = *state;
  const ark_map_def *m;
  int i, n = 0;
  put(f, "buildings.yaml", buildings);
  assert_int_equal(ark_yaml_load_buildings(&f->c, at(f, "buildings.yaml")), 0);
  {
    char text[2048];
    snprintf(text, sizeof text, "%s%s", flower,
             "build2: [[3, 6]]\n"
             "placement_bonuses:\n"
             "  - {at: [2, 3], bonus: money, value: 2}\n"
             "  - {at: [3, 4], bonus: snapping}\n"
             "edge:\n"
             "  - {bonus: money, value: 1, recurring: true}\n"
             "  - {bonus: draw, value: 2}\n"
             "  - {bonus: money, value: 1}\n"
             "  - {bonus: money, value: 1}\n"
             "  - {bonus: money, value: 1}\n"
             "  - {bonus: money, value: 1}\n"
             "  - {bonus: money, value: 1}\n"
             "start_buildings:\n"
             "  - {type: kiosk, cells: [[1, 6]]}\n"
             "features:\n"
             "  - {kind: harbour, at: [-1, 12], off_board: true, note: x}\n"
             "  - {kind: tower, at: [2, 5]}\n"
             "ability: \"none\"\n"
             "doubts: [\"none\"]\n"
             "provenance: test\n");
    put(f, "9-test.yaml", text);
  }
  put(f, "9-test.lua", "-- ability\n");
  assert_int_equal(ark_yaml_load_maps(&f->c, f->dir, 0), 0);
  assert_int_equal(f->c.nmaps, 1);
  m = &f->c.maps[0];
  assert_string_equal(m->id, "9");
  assert_string_equal(m->name, "Test map");
  for (i = 0; i < ARK_CELLS; i++) n += m->exists[i];
  assert_int_equal(n, 7);
  assert_int_equal(m->terrain[ARK_CELL(2, 7)], ARK_TERRAIN_WATER);
  assert_int_equal(m->terrain[ARK_CELL(1, 4)], ARK_TERRAIN_ROCK);
  assert_int_equal(m->build2[ARK_CELL(3, 6)], 1);
  assert_int_equal(m->build2[ARK_CELL(2, 5)], 0);
  assert_int_equal(m->place_bonus[ARK_CELL(2, 3)].kind, ARK_BONUS_MONEY);
  assert_int_equal(m->place_bonus[ARK_CELL(2, 3)].value, 2);
  assert_int_equal(m->place_bonus[ARK_CELL(3, 4)].kind, ARK_BONUS_SNAPPING);
  /* a value left out is 1 (it was 0: a snapping token that snapped nothing) */
  assert_int_equal(m->place_bonus[ARK_CELL(3, 4)].value, 1);
  assert_int_equal(m->n_slots, 7);
  assert_int_equal(m->slots[0].recurring, 1);
  assert_int_equal(m->slots[1].bonus.kind, ARK_BONUS_CARDS_DRAW);
  assert_int_equal(m->slots[1].bonus.value, 2);
  assert_int_equal(m->n_start, 1);
  assert_string_equal(m->start[0].type, "kiosk");
  assert_int_equal(m->start[0].ncells, 1);
  assert_int_equal(m->start[0].cells[0], ARK_CELL(1, 6));
  assert_int_equal(m->n_features, 2);
  assert_int_equal(m->features[0].x, -1);
  assert_int_equal(m->features[0].off_board, 1);
  assert_string_equal(m->features[1].kind, "tower");
  /* ark_map_derive ran: the centre has six neighbours, the rim fewer. */
  assert_int_equal(m->edge[ARK_CELL(2, 5)], 0);
  assert_int_equal(m->edge[ARK_CELL(2, 3)], 1);
  assert_string_equal(m->script, at(f, "9-test.lua"));
}

static void test_map_errors(void **state) {
  fixture *f = *state;
  char text[2048], msg[320];
  put(f, "buildings.yaml", buildings);
  assert_int_equal(ark_yaml_load_buildings(&f->c, at(f, "buildings.yaml")), 0);
  snprintf(text, sizeof text, "%s%s", flower,            /* lines 1-5 */
           "placement_bonuses:\n"                          /* 6 */
           "  - {at: [2, 3], bonus: gold, value: 2}\n"     /* 7 */
           "  - {at: [8, 3], bonus: money}\n"              /* 8 */
           "start_buildings:\n"                            /* 9 */
           "  - {type: castle, cells: [[1, 6]]}\n"         /* 10 */
           "features:\n"                                   /* 11 */
           "  - {kind: tower, at: [-1, 5]}\n"              /* 12 */
           "ability: [x]\n");                              /* 13 */
  put(f, "a.yaml", text);
  snprintf(text, sizeof text, "%s%s", flower, "edge:\n");  /* 6 */
  for (int i = 0; i < 8; i++)                                /* 7-14 */
    strcat(text, "  - {bonus: money, value: 1}\n");
  put(f, "b.yaml", text);
  put(f, "c.yaml", "id: X\nname: Split\ncells:\n"
      "  - [0, 1, plain]\n  - [0, 3, plain]\n  - [4, 9, plain]\n");
  snprintf(text, sizeof text, "%s%s", flower, "edge:\n");
  for (int i = 0; i < 7; i++) strcat(text, "  - {bonus: money, value: 1}\n");
  put(f, "d.yaml", text);
  put(f, "e.yaml", text);
  put(f, "f.yaml", "name: None\nside: back\n"
      "cells: [[0, 1, lava], [9, 1, plain]]\n");
  /* an id --map cannot choose (advanced mode's word); a cell of 2 items */
  put(f, "g.yaml", "id: advanced\nname: Adv\ncells: [[2, 3]]\n");
  assert_int_equal(ark_yaml_load_maps(&f->c, f->dir, 0), 18);
  has_error(f, "g.yaml", 1, "id: \"advanced\" is --map's word for advanced mode");
  has_error(f, "g.yaml", 3, "cells: expected a list [x, y, terrain], got a list of 2");
  /* a map edge is required: one left out played with no edge bonus */
  has_error(f, "a.yaml", 1, "map: missing required field \"edge\"");
  has_error(f, "c.yaml", 1, "map: missing required field \"edge\"");
  has_error(f, "f.yaml", 1, "map: missing required field \"edge\"");
  has_error(f, "a.yaml", 7, "placement_bonuses: unknown bonus \"gold\" "
            "(bonuses: money, reputation,");
  has_error(f, "a.yaml", 8,
            "placement_bonuses: (8,3) is not a cell of this map");
  has_error(f, "a.yaml", 10, "start_buildings: unknown building \"castle\"");
  has_error(f, "a.yaml", 12, "features: -1 is out of range 0..8");
  has_error(f, "a.yaml", 13, "ability: expected a string, got a list");
  has_error(f, "b.yaml", 14, "edge: too many slots (at most 7)");
  has_error(f, "c.yaml", 4, "map is not connected: (4,9) cannot be reached");
  snprintf(msg, sizeof msg, "duplicate map id \"9\" (first in %s)",
           at(f, "d.yaml"));
  has_error(f, "e.yaml", 1, msg);
  has_error(f, "f.yaml", 1, "map: missing required field \"id\"");
  has_error(f, "f.yaml", 2, "side: unknown value \"back\"");
  has_error(f, "f.yaml", 3, "cells: unknown value \"lava\"");
  has_error(f, "f.yaml", 3, "cells: 9 is out of range 0..8");
  assert_int_equal(f->c.nmaps, 1);
  assert_string_equal(f->c.maps[0].path, at(f, "d.yaml"));
}

/* ---- the project's own files ------------------------------------------- */

static int count_yaml(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  if (d == NULL) return 0;
  while ((e = readdir(d)) != NULL) {
    char sub[1024];
    struct stat st;
    if (e->d_name[0] == '.') continue;
    snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
    if (stat(sub, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) n += count_yaml(sub);
    else if (strstr(e->d_name, ".yaml") != NULL) n++;
  }
  closedir(d);
  return n;
}

static void test_real_tree(void **state) {
  fixture *f = *state;
  const ark_map_def *m;
  int i, n = 0;
  if (count_yaml(ARK_GAME_DIR "/cards") == 0 ||
      count_yaml(ARK_GAME_DIR "/maps") == 0)
    skip();
  ark_yaml_load_buildings(&f->c, ARK_GAME_DIR "/maps/buildings.yaml");
  ark_yaml_load_cards(&f->c, ARK_GAME_DIR "/cards", 0);
  ark_yaml_load_maps(&f->c, ARK_GAME_DIR "/maps", 0);
  if (f->c.errors != NULL) print_message("%s", f->c.errors);
  assert_int_equal(f->c.nerrors, 0);
  assert_int_equal(f->c.ncards, 235);
  assert_int_equal(f->c.nmaps, 18);
  i = ark_content_find_map(&f->c, "A");
  assert_true(i >= 0);
  m = &f->c.maps[i];
  for (i = 0; i < ARK_CELLS; i++) n += m->exists[i];
  assert_int_equal(n, 58);
  assert_int_equal(card(f, 401)->icons[ARK_ICON_PREDATOR], 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_name_tables),
    cmocka_unit_test_setup_teardown(test_content_basics, setup, teardown),
    cmocka_unit_test_setup_teardown(test_find_card_indexed, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_values, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_order, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_unknown_field, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_field_of_other_type, setup,
                                    teardown),
    cmocka_unit_test_setup_teardown(test_card_wrong_types, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_unknown_names, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_ranges_and_limits, setup,
                                    teardown),
    cmocka_unit_test_setup_teardown(test_card_negative_gains, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_duplicate_number, setup,
                                    teardown),
    cmocka_unit_test_setup_teardown(test_card_syntax_error, setup, teardown),
    cmocka_unit_test_setup_teardown(test_missing_dir, setup, teardown),
    cmocka_unit_test_setup_teardown(test_buildings, setup, teardown),
    cmocka_unit_test_setup_teardown(test_card_name_and_building, setup, teardown),
    cmocka_unit_test_setup_teardown(test_buildings_errors, setup, teardown),
    cmocka_unit_test_setup_teardown(test_map_values, setup, teardown),
    cmocka_unit_test_setup_teardown(test_map_errors, setup, teardown),
    cmocka_unit_test_setup_teardown(test_real_tree, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
