/* provision.h - step 4 of a validation: Khan et al.'s provisioning
 * checked by simulation. */
#ifndef MRLAB_PROVISION_H
#define MRLAB_PROVISION_H

#include "experiment.h"

#include <stdio.h>

/* Provisions the targets of experiment E for its deadline from the history
 * SIMS, simulates each on a copy of the platform with the slots spread
 * evenly over the workers, with each of the target's seeds (in
 * BASE/runs/E, as PC says), and writes a row a target to PROV: the slots,
 * the job time's mean over the seeds with its interval, and how many
 * seeds met the deadline.  0, or -1 with ERR. */
int provision_targets(const experiment *e, const sim *sims, const char *base, const pool_config *pc, FILE *prov,
                      char *err, size_t errlen);

#endif
