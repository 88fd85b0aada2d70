/* tables.h - the accuracy tables of a validation: per model and
 * experiment, the mean and maximum absolute percentage error of each
 * quantity and the accuracy, 100 - MAPE, as Khan et al. report it. */
#ifndef MRLAB_TABLES_H
#define MRLAB_TABLES_H

#include "assess.h"

/* The tables of ACC, one row set per experiment of EX: CSV into CSV if not
 * NULL, and a Markdown table per model into MD. */
void tables_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES], FILE *csv,
                  FILE *md);

#endif
