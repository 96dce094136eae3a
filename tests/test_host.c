/*
** test_host.c - the `arknova` command as a person or a script uses it:
** replays reproduce the saved game (log hash) and keep its rules plugins,
** a killed game resumes from its save file exactly, undo takes back one's
** own decision, scenario files pass and fail, `sim merge` adds up shards
** correctly and refuses shards played by other rules, `sim` counts each
** game's breaks and keeps a killed sweep's finished games, bad option
** values and bad save files (cut short, tampered, out of range) are
** refused; the terminal game as a player reads it: the map's bonus
** values, its ability and places, a move's events right after it, the
** summary's words for the score.  Runs build/arknova (next to this test
** binary).
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "support.h"

static char exe[4096], tmp[256];

/* Runs `arknova ARGS` with stdin from `input`, output into tmp/out;
** returns the exit status. */
static int run(const char *input, const char *fmt, ...) {
  char in[512];
  snprintf(in, sizeof in, "%s/in", tmp);
  FILE *f = fopen(in, "w");
  assert_non_null(f);
  fputs(input ? input : "", f);
  fclose(f);
  va_list ap;
  va_start(ap, fmt);
  int st = t_run_in(exe, tmp, in, fmt, ap);
  va_end(ap);
  return st;
}

/* The text of dir/name, in a buffer the next call reuses. */
static char *slurp_from(const char *dir, const char *name) { return t_slurp(dir, name); }

static char *slurp(const char *name) { return slurp_from(tmp, name); }

/* Takes out of text the first line that starts with `start` (not the first
** line of all). */
static void drop_line(char *text, const char *start) {
  char key[64];
  snprintf(key, sizeof key, "\n%s", start);
  char *line = strstr(text, key);
  assert_non_null(line);
  char *next = strchr(line + 1, '\n');
  if (next) memmove(line, next, strlen(next) + 1);
  else *line = '\0';
}

static int output_has(const char *needle) {
  const char *o = slurp("out");
  return o && strstr(o, needle) != NULL;
}

/* The answers and hash of a save file. */
typedef struct saved { int a[20000]; int n; unsigned long long hash; int seed, players; } saved;

static void read_save(const char *name, saved *s) {
  char *text = slurp(name);
  assert_non_null(text);
  memset(s, 0, sizeof *s);
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (!strncmp(line, "answers ", 8)) {
      char *p = line + 8, *end;
      for (long v = strtol(p, &end, 10); end != p; v = strtol(p, &end, 10)) {
        s->a[s->n++] = (int)v;
        p = end;
      }
    } else if (!strncmp(line, "hash ", 5)) {
      s->hash = strtoull(line + 5, NULL, 16);
    } else if (!strncmp(line, "seed ", 5)) {
      s->seed = atoi(line + 5);
    } else if (!strncmp(line, "players ", 8)) {
      s->players = atoi(line + 8);
    }
  }
}

/* Rebuilds a saved game in this process: seed + answers. */
static ark_game *rebuild(const saved *s) {
  ark_game *g = t_new_game(s->players, (uint64_t)s->seed, "A");
  char msg[256];
  for (int i = 0; i < s->n; i++) {
    assert_int_equal(ark_game_process(g), ARK_AWAITING);
    assert_int_equal(ark_game_answer(g, s->a[i], msg, sizeof msg), ARK_OK);
  }
  ark_game_process(g);
  return g;
}

static void test_replay_reproduces(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --ai random --seed 3 --save g.txt"), 0);
  assert_int_equal(run(NULL, "replay g.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  /* left early with q, or at the end of the input: no verdict on the file */
  assert_int_equal(run("\nq\n", "replay g.txt --step"), 0);
  assert_true(output_has("(stopped after decision 2 of "));
  assert_false(output_has("differs"));
  assert_int_equal(run(NULL, "replay g.txt --step"), 0);
  assert_true(output_has("(stopped after decision 1 of "));
  saved s;
  read_save("g.txt", &s);
  assert_true(s.n > 100);
  ark_game *g = rebuild(&s);
  assert_int_equal(ark_game_process(g), ARK_END);
  assert_true(ark_game_log_hash(g) == s.hash);
  ark_game_free(g);
  /* one answer changed: the replay is another game and says so */
  char *text = slurp("g.txt"), *p = strstr(text, "\nanswers ");
  assert_non_null(p);
  p[9] = p[9] == '0' ? '1' : '0';
  t_write_file(tmp, "g2.txt", text);
  assert_int_equal(run(NULL, "replay g2.txt --quiet"), 1);
  assert_true(output_has("differs") || output_has("does not fit") || output_has("not an option"));
  /* the state's hash is kept too (a display card taken is in no event) */
  text = slurp("g.txt");
  p = strstr(text, "\nstate ");
  assert_non_null(p);
  p[7] = p[7] == '0' ? '1' : '0';
  t_write_file(tmp, "g4.txt", text);
  assert_int_equal(run(NULL, "replay g4.txt --quiet"), 1);
  assert_true(output_has("the log matches the saved one, but the game state "));
  assert_int_equal(run(NULL, "hint g4.txt"), 1);
  assert_true(output_has("the log matches the saved one, but the game state "));
  /* hint gives no advice on a file whose answers do not give its hash */
  text = slurp("g.txt");
  p = strstr(text, "\nhash ");
  assert_non_null(p);
  p[6] = p[6] == '0' ? '1' : '0';
  t_write_file(tmp, "g3.txt", text);
  assert_int_equal(run(NULL, "hint g3.txt --at 5"), 1);
  assert_true(output_has("arknova hint: g3.txt: log hash "));
  /* the same save as one written before its game's log changed (no
  ** log-version line): not another game, but one that cannot be checked,
  ** said as such by replay, hint and resume, which go on */
  text = strdup(slurp("g3.txt"));
  char *line = strstr(text, "\nlog-version 2\n");
  assert_non_null(line);
  memmove(line, line + 14, strlen(line + 14) + 1);
  t_write_file(tmp, "old.txt", text);
  free(text);
  static const char *const note = "this save was written by an older arknova whose logs "
                                  "differ (log version 1; this one writes 2): its answers "
                                  "play, but what they give cannot be checked against it";
  assert_int_equal(run(NULL, "replay old.txt --quiet"), 0);
  assert_true(output_has(note));
  assert_int_equal(run(NULL, "hint old.txt --at 5"), 0);
  assert_true(output_has(note));
  assert_true(output_has("greedy would choose: "));
}

/* A fan map whose ability fails at the first break, after the break's
** discards, given by a relative path: the game shows the stop where it
** happened (the discards it undid are shown again after it), names it in
** the summary, and its save replays to the same log: the answers the
** dropped step took are in the save, and the stop's message names the
** file as the replay does. */
static void test_replay_stopped_script(void **st) {
  (void)st;
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "rm -rf %s/mi && cp -r %s/tests/hostile/map-income-error %s/mi", tmp,
           ARK_SOURCE_DIR, tmp);
  assert_int_equal(system(cmd), 0);
  assert_int_equal(run(NULL, "play --maps mi --map F9 --ai random --seed 1 --save ms.txt "
                             "--verbose"), 0);
  char *o = slurp("out");
  const char *stop = strstr(o, "] -- script of map Broken Garden stopped: ");
  assert_non_null(stop);
  /* Lua 5.4 and LuaJIT word the error apart; the file, line and field are the same */
  assert_non_null(strstr(stop, "mi/F9-broken-garden.lua:6: attempt to index "));
  assert_non_null(strstr(stop, "'extra'"));
  /* the break's discard before the stop is asked and shown again after it */
  const char *before = strstr(o, "Break: discard down to your hand limit");
  assert_true(before && before < stop);
  assert_non_null(strstr(stop, "Break: discard down to your hand limit"));
  assert_non_null(strstr(stop, "A script was stopped during this game"));
  assert_non_null(strstr(stop, "\n  script of map Broken Garden stopped: "));
  assert_int_equal(run(NULL, "replay ms.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
}

/* How many lines of out start (after the indent) with `seat` "draws "
** and name a card, and how many say only "a card". */
static void count_draws(const char *seat, int *named, int *unnamed) {
  const char *o = slurp("out");
  char pat[32];
  snprintf(pat, sizeof pat, "] %s draws ", seat);
  *named = *unnamed = 0;
  for (const char *q = strstr(o, pat); q; q = strstr(q + 1, pat)) {
    if (!strncmp(q + strlen(pat), "a card\n", 7)) (*unnamed)++;
    else (*named)++;
  }
}

/* replay --seat 2 names P2's draws and hides P1's; the whole replay names
** both, so the save file lost nothing. */
static void test_replay_for_one_seat(void **st) {
  (void)st;
  int named, unnamed;
  assert_int_equal(run(NULL, "play --ai random --seed 4 --save g.txt"), 0);
  assert_int_equal(run(NULL, "replay g.txt --seat 2"), 0);
  assert_true(output_has("as seat P2 saw it"));
  count_draws("P1", &named, &unnamed);
  assert_int_equal(named, 0);
  assert_true(unnamed >= 8);
  count_draws("P2", &named, &unnamed);
  assert_true(named >= 8);
  assert_int_equal(unnamed, 0);
  assert_int_equal(run(NULL, "replay g.txt"), 0);
  count_draws("P1", &named, &unnamed);
  assert_true(named >= 8);
  assert_int_equal(unnamed, 0);
  assert_int_equal(run(NULL, "replay g.txt --seat 3"), 2);
  assert_true(output_has("the game has 2 players"));
  /* a person's game not over: its replay is that person's view unless
  ** --all, and a hint at an AI's decision is refused unless --all (both
  ** had shown the AI's hand while the person played on) */
  assert_int_equal(run("1\n1\n1\n1\n1\nquit\n", "play --human 2 --save pview.txt"), 0);
  assert_int_equal(run(NULL, "replay pview.txt"), 0);
  assert_true(output_has("as seat P2 saw it (the person's seat of a game not over; --all shows "
                         "every seat)"));
  count_draws("P1", &named, &unnamed);
  assert_int_equal(named, 0);
  assert_true(unnamed >= 8);
  assert_int_equal(run(NULL, "replay pview.txt --all"), 0);
  count_draws("P1", &named, &unnamed);
  assert_true(named >= 8);
  assert_int_equal(run(NULL, "replay pview.txt --all --seat 1"), 2);
  assert_int_equal(run(NULL, "hint pview.txt --at 5"), 2);
  assert_true(output_has("arknova hint: decision #5 is P1's, and P2 is a person's seat in a game "
                         "not over: the options would show P1's cards (--all asks anyway)"));
  assert_int_equal(run(NULL, "hint pview.txt --at 5 --all"), 0);
  assert_true(output_has("decision #5: P1, Opening draft"));
  assert_int_equal(run(NULL, "hint pview.txt --at 1"), 0);
}

/* How often needle occurs in tmp/out. */
static int output_count(const char *needle) {
  int n = 0;
  for (const char *o = slurp("out"); o && (o = strstr(o, needle)); o++) n++;
  return n;
}

/* The opening draft's discards: each named once to the seat that made it
** (as its own, not "--") and, when the draft ends, to the other seat; never
** told to a seat as a hidden "discards a card" after it saw the card, nor
** twice in the whole game's replay. */
static void test_replay_draft_discards(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --ai random --seed 5 --save d.txt"), 0);
  for (int seat = 1; seat <= 2; seat++) {
    char own[64];
    assert_int_equal(run(NULL, "replay d.txt --seat %d", seat), 0);
    snprintf(own, sizeof own, "P%d discards a card", seat);
    assert_int_equal(output_count(own), 0);
    assert_int_equal(output_count("[t0] -- "), 0);
    /* the other seat's four: hidden while the draft runs, named at its end */
    snprintf(own, sizeof own, "P%d discards a card", 3 - seat);
    assert_int_equal(output_count(own), 4);
  }
  assert_int_equal(run(NULL, "replay d.txt"), 0);
  assert_int_equal(output_count("[t0] -- "), 0);
  assert_int_equal(output_count("discards a card"), 0);
  /* the draft's 8 discards once each: a seat's replay has 4 more lines
  ** (the other seat's, hidden while the draft runs) */
  int all = output_count(" discards ");
  assert_int_equal(run(NULL, "replay d.txt --seat 1"), 0);
  assert_int_equal(output_count(" discards "), all + 4);
}

static int mkdir_in_tmp(const char *name);

/* What check warns of in the content is said by play and sim too: a copied
** fan card whose number was not changed loaded silently as the card it
** copied, and --test-card of the file's number found no card. */
static void test_play_sim_say_content_warnings(void **st) {
  (void)st;
  assert_int_equal(mkdir_in_tmp("cw"), 0);
  t_write_file(tmp, "cw/1103-sand-cat.yaml", "number: 1101\nname: Copy Cat\ntype: animal\n"
               "description: \"A test.\"\ncost: 3\nsize: 1\nappeal: 2\n");
  static const char *const want = "cw/1103-sand-cat.yaml:1: warning: number 1101, but the "
                                  "file's name starts with 1103";
  assert_int_equal(run(NULL, "play --cards cw --ai random --turn-cap 4"), 0);
  assert_true(output_has(want));
  assert_int_equal(run(NULL, "sim --cards cw --ai random --turn-cap 4 --games 2 --no-cards"), 0);
  assert_true(output_has(want));
  assert_int_equal(run(NULL, "play --ai random --turn-cap 4"), 0);
  assert_false(output_has("warning"));
}

/* In the person's game the AI's draws read "P2 draws a card". */
static void test_human_sees_no_other_draws(void **st) {
  (void)st;
  char input[1024] = "";
  int named, unnamed;
  for (int i = 0; i < 150; i++) strcat(input, "1\n");
  strcat(input, "quit\n");
  assert_int_equal(run(input, "play --human 1 --seed 4 --save h.txt"), 0);
  count_draws("P2", &named, &unnamed);
  assert_int_equal(named, 0);
  assert_true(unnamed >= 5);
}

/* sim refuses seed ranges it cannot hold and merge refuses what sim did
** not write (binary garbage, a folder, no records, a start seat out of
** range that once read past its arrays), each with a message and exit 1
** or 2. */
static void test_sim_bad_input(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "sim --ai random --seeds 1..99999999999999999999"), 2);
  assert_true(output_has("--seeds expects A..B"));
  assert_int_equal(run(NULL, "sim --ai random --seeds -5..3"), 2);
  assert_int_equal(run(NULL, "sim --ai random --seeds 0..18446744073709551615"), 2);
  assert_true(output_has("more than 100000000 games"));
  char bin[64];
  for (int i = 0; i < 64; i++) bin[i] = (char)(i * 37 + 1);
  bin[63] = '\0';
  t_write_file(tmp, "garbage.jsonl", bin);
  assert_int_equal(run(NULL, "sim merge garbage.jsonl"), 1);
  assert_true(output_has("garbage.jsonl:1: not a game record"));
  assert_int_equal(run(NULL, "sim merge ."), 1);
  assert_true(output_has("is not a file of game records"));
  t_write_file(tmp, "none.jsonl", "");
  assert_int_equal(run(NULL, "sim merge none.jsonl"), 1);
  assert_true(output_has("no game records"));
  assert_int_equal(run(NULL, "sim --ai random --games 1 --out one.jsonl"), 0);
  char *rec = slurp("one.jsonl"), *at = strstr(rec, "\"start\":");
  assert_non_null(at);
  char bad[8192];
  snprintf(bad, sizeof bad, "%.*s\"start\":100000000%s", (int)(at - rec), rec, strchr(at + 8, ','));
  t_write_file(tmp, "far.jsonl", bad);
  assert_int_equal(run(NULL, "sim merge far.jsonl"), 1);
  assert_true(output_has("far.jsonl:1: not a game record"));
}

static int rename_in_tmp(const char *from, const char *to) {
  char a[512], b[512];
  snprintf(a, sizeof a, "%s/%s", tmp, from);
  snprintf(b, sizeof b, "%s/%s", tmp, to);
  return rename(a, b);
}

static int mkdir_in_tmp(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", tmp, name);
  return mkdir(path, 0755);
}

/* A fan sponsor whose script fails.  Where it fails only in the greedy's
** trials of moves (seed 7: tried, not chosen), the summary warns of it with
** the script's file, line and message, as sim does.  A trial plays on with
** the script off, as the game does once it stopped it, so the greedy may
** choose the card: then the game itself stops it (seed 2). */
static void test_play_warns_of_trial_failures(void **st) {
  (void)st;
  assert_int_equal(mkdir_in_tmp("rt"), 0);
  t_write_file(tmp, "rt/1050-broken-sponsor.yaml", "number: 1050\nname: Broken Sponsor\n"
               "type: sponsor\ndescription: \"A test.\"\nlevel: 1\n");
  t_write_file(tmp, "rt/1050-broken-sponsor.lua", "local card = {}\n\nfunction card.on_play(p, id)\n"
               "  local x = nil\n  gain(p, \"money\", x.y)\nend\n\nreturn card\n");
  assert_int_equal(run(NULL, "play --cards rt --seed 7"), 0);
  assert_false(output_has("A script was stopped during this game"));
  assert_true(output_has("Warning: a card or map script failed "));
  assert_true(output_has("each time in an AI's trial of a move, not in the game itself"));
  assert_true(output_has("\n  script of Broken Sponsor stopped: rt/1050-broken-sponsor.lua:5: "
                         "attempt to index "));
  assert_int_equal(run(NULL, "play --cards rt --seed 2"), 0);
  assert_true(output_has("A script was stopped during this game"));
  assert_true(output_has("\n  script of Broken Sponsor stopped: rt/1050-broken-sponsor.lua:5: "
                         "attempt to index "));
  /* a game where no AI tried the card says nothing of it */
  assert_int_equal(run(NULL, "play --cards rt --seed 1"), 0);
  assert_false(output_has("Warning: a card or map script failed"));
  assert_false(output_has("A script was stopped"));
}

/* A game played with a rules plugin keeps the plugin in its save file, so
** the replay plays by the same rules: with the break track of 12 spaces
** the breaks come sooner, and the printed 15 would replay another game.
** Folders are saved as absolute paths. */
static void test_replay_keeps_plugins(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --ai random --seed 5 --turn-cap 60 --plugin "
                             ARK_SOURCE_DIR "/bench/plugins/break-12 --save pl.txt"), 0);
  assert_non_null(strstr(slurp("pl.txt"), "\nplugin " ARK_SOURCE_DIR "/bench/plugins/break-12\n"));
  assert_int_equal(run(NULL, "replay pl.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  /* the same answers without the plugin are another game */
  char *text = slurp("pl.txt");
  drop_line(text, "plugin ");
  t_write_file(tmp, "pl2.txt", text);
  assert_int_equal(run(NULL, "replay pl2.txt --quiet"), 1);
  /* a folder given relative to where the game was played is saved as an
  ** absolute path, so the save also resumes and replays from elsewhere */
  assert_int_equal(mkdir_in_tmp("fan"), 0);
  t_write_file(tmp, "fan/1001-hog.yaml",
               "number: 1001\nname: Hog\ntype: animal\ndescription: \"A test animal.\"\n"
               "cost: 6\nsize: 1\nicons: [africa]\nappeal: 2\n");
  assert_int_equal(run(NULL, "play --ai random --seed 5 --turn-cap 20 --cards fan --save rel.txt"), 0);
  char want[PATH_MAX + 16], real[PATH_MAX];
  assert_non_null(realpath(tmp, real));
  snprintf(want, sizeof want, "\ncards %s/fan\n", real);
  assert_non_null(strstr(slurp("rel.txt"), want));
}

/* A person's game killed mid-game (SIGKILL) resumes from its save file at
** the same state, and goes on from there. */
/* An AI game played with --save writes its save while it plays (at most
** once a second), not only at its end: a slow search game killed halfway
** leaves a save of the game so far that replays to its hash. */
static void test_ai_game_saved_while_playing(void **st) {
  (void)st;
  char path[512];
  snprintf(path, sizeof path, "%s/ai.txt", tmp);
  remove(path);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int null = open("/dev/null", 1);
    dup2(null, 1);
    dup2(null, 2);
    execl(exe, exe, "play", "--seed", "9", "--ai", "mcts", "--mcts-iters", "400", "--save", path,
          (char *)NULL);
    _exit(127);
  }
  for (int tries = 0; tries < 300 && !slurp("ai.txt"); tries++) {
    struct timespec ts = { 0, 50000000 };
    nanosleep(&ts, NULL);
  }
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  assert_non_null(slurp("ai.txt"));
  assert_int_equal(run(NULL, "replay ai.txt --quiet"), 0);
  assert_true(output_has("(the saved game goes on from here)\n"));
  assert_true(output_has("matches the saved game"));
}

