/* progress.c - the reduce-phase progress indicators of Coppa & Finocchi.
 *
 * All four share the paper's frame (eqs. 1-3): each task gets an estimated
 * remaining time r_i from what it reported, its end is p_i + r_i (the end of
 * its last completed invocation plus the remainder, so the invocation running
 * now is costed whole and never guessed at), a finished task keeps its true
 * end, a pending task waits for the first slot a greedy scheduler frees, and
 * the phase ends with the last task.  Only the remaining-time rule differs:
 * bytes left times a rate (JobRatio, TaskRatio) or each key group costed from
 * groups of similar size (NearestFit).  Hadoop's score is a mean of fractions
 * instead and gets its end by linear extrapolation.
 *
 * Nothing here keeps state: an estimate is a pure function of one snapshot,
 * which is why checking the snapshot's times against "now" is enough to know
 * that no indicator reads the future.  While a task runs the estimated end
 * is never before "now" (the phase is not over), so progress stays <= 100. */
#include "progress.h"

#include "alloc.h"
#include "slots.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

const progress_weights progress_hadoop_weights = {1.0 / 3, 1.0 / 3, 1.0 / 3};

/* GSL_EINVAL unless every time in S is at most S->now and counts are sane. */
static int snapshot_check(const progress_snapshot *s)
{
  if (!(s->t_start <= s->now) || !(s->delta >= 0) || !(s->shuffle_time >= 0))
    return GSL_EINVAL;
  for (size_t i = 0; i < s->n_tasks; i++) {
    const progress_task *t = &s->tasks[i];
    if (t->state > PROGRESS_DONE)
      return GSL_EINVAL;
    if (t->state == PROGRESS_PENDING) {
      if (!s->slots)
        return GSL_EINVAL;
    } else if (!(t->start <= s->now && t->updated <= s->now))
      return GSL_EINVAL;
    if (t->state == PROGRESS_DONE && !(t->end <= s->now))
      return GSL_EINVAL;
    if (!(t->phase_progress >= 0 && t->phase_progress <= 1) || !(t->bytes_done >= 0) ||
        !(t->bytes_done <= t->bytes_total) || !(t->bytes_reduced >= 0))
      return GSL_EINVAL;
    for (size_t k = 0; k < t->n_left; k++)
      if (!(t->left[k].size >= 0 && t->left[k].count >= 0))
        return GSL_EINVAL;
    for (size_t k = 0; k < t->n_done; k++)
      if (!(t->done[k].count > 0))
        return GSL_EINVAL;
  }
  return GSL_SUCCESS;
}

/* Eqs. 1-2 from each task's remaining time R[i] (a done task's is unused):
 * running tasks end at p_i + R[i] but not before now, pending ones start in
 * index order on the earliest slot free, the phase ends with the last task
 * (once all are done: the true end, progress 100). */
static void estimate_finish(const progress_snapshot *s, const double *r, progress_estimate *e)
{
  size_t running = 0;
  for (size_t i = 0; i < s->n_tasks; i++)
    running += s->tasks[i].state != PROGRESS_PENDING && s->tasks[i].state != PROGRESS_DONE;
  size_t n_slots = s->slots > running ? s->slots : running, used = 0;
  double *free_at = xcalloc(n_slots ? n_slots : 1, sizeof *free_at);
  double end = s->t_start;
  for (size_t i = 0; i < s->n_tasks; i++) {
    const progress_task *t = &s->tasks[i];
    if (t->state == PROGRESS_DONE)
      end = fmax(end, t->end);
    else if (t->state != PROGRESS_PENDING) {
      free_at[used] = fmax(t->updated + r[i], s->now);
      end = fmax(end, free_at[used++]);
    }
  }
  for (; used < n_slots; used++)
    free_at[used] = s->now;
  slots_queue *q = slots_alloc(free_at, n_slots ? n_slots : 1); /* thousands of tasks may wait */
  for (size_t i = 0; i < s->n_tasks; i++) {
    if (s->tasks[i].state != PROGRESS_PENDING)
      continue;
    double until = q->free_at[slots_first(q)] + r[i];
    slots_take(q, until);
    end = fmax(end, until);
  }
  slots_free(q);
  free(free_at);
  e->end = end;
  e->progress = end > s->t_start ? fmin(100, 100 * (s->now - s->t_start) / (end - s->t_start)) : 100;
}

