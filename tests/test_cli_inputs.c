/*
** test_cli_inputs.c - the arknova command (build/arknova, next to this
** test) given inputs it must not trust: an import that would write over
** its own log or another file, a BGA log whose packets name odd channels,
** a decision number beyond the save, and `sim merge` records with numbers
** out of range, shards of other player counts, Windows line ends and a
** last line cut short.  Each once went wrong (the sanitizer build shows
** the overflows); each is answered by a message now.
**
** The import tests read the recorded sample game beside the project
** (shared/data/bga, as test_bga.c); without it they are skipped.
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "support.h"

#define SAMPLE ARK_SOURCE_DIR "/../shared/data/bga/sample_game.log.json"

/* arknova beside this test, its runs' folder, a run and a file there */
#define exe t_exe
#define tmp t_tmp
#define run t_cmd
#define output_has t_out_has
static char *slurp(const char *name) { return t_slurp(tmp, name); }

/* tmp/name's path into buf. */
static const char *in_tmp(const char *name, char *buf, size_t n) {
  snprintf(buf, n, "%s/%s", tmp, name);
  return buf;
}

/* The size of tmp/name, -1 if there is none. */
static long size_of(const char *name) {
  char path[512];
  struct stat st;
  return stat(in_tmp(name, path, sizeof path), &st) == 0 ? (long)st.st_size : -1;
}

/* Copies a file (the sample log is larger than t_slurp reads) to tmp/name. */
static void copy_to(const char *from, const char *name) {
  char path[512], buf[1 << 16];
  FILE *in = fopen(from, "rb"), *out = fopen(in_tmp(name, path, sizeof path), "wb");
  if (!in || !out) fail_msg("cannot copy %s to %s", from, path);
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, in)) > 0) assert_int_equal(fwrite(buf, 1, got, out), got);
  fclose(in);
  assert_int_equal(fclose(out), 0);
}

/* tmp/name with its first `"key":` value replaced by `to`. */
static void change_field(const char *name, const char *key, const char *to) {
  char *t = strdup(slurp(name)), pat[64], buf[1 << 16];
  snprintf(pat, sizeof pat, "\"%s\":", key);
  char *p = strstr(t, pat);
  assert_non_null(p);
  const char *v = p + strlen(pat);
  const char *rest = *v == '[' ? strchr(v, ']') + 1 : v + strcspn(v, ",}");
  snprintf(buf, sizeof buf, "%.*s%s%s%s", (int)(p - t), t, pat, to, rest);
  t_write_file(tmp, name, buf);
  free(t);
}

/* ---- import-bga ---- */

/* The save is renamed over the path it is written to: the log itself
** (its default save name is its own name when it ends in .txt), a file
** that is no save, or a device behind a link would be replaced.  A save
** may be; a write that fails says so with exit 1. */
static void test_import_keeps_other_files(void **st) {
  (void)st;
  if (access(SAMPLE, R_OK) != 0) {
    print_message("skipped: %s is not there (the shared test data sits beside the clone)\n",
                  SAMPLE);
    skip();
  }
  copy_to(SAMPLE, "game.txt");
  long size = size_of("game.txt");
  assert_int_equal(run("import-bga game.txt"), 2);
  assert_true(output_has("arknova import-bga: game.txt is the log being imported: not "
                         "overwriting it"));
  assert_int_equal(size_of("game.txt"), size);
  copy_to(SAMPLE, "x.json");
  assert_int_equal(run("import-bga x.json -o x.json"), 2);
  assert_true(output_has("x.json is the log being imported"));
  assert_int_equal(size_of("x.json"), size);
  t_write_file(tmp, "notes.md", "# notes\n");
  assert_int_equal(run("import-bga x.json -o notes.md"), 2);
  assert_true(output_has("notes.md exists and is not an arknova save file: not overwriting it"));
  assert_string_equal(slurp("notes.md"), "# notes\n");
  /* /dev/null behind a link: as root the save would have replaced the link
  ** (and /dev/full itself, named directly) */
  char link[512];
  struct stat ls;
  assert_int_equal(symlink("/dev/null", in_tmp("devnull", link, sizeof link)), 0);
  assert_int_equal(run("import-bga x.json -o devnull"), 2);
  assert_true(output_has("devnull exists and is not a regular file: not overwriting it"));
  assert_int_equal(lstat(link, &ls), 0);
  assert_true(S_ISLNK(ls.st_mode));
  /* a save may be written again; a folder that is not there is a failed write */
  assert_int_equal(run("import-bga x.json -o s.txt"), 0);
  assert_int_equal(run("import-bga x.json -o s.txt"), 0);
  assert_true(output_has("saved s.txt\n"));
  assert_int_equal(run("import-bga x.json -o nodir/s.txt"), 1);
  assert_true(output_has("arknova import-bga: cannot write nodir/s.txt: "));
}

