/* engine_test.c - whole runs of `mrlab run` behave as Hadoop on SimGrid must:
 * every task ends, contention slows work by what the resource model says,
 * locality and heterogeneity show, slow-start and pipelining work, runs are
 * reproducible for a seed, speculation and FIFO multi-job runs work, and bad
 * workloads are refused. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

/* One rack of workers of one or two classes; "-" leaves the second out. */
static const char *lab(const char *cls1, const char *cls2)
{
  static char text[4096];
  snprintf(text, sizeof text,
           "name = \"lab\";\n"
           "core = { bandwidth = \"10Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; } );\n"
           "node_classes = ( %s %s %s );\n"
           "master = { class = \"a\"; rack = \"r1\"; };\n",
           cls1, strcmp(cls2, "-") ? "," : "", strcmp(cls2, "-") ? cls2 : "");
  return text;
}

/* A node class NAME: COUNT nodes, CORES cores at SPEED, one disk of DISK,
 * MAPS and REDS slots. */
static const char *node_class(const char *name, int count, int cores, const char *speed, const char *disk, int maps,
                              int reds)
{
  static char text[2][1024];
  static int which;
  which = !which;
  snprintf(text[which], sizeof text[which],
           "{ name = \"%s\"; count = %d; racks = [\"r1\"]; cores = %d; speed = \"%s\"; memory = \"8GiB\";"
           " disks = ( { read = \"%s\"; write = \"%s\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; };"
           " slots = { map = %d; reduce = %d; }; }",
           name, count, cores, speed, disk, disk, maps, reds);
  return text[which];
}

/* The duration of column TO minus (start + 1 s of start-up), for attempt ROW. */
static double since_startup(const test_csv *t, int row, const char *to)
{
  return test_csv_num(t, row, to) - test_csv_num(t, row, "start") - 1.0;
}

/* Rows of successful attempts of KIND. */
static int is(const test_csv *t, int row, const char *kind)
{
  return strcmp(test_csv_cell(t, row, "kind"), kind) == 0 && strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0;
}

static const char cpu_job[] =
    "jobs = ( { name = \"cpu\"; input = \"%s\"; map_cost = 100.0; map_selectivity = 0.001; reduce_cost = 1.0;"
    " reduce_selectivity = 1.0; reducers = 1; set = [\"dfs.blocksize=32m\", \"dfs.replication=1\"]; } );\n";

/* Mean map-function time of the maps of a CPU-bound job of SIZE on PLATFORM. */
static double map_time(const char *platform, const char *size, const char *phase)
{
  char work[1024];
  snprintf(work, sizeof work, cpu_job, size);
  const char *out = test_simulate(platform, work, NULL);
  test_csv *t = test_csv_in(out, "tasks.csv");
  double sum = 0;
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "map")) {
      sum += since_startup(t, row, phase);
      n++;
    }
  test_csv_free(t);
  return sum / n;
}

static void two_cpu_bound_maps_on_one_core_take_twice_as_long(void **state)
{
  (void)state;
  const char *one_core = lab(node_class("a", 1, 1, "1Gf", "10GBps", 2, 1), "-");
  double alone = map_time(one_core, "32MiB", "map_end"), shared = map_time(one_core, "64MiB", "map_end");
  assert_close(alone, 32 * 1048576.0 * 100 / 1e9, 0.01); /* 3.36 s of CPU */
  assert_close(shared / alone, 2, 0.02);
}

/* The mean cpu_seconds of the maps of the CPU-bound job of SIZE on PLATFORM. */
static double map_cpu(const char *platform, const char *size)
{
  char work[1024];
  snprintf(work, sizeof work, cpu_job, size);
  test_csv *t = test_csv_in(test_simulate(platform, work, NULL), "tasks.csv");
  double sum = 0;
  int n = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "map")) {
      sum += test_csv_num(t, row, "cpu_seconds");
      n++;
    }
  test_csv_free(t);
  return sum / n;
}

/* tasks.csv's cpu_seconds is the work, as Hadoop's CPU_MILLISECONDS: two
 * maps sharing a core take twice as long, and as much CPU time each as
 * one alone, their map function's 3.36 s and a little for the sort. */
