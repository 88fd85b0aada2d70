/* mechanics_test.c - each of Hadoop's mechanisms that mrlab simulates shows
 * in what a user reads from a run.
 *
 * Whole-run tests elsewhere check totals (every task ends, bytes are
 * conserved, contention slows work); a mechanism can vanish from the engine
 * and leave those intact.  Each test here sets up a small cluster where one
 * mechanism decides a figure of tasks.csv or summary.json: rack-local
 * scheduling (how many maps a node without replicas starts at once), the
 * reducer's merges during the shuffle (the bytes its disk writes and the
 * shuffle's time), the map-side spill merge, the spill sort's CPU cost,
 * fetches of up to 20 map outputs, out-of-band heartbeats, and the
 * heartbeat interval's growth with the number of trackers.
 * scripts/mutate removes each mechanism from a copy of the engine in turn
 * and checks that a test here fails. */
#include "test.h"

#include <jansson.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIB 1048576.0

/* A cluster of one rack r1, or with TWO_RACKS r1 and r2, holding the node
 * classes CLASSES (a comma-separated list of node_class() texts); the
 * master is one more node of class MASTER, in r1. */
static const char *cluster(int two_racks, const char *master, const char *classes)
{
  static char text[8192];
  snprintf(text, sizeof text,
           "name = \"lab\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; }%s );\n"
           "node_classes = ( %s );\n"
           "master = { class = \"%s\"; rack = \"r1\"; };\n",
           two_racks ? ",\n          { name = \"r2\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; }" : "",
           classes, master);
  return text;
}

/* A node class NAME of COUNT nodes in RACK: one core of SPEED, one disk of
 * DISK (read and write), a NIC of 1 Gbps with LATENCY, MAPS and REDUCES
 * slots, 8 GiB of memory.  Returns one of four rotating buffers. */
static const char *node_class(const char *name, int count, const char *rack, const char *speed, const char *disk,
                              const char *latency, int maps, int reduces)
{
  static char text[4][1024];
  static int which;
  which = (which + 1) % 4;
  snprintf(text[which], sizeof text[which],
           "{ name = \"%s\"; count = %d; racks = [\"%s\"]; cores = 1; speed = \"%s\"; memory = \"8GiB\";"
           " disks = ( { read = \"%s\"; write = \"%s\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"%s\"; };"
           " slots = { map = %d; reduce = %d; }; }",
           name, count, rack, speed, disk, disk, latency, maps, reduces);
  return text[which];
}

/* Whether ROW of tasks.csv is a successful attempt of KIND on HOST (NULL: any host). */
static int row_is(const test_csv *t, int row, const char *kind, const char *host)
{
  return strcmp(test_csv_cell(t, row, "kind"), kind) == 0 &&
         strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0 &&
         (!host || strcmp(test_csv_cell(t, row, "host"), host) == 0);
}

/* The first row of a successful attempt of KIND on HOST (NULL: any host). */
static int first_row(const test_csv *t, const char *kind, const char *host)
{
  for (int row = 1; row < t->n_rows; row++)
    if (row_is(t, row, kind, host))
      return row;
  fail_msg("no successful %s attempt on %s", kind, host ? host : "any host");
  return -1;
}

/* FIELD of HOST in the run's summary.json (disk_written_bytes, ...). */
static double host_figure(const char *out, const char *host, const char *field)
{
  const char *text = test_read_file(out, "summary.json");
  char name[256];
  snprintf(name, sizeof name, "{\"name\": \"%s\",", host);
  const char *at = strstr(text, name);
  if (!at)
    fail_msg("no host %s in %s/summary.json", host, out);
  snprintf(name, sizeof name, "\"%s\": ", field);
  const char *value = strstr(at, name);
  if (!value)
    fail_msg("no %s for host %s in %s/summary.json", field, host, out);
  return strtod(value + strlen(name), NULL);
}

/* The --set arguments of cluster-wide settings: the heartbeat interval in
 * ms and whether out-of-band heartbeats are on.  They are cluster-wide, so
 * they go on the command line, not in a job's `set`. */
