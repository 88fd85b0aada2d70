/* rereplicate.c - the NameNode's heartbeat check and ReplicationMonitor (rereplicate.h).
 *
 * One daemon on the master wakes at each heartbeat check and each
 * replication period.  The blocks it tracks are not listed anywhere of
 * their own: each period it walks the jobs' input files and the outputs of
 * their successful attempts (the replica lists the readers use), so a copy
 * that ends changes what every reader sees.  Nothing of its state is owned
 * by an actor: the copies' records and the period's scratch belong to the
 * engine, freed with it, so that the daemon may be killed when the run
 * ends.  Copies are actors of their own (not daemons: the run waits for
 * them, and they stop at their next chunk once the last job has ended). */
#include "rereplicate.h"

#include "alloc.h"
#include "jobs.h"
#include "summary.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <xbt/log.h>

#include <math.h>
#include <stdlib.h>

#define TIME_EPSILON 1e-9 /* s: SimGrid's precision/timing, within which a wake-up is on time */

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_rereplicate, mrlab,
                                "the NameNode: dead datanodes, and the re-replication of their blocks");

/* A block the NameNode tracks: block INDEX of job JOB's input, or (OUTPUT)
 * the output file of the successful attempt of task INDEX of job JOB (its
 * reduces', a map-only job's maps'), one block as mrlab writes it. */
typedef struct {
  int job, output;
  int64_t index;
} item;

typedef struct {
  item it;
  int priority;  /* UnderReplicatedBlocks' queue: 0 one live replica, 1 under a third, 2 the rest */
  uint64_t draw; /* the order within a priority */
} candidate;

/* One copy, a record reused once it has ended. */
typedef struct {
  int in_use;
  item it;
  int from, to;
  int64_t bytes;
  double start;
} copy;

typedef struct rereplicate_state {
  double *dead_down_at; /* per worker: the DataNode's loss (its dn_down_at) the NameNode declared dead, -1: none */
  unsigned char *dead;  /* per worker: dead now, refreshed by rereplicate_dead */
  int *streams;         /* per worker: copies from it under way */
  copy **copies;        /* records of copies, under way or ended */
  int n_copies;
  candidate *cand; /* the period's under-replicated blocks */
  size_t n_cand, cap_cand;
  int stop;     /* the last job has ended: copies stop (their pipes' cancel) */
  int settled;  /* the last period found nothing to copy, and since then no datanode died, no copy ended and no
                 * Balancer finished: the next finds nothing either (a period walks every block) */
  int balanced; /* jobs whose Balancer had finished at the last period */
  int64_t blocks_copied, bytes_copied, copies_failed;
  double first_end, last_end; /* of the copies that ended well; -1 before the first */
} rereplicate_state;

void rereplicate_alloc(engine *e)
{
  if (!e->lost)
    return;
  int n = e->platform->n_workers;
  rereplicate_state *s = xcalloc(1, sizeof *s);
  s->dead_down_at = xmalloc((size_t)n * sizeof *s->dead_down_at);
  for (int w = 0; w < n; w++)
    s->dead_down_at[w] = -1;
  s->dead = xcalloc((size_t)n, 1);
  s->streams = xcalloc((size_t)n, sizeof *s->streams);
  s->first_end = s->last_end = -1;
  e->rereplicate = s;
}

void rereplicate_free(engine *e)
{
  rereplicate_state *s = e->rereplicate;
  if (!s)
    return;
  for (int k = 0; k < s->n_copies; k++)
    free(s->copies[k]);
  free(s->copies);
  free(s->cand);
  free(s->streams);
  free(s->dead);
  free(s->dead_down_at);
  free(s);
  e->rereplicate = NULL;
}

/* Whether the NameNode holds worker W dead: it declared this loss dead, and W is still down. */
static int is_dead(const engine *e, int w)
{
  const tracker *tr = &e->trackers[w];
  return tr->dn_down && e->rereplicate->dead_down_at[w] >= 0 && tr->dn_down_at == e->rereplicate->dead_down_at[w];
}

int rereplicate_is_dead(const engine *e, int w)
{
  return e->rereplicate && is_dead(e, w);
}

