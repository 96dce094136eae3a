/*
** eventlog.h - a game's history (ark_log_): events in order, each with the
** seats that see it in full, and the texts they refer to.  What an event's
** type and numbers mean is the game's; the log only keeps, copies, cuts
** back and hashes them, so that a replay can be checked event for event.
*/
#ifndef ARK_EVENTLOG_H
#define ARK_EVENTLOG_H

#include <stdint.h>
#include "strbuf.h"

typedef struct ark_event {
  int turn, player;
  int type;                        /* the game's event type */
  int a, b, c;
  int text;                        /* offset of a text in the log pool, or -1 */
  int seen;                        /* seats that see it in full: bit p for
                                      seat p; ARK_SEEN_ALL = everyone */
  int note;                        /* 1: it explains what the events before
                                      it imply, and the hash skips it */
  int kind;                        /* the game's own finer kind of the event
                                      (0: none), for its printers; the hash
                                      skips it, so that marking a kind keeps
                                      the hashes saves were written with */
} ark_event;

#define ARK_SEEN_ALL 0xff

typedef struct ark_log {
  ark_event *ev;
  int nev, capev;
  ark_strbuf pool;                 /* texts referenced by events */
} ark_log;

/* Appends an event (text may be NULL); aborts when out of memory. */
void ark_log_add(ark_log *l, int turn, int player, int type, int a, int b, int c,
                 const char *text, int seen);
/* Marks the last event a note: shown as any other, but left out of the
** log's hash, so that a game that explains itself better keeps the hash its
** saves were written with (the state's hash covers what it changed). */
void ark_log_note_last(ark_log *l);
/* Gives the last event the game's finer kind `kind` (ark_event.kind). */
void ark_log_kind_last(ark_log *l, int kind);
/* Does `seat` see event e in full?  seat -1 = the whole game: yes. */
int ark_event_visible(const ark_event *e, int seat);
/* Is e printed for `seat` (-1: the whole game)?  A note told to the seats
** that did not see an event in full is a retelling: a seat that does not
** see the note saw the event itself or is told another note, and the whole
** game shows the note the acting seat sees.  Every other event: yes (a
** seat that does not see it is told it in a shorter form). */
int ark_event_shown(const ark_event *e, int seat);
/* The one seat that sees e in full, or -1 when none or several do. */
int ark_event_seat(const ark_event *e);
/* The text of event e, or NULL. */
const char *ark_log_text(const ark_log *l, const ark_event *e);
/* `to` (empty) becomes the first nev events and npool text bytes of from. */
void ark_log_copy(ark_log *to, const ark_log *from, int nev, size_t npool);
/* Forgets everything after the first nev events and npool text bytes. */
void ark_log_cut(ark_log *l, int nev, size_t npool);
/* FNV-1a over every event's numbers and text, notes left out: equal logs,
** equal hashes. */
uint64_t ark_log_hash(const ark_log *l);
void ark_log_free(ark_log *l);

#endif
