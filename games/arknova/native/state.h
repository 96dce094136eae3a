/*
** state.h - the authoritative game state.  Plain C structs with fixed arrays
** and indices instead of pointers, so that a snapshot or a clone is a few
** memcpys.  Card ids are indices into the content's card table.
**
** Live parts.  The arrays are sized for the largest game, but a game uses
** little of them, and the engine copies a state at every step (snapshots,
** clones, restores): ark_state_copy copies only the live parts, and
** ark_state_same compares only those.  The rest of a copy holds stale
** bytes, so nothing may read past the live parts, which are:
**  - in each struct, the small fields: everything after its last counted
**    array, copied whole by one memcpy;
**  - then[0..nthen), queue[0..nqueue), memo_card and memo_value
**    [0..nmemo), deck[0..ndeck), discard[0..ndiscard), box[0..nbox);
**  - p[0..nplayers), and of each: its small fields, hand[0..nhand), zoo
**    and zoo_building [0..nzoo), under and under_host [0..nunder), and
**    zoo_map's small fields (at[] among them) and b[0..nb);
**  - script_off up to bit ncards and known[0..ncards) (the content's card
**    count, kept in the state at setup).
** So a new field goes at the end of its struct, among the small fields,
** where the copy takes it by itself.  A new array that is live only up to
** a count goes among the counted arrays at the start, and into the lists
** of state.c: its static assertions fail to compile until it is there,
** and test_state_copy checks that the copy and the comparison know it.
*/
#ifndef ARK_STATE_H
#define ARK_STATE_H

#include <stddef.h>
#include <stdint.h>
#include "defs.h"
#include "rules.h"

#define ARK_MAX_PLAYERS 4
#define ARK_MAX_CARDS 1024       /* printed cards plus fan cards */
#define ARK_MEMO_MAX 32          /* cards per game whose scripts keep a number */
#define ARK_MAX_BUILDINGS 48
#define ARK_HAND_MAX 160
#define ARK_ZOO_MAX 96
#define ARK_UNDER_MAX 32         /* cards tucked under played cards, per player */
#define ARK_SCORING_HELD 4       /* final scoring cards a player may hold: the 2
                                    dealt and one kept by each Resistance animal */
#define ARK_DISPLAY 6
#define ARK_ROW_SLOTS 3          /* project slots above the association board */
#define ARK_MAX_BASE_PROJECTS 4
#define ARK_N_ACTIONS 5
#define ARK_N_UNIVERSITIES 3
#define ARK_N_TASKS 4
#define ARK_N_BONUS_TILES 4      /* in play: 2 beside space 5, 2 beside 8 */
#define ARK_NO_CARD (-1)

/* Action cards.  The numbering is also the order they are listed in. */
typedef enum {
  ARK_ACT_ANIMALS, ARK_ACT_BUILD, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
  ARK_ACT_SPONSORS
} ark_action;

/* Association tasks, in order of required strength (2, 3, 4, 5). */
typedef enum {
  ARK_TASK_REPUTATION, ARK_TASK_PARTNER_ZOO, ARK_TASK_UNIVERSITY,
  ARK_TASK_PROJECT
} ark_task;

typedef enum {
  ARK_UNI_RESEARCH,      /* 2 research icons */
  ARK_UNI_REPUTATION,    /* 1 research icon + 2 reputation */
  ARK_UNI_LIBRARY        /* 1 reputation (printed on the board) + hand limit 5 */
} ark_university;

typedef struct ark_building {
  uint8_t def;                  /* index into content->buildings */
  uint8_t ncells;
  uint8_t cells[ARK_MAX_FOOTPRINT];
  uint8_t used;                 /* standard: 1 if occupied; special: capacity used */
  uint8_t extra;                /* standard enclosure: spaces it counts beyond its
                                   cells (map abilities, ark.enclosure_extra) */
  int16_t card;                 /* standard enclosure: animal inside; unique: its sponsor */
} ark_building;

typedef struct ark_zoo {
  ark_building b[ARK_MAX_BUILDINGS];  /* live: b[0..nb) */
  /* ---- the small fields ---- */
  uint8_t nb;
  uint8_t cover_terrain;        /* may build on water and rock, and water /
                                   rock needs do not apply (sponsor 219) */
  uint8_t at[ARK_CELLS];        /* 0 = free, else building index + 1 */
} ark_zoo;

