/* leaderboard.c - the accuracy leaderboard (leaderboard.h).  A cell is the
 * job-time accuracy, 100 - MAPE over the experiment's targets, and the
 * worst absolute percentage error; a model that predicted no target says
 * why instead (the error predict_job returned, or that the experiment does
 * not tune, for PTC), never a blank or a zero.  Beside the configuration's
 * name, the seed spread: how far the targets' simulated job times move
 * with the seed alone, noise that no model of the configuration can
 * remove.  The final row averages a model's accuracies over the
 * configurations it predicted and takes its worst error, and averages the
 * spread over every configuration; the papers' own accuracies stand beside
 * it where they exist. */
#include "leaderboard.h"

#include <math.h>
#include <string.h>

/* The published job-time accuracy of the model named NAME, "" if none. */
static const char *paper_figure(const char *name)
{
  static const struct {
    const char *model, *figure;
  } papers[] = {{"khan", "94.97-95.51"}, {"boe", "93.50/95.00/96.38"}};
  for (size_t i = 0; i < sizeof papers / sizeof *papers; i++)
    if (strcmp(papers[i].model, name) == 0)
      return papers[i].figure;
  return "";
}

static const char *model_name(int m)
{
  return m < PREDICT_N_MODELS ? predict_model_name((predict_model)m) : "ptc";
}

/* Model M's job-time errors on experiment E. */
static const error_acc *cell_of(int e, int m, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                                const error_acc *ptc)
{
  return m < PREDICT_N_MODELS ? &acc[e][m][0] : &ptc[e];
}

/* TEXT as a CSV field: mrlab's CSV files quote nothing (common/csv.h), so
 * a comma becomes a semicolon. */
static void csv_note(FILE *csv, const char *text)
{
  for (const char *c = text; *c; c++)
    fputc(*c == ',' ? ';' : *c == '"' || *c == '\n' ? ' ' : *c, csv);
  fputc('\n', csv);
}

/* Why a cell holds no figure. */
static const char *why_empty(const error_acc *a, int m)
{
  return a->why[0] ? a->why : m < PREDICT_N_MODELS ? "no target measured" : "not tuned (no default-plan cost)";
}

void leaderboard_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                       const error_acc *ptc, const double *spread, FILE *csv, FILE *md)
{
  double mean_spread = 0;
  for (int e = 0; e < n_ex; e++)
    mean_spread += spread[e] / n_ex;
  if (csv)
    fprintf(csv, "configuration,seed_spread,model,targets,accuracy,worst_error,paper,note\n");
  fprintf(md, "| configuration | seed spread %% |");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++)
    fprintf(md, " %s accuracy %% | %s worst %% |", model_name(m), model_name(m));
  fprintf(md, "\n|---|---:|");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++)
    fprintf(md, "---:|---:|");
  fprintf(md, "\n");
  for (int e = 0; e < n_ex; e++) {
    fprintf(md, "| %s | %.2f |", ex[e].name, spread[e]);
    for (int m = 0; m < LEADERBOARD_N_MODELS; m++) {
      const error_acc *a = cell_of(e, m, acc, ptc);
      if (a->n > 0) {
        double mape = a->sum / a->n;
        if (csv)
          fprintf(csv, "%s,%.3f,%s,%d,%.3f,%.3f,,%s\n", ex[e].name, spread[e], model_name(m), a->n, 100 - mape, a->max,
                  a->why[0] ? "some targets not predicted" : "");
        fprintf(md, " %.2f | %.2f |", 100 - mape, a->max);
      } else {
        if (csv) {
          fprintf(csv, "%s,%.3f,%s,0,,,,", ex[e].name, spread[e], model_name(m));
          csv_note(csv, why_empty(a, m));
        }
        fprintf(md, " %s ||", why_empty(a, m));
      }
    }
    fprintf(md, "\n");
  }
  /* each model over every configuration it predicted */
  fprintf(md, "| **all: mean accuracy, worst** | **%.2f** |", mean_spread);
  char papers[LEADERBOARD_N_MODELS][64];
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++) {
    double sum = 0, worst = 0;
    int n = 0;
    for (int e = 0; e < n_ex; e++) {
      const error_acc *a = cell_of(e, m, acc, ptc);
      if (a->n > 0) {
        sum += 100 - a->sum / a->n;
        worst = fmax(worst, a->max);
        n++;
      }
    }
    snprintf(papers[m], sizeof papers[m], "%s", paper_figure(model_name(m)));
    if (n > 0) {
      if (csv)
        fprintf(csv, "all,%.3f,%s,%d,%.3f,%.3f,%s,\n", mean_spread, model_name(m), n, sum / n, worst, papers[m]);
      fprintf(md, " **%.2f** | **%.2f** |", sum / n, worst);
    } else {
      if (csv)
        fprintf(csv, "all,%.3f,%s,0,,,%s,no configuration predicted\n", mean_spread, model_name(m), papers[m]);
      fprintf(md, " no configuration predicted ||");
    }
  }
  fprintf(md, "\n| papers' own accuracy | - |");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++)
    fprintf(md, " %s ||", papers[m][0] ? papers[m] : "-");
  fprintf(md, "\n");
}
