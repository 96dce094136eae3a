/*
** test_sim.c - random-vs-random games for 2, 3 and 4 players with the
** invariants checked after every decision; determinism across processes;
** clones answered the same way end the same.  This is the conformance test
** OpenSpiel runs against every game, here against Ark Nova.  Then the
** `arknova sim` command (build/arknova, next to this test): what it
** refuses before the first game, what its records and `sim merge` keep,
** failing card scripts made visible, and a run stopped by SIGINT.
*/
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "support.h"

#ifndef ARK_SIM_SEEDS
#define ARK_SIM_SEEDS 300
#endif

static void random_games(int players) {
  int capped = 0, turns = 0;
  for (int seed = 1; seed <= ARK_SIM_SEEDS; seed++) {
    ark_game *g = t_new_game(players, (uint64_t)seed, "A");
    int pr = t_play_random(g, (uint64_t)seed * 31 + (uint64_t)players, 1);
    if (pr != ARK_END) fail_msg("seed %d (%d players): %s", seed, players, ark_game_error(g));
    const char *bad = t_invariants(g);
    if (bad) fail_msg("seed %d: final state: %s", seed, bad);
    capped += ark_game_capped(g);
    turns += ark_game_turns(g);
    ark_game_free(g);
    /* a line every 50 games, so a slow run (ASan: minutes) shows it is alive */
    if (seed % 50 == 0 && seed < ARK_SIM_SEEDS) {
      print_message("%d players: %d of %d games played\n", players, seed, ARK_SIM_SEEDS);
      fflush(stdout);
    }
  }
  print_message("%d players: %d games, %.1f turns per game, %d stopped by the turn cap\n",
                players, ARK_SIM_SEEDS, (double)turns / ARK_SIM_SEEDS, capped);
  fflush(stdout);
  /* the cap is a safety net: random play must finish on its own */
  assert_true(capped * 100 <= ARK_SIM_SEEDS);
}

static void test_random_2p(void **st) { (void)st; random_games(2); }

/* ---- sim merge and --test-card: maps, seatings, the turn cap ---- */

static int output_count(const char *needle);
static int output_has(const char *needle);

/* Shards played on different maps are refused, naming a file and line of
** each, as shards of different rules are: a test merged across maps paired
** games of two maps, and dropped half its pairs unseen. */
static void test_sim_merge_maps(void **st) {
  (void)st;
  assert_int_equal(t_cmd("sim --test-card 401 --seeds 1..2 --ai greedy --map 2 --out tm2.jsonl"), 0);
  assert_int_equal(t_cmd("sim --test-card 401 --seeds 1..2 --ai greedy --out tmA.jsonl"), 0);
  assert_int_equal(t_cmd("sim merge tmA.jsonl tm2.jsonl"), 1);
  assert_true(output_has("tmA.jsonl:1 and tm2.jsonl:1 are games on different maps (A and 2)"));
  assert_int_equal(output_count("merged"), 0);
  assert_int_equal(t_cmd("sim merge tmA.jsonl tmA.jsonl"), 0);
  assert_true(output_has("test of card 401: 2 pairs of games"));
  assert_int_equal(t_cmd("sim --seeds 1..2 --ai random --turn-cap 40 --no-cards --map 3 "
                         "--out pm3.jsonl"), 0);
  assert_int_equal(t_cmd("sim --seeds 3..4 --ai random --turn-cap 40 --no-cards --out pmA.jsonl"), 0);
  assert_int_equal(t_cmd("sim merge pm3.jsonl pmA.jsonl"), 1);
  assert_true(output_has("pm3.jsonl:1 and pmA.jsonl:1 are games on different maps (3 and A)"));
}

/* A game stops after its turn cap, a break its last turn brought included:
** seeds 9, 15 and 22 of random play played a 31st turn under --turn-cap 30
** (the turn after such a break ran before the cap was looked at). */
static void test_sim_turn_cap_holds(void **st) {
  (void)st;
  assert_int_equal(t_cmd("sim --seeds 1..30 --ai random --turn-cap 30 --no-cards --out "
                         "cap.jsonl"), 0);
  const char *text = t_slurp(t_tmp, "cap.jsonl");
  assert_non_null(text);
  int lines = 0;
  for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
    const char *t = strstr(l, "\"turns\":");
    assert_non_null(t);
    assert_true(atoi(t + 8) <= 30);
    lines++;
  }
  assert_int_equal(lines, 30);
  assert_int_equal(t_cmd("play --seed 9 --turn-cap 30 --ai random"), 0);
  assert_true(output_has("Game over after 30 turns (15.0 per player) - stopped by the turn cap."));
}

/* A win the tie-break decided is said: the summary gives how many games
** the winner's score was tied in (a game in Lua whose rank() was the
** default gave every tie to the earlier seat, and its win rate looked like
** a first-seat advantage).  A game against the game has no winner's tie. */
static void test_sim_ties_said(void **st) {
  (void)st;
  const char *rec = "{\"seed\":%d,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"start\":1,"
                    "\"ai\":[\"greedy\",\"greedy\"],\"scores\":[%d,%d],\"ranks\":[%d,%d],"
                    "\"turns\":80,\"capped\":false,\"error\":false,\"plays\":[]}\n";
  char text[1024];
  size_t k = 0;
  static const int games[3][4] = { { 10, 10, 1, 2 }, { 12, 10, 1, 2 }, { 5, 7, 2, 1 } };
  for (int i = 0; i < 3; i++)
    k += (size_t)snprintf(text + k, sizeof text - k, rec, i + 1, games[i][0], games[i][1],
                          games[i][2], games[i][3]);
  t_write_file(t_tmp, "ties.jsonl", text);
  assert_int_equal(t_cmd("sim merge ties.jsonl"), 0);
  assert_true(output_has("the winner's score was tied in 1 of 3 games: the rules' tie-break "
                         "decided them, and they count as the winner's wins\n"));
  assert_int_equal(t_cmd("sim --seeds 1..4 --ai random --turn-cap 30 --no-cards"), 0);
  assert_int_equal(output_count("the winner's score was tied"), 0);
}

