/* progval.h - the progress entries of an experiment file: workloads
 * whose runs' progress indicators (progress.csv of each run) are scored by
 * Coppa and Finocchi's error and set beside the paper's figures.  An entry
 * is a comparison without anchors (compare.h): a base job and its
 * variants, each one `mrlab run` a seed, seeds 1 to its `seeds`; a variant
 * may hold the paper's figures for its row. */
#ifndef MRLAB_PROGVAL_H
#define MRLAB_PROGVAL_H

#include "cfg.h"
#include "compare.h"
#include "pool.h"
#include "rundir.h"

#include <stdio.h>

/* What the paper gives for one row: mean and max error in points, NAN
 * where it gives none; SOURCE NULL when it gives nothing. */
typedef struct {
  const char *source;
  double mean[INDICATOR_N], max[INDICATOR_N];
} progval_paper;

typedef struct {
  comparison *entries; /* base jobs and variants, no anchors */
  int n_entries;
  progval_paper *paper; /* one a variant: the entries' variants in turn */
  int n_runs;           /* one a variant and seed, in compare_plan's order */
} progval;

/* What one run gave: each indicator's error over the samples of the
 * reduce phase, and the run's key-group sketch error. */
typedef struct {
  double mean[INDICATOR_N], max[INDICATOR_N];
  int samples;         /* sampling times in the reduce phase */
  double reduce_phase; /* s, from the first reduce function's start to the last one's end */
  double sketch_error; /* sum |estimated - true size| / sum of true sizes over explicit keys */
} progval_result;

/* Reads the progress entries of LIST (a list of groups in F) into IND as
 * compare_read reads comparisons (same FOLDER, SCRATCH, MAX_SIMS), and
 * each variant's `paper` group.  0, or -1 with F->err set. */
int progval_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, long long max_sims,
                 progval *ind);
void progval_free(progval *ind);

/* Each run's errors from the progress.csv and jobs.csv that the runs SIMS
 * (IND->n_runs of them, planned by compare_plan) left in BASE, into R (one
 * a run, each variant's seeds in turn).  0, or -1 with ERR. */
int progval_measure(const progval *ind, const sim *sims, const char *base, progval_result *r, char *err, size_t errlen);

/* progress.csv into CSV if not NULL, and the Markdown table into MD: for
 * each variant and indicator, the mean and max error over its seeds, each
 * a mean with its 95% interval (stats.h), the paper's figures beside them
 * and whether each lies within the interval; last, the means over the rows
 * the paper gives, seed by seed, beside the paper's. */
void progval_write(const progval *ind, const progval_result *r, FILE *csv, FILE *md);

#endif
