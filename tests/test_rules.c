/*
** test_rules.c - the rules of shared/rules/ark-nova.md, checked with the
** rulebook's own numbers: setup, tracks and their rewards, X tokens and
** the tokens on action cards, the break, the end of the game.
**
** Technique: a game is run to its first turn, the state is edited by hand
** (g->s), t_restart() re-runs the pending step from it, and the test then
** answers the decisions as a player would.  Every expected value below is
** written from the rules, never read back from the engine.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "support.h"
#include "map.h"
#include "track.h"
#include "zone.h"

/* ---- helpers ---- */

/* A game on map A at its first turn; track rewards are left unclaimed (the
** tests here check them), unlike t_game. */
static ark_game *game_at_turn(int players, uint64_t seed) {
  ark_game *g = t_new_game(players, seed, "A");
  t_to_first_turn(g);
  return g;
}

/* Gives p a fresh association worker situation: all workers at home. */
static void workers_home(ark_game *g, int p) {
  g->s.p[p].workers_out = 0;
  memset(g->s.p[p].task_workers, 0, sizeof g->s.p[p].task_workers);
}

/* ==== 1. Setup ==== */

static void check_setup(int players, uint64_t seed) {
  static const int break_len[5] = { 0, 0, 15, 12, 10 };
  ark_game *g = t_new_game(players, seed, "A");
  ark_state *s = &g->s;
  assert_int_equal(s->nplayers, players);
  assert_true(s->start_player < players);
  for (int p = 0; p < players; p++) {
    ark_player *pl = &s->p[p];
    assert_int_equal(pl->money, 25);
    assert_int_equal(pl->reputation, 1);
    assert_int_equal(pl->conservation, 0);
    assert_int_equal(pl->xtokens, 0);
    assert_int_equal(pl->workers, 1);
    assert_int_equal(pl->upgraded, 0);           /* all on side I */
    assert_int_equal(pl->nhand, 8);              /* the draft deals 8 */
    assert_true(pl->scoring[0] >= 0 && pl->scoring[1] >= 0);
    assert_true(pl->scoring[0] != pl->scoring[1]);
    assert_int_equal(g->c->cards[pl->scoring[0]].type, ARK_CARD_SCORING);
    assert_int_equal(g->c->cards[pl->scoring[1]].type, ARK_CARD_SCORING);
    /* Animals in slot 1, the other four in slots 2-5 */
    assert_int_equal(pl->slot[0], ARK_ACT_ANIMALS);
    int seen = 0;
    for (int i = 1; i < 5; i++) {
      assert_true(pl->slot[i] != ARK_ACT_ANIMALS && pl->slot[i] < 5);
      seen |= 1 << pl->slot[i];
    }
    assert_int_equal(seen, (1 << 5) - 2);
  }
  /* appeal 0, 1, 2, 3 in turn order from the start player */
  for (int i = 0; i < players; i++)
    assert_int_equal(s->p[(s->start_player + i) % players].appeal, i);
  /* base projects: 3 (4 with 4 players) of 101-112, different */
  assert_int_equal(s->nbase, players == 4 ? 4 : 3);
  for (int i = 0; i < s->nbase; i++) {
    int n = g->c->cards[s->base[i].card].number;
    assert_true(n >= 101 && n <= 112);
    for (int j = 0; j < i; j++) assert_true(s->base[j].card != s->base[i].card);
    for (int lv = 0; lv < 3; lv++) {
      /* two players: level 1 of the first, 2 of the second, 3 of the third */
      int blocked = players == 2 && lv == i;
      assert_int_equal(s->base[i].owner[lv], blocked ? -2 : -1);
    }
  }
  /* the common deck: 128 animals + 64 sponsors + 20 non-base projects, of
  ** which 6 are in the display and 8 in each hand */
  assert_int_equal(s->ndeck + 6 + 8 * players, 128 + 64 + 20);
  int kinds[ARK_CARD_TYPE_N] = { 0 };
  for (int i = 0; i < s->ndeck; i++) {
    const ark_card_def *d = &g->c->cards[s->deck[i]];
    kinds[d->type]++;
    assert_false(d->type == ARK_CARD_PROJECT && d->base);
  }
  assert_int_equal(kinds[ARK_CARD_SCORING], 0);
  /* 4 bonus tiles of the 9, all different */
  for (int i = 0; i < 4; i++) {
    assert_true(s->bonus_tile[i] < ARK_TILE_N);
    for (int j = 0; j < i; j++) assert_true(s->bonus_tile[i] != s->bonus_tile[j]);
  }
  assert_int_equal(s->bonus_taken, 0);
  assert_int_equal(s->break_len, break_len[players]);
  assert_int_equal(s->break_pos, 0);

  /* the opening draft: keep 4 of 8, then the start player begins */
  t_to_first_turn(g);
  for (int p = 0; p < players; p++) assert_int_equal(s->p[p].nhand, 4);
  assert_int_equal(s->ndiscard, 4 * players);
  for (int f = 0; f < 6; f++) assert_true(s->display[f] >= 0);
  assert_int_equal(ark_game_decision(g)->player, s->start_player);
  assert_null(t_invariants(g));
  ark_game_free(g);
}

static void test_setup_2p(void **st) { (void)st; for (int k = 1; k <= 3; k++) check_setup(2, k); }
static void test_setup_3p(void **st) { (void)st; for (int k = 1; k <= 3; k++) check_setup(3, k); }
static void test_setup_4p(void **st) { (void)st; for (int k = 1; k <= 3; k++) check_setup(4, k); }

/* Slots 2-5 are shuffled (slot 2 is not always the same card); the start
** player, the base projects and the bonus tiles are drawn at random. */
static void test_setup_random_parts(void **st) {
  (void)st;
  int slot2 = 0, starts = 0, tiles = 0;
  uint32_t projects = 0;
  for (uint64_t seed = 1; seed <= 24; seed++) {
    ark_game *g = t_new_game(2 + (int)(seed % 3), seed, "A");
    for (int p = 0; p < g->s.nplayers; p++) slot2 |= 1 << g->s.p[p].slot[1];
    starts |= 1 << g->s.start_player;
    for (int i = 0; i < g->s.nbase; i++)
      projects |= 1u << (g->c->cards[g->s.base[i].card].number - 101);
    for (int i = 0; i < 4; i++) tiles |= 1 << g->s.bonus_tile[i];
    ark_game_free(g);
  }
  assert_int_equal(projects, (1u << 12) - 1);  /* all 12 base projects seen */
  assert_int_equal(tiles, (1 << ARK_TILE_N) - 1);  /* all 9 tiles seen */
  assert_int_equal(slot2, (1 << ARK_ACT_BUILD) | (1 << ARK_ACT_CARDS) |
                   (1 << ARK_ACT_ASSOCIATION) | (1 << ARK_ACT_SPONSORS));
  assert_true(starts & 1);
  assert_true(starts & 2);
}

