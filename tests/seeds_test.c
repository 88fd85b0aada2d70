/* seeds_test.c - runs over several seeds.  `mrlab run --seeds N` keeps
 * every seed's run whole and reports the mean, standard deviation and 95%
 * interval that the runs' own jobs.csv imply (recomputed here with
 * Student's t from the tables), and refuses a bad request before it
 * writes anything.  Validation targets: `seeds = N` in an experiment's
 * targets runs each target with --seed 1 to N (HDFS placement, and so the
 * job time, differs), the models are scored against the mean over the
 * seeds, the leaderboard shows how far the seeds spread, and a bad count
 * is refused. */
#include "test.h"

#include <string.h>

/* Student's t(0.975, n - 1) from the tables, for n = 2 to 5 */
static const double t975[] = {NAN, NAN, 12.706204736174698, 4.302652729911275, 3.182446305284263, 2.7764451051977987};

static const char two_jobs[] =
    "jobs = (\n"
    "  { name = \"sort\"; generator = \"terasort\"; input = \"512MB\"; reducers = 2; },\n"
    "  { name = \"grep\"; generator = \"grep\"; input = \"512MB\"; reducers = 1; submit = \"3s\"; }\n"
    ");\n";

static void a_run_over_seeds_reports_what_its_runs_imply(void **state)
{
  (void)state;
  test_run r; /* relative paths, read where the command runs */
  const char *dir =
      test_run_beside(&r, "two.cfg", two_jobs,
                      (const char *[]){"run", test_source_path("platforms/toy4.cfg"), "two.cfg", "--seeds", "4",
                                       "--seed", "3", "-j", "2", "-o", "out", "--set", "dfs.replication=2", NULL});
  char out[4096];
  snprintf(out, sizeof out, "%s/out", dir);
  if (r.status != 0)
    fail_msg("mrlab run --seeds failed with status %d: %s", r.status, r.err);
  assert_string_equal(r.out, test_read_file(out, "summary.md"));
  assert_int_equal(test_count_files(out), 4 + 4 + 3); /* four runs, their logs, three tables */
  enum { N = 4, JOBS = 2 };
  static const char *const names[JOBS] = {"sort", "grep"};
  double x[JOBS + 1][N]; /* each job's time, then the makespan, seed by seed */
  test_csv *per_seed = test_csv_in(out, "seeds.csv");
  assert_int_equal(per_seed->n_rows, 1 + N * JOBS);
  for (int k = 0; k < N; k++) {
    char run[8192], want[64];
    snprintf(run, sizeof run, "%s/seed-%d", out, 3 + k);
    snprintf(want, sizeof want, "\"seed\": %d,", 3 + k);
    assert_non_null(strstr(test_read_file(run, "summary.json"), want));
    assert_non_null(strstr(test_read_file(run, "summary.json"), "\"set\": [\"dfs.replication=2\"]"));
    test_csv *tasks = test_csv_in(run, "tasks.csv");
    assert_true(tasks->n_rows > 1);
    test_csv_free(tasks);
    test_csv *jobs = test_csv_in(run, "jobs.csv");
    assert_int_equal(jobs->n_rows, 1 + JOBS);
    x[JOBS][k] = 0;
    for (int j = 0; j < JOBS; j++) {
      assert_string_equal(test_csv_cell(jobs, j + 1, "job"), names[j]);
      x[j][k] = test_csv_num(jobs, j + 1, "end") - test_csv_num(jobs, j + 1, "submit");
      x[JOBS][k] = fmax(x[JOBS][k], test_csv_num(jobs, j + 1, "end"));
      int row = 1 + k * JOBS + j;
      assert_int_equal((int)test_csv_num(per_seed, row, "seed"), 3 + k);
      assert_string_equal(test_csv_cell(per_seed, row, "job"), names[j]);
      assert_close(test_csv_num(per_seed, row, "job_time"), x[j][k], 1e-8);
    }
    test_csv_free(jobs);
  }
  test_csv_free(per_seed);
  test_csv *sum = test_csv_in(out, "summary.csv");
  assert_int_equal(sum->n_rows, 1 + JOBS + 1);
  for (int j = 0; j <= JOBS; j++) {
    double mean = 0, ss = 0;
    for (int k = 0; k < N; k++)
      mean += x[j][k] / N;
    for (int k = 0; k < N; k++)
      ss += (x[j][k] - mean) * (x[j][k] - mean);
    double sd = sqrt(ss / (N - 1)), half = t975[N] * sd / sqrt(N);
    assert_string_equal(test_csv_cell(sum, j + 1, "quantity"), j < JOBS ? "job_time" : "makespan");
    assert_string_equal(test_csv_cell(sum, j + 1, "job"), j < JOBS ? names[j] : "");
    assert_close(test_csv_num(sum, j + 1, "seeds"), N, 0);
    assert_close(test_csv_num(sum, j + 1, "mean"), mean, 2e-6);
    assert_close(test_csv_num(sum, j + 1, "sd"), sd, 2e-6);
    assert_close(test_csv_num(sum, j + 1, "ci95_low"), mean - half, 2e-6);
    assert_close(test_csv_num(sum, j + 1, "ci95_high"), mean + half, 2e-6);
    char cell[128];
    snprintf(cell, sizeof cell, "| %.2f | %.2f | %.2f to %.2f |", mean, sd, mean - half, mean + half);
    if (!strstr(r.out, cell))
      fail_msg("no \"%s\" in the table:\n%s", cell, r.out);
  }
  test_csv_free(sum);
  /* one seed is one draw: no interval */
  test_run_mrlab(
      &r, dir,
      (const char *[]){"run", test_source_path("platforms/toy4.cfg"), "two.cfg", "--seeds", "1", "-o", "out", NULL});
  assert_int_equal(r.status, 0);
  assert_int_equal(test_count_files(out), 1 + 1 + 3); /* the old directory replaced whole */
  sum = test_csv_in(out, "summary.csv");
  assert_string_equal(test_csv_cell(sum, 1, "sd"), "");
  assert_string_equal(test_csv_cell(sum, 1, "ci95_low"), "");
  test_csv_free(sum);
}

