/* speculation_test.c - speculative attempts follow Hadoop 2's speculator:
 * a uniformly slow wave of reduces gets no storm of twins, a reducer on a
 * truly slow node gets one, and the caps on tasks speculated at once hold
 * (each of them: the running-tasks cap alone lets three go at once);
 * in YARN mode a map on a slow node gets a twin in a container of its own
 * elsewhere, which shortens the job. */
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One rack: N_FAST workers of 1 Gbps (class f) and N_SLOW of SLOW_NIC that
 * only reduce (class s), NIC bound: 10 Gf cores, 1 GB/s disks, 16 GiB. */
static const char *cluster(int n_fast, int fast_reduces, int n_slow, const char *nic, const char *slow_nic)
{
  static char text[4096];
  const char *cls = "{ name = \"%s\"; count = %d; racks = [\"r1\"]; cores = 4; speed = \"10Gf\"; memory = \"16GiB\";"
                    " disks = ( { read = \"1GBps\"; write = \"1GBps\"; } );"
                    " nic = { bandwidth = \"%s\"; latency = \"50us\"; }; slots = { map = %d; reduce = %d; }; }";
  char fast[512], slow[512];
  snprintf(fast, sizeof fast, cls, "f", n_fast, nic, 4, fast_reduces);
  snprintf(slow, sizeof slow, cls, "s", n_slow, slow_nic, 0, 2);
  snprintf(text, sizeof text,
           "name = \"lab\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
           "node_classes = ( %s%s%s );\n"
           "master = { class = \"f\"; rack = \"r1\"; };\n",
           fast, n_slow ? ", " : "", n_slow ? slow : "");
  return text;
}

/* A shuffle-bound job of INPUT for REDUCERS reducers: map speculation off, so
 * that only reduces are speculated; PLACEMENT and ARGS as given. */
static test_csv *run(const char *platform, const char *input, int reducers, const char *placement,
                     const char *const *args)
{
  char work[2048];
  snprintf(work, sizeof work,
           "jobs = ( { name = \"spec\"; input = \"%s\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;"
           " reduce_selectivity = 0.001; reducers = %d; %s"
           " set = [\"mrlab.pipeline.chunk=64MiB\", \"dfs.replication=1\", \"mapreduce.map.speculative=false\"]; } "
           ");\n",
           input, reducers, placement);
  return test_csv_in(test_simulate(platform, work, args), "tasks.csv");
}

static int speculative(const test_csv *t, int row)
{
  return strcmp(test_csv_cell(t, row, "speculative"), "1") == 0;
}

static int count_speculative(const test_csv *t)
{
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    n += speculative(t, row);
  return n;
}

/* When task TASK's successful attempt ended. */
static double task_end(const test_csv *t, const char *task)
{
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "task"), task) == 0 && strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0)
      return test_csv_num(t, row, "end");
  fail_msg("task %s never succeeded", task);
  return -1;
}

static void a_uniformly_slow_shuffle_starts_no_storm(void **state)
{
  (void)state;
  /* 80 reducers in 64 slots behind 100 Mbps NICs: the second wave shuffles
   * equally slowly, long after the first wave has ended; Hadoop 1's rule (20%
   * behind the mean progress) gave 35 of its reduces a twin */
  test_csv *t = run(cluster(16, 4, 0, "100Mbps", "-"), "24GiB", 80, "", NULL);
  int n = count_speculative(t);
  assert_true(n <= 10); /* minimum-allowed-tasks: max(10, 0.01 x 80, 0.1 x running) */
  test_csv_free(t);
}

static const char placement[] = "placement = { f-1 = 1.0; f-2 = 1.0; f-3 = 1.0; f-4 = 1.0; f-5 = 1.0; f-6 = 1.0; f-7 "
                                "= 1.0; };";

/* Checks that the reducer on s-1 in T got one twin, which won. */
static void a_twin_on_the_slow_node(test_csv *t)
{
  const char *on_slow = NULL; /* the reducer on s-1 (which one the heartbeats decide) */
  for (int row = 1; row < t->n_rows; row++)
    if (!speculative(t, row) && strcmp(test_csv_cell(t, row, "host"), "s-1") == 0)
      on_slow = test_csv_cell(t, row, "task");
  assert_non_null(on_slow);
  int twins = 0, won = 0;
  for (int row = 1; row < t->n_rows; row++) {
    if (!speculative(t, row))
      continue;
    twins++;
    assert_string_equal(test_csv_cell(t, row, "task"), on_slow);
    won += strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0;
  }
  assert_int_equal(twins, 1);
  assert_int_equal(won, 1);
  test_csv_free(t);
}