/* ==== 2. Tracks ==== */

static void test_target_formula(void **st) {
  (void)st;
  assert_int_equal(ark_track_target(0), 114);
  assert_int_equal(ark_track_target(1), 112);
  assert_int_equal(ark_track_target(5), 104);
  assert_int_equal(ark_track_target(10), 94);
  assert_int_equal(ark_track_target(11), 91);
  assert_int_equal(ark_track_target(20), 64);
  assert_int_equal(ark_track_target(41), 1);
  /* the player view shows the same target */
  ark_game *g = game_at_turn(2, 3);
  ark_player_view v;
  g->s.p[0].conservation = 11;
  g->s.p[0].appeal = 40;
  ark_game_player(g, 0, &v);
  assert_int_equal(v.target, 91);
  assert_int_equal(v.score, 40 - 91);
  ark_game_free(g);
}

static void test_income_table(void **st) {
  (void)st;
  static const int table[][2] = {
    { 0, 5 }, { 1, 6 }, { 5, 10 }, { 6, 11 }, { 7, 11 }, { 8, 12 }, { 17, 16 },
    { 18, 17 }, { 20, 17 }, { 21, 18 }, { 35, 22 }, { 36, 23 }, { 40, 24 },
    { 59, 28 }, { 60, 29 }, { 65, 30 }, { 89, 34 }, { 90, 35 }, { 96, 36 },
    { 113, 38 }
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (ark_track_income(table[i][0]) != table[i][1])
      fail_msg("income at appeal %d: %d, the rules say %d", table[i][0],
               ark_track_income(table[i][0]), table[i][1]);
}

/* Appeal stops at 113, conservation at 41, money at 0. */
static void test_track_caps(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 3);
  ark_player *pl = &g->s.p[0];
  pl->appeal = 110;
  assert_int_equal(ark_track_add(g, 0, ARK_TR_APPEAL, 10), 3);
  assert_int_equal(pl->appeal, 113);
  pl->conservation = 39;
  assert_int_equal(ark_track_add(g, 0, ARK_TR_CONSERVATION, 5), 2);
  assert_int_equal(pl->conservation, 41);
  pl->xtokens = 4;
  assert_int_equal(ark_track_add(g, 0, ARK_TR_XTOKENS, 3), 1);
  assert_int_equal(pl->xtokens, 5);
  pl->money = 3;
  ark_track_add(g, 0, ARK_TR_MONEY, -5);
  assert_int_equal(pl->money, 0);
  ark_game_free(g);
}

/* One Association turn of p taking the reputation task (+2).  Association
** sits in slot 2: strength 2 allows only that task on side I. */
static void reputation_turn(ark_game *g, int p, int rep) {
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_ASSOCIATION, ARK_ACT_BUILD, ARK_ACT_CARDS,
            ARK_ACT_SPONSORS);
  g->s.p[p].reputation = (int16_t)rep;
  workers_home(g, p);
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 2");
}

/* Reputation cap 9 until the Cards action is upgraded, then 15; every point
** beyond the cap becomes 1 appeal. */
static void test_reputation_cap(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 5);
  int p = g->s.cur, q = 1 - p;
  g->s.p[p].rep_bonus_done = 0x7f;            /* no bonus in the way */
  g->s.p[p].appeal = 10;
  reputation_turn(g, p, 8);
  t_expect(g, "action", q);
  assert_int_equal(g->s.p[p].reputation, 9);
  assert_int_equal(g->s.p[p].appeal, 11);      /* 10 -> 9 capped: 1 appeal */
  /* the appeal is said, after the reputation, as a note: a line of the
  ** log that its hash leaves out (saves made before it keep their hash) */
  char want[96], line[160];
  snprintf(want, sizeof want, "P%d gains 1 appeal (now 11): reputation past its cap", p + 1);
  int found = -1;
  for (int i = 0; i < ark_game_nevents(g); i++) {
    ark_event_text(g, ark_game_event(g, i), line, sizeof line);
    if (!strcmp(line, want)) found = i;
  }
  assert_true(found > 0);
  assert_int_equal(ark_game_event(g, found)->note, 1);
  ark_event_text(g, ark_game_event(g, found - 1), line, sizeof line);
  snprintf(want, sizeof want, "P%d gains 1 reputation (now 9)", p + 1);
  assert_string_equal(line, want);
  uint64_t with = ark_game_log_hash(g);
  ark_event *e = (ark_event *)ark_game_event(g, found);
  e->note = 0;
  assert_true(ark_game_log_hash(g) != with);   /* a plain event would count */
  e->note = 1;
  assert_true(ark_game_log_hash(g) == with);
  reputation_turn(g, p, 9);
  t_expect(g, "action", q);
  assert_int_equal(g->s.p[p].reputation, 9);
  assert_int_equal(g->s.p[p].appeal, 13);
  g->s.p[p].upgraded = 1 << ARK_ACT_CARDS;
  reputation_turn(g, p, 9);
  t_expect(g, "action", q);
  assert_int_equal(g->s.p[p].reputation, 11);
  assert_int_equal(g->s.p[p].appeal, 13);
  reputation_turn(g, p, 14);
  t_expect(g, "action", q);
  assert_int_equal(g->s.p[p].reputation, 15);
  assert_int_equal(g->s.p[p].appeal, 14);
  g->s.p[p].appeal = 112;                      /* the overflow respects the appeal cap */
  reputation_turn(g, p, 15);
  t_expect(g, "action", q);
  assert_int_equal(g->s.p[p].reputation, 15);
  assert_int_equal(g->s.p[p].appeal, 113);
  ark_game_free(g);
}

