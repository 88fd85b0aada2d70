/* seeds.c - `mrlab run --seeds N` (seeds.h), and the jobs of a run
 * directory as comparisons and seeds read them.
 *
 * A file of its own because a run over seeds is a command in its own
 * right: its runs are children of the pool (pool/pool.c) started in the
 * user's directory, so that every path of the command line means what it
 * means to a plain `mrlab run`; each writes its run directory whole into
 * the output directory's temporary sibling, and the tables are computed
 * from their jobs.csv, after every run ended, with stats.h's intervals. */
#include "seeds.h"

#include "alloc.h"
#include "csv.h"
#include "outfile.h"
#include "pool.h"
#include "rundir.h"
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int seeds_read_jobs(const char *dir, seeds_jobs *j, char *err, size_t errlen)
{
  char path[8192];
  memset(j, 0, sizeof *j);
  snprintf(path, sizeof path, "%.8000s/%s", dir, RUNDIR_JOBS);
  csv_table *t = csv_read(path, err, errlen);
  if (!t)
    return -1;
  enum { SUBMIT, START, MAP_PHASE_END, END, N_TIMES };
  const int names[N_TIMES] = {JOBS_SUBMIT, JOBS_START, JOBS_MAP_PHASE_END, JOBS_END};
  int cols[N_TIMES], cj = csv_column(t, rundir_jobs_columns[JOBS_JOB]), status = 0;
  int cs = csv_column(t, rundir_jobs_columns[JOBS_STATUS]);
  if (cj < 0 || cs < 0)
    status =
        (snprintf(err, errlen, "%s: no column %s", path, rundir_jobs_columns[cj < 0 ? JOBS_JOB : JOBS_STATUS]), -1);
  for (int i = 0; i < N_TIMES && !status; i++)
    if ((cols[i] = csv_column(t, rundir_jobs_columns[names[i]])) < 0)
      status = (snprintf(err, errlen, "%s: no column %s", path, rundir_jobs_columns[names[i]]), -1);
  if (!status && t->n_rows < 2)
    status = (snprintf(err, errlen, "%s: no job", path), -1);
  if (!status) {
    size_t n = (size_t)t->n_rows - 1;
    j->name = xcalloc(n, sizeof *j->name);
    double **at[N_TIMES] = {&j->submit, &j->start, &j->map_phase_end, &j->end};
    for (int i = 0; i < N_TIMES; i++)
      *at[i] = xcalloc(n, sizeof **at[i]);
    j->failed = xcalloc(n, sizeof *j->failed);
    for (int r = 1; r < t->n_rows && !status; r++, j->n++) {
      snprintf(j->name[r - 1], sizeof j->name[0], "%s", csv_cell(t, r, cj));
      j->failed[r - 1] = strcmp(csv_cell(t, r, cs), RUNDIR_STATUS_SUCCEEDED) != 0;
      for (int i = 0; i < N_TIMES && !status; i++)
        status = csv_number(t, r, cols[i], &(*at[i])[r - 1], err, errlen);
      j->makespan = fmax(j->makespan, j->end[r - 1]);
    }
  }
  csv_free(t);
  return status;
}

void seeds_jobs_free(seeds_jobs *j)
{
  free(j->name);
  free(j->submit);
  free(j->start);
  free(j->map_phase_end);
  free(j->end);
  free(j->failed);
  memset(j, 0, sizeof *j);
}

/* What a run over seeds writes: outdir_open's names. */
static const char *const outputs[] = {"seed-*", "seeds.csv", "summary.csv", "summary.md", NULL};

/* The tables of the N runs RUNS (seeds FIRST on), whose jobs are those of
 * RUNS[0] by name: seeds.csv into CSV, summary.csv into SUM, summary.md
 * into MD.  0, or -1 with ERR when a run lacks a job of the first. */
