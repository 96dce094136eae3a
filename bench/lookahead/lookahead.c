/*
** lookahead.c - would a player that plans further than the greedy end
** the games sooner?  A measuring program for bench/README-ai.md, not a
** player for people.  Seat 1 plans with a beam search over its own whole
** turns: each line of the beam is extended by every action, the turn
** finished as the greedy finishes it and the other player's turn played
** by the greedy; the `--beam` best lines by the greedy's value are kept.
** Seat 2 is the greedy.
**
** Two modes:
** - fair (default): at each of its action decisions the planner deals the
**   cards it cannot see anew, searches `--depth` own turns ahead and plays
**   the first action of the best line.  It plays the real game.
** - `--whole`: one beam over the rest of the game on the real deck, so it
**   sees the cards it will draw and keeps the lines whose draws turned out
**   well.  No player can do that; it bounds from below the turns that
**   planning with this value could save.
**
**   ark_lookahead [--seeds A..B] [--beam N] [--depth N] [--whole] [--data DIR]
**                 [--plugin P]... [--turn-cap N]
**
** With the solo-pace plugin and a turn cap the games stop after a fixed
** number of turns, and what counts is the planner's score when they stop.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ai.h"
#include "nova_ai.h"

#define LA_ME 0                  /* the planner's seat */
#define LA_MAX_DEPTH 200         /* own turns, for --whole */

typedef struct la_node {
  ark_game *g;
  double v;
  uint64_t hash;                 /* of the game log: equal lines kept once */
  int root;                      /* the first action of the line */
} la_node;

typedef struct la_level {       /* what one level of the search met */
  int ended;                     /* some line's game ended */
  int crossed;                   /* best planner score among lines that crossed, or -1000 */
  int best_end;                  /* best planner score among lines that ended, or -1000 */
  ark_game *first_end;           /* the first line that ended (--whole reports it) */
} la_level;

static int la_cmp(const void *a, const void *b) {
  double x = ((const la_node *)a)->v, y = ((const la_node *)b)->v;
  return x < y ? 1 : x > y ? -1 : 0;
}

/* Plays every decision up to the planner's next action: the other seat by
** the greedy, the planner's own (break discards) by the quick policy.
** 1 if the planner is to act, 0 if the game ended or stopped. */
static int la_others(ark_game *g, uint64_t *rng) {
  ai_player opp;
  char msg[128];
  ai_init(&opp, AI_GREEDY, NULL);
  for (int guard = 0; guard < 400; guard++) {
    if (ark_game_process(g) != ARK_AWAITING) return 0;
    const ark_decision *d = ark_game_decision(g);
    if (d->player == LA_ME && !strcmp(d->tag, "action")) return 1;
    int pick = d->player == LA_ME ? nova_quick(g, rng) : ai_pick(&opp, ark_game_gs(g), ai_rand(rng));
    if (ark_game_answer(g, pick, msg, sizeof msg) != ARK_OK) return 0;
  }
  return 0;
}

/* Every line extended by every action, best first, in *nk kids. */
static la_node *la_expand(const la_node *beam, int nb, double tau, int first, int *nk,
                          la_level *lv, uint64_t *rng) {
  int cap = 0;
  char msg[128];
  for (int b = 0; b < nb; b++) cap += ark_game_decision(beam[b].g)->noptions;
  la_node *kids = malloc(sizeof *kids * (size_t)(cap ? cap : 1));
  *nk = 0;
  if (!kids) return NULL;
  for (int b = 0; b < nb; b++) {
    const ark_decision *d = ark_game_decision(beam[b].g);
    for (int i = 0; i < d->noptions; i++) {
      ark_game *c = ark_game_clone(beam[b].g);
      if (!c) continue;
      ark_game_answer(c, i, msg, sizeof msg);
      ai_finish_turn(ark_game_gs(c), LA_ME, tau, rng);
      ark_player_view v;
      ark_game_player(c, LA_ME, &v);
      if (v.score >= 0 && v.score > lv->crossed) lv->crossed = v.score;
      double pen = nova_option_penalty(beam[b].g, LA_ME, d->options[i]);
      int more = la_others(c, rng);
      int bad = !more && ark_game_process(c) != ARK_END;   /* stopped, not ended */
      if (!more && !bad) {
        ark_player_view fin;
        ark_game_player(c, LA_ME, &fin);
        if (fin.score > lv->best_end) lv->best_end = fin.score;
        lv->ended = 1;
        if (!lv->first_end) lv->first_end = ark_game_clone(c);
      }
      kids[*nk] = (la_node){ c, bad ? -1e9 : nova_value_at(c, LA_ME, tau) - pen + ai_jitter(rng),
                             ark_game_log_hash(c), first ? i : beam[b].root };
      (*nk)++;
    }
  }
  qsort(kids, (size_t)*nk, sizeof *kids, la_cmp);
  return kids;
}