/* A save names a game of the checkout's games/ by its name, not by the
** path the checkout has today (it would break when the checkout moves):
** Ares Expedition by "game ares-expedition", Ark Nova by no data line. */
static void test_save_names_own_games(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --game ares-expedition --save ae.txt"), 0);
  assert_non_null(strstr(slurp("ae.txt"), "\ngame ares-expedition\n"));
  assert_int_equal(run(NULL, "replay ae.txt --quiet"), 0);
  assert_int_equal(run(NULL, "play --game arknova --ai random --turn-cap 10 --save ak.txt"), 0);
  assert_null(strstr(slurp("ak.txt"), "\ndata "));
  assert_int_equal(run(NULL, "replay ak.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
}

/* A plugin given by a bare name is the game's plugins/ folder of that name
** first, even where a folder of that name lies in the working folder;
** a bare name found only there is the local folder, which a save keeps by
** its absolute path; a name found nowhere names both places. */
static void test_plugin_names(void **st) {
  (void)st;
  assert_int_equal(mkdir_in_tmp("hundred-points"), 0);
  t_write_file(tmp, "hundred-points/plugin.yaml", "name: hundred-points\nversion: \"9\"\n"
               "description: \"a local folder of a shipped plugin's name\"\n"
               "rules:\n  start_money: 77\n");
  assert_int_equal(run(NULL, "play --plugin hundred-points --ai random --turn-cap 4 --save sh.txt"),
                   0);
  assert_true(output_has("score = 100 + appeal - CP at (these rules)"));
  assert_non_null(strstr(slurp("sh.txt"), "\nplugin hundred-points\n"));
  assert_int_equal(mkdir_in_tmp("rich77"), 0);
  t_write_file(tmp, "rich77/plugin.yaml", "name: rich77\nversion: \"1\"\n"
               "description: \"local\"\nrules:\n  start_money: 77\n");
  assert_int_equal(run(NULL, "play --plugin rich77 --ai random --turn-cap 4 --save r77.txt"), 0);
  char want[600];
  snprintf(want, sizeof want, "\nplugin %s/rich77\n", tmp);
  assert_non_null(strstr(slurp("r77.txt"), want));
  assert_int_equal(run(NULL, "play --plugin nothere"), 1);
  assert_true(output_has("nothere: no plugin of that name: neither "));
}

static void test_resume_after_kill(void **st) {
  (void)st;
  char path[512], cmd[8192];
  snprintf(path, sizeof path, "%s/h.txt", tmp);
  remove(path);
  int fd[2];
  assert_int_equal(pipe(fd), 0);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fd[0], 0);
    close(fd[1]);
    int null = open("/dev/null", 1);
    dup2(null, 1);
    snprintf(cmd, sizeof cmd, "%s", path);
    execl(exe, exe, "play", "--human", "1", "--ai", "random", "--seed", "4", "--save", path,
          (char *)NULL);
    _exit(127);
  }
  close(fd[0]);
  /* four decisions of the person (the draft discards), then the kill
  ** while the game waits for the fifth */
  if (write(fd[1], "1\n1\n1\n1\n", 8) != 8) fail_msg("write");
  saved s;
  for (int tries = 0; tries < 200; tries++) {
    struct timespec ts = { 0, 50000000 };
    nanosleep(&ts, NULL);
    if (slurp("h.txt")) {
      read_save("h.txt", &s);
      if (s.n >= 8) break;
    }
  }
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  close(fd[1]);
  read_save("h.txt", &s);
  assert_true(s.n >= 8);      /* both players' draft discards */
  ark_game *g = rebuild(&s);
  assert_true(ark_game_log_hash(g) == s.hash);
  assert_non_null(ark_game_decision(g));   /* mid-game */
  /* resume: one more decision, then stdin ends (saved, exit 0) */
  assert_int_equal(run("1\n", "play --resume h.txt"), 0);
  assert_true(output_has("Resumed"));
  saved s2;
  read_save("h.txt", &s2);
  assert_true(s2.n > s.n);
  assert_memory_equal(s2.a, s.a, sizeof s.a[0] * (size_t)s.n);
  /* the AI may have been killed mid-turn: it plays on first; the person's
  ** next decision got the "1" typed, i.e. option index 0 */
  ark_game *g3 = rebuild(&s);
  char msg[256];
  for (int i = s.n; i < s2.n; i++) {
    assert_int_equal(ark_game_process(g3), ARK_AWAITING);
    if (ark_game_decision(g3)->player == 0) {
      assert_int_equal(s2.a[i], 0);
      break;
    }
    assert_int_equal(ark_game_answer(g3, s2.a[i], msg, sizeof msg), ARK_OK);
  }
  ark_game_free(g3);
  ark_game *g2 = rebuild(&s2);
  assert_true(ark_game_log_hash(g2) == s2.hash);
  ark_game_free(g2);
  ark_game_free(g);
}

/* The size of tmp/name in bytes, -1 if it is missing. */
static long file_size(const char *name) {
  char path[512];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", tmp, name);
  return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* Writes text with line `start...` replaced by `with` into tmp/name. */
static void write_changed(const char *name, const char *text, const char *start, const char *with) {
  static char buf[1 << 16];
  const char *at = strstr(text, start);
  assert_non_null(at);
  const char *eol = strchr(at, '\n');
  assert_non_null(eol);
  snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - text), text, with, eol);
  t_write_file(tmp, name, buf);
}

/* A resume of `name` that must be refused: exit 1, the message, no game
** played, and the file left byte for byte as it was. */
static void refused_resume(const char *name, const char *message) {
  static char before[1 << 16];
  const char *t = slurp(name);
  assert_non_null(t);
  assert_true(strlen(t) < sizeof before);
  memcpy(before, t, strlen(t) + 1);
  int rc = run("1\nquit\n", "play --resume %s", name);
  if (rc != 1 || !output_has(message) || output_has("Resumed"))
    fail_msg("%s: exit %d, expected 1 and '%s'; got:\n%s", name, rc, message, slurp("out"));
  assert_string_equal(slurp(name), before);
}

/* Bad save files are refused with a message and never rewritten: numbers
** out of range (an answer of 20 digits once read as -1), a seat the game
** does not have, a file cut short anywhere (it once resumed at an earlier
** decision), a file whose answers do not give its hash (it was once
** resumed and saved again with a fresh hash), an answer that does not fit
** (a leak under ASan). */
static void test_bad_saves(void **st) {
  (void)st;
  static char good[1 << 16];
  assert_int_equal(run("1\n1\n1\n1\nquit\n", "play --human 1 --ai random --seed 4 --save b.txt"), 0);
  assert_true(strlen(slurp("b.txt")) < sizeof good);
  memcpy(good, slurp("b.txt"), strlen(slurp("b.txt")) + 1);
  assert_non_null(strstr(good, "\nhash "));
  assert_true(strlen(good) > 100 && !strcmp(good + strlen(good) - 4, "end\n"));
  assert_int_equal(run("quit\n", "play --resume b.txt"), 0);
  assert_true(output_has("Resumed"));

  write_changed("o.txt", good, "answers ", "answers 99999999999999999999 0 1");
  refused_resume("o.txt", "o.txt:14: bad answer '99999999999999999999'");
  write_changed("o.txt", good, "answers ", "answers -1");
  refused_resume("o.txt", "bad answer '-1'");
  write_changed("o.txt", good, "seed ", "seed 18446744073709551616");
  refused_resume("o.txt", "bad value '18446744073709551616' for seed");
  write_changed("o.txt", good, "seed ", "seed -4");
  refused_resume("o.txt", "bad value '-4' for seed");
  write_changed("o.txt", good, "players ", "players 2x");
  refused_resume("o.txt", "bad value '2x' for players");
  write_changed("o.txt", good, "human ", "human 5");
  refused_resume("o.txt", "bad value '5' for human");
  write_changed("o.txt", good, "human ", "human 3");
  refused_resume("o.txt", "human 3, but the game has 2 players");
  write_changed("o.txt", good, "ai P2", "ai P3 greedy");
  refused_resume("o.txt", "an ai line for a seat the 2-player game does not have");
  write_changed("o.txt", good, "human ", "human 2");
  refused_resume("o.txt", "ai P1 human, but the person plays another seat");
  write_changed("o.txt", good, "map ", "map A\nplayers 3");
  refused_resume("o.txt", "a second players line");
  write_changed("o.txt", good, "end", "end\nanswers 1");
  refused_resume("o.txt", "a line after the end line");

  /* cut short after any byte: refused, whatever the line it ends in (only
  ** the final newline may go: "end" is all there) */
  for (size_t len = 0; len + 1 < strlen(good); len++) {
    char name[32];
    char path[512];
    snprintf(name, sizeof name, "cut%zu.txt", len);
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(good, 1, len, f);
    fclose(f);
    int rc = run("1\nquit\n", "play --resume %s", name);
    if (rc != 1 || output_has("Resumed"))
      fail_msg("a save cut after %zu of %zu bytes: exit %d:\n%s", len, strlen(good), rc, slurp("out"));
    assert_int_equal(file_size(name), (long)len);
  }
  assert_true(output_has("cut short"));
  /* a NUL block where the disk lost the end */
  t_write_file(tmp, "nul.txt", good);
  {
    char path[512];
    snprintf(path, sizeof path, "%s/nul.txt", tmp);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, -12, SEEK_END);
    fwrite("\0\0\0\0\0\0\0\0\0\0\0\0", 1, 12, f);
    fclose(f);
  }
  assert_int_equal(run("quit\n", "play --resume nul.txt"), 1);
  assert_true(output_has("NUL byte"));

  /* complete files whose answers do not give their hash */
  char answers[512];
  const char *a = strstr(good, "\nanswers ") + 1;
  snprintf(answers, sizeof answers, "%.*s", (int)(strchr(a, '\n') - a), a);
  *strrchr(answers, ' ') = '\0';                  /* the last answer dropped */
  write_changed("h.txt", good, "answers ", answers);
  refused_resume("h.txt", "differs from the saved");
  const char *h = strstr(good, "\nhash ") + 6;
  char hash[64];
  snprintf(hash, sizeof hash, "hash %c%.15s", *h == '0' ? '1' : '0', h + 1);
  write_changed("h.txt", good, "hash ", hash);
  refused_resume("h.txt", "not the saved");
  write_changed("h.txt", good, "finished ", "finished 1");
  refused_resume("h.txt", "the file says the game is over");
  /* an answer that is not an option (this path leaked 4 KiB) */
  write_changed("h.txt", good, "answers ", "answers 0 0 99");
  refused_resume("h.txt", "arknova play: h.txt: answer 3 of 3 is 99, which is not an option "
                 "of 'Opening draft: discard a card (keep 4)' (its options are 0 to 5)");
  /* replay and hint name the file and the answer alike */
  assert_int_equal(run(NULL, "replay h.txt --quiet"), 1);
  assert_true(output_has("arknova replay: h.txt: answer 3 of 3 is 99, which is not an option "
                         "of 'Opening draft"));
  assert_int_equal(run(NULL, "hint h.txt"), 1);
  assert_true(output_has("arknova hint: h.txt: answer 3 of 3 is 99, which is not an option "
                         "of 'Opening draft"));

  /* a save that cannot be written stops the command before a game begins
  ** (a person's game had played on, claiming at the end to be saved) */
  assert_int_equal(run("quit\n", "play --human 1 --save no/such/dir/h.txt"), 2);
  assert_true(output_has("cannot write the save no/such/dir/h.txt"));
  assert_false(output_has("is saved in"));
  assert_int_equal(run(NULL, "play --ai random --turn-cap 4 --save no/such/dir/a.txt"), 2);
  assert_true(output_has("cannot write the save no/such/dir/a.txt"));

  /* a file of the user's named as the save's temporary file is left as
  ** it was (it had been written over and renamed away) */
  t_write_file(tmp, "t.txt.tmp", "my notes\n");
  assert_int_equal(run(NULL, "play --ai random --turn-cap 4 --save t.txt"), 0);
  assert_string_equal(slurp("t.txt.tmp"), "my notes\n");
  assert_int_equal(strncmp(slurp("t.txt"), "arknova-save ", 13), 0);
  assert_int_equal(access("t.txt.tmp1", F_OK), -1);      /* the one written through: gone */
  /* a save path that is a FIFO is refused, not read (the read had blocked) */
  char fifo[600];
  snprintf(fifo, sizeof fifo, "%s/pipe", tmp);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  assert_int_equal(run(NULL, "play --ai random --turn-cap 4 --save pipe"), 2);
  assert_true(output_has("pipe exists and is not a regular file: not overwriting it"));
  /* a save of a newer format says so */
  t_write_file(tmp, "v9.txt", "arknova-save 9\nplayers 2\n");
  assert_int_equal(run(NULL, "replay v9.txt"), 1);
  assert_true(output_has("v9.txt:1: a save of format 9, which a newer arknova writes"));
  /* a folder is no save; a map the game has not is a usage error in play as in sim */
  assert_int_equal(run(NULL, "replay ."), 1);
  assert_true(output_has("arknova replay: . is a folder, not a save file"));
  assert_int_equal(run(NULL, "play --map zz"), 2);
  assert_true(output_has("unknown map 'zz'"));
  /* a fan map's id without its folder: the option that brings it is named */
  assert_int_equal(run(NULL, "play --map F1"), 2);
  assert_string_equal(slurp("out"), "arknova: unknown map 'F1' (known: advanced 0 1 1a 2 2a 3 3a "
                      "4 4a 5 5a 6 6a 7 7a 8 8a A; a fan map needs its folder: --maps DIR, or "
                      "maps: in a scenario)\n");
  assert_int_equal(run(NULL, "play --map F1 --maps %s/examples/fan-map --ai random "
                       "--turn-cap 4", ARK_SOURCE_DIR), 0);
  assert_false(output_has("note: the fan maps"));
  /* fan maps loaded without --map naming one: play and sim say that the game
  ** is played on a printed map (it was map A with no word) */
  assert_int_equal(run(NULL, "play --maps %s/examples/fan-map --ai random --turn-cap 4",
                       ARK_SOURCE_DIR), 0);
  assert_true(output_has("arknova play: note: the fan maps of --maps are loaded, but the game "
                         "is played on map A: --map ID plays one"));
  assert_int_equal(run(NULL, "sim --maps %s/examples/fan-map --map 3a --ai random --turn-cap 4 "
                       "--games 2", ARK_SOURCE_DIR), 0);
  assert_true(output_has("arknova sim: note: the fan maps of --maps are loaded, but the game "
                         "is played on map 3a"));

  /* another file is never taken for a save to overwrite */
  t_write_file(tmp, "notes.txt", "my notes\n");
  assert_int_equal(run("quit\n", "play --human 1 --save notes.txt"), 2);
  assert_true(output_has("notes.txt exists and is not an arknova save file"));
  assert_string_equal(slurp("notes.txt"), "my notes\n");
  assert_int_equal(run(NULL, "play --ai random --turn-cap 4 --save notes.txt"), 2);
  assert_string_equal(slurp("notes.txt"), "my notes\n");
  assert_int_equal(run("quit\n", "play --resume b.txt --save notes.txt"), 2);
  assert_string_equal(slurp("notes.txt"), "my notes\n");
}