/* Reputation bonuses: 5 upgrade, 8 worker, 11 and 14 conservation, 12 and
** 15 X token, 13 any display card; each only once. */
static void test_reputation_bonuses(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 6);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  pl->upgraded = 1 << ARK_ACT_CARDS;           /* cap 15 */
  pl->rep_bonus_done = 0;
  pl->cp_bonus_done = 0xf;                     /* no conservation reward in the way */

  /* 4 -> 6 passes 5: upgrade an action card (Cards is already side II) */
  reputation_turn(g, p, 4);
  t_expect_copy(g, "upgrade", p);              /* the task's last call: a copy */
  assert_false(t_has_option(g, "Cards"));
  t_answer_match(g, "Build");
  t_expect(g, "action", q);
  assert_int_equal(pl->upgraded, (1 << ARK_ACT_CARDS) | (1 << ARK_ACT_BUILD));
  assert_int_equal(pl->reputation, 6);

  /* back below 5 and up again: no second upgrade */
  reputation_turn(g, p, 4);
  t_expect(g, "action", q);
  assert_int_equal(pl->upgraded, (1 << ARK_ACT_CARDS) | (1 << ARK_ACT_BUILD));

  /* 7 -> 9 passes 8: a worker */
  reputation_turn(g, p, 7);
  t_expect(g, "action", q);
  assert_int_equal(pl->workers, 2);

  /* 10 -> 12: 11 gives a conservation point, 12 an X token */
  int cp = pl->conservation, xt = pl->xtokens;
  reputation_turn(g, p, 10);
  t_expect(g, "action", q);
  assert_int_equal(pl->conservation, cp + 1);
  assert_int_equal(pl->xtokens, xt + 1);

  /* 12 -> 14: 13 any one display card (folder 6 too), 14 a conservation point */
  int hand = pl->nhand, last = g->s.display[5];
  reputation_turn(g, p, 12);
  t_expect_copy(g, "card.snap", p);
  assert_int_equal(ark_game_decision(g)->noptions, 6);
  t_answer_match(g, "from folder 6");
  t_expect(g, "action", q);
  assert_int_equal(pl->nhand, hand + 1);
  assert_int_equal(pl->hand[pl->nhand - 1], last);
  assert_int_equal(pl->conservation, cp + 2);

  /* 14 -> 15 (+1 beyond the cap = 1 appeal): 15 an X token */
  int appeal = pl->appeal;
  reputation_turn(g, p, 14);
  t_expect(g, "action", q);
  assert_int_equal(pl->xtokens, xt + 2);
  assert_int_equal(pl->appeal, appeal + 1);

  /* every bonus only once: 10 -> 12 and 12 -> 14 again give nothing */
  reputation_turn(g, p, 10);
  t_expect(g, "action", q);
  reputation_turn(g, p, 12);
  t_expect(g, "action", q);
  assert_int_equal(pl->conservation, cp + 2);
  assert_int_equal(pl->xtokens, xt + 2);
  assert_int_equal(pl->nhand, hand + 1);
  assert_int_equal(pl->workers, 2);

  /* workers stop at 4: 8 with 4 workers gives nothing */
  pl->workers = 4;
  pl->rep_bonus_done = 0x7f & ~2;              /* only the 8 bonus left */
  reputation_turn(g, p, 7);
  t_expect(g, "action", q);
  assert_int_equal(pl->workers, 4);
  ark_game_free(g);
}

/* One Association II turn of p at strength 2: the reputation task, then a
** donation of the first price (2 money with 2 players) for 1 conservation. */
static void donation_turn(ark_game *g, int p, int cp, int cp_done) {
  ark_player *pl = &g->s.p[p];
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_ASSOCIATION, ARK_ACT_BUILD, ARK_ACT_CARDS,
            ARK_ACT_SPONSORS);
  pl->upgraded |= 1 << ARK_ACT_ASSOCIATION;
  pl->conservation = (int16_t)cp;
  pl->cp_bonus_done = (uint8_t)cp_done;
  pl->rep_bonus_done = 0x7f;
  pl->reputation = 3;
  pl->money = 20;
  g->s.donations = 0;
  workers_home(g, p);
  t_turn_of(g, p);
  t_answer(g, "Association II at strength 2");
  t_answer(g, "donate 2 money for 1 conservation point");
}

/* A card snapped as break income (the recurring snapping of map 3a's edge)
** is replaced at once, before the next player's income, as Board Game Arena
** does it (sample game moves 252-253: a refill between the two incomes). */
static void test_break_snap_refills_display(void **st) {
  (void)st;
  ark_game *g = t_game(2, 7, "3a");
  int p = g->s.cur, q = 1 - p;
  for (int s2 = 0; s2 < 2; s2++) g->s.p[s2].nhand = 0;
  g->s.p[p].edge_taken = 1;                  /* slot 1: snapping 1, every break */
  g->s.p[q].edge_taken = 1;
  t_run_break(g, p);
  t_expect(g, "card.snap", p);
  /* the rest of the income waits as data (ENGINE.after): the step's
  ** coroutine is gone, and a clone here is a copy of the state */
  assert_true(g->cont);
  ark_game *c = ark_game_clone(g);
  assert_int_equal(c->co_ref, -1);
  ark_game_free(c);
  int f1 = g->s.display[2];                  /* folders 1 and 2 were discarded and refilled */
  t_answer_match(g, "from folder 3");
  t_expect(g, "card.snap", q);
  assert_true(g->cont);
  /* the folder p emptied is full again when q snaps */
  for (int f = 0; f < ARK_DISPLAY; f++) assert_true(g->s.display[f] >= 0);
  assert_true(t_in_list(g->s.p[p].hand, g->s.p[p].nhand, f1));
  ark_game_free(g);
}

/* The bonus tile "3 cards": each of the three from the deck or a display
** folder in reputation range, as Board Game Arena plays it (the sample
** game's tile reads "take 1 card in reputation range or draw (3 times)"). */
static void test_bonus_tile_cards(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 7);
  int p = g->s.cur;
  ark_player *pp = &g->s.p[p];
  g->s.bonus_tile[0] = ARK_TILE_CARDS;
  int f1 = g->s.display[0], f2 = g->s.display[1], nhand = pp->nhand;
  donation_turn(g, p, 4, 1);          /* its reputation task: 5, folders 1-3 in range */
  t_expect(g, "reward.cp5", p);
  t_answer(g, "take the bonus tile: cards");
  /* each take a continuation, the ones after it kept (take_cards_last):
  ** copies of the game */
  t_expect_copy(g, "card.take", p);
  assert_int_equal(t_noptions(g), 4);          /* the deck, folders 1, 2 and 3 */
  t_answer_match(g, "from folder 2");
  t_expect_copy(g, "card.take", p);
  assert_int_equal(t_noptions(g), 3);          /* folder 2 stays empty until the turn ends */
  t_answer(g, "draw from the deck");
  t_expect_copy(g, "card.take", p);
  t_answer_match(g, "from folder 1");
  t_expect(g, "action", 1 - p);
  assert_int_equal(pp->nhand, nhand + 3);
  assert_true(t_in_list(pp->hand, pp->nhand, f1) && t_in_list(pp->hand, pp->nhand, f2));
  ark_game_free(g);
}

