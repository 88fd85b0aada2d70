/* dag.c - Shi and Lu's state-based estimate of a DAG workflow of
 * MapReduce jobs on a YARN cluster under DRF (Sect. 4.2.2 and 5).
 *
 * A job starts once all its parents have ended; it runs a map phase and,
 * unless it is map-only, a reduce phase.  A state is an interval in which
 * no job starts, changes phase or ends.  Within a state each running job
 * holds Δ_i containers (Eq. 6) and its tasks get fixed shares of CPU, disk
 * and network, so a task takes a fixed time t_task(i,s), which boe.c's
 * Props. 1-3 give once the shares are folded into the throughputs (the
 * paper's θ_𝕏i = μ_𝕏i·θ_𝕏).  A state ends when the first running job ends
 * its phase; the workflow time is the sum of the states' durations.
 *
 * The choices mrlab made where the paper is silent:
 *
 * - Eq. 6 (DRF).  Every running job gets Δ_i = x/d_i containers, d_i its
 *   container's dominant share, x the largest common dominant share the
 *   vcores and memory allow.  A job is capped at the tasks of its phase
 *   not yet ended, and the capacity it leaves goes to the others (the
 *   common share is recomputed without it: progressive filling).  The
 *   paper's Δ is continuous; mrlab rounds each Δ_i down to whole
 *   containers and then, as YARN's DRF does one container at a time,
 *   gives what is left to the job of least dominant share whose container
 *   still fits, until none fits, so that no state starves every job.
 * - Multi-job shares (Sect. 4.2.2 gives no formula).  A task's share of
 *   disk or network is 1/ΣΔ_j over the running jobs whose phase competes
 *   for it, of the CPU min(N_cores/ΣΔ_j, 1).  A job's profile says which
 *   resources a phase competes for (dag_phase.uses; by default all its
 *   equations touch), because a network-bound shuffle leaves the CPU to
 *   the others (the paper's Fig. 1, states 3 to 4).  A job always counts
 *   itself among the users of the resources its own equations touch.
 * - Tracks shrink.  When a job's Δ falls, the tasks of its least advanced
 *   tracks pause and keep their progress; they resume first when
 *   containers come back (YARN without preemption would let them finish
 *   and hold the new job back instead).
 *
 * The corrections.  As printed, Prop. 4 (Eq. 7), the progress rule and
 * Eq. 8 disagree with each other once a state ends inside a wave: one job
 * of 20 tasks, Δ = 8 and 10 s tasks takes 30 s, but a state boundary put
 * at 5 s makes them give 23.3 s.  mrlab therefore:
 *
 * 1. (Eq. 7) keeps each track's progress p as the fraction of a task its
 *    tasks have done, and finds t_stage(i,s), the time job i would take
 *    to end its phase if the state lasted, by running its tracks: a track
 *    ends its wave after (1 - p)·t_task and relaunches as many tasks from
 *    the pending ones (paused ones first); the phase ends when nothing is
 *    pending or running.  With all tracks at one p this is Eq. 7,
 *    t_task·(1 - p + ⌈N_rm/Δ⌉), with N_rm the tasks not yet launched.
 * 2. (Progress) advances every running track by t_stage(s)/t_task(i,s),
 *    not t_stage(s)/t_stage(i,s), which measures the phase, not a task.
 * 3. (Eq. 8) takes tasks off N_rm, one by one, when they launch, instead
 *    of Δ·t_stage(s)/t_task(i,s) at the end of each state: that counts the
 *    work in flight a second time (Eq. 7 counts it through p) and makes
 *    N_rm fractional.
 *
 * The literal variant (dag_options.literal) keeps the printed equations
 * for comparison: on entering a phase the first wave launches
 * (N_rm = N - Δ, p = 0), t_stage(i,s) = t_task·(1 - p + ⌈N_rm/Δ⌉),
 * p = t_stage(s)/t_stage(i,s) and Eq. 8 as printed. */
#include "dag.h"

#include "alloc.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Progress within this much of 1 is a finished task; events this close
 * (relative to a task) to a state's end fall in it. */
#define DAG_EPS 1e-12

