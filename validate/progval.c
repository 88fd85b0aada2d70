/* progval.c - progress entries (progval.h): how well each progress
 * indicator that a run samples tracks the run's true progress.
 *
 * An entry is read as a comparison without anchors, so a workload and its
 * variants (other skews, sizes, platforms, sketch sizes) are written, run
 * and checked exactly as comparisons are; only the scoring differs.  The
 * runs sample the indicators themselves (progress.csv, one row per
 * sampling time and indicator during the reduce phase) and know the phase's
 * true start and end once they are over (jobs.csv's reduce_start and
 * reduce_end), so scoring is after the fact: for each indicator, Coppa and
 * Finocchi's error (progress_error, models/progress.h) over its samples,
 * the mean and the max of |estimated - true progress| in points.  Like a
 * comparison's variants, every variant runs with the seeds 1 to the
 * entry's `seeds`, and each figure is computed seed by seed and reported as
 * its mean over the seeds with its 95% interval (stats.h).  The paper's
 * figures for a row are given on the variant that reproduces it and
 * printed beside mrlab's, marked where they lie outside mrlab's interval;
 * the paper's "Hadoop" is the reduce third of Hadoop's score
 * (`hadoop-reduce`), so its figures go there. */
#include "progval.h"

#include "alloc.h"
#include "csv.h"
#include "entry.h"
#include "progress.h"
#include "rundir.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The keys of a `paper` group: the mean and the max of each indicator the
 * paper measures (not Hadoop's weighted score, which it never shows). */
static const char *const paper_mean_keys[INDICATOR_N] = {NULL, "hadoop", "jobratio", "taskratio", "nearestfit"};
static const char *const paper_max_keys[INDICATOR_N] = {NULL, "hadoop_max", "jobratio_max", "taskratio_max",
                                                        "nearestfit_max"};
static const char *const paper_keys[] = {"source",     "hadoop",       "jobratio",      "taskratio",      "nearestfit",
                                         "hadoop_max", "jobratio_max", "taskratio_max", "nearestfit_max", NULL};

/* Reads the `paper` member of variant group G, if any, into P. */
static int read_paper(cfg_file *f, const config_setting_t *g, progval_paper *p)
{
  for (int i = 0; i < INDICATOR_N; i++)
    p->mean[i] = p->max[i] = NAN;
  const config_setting_t *s = config_setting_get_member(g, "paper");
  if (!s)
    return 0;
  if (!config_setting_is_group(s))
    return cfg_fail(f, s, "expected a group such as { source = \"Table 3: WordCount\"; hadoop = 11.30; }");
  if (cfg_check_keys(f, s, paper_keys) || entry_read_text(f, s, "source", &p->source))
    return -1;
  for (int i = 1; i < INDICATOR_N; i++)
    if (cfg_get_number(f, s, paper_mean_keys[i], 0, 0, 100, &p->mean[i]) < 0 ||
        cfg_get_number(f, s, paper_max_keys[i], 0, 0, 100, &p->max[i]) < 0)
      return -1;
  return 0;
}

int progval_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, long long max_sims,
                 progval *ind)
{
  if (compare_read(f, list, folder, scratch, max_sims, 1, &ind->entries, &ind->n_entries))
    return -1;
  ind->n_runs = compare_n_runs(ind->entries, ind->n_entries);
  int n_variants = 0;
  for (int e = 0; e < ind->n_entries; e++)
    n_variants += ind->entries[e].n_variants;
  ind->paper = xcalloc((size_t)n_variants + 1, sizeof *ind->paper);
  for (int e = 0, k = 0; e < ind->n_entries; e++) {
    const config_setting_t *vs = config_setting_get_member(config_setting_get_elem(list, (unsigned)e), "variants");
    for (int v = 0; v < ind->entries[e].n_variants; v++, k++)
      if (read_paper(f, config_setting_get_elem(vs, (unsigned)v), &ind->paper[k]))
        return -1;
  }
  return 0;
}

void progval_free(progval *ind)
{
  compare_free_all(ind->entries, ind->n_entries);
  free(ind->paper);
}

/* The columns of T named NAMES[WANT[i]] into C[i], N of them.  0, or -1
 * with ERR naming the first missing. */
