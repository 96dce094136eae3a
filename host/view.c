/*
** view.c - the game as a person sees it in a terminal: the zoo map as a
** hex grid, tracks, action cards, hand, display, the other zoos in short.
*/
#include <stdio.h>
#include <string.h>
#include "host.h"

#define NCELLS (ARK_MAP_COLS * ARK_MAP_ROWS)
/* room for the cards of a zoo: more than one ever holds */
#define ZOO_MAX 128

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

/* The placement bonuses by name: the letter drawn on the map and the
** words of the legend. */
static const struct bonus_code { const char *name; char c; const char *words; } codes[] = {
  { "money", '$', "money" }, { "reputation", 'r', "reputation" },
  { "conservation", 'c', "conservation" }, { "appeal", 'a', "appeal" },
  { "xtoken", 'T', "X tokens" }, { "card", 'C', "cards" }, { "draw", 'D', "cards from the deck" },
  { "snapping", 's', "snap a display card" }, { "enclosure", 'e', "free enclosure of that size" },
  { "worker", 'w', "worker" }, { "kiosk", 'k', "free kiosk" },
  { "partner-zoo", 'z', "partner zoo" }, { "university", 'u', "university" },
  { "clever", 'm', "move an action card to slot 1" },
  { "sponsor", 'S', "play a sponsor" }, { "multiplier", 'M', "multiplier token" },
};
#define NCODES (int)(sizeof codes / sizeof codes[0])

/* Index in codes of a bonus name, or -1 for one the map view does not
** know (a fan map's own bonus: drawn as '?'). */
static int bonus_index(const char *name) {
  for (int i = 0; i < NCODES; i++)
    if (!strcmp(name, codes[i].name)) return i;
  return -1;
}

/* The bonus as its letter and its whole value ("$10", "C1"): a value is
** never cut short, so the map tells what covering the space gives. */
static void bonus_text(const ark_cell_view *cv, char *out, size_t n) {
  int i = bonus_index(cv->bonus);
  snprintf(out, n, "%c%d", i >= 0 ? codes[i].c : '?', cv->bonus_value);
}

/* Columns per cell.  On a map every space has x + y of the same parity,
** so a row holds every other column: the next token of the same row is
** 2 * CELL_W further, and a longer token (a bonus of 100) still fits. */
#define CELL_W 5

/* The token drawn for one space: what covers or fills it (3 characters,
** a building up to 5), '!' when it needs Build II, then the mark of a
** place of the map's ability (`mark`, or a space).  A building is its
** kind and its number as the options name it ("3#12" for "size-3 #12"),
** so that an option is found on the map without a table between them.
** Returns the placement bonus it shows as 1 + its index in codes (0 for
** one of the map's own), or -1. */
static int cell_token(const ark_cell_view *cv, char mark, char *out, size_t n) {
  char body[16] = " . ";
  int shown = -1;
  if (cv->building >= 0) {
    /* the next token of a row is 2 * CELL_W further: room for the longer one */
    snprintf(body, sizeof body, "%c#%d%s", kind_char(cv->building_key), cv->building,
             cv->animal >= 0 ? "*" : "");
    snprintf(out, n, "%-4s%c", body, mark);
    return -1;
  }
  if (cv->terrain == 1) strcpy(body, "~~~");
  else if (cv->terrain == 2) strcpy(body, "^^^");
  else if (cv->bonus) {
    bonus_text(cv, body, sizeof body);
    shown = 1 + bonus_index(cv->bonus);
  }
  snprintf(out, n, "%-3s%c%c", body, cv->build2 ? '!' : ' ', mark);
  return shown;
}

/* The places of a map that its ability is about (the tower, the
** restaurant, the H spaces, a harbour beside the board), and the mark of
** each kind of place on the grid: '@' for the first kind, then '&', ... */
#define MAX_PLACES 16
static const char place_marks[] = "@&%#+=<>";
typedef struct places {
  ark_map_feature_view f[MAX_PLACES];
  char mark[MAX_PLACES];         /* ' ' for a place beside the board */
  int n;
} places;

static void find_places(const ark_game *g, int p, places *pl) {
  pl->n = ark_game_map_features(g, p, pl->f, MAX_PLACES);
  if (pl->n > MAX_PLACES) pl->n = MAX_PLACES;
  int kinds = 0;
  for (int i = 0; i < pl->n; i++) {
    pl->mark[i] = ' ';
    if (pl->f[i].off_board) continue;
    for (int k = 0; k < i && pl->mark[i] == ' '; k++)
      if (!pl->f[k].off_board && !strcmp(pl->f[k].kind, pl->f[i].kind)) pl->mark[i] = pl->mark[k];
    if (pl->mark[i] == ' ' && kinds < (int)sizeof place_marks - 1)
      pl->mark[i] = place_marks[kinds++];
  }
}