static void bad_seed_requests_are_refused(void **state)
{
  (void)state;
  static const test_refusal cases[] = {
      {{"--seeds", "0"}, "mrlab: --seeds: expected a whole number of seeds from 1 to 1000, got 0"},
      {{"--seeds", "1001"}, "mrlab: --seeds: expected a whole number of seeds from 1 to 1000, got 1001"},
      {{"--seeds", "many"}, "got many"},
      {{"--seeds", "2", "-j", "0"}, "mrlab: -j: expected a whole number from 1 to 256, got 0"},
      {{"--seeds", "2", "-j", "257"}, "got 257"},
      {{"-j", "2"}, "mrlab: -j: expected it with --seeds N"},
      {{"--seeds", "2", "--seed", "2147483647"}, "--seed: with --seeds, expected a first seed of at least 1 whose last"},
      {{"--seeds", "2", "--seed", "0"}, "--seed: with --seeds, expected a first seed of at least 1 whose last"},
      {{"--seeds", "2", "--set", "dfs.replicaton=2"}, "mrlab: --set dfs.replicaton=2: unknown property"},
      {{"--seeds", "2", "--cfg=network/nope:1"}, "mrlab: --cfg=network/nope:1: SimGrid refuses it"},
  };
  test_refusals("two.cfg", two_jobs,
                (const char *[]){"run", test_source_path("platforms/toy4.cfg"), "two.cfg", "-o", "out", NULL}, cases,
                sizeof cases / sizeof *cases);
}

static const char experiment[] = "experiments = (\n"
                                 "  { name = \"s\"; platform = \"%s\";\n"
                                 "    job = { generator = \"terasort\"; };\n"
                                 "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
                                 "    targets = { inputs = [\"1500MB\"]; reducers = [3]; seeds = 3; };\n"
                                 "    tune = true; }\n"
                                 ");\n";

/* The job time (end - start) of run directory OUT/runs/s/NAME, checking
 * that its summary.json holds SEED. */
static double job_time(const char *out, const char *name, int seed)
{
  char dir[4096], want[64];
  snprintf(dir, sizeof dir, "%s/runs/s/%s", out, name);
  snprintf(want, sizeof want, "\"seed\": %d,", seed);
  if (!strstr(test_read_file(dir, "summary.json"), want))
    fail_msg("%s/summary.json does not hold %s", dir, want);
  test_csv *jobs = test_csv_in(dir, "jobs.csv");
  double t = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "start");
  test_csv_free(jobs);
  return t;
}

