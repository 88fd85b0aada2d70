/* progress_test.c - the progress indicators (models/progress.c) on the
 * worked examples of docs/models.md ("Progress indicators") to 1e-9, their
 * fall-backs, the refusal of a snapshot that holds a time past "now", and a
 * run without skew, simulated here, where every indicator is nearly exact. */
#include "progress.h"
#include "test.h"

#include <gsl/gsl_errno.h>

static const progress_weights reduce_only = {0, 0, 1};

/* Worked example 1: one task, f(x) = x^2 s, sizes 1-4 done by t = 30, size 10 left. */
static const progress_point squares[] = {{1, 1, 1}, {2, 4, 1}, {3, 9, 1}, {4, 16, 1}};
static const progress_group ten[] = {{10, 1}};

/* Three small sizes of noisy costs and one large point: a step, whose
 * curve with c = 6 would price a group of 100000 B at 9.8e13 s.  (In
 * skewed/two-waves of validate/progress.cfg, seed 1, at 45 s, a
 * second-wave task's first points, 2.7 to 8.8 KB and one of 468 KB,
 * priced its 1 GB group so and put the end at 1.6e18 s.) */
static const progress_point step[] = {{10, 3, 1}, {20, 1, 1}, {30, 2, 1}, {1000, 100, 1}};

/* A task reducing since t = 0: N_DONE calls DONE of BYTES_DONE bytes in
 * all ended at UPDATED, and one entry LEFT of BYTES_TOTAL - BYTES_DONE left. */
static progress_task reducing(const progress_point *done, size_t n_done, double updated, double bytes_done,
                              const progress_group *left, double bytes_total)
{
  return (progress_task){.state = PROGRESS_REDUCE,
                         .start = 0,
                         .updated = updated,
                         .bytes_total = bytes_total,
                         .bytes_done = bytes_done,
                         .bytes_reduced = bytes_done,
                         .done = done,
                         .n_done = n_done,
                         .left = left,
                         .n_left = 1};
}

static progress_task square_task(void)
{
  return reducing(squares, 4, 30, 10, ten, 20);
}

static progress_snapshot snapshot_of(const progress_task *t, size_t n, double now)
{
  return (progress_snapshot){.now = now, .t_start = 0, .slots = n, .tasks = t, .n_tasks = n};
}

static double error_of(double progress, double now, double end)
{
  double avg, max;
  assert_int_equal(progress_error(&now, &progress, 1, 0, end, &avg, &max), 0);
  return avg;
}

static void nearestfit_extrapolates_an_exact_fit(void **state)
{
  (void)state;
  progress_task t = square_task();
  progress_snapshot s = snapshot_of(&t, 1, 30);
  progress_estimate e;
  assert_int_equal(progress_nearestfit(&s, &e), 0);
  assert_close(e.end, 130, 1e-9);
  assert_close(e.progress, 100.0 * 30 / 130, 1e-9);
  assert_int_equal(e.steps[PROGRESS_LOCAL_FIT], 1);
  assert_close(error_of(e.progress, 30, 130), 0, 1e-9);
}

static void ratios_and_hadoop_underestimate_a_quadratic_cost(void **state)
{
  (void)state;
  progress_task t = square_task();
  progress_snapshot s = snapshot_of(&t, 1, 30);
  progress_estimate e;
  assert_int_equal(progress_jobratio(&s, &e), 0); /* alpha = 30 s / 10 B */
  assert_close(e.end, 60, 1e-9);
  assert_close(e.progress, 50, 1e-9);
  assert_close(error_of(e.progress, 30, 130), 50 - 300.0 / 13, 1e-9);
  assert_int_equal(progress_taskratio(&s, &e), 0);
  assert_close(e.end, 60, 1e-9);
  assert_int_equal(progress_hadoop(&s, reduce_only, &e), 0); /* 10 of 20 bytes */
  assert_close(e.progress, 50, 1e-9);
  assert_close(e.end, 60, 1e-9);
  assert_close(error_of(e.progress, 30, 130), 26.923076923076923, 1e-9);
  /* Hadoop's own weights: copy and sort done count two thirds */
  assert_int_equal(progress_hadoop(&s, progress_hadoop_weights, &e), 0);
  assert_close(e.progress, 100 * (2.0 / 3 + 0.5 / 3), 1e-9);
  t.state = PROGRESS_COPY, t.phase_progress = 0.25;
  assert_int_equal(progress_hadoop(&s, progress_hadoop_weights, &e), 0);
  assert_close(e.progress, 100 * 0.25 / 3, 1e-9);
}

