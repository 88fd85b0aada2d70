/* assess.c - predicted against simulated (assess.h).  A quantity the
 * target did not measure (no second shuffle wave, say) is left out rather
 * than counted as an error against zero; a model that cannot predict (too
 * few runs for its fit, say) says why, for the leaderboard's cell. */
#include "assess.h"

#include "alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int assess_targets(const experiment *e, const sim *sims, const char *base, FILE *pred,
                   error_acc acc[][PREDICT_N_QUANTITIES], char *err, size_t errlen)
{
  int nh = grid_size(&e->history), nt = grid_size(&e->targets);
  job_profile *p = xcalloc((size_t)(nh + nt), sizeof *p);
  int status = pool_read_profiles(sims, nh + nt, base, p, err, errlen);
  for (int t = 0; t < nt && !status; t++)
    for (int m = 0; m < PREDICT_N_MODELS && !status; m++) {
      prediction r, was;
      char why[sizeof acc[m][0].why];
      if (predict_job((predict_model)m, p, nh, &p[nh + t], &r, why, sizeof why)) {
        if (!acc[m][0].why[0])
          snprintf(acc[m][0].why, sizeof acc[m][0].why, "%s", why);
        continue;
      }
      predict_measured((predict_model)m, &p[nh + t], &was);
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        double v = *(double *)((char *)&r + predict_quantities[q].offset);
        double a = *(double *)((char *)&was + predict_quantities[q].offset);
        if (!(a > 0) || isnan(v)) /* no second shuffle wave in the target, or a statistic the model does not
                                     predict: nothing to compare */
          continue;
        double ape = 100 * fabs(v - a) / a;
        fprintf(pred, "%s,%s,%s,%s,%.6f,%.6f,%.3f\n", e->name, strrchr(sims[nh + t].dir, '/') + 1,
                predict_model_name((predict_model)m), predict_quantities[q].name, v, a, ape);
        acc[m][q].n++;
        acc[m][q].sum += ape;
        acc[m][q].max = fmax(acc[m][q].max, ape);
      }
    }
  profile_free(p, nh + nt);
  free(p);
  return status;
}
