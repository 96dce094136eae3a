/*
** host.h - the subcommands of `arknova` and their shared pieces: option
** parsing, running a game with AIs, save files, state views.
*/
#ifndef ARK_HOST_H
#define ARK_HOST_H

#include <stdio.h>
#include "ai.h"
#include "ark.h"
#include "gamedef.h"

struct sim_record;
struct host_sim_edit;

int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_scenario(int argc, char **argv);

/* Options every game-running command understands. */
typedef struct host_opts {
  ark_config cfg;
  int ai[4];               /* ai kind per seat */
  int nai;
  ai_budget budget;        /* mcts search budget */
  int quiet, verbose;
  ark_gamedef game;        /* --game: the game folder (empty: games/arknova) */
  const char *options[8];  /* --option NAME=VALUE of a game written in Lua */
  int noptions;
  int players_given;       /* --players was given (else the game's nearest to 2) */
} host_opts;

void host_opts_init(host_opts *o);
/* Parses one option at argv[*i] (advancing *i past its value).  Returns 1 if
** it was a game option, 0 if not, -1 after printing an error. */
int host_parse_game_opt(host_opts *o, int argc, char **argv, int *i);
/* --game NAME|DIR: finds the game folder and reads its game.yaml; the
** cards, maps and plugins are then read from that folder.  0, or -1 after
** printing why the game cannot be played. */
int host_use_game(host_opts *o, const char *spec);
/* After the options, those that depend on the game: --players within its
** range (Ark Nova: 2 to 4; not given: the count in it nearest to 2),
** --option only for a game written in Lua; 0, or -1 after printing why
** not. */
int host_check_game_opts(host_opts *o, const char *cmd);
/* Is the chosen game one written in Lua alone (module: lua)? */
int host_game_is_lua(const host_opts *o);
/* An AI game of such a game (luaplay.c): exit code as play's.  A person's
** game and sim of any game are play.c's and sim.c's, through host_game. */
int host_lua_play(const host_opts *o, const char *save_path);
struct ark_lg_def;
/* check --game of a game written in Lua, once its folder loaded as d:
** plays a few games with random answers, each alone and beside copies of
** it, and finds rules that keep state in Lua variables (check_lua.c).
** 0 with what it found in out, 1 with the report there, or 2 with why
** the command's options (--option, --players) are refused. */
int host_check_lua_play(const host_opts *o, struct ark_lg_def *d, char *out, size_t n);
/* Ark Nova's content options (--cards, --maps, --plugin, --data,
** --exclude, --map), which a game in Lua cannot honour (luaplay.c): the
** first that cfg holds, or NULL; and into msg why opt is refused.  play,
** sim and a person's game refuse them there; check and scenario call. */
const char *host_lua_ark_option(const ark_config *cfg);
void host_lua_refusal(const char *opt, char *msg, size_t n);
struct host_game;
/* The rest of an AI game once it is made (play.c): played out, saved to
** save_path (if not NULL), described and summed up; play's exit code. */
int host_play_ais(ark_gs *g, const struct host_game *hg, const host_opts *o,
                  const char *save_path);
extern const char *const host_game_opts_help;
/* Strict number parsing with a message naming the option. */
int host_parse_long(const char *opt, const char *s, long lo, long hi, long *out);
/* The same without a message, for numbers read from files: the whole of s
** is one decimal number (no blanks, no '+') within lo..hi; 1 if it is. */
int host_number(const char *s, long long lo, long long hi, long long *out);
/* A whole decimal number of 0..UINT64_MAX (seeds); 1 if s is one. */
int host_unsigned(const char *s, uint64_t *out);
int host_add_exclude(ark_config *cfg, int number);
/* Appends folder d to a list of ARK_MAX_DIRS (card, map or plugin
** folders); 0 when the list is full, the caller says so. */
int host_add_dir(const char **dirs, const char *d);
/* Is path a folder (or a link to one)? */
int host_is_dir(const char *path);

/* The seed of the AI's pick at answer number n of a game: a function of
** the game's AI seed and n only, so a resumed game plays on the same. */
uint64_t host_pick_seed(uint64_t ai_seed, int n);
/* The AIs' seed of the game of seed S, the same in play and sim (any
** game): sim's game S is the game `play --seed S` plays with its options. */
uint64_t host_ai_seed(uint64_t seed);
/* A game's events from *shown on, as seat sees them (-1: all), each line
** after indent. */
typedef void (*host_events_fn)(ark_gs *g, int *shown, FILE *f, const char *indent, int seat);
/* Plays any game to its end with o's AIs, calling watch(g, arg) (if not
** NULL) at every decision before it is answered; with o->verbose prints
** every decision and, through `events`, every event.  The final progress. */
int host_play_out(ark_gs *g, const host_opts *o, uint64_t ai_seed, host_events_fn events,
                  void (*watch)(ark_gs *g, void *arg), void *arg);
