/*
** bga_cmd.c - `arknova import-bga LOG.json [-o SAVE]`: a game recorded on
** Board Game Arena into a save that `arknova replay` steps through.
**
** The log is read (bga_log.c), the maps inferred where the log does not
** name them and the position dealt at the start rebuilt with the draw
** order of every card that came out of the deck later (bga_setup.c); a
** game set up from that deal, with Board Game Arena's rules constants
** (plugins/published), is then played along the log, each decision
** answered by what the players did there (bga_match.c).  The save holds
** the deal, the plugin and the answers, as far as the log could be
** matched; where it could not, the command says at which BGA move, what
** BGA did there and what our options were.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "bga.h"
#include "host.h"

static void import_usage(FILE *f) {
  fprintf(f,
    "usage: arknova import-bga LOG.json [-o SAVE] [--overwrite] [--verbose] [--facts]\n"
    "                          [--data DIR]\n\n"
    "Reads a Board Game Arena replay log of Ark Nova (the JSON of the table's\n"
    "replay with both players' private channels, docs/real-games.md), rebuilds the\n"
    "position dealt at the start (maps, hands, display, base projects, bonus tiles,\n"
    "action cards, start player, and the order of every card drawn later), plays\n"
    "our game along the log and writes a save that `arknova replay` steps through.\n"
    "A map the log does not name is inferred from the building spots BGA offered.\n"
    "The save plays by Board Game Arena's rules constants (--plugin published).\n\n"
    "Where a move cannot be matched the import stops with the BGA move number, what\n"
    "BGA did and what our options were (exit 1); the save then holds the game up to\n"
    "there.  Tracks (money, appeal, conservation, reputation, income) are compared\n"
    "with the log's at every break and at the end; differences are listed.\n\n"
    "  -o SAVE      where to write the save (default: LOG with .txt for .json);\n"
    "               a file that is not a save (the log itself, say) is never\n"
    "               replaced, nor a save of a game that is not over unless it\n"
    "               is an earlier import of a log\n"
    "  --overwrite  replace the save at SAVE even if its game is not over\n"
    "  --verbose    print every answer given, with the BGA move it came from\n"
    "  --facts      print the facts read from the log and stop (no save)\n"
    "  --data DIR   folder with cards/ maps/ plugins/ (default: games/arknova)\n"
    "  --help       this text\n");
}

/* The first card number of fact f that is not one of our cards, or 0.
** The action cards a turn ends with are numbered 1-5, not cards. */
static int foreign_card(const ark_game *proto, const bga_fact *f) {
  if (f->kind == BF_CLEANUP) return 0;
  if (f->card && ark_card_find(proto, f->card) < 0) return f->card;
  for (int i = 0; i < f->ncards; i++)
    if (ark_card_find(proto, f->cards[i]) < 0) return f->cards[i];
  for (int i = 0; i < f->nother; i++)
    if (f->other[i] && ark_card_find(proto, f->other[i]) < 0) return f->other[i];
  return 0;
}

/* A card the log names that is not one of ours (a promo or expansion
** card): -1 with the BGA move that names it.  The log's own facts come
** first: an inferred one (a draw in a gap) only repeats a card named later. */
static int unknown_cards(const ark_game *proto, const bga_log *log, char *msg, size_t n) {
  for (int inferred = 0; inferred < 2; inferred++)
    for (int k = 0; k < log->nf; k++) {
      const bga_fact *f = &log->f[k];
      int c = f->synthetic == inferred ? foreign_card(proto, f) : 0;
      if (!c) continue;
      snprintf(msg, n, "BGA move %d names card %d, which is not one of our cards (a promo or an "
               "expansion card?): %s", f->move, c, f->text);
      return -1;
    }
  return 0;
}

/* LOG with .txt for its extension; NULL if that is too long for out (a
** cut name would be another file). */
static const char *default_out(const char *log, char *out, size_t n) {
  const char *dot = strrchr(log, '.'), *slash = strrchr(log, '/');
  int len = dot && (!slash || dot > slash) ? snprintf(out, n, "%.*s.txt", (int)(dot - log), log)
                                           : snprintf(out, n, "%s.txt", log);
  return len >= 0 && (size_t)len < n ? out : NULL;
}

/* 0 if the save may be written to out, else -1 with a message.  The save
** is written beside out and renamed over it, which replaces whatever out
** was: never the log being read, nor anything but a save (notes, say, or
** a device, which root could otherwise replace with a file), nor a game
** that is not over unless an import made it or overwrite is given, as for
** `play --save`.  Asked before the import, so a refusal costs nothing;
** *replaced as host_save_may_start gives it. */
static int may_write(const char *out, const char *log, int overwrite, int *replaced, char *msg,
                     size_t n) {
  struct stat so, sl;
  if (stat(out, &so) != 0) return 0;            /* a new file, or the write will say why */
  if (stat(log, &sl) == 0 && so.st_dev == sl.st_dev && so.st_ino == sl.st_ino) {
    snprintf(msg, n, "%s is the log being imported: not overwriting it (-o SAVE names "
             "another file)", out);
    return -1;
  }
  if (!S_ISREG(so.st_mode)) {
    snprintf(msg, n, "%s exists and is not a regular file: not overwriting it", out);
    return -1;
  }
  return host_save_may_start(out, HOST_SAVE_IMPORT | (overwrite ? HOST_SAVE_OVERWRITE : 0),
                             replaced, msg, n);
}

