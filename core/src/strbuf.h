/*
** strbuf.h - a growing text buffer (ark_strbuf_): option texts, the texts
** an event log refers to.  Always NUL-terminated after its len bytes.
*/
#ifndef ARK_STRBUF_H
#define ARK_STRBUF_H

#include <stddef.h>

typedef struct ark_strbuf {
  char *s;
  size_t len, cap;
} ark_strbuf;

/* Appends n bytes of s (which may hold NULs); aborts when out of memory. */
void ark_strbuf_add(ark_strbuf *b, const char *s, size_t n);
void ark_strbuf_free(ark_strbuf *b);

#endif