typedef struct ark_player {
  /* ---- the counted arrays, live up to their counts ---- */
  int16_t hand[ARK_HAND_MAX];
  int16_t zoo[ARK_ZOO_MAX];     /* animals and sponsors played, in order */
  int8_t zoo_building[ARK_ZOO_MAX]; /* animals: building index, else -1 */
  int16_t under[ARK_UNDER_MAX]; /* cards tucked under played cards (scripts) */
  int16_t under_host[ARK_UNDER_MAX]; /* the card each one is under */
  ark_zoo zoo_map;              /* last: its small fields lead into ours */
  /* ---- the small fields ---- */
  uint8_t nhand, nzoo, nunder;  /* the counts of the arrays above */
  int16_t money, appeal, conservation, reputation;
  uint8_t xtokens;
  uint8_t workers;              /* owned, 1..4 */
  uint8_t workers_out;          /* placed on the association board this round */
  uint8_t task_workers[ARK_N_TASKS];
  uint8_t slot[ARK_N_ACTIONS];  /* slot[i] = action card in slot i+1 */
  uint8_t upgraded;             /* bit per ark_action: side II */
  uint8_t multiplier[ARK_N_ACTIONS], venom[ARK_N_ACTIONS],
          constriction[ARK_N_ACTIONS]; /* tokens on each action card */
  uint8_t partner_zoos;         /* bit per continent (0 = Africa) */
  uint8_t universities;         /* bit per ark_university */
  uint8_t edge_taken;           /* bit per map-edge slot */
  uint8_t hand_limit;
  uint16_t rep_bonus_done;      /* bit per reputation bonus space reached */
  uint8_t cp_bonus_done;        /* bits: 2, 5, 8 rewards claimed */
  uint8_t special_built;        /* bit per special enclosure kind */
  uint8_t supports;             /* conservation projects supported */
  uint8_t played_this_turn;     /* bit per action card played this turn */
  int8_t map;                   /* index into content->maps */
  int16_t scoring[ARK_SCORING_HELD]; /* final scoring cards held, or -1 */
  int16_t counter[16];          /* free counters for scripts (see lua-api) */
  uint8_t icons[ARK_ICON_N];    /* derived from zoo cards, partner zoos, universities */
  uint8_t took_last_turn;
  int16_t final_score;
} ark_player;

typedef struct ark_project_slot {
  int16_t card;                 /* project card, or -1 */
  int8_t owner[3];              /* per level: player, -1 free, -2 blocked */
} ark_project_slot;

typedef enum {
  ARK_PH_DRAFT, ARK_PH_TURN, ARK_PH_BREAK, ARK_PH_FINAL, ARK_PH_END,
  ARK_PH_MAPS                   /* advanced mode: each player keeps a map (first) */
} ark_phase;

/* A rules function waiting for the step's running one to return
** (ENGINE.after, lua_bridge.c), or for the rules to take it from their
** queue (ENGINE.queue): fn(player, code). */
#define ARK_MAX_THEN 16           /* nested keeps: a reward inside a handler inside an action */
#define ARK_MAX_QUEUE 8
typedef struct ark_then {
  char fn[24];
  int32_t player, code;
} ark_then;

