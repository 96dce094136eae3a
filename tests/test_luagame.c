/*
** test_luagame.c - the runtime of games written in Lua alone
** (core/src/luagame*.c), on the small test game tests/games/harvest:
** its numbers after each pick, secret picks shown only to their seat until
** the rules reveal them, copies that play on exactly like the original,
** errors that name the rules' file and line, random games of 1 to 4
** players that all end, and the engine's AIs deciding through the game
** interface on what their seat may know.  Small games written into a
** temporary folder show what the runtime does with rules that go wrong:
** the turn cap, steps that never ask, numbers that are no numbers, rules
** that run out of time, the rules' check of their cards, game.yaml's keys,
** and the state a save keeps.  Some tests run the `arknova` next to this
** test binary.
*/
#define _POSIX_C_SOURCE 200809L   /* mkdtemp, popen, readlink */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "ai.h"
#include "luagame.h"
#include "support.h"

#define HARVEST ARK_SOURCE_DIR "/tests/games/harvest"

static char tmp[] = "/tmp/test_luagame-XXXXXX";   /* where broken copies go */

static ark_lg_def *load(const char *dir) {
  ark_gamedef gd;
  char msg[2048];
  assert_int_equal(ark_gamedef_load(dir, &gd, msg, sizeof msg), 0);
  ark_lg_def *d = ark_lg_def_load(&gd, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  return d;
}

static ark_lg *new_game(ark_lg_def *d, int players, uint64_t seed) {
  ark_lg *g;
  char msg[512];
  if (ark_lg_new(d, players, seed, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  return g;
}

static int track(const ark_lg *g, int seat, const char *name) {
  int v;
  assert_int_equal(ark_lg_track(g, seat, name, &v), 0);
  return v;
}

static void answer(ark_lg *g, int i) {
  char msg[256];
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_answer(g, i, msg, sizeof msg), ARK_OK);
}

static const ark_event *last_event(const ark_lg *g, int type) {
  const ark_log *l = ark_lg_log(g);
  for (int i = l->nev - 1; i >= 0; i--)
    if (l->ev[i].type == type) return &l->ev[i];
  return NULL;
}

/* Setup deals 2 cards each from the 12; coins start at 3.  Round 1: P1
** picks coins (+2), P2 draws (2 more cards).  In round 2 nobody may pick
** what they picked in round 1. */
static void test_numbers(void **st) {
  (void)st;
  ark_lg_def *d = load(HARVEST);
  assert_int_equal(ark_lg_def_cards(d), 12);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_zone_count(g, "deck", 0), 8);
  assert_int_equal(ark_lg_zone_count(g, "hand", 1), 2);
  assert_int_equal(track(g, 1, "coins"), 3);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  const ark_decision *dec = ark_lg_decision(g);
  assert_int_equal(dec->player, 0);
  assert_string_equal(dec->tag, "pick");
  assert_int_equal(dec->secret, 1);
  assert_int_equal(dec->noptions, 3);
  assert_string_equal(dec->options[0], "coins");
  assert_string_equal(dec->options[2], "draw");
  answer(g, 0);
  answer(g, 2);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(track(g, 1, "coins"), 5);
  assert_int_equal(track(g, 2, "coins"), 3);
  assert_int_equal(ark_lg_zone_count(g, "hand", 2), 4);
  assert_int_equal(ark_lg_zone_count(g, "deck", 0), 6);
  assert_int_equal(track(g, 0, "round"), 1);
  dec = ark_lg_decision(g);
  assert_int_equal(dec->player, 0);
  assert_int_equal(dec->noptions, 2);
  assert_string_equal(dec->options[0], "plant");
  assert_string_equal(dec->options[1], "draw");
  assert_int_equal(ark_lg_track(g, 1, "nothing", &(int){ 0 }), -1);
  assert_int_equal(ark_lg_zone_count(g, "attic", 1), -1);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* A secret pick: its seat sees it, the other seat and the log's public
** text only that a pick was made, until the rules' reveal names both. */
static void test_secret_pick(void **st) {
  (void)st;
  char line[256];
  ark_lg_def *d = load(HARVEST);
  ark_lg *g = new_game(d, 2, 1);
  answer(g, 1);
  const ark_event *e = last_event(g, ARK_LG_EV_ANSWER);
  assert_non_null(e);
  ark_lg_event_text(g, e, 0, line, sizeof line);
  assert_string_equal(line, "P1: plant");
  ark_lg_event_text(g, e, 1, line, sizeof line);
  assert_string_equal(line, "P1 chooses in secret");
  assert_false(ark_event_visible(e, 1));
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);   /* P1's plant choice */
  e = last_event(g, ARK_LG_EV_TEXT);
  ark_lg_event_text(g, e, 1, line, sizeof line);
  assert_string_equal(line, "revealed: P1 plant, P2 coins");
  assert_string_equal(ark_lg_decision(g)->tag, "plant");
  ark_lg_free(g);
  ark_lg_def_release(d);
}

static uint64_t next_rand(uint64_t *x) {
  *x ^= *x << 13;
  *x ^= *x >> 7;
  *x ^= *x << 17;
  return *x;
}

/* Plays g to its end with picks drawn from seed; the answers taken. */
static int play_out(ark_lg *g, uint64_t seed, int *taken, int max) {
  int n = 0;
  char msg[256];
  while (ark_lg_process(g) == ARK_AWAITING) {
    int pick = (int)(next_rand(&seed) % (uint64_t)ark_lg_decision(g)->noptions);
    assert_int_equal(ark_lg_answer(g, pick, msg, sizeof msg), ARK_OK);
    if (n < max) taken[n++] = pick;
  }
  if (ark_lg_process(g) != ARK_END) fail_msg("the game stopped: %s", ark_lg_error(g));
  return n;
}

/* What a seat's view knows.  At P2's pick, P1's secret pick (plant) and
** P1's hand are drawn anew: over 20 views both vary, while P2's own hand
** and the counts stay.  P1's own view keeps P1's pick.  Once the rules
** revealed the picks, every view keeps them. */
static void test_views(void **st) {
  (void)st;
  ark_lg_def *d = load(HARVEST);
  ark_lg *g = new_game(d, 2, 1);
  answer(g, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  int picks = 0, hands = 0, first_hand = -1;
  for (uint64_t seed = 1; seed <= 20; seed++) {
    ark_lg *v = ark_lg_view(g, 1, seed);
    assert_non_null(ark_lg_decision(v));
    assert_int_equal(ark_lg_decision(v)->player, 1);
    picks |= 1 << track(v, 1, "pick");
    int ids[8], mine_ids[8], real[8];
    assert_int_equal(ark_lg_zone_cards(v, "hand", 1, ids, 8), 2);
    assert_int_equal(ark_lg_zone_cards(v, "hand", 2, mine_ids, 8), 2);
    assert_int_equal(ark_lg_zone_cards(g, "hand", 2, real, 8), 2);
    assert_memory_equal(mine_ids, real, sizeof real[0] * 2);
    if (first_hand < 0) first_hand = ids[0] * 100 + ids[1];
    hands += first_hand != ids[0] * 100 + ids[1];
    assert_int_equal(ark_lg_zone_count(v, "hand", 1), 2);
    assert_int_equal(ark_lg_zone_count(v, "deck", 0), 8);
    ark_lg *mine = ark_lg_view(g, 0, seed);
    assert_int_equal(track(mine, 1, "pick"), 2);
    ark_lg_free(mine);
    /* a copy of a view is the same view */
    ark_lg *c = ark_lg_clone(v, 0);
    assert_int_equal(track(c, 1, "pick"), track(v, 1, "pick"));
    ark_lg_free(c);
    ark_lg_free(v);
  }
  assert_int_equal(track(g, 1, "pick"), 2);
  assert_true(picks & ~(1 << 2));
  assert_true(hands > 0);
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);   /* P1 plants, picks revealed */
  for (uint64_t seed = 1; seed <= 10; seed++) {
    ark_lg *v = ark_lg_view(g, 1, seed);
    assert_int_equal(track(v, 1, "pick"), 2);
    assert_int_equal(track(v, 2, "pick"), 1);
    ark_lg_free(v);
  }
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* The engine's AIs (host/ai.c, mcts.c) take a Lua game through the game
** interface and decide on the deciding seat's view.  Two games differ only
** in P1's secret pick (plant or coins); at P2's pick, the greedy's value
** of each option and the picks of greedy and mcts are the same in both for
** the same seed, although the two games' real values differ. */
static void test_ai_sees_only_its_view(void **st) {
  (void)st;
  ark_lg_def *d = load(HARVEST);
  ark_lg *a = new_game(d, 2, 1), *b = new_game(d, 2, 1);
  answer(a, 1);
  answer(b, 0);
  assert_int_equal(ark_lg_process(a), ARK_AWAITING);
  assert_int_equal(ark_lg_process(b), ARK_AWAITING);
  ark_gs *ga = ark_lg_gs(a), *gb = ark_lg_gs(b);
  assert_ptr_equal(ga->gi, &ark_lg_gi);
  assert_int_equal(ga->gi->decision(ga)->player, 1);
  int n = ga->gi->decision(ga)->noptions;
  assert_int_equal(n, 3);
  /* on the real games (what an AI must never be handed) the values differ */
  double ra[3], rb[3];
  uint64_t x = 5, y = 5;
  ai_greedy_values(ga, ra, NULL, &x);
  ai_greedy_values(gb, rb, NULL, &y);
  assert_true(memcmp(ra, rb, sizeof ra) != 0);
  for (uint64_t seed = 1; seed <= 8; seed++) {
    ark_gs *va = ga->gi->view(ga, 1, seed), *vb = gb->gi->view(gb, 1, seed);
    double fa[3], fb[3];
    x = y = seed;
    ai_greedy_values(va, fa, NULL, &x);
    ai_greedy_values(vb, fb, NULL, &y);
    assert_memory_equal(fa, fb, sizeof fa);
    va->gi->free(va);
    vb->gi->free(vb);
    for (int kind = AI_GREEDY; kind <= AI_MCTS; kind++) {
      ai_player pa, pb;
      ai_budget bud = { .iters = 12 };
      ai_init(&pa, kind, &bud);
      ai_init(&pb, kind, &bud);
      assert_int_equal(ai_pick(&pa, ga, seed), ai_pick(&pb, gb, seed));
    }
  }
  ark_lg_free(a);
  ark_lg_free(b);
  ark_lg_def_release(d);
}

/* The same when every seat picks in a step of its own (option split=1):
** a secret stays secret past the end of its step, until the rules reveal
** it, so P2's views still draw P1's pick anew; and an unknown option, or
** one out of its range, is refused. */
static void test_views_across_steps(void **st) {
  (void)st;
  ark_lg_def *d = load(HARVEST);
  ark_lg *g;
  char msg[512];
  const char *split[] = { "split=1" }, *bad[] = { "splitt=1" }, *big[] = { "split=2" };
  assert_int_equal(ark_lg_new_opts(d, 2, 1, bad, 1, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_string_equal(msg, "option 'splitt=1': harvest declares no table track 'splitt' "
                           "(game.yaml, table:)");
  assert_int_equal(ark_lg_new_opts(d, 2, 1, big, 1, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_string_equal(msg, "option 'split=2': split is 0 to 1");
  assert_int_equal(ark_lg_new_opts(d, 2, 1, split, 1, &g, msg, sizeof msg), ARK_OK);
  answer(g, 1);                                        /* P1: plant, its own step */
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_decision(g)->player, 1);
  int picks = 0;
  for (uint64_t seed = 1; seed <= 20; seed++) {
    ark_lg *v = ark_lg_view(g, 1, seed);
    assert_int_equal(ark_lg_decision(v)->player, 1);
    assert_string_equal(ark_lg_decision(v)->tag, "pick");
    picks |= 1 << track(v, 1, "pick");
    ark_lg *c = ark_lg_clone(v, 0);                    /* a copy keeps the view */
    assert_int_equal(track(c, 1, "pick"), track(v, 1, "pick"));
    ark_lg_free(c);
    ark_lg_free(v);
  }
  assert_true(picks & ~(1 << 2));
  answer(g, 0);                                        /* P2: coins; then revealed */
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);   /* P1 plants */
  for (uint64_t seed = 1; seed <= 10; seed++) {
    ark_lg *v = ark_lg_view(g, 1, seed);
    assert_int_equal(track(v, 1, "pick"), 2);
    ark_lg_free(v);
  }
  int taken[64];
  play_out(g, 5, taken, 64);
  assert_int_equal(track(g, 0, "round"), 4);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* A copy made at any decision, in the middle of a round's step, plays on
** exactly like the original: the same decisions, log and result. */
static void test_copy_plays_alike(void **st) {
  (void)st;
  ark_lg_def *d = load(HARVEST);
  for (int at = 0; at < 12; at++) {
    ark_lg *g = new_game(d, 3, 7);
    uint64_t seed = 99;
    char msg[256];
    for (int k = 0; k < at && ark_lg_process(g) == ARK_AWAITING; k++) {
      int pick = (int)(next_rand(&seed) % (uint64_t)ark_lg_decision(g)->noptions);
      assert_int_equal(ark_lg_answer(g, pick, msg, sizeof msg), ARK_OK);
    }
    ark_lg_process(g);
    ark_lg *c = ark_lg_clone(g, 1);
    if (ark_lg_decision(g)) {
      assert_non_null(ark_lg_decision(c));
      assert_string_equal(ark_lg_decision(c)->prompt, ark_lg_decision(g)->prompt);
      assert_int_equal(ark_lg_decision(c)->noptions, ark_lg_decision(g)->noptions);
    }
    int a[256], b[256];
    int na = play_out(g, seed, a, 256), nb = play_out(c, seed, b, 256);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, sizeof a[0] * (size_t)na);
    assert_true(ark_log_hash(ark_lg_log(g)) == ark_log_hash(ark_lg_log(c)));
    double sg, sc;
    assert_int_equal(ark_lg_score(g, 0, &sg, msg, sizeof msg), 0);
    assert_int_equal(ark_lg_score(c, 0, &sc, msg, sizeof msg), 0);
    assert_true(sg == sc);
    ark_lg_free(c);
    ark_lg_free(g);
  }
  ark_lg_def_release(d);
}

/* The same random-game check as for every game: 1 to 4 players, every
** game ends, the same seed and answers give the same log. */
static void test_random_games(void **st) {
  (void)st;
  ark_lg_def *d = load(HARVEST);
  int taken[512];
  for (int players = 1; players <= 4; players++)
    for (uint64_t seed = 1; seed <= 50; seed++) {
      ark_lg *g = new_game(d, players, seed), *h = new_game(d, players, seed);
      play_out(g, seed * 31 + 5, taken, 512);
      play_out(h, seed * 31 + 5, taken, 512);
      assert_true(ark_log_hash(ark_lg_log(g)) == ark_log_hash(ark_lg_log(h)));
      assert_int_equal(track(g, 0, "round"), 4);
      int order[4];
      char msg[256];
      assert_int_equal(ark_lg_rank(g, order, msg, sizeof msg), 0);
      ark_lg_free(g);
      ark_lg_free(h);
    }
  ark_lg *g;
  char msg[256];
  assert_int_equal(ark_lg_new(d, 5, 1, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_non_null(strstr(msg, "Harvest is played by 1 to 4 players (got 5)"));
  ark_lg_def_release(d);
}

/* The same check for every game of games/ written in Lua alone: for each
** number of players it allows, 10 random games end without an error, and
** a game played again with the same seed and answers has the same log. */
static void test_every_lua_game(void **st) {
  (void)st;
  static const char *const names[] = { "ares-expedition", NULL };
  int checked = 0;
  for (int k = 0; names[k]; k++) {
    char dir[512], msg[2048];
    ark_gamedef gd;
    snprintf(dir, sizeof dir, "%s/games/%s", ARK_SOURCE_DIR, names[k]);
    if (ark_gamedef_load(dir, &gd, msg, sizeof msg) != 0 || strcmp(gd.module, "lua")) continue;
    ark_lg_def *d = ark_lg_def_load(&gd, msg, sizeof msg);
    if (!d) fail_msg("%s", msg);
    int taken[1];
    for (int players = gd.min_players; players <= gd.max_players; players++)
      for (uint64_t seed = 1; seed <= 10; seed++) {
        ark_lg *g = new_game(d, players, seed), *h = new_game(d, players, seed);
        uint64_t pick = seed * 977 + (uint64_t)players;
        play_out(g, pick, taken, 0);
        play_out(h, pick, taken, 0);
        assert_true(ark_log_hash(ark_lg_log(g)) == ark_log_hash(ark_lg_log(h)));
        ark_lg_free(g);
        ark_lg_free(h);
      }
    ark_lg_def_release(d);
    checked++;
  }
  printf("%d game%s of games/ written in Lua alone checked\n", checked, checked == 1 ? "" : "s");
}

/* A copy of harvest with one line changed by sed expression `edit`. */
static ark_lg_def *broken(const char *edit, char *msg, size_t n) {
  char cmd[1024], dir[256];
  snprintf(dir, sizeof dir, "%s/harvest", tmp);
  snprintf(cmd, sizeof cmd, "rm -rf %s && cp -r %s %s && sed -i '%s' %s/rules/game.lua", dir,
           HARVEST, dir, edit, dir);
  assert_int_equal(system(cmd), 0);
  ark_gamedef gd;
  assert_int_equal(ark_gamedef_load(dir, &gd, msg, n), 0);
  return ark_lg_def_load(&gd, msg, n);
}

/* Mistakes in rules name the file and line: a misspelt track while
** playing, G.choose outside a step, a syntax error while loading. */
static void test_errors_name_the_line(void **st) {
  (void)st;
  char msg[2048];
  ark_lg_def *d = broken("s/G.add(s, \"coins\", 2)/G.add(s, \"coinz\", 2)/", msg, sizeof msg);
  assert_non_null(d);
  ark_lg *g = new_game(d, 2, 1);
  answer(g, 0);
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g),
                      "rules/game.lua:47: unknown seat track 'coinz' (game.yaml, tracks:)");
  ark_lg_free(g);
  ark_lg_def_release(d);
  d = broken("s/G.shuffle(\"deck\", 0)/G.choose(1, \"now?\", { \"yes\" })/", msg, sizeof msg);
  assert_non_null(d);
  assert_int_equal(ark_lg_new(d, 2, 1, &g, msg, sizeof msg), ARK_ERR_SCRIPT);
  assert_non_null(strstr(msg, "rules/game.lua:11: G.choose is only for steps"));
  ark_lg_def_release(d);
  assert_null(broken("s/^function R.setup()/function R.setup(/", msg, sizeof msg));
  assert_non_null(strstr(msg, "rules/game.lua:10:"));
  assert_null(broken("s/G.add(s, \"coins\", 2)/G.add(s, \"coins\", 200)/; s/^return R$/return 7/",
                     msg, sizeof msg));
  assert_non_null(strstr(msg, "rules/game.lua: the rules file must return the rules table"));
}

/* A track set outside its range stops the game with the numbers. */
/* What the AIs are told about a position (ark_lg_gi): a seat's lead in the
** rules' value over the best other seat, and in a finished game the score
** lead and the rank; but where the rules' won() says true or false (the
** seats play against the game: a solo or cooperative mode) the seat's own
** value and score, and won() for the result. */
static void test_values_for_the_ais(void **st) {
  (void)st;
  char msg[1024];
  const char *won = "s/^return R$/function R.won(s) return R.score(s) >= 5 end\\nreturn R/";
  for (int against = 0; against <= 1; against++) {
    ark_lg_def *d = against ? broken(won, msg, sizeof msg) : load(HARVEST);
    if (!d) fail_msg("%s", msg);
    ark_lg *g = new_game(d, 2, 3);
    answer(g, 0);                  /* P1 coins, P2 draws */
    answer(g, 2);
    assert_int_equal(ark_lg_process(g), ARK_AWAITING);
    ark_gs *s = ark_lg_gs(g);
    double v1, v2;
    assert_int_equal(ark_lg_value(g, 0, &v1, msg, sizeof msg), 0);
    assert_int_equal(ark_lg_value(g, 1, &v2, msg, sizeof msg), 0);
    assert_true(v1 != v2 || against);
    assert_true(s->gi->value(s, 0, 1.0) == (against ? v1 : v1 - v2));
    assert_true(s->gi->value(s, 1, 1.0) == (against ? v2 : v2 - v1));
    int taken[64];
    play_out(g, 11, taken, 64);
    double lead, sc[2];
    int w, order[2];
    assert_int_equal(ark_lg_score(g, 0, &sc[0], msg, sizeof msg), 0);
    assert_int_equal(ark_lg_score(g, 1, &sc[1], msg, sizeof msg), 0);
    assert_int_equal(ark_lg_rank(g, order, msg, sizeof msg), 0);
    for (int p = 0; p < 2; p++) {
      assert_int_equal(s->gi->result(s, p, &lead, &w), 0);
      assert_true(lead == (against ? sc[p] : sc[p] - sc[1 - p]));
      assert_int_equal(w, against ? sc[p] >= 5 : order[0] == p);
    }
    ark_lg_free(g);
    ark_lg_def_release(d);
  }
}

static void test_range(void **st) {
  (void)st;
  char msg[2048];
  ark_lg_def *d = broken("s/G.add(s, \"coins\", 2)/G.add(s, \"coins\", 200)/", msg, sizeof msg);
  assert_non_null(d);
  ark_lg *g = new_game(d, 2, 1);
  answer(g, 0);
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g), "rules/game.lua:47: coins of seat 1: 203 is outside 0..99");
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* sim's comparisons edit a Lua game at its first decision: a card taken
** out of the game is in no zone, in the game, its copies and its views,
** to the end; a card handed to a seat in place of its top hand card
** leaves the hand as large as it was (harvest deals 2 each from 12). */
static void test_cards_out_and_handed(void **st) {
  (void)st;
  char msg[512];
  const char *zone;
  int seat, ids[16];
  ark_lg_def *d = load(HARVEST);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_zone_cards(g, "deck", 0, ids, 16), 8);
  int out = ids[0];
  assert_int_equal(ark_lg_take_card(g, out, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_edit_done(g, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_zone_count(g, "deck", 0), 7);
  assert_int_equal(ark_lg_zone_count(g, "hand", 1), 2);
  assert_int_equal(ark_lg_card_zone(g, out, &zone, &seat), -1);
  ark_lg *c = ark_lg_clone(g, 1), *v = ark_lg_view(g, 1, 99);
  assert_int_equal(ark_lg_card_zone(c, out, &zone, &seat), -1);
  assert_int_equal(ark_lg_card_zone(v, out, &zone, &seat), -1);
  assert_int_equal(ark_lg_zone_count(v, "deck", 0), 7);
  while (ark_lg_process(g) == ARK_AWAITING) answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_END);
  assert_int_equal(ark_lg_card_zone(g, out, &zone, &seat), -1);
  ark_lg_free(c);
  ark_lg_free(v);
  ark_lg_free(g);
  /* handed: P2's top hand card leaves, the deck's bottom card takes its place */
  g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  ark_lg_zone_cards(g, "deck", 0, ids, 16);
  int given = ids[0];
  assert_int_equal(ark_lg_zone_cards(g, "hand", 2, ids, 16), 2);
  int kept = ids[0], gone = ids[1];
  assert_int_equal(ark_lg_take_card(g, gone, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_put_card(g, given, "hand", 2, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_edit_done(g, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_zone_cards(g, "hand", 2, ids, 16), 2);
  assert_int_equal(ids[0], kept);
  assert_int_equal(ids[1], given);
  assert_int_equal(ark_lg_zone_count(g, "deck", 0), 7);
  assert_int_equal(ark_lg_card_zone(g, gone, &zone, &seat), -1);
  /* the pending decision is still P1's first pick, asked again */
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_decision(g)->player, 0);
  assert_int_equal(ark_lg_nanswers(g), 0);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* ==== small games that go wrong ======================================== */

/* Writes text to dir/rel, its folder made. */
static void put(const char *dir, const char *rel, const char *text) {
  char path[1024], cmd[1200];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"", path);
  assert_int_equal(system(cmd), 0);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static const char *const MINI_YAML =
  "name: mini\n"
  "title: Mini\n"
  "players: {min: 1, max: 2}\n"
  "module: lua\n"
  "rules: rules/game.lua\n"
  "cards: cards\n"
  "tracks:\n"
  "  - {name: n, min: 0, max: 5000, start: 0}\n"
  "table:\n"
  "  - {name: t, min: 0, max: 50000, start: 0}\n"
  "zones:\n"
  "  - {name: hand, owner: seat, see: owner}\n";

/* The rules of a small game: a step `turn` asks its seat "go" (a or b) and
** counts; next() names `step` for seat (t mod players) + 1 until the table's
** t reaches `end`; `round` ends the turn (G.set_round, or nothing), `score`
** is score()'s body and `extra` more rules.  The lines below are the lines of
** rules/game.lua, which the tests' messages name. */
static void mini_rules(char *buf, size_t n, const char *end, const char *step, const char *round,
                       const char *score, const char *extra) {
  snprintf(buf, n,
           "local R = { steps = {} }\n"                                        /* 1 */
           "function R.setup() end\n"                                          /* 2 */
           "function R.next()\n"                                               /* 3 */
           "  if G.get(0, \"t\") >= %s then return nil end\n"                 /* 4 */
           "  return %s, (G.get(0, \"t\") %% G.players()) + 1\n"              /* 5 */
           "end\n"                                                             /* 6 */
           "function R.steps.turn(s)\n"                                        /* 7 */
           "  G.choose(s, \"go\", { \"a\", \"b\" })\n"                       /* 8 */
           "  G.add(s, \"n\", 1)\n"                                            /* 9 */
           "  local t = G.add(0, \"t\", 1)\n"                                  /* 10 */
           "  %s\n"                                                            /* 11 */
           "end\n"                                                             /* 12 */
           "function R.steps.tick() G.add(0, \"t\", 1) end\n"                  /* 13 */
           "function R.score(s) %s end\n"                                      /* 14 */
           "%s\n"                                                              /* 15 */
           "return R\n", end, step, round, score, extra);
}

#define ROUNDS "G.set_round(math.floor(t / G.players()) + 1)"
#define SCORE "return G.get(s, \"n\")"

/* A game folder tmp/name made anew with its game.yaml and rules (the
** caller adds the cards); the folder into dir. */
static void game_folder(char *dir, size_t n, const char *name, const char *yaml,
                        const char *rules) {
  char cmd[600];
  snprintf(dir, n, "%s/%s", tmp, name);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
  put(dir, "game.yaml", yaml);
  put(dir, "rules/game.lua", rules);
}

/* A small game in tmp/name: game.yaml (NULL: MINI_YAML), the rules, and
** two cards.  Its folder into dir. */
static void mini(char *dir, size_t n, const char *name, const char *yaml, const char *rules) {
  game_folder(dir, n, name, yaml ? yaml : MINI_YAML, rules);
  put(dir, "cards/a.yaml", "number: \"1\"\nname: One\ncost: 2\n");
  put(dir, "cards/b.yaml", "number: \"2\"\nname: Two\ncost: 3\n");
}

/* The folder's game, or NULL with the loader's lines in msg. */
static ark_lg_def *load_dir(const char *dir, char *msg, size_t n) {
  ark_gamedef gd;
  assert_int_equal(ark_gamedef_load(dir, &gd, msg, n), 0);
  return ark_lg_def_load(&gd, msg, n);
}

/* Runs `arknova ARGS` (the one built beside this test), `input` on its
** standard input (NULL: none), its output and errors into out; the exit
** status. */
static int arknova(char *out, size_t n, const char *input, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int arknova(char *out, size_t n, const char *input, const char *fmt, ...) {
  char args[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(args, sizeof args, fmt, ap);
  va_end(ap);
  return t_capture(out, n, tmp, input, args);
}

static const char *last_text(const ark_lg *g) {
  static char line[512];
  const ark_event *e = last_event(g, ARK_LG_EV_TEXT);
  assert_non_null(e);
  ark_lg_event_text(g, e, -1, line, sizeof line);
  return line;
}

/* A game that never ends stops as a capped game: by its rounds once
** G.round() is past the cap, by its decisions (10 x the cap in one round)
** when the rules never advance their round, and however long its rounds
** are when they do; copies keep the cap.  The host applies its
** --turn-cap (and its default) to games in Lua, and says so.  (Without the
** cap these games ran until a track overflowed.) */
static void test_turn_cap(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[2048], out[1 << 16];
  int taken[1];
  mini_rules(rules, sizeof rules, "1e9", "\"turn\"", ROUNDS, SCORE, "");
  mini(dir, sizeof dir, "endless", NULL, rules);
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  ark_lg_set_cap(g, 5);
  answer(g, 0);
  ark_lg *c = ark_lg_clone(g, 1);
  play_out(g, 3, taken, 0);                 /* fails unless the game ends */
  play_out(c, 3, taken, 0);
  assert_true(ark_lg_capped(g) && ark_lg_capped(c));
  assert_int_equal(ark_lg_rounds(g), 6);
  assert_int_equal(ark_lg_nanswers(g), 10);
  assert_string_equal(last_text(g), "the game is stopped by the turn cap: round 6 is past 5");
  assert_true(ark_log_hash(ark_lg_log(g)) == ark_log_hash(ark_lg_log(c)));
  ark_lg_free(c);
  ark_lg_free(g);
  g = new_game(d, 2, 1);                    /* no cap: the game plays on */
  for (int k = 0; k < 40; k++) answer(g, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_false(ark_lg_capped(g));
  ark_lg_free(g);
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --turn-cap 7", dir), 0);
  assert_non_null(strstr(out, "Game over after 8 rounds and 14 decisions - stopped by the turn "
                              "cap.\n"));
  assert_non_null(strstr(out, "The game did not end: the turn cap (7 rounds, or 20000 decisions "
                              "in one round) stopped it"));
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --games 3 --turn-cap 7", dir), 0);
  assert_non_null(strstr(out, "3 games (0 errors, 3 stopped by the turn cap)"));
  /* play's own cap, 2000 rounds, comes before the seats' 5000 turns */
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --ai random", dir), 0);
  assert_non_null(strstr(out, "Game over after 2001 rounds and 4000 decisions - stopped by the "
                              "turn cap.\n"));
  /* rounds of 30 decisions each, with a cap of 2: the rules advance their
  ** round, so it is round 3 that stops them, not the 21st decision of
  ** round 1 (which did) */
  mini_rules(rules, sizeof rules, "1e9", "\"turn\"", "G.set_round(math.floor(t / 30) + 1)",
             SCORE, "");
  mini(dir, sizeof dir, "long-rounds", NULL, rules);
  d = load_dir(dir, msg, sizeof msg);
  g = new_game(d, 2, 1);
  ark_lg_set_cap(g, 2);
  play_out(g, 3, taken, 0);
  assert_true(ark_lg_capped(g));
  assert_int_equal(ark_lg_nanswers(g), 60);
  assert_string_equal(last_text(g), "the game is stopped by the turn cap: round 3 is past 2");
  assert_int_equal(ark_lg_cap_decisions(g), 20000);
  ark_lg_free(g);
  ark_lg_def_release(d);
  /* the round stands still: 10 x 5 decisions in round 0, then the cap */
  mini_rules(rules, sizeof rules, "1e9", "\"turn\"", "", SCORE, "");
  mini(dir, sizeof dir, "still", NULL, rules);
  d = load_dir(dir, msg, sizeof msg);
  g = new_game(d, 2, 1);
  ark_lg_set_cap(g, 5);
  play_out(g, 3, taken, 0);
  assert_true(ark_lg_capped(g));
  assert_int_equal(ark_lg_rounds(g), 0);
  assert_int_equal(ark_lg_nanswers(g), 51);
  assert_string_equal(last_text(g), "the game is stopped by the turn cap: 51 decisions in round 0 "
                                    "(at most 50 in one round with a cap of 5 rounds)");
  assert_int_equal(ark_lg_cap_decisions(g), 50);
  ark_lg_free(g);
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --ai random --turn-cap 100",
                           dir), 0);
  assert_non_null(strstr(out, "Game over after 0 rounds and 1001 decisions - stopped by the turn "
                              "cap.\n"));
}

/* Steps that never ask a decision: after 10000 in a row the game stops,
** naming the last step and next() with their lines.  (Before, it ran on
** until its own track overflowed, or forever.) */
static void test_steps_without_decisions(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[2048];
  mini_rules(rules, sizeof rules, "1e9", "\"tick\"", ROUNDS, SCORE, "");
  mini(dir, sizeof dir, "ticks", NULL, rules);
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g), "rules/game.lua:13: 10000 steps in a row asked no "
                      "decision, the last steps.tick(1): next() (rules/game.lua:3) must end the "
                      "game by returning nil, or lead to a step that calls G.choose");
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* What the host reads of a finished game is asked when it ends: a score
** that is no number stops the game with its line, and play exits with 1
** (it had printed a cut-short summary and exited with 0).  A next() that
** names no step, and a rank() that leaves a seat out, name their lines. */
static void test_numbers_at_the_end(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[2048], out[1 << 16], want[700];
  uint64_t x = 5;
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS,
             "if G.get(0, \"t\") >= 4 then return nil end return 1", "");
  mini(dir, sizeof dir, "nilscore", NULL, rules);
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  while (ark_lg_process(g) == ARK_AWAITING)
    assert_int_equal(ark_lg_answer(g, (int)(next_rand(&x) % 2), msg, sizeof msg), ARK_OK);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g), "rules/game.lua:14: score(1) must give a number, not nil");
  ark_lg_free(g);
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s", dir), 1);
  snprintf(want, sizeof want, "arknova: the game stopped: %s/rules/game.lua:14: score(", dir);
  assert_non_null(strstr(out, want));
  assert_non_null(strstr(out, ") must give a number, not nil"));
  assert_null(strstr(out, "Winner"));
  /* next() names a step there is none of */
  mini_rules(rules, sizeof rules, "4", "\"trun\"", ROUNDS, SCORE, "");
  mini(dir, sizeof dir, "trun", NULL, rules);
  d = load_dir(dir, msg, sizeof msg);
  g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g), "rules/game.lua:3: next() named the step 'trun', which the "
                      "table steps has no function for (it has: tick, turn)");
  ark_lg_free(g);
  ark_lg_def_release(d);
  /* rank() leaves a seat out */
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, SCORE,
             "function R.rank() return { 1 } end");
  mini(dir, sizeof dir, "rank", NULL, rules);
  d = load_dir(dir, msg, sizeof msg);
  g = new_game(d, 2, 1);
  while (ark_lg_process(g) == ARK_AWAITING) answer(g, 0);
  assert_string_equal(ark_lg_error(g), "rules/game.lua:15: rank() must give every seat once, "
                      "best first (a list of 2 seats)");
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* A stat that is not a number is an error naming it (it was dropped). */
static void test_stats_are_numbers(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[2048], names[8][32];
  double v[8];
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, SCORE,
             "function R.stats(s) return { n = G.get(s, \"n\"), best = \"P\" .. s } end");
  mini(dir, sizeof dir, "stats", NULL, rules);
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_stats(g, 1, names, v, 8, msg, sizeof msg), -1);
  assert_string_equal(msg, "rules/game.lua:15: stats(2): 'best' must be a number, not a string");
  ark_lg_free(g);
  g = new_game(d, 2, 1);                  /* and the game stops at its end */
  while (ark_lg_process(g) == ARK_AWAITING) answer(g, 0);
  assert_string_equal(ark_lg_error(g), "rules/game.lua:15: stats(1): 'best' must be a number, "
                      "not a string");
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* A rules function stopped by the time limit in one of the AIs' copies
** stops the game and every copy: the next call of a rule fails at once
** (the greedy had waited out 2 s for every option it weighed) and the
** game stops with the rules' line. */
static void test_time_limit_stops_the_family(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[2048], again[2048];
  double v;
  /* a loop LuaJIT does not compile (it raises errors): a compiled one no
  ** hook of the watchdog stops (docs/lua-games.md) */
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, "while true do pcall(error, 1) end",
             "");
  mini(dir, sizeof dir, "loops", NULL, rules);
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  ark_lg *view = ark_lg_view(g, 0, 7), *other = ark_lg_clone(g, 0);
  assert_int_equal(ark_lg_value(view, 0, &v, msg, sizeof msg), -1);
  assert_non_null(strstr(msg, "rules/game.lua:14: script stopped: it ran longer than"));
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  assert_int_equal(ark_lg_value(other, 1, &v, again, sizeof again), -1);
  clock_gettime(CLOCK_MONOTONIC, &b);
  assert_string_equal(again, msg);
  assert_true((double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9 < 0.5);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g), msg);
  ark_lg_free(view);
  ark_lg_free(other);
  ark_lg_free(g);
  g = new_game(d, 2, 1);                  /* another game is not stopped */
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* The rules' check_card(card) looks at every card when the game loads; a
** problem it gives is reported at its card file's line (of the key it
** names in the table it names, else the card's first key), and the game
** does not load; `check` says the same and exits with 1. */
static void test_check_card(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[2048], out[1 << 16], want[4096];
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, SCORE,
             "function R.check_card(c) local p = {} "
             "if type(c.cost) ~= \"number\" then p[#p + 1] = { text = \"cost: a number\", at = c, "
             "key = \"cost\" } end "
             "if c.effects then p[#p + 1] = { text = \"no gain here\", at = c.effects[1], "
             "key = \"gain\" }; p[#p + 1] = { \"the list\", at = c.effects, key = 2 } end "
             "if c.number == \"1\" then p[#p + 1] = \"card one\" end "
             "if #p > 0 then return p end end");
  mini(dir, sizeof dir, "checked", NULL, rules);
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  assert_null(d);
  snprintf(want, sizeof want, "%s/cards/a.yaml:1: card one", dir);
  assert_string_equal(msg, want);
  put(dir, "cards/a.yaml", "number: \"11\"\nname: One\ncost: 2\n");
  assert_non_null(d = load_dir(dir, msg, sizeof msg));
  ark_lg_def_release(d);
  put(dir, "cards/c.yaml", "# card three\nnumber: \"3\"\nname: Three\ncost: x\neffects:\n"
      "  - {gain: 3}\n  - {draw: 1}\n");
  assert_null(load_dir(dir, msg, sizeof msg));
  snprintf(want, sizeof want, "%s/cards/c.yaml:4: cost: a number\n"
           "%s/cards/c.yaml:6: no gain here\n%s/cards/c.yaml:7: the list", dir, dir, dir);
  assert_string_equal(msg, want);
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  assert_non_null(strstr(out, want));
  assert_null(strstr(out, "ok"));
  /* a field given twice is refused at its second line (the last one had
  ** been taken silently: a copied "cost:" line changed the card) */
  put(dir, "cards/c.yaml", "number: \"3\"\nname: Three\ncost: 2\ncost: 9\n");
  assert_null(load_dir(dir, msg, sizeof msg));
  snprintf(want, sizeof want, "%s/cards/c.yaml:4: duplicate field \"cost\" (first on line 3)",
           dir);
  assert_string_equal(msg, want);
}

