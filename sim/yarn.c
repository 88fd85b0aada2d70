/* yarn.c - YARN mode: the ResourceManager, its containers and its three schedulers.
 *
 * Hadoop 2 replaced the JobTracker's slots with containers: a NodeManager
 * offers memory and vcores (yarn.nodemanager.resource.memory-mb and
 * cpu-vcores; mrlab's default of -1 is the node's memory and cores, as
 * Hadoop 3 detects them), and each request, rounded up to a multiple of
 * yarn.scheduler.minimum-allocation-mb and -vcores, takes that much of the
 * node it is placed on until it ends.  A container is placed only where it
 * fits (asserted both ways: no node ever gives more than it has, none gets
 * back more than it gave).  All the ResourceManager's state lives here, so
 * the Hadoop 1 path of the engine is untouched by it.
 *
 * Each job first needs its MapReduce ApplicationMaster
 * (yarn.app.mapreduce.am.resource.mb and -cpu-vcores); its tasks wait until
 * the AM has started, which takes a task start-up (mrlab.task.startup), and
 * its container is freed when the job ends.  The AM then asks for maps,
 * placed node-local, else rack-local, else anywhere, and, once
 * mapreduce.job.reduce.slowstart.completedmaps of them are done, for its
 * reduces, which it ranks before its maps (RMContainerAllocator's
 * priorities: reduce 10, map 20).  While some of its maps have not
 * started, its reduces may hold at most
 * yarn.app.mapreduce.am.job.reduce.rampup.limit of its task containers
 * (0.5: no more reduces than running maps), as RMContainerAllocator ramps
 * reduces up: reduces that wait for maps which cannot get a container
 * would otherwise fill the cluster and wait for ever.  Where they fill it
 * all the same (a ramp-up limit of 1), the AM preempts some of them, as
 * RMContainerAllocator.preemptReducesIfNeeded does (preempt_reduces).
 *
 * ApplicationMasters alone could fill every node and leave no room for a
 * task: the Capacity and Fair schedulers bound what they hold (am_allowed),
 * FIFO does not, as in Hadoop.  A run that can never end (stuck: nothing
 * runs, nothing is due, no request fits) is stopped with a line saying
 * what holds the containers; the ResourceManager's loop ends the run.
 *
 * Hadoop 2's MapReduce AM runs one task attempt per container (JVM reuse,
 * mapreduce.job.jvm.numtasks, went with Hadoop 1): "container reuse" here
 * means that a freed container's memory and vcores go back to its node
 * and the next heartbeat places a new container there, which mrlab does;
 * no container runs a second task.
 *
 * On each node heartbeat the scheduler places containers one at a time
 * while some job's next request fits the node: it picks, among the jobs
 * whose next request fits, the least by its policy, ties to the earliest
 * submitted.  FIFO (FifoScheduler): submit order.  Fair (FairScheduler with
 * the DRF policy, one queue): the least dominant share, the larger of the
 * job's memory and vcores in use over the cluster's.  Capacity
 * (CapacityScheduler): the queue least used against its guarantee (memory
 * in use over its capacity's share of the cluster's memory, as YARN's
 * default resource calculator counts), first in submit order within a
 * queue; a queue takes idle resources beyond its share when the others ask
 * for nothing (maximum-capacity 100%), and nothing is preempted.
 *
 * Speculative attempts: each job's speculator (speculator.c, Hadoop 2's
 * DefaultSpeculator, as in Hadoop 1 mode, under the job's
 * mapreduce.map.speculative and mapreduce.reduce.speculative) picks a
 * task; its AM then asks for one more container of the task's kind, which
 * the scheduler places as any other request of the job (same rank), on a
 * node where the task is not running.  Hadoop 2's RMContainerAllocator
 * asks a speculative map at the map priority (20) and a speculative reduce
 * at the reduce priority (10); mrlab keeps yarn.c's order within a job:
 * AM, reduce, speculative reduce, map, speculative map.  A speculative
 * request never waits beside an ordinary one of its kind, since the
 * speculator waits until every task of the kind has a container.  The
 * attempt reported first wins and the other is killed (jobtracker.c); a
 * killed attempt's container goes back to its node when that node's
 * heartbeat reports it, as a finished one's does, the heartbeat at which a
 * Hadoop 1 slot would take new work.  At the end of the run every
 * container is checked to have gone back exactly once
 * (yarn_check_returned). */
