/*
** fuzz_card.c - a card YAML file (docs/formats.md) through the card loader:
** any input must give a card or "file:line: message" errors, never a
** crash, a leak or undefined behaviour.
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
  ark_yaml_load_cards(c, dir);
  /* a file without errors is one card with a number */
  if (c->nerrors == 0 && (c->ncards != 1 || c->cards[0].number < 1))
    abort();
  ark_content_free_data(c);
  free(c);
  return 0;
}
