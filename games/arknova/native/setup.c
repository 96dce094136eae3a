/*
** setup.c - the starting position (rules: "Setup").  Everything random is
** drawn here, in a fixed order, from the seeded RNG of the state.
*/
#include <stdio.h>
#include <string.h>
#include "setup.h"
#include "map.h"
#include "rng.h"
#include "track.h"
#include "zone.h"

static void setup_player(ark_game *g, int p, int seat, int map) {
  ark_player *pl = &g->s.p[p];
  memset(pl, 0, sizeof *pl);
  const ark_ruleset *r = &g->c->rules;
  pl->money = (int16_t)r->start_money;
  pl->reputation = (int16_t)r->start_reputation;
  pl->appeal = (int16_t)seat;          /* 0, 1, 2, 3 by turn order */
  pl->workers = (uint8_t)r->start_workers;
  pl->hand_limit = (uint8_t)r->hand_limit;
  pl->map = (int8_t)map;
  for (int k = 0; k < ARK_SCORING_HELD; k++) pl->scoring[k] = ARK_NO_CARD;
  /* Animals in slot 1, the other four shuffled into slots 2-5 */
  int16_t rest[4] = { ARK_ACT_BUILD, ARK_ACT_CARDS, ARK_ACT_ASSOCIATION,
                      ARK_ACT_SPONSORS };
  ark_rng_shuffle(g->s.rng, rest, 4);
  pl->slot[0] = ARK_ACT_ANIMALS;
  for (int i = 0; i < 4; i++) pl->slot[i + 1] = (uint8_t)rest[i];
}

/* Buildings already standing on the map at the start (map A); also called
** when a player keeps a map in advanced mode (ark.set_map). */
int ark_setup_start_buildings(ark_game *g, int p, char *msg, size_t n) {
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  for (int i = 0; i < m->n_start; i++) {
    const ark_start_building *sb = &m->start[i];
    int def = ark_content_find_building(g->c, sb->type);
    if (def < 0) {
      snprintf(msg, n, "%s: start building '%s' is not a known building",
               m->path, sb->type);
      return -1;
    }
    ark_place pl;
    memset(&pl, 0, sizeof pl);
    pl.ncells = sb->ncells;
    memcpy(pl.cells, sb->cells, sb->ncells);
    ark_map_place(&g->s.p[p].zoo_map, def, &pl);
  }
  return 0;
}

/* Advanced mode deals from the front sides of maps 1-8 (rules: "Setup";
** the alternative sides stay available by id). */
static const char *const advanced_ids[ARK_ADVANCED_POOL] = {
  "1", "2", "3", "4", "5", "6", "7", "8"
};

int ark_setup_advanced_pool(const ark_content *c, int out[ARK_ADVANCED_POOL]) {
  int n = 0;
  for (int i = 0; i < ARK_ADVANCED_POOL; i++) {
    int m = ark_content_find_map(c, advanced_ids[i]);
    if (m >= 0) out[n++] = m;
  }
  return n;
}

/* The map every player starts with: the configured one, or in advanced
** mode a stand-in (the first map of the pool, no start buildings) until
** the map phase lets each player keep one.  -1 with a message if none. */
static int starting_map(const ark_config *cfg, const ark_content *c, int *advanced,
                        char *msg, size_t n) {
  const char *mapid = cfg->map ? cfg->map : "A";
  *advanced = !strcmp(mapid, ARK_MAP_ADVANCED);
  if (*advanced) {
    int pool[ARK_ADVANCED_POOL];
    int np = ark_setup_advanced_pool(c, pool);
    if (np < ARK_ADVANCED_DEAL * cfg->players) {
      snprintf(msg, n, "advanced mode deals %d maps of 1-8 to each player: %d players "
               "need %d, found %d", ARK_ADVANCED_DEAL, cfg->players,
               ARK_ADVANCED_DEAL * cfg->players, np);
      return -1;
    }
    return pool[0];
  }
  int map = ark_content_find_map(c, mapid);
  if (map < 0) {
    snprintf(msg, n, "unknown map '%s' (known: %s", mapid, ARK_MAP_ADVANCED);
    for (int i = 0; i < c->nmaps; i++) {
      size_t l = strlen(msg);
      snprintf(msg + l, n - l, " %s", c->maps[i].id);
    }
    size_t l = strlen(msg);
    /* the commonest cause: a fan map whose folder was not named */
    snprintf(msg + l, n - l, "; a fan map needs its folder: --maps DIR, or maps: in a "
             "scenario)");
  }
  return map;
}

