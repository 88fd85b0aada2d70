/* memory_test.c - a job's memory grows with its maps plus its reducers,
 * not with their product: a workload of production size is accepted (and
 * the tables that remain per split size are bounded), and
 * a run whose reducers all shuffle at once from a job of many maps fits
 * in an address space that a byte a map and reducer would overflow.  One
 * file because the bound is the engine's and the workload reader's
 * together (docs/limits.md). */
#include "test.h"
#include "workload.h"

#include <stdlib.h>
#include <string.h>

/* 995 one-slot workers in five racks: every reducer of a job of 995 runs at once. */
static const char wide_platform[] =
    "name = \"wide\";\n"
    "core = { bandwidth = \"100Gbps\"; latency = \"5us\"; };\n"
    "racks = ( { name = \"r1\"; uplink = { bandwidth = \"10Gbps\"; latency = \"10us\"; }; },\n"
    "  { name = \"r2\"; uplink = { bandwidth = \"10Gbps\"; latency = \"10us\"; }; },\n"
    "  { name = \"r3\"; uplink = { bandwidth = \"10Gbps\"; latency = \"10us\"; }; },\n"
    "  { name = \"r4\"; uplink = { bandwidth = \"10Gbps\"; latency = \"10us\"; }; },\n"
    "  { name = \"r5\"; uplink = { bandwidth = \"10Gbps\"; latency = \"10us\"; }; } );\n"
    "node_classes = ( { name = \"node\"; count = 995; racks = [\"r1\", \"r2\", \"r3\", \"r4\", \"r5\"];\n"
    "  cores = 1; speed = \"1Gf\"; memory = \"4GiB\"; disks = ( { read = \"100MBps\"; write = \"100MBps\"; } );\n"
    "  nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 1; reduce = 1; }; } );\n"
    "master = { class = \"node\"; rack = \"r1\"; };\n";

/* 40,000 maps of 1 MiB and 995 reducers that start with the job
 * (slow-start 0); the first map fails for good, which fails the job ten
 * simulated seconds in, while every reducer is shuffling. */
static const char wide_job[] =
    "jobs = ( { name = \"wide\"; input = \"40000MiB\"; reducers = 995;\n"
    "  map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0;\n"
    "  set = [\"dfs.blocksize=1m\", \"mapreduce.job.reduce.slowstart.completedmaps=0\",\n"
    "         \"mrlab.map.failure.probability=1\", \"mapreduce.map.maxattempts=1\",\n"
    "         \"mapreduce.reduce.shuffle.parallelcopies=1\"]; } );\n";

#define WIDE_LIMIT (512L << 20) /* 40,000 maps x 995 reducers is 4 x 10^7 pairs: 40 MB a byte each */

static void reducers_of_many_maps_shuffle_in_bounded_memory(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  test_write_file(dir, "p.cfg", wide_platform);
  test_write_file(dir, "w.cfg", wide_job);
  test_run r;
  if (test_run_mrlab_within(&r, dir, (const char *const[]){"run", "p.cfg", "w.cfg", "-o", "out", NULL}, WIDE_LIMIT))
    return;
  if (r.status)
    fail_msg("mrlab run under %ld MiB of address space: status %d: %.300s", WIDE_LIMIT >> 20, r.status, r.err);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  assert_string_equal(test_csv_cell(jobs, 1, "maps"), "40000");
  assert_string_equal(test_csv_cell(jobs, 1, "status"), "FAILED");
  test_csv_free(jobs);
  test_csv *tasks = test_csv_in(out, "tasks.csv");
  int reduces = 0;
  for (int i = 1; i < tasks->n_rows; i++)
    if (strcmp(test_csv_cell(tasks, i, "kind"), "reduce") == 0) {
      reduces++;
      assert_true(atof(test_csv_cell(tasks, i, "start")) < 10); /* all started before the job failed */
    }
  assert_int_equal(reduces, 995);
  test_csv_free(tasks);
}

/* A job as large as a production one, 15,000 maps and 4,000 reducers (6 x
 * 10^7 pairs, above the 5 x 10^7 that mrlab once bounded), is read. */
static void a_production_sized_job_is_accepted(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  const char *path = test_write_file(dir, "w.cfg",
                                     "jobs = ( { name = \"big\"; input = \"15000GiB\"; reducers = 4000;\n"
                                     "  map_cost = 10.0; map_selectivity = 1.0; reduce_cost = 10.0;\n"
                                     "  reduce_selectivity = 1.0; set = [\"dfs.blocksize=1g\"]; } );\n");
  char err[1024];
  workload *w = workload_read(path, NULL, 0, err, sizeof err);
  if (!w)
    fail_msg("%s", err);
  assert_int_equal(workload_maps(&w->jobs[0]), 15000);
  assert_int_equal(w->jobs[0].reduces, 4000);
  workload_free(w);
}

/* The tables that remain, one of bytes a partition for each split size,
 * are bounded: 600 files of distinct sizes (each its own last block) and
 * 100,000 reducers are refused, naming the input. */
static void many_split_sizes_times_reducers_are_refused(void **state)
{
  (void)state;
  static char text[16384];
  size_t used = (size_t)snprintf(text, sizeof text, "jobs = ( { name = \"a\"; reducers = 100000; file_sizes = (");
  for (int k = 1; k <= 600; k++)
    used += (size_t)snprintf(text + used, sizeof text - used, "%s\"%dkB\"", k > 1 ? ", " : "", k);
  snprintf(text + used, sizeof text - used,
           ");\n  map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0; } );\n");
  test_run r;
  test_run_beside(&r, "w.cfg", text,
                  (const char *const[]){"run", test_source_path("platforms/toy4.cfg"), "w.cfg", "-o", "out", NULL});
  assert_int_equal(r.status, 2);
  if (!strstr(r.err, "w.cfg:1: jobs[0].file_sizes: at most 50000000 split sizes times reducers") ||
      !strstr(r.err, "got 601 sizes"))
    fail_msg("stderr: %s", r.err);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_production_sized_job_is_accepted),
      cmocka_unit_test(many_split_sizes_times_reducers_are_refused),
      cmocka_unit_test(reducers_of_many_maps_shuffle_in_bounded_memory),
  };
  TEST_MAIN(tests);
}
