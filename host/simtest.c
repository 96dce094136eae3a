/*
** simtest.c - `arknova sim --test-card N`: is one card too strong, with
** the card in play?  Each seed is played twice, arm A and arm B, alike but
** for the card: in both arms card N is out of the deck before the deal;
** in arm B the tested seat (seed mod players) is handed it when the
** opening draft ends, in the place of its last kept card (ark_config.
** handover), so that it holds the card at its first turn; no seat's view
** knows of the hand-over (hidden.c), so the AIs draft alike in both
** arms.  The report
** gives, over the pairs, the differences B - A of the tested seat's win
** rate (an exact interval on the pairs whose result differs) and of its
** margin over the best other seat, own score, the others' best score and
** the game's length (95% Student t intervals), how often and when arm B's
** seat played the card (ARK_EV_PLAY of the event log), and how many pairs
** would halve each interval.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "simstats.h"

/* Below these the report says plainly that its answer means little. */
#define FEW_PAIRS 30
#define LOW_PLAY_RATE SIM_LOW_PLAY_RATE

int sim_test_seat(uint64_t seed, int players) {
  return (int)(seed % (uint64_t)players);
}

int sim_test_config(const ark_config *base, int number, uint64_t seed, int arm,
                    ark_config *out) {
  *out = *base;
  out->seed = seed;
  if (!arm) {
    int k = 0;
    while (k < ARK_MAX_EXCLUDE && out->exclude[k] && out->exclude[k] != number) k++;
    if (k == ARK_MAX_EXCLUDE) return -1;
    out->exclude[k] = number;
    return 0;
  }
  /* a card to hand over waits in the box until the draft ends, as one left
  ** out does: the deals of both arms are the same (and the game refuses a
  ** card both left out and handed over) */
  int h = 0;
  while (h < ARK_MAX_HANDOVER && out->handover[h].number) h++;
  if (h == ARK_MAX_HANDOVER) return -1;
  out->handover[h].seat = sim_test_seat(seed, base->players);
  out->handover[h].number = number;
  return 0;
}

int sim_own_turn(int turn, int start, int seat, int players) {
  int first = ((seat - start) % players + players) % players;   /* its first own turn */
  return turn < first ? 0 : (turn - first) / players + 1;
}

uint32_t sim_draft_sig(const ark_game *g, int tested) {
  uint32_t h = 2166136261u;
  int ids[256];
  for (int p = 0; p < ark_game_players(g); p++) {
    int n = ark_game_hand(g, p, ids, 256);
    if (p == tested && n > 0) n--;    /* the place of arm B's card */
    for (int i = 0; i < n; i++) {
      h = (h ^ (uint32_t)(ids[i] & 0xff)) * 16777619u;
      h = (h ^ (uint32_t)(ids[i] >> 8)) * 16777619u;
    }
    h = (h ^ 0x5au) * 16777619u;      /* where one hand ends */
  }
  return h;
}

/* ---- intervals ---- */

