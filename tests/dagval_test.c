/* dagval_test.c - workflow entries in `mrlab validate`: a two-job workflow
 * is run whole with the seeds 1 to `seeds` (5 by default), each of its
 * jobs alone once a history variant with seed 1 (one job a run, the child
 * reading a fresh input of the bytes it read in the workflow), predicted
 * once by the workflow model, and its row in workflows.csv holds the
 * workflow runs' makespan and each estimate's accuracy against each
 * seed's run, as means over the seeds with their 95% intervals; a bad
 * entry (a bad `seeds` among them) gets one line naming file and line,
 * exit 2, no directory. */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A WordCount whose small output a map-only filter reads: the child's
 * input (the parent's output) is far smaller than the parent's. */
static const char workflow[] =
    "jobs = (\n"
    "  { name = \"wc\"; generator = \"wordcount\"; input = \"256MB\"; reducers = 4; seed = 1; },\n"
    "  { name = \"scan\"; after = [\"wc\"]; input = \"parent:wc\"; map_cost = 5.0;\n"
    "    map_selectivity = 0.5; reducers = 0; }\n"
    ");\n";

/* One entry on toy4 in YARN mode, its workflow at %s, two history variants. */
static const char entries[] =
    "workflows = (\n"
    "  { name = \"wcscan\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/toy4.cfg\"; workload = \"%s\";\n"
    "    set = [\"mrlab.scheduler=yarn-fair\", \"mapreduce.job.reduce.slowstart.completedmaps=0.5\"];\n"
    "    history = ( { name = \"full\"; set = []; },\n"
    "                { name = \"half\"; set = [\"yarn.nodemanager.resource.cpu-vcores=2\"]; } );\n"
    "    class = \"WC+TPC-H\"; published = 94.62; published_normal = 97.42; source = \"Fig. 10a: WC+TPC-H\"; }\n"
    ");\n";

/* The experiment file's text, its workflow written in a folder of its own
 * (the refusal tests run it from another), into TEXT. */
static void experiment_text(char *text, size_t n)
{
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", test_tmpdir());
  snprintf(text, n, entries, test_write_file(dir, "wcscan.cfg", workflow));
}

/* The value in column COL of job JOB's row of the jobs.csv of DIR. */
static double job_value(const char *dir, const char *job, const char *col)
{
  test_csv *t = test_csv_in(dir, "jobs.csv");
  double v = NAN;
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(test_csv_cell(t, row, "job"), job) == 0)
      v = test_csv_num(t, row, col);
  test_csv_free(t);
  if (isnan(v))
    fail_msg("%s/jobs.csv: no job %s", dir, job);
  return v;
}

#define SEEDS 5 /* the default */

/* The estimates: workflows.csv's columns and `mrlab predict --workflow`'s rows. */
static const char *const estimates[][4] = {
    {"predicted", "accuracy", "accuracy_ci95_half", "dag"},
    {"mean", "mean_accuracy", "mean_accuracy_ci95_half", "dag-mean"},
    {"normal", "normal_accuracy", "normal_accuracy_ci95_half", "dag-normal"},
    {"literal", "literal_accuracy", "literal_accuracy_ci95_half", "dag-literal"}};
enum { N_ESTIMATES = 4 };

/* The makespan `mrlab predict --workflow` gives for estimate X of the
 * workflow run TARGET from the runs ALONE (4 of them). */
static double predicted(const char *dir, const char *target, char alone[4][8192], int x)
{
  test_run p;
  test_run_mrlab(&p, dir,
                 (const char *[]){"predict", "--workflow", MRLAB_SOURCE_DIR "/platforms/toy4.cfg", target, alone[0],
                                  alone[1], alone[2], alone[3], NULL});
  assert_int_equal(p.status, 0);
  char row[64];
  snprintf(row, sizeof row, "\n%s,makespan,", estimates[x][3]);
  const char *at = strstr(p.out, row);
  if (!at)
    fail_msg("no %s in mrlab predict --workflow's\n%s", row + 1, p.out);
  return atof(at + strlen(row));
}