static int columns(const csv_table *t, const char *const *names, const int *want, int n, int *c, char *err,
                   size_t errlen)
{
  for (int i = 0; i < n; i++)
    if ((c[i] = csv_column(t, names[want[i]])) < 0)
      return snprintf(err, errlen, "%s: no column %s", t->path, names[want[i]]), -1;
  return 0;
}

/* The true reduce phase of the first job of run DIR in BASE and its sketch
 * error, into R; that job's name into JOB.  0, or -1 with ERR. */
static int read_job(const char *base, const char *dir, progval_result *r, char *job, size_t joblen, double *t_start,
                    double *end, char *err, size_t errlen)
{
  char path[8192];
  snprintf(path, sizeof path, "%s/%s/%s", base, dir, RUNDIR_JOBS);
  csv_table *t = csv_read(path, err, errlen);
  if (!t)
    return -1;
  int c[4] = {0};
  const int want[4] = {JOBS_JOB, JOBS_REDUCE_START, JOBS_REDUCE_END, JOBS_SKETCH_ERROR};
  int status = columns(t, rundir_jobs_columns, want, 4, c, err, errlen);
  if (!status && t->n_rows < 2)
    status = (snprintf(err, errlen, "%s: no job", path), -1);
  if (!status)
    status = csv_number(t, 1, c[1], t_start, err, errlen) || csv_number(t, 1, c[2], end, err, errlen) ||
                     csv_number(t, 1, c[3], &r->sketch_error, err, errlen)
                 ? -1
                 : 0;
  if (!status && !(*end > *t_start))
    status = csv_fail(t, 1, c[2], err, errlen, "expected the reduce phase to end after it started (%g), got %g",
                      *t_start, *end);
  if (!status) {
    snprintf(job, joblen, "%s", csv_cell(t, 1, c[0]));
    r->reduce_phase = *end - *t_start;
  }
  csv_free(t);
  return status;
}

/* The errors of the indicators sampled in run DIR of BASE into R.  0, or -1 with ERR. */
static int measure_run(const char *base, const char *dir, progval_result *r, char *err, size_t errlen)
{
  char job[4096], path[8192];
  double t_start, end;
  if (read_job(base, dir, r, job, sizeof job, &t_start, &end, err, errlen))
    return -1;
  snprintf(path, sizeof path, "%s/%s/%s", base, dir, RUNDIR_PROGRESS);
  csv_table *t = csv_read(path, err, errlen);
  if (!t)
    return -1;
  int c[4] = {0};
  const int want[4] = {PROGRESSCSV_JOB, PROGRESSCSV_TIME, PROGRESSCSV_INDICATOR, PROGRESSCSV_PROGRESS};
  int status = columns(t, rundir_progress_columns, want, 4, c, err, errlen);
  int cj = c[0], ct = c[1], ci = c[2], cp = c[3];
  double *times = xcalloc((size_t)t->n_rows, sizeof *times), *progress = xcalloc((size_t)t->n_rows, sizeof *progress);
  for (int i = 0; i < INDICATOR_N && !status; i++) {
    size_t n = 0;
    for (int row = 1; row < t->n_rows && !status; row++)
      if (strcmp(csv_cell(t, row, cj), job) == 0 && strcmp(csv_cell(t, row, ci), rundir_indicators[i]) == 0) {
        status = csv_number(t, row, ct, &times[n], err, errlen) || csv_number(t, row, cp, &progress[n], err, errlen)
                     ? -1
                     : 0;
        n++;
      }
    if (!status && n == 0)
      status = (snprintf(err, errlen,
                         "%s: no sample of indicator %s (is mrlab.progress.period longer than the %g s reduce phase?)",
                         path, rundir_indicators[i], end - t_start),
                -1);
    if (!status)
      progress_error(times, progress, n, t_start, end, &r->mean[i], &r->max[i]);
    if (i == 0)
      r->samples = (int)n;
  }
  free(times);
  free(progress);
  csv_free(t);
  return status;
}

int progval_measure(const progval *ind, const sim *sims, const char *base, progval_result *r, char *err, size_t errlen)
{
  for (int k = 0; k < ind->n_runs; k++)
    if (measure_run(base, sims[k].dir, &r[k], err, errlen))
      return -1;
  return 0;
}

