/* history.c - the record of a job's history that jhist.c and hadoop1.c
 * fill (history.h), and what mrlab makes of it.
 *
 * The record: its allocation, the attempts' lookup (an open-addressing
 * hash by kind, task and number, so that a job of 100,000 attempts is read
 * in linear time), the counters' names.  Then the histories of files and
 * directories (each file read by the reader its first line calls for), the
 * workload they make (history_trace, written by import.c as any trace) and
 * the run directory (history_write_run, in the columns of rundir.h).  A
 * file of its own so that both readers share one record, and every use of
 * a history one place. */
#include "history.h"

#include "alloc.h"
#include "infile.h"
#include "outfile.h"
#include "rundir.h"
#include "summary.h"
#include "workload.h"

#include <dirent.h>
#include <jansson.h>
#include <limits.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const history_counter_names[HC_N] = {
    [HC_HDFS_BYTES_READ] = "HDFS_BYTES_READ",
    [HC_HDFS_BYTES_WRITTEN] = "HDFS_BYTES_WRITTEN",
    [HC_FILE_BYTES_READ] = "FILE_BYTES_READ",
    [HC_FILE_BYTES_WRITTEN] = "FILE_BYTES_WRITTEN",
    [HC_MAP_INPUT_RECORDS] = "MAP_INPUT_RECORDS",
    [HC_MAP_OUTPUT_RECORDS] = "MAP_OUTPUT_RECORDS",
    [HC_MAP_OUTPUT_BYTES] = "MAP_OUTPUT_BYTES",
    [HC_MAP_OUTPUT_MATERIALIZED_BYTES] = "MAP_OUTPUT_MATERIALIZED_BYTES",
    [HC_SPILLED_RECORDS] = "SPILLED_RECORDS",
    [HC_COMBINE_INPUT_RECORDS] = "COMBINE_INPUT_RECORDS",
    [HC_COMBINE_OUTPUT_RECORDS] = "COMBINE_OUTPUT_RECORDS",
    [HC_REDUCE_SHUFFLE_BYTES] = "REDUCE_SHUFFLE_BYTES",
    [HC_REDUCE_INPUT_GROUPS] = "REDUCE_INPUT_GROUPS",
    [HC_REDUCE_INPUT_RECORDS] = "REDUCE_INPUT_RECORDS",
    [HC_REDUCE_OUTPUT_RECORDS] = "REDUCE_OUTPUT_RECORDS",
    [HC_CPU_MILLISECONDS] = "CPU_MILLISECONDS",
    [HC_GC_TIME_MILLIS] = "GC_TIME_MILLIS",
};

int history_counter_index(const char *name)
{
  for (int k = 0; k < HC_N; k++)
    if (strcmp(history_counter_names[k], name) == 0)
      return k;
  return -1;
}

history_job *history_job_alloc(const char *path)
{
  history_job *j = xcalloc(1, sizeof *j);
  j->path = xstrdup(path);
  j->submit = j->launch = j->finish = -1;
  j->total_maps = j->total_reduces = -1;
  return j;
}

/* The next attempt of J, zeroed, its times and counters -1 (history_job_attempt hashes it). */
static history_attempt *history_job_add(history_job *j)
{
  if (j->n_attempts == j->cap_attempts)
    j->attempts = xrealloc(j->attempts, (size_t)(j->cap_attempts = 2 * j->cap_attempts + 16) * sizeof *j->attempts);
  history_attempt *a = &j->attempts[j->n_attempts++];
  memset(a, 0, sizeof *a);
  a->start = a->finish = a->map_finish = a->shuffle_finish = a->sort_finish = -1;
  for (int k = 0; k < HC_N; k++)
    a->counters[k] = -1;
  return a;
}

/* The hash of an attempt's KIND, TASK and NUMBER. */
static size_t slot_of(history_kind kind, int task, int number)
{
  uint64_t h = ((uint64_t)kind << 62) ^ ((uint64_t)(unsigned)task << 24) ^ (uint64_t)(unsigned)number;
  h ^= h >> 33, h *= 0xff51afd7ed558ccdULL, h ^= h >> 33; /* MurmurHash3's finaliser */
  return (size_t)h;
}

/* Puts attempt K of J in J's hash, which has room. */
static void slot_put(history_job *j, int k)
{
  const history_attempt *a = &j->attempts[k];
  size_t s = slot_of(a->kind, a->task, a->number) & (j->n_slots - 1);
  while (j->slots[s])
    s = (s + 1) & (j->n_slots - 1);
  j->slots[s] = k + 1;
}

