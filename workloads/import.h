/* import.h - workloads made from the job traces of real clusters.
 *
 * `mrlab import swim|rumen` turns a recorded trace into a workload file
 * that `mrlab run` replays: each trace reader (swim.c, rumen.c) fills an
 * import_trace, one import_job per job, from what its format records, and
 * import_write writes every trace the same way, as jobs described by their
 * bytes (`shuffle`, `output`) rather than by selectivities, with the
 * recorded duration (`recorded`) when the trace has one.  A reader that
 * meets a malformed record fails with "FILE:LINE: expected ..." and returns
 * nothing, so a bad trace never leaves a partial workload. */
#ifndef MRLAB_IMPORT_H
#define MRLAB_IMPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What a traced job's workload entry holds. */
typedef struct {
  char *name;      /* a plain name (letters, digits, '.', '_', '-'), unique in the trace */
  int line;        /* of the job in the trace, for errors */
  double submit;   /* s */
  int64_t input;   /* bytes read; a trace's 0 becomes 1 (mrlab's least input) */
  int64_t shuffle; /* bytes the reducers fetch */
  int64_t output;  /* bytes written to HDFS */
  int reducers;    /* 0: a map-only job, whose maps write the output */
  int maps;        /* the recorded map count, or 0: one per block, as Hadoop cuts the input */
  double *shares;  /* reducers of them: each reducer's share of the shuffle; NULL: even shares */
  int64_t *map_bytes; /* maps of them: each map's input bytes (at least 1), written as the files they were cut
                         from (input, or file_sizes) at the largest as dfs.blocksize; NULL: unknown, the maps read
                         equal files */
  char **map_hosts;   /* with map_bytes, maps of them: the hosts that held each map's block ("node3,node7"),
                         written as split_hosts; NULL where unknown, NULL: none known */
  double recorded; /* s from submit to finish on the traced cluster; 0 when unknown */
  double map_cost, reduce_cost; /* flops a byte, as calibrated (calibrate.h); 0: mrlab's guess */
  char *note;                   /* a comment written before the job (the calibration's fit), or NULL */
} import_job;

typedef struct {
  int n_jobs, cap;
  import_job *jobs;          /* in trace order */
  struct nameset *names;     /* their names, each with its index (import_check_name) */
  const char *calibrated_on; /* the platform its costs were fitted on (calibrate.h), or NULL */
  char *startup_note;        /* with calibrated_on: how mrlab.task.startup was fitted (`calibrate --startup`), */
  double startup;            /* and its value (s), set on every job; NULL: not fitted */
} import_trace;

/* An empty trace, and the next job of T (zeroed) to fill in. */
import_trace *import_trace_alloc(void);
import_job *import_trace_add(import_trace *t);
void import_trace_free(import_trace *t);

/* Fails with "PATH:LINE: expected ..." in ERR unless NAME is a plain name
 * no job of T before the last has; else keeps it as the last job's.
 * Returns 0 or -1. */
int import_check_name(import_trace *t, const char *name, const char *path, int line, char *err, size_t errlen);

/* Writes T as a workload file (libconfig) to OUT, with a comment naming
 * FORMAT and SOURCE, the trace it came from. */
void import_write(const import_trace *t, const char *format, const char *source, FILE *out);

/* import_write to FILE, written whole (outfile.h), or to stdout when FILE
 * is NULL.  Returns 0, or with ERR set 2 when FILE may not be written
 * (outfile_open_named: not a regular file, or the trace SOURCE itself) and
 * 1 when writing failed. */
int import_save(const import_trace *t, const char *format, const char *source, const char *file, char *err,
                size_t errlen);

/* Reads a SWIM trace (Chen et al.): tab-separated lines of job id, submit
 * time (s), gap since the job before (s), map input, shuffle and reduce
 * output bytes.  Keeps the first MAX_JOBS jobs (0: all) and multiplies
 * every byte count by SCALE (> 0).  Returns the trace, or NULL with
 * "PATH:LINE: expected ..." in ERR. */
import_trace *swim_read(const char *path, int max_jobs, double scale, char *err, size_t errlen);

/* Reads a Rumen trace (Hadoop's tools/rumen, as YARN's SLS replays it): a
 * stream of JSON job objects.  Returns the trace, or NULL with
 * "PATH:LINE: ..." in ERR. */
import_trace *rumen_read(const char *path, char *err, size_t errlen);

#endif