/* A new game never takes the place of a saved game that is not over (the
** default file of --human was written over by the next `play --human`,
** its game lost): play refuses with exit 2, says how to go on with it and
** how to start anew, and leaves the file as it was; --overwrite replaces
** it; a save of a finished game is replaced with a note.  The same for an
** AI game's --save, a resumed game saved to another file, and a game in
** Lua. */
static void test_new_game_keeps_unfinished_save(void **st) {
  (void)st;
  static char before[1 << 16];
  char path[600];
  snprintf(path, sizeof path, "%s/arknova-game.txt", tmp);
  remove(path);
  assert_int_equal(run("1\n1\n1\n1\n3\nquit\n", "play --human 1"), 0);
  snprintf(before, sizeof before, "%s", slurp("arknova-game.txt"));
  assert_non_null(strstr(before, "\nfinished 0\n"));
  assert_int_equal(run("quit\n", "play --human 1"), 2);
  assert_true(output_has("arknova play: arknova-game.txt holds a game that is not over "
                         "(16 decisions so far): saving this game there would lose it, so "
                         "nothing was played.\n"
                         "  to go on with that game:  arknova play --resume arknova-game.txt\n"
                         "  to keep both games:       give this one another file "
                         "(--save NEW-FILE)\n"
                         "  to replace that game:     add --overwrite\n"));
  assert_false(output_has("You are P1"));
  assert_string_equal(slurp("arknova-game.txt"), before);
  /* the same file named by --save, by a person's game and an AI game */
  assert_int_equal(run("quit\n", "play --human 2 --seed 8 --save arknova-game.txt"), 2);
  assert_int_equal(run(NULL, "play --ai random --seed 8 --save arknova-game.txt"), 2);
  assert_true(output_has("holds a game that is not over"));
  assert_string_equal(slurp("arknova-game.txt"), before);
  /* a resumed game saved to another file must not lose the game there;
  ** into its own file it goes on */
  assert_int_equal(run("1\nquit\n", "play --human 1 --seed 5 --save other.txt"), 0);
  assert_int_equal(run("quit\n", "play --resume other.txt --save arknova-game.txt"), 2);
  assert_string_equal(slurp("arknova-game.txt"), before);
  assert_int_equal(run("quit\n", "play --resume arknova-game.txt --save arknova-game.txt"), 0);
  assert_true(output_has("Resumed arknova-game.txt at decision 17."));
  assert_true(output_has("The game is saved in arknova-game.txt"));
  /* a save that cannot tell whether its game is over (cut short) is kept too */
  t_write_file(tmp, "cut.txt", "arknova-save 2\nplayers 2\nseed 3\nanswers 0 1\n");
  assert_int_equal(run(NULL, "play --ai random --save cut.txt"), 2);
  assert_true(output_has("cut.txt holds a save that is cut short or of an older arknova, so "
                         "whether its game is over cannot be told"));
  assert_string_equal(slurp("cut.txt"), "arknova-save 2\nplayers 2\nseed 3\nanswers 0 1\n");
  /* --overwrite replaces it, saying nothing more */
  assert_int_equal(run("quit\n", "play --human 1 --seed 9 --overwrite"), 0);
  assert_false(output_has("note:"));
  assert_non_null(strstr(slurp("arknova-game.txt"), "\nseed 9\n"));
  assert_int_equal(run(NULL, "play --ai random --turn-cap 4 --save cut.txt --overwrite"), 0);
  /* a finished game's save is replaced, with a note */
  assert_int_equal(run(NULL, "play --ai random --seed 2 --save done.txt"), 0);
  assert_non_null(strstr(slurp("done.txt"), "\nfinished 1\n"));
  assert_int_equal(run("quit\n", "play --human 1 --seed 3 --save done.txt"), 0);
  assert_true(output_has("arknova play: note: done.txt held a finished game; this game is "
                         "saved in its place\n"));
  assert_non_null(strstr(slurp("done.txt"), "\nseed 3\n"));
  /* a game in Lua, by a person or the AIs, keeps the same rule */
  assert_int_equal(run("1\nquit\n", "play --game ares-expedition --human 1 --save ae.txt"), 0);
  snprintf(before, sizeof before, "%s", slurp("ae.txt"));
  assert_int_equal(run("quit\n", "play --game ares-expedition --human 1 --save ae.txt"), 2);
  assert_int_equal(run(NULL, "play --game ares-expedition --save ae.txt"), 2);
  assert_true(output_has("ae.txt holds a game that is not over"));
  assert_string_equal(slurp("ae.txt"), before);
  assert_int_equal(run(NULL, "play --game ares-expedition --save ae.txt --overwrite"), 0);
  assert_int_equal(run(NULL, "play --game ares-expedition --seed 2 --save ae.txt"), 0);
  assert_true(output_has("note: ae.txt held a finished game"));
}

/* Writes tmp/dir/name with every `from` in the text of ARK_SOURCE_DIR's
** examples/fan-cards/name made `to`. */
static void fan_card(const char *dir, const char *name, const char *from, const char *to) {
  static char text[8192], out[8192];
  char src[600];
  snprintf(src, sizeof src, "%s/examples/fan-cards", ARK_SOURCE_DIR);
  snprintf(text, sizeof text, "%s", t_slurp(src, name));
  char *at = from ? strstr(text, from) : NULL;
  if (from) assert_non_null(at);
  if (at) snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  else snprintf(out, sizeof out, "%s", text);
  char file[600];
  snprintf(file, sizeof file, "%s/%s", dir, name);
  t_write_file(tmp, file, out);
}