static void cpu_seconds_count_the_work_not_the_wait(void **state)
{
  (void)state;
  const char *one_core = lab(node_class("a", 1, 1, "1Gf", "10GBps", 2, 1), "-");
  double alone = map_cpu(one_core, "32MiB"), shared = map_cpu(one_core, "64MiB");
  assert_close(alone, 32 * 1048576.0 * 100 / 1e9, 0.001);
  assert_true(alone > 32 * 1048576.0 * 100 / 1e9);
  assert_close(shared / alone, 1, 1e-9);
}

static void two_maps_on_one_disk_read_twice_as_long(void **state)
{
  (void)state;
  const char *one_disk = lab(node_class("a", 1, 4, "100Gf", "50MBps", 2, 1), "-");
  double alone = map_time(one_disk, "32MiB", "read_end"), shared = map_time(one_disk, "64MiB", "read_end");
  assert_close(alone, 32 * 1048576.0 / 50e6, 0.02);
  assert_close(shared / alone, 2, 0.03);
}

static void a_slower_node_maps_slower_by_its_speed(void **state)
{
  (void)state;
  const char *platform =
      lab(node_class("a", 1, 1, "3Gf", "10GBps", 1, 1), node_class("b", 1, 1, "1Gf", "10GBps", 1, 1));
  const char *work = "jobs = ( { name = \"cpu\"; input = \"64MiB\"; map_cost = 100.0; map_selectivity = 0.001;"
                     " reduce_cost = 1.0; reduce_selectivity = 1.0; placement = { a-1 = 1.0; b-1 = 1.0; };"
                     " set = [\"dfs.blocksize=32m\", \"dfs.replication=1\"]; } );\n";
  test_csv *t = test_csv_in(test_simulate(platform, work, NULL), "tasks.csv");
  double on[2] = {0, 0};
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "map")) {
      assert_string_equal(test_csv_cell(t, row, "locality"), "node");
      on[test_csv_cell(t, row, "host")[0] == 'b'] = since_startup(t, row, "map_end");
    }
  assert_close(on[1] / on[0], 3, 0.01);
  test_csv_free(t);
}

static void reading_and_mapping_overlap(void **state)
{
  (void)state;
  /* 100 MB/s of disk and 100 MB/s of map function: one 128 MiB split */
  const char *platform = lab(node_class("a", 1, 1, "1Gf", "100MBps", 1, 1), "-");
  const char *work = "jobs = ( { name = \"even\"; input = \"128MiB\"; map_cost = 10.0; map_selectivity = 0.001;"
                     " reduce_cost = 1.0; reduce_selectivity = 1.0; set = [\"dfs.replication=1\"]; } );\n";
  test_csv *t = test_csv_in(test_simulate(platform, work, NULL), "tasks.csv");
  double one = 128 * 1048576.0 / 100e6;
  assert_true(is(t, 1, "map"));
  double both = since_startup(t, 1, "map_end");
  if (!(both > 0.95 * one && both < 1.2 * one))
    fail_msg("read and map of %g s each took %g s together: expected about one of them", one, both);
  test_csv_free(t);
}

/* Two racks: MAPPERS mappers holding 4 GiB of input in one, four reducers
 * in the other, joined by uplinks of UPLINK; returns the shuffle's duration,
 * fetched host by host or, with BY_RACK, rack by rack. */
