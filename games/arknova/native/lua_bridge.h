/*
** lua_bridge.h - running the Lua side of a game (ark_lua_).
** The Lua state belongs to the content and is shared by its games; the
** game a primitive acts on is the one whose step is being resumed.
*/
#ifndef ARK_LUA_BRIDGE_H
#define ARK_LUA_BRIDGE_H

#include "game.h"

/* Creates the Lua state of a content: primitives, the embedded rules,
** the action scripts and card scripts.  Returns 0, or -1 with errors added
** to the content. */
int ark_lua_open(ark_content *c, const char *cards_dir);
void ark_lua_close(ark_content *c);
/* Starts rules function `fn`(player) as a new coroutine and runs it until it
** asks for a decision or returns.  Returns 0, or -1 after ark_game_fail. */
int ark_lua_start(ark_game *g, const char *fn, int player);
/* Resumes the step with the answer (0-based option index). */
int ark_lua_resume(ark_game *g, int answer);
/* The pending decision ended its coroutine (ENGINE.choose_then): starts
** the continuation for answer i (0-based) as a new coroutine. */
int ark_lua_continue(ark_game *g, int answer);
/* The same given the answer's code and 1-based index; the state now is
** where the continuation begins (a clone replays it from there). */
int ark_lua_continue_at(ark_game *g, int code, int answer);
/* The same with g->base already holding the state now (a clone shares its
** original's). */
int ark_lua_continue_from(ark_game *g, int code, int answer);
/* Works out the options of the pending decision that left them for
** later (ENGINE.choose_later): 0 when done, 1 when they could not be
** worked out on their own (an error, a kept state, fewer than two
** options: the caller runs the step again with them worked out at once). */
int ark_lua_lazy_options(ark_game *g);
/* Would beginning p's turn change nothing a position's value reads?  The
** rules' turn_quiet(p), asked as a pure check; no when it fails. */
int ark_lua_turn_quiet(ark_game *g, int p);
/* Forgets the running coroutine, if any. */
void ark_lua_drop_step(ark_game *g);
/* lua_query_fast.c: notes the rules' own queries it may answer (at the
** end of loading), and answers query `name` (its function at stack index
** fn of the content's state) for seat p into out: the count, or -1 when
** the query needs its Lua. */
void ark_lua_query_fast_init(ark_content *c);
int ark_lua_query_fast(ark_game *g, int fn, const char *name, int p, int *out, int max);
/* Pushes the rules' table of g's running step (made at its first use). */
void ark_lua_push_step_table(struct lua_State *L, ark_game *g);

/* Message handler for pcalls inside a step (pure checks): the error
** becomes the "file:line: text" of the script at fault while its frames
** still exist. */
int ark_lua_msgh(struct lua_State *L);

/* Decisions one step may ask before the asking script is stopped. */
#define ARK_MAX_STEP_DECISIONS 5000

/* Is the script of card `card` (of seat p's map) switched off in g?  Also
** true while a query runs for one that hit the time limit in g's family. */
int ark_lua_script_is_off(const ark_game *g, int card);
int ark_lua_map_script_is_off(const ark_game *g, int p);
/* Did any script hit the time limit in g's family?  (If not, a query
** finds no script off but those the state switched off.) */
int ark_lua_family_any_slow(const ark_game *g);
/* A clone shares its original's record of scripts that ran too long, so
** a looping card costs the time limit once per game, not once per clone
** (game.c calls these from ark_game_clone and ark_game_free). */
void ark_lua_family_share(ark_game *clone, ark_game *orig);
void ark_lua_family_drop(ark_game *g);
/* Sets ENGINE.turn_plays (a turn's options, for the rules' options_of;
** lua_turn.c) in the table on the stack top; ctx: the primitives'. */
void ark_lua_turn_register(struct lua_State *L, void *ctx);

#endif
