/* assess.c - predicted against simulated (assess.h).  A quantity the
 * target did not measure (no second shuffle wave, say) is left out rather
 * than counted as an error against zero; a model that cannot predict (too
 * few runs for its fit, say) says why, for the leaderboard's cell.  A
 * target runs once a seed, and what each seed draws (the HDFS placement,
 * the heartbeats' phases, every tie) moves its times, which no model can
 * see: a model's one prediction is scored against every seed's run, the
 * seeds' accuracies give the interval, and each target's mean over its
 * seeds, scored the same way, says how much of the error the draw alone
 * makes. */
#include "assess.h"

#include "alloc.h"

#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void assess_acc_init(error_acc *a, int seeds)
{
  *a = (error_acc){.seeds = seeds, .sum = xcalloc((size_t)seeds, sizeof *a->sum)};
}

void assess_acc_free(error_acc *a)
{
  free(a->sum);
  a->sum = NULL;
}

void assess_acc_add(error_acc *a, const double *ape)
{
  a->n++;
  for (int k = 0; k < a->seeds; k++) {
    a->sum[k] += ape[k];
    a->max = fmax(a->max, ape[k]);
  }
}

void assess_accuracy(const error_acc *a, double *per_seed, stats_summary *s)
{
  double *acc = per_seed ? per_seed : xmalloc((size_t)a->seeds * sizeof *acc);
  for (int k = 0; k < a->seeds; k++)
    acc[k] = 100 - a->sum[k] / a->n;
  stats_summarise(acc, a->seeds, s);
  if (!per_seed)
    free(acc);
}

/* Quantity Q of prediction P. */
static double *quantity_of(prediction *p, int q)
{
  return (double *)((char *)p + predict_quantities[q].offset);
}

/* The absolute percentage errors of PREDICTED against the N values WAS into
 * APE, summarised into S. */
static void errors(double predicted, const double *was, int n, double *ape, stats_summary *s)
{
  for (int k = 0; k < n; k++)
    ape[k] = 100 * fabs(predicted - was[k]) / was[k];
  stats_summarise(ape, n, s);
}

int assess_targets(const experiment *e, const sim *sims, const char *base, FILE *pred,
                   error_acc acc[][PREDICT_N_QUANTITIES], error_acc *ceiling, char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets), n = experiment_n_runs(e), seeds = e->seeds;
  job_profile *p = xcalloc((size_t)n, sizeof *p);
  prediction *was = xmalloc((size_t)seeds * sizeof *was);
  double *v = xmalloc((size_t)seeds * sizeof *v), *ape = xmalloc((size_t)seeds * sizeof *ape);
  int status = pool_read_profiles(sims, n, base, p, err, errlen);
  for (int t = 0; t < nt && !status; t++) {
    const job_profile *runs = &p[experiment_target_run(e, t, 1)];
    stats_summary actual, error;
    for (int k = 0; k < seeds; k++)
      v[k] = runs[k].time;
    errors(gsl_stats_mean(v, 1, (size_t)seeds), v, seeds, ape, &error);
    assess_acc_add(ceiling, ape);
    for (int k = 0; k < seeds; k++)
      predict_measured(&runs[k], &was[k]);
    for (int m = 0; m < PREDICT_N_MODELS; m++) {
      prediction r;
      char why[sizeof acc[m][0].why];
      if (predict_job((predict_model)m, p, nh, runs, &r, why, sizeof why)) {
        if (!acc[m][0].why[0])
          snprintf(acc[m][0].why, sizeof acc[m][0].why, "%s", why);
        continue;
      }
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        int measured = 1;
        for (int k = 0; k < seeds; k++)
          measured &= (v[k] = *quantity_of(&was[k], q)) > 0;
        double predicted = *quantity_of(&r, q);
        if (!measured || isnan(predicted)) /* no second shuffle wave in a run of the target, or a statistic the
                                              model does not predict: nothing to compare */
          continue;
        stats_summarise(v, seeds, &actual);
        errors(predicted, v, seeds, ape, &error);
        fprintf(pred, "%s,%s,%s,%s,%.6f,", e->name, strrchr(sims[experiment_target_run(e, t, 1)].dir, '/') + 1,
                predict_model_name((predict_model)m), predict_quantities[q].name, predicted);
        stats_csv(pred, &actual, 6);
        fputc(',', pred);
        stats_csv(pred, &error, 3);
        fputc('\n', pred);
        assess_acc_add(&acc[m][q], ape);
      }
    }
  }
  free(ape);
  free(v);
  free(was);
  profile_free(p, n);
  free(p);
  return status;
}
