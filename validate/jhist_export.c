/* jhist_export.c - a run directory as Hadoop 2/3 JobHistory files (jhist_export.h).
 *
 * A .jhist file is a line "Avro-Json", the Avro schema of its records as one
 * line of JSON, then one event a line, each an Avro union written as JSON:
 * {"type":"JOB_SUBMITTED","event":{"org.apache.hadoop.mapreduce.jobhistory.JobSubmitted":{...}}}.
 * Each job's events are made from its row of jobs.csv and its attempts'
 * rows of tasks.csv: the job's submission and initialisation, each task's
 * start (its first attempt's), each attempt's start and end (finished with
 * its phases' ends and counters, or failed or killed with tasks.csv's
 * cause as its error), each task's end, the job's end.  They are sorted by
 * time, then by that order of kinds, then by task (maps first) and attempt
 * number, so the same run gives the same bytes.  jansson builds each line,
 * keeping the schema's field order.
 *
 * The counters are those tasks.csv's phase bytes and records give
 * (counter_of below), and CPU_MILLISECONDS its cpu_seconds; those it does
 * not know (GC time, file bytes, memory) are left out, and the per-attempt arrays (clockSplits ...) are
 * empty.  Hadoop's task and job counters are the sums over each task's
 * successful attempt; the job's also counts its launched, failed and
 * killed attempts, their locality and milliseconds (JobCounter). */
#include "jhist_export.h"

#include "alloc.h"
#include "csv.h"
#include "history.h"
#include "outfile.h"
#include "rundir.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define NS "org.apache.hadoop.mapreduce.jobhistory."
#define USER "mrlab"
#define QUEUE "default"
#define NAME_LIMIT 50 /* mapreduce.jobhistory.jobname.limit: the job name's characters in a file name */

/* The schema of Hadoop 2.7 and 3's Events.avpr for the records written
 * here, as the writer's schema that Avro readers resolve against their own. */
#define F(n, t) "{\"name\":\"" n "\",\"type\":" t "}"
#define FS(n) F(n, "\"string\"")
#define FL(n) F(n, "\"long\"")
#define FI(n) F(n, "\"int\"")
#define FN(n) "{\"name\":\"" n "\",\"type\":[\"null\",\"string\"],\"default\":null}"
#define FC(n) F(n, "\"JhCounters\"")
#define FNC(n) "{\"name\":\"" n "\",\"type\":[\"null\",\"JhCounters\"],\"default\":null}"
#define INTS F("clockSplits", A) "," F("cpuUsages", A) "," F("vMemKbytes", A) "," F("physMemKbytes", A)
#define A "{\"type\":\"array\",\"items\":\"int\"}"
#define REC(n, fields) "{\"type\":\"record\",\"name\":\"" n "\",\"fields\":[" fields "]}"
static const char
    schema[] = "{\"type\":\"record\",\"name\":\"Event\",\"namespace\":\"org.apache.hadoop.mapreduce.jobhistory\","
               "\"fields\":["
               "{\"name\":\"type\",\"type\":{\"type\":\"enum\",\"name\":\"EventType\",\"symbols\":["
               "\"JOB_SUBMITTED\",\"JOB_INITED\",\"JOB_FINISHED\",\"JOB_PRIORITY_CHANGED\",\"JOB_STATUS_CHANGED\","
               "\"JOB_FAILED\",\"JOB_KILLED\",\"JOB_INFO_CHANGED\",\"TASK_STARTED\",\"TASK_FINISHED\",\"TASK_FAILED\","
               "\"TASK_UPDATED\",\"NORMALIZED_RESOURCE\",\"MAP_ATTEMPT_STARTED\",\"MAP_ATTEMPT_FINISHED\","
               "\"MAP_ATTEMPT_FAILED\",\"MAP_ATTEMPT_KILLED\",\"REDUCE_ATTEMPT_STARTED\",\"REDUCE_ATTEMPT_FINISHED\","
               "\"REDUCE_ATTEMPT_FAILED\",\"REDUCE_ATTEMPT_KILLED\",\"SETUP_ATTEMPT_STARTED\",\"SETUP_ATTEMPT_"
               "FINISHED\","
               "\"SETUP_ATTEMPT_FAILED\",\"SETUP_ATTEMPT_KILLED\",\"CLEANUP_ATTEMPT_STARTED\",\"CLEANUP_ATTEMPT_"
               "FINISHED\","
               "\"CLEANUP_ATTEMPT_FAILED\",\"CLEANUP_ATTEMPT_KILLED\",\"AM_STARTED\"]}},"
               "{\"name\":\"event\",\"type\":[" REC("JobSubmitted", FS("jobid") "," FS("jobName") "," FS("userName") "," FL("submitTime") "," FS("jobConfPath") "," F("acls", "{\"type\":\"map\",\"values\":\"string\"}") "," FS("jobQueueName") "," FN("workflowId") "," FN("workflowName") "," FN("workflowNodeName") "," FN("workflowAdjacencies") "," FN("workflowTags")) "," REC("JobInited", FS("jobid") "," FL("launchTime") "," FI("totalMaps") "," FI("totalReduces") "," FS("jobStatus") "," F(
                                                                                                                                                                                                                                                                                                                                                                                                       "uberized",
                                                                                                                                                                                                                                                                                                                                                                                                       "\"boolean\"")) "," REC("JobFinished",
                                                                                                                                                                                                                                                                                                                                                                                                                               FS("jobid") "," FL("finishTime") "," FI("finishedMaps") "," FI("finishedReduces") "," FI("failedMaps") "," FI(
                                                                                                                                                                                                                                                                                                                                                                                                                                   "failedReduces") "," F("totalCounters", REC("JhCounters",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                               FS(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                   "name") "," F("groups",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                 "{\"type\":\"array\",\"items\":" REC("JhCounterGroup",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                      FS("name") "," FS("displayName") "," F("counts", "{\"type\":\"array\",\"items\":" REC("JhCounter", FS("name") "," FS(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                             "displayName") "," FL("value")) "}")) "}"))) "," FC("mapCounters") "," FC("reduceCounters")) "," REC("JobUnsuccessfulCompletion",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                  FS("jobid") "," FL(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                      "finishTime") "," FI("finishedMaps") "," FI("finishedReduces") "," FS("jobStatus") "," FN("diagnostics")) "," REC("TaskStarted",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                        FS("taskid") "," FS("taskType") "," FL("startTime") "," FS("splitLocations")) "," REC("TaskFinished",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                              FS("taskid") "," FS("taskType") "," FL("finishTime") "," FS("status") "," FC(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                  "counters") "," FN("successfulAttemptId")) "," REC("TaskFailed",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                     FS("taskid") "," FS(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                         "taskType") "," FL("finishTime") "," FS("error") "," FN("failedDueToAttempt") "," FS("status") "," FNC("counters")) "," REC("TaskAttemptStarted",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                     FS("taskid") "," FS("taskType") "," FS("attemptId") "," FL("startTime") "," FS("trackerName") "," FI("httpPort") "," FI(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                         "shufflePort") "," FS("containerId") "," FN("locality") "," FN("avataar")) "," REC("MapAttemptFinished",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                            FS("taskid") "," FS("attemptId") "," FS("taskType") "," FS("taskStatus") "," FL("mapFinishTime") "," FL("finishTime") "," FS("hostname") "," FI("port") "," FS("rackname") "," FS("state") "," FC("counters") "," INTS) "," REC("ReduceAttemptFinished",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                            FS("taskid") "," FS("attemptId") "," FS("taskType") "," FS("taskStatus") "," FL("shuffleFinishTime") "," FL("sortFinishTime") "," FL("finishTime") "," FS("hostname") "," FI("port") "," FS(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                "rackname") "," FS("state") "," FC("counters") "," INTS) "," REC("TaskAttemptUnsuccessfulCompletion",
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                 FS("taskid") "," FS("taskType") "," FS("attemptId") "," FL("finishTime") "," FS("hostname") "," FI("port") "," FS(
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                     "rackname") "," FS("status") "," FS("error") "," FNC("counters") "," INTS) "]}]}";

