/*
** luaplay.c - games written in Lua alone (module: lua in their game.yaml,
** core/src/luagame.h) as the host's commands take them: host_lua_game, the
** table of what play, hint, replay and sim need of such a game (host.h),
** and the start of an AI game.  The AIs see such a game only through the
** engine's game interface (core/src/gameif.h), on what their seat may know
** (ark_lg_view).  The host's turn cap (--turn-cap, 2000 by default) caps
** such a game's rounds (ark_lg_set_cap), and a save keeps the hash of the
** game's state beside its log's.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"
#include "luagame.h"
#include "simstats.h"

#define LP_STATS 24
#define LP_TURN_CAP 2000        /* the host's turn cap when none is given */
#define LG(s) ((ark_lg *)(s))   /* the state begins with its ark_gs */

/* a rule failed while the summary was printed: play exits with 1 */
static int summary_failed;

static int cap_of(const host_opts *o) {
  return o->cfg.turn_cap > 0 ? o->cfg.turn_cap : LP_TURN_CAP;
}

/* The events from *shown on, as seat sees them (-1: the whole game). */
static void print_events_to(ark_lg *g, int *shown, int seat, const char *indent, FILE *f) {
  const ark_log *l = ark_lg_log(g);
  char line[700];
  for (; *shown < l->nev; (*shown)++) {
    const ark_event *e = &l->ev[*shown];
    if (e->type == ARK_LG_EV_ANSWER) continue;
    ark_lg_event_text(g, e, seat, line, sizeof line);
    fprintf(f, "%s[r%d] %s\n", indent, e->turn, line);
  }
}

/* sim --test-card: when the tested seat played the card (it went from the
** hand to a zone of that seat where cards are played: ark_lg_zone_played),
** as a round. */
typedef struct lp_watch { int card, seat, round; } lp_watch;

static void watch_card(ark_gs *g, void *arg) {
  lp_watch *w = arg;
  const char *zone;
  int seat;
  if (w->round || ark_lg_card_zone(LG(g), w->card, &zone, &seat) != 0) return;
  if (seat == w->seat + 1 && ark_lg_zone_played(LG(g), zone)) w->round = ark_lg_rounds(LG(g));
}

static ark_lg_def *load_def(const host_opts *o) {
  char msg[4096];
  ark_lg_def *d = ark_lg_def_load(&o->game, msg, sizeof msg);
  /* the problems name their files from here, the folder first (luagame_def.c) */
  if (!d && !strncmp(msg, o->game.dir, strlen(o->game.dir))) fprintf(stderr, "arknova: %s\n", msg);
  else if (!d) fprintf(stderr, "arknova: %s:\n%s\n", o->game.dir, msg);
  return d;
}

/* A figure's column: as wide as its name, at least `min`. */
static int col(const char *name, int min) {
  int w = (int)strlen(name);
  return w > min ? w : min;
}

/* In a game the seats play against the game itself (the rules' won(seat)
** is true or false: a solo or cooperative mode) there is no single winner:
** whether the players won or lost, with their points; 0.  1 when the seats
** play against each other (won() nil or missing): the caller names the
** winner. */
static int print_against(ark_lg *g, FILE *f) {
  char msg[512];
  int n = ark_lg_players(g), won[8], nwon = 0;
  double score[8];
  for (int p = 0; p < n; p++) {
    int r = ark_lg_won(g, p, &won[p], msg, sizeof msg);
    if (r < 0) {
      fprintf(stderr, "arknova: %s\n", msg);
      summary_failed = 1;
    }
    if (r) return 1;
    ark_lg_score(g, p, &score[p], msg, sizeof msg);
    nwon += won[p] != 0;
  }
  if (n == 1) {
    fprintf(f, "P1 %s against the game with %.0f points.\n", won[0] ? "won" : "lost", score[0]);
    return 0;
  }
  for (int w = 1; w >= 0; w--) {     /* who won, then who lost */
    if (nwon == (w ? 0 : n)) continue;
    if (nwon == 0 || nwon == n) fprintf(f, "The players %s against the game:", w ? "won" : "lost");
    else fprintf(f, "%s against the game:", w ? "Won" : "Lost");
    for (int p = 0, k = 0; p < n; p++)
      if (!won[p] == !w) fprintf(f, "%s P%d with %.0f points", k++ ? "," : "", p + 1, score[p]);
    fprintf(f, ".\n");
  }
  return 0;
}