/* What a variant's runs say over its seeds: each indicator's mean and max
 * error summarised, and the means of the samples, the reduce phase and the
 * sketch error. */
typedef struct {
  stats_summary mean[INDICATOR_N], max[INDICATOR_N];
  double samples, reduce_phase, sketch_error;
} row_summary;

/* The N runs R of one variant (its seeds in turn) into S. */
static void row_summarise(const progval_result *r, int n, row_summary *s)
{
  double *mean = xcalloc((size_t)n, sizeof *mean), *max = xcalloc((size_t)n, sizeof *max);
  for (int i = 0; i < INDICATOR_N; i++) {
    for (int k = 0; k < n; k++)
      mean[k] = r[k].mean[i], max[k] = r[k].max[i];
    stats_summarise(mean, n, &s->mean[i]);
    stats_summarise(max, n, &s->max[i]);
  }
  s->samples = s->reduce_phase = s->sketch_error = 0;
  for (int k = 0; k < n; k++) {
    s->samples += (double)r[k].samples / n;
    s->reduce_phase += r[k].reduce_phase / n;
    s->sketch_error += r[k].sketch_error / n;
  }
  free(mean);
  free(max);
}

/* Whether the paper's figure P lies within S's 95% interval: "yes", "no",
 * or "" when there is no figure or no interval (one seed). */
static const char *within(double p, const stats_summary *s)
{
  if (isnan(p) || isnan(s->half))
    return "";
  return fabs(p - s->mean) <= s->half ? "yes" : "no";
}

/* MEAN and MAX as a cell, "MEAN ± HALF / MAX ± HALF", into BUF. */
static const char *measured(const stats_summary *mean, const stats_summary *max, char *buf, size_t n)
{
  char a[64], b[64];
  snprintf(buf, n, "%s / %s", stats_text(mean, 2, a, sizeof a), stats_text(max, 2, b, sizeof b));
  return buf;
}

/* The paper's MEAN and MAX as a cell, "MEAN / MAX", "MEAN" without a max,
 * "-" without a mean; a figure outside its interval in S (mean, max) in
 * bold; into BUF. */
static const char *paper_cell(double mean, double max, const stats_summary *s, char *buf, size_t n)
{
  const double p[2] = {mean, max};
  buf[0] = 0;
  if (isnan(mean))
    return snprintf(buf, n, "-"), buf;
  for (int m = 0; m < 2 && !isnan(p[m]); m++) {
    size_t len = strlen(buf);
    const char *mark = strcmp(within(p[m], &s[m]), "no") == 0 ? "**" : "";
    snprintf(buf + len, n - len, "%s%s%.2f%s", m ? " / " : "", mark, p[m], mark);
  }
  return buf;
}