/* Both seat orders of a mixed match merged: the header names both seatings
** and a closing warning says the tested seat played as either AI. */
static void test_sim_test_card_mixed_ais(void **st) {
  (void)st;
  assert_int_equal(t_cmd("sim --test-card 401 --seeds 1..2 --ai greedy,random --out gr.jsonl"), 0);
  assert_int_equal(t_cmd("sim --test-card 401 --seeds 1..2 --ai random,greedy --out rg.jsonl"), 0);
  assert_int_equal(t_cmd("sim merge gr.jsonl rg.jsonl"), 0);
  assert_true(output_has("test of card 401: 4 pairs of games on the same seeds, ai "
                         "greedy,random and random,greedy\n"));
  assert_true(output_has("warning: the tested seat played as different AIs (random in 2 "
                         "pairs, greedy in 2 pairs): B - A mixes the card's effect under each "
                         "AI"));
  assert_int_equal(t_cmd("sim merge gr.jsonl"), 0);
  assert_true(output_has("2 pairs of games on the same seeds, ai greedy,random\n"));
}

/* Games stopped by the turn cap are unfinished: the report says at the end
** in how many pairs a game was, and says nothing of it when none was. */
static void test_sim_test_card_turn_cap(void **st) {
  (void)st;
  assert_int_equal(t_cmd("sim --test-card 401 --seeds 1..4 --ai greedy --turn-cap 20"), 0);
  assert_true(output_has("8 games stopped by the turn cap\n"));
  assert_true(output_has("warning: in 4 of 4 pairs a game was stopped by the turn cap: B - A "
                         "compares games left unfinished"));
  assert_int_equal(output_count("different AIs"), 0);
  assert_int_equal(t_cmd("sim --test-card 401 --seeds 1..2 --ai greedy"), 0);
  assert_int_equal(output_count("turn cap"), 0);
}
static void test_random_3p(void **st) { (void)st; random_games(3); }
static void test_random_4p(void **st) { (void)st; random_games(4); }

static uint64_t play_hash(int players, uint64_t seed) {
  ark_game *g = t_new_game(players, seed, "A");
  assert_int_equal(t_play_random(g, seed, 0), ARK_END);
  uint64_t h = ark_game_log_hash(g);
  ark_game_free(g);
  return h;
}

/* The same seed in two separate processes gives the same log hash. */
static void test_determinism_across_processes(void **st) {
  (void)st;
  for (int players = 2; players <= 4; players++) {
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
      uint64_t h = play_hash(players, 4242);
      if (write(fd[1], &h, sizeof h) != (ssize_t)sizeof h) _exit(1);
      _exit(0);
    }
    uint64_t child = 0, mine = play_hash(players, 4242);
    assert_int_equal(read(fd[0], &child, sizeof child), (ssize_t)sizeof child);
    int status;
    waitpid(pid, &status, 0);
    close(fd[0]);
    close(fd[1]);
    assert_true(mine == child);
    assert_true(mine != play_hash(players, 4243));
  }
}

/* A clone taken at any decision and answered the same way ends in the same
** state as the original. */
static void test_clone_same_answers(void **st) {
  (void)st;
  for (int seed = 1; seed <= 20; seed++) {
    ark_game *g = t_new_game(2 + seed % 3, (uint64_t)seed, "A");
    uint64_t rng = (uint64_t)seed;
    int step = 0, clone_at = 20 + (seed * 37) % 400;
    ark_game *c = NULL;
    uint64_t crng = 0;
    while (ark_game_process(g) == ARK_AWAITING) {
      if (step++ == clone_at) {
        c = ark_game_clone(g);
        crng = rng;
      }
      t_random_answer(g, &rng);
    }
    assert_non_null(c);
    while (ark_game_process(c) == ARK_AWAITING) t_random_answer(c, &crng);
    assert_int_equal(ark_game_process(c), ARK_END);
    assert_true(ark_game_log_hash(c) == ark_game_log_hash(g));
    assert_true(ark_state_same(&c->s, &g->s));
    ark_game_free(c);
    ark_game_free(g);
  }
}

/* Illegal answers are refused and change nothing. */
static void test_refused_answer(void **st) {
  (void)st;
  ark_game *g = t_new_game(2, 9, "A");
  char msg[256];
  assert_int_equal(ark_game_process(g), ARK_AWAITING);
  ark_state before = g->s;
  int n = ark_game_decision(g)->noptions;
  assert_int_equal(ark_game_answer(g, n, msg, sizeof msg), ARK_ERR_REFUSED);
  assert_non_null(strstr(msg, "not one of"));
  assert_int_equal(ark_game_answer(g, -1, msg, sizeof msg), ARK_ERR_REFUSED);
  assert_int_equal(ark_game_answer_text(g, "no such option", msg, sizeof msg), ARK_ERR_REFUSED);
  assert_true(ark_state_same(&before, &g->s));
  assert_int_equal(ark_game_nanswers(g), 0);
  ark_game_free(g);
}

static void test_bad_config(void **st) {
  (void)st;
  ark_config cfg;
  ark_game *g;
  char msg[512];
  ark_config_init(&cfg);
  cfg.data_dir = ARK_GAME_DIR;
  cfg.players = 5;
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_non_null(strstr(msg, "players"));
  cfg.players = 2;
  cfg.map = "Z9";
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONFIG);
  assert_non_null(strstr(msg, "unknown map 'Z9'"));
  cfg.map = "A";
  cfg.data_dir = "/nonexistent/arknova";
  assert_int_equal(ark_game_new(&cfg, &g, msg, sizeof msg), ARK_ERR_CONTENT);
  assert_non_null(strstr(msg, "card folder not found"));
  assert_null(g);
}

/* ---- the sim command ---- */

/* arknova beside this test, its runs' folder, a run and a file there */
#define exe t_exe
#define tmp t_tmp
#define run t_cmd
static char *slurp(const char *name) { return t_slurp(tmp, name); }

/* How often needle is in the last run's output. */
static int output_count(const char *needle) {
  const char *out = slurp("out");
  int n = 0;
  for (const char *p = out; p && (p = strstr(p, needle)); p++) n++;
  return n;
}

static int output_has(const char *needle) {
  if (output_count(needle)) return 1;
  print_message("missing '%s' in:\n%s\n", needle, slurp("out"));
  return 0;
}

static int exists(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", tmp, name);
  return access(path, F_OK) == 0;
}

