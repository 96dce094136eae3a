/*
** eventlog.c - the event log.
*/
#include <stdlib.h>
#include <string.h>
#include "eventlog.h"

void ark_log_add(ark_log *l, int turn, int player, int type, int a, int b, int c,
                 const char *text, int seen) {
  if (l->nev == l->capev) {
    int cap = l->capev ? l->capev * 2 : 256;
    ark_event *ne = realloc(l->ev, sizeof *ne * (size_t)cap);
    if (!ne) abort();
    l->ev = ne;
    l->capev = cap;
  }
  ark_event *e = &l->ev[l->nev++];
  e->turn = turn;
  e->player = player;
  e->type = type;
  e->a = a;
  e->b = b;
  e->c = c;
  e->text = -1;
  e->seen = seen;
  e->note = 0;
  e->kind = 0;
  if (text) {
    e->text = (int)l->pool.len;
    ark_strbuf_add(&l->pool, text, strlen(text) + 1);
  }
}

void ark_log_note_last(ark_log *l) {
  if (l->nev > 0) l->ev[l->nev - 1].note = 1;
}

void ark_log_kind_last(ark_log *l, int kind) {
  if (l->nev > 0) l->ev[l->nev - 1].kind = kind;
}

int ark_event_visible(const ark_event *e, int seat) {
  return seat < 0 || (e->seen & (1 << seat)) != 0;
}

int ark_event_shown(const ark_event *e, int seat) {
  if (!e->note) return 1;
  if (seat >= 0) return ark_event_visible(e, seat);
  return e->player < 0 || ark_event_visible(e, e->player);
}

int ark_event_seat(const ark_event *e) {
  int m = e->seen & ARK_SEEN_ALL;
  if (m == 0 || (m & (m - 1)) != 0) return -1;
  int p = 0;
  while (!(m & 1)) m >>= 1, p++;
  return p;
}

const char *ark_log_text(const ark_log *l, const ark_event *e) {
  return e->text >= 0 ? l->pool.s + e->text : NULL;
}

void ark_log_copy(ark_log *to, const ark_log *from, int nev, size_t npool) {
  if (nev > 0) {
    to->ev = malloc(sizeof *to->ev * (size_t)nev);
    if (!to->ev) abort();
    memcpy(to->ev, from->ev, sizeof *to->ev * (size_t)nev);
    to->nev = to->capev = nev;
  }
  if (npool) ark_strbuf_add(&to->pool, from->pool.s, npool);
}

void ark_log_cut(ark_log *l, int nev, size_t npool) {
  l->nev = nev;
  l->pool.len = npool;
}

uint64_t ark_log_hash(const ark_log *l) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (int i = 0; i < l->nev; i++) {
    const ark_event *e = &l->ev[i];
    if (e->note) continue;
    int v[6] = { e->turn, e->player, e->type, e->a, e->b, e->c };
    const unsigned char *b = (const unsigned char *)v;
    for (size_t k = 0; k < sizeof v; k++) h = (h ^ b[k]) * 0x100000001b3ULL;
    if (e->text >= 0)
      for (const char *t = l->pool.s + e->text; *t; t++)
        h = (h ^ (unsigned char)*t) * 0x100000001b3ULL;
  }
  return h;
}

void ark_log_free(ark_log *l) {
  free(l->ev);
  ark_strbuf_free(&l->pool);
  memset(l, 0, sizeof *l);
}
