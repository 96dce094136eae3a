/*
** test_animals.c - every one of the 128 animals (401-528) is played once
** with the Animals action in a state prepared for it: money, an enclosure
** of its size touching the water and rock it needs (the petting zoo for
** petting-zoo animals, a herbivore's enclosure for Flock animals), and its
** conditions met (icons from cards put into the zoo, a partner zoo, a
** university, Animals II).  Then the test checks the printed gains
** (money paid, appeal, conservation, reputation), every icon count of the
** zoo, and what each of its keyword abilities must have done.
**
** The expectations are computed here from the card's printed facts (its
** YAML as loaded) and the wording of each ability (docs: the card's
** description), never read back from the engine.  The other player leads
** on appeal and conservation so that Venom, Constriction, Pilfering and
** Hypnosis have someone to reach.
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

#define SEED 9
#define MONEY 100
#define OTHER_APPEAL 50
#define OTHER_CONSERVATION 9
#define OTHER_MONEY 30

enum { ANIMALS = ARK_ACT_ANIMALS, BUILD = ARK_ACT_BUILD, CARDS = ARK_ACT_CARDS,
       ASSOC = ARK_ACT_ASSOCIATION, SPONSORS = ARK_ACT_SPONSORS };

static const char *const TITLE[ARK_N_ACTIONS] = {
  "Animals", "Build", "Cards", "Association", "Sponsors"
};

/* Rules numbers of the abilities (the cards' descriptions). */
#define ICONIC_MAX 8
#define INVENTIVE_BEAR_MAX 3
#define PETTING_APPEAL 3
#define POUCH_APPEAL 2
#define SUNBATHING_PRICE 4
#define PILFER_MONEY 5
#define PAVILION_APPEAL 1

/* Cards the test places itself; never used as fillers. */
static const int DISPLAY[6] = { 223, 126, 224, 127, 230, 128 };  /* 3 sponsors */
static const int SPARE[8] = { 201, 202, 203, 204, 205, 206, 207, 208 }; /* sponsors */

/* ---- helpers ---- */

static const ark_decision *pending(ark_game *g) {
  if (ark_game_process(g) != ARK_AWAITING) fail_msg("no decision: %s", ark_game_error(g));
  return ark_game_decision(g);
}

static int has_prefix_option(const ark_decision *d, const char *prefix) {
  for (int i = 0; i < d->noptions; i++)
    if (!strncmp(d->options[i], prefix, strlen(prefix))) return 1;
  return 0;
}

static int action_index(const char *name) {
  static const char *const names[ARK_N_ACTIONS] = {
    "animals", "build", "cards", "association", "sponsors"
  };
  for (int a = 0; a < ARK_N_ACTIONS; a++)
    if (!strcmp(name, names[a])) return a;
  fail_msg("unknown action card %s", name);
  return -1;
}

/* ---- one animal ---- */

typedef struct run {
  ark_game *g;
  int p, q;                     /* the player, the other player */
  int id;
  const ark_card_def *a;
  uint8_t used[ARK_MAX_CARDS];  /* cards the setup already placed */
  int icons[ARK_ICON_N];        /* p's icons after the play, as expected */
  int other_icons[ARK_ICON_N];  /* q's icons */
  int host;                     /* Flock: the host's enclosure, or -1 */
  int hunter_pick;              /* Hunter: the one animal revealed */
  int primates_in_box;          /* Dominance: the Primates project unused */
  int kept_scoring;             /* Resistance: the card kept */
  /* expected after the turn */
  int money, appeal, hand, xtokens, workers, brk, nunder;
  int opp_venom, opp_constriction, opp_money;
  int multiplier[ARK_N_ACTIONS];
  int boost_action, boost_slot; /* Boost: card and slot expected, or -1 */
  int clever;                   /* Clever answered: Sponsors to slot 1 */
  int aviary;                   /* Peacocking: the aviary was built */
  int asked_action, asked_determination, asked_hypnosis;
} run;

