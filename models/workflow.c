/* workflow.c - Shi and Lu's workflow model fed from run directories.
 *
 * The paper profiles each job of a workflow beforehand and feeds the
 * state-based estimator (models/dag.c) with the profiles; so does mrlab,
 * from runs.  The target run gives the workflow's configuration: its jobs
 * and their parents, task counts, input bytes, container sizes and the
 * NodeManagers' capacity (jobs.csv).  Runs of each job alone on the same
 * cluster give its task times:
 *
 * - Δ, the job's degree of parallelism alone: the most of its maps
 *   (reduces) that ran at once, in the whole cluster;
 * - per phase, the median over its tasks of three parts of a task's time,
 *   from the sub-stage ends in tasks.csv (profile_task): the time on
 *   disks (a map's read, spill and merge; a reduce's merge and output
 *   write), on the network (a reduce's shuffle), and the rest, start-up
 *   and computing.  The paper's ground truth is the median.
 *
 * The shared parts become BOE's throughputs (Props. 1-3): a map reads its
 * split B from disk (θ_dfsr), a reduce shuffles its input over the network
 * (θ_net) and merges and writes as many bytes on disk (θ_dfsw, α_r = α_m),
 * each t = bytes·Δ/θ, fitted through the origin over the job's runs alone
 * (BOE's premise: Δ tasks share a resource equally).  The rest is
 * dag_phase.fixed, the mean over the runs: with YARN's vcores no more than
 * the cores a task computes at full speed whatever runs beside it.  In a
 * state the estimator then gives each task of a job the time
 * fixed + bytes·ΣΔ/θ, ΣΔ over the running jobs' tasks that use the
 * resource: the paper's 1/ΣΔ shares.  The selectivity α_m is the mean
 * over the job's runs alone of map output over input.
 *
 * As the paper's Fig. 10, four estimates: Algorithm 1 (dag_estimate) on
 * the tasks' medians and on their means, Algorithm 2 (task by task,
 * dag_estimate_tasks) on their means and the spread of their times, and
 * Algorithm 1 on medians with Eqs. 7-8 as printed.
 *
 * Left out, as the paper leaves them out: each job's ApplicationMaster
 * (its container and start-up), node heartbeats, and the overlap of a
 * job's shuffle with its maps under slow-start; every job without
 * parents starts with the workflow. */
#include "workflow.h"

#include "alloc.h"
#include "csv.h"
#include "dag.h"
#include "profile.h"
#include "rundir.h"

#include <gsl/gsl_fit.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one run of a job alone says of one phase: the fixed time
 * (start-up and computing) and the disk and network times of its tasks,
 * their median [0] and mean [1], with the bytes·Δ they moved; and the
 * coefficient of variation of its tasks' times. */
typedef struct {
  int tasks;
  double fixed[2], disk[2], net[2], x, cv;
} alone_phase;

/* One run of a job alone: its map and reduce phase and its selectivity. */
typedef struct {
  alone_phase phase[2];
  double selectivity;
} alone_point;

/* One job of the target and what its runs alone gave. */
typedef struct {
  alone_point *points;
  int n_points;
} job_history;

/* The most tasks of kind MAP of profile P that ran at once. */
static int most_at_once(const job_profile *p, int map)
{
  int most = 0;
  for (int i = 0; i < p->n_tasks; i++) {
    const profile_task *a = &p->tasks[i];
    if (a->map != map)
      continue;
    int now = 0; /* tasks running when A starts, A included */
    for (int k = 0; k < p->n_tasks; k++) {
      const profile_task *b = &p->tasks[k];
      now += b->map == map && b->start <= a->start && b->end > a->start;
    }
    most = now > most ? now : most;
  }
  return most;
}

/* The median (MEAN 0) or mean (1) over P's tasks of kind MAP of WHAT: 0
 * the fixed time, 1 the disk time, 2 the network time, 3 the whole time;
 * with WHAT 4, the whole time's standard deviation over its mean.  0
 * without any task. */