/* The mini game `name` with rule `extra` (line 15 of its rules) into dir:
** check fails on it, naming "DIR/rules/game.lua:15: " and `what`. */
static void mini_check_fails(char *dir, size_t n, const char *name, const char *extra,
                             const char *what) {
  char rules[2048], out[1 << 14], want[1024];
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, SCORE, extra);
  mini(dir, n, name, NULL, rules);
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  snprintf(want, sizeof want, "%s/rules/game.lua:15: %s", dir, what);
  if (!strstr(out, want)) fail_msg("missing '%s' in:\n%s", want, out);
}

/* check runs what play shows of the game, the rules' board() for the seat
** to answer and summary() at the end, and names their faults with the
** folder (they failed only in play, and play named "rules/game.lua"); it
** warns of a game that did not end within its decisions (it said ok). */
static void test_check_runs_board_and_summary(void **st) {
  (void)st;
  char rules[2048], dir[512], out[1 << 14], want[1024];
  mini_check_fails(dir, sizeof dir, "bad-board",
                   "function R.board(s) return { 'cards ' .. G.count('hand') } end",
                   "bad argument #2 to 'count'");
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --human 1 --save bb.txt", dir),
                   0);
  snprintf(want, sizeof want, "arknova: the board: %s/rules/game.lua:15: bad argument", dir);
  if (!strstr(out, want)) fail_msg("missing '%s' in:\n%s", want, out);
  mini_check_fails(dir, sizeof dir, "bad-summary",
                   "function R.summary() return { 'rounds ' .. G.get(0, 'rounds') } end",
                   "unknown table track 'rounds'");
  mini_rules(rules, sizeof rules, "99999", "\"turn\"", ROUNDS, SCORE, "");
  mini(dir, sizeof dir, "endless", NULL, rules);
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 0);
  assert_non_null(strstr(out, "\nwarning: the game of seed 1 (2 players) did not end within "
                              "3000 decisions: does next() return nil once the game is over?"));
}

