/* validate_test.c - `mrlab validate`: the loop runs every simulation (a
 * target, its provisioned and its tuned runs once a seed, 5 by default),
 * its tables agree with the runs and with `mrlab predict`, its outputs do
 * not depend on how many simulations run at once, and a bad experiment
 * file or --slurm setting gets one message and no output. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SEEDS 5 /* the small experiment's, the default */

/* The job times of runs/small/NAME of OUT, seed by seed (NAME-seedK for
 * seed K above 1), into T; their mean. */
static double seed_times(const char *out, const char *name, double *t)
{
  double sum = 0;
  for (int k = 0; k < SEEDS; k++) {
    char dir[4096], suffix[16] = "";
    if (k > 0)
      snprintf(suffix, sizeof suffix, "-seed%d", k + 1);
    snprintf(dir, sizeof dir, "%s/runs/small/%s%s", out, name, suffix);
    test_csv *jobs = test_csv_in(dir, "jobs.csv");
    sum += t[k] = test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "start");
    test_csv_free(jobs);
  }
  return sum / SEEDS;
}

/* Runs the small experiment with -j JOBS into DIR/out; returns DIR/out. */
static const char *validate_small(const char *jobs)
{
  static char out[4096];
  const char *dir = test_tmpdir();
  const char *text = test_small_experiment(test_source_path("platforms/toy4.cfg"));
  const char *file = test_write_file(dir, "e.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", jobs, NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_non_null(strstr(r.out, "## khan\n"));
  assert_non_null(strstr(r.out, "| small | job_time | 1 |"));
  return out;
}

static void the_loop_agrees_with_its_runs_and_with_predict(void **state)
{
  (void)state;
  const char *out = validate_small("2");
  char target[4096], h[4][4096];
  snprintf(target, sizeof target, "%s/runs/small/target-1500MB-3", out);
  const char *names[4] = {"1GB-2", "1GB-5", "2GB-2", "2GB-5"};
  for (int i = 0; i < 4; i++)
    snprintf(h[i], sizeof h[i], "%s/runs/small/history-%s", out, names[i]);
  /* the job time compared is the target runs' own, and the error the mean of each seed's */
  double times[SEEDS], time = seed_times(out, "target-1500MB-3", times);
  test_csv *pred = test_csv_in(out, "predictions.csv");
  int rows = 0;
  for (int r = 1; r < pred->n_rows; r++) {
    rows++;
    double v = test_csv_num(pred, r, "predicted"), a = test_csv_num(pred, r, "actual"), ape = 0;
    assert_true(a > 0 && test_csv_num(pred, r, "actual_ci95_half") >= 0 && test_csv_num(pred, r, "ape_ci95_half") >= 0);
    if (strncmp(test_csv_cell(pred, r, "quantity"), "job_time", 8) != 0)
      continue;
    for (int k = 0; k < SEEDS; k++)
      ape += 100 * fabs(v - times[k]) / times[k] / SEEDS;
    assert_close(a, time, 1e-6);
    assert_close(test_csv_num(pred, r, "ape"), ape, 1e-3);
  }
  assert_true(rows >= 2 * 4); /* two models, job time and at least three statistics */
  /* the same prediction as `mrlab predict` on those runs */
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"predict", "--model", "khan", target, h[0], h[1], h[2], h[3], NULL});
  assert_int_equal(r.status, 0);
  char row[128];
  snprintf(row, sizeof row, "khan,job_time,%.3f,", test_csv_num(pred, 1, "predicted"));
  assert_string_equal(test_csv_cell(pred, 1, "quantity"), "job_time");
  assert_non_null(strstr(r.out, row));
  test_csv_free(pred);
  /* accuracy is 100 - MAPE; one target, so MAPE is its error */
  test_csv *acc = test_csv_in(out, "accuracy.csv");
  assert_true(acc->n_rows > 2);
  for (int k = 1; k < acc->n_rows; k++)
    assert_close(test_csv_num(acc, k, "accuracy"), 100 - test_csv_num(acc, k, "mape"), 1e-3);
  test_csv_free(acc);
  /* provisioned slots: at least the optimum, spread evenly over four workers, and run once a seed */
  test_csv *prov = test_csv_in(out, "provision.csv");
  assert_int_equal(prov->n_rows, 2);
  int map = (int)test_csv_num(prov, 1, "map_slots"), reduce = (int)test_csv_num(prov, 1, "reduce_slots");
  assert_true(map >= test_csv_num(prov, 1, "map_slots_fewest") && map % 4 == 0);
  assert_true(reduce >= test_csv_num(prov, 1, "reduce_slots_fewest") && reduce % 4 == 0);
  assert_true(test_csv_num(prov, 1, "map_slots_fewest") + test_csv_num(prov, 1, "reduce_slots_fewest") >=
              test_csv_num(prov, 1, "map_slots_exact") + test_csv_num(prov, 1, "reduce_slots_exact"));
  int met = 0;
  assert_close(test_csv_num(prov, 1, "job_time"), seed_times(out, "provisioned-1500MB-3", times), 1e-3);
  for (int k = 0; k < SEEDS; k++)
    met += times[k] <= 60;
  assert_int_equal((int)test_csv_num(prov, 1, "seeds"), SEEDS);
  assert_int_equal((int)test_csv_num(prov, 1, "seeds_met"), met);
  test_csv_free(prov);
}

