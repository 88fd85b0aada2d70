/* replayval.h - the replay entries of an experiment file: a set of job
 * histories calibrated on a platform (workloads/calibrate.h, as `mrlab
 * calibrate` does), replayed over seeds, and each job's recorded times set
 * against the simulated ones, phase by phase, in one table. */
#ifndef MRLAB_REPLAYVAL_H
#define MRLAB_REPLAYVAL_H

#include "cfg.h"
#include "pool.h"

#include <stdio.h>

/* The spans of a job compared: the whole job (submit to end), its map
 * phase (submit to the last successful map's end) and its reduce phase
 * (from there to the end; none in a map-only job). */
enum { REPLAYVAL_JOB, REPLAYVAL_MAP, REPLAYVAL_REDUCE, REPLAYVAL_N_PHASES };

/* A job replayed: its name in the calibrated workload (the history's job
 * id, as jobs.csv names it), its name in its history, and its recorded
 * phases. */
typedef struct {
  char *id, *label;
  double recorded[REPLAYVAL_N_PHASES]; /* s; NAN for a phase it lacks (a round trip's: NAN, or 0 for each seed's) */
  double cost[2];                      /* a round trip's: the map_cost and reduce_cost it runs with */
} replayval_job;

typedef struct {
  const char *name;
  char platform[4096];                    /* whole path */
  char sets[POOL_MAX_SETS][POOL_SET_LEN]; /* --set for every run, files named whole */
  int n_sets;
  int seeds;      /* runs with seeds 1 to SEEDS */
  char *workload; /* the calibrated workload file's text; a round trip's: the workload file it records */
  /* A round trip (`workload` instead of `histories`): its workload runs
   * with each seed (the recorded runs), each run is exported as job
   * history and calibrated (replayval_calibrate), and each seed's replay
   * is set against its own recorded run. */
  int roundtrip;
  char **replays;   /* each seed's calibrated workload's text */
  double *recorded; /* each seed's recorded phases: seed by seed, job by job, phase by phase */
  double *fitted;   /* each seed's calibrated map_cost and reduce_cost: seed by seed, job by job */
  replayval_job *jobs;
  int n_jobs;
  int left_out; /* histories of jobs that failed, were killed or were still running */
  int first;    /* its first value in replayval_measure's SIMULATED */
} replayval_entry;

typedef struct {
  replayval_entry *entries;
  int n_entries;
  int n_runs;     /* one an entry and seed: the replays */
  int n_recorded; /* one a round trip's seed: its recorded runs, before the replays */
  int n_values; /* replayval_measure's: one an entry, seed, job and phase */
} replayval;

/* Reads the replay entries of LIST (a list of groups in F) into RV: each
 * entry's histories (files or directories, relative to FOLDER) read and
 * calibrated on its platform, and the workload that makes checked as
 * `mrlab run` reads it with the entry's settings (written into SCRATCH
 * and removed); at most MAX_SIMS runs in all.  0, or -1 with F->err set. */
int replayval_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch,
                   long long max_sims, replayval *rv);
void replayval_free(replayval *rv);

/* Fills SIMS (RV->n_recorded of them) with each round trip's recorded
 * runs, runs/ENTRY/recorded-seed-K of the validation directory BASE, and
 * writes its workload beside them, runs/ENTRY/recorded.cfg.  0, or -1
 * with ERR. */
int replayval_plan_recorded(const replayval *rv, const char *base, sim *sims, char *err, size_t errlen);

/* Once SIMS (planned by replayval_plan_recorded) have run: exports each
 * round trip's recorded run as job history (runs/ENTRY/recorded-seed-K-
 * jhist), calibrates it on the entry's platform as `mrlab calibrate`
 * does, and keeps the workload, the fitted costs and the recorded phases.
 * 0, or -1 with ERR. */
int replayval_calibrate(replayval *rv, const sim *sims, const char *base, char *err, size_t errlen);

/* Fills SIMS (RV->n_runs of them) with each entry's replays,
 * runs/ENTRY/seed-K of the validation directory BASE for the seeds 1 to
 * the entry's `seeds`, and writes the calibrated workload beside them,
 * runs/ENTRY/workload.cfg (a round trip's: workload-seed-K.cfg, once
 * replayval_calibrate has made them).  0, or -1 with ERR. */
int replayval_plan(const replayval *rv, const char *base, sim *sims, char *err, size_t errlen);

/* Each phase of each job in each run of SIMS (planned as above) in BASE,
 * from its jobs.csv and tasks.csv, into SIMULATED (RV->n_values of them:
 * entry E's from E->first on, seed by seed, job by job, phase by phase;
 * NAN for a phase the job lacks).  0, or -1 with ERR (a job missing from
 * a run, or one that did not succeed). */
int replayval_measure(const replayval *rv, const sim *sims, const char *base, double *simulated, char *err,
                      size_t errlen);

/* replays.csv into CSV if not NULL (one row a job and phase: recorded,
 * the simulated mean over the seeds and its 95% interval, the seeds'
 * range, the error of the mean and its interval, and whether the recorded
 * time lies within the range and the interval), and the Markdown tables
 * into MD: a row an entry and phase (its jobs, their mean |error|, the
 * worst, one replay's mean |error| over the seeds), then the jobs. */
void replayval_write(const replayval *rv, const double *simulated, FILE *csv, FILE *md); /* the replays' */

/* The entries of RV that are round trips (ROUNDTRIP 1), or replays of
 * histories (0). */
int replayval_count(const replayval *rv, int roundtrip);

/* roundtrips.csv into CSV if not NULL (one
 * row a round trip, job and phase: the recorded and the replayed mean over
 * the seeds with their 95% intervals, the error paired seed by seed with
 * its interval, and the costs the job ran with and those calibrated, mean,
 * least and most) and its Markdown table into MD. */
void replayval_write_roundtrips(const replayval *rv, const double *simulated, FILE *csv, FILE *md);

#endif