static void nearest_neighbours_take_a_closed_interval(void **state)
{
  (void)state;
  const progress_point d[] = {{100, 2.0, 1}, {105, 2.2, 1}, {300, 20.0, 1}};
  double y = 0;
  assert_int_equal(progress_nearest(d, 3, 102, 10, &y), 0);
  assert_close(y, 2.1, 1e-9);
  assert_int_equal(progress_nearest(d, 3, 110, 10, &y), 0);
  assert_close(y, 2.1, 1e-9);
  assert_int_equal(progress_nearest(d, 3, 200, 10, &y), GSL_EFAILED);
  assert_int_equal(progress_nearest(d, 3, 95, 4.999, &y), GSL_EFAILED);
}

static void fits_recover_a_curve_and_reject_noise(void **state)
{
  (void)state;
  progress_fit f;
  assert_int_equal(progress_fit_points(squares, 4, &f), 0);
  assert_close(f.a, 0, 1e-9);
  assert_close(f.b / pow(f.scale, f.c), 1, 1e-9);
  assert_close(f.c, 2, 1e-9);
  assert_close(f.r2, 1, 1e-9);
  progress_point p[4];
  const double x[] = {10, 20, 40, 80};
  for (int k = 0; k < 4; k++)
    p[k] = (progress_point){x[k], 2 + 0.5 * pow(x[k], 1.5), 1};
  assert_int_equal(progress_fit_points(p, 4, &f), 0);
  assert_close(f.a, 2, 1e-9);
  assert_close(f.b / pow(f.scale, f.c), 0.5, 1e-9);
  assert_close(f.c, 1.5, 1e-9);
  assert_close(f.r2, 1, 1e-9);
  /* an exponent off the start's grid: the solver's, not the grid's */
  for (int k = 0; k < 4; k++)
    p[k].cost = 2 + 0.5 * pow(x[k], 1.234);
  assert_int_equal(progress_fit_points(p, 4, &f), 0);
  assert_close(f.c, 1.234, 1e-9);
  assert_close(f.b / pow(f.scale, f.c), 0.5, 1e-9);
  /* noise: the least error at c's bound 6 (R^2 0.0099), no cost law; and
   * a step (a = 2, b = 98 at u = x / 1000, c at 6, R^2 0.9997): none either */
  const progress_point noise[] = {{10, 5, 1}, {20, 1, 1}, {30, 7, 1}, {40, 2, 1}, {50, 6, 1}, {60, 3, 1}};
  assert_int_equal(progress_fit_points(noise, 6, &f), GSL_EFAILED);
  assert_int_equal(progress_fit_points(step, 4, &f), GSL_EFAILED);
  const progress_point two_sizes[] = {{10, 1, 1}, {10, 2, 1}, {20, 3, 1}, {20, 4, 1}};
  assert_int_equal(progress_fit_points(two_sizes, 4, &f), GSL_EFAILED);
  const progress_point flat[] = {{10, 1, 1}, {20, 1, 1}, {30, 1, 1}};
  assert_int_equal(progress_fit_points(flat, 3, &f), GSL_EFAILED);
}

