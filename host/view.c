/*
** view.c - the game as a person sees it in a terminal: the zoo map as a
** hex grid, tracks, action cards, hand, display, the other zoos in short.
*/
#include <stdio.h>
#include <string.h>
#include "host.h"

#define NCELLS (ARK_MAP_COLS * ARK_MAP_ROWS)

static const char *const type_names[] = { "animal", "sponsor", "project", "scoring" };

const char *view_card_text(const ark_game *g, int id, char *buf, size_t n) {
  ark_card_view c;
  if (ark_card_get(g, id, &c) != 0) {
    snprintf(buf, n, "?");
    return buf;
  }
  char facts[96] = "";
  if (c.type == 0)
    snprintf(facts, sizeof facts, ", %d money, size %d", c.cost, c.size);
  else if (c.type == 1)
    snprintf(facts, sizeof facts, ", level %d", c.level);
  char gains[64] = "";
  size_t k = 0;
  if (c.appeal) k += (size_t)snprintf(gains + k, sizeof gains - k, " +%d appeal", c.appeal);
  if (c.conservation && k < sizeof gains)
    k += (size_t)snprintf(gains + k, sizeof gains - k, " +%d CP", c.conservation);
  if (c.reputation && k < sizeof gains)
    snprintf(gains + k, sizeof gains - k, " +%d rep.", c.reputation);
  snprintf(buf, n, "%s (%d) [%s%s]%s%s%s", c.name, c.number, type_names[c.type & 3], facts, gains,
           c.description[0] ? " - " : "", c.description);
  return buf;
}

/* Letter of a building kind for the map. */
static char kind_char(const char *key) {
  if (!strncmp(key, "size-", 5)) return key[5];
  if (!strcmp(key, "kiosk")) return 'K';
  if (!strcmp(key, "pavilion")) return 'P';
  if (!strcmp(key, "petting-zoo")) return 'Z';
  if (!strcmp(key, "reptile-house")) return 'R';
  if (!strcmp(key, "large-bird-aviary")) return 'B';
  return 'U';
}

static void bonus_code(const ark_cell_view *cv, char out[4]) {
  static const struct { const char *name; char c; } codes[] = {
    { "money", '$' }, { "reputation", 'r' }, { "conservation", 'c' }, { "appeal", 'a' },
    { "xtoken", 'x' }, { "card", 'C' }, { "snapping", 's' }, { "enclosure", 'e' },
    { "worker", 'w' }, { "kiosk", 'k' }, { "partner-zoo", 'z' }, { "university", 'u' },
  };
  char c = '?';
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
    if (!strcmp(cv->bonus, codes[i].name)) c = codes[i].c;
  int v = cv->bonus_value < 0 ? 0 : cv->bonus_value > 9 ? 9 : cv->bonus_value;
  out[0] = c;
  out[1] = (char)('0' + v);
  out[2] = '\0';
}

/* The token (3 characters) drawn for one cell. */
static void cell_token(const ark_cell_view *cv, char out[4]) {
  if (!cv->exists) { strcpy(out, "   "); return; }
  if (cv->building >= 0) {
    out[0] = kind_char(cv->building_key);
    out[1] = (char)(cv->building < 26 ? 'a' + cv->building : 'A' + (cv->building - 26) % 26);
    out[2] = cv->animal >= 0 ? '*' : ' ';
    out[3] = '\0';
    return;
  }
  if (cv->terrain == 1) { strcpy(out, "~~~"); return; }
  if (cv->terrain == 2) { strcpy(out, "^^^"); return; }
  char b[4] = " . ";
  if (cv->bonus) bonus_code(cv, b);
  if (cv->build2) snprintf(out, 4, "%.2s!", cv->bonus ? b : "..");
  else snprintf(out, 4, "%-3s", cv->bonus ? b : " . ");
}

