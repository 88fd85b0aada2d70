/* jhist_export.h - `mrlab export jhist`: a simulated run written as Hadoop 2
 * and 3 JobHistory files (.jhist, Avro-JSON), one a job, so that tools that
 * read a real cluster's history (and `mrlab import jhist`) read mrlab's runs.
 *
 * A module of its own in validate/, beside explain.c: it reads a finished
 * run directory (tasks.csv, jobs.csv) and presents it in another
 * format; it does not simulate. */
#ifndef MRLAB_JHIST_EXPORT_H
#define MRLAB_JHIST_EXPORT_H

#include <stddef.h>
#include <stdio.h>

/* mrlab's times are seconds from 0; Hadoop's are milliseconds since the
 * epoch.  An exported time is this base (2020-01-01T00:00:00Z) plus
 * round(seconds x 1000), and the run's cluster timestamp, the base, names
 * its jobs: job_1577836800000_0001 is jobs.csv's first job. */
#define JHIST_EXPORT_BASE_MS 1577836800000LL

/* Writes one .jhist file for each job of run directory RUN that ran (jobs
 * whose status is DEPENDENT_FAILED never ran and have none) into directory
 * OUT (NULL: RUN-jhist beside RUN), named as Hadoop's history server names
 * them in its done directory, and prints each file's path to REPORT (if not NULL).  OUT
 * is written aside and swapped in whole; an existing OUT must hold nothing
 * but .jhist files.  Returns 0; 2 with one line in ERR when RUN is no run
 * directory, one of its files is malformed, or OUT may not be written,
 * and nothing written; 1 with ERR set when a write fails. */
int jhist_export(const char *run, const char *out, FILE *report, char *err, size_t errlen);

#endif
