/* progress.h - reduce-phase progress indicators of Coppa & Finocchi
 * (docs/models.md, "Progress indicators"): Hadoop's progress score, JobRatio,
 * TaskRatio and NearestFit, and the paper's two error metrics.
 *
 * Every indicator reads one snapshot: what a JobTracker knows at time NOW
 * (task states and reports, the key-group profile the maps sent, the
 * completed reduce invocations) and nothing later.  The engine fills it every
 * sampling period; the indicators keep no state between snapshots. */
#ifndef MRLAB_PROGRESS_H
#define MRLAB_PROGRESS_H

#include <stddef.h>

typedef enum {
  PROGRESS_PENDING, /* not scheduled yet */
  PROGRESS_COPY,    /* fetching its map outputs */
  PROGRESS_SORT,    /* merging them */
  PROGRESS_REDUCE,  /* calling the reduce function, key group after key group */
  PROGRESS_DONE
} progress_state;

/* COUNT completed reduce invocations of a key group of SIZE bytes, each of
 * COST seconds (their mean): an invocation timed alone is one, a burst's
 * invocations of one size and the points smoothing merges (§6) are several.
 * COUNT > 0, and need not be whole (a batch's share of the groups of a size).
 * Eq. 6 averages over invocations, so it weighs a point by its count; the fit
 * (eq. 7, a set of pairs) takes each point once. */
typedef struct {
  double size, cost, count;
} progress_point;

/* COUNT key groups of SIZE bytes each; COUNT need not be whole (an estimated
 * share of the implicit keys, spec §5.3). */
typedef struct {
  double size, count;
} progress_group;

typedef struct {
  progress_state state;
  double start;               /* when the task began its reduce functions (a pending task: unused) */
  double end;                 /* a DONE task's true end */
  double updated;             /* p_i: end of its last completed invocation, START if none */
  double phase_progress;      /* fraction of the current phase done, in [0, 1], as Hadoop counts it */
  double bytes_total;         /* the task's reduce input */
  double bytes_done;          /* bytes its reduce functions consumed so far (Hadoop's count, partial groups too) */
  double bytes_reduced;       /* bytes of its completed invocations: they took updated - start seconds */
  const progress_point *done; /* D_i: its completed invocations */
  size_t n_done;
  const progress_group *left; /* K_i(t): its key groups not yet completed (the running one included) */
  size_t n_left;
  const struct progress_fit *fit; /* D_i's fit if the caller kept one (progress_fit_points; scale 0 if D_i has
                                     none), so that a sampler refits only what changed; NULL: fitted here */
} progress_task;

typedef struct {
  double now;          /* the time of the estimate */
  double t_start;      /* the first reduce function's start */
  size_t slots;        /* reduce slots of the cluster (pending tasks wait for one) */
  double delta;        /* NearestFit's neighbourhood half-width, bytes */
  double shuffle_time; /* predicted shuffle time of a pending task, added to its remaining time */
  const progress_task *tasks;
  size_t n_tasks;
} progress_snapshot;

/* NearestFit's four ways of costing a key group (docs/models.md). */
enum { PROGRESS_LOCAL_NN, PROGRESS_LOCAL_FIT, PROGRESS_GLOBAL_NN, PROGRESS_GLOBAL_FIT, PROGRESS_N_STEPS };

typedef struct {
  double progress;                /* percent, in [0, 100] */
  double end;                     /* estimated end of the reduce phase */
  size_t steps[PROGRESS_N_STEPS]; /* NearestFit: key-group sizes costed by each step (others: 0) */
} progress_estimate;

/* The curve f(x) = a + b (x / scale)^c fitted to (size, cost) points. */
typedef struct progress_fit {
  double a, b, c, scale, r2, sse;
} progress_fit;

/* Hadoop's weights of a reduce task's three phases; the paper's indicator is {0, 0, 1}. */
typedef struct {
  double copy, sort, reduce;
} progress_weights;

extern const progress_weights progress_hadoop_weights; /* 1/3 each, as Hadoop's ReduceTask */

/* All indicators return 0; GSL_EINVAL if a time in S is later than S->now
 * (or a count or fraction is out of range), E untouched; GSL_EFAILED if the
 * snapshot holds too little to estimate (at t_start nothing is known). */

/* Hadoop's score: the mean over tasks of W.copy * copy + W.sort * sort +
 * W.reduce * (bytes_done / bytes_total), each phase's fraction done, divided
 * by the weights' sum; the end is extrapolated linearly from t_start. */
int progress_hadoop(const progress_snapshot *s, progress_weights w, progress_estimate *e);
/* One rate, seconds per byte, over all completed invocations (eqs. 13-14):
 * the sum of (updated - start) over the sum of bytes_reduced. */
int progress_jobratio(const progress_snapshot *s, progress_estimate *e);
/* Each task's own rate, (updated - start) / bytes_reduced; a task that
 * completed nothing takes JobRatio's (eqs. 15-16). */
int progress_taskratio(const progress_snapshot *s, progress_estimate *e);
/* Each remaining key group costed by the first of: local delta-nearest
 * neighbours, a local fit with R^2 >= 0.9, global nearest neighbours, the
 * other tasks' fit that best explains this task's points (eqs. 5-8, §3.5). */
int progress_nearestfit(const progress_snapshot *s, progress_estimate *e);

/* Fits a + b (x/scale)^c, c in [0.1, 6], to N points by GSL's non-linear
 * least squares started from the best c of a grid, scale = the largest x.
 * Returns 0; GSL_EFAILED if fewer than 3 distinct sizes or all costs equal
 * (no R^2), or if the least error lies at c = 6, the top of the range (a
 * step at the largest size, not a cost law). */
int progress_fit_points(const progress_point *p, size_t n, progress_fit *f);
double progress_fit_eval(const progress_fit *f, double x);

/* The mean cost of the invocations within [x - delta, x + delta] (eq. 6),
 * each point weighed by its count, into *Y; returns 0, or GSL_EFAILED if
 * none is. */
int progress_nearest(const progress_point *p, size_t n, double x, double delta, double *y);

/* The reduce profile as the paper compresses it (§6), before it reaches D_i:
 * merges each point into an earlier one of the same size whose cost differs
 * by at most MERGE seconds (0.5 in the paper), the two replaced by one point
 * of their invocations: the counts summed, the costs' mean weighed by them;
 * returns the number of points left at the front of P. */
size_t progress_smooth(progress_point *p, size_t n, double merge);
/* Splits the time TOTAL of a burst of untimed invocations among them in
 * proportion to their sizes (§6): P[k].count invocations of P[k].size bytes
 * each, N points; each invocation's share into P[k].cost.  Returns 0, or
 * GSL_EINVAL if the burst's bytes are not positive. */
int progress_burst_split(progress_point *p, size_t n, double total);
/* The implicit keys of a task, S bytes of unknown groups, shared out by
 * the histogram of sizes seen so far (N entries: size, frequency): with
 * mu = sum(pi(x) x), n = S / mu groups of which pi(x) n have size x, into
 * OUT[k] (spec §5.3, a reconstruction).  Returns 0, or GSL_EINVAL if the
 * histogram's mean size is not positive. */
int progress_implicit_groups(double s, const progress_group *hist, size_t n, progress_group *out);

/* The paper's error (§7.4) of N estimates (T[k], P[k] percent) against the
 * true progress 100 (t - t_start) / (end - t_start): mean and max of the
 * absolute difference, in points.  Returns 0, or GSL_EINVAL if N is 0 or
 * END <= T_START. */
int progress_error(const double *t, const double *p, size_t n, double t_start, double end, double *avg, double *max);

#endif