/* d_i: the larger of the container's shares of vcores and of memory. */
static double dominant(const dag_cluster *c, const dag_phase *k)
{
  return fmax(k->cores / c->vcores, k->mem / c->mem);
}

void dag_drf(const dag_cluster *c, size_t n, const dag_phase *need, const int *remaining, int *delta)
{
  int *capped = xcalloc(n ? n : 1, sizeof *capped);
  double x = 0;
  for (int again = 1; again;) {
    double free_c = c->vcores, free_m = c->mem, sc = 0, sm = 0;
    for (size_t i = 0; i < n; i++) {
      if (capped[i]) {
        free_c -= need[i].cores * delta[i], free_m -= need[i].mem * delta[i];
      } else {
        sc += need[i].cores / dominant(c, &need[i]), sm += need[i].mem / dominant(c, &need[i]);
      }
    }
    x = fmin(sc > 0 ? free_c / sc : INFINITY, sm > 0 ? free_m / sm : INFINITY);
    again = 0;
    for (size_t i = 0; i < n; i++)
      if (!capped[i] && x / dominant(c, &need[i]) >= remaining[i])
        capped[i] = 1, delta[i] = remaining[i], again = 1;
  }
  double used_c = 0, used_m = 0;
  for (size_t i = 0; i < n; i++) {
    if (!capped[i])
      delta[i] = (int)floor(x / dominant(c, &need[i]) + 1e-9);
    used_c += need[i].cores * delta[i], used_m += need[i].mem * delta[i];
  }
  for (;;) { /* the containers rounding left, one at a time */
    size_t best = n;
    for (size_t i = 0; i < n; i++)
      if (delta[i] < remaining[i] && used_c + need[i].cores <= c->vcores && used_m + need[i].mem <= c->mem &&
          (best == n || dominant(c, &need[i]) * delta[i] < dominant(c, &need[best]) * delta[best]))
        best = i;
    if (best == n)
      break;
    delta[best]++;
    used_c += need[best].cores, used_m += need[best].mem;
  }
  free(capped);
}

/* A group of one job's tasks launched together, hence at one progress. */
typedef struct {
  int n;
  double p; /* the fraction of a task done */
  int paused;
} track;

/* What the estimator knows of a job between states. */
typedef struct {
  int phase;
  int pending; /* tasks not yet launched */
  track *tracks;
  size_t n_tracks, cap;
  int entered;   /* literal: the first wave has launched */
  double nrm, p; /* literal: N_rm and p */
  int run;       /* literal: Δ of the last state */
} job_state;

static int phase_tasks(const dag_job *j, int phase)
{
  return phase == DAG_MAP ? j->boe.n_maps : j->boe.n_reduces;
}

static const dag_phase *phase_need(const dag_job *j, int phase)
{
  return phase == DAG_MAP ? &j->map : &j->reduce;
}

/* The resources a job's phase competes for. */
static unsigned phase_uses(const dag_job *j, int phase)
{
  unsigned u = phase_need(j, phase)->uses;
  return u ? u : phase == DAG_MAP ? DAG_CPU | DAG_DISK : DAG_CPU | DAG_DISK | DAG_NET;
}

/* Props. 1-3 under the shares MU (CPU, disk, network) of one task. */
static double task_time(const dag_job *j, int phase, const double mu[3])
{
  boe_params p = j->boe;
  p.delta = 1, p.n_cores = 1;
  p.theta_map *= mu[0], p.theta_sort *= mu[0], p.theta_reduce *= mu[0];
  p.theta_dfsr *= mu[1], p.theta_dw *= mu[1], p.theta_dfsw *= mu[1];
  p.theta_net *= mu[2];
  return phase_need(j, phase)->fixed + (phase == DAG_MAP ? boe_map(&p) : boe_shuffle(&p) + boe_reduce(&p));
}

/* The task time of each of the M running jobs RUN[a], in phase PHASE[a]
 * with COUNT[a] tasks at once, into T_TASK[a] (0 for a job running none):
 * a task's share of disk and network is 1/ΣΔ over the tasks whose phase
 * competes for it, of the CPU min(N_cores/ΣΔ, 1). */
