/*
** test_card.c - `arknova sim --test-card N` and the core feature behind
** it (ark_config.handover): the card handed over after the draft takes the
** place of the last kept card and is logged, clones taken during the draft
** hand it over too, no seat's view knows of it, bad handovers are refused; the two arms of a pair
** start alike but for the tested seat's one card; the tested seat
** alternates with the seed; the paired t intervals and the pairs that
** would halve them give the numbers worked out by hand (and checked with
** mpmath); the report over hand-written records; an unknown card stops
** the command.  Links the host's sim pieces (host/simtest.c and friends)
** and runs build/arknova.
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "support.h"
#include "host.h"
#include "simstats.h"

/* arknova beside this test, its runs' folder, a run and a file there */
#define exe t_exe
#define tmp t_tmp
#define run t_cmd
#define output_has t_out_has
static char *slurp(const char *name) { return t_slurp(tmp, name); }

/* Random answers up to the first turn's action decision; the answers
** given go to ans (at most 64). */
static int draft_randomly(ark_game *g, uint64_t rng, int *ans) {
  int n = 0;
  while (strcmp(t_tag(g), "action")) {
    assert_true(n < 64);
    ans[n] = t_random_answer(g, &rng);
    n++;
  }
  return n;
}

static int in_box(ark_game *g, int id) {
  return t_in_list(g->s.box, g->s.nbox, id);
}

/* The card handed over takes the place of the last kept card, which goes
** to the box; one event says so; the state stays consistent. */
static void test_handover_after_draft(void **st) {
  (void)st;
  for (int seed = 1; seed <= 6; seed++) {
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.seed = (uint64_t)seed;
    cfg.players = 2 + seed % 3;
    cfg.handover[0].seat = seed % cfg.players;
    cfg.handover[0].number = 401;
    ark_game *g = t_new_game_cfg(&cfg);
    int id = t_card(g, 401), seat = cfg.handover[0].seat, ans[64];
    assert_true(in_box(g, id));                   /* out of the deck from the setup on */
    assert_false(t_in_list(g->s.deck, g->s.ndeck, id));
    draft_randomly(g, (uint64_t)seed * 7, ans);
    const ark_player *pl = &g->s.p[seat];
    assert_int_equal(pl->nhand, 4);
    assert_int_equal(pl->hand[3], id);
    assert_false(in_box(g, id));
    int logged = 0;
    for (int i = 0; i < ark_game_nevents(g); i++) {
      const ark_event *e = ark_game_event(g, i);
      if (e->type != ARK_EV_TEXT || e->a != id) continue;
      logged++;
      assert_int_equal(e->player, seat);
      assert_true(e->b >= 0 && e->b != id);
      assert_true(in_box(g, e->b));               /* the replaced card left the game */
      char line[512];
      ark_event_text(g, e, line, sizeof line);
      assert_non_null(strstr(line, "is handed Cheetah (401) after the draft, in place of"));
    }
    assert_int_equal(logged, 1);
    const char *bad = t_invariants(g);
    if (bad) fail_msg("seed %d: %s", seed, bad);
    ark_game_free(g);
  }
}

/* Seed 11, P1 handed card 401 when the draft ends. */
static ark_game *cheetah_to_p1(void) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.seed = 11;
  cfg.handover[0].seat = 0;
  cfg.handover[0].number = 401;
  ark_game *g = t_new_game_cfg(&cfg);
  return g;
}

/* A clone taken at any draft decision and answered the same way hands the
** card over too (the pending handover lives in the state). */
static void test_handover_clone(void **st) {
  (void)st;
  ark_game *g = cheetah_to_p1();
  ark_game *clones[64];
  int ans[64], n = 0;
  uint64_t rng = 99;
  while (strcmp(t_tag(g), "action")) {
    clones[n] = ark_game_clone(g);
    ans[n++] = t_random_answer(g, &rng);
  }
  char msg[128];
  for (int k = 0; k < n; k++) {
    for (int i = k; i < n; i++) {
      ark_game_process(clones[k]);
      assert_int_equal(ark_game_answer(clones[k], ans[i], msg, sizeof msg), ARK_OK);
    }
    assert_string_equal(t_tag(clones[k]), "action");
    for (int p = 0; p < 2; p++) {
      assert_int_equal(clones[k]->s.p[p].nhand, g->s.p[p].nhand);
      assert_memory_equal(clones[k]->s.p[p].hand, g->s.p[p].hand,
                          sizeof g->s.p[p].hand[0] * g->s.p[p].nhand);
    }
    assert_true(ark_game_log_hash(clones[k]) == ark_game_log_hash(g));
    ark_game_free(clones[k]);
  }
  ark_game_free(g);
}

