/*
** places.h - the legal positions of a building on a seat's zoo map, kept
** per zoo (places.c): the same answers as map.c's ark_map_placements and
** ark_map_any_placement, worked out once per zoo, map, kind and side.
*/
#ifndef ARK_PLACES_H
#define ARK_PLACES_H

#include "game.h"
#include "map.h"

/* Seat p's legal positions of building kind bdef (side II of Build:
** build2) into *out, valid until the next call; returns how many. */
int ark_places(const ark_game *g, int p, int bdef, int build2, const ark_place **out);
/* Is there any? */
int ark_places_any(const ark_game *g, int p, int bdef, int build2);
/* Frees what the content keeps (its release). */
void ark_places_free(ark_content *c);

#endif
