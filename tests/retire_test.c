/* retire_test.c - memory grows with the jobs in flight, not with the
 * whole workload (retire.h): a chain of jobs, each waiting for the one
 * before, whose attempts together would overflow an address space in which
 * one job's attempts fit, runs in it, and its outputs still hold every
 * attempt.  A file of its own beside memory_test.c, whose bound is a
 * job's, because this one is the run's: jobs retired as they end and made
 * as they are submitted (engine_job_make). */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 40 workers of 8 map slots: a job of 10,000 one-MiB maps runs in 32 waves. */
static const char platform_text[] =
    "name = \"seq\";\n"
    "core = { bandwidth = \"100Gbps\"; latency = \"5us\"; };\n"
    "racks = ( { name = \"r1\"; uplink = { bandwidth = \"40Gbps\"; latency = \"10us\"; }; },\n"
    "  { name = \"r2\"; uplink = { bandwidth = \"40Gbps\"; latency = \"10us\"; }; } );\n"
    "node_classes = ( { name = \"node\"; count = 40; racks = [\"r1\", \"r2\"];\n"
    "  cores = 8; speed = \"10Gf\"; memory = \"16GiB\"; disks = ( { read = \"1GBps\"; write = \"1GBps\"; } );\n"
    "  nic = { bandwidth = \"10Gbps\"; latency = \"50us\"; }; slots = { map = 8; reduce = 1; }; } );\n"
    "master = { class = \"node\"; rack = \"r1\"; };\n";

#define JOBS 24
#define MAPS 10000
/* Measured: this run needs 150 to 160 MiB of address space with jobs
 * retired, and 280 to 310 MiB when every attempt of its 240,000 stays to
 * the end (as before retire.h). */
#define LIMIT (224L << 20)

static void a_chain_of_jobs_runs_in_the_memory_of_one(void **state)
{
  (void)state;
  static char text[JOBS * 256];
  size_t used = (size_t)snprintf(text, sizeof text, "jobs = (");
  for (int i = 0; i < JOBS; i++) {
    char after[64] = "";
    if (i > 0)
      snprintf(after, sizeof after, " after = [\"j%d\"];", i - 1);
    used += (size_t)snprintf(text + used, sizeof text - used,
                             "%s { name = \"j%d\"; input = \"%dMiB\"; reducers = 0; map_cost = 0.01;"
                             " map_selectivity = 0.0;%s set = [\"dfs.blocksize=1m\", \"dfs.replication=1\"]; }",
                             i ? "," : "", i, MAPS, after);
  }
  snprintf(text + used, sizeof text - used, " );\n");
  const char *dir = test_tmpdir();
  test_write_file(dir, "p.cfg", platform_text);
  test_write_file(dir, "w.cfg", text);
  test_run r;
  if (test_run_mrlab_within(&r, dir, (const char *const[]){"run", "p.cfg", "w.cfg", "-o", "out", NULL}, LIMIT))
    return;
  if (r.status)
    fail_msg("mrlab run under %ld MiB of address space: status %d: %.300s", LIMIT >> 20, r.status, r.err);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  assert_int_equal(jobs->n_rows, JOBS + 1);
  for (int i = 1; i <= JOBS; i++) {
    assert_string_equal(test_csv_cell(jobs, i, "status"), "SUCCEEDED");
    if (i > 1) /* one after the other */
      assert_true(atof(test_csv_cell(jobs, i, "start")) >= atof(test_csv_cell(jobs, i - 1, "end")));
  }
  test_csv_free(jobs);
  test_csv *tasks = test_csv_in(out, "tasks.csv");
  assert_true(tasks->n_rows >= JOBS * MAPS + 1); /* every attempt written, though freed long before */
  assert_string_equal(test_csv_cell(tasks, 1, "task"), "m000000");
  assert_string_equal(test_csv_cell(tasks, tasks->n_rows - 1, "job"), "j23");
  test_csv_free(tasks);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_chain_of_jobs_runs_in_the_memory_of_one),
  };
  TEST_MAIN(tests);
}