static void shared_task_times(const dag_cluster *c, const dag_job *jobs, const size_t *run, const int *phase,
                              const int *count, size_t m, double *t_task)
{
  double users[3] = {0, 0, 0};
  for (size_t a = 0; a < m; a++)
    for (int r = 0; r < 3; r++)
      users[r] += phase_uses(&jobs[run[a]], phase[a]) & 1u << r ? count[a] : 0;
  for (size_t a = 0; a < m; a++) {
    t_task[a] = 0;
    if (count[a] > 0) {
      unsigned uses = phase_uses(&jobs[run[a]], phase[a]);
      double mu[3];
      for (int r = 0; r < 3; r++)
        mu[r] = 1 / (users[r] + (uses & 1u << r ? 0 : count[a]));
      mu[0] = fmin(c->cores * mu[0], 1);
      t_task[a] = task_time(&jobs[run[a]], phase[a], mu);
    }
  }
}

static void track_push(job_state *s, int n, double p, int paused)
{
  if (s->n_tracks == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 4;
    s->tracks = xrealloc(s->tracks, s->cap * sizeof *s->tracks);
  }
  s->tracks[s->n_tracks++] = (track){n, p, paused};
}

/* The tasks of S running (PAUSED 0) or paused (1). */
static int tasks_in(const job_state *s, int paused)
{
  int n = 0;
  for (size_t k = 0; k < s->n_tracks; k++)
    n += s->tracks[k].paused == paused ? s->tracks[k].n : 0;
  return n;
}

/* The paused (PAUSED 1) track of most progress, or the running one of
 * least; -1 if none. */
static long track_pick(const job_state *s, int paused)
{
  long best = -1;
  for (size_t k = 0; k < s->n_tracks; k++)
    if (s->tracks[k].paused == paused &&
        (best < 0 || (paused ? s->tracks[k].p > s->tracks[best].p : s->tracks[k].p < s->tracks[best].p)))
      best = (long)k;
  return best;
}

/* Moves N tasks of track K to the other status (running or paused). */
static void track_flip(job_state *s, long k, int n)
{
  track *t = &s->tracks[k];
  if (n >= t->n) {
    t->paused = !t->paused;
  } else {
    t->n -= n;
    track_push(s, n, s->tracks[k].p, !s->tracks[k].paused);
  }
}

/* Runs up to FREE more tasks: paused ones first, then pending ones on a
 * new track. */
static void tasks_launch(job_state *s, int free)
{
  for (long k; free > 0 && (k = track_pick(s, 1)) >= 0;) {
    int n = s->tracks[k].n < free ? s->tracks[k].n : free;
    track_flip(s, k, n);
    free -= n;
  }
  int n = free < s->pending ? free : s->pending;
  if (n > 0) {
    track_push(s, n, 0, 0);
    s->pending -= n;
  }
}

/* Makes the job run DELTA tasks, pausing its least advanced ones. */
static void tracks_fit(job_state *s, int delta)
{
  int running = tasks_in(s, 0);
  for (long k; running > delta && (k = track_pick(s, 0)) >= 0;) {
    int n = s->tracks[k].n < running - delta ? s->tracks[k].n : running - delta;
    track_flip(s, k, n);
    running -= n;
  }
  if (running < delta)
    tasks_launch(s, delta - running);
}

/* Runs the job's tracks, each task taking T_TASK, for LIMIT or until its
 * phase ends; returns the time that took. */
static double tracks_run(job_state *s, double t_task, double limit)
{
  double t = 0;
  for (;;) {
    long k = -1;
    for (size_t i = 0; i < s->n_tracks; i++)
      if (!s->tracks[i].paused && (k < 0 || s->tracks[i].p > s->tracks[k].p))
        k = (long)i;
    if (k < 0)
      return s->pending || s->n_tracks ? INFINITY : t;
    double r = (1 - s->tracks[k].p) * t_task;
    int ends = t + r <= limit + DAG_EPS * t_task;
    double step = ends ? r : fmax(limit - t, 0);
    for (size_t i = 0; i < s->n_tracks; i++)
      if (!s->tracks[i].paused)
        s->tracks[i].p = fmin(s->tracks[i].p + step / t_task, 1);
    t += step;
    if (!ends)
      return t;
    s->tracks[k].p = 1;
    int free = 0;
    for (size_t i = 0; i < s->n_tracks;) {
      if (!s->tracks[i].paused && s->tracks[i].p >= 1 - DAG_EPS) {
        free += s->tracks[i].n;
        s->tracks[i] = s->tracks[--s->n_tracks];
      } else {
        i++;
      }
    }
    tasks_launch(s, free);
  }
}

