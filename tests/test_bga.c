/*
** test_bga.c - games recorded on Board Game Arena (host/bga*.c): the
** complete 2-player sample game imports and replays to its last move with
** every track equal to the log's at each break and at the end; the
** 4-player excerpt's deal imports and the conversion stops where the log
** does; bad JSON is reported with line and column.  Damaged copies of the
** sample game (a private channel cut, a card id changed, a move logged
** twice, the log cut short), made in a temporary folder, stop the import
** with a message that names the BGA move, the player and the card, and
** their saves load; some run the arknova command beside this test (import-bga,
** replay, hint).
**
** The logs are test data beside the project (shared/data/bga, read from
** ARK_SOURCE_DIR "/../shared/data/bga"); a test whose log is absent is
** skipped with a message.
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>
#include "bga.h"
#include "support.h"

#define DATA ARK_SOURCE_DIR "/../shared/data/bga/"
#define SAMPLE DATA "sample_game.log.json"

static int have(const char *path) {
  if (access(path, R_OK) == 0) return 1;
  fprintf(stderr, "skipped: %s is not there (the shared test data sits beside the clone)\n",
          path);
  return 0;
}

/* The content with Board Game Arena's constants, as import-bga loads it. */
static ark_game *proto(int players) {
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.plugins[0] = "published";
  cfg.players = players;
  ark_game *g = NULL;
  char msg[512];
  if (ark_game_new(&cfg, &g, msg, sizeof msg) != ARK_OK) fail_msg("%s", msg);
  return g;
}

/* log -> maps -> deal -> a game from that deal; NULL if the deal fails. */
static ark_game *imported(bga_log *log, host_deal *deal, char *msg, size_t n) {
  ark_game *p = proto(log->nplayers), *g = NULL;
  char why[1024];
  if (bga_infer_maps(p, log, why, sizeof why, msg, n) != 0 || bga_make_deal(log, deal, msg, n) != 0) {
    ark_game_free(p);
    return NULL;
  }
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.plugins[0] = "published";
  cfg.players = log->nplayers;
  cfg.map = deal->spec.maps[0];
  cfg.setup = &deal->spec;
  if (ark_game_new(&cfg, &g, msg, n) != ARK_OK) g = NULL;
  ark_game_free(p);
  return g;
}

/* ---- damaged copies of the sample game ---- */

/* The sample game's JSON, for a test to damage; skips the test without it. */
static json_t *sample_json(void) {
  if (!have(SAMPLE)) skip();
  json_error_t err;
  json_t *root = json_load_file(SAMPLE, 0, &err);
  if (!root) fail_msg("%s: %s", SAMPLE, err.text);
  return root;
}

static json_t *packets(json_t *root) {
  return json_object_get(json_object_get(root, "data"), "logs");
}

static int move_of(const json_t *pk) {
  return atoi(json_string_value(json_object_get(pk, "move_id")));
}

static int on_channel(const json_t *pk, const char *channel) {
  return !strcmp(json_string_value(json_object_get(pk, "channel")), channel);
}

/* Removes packet i of the log. */
static void drop_packet(json_t *root, size_t i) {
  assert_int_equal(json_array_remove(packets(root), i), 0);
}

/* Removes the packets of one channel from move `from` on. */
static void drop_channel(json_t *root, const char *channel, int from) {
  json_t *logs = packets(root);
  for (size_t i = json_array_size(logs); i-- > 0;) {
    json_t *pk = json_array_get(logs, i);
    if (on_channel(pk, channel) && move_of(pk) >= from) drop_packet(root, i);
  }
}

/* Keeps the packets up to move `last`. */
static void cut_after(json_t *root, int last) {
  json_t *logs = packets(root);
  for (size_t i = json_array_size(logs); i-- > 0;)
    if (move_of(json_array_get(logs, i)) > last) drop_packet(root, i);
}

/* root into t_tmp/name; frees root. */
static void write_log(json_t *root, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", t_tmp, name);
  assert_int_equal(json_dump_file(root, path, 0), 0);
  json_decref(root);
}

/* The deal of t_tmp/name: NULL and the message in msg when it fails. */
static host_deal *deal_of(const char *name, char *msg, size_t n) {
  static bga_log log;
  char path[512];
  snprintf(path, sizeof path, "%s/%s", t_tmp, name);
  if (bga_read(path, &log, msg, n) != 0) fail_msg("%s", msg);
  host_deal *deal = host_deal_new();
  ark_game *g = imported(&log, deal, msg, n);
  bga_free(&log);
  if (g) {
    ark_game_free(g);
    return deal;
  }
  host_deal_free(deal);
  return NULL;
}

