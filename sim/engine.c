/* engine.c - setting up a run, running it, and tearing it down.
 *
 * Setup does everything that happens before Hadoop's clock starts: input
 * files are placed in HDFS (one file, or `files` of them, each cut into its
 * own blocks; for a job with `redistribute`, where its placement puts them,
 * which is the target, and where they were first, with the block moves from
 * one to the other planned for balancer.c), each job gets one map per block,
 * its reduces, and the time its splits are known (one NameNode RPC a file
 * after its submit), and every map's output per partition is fixed (whole
 * bytes, split by largest remainders, so that bytes add up exactly from map
 * input to reduce output): one table of partitions a split size, or the
 * key data's records, so that a job keeps no table of maps times reducers.
 * Each job is made at setup, so that a workload that cannot run is refused
 * then; unless the run has faults (lost.c walks every job's tasks) or the
 * job's input is redistributed, its tasks and input are freed again and
 * made anew, the same (its draws are its own), as it is submitted
 * (engine_job_make), so that memory grows with the jobs in flight.
 * Then the JobTracker, the TaskTrackers and a
 * balancer per job to redistribute are started and SimGrid runs until the
 * last actor ends.  A job that waits for others (a workflow) is held until
 * its last parent ends (engine_submit); if it reads a parent's output, its
 * blocks are known in size at setup and placed then, where the parent's
 * tasks wrote them. */
#include "engine.h"

#include "activities.h"
#include "alloc.h"
#include "disks.h"
#include "indicators.h"
#include "lost.h"
#include "prefetch.h"
#include "rereplicate.h"
#include "retire.h"
#include "scheduler.h"
#include "topology.h"
#include "utilisation.h"
#include "yarn.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/mutex.h>
#include <simgrid/plugins/load.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>
#include <xbt/config.h>
#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_hdfs, mrlab,
                                "HDFS as the engine sets it up: where each input block's and each output's replicas are");

engine *the_engine;

/* Logs the REPLICATION workers of REPLICAS (names of P) after the message WHAT. */
static void log_replicas(const platform *p, const int *replicas, int replication, const char *what)
{
  char names[1024] = "";
  size_t used = 0;
  for (int r = 0; r < replication && used < sizeof names; r++)
    used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", r ? ", " : "", p->workers[replicas[r]].name);
  XBT_INFO("%s: replicas on %s", what, names);
}

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

uint64_t engine_hash(const uint64_t *parts, size_t n)
{
  uint64_t x = the_engine->seed;
  for (size_t i = 0; i < n; i++) {
    x += 0x9e3779b97f4a7c15ULL + parts[i];
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

/* The FNV-1a hash of NAME: a worker's identity that its place in the
 * platform file does not change. */
static uint64_t name_hash(const char *name)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *name; name++)
    h = (h ^ (unsigned char)*name) * 0x100000001b3ULL;
  return h;
}

gsl_rng *engine_rng_alloc(const uint64_t *parts, size_t n)
{
  gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(rng, (unsigned long)engine_hash(parts, n));
  return rng;
}

gsl_rng *engine_attempt_rng(const attempt *a)
{
  const uint64_t parts[] = {(uint64_t)a->task->job->index, (uint64_t)a->task->kind, (uint64_t)a->task->index,
                            (uint64_t)a->number};
  return engine_rng_alloc(parts, 4);
}

gsl_rng *engine_task_rng(const task *t)
{
  const uint64_t parts[] = {(uint64_t)t->job->index, (uint64_t)t->kind, (uint64_t)t->index, UINT64_MAX};
  return engine_rng_alloc(parts, 4);
}

void engine_tracker_busy(const engine *e, int w, double *disk, double *nic)
{
  const tracker *tr = &e->trackers[w];
  const platform_class *c = platform_node_class(e->platform, &e->platform->workers[w]);
  double read_bw = 0, write_bw = 0; /* the host's disks together */
  for (int d = 0; d < c->n_disks; d++) {
    read_bw += c->disks[d].read_bw;
    write_bw += c->disks[d].write_bw;
  }
  *disk = (double)tr->disk_read / read_bw + (double)tr->disk_written / write_bw;
  *nic = (double)tr->net_sent / c->nic.bandwidth;
}

sg_disk_t engine_disk(sg_host_t h, int64_t k)
{
  const tracker *tr = sg_host_get_data(h);
  unsigned d = (unsigned)(k % tr->n_disks);
  for (unsigned tries = 0; tr->disk_bad && tr->disk_bad[d] && tries < tr->n_disks; tries++)
    d = (d + 1) % tr->n_disks;
  return tr->disks[d];
}

