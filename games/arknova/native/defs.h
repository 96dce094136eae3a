/*
** defs.h - printed facts loaded from YAML: cards, maps, building footprints.
** These are read-only once loaded and shared by every game that uses the
** same content (clones included), so they never live in the game state.
*/
#ifndef ARK_DEFS_H
#define ARK_DEFS_H

/* A special-enclosure size of 0 in a card file: the animal fits there and
** takes no room (the small reptiles in the reptile house). */
#define ARK_ROOM_NONE (-1)

#include <stdint.h>

/* The zoo map grid: x is the column 0..8, y a doubled row 0..12, and a
** cell exists on the standard maps when x + y is odd.  Neighbours of (x,y)
** are (x,y+-2) and (x+-1,y+-1).  A cell index is x + ARK_GRID_W * y. */
#define ARK_GRID_W 9
#define ARK_GRID_H 13
#define ARK_CELLS (ARK_GRID_W * ARK_GRID_H)
#define ARK_CELL(x, y) ((x) + ARK_GRID_W * (y))
#define ARK_CELL_X(c) ((c) % ARK_GRID_W)
#define ARK_CELL_Y(c) ((c) / ARK_GRID_W)

#define ARK_NAME_MAX 64
#define ARK_MAX_ABILITIES 6
#define ARK_EDGE_SLOTS 7
#define ARK_MAX_FEATURES 8
#define ARK_MAX_START_BUILDINGS 4
#define ARK_MAX_FOOTPRINT 5

/* Icons a card can show or require.  Order matters: the first seven are the
** animal categories, the next five the continents. */
typedef enum {
  ARK_ICON_PREDATOR, ARK_ICON_HERBIVORE, ARK_ICON_BIRD, ARK_ICON_REPTILE,
  ARK_ICON_PRIMATE, ARK_ICON_BEAR, ARK_ICON_PETTING,
  ARK_ICON_AFRICA, ARK_ICON_AMERICAS, ARK_ICON_ASIA, ARK_ICON_AUSTRALIA,
  ARK_ICON_EUROPE,
  ARK_ICON_SCIENCE, ARK_ICON_ROCK, ARK_ICON_WATER,
  ARK_ICON_N
} ark_icon;
#define ARK_ICON_FIRST_CATEGORY ARK_ICON_PREDATOR
#define ARK_ICON_N_CATEGORY 7
#define ARK_ICON_FIRST_CONTINENT ARK_ICON_AFRICA
#define ARK_N_CONTINENTS 5

typedef enum {
  ARK_CARD_ANIMAL, ARK_CARD_SPONSOR, ARK_CARD_PROJECT, ARK_CARD_SCORING,
  ARK_CARD_TYPE_N
} ark_card_type;

/* Non-icon conditions a card may print (bit flags). */
enum {
  ARK_REQ_PARTNER_ZOO = 1 << 0,   /* at least one partner zoo */
  ARK_REQ_ANIMALS_II = 1 << 1,    /* Animals action card upgraded */
  ARK_REQ_SPONSORS_II = 1 << 2,   /* Sponsors action card upgraded */
  ARK_REQ_MAX_APPEAL_25 = 1 << 3  /* appeal at most 25 */
};

/* Sponsor effect timings printed on the card (bit flags, informative). */
enum {
  ARK_TIMING_IMMEDIATE = 1 << 0, ARK_TIMING_ONGOING = 1 << 1,
  ARK_TIMING_END = 1 << 2, ARK_TIMING_ON_RELEASE = 1 << 3,
  ARK_TIMING_ON_PARTNERSHIP = 1 << 4
};

typedef enum { ARK_PROJ_ICON, ARK_PROJ_RELEASE, ARK_PROJ_BREEDING } ark_proj_kind;

