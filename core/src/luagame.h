/*
** luagame.h - games written in Lua alone (ark_lg_): a game folder whose
** game.yaml says `module: lua` declares its tracks, zones and card
** counters there, and its rules are Lua steps over them (docs/lua-games.md).
** The same process/answer loop as every game: ark_lg_process runs until a
** decision waits or the game ends, ark_lg_answer gives the answer.
*/
#ifndef ARK_LUAGAME_H
#define ARK_LUAGAME_H

#include <stddef.h>
#include <stdint.h>
#include "decision.h"
#include "eventlog.h"
#include "gamedef.h"
#include "gameif.h"

typedef struct ark_lg_def ark_lg_def;   /* a loaded game folder, shared */
typedef struct ark_lg ark_lg;           /* one game */

/* Event types of a Lua game's log. */
enum { ARK_LG_EV_TEXT, ARK_LG_EV_ANSWER };

/* Loads the game folder of gd: game.yaml's declarations, every card file
** and the rules, and has the rules' check_card(card) look at every card.
** NULL with "file:line: message" lines in msg when anything is wrong (all
** problems found, as many as fit); game.yaml and the card files are named
** by the folder as gd gives it, the Lua files inside the folder. */
ark_lg_def *ark_lg_def_load(const ark_gamedef *gd, char *msg, size_t n);
void ark_lg_def_release(ark_lg_def *d);
int ark_lg_def_cards(const ark_lg_def *d);
/* The rules file, as game.yaml names it inside the folder. */
const char *ark_lg_def_rules(const ark_lg_def *d);
/* text, or in buf text with the folder dir (as the user gave it) before
** it when text begins with a file of that folder ("rules/game.lua:12:
** ..." as the rules' errors name it): the file named from where the user
** stands, as ark_lg_def_load names its problems. */
const char *ark_lg_from_here(const char *dir, const char *text, char *buf, size_t n);
/* The same in place: msg (of n) rewritten so. */
void ark_lg_name_here(const char *dir, char *msg, size_t n);

/* Every Lua game behind the engine's one game interface (gameif.h): the
** table (luagame_gi.c), and a game as that interface's state.  Such a game
** has no turns for the AIs: each decision is valued on its own, by the
** seat's lead in the rules' value (by its own value in a game the seats
** play against the game, ark_lg_won). */
extern const ark_gi ark_lg_gi;
ark_gs *ark_lg_gs(ark_lg *g);

/* A new game of d for `players` seats from `seed` (setup runs here). */
ark_status ark_lg_new(ark_lg_def *d, int players, uint64_t seed, ark_lg **out, char *msg,
                      size_t n);
/* The same with game options, "name=value" each: the table track `name`
** starts at `value` (a variant or mode the game declares as a table track). */
ark_status ark_lg_new_opts(ark_lg_def *d, int players, uint64_t seed, const char *const *opts,
                           int nopts, ark_lg **out, char *msg, size_t n);
/* The same with cards out of the game from its start (0-based ids; an
** experiment's card, host/sim.c): in no zone for the whole game, whatever
** the rules do (G.move leaves them out, G.where finds them nowhere), so
** setup deals without them. */
ark_status ark_lg_new_without(ark_lg_def *d, int players, uint64_t seed,
                              const char *const *opts, int nopts, const int *cards, int ncards,
                              ark_lg **out, char *msg, size_t n);