/* Conservation 2: upgrade or worker; 5 and 8: 5 money or a bonus tile
** beside that space, each tile once in the game; the first player to
** reach 10 makes everyone discard a final scoring card. */
static void test_conservation_rewards(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 7);
  int p = g->s.cur, q = 1 - p;
  ark_player *pp = &g->s.p[p], *pq = &g->s.p[q];
  g->s.bonus_tile[0] = ARK_TILE_MONEY;         /* beside 5 */
  g->s.bonus_tile[1] = ARK_TILE_XTOKENS;
  g->s.bonus_tile[2] = ARK_TILE_REPUTATION;    /* beside 8 */
  g->s.bonus_tile[3] = ARK_TILE_MONEY;

  /* 1 -> 2: a decision between an upgrade and a worker */
  donation_turn(g, p, 1, 0);
  t_expect_copy(g, "reward.cp2", p);           /* the donation's last call: a copy */
  assert_int_equal(ark_game_decision(g)->noptions, 2);
  t_answer(g, "gain a worker");
  t_expect(g, "action", q);
  assert_int_equal(pp->conservation, 2);
  assert_int_equal(pp->workers, 2);
  assert_int_equal(pp->money, 20 - 2);

  /* with 4 workers only the upgrade remains */
  pq->workers = 4;
  donation_turn(g, q, 1, 0);
  t_expect_copy(g, "upgrade", q);
  t_answer_match(g, "Build");
  t_expect(g, "action", p);
  assert_true(pq->upgraded & (1 << ARK_ACT_BUILD));
  assert_int_equal(pq->workers, 4);

  /* 4 -> 5: 5 money, or one of the two tiles beside 5 */
  donation_turn(g, p, 4, 1);
  t_expect_copy(g, "reward.cp5", p);
  assert_int_equal(ark_game_decision(g)->noptions, 3);
  t_answer(g, "gain 5 money");
  t_expect(g, "action", q);
  assert_int_equal(pp->money, 20 - 2 + 5);
  donation_turn(g, q, 4, 1);
  t_answer(g, "take the bonus tile: money");
  t_expect(g, "action", p);
  assert_int_equal(pq->money, 20 - 2 + 10);
  assert_int_equal(g->s.bonus_taken, 1);
  /* that tile is gone for everyone: p (again from 4) sees money and X tokens */
  donation_turn(g, p, 4, 1);
  t_expect(g, "reward.cp5", p);
  assert_int_equal(ark_game_decision(g)->noptions, 2);
  assert_false(t_has_option(g, "bonus tile: money"));
  int xt = pp->xtokens;
  t_answer(g, "take the bonus tile: xtokens");
  t_expect(g, "action", q);
  assert_int_equal(pp->xtokens, xt + 3);

  /* 7 -> 8: the tiles beside 8 */
  donation_turn(g, q, 7, 3);
  t_expect_copy(g, "reward.cp8", q);
  assert_true(t_has_option(g, "take the bonus tile: reputation"));
  t_answer(g, "take the bonus tile: money");
  t_expect(g, "action", p);
  assert_int_equal(pq->money, 20 - 2 + 10);
  assert_int_equal(g->s.bonus_taken, 1 | 2 | 8);

  /* each reward once per player: p back to 1 -> 2 gives nothing */
  donation_turn(g, p, 1, 0x7);
  t_expect(g, "action", q);
  assert_int_equal(pp->workers, 2);

  /* 9 -> 10: the first to reach 10 makes every player discard a final
  ** scoring card, starting with that player */
  donation_turn(g, p, 9, 0x7);
  t_expect_copy(g, "scoring.discard", p);
  assert_true(ark_game_decision(g)->secret);
  t_answer(g, ark_game_decision(g)->options[0]);
  t_expect_copy(g, "scoring.discard", q);
  assert_true(ark_game_decision(g)->secret);
  t_answer(g, ark_game_decision(g)->options[1]);
  t_expect(g, "action", q);
  assert_true((pp->scoring[0] < 0) != (pp->scoring[1] < 0));
  assert_true((pq->scoring[0] < 0) != (pq->scoring[1] < 0));
  /* the second player to reach 10 changes nothing */
  donation_turn(g, q, 9, 0x7);
  t_expect(g, "action", p);
  assert_int_equal(pq->conservation, 10);
  assert_null(t_invariants(g));
  ark_game_free(g);
}

/* ==== 3. X tokens and the tokens on action cards ==== */

/* The X-token action: the card goes to slot 1 (those left of it shift
** right) without being performed, +1 X token, +1 more per multiplier on
** it; at most 5 X tokens. */
static void test_xtoken_action(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 11);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
            ARK_ACT_SPONSORS);
  pl->xtokens = 0;
  pl->money = 10;
  g->s.break_pos = 3;
  int hand = pl->nhand;
  t_turn_of(g, p);
  t_answer(g, "X-token action: Association to slot 1");
  t_expect(g, "action", q);
  t_assert_slots(g, p, ARK_ACT_ASSOCIATION, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS,
               ARK_ACT_SPONSORS);
  assert_int_equal(pl->xtokens, 1);
  assert_int_equal(pl->money, 10);             /* nothing was performed */
  assert_int_equal(g->s.break_pos, 3);
  assert_int_equal(pl->nhand, hand);

  /* two multiplier tokens on Build: 1 + 2 X tokens */
  pl->multiplier[ARK_ACT_BUILD] = 2;
  t_turn_of(g, p);
  t_answer(g, "X-token action: Build to slot 1");
  t_expect(g, "action", q);
  assert_int_equal(pl->xtokens, 4);
  t_assert_slots(g, p, ARK_ACT_BUILD, ARK_ACT_ASSOCIATION, ARK_ACT_ANIMALS, ARK_ACT_CARDS,
               ARK_ACT_SPONSORS);

  /* 4 -> 5, then the maximum: 5 stays 5 */
  pl->multiplier[ARK_ACT_BUILD] = 0;
  t_turn_of(g, p);
  assert_true(t_offered(g, "X-token action: Build to slot 1"));
  t_answer(g, "X-token action: Sponsors to slot 1");
  t_expect(g, "action", q);
  assert_int_equal(pl->xtokens, 5);
  t_turn_of(g, p);
  /* with 5 tokens the slot-1 card would move nowhere and gain nothing */
  assert_false(t_offered(g, "X-token action: Sponsors to slot 1"));
  pl->multiplier[ARK_ACT_CARDS] = 1;
  t_answer(g, "X-token action: Cards to slot 1");
  t_expect(g, "action", q);
  assert_int_equal(pl->xtokens, 5);
  t_assert_slots(g, p, ARK_ACT_CARDS, ARK_ACT_SPONSORS, ARK_ACT_BUILD, ARK_ACT_ASSOCIATION,
               ARK_ACT_ANIMALS);
  ark_game_free(g);
}

