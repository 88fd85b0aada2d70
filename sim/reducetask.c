/* reducetask.c - a reduce attempt: shuffle, merge, reduce, write.
 *
 * Shuffle: `parallelcopies` fetchers share the attempt.  As Hadoop 2's
 * Fetcher does, one fetch takes every finished map output waiting on one
 * host (up to 20), so fetches number about reducers x hosts; a fetcher
 * takes one of the hosts with outputs waiting at random, as its
 * ShuffleSchedulerImpl does, so that the reducers do not all go to the
 * host whose map ended first.  At 1,000
 * nodes that is millions of flows all coupled through the uplinks, which
 * SimGrid's max-min solver cannot share fast enough, so
 * mrlab.shuffle.by.rack coarsens the source: a fetch then takes every output
 * waiting in one rack (up to 20 per host), sent by the rack's shuffle
 * gateway, whose link has the summed bandwidth of the rack's NICs
 * (topology.h).  The reducer's NIC, the uplinks and the core still share
 * every flow; what is lost is contention at each sending NIC.  A fetch
 * streams from the map host's page cache, or for outputs the cache has let
 * go (see tracker.cache) from the disk each was written to, all of a
 * fetch's disks at once, over the network into the reducer's memory
 * (decompressed) when the shuffle buffer has room and the segment is under
 * the single-segment limit, else onto its disk.  Memory is merged to disk
 * at merge.percent or inmem.threshold segments; disk files are merged
 * io.sort.factor at a time once there are 2 x factor - 1.
 * Sort: what remains in memory goes to disk if disk files exist, and
 * intermediate passes bring the disk files down to io.sort.factor.
 * Reduce: the final merge streams into the reduce function, key group by
 * key group for the heaviest groups and in batches for the rest, and the
 * output streams down the HDFS replica pipeline.
 * mrlab.shuffle.flows=K (0: off) is a speed approximation: at most K of
 * an attempt's fetches of one chunk or less are on the wire at once, the
 * other fetchers holding their hosts until a place frees.  The flows in
 * flight, whose number every SimGrid event costs, then number K, not
 * parallelcopies, a reducer; a fetch of several chunks, a stream whose
 * parallel copies keep disks and NICs busy, takes no place.
 * Push mode (push.h): while it shuffles, the attempt also takes pieces
 * that maps push to it; each lands in memory or on disk by the same rules
 * as a fetched segment, and counts toward the merge thresholds.  A map's
 * fetch then takes only what the attempt did not count from its pushes.
 * Memory: an attempt keeps a cursor into its job's map completion events
 * and, per source, where its pending outputs start on that source's chain
 * of events, so that it grows with the sources and its fetches in flight,
 * not with the job's maps (collect_finished); only after a map runs again
 * or an output cannot be fetched, and in push mode, does it keep a byte and
 * a pointer a map. */
#include "reducetask.h"

#include "alloc.h"
#include "coarse.h"
#include "condwait.h"
#include "dfsclient.h"
#include "failures.h"
#include "jobs.h"
#include "lost.h"
#include "pipe.h"

#include <gsl/gsl_randist.h>
#include <simgrid/actor.h>
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mutex.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_reduce, mrlab,
                                "reduce attempts: each fetch, the merges in memory and on disk, the final merge");

#define MAX_MAPS_PER_FETCH 20 /* ShuffleSchedulerImpl.MAX_MAPS_AT_ONCE */

/* The map outputs announced on one source and not yet taken by a fetcher,
 * each with the attempt that wrote it: when a map runs again (lost.h), an
 * entry of the old attempt is dropped as it is met. */
typedef struct {
  int *map;
  const attempt **out;
  int first, n, cap;
} pending;

typedef struct reduce_state {
  attempt *a;
  engine *e;
  job *j;
  const job_desc *d;
  const conf *conf;
  int p; /* the partition */
  sg_host_t host;
  sg_disk_t disk;
  int64_t chunk;
  int depth;
  /* shuffle bookkeeping, per source: a worker, or a rack with mrlab.shuffle.by.rack */
  int by_rack, per_fetch;     /* per_fetch: most map outputs one fetch takes */
  int cursor;                 /* next entry of j->finished_maps to look at */
  int *head, *n_pend;         /* per source: its first event not yet taken, and how many up to the cursor */
  pending *pend;              /* explicit: per source, the map outputs announced there and not yet fetched */
  int *busy;                  /* per source: a fetcher is on it */
  int *queue, q_head, q_tail; /* sources with pending maps and no fetcher */
  int q_cap;
  gsl_rng *rng;               /* which of them a fetcher takes (the attempt's own draws) */
  int assigned, fetched;      /* maps given to fetchers (less those whose fetch failed), maps fetched */
  int n_fetchers, started;    /* fetchers, and those that took their index in TAKEN so far */
  int **taken, *n_taken;      /* per fetcher: the maps it took and has not fetched yet */
  int explicit;               /* the per-map state below is kept (push mode, or since an irregular event) */
  char *have;                 /* explicit, per map: its output is here (fetched, or pushed whole) */
  const attempt **queued;     /* explicit, per map: the attempt whose output is pending here, NULL if none */
  int *host_failures;         /* per source: fetches from it that failed (the penalty grows with them) */
  double buffer, single_limit, merge_at;
  double mem_used; /* bytes in memory, decompressed */
  int mem_segments, mem_merging, disk_merging;
  int disk_files;
  int64_t disk_bytes; /* bytes in disk files, as stored */
  sg_sem_t fetchers_done;
  sg_sem_t wire; /* mrlab.shuffle.flows: a place per fetch on the network at once; NULL: one per fetcher */
  int64_t *rest; /* push mode, per map: the bytes (as stored) to fetch */
  /* push mode (push.h), per map: the attempt whose pushes it takes (NULL: none yet), the bytes they
   * brought, and whether the map's output was announced (no more pushes then) */
  int open, in_flight; /* taking pushes; pushes under way */
  const attempt **owner;
  int64_t *got;
  char *closed;
  sg_cond_t drained; /* with the job's mutex: notified when in_flight falls to 0 */
  /* reduce */
  int64_t input, reduced;
} reduce_state;