/* Ports Hadoop 2 has by default (the NodeManager's web UI, the ShuffleHandler);
 * the NodeManager's own port is drawn at random, so -1 as Hadoop writes an unknown one. */
#define HTTP_PORT 8042
#define SHUFFLE_PORT 13562
#define PORT (-1)

/* Hadoop's display names of the counters written (history_counter_names). */
static const char *const display[HC_N] = {
    [HC_HDFS_BYTES_READ] = "HDFS: Number of bytes read",
    [HC_HDFS_BYTES_WRITTEN] = "HDFS: Number of bytes written",
    [HC_MAP_INPUT_RECORDS] = "Map input records",
    [HC_MAP_OUTPUT_RECORDS] = "Map output records",
    [HC_MAP_OUTPUT_BYTES] = "Map output bytes",
    [HC_MAP_OUTPUT_MATERIALIZED_BYTES] = "Map output materialized bytes",
    [HC_SPILLED_RECORDS] = "Spilled Records",
    [HC_REDUCE_SHUFFLE_BYTES] = "Reduce shuffle bytes",
    [HC_REDUCE_INPUT_RECORDS] = "Reduce input records",
    [HC_REDUCE_OUTPUT_RECORDS] = "Reduce output records",
    [HC_CPU_MILLISECONDS] = "CPU time spent (ms)",
};

/* The job's own counters (Hadoop's JobCounter group), in its total counters only. */
enum {
  JC_LAUNCHED_MAPS,
  JC_LAUNCHED_REDUCES,
  JC_FAILED_MAPS,
  JC_FAILED_REDUCES,
  JC_KILLED_MAPS,
  JC_KILLED_REDUCES,
  JC_DATA_LOCAL,
  JC_RACK_LOCAL,
  JC_OTHER_LOCAL,
  JC_MILLIS_MAPS,
  JC_MILLIS_REDUCES,
  JC_N
};
static const char *const job_counters[JC_N][2] = {
    {"TOTAL_LAUNCHED_MAPS", "Launched map tasks"},
    {"TOTAL_LAUNCHED_REDUCES", "Launched reduce tasks"},
    {"NUM_FAILED_MAPS", "Failed map tasks"},
    {"NUM_FAILED_REDUCES", "Failed reduce tasks"},
    {"NUM_KILLED_MAPS", "Killed map tasks"},
    {"NUM_KILLED_REDUCES", "Killed reduce tasks"},
    {"DATA_LOCAL_MAPS", "Data-local map tasks"},
    {"RACK_LOCAL_MAPS", "Rack-local map tasks"},
    {"OTHER_LOCAL_MAPS", "Other local map tasks"},
    {"MILLIS_MAPS", "Total time spent by all map tasks (ms)"},
    {"MILLIS_REDUCES", "Total time spent by all reduce tasks (ms)"},
};

/* The columns read, looked up once by name. */
enum {
  T_JOB,
  T_TASK,
  T_KIND,
  T_ATTEMPT,
  T_HOST,
  T_RACK,
  T_LOCALITY,
  T_SPECULATIVE,
  T_STATUS,
  T_START,
  T_END,
  T_CAUSE,
  T_CPU,
  T_SPLITS,
  T_MERGED,
  T_N
};
static const int task_cols[T_N] = {TASKS_JOB,         TASKS_TASK,        TASKS_KIND,        TASKS_ATTEMPT,
                                   TASKS_HOST,        TASKS_RACK,        TASKS_LOCALITY,    TASKS_SPECULATIVE,
                                   TASKS_STATUS,      TASKS_START,       TASKS_END,         TASKS_CAUSE,
                                   TASKS_CPU_SECONDS, TASKS_SPLIT_HOSTS, TASKS_MERGED_BYTES};
