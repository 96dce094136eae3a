/*
** ruleset.h - the rules constants of one loaded content (ark_ruleset_).
** They start as the published numbers of rules.h; plugins may change them
** (plugin.yaml `rules:`), so code reads them from here, never the macros.
*/
#ifndef ARK_RULESET_H
#define ARK_RULESET_H

#include <stddef.h>
#include "rules.h"

typedef struct ark_ruleset {
  int start_money, start_reputation, start_workers, hand_limit;
  int draft_draw, draft_keep;
  int appeal_max, conservation_max;
  int target_start, target_step_low, target_step_high, target_step_change;
  int reputation_max, reputation_cap_basic;
  int break_length[3];             /* 2, 3 and 4 players */
  int base_projects[3];            /* 2, 3 and 4 players */
  int income[ARK_INCOME_BANDS][3]; /* start, base, step per band */
  int score_offset;                /* added to every shown score (variants) */
} ark_ruleset;

void ark_ruleset_default(ark_ruleset *r);
/* Sets rule `key` from n integers; returns 0, or -1 with a message. */
int ark_ruleset_set(ark_ruleset *r, const char *key, const int *v, int n,
                    char *err, size_t errlen);
/* How many numbers rule `key` takes, each within lo..hi; -1 if no such rule. */
int ark_ruleset_range(const char *key, int *lo, int *hi);
/* The one message for a value (as written) outside rule key's range. */
void ark_ruleset_out_of_range(const char *key, const char *value, char *err, size_t n);
/* The names of all rules, NULL-terminated (for messages and docs). */
extern const char *const ark_ruleset_keys[];
/* Rule key's numbers as r holds them: their count, with *v at the first
** and *per how many make one entry of its list (income: 3, one band; 1
** for the others); -1 if there is no such rule. */
int ark_ruleset_get(const ark_ruleset *r, const char *key, const int **v, int *per);
/* "unknown rule 'key' (rules: ...)", naming every rule. */
void ark_ruleset_unknown(const char *key, char *err, size_t errlen);

/* Check i of the rules against one another: 1 with the rules it concerns
** in keys (NULL after the last, at most ARK_RULE_CONFLICT_KEYS) and the
** reason in err, 0 when it holds, -1 past the last check (i from 0 up). */
#define ARK_RULE_CONFLICT_KEYS 6
int ark_ruleset_conflict(const ark_ruleset *r, int i, const char *keys[ARK_RULE_CONFLICT_KEYS],
                         char *err, size_t n);

int ark_ruleset_target(const ark_ruleset *r, int cp);
int ark_ruleset_income(const ark_ruleset *r, int appeal);

#endif
