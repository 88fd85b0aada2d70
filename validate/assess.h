/* assess.h - the models' predictions of an experiment's targets set
 * against the simulated targets: the absolute percentage error of each
 * quantity, summed per model and quantity over the targets. */
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

/* Steps 2 and 3 for experiment E, whose history and targets ran as SIMS in BASE:
 * fits each model on the history, predicts each target, and adds a row a
 * target, model and quantity to PRED and the errors to ACC[model][quantity].
 * A model that cannot predict a target leaves its reason in
 * ACC[model][0].why and the other models go on.  0, or -1 with ERR (a
 * profile that cannot be read). */
int assess_targets(const experiment *e, const sim *sims, const char *base, FILE *pred,
                   error_acc acc[][PREDICT_N_QUANTITIES], char *err, size_t errlen);

#endif
