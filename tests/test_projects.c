/*
** test_projects.c - the 32 conservation projects (101-132) supported
** through the Association action, against shared/rules/ark-nova.md
** ("Conservation projects") and the printed facts of each card:
**   - icon projects (101-112 base, 128-132): each level with exactly its
**     threshold is offered and pays its reward; one icon less refuses it;
**   - release projects (113-122): the animal's size class picks the level
**     (4-5, 3, 1-2); the animal leaves (appeal and icons lost, enclosure
**     empty), 1 reputation with any level; an animal without the icon
**     cannot be released;
**   - breeding projects (123-127): an animal of the category from the
**     continent of one of the player's partner zoos; every level;
**   - setup blocks for 2 players, the row of 3 with the oldest leaving,
**     and a released animal's enclosure taken by a later animal.
** Expected numbers are the printed ones written out here, never read back
** from the engine.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"
#include "map.h"
#include "track.h"
#include "zone.h"

#define SEED 11

/* ---- helpers ------------------------------------------------------------ */

/* A game on map 0 at its first turn: the current player holds no cards,
** 25 money, reputation 1, one worker; track rewards marked as claimed. */
static ark_game *game(int players, int *pp) {
  ark_game *g = t_game(players, SEED, "0");
  int p = g->s.cur;
  t_clear_hand(g, p);
  g->s.p[p].money = 25;
  g->s.p[p].reputation = 1;
  *pp = p;
  return g;
}

/* Answers the first option until the next player's action is asked. */
static void finish_turn(ark_game *g, int p) {
  for (;;) {
    assert_int_equal(ark_game_process(g), ARK_AWAITING);
    const ark_decision *d = ark_game_decision(g);
    if (!strcmp(d->tag, "action") && d->player != p) return;
    char msg[256];
    assert_int_equal(ark_game_answer(g, 0, msg, sizeof msg), ARK_OK);
  }
}

#define ENCLOSURE_5 "(3,8) (3,10) (3,12) (4,9) (4,11)"

/* The owner of a level (1-3) of a project in play, -1 free, -2 blocked,
** -3 if the project is not in play. */
static int owner(ark_game *g, int number, int level) {
  int id = t_card(g, number);
  for (int i = 0; i < g->s.nbase; i++)
    if (g->s.base[i].card == id) return g->s.base[i].owner[level - 1];
  for (int i = 0; i < ARK_ROW_SLOTS; i++)
    if (g->s.row[i].card == id) return g->s.row[i].owner[level - 1];
  return -3;
}

/* The option text of a support: "support NAME (NUM) level L (R CP[ + X
** reputation])[ from hand]". */
static void label(char *buf, size_t n, const char *name, int number, int level, int cp,
                  int rep, int from_hand) {
  int k = snprintf(buf, n, "support %s (%d) level %d (%d CP", name, number, level, cp);
  if (rep > 0) k += snprintf(buf + k, n - (size_t)k, " + %d reputation", rep);
  snprintf(buf + k, n - (size_t)k, ")%s", from_hand ? " from hand" : "");
}

/* Starts p's Association I at strength 5 up to the task decision. */
static void association(ark_game *g, int p) {
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_ready(g);
  t_answer(g, "Association I at strength 5");
  t_expect(g, "association.task", p);   /* the reputation task is always there */
}

/* p supports with option `text`: the project task, that support (taken
** without a question when it is the only one), a map-edge token of 12
** money, end of turn.  Checks the option was there when asked. */
static void support(ark_game *g, int p, const char *text) {
  association(g, p);
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support")) t_answer(g, text);
  t_expect(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
}

/* The support `text` is not offered to p; if another support happens to
** be the only one (taken without a question), it must not be (number,
** level). */
static void refused(ark_game *g, int p, const char *text, int number, int level) {
  association(g, p);
  if (!t_offered(g, "project (strength 5, 1 worker)")) return;
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support")) {
    if (t_offered(g, text)) fail_msg("'%s' is offered", text);
    return;
  }
  finish_turn(g, p);
  assert_int_not_equal(owner(g, number, level), p);
}

/* ---- icon projects ------------------------------------------------------ */