/* Plays an Ark Nova game to the end with the configured AIs; prints events
** if verbose.  Returns the final progress value. */
int host_run_game(ark_game *g, const host_opts *o, uint64_t ai_seed);
/* The same, calling watch(g, arg) at every decision before it is answered. */
int host_run_game_watch(ark_game *g, const host_opts *o, uint64_t ai_seed,
                        void (*watch)(ark_game *g, void *arg), void *arg);
void host_print_summary(ark_game *g, const host_opts *o, FILE *f);
/* Prints the events from *shown on, advancing it. */
void host_print_events(ark_game *g, int *shown, FILE *f, const char *indent);
/* The same as `seat` sees them (-1 = everything): other seats' cards
** drawn are "a card". */
void host_print_events_for(ark_game *g, int *shown, FILE *f, const char *indent, int seat);
/* The option taken in d, as `seat` sees it (-1 = everything): another
** seat's secret choice is not named. */
const char *host_choice_for(const ark_decision *d, int pick, int seat);

/* ---- save files (save.c): seed, configuration, answers, log hash ---- */

/* An Ark Nova save's fingerprint line: the print of one folder the game
** was played with (kind: 0 cards, 1 maps, 2 plugin, 3 data), named as its
** folder line names it ("" for the data folder when none is named). */
#define HOST_MAX_PRINTS (3 * ARK_MAX_DIRS + 1)
typedef struct host_print {
  int kind;
  const char *dir;
  unsigned long long print;
} host_print;

typedef struct host_save {
  host_opts o;
  uint64_t ai_seed;
  int human;               /* seat, or -1 */
  int *answers;
  int nanswers, cap;
  int has_hash;
  unsigned long long hash; /* log hash when saved */
  int has_state;           /* Ark Nova: the game state's hash when saved */
  unsigned long long state_hash;
  int finished;            /* 0 or 1 (-1 while reading: no line yet) */
  int ai_seen;             /* bit per seat: its ai line was read */
  int version;             /* of the file's format (1 or 2) */
  int log_version;         /* of the game's log when saved (1: no such line) */
  int has_content;         /* a game in Lua: its folder's fingerprint when saved */
  unsigned long long content;
  host_print prints[HOST_MAX_PRINTS];  /* Ark Nova: its folders' fingerprints */
  int nprints;
  char *strings[80];       /* owned copies of folder names */
  int nstrings;
  struct host_deal *deal;  /* the setup section (deal.h), or NULL: o.cfg.setup
                              points into it */
} host_save;

void host_save_init(host_save *s);
void host_save_free(host_save *s);
/* Writes the file atomically (a temporary file renamed over it). */
int host_save_write(const char *path, const host_save *s, ark_game *g);
/* The pieces every game's save is written with: the temporary file beside
** path (its name into tmp), a folder as the absolute path a save keeps,
** and the end: the answers, the log hash, whether the game is over, then
** the file on the disk and renamed over path.  0, or -1 (tmp removed). */
FILE *host_save_open(const char *path, char *tmp, size_t n);
const char *host_save_folder(const char *dir, char *buf);
/* A game folder as a save keeps it: its name for one of this checkout's
** games/, else its absolute path. */
const char *host_save_game(const char *dir, const char *name, char *buf);
/* The message for saved answer i, which g (at its decision) refused with
** why: out of the decision's options, or else why. */
void host_save_misfit(const host_save *s, int i, ark_gs *g, const char *why, char *msg,
                      size_t n);
/* cfg's folders made absolute as a save keeps them (once per process). */
void host_save_absolute(ark_config *cfg);
int host_save_close(FILE *f, const char *tmp, const char *path, const int *a, int n,
                    uint64_t hash, int over);
