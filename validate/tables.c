/* tables.c - accuracy.csv and accuracy.md from the errors (tables.h): the
 * same rows twice, for programs and for people.  The MAPE and the accuracy
 * share one interval: each seed's accuracy is 100 minus its MAPE. */
#include "tables.h"

void tables_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES], FILE *csv,
                  FILE *md)
{
  if (csv)
    fprintf(csv, "experiment,model,quantity,targets,seeds,mape,mape_ci95_half,max_ape,accuracy,accuracy_ci95_half\n");
  for (int m = 0; m < PREDICT_N_MODELS; m++) {
    fprintf(md,
            "%s## %s\n\n| experiment | quantity | targets | seeds | MAPE %% | max APE %% | accuracy %% |\n"
            "|---|---|---:|---:|---:|---:|---:|\n",
            m ? "\n" : "", predict_model_name((predict_model)m));
    for (int e = 0; e < n_ex; e++)
      for (int q = 0; q < PREDICT_N_QUANTITIES; q++) {
        const error_acc *a = &acc[e][m][q];
        if (a->n == 0)
          continue;
        stats_summary accuracy, mape;
        assess_accuracy(a, NULL, &accuracy);
        mape = accuracy;
        mape.mean = 100 - accuracy.mean;
        if (csv) {
          fprintf(csv, "%s,%s,%s,%d,%d,", ex[e].name, predict_model_name((predict_model)m), predict_quantities[q].name,
                  a->n, a->seeds);
          stats_csv(csv, &mape, 3);
          fprintf(csv, ",%.3f,", a->max);
          stats_csv(csv, &accuracy, 3);
          fputc('\n', csv);
        }
        char t_mape[64], t_acc[64];
        fprintf(md, "| %s | %s | %d | %d | %s | %.2f | %s |\n", ex[e].name, predict_quantities[q].name, a->n, a->seeds,
                stats_text(&mape, 2, t_mape, sizeof t_mape), a->max, stats_text(&accuracy, 2, t_acc, sizeof t_acc));
      }
  }
  fprintf(md, "\nEach MAPE and accuracy: the mean over the seeds (each seed's targets scored against that seed's "
              "runs) ± the half-width of its 95%% interval (Student's t); max APE: the worst target and seed.\n");
}
