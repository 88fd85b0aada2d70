/* indicators.c - the JobTracker's progress indicators, sampled as the job runs.
 *
 * Every mrlab.progress.period of simulated time, an actor on the master
 * estimates the reduce phase of each job in it (from its first reduce
 * function's start to its last one's end) with every indicator of
 * models/progress.h, and keeps the estimates for progress.csv.  It reads
 * only what a JobTracker could know at that moment, as Coppa and Finocchi's
 * instrumented Hadoop does (docs/models.md, "Progress indicators"):
 *   - the key profile the maps reported when they ended: each map sends
 *     its share of every explicit key group (the generator's heaviest
 *     groups of each partition) and the bytes of the rest, merged through a
 *     Space-Saving sketch of mrlab.progress.sketch counters (0: exact,
 *     summed key by key).  A key the sketch lost joins the implicit bytes;
 *     a kept key's size is its count less its error, an under-estimate
 *     (eq. 11);
 *   - the reduce profile: the time of each call the reduce function ended,
 *     an explicit group (once the last of its pieces is through; a group
 *     larger than a chunk streams in pieces) or a batch of the others, each
 *     from the end of the call before it.  A batch is a burst of
 *     untimed groups whose time is split among them by size (§6); its
 *     group sizes come from the partition's size histogram, and they feed
 *     the histogram of implicit sizes that shares out the implicit bytes
 *     left (§5.3).  A burst's point of each size counts the batch's groups
 *     of that size, and points of equal size within 0.5 s merge into one
 *     that counts both (smoothing), so that eq. 6 averages over reduce
 *     calls, not over points: a batch of a thousand calls weighs a thousand;
 *   - each attempt's phase and Hadoop's progress score.
 * Nothing of a chunk is read before it ends, and models/progress.c refuses a
 * snapshot holding a later time, so no indicator sees the future.
 *
 * The sampler does no simcall but sleep, and changes nothing the other
 * actors read: a run with sampling gives the same tasks.csv as one without.
 * Its state grows by the chunks ended since the last sample, and a task's
 * curve is refitted only when its points changed. */
#include "indicators.h"

#include "alloc.h"
#include "jobs.h"
#include "progress.h"
#include "reducetask.h"
#include "rundir.h"
#include "spacesaving.h"

#include <gsl/gsl_errno.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <xbt/asserts.h>

#include <math.h>
#include <stdlib.h>

#define SMOOTH_MERGE 0.5 /* s: the paper's smoothing of equal sizes */

/* What the JobTracker holds of one reduce task between samples. */
typedef struct {
  const attempt *a;       /* the attempt it follows: the one furthest on */
  int seen;               /* its chunks already taken in */
  progress_point *points; /* D_i, smoothed */
  size_t n_points, cap_points;
  int refit;            /* the points changed since FIT */
  progress_fit fit;     /* scale 0: no fit */
  char *group_done;     /* per explicit group of the partition */
  double bytes_reduced; /* bytes of its ended chunks */
  double implicit_done; /* of them, implicit bytes: batches, and groups the sketch lost */
} task_view;

struct job_view {
  int ready;             /* the key profile is merged */
  int *first;            /* per partition: its first explicit group in EST, GROUP_BYTES; n_reduces + 1 */
  double *est;           /* the sketch's size of each explicit group, 0 if lost */
  int64_t *group_bytes;  /* its true size, which the reducer reports once it ends */
  double *implicit;      /* per partition: implicit bytes, from the profile */
  double *input;         /* per partition: its reduce input */
  progress_group **rest; /* per partition: the sizes of its other groups and how many of each */
  int *n_rest;
  progress_group *hist; /* implicit group sizes ended so far, all tasks */
  size_t n_hist, cap_hist;
  task_view *tasks;
};

/* The representative size of KEYS_BINS bin B (2^b to 2^(b+1) - 1 records). */
static double bin_bytes(int b, int64_t record_bytes)
{
  return (1.5 * ldexp(1, b) - 0.5) * (double)record_bytes;
}