#include "yarn.h"

#include "alloc.h"
#include "failures.h"
#include "jobs.h"

#include <math.h>
#include <simgrid/mutex.h>
#include <stdint.h>
#include <stdlib.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_yarn, mrlab,
                                "YARN's ResourceManager and ApplicationMasters: container grants, the AM limit, "
                                "reduce preemption");

static const char *const container_words[] = {"its ApplicationMaster", "a map", "a reduce"};

typedef struct {
  int mb, vcores;
} resource;

enum { C_AM, C_MAP, C_REDUCE };

typedef struct {
  int queue;
  resource size[3]; /* per C_*, normalised */
  resource used;    /* by its running containers, the AM's included */
  int running[3];   /* its running containers per C_* */
  int am_placed;
  int am_worker;
  double am_ready; /* when its AM has started: its tasks wait until then, and its maps were asked for then */
  int preempting;  /* its reduces killed for its maps' room whose containers are not back yet */
  int reduces_held; /* it preempted reduces: ramped_down holds the next back while maps wait */
  int am_held_said; /* the log said that the AM limit holds its AM back (said once) */
} app;

struct yarn_rm {
  int policy; /* CONF_SCHED_* */
  resource total, used; /* of every NodeManager */
  resource *cap, *free; /* per worker */
  resource *am_used;    /* per queue: what its ApplicationMasters hold */
  app *apps;            /* per job */
  int *queue_mb;        /* per queue: memory its jobs use */
};

static int fits(resource have, resource want)
{
  return want.mb <= have.mb && want.vcores <= have.vcores;
}

/* Takes (SIGN 1) or gives back (-1) R on worker W for a container of job J. */
static void account(engine *e, job *j, int w, resource r, int sign)
{
  struct yarn_rm *rm = e->rm;
  app *a = &rm->apps[j->index];
  rm->free[w].mb -= sign * r.mb;
  rm->free[w].vcores -= sign * r.vcores;
  a->used.mb += sign * r.mb;
  a->used.vcores += sign * r.vcores;
  rm->used.mb += sign * r.mb;
  rm->used.vcores += sign * r.vcores;
  rm->queue_mb[a->queue] += sign * r.mb;
  xbt_assert(rm->free[w].mb >= 0 && rm->free[w].vcores >= 0 && rm->free[w].mb <= rm->cap[w].mb &&
                 rm->free[w].vcores <= rm->cap[w].vcores,
             "node %d: %d MB and %d vcores free of %d MB and %d vcores", w, rm->free[w].mb, rm->free[w].vcores,
             rm->cap[w].mb, rm->cap[w].vcores);
}

/* Whether reduce T waits for a container: not done, and every attempt it
 * had (if any) was killed, which only preemption does to a task not done
 * (a failed attempt's rerun waits in its job's reruns instead). */
static int reduce_unplaced(const task *t)
{
  if (t->done)
    return 0;
  for (int k = 0; k < t->n_attempts; k++)
    if (t->attempts[k]->status != STATUS_KILLED)
      return 0;
  return 1;
}

/* Whether job J, whose AM (of application A) preempted its reduces, holds
 * back its next reduce while maps wait: RMContainerAllocator then ramps its
 * reduces down and, in scheduleReduces, lets them hold no more than
 * min(the fraction of its maps done, the ramp-up limit) of its resource
 * limit (the headroom and its tasks' containers). */
static int ramped_down(const struct yarn_rm *rm, const job *j, const app *a)
{
  if (!a->reduces_held || failures_waiting(j, KIND_MAP) == 0)
    return 0;
  double limit = rm->total.mb - rm->used.mb + a->used.mb - a->size[C_AM].mb;
  double share = fmin((double)j->maps_done / j->n_maps, conf_get(&j->desc->conf, CONF_REDUCE_RAMPUP));
  return (a->running[C_REDUCE] + 1) * a->size[C_REDUCE].mb > share * limit;
}

