/*
** test_hidden.c - what each seat may know: the AIs decide only from it,
** a redeal survives clones, and the log hides other seats' cards.
**
** The central check builds a twin of a game: the same public history and
** the same hand for seat 1, but the cards seat 1 cannot see (the deck and
** the opponent's unseen hand cards) trade places, in the live state and
** in the snapshot the running step replays from.  An AI that decides only
** from what its seat may know gives the same answer in both.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "ai.h"
#include "support.h"
#include "zone.h"

#define ME 0

static int hidden_from_me(const ark_state *s, int card) {
  return !(s->known[card] & (1 << ME));
}

/* Is card hidden from ME in state s: in the deck or unseen in another hand? */
static int in_hidden_place(const ark_state *s, int card) {
  for (int i = 0; i < s->ndeck; i++)
    if (s->deck[i] == card) return 1;
  for (int p = 0; p < s->nplayers; p++)
    for (int i = 0; p != ME && i < s->p[p].nhand; i++)
      if (s->p[p].hand[i] == card) return hidden_from_me(s, card);
  return 0;
}

static void relabel_list(int16_t *a, int n, const int16_t *map) {
  for (int i = 0; i < n; i++)
    if (a[i] >= 0 && map[a[i]] >= 0) a[i] = map[a[i]];
}

static void relabel_state(ark_state *s, const int16_t *map) {
  uint8_t known[ARK_MAX_CARDS];
  memcpy(known, s->known, sizeof known);
  relabel_list(s->deck, s->ndeck, map);
  for (int p = 0; p < s->nplayers; p++)
    if (p != ME) relabel_list(s->p[p].hand, s->p[p].nhand, map);
  for (int c = 0; c < ARK_MAX_CARDS; c++)
    if (map[c] >= 0) s->known[map[c]] = known[c];
}

/* The twin of g: every card hidden from ME both now and when the running
** step began is swapped with another such card, in the state, the
** snapshot and the events ME does not see. */
static ark_game *twin(const ark_game *g, uint64_t seed) {
  ark_game *t = ark_game_clone(g);
  int16_t cards[ARK_MAX_CARDS], map[ARK_MAX_CARDS];
  int n = 0;
  for (int c = 0; c < ARK_MAX_CARDS; c++) map[c] = -1;
  for (int c = 0; c < g->c->ncards; c++)
    if (in_hidden_place(&t->s, c) && (t->co_ref < 0 || in_hidden_place(t->snap, c)))
      cards[n++] = (int16_t)c;
  uint64_t x = seed;
  for (int i = n - 1; i > 0; i--) {          /* a random derangement-ish shuffle */
    int j = (int)(ai_rand(&x) % (uint64_t)i);
    int16_t k = cards[i];
    cards[i] = cards[j];
    cards[j] = k;
  }
  for (int i = 0; i < n; i++) map[cards[i]] = cards[(i + 1) % n];
  relabel_state(&t->s, map);
  if (t->snap) relabel_state(ark_state_own(&t->snap), map);   /* the original keeps its own */
  for (int i = 0; i < t->log.nev; i++) {
    ark_event *e = &t->log.ev[i];
    if (!ark_event_visible(e, ME) && e->a >= 0 && map[e->a] >= 0) e->a = map[e->a];
  }
  return t;
}

/* The twin really differs where ME cannot see. */
static void assert_hidden_differs(const ark_game *a, const ark_game *b) {
  assert_int_equal(a->s.ndeck, b->s.ndeck);
  assert_memory_not_equal(a->s.deck, b->s.deck, sizeof a->s.deck[0] * (size_t)a->s.ndeck);
  assert_int_equal(a->s.p[ME].nhand, b->s.p[ME].nhand);
  assert_memory_equal(a->s.p[ME].hand, b->s.p[ME].hand, sizeof a->s.p[ME].hand[0] * a->s.p[ME].nhand);
  assert_memory_equal(a->s.display, b->s.display, sizeof a->s.display);
}

static int pick_of(ark_game *g, int kind, uint64_t seed) {
  ai_player a;
  ai_budget b = { .iters = 12, .rollout = AI_ROLLOUT_FAST, .rollout_turns = 1 };
  ai_init(&a, kind, &b);
  return ai_pick(&a, ark_game_gs(g), seed);
}

