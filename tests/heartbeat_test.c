/* heartbeat_test.c - idle heartbeats, as `mrlab run` shows them: a tracker
 * that has nothing to report and no work waiting for it skips its
 * heartbeats (mrlab.heartbeat.idle=skip, the default), yet every task is
 * given to the same tracker at the same moment as when every heartbeat is
 * sent (=send), in Hadoop 1 and YARN mode, with out-of-band heartbeats,
 * across a long idle gap, a workflow's child and slow-start; and a run
 * whose heartbeats take longer than the skipping assumes says so. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#define SIZED "map_cost = 2.0; map_selectivity = 1.0; reduce_cost = 2.0; reduce_selectivity = 1.0;"

/* Two jobs with an idle gap of minutes between them, and a child of the first. */
static const char workload[] =
    "jobs = ( { name = \"a\"; input = \"1GB\"; " SIZED " reducers = 3; },\n"
    "         { name = \"b\"; submit = \"300.123s\"; input = \"600MB\"; " SIZED " reducers = 2; },\n"
    "         { name = \"c\"; after = [\"a\"]; input = \"parent:a\"; " SIZED " reducers = 1; } );\n";

/* The heartbeats the run in OUT sent (summary.json's activities). */
static long heartbeats(const char *out)
{
  const char *at = strstr(test_read_file(out, "summary.json"), "\"heartbeats\": ");
  assert_non_null(at);
  return strtol(at + strlen("\"heartbeats\": "), NULL, 10);
}

/* Runs the workload with SEED and the extra property SETTING (or NULL),
 * once with every heartbeat sent and once skipping idle ones, and checks
 * that every attempt ran on the same worker, assigned at the same
 * heartbeat (within 50 ms, where a heartbeat off would be 300 ms off:
 * skipped heartbeats no longer take their sliver of the links, which moves
 * ends by microseconds to milliseconds, and with out-of-band heartbeats a
 * tracker's grid with them), and that skipping sent under a third of the
 * heartbeats. */
static void same_run_fewer_heartbeats(const char *seed, const char *setting)
{
  const char *args[] = {"--seed", seed, "--set", "mrlab.heartbeat.idle=send", setting ? "--set" : NULL, setting, NULL};
  const char *out = test_simulate(test_source_path("platforms/toy4.cfg"), workload, args);
  test_csv *sent = test_csv_in(out, "tasks.csv");
  long all = heartbeats(out);
  args[3] = "mrlab.heartbeat.idle=skip";
  out = test_simulate(test_source_path("platforms/toy4.cfg"), workload, args);
  test_csv *skipped = test_csv_in(out, "tasks.csv");
  long few = heartbeats(out);
  assert_int_equal(skipped->n_rows, sent->n_rows);
  for (int row = 1; row < sent->n_rows; row++) {
    static const char *const same[] = {"job", "task", "attempt", "host", "status"};
    for (size_t k = 0; k < sizeof same / sizeof *same; k++)
      assert_string_equal(test_csv_cell(skipped, row, same[k]), test_csv_cell(sent, row, same[k]));
    assert_close(test_csv_num(skipped, row, "start"), test_csv_num(sent, row, "start"), 0.05);
  }
  if (few * 3 > all)
    fail_msg("seed %s%s%s: %ld heartbeats skipping idle ones, %ld sending all", seed, setting ? ", " : "",
             setting ? setting : "", few, all);
  test_csv_free(sent);
  test_csv_free(skipped);
}

static void hadoop1_runs_the_same_with_fewer_heartbeats(void **state)
{
  (void)state;
  same_run_fewer_heartbeats("1", NULL);
  same_run_fewer_heartbeats("2", NULL);
}

/* With out-of-band heartbeats a tracker that skipped its heartbeats still
 * reports an attempt as it ends: each job ends a round trip (well under
 * 10 ms here) after its last attempt, where the heartbeat interval is
 * 300 ms; and fewer heartbeats are sent.  (Which tracker takes which task
 * may differ from a run that sends every heartbeat: an out-of-band
 * heartbeat resets its tracker's grid at an attempt's end, which skipped
 * heartbeats' bandwidth moves by microseconds.) */
