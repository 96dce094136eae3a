/*
** zone.h - where cards are (ark_zone_): deck, discard pile, display, hands,
** zoos and the box.  Every move goes through here so that each card is in
** exactly one place (checked by ark_zone_check).
*/
#ifndef ARK_ZONE_H
#define ARK_ZONE_H

#include "game.h"

/* Top card of the deck (the discard pile is reshuffled when the deck is
** empty), or -1 when both are empty. */
int ark_zone_deck_pop(ark_game *g);
/* Does the given draw order (ark_setup_spec.next) name the next card of
** the deck (from_discard 0) or of a discard-pile shuffle (1)? */
int ark_zone_next_given(const ark_game *g, int from_discard);
/* Shuffles the discard pile (Scavenging); the given draw order's run of
** discard-pile cards then lies on top, the first one topmost. */
void ark_zone_discard_shuffle(ark_game *g);
/* The top card of the deck shown to everyone (reveals), or -1. */
int ark_zone_reveal(ark_game *g);
int ark_zone_draw(ark_game *g, int p);           /* deck -> hand, privately */
void ark_zone_discard(ark_game *g, int card);    /* -> discard pile */
void ark_zone_box(ark_game *g, int card);        /* -> out of the game */
void ark_zone_hand_add(ark_game *g, int p, int card);
int ark_zone_hand_find(const ark_game *g, int p, int card); /* index or -1 */
int ark_zone_hand_remove(ark_game *g, int p, int card);     /* 0 or -1 */
/* Takes the card in display folder f (0-based), leaving it empty. */
int ark_zone_display_take(ark_game *g, int f);
int ark_zone_display_find(const ark_game *g, int card);     /* folder or -1 */
/* Slides the cards toward folder 1 and fills the far end from the deck. */
void ark_zone_display_refill(ark_game *g);
/* Adds a played card to p's zoo (building = enclosure index or -1). */
void ark_zone_zoo_add(ark_game *g, int p, int card, int building);
int ark_zone_zoo_find(const ark_game *g, int p, int card);
void ark_zone_zoo_remove(ark_game *g, int p, int card);
/* Where is the card?  Fills a short text ("hand 1", "deck") and returns 0,
** or -1 if it is in no zone or in two (the invariant is broken). */
int ark_zone_check(const ark_game *g, char *msg, size_t n);

#endif