static void a_reducer_on_a_slow_node_gets_a_twin(void **state)
{
  (void)state;
  /* 7 fast nodes and one behind a 100 Mbps NIC; one reducer each; the job
   * submitted at once, or an hour into the run (its speculator starts with it) */
  for (int late = 0; late < 2; late++) {
    char job[512];
    snprintf(job, sizeof job, "%s%s", placement, late ? " submit = \"3600s\";" : "");
    a_twin_on_the_slow_node(run(cluster(7, 2, 1, "1Gbps", "100Mbps"), "7GiB", 8, job, NULL));
  }
}

static void no_more_tasks_are_speculated_at_once_than_the_caps_allow(void **state)
{
  (void)state;
  /* three slow reducers: each gets a twin, 15 s apart (retry-after-speculate) */
  const char *platform = cluster(7, 2, 3, "1Gbps", "100Mbps");
  test_csv *t = run(platform, "7GiB", 10, placement, NULL);
  double starts[16];
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (speculative(t, row))
      starts[n++] = test_csv_num(t, row, "start");
  assert_int_equal(n, 3);
  assert_close(starts[1] - starts[0], 15, 0.5);
  assert_close(starts[2] - starts[1], 15, 0.5);
  test_csv_free(t);
  /* one at a time, retried at once: each twin starts after the last one's task has ended */
  const char *one[] = {"--set", "mapreduce.job.speculative.minimum-allowed-tasks=1",
                       "--set", "mapreduce.job.speculative.speculative-cap-running-tasks=0",
                       "--set", "mapreduce.job.speculative.speculative-cap-total-tasks=0",
                       "--set", "mapreduce.job.speculative.retry-after-speculate=100",
                       NULL};
  t = run(platform, "7GiB", 10, placement, one);
  double ends[16];
  n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (speculative(t, row)) {
      int k = n++;
      for (; k > 0 && starts[k - 1] > test_csv_num(t, row, "start"); k--) { /* in the order they started */
        starts[k] = starts[k - 1];
        ends[k] = ends[k - 1];
      }
      starts[k] = test_csv_num(t, row, "start");
      ends[k] = task_end(t, test_csv_cell(t, row, "task"));
    }
  for (int k = 1; k < n; k++)
    assert_true(starts[k] >= ends[k - 1]);
  assert_int_equal(n, 3);
  test_csv_free(t);
  /* the running cap alone (1.0 x running) lets all three speculate at once */
  const char *running[] = {"--set", "mapreduce.job.speculative.minimum-allowed-tasks=0",
                           "--set", "mapreduce.job.speculative.speculative-cap-running-tasks=1",
                           "--set", "mapreduce.job.speculative.speculative-cap-total-tasks=0",
                           "--set", "mapreduce.job.speculative.retry-after-speculate=100",
                           NULL};
  t = run(platform, "7GiB", 10, placement, running);
  double first = INFINITY, last = -INFINITY;
  n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (speculative(t, row)) {
      n++;
      first = fmin(first, test_csv_num(t, row, "start"));
      last = fmax(last, test_csv_num(t, row, "start"));
    }
  if (n != 3 || last - first > 1)
    fail_msg("with only the running-tasks cap: %d twins started over %g s, expected 3 within a second", n, last - first);
  test_csv_free(t);
}

/* Four nodes of 4 cores of 10 Gf and one of a single 1 Gf core (s-1), under
 * YARN's Fair scheduler: 16 containers of <1 vcore, 1 GiB> beside the AM. */
