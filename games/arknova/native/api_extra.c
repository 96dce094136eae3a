/*
** api_extra.c - read-only views of the state for hosts (the terminal game,
** replays, statistics) and direct edits for scenario files.  Declared in
** ark.h; what each seat may know is hidden.c.
*/
#include <stdio.h>
#include <string.h>
#include "content.h"
#include "game.h"
#include "map.h"
#include "rules.h"
#include "setup.h"
#include "track.h"
#include "zone.h"

static const char *const action_names[ARK_N_ACTIONS] = {
  "Animals", "Build", "Cards", "Association", "Sponsors"
};

/* ---- views ---- */

int ark_card_count(const ark_game *g) { return g->c->ncards; }

int ark_card_find(const ark_game *g, int number) {
  return ark_content_find_card(g->c, number);
}

int ark_card_get(const ark_game *g, int id, ark_card_view *v) {
  memset(v, 0, sizeof *v);
  if (id < 0 || id >= g->c->ncards) return -1;
  const ark_card_def *d = &g->c->cards[id];
  v->id = id;
  v->number = d->number;
  v->type = d->type;
  v->name = d->name;
  v->description = d->description ? d->description : "";
  v->cost = d->cost;
  v->size = d->size;
  v->level = d->level;
  v->min_reputation = d->min_reputation;
  v->appeal = d->appeal;
  v->conservation = d->conservation;
  v->reputation = d->reputation;
  return 0;
}

int ark_game_current(const ark_game *g) { return g->s.cur; }

void ark_game_break_track(const ark_game *g, int *pos, int *len) {
  *pos = g->s.break_pos;
  *len = g->s.break_len;
}

static int bad_seat(const ark_game *g, int p) { return p < 0 || p >= g->s.nplayers; }

int ark_game_hand(const ark_game *g, int p, int *ids, int max) {
  if (bad_seat(g, p)) return 0;
  int n = 0;
  for (int i = 0; i < g->s.p[p].nhand && n < max; i++) ids[n++] = g->s.p[p].hand[i];
  return n;
}

int ark_game_zoo(const ark_game *g, int p, int *ids, int max) {
  if (bad_seat(g, p)) return 0;
  int n = 0;
  for (int i = 0; i < g->s.p[p].nzoo && n < max; i++) ids[n++] = g->s.p[p].zoo[i];
  return n;
}

void ark_game_display(const ark_game *g, int ids[6]) {
  for (int f = 0; f < 6; f++) ids[f] = f < ARK_DISPLAY ? g->s.display[f] : -1;
}

int ark_game_reputation_range(const ark_game *g, int p) {
  return bad_seat(g, p) ? 0 : ark_track_range(g, p);
}

void ark_game_action_cards(const ark_game *g, int p, int action[5], int side[5]) {
  for (int i = 0; i < ARK_N_ACTIONS; i++) {
    action[i] = bad_seat(g, p) ? i : g->s.p[p].slot[i];
    side[i] = bad_seat(g, p) ? 1 : 1 + ((g->s.p[p].upgraded >> action[i]) & 1);
  }
}

const char *ark_action_name(int a) {
  return a >= 0 && a < ARK_N_ACTIONS ? action_names[a] : "?";
}

void ark_game_cell(const ark_game *g, int p, int cell, ark_cell_view *v) {
  memset(v, 0, sizeof *v);
  v->building = v->animal = -1;
  if (bad_seat(g, p) || cell < 0 || cell >= ARK_CELLS) return;
  const ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  v->exists = m->exists[cell];
  v->terrain = m->terrain[cell];
  v->build2 = m->build2[cell];
  if (m->place_bonus[cell].kind != ARK_BONUS_NONE) {
    v->bonus = ark_content_bonus_name(g->c, m->place_bonus[cell].kind);
    v->bonus_value = m->place_bonus[cell].value;
  }
  int b = pl->zoo_map.at[cell] - 1;
  if (b < 0) return;
  v->building = b;
  v->building_key = g->c->buildings[pl->zoo_map.b[b].def].key;
  for (int i = 0; i < pl->nzoo; i++)
    if (pl->zoo_building[i] == b) v->animal = pl->zoo[i];
}

