/*
** simstats.c - records and summaries of `arknova sim` (see simstats.h).
*/
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "simstats.h"

void sim_record_free(sim_record *r) {
  free(r->plays);
  r->plays = NULL;
  r->nplays = 0;
}

void sim_describe_rules(const ark_config *c, char *buf, size_t n) {
  size_t o = 0;
  buf[0] = '\0';
  if (c->data_dir) o += (size_t)snprintf(buf, n, "data %s", c->data_dir);
  const char *const *lists[3] = { c->plugins, c->card_dirs, c->map_dirs };
  static const char *const what[3] = { "plugin", "cards", "maps" };
  for (int l = 0; l < 3; l++)
    for (int k = 0; k < ARK_MAX_DIRS && lists[l][k] && o < n; k++)
      o += (size_t)snprintf(buf + o, n - o, "%s%s %s", o ? "; " : "", what[l], lists[l][k]);
  for (int k = 0; k < ARK_MAX_EXCLUDE && c->exclude[k] && o < n; k++)
    o += (size_t)snprintf(buf + o, n - o, "%s%s%d", o ? (k ? "," : "; ") : "",
                          k ? "" : "exclude ", c->exclude[k]);
}

/* The value of key in settings ("KEY VALUE; KEY VALUE"), its length
** into *len; NULL if the key is not there. */
static const char *setting(const char *settings, const char *key, size_t klen, size_t *len) {
  for (const char *p = settings; *p; p += strcspn(p, ";"), p += *p ? 1 : 0) {
    while (*p == ' ') p++;
    size_t item = strcspn(p, ";"), k = strcspn(p, " ;");
    if (k == klen && !strncmp(p, key, klen)) {
      *len = item > k ? item - k - 1 : 0;
      return p + k + (item > k);
    }
  }
  return NULL;
}

int sim_settings_differ(const char *a, const char *b, char *why, size_t n) {
  size_t o = 0;
  int differ = 0;
  why[0] = '\0';
  for (const char *p = a; *p; p += strcspn(p, ";"), p += *p ? 1 : 0) {
    while (*p == ' ') p++;
    size_t k = strcspn(p, " ;"), la, lb;
    const char *va = setting(a, p, k, &la), *vb = setting(b, p, k, &lb);
    if (!va || !vb || (la == lb && !strncmp(va, vb, la))) continue;
    differ = 1;
    if (o < n)
      o += (size_t)snprintf(why + o, n - o, "%s%.*s %.*s and %.*s %.*s", o ? "; " : "", (int)k,
                            p, (int)la, va, (int)k, p, (int)lb, vb);
  }
  return differ;
}

/* ---- the JSON lines, with jansson ----
** One object per game, keys in this order, written compactly: the files of
** earlier versions (written by hand) and these are the same bytes.  A
** string's control characters and bytes that are not UTF-8 become '?', as
** they always did. */

static json_t *text(const char *s) {
  char buf[512];
  size_t n = 0;
  for (; *s && n + 1 < sizeof buf; s++) buf[n++] = (unsigned char)*s >= 0x20 ? *s : '?';
  buf[n] = '\0';
  json_t *v = json_string(buf);
  if (v) return v;
  for (size_t i = 0; i < n; i++) if ((unsigned char)buf[i] >= 0x80) buf[i] = '?';
  return json_string(buf);
}

static json_t *ints(const int *v, int n) {
  json_t *a = json_array();
  for (int p = 0; p < n; p++) json_array_append_new(a, json_integer(v[p]));
  return a;
}

void sim_write_json(FILE *f, const sim_record *r) {
  int n = r->players;
  json_t *o = json_object();
  /* seeds are below 2^63 (cmd_sim refuses larger ones): a JSON integer */
  json_object_set_new(o, "seed", json_integer((json_int_t)r->seed));
  if (r->game[0]) json_object_set_new(o, "game", text(r->game));
  json_object_set_new(o, "set", json_string(r->set ? "B" : "A"));
  json_object_set_new(o, "players", json_integer(n));
  json_object_set_new(o, "map", text(r->map));
  json_object_set_new(o, "rules", text(r->rules));
  if (r->has_settings) json_object_set_new(o, "settings", text(r->settings));
  json_object_set_new(o, "start", json_integer(r->start + 1));
  json_t *ai = json_array();
  for (int p = 0; p < n; p++) json_array_append_new(ai, text(r->ai[p]));
  json_object_set_new(o, "ai", ai);
  json_object_set_new(o, "scores", ints(r->score, n));
  json_object_set_new(o, "ranks", ints(r->rank, n));
  if (r->has_counts) {
    json_object_set_new(o, "animals", ints(r->animals, n));
    json_object_set_new(o, "sponsors", ints(r->sponsors, n));
    json_object_set_new(o, "supports", ints(r->supports, n));
  }
  if (r->has_money) json_object_set_new(o, "money", ints(r->money, n));
  json_object_set_new(o, "turns", json_integer(r->turns));
  if (r->game[0]) {       /* a Lua game: its decisions and the rules' figures */
    json_object_set_new(o, "decisions", json_integer(r->decisions));
    json_t *fig = json_object();
    for (int k = 0; k < r->nfig; k++) {
      json_t *a = json_array();
      for (int p = 0; p < n; p++) json_array_append_new(a, json_real(r->fig[p][k]));
      json_object_set_new(fig, r->fig_name[k], a);
    }
    json_object_set_new(o, "figures", fig);
    if (r->against) json_object_set_new(o, "won", ints(r->won, n));
  }
  if (r->breaks >= 0) json_object_set_new(o, "breaks", json_integer(r->breaks));
  json_object_set_new(o, "capped", json_boolean(r->capped));
  json_object_set_new(o, "error", json_boolean(r->error));
  json_object_set_new(o, "script_stopped", json_boolean(r->stopped));
  if (r->has_scripts) {        /* failures in the AIs' trials too: else unseen */
    json_object_set_new(o, "script_failures", json_integer(r->script_failures));
    if (r->script_failure[0]) json_object_set_new(o, "script_failure", text(r->script_failure));
    if (r->script_stop[0]) json_object_set_new(o, "script_stop", text(r->script_stop));
  }
  if (r->test_card) {          /* sim --test-card: set is the arm */
    json_object_set_new(o, "test_card", json_integer(r->test_card));
    if (r->game[0]) json_object_set_new(o, "test_name", text(r->test_name));
    json_object_set_new(o, "tested", json_integer(r->tested + 1));
    json_object_set_new(o, "played", json_boolean(r->played_turn));
    if (r->played_turn) {
      json_object_set_new(o, "played_turn", json_integer(r->played_turn));
      json_object_set_new(o, "played_own_turn", json_integer(r->played_own));
    }
    if (r->has_draft) json_object_set_new(o, "draft", json_integer((json_int_t)r->draft));
  }
  if (r->ncompared) {          /* a comparison's set B: its cards, and those held */
    json_object_set_new(o, "compared", ints(r->compared, r->ncompared));
    json_object_set_new(o, "held", ints(r->held, r->nheld));
  }
  json_t *plays = json_array();
  for (int i = 0; i < r->nplays; i++) {
    const int v[3] = { r->plays[i].player + 1, r->plays[i].number, r->plays[i].turn };
    json_array_append_new(plays, ints(v, 3));
  }
  json_object_set_new(o, "plays", plays);
  /* older records counted the turns of `plays` from 0: the key tells them apart */
  json_object_set_new(o, "plays_turn_base", json_integer(1));
  json_dumpf(o, f, JSON_COMPACT);
  fputc('\n', f);
  json_decref(o);
}