static double stat_of(const job_profile *p, int map, int what, int mean)
{
  double *d = xcalloc((size_t)p->n_tasks + 1, sizeof *d);
  size_t n = 0;
  for (int i = 0; i < p->n_tasks; i++) {
    const profile_task *t = &p->tasks[i];
    double whole = t->end - t->start;
    if (t->map == map)
      d[n++] = what == 0 ? whole - t->disk - t->net : what == 1 ? t->disk : what == 2 ? t->net : whole;
  }
  double m = 0;
  if (n && what == 4) {
    double avg = gsl_stats_mean(d, 1, n);
    m = n > 1 && avg > 0 ? gsl_stats_sd_m(d, 1, n, avg) / avg : 0;
  } else if (n) {
    gsl_sort(d, 1, n);
    m = mean ? gsl_stats_mean(d, 1, n) : gsl_stats_median_from_sorted_data(d, 1, n);
  }
  free(d);
  return m;
}

static void point_add(job_history *h, const job_profile *p)
{
  h->points = xrealloc(h->points, ((size_t)h->n_points + 1) * sizeof *h->points);
  alone_point *a = &h->points[h->n_points++];
  for (int k = 0; k < 2; k++) { /* a map's split, a reduce's input */
    alone_phase *f = &a->phase[k];
    double bytes = k == 0 ? p->input_bytes / p->n_maps : p->n_reduces ? p->map_output_bytes / p->n_reduces : 0;
    f->tasks = k == 0 ? p->n_maps : p->n_reduces;
    f->x = bytes * most_at_once(p, k == 0);
    for (int v = 0; v < 2; v++)
      f->fixed[v] = stat_of(p, k == 0, 0, v), f->disk[v] = stat_of(p, k == 0, 1, v),
      f->net[v] = stat_of(p, k == 0, 2, v);
    f->cv = stat_of(p, k == 0, 4, 0);
  }
  a->selectivity = p->map_output_bytes / p->input_bytes;
}

/* A number of the target's jobs.csv, at ROW in column NAME. */
static int cell(const csv_table *t, int row, const char *name, double *out, char *err, size_t errlen)
{
  int col = csv_column(t, name);
  if (col < 0) {
    snprintf(err, errlen, "%s:1: expected a column \"%s\", as mrlab writes it", t->path, name);
    return -1;
  }
  return csv_number(t, row, col, out, err, errlen);
}

/* The index of job NAME among the target's rows, or -1. */
static int job_row(const csv_table *t, const char *name)
{
  for (int row = 1; row < t->n_rows; row++)
    if (strcmp(csv_cell(t, row, JOBS_JOB), name) == 0)
      return row - 1;
  return -1;
}

/* Reads into H[j] every run alone of target job j found in the history
 * directories. */
static int read_history(const csv_table *target, const char *const *dirs, int n, job_history *h, char *err,
                        size_t errlen)
{
  char path[4096];
  for (int d = 0; d < n; d++) {
    snprintf(path, sizeof path, "%s/jobs.csv", dirs[d]);
    csv_table *t = csv_read(path, err, errlen);
    if (!t)
      return -1;
    for (int row = 1; row < t->n_rows; row++) {
      int j = job_row(target, csv_cell(t, row, JOBS_JOB));
      if (j < 0)
        continue;
      if (t->n_rows > 2) {
        snprintf(err, errlen, "%s: expected a run of job %s alone, got %d jobs", path, csv_cell(t, row, JOBS_JOB),
                 t->n_rows - 1);
        csv_free(t);
        return -1;
      }
      job_profile p;
      int status = profile_read(dirs[d], csv_cell(t, row, JOBS_JOB), &p, err, errlen);
      if (!status)
        point_add(&h[j], &p);
      profile_free(&p, 1);
      if (status) {
        csv_free(t);
        return -1;
      }
    }
    csv_free(t);
  }
  for (int j = 0; j < target->n_rows - 1; j++)
    if (!h[j].n_points) {
      snprintf(err, errlen, "%s: job %s: expected a run of it alone among the history directories", target->path,
               csv_cell(target, j + 1, JOBS_JOB));
      return -1;
    }
  return 0;
}

