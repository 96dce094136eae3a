/*
** setup.h - the starting position of a game (ark_setup).
*/
#ifndef ARK_SETUP_H
#define ARK_SETUP_H

#include "game.h"

int ark_setup(ark_game *g, const ark_config *cfg, char *msg, size_t msglen);

/* Advanced mode (ark_config.map = "advanced"): each player is dealt
** ARK_ADVANCED_DEAL maps of the pool (the front sides 1-8) and keeps one. */
#define ARK_MAP_ADVANCED "advanced"
#define ARK_ADVANCED_POOL 8
#define ARK_ADVANCED_DEAL 2
/* The pool's map indices present in the content, in id order; returns the count. */
int ark_setup_advanced_pool(const ark_content *c, int out[ARK_ADVANCED_POOL]);
/* Places the start buildings of p's map (ark_map_def.start); -1 with a
** message when one names an unknown building. */
int ark_setup_start_buildings(ark_game *g, int p, char *msg, size_t msglen);
/* Swaps the cards and settings of cfg->setup (ark_setup_spec) into the
** seeded position ark_setup dealt (setup_spec.c); ARK_OK when there is
** none.  ARK_ERR_CONFIG with a message naming the field otherwise. */
int ark_setup_apply_spec(ark_game *g, const ark_config *cfg, char *msg, size_t msglen);
/* When the opening draft ends: hands each seat the cards of
** ark_config.handover (kept in the state by ark_setup), each in the place
** of a kept card that goes to the box, and logs it. */
void ark_setup_handover(ark_game *g);

#endif