/* No seat's view knows of a pending hand-over: the deciding seat's view
** (what its AI looks ahead on) taken at any draft decision and answered the
** same way to the first turn keeps card 401 in the box, where the game
** itself hands it over.  An AI drafting on views that knew would choose
** which kept card it replaces (sim --test-card's arms would then differ in
** more than the card). */
static void test_handover_hidden_from_views(void **st) {
  (void)st;
  ark_game *g = cheetah_to_p1();
  ark_game *views[64];
  int ans[64], n = 0;
  uint64_t rng = 99;
  while (strcmp(t_tag(g), "action")) {
    views[n] = ark_game_view(g, ark_game_decision(g)->player, 5 + (uint64_t)n);
    ans[n++] = t_random_answer(g, &rng);
  }
  assert_true(t_in_hand(g, 0, 401));
  char msg[128];
  for (int k = 0; k < n; k++) {
    ark_game *v = views[k];
    for (int i = k; i < n; i++) {
      ark_game_process(v);
      assert_int_equal(ark_game_answer(v, ans[i], msg, sizeof msg), ARK_OK);
    }
    assert_string_equal(t_tag(v), "action");
    assert_false(t_in_hand(v, 0, 401));
    assert_int_equal(v->s.p[0].nhand, g->s.p[0].nhand);
    ark_game_free(v);
  }
  ark_game_free(g);
}

/* A card that is not in the deck, an unknown number or seat is refused
** with a message naming the card. */
static void test_handover_refused(void **st) {
  (void)st;
  static const struct { int seat, number; const char *says; } bad[] = {
    { 0, 9999, "card 9999 to hand over after the draft: no card has that number" },
    { 0, 101, "card 101 to hand over after the draft is not a card of the deck" },
    { 0, 1, "card 1 to hand over after the draft is not a card of the deck" },
    { 2, 401, "card 401 to hand over after the draft: no such seat" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ark_config cfg;
    ark_config_init(&cfg);
    cfg.data_dir = ARK_GAME_DIR;
    cfg.handover[0].seat = bad[i].seat;
    cfg.handover[0].number = bad[i].number;
    ark_game *g = NULL;
    char msg[512];
    assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONFIG);
    assert_null(g);
    if (!strstr(msg, bad[i].says)) fail_msg("'%s' does not say '%s'", msg, bad[i].says);
  }
}

/* What the first turn's action decision finds: every hand, the deck, the
** display. */
typedef struct first_turn {
  int seen;
  int nhand[4], hand[4][ARK_HAND_MAX];
  int ndeck, deck[ARK_MAX_CARDS], display[ARK_DISPLAY];
} first_turn;

static void watch_first_turn(ark_game *g, void *arg) {
  first_turn *ft = arg;
  if (ft->seen || strcmp(ark_game_decision(g)->tag, "action")) return;
  ft->seen = 1;
  for (int p = 0; p < ark_game_players(g); p++)
    ft->nhand[p] = ark_game_hand(g, p, ft->hand[p], ARK_HAND_MAX);
  ft->ndeck = g->s.ndeck;
  for (int i = 0; i < g->s.ndeck; i++) ft->deck[i] = g->s.deck[i];
  ark_game_display(g, ft->display);
}

static int holds(const first_turn *ft, int p, int id) {
  for (int i = 0; i < ft->nhand[p]; i++)
    if (ft->hand[p][i] == id) return 1;
  return 0;
}