/* The cluster as DRF shares it: the workers' physical cores, and the
 * NodeManagers' vcores and memory (MB), as the target's settings give
 * them (-1: the node's own). */
static int read_cluster(const csv_table *t, const int *cores, const double *memory, int n_nodes, dag_cluster *c,
                        char *err, size_t errlen)
{
  int sched = csv_column(t, "mrlab.scheduler");
  if (sched >= 0 && strcmp(csv_cell(t, 1, sched), "hadoop1") == 0)
    return csv_fail(t, 1, sched, err, errlen,
                    "expected a run in YARN mode (the model shares containers by DRF), got %s", csv_cell(t, 1, sched));
  double nm_mb, nm_vc;
  if (cell(t, 1, "yarn.nodemanager.resource.memory-mb", &nm_mb, err, errlen) ||
      cell(t, 1, "yarn.nodemanager.resource.cpu-vcores", &nm_vc, err, errlen))
    return -1;
  *c = (dag_cluster){0, 0, 0};
  for (int w = 0; w < n_nodes; w++) {
    c->cores += cores[w];
    c->vcores += nm_vc < 0 ? cores[w] : nm_vc;
    c->mem += nm_mb < 0 ? floor(memory[w] / 1048576) : nm_mb;
  }
  return 0;
}

/* A container of MB and VCORES as YARN normalises it (rounded up to the
 * minimum allocation) into K; the rest of K is left as it is. */
static int read_container(const csv_table *t, int row, const char *mb, const char *vcores, dag_phase *k, char *err,
                          size_t errlen)
{
  double m, v, min_m, min_v;
  if (cell(t, row, mb, &m, err, errlen) || cell(t, row, vcores, &v, err, errlen) ||
      cell(t, row, "yarn.scheduler.minimum-allocation-mb", &min_m, err, errlen) ||
      cell(t, row, "yarn.scheduler.minimum-allocation-vcores", &min_v, err, errlen))
    return -1;
  k->mem = min_m > 0 ? ceil(m / min_m) * min_m : m;
  k->cores = min_v > 0 ? ceil(v / min_v) * min_v : v;
  return 0;
}

/* The throughput of a resource shared in the whole cluster from the
 * points (x = bytes·Δ, t = seconds, medians V 0 or means 1) of H's phase
 * K: t = x/θ through the origin (GSL's least-squares line y = c1 x, θ =
 * 1/c1), BOE's premise that a shared sub-stage's time grows with Δ.
 * INFINITY when no point moved bytes or took time on it. */
static double fit_theta(const job_history *h, int k, int net, int v)
{
  double *x = xcalloc(2 * (size_t)h->n_points + 1, sizeof *x), *t = x + h->n_points;
  size_t n = 0;
  for (int i = 0; i < h->n_points; i++) {
    const alone_phase *f = &h->points[i].phase[k];
    if (f->tasks > 0)
      x[n] = f->x, t[n++] = net ? f->net[v] : f->disk[v];
  }
  double c1 = 0, cov11, sumsq;
  if (n)
    gsl_fit_mul(x, 1, t, 1, n, &c1, &cov11, &sumsq);
  free(x);
  return c1 > 0 && isfinite(c1) ? 1 / c1 : INFINITY; /* no bytes moved: 0/0 */
}

/* The mean over H's points with tasks of phase K of their fixed time
 * (medians V 0 or means 1), the time of the shared sub-stages that moved
 * no bytes included; into *CV the mean coefficient of variation. */
static double fit_fixed(const job_history *h, int k, int v, double *cv)
{
  double sum = 0;
  int n = 0;
  *cv = 0;
  for (int i = 0; i < h->n_points; i++) {
    const alone_phase *f = &h->points[i].phase[k];
    if (f->tasks > 0)
      sum += f->fixed[v] + (f->x > 0 ? 0 : f->disk[v] + f->net[v]), *cv += f->cv, n++;
  }
  *cv = n ? *cv / n : 0;
  return n ? sum / n : 0;
}

