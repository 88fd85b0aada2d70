/* waves.h - mrlab's own job-time model: the waves of a job on a mixed
 * cluster, partial waves, the shuffle overlapping the maps, reduce skew. */
#ifndef MRLAB_WAVES_H
#define MRLAB_WAVES_H

#include "predict.h"

/* Predicts TARGET's job time from the N profiles of HISTORY (of TARGET
 * only its configuration is read) into OUT; the times may be non-finite
 * for a history without input or map output, which predict_job checks. */
void waves_predict(const job_profile *history, int n, const job_profile *target, prediction *out);

#endif