static const char *const *heartbeats(const char *interval_ms, int out_of_band)
{
  static char interval[128];
  static const char *args[5];
  snprintf(interval, sizeof interval, "mapreduce.jobtracker.heartbeat.interval.min=%s", interval_ms);
  args[0] = "--set";
  args[1] = interval;
  args[2] = "--set";
  args[3] = out_of_band ? "mapreduce.tasktracker.outofband.heartbeat=true"
                        : "mapreduce.tasktracker.outofband.heartbeat=false";
  args[4] = NULL;
  return args;
}

static void a_node_without_replicas_fills_its_slots_with_rack_local_maps(void **state)
{
  (void)state;
  /* 24 blocks, all on a-1.  a-2 shares its rack: at its first heartbeat it
   * takes rack-local maps into all 4 free slots, as JobQueueTaskScheduler
   * does; b-1 in the other rack gets one off-rack map per heartbeat. */
  char classes[4096];
  snprintf(classes, sizeof classes, "%s, %s", node_class("a", 2, "r1", "1Gf", "1GBps", "50us", 4, 1),
           node_class("b", 1, "r2", "1Gf", "1GBps", "50us", 4, 1));
  const char *work =
      "jobs = ( { name = \"rack\"; input = \"24MiB\"; map_cost = 5000.0; map_selectivity = 0.001;"
      " reduce_cost = 1.0; reduce_selectivity = 1.0; placement = { a-1 = 1.0; };"
      " set = [\"dfs.blocksize=1m\", \"dfs.replication=1\", \"mapreduce.map.speculative=false\"]; } );\n";
  test_csv *t = test_csv_in(test_simulate(cluster(1, "a", classes), work, NULL), "tasks.csv");
  double first = test_csv_num(t, first_row(t, "map", "a-2"), "start");
  int at_first = 0, rack_local = 0, off_rack = 0;
  for (int row = 1; row < t->n_rows; row++) {
    if (row_is(t, row, "map", "a-2")) {
      at_first += test_csv_num(t, row, "start") == first;
      rack_local += strcmp(test_csv_cell(t, row, "locality"), "rack") == 0;
    }
    if (row_is(t, row, "map", "b-1")) {
      off_rack += strcmp(test_csv_cell(t, row, "locality"), "off-rack") == 0;
      for (int other = 1; other < row; other++)
        if (row_is(t, other, "map", "b-1") && test_csv_num(t, other, "start") == test_csv_num(t, row, "start"))
          fail_msg("b-1 started two off-rack maps at %g s", test_csv_num(t, row, "start"));
    }
  }
  assert_int_equal(at_first, 4);
  assert_true(rack_local >= 4);
  assert_true(off_rack >= 1);
  test_csv_free(t);
}

/* Eight mappers in r1 with one 32 MiB map output each, all finished when
 * the reducer starts, fetched one at a time (one fetcher) by the reducer
 * alone on r-1 in r2, whose disk writes 50 MB/s.  SETTINGS are added to
 * the job's `set`.  Returns the run directory. */
static const char *eight_outputs(const char *settings)
{
  char classes[4096], work[4096];
  snprintf(classes, sizeof classes, "%s, %s", node_class("m", 8, "r1", "10Gf", "1GBps", "50us", 1, 0),
           node_class("r", 1, "r2", "10Gf", "50MBps", "50us", 0, 1));
  snprintf(work, sizeof work,
           "jobs = ( { name = \"merge\"; input = \"256MiB\"; map_cost = 1.0; map_selectivity = 1.0;"
           " reduce_cost = 1.0; reduce_selectivity = 0.0001;"
           " placement = { m-1 = 1.0; m-2 = 1.0; m-3 = 1.0; m-4 = 1.0; m-5 = 1.0; m-6 = 1.0; m-7 = 1.0; m-8 = 1.0; };"
           " set = [\"dfs.blocksize=32m\", \"dfs.replication=1\", \"mapreduce.task.io.sort.mb=64\","
           " \"mapreduce.map.sort.spill.percent=1.0\", \"mapreduce.job.reduce.slowstart.completedmaps=1.0\","
           " \"mapreduce.reduce.shuffle.parallelcopies=1\", \"mapreduce.reduce.speculative=false\","
           " \"mrlab.pipeline.chunk=1MiB\", %s]; } );\n",
           settings);
  return test_simulate(cluster(1, "m", classes), work, NULL);
}

