/*
** test_ai.c - the computer players: the position value, the greedy's plan
** through a turn, the search's reproducibility, and that the greedy beats
** random play.  (Strength in numbers is measured in bench/README-ai.md,
** not asserted here.)
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "ai.h"
#include "nova_ai.h"
#include "places.h"
#include "support.h"

/* Plays g to the end with one AI kind per seat; returns the answers given. */
static int play_out(ark_game *g, const int *kinds, uint64_t seed) {
  ai_player ap[4];
  ai_budget b = { .iters = 8, .rollout = AI_ROLLOUT_FAST, .rollout_turns = 1 };
  char msg[128];
  for (int p = 0; p < ark_game_players(g); p++) ai_init(&ap[p], kinds[p], &b);
  int n = 0;
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    uint64_t s = seed ^ (uint64_t)ark_game_nanswers(g) * 0x9e3779b97f4a7c15ULL;
    int pick = ai_pick(&ap[d->player], ark_game_gs(g), s);
    assert_in_range(pick, 0, d->noptions - 1);
    assert_int_equal(ark_game_answer(g, pick, msg, sizeof msg), ARK_OK);
    n++;
  }
  return n;
}

/* A finished game is worth the score, plus 50 to the winner; no time is
** left once someone crossed. */
static void test_value_of_finished_game(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 11, "A");
  assert_int_equal(t_play_random(g, 5, 0), ARK_END);
  for (int p = 0; p < 2; p++) {
    ark_player_view v;
    ark_game_player(g, p, &v);
    double want = v.score + (v.rank == 1 ? 50.0 : 0.0);
    assert_true(nova_value(g, p) == want);
  }
  assert_true(nova_time_left(g) == 0.0);
  ark_game_free(g);
}

/* At the first turn nobody has scored: the whole game is left. */
static void test_time_left_at_start(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  ark_player_view v;
  ark_game_player(g, 0, &v);
  assert_true(v.score <= -110);           /* appeal 0 against a full target */
  assert_true(nova_time_left(g) == 1.0);
  ark_game_free(g);
}

/* A turn cap nearer than the crossing ends the game sooner: at the first
** turn a cap of 54 turns leaves each of 2 players 27 own turns, 27/44 of a
** greedy game, and a cap of 10 leaves 5.  The default cap never counts. */
static void test_time_left_with_turn_cap(void **st) {
  (void)st;
  static const struct { int cap; double want; } cases[] = { { 54, 27.0 / 44 }, { 10, 5.0 / 44 } };
  for (int i = 0; i < 2; i++) {
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.seed = 3;
    cfg.turn_cap = cases[i].cap;
    ark_game *g = t_new_game_cfg(&cfg);
    t_to_first_turn(g);
    assert_int_equal(ark_game_turns(g), 0);
    assert_true(nova_time_left(g) > cases[i].want - 1e-9 && nova_time_left(g) < cases[i].want + 1e-9);
    ark_game_free(g);
  }
}

/* Icons toward an open conservation project are worth something, and a
** project whose level is met is worth more with Association in slot 5
** (ready to support it) than in slot 1.  Africa (103) is the first base
** project: with 2 players its level 1 is blocked, level 3 needs 2 icons. */
static void test_value_of_project_progress(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g);
  t_clear_hand(g, p);
  t_set_base(g, 0, 103);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 1);
  ark_game_refresh(g);
  double none = nova_value_at(g, p, 1.0);
  t_zoo_add(g, p, 402);                  /* lion: 1 Africa icon */
  ark_game_refresh(g);
  double one = nova_value_at(g, p, 1.0);
  t_zoo_add(g, p, 403);                  /* leopard: 2 Africa icons, level 3 met */
  ark_game_refresh(g);
  double two = nova_value_at(g, p, 1.0);
  print_message("value with 0, 1, 2 Africa icons: %.2f %.2f %.2f\n", none, one, two);
  assert_true(one > none);
  assert_true(two > one);
  t_set_slot(g, p, ARK_ACT_ASSOCIATION, 5);
  assert_true(nova_value_at(g, p, 1.0) > two);
  ark_game_free(g);
}

/* p's value (time left 1) with exactly these cards in hand. */
static double hand_value(ark_game *g, int p, const int *numbers, int n) {
  char msg[128];
  assert_int_equal(ark_edit_hand(g, p, numbers, n, msg, sizeof msg), 0);
  return nova_value_at(g, p, 1.0);
}

