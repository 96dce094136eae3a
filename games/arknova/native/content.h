/*
** content.h - everything loaded from disk before a game starts: card, map
** and building definitions, plus the Lua state that holds their scripts.
** One content is shared by a game and all its clones (reference counted);
** it is not thread-safe, so each simulation thread loads its own.
*/
#ifndef ARK_CONTENT_H
#define ARK_CONTENT_H

#include <stddef.h>
#include <stdint.h>
#include "defs.h"
#include "pool.h"
#include "ruleset.h"

#define ARK_MAX_BUILDING_DEFS 48
#define ARK_MAX_PLUGINS 8
#define ARK_MAX_OWN_BONUSES 16   /* bonus names the maps bring of their own */
#define ARK_BONUS_NAME_MAX 24    /* such a name, its ending 0 included */

/* A plugin: a folder with plugin.yaml (docs/plugins.md). */
typedef struct ark_plugin_def {
  char name[64], version[32];
  const char *description;
  const char *dir;              /* the plugin folder */
  const char *path;             /* its plugin.yaml */
  const char *script;           /* Lua hooks, or NULL */
  const char *cards_dir, *maps_dir; /* extra content, or NULL */
} ark_plugin_def;

typedef struct lua_State lua_State;

typedef struct ark_content {
  int refs;
  ark_card_def *cards;          /* runtime card id = index here */
  int ncards, capcards;
  ark_map_def *maps;
  int nmaps, capmaps;
  ark_building_def buildings[ARK_MAX_BUILDING_DEFS];
  int nbuildings;
  char **strings;               /* owned strings (paths, descriptions) */
  int nstrings, capstrings;
  char *errors;                 /* "file:line: message\n" lines, or NULL */
  size_t errlen;
  int nerrors;
  char *warnings;               /* the same for what check warns of, or NULL */
  size_t warnlen;
  lua_State *L;                 /* scripts (see lua.c) */
  /* finished step coroutines kept for the next step (lua_bridge.c): a
  ** search starts thousands, and a new one grows its stack again */
  lua_State *spare_co[4];
  int spare_ref[4], nspare;
  /* the queries' table and their message handler, in the registry from
  ** the first query on (0: not yet): a query looked both up by name */
  int queries_ref, query_msgh_ref;
  /* the rules' turn_quiet, from its first use on (0: not yet), and its
  ** answers kept by zoo stamp (ark_lua_turn_quiet) */
  int turn_quiet_ref;
  struct { long long stamp; int quiet; } quiet_kept[16];
  /* the rules' own animals, sponsors and projects queries, which the
  ** engine may answer with no Lua run (lua_query_fast.c), and the Animals
  ** file's table and short way; LUA_NOREF with a plugin; the protected
  ** function that answers them, made once */
#define ARK_FAST_QUERIES 3
  int fast_query_ref[ARK_FAST_QUERIES];
  int fast_animals_ref, fast_hand_fit_ref, fast_run_ref;
  struct ark_lua_ctx *lua;
  size_t lua_mem;               /* bytes the Lua state holds now */
  /* values kept while what they read is unchanged (recall.c), made at
  ** the first use; query_fails counts the queries that failed, since a
  ** value that asked one is not kept */
  struct ark_recall *recall;
  struct ark_places *places;    /* building positions kept per zoo (places.c) */
  long query_fails;
  /* clones made of its games (game.c): copies of the state, and those that
  ** replayed a running step's answers in Lua (ark_clone_counts) */
  long clone_copies, clone_replays;
  ark_pool pool;                /* its small blocks (pool.h) */
  size_t lua_mem_limit;         /* bytes; 0 = no cap */
  double script_budget;         /* seconds one resume may run */
  const char *data_dir;         /* messages name files relative to it */
  ark_ruleset rules;            /* rules constants (plugins may change them) */
  ark_plugin_def plugins[ARK_MAX_PLUGINS];
  int nplugins;
  char rule_owner[24][64];      /* plugin that set each rule (conflicts) */
  int strict;                   /* checking: also report handlers that are no
                                   function (play turns them into stubs that
                                   fail at their first call, lua_bridge.c) */
  int mem_uncapped;             /* LuaJIT without a custom allocator: the
                                   scripts' memory cannot be capped */
  uint8_t *kept;                /* bit per script (lua_bridge.c numbering)
                                   whose state script_state.c checks */
  unsigned plugin_kept;         /* bit per plugin whose hooks' state it checks */
  /* ark_content_find_building's last finds by the key's address: the rules
  ** ask the same few keys (Lua's interned strings) thousands of times */
  const char *bfound_key[32];
  int bfound[32];
  int *by_number;               /* the card ids by number, then id, once
                                   every card is loaded (ark_content_index) */
  /* and where the numbers lie close enough (all printed cards and most
  ** fan cards), the first of them per number from number_lo on, -1 for
  ** none: the quick policy finds the card of every option it weighs */
  int *id_of_number, number_lo, number_span;
  /* bonus names the maps bring of their own (a map's `bonuses:`,
  ** docs/maps.md): kind ARK_BONUS_N + i, which the rules pass to the
  ** scripts' bonus handlers as they do Pouch and Determination */
  char own_bonus[ARK_MAX_OWN_BONUSES][ARK_BONUS_NAME_MAX];
  int nown_bonus;
} ark_content;

