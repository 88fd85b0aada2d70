/* coarse.c - the coarse shuffle: one transfer a reducer group and source rack.
 *
 * Why: SimGrid re-shares the network among every flow in flight at each
 * flow's start and end, and its full update walks every flow at every other
 * event (disk operations, executions); a run's cost is about its events
 * times its flows in flight (docs/scale.md).
 * Hadoop's shuffle starts a fetch a reducer and host (with
 * mrlab.shuffle.by.rack, a reducer and rack), five at a time a reducer:
 * for 1 TiB through 2,000 reducers on 1,000 nodes that is 10^5 flows with
 * thousands in flight, hours of CPU.  Here the reducers of a job in one
 * rack form a group, and the group has at most one transfer in flight a
 * source rack: at most racks^2 flows in flight for a job, whatever its maps
 * and reducers, and each transfer as large as what waits.
 *
 * How: a reduce attempt joins its job's group in its rack and, like a
 * fetcher, collects the map outputs announced since it last looked into
 * lists per source rack.  When it has outputs waiting in a source rack that
 * no carrier of its group serves, it starts one: an actor on the group's
 * receiving host that takes what waits in that rack for every reducer of
 * the group, reads what the page cache let go from each map's disk (all the
 * disks at once) and sends it all from the source rack's gateway
 * ("RACK-shuffle") to the group's rack's receiving host
 * ("RACK-shuffle-in"), both with the summed bandwidth of their rack's NICs
 * (topology.h), cut into a few large chunks; it then hands each reducer
 * its part and goes on while outputs wait there, taking at most once a
 * poll (mrlab.shuffle.coarse.poll, a second unless set) while the job's
 * maps run: a reducer learns of finished maps once a second (Hadoop's
 * EventFetcher), and at the wave of map ends a carrier
 * taking as each output is announced made thousands of small transfers a
 * second, each a SimGrid flow re-sharing every flow in flight.  What fills
 * a transfer (CHUNKS_PER_TRANSFER chunks) goes at once, so that a busy
 * rack's link does not idle until the poll, and so does what waits once
 * the last map has ended.  SimGrid shares the
 * senders' and receivers' summed NICs, the uplinks and the core among all
 * transfers.  On many racks that is still many flows: a job with reducers
 * in all 75 racks of scale3000 keeps up to 5,625 in flight, each
 * re-sharing the others at its start and end.  With
 * mrlab.shuffle.coarse.sources=N a group keeps at most N carriers, each
 * going round the source racks in an order drawn from the seed (from the
 * one it served to the next where outputs wait, no carrier of the group
 * serves and the poll is due) and taking all that waits there: a rack's
 * inbound link stays busy with N flows as with one a source rack, and a
 * job has at most N x racks.
 * The cap bounds the flows in flight, not how many start: with outputs
 * waiting in every rack, a group still takes from each of R source racks
 * once a poll, R x R transfers a poll for a job; a longer poll makes them
 * fewer and larger.
 * Each reducer lands its part in its own actor by the rules of
 * one fetch of those outputs (memory or disk, merges: reducetask.c), so
 * its merges and its memory see the same segments, in fewer, later pieces.
 * What is lost: contention at each sending and each receiving NIC, the
 * streaming of a transfer into the reducers' disks (they write once their
 * part is in), Hadoop's five parallel copies and its random choice among
 * hosts, and fetch failures of a worker lost during a transfer (an output
 * already gone when a carrier takes it is reported as a failed fetch, as a
 * fetcher would); with a cap, outputs also wait for a carrier to come
 * round.  bench/fidelity measures the price.  A file of its own:
 * it shares no state with the fetchers but the job's finished maps. */
#include "coarse.h"

#include "alloc.h"
#include "condwait.h"
#include "jobs.h"
#include "lost.h"
#include "pipe.h"

#include <simgrid/actor.h>
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mutex.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_coarse, mrlab, "the coarse shuffle: each transfer of a reducer group");

#define CHUNKS_PER_TRANSFER                                                                                            \
  4 /* a transfer is cut into this many chunks (more when they would be under a                                        \
     * mrlab.pipeline.chunk): enough for its reads and its sending to overlap */

typedef struct member member;
typedef struct group group;

enum { NONE, WAITING, TAKEN }; /* a map's output, for one member */

/* The map outputs of one reducer taken by one transfer (the maps, by index). */
typedef struct batch {
  int id; /* the member's */
  attempt *a;
  int n, cap;
  int *maps;
  struct batch *next;
} batch;