/* What holding an animal adds to p's value, by the rules' "animals" query:
** V(hand = the card) - V(empty hand). */
static double hand_worth(ark_game *g, int p, int number, int *q, int *nq) {
  double without = hand_value(g, p, NULL, 0);
  double with = hand_value(g, p, &number, 1);
  *nq = ark_game_query(g, "animals", p, q, 16);
  return with - without;
}

/* The Sumatran Tiger (407: cost 26, size 4, 2 water, needs 2 science
** icons; 8 appeal + 2 CP + 1 reputation = 14 in the value's points) counts
** 0.05 of its points while its conditions fail, 0.2 once they hold but no
** enclosure by water takes it, 0.8 once one does, and 0.2 again when p
** cannot nearly afford it. */
static void test_value_counts_placeable_animals(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g), q[16], nq;
  char msg[128];
  const char *research[] = { "research" };
  assert_int_equal(ark_edit_track(g, p, "money", 100, msg, sizeof msg), 0);
  double far = hand_worth(g, p, 407, q, &nq);
  assert_int_equal(nq, 4);                 /* no enclosure fits */
  assert_int_equal(q[0], t_card(g, 407));
  assert_int_equal(q[1], 26);
  assert_int_equal(q[2], 0);               /* no science icons */
  assert_int_equal(q[3], 0);
  assert_int_equal(ark_edit_universities(g, p, research, 1, msg, sizeof msg), 0);
  ark_game_refresh(g);                     /* icon counts */
  double near = hand_worth(g, p, 407, q, &nq);
  assert_int_equal(q[2], 1);
  int b = t_put_fitting(g, p, "size-4", 2, 0);
  double fit = hand_worth(g, p, 407, q, &nq);
  assert_int_equal(q[3], 1);
  assert_int_equal(q[4], b);
  assert_int_equal(ark_edit_track(g, p, "money", 10, msg, sizeof msg), 0);
  double poor = hand_worth(g, p, 407, q, &nq);
  print_message("hand worth: far %.2f near %.2f fit %.2f poor %.2f\n", far, near, fit, poor);
  assert_float_equal((near - far), 0.15 * 14, 1e-9);
  assert_float_equal((fit - near), 0.6 * 14, 1e-9);
  assert_float_equal(poor, near, 1e-9);
  ark_game_free(g);
}

/* Animals that cannot be placed count only up to the hand limit: the break
** discards the rest.  Map A's one enclosure (size 3) takes none of the
** African Bush Elephant (11 points), Indian Rhinoceros (9), Lion (9) or
** Cheetah (6).  With the limit of 3 the Cheetah adds only the 0.3 every
** hand card is worth; with the library university's limit of 5 it adds its
** share of its 6 points too (0.2 if its conditions hold, 0.05 if not). */
static void test_value_stops_at_hand_limit(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g), four[] = { 426, 432, 402, 401 }, q[64];
  char msg[128];
  const char *library[] = { "library" };
  assert_int_equal(ark_edit_track(g, p, "money", 100, msg, sizeof msg), 0);
  ark_player_view v;
  ark_game_player(g, p, &v);
  assert_int_equal(v.hand_limit, 3);
  double three = hand_value(g, p, four, 3);  /* two statements: C leaves the order of */
  double cheetah = hand_value(g, p, four, 4) - three;  /* a - b's calls open */
  assert_float_equal(cheetah, 0.3, 1e-9);
  assert_int_equal(ark_edit_universities(g, p, library, 1, msg, sizeof msg), 0);
  ark_game_refresh(g);
  ark_game_player(g, p, &v);
  assert_int_equal(v.hand_limit, 5);
  three = hand_value(g, p, four, 3);
  double kept = hand_value(g, p, four, 4) - three;
  int nq = ark_game_query(g, "animals", p, q, 64);
  assert_int_equal(nq, 16);                /* 4 animals, none with an enclosure */
  assert_int_equal(q[12], t_card(g, 401));
  print_message("the Cheetah adds %.2f (limit 3), %.2f (limit 5)\n", cheetah, kept);
  assert_float_equal(kept, 0.3 + (q[14] ? 0.2 : 0.05) * 6, 1e-9);
  ark_game_free(g);
}