/* At several of ME's decisions of a greedy game (action choices and the
** choices inside a turn), greedy and mcts answer the game and its twin
** alike.  Before the AIs decided on a view, the greedy valued every
** option against the real deck and hands: on this game the twins then
** got different greedy answers in 4 of the 16 picks, mcts in 2. */
static void test_ai_decides_from_what_its_seat_knows(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 5, "A");
  ai_player ap[2];
  char msg[128];
  int compared = 0, greedy_differs_from_mcts = 0;
  for (int p = 0; p < 2; p++) ai_init(&ap[p], AI_GREEDY, NULL);
  for (int n = 0; n < 400 && compared < 8 && ark_game_process(g) == ARK_AWAITING; n++) {
    const ark_decision *d = ark_game_decision(g);
    int turn = ark_game_turns(g);
    if (d->player == ME && d->noptions > 2 && turn >= 2 && (n % 3 == 0)) {
      ark_game *t = twin(g, 1000 + (uint64_t)n);
      assert_hidden_differs(g, t);
      assert_int_equal(ark_game_process(t), ARK_AWAITING);
      assert_int_equal(ark_game_decision(t)->noptions, d->noptions);
      for (uint64_t seed = 1; seed <= 2; seed++) {
        int ga = pick_of(g, AI_GREEDY, seed), gb = pick_of(t, AI_GREEDY, seed);
        assert_int_equal(ga, gb);
        if (!strcmp(d->tag, "action")) {
          int ma = pick_of(g, AI_MCTS, seed), mb = pick_of(t, AI_MCTS, seed);
          assert_int_equal(ma, mb);
          greedy_differs_from_mcts += ma != ga;
        }
      }
      ark_game_free(t);
      compared++;
    }
    uint64_t s = 77 ^ (uint64_t)ark_game_nanswers(g) * 0x9e3779b97f4a7c15ULL;
    assert_int_equal(ark_game_answer(g, ai_pick(&ap[d->player], ark_game_gs(g), s), msg, sizeof msg), ARK_OK);
  }
  assert_int_equal(compared, 8);
  ark_game_free(g);
}

/* The view depends only on what the seat knows: the game and its twin
** give the same view, state for state; and the view is a different deal
** from the real game. */
static void test_view_is_the_same_for_twins(void **st) {
  (void)st;
  ark_game *g = t_game(2, 9, "A");
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  ark_game *t = twin(g, 4);
  assert_hidden_differs(g, t);
  ark_game *va = ark_game_view(g, ME, 42), *vb = ark_game_view(t, ME, 42);
  assert_true(ark_state_same(&va->s, &vb->s));
  assert_memory_not_equal(va->s.deck, g->s.deck, sizeof g->s.deck[0] * (size_t)g->s.ndeck);
  assert_int_equal(va->s.p[ME].nhand, g->s.p[ME].nhand);
  assert_memory_equal(va->s.p[ME].hand, g->s.p[ME].hand, sizeof g->s.p[ME].hand[0] * g->s.p[ME].nhand);
  ark_game_free(va);
  ark_game_free(vb);
  ark_game_free(t);
  ark_game_free(g);
}

/* A redeal holds in every later clone, also in the middle of a turn (the
** clone replays the running step from its start). */
static void test_redeal_survives_clones(void **st) {
  (void)st;
  ark_game *g = t_game(2, 3, "A");
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  t_answer_match(g, "Cards");          /* into the turn: a choice follows */
  ark_game_process(g);
  ark_game *v = ark_game_view(g, ME, 7);
  ark_game *c = ark_game_clone(v);
  assert_int_equal(v->s.ndeck, g->s.ndeck);
  assert_memory_not_equal(v->s.deck, g->s.deck, sizeof g->s.deck[0] * (size_t)g->s.ndeck);
  assert_true(ark_state_same(&c->s, &v->s));
  ark_game *cc = ark_game_clone(c);
  assert_true(ark_state_same(&cc->s, &v->s));
  ark_game_free(cc);
  ark_game_free(c);
  ark_game_free(v);
  ark_game_free(g);
}

