/*
** ark.h - public API of the Ark Nova core (libarkcore).
**
** The host drives a game through one loop, as ocgcore and OpenSpiel do:
**
**   ark_game *g; char msg[256];
**   if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) die(msg);
**   while (ark_game_process(g) == ARK_AWAITING) {
**     const ark_decision *d = ark_game_decision(g);
**     ark_game_answer(g, pick(d), msg, sizeof msg);
**   }
**
** Every choice of every player - the action of a turn, each sub-choice inside
** it, every choice a card script asks for - is an ark_decision.  The core
** never does I/O and never blocks; chance comes only from the seeded RNG in
** the game state, so the same seed and answers replay the same game.
*/
#ifndef ARK_H
#define ARK_H

#include <stddef.h>
#include <stdint.h>
#include "decision.h"
#include "eventlog.h"
#include "gameif.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ark_game ark_game;

/* Ark Nova behind the engine's one game interface (core/src/gameif.h):
** the table, and a game as that interface's state and back. */
extern const ark_gi ark_nova_gi;
ark_gs *ark_game_gs(ark_game *g);
ark_game *ark_game_of(ark_gs *s);

/* The version of the event log: raised by a change that makes the same
** answers give another log (a rule mended, an event told otherwise).  A
** save keeps it, so that one an older build wrote is known for what it is
** when its hashes no longer match (host/save.c). */
#define ARK_LOG_VERSION 2

#define ARK_MAX_DIRS 8
#define ARK_MAX_EXCLUDE 16
#define ARK_MAX_HANDOVER 4

typedef struct ark_config {
  int players;                     /* 2..4 */
  uint64_t seed;
  const char *map;                 /* map id for everyone; NULL = "A" */
  const char *data_dir;            /* folder holding cards/ and maps/;
                                      NULL = games/arknova */
  const char *card_dirs[ARK_MAX_DIRS]; /* extra card folders (fan cards) */
  const char *map_dirs[ARK_MAX_DIRS];  /* extra map folders */
  const char *plugins[ARK_MAX_DIRS];   /* plugin folders, or names of folders
                                          under <data_dir>/plugins, applied in
                                          this order */
  int turn_cap;                    /* stop after this many turns; 0 = 2000 */
  int script_ms;                   /* a script running longer than this is
                                      stopped; 0 = 2000 ms */
  int script_mb;                   /* memory cap of all scripts; 0 = 256 MiB */
  int exclude[ARK_MAX_EXCLUDE];    /* card numbers left out of the game (0 = none) */
  /* Cards handed to a seat (0-based) when the opening draft ends, for
  ** balance experiments (`arknova sim --test-card`).  Each card, a printed
  ** number of a deck card (animal, sponsor, or a project that is not a
  ** base project; 0 = none), is taken out of the deck at the setup as an
  ** excluded one is.  When every player has drafted, it takes the place
  ** of the seat's last kept card, which leaves the game (the box); a
  ** second card for the same seat takes the place of the card before that.
  ** Logged as an ARK_EV_TEXT event of the seat: a = the card handed, b =
  ** the card it replaced (-1: none).  ark_game_new_like applies it too. */
  struct { int seat, number; } handover[ARK_MAX_HANDOVER];
  /* A starting position given card by card (NULL = all by the seed): a
  ** game that did not come from our seed (a recorded online game) set up
  ** exactly.  See ark_setup_spec below. */
  const struct ark_setup_spec *setup;
} ark_config;