/* An Ark Nova save keeps a fingerprint of each folder it was played with
** (fingerprint lines): a save whose fan cards were edited since says so
** first, as a warning, and in the error where its answers no longer fit
** (it had failed with a bare 'answer 476 of 544 is 4, which is not an
** option'); where they fit but give another game, that is a note (exit
** 0), as for a game of an older log version.  Ark Nova's own cards and
** maps are fingerprinted too, but named only when a save fails.  Saves
** without the lines still load. */
static void test_save_notices_changed_content(void **st) {
  (void)st;
  char real[PATH_MAX], want[PATH_MAX + 200];
  assert_non_null(realpath(tmp, real));
  assert_int_equal(mkdir_in_tmp("hog"), 0);
  fan_card("hog", "1001-desert-hedgehog.yaml", NULL, NULL);
  fan_card("hog", "1001-desert-hedgehog.lua", NULL, NULL);
  assert_int_equal(run(NULL, "play --cards hog --ai random --seed 4 --save hog4.txt"), 0);
  assert_int_equal(run(NULL, "play --cards hog --ai random --seed 6 --save hog6.txt"), 0);
  const char *text = slurp("hog4.txt");
  snprintf(want, sizeof want, "\nfingerprint cards ");
  assert_non_null(strstr(text, want));
  assert_non_null(strstr(text, "\nfingerprint data "));
  assert_int_equal(run(NULL, "replay hog4.txt --quiet"), 0);
  assert_false(output_has("changed"));
  /* a larger hedgehog: seed 4's answers no longer fit */
  fan_card("hog", "1001-desert-hedgehog.yaml", "size: 1", "size: 4");
  assert_int_equal(run(NULL, "replay hog4.txt --quiet"), 1);
  snprintf(want, sizeof want, "arknova replay: warning: hog4.txt: the cards in %s/hog have "
           "changed since this save was written, so its answers may no longer give the game "
           "that was played\n", real);
  assert_true(output_has(want));
  snprintf(want, sizeof want, "arknova replay: hog4.txt: the cards in %s/hog have changed "
           "since this save was written: answer 476 of 544 is 4, which is not an option of "
           "'Play another animal?'", real);
  assert_true(output_has(want));
  assert_int_equal(run(NULL, "hint hog4.txt"), 1);
  assert_true(output_has("arknova hint: warning: hog4.txt: the cards in "));
  snprintf(want, sizeof want, "arknova hint: hog4.txt: the cards in %s/hog have changed since "
           "this save was written: answer 476", real);
  assert_true(output_has(want));
  /* a richer hedgehog: seed 6's answers fit, but give another game */
  fan_card("hog", "1001-desert-hedgehog.yaml", NULL, NULL);
  fan_card("hog", "1001-desert-hedgehog.lua", "math.min(africa, 4)", "math.min(africa, 4) + 5");
  assert_int_equal(run(NULL, "replay hog6.txt --quiet"), 0);
  snprintf(want, sizeof want, "note: the cards in %s/hog have changed since this save was "
           "written: its answers play, but what they give cannot be checked against it", real);
  assert_true(output_has(want));
  /* any file of the folder counts; a game that still replays is only warned of */
  fan_card("hog", "1001-desert-hedgehog.lua", NULL, NULL);
  t_write_file(tmp, "hog/notes.txt", "ideas\n");
  assert_int_equal(run(NULL, "replay hog4.txt --quiet"), 0);
  assert_true(output_has("warning: hog4.txt: the cards in "));
  assert_true(output_has("matches the saved game"));
  remove(strcat(strcpy(want, tmp), "/hog/notes.txt"));
  assert_int_equal(run(NULL, "replay hog4.txt --quiet"), 0);
  assert_false(output_has("warning"));
  /* a person's game resumed: the warning comes first */
  assert_int_equal(run("1\n1\nquit\n", "play --human 1 --cards hog --seed 4 --save hp.txt"), 0);
  fan_card("hog", "1001-desert-hedgehog.yaml", "size: 1", "size: 2");
  assert_int_equal(run("quit\n", "play --resume hp.txt"), 0);
  snprintf(want, sizeof want, "arknova play: warning: hp.txt: the cards in %s/hog have changed",
           real);
  assert_true(output_has(want));
  assert_true(output_has("Resumed hp.txt at decision 7."));
  fan_card("hog", "1001-desert-hedgehog.yaml", NULL, NULL);
  /* a plugin and a map folder are named as such */
  assert_int_equal(mkdir_in_tmp("rich9"), 0);
  t_write_file(tmp, "rich9/plugin.yaml", "name: rich9\nversion: \"1\"\n"
               "description: \"local\"\nrules:\n  start_money: 29\n");
  assert_int_equal(run(NULL, "play --plugin ./rich9 --ai random --seed 4 --save r9.txt"), 0);
  t_write_file(tmp, "rich9/plugin.yaml", "name: rich9\nversion: \"1\"\n"
               "description: \"local\"\nrules:\n  start_money: 30\n");
  assert_int_equal(run(NULL, "replay r9.txt --quiet"), 1);
  snprintf(want, sizeof want, "warning: r9.txt: the plugin %s/rich9 has changed since this save "
           "was written", real);
  assert_true(output_has(want));
  snprintf(want, sizeof want, "arknova replay: r9.txt: the plugin %s/rich9 has changed since "
           "this save was written: answer ", real);
  assert_true(output_has(want));
  /* Ark Nova's own cards and maps, which every new arknova may change:
  ** no warning (here the file says they differ), but a failure names them */
  char *copy = strdup(slurp("hog4.txt"));
  char *fp = strstr(copy, "\nfingerprint data ") + 18;
  fp[0] = fp[0] == '0' ? '1' : '0';
  t_write_file(tmp, "own.txt", copy);
  assert_int_equal(run(NULL, "replay own.txt --quiet"), 0);
  assert_false(output_has("warning"));
  assert_true(output_has("matches the saved game"));
  write_changed("own2.txt", copy, "answers ", "answers 0 0 99");
  assert_int_equal(run(NULL, "replay own2.txt --quiet"), 1);
  snprintf(want, sizeof want, "arknova replay: own2.txt: Ark Nova's own cards and maps (%s) "
           "have changed since this save was written: answer 3 of ", ARK_GAME_DIR);
  assert_true(output_has(want));
  /* a save written before the fingerprints loads and replays as before */
  free(copy);
  copy = strdup(slurp("hog4.txt"));
  drop_line(copy, "fingerprint data ");
  drop_line(copy, "fingerprint cards ");
  t_write_file(tmp, "old.txt", copy);
  assert_int_equal(run(NULL, "replay old.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  /* bad lines are refused */
  free(copy);
  copy = strdup(slurp("hog4.txt"));
  write_changed("bad.txt", copy, "fingerprint cards ", "fingerprint cards 12 /x");
  assert_int_equal(run(NULL, "replay bad.txt"), 1);
  assert_true(output_has("bad.txt:8: bad fingerprint line"));
  write_changed("bad.txt", copy, "fingerprint cards ", "fingerprint maps 0123456789abcdef /x");
  assert_int_equal(run(NULL, "replay bad.txt"), 1);
  assert_true(output_has("bad.txt: a fingerprint of maps /x, which no maps line names"));
  free(copy);
}

static void test_undo(void **st) {
  (void)st;
  saved before, one, undone;
  assert_int_equal(run("", "play --human 2 --ai greedy --seed 6 --save u.txt"), 0);
  read_save("u.txt", &before);
  assert_int_equal(run("2\n", "play --human 2 --ai greedy --seed 6 --save u.txt --overwrite"), 0);
  read_save("u.txt", &one);
  assert_int_equal(one.n, before.n + 1);
  assert_int_equal(one.a[before.n], 1);
  assert_int_equal(run("2\nundo\n", "play --human 2 --ai greedy --seed 6 --save u.txt --overwrite"), 0);
  assert_true(output_has("Undone"));
  read_save("u.txt", &undone);
  assert_int_equal(undone.n, before.n);
  assert_memory_equal(undone.a, before.a, sizeof before.a[0] * (size_t)before.n);
  assert_true(undone.hash == before.hash);
  /* nothing of one's own to undo yet */
  assert_int_equal(run("undo\n", "play --human 2 --ai greedy --seed 6 --save u.txt --overwrite"), 0);
  assert_true(output_has("Nothing of yours to undo"));
}

/* A person sees their own two final scoring cards, with their words, in
** the board and the hand (seed 3 deals P1 Research Zoo and Climbing
** Park), and never another seat's. */
static void test_own_scoring_cards(void **st) {
  (void)st;
  assert_int_equal(run("1\n1\n1\n1\nhand\nquit\n", "play --human 1 --seed 3 --save sc.txt"), 0);
  assert_true(output_has("Final scoring cards (yours alone):\n    Research Zoo (3) [scoring] - "
                         "Final scoring: CP by the number of research icons in your zoo. (now 0 CP)\n"
                         "    Climbing Park (10) [scoring]"));
  assert_int_equal(output_count("Final scoring cards (yours alone)"), 2);   /* board, hand */
  assert_int_equal(output_count("[scoring]"), 4);
  assert_int_equal(run("1\n1\n1\n1\nhand\nquit\n", "play --human 2 --seed 3 --save sc2.txt"), 0);
  assert_true(output_has("Final scoring cards (yours alone)"));
  assert_false(output_has("Research Zoo"));
  assert_false(output_has("Climbing Park"));
}

/* A resumed game is the one in its file: an option that would set its
** seat, seed, players, map (or any other game option) is refused with
** exit 2 and the file is left alone; the seat it was saved with is taken. */
static void test_resume_refuses_options(void **st) {
  (void)st;
  assert_int_equal(run("1\nquit\n", "play --human 1 --seed 3 --save r3.txt"), 0);
  char before[8192];
  snprintf(before, sizeof before, "%s", slurp("r3.txt"));
  static const char *const opts[] = { "--players 4", "--seed 99", "--map 3", "--ai random" };
  for (int i = 0; i < 4; i++) {
    assert_int_equal(run("quit\n", "play --resume r3.txt %s", opts[i]), 2);
    char name[16];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(opts[i], " "), opts[i]);
    assert_true(output_has(name));
    assert_true(output_has("the save decides it"));
  }
  assert_int_equal(run("quit\n", "play --resume r3.txt --human 2"), 2);
  assert_true(output_has("P1's game; the save decides the seat"));
  assert_string_equal(slurp("r3.txt"), before);
  assert_int_equal(run("quit\n", "play --resume r3.txt --human 1"), 0);
  assert_true(output_has("You are P1."));
}

/* The board tells what the rules make public: the association board
** (seed 3's base projects with their blocked levels, partner zoos,
** universities, bonus tiles, donations), each seat's icons, partner zoos
** and universities, the other seats' zoo cards, and another seat's map on
** asking (`map P2`).  The display dealt face down before the draft is not
** shown until the draft turns it. */
/* Advanced mode: a seat choosing its map sees both maps dealt to it and
** no stand-in as its own (the board had shown map 1, Observation Tower, as
** P2's while it chose between maps 6 and 3). */
static void test_board_maps_dealt(void **st) {
  (void)st;
  assert_int_equal(run("board\nquit\n", "play --human 2 --players 3 --map advanced --seed 5 "
                       "--save adv.txt"), 0);
  assert_true(output_has("  P2 has not kept a zoo map yet.\n  Option 1, dealt to you:\n"
                         "  Zoo map Research Institute of P2 "));
  assert_true(output_has("  Option 2, dealt to you:\n  Zoo map Silver Lake of P2 "));
  assert_false(output_has("Zoo map Observation Tower of P2"));
}

static void test_board_public_parts(void **st) {
  (void)st;
  assert_int_equal(run("board\n1\n1\n1\n1\nmap P2\nquit\n", "play --human 1 --seed 3 "
                       "--save bp.txt"), 0);
  assert_int_equal(output_count("(face down)"), 6);
  /* every seed: the seat knows no display card before the draft's end (two
  ** guessed deals that agreed on a card had shown it, falsely, face up) */
  for (int seed = 1; seed <= 8; seed++) {
    assert_int_equal(run("board\nquit\n", "play --human 1 --seed %d --save bd.txt --overwrite", seed), 0);
    assert_int_equal(output_count("(face down)"), 6);
  }
  assert_int_equal(run("board\n1\n1\n1\n1\nmap P2\nquit\n", "play --human 1 --seed 3 "
                       "--save bp.txt --overwrite"), 0);
  assert_true(output_has("  Association board:\n  project Africa (103): level 1 (5, 5 CP) "
                         "blocked, level 2 (4, 3 CP) free,\n"));
  assert_true(output_has("  partner zoos to take: africa americas asia australia europe; "
                         "universities:\n  research reputation library; bonus tiles: money at "
                         "CP 5, xtokens at CP 5,\n  university at CP 8, reputation at CP 8; "
                         "donations made: 0\n"));
  assert_true(output_has("slot 1-5: Ani Car Bui Spo Ass\n  icons: -; partner zoos: -; "
                         "universities: -\n  zoo cards: -\n"));
  assert_true(output_has("   *1 Frilled Lizard (491)"));   /* turned when the draft ends */
  assert_true(output_has("Zoo map Map A of P2"));
}

/* The tokens lying on action cards are on the board, the person's own
** and every other seat's, and the money venom takes says why.  A test
** plugin puts them there at each turn's start: venom on everyone's Build,
** constriction on P1's Cards, two multipliers on P2's Sponsors.  P1 (seed 3,
** four players) takes the X-token action, so Build is not played: venom 1
** costs 2 money of 25; P2 plays Association and pays the same. */
static void test_board_action_card_tokens(void **st) {
  (void)st;
  assert_int_equal(mkdir_in_tmp("tok"), 0);
  t_write_file(tmp, "tok/plugin.yaml", "name: tok\nversion: \"1\"\n"
               "description: \"tokens on action cards\"\nprovides: [hooks]\n"
               "script: hooks.lua\n");
  t_write_file(tmp, "tok/hooks.lua", "local hooks = {}\n"
               "function hooks.turn_start(p, id)\n"
               "  if ark.tokens(p, 'build', 'venom') == 0 then ark.tokens(p, 'build', 'venom', 1) end\n"
               "  if p == 0 and ark.tokens(p, 'cards', 'constriction') == 0 then\n"
               "    ark.tokens(p, 'cards', 'constriction', 1)\n"
               "  end\n"
               "  if p == 1 and ark.tokens(p, 'sponsors', 'multiplier') == 0 then\n"
               "    ark.tokens(p, 'sponsors', 'multiplier', 2)\n"
               "  end\n"
               "end\n"
               "return hooks\n");
  assert_int_equal(run("1\n1\n1\n1\nboard\nX-token action: Association\nboard\nquit\n",
                       "play --human 1 --players 4 --seed 3 --plugin %s/tok --save tok.txt", tmp), 0);
  /* P1's own line, with what each kind of token does */
  assert_true(output_has("  action cards (strength = slot):  1:Animals I  2:Cards I "
                         "(constriction 1)  3:Build I (venom 1)  4:Sponsors I  5:Association I\n"
                         "    venom: 2 money per token at the end of each of P1's turns in which "
                         "that card is not played\n"
                         "    constriction: 2 strength less per token on that card\n"));
  assert_true(output_has("P1 loses 2 money (now 23): venom on Build\n"));
  /* the other seats after their turns: P2 paid for Build too */
  assert_true(output_has("  P2: appeal 1, CP 0 (score -113), rep. 1, money 23, X 0, workers 1, "
                         "hand 4, zoo 0 cards, 2 buildings; slot 1-5: Ass Ani Car Bui(venom 1) "
                         "Spo(multiplier 2)\n"));
  assert_true(output_has("; slot 1-5: Bui(venom 1) Ani Car Spo Ass\n"));
}

/* Undo does not go back past what the person learned since: in Ark Nova
** seed 3 P1's Cards action draws Guinea Pig, shown to P1 alone; in Ares
** Expedition seed 4 P2's secret phase card is revealed after P1 picks
** theirs.  Either undo is refused, saying why, and the game stays as it
** was; an undo with nothing learned is taken (test_undo, and below). */
static void test_undo_keeps_what_was_learned(void **st) {
  (void)st;
  saved before, after;
  assert_int_equal(run("1\n1\n1\n1\n1\nquit\n", "play --human 1 --seed 3 --save ul.txt"), 0);
  read_save("ul.txt", &before);
  assert_int_equal(run("undo\nquit\n", "play --resume ul.txt"), 0);
  assert_true(output_has("Cannot undo: since your decision 9 you were shown \"[t0] P1 draws "
                         "Guinea Pig\", which you did not know when you took it"));
  assert_false(output_has("Undone"));
  read_save("ul.txt", &after);
  assert_int_equal(after.n, before.n);
  /* a draft pick followed by one's own next pick is taken back: one's own
  ** discard, shown to oneself alone, tells nothing new */
  assert_int_equal(run("1\n1\nundo\nquit\n", "play --human 1 --seed 3 --save um.txt"), 0);
  assert_true(output_has(" discards Coconut Lorikeet"));
  assert_true(output_has("Undone: back to your decision 2."));
  assert_int_equal(run("1\n1\nundo\nquit\n", "play --game ares-expedition --human 1 --seed 4 "
                       "--save ua.txt"), 0);
  assert_true(output_has("[r1] phase cards: P1 development, P2 action"));
  assert_true(output_has("Cannot undo: since your decision 3 P2's secret choice was revealed"));
  assert_false(output_has("Undone"));
}

static void test_human_input(void **st) {
  (void)st;
  /* a prefix shared by several options is listed, not taken; an unknown
  ** text is refused; the board shows the map and the hand */
  assert_int_equal(run("discard\nzzz\n99\n", "play --human 1 --ai random --seed 4 --save i.txt"), 0);
  assert_true(output_has("fits"));
  assert_true(output_has("No option fits 'zzz'"));
  assert_true(output_has("No option fits '99'"));
  saved s;
  read_save("i.txt", &s);
  assert_int_equal(run("board\n", "play --resume i.txt"), 0);
  assert_true(output_has("Zoo map"));
  assert_true(output_has("Hand ("));
  /* an overlong line is one refused line, not several answers: the save
  ** holds only the AI's answers, as when the person quits at once */
  assert_int_equal(run("quit\n", "play --human 1 --ai random --seed 4 --save j0.txt"), 0);
  saved s0;
  read_save("j0.txt", &s0);
  char input[1200];
  memset(input, 'x', 1100);
  snprintf(input + 1100, sizeof input - 1100, "3\nquit\n");
  assert_int_equal(run(input, "play --human 1 --ai random --seed 4 --save j.txt"), 0);
  assert_true(output_has("That line is too long (at most 510 characters)"));
  assert_false(output_has("No option fits"));
  read_save("j.txt", &s);
  assert_int_equal(s.n, s0.n);
}

/* The text of the grid row y of the last map printed ("" if none). */
static const char *map_row(int y) {
  static char row[256];
  char key[16];
  snprintf(key, sizeof key, "\n  y%-2d ", y);
  const char *o = slurp("out"), *r = o ? strstr(o, key) : NULL;
  row[0] = '\0';
  if (r) snprintf(row, sizeof row, "%.*s", (int)strcspn(r + 1, "\n"), r + 1);
  return row;
}

/* text with its first `from` replaced by `to`, into out. */
static void replace_once(const char *text, const char *from, const char *to, char *out,
                         size_t n) {
  const char *at = strstr(text, from);
  assert_non_null(at);
  snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

/* The map shows a placement bonus with its whole value: map A's 10 money
** at (8,5) is $10 (it was drawn as $9), in the column of x = 8 (5
** characters a column); a fan map's 120 money is $120, its Build II mark
** after it.  The legend names the letters the grid shows. */
static void test_map_bonus_values(void **st) {
  (void)st;
  assert_int_equal(run("map\n", "play --human 1 --ai random --seed 4 --save mv.txt"), 0);
  assert_string_equal(map_row(5), "  y5   .        C1         .         .        $10");
  assert_true(output_has("placement bonus (letter and amount):\n"
                         "  $ money, r reputation, T X tokens, C cards, w worker.\n"));
  assert_false(output_has("$9"));
  /* an X token is not drawn as the columns are named (x0 x1 ...), and a
  ** building by its number as the options name it ("into size-3 #0") */
  assert_string_equal(map_row(7), "  y7  K#1        .        T1        ~~~        .");
  assert_string_equal(map_row(9), "  y9  3#0       $5         .        ^^^        .");
  assert_true(output_has("#N after it is the building's number,\n"
                         "  as the options name it (3#4 = size-3 #4)"));
  /* the example fan map with (7,10) worth 120 money and needing Build II */
  static char a[1 << 14], b[1 << 14];
  char *text = slurp_from(ARK_SOURCE_DIR, "examples/fan-map/F1-botanical-garden.yaml");
  assert_non_null(text);
  replace_once(text, "{at: [7, 10], bonus: money, value: 3}",
               "{at: [7, 10], bonus: money, value: 120}", a, sizeof a);
  replace_once(a, "build2: [", "build2: [[7, 10], ", b, sizeof b);
  assert_int_equal(mkdir_in_tmp("bigmap"), 0);
  t_write_file(tmp, "bigmap/F1-big.yaml", b);
  assert_int_equal(run("map\n", "play --human 1 --ai random --seed 4 --maps bigmap --map F1 "
                                "--save mb.txt"), 0);
  assert_non_null(strstr(map_row(10), "  $120!"));
}

/* The map's ability and the places it is about come from the map's
** file: the view marks the tower space of map 1 (rock, at (1,6)) with
** '@' and says what it is; the harbour of map 4 lies beside the board;
** the `map` command of the person's game shows the ability's words. */
static void test_map_ability_places(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 1, "8");
  ark_map_feature_view f[4];
  assert_int_equal(ark_game_map_features(g, 0, f, 4), 3);
  assert_string_equal(f[0].kind, "hollywood_h");
  assert_int_equal(f[0].x, 1);
  assert_int_equal(f[0].y, 10);
  assert_int_equal(f[0].off_board, 0);
  assert_string_equal(f[2].note, "H space; covering it draws the first sponsor revealed from "
                                 "the deck");
  assert_non_null(strstr(ark_game_map_ability(g, 1), "once all 3 are covered"));
  ark_game_free(g);
  assert_int_equal(run("map\n", "play --human 1 --ai random --seed 4 --map 1 --save mt.txt"), 0);
  assert_string_equal(map_row(6), "  y6       ^^^ @     C1        ~~~       ~~~");
  assert_true(output_has("\n  @ tower space; standard enclosures touching it give 2 appeal when "
                         "occupied\n"));
  assert_true(output_has("\n  map ability (Observation Tower): Gain 2 appeal each time a "
                         "standard\n  enclosure touching the tower space itself becomes "
                         "occupied; special\n  enclosures do not count.\n"));
  assert_int_equal(run("map\n", "play --human 1 --ai random --seed 4 --map 4 --save mh.txt"), 0);
  assert_true(output_has("\n  beside the board at (-1,12): harbour beside the board, next to "
                         "(0, 11);\n"));
  assert_false(output_has("@"));
}

/* The events of a move are printed right after it, before the next
** decision is shown.  In the person's game, each of the person's turns
** (from its "Choose your action" to the next one of anyone) shows the
** person's own events, e.g. "[t1] P1 builds size-1 at (0,5)"; they were
** printed under the next AI's line.  With --verbose, the setup comes
** before the first decision. */
static void test_move_events_in_order(void **st) {
  (void)st;
  char answers[64] = "";
  for (int i = 0; i < 12; i++) strcat(answers, "1\n");
  assert_int_equal(run(answers, "play --human 1 --ai random --seed 4 --save ev.txt"), 0);
  const char *o = slurp("out"), *mine = "\nP1, Choose your action";
  int turns = 0;
  for (const char *t = strstr(o, mine); t; t = strstr(t + 1, mine)) {
    const char *next = strstr(t + strlen(mine), "Choose your action");
    if (!next) break;                       /* the last prompt, not answered */
    char *turn = strndup(t, (size_t)(next - t));
    assert_non_null(strstr(turn, "] P1 "));
    free(turn);
    turns++;
  }
  assert_true(turns >= 2);
  assert_non_null(strstr(o, "  [t1] P1 builds size-1 at (0,5)\nP2 (random) Choose your action"));
  assert_int_equal(run(NULL, "play --verbose --ai random --seed 3 --turn-cap 20"), 0);
  o = slurp("out");
  const char *setup = strstr(o, "[t0] setup: "), *draft = strstr(o, "Opening draft");
  assert_non_null(setup);
  assert_non_null(draft);
  assert_true(setup < draft);
}

/* At the end the summary accounts for each seat's final CP: what it had
** before the final scoring, each final scoring card it kept (secret until
** then) with its CP, each end-of-game effect that gave something, and the
** table's CP as their sum; `replay` prints the same, as any seat saw the
** game.  Greedy seed 2: P1 kept Favorite Zoo (4 CP) and has Talented
** Communicator (1 CP) and Diversity Researcher (2 appeal); P2 kept Climbing
** Park (2 CP) and has four sponsors of 1 CP each. */
static void test_summary_final_scoring(void **st) {
  (void)st;
  static const char *const block =
    "\nFinal scoring (the final scoring cards each seat kept, secret until the end):\n"
    "  P1: 14 CP before the final scoring\n"
    "      + 4 CP: final scoring card Favorite Zoo (7)\n"
    "      (+ 2 appeal: Diversity Researcher (219) at the end of the game)\n"
    "      + 1 CP: Talented Communicator (216) at the end of the game\n"
    "      = 19 CP\n"
    "  P2: 17 CP before the final scoring\n"
    "      + 2 CP: final scoring card Climbing Park (10)\n"
    "      + 1 CP: Expert on the Americas (210) at the end of the game\n"
    "      + 1 CP: Guided School Tours (261) at the end of the game\n"
    "      + 1 CP: Veterinarian (203) at the end of the game\n"
    "      + 1 CP: Foreign Institute (226) at the end of the game\n"
    "      = 23 CP\n"
    "score = ";
  assert_int_equal(run(NULL, "play --seed 2 --save fs.txt"), 0);
  assert_true(output_has(block));
  /* the table's CP is the sum */
  assert_true(output_has("\nP1     greedy       7     74     19     67 "));
  assert_true(output_has("\nP2     greedy      21     76     23     55 "));
  assert_int_equal(run(NULL, "replay fs.txt"), 0);
  assert_true(output_has(block));
  assert_true(output_has("P1: final scoring card Favorite Zoo (7) gives 4 CP\n"));
  assert_true(output_has("P2: Foreign Institute (226) gives 1 CP at the end of the game\n"));
  assert_int_equal(run(NULL, "replay fs.txt --seat 1"), 0);
  assert_true(output_has(block));
  assert_true(output_has("P2: final scoring card Climbing Park (10) gives 2 CP\n"));
  /* before the end no seat's kept card is named to another seat */
  char *o = slurp("out");
  const char *named = strstr(o, "Climbing Park (10)");
  const char *end = strstr(o, "P2: final scoring card Climbing Park");
  assert_non_null(end);
  assert_true(named == end + strlen("P2: final scoring card "));
}

/* The end-of-game table says what its numbers are: "CP at" (it was
** "target") is the appeal space the conservation marker stands on, 114
** less 2 per CP up to 10 (rules: "Goal and score"), and the score is
** appeal minus it; the lines under the table say so, and with the
** 100-point variant they say the 100 too. */
static void test_summary_explains_score(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --ai random --seed 3 --turn-cap 20"), 0);
  assert_true(output_has("\nplayer ai       score appeal     CP  CP at  money  rep.  cards  "
                         "rank\n"));
  assert_true(output_has("\nscore = appeal - CP at: the distance between your two markers, "
                         "below 0 until they meet.\n"
                         "CP at: appeal space of your conservation marker: 114 at 0 CP, "
                         "2 lower per CP to 10, then 3.\nWinner: "));
  const char *row = strstr(slurp("out"), "\nP1     random ");
  assert_non_null(row);
  int score, appeal, cp, at;
  assert_int_equal(sscanf(row + 15, "%d %d %d %d", &score, &appeal, &cp, &at), 4);
  assert_true(cp <= 10);
  assert_int_equal(at, 114 - 2 * cp);
  assert_int_equal(score, appeal - at);
  assert_int_equal(run(NULL, "play --ai random --seed 3 --turn-cap 20 --plugin hundred-points"), 0);
  assert_true(output_has("\nscore = 100 + appeal - CP at (these rules): 100 plus the distance "
                         "between your two markers.\n"));
  /* a tie on points: the win goes to more projects supported, and the
  ** line says so; still tied, the win is shared, in one line.  Greedy
  ** seeds 55 and 89 end tied on points (the ranks read from the table
  ** decide which line is due) */
  int shared = 0, broken = 0;
  for (int seed = 55; seed <= 89; seed += 34) {
    assert_int_equal(run(NULL, "play --seed %d", seed), 0);
    char *o = slurp("out");
    int sc[2], rk[2];
    for (int p = 0; p < 2; p++) {
      char key[16];
      snprintf(key, sizeof key, "\nP%d     greedy ", p + 1);
      const char *r = strstr(o, key);
      assert_non_null(r);
      int cols[8];
      assert_int_equal(sscanf(r + strlen(key), "%d %d %d %d %d %d %d %d", &cols[0], &cols[1],
                              &cols[2], &cols[3], &cols[4], &cols[5], &cols[6], &cols[7]), 8);
      sc[p] = cols[0];
      rk[p] = cols[7];
    }
    assert_int_equal(sc[0], sc[1]);
    if (rk[0] == rk[1]) {
      shared++;
      assert_true(output_has("\nShared win: P1 and P2 with "));
      /* equal projects leave the tie: they do not break it */
      assert_true(output_has(" supported each: the projects, which break a tie on points, "
                             "leave this one standing.\n"));
      assert_false(output_has("would have broken the tie"));
      assert_false(output_has("Winner"));
    } else {
      broken++;
      char want[160];
      snprintf(want, sizeof want, "\nWinner: P%d with %d points (tied with P%d on points; more "
               "conservation projects supported: ", rk[0] == 1 ? 1 : 2, sc[0], rk[0] == 1 ? 2 : 1);
      assert_true(output_has(want));
    }
  }
  assert_true(shared == 1 && broken == 1);
}

/* import-bga and hint: their help, a recorded game imported, replayed and
** asked about, and bad JSON reported with its line and column.  The log is
** the shared test data beside the clone; without it the import part is
** skipped. */
static void test_import_and_hint(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "import-bga --help"), 0);
  assert_true(output_has("usage: arknova import-bga LOG.json"));
  assert_int_equal(run(NULL, "hint --help"), 0);
  assert_true(output_has("usage: arknova hint SAVE"));
  assert_int_equal(run(NULL, "import-bga"), 2);
  assert_true(output_has("which log?"));
  t_write_file(tmp, "bad.json", "{\"data\": {\"logs\": [\n  {\"move_id\": 1,, }]}}\n");
  assert_int_equal(run(NULL, "import-bga bad.json"), 1);
  assert_true(output_has("bad.json:2:"));
  const char *log = ARK_SOURCE_DIR "/../shared/data/bga/sample_game.log.json";
  FILE *f = fopen(log, "r");
  if (!f) {
    fprintf(stderr, "skipped: %s is not there\n", log);
    return;
  }
  fclose(f);
  assert_int_equal(run(NULL, "import-bga %s -o game.txt", log), 0);
  assert_true(output_has("Baboude: map 3a (inferred from"));
  assert_true(output_has("up to BGA move 396; 3 breaks; tracks compared 46 times, 0 differ"));
  /* BGA's scores (100 + the printed score) beside ours, on its scale */
  assert_true(output_has("BGA's result: Baboude 32, sorryimlikethis 75 (Baboude conceded); "
                         "here: Baboude 32, sorryimlikethis 75 (the same)\n"));
  assert_non_null(strstr(slurp("game.txt"), "\nplugin published\nplugin hundred-points\n"));
  assert_int_equal(run(NULL, "replay game.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  assert_int_equal(run(NULL, "hint game.txt --at bga:129"), 0);
  assert_true(output_has("decision #99 (Board Game Arena move 129): P1 Baboude, Choose your action"));
  assert_true(output_has("greedy would choose: "));
  assert_true(output_has("the game went on with: Animals I at strength 5"));
  assert_true(output_has("<- played"));
  assert_int_equal(run(NULL, "hint game.txt --at bga:1"), 2);
  assert_true(output_has("no turn begins at or before BGA move 1 (the first is move 4)"));
  /* a move past the log's end is refused, naming the end (it was
  ** answered for move 391's turn without a word) */
  assert_non_null(strstr(slurp("game.txt"), "\nsetup bga-last 396\n"));
  assert_int_equal(run(NULL, "hint game.txt --at bga:99999"), 2);
  assert_true(output_has("--at bga:99999: the log ends at BGA move 396 (this save's turns "
                         "begin at moves 4 to 391)"));
  assert_int_equal(run(NULL, "hint game.txt --at bga:393"), 0);
  assert_true(output_has("decision #258 (Board Game Arena move 391)"));
  /* the save knows the log's end: no note that it does not */
  assert_false(output_has("note:"));
  /* a save written before bga-last: that turn, with a note */
  char *old = strdup(slurp("game.txt"));
  drop_line(old, "setup bga-last");
  t_write_file(tmp, "old-bga.txt", old);
  free(old);
  assert_int_equal(run(NULL, "hint old-bga.txt --at bga:99999"), 0);
  assert_true(output_has("arknova hint: note: --at bga:99999: this save's Board Game Arena "
                         "turns begin at moves 4 to 391; move 99999 is after the last one's "
                         "start, so the hint is for that last turn"));
  assert_true(output_has("decision #258 (Board Game Arena move 391)"));
  assert_int_equal(run(NULL, "hint game.txt --at bga:129"), 0);
  assert_false(output_has("note:"));
  /* an import replaces an earlier import, but not a game someone played
  ** on from it (a seat of a person added): that needs --overwrite */
  assert_int_equal(run(NULL, "import-bga %s -o game.txt", log), 0);
  char *played = strdup(slurp("game.txt"));
  char *at = strstr(played, "\nai-seed 1\n");
  assert_non_null(at);
  char *text = malloc(strlen(played) + 16);
  snprintf(text, strlen(played) + 16, "%.*s\nhuman 2%s", (int)(at - played), played, at);
  t_write_file(tmp, "played.txt", text);
  assert_int_equal(run(NULL, "import-bga %s -o played.txt", log), 2);
  assert_true(output_has("played.txt holds a game that is not over (262 decisions so far): "
                         "importing there would lose it, so nothing was imported."));
  assert_string_equal(slurp("played.txt"), text);
  assert_int_equal(run(NULL, "import-bga %s -o played.txt --overwrite", log), 0);
  assert_string_equal(slurp("played.txt"), played);
  free(text);
  free(played);
}

/* A scenario of tests/scenarios/failing/ whose card's script is stopped:
** exit 1, the scenario and the card named, and the error's text (the
** card's file:line: message). */
static void script_stopped(const char *scenario, const char *card, const char *error) {
  char want[160];
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/failing/%s", ARK_SOURCE_DIR,
                       scenario), 1);
  snprintf(want, sizeof want, "%s: FAILED: script of %s stopped: ", scenario, card);
  assert_true(output_has(want));
  assert_true(output_has(error));
}