/* Puts source W on the queue of sources with pending maps and no fetcher. */
static void enqueue(reduce_state *r, int w)
{
  if (r->q_tail == r->q_cap) {
    int n = r->q_tail - r->q_head;
    for (int k = 0; k < n; k++) /* reclaim the queue's consumed head first */
      r->queue[k] = r->queue[r->q_head + k];
    r->q_head = 0, r->q_tail = n;
    if (n == r->q_cap)
      r->queue = xrealloc(r->queue, (size_t)(r->q_cap *= 2) * sizeof *r->queue);
  }
  r->queue[r->q_tail++] = w;
}

/* The source of outputs on worker W: W, or its rack with mrlab.shuffle.by.rack. */
static int source(const reduce_state *r, int w)
{
  return engine_fetch_source(r->j, w);
}

/* Appends map M's output, written by OUT, to source W's explicit pending list. */
static void append(reduce_state *r, int w, int m, const attempt *out)
{
  pending *q = &r->pend[w];
  if (q->n == q->cap) {
    q->cap = q->cap ? 2 * q->cap : 8;
    q->map = xrealloc(q->map, (size_t)q->cap * sizeof *q->map);
    q->out = xrealloc(q->out, (size_t)q->cap * sizeof *q->out);
  }
  q->map[q->n] = m;
  q->out[q->n++] = out;
  r->queued[m] = out;
}

/* Adds map M's output, written by OUT, to source W's pending list. */
static void pend(reduce_state *r, int w, int m, const attempt *out)
{
  append(r, w, m, out);
  if (r->pend[w].n - r->pend[w].first == 1 && !r->busy[w])
    enqueue(r, w);
}

/* Turns the compact state into the explicit one, the same state told map
 * by map: every map announced before the cursor is here, unless it waits
 * on a source's chain of events or a fetcher holds it. */
static void make_explicit(reduce_state *r)
{
  const job *j = r->j;
  int n_src = engine_fetch_sources(j);
  r->have = xcalloc((size_t)j->n_maps, 1);
  r->queued = xcalloc((size_t)j->n_maps, sizeof *r->queued);
  r->pend = xcalloc((size_t)n_src, sizeof *r->pend);
  for (int i = 0; i < r->cursor; i++)
    r->have[j->finished_maps[i]->task->index] = 1;
  for (int f = 0; f < r->n_fetchers; f++)
    for (int k = 0; k < r->n_taken[f]; k++)
      r->have[r->taken[f][k]] = 0;
  for (int w = 0; w < n_src; w++)
    for (int k = 0, i = r->head[w]; k < r->n_pend[w]; k++, i = j->next_event[i]) {
      const attempt *out = j->finished_maps[i];
      r->have[out->task->index] = 0;
      append(r, w, out->task->index, out);
    }
  r->explicit = 1;
}

/* Whether source W has an entry whose output can still be fetched; drops the stale ones before it. */
static int pending_live(reduce_state *r, int w)
{
  if (!r->explicit) {
    if (r->n_pend[w] == 0)
      return 0;
    const task *t = r->j->finished_maps[r->head[w]]->task;
    if (t->output == r->j->finished_maps[r->head[w]] && !lost_output_gone(r->e, t))
      return 1;
    make_explicit(r); /* a stale entry, or one that cannot be fetched */
  }
  pending *q = &r->pend[w];
  for (; q->first < q->n; q->first++) {
    int m = q->map[q->first];
    if (r->j->maps[m].output == q->out[q->first])
      return 1;
    if (r->queued[m] == q->out[q->first])
      r->queued[m] = NULL;
  }
  q->first = q->n = 0;
  return 0;
}

/* Takes the next entry of source W, whose pending_live said it is live: its map. */
static int take(reduce_state *r, int w)
{
  if (r->explicit) {
    pending *q = &r->pend[w];
    r->queued[q->map[q->first]] = NULL;
    return q->map[q->first++];
  }
  int i = r->head[w];
  r->head[w] = r->j->next_event[i];
  r->n_pend[w]--;
  return r->j->finished_maps[i]->task->index;
}

/* Whether source W has entries left, stale ones included. */
static int pending_any(const reduce_state *r, int w)
{
  return r->explicit ? r->pend[w].first < r->pend[w].n : r->n_pend[w] > 0;
}

/* The bytes of map M's output (as stored) this attempt fetches. */
static int64_t to_fetch(const reduce_state *r, int m)
{
  return r->rest ? r->rest[m] : engine_part_wire(&r->j->maps[m], r->p);
}

/* Moves maps finished since the last look into the per-source pending
 * lists.  Each reducer keeps a cursor into its job's map completion events,
 * as Hadoop's reducers poll getMapCompletionEvents: while every event it
 * meets is a map's first, whose output stands (the compact state), a
 * source's pending outputs are a run of its chain of events (next_event)
 * and the attempt keeps no state per map; a map run again, an output that
 * cannot be fetched or push mode makes the state explicit, map by map. */
static void collect_finished(reduce_state *r)
{
  job *j = r->j;
  for (; r->cursor < j->n_finished_maps; r->cursor++) {
    const attempt *ev = j->finished_maps[r->cursor];
    int m = ev->task->index;
    const task *t = &j->maps[m];
    if (!r->explicit && (t->output != ev || t->announced != r->cursor + 1))
      make_explicit(r);
    if (!r->explicit) {
      int w = source(r, ev->worker);
      r->a->needed = ev;
      if (r->n_pend[w]++ == 0)
        r->head[w] = r->cursor;
      if (r->n_pend[w] == 1 && !r->busy[w])
        enqueue(r, w);
      continue;
    }
    if (r->have[m] || !t->output || r->queued[m] == t->output) /* fetched, lost again since, or pending already */
      continue;
    int w = source(r, t->out_worker);
    if (r->owner) { /* count what its attempt pushed if that attempt succeeded (push.h) */
      r->rest[m] = engine_part_wire(t, r->p);
      r->closed[m] = 1;
      if (r->owner[m] && r->owner[m]->status == STATUS_SUCCEEDED) {
        r->rest[m] -= r->got[m];
        r->a->pushed_bytes += r->got[m];
      }
      if (r->rest[m] == 0) { /* all pushed: nothing to fetch */
        r->a->needed = t->output;
        r->have[m] = 1;
        r->assigned++;
        r->fetched++;
        continue;
      }
    }
    r->a->needed = t->output; /* announced in order: the latest so far */
    pend(r, w, m, t->output);
  }
}

