/* speculator.c - which tasks get a speculative attempt: Hadoop 2's rules.
 *
 * In both of mrlab's modes, Hadoop 1's JobTracker and slots (with Hadoop
 * 2's shuffle) or YARN's ResourceManager and containers (yarn.c), tasks
 * are speculated as Hadoop 2's MapReduce ApplicationMaster does (its
 * DefaultSpeculator with the default LegacyTaskRuntimeEstimator), whose
 * caps keep a uniformly slow job from speculating most of its tasks, as
 * Hadoop 1's "20% behind the mean progress" rule did.  Each job has a
 * speculator actor, from its submission to its end.  Every retry-after-no-speculate (1 s), or
 * retry-after-speculate (15 s) after a round that speculated, it looks at
 * the maps, then the reduces, and picks at most one task of each kind:
 * - only once every task of the kind has a slot or a container (no
 *   attempt waiting), and
 *   at least one and 5% of them have succeeded;
 * - among tasks with exactly one running attempt that has reported
 *   progress (an attempt on a lost worker runs, as the JobTracker sees it,
 *   until the worker is declared lost, its progress stuck where it
 *   stopped): estimated end = start + elapsed / progress; a new attempt
 *   would end at now + the mean duration of the kind's finished tasks;
 *   the task whose estimated end is the furthest beyond that, if any is
 *   (a tie drawn from the seed);
 * - only while fewer tasks are being speculated than
 *   max(minimum-allowed-tasks (10), cap-total-tasks (0.01) x tasks,
 *   cap-running-tasks (0.1) x running tasks).
 * The chosen task waits in its job's `wanted` for the slot scheduler, which
 * gives it to the next free slot on a worker where it is not running
 * (scheduler.c), or in YARN mode for the ResourceManager, which places a
 * container of its kind for it on such a worker as it places the job's
 * other requests (yarn.c).  Hadoop 2's mapreduce.job.speculative.slowtaskthreshold is
 * left out: its DefaultSpeculator computes it but never compares with it. */
#include "speculator.h"

#include "jobs.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <xbt/log.h>

#include <math.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_speculator, mrlab, "each job's speculator: which task it copies and why");

#define MIN_DONE_SHARE 0.05 /* StartEndTimesBase.MINIMUM_COMPLETE_PROPORTION_TO_SPECULATE */

/* Whether attempt A runs as the JobTracker sees it: running, or stopped
 * with its worker, which the JobTracker has not declared lost yet (lost.h):
 * its progress then stands still, and it looks ever slower. */
static int seen_running(const attempt *a)
{
  return a->status == STATUS_RUNNING || (a->cause == CAUSE_LOST && a->reported == 0);
}

/* T's attempt running alone, or NULL when it has none or several. */
static const attempt *lone_attempt(const task *t)
{
  const attempt *a = NULL;
  for (int k = 0; k < t->n_attempts; k++)
    if (seen_running(t->attempts[k])) {
      if (a)
        return NULL;
      a = t->attempts[k];
    }
  return a;
}

/* Whether task A goes before task B when both would gain as much from a
 * speculative attempt: by a draw from the seed (DefaultSpeculator takes
 * the first of a hash map's order, which is no order of the job's). */
static int tie_first(const task *a, const task *b)
{
  uint64_t x = engine_hash((const uint64_t[]){DRAW_SPECULATE, (uint64_t)a->job->index, (uint64_t)a->index}, 3);
  uint64_t y = engine_hash((const uint64_t[]){DRAW_SPECULATE, (uint64_t)b->job->index, (uint64_t)b->index}, 3);
  return x < y;
}

/* Picks the task of KIND in J to speculate at NOW, if Hadoop 2 would;
 * returns 1 if it did. */