static void test_scenarios(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/*.yaml", ARK_SOURCE_DIR), 0);
  assert_true(output_has("ok: "));
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/failing/wrong-money.yaml", ARK_SOURCE_DIR), 1);
  assert_true(output_has("FAILED: P1 money: expected 16, got 21"));
  /* values checked in the middle of an action must be asked for */
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/failing/pending-unnamed.yaml",
                       ARK_SOURCE_DIR), 1);
  assert_true(output_has("pending-unnamed.yaml:21: FAILED: the values are checked while P1's "
                         "decision \"Conservation 8 reward\" (reward.cp8) is pending"));
  assert_true(output_has("write `pending: reward.cp8` under expect:"));
  /* a key given twice is refused with both lines */
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/failing/duplicate-key.yaml",
                       ARK_SOURCE_DIR), 2);
  assert_true(output_has("duplicate-key.yaml:10: duplicate key 'money' (first on line 8)"));
  /* a script's error is shown with the fan file and line, and fails
  ** (Lua 5.4 and LuaJIT word the rest of Broken Gnu's differently) */
  script_stopped("script-error.yaml", "Broken Gnu",
                 "broken-card/1002-broken-gnu.lua:5: attempt to call ");
  /* a modifier that returns nothing stops its own script, named */
  script_stopped("bad-modifier.yaml", "Bad Modifier",
                 "broken-card/1003-bad-modifier.lua:4: modify_animal_cost returned nothing; "
                 "a modifier returns a whole number");
  /* a handler a card-library helper made: the card's file, at its line
  ** calling the helper (not the helper's line), even where the handler
  ** runs as a continuation (icon_expert, cards/lib/kit.lua) */
  script_stopped("misspelt-expert.yaml", "Misspelt Expert",
                 "broken-card/1005-misspelt-expert.lua:2: unknown building 'pavillion'");
  assert_true(output_has("1 of 2 expectations failed"));
  /* the same where the rules ask the handler's gains as a continuation
  ** (native_species): a filter ark.count_cells refuses is the card's */
  script_stopped("odd-native.yaml", "Odd Native",
                 "broken-card/1006-odd-native.lua:2: ark.count_cells: no field 'colour'");
  assert_true(output_has("1 of 2 expectations failed"));
  /* an error in a script's then_ function, which the engine started as
  ** the step's new coroutine once its choice was answered: the card's
  ** file and the failing line */
  script_stopped("broken-then.yaml", "Broken Then",
                 "broken-card/1007-broken-then.lua:11: attempt to call ");
  assert_true(output_has("1 of 2 expectations failed"));
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/failing/bad-score.yaml",
                       ARK_SOURCE_DIR), 1);
  assert_true(output_has("broken-card/1004-half-point-zoo.lua:4: score returned 0.5; it returns "
                         "a whole number of conservation points"));
  /* numbers are whole and in range: 99999999999 is not read as another */
  t_write_file(tmp, "big.yaml", "setup:\n  players:\n    - money: 99999999999\n");
  assert_int_equal(run(NULL, "scenario big.yaml"), 2);
  assert_true(output_has("big.yaml:3: expected a whole number"));
  t_write_file(tmp, "range.yaml", "setup:\n  players:\n    - reputation: 16\n");
  assert_int_equal(run(NULL, "scenario range.yaml"), 2);
  assert_true(output_has("range.yaml:3: reputation 16 is outside 0..15"));
  t_write_file(tmp, "seed.yaml", "seed: -3\n");
  assert_int_equal(run(NULL, "scenario seed.yaml"), 2);
  assert_true(output_has("seed.yaml:1: seed: expected a whole number"));
  t_write_file(tmp, "cell.yaml", "setup:\n  players:\n    - buildings:\n        - type: size-1\n"
                                 "          cells: [\"(2,99999999999)\"]\n");
  assert_int_equal(run(NULL, "scenario cell.yaml"), 2);
  assert_true(output_has("cell.yaml:5: a space is [x, y]"));
  t_write_file(tmp, "brk.yaml", "setup:\n  break: 15\n");
  assert_int_equal(run(NULL, "scenario brk.yaml"), 2);
  assert_true(output_has("brk.yaml:2: the break track holds 0 to 14 before it is full"));
  assert_int_equal(run(NULL, "scenario %s/tests/no-such-file.yaml", ARK_SOURCE_DIR), 2);
  /* a misspelt key is an error with its line, not silently ignored */
  t_write_file(tmp, "typo.yaml", "players: 2\nsetup:\n  players:\n    - seat: 1\n"
                                 "      partner_zoo: [africa]\n");
  assert_int_equal(run(NULL, "scenario typo.yaml"), 2);
  assert_true(output_has("typo.yaml:5: unknown key 'partner_zoo'"));
  /* so is a name the rules do not know */
  t_write_file(tmp, "badzoo.yaml", "setup:\n  players:\n    - partner_zoos: [atlantis]\n");
  assert_int_equal(run(NULL, "scenario badzoo.yaml"), 2);
  assert_true(output_has("badzoo.yaml:3: unknown continent"));
}

/* Scenarios of a game written in Lua alone (host/scenario_lua.c): the file
** names its game, or --game does for every file; the failing ones fail for
** their own reasons, with their lines. */
static void test_lua_scenarios(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "scenario %s/tests/scenarios/ares-expedition/*.yaml", ARK_SOURCE_DIR), 0);
  assert_true(output_has("ok: "));
  assert_true(output_has("production-income.yaml: 7 expectations hold"));
  assert_true(output_has("tie-break.yaml: 10 expectations hold"));
  const char *dir = ARK_SOURCE_DIR "/tests/scenarios/ares-expedition/failing";
  assert_int_equal(run(NULL, "scenario %s/wrong-mc.yaml", dir), 1);
  assert_true(output_has("wrong-mc.yaml:19: FAILED: P1 mc: expected 21, got 24"));
  assert_true(output_has("wrong-mc.yaml: 1 of 2 expectations failed"));
  assert_int_equal(run(NULL, "scenario %s/cannot-afford.yaml", dir), 1);
  assert_true(output_has("cannot-afford.yaml:17: decision 1 'play 167 Monocultures' is not among "
                         "the options of P1's \"development (5 MC"));
  assert_true(output_has("  play 129 Dusty Quarry (2 MC)\n  pass\n"));
  assert_int_equal(run(NULL, "scenario %s/secret-open.yaml", dir), 2);
  assert_true(output_has("secret-open.yaml:13: P1 mc: a secret answer is not revealed yet"));
  assert_int_equal(run(NULL, "scenario %s/unknown-names.yaml", dir), 2);
  assert_true(output_has("unknown-names.yaml:7: 'P1.megacredits': ares-expedition has no seat "
                         "track or zone 'megacredits' (tracks: mc plants"));
  assert_true(output_has("unknown-names.yaml:8: ares-expedition has no card 'Monoculture'"));
  assert_true(output_has("unknown-names.yaml:11: 'P3': this game has 2 seats"));
  /* --game for a file that names none; without it, the file is Ark Nova's */
  t_write_file(tmp, "solo.yaml", "players: 1\nsetup:\n  P1.heat: 9\nexpect:\n  P1.heat: 9\n"
                                 "  P1.hand: 8\n  decision: {tag: corporation}\n");
  assert_int_equal(run(NULL, "scenario --game ares-expedition solo.yaml"), 0);
  assert_true(output_has("ok: solo.yaml: 3 expectations hold"));
  assert_int_equal(run(NULL, "scenario solo.yaml"), 2);
  assert_true(output_has("unknown key 'P1.heat'"));
  assert_int_equal(run(NULL, "scenario --game no-such-game solo.yaml"), 2);
  assert_true(output_has("arknova scenario: --game: "));
  /* a game folder relative to the file's folder */
  t_write_file(tmp, "rel.yaml", "game: ../nowhere\n");
  assert_int_equal(run(NULL, "scenario %s/rel.yaml", tmp), 2);
  assert_true(output_has("rel.yaml:1: game: "));
  assert_true(output_has("/../nowhere/game.yaml: not found"));
  t_write_file(tmp, "keys.yaml", "game: ares-expedition\nplayer: 2\nexpect:\n  table.oxygen: 0\n"
                                 "  P1.hand.has: [Monocultures]\n  P1.mc.has: 1\n");
  assert_int_equal(run(NULL, "scenario keys.yaml"), 2);
  assert_true(output_has("keys.yaml:2: unknown key 'player' here (known: name, game, players"));
  assert_true(output_has("keys.yaml:6: 'P1.mc.has': nothing comes after a track's name"));
  assert_int_equal(run(NULL, "scenario --help"), 0);
  assert_true(output_has("--game NAME|DIR"));
  /* the example of docs/scenarios.md holds */
  char *doc = slurp_from(ARK_SOURCE_DIR, "docs/scenarios.md");
  assert_non_null(doc);
  char *at = strstr(doc, "## Scenarios for games written in Lua");
  assert_non_null(at);
  at = strstr(at, "```yaml\n");
  assert_non_null(at);
  at += 8;
  char *end = strstr(at, "```");
  assert_non_null(end);
  *end = '\0';
  t_write_file(tmp, "doc.yaml", at);
  assert_int_equal(run(NULL, "scenario doc.yaml"), 0);
  assert_true(output_has("ok: doc.yaml: 15 expectations hold"));
}

/* A card designer's scenario: the fan card's folder comes from the file
** (`cards:`, read from the file's folder, so it runs from anywhere) or
** from --cards; without it the card is unknown, with a hint. */
static void test_scenario_fan_cards(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "scenario %s/examples/scenarios/desert-hedgehog.yaml", ARK_SOURCE_DIR), 0);
  assert_true(output_has("4 expectations hold"));
  /* the same file without its `cards:` line */
  char *text = slurp_from(ARK_SOURCE_DIR, "examples/scenarios/desert-hedgehog.yaml");
  assert_non_null(text);
  drop_line(text, "cards:");
  t_write_file(tmp, "hog.yaml", text);
  assert_int_equal(run(NULL, "scenario hog.yaml"), 2);
  assert_true(output_has("hog.yaml:12: no card with number 1001 (a fan card needs its folder"));
  assert_int_equal(run(NULL, "scenario hog.yaml --cards %s/examples/fan-cards", ARK_SOURCE_DIR), 0);
  assert_true(output_has("4 expectations hold"));
  /* the card's script is what the scenario checks: the card without it
  ** (its YAML alone) leaves 10 - 3 = 7 money */
  text = slurp_from(ARK_SOURCE_DIR, "examples/fan-cards/1001-desert-hedgehog.yaml");
  assert_non_null(text);
  assert_int_equal(mkdir_in_tmp("noscript"), 0);
  t_write_file(tmp, "noscript/1001-desert-hedgehog.yaml", text);
  assert_int_equal(run(NULL, "scenario hog.yaml --cards noscript"), 1);
  assert_true(output_has("FAILED: P1 money: expected 9, got 7"));
  assert_int_equal(run(NULL, "scenario hog.yaml --cards"), 2);
  assert_true(output_has("--cards needs a value"));
}

