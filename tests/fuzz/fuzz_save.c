/*
** fuzz_save.c - a save file (host/save.c) through the reader; one that is
** taken is replayed on a game of its configuration (sharing the cards and
** scripts loaded once) and checked against its hash as `play --resume`
** does.  Refusals are fine; crashes, leaks and undefined behaviour are not.
*/
#include <stdio.h>
#include <stdlib.h>
#include "fuzz.h"
#include "host.h"

static ark_game *proto;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char msg[1024];
  if (!proto) {
    ark_config cfg;
    ark_config_init(&cfg);
    if (ark_game_new(&cfg, &proto, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "fuzz_save: %s\n", msg);
      abort();
    }
  }
  const char *path = fuzz_write("save.txt", data, size);
  host_save s;
  if (host_save_read(path, &s, msg, sizeof msg) == 0) {
    const ark_config *c = &s.o.cfg;
    int plain = !c->data_dir && !c->card_dirs[0] && !c->map_dirs[0] && !c->plugins[0] &&
                !c->exclude[0];
    ark_game *g = NULL;
    /* the folders a save names are not read here: only plain games replay */
    if (plain && ark_game_new_like(proto, c, &g, msg, sizeof msg) == ARK_OK) {
      int ok = 1;
      for (int i = 0; ok && i < s.nanswers; i++)
        ok = ark_game_process(g) == ARK_AWAITING &&
             ark_game_answer(g, s.answers[i], msg, sizeof msg) == ARK_OK;
      if (ok) {
        ark_game_process(g);
        host_save_verify_gs(&s, NULL, ark_game_gs(g), ark_game_log_hash(g), ark_game_state_hash(g),
                            msg, sizeof msg);
      }
      ark_game_free(g);
    }
  }
  host_save_free(&s);
  return 0;
}
