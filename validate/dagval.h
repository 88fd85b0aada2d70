/* dagval.h - the workflow entries of an experiment file: DAG workflows
 * run whole on a YARN cluster over seeds, each of their jobs run alone,
 * and Shi and Lu's workflow model (models/workflow.h) predicting the
 * whole from the jobs alone, its accuracy over the seeds set beside the
 * paper's figures for the workflow's class. */
#ifndef MRLAB_DAGVAL_H
#define MRLAB_DAGVAL_H

#include "cfg.h"
#include "pool.h"
#include "workflow.h"

#include <stdio.h>

/* The makespan estimates of workflow_predict, as the paper's Fig. 10a
 * compares them: Alg. 1 on the tasks' medians, on their means, Alg. 2,
 * and Alg. 1 with Eqs. 7 and 8 as printed. */
enum { DAGVAL_MEDIAN, DAGVAL_MEAN, DAGVAL_NORMAL, DAGVAL_LITERAL, DAGVAL_N_ESTIMATES };

/* One history variant: every job of the workflow run alone with SET. */
typedef struct {
  const char *name;
  const config_setting_t *set; /* array of strings, or NULL */
} dagval_history;

typedef struct {
  const char *name, *cls, *source;
  double published[DAGVAL_N_ESTIMATES]; /* the paper's figure for the class, each estimate; NAN where it gives none */
  char platform[4096];                  /* whole path */
  int n_nodes, *cores;                  /* the platform's workers (workflow_predict's cluster) */
  double *memory;
  char workflow[4096];         /* the workflow's file, */
  cfg_file workload;           /* kept open: its jobs are copied into the alone runs */
  int opened;                  /* whether workload needs closing */
  const config_setting_t *set; /* --set for every run of the entry, or NULL */
  dagval_history *history;
  int n_history;
  const char **jobs; /* the workflow's job names, in its file's order */
  int n_jobs;
  int seeds; /* the workflow runs with seeds 1 to SEEDS */
} dagval_entry;

typedef struct {
  dagval_entry *entries;
  int n_entries;
  int n_targets, n_alone; /* runs: the workflow once a seed; each job alone once a history variant */
} dagval;

/* Reads the workflow entries of LIST (a list of groups in F) into DV:
 * each platform read, each workload read as `mrlab run` reads it (with the
 * entry's settings) and holding two jobs at least; paths relative to
 * FOLDER; at most MAX_SIMS runs in all.  0, or -1 with F->err set. */
int dagval_read(cfg_file *f, const config_setting_t *list, const char *folder, long long max_sims, dagval *dv);
void dagval_free(dagval *dv);

/* Step 1: fills SIMS (DV->n_targets of them) with each entry's workflow
 * runs, runs/ENTRY/workflow/seed-K of the validation directory BASE for
 * the seeds 1 to the entry's `seeds` (a comparison's layout), and writes
 * its workload file beside them, runs/ENTRY/workflow/workload.cfg.  0, or
 * -1 with ERR. */
int dagval_plan_targets(const dagval *dv, const char *base, sim *sims, char *err, size_t errlen);

/* Step 2, after step 1's runs: fills SIMS (DV->n_alone) with each job of
 * each entry run alone once a history variant, with seed 1 (a history, as
 * an experiment's), runs/ENTRY/alone/HISTORY/JOB/seed-1, its workload the
 * job's settings from the workflow's file without `after` and `submit`,
 * its input the bytes it read in the workflow run of seed 1 (jobs.csv).
 * 0, or -1 with ERR. */
int dagval_plan_alone(const dagval *dv, const char *base, sim *sims, char *err, size_t errlen);

/* Step 3: workflow_predict on each entry, once, from the runs ALONE and
 * the configuration of the seed-1 run of TARGETS (planned as above) in
 * BASE, into OUT (one an entry, zeroed; free each with
 * workflow_prediction_free); and each target run's makespan, from its
 * first submission to its last end, into SIMULATED (one a run of
 * TARGETS).  0, or -1 with ERR. */
int dagval_predict(const dagval *dv, const sim *targets, const sim *alone, const char *base, workflow_prediction *out,
                   double *simulated, char *err, size_t errlen);

/* workflows.csv into CSV if not NULL, and the Markdown tables into MD:
 * a row an entry, its simulated makespan and each estimate's accuracy
 * against each seed's run, each a mean over the seeds with its 95%
 * interval (stats.h); then a row a class and one for all entries, their
 * mean accuracies seed by seed, beside the paper's figures (marked where
 * they lie outside the interval). */
void dagval_write(const dagval *dv, const workflow_prediction *w, const double *simulated, FILE *csv, FILE *md);

#endif