static int write_tables(const seeds_jobs *runs, int n, int first, FILE *csv, FILE *sum, FILE *md, char *err,
                        size_t errlen)
{
  int n_jobs = runs[0].n;
  /* x[j * n + k]: job j's time in seed k; the makespans after the jobs */
  double *x = xcalloc((size_t)(n_jobs + 1) * (size_t)n, sizeof *x);
  fprintf(csv, "seed,job,submit,end,job_time,makespan\n");
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < n_jobs; j++) {
      int i = 0;
      while (i < runs[k].n && strcmp(runs[k].name[i], runs[0].name[j]) != 0)
        i++;
      if (i == runs[k].n) {
        snprintf(err, errlen, "the run of seed %d has no job %s, which the run of seed %d has", first + k,
                 runs[0].name[j], first);
        free(x);
        return -1;
      }
      x[j * n + k] = runs[k].end[i] - runs[k].submit[i];
      fprintf(csv, "%d,%s,%.9f,%.9f,%.9f,%.9f\n", first + k, runs[0].name[j], runs[k].submit[i], runs[k].end[i],
              x[j * n + k], runs[k].makespan);
    }
    x[n_jobs * n + k] = runs[k].makespan;
  }
  fprintf(sum, "quantity,job,seeds,mean,sd,ci95_low,ci95_high\n");
  fprintf(md,
          "## %d seed%s (%d to %d): mean, standard deviation and 95%% confidence interval (Student's t)\n\n"
          "| quantity | mean s | sd s | 95%% interval s |\n|---|---:|---:|---:|\n",
          n, n > 1 ? "s" : "", first, first + n - 1);
  for (int j = 0; j <= n_jobs; j++) {
    stats_summary s;
    stats_summarise(x + j * n, n, &s);
    char a[64], b[64], c[64], sd[64];
    fprintf(sum, "%s,%s,%d,%.6f,%s,%s,%s\n", j < n_jobs ? "job_time" : "makespan", j < n_jobs ? runs[0].name[j] : "", n,
            s.mean, csv_format(s.sd, 6, a, sizeof a), csv_format(s.mean - s.half, 6, b, sizeof b),
            csv_format(s.mean + s.half, 6, c, sizeof c));
    snprintf(sd, sizeof sd, "%.2f", s.sd);
    if (j < n_jobs)
      fprintf(md, "| time of job %s |", runs[0].name[j]);
    else
      fprintf(md, "| makespan |");
    fprintf(md, " %.2f | %s | %s |\n", s.mean, n > 1 ? sd : "-", stats_interval_text(&s, 2, a, sizeof a));
  }
  free(x);
  return 0;
}

/* Writes the tables of the runs of SIMS (R's seeds) into D's temporary,
 * and summary.md's text into *MD (the caller frees it).  0, or -1 with ERR. */
static int summarise(const seeds_request *r, const sim *sims, const outdir *d, char **md, char *err, size_t errlen)
{
  seeds_jobs *runs = xcalloc((size_t)r->n, sizeof *runs);
  int status = 0;
  for (int k = 0; k < r->n && !status; k++)
    status = seeds_read_jobs(sims[k].dir, &runs[k], err, errlen);
  size_t size = 0;
  FILE *text = open_memstream(md, &size);
  outfile csv, sum, out;
  if (!status && !(status = outfile_open(&csv, d->tmp, "seeds.csv", err, errlen))) {
    if (!(status = outfile_open(&sum, d->tmp, "summary.csv", err, errlen))) {
      status = write_tables(runs, r->n, r->first, csv.f, sum.f, text, err, errlen);
      status = status ? (outfile_discard(&sum), status) : outfile_close(&sum, err, errlen);
    }
    status = status ? (outfile_discard(&csv), status) : outfile_close(&csv, err, errlen);
  }
  fclose(text);
  if (!status && !(status = outfile_open(&out, d->tmp, "summary.md", err, errlen))) {
    fputs(*md, out.f);
    status = outfile_close(&out, err, errlen);
  }
  for (int k = 0; k < r->n; k++)
    seeds_jobs_free(&runs[k]);
  free(runs);
  return status;
}

int seeds_run(const seeds_request *r, FILE *out, char *err, size_t errlen)
{
  outdir d;
  if (outdir_open(&d, r->dir, outputs, err, errlen))
    return 2;
  sim *sims = xcalloc((size_t)r->n, sizeof *sims);
  for (int k = 0; k < r->n; k++) {
    sim *s = &sims[k];
    s->seed = r->first + k;
    snprintf(s->dir, sizeof s->dir, "%.4000s/seed-%d", d.tmp, s->seed);
    snprintf(s->log, sizeof s->log, "%.4000s.log", s->dir);
    snprintf(s->platform, sizeof s->platform, "%s", r->platform);
    snprintf(s->workload, sizeof s->workload, "%s", r->workload);
    s->args = r->args;
    s->n_args = r->n_args;
  }
  pool_progress_start(r->n);
  int status = pool_run(sims, r->n, ".", &(pool_config){.self = r->self, .jobs = r->jobs}, err, errlen)
                   ? (pool_refusal(sims, r->n, ".", err, errlen) >= 0 ? 2 : 1)
                   : 0;
  pool_progress_end();
  char *md = NULL;
  if (!status)
    status = summarise(r, sims, &d, &md, err, errlen) ? 1 : 0;
  if (status)
    outdir_discard(&d);
  else if (outdir_commit(&d, err, errlen))
    status = 1;
  else
    fputs(md, out);
  free(md);
  free(sims);
  return status;
}