/* ---- a given starting position (ark_config.setup) ----
**
** Every field is optional: what is left at its ark_setup_spec_init value
** is dealt by the seed as usual (after the given cards are taken out of
** the seed's deal, so nothing is dealt twice).  Cards are printed
** numbers.  The seeded setup runs first and the given cards are then
** swapped into their places, so a game with the same seed and no spec is
** exactly the seeded game.  ark_game_new reports a card that does not
** exist, is named twice, or does not fit its place (a final scoring card
** in a hand, a deck card among the base projects) as ARK_ERR_CONFIG. */
#define ARK_SPEC_PLAYERS 4
#define ARK_SPEC_HAND 16
#define ARK_SPEC_CARDS 1024
typedef struct ark_setup_spec {
  int start_player;                /* seat that plays first (0-based); -1 = seed */
  const char *maps[ARK_SPEC_PLAYERS]; /* map id per seat; NULL = ark_config.map */
  /* action card in slots 1..5 per seat, as ark_action_name index + 1
  ** (1 Animals, 2 Build, 3 Cards, 4 Association, 5 Sponsors); 0 = seed */
  int actions[ARK_SPEC_PLAYERS][5];
  int hand[ARK_SPEC_PLAYERS][ARK_SPEC_HAND]; /* the cards dealt for the draft */
  int nhand[ARK_SPEC_PLAYERS];     /* 0 = seed; else the rules' draft draw */
  int scoring[ARK_SPEC_PLAYERS][2];/* final scoring cards; 0 = seed */
  int display[6];                  /* folder 1 first, dealt face down; 0 = seed */
  int base[4];                     /* base projects by slot; 0 = seed */
  /* blocked level (1-3) of each base project slot, 0 = none; used when
  ** blocked_given (else 2 players block level i+1 of slot i, as seeded) */
  int blocked[4];
  int blocked_given;
  /* bonus tiles: slots 0 and 1 beside conservation space 5, 2 and 3
  ** beside 8; names as ark.bonus_tiles gives them ("cards", "sponsor",
  ** "multiplier", ...); NULL = seed */
  const char *bonus_tiles[4];
  int deck[ARK_SPEC_CARDS];        /* top of the deck after the deal, top first */
  int ndeck;
  /* The draw source: the cards that later come out of a random pile, in
  ** order.  A number n: the next card taken from the deck is n (also
  ** after the discard pile was shuffled into a new deck); -n: the next
  ** time the discard pile is shuffled (Scavenging), n goes on top, a run
  ** of such entries in that order from the top.  When the list is used
  ** up, cards come as the seed deals them.  A card named here that is not
  ** in that pile when its turn comes stops the game with an error.  A
  ** seat's view (ark_game_view) does not know the list. */
  int next[ARK_SPEC_CARDS];
  int nnext;
} ark_setup_spec;

/* Fills s with "all by the seed". */
void ark_setup_spec_init(ark_setup_spec *s);
/* How many cards of the given draw order (ark_setup_spec.next) the game
** has used so far. */
int ark_game_draws_used(const ark_game *g);
/* The name of bonus tile i (0..8, as in ark_setup_spec.bonus_tiles), or
** NULL. */
const char *ark_bonus_tile_name(int i);

/* Fills cfg with the defaults: 2 players, seed 1, map A. */
void ark_config_init(ark_config *cfg);

typedef enum {
  ARK_DK_ACTION,       /* choose the turn's action */
  ARK_DK_CHOICE        /* any other choice (the prompt says which) */
} ark_decision_kind;


ark_status ark_game_new(const ark_config *cfg, ark_game **out, char *msg,
                        size_t msglen);
/* The data folder ark_game_new reads for cfg: cfg's data_dir, else the
** game folder; a source tree (older saves name it) stands for its
** games/arknova.  Into buf when it is made there. */
const char *ark_data_folder(const ark_config *cfg, char *buf, size_t n);
/* The folder that holds file `path`, as the length of path's start that
** names it (0: a bare name, whose folder is "."): what to give where a
** file was named in the place of a folder. */
int ark_folder_len(const char *path);
/* A new game that shares the loaded cards, maps and scripts of `proto`
** (no files are read); cfg's players, seed, map and turn_cap apply, its
** folders are ignored.  Games sharing content must stay on one thread. */
ark_status ark_game_new_like(const ark_game *proto, const ark_config *cfg,
                             ark_game **out, char *msg, size_t msglen);
void ark_game_free(ark_game *g);

