/* jobs.c - a job's tasks: made at its submission, freed once it is retired.
 *
 * Making a job does everything that happens before Hadoop's clock starts
 * for it: its input files are placed in HDFS (one file, or `files` of them,
 * each cut into its own blocks; for a job with `redistribute`, where its
 * placement puts them, which is the target, and where they were first,
 * with the block moves from one to the other planned for balancer.c), it
 * gets one map per block, its reduces, and the time its splits are known
 * (one NameNode RPC a file after its submit), and every map's output per
 * partition is fixed (whole bytes, split by largest remainders, so that
 * bytes add up exactly from map input to reduce output): one table of
 * partitions a split size, or the key data's records, so that a job keeps
 * no table of maps times reducers.  Each job is made at setup (engine.c),
 * so that a workload that cannot run is refused then; unless the run has
 * faults (lost.c walks every job's tasks) or the job's input is
 * redistributed, its tasks and input are freed again and made anew, the
 * same (its draws are its own), as it joins the queue (engine_queue), so
 * that memory grows with the jobs in flight.  A job that waits for others
 * (a workflow) is held until its last parent ends (engine_submit); if it
 * reads a parent's output, its blocks are known in size at setup and
 * placed then, where the parent's tasks wrote them.
 *
 * Every actor reads these tables, and none is called from here: this
 * module sits just above the shared state (state.h). */
#include "jobs.h"

#include "alloc.h"

#include <simgrid/mutex.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_hdfs, mrlab,
                                "HDFS as the engine sets it up: where each input block's and each output's replicas are");

void engine_log_replicas(const platform *p, const int *replicas, int replication, const char *what)
{
  char names[1024] = "";
  size_t used = 0;
  for (int r = 0; r < replication && used < sizeof names; r++)
    used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", r ? ", " : "", p->workers[replicas[r]].name);
  XBT_INFO("%s: replicas on %s", what, names);
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
    engine_log_replicas(p, j->input->replicas + (size_t)m * (size_t)j->input->replication, j->input->replication, what);
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

int engine_job_init(engine *e, job *j, const job_desc *d, int index, char *err, size_t errlen)
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

/* Frees P, a map's prefetch (prefetch.c made it). */
static void prefetch_free(prefetch *p)
{
  if (!p)
    return;
  sg_sem_destroy(p->loaded);
  free(p);
}

void engine_job_unmake(engine *e, job *j)
{
  const platform *p = e->platform;
  if (!j->made)
    return;
  j->made = 0;
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
  engine_job_unmake(e, j);
  j->retired = 1;
}

void engine_job_free(engine *e, job *j)
{
  engine_job_unmake(e, j);
  free(j->moves);
  free(j->children);
  if (j->mutex)
    sg_mutex_destroy(j->mutex);
}
