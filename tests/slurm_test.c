/* slurm_test.c - `mrlab validate --slurm` on a real Slurm: a single-node
 * cluster started for the test (tests/slurm/start, as root) runs the
 * simulations as a job array, and the tables are byte-identical to those
 * of the same experiment run here with -j; a failed array task gets one
 * message naming its run's log; an interrupted validation cancels its
 * array, and started again runs only the simulations it lacks.  Where this machine cannot start Slurm
 * (not root, slurm-wlm or munge missing, a daemon that does not start) the
 * whole program is skipped with the reason: it never passes without Slurm
 * having run. */
#include "test.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char cluster[4096]; /* the cluster's directory, for tests/slurm/stop */

/* The array tasks the cluster has started so far, as its controller logged them. */
static int tasks_started(void)
{
  char path[8192], line[4096];
  snprintf(path, sizeof path, "%s/slurmctld.log", cluster);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  int n = 0;
  while (fgets(line, sizeof line, f))
    n += strstr(line, "sched: Allocate JobId=") != NULL;
  fclose(f);
  return n;
}

static const char experiment[] = "%s"
                                 "experiments = (\n"
                                 "  { name = \"small\"; platform = \"%s\";\n"
                                 "    job = { generator = \"terasort\"; };\n"
                                 "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
                                 "    targets = { inputs = [\"1500MB\"]; reducers = [3]; seeds = 2; };\n"
                                 "    deadline = \"60s\"; }\n"
                                 ");\n";

/* Its runs: 4 history runs, and the target and its provisioned run once a seed. */
#define N_RUNS (4 + 2 + 2)

/* Runs the small experiment (with the file's head HEAD) as `mrlab validate
 * e.cfg -o DIR/out ARGS...` and returns DIR/out. */
static const char *validate_small(const char *head, const char *const *args)
{
  static char outs[2][4096];
  static int turn;
  char *out = outs[turn++ % 2];
  const char *dir = test_tmpdir();
  char text[8192];
  snprintf(text, sizeof text, experiment, head, test_source_path("platforms/toy4.cfg"));
  test_write_file(dir, "e.cfg", text);
  snprintf(out, sizeof outs[0], "%s/out", dir);
  const char *argv[16] = {"validate", "e.cfg", "-o", out};
  int n = 4;
  while (*args && n < 15)
    argv[n++] = *args++;
  argv[n] = NULL;
  test_run r;
  test_run_mrlab(&r, dir, argv);
  if (r.status != 0)
    fail_msg("validate %s failed with status %d: %s", argv[4] ? argv[4] : "", r.status, r.err);
  return out;
}

static void a_job_array_gives_the_tables_of_a_local_run(void **state)
{
  (void)state;
  char local[4096];
  snprintf(local, sizeof local, "%s", validate_small("", (const char *[]){"-j", "2", NULL}));
  const char *tables[] = {"predictions.csv", "accuracy.csv", "accuracy.md", "provision.csv", "leaderboard.csv"};
  /* from the command line, and from the experiment file's slurm group: each run an array task */
  int before = tasks_started();
  char slurm[2][4096];
  snprintf(slurm[0], sizeof slurm[0], "%s",
           validate_small("", (const char *[]){"--slurm", "--partition", "debug", "--array-size", "2", NULL}));
  assert_int_equal(tasks_started() - before, N_RUNS);
  snprintf(slurm[1], sizeof slurm[1], "%s",
           validate_small("slurm = { partition = \"debug\"; array_size = 3; };\n", (const char *[]){NULL}));
  assert_int_equal(tasks_started() - before, 2 * N_RUNS);
  for (int k = 0; k < 2; k++) {
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
      if (!test_same_file(local, slurm[k], tables[i]))
        fail_msg("%s of the Slurm run %d differs from the local run's", tables[i], k + 1);
    char partial[sizeof slurm + 16];
    struct stat st;
    snprintf(partial, sizeof partial, "%s.partial", slurm[k]);
    assert_int_not_equal(stat(partial, &st), 0); /* swapped in whole, .resume/slurm gone with it */
    /* runs, predictions, provision, accuracy and leaderboard .csv and .md */
    assert_int_equal(test_count_files(slurm[k]), 7);
  }
}

static void a_failed_task_names_its_log(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[4096];
  /* a placement naming a worker the platform lacks: only the simulation finds out */
  snprintf(text, sizeof text,
           "comparisons = (\n"
           "  { name = \"toy\"; platform = \"%s\"; seeds = 1;\n"
           "    job = { generator = \"terasort\"; input = \"1GB\"; reducers = 4; };\n"
           "    variants = ( { name = \"fine\"; }, { name = \"broken\"; job = { placement = { worker-99 = 1.0; }; }; } "
           ");\n"
           "    anchors = ( { claim = \"c\"; source = \"t\"; kind = \"gain\"; variant = \"fine\"; baseline = "
           "\"broken\"; published = 1; } );\n"
           "  }\n"
           ");\n",
           test_source_path("platforms/toy4.cfg"));
  test_write_file(dir, "e.cfg", text);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", "e.cfg", "-o", "out", "--slurm", NULL});
  assert_int_equal(r.status, 1);
  assert_non_null(strstr(r.err, "mrlab: simulation runs/toy/broken/seed-1 failed on Slurm (job "));
  assert_non_null(strstr(r.err, "array task 1); its output is in "));
  assert_non_null(strstr(r.err, "out.partial/runs/toy/broken/seed-1.log: mrlab: runs/toy/broken/workload.cfg:"));
  assert_non_null(strstr(r.err, "no worker of toy4 is named \"worker-99\""));
  assert_true(strchr(r.err, '\n') == r.err + strlen(r.err) - 1); /* one line */
  struct stat st;
  char path[8192];
  snprintf(path, sizeof path, "%s/out", dir);
  assert_int_not_equal(stat(path, &st), 0);
  snprintf(path, sizeof path, "%s/out.partial/runs/toy/fine/seed-1/jobs.csv", dir);
  assert_int_equal(stat(path, &st), 0); /* the run that succeeded is kept, for the next validation */
}

