/*
** fuzz_bga.c - a Board Game Arena replay log (host/bga*.c) through
** `arknova import-bga` up to the save, which is not written: the log is
** read into facts, the facts printed as --facts does, and a log that is
** taken has its maps inferred, its deal made and the game played along it
** (bga_import), sharing the cards and scripts loaded once.  Refusals are
** fine; crashes, leaks, hangs and undefined behaviour are not.
*/
#include <stdio.h>
#include <stdlib.h>
#include "bga.h"
#include "fuzz.h"

static ark_game *content;
static FILE *null_out;

/* The content as import-bga loads it: Board Game Arena's rules constants. */
static void load_content(void) {
  char msg[1024];
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.plugins[0] = "published";
  cfg.plugins[1] = "hundred-points";
  if (ark_game_new(&cfg, &content, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "fuzz_bga: %s\n", msg);
    abort();
  }
  /* the printing paths run too, their text thrown away */
  null_out = fopen("/dev/null", "w");
  if (!null_out) {
    perror("fuzz_bga: /dev/null");
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bga_log log;
  static bga_imported im;
  char msg[4096];
  if (!content) load_content();
  const char *path = fuzz_write("log.json", data, size);
  /* as cmd_import_bga: a refused log is not freed, so a leak there shows */
  if (bga_read(path, &log, msg, sizeof msg) != 0) return 0;
  bga_print_facts(&log, null_out);
  bga_import(&log, content, NULL, &im, 1, null_out, msg, sizeof msg);
  bga_import_free(&im);
  bga_free(&log);
  return 0;
}