/* The shuffle's duration (from the end of the start-up) of the reducer of OUT. */
static double shuffle_time(const char *out)
{
  test_csv *t = test_csv_in(out, "tasks.csv"), *jobs = test_csv_in(out, "jobs.csv");
  int row = first_row(t, "reduce", NULL);
  double d =
      test_csv_num(t, row, "shuffle_end") - test_csv_num(t, row, "start") - test_csv_num(jobs, 1, "mrlab.task.startup");
  test_csv_free(t);
  test_csv_free(jobs);
  return d;
}

/* What the reducer of OUT wrote to its disk (r-1) besides its output. */
static double reducer_disk_written(const char *out)
{
  test_csv *t = test_csv_in(out, "tasks.csv");
  double output = test_csv_num(t, first_row(t, "reduce", NULL), "write_bytes");
  test_csv_free(t);
  return host_figure(out, "r-1", "disk_written_bytes") - output;
}

static void the_reducer_merges_memory_to_disk_at_the_inmem_threshold(void **state)
{
  (void)state;
  /* every output fits in memory; merged two at a time, all of them reach
   * the disk during the shuffle; under the threshold, none does */
  const char *out = eight_outputs("\"mapreduce.reduce.merge.inmem.threshold=2\"");
  assert_close(reducer_disk_written(out), 8 * 32 * MIB, 0.5);
  out = eight_outputs("\"mapreduce.reduce.merge.inmem.threshold=1000\"");
  assert_close(reducer_disk_written(out), 0, 0.5);
  /* the threshold counts segments exactly: the eighth reaches 8, never 9 */
  out = eight_outputs("\"mapreduce.reduce.merge.inmem.threshold=9\"");
  assert_close(reducer_disk_written(out), 0, 0.5);
  out = eight_outputs("\"mapreduce.reduce.merge.inmem.threshold=8\"");
  assert_true(reducer_disk_written(out) > 0);
}

static void the_reducer_merges_disk_files_while_it_shuffles(void **state)
{
  (void)state;
  /* every output goes to disk (memory.limit.percent=0): 8 x 32 MiB at
   * 50 MB/s.  With io.sort.factor=100 that is all the shuffle writes; with
   * 2, files are merged two at a time once there are three, reading and
   * writing them again before the shuffle ends. */
  const char *out =
      eight_outputs("\"mapreduce.reduce.shuffle.memory.limit.percent=0\", \"mapreduce.task.io.sort.factor=100\"");
  double fetched = 8 * 32 * MIB, alone = shuffle_time(out);
  assert_close(reducer_disk_written(out), fetched, 0.5);
  assert_close(alone, fetched / 50e6, 0.05 * fetched / 50e6);
  out = eight_outputs("\"mapreduce.reduce.shuffle.memory.limit.percent=0\", \"mapreduce.task.io.sort.factor=2\"");
  double merging = shuffle_time(out);
  if (!(merging > 3 * alone))
    fail_msg("with io.sort.factor=2 the shuffle took %g s, with 100 %g s: expected merges to lengthen it", merging,
             alone);
  if (!(reducer_disk_written(out) > 2 * fetched))
    fail_msg("with io.sort.factor=2 the reducer wrote %g bytes for %g fetched: expected merges",
             reducer_disk_written(out), fetched);
}

static void the_reducer_merges_down_to_io_sort_factor_before_reducing(void **state)
{
  (void)state;
  /* eight 32 MiB files on disk after the shuffle; with io.sort.factor=5
   * (merges while shuffling only from 9 files) the sort phase first merges
   * 8 - 5 + 1 = 4 of them, reading and writing 128 MiB at 50 MB/s; with
   * 100 the final merge takes all eight at once */
  const char *spread = "\"mapreduce.reduce.shuffle.memory.limit.percent=0\", \"mapreduce.task.io.sort.factor=%d\"";
  char settings[256];
  double fetched = 8 * 32 * MIB;
  for (int factor = 5; factor <= 100; factor += 95) {
    snprintf(settings, sizeof settings, spread, factor);
    const char *out = eight_outputs(settings);
    test_csv *t = test_csv_in(out, "tasks.csv");
    int row = first_row(t, "reduce", NULL);
    double sort = test_csv_num(t, row, "sort_end") - test_csv_num(t, row, "shuffle_end");
    test_csv_free(t);
    double merged = factor == 5 ? fetched / 2 : 0;
    assert_close(reducer_disk_written(out), fetched + merged, 0.5);
    assert_close(sort, 2 * merged / 50e6, 0.05 * fetched / 50e6);
  }
}