static void print_table(ark_lg *g, const host_opts *o, FILE *f) {
  char msg[512], names[LP_STATS][32];
  double values[LP_STATS], score;
  int order[8], place[8];
  int n = ark_lg_players(g);
  if (ark_lg_rank(g, order, msg, sizeof msg)) {
    fprintf(stderr, "arknova: %s\n", msg);
    summary_failed = 1;
    return;
  }
  for (int i = 0; i < n; i++) place[order[i]] = i + 1;
  int k = ark_lg_stats(g, 0, names, values, LP_STATS, msg, sizeof msg);
  if (k < 0) {
    fprintf(stderr, "arknova: %s\n", msg);
    summary_failed = 1;
    k = 0;
  }
  fprintf(f, "player ai       score");
  for (int i = 0; i < k; i++) fprintf(f, " %*s", col(names[i], 5), names[i]);
  fprintf(f, "  rank\n");
  for (int p = 0; p < n; p++) {
    ark_lg_score(g, p, &score, msg, sizeof msg);
    fprintf(f, "P%-5d %-8s %5.0f", p + 1, ai_name(o->ai[p % 4]), score);
    char pn[LP_STATS][32];
    double pv[LP_STATS];
    int pk = ark_lg_stats(g, p, pn, pv, LP_STATS, msg, sizeof msg);
    for (int i = 0; i < k && i < pk; i++)
      fprintf(f, " %*g", col(names[i], 5), pv[i]);
    fprintf(f, "  %4d\n", place[p]);
  }
  if (print_against(g, f) == 1) {
    ark_lg_score(g, order[0], &score, msg, sizeof msg);
    fprintf(f, "Winner: P%d with %.0f points.\n", order[0] + 1, score);
  }
}

/* The fingerprint a save of dir writes (host_folder_print: every file
** below the game folder, by its path and bytes, so that a save whose
** answers no longer give its hashes tells a game whose rules or cards were
** edited since from a file that was): worked out at the first save of the
** process, as the rules were loaded then, not at every decision a
** person's game is saved after. */
static unsigned long long saved_print(const char *dir) {
  static char done[4096];
  static unsigned long long print;
  if (strcmp(done, dir) != 0) {
    print = host_folder_print(dir);
    snprintf(done, sizeof done, "%s", dir);
  }
  return print;
}

/* A save whose game folder holds other files than when it was written,
** or one written before saves kept the fingerprint, which cannot tell. */
static int lua_changed(const host_save *s, char *why, size_t n) {
  if (!s->has_content) {
    snprintf(why, n, "this save was written by an older arknova, which kept no fingerprint "
             "of the rules and cards in %s", s->o.game.dir);
    return 1;
  }
  return host_save_content_changed(s, 0, why, n) > 0;
}

/* A save: the game folder, seats, seed, AIs and answers, with the log
** hash and the state's, in the file format of host/save.c (which reads it
** back). */
static int save_write(const char *path, const host_save *sv, ark_lg *g) {
  char tmp[4200], abs[4096];
  const host_opts *o = &sv->o;
  FILE *f = host_save_open(path, tmp, sizeof tmp);
  if (!f) return -1;
  fprintf(f, "arknova-save 2\ngame %s\nplayers %d\nseed %llu\n",
          host_save_game(o->game.dir, o->game.name, abs), o->cfg.players,
          (unsigned long long)o->cfg.seed);
  for (int i = 0; i < o->noptions; i++) fprintf(f, "option %s\n", o->options[i]);
  if (o->cfg.turn_cap) fprintf(f, "turn-cap %d\n", o->cfg.turn_cap);
  for (int p = 0; p < o->cfg.players; p++) fprintf(f, "ai P%d %s\n", p + 1, ai_name(o->ai[p % 4]));
  if (o->budget.iters) fprintf(f, "mcts-iters %d\n", o->budget.iters);
  if (sv->human >= 0) fprintf(f, "human %d\n", sv->human + 1);
  fprintf(f, "ai-seed %llu\n", (unsigned long long)sv->ai_seed);
  fprintf(f, "content %016llx\n", saved_print(o->game.dir));
  int over = ark_lg_process(g) != ARK_AWAITING;
  fprintf(f, "state %016llx\n", (unsigned long long)ark_lg_state_hash(g));
  return host_save_close(f, tmp, path, ark_lg_answers(g), ark_lg_nanswers(g),
                         ark_log_hash(ark_lg_log(g)), over);
}

