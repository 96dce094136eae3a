/*
** luagame_int.h - what the three parts of the Lua-game runtime share:
** the loaded definition (luagame_def.c), the game and its loop
** (luagame.c) and the table G the rules call (luagame_api.c).
*/
#ifndef ARK_LUAGAME_INT_H
#define ARK_LUAGAME_INT_H

#include "luacompat.h"
#include "luagame.h"
#include "strbuf.h"

/* the most seats a game may have (game.yaml's players: max): the host
** keeps an AI for 4 seats */
#define ARK_LG_SEATS 4
#define ARK_LG_TRACKS 64
#define ARK_LG_ZONES 16
#define ARK_LG_CARDS 1024
#define ARK_LG_COUNTERS 4
#define ARK_LG_NAME 32
#define ARK_LG_OPTIONS 512
/* the longest text the rules may hand the host (a prompt, an option, a
** tag, a line of the log), and the most the log of one game may hold:
** these are kept outside the Lua state and its memory cap */
#define ARK_LG_TEXT 4096
#define ARK_LG_LOG_BYTES ((size_t)64 << 20)
/* steps run in a row without a decision before the rules are stopped as
** looping (next() never ends the game nor reaches a G.choose) */
#define ARK_LG_IDLE_STEPS 10000

enum { ARK_LG_SEE_ALL, ARK_LG_SEE_OWNER, ARK_LG_SEE_NONE };
#define ARK_LG_SECRET_BIT 0x80
/* a board's zone of a card taken out of the game (ark_lg_take_card): no
** zone holds it and the rules' G.move leaves it there */
#define ARK_LG_OUT 0xff

typedef struct ark_lg_trackdef {
  char name[ARK_LG_NAME];
  int min, max, start;
} ark_lg_trackdef;

typedef struct ark_lg_zone {
  char name[ARK_LG_NAME];
  int per_seat;                  /* 1: every seat has one; 0: the table's */
  int see;                       /* ARK_LG_SEE_* */
  int played;                    /* `played: true`: a card the seat moves from its
                                    hand into this zone is played (ark_lg_zone_played) */
} ark_lg_zone;

struct ark_lg_def {
  int refs;
  ark_gamedef gd;
  ark_lg_trackdef tracks[2][ARK_LG_TRACKS];  /* [0] per seat, [1] the table's */
  int ntracks[2];
  ark_lg_zone zones[ARK_LG_ZONES];
  int nzones;
  char counters[ARK_LG_COUNTERS][ARK_LG_NAME];
  int ncounters;
  int ncards;
  char rules[256];               /* the rules file, inside the folder */
  lua_State *L;                  /* rules and CARDS, shared by every game */
  size_t mem, mem_limit;
  double budget;                 /* seconds one resume may run */
  int rules_ref;                 /* registry: the rules table */
};

/* Everything a game remembers, so that a copy is one struct copy. */
typedef struct ark_lg_board {
  uint64_t rng[4];
  int32_t top, bottom;           /* next positions on top of / under a zone */
  int32_t round;
  int32_t round_from;            /* answers given when the round last changed */
  int32_t round_moved;           /* the rules have changed the round (G.set_round) */
  int32_t track[ARK_LG_SEATS + 1][ARK_LG_TRACKS];   /* row 0: the table */
  uint8_t zone[ARK_LG_CARDS];    /* zone index + 1; 0: in no zone; ARK_LG_OUT */
  uint8_t seat[ARK_LG_CARDS];
  int32_t pos[ARK_LG_CARDS];     /* larger: nearer the top */
  int32_t counter[ARK_LG_CARDS][ARK_LG_COUNTERS];
  /* per zone, the zones joined to it (bits) by cards that moved between
  ** them: a card hidden in zone z could be any hidden card of those, and
  ** of no other zone (the views deal them anew only there) */
  uint16_t link[ARK_LG_ZONES];
} ark_lg_board;

/* A game and every copy and view of it (the AIs' games): a rules
** function that ran out of time or memory, or a rule the AIs' numbers
** need that failed, stops them all, so that the game stops with it and no
** copy waits out the limit again. */
typedef struct ark_lg_family {
  int refs;
  int stopped;
  char why[512];
} ark_lg_family;