/* Writes BYTES of merged data to the local disk after MERGE_COST flops a byte,
 * reading them from the disk first when FROM_DISK. */
static void merge_to_disk(reduce_state *r, int64_t bytes, int from_disk, double scale)
{
  tracker *tr = &r->e->trackers[r->a->worker];
  r->a->merged_bytes += bytes;
  int compress = conf_get(r->conf, CONF_COMPRESS) != 0;
  double cost = conf_get(r->conf, CONF_MERGE_COST) + (compress ? conf_get(r->conf, CONF_COMPRESS_COST) : 0) +
                (compress && from_disk ? conf_get(r->conf, CONF_DECOMPRESS_COST) : 0);
  stage st[3];
  int n = 0;
  if (from_disk)
    st[n++] = (stage){.kind = STAGE_READ, .host = r->host, .disk = r->disk, .scale = 1, .count2 = &tr->disk_read};
  st[n++] = (stage){.kind = STAGE_CPU, .host = r->host, .flops_per_byte = cost, .scale = 1};
  st[n++] = (stage){.kind = STAGE_WRITE, .host = r->host, .disk = r->disk, .scale = scale, .count2 = &tr->disk_written};
  pipe_spec spec = {.total = bytes,
                    .chunk = r->chunk,
                    .depth = r->depth,
                    .cancel = &r->a->cancel,
                    .busy = r->a->busy[r->a->phase_end[PHASE_SHUFFLE] > 0 ? PHASE_SORT : PHASE_SHUFFLE],
                    .flops = &r->a->flops};
  pipe_run(st, n, &spec);
}

/* Merges memory to disk, or disk files together, when Hadoop's thresholds say so. */
static void maybe_merge(reduce_state *r)
{
  int compress = conf_get(r->conf, CONF_COMPRESS) != 0;
  double ratio = compress ? conf_get(r->conf, CONF_COMPRESS_RATIO) : 1;
  if (!r->mem_merging &&
      (r->mem_used >= r->merge_at || r->mem_segments >= (int)conf_get(r->conf, CONF_INMEM_THRESHOLD))) {
    int64_t bytes = llround(r->mem_used);
    r->mem_merging = 1;
    XBT_INFO("%s r%06d attempt %d merges %lld bytes of %d segments in memory to disk (%s): disk file %d", r->d->name,
             r->p, r->a->number, (long long)bytes, r->mem_segments,
             r->mem_used >= r->merge_at ? "the shuffle buffer's merge.percent is reached" : "inmem.merge.threshold",
             r->disk_files + 1);
    merge_to_disk(r, bytes, 0, ratio);
    r->mem_used -= (double)bytes;
    r->mem_segments = 0;
    r->disk_files++;
    r->disk_bytes += llround((double)bytes * ratio);
    r->mem_merging = 0;
  }
  int factor = (int)conf_get(r->conf, CONF_SORT_FACTOR);
  if (!r->disk_merging && r->disk_files >= 2 * factor - 1) {
    int64_t bytes = llround((double)r->disk_bytes * factor / r->disk_files);
    r->disk_merging = 1;
    XBT_INFO("%s r%06d attempt %d merges %d of its %d disk files on disk (%s %d): %lld bytes", r->d->name, r->p,
             r->a->number, factor, r->disk_files, conf_name(CONF_SORT_FACTOR), factor, (long long)bytes);
    merge_to_disk(r, bytes, 1, 1);
    r->disk_files -= factor - 1;
    r->disk_merging = 0;
  }
}

/* The bytes a reducer merges (decompressed) for WIRE of map M's stored bytes of partition P. */
static double segment_bytes(const task *m, int p, int64_t wire)
{
  int64_t whole = engine_part_wire(m, p);
  double bytes = (double)engine_part_bytes(m, p);
  return wire == whole ? bytes : bytes * (double)wire / (double)whole;
}

/* A pipe's on_chunk for shuffled bytes: the reduce attempt ARG's first byte has arrived. */
static void first_byte(void *arg, int c)
{
  (void)c;
  attempt *a = arg;
  if (a->first_byte < 0)
    a->first_byte = simgrid_get_clock();
}

/* Fetches the outputs of the N maps MAPS, all of source SRC, for partition P.
 * Each output the page cache has let go is read from the disk its map wrote
 * it to; outputs on several disks are read from all of them at once, one
 * stream per disk, feeding the one transfer.  Returns 0 when the worker it
 * fetches from is lost before the end (lost.h): nothing of it counts. */
/* Where the segments of one fetch (or coarse landing) go: counted as
 * place_segment decides. */
typedef struct {
  int64_t to_memory, to_disk; /* bytes on the wire */
  int in_memory;              /* segments */
  double decompressed;        /* bytes the segments in memory take there */
} landing;

/* Sends a segment of SEG bytes on the wire, BYTES once decompressed, to
 * the shuffle buffer if it is under the single-segment limit and fits
 * beside what the buffer holds and what L already put there, else to
 * disk; counts it in L. */
static void place_segment(const reduce_state *r, int64_t seg, double bytes, landing *l)
{
  if (bytes <= r->single_limit && r->mem_used + l->decompressed + bytes <= r->buffer) {
    l->to_memory += seg;
    l->in_memory++;
    l->decompressed += bytes;
  } else {
    l->to_disk += seg;
  }
}

/* Records that N map outputs reached the attempt, IN_MEMORY of them in its
 * shuffle buffer and TO_DISK bytes on its disk (one file), and merges if
 * that crossed a threshold. */
static void landed(reduce_state *r, int n, int in_memory, int64_t to_disk)
{
  r->fetched += n;
  r->mem_segments += in_memory;
  if (to_disk) {
    r->disk_files++;
    r->disk_bytes += to_disk;
  }
  r->a->progress = (double)r->fetched / r->j->n_maps / 3;
  maybe_merge(r);
}

