/* vary.h - `mrlab compare`: does a setting pay off on this cluster?  A
 * comparison (compare.h) made from the command line: a platform, a whole
 * workload file, and --vary KEY=V1,V2,... lists whose cross product are
 * the variants, each run with the same seeds. */
#ifndef MRLAB_VARY_H
#define MRLAB_VARY_H

#include <stddef.h>
#include <stdio.h>

/* What `mrlab compare` was asked. */
typedef struct {
  const char *self; /* the mrlab program */
  const char *platform, *workload;
  const char *const *vary; /* the --vary arguments, KEY=V1,V2,... */
  int n_vary;
  int seeds;       /* seeds 1 to SEEDS in every variant */
  int jobs;        /* runs at once */
  const char *dir; /* the output directory */
} vary_request;

/* Runs R: every variant (the cross product of R->vary, the first value of
 * each the baseline, so the first variant is the baseline) with each
 * seed, through the pool; writes into R->dir, aside and swapped in whole,
 * the runs (runs/NAME/VARIANT/seed-K), variants.csv and variants.md (each
 * variant's mean job time, or makespan for several jobs, its paired
 * difference from the baseline, their 95% intervals and the verdict),
 * and variants-NAME.png (gnuplot; skipped with a warning without it);
 * prints variants.md to OUT.  A KEY is any `mrlab run --set` property,
 * or memory, nic, slots (MAP/REDUCE) or workers (a value's commas written
 * \,).  Every variant is checked as `mrlab run` would read it before
 * anything runs.  Returns 0; 2 with ERR for bad input (nothing written);
 * 1 with ERR when a run or an output failed (R->dir untouched). */
int vary_run(const vary_request *r, FILE *out, char *err, size_t errlen);

#endif
