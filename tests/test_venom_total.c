/*
** test_venom_total.c - ark.venom_total(p), which end_of_turn reads to skip
** its card-by-card venom look when no card has a token, and
** ark.token_total(p, kind), which Quarantine Lab reads at each turn start,
** are the sums of ark.tokens(p, a, kind) over the action cards: in the
** positions of random games and with tokens set by hand on each card.
** (The venom payments themselves: test_keywords.c, test_rules.c; Quarantine
** Lab clearing tokens: test_sponsors_a.c.)
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
  "for _, kind in ipairs({ 'venom', 'constriction', 'multiplier' }) do\n"
  "  local n = 0\n"
  "  for _, a in ipairs(ACTIONS) do n = n + ark.tokens(p, a, kind) end\n"
  "  if ark.token_total(p, kind) ~= n then\n"
  "    return kind .. ' total ' .. ark.token_total(p, kind) .. ', by card ' .. n\n"
  "  end\n"
  "  if kind == 'venom' and ark.venom_total(p) ~= n then\n"
  "    return 'venom_total ' .. ark.venom_total(p) .. ', by card ' .. n\n"
  "  end\n"
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
  ark_player *pl = &g->s.p[0];
  for (int a = 0; a < ARK_N_ACTIONS; a++) {
    memset(pl->venom, 0, sizeof pl->venom);
    memset(pl->constriction, 0, sizeof pl->constriction);
    memset(pl->multiplier, 0, sizeof pl->multiplier);
    pl->venom[a] = (uint8_t)(a + 1);
    pl->constriction[(a + 1) % ARK_N_ACTIONS] = (uint8_t)(2 * a + 1);
    pl->multiplier[(a + 2) % ARK_N_ACTIONS] = 1;
    expect_same(g, 0);
    expect_same(g, 1);
  }
  for (int a = 0; a < ARK_N_ACTIONS; a++) g->s.p[1].venom[a] = g->s.p[1].constriction[a] = 255;
  expect_same(g, 1);
  ark_game_free(g);
}

/* The kinds ark.tokens knows and no other: a misspelt kind is an error
** that names it, not a total of 0. */
static void test_token_total_kinds(void **st) {
  (void)st;
  ark_game *g = t_game(2, 5, NULL);
  g->s.p[1].constriction[2] = 3;
  g->s.p[1].constriction[4] = 2;
  char why[256];
  const char *r = t_run_lua(g, "return tostring(ark.token_total(..., 'constriction'))", 1, why,
                            sizeof why);
  assert_string_equal(r, "5");
  r = t_run_lua(g, "local ok, e = pcall(ark.token_total, ..., 'venon')\n"
                   "return ok and 'no error' or tostring(e)", 1, why, sizeof why);
  assert_non_null(strstr(r, "unknown token kind 'venon'"));
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_venom_total_random_games),
    cmocka_unit_test(test_venom_total_by_hand),
    cmocka_unit_test(test_token_total_kinds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
