/*
** track.c - track arithmetic.  All numbers come from rules.h.
*/
#include <string.h>
#include "track.h"

static const char *const track_names[ARK_TR_N] = {
  "money", "appeal", "conservation", "reputation", "xtokens"
};

int ark_track_from_name(const char *s) {
  for (int i = 0; i < ARK_TR_N; i++)
    if (strcmp(s, track_names[i]) == 0) return i;
  return -1;
}

const char *ark_track_name(int t) { return track_names[t]; }

int ark_track_target(int cp) {
  int low = cp < ARK_TARGET_STEP_CHANGE ? cp : ARK_TARGET_STEP_CHANGE;
  int high = cp > ARK_TARGET_STEP_CHANGE ? cp - ARK_TARGET_STEP_CHANGE : 0;
  return ARK_TARGET_START - ARK_TARGET_STEP_LOW * low - ARK_TARGET_STEP_HIGH * high;
}

int ark_track_income(int appeal) {
  static const int bands[ARK_INCOME_BANDS][3] = ARK_INCOME_INIT;
  int i = ARK_INCOME_BANDS - 1;
  if (appeal < 0) appeal = 0;
  while (i > 0 && appeal < bands[i][0]) i--;
  return bands[i][1] + (appeal - bands[i][0]) / bands[i][2];
}

int ark_track_target_of(const ark_game *g, int cp) {
  return ark_ruleset_target(&g->c->rules, cp);
}

int ark_track_income_of(const ark_game *g, int appeal) {
  return ark_ruleset_income(&g->c->rules, appeal);
}

int ark_track_reputation_cap(const ark_game *g, int p) {
  const ark_ruleset *r = &g->c->rules;
  return (g->s.p[p].upgraded & (1u << ARK_ACT_CARDS)) ? r->reputation_max
                                                     : r->reputation_cap_basic;
}

static int clamp_add(int16_t *v, int n, int lo, int hi) {
  int old = *v, nv = old + n;
  if (nv < lo) nv = lo;
  if (nv > hi) nv = hi;
  *v = (int16_t)nv;
  return nv - old;
}

int ark_track_add(ark_game *g, int p, int track, int n) {
  ark_player *pl = &g->s.p[p];
  int done = 0, over = 0;      /* over: appeal from reputation past its cap */
  switch (track) {
  case ARK_TR_MONEY: done = clamp_add(&pl->money, n, 0, 32000); break;
  case ARK_TR_APPEAL: done = clamp_add(&pl->appeal, n, 0, g->c->rules.appeal_max); break;
  case ARK_TR_CONSERVATION:
    done = clamp_add(&pl->conservation, n, 0, g->c->rules.conservation_max);
    break;
  case ARK_TR_REPUTATION: {
    int cap = ark_track_reputation_cap(g, p);
    int want = pl->reputation + n;
    done = clamp_add(&pl->reputation, n, 0, cap);
    if (want > cap) over = clamp_add(&pl->appeal, want - cap, 0, g->c->rules.appeal_max);
    break;
  }
  case ARK_TR_XTOKENS: {
    int16_t x = pl->xtokens;
    done = clamp_add(&x, n, 0, ARK_MAX_XTOKENS);
    pl->xtokens = (uint8_t)x;
    break;
  }
  default: return 0;
  }
  if (done != 0)
    ark_game_log(g, p, done > 0 ? ARK_EV_GAIN : ARK_EV_PAY, track,
                 done > 0 ? done : -done, ark_track_get(g, p, track), NULL);
  /* a note, so that the saves written before it was shown keep their
  ** hash: the appeal had changed with no line to say so */
  if (over > 0)
    ark_game_log_note(g, p, ARK_EV_GAIN, ARK_TR_APPEAL, over, pl->appeal,
                      "reputation past its cap", ARK_SEEN_ALL);
  return done;
}

int ark_track_get(const ark_game *g, int p, int track) {
  const ark_player *pl = &g->s.p[p];
  switch (track) {
  case ARK_TR_MONEY: return pl->money;
  case ARK_TR_APPEAL: return pl->appeal;
  case ARK_TR_CONSERVATION: return pl->conservation;
  case ARK_TR_REPUTATION: return pl->reputation;
  case ARK_TR_XTOKENS: return pl->xtokens;
  default: return 0;
  }
}

void ark_track_icons(ark_game *g, int p) {
  ark_player *pl = &g->s.p[p];
  memset(pl->icons, 0, sizeof pl->icons);
  for (int i = 0; i < pl->nzoo; i++) {
    const ark_card_def *d = &g->c->cards[pl->zoo[i]];
    for (int k = 0; k < ARK_ICON_N; k++) pl->icons[k] += d->icons[k];
    /* the water / rock an animal needs, printed beside its enclosure size,
    ** are water / rock icons of the zoo too (sponsors' needs are not) */
    if (d->type == ARK_CARD_ANIMAL) {
      pl->icons[ARK_ICON_WATER] += (uint8_t)d->water;
      pl->icons[ARK_ICON_ROCK] += (uint8_t)d->rock;
    }
  }
  for (int k = 0; k < ARK_N_CONTINENTS; k++)
    if (pl->partner_zoos & (1u << k)) pl->icons[ARK_ICON_FIRST_CONTINENT + k]++;
  if (pl->universities & (1u << ARK_UNI_RESEARCH)) pl->icons[ARK_ICON_SCIENCE] += 2;
  if (pl->universities & (1u << ARK_UNI_REPUTATION)) pl->icons[ARK_ICON_SCIENCE] += 1;
}

int ark_track_range_at(long long reputation) {
  static const int need[ARK_DISPLAY] = ARK_RANGE_INIT;
  int n = 0;
  while (n < ARK_DISPLAY && reputation >= need[n]) n++;
  return n;
}

int ark_track_range(const ark_game *g, int p) { return ark_track_range_at(g->s.p[p].reputation); }

int ark_track_score(const ark_game *g, int p) {
  return g->s.p[p].appeal - ark_track_target_of(g, g->s.p[p].conservation);
}
