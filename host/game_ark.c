/*
** game_ark.c - Ark Nova as the host's commands see it (host_game, host.h):
** the save, the log, the board and the summary of the native module, for
** the person's game of play.c and for hint.c.
*/
#include <string.h>
#include "deal.h"
#include "host.h"

static ark_gs *ark_rebuild(const host_save *s, int count, char *msg, size_t n) {
  ark_game *g = host_save_rebuild(s, count, msg, n);
  return g ? ark_game_gs(g) : NULL;
}

static unsigned long long ark_hash(ark_gs *g) { return ark_game_log_hash(ark_game_of(g)); }

static unsigned long long ark_state(ark_gs *g) {
  ark_game_process(ark_game_of(g));
  return ark_game_state_hash(ark_game_of(g));
}

static const int *ark_answers(ark_gs *g) { return ark_game_answers(ark_game_of(g)); }

static const char *ark_error(ark_gs *g) { return ark_game_error(ark_game_of(g)); }

static int ark_nevents(ark_gs *g) { return ark_game_nevents(ark_game_of(g)); }

static const ark_event *ark_event_at(ark_gs *g, int i) {
  return i < ark_game_nevents(ark_game_of(g)) ? ark_game_event(ark_game_of(g), i) : NULL;
}

static void ark_events(ark_gs *g, int *shown, FILE *f, const char *indent, int seat) {
  host_print_events_for(ark_game_of(g), shown, f, indent, seat);
}

static void ark_describe(ark_gs *g, FILE *f) {
  char buf[8192];
  ark_game_describe(ark_game_of(g), buf, sizeof buf);
  fputs(buf, f);
}

static void ark_board(ark_gs *g, int seat, FILE *f) { view_board(ark_game_of(g), seat, f); }

/* at the start of each of the person's turns */
static int ark_board_now(ark_gs *g, const ark_decision *d, int *last) {
  (void)g, (void)last;
  return !strcmp(d->tag, "action");
}

static int ark_command(ark_gs *gs, int seat, const char *cmd, FILE *f) {
  ark_game *g = ark_game_of(gs);
  if (!strcmp(cmd, "map")) {
    view_zoo_map(g, seat, f);
    return 1;
  }
  /* another seat's map: its buildings and animals are public */
  int other;
  char tail;
  if ((sscanf(cmd, "map P%d%c", &other, &tail) == 1 || sscanf(cmd, "map p%d%c", &other, &tail) == 1 ||
       sscanf(cmd, "map %d%c", &other, &tail) == 1)) {
    if (other < 1 || other > ark_game_players(g)) {
      fprintf(f, "No seat P%d: the seats are P1 to P%d.\n", other, ark_game_players(g));
      return 1;
    }
    ark_game *v = ark_game_view(g, seat, 1);   /* the seat's view: public buildings only */
    view_zoo_map(v, other - 1, f);
    ark_game_free(v);
    return 1;
  }
  if (!strcmp(cmd, "hand")) {
    char buf[512];
    int ids[160], n = ark_game_hand(g, seat, ids, 160);
    for (int i = 0; i < n; i++) fprintf(f, "  %s\n", view_card_text(g, ids[i], buf, sizeof buf));
    view_scoring(g, seat, f);
    return 1;
  }
  return 0;
}

/* a given deal (an imported game) names its players and maps */
static void ark_header(ark_gs *gs, const host_save *sv, const char *path, FILE *f) {
  if (sv->deal) {
    fprintf(f, "Replay of %s: %d players, a given deal, %d decisions\n", path, sv->o.cfg.players,
            sv->nanswers);
    for (int p = 0; p < sv->o.cfg.players; p++) {
      char buf[16];
      fprintf(f, "  P%d %s: map %s\n", p + 1, host_deal_name(sv->deal, p, buf, sizeof buf),
              ark_game_map_name(ark_game_of(gs), p));
    }
    return;
  }
  fprintf(f, "Replay of %s: %d players, map %s, seed %llu, %d decisions\n", path,
          sv->o.cfg.players, sv->o.cfg.map ? sv->o.cfg.map : "A",
          (unsigned long long)sv->o.cfg.seed, sv->nanswers);
}

static int ark_write(const char *path, const host_save *s, ark_gs *g) {
  return host_save_write(path, s, ark_game_of(g));
}

static void ark_summary(ark_gs *g, const host_opts *o, FILE *f) {
  host_print_summary(ark_game_of(g), o, f);
}

/* A seat's own discard (its hand's card, or a final scoring card it
** gives up) and the echo of its answer tell it nothing new; a card drawn
** or shown to it does. */
static int ark_news(ark_gs *g, const ark_event *e, int seat) {
  (void)g;
  if (e->type == ARK_EV_ANSWER) return 0;
  /* a draft discard names no player: its seat is the one that sees it */
  int who = e->player >= 0 ? e->player : ark_event_seat(e);
  return !(e->type == ARK_EV_DISCARD && who == seat);
}

/* A save an older build wrote, whose log version is below this one's: the
** same answers may give another log now (a rule mended since); or one whose
** cards, maps or plugins have changed since (its fingerprint lines). */
static int ark_changed(const host_save *s, char *why, size_t n) {
  if (s->log_version < ARK_LOG_VERSION) {
    snprintf(why, n, "this save was written by an older arknova whose logs differ (log "
             "version %d; this one writes %d)", s->log_version, ARK_LOG_VERSION);
    return 1;
  }
  return host_save_content_changed(s, 0, why, n) > 0;
}

const host_game host_ark_game = {
  .rebuild = ark_rebuild, .hash = ark_hash, .state = ark_state, .answers = ark_answers,
  .error = ark_error,
  .nevents = ark_nevents, .event = ark_event_at, .events = ark_events, .describe = ark_describe,
  .board = ark_board, .board_now = ark_board_now, .command = ark_command,
  .commands = "board, map, map P2 (another seat's), hand", .header = ark_header, .write = ark_write, .summary = ark_summary,
  .news = ark_news, .changed = ark_changed,
  .views_keep_answers = 1,   /* hidden.c deals the cards anew, not the answers */
};

const host_game *host_game_of(const host_opts *o) {
  return host_game_is_lua(o) ? &host_lua_game : &host_ark_game;
}