/* Copies a file of the source tree into tmp/to. */
static void copy_in(const char *from, const char *to) {
  char *text = slurp_from(ARK_SOURCE_DIR, from);
  assert_non_null(text);
  t_write_file(tmp, to, text);
}

/* `arknova check` takes each folder for what it holds and says what it
** loaded: a folder of fan maps was checked as cards (13 problems), a fan
** pack with cards/ and maps/ as a whole data folder (no buildings.yaml),
** one with maps/ alone failed for want of cards/. */
/* The hint typed at a decision and `arknova hint` on the save give one
** advice: they used different AI seeds, and at seed 1's third decision
** (two research cards of equal worth to keep) the one said "keep 110
** Asteroid Mining", the other "keep 145 Heather". */
static void test_hint_in_game_as_from_save(void **st) {
  (void)st;
  assert_int_equal(run("1\n1\n1\nhint\nquit\n", "play --game ares-expedition --human 1 "
                       "--seed 1 --save hs.txt"), 0);
  const char *out = slurp("out"), *at = strstr(out, "greedy would choose: ");
  assert_non_null(at);
  char line[160];
  size_t len = strcspn(at, "\n");
  assert_true(len < sizeof line);
  memcpy(line, at, len);
  line[len] = 0;
  assert_int_equal(run(NULL, "hint hs.txt"), 0);
  if (!output_has(line)) fail_msg("'%s' in the game, not from the save:\n%s", line, slurp("out"));
}