int ark_game_count_buildings(const ark_game *g, int p, const char *key) {
  if (bad_seat(g, p)) return 0;
  /* the zoo's buildings are b[0..nb), each on the map (ark_map_remove
  ** closes the gap) */
  const ark_zoo *z = &g->s.p[p].zoo_map;
  int d = ark_content_find_building(g->c, key), n = 0;
  for (int b = 0; d >= 0 && b < z->nb; b++) n += z->b[b].def == d;
  return n;
}

const char *ark_game_map_name(const ark_game *g, int p) {
  if (bad_seat(g, p)) return "?";
  return g->c->maps[g->s.p[p].map].name;
}

int ark_game_card_known(const ark_game *g, int card, int seat) {
  if (bad_seat(g, seat) || card < 0 || card >= g->c->ncards) return 0;
  return (g->s.known[card] >> seat) & 1;
}

/* A seat keeps its map with ark.set_map, which logs it as text of the
** seat with the map in `a`: the only event of a seat in the map phase. */
int ark_game_map_kept(const ark_game *g, int p) {
  if (bad_seat(g, p) || g->s.phase != ARK_PH_MAPS) return 1;
  for (int i = 0; i < g->log.nev; i++)
    if (g->log.ev[i].player == p && g->log.ev[i].type == ARK_EV_TEXT) return 1;
  return 0;
}

ark_game *ark_game_map_preview(const ark_game *g, int p, const char *id) {
  int m = ark_content_find_map(g->c, id);
  if (bad_seat(g, p) || g->s.phase != ARK_PH_MAPS || m < 0) return NULL;
  ark_game *c = ark_game_clone(g);
  char msg[256];
  if (!c) return NULL;
  ark_player *pl = &c->s.p[p];
  memset(&pl->zoo_map, 0, sizeof pl->zoo_map);
  pl->map = (int8_t)m;
  if (ark_setup_start_buildings(c, p, msg, sizeof msg) != 0) {
    ark_game_free(c);
    return NULL;
  }
  return c;
}

const char *ark_game_map_ability(const ark_game *g, int p) {
  if (bad_seat(g, p)) return "";
  const char *a = g->c->maps[g->s.p[p].map].ability;
  return a ? a : "";
}

int ark_game_map_features(const ark_game *g, int p, ark_map_feature_view *out, int max) {
  if (bad_seat(g, p)) return 0;
  const ark_map_def *m = &g->c->maps[g->s.p[p].map];
  for (int i = 0; i < m->n_features && i < max; i++) {
    const ark_feature *f = &m->features[i];
    out[i].kind = f->kind;
    out[i].x = f->x;
    out[i].y = f->y;
    out[i].off_board = f->off_board;
    out[i].note = f->note ? f->note : "";
  }
  return m->n_features;
}

int ark_game_target(const ark_game *g, int conservation) {
  return ark_track_target_of(g, conservation);
}

/* Does path lie in folder dir/sub? */
static int inside(const char *path, const char *dir, const char *sub) {
  size_t n = strlen(dir), k = strlen(sub);
  return path && !strncmp(path, dir, n) && path[n] == '/' && !strncmp(path + n + 1, sub, k) &&
         path[n + 1 + k] == '/';
}

int ark_content_count(const ark_config *cfg, ark_content_counts *out, char *msg, size_t n) {
  ark_content *c;
  memset(out, 0, sizeof *out);
  if (ark_content_load(cfg, &c, msg, n) != ARK_OK) return -1;
  const char *data = c->data_dir ? c->data_dir : "";
  out->cards = c->ncards;
  out->maps = c->nmaps;
  for (int i = 0; i < c->ncards; i++) out->extra_cards += !inside(c->cards[i].path, data, "cards");
  for (int i = 0; i < c->nmaps; i++) out->extra_maps += !inside(c->maps[i].path, data, "maps");
  out->plugins = c->nplugins;
  ark_content_release(c);
  return 0;
}

/* ---- edits ---- */

static int fail(char *msg, size_t n, const char *what, int v) {
  snprintf(msg, n, what, v);
  return -1;
}

static int card_of(const ark_game *g, int number, char *msg, size_t n) {
  int id = ark_content_find_card(g->c, number);
  if (id < 0)
    fail(msg, n, "no card with number %d (a fan card needs its folder: --cards DIR, or "
                 "cards: in a scenario)", number);
  return id;
}

