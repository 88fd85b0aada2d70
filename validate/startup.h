/* startup.h - a task's start-up time fitted from job history by
 * simulation (`mrlab calibrate --startup`).
 *
 * A history records when each attempt started and ended, not when it made
 * its first progress (Hadoop 2's progress splits spread the start-up over
 * the first of them), so the start-up of a task (its JVM and its
 * localisation: mrlab.task.startup) is not in it as such.  What is: the
 * attempts' durations.  Once the costs are fitted, the start-up is the one
 * input left that moves every map attempt's duration alike, so it is
 * fitted by replaying the calibrated workload on the platform and solving
 * for the start-up that gives the recorded mean map attempt (GSL's Brent
 * solver, each evaluation a `mrlab run` process with seed 1). */
#ifndef MRLAB_STARTUP_H
#define MRLAB_STARTUP_H

#include "history.h"
#include "import.h"

#include <stddef.h>

/* The least and the most start-up fitted, s (mrlab.task.startup's bounds
 * are 0 and an hour; a minute is already far beyond any JVM's). */
#define STARTUP_MAX 60.0

/* Fits mrlab.task.startup for the trace T, calibrated on the platform in
 * PLATFORM_PATH from the N history jobs JOBS, by simulation with the
 * program SELF: T->startup, and T->startup_note saying how it was fitted
 * (the recorded and replayed mean map attempt, the attempts, the
 * simulations), which import_write puts in the workload.  Returns 0, 2
 * with ERR when the trace cannot be replayed on the platform, 1 with ERR
 * when a simulation failed. */
int startup_fit(import_trace *t, history_job *const *jobs, int n, const char *platform_path, const char *self,
                char *err, size_t errlen);

#endif
