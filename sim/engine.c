/* engine.c - setting up a run, running it, and tearing it down.
 *
 * Setup reads the cluster's settings (the heartbeat interval, YARN or
 * Hadoop 1's scheduler), gives each worker its tracker (slots, page cache,
 * disks, its key drawn from the seed and its name), makes every job
 * (jobs.c: its input placed in HDFS, its tasks and tables; a workload that
 * cannot run is refused then), and prepares YARN mode, the faults and the
 * NameNode's re-replication.  Then the JobTracker, the TaskTrackers, a
 * balancer per job to redistribute and the samplers are started and
 * SimGrid runs until the last actor ends.
 *
 * This is the top of the engine's tree: the one module that includes every
 * actor's header, to start them and to wire the calls up the tree
 * (engine.up, state.h) that lower modules make into higher ones. */
#include "engine.h"

#include "activities.h"
#include "alloc.h"
#include "balancer.h"
#include "coarsehdfs.h"
#include "disks.h"
#include "indicators.h"
#include "jobs.h"
#include "jobtracker.h"
#include "lost.h"
#include "rereplicate.h"
#include "retire.h"
#include "scheduler.h"
#include "tasktracker.h"
#include "utilisation.h"
#include "yarn.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/plugins/load.h>
#include <simgrid/semaphore.h>
#include <xbt/config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* mrlab's SimGrid settings, given as if first on the command line, so
 * that a user's own --cfg= still wins:
 * - tens of thousands of actors at scale: small stacks (SimGrid zeroes
 *   them, so they are resident: 64 KiB against 256 KiB took a 1,000-node run
 *   from 343 to 144 MB), and no guard page each (two mappings per actor
 *   would pass Linux's 65,530 per process);
 * - every flow shares the core and the uplinks, so the lazy network update
 *   re-solves nearly everything anyway, and its bookkeeping made big runs
 *   1.6 times slower (bench/engine);
 * - AddressSanitizer follows threads, not SimGrid's own stack switching;
 * - mrlab's log categories (sim.c) say nothing unless asked: XBT's default
 *   threshold, INFO, would print every decision of a run. */
static const char *const simgrid_defaults[] = {
    "--log=xbt_cfg.thres:warning", "--log=mrlab.thres:warning", "--cfg=network/optim:Full",
#if defined(__SANITIZE_ADDRESS__)
    "--cfg=contexts/factory:thread", /* threads keep their default stacks: instrumented code needs them */
#else
    "--cfg=contexts/stack-size:64", "--cfg=contexts/guard-size:0",
#endif
};

void engine_init_simgrid(int *argc, char **argv)
{
  int n_defaults = (int)(sizeof simgrid_defaults / sizeof *simgrid_defaults), n = *argc + n_defaults;
  char **args = xmalloc((size_t)(n + 1) * sizeof *args);
  args[0] = argv[0];
  memcpy(args + 1, simgrid_defaults, (size_t)n_defaults * sizeof *args);
  memcpy(args + 1 + n_defaults, argv + 1, (size_t)*argc * sizeof *args); /* and the final NULL */
  simgrid_init(&n, args);
  memcpy(argv, args, (size_t)(n + 1) * sizeof *argv); /* what SimGrid left, never more than was given */
  *argc = n;
  free(args);
  sg_host_load_plugin_init();
}

/* Orders jobs by their workload submit time, then by index. */
static int by_submit_time(const void *x, const void *y)
{
  const job *a = *(job *const *)x, *b = *(job *const *)y;
  if (a->desc->submit != b->desc->submit)
    return a->desc->submit < b->desc->submit ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

/* Builds E's children lists and the submit order its queue joins in. */
static void index_jobs(engine *e)
{
  e->by_submit = xmalloc((size_t)e->n_jobs * sizeof *e->by_submit);
  e->queue = xmalloc((size_t)e->n_jobs * sizeof *e->queue);
  for (int i = 0; i < e->n_jobs; i++) {
    job *child = &e->jobs[i];
    e->by_submit[i] = child;
    for (int k = 0; k < child->desc->n_after; k++) {
      job *parent = &e->jobs[child->desc->after[k]];
      if (parent->n_children && parent->children[parent->n_children - 1] == child) /* listed once */
        continue;
      parent->children = xrealloc(parent->children, (size_t)(parent->n_children + 1) * sizeof *parent->children);
      parent->children[parent->n_children++] = child;
    }
  }
  qsort(e->by_submit, (size_t)e->n_jobs, sizeof *e->by_submit, by_submit_time);
}

/* qsort's order of trackers by their key, drawn from the seed and the worker's name. */
static int by_key(const void *a, const void *b)
{
  uint64_t x = (*(tracker *const *)a)->key, y = (*(tracker *const *)b)->key;
  return (x > y) - (x < y);
}

engine *engine_alloc(const platform *p, const workload *w, unsigned long seed, char *err, size_t errlen)
{
  engine *e = xcalloc(1, sizeof *e);
  the_engine = e;
  e->up = (engine_hooks){
      .attempt_ended = tasktracker_attempt_ended, .learn = jobtracker_learn, .lose_output = jobtracker_lose_output};
  activities_reset();
  e->platform = p;
  e->seed = seed;
  e->master = sg_host_by_name(p->master.name);
  e->jobtracker = sg_mailbox_by_name("jobtracker");
  e->scheduler = &scheduler_hadoop1;
  e->cluster = workload_cluster(w, &p->settings);
  const conf *cc = &e->cluster;
  /* JobTracker.getNextHeartbeatInterval of Hadoop 1 */
  e->heartbeat = fmax(conf_get(cc, CONF_HEARTBEAT_MIN),
                      conf_get(cc, CONF_HEARTBEAT_SCALING) * p->n_workers / conf_get(cc, CONF_HEARTBEATS_PER_SECOND));
  static const scheduler *const yarn[] = {[CONF_SCHED_FIFO] = &scheduler_yarn_fifo,
                                          [CONF_SCHED_CAPACITY] = &scheduler_yarn_capacity,
                                          [CONF_SCHED_FAIR] = &scheduler_yarn_fair};
  if (conf_get(cc, CONF_SCHEDULER) != CONF_SCHED_HADOOP1) { /* YARN mode: NodeManagers heartbeat the ResourceManager */
    e->scheduler = yarn[(int)conf_get(cc, CONF_SCHEDULER)];
    e->heartbeat = conf_get(cc, CONF_NM_HEARTBEAT);
  }
  e->trackers = xcalloc((size_t)p->n_workers, sizeof *e->trackers);
  for (int i = 0; i < p->n_workers; i++) {
    tracker *tr = &e->trackers[i];
    const platform_class *c = platform_node_class(p, &p->workers[i]);
    char name[96];
    snprintf(name, sizeof name, "tasktracker-%s", p->workers[i].name);
    tr->worker = i;
    tr->key = engine_hash((const uint64_t[]){DRAW_PHASE, engine_name_hash(p->workers[i].name)}, 2);
    tr->host = sg_host_by_name(p->workers[i].name);
    tr->mailbox = sg_mailbox_by_name(name);
    tr->map_slots = c->map_slots;
    tr->reduce_slots = c->reduce_slots;
    e->map_slots += c->map_slots;
    e->reduce_slots += c->reduce_slots;
    tr->wake = sg_sem_init(0);
    tr->rouse = sg_sem_init(0);
    tr->loads = sg_sem_init(1);
    tr->cache = fmax(0, c->memory - 1048576.0 * (c->map_slots * conf_get(cc, CONF_MAP_SLOT_MB) +
                                                 c->reduce_slots * conf_get(cc, CONF_REDUCE_SLOT_MB)));
    sg_host_get_disks(tr->host, &tr->n_disks, &tr->disks);
    disks_setup(tr->disks, (int)tr->n_disks, (int)conf_get(cc, CONF_DISK_OPS), (int64_t)conf_get(cc, CONF_CHUNK),
                conf_get(cc, CONF_DISK_LAZY) != 0);
    sg_host_set_data(tr->host, tr);
  }
  e->by_key = xmalloc((size_t)p->n_workers * sizeof *e->by_key);
  for (int i = 0; i < p->n_workers; i++)
    e->by_key[i] = &e->trackers[i];
  qsort(e->by_key, (size_t)p->n_workers, sizeof *e->by_key, by_key);
  e->gateways = xcalloc((size_t)p->n_racks, sizeof *e->gateways);
  for (int r = 0; r < p->n_racks; r++) {
    char name[96];
    snprintf(name, sizeof name, "%s-shuffle", p->racks[r].name);
    e->gateways[r] = sg_host_by_name(name);
  }
  if (conf_get(cc, CONF_HDFS_COARSE) != 0)
    e->coarse_hdfs = coarsehdfs_alloc(e, (int)conf_get(cc, CONF_HDFS_CARRIERS));
  e->input_blocks = xcalloc((size_t)p->n_workers, sizeof *e->input_blocks);
  e->n_jobs = w->n_jobs;
  e->jobs = xcalloc((size_t)w->n_jobs, sizeof *e->jobs);
  int faults = lost_configured(e); /* the losses walk every job's tasks (lost.c): all made now */
  for (int i = 0; i < w->n_jobs; i++) {
    job *j = &e->jobs[i];
    int keep = faults || w->jobs[i].from; /* else made again as it is submitted; a redistribution runs from then */
    j->index = i;
    if (engine_job_init(e, j, &w->jobs[i], keep, err, errlen)) {
      engine_free(e);
      return NULL;
    }
    e->tasks_total += j->n_maps + j->n_reduces;
    if (!keep)
      engine_job_unmake(e, j);
  }
  index_jobs(e);
  if (yarn_alloc(e, err, errlen) || lost_alloc(e, err, errlen)) {
    engine_free(e);
    return NULL;
  }
  rereplicate_alloc(e);
  return e;
}

void engine_run(engine *e)
{
  sg_actor_create("jobtracker", e->master, jobtracker_actor, 0, NULL);
  for (int i = 0; i < e->platform->n_workers; i++) {
    sg_actor_t a = sg_actor_init("tasktracker", e->trackers[i].host);
    sg_actor_set_data(a, &e->trackers[i]);
    sg_actor_start(a, tasktracker_actor, 0, NULL);
  }
  for (int i = 0; i < e->n_jobs; i++)
    if (e->jobs[i].n_moves > 0) {
      sg_actor_t a = sg_actor_init("balancer", e->master);
      sg_actor_set_data(a, &e->jobs[i]);
      sg_actor_start(a, balancer_actor, 0, NULL);
    }
  if (conf_get(&e->cluster, CONF_PROGRESS_PERIOD) > 0)
    sg_actor_create("indicators", e->master, indicators_actor, 0, NULL);
  if (conf_get(&e->cluster, CONF_UTILISATION_PERIOD) > 0)
    sg_actor_create("utilisation", e->master, utilisation_actor, 0, NULL);
  lost_start(e);
  rereplicate_start(e);
  simgrid_run();
  if (e->stuck[0])
    return;
  yarn_check_returned(e);
  if (conf_get(&e->cluster, CONF_UTILISATION_PERIOD) > 0)
    utilisation_sample(e, simgrid_get_clock(), 1); /* the rest of the run since the last sample */
}

void engine_free(engine *e)
{
  if (!e)
    return;
  for (int i = 0; i < e->n_jobs; i++) {
    indicators_view_free(e->jobs[i].view, e->jobs[i].n_reduces);
    engine_job_free(e, &e->jobs[i]);
  }
  retire_free(e);
  rereplicate_free(e);
  lost_free(e);
  for (int i = 0; i < e->platform->n_workers; i++) {
    sg_sem_destroy(e->trackers[i].wake);
    sg_sem_destroy(e->trackers[i].rouse);
    sg_sem_destroy(e->trackers[i].loads);
    disks_free(e->trackers[i].disks, (int)e->trackers[i].n_disks);
    free(e->trackers[i].disks);
    free(e->trackers[i].launch);
    free(e->trackers[i].maps);
    free(e->trackers[i].uses);
  }
  free(e->input_blocks);
  free(e->trackers);
  free(e->by_key);
  free(e->gateways);
  coarsehdfs_free(e->coarse_hdfs);
  free(e->jobs);
  free(e->queue);
  free(e->by_submit);
  free(e->samples);
  utilisation_free(e);
  yarn_free(e);
  free(e);
  the_engine = NULL;
}