struct member {
  attempt *a;
  group *g;
  int id;                 /* unique in its group: a carrier hands over only to a member still there */
  int cursor;             /* next entry of the job's finished maps to look at */
  char *state;            /* per map: NONE, WAITING in a per-rack list, or TAKEN by a carrier */
  int *n_pend, *cap_pend; /* per source rack: the maps waiting there */
  int **pend;
  batch *in_head, *in_tail; /* arrived, not yet landed */
  int landed;
  int waiting; /* on its attempt's wake, not yet woken */
  int n_idle;  /* source racks where outputs wait for it and no carrier of its group serves */
  member *next;
};

struct group {
  job *j;
  int rack, next_id, carriers;
  int cap;        /* mrlab.shuffle.coarse.sources: most carriers at once, each going round the source racks; 0: none */
  double period;  /* mrlab.shuffle.coarse.poll: s from a take in a source rack to the next while maps run */
  double *due;    /* with a cap, per source rack: when its next poll may take (a poll after its last take) */
  int *round;     /* with a cap: the source racks in the order its carriers go round them (drawn: group_round) */
  int *place;     /* with a cap, per source rack: its place in round */
  sg_host_t sink; /* the rack's receiving host */
  member *members;
  char *busy;      /* per source rack: a carrier serves it */
  int64_t *queued; /* per source rack: bytes there announced for its members, or waiting for one that joined,
                    * since its carrier last took */
  sg_cond_t poll;  /* its carriers wait there for their next poll */
};

static group **groups; /* per job and rack, while it has members or carriers */
static int n_live;

/* Draws the order in which G's carriers go round the source racks: the
 * racks by engine_hash of the seed, the job and the two racks' names, so
 * that which rack a carrier serves first is a draw of the seed, not the
 * platform file's order of racks (docs/design.md). */
static void group_round(engine *e, group *g)
{
  int n_racks = e->platform->n_racks;
  g->round = xmalloc((size_t)n_racks * sizeof *g->round);
  g->place = xmalloc((size_t)n_racks * sizeof *g->place);
  engine_racks_drawn(
      (const uint64_t[]){DRAW_CARRIER, (uint64_t)g->j->index, engine_name_hash(e->platform->racks[g->rack].name)}, 3,
      g->round, g->place);
}

static group *group_get(engine *e, job *j, int rack)
{
  int n_racks = e->platform->n_racks;
  if (!groups)
    groups = xcalloc((size_t)e->n_jobs * (size_t)n_racks, sizeof *groups);
  group **g = &groups[(size_t)j->index * (size_t)n_racks + (size_t)rack];
  if (!*g) {
    char name[96];
    snprintf(name, sizeof name, "%s-shuffle-in", e->platform->racks[rack].name);
    *g = xcalloc(1, sizeof **g);
    (*g)->j = j;
    (*g)->rack = rack;
    (*g)->sink = sg_host_by_name(name);
    xbt_assert((*g)->sink && e->gateways[rack], "mrlab.shuffle.coarse needs the platform loaded with its gateways");
    (*g)->busy = xcalloc((size_t)n_racks, 1);
    (*g)->queued = xcalloc((size_t)n_racks, sizeof *(*g)->queued);
    (*g)->poll = sg_cond_init();
    (*g)->cap = (int)conf_get(&j->desc->conf, CONF_COARSE_SOURCES);
    (*g)->period = conf_get(&j->desc->conf, CONF_COARSE_POLL);
    if ((*g)->cap) {
      (*g)->due = xcalloc((size_t)n_racks, sizeof *(*g)->due);
      group_round(e, *g);
    }
    n_live++;
  }
  return *g;
}

int coarse_job(const job *j)
{
  const conf *c = &j->desc->conf;
  return conf_get(c, CONF_SHUFFLE_COARSE) != 0 && conf_get(c, CONF_SHUFFLE_MODE) != CONF_SHUFFLE_PUSH;
}

int coarse_holds(const engine *e, const job *j)
{
  for (int r = 0; groups && r < e->platform->n_racks; r++)
    if (groups[(size_t)j->index * (size_t)e->platform->n_racks + (size_t)r])
      return 1;
  return 0;
}

/* Frees G when nothing uses it any more (the job's mutex held). */
static void group_release(engine *e, group *g)
{
  if (g->members || g->carriers)
    return;
  groups[(size_t)g->j->index * (size_t)e->platform->n_racks + (size_t)g->rack] = NULL;
  free(g->busy);
  free(g->queued);
  free(g->due);
  free(g->round);
  free(g->place);
  sg_cond_destroy(g->poll);
  free(g);
  if (--n_live == 0) {
    free(groups);
    groups = NULL;
  }
}

