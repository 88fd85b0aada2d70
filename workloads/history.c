/* history.c - the record of a job's history that jhist.c and hadoop1.c
 * fill (history.h): its allocation, the attempts' lookup, the counters'
 * names.  A file of its own so that the two readers share one record and
 * one set of names. */
#include "history.h"

#include "alloc.h"

#include <dirent.h>
#include <errno.h>
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

void history_job_free(history_job *j)
{
  if (!j)
    return;
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

/* Whether directory entry NAME is a job's history: a .jhist file, or Hadoop 1's job_... (not its _conf.xml). */
static int is_history_name(const char *name)
{
  size_t n = strlen(name);
  if (n > 6 && strcmp(name + n - 6, ".jhist") == 0)
    return 1;
  return strncmp(name, "job_", 4) == 0 && !strchr(name, '.');
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
    if (!status && stat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth > 0) {
      status = list_dir(path, depth - 1, files, n, cap, err, errlen);
    } else if (!status && is_history_name(names[k])) {
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

/* Reads the history in PATH, whichever version of Hadoop wrote it. */
static history_job *history_read(const char *path, history_skips *skips, char *err, size_t errlen)
{
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
  if (!status && n_files > HISTORY_MAX_JOBS)
    status = -1, snprintf(err, errlen, "%s: expected at most %d job histories (mrlab's bound on a workload), got %d",
                          paths[0], HISTORY_MAX_JOBS, n_files);
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
    for (int k = 0; k < *n; k++)
      history_job_free(jobs[k]);
    free(jobs);
    *n = 0;
    return NULL;
  }
  return jobs;
}
