/* activities_test.c - summary.json counts the SimGrid activities a run
 * started: every flow by its purpose, disk operations, executions, sleeps,
 * heartbeats and the flows in flight (over time, and as the solver sees them).  The counts are checked against what
 * the run's tasks.csv says must have happened (a map reading a remote
 * replica is one flow a chunk, a heartbeat is a message and its answer),
 * so that a counter dropped at one place is noticed.  summary.json also
 * names the speed approximations a run used, and the log category
 * mrlab.activities tells the same second by second. */
#include "test.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The "activities" object of the run directory OUT's summary.json (the caller decrefs the whole). */
static json_t *activities(const char *out, json_t **root)
{
  json_error_t error;
  *root = json_loads(test_read_file(out, "summary.json"), 0, &error);
  if (!*root)
    fail_msg("%s/summary.json: %s", out, error.text);
  json_t *a = json_object_get(*root, "activities");
  assert_non_null(a);
  return a;
}

/* Integer FIELD of A, or of A's object GROUP when GROUP is set. */
static long long count(json_t *a, const char *group, const char *field)
{
  json_t *o = group ? json_object_get(a, group) : a;
  json_t *v = o ? json_object_get(o, field) : NULL;
  if (!json_is_integer(v))
    fail_msg("no integer %s%s%s in activities", group ? group : "", group ? "." : "", field);
  return (long long)json_integer_value(v);
}

/* Attempts in tasks.csv of KIND ("map", "reduce"), and with LOCALITY when it is not NULL. */
static int attempts(const test_csv *t, const char *kind, const char *locality)
{
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    n += strcmp(test_csv_cell(t, row, "kind"), kind) == 0 &&
         (!locality || strcmp(test_csv_cell(t, row, "locality"), locality) == 0);
  return n;
}

static const char sort_job[] = "jobs = ( { name = \"sort\"; input = \"4GiB\"; map_cost = 20.0; map_selectivity = 1.0;"
                               " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 8;"
                               " set = [\"mapreduce.map.speculative=false\", \"mapreduce.reduce.speculative=false\"];"
                               " } );\n";

/* Chunks as large as a block: each map that reads a remote replica is
 * exactly one HDFS read flow; every purpose is counted and adds up. */
static void test_counts_match_the_run(void **state)
{
  (void)state;
  const char *args[] = {"--set", "mrlab.pipeline.chunk=1GiB", NULL};
  const char *out = test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, args);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int maps = attempts(t, "map", NULL), reduces = attempts(t, "reduce", NULL);
  int remote = attempts(t, "map", "rack") + attempts(t, "map", "off-rack");
  json_t *root, *a = activities(out, &root);
  long long read = count(a, "flows", "hdfs_read"), shuffle = count(a, "flows", "shuffle");
  long long write = count(a, "flows", "hdfs_write"), control = count(a, "flows", "control");
  long long heartbeats = count(a, NULL, "heartbeats");
  assert_true(remote > 0);
  assert_int_equal(read, remote);
  /* every reducer fetches from other hosts, and writes its replicas to 2 others */
  assert_true(shuffle >= reduces);
  assert_true(write >= 2 * reduces);
  /* a heartbeat is a message to the JobTracker and its answer */
  assert_true(heartbeats > 0);
  assert_int_equal(control, 2 * heartbeats);
  assert_int_equal(count(a, "flows", "total"), read + shuffle + write + control + count(a, "flows", "balancer"));
  /* each attempt starts up (a sleep) and computes; each map spills to disk */
  assert_true(count(a, NULL, "sleeps") >= maps + reduces);
  assert_true(count(a, NULL, "executions") >= maps + reduces);
  assert_true(count(a, NULL, "disk_writes") >= maps);
  assert_true(count(a, NULL, "disk_reads") >= maps);
  /* in flight: at most as many as started, and a mean below the most */
  json_t *fl = json_object_get(a, "flows_in_flight");
  long long max = count(a, "flows_in_flight", "max");
  double mean = json_real_value(json_object_get(fl, "mean"));
  assert_true(max >= 1 && max <= count(a, "flows", "total"));
  assert_true(mean > 0 && mean <= (double)max);
  /* seen at starts and ends: none or more at a start, at least the one ending at an end */
  double seen = json_real_value(json_object_get(fl, "mean_at_changes"));
  assert_true(seen >= 0.5 && seen <= (double)max);
  assert_true(count(a, "activities_in_flight", "max") >= max);
  json_decref(root);
  test_csv_free(t);
}

/* The number of entries of ROOT's "approximations" array, and whether one of them is WANTED. */
static size_t approximations(json_t *root, const char *wanted, int *found)
{
  json_t *list = json_object_get(root, "approximations");
  assert_true(json_is_array(list));
  *found = 0;
  for (size_t i = 0; i < json_array_size(list); i++)
    *found |= strcmp(json_string_value(json_array_get(list, i)), wanted) == 0;
  return json_array_size(list);
}

/* Smaller chunks are more activities: a remote map's read is one flow a
 * chunk.  summary.json names a chunk other than the default, SimGrid's
 * ACK traffic left out and its timing precision as approximations, and
 * of the defaults only idle heartbeats skipped, none once every heartbeat
 * is sent. */
