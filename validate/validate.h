/* validate.h - experiments that set the analytic models against simulated
 * ground truth: simulate a history, fit, predict held-out runs, simulate
 * them, and tabulate the error. */
#ifndef MRLAB_VALIDATE_H
#define MRLAB_VALIDATE_H

#include "pool.h"

#include <stddef.h>

/* The most simulations validate_run runs at once: each is a process of its
 * own, and more than this would ask the machine for processes and memory
 * without making the loop faster. */
#define VALIDATE_MAX_JOBS 256

/* Runs the experiments of file PATH as OPTIONS say (each simulation its
 * own process: SimGrid's engine is one a process): OPTIONS->jobs at once
 * with the mrlab program OPTIONS->self, or through Slurm, as OPTIONS and
 * the file's `slurm` group say (slurm_read; OPTIONS->resume is ignored),
 * and writes DIR: runs/ (every simulation), predictions.csv,
 * accuracy.csv and accuracy.md (the tables, also printed), provision.csv
 * when an experiment sets a deadline, tune.csv when one tunes, anchors.csv
 * and anchors.md for comparisons, progress.csv and progress.md for progress
 * entries, workflows.csv and workflows.md for workflow entries, replays.csv
 * and replays.md for replay entries.  DIR is
 * built beside it, in DIR.partial, and swapped in whole at the end, so it
 * holds all the old outputs or all the new ones; an existing DIR must hold
 * nothing else.  A validation killed or failed leaves DIR.partial, and the
 * next one of the same file runs only the simulations it lacks (resume.h).
 * Returns 0; 2 with "PATH:LINE: ..." in ERR for a bad experiment file, or
 * with "DIR: ..." for a DIR that cannot be made or replaced; 1 with ERR if
 * a simulation, a fit or an output failed (DIR untouched). */
int validate_run(const char *path, const char *dir, const pool_config *options, char *err, size_t errlen);

#endif
