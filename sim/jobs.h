/* jobs.h - a job's tasks and tables, made at its submission and freed at
 * its retirement, the queue of jobs in flight, and what every actor reads
 * of a job's output (jobs.c). */
#ifndef MRLAB_JOBS_H
#define MRLAB_JOBS_H

#include "state.h"

#include <stddef.h>

/* Sets up job J of description D at the run's setup: checks that it fits
 * the platform, its submission, and its tasks (engine_job_make), with the
 * scheduler's lists if it keeps them (INDEX).  Returns 0, or -1 with ERR
 * set when the job cannot run on the platform. */
int engine_job_init(engine *e, job *j, const job_desc *d, int index, char *err, size_t errlen);

/* Makes job J's tasks, its input's placement and the scheduler's lists,
 * as its setup made them, unless they are there: at its submission, so
 * that memory grows with the jobs in flight (engine_alloc makes every job
 * to check it, then frees all but those of a run with faults, which walk
 * every job, and those whose input is redistributed). */
void engine_job_make(engine *e, job *j);

/* Frees what job J holds that the run no longer needs once it is recorded
 * (sweep.h): its tasks and attempts, its input's placement, its tables
 * and the scheduler's lists; what stays is the job itself (its progress
 * view, indicators.h, is the caller's to free). */
void engine_retire_job(engine *e, job *j);

/* Frees what engine_job_make made of J, which it may make again. */
void engine_job_unmake(engine *e, job *j);

/* Frees all job J holds but its progress view, at the run's end. */
void engine_job_free(engine *e, job *j);

/* Builds job J's scheduler lists (maps by the workers and racks that hold
 * their block) from where its input's replicas are now. */
void engine_index_maps(engine *e, job *j);

/* The jobs submitted by NOW and not finished, in index order (the
 * schedulers' FIFO order), their number in *N: the jobs submitted since
 * the last call join, the finished leave.  A job that can run at NOW
 * (scheduler_runnable) is among them. */
job **engine_queue(engine *e, double now, int *n);

/* Submits job J, held until its parents ended (the last at NOW): its
 * input, if a parent's output, is where that parent's tasks wrote it. */
void engine_submit(engine *e, job *j, double now);

/* The replicas of job J's output: its own output_replication, or its dfs.replication. */
int engine_output_replication(const job *j);

/* Map M's output for partition P: after the combiner, what a reducer
 * merges (engine_part_bytes), and as stored and fetched, compressed if so
 * set (engine_part_wire).  Computed from the job's description on demand,
 * so that a job keeps no table of maps times partitions. */
int64_t engine_part_bytes(const task *m, int p);
int64_t engine_part_wire(const task *m, int p);

/* Where J's reducers fetch the output of a map that ran on worker W: W, or
 * its rack with mrlab.shuffle.by.rack; engine_fetch_sources counts them. */
int engine_fetch_source(const job *j, int w);
int engine_fetch_sources(const job *j);

/* The successful attempt of task T whose output is a file in HDFS (a
 * reduce's, or a map-only job's map's: its targets hold the replicas), or
 * NULL; and the bytes of A's output file. */
const attempt *engine_hdfs_output(const task *t);
int64_t engine_output_bytes(const attempt *a);

/* Logs, in the HDFS log category, the REPLICATION workers of REPLICAS
 * (names of P) after the message WHAT. */
void engine_log_replicas(const platform *p, const int *replicas, int replication, const char *what);

#endif