/* Job state S's copy, tracks included, for a trial run. */
static job_state job_copy(const job_state *s)
{
  job_state c = *s;
  c.tracks = xmalloc((s->n_tracks ? s->n_tracks : 1) * sizeof *c.tracks);
  if (s->n_tracks)
    memcpy(c.tracks, s->tracks, s->n_tracks * sizeof *c.tracks);
  c.cap = s->n_tracks ? s->n_tracks : 1;
  return c;
}

/* Starts PHASE of job J: all its tasks pending, no track yet. */
static void job_enter(job_state *s, const dag_job *j, int phase)
{
  s->phase = phase;
  s->pending = phase_tasks(j, phase);
  s->n_tracks = 0;
  s->entered = 0;
}

/* The tasks of the job's phase not yet ended: DRF's cap. */
static int job_remaining(const job_state *s, const dag_job *j, int literal)
{
  if (!literal)
    return s->pending + tasks_in(s, 0) + tasks_in(s, 1);
  return s->entered ? s->run + (int)fmax(ceil(s->nrm - 1e-9), 0) : phase_tasks(j, s->phase);
}

/* Returns -1 with the reason in ERR for a cluster without capacity, a job
 * without maps, a container that does not fit or a parent that is no
 * other job; cycles show only while estimating. */
static int check(const dag_cluster *c, const dag_job *jobs, size_t n, char *err, size_t errlen)
{
  if (!(c->cores > 0 && c->vcores > 0 && c->mem > 0 && isfinite(c->cores + c->vcores + c->mem))) {
    snprintf(err, errlen, "the cluster needs cores, vcores and memory above 0, got %g, %g and %g", c->cores, c->vcores,
             c->mem);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    const dag_job *j = &jobs[i];
    if (j->boe.n_maps < 1 || j->boe.n_reduces < 0) {
      snprintf(err, errlen, "job %zu: needs 1 map or more and 0 reduces or more, got %d and %d", i, j->boe.n_maps,
               j->boe.n_reduces);
      return -1;
    }
    for (int ph = DAG_MAP; ph <= (j->boe.n_reduces ? DAG_REDUCE : DAG_MAP); ph++) {
      const dag_phase *k = phase_need(j, ph);
      double d = dominant(c, k);
      if (!(k->cores >= 0 && k->mem >= 0 && d > 0 && d <= 1)) {
        snprintf(err, errlen,
                 "job %zu: a %s container needs vcores or memory within the cluster's %g vcores and %g, got %g and %g",
                 i, ph == DAG_MAP ? "map" : "reduce", c->vcores, c->mem, k->cores, k->mem);
        return -1;
      }
    }
    for (size_t q = 0; q < j->n_parents; q++)
      if (j->parents[q] >= n || j->parents[q] == i) {
        snprintf(err, errlen, "job %zu: a parent must be another of the %zu jobs, got %zu", i, n, j->parents[q]);
        return -1;
      }
  }
  return 0;
}

/* Appends a state of N jobs starting at START to R. */
static dag_state *state_push(dag_result *r, size_t n, double start)
{
  r->states = xrealloc(r->states, (r->n_states + 1) * sizeof *r->states);
  dag_state *st = &r->states[r->n_states++];
  st->start = start;
  st->phase = xcalloc(n, sizeof *st->phase);
  st->delta = xcalloc(n, sizeof *st->delta);
  st->t_task = xcalloc(n, sizeof *st->t_task);
  st->pending = xcalloc(n, sizeof *st->pending);
  st->progress = xcalloc(n, sizeof *st->progress);
  return st;
}