/* The best `width` distinct kids still being played become the beam; the
** rest are freed (all of them when keep is 0). */
static int la_keep(la_node *kids, int nk, la_node *beam, int width, int keep) {
  int nb = 0;
  for (int k = 0; k < nk; k++) {
    int dup = 0;
    for (int j = 0; j < nb; j++) dup |= beam[j].hash == kids[k].hash;
    if (keep && !dup && nb < width && ark_game_decision(kids[k].g)) beam[nb++] = kids[k];
    else ark_game_free(kids[k].g);
  }
  return nb;
}

/* Runs the beam from `root` (the planner to act) for at most depth own
** turns, or until a line ends the game (or, with stop_on_cross, until the
** planner crosses).  Returns the first action of the best line of the last
** level; *levels is the number of levels searched. */
static int la_search(ark_game *root, int width, int depth, int stop_on_cross, double tau0,
                     la_level *lv, int *levels, uint64_t *rng) {
  la_node *beam = malloc(sizeof *beam * (size_t)width);
  int nb = 1, best = 0;
  if (!beam) return 0;
  beam[0] = (la_node){ root, 0, 0, -1 };
  lv->ended = 0;
  lv->crossed = -1000;
  lv->best_end = -1000;
  lv->first_end = NULL;
  for (*levels = 0; *levels < depth && nb > 0;) {
    int nk;
    double tau = tau0 >= 0 ? tau0 : nova_time_left(beam[0].g);
    la_node *kids = la_expand(beam, nb, tau, *levels == 0, &nk, lv, rng);
    (*levels)++;
    for (int b = 0; b < nb; b++)
      if (beam[b].g != root) ark_game_free(beam[b].g);
    nb = 0;
    if (!kids || nk == 0) {
      free(kids);
      break;
    }
    best = kids[0].root;
    int stop = lv->ended || (stop_on_cross && lv->crossed >= 0);
    nb = la_keep(kids, nk, beam, width, !stop);
    free(kids);
    if (stop) break;
  }
  for (int b = 0; b < nb; b++)
    if (beam[b].g != root) ark_game_free(beam[b].g);
  free(beam);
  return best;
}

static double la_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The setup and the opening draft: the greedy players a[] for both seats
** until the planner's first action. */
static void la_opening(ark_game *g, ai_player a[2], uint64_t *rng) {
  char msg[128];
  ai_init(&a[0], AI_GREEDY, NULL);
  ai_init(&a[1], AI_GREEDY, NULL);
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (d->player == LA_ME && !strcmp(d->tag, "action")) return;
    ark_game_answer(g, ai_pick(&a[d->player], ark_game_gs(g), ai_rand(rng)), msg, sizeof msg);
  }
}

/* --whole: one beam over the rest of the game on the real deck.  Returns
** the planner's score where its search stopped (-1000 if nothing ended). */
static int la_whole(ark_game *g, uint64_t seed, int width, uint64_t *rng, double *sum) {
  la_level lv;
  ai_player a[2];
  int levels;
  la_opening(g, a, rng);
  if (!ark_game_decision(g)) {
    fprintf(stderr, "ark_lookahead: seed %llu: the game ended before the first turn\n",
            (unsigned long long)seed);
    return -1000;
  }
  int score = -1000;
  la_search(g, width, LA_MAX_DEPTH, 1, -1, &lv, &levels, rng);
  if (lv.crossed >= 0) {
    printf("seed %llu: the planner crossed at its own turn %d (score %d)\n",
           (unsigned long long)seed, levels, lv.crossed);
    score = lv.crossed;
  } else if (lv.first_end && ark_game_capped(lv.first_end)) {
    printf("seed %llu: the turn cap stopped the game at the planner's own turn %d "
           "(best planner score among the lines that reached it: %d)\n",
           (unsigned long long)seed, levels, lv.best_end);
    score = lv.best_end;
  } else if (lv.first_end) {
    ark_player_view p1, p2;
    ark_game_player(lv.first_end, 0, &p1);
    ark_game_player(lv.first_end, 1, &p2);
    score = p1.score;
    printf("seed %llu: the greedy ended the game at the planner's own turn %d "
           "(scores %d, %d)\n", (unsigned long long)seed, levels, p1.score, p2.score);
  } else {
    printf("seed %llu: no line finished within %d own turns\n", (unsigned long long)seed, levels);
  }
  ark_game_free(lv.first_end);
  *sum += levels;
  return score;
}

