/*
** hint.c - `arknova hint SAVE [--at MOVE] [--ai greedy|mcts]`.
*/
#include <stdio.h>
#include "bga.h"
#include "host.h"

int cmd_hint(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "arknova hint: not yet\n");
  return 2;
}