#define CHEAP_REDUCE "reduce_cost = 1.0;"

/* One map of a 64 MiB split with 64 MiB of map output on m-1, whose core
 * runs at SPEED and whose disk writes DISK, and its reducer on r-1 (one
 * core of 10 Gf); KEYS are more workload keys of the job (with its
 * reduce_cost), SETTINGS its `set`.  Returns the run directory. */
static const char *one_map(const char *speed, const char *disk, const char *keys, const char *settings)
{
  char classes[2048], work[2048];
  snprintf(classes, sizeof classes, "%s, %s", node_class("m", 1, "r1", speed, disk, "50us", 1, 0),
           node_class("r", 1, "r1", "10Gf", "1GBps", "50us", 0, 1));
  snprintf(work, sizeof work,
           "jobs = ( { name = \"spill\"; input = \"64MiB\"; map_cost = 0.0; map_selectivity = 1.0;"
           " reduce_selectivity = 0.0001; %s"
           " set = [\"dfs.blocksize=64m\", \"dfs.replication=1\", \"mapreduce.map.speculative=false\", %s]; } );\n",
           keys, settings);
  return test_simulate(cluster(0, "m", classes), work, NULL);
}

/* The time between the columns FROM and TO of the first successful attempt of KIND in OUT. */
static double phase_time(const char *out, const char *kind, const char *from, const char *to)
{
  test_csv *t = test_csv_in(out, "tasks.csv");
  int row = first_row(t, kind, NULL);
  double d = test_csv_num(t, row, to) - test_csv_num(t, row, from);
  test_csv_free(t);
  return d;
}

static void a_map_with_several_spills_merges_them(void **state)
{
  (void)state;
  /* io.sort.mb=10 at 80%: 8 spills of 8 MiB, merged in one pass (io.sort.factor 10):
   * the merge reads them from the page cache and writes 64 MiB at 50 MB/s */
  double out = 64 * MIB;
  const char *run = one_map("10Gf", "50MBps", CHEAP_REDUCE, "\"mapreduce.task.io.sort.mb=10\"");
  assert_close(host_figure(run, "m-1", "disk_written_bytes"), 2 * out, 0.5);
  assert_close(phase_time(run, "map", "spill_end", "merge_end"), out / 50e6, 0.03 * out / 50e6);
  /* io.sort.factor=4: more spills than the factor, so passes first merge
   * 4 of the 8 spills, then 2 of the 5 files left, writing 6 spills' bytes
   * again before the last pass writes all 64 MiB */
  run = one_map("10Gf", "50MBps", CHEAP_REDUCE, "\"mapreduce.task.io.sort.mb=10\", \"mapreduce.task.io.sort.factor=4\"");
  assert_close(host_figure(run, "m-1", "disk_written_bytes"), 2 * out + 0.75 * out, 0.5);
  assert_close(phase_time(run, "map", "spill_end", "merge_end"), 1.75 * out / 50e6, 0.03 * 1.75 * out / 50e6);
  /* compressed (mrlab.compress.ratio 0.4), the spills and the merged file are smaller */
  run = one_map("10Gf", "50MBps", CHEAP_REDUCE,
                "\"mapreduce.task.io.sort.mb=10\", \"mapreduce.map.output.compress=true\"");
  assert_close(host_figure(run, "m-1", "disk_written_bytes"), 2 * 0.4 * out, 8);
  /* one spill: nothing to merge */
  run = one_map("10Gf", "50MBps", CHEAP_REDUCE,
                "\"mapreduce.task.io.sort.mb=100\", \"mapreduce.map.sort.spill.percent=1.0\"");
  assert_close(host_figure(run, "m-1", "disk_written_bytes"), out, 0.5);
  assert_close(phase_time(run, "map", "spill_end", "merge_end"), 0, 1e-9);
}

