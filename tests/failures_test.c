/* failures_test.c - task-level faults (sim/failures.h), seen as a user
 * sees them in a run directory: a job that succeeds despite failed
 * attempts moves every byte exactly once; the same seed gives the same
 * faults and the same bytes; a task whose attempts fail
 * mapreduce.map.maxattempts times fails its job, whose workflow children
 * never run, while the run's other jobs finish; a tracker blacklisted for
 * a job gets none of its tasks while Hadoop heeds the blacklist; and the
 * critical path of a job with failures still tiles its time, through the
 * failure that failed it. */
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A sort-like job NAME of INPUT with 4 reducers and the settings SET (a libconfig list's items). */
static const char *job(const char *name, const char *input, const char *set)
{
  static char text[4][1024];
  static int k;
  k = (k + 1) % 4;
  snprintf(text[k], sizeof text[k],
           "{ name = \"%s\"; input = \"%s\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = 20.0;"
           " reduce_selectivity = 0.5; reducers = 4; set = [\"dfs.blocksize=64m\"%s%s]; }",
           name, input, set[0] ? ", " : "", set);
  return text[k];
}

static const char *workload(const char *jobs)
{
  static char text[8192];
  snprintf(text, sizeof text, "jobs = ( %s );\n", jobs);
  return text;
}

/* The row of job NAME in jobs.csv T. */
static int job_row(const test_csv *t, const char *name)
{
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "job"), name) == 0)
      return r;
  fail_msg("no job %s", name);
  return -1;
}

static int is(const test_csv *t, int row, const char *col, const char *value)
{
  return strcmp(test_csv_cell(t, row, col), value) == 0;
}

/* Sums of explain.csv's seconds of job NAME, and how many of its segments are WHAT. */
static double path_seconds(const test_csv *x, const char *name, const char *what, int *n_what)
{
  double sum = 0;
  *n_what = 0;
  for (int r = 1; r < x->n_rows; r++)
    if (is(x, r, "job", name)) {
      sum += test_csv_num(x, r, "seconds");
      *n_what += is(x, r, "what", what);
    }
  return sum;
}

/* The faults of one seed in Hadoop 1 and YARN mode: with failed attempts
 * and a job that succeeds, every byte of input, map output, shuffle and
 * output is what it is without faults, each task has exactly one
 * successful attempt, and the critical path tiles the job's time. */
static void bytes_are_conserved_under_failures(void **state)
{
  (void)state;
  static const char *const modes[] = {"mrlab.scheduler=hadoop1", "mrlab.scheduler=yarn-fifo"};
  static const char *const cols[] = {"input_bytes", "map_output_bytes", "shuffle_bytes", "output_bytes"};
  for (int m = 0; m < 2; m++) {
    const char *clean_args[] = {"--seed", "3", "--set", modes[m], NULL};
    const char *clean = test_simulate(test_lab(4), workload(job("s", "2GB", "")), clean_args);
    test_csv *jc = test_csv_in(clean, "jobs.csv");
    const char *faulty_args[] = {"--seed", "3", "--set", modes[m], NULL};
    const char *faulty = test_simulate(
        test_lab(4),
        workload(job("s", "2GB", "\"mrlab.map.failure.probability=0.3\", \"mrlab.reduce.failure.probability=0.3\"")),
        faulty_args);
    test_csv *jf = test_csv_in(faulty, "jobs.csv"), *t = test_csv_in(faulty, "tasks.csv");
    assert_true(is(jf, 1, "status", "SUCCEEDED"));
    assert_true(test_csv_num(jf, 1, "failed_attempts") >= 3);
    for (size_t k = 0; k < sizeof cols / sizeof *cols; k++)
      assert_close(test_csv_num(jf, 1, cols[k]), test_csv_num(jc, 1, cols[k]), 0);
    int failed = 0, succeeded = 0;
    double read = 0, written = 0;
    for (int r = 1; r < t->n_rows; r++) {
      if (is(t, r, "status", "FAILED")) {
        failed++;
        assert_true(is(t, r, "cause", "task-fault"));
      }
      if (!is(t, r, "status", "SUCCEEDED"))
        continue;
      assert_true(is(t, r, "cause", ""));
      succeeded++;
      for (int q = 1; q < r; q++) /* one successful attempt a task */
        assert_false(is(t, q, "task", test_csv_cell(t, r, "task")) && is(t, q, "status", "SUCCEEDED"));
      if (is(t, r, "kind", "map"))
        read += test_csv_num(t, r, "read_bytes");
      else
        written += test_csv_num(t, r, "reduce_bytes");
    }
    assert_int_equal(failed, (int)test_csv_num(jf, 1, "failed_attempts"));
    assert_int_equal(succeeded, (int)(test_csv_num(jf, 1, "maps") + test_csv_num(jf, 1, "reduces")));
    assert_close(read, test_csv_num(jf, 1, "input_bytes"), 0);
    assert_close(written, test_csv_num(jf, 1, "output_bytes"), 0);
    test_csv *x = test_csv_in(faulty, "explain.csv");
    int n;
    assert_close(path_seconds(x, "s", "failed", &n), test_csv_num(jf, 1, "end") - test_csv_num(jf, 1, "submit"), 1e-6);
    test_csv_free(x);
    test_csv_free(t);
    test_csv_free(jf);
    test_csv_free(jc);
  }
}

