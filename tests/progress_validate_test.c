/* progress_validate_test.c - progress entries in `mrlab validate`: each
 * variant runs with the seeds 1 to `seeds` (5 by default), each
 * indicator's errors are scored from each seed's own run (progress.csv
 * against the true progress) and reported as their mean over the seeds
 * with its 95% interval, the paper's figures land beside mrlab's with
 * whether they lie within that interval, an unskewed job gives every
 * indicator a small error, and a bad entry (a bad `seeds` among them) gets
 * one line naming file and line, exit 2, no directory. */
#include "test.h"

#include <string.h>
#include <unistd.h>

/* An unskewed join (every key group the same size) and a skewed one, on
 * four workers, each with the paper's figures for a row. */
static const char entries[] =
    "progress = (\n"
    "  { name = \"join\"; platform = \"%s\";\n"
    "    job = { generator = \"join\"; input = \"256MB\"; reducers = 4; keys = 20000; s_r = 0.0; "
    "s_s = 0.0; seed = 1; set = [\"mapreduce.reduce.speculative=false\"]; };\n"
    "    variants = (\n"
    "      { name = \"uniform\"; set = [\"mrlab.progress.period=0.1s\"];\n"
    "        paper = { source = \"Table 3: NaturalJoin linear 1.0\"; nearestfit = 1.40; nearestfit_max = 9.58; }; },\n"
    "      { name = \"skewed\"; job = { s_r = 1.5; }; set = [\"mrlab.progress.period=0.1s\", "
    "\"mrlab.progress.sketch=20\"];\n"
    "        paper = { source = \"Table 3: NaturalJoin linear 1.5\"; hadoop = 25.85; "
    "nearestfit = 2.34; nearestfit_max = 5.02; }; }\n"
    "    );\n"
    "  }\n"
    ");\n";

#define SEEDS 5 /* the default */
static const char *const indicators[] = {"hadoop", "hadoop-reduce", "jobratio", "taskratio", "nearestfit"};
enum { N_INDICATORS = sizeof indicators / sizeof *indicators, NEARESTFIT = N_INDICATORS - 1 };
static const char *const variants[] = {"uniform", "skewed"};
enum { N_VARIANTS = 2 };
/* the paper's NearestFit mean and max of each variant */
static const double paper[N_VARIANTS][2] = {{1.40, 9.58}, {2.34, 5.02}};

/* Mean and max of |progress - true_progress| over the rows of INDICATOR in
 * the run directory DIR's progress.csv, as a user would compute them. */
static void run_errors(const char *dir, const char *indicator, double *mean, double *max, int *n)
{
  test_csv *p = test_csv_in(dir, "progress.csv");
  double sum = 0;
  *max = 0, *n = 0;
  for (int row = 1; row < p->n_rows; row++)
    if (strcmp(test_csv_cell(p, row, "indicator"), indicator) == 0) {
      double e = fabs(test_csv_num(p, row, "progress") - test_csv_num(p, row, "true_progress"));
      sum += e;
      *max = e > *max ? e : *max;
      ++*n;
    }
  *mean = *n ? sum / *n : NAN;
  test_csv_free(p);
}

/* Fails unless columns COL and COL_ci95_half of row ROW of T are the mean
 * of the SEEDS values X and its interval's half-width; the mean and the
 * half into MEAN and HALF. */
static void assert_interval(const test_csv *t, int row, const char *col, const double *x, double *mean, double *half)
{
  char name[128];
  test_interval(x, SEEDS, mean, half);
  snprintf(name, sizeof name, "%s_ci95_half", col);
  assert_close(test_csv_num(t, row, col), *mean, 0.002);
  assert_close(test_csv_num(t, row, name), *half, 0.002);
}

/* The paper's figure P as progress.md shows it beside the interval (MEAN,
 * HALF): in bold outside it. */
static const char *paper_text(double p, double mean, double half, char *buf, size_t n)
{
  const char *mark = fabs(p - mean) <= half ? "" : "**";
  snprintf(buf, n, "%s%.2f%s", mark, p, mark);
  return buf;
}

/* Runs `mrlab validate p.cfg -o out -j 2` with TEXT as p.cfg in a fresh
 * directory into R, failing unless it succeeds; the output directory
 * into OUT. */
static void validate(const char *text, test_run *r, char *out, size_t n)
{
  const char *dir =
      test_run_beside(r, "p.cfg", text, (const char *[]){"validate", "p.cfg", "-o", "out", "-j", "2", NULL});
  if (r->status != 0)
    fail_msg("validate failed with status %d: %s", r->status, r->err);
  snprintf(out, n, "%s/out", dir);
}

