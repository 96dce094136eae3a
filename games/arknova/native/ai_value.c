/*
** ai_value.c - what an Ark Nova position is worth to a player, in points.
**
** The worth is the score (appeal minus the conservation target) plus
** weighed features that usually turn into score later: money, income,
** animals in hand that the rules would let p place now, sponsors in hand
** that p could play, progress toward conservation projects, what p's
** final scoring cards would give now, sponsors in the zoo, reputation,
** workers, partner zoos, upgraded action cards.  Each feature has two
** weights: one that always applies and one multiplied by the time left (1
** at the start, 0 when the leader's markers cross), because income and
** upgrades pay off only while there are breaks and turns to come.  Near
** the end all of them fade.
**
** The weights were set by self-play: each change was kept when the
** changed greedy won more games than the unchanged one on both seat
** orders (see bench/README-ai.md).  One exception: the project progress
** tied (60 of 120 games) and was kept because with it the greedy supports
** about 3 projects a game instead of about 1, as people do.
*/
#include <string.h>
#include "nova_ai.h"

enum {
  F_MONEY, F_MONEY2, F_MONEY_X, F_INCOME, F_FIT, F_NEAR, F_FAR, F_HAND, F_REP, F_X, F_WORKERS,
  F_PARTNERS, F_UNIS, F_BUILDINGS, F_PAVILIONS, F_PROJECTS, F_SPONSORS,
  F_UP_ANIMALS, F_UP_BUILD, F_UP_CARDS, F_UP_ASSOC, F_UP_SPONSORS, F_SP_PTS, F_SP_LVL, F_SCORING, F_N
};
/* Money counts less past these amounts: hoarding wins nothing. */
#define MONEY_CAP1 20
#define MONEY_CAP 40

static const double w_always[F_N] = {
  [F_MONEY] = 0.15, [F_MONEY2] = 0.1, [F_MONEY_X] = 0.05, [F_INCOME] = 0.1,
  [F_FIT] = 0.8, [F_NEAR] = 0.2, [F_FAR] = 0.05, [F_HAND] = 0.3, [F_REP] = 0.6, [F_X] = 0.4,
  [F_WORKERS] = 2.0, [F_PARTNERS] = 1.5, [F_UNIS] = 1.5, [F_BUILDINGS] = -0.15,
  [F_PAVILIONS] = -1.5,  /* a pavilion's appeal is already in the score */
  [F_PROJECTS] = 1.0, [F_SP_PTS] = 0.5, [F_SCORING] = 1.0,
  [F_UP_ANIMALS] = 4, [F_UP_BUILD] = 1, [F_UP_CARDS] = 1, [F_UP_ASSOC] = 1, [F_UP_SPONSORS] = 1,
};
static const double w_early[F_N] = {
  [F_MONEY] = 0.2, [F_MONEY2] = 0.15, [F_INCOME] = 2.0, [F_SPONSORS] = 1.0, [F_SP_LVL] = 0.5,
  [F_UP_ANIMALS] = 6, [F_UP_BUILD] = 2, [F_UP_CARDS] = 2, [F_UP_ASSOC] = 2, [F_UP_SPONSORS] = 2,
};
#define WIN_BONUS 50.0
/* In the last quarter of the time left every feature fades, to a fifth
** when the leader's markers cross: what is not score by then mostly never
** will be, and a leader that keeps building its zoo gives the others
** turns to catch up.  With it greedy games are 2 turns shorter per player
** and it won 72 of 120 against the greedy without (bench/README-ai.md). */
#define END_WINDOW 0.25
#define END_FADE 0.8
/* Score distance from the start to the end of a game, roughly. */
#define TIME0 110.0
/* Own turns a greedy player takes over that distance, roughly. */
#define TURNS0 44.0

/* Points that r more conservation points are worth from cp, with the
** printed target track: 2 each up to 10, 3 each after. */
static double cp_points(int cp, int r) {
  double pts = 0;
  for (int k = cp; k < cp + r; k++) pts += k < 10 ? 2 : 3;
  return pts;
}

