/* rundir.c - the names of a run directory's files and columns (rundir.h). */
#include "rundir.h"

#include <stddef.h>

const char *const rundir_files[] = {RUNDIR_TASKS,    RUNDIR_JOBS,        RUNDIR_GROUPS, RUNDIR_SUMMARY,
                                    RUNDIR_PROGRESS, RUNDIR_UTILISATION, RUNDIR_TRACE,  RUNDIR_EXPLAIN, RUNDIR_HOST_UTILISATION, NULL};

#define PHASE(name) name "_end", name "_bytes", name "_records"
const char *const rundir_tasks_columns[TASKS_N_COLUMNS] = {
    "job",          "task",           "kind",          "attempt",        "host",        "rack",
    "locality",     "speculative",    "status",        "start",          "end",         PHASE("read"),
    PHASE("map"),   PHASE("spill"),   PHASE("merge"),  PHASE("shuffle"), PHASE("sort"), PHASE("reduce"),
    PHASE("write"), "pushed_bytes",   "fetched_bytes", "pushes",         "first_byte",  "prefetch_issued",
    "prefetch_due", "prefetch_start", "prefetch_end",  "cause",          "cpu_seconds", "split_hosts",
    "merged_bytes"};
#undef PHASE

const char *const rundir_jobs_columns[JOBS_N_COLUMNS] = {"job",
                                                         "submit",
                                                         "start",
                                                         "map_phase_end",
                                                         "end",
                                                         "maps",
                                                         "reduces",
                                                         "map_slots",
                                                         "reduce_slots",
                                                         "killed_attempts",
                                                         "input_bytes",
                                                         "map_output_bytes",
                                                         "shuffle_bytes",
                                                         "output_bytes",
                                                         "redistributed_bytes",
                                                         "redistribution_time",
                                                         "reduce_start",
                                                         "reduce_end",
                                                         "sketch_keys",
                                                         "sketch_missed",
                                                         "sketch_error",
                                                         "failed_attempts",
                                                         "reexecuted_maps",
                                                         "lost_bytes",
                                                         "status"};

const char *const rundir_groups_columns[GROUPS_N_COLUMNS] = {"job", "task", "attempt", "group", "bytes", "end"};

const char *const rundir_progress_columns[PROGRESSCSV_N_COLUMNS] = {"job", "time",          "indicator", "progress",
                                                                    "end", "true_progress", "true_end"};

const char *const rundir_utilisation_columns[UTIL_N_COLUMNS] = {"time", "class", "cpu", "disk", "nic"};
const char *const rundir_host_utilisation_columns[UTIL_N_COLUMNS] = {"time", "host", "cpu", "disk", "nic"};

const char *const rundir_indicators[INDICATOR_N] = {"hadoop", "hadoop-reduce", "jobratio", "taskratio", "nearestfit"};

const char *const rundir_explain_columns[EXPLAIN_N_COLUMNS] = {"job",  "order", "kind",  "what", "task",
                                                               "attempt", "host", "start", "end", "seconds",
                                                               "limit", "resource", "utilisation"};

const char *const rundir_explain_limits[LIMIT_N] = {"cpu", "disk", "network"};

const char *const rundir_explain_what[CRIT_N] = {"startup",    "read",           "map",       "spill",  "merge",
                                                 "shuffle",    "sort",           "reduce",    "write",  "am-startup",
                                                 "submission", "redistribution", "heartbeat", "slot",   "map-output",
                                                 "slowstart",  "speculation",    "preempted", "failed", "lost"};
