/* maptask.c - a map attempt: read its split, map, spill, merge.
 *
 * The split streams from a replica's disk (and over the network when the
 * replica is elsewhere) into the map function, after the file is opened
 * when the input is `files` (an RPC to the NameNode, a disk seek), or from
 * memory when PSP prefetched it (prefetch.h).  Map output fills the sort
 * buffer (io.sort.mb x spill.percent); each full buffer is handed to the
 * spill thread, which sorts it, runs the combiner, compresses and writes
 * it, while the map function goes on; the last spill follows the end of
 * the map function.  With more than one spill, the spills are merged into
 * one output file, in passes of io.sort.factor segments, reading them from
 * the page cache while it still holds them (tracker.cache).
 *
 * In push mode (push.h) the buffer spills at mrlab.shuffle.push.threshold
 * instead of spill.percent, and each spill, once written, goes to the
 * attempt's stage 2 (push.c), which pushes it to the running reducers;
 * once stage 2 has sent the last spill, the merge takes only the pieces no
 * reducer took.
 *
 * A map of a map-only job (no reducers) has no sort buffer: as Hadoop's
 * direct output collector does, the map function's output streams straight
 * down the HDFS replica pipeline (engine_output_stages), in the same pipe as
 * the read and the map function. */
#include "maptask.h"

#include "alloc.h"
#include "dfsclient.h"
#include "disks.h"
#include "failures.h"
#include "jobs.h"
#include "pipe.h"
#include "prefetch.h"
#include "push.h"

#include <simgrid/actor.h>
#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>
#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_map, mrlab, "map attempts: where they read, each spill, the merge");

typedef struct {
  attempt *a;
  const conf *conf;
  sg_host_t host;
  sg_disk_t disk;       /* local disk for spills and output */
  int64_t split, chunk; /* input bytes, pipe chunk */
  int read_batch;       /* chunks its split is read in at once (pipe.h's batch) */
  int64_t offset;       /* bytes of the split read before the current read (a lost replica's, lost.h) */
  int64_t output;       /* map output bytes, before the combiner */
  int64_t spill_size;   /* map output bytes per full buffer */
  int n_spills, queued; /* spills in all, spills handed to the spill thread */
  sg_sem_t ready, spilled;
  double spill_end;
  int64_t spill_cache_start; /* the tracker's cache_written before the first spill */
  push_feed *push;           /* push mode: the attempt's stage 2, NULL in pull mode */
} map_state;

/* The bytes of map output in spill K. */
static int64_t spill_bytes(const map_state *m, int k)
{
  return k < m->n_spills - 1 ? m->spill_size : m->output - (int64_t)(m->n_spills - 1) * m->spill_size;
}

/* Called as the map function ends each chunk: progress, and full buffers to the spill thread. */
static void map_chunk_done(void *arg, int c)
{
  map_state *m = arg;
  int64_t consumed = fmin((double)m->offset + (double)(c + 1) * (double)m->chunk, (double)m->split);
  m->a->progress = (double)consumed / (double)m->split;
  failures_reached(m->a, m->a->progress, 1);
  int64_t produced = llround(m->a->task->job->desc->map_selectivity * (double)consumed);
  while (m->queued < m->n_spills - 1 && produced >= (int64_t)(m->queued + 1) * m->spill_size) {
    m->queued++;
    sg_sem_release(m->ready);
  }
}

/* Actor: the spill thread of one map attempt: sort, combine, compress and write each full buffer. */
static void spill_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  map_state *m = sg_actor_self_get_data();
  const job_desc *d = m->a->task->job->desc;
  int compress = conf_get(m->conf, CONF_COMPRESS) != 0;
  double cost = conf_get(m->conf, CONF_SORT_COST) + (d->combiner < 1 ? d->combiner_cost : 0) +
                (compress ? conf_get(m->conf, CONF_COMPRESS_COST) * d->combiner : 0);
  double scale = d->combiner * (compress ? conf_get(m->conf, CONF_COMPRESS_RATIO) : 1);
  tracker *tr = &the_engine->trackers[m->a->worker];
  m->spill_cache_start = tr->cache_written;
  for (int k = 0; k < m->n_spills; k++) {
    sg_sem_acquire(m->ready);
    stage st[2] = {{.kind = STAGE_CPU, .host = m->host, .flops_per_byte = cost, .scale = 1},
                   {.kind = STAGE_WRITE, .host = m->host, .disk = m->disk, .scale = scale}};
    pipe_spec spec = {.total = spill_bytes(m, k),
                      .chunk = m->chunk,
                      .depth = (int)conf_get(m->conf, CONF_PIPELINE_DEPTH),
                      .cancel = &m->a->cancel,
                      .busy = m->a->busy[PHASE_SPILL],
                      .flops = &m->a->flops};
    st[1].count2 = &tr->disk_written;
    pipe_run(st, 2, &spec);
    XBT_INFO("%s m%06d attempt %d: spill %d of %d: %lld bytes of map output sorted, %lld bytes written", d->name,
             m->a->task->index, m->a->number, k, m->n_spills, (long long)spill_bytes(m, k),
             llround(scale * (double)spill_bytes(m, k)));
    tr->cache_written += llround(scale * (double)spill_bytes(m, k));
    if (m->push)
      sg_sem_release(m->push->written);
  }
  m->spill_end = simgrid_get_clock();
  sg_sem_release(m->spilled);
}