/* The events read from a player's private channel ("/player/p123") came
** on another channel, or on none: the prefix was skipped unchecked, and
** the id read past the string's end (ASan: heap and global overflows).
** Such an event names no player and is passed over. */
static void test_import_odd_channels(void **st) {
  (void)st;
  static const char *const packets[] = {
    "\"channel\":\"x\",",
    "",
    "\"channel\":\"/player/\",",
    "\"channel\":\"/player/p\",",
    "\"channel\":7,",
  };
  static const char *const events[] = {
    "gameStateChangePrivateArg", "updateBreakDiscardSelection", "updateInitialSelection",
  };
  for (size_t i = 0; i < sizeof packets / sizeof *packets; i++)
    for (size_t e = 0; e < sizeof events / sizeof *events; e++) {
      char log[1024];
      snprintf(log, sizeof log, "{\"data\":{\"players\":[{\"id\":1,\"name\":\"a\"},{\"id\":2,"
               "\"name\":\"b\"}],\"logs\":[{%s\"move_id\":\"1\",\"data\":[{\"type\":\"%s\","
               "\"args\":{\"statuses\":{},\"args\":{\"_private\":{}}}}]}]}}", packets[i],
               events[e]);
      t_write_file(tmp, "m.json", log);
      assert_int_equal(run("import-bga m.json -o m.txt"), 1);
      assert_null(strstr(slurp("out"), "Sanitizer"));
      assert_true(output_has("arknova import-bga: m.json: the log names no map for a"));
    }
}

/* ---- hint ---- */

/* --at N was cut to an int: 4294967297 asked about decision #1, and
** 4294967296 or more digits than a long holds printed a message never
** set; 2147483648 overflowed (UBSan). */
static void test_hint_at_beyond_save(void **st) {
  (void)st;
  assert_int_equal(run("play --ai random --turn-cap 20 --save h.txt"), 0);
  static const char *const at[] = { "4294967297", "4294967296", "2147483648",
                                    "99999999999999999999" };
  for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
    char want[128];
    assert_int_equal(run("hint h.txt --at %s", at[i]), 2);
    snprintf(want, sizeof want, "arknova hint: --at %s: the save holds ", at[i]);
    assert_true(output_has(want));
    assert_true(output_has(" decisions (ask about 1 to "));
  }
  assert_int_equal(run("hint h.txt --at 1"), 0);
  assert_true(output_has("h.txt, decision #1: "));
  /* the game is over: the message offers only decisions that ask (it
  ** offered one past the last, which then said "nothing to choose") */
  assert_non_null(strstr(slurp("h.txt"), "\nfinished 1\n"));
  assert_int_equal(run("hint h.txt --at 999999"), 2);
  const char *held = strstr(slurp("out"), "the save holds ");
  assert_non_null(held);
  int n = atoi(held + strlen("the save holds "));
  char want[160];
  snprintf(want, sizeof want, "the save holds %d decisions (ask about 1 to %d; its game is over "
           "after the last)", n, n);
  assert_true(output_has(want));
  assert_int_equal(run("hint h.txt --at %d", n + 1), 2);
  assert_int_equal(run("hint h.txt --at %d", n), 0);
}

/* ---- sim merge ---- */

