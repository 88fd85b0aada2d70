/* predict_test.c - profiles read from runs, and the models' predictions
 * from a history: exact where the history follows the model's own law, and
 * `mrlab predict` and `mrlab provision` as a user calls them. */
#include "predict.h"
#include "test.h"

#include <string.h>

/* A run of TeraSort on toy4 (16 map and 8 reduce slots) with INPUT and REDUCES. */
static const char *terasort_run(const char *input, int reduces)
{
  char w[256];
  snprintf(w, sizeof w, "jobs = ( { name = \"ts\"; generator = \"terasort\"; input = \"%s\"; reducers = %d; } );\n",
           input, reduces);
  return test_simulate(test_source_path("platforms/toy4.cfg"), w, NULL);
}

static void a_profile_holds_every_task_of_the_run(void **state)
{
  (void)state;
  const char *dir = terasort_run("3GB", 12); /* 23 maps on 16 slots, 12 reduces on 8 */
  job_profile p;
  char err[4096];
  assert_int_equal(profile_read(dir, NULL, &p, err, sizeof err), 0);
  test_csv *jobs = test_csv_in(dir, "jobs.csv");
  assert_string_equal(p.job, "ts");
  assert_int_equal(p.n_maps, (int)test_csv_num(jobs, 1, "maps"));
  assert_int_equal(p.n_maps, 23);
  assert_int_equal(p.map_slots, 16);
  assert_int_equal(p.reduce_slots, 8);
  assert_close(p.time, test_csv_num(jobs, 1, "end") - test_csv_num(jobs, 1, "start"), 1e-9);
  test_csv_free(jobs);
  assert_int_equal(p.map.n, 23);
  assert_int_equal(p.maps_w1, 16); /* the first wave fills the slots */
  assert_int_equal(p.reduce.n, 12);
  assert_int_equal(p.shuffles_w1 + p.shuffles_w2, 12);
  assert_true(p.shuffles_w1 >= 1 && p.shuffles_w1 <= 8);
  assert_int_equal(p.sh1.n, p.shuffles_w1);
  assert_true(p.map.max >= p.map.avg && p.map.avg > 0);
  assert_true(p.sh1.avg > p.sh1_tail.avg && p.sh1_tail.avg >= 0);
  assert_true(p.reduce.max >= p.reduce.avg && p.reduce.avg > 0);
  assert_close(p.shuffle_bytes, p.map_output_bytes, 0);

  assert_int_equal(profile_read(dir, "nope", &p, err, sizeof err), -1);
  assert_non_null(strstr(err, "jobs.csv: no job named \"nope\""));
  assert_int_equal(profile_read("/nonexistent", NULL, &p, err, sizeof err), -1);
  assert_non_null(strstr(err, "/nonexistent/jobs.csv"));
}

/* A history of N runs whose shuffle and reduce statistics are linear in
 * (map output, reducers) with no intercept: LWLR's own law. */
static void linear_history(job_profile *h, int n)
{
  for (int i = 0; i < n; i++) {
    double d = (1 + i % 4) * 1e9, r = 4 + 4 * (i / 4);
    h[i] = (job_profile){.n_maps = 8 * (1 + i % 4),
                         .n_reduces = (int)r,
                         .map_slots = 16,
                         .reduce_slots = 8,
                         .input_bytes = d,
                         .map_output_bytes = d};
    h[i].map = (profile_stat){8, 10, 12};
    h[i].sh1 = (profile_stat){8, 2e-9 * d + 0.5 * r, 3e-9 * d + 0.5 * r};
    h[i].sh2 = (profile_stat){8, 1e-9 * d + 0.25 * r, 2e-9 * d + 0.25 * r};
    h[i].reduce = (profile_stat){8, 4e-9 * d - 0.1 * r, 5e-9 * d - 0.1 * r};
  }
}

