/* pool.h - simulations run as processes of their own, several at once.
 * SimGrid's engine is one a process, so each simulation of a validation is
 * a `mrlab run` child; the pool keeps JOBS of them running and reads the
 * profiles of the runs they leave. */
#ifndef MRLAB_POOL_H
#define MRLAB_POOL_H

#include "profile.h"

#include <stddef.h>
#include <sys/types.h>

/* The most --set and --cfg= arguments of one simulation. */
#define POOL_MAX_SETS 8
#define POOL_MAX_CFGS 4

/* One simulation to run.  Its paths are relative to the directory it runs
 * in (a validation directory), or whole. */
typedef struct {
  char dir[4096], workload[4096], platform[4096], log[4096];
  char sets[POOL_MAX_SETS][128]; /* --set arguments */
  int n_sets;
  char workers[1024];            /* --workers, "" for all */
  char cfgs[POOL_MAX_CFGS][256]; /* --cfg= SimGrid options, NAME:VALUE */
  int n_cfgs;
  int seed; /* --seed, 0 for none (mrlab run's default) */
  pid_t pid;
  int status;
} sim;

/* Runs the N simulations of SIMS in directory BASE with the mrlab program
 * SELF, JOBS at once.  0, or -1 with ERR naming the first that failed and
 * the last line of its log. */
int pool_run(sim *sims, int n, const char *base, int jobs, const char *self, char *err, size_t errlen);

/* Progress of a validation whose pool_run calls start TOTAL simulations in
 * all: while stderr is a terminal, each run that ends rewrites one line
 * there, runs done of TOTAL and the wall time since this call; nothing
 * otherwise.  pool_progress_end erases the line. */
void pool_progress_start(int total);
void pool_progress_end(void);

/* Profiles of the N simulations SIMS run in BASE (their runs' first job)
 * into P.  0, or -1 with ERR. */
int pool_read_profiles(const sim *sims, int n, const char *base, job_profile *p, char *err, size_t errlen);

#endif