static const char yarn_cluster[] =
    "name = \"lab\";\n"
    "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
    "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
    "node_classes = ( { name = \"f\"; count = 4; racks = [\"r1\"]; cores = 4; speed = \"10Gf\"; memory = \"16GiB\";"
    " disks = ( { read = \"1GBps\"; write = \"1GBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };"
    " slots = { map = 4; reduce = 1; }; },"
    " { name = \"s\"; count = 1; racks = [\"r1\"]; cores = 1; speed = \"1Gf\"; memory = \"16GiB\";"
    " disks = ( { read = \"1GBps\"; write = \"1GBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };"
    " slots = { map = 1; reduce = 1; }; } );\n"
    "master = { class = \"f\"; rack = \"r1\"; };\n"
    "settings = [ \"mrlab.scheduler=yarn-fair\" ];\n";

/* Runs a CPU-bound job of 16 maps (7 s on a fast core, 70 s on s-1) and one
 * reduce after them, its maps speculated if MAP_SPECULATIVE ("true" or
 * "false"); returns the run's directory in a static buffer. */
static const char *run_yarn(const char *map_speculative)
{
  static char out[4096];
  char work[1024];
  snprintf(work, sizeof work,
           "jobs = ( { name = \"spec\"; input = \"2GiB\"; map_cost = 500.0; map_selectivity = 0.01;"
           " reduce_cost = 1.0; reduce_selectivity = 1.0; reducers = 1;"
           " set = [ \"dfs.replication=1\", \"mapreduce.job.reduce.slowstart.completedmaps=1.0\","
           " \"mapreduce.map.speculative=%s\" ]; } );\n",
           map_speculative);
  snprintf(out, sizeof out, "%s", test_simulate(yarn_cluster, work, NULL));
  return out;
}

static double job_end(const char *dir)
{
  test_csv *j = test_csv_in(dir, "jobs.csv");
  double end = test_csv_num(j, 1, "end");
  test_csv_free(j);
  return end;
}

static void in_yarn_mode_a_map_on_a_slow_node_gets_a_container_elsewhere(void **state)
{
  (void)state;
  char dir[4096], again[4096];
  snprintf(dir, sizeof dir, "%s", run_yarn("true"));
  test_csv *t = test_csv_in(dir, "tasks.csv");
  /* the map on s-1 gets one twin, on a fast node, which wins; s-1's
   * attempt is killed (and its container freed: the engine asserts that
   * every container goes back to its node once) */
  int twins = 0, slow_killed = 0;
  for (int row = 1; row < t->n_rows; row++) {
    const char *host = test_csv_cell(t, row, "host"), *status = test_csv_cell(t, row, "status");
    if (speculative(t, row)) {
      twins++;
      assert_string_equal(test_csv_cell(t, row, "kind"), "map");
      assert_true(host[0] == 'f');
      assert_string_equal(status, "SUCCEEDED");
    }
    slow_killed += strcmp(host, "s-1") == 0 && strcmp(status, "KILLED") == 0;
  }
  assert_int_equal(twins, 1);
  assert_int_equal(slow_killed, 1);
  /* each task has exactly one successful attempt */
  for (int row = 1; row < t->n_rows; row++) {
    int won = 0;
    for (int k = 1; k < t->n_rows; k++)
      won += strcmp(test_csv_cell(t, k, "task"), test_csv_cell(t, row, "task")) == 0 &&
             strcmp(test_csv_cell(t, k, "status"), "SUCCEEDED") == 0;
    assert_int_equal(won, 1);
  }
  test_csv_free(t);
  /* the job ends when the twin's map does, not s-1's: 22 s, not 73 s */
  const char *without = run_yarn("false");
  t = test_csv_in(without, "tasks.csv");
  assert_int_equal(count_speculative(t), 0);
  test_csv_free(t);
  assert_true(job_end(dir) < 0.5 * job_end(without));
  /* the same seed gives the same bytes */
  snprintf(again, sizeof again, "%s", run_yarn("true"));
  assert_true(test_same_file(dir, again, "tasks.csv"));
  assert_true(test_same_file(dir, again, "jobs.csv"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_uniformly_slow_shuffle_starts_no_storm),
      cmocka_unit_test(a_reducer_on_a_slow_node_gets_a_twin),
      cmocka_unit_test(no_more_tasks_are_speculated_at_once_than_the_caps_allow),
      cmocka_unit_test(in_yarn_mode_a_map_on_a_slow_node_gets_a_container_elsewhere),
  };
  TEST_MAIN(tests);
}