/* A check_card stopped for time is not run again for every other card
** (each would wait out the watchdog's limit: 2 s a card); the load says
** how many cards went unchecked.  (A loop LuaJIT does not compile: no hook
** stops a compiled one, docs/lua-games.md.) */
static void test_check_card_stopped_once(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[4096], want[1024];
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, SCORE,
             "function R.check_card(c) while true do pcall(error, 1) end end");
  mini(dir, sizeof dir, "check-loops", NULL, rules);
  put(dir, "cards/c.yaml", "number: \"3\"\nname: Three\ncost: 4\n");
  assert_null(load_dir(dir, msg, sizeof msg));
  const char *first = strstr(msg, "(check_card of ");
  assert_non_null(first);
  assert_null(strstr(first + 1, "(check_card of "));
  snprintf(want, sizeof want, "check_card was stopped: the 2 cards after %s/cards/a.yaml were "
           "not checked", dir);
  if (!strstr(msg, want)) fail_msg("missing '%s' in:\n%s", want, msg);
}

/* game.yaml: an unknown key (a misspelling) is an error at its line, with
** the key it looks like; a rules file or cards folder that is not there,
** and more players than the host seats; every problem names the file by
** the folder as given.  (They had passed silently: `ok: 0 cards`.) */
static void test_game_yaml_keys(void **st) {
  (void)st;
  char rules[2048], dir[512], msg[4096], want[8192], out[1 << 16];
  mini_rules(rules, sizeof rules, "4", "\"turn\"", ROUNDS, SCORE, "");
  mini(dir, sizeof dir, "keys", "name: mini\n"
       "titel: Mini\n"
       "players: {min: 1, max: 6}\n"
       "module: lua\n"
       "rules: rules/gme.lua\n"
       "cards: crads\n"
       "track:\n"
       "  - {name: n, min: 0, max: 5000, start: 0}\n"
       "table:\n"
       "  - {name: t, min: 9, max: 5, start: 0}\n", rules);
  assert_null(load_dir(dir, msg, sizeof msg));
  snprintf(want, sizeof want,
           "%s/game.yaml:2: unknown key 'titel': did you mean 'title'?\n"
           "%s/game.yaml:3: players: max 6: a game is played by at most 4 players (the host "
           "seats an AI in at most 4)\n"
           "%s/game.yaml:7: unknown key 'track': did you mean 'tracks'?\n"
           "%s/game.yaml:10: table: t: needs max, and min <= start <= max\n"
           "%s/game.yaml:5: rules: the game folder has no file rules/gme.lua\n"
           "%s/game.yaml:6: cards: the game folder has no folder crads", dir, dir, dir, dir, dir,
           dir);
  assert_string_equal(msg, want);
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  assert_non_null(strstr(out, want));
}