/* The sizes of the groups of partition P that are not explicit: the key
 * data's histogram, or equal groups. */
static void view_rest(job_view *v, const job *j, int p, int n_explicit)
{
  const keys_data *keys = j->desc->keys;
  v->rest[p] = xcalloc(KEYS_BINS, sizeof *v->rest[p]);
  if (keys) {
    for (int b = 0; b < KEYS_BINS; b++)
      if (keys->parts[p].hist[b])
        v->rest[p][v->n_rest[p]++] = (progress_group){bin_bytes(b, keys->record_bytes), (double)keys->parts[p].hist[b]};
  } else if (j->desc->groups[p] > n_explicit)
    v->rest[p][v->n_rest[p]++] =
        (progress_group){v->input[p] / (double)j->desc->groups[p], (double)(j->desc->groups[p] - n_explicit)};
}

/* Merges the maps' key reports, in the order the JobTracker received them,
 * through the sketch (see the file's comment); records its accuracy in J. */
static void view_merge_profile(job_view *v, job *j, const conf *cluster)
{
  int n_r = j->n_reduces;
  v->first = xcalloc((size_t)n_r + 1, sizeof *v->first);
  v->input = xcalloc((size_t)n_r, sizeof *v->input);
  v->implicit = xcalloc((size_t)n_r, sizeof *v->implicit);
  v->rest = xcalloc((size_t)n_r, sizeof *v->rest);
  v->n_rest = xcalloc((size_t)n_r, sizeof *v->n_rest);
  for (int p = 0; p < n_r; p++) {
    v->input[p] = (double)j->part_input[p];
    v->first[p + 1] = v->first[p] + reduce_explicit_groups(j, p, llround(v->input[p]), NULL);
  }
  int n_keys = v->first[n_r];
  v->est = xcalloc((size_t)n_keys + 1, sizeof *v->est);
  v->group_bytes = xcalloc((size_t)n_keys + 1, sizeof *v->group_bytes);
  for (int p = 0; p < n_r; p++)
    reduce_explicit_groups(j, p, llround(v->input[p]), v->group_bytes + v->first[p]);
  size_t capacity = (size_t)conf_get(cluster, CONF_PROGRESS_SKETCH);
  spacesaving *sk = capacity ? spacesaving_alloc(capacity) : NULL; /* 0: exact, a sum a key in EST */
  char *seen = xcalloc((size_t)j->n_maps, 1); /* a map run again (lost.h) is learnt of again: count it once */
  int distinct = 0;
  for (int i = 0; i < j->n_finished_maps; i++) {
    if (seen[j->finished_maps[i]->task->index]++)
      continue;
    distinct++;
    const task *m = j->finished_maps[i]->task;
    for (int p = 0; p < n_r; p++) { /* the map's share of each group: its share of the partition */
      double part = v->first[p] < v->first[p + 1] && v->input[p] > 0 ? (double)engine_part_bytes(m, p) : 0;
      for (int k = v->first[p]; part > 0 && k < v->first[p + 1]; k++) {
        double w = (double)v->group_bytes[k] * part / v->input[p];
        if (sk)
          spacesaving_add(sk, ((uint64_t)p << 32) | (uint64_t)(k - v->first[p]), w);
        else
          v->est[k] += w;
      }
    }
  }
  free(seen);
  xbt_assert(distinct == j->n_maps, "a reduce function ran before every map was reported");
  double err = 0, total = 0;
  for (int p = 0; p < n_r; p++) {
    v->implicit[p] = v->input[p];
    for (int k = v->first[p]; k < v->first[p + 1]; k++) {
      spacesaving_counter c;
      if (!sk) /* exact: a key no map reported is missed, as the sketch would miss it */
        j->sketch_missed += v->est[k] == 0;
      else if (spacesaving_get(sk, ((uint64_t)p << 32) | (uint64_t)(k - v->first[p]), &c))
        v->est[k] = fmax(0, c.count - c.error);
      else
        j->sketch_missed++;
      v->implicit[p] -= v->est[k];
      err += fabs(v->est[k] - (double)v->group_bytes[k]), total += (double)v->group_bytes[k];
    }
    v->implicit[p] = fmax(0, v->implicit[p]);
    view_rest(v, j, p, v->first[p + 1] - v->first[p]);
  }
  spacesaving_free(sk);
  j->sketch_keys = n_keys;
  j->sketch_error = total > 0 ? err / total : 0;
  v->tasks = xcalloc((size_t)n_r, sizeof *v->tasks);
  v->ready = 1;
}