/* 0 if path may be written as a save (missing, or a save), else -1 with
** a message: another file is never overwritten. */
int host_save_may_replace(const char *path, char *msg, size_t n);
/* What a new game may do with the save file at path (play's --save, or
** the default file of --human; import-bga's -o): 0 when it may be written,
** -1 with a message when not.  A missing file may be written; a save of a
** finished game too (*replaced set to 1: the caller says so), and for an
** import (HOST_SAVE_IMPORT) a save that only an import made (*replaced 2:
** no seat of a person was added, so its log makes it again); a save of a game that is not
** over, or one that cannot tell (cut short, an older format), only with
** HOST_SAVE_OVERWRITE; any other file never (host_save_may_replace). */
enum { HOST_SAVE_OVERWRITE = 1, HOST_SAVE_IMPORT = 2 };
int host_save_may_start(const char *path, int flags, int *replaced, char *msg, size_t n);
/* The fingerprint of every file below dir (a game in Lua's content). */
unsigned long long host_folder_print(const char *dir);
/* The number of the folders s was played with whose files have changed
** since it was written (its fingerprint and content lines; a save without
** them: 0), with why naming them ("the cards in DIR have changed since
** this save was written").  fan_only: the folders the player named alone
** (--cards, --maps, --plugin, --data), not Ark Nova's own cards and maps,
** which every new version of arknova may change, nor a Lua game's folder. */
int host_save_content_changed(const host_save *s, int fan_only, char *why, size_t n);
/* Before the message of a save that does not replay (msg), why its content
** has changed, if it has: "the cards in DIR have changed since this save
** was written: answer 12 of 300 is ...". */
void host_save_blame(const host_save *s, char *msg, size_t n);
/* On stderr, before a command replays s (read from path): a warning if the
** folders the player named have changed since it was written. */
void host_save_warn(const host_save *s, const char *cmd, const char *path);
/* Reads and checks a whole file: every line, the seats, and that it is
** complete (hash and end lines); -1 with "file:line: message". */
int host_save_read(const char *path, host_save *s, char *msg, size_t n);
/* How the hashes of the game that s's answers give, its log's h and its
** state's, compare with the saved ones: 0 the same; -1 another game, with
** a message; 1 not the same, from a save of a game that has changed since
** (hg->changed; hg may be NULL), with a message: its answers play, but
** what they give cannot be checked against it. */
int host_save_compare(const host_save *s, const struct host_game *hg, unsigned long long h,
                      unsigned long long state, char *msg, size_t n);
/* A new game with s's configuration and the first `count` answers given;
** returns NULL with a message if the answers do not fit the game. */
ark_game *host_save_rebuild(const host_save *s, int count, char *msg, size_t n);
/* Gives g (a new game of any kind) the first `count` answers of s and runs
** it on to the next decision; 0, or -1 with a message (the game's error
** read by `error` when the answer's own says nothing). */
int host_save_give(const host_save *s, ark_gs *g, int count,
                   const char *(*error)(ark_gs *g), char *msg, size_t n);

/* ---- what the commands need of a game besides the AIs' interface ---- */