/* A save keeps the hash of the game's state beside its log's: a rule
** changed since that gives the same log but other numbers (here: 3 coins
** for a pick of coins, where the log says only what was picked) makes
** replay, resume and hint refuse the save; the unchanged game matches. */
static void test_state_in_saves(void **st) {
  (void)st;
  char out[1 << 16], dir[512], cmd[1200], msg[256];
  ark_lg_def *d = load(HARVEST);
  ark_lg *g = new_game(d, 2, 1), *h = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_process(h), ARK_AWAITING);
  assert_true(ark_lg_state_hash(g) == ark_lg_state_hash(h));
  assert_int_equal(ark_lg_set_track(h, 1, "coins", 4, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_edit_done(h, msg, sizeof msg), 0);
  assert_true(ark_lg_state_hash(g) != ark_lg_state_hash(h));
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  ark_lg *c = ark_lg_clone(g, 1);
  assert_true(ark_lg_state_hash(g) == ark_lg_state_hash(c));
  ark_lg_free(c);
  ark_lg_free(g);
  ark_lg_free(h);
  ark_lg_def_release(d);
  snprintf(dir, sizeof dir, "%s/harvest-saved", tmp);
  snprintf(cmd, sizeof cmd, "rm -rf %s && cp -r %s %s", dir, HARVEST, dir);
  assert_int_equal(system(cmd), 0);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --save s.txt", dir), 0);
  assert_int_equal(arknova(out, sizeof out, "1\\n1\\nquit\\n", "play --game %s --human 1 "
                           "--save p.txt", dir), 0);
  /* an answer typed as a number, or a secret one, is said back: a number is
  ** an option's place, which need not be the number in its text, and a
  ** secret shows nowhere until revealed (a player meaning "phase 3" took
  ** Ares Expedition's third option, production, and saw it only later) */
  assert_non_null(strstr(out, "\n   1) coins\n   2) plant\n   3) draw\n>   = coins (secret "
                              "until revealed)\n"));
  assert_int_equal(arknova(out, sizeof out, "dr\\nquit\\n", "play --game %s --human 1 "
                           "--save p2.txt", dir), 0);
  assert_non_null(strstr(out, "\n>   = draw (secret until revealed)\n"));
  assert_int_equal(arknova(out, sizeof out, NULL, "replay s.txt --quiet"), 0);
  assert_non_null(strstr(out, "matches the saved game"));
  assert_int_equal(arknova(out, sizeof out, "quit\\n", "play --resume p.txt"), 0);
  snprintf(cmd, sizeof cmd, "grep -q '^state [0-9a-f]\\{16\\}$' %s/s.txt && sed -i "
           "'s/G.add(s, \"coins\", 2)/G.add(s, \"coins\", 3)/' %s/rules/game.lua", tmp, dir);
  assert_int_equal(system(cmd), 0);
  /* the rules were edited since the saves (their folder's fingerprint, the
  ** content line): what the answers give now cannot be checked, and the
  ** commands say so and go on (they had refused the designer's saves) */
  static const char *const changed = "/harvest-saved have changed since this save was "
                                     "written: its answers play, but what they give cannot be "
                                     "checked against it";
  assert_int_equal(arknova(out, sizeof out, NULL, "replay s.txt --quiet"), 0);
  assert_non_null(strstr(out, changed));
  assert_int_equal(arknova(out, sizeof out, NULL, "hint p.txt"), 0);
  assert_non_null(strstr(out, changed));
  assert_int_equal(arknova(out, sizeof out, "quit\\n", "play --resume p.txt"), 0);
  assert_non_null(strstr(out, changed));
  /* resumed, the game is saved as these rules play it: checked again */
  assert_int_equal(arknova(out, sizeof out, NULL, "hint p.txt"), 0);
  assert_null(strstr(out, changed));
  /* the same rules, a save whose state line was changed: another game */
  snprintf(cmd, sizeof cmd, "sed -i 's/G.add(s, \"coins\", 3)/G.add(s, \"coins\", 2)/' "
           "%s/rules/game.lua && sed -i 's/^state \\(.\\)/state f\\1/; s/^state \\(.\\{16\\}\\).*/state \\1/' "
           "%s/s.txt", dir, tmp);
  assert_int_equal(system(cmd), 0);
  assert_int_equal(arknova(out, sizeof out, NULL, "replay s.txt --quiet"), 1);
  assert_non_null(strstr(out, "the log matches the saved one, but the game state "));
  /* a save from before the fingerprint: it cannot tell, and says so */
  snprintf(cmd, sizeof cmd, "sed -i '/^content /d' %s/s.txt", tmp);
  assert_int_equal(system(cmd), 0);
  assert_int_equal(arknova(out, sizeof out, NULL, "replay s.txt --quiet"), 0);
  assert_non_null(strstr(out, "this save was written by an older arknova, which kept no "
                              "fingerprint of the rules and cards in "));
}

/* ==== cards of two kinds ================================================
** A game of 8 suit cards and 3 event cards, each kind put in a zone of
** its own at setup: suit cards in the deck and in the hands (2 each,
** gathered back and dealt anew every turn), event cards in their own pile.
** With option mix=1 every turn also puts an event into the deck. */
static const char *const KINDS_YAML =
  "name: kinds\n"
  "players: {min: 2, max: 3}\n"
  "module: lua\n"
  "rules: rules/game.lua\n"
  "cards: cards\n"
  "tracks:\n"
  "  - {name: kept, min: 0, max: 99, start: 0}\n"
  "table:\n"
  "  - {name: t, min: 0, max: 99, start: 0}\n"
  "  - {name: mix, min: 0, max: 1, start: 0}\n"
  "zones:\n"
  "  - {name: events, owner: table, see: none}\n"
  "  - {name: deck, owner: table, see: none}\n"
  "  - {name: hand, owner: seat, see: owner}\n";