/* The planner's actions by kind, read from the option's text; the last
** kind counts the Sponsors turns taken as money (also counted as Sponsors). */
#define LA_KINDS 7
static const char *const la_kind_names[LA_KINDS] = {
  "Animals", "Build", "Cards", "Association", "Sponsors", "X-token", "(Sponsors money)"
};
static int la_kind(const char *option) {
  for (int k = 0; k < LA_KINDS - 1; k++)
    if (!strncmp(option, la_kind_names[k], strlen(la_kind_names[k]))) return k;
  return LA_KINDS - 2;              /* "X-token ..." is the only other action */
}

/* Fair: the planner searches on a fresh deal at each action decision. */
static int la_fair(ark_game *g, uint64_t seed, int width, int depth, uint64_t *rng, double *sum) {
  ai_player a[2];
  char msg[256];
  int kinds[LA_KINDS] = { 0 };
  la_opening(g, a, rng);
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    int pick;
    if (d->player == LA_ME && !strcmp(d->tag, "action")) {
      ark_game *base = ark_game_clone(g);
      la_level lv;
      int levels;
      if (!base) return -1;
      ark_game_redeal_hidden(base, LA_ME, ai_rand(rng));
      pick = la_search(base, width, depth, 0, nova_time_left(g), &lv, &levels, rng);
      kinds[la_kind(d->options[pick])]++;
      ark_game_free(lv.first_end);
      ark_game_free(base);
    } else if (d->player == LA_ME) {
      ark_game *c = ark_game_clone(g);
      if (!c) return -1;
      ark_game_redeal_hidden(c, LA_ME, ai_rand(rng));
      pick = ai_best_step(ark_game_gs(c), LA_ME, nova_time_left(g), rng);
      ark_game_free(c);
      if (!strncmp(d->options[pick], "take ", 5) && strstr(d->options[pick], "break"))
        kinds[LA_KINDS - 1]++;            /* Sponsors taken as money */
    } else {
      pick = ai_pick(&a[d->player], ark_game_gs(g), ai_rand(rng));
    }
    if (ark_game_answer(g, pick, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "ark_lookahead: seed %llu: %s\n", (unsigned long long)seed, msg);
      return -1;
    }
  }
  if (ark_game_process(g) != ARK_END) {
    fprintf(stderr, "ark_lookahead: seed %llu: %s\n", (unsigned long long)seed,
            ark_game_error(g) ? ark_game_error(g) : "the game stopped");
    return -1;
  }
  ark_player_view p1, p2;
  ark_game_player(g, 0, &p1);
  ark_game_player(g, 1, &p2);
  int breaks = 0, money[2] = { 0, 0 }, track = ark_track_from_name("money");
  for (int i = 0; i < ark_game_nevents(g); i++) {
    const ark_event *e = ark_game_event(g, i);
    breaks += e->type == ARK_EV_BREAK;
    if (e->type == ARK_EV_GAIN && e->a == track && e->player >= 0 && e->player < 2)
      money[e->player] += e->b;
  }
  printf("seed %llu: %.1f turns per player, scores %d (planner) and %d (greedy)%s; "
         "%d breaks; money gained %d and %d; the planner's turns:",
         (unsigned long long)seed, ark_game_turns(g) / 2.0, p1.score, p2.score,
         p1.rank == 1 ? ", the planner won" : "", breaks, money[0], money[1]);
  for (int k = 0; k < LA_KINDS; k++)
    if (kinds[k]) printf(" %s %d", la_kind_names[k], kinds[k]);
  printf("\n");
  *sum += ark_game_turns(g) / 2.0;
  return p1.rank == 1;
}

