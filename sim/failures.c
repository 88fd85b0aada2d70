/* failures.c - task-level faults and Hadoop's reactions (failures.h). */
#include "failures.h"

#include "alloc.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <simgrid/mutex.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_failures, mrlab,
                                "task-level faults: failed attempts, reruns, blacklisted trackers, failed jobs");

#define HADOOP1_BLACKLIST_SHARE 0.25 /* JobInProgress.CLUSTER_BLACKLIST_PERCENT */
#define YARN_IGNORE_PERCENT 33       /* ...am.job.node-blacklisting.ignore-threshold-node-percent */

static char kind_letter(const task *t)
{
  return t->kind == KIND_MAP ? 'm' : 'r';
}

double failures_point(const attempt *a)
{
  const task *t = a->task;
  double p = conf_get(&t->job->desc->conf, t->kind == KIND_MAP ? CONF_MAP_FAILURE : CONF_REDUCE_FAILURE);
  if (p <= 0)
    return -1;
  gsl_rng *r = engine_rng_alloc((const uint64_t[]){DRAW_FAULT, (uint64_t)t->job->index, (uint64_t)t->kind,
                                                   (uint64_t)t->index, (uint64_t)a->number},
                                5);
  int fails = (int)gsl_ran_bernoulli(r, p);
  double at = gsl_rng_uniform(r);
  gsl_rng_free(r);
  return fails ? at : -1;
}

void failures_reached(attempt *a, double done, double total)
{
  if (a->fail_at >= 0 && done >= a->fail_at * total && !a->cancel) {
    a->cause = CAUSE_FAULT;
    a->cancel = 1;
  }
}

attempt_status failures_outcome(const attempt *a)
{
  return a->cause == CAUSE_FAULT || a->cause == CAUSE_MISSING_BLOCK || a->cause == CAUSE_DISK_FAILED ? STATUS_FAILED
         : a->cancel                                                                                 ? STATUS_KILLED
                                                                                                     : STATUS_SUCCEEDED;
}

int failures_blacklisted(const engine *e, const job *j, int w)
{
  int n = e->platform->n_workers;
  if (!j->tracker_failures || j->tracker_failures[w] < conf_get(&j->desc->conf, CONF_TRACKER_FAILURES))
    return 0;
  return e->rm ? j->flaky * 100 < YARN_IGNORE_PERCENT * n : j->flaky < HADOOP1_BLACKLIST_SHARE * n;
}

/* Whether task T has failed on worker W, and on how many workers it has, into *N. */
static int failed_on(const task *t, int w, int *n)
{
  int here = 0;
  *n = 0;
  for (int k = 0; k < t->n_attempts; k++) {
    const attempt *a = t->attempts[k];
    if (a->status != STATUS_FAILED)
      continue;
    int first = 1; /* count each worker once */
    for (int i = 0; i < k && first; i++)
      first = !(t->attempts[i]->status == STATUS_FAILED && t->attempts[i]->worker == a->worker);
    *n += first;
    here |= a->worker == w;
  }
  return here;
}

/* Whether task T has an attempt whose end the JobTracker has not learnt
 * (one on a lost worker, until the worker is declared lost, lost.h): the
 * JobTracker then holds it running. */
static int awaits_report(const task *t)
{
  for (int k = 0; k < t->n_attempts; k++)
    if (t->attempts[k]->reported == 0)
      return 1;
  return 0;
}

/* The workers the JobTracker knows: those it has not declared lost (lost.h). */
static int known_workers(const engine *e)
{
  int n = 0;
  for (int w = 0; w < e->platform->n_workers; w++)
    n += !e->trackers[w].expired;
  return n;
}

task *failures_rerun(const engine *e, job *j, task_kind kind, int w)
{
  for (int i = 0; i < j->n_reruns; i++) {
    task *t = j->reruns[i];
    if (t->done) { /* a twin succeeded meanwhile */
      failures_taken(t);
      i--;
      continue;
    }
    int n;
    if (t->kind != kind || awaits_report(t) || (!e->rm && w >= 0 && failed_on(t, w, &n) && n < known_workers(e)))
      continue;
    return t;
  }
  return NULL;
}

