/*
** setup_spec.c - a starting position given card by card (ark_config.setup,
** ark_setup_spec in ark.h): a recorded game that did not come from our
** seed is set up exactly.
**
** ark_setup deals the seeded game first; the given cards are then swapped
** into their places (each given card trades places with the card the seed
** put there), so every card stays in exactly one place, the seed's other
** cards fill what the spec leaves open, and a game without a spec draws
** the same numbers as before.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "setup.h"
#include "map.h"
#include "rules.h"
#include "track.h"

static const char *const tile_names[ARK_TILE_N] = {
  "reputation", "money", "enclosure", "multiplier", "xtokens", "cards",
  "university", "partner-zoo", "sponsor"
};

const char *ark_bonus_tile_name(int i) {
  return i >= 0 && i < ARK_TILE_N ? tile_names[i] : NULL;
}

int ark_game_draws_used(const ark_game *g) { return g->s.next_pos; }

void ark_setup_spec_init(ark_setup_spec *s) {
  memset(s, 0, sizeof *s);
  s->start_player = -1;
}

/* What a place may hold. */
enum { WANT_DECK_CARD, WANT_SCORING, WANT_BASE };

static const char *const want_text[] = {
  "a deck card (animal, sponsor or a project that is not a base project)",
  "a final scoring card", "a base project"
};

/* The id of printed number `number` when it may go where `want` says;
** -1 with a message naming `what` otherwise. */
static int card_for(const ark_game *g, int number, int want, const char *what,
                    char *msg, size_t n) {
  int id = ark_content_find_card(g->c, number);
  if (id < 0) {
    snprintf(msg, n, "setup: %s: no card has the number %d", what, number);
    return -1;
  }
  const ark_card_def *d = &g->c->cards[id];
  int kind = d->type == ARK_CARD_SCORING ? WANT_SCORING
           : d->type == ARK_CARD_PROJECT && d->base ? WANT_BASE : WANT_DECK_CARD;
  if (kind != want) {
    snprintf(msg, n, "setup: %s: %s (%d) is not %s", what, d->name, number, want_text[want]);
    return -1;
  }
  return id;
}

/* The place holding card id: deck, display, a hand, a final scoring
** slot, a base project slot, or the box; NULL if none. */
static int16_t *where_is(ark_state *s, int id) {
  for (int i = 0; i < s->ndeck; i++) if (s->deck[i] == id) return &s->deck[i];
  for (int f = 0; f < ARK_DISPLAY; f++) if (s->display[f] == id) return &s->display[f];
  for (int p = 0; p < s->nplayers; p++) {
    ark_player *pl = &s->p[p];
    for (int i = 0; i < pl->nhand; i++) if (pl->hand[i] == id) return &pl->hand[i];
    for (int k = 0; k < ARK_SCORING_HELD; k++) if (pl->scoring[k] == id) return &pl->scoring[k];
  }
  for (int i = 0; i < s->nbase; i++) if (s->base[i].card == id) return &s->base[i].card;
  for (int i = 0; i < s->nbox; i++) if (s->box[i] == id) return &s->box[i];
  return NULL;
}

static int in_box(const ark_state *s, int id) {
  for (int i = 0; i < s->nbox; i++) if (s->box[i] == id) return 1;
  return 0;
}

/* Puts card id into place `at`; the card there takes id's old place.  A
** card the configuration leaves out of the game (exclude, handover) is
** refused: -1 with a message. */
static int put(ark_game *g, const ark_config *cfg, int id, int16_t *at, const char *what,
               char *msg, size_t n) {
  ark_state *s = &g->s;
  int16_t *from = where_is(s, id);
  if (from && in_box(s, id)) {
    const ark_card_def *d = &g->c->cards[id];
    int out = 0;
    for (int k = 0; k < ARK_MAX_EXCLUDE; k++) out |= cfg->exclude[k] == d->number;
    for (int k = 0; k < ARK_MAX_HANDOVER; k++) out |= cfg->handover[k].number == d->number;
    if (out) {
      snprintf(msg, n, "setup: %s: %s (%d) is left out of the game by the configuration",
               what, d->name, d->number);
      return -1;
    }
  }
  if (!from) {
    snprintf(msg, n, "setup: %s: card %d is nowhere to be dealt from", what,
             g->c->cards[id].number);
    return -1;
  }
  int16_t old = *at;
  *at = (int16_t)id;
  *from = old;
  return 0;
}