int progress_hadoop(const progress_snapshot *s, progress_weights w, progress_estimate *e)
{
  double sum = w.copy + w.sort + w.reduce;
  if (!(w.copy >= 0 && w.sort >= 0 && w.reduce >= 0 && sum > 0))
    return GSL_EINVAL;
  int status = snapshot_check(s);
  if (status)
    return status;
  double score = 0;
  for (size_t i = 0; i < s->n_tasks; i++) {
    const progress_task *t = &s->tasks[i];
    switch (t->state) {
    case PROGRESS_PENDING: break;
    case PROGRESS_COPY: score += w.copy * t->phase_progress; break;
    case PROGRESS_SORT: score += w.copy + w.sort * t->phase_progress; break;
    case PROGRESS_REDUCE:
      score += w.copy + w.sort + w.reduce * (t->bytes_total > 0 ? t->bytes_done / t->bytes_total : 0);
      break;
    case PROGRESS_DONE: score += sum; break;
    }
  }
  if (!(score > 0))
    return GSL_EFAILED;
  *e = (progress_estimate){0};
  e->progress = 100 * score / sum / s->n_tasks;
  e->end = s->t_start + (s->now - s->t_start) * 100 / e->progress;
  return GSL_SUCCESS;
}

static double groups_bytes(const progress_group *g, size_t n)
{
  double x = 0;
  for (size_t k = 0; k < n; k++)
    x += g[k].size * g[k].count;
  return x;
}

/* JobRatio (PER_TASK 0) or TaskRatio (1): remaining bytes times a rate.  A
 * task's invocations run one after another from its start, so the time its
 * completed ones took is updated - start: a batch of small groups timed as
 * one (bursting) counts whole, as eq. 13's sums over every group do. */
static int ratio_estimate(const progress_snapshot *s, int per_task, progress_estimate *e)
{
  int status = snapshot_check(s);
  if (status)
    return status;
  double bytes = 0, time = 0;
  for (size_t i = 0; i < s->n_tasks; i++)
    if (s->tasks[i].state != PROGRESS_PENDING && s->tasks[i].bytes_reduced > 0) {
      bytes += s->tasks[i].bytes_reduced;
      time += s->tasks[i].updated - s->tasks[i].start;
    }
  if (!(bytes > 0))
    return GSL_EFAILED;
  double alpha = time / bytes; /* eq. 13 */
  double *r = xcalloc(s->n_tasks ? s->n_tasks : 1, sizeof *r);
  for (size_t i = 0; i < s->n_tasks; i++) {
    const progress_task *t = &s->tasks[i];
    double own = t->state != PROGRESS_PENDING ? t->bytes_reduced : 0;
    double rate = per_task && own > 0 ? (t->updated - t->start) / own : alpha; /* eq. 15 */
    r[i] = rate * groups_bytes(t->left, t->n_left);                            /* eqs. 14, 16 */
    if (t->state == PROGRESS_PENDING)
      r[i] += s->shuffle_time;
  }
  *e = (progress_estimate){0};
  estimate_finish(s, r, e);
  free(r);
  return GSL_SUCCESS;
}

int progress_jobratio(const progress_snapshot *s, progress_estimate *e)
{
  return ratio_estimate(s, 0, e);
}

int progress_taskratio(const progress_snapshot *s, progress_estimate *e)
{
  return ratio_estimate(s, 1, e);
}

/* Points sorted by size with running sums of their invocations and costs,
 * so that the mean cost of a neighbourhood (eq. 6) takes two binary
 * searches: NearestFit asks it once per key group left, of which a task may
 * have many thousands. */
typedef struct {
  double *size, *sum, *count; /* sum[k], count[k]: the cost and invocations of the K smallest points */
  size_t n;
} nn_index;

static int point_compare(const void *a, const void *b)
{
  double x = ((const progress_point *)a)->size, y = ((const progress_point *)b)->size;
  return (x > y) - (x < y);
}

static nn_index nn_index_alloc(const progress_point *p, size_t n)
{
  progress_point *sorted = xcalloc(n ? n : 1, sizeof *sorted);
  for (size_t k = 0; k < n; k++)
    sorted[k] = p[k];
  qsort(sorted, n, sizeof *sorted, point_compare);
  nn_index ix = {xcalloc(n ? n : 1, sizeof(double)), xcalloc(n + 1, sizeof(double)), xcalloc(n + 1, sizeof(double)), n};
  for (size_t k = 0; k < n; k++) {
    ix.size[k] = sorted[k].size;
    ix.sum[k + 1] = ix.sum[k] + sorted[k].count * sorted[k].cost;
    ix.count[k + 1] = ix.count[k] + sorted[k].count;
  }
  free(sorted);
  return ix;
}

static void nn_index_free(nn_index *ix)
{
  free(ix->size);
  free(ix->sum);
  free(ix->count);
}