static double shuffle_time(const char *uplink, int mappers, int by_rack)
{
  char platform[4096], work[2048];
  snprintf(platform, sizeof platform,
           "name = \"two\"; core = { bandwidth = \"100Gbps\"; latency = \"5us\"; };\n"
           "racks = ( { name = \"m\"; uplink = { bandwidth = \"%s\"; latency = \"10us\"; }; },\n"
           "          { name = \"r\"; uplink = { bandwidth = \"%s\"; latency = \"10us\"; }; } );\n"
           "node_classes = (\n"
           "  { name = \"mapper\"; count = %d; racks = [\"m\"]; cores = 4; speed = \"100Gf\"; memory = \"8GiB\";\n"
           "    disks = ( { read = \"10GBps\"; write = \"10GBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = "
           "\"50us\"; };\n"
           "    slots = { map = 1; reduce = 0; }; },\n"
           "  { name = \"reducer\"; count = 4; racks = [\"r\"]; cores = 4; speed = \"100Gf\"; memory = \"8GiB\";\n"
           "    disks = ( { read = \"10GBps\"; write = \"10GBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = "
           "\"50us\"; };\n"
           "    slots = { map = 0; reduce = 1; }; } );\n"
           "master = { class = \"mapper\"; rack = \"m\"; };\n",
           uplink, uplink, mappers);
  snprintf(
      work, sizeof work,
      "jobs = ( { name = \"shuffle\"; input = \"4GiB\"; map_cost = 0.0; map_selectivity = 1.0; reduce_cost = 0.0;"
      " reduce_selectivity = 0.0001; reducers = 4;"
      " placement = { mapper-1 = 1.0; %s };"
      " set = [\"dfs.blocksize=1g\", \"dfs.replication=1\", \"mapreduce.job.reduce.slowstart.completedmaps=1.0\","
      " \"mapreduce.task.io.sort.mb=2000\", \"mapreduce.map.sort.spill.percent=1.0\", \"mrlab.shuffle.by.rack=%s\"];"
      " } );\n",
      mappers > 1 ? "mapper-2 = 1.0; mapper-3 = 1.0; mapper-4 = 1.0;" : "", by_rack ? "true" : "false");
  test_csv *t = test_csv_in(test_simulate(platform, work, NULL), "tasks.csv");
  double first = 1e30, last = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "reduce")) {
      first = fmin(first, test_csv_num(t, row, "start") + 1.0);
      last = fmax(last, test_csv_num(t, row, "shuffle_end"));
    }
  test_csv_free(t);
  return last - first;
}

static void an_oversubscribed_uplink_slows_the_shuffle(void **state)
{
  (void)state;
  /* 16 flows: NIC-bound at 1/4 of a NIC each behind an 8 Gbps uplink; at
   * 1/16 of a 1 Gbps uplink each behind a 1 Gbps one: 4 times slower.  By
   * rack, four flows, each bound by its reducer's NIC, then by the uplink. */
  for (int by_rack = 0; by_rack < 2; by_rack++) {
    double fast = shuffle_time("8Gbps", 4, by_rack), slow = shuffle_time("1Gbps", 4, by_rack);
    assert_close(fast, 4 * 1073741824.0 / 4 / (125e6 * 0.97), 0.6);
    assert_close(slow / fast, 4, 0.25);
  }
}

static void a_rack_sends_at_the_summed_speed_of_its_nics(void **state)
{
  (void)state;
  /* one mapper holds all four map outputs: its NIC, or the gateway of its
   * rack of one, carries the whole 4 GiB at 1 Gbps; four mappers' gateway
   * carries four times as much at once */
  double host = shuffle_time("8Gbps", 1, 0), rack = shuffle_time("8Gbps", 1, 1);
  assert_close(host, 4 * 1073741824.0 / (125e6 * 0.97), 0.6);
  assert_close(rack / host, 1, 0.01);
  assert_close(host / shuffle_time("8Gbps", 4, 1), 4, 0.25);
}

/* The disk bytes read on all hosts of a run, from its summary.json. */
static double disk_read(const char *out)
{
  char path[4096], text[65536];
  snprintf(path, sizeof path, "%s/summary.json", out);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  text[fread(text, 1, sizeof text - 1, f)] = '\0';
  fclose(f);
  double sum = 0;
  for (const char *at = text; (at = strstr(at, "\"disk_read_bytes\": ")); at++)
    sum += strtod(at + strlen("\"disk_read_bytes\": "), NULL);
  return sum;
}

static void map_outputs_come_from_the_page_cache_while_it_holds_them(void **state)
{
  (void)state;
  const char *work = "jobs = ( { name = \"cache\"; input = \"256MiB\"; map_cost = 1.0; map_selectivity = 1.0;"
                     " reduce_cost = 1.0; reduce_selectivity = 0.001; reducers = 2;"
                     " set = [\"dfs.replication=1\", \"mapreduce.task.io.sort.mb=200\"]; } );\n";
  /* 8 GiB leave 6 GiB of cache after two 1 GiB heaps; 2 GiB leave none.
   * One spill per map (io.sort.mb=200), so no map-side merge reads. */
  const char *roomy = lab(node_class("a", 2, 2, "10Gf", "1GBps", 1, 1), "-");
  double cached = disk_read(test_simulate(roomy, work, NULL));
  char tight[4096];
  snprintf(tight, sizeof tight, "%s", roomy);
  char *memory = strstr(tight, "\"8GiB\"");
  memcpy(memory, "\"2GiB\"", 6);
  double evicted = disk_read(test_simulate(tight, work, NULL));
  assert_close(cached, 256 * 1048576.0, 1);      /* the splits */
  assert_close(evicted, 2 * 256 * 1048576.0, 1); /* the splits and, for the shuffle, the map outputs */
}

