/* failures.h - task-level faults, and Hadoop's reactions to a failed attempt.
 *
 * A job's mrlab.map.failure.probability and mrlab.reduce.failure.probability
 * (0 by default: no fault) make each attempt of its maps or reduces fail
 * with that probability, as a bad record or an out-of-memory error fails a
 * real one, after a uniform fraction of its input: a map's split through
 * its read-and-map pipe, a reduce's input through its reduce function.
 * Both numbers are drawn from the run's seed and the attempt's identity
 * alone (job, kind, task, attempt), so the same seed gives the same faults,
 * and a fault in one task does not move another's draws.
 *
 * The JobTracker (in YARN mode the job's ApplicationMaster) learns of a
 * failure at a heartbeat, as of any end, and then reacts as Hadoop does:
 * - the task waits to be rerun, ahead of the job's tasks not yet started
 *   (Hadoop 1's failedMaps; YARN's AM asks for a failed map's container at
 *   a priority above its reduces'), once none of its attempts runs as far as
 *   the JobTracker knows (it has learnt the end of every one); in
 *   Hadoop 1 mode not on a worker where it failed already, unless it
 *   failed on as many workers as the JobTracker knows, lost ones not
 *   counted once declared lost (TaskInProgress.hasFailedOnMachine and
 *   JobTracker.getNumberOfUniqueHosts);
 * - once mapreduce.map.maxattempts (or reduce.maxattempts) of its attempts
 *   have failed, the job fails: its running attempts are killed and the
 *   jobs of a workflow that wait for it never run;
 * - a worker where mapreduce.job.maxtaskfailures.per.tracker attempts of
 *   the job failed is blacklisted for the job: it gets none of its tasks.
 *   Hadoop 1 counts failures only while fewer than a quarter of the
 *   trackers are blacklisted for the job, and heeds the blacklist only
 *   then (JobInProgress's CLUSTER_BLACKLIST_PERCENT); YARN's AM ignores it
 *   while 33% or more of the nodes are on it
 *   (yarn.app.mapreduce.am.job.node-blacklisting.ignore-threshold-node-percent).
 * It is a file of its own because these rules are one concern that both
 * schedulers and the JobTracker consult. */
#ifndef MRLAB_FAILURES_H
#define MRLAB_FAILURES_H

#include "state.h"

/* The fraction of its input after which attempt A fails, or -1 when it
 * does not fail (drawn as above; no draw at a probability of 0). */
double failures_point(const attempt *a);

/* Fails attempt A now (its cause CAUSE_FAULT, its pipes cancelled) if it
 * is to fail and DONE of its TOTAL input is through (a map's split read
 * and mapped, a reduce's input reduced), and it is not cancelled already. */
void failures_reached(attempt *a, double done, double total);

/* The status of attempt A as its actor ends: FAILED after a fault, KILLED
 * if it was cancelled otherwise, else SUCCEEDED. */
attempt_status failures_outcome(const attempt *a);

/* Records that the JobTracker learnt at NOW of failed attempt A: its task,
 * job and worker's counts, and the rerun, or the job's failure (its running
 * attempts killed).  Returns 1 when A failed its job, else 0. */
int failures_attempt_failed(engine *e, attempt *a, double now);

/* Whether worker W is blacklisted for job J (see above). */
int failures_blacklisted(const engine *e, const job *j, int w);

/* The first task of KIND of J whose failed attempt waits to be rerun and
 * may run on worker W now (W -1: on any), or NULL. */
task *failures_rerun(const engine *e, job *j, task_kind kind, int w);

/* Puts task T on its job's reruns, unless it is there, done, or its job ended. */
void failures_requeue(task *t);

/* The tasks of KIND of job J that wait for a container or a slot: never
 * given one, or waiting to be rerun (a failed or lost attempt's). */
int failures_waiting(const job *j, task_kind kind);

/* Takes task T off its job's reruns: an attempt of it was made. */
void failures_taken(task *t);

#endif
