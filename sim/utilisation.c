/* utilisation.c - the workers' CPU, disk and NIC utilisation over time, per
 * node class and per host, for utilisation.csv, host-utilisation.csv and
 * their plots.
 *
 * An actor on the master wakes every mrlab.utilisation.period and takes,
 * for each node class and for each worker, what it did since the last sample:
 * SimGrid's flops computed on their hosts (the host load plugin), and the
 * bytes their trackers counted on disk and sent over the network, each
 * over the class's capacity in the interval (cores times speed; the time
 * each disk and NIC would take for the bytes, over the interval and the
 * workers).  Disk and network bytes are counted when a pipeline chunk (or
 * a fetch) ends, so an interval can see more than it could carry; the
 * excess is carried into the next interval, which keeps every fraction in
 * [0, 1] and the series' integral equal to the run's totals (summary.json).
 * The run takes a last sample when the simulation ends, so the rows cover
 * all of it.  A table stops taking rows at CONF_SAMPLED_ROWS (the host
 * table first, on a large cluster: a row a worker a sample), and the last
 * sample then covers the rest of the run in one row.
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
  int who;            /* the node class, or the worker */
  double used[RES_N]; /* fractions of its capacity */
} util_row;

/* One table's samples: per node class, or per worker. */
typedef struct {
  double last;            /* time of the previous sample */
  double (*total)[RES_N]; /* per class or worker, at the previous sample: flops, disk seconds, NIC seconds */
  double (*carry)[RES_N]; /* per class or worker, work counted beyond a full interval, for the next */
  int stopped;            /* rows at CONF_SAMPLED_ROWS: the run's last sample only */
  util_row *rows;
  size_t n_rows, cap_rows;
} util_series;

struct utilisation_state {
  int *workers; /* per class: its workers in this run */
  util_series cls, host;
};

/* Per worker, the totals so far of each resource into TOTAL: flops, and
 * the seconds its disks and NIC were busy. */
static void totals(const engine *e, double (*total)[RES_N])
{
  for (int i = 0; i < e->platform->n_workers; i++) {
    engine_tracker_busy(e, i, &total[i][RES_DISK], &total[i][RES_NIC]);
    total[i][RES_CPU] = sg_host_get_computed_flops(e->trackers[i].host);
  }
}

/* Appends to S the row of class or worker WHO at NOW: the work done since
 * S's previous sample (TOTAL less the one then, and the carry) over
 * CAPACITY, what exceeds it carried on. */
static void series_add(util_series *s, int who, double now, const double total[RES_N], const double capacity[RES_N])
{
  if (s->n_rows == s->cap_rows) {
    s->cap_rows = s->cap_rows ? 2 * s->cap_rows : 64;
    s->rows = xrealloc(s->rows, s->cap_rows * sizeof *s->rows);
  }
  util_row *r = &s->rows[s->n_rows++];
  r->time = now;
  r->who = who;
  for (int k = 0; k < RES_N; k++) {
    double work = total[k] - s->total[who][k] + s->carry[who][k];
    double done = work < capacity[k] ? work : capacity[k];
    r->used[k] = done / capacity[k];
    s->carry[who][k] = work - done;
    s->total[who][k] = total[k];
  }
}

void utilisation_sample(engine *e, double now, int last)
{
  const platform *p = e->platform;
  struct utilisation_state *u = e->util;
  if (!u) {
    u = e->util = xcalloc(1, sizeof *u);
    u->workers = xcalloc((size_t)p->n_classes, sizeof *u->workers);
    for (int i = 0; i < p->n_workers; i++)
      u->workers[p->workers[i].cls]++;
    u->cls.total = xcalloc((size_t)p->n_classes, sizeof *u->cls.total);
    u->cls.carry = xcalloc((size_t)p->n_classes, sizeof *u->cls.carry);
    u->host.total = xcalloc((size_t)p->n_workers, sizeof *u->host.total);
    u->host.carry = xcalloc((size_t)p->n_workers, sizeof *u->host.carry);
  }
  double(*total)[RES_N] = xmalloc((size_t)p->n_workers * sizeof *total);
  double(*sum)[RES_N] = xcalloc((size_t)p->n_classes, sizeof *sum);
  totals(e, total);
  for (int i = 0; i < p->n_workers; i++)
    for (int k = 0; k < RES_N; k++)
      sum[p->workers[i].cls][k] += total[i][k];
  util_series *s = &u->cls;
  double dt = now - s->last;
  if (dt > 0 && (!s->stopped || last)) {
    for (int c = 0; c < p->n_classes; c++) {
      const platform_class *pc = &p->classes[c];
      if (u->workers[c]) /* else a class left out by --workers */
        series_add(s, c, now, sum[c],
                   (double[RES_N]){u->workers[c] * pc->cores * pc->speed * dt, u->workers[c] * dt, u->workers[c] * dt});
    }
    s->last = now;
  }
  s = &u->host;
  dt = now - s->last;
  if (dt > 0 && (!s->stopped || last)) {
    for (int i = 0; i < p->n_workers; i++) {
      const platform_class *pc = &p->classes[p->workers[i].cls];
      series_add(s, i, now, total[i], (double[RES_N]){pc->cores * pc->speed * dt, dt, dt});
    }
    s->last = now;
  }
  free(total);
  free(sum);
}

void utilisation_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  double period = conf_get(&e->cluster, CONF_UTILISATION_PERIOD);
  sg_actor_daemonize(sg_actor_self()); /* it ends with the run */
  for (;;) {
    activities_sleep_for(period);
    struct utilisation_state *u = e->util;
    if (u && !u->cls.stopped && u->cls.n_rows + 2 * (size_t)e->platform->n_classes > CONF_SAMPLED_ROWS)
      u->cls.stopped = 1, e->stopped[1] = simgrid_get_clock(); /* the run's last sample covers the rest */
    if (u && !u->host.stopped && u->host.n_rows + 2 * (size_t)e->platform->n_workers > CONF_SAMPLED_ROWS)
      u->host.stopped = 1, e->stopped[2] = simgrid_get_clock();
    if (u && u->cls.stopped && u->host.stopped)
      return;
    utilisation_sample(e, simgrid_get_clock(), 0);
  }
}

void utilisation_write(const engine *e, FILE *f, int per_host)
{
  const struct utilisation_state *u = e->util;
  const util_series *s = u ? (per_host ? &u->host : &u->cls) : NULL;
  for (size_t i = 0; s && i < s->n_rows; i++) {
    const util_row *r = &s->rows[i];
    fprintf(f, "%.9f,%s,%.6f,%.6f,%.6f\n", r->time,
            per_host ? e->platform->workers[r->who].name : e->platform->classes[r->who].name, r->used[RES_CPU],
            r->used[RES_DISK], r->used[RES_NIC]);
  }
}

void utilisation_free(engine *e)
{
  struct utilisation_state *u = e->util;
  if (!u)
    return;
  util_series *s[2] = {&u->cls, &u->host};
  for (int k = 0; k < 2; k++) {
    free(s[k]->total);
    free(s[k]->carry);
    free(s[k]->rows);
  }
  free(u->workers);
  free(u);
  e->util = NULL;
}
