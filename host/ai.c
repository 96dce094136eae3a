/*
** ai.c - the random player, the quick text policy, the position value, and
** the greedy player.
**
** Greedy looks one turn ahead.  For each option of a decision it answers
** on a clone, finishes its own turn (each later sub-decision chosen by
** trying every option on a further clone finished with the quick policy)
** and values the position when the next turn starts.  The answers it chose
** for the rest of the turn are kept as a plan, so its own sub-decisions
** cost nothing more.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"

static const char *const names[AI_NKINDS] = { "random", "greedy", "mcts", "human" };

int ai_from_name(const char *s) {
  for (int i = 0; i < AI_NKINDS; i++)
    if (strcmp(s, names[i]) == 0) return i;
  return -1;
}

const char *ai_name(int kind) { return kind >= 0 && kind < AI_NKINDS ? names[kind] : "?"; }

void ai_init(ai_player *a, int kind, const ai_budget *b) {
  memset(a, 0, sizeof *a);
  a->kind = kind;
  if (b) a->budget = *b;
  a->plan_at = -1;
}

uint64_t ai_rand(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* ---- position value ---- */

/* What the animals in hand promise: each one that an empty enclosure of
** its size could take (largest first, smallest fitting enclosure) counts
** a good part of its appeal and conservation; the others a little. */
static double animal_potential(const ark_game *g, int p, int money) {
  int empty[ARK_MAP_COLS * ARK_MAP_ROWS], ne = 0, seen[64] = { 0 };
  for (int cell = 0; cell < ARK_MAP_COLS * ARK_MAP_ROWS; cell++) {
    ark_cell_view cv;
    ark_game_cell(g, p, cell, &cv);
    if (cv.building < 0 || cv.building >= 64 || seen[cv.building] || cv.animal >= 0) continue;
    seen[cv.building] = 1;
    if (cv.building_key && !strncmp(cv.building_key, "size-", 5))
      empty[ne++] = cv.building_key[5] - '0';
  }
  int ids[160], n = ark_game_hand(g, p, ids, 160);
  double total = 0;
  for (int i = 0; i < n; i++) {
    ark_card_view c;
    ark_card_get(g, ids[i], &c);
    if (c.type != 0) continue;
    double worth = c.appeal + 2.5 * c.conservation + c.reputation;
    int fit = -1;
    for (int k = 0; k < ne; k++)
      if (empty[k] >= c.size && (fit < 0 || empty[k] < empty[fit])) fit = k;
    if (fit >= 0 && c.cost <= money + 10) {
      total += 0.45 * worth;
      empty[fit] = 0;          /* taken */
    } else {
      total += 0.1 * worth;
    }
  }
  return total;
}

/* Points a position is worth to p: the score itself plus what usually
** turns into score later.  Weights were tuned by self-play (see
** bench/README-ai.md): appeal and conservation count through the score;
** money, income, animals in hand with room for them, reputation, workers
** and upgrades are means to them. */
double ai_value(const ark_game *g, int p) {
  ark_player_view v;
  ark_game_player(g, p, &v);
  if (!ark_game_decision(g))      /* the game is over */
    return v.score + (v.rank == 1 ? 50.0 : 0.0);
  double money = v.money < 30 ? v.money : 30 + 0.5 * (v.money - 30);
  int hand = v.hand < 6 ? v.hand : 6;
  int rep = v.reputation < 12 ? v.reputation : 12;
  return v.score + 0.3 * money + 0.8 * v.income + animal_potential(g, p, v.money) +
         0.3 * hand + 0.6 * rep + 0.4 * v.xtokens + 2.0 * v.workers + 2.5 * v.upgraded +
         1.5 * v.partner_zoos + 1.5 * v.universities - 0.15 * v.buildings;
}

/* ---- quick policy: a choice read from the option texts ---- */

/* The card number in an option like "play Cheetah (401) for 17 money". */
static int number_in(const char *s) {
  const char *o = strchr(s, '(');
  while (o) {
    char *end;
    long n = strtol(o + 1, &end, 10);
    if (end != o + 1 && *end == ')') return (int)n;
    o = strchr(o + 1, '(');
  }
  return -1;
}