/* Puts map K's output on the list of the rack it waits in. */
static void wait_in(engine *e, member *m, int k)
{
  const task *t = &m->a->task->job->maps[k];
  int s = e->platform->workers[t->out_worker].rack;
  if (m->n_pend[s] == m->cap_pend[s]) {
    m->cap_pend[s] = m->cap_pend[s] ? 2 * m->cap_pend[s] : 8;
    m->pend[s] = xrealloc(m->pend[s], (size_t)m->cap_pend[s] * sizeof *m->pend[s]);
  }
  if (!m->n_pend[s] && !m->g->busy[s])
    m->n_idle++;
  m->pend[s][m->n_pend[s]++] = k;
  m->state[k] = WAITING;
}

/* Marks whether a carrier of G serves source rack S. */
static void group_serve(group *g, int s, int busy)
{
  g->busy[s] = (char)busy;
  for (member *m = g->members; m; m = m->next)
    if (m->n_pend[s])
      m->n_idle += busy ? -1 : 1;
}

/* Moves the maps that finished since M last looked into its per-rack lists. */
static void collect(engine *e, member *m)
{
  job *j = m->a->task->job;
  for (; m->cursor < j->n_finished_maps; m->cursor++) {
    const attempt *out = j->finished_maps[m->cursor];
    int k = out->task->index;
    if (m->state[k] != NONE || !j->maps[k].output)
      continue;
    wait_in(e, m, k);
    m->a->needed = out; /* announced in order: the latest so far */
  }
}

typedef struct {
  group *g;
  int src;
} carrier_arg;

/* A pipe's on_chunk: the first bytes of a transfer arrived for each reducer of the batches ARG. */
static void first_bytes(void *arg, int c)
{
  (void)c;
  for (batch *b = arg; b; b = b->next)
    if (b->a->first_byte < 0)
      b->a->first_byte = simgrid_get_clock();
}

/* The bytes that fill a transfer of job J: its chunks, each a pipeline chunk. */
static int64_t full(const job *j)
{
  return CHUNKS_PER_TRANSFER * (int64_t)conf_get(&j->desc->conf, CONF_CHUNK);
}

/* Takes what waits in rack SRC for each member of G (the job's mutex held):
 * a batch a member with outputs there, and the bytes to send. */
static batch *take(engine *e, group *g, int src, int64_t *wire)
{
  batch *head = NULL;
  *wire = 0;
  g->queued[src] = 0;
  for (member *m = g->members; m; m = m->next) {
    collect(e, m);
    batch *b = NULL;
    for (int k = 0; k < m->n_pend[src]; k++) {
      int map = m->pend[src][k];
      const task *t = &g->j->maps[map];
      if (m->state[map] != WAITING)
        continue;
      m->state[map] = NONE; /* unless taken below: lost since, its rerun's output is announced anew */
      if (!t->output)
        continue;
      if (e->platform->workers[t->out_worker].rack != src) { /* run again elsewhere: wait there */
        wait_in(e, m, map);
        continue;
      }
      if (lost_output_gone(e, t)) { /* as a fetcher finds it: reported */
        lost_fetch_failed(e, m->a, map, simgrid_get_clock());
        continue;
      }
      if (!b) {
        b = xcalloc(1, sizeof *b);
        b->id = m->id;
        b->a = m->a;
        b->next = head;
        head = b;
      }
      if (b->n == b->cap)
        b->maps = xrealloc(b->maps, (size_t)(b->cap = b->cap ? 2 * b->cap : 16) * sizeof *b->maps);
      b->maps[b->n++] = map;
      m->state[map] = TAKEN;
      *wire += engine_part_wire(t, m->a->task->index);
    }
    m->n_pend[src] = 0; /* G serves SRC: they were not idle (n_idle) */
  }
  return head;
}

/* Sends WIRE bytes of the batches B from rack SRC's gateway to G's receiving
 * host, reading from its disks what the page cache let go. */
