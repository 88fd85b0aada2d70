/* vary_test.c - `mrlab compare`: the cross product of the --vary lists
 * runs over the same seeds (seed k the same draw in every variant: the
 * same host for map 0 where the variants leave placement alone), the
 * table's means, paired differences, intervals and verdicts are what the
 * runs' own jobs.csv imply (recomputed here with Student's t from the
 * tables), a workload of several jobs is compared by its makespan, a
 * value may hold an escaped comma, a file a value names is read from the
 * current directory, and a bad key or value is refused in
 * `mrlab run`'s words before anything runs, with nothing written. */
#include "test.h"

#include <string.h>

/* Student's t(0.975, n - 1) from the tables, for n = 2 and 3 */
static const double t975[] = {NAN, NAN, 12.706204736174698, 4.302652729911275};

static const char terasort[] =
    "jobs = ( { name = \"ts\"; generator = \"terasort\"; input = \"768MB\"; reducers = 2; } );\n";

/* Mean and half-width of the 95% interval of the N values X. */
static void interval(const double *x, int n, double *mean, double *half)
{
  double ss = 0;
  *mean = 0;
  for (int k = 0; k < n; k++)
    *mean += x[k] / n;
  for (int k = 0; k < n; k++)
    ss += (x[k] - *mean) * (x[k] - *mean);
  *half = t975[n] * sqrt(ss / (n - 1)) / sqrt(n);
}

/* The run of seed K of the variant in folder V of OUT's comparison NAME:
 * its first job's time (or its makespan if MAKESPAN), and the host of map
 * 0's first attempt into HOST (if not NULL); checks its seed. */
static double run_time(const char *out, const char *name, const char *v, int k, int makespan, char *host)
{
  char dir[8192], want[64];
  snprintf(dir, sizeof dir, "%s/runs/%s/%s/seed-%d", out, name, v, k);
  snprintf(want, sizeof want, "\"seed\": %d,", k);
  if (!strstr(test_read_file(dir, "summary.json"), want))
    fail_msg("%s/summary.json does not hold %s", dir, want);
  test_csv *jobs = test_csv_in(dir, "jobs.csv");
  double t = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "submit");
  for (int r = 1; makespan && r < jobs->n_rows; r++)
    t = r == 1 ? test_csv_num(jobs, r, "end") : fmax(t, test_csv_num(jobs, r, "end"));
  test_csv_free(jobs);
  if (host) {
    test_csv *tasks = test_csv_in(dir, "tasks.csv");
    host[0] = '\0';
    for (int r = 1; r < tasks->n_rows && !host[0]; r++)
      if (strcmp(test_csv_cell(tasks, r, "task"), "m000000") == 0 &&
          strcmp(test_csv_cell(tasks, r, "attempt"), "0") == 0)
        snprintf(host, 64, "%s", test_csv_cell(tasks, r, "host"));
    assert_true(host[0] != '\0');
    test_csv_free(tasks);
  }
  return t;
}

/* Checks row ROW of variants.csV T against the seeds' times X of its
 * variant and BASE of the baseline (N seeds each). */
static void assert_row(const test_csv *t, int row, const double *x, const double *base, int n)
{
  double mean, half, d[8], dmean, dhalf;
  interval(x, n, &mean, &half);
  for (int k = 0; k < n; k++)
    d[k] = x[k] - base[k];
  interval(d, n, &dmean, &dhalf);
  assert_close(test_csv_num(t, row, "mean"), mean, 2e-6);
  assert_close(test_csv_num(t, row, "ci95_low"), mean - half, 2e-6);
  assert_close(test_csv_num(t, row, "ci95_high"), mean + half, 2e-6);
  if (row == 1) {
    assert_string_equal(test_csv_cell(t, row, "verdict"), "baseline");
    return;
  }
  assert_close(test_csv_num(t, row, "difference"), dmean, 2e-6);
  assert_close(test_csv_num(t, row, "difference_ci95_low"), dmean - dhalf, 2e-6);
  assert_close(test_csv_num(t, row, "difference_ci95_high"), dmean + dhalf, 2e-6);
  char none[64];
  snprintf(none, sizeof none, "no difference at %d seeds", n);
  assert_string_equal(test_csv_cell(t, row, "verdict"), dmean + dhalf < 0   ? "pays off"
                                                        : dmean - dhalf > 0 ? "hurts"
                                                                            : none);
}

