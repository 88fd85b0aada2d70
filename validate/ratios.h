/* ratios.h - `mrlab ratios`: each node class's computing ratio for a job,
 * measured by simulation as Xie measured it on his cluster (2011, section
 * 3.2.2): the job run on one node of the class alone, its time over the
 * fastest class's. */
#ifndef MRLAB_RATIOS_H
#define MRLAB_RATIOS_H

#include <stddef.h>
#include <stdio.h>

/* Simulates job JOB (NULL: the first in the file) of the workload file
 * WORKLOAD_PATH, its input set to INPUT (a size such as "1GB"), on one
 * worker of each node class of the platform file PLATFORM_PATH alone
 * (`mrlab run --workers`, dfs.replication 1), each a `mrlab run` child of
 * the program SELF, JOBS at once, in a temporary directory removed at the
 * end.  Prints to OUT the libconfig text a workload's `ratios = "FILE"`
 * reads: a comment line per class with its time, then `ratios = { CLASS =
 * RATIO; ... };`, and writes it whole to FILE unless FILE is NULL.
 * Returns 0; 2 with ERR for bad input (a file, --job, --input, a job one
 * node cannot run, a FILE outfile_open_named refuses, checked before any
 * simulation); 1 with ERR when a simulation or writing FILE fails. */
int ratios_measure(const char *platform_path, const char *workload_path, const char *job, const char *input,
                   const char *file, int jobs, const char *self, FILE *out, char *err, size_t errlen);

#endif