/* Takes a card out of whichever zone holds it (deck, discard, box,
** display, a hand) so that it can be put somewhere else. */
static int take_anywhere(ark_game *g, int id) {
  ark_state *s = &g->s;
  int16_t *piles[3] = { s->deck, s->discard, s->box };
  int16_t *counts[3] = { &s->ndeck, &s->ndiscard, &s->nbox };
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < *counts[k]; i++)
      if (piles[k][i] == id) {
        memmove(&piles[k][i], &piles[k][i + 1], sizeof(int16_t) * (size_t)(*counts[k] - i - 1));
        (*counts[k])--;
        return 0;
      }
  for (int f = 0; f < ARK_DISPLAY; f++)
    if (s->display[f] == id) {
      s->display[f] = ARK_NO_CARD;
      return 0;
    }
  for (int p = 0; p < s->nplayers; p++)
    if (ark_zone_hand_remove(g, p, id) == 0) return 0;
  return -1;
}

/* The bonus spaces of reputation and conservation (QUERIES.bonus_spaces in
** games/arknova/rules/rules.lua, which a plugin may move) at or below p's value count
** as passed, those above as not reached: a position edited to reputation
** 8 has had its upgrade at 5 and its worker at 8, and the next gain must
** not pay them again.  The rules pay each space once, when it is reached. */
static void mark_bonus_spaces(ark_game *g, int p) {
  int v[64], n = ark_game_query(g, "bonus_spaces", p, v, 64);
  ark_player *pl = &g->s.p[p];
  if (n < 2 || v[0] < 0 || v[0] > 16 || v[0] + 2 > n) return;
  int ncp = v[v[0] + 1];
  if (ncp < 0 || ncp > 8 || v[0] + 2 + ncp > n) return;
  uint16_t rep = 0;
  uint8_t cp = 0;
  for (int i = 0; i < v[0]; i++)
    if (pl->reputation >= v[1 + i]) rep |= (uint16_t)(1u << i);
  for (int i = 0; i < ncp; i++)
    if (pl->conservation >= v[v[0] + 2 + i]) cp |= (uint8_t)(1u << i);
  pl->rep_bonus_done = rep;
  pl->cp_bonus_done = cp;
}

int ark_edit_track(ark_game *g, int p, const char *track, int value, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  ark_player *pl = &g->s.p[p];
  const ark_ruleset *r = &g->c->rules;
  const struct { const char *name; int lo, hi; } range[] = {
    { "money", 0, 32000 }, { "appeal", 0, r->appeal_max },
    { "conservation", 0, r->conservation_max }, { "reputation", 0, r->reputation_max },
    { "xtokens", 0, ARK_MAX_XTOKENS }, { "workers", 1, ARK_MAX_WORKERS },
  };
  size_t k = 0;
  while (k < sizeof range / sizeof range[0] && strcmp(track, range[k].name)) k++;
  if (k == sizeof range / sizeof range[0]) {
    snprintf(msg, n, "unknown track '%s' (money, appeal, conservation, reputation, xtokens, "
                     "workers)", track);
    return -1;
  }
  if (value < range[k].lo || value > range[k].hi) {
    snprintf(msg, n, "%s %d is outside %d..%d", track, value, range[k].lo, range[k].hi);
    return -1;
  }
  if (!strcmp(track, "money")) pl->money = (int16_t)value;
  else if (!strcmp(track, "appeal")) pl->appeal = (int16_t)value;
  else if (!strcmp(track, "conservation")) pl->conservation = (int16_t)value;
  else if (!strcmp(track, "reputation")) pl->reputation = (int16_t)value;
  else if (!strcmp(track, "xtokens")) pl->xtokens = (uint8_t)value;
  else pl->workers = (uint8_t)value;
  if (!strcmp(track, "reputation") || !strcmp(track, "conservation")) mark_bonus_spaces(g, p);
  return 0;
}

int ark_edit_hand(ark_game *g, int p, const int *numbers, int count, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  ark_player *pl = &g->s.p[p];
  while (pl->nhand > 0) ark_zone_discard(g, pl->hand[--pl->nhand]);
  for (int i = 0; i < count; i++) {
    int id = card_of(g, numbers[i], msg, n);
    if (id < 0) return -1;
    if (take_anywhere(g, id) != 0) return fail(msg, n, "card %d is not free to take", numbers[i]);
    ark_zone_hand_add(g, p, id);
  }
  return 0;
}

