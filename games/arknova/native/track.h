/*
** track.h - the scoring tracks and derived numbers (ark_track_): appeal,
** conservation, reputation, money, X tokens, income, target, icons.
** Rewards for reaching a space are chosen by players, so they are resolved
** in Lua (games/arknova/rules/rules.lua); this module only keeps numbers within rules.
*/
#ifndef ARK_TRACK_H
#define ARK_TRACK_H

#include "game.h"

typedef enum {
  ARK_TR_MONEY, ARK_TR_APPEAL, ARK_TR_CONSERVATION, ARK_TR_REPUTATION,
  ARK_TR_XTOKENS, ARK_TR_N
} ark_track_id;

/* ark_track_from_name is public: ark.h */
const char *ark_track_name(int t);
/* Conservation target for cp points (114 - 2/point to 10 - 3/point after). */
int ark_track_target(int cp);
/* Money from the appeal income table. */
int ark_track_income(int appeal);
/* The same two with the game's rules (plugins may change them). */
int ark_track_target_of(const ark_game *g, int cp);
int ark_track_income_of(const ark_game *g, int appeal);
/* Reputation cap for p: 9, or 15 once the Cards action is upgraded. */
int ark_track_reputation_cap(const ark_game *g, int p);
/* Adds n (may be negative) to a track of p within its limits; reputation
** beyond the cap becomes appeal.  Returns the change actually applied. */
int ark_track_add(ark_game *g, int p, int track, int n);
int ark_track_get(const ark_game *g, int p, int track);
/* Recomputes p's icon counts from the zoo, partner zoos, universities. */
void ark_track_icons(ark_game *g, int p);
/* Folders (1..6) within p's reputation range. */
int ark_track_range(const ark_game *g, int p);
/* The display folders within range at that reputation. */
int ark_track_range_at(long long reputation);
/* appeal - target */
int ark_track_score(const ark_game *g, int p);

#endif
