/* hadoop1.c - reads Hadoop 1's job history files (hadoop1_read, history.h).
 *
 * Hadoop 0.20 and 1.x's JobTracker writes one file per job, lines of records
 *     Type KEY="value" KEY="value" ... .
 * the first `Meta VERSION="1" .`.  A value escapes '"', '.', '=' and '\'
 * with a backslash, so a record ends at the first line that ends in " ."
 * (an unescaped dot), and a value (an attempt's ERROR, a stack trace) may
 * span lines.  A job, task or attempt is written several times: a Job
 * record at submit, at launch, at its end; a MapAttempt or ReduceAttempt
 * record when the attempt starts and when it ends; each adds keys to what
 * the earlier ones said.  Counters are one value,
 *     {(GROUP)(GROUP DISPLAY NAME)[(NAME)(DISPLAY NAME)(VALUE)]...}...
 * whose names escape '(' ')' '[' ']' '{' '}' with a backslash once more.
 *
 * The file is read a line at a time, a record at a time (at most
 * HADOOP1_MAX_RECORD), and each record is parsed in place, so memory grows
 * with the job's attempts, not with the file.  What mrlab keeps: the Job
 * records' times, counts and status; each MAP and REDUCE attempt's times,
 * host and rack (HOSTNAME "/rack/host", or the tracker's name while the
 * attempt runs), status, diagnostics and the counters history.h names.
 * Task records are only checked (their id, their times): what mrlab uses
 * of a task is in its attempts' records.  Setup and cleanup attempts, other
 * record types and keys are passed over.  An attempt's locality and whether
 * it was speculative are its LOCALITY and AVATAAR, which Hadoop 1.2 writes
 * when it starts; 0.20's files have neither, and there they stay UNKNOWN
 * and 0.
 *
 * The reading is strict, as rumen.c's and swim.c's: a record that does not
 * parse, a time that is not a whole number of ms, an id of another job or
 * of no known shape fails the whole file with its record's first line, as
 * a silently skipped attempt would change what the models are fed.  A file
 * that simply stops (a job still running) is not an error: what it never
 * ended stays HISTORY_RUNNING. */
#include "history.h"

#include "alloc.h"
#include "infile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* Under 2 GiB, so that its lines count in an int. */
#define HADOOP1_MAX_FILE ((2L << 30) - 1)
#define HADOOP1_MAX_RECORD (1L << 20) /* 1 MiB: a record of a stack trace holds some KiB */
#define HADOOP1_META "Meta VERSION=\"1\" ."

typedef struct {
  char *key, *value;
} field;

/* The reader's state: the job it fills, the record it parses, where it is. */
typedef struct {
  const char *path;
  char *err;
  size_t errlen;
  history_job *job;
  char *text; /* the current record's lines, its terminating " ." cut */
  size_t len, cap;
  int line; /* the current record's first line */
  char *type;
  field *fields;
  int n_fields, cap_fields;
  history_skips skips;
} reader;