/* Strength = slot + X tokens spent, also above 5 where budgets use the full
** strength (the Sponsors money alternative: money = strength, break +
** strength); the card then goes to slot 1. */
static void test_strength_slot_plus_xtokens(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 12);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS, ARK_ACT_SPONSORS,
            ARK_ACT_ASSOCIATION);
  t_clear_hand(g, p);                          /* no sponsor to play: money */
  pl->xtokens = 2;
  pl->money = 10;
  g->s.break_pos = 0;
  t_turn_of(g, p);
  assert_true(t_offered(g, "Sponsors I at strength 4"));
  assert_true(t_offered(g, "Sponsors I at strength 5 (1 X)"));
  assert_true(t_offered(g, "Sponsors I at strength 6 (2 X)"));
  assert_false(t_offered(g, "Sponsors I at strength 7 (3 X)"));
  assert_true(t_offered(g, "Cards I at strength 3"));
  assert_true(t_offered(g, "Cards I at strength 5 (2 X)"));
  t_answer(g, "Sponsors I at strength 6 (2 X)");
  t_expect(g, "action", q);
  assert_int_equal(pl->money, 16);
  assert_int_equal(g->s.break_pos, 6);
  assert_int_equal(pl->xtokens, 0);
  t_assert_slots(g, p, ARK_ACT_SPONSORS, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS,
               ARK_ACT_ASSOCIATION);

  /* the card in slot 5 played: the four others shift right */
  t_turn_of(g, p);
  t_answer(g, "Association I at strength 5");
  t_answer_match(g, "reputation");
  t_expect(g, "action", q);
  t_assert_slots(g, p, ARK_ACT_ASSOCIATION, ARK_ACT_SPONSORS, ARK_ACT_ANIMALS, ARK_ACT_BUILD,
               ARK_ACT_CARDS);
  /* Association at strength 1 allows no task: an action that does nothing
  ** is not offered */
  t_turn_of(g, p);
  assert_false(t_offered(g, "Association I at strength 1"));
  t_answer(g, "Sponsors I at strength 2");
  t_expect(g, "action", q);
  t_assert_slots(g, p, ARK_ACT_SPONSORS, ARK_ACT_ASSOCIATION, ARK_ACT_ANIMALS, ARK_ACT_BUILD,
               ARK_ACT_CARDS);
  ark_game_free(g);
}

/* Constriction: -2 strength per token; strength below 1 allows nothing. */
static void test_constriction(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 13);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
            ARK_ACT_SPONSORS);
  pl->constriction[ARK_ACT_SPONSORS] = 1;
  pl->xtokens = 0;
  pl->money = 10;
  g->s.break_pos = 0;
  t_turn_of(g, p);
  assert_false(t_offered(g, "Sponsors I at strength 5"));
  t_answer(g, "Sponsors I at strength 3");
  t_expect(g, "action", q);
  assert_int_equal(pl->money, 13);
  assert_int_equal(g->s.break_pos, 3);

  /* two tokens on the card in slot 3: -1, 0 with one X token, 1 with two */
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_SPONSORS, ARK_ACT_CARDS,
            ARK_ACT_ASSOCIATION);
  pl->constriction[ARK_ACT_SPONSORS] = 2;
  pl->xtokens = 2;
  t_turn_of(g, p);
  assert_false(t_has_option(g, "Sponsors I at strength -1"));
  assert_false(t_has_option(g, "Sponsors I at strength 0"));
  t_answer(g, "Sponsors I at strength 1 (2 X)");
  t_expect(g, "action", q);
  assert_int_equal(pl->money, 14);
  assert_int_equal(g->s.break_pos, 4);
  assert_int_equal(pl->xtokens, 0);
  ark_game_free(g);
}

/* Venom: at the end of each of the player's turns, 2 money per venom token
** on a card not played that turn; money never below 0; tokens stay. */
static void test_venom(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 14);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
            ARK_ACT_SPONSORS);
  pl->venom[ARK_ACT_BUILD] = 1;
  pl->venom[ARK_ACT_CARDS] = 2;
  pl->venom[ARK_ACT_SPONSORS] = 1;             /* played this turn: free */
  pl->money = 10;
  g->s.p[q].venom[ARK_ACT_BUILD] = 3;          /* not q's turn: q pays nothing */
  g->s.p[q].money = 7;
  t_turn_of(g, p);
  t_answer(g, "Sponsors I at strength 5");
  t_expect(g, "action", q);
  assert_int_equal(pl->money, 10 + 5 - 2 * 1 - 2 * 2);
  assert_int_equal(g->s.p[q].money, 7);
  assert_int_equal(pl->venom[ARK_ACT_BUILD], 1);   /* removed only at the break */

  /* 3 money against 2 x 2 due: pay what you can, never below 0 */
  pl->venom[ARK_ACT_CARDS] = 0;
  pl->venom[ARK_ACT_SPONSORS] = 0;
  pl->venom[ARK_ACT_BUILD] = 2;
  pl->money = 3;
  t_turn_of(g, p);
  t_answer(g, "X-token action: Association to slot 1");
  t_expect(g, "action", q);
  assert_int_equal(pl->money, 0);
  ark_game_free(g);
}

/* Multiplier: the action is performed once more per token. */
static void test_multiplier(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 15);
  int p = g->s.cur, q = 1 - p;
  ark_player *pl = &g->s.p[p];
  t_clear_hand(g, p);
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_SPONSORS, ARK_ACT_CARDS,
            ARK_ACT_ASSOCIATION);
  pl->multiplier[ARK_ACT_SPONSORS] = 1;
  pl->money = 10;
  g->s.break_pos = 0;
  t_turn_of(g, p);
  t_answer(g, "Sponsors I at strength 3");
  t_expect(g, "action", q);
  assert_int_equal(pl->money, 10 + 3 + 3);
  assert_int_equal(g->s.break_pos, 3 + 3);
  /* Cards I at strength 2 (draw 1) twice, and the break twice 2 further */
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_CARDS, ARK_ACT_SPONSORS, ARK_ACT_BUILD,
            ARK_ACT_ASSOCIATION);
  pl->multiplier[ARK_ACT_CARDS] = 2;
  t_turn_of(g, p);
  t_answer(g, "Cards I at strength 2");
  t_expect(g, "action", q);
  assert_int_equal(pl->nhand, 3);
  assert_int_equal(g->s.break_pos, 6 + 3 * 2);
  ark_game_free(g);
}

/* ==== 4. The break ==== */

/* p's zoo on map A (start: size-3 enclosure #0 at (0,9), kiosk #1 at
** (0,7)) with, beside kiosk (0,7): the start enclosure occupied, a
** pavilion, a petting zoo, an empty size-1 enclosure; beside a second
** kiosk at (4,7): a unique building and an empty size-1 enclosure.
** Kiosk income: 3 + 1 = 4 (empty enclosures pay nothing). */
static void build_kiosk_zoo(ark_game *g, int p) {
  t_put_animal(g, p, 420, 0);
  t_put_building_xy(g, p, "pavilion", 1, (const int[]){ 1, 6 });
  t_put_building_xy(g, p, "size-1", 1, (const int[]){ 0, 5 });
  t_put_building_xy(g, p, "petting-zoo", 3, (const int[]){ 1, 8, 2, 7, 2, 5 });
  t_put_building_xy(g, p, "kiosk", 1, (const int[]){ 4, 7 });
  t_put_building_xy(g, p, "sponsor-249", 3, (const int[]){ 4, 9, 5, 10, 6, 11 });
  t_put_building_xy(g, p, "size-1", 1, (const int[]){ 4, 5 });
}

