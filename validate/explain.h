/* explain.h - `mrlab explain`: where a run's jobs spent their time, for a
 * person, from the run directory's explain.csv (the critical paths that
 * sim/critpath.c wrote) and jobs.csv.
 *
 * A module of its own, as plots/plot.c is, because it reads a finished
 * run and presents it; it does not simulate. */
#ifndef MRLAB_EXPLAIN_H
#define MRLAB_EXPLAIN_H

#include <stddef.h>
#include <stdio.h>

/* Prints to OUT the critical path of each job of the run directory DIR, or
 * of the job named JOB alone when JOB is not NULL: one line of the job's
 * time, a table of the path (one row for each attempt on it, with the
 * stages and waits it spent there) and a few sentences of where the time
 * went.  Returns 0, or 2 with one line in ERR when DIR holds no run (no
 * jobs.csv or explain.csv, or either unreadable) or no job JOB. */
int explain_run(const char *dir, const char *job, FILE *out, char *err, size_t errlen);

#endif
