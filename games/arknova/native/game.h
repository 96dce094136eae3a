/*
** game.h - the game object behind the opaque ark_game handle (ark_game_).
**
** A game runs as a sequence of steps (one draft pick round, one turn, one
** break, the final scoring).  Each step is a Lua coroutine over the C state;
** when a step starts, the state is snapshotted.  A clone copies that
** snapshot and replays the answers given since, so no Lua stack is ever
** copied.  A step may end its coroutine at a decision whose answer only
** picks what runs next (ENGINE.choose_then): a clone there is one copy,
** and a clone later in that step replays from the decision, not from the
** step's start.
*/
#ifndef ARK_GAME_H
#define ARK_GAME_H

#include <stddef.h>
#include "ark.h"
#include "content.h"
#include "state.h"
#include "strbuf.h"

#define ARK_MAX_OPTIONS 4096
#define ARK_ERRMSG 512
#define ARK_MAX_REDEALS 8
#define ARK_NEXT_DISCARD 0x4000
#define ARK_MAX_MAP_SCRIPTS 256      /* maps whose scripts lua_bridge.c tracks */

/* What the options of a pending decision stand for (opt_src below). */
typedef enum {
  ARK_OPTS_TEXT = 0,            /* only their texts say */
  ARK_OPTS_HAND,                /* option i: the deciding seat's hand card i */
  ARK_OPTS_PLACES               /* option i: ark_places' i-th position of
                                   building kind opt_def (places.h) */
} ark_opts_src;

struct ark_game {
  ark_gs gs;                    /* first: the engine's interface (gameif.c) */
  ark_content *c;
  int snap_events, snap_pool;   /* log sizes at the snapshot (snap) */
  int snap_answers;             /* answers given before the snapshot */
  int turn_cap;
  int capped;
  int status;                   /* 0 running, ARK_END, ARK_ERROR */
  char error[ARK_ERRMSG];
  /* the running step */
  int co_ref;                   /* registry ref of the coroutine, or -1 */
  struct lua_State *co;         /* that coroutine */
  int step_ref;                 /* registry ref of the step's scratch table */
  char step_fn[16];             /* the rules function of the step */
  int step_player;
  int step_done;
  /* the pending decision (its options: opts, opt_off, codes below) */
  int pending;
  ark_decision dec;
  ark_strbuf optbuf;            /* option texts, prompt and tag */
  /* a decision that ends its step's coroutine (ENGINE.choose_then): the
  ** coroutine is gone, and the answer i starts cont_fn(cont_player,
  ** codes[i], i + 1) as a new one, so a clone here is one copy of the
  ** state with no Lua run at all */
  int cont;
  int cont_offer;               /* set by choose_then: drop the coroutine */
  /* what the pending decision's options stand for, where the rules
  ** offered them from the state (ENGINE.choose_hand, ENGINE.choose_places):
  ** the quick policy reads these, not the texts.  opt_def, opt_build2:
  ** the building kind and side of ARK_OPTS_PLACES */
  ark_opts_src opt_src;
  int opt_def, opt_build2;
  char cont_fn[24];
  int cont_player;
  /* such a decision whose options are worked out only when asked for
  ** (ENGINE.choose_later): lazy_fn(cont_player) gives them.  An AI that
  ** stops at the next turn's start never needs them.  no_lazy: the step
  ** runs again with its options worked out at once (a failure, game.c) */
  int lazy;
  int no_lazy;
  char lazy_fn[24];
  /* while lazy_fn runs: the turn's list may be written into the decision
  ** at once (ENGINE.turn_plays), and how many options it wrote (-1: none) */
  int direct_opts, direct_n;
  /* while that continuation runs: it started from `base` with these
  ** arguments (a clone replays it from there, not from the step's start).
  ** base_lazy: the start was not copied (a game that keeps its log is
  ** seldom cloned, and then replays the step from its snapshot; a search
  ** view and its clones always copy it); step_lossy: a continuation of
  ** this step dropped the records of earlier redeals, which a replay from
  ** the snapshot would need */
  int based, base_lazy, step_lossy;
  /* a copy that is not copied again (ark_game_clone_leaf): its
  ** continuations never copy their start, which only its copies read */
  int leaf;
  int base_events, base_pool, base_answers;
  int cont_code, cont_answer;
  /* seats' hidden cards dealt anew while this step runs (hidden.c):
  ** a clone replays the step and repeats each at its answer count */
  struct { int at, viewer; uint64_t seed; } redeal[ARK_MAX_REDEALS];
  int nredeal;
  /* the given draw order (ark_setup_spec.next) as card ids, with
  ** ARK_NEXT_DISCARD set for a card a discard-pile shuffle puts on top;
  ** the state's next_pos says how much is used (zone.c) */
  int16_t *next;
  int nnext;
  /* history; nolog: no event log at all (a search view and its clones,
  ** ark_game_search_view: the AIs read only the state) */
  int nolog;
  int *answers;
  int nanswers, capanswers;
  /* every answer as it was given, where a stopped script's step dropped
  ** some from answers (stop_script, lua_bridge.c); NULL while none was
  ** dropped: what a save replays (ark_game_answers), so that the replay
  ** stops the script where the game did */
  int *given;
  int ngiven, capgiven;
  /* a search copy's answers that a stopped script's step dropped, to be
  ** given again once the step restarted (stop_script, ark_game_answer) */
  int *redo;
  int nredo;
  int rewind;                   /* ark_game_take_rewind's, plus 1; 0: none */
  ark_log log;
  /* kept by lua_bridge.c: the scripts whose handlers ran since their
  ** state was last checked (bit per card, then per map from
  ** ARK_MAX_CARDS; script_ran_any: any bit set), checked for kept state
  ** after every resume; the game and its clones' shared record of scripts
  ** that hit the time limit; set while a query runs */
  uint8_t script_ran[(ARK_MAX_CARDS + ARK_MAX_MAP_SCRIPTS) / 8];
  int script_ran_any;
  /* the card or map script whose handler or then_ function the rules
  ** started at the base of the step's coroutine (ENGINE.touch): once it
  ** tail-calls (`return gain_then(...)`) none of its frames is left, and an
  ** error in what it called is still its own.  base_known: set since the
  ** base's function started (cleared at each start); base_who as
  ** find_culprit names a script; base_line, base_last: the lines of the
  ** function it started (base_last 0: not in the script's file) */
  int base_known, base_who, base_line, base_last;
  char base_handler[40];
  struct ark_family *family;
  int in_query;
  /* the state before a query's first change (ark_lua_query_save), put back
  ** when the query ends; a query that changes nothing copies nothing */
  ark_state *qkeep;
  int qsaved;
  /* the state when the current step started, and where the running
  ** continuation began: shared by a game and its clones until one of them
  ** writes its own (ark_state_set), so a clone copies neither */
  ark_state *snap;
  ark_state *base;
  /* From here on, a clone does not zero what it allocates: each field is
  ** written before it is read (ark_game_clone). */
  ark_state s;                  /* live state */
  const char *opts[ARK_MAX_OPTIONS];
  int opt_off[ARK_MAX_OPTIONS];
  int codes[ARK_MAX_OPTIONS];
};
#define ARK_GAME_UNZEROED offsetof(struct ark_game, s)