static const char *hetero16(void)
{
  return test_source_path("platforms/hetero16.cfg");
}

static const char sort_job[] = "jobs = ( { name = \"sort\"; input = \"10GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                               " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 16; %s } );\n";

static test_csv *run_sort(const char *extra, const char *const *args, double *makespan)
{
  char work[2048];
  snprintf(work, sizeof work, sort_job, extra);
  const char *out = test_simulate(hetero16(), work, args);
  if (makespan) {
    test_csv *jobs = test_csv_in(out, "jobs.csv");
    *makespan = test_csv_num(jobs, 1, "end");
    test_csv_free(jobs);
  }
  return test_csv_in(out, "tasks.csv");
}

static void most_maps_are_node_local_with_three_replicas(void **state)
{
  (void)state;
  test_csv *t = run_sort("", NULL, NULL);
  int maps = 0, local = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "map")) {
      maps++;
      local += strcmp(test_csv_cell(t, row, "locality"), "node") == 0;
    }
  if (local * 4 < maps * 3)
    fail_msg("%d of %d maps node-local: expected most", local, maps);
  test_csv_free(t);
}

static void blocks_on_one_node_are_read_remotely_and_slower(void **state)
{
  (void)state;
  double spread, piled;
  test_csv *t = run_sort("set = [\"dfs.replication=1\"];", NULL, &spread);
  test_csv_free(t);
  t = run_sort("set = [\"dfs.replication=1\"]; placement = { fast-1 = 1.0; };", NULL, &piled);
  int remote = 0;
  for (int row = 1; row < t->n_rows; row++)
    if (is(t, row, "map")) {
      int on_holder = strcmp(test_csv_cell(t, row, "host"), "fast-1") == 0;
      assert_string_equal(test_csv_cell(t, row, "locality"), on_holder ? "node"
                                                             : strcmp(test_csv_cell(t, row, "rack"), "rack1")
                                                                 ? "off-rack"
                                                                 : "rack");
      remote += !on_holder;
    }
  assert_true(remote > 0);
  if (!(piled > 1.2 * spread))
    fail_msg("all blocks on fast-1: %g s; spread: %g s; expected slower", piled, spread);
  test_csv_free(t);
}

static void slowstart_decides_when_reducers_start(void **state)
{
  (void)state;
  for (int late = 0; late < 2; late++) {
    const char *args[] = {"--set",
                          late ? "mapreduce.job.reduce.slowstart.completedmaps=1.0"
                               : "mapreduce.job.reduce.slowstart.completedmaps=0.05",
                          NULL};
    test_csv *t = run_sort("", args, NULL);
    double last_map = 0, first_reduce = 1e30;
    for (int row = 1; row < t->n_rows; row++) {
      if (is(t, row, "map"))
        last_map = fmax(last_map, test_csv_num(t, row, "end"));
      if (is(t, row, "reduce"))
        first_reduce = fmin(first_reduce, test_csv_num(t, row, "start"));
    }
    if (late ? first_reduce < last_map : first_reduce >= last_map)
      fail_msg("slowstart %s: first reduce at %g, last map ends at %g", late ? "1.0" : "0.05", first_reduce, last_map);
    test_csv_free(t);
  }
}