static int fetch(reduce_state *r, int src, int f)
{
  const int *maps = r->taken[f];
  int n = r->n_taken[f];
  int64_t size = 0;
  for (int k = 0; k < n; k++)
    size += to_fetch(r, maps[k]);
  int placed = r->wire && size <= r->chunk; /* a stream of several chunks takes no place */
  if (placed) /* before anything is decided: the fetch starts when it has a place on the wire */
    sg_sem_acquire(r->wire);
  engine *e = r->e;
  tracker *here = &e->trackers[r->a->worker];
  int64_t wire = 0;
  int n_disks = 0;
  landing l = {0};
  sg_disk_t *disks = xmalloc((size_t)n * sizeof *disks);
  double *uncached = xmalloc((size_t)n * sizeof *uncached);
  int64_t **disk_read = xmalloc((size_t)n * sizeof *disk_read);
  for (int k = 0; k < n; k++) {
    const task *m = &r->j->maps[maps[k]];
    tracker *from = &e->trackers[m->out_worker];
    int64_t seg = to_fetch(r, maps[k]);
    double bytes = segment_bytes(m, r->p, seg);
    wire += seg;
    if ((double)(from->cache_written - m->cache_start) > from->cache) {
      int d = 0;
      while (d < n_disks && disks[d] != m->out_disk)
        d++;
      if (d == n_disks) {
        disks[n_disks] = m->out_disk;
        uncached[n_disks] = 0;
        disk_read[n_disks++] = &from->disk_read;
      }
      uncached[d] += (double)seg;
    }
    place_segment(r, seg, bytes, &l);
  }
  int64_t to_memory = l.to_memory, to_disk = l.to_disk;
  int in_memory = l.in_memory;
  r->mem_used += l.decompressed; /* reserved as the fetch starts, as MergeManager.reserve does */
  if (XBT_LOG_ISENABLED(mrlab_reduce, xbt_log_priority_info)) {
    char list[MAX_MAPS_PER_FETCH * 8 + 8] = "";
    size_t used = 0;
    for (int k = 0; k < n && used < sizeof list; k++)
      used += (size_t)snprintf(list + used, sizeof list - used, "%sm%06d", k ? " " : "", maps[k]);
    XBT_INFO("%s r%06d attempt %d fetches %d map output%s from %s: %lld bytes (%s), %d into memory, %d onto disk",
             r->d->name, r->p, r->a->number, n, n > 1 ? "s" : "",
             r->by_rack ? e->platform->racks[src].name : e->platform->workers[src].name, (long long)wire,
             n > MAX_MAPS_PER_FETCH ? "by rack" : list, in_memory, n - in_memory);
  }
  stage st[4];
  int s = 0;
  double mem_share = wire ? (double)to_memory / (double)wire : 0,
         disk_share = wire ? (double)to_disk / (double)wire : 0, read_share = 0;
  for (int d = 0; d < n_disks; d++) {
    uncached[d] /= (double)wire;
    read_share += uncached[d];
  }
  sg_host_t from = r->by_rack ? e->gateways[src] : e->trackers[r->j->maps[maps[0]].out_worker].host;
  if (n_disks)
    st[s++] = (stage){.kind = STAGE_READ,
                      .host = from,
                      .n_disks = n_disks,
                      .disks = disks,
                      .disk_scale = uncached,
                      .disk_count = disk_read,
                      .scale = read_share};
  int64_t moved = 0;
  st[s++] = (stage){.kind = STAGE_NET,
                    .host = from,
                    .flow = ACT_SHUFFLE,
                    .dst = here->host,
                    .scale = 1,
                    .count = &moved,
                    .count2 = r->by_rack ? NULL : &e->trackers[r->j->maps[maps[0]].out_worker].net_sent};
  if (conf_get(r->conf, CONF_COMPRESS) != 0 && to_memory)
    st[s++] = (stage){.kind = STAGE_CPU,
                      .host = r->host,
                      .flops_per_byte = conf_get(r->conf, CONF_DECOMPRESS_COST),
                      .scale = mem_share};
  if (to_disk)
    st[s++] = (stage){
        .kind = STAGE_WRITE, .host = r->host, .disk = r->disk, .scale = disk_share, .count2 = &here->disk_written};
  pipe_spec spec = {.total = wire,
                    .chunk = r->chunk,
                    .depth = r->depth,
                    .cancel = &r->a->cancel,
                    .gone = r->by_rack ? NULL : &e->trackers[r->j->maps[maps[0]].out_worker].lost,
                    .on_chunk = first_byte,
                    .arg = r->a,
                    .busy = r->a->busy[PHASE_SHUFFLE],
                    .flops = &r->a->flops};
  int done = pipe_run(st, s, &spec) == (wire + r->chunk - 1) / r->chunk;
  if (placed)
    sg_sem_release(r->wire);
  free(disks);
  free(uncached);
  free(disk_read);
  if (!done && !r->a->cancel) { /* its source was lost */
    r->mem_used -= l.decompressed;
    return 0;
  }
  r->a->phase_bytes[PHASE_SHUFFLE] += moved;
  for (int k = 0; r->explicit && k < n; k++)
    r->have[maps[k]] = 1;
  r->n_taken[f] = 0;
  if (done)
    lost_progress(e, wire);
  for (int k = 0; r->by_rack && done && k < n; k++) /* each sender's share of what the gateway sent */
    e->trackers[r->j->maps[maps[k]].out_worker].net_sent += to_fetch(r, maps[k]);
  landed(r, n, in_memory, to_disk);
  return 1;
}

int reduce_accept(attempt *ra, const attempt *map)
{
  reduce_state *r = ra->inbox;
  int m = map->task->index;
  if (!r || !r->open || r->closed[m] || ra->cancel)
    return 0;
  const attempt *o = r->owner[m];
  if (o && o != map) {
    if (!o->cancel && o->status != STATUS_KILLED)
      return 0;
    r->got[m] = 0; /* the attempt it took pushes from was killed: take this one's */
  }
  r->owner[m] = map;
  r->in_flight++;
  return 1;
}

