/*
** sim.c - `arknova sim`: many seeded games on all cores, one JSON line per
** game, and a summary with 95% confidence intervals; comparisons of two
** sets of games on the same seeds (a card left out or added, a folder of
** fan cards added); a card tested in play (--test-card, simtest.c: both
** arms of a seed without the card, arm B's tested seat handed it after
** the draft); `arknova sim merge` for shards.
**
** The content is loaded once and every card number the options name is
** checked before the first game, so that a mistake stops the run at once.
** Each worker thread then loads its own content (Lua states are not shared
** between threads) and takes the next game number from a shared counter;
** results are kept by game number, so the output does not depend on
** thread timing.  A comparison plays a seed's set A, then its set B, then
** the next seed's.  --out is opened
** before the first game and each line is written as soon as every game
** before it has finished, so a run that is killed keeps the games it
** finished, in order; on SIGINT or SIGTERM the games under way finish, the
** run stops there and says what --out holds.
*/
#define _XOPEN_SOURCE 700          /* realpath */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/types.h>
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
  char files[2][200];          /* each set's fan folders by the print of their files */
  int test_card;               /* --test-card N: N, else 0 */
  char test_name[96];          /* its name */
  int ncompared;               /* a comparison's cards under test (set B has them) */
  int compared[SIM_COMPARED];
  uint64_t first_seed;
  long games;                  /* per set */
  sim_record *res;             /* games * (1 + compare) */
  char *done;                  /* done[i]: game i finished */
  FILE *out;                   /* --out, or NULL */
  long next, total, finished, written;
  int out_failed;
  int failed;                  /* a worker could not load the content: stop */
  long nerrors;                /* finished games that stopped with an error */
  int all_failed;              /* the first SIM_ALL_FAILED games all did: stop */
  int tty;                     /* stderr is a terminal: redraw one progress line */
  struct timespec t0;          /* start, for the time left on the progress line */
  double first_done;           /* seconds from t0 to the first game's end */
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

/* The signal (SIGINT, SIGTERM) after which no game is begun, or 0. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig) { interrupted = sig; }

/* Game i of a run: the seed's place in the range and the set (arm).  A
** comparison plays a seed's two sets one after the other, so that the
** games a stopped run finished are whole pairs but for the last. */
static long seed_index(const sim *s, long i) { return s->compare ? i / 2 : i; }
static int set_of(const sim *s, long i) { return s->compare ? (int)(i % 2) : 0; }

static double seconds_since(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* "[#####     ] 50/100 games, 1m 40s left" on stderr: redrawn on a
** terminal, one line per step in a log file. */
/* The pace is taken from the first game's end on: up to then every thread
** was loading its content too, which a long run pays once. */
static void progress(sim *s, long f) {
  int width = 30, fill = (int)(width * f / s->total), tty = s->tty;
  double now = seconds_since(&s->t0);
  if (f == 1) s->first_done = now;
  double left = (now - s->first_done) / (double)(f - 1) * (double)(s->total - f);
  fprintf(stderr, "%s[%.*s%*s] %ld/%ld games", tty ? "\r" : "", fill,
          "##############################", width - fill, "", f, s->total);
  if (f >= s->total) fprintf(stderr, tty ? "%18s" : "\n", "");
  else if (f < 3) fprintf(stderr, "%s", tty ? "                  " : "\n");
  else fprintf(stderr, ", %dm %02ds left%s", (int)left / 60, (int)left % 60, tty ? "  " : "\n");
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
             "                    with --games N plays seeds S to S+N-1 (not both)\n"
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
             "                    gets N in place of its last kept draft card (both\n"
             "                    arms draft alike; in a game in Lua, in place of the\n"
             "                    top card of its zone hand at the first decision).\n"
             "                    Reports B - A over the pairs of that seat's win\n"
             "                    rate (exact interval) and its margin over the best\n"
             "                    other seat (95%% t interval), with its own score,\n"
             "                    the others' best and the game's length, N's play\n"
             "                    rate and turn in arm B, and the pairs that would\n"
             "                    halve each interval\n"
             "  --no-cards        leave out the table of cards played\n"
             "  --help            this text\n", host_game_opts_help);
}

/* When the first this many games all stopped with an error, the rest
** would most likely too (rules or a plugin that fail at once, a script
** that loops and waits out the time limit in every game): the run stops
** rather than play thousands of them. */
#define SIM_ALL_FAILED 5

