/*
** hint.c - `arknova hint SAVE [--at MOVE] [--ai greedy|mcts]`: what an AI
** would choose at one point of a saved game, and what the greedy's value
** of each option is.
**
** The game is rebuilt from the save up to that decision.  The choice comes
** from ai_pick (which lets the AI decide on what the deciding seat may
** know); the values are ai_greedy_values on ark_game_search_view of that seat,
** never on the real game, so neither reveals the other seats' cards or the
** order of the deck.  Works on imported games too (their save knows where
** each Board Game Arena move begins: --at bga:M).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "deal.h"
#include "host.h"

static void hint_usage(FILE *f) {
  fprintf(f,
    "usage: arknova hint SAVE [--at MOVE] [--ai greedy|mcts] [--mcts-iters N] [--seed S]\n"
    "                         [--all]\n\n"
    "Rebuilds the saved game up to one decision and prints what the AI would choose\n"
    "there and what each option is worth to the greedy AI (points: the score plus\n"
    "what usually turns into score later).  The AI sees only what the deciding seat\n"
    "may know: its values come from a copy in which the others' hidden cards and the\n"
    "deck are dealt anew.\n\n"
    "  --at MOVE        the decision: N (as `arknova replay` numbers them: #N), or\n"
    "                   bga:M for the turn that begins at Board Game Arena move M\n"
    "                   (a save written by import-bga); default: the decision the\n"
    "                   save ends at\n"
    "  --ai KIND        greedy (default) or mcts: who chooses\n"
    "  --mcts-iters N   mcts: rollouts (default 80)\n"
    "  --seed S         seed of the AI's random choices and of the dealt copy\n"
    "                   (default: the save's ai-seed, which the game's own AIs\n"
    "                   and the hint typed in `arknova play` use, so that the\n"
    "                   greedy's advice is the choice the game's greedy made)\n"
    "  --all            a decision of an AI's seat in a game with a person that\n"
    "                   is not over: answer anyway (its options show that seat's\n"
    "                   cards, which the person may not know; refused without)\n"
    "  --help           this text\n");
}

/* The 0-based decision of --at: a number, or bga:M through the save's
** table of BGA moves.  -1 with a message. */
static int decision_at(const char *at, const host_save *sv, char *msg, size_t n, char *note,
                       size_t nn) {
  char *end;
  note[0] = '\0';
  if (!strncmp(at, "bga:", 4)) {
    long m = strtol(at + 4, &end, 10);
    if (!at[4] || *end || m < 0) {
      snprintf(msg, n, "--at bga:M needs a move number, got '%s'", at);
      return -1;
    }
    if (!sv->deal || !sv->deal->imported) {
      snprintf(msg, n, "--at %s: this save holds no Board Game Arena moves (not written by "
               "arknova import-bga)", at);
      return -1;
    }
    if (sv->deal->nmoves == 0) {
      snprintf(msg, n, "--at %s: the import stopped before the game's first turn, so no Board "
               "Game Arena move begins at a decision of this save (ask with --at 1 to %d)", at,
               sv->nanswers + 1);
      return -1;
    }
    /* the turn that begins at move m, or the last one begun before it */
    int best = -1;
    for (int i = 0; i < sv->deal->nmoves; i++)
      if (sv->deal->moves[i][1] <= m) best = i;
    if (best < 0) {
      snprintf(msg, n, "--at %s: no turn begins at or before BGA move %ld (the first is move %d)",
               at, m, sv->deal->moves[0][1]);
      return -1;
    }
    /* past the log's end (bga-last): no move of the game */
    int last = sv->deal->moves[sv->deal->nmoves - 1][1];
    if (sv->deal->last_move > 0 && m > sv->deal->last_move) {
      snprintf(msg, n, "--at %s: the log ends at BGA move %d (this save's turns begin at moves "
               "%d to %d)", at, sv->deal->last_move, sv->deal->moves[0][1], last);
      return -1;
    }
    /* a save written before bga-last (last_move 0) keeps where turns begin,
    ** not where the log ends: a move past the last turn's start is in that
    ** turn, or past the log.  A save that knows the end needs no note */
    if (sv->deal->last_move == 0 && best == sv->deal->nmoves - 1 && m > last)
      snprintf(note, nn, "--at %s: this save's Board Game Arena turns begin at moves %d to %d; "
               "move %ld is after the last one's start, so the hint is for that last turn (the "
               "save does not keep the log's last move: import-bga printed it)", at,
               sv->deal->moves[0][1], last, m);
    return sv->deal->moves[best][0];
  }
  long k = strtol(at, &end, 10);
  if (!*at || *end || k < 1) {
    snprintf(msg, n, "--at needs a decision number (1, 2, ...) or bga:M, got '%s'", at);
    return -1;
  }
  /* decision nanswers + 1 is the one the save ends at, unless its game is
  ** over (then there is none to ask about); checked here, on the long,
  ** since a larger number cut to an int could land anywhere */
  int asked = sv->finished == 1 ? sv->nanswers : sv->nanswers + 1;
  if (k > (long)asked) {
    snprintf(msg, n, "--at %s: the save holds %d decisions (ask about 1 to %d%s)", at,
             sv->nanswers, asked, sv->finished == 1 ? "; its game is over after the last" : "");
    return -1;
  }
  return (int)k - 1;
}

