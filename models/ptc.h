/* ptc.h - MRTuner's Producer-Transporter-Consumer model of a job's running
 * time (docs/models.md, MRTuner eqs. 1-4, with its corrections). */
#ifndef MRLAB_PTC_H
#define MRLAB_PTC_H

/* The inputs of eqs. 1-4 for one plan.  t_lrw(x) = x / lrw_rate: reading
 * and writing x bytes on local disks, linear as in the paper's examples. */
typedef struct {
  int m, r;                          /* map waves, reduce waves, both >= 1 */
  double v;                          /* copy speed of the shuffle, bytes/s */
  double ds;                         /* shuffled bytes, D_s */
  double lrw_rate;                   /* bytes/s: t_lrw(x) = x / lrw_rate */
  double t_map;                      /* eq. 1: the map tasks' running time, s */
  double t_schedule_m, t_schedule_r; /* scheduling penalties of the map and reduce waves, s */
  double t_cs;                       /* context switches of the copy threads, s */
  double t_reduce;                   /* eq. 3: the reduce side without its buffer, s */
  double buffer;                     /* B_r: the reduce-side buffer of a reduce task, bytes */
  int printed_min;                   /* reproduce the printed min(.., 0) of eq. 2 (erratum A) */
  int printed_ts2;                   /* reproduce the printed (2mr - m - r + 1) of t_s2 (erratum B) */
} ptc_plan;

typedef struct {
  double producer, consumer;  /* eqs. 1 and 3 */
  double d_overlap_max, t_ov; /* the data the first reduce wave may copy during the map waves, and that window */
  double ts1, ts2, tsrw;      /* the transporter's parts: eq. 2 is their sum */
  double transporter, total;  /* eqs. 2 and 4 */
} ptc_cost;

/* Fills C for plan P.  Returns 0, or -1 if m, r, v or lrw_rate is not
 * positive. */
int ptc_cost_compute(const ptc_plan *p, ptc_cost *c);

/* ceil(tasks / slots): the waves of TASKS on SLOTS, 0 for no tasks. */
int ptc_waves(int tasks, int slots);

#endif