static int fail(const reader *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records "PATH:LINE: " and the message in RD's ERR, LINE the current record's first; returns -1. */
static int fail(const reader *rd, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  for (char *c = msg; *c; c++) /* a quoted value may hold a line break: the message is one line */
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  snprintf(rd->err, rd->errlen, "%s:%d: %s", rd->path, rd->line, msg);
  return -1;
}

/* Fails with "expected WANT, got "V"", or "got none" when V is NULL. */
static int fail_got(const reader *rd, const char *want, const char *v)
{
  return v ? fail(rd, "expected %s, got \"%.60s\"", want, v) : fail(rd, "expected %s, got none", want);
}

/* The value of KEY in the current record (the last, if it repeats), or NULL. */
static char *get(const reader *rd, const char *key)
{
  for (int i = rd->n_fields - 1; i >= 0; i--)
    if (strcmp(rd->fields[i].key, key) == 0)
      return rd->fields[i].value;
  return NULL;
}

/* The end of the 1 to MAX decimal digits at P, their value in *V (if not NULL); NULL if there are none or more. */
static const char *digits(const char *p, size_t max, int64_t *v)
{
  size_t n = strspn(p, "0123456789");
  if (n == 0 || n > max)
    return NULL;
  if (v)
    *v = strtoll(p, NULL, 10);
  return p + n;
}

/* Whether S is a whole number of at most MAX digits, into *V. */
static int whole(const char *s, size_t max, int64_t *v)
{
  const char *end = digits(s, max, v);
  return end && !*end;
}

/* Reads KEY, a time in ms, into *OUT if the record holds it.  Returns 0, or -1 with the error set. */
static int read_time(const reader *rd, const char *key, int64_t *out)
{
  const char *v = get(rd, key);
  if (v && !whole(v, 18, out))
    return fail(rd, "expected %s as a whole number of ms, got \"%.40s\"", key, v);
  return 0;
}

/* Reads KEY, a number of tasks, into *OUT if the record holds it. */
static int read_count(const reader *rd, const char *key, int *out)
{
  const char *v = get(rd, key);
  int64_t n;
  if (!v)
    return 0;
  if (!whole(v, 9, &n))
    return fail(rd, "expected %s as a whole number of tasks, got \"%.40s\"", key, v);
  if (n > HISTORY_MAX_TASKS)
    return fail(rd, "expected %s of at most %d (mrlab's bound on a job's tasks), got %s", key, HISTORY_MAX_TASKS, v);
  *out = (int)n;
  return 0;
}

/* A value KEY may take, and what mrlab makes of it. */
typedef struct {
  const char *name;
  int value;
} word;

#define N_WORDS(w) (sizeof(w) / sizeof *(w))

/* A job's and an attempt's statuses, the first two a job's only. */
static const word statuses[] = {{"PREP", HISTORY_RUNNING},
                                {"RUNNING", HISTORY_RUNNING},
                                {"SUCCESS", HISTORY_SUCCEEDED},
                                {"FAILED", HISTORY_FAILED},
                                {"KILLED", HISTORY_KILLED}};
/* An attempt's LOCALITY and AVATAAR (Hadoop 1.2's).  GROUP_LOCAL, a
 * block on another node of the same node group (Hadoop 1.2's NetworkTopologyWithNodeGroup), is off
 * the node but within its rack. */
static const word localities[] = {{"NODE_LOCAL", HISTORY_NODE_LOCAL},
                                  {"GROUP_LOCAL", HISTORY_RACK_LOCAL},
                                  {"RACK_LOCAL", HISTORY_RACK_LOCAL},
                                  {"OFF_SWITCH", HISTORY_OFF_SWITCH}};
static const word avataars[] = {{"VIRGIN", 0}, {"SPECULATIVE", 1}};

/* Reads KEY, one of the N WORDS (EXPECTED lists them in words), into *OUT, its word's value, if the
 * record holds KEY.  Returns 0, or -1 with the error set. */
static int read_word(const reader *rd, const char *key, const word *words, size_t n, const char *expected, int *out)
{
  const char *v = get(rd, key);
  if (!v)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (strcmp(v, words[i].name) == 0) {
      *out = words[i].value;
      return 0;
    }
  return fail(rd, "expected %s as %s, got \"%.40s\"", key, expected, v);
}

/* Reads KEY, a job's or an attempt's status, into *OUT if the record holds it. */
static int read_status(const reader *rd, const char *key, history_status *out)
{
  int status = (int)*out,
      bad = read_word(rd, key, statuses, N_WORDS(statuses), "PREP, RUNNING, SUCCESS, FAILED or KILLED", &status);
  *out = (history_status)status;
  return bad;
}

/* Replaces *DST by a copy of V, unless V is NULL or empty. */
static void set_text(char **dst, const char *v)
{
  if (v && *v) {
    free(*dst);
    *dst = xstrdup(v);
  }
}

/* Whether the job part of an id, the LEN characters at JOB ("201301011200_0001"), is the file's job. */
static int check_job(const reader *rd, const char *key, const char *id, const char *job, size_t len)
{
  const char *mine = rd->job->id;
  if (!mine)
    return fail(rd, "expected a Job record (Job JOBID=\"job_...\") before the first task, got %s", key);
  if (strlen(mine + 4) != len || strncmp(mine + 4, job, len) != 0)
    return fail(rd, "expected %s of the file's job %s, got \"%.60s\"", key, mine, id);
  return 0;
}

/* Parses ID as PREFIX then NNN_NNN (the job), _m_ or _r_ (*KIND), the task's number and, with NUMBER
 * not NULL, _ and the attempt's number.  Returns 0, the job part at *JOB (*JOB_LEN long), or -1. */
static int parse_id(const char *id, const char *prefix, const char **job, size_t *job_len, char *kind, int *task,
                    int *number)
{
  size_t n = strlen(prefix);
  int64_t t, k = 0;
  if (strncmp(id, prefix, n) != 0)
    return -1;
  const char *p = id + n;
  *job = p;
  if (!(p = digits(p, 18, NULL)) || *p++ != '_' || !(p = digits(p, 9, NULL)))
    return -1;
  *job_len = (size_t)(p - *job);
  if (!kind)
    return *p ? -1 : 0;
  if (*p++ != '_' || (*p != 'm' && *p != 'r'))
    return -1;
  *kind = *p++;
  if (*p++ != '_' || !(p = digits(p, 9, &t)) || (number && (*p++ != '_' || !(p = digits(p, 9, &k)))) || *p)
    return -1;
  *task = (int)t;
  if (number)
    *number = (int)k;
  return 0;
}

/* A Job record: the file's job id (the first Job record's), its name, user, queue, times, counts and status. */
static int read_job(reader *rd)
{
  history_job *j = rd->job;
  const char *id = get(rd, "JOBID"), *job;
  size_t len;
  if (!id || parse_id(id, "job_", &job, &len, NULL, NULL, NULL))
    return fail_got(rd, "JOBID=\"job_...\" (such as job_201301011200_0001)", id);
  if (!j->id)
    j->id = xstrdup(id);
  else if (check_job(rd, "JOBID", id, job, len))
    return -1;
  set_text(&j->name, get(rd, "JOBNAME"));
  set_text(&j->user, get(rd, "USER"));
  set_text(&j->queue, get(rd, "JOB_QUEUE"));
  return read_time(rd, "SUBMIT_TIME", &j->submit) || read_time(rd, "LAUNCH_TIME", &j->launch) ||
                 read_time(rd, "FINISH_TIME", &j->finish) || read_count(rd, "TOTAL_MAPS", &j->total_maps) ||
                 read_count(rd, "TOTAL_REDUCES", &j->total_reduces) || read_status(rd, "JOB_STATUS", &j->status)
             ? -1
             : 0;
}

/* A Task record: checked (its id of the file's job, its times), and a map's split hosts (SPLITS); its attempts
 * hold the rest of what mrlab uses. */
static int read_task(reader *rd)
{
  const char *id = get(rd, "TASKID"), *job;
  size_t len;
  char kind;
  int task;
  int64_t t;
  if (!id || parse_id(id, "task_", &job, &len, &kind, &task, NULL))
    return fail_got(rd, "TASKID=\"task_...\" (such as task_201301011200_0001_m_000003)", id);
  if (check_job(rd, "TASKID", id, job, len) || read_time(rd, "START_TIME", &t) || read_time(rd, "FINISH_TIME", &t))
    return -1;
  if (kind == 'm')
    history_job_set_splits(rd->job, task, get(rd, "SPLITS"));
  return 0;
}

/* The token "(TEXT)" at *P: TEXT, unescaped in place, *P past the token; NULL if *P holds no whole token. */
static char *token(char **p)
{
  char *s = *p, *o, *text;
  if (*s != '(')
    return NULL;
  for (text = o = ++s; *s && *s != ')'; s++) {
    if (*s == '\\' && s[1])
      s++;
    *o++ = *s;
  }
  if (*s != ')')
    return NULL;
  *p = s + 1;
  *o = '\0';
  return text;
}

/* Reads an attempt's COUNTERS (S, parsed in place) into COUNTERS, counting the names mrlab does not read. */
static int read_counters(reader *rd, char *s, int64_t *counters)
{
  static const char shape[] = "expected COUNTERS as {(GROUP)(GROUP NAME)[(COUNTER)(COUNTER NAME)(VALUE)]...}...";
  for (char *p = s; *p;) {
    if (*p++ != '{' || !token(&p) || !token(&p))
      return fail(rd, shape);
    while (*p == '[') {
      p++;
      char *name = token(&p), *display = name ? token(&p) : NULL, *value = display ? token(&p) : NULL;
      int64_t v;
      if (!value || *p++ != ']')
        return fail(rd, shape);
      if (!whole(value, 18, &v))
        return fail(rd, "expected counter %.60s as a whole number, got \"%.40s\"", name, value);
      int k = history_counter_index(name);
      if (k >= 0)
        counters[k] = v;
      else
        rd->skips.unknown_counters++;
    }
    if (*p++ != '}')
      return fail(rd, shape);
  }
  return 0;
}

/* Sets A's host and rack from HOSTNAME ("/rack/host", or a bare host) or else, while none is known, from
 * TRACKER_NAME ("tracker_host:..."). */
static void read_host(const reader *rd, history_attempt *a)
{
  char *v = get(rd, "HOSTNAME"), *slash;
  if (v && *v) {
    free(a->host), free(a->rack);
    a->host = a->rack = NULL;
    slash = strrchr(v, '/');
    if (slash && slash > v && v[0] == '/') {
      a->rack = xstrdup(v);
      a->rack[slash - v] = '\0';
    }
    set_text(&a->host, slash ? slash + 1 : v);
  } else if (!a->host && (v = get(rd, "TRACKER_NAME")) && strncmp(v, "tracker_", 8) == 0 && v[8] && v[8] != ':') {
    a->host = xstrdup(v + 8);
    a->host[strcspn(a->host, ":")] = '\0';
  }
}

/* A MapAttempt or ReduceAttempt record: a map's or a reduce's attempt, found by its id (setup and cleanup
 * attempts passed over), and what the record adds to it. */
static int read_attempt(reader *rd)
{
  const char *id = get(rd, "TASK_ATTEMPT_ID"), *task = get(rd, "TASKID"), *type = get(rd, "TASK_TYPE"), *job;
  char *counters = get(rd, "COUNTERS");
  size_t len;
  char letter;
  int t, number;
  if (!id || parse_id(id, "attempt_", &job, &len, &letter, &t, &number))
    return fail_got(rd, "TASK_ATTEMPT_ID=\"attempt_...\" (such as attempt_201301011200_0001_m_000003_0)", id);
  if (check_job(rd, "TASK_ATTEMPT_ID", id, job, len))
    return -1;
  size_t task_len = (size_t)(strrchr(id, '_') - (id + 8)); /* the attempt's task: "201301011200_0001_m_000003" */
  if (task && (strncmp(task, "task_", 5) != 0 || strlen(task + 5) != task_len || strncmp(task + 5, id + 8, task_len)))
    return fail(rd, "expected TASKID \"task_%.*s\" (the attempt's task), got \"%.60s\"", (int)task_len, id + 8, task);
  if (type && (strcmp(type, "SETUP") == 0 || strcmp(type, "CLEANUP") == 0))
    return 0;
  if (!type || (strcmp(type, "MAP") != 0 && strcmp(type, "REDUCE") != 0))
    return fail_got(rd, "TASK_TYPE as MAP, REDUCE, SETUP or CLEANUP", type);
  history_kind kind = strcmp(type, "MAP") == 0 ? HISTORY_MAP : HISTORY_REDUCE;
  if ((kind == HISTORY_MAP) != (letter == 'm'))
    return fail(rd, "expected a %s attempt's id (attempt_..._%c_...) with TASK_TYPE=\"%s\", got \"%.60s\"",
                kind == HISTORY_MAP ? "map" : "reduce", kind == HISTORY_MAP ? 'm' : 'r', type, id);
  if (t >= HISTORY_MAX_TASKS)
    return fail(rd, "expected a task number below %d (mrlab's bound on a job's tasks), got \"%.60s\"",
                HISTORY_MAX_TASKS, id);
  history_attempt *a = history_job_attempt(rd->job, kind, t, number);
  if (read_time(rd, "START_TIME", &a->start) || read_time(rd, "FINISH_TIME", &a->finish) ||
      (kind == HISTORY_REDUCE &&
       (read_time(rd, "SHUFFLE_FINISHED", &a->shuffle_finish) || read_time(rd, "SORT_FINISHED", &a->sort_finish))) ||
      read_status(rd, "TASK_STATUS", &a->status) || (counters && read_counters(rd, counters, a->counters)))
    return -1;
  int locality = (int)a->locality;
  if (read_word(rd, "LOCALITY", localities, N_WORDS(localities), "NODE_LOCAL, GROUP_LOCAL, RACK_LOCAL or OFF_SWITCH",
                &locality) ||
      read_word(rd, "AVATAAR", avataars, N_WORDS(avataars), "VIRGIN or SPECULATIVE", &a->speculative))
    return -1;
  a->locality = (history_locality)locality;
  read_host(rd, a);
  set_text(&a->error, get(rd, "ERROR"));
  return 0;
}

/* Parses the current record in place into its type and fields, then reads it by its type. */
static int read_record(reader *rd)
{
  char *p = rd->text;
  rd->type = p;
  p += strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
  if (p == rd->type || (*p && *p != ' '))
    return fail(rd, "expected a record such as Job KEY=\"value\" ... ., got \"%.40s\"", rd->type);
  if (*p)
    *p++ = '\0';
  rd->n_fields = 0;
  for (;;) {
    p += strspn(p, " ");
    if (!*p)
      break;
    char *key = p, *o;
    p += strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
    if (p == key || p[0] != '=' || p[1] != '"')
      return fail(rd, "expected KEY=\"value\" in a %s record, got \"%.40s\"", rd->type, key);
    *p = '\0';
    char *value = o = p += 2;
    for (; *p && *p != '"'; p++) {
      if (*p == '\\' && p[1])
        p++;
      *o++ = *p;
    }
    if (*p != '"')
      return fail(rd, "expected a closing quote after %s=\"%.40s", key, value);
    *o = '\0';
    if (*++p && *p != ' ')
      return fail(rd, "expected a space after %s=\"...\", got \"%.40s\"", key, p);
    if (rd->n_fields == rd->cap_fields)
      rd->fields = xrealloc(rd->fields, (size_t)(rd->cap_fields = 2 * rd->cap_fields + 16) * sizeof *rd->fields);
    rd->fields[rd->n_fields++] = (field){key, value};
  }
  if (strcmp(rd->type, "Job") == 0)
    return read_job(rd);
  if (strcmp(rd->type, "Task") == 0)
    return read_task(rd);
  if (strcmp(rd->type, "MapAttempt") == 0 || strcmp(rd->type, "ReduceAttempt") == 0)
    return read_attempt(rd);
  if (strcmp(rd->type, "Meta") != 0)
    rd->skips.unknown_events++;
  return 0;
}

/* The length of LINE (LEN bytes) without its trailing blanks and line break. */
static size_t trimmed(const char *line, size_t len)
{
  while (len > 0 && strchr(" \t\r\n", line[len - 1]))
    len--;
  return len;
}

/* Adds line N (LEN bytes) to the current record, reading the record when the line ends it. */
static int add_line(reader *rd, const char *line, size_t len, int n)
{
  size_t end = trimmed(line, len);
  if (rd->len == 0) {
    if (end == 0) /* a blank line between records */
      return 0;
    rd->line = n;
  }
  if (rd->len + len > HADOOP1_MAX_RECORD)
    return fail(rd, "expected a record of at most 1 MiB (mrlab's bound), got more");
  if (rd->len + len + 1 > rd->cap)
    rd->text = xrealloc(rd->text, rd->cap = rd->len + len + 1 + rd->cap);
  if (end < 2 || line[end - 2] != ' ' || line[end - 1] != '.') { /* the record goes on */
    memcpy(rd->text + rd->len, line, len);
    rd->len += len;
    return 0;
  }
  memcpy(rd->text + rd->len, line, end - 2);
  rd->text[rd->len + end - 2] = '\0';
  rd->len = 0;
  return read_record(rd);
}

history_job *hadoop1_read(const char *path, history_skips *skips, char *err, size_t errlen)
{
  FILE *in = infile_fopen(path, "a Hadoop 1 job history", HADOOP1_MAX_FILE, err, errlen);
  if (!in)
    return NULL;
  reader rd = {.path = path, .err = err, .errlen = errlen, .job = history_job_alloc(path), .line = 1};
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  int n = 0, bad = 0;
  while (!bad && (len = getline(&line, &cap, in)) >= 0) {
    n++;
    if ((size_t)len != strlen(line))
      rd.line = n, bad = fail(&rd, "expected text, got a NUL byte");
    else if (n == 1 &&
             (trimmed(line, (size_t)len) != strlen(HADOOP1_META) || strncmp(line, HADOOP1_META, strlen(HADOOP1_META))))
      bad = fail(&rd, "expected a Hadoop 1 job history, its first line " HADOOP1_META);
    else if (n > 1)
      bad = add_line(&rd, line, (size_t)len, n);
  }
  if (!bad && ferror(in))
    bad = -1, snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
  else if (!bad && n == 0)
    bad = fail(&rd, "expected a Hadoop 1 job history, its first line " HADOOP1_META ", got an empty file");
  else if (!bad && rd.len > 0)
    bad = fail(&rd, "expected the record to end in \" .\", got the end of the file");
  else if (!bad && !rd.job->id)
    rd.line = 1, bad = fail(&rd, "expected a Job record (Job JOBID=\"job_...\" ...), got none");
  free(line);
  free(rd.text);
  free(rd.fields);
  fclose(in);
  if (bad) {
    history_job_free(rd.job);
    return NULL;
  }
  skips->unknown_events += rd.skips.unknown_events;
  skips->unknown_counters += rd.skips.unknown_counters;
  return rd.job;
}