/* The BGA move a decision belongs to (the last turn begun at or before it),
** or -1.  Only the answered decisions were matched to BGA's moves: the one
** the save ends at may lie past them (the import stopped at a turn it could
** not match, or BGA's game had ended), so it gets none. */
static int bga_move_of(const host_save *sv, int decision) {
  int move = -1;
  if (decision >= sv->nanswers) return -1;
  for (int i = 0; sv->deal && i < sv->deal->nmoves; i++)
    if (sv->deal->moves[i][0] <= decision) move = sv->deal->moves[i][1];
  return move;
}

int host_hint(ark_gs *g, int kind, const ai_budget *b, uint64_t seed, int played, int top,
              FILE *f) {
  const ark_decision *d = g->gi->decision(g);
  ai_budget budget = *b;
  if (budget.rollout_turns < 1) budget.rollout_turns = 1;
  ai_player ai;
  ai_init(&ai, kind, &budget);
  /* the values first, from the seat's view (the pick below changes nothing in g) */
  int n = d->noptions;
  double *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
  int *order = malloc(sizeof *order * (size_t)(n > 0 ? n : 1));
  /* the same deal and random numbers ai_pick gives the greedy */
  uint64_t x = seed;
  ark_gs *view = g->gi->view(g, d->player, ai_rand(&x));
  if (!v || !order || !view) {
    free(v), free(order);
    if (view) view->gi->free(view);
    return -1;
  }
  uint64_t rng = x;
  ai_greedy_values(view, v, NULL, &rng);
  view->gi->free(view);
  int pick = ai_pick(&ai, g, seed);
  d = g->gi->decision(g);
  fprintf(f, "%s would choose: %s\n", ai_name(kind), d->options[pick]);
  if (played >= 0) fprintf(f, "the game went on with: %s\n", d->options[played]);
  for (int i = 0; i < n; i++) order[i] = i;
  for (int i = 1; i < n; i++)          /* best first; equal values keep the option order */
    for (int j = i; j > 0 && v[order[j]] > v[order[j - 1]]; j--) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  int shown = top > 0 && top < n ? top : n;
  fprintf(f, "greedy value of %s (points for P%d, best first):\n",
          shown < n ? "the best options" : "each option", d->player + 1);
  for (int i = 0; i < shown; i++) {
    int o = order[i];
    fprintf(f, "  %8.1f  %s%s%s\n", v[o], d->options[o], o == pick ? "   <- AI" : "",
            played == o ? "   <- played" : "");
  }
  free(v);
  free(order);
  return 0;
}

