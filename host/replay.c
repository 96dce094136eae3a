/*
** replay.c - `arknova replay FILE`: plays a saved game (seed + answers)
** again, printing each decision with the option taken and the events it
** caused, and checks the event-log hash stored at save time.  With --seat
** it prints what that seat saw: the other seats' draws and secret choices
** stay unnamed (the file keeps the whole game either way).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"

static void replay_usage(FILE *f) {
  fprintf(f, "usage: arknova replay FILE [--seat N | --all] [--step] [--quiet]\n\n"
             "Prints a saved game (written by arknova play --save or --human) move\n"
             "by move: every decision with the option taken, then its events.  The\n"
             "replay must reproduce the game exactly: the event-log hash stored in\n"
             "the file is checked at the end (exit 1 if it differs).\n\n"
             "  --seat N   show the game as seat N saw it: the other seats' draws\n"
             "             read \"draws a card\" and their secret choices are not named\n"
             "             (the default for a game with a person that is not over:\n"
             "             that person's seat, so that a replay does not show the\n"
             "             AIs' hands while the game goes on)\n"
             "  --all      show every seat's cards and choices\n"
             "  --step     wait for Enter after each decision (q + Enter, or the end\n"
             "             of the input, stops there: nothing is checked, exit 0)\n"
             "  --quiet    print only the result and the hash check\n"
             "  --help     this text\n");
}

int cmd_replay(int argc, char **argv) {
  const char *path = NULL;
  int step = 0, quiet = 0, seat = -1, all = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { replay_usage(stdout); return 0; }
    if (!strcmp(argv[i], "--seat")) {
      char *end = NULL;
      long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
      if (i + 1 >= argc || *end || v < 1 || v > 4) {
        fprintf(stderr, "arknova replay: --seat needs a seat number 1..4\n");
        return 2;
      }
      seat = (int)v - 1;
      i++;
      continue;
    }
    if (!strcmp(argv[i], "--step")) { step = 1; continue; }
    if (!strcmp(argv[i], "--all")) { all = 1; continue; }
    if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) { quiet = 1; continue; }
    if (argv[i][0] == '-' || path) {
      fprintf(stderr, "arknova replay: unexpected argument '%s'\n\n", argv[i]);
      replay_usage(stderr);
      return 2;
    }
    path = argv[i];
  }
  if (!path) {
    fprintf(stderr, "arknova replay: which file?\n\n");
    replay_usage(stderr);
    return 2;
  }
  host_save sv;
  char msg[2048];
  if (host_save_read(path, &sv, msg, sizeof msg) != 0) {
    fprintf(stderr, "arknova replay: %s\n", msg);
    host_save_free(&sv);
    return 1;
  }
  const host_game *hg = host_game_of(&sv.o);
  if (seat >= sv.o.cfg.players) {
    fprintf(stderr, "arknova replay: --seat %d, but the game has %d players\n", seat + 1,
            sv.o.cfg.players);
    host_save_free(&sv);
    return 2;
  }
  if (all && seat >= 0) {
    fprintf(stderr, "arknova replay: --seat shows one seat's view, --all every seat's: not "
            "both\n");
    host_save_free(&sv);
    return 2;
  }
  /* a person's game not over: their seat's view, unless asked otherwise */
  int defaulted = !all && seat < 0 && sv.human >= 0 && sv.finished != 1;
  if (defaulted) seat = sv.human;
  host_save_warn(&sv, "arknova replay", path);
  ark_gs *g = hg->rebuild(&sv, 0, msg, sizeof msg);
  if (!g) {
    fprintf(stderr, "arknova replay: %s: %s\n", path, msg);
    host_save_free(&sv);
    return 1;
  }
  if (!quiet) {
    hg->header(g, &sv, path, stdout);
    if (seat >= 0) printf("as seat P%d saw it%s\n", seat + 1, defaulted ? " (the person's "
                          "seat of a game not over; --all shows every seat)" : "");
  }
  int shown = 0, rc = 0, stopped = 0;
  for (int i = 0; i < sv.nanswers; i++) {
    ark_progress pr = g->gi->process(g);
    if (pr != ARK_AWAITING) {
      snprintf(msg, sizeof msg, "the game %s before answer %d of %d%s%s",
               pr == ARK_END ? "ended" : "stopped", i + 1, sv.nanswers,
               pr == ARK_END ? "" : ": ", pr == ARK_END ? "" : hg->error(g));
      host_save_blame(&sv, msg, sizeof msg);
      fprintf(stderr, "arknova replay: %s: %s\n", path, msg);
      rc = 1;
      break;
    }
    const ark_decision *d = g->gi->decision(g);
    if (sv.answers[i] >= d->noptions) {
      host_save_misfit(&sv, i, g, "", msg, sizeof msg);
      fprintf(stderr, "arknova replay: %s: %s\n", path, msg);
      rc = 1;
      break;
    }
    if (!quiet) {
      hg->events(g, &shown, stdout, "    ", seat);
      printf("#%d P%d %s -> %s\n", i + 1, d->player + 1, d->prompt,
             host_choice_for(d, sv.answers[i], seat));
    }
    if (g->gi->answer(g, sv.answers[i], msg, sizeof msg) != ARK_OK) {
      char why[2048];
      host_save_misfit(&sv, i, g, msg, why, sizeof why);
      fprintf(stderr, "arknova replay: %s: %s\n", path, why);
      rc = 1;
      break;
    }
    if (step && !quiet) {
      char line[64];
      fflush(stdout);
      if (!fgets(line, sizeof line, stdin) || line[0] == 'q') {
        stopped = i + 1;
        break;
      }
    }
  }
  ark_progress pr = g->gi->process(g);
  if (!quiet) hg->events(g, &shown, stdout, "    ", seat);
  if (stopped && stopped < sv.nanswers) {   /* left early: the rest was not checked */
    printf("(stopped after decision %d of %d: the hash is checked only at the end)\n",
           stopped, sv.nanswers);
    g->gi->free(g);
    host_save_free(&sv);
    return 0;
  }
  if (rc == 0 && pr == ARK_END) hg->summary(g, &sv.o, stdout);
  else if (rc == 0 && pr == ARK_AWAITING) printf("(the saved game goes on from here)\n");
  unsigned long long h = hg->hash(g);
  if (rc == 0 && sv.has_hash) {
    int v = host_save_compare(&sv, hg, h, sv.has_state ? hg->state(g) : 0, msg, sizeof msg);
    if (v == 0) printf("log hash %016llx matches the saved game\n", h);
    else if (v > 0) printf("note: %s\n", msg);
    else fprintf(stderr, "arknova replay: %s\n", msg);
    rc = v < 0;
  }
  g->gi->free(g);
  host_save_free(&sv);
  return rc;
}