/* Sponsors in hand by the rules' "sponsors" query (card, level, 1 if p
** could play it now).  One p could play with its Sponsors card adds half
** its printed points and, early on, half its level to the 0.3 of a hand
** card; only the best two count.  Veterinarian (203): level 4, no points,
** no condition.  Gorilla Field Research (205): level 3, 1 CP + 2 reputation,
** needs 3 science icons.  Foreign Institute (226): level 6, 2 reputation,
** beyond Sponsors I at strength 5 until an X token adds one. */
static void test_value_counts_playable_sponsors(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g), q[16], vet = 203, gorilla = 205, foreign = 226;
  char msg[128];
  double none = hand_value(g, p, NULL, 0);
  double v = hand_value(g, p, &vet, 1) - none, vet_worth = v;
  assert_int_equal(ark_game_query(g, "sponsors", p, q, 16), 3);
  assert_int_equal(q[0], t_card(g, 203));
  assert_int_equal(q[1], 4);
  assert_int_equal(q[2], 1);
  assert_float_equal(v, 0.3 + 0.5 * 4, 1e-9);
  v = hand_value(g, p, &gorilla, 1) - none;
  assert_int_equal(ark_game_query(g, "sponsors", p, q, 16), 3);
  assert_int_equal(q[2], 0);               /* no science icons */
  assert_float_equal(v, 0.3, 1e-9);
  v = hand_value(g, p, &foreign, 1) - none;
  assert_int_equal(ark_game_query(g, "sponsors", p, q, 16), 3);
  assert_int_equal(q[1], 6);
  assert_int_equal(q[2], 1);
  assert_float_equal(v, 0.3, 1e-9);        /* level 6 > strength 5 */
  assert_int_equal(ark_edit_track(g, p, "xtokens", 1, msg, sizeof msg), 0);
  none = hand_value(g, p, NULL, 0);
  v = hand_value(g, p, &foreign, 1) - none;
  assert_float_equal(v, 0.3 + 0.5 * 2 + 0.5 * 6, 1e-9);
  int three[] = { 226, 203, 208 };          /* Science Library (208): level 4, no points */
  double two = hand_value(g, p, three, 2);
  v = hand_value(g, p, three, 3) - two;
  print_message("sponsor worth: Veterinarian %.2f, a third sponsor %.2f\n", vet_worth, v);
  assert_float_equal(v, 0.3, 1e-9);        /* only the best two count */
  ark_game_free(g);
}

/* Final scoring cards by the rules' "scoring" query (card, conservation
** points if the game ended now).  The best of p's two counts in points
** from p's conservation.  Research Zoo (3) gives 1 CP for 3 research
** icons, which the research and reputation universities give; Large
** Animal Zoo (1) and Small Animal Zoo (2) give nothing to an empty zoo.
** 1 CP is worth 2 points below conservation 10 and 3 above. */
static void test_value_counts_final_scoring(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g), research_large[] = { 3, 1 }, large_small[] = { 1, 2 }, q[8];
  char msg[128];
  const char *unis[] = { "research", "reputation" };
  assert_int_equal(ark_edit_universities(g, p, unis, 2, msg, sizeof msg), 0);
  ark_game_refresh(g);                     /* icon counts */
  for (int cp = 0; cp <= 12; cp += 12) {
    assert_int_equal(ark_edit_track(g, p, "conservation", cp, msg, sizeof msg), 0);
    assert_int_equal(ark_edit_scoring(g, p, large_small, 2, msg, sizeof msg), 0);
    double none = nova_value_at(g, p, 1.0);
    assert_int_equal(ark_game_query(g, "scoring", p, q, 8), 4);
    assert_int_equal(q[1], 0);
    assert_int_equal(q[3], 0);
    assert_int_equal(ark_edit_scoring(g, p, research_large, 2, msg, sizeof msg), 0);
    double one = nova_value_at(g, p, 1.0);
    assert_int_equal(ark_game_query(g, "scoring", p, q, 8), 4);
    assert_int_equal(q[0], t_card(g, 3));
    assert_int_equal(q[1], 1);
    assert_int_equal(q[3], 0);
    print_message("Research Zoo at conservation %d adds %.2f\n", cp, one - none);
    assert_float_equal((one - none), (cp < 10 ? 2.0 : 3.0), 1e-9);
  }
  ark_game_free(g);
}

