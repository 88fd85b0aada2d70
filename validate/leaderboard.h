/* leaderboard.h - every model's job-time accuracy on every experiment of a
 * validation, one row a configuration beside its seed spread, and each
 * model's mean and worst over them all beside its paper's own figure. */
#ifndef MRLAB_LEADERBOARD_H
#define MRLAB_LEADERBOARD_H

#include "assess.h"

/* The leaderboard's models: every predict_model, then PTC on the default plan. */
#define LEADERBOARD_N_MODELS (PREDICT_N_MODELS + 1)

/* Writes the leaderboard of experiments EX (N_EX of them) from ACC (the
 * errors of assess_targets), PTC (an experiment's PTC errors, n = 0 if it
 * does not tune) and SPREAD (an experiment's seed spread, assess_targets'
 * percentage): CSV into CSV if not NULL, a Markdown table into MD. */
void leaderboard_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                       const error_acc *ptc, const double *spread, FILE *csv, FILE *md);

#endif
