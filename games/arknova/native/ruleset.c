/*
** ruleset.c - rules constants with their published defaults.
*/
#include <stdio.h>
#include <string.h>
#include "ruleset.h"

void ark_ruleset_default(ark_ruleset *r) {
  static const int income[ARK_INCOME_BANDS][3] = ARK_INCOME_INIT;
  static const int brk[] = ARK_BREAK_LEN_INIT, base[] = ARK_BASE_PROJECTS_INIT;
  memset(r, 0, sizeof *r);
  r->start_money = ARK_START_MONEY;
  r->start_reputation = ARK_START_REPUTATION;
  r->start_workers = ARK_START_WORKERS;
  r->hand_limit = ARK_HAND_LIMIT;
  r->draft_draw = ARK_DRAFT_DRAW;
  r->draft_keep = ARK_DRAFT_KEEP;
  r->appeal_max = ARK_APPEAL_MAX;
  r->conservation_max = ARK_CONSERVATION_MAX;
  r->target_start = ARK_TARGET_START;
  r->target_step_low = ARK_TARGET_STEP_LOW;
  r->target_step_high = ARK_TARGET_STEP_HIGH;
  r->target_step_change = ARK_TARGET_STEP_CHANGE;
  r->reputation_max = ARK_REPUTATION_MAX;
  r->reputation_cap_basic = ARK_REPUTATION_CAP_BASIC;
  for (int i = 0; i < 3; i++) r->break_length[i] = brk[i + 2];
  for (int i = 0; i < 3; i++) r->base_projects[i] = base[i + 2];
  memcpy(r->income, income, sizeof income);
}

/* The rules, the one list of them (plugin.yaml's `rules:`, ark.rule and
** the messages all read it): the field, how many numbers it takes, how
** many of them make one entry of its list (income: a band of three), the
** range each lies in, and why (after the range in a message). */
#define ARK_RULES(X) \
  X(start_money, 1, 1, 0, 1000, "money at the start") \
  X(start_reputation, 1, 1, 0, 15, "the reputation track ends at 15") \
  X(start_workers, 1, 1, 1, 4, "association workers at the start") \
  X(hand_limit, 1, 1, 1, 50, "cards kept at a break") \
  X(draft_draw, 1, 1, 1, 20, "cards drawn for the opening draft") \
  X(draft_keep, 1, 1, 1, 20, "cards kept of the draft: 0 would start every hand empty") \
  X(appeal_max, 1, 1, 1, 1000, "the end of the appeal track") \
  X(conservation_max, 1, 1, 1, 1000, "the end of the conservation track") \
  X(target_start, 1, 1, 4, 1000, \
    "the seats start with up to 3 appeal, and the game ends once appeal reaches the " \
    "target: below 4 a game would end at once") \
  X(target_step_low, 1, 1, 0, 100, "target lowered per conservation point up to the change") \
  X(target_step_high, 1, 1, 0, 100, "target lowered per conservation point after the change") \
  X(target_step_change, 1, 1, 0, 100, "conservation points at which the step changes") \
  X(reputation_max, 1, 1, 1, 15, "the reputation track ends at 15") \
  X(reputation_cap_basic, 1, 1, 1, 15, "the reputation track ends at 15") \
  X(break_length, 3, 1, 1, 99, "spaces of the break track") \
  X(base_projects, 3, 1, 1, 4, "base conservation projects beside the association board") \
  X(income, ARK_INCOME_BANDS * 3, 3, 0, 1000, "appeal, money and step of each band") \
  X(score_offset, 1, 1, -1000, 1000, "added to every shown score")

typedef struct { const char *key; size_t off; int n, per, lo, hi; const char *why; } rule_field;

#define RF(k, n, per, lo, hi, why) { #k, offsetof(ark_ruleset, k), n, per, lo, hi, why },
static const rule_field fields[] = { ARK_RULES(RF) };
#undef RF
#define NFIELDS (sizeof fields / sizeof fields[0])