void reduce_receive(attempt *ra, attempt *map, int64_t wire, sg_sem_t sent)
{
  reduce_state *r = ra->inbox; /* set until in_flight falls to 0 */
  const task *m = map->task;
  tracker *from = &r->e->trackers[map->worker], *here = &r->e->trackers[ra->worker];
  double bytes = segment_bytes(m, r->p, wire);
  int memory = bytes <= r->single_limit && r->mem_used + bytes <= r->buffer;
  if (memory)
    r->mem_used += bytes; /* reserved, as for a fetch */
  stage st[2];
  int s = 0;
  st[s++] = (stage){.kind = STAGE_NET,
                    .host = from->host,
                    .dst = r->host,
                    .flow = ACT_SHUFFLE,
                    .scale = 1,
                    .count2 = &from->net_sent};
  if (!memory)
    st[s++] = (stage){.kind = STAGE_WRITE, .host = r->host, .disk = r->disk, .scale = 1, .count2 = &here->disk_written};
  else if (conf_get(r->conf, CONF_COMPRESS) != 0)
    st[s++] = (stage){
        .kind = STAGE_CPU, .host = r->host, .flops_per_byte = conf_get(r->conf, CONF_DECOMPRESS_COST), .scale = 1};
  pipe_spec spec = {.total = wire,
                    .chunk = r->chunk,
                    .depth = r->depth,
                    .cancel = &map->cancel,
                    .on_chunk = first_byte,
                    .arg = ra,
                    .busy = ra->busy[PHASE_SHUFFLE],
                    .flops = &ra->flops};
  int done = pipe_run(st, s, &spec) == (wire + r->chunk - 1) / r->chunk;
  int counted = done && r->owner[m->index] == map && !r->closed[m->index];
  if (counted) {
    r->got[m->index] += wire;
    ra->pushes++;
    map->pushed_bytes += wire;
    map->pushes++;
    if (memory) {
      r->mem_segments++;
    } else {
      r->disk_files++;
      r->disk_bytes += wire;
    }
  } else if (memory) { /* dropped */
    r->mem_used -= bytes;
  }
  sg_sem_release(sent);
  if (counted)
    maybe_merge(r);
  sg_mutex_lock(r->j->mutex);
  if (--r->in_flight == 0)
    sg_cond_notify_all(r->drained);
  sg_mutex_unlock(r->j->mutex);
}

/* Waits (the job's mutex held) until DEADLINE or until the attempt is killed. */
static void wait_until(reduce_state *r, double deadline)
{
  while (!r->a->cancel && simgrid_get_clock() < deadline)
    condwait_for(r->a->wake, r->j->mutex, deadline - simgrid_get_clock());
}

#define PENALTY 10.0       /* ShuffleSchedulerImpl.INITIAL_PENALTY, s */
#define PENALTY_GROWTH 1.3 /* and PENALTY_GROWTH_RATE */

/* The N maps MAPS of source W could not be fetched: their workers are
 * lost, or their disks failed (lost_output_gone).  As Hadoop's fetcher,
 * after the connection's timeout (at once when the hosts are up: their
 * shuffle server answers that it cannot read the outputs) the reducer
 * reports each to the JobTracker, and tries the source again after a
 * penalty that grows with its failures; the maps wait there (unless they
 * run again meanwhile, lost.h).  Called and returns with the job's mutex
 * held. */
static void fetch_failed(reduce_state *r, int w, const int *maps, int n)
{
  int answered = 1;
  for (int k = 0; k < n; k++)
    answered &= !r->e->trackers[r->j->maps[maps[k]].out_worker].lost;
  if (!answered)
    wait_until(r, simgrid_get_clock() + conf_get(r->conf, CONF_CONNECT_TIMEOUT));
  if (r->a->cancel)
    return;
  for (int k = 0; k < n; k++)
    lost_fetch_failed(r->e, r->a, maps[k], simgrid_get_clock());
  r->assigned -= n;
  for (int k = 0; k < n; k++) { /* unless a rerun's output was announced meanwhile */
    const attempt *out = r->j->maps[maps[k]].output;
    if (!r->have[maps[k]] && !r->queued[maps[k]] && out && source(r, out->worker) == w)
      pend(r, w, maps[k], out);
  }
  wait_until(r, simgrid_get_clock() + PENALTY * pow(PENALTY_GROWTH, r->host_failures[w]++));
}

/* Actor: a fetcher of a reduce attempt, fetching from one host at a time until every map output is in. */
static void fetcher_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  reduce_state *r = sg_actor_self_get_data();
  job *j = r->j;
  int f = r->started++, *maps = r->taken[f], *dead = xmalloc((size_t)r->per_fetch * sizeof *dead);
  for (;;) {
    int w = -1, n = 0, n_dead = 0;
    sg_mutex_lock(j->mutex);
    for (;;) {
      collect_finished(r);
      if (r->assigned == j->n_maps || r->a->cancel)
        break;
      if (r->q_head < r->q_tail) { /* a pending source at random, as ShuffleSchedulerImpl.getHost picks it */
        int k = r->q_head + (int)gsl_rng_uniform_int(r->rng, (unsigned long)(r->q_tail - r->q_head));
        w = r->queue[k];
        r->queue[k] = r->queue[r->q_head++];
        if (pending_live(r, w))
          break;
        w = -1; /* only outputs lost since were waiting there */
        continue;
      }
      sg_cond_wait(r->a->wake, j->mutex);
    }
    if (w >= 0) {
      while ((n + n_dead) < r->per_fetch && pending_live(r, w)) {
        int m = take(r, w);
        if (lost_output_gone(r->e, &j->maps[m])) {
          dead[n_dead++] = m;
        } else {
          maps[n++] = m;
          r->n_taken[f] = n; /* held: make_explicit counts it as not here yet */
        }
      }
      r->busy[w] = 1;
      r->assigned += n + n_dead;
    }
    /* pass the wake-up on: to a fetcher for the next host, or to all when there is nothing left */
    if (w < 0)
      sg_cond_notify_all(r->a->wake);
    else if (r->q_head < r->q_tail)
      sg_cond_notify_one(r->a->wake);
    sg_mutex_unlock(j->mutex);
    if (w < 0)
      break;
    if (n && !fetch(r, w, f))
      for (int k = 0; k < n; k++)
        dead[n_dead++] = maps[k];
    sg_mutex_lock(j->mutex);
    if (n_dead) {
      if (!r->explicit)
        make_explicit(r);
      r->n_taken[f] = 0;
      fetch_failed(r, w, dead, n_dead);
    }
    r->busy[w] = 0;
    if (pending_any(r, w)) {
      enqueue(r, w);
      sg_cond_notify_one(r->a->wake);
    }
    sg_mutex_unlock(j->mutex);
  }
  free(dead);
  sg_sem_release(r->fetchers_done);
}

