/*
** support.c - test helpers: building games, random play, invariants,
** answering decisions by option text, and editing a state by hand (cards
** moved between zones, buildings and animals placed without the rules).
** One copy of each helper that two or more test files use.
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>
#include <lauxlib.h>
#include "support.h"
#include "lua_api.h"
#include "map.h"
#include "track.h"
#include "zone.h"

/* ---- games ---------------------------------------------------------------- */

/* A game of cfg from games/arknova's data; a failure to build one fails
** the test. */
ark_game *t_new_game_cfg(ark_config *cfg) {
  ark_game *g = NULL;
  char msg[2048];
  cfg->data_dir = ARK_GAME_DIR;
  if (ark_game_new(cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("ark_game_new: %s", msg);
  return g;
}

char *t_check_clean(ark_config *cfg) {
  char *report = NULL;
  int nerrors = -1;
  cfg->data_dir = ARK_GAME_DIR;
  assert_int_equal(ark_check(cfg, &report, &nerrors), ARK_OK);
  assert_int_equal(nerrors, 0);
  assert_non_null(report);
  return report;
}

/* A game of players on map from seed, with one plugin (or none). */
static ark_game *new_game_with(int players, uint64_t seed, const char *map, const char *plugin) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = players;
  cfg.seed = seed;
  cfg.map = map;
  cfg.plugins[0] = plugin;
  return t_new_game_cfg(&cfg);
}

ark_game *t_new_game(int players, uint64_t seed, const char *map) {
  return new_game_with(players, seed, map, NULL);
}

ark_game *t_new_game_plain(int players, uint64_t seed, const char *map) {
  return new_game_with(players, seed, map, ARK_SOURCE_DIR "/tests/plugins/plain");
}

/* The usual starting point of a rules test: a game at its first action,
** with no track reward question or X token in the way of the numbers. */
static ark_game *at_first_turn(ark_game *g) {
  t_to_first_turn(g);
  for (int p = 0; p < g->s.nplayers; p++) {
    g->s.p[p].cp_bonus_done = 0x0f;
    g->s.p[p].rep_bonus_done = 0x7f;
    g->s.p[p].xtokens = 0;
  }
  return g;
}

ark_game *t_game(int players, uint64_t seed, const char *map) {
  return at_first_turn(t_new_game(players, seed, map));
}

ark_game *t_game_cfg(ark_config *cfg) { return at_first_turn(t_new_game_cfg(cfg)); }

/* splitmix64: the tests' own random numbers, independent of the game's. */
static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A random option; a refusal fails the test unless the game itself failed
** (t_play_random reports that). */
int t_random_answer(ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  char msg[256];
  int i = (int)(splitmix(rng) % (uint64_t)d->noptions);
  if (ark_game_answer(g, i, msg, sizeof msg) != ARK_OK && ark_game_error(g)[0] == '\0')
    fail_msg("answer refused: %s", msg);
  return i;
}

/* A player's counters within the rules' bounds, or what is wrong. */
static const char *player_bad(const ark_player *pl) {
  if (pl->money < 0) return "money below 0";
  if (pl->appeal < 0 || pl->appeal > ARK_APPEAL_MAX) return "appeal out of bounds";
  if (pl->conservation < 0 || pl->conservation > ARK_CONSERVATION_MAX)
    return "conservation out of bounds";
  if (pl->reputation < 0 || pl->reputation > ARK_REPUTATION_MAX) return "reputation out of bounds";
  if (pl->xtokens > ARK_MAX_XTOKENS) return "too many X tokens";
  if (pl->workers < 1 || pl->workers > ARK_MAX_WORKERS) return "workers out of bounds";
  if (pl->workers_out > pl->workers) return "more workers out than owned";
  return NULL;
}

/* Building b of pl's zoo agrees with the animals living in it (a standard
** enclosure holds exactly the animal that points to it; a special one the
** room its animals take) and with the map cells, or what is wrong. */
static const char *building_bad(ark_game *g, const ark_player *pl, int b) {
  const ark_zoo *z = &pl->zoo_map;
  const ark_building *bu = &z->b[b];
  const ark_building_def *d = &g->c->buildings[bu->def];
  int count = 0, used = 0;
  for (int i = 0; i < pl->nzoo; i++)
    if (pl->zoo_building[i] == b) {
      count++;
      const ark_card_def *a = &g->c->cards[pl->zoo[i]];
      int size = !strcmp(d->key, "petting-zoo") ? a->petting_size
               : !strcmp(d->key, "reptile-house") ? a->reptile_size
               : !strcmp(d->key, "large-bird-aviary") ? a->aviary_size : 1;
      used += size > 0 ? size : 0;     /* ARK_ROOM_NONE: it takes no room */
    }
  if (d->kind == ARK_BK_ENCLOSURE) {
    if (count > 1) return "two animals in one standard enclosure";
    if ((bu->used != 0) != (count == 1)) return "enclosure occupancy flag disagrees";
  } else if (d->kind == ARK_BK_SPECIAL) {
    if (used != bu->used || used > d->capacity) return "special enclosure capacity disagrees";
  } else if (count) {
    return "an animal lives in a building that is not an enclosure";
  }
  for (int k = 0; k < bu->ncells; k++)
    if (z->at[bu->cells[k]] != b + 1) return "map cell does not point to its building";
  return NULL;
}

/* What must hold in any state the engine leaves (t_play_random checks it
** at every decision; hand-made tests after each turn). */
const char *t_invariants(ark_game *g) {
  static char msg[512];
  const ark_state *s = &g->s;
  const char *bad;
  if (ark_zone_check(g, msg, sizeof msg) != 0) return msg;
  for (int p = 0; p < s->nplayers; p++) {
    if ((bad = player_bad(&s->p[p])) != NULL) return bad;
    for (int b = 0; b < s->p[p].zoo_map.nb; b++)
      if ((bad = building_bad(g, &s->p[p], b)) != NULL) return bad;
  }
  if (s->break_pos > s->break_len) return "break marker past the end";
  return NULL;
}

/* Random answers to the end, checking the invariants at every decision when
** asked: the smoke test of every rule at once. */
int t_play_random(ark_game *g, uint64_t rng_seed, int check) {
  uint64_t rng = rng_seed;
  ark_progress pr;
  while ((pr = ark_game_process(g)) == ARK_AWAITING) {
    if (check) {
      const char *bad = t_invariants(g);
      if (bad) fail_msg("invariant broken at turn %d: %s", ark_game_turns(g), bad);
    }
    t_random_answer(g, &rng);
  }
  if (pr == ARK_ERROR) print_error("game error: %s\n", ark_game_error(g));
  return pr;
}

/* Skips the draft: its choices do not matter to the tests that start here. */
void t_to_first_turn(ark_game *g) {
  /* the draft keeps the first four cards of each hand */
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (!strcmp(d->tag, "action")) return;
    char msg[128];
    ark_game_answer(g, d->noptions - 1, msg, sizeof msg);
  }
  fail_msg("game ended before the first turn: %s", ark_game_error(g));
}

