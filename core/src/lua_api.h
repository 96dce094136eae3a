/*
** lua_api.h - the `ark` table of C primitives that rules, action and card
** scripts call (documented in docs/lua-api.md).
*/
#ifndef ARK_LUA_API_H
#define ARK_LUA_API_H

#include "game.h"

int ark_lua_api_open(ark_content *c);
void ark_lua_api_close(ark_content *c);
/* The game the primitives act on while a step runs (NULL outside). */
void ark_lua_set_game(ark_content *c, ark_game *g);

#endif
