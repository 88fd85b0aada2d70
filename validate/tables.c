/* tables.c - accuracy.csv and accuracy.md from the errors (tables.h): the
 * same rows twice, for programs and for people. */
#include "tables.h"

void tables_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES], FILE *csv,
                  FILE *md)
{
  if (csv)
    fprintf(csv, "experiment,model,quantity,targets,mape,max_ape,accuracy\n");
  for (int m = 0; m < PREDICT_N_MODELS; m++) {
    fprintf(md,
            "%s## %s\n\n| experiment | quantity | targets | MAPE %% | max APE %% | accuracy %% |\n"
            "|---|---|---:|---:|---:|---:|\n",
            m ? "\n" : "", predict_model_name((predict_model)m));
    for (int e = 0; e < n_ex; e++)
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        const error_acc *a = &acc[e][m][q];
        if (a->n == 0)
          continue;
        double mape = a->sum / a->n;
        if (csv)
          fprintf(csv, "%s,%s,%s,%d,%.3f,%.3f,%.3f\n", ex[e].name, predict_model_name((predict_model)m),
                  predict_quantities[q].name, a->n, mape, a->max, 100 - mape);
        fprintf(md, "| %s | %s | %d | %.2f | %.2f | %.2f |\n", ex[e].name, predict_quantities[q].name, a->n, mape,
                a->max, 100 - mape);
      }
  }
}
