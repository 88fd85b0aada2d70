/* scheduler.c - Hadoop 1's JobQueueTaskScheduler.
 *
 * Follows JobQueueTaskScheduler.assignTasks of Hadoop 1: a tracker gets at
 * most min(ceil(load factor x its slots), its slots) running maps, where the
 * load factor is the cluster's remaining maps over its map slots; each free
 * slot takes a node-local, else rack-local task from the first job that has
 * one; failing that, one off-rack task for the whole heartbeat.  Pending
 * tasks are found through per-worker and per-rack lists with cursors that
 * only move forward, as Hadoop's caches of non-running tasks do, so a
 * heartbeat costs about the tasks it hands out, not the job's size.
 * Which tasks get a speculative attempt is the speculator's choice
 * (speculator.c); a slot left free once a job's pending tasks are all
 * placed takes it, on a worker where the task is not running already, as
 * Hadoop 1's TaskInProgress.hasRunOnMachine keeps it.  Jobs are walked
 * in the engine's queue (engine_queue): submitted and not finished.  With PSP
 * (prefetch.h) a map a tracker holds in reserve is taken as a running one
 * is, until a free slot finds nothing else to do and takes it back.
 * A task whose attempt failed is rerun before the tasks not yet started,
 * and a tracker blacklisted for a job gets none of its tasks (failures.h).
 * Each assignment is logged in the JobTracker's category (jobtracker.c),
 * whose decision it is, in YARN mode too. */
#include "scheduler.h"

#include "alloc.h"
#include "failures.h"
#include "jobs.h"
#include "retire.h"

#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(mrlab_jobtracker);

static const char *const locality_words[] = {"node-local", "rack-local", "off-rack", ""};

/* A new attempt of task T on tracker TR's worker, started at NOW. */
static attempt *new_attempt(tracker *tr, task *t, locality loc, int speculative, double now)
{
  attempt *a = xcalloc(1, sizeof *a);
  if (t->kind == KIND_MAP && t->n_attempts == 0 && !t->reserved)
    t->job->maps_taken++;
  a->task = t;
  a->number = t->n_attempts;
  a->worker = tr->worker;
  a->speculative = speculative;
  a->locality = loc;
  a->status = STATUS_RUNNING;
  a->start = now;
  a->fail_at = failures_point(a);
  if (t->rerun)
    failures_taken(t);
  t->attempts = xrealloc(t->attempts, (size_t)(t->n_attempts + 1) * sizeof *t->attempts);
  t->attempts[t->n_attempts++] = a;
  t->running++;
  t->job->unreported++;
  retire_slot_use(the_engine, a);
  if (t->kind == KIND_MAP) {
    tr->maps = xrealloc(tr->maps, (size_t)(tr->running_maps + 1) * sizeof *tr->maps);
    tr->maps[tr->running_maps++] = a;
  } else
    tr->running_reduces++;
  if (!t->job->started) {
    t->job->started = 1;
    t->job->start = now;
  }
  XBT_INFO("assigns %s %c%06d attempt %d to %s: %s%s%s", t->job->desc->name, t->kind == KIND_MAP ? 'm' : 'r', t->index,
           a->number, the_engine->platform->workers[tr->worker].name, t->kind == KIND_MAP ? "map, " : "reduce",
           locality_words[loc], speculative ? ", speculative" : "");
  return a;
}

attempt *scheduler_give(tracker *tr, task *t, locality loc, int speculative, double now)
{
  attempt *a = new_attempt(tr, t, loc, speculative, now);
  if (speculative) { /* the speculator's wish is granted */
    t->job->wanted[t->kind] = NULL;
    a->asked = t->job->wanted_at[t->kind];
  }
  tr->launch = xrealloc(tr->launch, (size_t)(tr->n_launch + 1) * sizeof *tr->launch);
  tr->launch[tr->n_launch++] = a;
  return a;
}

/* Whether map T is taken: it has run, or a tracker holds it (PSP). */
static int taken(const task *t)
{
  return t->n_attempts > 0 || t->reserved;
}

/* The next map of LIST[*CUR..N) that is not taken, advancing the cursor
 * past maps that are. */
static task *next_pending(job *j, const int *list, int n, int *cur)
{
  while (*cur < n && taken(&j->maps[list[*cur]]))
    (*cur)++;
  return *cur < n ? &j->maps[list[*cur]] : NULL;
}

/* Whether J, released, has a task some tracker with nothing running
 * might take: a map not taken (with PSP, any map not done: a free slot may
 * reclaim one held in reserve), a rerun, a speculative attempt wanted, or,
 * once slow-start lets its reduces go, a reduce without a live attempt
 * (every attempt killed: YARN's preempted reduces). */