typedef struct ark_state {
  /* ---- the counted arrays, live up to their counts ---- */
  /* what the step does once its running rules function returns, the last
  ** pushed first (ENGINE.after): in the state, so that a decision that
  ** ended its coroutine (ENGINE.choose_then) carries the rest of the step
  ** in a clone's copy, and a snapshot carries it to a replay */
  ark_then then[ARK_MAX_THEN];
  /* what the rules queued to run at a later point of the step, the first
  ** queued first (ENGINE.queue: the "after finishing this action" effects),
  ** kept here for the same reason */
  ark_then queue[ARK_MAX_QUEUE];
  int16_t memo_card[ARK_MEMO_MAX];  /* cards whose scripts keep a number (ark.memo) */
  int16_t memo_value[ARK_MEMO_MAX];
  int16_t deck[ARK_MAX_CARDS];
  int16_t discard[ARK_MAX_CARDS];
  int16_t box[ARK_MAX_CARDS];   /* out of the game: unused base projects,
                                   undealt final scoring cards, removed cards */
  ark_player p[ARK_MAX_PLAYERS];
  uint8_t script_off[ARK_MAX_CARDS / 8]; /* bit per card: its script was
                                   stopped and stays off for this game */
  uint8_t known[ARK_MAX_CARDS]; /* bit per seat: that seat knows where the
                                   card is (hidden.c uses it to deal anew
                                   only what a seat cannot know) */
  /* ---- the small fields ---- */
  uint8_t nthen, nmemo;         /* the counts of then, memo_card and memo_value */
  uint8_t nqueue;               /* the count of queue */
  int16_t ndeck, ndiscard, nbox;/* the counts of deck, discard and box */
  uint16_t ncards;              /* the content's cards: script_off and known
                                   are live up to it */
  uint64_t rng[4];              /* xoshiro256** */
  uint8_t nplayers, start_player, cur;
  uint8_t phase;                /* ark_phase */
  uint8_t step;                 /* progress inside a phase */
  int16_t turn;                 /* turns played so far (all players) */
  uint8_t break_pos, break_len;
  int8_t break_trigger;         /* player who filled the break track, or -1 */
  uint8_t donations;            /* donations made so far (shared price track) */
  int8_t end_trigger;           /* player whose markers crossed first, or -1 */
  uint8_t end_in_break;         /* markers crossed during a break */
  uint8_t last_turns;           /* bit per player: still owes a last turn */
  uint8_t scoring_discarded;    /* someone reached 10 conservation */
  int16_t display[ARK_DISPLAY];
  ark_project_slot base[ARK_MAX_BASE_PROJECTS];
  uint8_t nbase;
  ark_project_slot row[ARK_ROW_SLOTS];  /* row[0] newest */
  uint8_t bonus_tile[ARK_N_BONUS_TILES];/* ark_bonus_tile ids; 0,1 at 5; 2,3 at 8 */
  uint8_t bonus_taken;          /* bit per bonus tile */
  uint8_t board_zoos;           /* bit per continent: a partner zoo on the board */
  uint8_t board_unis;           /* bit per university on the board */
  uint8_t script_stopped;       /* a script was stopped in this game */
  uint8_t map_script_off;       /* bit per seat: the script of that seat's
                                   map was stopped and stays off for this
                                   game (script_off above for cards) */
  /* cards still to hand over when the draft ends (ark_config.handover,
  ** ark_setup_handover): in the state, so that snapshots and clones taken
  ** during the draft hand them over too */
  uint8_t nhandover;
  uint8_t handover_seat[4];
  int16_t handover_card[4];     /* card ids */
  /* the given draw order (ark_setup_spec.next, kept in ark_game.next):
  ** how much of it was used, and 1 once a seat's view dropped it */
  uint16_t next_pos;
  uint8_t next_off;
} ark_state;

/* dst becomes a copy of src's live parts (the rest of dst is left as it
** was): what a snapshot, a clone or a restore copies. */
void ark_state_copy(ark_state *dst, const ark_state *src);
/* 1 if the live parts of a and b are the same bytes. */
int ark_state_same(const ark_state *a, const ark_state *b);
/* A hash of the live bytes that are no seat's, continued from h
** (ark_hash_bytes: a hash of n bytes continued from h). */
uint64_t ark_board_hash(const ark_state *s, uint64_t h);
/* A hash of all the state's live bytes (those ark_state_copy copies): equal
** states, equal hashes. */
uint64_t ark_state_hash(const ark_state *s);
/* A hash of one part of seat's ark_player, continued from h: the parts
** of ARK_READ_ZOO, _GROUNDS, _PURSE and _HAND (ark.h).  The hand is its
** cards; the purse money, X tokens, workers placed this round and their
** tasks, the action cards' order and tokens, this turn's marks; the
** grounds its zoo map (buildings, spaces taken, cover_terrain); the zoo all
** the rest (the action cards' sides too: animals' conditions ask them). */
typedef enum { ARK_SEAT_ZOO, ARK_SEAT_GROUNDS, ARK_SEAT_PURSE, ARK_SEAT_HAND } ark_seat_part;
uint64_t ark_seat_hash(const ark_state *s, int seat, ark_seat_part part, uint64_t h);
uint64_t ark_hash_bytes(const void *data, size_t n, uint64_t h);
/* How many bytes ark_state_copy copies for s. */
size_t ark_state_live_bytes(const ark_state *s);

#endif
