/* waves.h - mrlab's own job-time model: a job's tasks placed on the slots
 * of a mixed cluster, with contention, partial waves, the shuffle
 * overlapping the maps, and reduce skew. */
#ifndef MRLAB_WAVES_H
#define MRLAB_WAVES_H

#include "prediction.h"

/* Predicts TARGET's job time from the N profiles of HISTORY (of TARGET
 * only its configuration is read; it runs on the history's cluster) into
 * OUT.  Returns 0, or -1 with the reason in ERR when the history lacks task
 * rows or the reduce wave the target needs; the times may be non-finite
 * for a history without input, which predict_job checks. */
int waves_predict(const job_profile *history, int n, const job_profile *target, prediction *out, char *err,
                  size_t errlen);

#endif