static void a_seed_gives_the_same_bytes(void **state)
{
  (void)state;
  char work[2048], path[4096], dirs[3][4096];
  snprintf(work, sizeof work, sort_job, "");
  const char *dir = test_tmpdir();
  snprintf(path, sizeof path, "%s", test_write_file(dir, "w.cfg", work));
  const char *seeds[] = {"7", "7", "8"};
  for (int i = 0; i < 3; i++) {
    snprintf(dirs[i], sizeof dirs[i], "%s/out%d", dir, i);
    test_run r;
    test_run_mrlab(&r, dir, (const char *[]){"run", hetero16(), path, "-o", dirs[i], "--seed", seeds[i], NULL});
    assert_int_equal(r.status, 0);
  }
  const char *files[] = {"tasks.csv", "jobs.csv", "groups.csv", "summary.json"};
  for (int f = 0; f < 4; f++) {
    if (!test_same_file(dirs[0], dirs[1], files[f]))
      fail_msg("%s differs between two runs with seed 7", files[f]);
  }
  assert_false(test_same_file(dirs[0], dirs[2], "tasks.csv")); /* another seed places blocks elsewhere */
}

static void every_task_ends_on_every_platform(void **state)
{
  (void)state;
  const char *names[] = {"toy4", "hetero16", "xie5", "shilu11", "scale1000"};
  const char *work = "jobs = ( { name = \"small\"; input = \"2GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                     " reduce_cost = 20.0; reduce_selectivity = 0.5; reducers = 4;"
                     " set = [\"mrlab.shuffle.by.rack=%s\"]; } );\n";
  for (int i = 0; i < 10; i++) {
    char rel[64], job[1024];
    snprintf(rel, sizeof rel, "platforms/%s.cfg", names[i / 2]);
    snprintf(job, sizeof job, work, i % 2 ? "true" : "false");
    const char *out = test_simulate(test_source_path(rel), job, NULL);
    test_csv *t = test_csv_in(out, "tasks.csv");
    int maps = 0, reduces = 0;
    double map_output = 0, fetched = 0;
    for (int row = 1; row < t->n_rows; row++) {
      const char *status = test_csv_cell(t, row, "status");
      if (strcmp(status, "SUCCEEDED") && strcmp(status, "KILLED"))
        fail_msg("%s: attempt %s ended %s", names[i / 2], test_csv_cell(t, row, "task"), status);
      assert_true(test_csv_num(t, row, "end") >= test_csv_num(t, row, "start"));
      if (is(t, row, "map")) {
        maps++;
        map_output += test_csv_num(t, row, "merge_bytes");
      }
      if (is(t, row, "reduce")) {
        reduces++;
        fetched += test_csv_num(t, row, "shuffle_bytes");
      }
    }
    assert_int_equal(maps, 15); /* 2 GB / 128 MiB */
    assert_int_equal(reduces, 4);
    assert_true(fetched == map_output); /* fetched host by host or rack by rack */
    test_csv_free(t);
    test_csv *jobs = test_csv_in(out, "jobs.csv");
    assert_true(test_csv_num(jobs, 1, "end") > 0);
    test_csv_free(jobs);
  }
}

static void a_straggler_gets_a_speculative_twin(void **state)
{
  (void)state;
  /* a: 5 times b's speed.  a runs blocks 0 and 2 (100 s each); b's block 1
   * would take 500 s: at 100 s its estimated end (500 s) is later than a new
   * attempt's (100 s + the 100 s mean), and a takes the twin at 200 s. */
  const char *platform =
      lab(node_class("a", 1, 1, "5Gf", "10GBps", 1, 1), node_class("b", 1, 1, "1Gf", "10GBps", 1, 1));
  const char *work = "jobs = ( { name = \"slow\"; input = \"3MiB\"; map_cost = 100000.0; map_selectivity = 0.001;"
                     " reduce_cost = 1.0; reduce_selectivity = 1.0; placement = { a-1 = 2.0; b-1 = 1.0; };"
                     " set = [\"dfs.blocksize=1m\", \"dfs.replication=1\", \"mrlab.pipeline.chunk=64KiB\"]; } );\n";
  test_csv *t = test_csv_in(test_simulate(platform, work, NULL), "tasks.csv");
  int killed = 0, speculative_won = 0;
  for (int row = 1; row < t->n_rows; row++) {
    if (strcmp(test_csv_cell(t, row, "task"), "m000001") != 0)
      continue;
    killed += strcmp(test_csv_cell(t, row, "status"), "KILLED") == 0;
    speculative_won += strcmp(test_csv_cell(t, row, "speculative"), "1") == 0 && is(t, row, "map");
  }
  assert_int_equal(killed, 1);
  assert_int_equal(speculative_won, 1);
  test_csv_free(t);
  test_csv *jobs = test_csv_in(
      test_simulate(platform, work, (const char *[]){"--set", "mapreduce.map.speculative=false", NULL}), "tasks.csv");
  for (int row = 1; row < jobs->n_rows; row++)
    assert_string_equal(test_csv_cell(jobs, row, "speculative"), "0");
  test_csv_free(jobs);
}