static int speculate(job *j, task_kind kind, double now)
{
  const conf *c = &j->desc->conf;
  if (conf_get(c, kind == KIND_MAP ? CONF_MAP_SPECULATIVE : CONF_REDUCE_SPECULATIVE) == 0)
    return 0;
  task *tasks = kind == KIND_MAP ? j->maps : j->reduces;
  int n = kind == KIND_MAP ? j->n_maps : j->n_reduces, n_done = 0;
  if (j->wanted[kind] && j->wanted[kind]->done)
    j->wanted[kind] = NULL;
  if (j->wanted[kind]) /* an attempt still waits for a slot */
    return 0;
  double mean = 0;
  for (int i = 0; i < n; i++) {
    if (tasks[i].n_attempts == 0 || tasks[i].rerun) /* waiting for its first slot, or for a failed attempt's rerun */
      return 0;
    for (int k = 0; tasks[i].done && k < tasks[i].n_attempts; k++)
      if (tasks[i].attempts[k]->status == STATUS_SUCCEEDED) {
        mean += tasks[i].attempts[k]->end - tasks[i].attempts[k]->start;
        n_done++;
        break;
      }
  }
  if (n_done < 1 || n_done < MIN_DONE_SHARE * n)
    return 0;
  mean /= n_done;
  int running = 0, speculating = 0;
  task *best = NULL;
  double best_gain = -1;
  for (int i = 0; i < n; i++) {
    task *t = &tasks[i];
    int seen = 0;
    for (int k = 0; k < t->n_attempts && !seen; k++)
      seen = seen_running(t->attempts[k]);
    if (!seen || t->done) /* a winner's twin is being killed */
      continue;
    running++;
    const attempt *a = lone_attempt(t);
    if (!a) {
      speculating++;
      continue;
    }
    if (a->progress <= 0 || t->n_attempts >= MAX_ATTEMPTS) /* no progress reported yet */
      continue;
    double end = a->start + (now - a->start) / a->progress, gain = end - (now + mean);
    if (end >= now && gain > 0 && (gain > best_gain || (gain == best_gain && tie_first(t, best)))) {
      best = t;
      best_gain = gain;
    }
  }
  double allowed = fmax(conf_get(c, CONF_SPEC_MINIMUM), conf_get(c, CONF_SPEC_CAP_TOTAL) * n);
  allowed = floor(fmax(allowed, conf_get(c, CONF_SPEC_CAP_RUNNING) * running));
  if (!best || speculating >= allowed)
    return 0;
  j->wanted[kind] = best;
  engine_work_appeared(the_engine);
  j->wanted_at[kind] = now;
  const attempt *a = lone_attempt(best);
  XBT_INFO("job %s: speculates %c%06d: attempt %d on %s is %.1f%% done after %.3f s (%.4f/s), so ends at about "
           "%.3f s; a new attempt would end at %.3f s (its %d finished %ss took %.3f s on average, %.4f/s), "
           "%.3f s sooner (%d other tasks of the kind speculated, at most %g)",
           j->desc->name, kind == KIND_MAP ? 'm' : 'r', best->index, a->number,
           the_engine->platform->workers[a->worker].name, 100 * a->progress, now - a->start,
           a->progress / (now - a->start), now + best_gain + mean, now + mean, n_done,
           kind == KIND_MAP ? "map" : "reduce", mean, 1 / mean, best_gain, speculating, allowed);
  return 1;
}

/* Actor: the speculator of one job (its data), from its submission to its end. */
static void speculator_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  job *j = sg_actor_self_get_data();
  const conf *c = &j->desc->conf;
  sg_actor_daemonize(sg_actor_self()); /* it ends with the run, not the run with it */
  while (!j->finished) {
    double now = simgrid_get_clock();
    int n = speculate(j, KIND_MAP, now) + speculate(j, KIND_REDUCE, now);
    activities_sleep_for(conf_get(c, n ? CONF_SPEC_RETRY : CONF_SPEC_RETRY_NONE));
  }
}

/* Actor: starts each job's speculator at the job's submit time (by
 * engine_queue's order), so that only the jobs submitted so far have one,
 * and a speculator ends with its job. */
void speculators_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  sg_actor_daemonize(sg_actor_self()); /* a job that never ran (its parent failed) may end the run before its time */
  for (int k = 0; k < e->n_jobs; k++) {
    job *j = e->by_submit[k];
    if (simgrid_get_clock() < j->desc->submit)
      activities_sleep_until(j->desc->submit);
    if (j->finished)
      continue;
    engine_job_make(e, j); /* if the JobTracker has not seen it yet */
    sg_actor_t a = sg_actor_init("speculator", e->master);
    sg_actor_set_data(a, j);
    sg_actor_start(a, speculator_actor, 0, NULL);
  }
}