static void the_spill_sort_and_the_combiner_cost_cpu(void **state)
{
  (void)state;
  /* one spill of 64 MiB after the map function, on a 1 Gf core with a fast
   * disk: mrlab.sort.cost flops a byte, and a combiner's combiner_cost,
   * decide its time */
  static const struct {
    const char *keys;
    double sort_cost, flops_per_byte;
  } cases[] = {
      {CHEAP_REDUCE, 20, 20}, {CHEAP_REDUCE, 60, 60}, {CHEAP_REDUCE " combiner = 0.5; combiner_cost = 40.0;", 20, 60}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char settings[256];
    snprintf(settings, sizeof settings,
             "\"mapreduce.task.io.sort.mb=100\", \"mapreduce.map.sort.spill.percent=1.0\", \"mrlab.sort.cost=%g\"",
             cases[i].sort_cost);
    double expected = 64 * MIB * cases[i].flops_per_byte / 1e9;
    assert_close(phase_time(one_map("1Gf", "10GBps", cases[i].keys, settings), "map", "map_end", "spill_end"), expected,
                 0.03 * expected);
  }
}

typedef struct {
  double took;          /* the task's time */
  long long read_bytes; /* its tasks.csv read_bytes */
  long long disk_reads; /* the disk reads the run started (summary.json's activities) */
} lone_task;

/* Runs JOB (a workload's job line) on hetero16 and returns what its one
 * task of KIND ("map" or "reduce") did. */
static lone_task task_on_hetero16(const char *job, const char *kind)
{
  test_run r;
  char workload[512];
  snprintf(workload, sizeof workload, "jobs = ( %s );\n", job);
  const char *dir = test_run_beside(
      &r, "w.cfg", workload,
      (const char *const[]){"run", test_source_path("platforms/hetero16.cfg"), "w.cfg", "-o", "out", NULL});
  assert_int_equal(r.status, 0);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *t = test_csv_in(out, "tasks.csv");
  int row = 0;
  for (int i = 1; i <= t->n_rows && !row; i++)
    row = strcmp(test_csv_cell(t, i, "kind"), kind) == 0 ? i : 0;
  assert_true(row > 0);
  lone_task done = {.took = atof(test_csv_cell(t, row, "end")) - atof(test_csv_cell(t, row, "start")),
                    .read_bytes = atoll(test_csv_cell(t, row, "read_bytes"))};
  test_csv_free(t);
  json_error_t error;
  json_t *root = json_loads(test_read_file(out, "summary.json"), 0, &error);
  assert_non_null(root);
  done.disk_reads = json_integer_value(json_object_get(json_object_get(root, "activities"), "disk_reads"));
  json_decref(root);
  return done;
}

/* A map-only map of 1 MiB that writes 10,000 times as much (10,485,760,000
 * bytes, three replicas on hetero16): HDFS's pipeline streams the replicas
 * one behind the other, so the write takes about what the slowest disk of
 * the three needs (hetero16's slowest writes 90 MB/s), not each replica's
 * write and transfer one after the other (over 300 s).  Its pipe's 626
 * chunks of output each hold 1,677 bytes of input, which it reads at
 * once, in one disk read, not 626. */
static void a_map_only_output_streams_down_its_replicas(void **state)
{
  (void)state;
  lone_task map = task_on_hetero16(
      "{ name = \"fan\"; input = \"1MiB\"; map_cost = 1.0; map_selectivity = 10000.0; reducers = 0; }", "map");
  assert_true(map.took < 1.1 * 10485760000.0 / 90e6 + 2);
  assert_int_equal(map.disk_reads, 1);
  assert_int_equal(map.read_bytes, 1048576);
}

/* Likewise a reducer of 1 MiB that writes 10,000 times as much: its
 * output streams down the replica pipeline in chunks of output. */