static void test_break(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 16);
  ark_state *s = &g->s;
  int p = s->cur, q = 1 - p;
  ark_player *pp = &s->p[p], *pq = &s->p[q];
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_SPONSORS, ARK_ACT_BUILD, ARK_ACT_CARDS,
            ARK_ACT_ASSOCIATION);
  t_clear_hand(g, p);
  t_clear_hand(g, q);
  for (int n = 401; n <= 406; n++) t_give(g, p, n);   /* 6 cards, limit 3 */
  for (int n = 407; n <= 412; n++) t_give(g, q, n);   /* 6 cards, library: 5 */
  pq->hand_limit = 5;
  build_kiosk_zoo(g, p);
  pp->appeal = 35;                             /* income 22 */
  pq->appeal = 6;                              /* income 11 */
  pp->money = 10;
  pq->money = 0;
  pp->xtokens = 0;
  pp->edge_taken = (1 << 2) | (1 << 5);        /* 5 money (every break), 12 money (once) */
  /* tokens, workers, association board */
  pp->venom[ARK_ACT_BUILD] = 1;                /* paid at the end of p's turn */
  pp->multiplier[ARK_ACT_CARDS] = 1;
  pp->constriction[ARK_ACT_ANIMALS] = 1;
  pq->venom[ARK_ACT_BUILD] = 2;
  pq->constriction[ARK_ACT_CARDS] = 1;
  pq->multiplier[ARK_ACT_SPONSORS] = 1;
  pp->workers = 2;
  pp->workers_out = 2;
  pp->task_workers[ARK_TASK_REPUTATION] = 1;
  pp->task_workers[ARK_TASK_PARTNER_ZOO] = 1;
  pq->workers_out = 1;
  pq->task_workers[ARK_TASK_PROJECT] = 1;
  pp->partner_zoos = 1 | 4;                    /* Africa, Asia */
  pq->partner_zoos = 1;                        /* Africa */
  s->board_zoos = 0x1f & ~(1 | 4);
  pp->universities = 1 | 2;                    /* research, reputation */
  pq->universities = 1 | 4;                    /* research, library */
  s->board_unis = 0;

  /* 12 + 2 = 14 of 15: no break yet */
  s->break_pos = 12;
  t_turn_of(g, p);
  t_answer(g, "Sponsors I at strength 2");
  t_expect(g, "action", q);
  assert_int_equal(s->break_pos, 14);
  assert_int_equal(s->phase, ARK_PH_TURN);
  assert_int_equal(pp->money, 10 + 2 - 2);
  assert_int_equal(pp->xtokens, 0);

  /* 14 + 2 reaches the end: p gains 1 X token, the break follows p's turn */
  int16_t old[6];
  memcpy(old, s->display, sizeof old);
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_SPONSORS, ARK_ACT_BUILD, ARK_ACT_CARDS,
            ARK_ACT_ASSOCIATION);
  int turns = s->turn;
  t_turn_of(g, p);
  t_answer(g, "Sponsors I at strength 2");
  /* 1. discard down to the hand limit, trigger player first; nothing of
  ** steps 2 and 3 has happened yet */
  t_expect(g, "card.discard", p);
  assert_int_equal(s->phase, ARK_PH_BREAK);
  assert_int_equal(s->turn, turns + 1);        /* p's turn is over */
  assert_int_equal(pp->xtokens, 1);
  assert_int_equal(pp->money, 10 + 2 - 2);     /* venom paid, no income yet */
  assert_int_equal(pp->multiplier[ARK_ACT_CARDS], 1);
  for (int k = 0; k < 3; k++) {
    t_expect(g, "card.discard", p);
    t_answer(g, ark_game_decision(g)->options[0]);
  }
  t_expect(g, "card.discard", q);
  t_answer(g, ark_game_decision(g)->options[0]);
  /* the break is over: q's turn */
  t_expect(g, "action", q);
  assert_int_equal(s->phase, ARK_PH_TURN);
  assert_int_equal(pp->nhand, 3);
  assert_int_equal(pq->nhand, 5);
  /* 2. tokens removed, workers home */
  for (int pl = 0; pl < 2; pl++)
    for (int a = 0; a < 5; a++) {
      assert_int_equal(s->p[pl].multiplier[a], 0);
      assert_int_equal(s->p[pl].venom[a], 0);
      assert_int_equal(s->p[pl].constriction[a], 0);
    }
  assert_int_equal(pp->workers_out, 0);
  assert_int_equal(pq->workers_out, 0);
  for (int t = 0; t < 4; t++) {
    assert_int_equal(pp->task_workers[t], 0);
    assert_int_equal(pq->task_workers[t], 0);
  }
  assert_int_equal(pp->workers, 2);
  /* partner zoos and universities back, except those both players have */
  assert_int_equal(s->board_zoos, 0x1f & ~1);
  assert_int_equal(s->board_unis, 2 | 4);
  assert_int_equal(pp->partner_zoos, 1 | 4);   /* players keep theirs */
  /* folders 1 and 2 discarded, the rest slide down, 2 new cards */
  for (int f = 0; f < 4; f++) assert_int_equal(s->display[f], old[f + 2]);
  for (int f = 4; f < 6; f++) {
    assert_true(s->display[f] >= 0);
    assert_false(t_in_list(old, 6, s->display[f]));
  }
  assert_true(t_in_list(s->discard, s->ndiscard, old[0]));
  assert_true(t_in_list(s->discard, s->ndiscard, old[1]));
  /* 3. income: appeal table + kiosks + recurring edge bonuses */
  assert_int_equal(pp->money, 10 + 22 + 4 + 5);
  assert_int_equal(pq->money, 11);
  assert_int_equal(pp->xtokens, 1);            /* X tokens stay */
  /* 4. the marker is reset */
  assert_int_equal(s->break_pos, 0);
  assert_int_equal(s->break_trigger, -1);
  assert_null(t_invariants(g));
  ark_game_free(g);
}

/* ==== 5. End of game ==== */

/* Sets p's markers: appeal and conservation, with the conservation
** rewards below it already claimed. */
static void markers(ark_game *g, int p, int appeal, int cp) {
  ark_player *pl = &g->s.p[p];
  pl->appeal = (int16_t)appeal;
  pl->conservation = (int16_t)cp;
  pl->cp_bonus_done = (uint8_t)((cp >= 2) + 2 * (cp >= 5) + 4 * (cp >= 8) + 8 * (cp >= 10));
}

/* p takes a turn that changes nothing that matters: an X-token action. */
static void pass_turn(ark_game *g, int p) {
  t_expect(g, "action", p);
  t_answer_match(g, "X-token action: ");
}

/* Final scoring with nobody at 10 conservation: every player, from `first`
** on, discards one of the 2 final scoring cards; then the game is over. */
static void final_discards(ark_game *g, int first) {
  int n = g->s.nplayers;
  for (int i = 0; i < n; i++) {
    t_expect_copy(g, "scoring.discard", (first + i) % n);
    t_answer(g, ark_game_decision(g)->options[0]);
  }
  assert_int_equal(ark_game_process(g), ARK_END);
  for (int p = 0; p < n; p++)
    assert_true((g->s.p[p].scoring[0] < 0) != (g->s.p[p].scoring[1] < 0));
}

