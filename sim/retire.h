/* retire.h - finished jobs written out and freed while the run goes on
 * (retire.c), so that memory grows with the jobs in flight, not with the
 * whole trace.
 *
 * A job is recorded once: what the end-of-run outputs need of its tasks
 * and attempts (tasks.csv's, groups.csv's and explain.csv's rows, its
 * block of report_print, jobs.csv's and summary.json's sums) is written to
 * a temporary stream per output, or kept in the job; the reports copy the
 * pieces in job order at the end, so the files are the same bytes as if
 * every job had been kept.  A recorded job is then retired: its tasks and
 * attempts are freed. */
#ifndef MRLAB_RETIRE_H
#define MRLAB_RETIRE_H

#include "engine.h"

#include <stdio.h>

/* The streams of pieces: text rows of tasks.csv and groups.csv, explain.csv's
 * records (critpath.h: resolved at the end, once the utilisation samples
 * they are judged by are all there), report_print's text. */
enum { RETIRE_TASKS, RETIRE_GROUPS, RETIRE_EXPLAIN, RETIRE_PRINT, RETIRE_N };

/* Sets up E's streams.  With KEEP every job keeps its tasks to the end of
 * the run (then recorded there): what --trace asks (trace.paje reads every
 * attempt at the end), and a run with faults (lost.h, rereplicate.h: the
 * NameNode keeps every block, finished jobs' outputs too, and the workers'
 * losses walk every job).  0, or -1 with ERR set. */
int retire_alloc(engine *e, int keep, char *err, size_t errlen);
void retire_free(engine *e);

/* Called as job J ends: it is retired once nothing the run still does
 * can reach its tasks (retire_sweep). */
void retire_finished(engine *e, job *j);

/* Records and retires the ended jobs that can be: every attempt ended and
 * learnt of by the JobTracker, no prefetch running or map reserved for
 * it, no coarse shuffle group of its left, and every job that reads its
 * output submitted.  Called by the JobTracker after it learnt of attempts. */
void retire_sweep(engine *e);

/* At the end of the run: records every job not recorded yet, keeping its
 * tasks (the reports that read them, trace.paje and the faults', still may). */
void retire_rest(engine *e);

/* Job J's piece of STREAM: the stream, positioned at its start, its length in *LEN. */
FILE *retire_piece(const engine *e, int stream, const job *j, long *len);

/* Copies job J's piece of STREAM to OUT. */
void retire_copy(const engine *e, int stream, const job *j, FILE *out);

/* Appends A, just made, to its worker's slot uses (critpath.c). */
void retire_slot_use(engine *e, attempt *a);

#endif
