/* indicators.h - progress indicators sampled during a run (indicators.c):
 * what progress.csv holds. */
#ifndef MRLAB_INDICATORS_H
#define MRLAB_INDICATORS_H

#include "state.h"

/* Job J's reduce phase: from its first reduce function's start (INFINITY
 * before one starts) to the end of the last successful attempt's last
 * reduce function (-INFINITY until one ends). */
void indicators_phase(const job *j, double *start, double *end);

/* What the JobTracker learnt of a job's progress so far, between samples:
 * made as the sampler first looks at the job (job.view), freed with its
 * tasks (sweep.c) or at the run's end (engine.c). */
void indicators_view_free(job_view *v, int n_reduces);

/* Actor: samples every job's progress each mrlab.progress.period, on the master. */
void indicators_actor(int argc, char **argv);

#endif