/* Appeal >= target at the end of p's own turn: each other player takes
** exactly one more turn, then the final scoring. */
static void test_end_trigger(void **st) {
  (void)st;
  ark_game *g = game_at_turn(3, 21);
  int p = g->s.cur, q = (p + 1) % 3, r = (p + 2) % 3;
  markers(g, p, 100, 7);                       /* target 100 */
  t_turn_of(g, p);
  t_answer_match(g, "X-token action: ");
  t_expect(g, "action", q);
  assert_int_equal(g->s.end_trigger, p);
  pass_turn(g, q);
  pass_turn(g, r);
  final_discards(g, r);
  assert_false(ark_game_capped(g));
  ark_game_free(g);
}

/* A discard from hand (the opening draft's here; the break's alike) offers
** each card in the hand, in its order, as "discard <name> (<number>)"
** (ENGINE.choose_hand reads them from the hand in C), and the answer
** discards the card it names, then asks again until the hand is down. */
static void test_discard_offers_the_hand(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 21, "A");
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  const ark_decision *d = ark_game_decision(g);
  int p = d->player;
  const ark_player *pl = &g->s.p[p];
  assert_string_equal(d->tag, "card.discard");
  assert_int_equal(pl->nhand, 8);
  for (int left = 8; left > 4; left--) {
    d = ark_game_decision(g);
    assert_string_equal(d->tag, "card.discard");
    assert_int_equal(d->player, p);
    assert_int_equal(d->noptions, left);
    for (int i = 0; i < left; i++) {
      ark_card_view c;
      char want[128];
      assert_int_equal(ark_card_get(g, pl->hand[i], &c), 0);
      snprintf(want, sizeof want, "discard %s (%d)", c.name, c.number);
      assert_string_equal(d->options[i], want);
    }
    int k = left % 3, card = pl->hand[k], before = g->s.ndiscard;
    char msg[256];
    assert_int_equal(ark_game_answer(g, k, msg, sizeof msg), ARK_OK);
    assert_int_equal(g->s.ndiscard, before + 1);
    assert_int_equal(g->s.discard[before], card);
    assert_int_equal(pl->nhand, left - 1);
    for (int i = 0; i < pl->nhand; i++) assert_int_not_equal(pl->hand[i], card);
    assert_int_equal(ark_game_process(g), ARK_AWAITING);
  }
  /* the seat keeps 4: the next decision is another seat's */
  assert_int_not_equal(ark_game_decision(g)->player, p);
  ark_game_free(g);
}

/* One short of the target is not the end. */
static void test_end_not_yet(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 22);
  int p = g->s.cur, q = 1 - p;
  markers(g, p, 99, 7);                        /* target 100 */
  t_turn_of(g, p);
  t_answer_match(g, "X-token action: ");
  pass_turn(g, q);
  pass_turn(g, p);
  t_expect(g, "action", q);
  assert_int_equal(g->s.end_trigger, -1);
  ark_game_free(g);
}

/* Markers crossing in someone else's turn wait for the end of the owner's
** own turn. */
static void test_end_cross_in_other_turn(void **st) {
  (void)st;
  ark_game *g = game_at_turn(3, 23);
  int p = g->s.cur, q = (p + 1) % 3, r = (p + 2) % 3;
  markers(g, r, 100, 7);                       /* r crossed while p plays */
  t_turn_of(g, p);
  t_answer_match(g, "X-token action: ");
  pass_turn(g, q);
  t_expect(g, "action", r);
  assert_int_equal(g->s.end_trigger, -1);
  pass_turn(g, r);                             /* now it counts */
  t_expect(g, "action", p);
  assert_int_equal(g->s.end_trigger, r);
  pass_turn(g, p);
  pass_turn(g, q);
  final_discards(g, q);
  ark_game_free(g);
}

/* p fills the break track with Sponsors at strength 2 (break at 13 of 15);
** hands are emptied so that the break asks nothing. */
static void break_turn(ark_game *g, int p) {
  for (int i = 0; i < g->s.nplayers; i++) t_clear_hand(g, i);
  t_set_slots(g, p, ARK_ACT_ANIMALS, ARK_ACT_SPONSORS, ARK_ACT_BUILD, ARK_ACT_CARDS,
            ARK_ACT_ASSOCIATION);
  g->s.break_pos = (uint8_t)(g->s.break_len - 2);
  t_turn_of(g, p);
  t_answer(g, "Sponsors I at strength 2");
}

/* Markers crossing during a break: every player, the one who crossed too,
** takes one more turn.  Here p gains 1 conservation at the break from the
** recurring edge bonus: 5 -> 6 CP, target 104 -> 102, appeal 103. */
static void test_end_cross_in_break(void **st) {
  (void)st;
  ark_game *g = game_at_turn(3, 24);
  int p = g->s.cur, q = (p + 1) % 3, r = (p + 2) % 3;
  markers(g, p, 103, 5);
  g->s.p[p].edge_taken = 1 << 3;               /* 1 conservation, every break */
  break_turn(g, p);
  t_expect(g, "action", q);
  assert_int_equal(g->s.p[p].conservation, 6);
  assert_int_equal(g->s.end_trigger, p);
  assert_int_equal(g->s.end_in_break, 1);
  pass_turn(g, q);
  pass_turn(g, r);
  pass_turn(g, p);
  final_discards(g, p);
  ark_game_free(g);
}

/* A recurring edge bonus's conservation at the break that reaches a reward
** space (1 -> 2 CP): the reward's choice ends the step's coroutine (the
** bonus is apply_bonus's gain_last), and the upgrade then taken. */
static void test_edge_conservation_reward_in_break(void **st) {
  (void)st;
  ark_game *g = game_at_turn(2, 24);
  int p = g->s.cur;
  markers(g, p, 20, 1);
  g->s.p[p].edge_taken = 1 << 3;               /* 1 conservation, every break */
  break_turn(g, p);
  t_expect_copy(g, "reward.cp2", p);
  t_answer(g, "upgrade an action card");
  t_expect_copy(g, "upgrade", p);
  t_answer_match(g, "Cards");
  assert_int_equal(g->s.p[p].conservation, 2);
  assert_true(g->s.p[p].upgraded & (1u << ARK_ACT_CARDS));
  ark_game_free(g);
}

/* Crossed during p's turn, before the break that p triggers: that is not
** a crossing during the break; r still waits for the end of r's own turn,
** and then p and q each take one more turn. */
static void test_end_cross_before_break(void **st) {
  (void)st;
  ark_game *g = game_at_turn(3, 25);
  int p = g->s.cur, q = (p + 1) % 3, r = (p + 2) % 3;
  markers(g, r, 100, 7);
  break_turn(g, p);
  pass_turn(g, q);
  t_expect(g, "action", r);
  assert_int_equal(g->s.end_trigger, -1);
  pass_turn(g, r);
  t_expect(g, "action", p);
  assert_int_equal(g->s.end_trigger, r);
  pass_turn(g, p);
  pass_turn(g, q);
  final_discards(g, q);
  ark_game_free(g);
}