static void view_add_point(task_view *t, progress_point point)
{
  if (t->n_points == t->cap_points) {
    t->cap_points = t->cap_points ? 2 * t->cap_points : 64;
    t->points = xrealloc(t->points, t->cap_points * sizeof *t->points);
  }
  t->points[t->n_points++] = point;
}

/* Adds COUNT groups of SIZE bytes to the histogram of implicit sizes. */
static void view_hist_add(job_view *v, double size, double count)
{
  size_t k = 0;
  while (k < v->n_hist && v->hist[k].size != size)
    k++;
  if (k == v->n_hist) {
    if (v->n_hist == v->cap_hist) {
      v->cap_hist = v->cap_hist ? 2 * v->cap_hist : 16;
      v->hist = xrealloc(v->hist, v->cap_hist * sizeof *v->hist);
    }
    v->hist[v->n_hist++] = (progress_group){size, 0};
  }
  v->hist[k].count += count;
}

/* Takes in the chunks attempt T->a ended since the last sample: a batch,
 * or an explicit group once the last of its pieces has ended. */
static void view_take_chunks(job_view *v, int p, task_view *t)
{
  const attempt *a = t->a;
  while (t->seen < a->chunks_done) {
    int c = t->seen, last = c, g = a->chunk_group[c];
    while (g >= 0 && last + 1 < a->n_chunks && a->chunk_group[last + 1] == g)
      last++;
    if (last >= a->chunks_done) /* the group's call is still running */
      break;
    double bytes = 0;
    for (int k = c; k <= last; k++)
      bytes += (double)a->chunk_bytes[k];
    double cost = a->chunk_end[last] - (c ? a->chunk_end[c - 1] : a->phase_end[PHASE_SORT]);
    t->seen = last + 1;
    t->bytes_reduced += bytes;
    if (g >= 0) { /* an explicit group, timed alone */
      t->group_done[g] = 1;
      if (v->est[v->first[p] + g] == 0)
        t->implicit_done += bytes;
      view_add_point(t, (progress_point){bytes, cost, 1});
    } else if (bytes > 0 && v->n_rest[p]) { /* a burst: its groups by size, its time split by size */
      double rest = 0;
      for (int b = 0; b < v->n_rest[p]; b++)
        rest += v->rest[p][b].size * v->rest[p][b].count;
      progress_point burst[KEYS_BINS];
      for (int b = 0; b < v->n_rest[p]; b++) {
        burst[b] = (progress_point){v->rest[p][b].size, 0, bytes * v->rest[p][b].count / rest};
        view_hist_add(v, burst[b].size, burst[b].count);
      }
      progress_burst_split(burst, (size_t)v->n_rest[p], cost);
      for (int b = 0; b < v->n_rest[p]; b++)
        view_add_point(t, burst[b]);
      t->implicit_done += bytes;
    } else
      t->implicit_done += bytes;
    t->refit = 1;
  }
  if (t->refit) {
    t->n_points = progress_smooth(t->points, t->n_points, SMOOTH_MERGE);
    if (progress_fit_points(t->points, t->n_points, &t->fit))
      t->fit = (progress_fit){0};
    t->refit = 0;
  }
}

/* The attempt of reduce task T that the JobTracker follows: one whose reduce
 * functions all ended, else the running one furthest on, else NULL. */
