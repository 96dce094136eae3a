/*
** sim.c - `arknova sim`: many seeded games on all cores, one JSON line per
** game, and a summary with 95% confidence intervals; comparisons of two
** sets of games on the same seeds (a card left out or added, a folder of
** fan cards added); a card tested in play (--test-card, simtest.c: both
** arms of a seed without the card, arm B's tested seat handed it after
** the draft); `arknova sim merge` for shards.
**
** Each worker thread loads its own content (Lua states are not shared
** between threads) and takes the next game number from a shared counter;
** results are kept by game number, so the output does not depend on
** thread timing.  --out is opened before the first game and each line is
** written as soon as every game before it has finished, so a run that is
** killed keeps the games it finished, in order.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ai.h"
#include "host.h"
#include "simstats.h"

typedef struct sim {
  host_opts o;                 /* set A */
  const host_game *hg;         /* the game's sim hooks (NULL sim_game: Ark Nova's, here) */
  int card;                    /* such a game's comparison: the card (0-based), or -1 */
  ark_config cfg_b;            /* set B (comparisons) */
  int compare;
  char what[128];              /* what set B adds, for the report */
  int test_card;               /* --test-card N: N, else 0 */
  char test_name[96];          /* its name */
  uint64_t first_seed;
  long games;                  /* per set */
  sim_record *res;             /* games * (1 + compare) */
  char *done;                  /* done[i]: game i finished */
  FILE *out;                   /* --out, or NULL */
  long next, total, finished, written;
  int out_failed;
  int tty;                     /* stderr is a terminal: redraw one progress line */
  struct timespec t0;          /* start, for the time left on the progress line */
  pthread_mutex_t lock;
} sim;

/* --seeds A..B: both ends whole unsigned numbers (no sign, no overflow),
** A <= B, and no more games than --games allows. */
static int parse_seed_range(const char *v, uint64_t *first, long *games) {
  char lo_s[32], hi_s[32];
  const char *dots = strstr(v, "..");
  uint64_t lo, hi;
  if (!dots || (size_t)(dots - v) >= sizeof lo_s || strlen(dots + 2) >= sizeof hi_s) goto bad;
  memcpy(lo_s, v, (size_t)(dots - v));
  lo_s[dots - v] = '\0';
  strcpy(hi_s, dots + 2);
  if (!host_unsigned(lo_s, &lo) || !host_unsigned(hi_s, &hi) || hi < lo) goto bad;
  if (hi - lo >= 100000000) {
    fprintf(stderr, "arknova sim: --seeds %s is more than 100000000 games\n", v);
    return -1;
  }
  *first = lo;
  *games = (long)(hi - lo + 1);
  return 0;
bad:
  fprintf(stderr, "arknova sim: --seeds expects A..B, two whole numbers with A <= B, got '%s'\n", v);
  return -1;
}