/* A mistake in the options stops the run before its first game: exit
** code `code`, the message once, no speed line and no --out file. */
static void refused(int code, const char *msg, const char *opts) {
  char name[64];
  static int k;
  snprintf(name, sizeof name, "refused%d.jsonl", ++k);
  assert_int_equal(run("sim %s --seeds 1..4 --ai random --turn-cap 30 --no-cards --out %s", opts,
                       name), code);
  if (output_count(msg) != 1) fail_msg("'%s' not once in:\n%s", msg, slurp("out"));
  assert_int_equal(output_count("games in"), 0);
  assert_false(exists(name));
}

/* --seeds with --games (or --seed) would let the last option win. */
static void test_sim_seeds_with_games(void **st) {
  (void)st;
  assert_int_equal(run("sim --seeds 10..11 --games 3 --ai random --turn-cap 30"), 2);
  assert_true(output_has("not both (--seeds with --games)"));
  assert_int_equal(run("sim --games 3 --seeds 10..11 --ai random --turn-cap 30"), 2);
  assert_true(output_has("not both"));
  assert_int_equal(output_count("games in"), 0);
}

static void dud_card(void);

/* A card number of no card would leave both sets alike and report "no
** difference"; a missing folder, plugin or map stops the run at once. */
static void test_sim_checks_before_games(void **st) {
  (void)st;
  refused(2, "--with-card 99999: no card has the number 99999", "--with-card 99999");
  refused(2, "--without-card 99999: no card has the number 99999", "--without-card 99999");
  refused(2, "card 99999 to leave out of the game: no card has that number", "--exclude 99999");
  refused(2, "--with-card 401: the card is also left out by --exclude",
          "--with-card 401 --exclude 401");
  refused(1, "--compare-cards /nonexistent: extra card folder not found",
          "--compare-cards /nonexistent");
  /* a card only the compared folder has, left out: said as such (it read
  ** "no card has that number") */
  dud_card();
  refused(2, "--exclude 1002: card 1002 is a card of the --compare-cards folder dud, which set A "
          "plays without", "--compare-cards dud --exclude 1002");
  refused(1, "/nonexistent/plugin: plugin folder not found", "--plugin /nonexistent/plugin");
  refused(1, "extra card folder not found: /nonexistent", "--cards /nonexistent");
  /* a file in the place of a folder: said so, with the folder that holds
  ** it, as check says it */
#define HEDGEHOG ARK_SOURCE_DIR "/examples/fan-cards/1001-desert-hedgehog.yaml"
  refused(1, "extra card folder: " HEDGEHOG " is a file; give the folder that holds it ("
          ARK_SOURCE_DIR "/examples/fan-cards)", "--cards " HEDGEHOG);
  refused(1, "extra map folder: " HEDGEHOG " is a file; give the folder that holds it (",
          "--maps " HEDGEHOG);
  refused(1, "plugin folder: " ARK_GAME_DIR "/plugins/hundred-points/plugin.yaml is a file; "
          "give the folder that holds it (" ARK_GAME_DIR "/plugins/hundred-points)",
          "--plugin " ARK_GAME_DIR "/plugins/hundred-points/plugin.yaml");
  refused(1, "--compare-cards " HEDGEHOG ": extra card folder: " HEDGEHOG " is a file; ",
          "--compare-cards " HEDGEHOG);
#undef HEDGEHOG
  refused(2, "unknown map '99'", "--map 99");
  refused(2, "unknown map 'F1' (known: advanced 0 1 1a 2 2a 3 3a 4 4a 5 5a 6 6a 7 7a 8 8a A; a "
          "fan map needs its folder: --maps DIR, or maps: in a scenario)", "--map F1");
  refused(2, "cannot write /proc/x/y", "--svg /proc/x/y");
}

/* A file sim cannot write is refused before the first game with the
** reason (a Slurm job's --out results/part-0.jsonl before results/ was
** made said "cannot write" and nothing more). */
static void test_sim_cannot_write_says_why(void **st) {
  (void)st;
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/adir", tmp);
  mkdir(dir, 0755);
  assert_int_equal(run("sim --seeds 1..2 --ai random --out results/part-0.jsonl"), 2);
  assert_int_equal(output_count("arknova sim: cannot write results/part-0.jsonl: No such file or "
                                "directory\n"), 1);
  assert_int_equal(output_count("games in"), 0);
  assert_int_equal(run("sim --seeds 1..2 --ai random --out adir"), 2);
  assert_int_equal(output_count("arknova sim: cannot write adir: Is a directory\n"), 1);
  refused(2, "arknova sim: cannot write adir: Is a directory\n", "--svg adir");
  refused(2, "arknova sim: cannot write no/such/x.svg: No such file or directory\n",
          "--svg no/such/x.svg");
  assert_int_equal(run("sim merge --svg no/such/x.svg a.jsonl"), 2);
  assert_int_equal(output_count("arknova sim merge: cannot write no/such/x.svg: No such file or "
                                "directory\n"), 1);
  if (geteuid() != 0) {                  /* root may write anywhere */
    char ro[1024];
    snprintf(ro, sizeof ro, "%s/ro", tmp);
    mkdir(ro, 0555);
    refused(2, "arknova sim: cannot write ro/x.svg: Permission denied\n", "--svg ro/x.svg");
    assert_int_equal(run("sim --seeds 1..2 --ai random --out ro/x.jsonl"), 2);
    assert_int_equal(output_count("cannot write ro/x.jsonl: Permission denied\n"), 1);
    rmdir(ro);
  }
  rmdir(dir);
}

