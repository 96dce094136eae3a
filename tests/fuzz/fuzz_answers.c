/*
** fuzz_answers.c - a stream of answers played into a game: the first byte
** picks the players (2-4), the next two the seed, then each byte answers
** the pending decision (byte % options; 255 gives an answer out of range,
** which must be refused and change nothing).  The rules and every printed
** card's script run; the game must never stop with an error, and a clone
** taken at the end must be the same game.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "game.h"

static ark_game *proto;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char msg[512];
  if (!proto) {
    ark_config cfg;
    ark_config_init(&cfg);
    if (ark_game_new(&cfg, &proto, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "fuzz_answers: %s\n", msg);
      abort();
    }
  }
  if (size < 3) return 0;
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.players = 2 + data[0] % 3;
  cfg.seed = (uint64_t)data[1] << 8 | data[2];
  ark_game *g;
  if (ark_game_new_like(proto, &cfg, &g, msg, sizeof msg) != ARK_OK) abort();
  for (size_t i = 3; i < size && ark_game_process(g) == ARK_AWAITING; i++) {
    const ark_decision *d = ark_game_decision(g);
    if (data[i] == 255) {
      int n = ark_game_nanswers(g);
      uint64_t h = ark_game_log_hash(g);
      if (ark_game_answer(g, d->noptions, msg, sizeof msg) != ARK_ERR_REFUSED ||
          ark_game_nanswers(g) != n || ark_game_log_hash(g) != h)
        abort();
      continue;
    }
    if (ark_game_answer(g, data[i] % d->noptions, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "fuzz_answers: an option was refused: %s\n", msg);
      abort();
    }
  }
  if (ark_game_process(g) == ARK_ERROR) {
    fprintf(stderr, "fuzz_answers: the game stopped: %s\n", ark_game_error(g));
    abort();
  }
  ark_game *c = ark_game_clone(g);
  if (!c || ark_game_log_hash(c) != ark_game_log_hash(g) ||
      ark_game_process(c) != ark_game_process(g) || !ark_state_same(&c->s, &g->s)) {
    fprintf(stderr, "fuzz_answers: the clone differs\n");
    abort();
  }
  ark_game_free(c);
  ark_game_free(g);
  return 0;
}
