/* seeds_test.c - runs over several seeds.  `mrlab run --seeds N` keeps
 * every seed's run whole and reports the mean, standard deviation and 95%
 * interval that the runs' own jobs.csv imply, and refuses a bad request
 * before it writes anything.  Validation targets run under several seeds,
 * 5 unless `seeds = N` says otherwise: each target, its provisioned and
 * its tuned runs with --seed 1 to N; each model's one prediction scored
 * against every seed's run; every accuracy, error, time and gain a mean
 * over the seeds with Student's t 95% interval, recomputed here from the
 * runs' own jobs.csv with the t quantiles of the tables (not mrlab's
 * code); models set against the best by paired differences; and a bad
 * count refused; and a run over seeds that is killed stops its runs and
 * leaves no directory. */
#include "test.h"

#include <dirent.h>
#include <glob.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* "s" runs its two targets with the default seeds, provisions and tunes
 * them; "two" runs one target with two seeds. */
static const char experiment[] = "experiments = (\n"
                                 "  { name = \"s\"; platform = \"%s\";\n"
                                 "    job = { generator = \"terasort\"; };\n"
                                 "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
                                 "    targets = { inputs = [\"1500MB\"]; reducers = [3, 6]; };\n"
                                 "    deadline = \"36s\"; tune = true; },\n"
                                 "  { name = \"two\"; platform = \"%s\";\n"
                                 "    job = { generator = \"terasort\"; };\n"
                                 "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
                                 "    targets = { inputs = [\"2500MB\"]; reducers = [4]; seeds = 2; }; }\n"
                                 ");\n";

#define SEEDS 5 /* the default */
#define DEADLINE 36
enum { KHAN, ARIA, BOE, MRLAB, PTC, N_MODELS, CEILING = N_MODELS };
static const char *const models[N_MODELS] = {"khan", "aria", "boe", "mrlab", "ptc"};

/* Student's t 0.975 quantile with DF degrees of freedom, from the tables. */
static double t975(int df)
{
  static const double q[] = {NAN, 12.706204736174707, 4.302652729911275, 3.182446305284263, 2.7764451051977987};
  assert_true(df >= 1 && df <= 4);
  return q[df];
}

/* The mean of the N values X and the half-width of its 95% interval. */
static void interval(const double *x, int n, double *mean, double *half)
{
  double sum = 0, ss = 0;
  for (int k = 0; k < n; k++)
    sum += x[k];
  *mean = sum / n;
  for (int k = 0; k < n; k++)
    ss += (x[k] - *mean) * (x[k] - *mean);
  *half = t975(n - 1) * sqrt(ss / (n - 1) / n);
}

/* Fails unless columns COL and COL_ci95_half of row R of T are the mean
 * and half-width of the N values X. */
static void assert_interval(const test_csv *t, int r, const char *col, const double *x, int n, double tol)
{
  char half[128];
  double mean, h;
  interval(x, n, &mean, &h);
  snprintf(half, sizeof half, "%s_ci95_half", col);
  assert_close(test_csv_num(t, r, col), mean, tol);
  assert_close(test_csv_num(t, r, half), h, tol);
}

/* The job time (end - start) of run OUT/runs/EXPERIMENT/NAME of seed SEED
 * (NAME-seedSEED above 1), checking that its summary.json says so. */
static double job_time(const char *out, const char *experiment_name, const char *name, int seed)
{
  char dir[4096], want[64], suffix[32] = "";
  if (seed > 1)
    snprintf(suffix, sizeof suffix, "-seed%d", seed);
  snprintf(dir, sizeof dir, "%s/runs/%s/%s%s", out, experiment_name, name, suffix);
  snprintf(want, sizeof want, "\"seed\": %d,", seed);
  if (!strstr(test_read_file(dir, "summary.json"), want))
    fail_msg("%s/summary.json does not hold %s", dir, want);
  test_csv *jobs = test_csv_in(dir, "jobs.csv");
  double t = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "start");
  test_csv_free(jobs);
  return t;
}