/* Naming the shipped data folder (its path, or a link to it) plays the
** printed game: the records name no change of rules and merge with a
** plain run's ("changed from the printed game: data games/arknova", and
** sim merge refused the two). */
static void test_sim_shipped_data_is_printed(void **st) {
  (void)st;
  char link[1024];
  snprintf(link, sizeof link, "%s/shipped", tmp);
  unlink(link);
  assert_int_equal(symlink(ARK_GAME_DIR, link), 0);
  assert_int_equal(run("sim --seeds 1..2 --ai random --turn-cap 30 --out plain.jsonl"), 0);
  assert_int_equal(run("sim --seeds 3..4 --ai random --turn-cap 30 --data shipped "
                       "--out named.jsonl"), 0);
  assert_int_equal(output_count("changed from the printed game"), 0);
  assert_non_null(strstr(slurp("named.jsonl"), "\"rules\":\"\","));
  assert_int_equal(run("sim --seeds 5..6 --ai random --turn-cap 30 --data " ARK_GAME_DIR
                       " --out full.jsonl"), 0);
  assert_int_equal(output_count("changed from the printed game"), 0);
  assert_int_equal(run("sim --seeds 7..8 --ai random --turn-cap 30 --game arknova "
                       "--out game.jsonl"), 0);
  assert_int_equal(output_count("changed from the printed game"), 0);
  assert_int_equal(run("sim merge plain.jsonl named.jsonl full.jsonl game.jsonl"), 0);
  assert_int_equal(output_count("merged 8 games from 4 files\n"), 1);
  unlink(link);
}

/* Overwrites the first "turns" of file name with another number. */
static void change_turns(const char *name, const char *to) {
  char *t = strdup(slurp(name)), *p = strstr(t, "\"turns\":"), buf[1 << 16];
  assert_non_null(p);
  snprintf(buf, sizeof buf, "%.*s\"turns\":%s%s", (int)(p - t), t, to, strchr(p, ','));
  t_write_file(tmp, name, buf);
  free(t);
}

/* The same file twice (or overlapping shards) counts each game once; the
** same game with two results is refused. */
static void test_sim_merge_repeats(void **st) {
  (void)st;
  assert_int_equal(run("sim --seeds 1..3 --ai random --turn-cap 40 --no-cards --out g.jsonl"), 0);
  assert_int_equal(run("sim merge g.jsonl g.jsonl"), 0);
  assert_true(output_has("merged 3 games from 2 files\n"));
  assert_true(output_has("seed 1 appears twice (overlapping shards?): dropped 3 records that "
                         "repeat a game and its result"));
  assert_int_equal(run("sim --seeds 3..4 --ai random --turn-cap 40 --no-cards --out h.jsonl"), 0);
  assert_int_equal(run("sim merge g.jsonl h.jsonl"), 0);
  assert_true(output_has("merged 4 games from 2 files\n"));
  assert_true(output_has("seed 3 appears twice"));
  change_turns("h.jsonl", "999");
  assert_int_equal(run("sim merge g.jsonl h.jsonl"), 1);
  assert_true(output_has("seed 3 has two different results, g.jsonl:3 and h.jsonl:1"));
  assert_int_equal(output_count("merged"), 0);
}

/* The turn cap and the mcts budget are in every record, and merge refuses
** shards that differ in one, naming it; a greedy game has no mcts budget
** to differ in. */
static void test_sim_records_settings(void **st) {
  (void)st;
  assert_int_equal(run("sim --seeds 1..2 --ai random --turn-cap 40 --no-cards --out c40.jsonl"), 0);
  assert_non_null(strstr(slurp("c40.jsonl"), "\"settings\":\"turn-cap 40\","));
  assert_int_equal(run("sim --seeds 3..4 --ai random --turn-cap 50 --no-cards --out c50.jsonl"), 0);
  assert_int_equal(run("sim merge c40.jsonl c50.jsonl"), 1);
  assert_true(output_has("c40.jsonl:1 and c50.jsonl:1 were played with different settings "
                         "(turn-cap 40 and turn-cap 50)"));
  assert_int_equal(run("sim --seeds 1..1 --ai mcts,random --mcts-iters 2 --turn-cap 16 "
                       "--no-cards --out m2.jsonl"), 0);
  assert_non_null(strstr(slurp("m2.jsonl"), "\"settings\":\"turn-cap 16; mcts-iters 2; "
                                            "rollout fast; rollout-turns 1\","));
  assert_int_equal(run("sim --seeds 2..2 --ai mcts,random --mcts-iters 3 --turn-cap 16 "
                       "--no-cards --out m3.jsonl"), 0);
  assert_int_equal(run("sim --seeds 3..3 --ai random --turn-cap 16 --no-cards --out r16.jsonl"), 0);
  assert_int_equal(run("sim merge r16.jsonl m2.jsonl m3.jsonl"), 1);
  assert_true(output_has("m2.jsonl:1 and m3.jsonl:1 were played with different settings "
                         "(mcts-iters 2 and mcts-iters 3)"));
  assert_int_equal(run("sim merge r16.jsonl m2.jsonl"), 0);
}

/* A fan card whose script fails (it has no bird icon to count). */
static void broken_card(void) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/e7", tmp);
  mkdir(dir, 0755);
  t_write_file(dir, "1010-test-gnu.yaml",
               "number: 1010\nname: Test Gnu\ntype: animal\ndescription: \"A test.\"\n"
               "cost: 6\nsize: 1\nicons: [herbivore, africa]\nappeal: 2\n");
  t_write_file(dir, "1010-test-gnu.lua",
               "local card = {}\nfunction card.on_play(p, id)\n"
               "  local n = CARDS[id].icons.bird + 1\nend\nreturn card\n");
}

/* A failing script is named with its message: the random AI plays the
** card and the game stops its script; the greedy only meets the failure
** in its trials of moves, where the card merely looks weak, and the
** card test and its merge warn of it all the same. */
static void test_sim_script_failures(void **st) {
  (void)st;
  broken_card();
  assert_int_equal(run("sim --cards e7 --seeds 5..8 --ai random --no-cards --out r.jsonl"), 0);
  assert_true(output_has("warning: a card or map script was stopped in "));
  assert_true(output_has("\n  the first, seed 6: script of Test Gnu stopped: "));
  assert_true(output_has("attempt to perform arithmetic on "));   /* LuaJIT words it apart */
  assert_true(output_has("'bird'"));
  assert_int_equal(output_count("see their logs"), 0);
  assert_non_null(strstr(slurp("r.jsonl"), "\"script_stop\":\"script of Test Gnu stopped: "));
  assert_non_null(strstr(slurp("r.jsonl"), "\"script_failures\":1,"));
  assert_int_equal(run("sim --cards e7 --test-card 1010 --seeds 1..3 --ai greedy --out t.jsonl"), 0);
  assert_true(output_has("warning: a card or map script failed in "));
  assert_true(output_has("each time in an AI's trial of a move"));
  assert_true(output_has("the first, seed 1, arm B: script of Test Gnu stopped: "));
  assert_true(output_has("so the figures below do not show what the card does as written"));
  assert_non_null(strstr(slurp("t.jsonl"), "\"script_failure\":\"script of Test Gnu"));
  assert_int_equal(run("sim merge t.jsonl"), 0);
  assert_true(output_has("the first, seed 1, arm B: script of Test Gnu stopped: "));
  /* no chart of a test's pairs, refused before its report as by the run */
  assert_int_equal(run("sim merge t.jsonl --svg t.svg"), 2);
  assert_true(output_has("arknova sim merge: --svg charts one set of games, not --test-card's "
                         "pairs"));
  assert_false(output_has("merged 6 games"));
}