static void a_reduce_output_streams_down_its_replicas(void **state)
{
  (void)state;
  lone_task reduce = task_on_hetero16("{ name = \"fan\"; input = \"1MiB\"; map_cost = 1.0; map_selectivity = 1.0; "
                                      "reduce_cost = 1.0; reduce_selectivity = 10000.0; reducers = 1; }",
                                      "reduce");
  assert_true(reduce.took < 1.1 * 10485760000.0 / 90e6 + 4);
}

static void the_reduce_function_costs_cpu(void **state)
{
  (void)state;
  /* 64 MiB of reduce input in memory, on one 10 Gf core: the final merge's
   * mrlab.merge.cost and the reduce_cost flops a byte decide its time */
  for (int cost = 100; cost <= 300; cost += 200) {
    char keys[64];
    snprintf(keys, sizeof keys, "reduce_cost = %d.0;", cost);
    double expected = 64 * MIB * (5 + cost) / 1e10;
    assert_close(
        phase_time(one_map("10Gf", "1GBps", keys, "\"mrlab.merge.cost=5\""), "reduce", "sort_end", "reduce_end"),
        expected, 0.03 * expected);
  }
}

/* The shuffle's duration of a reducer fetching MAPS tiny map outputs, all
 * waiting on one host m-1 when it starts, over NICs of 100 ms latency. */
static double fetch_time(int maps)
{
  char classes[2048], work[2048];
  snprintf(classes, sizeof classes, "%s, %s", node_class("m", 1, "r1", "10Gf", "1GBps", "100ms", 8, 0),
           node_class("r", 1, "r1", "10Gf", "1GBps", "100ms", 0, 1));
  snprintf(work, sizeof work,
           "jobs = ( { name = \"fetch\"; input = \"%dMiB\"; map_cost = 1.0; map_selectivity = 0.001;"
           " reduce_cost = 1.0; reduce_selectivity = 1.0;"
           " set = [\"dfs.blocksize=1m\", \"dfs.replication=1\", \"mapreduce.job.reduce.slowstart.completedmaps=1.0\","
           " \"mapreduce.map.speculative=false\", \"mapreduce.reduce.speculative=false\"]; } );\n",
           maps);
  return shuffle_time(test_simulate(cluster(0, "m", classes), work, NULL));
}

static void one_fetch_takes_up_to_twenty_outputs_of_a_host(void **state)
{
  (void)state;
  double one = fetch_time(1), twenty = fetch_time(20), forty = fetch_time(40);
  /* twenty outputs take one fetch, as one output does; forty take two */
  assert_close(twenty, one, 0.02 * one);
  if (!(forty - twenty > 0.3 * one))
    fail_msg("one output fetched in %g s, 20 in %g s, 40 in %g s: expected a second fetch for 40", one, twenty, forty);
}

/* The starts and ends of the three maps of a job on one worker with one map
 * slot and heartbeats every 10 s, out of band or not. */
static void three_maps(int out_of_band, double start[3], double end[3])
{
  char classes[2048];
  snprintf(classes, sizeof classes, "%s", node_class("w", 1, "r1", "1Gf", "1GBps", "50us", 1, 1));
  const char *work =
      "jobs = ( { name = \"beat\"; input = \"3MiB\"; map_cost = 2000.0; map_selectivity = 0.001;"
      " reduce_cost = 1.0; reduce_selectivity = 1.0;"
      " set = [\"dfs.blocksize=1m\", \"dfs.replication=1\", \"mapreduce.map.speculative=false\"]; } );\n";
  test_csv *t =
      test_csv_in(test_simulate(cluster(0, "w", classes), work, heartbeats("10000", out_of_band)), "tasks.csv");
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (row_is(t, row, "map", NULL)) {
      assert_true(n < 3);
      start[n] = test_csv_num(t, row, "start");
      end[n++] = test_csv_num(t, row, "end");
    }
  assert_int_equal(n, 3);
  test_csv_free(t);
}

static void an_out_of_band_heartbeat_starts_the_next_task_at_once(void **state)
{
  (void)state;
  /* each map takes 1 s of start-up and 2.1 s of CPU; the next starts at the
   * next heartbeat (10 s later), or, out of band, when the previous ends */
  double start[3], end[3];
  three_maps(0, start, end);
  assert_true(start[0] < 10); /* the tracker's first heartbeat, at its phase */
  for (int k = 1; k < 3; k++)
    assert_close(start[k], start[0] + 10.0 * k, 0.01);
  three_maps(1, start, end);
  for (int k = 1; k < 3; k++)
    assert_close(start[k], end[k - 1], 0.01);
}

