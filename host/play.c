/*
** play.c - `arknova play`: a game between AIs printed as a summary, or a
** person playing in the terminal against AIs (--human SEAT).  A person's
** game is saved after every decision (seed, configuration, answers) so a
** killed game resumes exactly (--resume FILE); `undo` takes back one's
** own last decision by rebuilding the game from the seed and the answers
** before it (the AIs' answers are replayed, not chosen again).
*/
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "host.h"

static void play_usage(FILE *f) {
  fprintf(f, "usage: arknova play [OPTIONS]\n"
             "       arknova play --human SEAT [OPTIONS]\n"
             "       arknova play --resume FILE\n\n"
             "Plays one game.  Without --human, AIs play every seat and a summary is\n"
             "printed.  With --human SEAT you play that seat against the AIs: choose\n"
             "an option by its number or by (a unique prefix of) its text; `undo`\n"
             "takes back your last decision, `board` shows everything again, `hint`\n"
             "asks the AI, `quit` stops (the game is saved after every decision).\n\n"
             "A game written in Lua alone (--game DIR, docs/lua-games.md) plays the\n"
             "same way; its board is what its rules' board() shows the seat.\n\n"
             "options:\n%s"
             "  --human SEAT      you play seat SEAT (1..players)\n"
             "  --save FILE       save file (default arknova-game.txt with --human); an AI\n"
             "                    game is saved as it plays, at most once a second.  A\n"
             "                    save of a finished game is replaced; one of a game\n"
             "                    that is not over is kept (nothing is played): go on\n"
             "                    with it by --resume FILE, or choose another file\n"
             "  --overwrite       replace the save even if its game is not over\n"
             "  --resume FILE     continue the game saved in FILE, a person's or an AI game\n"
             "                    stopped halfway (the save decides the game, seat and\n"
             "                    AIs: their options are refused with it)\n"
             "  --verbose         print every decision and event (AI games)\n"
             "  --help            this text\n", host_game_opts_help);
}

/* ---- the person's game ---- */

typedef struct session {
  host_save sv;
  const char *path;
  const host_game *hg;         /* what the host needs of the game */
  ark_gs *g;
  int board_memo;              /* hg->board_now's memory */
  int *owner;                  /* seat that gave each answer, plus SECRET
                                  when its decision was a secret one */
  int cap;
  int shown;                   /* events printed so far */
  ai_player ai[4];
} session;

#define SECRET 0x100
#define SEAT_OF(o) ((o) & 0xff)

/* Notes who answered decision i (d), and whether in secret. */
static void note_owner(session *s, int i, const ark_decision *d) {
  int p = d->player | (d->secret ? SECRET : 0);
  if (i >= s->cap) {
    int cap = s->cap ? 2 * s->cap : 1024;
    while (cap <= i) cap *= 2;
    int *no = realloc(s->owner, sizeof *no * (size_t)cap);
    if (!no) { fprintf(stderr, "arknova: out of memory\n"); exit(1); }
    s->owner = no;
    s->cap = cap;
  }
  s->owner[i] = p;
}

/* Rebuilds the game from the seed and the first `count` saved answers,
** noting who gave each.  Returns 0, or -1 with a message. */
static int rebuild(session *s, int count) {
  char msg[2048];
  ark_gs *g = s->hg->rebuild(&s->sv, 0, msg, sizeof msg);
  if (!g) {
    fprintf(stderr, "arknova play: %s: %s\n", s->path, msg);
    return -1;
  }
  for (int i = 0; i < count; i++) {
    if (g->gi->process(g) != ARK_AWAITING) {
      snprintf(msg, sizeof msg, "the game is over after %d of the %d saved answers", i, count);
      host_save_blame(&s->sv, msg, sizeof msg);
      fprintf(stderr, "arknova play: %s: %s\n", s->path, msg);
      g->gi->free(g);
      return -1;
    }
    note_owner(s, i, g->gi->decision(g));
    if (g->gi->answer(g, s->sv.answers[i], msg, sizeof msg) != ARK_OK) {
      char why[3072];
      host_save_misfit(&s->sv, i, g, msg, why, sizeof why);
      fprintf(stderr, "arknova play: %s: %s\n", s->path, why);
      g->gi->free(g);
      return -1;
    }
  }
  g->gi->process(g);
  if (s->g) s->g->gi->free(s->g);
  s->g = g;
  s->shown = s->hg->nevents(g);
  return 0;
}

