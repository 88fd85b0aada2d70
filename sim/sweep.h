/* sweep.h - finished jobs recorded and retired while the run goes on
 * (sweep.c), into the streams retire.h keeps. */
#ifndef MRLAB_SWEEP_H
#define MRLAB_SWEEP_H

#include "state.h"

/* Records and retires the ended jobs that can be: every attempt ended and
 * learnt of by the JobTracker, no prefetch running or map reserved for
 * it, no coarse shuffle group of its left, and every job that reads its
 * output submitted.  Called by the JobTracker after it learnt of attempts. */
void sweep_ended(engine *e);

/* At the end of the run: records every job not recorded yet, keeping its
 * tasks (the reports that read them, trace.paje and the faults', still may). */
void sweep_rest(engine *e);

#endif
