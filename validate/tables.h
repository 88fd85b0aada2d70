/* tables.h - the accuracy tables of a validation: per model and
 * experiment, each quantity's mean absolute percentage error and accuracy,
 * 100 - MAPE, as Khan et al. report it, each a mean over the seeds with
 * its 95% interval, and the worst error of any target and seed. */
#ifndef MRLAB_TABLES_H
#define MRLAB_TABLES_H

#include "assess.h"

/* The tables of ACC, one row set per experiment of EX: CSV into CSV if not
 * NULL, and a Markdown table per model into MD. */
void tables_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES], FILE *csv,
                  FILE *md);

#endif
