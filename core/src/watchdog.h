/*
** watchdog.h - stops scripts that run too long or allocate too much
** (ark_wd_).  Costs nothing while scripts behave: a background thread looks
** at the running resumes every few milliseconds and only installs a Lua
** hook on one that has already run suspiciously long.  C library code that
** can run long without executing a Lua instruction (pattern matching,
** sorting) calls ark_wd_tick now and then, since no hook fires inside C.
*/
#ifndef ARK_WATCHDOG_H
#define ARK_WATCHDOG_H

#include <stddef.h>
#include <stdint.h>

struct lua_State;

/* Why the watchdog stopped a resume (ark_wd_leave, ark_wd_reason). */
enum { ARK_WD_NONE, ARK_WD_TIME, ARK_WD_MEMORY };

/* Registers a resume about to run; returns a slot for ark_wd_leave. */
int ark_wd_enter(struct lua_State *co, double budget_s, size_t mem_limit);
/* Unregisters it and removes any hook the watchdog installed; returns
** ARK_WD_TIME or ARK_WD_MEMORY if the watchdog stopped it, else 0. */
int ark_wd_leave(int slot, struct lua_State *co);
/* Inside a resume: raises the watchdog's error if the resume running on L
** is over its time or memory limit (a no-op outside any resume). */
void ark_wd_tick(struct lua_State *L);
/* Inside a resume: the reason the watchdog is stopping it, or 0. */
int ark_wd_reason(struct lua_State *L);
/* Inside a resume: leaves it at most `extra` more seconds, and watches it
** from now on (a script known to loop need not use its whole budget). */
void ark_wd_hurry(struct lua_State *L, double extra);
/* Called by the allocator once the scripts' memory passes 7/8 of its cap:
** hooks this thread's innermost resume now, so that the memory check stops
** it with its line before the allocator has to refuse (a script can fill
** the rest of the cap before the watchdog's thread would look). */
void ark_wd_memory_high(void);

/* For tests: a slot's epoch (odd while a resume runs in it), and the
** watchdog's hooking of the resume it saw in that slot at `epoch`, as if
** it had looked just then (to replay an interleaving of its thread). */
uint64_t ark_wd_test_epoch(int slot);
void ark_wd_test_hook(int slot, uint64_t epoch);

#endif