/* The first reduce of J that waits for a container, if J may start a
 * reduce now (slow-start, and the ramp-up limit while maps wait, the
 * stricter one after a preemption; A is J's application), or NULL. */
static task *pending_reduce(const struct yarn_rm *rm, job *j, const app *a)
{
  const conf *c = &j->desc->conf;
  if (j->maps_done < ceil(conf_get(c, CONF_SLOWSTART) * j->n_maps) || ramped_down(rm, j, a) ||
      (failures_waiting(j, KIND_MAP) > 0 &&
       a->running[C_REDUCE] + 1 > conf_get(c, CONF_REDUCE_RAMPUP) * (a->running[C_MAP] + a->running[C_REDUCE] + 1)))
    return NULL;
  task *t = failures_rerun(the_engine, j, KIND_REDUCE, -1);
  if (t)
    return t;
  while (j->cur_reduce < j->n_reduces && !reduce_unplaced(&j->reduces[j->cur_reduce]))
    j->cur_reduce++;
  return j->cur_reduce < j->n_reduces ? &j->reduces[j->cur_reduce] : NULL;
}

/* Whether the AM of application A may start under its scheduler's limit
 * on what ApplicationMasters hold: none in FIFO (FifoScheduler has none);
 * Capacity: yarn.scheduler.capacity.maximum-am-resource-percent of its
 * queue's capacity (memory, as the default resource calculator counts),
 * and always when no AM of the queue runs (LeafQueue.activateApplications
 * lets one start); Fair: maxAMShare of the one queue's fair share, the
 * cluster (memory and vcores, FSLeafQueue.canRunAppAM). */
static int am_allowed(const engine *e, const app *a)
{
  const struct yarn_rm *rm = e->rm;
  resource used = rm->am_used[a->queue], want = a->size[C_AM];
  double share;
  switch (rm->policy) {
  case CONF_SCHED_CAPACITY:
    share = conf_get(&e->cluster, CONF_AM_RESOURCE_PERCENT) * e->platform->queues[a->queue].capacity / 100;
    return used.mb == 0 || used.mb + want.mb <= share * rm->total.mb;
  case CONF_SCHED_FAIR:
    share = conf_get(&e->cluster, CONF_FAIR_AM_SHARE);
    return used.mb + want.mb <= share * rm->total.mb && used.vcores + want.vcores <= share * rm->total.vcores;
  default: return 1;
  }
}

/* The kind of container job J asks for next at NOW (C_*) that may go on
 * worker W, or -1: its AM (within the AM limit), then the rerun of a failed
 * map (RMContainerAllocator's PRIORITY_FAST_FAIL_MAP, above its reduces),
 * then a reduce (a failed one's rerun first), then a speculative reduce,
 * then a map, then a speculative map (one not running on W); no task on a
 * node blacklisted for J (failures.h). */
static int next_request(engine *e, job *j, int w, double now)
{
  const app *a = &e->rm->apps[j->index];
  if (!scheduler_runnable(j, now))
    return -1;
  if (!a->am_placed) {
    if (am_allowed(e, a))
      return C_AM;
    if (!e->rm->apps[j->index].am_held_said) {
      e->rm->apps[j->index].am_held_said = 1;
      conf_key limit = e->rm->policy == CONF_SCHED_CAPACITY ? CONF_AM_RESOURCE_PERCENT : CONF_FAIR_AM_SHARE;
      XBT_INFO("holds job %s's ApplicationMaster back: its queue's ApplicationMasters hold %d MB and %d vcores of the "
               "cluster's %d MB and %d vcores, and one more would pass %s %g",
               j->desc->name, e->rm->am_used[a->queue].mb, e->rm->am_used[a->queue].vcores, e->rm->total.mb,
               e->rm->total.vcores, conf_name(limit), conf_get(&e->cluster, limit));
    }
    return -1;
  }
  if (now < a->am_ready || failures_blacklisted(e, j, w))
    return -1;
  if (failures_rerun(e, j, KIND_MAP, w))
    return C_MAP;
  if (pending_reduce(e->rm, j, a) || scheduler_wanted(e, j, KIND_REDUCE, w, NULL))
    return C_REDUCE;
  if (j->maps_taken < j->n_maps || scheduler_wanted(e, j, KIND_MAP, w, NULL))
    return C_MAP;
  return -1;
}

