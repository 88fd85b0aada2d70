/* profile.c - job profiles from mrlab's run directories.
 *
 * A profile is what Khan et al. and ARIA read from a job history: counts,
 * slots, bytes, and each phase's mean and maximum task duration.  Only the
 * attempt that succeeded counts for a task (a killed speculative twin did
 * no work the job kept).  Waves follow the attempts' start times, as
 * docs/models.md reads Khan's model: the first map wave is the maps
 * launched before any map ended; the first shuffle wave is the reduces
 * launched while maps still ran, whose shuffle overlaps them.  What
 * MRTuner's PTC is fed (models/tune.c) comes from the same rows: the hosts
 * that ran reduces, the later-wave reduces' copying from their first byte
 * in to their shuffle's end, and the maps of a whole split split by whether
 * they ended before the first shuffled byte arrived. */
#include "profile.h"

#include "alloc.h"
#include "csv.h"
#include "rundir.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void stat_add(profile_stat *s, double d)
{
  s->avg += (d - s->avg) / ++s->n;
  s->max = s->n == 1 ? d : fmax(s->max, d);
}

/* The columns a profile reads, looked up once. */
enum {
  C_JOB,
  C_KIND,
  C_HOST,
  C_STATUS,
  C_START,
  C_END,
  C_READ_BYTES,
  C_SHUFFLE_END,
  C_SORT_END,
  C_FIRST_BYTE,
  C_SHUFFLE_BYTES,
  C_READ_END,
  C_MAP_END,
  C_REDUCE_END,
  N_TASK_COLS
};
static const int task_cols[] = {TASKS_JOB,          TASKS_KIND,        TASKS_HOST,         TASKS_STATUS,
                                TASKS_START,        TASKS_END,         TASKS_READ_END + 1, TASKS_SORT_END - 3,
                                TASKS_SORT_END,     TASKS_FIRST_BYTE,  TASKS_SORT_END - 2, TASKS_READ_END,
                                TASKS_READ_END + 3, TASKS_SORT_END + 3};
enum {
  J_JOB,
  J_START,
  J_MAPS_END,
  J_END,
  J_MAPS,
  J_REDUCES,
  J_MAP_SLOTS,
  J_REDUCE_SLOTS,
  J_INPUT,
  J_MAP_OUT,
  J_SHUFFLE,
  J_OUTPUT,
  N_JOB_COLS
};
static const int job_cols[] = {
    JOBS_JOB,           JOBS_START,       JOBS_MAP_PHASE_END, JOBS_END,         JOBS_MAPS,
    JOBS_REDUCES,       JOBS_MAP_SLOTS,   JOBS_REDUCE_SLOTS,  JOBS_INPUT_BYTES, JOBS_MAP_OUTPUT_BYTES,
    JOBS_SHUFFLE_BYTES, JOBS_OUTPUT_BYTES};

/* Reads DIR/NAME and finds the N columns COLS of its column NAMES into IDX.  NULL with ERR set on failure. */
static csv_table *read_table(const char *dir, const char *name, const char *const *names, const int *cols, int n,
                             int *idx, char *err, size_t errlen)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  csv_table *t = csv_read(path, err, errlen);
  for (int k = 0; t && k < n; k++)
    if ((idx[k] = csv_column(t, names[cols[k]])) < 0) {
      snprintf(err, errlen, "%s:1: expected a column \"%s\", as mrlab writes it", path, names[cols[k]]);
      csv_free(t);
      t = NULL;
    }
  return t;
}

/* The field of ROW in column COL of T as a number of at least MIN, whole
 * and at most INT_MAX if WHOLE, into *OUT; WHAT names it in the message.
 * Returns 0, or -1 with "PATH:LINE: COLUMN: expected WHAT, got ..." in ERR. */
static int field(const csv_table *t, int row, int col, double min, int whole, const char *what, double *out, char *err,
                 size_t errlen)
{
  if (csv_number(t, row, col, out, err, errlen))
    return -1;
  if (*out < min || (whole && (*out != floor(*out) || *out > INT_MAX)))
    return csv_fail(t, row, col, err, errlen, "expected %s, got %s", what, csv_cell(t, row, col));
  return 0;
}

