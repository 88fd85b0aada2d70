/* assess.h - the models' predictions of an experiment's targets set
 * against the simulated targets, each quantity's mean over the target's
 * seeds: the absolute percentage error of each quantity, summed per model
 * and quantity over the targets. */
#ifndef MRLAB_ASSESS_H
#define MRLAB_ASSESS_H

#include "experiment.h"
#include "predict.h"

#include <stdio.h>

/* Errors of one model on one quantity over an experiment's targets, and
 * why the model could not predict a target (its first error), if so. */
typedef struct {
  int n;
  double sum, max; /* of absolute percentage errors */
  char why[256];   /* "" while every target was predicted */
} error_acc;

/* What the N runs RUNS of one target (one a seed) measured, as a
 * prediction of it would hold (predict_measured): each quantity of
 * predict_quantities the mean over the runs, or 0 (not measured, left
 * out) if any run did not measure it; the other fields as RUNS[0]'s. */
void assess_measured(const job_profile *runs, int n, prediction *out);

/* Steps 2 and 3 for experiment E, whose step-1 runs ran as SIMS in BASE:
 * fits each model on the history, predicts each target from its seed-1
 * run's configuration, and adds a row a target, model and quantity to PRED
 * (the mean over its seeds as the actual value) and the errors to
 * ACC[model][quantity].  A model that cannot predict a target leaves its
 * reason in ACC[model][0].why and the other models go on.  *SPREAD gets the
 * mean over the targets of 100 (max - min) / mean of the job time over the
 * target's seeds.  0, or -1 with ERR (a profile that cannot be read). */
int assess_targets(const experiment *e, const sim *sims, const char *base, FILE *pred,
                   error_acc acc[][PREDICT_N_QUANTITIES], double *spread, char *err, size_t errlen);

#endif