static double seconds_since(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* "[#####     ] 50/100 games, 1m 40s left" on stderr: redrawn on a
** terminal, one line per step in a log file. */
static void progress(sim *s, long f) {
  int width = 30, fill = (int)(width * f / s->total), tty = s->tty;
  double left = seconds_since(&s->t0) / (double)f * (double)(s->total - f);
  fprintf(stderr, "%s[%.*s%*s] %ld/%ld games", tty ? "\r" : "", fill,
          "##############################", width - fill, "", f, s->total);
  if (f < s->total) fprintf(stderr, ", %dm %02ds left%s", (int)left / 60, (int)left % 60,
                            tty ? "  " : "\n");
  else fprintf(stderr, tty ? "%18s" : "\n", "");
}

/* A log gets a line every 5% of the games (and at the first game, so that
** a slow run shows its pace early). */
static int progress_due(const sim *s, long f) {
  long step = s->total >= 20 ? s->total / 20 : 1;
  return s->tty || f == 1 || f == s->total || f % step == 0;
}

/* Writes the lines of the games finished in order since the last call;
** called with the lock held. */
static void write_ready(sim *s) {
  for (; s->written < s->total && s->done[s->written]; s->written++) {
    if (!s->out) continue;
    sim_write_json(s->out, &s->res[s->written]);
    if (fflush(s->out) != 0) s->out_failed = 1;
  }
}

static void sim_usage(FILE *f) {
  fprintf(f, "usage: arknova sim [OPTIONS]\n"
             "       arknova sim merge FILE... [--svg FILE]\n\n"
             "Plays many seeded AI games on all cores and summarizes them: win rates\n"
             "per seat and per AI with 95%% intervals, score distribution, game length,\n"
             "first-player advantage, cards played.  `merge` summarizes JSON-line\n"
             "files written by --out (shards of one experiment).  A game written in\n"
             "Lua alone (--game DIR) gets the same summary and records, with its\n"
             "rules' figures per seat; its cards are named by number or name in\n"
             "--without-card, --with-card and --test-card (docs/lua-games.md).\n\n"
             "options:\n%s"
             "  --games N         number of games (default 100)\n"
             "  --seeds A..B      play seeds A to B inclusive (for shards); --seed S\n"
             "                    with --games N plays seeds S to S+N-1\n"
             "  --threads N       worker threads (default: all cores)\n"
             "  --out FILE        write one JSON line per game to FILE\n"
             "  --svg FILE        write a chart (score distributions, win rates)\n"
             "  --without-card N  also play the same seeds without card N and report\n"
             "                    the difference (B = with the card minus A = without)\n"
             "  --with-card N     the same comparison, named from the card's side\n"
             "  --compare-cards DIR  also play the same seeds with the fan card\n"
             "                    folder DIR added and report the difference\n"
             "  --test-card N     is card N (printed or a --cards fan card) too strong\n"
             "                    in play?  Plays each seed twice without N in the\n"
             "                    deck; in arm B the tested seat (seed mod players)\n"
             "                    gets N in place of its last kept draft card.  Reports\n"
             "                    B - A of that seat's win rate and score over the\n"
             "                    pairs (95%% t intervals), N's play rate and turn in\n"
             "                    arm B, and the pairs that would halve each interval\n"
             "  --no-cards        leave out the table of cards played\n"
             "  --help            this text\n", host_game_opts_help);
}

static long take_next(sim *s) {
  pthread_mutex_lock(&s->lock);
  long i = s->next < s->total ? s->next++ : -1;
  pthread_mutex_unlock(&s->lock);
  return i;
}

/* --test-card: the hands when the first turn begins (the draft's result). */
typedef struct draft_watch { int tested, done; uint32_t sig; } draft_watch;

static void watch_draft(ark_game *g, void *arg) {
  draft_watch *w = arg;
  if (w->done || strcmp(ark_game_decision(g)->tag, "action")) return;
  w->sig = sim_draft_sig(g, w->tested);
  w->done = 1;
}

static void record_game(ark_game *g, const host_opts *o, sim_record *r) {
  r->capped = ark_game_capped(g);
  r->stopped = ark_game_script_stopped(g);
  r->turns = ark_game_turns(g);
  r->breaks = 0;
  r->has_counts = r->has_money = 1;
  int money = ark_track_from_name("money");
  for (int p = 0; p < r->players; p++) {
    ark_player_view v;
    ark_game_player(g, p, &v);
    r->score[p] = v.score;
    r->rank[p] = v.rank;
    r->supports[p] = v.supports;
    snprintf(r->ai[p], sizeof r->ai[p], "%s", ai_name(o->ai[p]));
  }
  int n = ark_game_nevents(g);
  for (int i = 0; i < n; i++) {
    const ark_event *e = ark_game_event(g, i);
    if (e->type == ARK_EV_SETUP) r->start = e->b;
    if (e->type == ARK_EV_BREAK) r->breaks++;
    if (e->type == ARK_EV_GAIN && e->a == money && e->player >= 0 && e->player < 4)
      r->money[e->player] += e->b;
    if (e->type != ARK_EV_PLAY || e->player < 0) continue;
    ark_card_view c;
    if (ark_card_get(g, e->a, &c) != 0) continue;
    if (e->player < 4) {
      r->animals[e->player] += c.type == 0;
      r->sponsors[e->player] += c.type == 1;
    }
    if (r->test_card && c.number == r->test_card && e->player == r->tested && !r->played_turn) {
      r->played_turn = e->turn + 1;
      r->played_own = sim_own_turn(e->turn, r->start, r->tested, r->players);
    }
    if (r->nplays % 32 == 0) {
      sim_play *np = realloc(r->plays, sizeof *np * (size_t)(r->nplays + 32));
      if (!np) return;
      r->plays = np;
    }
    r->plays[r->nplays++] = (sim_play){ (int16_t)e->player, (int16_t)c.number, (int16_t)e->turn };
  }
}

static void play_one(sim *s, ark_game *proto, long i) {
  sim_record *r = &s->res[i];
  int set = i >= s->games;
  ark_config cfg = set ? s->cfg_b : s->o.cfg;
  ark_game *g;
  uint64_t seed = s->first_seed + (uint64_t)(i % s->games);
  draft_watch w = { 0, 0, 0 };
  r->set = set;
  r->players = cfg.players;
  r->breaks = -1;                 /* until the game is recorded */
  snprintf(r->map, sizeof r->map, "%s", cfg.map ? cfg.map : "A");
  sim_describe_rules(&cfg, r->rules, sizeof r->rules);
  r->has_rules = 1;
  if (s->test_card) {
    /* the same rules in both arms and on every seed: the arm is the set */
    size_t l = strlen(r->rules);
    snprintf(r->rules + l, sizeof r->rules - l, "%stest card %d", l ? "; " : "", s->test_card);
    r->test_card = s->test_card;
    r->tested = w.tested = sim_test_seat(seed, cfg.players);
    sim_test_config(&s->o.cfg, s->test_card, seed, set, &cfg);   /* checked in cmd_sim */
  }
  cfg.seed = r->seed = seed;
  if (ark_game_new_like(proto, &cfg, &g, r->msg, sizeof r->msg) != ARK_OK) {
    r->error = 1;
    return;
  }
  int pr = host_run_game_watch(g, &s->o, cfg.seed * 2654435761u + 17,
                               s->test_card ? watch_draft : NULL, &w);
  r->draft = w.sig;
  r->has_draft = w.done;
  if (pr == ARK_ERROR) {
    r->error = 1;
    snprintf(r->msg, sizeof r->msg, "%s", ark_game_error(g));
  }
  record_game(g, &s->o, r);
  ark_game_free(g);
}

/* Game i is recorded: its line is written when those before it are. */
static void finished(sim *s, long i) {
  pthread_mutex_lock(&s->lock);
  long f = ++s->finished;
  s->done[i] = 1;
  write_ready(s);
  if (progress_due(s, f)) progress(s, f);
  pthread_mutex_unlock(&s->lock);
}

/* A game that plays its sim through host_game (one set of games). */
static void *game_worker(sim *s) {
  char msg[4096];
  void *ctx = s->hg->sim_open(&s->o, msg, sizeof msg);
  long i;
  if (!ctx) {
    fprintf(stderr, "arknova sim: %s:\n%s\n", s->o.game.dir, msg);
    return NULL;
  }
  while ((i = take_next(s)) >= 0) {
    sim_record *r = &s->res[i];
    uint64_t seed = s->first_seed + (uint64_t)(i % s->games);
    int arm = i >= s->games;
    host_sim_edit e = { -1, 0, 0 };
    r->set = arm;
    if (s->card >= 0 && s->test_card) {         /* B: the card in the tested seat's hand */
      e = (host_sim_edit){ s->card, arm, sim_test_seat(seed, s->o.cfg.players) };
      r->test_card = s->card + 1;
      r->tested = e.tested;
      snprintf(r->test_name, sizeof r->test_name, "%s", s->test_name);
    } else if (s->card >= 0 && !arm) {          /* A: without the card */
      e.card = s->card;
    }
    s->hg->sim_game(ctx, &s->o, seed, &e, r);
    if (s->card >= 0 && (s->test_card || !arm)) {   /* the rules the record was played by */
      size_t l = strlen(r->rules);
      snprintf(r->rules + l, sizeof r->rules - l, "%s%s card %s", l ? "; " : "",
               s->test_card ? "test" : "without", s->test_name);
    }
    finished(s, i);
  }
  s->hg->sim_close(ctx);
  return NULL;
}

static void *worker(void *arg) {
  sim *s = arg;
  if (s->hg->sim_game) return game_worker(s);
  ark_game *proto[2] = { NULL, NULL };
  char msg[4096];
  long i;
  while ((i = take_next(s)) >= 0) {
    int set = i >= s->games && !s->test_card;   /* both arms of a test share content */
    if (!proto[set] &&
        ark_game_new(set ? &s->cfg_b : &s->o.cfg, &proto[set], msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "arknova sim: %s\n", msg);
      break;
    }
    play_one(s, proto[set], i);
    finished(s, i);
  }
  ark_game_free(proto[0]);
  ark_game_free(proto[1]);
  return NULL;
}

static int report(sim_record *r, long n, int compare, const char *what, const char *svg,
                  int cards) {
  if (compare) {
    printf("== A: without %s\n", what);
    sim_summary(stdout, r, n, 0, 0);
    printf("\n== B: with %s\n", what);
    sim_summary(stdout, r, n, 1, cards);
    sim_compare(stdout, r, n, what);
  } else {
    sim_summary(stdout, r, n, -1, cards);
  }
  if (svg && sim_svg(svg, r, n, compare ? 1 : -1) != 0) {
    fprintf(stderr, "arknova sim: cannot write %s\n", svg);
    return 1;
  }
  return 0;
}

/* Where the first record of each set that carries its rules came from:
** shards of one experiment must all carry the same rules. */
typedef struct rules_seen { long rec; const char *file; int line; } rules_seen;

/* 0 if record k of file:line has the rules of the first one of its set,
** else -1 with a message naming both. */
static int same_rules(const sim_record *r, long k, const char *file, int line,
                      rules_seen seen[2]) {
  rules_seen *s = &seen[r[k].set];
  if (!r[k].has_rules) return 0;
  if (s->rec < 0) {
    *s = (rules_seen){ k, file, line };
    return 0;
  }
  if (!strcmp(r[s->rec].rules, r[k].rules)) return 0;
  fprintf(stderr, "arknova sim merge: %s:%d was played with other rules than %s:%d:\n"
                  "  '%s'\n  '%s'\n('' is the printed game); merge only shards of one "
                  "experiment, and summarize the others on their own\n",
          file, line, s->file, s->line, r[k].rules, r[s->rec].rules);
  return -1;
}

/* Two records of one game: the same seed, set and AI in every seat. */
static int same_game(const sim_record *a, const sim_record *b) {
  if (a->seed != b->seed || a->set != b->set || a->players != b->players) return 0;
  for (int p = 0; p < a->players && p < 4; p++)
    if (strcmp(a->ai[p], b->ai[p])) return 0;
  return 1;
}

/* `arknova sim merge FILE...`: one summary of JSON-line shards. */
static int merge(int argc, char **argv) {
  const char *svg = NULL;
  int cards = 1, nfiles = 0;
  long n = 0, cap = 0;
  sim_record *r = NULL;
  int compare = 0, test = 0;
  rules_seen seen[2] = { { -1, NULL, 0 }, { -1, NULL, 0 } };
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help")) { sim_usage(stdout); return 0; }
    if (!strcmp(argv[i], "--no-cards")) { cards = 0; continue; }
    if (!strcmp(argv[i], "--svg")) {
      if (i + 1 >= argc) { fprintf(stderr, "arknova sim merge: --svg needs a file\n"); return 2; }
      svg = argv[++i];
      continue;
    }
    if (argv[i][0] == '-') { fprintf(stderr, "arknova sim merge: unknown option '%s'\n", argv[i]); return 2; }
    FILE *f = fopen(argv[i], "r");
    struct stat st;
    if (!f) { fprintf(stderr, "arknova sim merge: cannot open %s\n", argv[i]); free(r); return 1; }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
      fprintf(stderr, "arknova sim merge: %s is not a file of game records\n", argv[i]);
      fclose(f);
      free(r);
      return 1;
    }
    nfiles++;
    char line[1 << 16];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
      lineno++;
      size_t len = strlen(line);
      /* every line of --out is one record ending in '}' and a newline: a
      ** longer line, a NUL inside or anything else is not ours */
      int whole = len > 1 && line[len - 1] == '\n' && line[len - 2] == '}';
      if (line[0] == '\n' && len == 1) continue;
      if (line[0] != '{' || !whole) {
        fprintf(stderr, "arknova sim merge: %s:%d: not a game record (a line of sim --out)\n",
                argv[i], lineno);
        fclose(f);
        for (long k = 0; k < n; k++) sim_record_free(&r[k]);
        free(r);
        return 1;
      }
      if (n == cap) {
        cap = cap ? 2 * cap : 1024;
        sim_record *nr = realloc(r, sizeof *nr * (size_t)cap);
        if (!nr) { fclose(f); free(r); return 1; }
        r = nr;
      }
      char why[256];
      int bad = sim_read_json(line, &r[n], why, sizeof why) != 0;
      if (bad) fprintf(stderr, "arknova sim merge: %s:%d: %s\n", argv[i], lineno, why);
      if (bad || same_rules(r, n, argv[i], lineno, seen) != 0) {
        fclose(f);
        for (long k = 0; k <= n; k++) sim_record_free(&r[k]);
        free(r);
        return 1;
      }
      compare |= r[n].set;
      test |= r[n].test_card != 0;
      n++;
    }
    fclose(f);
  }
  if (!nfiles) { fprintf(stderr, "arknova sim merge: which files?\n"); return 2; }
  if (n == 0) {
    fprintf(stderr, "arknova sim merge: no game records in %d file%s\n", nfiles, nfiles == 1 ? "" : "s");
    free(r);
    return 1;
  }
  /* the same game twice (overlapping shards) would count twice; the same
  ** seed with the AIs in other seats is another game (both seat orders) */
  for (long i = 1; i < n; i++)
    for (long j = 0; j < i; j++)
      if (same_game(&r[i], &r[j])) {
        fprintf(stderr, "arknova sim merge: seed %llu appears twice (overlapping shards?)\n",
                (unsigned long long)r[i].seed);
        i = n;
        break;
      }
  printf("merged %ld games from %d file%s\n", n, nfiles, nfiles == 1 ? "" : "s");
  int rc = 0;
  if (test && svg) fprintf(stderr, "arknova sim merge: no chart of --test-card pairs (--svg)\n");
  if (test) sim_test_report(stdout, r, n, NULL);   /* the rules name the card: no mixing */
  else rc = report(r, n, compare, "set B", svg, cards);
  for (long k = 0; k < n; k++) sim_record_free(&r[k]);
  free(r);
  return rc;
}