static void transfer(engine *e, group *g, int src, batch *b, int64_t wire)
{
  int n = 0;
  for (batch *x = b; x; x = x->next)
    n += x->n;
  sg_disk_t *disks = xmalloc((size_t)n * sizeof *disks);
  double *uncached = xmalloc((size_t)n * sizeof *uncached);
  int64_t **disk_read = xmalloc((size_t)n * sizeof *disk_read);
  int n_disks = 0;
  double read_share = 0;
  for (batch *x = b; x; x = x->next)
    for (int k = 0; k < x->n; k++) {
      const task *m = &g->j->maps[x->maps[k]];
      tracker *from = &e->trackers[m->out_worker];
      if ((double)(from->cache_written - m->cache_start) <= from->cache)
        continue;
      int d = 0;
      while (d < n_disks && disks[d] != m->out_disk)
        d++;
      if (d == n_disks) {
        disks[n_disks] = m->out_disk;
        uncached[n_disks] = 0;
        disk_read[n_disks++] = &from->disk_read;
      }
      double share = (double)engine_part_wire(m, x->a->task->index) / (double)wire;
      uncached[d] += share;
      read_share += share;
    }
  stage st[2];
  int s = 0;
  sg_host_t from = e->gateways[src];
  if (n_disks)
    st[s++] = (stage){.kind = STAGE_READ,
                      .host = from,
                      .n_disks = n_disks,
                      .disks = disks,
                      .disk_scale = uncached,
                      .disk_count = disk_read,
                      .scale = read_share};
  st[s++] = (stage){.kind = STAGE_NET, .host = from, .flow = ACT_SHUFFLE, .dst = g->sink, .scale = 1};
  int64_t chunk = (int64_t)conf_get(&g->j->desc->conf, CONF_CHUNK),
          each = (wire + CHUNKS_PER_TRANSFER - 1) / CHUNKS_PER_TRANSFER;
  pipe_spec spec = {.total = wire,
                    .chunk = each > chunk ? each : chunk,
                    .depth = (int)conf_get(&g->j->desc->conf, CONF_PIPELINE_DEPTH),
                    .on_chunk = first_bytes,
                    .arg = b};
  int n_reducers = 0;
  for (batch *x = b; x; x = x->next)
    n_reducers++;
  XBT_INFO("%s: %s sends %lld bytes of %d map outputs to %d reducers in %s", g->j->desc->name,
           e->platform->racks[src].name, (long long)wire, n, n_reducers, e->platform->racks[g->rack].name);
  pipe_run(st, s, &spec);
  XBT_INFO("%s: %s's transfer to %s ends", g->j->desc->name, e->platform->racks[src].name,
           e->platform->racks[g->rack].name);
  for (batch *x = b; x; x = x->next) /* each sender's share of what the gateway sent */
    for (int k = 0; k < x->n; k++)
      e->trackers[g->j->maps[x->maps[k]].out_worker].net_sent += engine_part_wire(&g->j->maps[x->maps[k]], x->a->task->index);
  free(disks);
  free(uncached);
  free(disk_read);
}

/* Hands each batch of B to its reducer, if still there: the others were
 * killed meanwhile (the job's mutex held). */
static void hand_over(group *g, batch *b)
{
  while (b) {
    batch *next = b->next;
    member *m = g->members;
    while (m && m->id != b->id)
      m = m->next;
    if (m) {
      b->next = NULL;
      if (m->in_tail)
        m->in_tail->next = b;
      else
        m->in_head = b;
      m->in_tail = b;
      m->waiting = 0;
      sg_cond_notify_all(m->a->wake);
    } else {
      free(b->maps);
      free(b);
    }
    b = next;
  }
}

/* Whether outputs wait in source rack S for a member of G (collected). */
static int waits_in(const group *g, int s)
{
  for (const member *m = g->members; m; m = m->next)
    if (m->n_pend[s])
      return 1;
  return 0;
}

/* With a cap on G's carriers: the source rack that a carrier of G, which
 * served SRC and last took at TAKEN, serves next (the job's MUTEX held), or
 * -1 when it leaves.  It goes round the source racks in G's round from
 * SRC's next, to the first where outputs wait, no other carrier serves
 * and the poll is due (a poll after the group last took there, or at once
 * for a full transfer or after the job's last map), waiting for the
 * earliest poll if none is due; when nothing waits, it waits out its own
 * poll as a carrier without a cap does, and leaves if nothing came. */
static int next_source(engine *e, group *g, int src, double taken, sg_mutex_t mutex)
{
  int n_racks = e->platform->n_racks;
  for (;;) {
    double now = simgrid_get_clock(), when = INFINITY;
    int maps_over = g->j->maps_done == g->j->n_maps;
    for (member *m = g->members; m; m = m->next)
      collect(e, m);
    for (int k = 1; k <= n_racks; k++) {
      int s = g->round[(g->place[src] + k) % n_racks];
      if ((s != src && g->busy[s]) || !waits_in(g, s))
        continue;
      if (maps_over || g->queued[s] >= full(g->j) || now >= g->due[s])
        return s;
      if (g->due[s] < when)
        when = g->due[s];
    }
    if (when == INFINITY) { /* nothing waits */
      if (maps_over || now >= taken + g->period)
        return -1;
      when = taken + g->period;
    }
    condwait_for(g->poll, mutex, when - now);
  }
}

