/* tune.c - MRTuner's plan search on mrlab's profiles.
 *
 * The PTC model needs its parts as functions of the plan; MRTuner's own
 * forms (its section 5.1) are lost, so these are the simplest that the
 * profiles support, each measured, none assumed:
 *   t_map      = m waves x (map_rate x split) x compression's map factor
 *   t_schedule = waves x a task's start-up (maps' and reduces' own)
 *   D_s        = input x selectivity x compression's byte factor
 *   v          = reducers of a wave x min(copiers x copier_rate, NIC)
 *   t_lrw(x)   = x / the cluster's local read-and-write rate
 *   t_reduce   = r waves x reduce_rate x input of a reduce x compression's factor
 *   t_cs = 0 and B_r = 0: no profile measures a context switch, and
 *   Hadoop keeps no reduce input in memory by default.
 * The rates come from the history's means; a map's time is taken as its
 * start-up plus a part proportional to its split, a reduce function's as
 * proportional to its input.  The copy rate of one copier comes from the
 * reduces of later waves, which copy after the maps have ended. */
#include "tune.h"

#include <math.h>
#include <stdio.h>

int tune_catalog_fit(const job_profile *history, int n, const job_profile *toggled, const tune_plan *profiled,
                     double nic, double lrw_rate, double startup, tune_catalog *c, char *err, size_t errlen)
{
  if (n < 1 || !(nic > 0) || !(lrw_rate > 0) || !(profiled->split > 0)) {
    snprintf(err, errlen, "tune: expected history runs, a NIC, disks and a split");
    return -1;
  }
  *c = (tune_catalog){.map_slots = history[0].map_slots,
                      .reduce_slots = history[0].reduce_slots,
                      .startup = startup,
                      .nic = nic,
                      .lrw_rate = lrw_rate};
  int copied = 0;
  for (int i = 0; i < n; i++) {
    const job_profile *h = &history[i];
    double per_reduce = h->shuffle_bytes / h->n_reduces;
    c->map_rate += fmax(0, h->map.avg - startup) / profiled->split / n;
    c->selectivity += h->shuffle_bytes / h->input_bytes / n;
    c->reduce_rate += h->reduce.avg / per_reduce / n;
    if (h->sh2.n > 0 && h->sh2.avg > 0) {
      c->copier_rate += per_reduce / h->sh2.avg / profiled->copiers;
      copied++;
    }
  }
  c->copier_rate = copied ? c->copier_rate / copied : nic / profiled->copiers;
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
  ptc_plan plan = {
      .m = m,
      .r = r,
      .v = wave * fmin(p->copiers * c->copier_rate, c->nic),
      .ds = shuffled * (p->compress ? c->c_bytes : 1),
      .lrw_rate = c->lrw_rate,
      .t_map = m * c->map_rate * fmin(p->split, input) * (p->compress ? c->c_map : 1),
      .t_schedule_m = m * c->startup,
      .t_schedule_r = r * c->startup,
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
