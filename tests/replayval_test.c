/* replayval_test.c - replay entries in `mrlab validate`: a set of job
 * histories (the shipped 15-map sort history of hetero16, map_cost 20 and
 * reduce_cost 30) calibrated on its platform exactly as `mrlab calibrate`
 * writes it, replayed with the seeds 1 to `seeds`, and each of the job's
 * phases in replays.csv and replays.md: the recorded time read from the
 * history file itself, the simulated ones from each seed's jobs.csv and
 * tasks.csv, their mean, 95% interval, range and error; a bad entry gets
 * one line naming file and line, exit 2, no directory. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIXTURE "tests/fixtures/jhist/hetero16"
#define HISTORY                                                                                                        \
  "job_1577836800000_0001-1577836800000-mrlab-s-1577836831297-15-4-SUCCEEDED-default-1577836800003.jhist"
#define JOB "job_1577836800000_0001"
#define SEEDS 2

/* One entry on hetero16 replaying the histories in the folder "hist"
 * beside the file, two seeds, reducers held until every map ended. */
static const char entry[] =
    "replays = (\n"
    "  { name = \"h16\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/hetero16.cfg\"; histories = [\"hist\"];\n"
    "    seeds = 2; set = [\"mapreduce.job.reduce.slowstart.completedmaps=1.0\"]; }\n"
    ");\n";

/* A fresh folder holding the shipped history in hist/ (static buffer). */
static const char *folder_with_history(void)
{
  static char dir[4096];
  char hist[4200];
  snprintf(dir, sizeof dir, "%s", test_tmpdir());
  snprintf(hist, sizeof hist, "%s/hist", dir);
  assert_int_equal(mkdir(hist, 0755), 0);
  test_write_file(hist, HISTORY, test_read_file(test_source_path(FIXTURE), HISTORY));
  return dir;
}

/* The number after "KEY": in LINE. */
static double field(const char *line, const char *key)
{
  char k[64];
  snprintf(k, sizeof k, "\"%s\":", key);
  const char *at = strstr(line, k);
  if (!at)
    fail_msg("no %s in %.200s", k, line);
  return atof(at + strlen(k));
}

/* The job's recorded submission, last successful map's end and end (s
 * since the epoch), read from the .jhist text, one event a line. */
static void recorded(double *submit, double *map_end, double *end)
{
  char *text = strdup(test_read_file(test_source_path(FIXTURE), HISTORY));
  *submit = *map_end = *end = -1;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, "{\"type\":\"JOB_SUBMITTED\"", 23) == 0)
      *submit = field(line, "submitTime") / 1000;
    else if (strncmp(line, "{\"type\":\"JOB_FINISHED\"", 22) == 0)
      *end = field(line, "finishTime") / 1000;
    else if (strncmp(line, "{\"type\":\"MAP_ATTEMPT_FINISHED\"", 30) == 0 &&
             strstr(line, "\"taskStatus\":\"SUCCEEDED\"") && field(line, "finishTime") / 1000 > *map_end)
      *map_end = field(line, "finishTime") / 1000;
  }
  free(text);
  assert_true(*map_end > *submit && *end > *map_end);
}

/* The job's submission, last successful map's end and end in run DIR. */
static void simulated(const char *dir, double *submit, double *map_end, double *end)
{
  test_csv *j = test_csv_in(dir, "jobs.csv");
  assert_int_equal(j->n_rows, 2);
  assert_string_equal(test_csv_cell(j, 1, "job"), JOB);
  *submit = test_csv_num(j, 1, "submit");
  *end = test_csv_num(j, 1, "end");
  /* the setting of the entry reached the run */
  assert_close(test_csv_num(j, 1, "mapreduce.job.reduce.slowstart.completedmaps"), 1.0, 0);
  test_csv_free(j);
  test_csv *t = test_csv_in(dir, "tasks.csv");
  *map_end = -1;
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "kind"), "map") == 0 && strcmp(test_csv_cell(t, r, "status"), "SUCCEEDED") == 0)
      *map_end = fmax(*map_end, test_csv_num(t, r, "end"));
  test_csv_free(t);
}

/* The row of replays.csv T for PHASE. */
static int phase_row(const test_csv *t, const char *phase)
{
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "phase"), phase) == 0)
      return r;
  fail_msg("replays.csv: no row for phase %s", phase);
  return -1;
}

