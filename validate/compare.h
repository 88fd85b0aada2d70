/* compare.h - comparisons: strategies run side by side on one job over
 * seeds, and published claims ("anchors") set against what the
 * simulations give.  A comparison names a platform, a base job (a whole
 * workload job, or for `mrlab compare` a whole workload file), its
 * variants (each one `mrlab run` a seed) and its anchors. */
#ifndef MRLAB_COMPARE_H
#define MRLAB_COMPARE_H

#include "cfg.h"
#include "pool.h"
#include "stats.h"

#include <stdio.h>

/* What an anchor measures, from the variants' quantities (below). */
typedef enum {
  ANCHOR_GAIN,      /* 100 (T_baseline - T_variant) / T_baseline, in points */
  ANCHOR_MEAN_GAIN, /* the mean gain of the variant over several baselines, or of each of several variants
                       over its own baseline (a sweep's average) */
  ANCHOR_RATIO,     /* Q_variant / Q_baseline of a quantity Q, the job time by default */
  ANCHOR_TIME,      /* the variant's quantity Q, s */
  ANCHOR_BEST,      /* the variant has the lowest job time of its comparison */
  ANCHOR_WORST,     /* ... the highest */
  ANCHOR_BOE,       /* BOE's accuracy, 100 - the mean absolute % error of its predictions of a task quantity for
                       variants, fitted on the history variants (models/predict.c), against the simulated medians */
  ANCHOR_N_KINDS
} anchor_kind;

/* The quantities a run gives an anchor, in seconds.  The task times are
 * medians over the successful attempts (Shi and Lu's ground truth is the
 * median task time); a reduce's shuffle runs from its start (start-up
 * included, as BOE's t_shuffle) to the end of its merge, where its reduce
 * sub-stage starts. */
typedef enum {
  QUANTITY_JOB,          /* jobs.csv end - submit, of the first job */
  QUANTITY_MAP_PHASE,    /* jobs.csv map_phase_end - start */
  QUANTITY_MAP_TASK,     /* a map's end - start */
  QUANTITY_SHUFFLE_TASK, /* a reduce's sort_end - start */
  QUANTITY_REDUCE_TASK,  /* a reduce's end - sort_end */
  QUANTITY_MAKESPAN,     /* the last end in jobs.csv (a run starts at 0): what a workload of several jobs takes */
  QUANTITY_FAILED,       /* 1 when the first job failed (its time is then its failure's), else 0 */
  COMPARE_N_QUANTITIES
} compare_quantity;

/* A variant: the comparison's base with these changes. */
typedef struct {
  char name[256];                         /* as the tables show it */
  char dir[256];                          /* its folder in runs/COMPARISON */
  const config_setting_t *job;            /* members over the base job's, or NULL */
  char sets[POOL_MAX_SETS][POOL_SET_LEN]; /* --set arguments */
  int n_sets;
  char cfgs[POOL_MAX_CFGS][256]; /* SimGrid options, NAME:VALUE */
  int n_cfgs;
  char platform[4096];         /* whole path */
  char memory[64], nic[64];    /* every node class's memory, NIC bandwidth; "": the platform's */
  int map_slots, reduce_slots; /* every node class's slots; 0: the platform's */
  char workers[1024];          /* for --workers, "" for all */
} variant;

typedef struct {
  const char *claim, *source;
  anchor_kind kind;
  int published_given; /* 0: a sweep point the source does not state */
  double published;
  int variant, baseline; /* indices into the comparison's variants */
  int *baselines, n_baselines;
  int *variants;           /* mean_gain of variants[i] over baselines[i], or NULL; boe's targets */
  int n_variants;          /* of variants */
  int *history, n_history; /* boe: the variants BOE is fitted on */
  compare_quantity quantity;
  double tolerance; /* points for gains, % for times and ratios */
} anchor;

/* A comparison: a base (one job of an experiment file, or a whole
 * workload file for `mrlab compare`) run as each variant with each of the
 * seeds 1 to SEEDS: seed k is the same draw in every variant (common
 * random numbers), so variants are compared seed by seed. */