/* A hand-edited state is taken into account by running the step again. */
void t_restart(ark_game *g) {
  ark_game_refresh(g);
  ark_game_restart_step(g);
}

/* ---- decisions ------------------------------------------------------------ */

/* The pending decision on stderr, for a failing test's log. */
void t_print_options(ark_game *g) {
  const ark_decision *d = ark_game_decision(g);
  if (!d) {
    print_error("no decision pending: %s\n", ark_game_error(g));
    return;
  }
  print_error("decision %s for %d (%s):\n", d->tag, d->player, d->prompt);
  for (int i = 0; i < d->noptions; i++) print_error("  [%s]\n", d->options[i]);
}

/* The decision after process(), or NULL: a test may ask about options
** right after answering, before the engine has computed the next one. */
static const ark_decision *next_decision(ark_game *g) {
  ark_game_process(g);
  return ark_game_decision(g);
}

/* The tag, or "" when the game has moved past any decision. */
const char *t_tag(ark_game *g) {
  const ark_decision *d = next_decision(g);
  return d ? d->tag : "";
}

/* The number of options, 0 when no decision is pending. */
int t_noptions(ark_game *g) {
  const ark_decision *d = next_decision(g);
  return d ? d->noptions : 0;
}

/* A decision must be pending: "not offered" must not pass for want of one. */
int t_offered(ark_game *g, const char *text) {
  const ark_decision *d = next_decision(g);
  if (!d) fail_msg("no decision pending (is '%s' offered?): %s", text, ark_game_error(g));
  for (int i = 0; i < d->noptions; i++)
    if (!strcmp(d->options[i], text)) return 1;
  return 0;
}