static long take_next(sim *s) {
  pthread_mutex_lock(&s->lock);
  long i = s->next < s->total && !interrupted && !s->failed && !s->all_failed ? s->next++ : -1;
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

/* A comparison's set B: which cards under test (ids) were in a hand at
** some decision, drawn or taken from the display. */
typedef struct held_watch { int n, ids[SIM_COMPARED], held[SIM_COMPARED]; } held_watch;

static void watch_held(ark_game *g, void *arg) {
  held_watch *w = arg;
  int ids[256];
  for (int p = 0; p < ark_game_players(g); p++) {
    int k = ark_game_hand(g, p, ids, 256);
    for (int i = 0; i < k; i++)
      for (int c = 0; c < w->n; c++) w->held[c] |= ids[i] == w->ids[c];
  }
}

/* The cards under test into set B's record r, and which of them w saw
** in a hand or the game's plays list (a card may leave a hand unseen). */
static void record_held(const sim *s, const held_watch *w, sim_record *r) {
  r->ncompared = s->ncompared;
  r->nheld = 0;
  for (int c = 0; c < s->ncompared; c++) {
    int number = s->compared[c], held = w->held[c];
    r->compared[c] = number;
    for (int k = 0; k < r->nplays && !held; k++) held = r->plays[k].number == number;
    if (held) r->held[r->nheld++] = number;
  }
}

/* mcts.c's budget when none is given, as --help names it. */
#define MCTS_DEFAULT_ITERS 80

/* Appends "KEY VALUE" (text, or else the number v) to r's settings. */
static void add_setting(sim_record *r, const char *key, long v, const char *text) {
  size_t l = strlen(r->settings);
  char num[24];
  snprintf(num, sizeof num, "%ld", v);
  snprintf(r->settings + l, sizeof r->settings - l, "%s%s %s", l ? "; " : "", key,
           text ? text : num);
}

/* The settings of a record (simstats.h): the turn cap (0: the game has
** none), and the mcts budget when a seat plays mcts, for it shapes only
** those games. */
static void describe_settings(const host_opts *o, int players, int turn_cap, sim_record *r) {
  static const char *const rollouts[] = { "fast", "greedy", "random" };
  const ai_budget *b = &o->budget;
  int mcts = 0;
  r->settings[0] = '\0';
  r->has_settings = 1;
  for (int p = 0; p < players; p++) mcts |= o->ai[p % 4] == AI_MCTS;
  if (turn_cap > 0) add_setting(r, "turn-cap", turn_cap, NULL);
  if (!mcts) return;
  if (b->iters > 0 || b->ms <= 0)
    add_setting(r, "mcts-iters", b->iters > 0 ? b->iters : MCTS_DEFAULT_ITERS, NULL);
  if (b->ms > 0) add_setting(r, "mcts-ms", b->ms, NULL);
  add_setting(r, "rollout", 0, b->rollout >= 0 && b->rollout < 3 ? rollouts[b->rollout] : "?");
  add_setting(r, "rollout-turns", b->rollout_turns, NULL);
}

/* How the game's card and map scripts fared, the AIs' trials included. */
static void record_scripts(ark_game *g, sim_record *r) {
  const char *stop = ark_game_first_stop(g);
  r->stopped = ark_game_script_stopped(g);
  r->has_scripts = 1;
  r->script_failures = ark_game_scripts_failed(g, r->script_failure, sizeof r->script_failure);
  snprintf(r->script_stop, sizeof r->script_stop, "%s", stop ? stop : "");
}

static void record_game(ark_game *g, const host_opts *o, sim_record *r) {
  r->capped = ark_game_capped(g);
  record_scripts(g, r);
  describe_settings(o, r->players, ark_game_turn_cap(g), r);
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
    /* game turns from 1, as played_turn counts them (ark_event.turn is 0-based) */
    r->plays[r->nplays++] = (sim_play){ (int16_t)e->player, (int16_t)c.number,
                                        (int16_t)(e->turn + 1) };
  }
}

static void play_one(sim *s, ark_game *proto, long i) {
  sim_record *r = &s->res[i];
  int set = set_of(s, i);
  ark_config cfg = set ? s->cfg_b : s->o.cfg;
  ark_game *g;
  uint64_t seed = s->first_seed + (uint64_t)seed_index(s, i);
  draft_watch w = { 0, 0, 0 };
  r->set = set;
  r->players = cfg.players;
  r->breaks = -1;                 /* until the game is recorded */
  snprintf(r->map, sizeof r->map, "%s", cfg.map ? cfg.map : "A");
  sim_describe_rules(&cfg, r->rules, sizeof r->rules);
  if (s->files[set][0]) {
    size_t l = strlen(r->rules);
    snprintf(r->rules + l, sizeof r->rules - l, "; %s", s->files[set]);
  }
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
  held_watch hw;
  int held = set && !s->test_card && s->ncompared;
  if (held) {
    hw.n = s->ncompared;
    for (int c = 0; c < hw.n; c++) hw.ids[c] = ark_card_find(g, s->compared[c]), hw.held[c] = 0;
  }
  int pr = host_run_game_watch(g, &s->o, host_ai_seed(cfg.seed),
                                 s->test_card ? watch_draft : held ? watch_held : NULL,
                                 held ? (void *)&hw : &w);
  r->draft = w.sig;
  r->has_draft = w.done;
  if (pr == ARK_ERROR) {
    r->error = 1;
    if (!r->msg[0]) snprintf(r->msg, sizeof r->msg, "%s", ark_game_error(g));
  }
  record_game(g, &s->o, r);
  if (held) record_held(s, &hw, r);
  ark_game_free(g);
}

/* Game i is recorded: its line is written when those before it are. */
static void finished(sim *s, long i) {
  pthread_mutex_lock(&s->lock);
  long f = ++s->finished;
  s->done[i] = 1;
  s->nerrors += s->res[i].error != 0;
  if (f >= SIM_ALL_FAILED && s->nerrors == f) s->all_failed = 1;
  write_ready(s);
  if (progress_due(s, f)) progress(s, f);
  pthread_mutex_unlock(&s->lock);
}

/* A worker that cannot load what cmd_sim loaded before (out of memory):
** the run stops, with one message whichever threads fail. */
static void worker_failed(sim *s, const char *where, const char *msg) {
  pthread_mutex_lock(&s->lock);
  if (!s->failed) fprintf(stderr, "arknova sim: %s%s\n", where, msg);
  s->failed = 1;
  pthread_mutex_unlock(&s->lock);
}

/* A game that plays its sim through host_game (one set of games). */
static void *game_worker(sim *s) {
  char msg[4096], where[1100];
  void *ctx = s->hg->sim_open(&s->o, msg, sizeof msg);
  long i;
  if (!ctx) {
    snprintf(where, sizeof where, "%s:\n", s->o.game.dir);
    worker_failed(s, where, msg);
    return NULL;
  }
  while ((i = take_next(s)) >= 0) {
    sim_record *r = &s->res[i];
    uint64_t seed = s->first_seed + (uint64_t)seed_index(s, i);
    int arm = set_of(s, i);
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
    /* a game in Lua alone stops at the turn cap too (core/src/luagame.c) */
    describe_settings(&s->o, r->players, s->o.cfg.turn_cap > 0 ? s->o.cfg.turn_cap : 2000, r);
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
    int set = set_of(s, i) && !s->test_card;   /* both arms of a test share content */
    if (!proto[set] &&
        ark_game_new(set ? &s->cfg_b : &s->o.cfg, &proto[set], msg, sizeof msg) != ARK_OK) {
      worker_failed(s, "", msg);
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
  int bad = svg ? sim_svg(svg, r, n, compare ? 1 : -1) : 0;
  if (bad > 0) fprintf(stderr, "arknova sim: cannot write %s: %s\n", svg, strerror(bad));
  else if (bad) fprintf(stderr, "arknova sim: %s not written: no game to chart\n", svg);
  return bad != 0;
}

/* A file that --svg may write: it is written after the games, so it is
** checked before them, as --out is opened then, without leaving a file. */
/* Why path could not be written now, as an errno value (No such file or
** directory, Permission denied, Is a directory), or 0 when it can: a file
** written after the games is checked before them. */
static int unwritable(const char *path) {
  char dir[4096];
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) return EISDIR;
    return access(path, W_OK) == 0 ? 0 : errno;
  }
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash) slash[slash == dir] = '\0';  /* "/x" lies in "/" */
  return access(slash ? dir : ".", W_OK | X_OK) == 0 ? 0 : errno;
}

