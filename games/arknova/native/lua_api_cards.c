/*
** lua_api_cards.c - primitives for the keyword abilities of animal cards
** (cards/lib/keywords.lua; see docs/lua-api.md): cards tucked under a
** played card (Pouch), the discard pile (Hunter, Perception, Scavenging),
** the box (Assertion, Dominance, Resistance), action slots (Boost) and an
** animal sharing an enclosure (Flock).
**
** Every card move keeps each card in exactly one zone (ark_zone_check).  A
** primitive that takes a card out of a zone (discard_take, box_take) leaves
** it in none: the caller puts it somewhere before asking a decision.
*/
#include <string.h>
#include "lua_api.h"
#include "luacompat.h"
#include "rng.h"
#include "zone.h"

#define UNDER_MAX ((int)(sizeof(((ark_player *)0)->under) / sizeof(int16_t)))

static const char *const action_names[ARK_N_ACTIONS] = {
  "animals", "build", "cards", "association", "sponsors"
};

static int arg_action(lua_State *L, int i) {
  const char *s = luaL_checkstring(L, i);
  for (int a = 0; a < ARK_N_ACTIONS; a++)
    if (strcmp(s, action_names[a]) == 0) return a;
  return luaL_error(L, "unknown action card '%s'", s);
}

static void push_list(lua_State *L, const int16_t *a, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, a[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* Removes entry i of an array of n cards, keeping the order. */
static void remove_at(int16_t *a, int16_t *n, int i) {
  memmove(&a[i], &a[i + 1], sizeof a[0] * (size_t)(*n - i - 1));
  (*n)--;
}

static int find(const int16_t *a, int n, int card) {
  for (int i = 0; i < n; i++)
    if (a[i] == card) return i;
  return -1;
}

/* ---- cards under played cards (Pouch) ---- */

/* ark.tuck(p, card, host): a card of p's hand goes under card `host` of
** p's zoo, where it stays for the rest of the game. */
static int l_tuck(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int p = ark_lua_arg_player(L, g, 1);
  int card = ark_lua_arg_card(L, g, 2);
  int host = ark_lua_arg_card(L, g, 3);
  ark_player *pl = &g->s.p[p];
  if (ark_zone_zoo_find(g, p, host) < 0)
    return luaL_error(L, "%s is not in that zoo", g->c->cards[host].name);
  if (pl->nunder >= UNDER_MAX) return luaL_error(L, "no room for more tucked cards");
  if (ark_zone_hand_remove(g, p, card) != 0)
    return luaL_error(L, "%s is not in that hand", g->c->cards[card].name);
  pl->under[pl->nunder] = (int16_t)card;
  pl->under_host[pl->nunder] = (int16_t)host;
  pl->nunder++;
  ark_game_log(g, p, ARK_EV_TEXT, card, host, 0, "card tucked under an animal");
  return 0;
}

/* ark.under(p [, host]) -> the cards tucked under host (or under any of
** p's cards), in the order they were tucked. */
static int l_under(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  int host = lua_isnoneornil(L, 2) ? -1 : ark_lua_arg_card(L, g, 2);
  const ark_player *pl = &g->s.p[p];
  lua_newtable(L);
  int n = 0;
  for (int i = 0; i < pl->nunder; i++)
    if (host < 0 || pl->under_host[i] == host) {
      lua_pushinteger(L, pl->under[i]);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

/* ark.under_room(p) -> how many more cards p can tuck: the state holds
** UNDER_MAX, and an offer to tuck past them would stop the game. */
static int l_under_room(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  int p = ark_lua_arg_player(L, g, 1);
  lua_pushinteger(L, UNDER_MAX - g->s.p[p].nunder);
  return 1;
}

/* ---- discard pile ---- */

/* ark.discard_pile() -> the discard pile, oldest first (top last) */
static int l_discard_pile(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  push_list(L, g->s.discard, g->s.ndiscard);
  return 1;
}

/* ark.discard_shuffle(): shuffles the discard pile (Scavenging) with the
** game's generator; a given draw order puts its cards on top. */
static int l_discard_shuffle(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  ark_zone_discard_shuffle(g);
  return 0;
}

/* ark.discard_take(card) -> true if the card was in the discard pile and
** left it (the caller puts it somewhere at once). */
static int l_discard_take(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int card = ark_lua_arg_card(L, g, 1);
  int i = find(g->s.discard, g->s.ndiscard, card);
  if (i >= 0) remove_at(g->s.discard, &g->s.ndiscard, i);
  lua_pushboolean(L, i >= 0);
  return 1;
}

/* ---- the box: unused base projects, undealt final scoring cards ---- */

static int l_box(lua_State *L) {
  ark_game *g = ark_lua_game(L);
  push_list(L, g->s.box, g->s.nbox);
  return 1;
}

/* ark.box_take(card) -> true if the card was in the box and left it */
static int l_box_take(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int card = ark_lua_arg_card(L, g, 1);
  int i = find(g->s.box, g->s.nbox, card);
  if (i >= 0) remove_at(g->s.box, &g->s.nbox, i);
  lua_pushboolean(L, i >= 0);
  return 1;
}

/* ark.scoring_add(p, card): a final scoring card taken out of the box goes
** to a free slot of p (the rules set no limit: ARK_SCORING_HELD is the most
** the printed cards can give). */
static int l_scoring_add(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int p = ark_lua_arg_player(L, g, 1);
  int card = ark_lua_arg_card(L, g, 2);
  ark_player *pl = &g->s.p[p];
  for (int i = 0; i < ARK_SCORING_HELD; i++)
    if (pl->scoring[i] < 0) {
      pl->scoring[i] = (int16_t)card;
      g->s.known[card] = (uint8_t)(1 << p);
      return 0;
    }
  return luaL_error(L, "player %d holds %d final scoring cards already", p + 1,
                    ARK_SCORING_HELD);
}

/* ---- action slots (Boost) ---- */

/* ark.move_slot(p, action, slot): the card goes to that slot (1..5); the
** cards between its old and new place shift one slot toward the gap. */
static int l_move_slot(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int p = ark_lua_arg_player(L, g, 1);
  int a = arg_action(L, 2);
  lua_Integer to = luaL_checkinteger(L, 3);
  if (to < 1 || to > ARK_N_ACTIONS) return luaL_error(L, "bad slot %d", (int)to);
  uint8_t *slot = g->s.p[p].slot;
  int from = 0;
  while (from < ARK_N_ACTIONS && slot[from] != a) from++;
  int t = (int)to - 1;
  for (; from < t; from++) slot[from] = slot[from + 1];
  for (; from > t; from--) slot[from] = slot[from - 1];
  slot[t] = (uint8_t)a;
  return 0;
}

/* ---- Flock ---- */

/* ark.place_sharing(p, card, building): an animal from hand or display
** joins the herbivore living in standard enclosure `building`.  The
** enclosure keeps its one occupant (the host); the guest lives in the zoo
** without an enclosure of its own (zoo building -1).  Whether the guest may
** share is the keyword's business (cards/lib/keywords.lua). */
static int l_place_sharing(lua_State *L) {
  ark_game *g = ark_lua_game_mut(L);
  int p = ark_lua_arg_player(L, g, 1);
  int card = ark_lua_arg_card(L, g, 2);
  lua_Integer b = luaL_checkinteger(L, 3);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  if (b < 0 || b >= z->nb) return luaL_error(L, "bad building id %d", (int)b);
  const ark_building *bu = &z->b[b];
  if (g->c->buildings[bu->def].kind != ARK_BK_ENCLOSURE || !bu->used || bu->card < 0)
    return luaL_error(L, "building %d is not an occupied standard enclosure", (int)b);
  if (g->c->cards[card].type != ARK_CARD_ANIMAL)
    return luaL_error(L, "%s is not an animal", g->c->cards[card].name);
  if (ark_zone_hand_remove(g, p, card) != 0) {
    int f = ark_zone_display_find(g, card);
    if (f < 0)
      return luaL_error(L, "%s is neither in the hand nor in the display",
                        g->c->cards[card].name);
    ark_zone_display_take(g, f);
  }
  ark_zone_zoo_add(g, p, card, -1);
  ark_game_log(g, p, ARK_EV_PLAY, card, (int)b, 0, NULL);
  return 0;
}

static const luaL_Reg fns[] = {
  {"tuck", l_tuck}, {"under", l_under}, {"under_room", l_under_room},
  {"discard_pile", l_discard_pile}, {"discard_shuffle", l_discard_shuffle},
  {"discard_take", l_discard_take},
  {"box", l_box}, {"box_take", l_box_take}, {"scoring_add", l_scoring_add},
  {"move_slot", l_move_slot}, {"place_sharing", l_place_sharing},
  {NULL, NULL}
};

void ark_lua_api_cards(lua_State *L, void *ctx) {
  ark_lua_api_register(L, ctx, fns);
}