/* Sets up set B for --with-card/--without-card/--compare-cards. */
static int comparison(sim *s, const char *a, const char *v) {
  long num;
  if (s->compare) {
    fprintf(stderr, "arknova sim: one comparison at a time\n");
    return -1;
  }
  s->compare = 1;
  s->cfg_b = s->o.cfg;
  if (!strcmp(a, "--compare-cards")) {
    snprintf(s->what, sizeof s->what, "the cards of %s", v);
    int k = 0;
    while (k < ARK_MAX_DIRS && s->cfg_b.card_dirs[k]) k++;
    if (k == ARK_MAX_DIRS) return -1;
    s->cfg_b.card_dirs[k] = v;
    return 0;
  }
  if (!host_parse_long(a, v, 1, 100000, &num)) return -1;
  snprintf(s->what, sizeof s->what, "card %ld", num);
  /* A = the deck without the card, B = with it */
  if (!host_add_exclude(&s->o.cfg, (int)num)) return -1;
  return 0;
}

/* --test-card N: checks that N is a card of the deck these options load
** and that its arms can be set up, before any game; both arms are played
** as the two sets.  -1 after a message. */
static int test_card_setup(sim *s, const char *v) {
  long num;
  char msg[4096];
  ark_game *g, *b;
  ark_config cb;
  if (!host_parse_long("--test-card", v, 1, 100000, &num)) return -1;
  for (int k = 0; k < ARK_MAX_EXCLUDE; k++)
    if (s->o.cfg.exclude[k] == num) {
      fprintf(stderr, "arknova sim: --test-card %ld: the card is also left out by --exclude\n", num);
      return -1;
    }
  if (ark_game_new(&s->o.cfg, &g, msg, sizeof msg) != ARK_OK) {
    fprintf(stderr, "arknova sim: %s\n", msg);
    return -1;
  }
  int id = ark_card_find(g, (int)num);
  if (id < 0) {
    fprintf(stderr, "arknova sim: --test-card %ld: no card has the number %ld (the printed "
                    "cards, and fan cards with --cards DIR)\n", num, num);
    ark_game_free(g);
    return -1;
  }
  ark_card_view c;
  ark_card_get(g, id, &c);
  snprintf(s->test_name, sizeof s->test_name, "%s", c.name ? c.name : "?");
  int st = sim_test_config(&s->o.cfg, (int)num, s->first_seed, 1, &cb) != 0 ? -2
           : ark_game_new_like(g, &cb, &b, msg, sizeof msg) != ARK_OK ? -1 : 0;
  if (st == 0) ark_game_free(b);
  ark_game_free(g);
  if (st == -2) fprintf(stderr, "arknova sim: --test-card %ld: too many --exclude cards\n", num);
  else if (st == -1) fprintf(stderr, "arknova sim: --test-card %ld: %s\n", num, msg);
  if (st) return -1;
  s->test_card = (int)num;
  s->compare = 1;
  s->cfg_b = s->o.cfg;
  snprintf(s->what, sizeof s->what, "card %ld in the tested seat's hand", num);
  return 0;
}

