/*
** simstats.h - game records of `arknova sim` (one JSON line each) and
** the summaries computed from them: win rates with Wilson intervals,
** score distributions, game length, first-player advantage, per-card play
** and win rates, paired comparisons, and an SVG chart.
*/
#ifndef ARK_SIMSTATS_H
#define ARK_SIMSTATS_H

#include <stdint.h>
#include <stdio.h>
#include "ark.h"

typedef struct sim_play { int16_t player, number, turn; } sim_play;

#define SIM_FIGS 24               /* named figures a record keeps per seat */
#define SIM_COMPARED 32           /* cards under test a comparison's record names */

typedef struct sim_record {
  uint64_t seed;
  int players, set;            /* set: 0 = A (or the only set), 1 = B */
  char map[16];
  char rules[256];             /* what differs from the printed game, "" if nothing */
  int has_rules;               /* rules was recorded (older files lack it) */
  /* what else shaped the games, as options ("turn-cap 2000; mcts-iters
  ** 80; ..."): shards that differ in one of them do not merge */
  char settings[160];
  int has_settings;            /* settings was recorded (older files lack it) */
  char ai[4][8];
  int score[4], rank[4];
  int turns, capped, error, start;
  int breaks;                  /* breaks in the game; -1 in older files */
  int stopped;                 /* a card script was stopped in the game */
  /* Ark Nova: how often a card or map script failed in the game and in
  ** the AIs' trials of moves (copies of it), the first such message, and
  ** the log's report of the first script stopped in the game itself */
  int has_scripts;             /* the three were recorded (older files lack them) */
  int script_failures;
  char script_failure[256], script_stop[256];
  int animals[4], sponsors[4]; /* cards of each kind each player played */
  int supports[4];             /* conservation projects each supported */
  int has_counts;              /* the three above were recorded */
  int money[4];                /* money each player gained after the setup */
  int has_money;               /* money was recorded (older files lack it) */
  sim_play *plays;
  int nplays;
  /* sim --test-card (simtest.c): the card tested (0: not such a run) and
  ** the tested seat (0-based); when that seat first played the card
  ** (1-based game turn and its own turn number; 0: never); a hash of the
  ** hands when the first turn began, less the tested seat's last card,
  ** equal in both arms when they drafted alike */
  int test_card, tested, played_turn, played_own;
  char test_name[96];          /* a game in Lua: the tested card's label */
  /* sim --with-card, --without-card, --compare-cards: in set B's records
  ** the cards under test (printed numbers: the card, or the fan folder's
  ** cards) and, of them, those that were in a hand at some decision */
  int ncompared, nheld;
  int compared[SIM_COMPARED], held[SIM_COMPARED];
  uint32_t draft;
  int has_draft;
  /* a game written in Lua alone (luaplay.c): its name ("" for Ark Nova),
  ** the decisions taken, and the rules' named figures per seat */
  char game[32];
  long decisions;
  int against;                 /* the seats play against the game (solo, cooperative): */
  int won[4];                  /* then whether each won; else a win is first place */
  int nfig;
  char fig_name[SIM_FIGS][32];
  double fig[4][SIM_FIGS];
  char msg[160];
} sim_record;

void sim_write_json(FILE *f, const sim_record *r);
/* What a configuration changes from the printed game (another data
** folder, plugins, card and map folders, cards left out), for the
** records: "" if nothing. */
void sim_describe_rules(const ark_config *c, char *buf, size_t n);
/* Parses one line written by sim_write_json; 0, or -1 with why it is not
** a record (a number out of its field's range is named), or -2 when it is
** no JSON (the column and jansson's message). */
int sim_read_json(const char *line, sim_record *r, char *why, size_t whylen);
void sim_record_free(sim_record *r);

/* What settings_a and settings_b ("KEY VALUE; ...") give different
** values, into why ("turn-cap 30 and turn-cap 2000"): 1 if any; a key
** that only one has does not count (mcts settings of games without mcts). */
int sim_settings_differ(const char *settings_a, const char *settings_b, char *why, size_t n);
/* Prints the summary of records of one set (set < 0: all). */
void sim_summary(FILE *f, const sim_record *r, long n, int set, int card_stats);
/* The share of games below which a report says its card was played too
** rarely to tell much (--test-card's arm B, a comparison's set B). */
#define SIM_LOW_PLAY_RATE 0.5
/* Prints the paired comparison of set B against set A (same seeds), and
** how often the cards under test were held and played in set B. */
void sim_compare(FILE *f, const sim_record *r, long n, const char *what);
/* Writes the chart of set's games to path: 0, an errno value when the file
** cannot be written, or -1 when no game can be charted. */
int sim_svg(const char *path, const sim_record *r, long n, int set);
/* A warning when a card or map script failed in the records of `set` (<
** 0: all), in the games or in the AIs' trials of moves, naming the first
** message and its seed; 1 if it printed one. */
int sim_script_warning(FILE *f, const sim_record *r, long n, int set);
void sim_wilson(double wins, double n, double *lo, double *hi);
/* Whether seat p won the game of r. */
int sim_won(const sim_record *r, int p);

/* ---- sim --test-card (simtest.c) ---- */

/* The seat tested on a seed: seed mod players (0-based). */
int sim_test_seat(uint64_t seed, int players);
/* The configuration of arm A (arm 0) or B (arm 1) of a seed: base with
** card `number` out of the deck, left out in arm A, and in arm B handed to
** the tested seat when the draft ends (kept out of the deck till then).
** -1 when base's exclude (arm A) or handover (arm B) list is full. */
int sim_test_config(const ark_config *base, int number, uint64_t seed, int arm,
                    ark_config *out);
/* The own turn number (1-based) of `seat` during game turn `turn`
** (0-based, as ark_event.turn counts): how many own turns it has begun. */
int sim_own_turn(int turn, int start, int seat, int players);
/* The hash of every hand without the tested seat's last card. */
uint32_t sim_draft_sig(const ark_game *g, int tested);

typedef struct sim_interval {
  long n;
  double mean, sd;             /* of the values (sd with n - 1) */
  double lo, hi;               /* 95% Student t interval of the mean (n >= 2) */
  long halve;                  /* values that would halve its width, sd staying */
} sim_interval;

/* t such that P(|T| <= t) = 0.95 for Student's T with df degrees of freedom. */
double sim_t975(long df);
void sim_mean_interval(const double *v, long n, sim_interval *out);
/* The smallest m whose t interval is half as wide as n's at the same sd. */
long sim_pairs_to_halve(long n);
/* The same for a Wilson interval of a share p of n. */
long sim_wilson_to_halve(double p, long n);
/* The difference of the tested seat's win rates B - A over n pairs, of
** which `plus` it won in arm B only and `minus` in arm A only: mean, a
** 95% interval that never shrinks to a point (exact on the pairs whose
** result differs; simtest.c says how), the two-sided sign test's p on
** those pairs, and the pairs that would halve the interval at the same
** shares. */
/* That interval alone (lo, hi as shares of -1 .. 1), for counts that may
** be fractions (a shared win counts half). */
void sim_win_bounds(double plus, double minus, double n, double *lo, double *hi);
typedef struct sim_wins {
  long n, plus, minus;
  double mean, lo, hi, p;
  long halve;
} sim_wins;
void sim_win_difference(long plus, long minus, long n, sim_wins *out);
/* The report over the pairs of arm A and B records; name: the card's
** name, or NULL when unknown (merge). */
void sim_test_report(FILE *f, const sim_record *r, long n, const char *name);

#endif
