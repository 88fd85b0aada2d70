/* day_test.c - workloads of a day: a trace of more jobs than a run holds
 * at once imports and runs to its end, a workload beyond mrlab's bound on
 * jobs (WORKLOAD_MAX_JOBS) is refused with the line that passes it, and
 * the schedulers keep Hadoop's FIFO order (the job listed first first)
 * whatever order the jobs reached them in, and a long run's sampled
 * tables are whole at the default period.  One file because these are
 * the behaviours a long trace leans on, apart from any one module. */
#include "test.h"
#include "workload.h"

#include <stdlib.h>
#include <string.h>

/* A SWIM trace of N tiny jobs, one every 2 s, every other one map-only, into DIR/t.tsv. */
static void write_swim(const char *dir, int n)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/t.tsv", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  for (int i = 0; i < n; i++)
    fprintf(f, "job%d\t%d\t%d\t%d\t%d\t%d\n", i, 2 * i, i ? 2 : 0, 1000 + i, i % 2 ? 0 : 500, 300);
  fclose(f);
}

static void a_trace_of_1500_jobs_imports_and_every_job_ends(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  write_swim(dir, 1500);
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"import", "swim", "t.tsv", "-o", "w.cfg", NULL});
  assert_int_equal(r.status, 0);
  test_run_mrlab(&r, dir,
                 (const char *const[]){"run", test_source_path("platforms/toy4.cfg"), "w.cfg", "-o", "out", NULL});
  if (r.status)
    fail_msg("mrlab run: status %d: %s", r.status, r.err);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *jobs = test_csv_in(out, "jobs.csv");
  assert_int_equal(jobs->n_rows, 1501);
  for (int row = 1; row < jobs->n_rows; row++) {
    assert_string_equal(test_csv_cell(jobs, row, "status"), "SUCCEEDED");
    assert_true(test_csv_num(jobs, row, "end") > test_csv_num(jobs, row, "submit"));
  }
  test_csv_free(jobs);
}

static void a_trace_beyond_the_bound_is_refused_at_its_line(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  write_swim(dir, WORKLOAD_MAX_JOBS + 1);
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"import", "swim", "t.tsv", "-o", "w.cfg", NULL});
  assert_int_equal(r.status, 2);
  char says[256];
  snprintf(says, sizeof says, "t.tsv:%d: expected at most %d jobs", WORKLOAD_MAX_JOBS + 1, WORKLOAD_MAX_JOBS);
  if (!strstr(r.err, says))
    fail_msg("expected \"%s\" on stderr, got: %s", says, r.err);
  assert_int_equal(test_count_files(dir), 1); /* t.tsv alone */
  /* at the bound, it imports */
  write_swim(dir, WORKLOAD_MAX_JOBS);
  test_run_mrlab(&r, dir, (const char *const[]){"import", "swim", "t.tsv", "-o", "w.cfg", NULL});
  assert_int_equal(r.status, 0);
}

/* The earliest and the latest start of JOB's first attempts of KIND's tasks in TASKS. */
static void starts(const test_csv *tasks, const char *job, const char *kind, double *first, double *last)
{
  *first = INFINITY, *last = -INFINITY;
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "job"), job) == 0 && strcmp(test_csv_cell(tasks, row, "kind"), kind) == 0 &&
        strcmp(test_csv_cell(tasks, row, "attempt"), "0") == 0) {
      *first = fmin(*first, test_csv_num(tasks, row, "start"));
      *last = fmax(*last, test_csv_num(tasks, row, "start"));
    }
}

static void a_child_released_late_keeps_its_fifo_place(void **state)
{
  (void)state;
  /* c's own submit time (0 s) comes before b's and a's, but it waits for
   * a, so it comes after both in the engine's order.  b's 24 long reduces
   * take the 8 reduce slots in three waves; a, map-only, ends during the
   * first, and c's maps run in the free map slots; FIFO then gives b's
   * waiting reduces the reduce slots before any of c's */
  const char *modes[][3] = {{NULL}, {"--set", "mrlab.scheduler=yarn-fifo", NULL}};
  for (int m = 0; m < 2; m++) {
    const char *out = test_simulate(
        test_source_path("platforms/toy4.cfg"),
        "jobs = (\n"
        "  { name = \"b\"; submit = \"5s\"; input = \"256MiB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = 2000.0;"
        " reduce_selectivity = 0.01; reducers = 24; },\n"
        "  { name = \"a\"; submit = \"5s\"; input = \"64MiB\"; map_cost = 400.0; map_selectivity = 0.01; reducers = 0; },\n"
        "  { name = \"c\"; submit = \"0s\"; after = [\"a\"]; input = \"64MiB\"; map_cost = 1.0; map_selectivity = 1.0;"
        " reduce_cost = 1.0; reduce_selectivity = 0.01; reducers = 2; }\n"
        ");\n",
        modes[m]);
    test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
    double b_first, b_last, c_first, c_last;
    starts(tasks, "b", "reduce", &b_first, &b_last);
    starts(tasks, "c", "reduce", &c_first, &c_last);
    double c_submit = -1;
    for (int row = 1; row < jobs->n_rows; row++)
      if (strcmp(test_csv_cell(jobs, row, "job"), "c") == 0)
        c_submit = test_csv_num(jobs, row, "submit");
    if (!(c_submit > 0 && c_submit < b_last)) /* b still had reduces to start when c was released */
      fail_msg("mode %d: c released at %.9f s, b's last reduce started at %.9f s", m, c_submit, b_last);
    if (!(c_first >= b_last))
      fail_msg("mode %d: c's first reduce started at %.9f s, before b's last at %.9f s", m, c_first, b_last);
    test_csv_free(jobs);
    test_csv_free(tasks);
  }
}