/* Reads row ROW of jobs.csv (table T, columns JC) into P. */
static int read_job(const csv_table *t, int row, const int *jc, job_profile *p, char *err, size_t errlen)
{
  double v[N_JOB_COLS];
  static const struct {
    int col, whole;
    double min;
    const char *what;
  } checks[] = {{J_START, 0, 0, "a time of at least 0"},
                {J_MAPS, 1, 1, "a whole number of at least 1"},
                {J_REDUCES, 1, 0, "a whole number of at least 0"},
                {J_MAP_SLOTS, 1, 0, "a whole number of at least 0"},
                {J_REDUCE_SLOTS, 1, 0, "a whole number of at least 0"},
                {J_INPUT, 0, 1, "a size of at least 1 byte"},
                {J_MAP_OUT, 0, 0, "a size of at least 0"},
                {J_SHUFFLE, 0, 0, "a size of at least 0"},
                {J_OUTPUT, 0, 0, "a size of at least 0"}};
  for (size_t k = 0; k < sizeof checks / sizeof *checks; k++)
    if (field(t, row, jc[checks[k].col], checks[k].min, checks[k].whole, checks[k].what, &v[checks[k].col], err,
              errlen))
      return -1;
  if (field(t, row, jc[J_MAPS_END], v[J_START], 0, "a time no earlier than start", &v[J_MAPS_END], err, errlen) ||
      field(t, row, jc[J_END], v[J_MAPS_END], 0, "a time no earlier than map_phase_end", &v[J_END], err, errlen))
    return -1;
  memset(p, 0, sizeof *p);
  snprintf(p->job, sizeof p->job, "%s", csv_cell(t, row, jc[J_JOB]));
  p->start = v[J_START];
  p->map_phase_end = v[J_MAPS_END];
  p->end = v[J_END];
  p->time = p->end - p->start;
  p->n_maps = (int)v[J_MAPS];
  p->n_reduces = (int)v[J_REDUCES];
  p->map_slots = (int)v[J_MAP_SLOTS];
  p->reduce_slots = (int)v[J_REDUCE_SLOTS];
  p->input_bytes = v[J_INPUT];
  p->map_output_bytes = v[J_MAP_OUT];
  p->shuffle_bytes = v[J_SHUFFLE];
  p->output_bytes = v[J_OUTPUT];
  return 0;
}

/* P's start-up from row ROW of jobs.csv, 0 if it has no such column; the
 * field is a time as jobs.csv writes one, seconds and "s" ("1s"). */
static int read_startup(const csv_table *t, int row, job_profile *p, char *err, size_t errlen)
{
  int col = csv_column(t, PROFILE_STARTUP);
  if (col < 0)
    return 0;
  const char *text = csv_cell(t, row, col);
  char *end;
  p->startup = strtod(text, &end);
  if (end == text || strcmp(end, "s") != 0 || !(p->startup >= 0) || !isfinite(p->startup))
    return csv_fail(t, row, col, err, errlen, "expected a time in seconds such as \"1s\", got \"%.40s\"", text);
  return 0;
}

/* One attempt's row of tasks.csv, as a profile reads it. */
typedef struct {
  int map;
  const char *host;
  double start, end;
  double read_bytes;                 /* a map's split */
  double first_byte, shuffled, sort; /* a reduce's first byte in (its start if none), shuffle end, sort end */
  double shuffle_bytes;              /* a reduce's input */
  double disk, net;                  /* s of its sub-stages that share disks or the network (profile_task) */
} task_row;

/* The end of a sub-stage in column COL of ROW into *END: a time no
 * earlier than PREV, or PREV when the field is empty (no such stage). */
static int stage_end(const csv_table *t, int row, int col, double prev, double *end, char *err, size_t errlen)
{
  *end = prev;
  return *csv_cell(t, row, col)
             ? field(t, row, col, prev, 0, "a time no earlier than the stage before", end, err, errlen)
             : 0;
}

/* The attempt in row ROW of tasks.csv (table T, columns TC) into *A;
 * STARTUP is the job's mrlab.task.startup. */