/* Lines in a file of records. */
static long lines_of(const char *name) {
  long n = 0;
  for (const char *c = slurp(name); c && *c; c++) n += *c == '\n';
  return n;
}

/* SIGINT lets the games under way finish, then says how many finished
** and what --out holds: whole lines, as many as it says, in whole pairs
** (a seed's two arms are played one after the other) that sim merge
** reports. */
static void test_sim_interrupted(void **st) {
  (void)st;
  char path[512], outp[512], want[128];
  snprintf(path, sizeof path, "%s/i.jsonl", tmp);
  snprintf(outp, sizeof outp, "%s/out", tmp);
  remove(path);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int fd = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    execl(exe, exe, "sim", "--test-card", "401", "--seeds", "1..100000", "--ai", "random",
          "--turn-cap", "40", "--threads", "2", "--no-cards", "--out", path, (char *)NULL);
    _exit(127);
  }
  for (int tries = 0; tries < 600 && lines_of("i.jsonl") < 6; tries++) {
    struct timespec ts = { 0, 50000000 };
    nanosleep(&ts, NULL);
  }
  kill(pid, SIGINT);
  int status;
  waitpid(pid, &status, 0);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 130);
  long n = lines_of("i.jsonl");
  assert_true(n >= 6 && n < 100000);
  assert_true(output_has("arknova sim: interrupted after "));
  snprintf(want, sizeof want, "i.jsonl holds the first %ld games in order, %ld whole pairs", n,
           n / 2);
  assert_true(output_has(want));
  snprintf(want, sizeof want, "run the same command with --seeds %ld..100000 and another --out "
           "file", 1 + n / 2);
  assert_true(output_has(want));
  const char *t = slurp("i.jsonl");
  assert_int_equal(t[strlen(t) - 1], '\n');
  assert_int_equal(run("sim merge i.jsonl"), 0);
  snprintf(want, sizeof want, "test of card 401: %ld pairs of games on the same seeds", n / 2);
  assert_true(output_has(want));
}

/* A comparison's intervals over records written by hand: 4 seeds, P1's
** score B - A 10, 0, 6, -4 and win B - A 1, 0, 1, 0, with Student's t
** for 3 degrees of freedom (3.182446), as --test-card's pairs, and the
** warning for fewer than 30 pairs. */
static void test_sim_compare_numbers(void **st) {
  (void)st;
  static const int a[4][2] = { { 5, 0 }, { 8, 1 }, { -2, 0 }, { 0, 0 } };
  static const int b[4][2] = { { 15, 1 }, { 8, 1 }, { 4, 1 }, { -4, 0 } };
  char text[4096];
  size_t k = 0;
  for (int set = 0; set < 2; set++)
    for (int i = 0; i < 4; i++) {
      const int *x = set ? b[i] : a[i];
      k += (size_t)snprintf(text + k, sizeof text - k,
                            "{\"seed\":%d,\"set\":\"%s\",\"players\":2,\"map\":\"A\","
                            "\"rules\":\"%s\",\"start\":1,\"ai\":[\"greedy\",\"greedy\"],"
                            "\"scores\":[%d,-50],\"ranks\":[%d,%d],\"turns\":80,"
                            "\"capped\":false,\"error\":false,\"plays\":[]}\n", i + 1,
                            set ? "B" : "A", set ? "" : "without card 401", x[0],
                            x[1] ? 1 : 2, x[1] ? 2 : 1);
    }
  t_write_file(tmp, "cmp.jsonl", text);
  assert_int_equal(run("sim merge cmp.jsonl"), 0);
  /* win: 2 of 4 pairs differ, both won in B: the exact interval --test-card
  ** gives; score: mean 3, sd 6.2183 -> +-9.894694 */
  assert_int_equal(output_count("P1             4     25.0%     75.0%   +50.0% [-63.8%, +93.2%]"
                                "     +3.00 [-6.89, +12.89]\n"), 1);
  assert_int_equal(output_count("warning: only 4 pairs: the intervals are rough and wide"), 1);
  /* 4 pairs that all went one way: no interval of no width (a t interval
  ** had given -100.0% [-100.0%, -100.0%]) */
  k = 0;
  for (int set = 0; set < 2; set++)
    for (int i = 0; i < 4; i++)
      k += (size_t)snprintf(text + k, sizeof text - k,
                            "{\"seed\":%d,\"set\":\"%s\",\"players\":2,\"map\":\"A\","
                            "\"rules\":\"%s\",\"start\":1,\"ai\":[\"greedy\",\"greedy\"],"
                            "\"scores\":[%d,0],\"ranks\":[%d,%d],\"turns\":80,"
                            "\"capped\":false,\"error\":false,\"plays\":[]}\n", i + 1,
                            set ? "B" : "A", set ? "" : "without card 401", set ? -5 : 5,
                            set ? 2 : 1, set ? 1 : 2);
  t_write_file(tmp, "one-way.jsonl", text);
  assert_int_equal(run("sim merge one-way.jsonl"), 0);
  assert_int_equal(output_count(" -100.0% [-100.0%, +20.5%] "), 1);
  assert_int_equal(output_count(" +100.0% [-20.5%, +100.0%] "), 1);
}