static void save(session *s) {
  if (s->hg->write(s->path, &s->sv, s->g) != 0)
    fprintf(stderr, "arknova: could not save the game to %s\n", s->path);
}

/* Copies the game's answers into the save record (for undo). */
static void sync_answers(session *s) {
  int n = s->g->gi->nanswers(s->g);
  const int *a = s->hg->answers(s->g);
  if (n > s->sv.cap) {
    int *na = realloc(s->sv.answers, sizeof *na * (size_t)n);
    if (!na) { fprintf(stderr, "arknova: out of memory\n"); exit(1); }
    s->sv.answers = na;
    s->sv.cap = n;
  }
  if (n > 0) memcpy(s->sv.answers, a, sizeof *a * (size_t)n);
  s->sv.nanswers = n;
}

/* ---- what undo may not take back ----
** Undo rebuilds the game before the person's last decision k and asks it
** again, so it must not go back past anything the person was shown since
** that they could not know when they decided: they would choose again
** knowing it.  What the game tells the host is enough to see it:
**  - an event since decision k that the person sees in full but another
**    seat does not (a card drawn or shown to them alone), unless the game
**    says it tells them nothing new (their own discard, the echo of their
**    own secret answer: host_game.news);
**  - another seat's secret answer that the person's view of the game
**    (ark_gi.view, what the AIs decide on) did not hold at decision k,
**    given before it or after it, and holds now: the rules revealed it.
**    A view draws an unrevealed secret answer anew (a game written in Lua:
**    G.reveal ends that); Ark Nova's views keep the answers and hide the
**    cards they moved (host_game.views_keep_answers), so its secret
**    choices never count here.
** A card or answer shown to every seat (a display refill, a reveal to
** all) is covered by the second rule only where it was a secret answer:
** public events that follow from hidden cards (a refill from the deck)
** do not stop undo, as the AIs' public plays do not. */

/* Does event e, which the person sees and another seat does not, tell
** them something new?  The game says (host_game.news). */
static int news(const session *s, const ark_event *e) {
  return s->hg->news(s->g, e, s->sv.human);
}

/* Event i as the person sees it, into buf (its first line). */
static void event_line(session *s, ark_gs *g, int i, char *buf, size_t n) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  buf[0] = '\0';
  if (!f) return;
  int at = i;
  s->hg->events(g, &at, f, "", s->sv.human);
  fclose(f);
  if (text) snprintf(buf, n, "%.*s", (int)strcspn(text, "\n"), text);
  free(text);
}

/* 1 and the first such event into why if, from event `from` on, the
** person was shown something another seat was not. */
static int shown_alone(session *s, int from, char *why, size_t n) {
  const ark_event *e;
  for (int i = from; (e = s->hg->event(s->g, i)) != NULL; i++) {
    if (e->seen == ARK_SEEN_ALL || !ark_event_visible(e, s->sv.human) || !news(s, e))
      continue;
    char line[400];
    event_line(s, s->g, i, line, sizeof line);
    snprintf(why, n, "you were shown \"%s\"", line);
    return 1;
  }
  return 0;
}

