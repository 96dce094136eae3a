/*
** hidden.c - what each seat may know (ark_hidden_): the cards it cannot
** see, dealt anew for determinized search, and the log events it sees.
**
** state.known[card] holds a bit per seat that knows where the card is;
** the zone moves keep it (zone.c).  A seat knows its own hand, the cards it
** tucked and its final scoring cards, every face-up card, and a card in
** another hand that the log showed it (taken from the display, say); it
** never knows the deck, a given draw order or a pending hand-over.
**
** A redeal collects the cards the viewer cannot place, sorts them, and
** shuffles them back into the same places with the given seed: sorting
** first is what makes the result a function of the viewer's knowledge
** alone, so two games that differ only in what the viewer cannot see give
** the same dealt game.  A step that is running cannot be copied (its Lua
** coroutine is replayed by a clone), so the redeal is recorded with the
** answer count it happened at and the clone repeats it there (game.c);
** so is one made at a continuation's decision, where the coroutine has
** ended but a clone later in the step may still replay it from its start.
*/
#include <string.h>
#include "game.h"
#include "rng.h"

typedef struct places {
  int16_t *at[ARK_MAX_CARDS];
  int n;
} places;

static void add_place(places *pl, int16_t *where) {
  if (pl->n < ARK_MAX_CARDS) pl->at[pl->n++] = where;
}

static int unknown_to(const ark_state *s, int card, int viewer) {
  return card >= 0 && !(s->known[card] & (1u << viewer));
}

/* The places of cards `viewer` cannot know, in a fixed order: the deck,
** the discard pile's cards the viewer has not seen, the display while
** face down, the other seats' hands and the cards they
** tucked face down (Pouch), then (apart) the other seats' final scoring
** cards and those left in the box. */
static void gather(ark_game *g, int viewer, places *cards, places *scoring) {
  ark_state *s = &g->s;
  for (int i = 0; i < s->ndeck; i++) add_place(cards, &s->deck[i]);
  /* the pile is face up but for the opening draft's discards while the
  ** draft runs (game.c): another seat's are not the viewer's to see */
  for (int i = 0; i < s->ndiscard; i++)
    if (unknown_to(s, s->discard[i], viewer)) add_place(cards, &s->discard[i]);
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (unknown_to(s, s->display[f], viewer)) add_place(cards, &s->display[f]);
  for (int p = 0; p < s->nplayers; p++) {
    if (p == viewer) continue;
    for (int i = 0; i < s->p[p].nhand; i++)
      if (unknown_to(s, s->p[p].hand[i], viewer)) add_place(cards, &s->p[p].hand[i]);
    for (int i = 0; i < s->p[p].nunder; i++)
      if (unknown_to(s, s->p[p].under[i], viewer)) add_place(cards, &s->p[p].under[i]);
    for (int k = 0; k < ARK_SCORING_HELD; k++)
      if (unknown_to(s, s->p[p].scoring[k], viewer)) add_place(scoring, &s->p[p].scoring[k]);
  }
  for (int i = 0; i < s->nbox; i++)
    if (g->c->cards[s->box[i]].type == ARK_CARD_SCORING && unknown_to(s, s->box[i], viewer))
      add_place(scoring, &s->box[i]);
}