static char place_mark(const places *pl, int x, int y) {
  for (int i = 0; i < pl->n; i++)
    if (!pl->f[i].off_board && pl->f[i].x == x && pl->f[i].y == y) return pl->mark[i];
  return ' ';
}

/* The grid, one line per doubled row; notes in used[] which placement
** bonuses it shows, for the legend. */
static void print_grid(const ark_game *g, int p, const places *pl, FILE *f,
                       int used[NCODES + 1]) {
  fprintf(f, "     ");
  for (int x = 0; x < ARK_MAP_COLS; x++)
    fprintf(f, "x%-*d", x + 1 < ARK_MAP_COLS ? CELL_W - 1 : 0, x);
  fprintf(f, "\n");
  for (int y = 0; y < ARK_MAP_ROWS; y++) {
    char line[ARK_MAP_COLS * CELL_W + 16];
    memset(line, ' ', sizeof line);
    int end = 0;
    for (int x = 0; x < ARK_MAP_COLS; x++) {
      ark_cell_view cv;
      ark_game_cell(g, p, x + ARK_MAP_COLS * y, &cv);
      if (!cv.exists) continue;
      char t[16];
      int b = cell_token(&cv, place_mark(pl, x, y), t, sizeof t);
      if (b >= 0) used[b] = 1;
      size_t len = strlen(t);
      memcpy(line + CELL_W * x, t, len);
      end = CELL_W * x + (int)len;
    }
    while (end > 0 && line[end - 1] == ' ') end--;
    line[end] = '\0';
    if (end > 0) fprintf(f, "  y%-2d %s\n", y, line);
  }
}

/* Prints text as lines of at most WRAP characters, each starting with
** two spaces (a terminal is 80 wide), broken at a space; with `items`
** only at a space after ',' ';' or ':', so that a legend entry
** ("R reptile house") stays on one line. */
#define WRAP 78
static void print_wrapped(FILE *f, const char *text, int items) {
  const char *s = text;
  while (*s) {
    while (*s == ' ') s++;
    if (!*s) break;
    const char *end = s, *cut = NULL;
    for (; *end && end - s < WRAP - 2; end++)
      if (*end == ' ' && (!items || (end > s && strchr(",;:", end[-1])))) cut = end;
    if (!*end || !cut) cut = end;
    fprintf(f, "  %.*s\n", (int)(cut - s), s);
    s = cut;
  }
}

/* What the letters of the grid mean: the buildings, then the placement
** bonuses the grid shows. */
static void print_legend(FILE *f, const int used[NCODES + 1]) {
  char text[2048];                 /* the fixed part and every bonus's words */
  size_t k = (size_t)snprintf(text, sizeof text,
      "legend: 1-5 enclosure of that size, K kiosk, P pavilion, Z petting zoo, R reptile "
      "house, B bird aviary, U sponsor building; #N after it is the building's number, as "
      "the options name it (3#4 = size-3 #4), * an animal lives there; ~~~ water, ^^^ rock, ! needs Build II; placement "
      "bonus (letter and amount):");
  int shown = 0;
  for (int i = 0; i < NCODES; i++)
    if (used[i + 1])
      k += (size_t)snprintf(text + k, sizeof text - k, "%s %c %s", shown++ ? "," : "",
                            codes[i].c, codes[i].words);
  if (used[0])
    k += (size_t)snprintf(text + k, sizeof text - k, "%s ? a bonus of this map's own",
                          shown++ ? "," : "");
  snprintf(text + k, sizeof text - k, "%s", shown ? "." : " none left.");
  print_wrapped(f, text, 1);
}

/* A place's own words, or its kind when the map gives none
** ("observation_tower" as "observation tower"). */
static const char *place_words(const ark_map_feature_view *f, char *buf, size_t n) {
  if (f->note[0]) return f->note;
  snprintf(buf, n, "%s", f->kind);
  for (char *c = buf; *c; c++)
    if (*c == '_') *c = ' ';
  return buf;
}

