/* lwlr.h - locally weighted linear regression, as Khan et al. use it to
 * predict a phase statistic of a new job from a history of runs
 * (docs/models.md, Khan et al. eqs. 21-23). */
#ifndef MRLAB_LWLR_H
#define MRLAB_LWLR_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

/* Predicts y at the query XQ from the training rows X (one run a row, one
 * feature a column, no intercept column: the paper has none) and targets Y:
 * weights w_k = exp(-d_k^2 / (2 H^2)), d_k the Euclidean distance of row k
 * to XQ after dividing feature j by SCALE_j (NULL: raw features), then
 * beta = (X^T W X)^-1 X^T W y by GSL's weighted least squares, and
 * *YQ = XQ . beta.  BETA, if not NULL, receives the coefficients.
 * Returns 0; GSL_ESING if X^T W X is singular (too few rows carry weight,
 * or collinear features); GSL_EINVAL if H is not positive or sizes differ. */
int lwlr_predict(const gsl_matrix *x, const gsl_vector *y, const gsl_vector *scale, double h, const gsl_vector *xq,
                 double *yq, gsl_vector *beta);

/* SCALE_j = the standard deviation of column j of X, or 1 where it is 0,
 * so that a byte count and a task count weigh alike in the distance. */
void lwlr_scale_sd(const gsl_matrix *x, gsl_vector *scale);

/* Chooses the bandwidth among the N_GRID values of GRID that minimises the
 * leave-one-out mean squared error: each row predicted from the others.  A
 * bandwidth for which some fit is singular is passed over; among equal
 * errors the first in GRID wins.  Writes the bandwidth to *H and its error
 * to *MSE.  Returns 0, or GSL_ESING if no bandwidth gives every fit. */
int lwlr_choose_bandwidth(const gsl_matrix *x, const gsl_vector *y, const gsl_vector *scale, const double *grid,
                          size_t n_grid, double *h, double *mse);

#endif
