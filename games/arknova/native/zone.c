/*
** zone.c - card movements between zones.  Each move also keeps
** state.known[card], the seats that know where the card is: a private
** draw tells its drawer, a card face up tells everyone, the deck tells
** nobody (hidden.c deals anew only what a seat cannot know).
*/
#include <stdio.h>
#include <string.h>
#include "zone.h"
#include "rng.h"
#include "track.h"

int ark_zone_deck_pop(ark_game *g) {
  ark_state *s = &g->s;
  if (s->ndeck == 0) {
    if (s->ndiscard == 0) return -1;
    /* the rules: shuffle the discard pile into a new deck */
    memcpy(s->deck, s->discard, sizeof(s->discard[0]) * (size_t)s->ndiscard);
    s->ndeck = s->ndiscard;
    s->ndiscard = 0;
    ark_rng_shuffle(s->rng, s->deck, s->ndeck);
    for (int i = 0; i < s->ndeck; i++) s->known[s->deck[i]] = 0;
    ark_game_log(g, -1, ARK_EV_TEXT, s->ndeck, 0, 0, "discard pile reshuffled into the deck");
  }
  if (ark_zone_next_given(g, 0)) {
    /* the given draw order names the card: it comes up from wherever it
    ** lies in the deck */
    int want = g->next[s->next_pos], i = s->ndeck - 1;
    while (i >= 0 && s->deck[i] != want) i--;
    if (i < 0) {
      ark_game_fail(g, "the given draw order names %s (%d) as card %d to draw, but it is "
                    "not in the deck", g->c->cards[want].name, g->c->cards[want].number,
                    s->next_pos + 1);
      return -1;
    }
    s->deck[i] = s->deck[s->ndeck - 1];
    s->deck[s->ndeck - 1] = (int16_t)want;
    s->next_pos++;
  }
  return s->deck[--s->ndeck];
}

int ark_zone_next_given(const ark_game *g, int from_discard) {
  const ark_state *s = &g->s;
  if (s->next_off || s->next_pos >= g->nnext) return 0;
  return ((g->next[s->next_pos] & ARK_NEXT_DISCARD) != 0) == (from_discard != 0);
}

void ark_zone_discard_shuffle(ark_game *g) {
  ark_state *s = &g->s;
  ark_rng_shuffle(s->rng, s->discard, s->ndiscard);
  /* the given draw order: its run of discard-pile cards, on top in order */
  for (int top = s->ndiscard - 1; top >= 0 && ark_zone_next_given(g, 1); top--) {
    int want = g->next[s->next_pos] & ~ARK_NEXT_DISCARD, i = top;
    while (i >= 0 && s->discard[i] != want) i--;
    if (i < 0) {
      ark_game_fail(g, "the given draw order names %s (%d) as card %d to come from the "
                    "discard pile, but it is not there", g->c->cards[want].name,
                    g->c->cards[want].number, s->next_pos + 1);
      return;
    }
    s->discard[i] = s->discard[top];
    s->discard[top] = (int16_t)want;
    s->next_pos++;
  }
}

int ark_zone_reveal(ark_game *g) {
  int card = ark_zone_deck_pop(g);
  if (card >= 0) g->s.known[card] = ARK_SEEN_ALL;
  return card;
}

int ark_zone_draw(ark_game *g, int p) {
  int card = ark_zone_deck_pop(g);
  if (card >= 0) {
    g->s.known[card] = 0;          /* only the drawer sees it */
    ark_zone_hand_add(g, p, card);
    ark_game_log_seen(g, p, ARK_EV_DRAW, card, 0, 0, NULL, 1 << p);
  }
  return card;
}

void ark_zone_discard(ark_game *g, int card) {
  g->s.known[card] = ARK_SEEN_ALL;   /* the discard pile is face up */
  g->s.discard[g->s.ndiscard++] = (int16_t)card;
}

void ark_zone_box(ark_game *g, int card) {
  g->s.box[g->s.nbox++] = (int16_t)card;
}

void ark_zone_hand_add(ark_game *g, int p, int card) {
  ark_player *pl = &g->s.p[p];
  if (pl->nhand >= ARK_HAND_MAX) {
    /* a hand this large never happens in play; keep the card somewhere */
    ark_zone_discard(g, card);
    return;
  }
  pl->hand[pl->nhand++] = (int16_t)card;
  g->s.known[card] |= (uint8_t)(1 << p);
}