const unsigned char *rereplicate_dead(engine *e)
{
  rereplicate_state *s = e->rereplicate;
  if (!s)
    return NULL;
  for (int w = 0; w < e->platform->n_workers; w++)
    s->dead[w] = (unsigned char)is_dead(e, w);
  return s->dead;
}

/* The replicas of IT (their number into *N, its bytes into *BYTES), or NULL when it holds no data. */
static int *item_replicas(const engine *e, item it, int *n, int64_t *bytes)
{
  const job *j = &e->jobs[it.job];
  if (!it.output) {
    *n = j->input->replication;
    *bytes = hdfs_block_bytes(j->input, it.index);
    return j->input->replicas + it.index * j->input->replication;
  }
  const attempt *a = engine_hdfs_output(j->n_reduces ? &j->reduces[it.index] : &j->maps[it.index]);
  *n = engine_output_replication(j);
  *bytes = a ? engine_output_bytes(a) : 0;
  return *bytes > 0 ? a->targets : NULL;
}

/* Calls VISIT for each block the NameNode tracks in E: the input of every
 * job that reads a file of its own (a child's input is its parent's
 * output), unless the Balancer is still moving it, and the outputs. */
static void each_item(const engine *e, void (*visit)(const engine *e, item it, void *arg), void *arg)
{
  for (int i = 0; i < e->n_jobs; i++) {
    const job *j = &e->jobs[i];
    if (j->desc->input_from < 0 && !(j->n_moves > 0 && j->redistribution_time == 0))
      for (int64_t b = 0; b < j->input->n_blocks; b++)
        visit(e, (item){.job = i, .index = b}, arg);
    int n_outputs = j->n_reduces ? j->n_reduces : j->n_maps;
    for (int t = 0; t < n_outputs; t++)
      visit(e, (item){.job = i, .output = 1, .index = t}, arg);
  }
}

static int same_item(item a, item b)
{
  return a.job == b.job && a.output == b.output && a.index == b.index;
}

/* The copies of IT under way, and whether one of them goes to worker TO (-1: any). */
static int pending(const rereplicate_state *s, item it, int to)
{
  int n = 0;
  for (int k = 0; k < s->n_copies; k++)
    n += s->copies[k]->in_use && same_item(s->copies[k]->it, it) && (to < 0 || s->copies[k]->to == to);
  return n;
}

/* The replicas of REPLICAS[0..N) on datanodes that are not dead. */
static int live_replicas(const engine *e, const int *replicas, int n)
{
  int live = 0;
  for (int r = 0; r < n; r++)
    live += !is_dead(e, replicas[r]);
  return live;
}

/* A draw of the seed for block IT, PURPOSE (0: its place in its queue;
 * 1, 2: a source, a target) and the worker of key KEY. */
static uint64_t draw(item it, int purpose, uint64_t key)
{
  const uint64_t parts[] = {DRAW_REREPLICATION, (uint64_t)it.job,  (uint64_t)it.output,
                            (uint64_t)it.index, (uint64_t)purpose, key};
  return engine_hash(parts, 6);
}

/* each_item's visitor: queues IT (in the state) when it lacks replicas that no copy under way brings. */
static void queue_item(const engine *e, item it, void *arg)
{
  (void)arg;
  rereplicate_state *s = e->rereplicate;
  int n;
  int64_t bytes;
  const int *replicas = item_replicas(e, it, &n, &bytes);
  if (!replicas)
    return;
  int live = live_replicas(e, replicas, n);
  if (live == 0 || live >= n || live + pending(s, it, -1) >= n)
    return;
  if (s->n_cand == s->cap_cand) {
    s->cap_cand = s->cap_cand ? 2 * s->cap_cand : 64;
    s->cand = xrealloc(s->cand, s->cap_cand * sizeof *s->cand);
  }
  int priority = live == 1 ? 0 : live * 3 < n ? 1 : 2;
  s->cand[s->n_cand++] = (candidate){.it = it, .priority = priority, .draw = draw(it, 0, 0)};
}

static int candidate_cmp(const void *pa, const void *pb)
{
  const candidate *a = pa, *b = pb;
  if (a->priority != b->priority)
    return a->priority < b->priority ? -1 : 1;
  return a->draw < b->draw ? -1 : a->draw > b->draw;
}