static double card_worth(const ark_game *g, int number) {
  ark_card_view c;
  if (number < 0 || ark_card_get(g, ark_card_find(g, number), &c) != 0) return 0;
  return c.appeal + 2.5 * c.conservation + c.reputation - 0.15 * c.cost + 0.5 * c.level;
}

static int strength_in(const char *s) {
  const char *k = strstr(s, "strength ");
  return k ? atoi(k + 9) : 0;
}

static double quick_score(const ark_game *g, const char *tag, const char *o) {
  if (!strcmp(tag, "action")) {
    if (!strncmp(o, "X-token", 7)) return 0.5;
    double base = !strncmp(o, "Animals", 7) ? 7 : !strncmp(o, "Association", 11) ? 6
                : !strncmp(o, "Build", 5) ? 4 : !strncmp(o, "Sponsors", 8) ? 3 : 2;
    const char *x = strstr(o, " X)");
    int xs = x ? x[-1] - '0' : 0;
    return base + strength_in(o) - 1.5 * xs;
  }
  if (!strcmp(tag, "animals.card") || !strcmp(tag, "sponsors.card")) {
    if (!strncmp(o, "take ", 5) || !strcmp(o, "finish")) return 1;
    return 2 + card_worth(g, number_in(o));
  }
  if (!strcmp(tag, "card.discard") || !strcmp(tag, "draft.discard") ||
      !strcmp(tag, "break.discard"))
    return -card_worth(g, number_in(o));
  if (!strcmp(tag, "card.take") || !strcmp(tag, "card.snap")) return card_worth(g, number_in(o));
  if (!strcmp(tag, "association.task"))
    return !strncmp(o, "project", 7) ? 4 : !strncmp(o, "university", 10) ? 3
         : !strncmp(o, "partner", 7) ? 2 : !strncmp(o, "no more", 7) ? 0 : 1;
  if (!strcmp(tag, "project.support")) return atoi(o + (strstr(o, "(") ? strstr(o, "(") - o + 1 : 0));
  if (!strcmp(tag, "build.kind")) {
    if (!strncmp(o, "finish", 6)) return 0;
    const char *sz = strstr(o, "size-");
    return sz ? 1 + (sz[5] - '0') * 0.5 : 1.5;
  }
  if (!strcmp(tag, "association.donation")) return !strncmp(o, "donate", 6) ? 1 : 0;
  if (!strcmp(tag, "reward.cp2")) return !strncmp(o, "upgrade", 7) ? 1 : 0;
  if (!strcmp(tag, "cards.mode")) return !strncmp(o, "draw", 4) ? 1 : 0;
  return 0;
}

