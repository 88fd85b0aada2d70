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
 * the mean and the max of |estimated - true progress| in points.  The
 * paper's figures for a row are given on the variant that reproduces it
 * and printed beside mrlab's; the paper's "Hadoop" is the reduce third of
 * Hadoop's score (`hadoop-reduce`), so its figures go there. */
#include "progval.h"

#include "alloc.h"
#include "csv.h"
#include "progress.h"
#include "rundir.h"

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
  if (cfg_check_keys(f, s, paper_keys) || compare_read_text(f, s, "source", &p->source))
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
  ind->paper = xcalloc((size_t)ind->n_runs + 1, sizeof *ind->paper);
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

/* "MEAN / MAX" into BUF, or "-" when MEAN is NAN. */
static const char *pair(double mean, double max, char *buf, size_t n)
{
  if (isnan(mean))
    snprintf(buf, n, "-");
  else if (isnan(max))
    snprintf(buf, n, "%.2f", mean);
  else
    snprintf(buf, n, "%.2f / %.2f", mean, max);
  return buf;
}

void progval_write(const progval *ind, const progval_result *r, FILE *csv, FILE *md)
{
  char a[64], b[64], c[64], d[64];
  if (csv)
    fprintf(csv, "workload,variant,indicator,samples,mean_error,max_error,paper_mean,paper_max,sketch_error,source\n");
  fprintf(md, "## progress indicators\n\nmean / max |estimated - true progress| over the reduce phase, in points; the "
              "paper's beside mrlab's\n\n| workload | variant | samples | reduce phase |");
  for (int i = 0; i < INDICATOR_N; i++)
    fprintf(md, " %s |%s", rundir_indicators[i], paper_mean_keys[i] ? " paper |" : "");
  fprintf(md, " sketch error | source |\n|---|---|---:|---:|");
  for (int i = 0; i < INDICATOR_N; i++)
    fprintf(md, "---:|%s", paper_mean_keys[i] ? "---:|" : "");
  fprintf(md, "---:|---|\n");
  /* the means over the rows where the paper has a figure, mrlab's and the paper's */
  double sum[INDICATOR_N][4] = {{0}};
  int rows[INDICATOR_N] = {0};
  for (int e = 0, k = 0; e < ind->n_entries; e++)
    for (int v = 0; v < ind->entries[e].n_variants; v++, k++) {
      const progval_paper *p = &ind->paper[k];
      const char *workload = ind->entries[e].name, *variant = ind->entries[e].variants[v].name;
      for (int i = 0; csv && i < INDICATOR_N; i++)
        fprintf(csv, "%s,%s,%s,%d,%.3f,%.3f,%s,%s,%.4f,%s\n", workload, variant, rundir_indicators[i], r[k].samples,
                r[k].mean[i], r[k].max[i], csv_format(p->mean[i], 3, a, sizeof a), csv_format(p->max[i], 3, b, sizeof b),
                r[k].sketch_error, p->source ? p->source : "");
      fprintf(md, "| %s | %s | %d | %.0f s |", workload, variant, r[k].samples, r[k].reduce_phase);
      for (int i = 0; i < INDICATOR_N; i++) {
        fprintf(md, " %s |", pair(r[k].mean[i], r[k].max[i], c, sizeof c));
        if (paper_mean_keys[i])
          fprintf(md, " %s |", pair(p->mean[i], p->max[i], d, sizeof d));
        if (!isnan(p->mean[i]) && !isnan(p->max[i])) {
          double add[4] = {r[k].mean[i], r[k].max[i], p->mean[i], p->max[i]};
          for (int m = 0; m < 4; m++)
            sum[i][m] += add[m];
          rows[i]++;
        }
      }
      fprintf(md, " %.2f%% | %s |\n", 100 * r[k].sketch_error, p->source ? p->source : "");
    }
  if (!rows[INDICATOR_NEARESTFIT])
    return;
  fprintf(md, "| mean of the paper's rows | | | |");
  for (int i = 0; i < INDICATOR_N; i++) {
    int n = rows[i];
    fprintf(md, " %s |", pair(n ? sum[i][0] / n : NAN, n ? sum[i][1] / n : NAN, c, sizeof c));
    if (paper_mean_keys[i])
      fprintf(md, " %s |", pair(n ? sum[i][2] / n : NAN, n ? sum[i][3] / n : NAN, d, sizeof d));
  }
  fprintf(md, " | |\n");
}