/* One legend line per kind of marked place (the first place of each
** kind speaks for all), one per place beside the board, then the map's
** ability in its own words. */
static void print_places(const ark_game *g, int p, const places *pl, FILE *f) {
  char line[512], kind[64];
  for (int i = 0; i < pl->n; i++) {
    const ark_map_feature_view *fv = &pl->f[i];
    if (fv->off_board)
      snprintf(line, sizeof line, "beside the board at (%d,%d): %s", fv->x, fv->y,
               place_words(fv, kind, sizeof kind));
    else if (pl->mark[i] != ' ' && !memchr(pl->mark, pl->mark[i], (size_t)i))
      snprintf(line, sizeof line, "%c %s", pl->mark[i], place_words(fv, kind, sizeof kind));
    else
      continue;
    print_wrapped(f, line, 0);
  }
  const char *ability = ark_game_map_ability(g, p);
  if (!ability[0]) return;
  snprintf(line, sizeof line, "map ability (%s): %s", ark_game_map_name(g, p), ability);
  print_wrapped(f, line, 0);
}

static void view_one_map(const ark_game *g, int p, FILE *f);

/* In advanced mode's map phase a seat's map is a stand-in until it keeps
** one: say so, and while it chooses draw each map dealt to it (its options
** read "keep map ID (name)"), which it could not see otherwise. */
static int view_unkept_map(const ark_game *g, int p, FILE *f) {
  if (ark_game_map_kept(g, p)) return 0;
  fprintf(f, "  P%d has not kept a zoo map yet.\n", p + 1);
  const ark_decision *d = ark_game_decision(g);
  if (!d || d->player != p || strcmp(d->tag, "map.choose")) return 1;
  for (int i = 0; i < d->noptions; i++) {
    char id[32];
    if (sscanf(d->options[i], "keep map %31s", id) != 1) continue;
    ark_game *m = ark_game_map_preview(g, p, id);
    if (!m) continue;
    fprintf(f, "  Option %d, dealt to you:\n", i + 1);
    view_one_map(m, p, f);
    ark_game_free(m);
  }
  return 1;
}

void view_zoo_map(const ark_game *g, int p, FILE *f) {
  if (!view_unkept_map(g, p, f)) view_one_map(g, p, f);
}

static void view_one_map(const ark_game *g, int p, FILE *f) {
  fprintf(f, "  Zoo map %s of P%d (columns x, rows y; a space is (x,y)):\n",
          ark_game_map_name(g, p), p + 1);
  places pl;
  find_places(g, p, &pl);
  int used[NCODES + 1] = { 0 };
  print_grid(g, p, &pl, f, used);
  print_legend(f, used);
  print_places(g, p, &pl, f);
  /* the animals by building */
  int ids[ZOO_MAX], n = ark_game_zoo(g, p, ids, ZOO_MAX);
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

/* The tokens on the action card of action a of seat p, as "venom 1,
** constriction 2" into buf ("" for none); sep between the kinds.  Returns
** a bit per kind present (1 venom, 2 constriction, 4 multiplier). */
static const char *const token_words[] = { "venom", "constriction", "multiplier" };

static int card_tokens(const ark_game *g, int p, int a, const char *sep, char *buf, size_t n) {
  size_t k = 0;
  int kinds = 0;
  buf[0] = '\0';
  for (int t = 0; t < 3; t++) {
    int count[5];
    if (ark_game_tokens(g, p, token_words[t], count) != 0 || a < 0 || a > 4 || !count[a])
      continue;
    int w = snprintf(buf + k, k < n ? n - k : 0, "%s%s %d", kinds ? sep : "", token_words[t],
                     count[a]);
    if (w > 0) k += (size_t)w;
    kinds |= 1 << t;
  }
  return kinds;
}

void view_player(const ark_game *g, int p, FILE *f) {
  ark_player_view v;
  ark_game_player(g, p, &v);
  fprintf(f, "  P%d: appeal %d | conservation %d (marker at appeal space %d, score %d) | "
             "reputation %d "
             "(display range %d) | money %d (income %d) | X tokens %d | workers %d\n",
          p + 1, v.appeal, v.conservation, v.target, v.score, v.reputation,
          ark_game_reputation_range(g, p), v.money, v.income, v.xtokens, v.workers);
  int act[5], side[5];
  ark_game_action_cards(g, p, act, side);
  fprintf(f, "  action cards (strength = slot):");
  int kinds = 0;
  for (int i = 0; i < 5; i++) {
    char tok[96];
    kinds |= card_tokens(g, p, act[i], ", ", tok, sizeof tok);
    fprintf(f, "  %d:%s %s%s%s%s", i + 1, ark_action_name(act[i]), side[i] == 2 ? "II" : "I",
            tok[0] ? " (" : "", tok, tok[0] ? ")" : "");
  }
  fprintf(f, "\n");
  /* what the tokens there do (the rules' words), for the kinds shown */
  if (kinds & 1)
    fprintf(f, "    venom: 2 money per token at the end of each of P%d's turns in which that "
               "card is not played\n", p + 1);
  if (kinds & 2) fprintf(f, "    constriction: 2 strength less per token on that card\n");
  if (kinds & 4) fprintf(f, "    multiplier: that action once more per token\n");
}

/* The seat's final scoring cards: secret from the other seats, not
** from their owner, who plans the game around them.  Each with its words
** and what it would give if the game ended now (the rules' "scoring"
** query, which reads only the seat's own cards and zoo). */
void view_scoring(const ark_game *g, int me, FILE *f) {
  int out[8], n = ark_game_query(g, "scoring", me, out, 8);
  if (n < 2) return;
  char buf[512];
  fprintf(f, "  Final scoring cards (yours alone):\n");
  for (int i = 0; i + 1 < n && i + 1 < 8; i += 2)
    fprintf(f, "    %s (now %d CP)\n", view_card_text(g, out[i], buf, sizeof buf), out[i + 1]);
}

static void view_others_one(const ark_game *g, int p, FILE *f);

static const char *continent_name(int c) { return ark_icon_name(ARK_ICON_CONTINENT + c); }

/* The names of the set bits of `bits` (bit i: name(i), i < count), into
** buf ("-" for none): a partner-zoo set's continents, a university set. */
static const char *bit_names(unsigned bits, int count, const char *(*name)(int), char *buf,
                             size_t n) {
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < count; i++)
    if (bits >> i & 1)
      k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s", k ? " " : "", name(i));
  return k ? buf : "-";
}