/* Does the person's view of g not hold answer j as given?  The views of
** a few seeds are asked: one that drew it anew differs from it, unless by
** chance, which 12 seeds make negligible (the same answer in all of them:
** it is held, or a one-option decision, which hides nothing anyway). */
#define VIEW_SEEDS 12
static int answer_hidden(session *s, ark_gs *g, int j) {
  int real = s->hg->answers(g)[j];
  for (uint64_t seed = 1; seed <= VIEW_SEEDS; seed++) {
    ark_gs *v = g->gi->view(g, s->sv.human, seed);
    int differs = v->gi->nanswers(v) > j && s->hg->answers(v)[j] != real;
    v->gi->free(v);
    if (differs) return 1;
  }
  return 0;
}

/* 1 with why if another seat's secret answer hidden from the person at
** decision k (at_k: the game then) is known to them now. */
static int secret_revealed(session *s, ark_gs *at_k, int k, char *why, size_t n) {
  if (s->hg->views_keep_answers) return 0;       /* see above: never revealed */
  int now = s->g->gi->nanswers(s->g);
  for (int j = 0; j < now; j++) {
    int o = s->owner[j];
    if (!(o & SECRET) || SEAT_OF(o) == s->sv.human) continue;
    if (j < k && !answer_hidden(s, at_k, j)) continue;     /* known at k already */
    if (answer_hidden(s, s->g, j)) continue;               /* still secret */
    snprintf(why, n, "P%d's secret choice was revealed", SEAT_OF(o) + 1);
    return 1;
  }
  return 0;
}

/* Whether undoing back to the person's decision k would take back
** something they learned since (the rules above): 1 with why, 0, or -1
** when the game could not be rebuilt. */
static int learned_since(session *s, int k, char *why, size_t n) {
  char msg[512];
  ark_gs *at_k = s->hg->rebuild(&s->sv, k, msg, sizeof msg);
  if (!at_k) {
    fprintf(stderr, "arknova play: %s: %s\n", s->path, msg);
    return -1;
  }
  int r = shown_alone(s, s->hg->nevents(at_k), why, n) ||
          secret_revealed(s, at_k, k, why, n);
  at_k->gi->free(at_k);
  return r;
}

static int undo(session *s) {
  sync_answers(s);
  int k = s->sv.nanswers - 1;
  while (k >= 0 && SEAT_OF(s->owner[k]) != s->sv.human) k--;
  if (k < 0) {
    printf("Nothing of yours to undo.\n");
    return 0;
  }
  char why[600];
  int r = learned_since(s, k, why, sizeof why);
  if (r < 0) return -1;
  if (r > 0) {
    printf("Cannot undo: since your decision %d %s, which you did not know when you took it; "
           "undoing would let you choose again knowing it.\n", k + 1, why);
    return 0;
  }
  if (rebuild(s, k) != 0) return -1;
  save(s);
  printf("Undone: back to your decision %d.\n", k + 1);
  return 0;
}

static void show_options(const ark_decision *d) {
  printf("\nP%d, %s\n", d->player + 1, d->prompt);
  for (int i = 0; i < d->noptions; i++) printf("  %2d) %s\n", i + 1, d->options[i]);
}

static int prefix_ci(const char *text, const char *pre) {
  for (; *pre; pre++, text++)
    if (tolower((unsigned char)*pre) != tolower((unsigned char)*text)) return 0;
  return 1;
}

/* The option a typed line names: a number, an exact text, or a unique
** prefix.  Returns the index, -1 if none, -2 if several (listed). */
int host_match_option(const ark_decision *d, const char *line, int verbose) {
  char *end;
  long k = strtol(line, &end, 10);
  if (end != line && *end == '\0') return k >= 1 && k <= d->noptions ? (int)k - 1 : -1;
  for (int i = 0; i < d->noptions; i++)
    if (!strcmp(d->options[i], line)) return i;
  int found = -1, count = 0;
  for (int i = 0; i < d->noptions; i++)
    if (prefix_ci(d->options[i], line)) {
      found = i;
      count++;
    }
  if (count > 1) {
    if (verbose) {
      printf("'%s' fits %d options:\n", line, count);
      for (int i = 0; i < d->noptions; i++)
        if (prefix_ci(d->options[i], line)) printf("  %2d) %s\n", i + 1, d->options[i]);
    }
    return -2;
  }
  return found;
}

