/*
** support.c - test helpers: building games, random play, invariants.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "support.h"
#include "map.h"
#include "track.h"
#include "zone.h"

ark_game *t_new_game(int players, uint64_t seed, const char *map) {
  ark_config cfg;
  ark_game *g = NULL;
  char msg[2048];
  ark_config_init(&cfg);
  cfg.players = players;
  cfg.seed = seed;
  cfg.map = map;
  cfg.data_dir = ARK_SOURCE_DIR;
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("ark_game_new: %s", msg);
  return g;
}

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int t_random_answer(ark_game *g, uint64_t *rng) {
  const ark_decision *d = ark_game_decision(g);
  char msg[256];
  int i = (int)(splitmix(rng) % (uint64_t)d->noptions);
  if (ark_game_answer(g, i, msg, sizeof msg) != ARK_OK && ark_game_error(g)[0] == '\0')
    fail_msg("answer refused: %s", msg);
  return i;
}

const char *t_invariants(ark_game *g) {
  static char msg[512];
  const ark_state *s = &g->s;
  if (ark_zone_check(g, msg, sizeof msg) != 0) return msg;
  for (int p = 0; p < s->nplayers; p++) {
    const ark_player *pl = &s->p[p];
    if (pl->money < 0) return "money below 0";
    if (pl->appeal < 0 || pl->appeal > ARK_APPEAL_MAX) return "appeal out of bounds";
    if (pl->conservation < 0 || pl->conservation > ARK_CONSERVATION_MAX)
      return "conservation out of bounds";
    if (pl->reputation < 0 || pl->reputation > ARK_REPUTATION_MAX) return "reputation out of bounds";
    if (pl->xtokens > ARK_MAX_XTOKENS) return "too many X tokens";
    if (pl->workers < 1 || pl->workers > ARK_MAX_WORKERS) return "workers out of bounds";
    if (pl->workers_out > pl->workers) return "more workers out than owned";
    /* enclosure occupancy: each occupied standard enclosure holds exactly
    ** the animal that points to it */
    const ark_zoo *z = &pl->zoo_map;
    for (int b = 0; b < z->nb; b++) {
      const ark_building *bu = &z->b[b];
      const ark_building_def *d = &g->c->buildings[bu->def];
      int count = 0, used = 0;
      for (int i = 0; i < pl->nzoo; i++)
        if (pl->zoo_building[i] == b) {
          count++;
          const ark_card_def *a = &g->c->cards[pl->zoo[i]];
          used += !strcmp(d->key, "petting-zoo") ? a->petting_size
                : !strcmp(d->key, "reptile-house") ? a->reptile_size
                : !strcmp(d->key, "large-bird-aviary") ? a->aviary_size : 1;
        }
      if (d->kind == ARK_BK_ENCLOSURE) {
        if (count > 1) return "two animals in one standard enclosure";
        if ((bu->used != 0) != (count == 1)) return "enclosure occupancy flag disagrees";
      } else if (d->kind == ARK_BK_SPECIAL) {
        if (used != bu->used || used > d->capacity) return "special enclosure capacity disagrees";
      } else if (count) {
        return "an animal lives in a building that is not an enclosure";
      }
      for (int k = 0; k < bu->ncells; k++)
        if (z->at[bu->cells[k]] != b + 1) return "map cell does not point to its building";
    }
  }
  if (s->break_pos > s->break_len) return "break marker past the end";
  return NULL;
}

int t_play_random(ark_game *g, uint64_t rng_seed, int check) {
  uint64_t rng = rng_seed;
  ark_progress pr;
  while ((pr = ark_game_process(g)) == ARK_AWAITING) {
    if (check) {
      const char *bad = t_invariants(g);
      if (bad) fail_msg("invariant broken at turn %d: %s", ark_game_turns(g), bad);
    }
    t_random_answer(g, &rng);
  }
  if (pr == ARK_ERROR) print_error("game error: %s\n", ark_game_error(g));
  return pr;
}

