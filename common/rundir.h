/* rundir.h - the files of a run directory, their columns and values: one
 * definition for the writer (sim/report.c) and every reader (models/,
 * validate/), so that a renamed column cannot break a reader silently.
 *
 * A plain header, no SimGrid: models/ reads runs without simulating. */
#ifndef MRLAB_RUNDIR_H
#define MRLAB_RUNDIR_H

#define RUNDIR_TASKS "tasks.csv"
#define RUNDIR_JOBS "jobs.csv"
#define RUNDIR_GROUPS "groups.csv"
#define RUNDIR_SUMMARY "summary.json"
#define RUNDIR_PROGRESS "progress.csv"
#define RUNDIR_UTILISATION "utilisation.csv"
#define RUNDIR_TRACE "trace.paje" /* with --trace only: the run's timeline (sim/trace.c) */
#define RUNDIR_EXPLAIN "explain.csv"
#define RUNDIR_HOST_UTILISATION "host-utilisation.csv"

/* Every entry a run directory holds, NULL-terminated (outdir_open's NAMES). */
extern const char *const rundir_files[];

/* tasks.csv: one row per task attempt.  Each phase has its end time, bytes
 * and records; a map fills the first four phases, a reduce the last four.
 * A map whose split PSP prefetched (mrlab.prefetch) has the prefetch's
 * times: when it was issued (the map before it started and the scheduler
 * reserved this one), when it was due (that map's predicted finish less the
 * predicted load time), when the load started (the later of those two) and
 * ended; other attempts leave them empty. */
enum {
  TASKS_JOB,
  TASKS_TASK,
  TASKS_KIND,
  TASKS_ATTEMPT,
  TASKS_HOST,
  TASKS_RACK,
  TASKS_LOCALITY,
  TASKS_SPECULATIVE,
  TASKS_STATUS,
  TASKS_START,
  TASKS_END,
  TASKS_READ_END,                          /* the first of 8 phases times (end, bytes, records) */
  TASKS_SORT_END = TASKS_READ_END + 3 * 5, /* the reduce's merge, its phase 2 */
  /* preshuffle (mrlab.shuffle.mode=push): a map's pushed bytes and pieces
   * (those a reducer counted); a reduce's pushed bytes it counted, bytes it
   * fetched, pieces it counted, and when its first shuffled byte arrived
   * (empty if none did).  A map leaves fetched_bytes and first_byte empty. */
  TASKS_PUSHED_BYTES = TASKS_READ_END + 3 * 8,
  TASKS_FETCHED_BYTES,
  TASKS_PUSHES,
  TASKS_FIRST_BYTE,
  /* PSP (mrlab.prefetch): for a map whose block was prefetched, when the
   * scheduler reserved it, when its load was due, and when it ran; empty
   * for the others */
  TASKS_PREFETCH_ISSUED,
  TASKS_PREFETCH_DUE,
  TASKS_PREFETCH_START,
  TASKS_PREFETCH_END,
  /* why an attempt FAILED or was KILLED (RUNDIR_CAUSE_*), empty for the others */
  TASKS_CAUSE,
  /* the CPU time its work took (s): the flops its map, sort, combine,
   * (de)compress, merge and reduce functions executed over its host's
   * per-core speed, as Hadoop's CPU_MILLISECONDS counts a task's */
  TASKS_CPU_SECONDS,
  /* a map's split hosts: the workers that held its block's replicas when
   * its job was released, separated by spaces (empty for a reduce) */
  TASKS_SPLIT_HOSTS,
  /* a reduce's bytes that its merges wrote to its local disk, as it
   * shuffled and before its final merge (what Hadoop counts, in records,
   * as a reduce's SPILLED_RECORDS); empty for a map */
  TASKS_MERGED_BYTES,
  TASKS_N_COLUMNS
};
extern const char *const rundir_tasks_columns[TASKS_N_COLUMNS];

/* Values of tasks.csv's locality column: where a map's split was, from its
 * host (empty for a reduce, or a map that read no replica). */
#define RUNDIR_LOCALITY_NODE "node"
#define RUNDIR_LOCALITY_RACK "rack"
#define RUNDIR_LOCALITY_OFF_RACK "off-rack"
/* Values of tasks.csv's kind and status columns. */
#define RUNDIR_KIND_MAP "map"
#define RUNDIR_KIND_REDUCE "reduce"
#define RUNDIR_STATUS_RUNNING "RUNNING"
#define RUNDIR_STATUS_SUCCEEDED "SUCCEEDED"
#define RUNDIR_STATUS_KILLED "KILLED"
#define RUNDIR_STATUS_FAILED "FAILED" /* an attempt, or a job that failed */
#define RUNDIR_STATUS_DEPENDENT_FAILED "DEPENDENT_FAILED" /* a job that never ran: one it waited for failed */
/* Values of tasks.csv's cause column: a task-level fault; killed as its
 * twin succeeded first, preempted by its ApplicationMaster, or as its job failed; */