history_attempt *history_job_attempt(history_job *j, history_kind kind, int task, int number)
{
  for (size_t s = j->n_slots ? slot_of(kind, task, number) & (j->n_slots - 1) : 0; j->n_slots && j->slots[s];
       s = (s + 1) & (j->n_slots - 1)) {
    history_attempt *a = &j->attempts[j->slots[s] - 1];
    if (a->kind == kind && a->task == task && a->number == number)
      return a;
  }
  history_attempt *a = history_job_add(j);
  a->kind = kind, a->task = task, a->number = number;
  if (2 * (size_t)j->n_attempts > j->n_slots) { /* at most half full: grow, and put every attempt back */
    free(j->slots);
    j->n_slots = j->n_slots ? 2 * j->n_slots : 64;
    while (2 * (size_t)j->n_attempts > j->n_slots)
      j->n_slots *= 2;
    j->slots = xcalloc(j->n_slots, sizeof *j->slots);
    for (int k = 0; k < j->n_attempts; k++)
      slot_put(j, k);
  } else {
    slot_put(j, j->n_attempts - 1);
  }
  return a;
}

void history_job_set_splits(history_job *j, int task, const char *splits)
{
  if (task < 0 || task >= HISTORY_MAX_TASKS || !splits)
    return;
  if (task >= j->n_splits) {
    int n = task + 1 > 2 * j->n_splits ? task + 1 : 2 * j->n_splits;
    j->splits = xrealloc(j->splits, (size_t)n * sizeof *j->splits);
    memset(j->splits + j->n_splits, 0, (size_t)(n - j->n_splits) * sizeof *j->splits);
    j->n_splits = n;
  }
  char *hosts = xmalloc(strlen(splits) + 1), *out = hosts;
  for (const char *p = splits; *p;) {
    size_t len = strcspn(p, ",");
    const char *name = p, *slash;
    while ((slash = memchr(name, '/', len - (size_t)(name - p))))
      name = slash + 1;
    size_t n = len - (size_t)(name - p);
    if (n > 0 && strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") >= n) {
      if (out > hosts)
        *out++ = ',';
      memcpy(out, name, n);
      out += n;
    }
    p += len + (p[len] == ',');
  }
  *out = 0;
  free(j->splits[task]);
  j->splits[task] = hosts;
  if (!hosts[0]) {
    free(hosts);
    j->splits[task] = NULL;
  }
}

void history_job_free(history_job *j)
{
  if (!j)
    return;
  for (int t = 0; t < j->n_splits; t++)
    free(j->splits[t]);
  free(j->splits);
  for (int k = 0; k < j->n_attempts; k++) {
    free(j->attempts[k].host);
    free(j->attempts[k].rack);
    free(j->attempts[k].error);
  }
  free(j->attempts);
  free(j->slots);
  free(j->path);
  free(j->id);
  free(j->name);
  free(j->user);
  free(j->queue);
  free(j);
}

/* Into OK[t] (N of them, NULL where none), the successful attempt of each task of KIND in J. */
static void successes(const history_job *j, history_kind kind, const history_attempt **ok, int n)
{
  for (int t = 0; t < n; t++)
    ok[t] = NULL;
  for (int k = 0; k < j->n_attempts; k++) {
    const history_attempt *a = &j->attempts[k];
    if (a->kind == kind && a->status == HISTORY_SUCCEEDED && a->task < n)
      ok[a->task] = a;
  }
}

/* The tasks of KIND in J: its recorded total, or one past the highest task number met. */
static int task_count(const history_job *j, history_kind kind)
{
  int n = kind == HISTORY_MAP ? j->total_maps : j->total_reduces;
  for (int k = 0; k < j->n_attempts; k++)
    if (j->attempts[k].kind == kind && j->attempts[k].task >= n)
      n = j->attempts[k].task + 1;
  return n > 0 ? n : 0;
}