enum { J_JOB, J_SUBMIT, J_START, J_END, J_MAPS, J_REDUCES, J_STATUS, J_N };
static const int job_cols[J_N] = {JOBS_JOB, JOBS_SUBMIT, JOBS_START, JOBS_END, JOBS_MAPS, JOBS_REDUCES, JOBS_STATUS};

/* tasks.csv's phase columns: phase P's end, bytes and records are at TASKS_READ_END + 3 P (+ 1, + 2). */
enum { P_READ, P_MAP, P_SPILL, P_MERGE, P_SHUFFLE, P_SORT, P_REDUCE, P_WRITE, P_N };

typedef enum { ST_RUNNING, ST_SUCCEEDED, ST_FAILED, ST_KILLED } status;

typedef struct {
  int job; /* its row in jobs.csv */
  int map, task, number, speculative;
  status st;
  const char *host, *rack, *locality, *cause;
  const char *splits;                     /* a map's split hosts, separated by spaces */
  int64_t start, end;                     /* ms; end -1 while RUNNING */
  int64_t map_end, shuffle_end, sort_end; /* ms, the phases' ends, -1 when not reached */
  int64_t counters[HC_N];                 /* -1: not known */
} attempt;

/* One line of a file and what orders it. */
enum { E_JOB_SUBMITTED, E_JOB_INITED, E_TASK_STARTED, E_ATTEMPT_STARTED, E_ATTEMPT_ENDED, E_TASK_ENDED, E_JOB_ENDED };
typedef struct {
  int64_t ms;
  int rank, map, task, number; /* task -1 for the job's */
  json_t *line;
} event;

typedef struct {
  event *ev;
  int n, cap;
} events;

/* Seconds S of mrlab as Hadoop's milliseconds since the epoch. */
static int64_t ms_of(double s)
{
  return JHIST_EXPORT_BASE_MS + (int64_t)llround(s * 1000);
}

/* The field of ROW in column COL as a number of at least 0 (whole if
 * WHOLE) into *OUT; an empty field is -1 when EMPTY_OK.  0, or -1 with ERR. */
static int read_number(const csv_table *t, int row, int col, int whole, int empty_ok, double *out, char *err,
                       size_t errlen)
{
  if (empty_ok && !*csv_cell(t, row, col))
    return *out = -1, 0;
  if (csv_number(t, row, col, out, err, errlen))
    return -1;
  if (*out < 0 || (whole && (*out != floor(*out) || *out > 9e15)))
    return csv_fail(t, row, col, err, errlen, "expected %s of at least 0, got %s", whole ? "a whole number" : "a time",
                    csv_cell(t, row, col));
  return 0;
}

/* The phase P's end (ms, -1 when empty) of row ROW into *END and its bytes and records into *BYTES, *RECORDS. */
static int read_phase(const csv_table *t, int row, const int *pc, int p, int64_t *end, int64_t *bytes, int64_t *records,
                      char *err, size_t errlen)
{
  double v[3];
  for (int k = 0; k < 3; k++)
    if (read_number(t, row, pc[3 * p + k], k > 0, 1, &v[k], err, errlen))
      return -1;
  *end = v[0] < 0 ? -1 : ms_of(v[0]);
  *bytes = (int64_t)v[1];
  *records = (int64_t)v[2];
  return 0;
}

/* The counter K of an attempt in its phases' columns (counter_of's table). */
typedef struct {
  int counter, phase, records; /* HC_*, P_*, 0 for the bytes, 1 for the records */
  int kind;                    /* 1: maps, 0: reduces, 2: maps of a map-only job */
} counter_source;
static const counter_source counter_of[] = {
    {HC_HDFS_BYTES_READ, P_READ, 0, 1},
    {HC_MAP_INPUT_RECORDS, P_READ, 1, 1},
    {HC_MAP_OUTPUT_BYTES, P_MAP, 0, 1},
    {HC_MAP_OUTPUT_RECORDS, P_MAP, 1, 1},
    {HC_SPILLED_RECORDS, P_SPILL, 1, 1},
    {HC_MAP_OUTPUT_MATERIALIZED_BYTES, P_MERGE, 0, 1},
    {HC_HDFS_BYTES_WRITTEN, P_MAP, 0, 2}, /* the map function's output, one copy; write_bytes counts replicas */
    {HC_REDUCE_SHUFFLE_BYTES, P_SHUFFLE, 0, 0},
    {HC_REDUCE_INPUT_RECORDS, P_SHUFFLE, 1, 0},
    {HC_REDUCE_OUTPUT_RECORDS, P_REDUCE, 1, 0},
    {HC_HDFS_BYTES_WRITTEN, P_REDUCE, 0, 0}, /* likewise the reduce function's output */
};

static status status_of(const char *s)
{
  return strcmp(s, RUNDIR_STATUS_SUCCEEDED) == 0 ? ST_SUCCEEDED
         : strcmp(s, RUNDIR_STATUS_FAILED) == 0  ? ST_FAILED
         : strcmp(s, RUNDIR_STATUS_KILLED) == 0  ? ST_KILLED
         : strcmp(s, RUNDIR_STATUS_RUNNING) == 0 ? ST_RUNNING
                                                 : (status)-1;
}