static const char *const KINDS_RULES =
  "local R = { steps = {} }\n"
  "local function deal()\n"
  "  for id = 1, #CARDS do\n"
  "    if CARDS[id].kind == 'suit' then G.move(id, 'deck', 0) end\n"
  "  end\n"
  "  G.shuffle('deck', 0)\n"
  "  for s = 1, G.players() do\n"
  "    for _ = 1, 2 do G.move(G.top('deck', 0), 'hand', s) end\n"
  "  end\n"
  "end\n"
  "function R.setup()\n"
  "  for id = 1, #CARDS do\n"
  "    if CARDS[id].kind == 'event' then G.move(id, 'events', 0) end\n"
  "  end\n"
  "  deal()\n"
  "end\n"
  "function R.next()\n"
  "  if G.get(0, 't') >= 6 then return nil end\n"
  "  return 'turn', G.get(0, 't') % G.players() + 1\n"
  "end\n"
  "function R.steps.turn(s)\n"
  "  local hand = G.cards('hand', s)\n"
  "  local opts = {}\n"
  "  for i, id in ipairs(hand) do opts[i] = 'keep ' .. CARDS[id].name end\n"
  "  local i = G.choose(s, 'keep a card', opts)\n"
  "  G.add(s, 'kept', CARDS[hand[i]].rank)\n"
  "  if G.get(0, 'mix') == 1 and G.top('events', 0) then\n"
  "    G.move(G.top('events', 0), 'deck', 0)\n"
  "  end\n"
  "  G.add(0, 't', 1)\n"
  "  G.set_round(G.get(0, 't'))\n"
  "  deal()\n"
  "end\n"
  "function R.score(s) return G.get(s, 'kept') end\n"
  "return R\n";

/* The kinds game in tmp/kinds; its definition. */
static ark_lg_def *kinds_game(char *dir, size_t n) {
  char msg[2048];
  game_folder(dir, n, "kinds", KINDS_YAML, KINDS_RULES);
  for (int k = 1; k <= 11; k++) {
    char rel[64], text[128];
    snprintf(rel, sizeof rel, "cards/%02d.yaml", k);
    if (k <= 8) snprintf(text, sizeof text, "number: %d\nname: S%d\nkind: suit\nrank: %d\n", k, k, k);
    else snprintf(text, sizeof text, "number: %d\nname: E%d\nkind: event\nrank: 0\n", k, k);
    put(dir, rel, text);
  }
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  return d;
}

/* --test-card hands the card to a seat: a card of a pile no hand draws from
** (the kinds game's events, as Ares Expedition's corporations) is refused,
** naming its zone; --without-card still leaves it out.  It had been tested
** as a hand one card short, under the card's name. */
static void test_test_card_never_in_hand(void **st) {
  (void)st;
  char dir[512], out[1 << 14];
  ark_lg_def *d = kinds_game(dir, sizeof dir);
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --test-card E9 --seeds 1..2",
                           dir), 2);
  assert_non_null(strstr(out, "--test-card E9: card 9 E9 never comes into a hand in this game "
                              "(after setup it is in zone 'events', from which no card reaches a "
                              "hand)"));
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --test-card S1 --seeds 1..2",
                           dir), 0);
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --without-card E9 --seeds 1..2",
                           dir), 0);
}

/* How many event cards (ids 8 to 10) zone of seat holds in g. */
static int events_in(const ark_lg *g, const char *zone, int seat) {
  int ids[16], k = ark_lg_zone_cards(g, zone, seat, ids, 16), n = 0;
  for (int i = 0; i < k; i++) n += ids[i] >= 8;
  return n;
}

/* A seat's view deals a hidden card anew only where it could be: an event
** card never into a hand or the deck, which only ever held suit cards, nor
** a suit card into the events' pile (views dealt every hidden card across
** every hidden place, so that the AIs weighed hands holding events).  Once
** the rules move events into the deck (mix=1) they may be anywhere the
** deck's cards may. */
static void test_views_keep_kinds_apart(void **st) {
  (void)st;
  char dir[512], msg[256];
  ark_lg_def *d = kinds_game(dir, sizeof dir);
  ark_lg *g = new_game(d, 3, 1);
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  for (uint64_t seed = 1; seed <= 40; seed++) {
    ark_lg *v = ark_lg_view(g, 1, seed);
    assert_int_equal(events_in(v, "hand", 1) + events_in(v, "hand", 3) + events_in(v, "deck", 0),
                     0);
    assert_int_equal(events_in(v, "events", 0), 3);
    ark_lg_free(v);
  }
  ark_lg_free(g);
  const char *mix[] = { "mix=1" };
  assert_int_equal(ark_lg_new_opts(d, 3, 1, mix, 1, &g, msg, sizeof msg), ARK_OK);
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  int hands = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    ark_lg *v = ark_lg_view(g, 1, seed);
    hands += events_in(v, "hand", 1) + events_in(v, "hand", 3);
    assert_int_equal(events_in(v, "hand", 2), events_in(g, "hand", 2));
    ark_lg_free(v);
  }
  assert_true(hands > 0);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

static const char *const CHANCE_YAML =
  "name: chance\n"
  "title: Chance\n"
  "players: {min: 1, max: 2}\n"
  "module: lua\n"
  "rules: rules/game.lua\n"
  "cards: cards\n"
  "tracks:\n"
  "  - {name: roll, min: 0, max: 6, start: 0}\n"
  "table:\n"
  "  - {name: t, min: 0, max: 99, start: 0}\n"
  "zones:\n"
  "  - {name: pile, owner: table, see: all}\n";

/* Every turn its seat says "roll": the rules roll a die (G.random) and
** shuffle the pile, which everyone sees, so nothing is hidden but what
** chance will do. */
static const char *const CHANCE_RULES =
  "local R = { steps = {} }\n"
  "function R.setup() for id = 1, #CARDS do G.move(id, 'pile', 0) end end\n"
  "function R.next()\n"
  "  if G.get(0, 't') >= 10 then return nil end\n"
  "  return 'turn', G.get(0, 't') % G.players() + 1\n"
  "end\n"
  "function R.steps.turn(s)\n"
  "  G.choose(s, 'roll?', { 'roll', 'roll too' })\n"
  "  G.set(s, 'roll', G.random(6))\n"
  "  G.shuffle('pile', 0)\n"
  "  G.add(0, 't', 1)\n"
  "end\n"
  "function R.score(s) return G.get(s, 'roll') end\n"
  "return R\n";

/* The chance game (8 cards) in tmp/chance; its definition. */
static ark_lg_def *chance_game(void) {
  char dir[512], msg[2048];
  game_folder(dir, sizeof dir, "chance", CHANCE_YAML, CHANCE_RULES);
  for (int k = 1; k <= 8; k++) {
    char rel[64], text[64];
    snprintf(rel, sizeof rel, "cards/%02d.yaml", k);
    snprintf(text, sizeof text, "number: %d\nname: C%d\n", k, k);
    put(dir, rel, text);
  }
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  return d;
}

/* g answered "roll": the die into *roll, the pile (bottom first) into pile. */
static void roll_in(ark_lg *g, int *roll, int pile[8]) {
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  *roll = track(g, 1, "roll");
  assert_int_equal(ark_lg_zone_cards(g, "pile", 0, pile, 8), 8);
}

/* Chance in a seat's view is the view's own: the die a view rolls and the
** pile it shuffles come from the view's seed, not from the game's random
** numbers (views kept those, so every view rolled the die and ordered the
** pile as the game was about to: 20 views of 20).  A copy of a view rolls
** as the view does.  Both for a view made inside the step under way and
** one made before it started. */
static void test_views_have_their_own_chance(void **st) {
  (void)st;
  ark_lg_def *d = chance_game();
  for (int inside = 0; inside <= 1; inside++) {
    ark_lg *g = new_game(d, 1, 1);
    if (inside) assert_int_equal(ark_lg_process(g), ARK_AWAITING);
    ark_lg *real = ark_lg_clone(g, 0);
    int roll, pile[8], same_roll = 0, same_pile = 0, rolls = 0;
    roll_in(real, &roll, pile);
    for (uint64_t seed = 1; seed <= 20; seed++) {
      ark_lg *v = ark_lg_view(g, 0, seed);
      assert_int_equal(ark_lg_process(v), ARK_AWAITING);
      ark_lg *c = ark_lg_clone(v, 0);
      int vroll, vpile[8], croll, cpile[8];
      roll_in(v, &vroll, vpile);
      roll_in(c, &croll, cpile);
      assert_int_equal(croll, vroll);
      assert_memory_equal(cpile, vpile, sizeof vpile);
      same_roll += vroll == roll;
      same_pile += !memcmp(vpile, pile, sizeof pile);
      rolls |= 1 << vroll;
      ark_lg_free(c);
      ark_lg_free(v);
    }
    /* 1 in 6 views foresee the die by luck, none the pile of 8 */
    assert_true(same_roll < 10);
    assert_int_equal(same_pile, 0);
    assert_true(__builtin_popcount((unsigned)rolls) >= 4);
    ark_lg_free(real);
    ark_lg_free(g);
  }
  ark_lg_def_release(d);
}

