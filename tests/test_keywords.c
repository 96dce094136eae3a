/*
** test_keywords.c - every keyword ability of the animal cards
** (cards/lib/keywords.lua), one test each, through the decision API.
**
** Technique (as test_actions.c): a 2-player game on map 0 at its first
** turn; the state is edited by hand (hand, money, enclosures, the deck's
** top cards, the other players' tracks), the turn is re-run, a real animal
** is played with the Animals action and its ability's questions are
** answered by option text.  Expected values come from the card's printed
** facts and the ability's wording (the card YAML files, the rules), never
** from the engine.
*/
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"
#include "luacompat.h"
#include "lua_api.h"
#include "map.h"
#include "track.h"
#include "zone.h"

#define SEED 5
#define MONEY 100

enum { ANIMALS = ARK_ACT_ANIMALS, BUILD = ARK_ACT_BUILD, CARDS = ARK_ACT_CARDS,
       ASSOC = ARK_ACT_ASSOCIATION, SPONSORS = ARK_ACT_SPONSORS };
enum { AFRICA = 1, AMERICAS = 2, ASIA = 4, AUSTRALIA = 8, EUROPE = 16 };

/* Map 0 spaces: a 5-space enclosure touching neither water nor rock... */
static const char *E5 = "(3,8) (3,10) (3,12) (4,9) (4,11)";

/* ---- helpers ---- */

static const char *name_of(ark_game *g, int number) {
  return g->c->cards[t_card(g, number)].name;
}

/* "Name (number)", as options show a card. */
static const char *label(ark_game *g, int number) {
  static char buf[4][96];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s (%d)", name_of(g, number), number);
  return buf[k];
}

static void give(ark_game *g, int p, int number) {
  int id = t_take_out(g, number);
  ark_zone_hand_add(g, p, id);
}

static int in_box(ark_game *g, int number) {
  return t_in_list(g->s.box, g->s.nbox, t_card(g, number));
}

/* A 2- to 4-player game on map 0 at the first turn: the current player
** holds no card, has 100 money, reputation 1, appeal 0, no X token, the
** Animals card in slot 2; every player's track rewards are claimed (so no
** reward question interrupts) and everyone's appeal and conservation are 0. */
static ark_game *kgame(int players, int *pp) {
  ark_game *g = t_game(players, SEED, "0");
  for (int q = 0; q < players; q++) {
    g->s.p[q].appeal = 0;
    g->s.p[q].conservation = 0;
  }
  int p = t_cur(g);
  t_clear_hand(g, p);
  g->s.p[p].money = MONEY;
  g->s.p[p].reputation = 1;
  t_set_slots(g, p, BUILD, ANIMALS, CARDS, ASSOC, SPONSORS);
  /* sponsors in folders 1-2: no animal within reach by chance */
  t_put_display(g, 1, 223);
  t_put_display(g, 2, 261);
  *pp = p;
  return g;
}

/* Plays animal `number` from p's hand with the Animals card in its slot;
** answers which card and (when asked) the enclosure `into` ("into size-5
** #0"; NULL: the first offered). */
static void play(ark_game *g, int p, int number, const char *into) {
  int slot = 0;
  while (g->s.p[p].slot[slot] != ANIMALS) slot++;
  int side2 = (g->s.p[p].upgraded >> ANIMALS) & 1;
  t_ready(g);
  t_answerf(g, "Animals %s at strength %d", side2 ? "II" : "I", slot + 1);
  if (!strcmp(t_tag(g), "animals.card")) {
    char needle[128];
    snprintf(needle, sizeof needle, "play %s", label(g, number));
    t_answer_match(g, needle);
  }
  if (!strcmp(t_tag(g), "animals.enclosure")) {
    if (into) t_answer(g, into);
    else t_answer(g, ark_game_decision(g)->options[0]);
  }
  assert_int_equal(ark_zone_zoo_find(g, p, t_card(g, number)) >= 0, 1);
}

static int tokens(ark_game *g, int p, int a, const char *kind) {
  const ark_player *pl = &g->s.p[p];
  if (!strcmp(kind, "venom")) return pl->venom[a];
  if (!strcmp(kind, "constriction")) return pl->constriction[a];
  return pl->multiplier[a];
}

/* ---- Sprint, Hunter, Perception, Scavenging ---- */

/* Sprint 3 (Cheetah): three cards from the deck. */
static void test_sprint(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 401);
  int deck = g->s.ndeck;
  play(g, p, 401, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 3);
  assert_int_equal(g->s.ndeck, deck - 3);
  assert_int_equal(g->s.p[p].money, MONEY - 17);
  assert_int_equal(g->s.p[p].appeal, 6);
  ark_game_free(g);
}

/* Hunter 4 (Jaguar): the 4 top cards are revealed, the player keeps one
** animal of their choice, the 3 others are discarded. */
static void test_hunter(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 465);                  /* an Americas icon: Jaguar's condition */
  give(g, p, 412);
  /* from the 4th card to the top: a sponsor, Caracal, Fennec Fox, a sponsor */
  static const int top4[4] = { 230, 404, 405, 224 };
  t_stack_deck(g, top4, 4);
  int deck = g->s.ndeck, discard = g->s.ndiscard;
  play(g, p, 412, NULL);
  t_expect_copy(g, "hunter.keep", p);
  assert_int_equal(t_noptions(g), 2);    /* the two animals only */
  assert_true(t_offered(g, "keep Fennec Fox (405)"));
  t_answer(g, "keep Caracal (404)");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_true(t_in_hand(g, p, 404));
  assert_int_equal(g->s.ndeck, deck - 4);
  assert_int_equal(g->s.ndiscard, discard + 3);
  assert_true(t_in_discard(g, 405) && t_in_discard(g, 224) && t_in_discard(g, 230));
  ark_game_free(g);

  /* Hunter 1 (Yellow-Throated Marten) revealing a sponsor keeps nothing */
  g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 410);
  static const int top1[1] = { 224 };
  t_stack_deck(g, top1, 1);
  play(g, p, 410, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 0);
  assert_true(t_in_discard(g, 224));
  ark_game_free(g);
}

/* Perception 4 (Barn Owl): draw 4, keep 2, discard 2. */
static void test_perception(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 513);
  static const int top4[4] = { 404, 224, 405, 230 };
  t_stack_deck(g, top4, 4);
  int deck = g->s.ndeck, discard = g->s.ndiscard;
  play(g, p, 513, NULL);
  t_expect_copy(g, "perception.keep", p);
  assert_int_equal(t_noptions(g), 4);
  t_answer(g, "keep Fennec Fox (405)");
  t_expect_copy(g, "perception.keep", p);
  assert_int_equal(t_noptions(g), 3);
  assert_false(t_offered(g, "keep Fennec Fox (405)"));
  t_answerf(g, "keep %s", label(g, 230));
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 2);
  assert_true(t_in_hand(g, p, 405) && t_in_hand(g, p, 230));
  assert_int_equal(g->s.ndeck, deck - 4);
  assert_int_equal(g->s.ndiscard, discard + 2);
  assert_true(t_in_discard(g, 404) && t_in_discard(g, 224));
  ark_game_free(g);
}

