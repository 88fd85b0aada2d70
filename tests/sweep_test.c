/* sweep_test.c - parallelism sweeps in `mrlab validate`: a variant's
 * `slots` sets every node's map and reduce slots (what jobs.csv reports),
 * the task-time quantities are the medians of tasks.csv, BOE's accuracy is
 * scored against them seed by seed (fitted on each seed's history runs),
 * each anchor the mean over the seeds with its 95% interval, and a bad
 * `slots` gets one line, exit 2. */
#include "test.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

static const char sweep[] =
    "comparisons = (\n"
    "  { name = \"sweep\"; platform = \"%s\"; seeds = 3;\n"
    "    job = { generator = \"terasort\"; input = \"1GB\"; reducers = 8; seed = 1; };\n"
    "    variants = (\n"
    "      { name = \"d1\"; slots = { map = 1; reduce = 1; }; },\n"
    "      { name = \"d3\"; slots = { map = 3; }; },\n"
    "      { name = \"r3\"; slots = { reduce = 3; }; }\n"
    "    );\n"
    "    anchors = (\n"
    "      { claim = \"map\"; source = \"t\"; kind = \"time\"; quantity = \"map_task\"; variant = \"d1\"; },\n"
    "      { claim = \"shuffle\"; source = \"t\"; kind = \"time\"; quantity = \"shuffle_task\"; variant = \"d1\"; },\n"
    "      { claim = \"reduce\"; source = \"t\"; kind = \"time\"; quantity = \"reduce_task\"; variant = \"r3\"; },\n"
    "      { claim = \"map 3 to 1\"; source = \"t\"; kind = \"ratio\"; quantity = \"map_task\"; variant = \"d3\"; "
    "baseline = \"d1\"; published = 3; },\n"
    "      { claim = \"boe\"; source = \"t\"; kind = \"boe\"; quantity = \"map_task\"; history = [\"d1\", \"d3\"]; "
    "variants = [\"d1\", \"d3\"]; published = 95; }\n"
    "    );\n"
    "  }\n"
    ");\n";

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

enum { SEEDS = 3 };
/* Student's t(0.975, 2), from the tables */
static const double t975_2 = 4.302652729911275;

/* The median and mean of the successful KIND attempts' END - START in
 * variant V's tasks.csv of seed K (END "sort_end" and START "start" for a
 * shuffle). */
static void task_times(const char *out, const char *v, int k, const char *kind, const char *start, const char *end,
                       double *median, double *mean)
{
  char dir[8192];
  snprintf(dir, sizeof dir, "%s/runs/sweep/%s/seed-%d", out, v, k);
  test_csv *t = test_csv_in(dir, "tasks.csv");
  double *x = xcalloc((size_t)t->n_rows, sizeof *x), sum = 0;
  int n = 0;
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(test_csv_cell(t, r, "kind"), kind) == 0 && strcmp(test_csv_cell(t, r, "status"), "SUCCEEDED") == 0)
      sum += x[n++] = test_csv_num(t, r, end) - test_csv_num(t, r, start);
  assert_true(n > 0);
  qsort(x, (size_t)n, sizeof *x, by_value);
  *median = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
  *mean = sum / n;
  free(x);
  test_csv_free(t);
}