/* The rules' summary lines, then the table of scores and figures. */
static void print_summary(ark_lg *g, const host_opts *o, FILE *f) {
  char msg[1024], text[8192];
  if (ark_lg_capped(g))
    fprintf(f, "The game did not end: the turn cap (%d rounds, or %d decisions in one round) "
               "stopped it, and the scores are those of an unfinished game.\n", cap_of(o),
            ark_lg_cap_decisions(g));
  if (ark_lg_summary(g, text, sizeof text, msg, sizeof msg) == 0) {
    fputs(text, f);
  } else {
    fprintf(stderr, "arknova: %s\n", msg);
    summary_failed = 1;
  }
  print_table(g, o, f);
}

/* ---- Ark Nova's options, which a game in Lua has no use for ---- */

const char *host_lua_ark_option(const ark_config *cfg) {
  ark_config plain;
  ark_config_init(&plain);
  if (cfg->card_dirs[0]) return "--cards";
  if (cfg->map_dirs[0]) return "--maps";
  if (cfg->plugins[0]) return "--plugin";
  if (cfg->data_dir) return "--data";
  if (cfg->exclude[0]) return "--exclude";
  /* the map is never unset: one not given is the very text the defaults have */
  if (cfg->map != plain.map) return "--map";
  return NULL;
}

void host_lua_refusal(const char *opt, char *msg, size_t n) {
  static const char *const why[][2] = {
    { "--cards", "adds a folder of fan cards to Ark Nova; a game in Lua plays the cards of its "
                 "own folder (game.yaml's cards:)" },
    { "--maps", "adds a folder of fan maps to Ark Nova; a game in Lua has no maps" },
    { "--plugin", "changes Ark Nova's rules; a game in Lua takes its variants as --option "
                  "NAME=VALUE (a table track of its game.yaml)" },
    { "--data", "names Ark Nova's data folder; a game in Lua reads everything from its own "
                "folder (--game DIR)" },
    { "--exclude", "leaves a card out of Ark Nova; sim leaves one out of a game in Lua with "
                   "--without-card C" },
    { "--map", "chooses Ark Nova's map; a game in Lua has none (its variants are --option "
               "NAME=VALUE)" },
  };
  snprintf(msg, n, "%s is Ark Nova's option", opt);
  for (size_t i = 0; i < sizeof why / sizeof why[0]; i++)
    if (!strcmp(opt, why[i][0])) snprintf(msg, n, "%s %s", opt, why[i][1]);
}

/* 0, or -1 with msg when cfg holds one of Ark Nova's content options. */
static int refuse_ark_options(const ark_config *cfg, char *msg, size_t n) {
  const char *opt = host_lua_ark_option(cfg);
  if (opt) host_lua_refusal(opt, msg, n);
  return opt ? -1 : 0;
}

/* ---- a Lua game for the host's commands (host_game, host.h) ---- */

/* The game's error as the user reads it (its file named from where they
** stand); the commands that ask it run one game at a time in a thread. */
static const char *lua_error(ark_gs *g) {
  static _Thread_local char buf[1700];
  return ark_lg_error_here(LG(g), buf, sizeof buf);
}