/* Scavenging 2 (Gould's Monitor): two cards of the shuffled discard pile
** are offered, one goes to the hand, the other stays discarded. */
static void test_scavenging(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 490);
  while (g->s.ndiscard > 0) ark_zone_box(g, g->s.discard[--g->s.ndiscard]);
  static const int pile[5] = { 404, 224, 405, 230, 410 };
  for (int i = 0; i < 5; i++) ark_zone_discard(g, t_take_out(g, pile[i]));
  play(g, p, 490, NULL);
  t_expect_copy(g, "scavenging.keep", p);
  assert_int_equal(t_noptions(g), 2);
  int offered = 0, first = -1;
  for (int i = 0; i < 5; i++) {
    char t[128];
    snprintf(t, sizeof t, "keep %s", label(g, pile[i]));
    if (t_offered(g, t)) {
      offered++;
      if (first < 0) first = pile[i];
    }
  }
  assert_int_equal(offered, 2);
  t_answerf(g, "keep %s", label(g, first));
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_true(t_in_hand(g, p, first));
  assert_int_equal(g->s.ndiscard, 4);
  assert_false(t_in_discard(g, first));
  ark_game_free(g);
}

/* ---- what the other seat sees of the cards a keyword deals with ---- */

/* Does any event from the first `from` on show seat q card `number`? */
static int shown_to(ark_game *g, int from, int q, int number) {
  int id = t_card(g, number);
  char buf[256];
  for (int i = from; i < ark_game_nevents(g); i++) {
    const ark_event *e = ark_game_event(g, i);
    ark_event_text_for(g, e, q, buf, sizeof buf);
    if ((ark_event_visible(e, q) && e->a == id) || strstr(buf, name_of(g, number))) return 1;
  }
  return 0;
}

static int secret_now(ark_game *g) { return ark_game_decision(g)->secret; }

/* Perception (Barn Owl) draws 4 cards only p sees: each keep is p's
** secret, the 2 kept stay p's alone (in the log and in what the other
** seat knows), the 2 discarded go face up for both.  Scavenging's cards
** are dealt to p alone, Pouch's cards go face down: their choices are
** secret too; Hunter's cards are turned over for everyone and its choice
** is not.  The cards had gone to the face-up discard pile and the choices
** had named them to the other seat. */
static void test_private_cards_stay_private(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  int q = 1 - p;
  t_put_building(g, p, "size-5", E5);
  give(g, p, 513);
  static const int top4[4] = { 404, 224, 405, 230 };
  t_stack_deck(g, top4, 4);
  int from = ark_game_nevents(g);
  play(g, p, 513, NULL);
  t_expect_copy(g, "perception.keep", p);
  assert_true(secret_now(g));
  for (int i = 0; i < 4; i++) {
    assert_int_equal(g->s.known[t_card(g, top4[i])], 1 << p);
    assert_false(shown_to(g, from, q, top4[i]));
    assert_true(shown_to(g, from, p, top4[i]));
  }
  t_answer(g, "keep Fennec Fox (405)");
  t_expect_copy(g, "perception.keep", p);
  assert_true(secret_now(g));
  t_answerf(g, "keep %s", label(g, 230));
  t_turn_over(g, p);
  assert_int_equal(g->s.known[t_card(g, 405)], 1 << p);
  assert_int_equal(g->s.known[t_card(g, 230)], 1 << p);
  assert_false(shown_to(g, from, q, 405) || shown_to(g, from, q, 230));
  assert_int_equal(g->s.known[t_card(g, 404)], ARK_SEEN_ALL);
  assert_true(shown_to(g, from, q, 404) && shown_to(g, from, q, 224));
  ark_game_free(g);

  g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 490);
  static const int pile[5] = { 404, 224, 405, 230, 410 };
  for (int i = 0; i < 5; i++) ark_zone_discard(g, t_take_out(g, pile[i]));
  play(g, p, 490, NULL);
  t_expect_copy(g, "scavenging.keep", p);
  assert_true(secret_now(g));
  ark_game_free(g);

  g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 224);
  give(g, p, 447);
  from = ark_game_nevents(g);
  play(g, p, 447, NULL);
  t_expect_copy(g, "pouch.tuck", p);
  assert_true(secret_now(g));
  t_answerf(g, "tuck %s", label(g, 224));
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nunder, 1);
  /* the line names no card (its number a still does: lua_api_cards.c) */
  char buf[256];
  for (int i = from; i < ark_game_nevents(g); i++) {
    ark_event_text_for(g, ark_game_event(g, i), q, buf, sizeof buf);
    assert_null(strstr(buf, name_of(g, 224)));
  }
  ark_game_free(g);

  /* Expert on Australia (212) tucks a hand card for each Australia icon */
  g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 212);
  give(g, p, 224);
  give(g, p, 449);
  play(g, p, 449, NULL);
  t_expect(g, "expert-australia.pouch", p);
  assert_true(secret_now(g));
  ark_game_free(g);

  g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 465);
  give(g, p, 412);
  static const int hunt[4] = { 230, 404, 405, 224 };
  t_stack_deck(g, hunt, 4);
  play(g, p, 412, NULL);
  t_expect_copy(g, "hunter.keep", p);
  assert_false(secret_now(g));
  ark_game_free(g);
}

/* ---- appeal by icons ---- */

/* Pack (Wolf): 1 appeal per predator icon in the zoo, its own included. */
static void test_pack(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 401);                  /* Cheetah: 2 predator icons */
  t_zoo_add(g, p, 405);                  /* Fennec Fox: 1 */
  t_zoo_add(g, 1 - p, 404);              /* another zoo: does not count */
  give(g, p, 417);
  play(g, p, 417, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 4 + 4);   /* printed 4 + predators 2+1+1 */
  ark_game_free(g);
}

/* Iconic (Asia, Komodo Dragon): 1 appeal per Asia icon in all zoos, at
** most 8. */
static void test_iconic(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 410);                  /* Asia 1 */
  t_zoo_add(g, p, 460);                  /* Asia 1 (condition: 2 Asia) */
  t_zoo_add(g, 1 - p, 431);              /* Asian Elephant: Asia 2 */
  give(g, p, 476);
  ark_state base = g->s;
  play(g, p, 476, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2 + 5);   /* printed 2 + (2 + 2 + 1) */
  assert_int_equal(g->s.p[p].icons[ARK_ICON_ASIA], 3);

  /* 2 + 1 own and 7 elsewhere: 10 icons, capped at 8 */
  g->s = base;
  static const int more[] = { 406, 407, 408, 409, 434 };   /* Asia 1 each */
  for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) t_zoo_add(g, 1 - p, more[i]);
  play(g, p, 476, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 2 + 8);
  ark_game_free(g);
}

/* Petting (Goat): 3 appeal per petting-zoo icon, its own included. */
static void test_petting(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  int pz = t_put_building(g, p, "petting-zoo", "(0,5) (0,7) (1,4)");
  t_put_animal(g, p, 520, pz);           /* Sheep */
  give(g, p, 519);
  play(g, p, 519, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 3 * 2);
  assert_int_equal(g->s.p[p].money, MONEY - 7);
  assert_int_equal(g->s.p[p].zoo_map.b[pz].used, 2);
  ark_game_free(g);
}

/* ---- X tokens and workers ---- */

static int inventive_bear(int own_bears, int other_bears) {
  static const int bears[] = { 408, 409, 414, 415 };    /* bear icon 1 each */
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);              /* Grizzly: Animals II */
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 401);                  /* 2 predators: Grizzly's condition */
  int k = 0;
  for (int i = 0; i < own_bears; i++) t_zoo_add(g, p, bears[k++]);
  for (int i = 0; i < other_bears; i++) t_zoo_add(g, 1 - p, bears[k++]);
  give(g, p, 411);
  play(g, p, 411, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].workers, 2);          /* Full-throated */
  int x = g->s.p[p].xtokens;
  ark_game_free(g);
  return x;
}

