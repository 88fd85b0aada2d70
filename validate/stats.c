/* stats.c - means, confidence intervals and paired differences over seeds
 * (stats.h), on GSL's statistics and Student's t quantile, so that no
 * formula of its own stands between a run and the interval printed. */
#include "stats.h"

#include "alloc.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void stats_summarise(const double *x, int n, stats_summary *s)
{
  s->n = n;
  s->mean = gsl_stats_mean(x, 1, (size_t)n);
  s->sd = s->half = NAN;
  if (n < 2)
    return;
  s->sd = gsl_stats_sd_m(x, 1, (size_t)n, s->mean);
  s->half = gsl_cdf_tdist_Pinv(1 - (1 - STATS_LEVEL) / 2, n - 1) * s->sd / sqrt(n);
}

void stats_paired(const double *base, const double *variant, int n, stats_summary *d)
{
  double *diff = xmalloc((size_t)n * sizeof *diff);
  for (int k = 0; k < n; k++)
    diff[k] = variant[k] - base[k];
  stats_summarise(diff, n, d);
  free(diff);
}

stats_verdict stats_judge(const stats_summary *d)
{
  if (d->n < 2)
    return STATS_ONE_SEED;
  if (d->mean + d->half < 0)
    return STATS_PAYS_OFF;
  if (d->mean - d->half > 0)
    return STATS_HURTS;
  return STATS_NO_DIFFERENCE;
}

const char *stats_text(const stats_summary *s, int decimals, char *buf, size_t len)
{
  if (isnan(s->half))
    snprintf(buf, len, "%.*f (one seed)", decimals, s->mean);
  else
    snprintf(buf, len, "%.*f ± %.*f", decimals, s->mean, decimals, s->half);
  return buf;
}

void stats_csv(FILE *f, const stats_summary *s, int decimals)
{
  fprintf(f, "%.*f,", decimals, s->mean);
  if (!isnan(s->half))
    fprintf(f, "%.*f", decimals, s->half);
}

const char *stats_verdict_text(stats_verdict v, int n, char *buf, size_t len)
{
  switch (v) {
  case STATS_PAYS_OFF: snprintf(buf, len, "pays off"); break;
  case STATS_HURTS: snprintf(buf, len, "hurts"); break;
  case STATS_NO_DIFFERENCE: snprintf(buf, len, "no difference at %d seeds", n); break;
  default: snprintf(buf, len, "one seed: no interval"); break;
  }
  return buf;
}

const char *stats_interval_text(const stats_summary *s, int decimals, char *buf, size_t len)
{
  if (s->n < 2)
    snprintf(buf, len, "-");
  else
    snprintf(buf, len, "%.*f to %.*f", decimals, s->mean - s->half, decimals, s->mean + s->half);
  return buf;
}

const char *stats_seeds_text(int seeds, const char *table, char *buf, size_t len)
{
  if (seeds > 0)
    snprintf(buf, len, "seeds 1 to %d", seeds);
  else
    snprintf(buf, len, "each row's seeds (%s's seeds)", table);
  return buf;
}