static const struct icon_project {
  int number;
  const char *name;
  int base;
  int th[3], cp[3];
  int cards[8];                         /* each adds one to the count */
} ICON[] = {
  { 101, "Species Diversity", 1, { 5, 4, 3 }, { 5, 3, 2 },
    { 405, 445, 513, 484, 465 } },      /* predator herbivore bird reptile primate */
  { 102, "Habitat Diversity", 1, { 5, 4, 3 }, { 5, 3, 2 },
    { 405, 410, 465, 484, 493 } },      /* africa asia americas europe australia */
  { 103, "Africa", 1, { 5, 4, 2 }, { 5, 3, 2 }, { 404, 405, 428, 452, 455 } },
  { 104, "Americas", 1, { 5, 4, 2 }, { 5, 3, 2 }, { 413, 438, 439, 440, 465 } },
  { 105, "Australia", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 423, 424, 447, 449, 450 } },
  { 106, "Asia", 1, { 5, 4, 2 }, { 5, 3, 2 }, { 410, 435, 460, 462, 477 } },
  { 107, "Europe", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 417, 419, 443, 444, 445 } },
  { 108, "Primates", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 454, 455, 460, 462, 465 } },
  { 109, "Reptiles", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 473, 477, 478, 484, 486 } },
  { 110, "Predators", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 404, 405, 410, 413, 417 } },
  { 111, "Herbivores", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 428, 435, 438, 443, 445 } },
  { 112, "Birds", 1, { 5, 4, 2 }, { 5, 4, 2 }, { 496, 497, 502, 507, 511 } },
  /* water: sponsors 241 244 250 256 (1 each) and the water space the
  ** Pygmy Hippopotamus (430) needs */
  { 128, "Aquatic", 0, { 5, 4, 2 }, { 4, 3, 2 }, { 241, 430, 256, 244, 250 } },
  /* rock: sponsors 242 252 255 and the rock spaces of Leopard and Cougar */
  { 129, "Geological", 0, { 5, 3, 2 }, { 4, 3, 2 }, { 242, 403, 255, 413, 252 } },
  { 130, "Small Animals", 0, { 8, 5, 2 }, { 4, 3, 2 },
    { 404, 405, 409, 410, 414, 415, 419, 420 } },
  { 131, "Large Animals", 0, { 4, 3, 2 }, { 4, 3, 2 }, { 401, 402, 406, 407 } },
  { 132, "Research", 0, { 5, 4, 2 }, { 4, 3, 2 }, { 201, 202, 204, 205, 206 } },
};

/* One level of an icon project: refused one short of its threshold,
** offered (without the harder level) and supported at it. */
static void icon_case(const struct icon_project *pr, int level) {
  int p;
  ark_game *g = game(3, &p);
  if (pr->base) t_set_base(g, 0, pr->number);  /* 3 players: nothing blocked */
  else t_give(g, p, pr->number);
  ark_state base = g->s;
  char text[160], harder[160];
  int L = level - 1;
  label(text, sizeof text, pr->name, pr->number, level, pr->cp[L], 0, !pr->base);

  /* one short: refused */
  for (int i = 0; i < pr->th[L] - 1; i++) t_zoo_add(g, p, pr->cards[i]);
  refused(g, p, text, pr->number, level);

  /* exactly the threshold: offered (the harder level is not), supported */
  g->s = base;
  for (int i = 0; i < pr->th[L]; i++) t_zoo_add(g, p, pr->cards[i]);
  if (level > 1) {
    label(harder, sizeof harder, pr->name, pr->number, level - 1, pr->cp[L - 1], 0,
          !pr->base);
    association(g, p);
    t_answer(g, "project (strength 5, 1 worker)");
    if (!strcmp(t_tag(g), "project.support")) {
      assert_true(t_offered(g, text));
      assert_false(t_offered(g, harder));
    }
    g->s = base;
    for (int i = 0; i < pr->th[L]; i++) t_zoo_add(g, p, pr->cards[i]);
  }
  support(g, p, text);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(owner(g, pr->number, level), p);
  assert_int_equal(pl->conservation, pr->cp[L]);
  assert_int_equal(pl->reputation, 1);
  assert_int_equal(pl->money, 25 + 12);
  assert_int_equal(pl->supports, 1);
  if (!pr->base) assert_int_equal(g->s.row[0].card, t_card(g, pr->number));
  ark_game_free(g);
}

