/* utilisation.c - the workers' CPU, disk and NIC utilisation over time, per
 * node class, for utilisation.csv and its plot.
 *
 * An actor on the master wakes every mrlab.utilisation.period and takes,
 * for each node class, what its workers did since the last sample:
 * SimGrid's flops computed on their hosts (the host load plugin), and the
 * bytes their trackers counted on disk and sent over the network, each
 * over the class's capacity in the interval (cores times speed; the time
 * each disk and NIC would take for the bytes, over the interval and the
 * workers).  Disk and network bytes are counted when a pipeline chunk (or
 * a fetch) ends, so an interval can see more than it could carry; the
 * excess is carried into the next interval, which keeps every fraction in
 * [0, 1] and the series' integral equal to the run's totals (summary.json).
 * The run takes a last sample when the simulation ends, so the rows cover
 * all of it.
 *
 * A file of its own beside indicators.c, the other sampler, because it
 * reads SimGrid's counters and the trackers' rather than the JobTracker's
 * view.  Like it, the actor does no simcall but sleep and changes nothing
 * the other actors read: a run gives the same tasks.csv with it or without. */
#include "utilisation.h"

#include "alloc.h"
#include "rundir.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/plugins/load.h>

#include <stdlib.h>

enum { RES_CPU, RES_DISK, RES_NIC, RES_N };

typedef struct {
  double time;
  int cls;
  double used[RES_N]; /* fractions of the class's capacity */
} util_row;

struct utilisation_state {
  double last;            /* time of the previous sample */
  double (*total)[RES_N]; /* per class, at the previous sample: flops, disk seconds, NIC seconds */
  double (*carry)[RES_N]; /* per class, work counted beyond a full interval, for the next */
  int *workers;           /* per class: its workers in this run */
  util_row *rows;
  size_t n_rows, cap_rows;
};

/* Per class, the totals so far of each resource into TOTAL: flops, and the
 * seconds the disks and NICs of its workers were busy, summed. */
static void totals(const engine *e, double (*total)[RES_N])
{
  const platform *p = e->platform;
  for (int c = 0; c < p->n_classes; c++)
    for (int k = 0; k < RES_N; k++)
      total[c][k] = 0;
  for (int i = 0; i < p->n_workers; i++) {
    double *t = total[p->workers[i].cls], disk, nic;
    engine_tracker_busy(e, i, &disk, &nic);
    t[RES_CPU] += sg_host_get_computed_flops(e->trackers[i].host);
    t[RES_DISK] += disk;
    t[RES_NIC] += nic;
  }
}

void utilisation_sample(engine *e, double now)
{
  const platform *p = e->platform;
  struct utilisation_state *u = e->util;
  if (!u) {
    u = e->util = xcalloc(1, sizeof *u);
    u->total = xcalloc((size_t)p->n_classes, sizeof *u->total);
    u->carry = xcalloc((size_t)p->n_classes, sizeof *u->carry);
    u->workers = xcalloc((size_t)p->n_classes, sizeof *u->workers);
    for (int i = 0; i < p->n_workers; i++)
      u->workers[p->workers[i].cls]++;
  }
  double dt = now - u->last;
  if (!(dt > 0))
    return;
  double(*total)[RES_N] = xmalloc((size_t)p->n_classes * sizeof *total);
  totals(e, total);
  for (int c = 0; c < p->n_classes; c++) {
    if (!u->workers[c])
      continue; /* a class left out by --workers */
    const platform_class *pc = &p->classes[c];
    double capacity[RES_N] = {u->workers[c] * pc->cores * pc->speed * dt, u->workers[c] * dt, u->workers[c] * dt};
    if (u->n_rows == u->cap_rows) {
      u->cap_rows = u->cap_rows ? 2 * u->cap_rows : 64;
      u->rows = xrealloc(u->rows, u->cap_rows * sizeof *u->rows);
    }
    util_row *r = &u->rows[u->n_rows++];
    r->time = now;
    r->cls = c;
    for (int k = 0; k < RES_N; k++) {
      double work = total[c][k] - u->total[c][k] + u->carry[c][k];
      double done = work < capacity[k] ? work : capacity[k];
      r->used[k] = done / capacity[k];
      u->carry[c][k] = work - done;
      u->total[c][k] = total[c][k];
    }
  }
  u->last = now;
  free(total);
}

void utilisation_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  double period = conf_get(&e->cluster, CONF_UTILISATION_PERIOD);
  sg_actor_daemonize(sg_actor_self()); /* it ends with the run */
  for (;;) {
    activities_sleep_for(period);
    if (e->util && e->util->n_rows + 2 * (size_t)e->platform->n_classes > CONF_SAMPLED_ROWS) {
      e->stopped[1] = simgrid_get_clock(); /* the run's last sample covers the rest */
      return;
    }
    utilisation_sample(e, simgrid_get_clock());
  }
}

void utilisation_write(const engine *e, FILE *f)
{
  const struct utilisation_state *u = e->util;
  for (size_t i = 0; u && i < u->n_rows; i++) {
    const util_row *r = &u->rows[i];
    fprintf(f, "%.9f,%s,%.6f,%.6f,%.6f\n", r->time, e->platform->classes[r->cls].name, r->used[RES_CPU],
            r->used[RES_DISK], r->used[RES_NIC]);
  }
}

void utilisation_free(engine *e)
{
  struct utilisation_state *u = e->util;
  if (!u)
    return;
  free(u->total);
  free(u->carry);
  free(u->workers);
  free(u->rows);
  free(u);
  e->util = NULL;
}