static void test_chunks_multiply_flows(void **state)
{
  (void)state;
  const char *big[] = {"--set", "mrlab.pipeline.chunk=1GiB", "--cfg=network/crosstraffic:0",
                       "--cfg=surf/precision:1e-4", NULL};
  const char *small[] = {"--set", "mrlab.pipeline.chunk=16MiB", NULL};
  const char *sent[] = {"--set", "mrlab.heartbeat.idle=send", NULL};
  json_t *root1, *root2;
  const char *out = test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, big);
  long long read1 = count(activities(out, &root1), "flows", "hdfs_read");
  out = test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, small);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int remote = attempts(t, "map", "rack") + attempts(t, "map", "off-rack");
  long long read2 = count(activities(out, &root2), "flows", "hdfs_read");
  assert_true(read1 > 0);
  assert_int_equal(read2, 8LL * remote); /* 128 MiB blocks in 16 MiB chunks */
  int found;
  assert_int_equal(approximations(root1, "mrlab.pipeline.chunk=1073741824B", &found), 4);
  assert_true(found);
  approximations(root1, "--cfg=network/crosstraffic:0", &found);
  assert_true(found);
  approximations(root1, "--cfg=surf/precision:1e-4", &found);
  assert_true(found);
  assert_int_equal(approximations(root2, "mrlab.heartbeat.idle=skip", &found), 1);
  assert_true(found);
  json_decref(root1);
  json_decref(root2);
  activities(test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, sent), &root2);
  assert_int_equal(approximations(root2, "", &found), 0);
  json_decref(root2);
  test_csv_free(t);
}

/* A bound on a reducer's fetches on the wire is an approximation, named in
 * summary.json; a bound no lower than the fetchers is none. */
static void test_shuffle_flows_named(void **state)
{
  (void)state;
  const char *one[] = {"--set", "mrlab.shuffle.flows=1", NULL};
  const char *five[] = {"--set", "mrlab.shuffle.flows=5", NULL};
  json_t *root;
  int found;
  activities(test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, one), &root);
  assert_int_equal(approximations(root, "mrlab.shuffle.flows=1", &found), 2);
  assert_true(found);
  json_decref(root);
  activities(test_simulate(test_source_path("platforms/hetero16.cfg"), sort_job, five), &root);
  assert_int_equal(approximations(root, "mrlab.shuffle.flows=5", &found), 1);
  json_decref(root);
}

/* The log of mrlab.activities: one line a simulated second from 0 to the
 * run's end; the activities it says ended add up to no more than started,
 * a step is an instant at which one of them ended, the actions walked at a
 * step are no more than were ever in flight at once, and the log changes
 * no output. */
static void test_log_by_second(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  const char *work = test_write_file(dir, "workload.cfg", sort_job);
  const char *plat = test_source_path("platforms/hetero16.cfg");
  test_run r;
  char quiet[4096], logged[4096];
  snprintf(quiet, sizeof quiet, "%s/quiet", dir);
  snprintf(logged, sizeof logged, "%s/logged", dir);
  test_run_mrlab(&r, dir, (const char *[]){"run", plat, work, "-o", quiet, NULL});
  assert_int_equal(r.status, 0);
  test_run_mrlab(&r, dir,
                 (const char *[]){"run", plat, work, "-o", logged, "--log=mrlab.activities.thres:info", NULL});
  assert_int_equal(r.status, 0);
  assert_string_equal(test_read_file(quiet, "tasks.csv"), test_read_file(logged, "tasks.csv"));
  json_t *root, *a = activities(logged, &root);
  long long max = count(a, "activities_in_flight", "max");
  long long sum[3] = {0}, seconds = 0, all_steps = 0;
  for (const char *line = strstr(r.err, "] second "); line; line = strstr(line + 1, "] second ")) {
    long long second, disk, exec, flows, steps, ended[3], walked;
    double wall;
    assert_int_equal(sscanf(line,
                            "] second %lld wall %lf: in flight disk %lld exec %lld flows %lld; steps %lld, ended "
                            "disk %lld exec %lld flow %lld; walked %lld",
                            &second, &wall, &disk, &exec, &flows, &steps, &ended[0], &ended[1], &ended[2], &walked),
                     10);
    assert_int_equal(second, seconds++);
    assert_true(disk + exec + flows <= max);
    for (int k = 0; k < 3; k++) {
      assert_true(ended[k] <= steps);
      sum[k] += ended[k];
    }
    assert_true(steps <= ended[0] + ended[1] + ended[2]);
    assert_true(walked >= 0 && walked <= steps * max);
    all_steps += steps;
  }
  assert_true(seconds > 10);
  assert_true(all_steps > 0);
  assert_true(sum[0] > 0 && sum[0] <= count(a, NULL, "disk_reads") + count(a, NULL, "disk_writes"));
  assert_true(sum[1] > 0 && sum[1] <= count(a, NULL, "executions"));
  assert_true(sum[2] > 0 && sum[2] <= count(a, "flows", "total"));
  json_decref(root);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_counts_match_the_run),
      cmocka_unit_test(test_chunks_multiply_flows),
      cmocka_unit_test(test_shuffle_flows_named),
      cmocka_unit_test(test_log_by_second),
  };
  TEST_MAIN(tests);
}