/* The two arms of a pair, set up as sim does and played by random AIs as
** sim plays them: at the first turn the hands are the same except the
** tested seat's last card, which is card N in arm B only; N is in no deck
** or display folder of either arm; the deck and the display are the
** same.  Both games run to the end. */
static void test_arms_differ_by_one_card(void **st) {
  (void)st;
  static first_turn ft[2];
  for (int players = 2; players <= 3; players++)
    for (uint64_t seed = 1; seed <= 4; seed++) {
      host_opts o;
      host_opts_init(&o);
      o.cfg.data_dir = ARK_GAME_DIR;
      o.cfg.players = players;
      o.cfg.turn_cap = 60;
      for (int p = 0; p < 4; p++) o.ai[p] = AI_RANDOM;
      int id = -1, tested = sim_test_seat(seed, players);
      for (int arm = 0; arm < 2; arm++) {
        ark_config cfg;
        assert_int_equal(sim_test_config(&o.cfg, 401, seed, arm, &cfg), 0);
        ark_game *g = t_new_game_cfg(&cfg);
        id = t_card(g, 401);
        memset(&ft[arm], 0, sizeof ft[arm]);
        int pr = host_run_game_watch(g, &o, seed * 2654435761u + 17, watch_first_turn, &ft[arm]);
        if (pr != ARK_END) fail_msg("seed %d arm %d: %s", (int)seed, arm, ark_game_error(g));
        assert_true(ft[arm].seen);
        ark_game_free(g);
      }
      for (int p = 0; p < players; p++) {
        assert_int_equal(ft[0].nhand[p], 4);
        assert_int_equal(ft[1].nhand[p], 4);
        int same = 0;
        for (int i = 0; i < 4; i++) same += ft[0].hand[p][i] == ft[1].hand[p][i];
        assert_int_equal(same, p == tested ? 3 : 4);
        assert_false(holds(&ft[0], p, id));
        assert_int_equal(holds(&ft[1], p, id), p == tested);
      }
      assert_int_equal(ft[1].hand[tested][3], id);
      assert_int_not_equal(ft[0].hand[tested][3], id);
      assert_int_equal(ft[0].ndeck, ft[1].ndeck);
      assert_memory_equal(ft[0].deck, ft[1].deck, sizeof ft[0].deck[0] * (size_t)ft[0].ndeck);
      assert_memory_equal(ft[0].display, ft[1].display, sizeof ft[0].display);
      for (int arm = 0; arm < 2; arm++) {
        for (int i = 0; i < ft[arm].ndeck; i++) assert_int_not_equal(ft[arm].deck[i], id);
        for (int f = 0; f < ARK_DISPLAY; f++) assert_int_not_equal(ft[arm].display[f], id);
      }
    }
}

/* Seed k tests seat k mod players: the seats take turns. */
static void test_tested_seat_alternates(void **st) {
  (void)st;
  ark_config base;
  ark_config_init(&base);
  for (int players = 2; players <= 4; players++)
    for (uint64_t seed = 1; seed <= 12; seed++) {
      ark_config a, b;
      base.players = players;
      assert_int_equal(sim_test_seat(seed, players), (int)(seed % (uint64_t)players));
      assert_int_equal(sim_test_config(&base, 401, seed, 0, &a), 0);
      assert_int_equal(sim_test_config(&base, 401, seed, 1, &b), 0);
      assert_int_equal(a.exclude[0], 401);
      assert_int_equal(b.exclude[0], 0);     /* handed over: out of the deck until then */
      assert_int_equal(a.handover[0].number, 0);
      assert_int_equal(b.handover[0].number, 401);
      assert_int_equal(b.handover[0].seat, (int)(seed % (uint64_t)players));
      assert_true(a.seed == seed && b.seed == seed);
    }
  /* the command: seeds 3..6 of two players test P2, P1, P2, P1 in both arms */
  assert_int_equal(run("sim --test-card 401 --seeds 3..6 --ai random --turn-cap 40 "
                       "--threads 2 --out t.jsonl"), 0);
  assert_true(output_has("tested seat (seed mod players): P1 in 2, P2 in 2 pairs\n"));
  const char *lines = slurp("t.jsonl");
  assert_non_null(lines);
  /* a seed's two arms one after the other: a stopped run keeps whole pairs */
  static const char *const want[8] = { "A", "B", "A", "B", "A", "B", "A", "B" };
  const char *p = lines;
  for (int k = 0; k < 8; k++) {
    char head[64], tested[32];
    snprintf(head, sizeof head, "{\"seed\":%d,\"set\":\"%s\"", 3 + k / 2, want[k]);
    snprintf(tested, sizeof tested, "\"test_card\":401,\"tested\":%d,", (k / 2) % 2 ? 1 : 2);
    const char *end = strchr(p, '\n');
    assert_non_null(end);
    assert_memory_equal(p, head, strlen(head));
    const char *t = strstr(p, tested);
    assert_true(t && t < end);
    if (want[k][0] == 'A') {
      const char *np = strstr(p, "\"played\":false");
      assert_true(np && np < end);
    }
    p = end + 1;
  }
  /* merging the file prints the same pairs */
  assert_int_equal(run("sim merge t.jsonl"), 0);
  assert_true(output_has("test of card 401: 4 pairs of games on the same seeds"));
}

