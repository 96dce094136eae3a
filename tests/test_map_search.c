/*
** test_map_search.c - map.c's searches against the plain rules, in the zoos
** of random games: ark_map_placements and ark_map_any_placement (worked
** out from each kind's positions on the map) against every anchor and
** rotation checked by ark_map_can_place, ark_map_kiosk_income against
** ark_map_buildings_adjacent for each kiosk and building, and
** ark_map_free_cells against a count of the spaces.  Also the tables
** of ark.map_cells and ark.buildings (built from names made once) against
** the map and the zoo, field by field, with no field more; the texts of
** ark.placements (kept per cell set once made) against the positions;
** ark.count_cells (lua_api_scoring.c) against a count over ark.map_cells for
** filters of one and of two fields, every value a space shows included,
** and ark.building / ark.building_def against the entries of
** ark.buildings / ark.building_defs.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <stdio.h>

#include "support.h"
#include "map.h"
#include "content.h"

#define MAX_PLACES (ARK_CELLS * 6)

static int cells_cmp(const ark_place *a, const ark_place *b) {
  int n = a->ncells < b->ncells ? a->ncells : b->ncells;
  for (int i = 0; i < n; i++)
    if (a->cells[i] != b->cells[i]) return a->cells[i] < b->cells[i] ? -1 : 1;
  return (int)a->ncells - (int)b->ncells;
}

static int place_qcmp(const void *a, const void *b) { return cells_cmp(a, b); }

/* Every legal position of building bdef by the plain rules: each free
** anchor, each rotation, ark_map_can_place; the first (anchor, rotation)
** giving a cell set kept, sorted by cell set (ark_map_placements' order). */
static int reference_places(const ark_map_def *m, const ark_zoo *z, const ark_building_def *defs,
                            int bdef, int build2, ark_place *out) {
  int n = 0;
  for (int anchor = 0; anchor < ARK_CELLS; anchor++) {
    if (!m->exists[anchor] || z->at[anchor] ||
        (m->terrain[anchor] != ARK_TERRAIN_PLAIN && !z->cover_terrain))
      continue;
    for (int rot = 0; rot < 6; rot++) {
      ark_place p;
      memset(&p, 0, sizeof p);
      int k = ark_map_footprint(&defs[bdef], anchor, rot, p.cells);
      if (k == 0) continue;
      p.ncells = (uint8_t)k;
      p.anchor = (uint8_t)anchor;
      p.rot = (uint8_t)rot;
      if (!ark_map_can_place(m, z, defs, bdef, build2, &p)) continue;
      int dup = 0;
      for (int i = 0; i < n && !dup; i++) dup = cells_cmp(&out[i], &p) == 0;
      if (!dup) out[n++] = p;
    }
  }
  qsort(out, (size_t)n, sizeof out[0], place_qcmp);   /* no two equal: stable enough */
  return n;
}

/* Kiosk income by the rules' words: per kiosk, each other building that
** brings visitors and touches it. */
static int reference_kiosk_income(const ark_map_def *m, const ark_zoo *z,
                                  const ark_building_def *defs) {
  int total = 0;
  for (int i = 0; i < z->nb; i++) {
    if (defs[z->b[i].def].kind != ARK_BK_KIOSK) continue;
    for (int j = 0; j < z->nb; j++) {
      int kind = defs[z->b[j].def].kind;
      int counts = kind == ARK_BK_PAVILION || kind == ARK_BK_SPECIAL || kind == ARK_BK_UNIQUE ||
                   (kind == ARK_BK_ENCLOSURE && z->b[j].used != 0);
      if (counts && ark_map_buildings_adjacent(m, z, i, j)) total++;
    }
  }
  return total;
}