static const attempt *task_leader(const task *t)
{
  const attempt *best = NULL;
  for (int k = 0; k < t->n_attempts; k++) {
    const attempt *a = t->attempts[k];
    if (a->chunk_end && a->chunks_done == a->n_chunks && a->status != STATUS_KILLED)
      return a;
    if (a->status == STATUS_RUNNING && !a->cancel && (!best || a->progress > best->progress))
      best = a;
  }
  return best;
}

void indicators_phase(const job *j, double *start, double *end)
{
  if (j->recorded) { /* its tasks may be gone (retire.h) */
    *start = j->reduce_phase_start, *end = j->reduce_phase_end;
    return;
  }
  *start = INFINITY, *end = -INFINITY;
  for (int p = 0; p < j->n_reduces; p++)
    for (int k = 0; k < j->reduces[p].n_attempts; k++) {
      const attempt *a = j->reduces[p].attempts[k];
      if (!a->chunk_end)
        continue;
      *start = fmin(*start, a->phase_end[PHASE_SORT]);
      if (a->status == STATUS_SUCCEEDED)
        *end = fmax(*end, a->n_chunks ? a->chunk_end[a->n_chunks - 1] : a->phase_end[PHASE_SORT]);
    }
}

static void sample_add(engine *e, int job, int indicator, double now, int status, const progress_estimate *est)
{
  if (e->n_samples == e->cap_samples) {
    e->cap_samples = e->cap_samples ? 2 * e->cap_samples : 1024;
    e->samples = xrealloc(e->samples, e->cap_samples * sizeof *e->samples);
  }
  e->samples[e->n_samples++] =
      (progress_sample){job, indicator, now, status ? 0 : est->progress, status ? NAN : est->end};
}

/* Brings the view of reduce task P up to NOW: its leading attempt and the chunks that attempt ended. */
static void view_update(job_view *v, const job *j, int p)
{
  task_view *t = &v->tasks[p];
  const attempt *a = task_leader(&j->reduces[p]);
  if (a != t->a || !t->group_done) { /* a new attempt (or the first look): start over with it */
    free(t->points);
    free(t->group_done);
    *t = (task_view){.a = a, .group_done = xcalloc((size_t)(v->first[p + 1] - v->first[p]) + 1, 1)};
  }
  if (a && a->chunk_end)
    view_take_chunks(v, p, t);
}

/* Task P's entry of the snapshot at NOW, its groups left written to LEFT. */
static progress_task snapshot_task(const job_view *v, int p, double now, progress_group *left)
{
  const task_view *t = &v->tasks[p];
  const attempt *a = t->a;
  progress_task out = {.state = PROGRESS_PENDING, .bytes_total = v->input[p], .left = left};
  if (a && a->chunk_end) {
    out.start = a->phase_end[PHASE_SORT];
    out.updated = t->seen ? a->chunk_end[t->seen - 1] : out.start; /* a group's pieces count when it ends */
    out.bytes_done = out.bytes_reduced = t->bytes_reduced;
    out.done = t->points, out.n_done = t->n_points;
    out.fit = &t->fit;
    out.state = a->chunks_done == a->n_chunks ? PROGRESS_DONE : PROGRESS_REDUCE;
    out.end = out.updated;
  } else if (a) {
    out.start = a->start, out.updated = now;
    out.state = a->phase_end[PHASE_SHUFFLE] > 0 ? PROGRESS_SORT : PROGRESS_COPY;
    out.phase_progress = out.state == PROGRESS_COPY ? fmin(1, 3 * a->progress) : 0;
  }
  size_t n = 0;
  for (int k = v->first[p]; k < v->first[p + 1]; k++)
    if (v->est[k] > 0 && !t->group_done[k - v->first[p]])
      left[n++] = (progress_group){v->est[k], 1};
  double implicit = fmax(0, v->implicit[p] - t->implicit_done);
  if (implicit > 0 && v->n_hist) {
    progress_implicit_groups(implicit, v->hist, v->n_hist, left + n);
    n += v->n_hist;
  } else if (implicit > 0) /* no size seen yet: one group */
    left[n++] = (progress_group){implicit, 1};
  out.n_left = n;
  return out;
}