/* The records of `sim merge`, each with the file and line it came from. */
typedef struct merged {
  sim_record *r;
  const char **file;
  int *line;
  long n, cap;
  long rules_seen[2];          /* the first record of each set that has rules */
  long settings_seen[16];      /* the first record of each other settings text */
  int nsettings;
  long map_seen;               /* the first record that names its map */
} merged;

static void merged_free(merged *m) {
  for (long k = 0; k < m->n; k++) sim_record_free(&m->r[k]);
  free(m->r);
  free(m->file);
  free(m->line);
}

/* Do rules texts a and b differ only in their "files HEX" (folder_prints)? */
static int files_alone_differ(const char *a, const char *b) {
  const char *fa = strstr(a, "files "), *fb = strstr(b, "files ");
  if (!fa || !fb || fa - a != fb - b || strncmp(a, b, (size_t)(fa - a))) return 0;
  size_t la = strspn(fa + 6, "0123456789abcdef"), lb = strspn(fb + 6, "0123456789abcdef");
  return !strcmp(fa + 6 + la, fb + 6 + lb);
}

/* 0 if record k has the rules of the first record of its set, else -1
** with a message naming both: shards of one experiment have one rules. */
static int same_rules(merged *m, long k) {
  const sim_record *r = &m->r[k];
  long *first = &m->rules_seen[r->set];
  if (!r->has_rules) return 0;
  if (*first < 0) *first = k;
  if (!strcmp(m->r[*first].rules, r->rules)) return 0;
  if (files_alone_differ(m->r[*first].rules, r->rules)) {
    fprintf(stderr, "arknova sim merge: %s:%d and %s:%d were played with other versions of "
                    "the fan folders ('%s', '%s'): a file in them changed between the runs "
                    "(a card edited?); merge only shards of one version\n", m->file[*first],
            m->line[*first], m->file[k], m->line[k], m->r[*first].rules, r->rules);
    return -1;
  }
  fprintf(stderr, "arknova sim merge: %s:%d was played with other rules than %s:%d:\n"
                  "  '%s'\n  '%s'\n('' is the printed game); merge only shards of one "
                  "experiment, and summarize the others on their own\n",
          m->file[k], m->line[k], m->file[*first], m->line[*first], r->rules,
          m->r[*first].rules);
  return -1;
}

/* 0 if no setting of record k (turn cap, mcts budget) has another value
** in a record before it, else -1 with a message naming the difference.
** A setting only one of them has (mcts in one game only) is no conflict,
** so each other settings text seen is kept to compare with. */
static int same_settings(merged *m, long k) {
  const sim_record *r = &m->r[k];
  int known = 0;
  char why[512];
  if (!r->has_settings) return 0;
  for (int j = 0; j < m->nsettings; j++) {
    const sim_record *o = &m->r[m->settings_seen[j]];
    known |= !strcmp(o->settings, r->settings);
    if (!sim_settings_differ(o->settings, r->settings, why, sizeof why)) continue;
    fprintf(stderr, "arknova sim merge: %s:%d and %s:%d were played with different settings "
                    "(%s); merge only shards of one experiment, and summarize the others on "
                    "their own\n", m->file[m->settings_seen[j]], m->line[m->settings_seen[j]],
            m->file[k], m->line[k], why);
    return -1;
  }
  if (!known && m->nsettings < 16) m->settings_seen[m->nsettings++] = k;
  return 0;
}

/* 0 if record k has the player count of the first record, else -1 with
** a message naming both: the seat rows count the games of one count only,
** so the others would be dropped from them unseen. */
static int same_players(merged *m, long k) {
  if (m->r[k].players == m->r[0].players) return 0;
  fprintf(stderr, "arknova sim merge: %s:%d and %s:%d are games of different player counts "
                  "(%d and %d players); merge only shards of one experiment, and summarize "
                  "the others on their own\n", m->file[0], m->line[0], m->file[k], m->line[k],
          m->r[0].players, m->r[k].players);
  return -1;
}

/* 0 if record k is on the map of the first record that names one, else
** -1 with a message naming both: a test's pairs and a comparison's sets
** are games on one map, and the figures of two maps answer two questions. */
static int same_map(merged *m, long k) {
  const sim_record *r = &m->r[k];
  if (!r->map[0]) return 0;              /* no map recorded: nothing to compare */
  if (m->map_seen < 0) m->map_seen = k;
  const sim_record *o = &m->r[m->map_seen];
  if (!strcmp(o->map, r->map)) return 0;
  fprintf(stderr, "arknova sim merge: %s:%d and %s:%d are games on different maps (%s and %s); "
                  "merge only shards of one experiment, and summarize the others on their own\n",
          m->file[m->map_seen], m->line[m->map_seen], m->file[k], m->line[k], o->map, r->map);
  return -1;
}