void progval_write(const progval *ind, const progval_result *r, FILE *csv, FILE *md)
{
  char a[64], b[64], c[160], d[160];
  int seeds = ind->n_entries ? ind->entries[0].seeds : 0; /* 0: the entries' differ */
  for (int e = 0; e < ind->n_entries; e++)
    seeds = ind->entries[e].seeds == seeds ? seeds : 0;
  if (csv)
    fprintf(csv, "workload,variant,indicator,seeds,samples,mean_error,mean_error_ci95_half,max_error,"
                 "max_error_ci95_half,paper_mean,paper_max,paper_mean_within,paper_max_within,sketch_error,source\n");
  fprintf(md,
          "## progress indicators\n\nmean / max |estimated - true progress| over the reduce phase, in points, each "
          "the mean over %s ± the half-width of its 95%% interval; samples, reduce phase and sketch error their "
          "means; the paper's figures beside mrlab's, in bold where they lie outside mrlab's interval\n\n"
          "| workload | variant | samples | reduce phase |",
          stats_seeds_text(seeds, "progress.csv", c, sizeof c));
  for (int i = 0; i < INDICATOR_N; i++)
    fprintf(md, " %s |%s", rundir_indicators[i], paper_mean_keys[i] ? " paper |" : "");
  fprintf(md, " sketch error | source |\n|---|---|---:|---:|");
  for (int i = 0; i < INDICATOR_N; i++)
    fprintf(md, "---:|%s", paper_mean_keys[i] ? "---:|" : "");
  fprintf(md, "---:|---|\n");
  /* the paper's rows (mean and max given), for the means over them seed by seed */
  const progval_result **rows[INDICATOR_N];
  const progval_paper **papers[INDICATOR_N];
  int n_rows[INDICATOR_N] = {0}, common = INT_MAX;
  for (int i = 0; i < INDICATOR_N; i++) {
    rows[i] = xcalloc((size_t)ind->n_runs + 1, sizeof *rows[i]);
    papers[i] = xcalloc((size_t)ind->n_runs + 1, sizeof *papers[i]);
  }
  for (int e = 0, k = 0, first = 0; e < ind->n_entries; e++)
    for (int v = 0; v < ind->entries[e].n_variants; v++, k++, first += ind->entries[e].seeds) {
      const progval_paper *p = &ind->paper[k];
      const char *workload = ind->entries[e].name, *variant = ind->entries[e].variants[v].name;
      row_summary s;
      row_summarise(r + first, ind->entries[e].seeds, &s);
      fprintf(md, "| %s | %s | %.0f | %.0f s |", workload, variant, s.samples, s.reduce_phase);
      for (int i = 0; i < INDICATOR_N; i++) {
        const stats_summary both[2] = {s.mean[i], s.max[i]};
        if (csv) {
          fprintf(csv, "%s,%s,%s,%d,%.1f,", workload, variant, rundir_indicators[i], ind->entries[e].seeds, s.samples);
          stats_csv(csv, &s.mean[i], 3);
          fprintf(csv, ",");
          stats_csv(csv, &s.max[i], 3);
          fprintf(csv, ",%s,%s,%s,%s,%.4f,%s\n", csv_format(p->mean[i], 3, a, sizeof a),
                  csv_format(p->max[i], 3, b, sizeof b), within(p->mean[i], &s.mean[i]), within(p->max[i], &s.max[i]),
                  s.sketch_error, p->source ? p->source : "");
        }
        fprintf(md, " %s |", measured(&s.mean[i], &s.max[i], c, sizeof c));
        if (paper_mean_keys[i])
          fprintf(md, " %s |", paper_cell(p->mean[i], p->max[i], both, d, sizeof d));
        if (!isnan(p->mean[i]) && !isnan(p->max[i])) {
          rows[i][n_rows[i]] = r + first, papers[i][n_rows[i]++] = p;
          common = ind->entries[e].seeds < common ? ind->entries[e].seeds : common;
        }
      }
      fprintf(md, " %.2f%% | %s |\n", 100 * s.sketch_error, p->source ? p->source : "");
    }
  if (n_rows[INDICATOR_NEARESTFIT]) { /* over the seeds every such row ran */
    fprintf(md, "| mean of the paper's rows | | | |");
    double *mean = xcalloc((size_t)common, sizeof *mean), *max = xcalloc((size_t)common, sizeof *max);
    for (int i = 0; i < INDICATOR_N; i++) {
      int n = n_rows[i];
      double paper[2] = {0, 0};
      stats_summary s[2];
      for (int k = 0; k < common; k++) {
        mean[k] = max[k] = 0;
        for (int row = 0; row < n; row++)
          mean[k] += rows[i][row][k].mean[i] / n, max[k] += rows[i][row][k].max[i] / n;
      }
      for (int row = 0; row < n; row++)
        paper[0] += papers[i][row]->mean[i] / n, paper[1] += papers[i][row]->max[i] / n;
      stats_summarise(mean, common, &s[0]);
      stats_summarise(max, common, &s[1]);
      fprintf(md, " %s |", n ? measured(&s[0], &s[1], c, sizeof c) : "-");
      if (paper_mean_keys[i])
        fprintf(md, " %s |", n ? paper_cell(paper[0], paper[1], s, d, sizeof d) : "-");
    }
    fprintf(md, " | |\n");
    free(mean);
    free(max);
  }
  for (int i = 0; i < INDICATOR_N; i++) {
    free(rows[i]);
    free(papers[i]);
  }
}
