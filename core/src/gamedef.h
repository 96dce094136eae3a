/*
** gamedef.h - a game folder's description, its game.yaml (ark_gamedef_):
** which game it is, how many may play, and which module plays it.  The
** host resolves `--game NAME|DIR` with it before it loads anything else.
*/
#ifndef ARK_GAMEDEF_H
#define ARK_GAMEDEF_H

#include <stddef.h>

#define ARK_GAMEDEF_NAME 64

typedef struct ark_gamedef {
  char dir[1024];                /* the game folder */
  char name[ARK_GAMEDEF_NAME];   /* `name:`, the word --game takes */
  char title[128];               /* `title:`, for people */
  int min_players, max_players;  /* `players: {min: N, max: M}` */
  char module[ARK_GAMEDEF_NAME]; /* `module:`, the engine module that
                                    plays it; empty: none yet */
} ark_gamedef;

/* Finds the game: `spec` is a folder holding game.yaml (when it has a '/'
** or is such a folder), else the name of a folder under `games_root`.
** Reads its game.yaml.  Returns 0, or -1 with a message naming the file
** and line in msg. */
int ark_gamedef_find(const char *spec, const char *games_root, ark_gamedef *out,
                     char *msg, size_t n);
/* Reads DIR/game.yaml into out; 0 or -1 with a message as above. */
int ark_gamedef_load(const char *dir, ark_gamedef *out, char *msg, size_t n);

#endif