/* Reads the person's answer; returns the option, or -1 to stop. */
static int ask(session *s) {
  char line[512];
  for (;;) {
    const ark_decision *d = s->g->gi->decision(s->g);
    printf("> ");
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin)) return -1;
    if (!strchr(line, '\n') && strlen(line) == sizeof line - 1) {
      /* one answer per line: the rest of an overlong line is no answer */
      int ch;
      while ((ch = getchar()) != EOF && ch != '\n') {}
      printf("That line is too long (at most %d characters); type an option's number or "
             "the start of its text.\n", (int)sizeof line - 2);
      continue;
    }
    line[strcspn(line, "\r\n")] = '\0';
    char *t = line;
    while (isspace((unsigned char)*t)) t++;
    for (size_t n = strlen(t); n > 0 && isspace((unsigned char)t[n - 1]); n--) t[n - 1] = '\0';
    if (!*t) continue;
    if (!strcmp(t, "quit") || !strcmp(t, "exit")) return -1;
    if (!strcmp(t, "help") || !strcmp(t, "?")) {
      printf("Type an option's number or the start of its text.\n"
             "Commands: %s, hint (what the AI would choose),\n"
             "undo (take back your last decision), quit (the game stays saved).\n",
             s->hg->commands);
      continue;
    }
    if (!strcmp(t, "board")) { s->hg->board(s->g, s->sv.human, stdout); show_options(d); continue; }
    if (!strcmp(t, "hint")) {     /* the greedy's advice, on what this seat may know */
      /* with the game's AI seed, as `arknova hint` of the save gives it:
      ** one seed, so that a position gets the same advice however asked */
      int n = s->g->gi->nanswers(s->g);
      if (host_hint(s->g, AI_GREEDY, &s->sv.o.budget, host_pick_seed(s->sv.ai_seed, n), -1,
                    5, stdout) != 0)
        fprintf(stderr, "arknova: out of memory\n");
      continue;
    }
    if (s->hg->command && s->hg->command(s->g, s->sv.human, t, stdout)) continue;
    if (!strcmp(t, "undo")) {
      if (undo(s) != 0) return -1;
      return -3;
    }
    int i = host_match_option(d, t, 1);
    /* a number names an option by its place, which may not be a number in
    ** its text ("3" is "phase 4: production" once phase 3 is left out), and
    ** a secret answer shows nowhere until revealed: say what was taken */
    if (i >= 0 && (d->secret || isdigit((unsigned char)t[0])))
      printf("  = %s%s\n", d->options[i], d->secret ? " (secret until revealed)" : "");
    if (i >= 0) return i;
    if (i == -1) printf("No option fits '%s' (type a number 1-%d, or help).\n", t, d->noptions);
  }
}

/* Prints the events since the last print, nested under the AI's line
** when an AI gave the last answer.  Called each time the game has run on
** (ark_game_process), before the next decision is shown, so a move's
** events come right after it: printing them only after an AI's answer put
** the person's move, and whatever the game ran on to after an answer (the
** end of a turn), under the next AI's "Choose your action" line. */
static void print_new_events(session *s) {
  int n = s->g->gi->nanswers(s->g);
  int by_ai = n > 0 && SEAT_OF(s->owner[n - 1]) != s->sv.human;
  s->hg->events(s->g, &s->shown, stdout, by_ai ? "    " : "  ", s->sv.human);
}