/* Fills T's last job from history job H, which succeeded. */
static int trace_job(import_trace *t, const history_job *h, char *err, size_t errlen)
{
  if (import_check_name(t, h->id, h->path, 1, err, errlen))
    return -1;
  import_job *j = &t->jobs[t->n_jobs - 1];
  j->name = xstrdup(h->id);
  j->line = 1;
  int maps = task_count(h, HISTORY_MAP), reduces = task_count(h, HISTORY_REDUCE);
  const history_attempt **m_ok = xmalloc((size_t)(maps + 1) * sizeof *m_ok),
                        **r_ok = xmalloc((size_t)(reduces + 1) * sizeof *r_ok);
  successes(h, HISTORY_MAP, m_ok, maps);
  successes(h, HISTORY_REDUCE, r_ok, reduces);
  j->reducers = reduces;
  j->maps = maps;
  int64_t wrote = 0, fetched = 0; /* as stored: what the maps wrote for the reducers, and what they fetched */
  for (int m = 0; m < maps; m++)
    wrote += m_ok[m] && m_ok[m]->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES] > 0
                 ? m_ok[m]->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES]
                 : 0;
  for (int p = 0; p < reduces; p++)
    fetched +=
        r_ok[p] && r_ok[p]->counters[HC_REDUCE_SHUFFLE_BYTES] > 0 ? r_ok[p]->counters[HC_REDUCE_SHUFFLE_BYTES] : 0;
  if (wrote > 0 && (double)fetched > 1.01 * (double)wrote) { /* a reducer fetches what a map wrote, no more */
    snprintf(err, errlen,
             "%s: %s: expected its reducers to fetch at most what its maps wrote (MAP_OUTPUT_MATERIALIZED_BYTES "
             "%lld), got REDUCE_SHUFFLE_BYTES %lld",
             h->path, h->id, (long long)wrote, (long long)fetched);
    free(m_ok);
    free(r_ok);
    return -1;
  }
  int known = 1; /* every map's input is known: each map reads its own file, as recorded */
  for (int m = 0; m < maps; m++) {
    int64_t read = m_ok[m] ? m_ok[m]->counters[HC_HDFS_BYTES_READ] : -1;
    known &= read >= 0;
    j->input += read > 0 ? read : 0;
  }
  if (known && maps) {
    j->map_bytes = xmalloc((size_t)maps * sizeof *j->map_bytes);
    for (int m = 0; m < maps; m++)
      j->map_bytes[m] = m_ok[m]->counters[HC_HDFS_BYTES_READ] > 0 ? m_ok[m]->counters[HC_HDFS_BYTES_READ] : 1;
    for (int m = 0; m < maps && m < h->n_splits; m++)
      if (h->splits[m]) {
        if (!j->map_hosts)
          j->map_hosts = xcalloc((size_t)maps, sizeof *j->map_hosts);
        j->map_hosts[m] = xstrdup(h->splits[m]);
      }
  }
  j->input = j->input > 0 ? j->input : 1;
  int64_t output = 0;
  const history_attempt **writers = reduces ? r_ok : m_ok;
  for (int k = 0; k < (reduces ? reduces : maps); k++)
    output +=
        writers[k] && writers[k]->counters[HC_HDFS_BYTES_WRITTEN] > 0 ? writers[k]->counters[HC_HDFS_BYTES_WRITTEN] : 0;
  j->output = output;
  if (reduces) {
    j->shares = xcalloc((size_t)reduces, sizeof *j->shares);
    for (int p = 0; p < reduces; p++) {
      int64_t got = r_ok[p] ? r_ok[p]->counters[HC_REDUCE_SHUFFLE_BYTES] : -1;
      j->shares[p] = got > 0 ? (double)got : 0;
      j->shuffle += got > 0 ? got : 0;
    }
    for (int p = 0; p < reduces; p++)
      j->shares[p] = j->shuffle > 0 ? j->shares[p] / (double)j->shuffle : 0;
    if (j->shuffle == 0) { /* no reducer's share recorded: even shares of what the maps wrote */
      free(j->shares);
      j->shares = NULL;
      for (int m = 0; m < maps; m++) {
        int64_t wrote = !m_ok[m] ? 0
                        : m_ok[m]->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES] >= 0
                            ? m_ok[m]->counters[HC_MAP_OUTPUT_MATERIALIZED_BYTES]
                            : m_ok[m]->counters[HC_MAP_OUTPUT_BYTES];
        j->shuffle += wrote > 0 ? wrote : 0;
      }
    }
  }
  free(m_ok);
  free(r_ok);
  j->recorded = h->finish > h->submit && h->submit >= 0 ? (double)(h->finish - h->submit) / 1000 : 0;
  return 0;
}