static int inventive_primate(int extra) {
  static const int primates[] = { 452, 453, 454, 455 };  /* primate icon 1 each */
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;       /* Douc: 1 science */
  for (int i = 0; i < extra; i++) t_zoo_add(g, p, primates[i]);
  t_zoo_add(g, 1 - p, 457);              /* other zoos do not count */
  give(g, p, 459);
  play(g, p, 459, NULL);
  t_turn_over(g, p);
  int x = g->s.p[p].xtokens;
  ark_game_free(g);
  return x;
}

/* Inventive 1 (Coati): 1 X token.  Inventive (bear, Grizzly): 1 per bear
** icon in all zoos, at most 3.  Inventive (primate, Red-Shanked Douc):
** 1/2/3 X tokens for 1/3/5 primate icons in one's own zoo. */
static void test_inventive(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-2", "(6,1) (7,2)");          /* 1 rock: the Coati's need */
  give(g, p, 414);
  play(g, p, 414, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].xtokens, 1);
  ark_game_free(g);

  assert_int_equal(inventive_bear(0, 0), 1);   /* the Grizzly's own bear */
  assert_int_equal(inventive_bear(0, 1), 2);
  assert_int_equal(inventive_bear(1, 2), 3);
  assert_int_equal(inventive_bear(2, 2), 3);   /* 5 bears, at most 3 */

  assert_int_equal(inventive_primate(0), 1);   /* 1 primate icon */
  assert_int_equal(inventive_primate(1), 1);   /* 2 */
  assert_int_equal(inventive_primate(2), 2);   /* 3 */
  assert_int_equal(inventive_primate(3), 2);   /* 4 */
  assert_int_equal(inventive_primate(4), 3);   /* 5 */
}

/* Full-throated (New Zealand Fur Seal): one more association worker; at
** most 4 in all. */
static void test_full_throated(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);
  t_put_fitting(g, p, "size-5", 1, 1);
  give(g, p, 421);
  ark_state base = g->s;
  play(g, p, 421, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].workers, 2);
  assert_int_equal(g->s.p[p].appeal, 8);
  g->s = base;
  g->s.p[p].workers = 4;
  play(g, p, 421, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].workers, 4);
  ark_game_free(g);
}

/* Multiplier (Sponsors, Red Panda): a multiplier token on the player's
** Sponsors card; the next Sponsors action then runs twice. */
static void test_multiplier(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;        /* 2 science */
  give(g, p, 434);
  play(g, p, 434, NULL);
  t_turn_over(g, p);
  assert_int_equal(tokens(g, p, SPONSORS, "multiplier"), 1);
  for (int a = 0; a < ARK_N_ACTIONS; a++)
    if (a != SPONSORS) assert_int_equal(tokens(g, p, a, "multiplier"), 0);
  /* p's next turn: Sponsors I in slot 5, the money alternative twice */
  g->s.cur = (uint8_t)p;
  t_clear_hand(g, p);
  int money = g->s.p[p].money, brk = g->s.break_pos;
  t_ready(g);
  t_answer(g, "Sponsors I at strength 5");  /* no sponsor in hand: money twice */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, money + 10);
  assert_int_equal(g->s.break_pos, brk + 10);
  ark_game_free(g);
}

/* Jumping 3 (Cougar): the break marker moves 3 spaces, 3 money. */
static void test_jumping(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_fitting(g, p, "size-3", 0, 1);
  give(g, p, 413);
  ark_state base = g->s;
  int brk = g->s.break_pos;
  play(g, p, 413, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.break_pos, brk + 3);
  assert_int_equal(g->s.p[p].money, MONEY - 10 + 3);
  /* filling the break track gives an X token and a break follows */
  g->s = base;
  g->s.break_pos = (uint8_t)(g->s.break_len - 1);
  play(g, p, 413, NULL);
  ark_game_process(g);
  assert_int_equal(g->s.p[p].xtokens, 1);
  assert_int_equal(g->s.phase, ARK_PH_BREAK);
  ark_game_free(g);
}

/* ---- tokens for the players ahead ---- */

/* Venom 2 (Western Green Mamba): each player ahead on appeal takes 2
** venom tokens, each on an action card that player chooses; a player level
** with or behind the mamba's owner takes none. */
static void test_venom(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(3, &p);
  int q1 = (p + 1) % 3, q2 = (p + 2) % 3;
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 473);                  /* Africa + reptile: the conditions */
  g->s.p[p].appeal = 10;                 /* 16 after the Mamba's 6 */
  g->s.p[q1].appeal = 16;
  g->s.p[q2].appeal = 17;
  give(g, p, 470);
  play(g, p, 470, NULL);
  t_expect_copy(g, "venom.card", q2);
  assert_int_equal(t_noptions(g), 5);
  t_answerf(g, "Build (slot %d)", t_slot_of(g, q2, BUILD));
  t_expect_copy(g, "venom.card", q2);
  t_answerf(g, "Build (slot %d)", t_slot_of(g, q2, BUILD));
  t_turn_over(g, p);
  assert_int_equal(tokens(g, q2, BUILD, "venom"), 2);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    assert_int_equal(tokens(g, q1, a, "venom"), 0);
    assert_int_equal(tokens(g, p, a, "venom"), 0);
  }
  ark_game_free(g);
}

/* Constriction (Boa Constrictor): one token for each track (appeal,
** conservation) on which a player is ahead; the receiver picks the card. */
static void test_constriction(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(3, &p);
  int q1 = (p + 1) % 3, q2 = (p + 2) % 3;
  t_put_building(g, p, "size-5", E5);
  g->s.p[p].universities = 1u << ARK_UNI_RESEARCH;        /* 2 science */
  g->s.p[p].conservation = 3;
  g->s.p[q1].appeal = 20;                /* ahead on both */
  g->s.p[q1].conservation = 4;
  g->s.p[q2].appeal = 7;                 /* level on appeal (7 after the Boa) */
  g->s.p[q2].conservation = 5;           /* ahead on conservation */
  give(g, p, 483);
  play(g, p, 483, NULL);
  t_expect_copy(g, "constriction.card", q1);   /* appeal first */
  t_answerf(g, "Cards (slot %d)", t_slot_of(g, q1, CARDS));
  t_expect_copy(g, "constriction.card", q1);   /* then conservation */
  t_answerf(g, "Sponsors (slot %d)", t_slot_of(g, q1, SPONSORS));
  t_expect_copy(g, "constriction.card", q2);
  t_answerf(g, "Cards (slot %d)", t_slot_of(g, q2, CARDS));
  t_turn_over(g, p);
  assert_int_equal(tokens(g, q1, CARDS, "constriction"), 1);
  assert_int_equal(tokens(g, q1, SPONSORS, "constriction"), 1);
  assert_int_equal(tokens(g, q2, CARDS, "constriction"), 1);
  assert_int_equal(tokens(g, q2, SPONSORS, "constriction"), 0);
  ark_game_free(g);
}

/* ---- edge cases: nothing left to draw, show or give ---- */

/* Every deck and discard card out of the game (in the box). */
static void empty_piles(ark_game *g) {
  while (g->s.ndeck > 0) ark_zone_box(g, g->s.deck[--g->s.ndeck]);
  while (g->s.ndiscard > 0) ark_zone_box(g, g->s.discard[--g->s.ndiscard]);
}