/* The turns of `plays` and played_turn count game turns alike, from 1:
** arm B of seed 3 plays the fan card 1001 at game turn 6, which both
** fields name.  Records written before plays_turn_base counted the turns
** of plays from 0, and are read one higher: the same game recorded both
** ways merges as one game. */
static void test_sim_play_turns_from_1(void **st) {
  (void)st;
  assert_int_equal(run("sim --test-card 1001 --cards %s/examples/fan-cards --seeds 3..3 --ai greedy "
                       "--threads 1 --out pt.jsonl", ARK_SOURCE_DIR), 0);
  const char *b = strstr(slurp("pt.jsonl"), "{\"seed\":3,\"set\":\"B\"");
  assert_non_null(b);
  assert_non_null(strstr(b, "\"played_turn\":6,"));
  assert_non_null(strstr(b, ",[2,1001,6]"));
  assert_non_null(strstr(b, "],\"plays_turn_base\":1}"));
  const char *rec = "{\"seed\":1,\"set\":\"A\",\"players\":2,\"map\":\"A\",\"rules\":\"\","
                    "\"start\":1,\"ai\":[\"greedy\",\"greedy\"],\"scores\":[5,-50],"
                    "\"ranks\":[1,2],\"turns\":80,\"capped\":false,\"error\":false,"
                    "\"plays\":[[1,401,%d]]%s}\n";
  char text[2048];
  int k = snprintf(text, sizeof text, rec, 4, "");
  snprintf(text + k, sizeof text - (size_t)k, rec, 5, ",\"plays_turn_base\":1");
  t_write_file(tmp, "old-new.jsonl", text);
  assert_int_equal(run("sim merge old-new.jsonl"), 0);
  assert_true(output_has("seed 1 appears twice (overlapping shards?): dropped 1 record"));
}

/* A fan card nobody would play: the two arms of a card test must still
** draft alike.  The AIs' look-ahead, had their views known arm B's
** pending hand-over, would keep other cards (seeds 4, 6 and 7). */
static void dud_card(void) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/dud", tmp);
  mkdir(dir, 0755);
  t_write_file(dir, "1002-dud.yaml", "number: 1002\nname: Dud Beast\ntype: animal\n"
               "description: \"Useless.\"\ncost: 30\nsize: 5\nappeal: 0\n");
}

/* Shards of a test whose fan card was edited between them do not merge: a
** record names its fan folders with a print of their files (two versions
** of a card had merged into one test, describing neither). */
static void test_sim_merge_card_versions(void **st) {
  (void)st;
  dud_card();
  assert_int_equal(run("sim --cards dud --test-card 1002 --seeds 1..2 --ai random --turn-cap 30 "
                       "--out ver1.jsonl"), 0);
  assert_true(output_has("changed from the printed game: cards dud; files "));
  assert_int_equal(run("sim --cards dud --test-card 1002 --seeds 3..4 --ai random --turn-cap 30 "
                       "--out ver1b.jsonl"), 0);
  assert_int_equal(run("sim merge ver1.jsonl ver1b.jsonl"), 0);
  char dir[512];
  snprintf(dir, sizeof dir, "%s/dud", tmp);
  t_write_file(dir, "1002-dud.yaml", "number: 1002\nname: Dud Beast\ntype: animal\n"
               "description: \"Now useful.\"\ncost: 3\nsize: 1\nappeal: 9\n");
  assert_int_equal(run("sim --cards dud --test-card 1002 --seeds 5..6 --ai random --turn-cap 30 "
                       "--out ver2.jsonl"), 0);
  assert_int_equal(run("sim merge ver1.jsonl ver2.jsonl"), 1);
  assert_true(output_has("ver1.jsonl:1 and ver2.jsonl:1 were played with other versions of the "
                         "fan folders"));
  assert_true(output_has("a file in them changed between the runs (a card edited?)"));
  dud_card();                                   /* as the other tests have it */
}

static void test_sim_test_card_same_draft(void **st) {
  (void)st;
  dud_card();
  assert_int_equal(run("sim --cards dud --test-card 1002 --seeds 4..7 --ai greedy"), 0);
  assert_true(output_has("draft: the same in both arms in 4 of 4 pairs (the card took the "
                         "place of the card the seat kept last in arm A)\n"));
}

/* One pair of a card test, written by hand: the tested seat's score and
** the other seat's, and the game's turns, in arm A and in arm B. */
typedef struct test_pair { int seed, own_a, other_a, turns_a, own_b, other_b, turns_b; } test_pair;

static void write_test_pairs(const char *name, const test_pair *tp, int n) {
  const char *rec = "{\"seed\":%d,\"set\":\"%s\",\"players\":2,\"map\":\"A\",\"rules\":"
                    "\"test card 401\",\"start\":1,\"ai\":[\"greedy\",\"greedy\"],"
                    "\"scores\":[%d,%d],\"ranks\":[%d,%d],\"turns\":%d,\"capped\":false,"
                    "\"error\":false,\"test_card\":401,\"tested\":%d,\"played\":false,"
                    "\"plays\":[]}\n";
  char text[8192];
  size_t k = 0;
  for (int i = 0; i < n; i++)
    for (int arm = 0; arm < 2; arm++) {
      int t = tp[i].seed % 2, own = arm ? tp[i].own_b : tp[i].own_a;
      int other = arm ? tp[i].other_b : tp[i].other_a, won = own > other;
      k += (size_t)snprintf(text + k, sizeof text - k, rec, tp[i].seed, arm ? "B" : "A",
                            t ? other : own, t ? own : other, won == !t ? 1 : 2,
                            won == !t ? 2 : 1, arm ? tp[i].turns_b : tp[i].turns_a, t + 1);
    }
  t_write_file(tmp, name, text);
}

