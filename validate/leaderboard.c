/* leaderboard.c - the accuracy leaderboard (leaderboard.h).  A cell is the
 * job-time accuracy, 100 - MAPE over the experiment's targets, seed by
 * seed, as a mean with its 95% interval, and the worst absolute
 * percentage error; a model that predicted no target says why instead
 * (the error predict_job returned, or that the experiment does not tune,
 * for PTC), never a blank or a zero.  Beside the configuration's name, the
 * seed ceiling: the accuracy of each target's mean over its seeds taken as
 * the prediction, what the draw alone costs any model that sees the
 * configuration only.  The final row averages, seed by seed, a model's
 * accuracies over the configurations it predicted (the seeds every
 * configuration ran), and takes its worst error; the papers' own
 * accuracies stand beside it where they exist, and mrlab's own model is
 * marked unpublished.
 *
 * Models are compared, never ranked by one number: in each row the model
 * with the best mean is set against every other model that predicted the
 * same targets, by the paired difference of their accuracies over the
 * same seeds (stats_paired), and a model whose interval of that
 * difference holds zero is "no difference" from the best: both bold. */
#include "leaderboard.h"

#include "alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The papers behind the models: a published job-time accuracy where the
 * paper gives one, and mrlab's own model, published nowhere.  A model not
 * listed is published, without a figure. */
static const struct {
  const char *model, *figure;
  int published;
} papers[] = {{"khan", "94.97-95.51", 1}, {"boe", "93.50/95.00/96.38", 1}, {"mrlab", "", 0}};

static const char *model_name(int m)
{
  return m < PREDICT_N_MODELS ? predict_model_name((predict_model)m) : "ptc";
}

/* The published figure of the model named MODEL into *FIGURE ("" if
 * none); whether it is published. */
static int paper_of(const char *model, const char **figure)
{
  *figure = "";
  for (size_t i = 0; i < sizeof papers / sizeof *papers; i++)
    if (strcmp(papers[i].model, model) == 0) {
      *figure = papers[i].figure;
      return papers[i].published;
    }
  return 1;
}

int leaderboard_model_published(const char *model)
{
  const char *figure;
  return paper_of(model, &figure);
}

/* The published figure of model M into *FIGURE ("" if none); whether it is published. */
static int published(int m, const char **figure)
{
  return paper_of(model_name(m), figure);
}

/* Model M's job-time errors on experiment E; M = LEADERBOARD_N_MODELS: the seed ceiling's. */
static const error_acc *errors_of(int e, int m, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                                  const error_acc *ptc, const error_acc *ceiling)
{
  return m < PREDICT_N_MODELS ? &acc[e][m][0] : m == PREDICT_N_MODELS ? &ptc[e] : &ceiling[e];
}

/* TEXT as a CSV field: mrlab's CSV files quote nothing (common/csv.h), so
 * a comma becomes a semicolon. */
static void csv_note(FILE *csv, const char *text)
{
  for (const char *c = text; *c; c++)
    fputc(*c == ',' ? ';' : *c == '"' || *c == '\n' ? ' ' : *c, csv);
}

/* One cell of the board: a model's accuracy on a configuration, or over all of them. */
typedef struct {
  int n;        /* targets (configurations, in the final row) with a figure; 0: none */
  int complete; /* every target (configuration) predicted: comparable with another complete cell */
  int seeds;
  double *acc; /* [seeds]: the accuracy seed by seed */
  stats_summary s;
  double worst;
  const char *why;      /* n = 0: why no figure */
  stats_summary behind; /* the best cell's accuracy minus this one's, paired over the seeds */
  int compared;         /* set against the best (BEHIND holds zeros for the best itself) */
  char against[64];     /* "best", "behind", "no difference at N seeds", ... */
  int bold;             /* the best, or no different from it */
} cell;

