/* rereplicate.h - the NameNode's re-replication of a dead datanode's blocks.
 *
 * What Hadoop 2 does (DatanodeManager, HeartbeatManager, BlockManager's
 * ReplicationMonitor, UnderReplicatedBlocks, BlockPlacementPolicyDefault):
 * - every dfs.namenode.heartbeat.recheck-interval (5 min) the NameNode's
 *   HeartbeatManager declares dead each datanode it has not heard from for
 *   2 x that interval + 10 x dfs.heartbeat.interval (630 s by default); a
 *   dead datanode's replicas no longer count, and its blocks with fewer
 *   live replicas than their replication are queued by priority: one live
 *   replica first, then fewer than a third of the replication, then the
 *   rest; a block with none left is missing;
 * - every dfs.namenode.replication.interval (3 s) the ReplicationMonitor
 *   takes dfs.namenode.replication.work.multiplier.per.iteration (2) x the
 *   live datanodes of those blocks, highest priority first, and for each
 *   picks a source among the live datanodes holding it (none already
 *   running dfs.namenode.replication.max-streams (2) copies) and a target
 *   by the default placement policy with the live replicas as the replicas
 *   chosen so far: a rack other than theirs when they are all in one rack,
 *   the source's rack when two are in two racks, any node beyond; the
 *   source copies the block to the target, disk to network to disk, and
 *   the target's report adds the replica;
 * - a datanode that comes back re-registers with its disk's replicas,
 *   which count again (a block then over-replicated loses a replica).
 *
 * What mrlab models: all of that, in runs with faults (lost.h) only, for
 * the DataNodes that are down (a lost worker's, or one shut down by a
 * failed disk: tracker.dn_down), for the blocks of every job's input file
 * and the output files of every successful reduce attempt (of a map-only job, map attempt): each copy a
 * pipe (pipe.h) from the source's disk over the network (flows of
 * ACT_REREPLICATION) to the target's disk, sharing SimGrid's disks and
 * links with the jobs.  A copy whose source or target goes down meanwhile
 * stops and its block is picked again at a later period; a finished copy
 * puts the target in place of a dead replica, so that later readers (maps,
 * a child job reading the output) find it.  Output written meanwhile never
 * goes to a dead datanode (engine_output_stages).  A datanode's last
 * heartbeat is taken at the moment it went down; ties (the order of blocks of
 * one priority, a source, a target) are drawn from the seed with
 * engine_hash, never by index.
 *
 * What it leaves out: the delay until the source's next heartbeat carries
 * the command, sending one block to several targets at once (mrlab copies
 * to one target a period, a block missing two replicas gets two copies in
 * two periods), the hard limit of 4 streams for blocks with one replica,
 * the pending-replication timeout (a failed copy is retried at the next
 * period), the per-rack cap, the deletion of an excess replica (a returning
 * datanode's replica replaced meanwhile is simply forgotten), a lost
 * output's partial replica on a datanode that was down when it was written,
 * and the blocks of a job's input while the Balancer redistributes it
 * (balancer.c).  The period's budget counts the blocks that got a copy
 * (Hadoop's counts those it looked at, and resumes from a bookmark).
 *
 * A file of its own: it is the NameNode's concern, which lost.c's
 * JobTracker side and the engine consult only to start, stop and place. */
#ifndef MRLAB_REREPLICATE_H
#define MRLAB_REREPLICATE_H

#include "state.h"

#include <jansson.h>
#include <stdio.h>

/* Prepares E's NameNode state when E has lost workers (E->lost), else nothing. */
void rereplicate_alloc(engine *e);
void rereplicate_free(engine *e);

/* Starts the NameNode's monitor (a daemon), when E has lost workers. */
void rereplicate_start(engine *e);

/* The last job has ended: copies under way stop at their next chunk, and no more start. */
void rereplicate_shutdown(engine *e);

/* Whether the NameNode holds worker W's datanode dead now (0 in a run
 * without lost workers): its replicas are no longer in any block's locations. */
int rereplicate_is_dead(const engine *e, int w);

/* Per worker, nonzero for the datanodes the NameNode holds dead now (for
 * hdfs_policy_exclude); NULL in a run without lost workers. */
const unsigned char *rereplicate_dead(engine *e);

/* summary.json's "rereplication", a new object: what the NameNode copied (NULL without lost workers). */
json_t *rereplicate_json(const engine *e);

/* Prints one line of what the NameNode copied, for a person (nothing without lost workers). */
void rereplicate_print(const engine *e, FILE *out);

#endif