static void check_zoo(ark_game *g, int p) {
  static ark_place got[MAX_PLACES], want[MAX_PLACES];
  const ark_map_def *m = t_map_of(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  const ark_building_def *defs = g->c->buildings;
  for (int d = 0; d < g->c->nbuildings; d++)
    for (int build2 = 0; build2 < 2; build2++) {
      int n = ark_map_placements(m, z, defs, d, build2, got, MAX_PLACES);
      int k = reference_places(m, z, defs, d, build2, want);
      if (n != k) fail_msg("%s build2 %d: %d places, the rules give %d", defs[d].key, build2, n, k);
      for (int i = 0; i < n; i++)
        if (memcmp(&got[i], &want[i], sizeof got[i]) != 0)
          fail_msg("%s build2 %d: place %d differs", defs[d].key, build2, i);
      assert_int_equal(ark_map_any_placement(m, z, defs, d, build2), n > 0);
    }
  assert_int_equal(ark_map_kiosk_income(m, z, defs), reference_kiosk_income(m, z, defs));
  int free = 0;                       /* the plain spaces on the map not taken */
  for (int c = 0; c < ARK_CELLS; c++)
    free += m->exists[c] && m->terrain[c] == ARK_TERRAIN_PLAIN && !z->at[c];
  assert_int_equal(ark_map_free_cells(m, z), free);
}

/* ark.map_cells(p) and ark.buildings(p) written out as text, each table's
** fields in a fixed order, then how many it has (pairs). */
static const char *const TABLES_TEXT =
  "local p = ...\n"
  "local out = {}\n"
  "local function count(t) local n = 0 for _ in pairs(t) do n = n + 1 end return n end\n"
  "local function b(v) return v and 1 or 0 end\n"
  "for _, c in ipairs(ark.map_cells(p)) do\n"
  "  out[#out + 1] = string.format('%s %d %d %s %d %d %s %d %d %d %s %d;', c.cell, c.x, c.y,\n"
  "    c.terrain, b(c.edge), b(c.build2), tostring(c.building), b(c.next_to_building),\n"
  "    b(c.next_to_water), b(c.next_to_rock), tostring(c.bonus), count(c))\n"
  "end\n"
  "for _, x in ipairs(ark.buildings(p)) do\n"
  "  out[#out + 1] = string.format('%d %s %s %d %d %d %s %d;', x.id, x.key, x.kind, x.size,\n"
  "    x.used, x.capacity, tostring(x.card), count(x))\n"
  "end\n"
  "return table.concat(out)\n";

/* Every building's ark.placements(p, key, build2), build2 false then true. */
static const char *const PLACES_TEXT =
  "local p = ...\n"
  "local out = {}\n"
  "for _, d in ipairs(ark.building_defs()) do\n"
  "  for b2 = 0, 1 do\n"
  "    for _, s in ipairs(ark.placements(p, d.key, b2 == 1)) do out[#out + 1] = s .. ';' end\n"
  "    out[#out + 1] = '|'\n"
  "  end\n"
  "end\n"
  "return table.concat(out)\n";

static void add(char *buf, size_t n, size_t *len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf + *len, n - *len, fmt, ap);
  va_end(ap);
  assert_true(k >= 0 && (size_t)k < n - *len);
  *len += (size_t)k;
}