/* Puts card `hand` into P3's hand and card `deck` on the deck of g, and
** plays on to the decision (P2's) again. */
static void put_two(ark_lg *g, int hand, int deck) {
  char msg[256];
  assert_int_equal(ark_lg_put_card(g, hand, "hand", 3, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_put_card(g, deck, "deck", 0, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_edit_done(g, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_decision(g)->player, 1);
}

/* A view depends only on what its seat knows.  Two games of the kinds game
** differ only in which of two cards is in P3's hand and which on the deck,
** where P2 sees neither: P2's views of the two, with the same seed, are the
** same game (state hash, every card's zone, seat and place) and play on
** alike.  Views dealt the hidden places in the order of the cards in them,
** so the two gave different views (and different AI choices). */
static void test_views_depend_on_what_the_seat_knows(void **st) {
  (void)st;
  char dir[512];
  ark_lg_def *d = kinds_game(dir, sizeof dir);
  ark_lg *g = new_game(d, 3, 1);
  answer(g, 0);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  int hand3[4], deck[8];
  assert_int_equal(ark_lg_zone_cards(g, "hand", 3, hand3, 4), 2);
  assert_int_equal(ark_lg_zone_cards(g, "deck", 0, deck, 8), 2);
  ark_lg *a = ark_lg_clone(g, 1), *b = ark_lg_clone(g, 1);
  put_two(a, hand3[0], deck[0]);
  put_two(b, deck[0], hand3[0]);
  assert_true(ark_lg_state_hash(a) != ark_lg_state_hash(b));
  int dealt = 0, first = -1;
  for (uint64_t seed = 1; seed <= 20; seed++) {
    ark_lg *va = ark_lg_view(a, 1, seed), *vb = ark_lg_view(b, 1, seed);
    assert_int_equal(ark_lg_state_hash(va), ark_lg_state_hash(vb));
    for (int c = 0; c < 11; c++) {
      const char *za = NULL, *zb = NULL;
      int sa = -1, sb = -1;
      assert_int_equal(ark_lg_card_zone(va, c, &za, &sa), 0);
      assert_int_equal(ark_lg_card_zone(vb, c, &zb, &sb), 0);
      assert_string_equal(za, zb);
      assert_int_equal(sa, sb);
    }
    int ha[4], hb[4];
    assert_int_equal(ark_lg_zone_cards(va, "hand", 3, ha, 4), 2);
    assert_int_equal(ark_lg_zone_cards(vb, "hand", 3, hb, 4), 2);
    assert_memory_equal(ha, hb, sizeof ha[0] * 2);
    if (first < 0) first = ha[0] * 100 + ha[1];
    dealt += first != ha[0] * 100 + ha[1];     /* yet the seed deals anew */
    answer(va, 1);
    answer(vb, 1);
    assert_int_equal(ark_lg_process(va), ark_lg_process(vb));
    assert_int_equal(ark_lg_state_hash(va), ark_lg_state_hash(vb));
    ark_lg_free(va);
    ark_lg_free(vb);
  }
  assert_true(dealt > 0);
  ark_lg_free(a);
  ark_lg_free(b);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* ==== a hidden card held in a local ====================================
** Each round P2 is dealt the deck's top card, which the rules keep in a
** local, and P1 guesses whether it is high (value 4 to 6) before it goes
** back under the deck: a right guess scores. */
static const char *const PEEK_YAML =
  "name: peek\nplayers: {min: 2, max: 2}\nmodule: lua\nrules: rules/game.lua\ncards: cards\n"
  "tracks:\n  - {name: pts, min: 0, max: 99, start: 0}\n"
  "table:\n  - {name: round, min: 0, max: 99, start: 0}\n"
  "zones:\n  - {name: deck, owner: table, see: none}\n"
  "  - {name: hand, owner: seat, see: owner}\n";

static const char *const PEEK_RULES =
  "local R = { steps = {} }\n"
  "function R.setup()\n"
  "  for id = 1, #CARDS do G.move(id, 'deck', 0) end\n"
  "  G.shuffle('deck', 0)\n"
  "end\n"
  "function R.next()\n"
  "  if G.get(0, 'round') >= 10 then return nil end\n"
  "  return 'round', 0\n"
  "end\n"
  "function R.steps.round()\n"
  "  G.add(0, 'round', 1)\n"
  "  G.set_round(G.get(0, 'round'))\n"
  "  G.move(G.top('deck', 0), 'hand', 2)\n"
  "  local card = G.top('hand', 2)\n"
  "  local g = G.choose(1, 'is P2 high?', { 'low', 'high' })\n"
  "  if (g == 2) == (CARDS[card].value >= 4) then G.add(1, 'pts', 1) end\n"
  "  G.move(card, 'deck', 0, 'bottom')\n"
  "end\n"
  "function R.score(s) return G.get(s, 'pts') end\n"
  "return R\n";

/* P1's views of the guess: the local holds the view's card for P2, not the
** real one.  Views dealt the hidden cards only at the pending decision, so
** the local still held the real card and P1's trials scored by it: the
** right answer for the real card scored in 40 views of 40 (greedy and
** mcts guessed right in every round of 400 games).  With 6 high cards of
** 12, a guess scores in about half the views. */
static void test_views_deal_before_locals(void **st) {
  (void)st;
  char dir[512], msg[2048];
  game_folder(dir, sizeof dir, "peek", PEEK_YAML, PEEK_RULES);
  for (int k = 1; k <= 12; k++) {
    char rel[64], text[96];
    snprintf(rel, sizeof rel, "cards/%02d.yaml", k);
    snprintf(text, sizeof text, "number: %d\nname: V%d\nvalue: %d\n", k, k, (k - 1) % 6 + 1);
    put(dir, rel, text);
  }
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_decision(g)->player, 0);
  int hand[2];
  assert_int_equal(ark_lg_zone_cards(g, "hand", 2, hand, 2), 1);
  int right = hand[0] % 6 + 1 >= 4;         /* ids from 0: the answer that scores */
  int scored = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    ark_lg *v = ark_lg_view(g, 0, seed);
    int pts = -1;
    answer(v, right);
    assert_int_equal(ark_lg_process(v), ARK_AWAITING);
    assert_int_equal(ark_lg_track(v, 1, "pts", &pts), 0);
    scored += pts;
    ark_lg_free(v);
  }
  assert_true(scored > 10 && scored < 30);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* Every seat holds 2 cards at every decision and card `out` is in no
** zone, up to the end of g. */
static void play_without(ark_lg *g, int out) {
  const char *zone;
  int seat;
  while (ark_lg_process(g) == ARK_AWAITING) {
    for (int s = 1; s <= 3; s++) assert_int_equal(ark_lg_zone_count(g, "hand", s), 2);
    assert_int_equal(ark_lg_card_zone(g, out, &zone, &seat), -1);
    answer(g, 0);
  }
  assert_int_equal(ark_lg_process(g), ARK_END);
  assert_int_equal(ark_lg_card_zone(g, out, &zone, &seat), -1);
}

/* A card out of the game is out of the whole game: left out before setup
** (sim's --without-card, both arms of --test-card), the rules deal every
** hand in full without it; taken out during the game (the card arm B
** gives up), the rules' gathering every card back into the deck leaves it
** out.  sim --test-card then plays every game to its end.  (It was taken
** out after setup had dealt, a hand one card short, and gathered back.) */
static void test_card_out_for_good(void **st) {
  (void)st;
  char dir[512], msg[256], out[1 << 16];
  ark_lg_def *d = kinds_game(dir, sizeof dir);
  ark_lg *g;
  int s1 = 0, ids[4];
  assert_int_equal(ark_lg_new_without(d, 3, 1, NULL, 0, &s1, 1, &g, msg, sizeof msg), ARK_OK);
  assert_int_equal(ark_lg_zone_count(g, "deck", 0), 1);
  play_without(g, s1);
  ark_lg_free(g);
  int bad = 11;
  assert_int_equal(ark_lg_new_without(d, 3, 1, NULL, 0, &bad, 1, &g, msg, sizeof msg),
                   ARK_ERR_CONFIG);
  assert_string_equal(msg, "card 12 to leave out: cards are 1 to 11");
  /* arm B: S1 takes the place of P2's top card */
  assert_int_equal(ark_lg_new_without(d, 3, 1, NULL, 0, &s1, 1, &g, msg, sizeof msg), ARK_OK);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_zone_cards(g, "hand", 2, ids, 4), 2);
  assert_int_equal(ark_lg_take_card(g, ids[1], msg, sizeof msg), 0);
  assert_int_equal(ark_lg_put_card(g, s1, "hand", 2, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_edit_done(g, msg, sizeof msg), 0);
  assert_int_equal(ark_lg_zone_cards(g, "hand", 2, ids + 2, 2), 2);
  assert_int_equal(ids[3], s1);
  play_without(g, ids[1]);
  ark_lg_free(g);
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --players 3 --games 6 "
                           "--test-card S1 --threads 1", dir), 0);
  assert_non_null(strstr(out, "card 1 S1 played by the tested seat in arm B: 0 of 6 games"));
  assert_null(strstr(out, "error"));
}

/* sim --test-card counts the card played when the tested seat moves it
** from its hand into a zone declared `played: true`; a game that declares
** none keeps "any other zone of the seat".  Here every turn throws the
** seat's hand away into its zone `gone`: with `field` declared played the
** card is played in none of the games (it counted in all of them, as a
** discard of Ares Expedition's counted). */
static void test_played_zones(void **st) {
  (void)st;
  static const char *const yaml =
    "name: throw\ntitle: Throw\nplayers: {min: 2, max: 2}\nmodule: lua\n"
    "rules: rules/game.lua\ncards: cards\n"
    "tracks:\n  - {name: n, min: 0, max: 99, start: 0}\n"
    "table:\n  - {name: t, min: 0, max: 99, start: 0}\n"
    "zones:\n  - {name: deck, owner: table, see: none%s}\n"
    "  - {name: hand, owner: seat, see: owner}\n"
    "  - {name: gone, owner: seat, see: owner}\n"
    "  - {name: field, owner: seat, see: all%s}\n";
  static const char *const rules =
    "local R = { steps = {} }\n"
    "function R.setup()\n"
    "  for id = 1, #CARDS do G.move(id, \"deck\", 0) end\n"
    "  for s = 1, 2 do for _ = 1, 2 do G.move(G.cards(\"deck\", 0)[1], \"hand\", s) end end\n"
    "end\n"
    "function R.next()\n"
    "  if G.get(0, \"t\") >= 4 then return nil end\n"
    "  return \"turn\", (G.get(0, \"t\") % 2) + 1\n"
    "end\n"
    "function R.steps.turn(s)\n"
    "  G.choose(s, \"go\", { \"a\", \"b\" })\n"
    "  for _, id in ipairs(G.cards(\"hand\", s)) do G.move(id, \"gone\", s) end\n"
    "  G.add(s, \"n\", 1)\n"
    "  G.set_round(G.add(0, \"t\", 1))\n"
    "end\n"
    "function R.score(s) return G.get(s, \"n\") end\n"
    "return R\n";
  char dir[512], text[1200], out[1 << 16];
  for (int declared = 1; declared >= 0; declared--) {
    snprintf(text, sizeof text, yaml, "", declared ? ", played: true" : "");
    mini(dir, sizeof dir, "throw", text, rules);
    for (int c = 3; c <= 6; c++) {
      char name[32], card[64];
      snprintf(name, sizeof name, "cards/c%d.yaml", c);
      snprintf(card, sizeof card, "number: \"%d\"\nname: C%d\ncost: 1\n", c, c);
      put(dir, name, card);
    }
    assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --games 4 --test-card 1 "
                             "--threads 1", dir), 0);
    if (!strstr(out, declared ? "played by the tested seat in arm B: 0 of 4 games"
                              : "played by the tested seat in arm B: 4 of 4 games"))
      fail_msg("field %s:\n%s", declared ? "played" : "undeclared", out);
  }
  snprintf(text, sizeof text, yaml, ", played: true", "");
  mini(dir, sizeof dir, "throw", text, rules);
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  assert_non_null(strstr(out, "game.yaml:12: zones: played: only a zone of each seat"));
}

/* Ark Nova's content options are refused for a game in Lua by every
** command that takes them, naming the option and what the game has in
** their place (check said ok without reading --cards, and play, sim and
** scenario played on as if the option had not been given). */
static void test_ark_options_refused(void **st) {
  (void)st;
  char out[1 << 16];
  static const char *const opts[][2] = {
    { "--cards x", "--cards adds a folder of fan cards to Ark Nova; a game in Lua plays the "
                   "cards of its own folder (game.yaml's cards:)" },
    { "--maps x", "--maps adds a folder of fan maps to Ark Nova" },
    { "--plugin x", "--plugin changes Ark Nova's rules; a game in Lua takes its variants as "
                    "--option NAME=VALUE" },
    { "--data x", "--data names Ark Nova's data folder" },
    { "--exclude 3", "--exclude leaves a card out of Ark Nova; sim leaves one out of a game in "
                     "Lua with --without-card C" },
    { "--map A", "--map chooses Ark Nova's map; a game in Lua has none" },
  };
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
    assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s %s", HARVEST, opts[i][0]), 2);
    assert_non_null(strstr(out, "arknova check: "));
    assert_non_null(strstr(out, opts[i][1]));
    assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s %s", HARVEST, opts[i][0]), 2);
    assert_non_null(strstr(out, opts[i][1]));
    assert_int_not_equal(arknova(out, sizeof out, "quit\\n", "play --game %s --human 1 %s",
                                 HARVEST, opts[i][0]), 0);
    assert_non_null(strstr(out, opts[i][1]));
    assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --games 2 %s", HARVEST,
                             opts[i][0]), 2);
    assert_non_null(strstr(out, opts[i][1]));
  }
  /* an option the game does not declare is the command's fault, as in play
  ** and sim (check had printed it as a problem of the game, exit 1) */
  static const char *const cmds[] = { "check", "play", "sim --games 2" };
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
    assert_int_equal(arknova(out, sizeof out, NULL, "%s --game %s --option splitt=1", cmds[i],
                             HARVEST), 2);
    assert_non_null(strstr(out, "option 'splitt=1': harvest declares no table track 'splitt'"));
  }
  assert_non_null(strstr(out, "arknova sim: "));
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s --option splitt=1", HARVEST),
                   2);
  assert_non_null(strstr(out, "arknova check: option 'splitt=1'"));
  put(tmp, "empty.yaml", "name: nothing set\n");
  assert_int_equal(arknova(out, sizeof out, NULL, "scenario --game %s --plugin x empty.yaml",
                           HARVEST), 2);
  assert_non_null(strstr(out, "arknova scenario: --plugin changes Ark Nova's rules"));
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", HARVEST), 0);
}

/* Without --players, play and sim seat the count the game allows nearest
** to 2 (they seated 2 and refused a game for 3 or 4); a count given is
** still checked. */
static void test_default_players(void **st) {
  (void)st;
  char dir[512], cmd[1200], out[1 << 16];
  ark_lg_def_release(kinds_game(dir, sizeof dir));
  snprintf(cmd, sizeof cmd, "sed -i 's/{min: 2, max: 3}/{min: 3, max: 3}/' %s/game.yaml", dir);
  assert_int_equal(system(cmd), 0);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s", dir), 0);
  assert_non_null(strstr(out, "kinds: 3 players, seed 1\n"));
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --games 2", dir), 0);
  assert_non_null(strstr(out, "kinds: 3 players, seeds 1..2"));
  /* a folder of one's own is named: a copy of a game keeps its title */
  char line[700];
  snprintf(line, sizeof line, "\nthe game of the folder %s\n", dir);
  assert_non_null(strstr(out, line));
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game ares-expedition --games 1 "
                           "--ai random"), 0);
  assert_null(strstr(out, "the game of the folder"));
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --players 2", dir), 2);
  assert_non_null(strstr(out, "--players expects a number from 3 to 3 for kinds, got 2"));
  snprintf(cmd, sizeof cmd, "sed -i 's/{min: 3, max: 3}/{min: 1, max: 1}/' %s/game.yaml", dir);
  assert_int_equal(system(cmd), 0);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s", dir), 0);
  assert_non_null(strstr(out, "kinds: 1 player, seed 1\n"));
}