/* The same seed gives byte-identical outputs; another seed, other faults. */
static void the_same_seed_gives_the_same_faults(void **state)
{
  (void)state;
  const char *w =
      workload(job("s", "2GB", "\"mrlab.map.failure.probability=0.3\", \"mrlab.reduce.failure.probability=0.3\""));
  static const char *const files[] = {"tasks.csv", "jobs.csv", "explain.csv", "groups.csv", "utilisation.csv",
                                      "progress.csv"};
  char a[4096], b[4096];
  const char *seed5[] = {"--seed", "5", NULL}, *seed6[] = {"--seed", "6", NULL};
  snprintf(a, sizeof a, "%s", test_simulate(test_lab(4), w, seed5));
  snprintf(b, sizeof b, "%s", test_simulate(test_lab(4), w, seed5));
  for (size_t k = 0; k < sizeof files / sizeof *files; k++)
    assert_true(test_same_file(a, b, files[k]));
  snprintf(b, sizeof b, "%s", test_simulate(test_lab(4), w, seed6));
  assert_false(test_same_file(a, b, "tasks.csv"));
}

/* Maps that always fail: in each mode, job "bad" fails once one of its maps
 * has failed maxattempts times (the default 4, or Hadoop 1's alias), none
 * of its tasks more often, none succeeds; its workflow child never runs;
 * the independent job "good" finishes; the bad job's path ends with its
 * fatal failure and tiles its time, and `mrlab explain` tells both. */
static void a_task_failing_maxattempts_times_fails_its_job(void **state)
{
  (void)state;
  static const char *const modes[] = {"mrlab.scheduler=hadoop1", "mrlab.scheduler=yarn-fifo"};
  static const char *const sets[] = {"\"mrlab.map.failure.probability=1\"",
                                     "\"mrlab.map.failure.probability=1\", \"mapred.map.max.attempts=2\""};
  static const int max[] = {4, 2};
  for (int m = 0; m < 2; m++) {
    char jobs[4096];
    snprintf(jobs, sizeof jobs, "%s, %s, { name = \"child\"; after = [\"bad\"]; input = \"parent:bad\"; map_cost = 1.0;"
                                " map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1; }",
             job("bad", "1GB", sets[m]), job("good", "1GB", ""));
    const char *args[] = {"--set", modes[m], NULL};
    const char *out = test_simulate(test_lab(4), workload(jobs), args);
    test_csv *j = test_csv_in(out, "jobs.csv"), *t = test_csv_in(out, "tasks.csv");
    int bad = job_row(j, "bad"), good = job_row(j, "good"), child = job_row(j, "child");
    assert_true(is(j, bad, "status", "FAILED"));
    assert_true(is(j, good, "status", "SUCCEEDED"));
    assert_true(is(j, child, "status", "DEPENDENT_FAILED"));
    assert_close(test_csv_num(j, child, "end"), test_csv_num(j, bad, "end"), 0);
    assert_true(test_csv_num(j, good, "output_bytes") > 0);
    int most = 0, failed = 0;
    for (int r = 1; r < t->n_rows; r++) {
      assert_false(is(t, r, "job", "child"));
      if (!is(t, r, "job", "bad"))
        continue;
      assert_false(is(t, r, "status", "SUCCEEDED"));
      assert_true(is(t, r, "kind", "map")); /* no reduce starts: no map ever succeeds */
      failed += is(t, r, "status", "FAILED");
      int n = 0;
      for (int q = 1; q < t->n_rows; q++)
        n += is(t, q, "job", "bad") && is(t, q, "task", test_csv_cell(t, r, "task")) && is(t, q, "status", "FAILED");
      most = n > most ? n : most;
      if (!is(t, r, "status", "FAILED")) /* the attempts running when it failed */
        assert_true(is(t, r, "cause", "job-failed"));
    }
    assert_int_equal(most, max[m]);
    assert_int_equal(failed, (int)test_csv_num(j, bad, "failed_attempts"));
    test_csv *x = test_csv_in(out, "explain.csv");
    int n, last = 0;
    assert_close(path_seconds(x, "bad", "failed", &n), test_csv_num(j, bad, "end") - test_csv_num(j, bad, "submit"),
                 1e-6);
    assert_true(n >= max[m]); /* the fatal attempt and each failed one before it */
    for (int r = 1; r < x->n_rows; r++)
      last = is(x, r, "job", "bad") ? r : last;
    assert_true(is(x, last - 1, "what", "failed")); /* then the heartbeat that reported it */
    assert_int_equal(path_seconds(x, "child", "failed", &n), 0);
    test_run r; /* and `mrlab explain` says so */
    test_run_mrlab(&r, NULL, (const char *const[]){"explain", out, NULL});
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "to its failure at "));
    assert_non_null(strstr(r.out, "DEPENDENT_FAILED, it never ran\n"));
    assert_null(strstr(strstr(r.out, "job bad:"), "ended the job"));
    char told[64];
    snprintf(told, sizeof told, "  %d failed attempts on its path, one after another: ", max[m]);
    assert_non_null(strstr(r.out, told));
    test_csv_free(x);
    test_csv_free(t);
    test_csv_free(j);
  }
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Blacklisting: 16 workers, maps and reduces failing often, a tracker
 * blacklisted at 2 failures of the job.  While Hadoop heeds the blacklist
 * (until QUORUM trackers are on it: a quarter in Hadoop 1, 33% in YARN),
 * a tracker whose second failure has ended gets no attempt of the job; and
 * the job did assign attempts elsewhere meanwhile (so the rule was put to
 * the test). */