/* Numbers were cut to an int unchecked: a start seat of -2147483648
** overflowed (UBSan), 4294967298 was seat 2, a rank of 4294967298 rank 2,
** and turns of 2147483648 overflowed the sort of the game lengths. */
static void test_merge_numbers_in_range(void **st) {
  (void)st;
  static const char *const cases[][2] = {
    { "start", "-2147483648" }, { "start", "4294967298" }, { "turns", "2147483648" },
    { "turns", "-100" }, { "ranks", "[4294967298,1]" }, { "scores", "[2147483647,1]" },
    { "seed", "-1" }, { "players", "4294967298" },
  };
  assert_int_equal(run("sim --seeds 1..2 --ai random --turn-cap 40 --no-cards --out r.jsonl"), 0);
  char *orig = strdup(slurp("r.jsonl"));
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char want[160], num[32];
    t_write_file(tmp, "r.jsonl", orig);
    change_field("r.jsonl", cases[i][0], cases[i][1]);
    assert_int_equal(run("sim merge r.jsonl"), 1);
    snprintf(num, sizeof num, "%.*s", (int)strcspn(cases[i][1] + (cases[i][1][0] == '['), ","),
             cases[i][1] + (cases[i][1][0] == '['));
    snprintf(want, sizeof want, "arknova sim merge: r.jsonl:1: not a game record (%s %s out of "
             "range)\n", cases[i][0], num);
    assert_true(output_has(want));
  }
  t_write_file(tmp, "r.jsonl", orig);
  assert_int_equal(run("sim merge r.jsonl"), 0);
  free(orig);
}

/* Shards of 3 and of 2 players merged, and the seat rows counted the
** games of one count only. */
static void test_merge_player_counts(void **st) {
  (void)st;
  assert_int_equal(run("sim --games 3 --players 3 --seed 30 --ai random --turn-cap 40 "
                       "--no-cards --out p3.jsonl"), 0);
  assert_int_equal(run("sim --games 4 --ai random --turn-cap 40 --no-cards --out p2.jsonl"), 0);
  assert_int_equal(run("sim merge p3.jsonl p2.jsonl"), 1);
  assert_true(output_has("arknova sim merge: p3.jsonl:1 and p2.jsonl:1 are games of different "
                         "player counts (3 and 2 players)"));
  assert_null(strstr(slurp("out"), "merged"));
}

/* A file that passed through Windows (CRLF) merges; a last line without
** its newline is what a killed run leaves: whole, it counts, cut short,
** it is named and left out, and the games before it count. */
static void test_merge_line_ends(void **st) {
  (void)st;
  assert_int_equal(run("sim --seeds 1..3 --ai random --turn-cap 40 --no-cards --out l.jsonl"), 0);
  char *orig = strdup(slurp("l.jsonl")), buf[1 << 16];
  size_t k = 0, len = strlen(orig);
  for (const char *c = orig; *c && k + 2 < sizeof buf; c++) {
    if (*c == '\n') buf[k++] = '\r';
    buf[k++] = *c;
  }
  buf[k] = '\0';
  t_write_file(tmp, "crlf.jsonl", buf);
  assert_int_equal(run("sim merge crlf.jsonl"), 0);
  assert_true(output_has("merged 3 games from 1 file\n"));
  snprintf(buf, sizeof buf, "%.*s", (int)len - 1, orig);
  t_write_file(tmp, "nonl.jsonl", buf);
  assert_int_equal(run("sim merge nonl.jsonl"), 0);
  assert_true(output_has("merged 3 games from 1 file\n"));
  snprintf(buf, sizeof buf, "%.*s", (int)len - 30, orig);
  t_write_file(tmp, "cut.jsonl", buf);
  assert_int_equal(run("sim merge cut.jsonl"), 0);
  assert_true(output_has("arknova sim merge: cut.jsonl:3: the last line is cut short (the run "
                         "writing it was killed?): left out\n"));
  assert_true(output_has("merged 2 games from 1 file\n"));
  free(orig);
}

int main(void) {
  if (t_cmd_begin("test_cli_inputs") != 0) return 1;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_import_keeps_other_files),
    cmocka_unit_test(test_import_odd_channels),
    cmocka_unit_test(test_hint_at_beyond_save),
    cmocka_unit_test(test_merge_numbers_in_range),
    cmocka_unit_test(test_merge_player_counts),
    cmocka_unit_test(test_merge_line_ends),
  };
  return t_cmd_end(cmocka_run_group_tests(tests, NULL, NULL));
}