#define RUNDIR_CAUSE_FAULT "task-fault"
#define RUNDIR_CAUSE_TWIN "twin-succeeded"
#define RUNDIR_CAUSE_PREEMPTED "preempted"
#define RUNDIR_CAUSE_JOB_FAILED "job-failed"
/* ...or lost with its worker (killed; a completed map: its output lost),
 * its map output declared lost by reducers' fetch failures (failed),
 * failed for want of a replica of its split (every one on lost workers),
 * or failed as the disk of its local directory failed. */
#define RUNDIR_CAUSE_LOST "worker-lost"
#define RUNDIR_CAUSE_FETCH_FAILURES "fetch-failures"
#define RUNDIR_CAUSE_MISSING_BLOCK "missing-block"
#define RUNDIR_CAUSE_DISK_FAILED "disk-failed"

/* jobs.csv: one row per job; these columns, then one per property, then
 * RUNDIR_JOBS_AFTER: the names of the jobs it waited for in a workflow,
 * joined by ';' (empty if none), last so that readers by position keep
 * working. */
#define RUNDIR_JOBS_AFTER "after"
enum {
  JOBS_JOB,
  JOBS_SUBMIT,
  JOBS_START,
  JOBS_MAP_PHASE_END,
  JOBS_END,
  JOBS_MAPS,
  JOBS_REDUCES,
  JOBS_MAP_SLOTS,
  JOBS_REDUCE_SLOTS,
  JOBS_KILLED_ATTEMPTS,
  JOBS_INPUT_BYTES,
  JOBS_MAP_OUTPUT_BYTES,
  JOBS_SHUFFLE_BYTES,
  JOBS_OUTPUT_BYTES,
  JOBS_REDISTRIBUTED_BYTES, /* bytes its input's redistribution moved before its maps could run */
  JOBS_REDISTRIBUTION_TIME, /* s, from its submission to the last move's end; 0 when nothing moved */
  JOBS_REDUCE_START,        /* its reduce phase: the first reduce function's start, */
  JOBS_REDUCE_END,          /* the last one's end (both empty if none ran) */
  JOBS_SKETCH_KEYS,         /* explicit keys the maps reported to the progress sampler (0: no sample taken), */
  JOBS_SKETCH_MISSED,       /* of them, those the Space-Saving sketch lost, */
  JOBS_SKETCH_ERROR,        /* and the sum of its size errors over the sum of their sizes */
  JOBS_FAILED_ATTEMPTS,     /* its attempts that failed (task-level faults, map outputs lost to fetch failures) */
  JOBS_REEXECUTED_MAPS,     /* completed maps it ran again because their output was lost with a worker, */
  JOBS_LOST_BYTES,          /* and the bytes of map output (as stored) lost with them */
  JOBS_STATUS,              /* RUNDIR_STATUS_SUCCEEDED, _FAILED or _DEPENDENT_FAILED */
  JOBS_N_COLUMNS
};
extern const char *const rundir_jobs_columns[JOBS_N_COLUMNS];

/* groups.csv: when each explicitly simulated key group ended. */
enum { GROUPS_JOB, GROUPS_TASK, GROUPS_ATTEMPT, GROUPS_GROUP, GROUPS_BYTES, GROUPS_END, GROUPS_N_COLUMNS };
extern const char *const rundir_groups_columns[GROUPS_N_COLUMNS];

/* progress.csv: each progress indicator's estimate of a job's reduce phase
 * at each sampling time within it (mrlab.progress.period), beside the
 * truth known after the run: progress in percent (0 and an empty end when
 * the indicator has no estimate yet), the estimated end of the reduce
 * phase, the true progress 100 (time - reduce_start) / (reduce_end -
 * reduce_start) and the true end (jobs.csv's reduce_start and reduce_end). */
enum {
  PROGRESSCSV_JOB,
  PROGRESSCSV_TIME,
  PROGRESSCSV_INDICATOR,
  PROGRESSCSV_PROGRESS,
  PROGRESSCSV_END,
  PROGRESSCSV_TRUE_PROGRESS,
  PROGRESSCSV_TRUE_END,
  PROGRESSCSV_N_COLUMNS
};
extern const char *const rundir_progress_columns[PROGRESSCSV_N_COLUMNS];

/* Values of progress.csv's indicator column, in its order: Hadoop's score
 * with its phase weights (what its web UI shows), its reduce third alone
 * (Coppa and Finocchi's reading of Hadoop), JobRatio, TaskRatio and
 * NearestFit. */
enum {
  INDICATOR_HADOOP,
  INDICATOR_HADOOP_REDUCE,
  INDICATOR_JOBRATIO,
  INDICATOR_TASKRATIO,
  INDICATOR_NEARESTFIT,
  INDICATOR_N
};
extern const char *const rundir_indicators[INDICATOR_N];