/* The next line of f into line (n bytes), without its line end ("\n" or
** "\r\n": a file that passed through Windows): 1 if it ended there, 0
** at the end of the file without one, -1 if it holds a NUL or does not
** fit (no line of --out does), -2 at the end of the file. */
static int next_line(FILE *f, char *line, size_t n) {
  off_t at = ftello(f);
  if (!fgets(line, (int)n, f)) return -2;
  size_t len = strlen(line);
  if (ftello(f) - at != (off_t)len) return -1;            /* a NUL inside */
  if (len == 0 || line[len - 1] != '\n') return feof(f) ? 0 : -1;
  line[--len] = '\0';
  if (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
  return 1;
}

/* Reads one --out file into m: 0, or 1 after a message. */
static int read_records(merged *m, const char *path) {
  FILE *f = fopen(path, "r");
  struct stat st;
  char line[1 << 16], why[256];
  int lineno = 0, rc = 0, ended;
  if (!f) { fprintf(stderr, "arknova sim merge: cannot open %s\n", path); return 1; }
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    fprintf(stderr, "arknova sim merge: %s is not a file of game records\n", path);
    fclose(f);
    return 1;
  }
  while (!rc && (ended = next_line(f, line, sizeof line)) != -2) {
    lineno++;
    size_t len = strlen(line);
    if (ended == 1 && len == 0) continue;
    /* every line of --out is one record ending in '}': a longer line, a
    ** NUL inside or anything else is not ours */
    if (ended < 0 || line[0] != '{' || (ended && line[len - 1] != '}')) {
      fprintf(stderr, "arknova sim merge: %s:%d: not a game record (a line of sim --out)\n",
              path, lineno);
      rc = 1;
      break;
    }
    if (m->n == m->cap) {
      long cap = m->cap ? 2 * m->cap : 1024;
      sim_record *nr = realloc(m->r, sizeof *nr * (size_t)cap);
      if (nr) m->r = nr;
      const char **nf = nr ? realloc(m->file, sizeof *nf * (size_t)cap) : NULL;
      if (nf) m->file = nf;
      int *nl = nf ? realloc(m->line, sizeof *nl * (size_t)cap) : NULL;
      if (!nl) { fprintf(stderr, "arknova sim merge: out of memory\n"); rc = 1; break; }
      m->line = nl;
      m->cap = cap;
    }
    long k = m->n;
    m->file[k] = path;
    m->line[k] = lineno;
    int got = sim_read_json(line, &m->r[k], why, sizeof why), bad = got != 0;
    if (!ended && (got == -2 || line[len - 1] != '}')) {
      /* a last line without its newline is what a killed run leaves: the
      ** lines before it are whole, so the games they hold count */
      sim_record_free(&m->r[k]);
      fprintf(stderr, "arknova sim merge: %s:%d: the last line is cut short (the run writing "
                      "it was killed?): left out\n", path, lineno);
      break;
    }
    if (bad) fprintf(stderr, "arknova sim merge: %s:%d: %s\n", path, lineno, why);
    m->n++;                      /* freed with the others, read or not */
    rc = bad || same_players(m, k) != 0 || same_map(m, k) != 0 || same_rules(m, k) != 0 || same_settings(m, k) != 0;
  }
  fclose(f);
  return rc;
}

/* Records of one game: the same seed, set, AIs in their seats, map, rules
** and settings (the same seed with the AIs in other seats is another game:
** both seat orders of a match). */
static int config_cmp(const sim_record *x, const sim_record *y) {
  if (x->seed != y->seed) return x->seed < y->seed ? -1 : 1;
  int c = x->set != y->set ? x->set - y->set : x->players - y->players;
  for (int p = 0; !c && p < x->players && p < 4; p++) c = strcmp(x->ai[p], y->ai[p]);
  if (!c) c = strcmp(x->game, y->game);
  if (!c) c = strcmp(x->map, y->map);
  if (!c) c = strcmp(x->rules, y->rules);
  if (!c) c = strcmp(x->settings, y->settings);
  return c ? c : x->test_card - y->test_card;
}

/* By game, and in a game by the order read. */
static int by_config(const void *a, const void *b) {
  const sim_record *x = *(const sim_record *const *)a, *y = *(const sim_record *const *)b;
  int c = config_cmp(x, y);
  return c ? c : (x > y) - (x < y);
}

/* Two records of one game tell the same: what merge sums up of it. */
static int same_result(const sim_record *x, const sim_record *y) {
  if (x->start != y->start || x->turns != y->turns || x->capped != y->capped ||
      x->error != y->error || x->played_turn != y->played_turn || x->nplays != y->nplays)
    return 0;
  for (int p = 0; p < x->players && p < 4; p++)
    if (x->score[p] != y->score[p] || x->rank[p] != y->rank[p]) return 0;
  return !x->nplays || !memcmp(x->plays, y->plays, sizeof *x->plays * (size_t)x->nplays);
}

/* A game recorded twice (overlapping shards, a file given twice) would
** count twice: the copies are dropped, with a note; the same game with
** two results means the files are not of one experiment.  0, or 1 after
** a message. */
static int drop_repeats(merged *m) {
  const sim_record **idx = malloc(sizeof *idx * (size_t)(m->n + 1));
  char *drop = calloc((size_t)m->n + 1, 1);
  long dropped = 0, first = -1, kept = 0;
  int rc = 0;
  if (!idx || !drop) {
    fprintf(stderr, "arknova sim merge: out of memory\n");
    free(idx);
    free(drop);
    return 1;
  }
  for (long k = 0; k < m->n; k++) idx[k] = &m->r[k];
  qsort(idx, (size_t)m->n, sizeof *idx, by_config);
  for (long i = 1, g = 0; i < m->n && !rc; i++) {
    if (config_cmp(idx[g], idx[i])) { g = i; continue; }
    long a = idx[g] - m->r, b = idx[i] - m->r;
    if (!same_result(idx[g], idx[i])) {
      fprintf(stderr, "arknova sim merge: seed %llu%s has two different results, %s:%d and "
                      "%s:%d, with the same AIs, rules and settings: the files come from "
                      "different versions of the program or the cards, or from a time budget "
                      "(--mcts-ms); merge only shards of one experiment\n",
              (unsigned long long)idx[g]->seed,
              !idx[g]->set ? "" : idx[g]->test_card ? " (arm B)" : " (set B)", m->file[a],
              m->line[a], m->file[b], m->line[b]);
      rc = 1;
    }
    drop[b] = 1;
    dropped++;
    if (first < 0 || b < first) first = b;   /* named: the first copy in the files */
  }
  uint64_t seed = first >= 0 ? m->r[first].seed : 0;
  for (long k = 0; k < m->n && !rc; k++) {
    if (drop[k]) { sim_record_free(&m->r[k]); continue; }
    m->r[kept] = m->r[k];
    m->file[kept] = m->file[k];
    m->line[kept++] = m->line[k];
  }
  if (!rc && dropped) {
    m->n = kept;
    fprintf(stderr, "arknova sim merge: seed %llu appears twice (overlapping shards?): dropped "
                    "%ld record%s that repeat%s a game and its result\n",
            (unsigned long long)seed, dropped, dropped == 1 ? "" : "s", dropped == 1 ? "s" : "");
  }
  free(idx);
  free(drop);
  return rc;
}

