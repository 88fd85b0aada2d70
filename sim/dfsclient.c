/* dfsclient.c - a task's HDFS client: where it reads its split, and how it
 * writes its output.
 *
 * A map reads the closest replica of its block that the NameNode lists (a
 * draw from the seed among those equally close), after opening the file
 * when its job's input is `files`, streaming it from that disk and over
 * the network when it is elsewhere; PSP's prefetch (prefetch.c) reads the
 * same way.  A task's output file goes down Hadoop's replica pipeline,
 * placed from its worker by Hadoop's policy and never on a datanode the
 * NameNode holds dead (rereplicate.h).  The stages are handed back to the
 * caller's pipe (pipe.h), which runs them with its own. */
#include "dfsclient.h"

#include "activities.h"
#include "alloc.h"
#include "coarsehdfs.h"
#include "disks.h"
#include "jobs.h"
#include "rereplicate.h"

#include <simgrid/disk.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <math.h>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(mrlab_hdfs); /* jobs.c's */

int engine_closest_replica(const engine *e, const task *t, int w, const int *tried, int n_tried)
{
  const hdfs_file *f = t->job->input;
  const platform *p = e->platform;
  int best = -1, best_distance = 3, ties = 0;
  for (int r = 0; r < f->replication; r++) {
    int holder = hdfs_replica(f, t->block, r), passed = rereplicate_is_dead(e, holder);
    for (int k = 0; k < n_tried && !passed; k++)
      passed = tried[k] == holder;
    if (passed)
      continue;
    int distance = holder == w ? 0 : p->workers[holder].rack == p->workers[w].rack ? 1 : 2;
    if (distance < best_distance) {
      best = holder;
      best_distance = distance;
      ties = 1;
    } else if (distance == best_distance) {
      /* one of the TIES equally close, uniformly, by a draw of its own */
      const uint64_t parts[] = {DRAW_REPLICA, (uint64_t)t->job->index, (uint64_t)t->index, (uint64_t)w, (uint64_t)ties};
      if (engine_uniform(engine_hash(parts, 5)) * ++ties < 1)
        best = holder;
    }
  }
  return best;
}

#define RPC_BYTES 1024 /* a getBlockLocations request, and its answer */

int engine_split_stages(const task *t, int src, int dst, int64_t *count, stage *st)
{
  engine *e = the_engine;
  tracker *from = &e->trackers[src], *here = &e->trackers[dst];
  sg_disk_t disk = engine_disk(from->host, t->block);
  if (t->job->desc->files) {
    activities_sendto(ACT_CONTROL, here->host, e->master, RPC_BYTES);
    activities_sleep_for(conf_get(&e->cluster, CONF_NAMENODE_RPC));
    activities_sendto(ACT_CONTROL, e->master, here->host, RPC_BYTES);
    disks_read_one(disk, llround(conf_get(&e->cluster, CONF_DISK_SEEK) * sg_disk_read_bandwidth(disk)));
  }
  int n = 0;
  st[n++] = (stage){
      .kind = STAGE_READ, .host = from->host, .disk = disk, .scale = 1, .count = count, .count2 = &from->disk_read};
  if (src != dst)
    st[n++] = (stage){.kind = STAGE_NET,
                      .host = from->host,
                      .dst = here->host,
                      .flow = ACT_HDFS_READ,
                      .send = e->coarse_hdfs ? coarsehdfs_send : NULL,
                      .scale = 1,
                      .count2 = &from->net_sent};
  return n;
}

int engine_output_stages(attempt *a, int64_t output, double scale, stage *st)
{
  engine *e = the_engine;
  int replication = engine_output_replication(a->task->job), s = 0;
  hdfs_policy *policy = hdfs_policy_rack_aware_alloc();
  hdfs_policy_exclude(policy, rereplicate_dead(e)); /* the NameNode never puts a replica on a dead datanode */
  gsl_rng *rng = engine_attempt_rng(a);
  char err[256];
  hdfs_file *f = hdfs_file_place(e->platform, output, output, replication, a->worker, policy, rng, err, sizeof err);
  xbt_assert(f, "%s", err); /* the job's input was placed with this replication */
  gsl_rng_free(rng);
  hdfs_policy_free(policy);
  a->targets = xmalloc((size_t)replication * sizeof *a->targets);
  if (XBT_LOG_ISENABLED(mrlab_hdfs, xbt_log_priority_info)) {
    char what[256];
    snprintf(what, sizeof what, "%s %c%06d attempt %d writes its output (%lld bytes) down the pipeline",
             a->task->job->desc->name, a->task->kind == KIND_MAP ? 'm' : 'r', a->task->index, a->number,
             (long long)output);
    engine_log_replicas(e->platform, f->replicas, replication, what);
  }
  for (int k = 0; k < replication; k++) {
    tracker *to = &e->trackers[a->targets[k] = hdfs_replica(f, 0, k)];
    if (k > 0)
      st[s++] = (stage){.kind = STAGE_NET,
                        .host = e->trackers[a->targets[k - 1]].host,
                        .flow = ACT_HDFS_WRITE,
                        .send = e->coarse_hdfs ? coarsehdfs_send : NULL,
                        .dst = to->host,
                        .scale = scale,
                        .count2 = &e->trackers[a->targets[k - 1]].net_sent,
                        .gone = {&e->trackers[a->targets[k - 1]].dn_down, &to->dn_down}};
    st[s++] = (stage){.kind = STAGE_WRITE,
                      .host = to->host,
                      .disk = engine_disk(to->host, a->task->index),
                      .scale = scale,
                      .count = &a->write_disk_bytes,
                      .count2 = &to->disk_written,
                      .gone = {&to->dn_down}};
  }
  hdfs_file_free(f);
  return s;
}
