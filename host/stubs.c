#include <stdio.h>
#include "host.h"
int cmd_sim(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "not yet\n"); return 1; }
int cmd_check(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "not yet\n"); return 1; }
int cmd_replay(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "not yet\n"); return 1; }
