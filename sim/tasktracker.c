/* tasktracker.c - a worker: heartbeats, and the attempts it launches.
 *
 * A tracker heartbeats the JobTracker, launches the attempts given in the
 * answer, and sleeps for the heartbeat interval, or less when an attempt
 * ends and out-of-band heartbeats are on.  Each tracker's first heartbeat
 * falls at a point of the first interval drawn from the run's seed and its
 * name: real TaskTrackers (and NodeManagers) start at unrelated times, and
 * a phase set by the tracker's place in the platform file would hand the
 * first tasks of every job to the trackers listed first.
 * With PSP (prefetch.h) a tracker also holds the map reserved for it, and
 * launches it as soon as a map slot frees: the slot stays busy and the
 * next heartbeat finds no free map slot to fill. */
#include "engine.h"
#include "lost.h"
#include "prefetch.h"
#include "scheduler.h"

#include <simgrid/actor.h>
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/semaphore.h>
#include <xbt/log.h>

#include <stdlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_tasktracker, mrlab,
                                "the TaskTrackers (YARN: NodeManagers): launches, ends, heartbeats");

#define HEARTBEAT_BYTES 1024

static const char *const status_words[] = {"running", "succeeded", "was killed", "failed"};

void engine_launch(attempt *a)
{
  tracker *tr = &the_engine->trackers[a->worker];
  a->launched = simgrid_get_clock();
  if (tr->lost) { /* given in an answer that reached a worker that has failed since: it never runs */
    a->cause = CAUSE_LOST;
    a->cancel = 1;
  }
  XBT_INFO("launches %s %c%06d attempt %d, assigned at %.3f s", a->task->job->desc->name,
           a->task->kind == KIND_MAP ? 'm' : 'r', a->task->index, a->number, a->start);
  sg_actor_t actor = sg_actor_init(a->task->kind == KIND_MAP ? "map" : "reduce", tr->host);
  sg_actor_set_data(actor, a);
  sg_actor_start(actor, a->task->kind == KIND_MAP ? map_attempt_actor : reduce_attempt_actor, 0, NULL);
  if (a->task->kind == KIND_MAP)
    prefetch_plan(a);
}

void engine_attempt_cancel(attempt *a)
{
  a->cancel = 1;
  if (a->wake)
    sg_cond_notify_all(a->wake);
}

void engine_attempt_ended(attempt *a)
{
  engine *e = the_engine;
  tracker *tr = &e->trackers[a->worker];
  a->end = simgrid_get_clock();
  a->task->running--;
  if (a->task->kind == KIND_MAP) {
    int k = 0;
    while (tr->maps[k] != a)
      k++;
    tr->maps[k] = tr->maps[--tr->running_maps];
  } else {
    tr->running_reduces--;
  }
  if (tr->expired) { /* its worker was declared lost: the JobTracker has nothing more to wait for */
    jobtracker_learn(e, a, a->end);
    return;
  }
  if (a->task->kind == KIND_MAP && tr->next && !tr->lost)
    engine_launch(scheduler_start_reserved(e, tr, a->end));
  a->next_done = tr->done;
  tr->done = a;
  int oob = conf_get(&e->cluster, CONF_OUTOFBAND_HEARTBEAT) != 0 && !tr->lost;
  XBT_INFO("%s %c%06d attempt %d %s after %.3f s; %s", a->task->job->desc->name, a->task->kind == KIND_MAP ? 'm' : 'r',
           a->task->index, a->number, status_words[a->status], a->end - a->launched,
           oob ? "an out-of-band heartbeat reports it now" : "the next heartbeat reports it");
  if (oob)
    sg_sem_release(tr->wake);
}

/* Actor: the TaskTracker of one worker. */
void tasktracker_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  tracker *tr = sg_actor_self_get_data();
  activities_sleep_for(e->heartbeat * engine_uniform(tr->key)); /* its daemon started at a time of its own */
  for (;;) {
    while (tr->lost && !tr->shutdown) { /* its worker is down (lost.h) */
      activities_begin(ACT_SLEEP);
      sg_sem_acquire(tr->revive);
    }
    if (tr->shutdown)
      break;
    double sent = simgrid_get_clock();
    lost_disk_check(e, tr, sent);
    XBT_VERB("heartbeat: %d of %d map slots and %d of %d reduce slots busy", tr->running_maps, tr->map_slots,
             tr->running_reduces, tr->reduce_slots);
    activities_heartbeat();
    activities_begin(ACT_CONTROL);
    sg_mailbox_put(e->jobtracker, tr, HEARTBEAT_BYTES);
    activities_end(ACT_CONTROL);
    sg_mailbox_get(tr->mailbox);
    activities_end(ACT_CONTROL); /* the JobTracker's answer (jobtracker.c) */
    if (tr->shutdown)
      break;
    for (int i = 0; i < tr->n_launch; i++)
      engine_launch(tr->launch[i]);
    tr->n_launch = 0;
    /* as TaskTracker.offerService: the interval runs from the last heartbeat sent */
    double wait = sent + e->heartbeat - simgrid_get_clock();
    if (wait > 0) {
      activities_begin(ACT_SLEEP); /* a timed wait, as a sleep */
      sg_sem_acquire_timeout(tr->wake, wait);
    }
  }
}