static ark_gs *lua_rebuild(const host_save *sv, int count, char *msg, size_t n) {
  if (refuse_ark_options(&sv->o.cfg, msg, n)) return NULL;   /* play --human */
  ark_lg_def *d = ark_lg_def_load(&sv->o.game, msg, n);
  ark_lg *g;
  if (!d) {
    host_save_blame(sv, msg, n);   /* rules edited since, that no longer load */
    return NULL;
  }
  ark_status st = ark_lg_new_opts(d, sv->o.cfg.players, sv->o.cfg.seed, sv->o.options,
                                  sv->o.noptions, &g, msg, n);
  ark_lg_def_release(d);          /* the game keeps what it needs of d */
  if (st != ARK_OK) {
    host_save_blame(sv, msg, n);
    return NULL;
  }
  ark_lg_set_cap(g, cap_of(&sv->o));
  if (host_save_give(sv, ark_lg_gs(g), count, lua_error, msg, n) == 0) return ark_lg_gs(g);
  ark_lg_free(g);
  return NULL;
}

static unsigned long long lua_hash(ark_gs *g) { return ark_log_hash(ark_lg_log(LG(g))); }

static unsigned long long lua_state(ark_gs *g) {
  ark_lg_process(LG(g));                 /* to the decision a save is made at */
  return ark_lg_state_hash(LG(g));
}

static const int *lua_answers(ark_gs *g) { return ark_lg_answers(LG(g)); }

static int lua_nevents(ark_gs *g) { return ark_lg_log(LG(g))->nev; }

static const ark_event *lua_event(ark_gs *g, int i) {
  const ark_log *l = ark_lg_log(LG(g));
  return i < l->nev ? &l->ev[i] : NULL;
}

/* Every event a seat alone sees is news to it but the echo of its answer. */
static int lua_news(ark_gs *g, const ark_event *e, int seat) {
  (void)g;
  (void)seat;
  return e->type != ARK_LG_EV_ANSWER;
}

static void lua_events(ark_gs *g, int *shown, FILE *f, const char *indent, int seat) {
  print_events_to(LG(g), shown, seat, indent, f);
}

static void lua_board(ark_gs *g, int seat, FILE *f) {
  char msg[1024], text[16384];
  if (ark_lg_board_text(LG(g), seat, text, sizeof text, msg, sizeof msg) == 0) fputs(text, f);
  else fprintf(stderr, "arknova: the board: %s\n", msg);
}

/* before the person's first decision of each round */
static int lua_board_now(ark_gs *g, const ark_decision *d, int *last) {
  (void)d;
  int r = ark_lg_rounds(LG(g));
  if (r == *last) return 0;
  *last = r;
  return 1;
}

static int lua_write(const char *path, const host_save *s, ark_gs *g) {
  return save_write(path, s, LG(g));
}

static void lua_header(ark_gs *g, const host_save *sv, const char *path, FILE *f) {
  (void)g;
  fprintf(f, "Replay of %s: %s, %d players, seed %llu, %d decisions\n", path,
          sv->o.game.title[0] ? sv->o.game.title : sv->o.game.name, sv->o.cfg.players,
          (unsigned long long)sv->o.cfg.seed, sv->nanswers);
}

static void lua_describe(ark_gs *g, FILE *f) {
  fprintf(f, "Game over after %d rounds and %d decisions%s.\n", ark_lg_rounds(LG(g)),
          ark_lg_nanswers(LG(g)), ark_lg_capped(LG(g)) ? " - stopped by the turn cap" : "");
}

static void lua_summary(ark_gs *g, const host_opts *o, FILE *f) { print_summary(LG(g), o, f); }

/* ---- sim: one game into a record (sim.c plays and sums them up) ---- */

static void *lua_sim_open(const host_opts *o, char *msg, size_t n) {
  if (refuse_ark_options(&o->cfg, msg, n)) return NULL;
  ark_lg_def *d = ark_lg_def_load(&o->game, msg, n);
  ark_lg *g = NULL;
  /* seats or an --option the game refuses, before any game: each game
  ** would stop at its setup, and the run end in nothing but errors */
  if (d && ark_lg_new_opts(d, o->cfg.players, 1, o->options, o->noptions, &g, msg, n) ==
           ARK_ERR_CONFIG) {
    ark_lg_def_release(d);
    return NULL;
  }
  if (d && g) ark_lg_free(g);
  return d;
}

