/*
** replay.c - runs a harness over files without libFuzzer, so that the
** seed and regression corpora (tests/fuzz/corpus, tests/fuzz/regress)
** are a plain ctest test of every build, ASan's included:
**   replay_fuzz_card FILE-OR-DIR...
*/
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

static int count;

static void one(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    exit(1);
  }
  if (S_ISDIR(st.st_mode)) {
    struct dirent **names;
    int n = scandir(path, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
      char sub[4096];
      if (names[i]->d_name[0] != '.') {
        snprintf(sub, sizeof sub, "%s/%s", path, names[i]->d_name);
        one(sub);
      }
      free(names[i]);
    }
    free(names);
    return;
  }
  FILE *f = fopen(path, "rb");
  uint8_t *buf = malloc((size_t)st.st_size + 1);
  size_t n = f && buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
  if (f) fclose(f);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  count++;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) one(argv[i]);
  printf("%d inputs ran without a failure\n", count);
  return 0;
}