int ark_edit_display(ark_game *g, const int *numbers, int count, char *msg, size_t n) {
  if (count > ARK_DISPLAY) return fail(msg, n, "the display has %d folders", ARK_DISPLAY);
  for (int f = 0; f < ARK_DISPLAY; f++) {
    if (g->s.display[f] >= 0) ark_zone_discard(g, g->s.display[f]);
    g->s.display[f] = ARK_NO_CARD;
  }
  for (int f = 0; f < count; f++) {
    if (numbers[f] < 0) continue;
    int id = card_of(g, numbers[f], msg, n);
    if (id < 0) return -1;
    if (take_anywhere(g, id) != 0) return fail(msg, n, "card %d is not free to take", numbers[f]);
    g->s.display[f] = (int16_t)id;
  }
  return 0;
}

int ark_edit_build(ark_game *g, int p, const char *key, const int *cells, int ncells,
                   int *index, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  int def = ark_content_find_building(g->c, key);
  if (def < 0) {
    snprintf(msg, n, "unknown building '%s'", key);
    return -1;
  }
  if (ncells != g->c->buildings[def].ncells)
    return fail(msg, n, "this building covers %d spaces", g->c->buildings[def].ncells);
  ark_player *pl = &g->s.p[p];
  const ark_map_def *m = &g->c->maps[pl->map];
  ark_place pc;
  memset(&pc, 0, sizeof pc);
  for (int i = 0; i < ncells; i++) {
    int c = cells[i];
    /* named as (x,y), as options and scenario files name spaces */
    if (c < 0 || c >= ARK_CELLS) return fail(msg, n, "space %d is off the grid", c);
    if (!m->exists[c]) {
      snprintf(msg, n, "(%d,%d) is not a space of map %s", ARK_CELL_X(c), ARK_CELL_Y(c), m->id);
      return -1;
    }
    if (pl->zoo_map.at[c]) {
      const ark_building *there = &pl->zoo_map.b[pl->zoo_map.at[c] - 1];
      snprintf(msg, n, "(%d,%d) is already built on: a %s stands there (a start building of the "
               "map, or one placed before)", ARK_CELL_X(c), ARK_CELL_Y(c),
               g->c->buildings[there->def].key);
      return -1;
    }
    /* ark_map_place expects the cells sorted ascending */
    int k = i;
    while (k > 0 && pc.cells[k - 1] > c) { pc.cells[k] = pc.cells[k - 1]; k--; }
    pc.cells[k] = (uint8_t)c;
  }
  pc.ncells = (uint8_t)ncells;
  int b = ark_map_place(&pl->zoo_map, def, &pc);
  if (b < 0) return fail(msg, n, "the zoo holds at most %d buildings", ARK_MAX_BUILDINGS);
  if (index) *index = b;
  return 0;
}

/* Room an animal takes in a special enclosure (0 = does not fit,
** ARK_ROOM_NONE = fits, takes none). */
static int special_room(const ark_building_def *b, const ark_card_def *a) {
  if (!strcmp(b->key, "petting-zoo")) return a->petting_size;
  if (!strcmp(b->key, "reptile-house")) return a->reptile_size;
  if (!strcmp(b->key, "large-bird-aviary")) return a->aviary_size;
  return 0;
}

int ark_edit_zoo_card(ark_game *g, int p, int number, int building, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  int id = card_of(g, number, msg, n);
  if (id < 0) return -1;
  ark_player *pl = &g->s.p[p];
  if (pl->nzoo >= ARK_ZOO_MAX) return fail(msg, n, "at most %d cards in a zoo", ARK_ZOO_MAX);
  if (building >= pl->zoo_map.nb) return fail(msg, n, "no building #%d", building);
  if (building >= 0) {
    ark_building *b = &pl->zoo_map.b[building];
    const ark_building_def *d = &g->c->buildings[b->def];
    if (d->kind == ARK_BK_ENCLOSURE) {
      if (b->used) return fail(msg, n, "enclosure #%d already holds an animal", building);
      b->used = 1;
      b->card = (int16_t)id;
    } else if (d->kind == ARK_BK_SPECIAL) {
      int size = special_room(d, &g->c->cards[id]), room = size > 0 ? size : 0;
      if (size == 0 || b->used + room > d->capacity)
        return fail(msg, n, "card %d does not fit into that special enclosure", number);
      b->used = (uint8_t)(b->used + room);
    } else {
      return fail(msg, n, "building #%d is not an enclosure", building);
    }
  }
  if (take_anywhere(g, id) != 0) return fail(msg, n, "card %d is not free to take", number);
  ark_zone_zoo_add(g, p, id, building);
  return 0;
}

