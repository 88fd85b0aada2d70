/* progress_validate_test.c - progress entries in `mrlab validate`: each
 * variant's indicators are scored from its own run (progress.csv against
 * the true progress), an unskewed job gives every indicator a small error,
 * the paper's figures land beside mrlab's, and a bad entry gets one line
 * naming file and line, exit 2, no directory. */
#include "test.h"

#include <string.h>

/* An unskewed join (every key group the same size) and a skewed one, on
 * the paper's 8-worker cluster. */
static const char entries[] =
    "progress = (\n"
    "  { name = \"join\"; platform = \"%s\";\n"
    "    job = { generator = \"join\"; input = \"1GB\"; reducers = 7; keys = 20000; s_r = 0.0; "
    "s_s = 0.0; seed = 1; set = [\"mapreduce.reduce.speculative=false\"]; };\n"
    "    variants = (\n"
    "      { name = \"uniform\"; set = [\"mrlab.progress.period=0.5s\"]; },\n"
    "      { name = \"skewed\"; job = { s_r = 1.5; }; set = [\"mrlab.progress.sketch=20\"];\n"
    "        paper = { source = \"Table 3: NaturalJoin linear 1.5\"; hadoop = 25.85; "
    "nearestfit = 2.34; nearestfit_max = 5.02; }; }\n"
    "    );\n"
    "  }\n"
    ");\n";

static const char *const indicators[] = {"hadoop", "hadoop-reduce", "jobratio", "taskratio", "nearestfit"};
enum { N_INDICATORS = sizeof indicators / sizeof *indicators };

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

static void errors_are_those_of_the_runs(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[8192], out[4096];
  snprintf(text, sizeof text, entries, test_source_path("platforms/coppa8.cfg"));
  const char *file = test_write_file(dir, "p.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_string_equal(r.out, test_read_file(out, "progress.md"));
  /* the paper's figures beside mrlab's, "-" where it has none */
  assert_non_null(strstr(r.out, "| 25.85 | "));
  assert_non_null(strstr(r.out, "| 2.34 / 5.02 | "));
  assert_non_null(strstr(r.out, "| Table 3: NaturalJoin linear 1.5 |"));
  test_csv *t = test_csv_in(out, "progress.csv");
  assert_int_equal(t->n_rows, 1 + 2 * N_INDICATORS);
  for (int row = 1; row < t->n_rows; row++) {
    const char *variant = test_csv_cell(t, row, "variant"), *indicator = test_csv_cell(t, row, "indicator");
    assert_string_equal(test_csv_cell(t, row, "workload"), "join");
    assert_string_equal(indicator, indicators[(row - 1) % N_INDICATORS]);
    char run[8192];
    snprintf(run, sizeof run, "%s/runs/join/%s/seed-1", out, variant); /* an entry runs with seed 1 alone */
    double mean, max;
    int n;
    run_errors(run, indicator, &mean, &max, &n);
    assert_true(n >= 10); /* a reduce phase of many sampling periods */
    assert_int_equal(test_csv_num(t, row, "samples"), n);
    assert_close(test_csv_num(t, row, "mean_error"), mean, 0.01);
    assert_close(test_csv_num(t, row, "max_error"), max, 0.01);
    assert_true(max >= mean && mean >= 0);
    /* the run's sketch error, which a sketch of 20 counters makes positive */
    test_csv *jobs = test_csv_in(run, "jobs.csv");
    double sketch = test_csv_num(jobs, 1, "sketch_error");
    test_csv_free(jobs);
    assert_close(test_csv_num(t, row, "sketch_error"), sketch, 1e-4);
    assert_true(strcmp(variant, "skewed") != 0 || sketch > 0);
    /* unskewed: every indicator tracks the true progress closely, but for
     * Hadoop's UI score, whose copy and sort thirds are done when the reduce
     * phase starts (it starts there at 2/3 by definition) */
    if (strcmp(variant, "uniform") == 0 && strcmp(indicator, "hadoop") != 0 && mean >= 5)
      fail_msg("%s on the unskewed join: mean error %g points, expected < 5", indicator, mean);
    /* the paper's Hadoop is Hadoop's reduce third */
    int skewed = strcmp(variant, "skewed") == 0, hr = strcmp(indicator, "hadoop-reduce") == 0,
        nf = strcmp(indicator, "nearestfit") == 0;
    assert_string_equal(test_csv_cell(t, row, "paper_mean"), skewed && hr ? "25.850" : skewed && nf ? "2.340" : "");
    assert_string_equal(test_csv_cell(t, row, "paper_max"), skewed && nf ? "5.020" : "");
  }
  test_csv_free(t);
}

static void bad_entries_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *from, *to, *says;
  } cases[] = {
      {"hadoop = 25.85", "hadop = 25.85",
       "p.cfg:7: progress[0].variants[1].paper.hadop: unknown setting; did you mean \"hadoop\"?"},
      {"nearestfit = 2.34", "nearestfit = 234.0", "p.cfg:7: progress[0].variants[1].paper.nearestfit: expected"},
      {"source = \"Table 3: NaturalJoin", "source = \"Table 3, NaturalJoin",
       "progress[0].variants[1].paper.source: expected text without commas"},
      {"paper = { source = \"Table 3: NaturalJoin linear 1.5\"; ", "paper = { ",
       "p.cfg:7: progress[0].variants[1].paper"},
      {"{ name = \"uniform\"; set", "{ name = \"uniform\"; paper = 3; set",
       "p.cfg:5: progress[0].variants[0].paper: expected a group"},
      {"variants = (", "anchors = (); variants = (", "p.cfg:4: progress[0].anchors: unknown setting"},
      {"{ name = \"skewed\";", "{ name = \"uniform\";",
       "p.cfg:6: progress[0].variants[1].name: expected a name of its own; variant 1 has it"},
      {"progress = (", "progress = ();\ncomparisons = (",
       "p.cfg:1: progress: expected a non-empty list of progress entries"},
      {"s_r = 1.5;", "s_r = 2.5;", "p.cfg:6: progress[0].variants[1].job: s_r: expected"},
      {"  }\n);\n",
       "  }\n);\ncomparisons = ( { name = \"join\"; platform = \"" MRLAB_SOURCE_DIR "/platforms/toy4.cfg\";\n"
       "  job = { generator = \"terasort\"; input = \"1GB\"; reducers = 2; };\n"
       "  variants = ( { name = \"a\"; } ); anchors = ( { claim = \"c\"; source = \"s\"; kind = \"best\"; variant = "
       "\"a\"; published = true; } ); } );\n",
       "p.cfg:2: progress[0].name: expected a name of its own; comparison 1 has it"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[8192];
    snprintf(text, sizeof text, entries, test_source_path("platforms/coppa8.cfg"));
    test_validate_refuses(text, "p.cfg", cases[i].from, cases[i].to, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(errors_are_those_of_the_runs),
      cmocka_unit_test(bad_entries_are_refused),
  };
  TEST_MAIN(tests);
}