static int has_work(const job *j)
{
  const conf *c = &j->desc->conf;
  if (j->maps_taken < j->n_maps || j->n_reruns > 0 || j->wanted[KIND_MAP] || j->wanted[KIND_REDUCE] ||
      (conf_get(c, CONF_PREFETCH) != 0 && j->maps_done < j->n_maps))
    return 1;
  if (j->maps_done < ceil(conf_get(c, CONF_SLOWSTART) * j->n_maps))
    return 0; /* the report that lets its reduces go calls engine_work_appeared */
  for (int r = j->cur_reduce; r < j->n_reduces; r++) {
    const task *t = &j->reduces[r];
    int live = t->done;
    for (int k = 0; k < t->n_attempts && !live; k++)
      live = t->attempts[k]->status != STATUS_KILLED;
    if (!live)
      return 1;
  }
  return 0;
}

double scheduler_next_work(engine *e, double now)
{
  if (e->jobs_finished == e->n_jobs)
    return now;
  int n;
  job **queue = engine_queue(e, now, &n);
  /* the next job to be submitted: ready no sooner than its submit time */
  double at = e->n_submitted < e->n_jobs ? fmax(e->by_submit[e->n_submitted]->desc->submit, now) : INFINITY;
  for (int k = 0; k < n; k++)
    if (!queue[k]->held && has_work(queue[k]))
      at = fmin(at, fmax(queue[k]->ready, now));
  return at;
}

int scheduler_runnable(const job *j, double now)
{
  return !j->finished && !j->held && j->ready <= now;
}

locality scheduler_map_locality(const engine *e, const task *t, int w)
{
  const hdfs_file *f = t->job->input;
  locality best = LOCALITY_OFF_RACK;
  for (int r = 0; r < f->replication; r++) {
    int holder = hdfs_replica(f, t->block, r);
    if (holder == w)
      return LOCALITY_NODE;
    if (e->platform->workers[holder].rack == e->platform->workers[w].rack)
      best = LOCALITY_RACK;
  }
  return best;
}

static int by_worker(const void *x, const void *y)
{
  return (*(const int *)x > *(const int *)y) - (*(const int *)x < *(const int *)y);
}

/* A node-local, else rack-local, map of J for worker W. */
static task *local_map(engine *e, job *j, int w)
{
  int rack = e->platform->workers[w].rack;
  const int *at = bsearch(&w, j->holder, (size_t)j->n_holders, sizeof *j->holder, by_worker);
  int h = at ? (int)(at - j->holder) : -1;
  task *t = h < 0 ? NULL : next_pending(j, j->maps_on_holder[h], j->n_on_holder[h], &j->cur_holder[h]);
  if (!t)
    t = next_pending(j, j->maps_in_rack[rack], j->n_in_rack[rack], &j->cur_rack[rack]);
  return t;
}

task *scheduler_wanted(const engine *e, job *j, task_kind kind, int w, locality *loc)
{
  task *t = j->wanted[kind];
  if (t && t->done) /* it ended before a slot took its twin */
    t = j->wanted[kind] = NULL;
  if (!t)
    return NULL;
  for (int k = 0; k < t->n_attempts; k++)
    if (t->attempts[k]->status == STATUS_RUNNING && t->attempts[k]->worker == w)
      return NULL;
  if (loc)
    *loc = kind == KIND_MAP ? scheduler_map_locality(e, t, w) : LOCALITY_NONE;
  return t;
}

task *scheduler_pending_map(engine *e, job *j, int w, locality *loc)
{
  task *t = local_map(e, j, w);
  while (!t && j->cur_any < j->n_maps)
    if (!taken(&j->maps[j->cur_any++]))
      t = &j->maps[j->cur_any - 1];
  if (t)
    *loc = scheduler_map_locality(e, t, w);
  return t;
}

task *scheduler_reserve(engine *e, job *j, tracker *tr)
{
  int free_slots = 0;
  for (int w = 0; w < e->platform->n_workers; w++)
    free_slots += e->trackers[w].map_slots - e->trackers[w].running_maps;
  if (tr->running_maps < tr->map_slots || j->n_maps - j->maps_taken <= free_slots)
    return NULL;
  locality loc;
  task *t = scheduler_pending_map(e, j, tr->worker, &loc);
  if (t) {
    t->reserved = 1;
    tr->next = t;
    j->maps_taken++;
    XBT_INFO("reserves %s m%06d for the next map slot that frees on %s (PSP): %s", j->desc->name, t->index,
             e->platform->workers[tr->worker].name, locality_words[loc]);
  }
  return t;
}