static void the_best_plan_runs_as_searched(void **state)
{
  (void)state;
  const char *out = validate_small("2");
  test_csv *t = test_csv_in(out, "tune.csv");
  assert_int_equal(t->n_rows, 2);
  assert_true(test_csv_num(t, 1, "ptc_best") <= test_csv_num(t, 1, "ptc_default"));
  /* the default plan's times are the target's own runs; the best plan ran with its settings, once a seed */
  double times[SEEDS];
  assert_close(test_csv_num(t, 1, "simulated_default"), seed_times(out, "target-1500MB-3", times), 1e-3);
  assert_close(test_csv_num(t, 1, "simulated_best"), seed_times(out, "tuned-1500MB-3", times), 1e-3);
  for (int k = 1; k <= SEEDS; k++) {
    char dir[4096], suffix[16] = "";
    if (k > 1)
      snprintf(suffix, sizeof suffix, "-seed%d", k);
    snprintf(dir, sizeof dir, "%s/runs/small/tuned-1500MB-3%s", out, suffix);
    test_csv *jobs = test_csv_in(dir, "jobs.csv");
    assert_close(test_csv_num(jobs, 1, "reduces"), test_csv_num(t, 1, "reducers"), 0);
    assert_close(test_csv_num(jobs, 1, "dfs.blocksize"), test_csv_num(t, 1, "split_mib") * 1048576, 1048576);
    assert_close(test_csv_num(jobs, 1, "mapreduce.reduce.shuffle.parallelcopies"), test_csv_num(t, 1, "copiers"), 0);
    assert_string_equal(test_csv_cell(jobs, 1, "mapreduce.map.output.compress"), test_csv_cell(t, 1, "compress"));
    test_csv_free(jobs);
  }
  test_csv_free(t);
}

static void the_outputs_do_not_depend_on_parallelism(void **state)
{
  (void)state;
  char one[4096];
  snprintf(one, sizeof one, "%s", validate_small("1"));
  const char *two = validate_small("2");
  const char *files[] = {"predictions.csv", "accuracy.csv", "accuracy.md", "provision.csv", "tune.csv"};
  for (int i = 0; i < 5; i++)
    assert_string_equal(test_read_file(one, files[i]), test_read_file(two, files[i]));
}

static void bad_experiments_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *from, *to, *says;
  } cases[] = {
      {"history =", "histroy =", "e.cfg:4: experiments[0].histroy: unknown setting; did you mean \"history\"?"},
      {"generator = \"terasort\";", "generator = \"terasort\"; input = \"1GB\";",
       "e.cfg:3: experiments[0].job.input: expected it in history and targets, not in the job"},
      {"generator = \"terasort\";", "generator = \"terasort\"; samples = 5;",
       "e.cfg:3: experiments[0].job: samples: unknown setting; did you mean \"sample\"?"},
      {"[\"1GB\", \"2GB\"]", "[\"1GB\", \"-2GB\"]", "e.cfg:4: experiments[0].history.inputs: expected sizes"},
      {"deadline = \"60s\"", "deadline = \"soon\"", "e.cfg:6: experiments[0].deadline: expected a positive time"},
      {"deadline = \"60s\"", "deadline = \"31d\"", "e.cfg:6: experiments[0].deadline: expected a positive time such as "
                                                   "\"60s\", at most 30 days (mrlab's bound on a run), got \"31d\""},
      {"platforms/toy4.cfg", "platforms/toy5.cfg", "toy5.cfg: cannot open"},
      {"name = \"small\"", "name = \"..\"",
       "e.cfg:2: experiments[0].name: expected a name of letters, digits, '.', '_' and '-', not starting with '.', "
       "got \"..\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *text = test_small_experiment(test_source_path("platforms/toy4.cfg"));
    test_validate_refuses(text, "e.cfg", cases[i].from, cases[i].to, cases[i].says);
  }
}

/* The small experiment with its history grid's INPUTS and REDUCERS arrays
 * N_INPUTS and N_REDUCES long, in a new buffer. */
