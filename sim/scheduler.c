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
 * Speculation follows Hadoop 1's TaskInProgress.hasSpeculativeTask: a task
 * with one running attempt, 60 s old, 20% behind its job's mean progress. */
#include "scheduler.h"

#include "alloc.h"

#include <math.h>
#include <stdlib.h>

#define SPECULATIVE_GAP 0.2
#define SPECULATIVE_LAG 60.0

attempt *scheduler_give(tracker *tr, task *t, locality loc, int speculative, double now)
{
  attempt *a = xcalloc(1, sizeof *a);
  a->task = t;
  a->number = t->n_attempts;
  a->worker = tr->worker;
  a->speculative = speculative;
  a->locality = loc;
  a->status = STATUS_RUNNING;
  a->start = now;
  t->attempts[t->n_attempts++] = a;
  t->running++;
  if (t->kind == KIND_MAP)
    tr->running_maps++;
  else
    tr->running_reduces++;
  if (!t->job->started) {
    t->job->started = 1;
    t->job->start = now;
  }
  tr->launch = xrealloc(tr->launch, (size_t)(tr->n_launch + 1) * sizeof *tr->launch);
  tr->launch[tr->n_launch++] = a;
  return a;
}

/* The next map of LIST[*CUR..N) that has never run, advancing the cursor
 * past maps that have. */
static task *next_pending(job *j, const int *list, int n, int *cur)
{
  while (*cur < n && j->maps[list[*cur]].n_attempts > 0)
    (*cur)++;
  return *cur < n ? &j->maps[list[*cur]] : NULL;
}

/* Whether J is submitted and unfinished at NOW. */
static int runnable(const job *j, double now)
{
  return !j->finished && j->desc->submit <= now;
}

/* Average progress of the running and finished tasks of one kind. */
static double mean_progress(const task *tasks, int n)
{
  double sum = 0;
  for (int i = 0; i < n; i++) {
    double best = tasks[i].done ? 1 : 0;
    for (int k = 0; k < tasks[i].n_attempts; k++)
      best = fmax(best, tasks[i].attempts[k]->progress);
    sum += best;
  }
  return n ? sum / n : 0;
}

/* A task of TASKS that Hadoop 1 would run a speculative attempt of on
 * worker W, or NULL. */
static task *speculative_task(task *tasks, int n, int w, double now)
{
  double mean = -1;
  for (int i = 0; i < n; i++) {
    task *t = &tasks[i];
    if (t->done || t->running != 1 || t->n_attempts >= MAX_ATTEMPTS)
      continue;
    attempt *a = NULL;
    for (int k = 0; k < t->n_attempts; k++)
      if (t->attempts[k]->status == STATUS_RUNNING)
        a = t->attempts[k];
    if (!a || a->worker == w || now - a->start < SPECULATIVE_LAG)
      continue;
    if (mean < 0)
      mean = mean_progress(tasks, n);
    if (mean - a->progress >= SPECULATIVE_GAP)
      return t;
  }
  return NULL;
}

static locality map_locality(const engine *e, const task *t, int w)
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

/* A node-local, else rack-local, map of J for worker W. */
static task *local_map(engine *e, job *j, int w)
{
  int rack = e->platform->workers[w].rack;
  task *t = next_pending(j, j->maps_on_worker[w], j->n_on_worker[w], &j->cur_worker[w]);
  if (!t)
    t = next_pending(j, j->maps_in_rack[rack], j->n_in_rack[rack], &j->cur_rack[rack]);
  return t;
}

static void hadoop1_assign(engine *e, tracker *tr, double now)
{
  int w = tr->worker;
  /* the load factors of JobQueueTaskScheduler */
  double remaining_maps = 0, remaining_reduces = 0;
  for (int i = 0; i < e->n_jobs; i++)
    if (runnable(&e->jobs[i], now)) {
      remaining_maps += e->jobs[i].n_maps - e->jobs[i].maps_done;
      remaining_reduces += e->jobs[i].n_reduces - e->jobs[i].reduces_done;
    }
  int map_cap = (int)fmin(ceil(remaining_maps / e->map_slots * tr->map_slots), tr->map_slots);
  int reduce_cap = (int)fmin(ceil(remaining_reduces / e->reduce_slots * tr->reduce_slots), tr->reduce_slots);

  for (int slot = tr->running_maps; slot < map_cap; slot++) {
    task *t = NULL;
    for (int i = 0; i < e->n_jobs && !t; i++)
      if (runnable(&e->jobs[i], now))
        t = local_map(e, &e->jobs[i], w);
    if (t) {
      scheduler_give(tr, t, map_locality(e, t, w), 0, now);
      continue;
    }
    /* no local work anywhere: one off-rack or speculative map, then stop */
    for (int i = 0; i < e->n_jobs && !t; i++) {
      job *j = &e->jobs[i];
      if (!runnable(j, now))
        continue;
      while (j->cur_any < j->n_maps && j->maps[j->cur_any].n_attempts > 0)
        j->cur_any++;
      if (j->cur_any < j->n_maps) {
        t = &j->maps[j->cur_any];
        scheduler_give(tr, t, map_locality(e, t, w), 0, now);
      } else if (conf_get(&j->desc->conf, CONF_MAP_SPECULATIVE) != 0 &&
                 (t = speculative_task(j->maps, j->n_maps, w, now))) {
        scheduler_give(tr, t, map_locality(e, t, w), 1, now);
      }
    }
    break;
  }

  if (tr->running_reduces >= reduce_cap)
    return;
  for (int i = 0; i < e->n_jobs; i++) {
    job *j = &e->jobs[i];
    if (!runnable(j, now) || j->maps_done < ceil(conf_get(&j->desc->conf, CONF_SLOWSTART) * j->n_maps))
      continue;
    while (j->cur_reduce < j->n_reduces && j->reduces[j->cur_reduce].n_attempts > 0)
      j->cur_reduce++;
    task *t = j->cur_reduce < j->n_reduces ? &j->reduces[j->cur_reduce] : NULL;
    if (t) {
      scheduler_give(tr, t, LOCALITY_NONE, 0, now);
      return;
    }
    if (conf_get(&j->desc->conf, CONF_REDUCE_SPECULATIVE) != 0 &&
        (t = speculative_task(j->reduces, j->n_reduces, w, now))) {
      scheduler_give(tr, t, LOCALITY_NONE, 1, now);
      return;
    }
  }
}

const scheduler scheduler_hadoop1 = {"hadoop1-fifo-slots", hadoop1_assign};
