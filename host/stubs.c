#include <stdio.h>
#include "host.h"
int cmd_replay(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "not yet\n"); return 1; }
