/* leaderboard_test.c - the accuracy leaderboard of `mrlab validate`: one
 * row a configuration and model, its figures the same as accuracy.csv's
 * and tune.csv's, a model that cannot predict saying why, the mean over
 * configurations, mrlab's own model marked unpublished, and with one seed
 * (asked for: 5 is the default) no interval, said so, and no verdict
 * (seeds_test.c checks the intervals of several); and the progress line,
 * on a terminal only. */
#include "leaderboard.h"
#include "predict.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>

/* Two experiments on toy4, one seed a target: "tuned" (four history runs,
 * tune: 4 + 1 target + 1 toggled + 1 tuned run) and "thin" (two history
 * runs, too few for Khan's fit: 2 + 1), 10 runs in all. */
static const char experiments[] = "experiments = (\n"
                                  "  { name = \"tuned\"; platform = \"%s\";\n"
                                  "    job = { generator = \"terasort\"; };\n"
                                  "    history = { inputs = [\"1GB\", \"2GB\"]; reducers = [2, 5]; };\n"
                                  "    targets = { inputs = [\"1500MB\"]; reducers = [3]; seeds = 1; };\n"
                                  "    tune = true; },\n"
                                  "  { name = \"thin\"; platform = \"%s\";\n"
                                  "    job = { generator = \"terasort\"; };\n"
                                  "    history = { inputs = [\"1GB\"]; reducers = [2, 5]; };\n"
                                  "    targets = { inputs = [\"1500MB\"]; reducers = [3]; seeds = 1; }; }\n"
                                  ");\n";

/* Writes the experiment file into a fresh directory; returns its path. */
static const char *write_experiments(void)
{
  char text[4096];
  const char *toy4 = test_source_path("platforms/toy4.cfg");
  snprintf(text, sizeof text, experiments, toy4, toy4);
  return test_write_file(test_tmpdir(), "e.cfg", text);
}

/* The row of CONFIGURATION and MODEL in leaderboard table T, failing if none. */
static int row_of(const test_csv *t, const char *configuration, const char *model)
{
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "configuration"), configuration) == 0 &&
        strcmp(test_csv_cell(t, r, "model"), model) == 0)
      return r;
  fail_msg("no row for %s, %s", configuration, model);
  return 0;
}

