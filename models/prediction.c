/* prediction.c - predictions and what they are compared with
 * (prediction.h): the quantities by name, a run's measured times as a
 * prediction, and the least-squares line the models fit (GSL's). */
#include "prediction.h"

#include <gsl/gsl_fit.h>
#include <gsl/gsl_statistics_double.h>

#include <math.h>

const predict_quantity predict_quantities[PREDICT_N_QUANTITIES] = {
    {"job_time", offsetof(prediction, estimate)},
    {"job_time_literal", offsetof(prediction, literal)},
    {"map_avg", offsetof(prediction, map_avg)},
    {"shuffle1_avg", offsetof(prediction, sh1_avg)},
    {"shuffle1_tail_avg", offsetof(prediction, sh1_tail_avg)},
    {"shuffle2_avg", offsetof(prediction, sh2_avg)},
    {"reduce_avg", offsetof(prediction, reduce_avg)}};

void predict_measured(const job_profile *t, prediction *out)
{
  *out = (prediction){.low = t->time,
                      .up = t->time,
                      .estimate = t->time,
                      .map_avg = t->map.avg,
                      .sh1_avg = t->sh1.avg,
                      .sh1_tail_avg = t->sh1_tail.avg,
                      .sh2_avg = t->sh2.avg,
                      .reduce_avg = t->reduce.avg,
                      .literal = t->time};
}

void predict_fit_line(const double *x, const double *t, int n, double *t_load, double *theta)
{
  double c0 = 0, c1, c00, c01, c11, sumsq;
  if (n > 1 && gsl_stats_sd(x, 1, (size_t)n) > 1e-9 * fabs(gsl_stats_mean(x, 1, (size_t)n)))
    gsl_fit_linear(x, 1, t, 1, (size_t)n, &c0, &c1, &c00, &c01, &c11, &sumsq);
  else
    gsl_fit_mul(x, 1, t, 1, (size_t)n, &c1, &c11, &sumsq);
  *t_load = c0;
  *theta = c1 > 0 ? 1 / c1 : INFINITY;
}
