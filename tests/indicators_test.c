/* indicators_test.c - the progress indicators sampled inside a run
 * (sim/indicators.c, progress.csv): sampling changes nothing else, samples
 * lie in the reduce phase at the period asked, an unskewed job is estimated
 * closely by every indicator that reads the reduce phase, NearestFit beats
 * the ratios on a super-linear join and agrees with TaskRatio where every
 * group has one size, and a small sketch loses keys. */
#include "progress.h"
#include "test.h"

#include <math.h>
#include <string.h>

/* A reduce-side join of INPUT on toy4 (8 reduce slots: one wave), R and S Zipf(S_R) and Zipf(S_S). */
static const char *join(const char *input, double s_r, double s_s)
{
  static char text[1024];
  snprintf(text, sizeof text,
           "jobs = ( { name = \"join\"; generator = \"join\"; input = \"%s\"; reducers = 8; keys = 20000;"
           " s_r = %.1f; s_s = %.1f; seed = 1;"
           " set = [\"mapreduce.reduce.speculative=false\"]; } );\n",
           input, s_r, s_s);
  return text;
}

static const char *toy4(void)
{
  return test_source_path("platforms/toy4.cfg");
}

/* Each indicator's mean error over the samples of progress.csv in OUT. */
static void errors(const char *out, double mean[5])
{
  static const char *const names[5] = {"hadoop", "hadoop-reduce", "jobratio", "taskratio", "nearestfit"};
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *p = test_csv_in(out, "progress.csv");
  double start = test_csv_num(jobs, 1, "reduce_start"), end = test_csv_num(jobs, 1, "reduce_end");
  double t[4096], v[4096];
  for (int i = 0; i < 5; i++) {
    size_t n = 0;
    for (int row = 1; row < p->n_rows && n < 4096; row++)
      if (strcmp(test_csv_cell(p, row, "indicator"), names[i]) == 0)
        t[n] = test_csv_num(p, row, "time"), v[n++] = test_csv_num(p, row, "progress");
    double max;
    assert_true(n > 10);
    assert_int_equal(progress_error(t, v, n, start, end, &mean[i], &max), 0);
  }
  test_csv_free(jobs);
  test_csv_free(p);
}

static void sampling_changes_nothing_else(void **state)
{
  (void)state;
  char with[4096];
  snprintf(with, sizeof with, "%s", test_simulate(toy4(), join("2GB", 1.0, 0.0), NULL));
  const char *without =
      test_simulate(toy4(), join("2GB", 1.0, 0.0), (const char *const[]){"--set", "mrlab.progress.period=0s", NULL});
  char tasks[1 << 16];
  snprintf(tasks, sizeof tasks, "%s", test_read_file(with, "tasks.csv"));
  assert_string_equal(test_read_file(without, "tasks.csv"), tasks);
  assert_string_equal(test_read_file(without, "progress.csv"),
                      "job,time,indicator,progress,end,true_progress,true_end\n");
  test_csv *p = test_csv_in(with, "progress.csv");
  assert_true(p->n_rows > 50);
  test_csv_free(p);
}

/* Every sample lies in [reduce_start, reduce_end), each period, all five indicators at each time. */
static void samples_lie_in_the_reduce_phase(void **state)
{
  (void)state;
  const char *out =
      test_simulate(toy4(), join("2GB", 1.0, 0.0), (const char *const[]){"--set", "mrlab.progress.period=0.05s", NULL});
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *p = test_csv_in(out, "progress.csv");
  double start = test_csv_num(jobs, 1, "reduce_start"), end = test_csv_num(jobs, 1, "reduce_end");
  assert_true(start > 0 && end > start);
  assert_true(end <= test_csv_num(jobs, 1, "end"));
  assert_int_equal((p->n_rows - 1) % 5, 0);
  double last = 0;
  for (int row = 1; row < p->n_rows; row++) {
    double t = test_csv_num(p, row, "time");
    assert_true(t >= start && t < end);
    assert_close(fmod(t + 1e-6, 0.05), 0, 1e-5); /* the sampler wakes every 0.05 s from 0 */
    assert_true(row % 5 != 1 || t > last);
    if (row % 5 == 1)
      last = t;
    else
      assert_close(t, last, 0);
    assert_close(test_csv_num(p, row, "true_progress"), 100 * (t - start) / (end - start), 1e-6);
    assert_close(test_csv_num(p, row, "true_end"), end, 1e-6);
    double progress = test_csv_num(p, row, "progress");
    assert_true(progress >= 0 && progress <= 100);
  }
  test_csv_free(jobs);
  test_csv_free(p);
}