/* A seat's icons, partner zoos and universities: one line. */
static void print_icons(const ark_game *v, int p, FILE *f) {
  ark_icons_view iv;
  ark_game_icons(v, p, &iv);
  char line[512], zb[96], ub[64];
  size_t k = (size_t)snprintf(line, sizeof line, "icons:");
  for (int i = 0; i < ARK_ICONS; i++)
    if (iv.icons[i] && k < sizeof line)
      k += (size_t)snprintf(line + k, sizeof line - k, " %s %d", ark_icon_name(i), iv.icons[i]);
  if (k == 6 && k < sizeof line) k += (size_t)snprintf(line + k, sizeof line - k, " -");
  if (k < sizeof line)
    snprintf(line + k, sizeof line - k, "; partner zoos: %s; universities: %s",
             bit_names(iv.partner_zoos, ARK_CONTINENTS, continent_name, zb, sizeof zb),
             bit_names(iv.universities, ARK_UNIVERSITIES, ark_university_name, ub, sizeof ub));
  print_wrapped(f, line, 1);
}

/* One project in play: its levels' CP and who took each. */
static void print_project(const ark_game *v, const ark_project_view *pv, FILE *f) {
  ark_card_view c;
  ark_card_get(v, pv->card, &c);
  char line[400];
  size_t k = (size_t)snprintf(line, sizeof line, "project %s (%d):", c.name, c.number);
  for (int lv = 0; lv < pv->levels && k < sizeof line; lv++) {
    char who[16];
    if (pv->owner[lv] >= 0) snprintf(who, sizeof who, "P%d", pv->owner[lv] + 1);
    else snprintf(who, sizeof who, "%s", pv->owner[lv] == -2 ? "blocked" : "free");
    k += (size_t)snprintf(line + k, sizeof line - k, "%s level %d (%d, %d CP) %s",
                          lv ? "," : "", lv + 1, pv->need[lv], pv->reward[lv], who);
  }
  if (c.description[0] && k < sizeof line)
    snprintf(line + k, sizeof line - k, " - %s", c.description);
  print_wrapped(f, line, 0);
}

