/* assess.h - the models' predictions of an experiment's targets set
 * against the simulated targets, seed by seed: each model predicts a
 * target once, and that prediction is scored against each of the target's
 * runs (one a seed), so that a model's accuracy is a sample over the seeds
 * with a confidence interval (stats.h). */
#ifndef MRLAB_ASSESS_H
#define MRLAB_ASSESS_H

#include "experiment.h"
#include "predict.h"
#include "stats.h"

#include <stdio.h>

/* Errors of one model on one quantity over an experiment's targets, seed
 * by seed, and why the model could not predict a target (its first
 * error), if so. */
typedef struct {
  int n;         /* targets scored */
  int seeds;     /* runs of each target, one a seed */
  double *sum;   /* [seeds]: the sum over the targets of the absolute percentage error against that seed's run */
  double max;    /* the worst absolute percentage error, over every target and seed */
  char why[256]; /* "" while every target was predicted */
} error_acc;

/* A's errors zeroed for targets of SEEDS runs each; assess_acc_free frees them. */
void assess_acc_init(error_acc *a, int seeds);
void assess_acc_free(error_acc *a);

/* Adds one target to A: APE[k], its absolute percentage error against the
 * run of seed k + 1, for each of A's seeds. */
void assess_acc_add(error_acc *a, const double *ape);

/* The accuracy of A (A->n > 0) seed by seed, 100 - the MAPE over its
 * targets against that seed's runs (Khan et al.'s accuracy), into PER_SEED
 * (A->seeds of them) unless it is NULL, and their summary, a mean with its
 * interval, into S. */
void assess_accuracy(const error_acc *a, double *per_seed, stats_summary *s);

/* Steps 2 and 3 for experiment E, whose step-1 runs ran as SIMS in BASE:
 * fits each model on the history, predicts each target from its seed-1
 * run's configuration, scores the prediction against each seed's run, and
 * adds a row a target, model and quantity to PRED (the quantity's mean
 * over the seeds, the error's mean over them, each with its interval) and
 * the errors to ACC[model][quantity] (initialised for E's seeds).  A
 * quantity that a seed did not measure (no second shuffle wave) is left
 * out for every seed.  A model that cannot predict a target leaves its
 * reason in ACC[model][0].why and the other models go on.  CEILING gets
 * the job-time errors of each target's mean over its seeds taken as the
 * prediction: what the seeds' draw alone costs any prediction from the
 * configuration.  0, or -1 with ERR (a profile that cannot be read). */
int assess_targets(const experiment *e, const sim *sims, const char *base, FILE *pred,
                   error_acc acc[][PREDICT_N_QUANTITIES], error_acc *ceiling, char *err, size_t errlen);

#endif
