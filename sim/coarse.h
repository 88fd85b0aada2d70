/* coarse.h - the coarse shuffle (mrlab.shuffle.coarse): few, large flows for very large jobs.
 *
 * A reduce attempt of a job that sets mrlab.shuffle.coarse does not fetch
 * map by map: the job's reducers in one rack form a group, and one carrier
 * a group and source rack moves, in one transfer, every map output waiting
 * in the source rack for any reducer of the group; with
 * mrlab.shuffle.coarse.sources=N, at most N carriers a group, each going
 * round the source racks.  coarse.c says why and what it keeps of
 * Hadoop's shuffle. */
#ifndef MRLAB_COARSE_H
#define MRLAB_COARSE_H

#include "state.h"

/* Whether job J's reducers shuffle coarsely: it sets mrlab.shuffle.coarse
 * and does not push. */
int coarse_job(const job *j);

/* Called in the reduce attempt's own actor, without the job's mutex, when
 * the outputs of the N maps MAPS for its partition have arrived together:
 * it lands them as one fetch of theirs would land (memory or disk, merges). */
typedef void coarse_land_fn(void *arg, const int *maps, int n);

/* The shuffle of reduce attempt A (its actor): returns when the output of
 * every map of its job has been handed to LAND (with ARG), or when A is
 * killed.  The platform must be loaded with its rack gateways (topology.h). */
void coarse_shuffle(attempt *a, coarse_land_fn *land, void *arg);

/* Map T's output of coarse job J was announced (the job's mutex held).  A
 * reducer waiting for outputs would wake, collect it and start a carrier
 * for each source rack where outputs wait and no carrier of its group
 * serves; the JobTracker woke them all.  This collects for each waiting
 * reducer and wakes only those that would start a carrier (or leave,
 * killed), in the order the JobTracker's wake-ups would have reached
 * them, so that the run is the same at a fraction of the context switches.
 * Carriers waiting for their next poll take at once at the job's last map,
 * or when what was announced for their group in their rack fills a transfer. */
void coarse_map_announced(engine *e, job *j, const task *t);

/* Whether a group of job J's reducers is still there (a member, or a
 * carrier still moving map outputs): it reads J's maps and attempts. */
int coarse_holds(const engine *e, const job *j);

#endif