static int human_loop(session *s) {
  char msg[256];
  for (;;) {
    ark_progress pr = s->g->gi->process(s->g);
    if (pr == ARK_ERROR) {
      fprintf(stderr, "arknova: the game stopped: %s\n", s->hg->error(s->g));
      return 1;
    }
    print_new_events(s);
    if (pr == ARK_END) {
      save(s);
      s->hg->summary(s->g, &s->sv.o, stdout);
      return 0;
    }
    const ark_decision *d = s->g->gi->decision(s->g);
    int n = s->g->gi->nanswers(s->g), pick, who = d->player;
    if (who != s->sv.human) {
      pick = ai_pick(&s->ai[who], s->g, host_pick_seed(s->sv.ai_seed, n));
      printf("P%d (%s) %s: %s\n", who + 1, ai_name(s->sv.o.ai[who]), d->prompt,
             host_choice_for(d, pick, s->sv.human));
    } else {
      if (s->hg->board_now(s->g, d, &s->board_memo)) s->hg->board(s->g, s->sv.human, stdout);
      show_options(d);
      pick = ask(s);
      if (pick == -3) continue;
      if (pick < 0) {
        save(s);
        printf("\nThe game is saved in %s; continue it with: arknova play --resume %s\n",
               s->path, s->path);
        return 0;
      }
    }
    /* d belongs to the game: answering may replace it with the next decision */
    note_owner(s, n, d);
    if (s->g->gi->answer(s->g, pick, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "arknova: %s\n", msg);
      return 1;
    }
    save(s);
  }
}

/* Does g, rebuilt from the save at path, replay to the save's own hash?
** 0 (with a note on stderr for an older log version, which goes on as
** this build plays its answers), or -1 after saying why: a save that does
** not replay is refused, not rewritten. */
static int replays_as_saved(const host_save *sv, const host_game *hg, ark_gs *g,
                            const char *path) {
  char msg[2048];
  int v = host_save_verify_gs(sv, hg, g, hg->hash(g), hg->state(g), msg, sizeof msg);
  if (v < 0) fprintf(stderr, "arknova play: %s: %s; the file is left as it is\n", path, msg);
  if (v > 0) fprintf(stderr, "arknova play: note: %s: %s\n", path, msg);
  return v < 0 ? -1 : 0;
}

static int run_human(host_save *sv, const char *path, int resumed) {
  session s;
  memset(&s, 0, sizeof s);
  s.sv = *sv;
  s.path = path;
  s.hg = host_game_of(&sv->o);
  s.board_memo = -1;           /* the board before the person's first decision too */
  for (int p = 0; p < 4; p++) ai_init(&s.ai[p], s.sv.o.ai[p], &s.sv.o.budget);
  int bad = rebuild(&s, resumed ? s.sv.nanswers : 0) != 0;
  if (!bad && resumed) bad = replays_as_saved(&s.sv, s.hg, s.g, path) != 0;
  if (bad) {
    if (s.g) s.g->gi->free(s.g);
    free(s.owner);
    return 1;
  }
  if (resumed) {
    printf("Resumed %s at decision %d.\n", path, s.sv.nanswers + 1);
  } else {
    save(&s);
  }
  printf("You are P%d.  Type help for the commands.\n", s.sv.human + 1);
  int rc = human_loop(&s);
  s.g->gi->free(s.g);
  free(s.owner);
  *sv = s.sv;
  return rc;
}

/* ---- AI games ---- */

/* An AI game's save, written while it plays at most once a second (a long
** search game stopped halfway keeps what it played), and at its end. */
typedef struct { const char *path; const host_save *sv; const host_game *hg; double last; } ai_saver;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void save_now_and_then(ark_gs *g, void *arg) {
  ai_saver *s = arg;
  double t = now_s();
  if (t - s->last < 1.0) return;
  s->last = t;
  if (s->hg->write(s->path, s->sv, g) != 0)
    fprintf(stderr, "arknova: could not write %s\n", s->path);
}

