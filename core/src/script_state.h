/*
** script_state.h - the state a script leaves at load, checked after each
** resume (script_state.c explains why).
*/
#ifndef ARK_SCRIPT_STATE_H
#define ARK_SCRIPT_STATE_H

#include <stddef.h>

struct lua_State;

/* Records what the script `key` keeps: roots (a stack index) is a table of
** name -> value (the returned table under "return", its own globals), chunk
** the script's chunk name ("@path"), fn the stack index of the loaded chunk
** itself or 0: with it, a local that no function of the file assigns is
** not recorded (with Lua 5.4; LuaJIT records every one).  skip: the stack
** index of a table whose keys are tables not to walk (the rules' own, which
** a plugin's script reaches), or 0.  Returns 1 if there is something to
** check, 0 if not, or -1 if it keeps more than the engine will check. */
int ark_state_record(struct lua_State *L, int key, int roots, const char *chunk, int fn,
                     int skip);
/* Pushes the table of every script's record (pushed once for all the
** checks after one resume). */
void ark_state_push_store(struct lua_State *L);
/* 1 if the script's state differs from the record (store: the stack index
** of what ark_state_push_store pushed): it is put back, and name and line
** tell where the first change was found ("upvalue 'plays'", or the name a
** changed table was reached through). */
int ark_state_check(struct lua_State *L, int store, int key, char *name, size_t n, int *line);

#endif