/* A substring match, for options with numbers the test does not fix. */
int t_has_option(ark_game *g, const char *needle) {
  const ark_decision *d = ark_game_decision(g);
  if (!d) return 0;
  for (int i = 0; i < d->noptions; i++)
    if (strstr(d->options[i], needle)) return 1;
  return 0;
}

/* A decision must be pending: answering anything else is a test error. */
void t_answer(ark_game *g, const char *text) {
  char msg[256];
  if (ark_game_process(g) != ARK_AWAITING)
    fail_msg("no decision pending to answer '%s': %s", text, ark_game_error(g));
  if (ark_game_answer_text(g, text, msg, sizeof msg) != ARK_OK) {
    t_print_options(g);
    fail_msg("cannot answer '%s': %s %s", text, msg, ark_game_error(g));
  }
}

/* t_answer with the option text built by printf. */
void t_answerf(ark_game *g, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  t_answer(g, buf);
}

/* The first option containing needle; fails if none does. */
void t_answer_match(ark_game *g, const char *needle) {
  const ark_decision *d = ark_game_decision(g);
  char msg[256];
  if (!d) fail_msg("no decision pending (looking for '%s'): %s", needle, ark_game_error(g));
  for (int i = 0; i < d->noptions; i++)
    if (strstr(d->options[i], needle)) {
      if (ark_game_answer(g, i, msg, sizeof msg) != ARK_OK)
        fail_msg("answer failed: %s / %s", msg, ark_game_error(g));
      return;
    }
  t_print_options(g);
  fail_msg("no option contains '%s'", needle);
}

/* Money the placement bonuses under the cells of `option` give; -1 if one
** of them is another bonus (or money while money is not wanted). */
static int place_money(const ark_map_def *m, const char *option, int money_ok) {
  int cells[ARK_MAX_FOOTPRINT], n = t_parse_cells(option, cells), money = 0;
  for (int k = 0; k < n; k++) {
    const ark_bonus *b = &m->place_bonus[cells[k]];
    if (b->kind == ARK_BONUS_MONEY && money_ok) money += b->value;
    else if (b->kind != ARK_BONUS_NONE) return -1;
  }
  return money;
}

/* A placement without bonus keeps a bonus question out of the test. */
int t_answer_place(ark_game *g, int money_ok) {
  if (ark_game_process(g) != ARK_AWAITING) fail_msg("no placement asked: %s", ark_game_error(g));
  const ark_decision *d = ark_game_decision(g);
  const ark_map_def *m = t_map_of(g, d->player);
  for (int i = 0; i < d->noptions; i++) {
    int money = place_money(m, d->options[i], money_ok);
    if (money >= 0) {
      t_answer(g, d->options[i]);
      return money;
    }
  }
  t_print_options(g);
  fail_msg("every placement covers a bonus%s", money_ok ? " other than money" : "");
  return 0;
}

/* The decision, and its player when player >= 0, is the one expected. */
void t_expect(ark_game *g, const char *tag, int player) {
  ark_progress pr = ark_game_process(g);
  if (pr != ARK_AWAITING) fail_msg("expected decision %s, got %d (%s)", tag, pr, ark_game_error(g));
  const ark_decision *d = ark_game_decision(g);
  if (strcmp(d->tag, tag) != 0 || (player >= 0 && d->player != player))
    fail_msg("expected %s for player %d, got %s for player %d (%s)", tag, player, d->tag,
             d->player, d->prompt);
}

/* Do the two decisions ask the same of the same player? */
int t_same_options(const ark_decision *a, const ark_decision *b) {
  if (a->noptions != b->noptions || strcmp(a->tag, b->tag) || a->player != b->player) return 0;
  for (int i = 0; i < a->noptions; i++)
    if (strcmp(a->options[i], b->options[i])) return 0;
  return 1;
}

/* A clone of g with option i answered, run to its next decision. */
ark_game *t_answered_clone(const ark_game *g, int i) {
  char msg[128];
  ark_game *c = ark_game_clone(g);
  assert_int_equal(ark_game_answer(c, i, msg, sizeof msg), ARK_OK);
  ark_game_process(c);
  return c;
}

