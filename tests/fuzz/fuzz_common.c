/*
** fuzz_common.c - the scratch folder of a harness process.
*/
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fuzz.h"

static char dir[256];

static void remove_dir(void) {
  char cmd[300];
  if (!dir[0]) return;
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) fprintf(stderr, "fuzz: could not remove %s\n", dir);
}

const char *fuzz_dir(void) {
  if (!dir[0]) {
    snprintf(dir, sizeof dir, "/tmp/arkfuzz.XXXXXX");
    if (!mkdtemp(dir)) {
      perror("fuzz: mkdtemp");
      abort();
    }
    atexit(remove_dir);
  }
  return dir;
}

const char *fuzz_write(const char *name, const uint8_t *data, size_t size) {
  static char path[512];
  snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
  FILE *f = fopen(path, "wb");
  if (!f) {                              /* the first time: make the folders */
    for (char *s = strchr(path + strlen(fuzz_dir()) + 1, '/'); s; s = strchr(s + 1, '/')) {
      *s = '\0';
      mkdir(path, 0700);
      *s = '/';
    }
    f = fopen(path, "wb");
  }
  if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
    perror("fuzz: write");
    abort();
  }
  return path;
}