static char *experiment_with_grid(int n_inputs, int n_reduces)
{
  size_t len = 4096 + 16 * (size_t)(n_inputs + n_reduces);
  char *text = malloc(len), *inputs = malloc(len), *reduces = malloc(len);
  size_t a = 0, b = 0;
  for (int i = 0; i < n_inputs; i++)
    a += (size_t)snprintf(inputs + a, len - a, "%s\"%dMB\"", i ? ", " : "", 100 + i);
  for (int i = 0; i < n_reduces; i++)
    b += (size_t)snprintf(reduces + b, len - b, "%s%d", i ? ", " : "", 1 + i);
  snprintf(text, len,
           "experiments = (\n"
           "  { name = \"big\"; platform = \"%s\";\n"
           "    job = { generator = \"terasort\"; };\n"
           "    history = { inputs = [%s]; reducers = [%s]; };\n"
           "    targets = { inputs = [\"1500MB\"]; reducers = [3]; };\n"
           "    deadline = \"60s\"; tune = true; }\n"
           ");\n",
           test_source_path("platforms/toy4.cfg"), inputs, reduces);
  free(inputs);
  free(reduces);
  return text;
}

static void bad_command_lines_and_huge_grids_are_refused(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char out[4096];
  const char *text = test_small_experiment(test_source_path("platforms/toy4.cfg"));
  char file[4096];
  snprintf(file, sizeof file, "%s", test_write_file(dir, "e.cfg", text));
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  /* -j: a bounded whole number, never wrapped */
  const char *bad_jobs[] = {"4294967296", "0", "257", "-1", "2x", ""};
  for (size_t i = 0; i < sizeof bad_jobs / sizeof *bad_jobs; i++) {
    test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", bad_jobs[i], NULL});
    char says[256];
    snprintf(says, sizeof says, "mrlab: -j: expected a whole number from 1 to 256, got %s\n", bad_jobs[i]);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, says);
  }
  /* -o a folder of the user's: refused, and left as it was */
  char mine[4096];
  snprintf(mine, sizeof mine, "%s/mine", dir);
  assert_int_equal(mkdir(mine, 0777), 0);
  test_write_file(mine, "notes.txt", "keep\n");
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", mine, NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "expected a new directory or an earlier output of mrlab to replace, got one holding "
                                "\"notes.txt\""));
  assert_int_equal(test_count_files(mine), 1);
  /* grids: one too big for the bound, then a file whose simulations add up past it */
  static const struct {
    int inputs, reduces;
    const char *says;
  } grids[] = {
      {3000, 3000,
       "e.cfg:4: experiments[0].history: expected at most 10000 points (mrlab's bound on the simulations of an "
       "experiment file), got 9000000 (3000 inputs times 3000 reducer counts)\n"},
      {100, 100,
       "e.cfg:2: experiments[0]: expected at most 10000 simulations in all (mrlab's bound on an experiment file), "
       "got 10016 up to this experiment\n"},
  };
  for (size_t i = 0; i < sizeof grids / sizeof *grids; i++) {
    char *big = experiment_with_grid(grids[i].inputs, grids[i].reduces);
    snprintf(file, sizeof file, "%s", test_write_file(dir, "e.cfg", big));
    free(big);
    /* an output directory that cannot be made: were the file accepted, it would fail fast, not simulate */
    char unmakeable[8192];
    snprintf(unmakeable, sizeof unmakeable, "%s/out", file);
    test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", unmakeable, NULL});
    assert_int_equal(r.status, 2);
    char says[1024];
    snprintf(says, sizeof says, "mrlab: %s/%s", dir, grids[i].says);
    assert_string_equal(r.err, says);
  }
  struct stat st;
  assert_int_not_equal(stat(out, &st), 0); /* no output directory */
}

/* A validation directory used again holds the new outputs only; a run that
 * fails leaves it as it was. */
