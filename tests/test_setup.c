/*
** test_setup.c - a starting position given card by card (ark_setup_spec):
** every field lands where it says, the seed fills the rest without dealing
** a card twice, the draw order decides later draws (also after a
** reshuffle and for Scavenging's discard shuffle), a seat's view does not
** know it, and a game without a spec is the seeded game.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "support.h"
#include "zone.h"

static ark_game *new_with(ark_config *cfg, const ark_setup_spec *sp, char *msg, size_t n) {
  ark_game *g = NULL;
  cfg->data_dir = ARK_GAME_DIR;
  cfg->setup = sp;
  if (ark_game_new(cfg, &g, msg, n) != ARK_OK) return NULL;
  return g;
}

static int number_of(ark_game *g, int id) { return id < 0 ? 0 : g->c->cards[id].number; }

static void assert_zones_ok(ark_game *g) {
  char msg[256];
  if (ark_zone_check(g, msg, sizeof msg) != 0) fail_msg("%s", msg);
}

/* The position of the sample online game's first move, given in full. */
static void sample_spec(ark_setup_spec *sp) {
  static const int hand0[8] = { 250, 525, 114, 406, 211, 208, 253, 446 };
  static const int hand1[8] = { 239, 262, 499, 520, 219, 507, 413, 231 };
  static const int display[6] = { 227, 513, 496, 453, 478, 504 };
  ark_setup_spec_init(sp);
  sp->start_player = 1;
  sp->maps[0] = sp->maps[1] = "3a";
  static const int slots[5] = { 1, 4, 2, 3, 5 };  /* Animals Association Build Cards Sponsors */
  memcpy(sp->actions[0], slots, sizeof slots);
  memcpy(sp->hand[0], hand0, sizeof hand0);
  memcpy(sp->hand[1], hand1, sizeof hand1);
  sp->nhand[0] = sp->nhand[1] = 8;
  sp->scoring[0][0] = 5, sp->scoring[0][1] = 7;
  sp->scoring[1][0] = 3, sp->scoring[1][1] = 8;
  memcpy(sp->display, display, sizeof display);
  sp->base[0] = 107, sp->base[1] = 109, sp->base[2] = 101;
  sp->bonus_tiles[0] = "cards";
  sp->bonus_tiles[2] = "multiplier";
}

static void test_every_field_lands(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  cfg.seed = 9;
  sample_spec(&sp);
  ark_game *g = new_with(&cfg, &sp, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  assert_int_equal(g->s.start_player, 1);
  assert_int_equal(g->s.p[1].appeal, 0);        /* the start player starts at 0 */
  assert_int_equal(g->s.p[0].appeal, 1);
  assert_string_equal(ark_game_map_name(g, 0), "Silver Lake");
  assert_string_equal(g->c->maps[g->s.p[1].map].id, "3a");
  assert_int_equal(g->s.p[0].slot[1], ARK_ACT_ASSOCIATION);
  assert_int_equal(g->s.p[0].slot[4], ARK_ACT_SPONSORS);
  for (int k = 0; k < 8; k++) assert_int_equal(number_of(g, g->s.p[0].hand[k]), sp.hand[0][k]);
  for (int k = 0; k < 8; k++) assert_int_equal(number_of(g, g->s.p[1].hand[k]), sp.hand[1][k]);
  assert_int_equal(number_of(g, g->s.p[0].scoring[1]), 7);
  assert_int_equal(number_of(g, g->s.p[1].scoring[0]), 3);
  for (int f = 0; f < 6; f++) assert_int_equal(number_of(g, g->s.display[f]), sp.display[f]);
  assert_int_equal(number_of(g, g->s.base[0].card), 107);
  assert_int_equal(number_of(g, g->s.base[2].card), 101);
  assert_int_equal(g->s.base[1].owner[1], -2);   /* 2 players: level 2 of slot 2 blocked */
  assert_int_equal(g->s.bonus_tile[0], ARK_TILE_CARDS);
  assert_int_equal(g->s.bonus_tile[2], ARK_TILE_MULTIPLIER);
  for (int i = 0; i < 4; i++)                    /* the seeded tiles stay distinct */
    for (int j = 0; j < i; j++) assert_int_not_equal(g->s.bonus_tile[i], g->s.bonus_tile[j]);
  /* seat 1 knows its own hand, not the other one */
  assert_true(g->s.known[g->s.p[0].hand[0]] & 1);
  assert_false(g->s.known[g->s.p[1].hand[0]] & 1);
  assert_zones_ok(g);
  /* the draft begins with the start player */
  t_expect(g, "card.discard", 1);
  ark_game_free(g);
}

static void test_no_spec_is_the_seeded_game(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  cfg.seed = 4;
  ark_setup_spec_init(&sp);
  ark_game *a = t_new_game(2, 4, "A");
  ark_game *b = new_with(&cfg, &sp, msg, sizeof msg);
  assert_non_null(b);
  assert_int_equal(t_play_random(a, 77, 0), ARK_END);
  assert_int_equal(t_play_random(b, 77, 0), ARK_END);
  assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
  ark_game_free(a);
  ark_game_free(b);
}

static void test_blocked_levels_and_deck_top(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  ark_setup_spec_init(&sp);
  sp.blocked_given = 1;
  sp.blocked[0] = 3;                     /* slot 1: level 3 blocked, the others free */
  sp.deck[0] = 401, sp.deck[1] = 402;
  sp.ndeck = 2;
  ark_game *g = new_with(&cfg, &sp, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  assert_int_equal(g->s.base[0].owner[2], -2);
  assert_int_equal(g->s.base[0].owner[0], -1);
  assert_int_equal(g->s.base[1].owner[1], -1);
  assert_int_equal(number_of(g, g->s.deck[g->s.ndeck - 1]), 401);
  assert_int_equal(number_of(g, g->s.deck[g->s.ndeck - 2]), 402);
  assert_zones_ok(g);
  ark_game_free(g);
}

static void test_bad_specs_are_refused(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  sample_spec(&sp);
  sp.display[3] = 250;                                 /* also in seat 1's hand */
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "card 250 is named twice"));
  sample_spec(&sp);
  sp.hand[1][0] = 1;                                   /* a final scoring card */
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "hand of seat 2: Large Animal Zoo (1) is not a deck card"));
  sample_spec(&sp);
  sp.nhand[0] = 7;
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "7 cards given, the draft deals 8"));
  sample_spec(&sp);
  sp.maps[1] = "9z";
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "unknown map '9z'"));
  sample_spec(&sp);
  sp.bonus_tiles[1] = "cards";
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "bonus tile 'cards' is named twice"));
  sample_spec(&sp);
  sp.next[0] = 999;
  sp.nnext = 1;
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "draw order, card 1: no card has the number 999"));
  sample_spec(&sp);
  cfg.exclude[0] = 250;
  assert_null(new_with(&cfg, &sp, msg, sizeof msg));
  assert_non_null(strstr(msg, "left out of the game by the configuration"));
}