typedef struct {
  char name[256];
  char folder[4096];           /* whole: where a relative `ratios` file of the job is read */
  const config_setting_t *job; /* the base job, or NULL for WORKLOAD */
  char workload[4096];         /* a whole workload file (whole path) when JOB is NULL */
  int seeds;                   /* seeds 1 to SEEDS */
  compare_quantity measure;    /* what the variants table compares: the job time, or the makespan */
  variant *variants;           /* the first is the baseline of the variants table */
  int n_variants;
  anchor *anchors;
  int n_anchors;
} comparison;

/* Default tolerances, stated in docs/validation.md, and the default seeds of a comparison. */
#define COMPARE_GAIN_TOLERANCE 5.0  /* points */
#define COMPARE_TIME_TOLERANCE 15.0 /* % of the published time or ratio */
#define COMPARE_SEEDS 5

/* Reads the comparisons of LIST (a list of groups in F) into *CMP (*N_CMP
 * of them), checking each variant's platform and job as `mrlab run` would
 * by writing them into the folder SCRATCH; paths are relative to FOLDER.
 * At most MAX_SIMS runs in all (variants times seeds).  With ENTRIES, LIST
 * holds progress entries (progval.h): comparisons without anchors, over
 * seeds as comparisons are, whose variants may hold a `paper` group, left
 * to the caller.
 * 0, or -1 with F->err set. */
int compare_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, long long max_sims,
                 int entries, comparison **cmp, int *n_cmp);
void compare_free_all(comparison *c, int n);

/* What in variant V of C `mrlab run` would refuse: 0, or -1 with its
 * message in ERR (in `mrlab run`'s words, the file named by a scratch
 * path) and *WHAT saying which part: 'p' the derived platform, 'w' the
 * workers, 'j' the job or a setting.  Files are written in SCRATCH. */
int compare_check_variant(const comparison *c, const variant *v, const char *scratch, char *err, size_t errlen,
                          char *what);

/* The simulations of comparisons C: one a variant and seed. */
int compare_n_runs(const comparison *c, int n);

/* Fills SIMS (compare_n_runs of them; each comparison's variants in turn,
 * each variant's seeds in turn) with every run in
 * runs/COMPARISON/VARIANT/seed-K of the directory BASE, and writes each
 * variant's workload file (runs/COMPARISON/VARIANT/workload.cfg, unless the
 * comparison has a workload file of its own) and derived platform
 * (platform.cfg).  0, or -1 with ERR. */
int compare_plan(const comparison *c, int n, const char *base, sim *sims, char *err, size_t errlen);

/* Whether an anchor's claim that a variant is the best (worst) holds. */
typedef enum { COMPARE_HOLDS, COMPARE_FAILS, COMPARE_UNCLEAR } compare_claim;

/* What an anchor's runs give: its figure seed by seed (a gain, a ratio, a
 * time, BOE's accuracy), summarised into a mean and its 95% interval;
 * for best and worst, whether the claim holds. */
typedef struct {
  stats_summary s;
  compare_claim holds;
} compare_figure;

/* The quantities of each run K of SIMS in BASE into Q[K * COMPARE_N_QUANTITIES
 * + quantity], and the figure of each anchor into FIG (one an anchor, in
 * the order of C; BOE is fitted here, from the runs' profiles, seed by
 * seed).  0, or -1 with ERR. */
int compare_measure(const comparison *c, int n, const sim *sims, const char *base, double *q, compare_figure *fig,
                    char *err, size_t errlen);

/* The anchors of C. */
int compare_n_anchors(const comparison *c, int n);

/* anchors.csv into CSV if not NULL, and the Markdown table into MD, from
 * the figures FIG of compare_measure. */
void compare_write(const comparison *c, int n, const compare_figure *fig, FILE *csv, FILE *md);

/* variants.csv into CSV if not NULL, and the Markdown tables into MD: for
 * each comparison of C, each variant's mean measure (the job time, or the
 * makespan) over the seeds and its 95% interval, its paired difference
 * from the first variant and that difference's interval, and the verdict
 * the interval allows (stats_judge), from the quantities Q of
 * compare_measure. */
void compare_write_variants(const comparison *c, int n, const double *q, FILE *csv, FILE *md);

/* Writes into directory DIR, each file whole, anchors.csv and anchors.md
 * (when C has anchors) and variants.csv and variants.md, from the figures
 * FIG and quantities Q of compare_measure.  0, or -1 with ERR. */
int compare_write_files(const comparison *c, int n, const compare_figure *fig, const double *q, const char *dir,
                        char *err, size_t errlen);

#endif