/* Actor: the carrier of a group and a source rack, on the group's receiving
 * host, while outputs wait there; with a cap on the group's carriers, of a
 * group, going round the source racks while outputs wait in any. */
static void carrier_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  carrier_arg *arg = sg_actor_self_get_data();
  group *g = arg->g;
  int src = arg->src;
  sg_mutex_t mutex = g->j->mutex; /* G may be freed as this carrier ends */
  free(arg);
  sg_mutex_lock(mutex);
  for (;;) {
    int64_t wire;
    batch *b = take(e, g, src, &wire);
    if (!b && !g->cap)
      break;
    double taken = simgrid_get_clock();
    if (b) {
      sg_mutex_unlock(mutex);
      if (wire > 0)
        transfer(e, g, src, b, wire);
      sg_mutex_lock(mutex);
      hand_over(g, b);
    }
    if (g->cap) {
      g->due[src] = taken + g->period;
      int next = next_source(e, g, src, taken, mutex);
      if (next < 0)
        break;
      if (next != src) {
        group_serve(g, src, 0);
        group_serve(g, next, 1);
        src = next;
      }
      continue;
    }
    /* what waits now is taken at the next poll, or at once when it fills a transfer or the last map has ended */
    while (g->j->maps_done < g->j->n_maps && simgrid_get_clock() < taken + g->period && g->queued[src] < full(g->j))
      condwait_for(g->poll, mutex, taken + g->period - simgrid_get_clock());
  }
  group_serve(g, src, 0);
  g->carriers--;
  group_release(e, g);
  sg_mutex_unlock(mutex);
}

/* Starts a carrier for each source rack where M has outputs waiting and none
 * serves G, with a cap on G's carriers in G's round until it is reached
 * (the job's mutex held). */
static void start_carriers(engine *e, group *g, member *m)
{
  for (int k = 0; k < e->platform->n_racks; k++) {
    int s = g->cap ? g->round[k] : k;
    if (!m->n_pend[s] || g->busy[s])
      continue;
    if (g->cap && g->carriers >= g->cap)
      break;
    carrier_arg *arg = xmalloc(sizeof *arg);
    *arg = (carrier_arg){g, s};
    group_serve(g, s, 1);
    g->carriers++;
    sg_actor_t c = sg_actor_init("carrier", g->sink);
    sg_actor_set_data(c, arg);
    sg_actor_start(c, carrier_actor, 0, NULL);
  }
}

/* Orders members as the JobTracker's loop over reduce tasks reaches their attempts. */
static int by_task_then_attempt(const void *pa, const void *pb)
{
  const attempt *a = (*(member *const *)pa)->a, *b = (*(member *const *)pb)->a;
  if (a->task->index != b->task->index)
    return a->task->index < b->task->index ? -1 : 1;
  return (a->number > b->number) - (a->number < b->number);
}

/* Whether member M, woken now, would start a carrier for a source rack of
 * none of the N racks STARTED: outputs wait for it in another rack that no
 * carrier of its group serves. */
static int would_start(const member *m, const int *started, int n)
{
  int covered = 0;
  for (int k = 0; k < n; k++)
    covered += m->n_pend[started[k]] > 0;
  return m->n_idle > covered;
}

/* Adds M to the N members of WAKE, grown as needed. */
static void wake_add(member ***wake, int *n, int *cap, member *m)
{
  if (*n == *cap)
    *wake = xrealloc(*wake, (size_t)(*cap = *cap ? 2 * *cap : 16) * sizeof **wake);
  (*wake)[(*n)++] = m;
}