static const rule_field *field_of(const char *key) {
  for (size_t i = 0; i < NFIELDS; i++)
    if (!strcmp(fields[i].key, key)) return &fields[i];
  return NULL;
}

int ark_ruleset_range(const char *key, int *lo, int *hi) {
  const rule_field *f = field_of(key);
  if (!f) return -1;
  *lo = f->lo;
  *hi = f->hi;
  return f->n;
}

void ark_ruleset_out_of_range(const char *key, const char *value, char *err, size_t n) {
  const rule_field *f = field_of(key);
  if (!f) snprintf(err, n, "unknown rule '%s'", key);
  else snprintf(err, n, "rule %s: %s is outside %d..%d (%s)", key, value, f->lo, f->hi, f->why);
}

#define RK(k, n, per, lo, hi, why) #k,
const char *const ark_ruleset_keys[] = { ARK_RULES(RK) NULL };
#undef RK

int ark_ruleset_get(const ark_ruleset *r, const char *key, const int **v, int *per) {
  const rule_field *f = field_of(key);
  if (!f) return -1;
  *v = (const int *)((const char *)r + f->off);
  *per = f->per;
  return f->n;
}

void ark_ruleset_unknown(const char *key, char *err, size_t errlen) {
  size_t used = (size_t)snprintf(err, errlen, "unknown rule '%s' (rules:", key);
  for (size_t i = 0; i < NFIELDS && used < errlen; i++)
    used += (size_t)snprintf(err + used, errlen - used, " %s", fields[i].key);
  if (used < errlen) snprintf(err + used, errlen - used, ")");
}

int ark_ruleset_set(ark_ruleset *r, const char *key, const int *v, int n, char *err,
                    size_t errlen) {
  for (size_t i = 0; i < NFIELDS; i++) {
    const rule_field *f = &fields[i];
    if (strcmp(f->key, key) != 0) continue;
    if (n != f->n) {
      snprintf(err, errlen, "rule %s takes %d number%s, got %d", key, f->n,
               f->n == 1 ? "" : "s", n);
      return -1;
    }
    for (int k = 0; k < n; k++)
      if (v[k] < f->lo || v[k] > f->hi) {
        char num[16];
        snprintf(num, sizeof num, "%d", v[k]);
        ark_ruleset_out_of_range(key, num, err, errlen);
        return -1;
      }
    memcpy((char *)r + f->off, v, sizeof(int) * (size_t)n);
    return 0;
  }
  /* the rules there are, as the message's reader needs them */
  ark_ruleset_unknown(key, err, errlen);
  return -1;
}

/* The pairs of rules where the first may not be above the second, and
** what it would mean (after "A 9 is above B 8"). */
#define RULE_AT(r, off) (*(const int *)((const char *)(r) + (off)))
#define OR(a, b, why) { #a, #b, offsetof(ark_ruleset, a), offsetof(ark_ruleset, b), why }
static const struct { const char *a, *b; size_t oa, ob; const char *why; } ordered[] = {
  OR(draft_keep, draft_draw,
     ": a player cannot keep more cards than were drawn, and the game would have no draft"),
  OR(start_reputation, reputation_cap_basic, ", the cap before Cards II is upgraded"),
  OR(reputation_cap_basic, reputation_max, ": upgrading Cards II would lower the cap"),
};
#undef OR
#define N_ORDERED ((int)(sizeof ordered / sizeof ordered[0]))