/* Every final scoring card a seat keeps scores at the end: the best of
** them but one while the seat owes the discard at 10 conservation, all of
** them after it (two or more only after Resistance).  Research Zoo (3)
** gives 1 CP here (the research and reputation universities' 3 research
** icons); Naturalists' Zoo (6) gives some for the empty map, Large Animal
** Zoo (1) nothing.  The value had counted the best card alone, so a second
** card that scores added nothing. */
static void test_value_counts_every_kept_scoring_card(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g), q[8];
  char msg[160];
  const char *unis[] = { "research", "reputation" };
  assert_int_equal(ark_edit_universities(g, p, unis, 2, msg, sizeof msg), 0);
  ark_game_refresh(g);
  /* after the discard (12 conservation): the second card adds its 1 CP,
  ** 3 points a CP from 10 on */
  assert_int_equal(ark_edit_track(g, p, "conservation", 12, msg, sizeof msg), 0);
  assert_int_equal(ark_edit_scoring(g, p, (const int[]){ 6 }, 1, msg, sizeof msg), 0);
  double nat = nova_value_at(g, p, 1.0);
  assert_int_equal(ark_game_query(g, "scoring", p, q, 8), 2);
  assert_true(q[1] > 1);                   /* Naturalists' Zoo is the better card */
  assert_int_equal(ark_edit_scoring(g, p, (const int[]){ 6, 3 }, 2, msg, sizeof msg), 0);
  assert_float_equal(nova_value_at(g, p, 1.0) - nat, 3.0, 1e-4);
  /* before it (4 conservation), one of the cards will go: the lesser of
  ** two adds nothing, and of three the two best count (2 points a CP) */
  assert_int_equal(ark_edit_track(g, p, "conservation", 4, msg, sizeof msg), 0);
  assert_int_equal(ark_edit_scoring(g, p, (const int[]){ 6, 1 }, 2, msg, sizeof msg), 0);
  double two = nova_value_at(g, p, 1.0);
  assert_int_equal(ark_edit_scoring(g, p, (const int[]){ 6, 3 }, 2, msg, sizeof msg), 0);
  assert_float_equal(nova_value_at(g, p, 1.0), two, 1e-4);
  assert_int_equal(ark_edit_scoring(g, p, (const int[]){ 6, 1, 3 }, 3, msg, sizeof msg), 0);
  assert_float_equal(nova_value_at(g, p, 1.0) - two, 2.0, 1e-4);
  /* five is more than a player can hold */
  assert_int_equal(ark_edit_scoring(g, p, (const int[]){ 6, 1, 3, 2, 4 }, 5, msg, sizeof msg), -1);
  assert_non_null(strstr(msg, "1 to 4 final scoring cards"));
  ark_game_free(g);
}

/* In the last quarter of the time left the features fade, to a fifth when
** the markers cross.  10 money (below 20) is worth 0.15 + 0.2 x time left
** each: 10 x 0.2 = 2.0 with a quarter of the time left, 0.6 x 1.75 = 1.05
** with an eighth, 0.2 x 1.5 = 0.3 at the end. */
static void test_value_fades_at_the_end(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  int p = t_cur(g);
  char msg[128];
  const double tau[] = { 0.25, 0.125, 0.0 }, worth[] = { 2.0, 1.05, 0.3 };
  assert_int_equal(ark_edit_hand(g, p, NULL, 0, msg, sizeof msg), 0);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(ark_edit_track(g, p, "money", 0, msg, sizeof msg), 0);
    double poor = nova_value_at(g, p, tau[i]);
    assert_int_equal(ark_edit_track(g, p, "money", 10, msg, sizeof msg), 0);
    double ten = nova_value_at(g, p, tau[i]);
    print_message("10 money at time left %.3f: %.2f\n", tau[i], ten - poor);
    assert_float_equal((ten - poor), worth[i], 1e-9);
  }
  ark_game_free(g);
}

/* After the greedy picks an action, it answers the rest of its turn from
** its plan: the planned answers are the ones it gives. */
static void test_greedy_follows_its_plan(void **st) {
  (void)st;
  ark_game *g = t_game(2, 21, "A");
  ai_player a;
  char msg[128];
  ai_init(&a, AI_GREEDY, NULL);
  int me = ark_game_decision(g)->player, planned = 0;
  int pick = ai_pick(&a, ark_game_gs(g), 1);
  assert_int_equal(ark_game_answer(g, pick, msg, sizeof msg), ARK_OK);
  while (ark_game_process(g) == ARK_AWAITING && strcmp(ark_game_decision(g)->tag, "action")) {
    const ark_decision *d = ark_game_decision(g);
    int k = d->player == me ? ai_planned(&a, ark_game_gs(g)) : -1;
    int chosen = d->player == me ? ai_pick(&a, ark_game_gs(g), 2) : 0;
    if (k >= 0) {
      assert_int_equal(chosen, k);
      planned++;
    }
    assert_int_equal(ark_game_answer(g, chosen, msg, sizeof msg), ARK_OK);
  }
  print_message("answers taken from the plan: %d\n", planned);
  assert_true(planned > 0);               /* the plan was there to follow */
  ark_game_free(g);
}