static int value_of(const char *ability, char *word, size_t n) {
  const char *colon = strchr(ability, ':');
  if (word) snprintf(word, n, "%s", colon ? colon + 1 : "");
  return colon ? atoi(colon + 1) : 0;
}

static int is_kw(const char *ability, const char *name) {
  size_t n = strlen(name);
  return !strncmp(ability, name, n) && (ability[n] == '\0' || ability[n] == ':');
}

static int has_kw(const ark_card_def *a, const char *name, char *word, size_t n) {
  for (int k = 0; k < a->n_abilities; k++)
    if (is_kw(a->abilities[k], name)) {
      value_of(a->abilities[k], word, n);
      return 1;
    }
  return 0;
}

/* A card's icons in a zoo; an animal's printed water and rock needs are
** water and rock icons too. */
static void add_icons(int *icons, const ark_card_def *c) {
  for (int i = 0; i < ARK_ICON_N; i++) icons[i] += c->icons[i];
  if (c->type == ARK_CARD_ANIMAL) {
    icons[ARK_ICON_WATER] += c->water;
    icons[ARK_ICON_ROCK] += c->rock;
  }
}

/* Puts card id into p's zoo without an enclosure (its icons count). */
static void zoo_card(run *r, int id) {
  t_take_id(r->g, id);
  ark_zone_zoo_add(r->g, r->p, id, -1);
  r->used[id] = 1;
  add_icons(r->icons, &r->g->c->cards[id]);
}

static int reserved(ark_game *g, int id) {
  int n = g->c->cards[id].number;
  for (int i = 0; i < 6; i++) if (DISPLAY[i] == n) return 1;
  for (int i = 0; i < 8; i++) if (SPARE[i] == n) return 1;
  return 0;
}

/* An animal not placed yet that satisfies want(), or -1. */
static int free_animal(run *r, int icon, int max_size) {
  for (int n = 401; n <= 528; n++) {
    int id = t_card(r->g, n);
    const ark_card_def *c = &r->g->c->cards[id];
    if (id == r->id || r->used[id] || reserved(r->g, id)) continue;
    if (icon >= 0 && c->icons[icon] == 0) continue;
    if (max_size > 0 && (c->size <= 0 || c->size > max_size)) continue;
    return id;
  }
  return -1;
}

/* The conditions: icons from cards in the zoo, a partner zoo of a continent
** the animal does not show (no discount), 2 science icons from the research
** university. */
static void meet_conditions(run *r) {
  const ark_card_def *a = r->a;
  ark_player *pl = &r->g->s.p[r->p];
  if (a->req_flags & ARK_REQ_PARTNER_ZOO) {
    int k = 0;
    while (a->icons[ARK_ICON_FIRST_CONTINENT + k]) k++;
    pl->partner_zoos = (uint8_t)(1u << k);
    r->icons[ARK_ICON_FIRST_CONTINENT + k]++;
  }
  if (a->req_icons[ARK_ICON_SCIENCE]) {
    assert_true(a->req_icons[ARK_ICON_SCIENCE] <= 2);
    pl->universities = 1u << ARK_UNI_RESEARCH;
    r->icons[ARK_ICON_SCIENCE] += 2;
  }
  for (int i = 0; i < ARK_ICON_N; i++)
    while (r->icons[i] < a->req_icons[i]) {
      int id = free_animal(r, i, 0);
      assert_true(id >= 0);
      zoo_card(r, id);
    }
}