/* TABLES_TEXT worked out from the map and the zoo. */
static void expected_tables(ark_game *g, int p, char *buf, size_t n) {
  static const char *const terrain[] = { "plain", "water", "rock" };
  static const char *const kinds[] = { "enclosure", "kiosk", "pavilion", "special", "unique" };
  const ark_map_def *m = t_map_of(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  size_t len = 0;
  buf[0] = '\0';
  for (int c = 0; c < ARK_CELLS; c++) {
    if (!m->exists[c]) continue;
    int nb[6], k = ark_map_neighbors(m, c, nb), near = 0, water = 0, rock = 0;
    for (int i = 0; i < k; i++) {
      near |= z->at[nb[i]] != 0;
      water |= m->terrain[nb[i]] == ARK_TERRAIN_WATER;
      rock |= m->terrain[nb[i]] == ARK_TERRAIN_ROCK;
    }
    char text[16], building[16];
    ark_map_cell_text(c, text, sizeof text);
    snprintf(building, sizeof building, "%d", z->at[c] - 1);
    int bonus = m->place_bonus[c].kind != ARK_BONUS_NONE;
    add(buf, n, &len, "%s %d %d %s %d %d %s %d %d %d %s %d;", text, ARK_CELL_X(c), ARK_CELL_Y(c),
        terrain[m->terrain[c] <= ARK_TERRAIN_ROCK ? m->terrain[c] : 0], m->edge[c] != 0,
        m->build2[c] != 0, z->at[c] ? building : "nil", near, water, rock,
        bonus ? ark_bonus_name(m->place_bonus[c].kind) : "nil", 9 + (z->at[c] != 0) + bonus);
  }
  for (int i = 0; i < z->nb; i++) {
    const ark_building_def *d = &g->c->buildings[z->b[i].def];
    char card[16];
    snprintf(card, sizeof card, "%d", z->b[i].card);
    add(buf, n, &len, "%d %s %s %d %d %d %s %d;", i, d->key, kinds[d->kind],
        z->b[i].ncells + z->b[i].extra, z->b[i].used, d->capacity,
        z->b[i].card >= 0 ? card : "nil", 6 + (z->b[i].card >= 0));
  }
}

/* PLACES_TEXT worked out from ark_map_placements. */
static void expected_places(ark_game *g, int p, char *buf, size_t n) {
  static ark_place pl[MAX_PLACES];
  const ark_map_def *m = t_map_of(g, p);
  const ark_zoo *z = &g->s.p[p].zoo_map;
  size_t len = 0;
  buf[0] = '\0';
  for (int d = 0; d < g->c->nbuildings; d++)
    for (int build2 = 0; build2 < 2; build2++) {
      int k = ark_map_placements(m, z, g->c->buildings, d, build2, pl, MAX_PLACES);
      for (int i = 0; i < k; i++) {
        for (int c = 0; c < pl[i].ncells; c++) {
          char text[16];
          ark_map_cell_text(pl[i].cells[c], text, sizeof text);
          add(buf, n, &len, "%s%s", c ? " " : "", text);
        }
        add(buf, n, &len, ";");
      }
      add(buf, n, &len, "|");
    }
}

static int places_seen;                 /* checks with some position at all */

static void check_tables(ark_game *g, int p) {
  static char got[1 << 20], want[1 << 20];
  t_run_lua(g, TABLES_TEXT, p, got, sizeof got);
  expected_tables(g, p, want, sizeof want);
  assert_string_equal(got, want);
  t_run_lua(g, PLACES_TEXT, p, got, sizeof got);
  expected_places(g, p, want, sizeof want);
  assert_string_equal(got, want);
  places_seen += strlen(want) > (size_t)g->c->nbuildings * 2;
}

/* ark.count_cells(p, f) against the spaces of ark.map_cells(p) that match
** f as it says (true: there and not false; false: nil or false; else
** equal), for every field alone and every pair of fields (the second not
** cell, x or y, which alone tell a space apart), each with true,
** false and every value some space shows; then ark.building(p, b), and each
** field of it alone, for every b of ark.buildings(p) and one past each end,
** and ark.building_def(key)
** for every key of ark.building_defs() and one not there.  Returns what
** differs first, or "". */
static const char *const COUNT_TEXT =
  "local p = ...\n"
  "local cells = ark.map_cells(p)\n"
  "local FIELDS = { 'cell', 'x', 'y', 'terrain', 'edge', 'build2', 'building',\n"
  "  'next_to_building', 'next_to_water', 'next_to_rock', 'bonus' }\n"
  "local function match(v, w)\n"
  "  if w == true then return v ~= nil and v ~= false end\n"
  "  if w == false then return v == nil or v == false end\n"
  "  return v == w\n"
  "end\n"
  "local values = {}\n"
  "for _, f in ipairs(FIELDS) do\n"
  "  local vs, seen = { true, false }, {}\n"
  "  for _, c in ipairs(cells) do\n"
  "    local v = c[f]\n"
  "    if v ~= nil and type(v) ~= 'boolean' and not seen[v] then seen[v] = true; vs[#vs + 1] = v end\n"
  "  end\n"
  "  values[f] = vs\n"
  "end\n"
  "local function try(filter, text)\n"
  "  local want = 0\n"
  "  for _, c in ipairs(cells) do\n"
  "    local ok = true\n"
  "    for k, w in pairs(filter) do ok = ok and match(c[k], w) end\n"
  "    if ok then want = want + 1 end\n"
  "  end\n"
  "  local got = ark.count_cells(p, filter)\n"
  "  if got ~= want then return text .. ': ' .. got .. ' not ' .. want end\n"
  "end\n"
  "for i, f in ipairs(FIELDS) do\n"
  "  for _, v in ipairs(values[f]) do\n"
  "    local bad = try({ [f] = v }, f .. '=' .. tostring(v))\n"
  "    if bad then return bad end\n"
  "    for j = math.max(i + 1, 4), #FIELDS do   -- pairs: no cell, x or y second\n"
  "      local g = FIELDS[j]\n"
  "      for _, u in ipairs(values[g]) do\n"
  "        bad = try({ [f] = v, [g] = u }, f .. '=' .. tostring(v) .. ' ' .. g .. '=' .. tostring(u))\n"
  "        if bad then return bad end\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "end\n"
  "if try({}, 'no filter') then return 'no filter' end\n"
  /* a terrain asked by number or by an unknown name matches no space */
  "for _, w in ipairs({ 0, 1, 'lava' }) do\n"
  "  local bad = try({ terrain = w }, 'terrain=' .. tostring(w))\n"
  "  if bad then return bad end\n"
  "end\n"
  "if pcall(ark.count_cells, p, { colour = 1 }) then return 'an unknown field is taken' end\n"
  "local function same(a, b)\n"
  "  for k, v in pairs(a) do if b[k] ~= v then return false end end\n"
  "  for k, v in pairs(b) do if a[k] ~= v then return false end end\n"
  "  return true\n"
  "end\n"
  "local all = ark.buildings(p)\n"
  "for b = -1, #all do\n"
  "  local one = ark.building(p, b)\n"
  "  if all[b + 1] == nil then\n"
  "    if one ~= nil then return 'ark.building ' .. b .. ' is not nil' end\n"
  "  elseif one == nil or not same(one, all[b + 1]) then\n"
  "    return 'ark.building ' .. b .. ' differs'\n"
  "  end\n"
  /* one field at a time, as the table holds it (nil past the ends) */
  "  for _, f in ipairs({ 'id', 'key', 'kind', 'size', 'used', 'capacity', 'card' }) do\n"
  "    if ark.building(p, b, f) ~= (all[b + 1] and all[b + 1][f]) then\n"
  "      return 'ark.building ' .. b .. ' field ' .. f .. ' differs'\n"
  "    end\n"
  "  end\n"
  "end\n"
  "if pcall(ark.building, p, 0, 'colour') then return 'an unknown building field is taken' end\n"
  "local defs = ark.building_defs()\n"
  "for i, d in ipairs(defs) do\n"
  "  local first\n"
  "  for j = i, 1, -1 do if defs[j].key == d.key then first = defs[j] end end\n"
  "  if not same(ark.building_def(d.key), first) then return 'ark.building_def ' .. d.key end\n"
  "end\n"
  "if ark.building_def('no-such-building') ~= nil then return 'an unknown building_def' end\n"
  "return ''\n";

static void check_count_cells(ark_game *g, int p) {
  char why[512];
  assert_string_equal(t_run_lua(g, COUNT_TEXT, p, why, sizeof why), "");
}

/* Every 3rd decision of random games on maps with and without abilities
** (2 counts enclosures larger, 7 brings kiosks, 8 covers water and rock). */
static void test_searches_match_rules(void **st) {
  (void)st;
  static const char *const maps[] = { NULL, "2", "4", "7", "8", "1a" };
  int n = 0;
  for (int k = 0; k < 6; k++) {
    ark_game *g = t_new_game(2, (uint64_t)(20 + k), maps[k]);
    uint64_t rng = (uint64_t)(77 + k);
    int step = 0;
    while (ark_game_process(g) == ARK_AWAITING) {
      if (step++ % 3 == 0) {
        for (int p = 0; p < 2; p++) {
          check_zoo(g, p);
          if (step % 15 == 1) check_tables(g, p);
          if (step % 135 == 1) check_count_cells(g, p);
        }
        n++;
      }
      t_random_answer(g, &rng);
    }
    ark_game_free(g);
  }
  assert_true(n > 500);
  assert_true(places_seen > 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_searches_match_rules),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
