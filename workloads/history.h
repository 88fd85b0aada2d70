/* history.h - a real cluster's job history, as Hadoop records it.
 *
 * Every MapReduce job leaves a history file: Hadoop 2 and 3 an Avro-JSON
 * event stream (.jhist, read by jhist.c), Hadoop 1 a file of lines
 * `Type KEY="value" ... .` (read by hadoop1.c).  Both readers fill the same
 * record, one history_job per file, with what mrlab uses: the job's times,
 * its status and counts, and each task attempt's kind, host, times, status,
 * locality and counters.  From it, `mrlab import jhist` writes a workload
 * file (history_trace, as import.h's other readers do) and, with
 * --history, a run directory in mrlab's own format, so that the models
 * take a real cluster's history as they take a simulated run.
 *
 * Times are milliseconds since the epoch, as Hadoop writes them; -1 is
 * "not recorded", for a time as for a counter.  A reader streams its file
 * a line at a time, so memory grows with the job's attempts, not with the
 * file; it skips the events and counters it does not use, counting the
 * event types it does not know (HISTORY_UNKNOWN). */
#ifndef MRLAB_HISTORY_H
#define MRLAB_HISTORY_H

#include "import.h"

#include <stddef.h>
#include <stdint.h>

typedef enum { HISTORY_MAP, HISTORY_REDUCE } history_kind;
/* An attempt's or a job's end; RUNNING: the file ends before it (a job still running). */
typedef enum { HISTORY_RUNNING, HISTORY_SUCCEEDED, HISTORY_FAILED, HISTORY_KILLED } history_status;
typedef enum { HISTORY_LOCALITY_UNKNOWN, HISTORY_NODE_LOCAL, HISTORY_RACK_LOCAL, HISTORY_OFF_SWITCH } history_locality;

/* The counters mrlab reads, per attempt (and per job, summed by Hadoop). */
enum {
  HC_HDFS_BYTES_READ,
  HC_HDFS_BYTES_WRITTEN,
  HC_FILE_BYTES_READ,
  HC_FILE_BYTES_WRITTEN,
  HC_MAP_INPUT_RECORDS,
  HC_MAP_OUTPUT_RECORDS,
  HC_MAP_OUTPUT_BYTES,
  HC_MAP_OUTPUT_MATERIALIZED_BYTES,
  HC_SPILLED_RECORDS,
  HC_COMBINE_INPUT_RECORDS,
  HC_COMBINE_OUTPUT_RECORDS,
  HC_REDUCE_SHUFFLE_BYTES,
  HC_REDUCE_INPUT_GROUPS,
  HC_REDUCE_INPUT_RECORDS,
  HC_REDUCE_OUTPUT_RECORDS,
  HC_CPU_MILLISECONDS,
  HC_GC_TIME_MILLIS,
  HC_N
};

/* Hadoop 2's name of counter K (HC_*), "HDFS_BYTES_READ" and so on; Hadoop 1
 * names them the same within its groups FileSystemCounters and
 * org.apache.hadoop.mapred.Task$Counter. */
extern const char *const history_counter_names[HC_N];

/* The counter K of NAME, or -1 when mrlab does not read it. */
int history_counter_index(const char *name);

typedef struct {
  history_kind kind;
  int task;   /* the task's number within its kind (task_..._m_000007: 7) */
  int number; /* the attempt's number within its task (attempt_..._m_000007_1: 1) */
  int speculative;
  history_status status;
  history_locality locality;
  char *host;                          /* "node17", without the rack; NULL: not recorded */
  char *rack;                          /* "/rack2"; NULL: not recorded */
  int64_t start, finish;               /* ms */
  int64_t map_finish;                  /* a map's: its map function ended (then its spill and merge) */
  int64_t shuffle_finish, sort_finish; /* a reduce's */
  int64_t counters[HC_N];              /* -1: not recorded */
  char *error;                         /* a failed or killed attempt's diagnostics, NULL if none */
} history_attempt;