/* Sorts the cards of these places, shuffles them and puts them back.  Ids
** are below ARK_MAX_CARDS: counted, not compared (a search deals once per
** view and per rollout). */
static void deal(ark_state *s, places *pl) {
  int16_t pool[ARK_MAX_CARDS];
  uint16_t count[ARK_MAX_CARDS] = { 0 };
  int n = 0, lo = ARK_MAX_CARDS, hi = -1;
  /* only the ids between the lowest and the highest dealt are read back:
  ** the scoring cards lie close together, and no content fills every id */
  for (int i = 0; i < pl->n; i++) {
    int id = *pl->at[i];
    count[id]++;
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  for (int id = lo; id <= hi; id++)
    for (int k = 0; k < count[id]; k++) pool[n++] = (int16_t)id;
  ark_rng_shuffle(s->rng, pool, pl->n);
  for (int i = 0; i < pl->n; i++) *pl->at[i] = pool[i];
}

/* After the deal the knowledge is what the deal itself implies: each
** seat knows the cards in its own hand, under its own cards and in its
** scoring slots, nobody the rest (so the knowledge, too, depends only on
** what the viewer knew). */
static void settle_knowledge(ark_state *s, const places *cards, const places *scoring) {
  for (int i = 0; i < cards->n; i++) s->known[*cards->at[i]] = 0;
  for (int i = 0; i < scoring->n; i++) s->known[*scoring->at[i]] = 0;
  for (int p = 0; p < s->nplayers; p++) {
    for (int i = 0; i < s->p[p].nhand; i++) s->known[s->p[p].hand[i]] |= (uint8_t)(1 << p);
    for (int i = 0; i < s->p[p].nunder; i++) s->known[s->p[p].under[i]] |= (uint8_t)(1 << p);
    for (int k = 0; k < ARK_SCORING_HELD; k++)
      if (s->p[p].scoring[k] >= 0) s->known[s->p[p].scoring[k]] |= (uint8_t)(1 << p);
  }
}

/* Blanks what events hidden from `viewer` said (the card drawn, ...). */
static void blank_log(ark_game *g, int viewer) {
  for (int i = 0; i < g->log.nev; i++) {
    ark_event *e = &g->log.ev[i];
    if (ark_event_visible(e, viewer)) continue;
    e->a = e->b = e->c = -1;
    e->text = -1;
  }
}

void ark_hidden_redeal(ark_game *g, int viewer, uint64_t seed) {
  places cards, scoring;
  ark_state *s = &g->s;
  if (viewer < 0 || viewer >= s->nplayers) return;
  /* inside a step, its coroutine running or ended at a continuation's
  ** decision (options left for later among them: such a decision is a
  ** continuation's too): the step's snapshot is older than this, so a
  ** clone that replays the step from it repeats the redeal (game.c) */
  if (g->co_ref >= 0 || (g->pending && g->cont)) {
    if (g->nredeal == ARK_MAX_REDEALS) {
      ark_game_fail(g, "internal: more than %d redeals in one step", ARK_MAX_REDEALS);
      return;
    }
    g->redeal[g->nredeal].at = g->nanswers;
    g->redeal[g->nredeal].viewer = viewer;
    g->redeal[g->nredeal++].seed = seed;
  }
  /* a pending choice among another seat's hand cards (ENGINE.choose_hand,
  ** a continuation: its answer starts from codes[i], card + a base) must
  ** take the card the view deals to that place, or its answer would move
  ** a card that is no longer in the hand.  Its texts keep the names it was
  ** offered with: the AIs read the options of their own seat's decisions,
  ** and those never come from a hand dealt anew */
  int hand_of = g->pending && g->cont && g->opt_src == ARK_OPTS_HAND
                && g->dec.player >= 0 && g->dec.player < s->nplayers
                && g->dec.player != viewer && s->p[g->dec.player].nhand == g->dec.noptions
                ? g->dec.player : -1;
  if (hand_of >= 0)
    for (int i = 0; i < g->dec.noptions; i++) g->codes[i] -= s->p[hand_of].hand[i];
  cards.n = scoring.n = 0;
  gather(g, viewer, &cards, &scoring);
  ark_rng_seed(s->rng, seed);
  s->next_off = 1;              /* a given draw order is not for the seat to know */
  /* nor is a pending hand-over (ark_config.handover, sim --test-card's arm
  ** B): a seat's AI that saw it would draft knowing which kept card leaves,
  ** and the two arms would differ in more than the card */
  s->nhandover = 0;
  memset(s->handover_seat, 0, sizeof s->handover_seat);
  memset(s->handover_card, 0, sizeof s->handover_card);
  deal(s, &cards);
  deal(s, &scoring);
  settle_knowledge(s, &cards, &scoring);
  if (hand_of >= 0)
    for (int i = 0; i < g->dec.noptions; i++) g->codes[i] += s->p[hand_of].hand[i];
  blank_log(g, viewer);
}

void ark_game_redeal_hidden(ark_game *g, int viewer, uint64_t seed) {
  ark_hidden_redeal(g, viewer, seed);
}

ark_game *ark_game_view(const ark_game *g, int seat, uint64_t seed) {
  ark_game *v = ark_game_clone(g);
  if (v) ark_hidden_redeal(v, seat, seed);
  return v;
}