/* A redeal made where the step's coroutine is gone (at the turn's action,
** a continuation) holds in the clones made later in that turn, also in a
** game that keeps its log, whose clone inside a continuation may replay
** the step from its start: from a view at the action, each option is
** played on for a few decisions twice, once on one game and once on a
** game cloned anew at every decision, and the two agree to the byte at
** each, their draws included. */
static void test_redeal_at_a_continuation_survives_clones(void **st) {
  (void)st;
  char msg[128];
  int replayed = 0;
  for (uint64_t seed = 1; seed <= 8; seed++) {
    ark_game *g = t_game(2, seed, "A");
    assert_int_equal(ark_game_process(g), ARK_AWAITING);
    assert_true(g->cont && g->co_ref < 0);
    ark_game *v = ark_game_view(g, ME, 7);
    assert_memory_not_equal(v->s.deck, g->s.deck, sizeof g->s.deck[0] * (size_t)g->s.ndeck);
    for (int i = 0; i < ark_game_decision(v)->noptions; i++) {
      ark_game *one = ark_game_clone(v), *a = ark_game_clone(v);
      assert_int_equal(ark_game_answer(one, i, msg, sizeof msg), ARK_OK);
      assert_int_equal(ark_game_answer(a, i, msg, sizeof msg), ARK_OK);
      for (int k = 0; ark_game_process(one) == ARK_AWAITING && k < 12; k++) {
        replayed += a->based && a->co_ref >= 0;
        ark_game *c = ark_game_clone(a);
        ark_game_free(a);
        a = c;
        assert_int_equal(ark_game_process(a), ARK_AWAITING);
        assert_true(ark_state_same(&a->s, &one->s));
        assert_true(ark_game_log_hash(a) == ark_game_log_hash(one));
        const ark_decision *d = ark_game_decision(one);
        if (!strcmp(d->tag, "action")) break;        /* the next turn */
        int pick = (i + k) % d->noptions;
        assert_int_equal(ark_game_answer(one, pick, msg, sizeof msg), ARK_OK);
        assert_int_equal(ark_game_answer(a, pick, msg, sizeof msg), ARK_OK);
      }
      ark_game_free(a);
      ark_game_free(one);
    }
    ark_game_free(v);
    ark_game_free(g);
  }
  print_message("clones inside a running continuation after the redeal: %d\n", replayed);
  assert_true(replayed > 3);
}

/* A card the log showed stays where it is: P2 takes a display card into
** the hand; in P1's view P2 still holds it, while P2's other cards are
** dealt anew. */
static void test_view_keeps_what_the_log_showed(void **st) {
  (void)st;
  ark_game *g = t_game(2, 12, "A");
  int f = 0, card = ark_zone_display_take(g, f);
  ark_zone_hand_add(g, 1, card);
  ark_zone_display_refill(g);
  t_restart(g);
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  int moved = 0;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    ark_game *v = ark_game_view(g, ME, seed);
    assert_true(ark_zone_hand_find(v, 1, card) >= 0);
    for (int i = 0; i < g->s.p[1].nhand; i++)
      moved += g->s.p[1].hand[i] != card && ark_zone_hand_find(v, 1, g->s.p[1].hand[i]) < 0;
    ark_game_free(v);
  }
  assert_true(moved > 0);
  ark_game_free(g);
}

/* A card tucked face down (Pouch) is its owner's secret: in ME's view the
** card P2 tucked is dealt anew like P2's hand, while the one ME tucked
** stays.  The views had kept P2's tucked card as it was. */
static void test_view_deals_other_seats_tucked_cards(void **st) {
  (void)st;
  ark_game *g = t_game(2, 12, "A");
  int host[2], tucked[2];
  for (int p = 0; p < 2; p++) {
    ark_player *pl = &g->s.p[p];
    host[p] = ark_zone_deck_pop(g);
    ark_zone_zoo_add(g, p, host[p], -1);
    tucked[p] = pl->hand[0];
    ark_zone_hand_remove(g, p, tucked[p]);
    pl->under[pl->nunder] = (int16_t)tucked[p];
    pl->under_host[pl->nunder++] = (int16_t)host[p];
    assert_int_equal(g->s.known[tucked[p]], 1 << p);
  }
  t_restart(g);
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  int moved = 0;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    ark_game *v = ark_game_view(g, ME, seed);
    assert_int_equal(v->s.p[ME].under[0], tucked[ME]);
    assert_int_equal(v->s.p[1].nunder, 1);
    moved += v->s.p[1].under[0] != tucked[1];
    char msg[128];
    assert_int_equal(ark_zone_check(v, msg, sizeof msg), 0);
    ark_game_free(v);
  }
  assert_true(moved > 0);
  ark_game_free(g);
}