/* With the deck and the discard pile empty, Sprint 3 (Cheetah), Hunter 4
** (Jaguar), Perception 4 (Barn Owl) and Scavenging 2 (Gould's Monitor)
** draw nothing and ask nothing; the printed gains still come. */
static void test_keywords_empty_piles(void **st) {
  (void)st;
  static const int cards[4] = { 401, 412, 513, 490 };
  static const int cost[4] = { 17, 16, 12, 15 };
  for (int k = 0; k < 4; k++) {
    int p;
    ark_game *g = kgame(2, &p);
    t_put_building(g, p, "size-5", E5);
    if (cards[k] == 412) t_zoo_add(g, p, 465);   /* an Americas icon */
    give(g, p, cards[k]);
    int money = g->s.p[p].money;
    empty_piles(g);
    play(g, p, cards[k], NULL);
    t_turn_over(g, p);
    assert_int_equal(g->s.p[p].nhand, 0);
    assert_int_equal(g->s.p[p].money, money - cost[k]);
    ark_game_free(g);
  }
}

/* Perception 4 (Barn Owl) with one card left anywhere: that card is kept
** without a question (fewer cards than the two to keep). */
static void test_perception_short_deck(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 513);
  empty_piles(g);
  static const int top1[1] = { 404 };
  t_stack_deck(g, top1, 1);
  play(g, p, 513, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_true(t_in_hand(g, p, 404));
  ark_game_free(g);
}

/* Sunbathing 3 (Ring-Tailed Lemur) with one hand card: that card may be
** sold, then nothing is left to ask; Pouch 2 (Red Kangaroo) with an empty
** hand asks nothing and gives only its printed 7 appeal. */
static void test_keywords_small_hand(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_fitting(g, p, "size-5", 0, 1);
  give(g, p, 224);
  give(g, p, 454);
  play(g, p, 454, NULL);
  t_expect_copy(g, "sunbathing.sell", p);
  assert_int_equal(t_noptions(g), 2);          /* the card or stop */
  t_answerf(g, "sell %s", label(g, 224));
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, MONEY - 12 + 4);
  assert_int_equal(g->s.p[p].nhand, 0);
  ark_game_free(g);

  g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 447);
  play(g, p, 447, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 7);
  assert_int_equal(g->s.p[p].nunder, 0);
  ark_game_free(g);
}

/* Snapping 2 (Saltwater Crocodile) with one display card: that card is
** snapped (the only choice, taken without a question); declining the
** refill leaves nothing for the second snap. */
static void test_snapping_thin_display(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_fitting(g, p, "size-5", 1, 0);
  g->s.p[p].partner_zoos = EUROPE;
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (g->s.display[f] >= 0) ark_zone_discard(g, ark_zone_display_take(g, f));
  t_put_display(g, 4, 404);
  give(g, p, 489);
  play(g, p, 489, NULL);
  t_expect_copy(g, "snapping.refill", p);
  assert_true(t_in_hand(g, p, 404));
  t_answer(g, "keep the display as it is");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_true(t_in_hand(g, p, 404));
  ark_game_free(g);
}

/* Venom 2 (Western Green Mamba) with 4 players: the two ahead on appeal
** take two tokens each, the one level and the one behind none. */
static void test_venom_four_players(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(4, &p);
  int q1 = (p + 1) % 4, q2 = (p + 2) % 4, q3 = (p + 3) % 4;
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 473);                  /* Africa + reptile: the conditions */
  g->s.p[p].appeal = 10;                 /* 16 after the Mamba's 6 */
  g->s.p[q1].appeal = 20;
  g->s.p[q2].appeal = 16;                /* level */
  g->s.p[q3].appeal = 17;
  give(g, p, 470);
  play(g, p, 470, NULL);
  for (int k = 0; k < 4; k++) {
    int q = k < 2 ? q1 : q3;
    t_expect_copy(g, "venom.card", q);
    t_answerf(g, "Build (slot %d)", t_slot_of(g, q, BUILD));
  }
  t_turn_over(g, p);
  assert_int_equal(tokens(g, q1, BUILD, "venom"), 2);
  assert_int_equal(tokens(g, q3, BUILD, "venom"), 2);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    assert_int_equal(tokens(g, q2, a, "venom"), 0);
    assert_int_equal(tokens(g, p, a, "venom"), 0);
  }
  ark_game_free(g);
}

/* ---- after finishing this action ---- */

/* Clever (Fennec Fox): after the action (Animals now in slot 1) any card
** may move to slot 1. */
static void test_clever(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 405);
  ark_state base = g->s;
  play(g, p, 405, NULL);
  t_expect_copy(g, "keyword.clever", p);        /* waits in the state: a copy */
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, ASSOC, SPONSORS);
  assert_int_equal(t_noptions(g), 5);    /* slots 2-5, or leave them */
  assert_true(t_offered(g, "leave the cards"));
  t_answer(g, "move Association (slot 4) to slot 1");
  t_turn_over(g, p);
  t_assert_slots(g, p, ASSOC, ANIMALS, BUILD, CARDS, SPONSORS);
  g->s = base;
  play(g, p, 405, NULL);
  t_answer(g, "leave the cards");
  t_turn_over(g, p);
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, ASSOC, SPONSORS);
  ark_game_free(g);
}

/* Boost (Association, Sloth Bear): after the action the Association card
** may go to slot 1 or slot 5. */
static void test_boost(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 408);
  ark_state base = g->s;
  play(g, p, 408, NULL);
  t_expect_copy(g, "keyword.boost", p);
  assert_int_equal(t_noptions(g), 3);
  assert_true(t_offered(g, "move Association to slot 1"));
  assert_true(t_offered(g, "leave it in slot 4"));
  t_answer(g, "move Association to slot 5");
  t_turn_over(g, p);
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, SPONSORS, ASSOC);
  g->s = base;
  play(g, p, 408, NULL);
  t_answer(g, "move Association to slot 1");
  t_turn_over(g, p);
  t_assert_slots(g, p, ASSOC, ANIMALS, BUILD, CARDS, SPONSORS);
  /* already in slot 5: only slot 1 or stay */
  g->s = base;
  t_set_slots(g, p, BUILD, ANIMALS, CARDS, SPONSORS, ASSOC);
  play(g, p, 408, NULL);
  t_expect(g, "keyword.boost", p);
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "leave it in slot 5"));
  t_answer(g, "move Association to slot 1");
  t_turn_over(g, p);
  t_assert_slots(g, p, ASSOC, ANIMALS, BUILD, CARDS, SPONSORS);
  ark_game_free(g);
}

/* Animals II at strength 3 (two animals), the first (the option that
** contains `first`) into the size-1 enclosure. */
static void first_of_two(ark_game *g, const char *first) {
  t_ready(g);
  t_answer(g, "Animals II at strength 3");
  t_answer_match(g, first);
  t_answer_match(g, "into size-1");
}

/* The keywords' "after finishing this action" effects wait in the state:
** Animals II playing a Clever animal (Fennec Fox), then a Boost one (Sloth
** Bear), offers the second animal, Clever and Boost in that order, each a
** copy of the game.  Behind an effect a card script keeps as a function
** (Expert on Africa, for the Senegal Bushbaby's Africa icon) a keyword's
** waits among those functions, in its place. */
static void test_after_action_in_state(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);
  t_set_slots(g, p, BUILD, CARDS, ANIMALS, ASSOC, SPONSORS);   /* strength 3: two animals */
  t_put_building(g, p, "size-1", "(0,9)");
  t_put_building(g, p, "size-5", E5);
  give(g, p, 405);
  give(g, p, 408);
  ark_state base = g->s;
  first_of_two(g, "play Fennec Fox");
  t_expect_copy(g, "animals.card", p);          /* Clever waits in the state */
  t_answer_match(g, "play Sloth Bear");
  t_expect_copy(g, "keyword.clever", p);
  t_answer(g, "leave the cards");
  t_expect_copy(g, "keyword.boost", p);
  t_answer(g, "move Association to slot 5");
  t_turn_over(g, p);
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, SPONSORS, ASSOC);
  /* a card script's function first: the Boost comes after it */
  g->s = base;
  t_zoo_add(g, p, 214);                         /* Expert on Africa */
  t_zoo_add(g, p, 404);                         /* Caracal: with it, two Africa icons */
  give(g, p, 452);                              /* Senegal Bushbaby: Africa, size 1 */
  first_of_two(g, "play Senegal Bushbaby");
  t_answer_match(g, "play Sloth Bear");
  t_expect_copy(g, "expert-africa.clever", p);  /* waits in the state too */
  t_answer(g, "leave the cards");
  t_expect_copy(g, "keyword.boost", p);
  t_answer(g, "leave it in slot 4");
  t_turn_over(g, p);
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, ASSOC, SPONSORS);
  ark_game_free(g);
}