/* Job J's rank under the policy: the least goes first. */
static double rank(const engine *e, const job *j)
{
  const struct yarn_rm *rm = e->rm;
  const app *a = &rm->apps[j->index];
  switch (rm->policy) {
  case CONF_SCHED_FAIR: return fmax((double)a->used.mb / rm->total.mb, (double)a->used.vcores / rm->total.vcores);
  case CONF_SCHED_CAPACITY:
    return rm->queue_mb[a->queue] / (e->platform->queues[a->queue].capacity / 100 * rm->total.mb);
  default: return 0;
  }
}

/* Places one container of job J, of KIND, on tracker TR at NOW. */
static void place(engine *e, tracker *tr, job *j, int kind, double now)
{
  app *a = &e->rm->apps[j->index];
  account(e, j, tr->worker, a->size[kind], 1);
  XBT_INFO("grants job %s a container of %d MB and %d vcores on %s for %s; %d MB and %d vcores left there",
           j->desc->name, a->size[kind].mb, a->size[kind].vcores, e->platform->workers[tr->worker].name,
           container_words[kind], e->rm->free[tr->worker].mb, e->rm->free[tr->worker].vcores);
  if (kind == C_AM) {
    a->am_placed = 1;
    a->am_worker = tr->worker;
    a->am_ready = now + conf_get(&j->desc->conf, CONF_TASK_STARTUP);
    j->am_ready = a->am_ready;
    e->rm->am_used[a->queue].mb += a->size[C_AM].mb;
    e->rm->am_used[a->queue].vcores += a->size[C_AM].vcores;
    j->started = 1; /* jobs.csv's start: its AM's container */
    j->start = now;
  } else if (kind == C_REDUCE) {
    task *t = pending_reduce(e->rm, j, a);
    scheduler_give(tr, t ? t : scheduler_wanted(e, j, KIND_REDUCE, tr->worker, NULL), LOCALITY_NONE, !t, now);
  } else {
    locality loc;
    task *t = failures_rerun(e, j, KIND_MAP, tr->worker);
    if (t)
      loc = scheduler_map_locality(e, t, tr->worker);
    else
      t = scheduler_pending_map(e, j, tr->worker, &loc);
    int speculative = !t;
    if (speculative)
      t = scheduler_wanted(e, j, KIND_MAP, tr->worker, &loc);
    scheduler_give(tr, t, loc, speculative, now);
  }
  a->running[kind]++;
}

/* Whether running reduce attempt X of a job may be preempted: not being
 * killed, its task's only running attempt, and room left for its rerun. */
static int preemptible(const attempt *x)
{
  return x->status == STATUS_RUNNING && !x->cancel && x->task->running == 1 &&
         x->task->n_attempts <= MAX_ATTEMPTS - 2;
}

/* When job J's AM will preempt its reduces for its maps if nothing changes
 * first: NOW or later, or INFINITY when it will not.  As
 * RMContainerAllocator.preemptReducesIfNeeded: only when none of its maps
 * holds a container, some wait for one and some reduce does; at once
 * mapreduce.job.reducer.unconditional-preempt.delay.sec after its maps
 * were asked for (unless negative), or, while the headroom (the cluster's
 * free memory and vcores) cannot take a map,
 * mapreduce.job.reducer.preempt.delay.sec after. */
static double preemption_due(const engine *e, const job *j)
{
  const struct yarn_rm *rm = e->rm;
  const app *a = &rm->apps[j->index];
  if (!a->am_placed || a->running[C_MAP] > 0 || failures_waiting(j, KIND_MAP) == 0 || a->running[C_REDUCE] == 0 ||
      a->preempting > 0)
    return INFINITY;
  int any = 0;
  for (int r = 0; r < j->n_reduces && !any; r++)
    for (int k = 0; k < j->reduces[r].n_attempts && !any; k++)
      any = preemptible(j->reduces[r].attempts[k]);
  if (!any)
    return INFINITY;
  const conf *c = &j->desc->conf;
  double unconditional = conf_get(c, CONF_UNCONDITIONAL_PREEMPT), due = INFINITY;
  if (unconditional >= 0)
    due = a->am_ready + unconditional;
  resource headroom = {rm->total.mb - rm->used.mb, rm->total.vcores - rm->used.vcores};
  if (!fits(headroom, a->size[C_MAP]))
    due = fmin(due, a->am_ready + conf_get(c, CONF_PREEMPT_DELAY));
  return due;
}