static void a_long_run_keeps_its_host_table_whole_at_a_coarser_period(void **state)
{
  (void)state;
  /* 1,990 workers in 10 racks, and a job submitted at 600 s: at the
   * default period of 1 s, host-utilisation.csv would take 1.19 million
   * rows; it samples every 2 s instead, to the run's end, without a
   * warning, while utilisation.csv (one class) keeps its 1 s */
  char platform[8192] = "name = \"wide\";\ncore = { bandwidth = \"100Gbps\"; latency = \"5us\"; };\nracks = (";
  for (int r = 0; r < 10; r++)
    snprintf(platform + strlen(platform), sizeof platform - strlen(platform),
             "%s{ name = \"r%d\"; uplink = { bandwidth = \"10Gbps\"; latency = \"5us\"; }; }", r ? ", " : "", r);
  strcat(platform, ");\nnode_classes = ( { name = \"w\"; count = 1990; racks = [");
  for (int r = 0; r < 10; r++)
    snprintf(platform + strlen(platform), sizeof platform - strlen(platform), "%s\"r%d\"", r ? ", " : "", r);
  strcat(platform, "]; cores = 4; speed = \"2.5Gf\"; memory = \"8GiB\"; disks = ( { read = \"120MBps\"; write = "
                   "\"100MBps\"; } ); nic = { bandwidth = \"1Gbps\"; latency = \"50us\"; }; slots = { map = 4; reduce "
                   "= 2; }; } );\nmaster = { class = \"w\"; rack = \"r0\"; };\n");
  const char *dir = test_tmpdir();
  test_write_file(dir, "wide.cfg", platform);
  test_write_file(dir, "late.cfg",
                  "jobs = ( { name = \"late\"; submit = \"600s\"; input = \"64MB\"; map_cost = 1.0; "
                  "map_selectivity = 1.0; reduce_cost = 1.0; reduce_selectivity = 1.0; } );\n");
  test_run r;
  test_run_mrlab(&r, dir, (const char *const[]){"run", "wide.cfg", "late.cfg", "-o", "out", NULL});
  if (r.status != 0)
    fail_msg("status %d: %s", r.status, r.err);
  if (strstr(r.err, "warning"))
    fail_msg("expected no warning, got: %s", r.err);
  char out[4200];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *h = test_csv_in(out, "host-utilisation.csv"), *u = test_csv_in(out, "utilisation.csv");
  int rows = h->n_rows - 1;
  assert_true(rows <= 1000000);
  assert_int_equal(rows % 1990, 0); /* every sample a row a worker */
  assert_close(test_csv_num(h, 1, "time"), 2, 1e-6);
  assert_close(test_csv_num(h, 1991, "time"), 4, 1e-6);
  assert_true(test_csv_num(h, rows, "time") > 600); /* to the run's end */
  for (int row = 1; row <= rows; row++)
    assert_true(test_csv_num(h, row, "cpu") >= 0 && test_csv_num(h, row, "cpu") <= 1);
  assert_close(test_csv_num(u, 1, "time"), 1, 1e-6);
  assert_close(test_csv_num(u, 2, "time"), 2, 1e-6);
  assert_close(test_csv_num(u, u->n_rows - 1, "time"), test_csv_num(h, rows, "time"), 1e-9);
  test_csv_free(h);
  test_csv_free(u);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_trace_of_1500_jobs_imports_and_every_job_ends),
      cmocka_unit_test(a_trace_beyond_the_bound_is_refused_at_its_line),
      cmocka_unit_test(a_child_released_late_keeps_its_fifo_place),
      cmocka_unit_test(a_long_run_keeps_its_host_table_whole_at_a_coarser_period),
  };
  TEST_MAIN(tests);
}