_Static_assert(ARK_MAX_BASE_PROJECTS == 4, "ruleset.c's range of base_projects");

static void deal_projects(ark_game *g, int16_t *base, int nbase) {
  ark_state *s = &g->s;
  ark_rng_shuffle(s->rng, base, nbase);
  s->nbase = (uint8_t)g->c->rules.base_projects[s->nplayers - 2];
  if (s->nbase > nbase) s->nbase = (uint8_t)nbase;
  for (int i = 0; i < ARK_MAX_BASE_PROJECTS; i++) {
    s->base[i].card = i < s->nbase ? base[i] : ARK_NO_CARD;
    memset(s->base[i].owner, -1, sizeof s->base[i].owner);
  }
  for (int i = s->nbase; i < nbase; i++) ark_zone_box(g, base[i]);
  /* two players: level 1 of the first, 2 of the second, 3 of the third */
  if (s->nplayers == 2)
    for (int i = 0; i < 3 && i < s->nbase; i++) s->base[i].owner[i] = -2;
  for (int i = 0; i < ARK_ROW_SLOTS; i++) {
    s->row[i].card = ARK_NO_CARD;
    memset(s->row[i].owner, -1, sizeof s->row[i].owner);
  }
}

static void deal_bonus_tiles(ark_game *g) {
  int16_t tiles[ARK_TILE_N];
  for (int i = 0; i < ARK_TILE_N; i++) tiles[i] = (int16_t)i;
  ark_rng_shuffle(g->s.rng, tiles, ARK_TILE_N);
  for (int i = 0; i < ARK_N_BONUS_TILES; i++) g->s.bonus_tile[i] = (uint8_t)tiles[i];
  g->s.bonus_taken = 0;
}

/* Card numbers the configuration leaves out (balance experiments). */
static int excluded(const ark_config *cfg, int number) {
  for (int i = 0; i < ARK_MAX_EXCLUDE; i++)
    if (cfg->exclude[i] == number && number != 0) return 1;
  return 0;
}

/* Index in cfg->handover of the card with this number, or -1. */
static int handed(const ark_config *cfg, int number) {
  for (int k = 0; k < ARK_MAX_HANDOVER; k++)
    if (cfg->handover[k].number == number && number != 0) return k;
  return -1;
}

/* Every card number left out is a card of the content, and not one handed
** over too: a number that names nothing (a typo, a fan card whose folder
** was not given) would leave out nothing, unseen.  ARK_ERR_CONFIG with a
** message naming it. */
static int check_excluded(const ark_content *c, const ark_config *cfg, char *msg, size_t n) {
  for (int i = 0; i < ARK_MAX_EXCLUDE; i++) {
    int number = cfg->exclude[i], id = 0;
    if (number == 0) continue;
    while (id < c->ncards && c->cards[id].number != number) id++;
    if (id == c->ncards) {
      snprintf(msg, n, "card %d to leave out of the game: no card has that number", number);
      return ARK_ERR_CONFIG;
    }
    if (handed(cfg, number) >= 0) {
      snprintf(msg, n, "card %d is both left out of the game and handed over", number);
      return ARK_ERR_CONFIG;
    }
  }
  return ARK_OK;
}