/* The coarse shuffle's landing (coarse.h): the outputs of the N maps MAPS
 * for this attempt's partition are in; each goes to memory or to disk by
 * the rules of fetch() above, those to disk written as one file. */
static void land(void *arg, const int *maps, int n)
{
  reduce_state *r = arg;
  int64_t wire = 0;
  landing l = {0};
  for (int k = 0; k < n; k++) {
    const task *m = &r->j->maps[maps[k]];
    int64_t seg = engine_part_wire(m, r->p);
    double bytes = segment_bytes(m, r->p, seg);
    wire += seg;
    place_segment(r, seg, bytes, &l);
  }
  int64_t to_memory = l.to_memory, to_disk = l.to_disk;
  int in_memory = l.in_memory;
  r->mem_used += l.decompressed;
  stage st[2];
  int s = 0;
  if (conf_get(r->conf, CONF_COMPRESS) != 0 && to_memory)
    st[s++] = (stage){.kind = STAGE_CPU,
                      .host = r->host,
                      .flops_per_byte = conf_get(r->conf, CONF_DECOMPRESS_COST),
                      .scale = (double)to_memory / (double)wire};
  if (to_disk)
    st[s++] = (stage){.kind = STAGE_WRITE,
                      .host = r->host,
                      .disk = r->disk,
                      .scale = (double)to_disk / (double)wire,
                      .count2 = &r->e->trackers[r->a->worker].disk_written};
  pipe_spec spec = {.total = wire,
                    .chunk = r->chunk,
                    .depth = r->depth,
                    .cancel = &r->a->cancel,
                    .busy = r->a->busy[PHASE_SHUFFLE],
                    .flops = &r->a->flops};
  if (s)
    pipe_run(st, s, &spec);
  r->a->phase_bytes[PHASE_SHUFFLE] += wire;
  lost_progress(r->e, wire);
  landed(r, n, in_memory, to_disk);
}

static void shuffle(reduce_state *r)
{
  if (coarse_job(r->j)) {
    coarse_shuffle(r->a, land, r);
    return;
  }
  const platform *p = r->e->platform;
  int n_fetchers = (int)conf_get(r->conf, CONF_PARALLELCOPIES), n = p->n_workers;
  r->by_rack = conf_get(r->conf, CONF_SHUFFLE_BY_RACK) != 0;
  r->per_fetch = MAX_MAPS_PER_FETCH;
  if (r->by_rack) {
    n = p->n_racks;
    int most = 0;
    for (int k = 0; k < n; k++) {
      xbt_assert(r->e->gateways[k], "mrlab.shuffle.by.rack needs the platform loaded with its rack gateways");
      most = p->racks[k].n_nodes > most ? p->racks[k].n_nodes : most;
    }
    r->per_fetch *= most;
  }
  r->head = xcalloc((size_t)n, sizeof *r->head);
  r->n_pend = xcalloc((size_t)n, sizeof *r->n_pend);
  r->busy = xcalloc((size_t)n, sizeof *r->busy);
  r->host_failures = xcalloc((size_t)n, sizeof *r->host_failures);
  r->q_cap = n + 1;
  r->queue = xmalloc((size_t)r->q_cap * sizeof *r->queue);
  r->n_fetchers = n_fetchers;
  r->taken = xmalloc((size_t)n_fetchers * sizeof *r->taken);
  r->n_taken = xcalloc((size_t)n_fetchers, sizeof *r->n_taken);
  for (int f = 0; f < n_fetchers; f++)
    r->taken[f] = xmalloc((size_t)r->per_fetch * sizeof *r->taken[f]);
  r->fetchers_done = sg_sem_init(0);
  int flows = (int)conf_get(r->conf, CONF_SHUFFLE_FLOWS);
  r->wire = flows > 0 && flows < n_fetchers ? sg_sem_init(flows) : NULL;
  const task *t = r->a->task;
  r->rng = engine_rng_alloc(
      (const uint64_t[]){DRAW_FETCH, (uint64_t)r->j->index, (uint64_t)t->index, (uint64_t)r->a->number}, 4);
  r->a->wake = sg_cond_init();
  if (conf_get(r->conf, CONF_SHUFFLE_MODE) == CONF_SHUFFLE_PUSH) { /* pushes come map by map */
    make_explicit(r);
    r->rest = xmalloc((size_t)r->j->n_maps * sizeof *r->rest);
    r->owner = xcalloc((size_t)r->j->n_maps, sizeof *r->owner);
    r->got = xcalloc((size_t)r->j->n_maps, sizeof *r->got);
    r->closed = xcalloc((size_t)r->j->n_maps, sizeof *r->closed);
    r->drained = sg_cond_init();
    r->open = 1;
    r->a->inbox = r;
  }
  for (int f = 0; f < n_fetchers; f++) {
    sg_actor_t a = sg_actor_init("fetcher", r->host);
    sg_actor_set_data(a, r);
    sg_actor_start(a, fetcher_actor, 0, NULL);
  }
  for (int f = 0; f < n_fetchers; f++)
    sg_sem_acquire(r->fetchers_done);
  if (r->owner) { /* no more pushes: wait for those under way */
    sg_mutex_lock(r->j->mutex);
    r->open = 0;
    while (r->in_flight > 0)
      sg_cond_wait(r->drained, r->j->mutex);
    sg_mutex_unlock(r->j->mutex);
    r->a->inbox = NULL;
    sg_cond_destroy(r->drained);
    free(r->owner);
    free(r->got);
    free(r->closed);
  }
  free(r->rest);
  gsl_rng_free(r->rng);
  sg_sem_destroy(r->fetchers_done);
  if (r->wire)
    sg_sem_destroy(r->wire);
  sg_cond_destroy(r->a->wake);
  r->a->wake = NULL;
  for (int k = 0; r->explicit && k < n; k++) {
    free(r->pend[k].map);
    free(r->pend[k].out);
  }
  for (int f = 0; f < n_fetchers; f++)
    free(r->taken[f]);
  free(r->taken);
  free(r->n_taken);
  free(r->pend);
  free(r->head);
  free(r->n_pend);
  free(r->busy);
  free(r->host_failures);
  free(r->queue);
  free(r->have);
  free(r->queued);
}