/* The Student t quantile and the paired intervals, on numbers worked out
** by hand and checked with mpmath (betainc). */
static void test_interval_arithmetic(void **st) {
  (void)st;
  assert_float_equal(sim_t975(1), 12.7062047362, 1e-8);
  assert_float_equal(sim_t975(4), 2.7764451052, 1e-8);
  assert_float_equal(sim_t975(9), 2.2621571628, 1e-8);
  assert_float_equal(sim_t975(39), 2.0226909200, 1e-8);
  assert_float_equal(sim_t975(1000000), 1.959966, 1e-5);
  sim_interval iv;
  /* scores 2, 4, 6, 8, 10: mean 6, sd sqrt(10), 6 -+ 2.776445 * sqrt(2) */
  const double score[5] = { 2, 4, 6, 8, 10 };
  sim_mean_interval(score, 5, &iv);
  assert_int_equal(iv.n, 5);
  assert_float_equal(iv.mean, 6, 1e-12);
  assert_float_equal(iv.sd, sqrt(10), 1e-12);
  assert_float_equal(iv.lo, 2.0735136770, 1e-8);
  assert_float_equal(iv.hi, 9.9264863230, 1e-8);
  /* t(m-1)/sqrt(m) <= t(4)/sqrt(5)/2 = 0.62083 first at m = 13 (t(11)/sqrt(12)
  ** = 0.63537, t(12)/sqrt(13) = 0.60429): fewer than 4 x 5 thanks to t */
  assert_int_equal(iv.halve, 13);
  /* won: B - A of 10 pairs: 1, 0, 0, -1, 1, 1, 0, 1, 0, 1 */
  const double won[10] = { 1, 0, 0, -1, 1, 1, 0, 1, 0, 1 };
  sim_mean_interval(won, 10, &iv);
  assert_float_equal(iv.mean, 0.4, 1e-12);
  assert_float_equal(iv.sd, 0.6992058988, 1e-9);
  assert_float_equal(iv.lo, -0.1001817684, 1e-8);
  assert_float_equal(iv.hi, 0.9001817684, 1e-8);
  assert_int_equal(sim_pairs_to_halve(40), 153);   /* t(152)/sqrt(153) first */
  assert_int_equal(sim_pairs_to_halve(10000), 39993);  /* checked with mpmath */
  /* one value: no interval */
  sim_mean_interval(won, 1, &iv);
  assert_float_equal(iv.lo, 1, 0);
  assert_int_equal(iv.halve, 0);
  /* a Wilson interval at 1/2 of 100 games is halved by 412 (a little over
  ** 4 x 100: its z^2 terms shrink too); at 0 of 100 the width falls as 1/m,
  ** so by 204 (both found by a plain search in Python) */
  assert_int_equal(sim_wilson_to_halve(0.5, 100), 412);
  assert_int_equal(sim_wilson_to_halve(0, 100), 204);
  /* own turns: P2 after a P1 start plays game turns 1, 3, 5, ... (0-based) */
  assert_int_equal(sim_own_turn(0, 0, 0, 2), 1);
  assert_int_equal(sim_own_turn(5, 0, 1, 2), 3);
  assert_int_equal(sim_own_turn(0, 0, 1, 2), 0);
  /* P2 of 3 after a P3 start plays game turns 2, 5, 8: turn 7 is P1's */
  assert_int_equal(sim_own_turn(8, 2, 1, 3), 3);
  assert_int_equal(sim_own_turn(7, 2, 1, 3), 2);
}

