/* jhist.c - reads Hadoop 2 and 3 job history files (.jhist) into a history_job (history.h).
 *
 * A .jhist file is Avro's JSON encoding of the job's events: a first line
 * "Avro-Json", a second holding the schema of the record Event, then one
 * event a line, {"type": "MAP_ATTEMPT_FINISHED", "event": {"...jobhistory.
 * MapAttemptFinished": {fields}}}: the event is an Avro union, whose one
 * member is named after its record.  Avro 1.5 and later name it in full
 * (org.apache.hadoop.mapreduce.jobhistory.MapAttemptFinished), the Avro of
 * Hadoop 0.23 by the record's name alone, and 0.23's records lack fields
 * later versions added (an attempt's locality and avataar, a failed
 * attempt's rackname and counters): so the member's name is read after its
 * last dot, and every field but an event's ids and times is optional.  A
 * string field may also come as a union with null, {"string": "..."}.
 *
 * The file is read a line at a time, each line parsed by jansson and let
 * go, so that memory grows with the job's attempts and not with the file.
 * A last line cut short (no line break, and not JSON) is a job still
 * running when the file was copied: the job ends there, RUNNING.  Any
 * other line that is not an event is an error naming the file and the
 * line. */
#include "history.h"

#include "alloc.h"
#include "infile.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define JHIST_MAX_FILE (64L << 30) /* a job of 100,000 tasks writes some 10 GiB of events at most */
#define JHIST_MAX_LINE (64 << 20)  /* one event: a task's counters are a few KiB */

/* Where the reader is, for messages. */
typedef struct {
  const char *path;
  long line;
  const char *type; /* the event's type, once known */
  char *err;
  size_t errlen;
} place;