int dag_estimate(const dag_cluster *c, const dag_job *jobs, size_t n, const dag_options *opt, dag_result *out,
                 char *err, size_t errlen)
{
  static const dag_options none;
  opt = opt ? opt : &none;
  memset(out, 0, sizeof *out);
  if (check(c, jobs, n, err, errlen))
    return -1;
  out->n_jobs = n;
  out->jobs = xcalloc(n, sizeof *out->jobs);
  job_state *js = xcalloc(n, sizeof *js);
  size_t *run = xcalloc(n, sizeof *run);
  dag_phase *need = xcalloc(n, sizeof *need);
  int *remaining = xcalloc(n, sizeof *remaining), *delta = xcalloc(n, sizeof *delta);
  int *phases = xcalloc(n, sizeof *phases);
  double *t_task = xcalloc(n, sizeof *t_task), *t_job = xcalloc(n, sizeof *t_job);
  double now = 0;
  size_t next_split = 0, done = 0;
  int status = 0;
  while (done < n) {
    size_t m = 0; /* the running jobs, run[0..m) */
    for (size_t i = 0; i < n; i++) {
      if (js[i].phase == DAG_WAITING) {
        size_t q = 0;
        while (q < jobs[i].n_parents && js[jobs[i].parents[q]].phase == DAG_DONE)
          q++;
        if (q < jobs[i].n_parents)
          continue;
        job_enter(&js[i], &jobs[i], DAG_MAP);
        out->jobs[i].start = now;
      }
      if (js[i].phase != DAG_DONE) {
        need[m] = *phase_need(&jobs[i], js[i].phase);
        remaining[m] = job_remaining(&js[i], &jobs[i], opt->literal);
        run[m++] = i;
      }
    }
    if (!m) {
      snprintf(err, errlen, "the jobs' parents form a cycle: %zu of %zu jobs can never start", n - done, n);
      status = -1;
      break;
    }
    dag_drf(c, m, need, remaining, delta);
    for (size_t a = 0; a < m; a++)
      phases[a] = js[run[a]].phase;
    shared_task_times(c, jobs, run, phases, delta, m, t_task);
    double dt = INFINITY;
    for (size_t a = 0; a < m; a++) {
      job_state *s = &js[run[a]];
      t_job[a] = INFINITY;
      if (opt->literal) {
        if (!s->entered && delta[a] > 0) {
          s->entered = 1;
          s->run = delta[a] < s->pending ? delta[a] : s->pending;
          s->nrm = s->pending - s->run, s->p = 0;
        }
        if (delta[a] > 0) {
          s->run = delta[a];
          t_job[a] = t_task[a] * (1 - s->p + ceil(fmax(s->nrm, 0) / delta[a]));
        }
      } else {
        tracks_fit(s, delta[a]);
        job_state trial = job_copy(s);
        t_job[a] = delta[a] > 0 ? tracks_run(&trial, t_task[a], INFINITY) : INFINITY;
        free(trial.tracks);
      }
      dt = fmin(dt, t_job[a]);
    }
    while (next_split < opt->n_splits && opt->splits[next_split] <= now * (1 + DAG_EPS))
      next_split++;
    if (next_split < opt->n_splits)
      dt = fmin(dt, opt->splits[next_split] - now);
    if (!isfinite(dt)) {
      snprintf(err, errlen, "no running job can end its phase: a task time is not finite (a throughput of 0?)");
      status = -1;
      break;
    }
    dag_state *st = state_push(out, n, now);
    st->duration = dt;
    for (size_t i = 0; i < n; i++)
      st->phase[i] = js[i].phase;
    for (size_t a = 0; a < m; a++) {
      size_t i = run[a];
      job_state *s = &js[i];
      st->delta[i] = delta[a], st->t_task[i] = t_task[a];
      int ends;
      if (opt->literal) {
        ends = t_job[a] <= dt * (1 + DAG_EPS);
        if (!ends && delta[a] > 0)
          s->p = dt / t_job[a], s->nrm -= delta[a] * dt / t_task[a];
        st->pending[i] = s->nrm, st->progress[i] = s->p;
      } else {
        if (delta[a] > 0)
          tracks_run(s, t_task[a], dt);
        ends = !s->pending && !s->n_tracks;
        long k = track_pick(s, 0);
        st->pending[i] = s->pending, st->progress[i] = k >= 0 ? s->tracks[k].p : 0;
      }
      if (!ends)
        continue;
      if (s->phase == DAG_MAP)
        out->jobs[i].map_end = now + dt;
      if (s->phase == DAG_MAP && jobs[i].boe.n_reduces > 0) {
        job_enter(s, &jobs[i], DAG_REDUCE);
      } else {
        s->phase = DAG_DONE, out->jobs[i].end = now + dt;
        done++;
      }
    }
    now += dt;
  }
  out->makespan = now;
  for (size_t i = 0; i < n; i++)
    free(js[i].tracks);
  free(js), free(run), free(need), free(remaining), free(delta), free(phases), free(t_task), free(t_job);
  if (status)
    dag_result_free(out);
  return status;
}