static void jobs_run_fifo_from_their_submit_times(void **state)
{
  (void)state;
  const char *work = "jobs = ( { name = \"second\"; submit = \"30s\"; input = \"2GB\"; map_cost = 20.0;"
                     " map_selectivity = 1.0; reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4; },"
                     " { name = \"first\"; input = \"5GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                     " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4; } );\n";
  test_csv *jobs = test_csv_in(test_simulate(hetero16(), work, NULL), "jobs.csv");
  assert_string_equal(test_csv_cell(jobs, 1, "job"), "first");
  assert_string_equal(test_csv_cell(jobs, 2, "job"), "second");
  assert_true(test_csv_num(jobs, 1, "start") < 1);
  assert_true(test_csv_num(jobs, 2, "start") >= 30);
  assert_true(test_csv_num(jobs, 2, "end") > test_csv_num(jobs, 2, "start"));
  test_csv_free(jobs);
}

/* The phase of each of toy4's four trackers (worker-1 to worker-4) in a
 * run of SEED with heartbeats every 3 s, in [0, 3): every task of a tracker
 * starts on one of its heartbeats, so all its starts agree modulo 3 s. */
static void heartbeat_phases(const char *seed, double phase[4])
{
  const char *work = "jobs = ( { name = \"beat\"; input = \"4GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                     " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 4; } );\n";
  test_csv *t = test_csv_in(test_simulate(test_source_path("platforms/toy4.cfg"), work,
                                          (const char *[]){"--set", "mapreduce.jobtracker.heartbeat.interval.min=3000",
                                                           "--seed", seed, NULL}),
                            "tasks.csv");
  for (int w = 0; w < 4; w++)
    phase[w] = -1;
  for (int row = 1; row < t->n_rows; row++) {
    int worker = test_csv_cell(t, row, "host")[7] - '1';
    double at = fmod(test_csv_num(t, row, "start"), 3.0);
    if (phase[worker] < 0)
      phase[worker] = at;
    double off = fabs(at - phase[worker]);
    if (fmin(off, 3 - off) > 0.001)
      fail_msg("%s started at %g on worker-%d, not on one of its heartbeats (phase %g)", test_csv_cell(t, row, "task"),
               test_csv_num(t, row, "start"), worker + 1, phase[worker]);
  }
  test_csv_free(t);
  for (int w = 0; w < 4; w++)
    assert_true(phase[w] >= 0);
}

/* Each tracker heartbeats every interval from a phase of its own, drawn
 * from the seed: another seed, other phases, and no tracker's phase is set
 * by its place in the platform file (worker k at k/4 of the interval, as
 * it was, would hand the first tasks to the trackers listed first). */
static void trackers_heartbeat_at_the_configured_interval(void **state)
{
  (void)state;
  double one[4], two[4];
  heartbeat_phases("1", one);
  heartbeat_phases("2", two);
  int moved = 0, by_index = 1;
  for (int w = 0; w < 4; w++) {
    moved += fabs(one[w] - two[w]) > 0.01;
    by_index &= fabs(one[w] - 0.75 * w) < 0.01;
  }
  assert_true(moved >= 3);
  assert_false(by_index);
}

