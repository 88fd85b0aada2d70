/* report.h - the files a run leaves in its directory.
 *
 * tasks.csv (one row per task attempt), jobs.csv (one row per job),
 * groups.csv (when each explicitly simulated key group ended),
 * summary.json (inputs, seed, makespan, per-host utilisation) and
 * explain.csv (each job's critical path, critpath.h).  Each file
 * is written under a temporary name and renamed, so a file that looks
 * complete is complete; sim_run writes them all into a temporary directory
 * that replaces the run directory whole. */
#ifndef MRLAB_REPORT_H
#define MRLAB_REPORT_H

#include "inputs.h"
#include "state.h"

#include <jansson.h>

/* summary.json's record of the run's inputs IN, a new object: the versions
 * (summary.h), the files and options as given, and under "checksums" the
 * SHA-256 of each file read (platform, workload, Hadoop XML), taken as the
 * run starts, so that a file edited during the run is recorded as it was
 * read.  NULL with ERR set when a file cannot be read again. */
json_t *report_inputs(const sim_inputs *in, char *err, size_t errlen);

/* Writes the run's files into the existing directory DIR, summary.json
 * opening with INPUTS (report_inputs), and trace.paje (trace.h) when
 * IN->trace is set.  Returns 0, or -1 with ERR set. */
int report_write(const engine *e, const sim_inputs *in, const json_t *inputs, const char *dir, char *err,
                 size_t errlen);

/* Prints where each job spent its time, for a person: per job, the mean
 * time of each phase of its maps and reduces, and its maps' locality.  With
 * pipelining, "read" ends when the last byte is read and "map" when the map
 * function has consumed it, so "map" is the part of the map function that
 * did not overlap the read.  A job replayed from a trace (its `recorded`
 * duration set) also gets the recorded and the simulated duration, from
 * submit to end, and their ratio.  Then the makespan; with --verbose
 * (verbosity.h), the engine's activities line before it. */
void report_print(const engine *e, FILE *out);

/* Records what the outputs need of job J's tasks (retire.h): its sums
 * into J, its rows of tasks.csv to TASKS and of groups.csv to GROUPS, its
 * lines of report_print to PRINT. */
void report_record(const engine *e, job *j, FILE *tasks, FILE *groups, FILE *print);

#endif