struct ark_config;
/* Loads buildings, cards and maps (the data folder plus any extra folders
** of cfg) and the scripts.  On failure returns a status and a message
** listing the first problems as file:line: message. */
int ark_content_load(const struct ark_config *cfg, ark_content **out,
                     char *msg, size_t msglen);
void ark_content_release(ark_content *c);

/* Keeps a copy of s for the lifetime of the content. */
const char *ark_content_str(ark_content *c, const char *s);
/* Appends one "file:line: message" error line (printf-style). */
void ark_content_error(ark_content *c, const char *file, int line,
                       const char *fmt, ...);
/* `arknova check`'s reading of the card and map scripts' texts
** (script_check.c): a keyword ability written out in a keyword() or
** icon_keyword() call that names no keyword is an error at its line. */
void ark_check_script_keywords(ark_content *c);
/* The same for a line that is no error: what `check` warns of and a game
** plays with. */
void ark_content_warn(ark_content *c, const char *file, int line,
                      const char *fmt, ...);
ark_card_def *ark_content_new_card(ark_content *c);
ark_map_def *ark_content_new_map(ark_content *c);
int ark_content_find_card(const ark_content *c, int number);
/* Sorts the card ids by number once the last card is loaded, so that the
** finds of a running game search no longer card by card; 0, or -1 out of
** memory (the finds then still work, card by card). */
int ark_content_index(ark_content *c);
int ark_content_find_map(const ark_content *c, const char *id);
int ark_content_find_building(const ark_content *c, const char *key);
void ark_content_free_data(ark_content *c); /* cards, maps, strings, errors */

/* YAML loading (yaml.c).  Each loads every *.yaml file below dir in sorted
** path order (so card ids are stable), reports problems through
** ark_content_error and returns the number of errors it added. */
/* fan: a folder of fan content, whose files the loader reads as nothing
** (a .yml file, a script with no YAML file beside it) and which holds no
** YAML file at all are errors. */
int ark_yaml_load_cards(ark_content *c, const char *dir, int fan);
int ark_yaml_load_maps(ark_content *c, const char *dir, int fan);
int ark_yaml_load_buildings(ark_content *c, const char *path);
/* Reads dir/plugin.yaml into a new entry of c->plugins and applies its
** `rules:` to c->rules (a rule set by two plugins is an error). */
int ark_yaml_load_plugin(ark_content *c, const char *dir);

/* Name tables shared by the loader, the Lua bridge and the host. */
int ark_icon_from_name(const char *s);        /* -1 if unknown */
const char *ark_icon_name(int icon);
int ark_bonus_from_name(const char *s);       /* -1 if unknown */
const char *ark_bonus_name(int bonus);
/* The same with the maps' own bonus names of content c (kinds from
** ARK_BONUS_N on).  ark_content_add_bonus registers one: its kind, or -1
** (too many: at most ARK_MAX_OWN_BONUSES). */
int ark_content_bonus(const ark_content *c, const char *s);
const char *ark_content_bonus_name(const ark_content *c, int kind);
int ark_content_add_bonus(ark_content *c, const char *s);

#endif