int ark_zone_hand_find(const ark_game *g, int p, int card) {
  const ark_player *pl = &g->s.p[p];
  for (int i = 0; i < pl->nhand; i++)
    if (pl->hand[i] == card) return i;
  return -1;
}

int ark_zone_hand_remove(ark_game *g, int p, int card) {
  ark_player *pl = &g->s.p[p];
  int i = ark_zone_hand_find(g, p, card);
  if (i < 0) return -1;
  /* keep the order: hands are shown to people */
  memmove(&pl->hand[i], &pl->hand[i + 1],
          sizeof(pl->hand[0]) * (size_t)(pl->nhand - i - 1));
  pl->nhand--;
  return 0;
}

int ark_zone_display_take(ark_game *g, int f) {
  int card = g->s.display[f];
  g->s.display[f] = ARK_NO_CARD;
  return card;
}

int ark_zone_display_find(const ark_game *g, int card) {
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (g->s.display[f] == card) return f;
  return -1;
}

void ark_zone_display_refill(ark_game *g) {
  ark_state *s = &g->s;
  int n = 0;
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (s->display[f] != ARK_NO_CARD) s->display[n++] = s->display[f];
  while (n < ARK_DISPLAY) {
    int card = ark_zone_deck_pop(g);
    s->display[n++] = (int16_t)card;
  }
  /* face up from now on (the first refill turns the opening display) */
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (s->display[f] >= 0) s->known[s->display[f]] = ARK_SEEN_ALL;
}

void ark_zone_zoo_add(ark_game *g, int p, int card, int building) {
  ark_player *pl = &g->s.p[p];
  pl->zoo[pl->nzoo] = (int16_t)card;
  pl->zoo_building[pl->nzoo] = (int8_t)building;
  pl->nzoo++;
  g->s.known[card] = ARK_SEEN_ALL;
  ark_track_icons(g, p);
}

int ark_zone_zoo_find(const ark_game *g, int p, int card) {
  const ark_player *pl = &g->s.p[p];
  for (int i = 0; i < pl->nzoo; i++)
    if (pl->zoo[i] == card) return i;
  return -1;
}

void ark_zone_zoo_remove(ark_game *g, int p, int card) {
  ark_player *pl = &g->s.p[p];
  int i = ark_zone_zoo_find(g, p, card);
  if (i < 0) return;
  memmove(&pl->zoo[i], &pl->zoo[i + 1], sizeof(pl->zoo[0]) * (size_t)(pl->nzoo - i - 1));
  memmove(&pl->zoo_building[i], &pl->zoo_building[i + 1],
          sizeof(pl->zoo_building[0]) * (size_t)(pl->nzoo - i - 1));
  pl->nzoo--;
  ark_track_icons(g, p);
}

/* Counts each card once per appearance, then reports the first card seen
** zero or several times. */
static void count_list(uint8_t *seen, const int16_t *a, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] >= 0 && seen[a[i]] < 255) seen[a[i]]++;
}

int ark_zone_check(const ark_game *g, char *msg, size_t n) {
  static const char *const none = "";
  const ark_state *s = &g->s;
  uint8_t seen[ARK_MAX_CARDS];
  memset(seen, 0, sizeof seen);
  count_list(seen, s->deck, s->ndeck);
  count_list(seen, s->discard, s->ndiscard);
  count_list(seen, s->box, s->nbox);
  count_list(seen, s->display, ARK_DISPLAY);
  for (int i = 0; i < s->nbase; i++) count_list(seen, &s->base[i].card, 1);
  for (int i = 0; i < ARK_ROW_SLOTS; i++) count_list(seen, &s->row[i].card, 1);
  for (int p = 0; p < s->nplayers; p++) {
    const ark_player *pl = &s->p[p];
    count_list(seen, pl->hand, pl->nhand);
    count_list(seen, pl->zoo, pl->nzoo);
    count_list(seen, pl->scoring, ARK_SCORING_HELD);
    count_list(seen, pl->under, pl->nunder);
  }
  for (int c = 0; c < g->c->ncards; c++) {
    if (seen[c] != 1) {
      snprintf(msg, n, "card %d (%s) is in %d places", g->c->cards[c].number,
               g->c->cards[c].name, seen[c]);
      return -1;
    }
  }
  snprintf(msg, n, "%s", none);
  return 0;
}
