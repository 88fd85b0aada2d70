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
 * attempts are freed.  This module keeps the streams and the list of jobs
 * waiting; when a job is recorded and retired is sweep.h's, above the
 * reports that write the pieces and read them back. */
#ifndef MRLAB_RETIRE_H
#define MRLAB_RETIRE_H

#include "state.h"

#include <stdio.h>

/* The streams of pieces: text rows of tasks.csv and groups.csv, explain.csv's
 * records (critpath.h: resolved at the end, once the utilisation samples
 * they are judged by are all there), report_print's text. */
enum { RETIRE_TASKS, RETIRE_GROUPS, RETIRE_EXPLAIN, RETIRE_PRINT, RETIRE_N };

/* E->retire: the streams, each job's pieces, the jobs to retire (sweep.c). */
struct retire_state {
  int keep;
  FILE *stream[RETIRE_N];
  long (*piece)[RETIRE_N][2]; /* per job and stream: offset and length */
  job **ended;                /* ended jobs not yet retired */
  int n_ended;
  int64_t uses, pruned; /* slot uses listed, and how many when last pruned */
};

/* Sets up E's streams.  With KEEP every job keeps its tasks to the end of
 * the run (then recorded there): what --trace asks (trace.paje reads every
 * attempt at the end), and a run with faults (lost.h, rereplicate.h: the
 * NameNode keeps every block, finished jobs' outputs too, and the workers'
 * losses walk every job).  0, or -1 with ERR set. */
int retire_alloc(engine *e, int keep, char *err, size_t errlen);
void retire_free(engine *e);

/* Called as job J ends: it is retired once nothing the run still does
 * can reach its tasks (sweep_ended). */
void retire_finished(engine *e, job *j);

/* Job J's piece of STREAM: the stream, positioned at its start, its length in *LEN. */
FILE *retire_piece(const engine *e, int stream, const job *j, long *len);

/* Copies job J's piece of STREAM to OUT. */
void retire_copy(const engine *e, int stream, const job *j, FILE *out);

/* Appends A, just made, to its worker's slot uses (critpath.c; sweep.c prunes them). */
void retire_slot_use(engine *e, attempt *a);

#endif