/* The association board: the projects in play with their levels, the
** partner zoos and universities still to take, the bonus tiles and the
** donations; all of it public. */
static void print_association(const ark_game *v, FILE *f) {
  fprintf(f, "  Association board:\n");
  ark_project_view pv[ARK_PROJECTS_MAX];
  int np = ark_game_projects(v, pv, ARK_PROJECTS_MAX);
  for (int i = 0; i < np && i < ARK_PROJECTS_MAX; i++) print_project(v, &pv[i], f);
  ark_board_view b;
  ark_game_board(v, &b);
  char zb[96], ub[64], line[400];
  size_t k = (size_t)snprintf(
      line, sizeof line, "partner zoos to take: %s; universities: %s; bonus tiles:",
      bit_names(b.partner_zoos, ARK_CONTINENTS, continent_name, zb, sizeof zb),
      bit_names(b.universities, ARK_UNIVERSITIES, ark_university_name, ub, sizeof ub));
  for (int i = 0; i < ARK_BONUS_TILES && k < sizeof line; i++) {
    const char *t = ark_bonus_tile_name(b.bonus_tile[i]);
    k += (size_t)snprintf(line + k, sizeof line - k, " %s at CP %d%s%s", t ? t : "?",
                          b.bonus_space[i], b.bonus_taken[i] ? " (taken)" : "",
                          i + 1 < ARK_BONUS_TILES ? "," : "");
  }
  if (k < sizeof line)
    snprintf(line + k, sizeof line - k, "; donations made: %d", ark_game_donations(v));
  print_wrapped(f, line, 1);
}

/* Another seat as every seat sees it: its line, icons, zoo cards. */
static void print_other(const ark_game *v, int p, FILE *f) {
  print_icons(v, p, f);
  int ids[ZOO_MAX], n = ark_game_zoo(v, p, ids, ZOO_MAX);
  char line[4096];
  size_t k = (size_t)snprintf(line, sizeof line, "zoo cards:%s", n ? "" : " -");
  for (int i = 0; i < n && k < sizeof line; i++) {
    ark_card_view c;
    ark_card_get(v, ids[i], &c);
    k += (size_t)snprintf(line + k, sizeof line - k, " %s (%d)%s", c.name, c.number,
                          i + 1 < n ? "," : "");
  }
  print_wrapped(f, line, 1);
}

/* Everything seat `me` may see, read from its view of the game: what it
** cannot know is dealt anew there, so no line can tell it.  A display
** card the seat does not know (face down until the draft ends) is said to
** be so: the view's card there is a guess. */
void view_board(const ark_game *g, int me, FILE *f) {
  ark_game *v = ark_game_view(g, me, 1);
  int pos, len;
  ark_game_break_track(v, &pos, &len);
  fprintf(f, "\n== turn %d, break track %d/%d ==\n", ark_game_turns(v), pos, len);
  for (int p = 0; p < ark_game_players(v); p++)
    if (p != me) {
      view_others_one(v, p, f);
      print_other(v, p, f);
    }
  int disp[6], range = ark_game_reputation_range(v, me);
  ark_game_display(v, disp);
  char buf[512];
  fprintf(f, "  Display (you reach folders 1-%d):\n", range);
  for (int k = 0; k < 6; k++)
    fprintf(f, "   %c%d %s\n", k < range ? '*' : ' ', k + 1,
            disp[k] < 0                           ? "(empty)"
            : !ark_game_card_known(v, disp[k], me) ? "(face down)"
                                                   : view_card_text(v, disp[k], buf, sizeof buf));
  print_association(v, f);
  view_zoo_map(v, me, f);
  view_player(v, me, f);
  print_icons(v, me, f);
  int ids[160], n = ark_game_hand(v, me, ids, 160);
  fprintf(f, "  Hand (%d):\n", n);
  for (int i = 0; i < n; i++) fprintf(f, "    %s\n", view_card_text(v, ids[i], buf, sizeof buf));
  view_scoring(v, me, f);
  ark_game_free(v);
}

void view_others(const ark_game *g, int me, FILE *f) {
  for (int p = 0; p < ark_game_players(g); p++)
    if (p != me) view_others_one(g, p, f);
}

/* Another seat's tracks and action cards in one line. */
static void view_others_one(const ark_game *g, int p, FILE *f) {
  {
    ark_player_view v;
    ark_game_player(g, p, &v);
    int act[5], side[5];
    ark_game_action_cards(g, p, act, side);
    fprintf(f, "  P%d: appeal %d, CP %d (score %d), rep. %d, money %d, X %d, workers %d, "
               "hand %d, zoo %d cards, %d buildings; slot 1-5:",
            p + 1, v.appeal, v.conservation, v.score, v.reputation, v.money, v.xtokens, v.workers,
            v.hand, v.zoo_cards, v.buildings);
    for (int i = 0; i < 5; i++) {
      char tok[96];
      card_tokens(g, p, act[i], ",", tok, sizeof tok);
      fprintf(f, " %.3s%s%s%s%s", ark_action_name(act[i]), side[i] == 2 ? "II" : "",
              tok[0] ? "(" : "", tok, tok[0] ? ")" : "");
    }
    fprintf(f, "\n");
  }
}
