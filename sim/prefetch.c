/* prefetch.c - PSP's predictive scheduler and prefetching module.
 *
 * Xie's PSP (2011, ch. 4) hides two waits of native Hadoop from a map: the
 * heartbeat that hands it to a free slot, and the read of its block.
 * - The predictive scheduler runs when a map starts on a tracker that holds
 *   no reserved map.  It predicts when the first of the tracker's running
 *   maps will end (the reserved map starts then): each one's start plus the
 *   mean block processing time (start to end of a successful map) of the
 *   tracker's node class in this job, measured online from the maps the
 *   heartbeats have reported; before any has been reported, from an
 *   offline estimate of the node alone (start-up, opening the file, the
 *   block read at the disk's rate and mapped on one core).  The estimate is
 *   the prediction only: it times nothing.  It then reserves the map the
 *   locality-aware scheduler would give the tracker next (scheduler.h), and
 *   the tracker launches it the moment a map slot frees (tasktracker.c).
 *   It reserves only when the tracker's map slots are all busy and more
 *   maps wait than the cluster's free slots could take: a map reserved
 *   otherwise would wait for this tracker while a slot elsewhere idles;
 *   and a heartbeat that finds no map left for a free slot takes back a
 *   reserved map whose load has not begun.
 * - The prefetching module is one actor a reserved map, on its tracker:
 *   it sleeps until max(now, predicted finish - t_load), where t_load is
 *   the block over the replica's disk read rate (and the NICs' rate when
 *   the replica is elsewhere), plus opening the file for `files` inputs;
 *   then it reads the block through the same pipe stages as a map (disk,
 *   network), so its reads share the disks and links with everything
 *   else: what it gains comes out of SimGrid's sharing, never assumed.  A
 *   tracker holds one reserved map, so at most one prefetch a node is ever
 *   outstanding (issued and not yet taken by its map), and a load waits
 *   for the one before it on its node to end.  A reserved map
 *   that starts before its load has started (a slot freed sooner than
 *   predicted) drops the load and reads from disk as native Hadoop does;
 *   one whose load is under way waits for it.
 * - Memory: the loaded block lives in the node's memory from the start of
 *   its load until its map has read it, and meanwhile the page cache
 *   (tracker.cache) is smaller by the block: map spills and outputs leave
 *   it for the disk that much sooner.  With 1 GB nodes the page cache is
 *   small, and a block displaces a larger share of it. */
#include "prefetch.h"

#include "alloc.h"
#include "dfsclient.h"
#include "pipe.h"
#include "scheduler.h"

#include <simgrid/actor.h>
#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>

#include <math.h>

/* The predicted duration of a map of job J on worker W whose split is BYTES. */
static double block_time(const engine *e, const job *j, int w, int64_t bytes)
{
  int c = e->platform->workers[w].cls;
  if (j->block_count[c] > 0)
    return j->block_time[c] / j->block_count[c];
  const platform_class *pc = &e->platform->classes[c];
  const conf *jc = &j->desc->conf, *cc = &e->cluster;
  double open = j->desc->files ? conf_get(cc, CONF_NAMENODE_RPC) + conf_get(cc, CONF_DISK_SEEK) : 0;
  return conf_get(jc, CONF_TASK_STARTUP) + open + (double)bytes / pc->disks[0].read_bw +
         (double)bytes * j->desc->map_cost / pc->speed;
}

/* The predicted time to load P's block: its disk, and the NICs if remote. */
static double load_time(const engine *e, const prefetch *p, int64_t bytes)
{
  const platform *pl = e->platform;
  double rate = sg_disk_read_bandwidth(engine_disk(e->trackers[p->src].host, p->task->block));
  if (p->src != p->worker)
    rate = fmin(rate, fmin(platform_node_class(pl, &pl->workers[p->src])->nic.bandwidth,
                           platform_node_class(pl, &pl->workers[p->worker])->nic.bandwidth));
  double open =
      p->task->job->desc->files ? conf_get(&e->cluster, CONF_NAMENODE_RPC) + conf_get(&e->cluster, CONF_DISK_SEEK) : 0;
  return open + (double)bytes / rate;
}

/* Actor: loads one reserved map's block into its tracker's memory. */
static void prefetch_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  prefetch *p = sg_actor_self_get_data();
  task *t = p->task;
  const conf *c = &t->job->desc->conf;
  tracker *here = &e->trackers[p->worker];
  int64_t bytes = hdfs_block_bytes(t->job->input, t->block);
  if (p->due > simgrid_get_clock())
    activities_sleep_until(p->due);
  if (p->dropped) {
    t->job->loading--;
    return;
  }
  sg_sem_acquire(here->loads); /* after the load before it, if that still runs */
  if (p->dropped) {
    sg_sem_release(here->loads);
    t->job->loading--;
    return;
  }
  p->started = 1;
  p->start = simgrid_get_clock();
  here->cache -= (double)bytes;
  stage st[2];
  int n = engine_split_stages(t, p->src, p->worker, NULL, st);
  pipe_spec spec = {
      .total = bytes, .chunk = (int64_t)conf_get(c, CONF_CHUNK), .depth = (int)conf_get(c, CONF_PIPELINE_DEPTH)};
  pipe_run(st, n, &spec);
  p->end = simgrid_get_clock();
  sg_sem_release(here->loads);
  p->done = 1;
  sg_sem_release(p->loaded);
  t->job->loading--;
}

void prefetch_plan(attempt *a)
{
  engine *e = the_engine;
  job *j = a->task->job;
  tracker *tr = &e->trackers[a->worker];
  if (conf_get(&j->desc->conf, CONF_PREFETCH) == 0 || tr->next)
    return;
  task *next = scheduler_reserve(e, j, tr);
  int src = next ? engine_closest_replica(e, next, a->worker, NULL, 0) : -1;
  if (src < 0 || e->trackers[src].dn_down) /* nothing reserved, or its closest replica's DataNode is down (lost.h) */
    return;
  prefetch *p = xcalloc(1, sizeof *p);
  p->task = next;
  p->worker = a->worker;
  p->src = src;
  p->issued = simgrid_get_clock();
  double finish = INFINITY; /* the reserved map starts as the first running map ends */
  for (int k = 0; k < tr->running_maps; k++) {
    const attempt *r = tr->maps[k];
    const job *rj = r->task->job;
    finish = fmin(finish, r->start + block_time(e, rj, a->worker, hdfs_block_bytes(rj->input, r->task->block)));
  }
  p->due = finish - load_time(e, p, hdfs_block_bytes(j->input, next->block));
  p->loaded = sg_sem_init(0);
  next->prefetch = p;
  j->prefetches_issued++;
  j->loading++; /* its tasks stay until the actor ends (retire.h) */
  sg_actor_t actor = sg_actor_init("prefetch", tr->host);
  sg_actor_set_data(actor, p);
  sg_actor_start(actor, prefetch_actor, 0, NULL);
}

prefetch *prefetch_take(attempt *a)
{
  prefetch *p = a->task->prefetch;
  if (!p || p->worker != a->worker || p->used || p->dropped)
    return NULL;
  if (!p->started) {
    p->dropped = 1;
    return NULL;
  }
  sg_sem_acquire(p->loaded); /* at once if the load has ended */
  p->used = 1;
  a->task->job->prefetches_used++;
  return p;
}