/* With an iteration budget the search is a function of the position and
** the seed: two searches on clones pick the same option. */
static void test_mcts_reproducible(void **st) {
  (void)st;
  ark_game *g = t_game(2, 31, "A");
  ai_budget b = { .iters = 12, .rollout = AI_ROLLOUT_FAST, .rollout_turns = 1 };
  ai_player a1, a2;
  ai_init(&a1, AI_MCTS, &b);
  ai_init(&a2, AI_MCTS, &b);
  ark_game *c = ark_game_clone(g);
  int p1 = ai_pick(&a1, ark_game_gs(g), 77), p2 = ai_pick(&a2, ark_game_gs(c), 77);
  assert_int_equal(p1, p2);
  assert_in_range(p1, 0, ark_game_decision(g)->noptions - 1);
  /* searching leaves the position as it was */
  assert_true(ark_game_log_hash(g) == ark_game_log_hash(c));
  ark_game_free(c);
  ark_game_free(g);
}

/* A whole game with an mcts seat (tiny budget) ends; the other rollout
** kinds play the first turns of a game. */
static void test_mcts_plays_a_game(void **st) {
  (void)st;
  for (int kind = AI_ROLLOUT_FAST; kind <= AI_ROLLOUT_RANDOM; kind++) {
    ark_game *g = t_new_game(2, 41 + (uint64_t)kind, "A");
    ai_player ap[2];
    ai_budget b = { .iters = 4, .rollout = kind, .rollout_turns = 1 };
    char msg[128];
    ai_init(&ap[0], AI_MCTS, &b);
    ai_init(&ap[1], AI_GREEDY, NULL);
    int limit = kind == AI_ROLLOUT_FAST ? 20000 : 40, n = 0;
    while (ark_game_process(g) == ARK_AWAITING && n++ < limit) {
      const ark_decision *d = ark_game_decision(g);
      int pick = ai_pick(&ap[d->player], ark_game_gs(g), (uint64_t)n);
      assert_int_equal(ark_game_answer(g, pick, msg, sizeof msg), ARK_OK);
    }
    if (kind == AI_ROLLOUT_FAST) {
      assert_int_equal(ark_game_process(g), ARK_END);
      assert_false(ark_game_capped(g));
    }
    ark_game_free(g);
  }
}

/* The greedy wins every one of a few games against random play (it won
** 400 of 400 in bench/README-ai.md), from either seat. */
static void test_greedy_beats_random(void **st) {
  (void)st;
  for (int seed = 1; seed <= 2; seed++) {
    int gseat = seed % 2;
    int kinds[2];
    kinds[gseat] = AI_GREEDY;
    kinds[1 - gseat] = AI_RANDOM;
    ark_game *g = t_new_game(2, (uint64_t)seed, "A");
    play_out(g, kinds, (uint64_t)seed);
    ark_player_view v;
    ark_game_player(g, gseat, &v);
    assert_int_equal(v.rank, 1);
    ark_game_free(g);
  }
}

/* Random answers on c until processing stops short of a turn (1) or the
** game ends or fails (0). */
static int to_turn_ahead(ark_game *c, uint64_t *rng) {
  for (int guard = 0; guard < 400; guard++) {
    ark_progress pr = ark_game_process_to_turn(c);
    if (pr != ARK_AWAITING) return pr == ARK_TURN_AHEAD;
    t_random_answer(c, rng);
  }
  return 0;
}