static void la_usage(FILE *f) {
  fprintf(f,
          "usage: ark_lookahead [--seeds A..B] [--beam N] [--depth N] [--whole] [--data DIR]\n"
          "                     [--plugin P]... [--turn-cap N]\n"
          "\n"
          "Measures how many turns a player that plans further than the greedy\n"
          "needs.  Seat 1 keeps the N best lines of its own whole turns (each\n"
          "turn finished as the greedy finishes it, the other turn played by the\n"
          "greedy); seat 2 is the greedy.  Two-player games on map A, one core.\n"
          "\n"
          "  --seeds A..B  game seeds (default 1..10)\n"
          "  --beam N      lines kept per level (default 4)\n"
          "  --depth N     fair mode: own turns searched at each action decision\n"
          "                (default 3)\n"
          "  --whole       instead, one search over the rest of the game on the\n"
          "                real deck: it sees its own draws, which no player can,\n"
          "                so its turns are a bound, not a player's\n"
          "  --data DIR    folder with cards/ and maps/ (default: games/arknova)\n"
          "  --plugin P    a plugin folder, or a name under plugins/; may repeat\n"
          "  --turn-cap N  stop each game after N turns (both players' turns)\n"
          "\n"
          "The publisher's solo pacing, 27 own turns each:\n"
          "  ark_lookahead --plugin bench/plugins/solo-pace --turn-cap 54\n"
          "\n"
          "With the defaults a game takes 2-5 minutes; with --whole --beam 4 about\n"
          "1-2 minutes.  Each seed is played on its own, so a long run can be\n"
          "split over cores or machines with --seeds.\n");
}

int main(int argc, char **argv) {
  unsigned long long s0 = 1, s1 = 10;
  int width = 4, depth = 3, whole = 0, nplugins = 0;
  ark_config cfg;
  ark_config_init(&cfg);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      la_usage(stdout);
      return 0;
    } else if (!strcmp(a, "--whole")) {
      whole = 1;
    } else if (v && !strcmp(a, "--seeds") && sscanf(v, "%llu..%llu", &s0, &s1) == 2 && s0 <= s1) {
      i++;
    } else if (v && !strcmp(a, "--beam") && (width = atoi(v)) >= 1 && width <= 64) {
      i++;
    } else if (v && !strcmp(a, "--depth") && (depth = atoi(v)) >= 1 && depth <= 20) {
      i++;
    } else if (v && !strcmp(a, "--data")) {
      cfg.data_dir = v;
      i++;
    } else if (v && !strcmp(a, "--plugin") && nplugins < ARK_MAX_DIRS) {
      cfg.plugins[nplugins++] = v;
      i++;
    } else if (v && !strcmp(a, "--turn-cap") && (cfg.turn_cap = atoi(v)) >= 1) {
      i++;
    } else {
      fprintf(stderr, "ark_lookahead: bad or incomplete option '%s' (--beam 1..64, "
              "--depth 1..20, --seeds A..B with A <= B, --turn-cap N >= 1, at most %d "
              "--plugin)\n", a, ARK_MAX_DIRS);
      la_usage(stderr);
      return 2;
    }
  }
  double sum = 0, scores = 0;
  int games = 0, wins = 0, scored = 0;
  for (unsigned long long seed = s0; seed <= s1; seed++) {
    ark_game *g;
    char msg[4096];
    double t0 = la_now();
    cfg.seed = seed;
    if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) {
      fprintf(stderr, "ark_lookahead: %s\n", msg);
      return 1;
    }
    uint64_t rng = seed * 7919 + 1;
    if (whole) {
      int sc = la_whole(g, seed, width, &rng, &sum);
      if (sc > -1000) {
        scores += sc;
        scored++;
      }
    } else {
      int w = la_fair(g, seed, width, depth, &rng, &sum);
      if (w < 0) {
        ark_game_free(g);
        return 1;
      }
      wins += w;
    }
    games++;
    ark_game_free(g);
    fflush(stdout);
    fprintf(stderr, "ark_lookahead: game %d of %llu done (%.0f s)\n", games, s1 - s0 + 1,
            la_now() - t0);
  }
  if (whole)
    printf("%d games, beam %d over the whole game: on average the planner crossed, the greedy\n"
           "ended the game or the turn cap stopped it at the planner's own turn %.2f; its mean\n"
           "score there %.1f\n",
           games, width, sum / games, scored ? scores / scored : 0.0);
  else
    printf("%d games, beam %d, %d turns ahead: %.2f turns per player; the planner won %d\n",
           games, width, depth, sum / games, wins);
  return 0;
}