/* Runs the game until a decision is needed or it ends. */
ark_progress ark_game_process(ark_game *g);
/* The same, but a decision at the start of a turn may be left with its
** options not yet worked out (they cost more than the rest of a turn's
** start): ark_game_decision works them out when asked.  For a search that
** stops at the next turn and values the position (its tag and player are
** known: ark_game_pending_tag).  The game is the same either way. */
ark_progress ark_game_process_lazy(ark_game *g);
/* The same, but it stops short of beginning a turn (ARK_TURN_AHEAD) where
** the rules say beginning it would change nothing a position's value
** reads (turn_quiet, games/arknova/rules/rules.lua): for a search that
** values the position where the next turn begins and throws it away.
** Processing on begins the turn, and the game is the same either way. */
ark_progress ark_game_process_to_turn(ark_game *g);
/* Did processing stop short of beginning a turn (no decision pending)? */
int ark_game_turn_ahead(const ark_game *g);
/* The pending decision, or NULL when none is pending (after
** ark_game_process_lazy also NULL if working its options out ended the
** game in an error). */
const ark_decision *ark_game_decision(const ark_game *g);
/* The tag of the pending decision ("action", ...) without working out
** its options, or NULL when none is pending. */
const char *ark_game_pending_tag(const ark_game *g);
/* Answers the pending decision with option i (0-based).  A bad answer is
** refused with a message and changes nothing. */
ark_status ark_game_answer(ark_game *g, int i, char *msg, size_t msglen);
/* Answers by the option's text form (exact match). */
ark_status ark_game_answer_text(ark_game *g, const char *text, char *msg,
                                size_t msglen);
/* An independent copy; answering both the same way gives the same game. */
ark_game *ark_game_clone(const ark_game *g);
/* The same for a copy that will not be copied itself (a search's copy that
** is answered, played on, valued and freed): its continuations skip
** copying their start, which only a copy made inside them reads.  Such a
** copy made anyway replays the step from its start, or is NULL where that
** cannot give the same game (the step's earlier redeals forgotten). */
ark_game *ark_game_clone_leaf(const ark_game *g);
/* The clones made of the games of g's content so far (search views too):
** those that copied the state, and those that replayed the answers of a
** running step in Lua (docs/design.md). */
void ark_clone_counts(const ark_game *g, long *copies, long *replays);
/* Why the game stopped with ARK_ERROR ("" otherwise). */
const char *ark_game_error(const ark_game *g);

/* Loads every card, map and script of cfg's folders and reports all
** problems, one "file:line: message" line each, then its warnings
** ("file:line: warning: ..."), in *report (malloc'd, to free; NULL when
** there is neither).  Returns ARK_OK or ARK_ERR_CONTENT. */
ark_status ark_check(const ark_config *cfg, char **report, int *nerrors);

/* What cfg's folders hold once loaded: cards and maps in all, how many of
** them come from outside the data folder (extra folders, plugins: fan
** content), and the plugins.  0, or -1 with a message if it does not load. */
typedef struct ark_content_counts {
  int cards, maps, extra_cards, extra_maps, plugins;
} ark_content_counts;
int ark_content_count(const ark_config *cfg, ark_content_counts *out, char *msg, size_t n);

/* ---- results and queries (for hosts, AIs and tests) ---- */

typedef struct ark_player_view {
  int money, appeal, conservation, reputation, xtokens, workers;
  int target;                      /* conservation target */
  int score;                       /* appeal - target */
  int supports;                    /* conservation projects supported */
  int hand, zoo_cards, buildings;
  int rank;                        /* 1 = winner (after the end) */
  int income;                      /* money the next break would pay */
  int empty_enclosures;            /* standard enclosures without an animal */
  int upgraded;                    /* action cards on side II */
  int hand_animals, hand_sponsors;
  int partner_zoos, universities;
  int hand_limit;                  /* cards kept at the break */
} ark_player_view;

int ark_game_players(const ark_game *g);
int ark_game_turns(const ark_game *g);
int ark_game_capped(const ark_game *g);      /* ended by the turn cap */
int ark_game_turn_cap(const ark_game *g);    /* turns after which it stops */
/* Nonzero if a card or map script was stopped and switched off in this
** game: 1 for a fault (its replay is exact), 3 if one ran into the time or
** memory limit, which depend on the machine (a replay elsewhere may stop
** it at another moment, or not at all). */
int ark_game_script_stopped(const ark_game *g);
void ark_game_player(const ark_game *g, int p, ark_player_view *out);
/* A multi-line readable summary of the whole state. */
size_t ark_game_describe(const ark_game *g, char *buf, size_t n);

