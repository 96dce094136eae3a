/*
** setup.h - the starting position of a game (ark_setup).
*/
#ifndef ARK_SETUP_H
#define ARK_SETUP_H

#include "game.h"

int ark_setup(ark_game *g, const ark_config *cfg, char *msg, size_t msglen);

#endif