/* A comparison in a game that plays its sim through host_game: the card
** named by number or name, left out of set A (--without-card,
** --with-card), or in the tested seat's hand in arm B (--test-card). */
static int game_comparison(sim *s, const char *a, const char *v) {
  char msg[1024], label[96];
  if (!strcmp(a, "--compare-cards")) {
    fprintf(stderr, "arknova sim: --compare-cards adds a card folder to Ark Nova; a game in Lua "
                    "is compared card by card (--without-card, --test-card)\n");
    return -1;
  }
  void *ctx = s->hg->sim_open(&s->o, msg, sizeof msg);
  if (!ctx) {
    fprintf(stderr, "arknova sim: %s:\n%s\n", s->o.game.dir, msg);
    return -1;
  }
  s->card = s->hg->sim_card(ctx, &s->o, v, label, sizeof label, msg, sizeof msg);
  s->hg->sim_close(ctx);
  if (s->card < 0) {
    fprintf(stderr, "arknova sim: %s %s: %s\n", a, v, msg);
    return -1;
  }
  s->compare = 1;
  snprintf(s->test_name, sizeof s->test_name, "%s", label);
  if (!strcmp(a, "--test-card")) {
    s->test_card = s->card + 1;
    snprintf(s->what, sizeof s->what, "card %s in the tested seat's hand", label);
  } else {
    snprintf(s->what, sizeof s->what, "card %s", label);
  }
  return 0;
}