static void a_target_is_scored_against_the_mean_of_its_seeds(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[4096], out[4096];
  snprintf(text, sizeof text, experiment, test_source_path("platforms/toy4.cfg"));
  const char *file = test_write_file(dir, "e.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  /* three runs of the target, seeds 1 to 3; history, toggled and tuned runs once, with seed 1 */
  double t[3] = {job_time(out, "target-1500MB-3", 1), job_time(out, "target-1500MB-3-seed2", 2),
                 job_time(out, "target-1500MB-3-seed3", 3)};
  job_time(out, "history-2GB-5", 1);
  job_time(out, "tuned-1500MB-3", 1);
  char runs[8192];
  snprintf(runs, sizeof runs, "%s/runs/s", out);
  assert_int_equal(test_count_files(runs), 3 * (4 + 3 + 1 + 1)); /* a directory, a workload and a log a run */
  double mean = (t[0] + t[1] + t[2]) / 3, min = fmin(t[0], fmin(t[1], t[2])), max = fmax(t[0], fmax(t[1], t[2]));
  assert_true(max > min); /* the seeds do move the job time */
  /* each model's job time is set against the mean */
  test_csv *pred = test_csv_in(out, "predictions.csv");
  int rows = 0;
  for (int k = 1; k < pred->n_rows; k++)
    if (strcmp(test_csv_cell(pred, k, "quantity"), "job_time") == 0) {
      rows++;
      assert_string_equal(test_csv_cell(pred, k, "target"), "target-1500MB-3");
      assert_close(test_csv_num(pred, k, "actual"), mean, 1e-6);
    }
  assert_int_equal(rows, 4); /* every model predicts a job time */
  test_csv_free(pred);
  /* and PTC's default-plan cost too */
  test_csv *tune = test_csv_in(out, "tune.csv");
  assert_close(test_csv_num(tune, 1, "simulated_default"), mean, 1e-3);
  test_csv_free(tune);
  /* the spread of the seeds beside the configuration, in both tables */
  double spread = 100 * (max - min) / mean;
  test_csv *lb = test_csv_in(out, "leaderboard.csv");
  for (int k = 1; k < lb->n_rows; k++) /* the configuration's rows and the mean over all (one configuration) */
    assert_close(test_csv_num(lb, k, "seed_spread"), spread, 1e-3);
  test_csv_free(lb);
  char cell[64];
  snprintf(cell, sizeof cell, "| s | %.2f |", spread);
  assert_non_null(strstr(test_read_file(out, "leaderboard.md"), cell));
  assert_non_null(strstr(test_read_file(out, "leaderboard.md"), "| configuration | seed spread % | khan accuracy % |"));
}

static void bad_seed_counts_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *to, *says;
  } cases[] = {
      {"seeds = 0;", "e.cfg:5: experiments[0].targets.seeds: expected a whole number from 1 to 10000, got 0"},
      {"seeds = -2;", "e.cfg:5: experiments[0].targets.seeds: expected a whole number from 1 to 10000, got -2"},
      {"seeds = 2.5;", "e.cfg:5: experiments[0].targets.seeds: expected a whole number from 1 to 10000, got 2.5"},
      {"seeds = \"3\";", "e.cfg:5: experiments[0].targets.seeds: expected a whole number from 1 to 10000"},
      {"seeds = 20000;", "e.cfg:5: experiments[0].targets.seeds: at most 10000"},
      {"seeds = 9999;", "e.cfg:2: experiments[0]: expected at most 10000 simulations in all"},
  };
  char text[4096];
  snprintf(text, sizeof text, experiment, test_source_path("platforms/toy4.cfg"));
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    test_validate_refuses(text, "e.cfg", "seeds = 3;", cases[i].to, cases[i].says);
  /* history runs have one seed */
  test_validate_refuses(text, "e.cfg", "reducers = [2, 5]; }", "reducers = [2, 5]; seeds = 2; }",
                        "e.cfg:4: experiments[0].history.seeds: unknown setting");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_run_over_seeds_reports_what_its_runs_imply),
      cmocka_unit_test(bad_seed_requests_are_refused),
      cmocka_unit_test(a_target_is_scored_against_the_mean_of_its_seeds),
      cmocka_unit_test(bad_seed_counts_are_refused),
  };
  TEST_MAIN(tests);
}
