/*
** describe.c - readable texts: one line per event, a summary of the state.
*/
#include <stdio.h>
#include "game.h"
#include "track.h"

static const char *const action_names[ARK_N_ACTIONS] = {
  "Animals", "Build", "Cards", "Association", "Sponsors"
};

static const char *card_name(const ark_game *g, int id) {
  return id >= 0 && id < g->c->ncards ? g->c->cards[id].name : "?";
}

/* Whose event e is: its player, or for an event of no player that one
** seat alone sees (a draft discard) that seat; -1 for none. */
static int event_owner(const ark_event *e) {
  return e->player >= 0 ? e->player : ark_event_seat(e);
}

/* "P1: Science Lab (201) gives 1 CP and 2 appeal at the end of the game" */
static int final_effect_text(const ark_game *g, const ark_event *e, const char *who, char *buf,
                             size_t n) {
  char from[160], what[64];
  if (e->a >= 0 && e->a < g->c->ncards)
    snprintf(from, sizeof from, "%s (%d)", card_name(g, e->a), g->c->cards[e->a].number);
  else if (e->a == ARK_FINAL_MAP && e->player >= 0 && e->player < g->s.nplayers)
    snprintf(from, sizeof from, "map %s", g->c->maps[g->s.p[e->player].map].name);
  else
    snprintf(from, sizeof from, "a rules plugin");
  if (e->b && e->c) snprintf(what, sizeof what, "%d CP and %d appeal", e->b, e->c);
  else if (e->c) snprintf(what, sizeof what, "%d appeal", e->c);
  else snprintf(what, sizeof what, "%d CP", e->b);
  return snprintf(buf, n, "%s: %s gives %s at the end of the game", who, from, what);
}

size_t ark_event_text(const ark_game *g, const ark_event *e, char *buf, size_t n) {
  char who[16];
  int p = event_owner(e);
  if (p >= 0) snprintf(who, sizeof who, "P%d", p + 1);
  else snprintf(who, sizeof who, "--");
  const char *text = e->text >= 0 ? g->log.pool.s + e->text : NULL;
  int k;
  switch (e->type) {
  case ARK_EV_SETUP:
    k = snprintf(buf, n, "setup: %d players, P%d starts, map %s", e->a, e->b + 1,
                 g->c->maps[e->c].id);
    break;
  case ARK_EV_GAIN:
  case ARK_EV_PAY:
    if (e->type == ARK_EV_PAY && e->kind >= ARK_KIND_VENOM &&
        e->kind < ARK_KIND_VENOM + ARK_N_ACTIONS) {
      k = snprintf(buf, n, "%s loses %d %s (now %d): venom on %s", who, e->b,
                   ark_track_name(e->a), e->c, action_names[e->kind - ARK_KIND_VENOM]);
      break;
    }
    k = snprintf(buf, n, "%s %s %d %s (now %d)%s%s", who, e->type == ARK_EV_GAIN ? "gains" : "loses",
                 e->b, ark_track_name(e->a), e->c, text ? ": " : "", text ? text : "");
    break;
  case ARK_EV_DRAW:
    k = e->a < 0 ? snprintf(buf, n, "%s draws a card", who)
                 : snprintf(buf, n, "%s draws %s", who, card_name(g, e->a));
    break;
  case ARK_EV_DISCARD: k = snprintf(buf, n, "%s discards %s", who, card_name(g, e->a)); break;
  case ARK_EV_BUILD:
    k = snprintf(buf, n, "%s builds %s at (%d,%d)", who, g->c->buildings[e->a].key,
                 ARK_CELL_X(e->b), ARK_CELL_Y(e->b));
    break;
  case ARK_EV_PLAY:
    k = snprintf(buf, n, "%s plays %s (%d)", who, card_name(g, e->a), g->c->cards[e->a].number);
    break;
  case ARK_EV_SUPPORT:
    k = snprintf(buf, n, "%s supports %s level %d", who, card_name(g, e->a), e->b);
    break;
  case ARK_EV_ANSWER: k = snprintf(buf, n, "%s answers %d", who, e->a); break;
  default:
    if (e->type == ARK_EV_TEXT && e->kind == ARK_KIND_FINAL_CARD)
      k = snprintf(buf, n, "%s: final scoring card %s (%d) gives %d CP", who, card_name(g, e->a),
                   e->a >= 0 && e->a < g->c->ncards ? g->c->cards[e->a].number : 0, e->b);
    else if (e->type == ARK_EV_TEXT && e->kind == ARK_KIND_FINAL_EFFECT)
      k = final_effect_text(g, e, who, buf, n);
    else if (e->type == ARK_EV_TEXT && e->kind == ARK_KIND_UPGRADE && e->a >= 0 &&
        e->a < ARK_N_ACTIONS)
      k = snprintf(buf, n, "%s: %s action card upgraded", who, action_names[e->a]);
    else
      k = snprintf(buf, n, "%s %s", who, text ? text : "event");
  }
  return k < 0 ? 0 : (size_t)k;
}

/* What a seat that does not see the event in full is told of it. */
size_t ark_event_text_for(const ark_game *g, const ark_event *e, int seat, char *buf, size_t n) {
  if (ark_event_visible(e, seat)) return ark_event_text(g, e, buf, n);
  int k;
  int who = event_owner(e);
  if (e->type == ARK_EV_DRAW)
    k = snprintf(buf, n, "P%d draws a card", who + 1);
  else if (e->type == ARK_EV_DISCARD && e->b == 1)
    k = snprintf(buf, n, "P%d discards a final scoring card", who + 1);
  else if (e->type == ARK_EV_DISCARD)
    k = snprintf(buf, n, "P%d discards a card", who + 1);
  else
    k = snprintf(buf, n, "P%d does something only they see", who + 1);
  return k < 0 ? 0 : (size_t)k;
}

size_t ark_game_describe(const ark_game *g, char *buf, size_t n) {
  size_t len = 0;
  const ark_state *s = &g->s;
#define OUT(...) do { int k_ = snprintf(buf + len, len < n ? n - len : 0, __VA_ARGS__); \
                      if (k_ > 0) len += (size_t)k_; } while (0)
  OUT("turn %d, break %d/%d, deck %d, discard %d\n", s->turn, s->break_pos, s->break_len,
      s->ndeck, s->ndiscard);
  for (int p = 0; p < s->nplayers; p++) {
    const ark_player *pl = &s->p[p];
    OUT("P%d: appeal %d, conservation %d (target %d, score %d), reputation %d, money %d, "
        "X %d, workers %d, hand %d, zoo %d cards, %d buildings, %d projects supported\n",
        p + 1, pl->appeal, pl->conservation, ark_track_target_of(g, pl->conservation),
        ark_track_score(g, p) + g->c->rules.score_offset, pl->reputation, pl->money, pl->xtokens, pl->workers,
        pl->nhand, pl->nzoo, pl->zoo_map.nb, pl->supports);
    OUT("    action cards:");
    for (int i = 0; i < ARK_N_ACTIONS; i++)
      OUT(" %d:%s%s", i + 1, action_names[pl->slot[i]],
          (pl->upgraded >> pl->slot[i]) & 1 ? " II" : "");
    OUT("\n");
  }
#undef OUT
  return len;
}
