/* jobtracker.c - the master: heartbeats in, completions recorded, tasks out.
 *
 * As in Hadoop 1, the JobTracker learns of finished attempts only from
 * heartbeats, so a map's output becomes visible to reducers, and a freed
 * slot gets new work, at the next heartbeat of its tracker.  Each heartbeat
 * is answered with the tasks the scheduler chose; trackers heartbeat every
 * max(interval.min, scaling x trackers / heartbeats.in.second) (engine.c).
 * Each job's speculator (speculator.c) runs beside it on the master, from
 * its submission to its end.  A
 * job ends when the JobTracker learns of its last reduce (of its last map,
 * map-only); the jobs of a workflow that waited for it alone are then
 * submitted; a job fails when one of its tasks failed too often
 * (failures.h), and the jobs that waited for it then never run.  In YARN
 * mode (yarn.h) this loop is the ResourceManager: the
 * same heartbeats come from NodeManagers, and its scheduler frees each
 * reported attempt's container, and stops the run when its scheduler
 * finds that no job can ever end.  Heartbeats come every few simulated
 * seconds from each tracker, so they also pace the progress line that a
 * terminal sees during a long run. */
#include "jobtracker.h"

#include "alloc.h"
#include "coarse.h"
#include "failures.h"
#include "jobs.h"
#include "lost.h"
#include "rereplicate.h"
#include "retire.h"
#include "scheduler.h"
#include "speculator.h"
#include "sweep.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/mailbox.h>
#include <simgrid/mutex.h>
#include <xbt/log.h>

#include <math.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_jobtracker, mrlab,
                                "the JobTracker (YARN: the ResourceManager) and its scheduler: assignments, "
                                "slow-start, what heartbeats report, jobs' ends");

#define ANSWER_BYTES 1024

/* Records the end of job J at time NOW, and submits the jobs that waited
 * for it alone; if J failed, the jobs that wait for it end too, as
 * DEPENDENT_FAILED (Hadoop's JobControl), at NOW, without running. */
static void job_ended(engine *e, job *j, double now)
{
  j->end = now;
  j->finished = 1;
  retire_finished(e, j);
  free(j->last_event); /* no map completion event follows */
  j->last_event = NULL;
  e->jobs_finished++;
  if (j->status == JOB_SUCCEEDED)
    XBT_INFO("job %s ended: %d maps, %d reduces, %.3f s after its submission", j->desc->name, j->n_maps,
             j->n_reduces, now - j->submit);
  else
    XBT_INFO("job %s %s at %.3f s, %.3f s after its submission", j->desc->name,
             j->status == JOB_FAILED ? "failed" : "will not run: a job it waits for failed", now, now - j->submit);
  if (e->jobs_finished == e->n_jobs) {
    lost_shutdown(e);
    rereplicate_shutdown(e);
    engine_work_appeared(e); /* every tracker is to hear it */
  }
  for (int c = 0; c < j->n_children; c++) {
    job *child = j->children[c];
    for (int k = 0; k < child->desc->n_after && !child->finished; k++) {
      if (child->desc->after[k] != j->index)
        continue;
      if (j->status != JOB_SUCCEEDED) {
        child->status = JOB_DEPENDENT_FAILED;
        child->submit = child->start = child->map_phase_end = now;
        job_ended(e, child, now);
      } else if (--child->waiting == 0) {
        engine_submit(e, child, now);
      }
    }
  }
}

/* Appends the success of map attempt A to J's map completion events,
 * chained to the latest event of the same source, so that a reducer walks
 * a source's outputs without a list of its own (reducetask.c). */
