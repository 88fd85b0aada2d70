/* resume_test.c - a validation killed midway and started again runs only
 * the simulations that have no complete output, and its tables come out
 * byte-identical to an uninterrupted one's; a run whose inputs changed, or
 * an experiment file that changed, is not taken from the killed one. */
#include "test.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The small experiment's simulations (test_small_experiment): twenty, in three pools. */
#define N_RUNS 20

/* Starts `mrlab validate FILE -o OUT -j 1` in DIR, in a process group of
 * its own, kills the group (the validation and its running simulation)
 * with SIGKILL once two runs are complete, and leaves a file "kept" in
 * each complete run of OUT.partial.  Returns the number of them. */
static int validate_killed(const char *dir, const char *file, const char *out)
{
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    setpgid(0, 0);
    if (chdir(dir) != 0 || !freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
      _exit(127);
    execl(MRLAB_BIN, MRLAB_BIN, "validate", file, "-o", out, "-j", "1", (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid);
  char runs[4096], names[N_RUNS][256];
  snprintf(runs, sizeof runs, "%s.partial/runs/small", out);
  int n = 0, st;
  for (int waited = 0; (n = test_complete_runs(runs, names, N_RUNS)) < 2; waited++) {
    if (waitpid(pid, &st, WNOHANG) == pid)
      fail_msg("the validation ended (status %d) with %d runs complete, before it could be killed", st, n);
    if (waited > 120 * 1000)
      fail_msg("no two runs complete in %s after two minutes", runs);
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  }
  kill(-pid, SIGKILL);
  assert_int_equal(waitpid(pid, &st, 0), pid);
  assert_true(WIFSIGNALED(st));
  n = test_complete_runs(runs, names, N_RUNS);
  assert_true(n >= 2 && n < N_RUNS);
  for (int i = 0; i < n; i++) {
    char run[8192];
    snprintf(run, sizeof run, "%s/%.255s", runs, names[i]);
    test_write_file(run, "kept", "not run again\n");
  }
  return n;
}

/* Runs `mrlab validate FILE -o OUT` in DIR (once more after a kill) and
 * returns the number of OUT's runs that kept their "kept" file; fails unless
 * it succeeds with all N_RUNS runs and no DIR.partial left. */
static int validate_again(const char *dir, const char *file, const char *out)
{
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  char runs[4096], partial[4096], names[N_RUNS][256];
  snprintf(runs, sizeof runs, "%s/runs/small", out);
  assert_int_equal(test_complete_runs(runs, names, N_RUNS), N_RUNS);
  int kept = 0;
  for (int i = 0; i < N_RUNS; i++) {
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%s/%.255s/kept", runs, names[i]);
    kept += stat(path, &st) == 0;
  }
  struct stat st;
  snprintf(partial, sizeof partial, "%s.partial", out);
  assert_int_not_equal(stat(partial, &st), 0);
  assert_int_equal(test_count_files(runs), 3 * N_RUNS + 1); /* a directory, a .cfg and a .log a run; a platform */
  return kept;
}

static void a_killed_validation_runs_only_what_it_lacks(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char file[4096], full[4096], out[4096];
  snprintf(file, sizeof file, "%s",
           test_write_file(dir, "e.cfg", test_small_experiment(test_source_path("platforms/toy4.cfg"))));
  snprintf(full, sizeof full, "%s/full", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", full, "-j", "2", NULL});
  assert_int_equal(r.status, 0);
  int done = validate_killed(dir, file, out);
  /* the runs complete at the kill were not run again; the others were */
  assert_int_equal(validate_again(dir, file, out), done);
  const char *tables[] = {"predictions.csv", "accuracy.csv", "accuracy.md",
                          "provision.csv",   "tune.csv",     "leaderboard.csv"};
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    if (!test_same_file(full, out, tables[i]))
      fail_msg("%s differs from an uninterrupted validation's", tables[i]);
}

static void changed_inputs_run_again(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[8192], file[4096], out[4096], platform[4096];
  snprintf(platform, sizeof platform, "%s",
           test_write_file(dir, "p.cfg", test_read_file(MRLAB_SOURCE_DIR "/platforms", "toy4.cfg")));
  snprintf(text, sizeof text, "%s", test_small_experiment(platform));
  snprintf(file, sizeof file, "%s", test_write_file(dir, "e.cfg", text));
  snprintf(out, sizeof out, "%s/out", dir);
  /* the platform changed (the experiment file did not): every run again */
  validate_killed(dir, file, out);
  char changed[65536];
  snprintf(changed, sizeof changed, "%s# a comment, and other bytes\n",
           test_read_file(MRLAB_SOURCE_DIR "/platforms", "toy4.cfg"));
  test_write_file(dir, "p.cfg", changed);
  assert_int_equal(validate_again(dir, file, out), 0);
  /* the experiment file changed: DIR.partial starts afresh */
  validate_killed(dir, file, out);
  char edited[16384];
  snprintf(edited, sizeof edited, "# edited\n%s", text);
  test_write_file(dir, "e.cfg", edited);
  assert_int_equal(validate_again(dir, file, out), 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_killed_validation_runs_only_what_it_lacks),
      cmocka_unit_test(changed_inputs_run_again),
  };
  TEST_MAIN(tests);
}