static void errors_are_those_of_the_runs_over_seeds(void **state)
{
  (void)state;
  char text[8192], out[4096];
  snprintf(text, sizeof text, entries, test_source_path("platforms/toy4.cfg"));
  test_run r;
  validate(text, &r, out, sizeof out);
  assert_string_equal(r.out, test_read_file(out, "progress.md"));
  assert_non_null(strstr(r.out, "each the mean over seeds 1 to 5 ± the half-width of its 95% interval"));
  assert_non_null(strstr(r.out, "| Table 3: NaturalJoin linear 1.5 |"));
  test_csv *t = test_csv_in(out, "progress.csv");
  assert_int_equal(t->n_rows, 1 + N_VARIANTS * N_INDICATORS);
  /* each seed's NearestFit errors, for the mean over the paper's rows */
  double nf[N_VARIANTS][2][SEEDS];
  for (int row = 1; row < t->n_rows; row++) {
    int v = (row - 1) / N_INDICATORS, i = (row - 1) % N_INDICATORS;
    const char *indicator = test_csv_cell(t, row, "indicator");
    assert_string_equal(test_csv_cell(t, row, "workload"), "join");
    assert_string_equal(test_csv_cell(t, row, "variant"), variants[v]);
    assert_string_equal(indicator, indicators[i]);
    assert_close(test_csv_num(t, row, "seeds"), SEEDS, 0);
    double mean[SEEDS], max[SEEDS], samples = 0, sketch = 0;
    int differ = 0;
    for (int k = 0; k < SEEDS; k++) {
      char run[8192];
      snprintf(run, sizeof run, "%s/runs/join/%s/seed-%d", out, variants[v], k + 1);
      int n;
      run_errors(run, indicator, &mean[k], &max[k], &n);
      assert_true(n >= 10); /* a reduce phase of many sampling periods */
      assert_true(max[k] >= mean[k] && mean[k] >= 0);
      samples += (double)n / SEEDS;
      test_csv *jobs = test_csv_in(run, "jobs.csv");
      sketch += test_csv_num(jobs, 1, "sketch_error") / SEEDS;
      test_csv_free(jobs);
      differ |= mean[k] != mean[0];
      if (i == NEARESTFIT)
        nf[v][0][k] = mean[k], nf[v][1][k] = max[k];
    }
    assert_true(differ); /* the seeds draw differently */
    double m, mh, x, xh;
    assert_interval(t, row, "mean_error", mean, &m, &mh);
    assert_interval(t, row, "max_error", max, &x, &xh);
    assert_close(test_csv_num(t, row, "samples"), samples, 0.05);
    assert_close(test_csv_num(t, row, "sketch_error"), sketch, 1e-4);
    assert_true(v == 0 || sketch > 0); /* a sketch of 20 counters loses keys */
    /* unskewed: every indicator that costs the groups left by the time the
     * groups done took tracks the true progress closely */
    if (v == 0 && i >= 2 && m >= 5)
      fail_msg("%s on the unskewed join: mean error %g points, expected < 5", indicator, m);
    /* the paper's figures, and whether each lies within mrlab's interval */
    int hr = strcmp(indicator, "hadoop-reduce") == 0, with = i == NEARESTFIT;
    assert_string_equal(test_csv_cell(t, row, "paper_mean"), with ? (v ? "2.340" : "1.400") : v && hr ? "25.850" : "");
    assert_string_equal(test_csv_cell(t, row, "paper_max"), with ? (v ? "5.020" : "9.580") : "");
    assert_string_equal(test_csv_cell(t, row, "paper_mean_within"), with ? (fabs(paper[v][0] - m) <= mh ? "yes" : "no")
                                                                    : v && hr ? (fabs(25.85 - m) <= mh ? "yes" : "no")
                                                                              : "");
    assert_string_equal(test_csv_cell(t, row, "paper_max_within"),
                        with ? (fabs(paper[v][1] - x) <= xh ? "yes" : "no") : "");
    /* progress.md: "MEAN ± HALF / MAX ± HALF", then the paper's, in bold outside the interval */
    char cell[256], a[64], b[64];
    snprintf(cell, sizeof cell, "| %.2f ± %.2f / %.2f ± %.2f |", m, mh, x, xh);
    if (!strstr(r.out, cell))
      fail_msg("no cell %s in\n%s", cell, r.out);
    if (with) {
      snprintf(cell, sizeof cell, "| %.2f ± %.2f / %.2f ± %.2f | %s / %s |", m, mh, x, xh,
               paper_text(paper[v][0], m, mh, a, sizeof a), paper_text(paper[v][1], x, xh, b, sizeof b));
      if (!strstr(r.out, cell))
        fail_msg("no cell %s in\n%s", cell, r.out);
    }
  }
  test_csv_free(t);
  /* the mean of the paper's rows, seed by seed, beside the paper's mean */
  double both[2][SEEDS], m[2], h[2];
  for (int s = 0; s < 2; s++) {
    for (int k = 0; k < SEEDS; k++)
      both[s][k] = (nf[0][s][k] + nf[1][s][k]) / 2;
    test_interval(both[s], SEEDS, &m[s], &h[s]);
  }
  char row[512], a[64], b[64];
  snprintf(row, sizeof row, "| %.2f ± %.2f / %.2f ± %.2f | %s / %s | | |\n", m[0], h[0], m[1], h[1],
           paper_text((1.40 + 2.34) / 2, m[0], h[0], a, sizeof a),
           paper_text((9.58 + 5.02) / 2, m[1], h[1], b, sizeof b));
  const char *last = strstr(r.out, "| mean of the paper's rows |");
  assert_non_null(last);
  if (!strstr(last, row))
    fail_msg("no %s in %s", row, last);
}