/* ---- reading ---- */

/* The largest score, count of cards or money a record may hold, and the
** most turns (--turn-cap's largest): sums and differences of such numbers
** stay within an int. */
#define SIM_NUM_MAX 1000000000LL
#define SIM_TURNS_MAX 1000000LL

/* A record being read: its object, and whether a number was found out
** of its field's range, with why naming the first. */
typedef struct reading {
  const json_t *o;
  char *why;
  size_t n;
  int bad;
} reading;

/* Is x within [lo, hi]?  If not the record is bad: cut to an int a number
** could turn into anything (a start of 4294967298 into seat 2), and near
** INT_MAX it overflows the summary's sums and sorts. */
static int in_range(reading *rd, const char *key, json_int_t x, long long lo, long long hi) {
  if (x >= lo && x <= hi) return 1;
  if (!rd->bad)
    snprintf(rd->why, rd->n, "not a game record (%s %lld out of range)", key, (long long)x);
  rd->bad = 1;
  return 0;
}

/* The integer at key within [lo, hi]; dflt if there is none or it is no
** integer (as older files have), or it is out of range. */
static long long int_of(reading *rd, const char *key, long long dflt, long long lo,
                        long long hi) {
  const json_t *v = json_object_get(rd->o, key);
  if (!json_is_integer(v) || !in_range(rd, key, json_integer_value(v), lo, hi)) return dflt;
  return json_integer_value(v);
}

/* The array at key (a itself if key is NULL) of at most max integers
** within [lo, hi] into out: its length, or -1. */
static int int_array(reading *rd, const char *key, const json_t *a, int *out, int max,
                     long long lo, long long hi) {
  if (key) a = json_object_get(rd->o, key);
  if (!json_is_array(a) || json_array_size(a) > (size_t)max) return -1;
  size_t i;
  json_t *v;
  json_array_foreach(a, i, v) {
    if (!json_is_integer(v) || !in_range(rd, key ? key : "plays", json_integer_value(v), lo, hi))
      return -1;
    out[i] = (int)json_integer_value(v);
  }
  return (int)json_array_size(a);
}

/* The string at key into buf ("" if none); 1 if there was one. */
static int string_of(const json_t *o, const char *key, char *buf, size_t n) {
  const char *str = json_string_value(json_object_get(o, key));
  snprintf(buf, n, "%s", str ? str : "");
  return str != NULL;
}

static int is_true(const json_t *o, const char *key) {
  return json_is_true(json_object_get(o, key));
}

/* A Lua game's decisions and figures ({"name": [one number per seat]}). */
static int figures_of(reading *rd, sim_record *r) {
  const json_t *o = rd->o, *fig = json_object_get(o, "figures");
  r->decisions = (long)int_of(rd, "decisions", 0, 0, LONG_MAX);
  if (json_object_get(o, "won")) {
    r->against = 1;
    if (int_array(rd, "won", NULL, r->won, 4, 0, 1) != r->players) return -1;
  }
  if (!fig) return 0;
  if (!json_is_object(fig)) return -1;
  const char *key;
  json_t *a;
  json_object_foreach((json_t *)fig, key, a) {
    if (r->nfig == SIM_FIGS || !json_is_array(a) || json_array_size(a) != (size_t)r->players)
      return -1;
    snprintf(r->fig_name[r->nfig], sizeof r->fig_name[0], "%s", key);
    for (int p = 0; p < r->players; p++) {
      const json_t *x = json_array_get(a, (size_t)p);
      if (!json_is_number(x)) return -1;
      r->fig[p][r->nfig] = json_number_value(x);
    }
    r->nfig++;
  }
  return 0;
}