static void slots_sweep_the_parallelism(void **state)
{
  (void)state;
  const char *dir = test_tmpdir();
  char text[8192], out[4096];
  snprintf(text, sizeof text, sweep, test_source_path("platforms/toy4.cfg"));
  const char *file = test_write_file(dir, "s.cfg", text);
  snprintf(out, sizeof out, "%s/out", dir);
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"validate", file, "-o", out, NULL});
  if (r.status != 0)
    fail_msg("validate failed with status %d: %s", r.status, r.err);
  /* toy4: 4 workers of 4 map and 2 reduce slots; a variant's slots replace them on every node */
  const struct {
    const char *v;
    int map, reduce;
  } slots[] = {{"d1", 4, 4}, {"d3", 12, 8}, {"r3", 16, 12}};
  for (size_t i = 0; i < sizeof slots / sizeof *slots; i++) {
    char run[8192];
    snprintf(run, sizeof run, "%s/runs/sweep/%s/seed-1", out, slots[i].v);
    test_csv *jobs = test_csv_in(run, "jobs.csv");
    assert_close(test_csv_num(jobs, 1, "map_slots"), slots[i].map, 0);
    assert_close(test_csv_num(jobs, 1, "reduce_slots"), slots[i].reduce, 0);
    test_csv_free(jobs);
  }
  /* each anchor's figure seed by seed */
  double want[5][SEEDS];
  for (int k = 0; k < SEEDS; k++) {
    double map1, mean1, sh1, red3, map3, mean3, ignored;
    task_times(out, "d1", k + 1, "map", "start", "end", &map1, &mean1);
    task_times(out, "d1", k + 1, "reduce", "start", "sort_end", &sh1, &ignored);
    task_times(out, "r3", k + 1, "reduce", "sort_end", "end", &red3, &ignored);
    task_times(out, "d3", k + 1, "map", "start", "end", &map3, &mean3);
    /* BOE's line through two history points gives their mean map times back */
    want[0][k] = map1, want[1][k] = sh1, want[2][k] = red3, want[3][k] = map3 / map1;
    want[4][k] = 100 - 50 * (fabs(mean1 - map1) / map1 + fabs(mean3 - map3) / map3);
    /* three maps share a node's one disk */
    assert_true(map3 > 1.5 * map1);
  }
  test_csv *a = test_csv_in(out, "anchors.csv");
  assert_int_equal(a->n_rows, 6);
  for (int i = 0; i < 5; i++) {
    double mean = 0, ss = 0;
    for (int k = 0; k < SEEDS; k++)
      mean += want[i][k] / SEEDS;
    for (int k = 0; k < SEEDS; k++)
      ss += (want[i][k] - mean) * (want[i][k] - mean);
    double half = t975_2 * sqrt(ss / (SEEDS - 1)) / sqrt(SEEDS);
    assert_close(test_csv_num(a, i + 1, "simulated"), mean, 2e-3);
    assert_close(test_csv_num(a, i + 1, "ci95_low"), mean - half, 2e-3);
    assert_close(test_csv_num(a, i + 1, "ci95_high"), mean + half, 2e-3);
    if (i == 3)
      assert_close(test_csv_num(a, 4, "difference"), 100 * (mean - 3) / 3, 2e-3);
    if (i == 4)
      assert_close(test_csv_num(a, 5, "difference"), mean - 95, 2e-3);
  }
  test_csv_free(a);
}

static void bad_slots_are_refused(void **state)
{
  (void)state;
  static const struct {
    const char *from, *to, *says;
  } cases[] = {
      {"slots = { map = 3; }", "slots = { map = 0; }", "s.cfg:6: comparisons[0].variants[1].slots.map: expected"},
      {"slots = { map = 3; }", "slots = { map = -2; }", "s.cfg:6: comparisons[0].variants[1].slots.map: expected"},
      {"slots = { map = 3; }", "slots = { map = 2.5; }", "s.cfg:6: comparisons[0].variants[1].slots.map: expected"},
      {"slots = { map = 3; }", "slots = { maps = 3; }",
       "s.cfg:6: comparisons[0].variants[1].slots.maps: unknown setting; did you mean \"map\"?"},
      {"slots = { map = 3; }", "slots = 3",
       "s.cfg:6: comparisons[0].variants[1].slots: expected every node's slots such as { map = 4; reduce = 2; }"},
      {"slots = { map = 3; }", "slots = { }",
       "s.cfg:6: comparisons[0].variants[1].slots: expected every node's slots such as { map = 4; reduce = 2; }"},
      {"slots = { map = 3; }", "slots = { map = 300; }",
       "s.cfg:6: comparisons[0].variants[1].slots.map: at most 256 (mrlab's bound on a node's slots of one kind), got "
       "300"},
      {"quantity = \"map_task\"; history", "quantity = \"job\"; history",
       "s.cfg:14: comparisons[0].anchors[4].quantity: expected \"map_task\", \"shuffle_task\" or \"reduce_task\", got "
       "\"job\""},
      {"history = [\"d1\", \"d3\"]; ", "",
       "s.cfg:14: comparisons[0].anchors[4]: expected history = [\"variant\", ...]"},
      {"history = [\"d1\", \"d3\"]", "history = [\"d1\", \"d9\"]",
       "s.cfg:14: comparisons[0].anchors[4].history: expected names of variants of comparison sweep, got \"d9\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[8192];
    snprintf(text, sizeof text, sweep, test_source_path("platforms/toy4.cfg"));
    test_validate_refuses(text, "s.cfg", cases[i].from, cases[i].to, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(slots_sweep_the_parallelism),
      cmocka_unit_test(bad_slots_are_refused),
  };
  TEST_MAIN(tests);
}