void coarse_map_announced(engine *e, job *j, const task *t)
{
  int n_racks = e->platform->n_racks, n_wake = 0, cap_wake = 0, src = e->platform->workers[t->out_worker].rack;
  if (!groups) /* no reducer of a coarse job shuffles yet */
    return;
  member **wake = NULL;
  int *started = xmalloc((size_t)n_racks * sizeof *started);
  for (int r = 0; r < n_racks; r++) {
    group *g = groups[(size_t)j->index * (size_t)n_racks + (size_t)r];
    if (!g)
      continue;
    for (const member *m = g->members; m; m = m->next)
      g->queued[src] += engine_part_wire(t, m->a->task->index);
    if (j->maps_done == j->n_maps || (g->busy[src] && g->queued[src] >= full(j))) /* no need to wait for the poll */
      sg_cond_notify_all(g->poll);
    else if (g->cap && g->carriers && !g->busy[src] &&
             (g->queued[src] >= full(j) || simgrid_get_clock() >= g->due[src])) /* a carrier may come round */
      sg_cond_notify_all(g->poll);
    for (member *m = g->members; m; m = m->next)
      if (m->waiting) {
        collect(e, m);    /* what it would do first, woken */
        if (m->a->cancel) /* it would leave */
          wake_add(&wake, &n_wake, &cap_wake, m);
      }
    /* in order, each member that would start a carrier no earlier one started */
    for (int n_started = 0; !g->cap || g->carriers + n_started < g->cap;) {
      member *low = NULL;
      for (member *m = g->members; m; m = m->next)
        if (m->waiting && !m->a->cancel && would_start(m, started, n_started) &&
            (!low || by_task_then_attempt(&m, &low) < 0))
          low = m;
      if (!low)
        break;
      for (int s = 0; s < n_racks; s++) {
        int k = 0;
        while (k < n_started && started[k] != s)
          k++;
        if (low->n_pend[s] && !g->busy[s] && k == n_started && (!g->cap || g->carriers + n_started < g->cap))
          started[n_started++] = s;
      }
      wake_add(&wake, &n_wake, &cap_wake, low);
    }
  }
  if (n_wake > 1)
    qsort(wake, (size_t)n_wake, sizeof *wake, by_task_then_attempt);
  for (int k = 0; k < n_wake; k++) {
    wake[k]->waiting = 0;
    sg_cond_notify_one(wake[k]->a->wake);
  }
  free(wake);
  free(started);
}

void coarse_shuffle(attempt *a, coarse_land_fn *land, void *arg)
{
  engine *e = the_engine;
  job *j = a->task->job;
  int n_racks = e->platform->n_racks;
  member *m = xcalloc(1, sizeof *m);
  m->a = a;
  m->state = xcalloc((size_t)j->n_maps, 1);
  m->n_pend = xcalloc((size_t)n_racks, sizeof *m->n_pend);
  m->cap_pend = xcalloc((size_t)n_racks, sizeof *m->cap_pend);
  m->pend = xcalloc((size_t)n_racks, sizeof *m->pend);
  sg_mutex_lock(j->mutex);
  group *g = group_get(e, j, e->platform->workers[a->worker].rack);
  m->g = g;
  m->id = g->next_id++;
  m->next = g->members;
  g->members = m;
  a->wake = sg_cond_init();
  collect(e, m); /* what was announced before it came: its carriers have that to take too */
  for (int s = 0; s < n_racks; s++) {
    for (int k = 0; k < m->n_pend[s]; k++)
      g->queued[s] += engine_part_wire(&j->maps[m->pend[s][k]], a->task->index);
    if (g->busy[s] && g->queued[s] >= full(j))
      sg_cond_notify_all(g->poll);
  }
  if (g->cap && g->carriers) /* its outputs wait for the carriers going round */
    sg_cond_notify_all(g->poll);
  for (;;) {
    collect(e, m);
    if (m->landed == j->n_maps || a->cancel)
      break;
    if (m->in_head) {
      batch *b = m->in_head;
      if (!(m->in_head = b->next))
        m->in_tail = NULL;
      sg_mutex_unlock(j->mutex);
      land(arg, b->maps, b->n);
      sg_mutex_lock(j->mutex);
      m->landed += b->n;
      free(b->maps);
      free(b);
      continue;
    }
    start_carriers(e, g, m);
    m->waiting = 1;
    sg_cond_wait(a->wake, j->mutex);
    m->waiting = 0;
  }
  member **p = &g->members;
  while (*p != m)
    p = &(*p)->next;
  *p = m->next;
  while (m->in_head) {
    batch *b = m->in_head;
    m->in_head = b->next;
    free(b->maps);
    free(b);
  }
  group_release(e, g);
  sg_cond_destroy(a->wake);
  a->wake = NULL;
  sg_mutex_unlock(j->mutex);
  for (int s = 0; s < n_racks; s++)
    free(m->pend[s]);
  free(m->pend);
  free(m->n_pend);
  free(m->cap_pend);
  free(m->state);
  free(m);
}
