/* indicators.h - the progress entries of an experiment file: workloads
 * whose runs' progress indicators (progress.csv of each run) are scored by
 * Coppa and Finocchi's error and set beside the paper's figures.  An entry
 * is a comparison without anchors (compare.h): a base job and its
 * variants, each one `mrlab run`; a variant may hold the paper's figures
 * for its row. */
#ifndef MRLAB_INDICATORS_H
#define MRLAB_INDICATORS_H

#include "cfg.h"
#include "compare.h"
#include "pool.h"

#include <stdio.h>

/* The indicators a run samples, in the order of the tables. */
enum {
  INDICATORS_HADOOP,        /* Hadoop's score with its 1/3 copy, sort, reduce weights */
  INDICATORS_HADOOP_REDUCE, /* its reduce third alone: the paper's "Hadoop" */
  INDICATORS_JOBRATIO,
  INDICATORS_TASKRATIO,
  INDICATORS_NEARESTFIT,
  INDICATORS_N
};
extern const char *const indicators_names[INDICATORS_N];

/* What the paper gives for one row: mean and max error in points, NAN
 * where it gives none; SOURCE NULL when it gives nothing. */
typedef struct {
  const char *source;
  double mean[INDICATORS_N], max[INDICATORS_N];
} indicators_paper;

typedef struct {
  comparison *entries; /* base jobs and variants, no anchors */
  int n_entries;
  indicators_paper *paper; /* one a run: the entries' variants in turn */
  int n_runs;
} indicators;

/* What one run gave: each indicator's error over the samples of the
 * reduce phase, and the run's key-group sketch error. */
typedef struct {
  double mean[INDICATORS_N], max[INDICATORS_N];
  int samples;         /* sampling times in the reduce phase */
  double reduce_phase; /* s, from the first reduce function's start to the last one's end */
  double sketch_error; /* sum |estimated - true size| / sum of true sizes over explicit keys */
} indicators_result;

/* Reads the progress entries of LIST (a list of groups in F) into IND as
 * compare_read reads comparisons (same FOLDER, SCRATCH, MAX_SIMS), and
 * each variant's `paper` group.  0, or -1 with F->err set. */
int indicators_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch,
                    long long max_sims, indicators *ind);
void indicators_free(indicators *ind);

/* Each run's errors from the progress.csv and jobs.csv that the runs SIMS
 * (IND->n_runs of them, planned by compare_plan) left in BASE, into R.  0,
 * or -1 with ERR. */
int indicators_measure(const indicators *ind, const sim *sims, const char *base, indicators_result *r, char *err,
                       size_t errlen);

/* progress.csv into CSV if not NULL, and the Markdown table into MD. */
void indicators_write(const indicators *ind, const indicators_result *r, FILE *csv, FILE *md);

#endif