/* The final merge's preparation: memory to disk if disk files exist, and
 * intermediate passes down to io.sort.factor files. */
static void sort(reduce_state *r)
{
  int compress = conf_get(r->conf, CONF_COMPRESS) != 0;
  double ratio = compress ? conf_get(r->conf, CONF_COMPRESS_RATIO) : 1;
  if (r->mem_used > 0 && r->disk_files > 0) {
    int64_t bytes = llround(r->mem_used);
    XBT_INFO("%s r%06d attempt %d writes the %lld bytes left in memory to disk before the final merge", r->d->name,
             r->p, r->a->number, (long long)bytes);
    merge_to_disk(r, bytes, 0, ratio);
    r->mem_used = 0;
    r->disk_files++;
    r->disk_bytes += llround((double)bytes * ratio);
  }
  int factor = (int)conf_get(r->conf, CONF_SORT_FACTOR);
  if (r->disk_files > factor) {
    int merged = r->disk_files - factor + 1;
    XBT_INFO("%s r%06d attempt %d merges %d of its %d disk files, leaving %s %d for the final merge", r->d->name, r->p,
             r->a->number, merged, r->disk_files, conf_name(CONF_SORT_FACTOR), factor);
    merge_to_disk(r, llround((double)r->disk_bytes * merged / r->disk_files), 1, 1);
    r->disk_files = factor;
  }
}

/* Called as the reduce function ends a chunk (the CPU stage: a reduce call
 * returns when its work is done, its output handed to the write pipeline):
 * group end times and progress. */
static void reduce_chunk_done(void *arg, int c)
{
  reduce_state *r = arg;
  attempt *a = r->a;
  a->chunk_end[c] = simgrid_get_clock();
  a->chunks_done = c + 1;
  if (a->chunk_group[c] >= 0)
    a->group_end[a->chunk_group[c]] = a->chunk_end[c];
  r->reduced += a->chunk_bytes[c];
  a->progress = (2 + (double)r->reduced / (double)r->input) / 3;
  failures_reached(a, (double)r->reduced, (double)r->input);
}

int reduce_explicit_groups(const job *j, int p, int64_t input, int64_t *bytes)
{
  const keys_data *keys = j->desc->keys;
  const keys_partition *kp = keys ? &keys->parts[p] : NULL;
  int64_t groups = j->desc->groups[p];
  int n = kp ? kp->n_top : (int)fmin((double)groups, conf_get(&j->desc->conf, CONF_EXPLICIT_GROUPS));
  double per_group = (double)input / (double)groups;
  for (int k = 0; bytes && k < n; k++)
    bytes[k] = kp ? kp->top_records[k] * keys->record_bytes : llround(per_group * (k + 1)) - llround(per_group * k);
  return n;
}

/* Cuts the reduce input into the attempt's chunks: each explicit key group
 * (reduce_explicit_groups) its own chunks, one unless it is larger than a
 * chunk (its values stream into the reduce call as the merge reads them,
 * not read whole before the call starts), spread evenly among batches of the
 * other groups, and sets the reduce function's flops of each chunk beyond
 * its cost per byte (NULL without key data).  A reducer meets its keys in
 * sorted key order, which has nothing to do with their groups' sizes, so
 * the explicit groups come in an order drawn once for the task (the same
 * for every attempt), not heaviest first. */
static void reduce_chunks(reduce_state *r, double **flops)
{
  const keys_data *keys = r->d->keys;
  const keys_partition *kp = keys ? &keys->parts[r->p] : NULL;
  attempt *a = r->a;
  int n_explicit = reduce_explicit_groups(r->j, r->p, r->input, NULL);
  a->n_groups = n_explicit;
  a->group_end = xcalloc((size_t)n_explicit + 1, sizeof *a->group_end);
  a->group_bytes = xcalloc((size_t)n_explicit + 1, sizeof *a->group_bytes);
  reduce_explicit_groups(r->j, r->p, r->input, a->group_bytes);
  int64_t rest = r->input;
  for (int k = 0; k < n_explicit; k++)
    rest -= a->group_bytes[k];
  int *order = xmalloc(((size_t)n_explicit + 1) * sizeof *order);
  for (int k = 0; k < n_explicit; k++)
    order[k] = k;
  gsl_rng *rng = engine_task_rng(a->task);
  if (n_explicit > 1)
    gsl_ran_shuffle(rng, order, (size_t)n_explicit, sizeof *order);
  gsl_rng_free(rng);
  int n_batches = (int)((rest + r->chunk - 1) / r->chunk);
  int64_t piece = r->chunk; /* a group streams into its call in pieces of at most this */
  int n = n_batches, k = 0, c = 0;
  for (int g = 0; g < n_explicit; g++)
    n += a->group_bytes[g] > piece ? (int)((a->group_bytes[g] + piece - 1) / piece) : 1;
  a->n_chunks = n;
  a->chunk_bytes = xmalloc(((size_t)n + 1) * sizeof *a->chunk_bytes);
  a->chunk_group = xmalloc(((size_t)n + 1) * sizeof *a->chunk_group);
  a->chunk_end = xcalloc((size_t)n + 1, sizeof *a->chunk_end); /* not NULL: the reduce functions began */
  *flops = kp ? xmalloc((size_t)n * sizeof **flops) : NULL;
  for (int b = 0; b <= n_batches; b++) {
    for (; k < n_explicit && (int64_t)(k + 1) * n_batches / (n_explicit + 1) <= b; k++) {
      int64_t bytes = a->group_bytes[order[k]];
      for (int64_t at = 0; at < bytes || (bytes == 0 && at == 0); at += piece, c++) {
        a->chunk_bytes[c] = bytes - at < piece ? bytes - at : piece;
        if (kp)
          (*flops)[c] = bytes ? kp->top_flops[order[k]] * (double)a->chunk_bytes[c] / (double)bytes : 0;
        a->chunk_group[c] = order[k];
      }
    }
    if (b < n_batches) {
      a->chunk_bytes[c] = b + 1 < n_batches ? r->chunk : rest - (int64_t)(n_batches - 1) * r->chunk;
      if (kp) /* the other groups' work, by bytes */
        (*flops)[c] = kp->rest_flops * (double)a->chunk_bytes[c] / (double)rest;
      a->chunk_group[c++] = -1;
    }
  }
  free(order);
}