static int read_task(const csv_table *t, int row, const int *tc, double startup, task_row *a, char *err, size_t errlen)
{
  const char *kind = csv_cell(t, row, tc[C_KIND]);
  a->map = strcmp(kind, RUNDIR_KIND_MAP) == 0;
  a->host = csv_cell(t, row, tc[C_HOST]);
  if (!a->map && strcmp(kind, RUNDIR_KIND_REDUCE) != 0)
    return csv_fail(t, row, tc[C_KIND], err, errlen, "expected map or reduce, got \"%.40s\"", kind);
  if (field(t, row, tc[C_START], 0, 0, "a time of at least 0", &a->start, err, errlen) ||
      field(t, row, tc[C_END], a->start, 0, "a time no earlier than start", &a->end, err, errlen))
    return -1;
  double read, mapped;
  if (a->map) { /* read from disk, map, spill and merge to disk */
    if (field(t, row, tc[C_READ_BYTES], 0, 0, "a size of at least 0", &a->read_bytes, err, errlen) ||
        stage_end(t, row, tc[C_READ_END], a->start, &read, err, errlen) ||
        stage_end(t, row, tc[C_MAP_END], read, &mapped, err, errlen))
      return -1;
    a->disk = fmax(read - a->start - startup, 0) + fmax(a->end - mapped, 0), a->net = 0;
    return 0;
  }
  a->first_byte = a->start;
  if ((*csv_cell(t, row, tc[C_FIRST_BYTE]) &&
       field(t, row, tc[C_FIRST_BYTE], a->start, 0, "a time no earlier than start", &a->first_byte, err, errlen)) ||
      field(t, row, tc[C_SHUFFLE_END], a->first_byte, 0, "a time no earlier than start and first_byte", &a->shuffled,
            err, errlen) ||
      field(t, row, tc[C_SORT_END], a->shuffled, 0, "a time no earlier than shuffle_end", &a->sort, err, errlen) ||
      field(t, row, tc[C_SHUFFLE_BYTES], 0, 0, "a size of at least 0", &a->shuffle_bytes, err, errlen))
    return -1;
  if (a->sort > a->end)
    return csv_fail(t, row, tc[C_SORT_END], err, errlen, "expected a time no later than end, got %s",
                    csv_cell(t, row, tc[C_SORT_END]));
  double reduced; /* shuffle over the network, merge on disk, reduce, write */
  if (stage_end(t, row, tc[C_REDUCE_END], a->sort, &reduced, err, errlen))
    return -1;
  a->net = fmax(a->shuffled - a->start - startup, 0);
  a->disk = (a->sort - a->shuffled) + fmax(a->end - reduced, 0);
  return 0;
}

/* qsort's order of host names. */
static int host_order(const void *x, const void *y)
{
  return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The distinct names among the N of HOSTS (sorted in place). */
static int distinct_hosts(const char **hosts, int n)
{
  qsort(hosts, (size_t)n, sizeof *hosts, host_order);
  int k = 0;
  for (int i = 0; i < n; i++)
    k += i == 0 || strcmp(hosts[i], hosts[i - 1]) != 0;
  return k;
}

/* The index of HOST among P's hosts, added if new. */
static int host_index(job_profile *p, const char *host)
{
  for (int k = p->n_hosts; k-- > 0;)
    if (strcmp(p->hosts[k], host) == 0)
      return k;
  p->hosts = xrealloc(p->hosts, ((size_t)p->n_hosts + 1) * sizeof *p->hosts);
  p->hosts[p->n_hosts] = xstrdup(host);
  return p->n_hosts++;
}

/* Adds attempt A to P's tasks. */
static void task_add(job_profile *p, const task_row *a)
{
  p->tasks = xrealloc(p->tasks, ((size_t)p->n_tasks + 1) * sizeof *p->tasks);
  p->tasks[p->n_tasks++] = (profile_task){
      host_index(p, a->host), a->map, a->start, a->end, a->map ? a->read_bytes : a->shuffle_bytes, a->disk, a->net};
}

void profile_free(job_profile *p, int n)
{
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < p[i].n_hosts; k++)
      free(p[i].hosts[k]);
    free(p[i].hosts);
    free(p[i].tasks);
    p[i].hosts = NULL, p[i].tasks = NULL, p[i].n_hosts = p[i].n_tasks = 0;
  }
}