static void every_model_has_a_figure_or_a_reason(void **state)
{
  (void)state;
  const char *file = write_experiments();
  char out[4096];
  snprintf(out, sizeof out, "%s/out", test_tmpdir());
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"validate", file, "-o", out, "-j", "2", NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  assert_string_equal(r.err, ""); /* not a terminal: no progress line */
  assert_non_null(strstr(r.out, "## Leaderboard: job-time accuracy"));
  assert_string_equal(strstr(r.out, "| configuration |"), test_read_file(out, "leaderboard.md"));
  test_csv *t = test_csv_in(out, "leaderboard.csv"), *acc = test_csv_in(out, "accuracy.csv");
  assert_int_equal(t->n_rows, 1 + 3 * (PREDICT_N_MODELS + 1)); /* every model and ptc on tuned, thin and all */
  /* one seed a target: each target's mean is its one run, no interval anywhere, and no verdict */
  const char *md = test_read_file(out, "leaderboard.md");
  for (int k = 1; k < t->n_rows; k++) {
    assert_int_equal((int)test_csv_num(t, k, "seeds"), 1);
    assert_string_equal(test_csv_cell(t, k, "seed_ceiling"), "100.000");
    assert_string_equal(test_csv_cell(t, k, "seed_ceiling_ci95_half"), "");
    assert_string_equal(test_csv_cell(t, k, "accuracy_ci95_half"), "");
    const char *against = test_csv_cell(t, k, "against_best");
    assert_true(strcmp(against, "") == 0 || strcmp(against, "one seed: no interval") == 0 ||
                strstr(against, "not comparable"));
  }
  for (char digit = '1'; digit <= '9'; digit++) /* no best told by one number: no figure in bold */
    assert_null(strstr(md, (const char[]){'*', '*', digit, '\0'}));
  assert_non_null(strstr(md, "| configuration | seeds | seed ceiling % | khan accuracy % |"));
  const char *tuned = strstr(md, "| tuned | 1 | 100.00 (one seed) | "); /* and each of the five models' cells */
  assert_non_null(tuned);
  int cells = 0;
  for (const char *at = tuned; (at = strstr(at + 1, " (one seed) | ")) && at < strchr(tuned, '\n');)
    cells++;
  assert_int_equal(cells, 1 + PREDICT_N_MODELS + 1);
  /* mrlab's own model is no paper's: marked so in both tables */
  for (int m = 0; m < PREDICT_N_MODELS; m++)
    assert_string_equal(test_csv_cell(t, row_of(t, "tuned", predict_model_name((predict_model)m)), "published"),
                        m == PREDICT_MRLAB ? "no" : "yes");
  assert_string_equal(test_csv_cell(t, row_of(t, "all", "ptc"), "published"), "yes");
  assert_non_null(strstr(md, " mrlab (unpublished) accuracy % | mrlab worst % |"));
  assert_null(strstr(md, "khan (unpublished)"));
  assert_non_null(strstr(md, "| 93.50/95.00/96.38 || unpublished || - ||\n"));
  assert_non_null(strstr(md, "mrlab (unpublished): mrlab's own model, from no paper"));
  /* khan and aria on "tuned": accuracy.csv's job-time figures */
  for (int k = 1; k < acc->n_rows; k++)
    if (strcmp(test_csv_cell(acc, k, "quantity"), "job_time") == 0) {
      int row = row_of(t, test_csv_cell(acc, k, "experiment"), test_csv_cell(acc, k, "model"));
      assert_close(test_csv_num(t, row, "accuracy"), test_csv_num(acc, k, "accuracy"), 1e-3);
      assert_close(test_csv_num(t, row, "worst_error"), test_csv_num(acc, k, "max_ape"), 1e-3);
    }
  test_csv_free(acc);
  /* ptc: the default plan's cost against the target's simulated time */
  test_csv *tune = test_csv_in(out, "tune.csv");
  double cost = test_csv_num(tune, 1, "ptc_default"), time = test_csv_num(tune, 1, "simulated_default");
  int ptc = row_of(t, "tuned", "ptc");
  assert_close(test_csv_num(t, ptc, "accuracy"), 100 - 100 * fabs(cost - time) / time, 1e-2);
  assert_int_equal((int)test_csv_num(t, ptc, "targets"), 1);
  test_csv_free(tune);
  /* "thin": khan cannot fit two runs and says so; ptc was not asked; aria predicts */
  int khan = row_of(t, "thin", "khan");
  assert_string_equal(test_csv_cell(t, khan, "accuracy"), "");
  assert_string_equal(test_csv_cell(t, khan, "note"), "khan: expected 3 or more history runs; got 2");
  assert_non_null(strstr(test_csv_cell(t, row_of(t, "thin", "ptc"), "note"), "not tuned"));
  assert_true(test_csv_num(t, row_of(t, "thin", "aria"), "accuracy") > 0);
  assert_non_null(strstr(test_read_file(out, "leaderboard.md"), "| khan: expected 3 or more history runs, got 2 |"));
  /* the final row: the mean over the configurations predicted, the worst error, the paper's figure */
  double a = test_csv_num(t, row_of(t, "tuned", "aria"), "accuracy"),
         b = test_csv_num(t, row_of(t, "thin", "aria"), "accuracy");
  int all = row_of(t, "all", "aria");
  assert_close(test_csv_num(t, all, "accuracy"), (a + b) / 2, 2e-3);
  assert_close(test_csv_num(t, all, "worst_error"),
               fmax(test_csv_num(t, row_of(t, "tuned", "aria"), "worst_error"),
                    test_csv_num(t, row_of(t, "thin", "aria"), "worst_error")),
               1e-3);
  all = row_of(t, "all", "khan");
  assert_int_equal((int)test_csv_num(t, all, "targets"), 1);
  assert_close(test_csv_num(t, all, "accuracy"), test_csv_num(t, row_of(t, "tuned", "khan"), "accuracy"), 1e-3);
  assert_string_equal(test_csv_cell(t, all, "paper"), "94.97-95.51");
  test_csv_free(t);
}

/* The board of one configuration of 5 seeds whose models' accuracies,
 * seed by seed, are these (one target: its error is 100 - the accuracy):
 * a, the best; b, within two tenths of a point of a, seed by seed; c, far
 * behind; d, a point behind a on every seed, though their intervals
 * overlap; ptc not tuned. */
