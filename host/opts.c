/*
** opts.c - option parsing shared by the game-running subcommands, running
** one game with AIs, and the end-of-game summary.
*/
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ai.h"
#include "host.h"

const char *const host_game_opts_help =
  "  --game NAME|DIR   the game to play: a folder under games/ (default arknova)\n"
  "                    or any folder with a game.yaml\n"
  "  --option N=V      a game written in Lua: its table track N starts at V (a\n"
  "                    variant or mode it declares); may repeat\n"
  "  --players N       2, 3 or 4 players (default 2, or the game's nearest)\n"
  "  --seed S          game seed (default 1)\n"
  "  --map ID          A (default), 0, 1..8, 1a..8a or a fan map id for everyone,\n"
  "                    or advanced (each player keeps 1 of 2 dealt maps)\n"
  "  --ai LIST         AI per seat, comma separated: random, greedy, mcts\n"
  "                    (default greedy; a shorter list repeats)\n"
  "  --mcts-iters N    mcts: rollouts per action decision (default 80)\n"
  "  --mcts-ms N       mcts: milliseconds per action decision (with both,\n"
  "                    the search stops at whichever comes first)\n"
  "  --rollout KIND    mcts rollouts: fast, greedy or random (default fast)\n"
  "  --rollout-turns N mcts: own turns a rollout plays before valuing (1)\n"
  "  --data DIR        folder with cards/ and maps/ (default: the game folder,\n"
  "                    games/arknova)\n"
  "  --cards DIR       extra card folder (fan cards); may repeat\n"
  "  --maps DIR        extra map folder (fan maps); may repeat\n"
  "  --plugin P        a plugin folder, or a name under plugins/; may repeat\n"
  "                    (applied in order; see docs/plugins.md)\n"
  "  --exclude N       leave card number N out of the game; may repeat\n"
  "  --turn-cap N      stop a game after N turns (default 2000)\n";

void host_opts_init(host_opts *o) {
  memset(o, 0, sizeof *o);
  ark_config_init(&o->cfg);
  for (int i = 0; i < 4; i++) o->ai[i] = AI_GREEDY;
  o->nai = 1;
  o->budget.rollout = AI_ROLLOUT_FAST;
  o->budget.rollout_turns = 1;
}

static int need_value(int argc, char **argv, int i) {
  if (i + 1 < argc) return 1;
  fprintf(stderr, "arknova: option %s needs a value\n", argv[i]);
  return 0;
}

int host_number(const char *s, long long lo, long long hi, long long *out) {
  char *end;
  /* strtoll alone would take leading blanks, a '+' and, out of range, its
  ** limit without a word: all of that is refused here */
  if (!s || !(isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1]))))
    return 0;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno == ERANGE || *end != '\0' || v < lo || v > hi) return 0;
  *out = v;
  return 1;
}

int host_unsigned(const char *s, uint64_t *out) {
  char *end;
  if (!s || !isdigit((unsigned char)s[0])) return 0;   /* strtoull would wrap "-1" */
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno == ERANGE || *end != '\0') return 0;
  *out = (uint64_t)v;
  return 1;
}

int host_parse_long(const char *opt, const char *s, long lo, long hi, long *out) {
  long long v;
  if (!host_number(s, lo, hi, &v)) {
    fprintf(stderr, "arknova: %s expects a number from %ld to %ld, got '%s'\n", opt, lo, hi, s);
    return 0;
  }
  *out = (long)v;
  return 1;
}

int host_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int host_add_dir(const char **dirs, const char *d) {
  for (int k = 0; k < ARK_MAX_DIRS; k++)
    if (!dirs[k]) { dirs[k] = d; return 1; }
  return 0;
}

static int add_dir(const char **dirs, const char *d) {
  if (host_add_dir(dirs, d)) return 1;
  fprintf(stderr, "arknova: at most %d extra folders\n", ARK_MAX_DIRS);
  return 0;
}

