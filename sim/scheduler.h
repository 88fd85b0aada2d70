/* scheduler.h - who runs which task: the policy behind the JobTracker.
 *
 * On each heartbeat the JobTracker asks its scheduler to fill the
 * tracker's free capacity.  A scheduler creates attempts and queues them on
 * the tracker with scheduler_give; the tracker launches them when the
 * heartbeat's answer reaches it.  Hadoop 1's slot scheduler is the first
 * policy; YARN containers with DRF will be another behind the same call. */
#ifndef MRLAB_SCHEDULER_H
#define MRLAB_SCHEDULER_H

#include "engine.h"

typedef struct scheduler {
  const char *name;
  /* Hands tasks to tracker T at time NOW. */
  void (*assign)(engine *e, tracker *t, double now);
} scheduler;

/* Hadoop 1's JobQueueTaskScheduler: FIFO over jobs, map slots filled with
 * node-local then rack-local tasks, at most one off-rack map and one reduce
 * per heartbeat, load spread by the cluster's remaining work, reduces after
 * the slow-start fraction of maps, and the speculative attempts that the
 * speculator asks for. */
extern const scheduler scheduler_hadoop1;

/* Creates attempt of task T on tracker TR's worker and queues it for launch. */
attempt *scheduler_give(tracker *tr, task *t, locality loc, int speculative, double now);

/* PSP (prefetch.h): the map the locality-aware scheduler would give worker
 * W next in job J (node-local, else rack-local, else any map not taken),
 * or NULL when none is left. */
task *scheduler_next_map(engine *e, job *j, int w);

/* PSP: an attempt of the map tracker TR holds in reserve, started at NOW
 * on its worker as a map slot frees there, without waiting for a
 * heartbeat; the tracker no longer holds it.  The caller launches it. */
attempt *scheduler_start_reserved(engine *e, tracker *tr, double now);

#endif