/* The replica map M reads its split from next, as Hadoop's DFSInputStream
 * chooses one: the closest of the block's locations (the NameNode's: no
 * datanode it holds dead) not in the N_TRIED workers TRIED; one on a
 * worker that is down answers nothing for dfs.client.socket-timeout, one
 * whose DataNode alone is down (a disk failed) refuses at once, and either
 * joins TRIED.  Returns the worker, or -1 when no location is left: the
 * attempt fails, a missing block (Hadoop's BlockMissingException; its
 * three refetches of the locations, seconds apart, are left out). */
static int replica_open(engine *e, map_state *m, int *tried, int *n_tried)
{
  attempt *a = m->a;
  const task *t = a->task;
  for (;;) {
    int src = engine_closest_replica(e, t, a->worker, tried, *n_tried);
    if (src < 0) {
      XBT_INFO("%s m%06d attempt %d fails: no replica of its split answers (a missing block)", t->job->desc->name,
               t->index, a->number);
      a->cause = CAUSE_MISSING_BLOCK;
      a->cancel = 1;
      return -1;
    }
    if (!e->trackers[src].dn_down)
      return src;
    tried[(*n_tried)++] = src;
    if (!e->trackers[src].lost) { /* its host is up: the connection is refused at once */
      XBT_INFO("%s m%06d attempt %d: the DataNode on %s refuses the connection (it shut down after a disk failed)",
               t->job->desc->name, t->index, a->number, e->platform->workers[src].name);
      continue;
    }
    XBT_INFO("%s m%06d attempt %d: the replica on %s does not answer for %s", t->job->desc->name, t->index, a->number,
             e->platform->workers[src].name, conf_name(CONF_CLIENT_TIMEOUT));
    activities_sleep_for(conf_get(m->conf, CONF_CLIENT_TIMEOUT));
  }
}

/* Reads the split into the map function; the spill thread runs alongside.
 * A split that PSP prefetched into memory (prefetch.h) is waited for, then
 * mapped from memory, which it leaves once mapped; any other is opened
 * (`files` inputs) and streamed from a replica's disk.  In a map-only job
 * the map function's output streams on down the HDFS replica pipeline.
 * When the worker it reads from is lost (lost.h), the HDFS client waits
 * out dfs.client.socket-timeout and reads the rest from the next closest
 * replica (replica_open), at once when only the DataNode went down;
 * when none is left, the attempt fails (a missing block). */