int host_add_exclude(ark_config *cfg, int number) {
  for (int k = 0; k < ARK_MAX_EXCLUDE; k++) {
    if (cfg->exclude[k] == number) return 1;
    if (cfg->exclude[k] == 0) { cfg->exclude[k] = number; return 1; }
  }
  fprintf(stderr, "arknova: at most %d excluded cards\n", ARK_MAX_EXCLUDE);
  return 0;
}

static int parse_ai_list(host_opts *o, const char *arg) {
  int n = 0;
  /* every comma-separated item must be a name: "", "greedy," and
  ** "greedy,,mcts" are mistakes, not shorter lists */
  for (const char *t = arg;; t++) {
    size_t len = strcspn(t, ",");
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), t);
    int k = len < sizeof name ? ai_from_name(name) : -1;
    if (k < 0 || k == AI_HUMAN || n >= 4) {
      if (n >= 4) fprintf(stderr, "arknova: --ai names at most 4 AIs, one per seat (got '%s')\n", arg);
      else if (!len) fprintf(stderr, "arknova: --ai expects a comma-separated list of random, "
                                     "greedy, mcts without empty names (got '%s')\n", arg);
      else fprintf(stderr, "arknova: --ai expects up to 4 of: random, greedy, mcts (got '%.*s')\n",
                   (int)len, t);
      return 0;
    }
    o->ai[n++] = k;
    t += len;
    if (!*t) break;
  }
  for (int i = n; i < 4; i++) o->ai[i] = o->ai[i % n];
  o->nai = n;
  return 1;
}

/* Options with a number value: name, bounds, where it goes. */
static int number_opt(host_opts *o, const char *a, const char *val) {
  long v;
  if (!strcmp(a, "--players")) {
    /* the game's own range is checked once every option is read
    ** (host_check_game_opts): --game may come after --players */
    if (!host_parse_long(a, val, 1, 99, &v)) return -1;
    o->cfg.players = (int)v;
    o->players_given = 1;
  } else if (!strcmp(a, "--seed")) {
    if (!host_unsigned(val, &o->cfg.seed)) {
      fprintf(stderr, "arknova: --seed expects a number from 0 to %llu, got '%s'\n",
              (unsigned long long)UINT64_MAX, val);
      return -1;
    }
  } else if (!strcmp(a, "--turn-cap")) {
    if (!host_parse_long(a, val, 1, 1000000, &v)) return -1;
    o->cfg.turn_cap = (int)v;
  } else if (!strcmp(a, "--mcts-iters")) {
    if (!host_parse_long(a, val, 1, 100000000, &v)) return -1;
    o->budget.iters = (int)v;
  } else if (!strcmp(a, "--mcts-ms")) {
    if (!host_parse_long(a, val, 1, 3600000, &v)) return -1;
    o->budget.ms = (int)v;
  } else if (!strcmp(a, "--rollout-turns")) {
    if (!host_parse_long(a, val, 1, 1000, &v)) return -1;
    o->budget.rollout_turns = (int)v;
  } else if (!strcmp(a, "--exclude")) {
    if (!host_parse_long(a, val, 1, 100000, &v) || !host_add_exclude(&o->cfg, (int)v)) return -1;
  } else {
    return 0;
  }
  return 1;
}