/* An AI game stopped halfway goes on by play --resume with its AIs (it
** was refused: "not a game with a person", though the refusal to start a
** new game over it advised --resume).  The halfway save is a person's game
** of two answers whose seat is then given to the greedy. */
static void test_resume_ai_game(void **st) {
  (void)st;
  assert_int_equal(run("1\n1\nquit\n", "play --human 1 --seed 3 --save half.txt"), 0);
  char *text = strdup(slurp("half.txt"));
  drop_line(text, "human 1");
  char *ai = strstr(text, "\nai P1 human\n");
  assert_non_null(ai);
  size_t len = strlen(text) + 2;
  char *greedy = malloc(len);
  snprintf(greedy, len, "%.*s\nai P1 greedy\n%s", (int)(ai - text), text,
           ai + strlen("\nai P1 human\n"));
  assert_non_null(strstr(greedy, "\nanswers 0 0\n"));
  t_write_file(tmp, "half.txt", greedy);
  free(greedy);
  free(text);
  assert_int_equal(run(NULL, "play --seed 3 --save half.txt"), 2);
  assert_true(output_has("to go on with that game:  arknova play --resume half.txt"));
  assert_int_equal(run(NULL, "play --resume half.txt"), 0);
  assert_true(output_has("Resumed half.txt at decision 3; the AIs play on."));
  assert_true(output_has("Winner: "));
  const char *done = slurp("half.txt");
  assert_non_null(strstr(done, "\nfinished 1\n"));
  assert_non_null(strstr(done, "\nanswers 0 0 "));
  assert_int_equal(run(NULL, "replay half.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  assert_int_equal(run(NULL, "play --resume half.txt"), 1);
  assert_true(output_has("the game in half.txt is over; arknova replay half.txt shows it"));
}

/* The hint of an AI game's save is, at each turn's action, the choice its
** greedy made there: both take the save's ai-seed.  With seed 1 for every
** hint, 3 of the 17 actions among decisions 9-60 of seed 7 differed. */
static void test_hint_agrees_with_game_ai(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --seed 7 --ai greedy --save g7.txt"), 0);
  int actions = 0;
  for (int i = 9; i <= 60; i++) {
    assert_int_equal(run(NULL, "hint g7.txt --at %d", i), 0);
    if (!output_has("Choose your action")) continue;
    actions++;
    if (!output_has("   <- AI   <- played\n"))
      fail_msg("decision %d: the hint's choice is not the game's:\n%s", i, slurp("out"));
  }
  assert_int_equal(actions, 17);
}

/* A person's game of a game written in Lua (Ares Expedition) as one of
** Ark Nova: saved after every decision, the board the rules show the
** seat, undo back to one's own last decision, resume, replay and hint.
** Seed 3 offers P1 PhoboLog (20 MC) and Helion (28 MC) and deals it 8 cards. */
static void test_lua_person_undo_resume(void **st) {
  (void)st;
  assert_int_equal(run("1\nquit\n", "play --game ares-expedition --human 1 --seed 3 "
                       "--save lua.txt"), 0);
  assert_true(output_has("P1 PhoboLog (you): TR 5, 0 forests"));
  assert_true(output_has("   20 MC (+0), 0 plants (+0)"));
  assert_true(output_has("your hand (8):"));
  assert_true(output_has("continue it with: arknova play --resume lua.txt"));
  const char *sv = slurp("lua.txt");
  assert_non_null(sv);
  assert_non_null(strstr(sv, "ai P1 human\n"));
  assert_non_null(strstr(sv, "human 1\n"));
  /* undo takes back P1's corporation and the AI's answer after it */
  assert_int_equal(run("undo\nquit\n", "play --resume lua.txt"), 0);
  assert_true(output_has("Resumed lua.txt at decision 3."));
  assert_true(output_has("Undone: back to your decision 1."));
  assert_true(output_has("P1, choose your corporation"));
  assert_int_equal(run("2\nboard\nhint\nquit\n", "play --resume lua.txt"), 0);
  assert_true(output_has("Resumed lua.txt at decision 1."));
  /* the AI's advice at P1's phase pick: its five best of the five phases */
  assert_true(output_has("greedy would choose: phase "));
  assert_true(output_has("greedy value of each option (points for P1, best first):\n"));
  assert_true(output_has("P1 Helion (you): TR 5"));
  assert_true(output_has("   28 MC (+0)"));
  assert_int_equal(run(NULL, "replay lua.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  assert_int_equal(run(NULL, "hint lua.txt --at 1"), 0);
  assert_true(output_has("lua.txt, decision #1: P1, choose your corporation"));
  assert_true(output_has("the game went on with: corporation 211 Helion (28 MC)"));
  assert_true(output_has("greedy value of each option (points for P1, best first):"));
  assert_true(output_has("<- played"));
  /* a save whose answers were changed is refused, not played on */
  char *text = slurp("lua.txt");
  char *h = strstr(text, "\nhash ");
  assert_non_null(h);
  h[7] = h[7] == '0' ? '1' : '0';
  t_write_file(tmp, "lua.txt", text);
  assert_int_equal(run("quit\n", "play --resume lua.txt"), 1);
  assert_true(output_has("not the saved"));
}

/* --game picks the game folder: by name under games/ or as a folder.  The
** default folder, named or given as a path, plays the very game that no
** --game plays (seed 3 ends 18 points ahead for P1, as the summary says);
** a folder whose game.yaml names no module, a folder without game.yaml and
** a game.yaml with a mistake are refused with the file and line. */
static void test_game_option(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "play --seed 3"), 0);
  char *plain = strdup(slurp("out"));
  assert_non_null(strstr(plain, "Winner: P1 with 18 points."));
  assert_int_equal(run(NULL, "play --seed 3 --game arknova"), 0);
  assert_string_equal(slurp("out"), plain);
  assert_int_equal(run(NULL, "play --seed 3 --game %s", ARK_GAME_DIR), 0);
  assert_string_equal(slurp("out"), plain);
  free(plain);
  assert_int_equal(run(NULL, "play --game no-such-game"), 2);
  assert_true(output_has("no game 'no-such-game'"));
  assert_int_equal(mkdir_in_tmp("g1"), 0);
  assert_int_equal(run(NULL, "play --game ./g1"), 2);
  assert_true(output_has("./g1/game.yaml: not found"));
  t_write_file(tmp, "g1/game.yaml", "name: x\ntitle: X\nplayers: {min: 3, max: 1}\n");
  assert_int_equal(run(NULL, "play --game ./g1"), 2);
  assert_true(output_has("./g1/game.yaml:3: players: needs min and max, with min <= max"));
  t_write_file(tmp, "g1/game.yaml", "title: X\nname: Harvest Game\nplayers: {min: 1, max: 4}\n");
  assert_int_equal(run(NULL, "play --game ./g1"), 2);
  assert_true(output_has("./g1/game.yaml:2: name: 'Harvest Game' is not one word"));
  t_write_file(tmp, "g1/game.yaml", "name: x\nplayers: {min: 1, max: 4}\n");
  assert_int_equal(run(NULL, "play --game ./g1"), 2);
  assert_true(output_has("./g1/game.yaml: x names no module that plays it yet"));
  t_write_file(tmp, "g1/game.yaml", "name: x\nplayers: {min: 1, max: 4}\nmodule: chess\n");
  assert_int_equal(run(NULL, "play --game ./g1"), 2);
  assert_true(output_has("module 'chess' is not part of this build"));
  /* a save from before the games moved into games/ may name the source
  ** tree as its data folder: it means games/arknova there, and replays */
  assert_int_equal(run(NULL, "play --seed 3 --data %s --save old.txt", ARK_SOURCE_DIR), 0);
  assert_true(output_has("Winner: P1 with 18 points."));
  assert_non_null(strstr(slurp("old.txt"), "\ndata /"));
  assert_int_equal(run(NULL, "replay old.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
}

/* A game written in Lua alone plays, simulates and checks through the
** same commands: tests/games/harvest, 4 rounds of secret picks. */
static void test_lua_game_commands(void **st) {
  (void)st;
  const char *h = ARK_SOURCE_DIR "/tests/games/harvest";
  assert_int_equal(run(NULL, "play --game %s --players 3 --ai greedy,random", h), 0);
  assert_true(output_has("Harvest: 3 players, seed 1\n"));
  assert_true(output_has("Game over after 4 rounds"));
  assert_true(output_has("player ai       score coins field  hand  rank\n"));
  assert_true(output_has("Winner: P"));
  assert_int_equal(run(NULL, "sim --game %s --games 200 --ai random --players 4", h), 0);
  /* sim's summary as for Ark Nova (intervals, distributions), with the
  ** rules' figures; every game has 4 rounds and one winner */
  assert_true(output_has("Harvest: 4 players, seeds 1..200, "));
  assert_true(output_has("200 games (0 errors, 0 stopped by the turn cap)\n"));
  assert_true(output_has("game length: mean 4.0 rounds, median 4, 10% 4, 90% 4; "));
  assert_true(output_has("seat               games    win %            95% CI    score      sd\n"
                         "P1 (random)          200 "));
  assert_true(output_has("the rules' figures, mean per game:\nseat              coins  field   hand\n"));
  const char *o = slurp("out"), *row;
  double share = 0;
  for (int p = 1; p <= 4; p++) {
    char label[32];
    snprintf(label, sizeof label, "\nP%d (random)          200 ", p);
    assert_non_null(row = strstr(o, label));
    share += atof(row + strlen(label));
  }
  assert_true(share > 99.9 && share < 100.1);
  /* the search looks further than the greedy: it wins most of 40 games */
  assert_int_equal(run(NULL, "sim --game %s --games 40 --ai mcts,greedy --out h.jsonl", h), 0);
  o = slurp("out");
  assert_non_null(row = strstr(o, "\nP1 (mcts)             40 "));
  assert_true(atof(row + 26) >= 60.0);
  /* its records are JSON lines that sim merge sums up again */
  assert_int_equal(run(NULL, "sim merge h.jsonl"), 0);
  assert_true(output_has("merged 40 games from 1 file"));
  assert_non_null(row = strstr(slurp("out"), "\nP1 (mcts)             40 "));
  assert_true(atof(row + 26) >= 60.0);
  /* is Field 8 too strong?  200 seeds played twice: arm A without it, arm
  ** B with it in the tested seat's hand (seed mod 2: P1 on even seeds) */
  assert_int_equal(run(NULL, "sim --game %s --games 200 --ai greedy --test-card 'Field 8' "
                       "--out t.jsonl", h), 0);
  assert_true(output_has("test of card 8 Field 8: 200 pairs of games on the same seeds, "
                         "ai greedy,greedy\n"));
  assert_true(output_has("tested seat (seed mod players): P1 in 100, P2 in 100 pairs\n"));
  assert_true(output_has("changed from the printed game: test card 8 Field 8\n"));
  assert_true(output_has("card 8 Field 8 played by the tested seat in arm B: "));
  assert_non_null(strstr(slurp("t.jsonl"), "\"test_name\":\"8 Field 8\""));
  assert_int_equal(run(NULL, "sim merge t.jsonl"), 0);
  assert_true(output_has("test of card 8 Field 8: 200 pairs"));
  assert_int_equal(run(NULL, "sim --game %s --games 20 --without-card 8", h), 0);
  assert_true(output_has("== A: without card 8 Field 8\n20 games (0 errors"));
  assert_true(output_has("changed from the printed game: without card 8 Field 8\n"));
  assert_true(output_has("comparison on the same seeds: B (with card 8 Field 8) minus A"));
  assert_int_equal(run(NULL, "sim --game %s --games 4 --test-card 'Field 99'", h), 2);
  assert_true(output_has("--test-card Field 99: harvest has no card 'Field 99'"));
  assert_int_equal(run(NULL, "sim --game %s --games 4 --compare-cards x", h), 2);
  assert_true(output_has("a game in Lua is compared card by card"));
  assert_int_equal(run(NULL, "check --game %s", h), 0);
  assert_true(output_has("ok: harvest: 12 cards and the rules load without problems"));
  assert_int_equal(run(NULL, "play --game %s --players 5", h), 2);
  assert_true(output_has("--players expects a number from 1 to 4 for harvest, got 5"));
  /* a person plays seat 1 at the terminal: a number, then a text's start */
  assert_int_equal(run("1\nd\nplant\nquit\n", "play --game %s --human 1", h), 0);
  assert_true(output_has("P1, Pick for this round\n   1) coins\n   2) plant\n   3) draw\n"));
  assert_true(output_has("[r1] revealed: P1 coins, P2 "));
  assert_true(output_has("P1, Pick for this round\n   1) plant\n   2) draw\n"));
  assert_true(output_has("[r2] revealed: P1 draw,"));
  assert_true(output_has("The game is saved in arknova-game.txt"));
  assert_int_equal(run("quit\n", "play --resume arknova-game.txt"), 0);
  /* harvest has no board(): every track and zone, the hand named for P1 alone */
  assert_int_equal(run("board\nquit\n", "play --resume arknova-game.txt"), 0);
  assert_true(output_has("Resumed arknova-game.txt at decision 7."));
  assert_true(output_has("table: round 2, rounds 4, split 0\n  deck: 4 cards\n"
                         "P1 (you): coins 5, points 0, pick 2, last 3, picked 1\n"
                         "  hand: 4 cards: Field 2, Field 8, Field 3, Field 5\n"));
  assert_true(output_has("P2: coins 5, points 0, pick 2, last 1, picked 1\n  hand: 4 cards\n"));
  assert_int_equal(run(NULL, "play --game %s --resume x.txt", h), 1);
  assert_true(output_has("cannot open x.txt"));
  /* a game option sets a table track before setup, and a save keeps it */
  assert_int_equal(run(NULL, "play --game %s --option rounds=6 --save o.txt", h), 0);
  assert_true(output_has("Game over after 6 rounds"));
  assert_non_null(strstr(slurp("o.txt"), "\noption rounds=6\n"));
  assert_int_equal(run(NULL, "replay o.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  assert_int_equal(run(NULL, "play --game %s --option rounds=60", h), 2);
  assert_true(output_has("option 'rounds=60': rounds is 1 to 20"));
  assert_int_equal(run(NULL, "play --option rounds=6"), 2);
  assert_true(output_has("--option is for games written in Lua"));
  /* a saved Lua game replays to the same log; another answer does not */
  assert_int_equal(run(NULL, "play --game %s --ai mcts,random --save h.txt", h), 0);
  char *text = slurp("h.txt");
  assert_non_null(strstr(text, "\ngame /"));
  assert_non_null(strstr(text, "/tests/games/harvest\nplayers 2\nseed 1\n"));
  assert_int_equal(run(NULL, "replay h.txt --quiet"), 0);
  assert_true(output_has("matches the saved game"));
  assert_int_equal(run(NULL, "replay h.txt --seat 2"), 0);
  assert_true(output_has("#1 P1 Pick for this round -> (a secret choice)"));
  assert_true(output_has("[r0] P1 draws a card"));
  text = strdup(slurp("h.txt"));
  char *ans = strstr(text, "\nanswers ");
  assert_non_null(ans);
  ans[9] = ans[9] == '0' ? '1' : '0';      /* P1's first pick: another phase */
  t_write_file(tmp, "h.txt", text);
  free(text);
  assert_int_equal(run(NULL, "replay h.txt --quiet"), 1);   /* another game: it diverges */
  assert_true(output_has("differs from the saved") || output_has("is not an option of"));
}

/* check takes the options its --help lists and refuses the others of play
** and sim (exit 2), naming them: it took --map F1 and the rest, ignored
** them and said "ok". */
static void test_check_options(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "check --help"), 0);
  for (const char *const *o = (const char *const[]){ "\n                     [--players N] "
         "[--option N=V] [--turn-cap N]\n", "\n  --players N ", "\n  --option N=V ",
         "\n  --turn-cap N ", NULL }; *o; o++)
    assert_true(output_has(*o));
  assert_int_equal(run(NULL, "check --map F1"), 2);
  assert_string_equal(slurp("out"), "arknova check: check takes no --map: it checks every map "
                      "of the data folder and of each fan map folder; a fan map is checked by "
                      "naming its folder: --maps DIR (its options: arknova check --help)\n");
  assert_int_equal(run(NULL, "check --exclude 9999"), 2);
  assert_true(output_has("arknova check: check takes no --exclude: it checks every card;"));
  assert_int_equal(run(NULL, "check --seed 5"), 2);
  assert_true(output_has("arknova check: check takes no --seed: it is play's and sim's;"));
  for (const char *const *o = (const char *const[]){ "--ai random", "--mcts-iters 3",
         "--mcts-ms 5", "--rollout greedy", "--rollout-turns 2", NULL }; *o; o++) {
    assert_int_equal(run(NULL, "check %s/examples/fan-cards %s", ARK_SOURCE_DIR, *o), 2);
    assert_true(output_has(" it chooses the AIs of play and sim; check plays no game of Ark "
                           "Nova, and a game written in Lua with random answers"));
    assert_false(output_has("ok:"));
  }
  /* the options of the games check plays of a game written in Lua */
  assert_int_equal(run(NULL, "check --players 3"), 2);
  assert_string_equal(slurp("out"), "arknova check: --players sets the 2 games check plays of "
                      "a game written in Lua (check --game DIR); it plays no game of Ark Nova\n");
  assert_int_equal(run(NULL, "check --turn-cap 5"), 2);
  assert_true(output_has("arknova check: --turn-cap sets the 2 games check plays"));
  assert_int_equal(run(NULL, "check --game %s/tests/games/harvest --players 9", ARK_SOURCE_DIR), 2);
  assert_string_equal(slurp("out"), "arknova check: --players expects a number from 1 to 4 for "
                      "harvest, got 9\n");
  assert_int_equal(run(NULL, "check --game %s/tests/games/harvest --seed 5", ARK_SOURCE_DIR), 2);
  assert_true(output_has("check takes no --seed"));
  assert_int_equal(run(NULL, "check --game %s/tests/games/harvest --players 3 --turn-cap 50",
                       ARK_SOURCE_DIR), 0);
  assert_true(output_has("ok: the rules keep no state in Lua variables"));
}

/* A YAML file of another kind where cards are read: a buildings.yaml in a
** fan card, map or plugin folder is warned of and not read (in a card
** folder it gave four card errors, in a plugin nothing, and a map folder
** holding one was read as cards); a map or a scenario is one error saying
** what reads it (each of their fields was an error). */
static void test_check_not_cards(void **st) {
  (void)st;
  const char *warn = "/buildings.yaml: warning: not read: a fan folder cannot add buildings; "
                     "every building comes from the data folder's maps/buildings.yaml";
  assert_int_equal(mkdir_in_tmp("nb"), 0);
  copy_in("examples/fan-cards/1001-desert-hedgehog.yaml", "nb/1001-desert-hedgehog.yaml");
  copy_in("examples/fan-cards/1001-desert-hedgehog.lua", "nb/1001-desert-hedgehog.lua");
  copy_in("games/arknova/maps/buildings.yaml", "nb/buildings.yaml");
  assert_int_equal(run(NULL, "check nb"), 0);
  assert_true(output_has(warn) && output_has("ok: 1 fan card loads without problems"));
  assert_false(output_has("card: missing required field"));
  assert_int_equal(run(NULL, "play --cards nb --ai random"), 0);
  assert_int_equal(mkdir_in_tmp("nbp"), 0);
  copy_in("games/arknova/plugins/hundred-points/plugin.yaml", "nbp/plugin.yaml");
  copy_in("games/arknova/maps/buildings.yaml", "nbp/buildings.yaml");
  assert_int_equal(run(NULL, "check nbp"), 0);
  assert_true(output_has("nbp/buildings.yaml: warning: not read: a fan folder cannot add "
                         "buildings"));
  assert_true(output_has("\n  with the plugin nbp\n"));
  assert_int_equal(mkdir_in_tmp("nbm"), 0);
  copy_in("examples/fan-map/F1-botanical-garden.yaml", "nbm/F1-botanical-garden.yaml");
  copy_in("examples/fan-map/F1-botanical-garden.lua", "nbm/F1-botanical-garden.lua");
  copy_in("games/arknova/maps/buildings.yaml", "nbm/buildings.yaml");
  assert_int_equal(run(NULL, "check nbm"), 0);
  assert_true(output_has("nbm/buildings.yaml: warning: not read: a fan folder cannot add "
                         "buildings"));
  assert_true(output_has("ok: 1 fan map loads without problems"));
  /* the examples folder read as cards: its map and its scenario */
  assert_int_equal(run(NULL, "check %s/examples", ARK_SOURCE_DIR), 1);
  assert_string_equal(slurp("out"),
    ARK_SOURCE_DIR "/examples/fan-map/F1-botanical-garden.yaml:3: this is a map (it has "
    "cells:), not a card: maps are read from a map folder of their own, given as --maps DIR\n"
    ARK_SOURCE_DIR "/examples/scenarios/desert-hedgehog.yaml:3: this is a scenario (it has "
    "setup:, decisions: or expect:), not a card: run it with arknova scenario FILE, and keep "
    "it out of card folders\n"
    "2 problems found\n");
}

static void test_check_folders(void **st) {
  (void)st;
  /* every option of the usage line is described */
  assert_int_equal(run(NULL, "check --help"), 0);
  for (const char *const *o = (const char *const[]){ "\n  --game NAME|DIR ", "\n  --data DIR ",
         "\n  --cards DIR ", "\n  --maps DIR ", "\n  --plugin NAME|DIR ", NULL }; *o; o++)
    assert_true(output_has(*o));
  assert_int_equal(run(NULL, "check"), 0);
  assert_true(output_has("ok: ") && output_has(" maps load without problems, scripts included\n"));
  assert_int_equal(run(NULL, "check %s", ARK_GAME_DIR), 0);
  assert_true(output_has(" maps load without problems, scripts included\n"));
  assert_false(output_has("fan"));
  assert_int_equal(run(NULL, "check %s/examples/fan-map", ARK_SOURCE_DIR), 0);
  assert_true(output_has("ok: 1 fan map loads without problems, scripts included (beside the "
                         "data folder's "));
  assert_int_equal(run(NULL, "check %s/examples/fan-cards", ARK_SOURCE_DIR), 0);
  assert_true(output_has("ok: 1 fan card loads without problems"));
  /* a folder with two links back to itself is walked once (it had taken
  ** 2^32 walks); timeout stands for a hang */
  assert_int_equal(mkdir_in_tmp("loops"), 0);
  copy_in("examples/fan-cards/1001-desert-hedgehog.yaml", "loops/1001-desert-hedgehog.yaml");
  char cmd[9000];
  snprintf(cmd, sizeof cmd, "cd %s/loops && ln -s . a && ln -s . b && cd .. && timeout 60 %s "
           "check loops > out 2>&1", tmp, exe);
  assert_int_equal(system(cmd), 0);
  assert_true(output_has("ok: 1 fan card loads without problems"));
  /* a plugin folder is checked as --plugin, and named; a file is no folder */
  assert_int_equal(run(NULL, "check %s/games/arknova/plugins/hundred-points", ARK_SOURCE_DIR), 0);
  assert_true(output_has(" maps load without problems, scripts included\n  with the plugin "));
  assert_int_equal(run(NULL, "check %s/examples/fan-cards/1001-desert-hedgehog.yaml",
                       ARK_SOURCE_DIR), 2);
  assert_true(output_has("1001-desert-hedgehog.yaml is a file; check takes folders: give the "
                         "folder that holds it (" ARK_SOURCE_DIR "/examples/fan-cards)\n"));
  /* play and scenario say it too, with the folder (it said "extra card
  ** folder not found") */
  assert_int_equal(run(NULL, "play --cards %s/examples/fan-cards/1001-desert-hedgehog.yaml",
                       ARK_SOURCE_DIR), 1);
  assert_true(output_has("extra card folder: " ARK_SOURCE_DIR "/examples/fan-cards/"
                         "1001-desert-hedgehog.yaml is a file; give the folder that holds it ("
                         ARK_SOURCE_DIR "/examples/fan-cards)\n"));
  copy_in("examples/fan-cards/1001-desert-hedgehog.yaml", "hedgehog.yaml");
  assert_int_equal(run(NULL, "scenario %s/examples/scenarios/desert-hedgehog.yaml --cards "
                       "hedgehog.yaml", ARK_SOURCE_DIR), 2);
  assert_true(output_has("extra card folder: hedgehog.yaml is a file; give the folder that "
                         "holds it (.)\n"));
  /* so does play of a game's folder given as fan cards or maps */
  assert_int_equal(run(NULL, "play --cards %s/games/ares-expedition", ARK_SOURCE_DIR), 1);
  assert_true(output_has("extra card folder: " ARK_SOURCE_DIR "/games/ares-expedition holds "
                         "game.yaml, so it is a game of its own: play it with --game "));
  assert_int_equal(run(NULL, "play --data %s/game.yaml", ARK_GAME_DIR), 1);
  assert_true(output_has("data folder: " ARK_GAME_DIR "/game.yaml is a file; give the folder "
                         "that holds it (" ARK_GAME_DIR ")\n"));
  /* a folder with a game.yaml is a game of its own, not a fan card folder
  ** (it was read as Ark Nova fan cards: 1518 problems) */
  assert_int_equal(run(NULL, "check %s/games/ares-expedition", ARK_SOURCE_DIR), 2);
  assert_string_equal(slurp("out"), "arknova check: " ARK_SOURCE_DIR "/games/ares-expedition "
                      "holds game.yaml, so it is a game of its own: check it with 'arknova "
                      "check --game " ARK_SOURCE_DIR "/games/ares-expedition'\n");
  assert_int_equal(mkdir_in_tmp("pack"), 0);
  assert_int_equal(mkdir_in_tmp("pack/cards"), 0);
  assert_int_equal(mkdir_in_tmp("pack/maps"), 0);
  copy_in("examples/fan-cards/1001-desert-hedgehog.yaml", "pack/cards/1001-desert-hedgehog.yaml");
  copy_in("examples/fan-cards/1001-desert-hedgehog.lua", "pack/cards/1001-desert-hedgehog.lua");
  copy_in("examples/fan-map/F1-botanical-garden.yaml", "pack/maps/F1-botanical-garden.yaml");
  copy_in("examples/fan-map/F1-botanical-garden.lua", "pack/maps/F1-botanical-garden.lua");
  assert_int_equal(run(NULL, "check pack"), 0);
  assert_true(output_has("ok: 1 fan card and 1 fan map load without problems"));
  assert_int_equal(mkdir_in_tmp("mapsonly"), 0);
  assert_int_equal(mkdir_in_tmp("mapsonly/maps"), 0);
  copy_in("examples/fan-map/F1-botanical-garden.yaml", "mapsonly/maps/F1-botanical-garden.yaml");
  copy_in("examples/fan-map/F1-botanical-garden.lua", "mapsonly/maps/F1-botanical-garden.lua");
  assert_int_equal(run(NULL, "check mapsonly"), 0);
  assert_true(output_has("ok: 1 fan map loads without problems"));
  /* a fan card numbered among the printed ones, or named as one, loads
  ** but is warned of at its number's line */
  assert_int_equal(mkdir_in_tmp("twin"), 0);
  t_write_file(tmp, "twin/150-cheetah.yaml", "number: 150\nname: Cheetah\ntype: animal\n"
                                             "description: \"x\"\ncost: 3\nsize: 1\nappeal: 1\n");
  assert_int_equal(run(NULL, "check twin"), 0);
  assert_true(output_has("twin/150-cheetah.yaml:1: warning: number 150 is below 1000, where "
                         "the printed cards are numbered"));
  assert_true(output_has("twin/150-cheetah.yaml:1: warning: the name \"Cheetah\" is also "
                         "card 401's ("));
  assert_true(output_has("ok: 1 fan card loads without problems"));
  /* the same folder given twice is read once, with a note (each card was a
  ** duplicate of itself); so is the data folder's own given as an extra one */
  assert_int_equal(run(NULL, "check %s/examples/fan-cards --cards %s/examples/fan-cards/",
                       ARK_SOURCE_DIR, ARK_SOURCE_DIR), 0);
  assert_true(output_has("/examples/fan-cards/: note: this card folder was given twice (first as "
                         ARK_SOURCE_DIR "/examples/fan-cards); it is read once\n"));
  assert_true(output_has("ok: 1 fan card loads without problems"));
  assert_false(output_has("duplicate"));
  assert_int_equal(run(NULL, "check %s/examples/fan-map --maps %s/examples/fan-map",
                       ARK_SOURCE_DIR, ARK_SOURCE_DIR), 0);
  assert_true(output_has("/examples/fan-map: note: this map folder was given twice; it is read "
                         "once\n"));
  assert_true(output_has("ok: 1 fan map loads without problems"));
  assert_int_equal(run(NULL, "check --cards %s/cards", ARK_GAME_DIR), 0);
  assert_true(output_has("note: this is the data folder's card folder ("));
  assert_false(output_has("duplicate"));
  assert_int_equal(run(NULL, "play --cards %s/examples/fan-cards --cards %s/examples/fan-cards "
                       "--ai random --seed 1", ARK_SOURCE_DIR, ARK_SOURCE_DIR), 0);
  assert_true(output_has("Game over after "));
  /* a number other than the one the file's name starts with: warned of
  ** at the number's line (the card would play as 1003) */
  assert_int_equal(mkdir_in_tmp("renum"), 0);
  t_write_file(tmp, "renum/1001-hedgehog.yaml", "name: Hedgehog\nnumber: 1003\ntype: animal\n"
                                                "description: \"x\"\ncost: 3\nsize: 1\nappeal: 1\n");
  assert_int_equal(run(NULL, "check renum"), 0);
  assert_true(output_has("renum/1001-hedgehog.yaml:2: warning: number 1003, but the file's name "
                         "starts with 1001: name the file after the card's number "
                         "(1003-hedgehog.yaml), or correct the number\n"));
  assert_true(output_has("ok: 1 fan card loads without problems"));
  assert_int_equal(run(NULL, "check %s/examples/fan-cards", ARK_SOURCE_DIR), 0);
  assert_false(output_has("warning"));
  /* a problem: file:line, the count, exit 1 */
  t_write_file(tmp, "pack/cards/1002-typo.yaml", "number: 1002\nname: Typo\ntype: animal\n"
                                                  "description: \"x\"\ncost: 3\nsize: 1\nappeal: 1\nicons: [afrika]\n");
  assert_int_equal(run(NULL, "check pack"), 1);
  assert_true(output_has("pack/cards/1002-typo.yaml:8: icons: unknown icon \"afrika\""));
  assert_true(output_has("1 problem found\n"));
  /* a card-library helper given a wrong argument: the card's file and the
  ** line that calls it */
  t_write_file(tmp, "pack/cards/1002-typo.yaml", "number: 1002\nname: Owl Pen\ntype: sponsor\n"
                                                  "description: \"x\"\nlevel: 2\n");
  t_write_file(tmp, "pack/cards/1002-typo.lua", "-- an owl pen\n\nreturn icon_keyword(\"bird\", 2)\n");
  assert_int_equal(run(NULL, "check pack"), 1);
  assert_true(output_has("pack/cards/1002-typo.lua:3: icon_keyword: the ability must be its text "
                         "(\"sunbathing:2\"), not number"));
  t_write_file(tmp, "pack/cards/1002-typo.lua", "local card = {}\nlocal move =\n"
               "  after_action_clever(\"owl.move\")\nreturn card\n");
  assert_int_equal(run(NULL, "check pack"), 1);
  assert_true(output_has("pack/cards/1002-typo.lua:3: after_action_clever: the tag and the "
                         "prompt must be texts"));
  /* a script's then_ functions are no typos; a then_ name it passes that
  ** names none of them is reported at its line (not when a game gets
  ** there) */
  t_write_file(tmp, "pack/cards/1002-typo.lua",
               "local card = {}\n"
               "function card.on_play(p, id)\n"
               "  return choose_then(p, \"owl.kind\", \"Which?\", { \"a\", \"b\" }, { 1, 2 },\n"
               "                     \"then_knid\")\n"
               "end\n"
               "function card.then_kind(p, id, k) ark.memo(id, k) end\n"
               "return card\n");
  assert_int_equal(run(NULL, "check pack"), 1);
  assert_true(output_has("pack/cards/1002-typo.lua:4: 'then_knid' names no then_ function of "
                         "this script"));
  assert_false(output_has("then_kind"));
  t_write_file(tmp, "pack/cards/1002-typo.lua",
               "local card = {}\n"
               "function card.on_play(p, id)\n"
               "  return choose_then(p, \"owl.kind\", \"Which?\", { \"a\", \"b\" }, { 1, 2 },\n"
               "                     \"then_kind\") -- \"then_none\" in a comment is no name\n"
               "end\n"
               "function card.then_kind(p, id, k) ark.memo(id, k) end\n"
               "return card\n");
  assert_int_equal(run(NULL, "check pack"), 0);
  /* a fan folder's files that would be read as nothing are named: a card
  ** file ending in .yml, a script with no YAML file of its name, and a
  ** folder with no card file at all; play refuses them as check does */
  assert_int_equal(mkdir_in_tmp("strays"), 0);
  copy_in("examples/fan-cards/1001-desert-hedgehog.yaml", "strays/1001-desert-hedgehog.yml");
  assert_int_equal(run(NULL, "check strays"), 1);
  assert_true(output_has("strays/1001-desert-hedgehog.yml: card and map files end in .yaml"));
  assert_int_equal(mkdir_in_tmp("nothing"), 0);
  assert_int_equal(run(NULL, "check nothing"), 1);
  assert_true(output_has("nothing: no card or map files (*.yaml) in this folder"));
  assert_int_equal(run(NULL, "play --cards strays"), 1);
  assert_true(output_has("strays/1001-desert-hedgehog.yml: card and map files end in .yaml"));
  copy_in("examples/fan-cards/1001-desert-hedgehog.yaml", "strays/1001-desert-hedgehog.yml");
  assert_int_equal(rename_in_tmp("strays/1001-desert-hedgehog.yml",
                                 "strays/1001-desert-hedgehog.yaml"), 0);
  copy_in("examples/fan-cards/1001-desert-hedgehog.lua", "strays/1001-desert-hedeghog.lua");
  assert_int_equal(run(NULL, "check strays"), 1);
  assert_true(output_has("strays/1001-desert-hedeghog.lua: no 1001-desert-hedeghog.yaml beside "
                         "this script"));
  assert_int_equal(rename_in_tmp("strays/1001-desert-hedeghog.lua",
                                 "strays/1001-desert-hedgehog.lua"), 0);
  assert_int_equal(run(NULL, "check strays"), 0);
}

/* Two shards by hand: P1 wins 3 of 4 games; Wilson 95% interval of 3/4
** is [30.1%, 95.4%]; P1's scores 10, 20, 30, -20 average 10.0. */
static void test_sim_merge(void **st) {
  (void)st;
  const char *head = "{\"seed\":%d,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"start\":%d,"
                     "\"ai\":[\"greedy\",\"random\"],\"scores\":[%d,%d],\"ranks\":[%d,%d],"
                     "\"turns\":%d,\"capped\":false,\"error\":false,\"plays\":[[1,401,5]]}\n";
  char a[2048], b[1024];
  int k = snprintf(a, sizeof a, head, 1, 1, 10, 0, 1, 2, 40);
  k += snprintf(a + k, sizeof a - (size_t)k, head, 2, 2, 20, 5, 1, 2, 50);
  snprintf(a + k, sizeof a - (size_t)k, head, 3, 1, 30, -5, 1, 2, 60);
  /* the last game also carries the per-player counts (older files lack them) */
  snprintf(b, sizeof b,
           "{\"seed\":4,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"start\":2,"
           "\"ai\":[\"greedy\",\"random\"],\"scores\":[-20,0],\"ranks\":[2,1],"
           "\"animals\":[9,3],\"sponsors\":[2,1],\"supports\":[4,0],\"money\":[200,50],"
           "\"turns\":70,\"breaks\":6,\"capped\":false,\"error\":false,\"plays\":[[1,401,5]]}\n");
  t_write_file(tmp, "m1.jsonl", a);
  t_write_file(tmp, "m2.jsonl", b);
  assert_int_equal(run(NULL, "sim merge m1.jsonl m2.jsonl"), 0);
  assert_true(output_has("merged 4 games from 2 files"));
  assert_true(output_has("P1 (greedy)            4    75.0% [ 30.1%,  95.4%]     10.0"));
  assert_true(output_has("P2 (random)            4    25.0% [  4.6%,  69.9%]      0.0"));
  assert_true(output_has("game length: mean 55.0 turns (27.5 per player)"));
  /* only game 4 counted its breaks */
  assert_true(output_has("; 6.0 breaks per game\n"));
  /* starts 1,2,1,2; winners P1,P1,P1,P2: the starting player won games 1, 3, 4 */
  assert_true(output_has("first player (who starts) wins 75.0%"));
  assert_true(output_has("401         100.0%     75.0%"));
  /* counts from game 4 only, one line per AI */
  assert_true(output_has("per player and game, greedy: 9.0 animals, 2.0 sponsors played, "
                         "4.0 projects supported, 200 money gained\n"));
  assert_true(output_has("per player and game, random: 3.0 animals, 1.0 sponsors played, "
                         "0.0 projects supported, 50 money gained\n"));
  /* both seat orders merged: the seat rows say they mix AIs */
  const char *seed5 = "{\"seed\":5,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"start\":1,"
                      "\"ai\":[\"%s\",\"%s\"],\"scores\":[%d,%d],\"ranks\":[%d,%d],"
                      "\"turns\":100,\"breaks\":3,\"capped\":false,\"error\":false,"
                      "\"plays\":[]}\n";
  snprintf(a, sizeof a, seed5, "random", "greedy", -90, 8, 2, 1);
  t_write_file(tmp, "m3.jsonl", a);
  assert_int_equal(run(NULL, "sim merge m2.jsonl m3.jsonl"), 0);
  assert_true(output_has("; 4.5 breaks per game\n"));
  assert_true(output_has("P1 (mixed)"));
  assert_true(output_has("different AIs in the same seat"));
  assert_true(output_has("greedy                 2    50.0%"));
  assert_false(output_has("appears twice"));
  /* seed 5 with the seats swapped is another game (the other seat order);
  ** seed 5 again as it was is an overlap of shards */
  snprintf(b, sizeof b, seed5, "greedy", "random", 8, -90, 1, 2);
  t_write_file(tmp, "m4.jsonl", b);
  assert_int_equal(run(NULL, "sim merge m3.jsonl m4.jsonl"), 0);
  assert_false(output_has("appears twice"));
  assert_int_equal(run(NULL, "sim merge m3.jsonl m3.jsonl"), 0);
  assert_true(output_has("seed 5 appears twice (overlapping shards?)"));
  t_write_file(tmp, "bad.jsonl", "{\"seed\":1}\n");
  assert_int_equal(run(NULL, "sim merge bad.jsonl"), 1);
  assert_true(output_has("not a game record"));
}

/* Each record names what its game changed from the printed one (plugins,
** card folders, cards left out); the summary says it, and `sim merge`
** refuses shards played by different rules, naming file and line of
** both.  Records older than the field merge with any. */
static void test_sim_records_rules(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "sim --seed 7 --games 2 --ai random --turn-cap 30 --threads 1 "
                             "--no-cards --exclude 401 --plugin %s/bench/plugins/break-12 "
                             "--out r1.jsonl", ARK_SOURCE_DIR), 0);
  char want[512];
  /* the plugin folder with the print of its files (test_sim_merge_card_versions) */
  snprintf(want, sizeof want, "changed from the printed game: plugin %s/bench/plugins/break-12; "
           "exclude 401; files ", ARK_SOURCE_DIR);
  assert_true(output_has(want));
  snprintf(want, sizeof want, "\"rules\":\"plugin %s/bench/plugins/break-12; exclude 401; files ",
           ARK_SOURCE_DIR);
  assert_non_null(strstr(slurp("r1.jsonl"), want));
  assert_int_equal(run(NULL, "sim --seed 9 --games 1 --ai random --turn-cap 30 --threads 1 "
                             "--no-cards --out r2.jsonl"), 0);
  assert_false(output_has("changed from the printed game"));
  assert_non_null(strstr(slurp("r2.jsonl"), "\"rules\":\"\","));
  assert_int_equal(run(NULL, "sim merge r1.jsonl r2.jsonl"), 1);
  assert_true(output_has("r2.jsonl:1 was played with other rules than r1.jsonl:1"));
  /* a record without the field (an older file) does not stop the merge */
  t_write_file(tmp, "r3.jsonl",
               "{\"seed\":30,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"start\":1,"
               "\"ai\":[\"random\",\"random\"],\"scores\":[-90,-80],\"ranks\":[2,1],"
               "\"turns\":30,\"capped\":true,\"error\":false,\"plays\":[]}\n");
  assert_int_equal(run(NULL, "sim merge r1.jsonl r3.jsonl"), 0);
  assert_true(output_has("merged 3 games from 2 files"));
}

/* A real run: --seed S with --games N plays seeds S to S+N-1 (it once
** played 1..N whatever S was); each JSON line carries the game's breaks
** and each player's money gained, counted from the event log; the summary
** prints their means, and merging the file again prints the same. */
static void test_sim_seeds_and_breaks(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "sim --seed 41 --games 3 --ai random --turn-cap 90 --threads 1 "
                             "--no-cards --out real.jsonl"), 0);
  const char *lines = slurp("real.jsonl");
  assert_non_null(lines);
  for (int seed = 41; seed <= 43; seed++) {
    char key[32];
    snprintf(key, sizeof key, "{\"seed\":%d,", seed);
    assert_non_null(strstr(lines, key));
  }
  assert_null(strstr(lines, "{\"seed\":1,"));
  int sum = 0, games = 0;
  for (const char *b = strstr(lines, "\"breaks\":"); b; b = strstr(b + 1, "\"breaks\":")) {
    int k = atoi(b + 9);
    assert_in_range(k, 0, 90 / 2);         /* a break needs at least 2 turns of track */
    sum += k;
    games++;
  }
  assert_int_equal(games, 3);
  /* the money each player gained after the setup, averaged over the 6 seats */
  int money = 0, seats = 0;
  for (const char *m = strstr(lines, "\"money\":["); m; m = strstr(m + 1, "\"money\":[")) {
    int a, b;
    assert_int_equal(sscanf(m, "\"money\":[%d,%d]", &a, &b), 2);
    assert_true(a > 0 && b > 0);            /* every break pays at least 5 */
    money += a + b;
    seats += 2;
  }
  assert_int_equal(seats, 6);
  char want[64], want_money[64];
  snprintf(want, sizeof want, "; %.1f breaks per game\n", sum / 3.0);
  snprintf(want_money, sizeof want_money, ", %.0f money gained\n", money / 6.0);
  assert_true(output_has(want));
  assert_true(output_has(want_money));
  assert_int_equal(run(NULL, "sim merge real.jsonl"), 0);
  assert_true(output_has(want));
  assert_true(output_has(want_money));
}

