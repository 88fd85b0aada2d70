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

/* What `mrlab import jhist` and `mrlab calibrate` do with the N_PATHS
 * files and directories PATHS, and `mrlab validate` with a replay entry's
 * histories: the jobs read (history_read_all) into *JOBS (*N_JOBS of
 * them; free with history_jobs_free), made a trace (history_trace, the
 * jobs left out counted in *LEFT_OUT) whose costs are fitted on P
 * (calibrate_trace; P NULL: import's guess, and no calibration), and what
 * the readers passed over added to SKIPS.  Returns the trace, its
 * calibrated_on P's name, or NULL with "PATH:LINE: expected ..." or
 * "PATH: JOB: expected ..." in ERR (*JOBS NULL, *N_JOBS 0). */
import_trace *calibrate_histories(const char *const *paths, int n_paths, const platform *p, history_job ***jobs,
                                  int *n_jobs, int *left_out, history_skips *skips, char *err, size_t errlen);

#endif
