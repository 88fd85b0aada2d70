/* tuning.h - step 5 of a validation: MRTuner's best plan against the
 * default one, both simulated over the same seeds. */
#ifndef MRLAB_TUNING_H
#define MRLAB_TUNING_H

#include "assess.h"
#include "experiment.h"

#include <stdio.h>

/* Fits MRTuner's PTC parts on the history and toggled twin of experiment
 * E (its step-1 runs SIMS), searches each target's best plan, simulates it
 * with each of the target's seeds (in BASE/runs/E, as PC says), and writes
 * a row a target to OUT: the plan, its PTC cost and the default plan's,
 * both plans' simulated times (the default plan's are the target's own
 * runs) and the simulated gain, each a mean over the seeds with its
 * interval, the gain's paired seed by seed (common random numbers: seed k
 * of the best plan against seed k of the default), and its verdict.  The
 * default plan's cost against each seed's run, PTC's job-time error, is
 * added to PTC (initialised for E's seeds).  0, or -1 with ERR. */
int tuning_targets(const experiment *e, const sim *sims, const char *base, const pool_config *pc, FILE *out,
                   error_acc *ptc, char *err, size_t errlen);

#endif
