/*
** main.c - the `arknova` command: dispatches to its subcommands.
*/
#include <stdio.h>
#include <string.h>
#include "bga.h"
#include "host.h"

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *help;
} commands[] = {
  { "play", cmd_play, "play a game (AI vs AI by default) and print a summary" },
  { "sim", cmd_sim, "run many seeded games and summarize the results" },
  { "check", cmd_check, "validate card and map files (file:line: message)" },
  { "replay", cmd_replay, "print a saved game (seed + answers) move by move" },
  { "scenario", cmd_scenario, "set up a position, answer decisions, check values" },
  { "import-bga", cmd_import_bga, "a game recorded on Board Game Arena into a save" },
  { "hint", cmd_hint, "what the AI would choose at a point of a saved game" },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f) {
  fprintf(f, "usage: arknova [COMMAND] [OPTIONS]\n\n"
             "Ark Nova engine.  Without a command, plays one AI-vs-AI game.\n\n"
             "commands:\n");
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
  fprintf(f, "\n'arknova COMMAND --help' describes a command's options.\n");
}

int main(int argc, char **argv) {
  if (argc < 2) return cmd_play(argc, argv);
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return 0;
  }
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
  if (argv[1][0] == '-') return cmd_play(argc, argv);
  fprintf(stderr, "arknova: unknown command '%s'\n\n", argv[1]);
  usage(stderr);
  return 2;
}