void ark_lg_free(ark_lg *g);
/* The turn cap's decisions in one round, per round of the cap. */
#define ARK_LG_CAP_DECISIONS 10
/* The fewest decisions in one round the cap allows once the rules have
** advanced their round: a round of such rules may be long (a trick-taking
** round), and only one that never ends is stopped. */
#define ARK_LG_CAP_ROUND 20000
/* The host's turn cap: the game ends, as a capped game, before a step
** once its round (G.round()) is past `rounds`, or once more decisions
** than ark_lg_cap_decisions were taken in one round; 0: no cap.  Copies
** keep it. */
void ark_lg_set_cap(ark_lg *g, int rounds);
/* The most decisions in one round the cap allows now (0: no cap):
** ARK_LG_CAP_DECISIONS * rounds while the rules have never changed
** G.round() (their round does not advance), at least ARK_LG_CAP_ROUND
** once they have. */
int ark_lg_cap_decisions(const ark_lg *g);
/* Whether the game was ended by the cap. */
int ark_lg_capped(const ark_lg *g);
/* The Lua variables the rules keep from step to step, for the host's
** check (host/check_lua.c) to name the ones that differ between two
** loads of the same rules: the fields of the rules table, the globals the
** rules made and the locals of their files that their functions use
** (upvalues), each walked into its tables a few levels deep, in a fixed
** order.  One line per value, "VARIABLE\tPATH\tVALUE" (VARIABLE as a
** message names it: "local 'drafted' of rules/game.lua (used by function
** 'pick', line 41)"), bounded in number; malloc'd, to free. */
char *ark_lg_def_vars(ark_lg_def *d);
/* The name of the step running now ("" between steps). */
const char *ark_lg_step(const ark_lg *g);
/* A hash of everything the game is now: the board (tracks, zones, card
** counters, the random numbers), the pending decision, and once over the
** rules' score of every seat; what a save keeps beside its log's hash. */
uint64_t ark_lg_state_hash(ark_lg *g);
/* Runs until a decision waits (ARK_AWAITING), the game ends or fails. */
ark_progress ark_lg_process(ark_lg *g);
const ark_decision *ark_lg_decision(const ark_lg *g);
ark_status ark_lg_answer(ark_lg *g, int i, char *msg, size_t n);
/* An independent copy; with_log 0: without the event log (the AIs' copies,
** which only look at the state). */
ark_lg *ark_lg_clone(const ark_lg *g, int with_log);
/* The game as `viewer` (0-based) may know it, for the AIs: the cards it
** cannot see dealt anew and the other seats' secret answers that the rules
** have not revealed drawn anew, both from seed, and the game's random
** numbers reseeded from it (chance to come is the view's own, not the
** game's).  The deal depends only on which cards are hidden from viewer
** and which places they fill, and on seed, never on which hidden card is
** where.  Copies of a view keep it. */
ark_lg *ark_lg_view(const ark_lg *g, int viewer, uint64_t seed);
const char *ark_lg_error(const ark_lg *g);
/* The error with its file named from where the user stands (ark_lg_from_here,
** with the game folder as given to ark_lg_def_load): for the user's eyes;
** ark_lg_error is what the game logs and copies compare. */
const char *ark_lg_error_here(const ark_lg *g, char *buf, size_t n);
int ark_lg_players(const ark_lg *g);
int ark_lg_rounds(const ark_lg *g);
const ark_log *ark_lg_log(const ark_lg *g);
/* The line `seat` sees for event e (-1: the whole game). */
size_t ark_lg_event_text(const ark_lg *g, const ark_event *e, int seat, char *buf, size_t n);
int ark_lg_nanswers(const ark_lg *g);
const int *ark_lg_answers(const ark_lg *g);

/* A track's value (seat 0: the table's) into *out; -1 for an unknown name
** or seat.  And how many cards a zone of a seat holds (-1 likewise). */
int ark_lg_track(const ark_lg *g, int seat, const char *name, int *out);
int ark_lg_zone_count(const ark_lg *g, const char *zone, int seat);
/* The zone's card ids (0-based, bottom first), at most max; their count. */
int ark_lg_zone_cards(const ark_lg *g, const char *zone, int seat, int *ids, int max);

/* The rules' numbers for the host and the AIs; each returns 0, or -1 with
** the rules' error in msg. */
int ark_lg_score(ark_lg *g, int seat, double *out, char *msg, size_t n);
int ark_lg_value(ark_lg *g, int seat, double *out, char *msg, size_t n);
/* A game its seats play against the game itself (a solo or cooperative
** mode): whether seat has won, 0; 1 when the rules have no won() or it
** gives nil (the seats play against each other). */
int ark_lg_won(ark_lg *g, int seat, int *won, char *msg, size_t n);
/* Seats best first (0-based) into order[players]. */
int ark_lg_rank(ark_lg *g, int *order, char *msg, size_t n);
/* The rules' named numbers for seat: up to max names and values. */
int ark_lg_stats(ark_lg *g, int seat, char names[][32], double *values, int max, char *msg,
                 size_t n);