/* The number of indexed sizes below X, or at most X if INCLUSIVE. */
static size_t nn_index_rank(const nn_index *ix, double x, int inclusive)
{
  size_t lo = 0, hi = ix->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (ix->size[mid] < x || (inclusive && ix->size[mid] == x))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The closed interval of eq. 6: sizes in [x - delta, x + delta], the mean over their invocations. */
static int nn_index_mean(const nn_index *ix, double x, double delta, double *y)
{
  size_t lo = nn_index_rank(ix, x - delta, 0), hi = nn_index_rank(ix, x + delta, 1);
  if (hi <= lo)
    return GSL_EFAILED;
  *y = (ix->sum[hi] - ix->sum[lo]) / (ix->count[hi] - ix->count[lo]);
  return GSL_SUCCESS;
}

int progress_nearest(const progress_point *p, size_t n, double x, double delta, double *y)
{
  nn_index ix = nn_index_alloc(p, n);
  int status = nn_index_mean(&ix, x, delta, y);
  nn_index_free(&ix);
  return status;
}

double progress_fit_eval(const progress_fit *f, double x)
{
  return f->a + f->b * pow(x / f->scale, f->c);
}

/* The squared error of F over N points. */
static double fit_sse(const progress_fit *f, const progress_point *p, size_t n)
{
  double sse = 0;
  for (size_t k = 0; k < n; k++) {
    double d = p[k].cost - progress_fit_eval(f, p[k].size);
    sse += d * d;
  }
  return sse;
}

/* The least-squares a and b for a fixed exponent C: GSL's line through the
 * N costs Y against u = (x/scale)^c, the u of the points P into U.  When
 * every u is the same (no line), b = 0 and a is the mean cost. */
static void fit_linear(const progress_point *p, size_t n, const double *y, double *u, progress_fit *f)
{
  for (size_t k = 0; k < n; k++)
    u[k] = pow(p[k].size / f->scale, f->c);
  double cov00, cov01, cov11, sumsq;
  gsl_fit_linear(u, 1, y, 1, n, &f->a, &f->b, &cov00, &cov01, &cov11, &sumsq);
  if (!isfinite(f->b))
    f->b = 0, f->a = gsl_stats_mean(y, 1, n);
  f->sse = fit_sse(f, p, n);
}

typedef struct {
  const progress_point *p;
  double scale;
} fit_data;

static int fit_residuals(const gsl_vector *v, void *params, gsl_vector *res)
{
  const fit_data *d = params;
  progress_fit f = {.a = gsl_vector_get(v, 0), .b = gsl_vector_get(v, 1), .c = gsl_vector_get(v, 2), .scale = d->scale};
  for (size_t k = 0; k < res->size; k++)
    gsl_vector_set(res, k, progress_fit_eval(&f, d->p[k].size) - d->p[k].cost);
  return GSL_SUCCESS;
}

static int fit_jacobian(const gsl_vector *v, void *params, gsl_matrix *jac)
{
  const fit_data *d = params;
  double b = gsl_vector_get(v, 1), c = gsl_vector_get(v, 2);
  for (size_t k = 0; k < jac->size1; k++) {
    double u = d->p[k].size / d->scale, uc = pow(u, c);
    gsl_matrix_set(jac, k, 0, 1);
    gsl_matrix_set(jac, k, 1, uc);
    gsl_matrix_set(jac, k, 2, u > 0 ? b * uc * log(u) : 0);
  }
  return GSL_SUCCESS;
}

/* The exponents a fit may have: FIT_C_FIRST to FIT_C_LAST steps of FIT_C_STEP, [0.1, 6]. */
#define FIT_C_STEP 0.05
#define FIT_C_FIRST 2
#define FIT_C_LAST 120
#define FIT_C_MIN (FIT_C_STEP * FIT_C_FIRST)
#define FIT_C_MAX (FIT_C_STEP * FIT_C_LAST)

/* A start for the solver: the exponent in [0.1, 6] (step 0.05) whose linear
 * fit has the least error.  The non-linear solver alone, from a fixed start,
 * lands in flat regions of c when costs span orders of magnitude. */
static void fit_start(const progress_point *p, size_t n, progress_fit *best)
{
  progress_fit f = *best;
  best->sse = INFINITY;
  double *y = xcalloc(2 * n, sizeof *y), *u = y + n;
  for (size_t k = 0; k < n; k++)
    y[k] = p[k].cost;
  for (int k = FIT_C_FIRST; k <= FIT_C_LAST; k++) {
    f.c = FIT_C_STEP * k;
    fit_linear(p, n, y, u, &f);
    if (f.sse < best->sse)
      *best = f;
  }
  free(y);
}

int progress_fit_points(const progress_point *p, size_t n, progress_fit *f)
{
  size_t distinct = 0;
  double scale = 0, mean = 0, sst = 0;
  for (size_t k = 0; k < n; k++) {
    size_t j = 0;
    while (j < k && p[j].size != p[k].size)
      j++;
    distinct += j == k;
    scale = fmax(scale, p[k].size);
    mean += p[k].cost / n;
  }
  for (size_t k = 0; k < n; k++)
    sst += (p[k].cost - mean) * (p[k].cost - mean);
  if (distinct < 3 || !(sst > 0) || !(scale > 0))
    return GSL_EFAILED;
  progress_fit best = {.scale = scale};
  fit_start(p, n, &best);

  fit_data d = {p, scale};
  gsl_multifit_nlinear_fdf fdf = {.f = fit_residuals, .df = fit_jacobian, .n = n, .p = 3, .params = &d};
  gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
  gsl_multifit_nlinear_workspace *w = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, n, 3);
  double start[3] = {best.a, best.b, best.c};
  gsl_vector_view v0 = gsl_vector_view_array(start, 3);
  gsl_error_handler_t *handler = gsl_set_error_handler_off(); /* a failed solve falls back to the start */
  int info;
  if (gsl_multifit_nlinear_init(&v0.vector, &fdf, w) == GSL_SUCCESS)
    gsl_multifit_nlinear_driver(200, 1e-14, 1e-14, 0, NULL, NULL, &info, w);
  gsl_set_error_handler(handler);
  const gsl_vector *v = gsl_multifit_nlinear_position(w);
  progress_fit solved = {gsl_vector_get(v, 0), gsl_vector_get(v, 1), gsl_vector_get(v, 2), scale, 0, 0};
  gsl_multifit_nlinear_free(w);
  solved.sse = fit_sse(&solved, p, n);
  if (isfinite(solved.sse) && solved.sse <= best.sse && solved.c >= FIT_C_MIN && solved.c <= FIT_C_MAX)
    best = solved; /* an exponent past the grid's bounds is a step fitted to noise, not a cost law */
  /* and so is one at the top bound: the error still falls as c grows, toward
   * a step at the largest size (a few small sizes of noisy costs and one
   * large point), and c = 6 would extrapolate that step without bound */
  if (best.c >= FIT_C_MAX)
    return GSL_EFAILED;
  best.r2 = 1 - best.sse / sst;
  *f = best;
  return GSL_SUCCESS;
}