/* Containers of size B it takes to hold MB and VCORES, at least one, as
 * ResourceCalculatorUtils.divideAndCeilContainers counts them with the
 * resource types the scheduler told the AM it schedules by
 * (getSchedulingResourceTypes): memory alone for FIFO and Capacity (its
 * default resource calculator), memory and vcores for Fair with DRF. */
static int containers_of(const engine *e, double mb, double vcores, resource b)
{
  double n = ceil(mb / b.mb);
  if (e->scheduler == &scheduler_yarn_fair)
    n = fmax(n, ceil(vcores / b.vcores));
  return (int)fmax(1, n);
}

static int by_progress(const void *x, const void *y)
{
  const attempt *a = *(attempt *const *)x, *b = *(attempt *const *)y;
  if (a->progress != b->progress)
    return a->progress < b->progress ? -1 : 1;
  uint64_t ka = engine_hash((const uint64_t[]){DRAW_PREEMPT, (uint64_t)a->task->index, (uint64_t)a->number}, 3);
  uint64_t kb = engine_hash((const uint64_t[]){DRAW_PREEMPT, (uint64_t)b->task->index, (uint64_t)b->number}, 3);
  return ka < kb ? -1 : ka > kb;
}

/* Job J's AM at NOW, when preemption_due: kills the reduces that make room
 * for its waiting maps, least progress first (ties drawn from the seed),
 * as RMContainerAllocator.preemptReducer counts them: enough for one map,
 * or for yarn.app.mapreduce.am.job.reduce.preemption.limit of its resource
 * limit (headroom and its tasks' containers) if more, but not more than
 * its waiting maps take.  Each killed reduce is asked for again once its
 * container is back, as ramped_down allows. */
static void preempt_reduces(engine *e, job *j, double now)
{
  struct yarn_rm *rm = e->rm;
  app *a = &rm->apps[j->index];
  if (now < preemption_due(e, j))
    return;
  resource m = a->size[C_MAP], r = a->size[C_REDUCE];
  double limit = conf_get(&j->desc->conf, CONF_PREEMPTION_LIMIT);
  int waiting = failures_waiting(j, KIND_MAP);
  int n = containers_of(e, m.mb, m.vcores, r);
  n = (int)fmax(n, containers_of(e, limit * (rm->total.mb - rm->used.mb + a->used.mb - a->size[C_AM].mb),
                                 limit * (rm->total.vcores - rm->used.vcores + a->used.vcores - a->size[C_AM].vcores),
                                 r));
  n = (int)fmin(n, containers_of(e, (double)m.mb * waiting, (double)m.vcores * waiting, r));
  attempt **running = xmalloc((size_t)a->running[C_REDUCE] * sizeof *running);
  int n_running = 0;
  for (int t = 0; t < j->n_reduces; t++)
    for (int k = 0; k < j->reduces[t].n_attempts; k++)
      if (preemptible(j->reduces[t].attempts[k]) && n_running < a->running[C_REDUCE])
        running[n_running++] = j->reduces[t].attempts[k];
  qsort(running, (size_t)n_running, sizeof *running, by_progress);
  sg_mutex_lock(j->mutex);
  XBT_INFO("job %s's ApplicationMaster preempts %d of its %d running reduces: none of its maps holds a container and "
           "%d wait for one",
           j->desc->name, n < n_running ? n : n_running, a->running[C_REDUCE], waiting);
  for (int k = 0; k < n && k < n_running; k++) {
    XBT_INFO("preempts %s r%06d attempt %d on %s (%.1f%% done)", j->desc->name, running[k]->task->index,
             running[k]->number, e->platform->workers[running[k]->worker].name, 100 * running[k]->progress);
    running[k]->preempted = 1;
    running[k]->cause = CAUSE_PREEMPTED;
    engine_attempt_cancel(running[k]);
    a->preempting++;
  }
  sg_mutex_unlock(j->mutex);
  a->reduces_held = 1;
  free(running);
}