/* The tested seat's own score is the same with the card or without on
** average, but the other seat's falls by 8 to 12 points and the games are
** shorter: the margin over it shows the card's strength, which the own
** score alone would hide; the own score gets no verdict of its own. */
static void test_sim_test_card_margin(void **st) {
  (void)st;
  static const test_pair tp[6] = {
    { 1, 10, 12, 90, 13, 2, 80 }, { 2, 10, 12, 90, 7, 0, 82 }, { 3, 10, 12, 90, 12, 3, 81 },
    { 4, 10, 12, 90, 8, 1, 79 }, { 5, 10, 12, 90, 11, 2, 80 }, { 6, 10, 12, 90, 9, 4, 84 },
  };
  write_test_pairs("margin.jsonl", tp, 6);
  assert_int_equal(run("sim merge margin.jsonl"), 0);
  /* B - A, t(5) = 2.570582: margins 13, 9, 11, 9, 11, 7 (sd sqrt(4.4)); own
  ** scores 3, -3, 2, -2, 1, -1 (sd sqrt(5.6)); the other seat's -10, -12, -9,
  ** -11, -10, -8 (sd sqrt(2)); turns -10, -8, -9, -11, -10, -6 (sd sqrt(3.2)) */
  assert_true(output_has("margin          -2.00     8.00   +10.00 [+7.80, +12.20]        2.10"));
  assert_true(output_has("own score       10.00    10.00   +0.00 [-2.48, +2.48]          2.37"));
  assert_true(output_has("others' best    12.00     2.00   -10.00 [-11.48, -8.52]        1.41"));
  assert_true(output_has("game turns      90.00    81.00   -9.00 [-10.88, -7.12]         1.79"));
  assert_true(output_has("margin: higher with the card (the interval lies above 0)\n"));
  assert_true(output_has("game length: shorter with the card (the interval lies below 0)\n"));
  assert_int_equal(output_count("score: "), 0);
}

/* Four pairs in which the tested seat scores 0 against 10 in arm A and
** 20 against 10 in arm B, on seeds 68..71. */
static const test_pair few[4] = {
  { 68, 0, 10, 80, 20, 10, 70 }, { 69, 0, 10, 80, 20, 10, 70 },
  { 70, 0, 10, 80, 20, 10, 70 }, { 71, 0, 10, 80, 20, 10, 70 },
};

/* Four pairs that all agree (won in arm B only) are no proof: the exact
** sign test on them gives p = 1/8, and the interval reaches below 0 (its
** lower end (2 x 0.025^(1/4) - 1) = -20.5%).  A difference the same in
** every pair has an interval of no width, which gives no verdict from
** fewer than 30 pairs and no pairs to halve it. */
static void test_sim_test_card_few_pairs(void **st) {
  (void)st;
  write_test_pairs("few.jsonl", few, 4);
  assert_int_equal(run("sim merge few.jsonl"), 0);
  assert_true(output_has("win rate         0.0%   100.0%   +100.0% [-20.5%, +100.0%]"));
  assert_true(output_has("win rate: no difference shown (the interval includes 0)\n"
                         "  (4 pairs won in arm B only, 0 in arm A only; exact sign test on "
                         "those 4: p = 0.125)\n"));
  assert_true(output_has("margin: cannot tell from 4 pairs (every pair gave the same difference"));
  assert_true(output_has("margin         -10.00    10.00   +20.00 [+20.00, +20.00]       0.00"
                         "               -\n"));
  assert_int_equal(output_count("higher with the card"), 0);
  /* two of four pairs won in arm B only, two won in both: the ends take
  ** the exact interval of 2 of 4 pairs differing, [6.8%, 93.2%], and of 2
  ** of 2 won in arm B, [15.8%, 100%]: (2 x 0.158 - 1) x 0.932 = -63.8% and
  ** 93.2%, where taking 2 of 4 as measured would end it at the mean, 50% */
  static const test_pair half[4] = {
    { 68, 0, 10, 80, 20, 10, 70 }, { 69, 20, 10, 80, 20, 10, 70 },
    { 70, 0, 10, 80, 20, 10, 70 }, { 71, 20, 10, 80, 20, 10, 70 },
  };
  write_test_pairs("half.jsonl", half, 4);
  assert_int_equal(run("sim merge half.jsonl"), 0);
  assert_true(output_has("win rate        50.0%   100.0%   +50.0% [-63.8%, +93.2%]"));
}

/* A comparison says how often its card was in a hand and played in set
** B, and warns below half the games as --test-card does: the random AIs
** never play the Dud Beast (cost 30, size 5) in these 10 games though
** it reaches a hand in 6.  Its records keep both, so merge says the same. */
static void test_sim_compare_card_plays(void **st) {
  (void)st;
  dud_card();
  assert_int_equal(run("sim --compare-cards dud --seeds 1..10 --ai random --no-cards "
                       "--out cc.jsonl"), 0);
  static const char *const want[2] = {
    "cards under test in set B (all):\ncard 1002: in a hand in 6 of 10 games, played in 0, "
    "0.0% [0.0%, 27.8%]\n",
    "warning: card 1002 was played in only 0% of set-B games (below 50%): the others are "
    "games it did not touch, so the differences are thinned out among them; --test-card 1002 "
    "--cards dud puts it in a hand\n"
  };
  for (int k = 0; k < 2; k++) assert_true(output_has(want[k]));
  assert_non_null(strstr(slurp("cc.jsonl"), "\"compared\":[1002],\"held\":[1002],"));
  assert_int_equal(run("sim merge cc.jsonl"), 0);
  for (int k = 0; k < 2; k++) assert_true(output_has(want[k]));
  /* the advice runs as written (without --cards dud it exited 2: no card 1002) */
  assert_int_equal(run("sim --test-card 1002 --cards dud --seeds 1..2 --ai random"), 0);
  assert_true(output_has("test of card 1002 ("));
  assert_int_equal(run("sim --with-card 401 --seeds 1..10 --ai random --no-cards"), 0);
  assert_true(output_has("card 401: in a hand in 4 of 10 games, played in 0, 0.0%"));
  assert_true(output_has("so the differences are thinned out among them; --test-card 401 puts "
                         "it in a hand\n"));
  assert_false(output_has("stopped by the turn cap: B - A"));
  /* every game stopped by the cap: the comparison says so, as --test-card
  ** does (it said nothing past the sets' summaries) */
  assert_int_equal(run("sim --without-card 401 --turn-cap 40 --seeds 1..4 --ai random "
                       "--no-cards"), 0);
  assert_true(output_has("warning: 8 of 8 games were stopped by the turn cap: B - A compares "
                         "games left unfinished"));
}

