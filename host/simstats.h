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

typedef struct sim_record {
  uint64_t seed;
  int players, set;            /* set: 0 = A (or the only set), 1 = B */
  char map[16];
  char rules[256];             /* what differs from the printed game, "" if nothing */
  int has_rules;               /* rules was recorded (older files lack it) */
  char ai[4][8];
  int score[4], rank[4];
  int turns, capped, error, start;
  int breaks;                  /* breaks in the game; -1 in older files */
  int stopped;                 /* a card script was stopped in the game */
  int animals[4], sponsors[4]; /* cards of each kind each player played */
  int supports[4];             /* conservation projects each supported */
  int has_counts;              /* the three above were recorded */
  int money[4];                /* money each player gained after the setup */
  int has_money;               /* money was recorded (older files lack it) */
  sim_play *plays;
  int nplays;
  char msg[160];
} sim_record;

void sim_write_json(FILE *f, const sim_record *r);
/* What a configuration changes from the printed game (another data
** folder, plugins, card and map folders, cards left out), for the
** records: "" if nothing. */
void sim_describe_rules(const ark_config *c, char *buf, size_t n);
/* Parses one line written by sim_write_json; 0 or -1. */
int sim_read_json(const char *line, sim_record *r);
void sim_record_free(sim_record *r);

/* Prints the summary of records of one set (set < 0: all). */
void sim_summary(FILE *f, const sim_record *r, long n, int set, int card_stats);
/* Prints the paired comparison of set B against set A (same seeds). */
void sim_compare(FILE *f, const sim_record *r, long n, const char *what);
int sim_svg(const char *path, const sim_record *r, long n, int set);
void sim_wilson(double wins, double n, double *lo, double *hi);

#endif