static void ties_are_told_by_paired_differences(void **state)
{
  (void)state;
  static const double acc[PREDICT_N_MODELS][5] = {
      {90, 91, 92, 93, 94}, {89.9, 91.1, 91.8, 93.2, 93.9}, {80, 81, 82, 83, 84}, {89, 90, 91, 92, 93}};
  experiment ex = {.name = "c", .seeds = 5};
  error_acc(*errors)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES] = calloc(1, sizeof *errors);
  error_acc ptc, ceiling;
  for (int m = 0; m < PREDICT_N_MODELS; m++) {
    for (int q = 0; q < PREDICT_N_QUANTITIES; q++)
      assess_acc_init(&errors[0][m][q], 5);
    double ape[5];
    for (int k = 0; k < 5; k++)
      ape[k] = 100 - acc[m][k];
    assess_acc_add(&errors[0][m][0], ape);
  }
  assess_acc_init(&ptc, 5);
  assess_acc_init(&ceiling, 5);
  assess_acc_add(&ceiling, (const double[]){1, 1, 1, 1, 1});
  char path[4096];
  snprintf(path, sizeof path, "%s/board.csv", test_tmpdir());
  FILE *csv = fopen(path, "w"), *md = tmpfile();
  leaderboard_write(&ex, 1, errors, &ptc, &ceiling, csv, md);
  fclose(csv);
  static char text[65536];
  rewind(md);
  text[fread(text, 1, sizeof text - 1, md)] = '\0';
  fclose(md);
  /* khan, aria, boe, mrlab: a, b, c, d; t(0.975, 4) = 2.7764451051977987 */
  assert_non_null(strstr(text, "| c | 5 | 99.00 ± 0.00 | **92.00 ± 1.96** | 10.00 | **91.98 ± 1.99** | 10.10 | "
                               "82.00 ± 1.96 | 20.00 | 91.00 ± 1.96 | 11.00 | not tuned (no default-plan cost) ||"));
  test_csv *t = test_csv_read(path);
  const char *against[] = {"best", "no difference at 5 seeds", "behind", "behind"};
  for (int m = 0; m < PREDICT_N_MODELS; m++)
    assert_string_equal(test_csv_cell(t, row_of(t, "c", predict_model_name((predict_model)m)), "against_best"),
                        against[m]);
  int b = row_of(t, "c", "aria"), d = row_of(t, "c", "mrlab");
  double diff[] = {0.1, -0.1, 0.2, -0.2, 0.1}, sd = 0; /* a - b */
  for (int k = 0; k < 5; k++)
    sd += (diff[k] - 0.02) * (diff[k] - 0.02) / 4;
  assert_close(test_csv_num(t, b, "behind_best"), 0.02, 1e-3);
  assert_close(test_csv_num(t, b, "behind_best_ci95_half"), 2.7764451051977987 * sqrt(sd / 5), 1e-3);
  assert_close(test_csv_num(t, d, "behind_best"), 1, 1e-3);
  assert_close(test_csv_num(t, d, "behind_best_ci95_half"), 0, 1e-3);
  assert_string_equal(test_csv_cell(t, row_of(t, "c", "ptc"), "against_best"), "");
  test_csv_free(t);
  for (int m = 0; m < PREDICT_N_MODELS; m++)
    for (int q = 0; q < PREDICT_N_QUANTITIES; q++)
      assess_acc_free(&errors[0][m][q]);
  free(errors);
  assess_acc_free(&ptc);
  assess_acc_free(&ceiling);
}

/* The same validation on a pseudo-terminal: the progress line counts every
 * run up to 10 of 10, then is erased. */
static void a_terminal_sees_runs_done_of_runs_total(void **state)
{
  (void)state;
  const char *file = write_experiments();
  char out[4096];
  snprintf(out, sizeof out, "%s/out", test_tmpdir());
  const char *args[] = {"validate", file, "-o", out, "-j", "2", NULL};
  static char seen[65536];
  assert_int_equal(test_run_on_tty(args, "xterm", NULL, seen, sizeof seen), 0);
  assert_non_null(strstr(seen, "\r\033[Kmrlab: 1 of 10 runs done, "));
  assert_non_null(strstr(seen, "\r\033[Kmrlab: 10 of 10 runs done, "));
  assert_null(strstr(seen, "11 of 10"));
  size_t len = strlen(seen);
  assert_true(len >= 4 && strcmp(seen + len - 4, "\r\033[K") == 0); /* the line erased at the end */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_model_has_a_figure_or_a_reason),
      cmocka_unit_test(ties_are_told_by_paired_differences),
      cmocka_unit_test(a_terminal_sees_runs_done_of_runs_total),
  };
  TEST_MAIN(tests);
}
