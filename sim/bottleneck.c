/* bottleneck.c - what limited each stage of a critical path (bottleneck.h).
 *
 * Two questions, each answered from what the run measured:
 *
 * - Which kind of resource set the stage's pace?  Every pipe of an
 *   attempt charges the seconds its stages spent in SimGrid activities to
 *   the attempt's phase, by kind: cores, disks, network (pipe.c, into
 *   attempt.busy).  A pipe runs as fast as its slowest stage, and that
 *   stage is the one busy all the time while the others wait on it, so
 *   the kind with the most seconds is the one that bounded the stage.
 *   (A map's read stage can be CPU-bound: the map function's back-pressure
 *   holds the reads.)
 * - Which resource of that kind?  Of those the phase used (its host's
 *   cores; its host's disks and those of the hosts it read from or wrote
 *   to; every link on the routes between them), the one most utilised
 *   while the segment ran: a resource near 100% bounded every flow or
 *   operation through it.  Disks and cores are read from host-
 *   utilisation.csv's samples, links from utilisation.c's samples of what
 *   SimGrid's max-min solver gave the flows on each link; both are taken
 *   every mrlab.utilisation.period, so a segment much shorter than that is
 *   judged from the samples around it.
 *
 * A file of its own because it joins three records of a run (the
 * attempts' charges, the samples and the topology's routes) to answer one
 * question per segment, after the run. */
#include "bottleneck.h"

#include "alloc.h"
#include "jobs.h"
#include "utilisation.h"

#include <simgrid/host.h>
#include <simgrid/link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xbt/dynar.h>

/* The phase whose pipes ran critical-path stage WHAT of A, or -1 (start-up). */
static int charged_phase(const attempt *a, int what)
{
  if (a->task->kind == KIND_MAP)
    switch (what) {
    case CRIT_READ:
    case CRIT_MAP:
    case CRIT_WRITE: return PHASE_READ; /* one pipe: read, map and a map-only job's HDFS write */
    case CRIT_SPILL: return PHASE_SPILL;
    case CRIT_MERGE: return PHASE_MERGE;
    default: return -1;
    }
  switch (what) {
  case CRIT_SHUFFLE: return PHASE_SHUFFLE;
  case CRIT_SORT: return PHASE_SORT;
  case CRIT_REDUCE:
  case CRIT_WRITE: return PHASE_REDUCE; /* one pipe: the reduce function and the HDFS write */
  default: return -1;
  }
}

/* The flows of A's PHASE as pairs of workers (sender, receiver) into FLOWS
 * (room for n_workers + replication + 1 pairs); returns their number. */
static int phase_flows(const engine *e, const attempt *a, int phase, int (*flows)[2])
{
  const job *j = a->task->job;
  int n = 0, writes = 0;
  if (a->task->kind == KIND_MAP && phase == PHASE_READ) {
    if (a->read_from >= 0 && a->read_from != a->worker)
      flows[n][0] = a->read_from, flows[n++][1] = a->worker;
    writes = !j->n_reduces;
  } else if (a->task->kind == KIND_REDUCE && phase == PHASE_SHUFFLE) {
    char *seen = xcalloc((size_t)e->platform->n_workers, 1);
    for (int m = 0; m < j->n_maps; m++) {
      int from = j->maps[m].out_worker;
      if (j->maps[m].done && engine_part_wire(&j->maps[m], a->task->index) > 0 && from != a->worker && !seen[from]) {
        seen[from] = 1;
        flows[n][0] = from, flows[n++][1] = a->worker;
      }
    }
    free(seen);
  } else if (a->task->kind == KIND_REDUCE && phase == PHASE_REDUCE) {
    writes = 1;
  }
  for (int k = 1; writes && a->targets && k < engine_output_replication(j); k++)
    if (a->targets[k - 1] != a->targets[k])
      flows[n][0] = a->targets[k - 1], flows[n++][1] = a->targets[k];
  return n;
}

/* The host a flow from worker FROM leaves by: its own, or, BY_RACK (a
 * reduce's shuffle in a job that shuffles by rack), its rack's gateway
 * (the shuffle's sender, reducetask.c). */
static sg_host_t sender(const engine *e, int by_rack, int from)
{
  return by_rack ? e->gateways[e->platform->workers[from].rack] : e->trackers[from].host;
}

void bottleneck_plan_stage(const engine *e, const attempt *a, int what, bottleneck_plan *plan)
{
  *plan = (bottleneck_plan){.kind = -1, .worker = a->worker};
  int phase = charged_phase(a, what);
  if (phase < 0)
    return;
  const double *busy = a->busy[phase];
  for (int k = 0; k < LIMIT_N; k++)
    if (busy[k] > 0 && (plan->kind < 0 || busy[k] > busy[plan->kind]))
      plan->kind = k;
  if (plan->kind < 0 || plan->kind == LIMIT_CPU)
    return;
  plan->by_rack = a->task->kind == KIND_REDUCE && phase == PHASE_SHUFFLE &&
                  conf_get(&a->task->job->desc->conf, CONF_SHUFFLE_BY_RACK) != 0;
  plan->flows =
      xmalloc((size_t)(e->platform->n_workers + engine_output_replication(a->task->job) + 1) * sizeof *plan->flows);
  plan->n = phase_flows(e, a, phase, plan->flows);
}

void bottleneck_resolve(const engine *e, const bottleneck_plan *plan, double start, double end, bottleneck *out)
{
  out->kind = plan->kind;
  out->resource[0] = '\0';
  out->used = -1;
  if (out->kind < 0)
    return;
  const platform *p = e->platform;
  const char *here = p->workers[plan->worker].name;
  if (out->kind == LIMIT_CPU) {
    snprintf(out->resource, sizeof out->resource, "cores of %s", here);
    out->used = utilisation_host_mean(e, plan->worker, RES_CPU, start, end);
    return;
  }
  int n = plan->n;
  int(*flows)[2] = plan->flows;
  if (out->kind == LIMIT_DISK) { /* its own host's disks, and those of the hosts the flows touch; a tie to its own */
    double best = utilisation_host_mean(e, plan->worker, RES_DISK, start, end);
    int at = plan->worker;
    for (int f = 0; f < n; f++)
      for (int side = 0; side < 2; side++) {
        double used = utilisation_host_mean(e, flows[f][side], RES_DISK, start, end);
        if (used > best)
          best = used, at = flows[f][side];
      }
    const platform_class *c = platform_node_class(p, &p->workers[at]);
    snprintf(out->resource, sizeof out->resource, "%s of %s", c->n_disks > 1 ? "disks" : "disk",
             p->workers[at].name);
    out->used = best;
  } else { /* every link on the flows' routes; a tie to the first met, from the sender */
    xbt_dynar_t route = xbt_dynar_new(sizeof(sg_link_t), NULL);
    double best = -1;
    for (int f = 0; f < n; f++) {
      xbt_dynar_reset(route);
      sg_host_get_route(sender(e, plan->by_rack, flows[f][0]), e->trackers[flows[f][1]].host, route);
      unsigned i;
      sg_link_t l;
      xbt_dynar_foreach (route, i, l) {
        double used = utilisation_link_mean(e, l, start, end);
        if (used > best) {
          best = used;
          snprintf(out->resource, sizeof out->resource, "%s", sg_link_get_name(l));
        }
      }
    }
    xbt_dynar_free(&route);
    if (!out->resource[0]) /* no flow left this host (or no samples): the network at large */
      snprintf(out->resource, sizeof out->resource, "network of %s", here);
    out->used = best;
  }
}
