/* pool.h - simulations run as processes of their own, several at once.
 * SimGrid's engine is one a process, so each simulation of a validation, a
 * comparison, a run over seeds or a measure of ratios is a `mrlab run`
 * process (child.h); the pool runs them through one of two back ends,
 * children of this process JOBS at a time (local.c) or the tasks of a
 * Slurm job array (slurm.c), skips those a killed validation left complete
 * (resume.c), and reads the profiles of the runs they leave. */
#ifndef MRLAB_POOL_H
#define MRLAB_POOL_H

#include "child.h"
#include "profile.h"

#include <stddef.h>

/* Runs the N simulations of SIMS in directory BASE as PC says.  With
 * PC->resume, a simulation whose run is complete and whose stamp
 * (resume.h) matches its inputs now is not run again.  0, or -1 with ERR
 * naming the first that failed and the last line of its log. */
int pool_run(sim *sims, int n, const char *base, const pool_config *pc, char *err, size_t errlen);

/* After pool_run failed on SIMS (N of them, run in BASE): the index of the
 * first that refused its input (exit status 2), with its message, the
 * last line of its log without "mrlab: ", in ERR; -1 when none did (ERR
 * as it is). */
int pool_refusal(const sim *sims, int n, const char *base, char *err, size_t errlen);

/* Profiles of the N simulations SIMS run in BASE (their runs' first job)
 * into P.  0, or -1 with ERR. */
int pool_read_profiles(const sim *sims, int n, const char *base, job_profile *p, char *err, size_t errlen);

#endif
