/*
** bga.h - games recorded on Board Game Arena (BGA): the replay log read
** into facts (bga_log.c), the position dealt at its start (bga_setup.c),
** the moves turned into our answers (bga_match.c) and the command
** `arknova import-bga` (bga_cmd.c).
**
** A BGA log is JSON: {status, data: {logs: [packet...], players: [...]}};
** each packet has a move id, a channel (the table's, or one player's
** private one) and events.  Every event that matters here becomes one
** bga_fact, in log order: what a player did (an action card, a building,
** an animal, a card drawn...) with BGA's move number, so that a move our
** game cannot match is reported by that number.  The format's facts are
** listed in shared/data/bga/README.md; card ids carry our printed numbers
** ("A525_GuineaPig" is 525).
*/
#ifndef ARK_HOST_BGA_H
#define ARK_HOST_BGA_H

#include <stdio.h>
#include "ark.h"
#include "deal.h"

#define BGA_PLAYERS 4
#define BGA_CARDS 16

typedef enum {
  BF_HAND,          /* the 8 cards dealt for the draft (setup) */
  BF_SCORING,       /* the 2 final scoring cards dealt (setup) */
  BF_DRAFT,         /* the cards a player discards in the draft */
  BF_DISPLAY,       /* cards put into the display from the deck (fillPool) */
  BF_ACTION,        /* an action card played: what = type, level, strength */
  BF_XSPEND,        /* X tokens spent on the next action: n */
  BF_CLEANUP,       /* the action card goes to slot 1: the turn's end; what = type */
  BF_BUILD,         /* a building: what = BGA type, x y rot, bid, amount paid, free */
  BF_ANIMAL,        /* an animal played: card, bid, amount, display */
  BF_SPONSOR,       /* a sponsor played: card, display */
  BF_ADVANCE,       /* the break track advances by n */
  BF_SNAP,          /* a display card taken by snapping: card */
  BF_TAKE,          /* a display card taken within reputation range: card */
  BF_DRAW,          /* cards from the deck (or the discard pile: discard) */
  BF_DISCARD,       /* cards discarded from hand */
  BF_SELL,          /* cards sold (Sunbathing) */
  BF_KEEP,          /* cards kept of those revealed (Perception, Hunter, Scavenging) */
  BF_POUCH,         /* cards tucked under a card (Pouch) */
  BF_TASK,          /* an association task begins: what = reputation, partner zoo,
                       university or project */
  BF_PARTNER,       /* a partner zoo taken: what = continent */
  BF_UNIVERSITY,    /* a university taken: what = our name */
  BF_SUPPORT,       /* a project supported: card, level, display, n = edge slot or -1 */
  BF_RELEASE,       /* an animal released: card */
  BF_UPGRADE,       /* an action card upgraded: what = type */
  BF_WORKER,        /* an association worker gained */
  BF_DONATION,      /* a donation: amount */
  BF_TOKEN,         /* a token on an action card: what = kind, target seat, n = action */
  BF_MOVE_ANIMAL,   /* an animal moved into a special enclosure: card, bid */
  BF_TILES,         /* the bonus tiles left (removeScoreboardBonus): tiles */
  BF_BONUS,         /* a track changes (getBonuses and the like): gains */
  BF_BREAK_START, BF_BREAK_END,
  BF_HANDSEEN,      /* what BGA showed a player of their own hand: the animals
                       (n 0), or the whole hand at a break (n 1) */
  BF_FOLDERS,       /* display folders 1 and 2 discarded at a break */
  BF_CONCEDE,       /* a player conceded: the game ends here */
  BF_END,           /* the game is over */
  BF_NKINDS
} bga_fact_kind;

/* Track changes of one event, in our track order. */
enum { BT_MONEY, BT_APPEAL, BT_CONSERVATION, BT_REPUTATION, BT_XTOKENS, BT_N };

typedef struct bga_fact {
  int move;                        /* BGA move id */
  int kind;                        /* bga_fact_kind */
  int player;                      /* seat (0-based), -1 for none */
  int card;                        /* printed number, 0 none */
  int cards[BGA_CARDS];
  int ncards;
  int other[BGA_CARDS];            /* BF_KEEP: the cards not kept; BF_DISPLAY: the display after */
  int nother;
  int synthetic;                   /* not in the log: inferred for moves missing from it */
  char what[32];                   /* type / continent / university / source */
  int x, y, rot, bid;              /* a building and its BGA id */
  int n, level, strength, amount;
  int display;                     /* from the display */
  int free;                        /* a building added for free */
  int discard;                     /* BF_DRAW: from the discard pile */
  int gain[BT_N];                  /* BF_BONUS: signed changes */
  int score, income;               /* BF_BONUS: BGA's score and income after it, -999 none */
  int total;                       /* money after it (buildings, animals), -1 none */
  char source[48];                 /* BF_BONUS: what it came from */
  char tiles[4][16];               /* BF_TILES: our names of the tiles left, "" taken */
  int used;                        /* consumed by the matcher */
  char text[160];                  /* BGA's own line, for messages */
} bga_fact;