/* The row of T whose column A is VA, B is VB and, unless C is NULL, C is VC. */
static int row_of(const test_csv *t, const char *a, const char *va, const char *b, const char *vb, const char *c,
                  const char *vc)
{
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, a), va) == 0 && strcmp(test_csv_cell(t, r, b), vb) == 0 &&
        (!c || strcmp(test_csv_cell(t, r, c), vc) == 0))
      return r;
  fail_msg("no row with %s %s, %s %s, %s %s", a, va, b, vb, c ? c : "", c ? vc : "");
  return 0;
}

/* One configuration recomputed from its runs: each model's accuracy, seed by seed. */
typedef struct {
  const char *name;
  int seeds, n_targets;
  const char *targets[2];
  double time[2][SEEDS];           /* the simulated job time, target by seed */
  double acc[N_MODELS + 1][SEEDS]; /* 100 - the MAPE over the targets, seed by seed; last the seed ceiling */
  double worst[N_MODELS + 1];
  int predicted[N_MODELS + 1];
} truth;

/* Scores model M's predictions PREDICTED (one a target) against C's runs,
 * seed by seed; each target's mean error over its seeds into MEAN_APE and
 * the half-width of its interval into HALF. */
static void score(truth *c, int m, const double *predicted, double *mean_ape, double *half)
{
  for (int k = 0; k < c->seeds; k++)
    c->acc[m][k] = 100;
  for (int t = 0; t < c->n_targets; t++) {
    double ape[SEEDS];
    for (int k = 0; k < c->seeds; k++) {
      ape[k] = 100 * fabs(predicted[t] - c->time[t][k]) / c->time[t][k];
      c->acc[m][k] -= ape[k] / c->n_targets;
      c->worst[m] = fmax(c->worst[m], ape[k]);
    }
    interval(ape, c->seeds, &mean_ape[t], &half[t]);
  }
  c->predicted[m] = 1;
}

/* Reads configuration C's runs, its models' predictions from OUT's
 * predictions.csv (checking each job-time row: the simulated mean and the
 * error's, with their intervals) and PTC's default-plan costs from
 * tune.csv when it tunes; scores them all, and each target's mean over
 * its seeds as the seed ceiling. */
static void recompute(truth *c, const char *out, int tuned)
{
  double v[2], ape[2], half[2];
  for (int t = 0; t < c->n_targets; t++)
    for (int k = 0; k < c->seeds; k++)
      c->time[t][k] = job_time(out, c->name, c->targets[t], k + 1);
  test_csv *pred = test_csv_in(out, "predictions.csv");
  for (int m = 0; m < PTC; m++) {
    int rows[2];
    for (int t = 0; t < c->n_targets; t++) {
      rows[t] = row_of(pred, "experiment", c->name, "target", c->targets[t], "model", models[m]);
      assert_string_equal(test_csv_cell(pred, rows[t], "quantity"), "job_time");
      v[t] = test_csv_num(pred, rows[t], "predicted");
      assert_interval(pred, rows[t], "actual", c->time[t], c->seeds, 1e-5);
    }
    score(c, m, v, ape, half);
    for (int t = 0; t < c->n_targets; t++) {
      assert_close(test_csv_num(pred, rows[t], "ape"), ape[t], 2e-3);
      assert_close(test_csv_num(pred, rows[t], "ape_ci95_half"), half[t], 2e-3);
    }
  }
  test_csv_free(pred);
  if (tuned) {
    test_csv *tune = test_csv_in(out, "tune.csv");
    for (int t = 0; t < c->n_targets; t++)
      v[t] =
          test_csv_num(tune, row_of(tune, "experiment", c->name, "target", c->targets[t], NULL, NULL), "ptc_default");
    test_csv_free(tune);
    score(c, PTC, v, ape, half);
  }
  for (int t = 0; t < c->n_targets; t++)
    interval(c->time[t], c->seeds, &v[t], &half[t]);
  score(c, CEILING, v, ape, half);
}