/* Checks cfg->handover against the content and keeps it in the state;
** ARK_ERR_CONFIG with a message naming the entry when one does not fit. */
static int keep_handover(ark_game *g, const ark_config *cfg, char *msg, size_t n) {
  ark_state *s = &g->s;
  s->nhandover = 0;
  for (int k = 0; k < ARK_MAX_HANDOVER; k++) {
    int number = cfg->handover[k].number, seat = cfg->handover[k].seat, id = 0;
    if (number == 0) continue;
    while (id < g->c->ncards && g->c->cards[id].number != number) id++;
    if (id == g->c->ncards) {
      snprintf(msg, n, "card %d to hand over after the draft: no card has that number", number);
      return ARK_ERR_CONFIG;
    }
    const ark_card_def *d = &g->c->cards[id];
    if (d->type == ARK_CARD_SCORING || (d->type == ARK_CARD_PROJECT && d->base)) {
      snprintf(msg, n, "card %d to hand over after the draft is not a card of the deck "
               "(a final scoring card or a base project)", number);
      return ARK_ERR_CONFIG;
    }
    if (seat < 0 || seat >= cfg->players || handed(cfg, number) != k) {
      snprintf(msg, n, "card %d to hand over after the draft: %s", number,
               handed(cfg, number) != k ? "named twice" : "no such seat");
      return ARK_ERR_CONFIG;
    }
    s->handover_seat[s->nhandover] = (uint8_t)seat;
    s->handover_card[s->nhandover++] = (int16_t)id;
  }
  return ARK_OK;
}

int ark_setup(ark_game *g, const ark_config *cfg, char *msg, size_t n) {
  ark_state *s = &g->s;
  ark_content *c = g->c;
  int16_t deck[ARK_MAX_CARDS], base[ARK_MAX_CARDS], scoring[ARK_MAX_CARDS];
  int ndeck = 0, nbase = 0, nscoring = 0;
  int advanced;
  int map = starting_map(cfg, c, &advanced, msg, n);

  if (map < 0) return ARK_ERR_CONFIG;
  if (c->ncards > ARK_MAX_CARDS) {
    snprintf(msg, n, "too many cards (%d, at most %d)", c->ncards, ARK_MAX_CARDS);
    return ARK_ERR_CONTENT;
  }
  memset(s, 0, sizeof *s);
  ark_rng_seed(s->rng, cfg->seed);
  s->nplayers = (uint8_t)cfg->players;
  s->ncards = (uint16_t)c->ncards;      /* how much of known is live (state.h) */
  s->start_player = (uint8_t)ark_rng_below(s->rng, (uint32_t)cfg->players);
  s->break_len = (uint8_t)c->rules.break_length[cfg->players - 2];
  s->break_trigger = -1;
  s->end_trigger = -1;
  s->board_zoos = (1u << ARK_N_CONTINENTS) - 1;
  s->board_unis = (1u << ARK_N_UNIVERSITIES) - 1;
  for (int i = 0; i < ARK_DISPLAY; i++) s->display[i] = ARK_NO_CARD;
  for (int i = 0; i < cfg->players; i++) {
    int p = (s->start_player + i) % cfg->players;
    setup_player(g, p, i, map);
    if (!advanced && ark_setup_start_buildings(g, p, msg, n) != 0) return ARK_ERR_CONTENT;
  }
  int st = check_excluded(c, cfg, msg, n);
  if (st == ARK_OK) st = keep_handover(g, cfg, msg, n);
  if (st != ARK_OK) return st;
  for (int id = 0; id < c->ncards; id++) {
    const ark_card_def *d = &c->cards[id];
    /* a card to hand over waits in the box until the draft ends */
    if (excluded(cfg, d->number) || handed(cfg, d->number) >= 0) {
      ark_zone_box(g, id);
      s->known[id] = ARK_SEEN_ALL;    /* everyone knows it is out (or handed over) */
    }
    else if (d->type == ARK_CARD_SCORING) scoring[nscoring++] = (int16_t)id;
    else if (d->type == ARK_CARD_PROJECT && d->base) base[nbase++] = (int16_t)id;
    else deck[ndeck++] = (int16_t)id;
  }
  if (nbase < 3 || nscoring < 2 * cfg->players || ndeck < 8 * cfg->players + 6) {
    snprintf(msg, n, "not enough cards to play: %d base projects (need 3), %d final "
             "scoring cards (need %d), %d deck cards (need %d)", nbase, nscoring,
             2 * cfg->players, ndeck, 8 * cfg->players + 6);
    return ARK_ERR_CONTENT;
  }
  memcpy(s->deck, deck, sizeof deck[0] * (size_t)ndeck);
  s->ndeck = (int16_t)ndeck;
  ark_rng_shuffle(s->rng, s->deck, s->ndeck);
  deal_projects(g, base, nbase);
  deal_bonus_tiles(g);
  ark_rng_shuffle(s->rng, scoring, nscoring);
  for (int i = 0; i < nscoring; i++) {
    int p = i / 2;
    if (p < cfg->players) {
      s->p[p].scoring[i % 2] = scoring[i];
      s->known[scoring[i]] = (uint8_t)(1 << p);
    } else ark_zone_box(g, scoring[i]);
  }
  /* base projects lie face up; the display is dealt face down before the
  ** draft (known to nobody until the first refill turns it) */
  for (int i = 0; i < s->nbase; i++)
    if (s->base[i].card >= 0) s->known[s->base[i].card] = ARK_SEEN_ALL;
  for (int f = 0; f < ARK_DISPLAY; f++) s->display[f] = (int16_t)ark_zone_deck_pop(g);
  for (int i = 0; i < cfg->players; i++) {
    int p = (s->start_player + i) % cfg->players;
    for (int k = 0; k < c->rules.draft_draw; k++) ark_zone_hand_add(g, p, ark_zone_deck_pop(g));
    ark_track_icons(g, p);
  }
  /* advanced mode: the map phase (games/arknova/rules/maps.lua) comes before the draft */
  s->phase = advanced ? ARK_PH_MAPS : ARK_PH_DRAFT;
  s->step = 0;
  st = ark_setup_apply_spec(g, cfg, msg, n);   /* a given position (setup_spec.c) */
  if (st != ARK_OK) return st;
  ark_game_log(g, -1, ARK_EV_SETUP, cfg->players, s->start_player, s->p[s->start_player].map,
               NULL);
  for (int i = 0; i < cfg->players; i++) {   /* each sees only its own deal */
    int p = (s->start_player + i) % cfg->players;
    for (int k = 0; k < s->p[p].nhand; k++)
      ark_game_log_seen(g, p, ARK_EV_DRAW, s->p[p].hand[k], 0, 0, NULL, 1 << p);
  }
  return ARK_OK;
}