/* Task 0 has noisy points (no fit) and a size-35 group left, so
 * NearestFit falls back to task 1's neighbours, then to task 1's fit; so
 * does a task whose points are a step, for a group far beyond them. */
static void nearestfit_falls_back_to_other_tasks(void **state)
{
  (void)state;
  const progress_point noise[] = {{10, 5, 1}, {20, 1, 1}, {30, 7, 1}, {40, 2, 1}, {50, 6, 1}, {60, 3, 1}};
  const progress_group left[] = {{35, 1}};
  const progress_point near[] = {{35, 4, 1}, {36, 4.5, 1}};
  const progress_point line[] = {{10, 1, 1}, {20, 2, 1}, {40, 4, 1}};
  progress_task t[2] = {
      {.state = PROGRESS_REDUCE, .updated = 50, .done = noise, .n_done = 6, .left = left, .n_left = 1},
      {.state = PROGRESS_DONE, .end = 40, .updated = 40, .done = near, .n_done = 2}};
  progress_snapshot s = snapshot_of(t, 2, 50);
  s.delta = 1;
  progress_estimate e;
  assert_int_equal(progress_nearestfit(&s, &e), 0);
  assert_int_equal(e.steps[PROGRESS_GLOBAL_NN], 1);
  assert_close(e.end, 50 + 4.25, 1e-9);
  t[1].done = line, t[1].n_done = 3;
  assert_int_equal(progress_nearestfit(&s, &e), 0);
  assert_int_equal(e.steps[PROGRESS_GLOBAL_FIT], 1);
  assert_close(e.end, 50 + 3.5, 1e-6);
  const progress_group big[] = {{100000, 1}};
  t[0].done = step, t[0].n_done = 4, t[0].left = big;
  assert_int_equal(progress_nearestfit(&s, &e), 0);
  assert_int_equal(e.steps[PROGRESS_GLOBAL_FIT], 1);
  assert_close(e.end, 50 + 10000, 1e-6);
  t[0].done = noise, t[0].n_done = 6, t[0].left = left;
  /* with nothing to fall back on, no estimate */
  t[1].n_done = 0;
  assert_int_equal(progress_nearestfit(&s, &e), GSL_EFAILED);
  /* before any invocation ends, no indicator has anything to go on */
  t[0].n_done = 0;
  assert_int_equal(progress_jobratio(&s, &e), GSL_EFAILED);
  assert_int_equal(progress_taskratio(&s, &e), GSL_EFAILED);
}