import_trace *history_trace(history_job *const *jobs, int n, int *left_out, char *err, size_t errlen)
{
  import_trace *t = import_trace_alloc();
  int64_t first = INT64_MAX;
  *left_out = 0;
  for (int i = 0; i < n; i++)
    if (jobs[i]->status == HISTORY_SUCCEEDED && jobs[i]->submit >= 0 && jobs[i]->submit < first)
      first = jobs[i]->submit;
  for (int i = 0; i < n; i++) {
    const history_job *h = jobs[i];
    if (h->status != HISTORY_SUCCEEDED || h->submit < 0) {
      ++*left_out;
      continue;
    }
    import_trace_add(t);
    if (trace_job(t, h, err, errlen)) {
      import_trace_free(t);
      return NULL;
    }
    t->jobs[t->n_jobs - 1].submit = (double)(h->submit - first) / 1000;
    if (t->jobs[t->n_jobs - 1].submit > 30 * 86400.0) {
      snprintf(err, errlen, "%s: %s: expected a job submitted within 30 days of the earliest, got %.1f days after it",
               h->path, h->id, t->jobs[t->n_jobs - 1].submit / 86400);
      import_trace_free(t);
      return NULL;
    }
  }
  if (t->n_jobs == 0) {
    snprintf(err, errlen, "%s: expected a job that succeeded, got none (%d left out)", n ? jobs[0]->path : "",
             *left_out);
    import_trace_free(t);
    return NULL;
  }
  return t;
}

/* The first bytes of the file PATH, NUL-terminated, into BUF (empty when
 * it cannot be read, or is no regular file: its reader says why). */
static void first_bytes(const char *path, char *buf, size_t len)
{
  char ignored[256];
  FILE *f = infile_fopen(path, "a job history", LONG_MAX, ignored, sizeof ignored);
  size_t n = f ? fread(buf, 1, len - 1, f) : 0;
  buf[n] = 0;
  if (f)
    fclose(f);
}

#define HADOOP1_FIRST "Meta VERSION=" /* how a Hadoop 1 history begins */

/* Whether the file PATH, named NAME in a directory, is a job's history: a
 * .jhist file, or a file that begins as Hadoop 1's do (whose names, job id,
 * start time, user and job name, may hold anything). */
static int is_history(const char *path, const char *name)
{
  size_t n = strlen(name);
  if (n > 6 && strcmp(name + n - 6, ".jhist") == 0)
    return 1;
  char head[16];
  first_bytes(path, head, sizeof head);
  return strncmp(head, HADOOP1_FIRST, strlen(HADOOP1_FIRST)) == 0;
}

static int name_cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds to *FILES (N, CAP) the histories under directory DIR, in name order, DEPTH levels down at most. */
static int list_dir(const char *dir, int depth, char ***files, int *n, int *cap, char *err, size_t errlen)
{
  DIR *d = opendir(dir);
  if (!d) {
    snprintf(err, errlen, "%s: expected a readable directory of job histories: %s", dir, strerror(errno));
    return -1;
  }
  char **names = NULL;
  int n_names = 0;
  struct dirent *de;
  while ((de = readdir(d)))
    if (de->d_name[0] != '.') {
      names = xrealloc(names, (size_t)(n_names + 1) * sizeof *names);
      names[n_names++] = xstrdup(de->d_name);
    }
  closedir(d);
  qsort(names, (size_t)n_names, sizeof *names, name_cmp);
  int status = 0;
  for (int k = 0; k < n_names; k++) {
    char *path = xmalloc(strlen(dir) + strlen(names[k]) + 2);
    sprintf(path, "%s/%s", dir, names[k]);
    struct stat st;
    int known = stat(path, &st) == 0;
    if (!status && known && S_ISDIR(st.st_mode) && depth > 0) {
      status = list_dir(path, depth - 1, files, n, cap, err, errlen);
    } else if (!status && known && S_ISREG(st.st_mode) && is_history(path, names[k])) {
      if (*n == *cap)
        *files = xrealloc(*files, (size_t)(*cap = 2 * *cap + 16) * sizeof **files);
      (*files)[(*n)++] = path;
      path = NULL;
    }
    free(path);
    free(names[k]);
  }
  free(names);
  return status;
}

void history_jobs_free(history_job **jobs, int n)
{
  for (int k = 0; k < n; k++)
    history_job_free(jobs[k]);
  free(jobs);
}

/* Reads the history in PATH, whichever version of Hadoop wrote it (by its first line). */
static history_job *history_read(const char *path, history_skips *skips, char *err, size_t errlen)
{
  char head[16];
  first_bytes(path, head, sizeof head);
  if (strncmp(head, HADOOP1_FIRST, strlen(HADOOP1_FIRST)) == 0)
    return hadoop1_read(path, skips, err, errlen);
  return jhist_read(path, skips, err, errlen);
}