/* Row ROW of tasks.csv into *A; JOB is its job's row in jobs.csv, MAP_ONLY whether that job has no reduces. */
static int read_attempt(const csv_table *t, int row, const int *tc, const int *pc, int job, int map_only, attempt *a,
                        char *err, size_t errlen)
{
  memset(a, 0, sizeof *a);
  a->job = job;
  const char *kind = csv_cell(t, row, tc[T_KIND]), *task = csv_cell(t, row, tc[T_TASK]);
  a->map = strcmp(kind, RUNDIR_KIND_MAP) == 0;
  if (!a->map && strcmp(kind, RUNDIR_KIND_REDUCE) != 0)
    return csv_fail(t, row, tc[T_KIND], err, errlen, "expected map or reduce, got \"%.40s\"", kind);
  char *end;
  errno = 0;
  long index = task[0] == (a->map ? 'm' : 'r') ? strtol(task + 1, &end, 10) : -1;
  if (index < 0 || index > 999999 || errno || *end || strlen(task) != 7)
    return csv_fail(t, row, tc[T_TASK], err, errlen, "expected %c and six digits, got \"%.40s\"", a->map ? 'm' : 'r',
                    task);
  a->task = (int)index;
  a->st = status_of(csv_cell(t, row, tc[T_STATUS]));
  if ((int)a->st < 0)
    return csv_fail(t, row, tc[T_STATUS], err, errlen, "expected SUCCEEDED, FAILED, KILLED or RUNNING, got \"%.40s\"",
                    csv_cell(t, row, tc[T_STATUS]));
  double number, start, stop;
  if (read_number(t, row, tc[T_ATTEMPT], 1, 0, &number, err, errlen) ||
      read_number(t, row, tc[T_START], 0, 0, &start, err, errlen) ||
      read_number(t, row, tc[T_END], 0, a->st == ST_RUNNING, &stop, err, errlen))
    return -1;
  if (number > 999999)
    return csv_fail(t, row, tc[T_ATTEMPT], err, errlen, "expected an attempt number below 10^6, got %.0f", number);
  if (a->st != ST_RUNNING && stop < start)
    return csv_fail(t, row, tc[T_END], err, errlen, "expected a time no earlier than start, got %s",
                    csv_cell(t, row, tc[T_END]));
  a->number = (int)number;
  a->start = ms_of(start);
  a->end = a->st == ST_RUNNING ? -1 : ms_of(stop);
  a->speculative = strcmp(csv_cell(t, row, tc[T_SPECULATIVE]), "1") == 0;
  a->host = csv_cell(t, row, tc[T_HOST]);
  a->rack = csv_cell(t, row, tc[T_RACK]);
  a->locality = csv_cell(t, row, tc[T_LOCALITY]);
  a->cause = csv_cell(t, row, tc[T_CAUSE]);
  a->splits = csv_cell(t, row, tc[T_SPLITS]);
  for (int k = 0; k < HC_N; k++)
    a->counters[k] = -1;
  int64_t ends[P_N], bytes[P_N], records[P_N];
  for (int p = a->map ? P_READ : P_SHUFFLE; p < (a->map ? P_SHUFFLE : P_N); p++)
    if (read_phase(t, row, pc, p, &ends[p], &bytes[p], &records[p], err, errlen))
      return -1;
  for (size_t k = 0; k < sizeof counter_of / sizeof *counter_of; k++) {
    const counter_source *c = &counter_of[k];
    if (c->kind == a->map || (c->kind == 2 && a->map && map_only))
      a->counters[c->counter] = c->records ? records[c->phase] : bytes[c->phase];
  }
  double cpu;
  if (read_number(t, row, tc[T_CPU], 0, 1, &cpu, err, errlen))
    return -1;
  a->counters[HC_CPU_MILLISECONDS] = cpu < 0 ? -1 : (int64_t)llround(cpu * 1000);
  double merged; /* a reduce's bytes through its merges to disk: Hadoop counts their records as spilled */
  if (read_number(t, row, tc[T_MERGED], 1, 1, &merged, err, errlen))
    return -1;
  if (!a->map && merged >= 0)
    a->counters[HC_SPILLED_RECORDS] =
        bytes[P_SHUFFLE] > 0 ? (int64_t)llround(merged * (double)records[P_SHUFFLE] / (double)bytes[P_SHUFFLE]) : 0;
  a->map_end = a->map ? ends[P_MAP] : -1;
  a->shuffle_end = a->map ? -1 : ends[P_SHUFFLE];
  a->sort_end = a->map ? -1 : ends[P_SORT];
  return 0;
}

/* Attempts in the order of their job's row, kind (maps first), task and number. */
static int attempt_cmp(const void *x, const void *y)
{
  const attempt *a = x, *b = y;
  if (a->job != b->job)
    return a->job < b->job ? -1 : 1;
  if (a->map != b->map)
    return a->map ? -1 : 1;
  if (a->task != b->task)
    return a->task < b->task ? -1 : 1;
  return (a->number > b->number) - (a->number < b->number);
}

static int event_cmp(const void *x, const void *y)
{
  const event *a = x, *b = y;
  if (a->ms != b->ms)
    return a->ms < b->ms ? -1 : 1;
  if (a->rank != b->rank)
    return a->rank < b->rank ? -1 : 1;
  if (a->map != b->map)
    return a->map ? -1 : 1;
  if (a->task != b->task)
    return a->task < b->task ? -1 : 1;
  return (a->number > b->number) - (a->number < b->number);
}

/* Adds the event TYPE of record RECORD holding BODY (stolen) to E, ordered by MS, RANK and A's task and number (A NULL:
 * the job's). */
static void add(events *e, int64_t ms, int rank, const attempt *a, const char *type, const char *record, json_t *body)
{
  if (e->n == e->cap)
    e->ev = xrealloc(e->ev, (size_t)(e->cap = 2 * e->cap + 64) * sizeof *e->ev);
  char full[128];
  snprintf(full, sizeof full, NS "%s", record);
  json_t *line = json_pack("{s:s, s:{s:o}}", "type", type, "event", full, body);
  assert(line);
  e->ev[e->n++] = (event){ms, rank, a ? a->map : 0, a ? a->task : -1, a ? a->number : -1, line};
}