/* Finds whether E's run can never end, as the ResourceManager sees it at NOW:
 * no map holds a container, no reduce that holds one can end (its job's
 * maps are not all done), no attempt waits to be launched or reported or
 * is being preempted,
 * nothing waits for a time to come (a job's submission, its input's
 * redistribution, an AM's start, a preemption's delay), and no job's next
 * container fits any NodeManager.  Then says so, and what holds the
 * containers, in E->stuck.  QUEUE holds the N jobs submitted and not
 * finished (engine_queue). */
static void stuck(engine *e, job **queue, int n, double now)
{
  struct yarn_rm *rm = e->rm;
  int reduce_mb = 0, am_mb = 0, unfinished = 0;
  const job *holder = NULL; /* a job whose reduces wait for maps */
  for (int k = e->n_submitted; k < e->n_jobs; k++) /* a submission to come, unless it waits for a parent too */
    if (!e->by_submit[k]->finished && e->by_submit[k]->waiting == 0)
      return;
  for (int i = 0; i < n; i++) {
    const job *j = queue[i];
    const app *a = &rm->apps[j->index];
    if (j->finished || j->waiting > 0) /* the latter waits for jobs counted here */
      continue;
    if (j->held || j->ready > now || (a->am_placed && now < a->am_ready) || a->running[C_MAP] > 0 ||
        (a->running[C_REDUCE] > 0 && j->maps_done == j->n_maps) || a->preempting > 0 ||
        preemption_due(e, j) < INFINITY)
      return;
    unfinished++;
    reduce_mb += a->running[C_REDUCE] * a->size[C_REDUCE].mb;
    if (a->running[C_REDUCE] > 0 && !holder)
      holder = j;
    am_mb += a->am_placed ? a->size[C_AM].mb : 0;
  }
  for (int w = 0; w < e->platform->n_workers; w++)
    if (e->trackers[w].done || e->trackers[w].n_launch)
      return;
  for (int i = 0; i < n; i++)
    for (int w = 0; w < e->platform->n_workers; w++) {
      int kind = next_request(e, queue[i], w, now);
      if (kind >= 0 && fits(rm->free[w], rm->apps[queue[i]->index].size[kind]))
        return;
    }
  char limit[384];
  if (holder && conf_get(&holder->desc->conf, CONF_UNCONDITIONAL_PREEMPT) < 0)
    snprintf(limit, sizeof limit,
             "no AM preempts a reduce: the cluster's free %d MB and %d vcores would hold a map, though no one "
             "NodeManager can, and mapreduce.job.reducer.unconditional-preempt.delay.sec is -1",
             rm->total.mb - rm->used.mb, rm->total.vcores - rm->used.vcores);
  else if (holder) /* Hadoop's AM would go on killing reduces that retake each freed container first */
    snprintf(limit, sizeof limit,
             "no AM preempts a reduce: job %s's reduces were preempted until mrlab's %d attempts of a task, each "
             "time retaking the containers they freed before a map could; a lower "
             "yarn.app.mapreduce.am.job.reduce.rampup.limit leaves maps room",
             holder->desc->name, MAX_ATTEMPTS);
  else if (rm->policy == CONF_SCHED_CAPACITY)
    snprintf(limit, sizeof limit, "yarn.scheduler.capacity.maximum-am-resource-percent is %g",
             conf_get(&e->cluster, CONF_AM_RESOURCE_PERCENT));
  else if (rm->policy == CONF_SCHED_FAIR)
    snprintf(limit, sizeof limit, "mrlab.fair.maxAMShare is %g", conf_get(&e->cluster, CONF_FAIR_AM_SHARE));
  else
    snprintf(limit, sizeof limit, "YARN's FifoScheduler has no limit on ApplicationMasters");
  snprintf(e->stuck, sizeof e->stuck,
           "deadlock at %.3f s of simulated time: ApplicationMasters hold %d MB and reduces waiting for maps %d MB of "
           "the NodeManagers' %d MB, and no container that the %d unfinished jobs ask for can ever be granted (%s)",
           now, am_mb, reduce_mb, rm->total.mb, unfinished, limit);
}