int host_parse_game_opt(host_opts *o, int argc, char **argv, int *i) {
  static const char *const with_value[] = {
    "--players", "--seed", "--turn-cap", "--mcts-iters", "--mcts-ms", "--rollout-turns",
    "--exclude", "--map", "--data", "--cards", "--maps", "--plugin", "--ai", "--rollout",
    "--game", "--option", NULL
  };
  const char *a = argv[*i];
  int known = 0;
  for (int k = 0; with_value[k]; k++) known |= !strcmp(a, with_value[k]);
  if (!known) return 0;
  if (!need_value(argc, argv, *i)) return -1;
  char *val = argv[++*i];
  int r = number_opt(o, a, val);
  if (r) return r;
  if (!strcmp(a, "--map")) o->cfg.map = val;
  else if (!strcmp(a, "--game")) return host_use_game(o, val) ? -1 : 1;
  else if (!strcmp(a, "--option")) {
    if (o->noptions == 8 || !strchr(val, '=')) {
      fprintf(stderr, "arknova: --option %s: expected NAME=VALUE (at most 8)\n", val);
      return -1;
    }
    o->options[o->noptions++] = val;
  }
  else if (!strcmp(a, "--data")) o->cfg.data_dir = val;
  else if (!strcmp(a, "--cards")) return add_dir(o->cfg.card_dirs, val) ? 1 : -1;
  else if (!strcmp(a, "--maps")) return add_dir(o->cfg.map_dirs, val) ? 1 : -1;
  else if (!strcmp(a, "--plugin")) return add_dir(o->cfg.plugins, val) ? 1 : -1;
  else if (!strcmp(a, "--rollout")) {
    static const char *const kinds[] = { "fast", "greedy", "random" };
    int k = 0;
    while (k < 3 && strcmp(val, kinds[k])) k++;
    if (k == 3) {
      fprintf(stderr, "arknova: --rollout expects fast, greedy or random, got '%s'\n", val);
      return -1;
    }
    o->budget.rollout = k;
  } else return parse_ai_list(o, val) ? 1 : -1;
  return 1;
}

/* Is map id m (NULL: the default, A) one of the printed maps' or advanced
** mode, which deals printed maps only? */
static int printed_map(const char *m) {
  if (!m || !strcmp(m, "A") || !strcmp(m, "advanced")) return 1;
  return m[0] >= '0' && m[0] <= '8' && (!m[1] || (m[0] != '0' && m[1] == 'a' && !m[2]));
}

int host_check_game_opts(host_opts *o, const char *cmd) {
  /* fan maps are played only where --map names one: a designer trying a map
  ** had played map A with no word (and sim's summary said the maps changed) */
  if (!host_game_is_lua(o) && o->cfg.map_dirs[0] && printed_map(o->cfg.map) &&
      strcmp(cmd, "check"))
    fprintf(stderr, "arknova %s: note: the fan maps of --maps are loaded, but the game is "
            "played on %s%s: --map ID plays one (the id: line of its file)\n", cmd,
            o->cfg.map && !strcmp(o->cfg.map, "advanced") ? "printed maps (advanced mode)"
                                                           : "map ",
            o->cfg.map && !strcmp(o->cfg.map, "advanced") ? "" : o->cfg.map ? o->cfg.map : "A");
  if (o->noptions && !host_game_is_lua(o)) {
    fprintf(stderr, "arknova %s: --option is for games written in Lua (Ark Nova's variants are "
            "plugins: --plugin)\n", cmd);
    return -1;
  }
  int lo = o->game.max_players ? o->game.min_players : 2;
  /* the host keeps an AI for at most 4 seats */
  int hi = o->game.max_players ? (o->game.max_players < 4 ? o->game.max_players : 4) : 4;
  if (!o->players_given)                 /* 2, or the game's count nearest to it */
    o->cfg.players = o->cfg.players < lo ? lo : o->cfg.players > hi ? hi : o->cfg.players;
  if (o->cfg.players < lo || o->cfg.players > hi) {
    fprintf(stderr, "arknova %s: --players expects a number from %d to %d for %s, got %d\n", cmd,
            lo, hi, o->game.name[0] ? o->game.name : "arknova", o->cfg.players);
    return -1;
  }
  /* a shorter list repeats over the seats; a longer one would lose its last AIs unseen */
  if (o->nai > o->cfg.players) {
    fprintf(stderr, "arknova %s: --ai names %d AIs, one per seat, for %d players (add "
            "--players %d, or name fewer)\n", cmd, o->nai, o->cfg.players, o->nai);
    return -1;
  }
  return 0;
}

int host_game_is_lua(const host_opts *o) { return !strcmp(o->game.module, "lua"); }