/* Plays g out with sv's AIs, saving to save_path (NULL: no save) as it
** goes and at its end, then describes it. */
static int play_out_saved(ark_gs *g, const host_game *hg, const host_save *sv,
                          const char *save_path) {
  ai_saver saver = { save_path, sv, hg, now_s() };
  int pr = host_play_out(g, &sv->o, sv->ai_seed, hg->events,
                         save_path ? save_now_and_then : NULL, &saver);
  int lost = save_path && hg->write(save_path, sv, g) != 0;
  if (lost) fprintf(stderr, "arknova: could not write %s\n", save_path);
  if (pr != ARK_END) {
    fprintf(stderr, "arknova: the game stopped: %s\n", hg->error(g));
    return 1;
  }
  hg->describe(g, stdout);
  hg->summary(g, &sv->o, stdout);
  return lost;
}

int host_play_ais(ark_gs *g, const host_game *hg, const host_opts *o, const char *save_path) {
  host_save sv;
  host_save_init(&sv);
  sv.o = *o;
  sv.ai_seed = host_ai_seed(o->cfg.seed);
  return play_out_saved(g, hg, &sv, save_path);
}

/* An AI game stopped halfway (Ctrl-C, a killed search) goes on from its
** save with its own AIs and seed, saved to path as it plays: each pick's
** seed depends on the game's AI seed and the answer's number only, so the
** game goes on as it would have (a plan an AI had made for the rest of
** its turn is made anew). */
static int resume_ais(host_save *sv, const char *from, const char *path) {
  const host_game *hg = host_game_of(&sv->o);
  char msg[2048];
  ark_gs *g = hg->rebuild(sv, sv->nanswers, msg, sizeof msg);
  if (!g) {
    fprintf(stderr, "arknova play: %s: %s; the file is left as it is\n", from, msg);
    return 1;
  }
  if (replays_as_saved(sv, hg, g, from) != 0) {
    g->gi->free(g);
    return 1;
  }
  if (g->gi->process(g) != ARK_AWAITING) {
    fprintf(stderr, "arknova play: the game in %s is over; arknova replay %s shows it\n", from,
            from);
    g->gi->free(g);
    return 1;
  }
  printf("Resumed %s at decision %d; the AIs play on.\n", from, sv->nanswers + 1);
  int rc = play_out_saved(g, hg, sv, path);
  g->gi->free(g);
  return rc;
}

static int run_ai(host_opts *o, const char *save_path) {
  ark_game *g;
  char msg[4096];
  ark_status st = ark_game_new(&o->cfg, &g, msg, sizeof msg);
  if (st != ARK_OK) {            /* a map or player count the game has not: 2, as sim */
    fprintf(stderr, "arknova: %s\n", msg);
    return st == ARK_ERR_CONFIG ? 2 : 1;
  }
  /* what check would warn of (a copied fan card whose number was not
  ** changed loads as the card it copied): said before the game */
  if (*ark_game_content_warnings(g)) fputs(ark_game_content_warnings(g), stderr);
  printf("Ark Nova: %d players on map %s, seed %llu\n", o->cfg.players,
         o->cfg.map ? o->cfg.map : "A", (unsigned long long)o->cfg.seed);
  int rc = host_play_ais(ark_game_gs(g), &host_ark_game, o, save_path);
  ark_game_free(g);
  return rc;
}

/* 0 if a game may be saved to path (host_save_may_start), else 2 after
** saying why; *replaced: path holds a finished game, which it replaces. */
static int may_start(const char *path, int overwrite, int *replaced) {
  char msg[2048];
  if (host_save_may_start(path, overwrite ? HOST_SAVE_OVERWRITE : 0, replaced, msg, sizeof msg) == 0)
    return 0;
  fprintf(stderr, "arknova play: %s\n", msg);
  return 2;
}

/* Said as the game starts, once nothing else can stop it. */
static void say_replaced(const char *path, int replaced) {
  if (replaced)
    fprintf(stderr, "arknova play: note: %s held a finished game; this game is saved in its "
            "place\n", path);
}

static int same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

/* A resumed game is the saved one: its seed, players, map, content and
** AIs come from the file, so an option that would set them is refused
** rather than silently ignored. */
static int refuse_on_resume(const char *opt) {
  fprintf(stderr, "arknova play: %s cannot be used with --resume: the save decides it\n", opt);
  return 2;
}

