/* tune.h - MRTuner's plan search: the PTC cost (ptc.h) of every execution
 * plan on a grid, its parts calibrated on profiles of earlier runs
 * (docs/models.md, the plan search: the paper's own search and part forms
 * are lost from the text the team had, so these are mrlab's). */
#ifndef MRLAB_TUNE_H
#define MRLAB_TUNE_H

#include "profile.h"
#include "ptc.h"

/* An execution plan: what MRTuner's factors {m, r, v, c} come from. */
typedef struct {
  double split; /* bytes a map reads (mrlab: the block size) */
  int reduces;
  int copiers;  /* parallel copies of a reducer */
  int compress; /* map output compression */
} tune_plan;

/* The PTC parts' coefficients, fitted on one application on one cluster. */
typedef struct {
  int map_slots, reduce_slots;
  double startup;                  /* s: a task's start-up; a wave's scheduling penalty */
  double map_rate;                 /* s a byte of split, beyond start-up */
  double selectivity;              /* shuffled bytes an input byte, uncompressed */
  double reduce_rate;              /* s a byte of reduce input: sort end to end */
  double copier_rate;              /* bytes/s one copier moves */
  double nic;                      /* bytes/s a host's NIC takes in, shared by the reducers on it */
  int reduce_hosts;                /* hosts a wave of reducers spreads over (at least 1) */
  double cs_rate;                  /* s the maps lose a byte copied while they run: t_cs */
  double lrw_rate;                 /* bytes/s: reading and writing on the cluster's local disks */
  double c_bytes, c_map, c_reduce; /* compression's factors on shuffled bytes, map and reduce time */
} tune_catalog;

/* Fits C on the N profiles HISTORY, all run with plan PROFILED (but for
 * their reducers), and TOGGLED, a run like HISTORY[N-1] with compression
 * the other way.  NIC, LRW_RATE and STARTUP come from the platform and the
 * configuration; the rest from the profiles (tune.c says how).  Returns 0,
 * or -1 with ERR. */
int tune_catalog_fit(const job_profile *history, int n, const job_profile *toggled, const tune_plan *profiled,
                     double nic, double lrw_rate, double startup, tune_catalog *c, char *err, size_t errlen);

/* The PTC cost of INPUT bytes run with plan P: fills COST if not NULL and
 * returns the total, s. */
double tune_cost(const tune_catalog *c, double input, const tune_plan *p, ptc_cost *cost);

/* The grid searched: every split, reducer count and copier count, with
 * compression off and on. */
typedef struct {
  const double *splits;
  int n_splits;
  const int *reduces;
  int n_reduces;
  const int *copiers;
  int n_copiers;
} tune_grid;

/* The plan of least PTC cost for INPUT bytes on grid G, into *BEST; ties
 * go to the first in the order compression (off first), split, reducers,
 * copiers, each ascending.  Returns its cost. */
double tune_search(const tune_catalog *c, double input, const tune_grid *g, tune_plan *best);

#endif