/* A person's game, a hint and a save need more of a game than the AIs do
** (core/src/gameif.h): to make it again from a save, its log as text and
** as a hash, the board a person sees, the save file, the summary.  One
** table for Ark Nova (host/game_ark.c), one for every game written in Lua
** (host/luaplay.c); host_game_of picks the one for the chosen game. */
typedef struct host_game {
  /* s's game after its first `count` answers, run on to the next decision;
  ** NULL with a message. */
  ark_gs *(*rebuild)(const host_save *s, int count, char *msg, size_t n);
  unsigned long long (*hash)(ark_gs *g);
  /* A hash of the game's state at its next decision, which a save keeps
  ** beside the log's (a choice may change the state and log nothing). */
  unsigned long long (*state)(ark_gs *g);
  const int *(*answers)(ark_gs *g);
  const char *(*error)(ark_gs *g);
  int (*nevents)(ark_gs *g);
  /* Event i of the log, as it keeps it (NULL past the end). */
  const ark_event *(*event)(ark_gs *g, int i);
  /* The events from *shown on as seat sees them, each after indent. */
  void (*events)(ark_gs *g, int *shown, FILE *f, const char *indent, int seat);
  /* What a finished game of AIs tells before its summary. */
  void (*describe)(ark_gs *g, FILE *f);
  /* Everything seat may see of the game now. */
  void (*board)(ark_gs *g, int seat, FILE *f);
  /* Whether the person's board is shown before decision d by itself (*last:
  ** the game's own memory of when it last was, 0 at first). */
  int (*board_now)(ark_gs *g, const ark_decision *d, int *last);
  /* A typed command of the game's own for seat (1 if it was one). */
  int (*command)(ark_gs *g, int seat, const char *cmd, FILE *f);
  const char *commands;    /* the help line naming the commands above */
  /* Whether the game has changed since s was written, so that what its
  ** answers give now cannot be checked against it: 1 with the reason in
  ** why (Ark Nova: an older log version; a game in Lua: other files in its
  ** folder), else 0. */
  int (*changed)(const host_save *s, char *why, size_t n);
  /* The first line(s) of a replay of s, read from path. */
  void (*header)(ark_gs *g, const host_save *s, const char *path, FILE *f);
  int (*write)(const char *path, const host_save *s, ark_gs *g);
  void (*summary)(ark_gs *g, const host_opts *o, FILE *f);
  /* sim (sim.c): what a worker thread keeps between its games (the loaded
  ** content: Lua states are not shared between threads), and one game of
  ** seed played by o's AIs into a record.  NULL for Ark Nova, whose sim
  ** plays its sets, comparisons and card tests in sim.c itself. */
  void *(*sim_open)(const host_opts *o, char *msg, size_t n);
  void (*sim_close)(void *ctx);
  void (*sim_game)(void *ctx, const host_opts *o, uint64_t seed, const struct host_sim_edit *e,
                   struct sim_record *r);
  /* The card a text names (its number or name) for sim's comparisons: its
  ** id (0-based) and label, or -1 with a message; to_hand: for --test-card,
  ** which hands it to a seat, refused if it could never be in a hand. */
  int (*sim_card)(void *ctx, const host_opts *o, const char *text, int to_hand, char *label,
                  size_t ln, char *msg, size_t n);
  /* Whether event e, which `seat` sees in full and another seat does not,
  ** tells seat something it could not know before (a card drawn, not its
  ** own card discarded, nor the echo of its own answer): what undo may not
  ** take back (play.c). */
  int (*news)(ark_gs *g, const ark_event *e, int seat);
  /* 1 when a seat's view of the game (ark_gi.view) keeps every answer as
  ** given, other seats' secret ones too, and hides what they did instead
  ** (Ark Nova: the cards they moved are dealt anew): then no secret answer
  ** is ever revealed, and undo need not look for one (play.c).  0 when a
  ** view draws another seat's unrevealed secret answers anew (a game
  ** written in Lua). */
  int views_keep_answers;
} host_game;

/* What sim changes in one game of a comparison (host_game.sim_game), at
** the game's first decision: `card` (0-based; -1: nothing) out of the
** game, or with `replace` handed to seat `tested` (0-based) in the place
** of the card on top of its zone `hand`, which leaves the game instead. */
typedef struct host_sim_edit {
  int card, replace, tested;
} host_sim_edit;

extern const host_game host_ark_game, host_lua_game;
const host_game *host_game_of(const host_opts *o);
/* After all of s's answers were given to g, whose log hash is `hash` and
** state's hash `state` (host_game.state) at its next decision: 0 if g is
** the saved game (every answer taken, the same hashes, finished or not
** alike), -1 with a message if not (a game that fails it must not be saved
** over the file), 1 with a message as host_save_compare gives it. */
int host_save_verify_gs(const host_save *s, const struct host_game *hg, ark_gs *g,
                        unsigned long long hash, unsigned long long state, char *msg, size_t n);

/* What the AI of `kind` would choose at g's pending decision and the
** greedy's value of each option (the `top` best; 0: all), both worked out
** on the deciding seat's view; played: the option the game went on with,
** or -1.  0, or -1 out of memory (hint.c; also the person's `hint`). */
int host_hint(ark_gs *g, int kind, const ai_budget *b, uint64_t seed, int played, int top,
              FILE *f);

int host_match_option(const ark_decision *d, const char *line, int verbose);
/* One "setup KEY VALUES" line of a save into s->deal (made on the first
** one; s->o.cfg.setup then points at it): 0, or -1 with a message. */
int host_save_setup_line(host_save *s, const char *v, char *msg, size_t n);

/* ---- views for people (view.c) ---- */
void view_zoo_map(const ark_game *g, int p, FILE *f);
void view_player(const ark_game *g, int p, FILE *f);
void view_others(const ark_game *g, int me, FILE *f);
void view_board(const ark_game *g, int me, FILE *f);
/* me's own final scoring cards and what each gives now. */
void view_scoring(const ark_game *g, int me, FILE *f);
const char *view_card_text(const ark_game *g, int id, char *buf, size_t n);

#endif