/* BYTES of map output as stored and fetched: compressed if D says so. */
static int64_t stored(const job_desc *d, int64_t bytes)
{
  return conf_get(&d->conf, CONF_COMPRESS) != 0 ? llround((double)bytes * conf_get(&d->conf, CONF_COMPRESS_RATIO))
                                                : bytes;
}

/* The partition tables of a map whose split is SPLIT bytes. */
static void map_output(const job_desc *d, int64_t split, int64_t **bytes, int64_t **wire)
{
  *bytes = xmalloc((size_t)d->reduces * sizeof **bytes);
  *wire = xmalloc((size_t)d->reduces * sizeof **wire);
  workload_partitions(d, split, *bytes);
  for (int p = 0; p < d->reduces; p++)
    (*wire)[p] = stored(d, (*bytes)[p]);
}

static int compare_sizes(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* J's split sizes, distinct and ascending, and room for one table of parts
 * each (one file: full blocks and the last block; several files: each
 * file's last block too). */
static void index_splits(job *j)
{
  j->split_sizes = xmalloc(((size_t)j->n_maps + 1) * sizeof *j->split_sizes);
  for (int m = 0; m < j->n_maps; m++)
    j->split_sizes[m] = hdfs_block_bytes(j->input, m);
  qsort(j->split_sizes, (size_t)j->n_maps, sizeof *j->split_sizes, compare_sizes);
  for (int m = 0; m < j->n_maps; m++)
    if (j->n_parts == 0 || j->split_sizes[j->n_parts - 1] != j->split_sizes[m])
      j->split_sizes[j->n_parts++] = j->split_sizes[m];
  j->parts = xcalloc((size_t)j->n_parts + 1, sizeof *j->parts);
}

/* The table of J's parts that map M uses, made when first needed: one per
 * split size. */
static int map_table(job *j, int m)
{
  int64_t split = hdfs_block_bytes(j->input, m);
  int64_t *at = bsearch(&split, j->split_sizes, (size_t)j->n_parts, sizeof *j->split_sizes, compare_sizes);
  xbt_assert(at, "job %s: map %d's split of %lld bytes has no table", j->desc->name, m, (long long)split);
  int k = (int)(at - j->split_sizes);
  if (!j->parts[k][0])
    map_output(j->desc, split, &j->parts[k][0], &j->parts[k][1]);
  return k;
}

int64_t engine_part_bytes(const task *m, int p)
{
  const job *j = m->job;
  const keys_data *k = j->desc->keys;
  return k ? *keys_map_records(k, m->index, p) * k->record_bytes : j->parts[m->parts][0][p];
}

int64_t engine_part_wire(const task *m, int p)
{
  const job *j = m->job;
  return j->desc->keys ? stored(j->desc, engine_part_bytes(m, p)) : j->parts[m->parts][1][p];
}

int engine_fetch_source(const job *j, int w)
{
  return conf_get(&j->desc->conf, CONF_SHUFFLE_BY_RACK) != 0 ? the_engine->platform->workers[w].rack : w;
}

int engine_fetch_sources(const job *j)
{
  const platform *p = the_engine->platform;
  return conf_get(&j->desc->conf, CONF_SHUFFLE_BY_RACK) != 0 ? p->n_racks : p->n_workers;
}

/* Each partition's reduce input into J->part_input: with key data, map by
 * map; else each split size's table times the maps of that size. */
static void part_inputs(job *j)
{
  j->part_input = xcalloc((size_t)j->n_reduces + 1, sizeof *j->part_input);
  if (j->desc->keys) {
    for (int m = 0; m < j->n_maps; m++)
      for (int p = 0; p < j->n_reduces; p++)
        j->part_input[p] += engine_part_bytes(&j->maps[m], p);
    return;
  }
  int64_t *maps = xcalloc((size_t)j->n_parts + 1, sizeof *maps);
  for (int m = 0; m < j->n_maps; m++)
    maps[j->maps[m].parts]++;
  for (int k = 0; k < j->n_parts; k++)
    for (int p = 0; maps[k] && p < j->n_reduces; p++)
      j->part_input[p] += maps[k] * j->parts[k][0][p];
  free(maps);
}

/* The worker named NAME in P, or -1. */
static int worker_named(const platform *p, const char *name)
{
  for (int w = 0; w < p->n_workers; w++)
    if (strcmp(p->workers[w].name, name) == 0)
      return w;
  return -1;
}

/* Each worker's weight under D's ratio placement, 1/ratio, into WEIGHTS:
 * its own ratio, else its class's.  Fails on a name in the ratios that is
 * no worker or class of P, and on a worker without a ratio. */
static int ratio_weights(const platform *p, const job_desc *d, double *weights, char *err, size_t errlen)
{
  const ratio_table *t = &d->ratios;
  for (int i = 0; i < t->n; i++)
    if (worker_named(p, t->names[i]) < 0 && platform_class_named(p, t->names[i]) < 0) {
      snprintf(err, errlen,
               "%s:%d: jobs.%s.%s: no worker or node class of %s is named \"%s\" (expected one like "
               "\"%s\" or \"%s\")",
               d->path, t->line, d->name, t->property ? "mrlab.ratios" : "ratios", p->name, t->names[i],
               p->workers[0].name, p->classes[p->workers[0].cls].name);
      return -1;
    }
  for (int w = 0; w < p->n_workers; w++) {
    double ratio = 0;
    for (int i = 0; i < t->n; i++)
      if (strcmp(t->names[i], p->workers[w].name) == 0 ||
          (ratio == 0 && strcmp(t->names[i], p->classes[p->workers[w].cls].name) == 0))
        ratio = t->values[i];
    if (ratio == 0) {
      snprintf(err, errlen, "%s:%d: jobs.%s.%s: no ratio for worker %s (expected an entry for it or its class %s)",
               d->path, t->line, d->name, t->property ? "mrlab.ratios" : "ratios", p->workers[w].name,
               p->classes[p->workers[w].cls].name);
      return -1;
    }
    weights[w] = 1 / ratio;
  }
  return 0;
}

/* The policy of placement PL (job D's own, or its redistribution's `from`,
 * named WHAT in errors) on P: Hadoop's, or a weighted one (even, ratio
 * with D's ratios, all-in, explicit weights); names resolved against P, with
 * the workload file's line in ERR when one names nothing there. */
static hdfs_policy *input_policy(const platform *p, const job_desc *d, const placement_desc *pl, const char *what,
                                 char *err, size_t errlen)
{
  if (pl->kind == PLACEMENT_DEFAULT)
    return hdfs_policy_rack_aware_alloc();
  double *weights = xcalloc((size_t)p->n_workers, sizeof *weights);
  int bad = 0;
  switch (pl->kind) {
  case PLACEMENT_EVEN:
    for (int w = 0; w < p->n_workers; w++)
      weights[w] = 1;
    break;
  case PLACEMENT_RATIO: bad = ratio_weights(p, d, weights, err, errlen); break;
  case PLACEMENT_ALL_IN: {
    int one = worker_named(p, pl->all_in), cls = platform_class_named(p, pl->all_in), chosen = 0;
    for (int w = 0; w < p->n_workers; w++) {
      weights[w] = w == one || p->workers[w].cls == cls;
      chosen += weights[w] > 0;
    }
    bad = chosen == 0; /* no such name, or a class whose workers --workers left out */
    if (bad)
      snprintf(err, errlen,
               "%s:%d: jobs.%s.%s: all-in: no worker or node class of %s is named \"%s\" "
               "(expected one like \"%s\" or \"%s\")",
               d->path, pl->line, d->name, what, p->name, pl->all_in, p->workers[0].name,
               p->classes[p->workers[0].cls].name);
    break;
  }
  default:
    for (int i = 0; i < pl->n_placed && !bad; i++) {
      int w = worker_named(p, pl->placed_on[i]);
      bad = w < 0;
      if (bad)
        snprintf(err, errlen, "%s:%d: jobs.%s.%s: no worker of %s is named \"%s\" (expected one like \"%s\")", d->path,
                 pl->line, d->name, what, p->name, pl->placed_on[i], p->workers[0].name);
      else
        weights[w] = pl->placed_weight[i];
    }
  }
  hdfs_policy *policy = bad ? NULL : hdfs_policy_weighted_alloc(p, weights, err, errlen);
  free(weights);
  return policy;
}

void engine_index_maps(engine *e, job *j)
{
  const platform *p = e->platform;
  size_t n_replicas = (size_t)j->input->n_blocks * (size_t)j->input->replication;
  j->splits = xmalloc((n_replicas + 1) * sizeof *j->splits);
  memcpy(j->splits, j->input->replicas, n_replicas * sizeof *j->splits);
  int *on_worker = xcalloc((size_t)p->n_workers, sizeof *on_worker); /* its blocks, then its holder's index */
  for (size_t k = 0; k < n_replicas; k++)
    on_worker[j->input->replicas[k]]++;
  for (int w = 0; w < p->n_workers; w++)
    j->n_holders += on_worker[w] > 0;
  j->holder = xmalloc((size_t)(j->n_holders + 1) * sizeof *j->holder);
  j->maps_on_holder = xcalloc((size_t)j->n_holders + 1, sizeof *j->maps_on_holder);
  j->n_on_holder = xcalloc((size_t)j->n_holders + 1, sizeof *j->n_on_holder);
  j->cur_holder = xcalloc((size_t)j->n_holders + 1, sizeof *j->cur_holder);
  for (int w = 0, h = 0; w < p->n_workers; w++)
    if (on_worker[w] > 0) {
      j->holder[h] = w;
      on_worker[w] = h++;
    }
  j->maps_in_rack = xcalloc((size_t)p->n_racks, sizeof *j->maps_in_rack);
  j->n_in_rack = xcalloc((size_t)p->n_racks, sizeof *j->n_in_rack);
  j->cur_rack = xcalloc((size_t)p->n_racks, sizeof *j->cur_rack);
  for (int m = 0; m < j->n_maps && XBT_LOG_ISENABLED(mrlab_hdfs, xbt_log_priority_info); m++) {
    char what[256];
    snprintf(what, sizeof what, "job %s: input block %d of %d (%lld bytes)", j->desc->name, m, j->n_maps,
             (long long)hdfs_block_bytes(j->input, m));
    log_replicas(p, j->input->replicas + (size_t)m * (size_t)j->input->replication, j->input->replication, what);
  }
  /* two passes: count each list's maps, then fill lists of that size (a
   * list grown map by map costs time quadratic in the maps) */
  for (int pass = 0; pass < 2; pass++) {
    for (int h = 0; pass && h < j->n_holders; h++) {
      j->maps_on_holder[h] = xmalloc((size_t)j->n_on_holder[h] * sizeof(int));
      j->n_on_holder[h] = 0;
    }
    for (int r = 0; pass && r < p->n_racks; r++) {
      j->maps_in_rack[r] = j->n_in_rack[r] ? xmalloc((size_t)j->n_in_rack[r] * sizeof(int)) : NULL;
      j->n_in_rack[r] = 0;
    }
    for (int m = 0; m < j->n_maps; m++)
      for (int k = 0; k < j->input->replication; k++) {
        int w = hdfs_replica(j->input, m, k), rack = p->workers[w].rack, in_rack = 0;
        for (int h = 0; h < k && !in_rack; h++) /* a map is listed once a rack */
          in_rack = p->workers[hdfs_replica(j->input, m, h)].rack == rack;
        int h = on_worker[w];
        if (pass)
          j->maps_on_holder[h][j->n_on_holder[h]] = m;
        j->n_on_holder[h]++;
        if (in_rack)
          continue;
        if (pass)
          j->maps_in_rack[rack][j->n_in_rack[rack]] = m;
        j->n_in_rack[rack]++;
      }
  }
  free(on_worker);
}

/* The initial placement of D's input (its `redistribute`) in J's input:
 * input - appended bytes placed by D->from over the workers not added,
 * the blocks after them by Hadoop's policy over all workers.  J's input was
 * placed by D's own policy, which is the target: the moves to it are
 * planned, and J is held until they have run (balancer.c). */
static int plan_redistribution(engine *e, job *j, const job_desc *d, char *err, size_t errlen)
{
  const platform *p = e->platform;
  for (int k = 0; k < d->n_added; k++) {
    int w = 0;
    while (w < p->n_workers && strcmp(p->workers[w].name, d->added[k]) != 0)
      w++;
    if (w == p->n_workers) {
      snprintf(err, errlen,
               "%s:%d: jobs.%s.redistribute.added: no worker of %s is named \"%s\" (expected one like \"%s\")", d->path,
               d->redistribute_line, d->name, p->name, d->added[k], p->workers[0].name);
      return -1;
    }
  }
  /* the cluster before the workers were added, and its workers' indices in P */
  platform old = *p;
  int *index = xmalloc((size_t)p->n_workers * sizeof *index);
  old.workers = xmalloc((size_t)p->n_workers * sizeof *old.workers);
  old.n_workers = 0;
  for (int w = 0; w < p->n_workers; w++) {
    int added = 0;
    for (int k = 0; k < d->n_added; k++)
      added |= strcmp(d->added[k], p->workers[w].name) == 0;
    if (!added) {
      index[old.n_workers] = w;
      old.workers[old.n_workers++] = p->workers[w];
    }
  }
  int64_t block = j->input->block_size, first = d->input - d->appended;
  int64_t n_first = first / block + (first % block != 0);
  int r = j->input->replication;
  hdfs_file *before = NULL;
  hdfs_policy *policy = NULL;
  gsl_rng *rng = engine_rng_alloc((const uint64_t[]){DRAW_REDISTRIBUTION, (uint64_t)j->index}, 2);
  char why[512];
  int over = 0; /* beyond mrlab's bound on a run */
  if (old.n_workers == 0)
    snprintf(err, errlen, "%s:%d: jobs.%s.redistribute.added: expected some worker of %s not added, got all %d",
             d->path, d->redistribute_line, d->name, p->name, p->n_workers);
  else if ((policy = input_policy(&old, d, d->from, "redistribute.from", err, errlen)) &&
           !(before = hdfs_file_place(&old, first, block, r, -1, policy, rng, why, sizeof why)))
    snprintf(err, errlen, "%s:%d: jobs.%s.redistribute.from: %s", d->path, d->redistribute_line, d->name, why);
  hdfs_policy_free(policy);
  if (before) {
    int64_t *target = xmalloc((size_t)p->n_workers * sizeof *target);
    hdfs_count_replicas(j->input, p->n_workers, target);
    for (int64_t k = 0; k < n_first * r; k++)
      j->input->replicas[k] = index[before->replicas[k]];
    if (n_first < j->input->n_blocks) { /* whole blocks after the first bytes' last one, by Hadoop's policy */
      policy = hdfs_policy_rack_aware_alloc();
      hdfs_file *appended =
          hdfs_file_place(p, (j->input->n_blocks - n_first) * block, block, r, -1, policy, rng, why, sizeof why);
      xbt_assert(appended, "%s", why); /* J's input was placed on P with these sizes */
      memcpy(j->input->replicas + n_first * r, appended->replicas, (size_t)(appended->n_blocks * r) * sizeof(int));
      hdfs_file_free(appended);
      hdfs_policy_free(policy);
    }
    uint64_t *rank = xmalloc((size_t)p->n_workers * sizeof *rank);
    for (int w = 0; w < p->n_workers; w++)
      rank[w] = e->trackers[w].key;
    j->n_moves = hdfs_plan_redistribution(j->input, p->n_workers, target, rank, &j->moves);
    free(rank);
    /* throttled, each datanode moves its bytes at dfs.datanode.balance.bandwidthPerSec, before the job runs */
    double bandwidth = conf_get(&e->cluster, CONF_BALANCE_BANDWIDTH), busiest = 0;
    int64_t *moved = xcalloc((size_t)p->n_workers, sizeof *moved);
    for (int64_t k = 0; k < j->n_moves && bandwidth > 0; k++) {
      int64_t bytes = hdfs_block_bytes(j->input, j->moves[k].block);
      busiest = fmax(busiest, (double)(moved[j->moves[k].from] += bytes));
      busiest = fmax(busiest, (double)(moved[j->moves[k].to] += bytes));
    }
    free(moved);
    if (bandwidth > 0 &&
        workload_check_span(d, p, e->heartbeat, busiest / bandwidth,
                            "its busiest datanode's redistribution at dfs.datanode.balance.bandwidthPerSec", err, errlen))
      over = 1;
    j->held = j->n_moves > 0;
    free(target);
    hdfs_file_free(before);
  }
  gsl_rng_free(rng);
  free(old.workers);
  free(index);
  return before && !over ? 0 : -1;
}

/* A worker's name and index, ordered by name (for qsort and bsearch). */
typedef struct {
  const char *name;
  int w;
} named_worker;

static int named_worker_cmp(const void *a, const void *b)
{
  return strcmp(((const named_worker *)a)->name, ((const named_worker *)b)->name);
}

/* Puts the first replicas of each block of D's input on the workers its
 * `split_hosts` names for its map, in their order (a history's split
 * locations: where a real cluster held them), and the replicas left where
 * J's placement drew them, passing over the named workers; at most a
 * block's replicas are named.  A name P has no worker of is passed over
 * and counted in J->foreign_hosts (a history replayed on another cluster). */
static void place_split_hosts(const platform *p, job *j, const job_desc *d)
{
  int r = j->input->replication, *named = xmalloc((size_t)r * sizeof *named),
      *drawn = xmalloc((size_t)r * sizeof *drawn);
  named_worker *names = xmalloc((size_t)p->n_workers * sizeof *names); /* every worker, by name */
  for (int w = 0; w < p->n_workers; w++)
    names[w] = (named_worker){p->workers[w].name, w};
  qsort(names, (size_t)p->n_workers, sizeof *names, named_worker_cmp);
  for (int64_t b = 0; b < j->input->n_blocks; b++) {
    int m = 0;
    for (int h = d->split_host_first[b]; h < d->split_host_first[b + 1] && m < r; h++) {
      const named_worker *found = bsearch(&(named_worker){d->split_host_names[h], -1}, names, (size_t)p->n_workers,
                                          sizeof *names, named_worker_cmp);
      if (found)
        named[m++] = found->w;
      else
        j->foreign_hosts++;
    }
    int *replicas = j->input->replicas + b * r, n = m;
    memcpy(drawn, replicas, (size_t)r * sizeof *drawn);
    memcpy(replicas, named, (size_t)m * sizeof *named);
    for (int i = 0; i < r && n < r; i++) {
      int again = 0;
      for (int h = 0; h < m; h++)
        again |= drawn[i] == named[h];
      if (!again)
        replicas[n++] = drawn[i];
    }
  }
  free(names);
  free(drawn);
  free(named);
}

/* Makes what job J holds of its tasks: its input in HDFS, its tasks and
 * the scheduler's lists.  Its draws are its own (DRAW_PLACEMENT and
 * DRAW_REDISTRIBUTION with its index), so it makes the same job whenever
 * it is called, at setup or at the job's submission (engine_job_make). */
static int job_make(engine *e, job *j, int index, char *err, size_t errlen)
{
  const platform *p = e->platform;
  const job_desc *d = j->desc;
  j->made = 1;
  hdfs_policy *policy =
      input_policy(p, d, &d->placement, d->placement.property ? "mrlab.placement" : "placement", err, errlen);
  if (!policy)
    return -1;
  char why[512];
  int64_t block = (int64_t)conf_get(&d->conf, CONF_BLOCKSIZE);
  int replication = (int)conf_get(&d->conf, CONF_REPLICATION);
  gsl_rng *rng = engine_rng_alloc((const uint64_t[]){DRAW_PLACEMENT, (uint64_t)j->index}, 2); /* this job's own draw */
  if (d->input_from >= 0) /* the sizes of its blocks now; where they are once its parent has written them */
    j->input = hdfs_file_concat(1, &d->input, NULL, engine_output_replication(&e->jobs[d->input_from]), block);
  else if (d->files)
    j->input = hdfs_files_place(p, d->file_bytes, d->files, block, replication, -1, policy, rng, why, sizeof why);
  else
    j->input = hdfs_file_place(p, d->input, block, replication, -1, policy, rng, why, sizeof why);
  gsl_rng_free(rng);
  hdfs_policy_free(policy);
  if (!j->input) {
    snprintf(err, errlen, "%s:%d: job %s: %s", d->path, d->line, d->name, why);
    return -1;
  }
  if (d->split_host_first)
    place_split_hosts(p, j, d);
  if (d->output_replication > p->n_workers) {
    snprintf(err, errlen, "%s:%d: job %s: output_replication %d is more than the %d datanodes of %s", d->path, d->line,
             d->name, d->output_replication, p->n_workers, p->name);
    return -1;
  }
  j->n_maps = (int)j->input->n_blocks;
  j->n_reduces = d->reduces;
  j->maps = xcalloc((size_t)j->n_maps, sizeof *j->maps);
  j->reduces = xcalloc((size_t)j->n_reduces, sizeof *j->reduces);
  j->cap_finished_maps = j->n_maps + 1;
  j->finished_maps = xmalloc((size_t)j->cap_finished_maps * sizeof *j->finished_maps);
  j->next_event = xmalloc((size_t)j->cap_finished_maps * sizeof *j->next_event);
  j->view = indicators_view_alloc();
  j->block_time = xcalloc((size_t)p->n_classes, sizeof *j->block_time);
  j->block_count = xcalloc((size_t)p->n_classes, sizeof *j->block_count);
  j->reruns = xmalloc((size_t)(j->n_maps + j->n_reduces + 1) * sizeof *j->reruns); /* a task waits once at most */
  index_splits(j);
  xbt_assert(!d->keys || d->keys->n_maps == j->n_maps, "job %s: key data for %d maps, %d blocks", d->name,
             d->keys ? d->keys->n_maps : 0, j->n_maps);
  for (int m = 0; m < j->n_maps; m++) {
    int k = d->keys || !j->n_reduces ? 0 : map_table(j, m); /* a map-only job's maps have no partitions */
    j->maps[m] = (task){.job = j, .kind = KIND_MAP, .index = m, .block = m, .parts = k};
  }
  part_inputs(j);
  for (int r = 0; r < j->n_reduces; r++)
    j->reduces[r] = (task){.job = j, .kind = KIND_REDUCE, .index = r};
  if (d->from && plan_redistribution(e, j, d, err, errlen))
    return -1;
  j->held |= d->n_after > 0; /* until engine_submit, when its last parent ends */
  if (!j->held && index)
    engine_index_maps(e, j);
  return 0;
}

/* Sets up job J of description D: checks that it fits the platform, its
 * submission, and its tasks (job_make), with the scheduler's lists if it
 * keeps them (INDEX). */
static int job_init(engine *e, job *j, const job_desc *d, int index, char *err, size_t errlen)
{
  j->desc = d;
  if (workload_check_fits(d, e->platform, e->heartbeat, err, errlen))
    return -1;
  j->mutex = sg_mutex_init();
  /* the client lists the input and asks the NameNode for each file's blocks before it submits */
  j->submit = d->submit;
  j->ready = d->submit + (double)d->files * conf_get(&e->cluster, CONF_NAMENODE_RPC);
  j->waiting = d->n_after;
  return job_make(e, j, index, err, errlen);
}

void engine_job_make(engine *e, job *j)
{
  if (j->made)
    return;
  char err[1024];
  xbt_assert(job_make(e, j, 1, err, sizeof err) == 0, "job %s: %s", j->desc->name, err); /* as it was at setup */
}

int engine_output_replication(const job *j)
{
  const job_desc *d = j->desc;
  return d->output_replication ? d->output_replication : (int)conf_get(&d->conf, CONF_REPLICATION);
}

const attempt *engine_hdfs_output(const task *t)
{
  for (int a = 0; a < t->n_attempts; a++)
    if (t->attempts[a]->status == STATUS_SUCCEEDED && t->attempts[a]->targets)
      return t->attempts[a];
  return NULL;
}

int64_t engine_output_bytes(const attempt *a)
{
  return a->phase_bytes[a->task->job->n_reduces ? PHASE_REDUCE : PHASE_MAP];
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

job **engine_queue(engine *e, double now, int *n)
{
  int kept = 0;
  for (int k = 0; k < e->n_queue; k++)
    if (!e->queue[k]->finished)
      e->queue[kept++] = e->queue[k];
  e->n_queue = kept;
  for (; e->n_submitted < e->n_jobs && e->by_submit[e->n_submitted]->desc->submit <= now; e->n_submitted++) {
    job *j = e->by_submit[e->n_submitted];
    if (j->finished) /* a job it waited for failed */
      continue;
    engine_job_make(e, j);
    int at = e->n_queue;
    while (at > 0 && e->queue[at - 1]->index > j->index)
      at--;
    memmove(e->queue + at + 1, e->queue + at, (size_t)(e->n_queue - at) * sizeof *e->queue);
    e->queue[at] = j;
    e->n_queue++;
  }
  *n = e->n_queue;
  return e->queue;
}

void engine_submit(engine *e, job *j, double now)
{
  const job_desc *d = j->desc;
  engine_job_make(e, j);
  j->submit = fmax(d->submit, now);
  j->ready = j->submit + (double)d->files * conf_get(&e->cluster, CONF_NAMENODE_RPC);
  if (d->input_from >= 0) { /* the parent's output files, each one block where its task's pipeline wrote it */
    const job *parent = &e->jobs[d->input_from];
    int n = parent->n_reduces ? parent->n_reduces : parent->n_maps, r = engine_output_replication(parent);
    int64_t *bytes = xcalloc((size_t)n, sizeof *bytes);
    int *replicas = xcalloc((size_t)n * (size_t)r, sizeof *replicas);
    for (int k = 0; k < n; k++) {
      const attempt *a = engine_hdfs_output(parent->n_reduces ? &parent->reduces[k] : &parent->maps[k]);
      if (a) {
        bytes[k] = engine_output_bytes(a);
        memcpy(replicas + (size_t)k * (size_t)r, a->targets, (size_t)r * sizeof *replicas);
      }
    }
    hdfs_file *input = hdfs_file_concat(n, bytes, replicas, r, j->input->block_size);
    xbt_assert(input->size == d->input && input->n_blocks == j->input->n_blocks,
               "job %s: its parent %s wrote %lld bytes, %lld expected", d->name, parent->desc->name,
               (long long)input->size, (long long)d->input);
    hdfs_file_free(j->input);
    j->input = input;
    free(bytes);
    free(replicas);
  }
  j->held = 0;
  engine_index_maps(e, j);
  engine_work_appeared(e);
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
    log_replicas(e->platform, f->replicas, replication, what);
  }
  for (int k = 0; k < replication; k++) {
    tracker *to = &e->trackers[a->targets[k] = hdfs_replica(f, 0, k)];
    if (k > 0)
      st[s++] = (stage){.kind = STAGE_NET,
                        .host = e->trackers[a->targets[k - 1]].host,
                        .flow = ACT_HDFS_WRITE,
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

static void job_unmake(engine *e, job *j);

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
    tr->key = engine_hash((const uint64_t[]){DRAW_PHASE, name_hash(p->workers[i].name)}, 2);
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
  e->input_blocks = xcalloc((size_t)p->n_workers, sizeof *e->input_blocks);
  e->n_jobs = w->n_jobs;
  e->jobs = xcalloc((size_t)w->n_jobs, sizeof *e->jobs);
  int faults = lost_configured(e); /* the losses walk every job's tasks (lost.c): all made now */
  for (int i = 0; i < w->n_jobs; i++) {
    job *j = &e->jobs[i];
    int keep = faults || w->jobs[i].from; /* else made again as it is submitted; a redistribution runs from then */
    j->index = i;
    if (job_init(e, j, &w->jobs[i], keep, err, errlen)) {
      engine_free(e);
      return NULL;
    }
    e->tasks_total += j->n_maps + j->n_reduces;
    if (!keep)
      job_unmake(e, j);
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

/* Frees what job_make made of J, which it may make again (engine_job_make). */
static void job_unmake(engine *e, job *j)
{
  const platform *p = e->platform;
  if (!j->made)
    return;
  j->made = 0;
  indicators_view_free(j->view, j->n_reduces);
  j->view = NULL;
  hdfs_file_free(j->input);
  j->input = NULL;
  free(j->splits);
  j->splits = NULL;
  for (int k = 0; j->parts && k < j->n_parts + 1; k++) {
    free(j->parts[k][0]);
    free(j->parts[k][1]);
  }
  free(j->parts);
  j->parts = NULL;
  free(j->split_sizes);
  j->split_sizes = NULL;
  free(j->part_input);
  j->part_input = NULL;
  for (int t = 0; t < j->n_maps + j->n_reduces; t++) {
    task *tk = t < j->n_maps ? &j->maps[t] : &j->reduces[t - j->n_maps];
    prefetch_free(tk->prefetch);
    for (int k = 0; k < tk->n_attempts; k++) {
      free(tk->attempts[k]->group_end);
      free(tk->attempts[k]->group_bytes);
      free(tk->attempts[k]->chunk_bytes);
      free(tk->attempts[k]->chunk_group);
      free(tk->attempts[k]->chunk_end);
      free(tk->attempts[k]->targets);
      free(tk->attempts[k]);
    }
    free(tk->attempts);
  }
  free(j->tracker_failures);
  j->tracker_failures = NULL;
  free(j->reruns);
  j->reruns = NULL;
  free(j->maps);
  j->maps = NULL;
  free(j->reduces);
  j->reduces = NULL;
  free(j->finished_maps);
  j->finished_maps = NULL;
  free(j->next_event);
  j->next_event = NULL;
  free(j->last_event);
  j->last_event = NULL;
  free(j->block_time);
  j->block_time = NULL;
  free(j->block_count);
  j->block_count = NULL;
  for (int h = 0; j->maps_on_holder && h < j->n_holders; h++)
    free(j->maps_on_holder[h]);
  if (j->maps_in_rack)
    for (int r = 0; r < p->n_racks; r++)
      free(j->maps_in_rack[r]);
  free(j->holder);
  free(j->maps_on_holder);
  free(j->n_on_holder);
  free(j->cur_holder);
  free(j->maps_in_rack);
  free(j->n_in_rack);
  free(j->cur_rack);
  j->holder = NULL;
  j->maps_on_holder = NULL;
  j->n_on_holder = j->cur_holder = NULL;
  j->maps_in_rack = NULL;
  j->n_in_rack = j->cur_rack = NULL;
  j->n_holders = j->n_parts = j->foreign_hosts = 0;
  j->held = 0;
}

void engine_retire_job(engine *e, job *j)
{
  job_unmake(e, j);
  j->retired = 1;
}

static void job_free(engine *e, job *j)
{
  job_unmake(e, j);
  free(j->moves);
  free(j->children);
  if (j->mutex)
    sg_mutex_destroy(j->mutex);
}

void engine_free(engine *e)
{
  if (!e)
    return;
  for (int i = 0; i < e->n_jobs; i++)
    job_free(e, &e->jobs[i]);
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
  free(e->jobs);
  free(e->queue);
  free(e->by_submit);
  free(e->samples);
  utilisation_free(e);
  yarn_free(e);
  free(e);
  the_engine = NULL;
}
