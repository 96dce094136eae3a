/*
** test_sim.c - random-vs-random games for 2, 3 and 4 players with the
** invariants checked after every decision; determinism across processes;
** clones answered the same way end the same.  This is the conformance test
** OpenSpiel runs against every game, here against Ark Nova.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "support.h"

#ifndef ARK_SIM_SEEDS
#define ARK_SIM_SEEDS 300
#endif

static void random_games(int players) {
  int capped = 0, turns = 0;
  for (int seed = 1; seed <= ARK_SIM_SEEDS; seed++) {
    ark_game *g = t_new_game(players, (uint64_t)seed, "A");
    int pr = t_play_random(g, (uint64_t)seed * 31 + (uint64_t)players, 1);
    if (pr != ARK_END) fail_msg("seed %d (%d players): %s", seed, players, ark_game_error(g));
    const char *bad = t_invariants(g);
    if (bad) fail_msg("seed %d: final state: %s", seed, bad);
    capped += ark_game_capped(g);
    turns += ark_game_turns(g);
    ark_game_free(g);
    /* a line every 50 games, so a slow run (ASan: minutes) shows it is alive */
    if (seed % 50 == 0 && seed < ARK_SIM_SEEDS) {
      print_message("%d players: %d of %d games played\n", players, seed, ARK_SIM_SEEDS);
      fflush(stdout);
    }
  }
  print_message("%d players: %d games, %.1f turns per game, %d stopped by the turn cap\n",
                players, ARK_SIM_SEEDS, (double)turns / ARK_SIM_SEEDS, capped);
  fflush(stdout);
  /* the cap is a safety net: random play must finish on its own */
  assert_true(capped * 100 <= ARK_SIM_SEEDS);
}

static void test_random_2p(void **st) { (void)st; random_games(2); }
static void test_random_3p(void **st) { (void)st; random_games(3); }
static void test_random_4p(void **st) { (void)st; random_games(4); }

static uint64_t play_hash(int players, uint64_t seed) {
  ark_game *g = t_new_game(players, seed, "A");
  assert_int_equal(t_play_random(g, seed, 0), ARK_END);
  uint64_t h = ark_game_log_hash(g);
  ark_game_free(g);
  return h;
}

/* The same seed in two separate processes gives the same log hash. */
static void test_determinism_across_processes(void **st) {
  (void)st;
  for (int players = 2; players <= 4; players++) {
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
      uint64_t h = play_hash(players, 4242);
      if (write(fd[1], &h, sizeof h) != (ssize_t)sizeof h) _exit(1);
      _exit(0);
    }
    uint64_t child = 0, mine = play_hash(players, 4242);
    assert_int_equal(read(fd[0], &child, sizeof child), (ssize_t)sizeof child);
    int status;
    waitpid(pid, &status, 0);
    close(fd[0]);
    close(fd[1]);
    assert_true(mine == child);
    assert_true(mine != play_hash(players, 4243));
  }
}

/* A clone taken at any decision and answered the same way ends in the same
** state as the original. */
static void test_clone_same_answers(void **st) {
  (void)st;
  for (int seed = 1; seed <= 20; seed++) {
    ark_game *g = t_new_game(2 + seed % 3, (uint64_t)seed, "A");
    uint64_t rng = (uint64_t)seed;
    int step = 0, clone_at = 20 + (seed * 37) % 400;
    ark_game *c = NULL;
    uint64_t crng = 0;
    while (ark_game_process(g) == ARK_AWAITING) {
      if (step++ == clone_at) {
        c = ark_game_clone(g);
        crng = rng;
      }
      t_random_answer(g, &rng);
    }
    assert_non_null(c);
    while (ark_game_process(c) == ARK_AWAITING) t_random_answer(c, &crng);
    assert_int_equal(ark_game_process(c), ARK_END);
    assert_true(ark_game_log_hash(c) == ark_game_log_hash(g));
    assert_true(ark_state_same(&c->s, &g->s));
    ark_game_free(c);
    ark_game_free(g);
  }
}

/* Illegal answers are refused and change nothing. */
static void test_refused_answer(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 9, "A");
  char msg[256];
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  ark_state before = g->s;
  int n = ark_game_decision(g)->noptions;
  assert_int_equal(ark_game_answer(g, n, msg, sizeof msg), ARK_ERR_REFUSED);
  assert_non_null(strstr(msg, "not one of"));
  assert_int_equal(ark_game_answer(g, -1, msg, sizeof msg), ARK_ERR_REFUSED);
  assert_int_equal(ark_game_answer_text(g, "no such option", msg, sizeof msg), ARK_ERR_REFUSED);
  assert_true(ark_state_same(&before, &g->s));
  assert_int_equal(ark_game_nanswers(g), 0);
  ark_game_free(g);
}

static void test_bad_config(void **st) {
  (void)st;
  ark_config cfg;
  ark_game *g;
  char msg[512];
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.players = 5;
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_non_null(strstr(msg, "players"));
  cfg.players = 2;
  cfg.map = "Z9";
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_non_null(strstr(msg, "unknown map 'Z9'"));
  cfg.map = "A";
  cfg.data_dir = "/nonexistent/arknova";
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "card folder not found"));
  assert_null(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_bad_config),
    cmocka_unit_test(test_refused_answer),
    cmocka_unit_test(test_determinism_across_processes),
    cmocka_unit_test(test_clone_same_answers),
    cmocka_unit_test(test_random_2p),
    cmocka_unit_test(test_random_3p),
    cmocka_unit_test(test_random_4p),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