/* sim's game of seed S is the game `play --seed S` plays with the same
** options, so an odd game found in --out can be watched move by move. */
static void test_sim_seed_is_play_seed(void **st) {
  (void)st;
  static const char *const ais[] = { "random", "greedy" };
  for (int k = 0; k < 2; k++) {
    assert_int_equal(run("sim --seeds 7..7 --ai %s --players 3 --out one.jsonl", ais[k]), 0);
    const char *line = slurp("one.jsonl");
    assert_non_null(line);
    int sim_score[3];
    const char *sc = strstr(line, "\"scores\":[");
    assert_non_null(sc);
    assert_int_equal(sscanf(sc + 10, "%d,%d,%d", &sim_score[0], &sim_score[1], &sim_score[2]), 3);
    assert_int_equal(run("play --seed 7 --ai %s --players 3", ais[k]), 0);
    const char *out = slurp("out");
    for (int p = 0; p < 3; p++) {
      char key[32];
      int score;
      snprintf(key, sizeof key, "\nP%d     %-7s ", p + 1, ais[k]);
      const char *row = strstr(out, key);
      assert_non_null(row);
      assert_int_equal(sscanf(row + strlen(key), "%d", &score), 1);
      assert_int_equal(score, sim_score[p]);
    }
  }
}

/* The progress lines in a log: the first says no time left (every thread
** was still loading its content), later ones do, from the pace since the
** first game's end. */
static void test_sim_progress_lines(void **st) {
  (void)st;
  assert_int_equal(run("sim --games 40 --ai random --no-cards --threads 2"), 0);
  const char *o = slurp("out");
  const char *first = strstr(o, "] 1/40 games");
  assert_non_null(first);
  assert_true(first[strlen("] 1/40 games")] == '\n');
  assert_non_null(strstr(o, "] 4/40 games, 0m "));
}

/* Games that stopped with an error (a plugin's failing hook) make the run
** exit 1 with the first message, as play does; the others are counted. */
static void test_sim_game_errors_exit(void **st) {
  (void)st;
  assert_int_equal(run("sim --plugin %s/tests/hostile/plugin-error --games 3 --ai random",
                       ARK_SOURCE_DIR), 1);
  assert_true(output_has("seeds 1..3, 2 players, map A, ai random,random\n"));
  assert_true(output_has("3 games (3 errors, 0 stopped by the turn cap)"));
  assert_true(output_has("arknova sim: 3 of 3 games stopped with an error; the figures count "
                         "the others; the first, seed 1: "));
  assert_true(output_has("plugin-error/hooks.lua:4: attempt to call "));   /* LuaJIT words it apart */
  assert_true(output_has("'gian'"));
}

/* A comparison merged from both seat orders (--ai greedy,random and
** random,greedy) pairs each game of set A with set B's game of the same
** seed and the same AIs in the same seats: it took the first set-B record
** of the seed, the other order's, and so compared a greedy seat with a
** random one (harvest: P1 +7.5% with set B, where B is A). */
static void test_sim_merge_pairs_by_seats(void **st) {
  (void)st;
  static const char *const harvest = ARK_SOURCE_DIR "/tests/games/harvest";
  assert_int_equal(run("sim --game %s --with-card 1 --seeds 1..20 --ai greedy,random "
                       "--out gr.jsonl", harvest), 0);
  assert_int_equal(run("sim --game %s --with-card 1 --seeds 1..20 --ai random,greedy "
                       "--out rg.jsonl", harvest), 0);
  assert_int_equal(run("sim merge gr.jsonl rg.jsonl"), 0);
  assert_true(output_has("P1            40     67.5%     67.5%    +0.0% [-16.5%, +16.5%]"));
  /* named as the run named it (it said "with set B") */
  assert_true(output_has("comparison on the same seeds: B (with card 1 Field 1) minus A"));
  assert_true(output_has("P2            40     32.5%     32.5%    +0.0% [-16.5%, +16.5%]"));
}

/* One pair gives its results and says it has no interval (the table was
** left empty, without a word). */
static void test_sim_compare_one_pair(void **st) {
  (void)st;
  assert_int_equal(run("sim --game %s/tests/games/harvest --with-card 1 --seeds 3..3 "
                       "--svg c.svg", ARK_SOURCE_DIR), 0);
  assert_true(output_has("P1             1"));
  assert_true(output_has("no interval from 1 pair\n"));
  assert_true(output_has("warning: only 1 pair: the intervals are rough"));
  /* the chart of a comparison says it shows set B */
  assert_non_null(strstr(slurp("c.svg"), "Final scores (1 game of set B, with what it adds)"));
}

int main(void) {
  if (t_cmd_begin("test_sim") != 0) return 1;
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_sim_seeds_with_games),
    cmocka_unit_test(test_sim_cannot_write_says_why),
    cmocka_unit_test(test_sim_shipped_data_is_printed),
    cmocka_unit_test(test_sim_merge_maps),
    cmocka_unit_test(test_sim_turn_cap_holds),
    cmocka_unit_test(test_sim_ties_said),
    cmocka_unit_test(test_sim_test_card_mixed_ais),
    cmocka_unit_test(test_sim_test_card_turn_cap),
    cmocka_unit_test(test_sim_compare_numbers),
    cmocka_unit_test(test_sim_play_turns_from_1),
    cmocka_unit_test(test_sim_merge_card_versions),
    cmocka_unit_test(test_sim_test_card_same_draft),
    cmocka_unit_test(test_sim_test_card_few_pairs),
    cmocka_unit_test(test_sim_test_card_margin),
    cmocka_unit_test(test_sim_compare_card_plays),
    cmocka_unit_test(test_sim_seed_is_play_seed),
    cmocka_unit_test(test_sim_progress_lines),
    cmocka_unit_test(test_sim_game_errors_exit),
    cmocka_unit_test(test_sim_checks_before_games),
    cmocka_unit_test(test_sim_merge_repeats),
    cmocka_unit_test(test_sim_records_settings),
    cmocka_unit_test(test_sim_script_failures),
    cmocka_unit_test(test_sim_interrupted),
    cmocka_unit_test(test_bad_config),
    cmocka_unit_test(test_refused_answer),
    cmocka_unit_test(test_determinism_across_processes),
    cmocka_unit_test(test_clone_same_answers),
    cmocka_unit_test(test_random_2p),
    cmocka_unit_test(test_random_3p),
    cmocka_unit_test(test_random_4p),
    cmocka_unit_test(test_sim_merge_pairs_by_seats),
    cmocka_unit_test(test_sim_compare_one_pair),
  };
  return t_cmd_end(cmocka_run_group_tests(tests, NULL, NULL));
}