/* Progress toward the conservation projects p can still support (the
** rules' "projects" query): per project, its best level's points times
** (have / need)^2, a level already met in full.  The nearest project
** counts fully, the next half, the third a quarter: one player supports
** a few projects, not all of them. */
static double project_progress(const ark_game *g, int p, int cp, double ready) {
  int q[256], best_n = 0;
  double best[64];
  int n = ark_game_query(g, "projects", p, q, 256);
  if (n < 0) return 0;
  n = (n < 256 ? n : 256) / 4;
  for (int i = 0; i < n; i++) {
    int card = q[4 * i], have = q[4 * i + 1], need = q[4 * i + 2];
    double x = need <= 0 || have >= need ? 1.0 : (double)have / need;
    double v = x * x * cp_points(cp, q[4 * i + 3]) * (x >= 1 ? ready : (1 + ready) / 2);
    if (i > 0 && card == q[4 * (i - 1)]) {
      if (v > best[best_n - 1]) best[best_n - 1] = v;
    } else if (best_n < 64) {
      best[best_n++] = v;
    }
  }
  double sum = 0, w = 1;
  for (int k = 0; k < 3 && k < best_n; k++, w /= 2) {
    int top = k;
    for (int j = k + 1; j < best_n; j++)
      if (best[j] > best[top]) top = j;
    double t = best[top];
    best[top] = best[k];
    sum += w * t;
  }
  return sum;
}

double nova_card_points(const ark_card_view *c) {
  return c->appeal + 2.5 * c->conservation + c->reputation;
}

/* p's pavilions (their appeal is already in the score). */
static int pavilions(const ark_game *g, int p) { return ark_game_count_buildings(g, p, "pavilion"); }

/* The animals in hand, from the rules' "animals" query: the conditions and
** the enclosures (water, rock, special enclosures) each animal fits now.
** Best first, each animal whose conditions hold and that p could nearly
** afford takes one enclosure it fits: its worth goes to *fit.  One whose
** conditions hold but that has no enclosure (or money) left goes to *near,
** the rest to *far.  Asking the rules, not comparing sizes, means that an
** animal which needs water does not count as placed beside a dry enclosure,
** and a fan card's own conditions count as the rules apply them.
** Of the animals that cannot be placed now, only the best `limit` count:
** the break discards the rest.  Counting them made a hand of twelve look
** worth guarding, and two greedy players with full hands stopped moving
** the break marker at all (bench/README-ai.md). */
#define HAND_Q 512
static void hand_animals(const ark_game *g, int p, int money, int limit, double *fit,
                         double *near, double *far) {
  int q[HAND_Q], n = ark_game_query(g, "animals", p, q, HAND_Q);
  int at[160], na = 0, done[160] = { 0 }, used[64] = { 0 }, kept = 0;
  double pts[160];
  *fit = *near = *far = 0;
  if (n > HAND_Q) n = HAND_Q;
  for (int i = 0; i + 3 < n && i + 4 + q[i + 3] <= n && na < 160; i += 4 + q[i + 3]) {
    ark_card_view c;
    pts[na] = ark_card_get(g, q[i], &c) == 0 ? nova_card_points(&c) : 0;
    at[na++] = i;
  }
  for (int left = na; left > 0; left--) {
    int top = -1;
    for (int a = 0; a < na; a++)
      if (!done[a] && (top < 0 || pts[a] > pts[top])) top = a;
    done[top] = 1;
    const int *e = &q[at[top]];     /* card, cost, conditions met, k, k enclosures */
    int place = -2;
    if (e[2] && e[1] <= money + 10)
      for (int k = 0; k < e[3] && place == -2; k++)
        if (e[4 + k] < 0 || (e[4 + k] < 64 && !used[e[4 + k]])) place = e[4 + k];
    if (place >= 0) used[place] = 1;
    if (place == -2 && kept++ >= limit) continue;
    *(place != -2 ? fit : e[2] ? near : far) += pts[top];
  }
}

