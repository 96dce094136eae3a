/*
** strlib.h - bounded string functions and tostring without addresses
** (strlib.c explains why).
*/
#ifndef ARK_STRLIB_H
#define ARK_STRLIB_H

#include <stddef.h>

struct lua_State;

/* Replaces string.find/match/gmatch/gsub/rep/format and tostring in the
** state's globals; drops string.pack/unpack/packsize/dump. */
void ark_strlib_open(struct lua_State *L);
/* Pushes tostring(value at idx) without calling anything but __tostring. */
void ark_tostring(struct lua_State *L, int idx);
/* Tells the string functions the state's memory cap in bytes (0: none),
** which its allocator enforces. */
void ark_strlib_set_cap(struct lua_State *L, size_t cap);
/* The most bytes a new string may take under that cap. */
size_t ark_strlib_max_bytes(struct lua_State *L);

#endif