static void yarn_assign(engine *e, tracker *tr, double now)
{
  int n;
  job **queue = engine_queue(e, now, &n);
  for (int i = 0; i < n; i++)
    if (scheduler_runnable(queue[i], now))
      preempt_reduces(e, queue[i], now);
  for (int placed = 0;; placed++) {
    job *best = NULL;
    int best_kind = -1;
    double best_rank = 0;
    for (int i = 0; i < n; i++) {
      job *j = queue[i];
      int kind = next_request(e, j, tr->worker, now);
      if (kind < 0 || !fits(e->rm->free[tr->worker], e->rm->apps[j->index].size[kind]))
        continue;
      double r = rank(e, j);
      if (!best || r < best_rank) {
        best = j;
        best_kind = kind;
        best_rank = r;
      }
    }
    if (!best) {
      if (!placed)
        stuck(e, queue, n, now);
      return;
    }
    place(e, tr, best, best_kind, now);
  }
}

static void yarn_release(engine *e, attempt *at)
{
  job *j = at->task->job;
  app *a = &e->rm->apps[j->index];
  int kind = at->task->kind == KIND_MAP ? C_MAP : C_REDUCE;
  account(e, j, at->worker, a->size[kind], -1);
  a->running[kind]--;
  if (at->preempted) { /* its task is asked for again */
    a->preempting--;
    j->cur_reduce = j->cur_reduce < at->task->index ? j->cur_reduce : at->task->index;
    engine_work_appeared(e);
  }
  if (j->finished && a->running[C_AM]) {
    a->running[C_AM]--;
    account(e, j, a->am_worker, a->size[C_AM], -1);
    e->rm->am_used[a->queue].mb -= a->size[C_AM].mb;
    e->rm->am_used[a->queue].vcores -= a->size[C_AM].vcores;
  }
}

void yarn_check_returned(const engine *e)
{
  const struct yarn_rm *rm = e->rm;
  if (!rm)
    return;
  for (int w = 0; w < e->platform->n_workers; w++) {
    resource back = rm->free[w];
    for (const attempt *at = e->trackers[w].done; at; at = at->next_done) {
      const app *a = &rm->apps[at->task->job->index];
      resource r = a->size[at->task->kind == KIND_MAP ? C_MAP : C_REDUCE];
      back.mb += r.mb;
      back.vcores += r.vcores;
    }
    xbt_assert(back.mb == rm->cap[w].mb && back.vcores == rm->cap[w].vcores,
               "node %d: %d MB and %d vcores back at the end of the run, of %d MB and %d vcores", w, back.mb,
               back.vcores, rm->cap[w].mb, rm->cap[w].vcores);
  }
}

const scheduler scheduler_yarn_fifo = {"yarn-fifo", yarn_assign, yarn_release};
const scheduler scheduler_yarn_capacity = {"yarn-capacity", yarn_assign, yarn_release};
const scheduler scheduler_yarn_fair = {"yarn-fair-drf", yarn_assign, yarn_release};

/* MB and VCORES rounded up to multiples of the cluster's minimum allocation. */
static resource normalise(const conf *cluster, double mb, double vcores)
{
  double min_mb = conf_get(cluster, CONF_MIN_ALLOCATION_MB), min_vc = conf_get(cluster, CONF_MIN_ALLOCATION_VCORES);
  return (resource){(int)(ceil(mb / min_mb) * min_mb), (int)(ceil(vcores / min_vc) * min_vc)};
}

