/* seeds_test.c - validation targets run under several seeds: `seeds = N`
 * in an experiment's targets runs each target with --seed 1 to N (HDFS
 * placement, and so the job time, differs), the models are scored against
 * the mean over the seeds, the leaderboard shows how far the seeds spread,
 * and a bad count is refused. */
#include "test.h"

#include <string.h>

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
      cmocka_unit_test(a_target_is_scored_against_the_mean_of_its_seeds),
      cmocka_unit_test(bad_seed_counts_are_refused),
  };
  TEST_MAIN(tests);
}