/* Rule 4's model for task I: of the other tasks' fits, the one with the
 * least squared error on task I's points (none: the best R^2).  Task I's own
 * fit is left out: it would always win on its own points.  Returns the
 * task, or S->n_tasks if no other task has a fit. */
static size_t nearestfit_donor(const progress_snapshot *s, size_t i, const progress_fit *fits, const int *fitted)
{
  const progress_task *t = &s->tasks[i];
  size_t best = s->n_tasks;
  double best_score = INFINITY;
  for (size_t j = 0; j < s->n_tasks; j++) {
    if (j == i || !fitted[j])
      continue;
    double score = t->n_done ? fit_sse(&fits[j], t->done, t->n_done) : -fits[j].r2;
    if (score < best_score)
      best = j, best_score = score;
  }
  return best;
}

/* NearestFit's cost of one key group of SIZE bytes in task I (§3.5):
 * local neighbours, the local fit if R^2 >= 0.9, global neighbours, then
 * the fit of task *DONOR (nearestfit_donor, found the first time a group
 * of task I needs it: SIZE_MAX before; the search is quadratic in tasks).  A pending task knows nothing of
 * its own: rules 3-4 only.  Returns the rule used, or PROGRESS_N_STEPS if
 * none applies. */
static int nearestfit_cost(const progress_snapshot *s, size_t i, const nn_index *local, const progress_fit *fits,
                           const int *fitted, const nn_index *global, size_t *donor, double size, double *y)
{
  if (s->tasks[i].state != PROGRESS_PENDING) {
    if (nn_index_mean(local, size, s->delta, y) == GSL_SUCCESS)
      return PROGRESS_LOCAL_NN;
    if (fitted[i] && fits[i].r2 >= 0.9) {
      *y = progress_fit_eval(&fits[i], size);
      return PROGRESS_LOCAL_FIT;
    }
  }
  if (nn_index_mean(global, size, s->delta, y) == GSL_SUCCESS)
    return PROGRESS_GLOBAL_NN;
  if (*donor == SIZE_MAX)
    *donor = nearestfit_donor(s, i, fits, fitted);
  if (*donor == s->n_tasks)
    return PROGRESS_N_STEPS;
  *y = progress_fit_eval(&fits[*donor], size);
  return PROGRESS_GLOBAL_FIT;
}