/* Score = appeal - target; ties go to more supported projects, then share
** the rank.  Someone reached 10 conservation during the game, so the final
** scoring asks for no discard. */
static void test_final_score_and_rank(void **st) {
  (void)st;
  ark_game *g = game_at_turn(4, 26);
  ark_state *s = &g->s;
  int a = s->cur, b = (a + 1) % 4, c = (a + 2) % 4, d = (a + 3) % 4;
  markers(g, a, 100, 7);                       /* 100 - 100 = 0, 1 support */
  markers(g, b, 68, 12);                       /* 68 - 88 = -20, 3 supports */
  markers(g, c, 110, 2);                       /* 110 - 110 = 0, 2 supports */
  markers(g, d, 108, 3);                       /* 108 - 108 = 0, 2 supports */
  s->p[a].supports = 1;
  s->p[b].supports = 3;
  s->p[c].supports = 2;
  s->p[d].supports = 2;
  s->scoring_discarded = 1;                    /* b reached 10 */
  for (int p = 0; p < 4; p++) {
    ark_zone_box(g, s->p[p].scoring[1]);
    s->p[p].scoring[1] = ARK_NO_CARD;
  }
  t_turn_of(g, a);
  t_answer_match(g, "X-token action: ");
  pass_turn(g, b);
  pass_turn(g, c);
  pass_turn(g, d);
  assert_int_equal(ark_game_process(g), ARK_END);
  static const int score[4] = { 0, -20, 0, 0 }, target[4] = { 100, 88, 110, 108 };
  static const int rank[4] = { 3, 4, 1, 1 };
  int who[4] = { a, b, c, d };
  for (int i = 0; i < 4; i++) {
    ark_player_view v;
    ark_game_player(g, who[i], &v);
    assert_int_equal(v.target, target[i]);
    assert_int_equal(v.score, score[i]);
    assert_int_equal(v.rank, rank[i]);
  }
  assert_null(t_invariants(g));
  ark_game_free(g);
}

/* A break with more cards over the hand limit than a discard's code in
** the rules holds (discard_then: fewer than 64): every one of them is
** asked, under the break's prompt, and the hand ends at the limit. */
static void test_break_many_discards(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 3, "A");
  t_to_first_turn(g);
  ark_state *s = &g->s;
  ark_player *pp = &s->p[0];
  t_clear_hand(g, 0);
  t_clear_hand(g, 1);
  while (pp->nhand < 70 && s->ndeck > 0) {       /* cards from the deck, in order */
    pp->hand[pp->nhand++] = s->deck[--s->ndeck];
  }
  assert_int_equal(pp->nhand, 70);
  int limit = pp->hand_limit, asked = 0;
  t_run_break(g, 0);
  while (ark_game_process(g) == ARK_AWAITING && !strcmp(ark_game_pending_tag(g), "card.discard")) {
    const ark_decision *d = ark_game_decision(g);
    assert_int_equal(d->player, 0);
    assert_string_equal(d->prompt, "Break: discard down to your hand limit");
    t_answer(g, d->options[0]);
    asked++;
  }
  assert_int_equal(asked, 70 - limit);
  assert_int_equal(pp->nhand, limit);
  assert_int_equal(s->phase, ARK_PH_TURN);
  ark_game_free(g);
}

/* gain's amount: nothing for 0, an error naming the type for any other
** value that is not a number (a string that reads as one included, and
** nil, which a misspelt name reads), an error for a loss (gain_last's
** too: it had lowered the track with no "cannot pay"), the money moved
** only by a number of 0 or more. */
static const char *const GAIN_AMOUNTS =
  "local p = ...\n"
  "local before = ark.get(p, 'money')\n"
  "if gain(p, 'money', 0) ~= 0 then return 'nothing is not 0' end\n"
  "local bads = { '3', false, {}, nil }\n"
  "for i = 1, 4 do\n"
  "  local bad = bads[i]\n"
  "  local ok, err = pcall(gain, p, 'money', bad)\n"
  "  if ok then return 'gain took ' .. tostring(bad) end\n"
  "  if not string.find(err, 'gain: the amount must be a number, not ' .. type(bad), 1, true) then\n"
  "    return 'message: ' .. err\n"
  "  end\n"
  "end\n"
  "if ark.get(p, 'money') ~= before then return 'money moved' end\n"
  "for _, f in ipairs({ gain, gain_last }) do\n"
  "  for _, track in ipairs({ 'money', 'conservation' }) do\n"
  "    local ok, err = pcall(f, p, track, -3)\n"
  "    if ok then return 'a negative ' .. track .. ' gain passed' end\n"
  "    if not string.find(err, 'gain: the amount must be 0 or more, not -3 (pay(p, n)', 1, true) then\n"
  "      return 'message: ' .. err\n"
  "    end\n"
  "  end\n"
  "end\n"
  "if ark.get(p, 'money') ~= before then return 'money moved' end\n"
  "if gain(p, 'money', 2) ~= 2 or ark.get(p, 'money') ~= before + 2 then return 'gain 2' end\n"
  "return ''\n";

static void test_gain_amounts(void **st) {
  (void)st;
  t_lua_ok(1, GAIN_AMOUNTS);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_break_many_discards),
    cmocka_unit_test(test_gain_amounts),
    cmocka_unit_test(test_setup_2p),
    cmocka_unit_test(test_setup_3p),
    cmocka_unit_test(test_setup_4p),
    cmocka_unit_test(test_setup_random_parts),
    cmocka_unit_test(test_target_formula),
    cmocka_unit_test(test_income_table),
    cmocka_unit_test(test_track_caps),
    cmocka_unit_test(test_reputation_cap),
    cmocka_unit_test(test_reputation_bonuses),
    cmocka_unit_test(test_conservation_rewards),
    cmocka_unit_test(test_bonus_tile_cards),
    cmocka_unit_test(test_break_snap_refills_display),
    cmocka_unit_test(test_xtoken_action),
    cmocka_unit_test(test_strength_slot_plus_xtokens),
    cmocka_unit_test(test_constriction),
    cmocka_unit_test(test_venom),
    cmocka_unit_test(test_multiplier),
    cmocka_unit_test(test_break),
    cmocka_unit_test(test_end_trigger),
    cmocka_unit_test(test_discard_offers_the_hand),
    cmocka_unit_test(test_end_not_yet),
    cmocka_unit_test(test_end_cross_in_other_turn),
    cmocka_unit_test(test_end_cross_in_break),
    cmocka_unit_test(test_edge_conservation_reward_in_break),
    cmocka_unit_test(test_end_cross_before_break),
    cmocka_unit_test(test_final_score_and_rank),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
