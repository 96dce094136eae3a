/*
** host.h - the subcommands of `arknova` and their shared option parsing.
*/
#ifndef ARK_HOST_H
#define ARK_HOST_H

#include "ark.h"

int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_replay(int argc, char **argv);

/* Options every game-running command understands. */
typedef struct host_opts {
  ark_config cfg;
  int ai[4];               /* ai kind per seat */
  int nai;
  int quiet, verbose;
  const char *save;        /* write seed + answers here */
} host_opts;

void host_opts_init(host_opts *o);
/* Parses one option at argv[*i] (advancing *i past its value).  Returns 1 if
** it was a game option, 0 if not, -1 after printing an error. */
int host_parse_game_opt(host_opts *o, int argc, char **argv, int *i);
extern const char *const host_game_opts_help;

/* Plays a game to the end with the configured AIs; prints events if
** verbose.  Returns the final progress value. */
int host_run_game(ark_game *g, const host_opts *o, uint64_t ai_seed);
void host_print_summary(ark_game *g, const host_opts *o, FILE *f);

#endif