/* The enclosure: petting zoo, a herbivore's enclosure of the Flock size,
** or a standard one of the animal's size with its water and rock. */
static void make_home(run *r) {
  char word[16];
  ark_game *g = r->g;
  if (r->a->size <= 0) {
    t_put_fitting(g, r->p, "petting-zoo", 0, 0);
    return;
  }
  char key[16];
  if (has_kw(r->a, "flock", word, sizeof word)) {
    int need = atoi(word);
    snprintf(key, sizeof key, "size-%d", need);
    r->host = t_put_fitting(g, r->p, key, 0, 0);
    int host = free_animal(r, ARK_ICON_HERBIVORE, need);
    assert_true(host >= 0);
    t_take_id(g, host);
    ark_building *bu = &g->s.p[r->p].zoo_map.b[r->host];
    bu->used = 1;
    bu->card = (int16_t)host;
    ark_zone_zoo_add(g, r->p, host, r->host);
    r->used[host] = 1;
    add_icons(r->icons, &g->c->cards[host]);
    return;
  }
  snprintf(key, sizeof key, "size-%d", r->a->size);
  t_put_fitting(g, r->p, key, r->a->water, r->a->rock);
}

static void give_spares(run *r, int n) {
  for (int i = 0; i < n; i++) {
    int id = t_card(r->g, SPARE[i]);
    t_take_id(r->g, id);
    ark_zone_hand_add(r->g, r->p, id);
  }
}

/* What each keyword needs before the play, and what it must do. */
static void prepare_keyword(run *r, const char *ability) {
  ark_game *g = r->g;
  char word[24];
  int n = value_of(ability, word, sizeof word);
  if (is_kw(ability, "sprint")) r->hand += n;
  else if (is_kw(ability, "hunter")) {
    /* the top n cards: sponsors, with one animal on top */
    int ids[8], k = 0;
    for (int i = 0; i < n - 1; i++) ids[k++] = t_card(g, SPARE[i]);
    r->hunter_pick = free_animal(r, -1, 0);
    r->used[r->hunter_pick] = 1;
    ids[k++] = r->hunter_pick;
    for (int i = 0; i < k; i++) t_take_id(g, ids[i]);
    for (int i = 0; i < k; i++) g->s.deck[g->s.ndeck++] = (int16_t)ids[i];
    r->hand += 1;
  } else if (is_kw(ability, "perception")) r->hand += n / 2;
  else if (is_kw(ability, "scavenging")) r->hand += 1;
  else if (is_kw(ability, "snapping")) r->hand += n;
  else if (is_kw(ability, "magnet")) r->hand += 3;          /* the 3 display sponsors */
  else if (is_kw(ability, "assertion")) r->hand += 1;
  else if (is_kw(ability, "dominance")) {
    r->primates_in_box = t_in_list(g->s.box, g->s.nbox, t_card(g, 108));
    r->hand += r->primates_in_box;
  } else if (is_kw(ability, "sunbathing")) {
    give_spares(r, n);
    r->money += SUNBATHING_PRICE * n;
  } else if (is_kw(ability, "pouch")) {
    give_spares(r, n);
    r->appeal += POUCH_APPEAL * n;
    r->nunder += n;
  } else if (is_kw(ability, "jumping")) {
    r->brk += n;
    r->money += n;
  } else if (is_kw(ability, "venom")) r->opp_venom += n;
  else if (is_kw(ability, "constriction")) r->opp_constriction += 2;  /* appeal and CP */
  else if (is_kw(ability, "pilfering")) {
    r->money += PILFER_MONEY * n;          /* the leader (of both tracks) pays */
    r->opp_money -= PILFER_MONEY * n;
  } else if (is_kw(ability, "multiplier")) r->multiplier[action_index(word)]++;
  else if (is_kw(ability, "full-throated")) r->workers++;
  else if (is_kw(ability, "posturing")) r->appeal += PAVILION_APPEAL * n;
  else if (is_kw(ability, "boost")) r->boost_action = action_index(word);
  else if (is_kw(ability, "clever")) r->clever = 1;
}

