/* tuning.h - step 5 of a validation: MRTuner's best plan against the
 * default one, both simulated. */
#ifndef MRLAB_TUNING_H
#define MRLAB_TUNING_H

#include "assess.h"
#include "experiment.h"

#include <stdio.h>

/* Fits MRTuner's PTC parts on the history and toggled twin of experiment
 * E (its step-1 runs SIMS), searches each target's best plan, simulates it
 * once, with seed 1 (in BASE/runs/E, JOBS at once with the mrlab program
 * SELF), and writes a row a target to OUT beside the default plan's cost
 * and time, the target's mean over its seeds.  The default plan's cost
 * against that mean, PTC's job-time error, is added to PTC.  0, or -1 with
 * ERR. */
int tuning_targets(const experiment *e, const sim *sims, const char *base, const pool_config *pc, FILE *out,
                   error_acc *ptc, char *err, size_t errlen);

#endif