/* Where processing stops short of a turn (ark_game_process_to_turn), the
** position is worth to every seat what it is worth once that turn has
** begun, so the AIs value it there without beginning the turn.  Values
** are worked out anew (kept values off), at every action decision of a
** random game, for the position after a random action finished. */
static void test_turn_ahead_valued_as_begun(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 5, "A");
  uint64_t rng = 77;
  int compared = 0;
  ark_recall_on(g, 0);
  while (ark_game_process(g) == ARK_AWAITING) {
    if (!strcmp(ark_game_decision(g)->tag, "action")) {
      ark_game *c = ark_game_clone(g);
      t_random_answer(c, &rng);
      if (to_turn_ahead(c, &rng)) {
        assert_true(ark_game_turn_ahead(c));
        assert_null(ark_game_pending_tag(c));
        ark_game *d = ark_game_clone(c);
        assert_int_equal(ark_game_process_lazy(d), ARK_AWAITING);
        assert_string_equal(ark_game_pending_tag(d), "action");
        assert_false(ark_game_turn_ahead(d));
        for (int p = 0; p < 2; p++)
          for (double tau = 1.0; tau > 0; tau -= 0.45)
            assert_true(nova_value_at(c, p, tau) == nova_value_at(d, p, tau));
        compared++;
        ark_game_free(d);
      }
      ark_game_free(c);
    }
    t_random_answer(g, &rng);
  }
  ark_recall_on(g, 1);
  print_message("positions compared: %d\n", compared);
  assert_true(compared > 50);
  ark_game_free(g);
}

/* A turn whose start something handles is begun as always: Quarantine Lab
** (225) acts at the start of its owner's turn.  Without it the next turn
** is left ahead. */
static void test_turn_ahead_not_past_turn_start(void **st) {
  (void)st;
  for (int with_lab = 0; with_lab <= 1; with_lab++) {
    ark_game *g = t_game(2, 8, "A");
    int p = t_cur(g), q = 1 - p;
    if (with_lab) t_zoo_add(g, q, 225);
    t_answer_match(g, "X-token");     /* the turn ends with no more questions */
    if (with_lab) {
      assert_int_equal(ark_game_process_to_turn(g), ARK_AWAITING);
      assert_string_equal(ark_game_pending_tag(g), "action");
      assert_int_equal(ark_game_decision(g)->player, q);
    } else {
      assert_int_equal(ark_game_process_to_turn(g), ARK_TURN_AHEAD);
      assert_int_equal(t_cur(g), q);
      assert_int_equal(ark_game_process(g), ARK_AWAITING);   /* begun on demand */
      assert_string_equal(ark_game_pending_tag(g), "action");
    }
    ark_game_free(g);
  }
}

/* The engine keeps turn_quiet's answer for a zoo, and asks again once the
** zoo is another: in one content, a copy whose next seat gained a
** Quarantine Lab after the answer for its zoo without one was kept begins
** that seat's turn. */
static void test_turn_quiet_kept_per_zoo(void **st) {
  (void)st;
  ark_game *g = t_game(2, 8, "A");
  int q = 1 - t_cur(g);
  ark_game *c = ark_game_clone(g);
  t_answer_match(g, "X-token");
  assert_int_equal(ark_game_process_to_turn(g), ARK_TURN_AHEAD);
  t_zoo_add(c, q, 225);
  t_answer_match(c, "X-token");
  assert_int_equal(ark_game_process_to_turn(c), ARK_AWAITING);
  assert_int_equal(ark_game_decision(c)->player, q);
  ark_game_free(c);
  ark_game_free(g);
}

/* The rules' turn_quiet: no once a plugin's turn stands in for the rules'
** own, or a plugin's hook handles turn_start. */
static void test_turn_quiet_sees_plugins(void **st) {
  (void)st;
  static const char chunk[] =
    "local p = ...\n"
    "if not turn_quiet(p) then return 'not quiet as loaded' end\n"
    "local t = turn\n"
    "turn = function(...) return t(...) end\n"
    "local replaced = turn_quiet(p)\n"
    "turn = t\n"
    "if replaced then return 'quiet with turn replaced' end\n"
    "return ''\n";
  ark_game *g = t_game(2, 9, "A");
  char out[160];
  assert_string_equal(t_run_lua(g, chunk, 1 - t_cur(g), out, sizeof out), "");
  ark_game_free(g);
}

/* The quick policy reads the numbers of option texts as strtol does,
** out of range included (no overflow). */
static void test_quick_reads_numbers_as_strtol(void **st) {
  (void)st;
  static const char *const texts[] = {
    "401) for 17 money", "  12)", "-3)", "+7 x", "slot 3)", ")", "", "0009",
    "99999999999999999999999)", "-99999999999999999999999)", "9223372036854775807",
    "-9223372036854775808", "\t5\n"
  };
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    char *end;
    long want = strtol(texts[i], &end, 10), got = 0;
    const char *e = nova_read_long(texts[i], &got);
    assert_ptr_equal(e, end);
    if (end != texts[i]) assert_true(got == want);
  }
}

