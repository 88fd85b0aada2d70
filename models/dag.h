/* dag.h - Shi and Lu's workflow model: the DRF degree of parallelism
 * (Eq. 6), the multi-job shares of Sect. 4.2.2 and the state-based
 * estimator of a DAG of MapReduce jobs (Algorithm 1, Prop. 4). */
#ifndef MRLAB_DAG_H
#define MRLAB_DAG_H

#include "boe.h"

#include <stddef.h>

/* What a state's tasks share.  DRF divides VCORES and MEM (YARN's
 * scheduler quantities); the CPU share of a task is min(CORES/users, 1)
 * over the physical CORES, which a scheduler may overcommit. */
typedef struct {
  double cores;  /* N_cores: physical cores */
  double vcores; /* vcores YARN hands out to containers */
  double mem;    /* B_mem: memory for containers, any unit the containers use */
} dag_cluster;

/* The resources a phase's tasks compete for (dag_phase.uses). */
enum { DAG_CPU = 1, DAG_DISK = 2, DAG_NET = 4 };

/* One phase of a job: its container and the resources its tasks compete
 * for; USES 0 means all its equations touch (map: CPU and disk; reduce:
 * CPU, disk and network).  FIXED is time a task takes beside Props. 1-3,
 * shared with no one: 0 in the paper; a profile's fitted constant when
 * models/workflow.c feeds the model from runs. */
typedef struct {
  double cores, mem; /* ℂ, 𝕄 of one container */
  unsigned uses;
  double fixed; /* s */
  double cv;    /* dag_estimate_tasks: the task time's standard deviation over its mean */
} dag_phase;

/* A job of the DAG.  BOE holds its profile and task counts (n_reduces 0:
 * a map-only job); its delta and n_cores are ignored, the state sets the
 * shares.  It starts once every job in PARENTS (indices) has ended. */
typedef struct {
  boe_params boe;
  dag_phase map, reduce;
  const size_t *parents;
  size_t n_parents;
} dag_job;

/* A job's phase in a state. */
enum { DAG_WAITING, DAG_MAP, DAG_REDUCE, DAG_DONE };

/* One state: an interval in which no job changes phase, starts or ends.
 * Each array has one entry a job. */
typedef struct {
  double start, duration;
  int *phase;     /* DAG_WAITING ... DAG_DONE */
  int *delta;     /* Δ_i, the containers DRF gives it (0 unless running) */
  double *t_task; /* its task time under the state's shares (0 unless running) */
  /* The tasks of its phase not yet launched at the state's end (N_rm:
   * fractional in the literal variant, which is its flaw), and the least
   * progress of its running tracks then, 0 without any. */
  double *pending, *progress;
} dag_state;

typedef struct {
  double start, map_end, end;
} dag_job_times;

typedef struct {
  double makespan; /* t_dag, the sum of the states' durations */
  size_t n_jobs, n_states;
  dag_job_times *jobs;
  dag_state *states;
} dag_result;

typedef struct {
  int literal;          /* nonzero: Eqs. 7 and 8 as published, for comparison */
  const double *splits; /* times, ascending, at which a state also ends */
  size_t n_splits;
} dag_options;

/* Eq. 6: the containers DRF gives each of N running jobs whose
 * containers are NEED and whose phases have REMAINING tasks not yet
 * ended, into DELTA.  Every container must fit the cluster. */
void dag_drf(const dag_cluster *c, size_t n, const dag_phase *need, const int *remaining, int *delta);

/* Estimates the workflow of the N JOBS on cluster C into OUT (free it
 * with dag_result_free); OPT may be NULL.  Returns 0, or -1 with the
 * reason in ERR for a job or cluster it cannot run (a cycle, a parent
 * out of range, a container larger than the cluster). */
int dag_estimate(const dag_cluster *c, const dag_job *jobs, size_t n, const dag_options *opt, dag_result *out,
                 char *err, size_t errlen);

/* Algorithm 2 (Sect. 6.2), the skew-aware estimate, task by task: every
 * container is its own track.  A task's time is its job's task time under
 * the shares of the tasks running (as dag_estimate's), times a factor
 * drawn for it from a normal of mean 1 and its phase's cv, at least 0.05
 * (a normal goes below 0).  Whenever tasks end, the free containers go
 * one at a time to the running job of least dominant share with tasks
 * waiting whose container fits, as YARN's DRF hands them out, no task is
 * pre-empted, and every running task's time is recomputed under the new
 * shares, its progress kept.  OUT gets each job's times and the makespan
 * averaged over RUNS draws of GSL's MT19937 seeded with SEED, and no
 * states.  Returns 0, or -1 with ERR as dag_estimate. */
int dag_estimate_tasks(const dag_cluster *c, const dag_job *jobs, size_t n, int runs, unsigned long seed,
                       dag_result *out, char *err, size_t errlen);
void dag_result_free(dag_result *r);

#endif