/* Fails unless the first "MEAN ± HALF" after AFTER in the table TEXT is
 * MEAN and HALF to their two printed decimals (and the 1 ms of the
 * predicted makespans in workflows.csv); returns where it is. */
static const char *assert_md_interval(const char *text, const char *after, double mean, double half)
{
  const char *at = strstr(text, after);
  if (!at)
    fail_msg("no %s in\n%s", after, text);
  double m, h;
  at += strlen(after);
  assert_int_equal(sscanf(at, "%lf ± %lf", &m, &h), 2);
  assert_close(m, mean, 0.0051 + 0.005);
  assert_close(h, half, 0.0051 + 0.005);
  return at;
}

static void workflow_predicted_from_its_jobs_alone(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[8192], out[4096], run[8192];
  experiment_text(text, sizeof text);
  const char *file = test_write_file(dir, "w.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_string_equal(r.out, test_read_file(out, "workflows.md"));
  assert_non_null(strstr(r.out, "each workflow simulated whole with seeds 1 to 5"));
  assert_non_null(strstr(r.out, "| 94.62 / - / 97.42 | Fig. 10a: WC+TPC-H |"));
  /* the workflow run whole with each seed: its makespan from the first submission to the last end */
  double makespan[SEEDS];
  int differ = 0;
  for (int k = 0; k < SEEDS; k++) {
    snprintf(run, sizeof run, "%s/runs/wcscan/workflow/seed-%d", out, k + 1);
    makespan[k] = job_value(run, "scan", "end") - job_value(run, "wc", "submit");
    differ |= makespan[k] != makespan[0];
  }
  assert_true(differ); /* the seeds draw differently */
  snprintf(run, sizeof run, "%s/runs/wcscan/workflow/seed-1", out);
  double wc_input = job_value(run, "wc", "input_bytes"), scan_input = job_value(run, "scan", "input_bytes");
  assert_true(scan_input < wc_input / 10);
  /* each job alone once a history variant, with seed 1 only, one job a run, reading what it read in the workflow */
  static const char *const histories[] = {"full", "half"}, *const jobs[] = {"wc", "scan"};
  char alone[4][8192];
  for (int h = 0; h < 2; h++)
    for (int j = 0; j < 2; j++) {
      snprintf(alone[2 * h + j], sizeof alone[0], "%s/runs/wcscan/alone/%s/%s/seed-1", out, histories[h], jobs[j]);
      test_csv *t = test_csv_in(alone[2 * h + j], "jobs.csv");
      assert_int_equal(t->n_rows, 2);
      assert_string_equal(test_csv_cell(t, 1, "job"), jobs[j]);
      assert_close(test_csv_num(t, 1, "input_bytes"), j ? scan_input : wc_input, 0.5);
      assert_close(test_csv_num(t, 1, "submit"), 0, 0);
      test_csv_free(t);
      snprintf(run, sizeof run, "%s/runs/wcscan/alone/%s/%s/seed-2", out, histories[h], jobs[j]);
      assert_int_equal(access(run, F_OK), -1);
    }
  /* the half variant's NodeManagers offer 2 vcores */
  assert_close(job_value(alone[2], "wc", "yarn.nodemanager.resource.cpu-vcores"), 2, 0);
  test_csv *t = test_csv_in(out, "workflows.csv");
  assert_int_equal(t->n_rows, 2);
  assert_string_equal(test_csv_cell(t, 1, "entry"), "wcscan");
  assert_string_equal(test_csv_cell(t, 1, "class"), "WC+TPC-H");
  assert_int_equal(test_csv_num(t, 1, "jobs"), 2);
  assert_int_equal(test_csv_num(t, 1, "seeds"), SEEDS);
  assert_true(test_csv_num(t, 1, "states") >= 2);
  double mean, half;
  test_interval(makespan, SEEDS, &mean, &half);
  assert_close(test_csv_num(t, 1, "simulated"), mean, 0.001);
  assert_close(test_csv_num(t, 1, "simulated_ci95_half"), half, 0.001);
  /* one prediction, the one `mrlab predict --workflow` gives from the same
   * runs (whichever seed's workflow run it reads the configuration of),
   * scored against each seed's run */
  char last[8192];
  snprintf(run, sizeof run, "%s/runs/wcscan/workflow/seed-1", out);
  snprintf(last, sizeof last, "%s/runs/wcscan/workflow/seed-%d", out, SEEDS);
  for (int x = 0; x < N_ESTIMATES; x++) {
    double p = test_csv_num(t, 1, estimates[x][0]), acc[SEEDS];
    assert_close(p, predicted(dir, run, alone, x), 0.001);
    assert_close(p, predicted(dir, last, alone, x), 0.001);
    assert_true(p > 0);
    for (int k = 0; k < SEEDS; k++)
      acc[k] = 100 - 100 * fabs(p - makespan[k]) / makespan[k];
    test_interval(acc, SEEDS, &mean, &half);
    /* P rounded to 1 ms moves an accuracy on a 20 s makespan by up to 0.0025 */
    assert_close(test_csv_num(t, 1, estimates[x][1]), mean, 0.005);
    assert_close(test_csv_num(t, 1, estimates[x][2]), half, 0.005);
    assert_true(mean <= 100 && half > 0);
    /* the workflow's row: after workflow, class, jobs, states and the
     * simulated makespan, each estimate's cell "P s (MEAN ± HALF%)" */
    const char *at = strstr(r.out, "| wcscan | WC+TPC-H |");
    assert_non_null(at);
    for (int k = 0; k < 6 + x; k++)
      assert_non_null(at = strchr(at, '|') + 1);
    double shown;
    assert_int_equal(sscanf(at, " %lf s (", &shown), 1);
    assert_close(shown, p, 0.05);
    assert_md_interval(at, " s (", mean, half);
    if (x != 0)
      continue;
    /* the class's and all entries' means (one entry here), beside the
     * paper's, in bold where it lies outside the interval */
    const char *mark = fabs(94.62 - mean) > half ? "**" : "", *all = fabs(93.50 - mean) > half ? "**" : "";
    char cell[128];
    const char *row = assert_md_interval(r.out, "| WC+TPC-H | 1 | ", mean, half);
    snprintf(cell, sizeof cell, "%% | %s94.62%%%s |", mark, mark);
    assert_non_null(strstr(row, cell));
    row = assert_md_interval(r.out, "| all | 1 | ", mean, half);
    snprintf(cell, sizeof cell, "%% | %s93.50%%%s |", all, all);
    assert_non_null(strstr(row, cell));
  }
  assert_close(test_csv_num(t, 1, "published"), 94.62, 1e-9);
  assert_close(test_csv_num(t, 1, "published_normal"), 97.42, 1e-9);
  assert_string_equal(test_csv_cell(t, 1, "published_mean"), "");
  assert_string_equal(test_csv_cell(t, 1, "source"), "Fig. 10a: WC+TPC-H");
  test_csv_free(t);
}

static void bad_entries_are_refused(void **state)
{
  (void)state;
  char one[8192], text[8192];
  snprintf(one, sizeof one, "%s",
           test_write_file(test_tmpdir(), "one.cfg",
                           "jobs = ( { name = \"wc\"; generator = \"wordcount\"; "
                           "input = \"1GB\"; reducers = 4; } );\n"));
  const struct {
    const char *from, *to, *says;
  } cases[] = {
      {"class =", "klass =", "w.cfg:6: workflows[0].klass: unknown setting; did you mean \"class\"?"},
      {"published = 94.62", "published = \"94\"", "w.cfg:6: workflows[0].published: expected"},
      {"published = 94.62", "published = 194.62", "w.cfg:6: workflows[0].published: expected"},
      {"workload = \"", "workloads = \"", "w.cfg:2: workflows[0].workloads: unknown setting"},
      {"history = ( { name = \"full\"; set = []; },\n                { name = \"half\"; set = "
       "[\"yarn.nodemanager.resource.cpu-vcores=2\"]; } );",
       "history = ();", "w.cfg:4: workflows[0].history: expected a non-empty list"},
      {"{ name = \"half\";", "{ name = \"full\";",
       "w.cfg:5: workflows[0].history[1].name: expected a name of its own; history variant 1 has it"},
      {"{ name = \"full\"; set = [];", "{ name = \"full\"; sets = [];",
       "w.cfg:4: workflows[0].history[0].sets: unknown setting"},
      {"cpu-vcores=2", "cpu-vcore=2",
       "w.cfg:5: workflows[0].history[1].set: --set yarn.nodemanager.resource.cpu-vcore"},
      {"source = \"Fig. 10a: WC+TPC-H\"", "source = \"Fig. 10a, WC+TPC-H\"",
       "w.cfg:6: workflows[0].source: expected text without commas"},
      {"class =", "seeds = 0; class =", "w.cfg:6: workflows[0].seeds: expected a whole number from 1 to 10000, got 0"},
      {"class =", "seeds = 1.5; class =", "w.cfg:6: workflows[0].seeds: expected a whole number"},
      {"class =", "seeds = 10000; class =",
       "w.cfg:2: workflows[0]: expected at most 10000 simulations in all (mrlab's bound on an experiment file), "
       "got 10004"},
      {"workflows = (", "workflows = ();\ncomparisons = (",
       "w.cfg:1: workflows: expected a non-empty list of workflow entries"},
      {"\n);\n",
       "\n, { name = \"second\"; platform = \"" MRLAB_SOURCE_DIR
       "/platforms/shilu11-yarn.cfg\"; workload = \"/nonexistent/wf.cfg\";\n"
       "    history = ( { name = \"full\"; } ); class = \"x\"; source = \"y\"; } );\n",
       "w.cfg:7: workflows[1].workload: /nonexistent/wf.cfg: cannot open"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    experiment_text(text, sizeof text);
    test_validate_refuses(text, "w.cfg", cases[i].from, cases[i].to, cases[i].says);
  }
  /* a workload of one job, and a class with two figures */
  experiment_text(text, sizeof text);
  const char *at = strstr(text, "workload = \"") + strlen("workload = \"");
  char single[20000];
  snprintf(single, sizeof single, "%.*s%s%s", (int)(at - text), text, one, strchr(at, '"'));
  test_validate_refuses(single, "w.cfg", "workload", "workload",
                        "w.cfg:2: workflows[0].workload: expected a workflow of two jobs at least, got 1");
  experiment_text(text, sizeof text);
  at = strstr(text, "workload = \"") + strlen("workload = \"");
  char second[20000];
  snprintf(second, sizeof second,
           "%.*s,\n  { name = \"other\"; platform = \"" MRLAB_SOURCE_DIR
           "/platforms/shilu11-yarn.cfg\"; workload = \"%.*s\";\n    history = ( { name = \"full\"; } ); class = "
           "\"WC+TPC-H\"; published_normal = 90.0; source = \"s\"; } );\n",
           (int)(strstr(text, "\n);\n") - text), text, (int)(strchr(at, '"') - at), at);
  test_validate_refuses(second, "w.cfg", "published_normal = 90.0", "published_normal = 90.0",
                        "w.cfg:8: workflows[1].published_normal: expected the figure of class WC+TPC-H that entry 1 "
                        "gives (97.42)");
  test_validate_refuses(second, "w.cfg", "name = \"other\"", "name = \"wcscan\"",
                        "w.cfg:7: workflows[1].name: expected a name of its own; entry 1 has it");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(workflow_predicted_from_its_jobs_alone),
      cmocka_unit_test(bad_entries_are_refused),
  };
  TEST_MAIN(tests);
}