static void out_of_band_heartbeats_report_at_once(void **state)
{
  (void)state;
  const char *const oob[] = {"--set", "mapreduce.tasktracker.outofband.heartbeat=true", NULL};
  const char *out = test_simulate(test_source_path("platforms/toy4.cfg"), workload, oob);
  long few = heartbeats(out);
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
  assert_int_equal(jobs->n_rows, 4);
  for (int row = 1; row < jobs->n_rows; row++) {
    double last = 0;
    for (int t = 1; t < tasks->n_rows; t++)
      if (strcmp(test_csv_cell(tasks, t, "job"), test_csv_cell(jobs, row, "job")) == 0)
        last = fmax(last, test_csv_num(tasks, t, "end"));
    assert_string_equal(test_csv_cell(jobs, row, "status"), "SUCCEEDED");
    double late = test_csv_num(jobs, row, "end") - last;
    if (late < 0 || late > 0.01)
      fail_msg("job %s ended %.6f s after its last attempt", test_csv_cell(jobs, row, "job"), late);
  }
  test_csv_free(jobs);
  test_csv_free(tasks);
  out = test_simulate(test_source_path("platforms/toy4.cfg"), workload,
                      (const char *const[]){"--set", "mrlab.heartbeat.idle=send", oob[0], oob[1], NULL});
  if (few * 3 > heartbeats(out))
    fail_msg("%ld heartbeats skipping idle ones, %ld sending all", few, heartbeats(out));
}

static void yarn_runs_the_same_with_fewer_heartbeats(void **state)
{
  (void)state;
  same_run_fewer_heartbeats("1", "mrlab.scheduler=yarn-fifo");
  same_run_fewer_heartbeats("3", "mrlab.scheduler=yarn-fair");
}

/* The earliest start of job NAME's attempts in tasks.csv T. */
static double first_start(const test_csv *t, const char *name)
{
  double first = INFINITY;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "job"), name) == 0)
      first = fmin(first, test_csv_num(t, row, "start"));
  return first;
}

/* A job that becomes ready while a heartbeat is on its way to the
 * JobTracker, 10 us before it arrives, is handed to that heartbeat, which
 * an idle tracker must therefore have sent although no work was there
 * when it did. */
static void a_job_ready_while_a_heartbeat_flies_gets_it(void **state)
{
  (void)state;
  const char *const send[] = {"--set", "mrlab.heartbeat.idle=send", NULL};
  char text[1024];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"a\"; input = \"300MB\"; " SIZED " },\n"
           "         { name = \"b\"; submit = \"200s\"; input = \"300MB\"; " SIZED " } );\n");
  test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), text, send), "tasks.csv");
  double arrival = first_start(t, "b"); /* the heartbeat that took b's first map reached the JobTracker then */
  test_csv_free(t);
  /* b is ready at its submission: a job of one file asks the NameNode nothing more */
  snprintf(text, sizeof text,
           "jobs = ( { name = \"a\"; input = \"300MB\"; " SIZED " },\n"
           "         { name = \"b\"; submit = \"%.9fs\"; input = \"300MB\"; " SIZED " } );\n",
           arrival - 1e-5);
  for (int skip = 0; skip < 2; skip++) {
    t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), text, skip ? NULL : send), "tasks.csv");
    assert_close(first_start(t, "b"), arrival, 1e-6);
    test_csv_free(t);
  }
}

/* A platform whose NICs take 60 ms each way: a heartbeat takes longer to
 * reach the JobTracker than idle trackers assume, and the run says so,
 * unless it sends every heartbeat. */
static void slow_heartbeats_are_reported(void **state)
{
  (void)state;
  char *slow = strdup(test_read_file(test_source_path("platforms"), "toy4.cfg"));
  char *at = strstr(slow, "latency = \"50us\"");
  assert_non_null(at);
  memcpy(at, "latency = \"60ms\"", strlen("latency = \"60ms\""));
  const char *dir = test_tmpdir();
  const char *platform = test_write_file(dir, "slow.cfg", slow);
  char path[4096];
  snprintf(path, sizeof path, "%s", platform);
  free(slow);
  test_run r;
  test_run_beside(&r, "w.cfg", "jobs = ( { name = \"a\"; input = \"200MB\"; " SIZED " } );\n",
                  (const char *[]){"run", path, "w.cfg", "-o", "out", NULL});
  assert_int_equal(r.status, 0);
  if (!strstr(r.err, "a heartbeat took ") || !strstr(r.err, "mrlab.heartbeat.idle=send"))
    fail_msg("no warning of slow heartbeats: %s", r.err);
  test_run_beside(&r, "w.cfg", "jobs = ( { name = \"a\"; input = \"200MB\"; " SIZED " } );\n",
                  (const char *[]){"run", path, "w.cfg", "-o", "out", "--set", "mrlab.heartbeat.idle=send", NULL});
  assert_int_equal(r.status, 0);
  assert_null(strstr(r.err, "heartbeat took"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hadoop1_runs_the_same_with_fewer_heartbeats),
      cmocka_unit_test(out_of_band_heartbeats_report_at_once),
      cmocka_unit_test(yarn_runs_the_same_with_fewer_heartbeats),
      cmocka_unit_test(a_job_ready_while_a_heartbeat_flies_gets_it),
      cmocka_unit_test(slow_heartbeats_are_reported),
  };
  TEST_MAIN(tests);
}