int yarn_alloc(engine *e, char *err, size_t errlen)
{
  const platform *p = e->platform;
  const conf *cc = &e->cluster;
  int policy = (int)conf_get(cc, CONF_SCHEDULER);
  /* only the CapacityScheduler refuses a queue it was not given: the
   * FairScheduler creates one on demand, FIFO and Hadoop 1 have one */
  for (int i = 0; i < e->n_jobs && policy == CONF_SCHED_CAPACITY; i++) {
    const job_desc *d = e->jobs[i].desc;
    if (platform_queue_named(p, d->queue) < 0) {
      snprintf(err, errlen, "%s:%d: jobs.%s.queue: no queue of %s is named \"%s\" (expected one such as \"%s\")",
               d->path, d->queue_line, d->name, p->name, d->queue, p->queues[0].name);
      return -1;
    }
  }
  if (policy == CONF_SCHED_HADOOP1)
    return 0;
  struct yarn_rm *rm = e->rm = xcalloc(1, sizeof *rm);
  rm->policy = policy;
  rm->cap = xcalloc((size_t)p->n_workers, sizeof *rm->cap);
  rm->free = xcalloc((size_t)p->n_workers, sizeof *rm->free);
  rm->apps = xcalloc((size_t)e->n_jobs, sizeof *rm->apps);
  rm->queue_mb = xcalloc((size_t)p->n_queues, sizeof *rm->queue_mb);
  rm->am_used = xcalloc((size_t)p->n_queues, sizeof *rm->am_used);
  resource largest = {0, 0};
  for (int w = 0; w < p->n_workers; w++) {
    const platform_class *c = platform_node_class(p, &p->workers[w]);
    double mb = conf_get(cc, CONF_NM_MEMORY_MB), vc = conf_get(cc, CONF_NM_VCORES);
    rm->cap[w] = rm->free[w] = (resource){mb < 0 ? (int)(c->memory / 1048576) : (int)mb, vc < 0 ? c->cores : (int)vc};
    rm->total.mb += rm->cap[w].mb;
    rm->total.vcores += rm->cap[w].vcores;
    largest.mb = rm->cap[w].mb > largest.mb ? rm->cap[w].mb : largest.mb;
    largest.vcores = rm->cap[w].vcores > largest.vcores ? rm->cap[w].vcores : largest.vcores;
  }
  static const char *const kinds[] = {"ApplicationMaster", "map", "reduce"};
  static const conf_key mb_key[] = {CONF_AM_MEMORY_MB, CONF_MAP_MEMORY_MB, CONF_REDUCE_MEMORY_MB};
  static const conf_key vc_key[] = {CONF_AM_VCORES, CONF_MAP_VCORES, CONF_REDUCE_VCORES};
  for (int i = 0; i < e->n_jobs; i++) {
    const job_desc *d = e->jobs[i].desc;
    app *a = &rm->apps[i];
    a->queue = policy == CONF_SCHED_CAPACITY ? platform_queue_named(p, d->queue) : 0;
    if (conf_get(&d->conf, CONF_PREFETCH) != 0) {
      snprintf(err, errlen,
               "%s:%d: job %s: mrlab.prefetch: expected false in YARN mode (PSP reserves Hadoop 1 map "
               "slots), got true",
               d->path, d->line, d->name);
      return -1;
    }
    for (int k = 0; k < 3; k++) {
      a->size[k] = normalise(cc, conf_get(&d->conf, mb_key[k]), conf_get(&d->conf, vc_key[k]));
      int fit = 0;
      for (int w = 0; w < p->n_workers && !fit; w++)
        fit = fits(rm->cap[w], a->size[k]);
      if (!fit) {
        snprintf(err, errlen,
                 "%s:%d: job %s: %s/%s: expected a %s container that fits some NodeManager of %s (at most %d MB and "
                 "%d vcores there), got %d MB and %d vcores",
                 d->path, d->line, d->name, conf_name(mb_key[k]), conf_name(vc_key[k]), kinds[k], p->name, largest.mb,
                 largest.vcores, a->size[k].mb, a->size[k].vcores);
        return -1;
      }
    }
  }
  return 0;
}

void yarn_free(engine *e)
{
  struct yarn_rm *rm = e->rm;
  if (!rm)
    return;
  free(rm->cap);
  free(rm->free);
  free(rm->apps);
  free(rm->queue_mb);
  free(rm->am_used);
  free(rm);
  e->rm = NULL;
}
