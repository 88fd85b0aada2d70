/* lwlr.c - locally weighted linear regression on GSL.
 *
 * Each prediction is its own weighted least-squares fit: the training runs
 * near the query, in the kernel's sense, dominate it.  GSL solves the fit by
 * a truncated SVD, which reports the rank, so that a singular X^T W X (a
 * small bandwidth leaving one run with weight, or features that move
 * together) is an error the caller sees instead of a wild coefficient.
 *
 * Khan et al. use raw features; this file lets the caller divide each by a
 * scale first (lwlr_scale_sd), because a raw Euclidean distance over (bytes,
 * reducers) is all bytes.  Scaling changes only the weights: without an
 * intercept, the fitted prediction is the same for any scaling of X. */
#include "lwlr.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>

int lwlr_predict(const gsl_matrix *x, const gsl_vector *y, const gsl_vector *scale, double h, const gsl_vector *xq,
                 double *yq, gsl_vector *beta)
{
  size_t n = x->size1, p = x->size2;
  if (!(h > 0) || y->size != n || xq->size != p || (scale && scale->size != p) || (beta && beta->size != p))
    return GSL_EINVAL;
  gsl_vector *w = gsl_vector_alloc(n), *c = gsl_vector_alloc(p);
  gsl_matrix *cov = gsl_matrix_alloc(p, p);
  gsl_multifit_linear_workspace *work = gsl_multifit_linear_alloc(n, p);
  for (size_t k = 0; k < n; k++) {
    double d2 = 0;
    for (size_t j = 0; j < p; j++) {
      double d = (gsl_matrix_get(x, k, j) - gsl_vector_get(xq, j)) / (scale ? gsl_vector_get(scale, j) : 1);
      d2 += d * d;
    }
    gsl_vector_set(w, k, exp(-d2 / (2 * h * h))); /* eq. 21 */
  }
  double chisq;
  size_t rank = 0;
  int status = gsl_multifit_wlinear_tsvd(x, w, y, 1e-12, c, cov, &chisq, &rank, work); /* eq. 22 */
  if (status == GSL_SUCCESS && rank < p)
    status = GSL_ESING;
  if (status == GSL_SUCCESS) {
    gsl_blas_ddot(xq, c, yq); /* eq. 23 */
    if (beta)
      gsl_vector_memcpy(beta, c);
  }
  gsl_multifit_linear_free(work);
  gsl_matrix_free(cov);
  gsl_vector_free(c);
  gsl_vector_free(w);
  return status;
}

void lwlr_scale_sd(const gsl_matrix *x, gsl_vector *scale)
{
  for (size_t j = 0; j < x->size2; j++) {
    gsl_vector_const_view col = gsl_matrix_const_column(x, j);
    double sd = x->size1 > 1 ? gsl_stats_sd(col.vector.data, col.vector.stride, x->size1) : 0;
    gsl_vector_set(scale, j, sd > 0 ? sd : 1);
  }
}

/* The leave-one-out mean squared error at bandwidth H, or GSL_ESING. */
static int loo_mse(const gsl_matrix *x, const gsl_vector *y, const gsl_vector *scale, double h, double *mse)
{
  size_t n = x->size1, p = x->size2;
  gsl_matrix *xo = gsl_matrix_alloc(n - 1, p);
  gsl_vector *yo = gsl_vector_alloc(n - 1);
  int status = GSL_SUCCESS;
  double sum = 0;
  for (size_t out = 0; out < n && status == GSL_SUCCESS; out++) {
    for (size_t k = 0, i = 0; k < n; k++) {
      if (k == out)
        continue;
      for (size_t j = 0; j < p; j++)
        gsl_matrix_set(xo, i, j, gsl_matrix_get(x, k, j));
      gsl_vector_set(yo, i++, gsl_vector_get(y, k));
    }
    gsl_vector_const_view q = gsl_matrix_const_row(x, out);
    double pred;
    status = lwlr_predict(xo, yo, scale, h, &q.vector, &pred, NULL);
    double e = pred - gsl_vector_get(y, out);
    sum += e * e;
  }
  gsl_vector_free(yo);
  gsl_matrix_free(xo);
  *mse = sum / (double)n;
  return status;
}

int lwlr_choose_bandwidth(const gsl_matrix *x, const gsl_vector *y, const gsl_vector *scale, const double *grid,
                          size_t n_grid, double *h, double *mse)
{
  int found = 0;
  if (x->size1 < 2)
    return GSL_ESING;
  for (size_t i = 0; i < n_grid; i++) {
    double e;
    if (loo_mse(x, y, scale, grid[i], &e) == GSL_SUCCESS && (!found || e < *mse)) {
      *h = grid[i];
      *mse = e;
      found = 1;
    }
  }
  return found ? GSL_SUCCESS : GSL_ESING;
}