static void test_icon_projects(void **st) {
  (void)st;
  for (size_t i = 0; i < sizeof ICON / sizeof ICON[0]; i++)
    for (int level = 1; level <= 3; level++) icon_case(&ICON[i], level);
}

/* ---- release projects --------------------------------------------------- */

static const struct release_project {
  int number;
  const char *name;
  int animals[3];                       /* size 4-5, 3, 1-2, with the icon */
  int wrong;                            /* an animal without the icon */
} RELEASE[] = {
  { 113, "Bavarian Forest National Park", { 417, 418, 419 }, 405 },   /* europe */
  { 114, "Yosemite National Park", { 412, 413, 414 }, 405 },          /* americas */
  { 115, "Angthong National Park", { 407, 408, 409 }, 405 },          /* asia */
  { 116, "Serengeti National Park", { 402, 403, 404 }, 513 },         /* africa */
  { 117, "Blue Mountains National Park", { 422, 423, 424 }, 405 },    /* australia */
  { 118, "Savanna", { 401, 403, 405 }, 513 },                         /* predator */
  { 119, "Low Mountain Range", { 495, 496, 497 }, 405 },              /* bird */
  { 120, "Bamboo Forest", { 427, 428, 429 }, 405 },                   /* herbivore */
  { 121, "Sea Cave", { 479, 471, 470 }, 405 },                        /* reptile */
  { 122, "Jungle", { 453, 454, 456 }, 405 },                          /* primate */
};
static const int RELEASE_CP[3] = { 5, 4, 3 };
#define RELEASE_REP 1

static void release_case(const struct release_project *pr, int level) {
  int p;
  ark_game *g = game(3, &p);
  t_give(g, p, pr->number);
  int b = t_put_building(g, p, "size-5", ENCLOSURE_5);
  ark_state base = g->s;
  char text[3][160];
  for (int k = 0; k < 3; k++)
    label(text[k], sizeof text[k], pr->name, pr->number, k + 1, RELEASE_CP[k], RELEASE_REP, 1);

  /* an animal without the icon cannot go */
  t_put_animal(g, p, pr->wrong, b);
  for (int k = 0; k < 3; k++) {
    refused(g, p, text[k], pr->number, k + 1);
    g->s = base;
    t_put_animal(g, p, pr->wrong, b);
  }

  /* the animal's size class offers exactly its level */
  g->s = base;
  int number = pr->animals[level - 1];
  int id = t_put_animal(g, p, number, b);
  g->s.p[p].appeal = 20;
  association(g, p);
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support"))
    for (int k = 0; k < 3; k++) assert_int_equal(t_offered(g, text[k]), k == level - 1);
  g->s = base;
  t_put_animal(g, p, number, b);
  g->s.p[p].appeal = 20;
  support(g, p, text[level - 1]);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(owner(g, pr->number, level), p);
  assert_int_equal(pl->conservation, RELEASE_CP[level - 1]);
  assert_int_equal(pl->reputation, 1 + RELEASE_REP);
  assert_int_equal(pl->appeal, 20 - g->c->cards[id].appeal);
  assert_int_equal(pl->nzoo, 0);
  assert_true(t_in_discard(g, number));
  assert_int_equal(pl->zoo_map.b[b].used, 0);
  assert_int_equal(pl->zoo_map.b[b].card, ARK_NO_CARD);
  assert_int_equal(g->s.row[0].card, t_card(g, pr->number));
  ark_game_free(g);
}

static void test_release_projects(void **st) {
  (void)st;
  for (size_t i = 0; i < sizeof RELEASE / sizeof RELEASE[0]; i++)
    for (int level = 1; level <= 3; level++) release_case(&RELEASE[i], level);
}