/* The continued fraction of the incomplete beta function, evaluated by
** the modified Lentz method. */
static double beta_fraction(double a, double b, double x) {
  const double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 500; m++) {
    double m2 = 2.0 * m;
    double e = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + e * d;
    c = 1 + e / c;
    if (fabs(d) < tiny) d = tiny;
    if (fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    e = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + e * d;
    c = 1 + e / c;
    if (fabs(d) < tiny) d = tiny;
    if (fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    if (fabs(d * c - 1) < 1e-15) break;
  }
  return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_regularized(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
  return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double sim_t975(long df) {
  if (df < 1) return NAN;
  /* P(|T| >= t) = I_{df / (df + t^2)}(df / 2, 1 / 2): find the t where it is 5% */
  double lo = 0, hi = 64, v = (double)df;
  while (beta_regularized(v / 2, 0.5, v / (v + hi * hi)) > 0.05) hi *= 2;
  for (int i = 0; i < 100; i++) {
    double t = (lo + hi) / 2;
    if (beta_regularized(v / 2, 0.5, v / (v + t * t)) > 0.05) lo = t;
    else hi = t;
  }
  return (lo + hi) / 2;
}

/* The width of a t interval of m values per unit of sd. */
static double t_width(long m) {
  return sim_t975(m - 1) / sqrt((double)m);
}

long sim_pairs_to_halve(long n) {
  if (n < 2) return 0;
  /* m = n is too few; 4n is enough, since t falls as m grows */
  double goal = t_width(n) / 2;
  long lo = n, hi = 4 * n;
  while (lo + 1 < hi) {
    long mid = lo + (hi - lo) / 2;
    if (t_width(mid) <= goal) hi = mid;
    else lo = mid;
  }
  return hi;
}

static double wilson_half(double p, double m) {
  double lo, hi;
  sim_wilson(p * m, m, &lo, &hi);
  return (hi - lo) / 2;
}

long sim_wilson_to_halve(double p, long n) {
  if (n < 1) return 0;
  /* the Wilson width shrinks as 1/sqrt(m) inside and as 1/m at 0 and 1 */
  double goal = wilson_half(p, (double)n) / 2;
  long lo = n, hi = 16 * n;
  while (lo + 1 < hi) {
    long mid = lo + (hi - lo) / 2;
    if (wilson_half(p, (double)mid) <= goal) hi = mid;
    else lo = mid;
  }
  return hi;
}

/* x with I_x(a, b) = p, by bisection (I_x rises with x). */
static double beta_quantile(double a, double b, double p) {
  double lo = 0, hi = 1;
  for (int i = 0; i < 100; i++) {
    double x = (lo + hi) / 2;
    if (beta_regularized(a, b, x) < p) lo = x;
    else hi = x;
  }
  return (lo + hi) / 2;
}

/* The exact (Clopper-Pearson) 95% interval of a share x of n, counts
** that may be fractions (for the search of sim_win_difference). */
static void exact_share(double x, double n, double *lo, double *hi) {
  *lo = x <= 0 ? 0 : beta_quantile(x, n - x + 1, 0.025);
  *hi = x >= n ? 1 : beta_quantile(x + 1, n - x, 0.975);
}

/* The 95% interval of a difference of win rates over n pairs, `plus` won
** in arm B only and `minus` in arm A only.  D = (2 s - 1) d, where d is
** the share of pairs whose result differs and s the share of those won by
** arm B.  Each end takes s's exact interval for the sign, and then the
** end of d's exact interval that reaches further: so the interval excludes
** 0 exactly when the sign test on the m = plus + minus pairs rejects at
** 5%, it never shrinks to a point (no pair differing gives +-d's upper
** end, 1 - 0.025^(1/n)), and it is conservative: in simulations of 4 to
** 100 pairs it held the true difference in 96% to 100% of the runs, where
** taking d as measured held it in as few as 58%. */
void sim_win_bounds(double plus, double minus, double n, double *lo, double *hi) {
  double m = plus + minus, sl = 0, sh = 1, dl, dh;
  exact_share(m, n, &dl, &dh);
  if (m > 0) exact_share(plus, m, &sl, &sh);
  *lo = (2 * sl - 1) * (sl < 0.5 ? dh : dl);
  *hi = (2 * sh - 1) * (sh > 0.5 ? dh : dl);
}

void sim_win_difference(long plus, long minus, long n, sim_wins *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  out->plus = plus;
  out->minus = minus;
  out->p = 1;
  if (n < 1) return;
  out->mean = (double)(plus - minus) / (double)n;
  sim_win_bounds((double)plus, (double)minus, (double)n, &out->lo, &out->hi);
  long m = plus + minus, k = plus < minus ? plus : minus;
  /* two-sided sign test: twice the smaller tail of Binomial(m, 1/2) */
  if (m > 0 && k < m) out->p = fmin(1, 2 * beta_regularized((double)(m - k), (double)k + 1, 0.5));
  /* the same shares of pairs, more of them: the interval narrows about as
  ** 1/sqrt(pairs), and as 1/pairs when no pair differs */
  double goal = (out->hi - out->lo) / 2, lo, hi;
  long a = n, b = 64 * n;
  while (a + 1 < b) {
    long mid = a + (b - a) / 2;
    double scale = (double)mid / (double)n;
    sim_win_bounds(plus * scale, minus * scale, (double)mid, &lo, &hi);
    if (hi - lo <= goal) b = mid;
    else a = mid;
  }
  out->halve = b;
}

void sim_mean_interval(const double *v, long n, sim_interval *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  if (n < 1) return;
  double s = 0, q = 0;
  for (long i = 0; i < n; i++) s += v[i];
  out->mean = s / (double)n;
  for (long i = 0; i < n; i++) q += (v[i] - out->mean) * (v[i] - out->mean);
  out->lo = out->hi = out->mean;
  if (n < 2) return;
  out->sd = sqrt(q / (double)(n - 1));
  double half = sim_t975(n - 1) * out->sd / sqrt((double)n);
  out->lo = out->mean - half;
  out->hi = out->mean + half;
  out->halve = sim_pairs_to_halve(n);
}

/* ---- the report ---- */

/* The AIs of both records differ (merged seat orders are other pairs). */
static int ai_cmp(const sim_record *x, const sim_record *y) {
  if (x->players != y->players) return x->players - y->players;
  for (int p = 0; p < x->players && p < 4; p++) {
    int c = strcmp(x->ai[p], y->ai[p]);
    if (c) return c;
  }
  return 0;
}

/* The records of one pair: the same seed, AIs in their seats and map (sim
** merge refuses shards of different maps, but a pair never spans two). */
static int game_cmp(const sim_record *x, const sim_record *y) {
  if (x->seed != y->seed) return x->seed < y->seed ? -1 : 1;
  int c = ai_cmp(x, y);
  return c ? c : strcmp(x->map, y->map);
}

static int by_game_then_arm(const void *a, const void *b) {
  const sim_record *x = *(const sim_record *const *)a, *y = *(const sim_record *const *)b;
  int c = game_cmp(x, y);
  return c ? c : x->set - y->set;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, long n) {
  if (n < 1) return 0;
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double mean_of(const double *v, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += v[i];
  return n > 0 ? s / (double)n : 0;
}

/* What an interval of n pairs says, in a sentence.  An interval of no
** width (every pair gave the same difference: a t interval's sd is 0)
** claims a certainty that few pairs cannot give: then no verdict. */
static void verdict(FILE *f, const char *what, double lo, double hi, long n, const char *more,
                    const char *less) {
  if (hi - lo <= 0 && n < FEW_PAIRS)
    fprintf(f, "%s: cannot tell from %ld pairs (every pair gave the same difference, so the "
               "interval has no width; run at least %d)\n", what, n, FEW_PAIRS);
  else if (lo > 0)
    fprintf(f, "%s: %s with the card (the interval lies above 0)\n", what, more);
  else if (hi < 0)
    fprintf(f, "%s: %s with the card (the interval lies below 0)\n", what, less);
  else
    fprintf(f, "%s: no difference shown (the interval includes 0)\n", what);
}

/* The win rate's verdict, with the sign test it rests on. */
static void win_verdict(FILE *f, const sim_wins *w) {
  verdict(f, "win rate", w->lo, w->hi, w->n, "higher", "lower");
  fprintf(f, "  (%ld pairs won in arm B only, %ld in arm A only; exact sign test on those %ld: "
             "p = %.3g)\n", w->plus, w->minus, w->plus + w->minus, w->p);
}

/* "pairs to halve" of an interval, "-" when halving means nothing: an
** interval of no width stays so as the pairs grow, if the spread does. */
static const char *halve_text(long halve, double width, char *buf, size_t n) {
  if (halve <= 0 || width <= 0) return "-";
  snprintf(buf, n, "%ld", halve);
  return buf;
}

/* Whether both arms drafted alike.  The AIs draft on their seat's view,
** which does not know of the pending hand-over, so with AIs that play
** alike on the same view (a budget of iterations, not of time) they do,
** and N took the place of the card the seat kept last in arm A.  Where
** they did not, the figures carry the difference of the draft too. */
static void draft_line(FILE *f, long same, long pairs) {
  fprintf(f, "draft: the same in both arms in %ld of %ld pairs", same, pairs);
  if (same == pairs)
    fprintf(f, " (the card took the place of the card the seat kept last in arm A)\n");
  else
    fprintf(f, "; in %ld the hands at the first turn differ by more than the card: the AIs "
               "drafted differently there (an AI given time, --mcts-ms, does not play alike "
               "twice), so B - A also measures that\n", pairs - same);
}

/* The pairs: arm A then arm B of each seed, both without an error. */
typedef struct test_pairs {
  const sim_record **a, **b;
  long n, broken;              /* pairs used; seeds with a game missing or failed */
} test_pairs;

static int find_pairs(const sim_record *r, long n, test_pairs *tp) {
  const sim_record **idx = malloc(sizeof *idx * (size_t)(n + 1));
  tp->a = malloc(sizeof *tp->a * (size_t)(n + 1));
  tp->b = malloc(sizeof *tp->b * (size_t)(n + 1));
  tp->n = tp->broken = 0;
  if (!idx || !tp->a || !tp->b) {
    free(idx);
    return -1;
  }
  long m = 0;
  for (long i = 0; i < n; i++)
    if (r[i].test_card) idx[m++] = &r[i];
  qsort(idx, (size_t)m, sizeof *idx, by_game_then_arm);
  for (long i = 0; i < m;) {
    long j = i;
    while (j < m && !game_cmp(idx[j], idx[i])) j++;
    /* one seed and seating: its arm A record first, then arm B */
    const sim_record *a = idx[i]->set == 0 ? idx[i] : NULL;
    const sim_record *b = idx[j - 1]->set == 1 ? idx[j - 1] : NULL;
    if (a && b && !a->error && !b->error && a->tested == b->tested) {
      tp->a[tp->n] = a;
      tp->b[tp->n++] = b;
    } else {
      tp->broken++;
    }
    i = j;
  }
  free(idx);
  return 0;
}

/* The tested seat's figures in one game: whether it won, its score, the
** best score of the other seats, its margin over them, the game's length. */
enum { FIG_WIN, FIG_MARGIN, FIG_OWN, FIG_OTHERS, FIG_LENGTH, NFIGS };

static void seat_figures(const sim_record *r, int t, double v[NFIGS]) {
  int best = 0, any = 0;
  for (int p = 0; p < r->players && p < 4; p++)
    if (p != t && (!any || r->score[p] > best)) best = r->score[p], any = 1;
  v[FIG_WIN] = sim_won(r, t);
  v[FIG_OWN] = r->score[t];
  v[FIG_OTHERS] = best;
  v[FIG_MARGIN] = (double)r->score[t] - best;
  v[FIG_LENGTH] = r->turns;
}

/* Two-sided p of the paired t test of n differences of this mean and
** sd; -1 when the sd is 0 (no test). */
static double t_test_p(const sim_interval *iv) {
  if (iv->n < 2 || iv->sd <= 0) return -1;
  double t = iv->mean / (iv->sd / sqrt((double)iv->n)), df = (double)(iv->n - 1);
  return beta_regularized(df / 2, 0.5, df / (df + t * t));
}

/* One row of the table: both arms' means, B - A with its interval. */
static void table_row(FILE *f, const char *label, double a, double b, const sim_interval *iv) {
  char c[64], h[24];
  snprintf(c, sizeof c, "%+.2f [%+.2f, %+.2f]", iv->mean, iv->lo, iv->hi);
  fprintf(f, "%-12s %8.2f %8.2f   %-26s %7.2f %15s\n", label, a, b, c, iv->sd,
          halve_text(iv->halve, iv->hi - iv->lo, h, sizeof h));
}

/* The verdict of a t interval, with its test's p when it has one. */
static void t_verdict(FILE *f, const char *what, const sim_interval *iv, const char *more,
                      const char *less) {
  verdict(f, what, iv->lo, iv->hi, iv->n, more, less);
  double p = t_test_p(iv);
  if (p >= 0) fprintf(f, "  (paired t test: p = %.3g)\n", p);
}

/* The table and the verdicts over the k pairs.  The measure of strength
** is the margin, the tested seat's score minus the best other seat's: in
** Ark Nova the game ends soon after a seat's markers cross, so a strong
** card ends the game sooner and lowers the others' scores, and the seat's
** own score alone may show no difference for a card that wins far more
** often.  A game played against the game (solo, cooperative) has no
** rivals: there the own score is the measure. */
static void test_table(FILE *f, const test_pairs *tp, int lua) {
  long k = tp->n, plus = 0, minus = 0;
  double *d[NFIGS], sum[2][NFIGS] = { { 0 } };
  int rivals = 1;
  for (int j = 0; j < NFIGS; j++) d[j] = malloc(sizeof *d[j] * (size_t)(k + 1));
  for (int j = 0; j < NFIGS; j++)
    if (!d[j]) k = 0;
  for (long i = 0; i < k; i++) {
    double va[NFIGS], vb[NFIGS];
    int t = tp->a[i]->tested;
    rivals &= tp->a[i]->players > 1 && !tp->a[i]->against;
    seat_figures(tp->a[i], t, va);
    seat_figures(tp->b[i], t, vb);
    for (int j = 0; j < NFIGS; j++) {
      d[j][i] = vb[j] - va[j];
      sum[0][j] += va[j];
      sum[1][j] += vb[j];
    }
    plus += d[FIG_WIN][i] > 0;
    minus += d[FIG_WIN][i] < 0;
  }
  sim_interval iv[NFIGS];
  sim_wins wd;
  for (int j = 0; j < NFIGS; j++) sim_mean_interval(d[j], k, &iv[j]);  /* win: for its sd */
  sim_win_difference(plus, minus, k, &wd);
  double kd = (double)k;
  char c[64], h[24];
  fprintf(f, "\n%-12s %8s %8s   %-26s %7s %15s\n", "tested seat", "arm A", "arm B",
          "B - A [95% interval]", "sd", "pairs to halve");
  snprintf(c, sizeof c, "%+.1f%% [%+.1f%%, %+.1f%%]", 100 * wd.mean, 100 * wd.lo, 100 * wd.hi);
  fprintf(f, "%-12s %7.1f%% %7.1f%%   %-26s %7.2f %15s\n", "win rate", 100 * sum[0][FIG_WIN] / kd,
          100 * sum[1][FIG_WIN] / kd, c, iv[FIG_WIN].sd,
          halve_text(wd.halve, wd.hi - wd.lo, h, sizeof h));
  if (rivals)
    table_row(f, "margin", sum[0][FIG_MARGIN] / kd, sum[1][FIG_MARGIN] / kd, &iv[FIG_MARGIN]);
  table_row(f, "own score", sum[0][FIG_OWN] / kd, sum[1][FIG_OWN] / kd, &iv[FIG_OWN]);
  if (rivals)
    table_row(f, "others' best", sum[0][FIG_OTHERS] / kd, sum[1][FIG_OTHERS] / kd,
              &iv[FIG_OTHERS]);
  table_row(f, lua ? "game rounds" : "game turns", sum[0][FIG_LENGTH] / kd,
            sum[1][FIG_LENGTH] / kd, &iv[FIG_LENGTH]);
  if (rivals)
    fprintf(f, "margin: the tested seat's score minus the best other seat's score. A strong "
               "card also\nends the game sooner, which lowers the others' scores: the margin "
               "counts that, the\nseat's own score alone does not.\n");
  fputc('\n', f);
  win_verdict(f, &wd);
  if (rivals) t_verdict(f, "margin", &iv[FIG_MARGIN], "higher", "lower");
  else t_verdict(f, "score (played against the game: no rivals' scores)", &iv[FIG_OWN],
                 "higher", "lower");
  t_verdict(f, "game length", &iv[FIG_LENGTH], "longer", "shorter");
  for (int j = 0; j < NFIGS; j++) free(d[j]);
}

/* A single pair has no interval: its figures arm by arm, so a first try
** of a card still shows what happened in its game. */
static void one_pair(FILE *f, const test_pairs *tp, int lua, const char *cname) {
  const sim_record *a = tp->a[0], *b = tp->b[0];
  int t = a->tested, rivals = a->players > 1 && !a->against;
  double va[NFIGS], vb[NFIGS];
  if (t < 0 || t >= 4) return;
  seat_figures(a, t, va);
  seat_figures(b, t, vb);
  fprintf(f, "\ncard %s played by the tested seat in arm B: ", cname);
  if (b->played_turn <= 0) fprintf(f, "no\n");
  else if (lua) fprintf(f, "in round %d\n", b->played_turn);
  else fprintf(f, "at its own turn %d, game turn %d\n", b->played_own, b->played_turn);
  fprintf(f, "\n%-12s %8s %8s %8s\n", "tested seat", "arm A", "arm B", "B - A");
  fprintf(f, "%-12s %8s %8s\n", "won", va[FIG_WIN] >= 1 ? "yes" : va[FIG_WIN] > 0 ? "tie" : "no",
          vb[FIG_WIN] >= 1 ? "yes" : vb[FIG_WIN] > 0 ? "tie" : "no");
  static const struct { int fig, rivals; const char *label; } rows[] = {
    { FIG_MARGIN, 1, "margin" }, { FIG_OWN, 0, "own score" }, { FIG_OTHERS, 1, "others' best" },
    { FIG_LENGTH, 0, NULL },
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    int j = rows[i].fig;
    if (rows[i].rivals && !rivals) continue;
    fprintf(f, "%-12s %8.0f %8.0f %+8.0f\n",
            rows[i].label ? rows[i].label : lua ? "game rounds" : "game turns", va[j], vb[j],
            vb[j] - va[j]);
  }
  fprintf(f, "\none pair is one game each way, which chance alone can decide:\nno interval "
             "until there are 2 pairs; run %d or more seeds (--games N)\n", FEW_PAIRS);
}

/* The AIs of the pairs, in their seats: each seating once ("greedy,random
** and random,greedy" for a merge of both seat orders). */
static void seatings_line(FILE *f, const test_pairs *tp) {
  const sim_record *seen[8];
  int ns = 0, more = 0;
  for (long i = 0; i < tp->n; i++) {
    int known = 0;
    for (int s = 0; s < ns && !known; s++) known = !ai_cmp(seen[s], tp->a[i]);
    if (known) continue;
    if (ns < 8) seen[ns++] = tp->a[i];
    else more = 1;
  }
  fprintf(f, ", ai ");
  for (int s = 0; s < ns; s++) {
    fprintf(f, "%s", !s ? "" : s == ns - 1 && !more ? " and " : ", ");
    for (int p = 0; p < seen[s]->players && p < 4; p++)
      fprintf(f, "%s%s", p ? "," : "", seen[s]->ai[p]);
  }
  if (more) fprintf(f, " and others");
}

/* A warning when the tested seat played as different AIs over the pairs
** (both seat orders of a match merged, or --ai greedy,random, whose
** tested seat alternates): B - A then pools the card's effect under each. */
static void tested_ai_warning(FILE *f, const test_pairs *tp) {
  const char *ai[8];
  long count[8];
  int na = 0, more = 0;
  for (long i = 0; i < tp->n; i++) {
    int t = tp->a[i]->tested, j = 0;
    if (t < 0 || t >= 4) continue;
    while (j < na && strcmp(ai[j], tp->a[i]->ai[t])) j++;
    if (j < na) count[j]++;
    else if (na < 8) ai[na] = tp->a[i]->ai[t], count[na++] = 1;
    else more = 1;
  }
  if (na < 2) return;
  fprintf(f, "warning: the tested seat played as different AIs (");
  for (int j = 0; j < na; j++)
    fprintf(f, "%s%s in %ld pair%s", j ? ", " : "", ai[j], count[j], count[j] == 1 ? "" : "s");
  fprintf(f, "%s): B - A mixes the card's effect under each AI; to measure it under one "
             "AI, give every seat that AI\n", more ? ", and others" : "");
}

void sim_test_report(FILE *f, const sim_record *r, long n, const char *name) {
  test_pairs tp;
  int card = 0, lua = 0;
  char cname[120];
  for (long i = 0; i < n && !card; i++) {
    card = r[i].test_card;
    lua = r[i].game[0] != '\0';
    /* a game in Lua names its cards by label (numbers like "11B") */
    if (lua && !name && r[i].test_name[0]) name = r[i].test_name;
  }
  if (lua) snprintf(cname, sizeof cname, "%s", name ? name : "?");
  else snprintf(cname, sizeof cname, "%d", card);
  if (find_pairs(r, n, &tp) != 0) {
    fprintf(f, "out of memory\n");
    return;
  }
  long k = tp.n, played = 0, same_draft = 0, has_draft = 0, capped = 0, capped_pairs = 0;
  double *own = malloc(sizeof *own * (size_t)(k + 1)), *gt = malloc(sizeof *gt * (size_t)(k + 1));
  long seat_pairs[4] = { 0 };
  if (!own || !gt) {
    fprintf(f, "out of memory\n");
    k = 0;
  }
  for (long i = 0; i < k; i++) {
    const sim_record *a = tp.a[i], *b = tp.b[i];
    int t = a->tested;
    if (t >= 0 && t < 4) seat_pairs[t]++;
    capped += a->capped + b->capped;
    capped_pairs += a->capped || b->capped;
    if (b->played_turn > 0) {
      own[played] = b->played_own;
      gt[played++] = b->played_turn;
    }
    if (a->has_draft && b->has_draft) {
      has_draft++;
      same_draft += a->draft == b->draft;
    }
  }
  fprintf(f, "test of card %s", cname);
  if (name && !lua) fprintf(f, " (%s)", name);
  fprintf(f, ": %ld pair%s of games on the same seeds", k, k == 1 ? "" : "s");
  if (k) seatings_line(f, &tp);
  fprintf(f, "\narm A: card %s out of the game; arm B: the tested seat is handed it %s\n", cname,
          lua ? "at the\ngame's first decision, in the place of the top card of its hand"
              : "when the\ndraft ends, in the place of its last kept card");
  if (k) {
    fprintf(f, "tested seat (seed mod players):");
    for (int p = 0; p < tp.a[0]->players && p < 4; p++)
      fprintf(f, "%s P%d in %ld", p ? "," : "", p + 1, seat_pairs[p]);
    fprintf(f, " pairs\n");
  }
  for (long i = 0; i < n; i++)
    if (r[i].test_card && r[i].has_rules && r[i].rules[0]) {
      fprintf(f, "changed from the printed game: %s\n", r[i].rules);
      break;
    }
  if (tp.broken)
    fprintf(f, "%ld seed%s left out: a game of the pair is missing or stopped with an error\n",
            tp.broken, tp.broken == 1 ? "" : "s");
  if (capped) fprintf(f, "%ld games stopped by the turn cap\n", capped);
  /* a failing script makes the card look weak (the AIs' trials) or do
  ** nothing (the game): the figures below are then not about the card */
  int failed = sim_script_warning(f, r, n, -1);
  if (failed)
    fprintf(f, "so the figures below do not show what the card does as written: fix the "
               "script and run again\n");
  if (k == 0) {
    fprintf(f, "no pair of games to compare: run more seeds\n");
  } else if (k == 1) {
    one_pair(f, &tp, lua, cname);
  } else {
    double lo, hi, rate = (double)played / (double)k;
    sim_wilson((double)played, (double)k, &lo, &hi);
    fprintf(f, "\ncard %s played by the tested seat in arm B: %ld of %ld games, %.1f%% "
               "[%.1f%%, %.1f%%] (pairs to halve: %ld)\n", cname, played, k, 100 * rate,
            100 * fmax(0, lo), 100 * fmin(1, hi), sim_wilson_to_halve(rate, k));
    if (played && lua) {       /* a game in Lua: the round it left the hand for the seat's play */
      fprintf(f, "played in round: mean %.1f, median %.1f\n", mean_of(gt, played),
              median(gt, played));
    } else if (played) {
      double mo = mean_of(own, played), mg = mean_of(gt, played);
      double medo = median(own, played), medg = median(gt, played);
      fprintf(f, "played at its own turn: mean %.1f, median %.1f; at game turn: mean %.1f, "
                 "median %.1f\n", mo, medo, mg, medg);
    }
    if (has_draft) draft_line(f, same_draft, has_draft);
    test_table(f, &tp, lua);
    if (k < FEW_PAIRS)
      fprintf(f, "warning: only %ld pairs (fewer than %d): the intervals are rough and wide; "
                 "run more seeds before reading much into them\n", k, FEW_PAIRS);
    if (failed)
      fprintf(f, "warning: a card or map script failed in these games (see above): fix it "
                 "before reading these figures\n");
    tested_ai_warning(f, &tp);
    if (capped_pairs)
      fprintf(f, "warning: in %ld of %ld pairs a game was stopped by the turn cap: B - A "
                 "compares games left unfinished and scored where the cap stopped them; raise "
                 "--turn-cap (unless the cap is meant as the game's end, as with solo-pace)\n",
              capped_pairs, k);
    if (rate < LOW_PLAY_RATE)
      fprintf(f, "warning: the card was played in only %.0f%% of arm-B games (below %.0f%%): "
                 "mostly it sat in hand unplayed, so B - A says little about what the card "
                 "does when played\n", 100 * rate, 100 * LOW_PLAY_RATE);
  }
  free(own);
  free(gt);
  free(tp.a);
  free(tp.b);
}
