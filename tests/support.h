/*
** support.h - helpers shared by the cmocka tests.
**
** Every helper used by two or more test files lives here, once.  Cards are
** named by their printed number unless a parameter says `id`.  Helpers that
** edit g->s leave recomputing to the caller (t_restart, t_ready, t_turn_of).
*/
#ifndef ARK_TEST_SUPPORT_H
#define ARK_TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "ark.h"
#include "game.h"
#include "map.h"

/* ---- games ---- */

/* A new game from games/arknova; fails the test on error. */
ark_game *t_new_game(int players, uint64_t seed, const char *map);
/* The same with tests/plugins/plain loaded: the rules take their plain
** way, so that most decisions run inside a step's coroutine (a clone there
** replays the step), as a fan card's mid-handler choose() does. */
ark_game *t_new_game_plain(int players, uint64_t seed, const char *map);
/* The same for any configuration (plugins, turn cap); sets its data_dir. */
ark_game *t_new_game_cfg(ark_config *cfg);
/* ark_check of cfg against games/arknova's data (sets its data_dir): its
** report, which must hold warnings and no error (to free). */
char *t_check_clean(ark_config *cfg);
/* A new game at its first turn's action decision (t_to_first_turn), every
** player's track rewards marked as claimed (so that gains ask no reward
** question; tests that want one clear the bits) and no X tokens. */
ark_game *t_game(int players, uint64_t seed, const char *map);
/* The same for a configuration (fan card folders, say). */
ark_game *t_game_cfg(ark_config *cfg);
/* Answers with a uniformly random option (own RNG, not the game's). */
int t_random_answer(ark_game *g, uint64_t *rng);
/* Plays random answers to the end; returns ARK_END or ARK_ERROR. */
int t_play_random(ark_game *g, uint64_t rng_seed, int check_invariants);
/* Checks the state invariants; returns NULL or a description. */
const char *t_invariants(ark_game *g);
/* Answers the draft (keeping the last four cards dealt) up to the first
** turn's action decision. */
void t_to_first_turn(ark_game *g);
/* After editing g->s by hand at a decision: recompute icons and run the
** current step again from the edited state, so options reflect it. */
void t_restart(ark_game *g);

/* Runs Lua chunk (loaded once per chunk pointer) with seat p as its
** argument on g's Lua state; its text result is copied to out, "" for nil. */
const char *t_run_lua(ark_game *g, const char *chunk, int p, char *out, size_t n);
/* A new 2-player game of that seed on map A, chunk run in it for seat 0
** (t_run_lua), which must give "" (anything else fails the test). */
void t_lua_ok(uint64_t seed, const char *chunk);
/* Plays g with random answers (from seed); at every `every`-th action
** decision runs chunk for each of the players seats and fails the test on
** the first text it returns.  Frees g; returns the positions compared. */
int t_compare_game(ark_game *g, int players, uint64_t seed, const char *chunk, int every);
/* t_compare_game at every action decision of four random games: seeds 1 to
** 3 with 2 players on map A, seed 4 with 3 players on map 2; the positions
** compared. */
int t_compare_four_games(const char *chunk);

/* ---- decisions ---- */

/* Prints the pending decision and its options (failure diagnostics). */
void t_print_options(ark_game *g);
/* Runs process(); the pending decision's tag, or "" if none. */
const char *t_tag(ark_game *g);
/* Runs process(); the number of options pending, 0 if none. */
int t_noptions(ark_game *g);
/* Runs process(); is an option reading exactly `text` offered? */
int t_offered(ark_game *g, const char *text);
/* Does the pending decision have an option containing needle? */
int t_has_option(ark_game *g, const char *needle);
/* Answers the option reading exactly `text`; fails if there is none. */
void t_answer(ark_game *g, const char *text);
/* t_answer with a printf-formatted text. */
void t_answerf(ark_game *g, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 2, 3)))
#endif
  ;
/* Answers the option whose text contains `needle`; fails if none. */
void t_answer_match(ark_game *g, const char *needle);
/* Answers the first building placement covering no placement bonus (money
** bonuses allowed when money_ok); returns the money they give. */
int t_answer_place(ark_game *g, int money_ok);
/* Runs process() and asserts a decision with tag is pending for p. */
void t_expect(ark_game *g, const char *tag, int player);
/* t_expect for a decision that ended its step's coroutine (choose_then):
** asserts a clone there is a copy, and that clones answered alike play on
** alike, for each option. */
void t_expect_copy(ark_game *g, const char *tag, int player);
/* Do two decisions ask the same of the same player? */
int t_same_options(const ark_decision *a, const ark_decision *b);
/* A clone of g with option i answered, run to its next decision. */
ark_game *t_answered_clone(const ark_game *g, int i);
/* Answers option i on g and on a clone made just before, runs both to their
** next decision and asserts the same state and log. */
void t_answer_beside_clone(ark_game *g, int i);

/* ---- turns, breaks, final scoring ---- */

/* The current player. */
int t_cur(ark_game *g);
/* Runs the current player's turn again from the edited state; the action
** decision is pending. */
void t_ready(ark_game *g);
/* Makes it p's turn from the edited state; the action decision is pending. */
void t_turn_of(ark_game *g, int p);
/* p's turn is over: the next player's action is asked; invariants hold. */
void t_turn_over(ark_game *g, int p);
/* p plays sponsor `number` (given if not in hand) with the Sponsors action
** in slot 5: side I, or side II (budget 6) for level 6 and Sponsors II
** cards; p's turn is made.  The caller answers what follows. */
void t_play_sponsor(ark_game *g, int p, int number);
/* Runs a break triggered by p (p filled the track): income for everyone. */
void t_run_break(ark_game *g, int p);
/* Runs the final scoring; fails unless the game ends without a question. */
void t_run_final(ark_game *g);