/* alpha = 1 s/B from task 0; task 1 has done nothing: TaskRatio lends it alpha */
static void the_last_task_ends_the_phase(void **state)
{
  (void)state;
  const progress_point one[] = {{10, 10, 1}};
  const progress_group g10[] = {{10, 1}}, g30[] = {{30, 1}}, g40[] = {{40, 1}};
  progress_task t[3] = {{.state = PROGRESS_REDUCE,
                         .start = 30,
                         .updated = 40,
                         .bytes_reduced = 10,
                         .done = one,
                         .n_done = 1,
                         .left = g10,
                         .n_left = 1},
                        {.state = PROGRESS_REDUCE, .start = 40, .updated = 40, .left = g40, .n_left = 1},
                        {.state = PROGRESS_DONE}};
  progress_snapshot s = snapshot_of(t, 2, 40);
  progress_estimate e;
  assert_int_equal(progress_taskratio(&s, &e), 0);
  assert_close(e.end, 80, 1e-9);
  assert_close(e.progress, 50, 1e-9);
  /* once task 1 reports 3 s/B of its own, TaskRatio trusts it; JobRatio pools it (2 s/B) */
  const progress_point slow[] = {{10, 30, 1}};
  t[1].done = slow, t[1].n_done = 1, t[1].start = 10, t[1].bytes_reduced = 10;
  assert_int_equal(progress_taskratio(&s, &e), 0);
  assert_close(e.end, 40 + 3 * 40, 1e-9);
  assert_int_equal(progress_jobratio(&s, &e), 0);
  assert_close(e.end, 40 + 2 * 40, 1e-9);
  t[1].n_done = 0, t[1].start = 40, t[1].bytes_reduced = 0;
  /* a task overdue (due at 20 + 10, still running at 40) ends no earlier than now */
  t[0].start = 10, t[0].updated = 20;
  progress_snapshot late = snapshot_of(t, 1, 40);
  assert_int_equal(progress_jobratio(&late, &e), 0);
  assert_close(e.end, 40, 1e-9);
  assert_close(e.progress, 100, 1e-9);
  /* once every task is done, the phase ended with the last */
  t[0].state = PROGRESS_DONE, t[0].end = 35;
  assert_int_equal(progress_jobratio(&late, &e), 0);
  assert_close(e.end, 35, 1e-9);
  assert_close(e.progress, 100, 1e-9);
  t[0].state = PROGRESS_REDUCE;
  /* two slots: tasks end at 30 and 50; a pending task of 40 s starts at 30 */
  t[0].updated = t[1].start = t[1].updated = 20, t[1].left = g30;
  t[2] = (progress_task){.state = PROGRESS_PENDING, .left = g40, .n_left = 1};
  s = snapshot_of(t, 3, 20);
  s.slots = 2;
  assert_int_equal(progress_jobratio(&s, &e), 0);
  assert_close(e.end, 70, 1e-9);
  assert_close(e.progress, 100.0 * 20 / 70, 1e-9);
  s.shuffle_time = 5;
  assert_int_equal(progress_jobratio(&s, &e), 0);
  assert_close(e.end, 75, 1e-9);
}

/* R = 7: six tasks end at t = 10, the seventh reads its bytes until t = 100 */
static void hadoop_is_fooled_by_short_tasks(void **state)
{
  (void)state;
  progress_task t[7];
  for (int i = 0; i < 6; i++)
    t[i] = (progress_task){.state = PROGRESS_DONE, .end = 10, .updated = 10, .bytes_total = 1, .bytes_done = 1};
  t[6] = (progress_task){.state = PROGRESS_REDUCE, .updated = 10, .bytes_total = 100, .bytes_done = 10};
  progress_snapshot s = snapshot_of(t, 7, 10);
  progress_estimate e;
  assert_int_equal(progress_hadoop(&s, reduce_only, &e), 0);
  assert_close(e.progress, 610.0 / 7, 1e-9);
  assert_close(error_of(e.progress, 10, 100), 610.0 / 7 - 10, 1e-9);
}

static void errors_are_mean_and_max_absolute_points(void **state)
{
  (void)state;
  const double t[] = {60, 120, 180}, p[] = {20, 60, 70}; /* true: 25, 50, 75 */
  double avg, max;
  assert_int_equal(progress_error(t, p, 3, 0, 240, &avg, &max), 0);
  assert_close(avg, 20.0 / 3, 1e-9);
  assert_close(max, 10, 1e-9);
  assert_int_equal(progress_error(t, p, 0, 0, 240, &avg, &max), GSL_EINVAL);
  assert_int_equal(progress_error(t, p, 3, 240, 240, &avg, &max), GSL_EINVAL);
}