attempt *scheduler_start_reserved(engine *e, tracker *tr, double now)
{
  task *t = tr->next;
  tr->next = NULL;
  return new_attempt(tr, t, scheduler_map_locality(e, t, tr->worker), 0, now);
}

/* PSP: a map of J that another tracker holds in reserve and has not begun
 * to load, taken back from it for TR, whose slot is free now (the holder's
 * slot is not: a reservation is a prediction, never a reason to leave a
 * slot idle); or NULL.  Among several such holders, one drawn from the
 * seed (Xie names none; the first listed would always lose it). */
static task *reclaim_reserved(engine *e, job *j, tracker *tr)
{
  tracker *from = NULL;
  uint64_t least = UINT64_MAX;
  for (int w = 0; w < e->platform->n_workers; w++) {
    tracker *holder = &e->trackers[w];
    task *t = holder->next;
    if (holder == tr || !t || t->job != j || (t->prefetch && t->prefetch->started))
      continue;
    uint64_t draw = engine_hash((const uint64_t[]){DRAW_RECLAIM, holder->key, (uint64_t)t->index}, 3);
    if (!from || draw < least) {
      from = holder;
      least = draw;
    }
  }
  if (!from)
    return NULL;
  task *t = from->next;
  if (t->prefetch)
    t->prefetch->dropped = 1;
  from->next = NULL;
  return t;
}

/* Whether job J may run a task on worker W at NOW. */
static int may_run(const engine *e, const job *j, int w, double now)
{
  return scheduler_runnable(j, now) && !failures_blacklisted(e, j, w);
}

static void hadoop1_assign(engine *e, tracker *tr, double now)
{
  int w = tr->worker, n;
  job **queue = engine_queue(e, now, &n);
  /* the load factors of JobQueueTaskScheduler */
  double remaining_maps = 0, remaining_reduces = 0;
  for (int i = 0; i < n; i++)
    if (scheduler_runnable(queue[i], now)) {
      remaining_maps += queue[i]->n_maps - queue[i]->maps_done;
      remaining_reduces += queue[i]->n_reduces - queue[i]->reduces_done;
    }
  int map_cap = (int)fmin(ceil(remaining_maps / e->map_slots * tr->map_slots), tr->map_slots);
  int reduce_cap = (int)fmin(ceil(remaining_reduces / e->reduce_slots * tr->reduce_slots), tr->reduce_slots);

  for (int slot = tr->running_maps; slot < map_cap; slot++) {
    task *t = NULL;
    for (int i = 0; i < n && !t; i++)
      if (may_run(e, queue[i], w, now) && !(t = failures_rerun(e, queue[i], KIND_MAP, w)))
        t = local_map(e, queue[i], w);
    if (t) {
      scheduler_give(tr, t, scheduler_map_locality(e, t, w), 0, now);
      continue;
    }
    /* no local work anywhere: one off-rack or speculative map, then stop */
    for (int i = 0; i < n && !t; i++) {
      job *j = queue[i];
      if (!may_run(e, j, w, now))
        continue;
      while (j->cur_any < j->n_maps && taken(&j->maps[j->cur_any]))
        j->cur_any++;
      if (j->cur_any < j->n_maps || (t = reclaim_reserved(e, j, tr))) {
        t = t ? t : &j->maps[j->cur_any];
        scheduler_give(tr, t, scheduler_map_locality(e, t, w), 0, now);
      } else if ((t = scheduler_wanted(e, j, KIND_MAP, w, NULL))) {
        scheduler_give(tr, t, scheduler_map_locality(e, t, w), 1, now);
      }
    }
    break;
  }

  if (tr->running_reduces >= reduce_cap)
    return;
  for (int i = 0; i < n; i++) {
    job *j = queue[i];
    if (!may_run(e, j, w, now) || j->maps_done < ceil(conf_get(&j->desc->conf, CONF_SLOWSTART) * j->n_maps))
      continue;
    while (j->cur_reduce < j->n_reduces && j->reduces[j->cur_reduce].n_attempts > 0)
      j->cur_reduce++;
    task *t = failures_rerun(e, j, KIND_REDUCE, w);
    if (!t && j->cur_reduce < j->n_reduces)
      t = &j->reduces[j->cur_reduce];
    if (t) {
      scheduler_give(tr, t, LOCALITY_NONE, 0, now);
      return;
    }
    if ((t = scheduler_wanted(e, j, KIND_REDUCE, w, NULL))) {
      scheduler_give(tr, t, LOCALITY_NONE, 1, now);
      return;
    }
  }
}

const scheduler scheduler_hadoop1 = {"hadoop1-fifo-slots", hadoop1_assign, NULL};
