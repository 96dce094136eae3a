/*
** fuzz.h - shared pieces of the libFuzzer harnesses in tests/fuzz:
** every loader reads files, so an input is written to a file in a folder
** of this process's own first.  See docs/fuzzing.md.
*/
#ifndef ARK_FUZZ_H
#define ARK_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#ifndef ARK_GAME_DIR
#define ARK_GAME_DIR "."
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The process's scratch folder (made on first use, removed at exit). */
const char *fuzz_dir(void);
/* Writes data to fuzz_dir()/name (sub-folders made as needed) and returns
** the file's path, in a buffer the next call reuses. */
const char *fuzz_write(const char *name, const uint8_t *data, size_t size);

#endif