history_job **history_read_all(const char *const *paths, int n_paths, int *n, history_skips *skips, char *err,
                               size_t errlen)
{
  char **files = NULL;
  int n_files = 0, cap = 0, status = 0;
  for (int k = 0; k < n_paths && !status; k++) {
    struct stat st;
    if (stat(paths[k], &st) == 0 && S_ISDIR(st.st_mode)) {
      int before = n_files;
      status = list_dir(paths[k], 8, &files, &n_files, &cap, err, errlen);
      if (!status && n_files == before)
        status = -1,
        snprintf(err, errlen, "%s: expected job histories (.jhist, or Hadoop 1's job_...), got none", paths[k]);
    } else {
      if (n_files == cap)
        files = xrealloc(files, (size_t)(cap = 2 * cap + 16) * sizeof *files);
      files[n_files++] = xstrdup(paths[k]);
    }
  }
  if (!status && n_files > WORKLOAD_MAX_JOBS)
    status = -1, snprintf(err, errlen, "%s: expected at most %d job histories (mrlab's bound on a workload), got %d",
                          paths[0], WORKLOAD_MAX_JOBS, n_files);
  history_job **jobs = xcalloc((size_t)n_files + 1, sizeof *jobs);
  *n = 0;
  for (int k = 0; k < n_files && !status; k++) {
    if (!(jobs[k] = history_read(files[k], skips, err, errlen)))
      status = -1;
    else
      *n = k + 1;
  }
  for (int k = 0; k < n_files; k++)
    free(files[k]);
  free(files);
  if (status) {
    history_jobs_free(jobs, *n);
    *n = 0;
    return NULL;
  }
  return jobs;
}

/* Milliseconds T as seconds since ORIGIN, or "" when not recorded, into BUF. */
static const char *secs(char *buf, size_t len, int64_t t, int64_t origin)
{
  if (t < 0)
    return "";
  snprintf(buf, len, "%.3f", (double)(t - origin) / 1000);
  return buf;
}

/* Counter K of A, or "" when not recorded, into BUF. */
static const char *count(char *buf, size_t len, const history_attempt *a, int k)
{
  if (a->counters[k] < 0)
    return "";
  snprintf(buf, len, "%lld", (long long)a->counters[k]);
  return buf;
}