void t_answer_match(ark_game *g, const char *needle) {
  const ark_decision *d = ark_game_decision(g);
  char msg[256];
  if (!d) fail_msg("no decision pending (looking for '%s'): %s", needle, ark_game_error(g));
  for (int i = 0; i < d->noptions; i++)
    if (strstr(d->options[i], needle)) {
      if (ark_game_answer(g, i, msg, sizeof msg) != ARK_OK)
        fail_msg("answer failed: %s / %s", msg, ark_game_error(g));
      return;
    }
  print_error("decision %s (%s) options:\n", d->tag, d->prompt);
  for (int i = 0; i < d->noptions; i++) print_error("  %s\n", d->options[i]);
  fail_msg("no option contains '%s'", needle);
}

int t_has_option(ark_game *g, const char *needle) {
  const ark_decision *d = ark_game_decision(g);
  if (!d) return 0;
  for (int i = 0; i < d->noptions; i++)
    if (strstr(d->options[i], needle)) return 1;
  return 0;
}

void t_expect(ark_game *g, const char *tag, int player) {
  ark_progress pr = ark_game_process(g);
  if (pr != ARK_AWAITING) fail_msg("expected decision %s, got %d (%s)", tag, pr, ark_game_error(g));
  const ark_decision *d = ark_game_decision(g);
  if (strcmp(d->tag, tag) != 0 || (player >= 0 && d->player != player))
    fail_msg("expected %s for player %d, got %s for player %d (%s)", tag, player, d->tag,
             d->player, d->prompt);
}

int t_card(ark_game *g, int number) {
  int id = ark_content_find_card(g->c, number);
  if (id < 0) fail_msg("no card %d", number);
  return id;
}

/* Removes a card from any zone it is in. */
static void take_anywhere(ark_game *g, int id) {
  ark_state *s = &g->s;
  for (int i = 0; i < s->ndeck; i++)
    if (s->deck[i] == id) { memmove(&s->deck[i], &s->deck[i + 1], sizeof(int16_t) * (size_t)(s->ndeck - i - 1)); s->ndeck--; return; }
  for (int i = 0; i < s->ndiscard; i++)
    if (s->discard[i] == id) { memmove(&s->discard[i], &s->discard[i + 1], sizeof(int16_t) * (size_t)(s->ndiscard - i - 1)); s->ndiscard--; return; }
  for (int i = 0; i < s->nbox; i++)
    if (s->box[i] == id) { memmove(&s->box[i], &s->box[i + 1], sizeof(int16_t) * (size_t)(s->nbox - i - 1)); s->nbox--; return; }
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (s->display[f] == id) { s->display[f] = (int16_t)ark_zone_deck_pop(g); return; }
  for (int p = 0; p < s->nplayers; p++)
    if (ark_zone_hand_remove(g, p, id) == 0) return;
  fail_msg("card %d is not in a zone a test can take it from", g->c->cards[id].number);
}

void t_give(ark_game *g, int p, int number) {
  int id = t_card(g, number);
  if (ark_zone_hand_find(g, p, id) >= 0) return;
  take_anywhere(g, id);
  ark_zone_hand_add(g, p, id);
}

void t_to_first_turn(ark_game *g) {
  /* the draft keeps the first four cards of each hand */
  while (ark_game_process(g) == ARK_AWAITING) {
    const ark_decision *d = ark_game_decision(g);
    if (!strcmp(d->tag, "action")) return;
    char msg[128];
    ark_game_answer(g, d->noptions - 1, msg, sizeof msg);
  }
  fail_msg("game ended before the first turn: %s", ark_game_error(g));
}

void t_restart(ark_game *g) {
  ark_game_refresh(g);
  ark_game_restart_step(g);
}

void t_clear_hand(ark_game *g, int p) {
  ark_player *pl = &g->s.p[p];
  while (pl->nhand > 0) {
    int id = pl->hand[pl->nhand - 1];
    pl->nhand--;
    ark_zone_discard(g, id);
  }
}