static int fail(const place *at, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records "PATH:LINE: [TYPE: ]message" in AT's ERR; returns -1. */
static int fail(const place *at, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(at->err, at->errlen, "%s:%ld: %s%s%s", at->path, at->line, at->type ? at->type : "", at->type ? ": " : "",
           msg);
  return -1;
}

/* Member NAME of O as a string (plain, or Avro's union {"string": ...}), or NULL. */
static const char *get_string(const json_t *o, const char *name)
{
  json_t *v = json_object_get(o, name);
  if (json_is_object(v))
    v = json_object_get(v, "string");
  return json_is_string(v) ? json_string_value(v) : NULL;
}

/* Member NAME of O, a whole number of at least 0, into *OUT; absent leaves
 * *OUT as it was unless REQUIRED.  Returns 0 or -1 with AT's error. */
static int get_long(const place *at, const json_t *o, const char *name, int required, int64_t *out)
{
  json_t *v = json_object_get(o, name);
  if (json_is_object(v)) /* a union: {"long": ...} or {"int": ...} */
    v = json_object_get(v, "long") ? json_object_get(v, "long") : json_object_get(v, "int");
  if (!v && !required)
    return 0;
  if (!json_is_integer(v) || json_integer_value(v) < 0)
    return fail(at, "%s: expected a whole number of at least 0", name);
  *out = (int64_t)json_integer_value(v);
  return 0;
}

/* Copies member NAME of O (a string) into *OUT, replacing what it held; absent leaves it. */
static void take_string(const json_t *o, const char *name, char **out)
{
  const char *s = get_string(o, name);
  if (s) {
    free(*out);
    *out = xstrdup(s);
  }
}

/* The counters mrlab reads from O's member "counters" (JhCounters) into A. */
static int take_counters(const place *at, const json_t *o, history_attempt *a, history_skips *skips)
{
  json_t *c = json_object_get(o, "counters"), *groups, *g, *n;
  if (!c || json_is_null(c))
    return 0;
  if (json_is_object(c) && !json_object_get(c, "groups") && json_object_size(c) == 1) { /* a union with null */
    const char *key = json_object_iter_key(json_object_iter(c));
    size_t n = strlen(key);
    if (n >= 10 && strcmp(key + n - 10, "JhCounters") == 0)
      c = json_object_iter_value(json_object_iter(c));
  }
  if (!json_is_object(c) || !json_is_array(groups = json_object_get(c, "groups")))
    return fail(at, "counters: expected {\"name\": ..., \"groups\": [...]}");
  size_t i, k;
  json_array_foreach(groups, i, g)
  {
    json_t *counts = json_object_get(g, "counts");
    if (!json_is_array(counts))
      return fail(at, "counters: expected each group's \"counts\" as an array");
    json_array_foreach(counts, k, n)
    {
      const char *name = get_string(n, "name");
      json_t *v = json_object_get(n, "value");
      if (!name || !json_is_integer(v))
        return fail(at, "counters: expected each counter as {\"name\": ..., \"value\": a whole number}");
      if (json_integer_value(v) < 0)
        return fail(at, "counters: %s: expected a whole number of at least 0, got %lld", name,
                    (long long)json_integer_value(v));
      int x = history_counter_index(name);
      if (x < 0)
        skips->unknown_counters++;
      else
        a->counters[x] = (int64_t)json_integer_value(v);
    }
  }
  return 0;
}

/* Parses ID, the id of a task (task_TS_N_m_TTTTTT) or with NUMBER not NULL
 * of an attempt (attempt_TS_N_m_TTTTTT_A), of J: its kind letter into
 * *KIND, its task's number into *TASK, its attempt's into *NUMBER.
 * Returns 0, or -1 with AT's error on FIELD. */
static int id_parse(const place *at, const history_job *j, const char *field, const char *id, char *kind, int *task,
                    int *number)
{
  const char *what = number ? "attempt" : "task",
             *example = number ? "attempt_1369942127770_1205_m_000003_0" : "task_1369942127770_1205_m_000003";
  if (!j->id)
    return fail(at, "expected JOB_SUBMITTED before the job's %ss", what);
  char job[128];
  int used = 0, end = 0, n_read = 0;
  size_t prefix = strlen(what);
  if (!id || strlen(id) >= sizeof job || strncmp(id, what, prefix) != 0 ||
      sscanf(id + prefix, "_%127[0-9_]%n", job, &used) != 1)
    return fail(at, "%s: expected a%s %s's id such as %s", field, number ? "n" : "", what, example);
  /* JOB part: TS_N_, then the kind letter */
  size_t n = strlen(job);
  used += (int)prefix;
  if (number)
    n_read = sscanf(id + used, "%c_%d_%d%n", kind, task, number, &end) - 3;
  else
    n_read = sscanf(id + used, "%c_%d%n", kind, task, &end) - 2;
  if (n < 3 || job[n - 1] != '_' || n_read != 0 || id[used + end] || (*kind != 'm' && *kind != 'r') || *task < 0 ||
      (number && *number < 0))
    return fail(at, "%s: expected a%s %s's id such as %s, got %s", field, number ? "n" : "", what, example, id);
  job[n - 1] = 0;
  if (*task >= HISTORY_MAX_TASKS)
    return fail(at, "%s: expected a task number below %d (mrlab's bound on a job's tasks), got %s", field,
                HISTORY_MAX_TASKS, id);
  if (strcmp(job, j->id + 4) != 0) /* j->id: job_TS_N */
    return fail(at, "%s: %s is not a%s %s of %s", field, id, number ? "n" : "", what, j->id);
  return 0;
}

/* The attempt of J that ATTEMPT_ID (attempt_TS_N_m_TTTTTT_A) names, or NULL with AT's error. */
static history_attempt *attempt_named(const place *at, history_job *j, const char *attempt_id)
{
  char kind;
  int task, number;
  if (id_parse(at, j, "attemptId", attempt_id, &kind, &task, &number))
    return NULL;
  return history_job_attempt(j, kind == 'm' ? HISTORY_MAP : HISTORY_REDUCE, task, number);
}

/* The host of a Hadoop 2 hostname ("node7", or "/rack2/node7" in some versions) into A. */
static void take_host(const json_t *o, history_attempt *a)
{
  take_string(o, "hostname", &a->host);
  take_string(o, "rackname", &a->rack);
  char *slash = a->host ? strrchr(a->host, '/') : NULL;
  if (slash) {
    if (!a->rack && slash > a->host) {
      a->rack = xstrdup(a->host);
      a->rack[slash - a->host] = 0;
    }
    char *host = xstrdup(slash + 1);
    free(a->host);
    a->host = host;
  }
}

/* Reads event E (its type TYPE, its record R) into J. */
static int take_event(place *at, history_job *j, const char *type, const json_t *r, history_skips *skips)
{
  static const char *const skipped[] = {"TASK_FINISHED",
                                        "TASK_FAILED",
                                        "TASK_UPDATED",
                                        "AM_STARTED",
                                        "JOB_PRIORITY_CHANGED",
                                        "JOB_STATUS_CHANGED",
                                        "JOB_QUEUE_CHANGED",
                                        "NORMALIZED_RESOURCE",
                                        "SETUP_ATTEMPT_STARTED",
                                        "SETUP_ATTEMPT_FINISHED",
                                        "SETUP_ATTEMPT_FAILED",
                                        "SETUP_ATTEMPT_KILLED",
                                        "CLEANUP_ATTEMPT_STARTED",
                                        "CLEANUP_ATTEMPT_FINISHED",
                                        "CLEANUP_ATTEMPT_FAILED",
                                        "CLEANUP_ATTEMPT_KILLED"};
  at->type = type;
  if (strcmp(type, "JOB_SUBMITTED") == 0) {
    const char *id = get_string(r, "jobid");
    if (!id || strncmp(id, "job_", 4) != 0 || strspn(id + 4, "0123456789_") != strlen(id + 4))
      return fail(at, "jobid: expected a job's id such as job_1369942127770_1205");
    if (j->id && strcmp(j->id, id) != 0)
      return fail(at, "jobid: expected %s, the job of this history, got %s", j->id, id);
    take_string(r, "jobid", &j->id);
    take_string(r, "jobName", &j->name);
    take_string(r, "userName", &j->user);
    take_string(r, "jobQueueName", &j->queue);
    return get_long(at, r, "submitTime", 1, &j->submit);
  }
  if (!j->id)
    return fail(at, "expected JOB_SUBMITTED, the first event of a job's history");
  if (strcmp(type, "JOB_INITED") == 0) {
    int64_t maps = -1, reduces = -1;
    if (get_long(at, r, "launchTime", 1, &j->launch) || get_long(at, r, "totalMaps", 0, &maps) ||
        get_long(at, r, "totalReduces", 0, &reduces))
      return -1;
    if (maps > HISTORY_MAX_TASKS || reduces > HISTORY_MAX_TASKS)
      return fail(at, "expected at most %d maps and reduces (mrlab's bound on a job)", HISTORY_MAX_TASKS);
    j->total_maps = (int)maps, j->total_reduces = (int)reduces;
    return 0;
  }
  if (strcmp(type, "JOB_INFO_CHANGED") == 0)
    return get_long(at, r, "submitTime", 0, &j->submit) || get_long(at, r, "launchTime", 0, &j->launch);
  if (strcmp(type, "JOB_FINISHED") == 0 || strcmp(type, "JOB_FAILED") == 0 || strcmp(type, "JOB_KILLED") == 0) {
    j->status = strcmp(type, "JOB_FINISHED") == 0 ? HISTORY_SUCCEEDED
                : strcmp(type, "JOB_FAILED") == 0 ? HISTORY_FAILED
                                                  : HISTORY_KILLED;
    return get_long(at, r, "finishTime", 1, &j->finish);
  }
  if (strcmp(type, "TASK_STARTED") == 0) { /* a map's split hosts; the rest is its attempts' */
    char kind;
    int task;
    if (id_parse(at, j, "taskid", get_string(r, "taskid"), &kind, &task, NULL))
      return -1;
    if (kind == 'm')
      history_job_set_splits(j, task, get_string(r, "splitLocations"));
    return 0;
  }
  int map = strncmp(type, "MAP_ATTEMPT_", 12) == 0, reduce = strncmp(type, "REDUCE_ATTEMPT_", 15) == 0;
  if (map || reduce) {
    const char *what = type + (map ? 12 : 15);
    history_attempt *a = attempt_named(at, j, get_string(r, "attemptId"));
    if (!a)
      return -1;
    if ((a->kind == HISTORY_MAP) != map)
      return fail(at, "attemptId: %s is not a %s attempt", get_string(r, "attemptId"), map ? "map" : "reduce");
    if (strcmp(what, "STARTED") == 0) {
      const char *loc = get_string(r, "locality"), *avataar = get_string(r, "avataar"),
                 *tracker = get_string(r, "trackerName");
      a->locality = !loc                             ? HISTORY_LOCALITY_UNKNOWN
                    : strcmp(loc, "NODE_LOCAL") == 0 ? HISTORY_NODE_LOCAL
                    : strcmp(loc, "RACK_LOCAL") == 0 ? HISTORY_RACK_LOCAL
                    : strcmp(loc, "OFF_SWITCH") == 0 ? HISTORY_OFF_SWITCH
                                                     : HISTORY_LOCALITY_UNKNOWN;
      a->speculative = avataar && strcmp(avataar, "SPECULATIVE") == 0;
      if (tracker && !a->host) /* the NodeManager's host; the end's hostname overrides it */
        a->host = xstrdup(tracker);
      return get_long(at, r, "startTime", 1, &a->start);
    }
    if (strcmp(what, "FINISHED") == 0) {
      a->status = HISTORY_SUCCEEDED;
      take_host(r, a);
      if (get_long(at, r, "finishTime", 1, &a->finish) || get_long(at, r, "mapFinishTime", 0, &a->map_finish) ||
          get_long(at, r, "shuffleFinishTime", 0, &a->shuffle_finish) ||
          get_long(at, r, "sortFinishTime", 0, &a->sort_finish))
        return -1;
      return take_counters(at, r, a, skips);
    }
    if (strcmp(what, "FAILED") == 0 || strcmp(what, "KILLED") == 0) {
      a->status = what[0] == 'F' ? HISTORY_FAILED : HISTORY_KILLED;
      take_host(r, a);
      take_string(r, "error", &a->error);
      if (get_long(at, r, "finishTime", 1, &a->finish))
        return -1;
      return take_counters(at, r, a, skips);
    }
  }
  for (size_t k = 0; k < sizeof skipped / sizeof *skipped; k++)
    if (strcmp(type, skipped[k]) == 0)
      return 0;
  skips->unknown_events++;
  return 0;
}

/* Reads the event on line TEXT (LEN bytes) into J. */
static int read_event(place *at, history_job *j, const char *text, size_t len, history_skips *skips)
{
  json_error_t e;
  json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &e), *event = NULL, *r = NULL;
  if (!o)
    return fail(at, "expected an event {\"type\": ..., \"event\": {...}}: %s", e.text);
  const char *type = get_string(o, "type"), *key = NULL;
  int status = 0;
  if (!type || !json_is_object(event = json_object_get(o, "event")) || json_object_size(event) != 1)
    status = fail(at, "expected an event {\"type\": ..., \"event\": {\"RECORD\": {...}}}");
  json_object_foreach(event, key, r) /* the union's one member, named after its record */
  {
    if (!status && !json_is_object(r))
      status = fail(at, "expected the event's record %s as an object", key);
  }
  if (!status)
    status = take_event(at, j, type, r, skips);
  at->type = NULL;
  json_decref(o);
  return status;
}