/* sim --test-card's fields (simtest.c). */
static int test_of(reading *rd, sim_record *r) {
  const char *str;
  r->test_card = (int)int_of(rd, "test_card", 0, 1, 100000);
  r->tested = (int)int_of(rd, "tested", 0, 1, r->players) - 1;
  if (r->test_card <= 0 || r->tested < 0) return -1;
  r->played_turn = (int)int_of(rd, "played_turn", 0, 0, SIM_TURNS_MAX);
  r->played_own = (int)int_of(rd, "played_own_turn", 0, 0, SIM_TURNS_MAX);
  if ((str = json_string_value(json_object_get(rd->o, "test_name"))))
    snprintf(r->test_name, sizeof r->test_name, "%s", str);
  r->has_draft = json_is_integer(json_object_get(rd->o, "draft"));
  r->draft = (uint32_t)int_of(rd, "draft", 0, 0, UINT32_MAX);
  return 0;
}

/* The cards played: [seat, card number, turn] each, as sim_play holds them,
** the turn counted from 1.  Records without plays_turn_base counted it from
** 0 (they were written before it): their turns are read one higher, so
** that they sum up and merge with newer ones as the same games. */
static int plays_of(reading *rd, sim_record *r) {
  const json_t *v = json_object_get(rd->o, "plays"), *e;
  size_t i;
  int shift = int_of(rd, "plays_turn_base", 0, 0, 1) == 0;
  if (!json_is_array(v)) return 0;
  json_array_foreach(v, i, e) {
    int t[3];
    if (int_array(rd, NULL, e, t, 3, INT16_MIN, INT16_MAX - shift) != 3 || t[0] < 1 ||
        t[0] > r->players)
      return -1;
    t[2] += shift;
    if (r->nplays % 64 == 0) {
      sim_play *np = realloc(r->plays, sizeof *np * (size_t)(r->nplays + 64));
      if (!np) return -1;
      r->plays = np;
    }
    r->plays[r->nplays++] = (sim_play){ (int16_t)(t[0] - 1), (int16_t)t[1], (int16_t)t[2] };
  }
  return 0;
}

int sim_read_json(const char *line, sim_record *r, char *why, size_t whylen) {
  memset(r, 0, sizeof *r);
  json_error_t err;
  json_t *o = json_loads(line, 0, &err);
  int rc = -1;
  if (!o) {
    snprintf(why, whylen, "column %d: %s", err.column, err.text);
    return -2;
  }
  snprintf(why, whylen, "not a game record");
  reading rd = { o, why, whylen, 0 };
  const json_t *v;
  const char *str;
  if (!json_is_object(o) || !json_is_integer(json_object_get(o, "seed"))) goto out;
  r->seed = (uint64_t)int_of(&rd, "seed", 0, 0, INT64_MAX);
  if ((str = json_string_value(json_object_get(o, "game"))))
    snprintf(r->game, sizeof r->game, "%s", str);
  /* Ark Nova has 2 to 4 players; a game in Lua may have one */
  r->players = (int)int_of(&rd, "players", 0, r->game[0] ? 1 : 2, 4);
  if (rd.bad || r->players == 0) goto out;
  r->set = (str = json_string_value(json_object_get(o, "set"))) && str[0] == 'B';
  /* seats and ranks index arrays of `players`: a record from elsewhere
  ** must not reach past them */
  r->start = (int)int_of(&rd, "start", 1, 1, r->players) - 1;
  if ((str = json_string_value(json_object_get(o, "map"))))
    snprintf(r->map, sizeof r->map, "%s", str);
  if ((v = json_object_get(o, "rules"))) {
    if (!json_is_string(v)) goto out;
    snprintf(r->rules, sizeof r->rules, "%s", json_string_value(v));
    r->has_rules = 1;
  }
  r->has_settings = string_of(o, "settings", r->settings, sizeof r->settings);
  v = json_object_get(o, "ai");
  if (!json_is_array(v) || json_array_size(v) != (size_t)r->players) goto out;
  for (int p = 0; p < r->players; p++) {
    if (!(str = json_string_value(json_array_get(v, (size_t)p)))) goto out;
    snprintf(r->ai[p], sizeof r->ai[p], "%s", str);
  }
  if (int_array(&rd, "scores", NULL, r->score, 4, -SIM_NUM_MAX, SIM_NUM_MAX) != r->players ||
      int_array(&rd, "ranks", NULL, r->rank, 4, 1, r->players) != r->players) goto out;
  /* files from before these counts were recorded lack them */
  r->has_counts = int_array(&rd, "animals", NULL, r->animals, 4, 0, SIM_NUM_MAX) == r->players &&
                  int_array(&rd, "sponsors", NULL, r->sponsors, 4, 0, SIM_NUM_MAX) == r->players &&
                  int_array(&rd, "supports", NULL, r->supports, 4, 0, SIM_NUM_MAX) == r->players;
  r->has_money = int_array(&rd, "money", NULL, r->money, 4, -SIM_NUM_MAX, SIM_NUM_MAX) ==
                 r->players;
  if (!json_is_integer(json_object_get(o, "turns"))) goto out;
  r->turns = (int)int_of(&rd, "turns", 0, 0, SIM_TURNS_MAX);
  r->breaks = (int)int_of(&rd, "breaks", -1, 0, SIM_TURNS_MAX);
  r->capped = is_true(o, "capped");
  r->error = is_true(o, "error");
  r->stopped = is_true(o, "script_stopped");
  r->has_scripts = json_is_integer(json_object_get(o, "script_failures"));
  r->script_failures = (int)int_of(&rd, "script_failures", 0, 0, SIM_NUM_MAX);
  string_of(o, "script_failure", r->script_failure, sizeof r->script_failure);
  string_of(o, "script_stop", r->script_stop, sizeof r->script_stop);
  if (r->game[0] && figures_of(&rd, r) != 0) goto out;
  if (json_object_get(o, "test_card") && test_of(&rd, r) != 0) goto out;
  if (json_object_get(o, "compared")) {   /* older files lack them */
    r->ncompared = int_array(&rd, "compared", NULL, r->compared, SIM_COMPARED, 1, 100000);
    r->nheld = int_array(&rd, "held", NULL, r->held, SIM_COMPARED, 1, 100000);
    if (r->ncompared < 0 || r->nheld < 0) goto out;
  }
  if (plays_of(&rd, r) != 0 || rd.bad) goto out;
  rc = 0;
  why[0] = '\0';
out:
  json_decref(o);
  return rc;
}