static void every_variant_runs_over_the_same_seeds(void **state)
{
  (void)state;
  test_run r;
  const char *dir = test_run_beside(&r, "ts.cfg", terasort,
                                    (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "ts.cfg",
                                                     "--vary", "dfs.blocksize=128m,256m", "--vary", "nic=1Gbps,100Mbps",
                                                     "--seeds", "3", "-j", "2", "-o", "out", NULL});
  if (r.status != 0)
    fail_msg("mrlab compare failed with status %d: %s", r.status, r.err);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  assert_string_equal(r.out, test_read_file(out, "variants.md"));
  assert_int_equal(test_count_files(out), 4); /* runs, two tables and the picture */
  enum { N = 4, SEEDS = 3 };
  /* the cross product, the first --vary slowest, the first values the baseline */
  static const char *const names[N] = {"dfs.blocksize=128m nic=1Gbps", "dfs.blocksize=128m nic=100Mbps",
                                       "dfs.blocksize=256m nic=1Gbps", "dfs.blocksize=256m nic=100Mbps"};
  static const char *const folders[N] = {"dfs.blocksize=128m,nic=1Gbps", "dfs.blocksize=128m,nic=100Mbps",
                                         "dfs.blocksize=256m,nic=1Gbps", "dfs.blocksize=256m,nic=100Mbps"};
  double t[N][SEEDS];
  char host[N][SEEDS][64];
  for (int v = 0; v < N; v++)
    for (int k = 0; k < SEEDS; k++)
      t[v][k] = run_time(out, "ts", folders[v], k + 1, 0, host[v][k]);
  /* each variant ran as it says */
  char run[8192];
  snprintf(run, sizeof run, "%s/runs/ts/%s/seed-2", out, folders[3]);
  assert_non_null(strstr(test_read_file(run, "summary.json"), "\"set\": [\"dfs.blocksize=256m\"]"));
  snprintf(run, sizeof run, "%s/runs/ts/%s", out, folders[3]);
  assert_non_null(strstr(test_read_file(run, "platform.cfg"), "\"100Mbps\""));
  /* common random numbers: a NIC leaves the placement as the seed drew it */
  for (int k = 0; k < SEEDS; k++) {
    assert_string_equal(host[1][k], host[0][k]);
    assert_string_equal(host[3][k], host[2][k]);
    assert_true(t[1][k] > t[0][k]); /* a slow network slows every seed */
  }
  test_csv *vt = test_csv_in(out, "variants.csv");
  assert_int_equal(vt->n_rows, 1 + N);
  for (int v = 0; v < N; v++) {
    assert_string_equal(test_csv_cell(vt, v + 1, "comparison"), "ts");
    assert_string_equal(test_csv_cell(vt, v + 1, "variant"), names[v]);
    assert_string_equal(test_csv_cell(vt, v + 1, "quantity"), "job");
    assert_row(vt, v + 1, t[v], t[0], SEEDS);
  }
  assert_string_equal(test_csv_cell(vt, 2, "verdict"), "hurts");
  test_csv_free(vt);
}

static const char two_jobs[] =
    "jobs = (\n"
    "  { name = \"sort\"; generator = \"terasort\"; input = \"512MB\"; reducers = 2; },\n"
    "  { name = \"grep\"; generator = \"grep\"; input = \"512MB\"; reducers = 1; submit = \"2s\"; }\n"
    ");\n";

static void several_jobs_are_compared_by_their_makespan(void **state)
{
  (void)state;
  test_run r; /* a comma within a value, escaped; a --vary of one value, a setting of every variant */
  const char *dir = test_run_beside(&r, "two.cfg", two_jobs,
                                    (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "two.cfg",
                                                     "--vary", "workers=worker,worker-1\\,worker-2\\,worker-3",
                                                     "--vary", "dfs.replication=2", "--seeds", "2", "-o", "out", NULL});
  if (r.status != 0)
    fail_msg("mrlab compare failed with status %d: %s", r.status, r.err);
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  static const char *const folders[2] = {"workers=worker", "workers=worker-1+worker-2+worker-3"};
  double t[2][2];
  for (int v = 0; v < 2; v++)
    for (int k = 0; k < 2; k++)
      t[v][k] = run_time(out, "two", folders[v], k + 1, 1, NULL);
  char run[8192];
  snprintf(run, sizeof run, "%s/runs/two/%s/seed-1", out, folders[1]);
  assert_non_null(strstr(test_read_file(run, "summary.json"), "\"workers\": [\"worker-1,worker-2,worker-3\"]"));
  assert_non_null(strstr(test_read_file(run, "summary.json"), "\"dfs.replication=2\""));
  test_csv *vt = test_csv_in(out, "variants.csv");
  assert_string_equal(test_csv_cell(vt, 2, "variant"), "workers=worker-1+worker-2+worker-3");
  for (int v = 0; v < 2; v++) {
    assert_string_equal(test_csv_cell(vt, v + 1, "quantity"), "makespan");
    assert_row(vt, v + 1, t[v], t[0], 2);
  }
  test_csv_free(vt);
  assert_non_null(strstr(r.out, "## two: makespan over seeds 1 to 2, against workers=worker\n"));
}

/* A variant whose job fails (here every map attempt fails) is counted as
 * such in variants.csv's failed_runs and named under variants.md's table:
 * its "job time" is its failure's. */
static void failed_runs_are_counted(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  test_write_file(dir, "ts.cfg", terasort);
  test_run r;
  test_run_mrlab(&r, dir,
                 (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "ts.cfg", "--vary",
                                  "mrlab.map.failure.probability=0,1", "--seeds", "2", "-o", "out", NULL});
  if (r.status != 0)
    fail_msg("mrlab compare failed with status %d: %s", r.status, r.err);
  char out[4200];
  snprintf(out, sizeof out, "%s/out", dir);
  test_csv *t = test_csv_in(out, "variants.csv");
  assert_int_equal(t->n_rows, 3);
  assert_string_equal(test_csv_cell(t, 1, "failed_runs"), "0");
  assert_string_equal(test_csv_cell(t, 2, "failed_runs"), "2");
  test_csv_free(t);
  assert_non_null(strstr(test_read_file(out, "variants.md"), "mrlab.map.failure.probability=1 in 2 of 2."));
}