/* What an icon project counts, beyond a plain icon index. */
enum {
  ARK_COUNT_CATEGORIES = 100,  /* different animal category icons */
  ARK_COUNT_CONTINENTS = 101,  /* different continent icons */
  ARK_COUNT_SMALL = 102,       /* animals of standard size 1-2 */
  ARK_COUNT_LARGE = 103        /* animals of standard size 4-5 */
};

typedef struct ark_card_def {
  int16_t number;               /* printed number: 401, 201, 101, 1; fan cards >= 1000 */
  uint8_t type;                 /* ark_card_type */
  char name[ARK_NAME_MAX];
  const char *path;             /* YAML file, for messages (owned by the content) */
  const char *script;           /* Lua file next to it, or NULL */
  const char *description;      /* one line, the project's own words */
  /* animals */
  int8_t cost;                  /* money */
  int8_t size;                  /* standard enclosure size; 0 = none (petting zoo only) */
  int8_t water, rock;           /* adjacent water / rock spaces needed */
  int8_t reptile_size, aviary_size, petting_size; /* room taken there; 0 = does not fit
                                                     there, ARK_ROOM_NONE = fits, takes none */
  /* every card */
  uint8_t icons[ARK_ICON_N];    /* icons given to the zoo (counts) */
  uint8_t req_icons[ARK_ICON_N];/* icons required (counts) */
  uint16_t req_flags;           /* ARK_REQ_* */
  uint8_t req_partner_zoos;     /* partner zoos required: "partner-zoo" as
                                   often as printed (Global Breeding
                                   Program asks two) */
  int8_t appeal, conservation, reputation; /* printed gains */
  char abilities[ARK_MAX_ABILITIES][24];   /* "sprint:3", "boost:sponsors" */
  uint16_t ability_line[ARK_MAX_ABILITIES]; /* their lines in the YAML file */
  uint8_t n_abilities;
  /* sponsors */
  int8_t level, min_reputation;
  uint8_t timings;              /* ARK_TIMING_* */
  char building[24];            /* unique building key, "sponsor-243", or "" */
  /* projects and final scoring */
  uint8_t proj_kind;            /* ark_proj_kind */
  int16_t proj_count;           /* icon index, or ARK_COUNT_*; -1 for none */
  uint8_t base;                 /* one of the 12 base projects */
  uint8_t n_levels;
  int8_t thresholds[4];         /* level 1 first (hardest, best paid) */
  int8_t rewards[4];            /* conservation points per level */
  int8_t rep_rewards[4];        /* reputation per level (breeding projects) */
  int8_t bonus_reputation;      /* extra reputation on every support (release) */
} ark_card_def;

typedef enum { ARK_TERRAIN_PLAIN, ARK_TERRAIN_WATER, ARK_TERRAIN_ROCK } ark_terrain;

/* The sets of a map's spaces ark_map_derive works out (ark_map_def.bits):
** those on the map; by terrain (ARK_BITS_PLAIN + terrain); on its edge;
** needing side II of Build; next to water, next to rock (on the map); and
** the grid's first and last columns (x 0 and x ARK_GRID_W - 1). */
enum {
  ARK_BITS_EXISTS, ARK_BITS_PLAIN, ARK_BITS_WATER, ARK_BITS_ROCK, ARK_BITS_EDGE,
  ARK_BITS_BUILD2, ARK_BITS_NEXT_WATER, ARK_BITS_NEXT_ROCK, ARK_BITS_COL_FIRST,
  ARK_BITS_COL_LAST, ARK_MAP_BITS
};