int failures_waiting(const job *j, task_kind kind)
{
  int n = kind == KIND_MAP ? j->n_maps - j->maps_taken : 0;
  for (int i = 0; i < j->n_reruns; i++)
    n += j->reruns[i]->kind == kind && !j->reruns[i]->done && !awaits_report(j->reruns[i]);
  return n;
}

void failures_requeue(task *t)
{
  job *j = t->job;
  if (!t->rerun && !t->done && !j->finished) {
    t->rerun = 1;
    j->reruns[j->n_reruns++] = t;
    engine_work_appeared(the_engine);
  }
}

void failures_taken(task *t)
{
  job *j = t->job;
  int i = 0;
  while (j->reruns[i] != t)
    i++;
  for (; i + 1 < j->n_reruns; i++)
    j->reruns[i] = j->reruns[i + 1];
  j->n_reruns--;
  t->rerun = 0;
}

/* Fails job J, whose task's attempt A failed for the last time allowed:
 * its running attempts are killed, its wishes and reservations dropped. */
static void fail_job(engine *e, job *j, attempt *a)
{
  j->status = JOB_FAILED;
  j->fatal = a;
  j->wanted[KIND_MAP] = j->wanted[KIND_REDUCE] = NULL;
  sg_mutex_lock(j->mutex);
  for (int i = 0; i < j->n_maps + j->n_reduces; i++) {
    task *t = i < j->n_maps ? &j->maps[i] : &j->reduces[i - j->n_maps];
    for (int k = 0; k < t->n_attempts; k++)
      if (t->attempts[k]->status == STATUS_RUNNING && !t->attempts[k]->cancel) {
        t->attempts[k]->cause = CAUSE_JOB_FAILED;
        engine_attempt_cancel(t->attempts[k]);
      }
  }
  sg_mutex_unlock(j->mutex);
  for (int w = 0; w < e->platform->n_workers; w++) { /* PSP: maps held for the job's next slot */
    tracker *tr = &e->trackers[w];
    if (tr->next && tr->next->job == j) {
      if (tr->next->prefetch)
        tr->next->prefetch->dropped = 1;
      tr->next->reserved = 0;
      tr->next = NULL;
    }
  }
}

int failures_attempt_failed(engine *e, attempt *a, double now)
{
  task *t = a->task;
  job *j = t->job;
  const conf *c = &j->desc->conf;
  int n = e->platform->n_workers, limit = (int)conf_get(c, CONF_TRACKER_FAILURES);
  const char *host = e->platform->workers[a->worker].name;
  t->failures++;
  j->failed_attempts++;
  if (!j->tracker_failures) /* its first failed attempt */
    j->tracker_failures = xcalloc((size_t)n, sizeof *j->tracker_failures);
  if (e->rm || j->flaky < HADOOP1_BLACKLIST_SHARE * n) /* Hadoop 1 stops counting once a quarter is flaky */
    if (++j->tracker_failures[a->worker] == limit) {
      j->flaky++;
      XBT_INFO("job %s: %d of its attempts failed on %s (%s %d): blacklisted for the job, %d of %d workers",
               j->desc->name, limit, host, conf_name(CONF_TRACKER_FAILURES), limit, j->flaky, n);
    }
  int max = (int)conf_get(c, t->kind == KIND_MAP ? CONF_MAP_MAXATTEMPTS : CONF_REDUCE_MAXATTEMPTS);
  if (j->finished || t->done)
    return 0;
  if (t->failures >= max) {
    XBT_INFO("job %s fails at %.3f s: %c%06d failed %d times (%s %d)", j->desc->name, now, kind_letter(t), t->index,
             t->failures, conf_name(t->kind == KIND_MAP ? CONF_MAP_MAXATTEMPTS : CONF_REDUCE_MAXATTEMPTS), max);
    fail_job(e, j, a);
    return 1;
  }
  XBT_INFO("job %s: %c%06d attempt %d failed on %s (failure %d of %d allowed): the task waits to be rerun",
           j->desc->name, kind_letter(t), t->index, a->number, host, t->failures, max - 1);
  failures_requeue(t);
  return 0;
}
