/* leaderboard.h - every model's job-time accuracy on every experiment of a
 * validation, one row a configuration, each accuracy a mean over the seeds
 * with its 95% interval; beside it the accuracy of the seeds' own mean
 * (what the draw costs any prediction), each model's mean and worst over
 * the configurations, the papers' own figures, and which models the seeds
 * cannot tell from the best, by paired differences. */
#ifndef MRLAB_LEADERBOARD_H
#define MRLAB_LEADERBOARD_H

#include "assess.h"

/* The leaderboard's models: every predict_model, then PTC on the default plan. */
#define LEADERBOARD_N_MODELS (PREDICT_N_MODELS + 1)

/* Whether MODEL (its name in predictions.csv: "khan", "mrlab", ...) comes
 * from a published paper; mrlab's own does not, and every table and
 * picture that names it says so. */
int leaderboard_model_published(const char *model);

/* Writes the leaderboard of experiments EX (N_EX > 0 of them) from ACC
 * (the errors of assess_targets), PTC (an experiment's PTC errors, n = 0
 * if it does not tune) and CEILING (an experiment's errors of its targets'
 * means, assess_targets'): CSV into CSV if not NULL, a Markdown table and
 * its notes into MD. */
void leaderboard_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                       const error_acc *ptc, const error_acc *ceiling, FILE *csv, FILE *md);

#endif