/* Option i answered on g and on a clone of g made before it, both run to
** their next decision: the same state and log. */
void t_answer_beside_clone(ark_game *g, int i) {
  char msg[128];
  ark_game *c = t_answered_clone(g, i);
  assert_int_equal(ark_game_answer(g, i, msg, sizeof msg), ARK_OK);
  ark_game_process(g);
  assert_true(ark_state_same(&c->s, &g->s));
  assert_true(ark_game_log_hash(c) == ark_game_log_hash(g));
  ark_game_free(c);
}

/* t_expect, and the decision ended its step's coroutine: a clone copies
** the state and runs no Lua, and two clones answered alike (each option in
** turn) play on alike. */
void t_expect_copy(ark_game *g, const char *tag, int player) {
  t_expect(g, tag, player);
  if (!g->cont) fail_msg("%s: the step's coroutine still runs (a clone would replay)", tag);
  ark_game *c = ark_game_clone(g);
  assert_int_equal(c->co_ref, -1);
  assert_true(t_same_options(ark_game_decision(g), ark_game_decision(c)));
  ark_game_free(c);
  for (int i = 0; i < ark_game_decision(g)->noptions; i++) {
    ark_game *a = t_answered_clone(g, i), *b = t_answered_clone(g, i);
    assert_true(ark_game_log_hash(a) == ark_game_log_hash(b));
    assert_true(ark_state_same(&a->s, &b->s));
    ark_game_free(a);
    ark_game_free(b);
  }
}

/* ---- turns, breaks, final scoring ----------------------------------------- */

/* The current player. */
int t_cur(ark_game *g) { return g->s.cur; }

/* The current player's turn from the edited state, action pending. */
void t_ready(ark_game *g) {
  int p = t_cur(g);
  t_restart(g);
  t_expect(g, "action", p);
}

/* p's turn from the edited state, action pending. */
void t_turn_of(ark_game *g, int p) {
  g->s.cur = (uint8_t)p;
  t_ready(g);
}

/* The turn ended as expected (next player's action) and the state is sound. */
void t_turn_over(ark_game *g, int p) {
  t_expect(g, "action", (p + 1) % g->s.nplayers);
  const char *bad = t_invariants(g);
  if (bad) fail_msg("invariant: %s", bad);
}

/* Slot 5 gives budget 5 on side I; level 6 and Sponsors II cards need
** side II, which the card gets here. */
void t_play_sponsor(ark_game *g, int p, int number) {
  const ark_card_def *c = &g->c->cards[t_card(g, number)];
  int side2 = c->level > 5 || (c->req_flags & ARK_REQ_SPONSORS_II);
  t_give(g, p, number);
  t_set_slot(g, p, ARK_ACT_SPONSORS, 5);
  if (side2) t_upgrade(g, p, ARK_ACT_SPONSORS);
  t_turn_of(g, p);
  t_answerf(g, "Sponsors %s at strength 5", side2 ? "II" : "I");
  t_answerf(g, "play %s (%d) (level %d)", c->name, number, c->level);
}

/* The break is entered by setting the phase; p's turn ended it. */
void t_run_break(ark_game *g, int p) {
  g->s.cur = (uint8_t)p;
  g->s.phase = ARK_PH_BREAK;
  g->s.step = 0;
  g->s.break_trigger = (int8_t)p;
  t_restart(g);
}

/* The final scoring is entered by setting the phase. */
void t_run_final(ark_game *g) {
  g->s.phase = ARK_PH_FINAL;
  g->s.step = 0;
  t_restart(g);
  ark_progress pr = ark_game_process(g);
  if (pr != ARK_END) {
    t_print_options(g);
    fail_msg("the final scoring did not end (%d): %s", pr, ark_game_error(g));
  }
}

/* ---- action cards --------------------------------------------------------- */

/* Swapping keeps the five action cards a permutation. */
void t_set_slot(ark_game *g, int p, int a, int slot) {
  ark_player *pl = &g->s.p[p];
  for (int i = 0; i < ARK_N_ACTIONS; i++)
    if (pl->slot[i] == a) {
      pl->slot[i] = pl->slot[slot - 1];
      pl->slot[slot - 1] = (uint8_t)a;
      return;
    }
}

