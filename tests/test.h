/* test.h - what every mrlab test program shares.
 *
 * Tests are cmocka programs (Debian's libcmocka, a maintained C unit-test
 * library whose TAP output prove reads), one per module.  This header adds
 * the paths of the source tree and of the built mrlab, and a way to run
 * mrlab as a user would and look at its status, stdout and stderr. */
#ifndef MRLAB_TEST_H
#define MRLAB_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "csv.h"
#include "platform.h"

#include <math.h>
#include <stdio.h>

/* Fails unless |A - B| <= TOL (cmocka 1.1 compares floats only). */
#define assert_close(a, b, tol)                                                                                        \
  do {                                                                                                                 \
    double a_ = (a), b_ = (b);                                                                                         \
    if (!(fabs(a_ - b_) <= (tol)))                                                                                     \
      fail_msg("%s = %.17g, expected %.17g within %g", #a, a_, b_, (double)(tol));                                     \
  } while (0)

/* Runs TESTS with TAP output; the return value of main. */
#define TEST_MAIN(tests)                                                                                               \
  do {                                                                                                                 \
    cmocka_set_message_output(CM_OUTPUT_TAP);                                                                          \
    return cmocka_run_group_tests(tests, NULL, NULL);                                                                  \
  } while (0)

/* MRLAB_SOURCE_DIR "/" REL, in a static buffer. */
const char *test_source_path(const char *rel);

/* Reads the shipped platform platforms/NAME.cfg, failing the test if it is bad. */
platform *test_read_platform(const char *name);

/* The output of one run of the mrlab program. */
typedef struct {
  int status; /* exit status, or 128 + signal */
  char out[65536], err[65536];
} test_run;

/* Runs mrlab with the NULL-terminated ARGS in directory CWD (NULL: the
 * current one), capturing stdout and stderr. */
void test_run_mrlab(test_run *r, const char *cwd, const char *const *args);

/* Runs mrlab as test_run_mrlab does, within BYTES of address space
 * (RLIMIT_AS, which it inherits), and returns 0; or returns -1 without
 * running it in a build with AddressSanitizer, which reserves terabytes of
 * address space (the caller then passes, saying so). */
int test_run_mrlab_within(test_run *r, const char *cwd, const char *const *args, long bytes);

/* Runs mrlab with the NULL-terminated ARGS, its stdout on /dev/null and
 * its stderr on a pseudo-terminal of type TERM (with MRLAB_PROGRESS_AFTER
 * set to AFTER unless it is NULL); puts what the terminal saw into SEEN
 * (SIZE bytes, NUL-terminated) and returns mrlab's exit status, or 128 +
 * the signal that ended it. */
int test_run_on_tty(const char *const *args, const char *term, const char *after, char *seen, size_t size);

/* Writes TEXT as NAME into a fresh directory and runs mrlab there with the
 * NULL-terminated ARGS (which name NAME where they need it), into R;
 * returns the directory (static buffer). */
const char *test_run_beside(test_run *r, const char *name, const char *text, const char *const *args);

/* A command line mrlab must refuse: its last arguments, and what its one
 * line on stderr must hold. */
typedef struct {
  const char *args[8], *says;
} test_refusal;

/* For each of the N CASES, runs mrlab with the arguments HEAD (NULL-
 * terminated) then the case's, as test_run_beside with NAME and TEXT, and
 * fails unless it exits with status 2 and one line on stderr that holds
 * the case's SAYS, and writes nothing beside NAME. */
void test_refusals(const char *name, const char *text, const char *const *head, const test_refusal *cases, size_t n);

/* Creates a fresh empty directory and returns its path (static buffer). */
const char *test_tmpdir(void);

/* Writes TEXT to DIR/NAME and returns the path (static buffer). */
const char *test_write_file(const char *dir, const char *name, const char *text);

/* The text of DIR/NAME, cut at 1 MiB, in one of 8 static buffers used in
 * turn (so that two can be compared); the test fails if there is no such
 * file. */
const char *test_read_file(const char *dir, const char *name);

/* Whether NAME is byte-identical in directories A and B (cmp). */
int test_same_file(const char *a, const char *b, const char *name);

/* The number of entries in DIR, . and .. excluded. */
int test_count_files(const char *dir);

/* The complete run directories in RUNS (a validation's runs/EXPERIMENT):
 * their number, entries starting with '.' and mrlab run's temporaries
 * (".tmp-" in the name) left out; the names of the first MAX of them into
 * NAMES, unless NAMES is NULL. */
int test_complete_runs(const char *runs, char (*names)[256], int max);

/* The text of the small experiment on the platform file PLATFORM, in a
 * static buffer: terasort with four history runs (1GB and 2GB, 2 and 5
 * reducers), a target of 1500MB with 3 reducers (the default 5 seeds), a
 * 60 s deadline and tuning; `mrlab validate` runs it as twenty
 * simulations (history, the target's seeds, the toggled twin, and the
 * provisioned and tuned runs of each seed), in runs/small. */
const char *test_small_experiment(const char *platform);

/* Runs `mrlab compare` of a 512 MB TeraSort ("ts", 2 reducers) on toy4
 * with dfs.blocksize 128m and 256m over 2 seeds, into DIR/cmp beside its
 * workload ts.cfg, and returns DIR (static buffer); fails the test if the
 * comparison fails. */
const char *test_small_comparison(void);

/* A CSV file read whole (csv.h): row 0 is the header. */
typedef csv_table test_csv;

test_csv *test_csv_read(const char *path);
void test_csv_free(test_csv *t);
/* The cell of ROW (1 = first data row) in column COL, failing if there is none. */
const char *test_csv_cell(const test_csv *t, int row, const char *col);
double test_csv_num(const test_csv *t, int row, const char *col);

/* The text of a platform "lab" of N identical workers w-1 ... w-N (4
 * cores, 4 map and 2 reduce slots, a disk, 1 Gbps) in one rack "r1", the
 * master beside them (static buffer). */
const char *test_lab(int n);

/* Runs `mrlab run PLATFORM WORKLOAD.cfg -o DIR/out ARGS...` in a fresh
 * directory DIR, where WORKLOAD.cfg holds WORKLOAD_TEXT (and PLATFORM.cfg
 * PLATFORM_TEXT when PLATFORM_TEXT is not a path to a .cfg).  Fails unless
 * the run succeeds; returns DIR/out (static buffer). */
const char *test_simulate(const char *platform, const char *workload_text, const char *const *args);

/* The makespan in run DIR's summary.json. */
double test_makespan(const char *dir);

/* Whether SUMMARY (a summary.json's text) lists ITEM among its approximations. */
int test_lists_approximation(const char *summary, const char *item);

/* DIR/NAME read as a CSV. */
test_csv *test_csv_in(const char *dir, const char *name);

/* The mean of the N values X (N >= 2) and the half-width of its 95%
 * interval, t(0.975, N - 1) sd / sqrt(N), computed here from GSL's
 * statistics, as a user would check a table's interval. */
void test_interval(const double *x, int n, double *mean, double *half);

/* Writes TEXT, its first FROM replaced by TO, as NAME in a fresh directory,
 * runs `mrlab validate NAME -o DIR/out` there, and fails unless it exits
 * with status 2 and one line on stderr that holds SAYS, and leaves no
 * output directory. */
void test_validate_refuses(const char *text, const char *name, const char *from, const char *to, const char *says);

#endif