/* The sponsors in hand that p could play now (the rules' "sponsors"
** query: conditions held, room for a unique building) at a level its
** Sponsors card can reach: the best `limit` by printed points add their
** points to *pts and their levels to *lvl.  Before, a playable sponsor
** counted like any hand card: the greedy played about 3 a game.  With it
** about 5.5, and it won 81 of 120 games against the greedy without it
** (bench/README-ai.md).  Two count: Sponsors I plays one a turn, and the
** break discards down to the hand limit. */
#define HAND_SPONSORS 2
static void hand_sponsors(const ark_game *g, int p, int limit, int max_level, double *pts,
                          double *lvl) {
  int q[255], n = ark_game_query(g, "sponsors", p, q, 255);
  double points[85], rank[85];
  *pts = *lvl = 0;
  n = (n < 255 ? n : 255) / 3;                 /* card, level, playable */
  for (int i = 0; i < n; i++) {
    ark_card_view c;
    int ok = q[3 * i + 2] && q[3 * i + 1] <= max_level && ark_card_get(g, q[3 * i], &c) == 0;
    points[i] = ok ? nova_card_points(&c) : 0;
    rank[i] = ok ? points[i] + 0.01 * (q[3 * i + 1] + 1) : -1;   /* ties: the higher level */
  }
  for (int k = 0; k < limit; k++) {
    int top = -1;
    for (int i = 0; i < n; i++)
      if (rank[i] >= 0 && (top < 0 || rank[i] > rank[top])) top = i;
    if (top < 0) break;
    *pts += points[top];
    *lvl += q[3 * top + 1];
    rank[top] = -1;
  }
}

/* Below this much conservation a seat holding two or more final scoring
** cards still owes the discard the first player to reach it sets off. */
#define SCORING_DISCARD_CP 10

/* What p's final scoring cards would give if the game ended now (the
** rules' "scoring" query), in points from p's conservation: every card p
** will keep scores, so the best of them but one while p owes the discard
** (below SCORING_DISCARD_CP: whether another seat set it off already is
** the board's, which the kept values do not read), all of them after it
** (more than one only after Resistance).  Without it the greedy never
** worked toward them; with it, it won 72 of 120 games against the greedy
** without (bench/README-ai.md). */
static double scoring_points(const ark_game *g, int p, int cp) {
  int q[16], n = ark_game_query(g, "scoring", p, q, 16), cps[8], held = 0, sum = 0;
  for (int i = 1; i < n && i < 16; i += 2) cps[held++] = q[i] > 0 ? q[i] : 0; /* card, CP */
  int keep = held - (held > 1 && cp < SCORING_DISCARD_CP);
  for (int k = 0; k < keep; k++) {                 /* the best `keep`, one at a time */
    int top = k;
    for (int j = k + 1; j < held; j++)
      if (cps[j] > cps[top]) top = j;
    int t = cps[top];
    cps[top] = cps[k];
    sum += t;
  }
  return cp_points(cp, sum);
}

#define ASSOCIATION 3             /* action card indices (ark.h) */
#define SPONSORS 4

/* The levels of the sponsors in p's zoo added up: most sponsors pay
** through effects that come later (income, gains when others are played),
** which one ply does not see, and a sponsor's level is its printed power. */
static double sponsor_levels(const ark_game *g, int p) {
  int ids[160], n = ark_game_zoo(g, p, ids, 160);
  double sum = 0;
  for (int i = 0; i < n; i++) {
    ark_card_view c;
    if (ark_card_get(g, ids[i], &c) == 0 && c.type == 1) sum += c.level;
  }
  return sum;
}

/* How ready action a is: its strength (slot, plus the X tokens) over 5. */
static double ready(const int act[5], int a, int xtokens) {
  for (int k = 0; k < 5; k++)
    if (act[k] == a) return k + 1 + xtokens >= 5 ? 1.0 : (k + 1 + xtokens) / 5.0;
  return 0;
}

