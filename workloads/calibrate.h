/* calibrate.h - a workload's map and reduce costs fitted from a job history.
 *
 * `mrlab calibrate PLATFORM HISTORY...` imports the histories as `mrlab
 * import jhist` does, then fits each job's map_cost and reduce_cost (flops
 * a byte of a task's input) from its attempts' CPU times on the hosts of
 * PLATFORM (calibrate.c says how), so that replaying the workload on
 * another platform, or the same one, is a prediction and not a fit. */
#ifndef MRLAB_CALIBRATE_H
#define MRLAB_CALIBRATE_H

#include "history.h"
#include "import.h"
#include "platform.h"

#include <stddef.h>

/* Sets the costs and the fit's note of each job of T, which history_trace
 * made of the N JOBS (the jobs that succeeded, in order), from their
 * attempts on the workers of P.  Returns 0, or -1 with "PATH: JOB:
 * expected ..." in ERR when an attempt ran on a host P lacks. */
int calibrate_trace(import_trace *t, history_job *const *jobs, int n, const platform *p, char *err, size_t errlen);

#endif