/* Checks accuracy.csv's job-time rows of configuration C. */
static void check_accuracy(const truth *c, const char *out)
{
  test_csv *a = test_csv_in(out, "accuracy.csv");
  for (int m = 0; m < PTC; m++) {
    int r = row_of(a, "experiment", c->name, "model", models[m], "quantity", "job_time");
    assert_int_equal((int)test_csv_num(a, r, "targets"), c->n_targets);
    assert_int_equal((int)test_csv_num(a, r, "seeds"), c->seeds);
    assert_interval(a, r, "accuracy", c->acc[m], c->seeds, 2e-3);
    double mape[SEEDS];
    for (int k = 0; k < c->seeds; k++)
      mape[k] = 100 - c->acc[m][k];
    assert_interval(a, r, "mape", mape, c->seeds, 2e-3);
    assert_close(test_csv_num(a, r, "max_ape"), c->worst[m], 2e-3);
  }
  test_csv_free(a);
}

/* Checks leaderboard.csv's row set NAME of T (a configuration, or "all")
 * against ACC[m] over SEEDS seeds (the models with PREDICTED[m]; COMPLETE[m]
 * if they predicted everything the row covers), CEILING and WORST. */
static void check_board(const test_csv *t, const char *name, int seeds, double (*acc)[SEEDS], const int *predicted,
                        const int *complete, const double *ceiling, const double *worst)
{
  int best = -1;
  double mean[N_MODELS], half;
  for (int m = 0; m < N_MODELS; m++)
    if (predicted[m]) {
      interval(acc[m], seeds, &mean[m], &half);
      if (complete[m] && (best < 0 || mean[m] > mean[best]))
        best = m;
    }
  for (int m = 0; m < N_MODELS; m++) {
    int r = row_of(t, "configuration", name, "model", models[m], NULL, NULL);
    assert_int_equal((int)test_csv_num(t, r, "seeds"), seeds);
    assert_interval(t, r, "seed_ceiling", ceiling, seeds, 2e-3);
    assert_string_equal(test_csv_cell(t, r, "published"), m == MRLAB ? "no" : "yes");
    if (!predicted[m]) {
      assert_string_equal(test_csv_cell(t, r, "accuracy"), "");
      continue;
    }
    assert_interval(t, r, "accuracy", acc[m], seeds, 2e-3);
    assert_close(test_csv_num(t, r, "worst_error"), worst[m], 2e-3);
    if (!complete[m]) {
      assert_non_null(strstr(test_csv_cell(t, r, "against_best"), "not comparable"));
      continue;
    }
    /* paired: seed k of the best against seed k of this model */
    double d[SEEDS], dm, dh;
    for (int k = 0; k < seeds; k++)
      d[k] = acc[best][k] - acc[m][k];
    interval(d, seeds, &dm, &dh);
    assert_close(test_csv_num(t, r, "behind_best"), dm, 2e-3);
    assert_close(test_csv_num(t, r, "behind_best_ci95_half"), dh, 2e-3);
    char verdict[64];
    snprintf(verdict, sizeof verdict, "no difference at %d seeds", seeds);
    assert_string_equal(test_csv_cell(t, r, "against_best"), m == best ? "best" : dm - dh > 0 ? "behind" : verdict);
  }
}

/* Checks tune.csv and provision.csv of configuration C: the tuned and the
 * provisioned runs, one a seed, each tuned run against the default plan's
 * run of the same seed (the target's own). */
