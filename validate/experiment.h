/* experiment.h - an experiment file read, and the simulations an
 * experiment asks for.  An experiment names a platform, a job (the
 * settings of a workload job, without its name, input and reducers), a
 * history grid and a target grid of input sizes and reducer counts (each
 * target run with seeds 1 to `seeds`, and so are its provisioned and tuned
 * runs), and optionally a deadline and `tune`. */
#ifndef MRLAB_EXPERIMENT_H
#define MRLAB_EXPERIMENT_H

#include "cfg.h"
#include "compare.h"
#include "dagval.h"
#include "platform.h"
#include "pool.h"
#include "progval.h"
#include "replayval.h"
#include "tune.h"
#include "workload.h"

/* The most simulations an experiment file may ask for, history, targets,
 * provisioned and tuned runs together: each is a process of a second or
 * more, so this is hours of work on a small machine. */
#define EXPERIMENT_MAX_SIMS 10000

/* A target's runs when its grid does not say: enough for a 95% interval
 * of the models' accuracy (Student's t with 4 degrees of freedom). */
#define EXPERIMENT_SEEDS 5

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

/* Reads the experiment file PATH, opened in F, into *EX (*N_EX of them),
 * its comparisons into *CMP (*N_CMP; compare.h), its progress entries
 * into *IND (progval.h), its workflow entries into *DV (dagval.h) and its
 * replay entries into *RV (replayval.h; the last three zeroed by the
 * caller), checking each platform and
 * job by reading them as `mrlab run` would; paths in the file are relative
 * to its folder.  0, or -1 with F->err set.  What it reads points into F:
 * close F after freeing it. */
int experiment_read_file(cfg_file *f, const char *path, experiment **ex, int *n_ex, comparison **cmp, int *n_cmp,
                         progval *ind, dagval *dv, replayval *rv);
void experiment_free_all(experiment *ex, int n_ex);

/* The platform file named by string setting S, relative to FOLDER unless
 * whole: read and checked, its whole path in OUT.  NULL with F->err set. */
platform *experiment_read_platform(cfg_file *f, const config_setting_t *s, const char *folder, char out[4096]);

/* The workload file PATH (a scratch file, removed) read as `mrlab run`
 * would with the --set settings SETS; an error is set on setting AT, in
 * the words of workload_read.  NULL with F->err set. */
workload *experiment_check_workload(cfg_file *f, const config_setting_t *at, const char *path, const char *const *sets,
                                    int n_sets);

/* Copies setting FROM into group or list TO (deeply). */
void experiment_copy_setting(config_setting_t *to, const config_setting_t *from);

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
