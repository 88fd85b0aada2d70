/* lost.h - workers that fail: the faults that strike them, and Hadoop's
 * reactions to a lost TaskTracker (NodeManager in YARN mode).
 *
 * What fails: the workers mrlab.faults names (platforms/faults.h), at a
 * time or when the run's maps or shuffle reach a share, and with
 * mrlab.node.mtbf > 0 every worker, after a time to failure drawn per
 * worker (Weibull of shape mrlab.node.mtbf.shape and mean mrlab.node.mtbf;
 * shape 1 is the exponential) from the seed and the worker's name alone,
 * again and again, each time down for mrlab.node.repair.  A lost worker
 * stops at once: its running attempts stop (their pipes cancelled), its
 * tracker sends no heartbeat, its map outputs cannot be fetched and the
 * replicas on its datanode cannot be read.  Nothing of SimGrid's is turned
 * off: the worker's resources fall idle because nothing runs there.  A
 * disk that fails (mrlab.faults' TARGET:diskN) leaves its worker up: the
 * attempts whose local directory is on it fail (disk-failed, which counts
 * toward maxattempts), the map outputs on it can no longer be served
 * (lost_output_gone), and its DataNode shuts down for good (Hadoop's
 * dfs.datanode.failed.volumes.tolerated is 0): HDFS readers are refused at
 * once and move to another replica, and the NameNode, which tracks the
 * DataNode apart from the tracker (tracker.dn_down), declares it dead in
 * its time (rereplicate.h).  The worker's last disk takes the worker.
 *
 * Hadoop's reactions, each as the JobTracker (YARN: the ResourceManager
 * and each job's ApplicationMaster) learns of the loss:
 * - a tracker is declared lost once it has sent no heartbeat for the
 *   expiry interval (mapreduce.jobtracker.expire.trackers.interval; YARN:
 *   yarn.nm.liveness-monitor.expiry-interval-ms), checked every third of
 *   it, as Hadoop's ExpireTrackers thread and the NM liveness monitor do;
 *   nothing that ran there is rescheduled before, unless the worker comes
 *   back first, when its first heartbeat tells the JobTracker at once that
 *   it restarted (a new TaskTracker: what ran on it is lost all the same);
 * - then its attempts are killed (not failed: they do not count toward
 *   mapreduce.*.maxattempts or the blacklist, as a lost tracker's
 *   KILLED_UNCLEAN attempts in Hadoop 1 and ABORTED containers in YARN)
 *   and their tasks rerun, ahead of tasks not yet started;
 * - its completed maps of every job still running with reduces not all
 *   done are killed and rerun: their outputs are gone (Hadoop 1's
 *   lostTaskTracker, YARN's JobImpl on an unusable node);
 * - before that, a reducer whose fetch from it fails (after
 *   mapreduce.reduce.shuffle.connect.timeout) reports each map output of
 *   the fetch to the JobTracker and retries the host after a penalty
 *   (Hadoop's 10 s x 1.3^failures); a map output is declared lost, its
 *   attempt FAILED ("too many fetch failures", which counts toward
 *   maxattempts) and its map rerun, once it has drawn
 *   mapreduce.reduce.shuffle.max-fetch-failures-notifications reports and
 *   they come from max-fetch-failures-fraction of the reducers still
 *   shuffling.  A reducer never fetches again an output it has.  A fetch of
 *   an output on a failed disk fails at once (the host answers);
 * - in Hadoop 1, a TaskTracker whose disk check finds a failed local
 *   directory re-initialises (lost_disk_check), and its next heartbeat is
 *   a lost tracker's come back (above).
 * It is a file of its own because the faults and these reactions are one
 * concern that the trackers, the JobTracker and the reducers consult. */
#ifndef MRLAB_LOST_H
#define MRLAB_LOST_H

#include "state.h"

#include <jansson.h>

/* Resolves E's mrlab.faults against its platform and prepares the failure
 * processes.  Returns 0 (E->lost stays NULL when the run has no fault), or
 * -1 with ERR naming an entry whose target is no worker, rack or class. */
int lost_alloc(engine *e, char *err, size_t errlen);

/* Whether E's run has faults (mrlab.faults, or a node MTBF): lost_alloc's E->lost. */
int lost_configured(const engine *e);
void lost_free(engine *e);

/* Starts the actors that strike and the expiry monitor (none without faults). */
void lost_start(engine *e);

/* The run's maps or its shuffle moved on (SHUFFLED more bytes of map
 * output fetched): the faults waiting for a share check it. */
void lost_progress(engine *e, int64_t shuffled);

/* When the last job has ended: the trackers of workers still down are
 * told to stop, and the JobTracker, if it waits for no other, wakes. */
void lost_shutdown(engine *e);

/* Called by the JobTracker for a heartbeat of worker W at NOW: the
 * heartbeat's time, and if W restarted since it was last heard, its loss. */
void lost_heartbeat(engine *e, int w, double now);

/* Called by the TaskTracker TR before its heartbeat at NOW: in Hadoop 1,
 * every mapred.disk.healthChecker.interval it checks its local
 * directories, and when one has failed since it re-initialises: its
 * attempts are killed, and its next heartbeat tells the JobTracker, which
 * treats it as a lost tracker come back (Hadoop 1's lostTaskTracker: its
 * completed maps run again, see above).  A NodeManager (YARN) marks the
 * directory bad and goes on. */
void lost_disk_check(engine *e, tracker *tr, double now);

/* Whether map T's output can no longer be served: its worker is down, or
 * the disk it was written to failed. */
int lost_output_gone(const engine *e, const task *t);

/* The tracker of the lost workers' JobTracker wake-up (lost_shutdown): a heartbeat from it carries nothing. */
int lost_is_nobody(const engine *e, const tracker *tr);

/* Called by reduce attempt RA when its fetch of map M's output, gone with
 * its worker or its disk (lost_output_gone), failed at NOW: the report to the JobTracker, which
 * may declare the output lost (see above). */
void lost_fetch_failed(engine *e, attempt *ra, int m, double now);

/* summary.json's "losses", a new array: each failure of a worker or a
 * disk (its number from 1; null: the worker), in time order, with when it
 * failed, came back and was declared lost (null: never, within the run; a
 * disk never comes back, and is declared when its TaskTracker
 * re-initialised, in Hadoop 1). */
json_t *lost_json(const engine *e);

#endif