static void read_and_map(engine *e, map_state *m)
{
  attempt *a = m->a;
  task *t = a->task;
  const job_desc *d = t->job->desc;
  int *tried = xmalloc((size_t)t->job->input->replication * sizeof *tried), n_tried = 0;
  int src = -1, direct = !t->job->n_reduces && m->output > 0;
  tracker *here = &e->trackers[a->worker];
  int n_out = direct ? 2 * engine_output_replication(t->job) : 0;
  stage *st = xmalloc((size_t)(3 + n_out) * sizeof *st), *out = xmalloc((size_t)(n_out + 1) * sizeof *out);
  stage map = {.kind = STAGE_CPU, .host = m->host, .flops_per_byte = d->map_cost, .scale = 1};
  a->read_from = -1;
  if ((a->prefetch = prefetch_take(a))) {
    a->phase_end[PHASE_READ] = simgrid_get_clock();
    map.count = &a->phase_bytes[PHASE_READ];
    XBT_INFO("%s m%06d attempt %d maps its split of %lld bytes from memory: PSP prefetched it", d->name, t->index,
             a->number, (long long)m->split);
  } else {
    src = replica_open(e, m, tried, &n_tried);
  }
  if (direct)
    n_out = engine_output_stages(a, m->output, (double)m->output / (double)m->split, out);
  for (int64_t done = 0; done < m->split && !a->cancel;) {
    int n = 0;
    if (src >= 0) {
      XBT_INFO("%s m%06d attempt %d reads %s of %lld bytes from the replica on %s%s", d->name, t->index, a->number,
               done ? "the rest of its split" : "its split", (long long)(m->split - done),
               e->platform->workers[src].name,
               src == a->worker                                                         ? ", its own disk"
               : e->platform->workers[src].rack == e->platform->workers[a->worker].rack ? ", in its rack"
                                                                                        : ", in another rack");
      n = engine_split_stages(t, src, a->worker, &a->phase_bytes[PHASE_READ], st);
      for (int k = 0; k < n; k++)
        st[k].batch = m->read_batch;
      a->read_from = src;
    }
    int cpu = n;
    st[n++] = map;
    for (int k = 0; k < n_out; k++)
      st[n++] = out[k];
    m->offset = done;
    pipe_spec spec = {.total = m->split - done,
                      .chunk = m->chunk,
                      .depth = (int)conf_get(m->conf, CONF_PIPELINE_DEPTH),
                      .cancel = &a->cancel,
                      .gone = src >= 0 ? &e->trackers[src].dn_down : NULL,
                      .on_chunk = map_chunk_done,
                      .arg = m,
                      .timed = &st[cpu],
                      .busy = a->busy[PHASE_READ],
                      .flops = &a->flops};
    done += (int64_t)pipe_run(st, n, &spec) * m->chunk;
    if (src < 0)
      a->phase_end[PHASE_READ] = a->phase_end[PHASE_READ] > 0 ? a->phase_end[PHASE_READ] : simgrid_get_clock();
    else
      a->phase_end[PHASE_READ] = st[cpu - 1].end;
    a->phase_end[PHASE_MAP] = st[cpu].end;
    a->write_end = st[n - 1].end;
    if (done >= m->split || a->cancel)
      break;
    tried[n_tried++] = src;
    if (e->trackers[src].lost) {
      XBT_INFO("%s m%06d attempt %d: %s went down as it read the split; no answer for %s", d->name, t->index, a->number,
               e->platform->workers[src].name, conf_name(CONF_CLIENT_TIMEOUT));
      activities_sleep_for(conf_get(m->conf, CONF_CLIENT_TIMEOUT));
    } else {
      XBT_INFO("%s m%06d attempt %d: the DataNode on %s shut down as it read the split (a disk failed)", d->name,
               t->index, a->number, e->platform->workers[src].name);
    }
    src = replica_open(e, m, tried, &n_tried);
  }
  if (a->prefetch)
    here->cache += (double)m->split;
  free(tried);
  free(st);
  free(out);
}

/* Merges SPILLED bytes, spread evenly over the spills, into one file, in passes of io.sort.factor segments. */
static void merge_spills(map_state *m, int64_t spilled)
{
  int64_t moved = workload_merge_bytes(spilled, m->n_spills, (int)conf_get(m->conf, CONF_SORT_FACTOR));
  XBT_INFO("%s m%06d attempt %d merges its %d spills, %s %d at a time: %lld bytes merged, %lld of them in "
           "intermediate passes",
           m->a->task->job->desc->name, m->a->task->index, m->a->number, m->n_spills, conf_name(CONF_SORT_FACTOR),
           (int)conf_get(m->conf, CONF_SORT_FACTOR), (long long)moved, (long long)(moved - spilled));
  int compress = conf_get(m->conf, CONF_COMPRESS) != 0;
  double cost = conf_get(m->conf, CONF_MERGE_COST) +
                (compress ? conf_get(m->conf, CONF_COMPRESS_COST) + conf_get(m->conf, CONF_DECOMPRESS_COST) : 0);
  tracker *tr = &the_engine->trackers[m->a->worker];
  stage st[3];
  int n = 0;
  if ((double)(tr->cache_written - m->spill_cache_start) > tr->cache) /* the cache let the spills go */
    st[n++] = (stage){.kind = STAGE_READ, .host = m->host, .disk = m->disk, .scale = 1, .count2 = &tr->disk_read};
  st[n++] = (stage){.kind = STAGE_CPU, .host = m->host, .flops_per_byte = cost, .scale = 1};
  st[n++] = (stage){.kind = STAGE_WRITE, .host = m->host, .disk = m->disk, .scale = 1, .count2 = &tr->disk_written};
  pipe_spec spec = {.total = moved,
                    .chunk = m->chunk,
                    .depth = (int)conf_get(m->conf, CONF_PIPELINE_DEPTH),
                    .cancel = &m->a->cancel,
                    .busy = m->a->busy[PHASE_MERGE],
                    .flops = &m->a->flops};
  pipe_run(st, n, &spec);
}

