/* rumen.c - reads Rumen traces (Hadoop's tools/rumen, the job-history
 * digest YARN's Scheduler Load Simulator replays) for `mrlab import rumen`.
 *
 * A Rumen trace is a stream of JSON objects, one a job (Rumen's LoggedJob):
 * jobID, submitTime, launchTime and finishTime in milliseconds, totalMaps
 * and totalReduces, and mapTasks and reduceTasks, each task (LoggedTask)
 * with its taskStatus, inputBytes and outputBytes and its attempts
 * (LoggedTaskAttempt) with result and hdfsBytesWritten.  Rumen writes -1 for
 * a count it did not find.  jansson parses each object in turn
 * (JSON_DISABLE_EOF_CHECK) from the file read whole, so that an error's line
 * counts from the top of the file, not from the object's start.
 *
 * What a job becomes: its submit time counted from the trace's earliest;
 * its input the bytes its successful maps read; its shuffle the bytes its
 * reduces fetched (their inputBytes), or else its maps' output; its output
 * the bytes its reduces wrote, or a map-only job's maps' HDFS writes; its
 * task counts (totalMaps, totalReduces, or else the tasks listed); each
 * successful map's input bytes, a file each (so that unequal maps replay
 * as recorded), when every one of them records them; each reducer's share
 * of the shuffle; and its recorded duration, finishTime -
 * submitTime, the time from submit to end that `mrlab run` simulates too
 * (launchTime is missing from many traces, SLS's samples among them).  A
 * field of the wrong type fails with the line where the job starts. */
#include "import.h"

#include "alloc.h"
#include "infile.h"
#include "workload.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define RUMEN_MAX_TASKS 100000 /* mrlab's bound on a job's maps (workload.c), and conf.c's on its reduces */
#define RUMEN_MAX_FILE (1L << 30)

/* Where a job is, for messages. */
typedef struct {
  const char *path;
  int line; /* where the job's object starts */
  int index;
  char *err;
  size_t errlen;
} place;