static int int64_cmp(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* The most attempts of KIND of J that ran at once: the slots (containers) the job held at its peak. */
static int peak(const history_job *j, history_kind kind)
{
  int n = 0, most = 0;
  int64_t *edges = xmalloc((size_t)(2 * j->n_attempts + 1) * sizeof *edges);
  for (int k = 0; k < j->n_attempts; k++) {
    const history_attempt *a = &j->attempts[k];
    if (a->kind == kind && a->start >= 0 && a->finish >= a->start) {
      edges[n++] = 2 * a->start + 1; /* a start after an end at the same instant */
      edges[n++] = 2 * a->finish;
    }
  }
  qsort(edges, (size_t)n, sizeof *edges, int64_cmp);
  for (int k = 0, running = 0; k < n; k++) {
    running += edges[k] & 1 ? 1 : -1;
    most = running > most ? running : most;
  }
  free(edges);
  return most;
}

/* Writes the N cells of ROW to F as a CSV line. */
static void write_row(FILE *f, const char *const *row, int n)
{
  for (int k = 0; k < n; k++)
    fprintf(f, "%s%s", k ? "," : "", row[k] ? row[k] : "");
  fputc('\n', f);
}

/* Writes J's rows of tasks.csv to F, times from ORIGIN: a map's read and
 * map phases end with its map function (mapFinishTime), its spill and
 * merge with the attempt; a reduce's shuffle and sort end as recorded, its
 * reduce and write with the attempt.  Attempts the file leaves running are
 * left out. */
static void write_tasks(FILE *f, const history_job *j, int64_t origin)
{
  static const char *const status[] = {RUNDIR_STATUS_RUNNING, RUNDIR_STATUS_SUCCEEDED, RUNDIR_STATUS_FAILED,
                                       RUNDIR_STATUS_KILLED};
  static const char *const locality[] = {"", RUNDIR_LOCALITY_NODE, RUNDIR_LOCALITY_RACK, RUNDIR_LOCALITY_OFF_RACK};
  char b[TASKS_N_COLUMNS][32];
  int map_only = task_count(j, HISTORY_REDUCE) == 0; /* its maps' write columns hold their HDFS output, as mrlab's */
  for (int k = 0; k < j->n_attempts; k++) {
    const history_attempt *a = &j->attempts[k];
    if (a->status == HISTORY_RUNNING || a->start < 0 || a->finish < a->start)
      continue;
    const char *row[TASKS_N_COLUMNS] = {NULL};
    int map = a->kind == HISTORY_MAP;
    snprintf(b[TASKS_TASK], 32, "%c%06d", map ? 'm' : 'r', a->task);
    snprintf(b[TASKS_ATTEMPT], 32, "%d", a->number);
    snprintf(b[TASKS_SPECULATIVE], 32, "%d", a->speculative);
    row[TASKS_JOB] = j->id, row[TASKS_TASK] = b[TASKS_TASK], row[TASKS_ATTEMPT] = b[TASKS_ATTEMPT];
    row[TASKS_KIND] = map ? RUNDIR_KIND_MAP : RUNDIR_KIND_REDUCE;
    row[TASKS_HOST] = a->host, row[TASKS_SPECULATIVE] = b[TASKS_SPECULATIVE];
    row[TASKS_RACK] = a->rack && a->rack[0] == '/' ? a->rack + 1 : a->rack; /* Hadoop's "/rack1": mrlab's rack1 */
    row[TASKS_LOCALITY] = map ? locality[a->locality] : "";
    row[TASKS_STATUS] = status[a->status];
    row[TASKS_START] = secs(b[TASKS_START], 32, a->start, origin);
    row[TASKS_END] = secs(b[TASKS_END], 32, a->finish, origin);
    /* each phase's end, bytes and records: (column of its end, time, bytes counter, records counter) */
    const struct {
      int col;
      int64_t end;
      int bytes, records;
    } phases[] = {{TASKS_READ_END, a->map_finish, HC_HDFS_BYTES_READ, HC_MAP_INPUT_RECORDS},
                  {TASKS_READ_END + 3, a->map_finish, HC_MAP_OUTPUT_BYTES, HC_MAP_OUTPUT_RECORDS},
                  {TASKS_READ_END + 6, a->finish, -1, HC_SPILLED_RECORDS},
                  {TASKS_READ_END + 9, a->finish, HC_MAP_OUTPUT_MATERIALIZED_BYTES, -1},
                  {TASKS_READ_END + 12, a->shuffle_finish, HC_REDUCE_SHUFFLE_BYTES, -1},
                  {TASKS_SORT_END, a->sort_finish, -1, HC_REDUCE_INPUT_RECORDS},
                  {TASKS_SORT_END + 3, a->finish, -1, HC_REDUCE_OUTPUT_RECORDS},
                  {TASKS_SORT_END + 6, a->finish, HC_HDFS_BYTES_WRITTEN, HC_REDUCE_OUTPUT_RECORDS}};
    static const int map_phases[] = {0, 1, 2, 3, -1}, map_only_phases[] = {0, 1, 2, 3, 7, -1},
                     reduce_phases[] = {4, 5, 6, 7, -1};
    for (const int *p = !map ? reduce_phases : map_only ? map_only_phases : map_phases; *p >= 0; p++) {
      int col = phases[*p].col;
      row[col] = secs(b[col], 32, phases[*p].end, origin);
      if (phases[*p].bytes >= 0)
        row[col + 1] = count(b[col + 1], 32, a, phases[*p].bytes);
      if (phases[*p].records >= 0)
        row[col + 2] = count(b[col + 2], 32, a, phases[*p].records);
    }
    row[TASKS_CAUSE] = a->status == HISTORY_FAILED ? RUNDIR_CAUSE_FAULT : "";
    if (a->counters[HC_CPU_MILLISECONDS] >= 0) {
      snprintf(b[TASKS_CPU_SECONDS], 32, "%.3f", (double)a->counters[HC_CPU_MILLISECONDS] / 1000);
      row[TASKS_CPU_SECONDS] = b[TASKS_CPU_SECONDS];
    }
    int64_t spilled = a->counters[HC_SPILLED_RECORDS], records = a->counters[HC_REDUCE_INPUT_RECORDS],
            shuffled = a->counters[HC_REDUCE_SHUFFLE_BYTES];
    if (!map && spilled >= 0 && records > 0 && shuffled >= 0) { /* a reduce's merges' bytes, from their records */
      snprintf(b[TASKS_MERGED_BYTES], 32, "%lld",
               (long long)llround((double)spilled * (double)shuffled / (double)records));
      row[TASKS_MERGED_BYTES] = b[TASKS_MERGED_BYTES];
    }
    char *splits = NULL; /* Hadoop's "node3,node7", tasks.csv's "node3 node7" */
    if (map && a->task < j->n_splits && j->splits[a->task]) {
      splits = xstrdup(j->splits[a->task]);
      for (char *c = splits; (c = strchr(c, ','));)
        *c = ' ';
    }
    row[TASKS_SPLIT_HOSTS] = splits;
    write_row(f, row, TASKS_N_COLUMNS);
    free(splits);
  }
}

int64_t history_map_end(const history_job *j)
{
  int64_t end = -1;
  for (int k = 0; k < j->n_attempts; k++) {
    const history_attempt *a = &j->attempts[k];
    if (a->kind == HISTORY_MAP && a->status == HISTORY_SUCCEEDED && a->finish > end)
      end = a->finish;
  }
  return end;
}

/* Writes J's row of jobs.csv to F, times from ORIGIN. */
static void write_job(FILE *f, const history_job *j, int64_t origin)
{
  int64_t sums[4] = {0, 0, 0, 0}, reduce_start = -1,
          reduce_end = -1; /* input, map output, shuffle, output */
  int failed = 0, killed = 0, maps = task_count(j, HISTORY_MAP), reduces = task_count(j, HISTORY_REDUCE);
  for (int k = 0; k < j->n_attempts; k++) {
    const history_attempt *a = &j->attempts[k];
    failed += a->status == HISTORY_FAILED;
    killed += a->status == HISTORY_KILLED;
    if (a->status != HISTORY_SUCCEEDED)
      continue;
    const int64_t *c = a->counters;
    if (a->kind == HISTORY_MAP) {
      sums[0] += c[HC_HDFS_BYTES_READ] > 0 ? c[HC_HDFS_BYTES_READ] : 0;
      sums[1] += c[HC_MAP_OUTPUT_BYTES] > 0 ? c[HC_MAP_OUTPUT_BYTES] : 0;
    } else {
      sums[2] += c[HC_REDUCE_SHUFFLE_BYTES] > 0 ? c[HC_REDUCE_SHUFFLE_BYTES] : 0;
      reduce_start =
          reduce_start < 0 || (a->sort_finish >= 0 && a->sort_finish < reduce_start) ? a->sort_finish : reduce_start;
      reduce_end = a->finish > reduce_end ? a->finish : reduce_end;
    }
    if ((a->kind == HISTORY_REDUCE) == (reduces > 0))
      sums[3] += c[HC_HDFS_BYTES_WRITTEN] > 0 ? c[HC_HDFS_BYTES_WRITTEN] : 0;
  }
  char b[JOBS_N_COLUMNS][32];
  const char *row[JOBS_N_COLUMNS + 1] = {NULL};
  row[JOBS_JOB] = j->id;
  row[JOBS_SUBMIT] = secs(b[JOBS_SUBMIT], 32, j->submit, origin);
  row[JOBS_START] = secs(b[JOBS_START], 32, j->launch >= 0 ? j->launch : j->submit, origin);
  row[JOBS_MAP_PHASE_END] = secs(b[JOBS_MAP_PHASE_END], 32, history_map_end(j), origin);
  row[JOBS_END] = secs(b[JOBS_END], 32, j->finish, origin);
  const struct {
    int col;
    int64_t value;
  } numbers[] = {{JOBS_MAPS, maps},
                 {JOBS_REDUCES, reduces},
                 {JOBS_MAP_SLOTS, peak(j, HISTORY_MAP)},
                 {JOBS_REDUCE_SLOTS, peak(j, HISTORY_REDUCE)},
                 {JOBS_KILLED_ATTEMPTS, killed},
                 {JOBS_INPUT_BYTES, sums[0]},
                 {JOBS_MAP_OUTPUT_BYTES, sums[1]},
                 {JOBS_SHUFFLE_BYTES, sums[2]},
                 {JOBS_OUTPUT_BYTES, sums[3]},
                 {JOBS_REDISTRIBUTED_BYTES, 0},
                 {JOBS_REDISTRIBUTION_TIME, 0},
                 {JOBS_SKETCH_KEYS, 0},
                 {JOBS_SKETCH_MISSED, 0},
                 {JOBS_SKETCH_ERROR, 0},
                 {JOBS_FAILED_ATTEMPTS, failed},
                 {JOBS_REEXECUTED_MAPS, 0},
                 {JOBS_LOST_BYTES, 0}};
  for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++) {
    snprintf(b[numbers[k].col], 32, "%lld", (long long)numbers[k].value);
    row[numbers[k].col] = b[numbers[k].col];
  }
  row[JOBS_REDUCE_START] = secs(b[JOBS_REDUCE_START], 32, reduce_start, origin);
  row[JOBS_REDUCE_END] = secs(b[JOBS_REDUCE_END], 32, reduce_end, origin);
  row[JOBS_STATUS] = j->status == HISTORY_SUCCEEDED ? RUNDIR_STATUS_SUCCEEDED : RUNDIR_STATUS_FAILED;
  row[JOBS_N_COLUMNS] = ""; /* after: the jobs it waited for, unknown to a history */
  write_row(f, row, JOBS_N_COLUMNS + 1);
}