/* ---- action cards ---- */

/* Puts action a into slot (1..5) by swapping with the card there. */
void t_set_slot(ark_game *g, int p, int a, int slot);
/* Sets all five slots of p, slot 1 first. */
void t_set_slots(ark_game *g, int p, int a1, int a2, int a3, int a4, int a5);
/* Asserts the five slots of p, slot 1 first. */
void t_assert_slots(ark_game *g, int p, int a1, int a2, int a3, int a4, int a5);
/* The slot (1..5) holding action a, 0 if none. */
int t_slot_of(ark_game *g, int p, int a);
/* Turns p's action card a to side II. */
void t_upgrade(ark_game *g, int p, int a);

/* ---- cards ---- */

/* Card id by printed number. */
int t_card(ark_game *g, int number);
/* Moves card (by printed number) into p's hand from wherever it is. */
void t_give(ark_game *g, int p, int number);
/* Moves every card of p's hand to the discard pile. */
void t_clear_hand(ark_game *g, int p);
/* Removes card `id` from whatever zone holds it (deck, discard, box,
** display, a hand); fails if no such zone holds it. */
void t_take_id(ark_game *g, int id);
/* t_take_id by printed number; returns the card's id. */
int t_take_out(ark_game *g, int number);
/* A card in p's zoo as if played, outside any enclosure (its icons count,
** it has no effect of its own); returns its id. */
int t_zoo_add(ark_game *g, int p, int number);
/* Card into display folder f (1-based); the card there is discarded. */
int t_put_display(ark_game *g, int f, int number);
/* Cards on top of the deck, the last one topmost (all leave their zones
** first: taking one from the display refills it from the deck). */
void t_stack_deck(ark_game *g, const int *numbers, int n);
/* Base project slot i holds project `number`: swapped with the card there
** when both are base projects in play, else that card goes to the box.
** The tokens on the slots stay. */
void t_set_base(ark_game *g, int i, int number);
/* Is card id among the n ids of a? */
int t_in_list(const int16_t *a, int n, int id);
/* Is the card in p's hand / the discard pile / p's zoo? */
int t_in_hand(ark_game *g, int p, int number);
int t_in_discard(ark_game *g, int number);
int t_in_zoo(ark_game *g, int p, int number);
/* Index of the building the card lives in (-1: none); -2 if the card is
** not in p's zoo. */
int t_building_of(ark_game *g, int p, int number);

/* ---- maps and buildings ---- */

/* The six neighbour offsets (dx, dy) of the map's coordinates. */
extern const int T_DX[6], T_DY[6];
/* p's map. */
const ark_map_def *t_map_of(ark_game *g, int p);
/* Is (x, y) a space of map m? */
int t_on_map(const ark_map_def *m, int x, int y);
/* An edge space (rules) has fewer than 6 neighbouring spaces on the map. */
int t_is_edge(const ark_map_def *m, int c);
/* Parses the "(x,y) (x,y)" after the first '(' of s into cells (in the
** order written); returns their count. */
int t_parse_cells(const char *s, int cells[ARK_MAX_FOOTPRINT]);
/* Building `key` placed by hand on "(x,y) (x,y) ..." (free, no placement
** rules, no ability sees it); returns its index. */
int t_put_building(ark_game *g, int p, const char *key, const char *cells);
/* t_put_building on cells given as n (x, y) pairs. */
int t_put_building_xy(ark_game *g, int p, const char *key, int n, const int *xy);
/* Building `key` on free plain spaces without placement bonus touching at
** least `water` water and `rock` rock spaces; returns its index. */
int t_put_fitting(ark_game *g, int p, const char *key, int water, int rock);
/* Animal `number` into building b of p's zoo as if played (no gains);
** returns its id. */
int t_put_animal(ark_game *g, int p, int number, int b);

/* ---- files ---- */

/* Writes `text` to dir/name (name alone when dir is NULL). */
void t_write_file(const char *dir, const char *name, const char *text);
/* The text of dir/name, in a buffer the next call reuses; NULL if none. */
char *t_slurp(const char *dir, const char *name);
/* Runs `exe ARGS` (fmt, args: ARGS as for printf) in dir, stdin from the
** file `input` (NULL: /dev/null), stdout and stderr into dir/out; the exit
** status, or -1 if it did not exit. */
int t_run_in(const char *exe, const char *dir, const char *input, const char *fmt, va_list ap);

/* ---- tests that run the arknova command ---- */

/* The arknova built beside this test, and a new folder for its runs. */
extern char t_exe[4096], t_tmp[256];
/* Sets t_exe and t_tmp (/tmp/ark_NAME.XXXXXX); 0, or -1. */
int t_cmd_begin(const char *name);
/* Removes t_tmp; rc, or 1 if it could not be removed. */
int t_cmd_end(int rc);
/* Runs `arknova ARGS` in t_tmp, stdin from /dev/null, output into
** t_tmp/out; the exit status. */
int t_cmd(const char *fmt, ...);
/* Runs `arknova ARGS` in dir (NULL: here) with `input` (printf's format:
** "1\\nquit\\n"; NULL: nothing) on its standard input, its output and
** errors into out; the exit status. */
int t_capture(char *out, size_t n, const char *dir, const char *input, const char *args);
/* Whether the last run's output holds needle; if not, the output is printed. */
int t_out_has(const char *needle);

#endif
