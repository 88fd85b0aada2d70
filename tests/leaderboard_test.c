/* leaderboard_test.c - the accuracy leaderboard of `mrlab validate`: one
 * row a configuration and model, its figures the same as accuracy.csv's
 * and tune.csv's, a model that cannot predict saying why, the mean over
 * configurations, mrlab's own model marked unpublished, and with one seed
 * (asked for: 5 is the default) no interval, said so, and no verdict
 * (seeds_test.c checks the intervals of several); and the progress line,
 * on a terminal only. */
#include "predict.h"
#include "test.h"

#include <fcntl.h>
#include <pty.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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
    assert_true(strcmp(against, "") == 0 || strcmp(against, "best") == 0 ||
                strcmp(against, "one seed: no interval") == 0 || strstr(against, "not comparable"));
  }
  assert_non_null(strstr(md, "| configuration | seeds | seed ceiling % | khan accuracy % |"));
  assert_non_null(strstr(md, "| tuned | 1 | 100.00 (one seed) | "));
  char cell[64];
  snprintf(cell, sizeof cell, "| %.2f (one seed) | %.2f |", test_csv_num(t, row_of(t, "tuned", "aria"), "accuracy"),
           test_csv_num(t, row_of(t, "tuned", "aria"), "worst_error"));
  assert_non_null(strstr(md, cell));
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

/* The same validation on a pseudo-terminal: the progress line counts every
 * run up to 10 of 10, then is erased. */
static void a_terminal_sees_runs_done_of_runs_total(void **state)
{
  (void)state;
  const char *file = write_experiments();
  char out[4096];
  snprintf(out, sizeof out, "%s/out", test_tmpdir());
  int master;
  pid_t pid = forkpty(&master, NULL, NULL, NULL);
  assert_true(pid >= 0);
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY); /* stdout off the terminal: the tables are not the point */
    dup2(null, STDOUT_FILENO);
    execl(MRLAB_BIN, MRLAB_BIN, "validate", file, "-o", out, "-j", "2", (char *)NULL);
    _exit(127);
  }
  static char seen[65536];
  size_t n = 0;
  ssize_t got;
  while (n < sizeof seen - 1 && (got = read(master, seen + n, sizeof seen - 1 - n)) > 0) /* EIO at the child's end */
    n += (size_t)got;
  seen[n] = '\0';
  close(master);
  int ws;
  assert_int_equal(waitpid(pid, &ws, 0), pid);
  assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
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
      cmocka_unit_test(a_terminal_sees_runs_done_of_runs_total),
  };
  TEST_MAIN(tests);
}