int cmd_hint(int argc, char **argv) {
  const char *path = NULL, *at = NULL;
  int kind = AI_GREEDY, all = 0;
  long iters = 0, seedv = -1;            /* -1: the save's ai-seed */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { hint_usage(stdout); return 0; }
    if (!strcmp(a, "--all")) { all = 1; continue; }
    if (!strcmp(a, "--at") || !strcmp(a, "--ai") || !strcmp(a, "--mcts-iters") || !strcmp(a, "--seed")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "arknova hint: %s needs a value\n", a);
        return 2;
      }
      const char *v = argv[++i];
      if (!strcmp(a, "--at")) at = v;
      else if (!strcmp(a, "--ai")) {
        kind = ai_from_name(v);
        if (kind != AI_GREEDY && kind != AI_MCTS) {
          fprintf(stderr, "arknova hint: --ai is greedy or mcts, got '%s'\n", v);
          return 2;
        }
      } else if (!strcmp(a, "--mcts-iters")) {
        if (!host_parse_long(a, v, 1, 100000, &iters)) return 2;
      } else if (!host_parse_long(a, v, 0, 2000000000L, &seedv)) return 2;
      continue;
    }
    if (a[0] == '-' || path) {
      fprintf(stderr, "arknova hint: unexpected argument '%s'\n\n", a);
      hint_usage(stderr);
      return 2;
    }
    path = a;
  }
  if (!path) {
    fprintf(stderr, "arknova hint: which save?\n\n");
    hint_usage(stderr);
    return 2;
  }
  host_save sv;
  char msg[2048];
  if (host_save_read(path, &sv, msg, sizeof msg) != 0) {
    fprintf(stderr, "arknova hint: %s\n", msg);
    host_save_free(&sv);
    return 1;
  }
  char note[300] = "";
  int count = at ? decision_at(at, &sv, msg, sizeof msg, note, sizeof note) : sv.nanswers;
  if (count < 0) {
    fprintf(stderr, "arknova hint: %s\n", msg);
    host_save_free(&sv);
    return 2;
  }
  if (count > sv.nanswers) {
    fprintf(stderr, "arknova hint: %s holds %d decisions; --at %s is beyond them\n", path,
            sv.nanswers, at);
    host_save_free(&sv);
    return 2;
  }
  host_save_warn(&sv, "arknova hint", path);
  if (note[0]) fprintf(stderr, "arknova hint: note: %s\n", note);
  /* advice on another game than the file's is worse than none: the whole
  ** file must replay to its own hash first, as for replay and resume */
  ark_gs *whole = host_game_of(&sv.o)->rebuild(&sv, sv.nanswers, msg, sizeof msg);
  int v = whole ? host_save_verify_gs(&sv, host_game_of(&sv.o), whole, host_game_of(&sv.o)->hash(whole),
                                      host_game_of(&sv.o)->state(whole), msg,
                                      sizeof msg) : -1;
  if (v > 0) fprintf(stderr, "arknova hint: note: %s: %s\n", path, msg);
  if (v < 0) {
    fprintf(stderr, "arknova hint: %s: %s\n", path, msg);
    if (whole) whole->gi->free(whole);
    host_save_free(&sv);
    return 1;
  }
  whole->gi->free(whole);
  ark_gs *g = host_game_of(&sv.o)->rebuild(&sv, count, msg, sizeof msg);
  if (!g) {
    fprintf(stderr, "arknova hint: %s: %s\n", path, msg);
    host_save_free(&sv);
    return 1;
  }
  const ark_decision *d = g->gi->process(g) == ARK_AWAITING ? g->gi->decision(g) : NULL;
  if (!d) {
    fprintf(stderr, "arknova hint: the game is over at decision %d: nothing to choose\n", count + 1);
    g->gi->free(g);
    host_save_free(&sv);
    return 1;
  }
  /* another seat's decision while its person still plays: its options
  ** name that seat's hand */
  if (!all && sv.human >= 0 && sv.finished != 1 && d->player != sv.human) {
    fprintf(stderr, "arknova hint: decision #%d is P%d's, and P%d is a person's seat in a game "
            "not over: the options would show P%d's cards (--all asks anyway)\n", count + 1,
            d->player + 1, sv.human + 1, d->player + 1);
    g->gi->free(g);
    host_save_free(&sv);
    return 2;
  }
  char who[80];
  const char *name = host_deal_name(sv.deal, d->player, who, sizeof who);
  int bga = bga_move_of(&sv, count);
  printf("%s, decision #%d", path, count + 1);
  if (bga >= 0) printf(" (Board Game Arena move %d)", bga);
  else if (sv.deal && sv.deal->imported && count >= sv.nanswers)
    printf(" (past the Board Game Arena moves the import matched)");
  if (name == who) printf(": P%d, %s\n", d->player + 1, d->prompt);   /* no name of its own */
  else printf(": P%d %s, %s\n", d->player + 1, name, d->prompt);
  ai_budget budget = sv.o.budget;
  if (iters) budget.iters = (int)iters;
  int played = count < sv.nanswers && sv.answers[count] < d->noptions ? sv.answers[count] : -1;
  uint64_t seed = seedv >= 0 ? (uint64_t)seedv : sv.ai_seed;
  int rc = host_hint(g, kind, &budget, host_pick_seed(seed, count), played, 0, stdout);
  if (rc) fprintf(stderr, "arknova hint: out of memory\n");
  g->gi->free(g);
  host_save_free(&sv);
  return rc ? 1 : 0;
}