static void lua_sim_close(void *ctx) { ark_lg_def_release(ctx); }

/* The finished game's places, scores, length and the rules' figures. */
static void lua_record(ark_lg *g, sim_record *r) {
  char msg[512], names[LP_STATS][32];
  int order[8];
  if (ark_lg_rank(g, order, msg, sizeof msg)) {
    r->error = 1;
    snprintf(r->msg, sizeof r->msg, "%.150s", msg);
    return;
  }
  for (int i = 0; i < r->players; i++) r->rank[order[i]] = i + 1;
  r->turns = ark_lg_rounds(g);
  r->capped = ark_lg_capped(g);
  for (int p = 0; p < r->players; p++) {
    int won = 0;
    if (ark_lg_won(g, p, &won, msg, sizeof msg) == 0) {   /* played against the game */
      r->against = 1;
      r->won[p] = won;
    }
    double score = 0, v[LP_STATS];
    ark_lg_score(g, p, &score, msg, sizeof msg);
    r->score[p] = (int)lround(score);
    int k = ark_lg_stats(g, p, names, v, LP_STATS, msg, sizeof msg);
    if (p == 0) r->nfig = k > 0 ? (k < SIM_FIGS ? k : SIM_FIGS) : 0;
    for (int i = 0; i < r->nfig; i++) {
      if (p == 0) snprintf(r->fig_name[i], sizeof r->fig_name[i], "%s", names[i]);
      r->fig[p][i] = i < k ? v[i] : 0;
    }
  }
}

/* Arm B of --test-card at the first decision (host_sim_edit): the card,
** out of the game since before setup, takes the place of the top card of
** the tested seat's zone `hand`, which leaves the game for good. */
static int edit_for_sim(ark_lg *g, const host_sim_edit *e, char *msg, size_t n) {
  int ids[1024], k = ark_lg_zone_cards(g, "hand", e->tested + 1, ids, 1024);
  if (k <= 0) {
    snprintf(msg, n, "P%d has no card in a zone 'hand' to give up for the tested card",
             e->tested + 1);
    return -1;
  }
  if (ark_lg_take_card(g, ids[k - 1], msg, n) ||
      ark_lg_put_card(g, e->card, "hand", e->tested + 1, msg, n))
    return -1;
  return ark_lg_edit_done(g, msg, n);
}

static void lua_sim_game(void *ctx, const host_opts *o, uint64_t seed, const host_sim_edit *e,
                         sim_record *r) {
  char msg[1024];
  ark_lg *g;
  r->seed = seed;
  r->players = o->cfg.players;
  r->breaks = -1;
  snprintf(r->game, sizeof r->game, "%.31s", o->game.name);
  /* the options are the rules that differ: shards of other modes do not merge */
  for (int i = 0; i < o->noptions; i++) {
    size_t l = strlen(r->rules);
    snprintf(r->rules + l, sizeof r->rules - l, "%soption %s", l ? "; " : "", o->options[i]);
  }
  r->has_rules = 1;
  for (int p = 0; p < r->players; p++)
    snprintf(r->ai[p], sizeof r->ai[p], "%s", ai_name(o->ai[p % 4]));
  /* a compared card is out before setup in both arms, so that their deals
  ** are the same and the rules never deal or gather it */
  int out = e ? e->card : -1;
  if (ark_lg_new_without(ctx, o->cfg.players, seed, o->options, o->noptions, &out, out >= 0,
                         &g, msg, sizeof msg) != ARK_OK) {
    r->error = 1;
    snprintf(r->msg, sizeof r->msg, "%.150s", msg);
    return;
  }
  ark_lg_set_cap(g, cap_of(o));
  lp_watch w = { e ? e->card : -1, e ? e->tested : 0, 0 }, *wp = NULL;
  if (e && e->card >= 0 && e->replace) {
    if (ark_lg_process(g) != ARK_AWAITING || edit_for_sim(g, e, msg, sizeof msg) != 0) {
      r->error = 1;
      snprintf(r->msg, sizeof r->msg, "%.150s", ark_lg_process(g) == ARK_ERROR
               ? lua_error(ark_lg_gs(g)) : msg);
      ark_lg_free(g);
      return;
    }
    wp = &w;
  }
  int pr = host_play_out(ark_lg_gs(g), o, host_ai_seed(seed), lua_events,
                         wp ? watch_card : NULL, wp);
  if (wp) watch_card(ark_lg_gs(g), wp);      /* a play in the game's last step */
  r->played_turn = r->played_own = w.round;
  long dn = pr == ARK_END ? ark_lg_nanswers(g) : -1;
  if (dn < 0) {
    r->error = 1;
    snprintf(r->msg, sizeof r->msg, "%s", lua_error(ark_lg_gs(g)));
  } else {
    r->decisions = dn;
    lua_record(g, r);
  }
  ark_lg_free(g);
}