/* seeds = 1: one draw each, no interval (an empty half, "(one seed)") */
static void one_seed_has_no_interval(void **state)
{
  (void)state;
  char text[8192], out[4096];
  snprintf(text, sizeof text, entries, test_source_path("platforms/toy4.cfg"));
  char *at = strstr(text, "    variants");
  char one[8192];
  snprintf(one, sizeof one, "%.*s    seeds = 1;\n%s", (int)(at - text), text, at);
  test_run r;
  validate(one, &r, out, sizeof out);
  assert_non_null(strstr(r.out, "(one seed)"));
  test_csv *t = test_csv_in(out, "progress.csv");
  for (int row = 1; row < t->n_rows; row++) {
    char run[8192];
    snprintf(run, sizeof run, "%s/runs/join/%s/seed-1", out, test_csv_cell(t, row, "variant"));
    double mean, max;
    int n;
    run_errors(run, test_csv_cell(t, row, "indicator"), &mean, &max, &n);
    assert_close(test_csv_num(t, row, "seeds"), 1, 0);
    assert_close(test_csv_num(t, row, "mean_error"), mean, 0.001);
    assert_string_equal(test_csv_cell(t, row, "mean_error_ci95_half"), "");
    assert_string_equal(test_csv_cell(t, row, "max_error_ci95_half"), "");
    assert_string_equal(test_csv_cell(t, row, "paper_mean_within"), "");
  }
  test_csv_free(t);
  char second[8192];
  snprintf(second, sizeof second, "%s/runs/join/uniform/seed-2", out);
  assert_int_equal(access(second, F_OK), -1);
}

static void bad_entries_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *from, *to, *says;
  } cases[] = {
      {"hadoop = 25.85", "hadop = 25.85",
       "p.cfg:8: progress[0].variants[1].paper.hadop: unknown setting; did you mean \"hadoop\"?"},
      {"nearestfit = 2.34", "nearestfit = 234.0", "p.cfg:8: progress[0].variants[1].paper.nearestfit: expected"},
      {"source = \"Table 3: NaturalJoin linear 1.5", "source = \"Table 3, NaturalJoin linear 1.5",
       "progress[0].variants[1].paper.source: expected text without commas"},
      {"paper = { source = \"Table 3: NaturalJoin linear 1.5\"; ", "paper = { ",
       "p.cfg:8: progress[0].variants[1].paper"},
      {"paper = { source = \"Table 3: NaturalJoin linear 1.0\"; nearestfit = 1.40; nearestfit_max = 9.58; }",
       "paper = 3", "p.cfg:6: progress[0].variants[0].paper: expected a group"},
      {"variants = (", "anchors = (); variants = (", "p.cfg:4: progress[0].anchors: unknown setting"},
      {"variants = (", "seeds = 0; variants = (",
       "p.cfg:4: progress[0].seeds: expected a whole number from 1 to 10000, got 0"},
      {"variants = (", "seeds = 2.5; variants = (", "p.cfg:4: progress[0].seeds: expected a whole number"},
      {"variants = (", "seeds = \"5\"; variants = (", "p.cfg:4: progress[0].seeds: expected a whole number"},
      {"variants = (", "seeds = 6000; variants = (",
       "p.cfg:2: progress[0]: expected at most 10000 simulations in all (mrlab's bound on an experiment file), "
       "got 12000"},
      {"{ name = \"skewed\";", "{ name = \"uniform\";",
       "p.cfg:7: progress[0].variants[1].name: expected a name of its own; variant 1 has it"},
      {"progress = (", "progress = ();\ncomparisons = (",
       "p.cfg:1: progress: expected a non-empty list of progress entries"},
      {"s_r = 1.5;", "s_r = 2.5;", "p.cfg:7: progress[0].variants[1].job: s_r: expected"},
      {"  }\n);\n",
       "  }\n);\ncomparisons = ( { name = \"join\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/toy4.cfg\";\n"
       "  job = { generator = \"terasort\"; input = \"1GB\"; reducers = 2; };\n"
       "  variants = ( { name = \"a\"; } ); anchors = ( { claim = \"c\"; source = \"s\"; kind = \"best\"; variant = "
       "\"a\"; published = true; } ); } );\n",
       "p.cfg:2: progress[0].name: expected a name of its own; comparison 1 has it"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[8192];
    snprintf(text, sizeof text, entries, test_source_path("platforms/toy4.cfg"));
    test_validate_refuses(text, "p.cfg", cases[i].from, cases[i].to, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(errors_are_those_of_the_runs_over_seeds),
      cmocka_unit_test(one_seed_has_no_interval),
      cmocka_unit_test(bad_entries_are_refused),
  };
  TEST_MAIN(tests);
}