static void khan_predicts_exactly_what_follows_its_law(void **state)
{
  (void)state;
  job_profile h[12], target = {.n_maps = 20, .n_reduces = 10, .map_slots = 16, .reduce_slots = 8, .input_bytes = 2.5e9};
  linear_history(h, 12);
  prediction r;
  char err[512];
  assert_int_equal(predict_job(PREDICT_KHAN, h, 12, &target, &r, err, sizeof err), 0);
  double d = 2.5e9;
  assert_close(r.map_avg, 10, 1e-9);
  assert_close(r.sh1_avg, 2e-9 * d + 5, 1e-9);
  assert_close(r.sh2_avg, 1e-9 * d + 2.5, 1e-9);
  assert_close(r.reduce_avg, 4e-9 * d - 1, 1e-9);
  hp_profile p = {.n_maps = 20,
                  .n_reduces = 10,
                  .map_slots = 16,
                  .reduce_slots = 8,
                  .map_avg = 10,
                  .map_max = 12,
                  .sh1_avg = 2e-9 * d + 5,
                  .sh1_max = 3e-9 * d + 5,
                  .sh2_avg = 1e-9 * d + 2.5,
                  .sh2_max = 2e-9 * d + 2.5,
                  .reduce_avg = 4e-9 * d - 1,
                  .reduce_max = 5e-9 * d - 1};
  hp_profile_set_waves(&p);
  hp_bounds b;
  hp_bounds_compute(&p, &b);
  assert_close(r.low, b.job_low, 1e-9);
  assert_close(r.up, b.job_up, 1e-9);
  assert_close(r.estimate, b.job_avg, 1e-9);
  /* the slots for the deadline of the predicted lower bound: the
   * provisioned lower bound meets it exactly */
  double m, n, a, bb, c;
  assert_int_equal(predict_provision(h, 12, &target, 60, &m, &n, err, sizeof err), 0);
  hp_provision_terms(&p, &a, &bb, &c);
  assert_close(a / m + bb / (m + n) + c / n, 60, 1e-9);
  assert_int_equal(predict_job(PREDICT_KHAN, h, 2, &target, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected 3 or more history runs"));
}

static void aria_scales_the_nearest_run_by_data_per_reducer(void **state)
{
  (void)state;
  job_profile h[12], target = {.n_maps = 16, .n_reduces = 8, .map_slots = 16, .reduce_slots = 8, .input_bytes = 4e9};
  linear_history(h, 12);
  /* the nearest run: 4 GB over 8 reducers (i = 7), with 8/7 of its data a reducer */
  target.n_reduces = 7;
  prediction r;
  char err[512];
  assert_int_equal(predict_job(PREDICT_ARIA, h, 12, &target, &r, err, sizeof err), 0);
  const job_profile *near = &h[7];
  double k = (4e9 / 7) / (near->map_output_bytes / near->n_reduces);
  assert_close(k, 8 / 7.0, 1e-12);
  assert_close(r.reduce_avg, near->reduce.avg * k, 1e-9);
  assert_close(r.map_avg, near->map.avg, 0);
  assert_close(r.low, 16 * 10 / 16.0 + 0 + 7 * near->reduce.avg * k / 8, 1e-9);
}

static void predict_and_provision_run_from_the_command_line(void **state)
{
  (void)state;
  char history[3][4096];
  const char *sizes[3] = {"1GB", "2GB", "3GB"};
  for (int i = 0; i < 3; i++)
    snprintf(history[i], sizeof history[i], "%s", terasort_run(sizes[i], (int[]){4, 12, 8}[i]));
  char target[4096];
  snprintf(target, sizeof target, "%s", terasort_run("2500MB", 6));
  const char *dir = test_tmpdir();
  test_run r;
  test_run_mrlab(&r, dir, (const char *[]){"predict", target, history[0], history[1], history[2], NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "model,quantity,predicted,actual\n"));
  assert_non_null(strstr(r.out, "\nkhan,job_time,"));
  assert_non_null(strstr(r.out, "\naria,job_time,"));
  test_run_mrlab(&r, dir,
                 (const char *[]){"provision", "--deadline", "60s", target, history[0], history[1], history[2], NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "map_slots,reduce_slots,map_slots_exact,reduce_slots_exact\n"));
  /* bad input: one line, status 2 */
  test_run_mrlab(&r, dir, (const char *[]){"predict", "--model", "hp", target, history[0], NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--model: expected khan or aria, got hp"));
  test_run_mrlab(&r, dir, (const char *[]){"predict", target, "/nonexistent", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab: /nonexistent/jobs.csv: No such file or directory\n"));
  test_run_mrlab(&r, dir, (const char *[]){"provision", "--deadline", "-5s", target, history[0], NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--deadline: expected a positive time"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_profile_holds_every_task_of_the_run),
      cmocka_unit_test(khan_predicts_exactly_what_follows_its_law),
      cmocka_unit_test(aria_scales_the_nearest_run_by_data_per_reducer),
      cmocka_unit_test(predict_and_provision_run_from_the_command_line),
  };
  TEST_MAIN(tests);
}
