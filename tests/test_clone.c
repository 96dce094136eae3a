/*
** test_clone.c - a clone plays on exactly as its original: at the turn's
** action decision it is a copy that runs no Lua, in the action that follows
** it replays from that decision, at the decisions of the action cards and
** the break's discards (continuations) it is a copy too, as at a
** multiplied action's further run and a map-edge free building, and a turn's
** options worked out late (ark_game_process_lazy) are those worked out at once.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "support.h"

/* At the action decision the step's coroutine is gone: a clone copies the
** state and every option it answers plays as on a second clone made the
** same way (the option's code is decoded, not replayed). */
static void test_action_clone_is_a_copy(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 7, "A");
  t_to_first_turn(g);
  assert_true(g->cont);
  assert_int_equal(g->co_ref, -1);
  long copies, replays, copies2, replays2;
  ark_clone_counts(g, &copies, &replays);
  ark_game *c = ark_game_clone(g);
  assert_int_equal(c->co_ref, -1);       /* no Lua ran for it */
  ark_clone_counts(g, &copies2, &replays2);   /* counted as a copy */
  assert_int_equal(copies2, copies + 1);
  assert_int_equal(replays2, replays);
  assert_true(t_same_options(ark_game_decision(g), ark_game_decision(c)));
  ark_game_free(c);
  int n = ark_game_decision(g)->noptions;
  assert_true(n >= 5);
  for (int i = 0; i < n; i++) {
    ark_game *a = t_answered_clone(g, i), *b = t_answered_clone(g, i);
    assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
    assert_true(ark_state_same(&a->s, &b->s));
    assert_int_equal(ark_game_nanswers(a), ark_game_nanswers(g) + 1);
    ark_game_free(a);
    ark_game_free(b);
  }
  ark_game_free(g);
}

/* The rules write Build, Animals, Association (its tasks, project
** supports and their map-edge tokens, partner zoos, universities and
** donation), Sponsors (the sponsor), Cards and the
** break's discards as continuations (choose_then, ENGINE.after): at each
** of their decisions the step's coroutine is gone, so a clone copies the
** state, and two clones answered alike play on alike.  What ENGINE.after
** kept is used up by the start of every turn. */
static void test_continuations_clone_as_copies(void **st) {
  (void)st;
  static const char *const tags[] = { "build.kind", "build.place", "card.discard",
                                      "card.take", "cards.mode", "card.snap", "animals.card",
                                      "animals.enclosure", "association.task",
                                      "association.donation", "sponsors.card", "partner-zoo",
                                      "university", "project.support", "project.edge" };
  enum { NTAGS = sizeof tags / sizeof tags[0] };
  int seen[NTAGS] = { 0 };
  for (uint64_t seed = 1; seed <= 4; seed++) {
    uint64_t rng = seed;
    ark_game *g = t_new_game(2, seed, "A");
    for (int k = 0; k < 3000 && ark_game_process(g) == ARK_AWAITING; k++) {
      const char *tag = ark_game_pending_tag(g);
      if (!strcmp(tag, "action")) assert_int_equal(g->s.nthen, 0);
      for (int t = 0; t < NTAGS; t++) {
        if (strcmp(tag, tags[t]) || !g->cont) continue;
        seen[t]++;
        ark_game *c = ark_game_clone(g);
        assert_int_equal(c->co_ref, -1);   /* no Lua ran for it */
        assert_true(t_same_options(ark_game_decision(g), ark_game_decision(c)));
        ark_game_free(c);
        int i = (int)(k % (uint64_t)ark_game_decision(g)->noptions);
        ark_game *a = t_answered_clone(g, i), *b = t_answered_clone(g, i);
        assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
        assert_true(ark_state_same(&a->s, &b->s));
        ark_game_free(a);
        ark_game_free(b);
      }
      t_random_answer(g, &rng);
    }
    assert_int_equal(ark_game_process(g), ARK_END);
    ark_game_free(g);
  }
  for (int t = 0; t < NTAGS; t++) {
    if (!seen[t]) fail_msg("no %s decision was a copy", tags[t]);
  }
}