static void features(const ark_game *g, int p, const ark_player_view *v, double *f) {
  int act[5], side[5];
  memset(f, 0, sizeof *f * F_N);
  f[F_MONEY] = v->money < MONEY_CAP1 ? v->money : MONEY_CAP1;
  f[F_MONEY2] = v->money < MONEY_CAP1 ? 0 : v->money < MONEY_CAP ? v->money - MONEY_CAP1
              : MONEY_CAP - MONEY_CAP1;
  f[F_MONEY_X] = v->money > MONEY_CAP ? v->money - MONEY_CAP : 0;
  f[F_INCOME] = v->income;
  hand_animals(g, p, v->money, v->hand_limit, &f[F_FIT], &f[F_NEAR], &f[F_FAR]);
  f[F_PAVILIONS] = pavilions(g, p);
  f[F_HAND] = v->hand < 6 ? v->hand : 6;
  f[F_REP] = v->reputation < 12 ? v->reputation : 12;
  f[F_X] = v->xtokens;
  f[F_WORKERS] = v->workers;
  f[F_PARTNERS] = v->partner_zoos;
  f[F_UNIS] = v->universities;
  f[F_BUILDINGS] = v->buildings;
  f[F_SPONSORS] = sponsor_levels(g, p);
  ark_game_action_cards(g, p, act, side);
  f[F_SCORING] = scoring_points(g, p, v->conservation);
  f[F_PROJECTS] = project_progress(g, p, v->conservation, ready(act, ASSOCIATION, v->xtokens));
  int sp_side = 1;
  for (int k = 0; k < 5; k++) {
    if (act[k] >= 0 && act[k] < 5) f[F_UP_ANIMALS + act[k]] = side[k] == 2;
    if (act[k] == SPONSORS) sp_side = side[k];
  }
  hand_sponsors(g, p, HAND_SPONSORS, 5 + (sp_side == 2) + v->xtokens, &f[F_SP_PTS],
                &f[F_SP_LVL]);
}

double nova_time_left(const ark_game *g) {
  int n = ark_game_players(g), best = -1000;
  for (int p = 0; p < n; p++) {
    ark_player_view v;
    ark_game_player(g, p, &v);
    /* the markers' distance, not the shown score: a variant's offset
    ** (hundred-points) moves the one and not the game's end */
    if (v.appeal - v.target > best) best = v.appeal - v.target;
  }
  double t = -best / TIME0;
  /* A turn cap near enough (a measuring run of fixed length, such as the
  ** solo pacing of bench/) ends the game before the score does, and the
  ** rules' cap is known to everyone as the crossing markers are.  The
  ** default cap of 2000 turns never comes near. */
  double own_left = (double)(ark_game_turn_cap(g) - ark_game_turns(g)) / n;
  if (own_left / TURNS0 < t) t = own_left / TURNS0;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/* The key of p's value at tau among the kept results (ark_recall). */
static uint64_t value_key(int p, double tau) {
  uint64_t t;
  memcpy(&t, &tau, sizeof t);
  return (t ^ (uint64_t)(p + 1) << 56) * 0x9E3779B97F4A7C15ull + 0x56414c5545ull;
}

double nova_value_at(const ark_game *g, int p, double tau) {
  ark_player_view v;
  /* the game is over (neither a decision nor a turn ahead) */
  if (!ark_game_pending_tag(g) && !ark_game_turn_ahead(g)) {
    ark_game_player(g, p, &v);
    return v.score + (v.rank == 1 ? WIN_BONUS : 0.0);
  }
  /* a position the search has valued before, or one whose parts that
  ** the value reads are the same: the C here reads only p's part (the
  ** view's score, buildings, zoo and action cards; not its rank) */
  uint64_t key = value_key(p, tau);
  double sum;
  if (ark_recall(g, key, &sum)) return sum;
  ark_game_player(g, p, &v);   /* only now: it counts kiosk income and ranks */
  ark_recall_begin_unchanged(g);
  double f[F_N];
  sum = v.score;
  features(g, p, &v, f);
  double fade = 1 - END_FADE * (tau < END_WINDOW ? 1 - tau / END_WINDOW : 0);
  for (int k = 0; k < F_N; k++) sum += fade * (w_always[k] + tau * w_early[k]) * f[k];
  ark_recall_keep(g, key, ARK_READ_SEAT(p), sum);
  return sum;
}

double nova_value(const ark_game *g, int p) { return nova_value_at(g, p, nova_time_left(g)); }

double nova_lead_at(const ark_game *g, int p, double tau) {
  double other = -1e18;
  for (int q = 0; q < ark_game_players(g); q++)
    if (q != p) {
      double o = nova_value_at(g, q, tau);
      if (o > other) other = o;
    }
  return nova_value_at(g, p, tau) - other;
}