/* A union of null and string: null, or {"string": S}. */
static json_t *maybe(const char *s)
{
  return s ? json_pack("{s:s}", "string", s) : json_null();
}

/* The counters V (HC_*, -1 left out) and, when JOB is not NULL, the job's own JOB (JC_*), as JhCounters. */
static json_t *counters_json(const int64_t *v, const int64_t *job)
{
  json_t *groups = json_array(), *fs = json_array(), *tc = json_array();
  for (int k = 0; k < HC_N; k++)
    if (v[k] >= 0)
      json_array_append_new(k <= HC_FILE_BYTES_WRITTEN ? fs : tc,
                            json_pack("{s:s, s:s, s:I}", "name", history_counter_names[k], "displayName", display[k],
                                      "value", (json_int_t)v[k]));
  static const char *const names[3][2] = {{"org.apache.hadoop.mapreduce.FileSystemCounter", "File System Counters"},
                                          {"org.apache.hadoop.mapreduce.JobCounter", "Job Counters "},
                                          {"org.apache.hadoop.mapreduce.TaskCounter", "Map-Reduce Framework"}};
  json_t *jc = json_array();
  for (int k = 0; job && k < JC_N; k++)
    json_array_append_new(jc, json_pack("{s:s, s:s, s:I}", "name", job_counters[k][0], "displayName",
                                        job_counters[k][1], "value", (json_int_t)job[k]));
  json_t *lists[3] = {fs, jc, tc};
  for (int g = 0; g < 3; g++)
    if (json_array_size(lists[g]))
      json_array_append_new(
          groups, json_pack("{s:s, s:s, s:o}", "name", names[g][0], "displayName", names[g][1], "counts", lists[g]));
    else
      json_decref(lists[g]);
  return json_pack("{s:s, s:o}", "name", "COUNTERS", "groups", groups);
}

/* Adds the counters V of one attempt to the sum S (-1: none yet). */
static void sum_counters(int64_t *s, const int64_t *v)
{
  for (int k = 0; k < HC_N; k++)
    if (v[k] >= 0)
      s[k] = (s[k] < 0 ? 0 : s[k]) + v[k];
}

/* Hadoop's name of tasks.csv's locality: node, rack, off-rack; NULL for none. */
static const char *locality_of(const char *l)
{
  return strcmp(l, "node") == 0       ? "NODE_LOCAL"
         : strcmp(l, "rack") == 0     ? "RACK_LOCAL"
         : strcmp(l, "off-rack") == 0 ? "OFF_SWITCH"
                                      : NULL;
}

/* NAME as a file name's field, as Hadoop's FileNameIndexUtils writes it:
 * URL-encoded (Java's URLEncoder), cut at LIMIT characters (never within
 * an escape; LIMIT 0: whole), then each '-' as %2D, into OUT of N. */
