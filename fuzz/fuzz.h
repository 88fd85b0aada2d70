/* fuzz.h - what the fuzz harnesses share.
 *
 * Each harness (fuzz/<reader>.c) feeds one of mrlab's input readers, which
 * all take paths, so an input is written to a file first: in a directory of
 * the process's own, under /dev/shm by default (memory, not disk, as
 * libFuzzer runs thousands of inputs a second).  A harness is
 * LLVMFuzzerTestOneInput and, where it needs setup, LLVMFuzzerInitialize;
 * built with clang's libFuzzer (MRLAB_FUZZ=ON) it fuzzes, built otherwise
 * it is linked with replay.c and runs the files named on its command line
 * once each, which is how the test suite replays the kept regression
 * inputs (fuzz/regressions/). */
#ifndef MRLAB_FUZZ_H
#define MRLAB_FUZZ_H

#include "import.h"

#include <stddef.h>
#include <stdint.h>

/* The process's scratch directory, in $TMPDIR or else /dev/shm (created on
 * first use, removed at exit; a crash leaves it behind). */
const char *fuzz_dir(void);

/* Writes the SIZE bytes of DATA to fuzz_dir()/NAME, where NAME may hold one
 * folder ("run/jobs.csv"; the folder is created).  Returns the path (a
 * static buffer of its own for each of four calls in a row). */
const char *fuzz_write(const char *name, const uint8_t *data, size_t size);

/* Checks what a reader said on failure: a message on one line.  Aborts (a
 * finding) when ERR is empty or holds a newline. */
void fuzz_check_error(const char *reader, const char *err);

/* What an importer (READER: "swim_read", "rumen_read") made of an input:
 * T, or NULL and its one-line message ERR.  T is written as a workload file
 * in FORMAT's name, as `mrlab import` does, read back by workload_read as
 * `mrlab run` does (which may refuse, in one line) and freed. */
void fuzz_import_check(import_trace *t, const char *format, const char *reader, const char *err);

/* The harness, and its optional setup, as libFuzzer calls them. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#endif