int ai_quick(const ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  int best = 0;
  double bv = -1e9;
  for (int i = 0; i < d->noptions; i++) {
    /* a little noise spreads ties and keeps rollouts varied */
    double v = quick_score(g, d->tag, d->options[i]) + (double)(ai_rand(rng) % 1000) * 1e-3;
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

/* ---- greedy ---- */

/* Answers with the quick policy until the next turn's action decision. */
static void finish_quick(ark_game *c, uint64_t *rng) {
  char msg[128];
  for (int guard = 0; guard < 80 && ark_game_process(c) == ARK_AWAITING; guard++) {
    const ark_decision *d = ark_game_decision(c);
    if (!strcmp(d->tag, "action")) return;
    if (ark_game_answer(c, ai_quick(c, rng), msg, sizeof msg) != ARK_OK) return;
  }
}

#define SUB_SAMPLE 14

/* The best option of c's pending decision for `me` when each is finished
** by the quick policy; large option lists are sampled evenly. */
static int one_step(ark_game *c, int me, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(c);
  int n = d->noptions, step = n > SUB_SAMPLE ? (n + SUB_SAMPLE - 1) / SUB_SAMPLE : 1;
  int best = 0, off = step > 1 ? (int)(ai_rand(rng) % (uint64_t)step) : 0;
  double bv = -1e18;
  char msg[128];
  for (int i = off; i < n; i += step) {
    ark_game *cc = ark_game_clone(c);
    if (!cc) break;
    ark_game_answer(cc, i, msg, sizeof msg);
    finish_quick(cc, rng);
    double v = ai_value(cc, me) + (double)(ai_rand(rng) % 1000) * 1e-6;
    ark_game_free(cc);
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return best;
}

/* Finishes me's turn on c: me's sub-decisions by one_step (recorded in
** plan), other players' (break discards) by the quick policy. */
static void finish_turn(ark_game *c, int me, int *plan, int *len, uint64_t *rng) {
  char msg[128];
  *len = 0;
  for (int guard = 0; guard < 60 && ark_game_process(c) == ARK_AWAITING; guard++) {
    const ark_decision *d = ark_game_decision(c);
    if (!strcmp(d->tag, "action")) return;
    int pick = d->player == me ? one_step(c, me, rng) : ai_quick(c, rng);
    if (*len < AI_PLAN_MAX) plan[(*len)++] = d->player == me ? pick : -1;
    if (ark_game_answer(c, pick, msg, sizeof msg) != ARK_OK) return;
  }
}

/* An X-token action that gains nothing (tokens already at 5) only passes. */
static double option_penalty(const ark_game *g, int me, const char *opt) {
  ark_player_view v;
  if (strncmp(opt, "X-token", 7)) return 0;
  ark_game_player(g, me, &v);
  return v.xtokens >= 5 ? 4 : 0;
}

/* Greedy's value of each option of g's pending decision; plans[i] (if
** not NULL) gets the rest of the turn chosen after option i. */
static void option_values(ark_game *g, double *v, int (*plans)[AI_PLAN_MAX], int *lens,
                          uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  int me = d->player, plan[AI_PLAN_MAX], len;
  char msg[128];
  for (int i = 0; i < d->noptions; i++) {
    ark_game *c = ark_game_clone(g);
    v[i] = -1e18;
    if (!c) continue;
    ark_game_answer(c, i, msg, sizeof msg);
    finish_turn(c, me, plan, &len, rng);
    v[i] = ai_value(c, me) - option_penalty(g, me, d->options[i]) +
           (double)(ai_rand(rng) % 1000) * 1e-6;
    if (getenv("ARK_AI_DEBUG")) fprintf(stderr, "  %-60s %8.2f\n", d->options[i], v[i]);
    ark_game_free(c);
    if (plans) {
      memcpy(plans[i], plan, sizeof plan[0] * (size_t)len);
      lens[i] = len;
    }
  }
}

void ai_greedy_values(ark_game *g, double *v, int (*plans)[AI_PLAN_MAX], int *lens,
                      uint64_t *rng) {
  option_values(g, v, plans, lens, rng);
}

int ai_greedy(ai_player *a, ark_game *g, uint64_t seed) {
  const ark_decision *d = ark_game_decision(g);
  int n = d->noptions, na = ark_game_nanswers(g);
  uint64_t rng = seed;
  if (a->plan_at >= 0 && na >= a->plan_at && na < a->plan_at + a->plan_len) {
    int k = a->plan[na - a->plan_at];
    if (k >= 0 && k < n) return k;
  }
  a->plan_at = -1;
  if (n == 1) return 0;
  double *v = malloc(sizeof *v * (size_t)n);
  int (*plans)[AI_PLAN_MAX] = malloc(sizeof *plans * (size_t)n);
  int *lens = calloc((size_t)n, sizeof *lens);
  if (!v || !plans || !lens) {
    free(v); free(plans); free(lens);
    return 0;
  }
  option_values(g, v, plans, lens, &rng);
  int best = 0;
  for (int i = 1; i < n; i++)
    if (v[i] > v[best]) best = i;
  memcpy(a->plan, plans[best], sizeof a->plan[0] * (size_t)lens[best]);
  a->plan_len = lens[best];
  a->plan_at = na + 1;
  free(v);
  free(plans);
  free(lens);
  return best;
}

int ai_pick(ai_player *a, ark_game *g, uint64_t seed) {
  const ark_decision *d = ark_game_decision(g);
  if (a->kind == AI_GREEDY) return ai_greedy(a, g, seed);
  if (a->kind == AI_MCTS) return ai_mcts(a, g, seed);
  uint64_t x = seed;
  return (int)(ai_rand(&x) % (uint64_t)d->noptions);
}