/* Bonus kinds printed on map spaces, map edges and bonus tiles. */
typedef enum {
  ARK_BONUS_NONE, ARK_BONUS_MONEY, ARK_BONUS_REPUTATION, ARK_BONUS_CONSERVATION,
  ARK_BONUS_APPEAL, ARK_BONUS_XTOKEN, ARK_BONUS_CARD, ARK_BONUS_SNAPPING,
  ARK_BONUS_ENCLOSURE, ARK_BONUS_WORKER, ARK_BONUS_CLEVER,
  ARK_BONUS_DETERMINATION, ARK_BONUS_POUCH, ARK_BONUS_MULTIPLIER,
  ARK_BONUS_PARTNER_ZOO, ARK_BONUS_SPONSOR, ARK_BONUS_KIOSK,
  ARK_BONUS_UNIVERSITY, ARK_BONUS_SPECIAL_ENCLOSURE, ARK_BONUS_CARDS_DRAW,
  ARK_BONUS_N
} ark_bonus_kind;

typedef struct { uint8_t kind; int8_t value; } ark_bonus;

typedef struct {
  ark_bonus bonus;
  uint8_t recurring;            /* paid again at every break */
} ark_edge_slot;

typedef struct {
  char kind[24];                /* observation_tower, gate, restaurant, ... */
  int8_t x, y;                  /* may be off the grid, e.g. (-1, 12) */
  uint8_t off_board;
  const char *note;             /* the map's words for the place, or NULL */
} ark_feature;

typedef struct {
  char type[24];                /* building key, e.g. "size-3", "kiosk" */
  uint8_t ncells;
  uint8_t cells[ARK_MAX_FOOTPRINT];
} ark_start_building;

typedef struct ark_map_def {
  char id[16];                  /* "A", "0", "1", "1a", fan maps: any */
  char name[ARK_NAME_MAX];
  const char *path;
  const char *script;           /* ability script, or NULL */
  const char *ability;          /* the ability in words (YAML), or NULL */
  uint32_t own_bonuses;         /* its own bonus names (bit k: kind ARK_BONUS_N + k) */
  uint8_t exists[ARK_CELLS];
  uint8_t terrain[ARK_CELLS];   /* ark_terrain */
  uint8_t build2[ARK_CELLS];    /* needs the upgraded Build action */
  uint8_t edge[ARK_CELLS];      /* fewer than 6 neighbours on the map (derived) */
  /* ark_map_neighbors' answers, worked out once by ark_map_derive (the
  ** placement search asks them for every cell it tries); a map not derived
  ** (nb_ready 0) has them worked out at each call */
  uint8_t nb_ready;
  uint8_t nb_n[ARK_CELLS];
  uint8_t nb[ARK_CELLS][6];
  /* derived too: sets of spaces, a bit each (space c: bit c % 64 of word
  ** c / 64), by ARK_BITS_* */
  uint64_t bits[ARK_MAP_BITS][2];
  ark_bonus place_bonus[ARK_CELLS];
  ark_edge_slot slots[ARK_EDGE_SLOTS];
  uint8_t n_slots;
  ark_feature features[ARK_MAX_FEATURES];
  uint8_t n_features;
  ark_start_building start[ARK_MAX_START_BUILDINGS];
  uint8_t n_start;
} ark_map_def;

typedef enum {
  ARK_BK_ENCLOSURE, ARK_BK_KIOSK, ARK_BK_PAVILION, ARK_BK_SPECIAL,
  ARK_BK_UNIQUE
} ark_building_kind;

/* A tile footprint in axial offsets (q, r): from the anchor cell a step
** (q, r) moves x by q and y by 2r+q. */
typedef struct ark_building_def {
  char key[24];                 /* "size-1".."size-5", "kiosk", "pavilion",
                                   "petting-zoo", "reptile-house",
                                   "large-bird-aviary", "sponsor-243".. */
  uint8_t kind;                 /* ark_building_kind */
  uint8_t ncells;
  int8_t q[ARK_MAX_FOOTPRINT], r[ARK_MAX_FOOTPRINT];
  uint8_t capacity;             /* special enclosures */
  uint8_t needs_build2;
  uint8_t adjacent_rock, adjacent_water, border_spaces;
  uint8_t ignores_adjacency;
  int16_t sponsor;              /* unique buildings: sponsor number */
} ark_building_def;

#endif