static int fail(const place *at, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records "PATH:LINE: job INDEX: message" in AT's ERR; returns -1. */
static int fail(const place *at, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(at->err, at->errlen, "%s:%d: job %d: %s", at->path, at->line, at->index, msg);
  return -1;
}

/* The member NAME of O as a whole number from -1 to MAX, into *OUT;
 * REQUIRED or else absent leaves *OUT as it was.  -1 is Rumen's "unknown". */
static int get_count(const place *at, const json_t *o, const char *name, int required, double max, int64_t *out)
{
  json_t *v = json_object_get(o, name);
  if (!v && !required)
    return 0;
  if (!v)
    return fail(at, "expected a member \"%s\"", name);
  if (!json_is_integer(v) || json_integer_value(v) < -1 || (double)json_integer_value(v) > max)
    return fail(at, "%s: expected a whole number from -1 to %.0f", name, max);
  *out = (int64_t)json_integer_value(v);
  return 0;
}

/* Whether task T (LoggedTask) succeeded: its taskStatus is SUCCESS or absent. */
static int succeeded(const place *at, const json_t *t, int *out)
{
  json_t *s = json_object_get(t, "taskStatus");
  if (s && !json_is_string(s))
    return fail(at, "taskStatus: expected a string such as \"SUCCESS\"");
  *out = !s || strcmp(json_string_value(s), "SUCCESS") == 0;
  return 0;
}

/* The HDFS bytes the successful attempt of map task T wrote, or -1. */
static int attempt_written(const place *at, const json_t *t, int64_t *out)
{
  json_t *l = json_object_get(t, "attempts");
  *out = -1;
  if (!l)
    return 0;
  if (!json_is_array(l))
    return fail(at, "attempts: expected an array of task attempts");
  for (size_t k = 0; k < json_array_size(l); k++) {
    json_t *a = json_array_get(l, k), *r;
    if (!json_is_object(a))
      return fail(at, "attempts: expected task attempts as objects");
    if ((r = json_object_get(a, "result")) && json_is_string(r) && strcmp(json_string_value(r), "SUCCESS") == 0)
      return get_count(at, a, "hdfsBytesWritten", 0, WORKLOAD_MAX_OUTPUT, out);
  }
  return 0;
}

/* The tasks of job O in member NAME: their count, the bytes their successful
 * ones read (*IN) and wrote (*OUT), and each one's input (IN_EACH, when not
 * NULL, of the array's length: -1 where a successful task records none, -2
 * for a task that failed).  A map-only job's maps count their HDFS writes
 * (WRITES). */
static int read_tasks(const place *at, const json_t *o, const char *name, int writes, int64_t *n, int64_t *in,
                      int64_t *out, double **in_each)
{
  json_t *l = json_object_get(o, name);
  *n = *in = *out = 0;
  if (!l)
    return 0;
  if (!json_is_array(l) || json_array_size(l) > RUMEN_MAX_TASKS)
    return fail(at, "%s: expected an array of at most %d tasks", name, RUMEN_MAX_TASKS);
  *n = (int64_t)json_array_size(l);
  if (in_each)
    *in_each = xcalloc((size_t)*n + 1, sizeof **in_each);
  for (size_t k = 0; k < json_array_size(l); k++) {
    json_t *t = json_array_get(l, k);
    int64_t read = -1, wrote = -1, hdfs = -1;
    int ok = 1;
    if (!json_is_object(t))
      return fail(at, "%s: expected tasks as objects", name);
    if (succeeded(at, t, &ok) || get_count(at, t, "inputBytes", 0, WORKLOAD_MAX_OUTPUT, &read) ||
        get_count(at, t, "outputBytes", 0, WORKLOAD_MAX_OUTPUT, &wrote) || (writes && attempt_written(at, t, &hdfs)))
      return -1;
    if (in_each)
      (*in_each)[k] = ok ? (double)read : -2;
    if (!ok)
      continue;
    if (hdfs >= 0)
      wrote = hdfs;
    *in += read > 0 ? read : 0;
    *out += wrote > 0 ? wrote : 0;
  }
  if (*in > WORKLOAD_MAX_OUTPUT || *out > WORKLOAD_MAX_OUTPUT)
    return fail(at, "%s: expected at most 100 TiB read or written by the tasks", name);
  return 0;
}

/* J's per-map input bytes from EACH (N tasks, as read_tasks gives them):
 * one a successful map, in order, a map of 0 bytes reading 1 (mrlab's
 * least input), when every successful map records its inputBytes; J->maps
 * is then their count.  Else J keeps NULL: equal files. */
static void map_sizes(import_job *j, const double *each, int64_t n)
{
  int ok = 0;
  for (int64_t k = 0; k < n; k++) {
    if (each[k] == -1)
      return;
    ok += each[k] >= 0;
  }
  if (ok == 0)
    return;
  j->map_bytes = xmalloc((size_t)ok * sizeof *j->map_bytes);
  j->maps = 0;
  for (int64_t k = 0; k < n; k++)
    if (each[k] >= 0)
      j->map_bytes[j->maps++] = each[k] > 0 ? (int64_t)each[k] : 1;
}

/* Fills J from job object O; *SUBMIT_MS gets its submitTime. */
static int read_job(const place *at, import_trace *t, import_job *j, const json_t *o, int64_t *submit_ms)
{
  if (!json_is_object(o))
    return fail(at, "expected a job object {\"jobID\": ...}");
  json_t *id = json_object_get(o, "jobID");
  if (!json_is_string(id))
    return fail(at, "jobID: expected the job's id as a string such as \"job_1369942127770_1205\"");
  if (import_check_name(t, json_string_value(id), at->path, at->line, at->err, at->errlen))
    return -1;
  j->name = xstrdup(json_string_value(id));
  j->line = at->line;
  int64_t finish = -1, maps = -1, reduces = -1, n_maps, n_reduces, map_in, map_out, red_in, red_out;
  if (get_count(at, o, "submitTime", 1, 9e15, submit_ms) || get_count(at, o, "finishTime", 0, 9e15, &finish) ||
      get_count(at, o, "totalMaps", 0, RUMEN_MAX_TASKS, &maps) ||
      get_count(at, o, "totalReduces", 0, RUMEN_MAX_TASKS, &reduces))
    return -1;
  if (*submit_ms < 0)
    return fail(at, "submitTime: expected a time in milliseconds, got -1");
  if (read_tasks(at, o, "reduceTasks", 0, &n_reduces, &red_in, &red_out, &j->shares))
    return -1;
  j->reducers = (int)(reduces >= 0 ? reduces : n_reduces);
  double *map_each = NULL;
  if (read_tasks(at, o, "mapTasks", j->reducers == 0, &n_maps, &map_in, &map_out, &map_each)) {
    free(map_each);
    return -1;
  }
  j->maps = (int)(maps > 0 ? maps : n_maps);
  map_sizes(j, map_each, n_maps);
  free(map_each);
  j->input = map_in > 0 ? map_in : 1;
  j->shuffle = j->reducers ? (red_in > 0 ? red_in : map_out) : 0;
  j->output = j->reducers ? red_out : map_out;
  if (n_reduces != j->reducers || red_in == 0) { /* no share known for every reducer */
    free(j->shares);
    j->shares = NULL;
  }
  for (int p = 0; j->shares && p < j->reducers; p++) /* a failed reducer, or one recording no input, had none */
    j->shares[p] = (j->shares[p] > 0 ? j->shares[p] : 0) / (double)red_in;
  if (finish >= 0 && finish < *submit_ms)
    return fail(at, "finishTime: expected a time after submitTime");
  j->recorded = finish > *submit_ms ? (double)(finish - *submit_ms) / 1000 : 0;
  return 0;
}

import_trace *rumen_read(const char *path, char *err, size_t errlen)
{
  size_t len, at = 0;
  char *text = infile_read(path, "a Rumen trace (JSON)", RUMEN_MAX_FILE, &len, err, errlen);
  if (!text)
    return NULL;
  import_trace *t = import_trace_alloc();
  int line = 1, bad = 0;
  int64_t first = INT64_MAX, *submit = NULL;
  while (!bad) {
    for (; at < len && strchr(" \t\r\n", text[at]); at++) /* blanks between objects */
      line += text[at] == '\n';
    if (at == len)
      break;
    json_error_t e;
    json_t *o = json_loadb(text + at, len - at, JSON_DISABLE_EOF_CHECK | JSON_REJECT_DUPLICATES, &e);
    if (!o) {
      snprintf(err, errlen, "%s:%d: expected a JSON job object: %s", path, line + e.line - 1, e.text);
      for (char *c = err; *c; c++) /* jansson quotes the text near the error, which may hold a line break */
        if (*c == '\n' || *c == '\r')
          *c = ' ';
      bad = -1;
      break;
    }
    submit = xrealloc(submit, (size_t)(t->n_jobs + 1) * sizeof *submit);
    place where = {path, line, t->n_jobs + 1, err, errlen};
    import_job *j = import_trace_add(t);
    bad = read_job(&where, t, j, o, &submit[t->n_jobs - 1]);
    json_decref(o);
    if (!bad && t->n_jobs > WORKLOAD_MAX_JOBS)
      bad = -1, snprintf(err, errlen, "%s:%d: expected at most %d jobs (mrlab's bound on a workload)", path, line,
                         WORKLOAD_MAX_JOBS);
    first = !bad && submit[t->n_jobs - 1] < first ? submit[t->n_jobs - 1] : first;
    for (size_t end = at + (size_t)e.position; at < end; at++)
      line += text[at] == '\n';
  }
  if (!bad && t->n_jobs == 0)
    bad = -1, snprintf(err, errlen, "%s:1: expected JSON job objects such as {\"jobID\": ...}, got none", path);
  for (int i = 0; !bad && i < t->n_jobs; i++) {
    t->jobs[i].submit = (double)(submit[i] - first) / 1000;
    if (t->jobs[i].submit > 30 * 86400.0)
      bad = -1, snprintf(err, errlen, "%s:%d: job %d: expected a submit time within 30 days of the trace's first, "
                         "got %.0f s after it", path, t->jobs[i].line, i + 1, t->jobs[i].submit);
  }
  free(submit);
  free(text);
  if (bad) {
    import_trace_free(t);
    return NULL;
  }
  return t;
}