/* A job as Algorithm 2 runs it: its phase, tasks waiting and the
 * progress (fraction done) and drawn factor of each running one. */
typedef struct {
  int phase, pending, running;
  double *p, *factor;
} task_job;

/* The free vcores and memory of cluster C with the M jobs' running tasks. */
static void tasks_free(const dag_cluster *c, const dag_job *jobs, const task_job *tj, size_t n, double *vcores,
                       double *mem)
{
  *vcores = c->vcores, *mem = c->mem;
  for (size_t i = 0; i < n; i++)
    if (tj[i].phase == DAG_MAP || tj[i].phase == DAG_REDUCE) {
      const dag_phase *k = phase_need(&jobs[i], tj[i].phase);
      *vcores -= k->cores * tj[i].running, *mem -= k->mem * tj[i].running;
    }
}

/* Gives free containers, one at a time, to the job of least dominant
 * share with tasks waiting whose container fits; draws each new task's
 * factor from G. */
static void tasks_launch_drf(const dag_cluster *c, const dag_job *jobs, task_job *tj, size_t n, gsl_rng *g)
{
  double vc, mem;
  tasks_free(c, jobs, tj, n, &vc, &mem);
  for (;;) {
    size_t best = n;
    for (size_t i = 0; i < n; i++) {
      if (tj[i].phase != DAG_MAP && tj[i].phase != DAG_REDUCE)
        continue;
      const dag_phase *k = phase_need(&jobs[i], tj[i].phase);
      if (tj[i].pending > 0 && k->cores <= vc + DAG_EPS && k->mem <= mem * (1 + DAG_EPS) &&
          (best == n ||
           dominant(c, k) * tj[i].running < dominant(c, phase_need(&jobs[best], tj[best].phase)) * tj[best].running))
        best = i;
    }
    if (best == n)
      return;
    task_job *t = &tj[best];
    const dag_phase *k = phase_need(&jobs[best], t->phase);
    t->p[t->running] = 0;
    t->factor[t->running++] = fmax(1 + k->cv * gsl_ran_gaussian(g, 1), 0.05);
    t->pending--;
    vc -= k->cores, mem -= k->mem;
  }
}

/* One draw of Algorithm 2: adds each job's times over RUNS into OUT's
 * jobs and its makespan into OUT's.  Returns 0, or -1 with ERR. */