static void test_footprints(void **st) {
  (void)st;
  int cells[8];
  const char *key;
  /* the sample game's first size-2 enclosure (move 39) and Sea Turtle Tank (move 7) */
  assert_int_equal(bga_footprint("size-2", 5, 8, 1, cells, &key), 2);
  assert_string_equal(key, "size-2");
  assert_int_equal(cells[0], 5 + 9 * 8);      /* (5,8) (4,9) */
  assert_int_equal(cells[1], 4 + 9 * 9);
  assert_int_equal(bga_footprint("sea-turtle", 1, 10, 3, cells, &key), 4);
  assert_string_equal(key, "sponsor-250");
  assert_int_equal(cells[0], 0 + 9 * 9);      /* (0,9) (2,9) (1,10) (1,12) */
  assert_int_equal(cells[1], 2 + 9 * 9);
  assert_int_equal(cells[2], 1 + 9 * 10);
  assert_int_equal(cells[3], 1 + 9 * 12);
  assert_int_equal(bga_footprint("no-such-building", 1, 1, 0, cells, &key), 0);
}

/* The complete game: every move matched, every track equal at the three
** breaks and at the end (Baboude concedes at move 396, 32 to 75 on BGA's
** 100-point scale). */
static void test_sample_game(void **st) {
  (void)st;
  const char *path = DATA "sample_game.log.json";
  if (!have(path)) skip();
  static bga_log log;
  char msg[1024];
  if (bga_read(path, &log, msg, sizeof msg) != 0) fail_msg("%s", msg);
  assert_int_equal(log.nplayers, 2);
  assert_string_equal(log.pl[0].name, "Baboude");
  assert_int_equal(log.start_player, 0);
  host_deal *deal = host_deal_new();
  ark_game *g = imported(&log, deal, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  assert_string_equal(log.pl[0].map, "3a");   /* inferred: the log names no map */
  assert_string_equal(log.pl[1].map, "3a");
  assert_int_equal(deal->spec.hand[0][0], 250);
  assert_int_equal(deal->spec.display[0], 227);
  assert_int_equal(deal->spec.base[0], 107);
  assert_int_equal(deal->spec.base[2], 101);
  assert_string_equal(deal->spec.bonus_tiles[0], "cards");    /* taken at move 261 */
  assert_string_equal(deal->spec.bonus_tiles[1], "sponsor");
  assert_string_equal(deal->spec.bonus_tiles[2], "multiplier");
  static bga_result res;
  bga_convert(g, &log, &res, 0, stdout);
  if (res.stopped) fail_msg("stopped: %s", res.why);
  if (res.nmismatch) fail_msg("tracks differ:\n%s", res.mismatches);
  assert_int_equal(res.ended, 1);
  assert_int_equal(res.matched_move, 396);
  assert_int_equal(res.breaks, 3);
  assert_int_equal(res.nchecks, 46);
  ark_player_view a, b;
  ark_game_player(g, 0, &a);
  ark_game_player(g, 1, &b);
  assert_int_equal(a.money, 37);
  assert_int_equal(a.appeal, 28);
  assert_int_equal(a.conservation, 9);
  assert_int_equal(a.reputation, 5);
  assert_int_equal(b.money, 11);
  assert_int_equal(b.appeal, 75);
  assert_int_equal(b.conservation, 7);
  assert_int_equal(b.reputation, 8);
  assert_int_equal(a.score + 100, 32);         /* BGA's final scores */
  assert_int_equal(b.score + 100, 75);
  /* the save's replay is the same game */
  int n = ark_game_nanswers(g);
  assert_true(n > 250);
  ark_config cfg;
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.plugins[0] = "published";
  cfg.map = deal->spec.maps[0];
  cfg.setup = &deal->spec;
  ark_game *r;
  assert_int_equal(ark_game_new(&cfg, &r, msg, sizeof msg), ARK_OK);
  for (int i = 0; i < n; i++) {
    assert_int_equal(ark_game_process(r), ARK_AWAITING);
    assert_int_equal(ark_game_answer(r, ark_game_answers(g)[i], msg, sizeof msg), ARK_OK);
  }
  ark_game_process(r);
  assert_true(ark_game_log_hash(r) == ark_game_log_hash(g));
  ark_game_free(r);
  ark_game_free(g);
  host_deal_free(deal);
  bga_free(&log);
}

/* Moves missing from the log: the card drawn and the refill hidden in the
** gap after move 263 are inferred from what BGA showed later. */
static void test_gaps_inferred(void **st) {
  (void)st;
  const char *path = DATA "sample_game.log.json";
  if (!have(path)) skip();
  static bga_log log;
  char msg[512];
  if (bga_read(path, &log, msg, sizeof msg) != 0) fail_msg("%s", msg);
  int draw = 0, refill = 0, end = 0;
  for (int k = 0; k < log.nf; k++) {
    const bga_fact *f = &log.f[k];
    if (!f->synthetic) continue;
    draw += f->kind == BF_DRAW && f->cards[0] == 490 && f->player == 1;
    refill += f->kind == BF_DISPLAY && (f->cards[0] == 245 || f->cards[0] == 515);
    end += f->kind == BF_CLEANUP && f->player == 1;
  }
  assert_int_equal(draw, 1);
  assert_int_equal(refill, 2);
  assert_int_equal(end, 1);
  bga_free(&log);
}

/* The 4-player excerpt names the maps; the deal imports, and the
** conversion stops after the draft moves it holds, naming the gap. */
static void test_four_player_excerpt(void **st) {
  (void)st;
  const char *path = DATA "4p.log.json";
  if (!have(path)) skip();
  static bga_log log;
  char msg[1024];
  if (bga_read(path, &log, msg, sizeof msg) != 0) fail_msg("%s", msg);
  assert_int_equal(log.nplayers, 4);
  /* the drafts are those of moves 6 and 7: Propaganda Panda's discard of
  ** the Hunter's card at move 789 read as their draft, the excerpt having
  ** no display reveal to end the setup */
  int drafts = 0, hunter = 0;
  for (int k = 0; k < log.nf; k++) {
    drafts += log.f[k].kind == BF_DRAFT;
    hunter += log.f[k].kind == BF_DISCARD && log.f[k].move == 789 && log.f[k].cards[0] == 263;
  }
  assert_int_equal(drafts, 2);
  assert_int_equal(hunter, 1);
  /* the facts are in move order: those drafts, seen as selections only,
  ** came after move 792 */
  for (int k = 1; k < log.nf; k++)
    if (log.f[k].move < log.f[k - 1].move)
      fail_msg("fact %d (move %d) after move %d", k, log.f[k].move, log.f[k - 1].move);
  host_deal *deal = host_deal_new();
  ark_game *g = imported(&log, deal, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  assert_string_equal(deal->spec.maps[0], "7a");
  assert_string_equal(deal->spec.maps[1], "1a");
  assert_string_equal(deal->spec.maps[2], "4a");
  assert_string_equal(deal->spec.maps[3], "8a");
  assert_int_equal(deal->spec.hand[0][0], 232);
  assert_int_equal(deal->spec.scoring[3][0], 10);
  static bga_result res;
  bga_convert(g, &log, &res, 0, stdout);
  assert_int_equal(res.stopped, 1);
  assert_non_null(strstr(res.why, "no opening draft of dwarvintime"));
  assert_non_null(strstr(res.why, "moves 8-787 are missing"));
  assert_int_equal(res.matched_move, 6);
  assert_int_equal(ark_game_nanswers(g), 4);   /* randale_und_hurra's four discards */
  ark_game_free(g);
  host_deal_free(deal);
  bga_free(&log);
}

/* A log cut after move 200, in the middle of Baboude's turn: the conversion
** ends with the last whole turn and says where the log stops. */
static void test_log_stops_early(void **st) {
  (void)st;
  json_t *root = sample_json();
  cut_after(root, 200);
  write_log(root, "cut200.json");
  static bga_log log;
  char msg[1024], path[512];
  snprintf(path, sizeof path, "%s/cut200.json", t_tmp);
  if (bga_read(path, &log, msg, sizeof msg) != 0) fail_msg("%s", msg);
  host_deal *deal = host_deal_new();
  ark_game *g = imported(&log, deal, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  static bga_result res;
  bga_convert(g, &log, &res, 0, stdout);
  assert_int_equal(res.stopped, 1);
  if (!strstr(res.why, "the log ends in the middle of Baboude's turn (it begins at BGA move 198, "
                      "the log's last move is 200)")) fail_msg("%s", res.why);
  assert_int_equal(res.matched_move, 196);
  ark_game_free(g);
  host_deal_free(deal);
  bga_free(&log);
}

/* A player's opening hand is named only on their private channel: a log
** without it was imported with a hand the seed dealt, and the draft
** offered cards that were never theirs.  The deal stops, naming the
** channel; a log whose deal packet comes late (after the display is
** revealed, so its cards read as a draw) stops the same way. */
static void test_private_hand_missing(void **st) {
  (void)st;
  json_t *root = sample_json();
  drop_channel(root, "/player/p91196162", 0);
  write_log(root, "nohand.json");
  char msg[1024];
  host_deal *deal = deal_of("nohand.json", msg, sizeof msg);
  assert_null(deal);
  if (!strstr(msg, "the log has no opening hand (the 8 cards for the draft) of Baboude: they "
              "are named only on Baboude's private channel /player/p91196162, and the log "
              "holds no packet of it")) fail_msg("%s", msg);
  root = sample_json();
  json_t *logs = packets(root);
  size_t first = 0;
  while (!on_channel(json_array_get(logs, first), "/player/p86346298")) first++;
  assert_int_equal(json_array_append(logs, json_array_get(logs, first)), 0);
  drop_packet(root, first);
  write_log(root, "late.json");
  assert_null(deal_of("late.json", msg, sizeof msg));
  if (!strstr(msg, "no opening hand (the 8 cards for the draft) of sorryimlikethis: "
              "sorryimlikethis's private channel /player/p86346298 names none before the display "
              "is revealed")) fail_msg("%s", msg);
  /* the final scoring cards are dealt on the same channel, by their own event */
  root = sample_json();
  json_t *events = json_object_get(json_array_get(packets(root), 0), "data");
  assert_string_equal(json_string_value(json_object_get(json_array_get(events, 1), "log")),
                      "You draw ${card_names} from the deck (scoring cards)");
  assert_int_equal(json_array_remove(events, 1), 0);
  write_log(root, "noscoring.json");
  assert_null(deal_of("noscoring.json", msg, sizeof msg));
  if (!strstr(msg, "the log has no final scoring cards of Baboude: Baboude's private channel "
              "/player/p91196162 names none")) fail_msg("%s", msg);
}

/* A slot the log never shows (here base project 2, offered to
** sorryimlikethis on the channel cut after the deal) was written as 0, which
** is no card number: the save did not load.  It is '-', left to the seed
** as the import left it, and the save replays. */
static void test_unknown_slot_loads(void **st) {
  (void)st;
  json_t *root = sample_json();
  drop_channel(root, "/player/p86346298", 3);
  write_log(root, "slot.json");
  assert_int_equal(t_cmd("import-bga slot.json -o slot.txt"), 1);
  assert_true(t_out_has("stopped: the log has no opening draft of sorryimlikethis"));
  assert_non_null(strstr(t_slurp(t_tmp, "slot.txt"), "\nsetup base-projects 107 - 101\n"));
  assert_int_equal(t_cmd("replay slot.txt"), 0);
  assert_true(t_out_has("matches the saved game"));
  host_deal *d = host_deal_new();
  char msg[256];
  assert_int_equal(host_deal_line(d, "display 227 - 496", msg, sizeof msg), 0);
  assert_int_equal(d->spec.display[1], 0);
  assert_int_equal(d->spec.display[2], 496);
  assert_int_equal(host_deal_line(d, "base-projects 0 109", msg, sizeof msg), -1);
  assert_string_equal(msg, "setup base-projects: '0' is not a card number");
  host_deal_free(d);
}

/* sorryimlikethis's private channel cut after move 3: the table's channel
** shows them drawing 3 cards at move 19, which no packet names, and our
** game dealt them the next cards of the draw order (Golden Lion Tamarin,
** drawn by nobody there) until a discard stopped the import with "none of
** BGA's discard cards is one of our options" and no BGA move.  It stops at
** the turn of that draw, naming the move, the player and the channel. */
static void test_private_channel_cut(void **st) {
  (void)st;
  json_t *root = sample_json();
  drop_channel(root, "/player/p86346298", 4);
  write_log(root, "cut4.json");
  assert_int_equal(t_cmd("import-bga cut4.json -o cut4.txt"), 1);
  assert_true(t_out_has("19 decisions matched, up to BGA move 16;"));
  assert_true(t_out_has("stopped: BGA move 19: sorryimlikethis draws 3 card(s) from the deck, "
                        "but the log does not name the cards: they are named only on "
                        "sorryimlikethis's private channel /player/p86346298, and the log holds "
                        "no packet of it after move 3\n  our decision for sorryimlikethis "
                        "(action): Choose your action\n"));
  /* the turn it stops at begins at the decision the save ends at */
  assert_int_equal(t_cmd("hint cut4.txt --at bga:18"), 0);
  assert_true(t_out_has("cut4.txt, decision #20 (past the Board Game Arena moves the import "
                        "matched): P2 sorryimlikethis, Choose your action\n"));
  /* the channel's packet of that move alone lost */
  root = sample_json();
  json_t *logs = packets(root);
  for (size_t i = json_array_size(logs); i-- > 0;)
    if (move_of(json_array_get(logs, i)) == 19 &&
        on_channel(json_array_get(logs, i), "/player/p86346298"))
      drop_packet(root, i);
  write_log(root, "no19.json");
  assert_int_equal(t_cmd("import-bga no19.json -o no19.txt"), 1);
  assert_true(t_out_has("private channel /player/p86346298, and the log holds none of its "
                        "packets of move 19\n"));
}

/* hint on the save of an import that stopped: the decision the save ends
** at (Baboude's turn at BGA move 129, which the log cut after move 130
** cannot match) was labelled with the last turn matched, move 125, which is
** sorryimlikethis's.  Only answered decisions carry a BGA move; the turn
** the log ends in is found by --at bga:M all the same. */
static void test_hint_past_matched_moves(void **st) {
  (void)st;
  json_t *root = sample_json();
  cut_after(root, 130);
  write_log(root, "cut130.json");
  assert_int_equal(t_cmd("import-bga cut130.json -o cut130.txt"), 1);
  assert_true(t_out_has("98 decisions matched, up to BGA move 127"));
  assert_int_equal(t_cmd("hint cut130.txt"), 0);
  assert_true(t_out_has("cut130.txt, decision #99 (past the Board Game Arena moves the import "
                        "matched): P1 Baboude, Choose your action\n"));
  assert_int_equal(t_cmd("hint cut130.txt --at 98"), 0);
  assert_true(t_out_has("cut130.txt, decision #98 (Board Game Arena move 125): P2 sorryimlikethis"));
  /* the turn the log ends in begins at decision #99: the save's table of
  ** turns lacked it, and --at bga:129 answered for sorryimlikethis's turn
  ** of move 125 (decision #96), with a note */
  assert_non_null(strstr(t_slurp(t_tmp, "cut130.txt"), " 96:125 99:129\n"));
  assert_int_equal(t_cmd("hint cut130.txt --at bga:129"), 0);
  assert_true(t_out_has("cut130.txt, decision #99 (past the Board Game Arena moves the import "
                        "matched): P1 Baboude, Choose your action\n"));
  assert_null(strstr(t_slurp(t_tmp, "out"), "note:"));
}

/* The 4-player excerpt's import stops in the draft, before any turn: its
** save has no BGA move to begin a decision at, and hint --at bga:M said it
** was not written by import-bga.  The save says it was (an empty
** bga-moves line), and hint says why no move can be named. */
static void test_hint_import_before_first_turn(void **st) {
  (void)st;
  if (!have(DATA "4p.log.json")) skip();
  assert_int_equal(t_cmd("import-bga %s -o 4p.txt", DATA "4p.log.json"), 1);
  assert_non_null(strstr(t_slurp(t_tmp, "4p.txt"), "\nsetup bga-moves\n"));
  assert_int_equal(t_cmd("hint 4p.txt --at bga:5"), 2);
  assert_true(t_out_has("arknova hint: --at bga:5: the import stopped before the game's first "
                        "turn, so no Board Game Arena move begins at a decision of this save (ask "
                        "with --at 1 to 5)\n"));
  assert_int_equal(t_cmd("hint 4p.txt"), 0);
  assert_true(t_out_has("4p.txt, decision #5 (past the Board Game Arena moves the import "
                        "matched): P2 dwarvintime, Opening draft"));
  assert_int_equal(t_cmd("play --ai random --turn-cap 4 --save p.txt"), 0);
  assert_int_equal(t_cmd("hint p.txt --at bga:5"), 2);
  assert_true(t_out_has("this save holds no Board Game Arena moves (not written by arknova "
                        "import-bga)"));
}

/* The conversion of t_tmp/name; its message (stopped) in res. */
static void convert(const char *name, bga_result *res) {
  static bga_log log;
  char msg[1024], path[512];
  snprintf(path, sizeof path, "%s/%s", t_tmp, name);
  if (bga_read(path, &log, msg, sizeof msg) != 0) fail_msg("%s", msg);
  host_deal *deal = host_deal_new();
  ark_game *g = imported(&log, deal, msg, sizeof msg);
  if (!g) fail_msg("%s", msg);
  bga_convert(g, &log, res, 0, stdout);
  ark_game_free(g);
  host_deal_free(deal);
  bga_free(&log);
}

/* A stop named the first gap after the last move matched wherever it lay:
** the draft of a player whose channel is cut after move 2 was said to be
** missing with moves 104-107.  Only a gap between the last move matched and
** the move the import stopped at is named. */
static void test_stop_names_adjacent_gap(void **st) {
  (void)st;
  static bga_result res;
  json_t *root = sample_json();
  drop_channel(root, "/player/p86346298", 3);
  write_log(root, "nodraft.json");
  convert("nodraft.json", &res);
  assert_int_equal(res.stopped, 1);
  if (!strstr(res.why, "the log has no opening draft of sorryimlikethis (the cards they discard "
              "are named on their private channel /player/p86346298): the log's last draft move "
              "is 3\n")) fail_msg("%s", res.why);
  root = sample_json();
  json_t *logs = packets(root);
  for (size_t i = json_array_size(logs); i-- > 0;)
    if (move_of(json_array_get(logs, i)) == 38 || move_of(json_array_get(logs, i)) == 39)
      drop_packet(root, i);
  write_log(root, "no38.json");
  convert("no38.json", &res);
  if (!strstr(res.why, "it is sorryimlikethis's turn here, but BGA's next move is by Baboude "
              "(moves 38-39 are missing from the log)\n")) fail_msg("%s", res.why);
}

/* The index of the first packet of `channel` at move `move` holding an
** event of `type`. */
static size_t packet_with(json_t *root, int move, const char *channel, const char *type) {
  json_t *logs = packets(root);
  for (size_t i = 0; i < json_array_size(logs); i++) {
    json_t *pk = json_array_get(logs, i), *ev;
    size_t j;
    if (move_of(pk) != move || !on_channel(pk, channel)) continue;
    json_array_foreach(json_object_get(pk, "data"), j, ev)
      if (!strcmp(json_string_value(json_object_get(ev, "type")), type)) return i;
  }
  fail_msg("no %s at move %d on %s", type, move, channel);
  return 0;
}

/* Our game stopping (a card of the draw order not in the deck: the
** Giraffe played twice at move 130 is taken for a draw in the gap before
** move 109) was reported as "our game stopped: ..." with no BGA move and
** no newline.  It names the turn and where the draw came from. */
static void test_game_stop_names_move(void **st) {
  (void)st;
  json_t *root = sample_json();
  size_t i = packet_with(root, 130, "/table/t537650395", "buyAnimal");
  json_t *twice = json_deep_copy(json_array_get(packets(root), i));
  assert_int_equal(json_array_insert_new(packets(root), i + 1, twice), 0);
  write_log(root, "twice.json");
  static bga_result res;
  convert("twice.json", &res);
  assert_int_equal(res.stopped, 1);
  assert_string_equal(res.why, "our game stopped in sorryimlikethis's turn of BGA moves 125-127: "
                      "the given draw order names Giraffe (428) as card 20 to draw, but it is not "
                      "in the deck\n  card 20 of the draw order comes from BGA move 108: draws "
                      "card 428 (inferred: missing from the log between moves 103 and 109)\n");
}

/* The first event of `type` in packet i. */
static json_t *event_in(json_t *root, size_t i, const char *type) {
  json_t *ev;
  size_t j;
  json_array_foreach(json_object_get(json_array_get(packets(root), i), "data"), j, ev)
    if (!strcmp(json_string_value(json_object_get(ev, "type")), type)) return ev;
  return NULL;
}

/* The sample log with the animal Baboude buys at `move` given the card
** id `id` (BGA's "A525_GuineaPig" form). */
static json_t *with_bought_card(int move, const char *id) {
  json_t *root = sample_json();
  json_t *ev = event_in(root, packet_with(root, move, "/table/t537650395", "buyAnimal"),
                        "buyAnimal");
  json_t *card = json_object_get(json_object_get(ev, "args"), "card");
  assert_int_equal(json_object_set_new(card, "id", json_string(id)), 0);
  return root;
}

/* The card id of Baboude's Guinea Pig at move 35 changed to the Dugong he
** discarded in the draft: the stop showed BGA's line, "plays Guinea Pig",
** not the card matched.  It names card 446, says it is not in his hand
** and where he gave it away. */
static void test_changed_card_named(void **st) {
  (void)st;
  write_log(with_bought_card(35, "A446_Dugong"), "dugong.json");
  static bga_result res;
  convert("dugong.json", &res);
  assert_int_equal(res.stopped, 1);
  if (!strstr(res.why, "BGA's player plays a card here, but card 446 (Dugong) is not in Baboude's "
              "hand in our game (Baboude discarded it in the opening draft at BGA move 3)\n  BGA "
              "move 35: Baboude plays Guinea Pig for 7 and places it in the Petting Zoo (its card "
              "id is 446, Dugong)\n")) fail_msg("%s", res.why);
}

/* The same with the Siberian Tiger: Guinea Pig was the only animal Baboude
** could play, so our game played it without asking, and the stop came at
** sorryimlikethis's next decision ("our decision for sorryimlikethis
** (action)"), with "35 decisions matched, up to BGA move 32" and a save in
** which Baboude plays the Guinea Pig.  The forced play is checked against
** the log: the stop names it and the save ends before the answer that led
** to it, Baboude's action of move 34. */
static void test_forced_step_checked(void **st) {
  (void)st;
  write_log(with_bought_card(35, "A406_SiberianTiger"), "tiger.json");
  assert_int_equal(t_cmd("import-bga tiger.json -o tiger.txt"), 1);
  assert_true(t_out_has("34 decisions matched, up to BGA move 32;"));
  assert_true(t_out_has("stopped: BGA's player plays a card here, but card 406 (Siberian Tiger) "
                        "is not in Baboude's hand in our game (Baboude discarded it in the "
                        "opening draft at BGA move 3)\n  BGA move 35: Baboude plays Guinea Pig "
                        "for 7 and places it in the Petting Zoo (its card id is 406, Siberian "
                        "Tiger)\n  our game played Guinea Pig (525) for Baboude without asking "
                        "(its only option) after our decision for Baboude (action): Choose your "
                        "action -> Animals I at strength 5; the save ends before that decision\n"));
  assert_int_equal(t_cmd("replay tiger.txt --quiet"), 0);
  assert_true(t_out_has("matches the saved game"));
  assert_int_equal(t_cmd("hint tiger.txt --at bga:34"), 0);
  assert_true(t_out_has("tiger.txt, decision #35 (past the Board Game Arena moves the import "
                        "matched): P1 Baboude, Choose your action\n"));
}

/* The sample log with the building bought at `move` anchored at (x, y). */
static json_t *with_building_at(int move, int x, int y) {
  json_t *root = sample_json();
  json_t *ev = event_in(root, packet_with(root, move, "/table/t537650395", "buyBuilding"),
                        "buyBuilding");
  json_t *b = json_object_get(json_object_get(ev, "args"), "building");
  assert_int_equal(json_object_set_new(b, "x", json_integer(x)), 0);
  assert_int_equal(json_object_set_new(b, "y", json_integer(y)), 0);
  return root;
}

/* Baboude's petting zoo of move 29 moved off map 3a: its footprint there
** has no cells, and the stop read "BGA built nothing more in this action"
** at move 28, the action card.  It names the building, the place and the
** map at move 29. */
static void test_building_off_map(void **st) {
  (void)st;
  static bga_result res;
  static const int at[3][2] = { { 0, 0 }, { 40, 0 }, { 8, 9 } };
  static const char *const want[3] = {
    "BGA move 29 builds a petting-zoo at (0,0), which is not a space of map 3a (Silver Lake)\n",
    "BGA move 29 builds a petting-zoo at (40,0), which is not a space of map 3a (Silver Lake)\n",
    "BGA move 29 builds a petting-zoo at (8,9) turned 4 sixths, which covers spaces that are not "
    "on map 3a (Silver Lake)\n",
  };
  for (int i = 0; i < 3; i++) {
    write_log(with_building_at(29, at[i][0], at[i][1]), "off.json");
    convert("off.json", &res);
    assert_int_equal(res.stopped, 1);
    if (strncmp(res.why, want[i], strlen(want[i])) ||
        !strstr(res.why, "\n  BGA move 29: Baboude pays 6 for building the Petting Zoo\n  our "
                "decision for Baboude (build.kind): Build: which building?\n"))
      fail_msg("%s", res.why);
  }
}

/* A card that is not ours (A999_Foo for the Giraffe of move 130) was
** reported at move 108, where a draw of it was inferred for the gap
** before, not where the log names it. */
static void test_unknown_card_at_its_move(void **st) {
  (void)st;
  write_log(with_bought_card(130, "A999_Foo"), "foo.json");
  assert_int_equal(t_cmd("import-bga foo.json -o foo.txt"), 1);
  assert_true(t_out_has("arknova import-bga: foo.json: BGA move 130 names card 999, which is not "
                        "one of our cards (a promo or an expansion card?): Baboude plays Northern "
                        "Giraffe for 16"));
}

/* A move_id past any game's length is refused with its packet: moves are
** counted in a table of one byte per move, and 2,000,000,000 asked for
** two gigabytes. */
static void test_huge_move_id(void **st) {
  (void)st;
  json_t *root = sample_json();
  json_object_set_new(json_array_get(packets(root), 5), "move_id", json_integer(2000000000));
  write_log(root, "huge.json");
  assert_int_equal(t_cmd("import-bga huge.json -o huge.txt"), 1);
  assert_true(t_out_has("huge.json: packet 6 of the log has move_id 2000000000: a move number "
                        "from 0 to 100000 is expected"));
}

/* A players list trimmed or left out: the names were empty ("P1 , P2 ",
** "setup name 1 " in the save, exit 0).  They come from the player_name of
** the events; a player no event names either is refused, naming the id. */
static void test_player_names(void **st) {
  (void)st;
  json_t *root = sample_json();
  json_t *data = json_object_get(root, "data");
  assert_int_equal(json_object_set_new(data, "players", json_array()), 0);
  write_log(root, "trimmed.json");
  static bga_log log;
  char msg[1024], path[512];
  snprintf(path, sizeof path, "%s/trimmed.json", t_tmp);
  if (bga_read(path, &log, msg, sizeof msg) != 0) fail_msg("%s", msg);
  assert_string_equal(log.pl[0].name, "Baboude");
  assert_string_equal(log.pl[1].name, "sorryimlikethis");
  bga_free(&log);
  /* no list, and no event naming its player */
  root = sample_json();
  data = json_object_get(root, "data");
  assert_int_equal(json_object_del(data, "players"), 0);
  json_t *pk, *ev;
  size_t i, j;
  json_array_foreach(packets(root), i, pk)
    json_array_foreach(json_object_get(pk, "data"), j, ev)
      json_object_del(json_object_get(ev, "args"), "player_name");
  write_log(root, "nameless.json");
  snprintf(path, sizeof path, "%s/nameless.json", t_tmp);
  assert_int_equal(bga_read(path, &log, msg, sizeof msg), -1);
  if (!strstr(msg, "nameless.json: the log gives no name for player 91196162 (P1): not in its "
              "players list, nor as player_name in any event of theirs")) fail_msg("%s", msg);
}

static void test_bad_json(void **st) {
  (void)st;
  char tmp[] = "/tmp/ark-bga-XXXXXX";
  int fd = mkstemp(tmp);
  assert_true(fd >= 0);
  const char *text = "{\"status\": 1,\n \"data\": {\"logs\": [\n   {\"move_id\": \"1\",, }]}}\n";
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  static bga_log log;
  char msg[1024], want[1100];
  assert_int_equal(bga_read(tmp, &log, msg, sizeof msg), -1);
  snprintf(want, sizeof want, "%s:3:", tmp);
  assert_non_null(strstr(msg, want));          /* line 3, then the column */
  /* JSON, but not a BGA log */
  fd = open(tmp, O_WRONLY | O_TRUNC);
  assert_true(fd >= 0);
  text = "{\"status\": 1}\n";
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  assert_int_equal(bga_read(tmp, &log, msg, sizeof msg), -1);
  assert_non_null(strstr(msg, "not a Board Game Arena replay log"));
  /* a UTF-8 byte-order mark before it is skipped: it was "'[' or '{'
  ** expected near" an invisible character */
  fd = open(tmp, O_WRONLY | O_TRUNC);
  assert_true(fd >= 0);
  text = "\xef\xbb\xbf{\"status\": 1}\n";
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  assert_int_equal(bga_read(tmp, &log, msg, sizeof msg), -1);
  snprintf(want, sizeof want, "%s: not a Board Game Arena replay log", tmp);
  if (strncmp(msg, want, strlen(want))) fail_msg("%s", msg);
  /* five players: refused as such (the first four were kept, and the import
  ** failed later at a map) */
  snprintf(want, sizeof want, "%s/tests/fuzz/corpus/fuzz_bga/five-players.json", ARK_SOURCE_DIR);
  assert_int_equal(bga_read(want, &log, msg, sizeof msg), -1);
  if (!strstr(msg, "five-players.json: the log's players list names 5 players; Ark Nova is "
                   "played by 2 to 4"))
    fail_msg("%s", msg);
  /* a NUL byte read "near end of file": its line and column, and what it means */
  fd = open(tmp, O_WRONLY | O_TRUNC);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, "{\n  \"a\": 1,\0}", 14), 14);
  close(fd);
  assert_int_equal(bga_read(tmp, &log, msg, sizeof msg), -1);
  snprintf(want, sizeof want, "%s:2:10: a NUL byte: the file is not text, so not a JSON log", tmp);
  assert_string_equal(msg, want);
  unlink(tmp);
  /* a folder read as an empty file ("1:0: ... near end of file") */
  char dir[] = "/tmp/ark-bga-dir-XXXXXX";
  assert_non_null(mkdtemp(dir));
  assert_int_equal(bga_read(dir, &log, msg, sizeof msg), -1);
  snprintf(want, sizeof want, "%s: a folder, not a log file (give the JSON file of a replay)", dir);
  assert_string_equal(msg, want);
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_footprints),
    cmocka_unit_test(test_sample_game),
    cmocka_unit_test(test_gaps_inferred),
    cmocka_unit_test(test_four_player_excerpt),
    cmocka_unit_test(test_log_stops_early),
    cmocka_unit_test(test_private_hand_missing),
    cmocka_unit_test(test_unknown_slot_loads),
    cmocka_unit_test(test_private_channel_cut),
    cmocka_unit_test(test_hint_past_matched_moves),
    cmocka_unit_test(test_hint_import_before_first_turn),
    cmocka_unit_test(test_stop_names_adjacent_gap),
    cmocka_unit_test(test_game_stop_names_move),
    cmocka_unit_test(test_changed_card_named),
    cmocka_unit_test(test_forced_step_checked),
    cmocka_unit_test(test_building_off_map),
    cmocka_unit_test(test_unknown_card_at_its_move),
    cmocka_unit_test(test_huge_move_id),
    cmocka_unit_test(test_player_names),
    cmocka_unit_test(test_bad_json),
  };
  if (t_cmd_begin("test_bga") != 0) return 1;
  return t_cmd_end(cmocka_run_group_tests(tests, NULL, NULL));
}