/* The rules' summary lines, one per line, into buf. */
int ark_lg_summary(ark_lg *g, char *buf, size_t n, char *msg, size_t msgn);
/* What seat (0-based) sees of the game now, as the rules' board(seat)
** lines (without one: every declared track, and every zone with the
** cards named that the seat may see), worked out on the seat's view so
** that it cannot show what the seat may not know; 0, or -1 with msg. */
int ark_lg_board_text(ark_lg *g, int seat, char *buf, size_t n, char *msg, size_t msgn);

/* ==== editing a position (scenarios: host/scenario_lua.c) ==============
** Sets the board directly, no rule applied: tracks, card counters, where a
** card is.  While a step is running (a decision is pending) the edits go to
** the board that step began with; ark_lg_edit_done then plays on from the
** edited board: the rules' next() is asked again and the step runs from its
** start, given again the answers it had had, so the pending decision is the
** one the edited board leads to (its options and prompt read the edited
** values), and copies and views of the game play from that board too.
** Not while a secret answer is unrevealed (G.reveal), nor between an
** answer and the ark_lg_process after it.  Each returns 0, or -1 with the
** reason in msg. */
int ark_lg_set_track(ark_lg *g, int seat, const char *name, int v, char *msg, size_t n);
/* Puts the card (0-based id) on top of zone of seat (0: the table), from
** wherever it is. */
int ark_lg_put_card(ark_lg *g, int card, const char *zone, int seat, char *msg, size_t n);
/* Takes the card out of the game for good: in no zone, where no rule
** finds it and from where the rules' G.move does not bring it back (the
** card given up in an experiment, host/sim.c); ark_lg_put_card alone puts
** it in again. */
int ark_lg_take_card(ark_lg *g, int card, char *msg, size_t n);
int ark_lg_set_card_counter(ark_lg *g, int card, const char *counter, int v, char *msg,
                            size_t n);
/* After the edits: plays on from the edited board as above (0 also when
** the game ended there; -1 with the rules' error). */
int ark_lg_edit_done(ark_lg *g, char *msg, size_t n);
/* The card a text names: its `number` key (any case), its `name` key (any
** case) or both, "NUMBER NAME"; the id, or -1 with msg (none, or several). */
int ark_lg_find_card(const ark_lg *g, const char *text, char *msg, size_t n);
/* Whether card id could ever be in zone `zone`: the zone it is in now is
** joined to that one (a card has moved between them, or between zones
** joined to them: the deal's deck and the hands).  Cards kept in a pile
** of their own from setup on never reach a hand.  -1 for no such zone. */
int ark_lg_card_joined(const ark_lg *g, int id, const char *zone);
/* "NUMBER NAME" of a card, as far as its file has them. */
size_t ark_lg_card_label(const ark_lg *g, int id, char *buf, size_t n);
/* A card's counter into *out, and the zone and seat it is in; -1 for an
** unknown counter or card, or a card in no zone. */
int ark_lg_card_counter(const ark_lg *g, int card, const char *counter, int *out);
int ark_lg_card_zone(const ark_lg *g, int card, const char **zone, int *seat);

/* 1: the zone is one per seat, 0: the table's, -1: no such zone. */
int ark_lg_zone_owner(const ark_lg *g, const char *zone);
/* 1 when a card a seat moves from its zone `hand` into its `zone` is
** played (what sim --test-card counts): a zone declared `played: true`, or,
** in a game that declares none, every zone but `hand`; else 0. */
int ark_lg_zone_played(const ark_lg *g, const char *zone);
/* The declared names, blank-separated, into buf: what 0 seat tracks, 1
** table tracks, 2 seat zones, 3 table zones, 4 card counters. */
size_t ark_lg_names(const ark_lg *g, int what, char *buf, size_t n);

#endif