int history_write_run(history_job *const *jobs, int n, const char *dir, int *written, char *err, size_t errlen)
{
  static const char *const names[] = {RUNDIR_TASKS, RUNDIR_JOBS, RUNDIR_SUMMARY, NULL};
  int64_t origin = INT64_MAX;
  *written = 0;
  for (int i = 0; i < n; i++)
    if (jobs[i]->status != HISTORY_RUNNING && jobs[i]->submit >= 0 && jobs[i]->finish >= jobs[i]->submit) {
      origin = jobs[i]->submit < origin ? jobs[i]->submit : origin;
      ++*written;
    }
  if (!*written) {
    snprintf(err, errlen, "%s: expected a job that ended, got none", n ? jobs[0]->path : "");
    return -1;
  }
  outdir d;
  if (outdir_open(&d, dir, names, err, errlen))
    return -1;
  outfile tasks, jobsf, summary;
  int status = outfile_open(&tasks, d.tmp, RUNDIR_TASKS, err, errlen);
  if (!status && (status = outfile_open(&jobsf, d.tmp, RUNDIR_JOBS, err, errlen)))
    outfile_discard(&tasks);
  if (!status && (status = outfile_open(&summary, d.tmp, RUNDIR_SUMMARY, err, errlen))) {
    outfile_discard(&tasks);
    outfile_discard(&jobsf);
  }
  if (status) {
    outdir_discard(&d);
    return -1;
  }
  write_row(tasks.f, rundir_tasks_columns, TASKS_N_COLUMNS);
  const char *header[JOBS_N_COLUMNS + 1];
  memcpy(header, rundir_jobs_columns, sizeof rundir_jobs_columns);
  header[JOBS_N_COLUMNS] = RUNDIR_JOBS_AFTER;
  write_row(jobsf.f, header, JOBS_N_COLUMNS + 1);
  const char **paths = xcalloc((size_t)*written, sizeof *paths);
  int n_paths = 0;
  double makespan = 0;
  for (int i = 0; i < n; i++) {
    const history_job *j = jobs[i];
    if (j->status == HISTORY_RUNNING || j->submit < 0 || j->finish < j->submit)
      continue;
    write_tasks(tasks.f, j, origin);
    write_job(jobsf.f, j, origin);
    paths[n_paths++] = j->path;
    makespan = (double)(j->finish - origin) / 1000 > makespan ? (double)(j->finish - origin) / 1000 : makespan;
  }
  json_t *root = json_pack("{s:b, s:s}", "recorded", 1, "source", "Hadoop job history");
  summary_versions(root);
  json_object_set_new(root, "histories", summary_texts(paths, n_paths));
  json_t *checksums = summary_checksums(paths, n_paths, err, errlen); /* the histories as they were read */
  free(paths);
  status = checksums ? 0 : -1;
  if (checksums) {
    json_object_set_new(root, "checksums", checksums);
    json_object_set_new(root, "makespan", summary_real(makespan, 3));
    if ((status = summary_dump(root, summary.f)))
      snprintf(err, errlen, "%s/%s: cannot write it", dir, RUNDIR_SUMMARY);
  }
  json_decref(root);
  char later[256]; /* a second failure's message: the first one's is kept */
  if (status) {
    outfile_discard(&tasks);
    outfile_discard(&jobsf);
    outfile_discard(&summary);
    outdir_discard(&d);
    return -1;
  }
  status = outfile_close(&tasks, err, errlen);
  status = outfile_close(&jobsf, status ? later : err, status ? sizeof later : errlen) || status;
  status = outfile_close(&summary, status ? later : err, status ? sizeof later : errlen) || status;
  if (status || outdir_commit(&d, err, errlen)) {
    if (status)
      outdir_discard(&d);
    return -1;
  }
  return 0;
}