/* Actor: one map attempt. */
void map_attempt_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  attempt *a = sg_actor_self_get_data();
  task *t = a->task;
  const job_desc *d = t->job->desc;
  map_state m = {.a = a, .conf = &d->conf, .host = e->trackers[a->worker].host};
  m.disk = a->disk = engine_disk(m.host, t->index);
  m.split = hdfs_block_bytes(t->job->input, t->block);
  m.chunk = (int64_t)conf_get(m.conf, CONF_CHUNK);
  m.output = workload_map_output(d, m.split);
  /* a map-only job's maps have no sort buffer: their output goes straight to HDFS (read_and_map) */
  int direct = !t->job->n_reduces, push = !direct && conf_get(m.conf, CONF_SHUFFLE_MODE) == CONF_SHUFFLE_PUSH;
  /* A map-only map that writes more than it reads streams in chunks of
   * output (pipe_chunk); its input is still read a chunk of input at once,
   * in batches. */
  if (direct && m.output > m.split) {
    int64_t input_chunk = m.chunk;
    m.chunk = pipe_chunk(m.chunk, m.split, m.output);
    m.read_batch = (int)((input_chunk + m.chunk - 1) / m.chunk);
  }
  m.spill_size = workload_spill_buffer(d);
  m.n_spills = direct ? 0 : m.output > m.spill_size ? (int)((m.output + m.spill_size - 1) / m.spill_size) : 1;
  m.ready = sg_sem_init(0);
  m.spilled = sg_sem_init(0);
  push_feed feed = {.a = a, .n_spills = m.n_spills, .output = m.output, .spill_size = m.spill_size};

  activities_sleep_for(conf_get(m.conf, CONF_TASK_STARTUP));
  if (push) {
    m.push = &feed;
    feed.written = sg_sem_init(0);
    feed.done = sg_sem_init(0);
    sg_actor_t pusher = sg_actor_init("push", m.host);
    sg_actor_set_data(pusher, &feed);
    sg_actor_start(pusher, push_actor, 0, NULL);
  }
  if (!direct) {
    sg_actor_t spiller = sg_actor_init("spill", m.host);
    sg_actor_set_data(spiller, &m);
    sg_actor_start(spiller, spill_actor, 0, NULL);
  }
  read_and_map(e, &m);
  while (m.queued < m.n_spills) { /* the last spill, or every one left if cancelled */
    m.queued++;
    sg_sem_release(m.ready);
  }
  if (!direct)
    sg_sem_acquire(m.spilled);
  a->phase_end[PHASE_SPILL] = direct ? a->phase_end[PHASE_MAP] : m.spill_end;

  int64_t spilled = 0, combined = 0;
  for (int p = 0; p < t->job->n_reduces; p++) {
    spilled += engine_part_wire(t, p);
    combined += engine_part_bytes(t, p);
  }
  if (push) { /* the last spill's pushes; then only the pieces no reducer took are merged */
    sg_sem_acquire(feed.done);
    sg_sem_destroy(feed.written);
    sg_sem_destroy(feed.done);
  }
  int64_t to_merge = push ? feed.unpushed : spilled;
  if (m.n_spills > 1 && to_merge > 0 && !a->cancel)
    merge_spills(&m, to_merge);
  a->phase_end[PHASE_MERGE] = direct ? a->phase_end[PHASE_MAP] : simgrid_get_clock();
  tracker *tr = &e->trackers[a->worker];
  a->cache_start = tr->cache_written;
  tr->cache_written += spilled;

  a->phase_records[PHASE_READ] = llround((double)m.split / d->record_size);
  a->phase_bytes[PHASE_MAP] = m.output;
  a->phase_records[PHASE_MAP] = llround((double)m.output / d->map_record_size);
  a->phase_bytes[PHASE_SPILL] = a->phase_bytes[PHASE_MERGE] = spilled;
  a->phase_records[PHASE_SPILL] = a->phase_records[PHASE_MERGE] = llround((double)combined / d->map_record_size);
  a->status = failures_outcome(a);
  if (!a->cancel)
    a->progress = 1;
  sg_sem_destroy(m.ready);
  sg_sem_destroy(m.spilled);
  the_engine->up.attempt_ended(a);
}