history_job *jhist_read(const char *path, history_skips *skips, char *err, size_t errlen)
{
  FILE *f = infile_fopen(path, "a Hadoop job history file (.jhist)", JHIST_MAX_FILE, err, errlen);
  if (!f)
    return NULL;
  history_job *j = history_job_alloc(path);
  history_skips none = {0, 0};
  place at = {path, 0, NULL, err, errlen};
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int bad = 0;
  while (!bad && (n = getline(&line, &cap, f)) >= 0) {
    at.line++;
    int whole = n > 0 && line[n - 1] == '\n';
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      line[--n] = 0;
    if (n > JHIST_MAX_LINE) {
      bad = fail(&at, "expected an event of at most %d MiB", JHIST_MAX_LINE >> 20);
    } else if (at.line == 1) {
      if (strcmp(line, "Avro-Json") != 0)
        bad = fail(&at, "expected \"Avro-Json\", the first line of a Hadoop 2 or 3 job history file (.jhist)");
    } else if (at.line == 2) {
      json_t *schema = json_loadb(line, (size_t)n, 0, NULL);
      const char *name = schema ? get_string(schema, "name") : NULL;
      if (!name || strcmp(name, "Event") != 0)
        bad = fail(&at, "expected the schema of the record Event, the second line of a .jhist file");
      json_decref(schema);
    } else if (n > 0) {
      json_t *probe = whole ? NULL : json_loadb(line, (size_t)n, 0, NULL);
      if (!whole && !probe) /* the last event cut short: the job was still running */
        break;
      json_decref(probe);
      bad = read_event(&at, j, line, (size_t)n, skips ? skips : &none);
    }
  }
  free(line);
  if (!bad && ferror(f))
    bad = fail(&at, "expected a readable file");
  fclose(f);
  if (!bad && at.line < 2)
    bad = fail(&at, "expected \"Avro-Json\" and the schema of Event, the first lines of a .jhist file");
  if (!bad && !j->id)
    bad = fail(&at, "expected a JOB_SUBMITTED event, got none");
  if (bad) {
    history_job_free(j);
    return NULL;
  }
  return j;
}