int progress_nearestfit(const progress_snapshot *s, progress_estimate *e)
{
  int status = snapshot_check(s);
  if (status)
    return status;
  size_t n = s->n_tasks ? s->n_tasks : 1, n_all = 0;
  progress_fit *fits = xcalloc(n, sizeof *fits);
  int *fitted = xcalloc(n, sizeof *fitted);
  double *r = xcalloc(n, sizeof *r);
  for (size_t i = 0; i < s->n_tasks; i++) {
    if (s->tasks[i].fit)
      fits[i] = *s->tasks[i].fit, fitted[i] = fits[i].scale > 0;
    else
      fitted[i] = progress_fit_points(s->tasks[i].done, s->tasks[i].n_done, &fits[i]) == GSL_SUCCESS;
    n_all += s->tasks[i].n_done;
  }
  progress_point *all = xcalloc(n_all ? n_all : 1, sizeof *all);
  for (size_t i = 0, k = 0; i < s->n_tasks; i++)
    for (size_t j = 0; j < s->tasks[i].n_done; j++)
      all[k++] = s->tasks[i].done[j];
  nn_index global = nn_index_alloc(all, n_all);
  free(all);
  progress_estimate out = {0};
  for (size_t i = 0; i < s->n_tasks && !status; i++) {
    const progress_task *t = &s->tasks[i];
    if (t->state == PROGRESS_DONE)
      continue;
    nn_index local = nn_index_alloc(t->done, t->n_done);
    size_t donor = SIZE_MAX;
    for (size_t k = 0; k < t->n_left && !status; k++) {
      double y;
      int step = nearestfit_cost(s, i, &local, fits, fitted, &global, &donor, t->left[k].size, &y);
      if (step == PROGRESS_N_STEPS)
        status = GSL_EFAILED;
      else
        out.steps[step]++, r[i] += t->left[k].count * y; /* eq. 5 */
    }
    nn_index_free(&local);
    if (t->state == PROGRESS_PENDING)
      r[i] += s->shuffle_time;
  }
  if (!status) {
    estimate_finish(s, r, &out);
    *e = out;
  }
  nn_index_free(&global);
  free(r);
  free(fitted);
  free(fits);
  return status;
}

size_t progress_smooth(progress_point *p, size_t n, double merge)
{
  size_t kept = 0;
  for (size_t k = 0; k < n; k++) {
    size_t j = 0;
    while (j < kept && !(p[j].size == p[k].size && fabs(p[j].cost - p[k].cost) <= merge))
      j++;
    if (j < kept) {
      double count = p[j].count + p[k].count;
      p[j].cost = (p[j].count * p[j].cost + p[k].count * p[k].cost) / count;
      p[j].count = count;
    } else
      p[kept++] = p[k];
  }
  return kept;
}

int progress_burst_split(progress_point *p, size_t n, double total)
{
  double bytes = 0;
  for (size_t k = 0; k < n; k++)
    bytes += p[k].size * p[k].count;
  if (!(bytes > 0))
    return GSL_EINVAL;
  for (size_t k = 0; k < n; k++)
    p[k].cost = total * p[k].size / bytes;
  return GSL_SUCCESS;
}

int progress_implicit_groups(double s, const progress_group *hist, size_t n, progress_group *out)
{
  double freq = 0, mu = 0;
  for (size_t k = 0; k < n; k++)
    freq += hist[k].count, mu += hist[k].size * hist[k].count;
  if (!(freq > 0 && mu > 0))
    return GSL_EINVAL;
  mu /= freq; /* frequencies need not sum to 1 */
  for (size_t k = 0; k < n; k++)
    out[k] = (progress_group){hist[k].size, s / mu * hist[k].count / freq};
  return GSL_SUCCESS;
}

int progress_error(const double *t, const double *p, size_t n, double t_start, double end, double *avg, double *max)
{
  if (!n || !(end > t_start))
    return GSL_EINVAL;
  double sum = 0, top = 0;
  for (size_t k = 0; k < n; k++) {
    double err = fabs(p[k] - 100 * (t[k] - t_start) / (end - t_start));
    sum += err;
    top = fmax(top, err);
  }
  *avg = sum / n;
  *max = top;
  return GSL_SUCCESS;
}
