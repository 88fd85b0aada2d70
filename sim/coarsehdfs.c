/* coarsehdfs.c - HDFS's transfers between workers by rack pair (coarsehdfs.h).
 *
 * Why: a run's cost is about its events times its flows in flight
 * (docs/scale.md), and a huge map-only job writes with every map at once:
 * FB-2010's job7910 (21,600 maps writing 3.6 TB, three replicas) keeps two
 * pipeline hops in flight for each map writing, to its second and its
 * third replica, and took the day to 19,000 flows in flight, each
 * re-sharing all the others at its start and end; SimGrid's solver then
 * spent tens of seconds of CPU on a simulated second (docs/traces.md).
 * The coarse shuffle (coarse.c) bounds the shuffle's flows, not HDFS's.
 *
 * How: each transfer between workers in racks A and B joins the queue of
 * (A, B) for its kind, and waits.  A carrier, an actor on B's receiving
 * gateway, takes everything waiting in a queue, sends it as one flow from
 * A's sending gateway to B's receiving one (both with the summed
 * bandwidth of their rack's NICs, topology.h; within a rack, through the
 * two gateway links), then releases each transfer it carried, and goes on
 * to the next queue for B where transfers wait and no carrier is, in an
 * order of the source racks drawn from the seed (a draw, not the platform
 * file's order: docs/design.md).  A transfer that finds its queue without
 * a carrier starts one, unless B already has `cap` carriers of its kind
 * (mrlab.hdfs.coarse.carriers; 0: no cap), one of which will come round.
 * So a kind has at most one flow a rack pair in flight, and with a cap,
 * cap x racks, whatever the tasks writing; the transfers that wait while
 * a flow is on the wire go together in the next.
 *
 * What is lost: contention at each worker's NIC (the gateways pool their
 * rack's), the transfers' own order and rates within a flow (all end
 * together, when it does), and a transfer's wait for the flow before it on
 * its pair (a chunk written behind another from the same rack waits for
 * that flow to end).  A worker lost while its transfer is carried does not
 * stop it.  bench/fidelity measures the price. */
#include "coarsehdfs.h"

#include "alloc.h"

#include <simgrid/actor.h>
#include <simgrid/host.h>
#include <simgrid/semaphore.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <stdio.h>
#include <stdlib.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mrlab_coarsehdfs, mrlab, "HDFS's transfers by rack pair: each carrier's flow");

enum { KIND_READS, KIND_WRITES, N_KINDS };

typedef struct waiter {
  double bytes;
  sg_sem_t done; /* released once a carrier has delivered them */
  struct waiter *next;
} waiter;

typedef struct {
  waiter *head, *tail;
  int carried; /* a carrier is sending this queue's transfers now */
} queue;

struct coarsehdfs {
  const platform *p;
  int n_racks, cap;
  queue *queues;       /* [kind][destination][source] */
  int *carriers;       /* [kind][destination]: carriers at work */
  int *round, *place;  /* [destination][k]: the source racks in drawn order; place: a source's k */
  sg_host_t *out, *in; /* per rack: its sending and its receiving gateway */
};

typedef struct {
  coarsehdfs *c;
  int kind, dst, from; /* from: the place in dst's round to look first */
} carrier_arg;

coarsehdfs *coarsehdfs_alloc(engine *e, int cap)
{
  const platform *p = e->platform;
  int n = p->n_racks;
  coarsehdfs *c = xcalloc(1, sizeof *c);
  c->p = p;
  c->n_racks = n;
  c->cap = cap > 0 ? cap : n;
  c->queues = xcalloc((size_t)N_KINDS * (size_t)n * (size_t)n, sizeof *c->queues);
  c->carriers = xcalloc((size_t)N_KINDS * (size_t)n, sizeof *c->carriers);
  c->round = xmalloc((size_t)n * (size_t)n * sizeof *c->round);
  c->place = xmalloc((size_t)n * (size_t)n * sizeof *c->place);
  c->out = xmalloc((size_t)n * sizeof *c->out);
  c->in = xmalloc((size_t)n * sizeof *c->in);
  for (int b = 0; b < n; b++) {
    char name[96];
    c->out[b] = e->gateways[b];
    snprintf(name, sizeof name, "%s-shuffle-in", p->racks[b].name);
    c->in[b] = sg_host_by_name(name);
    xbt_assert(c->out[b] && c->in[b], "mrlab.hdfs.coarse needs the platform loaded with its rack gateways");
    engine_racks_drawn((const uint64_t[]){DRAW_HDFS_CARRIER, engine_name_hash(p->racks[b].name)}, 2, c->round + b * n,
                       c->place + b * n);
  }
  return c;
}