/* ---- event log ---- */

/* ark_event and ARK_SEEN_ALL: core/src/eventlog.h; the types are these */
typedef enum {
  ARK_EV_SETUP, ARK_EV_TURN, ARK_EV_ACTION, ARK_EV_XTOKEN_ACTION,
  ARK_EV_GAIN, ARK_EV_PAY, ARK_EV_DRAW, ARK_EV_DISCARD, ARK_EV_BUILD,
  ARK_EV_PLAY, ARK_EV_SUPPORT, ARK_EV_BREAK, ARK_EV_INCOME, ARK_EV_END,
  ARK_EV_TEXT, ARK_EV_ANSWER, ARK_EV_N
} ark_event_type;

int ark_game_nevents(const ark_game *g);
const ark_event *ark_game_event(const ark_game *g, int i);
/* Where a stopped script's step was put back, the log lost the step's
** events and now holds the stop's report there: the lowest event count the
** log was cut back to since the last call (then forgotten), or -1.  A
** printer of the log that has shown more starts again from there. */
int ark_game_take_rewind(ark_game *g);
/* A hash of the whole game state: a save keeps it beside the log's, since
** a choice that changes the state may log nothing (which card of the
** display was taken is in the answers, not in the log). */
uint64_t ark_game_state_hash(const ark_game *g);
/* The log's report of the first card or map script stopped in this game
** ("script of NAME stopped: file:line: message"), or NULL.  Its
** ARK_EV_TEXT event has c = ARK_TEXT_STOP. */
#define ARK_TEXT_STOP 1
/* An ARK_EV_TEXT event's finer kind (ark_event.kind, which the log's hash
** leaves out): ARK_KIND_UPGRADE for an action card turned to side II, a =
** the action (printed "P1: Animals action card upgraded").  Any other text
** event, ark.log's among them, is printed as its text. */
#define ARK_KIND_UPGRADE 1
/* ARK_KIND_VENOM + a (a = 0 Animals .. 4 Sponsors) on an ARK_EV_PAY of
** money: the venom on that action card, paid at the end of the turn
** (printed "P2 loses 2 money (now 5): venom on Build"). */
#define ARK_KIND_VENOM 8
/* The final scoring's account, public once the game is over: notes (the
** log's hash leaves them out) of the seat, ARK_EV_TEXT, each after the
** gains it explains.  ARK_KIND_FINAL_CARD: a = a final scoring card the
** seat kept, b = the conservation points it gave (0 too), printed "P1:
** final scoring card Large Animal Zoo (902) gives 3 CP".
** ARK_KIND_FINAL_EFFECT: an end-of-game effect that gave something, a = the
** card of the seat's zoo whose effect it is, ARK_FINAL_MAP for the seat's
** map, ARK_FINAL_PLUGIN for a rules plugin; b = conservation points, c =
** appeal ("P1: Science Lab (201) gives 1 CP at the end of the game"). */
#define ARK_KIND_FINAL_CARD 2
#define ARK_KIND_FINAL_EFFECT 3
#define ARK_FINAL_MAP (-1)
#define ARK_FINAL_PLUGIN (-2)
const char *ark_game_first_stop(const ark_game *g);
/* The warnings of loading g's content ("file:line: warning: ...", a line
** each, as `arknova check` prints them), "" when none. */
const char *ark_game_content_warnings(const ark_game *g);
/* How often a card or map script failed in this game and in the copies
** the AIs made of it (a stop, or an error in a query that asked it), with
** the first message into first: a failing script that only the AIs' trials
** reach makes its option look poor and is otherwise never seen. */
int ark_game_scripts_failed(const ark_game *g, char *first, size_t n);
/* ARK_EV_GAIN and ARK_EV_PAY: a = the track, b = the amount, c = the
** track's new value.  Tracks by name: "money", "appeal", "conservation",
** "reputation", "xtokens"; -1 for an unknown name. */
int ark_track_from_name(const char *name);
/* One readable line for an event, as the whole game knows it. */
size_t ark_event_text(const ark_game *g, const ark_event *e, char *buf,
                      size_t n);