int ark_edit_actions(ark_game *g, int p, const int action[5], const int side[5], char *msg,
                     size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  int seen = 0;
  uint8_t up = 0;
  for (int i = 0; i < ARK_N_ACTIONS; i++) {
    if (action[i] < 0 || action[i] >= ARK_N_ACTIONS || (seen >> action[i]) & 1)
      return fail(msg, n, "the five slots need the five action cards once each (slot %d)", i + 1);
    seen |= 1 << action[i];
    if (side[i] == 2) up |= (uint8_t)(1u << action[i]);
  }
  ark_player *pl = &g->s.p[p];
  for (int i = 0; i < ARK_N_ACTIONS; i++) pl->slot[i] = (uint8_t)action[i];
  pl->upgraded = up;
  return 0;
}

int ark_edit_current(ark_game *g, int p, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  if (g->s.phase != ARK_PH_TURN) {
    snprintf(msg, n, "the current player can only be set during the turns");
    return -1;
  }
  g->s.cur = (uint8_t)p;
  return 0;
}

static const char *const continents[] = { "africa", "americas", "asia", "australia", "europe" };
static const char *const universities[] = { "research", "reputation", "library" };

const char *ark_university_name(int u) {
  return u >= 0 && u < ARK_N_UNIVERSITIES ? universities[u] : NULL;
}

/* The set of names (each one of `of`) as bits, for seat p; -1 with a
** message for a bad seat or an unknown name. */
static int seat_name_bits(const ark_game *g, int p, const char *const *names, int count,
                          const char *const *of, int nof, const char *what, char *msg,
                          size_t n) {
  int bits = 0;
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  for (int i = 0; i < count; i++) {
    int k = 0;
    while (k < nof && strcmp(names[i], of[k])) k++;
    if (k == nof) {
      snprintf(msg, n, "unknown %s '%s'", what, names[i]);
      return -1;
    }
    bits |= 1 << k;
  }
  return bits;
}

int ark_edit_partner_zoos(ark_game *g, int p, const char *const *names, int count, char *msg,
                          size_t n) {
  int bits = seat_name_bits(g, p, names, count, continents, 5,
                            "continent (africa, americas, asia, australia, europe)", msg, n);
  if (bits < 0) return -1;
  g->s.p[p].partner_zoos = (uint8_t)bits;
  return 0;
}

int ark_edit_universities(ark_game *g, int p, const char *const *names, int count, char *msg,
                          size_t n) {
  int bits = seat_name_bits(g, p, names, count, universities, 3,
                            "university (research, reputation, library)", msg, n);
  if (bits < 0) return -1;
  g->s.p[p].universities = (uint8_t)bits;
  /* the library raises the hand limit to 5 when it is taken (rules.lua);
  ** an edited position must keep what the taking would have given, and a
  ** rules plugin's higher limit stays */
  int library = bits & (1 << ARK_UNI_LIBRARY), base = g->c->rules.hand_limit;
  g->s.p[p].hand_limit =
      (uint8_t)(library && base < ARK_HAND_LIMIT_LIBRARY ? ARK_HAND_LIMIT_LIBRARY : base);
  return 0;
}

/* Card id of printed `number` if it is of `type`, else -1 with a message. */
static int card_of_type(ark_game *g, int number, int type, const char *what, char *msg,
                        size_t n) {
  int id = card_of(g, number, msg, n);
  if (id < 0) return -1;
  if ((int)g->c->cards[id].type == type) return id;
  snprintf(msg, n, "card %d is not %s", number, what);
  return -1;
}

_Static_assert(ARK_SCORING_HELD == 4, "ark_edit_scoring's message names the limit");
int ark_edit_scoring(ark_game *g, int p, const int *numbers, int count, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  if (count < 1 || count > ARK_SCORING_HELD)
    return fail(msg, n, "a player holds 1 to 4 final scoring cards (2 dealt, 1 after the "
                "discard at 10 conservation, more after Resistance), not %d", count);
  ark_player *pl = &g->s.p[p];
  for (int i = 0; i < ARK_SCORING_HELD; i++) {
    if (pl->scoring[i] >= 0) ark_zone_box(g, pl->scoring[i]);
    pl->scoring[i] = ARK_NO_CARD;
  }
  for (int i = 0; i < count; i++) {
    int id = card_of_type(g, numbers[i], ARK_CARD_SCORING, "a final scoring card", msg, n);
    if (id < 0) return -1;
    for (int q = 0; q < g->s.nplayers; q++)
      for (int k = 0; k < ARK_SCORING_HELD; k++)
        if (g->s.p[q].scoring[k] == id) g->s.p[q].scoring[k] = ARK_NO_CARD;
    take_anywhere(g, id);
    pl->scoring[i] = (int16_t)id;
  }
  return 0;
}

