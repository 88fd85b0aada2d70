/* predict.h - a job's time predicted from a history of runs by the analytic
 * models, and the slots that meet a deadline. */
#ifndef MRLAB_PREDICT_H
#define MRLAB_PREDICT_H

#include "prediction.h"
#include "profile.h"

typedef enum { PREDICT_KHAN, PREDICT_ARIA, PREDICT_BOE, PREDICT_MRLAB, PREDICT_N_MODELS } predict_model;

/* The model's name ("khan", "aria"), and the model of a name (-1 if none). */
const char *predict_model_name(predict_model m);
int predict_model_find(const char *name, predict_model *m);

/* Predicts the time of job TARGET from the N profiles of HISTORY.  Of
 * TARGET only the configuration is read: input bytes, task counts, slots.
 *   khan: map statistics are the history's means; the six shuffle and
 *   reduce statistics come from LWLR on (map output bytes, reducers), the
 *   features scaled by their standard deviations and the bandwidth chosen
 *   by leave-one-out error, the later shuffle waves' statistics on the runs
 *   that had a second wave only (3 at least when the target has one); the
 *   target's map output is its input times the history's mean map
 *   selectivity; then the improved HP bounds on min(tasks, slots) slots.
 *   boe: Shi and Lu's BOE (models/boe.h), each sub-stage's t_load and
 *   bottleneck throughput fitted on the history's bytes times Δ.
 *   mrlab: mrlab's own wave model (models/waves.h).
 *   aria: the history run nearest the target in those scaled features, its
 *   shuffle and reduce durations scaled by the ratio of map output per
 *   reducer (ARIA's proportionality), then ARIA's bounds.
 * Returns 0, or -1 with the reason in ERR (too few runs, singular fits). */
int predict_job(predict_model m, const job_profile *history, int n, const job_profile *target, prediction *out,
                char *err, size_t errlen);

/* Khan's provisioning: the map and reduce slots that bring TARGET's
 * lower-bound time, predicted as predict_job does, to DEADLINE seconds
 * with the fewest slots in all: the real optimum into *MAP_SLOTS and
 * *REDUCE_SLOTS, and the whole slots with the fewest in all that meet the
 * deadline (hp_provision_whole) into *MAP_WHOLE and *REDUCE_WHOLE.
 * Returns 0 or -1 with ERR. */
int predict_provision(const job_profile *history, int n, const job_profile *target, double deadline, double *map_slots,
                      double *reduce_slots, int *map_whole, int *reduce_whole, char *err, size_t errlen);

#endif