static void profiles_are_smoothed_split_and_shared(void **state)
{
  (void)state;
  progress_point p[] = {{100, 1.2, 1}, {100, 1.6, 1}, {100, 2.2, 1}, {200, 2.2, 1}};
  assert_int_equal(progress_smooth(p, 4, 0.5), 3); /* 1.2 and 1.6 merge; 2.2 is 0.8 s from their mean */
  assert_close(p[0].cost, 1.4, 1e-9);
  assert_close(p[1].cost, 2.2, 1e-9);
  assert_close(p[2].size, 200, 0);
  progress_point q[] = {{100, 2.2, 1}, {100, 1.2, 1}};
  assert_int_equal(progress_smooth(q, 2, 0.5), 2);
  progress_point b[] = {{10, 0, 1}, {20, 0, 1}, {70, 0, 1}};
  assert_int_equal(progress_burst_split(b, 3, 2.0), 0);
  assert_close(b[0].cost, 0.2, 1e-9);
  assert_close(b[1].cost, 0.4, 1e-9);
  assert_close(b[2].cost, 1.4, 1e-9);
  const progress_group hist[] = {{10, 0.6}, {50, 0.4}}, raw[] = {{10, 3}, {50, 2}};
  progress_group g[2];
  assert_int_equal(progress_implicit_groups(1000, hist, 2, g), 0); /* mu = 26 B */
  assert_close(g[0].count, 0.6 * 1000 / 26, 1e-9);
  assert_close(g[1].count, 0.4 * 1000 / 26, 1e-9);
  assert_close(g[0].size * g[0].count + g[1].size * g[1].count, 1000, 1e-9);
  assert_int_equal(progress_implicit_groups(1000, raw, 2, g), 0);
  assert_close(g[0].count, 0.6 * 1000 / 26, 1e-9);
  assert_int_equal(progress_implicit_groups(1000, hist, 0, g), GSL_EINVAL);
}

/* Eq. 6 averages over reduce calls: a point stands for COUNT of them.
 * Three calls of 100 B in 1.0, 1.0 and 1.4 s merge (each within 0.5 s of
 * the mean so far) into one point of 3 calls and 3.4/3 s, not a mean of
 * means (1.2 s); beside a slow call of 2.0 s the neighbourhood's mean is
 * (3.4 + 2.0)/4 = 1.35 s, as over the four calls unmerged. */
static void smoothing_keeps_the_calls_eq6_averages_over(void **state)
{
  (void)state;
  progress_point p[] = {{100, 1.0, 1}, {100, 1.0, 1}, {100, 1.4, 1}, {100, 2.0, 1}};
  double y = 0;
  assert_int_equal(progress_nearest(p, 4, 100, 0, &y), 0);
  assert_close(y, 1.35, 1e-9);
  assert_int_equal(progress_smooth(p, 4, 0.5), 2);
  assert_close(p[0].cost, 3.4 / 3, 1e-9);
  assert_close(p[0].count, 3, 0);
  assert_close(p[1].cost, 2.0, 0);
  assert_close(p[1].count, 1, 0);
  assert_int_equal(progress_nearest(p, 2, 100, 0, &y), 0);
  assert_close(y, 1.35, 1e-9);
  /* a burst of 2 s over three calls of 10 B and one of 70 B: by size, 0.2 s and 1.4 s a call */
  progress_point b[] = {{10, 0, 3}, {70, 0, 1}};
  assert_int_equal(progress_burst_split(b, 2, 2.0), 0);
  assert_close(b[0].cost, 0.2, 1e-9);
  assert_close(b[1].cost, 1.4, 1e-9);
}

/* A sort's task in miniature: a batch of 99 calls of 100 B timed as one
 * burst (0.01 s a call) and one call of 100 B that waited 1 s; 100 groups
 * of 100 B are left.  Eq. 6 over the 100 calls: 1.99/100 s a group, 1.99 s
 * left, as TaskRatio's 1.99 s over 10,000 B; the two points taken once
 * each would make it 0.505 s a group and 50.5 s. */
static void nearestfit_weighs_a_burst_by_its_calls(void **state)
{
  (void)state;
  const progress_point done[] = {{100, 0.01, 99}, {100, 1.0, 1}};
  const progress_group left[] = {{100, 100}};
  progress_task t = reducing(done, 2, 1.99, 10000, left, 20000);
  progress_snapshot s = snapshot_of(&t, 1, 2);
  progress_estimate e;
  assert_int_equal(progress_nearestfit(&s, &e), 0);
  assert_int_equal(e.steps[PROGRESS_LOCAL_NN], 1);
  assert_close(e.end, 1.99 + 1.99, 1e-9);
  assert_int_equal(progress_taskratio(&s, &e), 0);
  assert_close(e.end, 1.99 + 1.99, 1e-9);
  /* a point standing for no call is refused */
  const progress_point none[] = {{100, 0.01, 0}};
  t.done = none, t.n_done = 1;
  assert_int_equal(progress_nearestfit(&s, &e), GSL_EINVAL);
}

