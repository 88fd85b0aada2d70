/* tune.c - MRTuner's plan search on mrlab's profiles.
 *
 * The PTC model needs its parts as functions of the plan; MRTuner's own
 * forms (its section 5.1) are lost, so these are the simplest that the
 * profiles support (docs/models.md lists what is measured and what assumed):
 *   t_map      = m waves x (map_rate x split) x compression's map factor
 *   t_schedule = waves x a task's start-up (maps' and reduces' own)
 *   D_s        = input x selectivity x compression's byte factor
 *   v          = the NICs a wave's reducers use x min(reducers a NIC x
 *                copiers x copier_rate, NIC): reducers on one host share
 *                its NIC, a wave spreading over at most reduce_hosts hosts
 *   t_lrw(x)   = x / the cluster's local read-and-write rate
 *   t_cs       = cs_rate x the bytes the first reduce wave copies while
 *                maps run, D_s (m-1)/(m r): the maps' slowdown while
 *                reducers copy, which MRTuner puts down to context switches
 *   t_reduce   = r waves x reduce_rate x input of a reduce x compression's factor
 *   B_r = 0:   Hadoop keeps no reduce input in memory by default
 *              (mapreduce.reduce.input.buffer.percent = 0), and no
 *              profile column measures what a reducer kept.
 * The rates come from the history's means; a map's time is taken as its
 * start-up plus a part proportional to its split, a reduce function's as
 * proportional to its input.  The copy rate of one copier comes from the
 * reduces of later waves, which copy after the maps have ended: from their
 * first byte in to the shuffle's end, so without the task's start-up
 * (t_schedule) and the sort's merges (t_lrw), which PTC charges apart.
 * cs_rate compares the maps of a whole split that ended while reducers
 * copied with those that ended before the first byte was copied. */
#include "tune.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>

int tune_catalog_fit(const job_profile *history, int n, const job_profile *toggled, const tune_plan *profiled,
                     double nic, double lrw_rate, double startup, tune_catalog *c, char *err, size_t errlen)
{
  if (n < 1 || !(nic > 0) || !(lrw_rate > 0) || !(profiled->split > 0)) {
    snprintf(err, errlen, "tune: expected history runs, a NIC, disks and a split");
    return -1;
  }
  for (int i = -1; i < n; i++)
    if ((i < 0 ? toggled : &history[i])->n_reduces < 1) {
      snprintf(err, errlen, "tune: expected runs of a job with reduces, got a map-only job");
      return -1;
    }
  *c = (tune_catalog){.map_slots = history[0].map_slots,
                      .reduce_slots = history[0].reduce_slots,
                      .startup = startup,
                      .nic = nic,
                      .lrw_rate = lrw_rate};
  int copied = 0, slowed = 0;
  for (int i = 0; i < n; i++) {
    const job_profile *h = &history[i];
    double per_reduce = h->shuffle_bytes / h->n_reduces;
    c->map_rate += fmax(0, h->map.avg - startup) / profiled->split / n;
    c->selectivity += h->shuffle_bytes / h->input_bytes / n;
    c->reduce_rate += h->reduce.avg / per_reduce / n;
    c->reduce_hosts = h->reduce_hosts > c->reduce_hosts ? h->reduce_hosts : c->reduce_hosts;
    if (h->copy.n > 0 && h->copy.avg > 0) {
      c->copier_rate += per_reduce / h->copy.avg / profiled->copiers;
      copied++;
    }
    /* the producer's extra time in run H, over the bytes copied while its maps ran */
    int m = ptc_waves(h->n_maps, h->map_slots), r = ptc_waves(h->n_reduces, h->reduce_slots);
    double early = h->shuffle_bytes * (m - 1) / m / r;
    if (h->map_alone.n > 0 && h->map_copying.n > 0 && early > 0) {
      c->cs_rate += (h->map_copying.avg - h->map_alone.avg) * h->map_copying.n / h->map_slots / early;
      slowed++;
    }
  }
  c->copier_rate = copied ? c->copier_rate / copied : nic / profiled->copiers;
  c->cs_rate = slowed ? fmax(0, c->cs_rate / slowed) : 0; /* maps that copies sped up lost no time to them */
  c->reduce_hosts = c->reduce_hosts > 0 ? c->reduce_hosts : 1;
  /* compression's factors, from the toggled twin of the last history run */
  const job_profile *h = &history[n - 1], *on = profiled->compress ? h : toggled,
                    *off = profiled->compress ? toggled : h;
  if (!(off->shuffle_bytes > 0) || !(off->map.avg > startup) || !(off->reduce.avg > 0)) {
    snprintf(err, errlen, "tune: the runs without compression moved or computed nothing");
    return -1;
  }
  c->c_bytes = on->shuffle_bytes / off->shuffle_bytes;
  c->c_map = fmax(0, on->map.avg - startup) / (off->map.avg - startup);
  c->c_reduce = on->reduce.avg / off->reduce.avg;
  if (profiled->compress) { /* the history's rates are compressed ones: bring them back */
    c->map_rate /= c->c_map;
    c->selectivity /= c->c_bytes;
    c->reduce_rate /= c->c_reduce;
  }
  return 0;
}

double tune_cost(const tune_catalog *c, double input, const tune_plan *p, ptc_cost *cost)
{
  int maps = (int)ceil(input / p->split);
  int m = ptc_waves(maps, c->map_slots), r = ptc_waves(p->reduces, c->reduce_slots);
  double shuffled = input * c->selectivity;
  int wave = p->reduces < c->reduce_slots ? p->reduces : c->reduce_slots;
  assert(c->reduce_hosts >= 1);
  int hosts = wave < c->reduce_hosts ? wave : c->reduce_hosts;
  double ds = shuffled * (p->compress ? c->c_bytes : 1);
  ptc_plan plan = {
      .m = m,
      .r = r,
      .v = hosts * fmin((double)wave / hosts * p->copiers * c->copier_rate, c->nic),
      .ds = ds,
      .lrw_rate = c->lrw_rate,
      .t_map = m * c->map_rate * fmin(p->split, input) * (p->compress ? c->c_map : 1),
      .t_schedule_m = m * c->startup,
      .t_schedule_r = r * c->startup,
      .t_cs = c->cs_rate * ds * (m - 1) / m / r,
      .t_reduce = r * c->reduce_rate * shuffled / p->reduces * (p->compress ? c->c_reduce : 1),
  };
  ptc_cost local;
  ptc_cost_compute(&plan, cost ? cost : &local);
  return (cost ? cost : &local)->total;
}

double tune_search(const tune_catalog *c, double input, const tune_grid *g, tune_plan *best)
{
  double least = INFINITY;
  for (int z = 0; z < 2; z++)
    for (int s = 0; s < g->n_splits; s++)
      for (int r = 0; r < g->n_reduces; r++)
        for (int k = 0; k < g->n_copiers; k++) {
          tune_plan p = {g->splits[s], g->reduces[r], g->copiers[k], z};
          double t = tune_cost(c, input, &p, NULL);
          if (t < least) {
            least = t;
            *best = p;
          }
        }
  return least;
}