/* All five slots at once, slot 1 first. */
void t_set_slots(ark_game *g, int p, int a1, int a2, int a3, int a4, int a5) {
  uint8_t *s = g->s.p[p].slot;
  s[0] = (uint8_t)a1; s[1] = (uint8_t)a2; s[2] = (uint8_t)a3;
  s[3] = (uint8_t)a4; s[4] = (uint8_t)a5;
}

/* Names the first slot that differs. */
void t_assert_slots(ark_game *g, int p, int a1, int a2, int a3, int a4, int a5) {
  const uint8_t *s = g->s.p[p].slot;
  int want[5] = { a1, a2, a3, a4, a5 };
  for (int i = 0; i < 5; i++)
    if (s[i] != want[i])
      fail_msg("slot %d holds action %d, expected %d", i + 1, s[i], want[i]);
}

/* The slot (1..5) of action a, 0 if none. */
int t_slot_of(ark_game *g, int p, int a) {
  for (int i = 0; i < ARK_N_ACTIONS; i++)
    if (g->s.p[p].slot[i] == a) return i + 1;
  return 0;
}

/* Action card a of p on side II. */
void t_upgrade(ark_game *g, int p, int a) { g->s.p[p].upgraded |= (uint8_t)(1u << a); }

/* ---- cards ---------------------------------------------------------------- */

/* The id of a printed number; an unknown number fails the test. */
int t_card(ark_game *g, int number) {
  int id = ark_content_find_card(g->c, number);
  if (id < 0) fail_msg("no card %d", number);
  return id;
}

/* Removes the entry at i of a zone array of n cards, keeping the order. */
static void remove_at(int16_t *a, int16_t *n, int i) {
  memmove(&a[i], &a[i + 1], sizeof(int16_t) * (size_t)(*n - i - 1));
  (*n)--;
}

/* Out of any zone a test may take a card from; the display is refilled
** from the deck as the rules would. */
void t_take_id(ark_game *g, int id) {
  ark_state *s = &g->s;
  for (int i = 0; i < s->ndeck; i++)
    if (s->deck[i] == id) { remove_at(s->deck, &s->ndeck, i); return; }
  for (int i = 0; i < s->ndiscard; i++)
    if (s->discard[i] == id) { remove_at(s->discard, &s->ndiscard, i); return; }
  for (int i = 0; i < s->nbox; i++)
    if (s->box[i] == id) { remove_at(s->box, &s->nbox, i); return; }
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (s->display[f] == id) { s->display[f] = (int16_t)ark_zone_deck_pop(g); return; }
  for (int p = 0; p < s->nplayers; p++)
    if (ark_zone_hand_remove(g, p, id) == 0) return;
  fail_msg("card %d is not in a zone a test can take it from", g->c->cards[id].number);
}

/* t_take_id by printed number. */
int t_take_out(ark_game *g, int number) {
  int id = t_card(g, number);
  t_take_id(g, id);
  return id;
}

/* Into p's hand, unless it is there already. */
void t_give(ark_game *g, int p, int number) {
  int id = t_card(g, number);
  if (ark_zone_hand_find(g, p, id) >= 0) return;
  t_take_id(g, id);
  ark_zone_hand_add(g, p, id);
}

/* The hand goes to the discard pile, so no card in it is in reach. */
void t_clear_hand(ark_game *g, int p) {
  ark_player *pl = &g->s.p[p];
  while (pl->nhand > 0) {
    int id = pl->hand[pl->nhand - 1];
    pl->nhand--;
    ark_zone_discard(g, id);
  }
}

/* A card in the zoo for its icons only: no enclosure, no effect. */
int t_zoo_add(ark_game *g, int p, int number) {
  int id = t_take_out(g, number);
  ark_zone_zoo_add(g, p, id, -1);
  return id;
}

/* Folder f (1-based) holds the card; the one there is discarded. */
int t_put_display(ark_game *g, int f, int number) {
  int id = t_take_out(g, number);
  int old = g->s.display[f - 1];
  if (old >= 0) ark_zone_discard(g, old);
  g->s.display[f - 1] = (int16_t)id;
  return id;
}

/* All cards leave their zones before any is stacked: taking one from the
** display would otherwise pop a card just stacked. */
void t_stack_deck(ark_game *g, const int *numbers, int n) {
  int ids[16];
  assert_true(n <= 16);
  for (int i = 0; i < n; i++) ids[i] = t_take_out(g, numbers[i]);
  for (int i = 0; i < n; i++) g->s.deck[g->s.ndeck++] = (int16_t)ids[i];
}