/* Action (Cards, Collared Mangabey): after the action, the Cards action at
** the strength of its slot; then that card moves to slot 1. */
static void test_action(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 404);                  /* an Africa icon */
  give(g, p, 453);
  ark_state base = g->s;
  int brk = g->s.break_pos, deck = g->s.ndeck;
  play(g, p, 453, NULL);
  /* Animals went to slot 1: Cards now lies in slot 3; the offer and the
  ** extra action's own choice end the step's coroutine (copies) */
  t_expect_copy(g, "keyword.action", p);
  assert_int_equal(t_noptions(g), 2);
  assert_true(t_offered(g, "no extra action"));
  t_answer(g, "Cards I at strength 3");
  t_expect_copy(g, "card.discard", p);   /* draw 2, discard 1 */
  t_answer(g, ark_game_decision(g)->options[0]);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_int_equal(g->s.ndeck, deck - 2);
  assert_int_equal(g->s.break_pos, brk + 2);
  t_assert_slots(g, p, CARDS, ANIMALS, BUILD, ASSOC, SPONSORS);
  /* X tokens raise the strength; declining changes nothing */
  g->s = base;
  g->s.p[p].xtokens = 2;
  play(g, p, 453, NULL);
  t_expect(g, "keyword.action", p);
  assert_int_equal(t_noptions(g), 4);
  assert_true(t_offered(g, "Cards I at strength 5 (2 X)"));
  t_answer(g, "no extra action");
  t_turn_over(g, p);
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, ASSOC, SPONSORS);
  assert_int_equal(g->s.p[p].xtokens, 2);
  ark_game_free(g);
}

/* Determination (Golden Eagle): after the action, one more action with a
** card not used this turn; it then moves to slot 1. */
static void test_determination(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);
  t_put_fitting(g, p, "size-5", 0, 1);
  give(g, p, 509);
  play(g, p, 509, NULL);
  t_expect_copy(g, "keyword.determination", p);
  /* Build (slot 2) cannot build without money? it can: 80 money left */
  assert_false(t_offered(g, "Animals II at strength 1"));
  assert_true(t_offered(g, "Cards I at strength 3"));
  assert_true(t_offered(g, "Sponsors I at strength 5"));
  assert_true(t_offered(g, "no extra action"));
  int brk = g->s.break_pos;
  t_answer(g, "Sponsors I at strength 5");  /* no sponsor in hand: the money */
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, MONEY - 20 + 5);
  assert_int_equal(g->s.break_pos, brk + 5);
  t_assert_slots(g, p, SPONSORS, ANIMALS, BUILD, CARDS, ASSOC);
  ark_game_free(g);
}

/* Hypnosis 3 (Common European Adder): after the action, the action of a
** card in slots 1-3 of the appeal leader, at that slot's strength and on
** that card's side; the leader's cards do not move. */
static void test_hypnosis(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  int q = 1 - p;
  t_put_building(g, p, "size-5", E5);
  g->s.p[p].partner_zoos = EUROPE;
  g->s.p[q].appeal = 30;
  t_set_slots(g, q, CARDS, BUILD, SPONSORS, ANIMALS, ASSOC);
  t_upgrade(g, q, CARDS);
  give(g, p, 485);
  int deck = g->s.ndeck, brk = g->s.break_pos;
  play(g, p, 485, NULL);
  t_expect_copy(g, "keyword.hypnosis", p);
  char t[96];
  snprintf(t, sizeof t, "use P%d's Cards II at strength 1", q + 1);
  assert_true(t_offered(g, t));
  snprintf(t, sizeof t, "use P%d's Sponsors I at strength 3", q + 1);
  assert_true(t_offered(g, t));
  snprintf(t, sizeof t, "use P%d's Animals I at strength 4", q + 1);
  assert_false(t_offered(g, t));         /* slot 4: beyond Hypnosis 3 */
  snprintf(t, sizeof t, "use P%d's Cards II at strength 1", q + 1);
  t_answer(g, t);
  t_expect_copy(g, "card.take", p);      /* side II: deck or folder 1 */
  t_answer(g, "draw from the deck");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_int_equal(g->s.ndeck, deck - 1);
  assert_int_equal(g->s.break_pos, brk + 2);
  t_assert_slots(g, q, CARDS, BUILD, SPONSORS, ANIMALS, ASSOC);
  t_assert_slots(g, p, ANIMALS, BUILD, CARDS, ASSOC, SPONSORS);
  ark_game_free(g);
}

/* ---- cards from others, the display, the box ---- */

/* Pilfering 1 (Barbary Macaque): the appeal leader hands over 5 money or a
** random hand card, as that player decides. */
static void test_pilfering(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(3, &p);
  int q1 = (p + 1) % 3, q2 = (p + 2) % 3;
  t_put_building(g, p, "size-5", E5);
  g->s.p[p].partner_zoos = EUROPE;
  g->s.p[q1].appeal = 20;
  g->s.p[q2].appeal = 30;                /* the leader */
  g->s.p[q2].money = 12;
  t_clear_hand(g, q2);
  give(g, q2, 404);
  give(g, p, 456);
  ark_state base = g->s;
  play(g, p, 456, NULL);
  t_expect_copy(g, "pilfering.give", q2);
  assert_int_equal(t_noptions(g), 2);
  t_answer(g, "hand over 5 money");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, MONEY - 13 + 5);
  assert_int_equal(g->s.p[q2].money, 7);
  g->s = base;
  play(g, p, 456, NULL);
  t_answer(g, "hand over a random card");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 404));
  assert_int_equal(g->s.p[q2].nhand, 0);
  assert_int_equal(g->s.p[p].money, MONEY - 13);
  /* the card handed over is told to the two seats, and to the third that
  ** one changed hands, as notes the log's hash leaves out */
  char line[160], want[3][96];
  snprintf(want[p], sizeof want[p], "P%d hands Caracal (404) to P%d", q2 + 1, p + 1);
  snprintf(want[q2], sizeof want[q2], "P%d hands Caracal (404) to P%d", q2 + 1, p + 1);
  snprintf(want[q1], sizeof want[q1], "P%d hands a card to P%d", q2 + 1, p + 1);
  for (int seat = 0; seat < 3; seat++) {
    int told = 0;
    for (int k = 0; k < ark_game_nevents(g); k++) {
      const ark_event *e = ark_game_event(g, k);
      if (!ark_event_visible(e, seat) || e->type != ARK_EV_TEXT || e->player != q2) continue;
      ark_event_text(g, e, line, sizeof line);
      told += !strcmp(line, want[seat]) && e->note;
    }
    assert_int_equal(told, 1);
  }
  ark_game_free(g);

  /* Pilfering 2 (Japanese Macaque): the appeal leader and the conservation
  ** leader each hand something over */
  g = kgame(3, &p);
  q1 = (p + 1) % 3;
  q2 = (p + 2) % 3;
  t_put_fitting(g, p, "size-3", 1, 0);
  t_zoo_add(g, p, 410);                  /* an Asia icon */
  g->s.p[q1].appeal = 30;
  g->s.p[q2].conservation = 6;
  g->s.p[q1].money = 20;
  g->s.p[q2].money = 3;                  /* only 3 to give */
  give(g, p, 458);
  play(g, p, 458, NULL);
  t_expect_copy(g, "pilfering.give", q1);
  t_answer(g, "hand over 5 money");
  t_expect_copy(g, "pilfering.give", q2);
  t_answer(g, "hand over 3 money");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].money, MONEY - 18 + 5 + 3);
  assert_int_equal(g->s.p[q1].money, 15);
  assert_int_equal(g->s.p[q2].money, 0);
  ark_game_free(g);
}