/* Gains that depend on the icons after the play. */
static void icon_keywords(run *r, const char *ability) {
  char word[24];
  int n = value_of(ability, word, sizeof word);
  if (is_kw(ability, "pack")) r->appeal += r->icons[ARK_ICON_PREDATOR];
  else if (is_kw(ability, "petting")) r->appeal += PETTING_APPEAL * r->icons[ARK_ICON_PETTING];
  else if (is_kw(ability, "iconic")) {
    int icon = ark_icon_from_name(word);
    int all = r->icons[icon] + r->other_icons[icon];
    r->appeal += all < ICONIC_MAX ? all : ICONIC_MAX;
  } else if (is_kw(ability, "inventive")) {
    if (!strcmp(word, "bear")) {
      int all = r->icons[ARK_ICON_BEAR] + r->other_icons[ARK_ICON_BEAR];
      r->xtokens += all < INVENTIVE_BEAR_MAX ? all : INVENTIVE_BEAR_MAX;
    } else if (!strcmp(word, "primate")) {
      int own = r->icons[ARK_ICON_PRIMATE];
      r->xtokens += (own >= 1) + (own >= 3) + (own >= 5);
    } else {
      r->xtokens += n;
    }
  }
}

/* Answers the questions of the play until the other player's turn. */
static void answer_all(run *r) {
  ark_game *g = r->g;
  int snaps = 0;
  for (;;) {
    const ark_decision *d = pending(g);
    const char *t = d->tag;
    if (!strcmp(t, "action") && d->player == r->q) return;
    if (!strcmp(t, "venom.card") || !strcmp(t, "constriction.card")) {
      assert_int_equal(d->player, r->q);
      t_answer(g, d->options[0]);
    } else if (!strcmp(t, "pilfering.give")) {
      assert_int_equal(d->player, r->q);
      t_answerf(g, "hand over %d money", PILFER_MONEY);
    } else if (d->player != r->p) {
      t_print_options(g);
      fail_msg("%s asks player %d", t, d->player);
    } else if (!strcmp(t, "hunter.keep")) {
      t_answerf(g, "keep %s (%d)", g->c->cards[r->hunter_pick].name,
              g->c->cards[r->hunter_pick].number);
    } else if (!strcmp(t, "perception.keep") || !strcmp(t, "scavenging.keep") ||
               !strcmp(t, "digging.card") || !strcmp(t, "assertion.project") ||
               !strcmp(t, "sunbathing.sell") || !strcmp(t, "pouch.tuck")) {
      t_answer(g, d->options[0]);
    } else if (!strcmp(t, "card.snap")) {
      snaps++;
      t_answer(g, d->options[0]);
    } else if (!strcmp(t, "snapping.refill")) {
      t_answer(g, "refill the display");
    } else if (!strcmp(t, "dominance.project")) {
      t_answer(g, "take Primates (108)");
    } else if (!strcmp(t, "posturing.kind")) {
      t_answer(g, "place a free pavilion");
    } else if (!strcmp(t, "build.free")) {
      r->money += t_answer_place(g, 1);
    } else if (!strcmp(t, "peacocking.build")) {
      r->aviary = 1;
      t_answer(g, "place the large-bird-aviary for free");
    } else if (!strcmp(t, "keyword.move")) {
      t_answer(g, "done");
    } else if (!strcmp(t, "resistance.keep")) {
      const char *o = d->options[0];
      for (int id = 0; id < g->c->ncards; id++) {
        char want[128];
        snprintf(want, sizeof want, "keep %s (%d)", g->c->cards[id].name, g->c->cards[id].number);
        if (!strcmp(want, o)) r->kept_scoring = id;
      }
      t_answer(g, o);
    } else if (!strcmp(t, "keyword.clever")) {
      t_answerf(g, "move Sponsors (slot %d) to slot 1", t_slot_of(g, r->p, SPONSORS));
    } else if (!strcmp(t, "keyword.boost")) {
      int s = t_slot_of(g, r->p, r->boost_action);
      r->boost_slot = s == 5 ? 1 : 5;
      t_answerf(g, "move %s to slot %d", TITLE[r->boost_action], r->boost_slot);
    } else if (!strcmp(t, "keyword.action")) {
      char word[24];
      assert_true(has_kw(r->a, "action", word, sizeof word));
      char prefix[64];
      snprintf(prefix, sizeof prefix, "%s I", TITLE[action_index(word)]);
      assert_true(has_prefix_option(d, prefix));
      r->asked_action = 1;
      t_answer(g, "no extra action");
    } else if (!strcmp(t, "keyword.determination")) {
      assert_false(has_prefix_option(d, "Animals"));   /* used this turn */
      r->asked_determination = 1;
      t_answer(g, "no extra action");
    } else if (!strcmp(t, "keyword.hypnosis")) {
      char prefix[32];
      snprintf(prefix, sizeof prefix, "use P%d's ", r->q + 1);
      assert_true(has_prefix_option(d, prefix));
      r->asked_hypnosis = 1;
      t_answer(g, "no hypnosis");
    } else {
      t_print_options(g);
      fail_msg("%d: unexpected decision %s", r->a->number, t);
    }
  }
}

