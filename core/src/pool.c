/*
** pool.c - see pool.h.
*/
#include <stdlib.h>
#include "pool.h"

#define SLAB_BYTES (64 * 1024)

static size_t class_of(size_t n) { return (n + ARK_POOL_GRAIN - 1) / ARK_POOL_GRAIN - 1; }

void *ark_pool_alloc(ark_pool *p, size_t n) {
  size_t k = class_of(n), size = (k + 1) * ARK_POOL_GRAIN;
  void *b = p->free[k];
  if (b) {
    void *next = *(void **)b;
    p->free[k] = next;
    /* blocks come back by the thousand when the collector sweeps, and sit
    ** cold until reused: the next one of the class is asked from memory
    ** now, while the caller fills this one */
    if (next) __builtin_prefetch(next, 1);
    return b;
  }
  if (p->left < size) {
    /* the slab's first grain links it into the list of slabs */
    char *slab = malloc(SLAB_BYTES);
    if (!slab) return NULL;
    *(void **)slab = p->slabs;
    p->slabs = slab;
    p->cur = slab + ARK_POOL_GRAIN;
    p->left = SLAB_BYTES - ARK_POOL_GRAIN;
  }
  b = p->cur;
  p->cur += size;
  p->left -= size;
  return b;
}

void ark_pool_free(ark_pool *p, void *b, size_t n) {
  size_t k = class_of(n);
  *(void **)b = p->free[k];
  p->free[k] = b;
}

void ark_pool_close(ark_pool *p) {
  while (p->slabs) {
    void *next = *(void **)p->slabs;
    free(p->slabs);
    p->slabs = next;
  }
  for (size_t k = 0; k < ARK_POOL_CLASSES; k++) p->free[k] = NULL;
  p->cur = NULL;
  p->left = 0;
}