/* Each card number at most once in the whole spec (deck order and draws
** apart: the draw order names cards again as they come back). */
static int check_twice(const ark_game *g, const ark_setup_spec *sp, int players, char *msg,
                       size_t n) {
  static const char *const seen_as[] = { "hand", "final scoring card", "display", "base project",
                                         "deck order" };
  int *seen = calloc((size_t)g->c->ncards, sizeof *seen);
  if (!seen) {
    snprintf(msg, n, "out of memory");
    return -1;
  }
  int rc = 0;
  for (int part = 0; part < 5 && rc == 0; part++) {
    int nums[ARK_SPEC_CARDS], k = 0;
    if (part == 0)
      for (int p = 0; p < players; p++)
        for (int i = 0; i < sp->nhand[p] && i < ARK_SPEC_HAND; i++) nums[k++] = sp->hand[p][i];
    if (part == 1)
      for (int p = 0; p < players; p++) for (int i = 0; i < 2; i++) nums[k++] = sp->scoring[p][i];
    if (part == 2) for (int f = 0; f < ARK_DISPLAY; f++) nums[k++] = sp->display[f];
    if (part == 3) for (int i = 0; i < 4; i++) nums[k++] = sp->base[i];
    if (part == 4) for (int i = 0; i < sp->ndeck && i < ARK_SPEC_CARDS; i++) nums[k++] = sp->deck[i];
    for (int i = 0; i < k && rc == 0; i++) {
      int id = nums[i] ? ark_content_find_card(g->c, nums[i]) : -1;
      if (id < 0) continue;
      if (seen[id]) {
        snprintf(msg, n, "setup: card %d is named twice (%s and %s)", nums[i],
                 seen_as[seen[id] - 1], seen_as[part]);
        rc = -1;
      }
      seen[id] = part + 1;
    }
  }
  free(seen);
  return rc;
}

/* Maps per seat; in advanced mode every seat's map must be given, and
** then no map phase is played. */
static int apply_maps(ark_game *g, const ark_setup_spec *sp, char *msg, size_t n) {
  ark_state *s = &g->s;
  int given = 0;
  for (int p = 0; p < s->nplayers; p++) given += sp->maps[p] != NULL;
  if (given == 0) return 0;
  if (s->phase == ARK_PH_MAPS && given < s->nplayers) {
    snprintf(msg, n, "setup: advanced mode with given maps needs a map for every seat "
             "(%d of %d given)", given, s->nplayers);
    return -1;
  }
  for (int p = 0; p < s->nplayers; p++) {
    if (!sp->maps[p]) continue;
    int m = ark_content_find_map(g->c, sp->maps[p]);
    if (m < 0) {
      snprintf(msg, n, "setup: map of seat %d: unknown map '%s'", p + 1, sp->maps[p]);
      return -1;
    }
    memset(&s->p[p].zoo_map, 0, sizeof s->p[p].zoo_map);
    s->p[p].map = (int8_t)m;
    if (ark_setup_start_buildings(g, p, msg, n) != 0) return -1;
  }
  if (s->phase == ARK_PH_MAPS) s->phase = ARK_PH_DRAFT;
  return 0;
}

static int apply_actions(ark_game *g, const ark_setup_spec *sp, char *msg, size_t n) {
  ark_state *s = &g->s;
  for (int p = 0; p < s->nplayers; p++) {
    if (sp->actions[p][0] == 0) continue;
    int used = 0;
    for (int k = 0; k < ARK_N_ACTIONS; k++) {
      int a = sp->actions[p][k] - 1;
      if (a < 0 || a >= ARK_N_ACTIONS || (used >> a) & 1) {
        snprintf(msg, n, "setup: action cards of seat %d: slots 1-5 must hold each of the "
                 "five action cards once (1 Animals .. 5 Sponsors)", p + 1);
        return -1;
      }
      used |= 1 << a;
      s->p[p].slot[k] = (uint8_t)a;
    }
  }
  return 0;
}

static int apply_tiles(ark_game *g, const ark_setup_spec *sp, char *msg, size_t n) {
  ark_state *s = &g->s;
  for (int i = 0; i < ARK_N_BONUS_TILES; i++) {
    if (!sp->bonus_tiles[i]) continue;
    int t = 0;
    while (t < ARK_TILE_N && strcmp(tile_names[t], sp->bonus_tiles[i])) t++;
    if (t == ARK_TILE_N) {
      snprintf(msg, n, "setup: bonus tile %d: unknown tile '%s' (known: reputation money "
               "enclosure multiplier xtokens cards university partner-zoo sponsor)", i + 1,
               sp->bonus_tiles[i]);
      return -1;
    }
    for (int j = 0; j < i; j++)
      if (sp->bonus_tiles[j] && !strcmp(sp->bonus_tiles[j], sp->bonus_tiles[i])) {
        snprintf(msg, n, "setup: bonus tile '%s' is named twice", sp->bonus_tiles[i]);
        return -1;
      }
    /* swap with the slot holding it, so the seeded tiles stay distinct */
    int j = 0;
    while (j < ARK_N_BONUS_TILES && s->bonus_tile[j] != t) j++;
    if (j < ARK_N_BONUS_TILES) s->bonus_tile[j] = s->bonus_tile[i];
    s->bonus_tile[i] = (uint8_t)t;
  }
  return 0;
}