/* Inside the action (a continuation), a clone replays from the action's
** decision and then plays on as the original.  The shipped rules and cards
** make nearly every decision a copy, so the games load the plain plugin
** (t_new_game_plain), with which they take their plain way: games are
** played until 40 such clones were made (up to 60). */
static void test_clone_inside_the_action(void **st) {
  (void)st;
  char msg[128];
  uint64_t rng = 11;
  int checked = 0;
  for (uint64_t seed = 3; seed <= 62 && checked <= 40; seed++) {
    ark_game *g = t_new_game_plain(2, seed, "A");
    for (int k = 0; k < 3000 && ark_game_process(g) == ARK_AWAITING; k++) {
      if (g->based && g->co_ref >= 0) {
        long copies, replays, copies2, replays2;
        ark_clone_counts(g, &copies, &replays);
        ark_game *c = ark_game_clone(g);
        assert_true(c->based);
        ark_clone_counts(g, &copies2, &replays2);   /* counted as a replay */
        assert_int_equal(replays2, replays + 1);
        assert_int_equal(copies2, copies);
        assert_true(t_same_options(ark_game_decision(g), ark_game_decision(c)));
        int i = (int)(k % (uint64_t)ark_game_decision(g)->noptions);
        ark_game *a = t_answered_clone(g, i);
        assert_int_equal(ark_game_answer(c, i, msg, sizeof msg), ARK_OK);
        ark_game_process(c);
        assert_true(ark_game_log_hash(a) == ark_game_log_hash(c));
        ark_game_free(a);
        ark_game_free(c);
        checked++;
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  print_message("%d clones inside running steps\n", checked);
  assert_true(checked > 40);
}

/* A copy of g at a decision whose step's coroutine ended runs no Lua
** (co_ref -1), and answered i plays on as g answered i does. */
static void copy_plays_alike(const ark_game *g, int i) {
  char msg[128];
  ark_game *c = ark_game_clone(g);
  assert_int_equal(c->co_ref, -1);
  ark_game *a = t_answered_clone(g, i);
  assert_int_equal(ark_game_answer(c, i, msg, sizeof msg), ARK_OK);
  ark_game_process(c);
  assert_true(ark_game_log_hash(a) == ark_game_log_hash(c));
  assert_true(ark_state_same(&a->s, &c->s));
  ark_game_free(a);
  ark_game_free(c);
}

/* A card taken as a placement bonus where the building's place ended a
** continuation (Build's, a sponsor's unique building, a free building):
** what follows is kept (build_placed, placed_rest), the step's coroutine
** has ended, and a copy there answered alike plays on as the original. */
static void test_placement_card_is_a_copy(void **st) {
  (void)st;
  int build = 0, other = 0;
  for (uint64_t seed = 1; seed <= 10; seed++) {
    ark_game *g = t_new_game(2, seed, seed % 2 ? "A" : "5");
    uint64_t rng = seed * 7;
    for (int k = 0; k < 3000 && ark_game_process(g) == ARK_AWAITING; k++) {
      const ark_then *t = g->s.nthen ? &g->s.then[g->s.nthen - 1] : NULL;
      if (t && !strcmp(ark_game_decision(g)->tag, "card.take") &&
          (!strcmp(t->fn, "build_placed") || !strcmp(t->fn, "placed_rest"))) {
        assert_true(g->cont);
        build += !strcmp(t->fn, "build_placed");
        other += !strcmp(t->fn, "placed_rest");
        copy_plays_alike(g, (int)(k % (uint64_t)ark_game_decision(g)->noptions));
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  /* (50 in Build and 3 elsewhere when this was written) */
  assert_true(build >= 20 && other >= 2);
}

/* An Expert's offer of a free building (icon_expert, cards/lib/kit.lua)
** where the event was a step's last call: the offers left, the seat's
** handlers after the Expert's and the other zoos are kept (expert_offer,
** fire_one, fire_rest), the step's coroutine has ended, and a copy there
** answered alike plays on as the original (random games). */
static void test_expert_offer_is_a_copy(void **st) {
  (void)st;
  int copies = 0, before = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    ark_game *g = t_new_game(2, seed, seed % 2 ? "A" : "5");
    uint64_t rng = seed * 11;
    for (int k = 0; k < 3000 && ark_game_process(g) == ARK_AWAITING; k++) {
      const char *tag = ark_game_decision(g)->tag;
      /* (Expert on Africa's move is no icon_expert offer) */
      if (!strncmp(tag, "expert-", 7) && strstr(tag, ".") && g->cont &&
          strcmp(tag, "expert-africa.clever")) {
        const ark_then *t = &g->s.then[g->s.nthen - 1];
        assert_true(!strcmp(t->fn, "fire_rest") || !strcmp(t->fn, "expert_offer") ||
                    !strcmp(t->fn, "fire_one"));
        before += !strcmp(t->fn, "fire_one");
        copies++;
        copy_plays_alike(g, (int)(k % (uint64_t)ark_game_decision(g)->noptions));
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  print_message("Experts' offers as copies: %d, %d before other handlers\n", copies, before);
  /* (two offers in a row: tests/test_sponsors_a.c) */
  assert_true(copies >= 8 && before >= 2);
}

/* Is rules function fn among those g's state keeps (then[])? */
static int keeps(const ark_game *g, const char *fn) {
  for (int k = 0; k < g->s.nthen; k++)
    if (!strcmp(g->s.then[k].fn, fn)) return 1;
  return 0;
}

/* Rewards a gain reaches in the middle of a play, and the bonus tiles that
** ask, end the step's coroutine: an animal's or a sponsor's printed
** conservation and reputation (gain_then: settle_reputation,
** sponsor_reputation, sponsor_script kept), a university's reputation
** (university_bonus kept), a placement's reputation or conservation bonus
** (the track's next rewards kept inside a placement's rest), a bonus
** tile's multiplier (where the tile was taken as a continuation).  A copy
** there answered alike plays on as the original (random games). */
static void test_gained_rewards_are_copies(void **st) {
  (void)st;
  enum { ANIMAL, SPONSOR, UNIVERSITY, PLACEMENT, MULTIPLIER, KINDS };
  static const char *name[KINDS] = {"animal", "sponsor", "university", "placement",
                                    "multiplier"};
  int n[KINDS] = {0};
  for (uint64_t seed = 1; seed <= 40; seed++) {
    ark_game *g = t_new_game(2, seed, seed % 2 ? "A" : "5");
    uint64_t rng = seed * 13;
    for (int k = 0; k < 3000 && ark_game_process(g) == ARK_AWAITING; k++) {
      int kind[KINDS] = {
        keeps(g, "settle_reputation"),
        keeps(g, "sponsor_reputation") || keeps(g, "sponsor_script"),
        keeps(g, "university_bonus"),
        (keeps(g, "placed_rest") || keeps(g, "build_placed")) &&
          (keeps(g, "reputation_next") || keeps(g, "conservation_next")),
        !strcmp(ark_game_decision(g)->tag, "bonus.multiplier"),
      };
      int any = 0;
      for (int j = 0; j < KINDS; j++) {
        n[j] += kind[j] && g->cont;
        any |= kind[j];
      }
      if (any && g->cont)
        copy_plays_alike(g, (int)(k % (uint64_t)ark_game_decision(g)->noptions));
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  for (int j = 0; j < KINDS; j++) print_message("%s: %d copies\n", name[j], n[j]);
  for (int j = 0; j < KINDS; j++)
    if (n[j] < 1) fail_msg("no %s reward's decision was a copy", name[j]);
}

/* Answers option i on a and b and runs both to their next decision: the
** same state after. */
static void answer_both(ark_game *a, ark_game *b, int i) {
  char msg[128];
  assert_int_equal(ark_game_answer(a, i, msg, sizeof msg), ARK_OK);
  assert_int_equal(ark_game_answer(b, i, msg, sizeof msg), ARK_OK);
  assert_int_equal(ark_game_process(a), ark_game_process(b));
  assert_true(ark_state_same(&a->s, &b->s));
}

/* A leaf copy (ark_game_clone_leaf) of a search view, whose continuations
** do not copy their start, plays on as a plain copy answered alike; a copy
** of the leaf made anyway inside a running step replays it from the step's
** start and plays on alike too, or is refused (NULL) where the step's
** earlier redeals are forgotten.  Views are taken at every decision of
** random games (until enough of each kind were seen, up to 40 games);
** every other leaf is made after one answer on the plain copy (which may
** have forgotten them), and played a dozen answers on.  Running steps
** come from the plain plugin (t_new_game_plain). */
static void test_leaf_plays_as_a_copy(void **st) {
  (void)st;
  uint64_t rng = 5;
  int answered = 0, skipped = 0, copied = 0, refused = 0;
  for (uint64_t seed = 1; seed <= 40 && (skipped <= 200 || copied <= 200 || refused <= 10);
       seed++) {
    ark_game *g = t_new_game_plain(2, seed, "A");
    for (int k = 0; k < 400 && ark_game_process(g) == ARK_AWAITING; k++) {
      ark_game *v = ark_game_search_view(g, ark_game_decision(g)->player, rng);
      ark_game *plain = ark_game_clone(v);
      if (k % 2 && ark_game_process(plain) == ARK_AWAITING) {
        t_random_answer(plain, &rng);
        ark_game_process(plain);
      }
      ark_game *leaf = ark_game_clone_leaf(plain);
      for (int j = 0; j < 12 && ark_game_process(plain) == ARK_AWAITING; j++) {
        int i = (int)(rng++ % (uint64_t)ark_game_decision(plain)->noptions);
        if (leaf->co_ref >= 0 && leaf->based) {
          ark_game *lc = ark_game_clone(leaf);
          if (!lc) {
            assert_true(leaf->base_lazy && leaf->step_lossy);
            refused++;
          } else {
            ark_game *pc = ark_game_clone(plain);
            answer_both(pc, lc, i);
            ark_game_free(pc);
            ark_game_free(lc);
            copied++;
          }
        }
        answer_both(plain, leaf, i);
        skipped += leaf->based && leaf->base_lazy && !plain->base_lazy;
        answered++;
      }
      ark_game_free(plain);
      ark_game_free(leaf);
      ark_game_free(v);
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  print_message("answered %d (start not copied %d), leaf copies %d, refused %d\n", answered,
                skipped, copied, refused);
  assert_true(skipped > 200 && copied > 200 && refused > 10);
}

/* Decisions that a step makes last, beyond the action cards' own (the
** one more building of Engineer and the upgrade of a second partner zoo:
** test_sponsors_a.c, test_actions.c): a multiplied action's further run
** and the free enclosure of a recurring map-edge bonus at a break. */
static void test_last_decisions_are_copies(void **st) {
  (void)st;
  ark_game *g = t_game(2, 7, "0");
  int p = t_cur(g);
  t_clear_hand(g, p);
  t_clear_hand(g, 1 - p);                     /* no discard at the break */
  g->s.p[p].money = 25;
  ark_state base = g->s;
  /* a multiplier token on Build: a second run, its kind and place copies */
  g->s.p[p].multiplier[ARK_ACT_BUILD] = 1;
  t_set_slot(g, p, ARK_ACT_BUILD, 2);
  t_turn_of(g, p);
  t_answer(g, "Build I at strength 2");
  t_answer(g, "build size-2 (4 money)");
  t_answer_place(g, 0);
  t_expect_copy(g, "build.kind", p);
  t_answer(g, "build size-1 (2 money)");
  t_expect_copy(g, "build.place", p);
  t_answer_place(g, 0);
  t_turn_over(g, p);
  assert_int_equal(g->s.p[p].zoo_map.nb, 2);
  assert_int_equal(g->s.p[p].money, 25 - 4 - 2);
  /* map 0's edge slot 2, every break: a free size-2 enclosure */
  g->s = base;
  g->s.p[p].edge_taken = 2;
  int nb = g->s.p[p].zoo_map.nb;
  t_run_break(g, p);
  t_expect_copy(g, "build.free", p);
  t_answer_place(g, 0);
  assert_int_equal(g->s.p[p].zoo_map.nb, nb + 1);
  ark_game_free(g);
}

/* A game whose turns work their options out at once (no_lazy, as before
** ENGINE.choose_later) and one that leaves them until asked give the
** same options at every turn and the same game. */
static void test_late_options_are_the_same(void **st) {
  (void)st;
  char msg[128];
  ark_game *lazy = t_new_game(2, 5, "A"), *eager = t_new_game(2, 5, "A");
  eager->no_lazy = 1;
  uint64_t rng = 5;
  int turns = 0;
  for (;;) {
    ark_progress pe = ark_game_process(eager), pl = ark_game_process_lazy(lazy);
    assert_int_equal(pe, pl);
    if (pe != ARK_AWAITING) break;
    assert_string_equal(ark_game_pending_tag(lazy), ark_game_decision(eager)->tag);
    if (lazy->lazy) {
      turns++;
      assert_int_equal(lazy->dec.noptions, 0);   /* not worked out yet */
      assert_string_equal(ark_game_pending_tag(lazy), "action");
    }
    const ark_decision *d = ark_game_decision(lazy);
    assert_true(t_same_options(d, ark_game_decision(eager)));
    int i = t_random_answer(eager, &rng);
    assert_int_equal(ark_game_answer(lazy, i, msg, sizeof msg), ARK_OK);
  }
  assert_int_equal(ark_game_process(lazy), ARK_END);
  assert_true(turns > 100);
  assert_true(ark_game_log_hash(lazy) == ark_game_log_hash(eager));
  ark_game_free(lazy);
  ark_game_free(eager);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_action_clone_is_a_copy),
    cmocka_unit_test(test_continuations_clone_as_copies),
    cmocka_unit_test(test_clone_inside_the_action),
    cmocka_unit_test(test_placement_card_is_a_copy),
    cmocka_unit_test(test_expert_offer_is_a_copy),
    cmocka_unit_test(test_gained_rewards_are_copies),
    cmocka_unit_test(test_last_decisions_are_copies),
    cmocka_unit_test(test_late_options_are_the_same),
    cmocka_unit_test(test_leaf_plays_as_a_copy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
