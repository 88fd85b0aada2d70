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
 * all of it.  A table would pass CONF_SAMPLED_ROWS on a long run (the
 * host table first, on a large cluster: a row a worker a sample).  With
 * the period left at its default, the table then halves its rows (each
 * pair of samples becomes one over both intervals) and samples half as
 * often, as many times as it takes, so a day's tables are whole; a period
 * the user set is kept, and its table stops taking rows there, the last
 * sample covering the rest of the run in one row.
 *
 * With the host table, the actor samples every link of the platform: what
 * it carries at that instant (SimGrid's max-min rates of the flows on it,
 * links.h) over its bandwidth.  These and the host table are what
 * bottleneck.c reads to name the disk, host or link that bounded a stage.
 *
 * A file of its own beside indicators.c, the other sampler, because it
 * reads SimGrid's counters and the trackers' rather than the JobTracker's
 * view.  Like it, the actor does no simcall but sleep and changes nothing
 * the other actors read: a run gives the same tasks.csv with it or without. */
#include "utilisation.h"

#include "alloc.h"
#include "fixed.h"
#include "links.h"
#include "rundir.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <simgrid/plugins/load.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
  int stride;             /* it samples at every STRIDE-th wake of the actor (coarsen) */
  size_t block;           /* rows a sample: the classes with workers, or the workers */
  util_row *rows;
  size_t n_rows, cap_rows;
} util_series;