/* Puts worker TO in place of replica R of REPLICAS, those of IT: the
 * jobs that read IT (an output) already hold its replicas in their input
 * (engine_submit), and follow. */
static void replace_replica(engine *e, item it, int *replicas, int r, int to)
{
  int dead = replicas[r];
  replicas[r] = to;
  if (!it.output)
    return;
  const job *j = &e->jobs[it.job];
  int64_t first = 0, bytes = 0; /* the output's bytes in the output directory read as one input */
  for (int t = 0; t <= it.index; t++) {
    const attempt *a = engine_hdfs_output(j->n_reduces ? &j->reduces[t] : &j->maps[t]);
    first += bytes;
    bytes = a ? engine_output_bytes(a) : 0;
  }
  for (int i = 0; i < e->n_jobs; i++) {
    job *child = &e->jobs[i];
    if (child->desc->input_from != j->index || child->held)
      continue;
    for (int64_t b = first / child->input->block_size; b * child->input->block_size < first + bytes; b++)
      if (b * child->input->block_size >= first) /* the blocks whose first byte it holds */
        hdfs_apply_move(child->input, &(hdfs_move){.block = b, .from = dead, .to = to});
  }
}

/* Actor: one copy (its data: its record), on its source. */
static void copy_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  rereplicate_state *s = e->rereplicate;
  copy *c = sg_actor_self_get_data();
  tracker *from = &e->trackers[c->from], *to = &e->trackers[c->to];
  const conf *cf = &e->jobs[c->it.job].desc->conf;
  int64_t k = c->it.index; /* the volume the block is on, as a map's read and a write pipeline pick it */
  stage st[3] = {{.kind = STAGE_READ,
                  .host = from->host,
                  .disk = engine_disk(from->host, k),
                  .scale = 1,
                  .count2 = &from->disk_read,
                  .gone = {&to->dn_down}},
                 {.kind = STAGE_NET,
                  .host = from->host,
                  .dst = to->host,
                  .flow = ACT_REREPLICATION,
                  .scale = 1,
                  .count2 = &from->net_sent,
                  .gone = {&to->dn_down}},
                 {.kind = STAGE_WRITE,
                  .host = to->host,
                  .disk = engine_disk(to->host, k),
                  .scale = 1,
                  .count2 = &to->disk_written,
                  .gone = {&to->dn_down}}};
  pipe_spec spec = {.total = c->bytes,
                    .chunk = (int64_t)conf_get(cf, CONF_CHUNK),
                    .depth = (int)conf_get(cf, CONF_PIPELINE_DEPTH),
                    .cancel = &s->stop,
                    .gone = &from->dn_down};
  int through = pipe_run(st, 3, &spec) == (int)((spec.total + spec.chunk - 1) / spec.chunk);
  copy done = *c; /* the record is free for another copy from here on */
  c->in_use = 0;
  s->settled = 0;
  s->streams[done.from]--;
  double now = simgrid_get_clock();
  const char *src = e->platform->workers[done.from].name, *dst = e->platform->workers[done.to].name;
  const char *what = done.it.output ? "output" : "block", *name = e->jobs[done.it.job].desc->name;
  if (!through && s->stop)
    return; /* the run is over */
  if (!through || to->dn_down || to->dn_down_at >= done.start || from->dn_down_at >= done.start) {
    s->copies_failed++;
    XBT_INFO("the copy of %s %lld of job %s from %s to %s stopped at %.3f s: the DataNode on %s went down", what,
             (long long)done.it.index, name, src, dst, now, from->dn_down_at >= done.start ? src : dst);
    return;
  }
  s->blocks_copied++;
  s->bytes_copied += done.bytes;
  s->first_end = s->first_end < 0 ? now : s->first_end;
  s->last_end = now;
  int n, r = 0;
  int64_t bytes;
  int *replicas = item_replicas(e, done.it, &n, &bytes);
  while (r < n && !is_dead(e, replicas[r]))
    r++;
  XBT_INFO("copied %s %lld of job %s (%lld bytes) from %s to %s at %.3f s%s", what, (long long)done.it.index, name,
           (long long)done.bytes, src, dst, now,
           r < n ? "" : ": its dead replica came back meanwhile, so this one is an excess replica, forgotten");
  if (r < n)
    replace_replica(e, done.it, replicas, r, done.to);
}