static int lua_sim_card(void *ctx, const host_opts *o, const char *text, int to_hand,
                        char *label, size_t ln, char *msg, size_t n) {
  ark_lg *g;
  if (ark_lg_new_opts(ctx, o->cfg.players, 1, o->options, o->noptions, &g, msg, n) != ARK_OK)
    return -1;
  int id = ark_lg_find_card(g, text, msg, n);
  if (id >= 0) ark_lg_card_label(g, id, label, ln);
  /* a card of a pool no hand draws from (a corporation): handed over, it
  ** would be a hand one card short, tested under its name */
  if (id >= 0 && to_hand && ark_lg_card_joined(g, id, "hand") == 0) {
    const char *zone = NULL;
    int seat = 0;
    ark_lg_card_zone(g, id, &zone, &seat);
    snprintf(msg, n, "card %s never comes into a hand in this game (after setup it is in "
             "zone '%s', from which no card reaches a hand): --test-card hands it to a seat; "
             "--without-card %s compares games without it", label, zone ? zone : "?", text);
    id = -1;
  }
  ark_lg_free(g);
  return id;
}

const host_game host_lua_game = {
  .rebuild = lua_rebuild, .hash = lua_hash, .state = lua_state, .answers = lua_answers,
  .error = lua_error,
  .nevents = lua_nevents, .event = lua_event, .news = lua_news, .events = lua_events,
  .describe = lua_describe, .board = lua_board, .board_now = lua_board_now, .command = NULL, .commands = "board", .header = lua_header, .write = lua_write,
  .summary = lua_summary, .sim_open = lua_sim_open, .sim_close = lua_sim_close,
  .sim_game = lua_sim_game, .sim_card = lua_sim_card, .changed = lua_changed,
  .views_keep_answers = 0,   /* a view draws unrevealed secret answers anew */
};

int host_lua_play(const host_opts *o, const char *save_path) {
  char msg[1024];
  if (refuse_ark_options(&o->cfg, msg, sizeof msg)) {
    fprintf(stderr, "arknova play: %s\n", msg);
    return 2;
  }
  ark_lg_def *d = load_def(o);
  ark_lg *g;
  if (!d) return 1;
  ark_status st = ark_lg_new_opts(d, o->cfg.players, o->cfg.seed, o->options, o->noptions, &g,
                                  msg, sizeof msg);
  ark_lg_def_release(d);
  if (st != ARK_OK) {
    /* players or options this game is not played with, as the runtime
    ** (ARK_ERR_CONFIG) or the rules' setup (ARK_ERR_SCRIPT) refused them:
    ** nothing was played, the command was asked for what cannot be */
    fprintf(stderr, "arknova: %s\n", msg);
    return st == ARK_ERR_CONFIG || st == ARK_ERR_SCRIPT ? 2 : 1;
  }
  printf("%s: %d player%s, seed %llu\n", o->game.title[0] ? o->game.title : o->game.name,
         o->cfg.players, o->cfg.players == 1 ? "" : "s", (unsigned long long)o->cfg.seed);
  ark_lg_set_cap(g, cap_of(o));
  summary_failed = 0;
  int rc = host_play_ais(ark_lg_gs(g), &host_lua_game, o, save_path);
  ark_lg_free(g);
  return rc ? rc : summary_failed;
}