/* The cards: hands, final scoring cards, display, base projects, deck. */
static int apply_cards(ark_game *g, const ark_config *cfg, const ark_setup_spec *sp, char *msg,
                       size_t n) {
  ark_state *s = &g->s;
  char what[64];
  for (int p = 0; p < s->nplayers; p++) {
    if (sp->nhand[p] == 0) continue;
    if (sp->nhand[p] != s->p[p].nhand) {
      snprintf(msg, n, "setup: hand of seat %d: %d cards given, the draft deals %d", p + 1,
               sp->nhand[p], s->p[p].nhand);
      return -1;
    }
    for (int k = 0; k < sp->nhand[p]; k++) {
      snprintf(what, sizeof what, "hand of seat %d", p + 1);
      int id = card_for(g, sp->hand[p][k], WANT_DECK_CARD, what, msg, n);
      if (id < 0 || put(g, cfg, id, &s->p[p].hand[k], what, msg, n) != 0) return -1;
    }
  }
  for (int p = 0; p < s->nplayers; p++)
    for (int k = 0; k < 2; k++) {
      if (!sp->scoring[p][k]) continue;
      snprintf(what, sizeof what, "final scoring cards of seat %d", p + 1);
      int id = card_for(g, sp->scoring[p][k], WANT_SCORING, what, msg, n);
      if (id < 0 || put(g, cfg, id, &s->p[p].scoring[k], what, msg, n) != 0) return -1;
    }
  for (int f = 0; f < ARK_DISPLAY; f++) {
    if (!sp->display[f]) continue;
    snprintf(what, sizeof what, "display folder %d", f + 1);
    int id = card_for(g, sp->display[f], WANT_DECK_CARD, what, msg, n);
    if (id < 0 || put(g, cfg, id, &s->display[f], what, msg, n) != 0) return -1;
  }
  for (int i = 0; i < 4; i++) {
    if (!sp->base[i]) continue;
    if (i >= s->nbase) {
      snprintf(msg, n, "setup: base project slot %d: this game has %d base projects", i + 1,
               s->nbase);
      return -1;
    }
    snprintf(what, sizeof what, "base project slot %d", i + 1);
    int id = card_for(g, sp->base[i], WANT_BASE, what, msg, n);
    if (id < 0 || put(g, cfg, id, &s->base[i].card, what, msg, n) != 0) return -1;
  }
  if (sp->ndeck > s->ndeck || sp->ndeck > ARK_SPEC_CARDS) {
    snprintf(msg, n, "setup: deck order: %d cards given, the deck holds %d", sp->ndeck, s->ndeck);
    return -1;
  }
  for (int k = 0; k < sp->ndeck; k++) {
    /* deck[ndeck - 1] is the top; the given order fills it downward */
    int16_t *at = &s->deck[s->ndeck - 1 - k];
    snprintf(what, sizeof what, "deck order, card %d", k + 1);
    int id = card_for(g, sp->deck[k], WANT_DECK_CARD, what, msg, n);
    if (id < 0) return -1;
    int i = s->ndeck - 1 - k;
    while (i >= 0 && s->deck[i] != id) i--;
    if (i < 0) {
      snprintf(msg, n, "setup: %s: %s (%d) is not in the deck (dealt elsewhere)", what,
               g->c->cards[id].name, sp->deck[k]);
      return -1;
    }
    s->deck[i] = *at;
    *at = (int16_t)id;
  }
  return 0;
}