/* Starts a copy of IT at NOW if a source and a target allow: returns whether it did. */
static int start_copy(engine *e, item it, double now)
{
  rereplicate_state *s = e->rereplicate;
  const platform *p = e->platform;
  int n, max = (int)conf_get(&e->cluster, CONF_REPLICATION_STREAMS);
  int64_t bytes;
  const int *replicas = item_replicas(e, it, &n, &bytes);
  int src = -1;
  uint64_t best = 0;
  for (int r = 0; r < n; r++) { /* a live holder that runs fewer than max copies */
    int h = replicas[r];
    uint64_t d = draw(it, 1, e->trackers[h].key);
    if (!e->trackers[h].dn_down && s->streams[h] < max && (src < 0 || d < best))
      src = h, best = d;
  }
  if (src < 0)
    return 0;
  /* the rack the target avoids, or is in, as BlockPlacementPolicyDefault
   * chooses with the live replicas as the replicas chosen so far */
  int live[2] = {-1, -1}, n_live = 0;
  for (int r = 0; r < n; r++)
    if (!is_dead(e, replicas[r])) {
      if (n_live < 2)
        live[n_live] = replicas[r];
      n_live++;
    }
  int not_rack = -1, in_rack = -1;
  if (n_live == 1 || (n_live == 2 && p->workers[live[0]].rack == p->workers[live[1]].rack))
    not_rack = p->workers[live[0]].rack;
  else if (n_live == 2)
    in_rack = p->workers[src].rack;
  int dst = -1;
  best = 0;
  for (int pass = 0; pass < 2 && dst < 0; pass++)
    for (int w = 0; w < p->n_workers; w++) {
      int holds = 0, rack = p->workers[w].rack;
      for (int r = 0; r < n; r++)
        holds |= replicas[r] == w;
      if (holds || e->trackers[w].dn_down || pending(s, it, w) ||
          (pass == 0 && (rack == not_rack || (in_rack >= 0 && rack != in_rack))))
        continue;
      uint64_t d = draw(it, 2, e->trackers[w].key);
      if (dst < 0 || d < best)
        dst = w, best = d;
    }
  if (dst < 0)
    return 0;
  copy *c = NULL;
  for (int k = 0; k < s->n_copies && !c; k++)
    if (!s->copies[k]->in_use)
      c = s->copies[k];
  if (!c) {
    s->copies = xrealloc(s->copies, (size_t)(s->n_copies + 1) * sizeof *s->copies);
    c = s->copies[s->n_copies++] = xcalloc(1, sizeof *c);
  }
  *c = (copy){.in_use = 1, .it = it, .from = src, .to = dst, .bytes = bytes, .start = now};
  s->streams[src]++;
  XBT_INFO("copies %s %lld of job %s (%lld bytes, %d of %d replicas live) from %s to %s",
           it.output ? "output" : "block", (long long)it.index, e->jobs[it.job].desc->name, (long long)bytes, n_live, n,
           p->workers[src].name, p->workers[dst].name);
  sg_actor_t a = sg_actor_init("rereplicate", e->trackers[src].host);
  sg_actor_set_data(a, c);
  sg_actor_start(a, copy_actor, 0, NULL);
  return 1;
}

/* The ReplicationMonitor's period at NOW: the under-replicated blocks,
 * highest priority first, each given a copy while the budget lasts. */
static void compute_work(engine *e, double now)
{
  rereplicate_state *s = e->rereplicate;
  int n_live = 0;
  for (int w = 0; w < e->platform->n_workers; w++)
    n_live += !is_dead(e, w);
  int balanced = 0;
  for (int i = 0; i < e->n_jobs; i++)
    balanced += e->jobs[i].n_moves > 0 && e->jobs[i].redistribution_time > 0;
  if (balanced != s->balanced)
    s->balanced = balanced, s->settled = 0;
  if (n_live == e->platform->n_workers || s->settled) /* no dead datanode, or nothing changed */
    return;
  s->n_cand = 0;
  each_item(e, queue_item, NULL);
  s->settled = s->n_cand == 0;
  qsort(s->cand, s->n_cand, sizeof *s->cand, candidate_cmp);
  int budget = n_live * (int)conf_get(&e->cluster, CONF_REPLICATION_MULTIPLIER), started = 0;
  for (size_t k = 0; k < s->n_cand && started < budget; k++)
    started += start_copy(e, s->cand[k].it, now);
}