/* Snapping 2 (Saltwater Crocodile): twice any display card, with a
** refill in between if the player likes. */
static void test_snapping(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_fitting(g, p, "size-5", 1, 0);
  g->s.p[p].partner_zoos = EUROPE;
  t_put_display(g, 6, 404);
  t_put_display(g, 5, 405);
  give(g, p, 489);
  play(g, p, 489, NULL);
  t_expect_copy(g, "card.snap", p);     /* the first: the rest kept */
  assert_int_equal(t_noptions(g), 6);    /* all folders, whatever the range */
  t_answer(g, "snap Caracal (404) from folder 6");
  t_expect_copy(g, "snapping.refill", p);
  t_answer(g, "refill the display");
  t_expect_copy(g, "card.snap", p);
  assert_int_equal(t_noptions(g), 6);
  t_answer(g, "snap Fennec Fox (405) from folder 5");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 2);
  assert_true(t_in_hand(g, p, 404) && t_in_hand(g, p, 405));
  ark_game_free(g);
}

/* Magnet (sponsors, Muskox): every sponsor of the display to the hand. */
static void test_magnet(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 465);                  /* an Americas icon */
  t_put_display(g, 1, 404);
  t_put_display(g, 2, 224);              /* sponsor */
  t_put_display(g, 3, 405);
  t_put_display(g, 4, 108);              /* a project */
  t_put_display(g, 5, 230);              /* sponsor */
  t_put_display(g, 6, 410);
  give(g, p, 437);
  play(g, p, 437, NULL);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].nhand, 2);
  assert_true(t_in_hand(g, p, 224) && t_in_hand(g, p, 230));
  assert_int_equal(ark_zone_display_find(g, t_card(g, 404)), 0);   /* slid down */
  ark_game_free(g);
}

/* Digging 3 (Malayan Tapir): up to 3 times a display card is discarded
** (the display refilled) or a hand card swapped for the deck's top card. */
static void test_digging(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_put_display(g, 3, 404);
  give(g, p, 224);
  give(g, p, 435);
  static const int top1[1] = { 405 };
  t_stack_deck(g, top1, 1);
  play(g, p, 435, NULL);
  t_expect_copy(g, "digging.card", p);
  assert_int_equal(t_noptions(g), 6 + 1 + 1);  /* 6 folders, 1 hand card, stop */
  t_answer(g, "discard Caracal (404) from folder 3");
  t_expect_copy(g, "digging.card", p);
  t_answerf(g, "replace %s from your hand", label(g, 224));
  t_expect_copy(g, "digging.card", p);
  t_answer(g, "stop digging");
  t_turn_over(g, p);
  assert_true(t_in_discard(g, 404) && t_in_discard(g, 224));
  assert_int_equal(g->s.p[p].nhand, 1);
  for (int f = 0; f < ARK_DISPLAY; f++) assert_true(g->s.display[f] >= 0);
  assert_int_equal(g->s.display[5], t_card(g, 405));     /* refilled from the deck */
  ark_game_free(g);
}

/* Sunbathing 2 (Common Agama): at most 2 hand cards sold, 4 money each. */
static void test_sunbathing(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 224);
  give(g, p, 230);
  give(g, p, 404);
  give(g, p, 473);
  play(g, p, 473, NULL);
  t_expect_copy(g, "sunbathing.sell", p);
  assert_int_equal(t_noptions(g), 4);
  t_answerf(g, "sell %s", label(g, 224));
  t_answerf(g, "sell %s", label(g, 404));
  t_turn_over(g, p);                     /* no third sale */
  assert_int_equal(g->s.p[p].money, MONEY - 9 + 8);
  assert_int_equal(g->s.p[p].nhand, 1);
  assert_true(t_in_discard(g, 224) && t_in_discard(g, 404));
  ark_game_free(g);
}

/* Pouch 2 (Red Kangaroo): up to 2 hand cards under the card, 2 appeal each. */
static void test_pouch(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 224);
  give(g, p, 230);
  give(g, p, 404);
  give(g, p, 447);
  ark_state base = g->s;
  play(g, p, 447, NULL);
  t_expect_copy(g, "pouch.tuck", p);
  t_answerf(g, "tuck %s", label(g, 230));
  t_answerf(g, "tuck %s", label(g, 404));
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->appeal, 7 + 2 * 2);
  assert_int_equal(pl->nhand, 1);
  assert_int_equal(pl->nunder, 2);
  assert_int_equal(pl->under[0], t_card(g, 230));
  assert_int_equal(pl->under[1], t_card(g, 404));
  assert_int_equal(pl->under_host[0], t_card(g, 447));
  assert_int_equal(pl->under_host[1], t_card(g, 447));
  /* one card only */
  g->s = base;
  play(g, p, 447, NULL);
  t_answerf(g, "tuck %s", label(g, 224));
  t_answer(g, "stop tucking");
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].appeal, 7 + 2);
  assert_int_equal(g->s.p[p].nunder, 1);
  ark_game_free(g);
}

/* Resistance (African Bush Elephant): 2 final scoring cards drawn, 1 kept,
** which joins the two held (no limit in the rules: nothing goes back); the
** other stays in the box.  At the end each card still held scores. */
static void test_resistance(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 426);
  int old0 = g->s.p[p].scoring[0], old1 = g->s.p[p].scoring[1];
  assert_true(old0 >= 0 && old1 >= 0);
  ark_state base = g->s;
  play(g, p, 426, NULL);
  t_expect_copy(g, "resistance.keep", p);
  assert_int_equal(t_noptions(g), 2);
  const char *first = ark_game_decision(g)->options[0];
  int kept = -1;
  for (int id = 0; id < g->c->ncards; id++) {
    char t[128];
    snprintf(t, sizeof t, "keep %s (%d)", g->c->cards[id].name, g->c->cards[id].number);
    if (!strcmp(t, first)) kept = id;
  }
  assert_true(kept >= 0);
  assert_int_equal(g->c->cards[kept].type, ARK_CARD_SCORING);
  assert_true(t_in_list(g->s.box, g->s.nbox, kept));
  t_answer(g, first);
  t_turn_over(g, p);
  assert_true(t_in_list(g->s.p[p].scoring, ARK_SCORING_HELD, kept));
  assert_true(t_in_list(g->s.p[p].scoring, ARK_SCORING_HELD, old0));
  assert_true(t_in_list(g->s.p[p].scoring, ARK_SCORING_HELD, old1));
  assert_false(t_in_list(g->s.box, g->s.nbox, kept));
  int q[16];
  assert_int_equal(ark_game_query(g, "scoring", p, q, 16), 6);   /* three cards, each valued */
  /* holding one (after someone reached 10): the kept card fills the slot */
  g->s = base;
  ark_zone_box(g, g->s.p[p].scoring[1]);
  g->s.p[p].scoring[1] = -1;
  play(g, p, 426, NULL);
  t_expect_copy(g, "resistance.keep", p);
  t_answer(g, ark_game_decision(g)->options[1]);
  t_turn_over(g, p);
  assert_true(g->s.p[p].scoring[0] >= 0 && g->s.p[p].scoring[1] >= 0);
  ark_game_free(g);
}