static void file_field(const char *name, int limit, char *out, size_t n)
{
  char enc[4096];
  size_t len = 0;
  for (const unsigned char *c = (const unsigned char *)name; *c && len + 4 < sizeof enc; c++) {
    int plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr(".-*_", *c);
    if (plain)
      enc[len++] = (char)*c;
    else if (*c == ' ')
      enc[len++] = '+';
    else
      len += (size_t)snprintf(enc + len, 4, "%%%02X", *c);
    if (limit && (int)len >= limit) {
      if ((int)len > limit) /* an escape would cross the limit: leave it out whole */
        len -= 3;
      break;
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < len && k + 4 < n; i++)
    k += enc[i] == '-' ? (size_t)snprintf(out + k, 4, "%%2D") : (out[k] = enc[i], 1);
  out[k] = '\0';
}

typedef struct {
  const csv_table *jobs;
  const int *jc;
  int row;     /* in jobs.csv */
  char id[64]; /* job_<base>_NNNN */
  attempt *a;  /* its attempts, sorted */
  int n;
} job_view;

/* The task, attempt and container ids of attempt A of job J. */
static void ids(const job_view *j, const attempt *a, int k, char *task, char *att, char *container)
{
  const char *num = j->id + strlen("job_");
  snprintf(task, 96, "task_%s_%c_%06d", num, a->map ? 'm' : 'r', a->task);
  snprintf(att, 96, "attempt_%s_%c_%06d_%d", num, a->map ? 'm' : 'r', a->task, a->number);
  snprintf(container, 96, "container_%s_01_%06d", num, k + 2); /* 000001 is the ApplicationMaster's */
}

/* The events of attempt K of J (its start and end) into E; adds to the job's counters JOBC. */
static void attempt_events(const job_view *j, int k, events *e, int64_t *jobc)
{
  const attempt *a = &j->a[k];
  char task[96], att[96], container[96], rack[512];
  ids(j, a, k, task, att, container);
  snprintf(rack, sizeof rack, "/%s", a->rack);
  const char *type = a->map ? "MAP" : "REDUCE";
  char ev[64];
  snprintf(ev, sizeof ev, "%s_ATTEMPT_STARTED", type);
  add(e, a->start, E_ATTEMPT_STARTED, a, ev, "TaskAttemptStarted",
      json_pack("{s:s, s:s, s:s, s:I, s:s, s:i, s:i, s:s, s:o, s:o}", "taskid", task, "taskType", type, "attemptId",
                att, "startTime", (json_int_t)a->start, "trackerName", a->host, "httpPort", HTTP_PORT, "shufflePort",
                SHUFFLE_PORT, "containerId", container, "locality", maybe(locality_of(a->locality)), "avataar",
                maybe(a->speculative ? "SPECULATIVE" : "VIRGIN")));
  jobc[a->map ? JC_LAUNCHED_MAPS : JC_LAUNCHED_REDUCES]++;
  if (a->map) {
    const char *l = locality_of(a->locality);
    jobc[!l || strcmp(l, "OFF_SWITCH") == 0 ? JC_OTHER_LOCAL
         : strcmp(l, "NODE_LOCAL") == 0     ? JC_DATA_LOCAL
                                            : JC_RACK_LOCAL]++;
  }
  if (a->st == ST_RUNNING)
    return;
  jobc[a->map ? JC_MILLIS_MAPS : JC_MILLIS_REDUCES] += a->end - a->start;
  if (a->st == ST_SUCCEEDED && a->map) {
    snprintf(ev, sizeof ev, "MAP_ATTEMPT_FINISHED");
    add(e, a->end, E_ATTEMPT_ENDED, a, ev, "MapAttemptFinished",
        json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:s, s:i, s:s, s:s, s:o, s:[], s:[], s:[], s:[]}", "taskid", task,
                  "attemptId", att, "taskType", type, "taskStatus", "SUCCEEDED", "mapFinishTime",
                  (json_int_t)(a->map_end < 0 ? a->end : a->map_end), "finishTime", (json_int_t)a->end, "hostname",
                  a->host, "port", PORT, "rackname", rack, "state", "map", "counters", counters_json(a->counters, NULL),
                  "clockSplits", "cpuUsages", "vMemKbytes", "physMemKbytes"));
  } else if (a->st == ST_SUCCEEDED) {
    add(e, a->end, E_ATTEMPT_ENDED, a, "REDUCE_ATTEMPT_FINISHED", "ReduceAttemptFinished",
        json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:s, s:i, s:s, s:s, s:o, s:[], s:[], s:[], s:[]}", "taskid",
                  task, "attemptId", att, "taskType", type, "taskStatus", "SUCCEEDED", "shuffleFinishTime",
                  (json_int_t)(a->shuffle_end < 0 ? a->end : a->shuffle_end), "sortFinishTime",
                  (json_int_t)(a->sort_end < 0 ? a->end : a->sort_end), "finishTime", (json_int_t)a->end, "hostname",
                  a->host, "port", PORT, "rackname", rack, "state", "reduce > reduce", "counters",
                  counters_json(a->counters, NULL), "clockSplits", "cpuUsages", "vMemKbytes", "physMemKbytes"));
  } else {
    int failed = a->st == ST_FAILED;
    snprintf(ev, sizeof ev, "%s_ATTEMPT_%s", type, failed ? "FAILED" : "KILLED");
    jobc[a->map ? (failed ? JC_FAILED_MAPS : JC_KILLED_MAPS) : (failed ? JC_FAILED_REDUCES : JC_KILLED_REDUCES)]++;
    add(e, a->end, E_ATTEMPT_ENDED, a, ev, "TaskAttemptUnsuccessfulCompletion",
        json_pack("{s:s, s:s, s:s, s:I, s:s, s:i, s:s, s:s, s:s, s:{s:o}, s:[], s:[], s:[], s:[]}", "taskid", task,
                  "taskType", type, "attemptId", att, "finishTime", (json_int_t)a->end, "hostname", a->host, "port",
                  PORT, "rackname", rack, "status", failed ? "FAILED" : "KILLED", "error", a->cause, "counters",
                  NS "JhCounters", counters_json(a->counters, NULL), "clockSplits", "cpuUsages", "vMemKbytes",
                  "physMemKbytes"));
  }
}

/* The task of J's attempts FIRST to LAST - 1: its start, its attempts, its
 * end; adds its successful attempt's counters to SUMS (all, maps, reduces)
 * and counts it in DONE or FAILED (maps, reduces). */
static void task_events(const job_view *j, int first, int last, events *e, int64_t sums[3][HC_N], int64_t *jobc,
                        int *done, int *failed)
{
  const attempt *a0 = &j->a[first];
  char task[96], att[96], container[96];
  ids(j, a0, first, task, att, container);
  const char *type = a0->map ? "MAP" : "REDUCE";
  int64_t start = a0->start;
  for (int k = first; k < last; k++)
    start = j->a[k].start < start ? j->a[k].start : start;
  char *splits = xstrdup(a0->map ? a0->splits : ""); /* Hadoop's list is comma-separated */
  for (char *c = splits; (c = strchr(c, ' '));)
    *c = ',';
  add(e, start, E_TASK_STARTED, a0, "TASK_STARTED", "TaskStarted",
      json_pack("{s:s, s:s, s:I, s:s}", "taskid", task, "taskType", type, "startTime", (json_int_t)start,
                "splitLocations", splits));
  free(splits);
  const attempt *won = NULL, *last_failed = NULL, *last_ended = NULL;
  int running = 0;
  for (int k = first; k < last; k++) {
    const attempt *a = &j->a[k];
    attempt_events(j, k, e, jobc);
    running |= a->st == ST_RUNNING;
    won = a->st == ST_SUCCEEDED && !won ? a : won;
    if (a->st == ST_FAILED && (!last_failed || a->end >= last_failed->end))
      last_failed = a;
    if (a->st != ST_RUNNING && (!last_ended || a->end >= last_ended->end))
      last_ended = a;
  }
  if (won) {
    ids(j, won, 0, task, att, container);
    add(e, won->end, E_TASK_ENDED, a0, "TASK_FINISHED", "TaskFinished",
        json_pack("{s:s, s:s, s:I, s:s, s:o, s:o}", "taskid", task, "taskType", type, "finishTime",
                  (json_int_t)won->end, "status", "SUCCEEDED", "counters", counters_json(won->counters, NULL),
                  "successfulAttemptId", maybe(att)));
    sum_counters(sums[0], won->counters);
    sum_counters(sums[won->map ? 1 : 2], won->counters);
    done[!a0->map]++;
  } else if (!running && last_ended) { /* failed, or killed with its job */
    const attempt *why = last_failed ? last_failed : last_ended;
    ids(j, why, 0, task, att, container);
    add(e, last_ended->end, E_TASK_ENDED, a0, "TASK_FAILED", "TaskFailed",
        json_pack("{s:s, s:s, s:I, s:s, s:o, s:s, s:n}", "taskid", task, "taskType", type, "finishTime",
                  (json_int_t)last_ended->end, "error", why->cause, "failedDueToAttempt",
                  maybe(last_failed ? att : NULL), "status", last_failed ? "FAILED" : "KILLED", "counters"));
    failed[!a0->map] += last_failed != NULL;
  }
}

