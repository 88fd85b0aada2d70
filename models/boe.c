/* boe.c - Shi and Lu's BOE task model for a single MapReduce job.
 *
 * A task is a chain of sub-stages; inside one, reading, computing and
 * writing pipeline, so a sub-stage lasts as long as its slowest operation
 * (Eq. 2): the data over the bottleneck's share of its throughput.  Disk
 * and network are shared equally by the Δ tasks running (1/Δ each); CPU
 * only once the tasks outnumber the cores (min(N_cores/Δ, 1)).  These are
 * the paper's equations as printed; predict.c feeds them from profiles. */
#include "boe.h"

#include <math.h>

/* The share of disk or network, and of CPU, a task gets among Δ. */
static double share_io(const boe_params *p)
{
  return 1 / p->delta;
}

static double share_cpu(const boe_params *p)
{
  return fmin(p->n_cores / p->delta, 1);
}

double boe_map(const boe_params *p)
{
  double b = p->split;
  return p->t_load + fmax(b / (share_io(p) * p->theta_dfsr), b / (share_cpu(p) * p->theta_map)) +
         p->alpha_m * b / (share_io(p) * p->theta_dw);
}

double boe_shuffle(const boe_params *p)
{
  double in = p->alpha_m * p->split * p->n_maps / p->n_reduces;
  return p->t_load + fmax(in / (share_io(p) * p->theta_dw), in / (share_io(p) * p->theta_net));
}

double boe_reduce(const boe_params *p)
{
  double in = p->alpha_m * p->split * p->n_maps / p->n_reduces;
  double out = p->alpha_r * p->split * p->n_maps / p->n_reduces;
  return fmax(p->alpha_s * in / (share_io(p) * p->theta_dw), p->alpha_s * in / (share_cpu(p) * p->theta_sort)) +
         fmax(out / (share_io(p) * p->theta_dfsw), in / (share_cpu(p) * p->theta_reduce));
}