/* mrlab.ratios=r.cfg names the file from where mrlab compare runs, though
 * each run runs in its own folder. */
static void a_file_a_value_names_is_read_from_here(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  test_write_file(dir, "ts.cfg", terasort);
  test_write_file(dir, "r.cfg", "ratios = { worker = 1.0; };\n");
  test_run r;
  test_run_mrlab(&r, dir,
                 (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "ts.cfg", "--vary",
                                  "mrlab.placement=default,ratio", "--vary", "mrlab.ratios=r.cfg", "--seeds", "1", "-o",
                                  "out", NULL});
  if (r.status != 0)
    fail_msg("mrlab compare failed with status %d: %s", r.status, r.err);
  char run[8192], want[4200];
  snprintf(run, sizeof run, "%s/out/runs/ts/mrlab.placement=ratio/seed-1", dir);
  snprintf(want, sizeof want, "\"mrlab.ratios=%s/r.cfg\"", dir);
  assert_non_null(strstr(test_read_file(run, "summary.json"), want));
}

static void bad_variations_are_refused(void **state)
{
  (void)state;
  static const test_refusal cases[] = {
      {{"--vary", "dfs.blocksiz=64m,128m"}, "mrlab: --set dfs.blocksiz=64m: unknown property dfs.blocksiz"},
      {{"--vary", "dfs.blocksize=64x,128m"}, "mrlab: --set dfs.blocksize=64x: dfs.blocksize: expected a size"},
      {{"--vary", "mrlab.scheduler=hadoop1,fifo"}, "mrlab: --set mrlab.scheduler=fifo: mrlab.scheduler: expected"},
      {{"--vary", "nic=1Gbps,100MB"}, "mrlab: --vary nic=1Gbps,100MB: nic=100MB: expected a bandwidth"},
      {{"--vary", "memory=8GiB,lots"}, "mrlab: --vary memory=8GiB,lots: memory=lots: expected a size"},
      {{"--vary", "slots=4/2,8"},
       "mrlab: --vary slots=4/2,8: slots=8: expected every node's map and reduce slots as "
       "MAP/REDUCE, each 1 to 256, such as 8/4"},
      {{"--vary", "slots=4/2,0/1"}, "slots=0/1: expected every node's map and reduce slots"},
      {{"--vary", "workers=worker,worker-9"},
       "mrlab: variant workers=worker-9: --workers: no worker or node class of toy4 is named \"worker-9\""},
      {{"--vary", "dfs.blocksize=64m,,128m"},
       "mrlab: --vary dfs.blocksize=64m,,128m: expected values separated by "
       "commas, got an empty one"},
      {{"--vary", "dfs.blocksize=64m,64m"}, "expected different values, got 64m twice"},
      {{"--vary", "dfs.blocksize"}, "mrlab: --vary dfs.blocksize: expected KEY=VALUE,VALUE,..."},
      {{"--vary", "dfs.blocksize=64m"}, "mrlab: --vary: expected at least two variants to compare, got one"},
      {{"--vary", "dfs.blocksize=64m,128m", "--vary", "dfs.blocksize=32m,256m"},
       "mrlab: --vary dfs.blocksize=32m,256m: expected each key once, got dfs.blocksize twice"},
      {{"--vary", "dfs.blocksize=64m,128m", "--seeds", "0"}, "mrlab: --seeds: expected a whole number of seeds from 1"},
      {{"--vary", "dfs.blocksize=64m,128m", "--seeds", "5001"}, "got 5001"},
      {{"--vary", "dfs.blocksize=64m,128m", "-j", "0"}, "mrlab: -j: expected a whole number from 1 to 256, got 0"},
      {{"--vary", "dfs.blocksize=64m,128m", "--seeds", "1000", "--vary",
        "mapreduce.job.reduces=1,2,3,4,5,6,7,8,9,10,11"},
       "mrlab: --vary: expected at most 10000 runs in all (variants times seeds)"},
  };
  test_refusals("ts.cfg", terasort,
                (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "ts.cfg", "-o", "out", NULL}, cases,
                sizeof cases / sizeof *cases);
  /* what the command line lacks: the usage */
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"compare", test_source_path("platforms/toy4.cfg"), "ts.cfg", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab: expected --vary KEY=VALUE,VALUE,... (what to compare); try 'mrlab compare --help'\n"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_variant_runs_over_the_same_seeds),
      cmocka_unit_test(several_jobs_are_compared_by_their_makespan),
      cmocka_unit_test(a_file_a_value_names_is_read_from_here),
      cmocka_unit_test(failed_runs_are_counted),
      cmocka_unit_test(bad_variations_are_refused),
  };
  TEST_MAIN(tests);
}
