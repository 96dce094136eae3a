/*
** scenario_lua.h - `arknova scenario` for any game: which game a scenario
** file plays, and the scenarios of games written in Lua alone
** (scenario_lua.c; the format in docs/scenarios.md).
*/
#ifndef ARK_SCENARIO_LUA_H
#define ARK_SCENARIO_LUA_H

#include <yaml.h>
#include "gamedef.h"

/* The game of a scenario file: `cli` (--game NAME|DIR) when given, else the
** file's `game:` key, a folder read from the file's folder when relative or
** a name under games/.  1 when neither names a game (Ark Nova, as before),
** 0 with *out read from its game.yaml, -1 after printing why it cannot be
** played (exit 2). */
int scenario_game(yaml_document_t *doc, const char *path, const char *cli, ark_gamedef *out);

/* Runs the scenario of a game written in Lua alone; the exit code: 0 every
** expectation holds, 1 some failed (each printed), 2 the file is wrong. */
int scenario_lua_run(yaml_document_t *doc, const char *path, const ark_gamedef *gd, int verbose);

#endif
