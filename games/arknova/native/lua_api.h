/*
** lua_api.h - the `ark` table of C primitives that rules, action and card
** scripts call (documented in docs/lua-api.md).
*/
#ifndef ARK_LUA_API_H
#define ARK_LUA_API_H

#include "game.h"

int ark_lua_api_open(ark_content *c);
void ark_lua_api_close(ark_content *c);
/* The game the primitives act on while a step runs (NULL outside). */
void ark_lua_set_game(ark_content *c, ark_game *g);
/* What the primitives read since the last clear: ARK_READ_* bits (ark.h)
** for the parts of the state they read, ARK_READ_ALL once one read
** anything else (or may have: every primitive counts as that unless it
** reads only the seats it is given and named parts).  clear: start
** counting anew (and 0: stop).  _add counts reads more (a kept result's,
** recall.c); _set counts from reads on. */
unsigned ark_lua_reads(ark_content *c, int clear);
void ark_lua_reads_add(ark_content *c, unsigned reads);
void ark_lua_reads_set(ark_content *c, unsigned reads);
/* Enters (delta 1) or leaves (-1) a pure condition check from C: no
** decision may be asked and the game may not be changed inside. */
void ark_lua_pure(ark_content *c, int delta);
/* A query is about to change g: keeps the state to put back at its end. */
void ark_lua_query_save(ark_game *g);

/* For the modules that add primitives (lua_api_cards.c, lua_api_maps.c):
** the game being played (reading), the same for a primitive that changes
** the game (refused inside a pure condition check), argument checks, and
** registration into the `ark` table. */
struct lua_State;
struct luaL_Reg;
ark_game *ark_lua_game(struct lua_State *L);
/* The game for a primitive that reads only the seats it is given through
** ark_lua_arg_player, and the content (ark_lua_reads). */
ark_game *ark_lua_game_seats(struct lua_State *L);
ark_game *ark_lua_game_mut(struct lua_State *L);
int ark_lua_arg_player(struct lua_State *L, ark_game *g, int idx);

/* ark.zoo_handlers(owner, key, cache, miss) from C, its four arguments at
** those stack indices: pushes owner's handler list and its length (with
** what the look-up went through beneath them), or answers whether the
** list holds any handler (the stack left as it was). */
void ark_lua_push_handlers(struct lua_State *L, int owner, int key, int cache, int miss);
/* The text of position pl, "<key> at <cells>" as ark.placement_options
** gives it (key NULL: the cells alone, as ark.placements): into buf,
** returns its length. */
#define ARK_PLACE_TEXT 96
struct ark_place;
size_t ark_place_text(const char *key, const struct ark_place *pl, char buf[ARK_PLACE_TEXT]);
/* ark.zoo_stamp(p) in C: 0 where it gives nil. */
long long ark_lua_zoo_stamp(ark_game *g, int p);
int ark_lua_has_handler(struct lua_State *L, int owner, int key, int cache, int miss);
/* The sponsors and projects queries' numbers as ark.sponsor_fit(p) and
** ark.progress(p) give them (p at stack index idx), written to out (at most
** max; the count of all returned), with the same parts noted as read. */
int ark_lua_sponsor_rows(struct lua_State *L, int idx, int *out, int max);
int ark_lua_progress_rows(struct lua_State *L, int idx, int *out, int max);
/* The animals query's numbers as fn, the function ark.hand_fit_fn made,
** gives them for p at idx and the Animals file's table at a (an animal
** that fits nowhere but may share an enclosure with the building -1),
** written to out when p's cards handle neither modifier: the count; else
** (or when they would not fit in max) -1, for the query's Lua.  _is_:
** is the value at fn such a function? */
int ark_lua_hand_fit_rows(struct lua_State *L, int fn, int idx, int a, int *out, int max);
int ark_lua_is_hand_fit_bound(struct lua_State *L, int fn);
/* Pushes the cache and miss that the function at index fn, made by
** ark.zoo_has_handler_fn, looks in, and answers 1; 0 (nothing pushed) for
** any other function. */
int ark_lua_handler_parts(struct lua_State *L, int fn);
/* The same for a primitive that reads only the seat's tableau (ark.h:
** ARK_READ_TABLEAU): not its hand, money, X tokens or action cards. */
int ark_lua_arg_tableau(struct lua_State *L, ark_game *g, int idx);
/* The same for one that reads only its zoo (ARK_READ_ZOO): not its grounds. */
int ark_lua_arg_zoo(struct lua_State *L, ark_game *g, int idx);
int ark_lua_arg_card(struct lua_State *L, ark_game *g, int idx);
/* An integer argument, clamped to +-1000000. */
int ark_lua_arg_int(struct lua_State *L, int idx);
/* The name the scripts know action card a by ("animals", ...). */
const char *ark_lua_action_key(int a);
/* The game a step or query runs for, or NULL (no error, unlike the above);
** counts as reading the whole state (ark_lua_reads), but for the
** _unread one, for an engine function that reads nothing of the state. */
ark_game *ark_lua_running(struct lua_State *L);
ark_game *ark_lua_running_unread(struct lua_State *L);
/* Makes (p, tag, prompt, options) at stack indices 1-4 the pending
** decision of g (ark.choose without the yield); raises a Lua error for a
** malformed one. */
void ark_lua_offer(struct lua_State *L, ark_game *g, int secret);
/* The same in three parts, for a caller that makes the options in C:
** begin (the checks, then the tag and prompt), each option i of n in
** order, end (the decision pending, for seat p). */
void ark_lua_offer_begin(struct lua_State *L, ark_game *g, const char *tag, const char *prompt,
                         int n);
void ark_lua_offer_option(ark_game *g, int i, const char *s, size_t len);
void ark_lua_offer_end(ark_game *g, int p, int n, int secret);
/* Adds fns to the `ark` table (on the stack top) with the shared context. */
void ark_lua_api_register(struct lua_State *L, void *ctx, const struct luaL_Reg *fns);
/* Extension modules, each registering its own primitives. */
void ark_lua_api_cards(struct lua_State *L, void *ctx);
void ark_lua_api_maps(struct lua_State *L, void *ctx);
void ark_lua_api_sponsors(struct lua_State *L, void *ctx);
void ark_lua_api_scoring(struct lua_State *L, void *ctx);
void ark_lua_api_lowest(struct lua_State *L, void *ctx);
void ark_lua_api_events(struct lua_State *L, void *ctx);
/* Checks of the rules read off the state, shared with lua_lowest.c: as
** ark.fits finding any building, conditions_met's count of missing
** conditions, a sponsor's conditions all met and its unique building
** placeable (A.playable of sponsors.lua but for level and money), and
** A.level_ok of association.lua (lv 0-based, no wildcard). */
int ark_lua_animal_fits_any(ark_game *g, int p, const ark_card_def *a);
int ark_lua_conditions_missing(const ark_game *g, int p, const ark_card_def *d);
int ark_lua_sponsor_fits(const ark_game *g, int p, const ark_card_def *d);
int ark_lua_level_ok(const ark_game *g, int p, const ark_card_def *c, int lv);
/* The Animals file's may_share(p, id), its function at stack index fn: may
** the animal share an occupied enclosure?  The file's Flock record at
** index flock, when a table, clears an animal it marks false with no call
** (most lack the keyword).  The C loops over animals and the animals query
** ask it. */
int ark_lua_may_share(struct lua_State *L, int flock, int fn, int p, int id);

#endif