static void announce(job *j, const attempt *a)
{
  if (j->n_finished_maps == j->cap_finished_maps) { /* a map run again is learnt of again */
    j->cap_finished_maps *= 2;
    j->finished_maps = xrealloc(j->finished_maps, (size_t)j->cap_finished_maps * sizeof *j->finished_maps);
    j->next_event = xrealloc(j->next_event, (size_t)j->cap_finished_maps * sizeof *j->next_event);
  }
  if (!j->last_event) { /* freed when the job ends: a day's jobs do not each keep one */
    int n = engine_fetch_sources(j);
    j->last_event = xmalloc((size_t)n * sizeof *j->last_event);
    for (int s = 0; s < n; s++)
      j->last_event[s] = -1;
  }
  int i = j->n_finished_maps++, s = engine_fetch_source(j, a->worker);
  j->finished_maps[i] = a;
  j->next_event[i] = -1;
  if (j->last_event[s] >= 0)
    j->next_event[j->last_event[s]] = i;
  j->last_event[s] = i;
  if (!a->task->announced)
    a->task->announced = i + 1;
}

/* Records the end of attempt A, reported by its tracker at time NOW. */
static void attempt_reported(engine *e, attempt *a, double now)
{
  task *t = a->task;
  job *j = t->job;
  a->reported = now;
  j->unreported--;
  if (a->status == STATUS_SUCCEEDED && (t->done || j->finished)) { /* Hadoop would have killed it */
    a->status = STATUS_KILLED;
    a->cause = t->done ? CAUSE_TWIN : CAUSE_JOB_FAILED;
  }
  static const char *const ended[] = {"", "succeeded", "was killed", "failed"};
  XBT_INFO("learns that %s %c%06d attempt %d on %s %s at %.3f s%s", j->desc->name, t->kind == KIND_MAP ? 'm' : 'r',
           t->index, a->number, e->platform->workers[a->worker].name, ended[a->status], a->end,
           a->preempted                                 ? " (its AM preempted it)"
           : a->cause == CAUSE_TWIN && !a->cancel       ? " (its twin succeeded first)"
           : a->cause == CAUSE_JOB_FAILED && !a->cancel ? " (its job failed)"
           : a->cause == CAUSE_LOST                     ? " (its worker was lost)"
           : a->cause == CAUSE_DISK_FAILED              ? " (the disk of its local directory failed)"
                                                        : "");
  if (a->status == STATUS_FAILED && failures_attempt_failed(e, a, now))
    job_ended(e, j, now);
  if (a->status == STATUS_KILLED && a->cause == CAUSE_LOST)
    failures_requeue(t);
  if (a->status != STATUS_SUCCEEDED)
    return;
  t->done = 1;
  e->tasks_done++;
  sg_mutex_lock(j->mutex);
  for (int k = 0; k < t->n_attempts; k++)
    if (t->attempts[k]->status == STATUS_RUNNING && !t->attempts[k]->cancel) {
      t->attempts[k]->cause = CAUSE_TWIN;
      XBT_INFO("kills %s %c%06d attempt %d on %s: attempt %d succeeded", j->desc->name, t->kind == KIND_MAP ? 'm' : 'r',
               t->index, k, e->platform->workers[t->attempts[k]->worker].name, a->number);
      engine_attempt_cancel(t->attempts[k]);
    }
  sg_mutex_unlock(j->mutex);
  if (t->kind == KIND_MAP) {
    t->output = a;
    t->fetch_failures = 0;
    t->out_worker = a->worker;
    t->out_disk = a->disk;
    t->cache_start = a->cache_start;
    int c = e->platform->workers[a->worker].cls; /* for PSP's prediction (prefetch.c) */
    j->block_time[c] += a->end - a->start;
    j->block_count[c]++;
    announce(j, a);
    lost_progress(e, 0);
    if (++j->maps_done == j->n_maps)
      j->map_phase_end = now;
    if (j->n_reduces && j->maps_done == (int)ceil(conf_get(&j->desc->conf, CONF_SLOWSTART) * j->n_maps)) {
      XBT_INFO("job %s: %d of %d maps done (%s %g): its reduces may start", j->desc->name, j->maps_done, j->n_maps,
               conf_name(CONF_SLOWSTART), conf_get(&j->desc->conf, CONF_SLOWSTART));
      engine_work_appeared(e);
    }
    if (j->maps_done == j->n_maps && !j->n_reduces) /* a map-only job ends with its last map */
      job_ended(e, j, now);
    /* one idle fetcher per shuffling reducer (it wakes another if there is
     * more to fetch); coarsely, see coarse_map_announced */
    sg_mutex_lock(j->mutex);
    if (coarse_job(j))
      coarse_map_announced(e, j, t);
    else
      for (int p = 0; p < j->n_reduces; p++)
        for (int k = 0; k < j->reduces[p].n_attempts; k++)
          if (j->reduces[p].attempts[k]->wake)
            sg_cond_notify_one(j->reduces[p].attempts[k]->wake);
    sg_mutex_unlock(j->mutex);
  } else if (++j->reduces_done == j->n_reduces) {
    job_ended(e, j, now);
  }
}

