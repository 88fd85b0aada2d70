/* assess.c - predicted against simulated (assess.h).  A quantity the
 * target did not measure (no second shuffle wave, say) is left out rather
 * than counted as an error against zero; a model that cannot predict (too
 * few runs for its fit, say) says why, for the leaderboard's cell.  A
 * target runs once a seed, and the HDFS placement each seed draws moves
 * its times, which no model can see: a model is scored against the mean
 * over the seeds, and the seeds' spread is reported beside it. */
#include "assess.h"

#include "alloc.h"

#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Quantity Q of prediction P. */
static double *quantity_of(prediction *p, int q)
{
  return (double *)((char *)p + predict_quantities[q].offset);
}

void assess_measured(const job_profile *runs, int n, prediction *out)
{
  double *v = xmalloc((size_t)n * sizeof *v);
  prediction *was = xmalloc((size_t)n * sizeof *was);
  for (int s = 0; s < n; s++)
    predict_measured(&runs[s], &was[s]);
  *out = was[0];
  for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
    int measured = 1;
    for (int s = 0; s < n; s++)
      measured &= (v[s] = *quantity_of(&was[s], q)) > 0;
    *quantity_of(out, q) = measured ? gsl_stats_mean(v, 1, (size_t)n) : 0;
  }
  free(was);
  free(v);
}

/* 100 (max - min) / mean of the job times of the N runs RUNS. */
static double seed_spread(const job_profile *runs, int n)
{
  double *t = xmalloc((size_t)n * sizeof *t), min, max;
  for (int s = 0; s < n; s++)
    t[s] = runs[s].time;
  gsl_stats_minmax(&min, &max, t, 1, (size_t)n);
  double spread = 100 * (max - min) / gsl_stats_mean(t, 1, (size_t)n);
  free(t);
  return spread;
}

int assess_targets(const experiment *e, const sim *sims, const char *base, FILE *pred,
                   error_acc acc[][PREDICT_N_QUANTITIES], double *spread, char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets), n = experiment_n_runs(e);
  job_profile *p = xcalloc((size_t)n, sizeof *p);
  int status = pool_read_profiles(sims, n, base, p, err, errlen);
  *spread = 0;
  for (int t = 0; t < nt && !status; t++) {
    int first = experiment_target_run(e, t, 1);
    *spread += seed_spread(&p[first], e->seeds) / nt;
    for (int m = 0; m < PREDICT_N_MODELS; m++) {
      prediction r, was;
      char why[sizeof acc[m][0].why];
      if (predict_job((predict_model)m, p, nh, &p[first], &r, why, sizeof why)) {
        if (!acc[m][0].why[0])
          snprintf(acc[m][0].why, sizeof acc[m][0].why, "%s", why);
        continue;
      }
      assess_measured(&p[first], e->seeds, &was);
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        double v = *quantity_of(&r, q), a = *quantity_of(&was, q);
        if (!(a > 0) || isnan(v)) /* no second shuffle wave in the target, or a statistic the model does not
                                     predict: nothing to compare */
          continue;
        double ape = 100 * fabs(v - a) / a;
        fprintf(pred, "%s,%s,%s,%s,%.6f,%.6f,%.3f\n", e->name, strrchr(sims[first].dir, '/') + 1,
                predict_model_name((predict_model)m), predict_quantities[q].name, v, a, ape);
        acc[m][q].n++;
        acc[m][q].sum += ape;
        acc[m][q].max = fmax(acc[m][q].max, ape);
      }
    }
  }
  profile_free(p, n);
  free(p);
  return status;
}
