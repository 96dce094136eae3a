/*
** decision.h - what every game's loop says to its host: how a call went,
** whether the game waits for an answer, and the pending decision.
*/
#ifndef ARK_DECISION_H
#define ARK_DECISION_H

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
  ARK_END = 2,         /* the game is over */
  ARK_TURN_AHEAD = 3   /* no decision yet: a turn begins when the game is
                          processed on (ark_gi.process_to_turn) */
} ark_progress;

typedef struct ark_decision {
  int player;                      /* 0-based seat */
  int kind;                        /* the game's kind of decision */
  const char *tag;                 /* stable machine name of the kind of
                                      decision, e.g. "draft.discard" */
  const char *prompt;              /* readable question */
  int noptions;
  const char *const *options;      /* stable text form of each option */
  int secret;                      /* 1: the options or the answer are for
                                      `player` alone; the other seats learn
                                      only that a choice was made */
} ark_decision;

#endif