static void bad_workloads_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *workload, *arg, *says;
  } cases[] = {
      {"jobs = ( { name = \"x\"; input = \"1GB\"; map_cots = 1.0; } );\n", NULL, "did you mean \"map_cost\""},
      {"jobs = ( { name = \"x\"; input = \"-1GB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;"
       " reduce_selectivity = 1.0; } );\n",
       NULL, "expected a positive value"},
      {"jobs = ( { name = \"x\"; input = \"1GB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;"
       " reduce_selectivity = 1.0; } );\n",
       "mapreduce.job.reducers=4", "did you mean mapreduce.job.reduces?"},
      {"jobs = ( { name = \"x\"; input = \"1GB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;"
       " reduce_selectivity = 1.0; set = [\"dfs.replication=17\"]; } );\n",
       NULL, "w.cfg:1: job x: dfs.replication: expected 1 to 16"},
      {"jobs = ( { name = \"x\"; input = \"1GB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0;"
       " reduce_selectivity = 1.0; placement = { nobody = 1.0; }; } );\n",
       NULL, "no worker of hetero16 is named \"nobody\""},
      {"jobs = ( { name = \"x\"; generator = \"wordcnt\"; input = \"1GB\"; } );\n", NULL,
       "w.cfg:1: jobs[0].generator: unknown generator \"wordcnt\"; did you mean \"wordcount\"?"},
      {"jobs = ( { name = \"x\"; generator = \"join\"; input = \"1GB\"; s_x = 1.0; } );\n", NULL,
       "did you mean \"s_r\""},
      {"jobs = ( { name = \"x\"; generator = \"join\"; input = \"1GB\"; s_r = 3.0; } );\n", NULL,
       "s_r: expected a number from 0 to 2, got 3"},
      {"jobs = ( { name = \"x\"; generator = \"terasort\"; input = \"1GB\"; map_selectivity = 1.0; } );\n", NULL,
       "map_selectivity: unknown setting"},
      {"jobs = ( { name = \"x\"; generator = \"terasort\"; input = \"1GB\"; output_replication = 17; } );\n", NULL,
       "w.cfg:1: job x: output_replication 17 is more than the 16 datanodes of hetero16"},
      {"jobs = ( { name = \"a,b\"; generator = \"sort\"; input = \"1GB\"; } );\n", NULL,
       "w.cfg:1: jobs[0].name: expected a name of letters, digits"},
      {"jobs = ( { name = \"x\"; generator = \"sort\"; input = \"1GB\"; },\n"
       "         { name = \"x\"; generator = \"grep\"; input = \"1GB\"; } );\n",
       NULL, "w.cfg:2: jobs[1].name: expected a name of its own; job 1 is \"x\" too"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *dir = test_tmpdir();
    char work[4096], out[4096];
    snprintf(work, sizeof work, "%s", test_write_file(dir, "w.cfg", cases[i].workload));
    snprintf(out, sizeof out, "%s/out", dir);
    test_run r;
    test_run_mrlab(
        &r, dir,
        (const char *[]){"run", hetero16(), work, "-o", out, cases[i].arg ? "--set" : NULL, cases[i].arg, NULL});
    if (r.status != 2 || !strstr(r.err, cases[i].says) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
      fail_msg("case %zu: status %d, stderr \"%s\": expected status 2 and one line saying \"%s\"", i, r.status, r.err,
               cases[i].says);
    assert_int_equal(test_count_files(dir), 1); /* no run directory */
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(two_cpu_bound_maps_on_one_core_take_twice_as_long),
      cmocka_unit_test(cpu_seconds_count_the_work_not_the_wait),
      cmocka_unit_test(two_maps_on_one_disk_read_twice_as_long),
      cmocka_unit_test(a_slower_node_maps_slower_by_its_speed),
      cmocka_unit_test(reading_and_mapping_overlap),
      cmocka_unit_test(an_oversubscribed_uplink_slows_the_shuffle),
      cmocka_unit_test(a_rack_sends_at_the_summed_speed_of_its_nics),
      cmocka_unit_test(map_outputs_come_from_the_page_cache_while_it_holds_them),
      cmocka_unit_test(most_maps_are_node_local_with_three_replicas),
      cmocka_unit_test(blocks_on_one_node_are_read_remotely_and_slower),
      cmocka_unit_test(slowstart_decides_when_reducers_start),
      cmocka_unit_test(a_seed_gives_the_same_bytes),
      cmocka_unit_test(every_task_ends_on_every_platform),
      cmocka_unit_test(a_straggler_gets_a_speculative_twin),
      cmocka_unit_test(jobs_run_fifo_from_their_submit_times),
      cmocka_unit_test(trackers_heartbeat_at_the_configured_interval),
      cmocka_unit_test(bad_workloads_are_refused),
  };
  TEST_MAIN(tests);
}
