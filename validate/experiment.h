/* experiment.h - the experiments of an experiment file (its `experiments`
 * list, read by expfile.h), and the simulations an experiment asks for.
 * An experiment names a platform, a job (the settings of a workload job,
 * without its name, input and reducers), a history grid and a target grid
 * of input sizes and reducer counts (each target run with seeds 1 to
 * `seeds`, and so are its provisioned and tuned runs), and optionally a
 * deadline and `tune`. */
#ifndef MRLAB_EXPERIMENT_H
#define MRLAB_EXPERIMENT_H

#include "cfg.h"
#include "entry.h"
#include "pool.h"
#include "tune.h"

/* The points of a grid: every input with every reducer count. */
typedef struct {
  const char **inputs; /* size strings, as the file gives them */
  int n_inputs, *reduces, n_reduces;
} grid;

typedef struct {
  const char *name;
  char platform[4096];
  int n_workers;
  const config_setting_t *job;
  grid history, targets;
  int seeds;          /* runs a target, with seeds 1 to seeds: what `mrlab run --seed` draws differs */
  double deadline;    /* s; 0: no provisioning */
  int tune;           /* search MRTuner's plans */
  tune_plan profiled; /* the job's own plan, but for its reducers */
  double startup;     /* s: mrlab.task.startup */
  double nic;         /* bytes/s: the slowest worker's NIC */
  double lrw_rate;    /* bytes/s: all workers' disks reading and writing */
} experiment;

/* Reads the experiments of LIST (a list of groups in F; NULL for none)
 * into *EX (*N_EX of them), checking each platform and job by reading them
 * as `mrlab run` would, the job written into the folder SCRATCH; paths are
 * relative to FOLDER.  At most EXPERIMENT_MAX_SIMS simulations in all.
 * 0, or -1 with F->err set. */
int experiment_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, experiment **ex,
                    int *n_ex);
void experiment_free_all(experiment *ex, int n_ex);

int grid_size(const grid *g);

/* The simulations of step 1 for experiment E, in this order: history,
 * targets (each one run a seed), and the toggled twin of the last history
 * point when it tunes. */
int experiment_n_runs(const experiment *e);

/* The index among step 1's runs of target T (in grid order) run with SEED
 * (1 to E->seeds): a target's seeds are next to each other. */
int experiment_target_run(const experiment *e, int t, int seed);

/* Every simulation of experiment E: step 1's, and the provisioned and tuned
 * runs of each target, one a seed. */
long long experiment_n_sims(const experiment *e);

/* Writes the workload file PATH: experiment E's job with INPUT and REDUCES.  0, or -1. */
int experiment_write_workload(const experiment *e, const char *input, int reduces, const char *path);

/* Fills S to run experiment E at INPUT, REDUCES on PLATFORM into
 * runs/E/KIND-INPUT-REDUCES of the validation directory BASE (S's paths are
 * relative to BASE, where the pool starts it), and writes its workload
 * file.  SEED is passed as --seed (0: none, mrlab run's default of 1); a
 * seed above 1 adds -seedSEED to the name.  0, or -1 if a path is too long
 * or the file cannot be written. */
int experiment_plan(sim *s, const experiment *e, const char *base, const char *kind, const char *input, int reduces,
                    int seed, const char *platform);

#endif