/* Swap within the base projects, or the old card goes to the box. */
void t_set_base(ark_game *g, int i, int number) {
  int id = t_card(g, number);
  for (int j = 0; j < g->s.nbase; j++)
    if (g->s.base[j].card == id) {
      g->s.base[j].card = g->s.base[i].card;
      g->s.base[i].card = (int16_t)id;
      return;
    }
  t_take_id(g, id);
  ark_zone_box(g, g->s.base[i].card);
  g->s.base[i].card = (int16_t)id;
}

/* Linear search in a zone array. */
int t_in_list(const int16_t *a, int n, int id) {
  for (int i = 0; i < n; i++)
    if (a[i] == id) return 1;
  return 0;
}

/* Is the card in p's hand? */
int t_in_hand(ark_game *g, int p, int number) {
  return ark_zone_hand_find(g, p, t_card(g, number)) >= 0;
}

/* Is the card in the discard pile? */
int t_in_discard(ark_game *g, int number) {
  return t_in_list(g->s.discard, g->s.ndiscard, t_card(g, number));
}

/* Is the card in p's zoo? */
int t_in_zoo(ark_game *g, int p, int number) {
  return ark_zone_zoo_find(g, p, t_card(g, number)) >= 0;
}

/* The building the card lives in: -1 outside any, -2 not in p's zoo. */
int t_building_of(ark_game *g, int p, int number) {
  int i = ark_zone_zoo_find(g, p, t_card(g, number));
  return i < 0 ? -2 : g->s.p[p].zoo_building[i];
}

/* ---- maps and buildings --------------------------------------------------- */

/* Neighbour offsets in the map's coordinates (dy 2 is the next space down
** a column). */
const int T_DX[6] = { 0, 0, -1, 1, -1, 1 }, T_DY[6] = { -2, 2, -1, -1, 1, 1 };

/* The map p plays on. */
const ark_map_def *t_map_of(ark_game *g, int p) { return &g->c->maps[g->s.p[p].map]; }

/* Inside the grid and a space of the map. */
int t_on_map(const ark_map_def *m, int x, int y) {
  return x >= 0 && x < ARK_GRID_W && y >= 0 && y < ARK_GRID_H && m->exists[ARK_CELL(x, y)];
}

/* The rules' edge space, recomputed from the raw cells. */
int t_is_edge(const ark_map_def *m, int c) {
  int x = ARK_CELL_X(c), y = ARK_CELL_Y(c), n = 0;
  for (int k = 0; k < 6; k++) n += t_on_map(m, x + T_DX[k], y + T_DY[k]);
  return n < 6;
}

/* The cells of an option or a test's "(x,y) (x,y)", in the order written. */
int t_parse_cells(const char *s, int cells[ARK_MAX_FOOTPRINT]) {
  int n = 0, x, y, used;
  const char *q = strchr(s, '(');
  while (q && n < ARK_MAX_FOOTPRINT && sscanf(q, " (%d,%d)%n", &x, &y, &used) == 2) {
    cells[n++] = ARK_CELL(x, y);
    q += used;
  }
  return n;
}

/* A special enclosure placed by hand counts as built, as the Build action
** would mark it. */
static void mark_special(ark_game *g, int p, const char *key) {
  if (!strcmp(key, "petting-zoo")) g->s.p[p].special_built |= ARK_SPECIAL_PETTING;
  if (!strcmp(key, "reptile-house")) g->s.p[p].special_built |= ARK_SPECIAL_REPTILE;
  if (!strcmp(key, "large-bird-aviary")) g->s.p[p].special_built |= ARK_SPECIAL_AVIARY;
}

/* Places building `key` on n cells, sorted as the engine keeps them; the
** cells must form the tile (their count is checked). */
static int place_cells(ark_game *g, int p, const char *key, int n, const int *cells) {
  int def = ark_content_find_building(g->c, key);
  assert_true(def >= 0);
  assert_int_equal(n, g->c->buildings[def].ncells);
  ark_place pl;
  memset(&pl, 0, sizeof pl);
  for (int i = 0; i < n; i++) {
    int k = pl.ncells++;
    while (k > 0 && pl.cells[k - 1] > cells[i]) { pl.cells[k] = pl.cells[k - 1]; k--; }
    pl.cells[k] = (uint8_t)cells[i];
  }
  int b = ark_map_place(&g->s.p[p].zoo_map, def, &pl);
  assert_true(b >= 0);
  mark_special(g, p, key);
  return b;
}