/* Uniform keys, one wave: every indicator reading the reduce phase is close.
 * Hadoop's own score is not: the copy and sort thirds count done.  Without
 * explicit groups every group runs in batches, which NearestFit knows only
 * through the sizes the bursts report. */
static void without_skew_the_reduce_phase_is_estimated_closely(void **state)
{
  (void)state;
  double e[5];
  errors(
      test_simulate(toy4(), join("2GB", 0.0, 0.0), (const char *const[]){"--set", "mrlab.progress.period=0.25s", NULL}),
      e);
  for (int i = 1; i < 5; i++)
    assert_true(e[i] < 5);
  assert_true(e[0] > 20);
  errors(test_simulate(toy4(), join("2GB", 0.0, 0.0),
                       (const char *const[]){"--set", "mrlab.progress.period=0.25s", "--set",
                                             "mrlab.reduce.explicit.groups=0", NULL}),
         e);
  assert_true(e[4] < 5);
}

/* A sort described by its sizes on a heterogeneous cluster (the README's
 * demo): every key group of a partition has one size, 625 KB, so the mean
 * time of a task's reduce calls (eq. 6 over all of them) is its time per
 * byte times that size, and NearestFit's estimate must be TaskRatio's at
 * every sample.  Most calls run in batches, timed as bursts; a batch's
 * point stands for its calls, else the few explicit groups, which wait in
 * the pipeline behind the batch before them, would weigh as much as the
 * rest. */
static void groups_of_one_size_are_costed_as_by_taskratio(void **state)
{
  (void)state;
  const char *out = test_simulate(test_source_path("platforms/hetero16.cfg"),
                                  "jobs = ( { name = \"sort\"; input = \"10GB\"; map_cost = 20.0; map_selectivity = 1.0;"
                                  " reduce_cost = 20.0; reduce_selectivity = 1.0; reducers = 16; skew = 0.2; } );\n",
                                  NULL);
  test_csv *p = test_csv_in(out, "progress.csv");
  int samples = 0;
  for (int row = 1; row < p->n_rows; row++)
    if (strcmp(test_csv_cell(p, row, "indicator"), "taskratio") == 0) {
      assert_string_equal(test_csv_cell(p, row + 1, "indicator"), "nearestfit");
      double taskratio = test_csv_num(p, row, "progress"), nearestfit = test_csv_num(p, row + 1, "progress");
      if (!(fabs(nearestfit - taskratio) < 0.5))
        fail_msg("at %s s: NearestFit %g%%, TaskRatio %g%%", test_csv_cell(p, row, "time"), nearestfit, taskratio);
      samples++;
    }
  assert_true(samples > 20);
  test_csv_free(p);
}

/* Both sides Zipf: a group's cost grows as n_R n_S, and the ratios, linear
 * in bytes, are far off; NearestFit's fit sees the square. */
static void nearestfit_beats_the_ratios_on_a_super_linear_join(void **state)
{
  (void)state;
  double e[5];
  errors(
      test_simulate(toy4(), join("500MB", 1.5, 1.5), (const char *const[]){"--set", "mrlab.progress.period=20s", NULL}),
      e);
  assert_true(e[4] < 10);
  assert_true(e[2] > 3 * e[4] && e[3] > 3 * e[4]);
}

/* A reduce call ends when the reduce function has done its work, not when
 * its output is through the replica pipeline: the reduce phase ends before
 * the last reducer's write of a job whose output is as large as its input. */
static void calls_end_with_the_reduce_function(void **state)
{
  (void)state;
  const char *out =
      test_simulate(toy4(),
                    "jobs = ( { name = \"copy\"; input = \"1GB\"; map_cost = 1.0; map_selectivity = 1.0; reduce_cost = "
                    "1.0; reduce_selectivity = 1.0; reducers = 4; } );\n",
                    NULL);
  test_csv *jobs = test_csv_in(out, "jobs.csv"), *tasks = test_csv_in(out, "tasks.csv");
  double reduced = 0, written = 0;
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "kind"), "reduce") == 0 &&
        strcmp(test_csv_cell(tasks, row, "status"), "SUCCEEDED") == 0) {
      reduced = fmax(reduced, test_csv_num(tasks, row, "reduce_end"));
      written = fmax(written, test_csv_num(tasks, row, "write_end"));
    }
  double end = test_csv_num(jobs, 1, "reduce_end");
  assert_true(end <= reduced + 1e-9);
  assert_true(end < written - 0.1);
  test_csv_free(jobs);
  test_csv_free(tasks);
}

