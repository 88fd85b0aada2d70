/* prediction.h - what every model's prediction of a job holds (the job
 * time's bounds and estimate, and the task statistics), the quantities
 * predictions are compared on, what a run measured as a prediction would
 * hold, and the line through a history that BOE's feed (predict.c) and
 * mrlab's wave model (waves.c) both fit.  Below predict.h and waves.h,
 * so that predict.c calls the wave model without the wave model including
 * predict.h back. */
#ifndef MRLAB_PREDICTION_H
#define MRLAB_PREDICTION_H

#include "profile.h"

#include <stddef.h>

/* The task statistics are means over the target's tasks (job_profile's),
 * s; NAN: the model does not predict it.  Each has one definition whatever
 * the model, so that predicted and measured compare: where two models mean
 * different things by "the first shuffle", they are two statistics. */
typedef struct {
  double low, up, estimate; /* the job time (end - start), s */
  double map_avg;           /* a map, start to end */
  double sh1_avg;           /* a first-wave reduce's shuffle and sort, launch to sort end (Khan) */
  double sh1_tail_avg;      /* the same after the last map: map phase end to sort end (ARIA, BOE) */
  double sh2_avg;           /* a later-wave reduce's shuffle and sort, launch to sort end */
  double reduce_avg;        /* a reduce function and its output, sort end to end */
  double bandwidth;         /* Khan: the LWLR bandwidth, in standard deviations */
  double literal;           /* the estimate with the slots as printed, not min(tasks, slots) */
} prediction;

/* What a prediction is compared on: the job time and the task statistics,
 * each a double of `prediction` at OFFSET. */
typedef struct {
  const char *name;
  size_t offset;
} predict_quantity;
#define PREDICT_N_QUANTITIES 7
extern const predict_quantity predict_quantities[PREDICT_N_QUANTITIES];

/* What TARGET measured, as a prediction of it would hold: the job time as
 * bounds and estimate, and every task statistic, the same for every model. */
void predict_measured(const job_profile *target, prediction *out);

/* A line through the history: T = T0 + X/THETA over N points, by least
 * squares (BOE's t = t_load + bytes·Δ/θ).  When X does not vary (every
 * run's split the same) the line goes through the origin: T0 = 0.  Writes
 * T0 and THETA, INFINITY for a slope that is not positive. */
void predict_fit_line(const double *x, const double *t, int n, double *t0, double *theta);

#endif