/* Option i of g's decision names hand card i: its number in brackets. */
static void check_hand_option(ark_game *g, const ark_decision *d, int i) {
  ark_card_view c;
  char want[24];
  assert_int_equal(d->noptions, g->s.p[d->player].nhand);
  assert_int_equal(ark_card_get(g, g->s.p[d->player].hand[i], &c), 0);
  snprintf(want, sizeof want, "(%d)", c.number);
  assert_non_null(strstr(d->options[i], want));
}

/* Option i of g's decision is "<kind> at <cells>" of position i. */
static void check_place_option(ark_game *g, const ark_decision *d, int i) {
  const ark_place *pl;
  char want[96], cell[16];
  assert_int_equal(ark_places(g, d->player, g->opt_def, g->opt_build2, &pl), d->noptions);
  snprintf(want, sizeof want, "%s at", g->c->buildings[g->opt_def].key);
  for (int k = 0; k < pl[i].ncells; k++) {
    ark_map_cell_text(pl[i].cells[k], cell, sizeof cell);
    strcat(strcat(want, " "), cell);
  }
  assert_string_equal(d->options[i], want);
}

/* Where the rules offered a hand or a building kind's positions, the
** decision records it, its texts name those very cards and cells, a clone
** records the same, and the quick policy, which reads the records, makes
** the choice it makes from the texts alone (at every decision of random
** games, with several draws of its noise). */
static void test_quick_reads_records_as_texts(void **st) {
  (void)st;
  int hands = 0, places = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    ark_game *g = t_new_game(2, seed, seed == 4 ? "5" : "A");
    uint64_t rng = seed * 77;
    while (ark_game_process(g) == ARK_AWAITING && ark_game_turns(g) < 200) {
      const ark_decision *d = ark_game_decision(g);
      for (int i = 0; i < d->noptions && g->opt_src != ARK_OPTS_TEXT; i++) {
        if (g->opt_src == ARK_OPTS_HAND) check_hand_option(g, d, i);
        else check_place_option(g, d, i);
      }
      hands += g->opt_src == ARK_OPTS_HAND;
      places += g->opt_src == ARK_OPTS_PLACES;
      if (g->opt_src != ARK_OPTS_TEXT) {
        for (uint64_t k = 0; k < 4; k++) {
          uint64_t a = rng + k, b = a;
          assert_int_equal(nova_quick(g, &a), nova_quick_texts(g, &b));
        }
        ark_game *c = ark_game_clone(g);
        assert_non_null(c);
        assert_int_equal(c->opt_src, g->opt_src);
        assert_int_equal(c->opt_def, g->opt_def);
        assert_int_equal(c->opt_build2, g->opt_build2);
        ark_game_free(c);
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  assert_true(hands > 100);
  assert_true(places > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_value_of_finished_game),
    cmocka_unit_test(test_time_left_at_start),
    cmocka_unit_test(test_time_left_with_turn_cap),
    cmocka_unit_test(test_value_of_project_progress),
    cmocka_unit_test(test_value_counts_placeable_animals),
    cmocka_unit_test(test_value_stops_at_hand_limit),
    cmocka_unit_test(test_value_counts_playable_sponsors),
    cmocka_unit_test(test_value_counts_final_scoring),
    cmocka_unit_test(test_value_counts_every_kept_scoring_card),
    cmocka_unit_test(test_value_fades_at_the_end),
    cmocka_unit_test(test_greedy_follows_its_plan),
    cmocka_unit_test(test_mcts_reproducible),
    cmocka_unit_test(test_quick_reads_numbers_as_strtol),
    cmocka_unit_test(test_quick_reads_records_as_texts),
    cmocka_unit_test(test_turn_ahead_valued_as_begun),
    cmocka_unit_test(test_turn_ahead_not_past_turn_start),
    cmocka_unit_test(test_turn_quiet_kept_per_zoo),
    cmocka_unit_test(test_turn_quiet_sees_plugins),
    cmocka_unit_test(test_mcts_plays_a_game),
    cmocka_unit_test(test_greedy_beats_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