static void check_result(run *r, const ark_state *before) {
  ark_game *g = r->g;
  const ark_player *pl = &g->s.p[r->p], *o = &g->s.p[r->q];
  const ark_card_def *a = r->a;
  char word[24];
  int n = a->number;
  const char *bad = t_invariants(g);
  if (bad) fail_msg("%d: invariant: %s", n, bad);
#define EQ(x, y) do { if ((x) != (y)) fail_msg("%d %s: %s is %d, expected %d", n, a->name, #x, (int)(x), (int)(y)); } while (0)
  EQ(pl->money, r->money);
  EQ(pl->appeal, r->appeal);
  EQ(pl->conservation, before->p[r->p].conservation + a->conservation);
  EQ(pl->reputation, before->p[r->p].reputation + a->reputation);
  for (int i = 0; i < ARK_ICON_N; i++)
    if (pl->icons[i] != r->icons[i])
      fail_msg("%d %s: %s icons %d, expected %d", n, a->name, ark_icon_name(i), pl->icons[i],
               r->icons[i]);
  EQ(pl->nhand, r->hand);
  EQ(pl->xtokens, r->xtokens);
  EQ(pl->workers, r->workers);
  EQ(g->s.break_pos, r->brk);
  EQ(pl->nunder, r->nunder);
  for (int k = 0; k < pl->nunder; k++) EQ(pl->under_host[k], r->id);
  int venom = 0, constriction = 0;
  for (int x = 0; x < ARK_N_ACTIONS; x++) {
    venom += o->venom[x];
    constriction += o->constriction[x];
    EQ(pl->multiplier[x], r->multiplier[x]);
  }
  EQ(venom, r->opp_venom);
  EQ(constriction, r->opp_constriction);
  EQ(o->money, r->opp_money);
  /* where the animal lives */
  int i = ark_zone_zoo_find(g, r->p, r->id);
  if (i < 0) fail_msg("%d: not in the zoo", n);
  if (r->host >= 0) {
    EQ(pl->zoo_building[i], -1);
    EQ(pl->zoo_map.b[r->host].used, 1);
  } else {
    int b = pl->zoo_building[i];
    if (b < 0) fail_msg("%d: no enclosure", n);
    const ark_building_def *d = &g->c->buildings[pl->zoo_map.b[b].def];
    if (a->size <= 0) EQ(strcmp(d->key, "petting-zoo"), 0);
    else if (d->kind == ARK_BK_ENCLOSURE) EQ(pl->zoo_map.b[b].card, r->id);
  }
  if (has_kw(a, "hunter", NULL, 0)) EQ(ark_zone_hand_find(g, r->p, r->hunter_pick) >= 0, 1);
  if (has_kw(a, "resistance", NULL, 0)) EQ(t_in_list(pl->scoring, ARK_SCORING_HELD, r->kept_scoring), 1);
  if (has_kw(a, "dominance", NULL, 0))
    EQ(ark_zone_hand_find(g, r->p, t_card(g, 108)) >= 0, r->primates_in_box);
  if (has_kw(a, "boost", NULL, 0)) EQ(t_slot_of(g, r->p, r->boost_action), r->boost_slot);
  if (r->clever) EQ(pl->slot[0], SPONSORS);
  if (has_kw(a, "action", word, sizeof word)) EQ(r->asked_action, 1);
  if (has_kw(a, "determination", NULL, 0)) EQ(r->asked_determination, 1);
  if (has_kw(a, "hypnosis", NULL, 0)) EQ(r->asked_hypnosis, 1);
  if (has_kw(a, "peacocking", NULL, 0)) {
    EQ(r->aviary, 1);
    EQ((pl->special_built & ARK_SPECIAL_AVIARY) != 0, 1);
  }
  if (has_kw(a, "magnet", NULL, 0)) {
    for (int k = 0; k < 6; k += 2) EQ(ark_zone_hand_find(g, r->p, t_card(g, DISPLAY[k])) >= 0, 1);
  }
#undef EQ
}