static int tasks_once(const dag_cluster *c, const dag_job *jobs, size_t n, gsl_rng *g, int runs, dag_result *out,
                      char *err, size_t errlen)
{
  task_job *tj = xcalloc(n, sizeof *tj);
  size_t *run = xcalloc(n, sizeof *run);
  int *phases = xcalloc(n, sizeof *phases), *counts = xcalloc(n, sizeof *counts);
  double *t_task = xcalloc(n, sizeof *t_task);
  dag_job_times *t = xcalloc(n, sizeof *t);
  for (size_t i = 0; i < n; i++) {
    int most = jobs[i].boe.n_maps > jobs[i].boe.n_reduces ? jobs[i].boe.n_maps : jobs[i].boe.n_reduces;
    tj[i].p = xcalloc((size_t)most, sizeof *tj[i].p);
    tj[i].factor = xcalloc((size_t)most, sizeof *tj[i].factor);
  }
  double now = 0;
  size_t done = 0;
  int status = 0;
  while (done < n) {
    for (size_t i = 0; i < n; i++) {
      size_t q = 0;
      while (tj[i].phase == DAG_WAITING && q < jobs[i].n_parents && tj[jobs[i].parents[q]].phase == DAG_DONE)
        q++;
      if (tj[i].phase == DAG_WAITING && q == jobs[i].n_parents)
        tj[i].phase = DAG_MAP, tj[i].pending = jobs[i].boe.n_maps, t[i].start = now;
    }
    tasks_launch_drf(c, jobs, tj, n, g);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
      if (tj[i].running > 0)
        run[m] = i, phases[m] = tj[i].phase, counts[m++] = tj[i].running;
    if (!m) {
      snprintf(err, errlen, "the jobs' parents form a cycle: %zu of %zu jobs can never start", n - done, n);
      status = -1;
      break;
    }
    shared_task_times(c, jobs, run, phases, counts, m, t_task);
    double dt = INFINITY;
    for (size_t a = 0; a < m; a++)
      for (int k = 0; k < tj[run[a]].running; k++)
        dt = fmin(dt, (1 - tj[run[a]].p[k]) * t_task[a] * tj[run[a]].factor[k]);
    if (!isfinite(dt)) {
      snprintf(err, errlen, "no running task can end: a task time is not finite (a throughput of 0?)");
      status = -1;
      break;
    }
    now += dt;
    for (size_t a = 0; a < m; a++) {
      task_job *j = &tj[run[a]];
      for (int k = 0; k < j->running;) {
        double took = t_task[a] * j->factor[k];
        j->p[k] = took > 0 ? j->p[k] + dt / took : 1;
        if (j->p[k] >= 1 - DAG_EPS) { /* ended: the last running task takes its place */
          j->running--;
          j->p[k] = j->p[j->running], j->factor[k] = j->factor[j->running];
        } else {
          k++;
        }
      }
      if (j->running || j->pending)
        continue;
      size_t i = run[a];
      if (j->phase == DAG_MAP)
        t[i].map_end = now;
      if (j->phase == DAG_MAP && jobs[i].boe.n_reduces > 0) {
        j->phase = DAG_REDUCE, j->pending = jobs[i].boe.n_reduces;
      } else {
        j->phase = DAG_DONE, t[i].end = now;
        done++;
      }
    }
  }
  if (!status) {
    out->makespan += now / runs;
    for (size_t i = 0; i < n; i++) {
      out->jobs[i].start += t[i].start / runs;
      out->jobs[i].map_end += t[i].map_end / runs;
      out->jobs[i].end += t[i].end / runs;
    }
  }
  for (size_t i = 0; i < n; i++)
    free(tj[i].p), free(tj[i].factor);
  free(tj), free(run), free(phases), free(counts), free(t_task), free(t);
  return status;
}

int dag_estimate_tasks(const dag_cluster *c, const dag_job *jobs, size_t n, int runs, unsigned long seed,
                       dag_result *out, char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  if (check(c, jobs, n, err, errlen))
    return -1;
  if (runs < 1) {
    snprintf(err, errlen, "expected 1 draw or more, got %d", runs);
    return -1;
  }
  out->n_jobs = n;
  out->jobs = xcalloc(n, sizeof *out->jobs);
  gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(g, seed);
  int status = 0;
  for (int r = 0; r < runs && !status; r++)
    status = tasks_once(c, jobs, n, g, runs, out, err, errlen);
  gsl_rng_free(g);
  if (status)
    dag_result_free(out);
  return status;
}

void dag_result_free(dag_result *r)
{
  for (size_t s = 0; s < r->n_states; s++) {
    dag_state *st = &r->states[s];
    free(st->phase), free(st->delta), free(st->t_task), free(st->pending), free(st->progress);
  }
  free(r->states), free(r->jobs);
  memset(r, 0, sizeof *r);
}