/* The gaps between the starts of successive maps on each of WORKERS
 * one-slot workers, when the JobTracker takes PER_SECOND heartbeats a
 * second: the smallest (LEAST) and the largest (MOST).  Each map takes
 * about 3 s, less than any interval below, so a tracker's next map waits
 * for its next heartbeat. */
static void map_gaps(int workers, const char *per_second, double *least, double *most)
{
  char classes[2048], hps[128];
  snprintf(classes, sizeof classes, "%s", node_class("w", workers, "r1", "1Gf", "1GBps", "50us", 1, 1));
  snprintf(hps, sizeof hps, "mapreduce.jobtracker.heartbeats.in.second=%s", per_second);
  const char *args[] = {"--set", hps, NULL};
  char work[1024];
  snprintf(work, sizeof work,
           "jobs = ( { name = \"beat\"; input = \"%dMiB\"; map_cost = 2000.0; map_selectivity = 0.001;"
           " reduce_cost = 1.0; reduce_selectivity = 1.0;"
           " set = [\"dfs.blocksize=1m\", \"mapreduce.map.speculative=false\"]; } );\n",
           3 * workers);
  test_csv *t = test_csv_in(test_simulate(cluster(0, "w", classes), work, args), "tasks.csv");
  *least = INFINITY, *most = 0;
  for (int w = 1; w <= workers; w++) {
    char host[32];
    snprintf(host, sizeof host, "w-%d", w);
    double last = -1;
    for (int row = 1; row < t->n_rows; row++)
      if (row_is(t, row, "map", host)) {
        double start = test_csv_num(t, row, "start");
        if (last >= 0) {
          *least = fmin(*least, start - last);
          *most = fmax(*most, start - last);
        }
        last = start;
      }
  }
  assert_true(*most > 0);
  test_csv_free(t);
}

static void the_heartbeat_interval_grows_with_the_cluster(void **state)
{
  (void)state;
  /* JobTracker.getNextHeartbeatInterval: max(interval.min (0.3 s),
   * trackers / heartbeats.in.second); 10 trackers at 2 a second heartbeat
   * every 5 s, 20 trackers every 10 s, and a tracker whose map has ended
   * starts the next one at its next heartbeat */
  double least, most;
  map_gaps(10, "2", &least, &most);
  if (!(fabs(least - 5) < 0.1 && fabs(most - 5) < 0.1))
    fail_msg("10 trackers at 2 heartbeats a second: maps on one tracker %g to %g s apart, expected 5 s", least, most);
  map_gaps(20, "2", &least, &most);
  if (!(fabs(least - 10) < 0.1 && fabs(most - 10) < 0.1))
    fail_msg("20 trackers at 2 heartbeats a second: maps on one tracker %g to %g s apart, expected 10 s", least, most);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_node_without_replicas_fills_its_slots_with_rack_local_maps),
      cmocka_unit_test(the_reducer_merges_memory_to_disk_at_the_inmem_threshold),
      cmocka_unit_test(the_reducer_merges_disk_files_while_it_shuffles),
      cmocka_unit_test(the_reducer_merges_down_to_io_sort_factor_before_reducing),
      cmocka_unit_test(a_map_with_several_spills_merges_them),
      cmocka_unit_test(the_spill_sort_and_the_combiner_cost_cpu),
      cmocka_unit_test(a_map_only_output_streams_down_its_replicas),
      cmocka_unit_test(a_reduce_output_streams_down_its_replicas),
      cmocka_unit_test(the_reduce_function_costs_cpu),
      cmocka_unit_test(one_fetch_takes_up_to_twenty_outputs_of_a_host),
      cmocka_unit_test(an_out_of_band_heartbeat_starts_the_next_task_at_once),
      cmocka_unit_test(the_heartbeat_interval_grows_with_the_cluster),
  };
  TEST_MAIN(tests);
}
