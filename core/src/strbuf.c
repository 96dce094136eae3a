/*
** strbuf.c - the growing text buffer.
*/
#include <stdlib.h>
#include <string.h>
#include "strbuf.h"

void ark_strbuf_add(ark_strbuf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 1024;
    while (cap < b->len + n + 1) cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) abort();       /* out of memory: nothing sensible to do */
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

void ark_strbuf_free(ark_strbuf *b) {
  free(b->s);
  memset(b, 0, sizeof *b);
}