int ark_edit_base_projects(ark_game *g, const int *numbers, int count, char *msg, size_t n) {
  ark_state *s = &g->s;
  if (count < 1 || count > ARK_MAX_BASE_PROJECTS)
    return fail(msg, n, "1 to %d base projects", ARK_MAX_BASE_PROJECTS);
  for (int i = 0; i < s->nbase; i++)
    if (s->base[i].card >= 0) ark_zone_box(g, s->base[i].card);
  for (int i = 0; i < ARK_MAX_BASE_PROJECTS; i++) {
    s->base[i].card = ARK_NO_CARD;
    memset(s->base[i].owner, -1, sizeof s->base[i].owner);
  }
  s->nbase = (uint8_t)count;
  for (int i = 0; i < count; i++) {
    int id = card_of_type(g, numbers[i], ARK_CARD_PROJECT, "a conservation project", msg, n);
    if (id < 0) return -1;
    if (take_anywhere(g, id) != 0) return fail(msg, n, "card %d is not free to take", numbers[i]);
    s->base[i].card = (int16_t)id;
    if (s->nplayers == 2 && i < 3) s->base[i].owner[i] = -2;
  }
  return 0;
}

int ark_edit_break(ark_game *g, int pos, char *msg, size_t n) {
  /* a full track is a break under way, which an edit cannot start */
  if (pos < 0 || pos >= g->s.break_len)
    return fail(msg, n, "the break track holds 0 to %d before it is full", g->s.break_len - 1);
  g->s.break_pos = (uint8_t)pos;
  return 0;
}

int ark_edit_donations(ark_game *g, int count, char *msg, size_t n) {
  if (count < 0 || count > 100) return fail(msg, n, "donations: %d is outside 0..100", count);
  g->s.donations = (uint8_t)count;
  return 0;
}

int ark_game_donations(const ark_game *g) { return g->s.donations; }

int ark_edit_supports(ark_game *g, int p, int count, char *msg, size_t n) {
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  if (count < 0 || count > 100) return fail(msg, n, "supports: %d is outside 0..100", count);
  g->s.p[p].supports = (uint8_t)count;
  return 0;
}

static const char *const token_kinds[] = { "multiplier", "venom", "constriction" };

static uint8_t *tokens_of(ark_player *pl, int kind) {
  return kind == 0 ? pl->multiplier : kind == 1 ? pl->venom : pl->constriction;
}

static int token_kind(const char *kind) {
  for (int k = 0; k < 3; k++)
    if (!strcmp(kind, token_kinds[k])) return k;
  return -1;
}

int ark_game_tokens(const ark_game *g, int p, const char *kind, int count[5]) {
  int k = token_kind(kind);
  if (bad_seat(g, p) || k < 0) return -1;
  const uint8_t *t = tokens_of((ark_player *)&g->s.p[p], k);
  for (int a = 0; a < ARK_N_ACTIONS; a++) count[a] = t[a];
  return 0;
}

int ark_edit_tokens(ark_game *g, int p, const char *kind, const int count[5], char *msg,
                    size_t n) {
  int k = token_kind(kind);
  if (bad_seat(g, p)) return fail(msg, n, "no player %d", p + 1);
  if (k < 0) {
    snprintf(msg, n, "unknown token kind '%s' (multiplier, venom, constriction)", kind);
    return -1;
  }
  for (int a = 0; a < ARK_N_ACTIONS; a++)
    if (count[a] < 0 || count[a] > 20)
      return fail(msg, n, "%d tokens on one action card: at most 20", count[a]);
  uint8_t *t = tokens_of(&g->s.p[p], k);
  for (int a = 0; a < ARK_N_ACTIONS; a++) t[a] = (uint8_t)count[a];
  return 0;
}

void ark_edit_done(ark_game *g) {
  ark_game_refresh(g);
  ark_game_restart_step(g);
}