/* Estimates job J's reduce phase at NOW with every indicator, if it is under way. */
static void sample_job(engine *e, job *j, double now)
{
  double t_start, t_end;
  indicators_phase(j, &t_start, &t_end);
  if (!(t_start <= now))
    return;
  if (!j->view)
    j->view = xcalloc(1, sizeof(job_view));
  job_view *v = j->view;
  if (!v->ready)
    view_merge_profile(v, j, &e->cluster);
  int n_r = j->n_reduces, done = 0, n_shuffle = 0;
  size_t width = 1;
  double shuffle = 0; /* a pending task's shuffle, predicted: the mean of those that ended */
  for (int p = 0; p < n_r; p++) {
    view_update(v, j, p);
    const attempt *a = v->tasks[p].a;
    if (a && a->chunk_end)
      shuffle += a->phase_end[PHASE_SORT] - a->start, n_shuffle++;
    width = fmax(width, v->first[p + 1] - v->first[p]);
  }
  width += v->n_hist + 1;
  progress_task *tasks = xcalloc((size_t)n_r, sizeof *tasks);
  progress_group *left = xcalloc((size_t)n_r * width, sizeof *left);
  for (int p = 0; p < n_r; p++) {
    tasks[p] = snapshot_task(v, p, now, left + (size_t)p * width);
    done += tasks[p].state == PROGRESS_DONE;
  }
  if (done < n_r) { /* the phase is under way */
    progress_snapshot s = {.now = now,
                           .t_start = t_start,
                           .slots = (size_t)e->reduce_slots,
                           .delta = conf_get(&e->cluster, CONF_PROGRESS_DELTA),
                           .shuffle_time = n_shuffle ? shuffle / n_shuffle : 0,
                           .tasks = tasks,
                           .n_tasks = (size_t)n_r};
    progress_estimate est;
    const progress_weights reduce_only = {0, 0, 1};
    for (int i = 0; i < INDICATOR_N; i++) {
      int status = i == INDICATOR_HADOOP          ? progress_hadoop(&s, progress_hadoop_weights, &est)
                   : i == INDICATOR_HADOOP_REDUCE ? progress_hadoop(&s, reduce_only, &est)
                   : i == INDICATOR_JOBRATIO      ? progress_jobratio(&s, &est)
                   : i == INDICATOR_TASKRATIO     ? progress_taskratio(&s, &est)
                                                  : progress_nearestfit(&s, &est);
      xbt_assert(status != GSL_EINVAL, "a progress snapshot of job %s at %g holds a time past now", j->desc->name, now);
      sample_add(e, j->index, i, now, status, &est);
    }
  }
  free(left);
  free(tasks);
}

/* Actor: the JobTracker's progress sampler, on the master, for the whole run. */
void indicators_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  double period = conf_get(&e->cluster, CONF_PROGRESS_PERIOD);
  sg_actor_daemonize(sg_actor_self()); /* it ends with the run */
  for (;;) {
    activities_sleep_for(period);
    if (e->n_samples + INDICATOR_N * (size_t)e->n_jobs > CONF_SAMPLED_ROWS) {
      e->stopped[0] = simgrid_get_clock();
      return;
    }
    int n;
    job **queue = engine_queue(e, simgrid_get_clock(), &n); /* a job's reduce phase begins after its submission */
    for (int i = 0; i < n; i++)
      sample_job(e, queue[i], simgrid_get_clock());
  }
}

void indicators_view_free(job_view *v, int n_reduces)
{
  if (!v)
    return;
  for (int p = 0; v->tasks && p < n_reduces; p++) {
    free(v->tasks[p].points);
    free(v->tasks[p].group_done);
  }
  for (int p = 0; v->rest && p < n_reduces; p++)
    free(v->rest[p]);
  free(v->tasks);
  free(v->rest);
  free(v->n_rest);
  free(v->first);
  free(v->est);
  free(v->group_bytes);
  free(v->implicit);
  free(v->input);
  free(v->hist);
  free(v);
}