int cmd_play(int argc, char **argv) {
  host_opts o;
  host_opts_init(&o);
  long human = -1;
  int overwrite = 0, replaced = 0;
  const char *save_path = NULL, *resume = NULL, *fixed = NULL;
  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i];
    int r = host_parse_game_opt(&o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) {
      if (!fixed) fixed = opt;
      continue;
    }
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { play_usage(stdout); return 0; }
    if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) { o.verbose = 1; continue; }
    if (!strcmp(a, "--overwrite")) { overwrite = 1; continue; }
    if (!strcmp(a, "--human") || !strcmp(a, "--save") || !strcmp(a, "--resume")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "arknova play: %s needs a value\n", a);
        return 2;
      }
      const char *v = argv[++i];
      if (!strcmp(a, "--human") && !host_parse_long(a, v, 1, 4, &human)) return 2;
      if (!strcmp(a, "--save")) save_path = v;
      if (!strcmp(a, "--resume")) resume = v;
      continue;
    }
    fprintf(stderr, "arknova play: unknown option '%s'\n\n", a);
    play_usage(stderr);
    return 2;
  }
  char msg[1024];
  if (host_check_game_opts(&o, "play")) return 2;
  if (host_game_is_lua(&o) && human < 1 && !resume) {
    if (save_path && may_start(save_path, overwrite, &replaced)) return 2;
    say_replaced(save_path, replaced);
    return host_lua_play(&o, save_path);
  }
  const char *target = save_path ? save_path : !resume && human >= 1 ? "arknova-game.txt" : NULL;
  /* a new game, or a resumed one saved to another file, must not lose the
  ** game in its file; a resumed game goes on in its own */
  if (target && (!resume || !same_file(resume, target))) {
    if (may_start(target, overwrite, &replaced)) return 2;
  } else if (target && host_save_may_replace(target, msg, sizeof msg) != 0) {
    fprintf(stderr, "arknova play: %s\n", msg);
    return 2;
  }
  if (target) host_save_absolute(&o.cfg);   /* the game names its files as its replay will */
  if (resume) {
    host_save sv;
    if (host_save_read(resume, &sv, msg, sizeof msg) != 0) {
      fprintf(stderr, "arknova play: %s\n", msg);
      host_save_free(&sv);
      return 1;
    }
    if (fixed) {
      host_save_free(&sv);
      return refuse_on_resume(fixed);
    }
    if (sv.human < 0) {
      host_save_warn(&sv, "arknova play", resume);
      say_replaced(save_path, replaced);
      int rc = resume_ais(&sv, resume, save_path ? save_path : resume);
      host_save_free(&sv);
      return rc;
    }
    if (human >= 1 && human - 1 != sv.human) {
      /* another seat would see that seat's hand, which the game so far kept from it */
      fprintf(stderr, "arknova play: --human %ld: %s is P%d's game; the save decides the "
              "seat\n", human, resume, sv.human + 1);
      host_save_free(&sv);
      return 2;
    }
    host_save_warn(&sv, "arknova play", resume);
    say_replaced(save_path, replaced);
    int rc = run_human(&sv, save_path ? save_path : resume, 1);
    host_save_free(&sv);
    return rc;
  }
  if (human > o.cfg.players) {
    fprintf(stderr, "arknova play: --human %ld but only %d players\n", human, o.cfg.players);
    return 2;
  }
  say_replaced(target, replaced);
  if (human < 1) return run_ai(&o, save_path);
  host_save sv;
  host_save_init(&sv);
  sv.o = o;
  sv.o.ai[human - 1] = AI_HUMAN;
  sv.human = (int)human - 1;
  sv.ai_seed = host_ai_seed(o.cfg.seed);
  int rc = run_human(&sv, save_path ? save_path : "arknova-game.txt", 0);
  host_save_free(&sv);
  return rc;
}
