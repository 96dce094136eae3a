/*
** fuzz_card.c - a card YAML file (docs/formats.md) through the card loader:
** any input must give a card or "file:line: message" errors, never a
** crash, a leak or undefined behaviour.  The printed buildings are loaded
** first, as in a game, so that a sponsor's building can be checked.
*/
#include <stdio.h>
#include <stdlib.h>
#include "content.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_write("cards/1000-fuzz.yaml", data, size);
  char dir[600];
  snprintf(dir, sizeof dir, "%s/cards", fuzz_dir());
  ark_content *c = calloc(1, sizeof *c);
  if (!c) return 0;
  c->refs = 1;
  ark_ruleset_default(&c->rules);
  ark_yaml_load_buildings(c, ARK_GAME_DIR "/maps/buildings.yaml");   /* as a game does */
  if (c->nerrors) abort();
  ark_yaml_load_cards(c, dir, 0);
  /* a file without errors is one card a game can use: a number, a name,
  ** a sponsor's building that exists */
  if (c->nerrors == 0 &&
      (c->ncards != 1 || c->cards[0].number < 1 || !c->cards[0].name[0] ||
       (c->cards[0].building[0] && ark_content_find_building(c, c->cards[0].building) < 0)))
    abort();
  ark_content_free_data(c);
  free(c);
  return 0;
}
