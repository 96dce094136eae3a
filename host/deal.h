/*
** deal.h - the setup section of saves and scenarios: everything dealt at
** the start of a game that did not come from our seed (ark_setup_spec),
** plus the players' names, as text lines.
**
** In a save each line reads "setup KEY VALUES"; a scenario's `deal:`
** mapping gives the same keys (docs/formats.md, "Setup section"):
**   start-player S            seat that plays first (1-based)
**   map S ID                  seat S's map
**   actions S A1 .. A5        action cards in slots 1-5 (animals build cards
**                             association sponsors)
**   hand S N1 .. N8           the cards dealt to seat S for the draft
**   scoring S N1 N2           seat S's final scoring cards
**   display N1 .. N6          the display, folder 1 first; - = seed
**   base-projects N1 N2 N3    the base projects by slot; - = seed
**   blocked L1 L2 L3          blocked level per base project slot (0 = none)
**   bonus-tiles T1 .. T4      tiles beside space 5 (two), then beside 8; - = seed
**   deck N1 ..                top of the deck after the deal, top first
**   draws N1 ..               later draws in order (may repeat: the lists add
**                             up); -N = N comes from a discard-pile shuffle
**   name S TEXT               seat S's player name (shown, not played)
**   bga-moves D:M ...         an imported game: BGA move M begins at decision
**                             D (1-based, as `arknova replay` numbers them);
**                             none: the import stopped before the first turn
**   bga-last M                an imported game: the log's last BGA move
*/
#ifndef ARK_HOST_DEAL_H
#define ARK_HOST_DEAL_H

#include <stdio.h>
#include <yaml.h>
#include "ark.h"

typedef struct host_deal {
  ark_setup_spec spec;
  char *names[ARK_SPEC_PLAYERS];     /* player names, or NULL */
  /* an imported game: the decision (0-based answer count) each BGA turn
  ** begins at, and that turn's BGA move number (for `arknova hint --at`) */
  int moves[1024][2];
  int nmoves;
  int imported;                      /* written by import-bga (a bga-moves line, maybe
                                        empty: the import stopped before the first turn) */
  int last_move;                     /* the log's last BGA move; 0: not known (a save
                                        written before bga-last) */
  char *strings[16];                 /* owned copies of map and tile names */
  int nstrings;
} host_deal;

host_deal *host_deal_new(void);
void host_deal_free(host_deal *d);
/* One line "KEY VALUES" (a save's "setup" line without the word setup).
** Returns 0, or -1 with a message naming the key. */
int host_deal_line(host_deal *d, const char *line, char *msg, size_t n);
/* Writes every given field as "setup KEY VALUES" lines. */
void host_deal_write(FILE *f, const host_deal *d);
/* A scenario's `deal:` mapping (the same keys; a list of lists, or a list
** for `maps` and `names`, gives one line per seat) into a new deal in
** *out.  0, or -1 with "LINE: message". */
int host_deal_from_yaml(yaml_document_t *doc, yaml_node_t *map, host_deal **out, char *msg,
                        size_t n);
/* The name of seat p (0-based) for people: the given name, or "P<p+1>". */
const char *host_deal_name(const host_deal *d, int p, char *buf, size_t n);

#endif