int host_use_game(host_opts *o, const char *spec) {
  char msg[1400];
  if (ark_gamedef_find(spec, ARK_SOURCE_DIR "/games", &o->game, msg, sizeof msg) != 0) {
    fprintf(stderr, "arknova: --game: %s\n", msg);
    return -1;
  }
  /* a build carries Ark Nova's module and the runtime of games written
  ** in Lua alone; a game folder that names another, or none, cannot play */
  if (host_game_is_lua(o)) return 0;
  if (strcmp(o->game.module, "arknova")) {
    if (o->game.module[0])
      fprintf(stderr, "arknova: --game: %s/game.yaml: module '%s' is not part of this build "
              "(it has: arknova, lua)\n", o->game.dir, o->game.module);
    else
      fprintf(stderr, "arknova: --game: %s/game.yaml: %s names no module that plays it yet\n",
              o->game.dir, o->game.name);
    return -1;
  }
  o->cfg.data_dir = o->game.dir;
  return 0;
}

uint64_t host_ai_seed(uint64_t seed) { return seed * 7919u + 1; }

uint64_t host_pick_seed(uint64_t ai_seed, int n) {
  uint64_t x = ai_seed ^ ((uint64_t)n * 0x9e3779b97f4a7c15ULL);
  return ai_rand(&x);
}

void host_print_events(ark_game *g, int *shown, FILE *f, const char *indent) {
  host_print_events_for(g, shown, f, indent, -1);
}

void host_print_events_for(ark_game *g, int *shown, FILE *f, const char *indent, int seat) {
  char line[512];
  int rewind = ark_game_take_rewind(g);   /* a stopped script's step put back */
  if (rewind >= 0 && rewind < *shown) *shown = rewind;
  for (; *shown < ark_game_nevents(g); (*shown)++) {
    const ark_event *e = ark_game_event(g, *shown);
    if (e->type == ARK_EV_ANSWER || !ark_event_shown(e, seat)) continue;
    ark_event_text_for(g, e, seat, line, sizeof line);
    fprintf(f, "%s[t%d] %s\n", indent, e->turn, line);
  }
}

const char *host_choice_for(const ark_decision *d, int pick, int seat) {
  if (d->secret && seat >= 0 && seat != d->player) return "(a secret choice)";
  return d->options[pick];
}

int host_play_out(ark_gs *g, const host_opts *o, uint64_t ai_seed, host_events_fn events,
                  void (*watch)(ark_gs *g, void *arg), void *arg) {
  char msg[256];
  int shown = 0;
  ai_player ai[ARK_AI_SEATS];
  for (int p = 0; p < ARK_AI_SEATS; p++) ai_init(&ai[p], o->ai[p % 4], &o->budget);
  while (g->gi->process(g) == ARK_AWAITING) {
    /* after the game has run on, so that what the last answer led to
    ** (the end of a turn, a break) is printed before the next decision */
    if (o->verbose) events(g, &shown, stdout, "    ", -1);
    if (watch) watch(g, arg);
    const ark_decision *d = g->gi->decision(g);
    if (d->player < 0 || d->player >= ARK_AI_SEATS) break;
    int pick = ai_pick(&ai[d->player], g, host_pick_seed(ai_seed, g->gi->nanswers(g)));
    if (o->verbose)
      printf("  P%d %s: %s\n", d->player + 1, d->prompt, d->options[pick]);
    if (g->gi->answer(g, pick, msg, sizeof msg) != ARK_OK) break;
  }
  int pr = g->gi->process(g);
  if (o->verbose) events(g, &shown, stdout, "    ", -1);
  return pr;
}

/* Ark Nova's games through host_play_out: its events, its watchers. */
typedef struct ark_watch {
  void (*watch)(ark_game *g, void *arg);
  void *arg;
} ark_watch;

static void ark_events_of(ark_gs *g, int *shown, FILE *f, const char *indent, int seat) {
  host_print_events_for(ark_game_of(g), shown, f, indent, seat);
}

static void ark_watch_of(ark_gs *g, void *arg) {
  ark_watch *w = arg;
  w->watch(ark_game_of(g), w->arg);
}

int host_run_game(ark_game *g, const host_opts *o, uint64_t ai_seed) {
  return host_run_game_watch(g, o, ai_seed, NULL, NULL);
}