/* `arknova sim merge FILE...`: one summary of JSON-line shards. */
/* What set B adds, as the merged records name it (a run's own report says
** "card 401"): set B's cards under test (Ark Nova), else set A's rules
** "without card 1 Field 1" (a game in Lua); "set B" when neither does. */
static const char *merged_what(const merged *m, char *buf, size_t n) {
  for (long k = 0; k < m->n; k++) {
    const sim_record *r = &m->r[k];
    const char *w = strstr(r->rules, "without card ");
    if (r->set == 1 && r->ncompared == 1) snprintf(buf, n, "card %d", r->compared[0]);
    else if (r->set == 1 && r->ncompared > 1)
      snprintf(buf, n, "the %d cards under test", r->ncompared);
    else if (r->set == 0 && w)
      snprintf(buf, n, "%.*s", (int)strcspn(w + 8, ";"), w + 8);
    else
      continue;
    return buf;
  }
  return "set B";
}

static int merge(int argc, char **argv) {
  const char *svg = NULL;
  int cards = 1, nfiles = 0, compare = 0, test = 0, rc = 0;
  merged m;
  memset(&m, 0, sizeof m);
  m.rules_seen[0] = m.rules_seen[1] = -1;
  m.map_seen = -1;
  for (int i = 1; i < argc && !rc; i++) {
    if (!strcmp(argv[i], "--help")) { sim_usage(stdout); merged_free(&m); return 0; }
    if (!strcmp(argv[i], "--no-cards")) { cards = 0; continue; }
    if (!strcmp(argv[i], "--svg")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "arknova sim merge: --svg needs a file\n");
        rc = 2;
        break;
      }
      svg = argv[++i];
      int why = unwritable(svg);
      if (why) {
        fprintf(stderr, "arknova sim merge: cannot write %s: %s\n", svg, strerror(why));
        rc = 2;
      }
      continue;
    }
    if (argv[i][0] == '-') {
      fprintf(stderr, "arknova sim merge: unknown option '%s'\n", argv[i]);
      rc = 2;
      break;
    }
    nfiles++;
    rc = read_records(&m, argv[i]);
  }
  if (!rc && !nfiles) { fprintf(stderr, "arknova sim merge: which files?\n"); rc = 2; }
  if (!rc && m.n == 0) {
    fprintf(stderr, "arknova sim merge: no game records in %d file%s\n", nfiles, nfiles == 1 ? "" : "s");
    rc = 1;
  }
  if (!rc) rc = drop_repeats(&m);
  if (rc) { merged_free(&m); return rc; }
  for (long k = 0; k < m.n; k++) {
    compare |= m.r[k].set;
    test |= m.r[k].test_card != 0;
  }
  if (test && svg) {
    fprintf(stderr, "arknova sim merge: --svg charts one set of games, not --test-card's pairs\n");
    merged_free(&m);
    return 2;
  }
  char what[64];
  printf("merged %ld games from %d file%s\n", m.n, nfiles, nfiles == 1 ? "" : "s");
  if (test) sim_test_report(stdout, m.r, m.n, NULL);   /* the rules name the card: no mixing */
  else rc = report(m.r, m.n, compare, merged_what(&m, what, sizeof what), svg, cards);
  merged_free(&m);
  return rc;
}

/* 1 if number is a card of g's content, else 0 after a message: a number
** of no card would leave the two sets alike and report no difference. */
static int known_card(const ark_game *g, const char *opt, long num) {
  if (ark_card_find(g, (int)num) >= 0) return 1;
  fprintf(stderr, "arknova sim: %s %ld: no card has the number %ld (the printed cards, and fan "
                  "cards with --cards DIR)\n", opt, num, num);
  return 0;
}

/* 1 if --exclude leaves card num out, after a message: both sets would
** play without it. */
static int excluded(const sim *s, const char *opt, long num) {
  for (int k = 0; k < ARK_MAX_EXCLUDE; k++)
    if (s->o.cfg.exclude[k] == num) {
      fprintf(stderr, "arknova sim: %s %ld: the card is also left out by --exclude, so no "
                      "game would have it\n", opt, num);
      return 1;
    }
  return 0;
}

/* The card number of --with-card or --without-card (a, v) is a card of
** g's content (the game checks --exclude's) and not left out by
** --exclude; -1 after a message. */
static int check_cards(const sim *s, const ark_game *g, const char *a, const char *v) {
  long num;
  if (!a || (strcmp(a, "--with-card") && strcmp(a, "--without-card"))) return 0;
  if (!host_parse_long(a, v, 1, 100000, &num)) return -1;
  return known_card(g, a, num) && !excluded(s, a, num) ? 0 : -1;
}

/* Sets up set B for --with-card/--without-card/--compare-cards (the card
** checked by check_cards). */
static int comparison(sim *s, const char *a, const char *v) {
  long num;
  s->compare = 1;
  s->cfg_b = s->o.cfg;
  if (!strcmp(a, "--compare-cards")) {
    snprintf(s->what, sizeof s->what, "the cards of %s", v);
    if (!host_add_dir(s->cfg_b.card_dirs, v)) {
      fprintf(stderr, "arknova sim: --compare-cards %s: at most %d card folders\n", v,
              ARK_MAX_DIRS);
      return -1;
    }
    return 0;
  }
  if (!host_parse_long(a, v, 1, 100000, &num)) return -1;
  snprintf(s->what, sizeof s->what, "card %ld", num);
  s->compared[0] = (int)num;
  s->ncompared = 1;
  /* A = the deck without the card, B = with it */
  if (!host_add_exclude(&s->o.cfg, (int)num)) return -1;
  return 0;
}