/* Check i of the rules against each other (each rule alone is within its
** range, above): 1 with the two rules concerned in keys[0], keys[1] and
** why in err when it fails, 0 when it holds, -1 past the last check.
** Each is a pair a plugin can set apart without an error of either rule:
** a keep above the draw plays no draft at all, a start above a cap is
** cut at once, bands out of order or with no step pay what no one meant. */
int ark_ruleset_conflict(const ark_ruleset *r, int i, const char *keys[ARK_RULE_CONFLICT_KEYS],
                         char *err, size_t n) {
  for (int k = 0; k < ARK_RULE_CONFLICT_KEYS; k++) keys[k] = NULL;
  if (i >= 0 && i < N_ORDERED) {
    int a = RULE_AT(r, ordered[i].oa), b = RULE_AT(r, ordered[i].ob);
    keys[0] = ordered[i].a, keys[1] = ordered[i].b;
    if (a <= b) return 0;
    snprintf(err, n, "%s %d is above %s %d%s", ordered[i].a, a, ordered[i].b, b, ordered[i].why);
    return 1;
  }
  switch (i - N_ORDERED) {
  case 0:
    keys[0] = keys[1] = "income";
    if (r->income[0][0] != 0) {
      snprintf(err, n, "income: the first band starts at appeal %d, not 0: an appeal below "
               "it would have no income", r->income[0][0]);
      return 1;
    }
    for (int b = 0; b < ARK_INCOME_BANDS; b++) {
      if (r->income[b][2] < 1) {
        snprintf(err, n, "income: band %d has step %d; a step is at least 1 (income = base + "
                 "(appeal - start) / step)", b + 1, r->income[b][2]);
        return 1;
      }
      if (b > 0 && r->income[b][0] <= r->income[b - 1][0]) {
        snprintf(err, n, "income: band %d starts at appeal %d, not after band %d's %d: the "
                 "bands go up in appeal", b + 1, r->income[b][0], b, r->income[b - 1][0]);
        return 1;
      }
    }
    /* more appeal never pays less: a band's first amount is at least what
    ** the band before pays one appeal lower */
    for (int b = 1; b < ARK_INCOME_BANDS; b++) {
      int at = r->income[b][0] - 1;
      int before = r->income[b - 1][1] + (at - r->income[b - 1][0]) / r->income[b - 1][2];
      if (r->income[b][1] < before) {
        snprintf(err, n, "income: band %d pays %d at appeal %d, less than the %d band %d "
                 "pays at appeal %d: more appeal would pay less", b + 1, r->income[b][1],
                 at + 1, before, b, at);
        return 1;
      }
    }
    return 0;
  case 1: {
    /* the game ends once appeal reaches the target, which conservation
    ** lowers: at the end of both tracks it must be reached, or only the
    ** turn cap would end a game */
    static const char *const end_keys[] = { "target_start", "target_step_low",
      "target_step_high", "target_step_change", "conservation_max", "appeal_max" };
    for (int k = 0; k < 6; k++) keys[k] = end_keys[k];
    int lowest = ark_ruleset_target(r, r->conservation_max);
    if (lowest <= r->appeal_max) return 0;
    snprintf(err, n, "the game could never end: at the end of the conservation track "
             "(conservation_max %d) the target is still %d appeal (target_start %d, lowered "
             "%d a point up to %d points and %d a point after), above the end of the appeal "
             "track (appeal_max %d)", r->conservation_max, lowest, r->target_start,
             r->target_step_low, r->target_step_change, r->target_step_high, r->appeal_max);
    return 1;
  }
  default:
    return -1;
  }
}

int ark_ruleset_target(const ark_ruleset *r, int cp) {
  int low = cp < r->target_step_change ? cp : r->target_step_change;
  int high = cp > r->target_step_change ? cp - r->target_step_change : 0;
  return r->target_start - r->target_step_low * low - r->target_step_high * high;
}

int ark_ruleset_income(const ark_ruleset *r, int appeal) {
  int i = ARK_INCOME_BANDS - 1;
  if (appeal < 0) appeal = 0;
  while (i > 0 && appeal < r->income[i][0]) i--;
  return r->income[i][1] + (appeal - r->income[i][0]) / (r->income[i][2] > 0 ? r->income[i][2] : 1);
}