void view_zoo_map(const ark_game *g, int p, FILE *f) {
  fprintf(f, "  Zoo map %s of P%d (columns x, rows y; a space is (x,y)):\n     ",
          ark_game_map_name(g, p), p + 1);
  for (int x = 0; x < ARK_MAP_COLS; x++) fprintf(f, "x%-3d", x);
  fprintf(f, "\n");
  for (int y = 0; y < ARK_MAP_ROWS; y++) {
    char line[ARK_MAP_COLS * 4 + 1];
    memset(line, ' ', sizeof line);
    line[sizeof line - 1] = '\0';
    int any = 0;
    for (int x = 0; x < ARK_MAP_COLS; x++) {
      ark_cell_view cv;
      ark_game_cell(g, p, x + ARK_MAP_COLS * y, &cv);
      char t[4];
      cell_token(&cv, t);
      memcpy(line + 4 * x, t, 3);
      any |= cv.exists;
    }
    if (any) fprintf(f, "  y%-2d %s\n", y, line);
  }
  fprintf(f, "  legend: 1-5 enclosure of that size, K kiosk, P pavilion, Z petting zoo,\n"
             "  R reptile house, B bird aviary, U sponsor building; the letter after it\n"
             "  names the building (a = #0), * an animal lives there; ~~~ water, ^^^ rock,\n"
             "  ! needs Build II; placement bonus: $ money, r reputation, c conservation,\n"
             "  a appeal, x X token, C card, s snap, e enclosure, w worker, k kiosk.\n");
  /* the animals by building */
  int ids[128], n = ark_game_zoo(g, p, ids, 128);
  if (n) {
    fprintf(f, "  zoo cards:");
    char buf[128];
    for (int i = 0; i < n; i++) {
      ark_card_view c;
      ark_card_get(g, ids[i], &c);
      snprintf(buf, sizeof buf, " %s (%d)%s", c.name, c.number, i + 1 < n ? "," : "\n");
      fputs(buf, f);
    }
  }
}

void view_player(const ark_game *g, int p, FILE *f) {
  ark_player_view v;
  ark_game_player(g, p, &v);
  fprintf(f, "  P%d: appeal %d | conservation %d (target %d, score %d) | reputation %d "
             "(display range %d) | money %d (income %d) | X tokens %d | workers %d\n",
          p + 1, v.appeal, v.conservation, v.target, v.score, v.reputation,
          ark_game_reputation_range(g, p), v.money, v.income, v.xtokens, v.workers);
  int act[5], side[5];
  ark_game_action_cards(g, p, act, side);
  fprintf(f, "  action cards (strength = slot):");
  for (int i = 0; i < 5; i++)
    fprintf(f, "  %d:%s %s", i + 1, ark_action_name(act[i]), side[i] == 2 ? "II" : "I");
  fprintf(f, "\n");
}

void view_board(const ark_game *g, int me, FILE *f) {
  int pos, len;
  ark_game_break_track(g, &pos, &len);
  fprintf(f, "\n== turn %d, break track %d/%d ==\n", ark_game_turns(g), pos, len);
  view_others(g, me, f);
  int disp[6], range = ark_game_reputation_range(g, me);
  ark_game_display(g, disp);
  char buf[512];
  fprintf(f, "  Display (you reach folders 1-%d):\n", range);
  for (int k = 0; k < 6; k++)
    fprintf(f, "   %c%d %s\n", k < range ? '*' : ' ', k + 1,
            disp[k] >= 0 ? view_card_text(g, disp[k], buf, sizeof buf) : "(empty)");
  view_zoo_map(g, me, f);
  view_player(g, me, f);
  int ids[160], n = ark_game_hand(g, me, ids, 160);
  fprintf(f, "  Hand (%d):\n", n);
  for (int i = 0; i < n; i++) fprintf(f, "    %s\n", view_card_text(g, ids[i], buf, sizeof buf));
}

void view_others(const ark_game *g, int me, FILE *f) {
  for (int p = 0; p < ark_game_players(g); p++) {
    if (p == me) continue;
    ark_player_view v;
    ark_game_player(g, p, &v);
    int act[5], side[5];
    ark_game_action_cards(g, p, act, side);
    fprintf(f, "  P%d: appeal %d, CP %d (score %d), rep. %d, money %d, X %d, workers %d, "
               "hand %d, zoo %d cards, %d buildings; slot 1-5:",
            p + 1, v.appeal, v.conservation, v.score, v.reputation, v.money, v.xtokens, v.workers,
            v.hand, v.zoo_cards, v.buildings);
    for (int i = 0; i < 5; i++)
      fprintf(f, " %.3s%s", ark_action_name(act[i]), side[i] == 2 ? "II" : "");
    fprintf(f, "\n");
  }
}