/* --test-card N: checks that N is a card of the deck g holds (these
** options' content) and that its arms can be set up, before any game;
** both arms are played as the two sets.  -1 after a message. */
static int test_card_setup(sim *s, const char *v, ark_game *g) {
  long num;
  char msg[4096];
  ark_game *b;
  ark_config cb;
  if (!host_parse_long("--test-card", v, 1, 100000, &num)) return -1;
  if (excluded(s, "--test-card", num) || !known_card(g, "--test-card", num)) return -1;
  ark_card_view c;
  ark_card_get(g, ark_card_find(g, (int)num), &c);
  snprintf(s->test_name, sizeof s->test_name, "%s", c.name ? c.name : "?");
  for (int arm = 0; arm < 2; arm++) {
    int st = sim_test_config(&s->o.cfg, (int)num, s->first_seed, arm, &cb) != 0 ? -2
             : ark_game_new_like(g, &cb, &b, msg, sizeof msg) != ARK_OK ? -1 : 0;
    if (st == 0) ark_game_free(b);
    if (st == -2) fprintf(stderr, "arknova sim: --test-card %ld: too many --exclude cards\n", num);
    else if (st == -1) fprintf(stderr, "arknova sim: --test-card %ld: %s\n", num, msg);
    if (st) return -1;
  }
  s->test_card = (int)num;
  s->compare = 1;
  s->cfg_b = s->o.cfg;
  snprintf(s->what, sizeof s->what, "card %ld in the tested seat's hand", num);
  return 0;
}

/* --compare-cards: the cards under test are those of set B's content (b)
** whose numbers set A's (a) lacks, the first SIM_COMPARED of them. */
static void folder_cards(sim *s, const ark_game *a, const ark_game *b) {
  s->ncompared = 0;
  for (int id = 0; id < ark_card_count(b) && s->ncompared < SIM_COMPARED; id++) {
    ark_card_view c;
    if (ark_card_get(b, id, &c) == 0 && c.type <= 1 && ark_card_find(a, c.number) < 0)
      s->compared[s->ncompared++] = c.number;
  }
}

/* An --exclude'd card that only the --compare-cards folder dir has: set A,
** without the folder, knows no such number (its message said "no card has
** that number", and the designer looked for a typo).  1 with the message. */
static int exclude_in(const sim *s, const char *dir, char *msg, size_t n) {
  char why[1024];
  for (int i = 0; i < ARK_MAX_EXCLUDE && s->o.cfg.exclude[i]; i++) {
    ark_config one = s->o.cfg;
    ark_game *g;
    memset(one.exclude, 0, sizeof one.exclude);
    one.exclude[0] = s->o.cfg.exclude[i];
    if (ark_game_new(&one, &g, why, sizeof why) == ARK_OK) {   /* set A has it */
      ark_game_free(g);
      continue;
    }
    if (!host_add_dir(one.card_dirs, dir) || ark_game_new(&one, &g, why, sizeof why) != ARK_OK)
      continue;
    ark_game_free(g);
    snprintf(msg, n, "--exclude %d: card %d is a card of the --compare-cards folder %s, which "
             "set A plays without: the comparison is of that folder's cards; take the card out "
             "of the folder instead", one.exclude[0], one.exclude[0], dir);
    return 1;
  }
  return 0;
}

/* Ark Nova's run, before any game: its content loads (a missing folder,
** plugin or map stops the run here, once, not in every thread after the
** games began), the options' card numbers are cards, and set B is set up
** and loads.  0, or the exit code after a message. */
static int ark_setup_run(sim *s, const char *a, const char *v) {
  char msg[4096];
  ark_game *g;
  ark_status st = ark_game_new(&s->o.cfg, &g, msg, sizeof msg);
  if (st != ARK_OK) {
    if (st == ARK_ERR_CONFIG && a && !strcmp(a, "--compare-cards"))
      exclude_in(s, v, msg, sizeof msg);     /* a better message, when it is that */
    fprintf(stderr, "arknova sim: %s\n", msg);
    return st == ARK_ERR_CONFIG ? 2 : 1;
  }
  if (*ark_game_content_warnings(g)) fputs(ark_game_content_warnings(g), stderr);  /* as check */
  int rc = check_cards(s, g, a, v) ? 2 : 0;
  if (!rc && a && !strcmp(a, "--test-card")) rc = test_card_setup(s, v, g) ? 2 : 0;
  else if (!rc && a) rc = comparison(s, a, v) ? 2 : 0;
  if (rc || !a || strcmp(a, "--compare-cards")) {
    ark_game_free(g);
    return rc;
  }
  ark_game *gb;
  st = ark_game_new(&s->cfg_b, &gb, msg, sizeof msg);
  if (st == ARK_OK) {
    folder_cards(s, g, gb);
    ark_game_free(gb);
    ark_game_free(g);
    return 0;
  }
  ark_game_free(g);
  fprintf(stderr, "arknova sim: --compare-cards %s: %s\n", v, msg);
  return st == ARK_ERR_CONFIG ? 2 : 1;
}