/* The board of rules without board() is the seat's view: while another
** seat's secret answer is open, the tracks changed since it are worked out
** from a guess of it and are marked '?' (they were shown as if known);
** the seat's own answers, and answers once revealed, are not guesses. */
static void test_default_board_marks_guesses(void **st) {
  (void)st;
  char buf[8192], msg[256];
  const char *note = "?: changed since another seat's unrevealed secret answer: worked out "
                     "from a guess of it, so maybe not the real value\n";
  ark_lg_def *d = load(HARVEST);
  ark_lg *g = new_game(d, 2, 1);
  answer(g, 1);                                        /* P1: plant, in secret */
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_board_text(g, 1, buf, sizeof buf, msg, sizeof msg), 0);
  assert_non_null(strstr(buf, "\nP1: coins 3, points 0, pick "));
  assert_non_null(strstr(buf, "?, last 0, picked 1?\n"));
  assert_non_null(strstr(buf, "\nP2 (you): coins 3, points 0, pick 0, last 0, picked 0\n"));
  assert_non_null(strstr(buf, note));
  assert_int_equal(ark_lg_board_text(g, 0, buf, sizeof buf, msg, sizeof msg), 0);
  assert_non_null(strstr(buf, "\nP1 (you): coins 3, points 0, pick 2, last 0, picked 1\n"));
  assert_null(strchr(buf, '?'));
  answer(g, 0);                                        /* P2: coins; both revealed */
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_int_equal(ark_lg_board_text(g, 1, buf, sizeof buf, msg, sizeof msg), 0);
  assert_non_null(strstr(buf, "\nP1: coins 3, points 0, pick 2, last 0, picked 1\n"));
  assert_null(strchr(buf, '?'));
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* ==== hostile rules ====================================================
** Rules written to break the runtime or the host: each must stop the game
** with the rules' file and line, never crash, hang or let the game go on
** as if nothing had happened. */

/* The rules of a game of 6 turns whose step `turn` runs `after` (line 9)
** once its seat has chosen a or b (`a`: the answer, 1 or 2); `extra` are
** more rules from line 15.  Written into tmp/name, the folder into dir. */
static void hostile(char *dir, size_t n, const char *name, const char *after, const char *extra) {
  char rules[1 << 14];
  snprintf(rules, sizeof rules,
           "local R = { steps = {} }\n"                                        /* 1 */
           "function R.setup() end\n"                                          /* 2 */
           "function R.next()\n"                                               /* 3 */
           "  if G.get(0, \"t\") >= 6 then return nil end\n"                 /* 4 */
           "  return \"turn\", (G.get(0, \"t\") %% G.players()) + 1\n"     /* 5 */
           "end\n"                                                             /* 6 */
           "function R.steps.turn(s)\n"                                        /* 7 */
           "  local a = G.choose(s, \"go\", { \"a\", \"b\" })\n"         /* 8 */
           "  %s\n"                                                            /* 9 */
           "  G.add(s, \"n\", a)\n"                                          /* 10 */
           "  G.add(0, \"t\", 1)\n"                                          /* 11 */
           "end\n"                                                             /* 12 */
           "function R.score(s) return G.get(s, \"n\") end\n"                /* 13 */
           "function R.value(s) return G.get(s, \"n\") end\n"                /* 14 */
           "%s\n"                                                              /* 15 */
           "return R\n", after, extra);
  mini(dir, n, name, NULL, rules);
}

/* The AI `kind` answers the pending decision of g; the answer it gave. */
static int ai_answers(ark_lg *g, int kind, uint64_t seed) {
  char msg[256];
  ai_player p;
  ai_budget bud = { .iters = 12 };
  ai_init(&p, kind, &bud);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  int i = ai_pick(&p, ark_lg_gs(g), seed);
  assert_int_equal(ark_lg_answer(g, i, msg, sizeof msg), ARK_OK);
  return i;
}

/* A step that fails only after one option fails first in the copies the
** AIs weigh that option in.  The game stops with the rules' line: before,
** only the copy failed, the AI steered clear of the option, and the game
** played on to a normal end as if its rules were right. */
static void test_copy_error_stops_the_game(void **st) {
  (void)st;
  char dir[512], msg[2048], out[1 << 16];
  hostile(dir, sizeof dir, "b-fails", "if a == 2 then error(\"b is broken\") end", "");
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  for (int kind = AI_GREEDY; kind <= AI_MCTS; kind++) {
    ark_lg *g = new_game(d, 2, 1);
    ai_answers(g, kind, 3);
    assert_int_equal(ark_lg_process(g), ARK_ERROR);
    assert_string_equal(ark_lg_error(g), "rules/game.lua:9: b is broken");
    ark_lg_free(g);
  }
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --ai greedy", dir), 1);
  char want[700];
  snprintf(want, sizeof want, "arknova: the game stopped: %s/rules/game.lua:9: b is broken\n", dir);
  assert_non_null(strstr(out, want));
}

/* sim stops when its first 5 games all stopped with an error: rules that
** fail at once (or loop, 2 s a game) would fail the same way in every one of
** thousands of games. */
static void test_sim_stops_when_all_fail(void **st) {
  (void)st;
  char dir[512], out[1 << 16];
  hostile(dir, sizeof dir, "all-fail", "if a == 2 then error(\"b is broken\") end", "");
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game %s --games 40 --ai greedy "
                           "--threads 1", dir), 1);
  assert_non_null(strstr(out, "arknova sim: stopped after 5 of 40 games: every one of them "
                              "stopped with an error"));
  char want[700];
  snprintf(want, sizeof want, "5 of 5 games stopped with an error; the figures count the "
           "others; the first, seed 1: %s/rules/game.lua:9: b is broken", dir);
  assert_non_null(strstr(out, want));
}

/* A new 2-player game of d, given first answer `first` (-1: none), stops
** with the error `want`. */
static void stops_with(ark_lg_def *d, int first, const char *want) {
  ark_lg *g = new_game(d, 2, 1);
  if (first >= 0) answer(g, first);
  assert_int_equal(ark_lg_process(g), ARK_ERROR);
  assert_string_equal(ark_lg_error(g), want);
  ark_lg_free(g);
}

/* Texts the host keeps outside the rules' memory cap are bounded: 512
** options of one 30 MB text (15 GB to copy), and a step that logs 1 MB
** lines in a loop, stop the game with their line; before, both ate the
** machine's memory until the process aborted. */
static void test_texts_are_bounded(void **st) {
  (void)st;
  char dir[512], msg[2048], out[1 << 16], want[700];
  hostile(dir, sizeof dir, "big-options", "", "R.steps.turn = function(s)\n"
          "  local x, o = string.rep(\"x\", 3e7), {}\n"        /* 16 */
          "  for i = 1, 512 do o[i] = x end G.choose(s, \"go\", o)\n"   /* 17 */
          "end");
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  stops_with(d, -1, "rules/game.lua:17: G.choose: option 1 is a text of 30000000 bytes (at "
             "most 4096)");
  ark_lg_def_release(d);
  hostile(dir, sizeof dir, "long-prompt", "", "R.steps.turn = function(s)\n"
          "  G.choose(s, string.rep(\"?\", 5000), { \"a\" })\n"          /* 16 */
          "end");
  assert_non_null(d = load_dir(dir, msg, sizeof msg));
  stops_with(d, -1, "rules/game.lua:16: G.choose: the prompt: a text of 5000 bytes (at most "
             "4096)");
  ark_lg_def_release(d);
  hostile(dir, sizeof dir, "log-loop", "local x = string.rep(\"x\", 4000) "
          "while true do G.log(0, x) end", "");
  assert_non_null(d = load_dir(dir, msg, sizeof msg));
  stops_with(d, 0, "rules/game.lua:9: G.log: the game's log is full (64 MiB): rules that log "
             "in a loop?");
  ark_lg_def_release(d);
  /* play's AIs meet the loop first in their copies, which log nothing:
  ** there the time limit stops it */
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s", dir), 1);
  snprintf(want, sizeof want, "arknova: the game stopped: %s/rules/game.lua:9: ", dir);
  assert_non_null(strstr(out, want));
}

/* Errors that are no text, and memory that runs out at once (a string
** doubled past the cap: Lua calls no message handler for that), name the
** rules' line: they said "an error without a message", "a step failed"
** or "not enough memory".  A table's __tostring, the rules' own code that
** may loop, is never called. */
static void test_errors_without_text(void **st) {
  (void)st;
  char dir[512], msg[2048];
  double v;
  hostile(dir, sizeof dir, "table-errors", "if a == 2 then error({}) end",
          "function R.won(s) error(setmetatable({}, { __tostring = function() while true do end "
          "end })) end");
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  int won;
  assert_int_equal(ark_lg_won(g, 0, &won, msg, sizeof msg), -1);
  assert_string_equal(msg, "rules/game.lua:15: an error that is not a text (a table)");
  ark_lg_free(g);
  stops_with(d, 1, "rules/game.lua:9: an error that is not a text (a table)");
  ark_lg_def_release(d);
  hostile(dir, sizeof dir, "doubling", "if a == 2 then local x = \"x\" while true do x = x .. x "
          "end end", "function R.value(s)\n  local x = \"x\"\n  while true do x = x .. x end\n"
          "end");
  assert_non_null(d = load_dir(dir, msg, sizeof msg));
  g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_value(g, 0, &v, msg, sizeof msg), -1);
  assert_string_equal(msg, "rules/game.lua:15: script stopped: out of memory (the scripts' "
                      "memory cap is 256 MiB)");
  ark_lg_free(g);
  /* LuaJIT names the line of the step's function when the memory runs out
  ** in code it compiled */
#ifdef ARK_LUAJIT
#define DOUBLING_LINE "7"
#else
#define DOUBLING_LINE "9"
#endif
  stops_with(d, 1, "rules/game.lua:" DOUBLING_LINE ": script stopped: out of memory (the scripts' "
             "memory cap is 256 MiB)");
  ark_lg_def_release(d);
  hostile(dir, sizeof dir, "doubling-at-load", "", "local x = \"x\" while true do x = x .. x end");
  assert_null(load_dir(dir, msg, sizeof msg));
  char want[1200];
  snprintf(want, sizeof want, "%s/rules/game.lua: script stopped: out of memory (the scripts' "
           "memory cap is 256 MiB)", dir);
  assert_string_equal(msg, want);
}

/* The rules' problems at load name their file from where the user stands,
** as the card files' do, and G.include of a file that is not there names
** the line that asked for it: it said "rules/libs.lua: cannot be read",
** with neither the folder nor the line. */
static void test_load_problems_named_from_here(void **st) {
  (void)st;
  char dir[512], msg[4096], want[1600];
  hostile(dir, sizeof dir, "include-missing", "", "local lib = G.include(\"rules/libs.lua\")");
  assert_null(load_dir(dir, msg, sizeof msg));
  snprintf(want, sizeof want, "%s/rules/game.lua:15: G.include(\"rules/libs.lua\"): no such "
           "file in the game folder %s", dir, dir);
  assert_string_equal(msg, want);
  /* play says it on one line, from the folder on */
  char out[1 << 14];
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s", dir), 1);
  snprintf(want, sizeof want, "arknova: %s/rules/game.lua:15: G.include", dir);
  assert_non_null(strstr(out, want));
  hostile(dir, sizeof dir, "syntax", "", "local x = +");
  assert_null(load_dir(dir, msg, sizeof msg));
  snprintf(want, sizeof want, "%s/rules/game.lua:", dir);
  assert_true(!strncmp(msg, want, strlen(want)));
}

/* A score, value or stat of nan or an infinity is no number: it stops the
** game with its line.  Before, play printed "Winner: P1 with -nan points"
** and sim summed nonsense. */
static void test_numbers_are_finite(void **st) {
  (void)st;
  char dir[512], msg[2048], out[1 << 16], names[4][32], want[700];
  double v[4];
  hostile(dir, sizeof dir, "nan", "", "function R.score(s) return 0/0 end\n"
          "function R.value(s) return -1/0 end\n"
          "function R.stats(s) return { x = 1/0 } end");
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_score(g, 0, v, msg, sizeof msg), -1);
  assert_string_equal(msg, "rules/game.lua:15: score(1) must give a number, not nan");
  ark_lg_free(g);
  g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_value(g, 1, v, msg, sizeof msg), -1);
  assert_string_equal(msg, "rules/game.lua:16: value(2) must give a number, not an infinity");
  ark_lg_free(g);
  g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_stats(g, 0, names, v, 4, msg, sizeof msg), -1);
  assert_string_equal(msg, "rules/game.lua:17: stats(1): 'x' must be a number, not an infinity");
  ark_lg_free(g);
  ark_lg_def_release(d);
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --ai random", dir), 1);
  snprintf(want, sizeof want, "arknova: the game stopped: %s/rules/game.lua:15: score(", dir);
  assert_non_null(strstr(out, want));
  assert_null(strstr(out, "Winner"));
}

