/* dfsclient.h - the HDFS client of a task (dfsclient.c): which replica a
 * map reads its split from, the stages that stream it, and those that
 * write a task's output down the replica pipeline. */
#ifndef MRLAB_DFSCLIENT_H
#define MRLAB_DFSCLIENT_H

#include "state.h"

/* The worker holding the replica of map T's block closest to worker W:
 * W itself, else one in W's rack, else another; among replicas equally
 * close, one drawn from the seed, as Hadoop's NetworkTopology sorts the
 * replicas by distance and shuffles those at the same distance.  The
 * same draw for the same task and worker (PSP's load and the map agree).
 * The replicas of datanodes the NameNode holds dead (rereplicate.h) are
 * in no block's locations, and the N_TRIED workers TRIED are passed over
 * (those an HDFS client found down); one on a worker that is down but not
 * yet held dead may be returned.  -1 when none is left. */
int engine_closest_replica(const engine *e, const task *t, int w, const int *tried, int n_tried);

/* Opens the file of map T's split as an HDFS client on worker DST does,
 * when its job's input is `files` (workload.h): a getBlockLocations RPC to
 * the NameNode on the master (a round trip over the network and the
 * NameNode's mrlab.namenode.rpc), then the seek of worker SRC's disk
 * before it streams the block (mrlab.disk.seek, as the bytes the disk
 * would read meanwhile, so the seek holds the disk as reads do).  Then
 * writes into ST the stages that stream the split from SRC's disk to DST:
 * the disk read (its bytes counted into COUNT unless it is NULL) and, when
 * SRC is not DST, the hop over the network.  Returns their number, 1 or 2. */
int engine_split_stages(const task *t, int src, int dst, int64_t *count, stage *st);

/* Appends to ST the stages that write attempt A's output down the HDFS
 * replica pipeline (Hadoop's placement from A's worker, drawn with A's
 * generator, the targets kept in A->targets): OUTPUT bytes (> 0) as one
 * block, SCALE bytes a byte entering the caller's pipe; 2 x replication - 1
 * stages at most.  Returns their number. */
int engine_output_stages(attempt *a, int64_t output, double scale, stage *st);

#endif