/* A game that plays its sim through host_game, before any game: its
** folder loads, and a comparison's card (a, v: NULL for none) is named by
** number or name, left out of set A (--without-card, --with-card), or in
** the tested seat's hand in arm B (--test-card).  -1 after a message. */
static int game_comparison(sim *s, const char *a, const char *v) {
  char msg[1024], label[96];
  if (a && !strcmp(a, "--compare-cards")) {
    fprintf(stderr, "arknova sim: --compare-cards adds a card folder to Ark Nova; a game in Lua "
                    "is compared card by card (--without-card, --test-card)\n");
    return -1;
  }
  void *ctx = s->hg->sim_open(&s->o, msg, sizeof msg);
  if (!ctx) {
    fprintf(stderr, "arknova sim: %s:\n%s\n", s->o.game.dir, msg);
    return -1;
  }
  if (!a) {
    s->hg->sim_close(ctx);
    return 0;
  }
  s->card = s->hg->sim_card(ctx, &s->o, v, !strcmp(a, "--test-card"), label, sizeof label, msg,
                            sizeof msg);
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

/* What `arknova sim` was asked besides the games' options (s->o). */
typedef struct sim_args {
  const char *out, *svg, *cmp_arg, *cmp_val;
  int cards, seed, seeds, games;   /* the last three: the option was given */
  long threads;
} sim_args;

/* One option of sim's own at argv[*i] (with its value); 0, or the exit
** code after a message (-1: --help was printed, exit 0). */
static int sim_option(sim *s, sim_args *a, int argc, char **argv, int *i) {
  const char *o = argv[*i];
  long num;
  if (!strcmp(o, "--help") || !strcmp(o, "-h")) { sim_usage(stdout); return -1; }
  if (!strcmp(o, "--no-cards")) { a->cards = 0; return 0; }
  if (*i + 1 >= argc) {
    fprintf(stderr, "arknova sim: unknown option or missing value '%s'\n\n", o);
    sim_usage(stderr);
    return 2;
  }
  const char *v = argv[++*i];
  if (!strcmp(o, "--games")) {
    if (!host_parse_long(o, v, 1, 100000000, &num)) return 2;
    s->games = num;
    a->games = 1;
  } else if (!strcmp(o, "--threads")) {
    if (!host_parse_long(o, v, 1, 1024, &a->threads)) return 2;
  } else if (!strcmp(o, "--out")) a->out = v;
  else if (!strcmp(o, "--svg")) a->svg = v;
  else if (!strcmp(o, "--with-card") || !strcmp(o, "--without-card") ||
           !strcmp(o, "--compare-cards") || !strcmp(o, "--test-card")) {
    if (a->cmp_arg) { fprintf(stderr, "arknova sim: one comparison at a time\n"); return 2; }
    a->cmp_arg = o;
    a->cmp_val = v;
  } else if (!strcmp(o, "--seeds")) {
    if (parse_seed_range(v, &s->first_seed, &s->games) != 0) return 2;
    a->seeds = 1;
  } else {
    fprintf(stderr, "arknova sim: unknown option '%s'\n\n", o);
    sim_usage(stderr);
    return 2;
  }
  return 0;
}

/* A data folder that is the shipped one, however it is named (--data
** games/arknova, --game arknova), plays the printed game: its records name
** no change of rules, so the run merges with a plain one. */
static void printed_data(ark_config *c) {
  char buf[1100], given[PATH_MAX], shipped[PATH_MAX];
  if (c->data_dir && realpath(ark_data_folder(c, buf, sizeof buf), given) &&
      realpath(ARK_GAME_DIR, shipped) && !strcmp(given, shipped))
    c->data_dir = NULL;
}

/* All options into s and a; 0, or the exit code (-1: exit 0). */
static int sim_options(sim *s, sim_args *a, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    a->seed |= !strcmp(argv[i], "--seed");
    int r = host_parse_game_opt(&s->o, argc, argv, &i);
    if (r < 0) return 2;
    if (r == 0 && (r = sim_option(s, a, argc, argv, &i)) != 0) return r;
  }
  /* --seed S with --games N names the run's seeds, --seeds A..B all of
  ** them: given both, one would silently win */
  if (a->seeds && (a->seed || a->games)) {
    fprintf(stderr, "arknova sim: give --seed S with --games N, or --seeds A..B, not both "
                    "(--seeds %s)\n", a->seed ? "with --seed" : "with --games");
    return 2;
  }
  if (a->seed) s->first_seed = s->o.cfg.seed;
  printed_data(&s->o.cfg);
  return host_check_game_opts(&s->o, "sim") ? 2 : 0;
}

/* Everything that can be checked before the first game; 0, or the exit
** code after a message.  After all options, so that set B gets the same
** players, map and folders. */
static int sim_check(sim *s, const sim_args *a) {
  s->hg = host_game_of(&s->o);
  s->card = -1;
  if (s->hg->sim_game && game_comparison(s, a->cmp_arg, a->cmp_val) != 0) return 2;
  if (s->hg->sim_game && s->o.cfg.players > 4) {
    fprintf(stderr, "arknova sim: records keep at most 4 seats, not %d\n", s->o.cfg.players);
    return 2;
  }
  /* the records keep seeds as JSON integers (simstats.c): below 2^63 */
  if (s->first_seed > (uint64_t)INT64_MAX - (uint64_t)s->games) {
    fprintf(stderr, "arknova sim: seeds go up to %lld, got %llu and %ld games\n",
            (long long)INT64_MAX - s->games, (unsigned long long)s->first_seed, s->games);
    return 2;
  }
  if (a->cmp_arg && !strcmp(a->cmp_arg, "--test-card") && a->svg) {
    fprintf(stderr, "arknova sim: --svg charts one set of games, not --test-card's pairs\n");
    return 2;
  }
  int rc = s->hg->sim_game ? 0 : ark_setup_run(s, a->cmp_arg, a->cmp_val);
  if (rc) return rc;
  int why = a->svg ? unwritable(a->svg) : 0;   /* written after the games: checked now */
  if (why) {
    fprintf(stderr, "arknova sim: cannot write %s: %s\n", a->svg, strerror(why));
    return 2;
  }
  if (a->out && !(s->out = fopen(a->out, "w"))) {   /* before the games, not after them */
    fprintf(stderr, "arknova sim: cannot write %s: %s\n", a->out, strerror(errno));
    return 2;
  }
  return 0;
}

/* "files 1a2b3c4d5e6f" for the fan folders of c (cards, maps, plugins
** given as folders) by the print of their files, "" with none: a card
** edited between two shards gives other rules, which sim merge refuses (it
** had merged two versions of a card into one test). */
static void folder_prints(const ark_config *c, char *out, size_t n) {
  const char *const *lists[3] = { c->card_dirs, c->map_dirs, c->plugins };
  unsigned long long h = 0;
  int any = 0;
  out[0] = '\0';
  for (int l = 0; l < 3; l++)
    for (int k = 0; k < ARK_MAX_DIRS && lists[l][k]; k++) {
      if (!host_is_dir(lists[l][k])) continue;      /* a plugin's name */
      h = h * 0x100000001b3ULL ^ host_folder_print(lists[l][k]);
      any = 1;
    }
  if (any) snprintf(out, n, "files %012llx", h & 0xffffffffffffULL);
}

/* Plays the games on `threads` threads; SIGINT or SIGTERM lets the games
** under way finish and begins no other (a second SIGINT ends at once). */
static void play_all(sim *s, pthread_t *tid, long threads) {
  struct sigaction sa, old_int, old_term;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  pthread_mutex_init(&s->lock, NULL);
  folder_prints(&s->o.cfg, s->files[0], sizeof s->files[0]);
  folder_prints(&s->cfg_b, s->files[1], sizeof s->files[1]);
  clock_gettime(CLOCK_MONOTONIC, &s->t0);
  for (long t = 0; t < threads; t++) pthread_create(&tid[t], NULL, worker, s);
  for (long t = 0; t < threads; t++) pthread_join(tid[t], NULL);
  pthread_mutex_destroy(&s->lock);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  if (s->tty) fprintf(stderr, "\n");   /* ends the redrawn progress line */
}