/* Writes job J's file into directory DIR, its name into NAME (of N).  0, or 1 with ERR. */
static int write_job(const job_view *j, const char *dir, char *name, size_t n, char *err, size_t errlen)
{
  const csv_table *t = j->jobs;
  double submit, start, end, maps, reduces;
  csv_number(t, j->row, j->jc[J_SUBMIT], &submit, err, errlen);
  csv_number(t, j->row, j->jc[J_START], &start, err, errlen);
  csv_number(t, j->row, j->jc[J_END], &end, err, errlen);
  csv_number(t, j->row, j->jc[J_MAPS], &maps, err, errlen);
  csv_number(t, j->row, j->jc[J_REDUCES], &reduces, err, errlen);
  const char *jobname = csv_cell(t, j->row, j->jc[J_JOB]);
  int succeeded = strcmp(csv_cell(t, j->row, j->jc[J_STATUS]), RUNDIR_STATUS_SUCCEEDED) == 0;
  events e = {0};
  add(&e, ms_of(submit), E_JOB_SUBMITTED, NULL, "JOB_SUBMITTED", "JobSubmitted",
      json_pack("{s:s, s:s, s:s, s:I, s:s, s:{}, s:s, s:n, s:n, s:n, s:n, s:n}", "jobid", j->id, "jobName", jobname,
                "userName", USER, "submitTime", (json_int_t)ms_of(submit), "jobConfPath", "", "acls", "jobQueueName",
                QUEUE, "workflowId", "workflowName", "workflowNodeName", "workflowAdjacencies", "workflowTags"));
  add(&e, ms_of(start), E_JOB_INITED, NULL, "JOB_INITED", "JobInited",
      json_pack("{s:s, s:I, s:i, s:i, s:s, s:b}", "jobid", j->id, "launchTime", (json_int_t)ms_of(start), "totalMaps",
                (int)maps, "totalReduces", (int)reduces, "jobStatus", "INITED", "uberized", 0));
  int64_t sums[3][HC_N], jobc[JC_N] = {0};
  for (int g = 0; g < 3; g++)
    for (int k = 0; k < HC_N; k++)
      sums[g][k] = -1;
  int done[2] = {0, 0}, failed[2] = {0, 0};
  for (int first = 0, last; first < j->n; first = last) {
    for (last = first + 1; last < j->n && j->a[last].map == j->a[first].map && j->a[last].task == j->a[first].task;)
      last++;
    task_events(j, first, last, &e, sums, jobc, done, failed);
  }
  if (succeeded)
    add(&e, ms_of(end), E_JOB_ENDED, NULL, "JOB_FINISHED", "JobFinished",
        json_pack("{s:s, s:I, s:i, s:i, s:i, s:i, s:o, s:o, s:o}", "jobid", j->id, "finishTime", (json_int_t)ms_of(end),
                  "finishedMaps", done[0], "finishedReduces", done[1], "failedMaps", failed[0], "failedReduces",
                  failed[1], "totalCounters", counters_json(sums[0], jobc), "mapCounters", counters_json(sums[1], NULL),
                  "reduceCounters", counters_json(sums[2], NULL)));
  else {
    char why[128];
    snprintf(why, sizeof why, "Job failed as tasks failed. failedMaps:%d failedReduces:%d", failed[0], failed[1]);
    add(&e, ms_of(end), E_JOB_ENDED, NULL, "JOB_FAILED", "JobUnsuccessfulCompletion",
        json_pack("{s:s, s:I, s:i, s:i, s:s, s:o}", "jobid", j->id, "finishTime", (json_int_t)ms_of(end),
                  "finishedMaps", done[0], "finishedReduces", done[1], "jobStatus", "FAILED", "diagnostics",
                  maybe(why)));
  }
  qsort(e.ev, (size_t)e.n, sizeof *e.ev, event_cmp);

  char field[3 * NAME_LIMIT + 8]; /* each - of NAME_LIMIT characters as %2D */
  file_field(jobname, NAME_LIMIT, field, sizeof field);
  snprintf(name, n, "%s-%" PRId64 "-%s-%s-%" PRId64 "-%d-%d-%s-%s-%" PRId64 ".jhist", j->id, ms_of(submit), USER, field,
           ms_of(end), done[0], done[1], succeeded ? "SUCCEEDED" : "FAILED", QUEUE, ms_of(start));
  outfile o;
  int status = outfile_open(&o, dir, name, err, errlen) ? 1 : 0;
  if (!status)
    fprintf(o.f, "Avro-Json\n%s\n", schema);
  for (int k = 0; k < e.n; k++) {
    char *line = status ? NULL : json_dumps(e.ev[k].line, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (line)
      fprintf(o.f, "%s\n", line);
    free(line);
    json_decref(e.ev[k].line);
  }
  free(e.ev);
  if (!status && outfile_close(&o, err, errlen))
    status = 1;
  return status;
}

/* jobs.csv's rows by name, for the attempts' lookup. */
typedef struct {
  const char *name;
  int row;
} job_name;

static int job_name_cmp(const void *x, const void *y)
{
  return strcmp(((const job_name *)x)->name, ((const job_name *)y)->name);
}

/* Reads RUN's jobs.csv and tasks.csv, checks every field read, and sorts the attempts into *ATTEMPTS (*N).  0, or 2
 * with ERR. */
static int read_run(const char *run, csv_table **jobs, csv_table **tasks, int *jc, attempt **attempts, int *n,
                    char *err, size_t errlen)
{
  const char *jnames[J_N], *tnames[T_N + 3 * P_N];
  int tc[T_N + 3 * P_N];
  for (int k = 0; k < J_N; k++)
    jnames[k] = rundir_jobs_columns[job_cols[k]];
  for (int k = 0; k < T_N; k++)
    tnames[k] = rundir_tasks_columns[task_cols[k]];
  for (int k = 0; k < 3 * P_N; k++)
    tnames[T_N + k] = rundir_tasks_columns[TASKS_READ_END + k];
  *jobs = csv_read_in(run, RUNDIR_JOBS, jnames, J_N, err, errlen);
  *tasks = *jobs ? csv_read_in(run, RUNDIR_TASKS, tnames, T_N + 3 * P_N, err, errlen) : NULL;
  if (!*tasks)
    return 2;
  for (int k = 0; k < J_N; k++)
    jc[k] = csv_column(*jobs, jnames[k]);
  for (int k = 0; k < T_N + 3 * P_N; k++)
    tc[k] = csv_column(*tasks, tnames[k]);
  int n_jobs = (*jobs)->n_rows - 1;
  job_name *names = xmalloc((size_t)(n_jobs + 1) * sizeof *names);
  int *map_only = xcalloc((size_t)n_jobs + 2, sizeof *map_only);
  int status = 0;
  for (int r = 1; r <= n_jobs && !status; r++) {
    names[r - 1] = (job_name){csv_cell(*jobs, r, jc[J_JOB]), r};
    const char *st = csv_cell(*jobs, r, jc[J_STATUS]);
    if (strcmp(st, RUNDIR_STATUS_SUCCEEDED) && strcmp(st, RUNDIR_STATUS_FAILED) &&
        strcmp(st, RUNDIR_STATUS_DEPENDENT_FAILED))
      status = (csv_fail(*jobs, r, jc[J_STATUS], err, errlen,
                         "expected SUCCEEDED, FAILED or DEPENDENT_FAILED, got \"%.40s\"", st),
                2);
    double v;
    static const int checked[] = {J_SUBMIT, J_START, J_END, J_MAPS, J_REDUCES}; /* a job that never ran has none */
    for (size_t k = 0; k < sizeof checked / sizeof *checked && !status && strcmp(st, RUNDIR_STATUS_DEPENDENT_FAILED);
         k++)
      if (read_number(*jobs, r, jc[checked[k]], checked[k] >= J_MAPS, 0, &v, err, errlen))
        status = 2;
      else if (checked[k] == J_REDUCES)
        map_only[r] = v == 0;
  }
  qsort(names, (size_t)n_jobs, sizeof *names, job_name_cmp);
  *n = 0;
  *attempts = xmalloc((size_t)(*tasks)->n_rows * sizeof **attempts);
  for (int r = 1; r < (*tasks)->n_rows && !status; r++) {
    job_name key = {csv_cell(*tasks, r, tc[T_JOB]), 0};
    const job_name *found = bsearch(&key, names, (size_t)n_jobs, sizeof *names, job_name_cmp);
    if (!found)
      status =
          (csv_fail(*tasks, r, tc[T_JOB], err, errlen, "expected a job of %s, got \"%.40s\"", RUNDIR_JOBS, key.name),
           2);
    else if (read_attempt(*tasks, r, tc, tc + T_N, found->row, map_only[found->row], &(*attempts)[(*n)++], err, errlen))
      status = 2;
  }
  free(names);
  free(map_only);
  if (!status)
    qsort(*attempts, (size_t)*n, sizeof **attempts, attempt_cmp);
  return status;
}

int jhist_export(const char *run, const char *out, FILE *report, char *err, size_t errlen)
{
  char base[4096], def[4096 + 8], path[8192];
  snprintf(base, sizeof base, "%s", run);
  for (size_t k = strlen(base); k > 1 && base[k - 1] == '/';)
    base[--k] = '\0';
  snprintf(def, sizeof def, "%s-jhist", base);
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", run, RUNDIR_JOBS);
  if (stat(path, &st) != 0)
    return snprintf(err, errlen, "%s: not a run directory (no %s)", run, RUNDIR_JOBS), 2;
  csv_table *jobs = NULL, *tasks = NULL;
  attempt *a = NULL;
  int jc[J_N], n = 0, status = read_run(run, &jobs, &tasks, jc, &a, &n, err, errlen);
  static const char *const names[] = {"job_*.jhist", NULL};
  outdir d;
  if (!status && outdir_open(&d, out ? out : def, names, err, errlen))
    status = 2;
  char(*written)[1024] = xcalloc((size_t)(jobs ? jobs->n_rows : 1), sizeof *written);
  int n_written = 0;
  for (int r = 1, first = 0; !status && r < jobs->n_rows; r++) {
    job_view j = {jobs, jc, r, "", a + first, 0};
    while (first + j.n < n && a[first + j.n].job == r)
      j.n++;
    first += j.n;
    if (strcmp(csv_cell(jobs, r, jc[J_STATUS]), RUNDIR_STATUS_DEPENDENT_FAILED) == 0)
      continue; /* never submitted: Hadoop would have no history of it */
    snprintf(j.id, sizeof j.id, "job_%lld_%04d", JHIST_EXPORT_BASE_MS, r);
    status = write_job(&j, d.tmp, written[n_written++], sizeof *written, err, errlen);
    if (status)
      outdir_discard(&d);
  }
  if (!status && outdir_commit(&d, err, errlen))
    status = 1;
  for (int k = 0; !status && report && k < n_written; k++)
    fprintf(report, "%s/%s\n", d.final, written[k]);
  free(written);
  free(a);
  csv_free(tasks);
  csv_free(jobs);
  return status;
}