static void cell_fill(cell *c, const error_acc *a, int m)
{
  *c = (cell){.n = a->n, .complete = a->n > 0 && !a->why[0], .seeds = a->seeds, .worst = a->max};
  c->acc = xcalloc((size_t)a->seeds + 1, sizeof *c->acc);
  c->why = a->why[0] ? a->why : m < PREDICT_N_MODELS ? "no target measured" : "not tuned (no default-plan cost)";
  if (a->n > 0)
    assess_accuracy(a, c->acc, &c->s);
}

/* C: the mean over the N_EX cells ROWS[0], ROWS[STRIDE], ... that hold a
 * figure, seed by seed over their first SEEDS seeds, and their worst. */
static void cell_all(cell *c, const cell *rows, int n_ex, int stride, int seeds)
{
  *c = (cell){.complete = 1, .seeds = seeds, .why = "no configuration predicted"};
  c->acc = xcalloc((size_t)seeds + 1, sizeof *c->acc);
  for (int e = 0; e < n_ex; e++) {
    const cell *r = &rows[e * stride];
    c->complete &= r->complete;
    if (r->n == 0)
      continue;
    c->n++;
    c->worst = fmax(c->worst, r->worst);
    for (int k = 0; k < seeds; k++)
      c->acc[k] += r->acc[k];
  }
  for (int k = 0; k < seeds && c->n > 0; k++)
    c->acc[k] /= c->n;
  if (c->n > 0)
    stats_summarise(c->acc, seeds, &c->s);
}

/* Sets the N cells C of one row against the best complete one. */
static void rank(cell *c, int n, const char *incomplete)
{
  int best = -1;
  for (int m = 0; m < n; m++)
    if (c[m].complete && (best < 0 || c[m].s.mean > c[best].s.mean))
      best = m;
  for (int m = 0; m < n; m++) {
    if (c[m].n == 0)
      continue;
    if (!c[m].complete || best < 0) {
      snprintf(c[m].against, sizeof c[m].against, "%s", incomplete);
      continue;
    }
    if (c[m].seeds < 2) { /* one number each: no best to name */
      stats_verdict_text(STATS_ONE_SEED, 1, c[m].against, sizeof c[m].against);
      continue;
    }
    stats_paired(c[m].acc, c[best].acc, c[m].seeds, &c[m].behind);
    c[m].compared = 1;
    stats_verdict v = stats_judge(&c[m].behind);
    if (c[m].s.mean == c[best].s.mean) /* the best, or tied with it to the last bit: no index picks one */
      snprintf(c[m].against, sizeof c[m].against, "best");
    else if (v == STATS_HURTS) /* the best's accuracy above this one's, the whole interval */
      snprintf(c[m].against, sizeof c[m].against, "behind");
    else
      stats_verdict_text(v, c[m].seeds, c[m].against, sizeof c[m].against);
    c[m].bold = c[m].s.mean == c[best].s.mean || v == STATS_NO_DIFFERENCE;
  }
}