static void check_tuned_and_provisioned(const truth *c, const char *out)
{
  test_csv *tune = test_csv_in(out, "tune.csv"), *prov = test_csv_in(out, "provision.csv");
  for (int t = 0; t < c->n_targets; t++) {
    char tuned[64], provisioned[64];
    snprintf(tuned, sizeof tuned, "tuned%s", strchr(c->targets[t], '-'));
    snprintf(provisioned, sizeof provisioned, "provisioned%s", strchr(c->targets[t], '-'));
    double best[SEEDS], gain[SEEDS], prov_time[SEEDS], mean, half;
    int met = 0;
    for (int k = 0; k < c->seeds; k++) {
      best[k] = job_time(out, c->name, tuned, k + 1);
      gain[k] = 100 * (c->time[t][k] - best[k]) / c->time[t][k];
      met += (prov_time[k] = job_time(out, c->name, provisioned, k + 1)) <= DEADLINE;
    }
    int r = row_of(tune, "experiment", c->name, "target", c->targets[t], NULL, NULL);
    assert_int_equal((int)test_csv_num(tune, r, "seeds"), c->seeds);
    assert_interval(tune, r, "simulated_default", c->time[t], c->seeds, 1e-3);
    assert_interval(tune, r, "simulated_best", best, c->seeds, 1e-3);
    assert_interval(tune, r, "simulated_gain", gain, c->seeds, 2e-3);
    interval(gain, c->seeds, &mean, &half);
    char verdict[64];
    snprintf(verdict, sizeof verdict, "no difference at %d seeds", c->seeds);
    assert_string_equal(test_csv_cell(tune, r, "verdict"), mean - half > 0   ? "pays off"
                                                           : mean + half < 0 ? "hurts"
                                                                             : verdict);
    r = row_of(prov, "experiment", c->name, "target", c->targets[t], NULL, NULL);
    assert_int_equal((int)test_csv_num(prov, r, "seeds"), c->seeds);
    assert_interval(prov, r, "job_time", prov_time, c->seeds, 1e-3);
    assert_int_equal((int)test_csv_num(prov, r, "seeds_met"), met);
  }
  test_csv_free(tune);
  test_csv_free(prov);
}