/* The reduce function's time of reducer r000001, whose one key group holds
 * its whole input (680 MB), with the pipeline's chunk CHUNK. */
static double one_group_call(const char *chunk)
{
  const char *out = test_simulate(
      toy4(),
      "jobs = ( { name = \"one\"; generator = \"join\"; input = \"2GB\"; reducers = 4; keys = 4; s_r = 0.0; "
      "s_s = 0.0; pair_cost = 0.0; seed = 1; set = [\"mapreduce.reduce.speculative=false\"]; } );\n",
      (const char *const[]){"--set", chunk, NULL});
  test_csv *tasks = test_csv_in(out, "tasks.csv");
  double t = -1;
  for (int row = 1; row < tasks->n_rows; row++)
    if (strcmp(test_csv_cell(tasks, row, "task"), "r000001") == 0)
      t = test_csv_num(tasks, row, "reduce_end") - test_csv_num(tasks, row, "sort_end");
  test_csv_free(tasks);
  return t;
}

/* A group larger than a chunk streams into its call as the merge reads it:
 * reading overlaps the reduce function, instead of preceding it as it does
 * when the chunk holds the whole group. */
static void a_large_group_streams_into_its_call(void **state)
{
  (void)state;
  double streamed = one_group_call("mrlab.pipeline.chunk=16MiB"), whole = one_group_call("mrlab.pipeline.chunk=1GiB");
  assert_true(streamed > 0 && streamed < 0.85 * whole);
}

/* A reducer meets its keys in sorted key order, which has nothing to do
 * with their sizes: its explicit groups do not end heaviest first. */
static void groups_come_in_key_order(void **state)
{
  (void)state;
  const char *out = test_simulate(toy4(), join("2GB", 1.0, 0.0), NULL);
  test_csv *g = test_csv_in(out, "groups.csv");
  int rises = 0, rows = 0;
  for (int row = 2; row < g->n_rows; row++)
    if (strcmp(test_csv_cell(g, row, "task"), "r000000") == 0 &&
        strcmp(test_csv_cell(g, row - 1, "task"), "r000000") == 0) {
      rows++;
      /* rows go by group, heaviest first: a lighter group that ended earlier came first */
      rises += test_csv_num(g, row, "end") < test_csv_num(g, row - 1, "end");
    }
  assert_int_equal(rows, 15);
  assert_true(rises >= 3);
  test_csv_free(g);
}

/* 8 partitions of 16 explicit groups: 4 counters cannot hold them all. */
static void a_small_sketch_loses_keys(void **state)
{
  (void)state;
  test_csv *exact = test_csv_in(test_simulate(toy4(), join("2GB", 1.0, 0.0), NULL), "jobs.csv");
  assert_close(test_csv_num(exact, 1, "sketch_keys"), 8 * 16, 0);
  assert_close(test_csv_num(exact, 1, "sketch_missed"), 0, 0);
  assert_close(test_csv_num(exact, 1, "sketch_error"), 0, 1e-9);
  test_csv_free(exact);
  test_csv *small = test_csv_in(
      test_simulate(toy4(), join("2GB", 1.0, 0.0), (const char *const[]){"--set", "mrlab.progress.sketch=4", NULL}),
      "jobs.csv");
  assert_true(test_csv_num(small, 1, "sketch_missed") >= 8 * 16 - 4);
  assert_true(test_csv_num(small, 1, "sketch_error") > 0.5);
  test_csv_free(small);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(sampling_changes_nothing_else),
      cmocka_unit_test(samples_lie_in_the_reduce_phase),
      cmocka_unit_test(without_skew_the_reduce_phase_is_estimated_closely),
      cmocka_unit_test(nearestfit_beats_the_ratios_on_a_super_linear_join),
      cmocka_unit_test(groups_of_one_size_are_costed_as_by_taskratio),
      cmocka_unit_test(calls_end_with_the_reduce_function),
      cmocka_unit_test(a_large_group_streams_into_its_call),
      cmocka_unit_test(groups_come_in_key_order),
      cmocka_unit_test(a_small_sketch_loses_keys),
  };
  TEST_MAIN(tests);
}