int profile_read(const char *dir, const char *job, job_profile *p, char *err, size_t errlen)
{
  int jc[N_JOB_COLS], tc[N_TASK_COLS], row = 0;
  memset(p, 0, sizeof *p);
  csv_table *jobs = read_table(dir, RUNDIR_JOBS, rundir_jobs_columns, job_cols, N_JOB_COLS, jc, err, errlen),
            *tasks = NULL;
  if (!jobs)
    return -1;
  for (int r = 1; r < jobs->n_rows && !row; r++)
    if (!job || strcmp(csv_cell(jobs, r, jc[J_JOB]), job) == 0)
      row = r;
  int status = -1;
  if (!row && job)
    snprintf(err, errlen, "%s: no job named \"%s\"", jobs->path, job);
  else if (!row)
    snprintf(err, errlen, "%s:1: expected a row for each job after the header, got none", jobs->path);
  else if (!read_job(jobs, row, jc, p, err, errlen) && !read_startup(jobs, row, p, err, errlen) &&
           (tasks = read_table(dir, RUNDIR_TASKS, rundir_tasks_columns, task_cols, N_TASK_COLS, tc, err, errlen)))
    status = 0;
  /* the first pass checks every attempt of the job and finds when the
   * first map ended, the first shuffled byte arrived, and the largest split */
  const char *name = row ? csv_cell(jobs, row, jc[J_JOB]) : NULL;
  double first_map_end = INFINITY, first_copy = INFINITY, split = 0;
  int done[2] = {0, 0}; /* successful reduces, maps */
  const char **hosts = xmalloc((size_t)(p->n_reduces > 0 ? p->n_reduces : 1) * sizeof *hosts);
  for (int pass = 0; pass < 2 && !status; pass++) {
    for (int r = 1; r < tasks->n_rows && !status; r++) {
      task_row a;
      if (strcmp(csv_cell(tasks, r, tc[C_JOB]), name) != 0 ||
          strcmp(csv_cell(tasks, r, tc[C_STATUS]), RUNDIR_STATUS_SUCCEEDED) != 0 ||
          (status = read_task(tasks, r, tc, p->startup, &a, err, errlen)))
        continue;
      if (pass == 0) {
        if (!a.map && done[0] < p->n_reduces)
          hosts[done[0]] = a.host;
        if (done[a.map]++ < (a.map ? p->n_maps : p->n_reduces))
          task_add(p, &a);
        first_map_end = a.map ? fmin(first_map_end, a.end) : first_map_end;
        first_copy = a.map ? first_copy : fmin(first_copy, a.first_byte);
        split = a.map ? fmax(split, a.read_bytes) : split;
      } else if (a.map) {
        stat_add(&p->map, a.end - a.start);
        p->maps_w1 += a.start < first_map_end;
        if (a.read_bytes == split) /* a whole split: the maps' times compare */
          stat_add(a.end <= first_copy ? &p->map_alone : &p->map_copying, a.end - a.start);
      } else {
        if (a.start < p->map_phase_end) {
          stat_add(&p->sh1, a.sort - a.start);
          stat_add(&p->sh1_tail, fmax(0, a.sort - p->map_phase_end));
          p->shuffles_w1++;
        } else {
          stat_add(&p->sh2, a.sort - a.start);
          stat_add(&p->copy, a.shuffled - a.first_byte);
          p->shuffles_w2++;
        }
        stat_add(&p->reduce, a.end - a.sort);
        p->reduce_in_max = fmax(p->reduce_in_max, a.shuffle_bytes);
      }
    }
    if (pass == 0 && !status && done[0] == p->n_reduces)
      p->reduce_hosts = distinct_hosts(hosts, done[0]);
    if (pass == 0 && !status && (done[1] != p->n_maps || done[0] != p->n_reduces)) {
      snprintf(err, errlen,
               "%s: expected one successful attempt of each of the %d maps and %d reduces of job \"%s\" (%s:%d), "
               "got %d and %d",
               tasks->path, p->n_maps, p->n_reduces, name, jobs->path, row + 1, done[1], done[0]);
      status = -1;
    }
  }
  free(hosts);
  csv_free(tasks);
  csv_free(jobs);
  return status;
}

void profile_hp(const job_profile *p, hp_profile *h)
{
  *h = (hp_profile){.n_maps = p->n_maps,
                    .n_reduces = p->n_reduces,
                    .map_slots = p->map_slots,
                    .reduce_slots = p->reduce_slots,
                    .maps_w1 = p->maps_w1,
                    .shuffles_w1 = p->shuffles_w1,
                    .shuffles_w2 = p->shuffles_w2,
                    .map_avg = p->map.avg,
                    .map_max = p->map.max,
                    .sh1_avg = p->sh1.avg,
                    .sh1_max = p->sh1.max,
                    .sh2_avg = p->sh2.avg,
                    .sh2_max = p->sh2.max,
                    .reduce_avg = p->reduce.avg,
                    .reduce_max = p->reduce.max};
}

void profile_aria(const job_profile *p, aria_profile *a)
{
  *a = (aria_profile){.n_maps = p->n_maps,
                      .n_reduces = p->n_reduces,
                      .map_slots = p->map_slots,
                      .reduce_slots = p->reduce_slots,
                      .map_avg = p->map.avg,
                      .map_max = p->map.max,
                      .sh1_avg = p->sh1_tail.avg,
                      .sh1_max = p->sh1_tail.max,
                      .shtyp_avg = p->sh2.avg,
                      .shtyp_max = p->sh2.max,
                      .reduce_avg = p->reduce.avg,
                      .reduce_max = p->reduce.max};
}
