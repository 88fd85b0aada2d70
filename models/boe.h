/* boe.h - Shi and Lu's bottleneck-oriented estimate (BOE) of one
 * MapReduce job's task times (Props. 1-3) and the job time it gives. */
#ifndef MRLAB_BOE_H
#define MRLAB_BOE_H

/* The inputs of Props. 1-3.  Throughputs are bytes/s of the whole resource
 * the DELTA parallel tasks share (each gets 1/DELTA of disk and network,
 * min(N_CORES/DELTA, 1) of a core); INFINITY marks a resource that never
 * binds. */
typedef struct {
  double t_load;                              /* task start-up, s */
  double split;                               /* B: a map's input, bytes */
  int n_maps, n_reduces;                      /* N_m, N_r */
  double delta, n_cores;                      /* Δ, N_cores */
  double theta_dfsr, theta_map, theta_dw;     /* HDFS read, map function, local disk write */
  double theta_net, theta_sort, theta_reduce; /* network, sort and merge, reduce function */
  double theta_dfsw;                          /* HDFS write, replication included */
  double alpha_m, alpha_s, alpha_r;           /* map selectivity, merged fraction, reduce output */
} boe_params;

/* Eq. 3: a map task's time. */
double boe_map(const boe_params *p);
/* Eq. 4: a reduce task's shuffle sub-stage, t_load included. */
double boe_shuffle(const boe_params *p);
/* Eq. 5: a reduce task's sort and reduce sub-stages, with α_r·B·N_m/N_r
 * written to HDFS as the paper prints it. */
double boe_reduce(const boe_params *p);

#endif
