/*
** test_luagame.c - the runtime of games written in Lua alone
** (core/src/luagame*.c), on the small test game tests/games/harvest:
** its numbers after each pick, secret picks shown only to their seat until
** the rules reveal them, copies that play on exactly like the original,
** errors that name the rules' file and line, random games of 1 to 4
** players that all end, and the engine's AIs deciding through the game
** interface on what their seat may know.
*/
#define _POSIX_C_SOURCE 200809L   /* mkdtemp */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "ai.h"
#include "luagame.h"

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
  };
  if (!mkdtemp(tmp)) return 1;
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
  if (system(cmd) != 0) failed++;
  return failed;
}