int cmd_sim(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "merge")) return merge(argc - 1, argv + 1);
  sim s;
  memset(&s, 0, sizeof s);
  host_opts_init(&s.o);
  s.games = 100;
  s.first_seed = 1;
  long threads = sysconf(_SC_NPROCESSORS_ONLN);
  const char *out = NULL, *svg = NULL, *cmp_arg = NULL, *cmp_val = NULL;
  int cards = 1, seed_opt = 0, seeds_opt = 0;
  for (int i = 1; i < argc; i++) {
    seed_opt |= !strcmp(argv[i], "--seed");
    int r = host_parse_game_opt(&s.o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) continue;
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { sim_usage(stdout); return 0; }
    if (!strcmp(a, "--no-cards")) { cards = 0; continue; }
    if (i + 1 >= argc) {
      fprintf(stderr, "arknova sim: unknown option or missing value '%s'\n\n", a);
      sim_usage(stderr);
      return 2;
    }
    const char *v = argv[++i];
    long num;
    if (!strcmp(a, "--games")) {
      if (!host_parse_long(a, v, 1, 100000000, &num)) return 2;
      s.games = num;
    } else if (!strcmp(a, "--threads")) {
      if (!host_parse_long(a, v, 1, 1024, &threads)) return 2;
    } else if (!strcmp(a, "--out")) out = v;
    else if (!strcmp(a, "--svg")) svg = v;
    else if (!strcmp(a, "--with-card") || !strcmp(a, "--without-card") ||
             !strcmp(a, "--compare-cards") || !strcmp(a, "--test-card")) {
      if (cmp_arg) { fprintf(stderr, "arknova sim: one comparison at a time\n"); return 2; }
      cmp_arg = a;
      cmp_val = v;
    } else if (!strcmp(a, "--seeds")) {
      if (parse_seed_range(v, &s.first_seed, &s.games) != 0) return 2;
      seeds_opt = 1;
    } else {
      fprintf(stderr, "arknova sim: unknown option '%s'\n\n", a);
      sim_usage(stderr);
      return 2;
    }
  }
  /* --seed S starts the run at seed S; --seeds names the whole range */
  if (seed_opt && seeds_opt) {
    fprintf(stderr, "arknova sim: give --seed S (with --games N) or --seeds A..B, not both\n");
    return 2;
  }
  if (seed_opt) s.first_seed = s.o.cfg.seed;
  if (host_check_game_opts(&s.o, "sim")) return 2;
  s.hg = host_game_of(&s.o);
  s.card = -1;
  if (s.hg->sim_game && cmp_arg && game_comparison(&s, cmp_arg, cmp_val) != 0) return 2;
  if (s.hg->sim_game && s.o.cfg.players > 4) {
    fprintf(stderr, "arknova sim: records keep at most 4 seats, not %d\n", s.o.cfg.players);
    return 2;
  }
  /* the records keep seeds as JSON integers (simstats.c): below 2^63 */
  if (s.first_seed > (uint64_t)INT64_MAX - (uint64_t)s.games) {
    fprintf(stderr, "arknova sim: seeds go up to %lld, got %llu and %ld games\n",
            (long long)INT64_MAX - s.games, (unsigned long long)s.first_seed, s.games);
    return 2;
  }
  /* after all options, so that set B gets the same players, map, folders */
  if (cmp_arg && !strcmp(cmp_arg, "--test-card") && svg) {
    fprintf(stderr, "arknova sim: --svg charts one set of games, not --test-card's pairs\n");
    return 2;
  }
  if (s.hg->sim_game) {
    /* the comparison was set up above */
  } else if (cmp_arg && !strcmp(cmp_arg, "--test-card")) {
    if (test_card_setup(&s, cmp_val) != 0) return 2;
  } else if (cmp_arg && comparison(&s, cmp_arg, cmp_val) != 0) {
    return 2;
  }
  s.total = s.games * (1 + s.compare);
  if (threads > s.total) threads = s.total;
  if (out && !(s.out = fopen(out, "w"))) {   /* before the games, not after them */
    fprintf(stderr, "arknova sim: cannot write %s\n", out);
    return 2;
  }
  s.tty = isatty(2);
  s.res = calloc((size_t)s.total, sizeof *s.res);
  s.done = calloc((size_t)s.total, 1);
  pthread_t *tid = calloc((size_t)threads, sizeof *tid);
  if (!s.res || !s.done || !tid) {
    fprintf(stderr, "arknova sim: out of memory\n");
    free(s.res);
    free(s.done);
    free(tid);
    if (s.out) fclose(s.out);
    return 1;
  }
  pthread_mutex_init(&s.lock, NULL);
  clock_gettime(CLOCK_MONOTONIC, &s.t0);
  for (long t = 0; t < threads; t++) pthread_create(&tid[t], NULL, worker, &s);
  for (long t = 0; t < threads; t++) pthread_join(tid[t], NULL);
  double secs = seconds_since(&s.t0);
  if (s.tty) fprintf(stderr, "\n");   /* ends the redrawn progress line */
  int rc = 0;
  if (s.finished < s.total) {
    fprintf(stderr, "arknova sim: only %ld of %ld games ran\n", s.finished, s.total);
    rc = 1;
  }
  if (s.out && (fclose(s.out) != 0 || s.out_failed)) {
    fprintf(stderr, "arknova sim: writing %s failed\n", out);
    rc = 1;
  }
  double rate = s.total / (secs > 0 ? secs : 1);
  if (s.hg->sim_game) {          /* a game in Lua: its title and pace in decisions */
    double dn = 0;
    for (long i = 0; i < s.total; i++) dn += (double)s.res[i].decisions;
    printf("%s: %d player%s, seeds %llu..%llu, %.0f decisions/s on %ld thread%s\n",
           s.o.game.title[0] ? s.o.game.title : s.o.game.name, s.o.cfg.players,
           s.o.cfg.players == 1 ? "" : "s", (unsigned long long)s.first_seed,
           (unsigned long long)(s.first_seed + (uint64_t)s.games - 1), dn / (secs > 0 ? secs : 1),
           threads, threads == 1 ? "" : "s");
  }
  if (rate >= 1) printf("%ld games in %.1f s, %.1f games/s\n", s.total, secs, rate);
  else printf("%ld games in %.1f s, one every %.1f s\n", s.total, secs, 1 / rate);
  if (s.finished == s.total && s.test_card) sim_test_report(stdout, s.res, s.total, s.test_name);
  else if (s.finished == s.total && report(s.res, s.total, s.compare, s.what, svg, cards) != 0)
    rc = 1;
  for (long i = 0; i < s.total; i++) sim_record_free(&s.res[i]);
  pthread_mutex_destroy(&s.lock);
  free(s.res);
  free(s.done);
  free(tid);
  return rc;
}
