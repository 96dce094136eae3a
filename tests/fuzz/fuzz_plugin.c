/*
** fuzz_plugin.c - a plugin.yaml (docs/plugins.md) through the plugin
** loader: its rules change the rules constants, so a plugin that loads
** must leave them usable (the target and income of any track value can
** be computed without a division by zero or an overflow).
*/
#include <stdio.h>
#include <stdlib.h>
#include "content.h"
#include "fuzz.h"
#include "ruleset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_write("plugin/plugin.yaml", data, size);
  char dir[600];
  snprintf(dir, sizeof dir, "%s/plugin", fuzz_dir());
  ark_content *c = calloc(1, sizeof *c);
  if (!c) return 0;
  c->refs = 1;
  ark_ruleset_default(&c->rules);
  ark_yaml_load_plugin(c, dir);
  if (c->nerrors == 0) {
    volatile int sink = 0;
    for (int v = 0; v <= c->rules.appeal_max && v <= 2000; v++) sink += ark_ruleset_income(&c->rules, v);
    for (int v = 0; v <= c->rules.conservation_max && v <= 2000; v++)
      sink += ark_ruleset_target(&c->rules, v);
    (void)sink;
  }
  ark_content_free_data(c);
  free(c);
  return 0;
}
