/* workflow.h - Shi and Lu's workflow model (models/dag.h) fed from run
 * directories: the workflow run to predict, and earlier runs of each of
 * its jobs alone on the same cluster, as the paper profiles its jobs. */
#ifndef MRLAB_WORKFLOW_H
#define MRLAB_WORKFLOW_H

#include <stddef.h>

/* The paper's profiling variants (its Fig. 10): Algorithm 1 (the state-
 * based estimator, Eqs. 7-8 corrected) fed the tasks' medians or means,
 * Algorithm 2 (task by task, dag_estimate_tasks) fed their means and
 * spread ("normal"); and Algorithm 1 on medians with Eqs. 7-8 as printed
 * ("literal"). */
typedef struct {
  char job[128];
  double end, mean, normal, literal; /* its predicted end, s after the workflow's start */
  double measured;                   /* its end in the target run, s after the workflow's start */
} workflow_job;

typedef struct {
  double makespan, mean, normal, literal; /* s, predicted: medians, means, Algorithm 2, as printed */
  double measured;                        /* s, the target's */
  int n_jobs;
  workflow_job *jobs; /* in the order of the target's jobs.csv */
  int n_states;       /* the median estimate's states */
} workflow_prediction;

/* Predicts the workflow run in directory TARGET on a cluster of N_NODES
 * workers of CORES[k] cores and MEMORY[k] bytes (platform_worker_capacity
 * gives them from a platform file) from the N run directories HISTORY.  Of
 * TARGET only the configuration is read: its jobs, their `after`, task
 * counts, input bytes, container sizes and the cluster settings in
 * jobs.csv (the NodeManagers' memory and vcores, the minimum allocation).
 * Every job of TARGET must have been run alone, under the same name, in at
 * least one HISTORY directory; runs at two or more degrees of parallelism
 * let the fit separate a task's fixed time from its shared-resource time.
 * Returns 0, or -1 with the reason, naming the file, in ERR.  Free OUT
 * with workflow_prediction_free either way. */
int workflow_predict(const int *cores, const double *memory, int n_nodes, const char *target,
                     const char *const *history, int n, workflow_prediction *out, char *err, size_t errlen);
void workflow_prediction_free(workflow_prediction *w);

#endif