void jobtracker_learn(engine *e, attempt *a, double now)
{
  attempt_reported(e, a, now);
  if (e->scheduler->release)
    e->scheduler->release(e, a);
}

void jobtracker_lose_output(engine *e, task *t, attempt_cause cause, double now)
{
  job *j = t->job;
  attempt *a = (attempt *)t->output;
  int64_t bytes = 0;
  for (int p = 0; p < j->n_reduces; p++)
    bytes += engine_part_wire(t, p);
  XBT_INFO("%s m%06d's output on %s is lost (%s): the map runs again", j->desc->name, t->index,
           e->platform->workers[a->worker].name,
           cause == CAUSE_LOST ? "its worker was lost" : "too many fetch failures");
  t->done = 0;
  t->output = NULL;
  t->fetch_failures = 0;
  j->maps_done--;
  j->map_phase_end = 0;
  e->tasks_done--;
  j->reexecuted_maps++;
  j->lost_bytes += bytes;
  a->cause = cause;
  a->output_lost = now;
  if (cause == CAUSE_LOST) {
    a->status = STATUS_KILLED;
    failures_requeue(t);
  } else {
    a->status = STATUS_FAILED;
    if (failures_attempt_failed(e, a, now))
      job_ended(e, j, now);
  }
}

/* The progress line (statusline.h) at a heartbeat at time NOW.  It reads
 * the wall clock and writes to stderr, nothing SimGrid sees, so a run's
 * outputs are the same with the line or without. */
static void progress_line(engine *e, double now)
{
  char clock[64];
  if (statusline_due(&e->line))
    statusline_print(&e->line, "%d of %d jobs done, %d of %d tasks done, simulated %s in %.0f s", e->jobs_finished,
                     e->n_jobs, e->tasks_done, e->tasks_total, statusline_clock(now, clock, sizeof clock),
                     statusline_elapsed(&e->line));
}

/* Actor: the JobTracker, on the master, until every job has finished and every tracker has been told. */
void jobtracker_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  e->untold = e->platform->n_workers;
  sg_actor_create("speculators", e->master, speculators_actor, 0, NULL);
  while (e->untold > 0) {
    tracker *tr = sg_mailbox_get(e->jobtracker);
    double now = simgrid_get_clock();
    tr->uplink = now - tr->sent;
    e->uplink_max = fmax(e->uplink_max, tr->uplink);
    if (lost_is_nobody(e, tr))
      continue;
    lost_heartbeat(e, tr->worker, now);
    attempt *in_order = NULL; /* the tracker's list is newest first */
    for (attempt *a = tr->done, *next; a; a = next) {
      next = a->next_done;
      a->next_done = in_order;
      in_order = a;
    }
    tr->done = NULL;
    for (attempt *a = in_order; a; a = a->next_done)
      jobtracker_learn(e, a, now);
    if (in_order) /* the jobs whose last attempts these were may go (sweep.h) */
      sweep_ended(e);
    if (e->jobs_finished == e->n_jobs) {
      tr->shutdown = 1;
      e->untold--;
    } else {
      e->scheduler->assign(e, tr, now);
    }
    if (e->stuck[0] && e->untold > 0) { /* YARN mode: no job can ever end (yarn.h); the run stops here */
      sg_actor_kill_all();
      return;
    }
    activities_begin(ACT_CONTROL); /* ended by the tracker that receives it */
    progress_line(e, now);
    sg_comm_detach(sg_mailbox_put_init(tr->mailbox, tr, ANSWER_BYTES), NULL);
  }
}