/* The jobs the cluster has queued or running (squeue). */
static int jobs_queued(void)
{
  FILE *p = popen("squeue -h -o %i", "r");
  assert_non_null(p);
  int n = 0;
  for (char line[256]; fgets(line, sizeof line, p);)
    n++;
  assert_int_equal(pclose(p), 0);
  return n;
}

static void an_interrupted_validation_cancels_its_array_and_resumes(void **state)
{
  (void)state;
  char local[4096];
  snprintf(local, sizeof local, "%s", validate_small("", (const char *[]){"-j", "2", NULL}));
  const char *dir = test_tmpdir();
  char text[8192], runs[4096];
  snprintf(text, sizeof text, experiment, "", test_source_path("platforms/toy4.cfg"));
  test_write_file(dir, "e.cfg", text);
  snprintf(runs, sizeof runs, "%s/out.partial/runs/small", dir);
  /* one task at a time: interrupted once the first run is complete, the others wait in the queue */
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    if (chdir(dir) != 0 || !freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
      _exit(127);
    signal(SIGINT, SIG_DFL); /* as at a terminal, though the suite runs in the background (a shell ignores SIGINT there) */
    execl(MRLAB_BIN, MRLAB_BIN, "validate", "e.cfg", "-o", "out", "--slurm", "--array-size", "1", (char *)NULL);
    _exit(127);
  }
  int st;
  for (int waited = 0; test_complete_runs(runs, NULL, 0) < 1; waited++) {
    if (waitpid(pid, &st, WNOHANG) == pid)
      fail_msg("the validation ended (status %d) before it could be interrupted", st);
    if (waited > 1200)
      fail_msg("no run complete in %s after two minutes", runs);
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  kill(pid, SIGINT);
  assert_int_equal(waitpid(pid, &st, 0), pid);
  assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT); /* it died of the signal */
  /* and its array went with it (a task being cancelled stays listed a moment): no task starts any more */
  int started = tasks_started();
  for (int waited = 0; jobs_queued() > 0; waited++) {
    if (waited > 30)
      fail_msg("the interrupted validation's array is still queued after 3 s");
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  sleep(2);
  assert_int_equal(tasks_started(), started);
  char names[N_RUNS][256];
  int done = test_complete_runs(runs, names, N_RUNS);
  assert_true(done >= 1 && done < N_RUNS);
  for (int i = 0; i < done; i++) {
    char run[8192];
    snprintf(run, sizeof run, "%s/%s", runs, names[i]);
    test_write_file(run, "kept", "not run again\n");
  }
  /* started again: the complete runs are kept, the others run, the tables are the local run's */
  int before = tasks_started();
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", "e.cfg", "-o", "out", "--slurm", NULL});
  if (r.status != 0)
    fail_msg("validate --slurm failed with status %d: %s", r.status, r.err);
  assert_int_equal(tasks_started() - before, N_RUNS - done);
  char out[4096];
  int kept = 0;
  snprintf(runs, sizeof runs, "%s/out/runs/small", dir);
  assert_int_equal(test_complete_runs(runs, names, N_RUNS), N_RUNS);
  for (int i = 0; i < N_RUNS; i++) {
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s/kept", runs, names[i]);
    kept += stat(path, &st) == 0;
  }
  assert_int_equal(kept, done);
  snprintf(out, sizeof out, "%s/out", dir);
  const char *tables[] = {"predictions.csv", "accuracy.csv", "accuracy.md", "provision.csv", "leaderboard.csv"};
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    if (!test_same_file(local, out, tables[i]))
      fail_msg("%s of the resumed Slurm run differs from the local run's", tables[i]);
}

static void stop_cluster(void)
{
  char command[8192];
  snprintf(command, sizeof command, "'%s' '%s'", test_source_path("tests/slurm/stop"), cluster);
  if (system(command) != 0)
    fprintf(stderr, "# %s failed\n", command);
}

int main(void)
{
  snprintf(cluster, sizeof cluster, "%s", test_tmpdir());
  char command[8192], why[1024] = "";
  snprintf(command, sizeof command, "'%s' '%s' 2>&1", test_source_path("tests/slurm/start"), cluster);
  FILE *p = popen(command, "r");
  for (char line[1024]; p && fgets(line, sizeof line, p);)
    snprintf(why, sizeof why, "%s", line);
  int st = p ? pclose(p) : -1;
  why[strcspn(why, "\n")] = '\0';
  if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    printf("1..0 # SKIP no Slurm cluster: %s\n", why[0] ? why : "tests/slurm/start failed");
    stop_cluster();
    return 0;
  }
  atexit(stop_cluster); /* before test_tmpdir's removal, which atexit runs after it */
  char conf[8192];
  snprintf(conf, sizeof conf, "%s/slurm.conf", cluster);
  setenv("SLURM_CONF", conf, 1);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_job_array_gives_the_tables_of_a_local_run),
      cmocka_unit_test(a_failed_task_names_its_log),
      cmocka_unit_test(an_interrupted_validation_cancels_its_array_and_resumes),
  };
  TEST_MAIN(tests);
}
