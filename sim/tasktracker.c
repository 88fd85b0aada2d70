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
 * next heartbeat finds no free map slot to fill.
 *
 * Idle heartbeats (mrlab.heartbeat.idle=skip, the default): a tracker with
 * nothing to report, whose heartbeats would find no work until a job's
 * ready time, an attempt's end or an event (engine_work_appeared), waits
 * for that without sending them.  In a day-long trace most heartbeats are
 * such: trackers saying that nothing changed, and each would cost two
 * SimGrid flows and wake-ups.  The heartbeats it does send stay on its grid,
 * so a task reaches it at the moment it would have: a skipped heartbeat is
 * one that, sent, would have reached the JobTracker and found nothing.
 * What does change is the bandwidth those 1 KiB messages took from the
 * flows beside them: times move by parts per million (docs/scale.md,
 * "Idle heartbeats").  Runs that watch for lost workers send every heartbeat,
 * since the JobTracker's expiry counts them. */
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

#include <math.h>
#include <stdlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_tasktracker, mrlab,
                                "the TaskTrackers (YARN: NodeManagers): launches, ends, heartbeats");

#define HEARTBEAT_BYTES 1024

static const char *const status_words[] = {"running", "succeeded", "was killed", "failed"};

/* Ends tracker TR's wait in skip_idle, if it waits there. */
static void rouse(tracker *tr)
{
  if (tr->quiet) {
    tr->quiet = 0;
    sg_sem_release(tr->rouse);
  }
}

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
  rouse(tr); /* its next heartbeat has this to report */
  int oob = conf_get(&e->cluster, CONF_OUTOFBAND_HEARTBEAT) != 0 && !tr->lost;
  XBT_INFO("%s %c%06d attempt %d %s after %.3f s; %s", a->task->job->desc->name, a->task->kind == KIND_MAP ? 'm' : 'r',
           a->task->index, a->number, status_words[a->status], a->end - a->launched,
           oob ? "an out-of-band heartbeat reports it now" : "the next heartbeat reports it");
  if (oob)
    sg_sem_release(tr->wake);
}

void engine_work_appeared(engine *e)
{
  for (int w = 0; w < e->platform->n_workers; w++) /* by key: trackers roused at once act in no file order */
    rouse(e->by_key[w]);
}

/* Whether TR may skip heartbeats: it has nothing to report and holds no
 * map in reserve, and no JobTracker watches for lost workers (lost.h). */
static int idle(const engine *e, const tracker *tr)
{
  return conf_get(&e->cluster, CONF_HEARTBEAT_IDLE) == CONF_IDLE_SKIP && !e->lost && !tr->next && !tr->done &&
         !tr->lost && !tr->shutdown;
}

/* Waits, without a heartbeat, through the heartbeats of idle tracker TR
 * due from NEXT on (its grid: the interval runs from its last heartbeat
 * sent) that would reach the JobTracker with nothing to report and while
 * no work can be there for it (scheduler_next_work); a heartbeat is kept
 * when work may be there within ENGINE_HEARTBEAT_REACH of its sending.
 * Returns the time of the heartbeat to send, a point of the grid for the
 * caller to wait for; or, roused by an attempt's end or by work that
 * appeared while a skipped heartbeat would still have been on its way
 * (sent less than TR's last heartbeat's way to the JobTracker ago), the
 * clock, for one sent at once, with the grid point it stands for in
 * *GRID. */
static double skip_idle(engine *e, tracker *tr, double next, double *grid)
{
  double hb = e->heartbeat;
  int oob = conf_get(&e->cluster, CONF_OUTOFBAND_HEARTBEAT) != 0;
  for (;;) {
    double now = simgrid_get_clock();
    double work = scheduler_next_work(e, now);
    double until = next; /* the first heartbeat due that may meet work */
    while (!isinf(work) && until + ENGINE_HEARTBEAT_REACH < work)
      until += hb;
    activities_begin(ACT_SLEEP);
    tr->quiet = 1;
    int roused = isinf(work) ? (sg_sem_acquire(tr->rouse), 1) : !sg_sem_acquire_timeout(tr->rouse, until - now);
    if (!roused && !tr->quiet) /* roused as the time ran out: take the release */
      roused = (sg_sem_acquire(tr->rouse), 1);
    tr->quiet = 0;
    if (!roused) { /* at UNTIL: sent if work may still be there */
      next = until;
      if (scheduler_next_work(e, simgrid_get_clock()) <= next + ENGINE_HEARTBEAT_REACH)
        return next;
      continue;
    }
    now = simgrid_get_clock();
    while (next <= now)
      next += hb;
    double last = next - hb; /* the latest heartbeat due, skipped if after the last one sent */
    if (tr->done && oob)     /* an attempt ended: an out-of-band heartbeat reports it at once (tr->wake) */
      return next;
    if (last > tr->sent && now - last < tr->uplink && (tr->done || scheduler_next_work(e, now) <= now)) {
      *grid = last;
      return now;
    }
    if (tr->done) /* an attempt ended: the next heartbeat reports it */
      return next;
  }
}

/* Actor: the TaskTracker of one worker. */
void tasktracker_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  tracker *tr = sg_actor_self_get_data();
  activities_sleep_for(e->heartbeat * engine_uniform(tr->key)); /* its daemon started at a time of its own */
  double grid = -1; /* the grid point a heartbeat sent off the grid stands for (skip_idle), else -1 */
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
    tr->sent = sent;
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
    double next = (grid >= 0 ? grid : sent) + e->heartbeat;
    grid = -1;
    if (idle(e, tr))
      next = skip_idle(e, tr, next, &grid);
    double wait = next - simgrid_get_clock();
    if (wait > 0) {
      activities_begin(ACT_SLEEP); /* a timed wait, as a sleep */
      sg_sem_acquire_timeout(tr->wake, wait);
    }
  }
}