/* A card number left out that names no card, or names a card handed
** over too, is refused with the number: it would leave out nothing. */
static void test_exclude_checked(void **state) {
  (void)state;
  ark_config cfg;
  char msg[512];
  ark_config_init(&cfg);
  cfg.exclude[0] = 401;
  cfg.exclude[1] = 9999;
  assert_null(new_with(&cfg, NULL, msg, sizeof msg));
  assert_string_equal(msg, "card 9999 to leave out of the game: no card has that number");
  cfg.exclude[1] = 0;
  cfg.handover[0].number = 401;
  assert_null(new_with(&cfg, NULL, msg, sizeof msg));
  assert_string_equal(msg, "card 401 is both left out of the game and handed over");
  cfg.handover[0].number = 0;
  ark_game *g = new_with(&cfg, NULL, msg, sizeof msg);
  assert_non_null(g);
  ark_game_free(g);
}

/* Deck draws follow the draw order, reshuffles included, then the seed. */
static void test_draw_order(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  ark_setup_spec_init(&sp);
  static const int next[4] = { 428, 401, -496, -513 };
  memcpy(sp.next, next, sizeof next);
  sp.nnext = 4;
  ark_game *g = new_with(&cfg, &sp, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  assert_int_equal(number_of(g, ark_zone_draw(g, 0)), 428);
  /* 401 is drawn after the deck ran out and the discard pile became the deck */
  int id401 = t_take_out(g, 401), id496 = t_take_out(g, 496), id513 = t_take_out(g, 513);
  while (g->s.ndeck > 0) ark_zone_discard(g, g->s.deck[--g->s.ndeck]);
  ark_zone_discard(g, id401);
  ark_zone_discard(g, id496);
  ark_zone_discard(g, id513);
  assert_int_equal(number_of(g, ark_zone_draw(g, 0)), 401);
  assert_int_equal(g->s.ndiscard, 0);
  /* Scavenging's shuffle: 496 then 513 on top of the pile */
  for (int i = 0; i < 5; i++) ark_zone_discard(g, g->s.deck[--g->s.ndeck]);
  t_take_id(g, id496);
  t_take_id(g, id513);
  ark_zone_discard(g, id513);
  ark_zone_discard(g, id496);
  ark_zone_discard(g, g->s.deck[--g->s.ndeck]);
  ark_zone_discard_shuffle(g);
  assert_int_equal(number_of(g, g->s.discard[g->s.ndiscard - 1]), 496);
  assert_int_equal(number_of(g, g->s.discard[g->s.ndiscard - 2]), 513);
  assert_int_equal(g->s.next_pos, 4);
  /* used up: the seed deals on */
  int top = g->s.deck[g->s.ndeck - 1];
  assert_int_equal(ark_zone_draw(g, 1), top);
  assert_zones_ok(g);
  ark_game_free(g);
}

static void test_draw_order_card_elsewhere_stops_the_game(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  ark_setup_spec_init(&sp);
  sp.next[0] = 428;
  sp.nnext = 1;
  ark_game *g = new_with(&cfg, &sp, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  t_give(g, 1, 428);
  ark_zone_draw(g, 0);
  assert_non_null(strstr(ark_game_error(g), "names Giraffe (428) as card 1 to draw, but it is "
                                            "not in the deck"));
  ark_game_free(g);
}

/* A seat's view does not know the draw order; clones do. */
static void test_views_drop_the_draw_order(void **state) {
  (void)state;
  ark_config cfg;
  ark_setup_spec sp;
  char msg[512];
  ark_config_init(&cfg);
  ark_setup_spec_init(&sp);
  sp.next[0] = 428;
  sp.nnext = 1;
  ark_game *g = new_with(&cfg, &sp, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  ark_game *c = ark_game_clone(g);
  assert_int_equal(number_of(c, ark_zone_draw(c, 0)), 428);
  ark_game *v = ark_game_view(g, 0, 5);
  assert_int_equal(v->s.next_off, 1);
  assert_false(ark_zone_next_given(v, 0));
  ark_game_free(v);
  ark_game_free(c);
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_exclude_checked),
    cmocka_unit_test(test_every_field_lands),
    cmocka_unit_test(test_no_spec_is_the_seeded_game),
    cmocka_unit_test(test_blocked_levels_and_deck_top),
    cmocka_unit_test(test_bad_specs_are_refused),
    cmocka_unit_test(test_draw_order),
    cmocka_unit_test(test_draw_order_card_elsewhere_stops_the_game),
    cmocka_unit_test(test_views_drop_the_draw_order),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