/* The line as `seat` sees it: an event hidden from that seat says only
** what happened ("P2 draws a card"), never which card.  seat -1 = as
** ark_event_text. */
size_t ark_event_text_for(const ark_game *g, const ark_event *e, int seat,
                          char *buf, size_t n);
/* FNV-1a hash of the whole event log: equal logs, equal hashes. */
uint64_t ark_game_log_hash(const ark_game *g);

/* Answers given so far, in order (replay = seed + these).  Where a
** stopped script's step ran again from its start, the answers given to
** it before the stop stay in the list: given again, they stop the script
** at the same point. */
int ark_game_nanswers(const ark_game *g);
const int *ark_game_answers(const ark_game *g);

/* ---- views and edits for hosts, scenarios and AIs (api_extra.c) ---- */

typedef struct ark_card_view {
  int id, number, type;            /* type: 0 animal, 1 sponsor, 2 project, 3 scoring */
  const char *name, *description;
  int cost, size;                  /* animals: money, standard enclosure size */
  int level, min_reputation;       /* sponsors */
  int appeal, conservation, reputation;
} ark_card_view;

int ark_card_count(const ark_game *g);
/* Card id by printed number, or -1. */
int ark_card_find(const ark_game *g, int number);
/* Facts of card id; returns 0, or -1 for an unknown id. */
int ark_card_get(const ark_game *g, int id, ark_card_view *out);

int ark_game_current(const ark_game *g);     /* seat whose turn it is */
void ark_game_break_track(const ark_game *g, int *pos, int *len);
/* Card ids in p's hand / zoo (play order); returns the count (<= max). */
int ark_game_hand(const ark_game *g, int p, int *ids, int max);
int ark_game_zoo(const ark_game *g, int p, int *ids, int max);
/* The six display folders (folder 1 first); -1 for an empty folder. */
void ark_game_display(const ark_game *g, int ids[6]);
/* How many display folders p reaches with their reputation. */
int ark_game_reputation_range(const ark_game *g, int p);
/* Action card in each slot (0 Animals, 1 Build, 2 Cards, 3 Association,
** 4 Sponsors) and its side (1 or 2). */
void ark_game_action_cards(const ark_game *g, int p, int action[5], int side[5]);
const char *ark_action_name(int action);

/* The zoo map grid: x 0..8, y 0..12 (doubled rows); cell = x + 9 * y. */
#define ARK_MAP_COLS 9
#define ARK_MAP_ROWS 13
typedef struct ark_cell_view {
  int exists;
  int terrain;                     /* 0 plain, 1 water, 2 rock */
  int build2;                      /* needs the upgraded Build action */
  const char *bonus;               /* placement bonus kind, or NULL */
  int bonus_value;
  int building;                    /* index in p's zoo, or -1 */
  const char *building_key;        /* "size-3", "kiosk", ... or NULL */
  int animal;                      /* card id living there, or -1 */
} ark_cell_view;
void ark_game_cell(const ark_game *g, int p, int cell, ark_cell_view *out);
/* How many of p's buildings on the map are of kind key ("pavilion", ...):
** those ark_game_cell names on some cell, without a view per cell. */
int ark_game_count_buildings(const ark_game *g, int p, const char *key);
const char *ark_game_map_name(const ark_game *g, int p);
/* Whether `seat` knows which card `card` is where it lies (a display card
** before the draft's end is known to no one): 1 or 0. */
int ark_game_card_known(const ark_game *g, int card, int seat);
/* In advanced mode's map phase, whether p has kept its map yet (until it
** has, its map is a stand-in that setup gives every seat); 1 after it. */
int ark_game_map_kept(const ark_game *g, int p);
/* A copy of g in the map phase in which p has kept the map `id` (one of
** the maps dealt to it, shown before it chooses), or NULL: to free. */
ark_game *ark_game_map_preview(const ark_game *g, int p, const char *id);
/* The ability of p's map in the map's own words (its YAML `ability`),
** or "" when the map says nothing. */
const char *ark_game_map_ability(const ark_game *g, int p);
/* A place of p's map that its ability is about (its YAML `features`):
** the tower, the restaurant, an H space, a harbour beside the board. */
typedef struct ark_map_feature_view {
  const char *kind;                /* "observation_tower", "restaurant", ... */
  int x, y;                        /* grid coordinates, off the grid when off_board */
  int off_board;                   /* beside the board, not one of its spaces */
  const char *note;                /* the map's words for the place, or "" */
} ark_map_feature_view;
/* Copies up to max of p's map places into out, in the file's order;
** returns how many the map has. */
int ark_game_map_features(const ark_game *g, int p, ark_map_feature_view *out, int max);
/* The space of the appeal track a conservation marker stands on with
** that many conservation points, by this game's rules (the player view's
** `target`; score = appeal - target, plus a variant's offset). */
int ark_game_target(const ark_game *g, int conservation);