/* The number at the start of a record line, {"seed":N, ...; -1 if not. */
static long line_seed(const char *line) {
  long k;
  return sscanf(line, "{\"seed\":%ld,", &k) == 1 ? k : -1;
}

/* A long sweep killed (SIGKILL) mid-run keeps every game it finished: the
** lines are written as the games finish, in seed order with two threads,
** and merge reads them.  A --out that cannot be written stops the run
** before its first game. */
static void test_sim_killed_keeps_games(void **st) {
  (void)st;
  char path[512];
  snprintf(path, sizeof path, "%s/k.jsonl", tmp);
  remove(path);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(exe, exe, "sim", "--seeds", "1..100000", "--ai", "random", "--turn-cap", "40",
          "--threads", "2", "--no-cards", "--out", path, (char *)NULL);
    _exit(127);
  }
  long lines = 0;
  for (int tries = 0; tries < 600 && lines < 6; tries++) {
    struct timespec ts = { 0, 50000000 };
    nanosleep(&ts, NULL);
    lines = 0;
    for (const char *c = slurp("k.jsonl"); c && *c; c++) lines += *c == '\n';
  }
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  assert_true(lines >= 6);
  const char *t = slurp("k.jsonl");
  long seed = 0;
  for (const char *l = t; *l; l = strchr(l, '\n') + 1) {
    assert_non_null(strchr(l, '\n'));              /* no half-written line */
    assert_int_equal(line_seed(l), ++seed);        /* in seed order, none missing */
  }
  assert_true(seed >= 6 && seed < 100000);
  assert_int_equal(run(NULL, "sim merge k.jsonl"), 0);
  char want[64];
  snprintf(want, sizeof want, "merged %ld games from 1 file\n", seed);
  assert_true(output_has(want));
  assert_int_equal(run(NULL, "sim --games 100000 --ai random --out no/such/dir/x.jsonl"), 2);
  assert_true(output_has("arknova sim: cannot write no/such/dir/x.jsonl"));
  assert_false(output_has("games in"));
}

static void test_bad_options(void **st) {
  (void)st;
  assert_int_equal(run(NULL, "sim --games abc"), 2);
  assert_true(output_has("--games expects a number"));
  assert_int_equal(run(NULL, "play --players 7"), 2);
  assert_true(output_has("--players expects a number from 2 to 4"));
  assert_int_equal(run(NULL, "play --human 3"), 2);
  assert_int_equal(run(NULL, "play --ai clever"), 2);
  assert_int_equal(run(NULL, "play --ai ''"), 2);
  assert_true(output_has("--ai expects a comma-separated list"));
  assert_int_equal(run(NULL, "play --ai greedy,,mcts"), 2);
  assert_true(output_has("without empty names (got 'greedy,,mcts')"));
  /* more AIs than seats: the last would be dropped unseen */
  assert_int_equal(run(NULL, "sim --ai greedy,random,mcts --games 2"), 2);
  assert_true(output_has("arknova sim: --ai names 3 AIs, one per seat, for 2 players"));
  assert_int_equal(run(NULL, "play --ai random,random,random --players 2"), 2);
  assert_int_equal(run(NULL, "play --seed 99999999999999999999"), 2);
  assert_true(output_has("--seed expects a number from 0 to 18446744073709551615"));
  assert_int_equal(run(NULL, "play --seed -1"), 2);
  assert_int_equal(run(NULL, "play --players ' 3'"), 2);
  assert_int_equal(run(NULL, "play --turn-cap 99999999999999999999"), 2);
  assert_int_equal(run(NULL, "play --ai mcts --rollout clever"), 2);
  assert_true(output_has("--rollout expects fast, greedy or random"));
  assert_int_equal(run(NULL, "play --ai mcts --mcts-iters 0"), 2);
  assert_int_equal(run(NULL, "sim --seeds 9..3"), 2);
  assert_int_equal(run(NULL, "sim --seed 4 --seeds 1..2"), 2);
  assert_true(output_has("not both"));
  assert_int_equal(run(NULL, "replay"), 2);
  for (int i = 0; i < 5; i++) {
    static const char *const cmds[] = { "play", "sim", "replay", "scenario", "check" };
    assert_int_equal(run(NULL, "%s --help", cmds[i]), 0);
    assert_true(output_has("usage: arknova"));
  }
}

int main(void) {
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 32);
  if (n <= 0) return 1;
  exe[n] = '\0';
  strcpy(strrchr(exe, '/') + 1, "arknova");
  snprintf(tmp, sizeof tmp, "/tmp/ark_test_host.XXXXXX");
  if (!mkdtemp(tmp)) return 1;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_bad_options),
    cmocka_unit_test(test_sim_merge),
    cmocka_unit_test(test_sim_records_rules),
    cmocka_unit_test(test_sim_seeds_and_breaks),
    cmocka_unit_test(test_sim_killed_keeps_games),
    cmocka_unit_test(test_scenarios),
    cmocka_unit_test(test_lua_scenarios),
    cmocka_unit_test(test_game_option),
    cmocka_unit_test(test_lua_game_commands),
    cmocka_unit_test(test_check_options),
    cmocka_unit_test(test_check_not_cards),
    cmocka_unit_test(test_check_folders),
    cmocka_unit_test(test_scenario_fan_cards),
    cmocka_unit_test(test_replay_reproduces),
    cmocka_unit_test(test_replay_stopped_script),
    cmocka_unit_test(test_play_warns_of_trial_failures),
    cmocka_unit_test(test_replay_for_one_seat),
    cmocka_unit_test(test_replay_draft_discards),
    cmocka_unit_test(test_sim_bad_input),
    cmocka_unit_test(test_play_sim_say_content_warnings),
    cmocka_unit_test(test_human_sees_no_other_draws),
    cmocka_unit_test(test_replay_keeps_plugins),
    cmocka_unit_test(test_resume_after_kill),
    cmocka_unit_test(test_ai_game_saved_while_playing),
    cmocka_unit_test(test_save_names_own_games),
    cmocka_unit_test(test_plugin_names),
    cmocka_unit_test(test_bad_saves),
    cmocka_unit_test(test_new_game_keeps_unfinished_save),
    cmocka_unit_test(test_save_notices_changed_content),
    cmocka_unit_test(test_undo),
    cmocka_unit_test(test_human_input),
    cmocka_unit_test(test_resume_refuses_options),
    cmocka_unit_test(test_own_scoring_cards),
    cmocka_unit_test(test_board_public_parts),
    cmocka_unit_test(test_board_action_card_tokens),
    cmocka_unit_test(test_board_maps_dealt),
    cmocka_unit_test(test_undo_keeps_what_was_learned),
    cmocka_unit_test(test_map_bonus_values),
    cmocka_unit_test(test_map_ability_places),
    cmocka_unit_test(test_move_events_in_order),
    cmocka_unit_test(test_summary_explains_score),
    cmocka_unit_test(test_summary_final_scoring),
    cmocka_unit_test(test_import_and_hint),
    cmocka_unit_test(test_lua_person_undo_resume),
    cmocka_unit_test(test_hint_in_game_as_from_save),
    cmocka_unit_test(test_hint_agrees_with_game_ai),
    cmocka_unit_test(test_resume_ai_game),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
  if (system(cmd) != 0) rc = rc ? rc : 1;
  return rc;
}