/* A whole number too large for a track or a seat is named as given in the
** error, and a step beyond 32 bits is refused before it is added (one near
** 2^63 overflowed).  Before: "G.random(0)", "seat 0", a wrapped sum.
** (Written as powers of 2: LuaJIT has no << nor math.maxinteger.) */
static void test_big_numbers_named(void **st) {
  (void)st;
  static const struct { const char *call, *want; } cases[] = {
    { "G.add(s, \"n\", 2^53)",
      "rules/game.lua:9: G.add: a step of 9007199254740992 is more than any track holds" },
    { "G.random(2^40)", "rules/game.lua:9: G.random(1099511627776): n is 1 to 1000000000" },
    { "G.get(2^40, \"n\")",
      "rules/game.lua:9: seat 1099511627776: seats are 1 to 2, 0 is the table" },
    { "G.set(s, \"n\", 2^33)",
      "rules/game.lua:9: n of seat 1: 8589934592 is outside " },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char dir[512], out[1 << 16];
    hostile(dir, sizeof dir, "big", cases[i].call, "");
    assert_int_equal(arknova(out, sizeof out, NULL, "play --game %s --ai random", dir), 1);
    if (!strstr(out, cases[i].want)) fail_msg("missing '%s' in:\n%s", cases[i].want, out);
  }
}

/* ==== rules that keep state in Lua variables ============================
** A copy of a game runs the running step again from its start, in the same
** Lua state: tests/games/leaky counts its turns in a local of its rules
** file, so that every copy counts the turn again under the real game. */

#define LEAKY ARK_SOURCE_DIR "/tests/games/leaky"

/* A copy of leaky counts the turn a second time: it asks "Turn 2" where
** the game asks "Turn 1", and fails with a message of the same kind as a
** copy that ended early (before, it played on as if nothing were wrong).
** A view is not held to it: its hidden cards are dealt anew, so its
** options may differ. */
static void test_clone_of_kept_state_fails(void **st) {
  (void)st;
  ark_lg_def *d = load(LEAKY);
  ark_lg *g = new_game(d, 2, 1);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  assert_string_equal(ark_lg_decision(g)->prompt, "Turn 1: how many coins?");
  ark_lg *c = ark_lg_clone(g, 0);
  assert_int_equal(ark_lg_process(c), ARK_ERROR);
  assert_string_equal(ark_lg_error(c), "rules/game.lua: a copy of the game did not reach the "
                      "same decision: it asks P1 \"Turn 2: how many coins?\" (2 options, tag "
                      "take) where the game asks P1 \"Turn 1: how many coins?\" (2 options, tag "
                      "take): the rules do not play the same with the same answers (everything "
                      "a game remembers must be in tracks, zones and counters)");
  ark_lg_free(c);
  ark_lg *v = ark_lg_view(g, 0, 3);
  assert_int_equal(ark_lg_process(v), ARK_AWAITING);
  ark_lg_free(v);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);   /* the game itself goes on */
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* The same for an answer a copy replays: rules whose first question of a
** step offers a third option only every other time the step runs.  The
** game's answer there was the third; its copy is offered two (before, the
** answer was folded into them and the copy played on). */
static void test_clone_off_course_fails(void **st) {
  (void)st;
  char dir[512], msg[2048];
  mini(dir, sizeof dir, "every-other", NULL,
       "local R = { steps = {} }\n"
       "local runs = 0\n"
       "function R.setup() end\n"
       "function R.next() if G.get(0, \"t\") >= 4 then return nil end return \"turn\", 1 end\n"
       "function R.steps.turn(s)\n"
       "  runs = runs + 1\n"
       "  local options = { \"a\", \"b\" }\n"
       "  if runs % 2 == 1 then options[3] = \"c\" end\n"
       "  G.choose(s, \"first\", options)\n"
       "  G.choose(s, \"second\", { \"x\", \"y\" })\n"
       "  G.add(0, \"t\", 1)\n"
       "end\n"
       "function R.score(s) return 0 end\n"
       "return R\n");
  ark_lg_def *d = load_dir(dir, msg, sizeof msg);
  if (!d) fail_msg("%s", msg);
  ark_lg *g = new_game(d, 1, 1);
  answer(g, 2);
  assert_int_equal(ark_lg_process(g), ARK_AWAITING);
  ark_lg *c = ark_lg_clone(g, 0);
  assert_int_equal(ark_lg_process(c), ARK_ERROR);
  assert_string_equal(ark_lg_error(c), "rules/game.lua: a copy of the game did not play the "
                      "same: P1's \"first\" offered 2 options, where the game's answer 1 there "
                      "was option 3: the rules do not play the same with the same answers "
                      "(everything a game remembers must be in tracks, zones and counters)");
  ark_lg_free(c);
  ark_lg_free(g);
  ark_lg_def_release(d);
}

/* A copy of leaky in tmp, with the sed expression `edit` applied to its
** rules; its folder into dir. */
static void leaky_edited(char *dir, size_t n, const char *name, const char *edit) {
  char cmd[2048];
  snprintf(dir, n, "%s/%s", tmp, name);
  snprintf(cmd, sizeof cmd, "rm -rf %s && cp -r %s %s && sed -i '%s' %s/rules/game.lua", dir,
           LEAKY, dir, edit, dir);
  assert_int_equal(system(cmd), 0);
}

/* `check --game` plays games of random answers twice, alone and beside
** copies made at every decision, and fails where they differ, naming the
** variable that differs, the seed, the decision and the step.  leaky
** fails at its first decision; so do its rules with the count in a global
** or in a field of the rules table, each named as such.  With the count
** in the table track `turns` they pass, although their cache of prompts
** (a local table filled as needed) fills sooner beside the copies. */
static void test_check_finds_kept_state(void **st) {
  (void)st;
  char out[1 << 16], dir[512];
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", LEAKY), 1);
  static const char *const want[] = {
    "rules/game.lua: the rules keep state in Lua variables: a copy of the game changed local "
    "'turns' of rules/game.lua (used by function 'setup', line 21); seed 1, decision 1, step "
    "'turn'. Keep it in a track, zone or counter (docs/lua-games.md)\n"
    "  turns: 1 in the game played alone, 2 in the same game beside its copies\n",
    "  prompts[2]: nothing in the game played alone, \"Turn 2: how many coins?\" in the same "
    "game beside its copies (it only grew, as a cache does",
    "  what differed: rules/game.lua: a copy of the game did not reach the same decision: it "
    "asks P1 \"Turn 2: how many coins?\"",
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    if (!strstr(out, want[i])) fail_msg("missing '%s' in:\n%s", want[i], out);
  assert_null(strstr(out, "ok"));
  /* named from here, as check's other problems */
  assert_non_null(strstr(out, LEAKY "/rules/game.lua: the rules keep state"));
  leaky_edited(dir, sizeof dir, "leaky-global", "s/^local turns = 0$/turns = 0/");
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  assert_non_null(strstr(out, "a copy of the game changed global 'turns'; seed 1, decision 1"));
  leaky_edited(dir, sizeof dir, "leaky-field", "s/^local turns = 0$/R.turns = 0/; "
               "s/return turns end/return R.turns end/; s/^  turns = /  R.turns = /; "
               "s/= turns + 1$/= R.turns + 1/");
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  assert_non_null(strstr(out, "a copy of the game changed field 'turns' of the rules table; "));
  leaky_edited(dir, sizeof dir, "leaky-track", "s/^  turns = turns + 1$/  G.add(0, \"turns\", 1)/; "
               "s/return turns end/return G.get(0, \"turns\") end/");
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 0);
  assert_non_null(strstr(out, "ok: leaky: 6 cards and the rules load without problems\n"
                              "ok: the rules keep no state in Lua variables that check finds"));
}

/* The games written in Lua pass it: harvest, and every game of games/. */
static void test_check_passes_games(void **st) {
  (void)st;
  char out[1 << 16];
  const char *const dirs[] = { HARVEST, ARK_SOURCE_DIR "/games/ares-expedition" };
  for (int i = 0; i < 2; i++) {
    assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dirs[i]), 0);
    if (!strstr(out, "ok: the rules keep no state in Lua variables that check finds (2 games "
                     "of random answers, "))
      fail_msg("%s:\n%s", dirs[i], out);
  }
}

/* A rules error that a copy check made meets, and the same copy of the
** game alone meets too, is reported as that error, with where check found
** it: no state is kept there. */
static void test_check_reports_rules_errors(void **st) {
  (void)st;
  char dir[512], out[1 << 16];
  hostile(dir, sizeof dir, "b-fails-check", "if a == 2 then error(\"b is broken\") end", "");
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s", dir), 1);
  if (!strstr(out, "rules/game.lua:9: b is broken\n  (seed 1, decision "))
    fail_msg("%s", out);
  assert_null(strstr(out, "keep state"));
}

/* A rules error met while a game plays names its file from where the user
** stands, as a problem of loading does: check, play and sim of --game e/my
** said "rules/game.lua:47: ..." and left the user to find which folder. */
static void test_runtime_errors_name_the_folder(void **st) {
  (void)st;
  char cmd[1024], out[1 << 16];
  snprintf(cmd, sizeof cmd, "cd %s && rm -rf e && mkdir e && cp -r %s e/my && sed -i "
           "'s/G.add(s, \"coins\", 2)/G.add(s, \"coinz\", 2)/' e/my/rules/game.lua", tmp, HARVEST);
  assert_int_equal(system(cmd), 0);
  const char *want = "e/my/rules/game.lua:47: unknown seat track 'coinz' (game.yaml, tracks:)";
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game e/my"), 1);
  if (strncmp(out, want, strlen(want))) fail_msg("not '%s' first in:\n%s", want, out);
  assert_non_null(strstr(out, "\n  (seed 1, decision "));
  assert_int_equal(arknova(out, sizeof out, NULL, "play --game e/my --ai random"), 1);
  if (!strstr(out, "arknova: the game stopped: e/my/rules/game.lua:47: unknown seat track"))
    fail_msg("%s", out);
  assert_int_equal(arknova(out, sizeof out, NULL, "sim --game e/my --games 2 --ai random"), 1);
  if (!strstr(out, "the first, seed 1: e/my/rules/game.lua:47: unknown seat track 'coinz'"))
    fail_msg("%s", out);
  /* a folder named from elsewhere is named as given */
  assert_int_equal(arknova(out, sizeof out, NULL, "check --game %s/e/my", tmp), 1);
  assert_non_null(strstr(out, "/e/my/rules/game.lua:47: unknown seat track"));
  assert_true(out[0] == '/');
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_numbers),
    cmocka_unit_test(test_secret_pick),
    cmocka_unit_test(test_views),
    cmocka_unit_test(test_views_across_steps),
    cmocka_unit_test(test_ai_sees_only_its_view),
    cmocka_unit_test(test_values_for_the_ais),
    cmocka_unit_test(test_copy_plays_alike),
    cmocka_unit_test(test_random_games),
    cmocka_unit_test(test_every_lua_game),
    cmocka_unit_test(test_errors_name_the_line),
    cmocka_unit_test(test_range),
    cmocka_unit_test(test_cards_out_and_handed),
    cmocka_unit_test(test_turn_cap),
    cmocka_unit_test(test_steps_without_decisions),
    cmocka_unit_test(test_numbers_at_the_end),
    cmocka_unit_test(test_stats_are_numbers),
    cmocka_unit_test(test_time_limit_stops_the_family),
    cmocka_unit_test(test_check_card),
    cmocka_unit_test(test_check_runs_board_and_summary),
    cmocka_unit_test(test_check_card_stopped_once),
    cmocka_unit_test(test_game_yaml_keys),
    cmocka_unit_test(test_state_in_saves),
    cmocka_unit_test(test_views_keep_kinds_apart),
    cmocka_unit_test(test_test_card_never_in_hand),
    cmocka_unit_test(test_views_have_their_own_chance),
    cmocka_unit_test(test_views_depend_on_what_the_seat_knows),
    cmocka_unit_test(test_views_deal_before_locals),
    cmocka_unit_test(test_card_out_for_good),
    cmocka_unit_test(test_ark_options_refused),
    cmocka_unit_test(test_default_players),
    cmocka_unit_test(test_default_board_marks_guesses),
    cmocka_unit_test(test_copy_error_stops_the_game),
    cmocka_unit_test(test_texts_are_bounded),
    cmocka_unit_test(test_errors_without_text),
    cmocka_unit_test(test_load_problems_named_from_here),
    cmocka_unit_test(test_played_zones),
    cmocka_unit_test(test_numbers_are_finite),
    cmocka_unit_test(test_big_numbers_named),
    cmocka_unit_test(test_sim_stops_when_all_fail),
    cmocka_unit_test(test_clone_of_kept_state_fails),
    cmocka_unit_test(test_clone_off_course_fails),
    cmocka_unit_test(test_check_finds_kept_state),
    cmocka_unit_test(test_check_passes_games),
    cmocka_unit_test(test_check_reports_rules_errors),
    cmocka_unit_test(test_runtime_errors_name_the_folder),
  };
  if (!mkdtemp(tmp)) return 1;
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
  if (system(cmd) != 0) failed++;
  return failed;
}