/* ---- what a zoo shows and the association board (query_board.c) ---- */

/* Icons by number: the 7 animal categories, the ARK_CONTINENTS continents
** from ARK_ICON_CONTINENT on (continent c is icon ARK_ICON_CONTINENT + c,
** the bit c of a partner-zoo set), then science, rock and water. */
#define ARK_ICONS 15
#define ARK_ICON_CONTINENT 7
#define ARK_CONTINENTS 5
#define ARK_UNIVERSITIES 3
/* "predator", ..., "africa", ..., "water"; NULL outside 0..ARK_ICONS-1. */
const char *ark_icon_name(int icon);
/* University u (bit u of a university set): "research", "reputation",
** "library" (the names ark_edit_universities takes); NULL outside. */
const char *ark_university_name(int u);

/* What p's zoo shows: the icons its cards, partner zoos and universities
** give (as the rules count them for conditions and projects), and its
** partner zoos and universities. */
typedef struct ark_icons_view {
  int icons[ARK_ICONS];            /* how many of each icon */
  unsigned partner_zoos;           /* bit c: a partner zoo of continent c */
  unsigned universities;           /* bit u: university u */
} ark_icons_view;
void ark_game_icons(const ark_game *g, int p, ark_icons_view *out);

/* A conservation project in play and who supported which of its levels. */
typedef struct ark_project_view {
  int card;                        /* card id (ark_card_get: name, words) */
  int base;                        /* 1: a base project, 0: one in the row */
  int levels;                      /* levels printed on it, 0..3 */
  int need[3];                     /* per level, level 1 first: the amount
                                      asked (icons, animals released ...) */
  int reward[3];                   /* per level: conservation points */
  int owner[3];                    /* per level: the seat that took it, -1
                                      free, -2 blocked (2 players) */
} ark_project_view;
#define ARK_PROJECTS_MAX 7         /* 4 base projects and the row's 3 slots */
/* The projects in play: the base projects in their order, then the row
** above the board, newest first; empty slots are skipped.  Copies up to
** max into out and returns how many there are. */
int ark_game_projects(const ark_game *g, ark_project_view *out, int max);

/* What the association board still offers besides its projects. */
#define ARK_BONUS_TILES 4
typedef struct ark_board_view {
  unsigned partner_zoos;           /* bit c: continent c's partner zoo is
                                      still to take */
  unsigned universities;           /* bit u: university u is still to take */
  int bonus_tile[ARK_BONUS_TILES]; /* ids for ark_bonus_tile_name */
  int bonus_space[ARK_BONUS_TILES];/* the conservation space it lies at */
  int bonus_taken[ARK_BONUS_TILES];/* 1 once a player took it */
} ark_board_view;
void ark_game_board(const ark_game *g, ark_board_view *out);

