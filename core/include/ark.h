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

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ark_game ark_game;

typedef enum {
  ARK_OK = 0,
  ARK_ERR_CONFIG,      /* bad configuration (players, unknown map, ...) */
  ARK_ERR_CONTENT,     /* card/map files missing or invalid */
  ARK_ERR_SCRIPT,      /* a Lua script failed */
  ARK_ERR_MEMORY,
  ARK_ERR_REFUSED      /* an answer that is not one of the options */
} ark_status;

typedef enum {
  ARK_ERROR = -1,      /* the game stopped: see ark_game_error */
  ARK_AWAITING = 1,    /* a decision is pending */
  ARK_END = 2          /* the game is over */
} ark_progress;

#define ARK_MAX_DIRS 8

typedef struct ark_config {
  int players;                     /* 2..4 */
  uint64_t seed;
  const char *map;                 /* map id for everyone; NULL = "A" */
  const char *data_dir;            /* folder holding cards/ and maps/;
                                      NULL = the source tree */
  const char *card_dirs[ARK_MAX_DIRS]; /* extra card folders (fan cards) */
  const char *map_dirs[ARK_MAX_DIRS];  /* extra map folders */
  int turn_cap;                    /* stop after this many turns; 0 = 2000 */
  int script_ms;                   /* a script running longer than this is
                                      stopped; 0 = 2000 ms */
  int script_mb;                   /* memory cap of all scripts; 0 = 256 MiB */
} ark_config;

/* Fills cfg with the defaults: 2 players, seed 1, map A. */
void ark_config_init(ark_config *cfg);

typedef enum {
  ARK_DK_ACTION,       /* choose the turn's action */
  ARK_DK_CHOICE        /* any other choice (the prompt says which) */
} ark_decision_kind;

typedef struct ark_decision {
  int player;                      /* 0-based seat */
  int kind;                        /* ark_decision_kind */
  const char *tag;                 /* stable machine name, e.g. "action",
                                      "build.place", "draft.discard" */
  const char *prompt;              /* readable question */
  int noptions;
  const char *const *options;      /* stable text form of each option */
} ark_decision;

ark_status ark_game_new(const ark_config *cfg, ark_game **out, char *msg,
                        size_t msglen);
/* A new game that shares the loaded cards, maps and scripts of `proto`
** (no files are read); cfg's players, seed, map and turn_cap apply, its
** folders are ignored.  Games sharing content must stay on one thread. */
ark_status ark_game_new_like(const ark_game *proto, const ark_config *cfg,
                             ark_game **out, char *msg, size_t msglen);
void ark_game_free(ark_game *g);

/* Runs the game until a decision is needed or it ends. */
ark_progress ark_game_process(ark_game *g);
/* The pending decision, or NULL when none is pending. */
const ark_decision *ark_game_decision(const ark_game *g);
/* Answers the pending decision with option i (0-based).  A bad answer is
** refused with a message and changes nothing. */
ark_status ark_game_answer(ark_game *g, int i, char *msg, size_t msglen);
/* Answers by the option's text form (exact match). */
ark_status ark_game_answer_text(ark_game *g, const char *text, char *msg,
                                size_t msglen);
/* An independent copy; answering both the same way gives the same game. */
ark_game *ark_game_clone(const ark_game *g);
/* Why the game stopped with ARK_ERROR ("" otherwise). */
const char *ark_game_error(const ark_game *g);

/* Loads every card, map and script of cfg's folders and reports all
** problems, one "file:line: message" line each, in *report (malloc'd, to
** free; NULL when clean).  Returns ARK_OK or ARK_ERR_CONTENT. */
ark_status ark_check(const ark_config *cfg, char **report, int *nerrors);

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
} ark_player_view;

int ark_game_players(const ark_game *g);
int ark_game_turns(const ark_game *g);
int ark_game_capped(const ark_game *g);      /* ended by the turn cap */
int ark_game_script_stopped(const ark_game *g);
void ark_game_player(const ark_game *g, int p, ark_player_view *out);
/* A multi-line readable summary of the whole state. */
size_t ark_game_describe(const ark_game *g, char *buf, size_t n);

/* ---- event log ---- */

typedef struct ark_event {
  int turn, player;
  int type;                        /* ark_event_type */
  int a, b, c;
  int text;                        /* offset of a text in the log pool, or -1 */
} ark_event;

typedef enum {
  ARK_EV_SETUP, ARK_EV_TURN, ARK_EV_ACTION, ARK_EV_XTOKEN_ACTION,
  ARK_EV_GAIN, ARK_EV_PAY, ARK_EV_DRAW, ARK_EV_DISCARD, ARK_EV_BUILD,
  ARK_EV_PLAY, ARK_EV_SUPPORT, ARK_EV_BREAK, ARK_EV_INCOME, ARK_EV_END,
  ARK_EV_TEXT, ARK_EV_ANSWER, ARK_EV_N
} ark_event_type;

int ark_game_nevents(const ark_game *g);
const ark_event *ark_game_event(const ark_game *g, int i);
/* One readable line for an event. */
size_t ark_event_text(const ark_game *g, const ark_event *e, char *buf,
                      size_t n);
/* FNV-1a hash of the whole event log: equal logs, equal hashes. */
uint64_t ark_game_log_hash(const ark_game *g);

/* Answers given so far, in order (replay = seed + these). */
int ark_game_nanswers(const ark_game *g);
const int *ark_game_answers(const ark_game *g);

#ifdef __cplusplus
}
#endif
#endif