/* Blocked levels of the base projects (2 players: level i + 1 of slot i
** unless the spec says otherwise). */
static int apply_blocked(ark_game *g, const ark_setup_spec *sp, char *msg, size_t n) {
  ark_state *s = &g->s;
  if (!sp->blocked_given) return 0;
  for (int i = 0; i < ARK_MAX_BASE_PROJECTS; i++) {
    int lv = sp->blocked[i];
    if (lv < 0 || lv > 3 || (lv > 0 && i >= s->nbase)) {
      snprintf(msg, n, "setup: blocked level %d of base project slot %d: levels are 1-3 and "
               "this game has %d base projects", lv, i + 1, s->nbase);
      return -1;
    }
    for (int k = 0; k < 3; k++)
      if (s->base[i].owner[k] == -2) s->base[i].owner[k] = -1;
    if (lv > 0) s->base[i].owner[lv - 1] = -2;
  }
  return 0;
}

/* Who knows where each dealt card is, after the swaps: the deck and the
** face-down display nobody, a hand and final scoring cards their seat,
** base projects everyone. */
static void settle_known(ark_game *g, const ark_config *cfg) {
  ark_state *s = &g->s;
  for (int i = 0; i < s->ndeck; i++) s->known[s->deck[i]] = 0;
  for (int f = 0; f < ARK_DISPLAY; f++) if (s->display[f] >= 0) s->known[s->display[f]] = 0;
  for (int p = 0; p < s->nplayers; p++) {
    for (int i = 0; i < s->p[p].nhand; i++) s->known[s->p[p].hand[i]] = (uint8_t)(1 << p);
    for (int k = 0; k < ARK_SCORING_HELD; k++)
      if (s->p[p].scoring[k] >= 0) s->known[s->p[p].scoring[k]] = (uint8_t)(1 << p);
  }
  for (int i = 0; i < s->nbase; i++)
    if (s->base[i].card >= 0) s->known[s->base[i].card] = ARK_SEEN_ALL;
  for (int i = 0; i < s->nbox; i++) {
    int number = g->c->cards[s->box[i]].number, out = 0;
    for (int k = 0; k < ARK_MAX_EXCLUDE; k++) out |= cfg->exclude[k] == number && number;
    for (int k = 0; k < ARK_MAX_HANDOVER; k++) out |= cfg->handover[k].number == number && number;
    s->known[s->box[i]] = out ? ARK_SEEN_ALL : 0;
  }
}

/* The draw order, kept in the game as card ids. */
static int keep_next(ark_game *g, const ark_setup_spec *sp, char *msg, size_t n) {
  if (sp->nnext <= 0) return 0;
  if (sp->nnext > ARK_SPEC_CARDS) {
    snprintf(msg, n, "setup: the draw order names %d cards, at most %d", sp->nnext, ARK_SPEC_CARDS);
    return -1;
  }
  g->next = malloc(sizeof *g->next * (size_t)sp->nnext);
  if (!g->next) {
    snprintf(msg, n, "out of memory");
    return -1;
  }
  for (int k = 0; k < sp->nnext; k++) {
    int number = sp->next[k] < 0 ? -sp->next[k] : sp->next[k];
    char what[48];
    snprintf(what, sizeof what, "draw order, card %d", k + 1);
    int id = card_for(g, number, WANT_DECK_CARD, what, msg, n);
    if (id < 0) return -1;
    g->next[k] = (int16_t)(id | (sp->next[k] < 0 ? ARK_NEXT_DISCARD : 0));
  }
  g->nnext = sp->nnext;
  g->s.next_pos = 0;
  return 0;
}

int ark_setup_apply_spec(ark_game *g, const ark_config *cfg, char *msg, size_t n) {
  const ark_setup_spec *sp = cfg->setup;
  ark_state *s = &g->s;
  if (!sp) return ARK_OK;
  if (sp->start_player >= s->nplayers) {
    snprintf(msg, n, "setup: start player is seat %d, the game has %d players",
             sp->start_player + 1, s->nplayers);
    return ARK_ERR_CONFIG;
  }
  if (sp->start_player >= 0) {
    s->start_player = (uint8_t)sp->start_player;
    for (int i = 0; i < s->nplayers; i++)     /* appeal 0, 1, 2, 3 by turn order */
      s->p[(s->start_player + i) % s->nplayers].appeal = (int16_t)i;
  }
  if (check_twice(g, sp, s->nplayers, msg, n) != 0 || apply_maps(g, sp, msg, n) != 0 ||
      apply_actions(g, sp, msg, n) != 0 || apply_tiles(g, sp, msg, n) != 0 ||
      apply_cards(g, cfg, sp, msg, n) != 0 || apply_blocked(g, sp, msg, n) != 0 ||
      keep_next(g, sp, msg, n) != 0)
    return ARK_ERR_CONFIG;
  settle_known(g, cfg);
  for (int p = 0; p < s->nplayers; p++) ark_track_icons(g, p);
  return ARK_OK;
}