/* A game of cfg: made like `content` (its cards, maps and scripts shared,
** no file read) when one is given, else loaded from cfg's folders. */
static ark_status game_of(const ark_game *content, const ark_config *cfg, ark_game **g, char *msg,
                          size_t n) {
  return content ? ark_game_new_like(content, cfg, g, msg, n) : ark_game_new(cfg, g, msg, n);
}

/* *g played again from its start without its last `drop` answers: what
** our game did after them contradicts the log (bga_result's drop), and the
** save holds the game up to there only.  0, or -1 with a message. */
static int drop_answers(const ark_game *content, const ark_config *cfg, ark_game **g, int drop,
                        char *msg, size_t n) {
  ark_game *r = NULL;
  if (game_of(content, cfg, &r, msg, n) != ARK_OK) return -1;
  const int *a = ark_game_answers(*g);
  for (int i = 0; i < ark_game_nanswers(*g) - drop; i++) {
    if (ark_game_process(r) != ARK_AWAITING) {
      snprintf(msg, n, "the game did not replay its own answers (answer %d)", i + 1);
      ark_game_free(r);
      return -1;
    }
    if (ark_game_answer(r, a[i], msg, n) != ARK_OK) {
      ark_game_free(r);
      return -1;
    }
  }
  ark_game_process(r);
  ark_game_free(*g);
  *g = r;
  return 0;
}

/* The game dealt as the log begins, into im->g: the content with Board
** Game Arena's rules constants, the maps inferred, the deal made and
** every card the log names checked to be ours.  0, or -1 with a message
** (the log's path first where it is about the log). */
static int import_deal(bga_log *log, const ark_game *content, const char *data, bga_imported *im,
                       FILE *out, char *msg, size_t n) {
  char why[1024], m[4096];
  ark_config *cfg = &im->cfg;
  ark_config_init(cfg);
  cfg->data_dir = data;
  cfg->plugins[0] = "published";
  /* BGA shows 100 + the printed score: so do the save's replays */
  cfg->plugins[1] = "hundred-points";
  cfg->players = log->nplayers;
  ark_game *proto = NULL;
  if (game_of(content, cfg, &proto, msg, n) != ARK_OK) return -1;
  int rc = -1;
  if (!(im->deal = host_deal_new())) {
    snprintf(msg, n, "%s: out of memory", log->path);
    goto done;
  }
  if (bga_infer_maps(proto, log, why, sizeof why, m, sizeof m) != 0 ||
      bga_make_deal(log, im->deal, m, sizeof m) != 0) {
    snprintf(msg, n, "%s: %s", log->path, m);
    goto done;
  }
  if (out) {
    fprintf(out, "%s: %d players", log->path, log->nplayers);
    for (int p = 0; p < log->nplayers; p++)
      fprintf(out, "%s P%d %s", p ? "," : ":", p + 1, log->pl[p].name);
    fprintf(out, "; BGA moves %d-%d\n%s", log->first_move, log->last_move, why);
  }
  cfg->map = im->deal->spec.maps[0];
  cfg->setup = &im->deal->spec;
  if (unknown_cards(proto, log, m, sizeof m) != 0) {
    snprintf(msg, n, "%s: %s", log->path, m);
    goto done;
  }
  if (game_of(content, cfg, &im->g, m, sizeof m) != ARK_OK) {
    snprintf(msg, n, "%s: the deal does not fit our cards: %s", log->path, m);
    goto done;
  }
  rc = 0;
done:
  ark_game_free(proto);
  return rc;
}

int bga_import(bga_log *log, const ark_game *content, const char *data, bga_imported *im,
               int verbose, FILE *out, char *msg, size_t n) {
  char m[4096];
  memset(im, 0, sizeof *im);
  if (import_deal(log, content, data, im, out, msg, n) != 0) return -1;
  bga_convert(im->g, log, &im->res, verbose, out);
  if (im->res.drop && drop_answers(content, &im->cfg, &im->g, im->res.drop, m, sizeof m) != 0) {
    snprintf(msg, n, "%s: %s", log->path, m);
    return -1;
  }
  return 0;
}

void bga_import_free(bga_imported *im) {
  ark_game_free(im->g);
  host_deal_free(im->deal);
  im->g = NULL;
  im->deal = NULL;
}

