/*
** sandbox.h - deterministic and bounded base functions for card and map
** scripts (sandbox.c explains each).
*/
#ifndef ARK_SANDBOX_H
#define ARK_SANDBOX_H

struct lua_State;

/* Creates the rules-only global SANDBOX: pairs, next, sort, setmetatable,
** getmetatable, rawset, rawget, rawlen, and the tables `sealed` (read-only
** views, as keys) and `target` (view -> the table it shows) that
** the rules of the game fill (rules/api.lua in a game folder). */
void ark_sandbox_open(struct lua_State *L);
/* Opens Lua's libraries without what reaches outside the game or loads
** code (io, os, debug, load, coroutine, ...), with the bounded string
** functions (strlib.h): the base every game's scripts start from. */
void ark_sandbox_libs(struct lua_State *L);

#endif
