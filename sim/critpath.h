/* critpath.h - each job's critical path, found after the run from what the
 * engine recorded, and explain.csv, which holds it.
 *
 * Walking back from a job's end (when the JobTracker learnt of its last
 * task), each step asks what the time at hand waited for: the attempt that
 * ended last and the heartbeat that reported it, that attempt's stages,
 * the map output its shuffle needed last, the slot it took (and the
 * attempt that held the slot before), slow-start, the speculator, the
 * job's own start (its ApplicationMaster, its input's redistribution, its
 * submission).  The segments follow each other without gap or overlap
 * from the job's submit time to its end, so they sum to its time. */
#ifndef MRLAB_CRITPATH_H
#define MRLAB_CRITPATH_H

#include "state.h"

#include <stdio.h>

/* Writes job J's critical path to F as records (retire.h): each segment
 * and what its attempt tells of its bottleneck (bottleneck_plan), judged
 * by the utilisation samples only at the end (critpath_write).  J's
 * tasks must be there, and those of every job that ran on its workers
 * while it ran, or their copies (slot_use). */
void critpath_record(const engine *e, const job *j, FILE *f);

/* Writes explain.csv's rows (not its header), every job of E's recorded critical path, to F. */
void critpath_write(const engine *e, FILE *f);

#endif