void coarsehdfs_free(coarsehdfs *c)
{
  if (!c)
    return;
  free(c->queues);
  free(c->carriers);
  free(c->round);
  free(c->place);
  free(c->out);
  free(c->in);
  free(c);
}

static queue *queue_of(coarsehdfs *c, int kind, int dst, int src)
{
  return &c->queues[((size_t)kind * (size_t)c->n_racks + (size_t)dst) * (size_t)c->n_racks + (size_t)src];
}

/* Actor: a carrier of one kind of transfer into one rack, going round the
 * source racks from its first, while transfers wait that no carrier takes. */
static void carrier_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  carrier_arg *arg = sg_actor_self_get_data();
  coarsehdfs *c = arg->c;
  int n = c->n_racks, k = arg->from;
  for (;;) {
    int src = -1;
    for (int step = 0; step < n && src < 0; step++) {
      int s = c->round[arg->dst * n + (k + step) % n];
      queue *q = queue_of(c, arg->kind, arg->dst, s);
      if (q->head && !q->carried)
        src = s;
    }
    if (src < 0)
      break;
    queue *q = queue_of(c, arg->kind, arg->dst, src);
    waiter *taken = q->head;
    q->head = q->tail = NULL;
    q->carried = 1;
    double bytes = 0;
    int n_taken = 0;
    for (waiter *w = taken; w; w = w->next, n_taken++)
      bytes += w->bytes;
    XBT_INFO("%s into %s from %s: %d transfers, %.0f bytes", arg->kind == KIND_READS ? "reads" : "writes",
             c->p->racks[arg->dst].name, c->p->racks[src].name, n_taken, bytes);
    activities_sendto(arg->kind == KIND_READS ? ACT_HDFS_READ : ACT_HDFS_WRITE, c->out[src], c->in[arg->dst], bytes);
    q->carried = 0;
    while (taken) { /* each waiter frees itself once released, so read its successor first */
      waiter *next = taken->next;
      sg_sem_release(taken->done);
      taken = next;
    }
    k = c->place[arg->dst * n + src] + 1;
  }
  c->carriers[arg->kind * n + arg->dst]--;
  free(arg);
}

/* The rack of worker host H. */
static int rack_of(const engine *e, sg_host_t h)
{
  const tracker *tr = sg_host_get_data(h);
  xbt_assert(tr, "an HDFS transfer between workers came from or went to %s, no worker", sg_host_get_name(h));
  return e->platform->workers[tr - e->trackers].rack;
}

void coarsehdfs_send(activity_kind k, sg_host_t from, sg_host_t to, double bytes)
{
  engine *e = the_engine;
  coarsehdfs *c = e->coarse_hdfs;
  xbt_assert(k == ACT_HDFS_READ || k == ACT_HDFS_WRITE, "only HDFS's reads and writes go by rack pair");
  int kind = k == ACT_HDFS_READ ? KIND_READS : KIND_WRITES, src = rack_of(e, from), dst = rack_of(e, to);
  waiter w = {.bytes = bytes, .done = sg_sem_init(0)};
  queue *q = queue_of(c, kind, dst, src);
  if (q->tail)
    q->tail->next = &w;
  else
    q->head = &w;
  q->tail = &w;
  int *carriers = &c->carriers[kind * c->n_racks + dst];
  if (!q->carried && *carriers < c->cap) {
    (*carriers)++;
    carrier_arg *arg = xmalloc(sizeof *arg);
    *arg = (carrier_arg){c, kind, dst, c->place[dst * c->n_racks + src]};
    sg_actor_t a = sg_actor_init("hdfs-carrier", c->in[dst]);
    sg_actor_set_data(a, arg);
    sg_actor_start(a, carrier_actor, 0, NULL);
  }
  sg_sem_acquire(w.done);
  sg_sem_destroy(w.done);
}