static void a_tracker_with_repeated_failures_gets_no_more_of_the_job(void **state)
{
  (void)state;
  static const char *const modes[] = {"mrlab.scheduler=hadoop1", "mrlab.scheduler=yarn-fifo"};
  static const int quorum[] = {4, 6};
  const int n_workers = 16, limit = 2;
  for (int m = 0; m < 2; m++) {
    const char *args[] = {"--seed", "2", "--set", modes[m], NULL};
    const char *out =
        test_simulate(test_lab(n_workers),
                      workload(job("s", "12GB",
                                   "\"mrlab.map.failure.probability=0.15\", \"mrlab.reduce.failure.probability=0.15\", "
                                   "\"mapreduce.job.maxtaskfailures.per.tracker=2\", \"mapreduce.map.maxattempts=20\", "
                                   "\"mapreduce.reduce.maxattempts=20\"")),
                      args);
    test_csv *t = test_csv_in(out, "tasks.csv");
    double listed[16] = {0}, lift;
    char hosts[16][64];
    int n_hosts = 0;
    for (int r = 1; r < t->n_rows; r++) { /* each host's failures' ends, to find its second */
      const char *h = test_csv_cell(t, r, "host");
      int k = 0;
      while (k < n_hosts && strcmp(hosts[k], h) != 0)
        k++;
      if (k == n_hosts)
        snprintf(hosts[n_hosts++], sizeof hosts[0], "%s", h);
    }
    for (int k = 0; k < n_hosts; k++) {
      double ends[256];
      int n = 0;
      for (int r = 1; r < t->n_rows && n < 256; r++)
        if (strcmp(test_csv_cell(t, r, "host"), hosts[k]) == 0 && is(t, r, "status", "FAILED"))
          ends[n++] = test_csv_num(t, r, "end");
      qsort(ends, (size_t)n, sizeof *ends, by_value);
      listed[k] = n >= limit ? ends[limit - 1] : INFINITY;
    }
    assert_int_equal(n_hosts, n_workers);
    double sorted[16];
    memcpy(sorted, listed, sizeof sorted);
    qsort(sorted, (size_t)n_hosts, sizeof *sorted, by_value);
    lift = sorted[quorum[m] - 1]; /* the blacklist is heeded at least until this failure ended */
    int windows = 0, elsewhere = 0;
    for (int k = 0; k < n_hosts; k++) {
      if (!(listed[k] < lift))
        continue;
      windows++;
      for (int r = 1; r < t->n_rows; r++) {
        double start = test_csv_num(t, r, "start");
        if (start > listed[k] && start < lift) {
          if (strcmp(test_csv_cell(t, r, "host"), hosts[k]) == 0)
            fail_msg("%s: %s attempt %s on %s assigned at %.3f s, after its tracker's failure %d at %.3f s",
                     modes[m], test_csv_cell(t, r, "task"), test_csv_cell(t, r, "attempt"), hosts[k], start, limit,
                     listed[k]);
          elsewhere++;
        }
      }
    }
    assert_true(windows >= 1);
    assert_true(elsewhere >= 5);
    test_csv *j = test_csv_in(out, "jobs.csv");
    assert_true(is(j, 1, "status", "SUCCEEDED"));
    test_csv_free(j);
    test_csv_free(t);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(bytes_are_conserved_under_failures),
      cmocka_unit_test(the_same_seed_gives_the_same_faults),
      cmocka_unit_test(a_task_failing_maxattempts_times_fails_its_job),
      cmocka_unit_test(a_tracker_with_repeated_failures_gets_no_more_of_the_job),
  };
  TEST_MAIN(tests);
}