/* A release with two fitting animals asks which; the icons of the one
** released leave the zoo. */
static void test_release_choice(void **st) {
  (void)st;
  int p;
  ark_game *g = game(3, &p);
  t_give(g, p, 118);                    /* Savanna */
  int b1 = t_put_building(g, p, "size-1", "(8,1)");
  int b2 = t_put_building(g, p, "size-2", "(0,5) (0,7)");
  t_put_animal(g, p, 405, b1);          /* Fennec Fox, size 1, predator africa */
  t_put_animal(g, p, 404, b2);          /* Caracal, size 2, predator africa */
  t_restart(g);
  assert_int_equal(g->s.p[p].icons[ARK_ICON_PREDATOR], 2);
  association(g, p);
  t_answer(g, "project (strength 5, 1 worker)");
  /* only level 3 (size 1-2) of Savanna, then which animal */
  if (!strcmp(t_tag(g), "project.support"))
    t_answer(g, "support Savanna (118) level 3 (3 CP + 1 reputation) from hand");
  t_expect_copy(g, "project.release", p);    /* the rest of the support kept */
  t_answer(g, "release Caracal (404)");
  t_expect_copy(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->icons[ARK_ICON_PREDATOR], 1);
  assert_int_equal(pl->icons[ARK_ICON_AFRICA], 1);
  assert_int_equal(pl->zoo_map.b[b2].used, 0);
  assert_int_equal(pl->zoo_map.b[b1].used, 1);
  assert_int_equal(pl->conservation, 3);
  ark_game_free(g);
}

/* ---- breeding projects -------------------------------------------------- */

static const struct breeding_project {
  int number;
  const char *name;
  int animal;                           /* of the category, from Africa */
  int other;                            /* from Africa, another category */
} BREEDING[] = {
  { 123, "Bird Breeding Program", 497, 405 },
  { 124, "Predator Breeding Program", 405, 497 },
  { 125, "Reptile Breeding Program", 473, 405 },
  { 126, "Herbivore Breeding Program", 428, 405 },
  { 127, "Primate Breeding Program", 455, 405 },
};
static const int BREED_CP[3] = { 2, 1, 2 }, BREED_REP[3] = { 2, 2, 0 };
enum { AFRICA = 1, AMERICAS = 2, ASIA = 4, AUSTRALIA = 8, EUROPE = 16 };

static void breeding_case(const struct breeding_project *pr, int level) {
  int p;
  ark_game *g = game(3, &p);
  t_give(g, p, pr->number);
  ark_state base = g->s;
  char text[160];
  int L = level - 1;
  label(text, sizeof text, pr->name, pr->number, level, BREED_CP[L], BREED_REP[L], 1);

  /* the animal, but the partner zoo is of another continent */
  t_zoo_add(g, p, pr->animal);
  g->s.p[p].partner_zoos = ASIA;
  refused(g, p, text, pr->number, level);
  /* the partner zoo, but an animal of another category */
  g->s = base;
  t_zoo_add(g, p, pr->other);
  g->s.p[p].partner_zoos = AFRICA;
  refused(g, p, text, pr->number, level);

  /* both: every level is offered; this one is supported */
  g->s = base;
  t_zoo_add(g, p, pr->animal);
  g->s.p[p].partner_zoos = AFRICA;
  association(g, p);
  t_answer(g, "project (strength 5, 1 worker)");
  t_expect(g, "project.support", p);
  for (int k = 1; k <= 3; k++) {
    char t[160];
    label(t, sizeof t, pr->name, pr->number, k, BREED_CP[k - 1], BREED_REP[k - 1], 1);
    assert_true(t_offered(g, t));
  }
  t_answer(g, text);
  t_expect(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(owner(g, pr->number, level), p);
  assert_int_equal(pl->conservation, BREED_CP[L]);
  assert_int_equal(pl->reputation, 1 + BREED_REP[L]);
  assert_int_equal(pl->nzoo, 1);        /* the animal stays */
  ark_game_free(g);
}

static void test_breeding_projects(void **st) {
  (void)st;
  for (size_t i = 0; i < sizeof BREEDING / sizeof BREEDING[0]; i++)
    for (int level = 1; level <= 3; level++) breeding_case(&BREEDING[i], level);
}

/* ---- setup and the row -------------------------------------------------- */

/* With 2 players the setup blocks level 1 of the first base project, 2 of
** the second and 3 of the third; with 3 nothing; 4 players get 4 base
** projects, none blocked. */
static void test_two_player_blocks(void **st) {
  (void)st;
  for (int n = 2; n <= 3; n++) {
    ark_game *g = t_new_game(n, SEED, "0");
    t_to_first_turn(g);
    assert_int_equal(g->s.nbase, 3);
    for (int i = 0; i < 3; i++)
      for (int lv = 0; lv < 3; lv++)
        assert_int_equal(g->s.base[i].owner[lv], (n == 2 && lv == i) ? -2 : -1);
    ark_game_free(g);
  }
  /* 4 players: a fourth base project beside the board, no level blocked */
  {
    ark_game *g4 = t_new_game(4, SEED, "0");
    t_to_first_turn(g4);
    assert_int_equal(g4->s.nbase, 4);
    for (int i = 0; i < 4; i++) {
      assert_true(g4->s.base[i].card >= 0);
      for (int lv = 0; lv < 3; lv++) assert_int_equal(g4->s.base[i].owner[lv], -1);
    }
    ark_game_free(g4);
  }
  /* the blocked level 2 of the second base project is not offered */
  int p;
  ark_game *g = game(2, &p);
  t_set_base(g, 1, 110);                /* Predators: 5 / 4 / 2 icons */
  static const int predators[4] = { 404, 405, 410, 413 };
  for (int i = 0; i < 4; i++) t_zoo_add(g, p, predators[i]);
  association(g, p);
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support")) {
    assert_false(t_offered(g, "support Predators (110) level 2 (4 CP)"));
    assert_true(t_offered(g, "support Predators (110) level 3 (2 CP)"));
  }
  ark_game_free(g);
}