int host_run_game_watch(ark_game *g, const host_opts *o, uint64_t ai_seed,
                        void (*watch)(ark_game *g, void *arg), void *arg) {
  ark_watch w = { watch, arg };
  return host_play_out(ark_game_gs(g), o, ai_seed, ark_events_of, watch ? ark_watch_of : NULL,
                       &w);
}

/* How the conservation marker's space falls, from this game's rules:
** "114 at 0 CP, 2 lower per CP to 10, then 3". */
static void target_words(ark_game *g, char *buf, size_t n) {
  int first = ark_game_target(g, 0) - ark_game_target(g, 1), k = 2;
  while (k <= 100 && ark_game_target(g, k - 1) - ark_game_target(g, k) == first) k++;
  int len = snprintf(buf, n, "%d at 0 CP, %d lower per CP", ark_game_target(g, 0), first);
  if (k <= 100 && len > 0 && (size_t)len < n)
    snprintf(buf + len, n - (size_t)len, " to %d, then %d", k - 1,
             ark_game_target(g, k - 1) - ark_game_target(g, k));
}

/* Two lines under the table: the score and "CP at" in the words of the
** board, where the appeal marker and the conservation marker share one
** track and the score is the distance between them (a variant's offset
** said too). */
static void print_score_words(ark_game *g, FILE *f) {
  ark_player_view v;
  ark_game_player(g, 0, &v);
  int offset = v.score - (v.appeal - v.target);
  char rule[128];
  target_words(g, rule, sizeof rule);
  if (offset)
    fprintf(f, "score = %d + appeal - CP at (these rules): %d plus the distance between your two "
               "markers.\n", offset, offset);
  else
    fprintf(f, "score = appeal - CP at: the distance between your two markers, below 0 until "
               "they meet.\n");
  fprintf(f, "CP at: appeal space of your conservation marker: %s.\n", rule);
}

/* The winner, and the tie-break when it took one (the rules: more
** conservation projects supported wins a tie on points; still tied, the
** win is shared). */
static void print_winner(ark_game *g, FILE *f) {
  int n = ark_game_players(g), won[4], nwon = 0, w = -1, tied = -1;
  ark_player_view v[4];
  for (int p = 0; p < n && p < 4; p++) {
    ark_game_player(g, p, &v[p]);
    if (v[p].rank == 1) won[nwon++] = p;
  }
  if (nwon == 0) return;
  w = won[0];
  if (nwon > 1) {
    fprintf(f, "Shared win: ");
    for (int k = 0; k < nwon; k++)
      fprintf(f, "%sP%d", k == 0 ? "" : k == nwon - 1 ? " and " : ", ", won[k] + 1);
    fprintf(f, " with %d points each and %d conservation project%s supported each: the "
               "projects, which break a tie on points, leave this one standing.\n", v[w].score,
               v[w].supports, v[w].supports == 1 ? "" : "s");
    return;
  }
  for (int p = 0; p < n && p < 4; p++)
    if (p != w && v[p].score == v[w].score && (tied < 0 || v[p].supports > v[tied].supports))
      tied = p;
  fprintf(f, "Winner: P%d with %d points", w + 1, v[w].score);
  if (tied >= 0)
    fprintf(f, " (tied with P%d on points; more conservation projects supported: %d to %d)",
            tied + 1, v[w].supports, v[tied].supports);
  fprintf(f, ".\n");
}