/* Assertion (Indian Rhinoceros): any one base project not in use (in the
** box) may go to the hand. */
static void test_assertion(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);
  t_put_building(g, p, "size-5", E5);
  give(g, p, 432);
  int unused = 0, pick = 0;
  for (int n = 101; n <= 112; n++)
    if (in_box(g, n)) {
      unused++;
      pick = n;
    }
  assert_int_equal(unused, 12 - g->s.nbase);
  play(g, p, 432, NULL);
  t_expect_copy(g, "assertion.project", p);
  assert_int_equal(t_noptions(g), unused + 1);
  assert_true(t_offered(g, "take none"));
  t_answerf(g, "take %s", label(g, pick));
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, pick));
  assert_false(in_box(g, pick));
  ark_game_free(g);
}

/* Dominance (Proboscis Monkey): the Primates base project (108) may go to
** the hand unless it is already in the game. */
static void test_dominance(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_upgrade(g, p, ANIMALS);
  t_put_fitting(g, p, "size-5", 0, 1);
  t_zoo_add(g, p, 452);
  t_zoo_add(g, p, 453);                  /* 2 primate icons */
  give(g, p, 451);
  int primates = t_card(g, 108);
  /* 108 in the box, the base projects in play others */
  for (int i = 0; i < g->s.nbase; i++)
    if (g->s.base[i].card == primates) {
      int other = -1;
      for (int n = 101; n <= 112 && other < 0; n++)
        if (in_box(g, n)) other = t_card(g, n);
      t_take_out(g, g->c->cards[other].number);
      g->s.base[i].card = (int16_t)other;
      ark_zone_box(g, primates);
    }
  ark_state base = g->s;
  play(g, p, 451, NULL);
  t_expect_copy(g, "dominance.project", p);
  assert_int_equal(t_noptions(g), 2);
  t_answer(g, "take Primates (108)");
  t_turn_over(g, p);
  assert_true(t_in_hand(g, p, 108));
  /* in play already: nothing to take */
  g->s = base;
  int was = g->s.base[0].card;
  t_take_out(g, 108);
  g->s.base[0].card = (int16_t)primates;
  ark_zone_box(g, was);
  play(g, p, 451, NULL);
  t_turn_over(g, p);
  assert_false(t_in_hand(g, p, 108));
  ark_game_free(g);
}

/* ---- buildings ---- */

/* Posturing 2 (Indian Peafowl): up to 2 free kiosks or pavilions. */
static void test_posturing(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  t_zoo_add(g, p, 410);                  /* an Asia icon */
  give(g, p, 501);
  int nb = g->s.p[p].zoo_map.nb;
  play(g, p, 501, NULL);
  t_expect_copy(g, "posturing.kind", p);
  assert_int_equal(t_noptions(g), 3);
  t_answer(g, "place a free pavilion");
  t_expect_copy(g, "build.free", p);          /* the pick left waits as data */
  t_answer_place(g, 0);
  t_expect_copy(g, "posturing.kind", p);
  t_answer(g, "place a free kiosk");
  t_expect_copy(g, "build.free", p);
  t_answer_place(g, 0);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].zoo_map.nb, nb + 2);
  assert_int_equal(g->s.p[p].money, MONEY - 18);
  assert_int_equal(g->s.p[p].appeal, 7 + 1);   /* the pavilion's appeal */
  ark_game_free(g);
}

/* Peacocking (Emu): the large bird aviary for free; fitting birds may move
** in from standard enclosures.  Not again once built.  Each question is a
** copy of the game for the AIs (continuations, no running coroutine). */
static void test_peacocking(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  t_put_building(g, p, "size-5", E5);
  int e1 = t_put_building(g, p, "size-3", "(0,5) (0,7) (1,6)");
  t_put_animal(g, p, 496, e1);           /* Marabou: aviary size 1 */
  g->s.p[p].partner_zoos = AUSTRALIA;    /* 1 Australia icon... */
  t_zoo_add(g, p, 517);                  /* ...and a second */
  give(g, p, 514);
  ark_state base = g->s;
  int nb = g->s.p[p].zoo_map.nb;
  play(g, p, 514, "into size-5 #0");
  t_expect_copy(g, "peacocking.build", p);
  t_answer(g, "place the large-bird-aviary for free");
  t_expect_copy(g, "build.free", p);
  int bonus = t_answer_place(g, 1);
  t_expect_copy(g, "keyword.move", p);
  t_answer(g, "move Marabou (496) in");
  t_turn_over(g, p);
  const ark_player *pl = &g->s.p[p];
  assert_int_equal(pl->zoo_map.nb, nb + 1);
  assert_true(pl->special_built & ARK_SPECIAL_AVIARY);
  assert_int_equal(t_building_of(g, p, 496), nb);
  assert_int_equal(pl->zoo_map.b[e1].used, 0);
  assert_int_equal(pl->money, MONEY - (22 - 3) + bonus);   /* Australia partner zoo */
  /* aviary already there: nothing is asked */
  g->s = base;
  t_put_fitting(g, p, "large-bird-aviary", 0, 0);
  play(g, p, 514, "into size-5 #0");
  t_turn_over(g, p);
  ark_game_free(g);
}

/* ---- Flock ---- */

/* Flock 2 (Lama): may share a standard enclosure of size 2+ where a
** herbivore lives; the host stays, the enclosure stays occupied. */
static void test_flock(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  int host = t_put_building(g, p, "size-2", "(0,5) (0,7)");
  int pred = t_put_building(g, p, "size-2", "(8,1) (8,3)");
  int small = t_put_building(g, p, "size-1", "(0,9)");
  t_put_animal(g, p, 445, host);         /* Crested Porcupine: herbivore */
  t_put_animal(g, p, 404, pred);         /* Caracal: predator */
  t_put_animal(g, p, 440, small);        /* a herbivore in a 1-space one */
  give(g, p, 439);
  ark_state base = g->s;
  play(g, p, 439, NULL);                 /* one place only: not asked */
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 439), -1);
  assert_int_equal(g->s.p[p].zoo_map.b[host].card, t_card(g, 445));
  assert_int_equal(g->s.p[p].zoo_map.b[host].used, 1);
  assert_int_equal(g->s.p[p].icons[ARK_ICON_HERBIVORE], 3);
  assert_int_equal(g->s.p[p].appeal, 4);
  assert_int_equal(g->s.p[p].money, MONEY - 10);
  /* with an empty enclosure too, both are offered */
  g->s = base;
  int empty = t_put_building(g, p, "size-3", "(3,4) (3,6) (4,5)");
  play(g, p, 439, "share size-2 #0");
  t_turn_over(g, p);
  assert_int_equal(t_building_of(g, p, 439), -1);
  assert_int_equal(g->s.p[p].zoo_map.b[empty].used, 0);
  /* Flock 3 (Reindeer) needs a herbivore's enclosure of size 3+ */
  g->s = base;
  give(g, p, 438);
  t_give(g, p, 439);
  ark_zone_hand_remove(g, p, t_card(g, 439));
  ark_zone_discard(g, t_card(g, 439));
  t_ready(g);
  assert_false(t_offered(g, "Animals I at strength 2"));
  ark_game_free(g);
}