/* ---- statistics ---- */

void sim_wilson(double wins, double n, double *lo, double *hi) {
  const double z = 1.96;
  if (n <= 0) { *lo = *hi = 0; return; }
  double p = wins / n, d = 1 + z * z / n;
  double c = (p + z * z / (2 * n)) / d;
  double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  *lo = c - h;
  *hi = c + h;
}

int sim_won(const sim_record *r, int p) {
  return r->against ? r->won[p] : r->rank[p] == 1;
}

static int usable(const sim_record *r, int set) {
  return !r->error && (set < 0 || r->set == set);
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* x, with a -0.0 that rounding would print read as 0 */
static double nz(double x) { return fabs(x) < 5e-7 ? 0.0 : x; }

static void win_line(FILE *f, const char *label, double wins, double n, double ssum, double ssq) {
  double lo, hi, mean = n > 0 ? ssum / n : 0;
  sim_wilson(wins, n, &lo, &hi);
  fprintf(f, "%-16s %7.0f %7.1f%% [%5.1f%%, %5.1f%%] %8.1f %7.1f\n", label, n,
          n > 0 ? 100 * wins / n : 0, nz(100 * lo), nz(100 * hi), mean,
          n > 0 ? sqrt(fmax(0, ssq / n - mean * mean)) : 0);
}

static void per_seat(FILE *f, const sim_record *r, long n, int set, int np) {
  int mixed = 0;
  fprintf(f, "%-16s %7s %8s %17s %8s %7s\n", "seat", "games", "win %", "95% CI", "score", "sd");
  for (int p = 0; p < np; p++) {
    double wins = 0, k = 0, s = 0, sq = 0;
    for (long i = 0; i < n; i++) {
      if (!usable(&r[i], set) || r[i].players != np) continue;
      /* a shared first place counts as a win for each sharer */
      wins += sim_won(&r[i], p);
      k++;
      s += r[i].score[p];
      sq += (double)r[i].score[p] * r[i].score[p];
    }
    char label[32];
    const char *ai = "";
    for (long i = 0; i < n; i++)
      if (usable(&r[i], set) && r[i].players == np) {
        if (!*ai) ai = r[i].ai[p];
        else if (strcmp(ai, r[i].ai[p])) ai = "mixed";
      }
    mixed |= !strcmp(ai, "mixed");
    snprintf(label, sizeof label, "P%d (%s)", p + 1, ai);
    win_line(f, label, wins, k, s, sq);
  }
  if (mixed)   /* e.g. a merge of both seat orders */
    fprintf(f, "(the records put different AIs in the same seat: compare AIs by the "
               "per-AI rows)\n");
}

/* The AI kinds that played in the records (at most 8); returns how many. */
static int ai_kinds(const sim_record *r, long n, int set, char kinds[8][8]) {
  int nk = 0;
  for (long i = 0; i < n; i++)
    for (int p = 0; p < r[i].players && usable(&r[i], set); p++) {
      int k = 0;
      while (k < nk && strcmp(kinds[k], r[i].ai[p])) k++;
      if (k == nk && nk < 8) snprintf(kinds[nk++], 8, "%s", r[i].ai[p]);
    }
  return nk;
}

static void per_ai(FILE *f, const sim_record *r, long n, int set) {
  char kinds[8][8];
  int nk = ai_kinds(r, n, set, kinds);
  if (nk < 2) return;
  fprintf(f, "%-16s %7s %8s %17s %8s %7s\n", "ai (all seats)", "seats", "win %", "95% CI",
          "score", "sd");
  for (int k = 0; k < nk; k++) {
    double wins = 0, m = 0, s = 0, sq = 0;
    for (long i = 0; i < n; i++)
      for (int p = 0; p < r[i].players && usable(&r[i], set); p++)
        if (!strcmp(r[i].ai[p], kinds[k])) {
          wins += sim_won(&r[i], p);
          m++;
          s += r[i].score[p];
          sq += (double)r[i].score[p] * r[i].score[p];
        }
    win_line(f, kinds[k], wins, m, s, sq);
  }
}

/* Did another seat score what the winner scored?  (Never for a game played
** against the game: there is no winner among the seats.) */
static int top_shared(const sim_record *r) {
  int w = -1;
  if (r->against) return 0;
  for (int p = 0; p < r->players && p < 4; p++)
    if (r->rank[p] == 1) w = p;
  if (w < 0) return 0;
  for (int p = 0; p < r->players && p < 4; p++)
    if (p != w && r->score[p] == r->score[w]) return 1;
  return 0;
}

static void distribution(FILE *f, const sim_record *r, long n, int set) {
  int *all = malloc(sizeof *all * (size_t)(4 * n + 1)), m = 0;
  int *len = malloc(sizeof *len * (size_t)(n + 1)), nl = 0;
  double first = 0, games = 0, breaks = 0, with_breaks = 0, decisions = 0, tied = 0;
  int lua = 0;
  if (!all || !len) { free(all); free(len); return; }
  for (long i = 0; i < n; i++) {
    if (!usable(&r[i], set)) continue;
    lua |= r[i].game[0] != '\0';
    decisions += (double)r[i].decisions;
    for (int p = 0; p < r[i].players; p++) all[m++] = r[i].score[p];
    len[nl++] = r[i].turns;
    if (r[i].breaks >= 0) breaks += r[i].breaks, with_breaks++;
    first += r[i].rank[r[i].start] == 1;
    tied += top_shared(&r[i]);
    games++;
  }
  if (m) {
    qsort(all, (size_t)m, sizeof *all, cmp_int);
    qsort(len, (size_t)nl, sizeof *len, cmp_int);
    fprintf(f, "scores (all seats): min %d, 10%% %d, median %d, 90%% %d, max %d\n", all[0],
            all[m / 10], all[m / 2], all[m * 9 / 10], all[m - 1]);
    double s = 0;
    for (int i = 0; i < nl; i++) s += len[i];
    int np = r[0].players;
    /* a win by a tie-break counts as a win: say how often one decided */
    if (tied > 0)
      fprintf(f, "the winner's score was tied in %.0f of %.0f games: the rules' %s decided "
              "them, and they count as the winner's wins\n", tied, games,
              lua ? "rank() (without one: the earlier seat)" : "tie-break");
    if (lua) {          /* a game in Lua counts rounds, every seat playing in each */
      fprintf(f, "game length: mean %.1f rounds, median %d, 10%% %d, 90%% %d; %.1f decisions "
              "per game\n", s / nl, len[nl / 2], len[nl / 10], len[nl * 9 / 10],
              decisions / games);
      free(all);
      free(len);
      return;
    }
    fprintf(f, "game length: mean %.1f turns (%.1f per player), median %d, 10%% %d, 90%% %d",
            s / nl, s / nl / np, len[nl / 2], len[nl / 10], len[nl * 9 / 10]);
    /* breaks pay the income, so they pace the game (older files lack them) */
    if (with_breaks > 0) fprintf(f, "; %.1f breaks per game", breaks / with_breaks);
    fputc('\n', f);
    double lo, hi;
    sim_wilson(first, games, &lo, &hi);
    fprintf(f, "first player (who starts) wins %.1f%% [%.1f%%, %.1f%%] of %0.f games "
               "(no advantage: %.1f%%)\n",
            100 * first / games, 100 * lo, 100 * hi, games, 100.0 / np);
  }
  free(all);
  free(len);
}

/* What a player did in an average game: cards played by kind and
** conservation projects supported, per AI kind when several played
** (records that carry the counts). */
static void play_counts(FILE *f, const sim_record *r, long n, int set) {
  char kinds[8][8];
  int nk = ai_kinds(r, n, set, kinds);
  for (int k = 0; k < nk; k++) {
    double seats = 0, sum[3] = { 0 }, money = 0, money_seats = 0;
    for (long i = 0; i < n; i++) {
      if (!usable(&r[i], set) || !r[i].has_counts) continue;
      for (int p = 0; p < r[i].players; p++) {
        if (strcmp(r[i].ai[p], kinds[k])) continue;
        seats++;
        sum[0] += r[i].animals[p];
        sum[1] += r[i].sponsors[p];
        sum[2] += r[i].supports[p];
        if (r[i].has_money) money += r[i].money[p], money_seats++;
      }
    }
    if (seats == 0) continue;
    fprintf(f, "per player and game%s%s: %.1f animals, %.1f sponsors played, %.1f projects "
               "supported", nk > 1 ? ", " : "", nk > 1 ? kinds[k] : "", sum[0] / seats,
            sum[1] / seats, sum[2] / seats);
    /* the money a player got (income, Sponsors, bonuses) paces what it can play */
    if (money_seats > 0) fprintf(f, ", %.0f money gained", money / money_seats);
    fputc('\n', f);
  }
}

typedef struct card_stat { int number; double games_played, wins_played, plays; } card_stat;

static int cmp_card(const void *a, const void *b) {
  const card_stat *x = a, *y = b;
  return x->plays < y->plays ? 1 : x->plays > y->plays ? -1 : x->number - y->number;
}

/* Play rate (share of games in which someone played the card) and the win
** rate of the players who played it. */
static void card_table(FILE *f, const sim_record *r, long n, int set) {
  card_stat *cs = NULL;
  int nc = 0;
  double games = 0;
  for (long i = 0; i < n; i++) {
    if (!usable(&r[i], set)) continue;
    games++;
    for (int k = 0; k < r[i].nplays; k++) {
      const sim_play *pl = &r[i].plays[k];
      int c = 0;
      while (c < nc && cs[c].number != pl->number) c++;
      if (c == nc) {
        card_stat *ncs = realloc(cs, sizeof *cs * (size_t)(nc + 1));
        if (!ncs) { free(cs); return; }
        cs = ncs;
        memset(&cs[nc++], 0, sizeof *cs);
        cs[c].number = pl->number;
      }
      cs[c].plays++;
      cs[c].games_played++;
      cs[c].wins_played += r[i].rank[pl->player] == 1;
    }
  }
  if (!nc) return;
  qsort(cs, (size_t)nc, sizeof *cs, cmp_card);
  fprintf(f, "\ncards played (%d different; most played first, top 25):\n"
             "%-7s %10s %18s\n", nc, "card", "play rate", "win % when played");
  for (int c = 0; c < nc && c < 25; c++) {
    double lo, hi;
    sim_wilson(cs[c].wins_played, cs[c].games_played, &lo, &hi);
    fprintf(f, "%-7d %9.1f%% %8.1f%% [%4.1f%%, %4.1f%%]\n", cs[c].number,
            100 * cs[c].games_played / games, 100 * cs[c].wins_played / cs[c].games_played,
            100 * lo, 100 * hi);
  }
  fprintf(f, "note: a high win rate when played is not proof that a card is strong: the\n"
             "player already ahead has the money and room to play more and bigger cards.\n"
             "Compare sets with --with-card / --without-card for a causal difference,\n"
             "or put the card in one seat's opening hand with --test-card.\n");
  free(cs);
}

/* A Lua game's figures: each seat's mean over the games, by the names of
** the first record that has them. */
static void figures(FILE *f, const sim_record *r, long n, int set, int np) {
  const sim_record *first = NULL;
  for (long i = 0; i < n && !first; i++)
    if (usable(&r[i], set) && r[i].nfig > 0) first = &r[i];
  if (!first) return;
  fprintf(f, "the rules' figures, mean per game:\n%-16s", "seat");
  for (int k = 0; k < first->nfig; k++) {
    int w = (int)strlen(first->fig_name[k]);
    fprintf(f, " %*s", w > 6 ? w : 6, first->fig_name[k]);
  }
  fputc('\n', f);
  for (int p = 0; p < np; p++) {
    char label[32];
    snprintf(label, sizeof label, "P%d (%s)", p + 1, first->ai[p]);
    fprintf(f, "%-16s", label);
    for (int k = 0; k < first->nfig; k++) {
      double sum = 0, m = 0;
      for (long i = 0; i < n; i++) {
        if (!usable(&r[i], set) || r[i].players != np) continue;
        for (int j = 0; j < r[i].nfig; j++)
          if (!strcmp(r[i].fig_name[j], first->fig_name[k])) sum += r[i].fig[p][j], m++;
      }
      int w = (int)strlen(first->fig_name[k]);
      fprintf(f, " %*.1f", w > 6 ? w : 6, m > 0 ? sum / m : 0);
    }
    fputc('\n', f);
  }
}

/* The first record of set with a message of its script stopped
** (stop) or failed, else NULL. */
static const sim_record *first_script(const sim_record *r, long n, int set, int stop) {
  for (long i = 0; i < n; i++)
    if ((set < 0 || r[i].set == set) && (stop ? r[i].script_stop : r[i].script_failure)[0])
      return &r[i];
  return NULL;
}

int sim_script_warning(FILE *f, const sim_record *r, long n, int set) {
  long games = 0, stopped = 0, failed = 0, times = 0, limit = 0, two = 0;
  for (long i = 0; i < n; i++) {
    two |= r[i].set;
    if (set >= 0 && r[i].set != set) continue;
    games++;
    stopped += r[i].stopped != 0;
    limit += (r[i].stopped & 2) != 0;
    failed += r[i].script_failures > 0;
    times += r[i].script_failures;
  }
  if (!stopped && !failed) return 0;
  if (stopped)
    fprintf(f, "warning: a card or map script was stopped in %ld of %ld games, which played on "
               "with it switched off", stopped, games);
  else
    fprintf(f, "warning: a card or map script failed in %ld of %ld games, each time in an "
               "AI's trial of a move, not in the game itself: the AI saw the move fail and "
               "chose another, so the card looks weak rather than broken", failed, games);
  if (times) fprintf(f, " (%ld failures in all, counting the AIs' trials)", times);
  if (limit)
    fprintf(f, "; a stop for running too long or using too much memory depends on the "
               "machine, so those games may replay differently");
  /* the message says what to fix; old records have none */
  const sim_record *w = first_script(r, n, set, 1);
  if (!w || !stopped) w = first_script(r, n, set, 0);
  if (w)
    fprintf(f, "\n  the first, seed %llu%s%s: %s", (unsigned long long)w->seed,
            set < 0 && two ? (w->test_card ? ", arm " : ", set ") : "",
            set < 0 && two ? (w->set ? "B" : "A") : "", stopped && w->script_stop[0]
            ? w->script_stop : w->script_failure);
  fputc('\n', f);
  return 1;
}

void sim_summary(FILE *f, const sim_record *r, long n, int set, int card_stats) {
  long ok = 0, errors = 0, capped = 0;
  for (long i = 0; i < n; i++) {
    if (set >= 0 && r[i].set != set) continue;
    if (r[i].error) {
      if (errors++ < 3) fprintf(stderr, "seed %llu: %s\n", (unsigned long long)r[i].seed, r[i].msg);
      continue;
    }
    ok++;
    capped += r[i].capped;
  }
  fprintf(f, "%ld game%s (%ld errors, %ld stopped by the turn cap)\n", ok + errors,
          ok + errors == 1 ? "" : "s", errors, capped);
  for (long i = 0; i < n; i++)
    if ((set < 0 || r[i].set == set) && r[i].has_rules) {
      if (r[i].rules[0]) fprintf(f, "changed from the printed game: %s\n", r[i].rules);
      break;
    }
  sim_script_warning(f, r, n, set);
  if (!ok) return;
  int np = 0;
  for (long i = 0; i < n && !np; i++) if (usable(&r[i], set)) np = r[i].players;
  distribution(f, r, n, set);
  play_counts(f, r, n, set);
  per_seat(f, r, n, set, np);
  per_ai(f, r, n, set);
  figures(f, r, n, set, np);
  if (card_stats) card_table(f, r, n, set);
}

/* Did someone play card `number` in the game of r? */
static int played_in(const sim_record *r, int number) {
  for (int k = 0; k < r->nplays; k++)
    if (r->plays[k].number == number) return 1;
  return 0;
}

static int listed(const int *v, int n, int number) {
  for (int k = 0; k < n; k++)
    if (v[k] == number) return 1;
  return 0;
}

/* " --cards DIR" for each card folder in rules (a record's "cards DIR"
** items): what --test-card needs to find a fan card, for advice that runs
** as written. */
static void card_folders(const char *rules, char *buf, size_t n) {
  size_t o = 0;
  buf[0] = '\0';
  for (const char *p = rules; *p && o < n;) {
    size_t len = strcspn(p, ";");
    if (len > 6 && !strncmp(p, "cards ", 6))
      o += (size_t)snprintf(buf + o, n - o, " --cards %.*s", (int)(len - 6), p + 6);
    p += len;
    while (*p == ';' || *p == ' ') p++;
  }
}

/* How often each card under test (the records' `compared`) was in a hand
** and played in set B, with a warning below the share --test-card warns
** at: in the games without it set B is set A, and the differences are
** thinned out among them.  Any card of a fan folder may be the one played
** in no game, which the table of cards played would not show. */
static void compared_cards(FILE *f, const sim_record *r, long n) {
  const sim_record *first = NULL;
  for (long i = 0; i < n && !first; i++)
    if (usable(&r[i], 1) && r[i].ncompared) first = &r[i];
  if (!first) return;
  char folders[sizeof first->rules + 64];
  card_folders(first->rules, folders, sizeof folders);
  fprintf(f, "\ncards under test in set B (%s):\n", first->ncompared == SIM_COMPARED
          ? "the first 32" : "all");
  for (int c = 0; c < first->ncompared; c++) {
    int number = first->compared[c];
    double games = 0, held = 0, played = 0, lo, hi;
    for (long i = 0; i < n; i++) {
      if (!usable(&r[i], 1) || !listed(r[i].compared, r[i].ncompared, number)) continue;
      games++;
      held += listed(r[i].held, r[i].nheld, number);
      played += played_in(&r[i], number);
    }
    sim_wilson(played, games, &lo, &hi);
    fprintf(f, "card %d: in a hand in %.0f of %.0f games, played in %.0f, %.1f%% [%.1f%%, "
               "%.1f%%]\n", number, held, games, played, games > 0 ? 100 * played / games : 0,
            nz(100 * lo), nz(100 * hi));
    if (games > 0 && played / games < SIM_LOW_PLAY_RATE)
      fprintf(f, "warning: card %d was played in only %.0f%% of set-B games (below %.0f%%): the "
                 "others are games it did not touch, so the differences are thinned out among "
                 "them; --test-card %d%s puts it in a hand\n", number, 100 * played / games,
              100 * SIM_LOW_PLAY_RATE, number, folders);
  }
}

/* Paired differences B - A over the seeds both sets played. */
/* x and y are one game but for the set: the seed, the seats, the map and
** the AI in each seat (merged shards of both seat orders repeat a seed
** with the AIs swapped: those are other games). */
static int same_game(const sim_record *x, const sim_record *y) {
  if (x->seed != y->seed || x->players != y->players || strcmp(x->map, y->map)) return 0;
  for (int p = 0; p < x->players && p < 4; p++)
    if (strcmp(x->ai[p], y->ai[p])) return 0;
  return 1;
}

void sim_compare(FILE *f, const sim_record *r, long n, const char *what) {
  int np = 0;
  for (long i = 0; i < n && !np; i++) np = r[i].players;
  fprintf(f, "\ncomparison on the same seeds: B (with %s) minus A (without):\n", what);
  if (sim_script_warning(f, r, n, -1))
    fprintf(f, "so the differences below may come from the failing script, not from what "
               "the cards do as written\n");
  fprintf(f, "%-8s %7s %9s %9s %25s %25s\n", "seat", "pairs", "win% A", "win% B",
          "win B-A [95% interval]", "score B-A [95% interval]");
  long fewest = 0;
  for (int p = 0; p < np; p++) {
    double k = 0, wa = 0, wb = 0, plus = 0, minus = 0, ds = 0, ds2 = 0;
    for (long i = 0; i < n; i++) {
      if (r[i].set != 0 || r[i].error) continue;
      for (long j = 0; j < n; j++) {
        if (r[j].set != 1 || r[j].error || !same_game(&r[i], &r[j])) continue;
        double a = sim_won(&r[i], p), b = sim_won(&r[j], p);
        double s = r[j].score[p] - r[i].score[p];
        k++; wa += a; wb += b;
        plus += fmax(0, b - a);
        minus += fmax(0, a - b);
        ds += s; ds2 += s * s;
        break;
      }
    }
    if (k < 1) continue;
    if (!fewest || (long)k < fewest) fewest = (long)k;
    if (k < 2) {                     /* one pair: its results, and no interval */
      fprintf(f, "P%-7d %7.0f %8.1f%% %8.1f%%  no interval from 1 pair\n", p + 1, k, 100 * wa,
              100 * wb);
      continue;
    }
    /* the win rates' difference as --test-card gives it: exact on the
    ** pairs whose result differs, never a point (a t interval on values
    ** of -1, 0 and 1 had been +100% [+100%, +100%] from 4 pairs); the
    ** score's by Student's t for k - 1 degrees of freedom */
    double t = sim_t975((long)k - 1), wlo, whi;
    sim_win_bounds(plus, minus, k, &wlo, &whi);
    double mw = (plus - minus) / k;
    double ms = ds / k, ss = sqrt(fmax(0, (ds2 - k * ms * ms) / (k - 1)) / k);
    char c1[64], c2[64];
    snprintf(c1, sizeof c1, "%+.1f%% [%+.1f%%, %+.1f%%]", nz(100 * mw), nz(100 * wlo),
             nz(100 * whi));
    snprintf(c2, sizeof c2, "%+.2f [%+.2f, %+.2f]", nz(ms), nz(ms - t * ss), nz(ms + t * ss));
    fprintf(f, "P%-7d %7.0f %8.1f%% %8.1f%% %25s %25s\n", p + 1, k, 100 * wa / k,
            100 * wb / k, c1, c2);
  }
  if (fewest && fewest < 30)
    fprintf(f, "warning: only %ld pair%s: the intervals are rough and wide; a few hundred "
               "pairs make them useful\n", fewest, fewest == 1 ? "" : "s");
  /* as --test-card says it: games the cap stopped are unfinished, and the
  ** comparison had said nothing of them */
  long capped = 0, games = 0;
  for (long i = 0; i < n; i++) {
    if (r[i].error || r[i].set < 0 || r[i].set > 1) continue;
    games++;
    capped += r[i].capped != 0;
  }
  if (capped)
    fprintf(f, "warning: %ld of %ld games were stopped by the turn cap: B - A compares games "
               "left unfinished and scored where the cap stopped them; raise --turn-cap (unless "
               "the cap is meant as the game's end, as with solo-pace)\n", capped, games);
  compared_cards(f, r, n);
}

/* ---- SVG chart: score histogram per seat, win rates with error bars ---- */

static const char *const colors[4] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd" };

int sim_svg(const char *path, const sim_record *r, long n, int set) {
  FILE *f = fopen(path, "w");
  if (!f) return errno;
  int np = 0, lo = 1 << 30, hi = -(1 << 30);
  for (long i = 0; i < n; i++) {
    if (!usable(&r[i], set)) continue;
    np = r[i].players;
    for (int p = 0; p < np; p++) {
      if (r[i].score[p] < lo) lo = r[i].score[p];
      if (r[i].score[p] > hi) hi = r[i].score[p];
    }
  }
  if (!np) { fclose(f); return -1; }
  enum { NB = 30 };
  const int W = 900, H = 420, X0 = 60, Y0 = 360, PW = 520, PH = 300;
  int width = (hi - lo) / NB + 1, counts[4][NB] = { { 0 } }, maxc = 1;
  double wins[4] = { 0 }, games = 0;
  for (long i = 0; i < n; i++) {
    if (!usable(&r[i], set)) continue;
    games++;
    for (int p = 0; p < np; p++) {
      int b = (r[i].score[p] - lo) / width;
      if (b >= NB) b = NB - 1;
      if (++counts[p][b] > maxc) maxc = counts[p][b];
      wins[p] += sim_won(&r[i], p);
    }
  }
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
             "font-family=\"sans-serif\" font-size=\"12\">\n"
             "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
             "<text x=\"%d\" y=\"30\" font-size=\"15\">Final scores (%0.f game%s%s)</text>\n",
          W, H, X0, games, games == 1 ? "" : "s", set == 1 ? " of set B, with what it adds" : "");
  fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", X0, Y0, X0 + PW, Y0);
  fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", X0, Y0, X0, Y0 - PH);
  for (int t = 0; t <= 5; t++) {
    int v = lo + (hi - lo + 1) * t / 5, x = X0 + PW * t / 5;
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, Y0 + 16, v);
  }
  fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">score</text>\n", X0 + PW / 2, Y0 + 34);
  fprintf(f, "<text x=\"%d\" y=\"%d\">%d</text>\n", X0 - 30, Y0 - PH + 4, maxc);
  for (int p = 0; p < np; p++) {
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colors[p]);
    for (int b = 0; b < NB; b++)
      fprintf(f, "%d,%d ", X0 + (PW * (2 * b + 1)) / (2 * NB), Y0 - PH * counts[p][b] / maxc);
    fprintf(f, "\"/>\n<text x=\"%d\" y=\"%d\" fill=\"%s\">P%d (%s)</text>\n", X0 + 10,
            Y0 - PH + 16 * (p + 1), colors[p], p + 1, r[0].ai[p]);
  }
  /* win rates with 95% intervals */
  const int BX = 640, BW = 220;
  fprintf(f, "<text x=\"%d\" y=\"30\" font-size=\"15\">Win rate, 95%% CI</text>\n", BX);
  fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", BX, Y0, BX + BW, Y0);
  for (int t = 0; t <= 4; t++) {
    int y = Y0 - PH * t / 4;
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d%%</text>\n"
               "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n",
            BX - 4, y + 4, 25 * t, BX, y, BX + BW, y);
  }
  for (int p = 0; p < np; p++) {
    double l, h, w = games > 0 ? wins[p] / games : 0;
    sim_wilson(wins[p], games, &l, &h);
    int x = BX + 20 + p * (BW - 20) / np, bw = (BW - 20) / np - 14;
    fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"/>\n", x,
            Y0 - PH * w, bw, PH * w, colors[p]);
    fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\" stroke-width=\"2\"/>\n",
            x + bw / 2, Y0 - PH * l, x + bw / 2, Y0 - PH * h);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">P%d %.0f%%</text>\n", x + bw / 2,
            Y0 + 16, p + 1, 100 * w);
  }
  fprintf(f, "</svg>\n");
  int bad = ferror(f) ? EIO : 0;
  if (fclose(f) != 0 && !bad) bad = errno;
  return bad;
}