/* Cells as the options write them, so tests can copy them. */
int t_put_building(ark_game *g, int p, const char *key, const char *cells) {
  int c[ARK_MAX_FOOTPRINT];
  int n = t_parse_cells(cells, c);
  return place_cells(g, p, key, n, c);
}

/* Cells as x, y pairs. */
int t_put_building_xy(ark_game *g, int p, const char *key, int n, const int *xy) {
  int c[ARK_MAX_FOOTPRINT];
  assert_true(n <= ARK_MAX_FOOTPRINT);
  for (int i = 0; i < n; i++) c[i] = ARK_CELL(xy[2 * i], xy[2 * i + 1]);
  return place_cells(g, p, key, n, c);
}

/* Can footprint pl of p's map hold a building: every space a free plain
** one without placement bonus? */
static int free_plain(const ark_map_def *m, const ark_zoo *z, const ark_place *pl) {
  if (pl->ncells == 0) return 0;
  for (int k = 0; k < pl->ncells; k++) {
    int c = pl->cells[k];
    if (!m->exists[c] || m->terrain[c] != ARK_TERRAIN_PLAIN || z->at[c] ||
        m->place_bonus[c].kind != ARK_BONUS_NONE)
      return 0;
  }
  return 1;
}

/* Tries every footprint (anchor, rotation) of the map in turn. */
int t_put_fitting(ark_game *g, int p, const char *key, int water, int rock) {
  int def = ark_content_find_building(g->c, key);
  const ark_map_def *m = t_map_of(g, p);
  ark_zoo *z = &g->s.p[p].zoo_map;
  for (int anchor = 0; anchor < ARK_CELLS; anchor++)
    for (int rot = 0; rot < 6; rot++) {
      ark_place pl;
      memset(&pl, 0, sizeof pl);
      pl.ncells = (uint8_t)ark_map_footprint(&g->c->buildings[def], anchor, rot, pl.cells);
      if (!free_plain(m, z, &pl)) continue;
      ark_zoo trial = *z;
      int b = ark_map_place(&trial, def, &pl);
      if (ark_map_adjacent_terrain(m, &trial, b, ARK_TERRAIN_WATER) < water ||
          ark_map_adjacent_terrain(m, &trial, b, ARK_TERRAIN_ROCK) < rock)
        continue;
      *z = trial;
      mark_special(g, p, key);
      return b;
    }
  fail_msg("no place for %s with %d water and %d rock", key, water, rock);
  return -1;
}

/* A standard enclosure holds the one animal; a special enclosure counts
** the room the animal takes there. */
int t_put_animal(ark_game *g, int p, int number, int b) {
  int id = t_take_out(g, number);
  ark_building *bu = &g->s.p[p].zoo_map.b[b];
  const ark_building_def *d = &g->c->buildings[bu->def];
  const ark_card_def *a = &g->c->cards[id];
  if (d->kind == ARK_BK_ENCLOSURE) {
    bu->used = 1;
    bu->card = (int16_t)id;
  } else if (!strcmp(d->key, "petting-zoo")) bu->used = (uint8_t)(bu->used + a->petting_size);
  else if (!strcmp(d->key, "reptile-house")) bu->used = (uint8_t)(bu->used + a->reptile_size);
  else bu->used = (uint8_t)(bu->used + a->aviary_size);
  ark_zone_zoo_add(g, p, id, b);
  return id;
}

/* ---- files ---------------------------------------------------------------- */

/* Fails the test when the file cannot be written. */
void t_write_file(const char *dir, const char *name, const char *text) {
  char path[1024];
  if (dir) snprintf(path, sizeof path, "%s/%s", dir, name);
  else snprintf(path, sizeof path, "%s", name);
  FILE *f = fopen(path, "w");
  if (!f) fail_msg("cannot write %s", path);
  fputs(text, f);
  fclose(f);
}