/* An interrupted run: how far it got, what --out holds and how to go on.
** A comparison plays each seed's two sets one after the other, so its
** whole pairs are half the games written; merge drops a set-A game found
** twice. */
static void say_interrupted(const sim *s, const char *out) {
  long seeds = s->compare ? s->written / 2 : s->written;
  uint64_t next = s->first_seed + (uint64_t)seeds, last = s->first_seed + (uint64_t)s->games - 1;
  fprintf(stderr, "arknova sim: interrupted after %ld of %ld games\n", s->finished, s->total);
  if (!out) return;
  if (!s->written) { fprintf(stderr, "no game was finished: %s is not kept\n", out); return; }
  fprintf(stderr, "%s holds the first %ld games in order", out, s->written);
  if (s->compare)
    fprintf(stderr, ", %ld whole pair%s", seeds, seeds == 1 ? "" : "s");
  fprintf(stderr, "; to finish, run the same command with --seeds %llu..%llu and another "
                  "--out file, then `arknova sim merge` both files\n", (unsigned long long)next,
          (unsigned long long)last);
}

/* The speed line, the summaries and the exit code of a run that played. */
static int sim_results(sim *s, const sim_args *a, double secs, long threads) {
  int rc = 0;
  if (interrupted) {
    say_interrupted(s, a->out);
    rc = 128 + interrupted;
  } else if (s->all_failed && s->finished < s->total) {
    fprintf(stderr, "arknova sim: stopped after %ld of %ld games: every one of them stopped "
            "with an error (below), and the others would most likely too; fix it and run "
            "again\n", s->finished, s->total);
    rc = 1;
  } else if (s->finished < s->total) {
    fprintf(stderr, "arknova sim: only %ld of %ld games ran\n", s->finished, s->total);
    rc = 1;
  }
  if (s->out && (fclose(s->out) != 0 || s->out_failed)) {
    fprintf(stderr, "arknova sim: writing %s failed\n", a->out);
    rc = 1;
  }
  if (a->out && !s->written && rc) remove(a->out);   /* an empty file is no shard */
  if (!s->finished) return rc;
  double rate = (double)s->finished / (secs > 0 ? secs : 1);
  if (s->hg->sim_game) {          /* a game in Lua: its title and pace in decisions */
    double dn = 0;
    for (long i = 0; i < s->total; i++) dn += (double)s->res[i].decisions;
    printf("%s: %d player%s, seeds %llu..%llu, %.0f decisions/s on %ld thread%s\n",
           s->o.game.title[0] ? s->o.game.title : s->o.game.name, s->o.cfg.players,
           s->o.cfg.players == 1 ? "" : "s", (unsigned long long)s->first_seed,
           (unsigned long long)(s->first_seed + (uint64_t)s->games - 1),
           dn / (secs > 0 ? secs : 1), threads, threads == 1 ? "" : "s");
    /* a copy of a game (a folder of one's own) plays under the same title */
    char real[PATH_MAX], shipped[PATH_MAX];
    if (!realpath(s->o.game.dir, real) || !realpath(ARK_SOURCE_DIR "/games", shipped) ||
        strncmp(real, shipped, strlen(shipped)) || real[strlen(shipped)] != '/')
      printf("the game of the folder %s\n", s->o.game.dir);
  }
  if (!s->hg->sim_game) {         /* what was played, as the summary's reader needs it */
    printf("seeds %llu..%llu, %d players, map %s, ai ", (unsigned long long)s->first_seed,
           (unsigned long long)(s->first_seed + (uint64_t)s->games - 1), s->o.cfg.players,
           s->o.cfg.map ? s->o.cfg.map : "A");
    for (int p = 0; p < s->o.cfg.players; p++)
      printf("%s%s", p ? "," : "", ai_name(s->o.ai[p % 4]));
    printf("\n");
  }
  const char *games = s->finished == 1 ? "game" : "games";
  if (rate >= 1) printf("%ld %s in %.1f s, %.1f games/s\n", s->finished, games, secs, rate);
  else printf("%ld %s in %.1f s, one every %.1f s\n", s->finished, games, secs, 1 / rate);
  if (s->finished == s->total && s->test_card)
    sim_test_report(stdout, s->res, s->total, s->test_name);
  else if (s->finished == s->total &&
           report(s->res, s->total, s->compare, s->what, a->svg, a->cards) != 0)
    rc = 1;
  /* a game that stopped with an error (a plugin's hook, the rules) is no
  ** result: the run says so in its exit code, as play does */
  long first = -1;
  for (long i = 0; i < s->total && first < 0; i++)
    if (s->done[i] && s->res[i].error) first = i;
  if (s->nerrors && first >= 0) {
    fprintf(stderr, "arknova sim: %ld of %ld games stopped with an error; the figures count "
            "the others; the first, seed %llu: %s\n", s->nerrors, s->finished,
            (unsigned long long)s->res[first].seed, s->res[first].msg);
    if (!rc) rc = 1;
  }
  return rc;
}

int cmd_sim(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "merge")) return merge(argc - 1, argv + 1);
  sim s;
  sim_args a = { NULL, NULL, NULL, NULL, 1, 0, 0, 0, sysconf(_SC_NPROCESSORS_ONLN) };
  memset(&s, 0, sizeof s);
  host_opts_init(&s.o);
  s.games = 100;
  s.first_seed = 1;
  int rc = sim_options(&s, &a, argc, argv);
  if (rc) return rc < 0 ? 0 : rc;
  if ((rc = sim_check(&s, &a)) != 0) return rc;
  s.total = s.games * (1 + s.compare);
  long threads = a.threads > s.total ? s.total : a.threads;
  s.tty = isatty(2);
  s.res = calloc((size_t)s.total, sizeof *s.res);
  s.done = calloc((size_t)s.total, 1);
  pthread_t *tid = calloc((size_t)threads, sizeof *tid);
  if (!s.res || !s.done || !tid) {
    fprintf(stderr, "arknova sim: out of memory\n");
    if (s.out) fclose(s.out);
    if (a.out) remove(a.out);
    rc = 1;
  } else {
    play_all(&s, tid, threads);
    rc = sim_results(&s, &a, seconds_since(&s.t0), threads);
    for (long i = 0; i < s.total; i++) sim_record_free(&s.res[i]);
  }
  free(s.res);
  free(s.done);
  free(tid);
  return rc;
}
