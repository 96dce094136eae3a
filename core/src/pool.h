/*
** pool.h - small blocks for the Lua state (ark_pool_): one free list per
** size class, carved from slabs, so the tables and strings the rules make
** and drop by the thousand per turn skip malloc.  One pool per loaded
** content, like its Lua state, so no locking.
*/
#ifndef ARK_POOL_H
#define ARK_POOL_H

#include <stddef.h>

#define ARK_POOL_GRAIN 16
#define ARK_POOL_MAX 512             /* larger blocks go to malloc */
#define ARK_POOL_CLASSES (ARK_POOL_MAX / ARK_POOL_GRAIN)

typedef struct ark_pool {
  void *free[ARK_POOL_CLASSES];      /* per class, linked through the blocks */
  void *slabs;                       /* linked through their first word */
  char *cur;                         /* unused rest of the newest slab */
  size_t left;
} ark_pool;

/* Is a block of n bytes (n > 0) one of the pool's? */
#define ark_pool_small(n) ((n) <= ARK_POOL_MAX)
/* Do blocks of n and m bytes share a size class? */
#define ark_pool_same(n, m) \
  (((n) + ARK_POOL_GRAIN - 1) / ARK_POOL_GRAIN == ((m) + ARK_POOL_GRAIN - 1) / ARK_POOL_GRAIN)

void *ark_pool_alloc(ark_pool *p, size_t n);      /* 0 < n <= ARK_POOL_MAX */
void ark_pool_free(ark_pool *p, void *b, size_t n);
void ark_pool_close(ark_pool *p);                 /* frees every slab */

#endif