/* Does any event show seat q card id? */
static int event_shows(const ark_game *g, int q, int id) {
  char buf[256];
  for (int i = 0; i < ark_game_nevents(g); i++) {
    const ark_event *e = ark_game_event(g, i);
    ark_event_text_for(g, e, q, buf, sizeof buf);
    if ((ark_event_visible(e, q) && e->a == id) || strstr(buf, g->c->cards[id].name)) return 1;
  }
  return 0;
}

/* The opening draft is simultaneous and the display face down until it
** ends: the last seat to draft (4 players, seed 11) is asked in secret, as
** every seat was, and neither the log, nor what it knows, nor its view
** tells it the other seats' discards or the display; when the draft ends,
** every seat sees every discard, once.  The AIs' draft choices and
** discards had been printed and known to the seats drafting after them. */
static void test_draft_is_simultaneous(void **st) {
  (void)st;
  char msg[128];
  ark_game *g = t_new_game(4, 11, "A");
  int last = (g->s.start_player + 3) % 4, discards = 0;
  while (ark_game_process(g) == ARK_AWAITING && ark_game_decision(g)->player != last) {
    assert_true(ark_game_decision(g)->secret);
    assert_int_equal(ark_game_answer(g, 0, msg, sizeof msg), ARK_OK);
  }
  assert_true(ark_game_decision(g)->secret);
  assert_int_equal(g->s.ndiscard, 12);
  for (int i = 0; i < g->s.ndiscard; i++) {
    int c = g->s.discard[i];
    assert_false(g->s.known[c] & (1 << last));
    assert_false(event_shows(g, last, c));
  }
  for (int f = 0; f < ARK_DISPLAY; f++) {
    assert_int_equal(g->s.known[g->s.display[f]], 0);
    assert_false(event_shows(g, last, g->s.display[f]));
  }
  int pile_moved = 0, display_moved = 0;
  for (uint64_t seed = 1; seed <= 3; seed++) {
    ark_game *v = ark_game_view(g, last, seed);
    assert_int_equal(v->s.ndiscard, 12);
    pile_moved += memcmp(v->s.discard, g->s.discard, sizeof g->s.discard[0] * 12) != 0;
    display_moved += memcmp(v->s.display, g->s.display, sizeof g->s.display) != 0;
    ark_game_free(v);
  }
  assert_int_equal(pile_moved, 3);
  assert_int_equal(display_moved, 3);
  /* a discard of the draft is logged as it was before the draft was
  ** secret, with no player (saves made then keep their log hash); the seat
  ** is the one that sees it, and the others read that it discarded */
  const ark_event *first = NULL;
  for (int k = 0; k < ark_game_nevents(g) && !first; k++)
    if (ark_game_event(g, k)->type == ARK_EV_DISCARD) first = ark_game_event(g, k);
  assert_non_null(first);
  assert_int_equal(first->player, -1);
  int who = ark_event_seat(first);
  assert_int_equal(who, g->s.start_player);
  char line[128], want[64];
  ark_event_text_for(g, first, last, line, sizeof line);
  snprintf(want, sizeof want, "P%d discards a card", who + 1);
  assert_string_equal(line, want);
  while (ark_game_process(g) == ARK_AWAITING && g->s.phase == ARK_PH_DRAFT)
    assert_int_equal(ark_game_answer(g, 0, msg, sizeof msg), ARK_OK);
  assert_int_equal(g->s.ndiscard, 16);
  for (int i = 0; i < g->s.ndiscard; i++) {
    int c = g->s.discard[i];
    assert_int_equal(g->s.known[c], ARK_SEEN_ALL);
    for (int q = 0; q < 4; q++) {
      int seen = 0;
      for (int k = 0; k < ark_game_nevents(g); k++) {
        const ark_event *e = ark_game_event(g, k);
        seen += e->type == ARK_EV_DISCARD && e->a == c && ark_event_visible(e, q);
      }
      assert_int_equal(seen, 1);
    }
    discards++;
  }
  assert_int_equal(discards, 16);
  ark_game_free(g);
}