/* A state shared by reference count (snap and base above); p is NULL or
** the state of one. */
typedef struct ark_shared_state {
  int refs;
  ark_state s;
} ark_shared_state;
/* *p becomes a copy of *from (its live parts, ark_state_copy): written in
** place when no one else holds it. */
void ark_state_set(ark_state **p, const ark_state *from);
/* *p becomes `from` (NULL, or a shared state), one more holder. */
void ark_state_share(ark_state **p, ark_state *from);
/* *p is held by no one else (copied if it was shared); returns it. */
ark_state *ark_state_own(ark_state **p);
/* Lets go of *p and sets it to NULL. */
void ark_state_drop(ark_state **p);

/* Internal helpers shared by the modules. */
void ark_game_fail(ark_game *g, const char *fmt, ...);
void ark_game_log(ark_game *g, int player, int type, int a, int b, int c,
                  const char *text);
/* ark_game_log for an event of the game's finer kind `kind` (ARK_KIND_*,
** ark.h), which its printers tell by that and not by its text. */
void ark_game_log_kind(ark_game *g, int player, int type, int a, int b, int c,
                       const char *text, int kind);
/* The same for an event that only the seats in mask `seen` see in full. */
void ark_game_log_seen(ark_game *g, int player, int type, int a, int b, int c,
                       const char *text, int seen);
/* The same for a note (ark_log_note_last) that the seats in mask `seen`
** see: an event that explains the ones before it, or tells a move the log
** did not tell before, left out of the log's hash so that saves keep theirs. */
void ark_game_log_note(ark_game *g, int player, int type, int a, int b, int c,
                       const char *text, int seen);
/* Drops the running step and runs it again from the current state (tests
** use it after preparing a state by hand). */
void ark_game_restart_step(ark_game *g);
/* Before a stopped script's step is put back: the answers as given
** (ark_game.given) keep the step's, and the log's printers are told where
** it is cut (ark_game_take_rewind). */
void ark_game_note_drop(ark_game *g);
/* Recomputes derived data (icons) after a test changed the state. */
void ark_game_refresh(ark_game *g);

/* Deals anew what `viewer` cannot see (hidden.c); the clone replay calls
** it again for each recorded redeal. */
void ark_hidden_redeal(ark_game *g, int viewer, uint64_t seed);

/* Points dec.options at the option texts in optbuf (after it was filled
** or copied: the buffer may have moved). */
void ark_game_point_options(ark_game *g);
/* Works out the options of a decision that left them for later; 0, or
** -1 after ark_game_fail. */
int ark_game_fill_options(ark_game *g);


#endif
