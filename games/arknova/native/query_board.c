/*
** query_board.c - the public readers of what a zoo shows (icons, partner
** zoos, universities) and of the association board (its projects and who
** took which level, what it still offers), for hosts that print the game
** (host/view.c).  Declared in ark.h; each copies out of the state, so a
** seat's view (ark_game_view) tells only what that seat may know.
*/
#include <string.h>
#include "game.h"

/* ark.h numbers icons, continents and universities without the private
** headers: its numbers must be these */
_Static_assert(ARK_ICONS == ARK_ICON_N, "ark.h: ARK_ICONS");
_Static_assert(ARK_ICON_CONTINENT == ARK_ICON_FIRST_CONTINENT, "ark.h: ARK_ICON_CONTINENT");
_Static_assert(ARK_CONTINENTS == ARK_N_CONTINENTS, "ark.h: ARK_CONTINENTS");
_Static_assert(ARK_UNIVERSITIES == ARK_N_UNIVERSITIES, "ark.h: ARK_UNIVERSITIES");
_Static_assert(ARK_BONUS_TILES == ARK_N_BONUS_TILES, "ark.h: ARK_BONUS_TILES");
_Static_assert(ARK_PROJECTS_MAX == ARK_MAX_BASE_PROJECTS + ARK_ROW_SLOTS,
               "ark.h: ARK_PROJECTS_MAX");

void ark_game_icons(const ark_game *g, int p, ark_icons_view *out) {
  memset(out, 0, sizeof *out);
  if (p < 0 || p >= g->s.nplayers) return;
  const ark_player *pl = &g->s.p[p];
  for (int i = 0; i < ARK_ICONS; i++) out->icons[i] = pl->icons[i];
  out->partner_zoos = pl->partner_zoos;
  out->universities = pl->universities;
}

/* One slot into out; 0 for an empty slot. */
static int project_of(const ark_game *g, const ark_project_slot *sl, int base,
                      ark_project_view *out) {
  if (sl->card < 0) return 0;
  const ark_card_def *c = &g->c->cards[sl->card];
  memset(out, 0, sizeof *out);
  out->card = sl->card;
  out->base = base;
  out->levels = c->n_levels < 3 ? c->n_levels : 3;
  for (int lv = 0; lv < 3; lv++) {
    out->need[lv] = lv < out->levels ? c->thresholds[lv] : 0;
    out->reward[lv] = lv < out->levels ? c->rewards[lv] : 0;
    out->owner[lv] = sl->owner[lv];
  }
  return 1;
}

int ark_game_projects(const ark_game *g, ark_project_view *out, int max) {
  const ark_state *s = &g->s;
  ark_project_view v;
  int n = 0;
  for (int i = 0; i < s->nbase + ARK_ROW_SLOTS; i++) {
    int base = i < s->nbase;
    if (!project_of(g, base ? &s->base[i] : &s->row[i - s->nbase], base, &v)) continue;
    if (n < max) out[n] = v;
    n++;
  }
  return n;
}

void ark_game_board(const ark_game *g, ark_board_view *out) {
  const ark_state *s = &g->s;
  memset(out, 0, sizeof *out);
  out->partner_zoos = s->board_zoos;
  out->universities = s->board_unis;
  for (int i = 0; i < ARK_BONUS_TILES; i++) {
    out->bonus_tile[i] = s->bonus_tile[i];
    out->bonus_space[i] = i < 2 ? 5 : 8;   /* two tiles at each (state.h, ark.bonus_tiles) */
    out->bonus_taken[i] = s->bonus_taken >> i & 1;
  }
}