typedef struct bga_player {
  long long id;
  char name[64];
  char map[8];                     /* from setupPlayer, or inferred */
  int token0;                      /* meeple id of the map-edge token of slot 0, -1 unknown */
  int worker_max;                  /* highest worker meeple id seen (its first worker) */
  int slots[5];                    /* action cards in slots 1-5 at the start, ark_action + 1 */
  int actid[5];                    /* BGA action card id of each of our actions, 0 unknown */
} bga_player;

typedef struct bga_log {
  char path[1024];
  int nplayers;
  bga_player pl[BGA_PLAYERS];
  bga_fact *f;
  int nf, capf;
  int first_move, last_move;
  int start_player;                /* seat of the first action, -1 unknown */
  int base[4], nbase;              /* base projects by slot (base_k), 0 unknown */
  int base_seen[12];               /* base projects named anywhere (options, supports) */
  int nbase_seen;
  char tiles[4][16];               /* bonus tiles: 2 beside 5, 2 beside 8; "" unknown */
  /* the single-space building spots BGA offered each player, all builds
  ** together, and those of a build into an empty zoo (map inference) */
  unsigned char spot[BGA_PLAYERS][117];
  unsigned char first_spot[BGA_PLAYERS][117];
  int has_first_spots[BGA_PLAYERS];
  int built[BGA_PLAYERS];          /* buildings placed so far while reading */
  int conceded;                    /* seat that conceded, -1 none */
  /* BGA's scores in the game's result (100 + the printed score, as the
  ** hundred-points plugin counts), when the log holds its end */
  int final_score[BGA_PLAYERS];
  int has_final_score;
  int private_packets[BGA_PLAYERS];/* packets on each seat's private channel */
  int private_last[BGA_PLAYERS];   /* the last move of a packet on it, 0 none */
  /* the first draw of each seat that the table's channel shows and no
  ** draw on the seat's private channel names: its move (0 none), BGA's line */
  int unnamed_draw[BGA_PLAYERS];
  char unnamed_text[BGA_PLAYERS][160];
  unsigned char *present;          /* present[m]: move m is in the log (0..last_move) */
} bga_log;

/* Reads a BGA log: 0, or -1 with "path:line:column: message" for bad JSON
** and "path: ..." for a log that is not one. */
int bga_read(const char *path, bga_log *log, char *msg, size_t n);
void bga_free(bga_log *log);
/* One readable line per fact (import-bga --facts). */
void bga_print_facts(const bga_log *log, FILE *f);
const char *bga_kind_name(int kind);

/* The map of each seat: named by the log, or the map whose spaces fit
** every building spot BGA offered and every building placed.  Returns 0,
** or -1 with a message; *why says how each map was found. */
int bga_infer_maps(const ark_game *proto, bga_log *log, char *why, size_t whylen, char *msg,
                   size_t n);
/* The position dealt at the start and the draw order, into d. */
int bga_make_deal(const bga_log *log, host_deal *d, char *msg, size_t n);
/* The fact that gives entry i (0-based) of that draw order, or -1. */
int bga_draw_source(const bga_log *log, int i);

/* Our building key and cells for a BGA building: the footprint of BGA
** type `type` at (x, y) turned `rot` sixths; returns the number of cells
** (sorted cell indices x + 9 y), 0 for a type without a known footprint. */
int bga_footprint(const char *type, int x, int y, int rot, int cells[8], const char **key);

/* ---- the conversion (bga_match.c) ---- */

typedef struct bga_result {
  int matched_move;                /* the last BGA move matched */
  int stopped;                     /* 1: a move could not be matched */
  int drop;                        /* answers at the end the save leaves out: what our game
                                      did after them without asking contradicts the log */
  char why[4096];                  /* what BGA did and what our options were */
  int nchecks, nmismatch;          /* track comparisons made, and those that differ */
  char mismatches[8192];           /* one line each */
  int breaks;                      /* breaks matched */
  int ended;                       /* the log's game ended (concession or end) */
  int turn_at[1024][2];            /* each BGA turn matched, and the one the log ends in:
                                      our answer count, BGA move */
  int nturns;
} bga_result;

/* Plays g (a new game from the deal) along the log: each decision is
** answered by what BGA's players did.  Tracks are compared with BGA's
** after every break and at the log's end.  verbose: print each answer. */
void bga_convert(ark_game *g, bga_log *log, bga_result *res, int verbose, FILE *out);

/* ---- the import (bga_cmd.c) ---- */

typedef struct bga_import {
  ark_config cfg;                  /* the game's: BGA's rules constants, the deal's setup */
  host_deal *deal;                 /* the position dealt at the start, the draw order */
  ark_game *g;                     /* the game played along the log */
  bga_result res;
} bga_imported;

/* `arknova import-bga` without the save: a game dealt as log begins and
** played along it, into im (free it with bga_import_free whatever this
** returns).  content: a game whose cards, maps and scripts were loaded
** with the plugins published and hundred-points, shared so that no file
** is read, or NULL to load them from data.  out (NULL: nothing) gets the
** players, the maps and, when verbose, every answer.  0, or -1 with a
** message that begins with the log's path where it is about the log. */
int bga_import(bga_log *log, const ark_game *content, const char *data, bga_imported *im,
               int verbose, FILE *out, char *msg, size_t n);
void bga_import_free(bga_imported *im);

int cmd_import_bga(int argc, char **argv);
int cmd_hint(int argc, char **argv);

#endif
