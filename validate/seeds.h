/* seeds.h - one run over several seeds (`mrlab run --seeds N`), and the
 * jobs of a run directory as every measure over seeds reads them.
 *
 * Seed k draws a run's HDFS placement, its trackers' heartbeat phases and
 * every tie, so one run is one draw; `mrlab run --seeds N` runs the seeds
 * as `mrlab run` children (pool.h: SimGrid's engine is one a process),
 * keeps each run directory whole, and reports what the seeds say together:
 * each job's time and the makespan, their mean, standard deviation and 95%
 * confidence interval (stats.h). */
#ifndef MRLAB_SEEDS_H
#define MRLAB_SEEDS_H

#include <stddef.h>
#include <stdio.h>

/* The most seeds one command runs: each is a process of a second or more. */
#define SEEDS_MAX 1000

/* The jobs of a run directory, in its jobs.csv's order. */
typedef struct {
  int n;
  char (*name)[256];
  double *submit, *start, *map_phase_end, *end;
  int *failed;     /* the job did not succeed (jobs.csv status: FAILED or DEPENDENT_FAILED) */
  double makespan; /* the last end (a run starts at 0), as summary.json's makespan */
} seeds_jobs;

/* Reads the jobs.csv of run directory DIR into J (at least one job).  0,
 * or -1 with ERR; seeds_jobs_free either way. */
int seeds_read_jobs(const char *dir, seeds_jobs *j, char *err, size_t errlen);
void seeds_jobs_free(seeds_jobs *j);

/* A run over seeds: `mrlab run PLATFORM WORKLOAD ARGS...` with seeds FIRST
 * to FIRST + N - 1 (N from 1 to SEEDS_MAX), JOBS at once, with the mrlab
 * program SELF, into DIR. */
typedef struct {
  const char *self, *platform, *workload, *dir;
  const char *const *args; /* mrlab run's other arguments as given (--set, --conf, ...), at most POOL_MAX_ARGS */
  int n_args;
  int first, n, jobs;
} seeds_request;

/* Runs R and writes R->dir: each seed's run directory seed-K and its
 * printed summary seed-K.log, seeds.csv (a row a seed and job: its time
 * and the run's makespan), summary.csv and summary.md (each job's time
 * and the makespan over the seeds: mean, standard deviation, 95%
 * interval), and prints summary.md to OUT.  The runs start in the current
 * directory, so R's paths are read as the user gave them.  R->dir is
 * written aside and swapped in whole (outfile.h).  Returns 0; 2 with ERR
 * for a DIR that cannot be replaced or a run that refused its input (its
 * message); 1 with ERR when a run failed otherwise.  R->dir is untouched
 * on failure. */
int seeds_run(const seeds_request *r, FILE *out, char *err, size_t errlen);

#endif