/* What the final scoring gave each seat, from the log's account of it
** (the notes ARK_KIND_FINAL_CARD and ARK_KIND_FINAL_EFFECT): the CP the
** seat had before, each kept final scoring card with its CP, each
** end-of-game effect that gave something, and the sum, which is the
** table's CP.  The game is over, so the kept cards are no longer secret.
** Nothing when the log holds no such account (rules that score otherwise). */
static void print_final_scoring(ark_game *g, FILE *f) {
  int n = ark_game_players(g), nev = ark_game_nevents(g), any = 0;
  for (int i = 0; i < nev && !any; i++) {
    const ark_event *e = ark_game_event(g, i);
    any = e->type == ARK_EV_TEXT &&
          (e->kind == ARK_KIND_FINAL_CARD || e->kind == ARK_KIND_FINAL_EFFECT);
  }
  if (!any) return;
  fprintf(f, "Final scoring (the final scoring cards each seat kept, secret until the end):\n");
  for (int p = 0; p < n; p++) {
    int gained = 0, lines = 0;
    for (int i = 0; i < nev; i++) {
      const ark_event *e = ark_game_event(g, i);
      if (e->type == ARK_EV_TEXT && e->player == p &&
          (e->kind == ARK_KIND_FINAL_CARD || e->kind == ARK_KIND_FINAL_EFFECT))
        gained += e->b;
    }
    ark_player_view v;
    ark_game_player(g, p, &v);
    fprintf(f, "  P%d: %d CP before the final scoring\n", p + 1, v.conservation - gained);
    for (int i = 0; i < nev; i++) {
      const ark_event *e = ark_game_event(g, i);
      if (e->type != ARK_EV_TEXT || e->player != p) continue;
      ark_card_view c = { 0 };
      int card = e->a >= 0 && ark_card_get(g, e->a, &c) == 0;
      if (e->kind == ARK_KIND_FINAL_CARD) {
        fprintf(f, "      + %d CP: final scoring card %s (%d)\n", e->b, card ? c.name : "?",
                c.number);
      } else if (e->kind == ARK_KIND_FINAL_EFFECT) {
        char from[160];
        if (card) snprintf(from, sizeof from, "%s (%d)", c.name, c.number);
        else if (e->a == ARK_FINAL_MAP) snprintf(from, sizeof from, "map %s", ark_game_map_name(g, p));
        else snprintf(from, sizeof from, "a rules plugin");
        if (e->b) fprintf(f, "      + %d CP: %s at the end of the game\n", e->b, from);
        if (e->c) fprintf(f, "      (+ %d appeal: %s at the end of the game)\n", e->c, from);
      } else {
        continue;
      }
      lines++;
    }
    if (!lines) fprintf(f, "      no final scoring card kept\n");
    fprintf(f, "      = %d CP\n", v.conservation);
  }
}

void host_print_summary(ark_game *g, const host_opts *o, FILE *f) {
  int n = ark_game_players(g);
  ark_player_view v;
  fprintf(f, "Game over after %d turns (%.1f per player)%s.\n", ark_game_turns(g),
          (double)ark_game_turns(g) / n, ark_game_capped(g) ? " - stopped by the turn cap" : "");
  int stopped = ark_game_script_stopped(g);
  const char *first = ark_game_first_stop(g);
  if (stopped & 2)
    fprintf(f, "A script was stopped during this game for running too long or using too "
               "much memory, and the game played on with it switched off; these limits "
               "depend on the machine, so its replay elsewhere is not guaranteed.\n");
  else if (stopped)
    fprintf(f, "A script was stopped during this game, and the game played on with it "
               "switched off; its replay does the same.\n");
  if (stopped && first) fprintf(f, "  %s\n", first);
  char failure[700];
  int failed = ark_game_scripts_failed(g, failure, sizeof failure);
  if (!stopped && failed)
    fprintf(f, "Warning: a card or map script failed %d time%s, each time in an AI's trial of "
               "a move, not in the game itself: the AI saw the move fail and chose another, "
               "so the card looks weak rather than broken.  Fix the script:\n  %s\n",
            failed, failed == 1 ? "" : "s", failure);
  fprintf(f, "%-6s %-7s %6s %6s %6s %6s %6s %5s %6s %5s\n", "player", "ai", "score", "appeal",
          "CP", "CP at", "money", "rep.", "cards", "rank");
  for (int p = 0; p < n; p++) {
    ark_game_player(g, p, &v);
    fprintf(f, "P%-5d %-7s %6d %6d %6d %6d %6d %5d %6d %5d\n", p + 1, ai_name(o->ai[p]),
            v.score, v.appeal, v.conservation, v.target, v.money, v.reputation, v.zoo_cards,
            v.rank);
  }
  print_final_scoring(g, f);
  print_score_words(g, f);
  print_winner(g, f);
}