struct utilisation_state {
  int *workers; /* per class: its workers in this run */
  util_series cls, host;
  sg_link_t *links;       /* every link, as SimGrid lists them, */
  size_t n_links;         /* and how many */
  double *link_time;      /* per link sample: its time, */
  float *link_used;       /* and each link's usage over its bandwidth (n_links a sample) */
  size_t n_link_samples, cap_link_samples;
  long wakes; /* of the actor so far */
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

/* Appends to U's link samples what each link carries at NOW over its bandwidth. */
static void sample_links(struct utilisation_state *u, double now)
{
  if (u->n_link_samples == u->cap_link_samples) {
    u->cap_link_samples = u->cap_link_samples ? 2 * u->cap_link_samples : 64;
    u->link_time = xrealloc(u->link_time, u->cap_link_samples * sizeof *u->link_time);
    u->link_used = xrealloc(u->link_used, u->cap_link_samples * u->n_links * sizeof *u->link_used);
  }
  u->link_time[u->n_link_samples] = now;
  float *used = u->link_used + u->n_link_samples++ * u->n_links;
  for (size_t k = 0; k < u->n_links; k++)
    used[k] = (float)(links_usage(u->links[k]) / sg_link_get_bandwidth(u->links[k]));
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
    u->n_links = sg_link_count();
    u->links = sg_link_list();
    u->cls.stride = u->host.stride = 1;
    for (int c = 0; c < p->n_classes; c++)
      u->cls.block += u->workers[c] > 0;
    u->host.block = (size_t)p->n_workers;
  }
  u->wakes += !last;
  double(*total)[RES_N] = xmalloc((size_t)p->n_workers * sizeof *total);
  double(*sum)[RES_N] = xcalloc((size_t)p->n_classes, sizeof *sum);
  totals(e, total);
  for (int i = 0; i < p->n_workers; i++)
    for (int k = 0; k < RES_N; k++)
      sum[p->workers[i].cls][k] += total[i][k];
  util_series *s = &u->cls;
  double dt = now - s->last;
  if (dt > 0 && (last ? 1 : !s->stopped && u->wakes % s->stride == 0)) {
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
  if (dt > 0 && (last ? 1 : !s->stopped && u->wakes % s->stride == 0)) {
    for (int i = 0; i < p->n_workers; i++) {
      const platform_class *pc = &p->classes[p->workers[i].cls];
      series_add(s, i, now, total[i], (double[RES_N]){pc->cores * pc->speed * dt, dt, dt});
    }
    s->last = now;
    sample_links(u, now);
  }
  free(total);
  free(sum);
}

/* Halves the rows of S, whose samples ended at the times of their blocks:
 * each pair of samples becomes one at the second's time, each row the
 * mean of the pair's, weighted by their intervals' lengths (what one
 * sample over both would have given, but for work carried from the second
 * into the first); an odd last sample stays as it is.  With LINKS (the
 * host table), U's link samples keep those taken with the samples kept.  S then
 * samples half as often. */
static void coarsen(struct utilisation_state *u, util_series *s, int links)
{
  size_t n = s->block, blocks = s->n_rows / n, kept = 0;
  double before = 0; /* the end of the sample before the pair */
  for (size_t b = 0; b < blocks; b += 2, kept++) {
    const util_row *x = &s->rows[b * n], *y = b + 1 < blocks ? &s->rows[(b + 1) * n] : NULL;
    double dx = x->time - before, dy = y ? y->time - x->time : 0;
    for (size_t i = 0; i < n; i++) {
      util_row r = y ? y[i] : x[i];
      for (int k = 0; y && k < RES_N; k++)
        r.used[k] = dx + dy > 0 ? (dx * x[i].used[k] + dy * y[i].used[k]) / (dx + dy) : y[i].used[k];
      s->rows[kept * n + i] = r;
    }
    before = y ? y->time : x->time;
    if (links) {
      size_t from = y ? b + 1 : b;
      u->link_time[kept] = u->link_time[from];
      memmove(u->link_used + kept * u->n_links, u->link_used + from * u->n_links, u->n_links * sizeof *u->link_used);
    }
  }
  s->n_rows = kept * n;
  if (links)
    u->n_link_samples = kept;
  s->stride *= 2;
}

void utilisation_actor(int argc, char **argv)
{
  (void)argc, (void)argv;
  engine *e = the_engine;
  double period = conf_get(&e->cluster, CONF_UTILISATION_PERIOD);
  int given = e->cluster.given[CONF_UTILISATION_PERIOD];
  sg_actor_daemonize(sg_actor_self()); /* it ends with the run */
  for (;;) {
    activities_sleep_for(period);
    struct utilisation_state *u = e->util;
    util_series *s[2] = {u ? &u->cls : NULL, u ? &u->host : NULL};
    for (int k = 0; u && k < 2; k++)
      if (!s[k]->stopped && s[k]->n_rows + 2 * s[k]->block > CONF_SAMPLED_ROWS) {
        if (!given)
          coarsen(u, s[k], k);
        else /* the run's last sample covers the rest */
          s[k]->stopped = 1, e->stopped[1 + k] = simgrid_get_clock();
      }
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
    /* "%.9f,%s,%.6f,%.6f,%.6f\n" without printf's cost: a day's replay writes millions of rows */
    static const int res[] = {RES_CPU, RES_DISK, RES_NIC};
    char time[48], used[3 * 49 + 1], *at = used;
    size_t n = fixed_format(r->time, 9, time, sizeof time);
    for (int k = 0; k < 3; k++) {
      *at++ = ',';
      at += fixed_format(r->used[res[k]], 6, at, 48);
    }
    *at++ = '\n';
    fwrite(time, 1, n, f);
    fputc(',', f);
    fputs(per_host ? e->platform->workers[r->who].name : e->platform->classes[r->who].name, f);
    fwrite(used, 1, (size_t)(at - used), f);
  }
}

/* The index of the first of the N ascending times T[0], T[STRIDE], ...,
 * T[(N-1)*STRIDE] at or after X, N if none. */
static size_t first_at(size_t n, double x, const void *t, size_t stride)
{
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (*(const double *)((const char *)t + mid * stride) < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

double utilisation_host_mean(const engine *e, int w, int res, double from, double to)
{
  const struct utilisation_state *u = e->util;
  size_t n = (size_t)e->platform->n_workers, blocks = u ? u->host.n_rows / n : 0;
  if (!blocks || to <= from)
    return -1;
  const util_row *rows = u->host.rows;
  double sum = 0, covered = 0;
  /* block b covers (time of block b-1, time of block b] */
  for (size_t b = first_at(blocks, from, &rows[0].time, n * sizeof *rows); b < blocks; b++) {
    double lo = b ? rows[(b - 1) * n].time : 0, hi = rows[b * n].time;
    if (lo >= to)
      break;
    double overlap = fmin(hi, to) - fmax(lo, from);
    if (overlap > 0) {
      sum += overlap * rows[b * n + (size_t)w].used[res];
      covered += overlap;
    }
  }
  return covered > 0 ? sum / covered : -1;
}

double utilisation_link_mean(const engine *e, const_sg_link_t link, double from, double to)
{
  const struct utilisation_state *u = e->util;
  if (!u || !u->n_link_samples)
    return -1;
  size_t k = 0;
  while (k < u->n_links && u->links[k] != link)
    k++;
  if (k == u->n_links)
    return -1;
  size_t first = first_at(u->n_link_samples, from, u->link_time, sizeof *u->link_time), i = first;
  double sum = 0;
  for (; i < u->n_link_samples && u->link_time[i] <= to; i++)
    sum += u->link_used[i * u->n_links + k];
  if (i > first)
    return sum / (double)(i - first);
  /* no sample inside: the one nearest the middle */
  double mid = (from + to) / 2;
  size_t near = first < u->n_link_samples ? first : first - 1;
  if (first > 0 && first < u->n_link_samples && mid - u->link_time[first - 1] < u->link_time[first] - mid)
    near = first - 1;
  return u->link_used[near * u->n_links + k];
}

void utilisation_free(engine *e)
{
  struct utilisation_state *u = e->util;
  if (!u)
    return;
  free(u->links);
  free(u->link_time);
  free(u->link_used);
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