/* utilisation.csv: every mrlab.utilisation.period, and at the run's end,
 * each node class's mean utilisation over the interval that ends at TIME
 * (since the row before): the fractions of its cores' flops, of its disks'
 * time and of its NICs' sending time that its workers used, each in [0, 1]
 * (sim/utilisation.c). */
enum { UTIL_TIME, UTIL_CLASS, UTIL_CPU, UTIL_DISK, UTIL_NIC, UTIL_N_COLUMNS };
extern const char *const rundir_utilisation_columns[UTIL_N_COLUMNS];
/* host-utilisation.csv: the same at the same times for each worker, its
 * name in the second column (host), its own cores, disks and NIC the
 * capacity. */
extern const char *const rundir_host_utilisation_columns[UTIL_N_COLUMNS];

/* explain.csv: each job's critical path (sim/critpath.c), one row per
 * segment in time order (ORDER 1, 2, ...), from the job's submit time to
 * its end without gap or overlap, so that its SECONDS sum to the job's
 * time (jobs.csv's end - submit).  KIND is EXPLAIN_STAGE or EXPLAIN_WAIT;
 * WHAT one of rundir_explain_stages or rundir_explain_waits; TASK, ATTEMPT
 * and HOST name the task attempt of a stage or of the wait that follows
 * it (empty for the job's own waits).  For a stage, LIMIT is the kind of
 * resource that set its pace (rundir_explain_limits), RESOURCE the one
 * of that kind most utilised while it ran ("cores of HOST", "disk of
 * HOST" or "disks of HOST", or a SimGrid link: nic-HOST_UP and _DOWN, the
 * host's NIC sending and receiving; uplink-RACK_UP and _DOWN; core), and
 * UTILISATION that resource's mean utilisation then, 0 to 1 (sim/bottleneck.c);
 * all three are empty for a wait or a stage that used no resource. */
enum {
  EXPLAIN_JOB,
  EXPLAIN_ORDER,
  EXPLAIN_KIND,
  EXPLAIN_WHAT,
  EXPLAIN_TASK,
  EXPLAIN_ATTEMPT,
  EXPLAIN_HOST,
  EXPLAIN_START,
  EXPLAIN_END,
  EXPLAIN_SECONDS,
  EXPLAIN_LIMIT,
  EXPLAIN_RESOURCE,
  EXPLAIN_UTILISATION,
  EXPLAIN_N_COLUMNS
};
extern const char *const rundir_explain_columns[EXPLAIN_N_COLUMNS];
#define RUNDIR_EXPLAIN_STAGE "stage"
#define RUNDIR_EXPLAIN_WAIT "wait"

/* Values of explain.csv's what column: the stages of an attempt (a map's
 * start-up, read, map, spill, merge, and for a map-only job's map its HDFS
 * write; a reduce's start-up, shuffle, sort, reduce, write; in YARN mode
 * the ApplicationMaster's start-up, task "am")... */
enum {
  CRIT_STARTUP,
  CRIT_READ,
  CRIT_MAP,
  CRIT_SPILL,
  CRIT_MERGE,
  CRIT_SHUFFLE,
  CRIT_SORT,
  CRIT_REDUCE,
  CRIT_WRITE,
  CRIT_AM_STARTUP,
  CRIT_N_STAGES,
  /* ...and the waits: for the job client's NameNode calls (`files`) after
   * the submission, for the input's redistribution, for a heartbeat (an
   * ended attempt's report, a slot's filling, the answer's arrival), for a
   * slot or container other work held (or the scheduler gave elsewhere:
   * any wait for an assignment longer than one heartbeat interval), for a
   * finished map's output to be announced to the reducers, for slow-start
   * (from the map that completed the fraction to the reduce's assignment),
   * for the speculator to ask for a twin of a slow attempt, and for a
   * preempted attempt (YARN) to be asked for again, for a failed
   * attempt (its life, from its launch to its report) to be rerun, and
   * likewise for an attempt lost with its worker (to the loss's report). */
  CRIT_SUBMISSION = CRIT_N_STAGES,
  CRIT_REDISTRIBUTION,
  CRIT_HEARTBEAT,
  CRIT_SLOT,
  CRIT_MAP_OUTPUT,
  CRIT_SLOWSTART,
  CRIT_SPECULATION,
  CRIT_PREEMPTED,
  CRIT_FAILED,
  CRIT_LOST,
  CRIT_N
};
extern const char *const rundir_explain_what[CRIT_N];

/* Values of explain.csv's limit column, and the kinds a pipe's time is
 * charged to (sim/pipe.h). */
enum { LIMIT_CPU, LIMIT_DISK, LIMIT_NETWORK, LIMIT_N };
extern const char *const rundir_explain_limits[LIMIT_N];

#endif