static void a_validation_directory_is_all_old_or_all_new(void **state)
{
  (void)state;
  char out[4096], before[65536];
  snprintf(out, sizeof out, "%s", validate_small("2")); /* with a deadline and tune: provision.csv, tune.csv */
  snprintf(before, sizeof before, "%s", test_read_file(out, "predictions.csv"));
  const char *dir = test_tmpdir();
  char plain[4096];
  const char *text = test_small_experiment(test_source_path("platforms/toy4.cfg"));
  /* a run that fails after its simulations: two history runs are too few for Khan's LWLR, which
   * provisioning needs (the leaderboard alone would say so in Khan's cell) */
  char *at = strstr(text, "[\"1GB\", \"2GB\"]");
  snprintf(plain, sizeof plain, "%.*s[\"1GB\"]%s", (int)(at - text), text, at + strlen("[\"1GB\", \"2GB\"]"));
  const char *file = test_write_file(dir, "e.cfg", plain);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, NULL});
  assert_int_equal(r.status, 1);
  assert_non_null(strstr(r.err, "khan: expected 3 or more history runs"));
  assert_string_equal(test_read_file(out, "predictions.csv"), before);
  /* runs, predictions, provision, tune, accuracy and leaderboard .csv and .md */
  assert_int_equal(test_count_files(out), 8);
  /* a run without deadline and tune: no provision.csv or tune.csv left from the first */
  at = strstr(text, "    deadline = \"60s\"; tune = true; }");
  snprintf(plain, sizeof plain, "%.*s  }\n);\n", (int)(at - text), text);
  file = test_write_file(dir, "e.cfg", plain);
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, NULL});
  assert_int_equal(r.status, 0);
  char path[8192];
  struct stat st;
  const char *gone[] = {"provision.csv", "tune.csv", "runs/small/tuned-1500MB-3", "runs/small/toggled-2GB-5"};
  for (size_t i = 0; i < sizeof gone / sizeof *gone; i++) {
    snprintf(path, sizeof path, "%s/%s", out, gone[i]);
    if (stat(path, &st) == 0)
      fail_msg("%s: left from the earlier run", path);
  }
  assert_int_equal(test_count_files(out), 6); /* runs, predictions, accuracy and leaderboard .csv and .md */
  char runs[8192];
  snprintf(runs, sizeof runs, "%s/runs/small", out);
  /* 4 history runs and 1 target's 5 seeds: a directory, a .cfg and a .log each */
  assert_int_equal(test_count_files(runs), (4 + SEEDS) * 3);
}

/* --slurm and its settings, on the command line and in the file's slurm
 * group: bad values are refused with one message, and -j runs here
 * whatever the file says (no Slurm is asked: this machine may have none). */
static void slurm_settings_are_checked(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char file[4096];
  const char *text = test_small_experiment(test_source_path("platforms/toy4.cfg"));
  snprintf(file, sizeof file, "%s", test_write_file(dir, "e.cfg", text));
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "--slurm", "-j", "2", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab: --slurm runs on Slurm: -j is for runs on this machine; try 'mrlab validate --help'\n"));
  const char *bad_sizes[] = {"0", "-3", "1000001", "2x", ""};
  for (size_t i = 0; i < sizeof bad_sizes / sizeof *bad_sizes; i++) {
    test_run_mrlab(&r, dir, (const char *[]){"validate", file, "--array-size", bad_sizes[i], NULL});
    char says[256];
    snprintf(says, sizeof says, "mrlab: --array-size: expected a whole number from 1 to 1000000, got %s\n",
             bad_sizes[i]);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, says);
  }
  static const struct {
    const char *to, *says;
  } cases[] = {
      {"slurm = { partition = \"a b\"; };\nexperiments",
       "e.cfg:1: slurm.partition: expected the name of a Slurm partition, without spaces or quotes, got \"a b\""},
      {"slurm = { array = 4; };\nexperiments",
       "e.cfg:1: slurm.array: unknown setting (expected one of: partition, array_size)"},
      {"slurm = { array_size = 0; };\nexperiments", "e.cfg:1: slurm.array_size: expected"},
      {"slurm = true;\nexperiments", "e.cfg:1: slurm: expected a group { partition = \"debug\"; array_size = 16; }"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    test_validate_refuses(text, "e.cfg", "experiments", cases[i].to, cases[i].says);
  /* the command line wins: -j runs here, though the file names a partition no cluster has */
  char slurm[8192], out[4096];
  snprintf(slurm, sizeof slurm, "slurm = { partition = \"nowhere\"; array_size = 2; };\n%s", text);
  snprintf(file, sizeof file, "%s", test_write_file(dir, "s.cfg", slurm));
  snprintf(out, sizeof out, "%s/out", dir);
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate -j 2 with a slurm group failed with status %d: %s", r.status, r.err);
  assert_int_equal(test_count_files(out), 8);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_loop_agrees_with_its_runs_and_with_predict),
      cmocka_unit_test(the_best_plan_runs_as_searched),
      cmocka_unit_test(the_outputs_do_not_depend_on_parallelism),
      cmocka_unit_test(bad_experiments_are_refused),
      cmocka_unit_test(bad_command_lines_and_huge_grids_are_refused),
      cmocka_unit_test(a_validation_directory_is_all_old_or_all_new),
      cmocka_unit_test(slurm_settings_are_checked),
  };
  TEST_MAIN(tests);
}
