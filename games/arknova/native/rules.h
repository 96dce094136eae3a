/*
** rules.h - every numeric rules constant of Ark Nova in one place
** (shared/rules/ark-nova.md).  Code refers to these names, never to the
** bare numbers, so a variant changes them here or through a plugin.
*/
#ifndef ARK_RULES_H
#define ARK_RULES_H

#define ARK_START_MONEY 25
#define ARK_START_REPUTATION 1
#define ARK_START_WORKERS 1
#define ARK_MAX_WORKERS 4
#define ARK_MAX_XTOKENS 5
#define ARK_DRAFT_DRAW 8
#define ARK_DRAFT_KEEP 4
#define ARK_SCORING_DEALT 2
#define ARK_HAND_LIMIT 3
#define ARK_HAND_LIMIT_LIBRARY 5  /* also LIBRARY_HAND_LIMIT in games/arknova/rules/rules.lua */

#define ARK_APPEAL_MAX 113
#define ARK_CONSERVATION_MAX 41
#define ARK_TARGET_START 114       /* conservation target with 0 points */
#define ARK_TARGET_STEP_LOW 2      /* per point up to 10 */
#define ARK_TARGET_STEP_HIGH 3     /* per point after 10 */
#define ARK_TARGET_STEP_CHANGE 10

#define ARK_REPUTATION_MAX 15
#define ARK_REPUTATION_CAP_BASIC 9 /* until the Cards action is upgraded */

/* Break track length by player count (index = players). */
#define ARK_BREAK_LEN_INIT { 0, 15, 15, 12, 10 }
/* Base conservation projects beside the association board, by player
** count (index = players): 3, or 4 with 4 players. */
#define ARK_BASE_PROJECTS_INIT { 0, 3, 3, 3, 4 }
#define ARK_CARDS_BREAK_ADVANCE 2

/* Income bands: appeal >= start pays base + (appeal - start) / step. */
#define ARK_INCOME_BANDS 6
#define ARK_INCOME_INIT { {0, 5, 1}, {6, 11, 2}, {18, 17, 3}, \
                          {36, 23, 4}, {60, 29, 5}, {90, 35, 6} }

/* Donation prices; after the sequence every donation costs the last value. */
#define ARK_DONATIONS_INIT { 2, 5, 5, 7, 7, 10, 10, 12 }
#define ARK_DONATIONS_N 8
#define ARK_DONATIONS_2P_INIT { 2, 5, 7, 10, 12 }
#define ARK_DONATIONS_2P_N 5

/* Reputation range: folder i (1-based) needs this reputation. */
#define ARK_RANGE_INIT { 0, 2, 4, 7, 10, 13 }

/* Association task strengths. */
#define ARK_TASK_STRENGTH_INIT { 2, 3, 4, 5 }
#define ARK_PARTNER_ZOOS_MAX 2
#define ARK_PARTNER_ZOOS_MAX_II 4
#define ARK_PARTNER_ZOO_DISCOUNT 3
#define ARK_TASK_REPUTATION_GAIN 2

#define ARK_BUILD_COST_PER_SPACE 2
#define ARK_FULL_MAP_APPEAL 7
#define ARK_KIOSK_MIN_DISTANCE 3
#define ARK_PAVILION_APPEAL 1

#define ARK_CP_BONUS_MONEY 5       /* reward alternative at 5 and 8 */

/* Special enclosure bits (ark_player.special_built). */
enum { ARK_SPECIAL_PETTING = 1, ARK_SPECIAL_REPTILE = 2, ARK_SPECIAL_AVIARY = 4 };

/* The 9 bonus tiles; 4 are drawn at setup. */
typedef enum {
  ARK_TILE_REPUTATION,      /* 2 reputation */
  ARK_TILE_MONEY,           /* 10 money */
  ARK_TILE_ENCLOSURE,       /* a free 3-space enclosure */
  ARK_TILE_MULTIPLIER,      /* a multiplier token */
  ARK_TILE_XTOKENS,         /* 3 X tokens */
  ARK_TILE_CARDS,           /* 3 cards, each from the deck or the reputation range */
  ARK_TILE_UNIVERSITY,      /* a university */
  ARK_TILE_PARTNER_ZOO,     /* a partner zoo */
  ARK_TILE_SPONSOR,         /* play a sponsor paying money equal to its level */
  ARK_TILE_N
} ark_bonus_tile;

#endif
