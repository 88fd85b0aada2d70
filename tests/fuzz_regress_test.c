/* fuzz_regress_test.c - every input a fuzzer found crashing or hanging a
 * reader, kept in fuzz/regressions/READER/, replayed through that reader's
 * harness (fuzz/READER.c, built with fuzz/replay.c in this build): each
 * must be read, or refused with a one-line message, without a crash, a
 * sanitizer report or a hang (the harness's 10 s alarm). */
#include "test.h"

#include "alloc.h"

#include <dirent.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every file of fuzz/regressions/READER through harness READER. */
static void replay(const char *reader)
{
  char folder[4096], harness[4096];
  snprintf(folder, sizeof folder, "%s/fuzz/regressions/%s", MRLAB_SOURCE_DIR, reader);
  snprintf(harness, sizeof harness, "%s/%s", MRLAB_FUZZ_BIN, reader);
  DIR *d = opendir(folder);
  if (!d)
    return; /* nothing kept for this reader */
  char *names[1024];
  int n = 0;
  for (struct dirent *e; (e = readdir(d)) && n < 1024;)
    if (e->d_name[0] != '.')
      names[n++] = xstrdup(e->d_name);
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, by_name);
  for (int i = 0; i < n; i++) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", folder, names[i]);
    char *argv[] = {harness, path, NULL};
    pid_t pid;
    int status;
    assert_int_equal(posix_spawn(&pid, harness, NULL, NULL, argv, environ), 0);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFSIGNALED(status))
      fail_msg("%s: %s (signal %d)", path, WTERMSIG(status) == SIGALRM ? "hangs" : "crashes", WTERMSIG(status));
    if (WEXITSTATUS(status) != 0)
      fail_msg("%s: the harness exits with status %d (a sanitizer report, or an allocation that failed)", path,
               WEXITSTATUS(status));
    free(names[i]);
  }
}

static void test_platform(void **state)
{
  (void)state;
  replay("platform");
}

static void test_workload(void **state)
{
  (void)state;
  replay("workload");
}

static void test_experiment(void **state)
{
  (void)state;
  replay("experiment");
}

static void test_rundir(void **state)
{
  (void)state;
  replay("rundir");
}

static void test_history(void **state)
{
  (void)state;
  replay("history");
}

static void test_units(void **state)
{
  (void)state;
  replay("units");
}

static void test_hadoopconf(void **state)
{
  (void)state;
  replay("hadoopconf");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_platform), cmocka_unit_test(test_workload), cmocka_unit_test(test_experiment),
      cmocka_unit_test(test_rundir),   cmocka_unit_test(test_units),    cmocka_unit_test(test_hadoopconf),
      cmocka_unit_test(test_history),
  };
  TEST_MAIN(tests);
}