/* ---- cards handed over when the draft ends (ark_config.handover) ---- */

_Static_assert(ARK_MAX_HANDOVER <= sizeof ((ark_state *)0)->handover_card /
                                   sizeof ((ark_state *)0)->handover_card[0],
               "ark_state keeps every card of ark_config.handover");

void ark_setup_handover(ark_game *g) {
  ark_state *s = &g->s;
  int given[ARK_MAX_PLAYERS] = { 0 };
  char text[256];
  for (int k = 0; k < s->nhandover; k++) {
    int p = s->handover_seat[k], card = s->handover_card[k], old = ARK_NO_CARD;
    ark_player *pl = &s->p[p];
    int b = 0;
    while (b < s->nbox && s->box[b] != card) b++;
    if (b == s->nbox) continue;      /* a script moved it during the draft: keep it there */
    memmove(&s->box[b], &s->box[b + 1], sizeof s->box[0] * (size_t)(s->nbox - b - 1));
    s->nbox--;
    /* the last kept card, then the one before it for a second card */
    int at = pl->nhand - 1 - given[p]++;
    if (at >= 0) {
      old = pl->hand[at];
      pl->hand[at] = (int16_t)card;
      s->known[old] = ARK_SEEN_ALL;    /* the event below names both cards */
      ark_zone_box(g, old);
    } else {
      ark_zone_hand_add(g, p, card);
    }
    s->known[card] = ARK_SEEN_ALL;
    const ark_card_def *d = &g->c->cards[card];
    int k2 = snprintf(text, sizeof text, "is handed %s (%d) after the draft", d->name, d->number);
    if (old != ARK_NO_CARD && k2 > 0 && (size_t)k2 < sizeof text)
      snprintf(text + k2, sizeof text - (size_t)k2, ", in place of %s (%d), which leaves the game",
               g->c->cards[old].name, g->c->cards[old].number);
    ark_game_log(g, p, ARK_EV_TEXT, card, old, 0, text);
  }
  s->nhandover = 0;
}