/* BGA's result beside our scores where the matched game stands: a log that
** holds the game's end says who won and by how much, and the two agree
** when every move of the game was matched. */
static void result_line(const bga_log *log, const ark_game *g) {
  if (!log->has_final_score) return;
  int same = 1, ours[BGA_PLAYERS];
  for (int p = 0; p < log->nplayers; p++) {
    ark_player_view v;
    ark_game_player(g, p, &v);
    ours[p] = v.score;
  }
  printf("BGA's result:");
  for (int p = 0; p < log->nplayers; p++)
    if (log->has_final_score & (1 << p)) {
      printf("%s %s %d", p ? "," : "", log->pl[p].name, log->final_score[p]);
      same &= ours[p] == log->final_score[p];
    }
  if (log->conceded >= 0) printf(" (%s conceded)", log->pl[log->conceded].name);
  printf("; here:");
  for (int p = 0; p < log->nplayers; p++) printf("%s %s %d", p ? "," : "", log->pl[p].name, ours[p]);
  printf(same ? " (the same)\n" : " (they differ)\n");
}

/* The imported game into the save at out, and what was matched on
** stdout: 0 if the whole log was matched, 1 if the import stopped or the
** save could not be written. */
static int save_import(const char *out, const bga_log *log, bga_imported *im, int replaced) {
  ark_game *g = im->g;
  host_deal *deal = im->deal;
  const bga_result *res = &im->res;
  /* the draws the matched game did not reach stay out of the save */
  if (deal->spec.nnext > ark_game_draws_used(g)) deal->spec.nnext = ark_game_draws_used(g);
  deal->imported = 1;
  deal->last_move = log->last_move;
  for (int t = 0; t < res->nturns && deal->nmoves < 1024; t++) {
    deal->moves[deal->nmoves][0] = res->turn_at[t][0];
    deal->moves[deal->nmoves++][1] = res->turn_at[t][1];
  }
  host_save sv;
  host_save_init(&sv);
  sv.o.cfg = im->cfg;
  sv.deal = deal;
  sv.ai_seed = 1;
  errno = 0;
  int bad = host_save_write(out, &sv, g) != 0;
  if (bad)
    fprintf(stderr, "arknova import-bga: cannot write %s%s%s\n", out, errno ? ": " : "",
            errno ? strerror(errno) : "");
  sv.deal = NULL;
  if (bad) return 1;
  if (replaced == 1)
    fprintf(stderr, "arknova import-bga: note: %s held a finished game; the import replaced "
            "it\n", out);
  printf("%d decisions matched, up to BGA move %d; %d breaks; tracks compared %d times, "
         "%d differ\n", ark_game_nanswers(g), res->matched_move, res->breaks, res->nchecks,
         res->nmismatch);
  if (res->nmismatch) printf("differences:\n%s", res->mismatches);
  if (res->stopped) {
    fflush(stdout);
    fprintf(stderr, "arknova import-bga: stopped: %s", res->why);
    printf("saved %s (the game up to there)\n", out);
    return 1;
  }
  result_line(log, g);
  printf("%s\nsaved %s\n", res->ended ? "the log's game ends here" : "the log ends here", out);
  return 0;
}

int cmd_import_bga(int argc, char **argv) {
  const char *path = NULL, *out = NULL, *data = NULL;
  int verbose = 0, facts = 0, overwrite = 0, replaced = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { import_usage(stdout); return 0; }
    if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) { verbose = 1; continue; }
    if (!strcmp(a, "--facts")) { facts = 1; continue; }
    if (!strcmp(a, "--overwrite")) { overwrite = 1; continue; }
    if (!strcmp(a, "-o") || !strcmp(a, "--out") || !strcmp(a, "--data")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "arknova import-bga: %s needs a value\n", a);
        return 2;
      }
      if (!strcmp(a, "--data")) data = argv[++i];
      else out = argv[++i];
      continue;
    }
    if (a[0] == '-' || path) {
      fprintf(stderr, "arknova import-bga: unexpected argument '%s'\n\n", a);
      import_usage(stderr);
      return 2;
    }
    path = a;
  }
  if (!path) {
    fprintf(stderr, "arknova import-bga: which log?\n\n");
    import_usage(stderr);
    return 2;
  }
  static bga_log log;
  char msg[4096], outbuf[2048];
  if (!facts && !out && !(out = default_out(path, outbuf, sizeof outbuf))) {
    fprintf(stderr, "arknova import-bga: %s: a name too long for the save; give one with -o\n",
            path);
    return 2;
  }
  if (!facts && may_write(out, path, overwrite, &replaced, msg, sizeof msg) != 0) {
    fprintf(stderr, "arknova import-bga: %s\n", msg);
    return 2;
  }
  if (bga_read(path, &log, msg, sizeof msg) != 0) {
    fprintf(stderr, "arknova import-bga: %s\n", msg);
    return 1;
  }
  if (facts) {
    bga_print_facts(&log, stdout);
    bga_free(&log);
    return 0;
  }
  static bga_imported im;
  int rc = 1;
  if (bga_import(&log, NULL, data, &im, verbose, stdout, msg, sizeof msg) != 0)
    fprintf(stderr, "arknova import-bga: %s\n", msg);
  else
    rc = save_import(out, &log, &im, replaced);
  bga_import_free(&im);
  bga_free(&log);
  return rc;
}
