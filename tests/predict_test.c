/* predict_test.c - profiles read from runs, and the models' predictions
 * from a history: exact where the history follows the model's own law, and
 * `mrlab predict` and `mrlab provision` as a user calls them. */
#include "predict.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
  /* the heaviest partition: the most a reduce of tasks.csv shuffled */
  test_csv *tasks = test_csv_in(dir, "tasks.csv");
  double top = 0;
  for (int r = 1; r < tasks->n_rows; r++)
    if (strcmp(test_csv_cell(tasks, r, "kind"), "reduce") == 0)
      top = fmax(top, test_csv_num(tasks, r, "shuffle_bytes"));
  test_csv_free(tasks);
  assert_true(top > p.shuffle_bytes / 12);
  assert_close(p.reduce_in_max, top, 0);
  /* what PTC is fed: later-wave copying without the 1 s start-up, the four
   * workers' NICs, and the maps of a whole split before and during copying */
  assert_int_equal(p.copy.n, p.shuffles_w2);
  assert_true(p.copy.avg > 0 && p.copy.avg <= p.sh2.avg - 1);
  assert_int_equal(p.reduce_hosts, 4);
  assert_true(p.map_alone.n >= 1 && p.map_copying.n >= 1 && p.map_alone.n + p.map_copying.n <= p.map.n);
  /* what mrlab's model places: each task's successful attempt and its host */
  assert_int_equal(p.n_tasks, 23 + 12);
  assert_int_equal(p.n_hosts, 4);
  double split = 0;
  for (int k = 0; k < p.n_tasks; k++)
    split += p.tasks[k].map ? p.tasks[k].bytes : 0;
  assert_close(split, p.input_bytes, 0);
  profile_free(&p, 1);

  assert_int_equal(profile_read(dir, "nope", &p, err, sizeof err), -1);
  assert_non_null(strstr(err, "jobs.csv: no job named \"nope\""));
  assert_int_equal(profile_read("/nonexistent", NULL, &p, err, sizeof err), -1);
  assert_non_null(strstr(err, "/nonexistent/jobs.csv"));
  profile_free(&p, 1);
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
  int mw, nw;
  assert_int_equal(predict_provision(h, 12, &target, 60, &m, &n, &mw, &nw, err, sizeof err), 0);
  hp_provision_terms(&p, &a, &bb, &c);
  assert_close(a / m + bb / (m + n) + c / n, 60, 1e-9);
  assert_true(a / mw + bb / (mw + nw) + c / nw <= 60 && mw + nw >= m + n);
  assert_int_equal(predict_job(PREDICT_KHAN, h, 2, &target, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected 3 or more history runs"));
}

/* BOE fed from profiles: a history whose map, shuffle and reduce times
 * follow t = t_load + bytes a task times Δ over θ (the splits differ, so
 * t_load shows) is predicted exactly: ⌈N/Δ⌉ task times a phase. */
static void boe_predicts_exactly_what_follows_its_law(void **state)
{
  (void)state;
  job_profile h[6], target = {.n_maps = 20, .n_reduces = 10, .map_slots = 16, .reduce_slots = 8, .input_bytes = 2.5e9};
  for (int i = 0; i < 6; i++) {
    double d = (1 + i % 3) * 1e9;
    int maps = 8 * (1 + i % 3) + 4 * (i / 3), reduces = i < 3 ? 4 : 12;
    h[i] = (job_profile){.n_maps = maps,
                         .n_reduces = reduces,
                         .map_slots = 16,
                         .reduce_slots = 8,
                         .input_bytes = d,
                         .map_output_bytes = d};
    double x = d / reduces * (reduces < 8 ? reduces : 8);
    h[i].map = (profile_stat){maps, 2 + d / maps * (maps < 16 ? maps : 16) / 1e9, 0};
    if (reduces > 8)
      h[i].sh2 = (profile_stat){4, 1 + x / 5e8, 0};
    else
      h[i].sh1_tail = (profile_stat){reduces, 1 + x / 5e8, 0};
    h[i].reduce = (profile_stat){reduces, 0.5 + x / 2e9, 0};
  }
  prediction r;
  char err[512];
  assert_int_equal(predict_job(PREDICT_BOE, h, 6, &target, &r, err, sizeof err), 0);
  assert_close(r.map_avg, 4, 1e-9);
  assert_close(r.sh1_tail_avg, 5, 1e-9); /* BOE's shuffle follows the maps: the first wave's tail */
  assert_true(isnan(r.sh1_avg));
  assert_close(r.reduce_avg, 1.5, 1e-9);
  assert_close(r.estimate, 2 * 4 + 2 * (5 + 1.5), 1e-9);
  predict_model m;
  assert_int_equal(predict_model_find("boe", &m), 0);
  assert_int_equal(m, PREDICT_BOE);
}

/* mrlab's model on a history that follows its laws, on three hosts of two
 * map slots and one reduce slot: fast-1 and fast-2, and slow-1, whose maps
 * take twice as long.  Each run's six maps start together, two a host, and
 * take 1 + 0.01 s a byte of the two splits a fast host reads; the three
 * reduces start when the maps end and the job ends 1e-3 x partition^1.5 s
 * later, half a second after that for set-up. */
static void history_run(job_profile *p, profile_task *t, char **hosts, double split)
{
  double fast = 1 + 0.01 * 2 * split, slow = 2 * fast, post = 1e-3 * pow(2 * split, 1.5);
  *p = (job_profile){.n_maps = 6,
                     .n_reduces = 3,
                     .map_slots = 6,
                     .reduce_slots = 3,
                     .input_bytes = 6 * split,
                     .shuffle_bytes = 6 * split,
                     .reduce_in_max = 2 * split,
                     .map_phase_end = slow,
                     .end = slow + post,
                     .time = slow + post + 0.5,
                     .n_tasks = 9,
                     .n_hosts = 3,
                     .tasks = t,
                     .hosts = hosts};
  for (int k = 0; k < 6; k++)
    t[k] = (profile_task){k / 2, 1, 0, k < 4 ? fast : slow, split, 0, 0};
  for (int k = 0; k < 3; k++)
    t[6 + k] = (profile_task){k, 0, slow, slow + post, 2 * split, 0, 0};
}

/* The target's eight maps of 150 bytes: the first wave of six ends at 4 s
 * on the fast hosts and 8 s on the slow one; then fast-1, which reports
 * first, fills its two slots with the last two (4 s each, as in the first
 * wave; spread over both fast hosts they would take 2.5 s).  Three reduces
 * of 400 bytes follow, or four of 300 on three slots: 600 on the
 * busiest. */
static void mrlab_model_places_tasks_on_the_slot_mix(void **state)
{
  (void)state;
  char *hosts[] = {"fast-1", "fast-2", "slow-1"};
  profile_task t[2][9];
  job_profile h[2];
  history_run(&h[0], t[0], hosts, 100);
  history_run(&h[1], t[1], hosts, 200);
  job_profile target = {.n_maps = 8, .n_reduces = 3, .map_slots = 6, .reduce_slots = 3, .input_bytes = 1200};
  prediction r;
  char err[512];
  assert_int_equal(predict_job(PREDICT_MRLAB, h, 2, &target, &r, err, sizeof err), 0);
  assert_close(r.map_avg, (4 * 4 + 2 * 8 + 2 * 4) / 8.0, 1e-9);
  assert_close(r.estimate, 0.5 + 8 + 1e-3 * pow(400, 1.5), 1e-9);
  assert_true(isnan(r.sh1_avg) && isnan(r.reduce_avg));
  target.n_reduces = 4;
  assert_int_equal(predict_job(PREDICT_MRLAB, h, 2, &target, &r, err, sizeof err), 0);
  assert_close(r.estimate, 0.5 + 8 + 1e-3 * pow(600, 1.5), 1e-9);
  /* a history without task rows cannot be placed: the reason, not a guess */
  h[0].n_tasks = 0;
  assert_int_equal(predict_job(PREDICT_MRLAB, h, 2, &target, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "task rows"));
}

/* Two classes whose maps slow differently as they crowd a host: a-1 runs
 * twenty maps of 1 + 0.001 s a byte of their twenty splits, b-1 twenty of
 * 2 + 0.003 s; a reduce on a-1 then takes 1e-3 s a byte.  Each class has
 * enough maps for a law of its own, so a target of 250-byte splits gets
 * 6 s on a-1 and 17 s on b-1 (the cluster's law times a factor would give
 * 6.13 and 16.87). */
static void mrlab_model_fits_a_map_law_a_class(void **state)
{
  (void)state;
  char *hosts[] = {"a-1", "b-1"};
  profile_task t[2][41];
  job_profile h[2];
  for (int i = 0; i < 2; i++) {
    double split = 100 * (i + 1), a = 1 + 0.001 * 20 * split, b = 2 + 0.003 * 20 * split;
    h[i] = (job_profile){.n_maps = 40,
                         .n_reduces = 1,
                         .map_slots = 40,
                         .reduce_slots = 1,
                         .input_bytes = 40 * split,
                         .shuffle_bytes = 40 * split,
                         .reduce_in_max = 40 * split,
                         .map_phase_end = b,
                         .end = b + 1e-3 * 40 * split,
                         .time = b + 1e-3 * 40 * split,
                         .n_tasks = 41,
                         .n_hosts = 2,
                         .tasks = t[i],
                         .hosts = hosts};
    for (int k = 0; k < 40; k++)
      t[i][k] = (profile_task){k / 20, 1, 0, k < 20 ? a : b, split, 0, 0};
    t[i][40] = (profile_task){0, 0, b, h[i].end, 40 * split, 0, 0};
  }
  job_profile target = {.n_maps = 40, .n_reduces = 1, .map_slots = 40, .reduce_slots = 1, .input_bytes = 10000};
  prediction r;
  char err[512];
  assert_int_equal(predict_job(PREDICT_MRLAB, h, 2, &target, &r, err, sizeof err), 0);
  assert_close(r.map_avg, (6 + 17) / 2.0, 1e-9);
  assert_close(r.estimate, 17 + 1e-3 * 10000, 1e-9);
  /* 80 maps: a-1's slots free at 6 s and take the third twenty, then at
   * 12 s the last twenty, while b-1's stay busy until 17 s */
  target.n_maps = 80, target.input_bytes = 20000;
  assert_int_equal(predict_job(PREDICT_MRLAB, h, 2, &target, &r, err, sizeof err), 0);
  assert_close(r.estimate, 18 + 1e-3 * 20000, 1e-9);
}

/* Runs with no more reducers than slots have no second shuffle wave: their
 * later-wave statistics are absent (n = 0), not zero durations, and train
 * nothing.  The four runs with 12 reducers follow the law alone. */
static void khan_trains_later_waves_only_on_runs_that_have_them(void **state)
{
  (void)state;
  job_profile h[12], target = {.n_maps = 20, .n_reduces = 10, .map_slots = 16, .reduce_slots = 8, .input_bytes = 2.5e9};
  linear_history(h, 12);
  for (int i = 0; i < 12; i++)
    if (h[i].n_reduces <= h[i].reduce_slots)
      h[i].sh2 = (profile_stat){0, 0, 0};
  prediction r;
  char err[512];
  assert_int_equal(predict_job(PREDICT_KHAN, h, 12, &target, &r, err, sizeof err), 0);
  assert_close(r.sh2_avg, 1e-9 * 2.5e9 + 0.25 * 10, 1e-9);
  assert_close(r.sh1_avg, 2e-9 * 2.5e9 + 5, 1e-9); /* every run still trains the first wave */
  /* a target with one wave needs no later-wave statistic */
  target.n_reduces = 6;
  assert_int_equal(predict_job(PREDICT_KHAN, h, 8, &target, &r, err, sizeof err), 0);
  assert_close(r.sh2_avg, 0, 0);
  /* two runs with a second wave are too few to train it: an error, not 0 */
  target.n_reduces = 10;
  h[8].sh2 = h[9].sh2 = (profile_stat){0, 0, 0};
  assert_int_equal(predict_job(PREDICT_KHAN, h, 12, &target, &r, err, sizeof err), -1);
  assert_non_null(strstr(err, "expected 3 or more history runs with a second shuffle wave"));
  assert_non_null(strstr(err, "got 2 of 12"));
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
  /* 7 reduces run on 7 of the 8 slots, each whole; read literally, 7/8 of one */
  assert_close(r.low, 16 * 10 / 16.0 + 0 + near->reduce.avg * k, 1e-9);
  aria_profile a = {.n_maps = 16,
                    .n_reduces = 7,
                    .map_slots = 16,
                    .reduce_slots = 8,
                    .map_avg = 10,
                    .map_max = 12,
                    .reduce_avg = near->reduce.avg * k,
                    .reduce_max = near->reduce.max * k,
                    .literal_slots = 1};
  aria_bounds lit;
  assert_int_equal(aria_bounds_compute(&a, &lit), 0);
  assert_close(lit.reduce_low, 7 * near->reduce.avg * k / 8, 1e-9);
  assert_close(r.literal, lit.job_avg, 1e-9);
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
  assert_non_null(strstr(r.out, "\nkhan,job_time_literal,"));
  assert_non_null(strstr(r.out, "\naria,job_time_literal,"));
  test_run_mrlab(&r, dir,
                 (const char *[]){"provision", "--deadline", "60s", target, history[0], history[1], history[2], NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "map_slots,reduce_slots,map_slots_exact,reduce_slots_exact\n"));
  /* whole slots, no more than the optimum rounded up in each coordinate, no fewer than it in all */
  int mw, nw;
  double m, n;
  assert_int_equal(sscanf(strchr(r.out, '\n') + 1, "%d,%d,%lf,%lf", &mw, &nw, &m, &n), 4);
  assert_true(mw + nw <= ceil(m) + ceil(n) && mw + nw >= m + n);
  /* bad input: one line, status 2 */
  test_run_mrlab(&r, dir, (const char *[]){"predict", "--model", "hp", target, history[0], NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--model: expected khan, aria, boe or mrlab, got hp"));
  test_run_mrlab(&r, dir, (const char *[]){"predict", target, "/nonexistent", NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab: /nonexistent/jobs.csv: cannot open: No such file or directory\n"));
  test_run_mrlab(&r, dir, (const char *[]){"provision", "--deadline", "-5s", target, history[0], NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--deadline: expected a positive time"));
  /* a deadline no run could check: past mrlab's bound on a run; the bound itself is a deadline */
  test_run_mrlab(&r, dir, (const char *[]){"provision", "--deadline", "1e30s", target, history[0], NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.err, "mrlab: --deadline: expected a positive time such as \"90s\", at most 30 days (mrlab's "
                             "bound on a run), got 1e30s\n");
  test_run_mrlab(&r, dir,
                 (const char *[]){"provision", "--deadline", "30d", target, history[0], history[1], history[2], NULL});
  assert_int_equal(r.status, 0);
}

/* Every quantity `mrlab predict` prints for a target has one measured
 * value, whichever model predicted it: a name means one thing.  The
 * target has a second reduce wave (10 reducers on 8 slots), so that every
 * shuffle statistic is measured; ARIA and BOE both predict the first
 * wave's shuffle after the last map, Khan the whole of it. */
static void each_quantity_has_one_actual_whatever_the_model(void **state)
{
  (void)state;
  char history[5][4096], target[4096];
  const char *sizes[5] = {"1GB", "2GB", "3GB", "2GB", "1GB"};
  const int reduces[5] = {12, 10, 12, 16, 4}; /* four runs with a second wave: Khan's LWLR fits it */
  for (int i = 0; i < 5; i++)
    snprintf(history[i], sizeof history[i], "%s", terasort_run(sizes[i], reduces[i]));
  snprintf(target, sizeof target, "%s", terasort_run("2500MB", 10));
  test_run r;
  test_run_mrlab(&r, test_tmpdir(),
                 (const char *[]){"predict", target, history[0], history[1], history[2], history[3], history[4], NULL});
  assert_int_equal(r.status, 0);
  enum { MAX_ROWS = 64 };
  char quantity[MAX_ROWS][64], actual[MAX_ROWS][64], model[MAX_ROWS][64];
  int n = 0, shared = 0;
  for (const char *line = strchr(r.out, '\n') + 1; *line && n < MAX_ROWS; line = strchr(line, '\n') + 1) {
    int fields = sscanf(line, "%63[^,],%63[^,],%*[^,],%63[^\n]", model[n], quantity[n], actual[n]);
    assert_true(fields >= 2);
    if (fields == 2) /* job_low and job_up: bounds, nothing measured beside them */
      continue;
    for (int k = 0; k < n; k++)
      if (strcmp(quantity[k], quantity[n]) == 0 && strcmp(model[k], model[n]) != 0) {
        if (strcmp(actual[k], actual[n]) != 0)
          fail_msg("%s: actual %s for %s, %s for %s", quantity[n], actual[k], model[k], actual[n], model[n]);
        shared += strcmp(quantity[n], "shuffle1_tail_avg") == 0;
      }
    n++;
  }
  assert_true(n > 20);
  assert_true(shared >= 1); /* aria and boe both print it */
  /* the first wave's shuffle after the last map is a part of the whole of it */
  double whole = -1, tail = -1;
  for (int k = 0; k < n; k++)
    if (strcmp(quantity[k], "shuffle1_avg") == 0)
      whole = atof(actual[k]);
    else if (strcmp(quantity[k], "shuffle1_tail_avg") == 0)
      tail = atof(actual[k]);
  assert_true(tail >= 0 && whole > tail);
}

/* DIR/NAME read whole into a new buffer; its length in *LEN. */
static char *read_text(const char *dir, const char *name, size_t *len)
{
  char path[4096];
  if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
    fail_msg("%s/%s: path too long", dir, name);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char *text = calloc(1 << 20, 1);
  *len = fread(text, 1, (1 << 20) - 1, f);
  fclose(f);
  return text;
}

/* Writes LEN bytes of TEXT to DIR/NAME. */
static void write_bytes(const char *dir, const char *name, const char *text, size_t len)
{
  char path[4096];
  if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
    fail_msg("%s/%s: path too long", dir, name);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(text, 1, len, f), len);
  assert_int_equal(fclose(f), 0);
}

/* TEXT (a CSV) with the field of column COL on line LINE replaced by VALUE, in a new buffer. */
static char *set_field(const char *text, int line, const char *col, const char *value)
{
  int k = 0;
  for (const char *c = text, *end = strchr(text, '\n'); c < end; k++, c += strcspn(c, ",\n") + 1)
    if (strncmp(c, col, strlen(col)) == 0 && strchr(",\n", c[strlen(col)]))
      break;
  const char *at = text;
  for (int l = 1; l < line; l++)
    at = strchr(at, '\n') + 1;
  for (int f = 0; f < k; f++)
    at += strcspn(at, ",\n") + 1;
  char *out = calloc(strlen(text) + strlen(value) + 1, 1);
  sprintf(out, "%.*s%s%s", (int)(at - text), text, value, at + strcspn(at, ",\n"));
  return out;
}

static void bad_run_directories_get_one_line_and_no_output(void **state)
{
  (void)state;
  const char *run = terasort_run("1GB", 4);
  char base[4096];
  snprintf(base, sizeof base, "%s", run);
  size_t jl, tl;
  char *jobs = read_text(base, "jobs.csv", &jl), *tasks = read_text(base, "tasks.csv", &tl);
  size_t cut = tl / 2; /* mid-row, unless it falls on a row's end */
  while (tasks[cut - 1] == '\n')
    cut--;
  int cut_line = 1;
  for (size_t i = 0; i < cut; i++)
    cut_line += tasks[i] == '\n';
  char with_nul[1 << 16], truncated[128], ragged_says[128];
  int fields = 1;
  for (const char *c = tasks; *c != '\n'; c++)
    fields += *c == ',';
  snprintf(ragged_says, sizeof ragged_says, "tasks.csv:2: expected %d fields, as in the header, got %d", fields,
           fields + 1);
  snprintf(truncated, sizeof truncated, "tasks.csv:%d: expected the row to end with a newline", cut_line);
  size_t nul_at = (size_t)(strchr(strchr(tasks, '\n') + 1, '\n') + 5 - tasks); /* on line 3 */
  assert_true(tl < sizeof with_nul);
  memcpy(with_nul, tasks, tl);
  with_nul[nul_at] = '\0';
  char *header_only = strndup(tasks, (size_t)(strchr(tasks, '\n') + 1 - tasks));
  char *renamed = strdup(tasks);
  memcpy(strstr(renamed, ",start,"), ",begin,", 7);
  char *ragged = set_field(tasks, 2, "host", "worker-1,extra");
  char *jobs_nonnum = set_field(jobs, 2, "start", "abc");
  char *jobs_back = set_field(jobs, 2, "end", "-1");
  char *task_back = set_field(tasks, 2, "end", "-0.5");
  char *jobs_half = set_field(jobs, 2, "maps", "2.5");
  static const char *const none = "";
  const struct {
    const char *file, *text; /* NULL text: a directory */
    size_t len;
    const char *says;
  } cases[] = {
      {"jobs.csv", none, 0, "jobs.csv:1: expected a header row, got an empty file"},
      {"jobs.csv", jobs, (size_t)(strchr(jobs, '\n') + 1 - jobs), "jobs.csv:1: expected a row for each job"},
      {"jobs.csv", jobs_nonnum, strlen(jobs_nonnum), "jobs.csv:2: start: expected a number, got \"abc\""},
      {"jobs.csv", jobs_back, strlen(jobs_back), "jobs.csv:2: end: expected a time no earlier than map_phase_end"},
      {"jobs.csv", jobs_half, strlen(jobs_half), "jobs.csv:2: maps: expected a whole number of at least 1, got 2.5"},
      {"tasks.csv", none, 0, "tasks.csv:1: expected a header row, got an empty file"},
      {"tasks.csv", header_only, strlen(header_only),
       "tasks.csv: expected one successful attempt of each of the 8 maps and 4 reduces of job \"ts\""},
      {"tasks.csv", NULL, 0, "tasks.csv: expected a CSV file, got a directory"},
      {"tasks.csv", tasks, cut, truncated},
      {"tasks.csv", with_nul, tl, "tasks.csv:3: expected text, got a NUL byte"},
      {"tasks.csv", ragged, strlen(ragged), ragged_says},
      {"tasks.csv", renamed, strlen(renamed), "tasks.csv:1: expected a column \"start\""},
      {"tasks.csv", task_back, strlen(task_back), "tasks.csv:2: end: expected a time no earlier than start, got -0.5"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    for (int as_history = 0; as_history < 2; as_history++) {
      const char *dir = test_tmpdir();
      write_bytes(dir, "jobs.csv", jobs, jl);
      write_bytes(dir, "tasks.csv", tasks, tl);
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", dir, cases[i].file);
      remove(path);
      if (cases[i].text)
        write_bytes(dir, cases[i].file, cases[i].text, cases[i].len);
      else
        assert_int_equal(mkdir(path, 0777), 0);
      test_run r;
      test_run_mrlab(&r, NULL,
                     as_history ? (const char *[]){"predict", base, base, base, dir, NULL}
                                : (const char *[]){"predict", dir, base, base, base, NULL});
      char says[4096];
      snprintf(says, sizeof says, "mrlab: %s/%s\n", dir, cases[i].says);
      if (r.status != 2 || strncmp(r.err, says, strlen(says) - 1) != 0 ||
          strchr(r.err, '\n') != r.err + strlen(r.err) - 1 || r.out[0])
        fail_msg("case %zu%s: status %d, stdout \"%s\", stderr \"%s\": expected status 2, no output and one line "
                 "\"%s...\"",
                 i, as_history ? " (history)" : "", r.status, r.out, r.err, says);
    }
  /* the maps' rows alone: the message counts what it found of each kind */
  char *maps_only = calloc(tl + 1, 1);
  for (const char *row = tasks; *row; row = strchr(row, '\n') + 1)
    if (!strstr(row, ",reduce,") || strstr(row, ",reduce,") > strchr(row, '\n'))
      strncat(maps_only, row, (size_t)(strchr(row, '\n') + 1 - row));
  const char *dir = test_tmpdir();
  write_bytes(dir, "jobs.csv", jobs, jl);
  write_bytes(dir, "tasks.csv", maps_only, strlen(maps_only));
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"predict", dir, base, base, base, NULL});
  if (r.status != 2 || !strstr(r.err, "of the 8 maps and 4 reduces of job \"ts\"") || !strstr(r.err, "got 8 and 0\n"))
    fail_msg("maps only: status %d, stderr \"%s\": expected status 2 and \"... got 8 and 0\"", r.status, r.err);
  free(maps_only);
  free(jobs_half), free(task_back), free(jobs_back), free(jobs_nonnum), free(ragged), free(renamed);
  free(header_only), free(tasks), free(jobs);
}

static void predict_prints_nothing_unless_every_model_predicts(void **state)
{
  (void)state;
  char run[4096];
  snprintf(run, sizeof run, "%s", terasort_run("1GB", 4));
  test_run r;
  /* two history runs: ARIA could predict, Khan's LWLR cannot */
  test_run_mrlab(&r, NULL, (const char *[]){"predict", run, run, run, NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  assert_string_equal(r.err, "mrlab: khan: expected 3 or more history runs, got 2\n");
  test_run_mrlab(&r, NULL, (const char *[]){"predict", "--model", "aria", run, run, run, NULL});
  assert_int_equal(r.status, 0);
  assert_non_null(strstr(r.out, "model,quantity,predicted,actual\naria,job_low,"));
}

/* mrlab predict --workflow on the shipped three-job DAG in YARN mode, fed
 * by runs of its jobs alone, and refused without a job's run alone, on a
 * Hadoop 1 run and without directories. */
static void a_workflow_is_predicted_from_the_command_line(void **state)
{
  (void)state;
  char platform[4096]; /* test_source_path's buffer is reused */
  snprintf(platform, sizeof platform, "%s", test_source_path("platforms/shilu11-yarn.cfg"));
  static const char *const alone[] = {
      "jobs = ( { name = \"wordcount\"; generator = \"wordcount\"; input = \"2GB\"; reducers = 4; } );\n",
      "jobs = ( { name = \"terasort\"; generator = \"terasort\"; input = \"2GB\"; reducers = 4; } );\n",
      "jobs = ( { name = \"grep\"; generator = \"grep\"; input = \"2000000000B\"; reducers = 1; } );\n"};
  char target[4096], history[3][4096], hadoop1[4096];
  snprintf(target, sizeof target, "%s",
           test_simulate(platform, test_read_file(test_source_path("workloads"), "dag3.cfg"), NULL));
  for (int k = 0; k < 3; k++)
    snprintf(history[k], sizeof history[k], "%s", test_simulate(platform, alone[k], NULL));
  test_run r;
  test_run_mrlab(&r, NULL,
                 (const char *[]){"predict", "--workflow", platform, target, history[0], history[1], history[2], NULL});
  assert_int_equal(r.status, 0);
  double predicted, actual;
  const char *line = strstr(r.out, "model,quantity,predicted,actual\ndag,makespan,");
  assert_non_null(line);
  assert_int_equal(sscanf(strchr(line, '\n') + 14, "%lf,%lf", &predicted, &actual), 2);
  test_csv *jobs = test_csv_in(target, "jobs.csv");
  assert_close(actual, test_csv_num(jobs, 3, "end"), 1e-3); /* the grep, submitted when its parents ended */
  test_csv_free(jobs);
  assert_true(predicted > 0.5 * actual && predicted < 2 * actual);
  assert_non_null(strstr(r.out, "\ndag,end:grep,"));
  assert_non_null(strstr(r.out, "\ndag-literal,makespan,"));
  /* refused, one line and nothing on stdout */
  test_run_mrlab(&r, NULL, (const char *[]){"predict", "--workflow", platform, target, history[0], history[1], NULL});
  assert_int_equal(r.status, 2);
  assert_string_equal(r.out, "");
  assert_non_null(strstr(r.err, "job grep: expected a run of it alone among the history directories\n"));
  test_run_mrlab(&r, NULL, (const char *[]){"predict", "--workflow", platform, target, history[1], history[2], NULL});
  assert_int_equal(r.status, 2); /* the first job's run is missing as well as any other's */
  assert_non_null(strstr(r.err, "job wordcount: expected a run of it alone among the history directories\n"));
  const char *dag3 = test_read_file(test_source_path("workloads"), "dag3.cfg");
  snprintf(hadoop1, sizeof hadoop1, "%s", test_simulate(test_source_path("platforms/toy4.cfg"), dag3, NULL));
  test_run_mrlab(
      &r, NULL, (const char *[]){"predict", "--workflow", platform, hadoop1, history[0], history[1], history[2], NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "mrlab.scheduler: expected a run in YARN mode"));
  test_run_mrlab(&r, NULL, (const char *[]){"predict", "--workflow", platform, target, NULL});
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "expected a PLATFORM.cfg, a TARGET run directory and HISTORY run directories"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_profile_holds_every_task_of_the_run),
      cmocka_unit_test(khan_predicts_exactly_what_follows_its_law),
      cmocka_unit_test(boe_predicts_exactly_what_follows_its_law),
      cmocka_unit_test(mrlab_model_places_tasks_on_the_slot_mix),
      cmocka_unit_test(mrlab_model_fits_a_map_law_a_class),
      cmocka_unit_test(khan_trains_later_waves_only_on_runs_that_have_them),
      cmocka_unit_test(aria_scales_the_nearest_run_by_data_per_reducer),
      cmocka_unit_test(predict_and_provision_run_from_the_command_line),
      cmocka_unit_test(each_quantity_has_one_actual_whatever_the_model),
      cmocka_unit_test(bad_run_directories_get_one_line_and_no_output),
      cmocka_unit_test(predict_prints_nothing_unless_every_model_predicts),
      cmocka_unit_test(a_workflow_is_predicted_from_the_command_line),
  };
  TEST_MAIN(tests);
}
