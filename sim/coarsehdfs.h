/* coarsehdfs.h - HDFS's transfers between workers by rack pair
 * (mrlab.hdfs.coarse), a speed approximation for huge writes.
 *
 * With it, each transfer of HDFS data between two workers (a hop of a
 * task's output down the replica pipeline, a map's read of a remote split)
 * waits in the queue of its source and destination racks, and carriers send
 * what waits there as one flow between the racks' gateways (topology.h);
 * each transfer ends when its carrier's flow does.  With
 * mrlab.hdfs.coarse.carriers=N a destination rack has at most N carriers
 * (of each kind: reads, writes) at once, each going round the source racks
 * in an order drawn from the seed.  coarsehdfs.c says why and what is lost. */
#ifndef MRLAB_COARSEHDFS_H
#define MRLAB_COARSEHDFS_H

#include "activities.h"
#include "state.h"

#include <simgrid/forward.h>

typedef struct coarsehdfs coarsehdfs;

/* The queues and carriers of engine E (whose platform is loaded with its
 * gateways), carriers capped at CAP a destination rack and kind (0: none). */
coarsehdfs *coarsehdfs_alloc(engine *e, int cap);
void coarsehdfs_free(coarsehdfs *c);

/* A pipe stage's transfer (pipe.h's `send`): BYTES of kind K (ACT_HDFS_READ
 * or ACT_HDFS_WRITE) from worker host FROM to worker host TO, in another
 * host, through the_engine's queues; returns when the carrier that took
 * them has delivered them. */
void coarsehdfs_send(activity_kind k, sg_host_t from, sg_host_t to, double bytes);

#endif