struct ark_lg {
  ark_gs gs;                     /* first: the engine's game interface */
  ark_lg_def *d;
  ark_lg_family *fam;
  int nplayers;
  int status;                    /* 0 running, ARK_END, ARK_ERROR */
  int cap, capped;               /* the turn cap in rounds (0: none); the game
                                    ended by it */
  int idle_steps;                /* steps run since the last decision */
  char error[512];
  ark_lg_board b;                /* live */
  ark_lg_board snap;             /* when the running step began */
  /* where the oldest secret answer not yet revealed was given: the board
  ** at the start of its step and the answers before it (secret_open 0:
  ** there is none, and this follows snap) */
  ark_lg_board secret_snap;
  int secret_answers, secret_open;
  /* the running step: a coroutine of steps[name](seat) */
  int in_step;
  char step[ARK_LG_NAME];
  int step_seat;
  lua_State *co;
  int co_ref;
  int snap_answers;              /* answers given before the step began */
  int replaying;                 /* a copy runs its step again: nothing is
                                    logged, its log has all of it already */
  int replay_pos;                /* while it does: the answers fed so far */
  /* the pending decision */
  int pending;
  int given;                     /* 1-based answer to resume with, 0: none */
  ark_decision dec;
  int dec_private;               /* dec is private: hidden, but no secret answer */
  ark_strbuf optbuf;
  int opt_off[ARK_LG_OPTIONS];
  const char *opts[ARK_LG_OPTIONS];
  int *answers;
  uint8_t *ameta;                /* per answer: seat, and SECRET_BIT */
  int nanswers, capanswers;
  int revealed;                  /* answers before this are no secret any
                                    more (G.reveal) */
  /* a seat's view (ark_lg_view): the cards hidden from `viewer` dealt anew
  ** from `seed` once the step had redeal_at answers; -1: none */
  int redeal_at, redeal_viewer;
  uint64_t redeal_seed;
  int nolog;
  ark_log log;
  int edited;                    /* the host edited the board since the last
                                    ark_lg_edit_done (luagame.c, the end) */
};

/* Answers given so far (while a copy replays: fed so far). */
static inline int ark_lg_answers_now(const ark_lg *g) {
  return g->replaying ? g->replay_pos : g->nanswers;
}
/* The message handler of the runtime's protected calls: an error raised
** without a text gets one (luagame_def.c). */
int ark_lg_msgh(lua_State *L);
/* The message of an error that status st (of lua_pcall or a resume) left
** on co's top: its text, or one with the rules' line running on co (else
** `fallback`) for an error that is no text or ran out of memory (Lua
** calls no message handler for that); in buf when made there. */
const char *ark_lg_error_text(lua_State *co, int st, const char *fallback, char *buf,
                              size_t n);
/* Loads and runs dir/rel in L, leaving its first result: 0, or -1 with the
** message ("file:line: ...") on the stack, -2 (with "rel: cannot be read")
** when there is no such file to read (luagame_def.c). */
int ark_lg_load_file(lua_State *L, const char *dir, const char *rel);
/* "file:line" of the Lua function at idx (where it is defined), else the
** rules file; into buf, which is returned. */
const char *ark_lg_fn_where(const ark_lg_def *d, lua_State *L, int idx, char *buf, size_t n);
/* Notes the global names the state has before the rules run (the
** standard library, G): no variable of the rules (luagame_vars.c). */
void ark_lg_vars_std(lua_State *L);
/* Registers G in the definition's Lua state (luagame_api.c). */
void ark_lg_api_open(lua_State *L);
/* The game the running Lua code belongs to (set around every call). */
ark_lg *ark_lg_current(void);
void ark_lg_set_current(ark_lg *g);
/* A track, zone or counter by name: its index or -1. */
int ark_lg_track_index(const ark_lg_def *d, int table, const char *name);
int ark_lg_zone_index(const ark_lg_def *d, const char *name);
int ark_lg_counter_index(const ark_lg_def *d, const char *name);
/* Card c is in a zone (neither in no zone yet nor out of the game). */
static inline int ark_lg_placed(const ark_lg_board *b, int c) {
  return b->zone[c] != 0 && b->zone[c] != ARK_LG_OUT;
}
/* Card c goes on top of (pos: b->top++) or under zone z of seat s; the
** zone it leaves and z are joined (link). */
void ark_lg_place(ark_lg_board *b, int c, int z, int seat, int32_t pos);
/* How many cards zone z of seat s holds. */
int ark_lg_zone_size(const ark_lg *g, int z, int seat);
/* The cards in zone z of seat s, bottom first, at most max into ids. */
int ark_lg_zone_ids(const ark_lg *g, int z, int seat, int *ids, int max);
/* Logs an event unless the game logs nothing now. */
void ark_lg_event(ark_lg *g, int seat, int type, const char *text, int seen, const char *others);

#endif