static void no_indicator_reads_past_now(void **state)
{
  (void)state;
  const progress_point near[] = {{10, 100, 1}};
  progress_task t[2] = {square_task(), {.state = PROGRESS_DONE, .end = 20, .updated = 20, .done = near, .n_done = 1}};
  progress_snapshot s = snapshot_of(t, 2, 30);
  progress_estimate e;
  for (int k = 0; k < 4; k++) {
    t[0] = square_task(), t[1].end = 20, s.t_start = 0;
    if (k == 0)
      t[0].updated = 30.5; /* a profile update from the future */
    else if (k == 1)
      t[1].end = 31; /* a task that ends later */
    else if (k == 2)
      s.t_start = 31;
    else
      t[0].start = 40;
    assert_int_equal(progress_hadoop(&s, reduce_only, &e), GSL_EINVAL);
    assert_int_equal(progress_jobratio(&s, &e), GSL_EINVAL);
    assert_int_equal(progress_taskratio(&s, &e), GSL_EINVAL);
    assert_int_equal(progress_nearestfit(&s, &e), GSL_EINVAL);
  }
  t[0] = square_task(), t[1].end = 20;
  assert_int_equal(progress_nearestfit(&s, &e), 0);
}

/* A simulated reduce phase: task i runs its N[i] key groups SIZE[i][k] in
 * order from t = 0, each costing COST(size) seconds. */
enum { MAX_TASKS = 4, MAX_GROUPS = 64 };
typedef struct {
  size_t n_tasks, n[MAX_TASKS];
  double size[MAX_TASKS][MAX_GROUPS];
  double (*cost)(double);
  progress_task task[MAX_TASKS];
  progress_point done[MAX_TASKS][MAX_GROUPS];
  progress_group left[MAX_TASKS][MAX_GROUPS];
} run;

static double run_end(const run *r)
{
  double end = 0;
  for (size_t i = 0; i < r->n_tasks; i++) {
    double t = 0;
    for (size_t k = 0; k < r->n[i]; k++)
      t += r->cost(r->size[i][k]);
    end = fmax(end, t);
  }
  return end;
}

/* What a JobTracker knows of R at NOW. */
static progress_snapshot run_snapshot(run *r, double now)
{
  for (size_t i = 0; i < r->n_tasks; i++) {
    progress_task *t = &r->task[i];
    *t = (progress_task){.state = PROGRESS_REDUCE, .done = r->done[i], .left = r->left[i]};
    double clock = 0;
    for (size_t k = 0; k < r->n[i]; k++) {
      double size = r->size[i][k], cost = r->cost(size);
      t->bytes_total += size;
      if (clock + cost <= now) {
        r->done[i][t->n_done++] = (progress_point){size, cost, 1};
        t->bytes_done += size, t->bytes_reduced += size, t->updated = clock + cost;
      } else {
        if (clock <= now)
          t->bytes_done += size * (now - clock) / cost;
        r->left[i][t->n_left++] = (progress_group){size, 1};
      }
      clock += cost;
    }
    if (!t->n_left)
      t->state = PROGRESS_DONE, t->end = clock;
  }
  return (progress_snapshot){.now = now, .slots = r->n_tasks, .delta = 0, .tasks = r->task, .n_tasks = r->n_tasks};
}

/* The mean error of each indicator (Hadoop, JobRatio, TaskRatio, NearestFit)
 * over nine samples of R's reduce phase; a sample without estimate is skipped. */