/* A seat's view keeps every answer as given, the other seats' secret ones
** too (the draft's discards): it deals anew the cards they moved, not the
** answers.  So undo never finds an Ark Nova secret answer revealed
** (host_game.views_keep_answers in host/game_ark.c, play.c). */
static void test_views_keep_secret_answers(void **st) {
  (void)st;
  ark_game *g = t_new_game(4, 11, "A");
  uint64_t rng = 5;
  int others_secret = 0, compared = 0;
  unsigned secret_by = 0;              /* seats that gave a secret answer */
  for (int k = 0; k < 240 && ark_game_process(g) == ARK_AWAITING; k++) {
    const ark_decision *d = ark_game_decision(g);
    int me = d->player;
    if (secret_by & ~(1u << me)) others_secret++;
    if (k % 3 == 0) {
      for (uint64_t seed = 1; seed <= 3; seed++) {
        ark_game *v = ark_game_view(g, me, seed);
        assert_int_equal(ark_game_nanswers(v), ark_game_nanswers(g));
        assert_memory_equal(ark_game_answers(v), ark_game_answers(g),
                            sizeof(int) * (size_t)ark_game_nanswers(g));
        ark_game_free(v);
      }
      compared++;
    }
    if (d->secret) secret_by |= 1u << me;
    t_random_answer(g, &rng);
  }
  assert_int_equal(secret_by, 0xf);    /* every seat drafted in secret */
  assert_true(others_secret > 0);
  assert_true(compared >= 60);
  ark_game_free(g);
}

/* Every seat's view, the seats that are not deciding too, taken at each
** draft discard and answered as the game was to the first turn, ends the
** draft with 4 cards in every hand: a discard offered from a hand the view
** dealt anew takes the card the view put there.  (It took the card dealt
** away, which stayed in the hand: 5 cards.) */
static void test_views_of_other_seats_finish_the_draft(void **st) {
  (void)st;
  ark_game *g = t_new_game(3, 11, "A");
  ark_game *views[64][3];
  int ans[64], n = 0;
  uint64_t rng = 7;
  while (ark_game_process(g) == ARK_AWAITING && strcmp(t_tag(g), "action")) {
    for (int p = 0; p < 3; p++) views[n][p] = ark_game_view(g, p, 3 + (uint64_t)n);
    ans[n++] = t_random_answer(g, &rng);
  }
  assert_int_equal(n, 12);
  char msg[128];
  for (int k = 0; k < n; k++)
    for (int p = 0; p < 3; p++) {
      ark_game *v = views[k][p];
      for (int i = k; i < n; i++) {
        ark_game_process(v);
        assert_int_equal(ark_game_answer(v, ans[i], msg, sizeof msg), ARK_OK);
      }
      assert_string_equal(t_tag(v), "action");
      for (int q = 0; q < 3; q++) assert_int_equal(v->s.p[q].nhand, 4);
      assert_int_equal(v->s.ndiscard, g->s.ndiscard);
      ark_game_free(v);
    }
  ark_game_free(g);
}

/* Each seat sees its own draws by name, the other seat's only as "a card";
** the log keeps the names for the whole game. */
static void test_log_hides_other_seats_draws(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 2, "A");
  char buf[256];
  int own = 0, other = 0;
  ark_game_process(g);
  for (int i = 0; i < ark_game_nevents(g); i++) {
    const ark_event *e = ark_game_event(g, i);
    if (e->type != ARK_EV_DRAW) continue;
    ark_card_view cv;
    ark_card_get(g, e->a, &cv);
    for (int seat = 0; seat < 2; seat++) {
      ark_event_text_for(g, e, seat, buf, sizeof buf);
      if (seat == e->player) {
        assert_non_null(strstr(buf, cv.name));
        own++;
      } else {
        assert_null(strstr(buf, cv.name));
        assert_non_null(strstr(buf, "draws a card"));
        other++;
      }
    }
    ark_event_text_for(g, e, -1, buf, sizeof buf);
    assert_non_null(strstr(buf, cv.name));
  }
  assert_int_equal(own, 16);             /* 8 cards dealt to each seat */
  assert_int_equal(other, 16);
  ark_game_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_ai_decides_from_what_its_seat_knows),
    cmocka_unit_test(test_view_is_the_same_for_twins),
    cmocka_unit_test(test_redeal_survives_clones),
    cmocka_unit_test(test_redeal_at_a_continuation_survives_clones),
    cmocka_unit_test(test_view_keeps_what_the_log_showed),
    cmocka_unit_test(test_view_deals_other_seats_tucked_cards),
    cmocka_unit_test(test_draft_is_simultaneous),
    cmocka_unit_test(test_log_hides_other_seats_draws),
    cmocka_unit_test(test_views_keep_secret_answers),
    cmocka_unit_test(test_views_of_other_seats_finish_the_draft),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
