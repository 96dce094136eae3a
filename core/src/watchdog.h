/*
** watchdog.h - stops scripts that run too long or allocate too much
** (ark_wd_).  Costs nothing while scripts behave: a background thread looks
** at the running resumes every few milliseconds and only installs a Lua
** hook on one that has already run suspiciously long.
*/
#ifndef ARK_WATCHDOG_H
#define ARK_WATCHDOG_H

#include <stddef.h>

struct lua_State;

/* Registers a resume about to run; returns a slot for ark_wd_leave. */
int ark_wd_enter(struct lua_State *co, double budget_s, size_t mem_limit);
/* Unregisters it and removes any hook the watchdog installed. */
void ark_wd_leave(int slot, struct lua_State *co);

#endif