/* The final merge into the reduce function, and the output down the replica pipeline. */
static void reduce_and_write(reduce_state *r)
{
  engine *e = r->e;
  attempt *a = r->a;
  const job_desc *d = r->d;
  int compress = conf_get(r->conf, CONF_COMPRESS) != 0;
  int64_t output = workload_reduce_output(d, r->p, r->input);
  double selectivity = r->input ? (double)output / (double)r->input : 0;
  stage *st = xmalloc((size_t)(2 + 2 * engine_output_replication(r->j)) * sizeof *st);
  int s = 0;
  tracker *here = &e->trackers[a->worker];
  double from_disk = r->input ? (double)r->disk_bytes / (double)r->input : 0;
  if (r->disk_bytes > 0)
    st[s++] =
        (stage){.kind = STAGE_READ, .host = r->host, .disk = r->disk, .scale = from_disk, .count2 = &here->disk_read};
  double cost = conf_get(r->conf, CONF_MERGE_COST) + d->reduce_cost +
                (compress ? conf_get(r->conf, CONF_DECOMPRESS_COST) * from_disk : 0);
  st[s++] = (stage){
      .kind = STAGE_CPU, .host = r->host, .flops_per_byte = cost, .scale = 1, .count = &a->phase_bytes[PHASE_SORT]};
  int cpu = s - 1;
  if (output > 0)
    s += engine_output_stages(a, output, selectivity, st + s);
  r->chunk = pipe_chunk(r->chunk, r->input, output); /* chunks of output when it writes more than it reads */
  double *flops;
  reduce_chunks(r, &flops);
  XBT_INFO("%s r%06d attempt %d: final merge of %d disk files (%lld bytes) and %.0f bytes in memory into the reduce "
           "function, %d chunks; %lld bytes of output to %d HDFS replicas",
           d->name, r->p, a->number, r->disk_files, (long long)r->disk_bytes, r->mem_used, a->n_chunks,
           (long long)output, output > 0 ? engine_output_replication(r->j) : 0);
  st[cpu].flops = flops;
  pipe_spec spec = {.n_chunks = a->n_chunks,
                    .chunks = a->chunk_bytes,
                    .depth = r->depth,
                    .cancel = &a->cancel,
                    .on_chunk = reduce_chunk_done,
                    .arg = r,
                    .timed = &st[cpu],
                    .busy = a->busy[PHASE_REDUCE],
                    .flops = &a->flops};
  pipe_run(st, s, &spec);
  free(flops);
  a->phase_end[PHASE_REDUCE] = st[cpu].end;
  a->phase_bytes[PHASE_REDUCE] = output;
  a->phase_records[PHASE_REDUCE] = llround((double)output / d->output_record_size);
  a->phase_bytes[PHASE_WRITE] = a->write_disk_bytes;
  a->phase_records[PHASE_WRITE] = a->phase_records[PHASE_REDUCE];
  free(st);
}

/* Actor: one reduce attempt. */
void reduce_attempt_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  attempt *a = sg_actor_self_get_data();
  job *j = a->task->job;
  reduce_state r = {.a = a, .e = e, .j = j, .d = j->desc, .conf = &j->desc->conf, .p = a->task->index};
  r.host = e->trackers[a->worker].host;
  r.disk = a->disk = engine_disk(r.host, a->task->index);
  r.chunk = (int64_t)conf_get(r.conf, CONF_CHUNK);
  r.depth = (int)conf_get(r.conf, CONF_PIPELINE_DEPTH);
  double heap = conf_get(r.conf, CONF_REDUCE_MEMORY_MB) * 1048576.0 * conf_get(r.conf, CONF_HEAP_RATIO);
  r.buffer = heap * conf_get(r.conf, CONF_SHUFFLE_BUFFER_PERCENT);
  r.single_limit = r.buffer * conf_get(r.conf, CONF_SHUFFLE_LIMIT_PERCENT);
  r.merge_at = r.buffer * conf_get(r.conf, CONF_SHUFFLE_MERGE_PERCENT);

  a->first_byte = -1;
  activities_sleep_for(conf_get(r.conf, CONF_TASK_STARTUP));
  shuffle(&r);
  a->phase_end[PHASE_SHUFFLE] = simgrid_get_clock();
  a->phase_bytes[PHASE_SHUFFLE] += a->pushed_bytes;
  r.input = j->part_input[r.p];
  a->phase_records[PHASE_SHUFFLE] = a->phase_records[PHASE_SORT] = llround((double)r.input / r.d->map_record_size);
  if (!a->cancel)
    sort(&r);
  a->phase_end[PHASE_SORT] = simgrid_get_clock();
  a->progress = 2.0 / 3;
  if (!a->cancel)
    reduce_and_write(&r);
  failures_reached(a, 1, 1); /* a fault in a reduce function that had no input to take */
  a->phase_end[PHASE_WRITE] = simgrid_get_clock();
  a->status = failures_outcome(a);
  if (!a->cancel)
    a->progress = 1;
  the_engine->up.attempt_ended(a);
}