/* The report over records written by hand: 4 pairs, the tested seat won
** 1 of 4 in arm A and 3 of 4 in arm B; score differences 10, 0, 6, -4;
** arm B played the card at own turns 3 and 6 (game turns 5 and 12). */
static void test_report_numbers(void **st) {
  (void)st;
  const char *rec = "{\"seed\":%d,\"set\":\"%s\",\"players\":2,\"map\":\"A\",\"rules\":"
                    "\"test card 401\",\"start\":1,\"ai\":[\"greedy\",\"greedy\"],"
                    "\"scores\":[%d,%d],\"ranks\":[%d,%d],\"turns\":80,\"capped\":false,"
                    "\"error\":false,\"test_card\":401,\"tested\":%d,\"played\":%s%s,"
                    "\"draft\":%d,\"plays\":[]}\n";
  /* seed, arm, the tested seat's (seed mod 2) score and whether it won */
  static const struct { int seed, score, won; const char *played; int draft; } a[4] = {
    { 1, 5, 0, "", 7 }, { 2, 8, 1, "", 8 }, { 3, -2, 0, "", 9 }, { 4, 0, 0, "", 10 }
  }, b[4] = {
    { 1, 15, 1, ",\"played_turn\":5,\"played_own_turn\":3", 7 },
    { 2, 8, 1, "", 8 },
    { 3, 4, 1, ",\"played_turn\":12,\"played_own_turn\":6", 9 },
    { 4, -4, 0, "", 11 }
  };
  char text[4096];
  size_t k = 0;
  for (int arm = 0; arm < 2; arm++)
    for (int i = 0; i < 4; i++) {
      int seat = (i + 1) % 2;
      int sc = arm ? b[i].score : a[i].score, won = arm ? b[i].won : a[i].won;
      int s0 = seat == 0 ? sc : -50, s1 = seat == 1 ? sc : -50;
      int r0 = seat == 0 ? (won ? 1 : 2) : (won ? 2 : 1), r1 = 3 - r0;
      k += (size_t)snprintf(text + k, sizeof text - k, rec, i + 1, arm ? "B" : "A", s0, s1,
                            r0, r1, seat + 1, arm && b[i].played[0] ? "true" : "false",
                            arm ? b[i].played : "", arm ? b[i].draft : a[i].draft);
    }
  t_write_file(tmp, "hand.jsonl", text);
  assert_int_equal(run("sim merge hand.jsonl"), 0);
  /* win: +1, 0, +1, 0: 2 of 4 pairs differ, both won in arm B: the ends
  ** from the exact intervals of those shares (Clopper-Pearson) */
  assert_true(output_has("win rate        25.0%    75.0%   +50.0% [-63.8%, +93.2%]       0.58"));
  /* margin over the other seat (-50 in these records) and own score:
  ** 10, 0, 6, -4: mean 3, sd 6.2183, t(3) 3.182446 -> +-9.894694 */
  assert_true(output_has("margin          52.75    55.75   +3.00 [-6.89, +12.89]         6.22"));
  assert_true(output_has("own score        2.75     5.75   +3.00 [-6.89, +12.89]         6.22"));
  assert_true(output_has("card 401 played by the tested seat in arm B: 2 of 4 games, 50.0%"));
  assert_true(output_has("played at its own turn: mean 4.5, median 4.5; at game turn: mean "
                         "8.5, median 8.5\n"));
  assert_true(output_has("draft: the same in both arms in 3 of 4 pairs; in 1 the hands at the "
                         "first turn differ by more than the card"));
  assert_true(output_has("win rate: no difference shown (the interval includes 0)\n"));
  assert_true(output_has("warning: only 4 pairs (fewer than 30)"));
  /* 50% is not below the threshold */
  assert_false(output_has("warning: the card was played in only"));
}