char *t_slurp(const char *dir, const char *name) {
  static char buf[1 << 20];
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

int t_run_in(const char *exe, const char *dir, const char *input, const char *fmt, va_list ap) {
  char args[2048], cmd[8192];
  vsnprintf(args, sizeof args, fmt, ap);
  snprintf(cmd, sizeof cmd, "cd %s && %s %s < %s > %s/out 2>&1", dir, exe, args,
           input ? input : "/dev/null", dir);
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

char t_exe[4096], t_tmp[256];

/* t_exe: the arknova built beside this test; 0, or -1. */
static int find_arknova(void) {
  ssize_t len = readlink("/proc/self/exe", t_exe, sizeof t_exe - 32);
  if (len <= 0) return -1;
  t_exe[len] = '\0';
  strcpy(strrchr(t_exe, '/') + 1, "arknova");
  return 0;
}

int t_cmd_begin(const char *name) {
  if (find_arknova() != 0) return -1;
  snprintf(t_tmp, sizeof t_tmp, "/tmp/ark_%s.XXXXXX", name);
  return mkdtemp(t_tmp) ? 0 : -1;
}

int t_capture(char *out, size_t n, const char *dir, const char *input, const char *args) {
  char cmd[8192];
  if (!t_exe[0] && find_arknova() != 0) fail_msg("where is this test?");
  snprintf(cmd, sizeof cmd, "cd %s && printf '%s' | %s %s 2>&1", dir ? dir : ".",
           input ? input : "", t_exe, args);
  FILE *f = popen(cmd, "r");
  if (!f) fail_msg("cannot run %s", cmd);
  size_t got = fread(out, 1, n - 1, f);
  out[got] = '\0';
  int st = pclose(f);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int t_cmd_end(int rc) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf %s", t_tmp);
  if (system(cmd) != 0) rc = rc ? rc : 1;
  return rc;
}

int t_cmd(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int st = t_run_in(t_exe, t_tmp, NULL, fmt, ap);
  va_end(ap);
  return st;
}

int t_out_has(const char *needle) {
  const char *out = t_slurp(t_tmp, "out");
  if (out && strstr(out, needle)) return 1;
  print_message("missing '%s' in:\n%s\n", needle, out ? out : "(no output)");
  return 0;
}

/* ---- Lua checks in random games ---- */

const char *t_run_lua(ark_game *g, const char *chunk, int p, char *out, size_t n) {
  lua_State *L = g->c->L;
  ark_lua_set_game(g->c, g);
  lua_pushlightuserdata(L, (void *)chunk);
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    if (luaL_loadstring(L, chunk) != 0) fail_msg("lua: %s", lua_tostring(L, -1));
    lua_pushlightuserdata(L, (void *)chunk);
    lua_pushvalue(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
  }
  lua_pushinteger(L, p);
  if (lua_pcall(L, 1, 1, 0) != 0) fail_msg("lua: %s", lua_tostring(L, -1));
  snprintf(out, n, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
  lua_pop(L, 1);
  ark_lua_set_game(g->c, NULL);
  return out;
}

void t_lua_ok(uint64_t seed, const char *chunk) {
  ark_game *g = t_new_game(2, seed, NULL);
  char why[512];
  t_run_lua(g, chunk, 0, why, sizeof why);
  ark_game_free(g);
  if (why[0]) fail_msg("%s", why);
}

int t_compare_game(ark_game *g, int players, uint64_t seed, const char *chunk, int every) {
  uint64_t rng = seed * 7919;
  int n = 0, k = 0;
  char why[512];
  while (ark_game_process(g) == ARK_AWAITING) {
    if (!strcmp(ark_game_decision(g)->tag, "action") && k++ % every == 0) {
      for (int p = 0; p < players; p++)
        if (t_run_lua(g, chunk, p, why, sizeof why)[0])
          fail_msg("seed %llu turn %d: %s", (unsigned long long)seed, ark_game_turns(g), why);
      n++;
    }
    t_random_answer(g, &rng);
  }
  assert_int_equal(ark_game_process(g), ARK_END);
  ark_game_free(g);
  return n;
}

int t_compare_four_games(const char *chunk) {
  int n = 0;
  for (uint64_t seed = 1; seed <= 3; seed++)
    n += t_compare_game(t_new_game(2, seed, NULL), 2, seed, chunk, 1);
  return n + t_compare_game(t_new_game(3, 4, "2"), 3, 4, chunk, 1);
}