/* Fails unless the cells after PREFIX in TEXT start with the numbers V
 * (N of them, each within TOL[i]), read in FMT's order. */
static void assert_md_row(const char *text, const char *prefix, const char *fmt, const double *v, const double *tol,
                          int n)
{
  const char *at = strstr(text, prefix);
  if (!at)
    fail_msg("no row \"%s\" in\n%s", prefix, text);
  double got[4];
  assert_int_equal(sscanf(at + strlen(prefix), fmt, &got[0], &got[1], &got[2], &got[3]), n);
  for (int i = 0; i < n; i++)
    assert_close(got[i], v[i], tol[i]);
}

static void replay_table_matches_its_runs(void **state)
{
  (void)state;
  const char *dir = folder_with_history();
  char file[4200], out[4200], run[8192], elsewhere[4096];
  snprintf(file, sizeof file, "%s", test_write_file(dir, "r.cfg", entry));
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(elsewhere, sizeof elsewhere, "%s", test_tmpdir()); /* paths are the file's folder's, not the caller's */
  test_run r;
  test_run_mrlab(&r, elsewhere, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_string_equal(r.out, test_read_file(out, "replays.md"));
  assert_non_null(strstr(r.out, "replayed with seeds 1 to 2"));
  /* the workload is the one `mrlab calibrate` writes from the same histories */
  test_run c;
  test_run_mrlab(&c, dir,
                 (const char *[]){"calibrate", MRLAB_SOURCE_DIR "/platforms/hetero16.cfg", "hist", "-o", "cal.cfg",
                                  NULL});
  assert_int_equal(c.status, 0);
  snprintf(run, sizeof run, "%s/runs/h16", out);
  assert_string_equal(test_read_file(run, "workload.cfg"), test_read_file(dir, "cal.cfg"));
  assert_non_null(strstr(test_read_file(run, "workload.cfg"), "map_cost = 19.99"));
  /* one run a seed, seeds 1 to 2 */
  snprintf(run, sizeof run, "%s/runs/h16/seed-%d", out, SEEDS + 1);
  assert_int_equal(access(run, F_OK), -1);
  double rs, rm, re, sim[3][SEEDS];
  recorded(&rs, &rm, &re);
  const double rec[3] = {re - rs, rm - rs, re - rm};
  int differ = 0;
  for (int k = 0; k < SEEDS; k++) {
    double s, m, e;
    snprintf(run, sizeof run, "%s/runs/h16/seed-%d", out, k + 1);
    simulated(run, &s, &m, &e);
    sim[0][k] = e - s, sim[1][k] = m - s, sim[2][k] = e - m;
    differ |= sim[0][k] != sim[0][0];
  }
  assert_true(differ); /* the seeds draw differently */
  static const char *const phases[3] = {"job", "map", "reduce"};
  test_csv *t = test_csv_in(out, "replays.csv");
  assert_int_equal(t->n_rows, 4);
  double mean_abs[3], one[3][SEEDS];
  for (int p = 0; p < 3; p++) {
    int row = phase_row(t, phases[p]);
    assert_string_equal(test_csv_cell(t, row, "entry"), "h16");
    assert_string_equal(test_csv_cell(t, row, "job"), JOB);
    assert_string_equal(test_csv_cell(t, row, "name"), "s");
    assert_int_equal(test_csv_num(t, row, "seeds"), SEEDS);
    assert_close(test_csv_num(t, row, "recorded"), rec[p], 0.0006);
    double mean, half, err[SEEDS], emean, ehalf;
    test_interval(sim[p], SEEDS, &mean, &half);
    assert_close(test_csv_num(t, row, "simulated"), mean, 0.0006);
    assert_close(test_csv_num(t, row, "simulated_ci95_half"), half, 0.0006);
    assert_close(test_csv_num(t, row, "simulated_min"), fmin(sim[p][0], sim[p][1]), 0.0006);
    assert_close(test_csv_num(t, row, "simulated_max"), fmax(sim[p][0], sim[p][1]), 0.0006);
    for (int k = 0; k < SEEDS; k++)
      one[p][k] = fabs(err[k] = 100 * (sim[p][k] - rec[p]) / rec[p]);
    test_interval(err, SEEDS, &emean, &ehalf);
    assert_close(test_csv_num(t, row, "error"), emean, 0.006);
    assert_close(test_csv_num(t, row, "error_ci95_half"), ehalf, 0.006);
    assert_close(emean, 100 * (mean - rec[p]) / rec[p], 1e-9); /* the error of the mean */
    mean_abs[p] = fabs(emean);
    /* to the millisecond a history records */
    int in_range = rec[p] >= fmin(sim[p][0], sim[p][1]) - 0.001 && rec[p] <= fmax(sim[p][0], sim[p][1]) + 0.001;
    assert_string_equal(test_csv_cell(t, row, "in_range"), in_range ? "yes" : "no");
    assert_string_equal(test_csv_cell(t, row, "in_interval"), fabs(rec[p] - mean) <= half + 0.001 ? "yes" : "no");
    /* the job's row in replays.md: recorded, simulated mean ± half, error ± half */
    char prefix[256];
    snprintf(prefix, sizeof prefix, "| h16 | " JOB " | s | %s | ", phases[p]);
    const double v[4] = {rec[p], mean, half, emean}, tol[4] = {0.0051, 0.0051, 0.0051, 0.051};
    assert_md_row(r.out, prefix, "%lf s | %lf ± %lf s | %lf", v, tol, 4);
  }
  test_csv_free(t);
  /* mrlab plot draws each phase's simulated against recorded times, and
   * mrlab report shows the picture and the table */
  char plots[8192], page[8192];
  snprintf(plots, sizeof plots, "%s/plots", dir);
  snprintf(page, sizeof page, "%s/page.html", dir);
  test_run_mrlab(&c, dir, (const char *[]){"plot", out, "-o", plots, "--format", "svg", NULL});
  if (c.status != 0)
    fail_msg("plot failed with status %d: %s", c.status, c.err);
  const char *svg = test_read_file(plots, "replays.svg");
  for (int p = 0; p < 3; p++) {
    char title[64];
    snprintf(title, sizeof title, "<title>%s</title>", phases[p]);
    assert_non_null(strstr(svg, title));
  }
  test_run_mrlab(&c, dir, (const char *[]){"report", out, "-o", page, NULL});
  assert_int_equal(c.status, 0);
  assert_non_null(strstr(test_read_file(dir, "page.html"), "<h3>replays.csv</h3>"));
  /* the entry's rows: one job, so its mean |error| and worst are the job's
   * error, and one replay's mean |error| is the seeds' |error| */
  for (int p = 0; p < 3; p++) {
    char prefix[256];
    double mean, half;
    test_interval(one[p], SEEDS, &mean, &half);
    snprintf(prefix, sizeof prefix, "| h16 | %s | 1 | ", phases[p]);
    const double v[4] = {mean_abs[p], mean_abs[p], mean, half}, tol[4] = {0.051, 0.051, 0.051, 0.051};
    assert_md_row(r.out, prefix, "%lf%% | %lf%% (s) | %lf ± %lf%%", v, tol, 4);
  }
}

/* A round trip: the workload runs with each seed, each run is exported,
 * calibrated and replayed with its seed, and roundtrips.csv gives each
 * phase's recorded and replayed means over the seeds (from the runs'
 * jobs.csv and tasks.csv), the replayed mean's error against the recorded
 * one with the interval of the paired differences, and the costs fitted
 * (from the workload each seed replayed, which is what `mrlab calibrate`
 * writes from that seed's exported history). */
static void roundtrip_table_matches_its_runs(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char file[4200], out[4200], run[8192], name[64];
  test_write_file(dir, "jobs.cfg",
                  "jobs = ( { name = \"s\"; input = \"1GB\"; map_cost = 20.0; map_selectivity = 1.0; reduce_cost = "
                  "30.0; reduce_selectivity = 0.5; reducers = 3; } );\n");
  snprintf(file, sizeof file, "%s",
           test_write_file(dir, "r.cfg",
                           "replays = ( { name = \"rt\"; platform = \"" MRLAB_SOURCE_DIR
                           "/platforms/hetero16.cfg\"; workload = \"jobs.cfg\"; seeds = 3;\n"
                           "  set = [\"mapreduce.job.reduce.slowstart.completedmaps=1.0\"]; } );\n"));
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, test_tmpdir(), (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_string_equal(r.out, test_read_file(out, "roundtrips.md"));
  snprintf(run, sizeof run, "%s/replays.csv", out);
  assert_int_equal(access(run, F_OK), -1); /* no histories replayed: no replays table */
  double rec[3][3], rep[3][3], fit[2][3];
  for (int k = 0; k < 3; k++) {
    double s, m, e;
    snprintf(run, sizeof run, "%s/runs/rt/recorded-seed-%d", out, k + 1);
    test_csv *j = test_csv_in(run, "jobs.csv");
    assert_string_equal(test_csv_cell(j, 1, "job"), "s");
    assert_close(test_csv_num(j, 1, "mapreduce.job.reduce.slowstart.completedmaps"), 1.0, 0); /* the set's */
    s = test_csv_num(j, 1, "submit"), e = test_csv_num(j, 1, "end");
    test_csv_free(j);
    test_csv *t = test_csv_in(run, "tasks.csv");
    m = -1;
    for (int row = 1; row < t->n_rows; row++)
      if (strcmp(test_csv_cell(t, row, "kind"), "map") == 0 &&
          strcmp(test_csv_cell(t, row, "status"), "SUCCEEDED") == 0)
        m = fmax(m, test_csv_num(t, row, "end"));
    test_csv_free(t);
    rec[0][k] = e - s, rec[1][k] = m - s, rec[2][k] = e - m;
    snprintf(run, sizeof run, "%s/runs/rt/seed-%d", out, k + 1);
    simulated(run, &s, &m, &e);
    rep[0][k] = e - s, rep[1][k] = m - s, rep[2][k] = e - m;
    /* the seed's replayed workload is what calibrate makes of its exported history */
    test_run c;
    snprintf(run, sizeof run, "%s/runs/rt/recorded-seed-%d-jhist", out, k + 1);
    test_run_mrlab(
        &c, dir, (const char *[]){"calibrate", MRLAB_SOURCE_DIR "/platforms/hetero16.cfg", run, "-o", "cal.cfg", NULL});
    assert_int_equal(c.status, 0);
    snprintf(run, sizeof run, "%s/runs/rt", out);
    snprintf(name, sizeof name, "workload-seed-%d.cfg", k + 1);
    const char *w = test_read_file(run, name), *cal = test_read_file(dir, "cal.cfg");
    assert_string_equal(strchr(w, '\n'), strchr(cal, '\n')); /* but for the first line's source path */
    fit[0][k] = atof(strstr(w, "map_cost = ") + 11);
    fit[1][k] = atof(strstr(w, "reduce_cost = ") + 14);
  }
  static const char *const phases[3] = {"job", "map", "reduce"};
  test_csv *t = test_csv_in(out, "roundtrips.csv");
  assert_int_equal(t->n_rows, 4);
  for (int p = 0; p < 3; p++) {
    int row = phase_row(t, phases[p]);
    assert_string_equal(test_csv_cell(t, row, "job"), "s");
    double mean, half, diff[3];
    test_interval(rec[p], 3, &mean, &half);
    assert_close(test_csv_num(t, row, "recorded"), mean, 0.0006);
    assert_close(test_csv_num(t, row, "recorded_ci95_half"), half, 0.0006);
    double rmean = mean;
    test_interval(rep[p], 3, &mean, &half);
    assert_close(test_csv_num(t, row, "replayed"), mean, 0.0006);
    assert_close(test_csv_num(t, row, "replayed_ci95_half"), half, 0.0006);
    for (int k = 0; k < 3; k++)
      diff[k] = rep[p][k] - rec[p][k];
    test_interval(diff, 3, &mean, &half);
    assert_close(test_csv_num(t, row, "error"), 100 * mean / rmean, 0.006);
    assert_close(test_csv_num(t, row, "error_ci95_half"), 100 * half / rmean, 0.006);
    double worst = 0;
    for (int k = 0; k < 3; k++)
      worst = fabs(diff[k] / rec[p][k]) > fabs(worst) ? 100 * diff[k] / rec[p][k] : worst;
    assert_close(test_csv_num(t, row, "error_worst"), worst, 0.006);
    static const char *const costs[2] = {"map_cost", "reduce_cost"};
    for (int c = 0; c < 2; c++) {
      char col[64];
      assert_close(test_csv_num(t, row, costs[c]), c ? 30 : 20, 0);
      snprintf(col, sizeof col, "%s_fitted", costs[c]);
      assert_close(test_csv_num(t, row, col), (fit[c][0] + fit[c][1] + fit[c][2]) / 3, 1e-3);
      assert_close(test_csv_num(t, row, col), c ? 30 : 20, 0.01); /* recovered */
      snprintf(col, sizeof col, "%s_fitted_min", costs[c]);
      assert_close(test_csv_num(t, row, col), fmin(fit[c][0], fmin(fit[c][1], fit[c][2])), 1e-3);
    }
  }
  test_csv_free(t);
}

static void bad_entries_are_refused(void **state)
{
  (void)state;
  const char *dir = folder_with_history();
  test_write_file(dir, "broken.jhist", "Avro-Json\n{\"type\":\"record\"}\n{\"type\":\"JOB_SUBMITTED\"\n");
  /* the histories given whole: the refusals run in another folder */
  char text[8192], hist[4200], broken[4200], missing[4200], says[3][8192];
  snprintf(text, sizeof text,
           "replays = (\n"
           "  { name = \"h16\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/hetero16.cfg\";\n"
           "    histories = [\"%s/hist\"]; seeds = 2;\n"
           "    set = [\"mapreduce.job.reduce.slowstart.completedmaps=1.0\"]; }\n"
           ");\n",
           dir);
  snprintf(hist, sizeof hist, "histories = [\"%s/hist\"]; ", dir);
  snprintf(broken, sizeof broken, "histories = [\"%s/broken.jhist\"]; ", dir);
  snprintf(missing, sizeof missing, "histories = [\"%s/nothing-here\"]; ", dir);
  snprintf(says[0], sizeof says[0], "r.cfg:3: replays[0].histories: %s/broken.jhist:2: expected the schema", dir);
  snprintf(says[1], sizeof says[1], "r.cfg:3: replays[0].histories: %s/nothing-here: cannot open", dir);
  snprintf(says[2], sizeof says[2],
           "r.cfg:3: replays[0].histories: %s/hist/" HISTORY ": " JOB
           ": expected the attempts' hosts among the workers of toy4, got ",
           dir);
  const struct {
    const char *from, *to, *says;
  } cases[] = {
      {hist, "histories = []; ", "r.cfg:3: replays[0].histories: expected an array of 1 to 100000 strings"},
      {hist, "", "r.cfg:2: replays[0]: missing \"histories\""},
      {hist, broken, says[0]},
      {hist, missing, says[1]},
      {"hetero16.cfg", "toy4.cfg", says[2]},
      {hist, "workload = \"nothing.cfg\"; ", "r.cfg:3: replays[0].workload: "},
      {hist, "workload = \"nothing.cfg\"; histories = [\"x\"]; ",
       "r.cfg:3: replays[0].workload: expected histories (to replay) or workload (a round trip), not both"},
      {"seeds = 2;", "seeds = 0;", "r.cfg:3: replays[0].seeds: expected a whole number from 1 to 10000, got 0"},
      {"seeds = 2;", "seedz = 2;", "r.cfg:3: replays[0].seedz: unknown setting; did you mean \"seeds\"?"},
      {"completedmaps=1.0", "completedmap=1.0",
       "r.cfg:4: replays[0].set: --set mapreduce.job.reduce.slowstart.completedmap=1.0: unknown property"},
      {"name = \"h16\"", "name = \"../h16\"", "r.cfg:2: replays[0].name: expected a name of letters"},
      {"replays = (\n", "replays = ();\nworkflows = (\n",
       "r.cfg:1: replays: expected a non-empty list of replay entries"},
      /* two entries of one name, and an entry named as a progress entry */
      {"\n);\n", ",\n  { name = \"h16\"; platform = \"x.cfg\"; histories = [\"x\"]; }\n);\n",
       "r.cfg:5: replays[1].name: expected a name of its own; entry 1 has it"},
      {"replays = (\n",
       "progress = ( { name = \"h16\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/toy4.cfg\";\n"
       "  job = { generator = \"terasort\"; input = \"256MB\"; reducers = 1; };\n"
       "  variants = ( { name = \"a\"; } ); } );\nreplays = (\n",
       "r.cfg:5: replays[0].name: expected a name of its own; progress entry 1 has it"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    test_validate_refuses(text, "r.cfg", cases[i].from, cases[i].to, cases[i].says);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(replay_table_matches_its_runs),
      cmocka_unit_test(roundtrip_table_matches_its_runs),
      cmocka_unit_test(bad_entries_are_refused),
  };
  TEST_MAIN(tests);
}