/* One pair has no interval, and its report still gives the pair's
** figures arm by arm (it had printed none). */
static void test_report_one_pair(void **st) {
  (void)st;
  const char *pair =
    "{\"seed\":1,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"rules\":\"test card 401\","
    "\"start\":1,\"ai\":[\"greedy\",\"greedy\"],\"scores\":[-50,5],\"ranks\":[1,2],"
    "\"turns\":80,\"capped\":false,\"error\":false,\"test_card\":401,\"tested\":2,"
    "\"played\":false,\"draft\":7,\"plays\":[]}\n"
    "{\"seed\":1,\"set\":\"B\",\"players\":2,\"map\":\"A\",\"rules\":\"test card 401\","
    "\"start\":1,\"ai\":[\"greedy\",\"greedy\"],\"scores\":[-50,15],\"ranks\":[2,1],"
    "\"turns\":78,\"capped\":false,\"error\":false,\"test_card\":401,\"tested\":2,"
    "\"played\":true,\"played_turn\":5,\"played_own_turn\":3,\"draft\":7,\"plays\":[]}\n";
  t_write_file(tmp, "pair.jsonl", pair);
  assert_int_equal(run("sim merge pair.jsonl"), 0);
  assert_true(output_has("card 401 played by the tested seat in arm B: at its own turn 3, "
                         "game turn 5\n"));
  assert_true(output_has("won                no      yes\n"));
  assert_true(output_has("margin             55       65      +10\n"));
  assert_true(output_has("own score           5       15      +10\n"));
  assert_true(output_has("others' best      -50      -50       +0\n"));
  assert_true(output_has("game turns         80       78       -2\n"));
  assert_true(output_has("no interval until there are 2 pairs; run 30 or more seeds"));
}

/* An unknown card number stops the command with a message naming it; so
** does a fan card without its folder, a base project, or a card that
** --exclude leaves out.  The fan card with its folder runs. */
static void test_unknown_card(void **st) {
  (void)st;
  assert_int_equal(run("sim --test-card 9999 --games 2 --ai random"), 2);
  assert_true(output_has("arknova sim: --test-card 9999: no card has the number 9999"));
  assert_int_equal(run("sim --test-card 1001 --games 2 --ai random"), 2);
  assert_true(output_has("--test-card 1001: no card has the number 1001"));
  assert_int_equal(run("sim --test-card 101 --games 2 --ai random"), 2);
  assert_true(output_has("is not a card of the deck"));
  assert_int_equal(run("sim --test-card 401 --exclude 401 --games 2 --ai random"), 2);
  assert_true(output_has("also left out by --exclude"));
  assert_int_equal(run("sim --test-card abc"), 2);
  assert_int_equal(run("sim --test-card 401 --with-card 402"), 2);
  assert_int_equal(run("sim --test-card 1001 --cards %s/examples/fan-cards --seeds 1..2 "
                       "--ai random --turn-cap 40 --threads 1", ARK_SOURCE_DIR), 0);
  assert_true(output_has("test of card 1001 (Desert Hedgehog): 2 pairs"));
}

int main(void) {
  if (t_cmd_begin("test_card") != 0) return 1;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_handover_after_draft),
    cmocka_unit_test(test_handover_clone),
    cmocka_unit_test(test_handover_hidden_from_views),
    cmocka_unit_test(test_handover_refused),
    cmocka_unit_test(test_arms_differ_by_one_card),
    cmocka_unit_test(test_tested_seat_alternates),
    cmocka_unit_test(test_interval_arithmetic),
    cmocka_unit_test(test_report_numbers),
    cmocka_unit_test(test_report_one_pair),
    cmocka_unit_test(test_unknown_card),
  };
  return t_cmd_end(cmocka_run_group_tests(tests, NULL, NULL));
}