/* The HeartbeatManager's check at NOW: the datanodes silent for EXPIRE seconds are dead. */
static void heartbeat_check(engine *e, double now, double expire)
{
  rereplicate_state *s = e->rereplicate;
  for (int w = 0; w < e->platform->n_workers; w++) {
    const tracker *tr = &e->trackers[w];
    if (tr->dn_down && !is_dead(e, w) && now - tr->dn_down_at > expire) {
      s->dead_down_at[w] = tr->dn_down_at;
      s->settled = 0;
      XBT_INFO("declares datanode %s dead at %.3f s: no heartbeat since %.3f s (%.0f s)", e->platform->workers[w].name,
               now, tr->dn_down_at, expire);
    }
  }
}

/* Actor: the NameNode's HeartbeatManager and ReplicationMonitor, until the last job ends. */
static void monitor_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  sg_actor_daemonize(sg_actor_self());
  const conf *c = &e->cluster;
  double recheck = conf_get(c, CONF_NN_RECHECK), period = conf_get(c, CONF_REPLICATION_INTERVAL);
  double expire = 2 * recheck + 10 * conf_get(c, CONF_DN_HEARTBEAT); /* DatanodeManager's heartbeatExpireInterval */
  int64_t checks = 1, periods = 0; /* the next check is at checks x recheck, the next period at periods x period */
  while (!e->rereplicate->stop) {
    double now = simgrid_get_clock();
    if (now >= (double)checks * recheck - TIME_EPSILON) {
      heartbeat_check(e, now, expire);
      checks++;
    }
    if (now >= (double)periods * period - TIME_EPSILON) {
      compute_work(e, now);
      periods++;
    }
    activities_sleep_until(fmin((double)checks * recheck, (double)periods * period));
  }
}

void rereplicate_start(engine *e)
{
  if (e->rereplicate)
    sg_actor_create("namenode", e->master, monitor_actor, 0, NULL);
}

void rereplicate_shutdown(engine *e)
{
  if (e->rereplicate)
    e->rereplicate->stop = 1;
}

/* each_item's visitor: counts into ARG[0] the blocks under-replicated, into ARG[1] those with no live replica. */
static void census(const engine *e, item it, void *arg)
{
  int64_t *counts = arg, bytes;
  int n;
  const int *replicas = item_replicas(e, it, &n, &bytes);
  if (!replicas)
    return;
  int live = live_replicas(e, replicas, n);
  counts[0] += live > 0 && live < n;
  counts[1] += live == 0;
}

json_t *rereplicate_json(const engine *e)
{
  const rereplicate_state *s = e->rereplicate;
  if (!s)
    return NULL;
  int64_t counts[2] = {0, 0};
  each_item(e, census, counts);
  int dead = 0;
  for (int w = 0; w < e->platform->n_workers; w++)
    dead += is_dead(e, w);
  return json_pack("{s:i, s:I, s:I, s:I, s:o, s:o, s:I, s:I}", "dead_datanodes", dead, "blocks_copied",
                   (json_int_t)s->blocks_copied, "bytes_copied", (json_int_t)s->bytes_copied, "copies_failed",
                   (json_int_t)s->copies_failed, "first_copy_end",
                   s->blocks_copied ? summary_real(s->first_end, 9) : json_null(), "last_copy_end",
                   s->blocks_copied ? summary_real(s->last_end, 9) : json_null(), "under_replicated_blocks",
                   (json_int_t)counts[0], "missing_blocks", (json_int_t)counts[1]);
}

void rereplicate_print(const engine *e, FILE *out)
{
  const rereplicate_state *s = e->rereplicate;
  if (!s)
    return;
  int64_t counts[2] = {0, 0};
  each_item(e, census, counts);
  fprintf(out,
          "re-replication: %lld blocks (%lld bytes) copied, %lld copies stopped; at the end %lld blocks "
          "under-replicated, %lld missing\n",
          (long long)s->blocks_copied, (long long)s->bytes_copied, (long long)s->copies_failed, (long long)counts[0],
          (long long)counts[1]);
}