/* The dag_job of target row ROW (job J) from its history H, of its
 * medians (V 0) or means (1); its parents into PARENTS (room for every
 * job). */
static int make_job(const csv_table *t, int j, const job_history *h, int v, size_t *parents, dag_job *out, char *err,
                    size_t errlen)
{
  int row = j + 1;
  double maps, reduces, input;
  if (cell(t, row, rundir_jobs_columns[JOBS_MAPS], &maps, err, errlen) ||
      cell(t, row, rundir_jobs_columns[JOBS_REDUCES], &reduces, err, errlen) ||
      cell(t, row, rundir_jobs_columns[JOBS_INPUT_BYTES], &input, err, errlen))
    return -1;
  *out = (dag_job){.boe = {.split = maps > 0 ? input / maps : 0,
                           .n_maps = (int)maps,
                           .n_reduces = (int)reduces,
                           .theta_map = INFINITY,
                           .theta_dw = INFINITY,
                           .theta_sort = INFINITY,
                           .theta_reduce = INFINITY,
                           .theta_dfsw = INFINITY,
                           .theta_net = INFINITY},
                   .parents = parents};
  if (read_container(t, row, "mapreduce.map.memory.mb", "mapreduce.map.cpu.vcores", &out->map, err, errlen) ||
      read_container(t, row, "mapreduce.reduce.memory.mb", "mapreduce.reduce.cpu.vcores", &out->reduce, err, errlen))
    return -1;
  double sel = 0;
  int with_reduce = 0;
  for (int i = 0; i < h->n_points; i++) {
    sel += h->points[i].selectivity / h->n_points;
    with_reduce += h->points[i].phase[1].tasks > 0;
  }
  /* a map reads its split from disk (θ_dfsr); a reduce shuffles its input
   * over the network (θ_net), then merges and writes as many bytes on
   * disk (θ_dfsw, α_r = α_m) */
  out->boe.alpha_m = out->boe.alpha_r = sel;
  out->map.fixed = fit_fixed(h, 0, v, &out->map.cv);
  out->boe.theta_dfsr = fit_theta(h, 0, 0, v);
  if (reduces > 0) {
    if (!with_reduce) {
      snprintf(err, errlen, "%s: job %s: expected a run alone with reduces, got only map-only runs", t->path,
               csv_cell(t, row, JOBS_JOB));
      return -1;
    }
    out->reduce.fixed = fit_fixed(h, 1, v, &out->reduce.cv);
    out->boe.theta_net = fit_theta(h, 1, 1, v);
    out->boe.theta_dfsw = fit_theta(h, 1, 0, v);
  }
  int after = csv_column(t, RUNDIR_JOBS_AFTER);
  if (after < 0) {
    snprintf(err, errlen, "%s:1: expected a column \"%s\", as mrlab writes it", t->path, RUNDIR_JOBS_AFTER);
    return -1;
  }
  char *list = xstrdup(csv_cell(t, row, after)), *save = NULL;
  for (char *name = strtok_r(list, ";", &save); name; name = strtok_r(NULL, ";", &save)) {
    int q = job_row(t, name);
    if (q < 0) {
      free(list);
      return csv_fail(t, row, after, err, errlen, "expected jobs of this run, got \"%s\"", name);
    }
    parents[out->n_parents++] = (size_t)q;
  }
  free(list);
  return 0;
}

/* The estimates workflow_predict makes: Algorithm 1 on medians, on means
 * and as printed, and Algorithm 2 on means and their spread. */
enum { E_MEDIAN, E_MEAN, E_LITERAL, E_NORMAL, N_ESTIMATES };

/* Algorithm 2's draws and their seed: enough that the mean of a few
 * hundred tasks' draws varies by well under 1%. */
#define NORMAL_RUNS 20
#define NORMAL_SEED 1