/* Association II takes a project from the display (paying the folder
** number) into a full row: it enters the first slot, the oldest leaves;
** a support on the one that left still counts. */
static void test_row_from_display(void **st) {
  (void)st;
  int p;
  ark_game *g = game(3, &p);
  int q = (p + 1) % 3;
  int old[3] = { t_take_out(g, 119), t_take_out(g, 120), t_take_out(g, 121) };
  for (int i = 0; i < 3; i++) {
    g->s.row[i].card = (int16_t)old[i];
    memset(g->s.row[i].owner, -1, 3);
  }
  g->s.row[2].owner[1] = (int8_t)q;
  g->s.p[q].supports = 1;
  g->s.p[p].reputation = 4;             /* folders 1-3 */
  int id = t_take_out(g, 132);
  if (g->s.display[2] >= 0) ark_zone_discard(g, g->s.display[2]);
  g->s.display[2] = (int16_t)id;
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;   /* 2 research icons */
  g->s.p[p].upgraded |= 1u << ARK_ACT_ASSOCIATION;
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_ready(g);
  t_answer(g, "Association II at strength 5");
  t_expect(g, "association.task", p);
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support"))
    t_answer(g, "support Research (132) level 3 (2 CP) from folder 3");
  t_expect(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  t_expect(g, "association.donation", p);
  t_answer(g, "no donation");
  t_turn_over(g, p);
  assert_int_equal(g->s.row[0].card, id);
  assert_int_equal(g->s.row[0].owner[2], p);
  assert_int_equal(g->s.row[1].card, old[0]);
  assert_int_equal(g->s.row[2].card, old[1]);
  assert_true(t_in_discard(g, 121));
  assert_int_equal(g->s.p[q].supports, 1);
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_int_equal(g->s.p[p].money, 25 - 3 + 12);
  ark_game_free(g);
}

/* ---- interaction -------------------------------------------------------- */

/* A release empties the enclosure: a size-4 animal that had no room can
** move in on a later turn. */
static void test_release_frees_enclosure(void **st) {
  (void)st;
  int p;
  ark_game *g = game(2, &p);
  int q = 1 - p;
  int b = t_put_building(g, p, "size-5", ENCLOSURE_5);
  t_put_animal(g, p, 401, b);           /* Cheetah, size 5 */
  t_give(g, p, 118);                    /* Savanna */
  t_give(g, p, 495);                    /* size 4, bird africa, 14 money */
  g->s.p[p].appeal = 20;
  t_set_slot(g, p, ARK_ACT_ANIMALS, 4);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  t_ready(g);
  /* the only enclosure is taken: no Animals action */
  assert_false(t_has_option(g, "Animals I at strength"));
  t_answer(g, "Association I at strength 5");
  t_expect(g, "association.task", p);
  t_answer(g, "project (strength 5, 1 worker)");
  if (!strcmp(t_tag(g), "project.support"))
    t_answer(g, "support Savanna (118) level 1 (5 CP + 1 reputation) from hand");
  t_expect(g, "project.edge", p);
  t_answer(g, "edge bonus: money 12");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].zoo_map.b[b].used, 0);
  assert_int_equal(g->s.p[p].appeal, 20 - 6);
  t_answer_match(g, "X-token action: ");    /* q passes */
  t_expect(g, "action", p);
  (void)q;
  int money = g->s.p[p].money;
  assert_true(t_has_option(g, "Animals I at strength"));
  t_answer_match(g, "Animals I at strength");
  finish_turn(g, p);
  const ark_player *pl = &g->s.p[p];
  int i = ark_zone_zoo_find(g, p, t_card(g, 495));
  assert_true(i >= 0);
  assert_int_equal(pl->zoo_building[i], b);
  assert_int_equal(pl->zoo_map.b[b].used, 1);
  assert_int_equal(pl->zoo_map.b[b].card, t_card(g, 495));
  assert_int_equal(pl->money, money - 14);
  ark_game_free(g);
}