static void run_errors(run *r, double err[4])
{
  double end = run_end(r), t[4][9], p[4][9];
  size_t n[4] = {0};
  for (int k = 1; k <= 9; k++) {
    double now = end * k / 10;
    progress_snapshot s = run_snapshot(r, now);
    progress_estimate e;
    int status[4] = {progress_hadoop(&s, reduce_only, &e), 0, 0, 0};
    if (!status[0])
      t[0][n[0]] = now, p[0][n[0]++] = e.progress;
    status[1] = progress_jobratio(&s, &e);
    if (!status[1])
      t[1][n[1]] = now, p[1][n[1]++] = e.progress;
    status[2] = progress_taskratio(&s, &e);
    if (!status[2])
      t[2][n[2]] = now, p[2][n[2]++] = e.progress;
    status[3] = progress_nearestfit(&s, &e);
    if (!status[3])
      t[3][n[3]] = now, p[3][n[3]++] = e.progress;
  }
  for (int j = 0; j < 4; j++) {
    double max;
    assert_true(n[j] >= 7);
    assert_int_equal(progress_error(t[j], p[j], n[j], 0, end, &err[j], &max), 0);
  }
}

static double linear_cost(double size)
{
  return 0.01 * size;
}

static double cubic_cost(double size)
{
  return 1e-5 * size * size * size;
}

static void without_skew_every_indicator_is_close(void **state)
{
  (void)state;
  run r = {.n_tasks = 4, .cost = linear_cost};
  for (size_t i = 0; i < 4; i++) {
    r.n[i] = 48;
    for (size_t k = 0; k < 48; k++)
      r.size[i][k] = 50 + 50 * ((k + i) % 3); /* 50, 100, 150 bytes in turn */
  }
  double err[4];
  run_errors(&r, err);
  for (int j = 0; j < 4; j++)
    if (!(err[j] < 2))
      fail_msg("indicator %d: mean error %g points", j, err[j]);
}

/* One task holds a few large groups of a cubic cost: the ratios, linear in
 * bytes, are far off; NearestFit's fit sees the curve. */
static void with_skew_nearestfit_beats_the_ratios(void **state)
{
  (void)state;
  run r = {.n_tasks = 2, .cost = cubic_cost};
  r.n[0] = r.n[1] = 40;
  for (size_t k = 0; k < 40; k++) {
    r.size[0][k] = 10 + k % 10;
    r.size[1][k] = 10 + k; /* growing groups: the largest come last */
  }
  double err[4];
  run_errors(&r, err);
  if (!(err[3] < err[1] && err[3] < err[2] && err[3] < 5))
    fail_msg("NearestFit %g, JobRatio %g, TaskRatio %g", err[3], err[1], err[2]);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(nearestfit_extrapolates_an_exact_fit),
      cmocka_unit_test(ratios_and_hadoop_underestimate_a_quadratic_cost),
      cmocka_unit_test(nearest_neighbours_take_a_closed_interval),
      cmocka_unit_test(fits_recover_a_curve_and_reject_noise),
      cmocka_unit_test(nearestfit_falls_back_to_other_tasks),
      cmocka_unit_test(the_last_task_ends_the_phase),
      cmocka_unit_test(hadoop_is_fooled_by_short_tasks),
      cmocka_unit_test(errors_are_mean_and_max_absolute_points),
      cmocka_unit_test(profiles_are_smoothed_split_and_shared),
      cmocka_unit_test(smoothing_keeps_the_calls_eq6_averages_over),
      cmocka_unit_test(nearestfit_weighs_a_burst_by_its_calls),
      cmocka_unit_test(no_indicator_reads_past_now),
      cmocka_unit_test(without_skew_every_indicator_is_close),
      cmocka_unit_test(with_skew_nearestfit_beats_the_ratios),
  };
  TEST_MAIN(tests);
}