/* The base state: 2 players on map 0 at the first turn; the current player
** has no cards, 100 money, reputation 1, appeal and conservation 0, Animals
** II in slot 2; the other leads on appeal and conservation; the display
** holds 3 sponsors and 3 projects; track rewards are claimed. */
static ark_game *base_game(void) {
  ark_game *g = t_game(2, SEED, "0");
  int p = g->s.cur, q = 1 - p;
  t_clear_hand(g, p);
  ark_player *pl = &g->s.p[p];
  pl->money = MONEY;
  pl->reputation = 1;
  pl->appeal = 0;
  pl->conservation = 0;
  pl->upgraded = 1u << ANIMALS;
  t_set_slots(g, p, BUILD, ANIMALS, CARDS, ASSOC, SPONSORS);
  g->s.p[q].appeal = OTHER_APPEAL;
  g->s.p[q].conservation = OTHER_CONSERVATION;
  g->s.p[q].money = OTHER_MONEY;
  for (int f = 0; f < 6; f++) t_put_display(g, f + 1, DISPLAY[f]);
  return g;
}

static void play_one(ark_game *g, const ark_state *base, int number) {
  run r;
  memset(&r, 0, sizeof r);
  g->s = *base;
  r.g = g;
  r.p = g->s.cur;
  r.q = 1 - r.p;
  r.id = t_card(g, number);
  r.a = &g->c->cards[r.id];
  r.host = -1;
  r.boost_action = -1;
  ark_player *pl = &g->s.p[r.p];
  const ark_player *o = &g->s.p[r.q];
  for (int i = 0; i < o->nzoo; i++) add_icons(r.other_icons, &g->c->cards[o->zoo[i]]);
  make_home(&r);
  meet_conditions(&r);
  t_take_id(g, r.id);
  ark_zone_hand_add(g, r.p, r.id);
  add_icons(r.icons, r.a);
  r.money = MONEY - r.a->cost;
  r.appeal = r.a->appeal;
  r.workers = pl->workers;
  r.brk = g->s.break_pos;
  r.opp_money = o->money;
  for (int k = 0; k < r.a->n_abilities; k++) prepare_keyword(&r, r.a->abilities[k]);
  for (int k = 0; k < r.a->n_abilities; k++) icon_keywords(&r, r.a->abilities[k]);
  ark_state before = g->s;
  t_restart(g);
  t_expect(g, "action", r.p);
  t_answer(g, "Animals II at strength 2");
  answer_all(&r);
  check_result(&r, &before);
}

static void play_range(int from, int to) {
  ark_game *g = base_game();
  ark_state base = g->s;
  int played = 0;
  for (int n = from; n <= to; n++) {
    play_one(g, &base, n);
    played++;
  }
  print_message("animals %d-%d: %d played\n", from, to, played);
  assert_int_equal(played, to - from + 1);
  ark_game_free(g);
}

static void test_predators_and_herbivores(void **st) { (void)st; play_range(401, 450); }
static void test_primates_and_reptiles(void **st) { (void)st; play_range(451, 493); }
static void test_birds_and_petting_zoo(void **st) { (void)st; play_range(494, 528); }

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_predators_and_herbivores),
    cmocka_unit_test(test_primates_and_reptiles),
    cmocka_unit_test(test_birds_and_petting_zoo),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