/* Scenario edits: each changes the state directly (no rules applied);
** call ark_edit_done before the next ark_game_process so that the
** pending decision is asked again from the edited state.  Each returns 0,
** or -1 with a message. */
/* Sets a track within its range; for reputation and conservation the bonus
** spaces at or below the value count as passed (so the next gain pays only
** the spaces it reaches), those above as not reached. */
int ark_edit_track(ark_game *g, int p, const char *track, int value, char *msg, size_t n);
/* Replaces p's hand with the cards of these printed numbers. */
int ark_edit_hand(ark_game *g, int p, const int *numbers, int count, char *msg, size_t n);
/* Puts cards (printed numbers, -1 empty) into the display folders. */
int ark_edit_display(ark_game *g, const int *numbers, int count, char *msg, size_t n);
/* Places building `key` on the cells (no legality check); *index gets its
** index in the zoo. */
int ark_edit_build(ark_game *g, int p, const char *key, const int *cells, int ncells,
                   int *index, char *msg, size_t n);
/* Puts a card into p's zoo; building = enclosure index for an animal, or -1. */
int ark_edit_zoo_card(ark_game *g, int p, int number, int building, char *msg, size_t n);
int ark_edit_actions(ark_game *g, int p, const int action[5], const int side[5], char *msg,
                     size_t n);
int ark_edit_current(ark_game *g, int p, char *msg, size_t n);
/* p's partner zoos (continent names) and universities ("research",
** "reputation", "library"); each replaces what p had. */
int ark_edit_partner_zoos(ark_game *g, int p, const char *const *continents, int count,
                          char *msg, size_t n);
int ark_edit_universities(ark_game *g, int p, const char *const *names, int count, char *msg,
                          size_t n);
/* The final scoring cards p holds (printed numbers): 1 to 4 of them. */
int ark_edit_scoring(ark_game *g, int p, const int *numbers, int count, char *msg, size_t n);
/* The base conservation projects on the association board (printed
** numbers), none supported; with two players the usual levels stay
** blocked. */
int ark_edit_base_projects(ark_game *g, const int *numbers, int count, char *msg, size_t n);
/* The break track's position (0 .. its length - 1; a full track is a
** break, which an edit does not start) and the donations made so far. */
int ark_edit_break(ark_game *g, int pos, char *msg, size_t n);
int ark_edit_donations(ark_game *g, int count, char *msg, size_t n);
int ark_game_donations(const ark_game *g);
/* How many conservation projects p has supported (what scoring cards and
** sponsors count; the projects' own markers stay as they are). */
int ark_edit_supports(ark_game *g, int p, int count, char *msg, size_t n);
/* Tokens of one kind ("multiplier", "venom", "constriction") on p's action
** cards, by action (0 Animals .. 4 Sponsors, as ark_game_action_cards). */
int ark_game_tokens(const ark_game *g, int p, const char *kind, int count[5]);
int ark_edit_tokens(ark_game *g, int p, const char *kind, const int count[5], char *msg,
                    size_t n);
void ark_edit_done(ark_game *g);

/* A read-only question to the rules, for hosts and AIs: calls the Lua
** function QUERIES[name](p) (games/arknova/rules/rules.lua lists them) and copies up
** to max of the integers it returns into out.  Returns how many it
** returned, or -1 for an unknown query or a script error.  The game is
** left exactly as it was. */
int ark_game_query(const ark_game *g, const char *name, int p, int *out, int max);

