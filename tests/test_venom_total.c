/*
** test_venom_total.c - ark.venom_total(p), which end_of_turn reads to skip
** its card-by-card venom look when no card has a token, is the sum of
** ark.tokens(p, a, "venom") over the action cards: in the positions of
** random games and with tokens set by hand on each card.  (The venom
** payments themselves: test_keywords.c, test_rules.c.)
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"

static const char *const COMPARE =
  "local p = ...\n"
  "local n = 0\n"
  "for _, a in ipairs(ACTIONS) do n = n + ark.tokens(p, a, 'venom') end\n"
  "if ark.venom_total(p) ~= n then\n"
  "  return 'venom_total ' .. ark.venom_total(p) .. ', by card ' .. n\n"
  "end\n"
  "return nil\n";

static void expect_same(ark_game *g, int p) {
  char why[256];
  if (t_run_lua(g, COMPARE, p, why, sizeof why)[0]) fail_msg("p %d: %s", p, why);
}

static void test_venom_total_random_games(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    ark_game *g = t_new_game(2, seed, NULL);
    uint64_t rng = seed * 31;
    while (ark_game_process(g) == ARK_AWAITING) {
      if (!strcmp(ark_game_decision(g)->tag, "action"))
        for (int p = 0; p < 2; p++) expect_same(g, p);
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
}

static void test_venom_total_by_hand(void **st) {
  (void)st;
  ark_game *g = t_game(2, 5, NULL);
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    memset(g->s.p[0].venom, 0, sizeof g->s.p[0].venom);
    g->s.p[0].venom[a] = (uint8_t)(a + 1);
    expect_same(g, 0);
    expect_same(g, 1);
  }
  for (int a = 0; a < ARK_N_ACTIONS; a++) g->s.p[1].venom[a] = 255;
  expect_same(g, 1);
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_venom_total_random_games),
    cmocka_unit_test(test_venom_total_by_hand),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