/* A flock guest can be released (it has no enclosure to empty). */
static void test_flock_release(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  int host = t_put_building(g, p, "size-2", "(0,5) (0,7)");
  t_put_animal(g, p, 445, host);
  give(g, p, 439);
  play(g, p, 439, NULL);
  t_turn_over(g, p);
  lua_State *L = g->c->L;
  ark_lua_set_game(g->c, g);
  char code[128];
  snprintf(code, sizeof code, "ark.release(%d, %d)", p, t_card(g, 439));
  assert_int_equal(luaL_dostring(L, code), 0);
  ark_lua_set_game(g->c, NULL);
  assert_int_equal(ark_zone_zoo_find(g, p, t_card(g, 439)), -1);
  assert_true(t_in_discard(g, 439));
  assert_int_equal(g->s.p[p].zoo_map.b[host].used, 1);
  ark_game_free(g);
}

/* ---- the content check ---- */

static int validate_count(lua_State *L, const char *prefix, char *first, size_t n) {
  char code[512];
  snprintf(code, sizeof code, "%s local r = validate_keywords(); return #r, r[1] or ''", prefix);
  if (luaL_dostring(L, code) != 0) fail_msg("lua: %s", lua_tostring(L, -1));
  int count = (int)lua_tointeger(L, -2);
  snprintf(first, n, "%s", lua_tostring(L, -1));
  lua_pop(L, 2);
  return count;
}

/* Every ability of the loaded cards is a known keyword with a fitting
** value; a misspelt one is reported with the card's path. */
static void test_validate_keywords(void **st) {
  (void)st;
  int p;
  ark_game *g = kgame(2, &p);
  lua_State *L = g->c->L;
  char first[256];
  assert_int_equal(validate_count(L, "", first, sizeof first), 0);
  int id = t_card(g, 401);
  char prefix[256];
  snprintf(prefix, sizeof prefix, "local saved = CARDS[%d].abilities; "
           "CARDS[%d].abilities = { 'sprnt:3', 'boost:zoo' };", id, id);
  assert_int_equal(validate_count(L, prefix, first, sizeof first), 2);
  assert_non_null(strstr(first, "cards/animals/401-cheetah.yaml: unknown keyword ability 'sprnt'"));
  snprintf(prefix, sizeof prefix, "CARDS[%d].abilities = { 'sprint:3' };", id);
  assert_int_equal(validate_count(L, prefix, first, sizeof first), 0);
  ark_game_free(g);
}

/* `arknova check` reads the ability texts written out in a script's keyword
** and icon_keyword calls: one that names no keyword is an error at its line
** (it passed, and the call did nothing in play); a known one, a text made
** at run time and a call in a comment are not reported. */
static void test_check_script_keywords(void **st) {
  (void)st;
  char dir[64] = "/tmp/ark-kwcheck-XXXXXX", path[128], line[256];
  assert_non_null(mkdtemp(dir));
  t_write_file(dir, "1155-quick-hare.yaml",
               "number: 1155\nname: Quick Hare\ntype: animal\ndescription: \"x\"\n"
               "cost: 1\nsize: 1\nappeal: 1\n");
  t_write_file(dir, "1155-quick-hare.lua",
               "local card = {}\n"
               "function card.on_play(p, id)\n"
               "  keyword(p, id, \"sprnt:2\")\n"
               "  keyword(p, id, 'sprint:2')   -- not keyword(p, id, 'sprnt:1')\n"
               "  keyword(p, id, 'sprint:' .. 2)\n"
               "end\n"
               "card.card_played = icon_keyword('bird', 'sunbathng:1').card_played\n"
               "return card\n");
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.card_dirs[0] = dir;
  char *report = NULL;
  int nerrors = 0;
  assert_int_equal(ark_check(&cfg, &report, &nerrors), ARK_ERR_CONTENT);
  assert_int_equal(nerrors, 2);
  assert_non_null(report);
  snprintf(path, sizeof path, "%s/1155-quick-hare.lua", dir);
  snprintf(line, sizeof line, "%s:3: keyword: unknown keyword ability 'sprnt' (the text "
           "\"sprnt:2\")", path);
  if (!strstr(report, line)) fail_msg("no '%s' in:\n%s", line, report);
  snprintf(line, sizeof line, "%s:7: icon_keyword: unknown keyword ability 'sunbathng'", path);
  if (!strstr(report, line)) fail_msg("no '%s' in:\n%s", line, report);
  free(report);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
}

/* Every keyword the engine knows (the keys of KEYWORDS) has its row in the
** table of docs/modding.md, "Keyword abilities": a line starting "| `name"
** followed by its value or the closing backtick, so a designer finds each
** one there without reading keywords.lua. */
static void test_keywords_documented(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 1, NULL);
  char names[2048];
  t_run_lua(g,
    "local t = {} for k in next, KEYWORDS do t[#t + 1] = k end\n"
    "table.sort(t) return table.concat(t, ' ')", 0, names, sizeof names);
  ark_game_free(g);
  const char *doc = t_slurp(ARK_SOURCE_DIR, "docs/modding.md");
  assert_non_null(doc);
  char missing[1024] = "";
  int count = 0;
  for (char *tok = strtok(names, " "); tok; tok = strtok(NULL, " ")) {
    char want[96];
    int n = snprintf(want, sizeof want, "\n| `%s", tok), found = 0;
    count++;
    for (const char *at = doc; !found && (at = strstr(at, want)) != NULL; at += n)
      found = at[n] == ':' || at[n] == '[' || at[n] == '`';
    if (!found) snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", tok);
  }
  assert_true(count >= 30);
  if (missing[0]) fail_msg("keywords with no row in docs/modding.md's table:%s", missing);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_sprint),
    cmocka_unit_test(test_hunter),
    cmocka_unit_test(test_perception),
    cmocka_unit_test(test_scavenging),
    cmocka_unit_test(test_private_cards_stay_private),
    cmocka_unit_test(test_pack),
    cmocka_unit_test(test_iconic),
    cmocka_unit_test(test_petting),
    cmocka_unit_test(test_inventive),
    cmocka_unit_test(test_full_throated),
    cmocka_unit_test(test_multiplier),
    cmocka_unit_test(test_jumping),
    cmocka_unit_test(test_venom),
    cmocka_unit_test(test_constriction),
    cmocka_unit_test(test_keywords_empty_piles),
    cmocka_unit_test(test_perception_short_deck),
    cmocka_unit_test(test_keywords_small_hand),
    cmocka_unit_test(test_snapping_thin_display),
    cmocka_unit_test(test_venom_four_players),
    cmocka_unit_test(test_clever),
    cmocka_unit_test(test_after_action_in_state),
    cmocka_unit_test(test_boost),
    cmocka_unit_test(test_action),
    cmocka_unit_test(test_determination),
    cmocka_unit_test(test_hypnosis),
    cmocka_unit_test(test_pilfering),
    cmocka_unit_test(test_snapping),
    cmocka_unit_test(test_magnet),
    cmocka_unit_test(test_digging),
    cmocka_unit_test(test_sunbathing),
    cmocka_unit_test(test_pouch),
    cmocka_unit_test(test_resistance),
    cmocka_unit_test(test_assertion),
    cmocka_unit_test(test_dominance),
    cmocka_unit_test(test_posturing),
    cmocka_unit_test(test_peacocking),
    cmocka_unit_test(test_flock),
    cmocka_unit_test(test_flock_release),
    cmocka_unit_test(test_validate_keywords),
    cmocka_unit_test(test_check_script_keywords),
    cmocka_unit_test(test_keywords_documented),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