/* ---- the "projects" query (for computer players) ------------------------ */

/* The (have, need, CP) the query reports for one level of a project;
** fails if the level is not listed. */
static void progress_of(const int *q, int n, int id, int level_need, int *have, int *cp) {
  for (int i = 0; i + 3 < n; i += 4)
    if (q[i] == id && q[i + 2] == level_need) {
      *have = q[i + 1];
      *cp = q[i + 3];
      return;
    }
  fail_msg("card %d with need %d not in the query", id, level_need);
}

/* Africa (103: 5 / 4 / 2 icons for 5 / 3 / 2 CP) as the first base
** project, level 1 blocked with 2 players; two Africa animals in the zoo;
** Bavarian Forest (113, release) in hand with a size 4-5 Europe animal in
** an enclosure.  The query reports the open levels with what p has, and
** leaves the game exactly as it was. */
static void test_progress_query(void **st) {
  (void)st;
  int p, q[256], have, cp;
  ark_game *g = game(2, &p);
  t_set_base(g, 0, 103);
  t_zoo_add(g, p, 402);
  t_zoo_add(g, p, 403);
  t_give(g, p, 113);
  int b = t_put_building(g, p, "size-5", ENCLOSURE_5);
  t_put_animal(g, p, 417, b);
  ark_game_refresh(g);
  ark_state before = g->s;
  uint64_t hash = ark_game_log_hash(g);

  int n = ark_game_query(g, "projects", p, q, 256);
  assert_true(n > 0 && n % 4 == 0 && n <= 256);
  int africa = t_card(g, 103), bavaria = t_card(g, 113);
  for (int i = 0; i < n; i += 4)            /* level 1 of Africa is blocked */
    assert_false(q[i] == africa && q[i + 2] == 5);
  progress_of(q, n, africa, 4, &have, &cp);
  assert_int_equal(have, 2);
  assert_int_equal(cp, 3);
  progress_of(q, n, africa, 2, &have, &cp);
  assert_int_equal(have, 2);
  assert_int_equal(cp, 2);
  int levels = 0, met = 0;
  for (int i = 0; i < n; i += 4)
    if (q[i] == bavaria) {
      levels++;
      assert_int_equal(q[i + 2], 1);
      met += q[i + 1];
      if (q[i + 1]) assert_int_equal(q[i + 3], 5);   /* size 4-5: level 1, 5 CP */
    }
  assert_int_equal(levels, 3);
  assert_int_equal(met, 1);

  assert_true(ark_state_same(&before, &g->s));   /* a query leaves no trace */
  assert_true(ark_game_log_hash(g) == hash);
  assert_int_equal(ark_game_query(g, "no-such-query", p, q, 256), -1);
  assert_int_equal(ark_game_query(g, "projects", 5, q, 256), -1);
  assert_int_equal(ark_game_query(g, "projects", p, q, 4), n);  /* count even when cut */
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_icon_projects),
    cmocka_unit_test(test_release_projects),
    cmocka_unit_test(test_release_choice),
    cmocka_unit_test(test_breeding_projects),
    cmocka_unit_test(test_two_player_blocks),
    cmocka_unit_test(test_row_from_display),
    cmocka_unit_test(test_release_frees_enclosure),
    cmocka_unit_test(test_progress_query),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