int workflow_predict(const int *cores, const double *memory, int n_nodes, const char *target,
                     const char *const *history, int n, workflow_prediction *out, char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  char path[4096];
  snprintf(path, sizeof path, "%s/jobs.csv", target);
  csv_table *t = csv_read(path, err, errlen);
  if (!t)
    return -1;
  int n_jobs = t->n_rows - 1, status = -1;
  job_history *h = xcalloc((size_t)n_jobs + 1, sizeof *h);
  dag_job *jobs[2] = {xcalloc((size_t)n_jobs + 1, sizeof *jobs[0]), xcalloc((size_t)n_jobs + 1, sizeof *jobs[1])};
  size_t *parents = xcalloc((size_t)n_jobs * (size_t)n_jobs + 1, sizeof *parents);
  dag_cluster c;
  dag_result r[N_ESTIMATES] = {{0}};
  if (n_jobs < 1) {
    snprintf(err, errlen, "%s: expected a run with jobs, got none", path);
    goto done;
  }
  if (read_cluster(t, cores, memory, n_nodes, &c, err, errlen) || read_history(t, history, n, h, err, errlen))
    goto done;
  for (int v = 0; v < 2; v++)
    for (int j = 0; j < n_jobs; j++)
      if (make_job(t, j, &h[j], v, parents + (size_t)j * (size_t)n_jobs, &jobs[v][j], err, errlen))
        goto done;
  size_t nj = (size_t)n_jobs;
  if (dag_estimate(&c, jobs[0], nj, NULL, &r[E_MEDIAN], err, errlen) ||
      dag_estimate(&c, jobs[1], nj, NULL, &r[E_MEAN], err, errlen) ||
      dag_estimate(&c, jobs[0], nj, &(dag_options){.literal = 1}, &r[E_LITERAL], err, errlen) ||
      dag_estimate_tasks(&c, jobs[1], nj, NORMAL_RUNS, NORMAL_SEED, &r[E_NORMAL], err, errlen))
    goto done;
  int submit_col = csv_column(t, rundir_jobs_columns[JOBS_SUBMIT]);
  double first = INFINITY, submit, end;
  for (int j = 0; j < n_jobs; j++) {
    if (cell(t, j + 1, rundir_jobs_columns[JOBS_SUBMIT], &submit, err, errlen))
      goto done;
    first = fmin(first, submit);
  }
  for (int j = 0; j < n_jobs; j++) /* the model starts every job without parents at once */
    if (!jobs[0][j].n_parents && (cell(t, j + 1, rundir_jobs_columns[JOBS_SUBMIT], &submit, err, errlen) ||
                                  (submit > first && csv_fail(t, j + 1, submit_col, err, errlen,
                                                              "expected a job without parents submitted with the "
                                                              "workflow's first, at %.3f s, got %.3f s",
                                                              first, submit))))
      goto done;
  out->n_jobs = n_jobs;
  out->jobs = xcalloc((size_t)n_jobs, sizeof *out->jobs);
  for (int j = 0; j < n_jobs; j++) {
    workflow_job *w = &out->jobs[j];
    if (cell(t, j + 1, rundir_jobs_columns[JOBS_END], &end, err, errlen))
      goto done;
    snprintf(w->job, sizeof w->job, "%s", csv_cell(t, j + 1, JOBS_JOB));
    w->end = r[E_MEDIAN].jobs[j].end, w->mean = r[E_MEAN].jobs[j].end;
    w->literal = r[E_LITERAL].jobs[j].end, w->normal = r[E_NORMAL].jobs[j].end;
    w->measured = end - first;
    out->measured = fmax(out->measured, w->measured);
  }
  out->makespan = r[E_MEDIAN].makespan, out->mean = r[E_MEAN].makespan;
  out->literal = r[E_LITERAL].makespan, out->normal = r[E_NORMAL].makespan;
  out->n_states = (int)r[E_MEDIAN].n_states;
  status = 0;
done:
  for (int e = 0; e < N_ESTIMATES; e++)
    dag_result_free(&r[e]);
  for (int j = 0; j < n_jobs; j++)
    free(h[j].points);
  free(h), free(jobs[0]), free(jobs[1]), free(parents);
  csv_free(t);
  return status;
}

void workflow_prediction_free(workflow_prediction *w)
{
  free(w->jobs);
  w->jobs = NULL, w->n_jobs = 0;
}
