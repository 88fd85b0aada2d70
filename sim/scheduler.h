/* scheduler.h - who runs which task: the policy behind the JobTracker.
 *
 * On each heartbeat the JobTracker asks its scheduler to fill the
 * tracker's free capacity.  A scheduler creates attempts and queues them on
 * the tracker with scheduler_give; the tracker launches them when the
 * heartbeat's answer reaches it.  Hadoop 1's slot scheduler is the first
 * policy; YARN's ResourceManager (yarn.h) places containers behind the
 * same calls. */
#ifndef MRLAB_SCHEDULER_H
#define MRLAB_SCHEDULER_H

#include "state.h"

typedef struct scheduler {
  const char *name;
  /* Hands tasks to tracker T at time NOW. */
  void (*assign)(engine *e, tracker *t, double now);
  /* Called as the JobTracker records each attempt A its tracker reported
   * (finished or killed), after recording it; NULL when the policy keeps
   * no account of its own (slots are counted on the tracker). */
  void (*release)(engine *e, attempt *a);
} scheduler;

/* Hadoop 1's JobQueueTaskScheduler: FIFO over jobs, map slots filled with
 * node-local then rack-local tasks, at most one off-rack map and one reduce
 * per heartbeat, load spread by the cluster's remaining work, reduces after
 * the slow-start fraction of maps, and the speculative attempts that the
 * speculator asks for. */
extern const scheduler scheduler_hadoop1;

/* Creates attempt of task T on tracker TR's worker and queues it for launch;
 * a SPECULATIVE one takes the place of its job's wish (scheduler_wanted). */
attempt *scheduler_give(tracker *tr, task *t, locality loc, int speculative, double now);

/* The earliest time from NOW at which a tracker with nothing running might
 * be given a task (NOW when one might be now), INFINITY when none will
 * until engine_work_appeared; NOW too once every job has ended, as every
 * tracker is then to hear that the run is over.  Errs early, never late:
 * a heartbeat sent when nothing waits finds nothing, one skipped when
 * something waits would change the run. */
double scheduler_next_work(engine *e, double now);
/* Whether J's splits are known, its input in place, and J unfinished at NOW. */
int scheduler_runnable(const job *j, double now);

/* The task of KIND in J that the speculator wants a speculative attempt of
 * (speculator.c), if it may run on worker W (not where it runs already),
 * with its locality on W in *LOC when LOC is not NULL; or NULL.  The wish
 * stands until scheduler_give starts that speculative attempt, or the task
 * ends. */
task *scheduler_wanted(const engine *e, job *j, task_kind kind, int w, locality *loc);

/* The locality of map T on worker W: where the nearest replica of its block is. */
locality scheduler_map_locality(const engine *e, const task *t, int w);

/* The map of J to run on worker W next: node-local, else rack-local, else
 * any map not taken, with its locality in *LOC; or NULL when every map of
 * J is taken. */
task *scheduler_pending_map(engine *e, job *j, int w, locality *loc);

/* PSP (prefetch.h): reserves for tracker TR the map of job J that the
 * locality-aware scheduler would give it next (node-local, else rack-local,
 * else any map not taken), and returns it; or NULL, reserving nothing, when
 * TR has a free map slot (a heartbeat fills it) or when the cluster's free
 * map slots could take every map of J not taken (a reserved map would wait
 * for TR while a slot elsewhere idles). */
task *scheduler_reserve(engine *e, job *j, tracker *tr);

/* PSP: an attempt of the map tracker TR holds in reserve, started at NOW
 * on its worker as a map slot frees there, without waiting for a
 * heartbeat; the tracker no longer holds it.  The caller launches it. */
attempt *scheduler_start_reserved(engine *e, tracker *tr, double now);

#endif