static void targets_are_scored_seed_by_seed(void **state)
{
  (void)state;
  const char *dir = test_tmpdir(), *toy4 = test_source_path("platforms/toy4.cfg");
  char text[4096], out[4096];
  snprintf(text, sizeof text, experiment, toy4, toy4);
  const char *file = test_write_file(dir, "e.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  truth c[2] = {{.name = "s", .seeds = SEEDS, .n_targets = 2, .targets = {"target-1500MB-3", "target-1500MB-6"}},
                {.name = "two", .seeds = 2, .n_targets = 1, .targets = {"target-2500MB-4"}}};
  recompute(&c[0], out, 1);
  recompute(&c[1], out, 0);
  /* "two": four history runs and two target runs, a directory, a workload and a log each */
  char runs[8192];
  snprintf(runs, sizeof runs, "%s/runs/two", out);
  assert_int_equal(test_count_files(runs), 3 * (4 + 2));
  job_time(out, "s", "history-2GB-5", 1); /* history runs once, with seed 1 */
  /* the seeds do move the job time, and so the errors */
  assert_true(c[0].time[0][0] != c[0].time[0][1] || c[0].time[0][0] != c[0].time[0][2]);
  for (int k = 0; k < 2; k++)
    check_accuracy(&c[k], out);
  check_tuned_and_provisioned(&c[0], out);
  test_csv *lb = test_csv_in(out, "leaderboard.csv");
  for (int k = 0; k < 2; k++)
    check_board(lb, c[k].name, c[k].seeds, c[k].acc, c[k].predicted, c[k].predicted, c[k].acc[CEILING], c[k].worst);
  /* all: seed by seed, the mean over the configurations each model predicted, over the seeds both ran */
  double all[N_MODELS + 1][SEEDS] = {{0}}, worst[N_MODELS + 1] = {0};
  int predicted[N_MODELS + 1] = {0}, complete[N_MODELS + 1];
  for (int m = 0; m <= N_MODELS; m++) {
    int n = c[0].predicted[m] + c[1].predicted[m];
    complete[m] = n == 2;
    predicted[m] = n > 0;
    for (int e = 0; e < 2; e++)
      for (int k = 0; k < 2 && c[e].predicted[m]; k++) {
        all[m][k] += c[e].acc[m][k] / n;
        worst[m] = fmax(worst[m], c[e].worst[m]);
      }
  }
  assert_false(complete[PTC]); /* "two" does not tune */
  check_board(lb, "all", 2, all, predicted, complete, all[CEILING], worst);
  assert_string_equal(test_csv_cell(lb, row_of(lb, "configuration", "all", "model", "aria", NULL, NULL), "note"),
                      "over the seeds every configuration ran");
  test_csv_free(lb);
  /* the Markdown: intervals as "mean ± half", mrlab marked unpublished, the best of "s" in bold */
  const char *md = test_read_file(out, "leaderboard.md");
  double mean[N_MODELS], half[N_MODELS];
  assert_non_null(strstr(md, "| configuration | seeds | seed ceiling % | khan accuracy % | khan worst % |"));
  assert_non_null(strstr(md, "| mrlab (unpublished) accuracy % | mrlab worst % |"));
  assert_non_null(strstr(md, "| papers' own accuracy | | - | 94.97-95.51 || - || 93.50/95.00/96.38 || unpublished ||"));
  assert_non_null(strstr(md, "mrlab (unpublished): mrlab's own model, from no paper"));
  char ptc_all[128]; /* over "s" alone: said so, and set against no other (its figures: the CSV's, checked above) */
  snprintf(ptc_all, sizeof ptc_all, " (1 of 2 configurations) | %.2f |\n", worst[PTC]);
  assert_non_null(strstr(md, ptc_all));
  /* row "s": each model's cell "MEAN ± HALF", in bold for the best and every model the seeds cannot tell
   * from it, no other (the figures to the printed digits) */
  assert_non_null(strstr(r.out, "\n| s | 5 | ")); /* printed as written */
  const char *row = strstr(md, "\n| s | 5 | ");
  assert_non_null(row);
  lb = test_csv_in(out, "leaderboard.csv");
  const char *at = row + 1;
  for (int skip = 0; skip < 4; skip++) /* "|", configuration, seeds, ceiling */
    at = strchr(at, '|') + 1;
  for (int m = 0; m < N_MODELS; m++, at = strchr(strchr(at, '|') + 1, '|') + 1) { /* accuracy, worst */
    double got_mean, got_half;
    int bold = strncmp(at, " **", 3) == 0;
    assert_int_equal(sscanf(at + (bold ? 3 : 1), "%lf ± %lf", &got_mean, &got_half), 2);
    interval(c[0].acc[m], SEEDS, &mean[m], &half[m]);
    assert_close(got_mean, mean[m], 0.0051);
    assert_close(got_half, half[m], 0.0051);
    const char *against =
        test_csv_cell(lb, row_of(lb, "configuration", "s", "model", models[m], NULL, NULL), "against_best");
    assert_int_equal(bold, strcmp(against, "behind") != 0);
  }
  test_csv_free(lb);
}

static void bad_seed_counts_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *to, *says;
  } cases[] = {
      {"seeds = 0;", "e.cfg:10: experiments[1].targets.seeds: expected a whole number from 1 to 10000, got 0"},
      {"seeds = -2;", "e.cfg:10: experiments[1].targets.seeds: expected a whole number from 1 to 10000, got -2"},
      {"seeds = 2.5;", "e.cfg:10: experiments[1].targets.seeds: expected a whole number from 1 to 10000, got 2.5"},
      {"seeds = \"3\";", "e.cfg:10: experiments[1].targets.seeds: expected a whole number from 1 to 10000"},
      {"seeds = 20000;", "e.cfg:10: experiments[1].targets.seeds: at most 10000"},
      {"seeds = 9999;", "e.cfg:7: experiments[1]: expected at most 10000 simulations in all"},
  };
  char text[4096];
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  snprintf(text, sizeof text, experiment, toy4, toy4);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    test_validate_refuses(text, "e.cfg", "seeds = 2;", cases[i].to, cases[i].says);
  /* provisioned and tuned runs count once a seed too: 4 + 2 x 2000 x 3 + 1 */
  test_validate_refuses(text, "e.cfg", "reducers = [3, 6]; }", "reducers = [3, 6]; seeds = 2000; }",
                        "e.cfg:2: experiments[0]: expected at most 10000 simulations in all (mrlab's bound on an "
                        "experiment file), got 12005 up to this experiment");
  /* history runs have one seed */
  test_validate_refuses(text, "e.cfg", "reducers = [2, 5]; }", "reducers = [2, 5]; seeds = 2; }",
                        "e.cfg:4: experiments[0].history.seeds: unknown setting");
}

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
    double mean, half;
    interval(x[j], N, &mean, &half);
    double sd = half / t975(N - 1) * sqrt(N);
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