void leaderboard_write(const experiment *ex, int n_ex, error_acc (*acc)[PREDICT_N_MODELS][PREDICT_N_QUANTITIES],
                       const error_acc *ptc, const error_acc *ceiling, FILE *csv, FILE *md)
{
  enum { W = LEADERBOARD_N_MODELS + 1 }; /* the models, then the seed ceiling */
  cell *cells = xcalloc((size_t)(n_ex + 1) * W, sizeof *cells);
  int seeds = ex[0].seeds, uneven = 0;
  for (int e = 0; e < n_ex; e++) {
    for (int m = 0; m < W; m++)
      cell_fill(&cells[e * W + m], errors_of(e, m, acc, ptc, ceiling), m);
    uneven |= ex[e].seeds != seeds;
    seeds = ex[e].seeds < seeds ? ex[e].seeds : seeds;
  }
  for (int m = 0; m < W; m++)
    cell_all(&cells[n_ex * W + m], &cells[m], n_ex, W, seeds);
  for (int e = 0; e <= n_ex; e++)
    rank(&cells[e * W], LEADERBOARD_N_MODELS,
         e < n_ex ? "not comparable: other targets" : "not comparable: other configurations");
  if (csv)
    fprintf(csv, "configuration,seeds,seed_ceiling,seed_ceiling_ci95_half,model,published,targets,accuracy,"
                 "accuracy_ci95_half,worst_error,behind_best,behind_best_ci95_half,against_best,paper,note\n");
  fprintf(md, "| configuration | seeds | seed ceiling %% |");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++) {
    const char *figure;
    fprintf(md, " %s%s accuracy %% | %s worst %% |", model_name(m), published(m, &figure) ? "" : " (unpublished)",
            model_name(m));
  }
  fprintf(md, "\n|---|---:|---:|");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++)
    fprintf(md, "---:|---:|");
  fprintf(md, "\n");
  for (int e = 0; e <= n_ex; e++) {
    const cell *row = &cells[e * W], *top = &row[LEADERBOARD_N_MODELS];
    const char *name = e < n_ex ? ex[e].name : "all";
    int n_seeds = e < n_ex ? ex[e].seeds : seeds;
    char text[128];
    fprintf(md, "| %s | %d | %s |", e < n_ex ? name : "**all: mean accuracy, worst**", n_seeds,
            stats_text(&top->s, 2, text, sizeof text));
    for (int m = 0; m < LEADERBOARD_N_MODELS; m++) {
      const cell *c = &row[m];
      const char *figure;
      int pub = published(m, &figure);
      if (csv) {
        fprintf(csv, "%s,%d,", name, n_seeds);
        stats_csv(csv, &top->s, 3);
        fprintf(csv, ",%s,%s,%d,", model_name(m), pub ? "yes" : "no", c->n);
        if (c->n > 0) {
          stats_csv(csv, &c->s, 3);
          fprintf(csv, ",%.3f,", c->worst);
        } else
          fprintf(csv, ",,,");
        if (c->compared)
          stats_csv(csv, &c->behind, 3);
        else
          fputc(',', csv);
        fprintf(csv, ",%s,%s,", c->against, e < n_ex ? "" : figure);
        csv_note(csv, c->n == 0                  ? c->why
                      : e < n_ex && !c->complete ? "some targets not predicted"
                      : e == n_ex && uneven      ? "over the seeds every configuration ran"
                                                 : "");
        fputc('\n', csv);
      }
      if (c->n > 0 && !c->complete) /* over fewer targets (configurations) than the others: not theirs to compare */
        fprintf(md, " %s (%d of %d %s) | %.2f |", stats_text(&c->s, 2, text, sizeof text), c->n,
                e < n_ex ? grid_size(&ex[e].targets) : n_ex, e < n_ex ? "targets" : "configurations", c->worst);
      else if (c->n > 0)
        fprintf(md, " %s%s%s | %.2f |", c->bold ? "**" : "", stats_text(&c->s, 2, text, sizeof text),
                c->bold ? "**" : "", c->worst);
      else
        fprintf(md, " %s ||", c->why);
    }
    fprintf(md, "\n");
  }
  fprintf(md, "| papers' own accuracy | | - |");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++) {
    const char *figure;
    int pub = published(m, &figure);
    fprintf(md, " %s ||", !pub ? "unpublished" : figure[0] ? figure : "-");
  }
  fprintf(md, "\n\nEach accuracy is 100 - MAPE over the configuration's targets, seed by seed, given as the mean over "
              "the seeds ± the half-width of its 95%% interval (Student's t); worst: the largest error of any target "
              "and seed.  Seed ceiling: the accuracy of each target's mean over its seeds taken as the prediction.  "
              "Bold: the row's best mean, and each model whose paired difference from it over the same targets and "
              "seeds holds zero in its 95%% interval; a figure over fewer targets (configurations) than the row's "
              "says so and is set against none.  The final row averages each seed's accuracies over the "
              "configurations.");
  for (int m = 0; m < LEADERBOARD_N_MODELS; m++) {
    const char *figure;
    if (!published(m, &figure))
      fprintf(md, "  %s (unpublished): mrlab's own model, from no paper; no published figure stands behind it.",
              model_name(m));
  }
  fprintf(md, "\n");
  for (int k = 0; k < (n_ex + 1) * W; k++)
    free(cells[k].acc);
  free(cells);
}
