/*
** fuzz_map.c - a map YAML file (docs/formats.md) through the map loader,
** with the printed buildings loaded first (start buildings refer to them),
** then the geometry every game derives from a map (ark_map_derive runs in
** the loader).  Errors are fine; crashes, leaks and undefined behaviour
** are not.
*/
#include <stdio.h>
#include <stdlib.h>
#include "content.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_write("maps/F9-fuzz.yaml", data, size);
  char dir[600];
  snprintf(dir, sizeof dir, "%s/maps", fuzz_dir());
  ark_content *c = calloc(1, sizeof *c);
  if (!c) return 0;
  c->refs = 1;
  ark_ruleset_default(&c->rules);
  ark_yaml_load_buildings(c, ARK_GAME_DIR "/maps/buildings.yaml");
  if (c->nerrors) abort();                 /* the printed file must load */
  ark_yaml_load_maps(c, dir, 0);
  if (c->nerrors == 0 && c->nmaps != 1) abort();
  ark_content_free_data(c);
  free(c);
  return 0;
}