/* Results kept while what they read is unchanged (recall.c), for a
** computation over g's state, such as what a position is worth, that asks
** the queries above.  key names the computation and its inputs other than
** the state.  ark_recall gives a kept result (1) whose parts of the state
** are the same bytes now.  Otherwise the caller calls ark_recall_begin,
** computes, and ark_recall_keep with the seats its own C read besides the
** queries (ARK_READ_SEAT(p) bits; ARK_READ_ALL for anything else).  The
** results are per loaded content, shared by its games; none is kept or
** given while ark_recall_on(g, 0) holds for the content.  A computation
** may ask kept results of others between its begin and keep (nested up to
** ARK_RECALL_NEST deep): what those read counts as read by it too.
** A seat is four parts: its hand, its purse (money, X tokens, the action
** cards' order and tokens, what it did this turn: nearly every action
** changes it), its grounds (the buildings on its zoo map) and its zoo (the
** rest: cards played, tracks, icons, partner zoos...); the zoo and the
** grounds are its tableau.  So a result that reads only the tableau is
** given again across most actions, and one that reads only the zoo, such
** as what most final scoring cards give, across a building placed too. */
#define ARK_READ_ZOO(p) (1u << (p))              /* seat p's tableau but its grounds */
#define ARK_READ_GROUNDS(p) (1u << (18 + (p)))   /* the buildings on p's zoo map */
#define ARK_READ_TABLEAU(p) (ARK_READ_ZOO(p) | ARK_READ_GROUNDS(p))
#define ARK_READ_PURSE(p) (1u << (10 + (p)))     /* seat p's purse */
#define ARK_READ_HAND(p) (1u << (14 + (p)))      /* seat p's hand */
#define ARK_READ_SEAT(p) (ARK_READ_TABLEAU(p) | ARK_READ_PURSE(p) | ARK_READ_HAND(p))
#define ARK_READ_SETUP (1u << 4)       /* the seats: how many, who starts */
#define ARK_READ_PROJECTS (1u << 5)    /* the conservation projects in play */
#define ARK_READ_DISPLAY (1u << 6)
#define ARK_READ_SCRIPTS (1u << 7)     /* which scripts are off */
#define ARK_READ_MEMO (1u << 8)        /* the cards' memos */
#define ARK_READ_BOARD (1u << 9)       /* anything else of the state */
#define ARK_READ_ALL 0x3fffffu
#define ARK_READ_LUA (1u << 22)        /* what the state does not hold */
#define ARK_RECALL_NEST 4
int ark_recall(const ark_game *g, uint64_t key, double *value);
void ark_recall_begin(const ark_game *g);
/* ark_recall_begin right after an ark_recall or ark_recall_ints of g
** that found nothing, g's state unchanged since: the hashes of the parts
** that look-up worked out are not worked out again. */
void ark_recall_begin_unchanged(const ark_game *g);
void ark_recall_keep(const ark_game *g, uint64_t key, unsigned own_reads, double value);
/* The same for a list of integers (a query's result, lua_bridge.c): the
** kept list's length (its first max integers into out), or -1 for none;
** a list longer than a few dozen is not kept. */
int ark_recall_ints(const ark_game *g, uint64_t key, int *out, int max);
void ark_recall_keep_ints(const ark_game *g, uint64_t key, const int *v, int n);
/* Switches keeping on (1, the default) or off for g's content; returns
** the setting before.  *hits and *misses count the look-ups. */
int ark_recall_on(const ark_game *g, int on);
void ark_recall_counts(const ark_game *g, long *hits, long *misses);
/* The same for the queries' results (ark_recall_ints). */
void ark_recall_query_counts(const ark_game *g, long *hits, long *misses);

/* ---- what a seat may know (hidden.c) ---- */

/* For determinized search: deals anew every card whose place `viewer`
** cannot know (the deck, the other players' hands and final scoring cards
** except cards the log showed `viewer`, the display while it is face
** down), reseeds the game's chance with `seed`, and blanks the cards of
** log events hidden from `viewer`.  The result depends only on what
** `viewer` may know and on `seed`, not on where the hidden cards really
** are.  It holds in every later clone.  Safe only when `viewer` is to
** answer. */
void ark_game_redeal_hidden(ark_game *g, int viewer, uint64_t seed);
/* A copy of g as `seat` may know it: ark_game_clone + ark_game_redeal_hidden.
** Every AI decides on such a copy, never on the real game. */
ark_game *ark_game_view(const ark_game *g, int seat, uint64_t seed);
/* The same copy without the event log, for AIs, which read only the
** state: cheaper to copy, and its clones keep no log either (their
** ark_game_nevents is 0; the game itself is the same). */
ark_game *ark_game_search_view(const ark_game *g, int seat, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