/* How many processes other than this one have a command line that holds TEXT. */
static int processes_naming(const char *text)
{
  DIR *proc = opendir("/proc");
  int n = 0;
  for (struct dirent *e; proc && (e = readdir(proc));) {
    char path[300], line[8192];
    if (strspn(e->d_name, "0123456789") != strlen(e->d_name) || atoi(e->d_name) == getpid())
      continue;
    snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
    FILE *f = fopen(path, "r");
    size_t len = f ? fread(line, 1, sizeof line - 1, f) : 0;
    if (f)
      fclose(f);
    for (size_t k = 0; k < len; k++) /* its arguments, NUL-separated */
      line[k] = line[k] ? line[k] : ' ';
    line[len] = '\0';
    n += strstr(line, text) != NULL;
  }
  if (proc)
    closedir(proc);
  return n;
}

static void a_killed_run_over_seeds_stops_its_runs_and_leaves_nothing(void **state)
{
  (void)state;
  /* 100,000 maps and 500 reducers: each seed's run takes over a minute */
  const char *dir = test_tmpdir();
  test_write_file(dir, "long.cfg",
                  "jobs = ( { name = \"many\"; input = \"100000MiB\"; files = 100000; shuffle = \"100GiB\"; "
                  "output = \"1GiB\"; reducers = 500; map_cost = 10.0; reduce_cost = 10.0; } );\n");
  char err[4200], seeds[4200];
  snprintf(err, sizeof err, "%s/err", dir);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    if (chdir(dir) != 0 || !freopen("/dev/null", "w", stdout) || !freopen(err, "w", stderr))
      _exit(127);
    execl(MRLAB_BIN, MRLAB_BIN, "run", test_source_path("platforms/toy4.cfg"), "long.cfg", "--seeds", "2", "-j", "2",
          "-o", "out", (char *)NULL);
    _exit(127);
  }
  /* killed once both seeds' runs have started */
  snprintf(seeds, sizeof seeds, "%s/out.tmp-*/seed-*.tmp-*", dir);
  int st;
  for (int waited = 0;; waited++) {
    glob_t g;
    int found = glob(seeds, 0, NULL, &g) == 0 ? (int)g.gl_pathc : 0;
    globfree(&g);
    if (found == 2)
      break;
    if (waitpid(pid, &st, WNOHANG) == pid)
      fail_msg("the runs ended (status %d) before they could be interrupted", st);
    if (waited > 1200)
      fail_msg("no runs started in %s after two minutes", dir);
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  kill(pid, SIGTERM);
  for (int waited = 0; waitpid(pid, &st, WNOHANG) != pid; waited++) {
    if (waited > 600) /* each run alone takes longer */
      fail_msg("mrlab still waits for its runs a minute after SIGTERM");
    nanosleep(&(struct timespec){0, 100000000}, NULL);
  }
  assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM); /* it died of the signal */
  if (!strstr(test_read_file(dir, "err"), "mrlab: interrupted; out left as it was\n"))
    fail_msg("stderr: %s", test_read_file(dir, "err"));
  assert_int_equal(test_count_files(dir), 2); /* long.cfg and err: no out, no out.tmp-* */
  assert_int_equal(processes_naming(dir), 0); /* the runs ended with it */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_run_over_seeds_reports_what_its_runs_imply),
      cmocka_unit_test(bad_seed_requests_are_refused),
      cmocka_unit_test(a_killed_run_over_seeds_stops_its_runs_and_leaves_nothing),
      cmocka_unit_test(targets_are_scored_seed_by_seed),
      cmocka_unit_test(bad_seed_counts_are_refused),
  };
  TEST_MAIN(tests);
}