typedef struct {
  char *path; /* the file it came from */
  char *id;   /* job_1369942127770_1205 */
  char *name, *user, *queue;
  int64_t submit, launch, finish; /* ms */
  history_status status;
  int total_maps, total_reduces; /* as the job was initialised; -1: not recorded */
  int n_attempts, cap_attempts;
  history_attempt *attempts; /* in the order their first event appears */
  int *slots;                /* history_job_attempt's hash of the attempts: index + 1, 0 empty */
  size_t n_slots;
  int n_splits;  /* maps whose split hosts are recorded, at most: */
  char **splits; /* each map task's split hosts ("node3,node7"), NULL where not recorded */
} history_job;

/* What a reader passed over in a file: events of types it does not know,
 * and lines it could not use; each reported as a count. */
typedef struct {
  int64_t unknown_events, unknown_counters;
} history_skips;

/* Records in J that map TASK's split was on the hosts SPLITS (Hadoop's
 * comma-separated list, "node3,node7" or "/rack1/node3,/rack2/node7": the
 * datanodes that held its block), racks left out, as are names of other
 * characters than letters, digits, '.', '_' and '-'. */
void history_job_set_splits(history_job *j, int task, const char *splits);

/* A zeroed job (its times and counts -1) whose PATH is a copy of PATH. */
history_job *history_job_alloc(const char *path);
void history_job_free(history_job *j);

/* The attempt of J of KIND, TASK and NUMBER, added (zeroed, its times and
 * counters -1) if J has none yet. */
history_attempt *history_job_attempt(history_job *j, history_kind kind, int task, int number);

/* The end of J's map phase as its history records it: the latest finish
 * of a successful map attempt (ms), or -1 when none succeeded. */
int64_t history_map_end(const history_job *j);

/* Reads one Hadoop 2 or 3 .jhist file (Avro-JSON).  Returns the job, or
 * NULL with "PATH:LINE: expected ..." in ERR.  SKIPS (not NULL) adds what
 * it passed over. */
history_job *jhist_read(const char *path, history_skips *skips, char *err, size_t errlen);

/* Reads one Hadoop 1 job history file (lines `Job JOBID="..." ... .`).
 * Returns the job, or NULL with "PATH:LINE: expected ..." in ERR. */
history_job *hadoop1_read(const char *path, history_skips *skips, char *err, size_t errlen);

#define HISTORY_MAX_TASKS 100000 /* mrlab's bound on a job's maps, and its reduces: a task's number is below it */

/* Reads the N_PATHS files and directories PATHS: each file a job's
 * history (a .jhist, or Hadoop 1's), each directory every history under
 * it (files named *.jhist, and files that begin as Hadoop 1's do, whatever
 * their names; subdirectories too, as a history server's done directory
 * nests them), in name order.  Returns the jobs (their count in *N; free each with
 * history_job_free, then the array), or NULL with "PATH:LINE: expected
 * ..." in ERR.  SKIPS adds what the readers passed over. */
history_job **history_read_all(const char *const *paths, int n_paths, int *n, history_skips *skips, char *err,
                               size_t errlen);

/* Frees the N jobs of JOBS (history_read_all's), then JOBS. */
void history_jobs_free(history_job **jobs, int n);

/* The jobs as a trace for import_write: each job's submit time from the
 * earliest, its bytes from its successful attempts' counters, each map's
 * input (HDFS_BYTES_READ), each reducer's share of the shuffle
 * (REDUCE_SHUFFLE_BYTES), its output (HDFS_BYTES_WRITTEN), and its recorded
 * time from submit to finish.  Jobs that did not succeed are left out, as
 * their count in *LEFT_OUT says.  Returns NULL with ERR when no job is left. */
import_trace *history_trace(history_job *const *jobs, int n, int *left_out, char *err, size_t errlen);

/* Writes the N jobs that ended (succeeded, failed or were killed) as a run
 * directory DIR in mrlab's own format, written whole (outfile.h):
 * tasks.csv (each attempt that ended), jobs.csv (each job, its slots the
 * most attempts it ran at once) and summary.json ("recorded": true), times
 * in seconds from the earliest submit, so that the models (models/profile.h)
 * take them as they take a simulated run.  *WRITTEN gets the jobs written.
 * Returns 0, or -1 with ERR. */
int history_write_run(history_job *const *jobs, int n, const char *dir, int *written, char *err, size_t errlen);

#endif
