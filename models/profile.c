/* profile.c - job profiles from mrlab's run directories.
 *
 * A profile is what Khan et al. and ARIA read from a job history: counts,
 * slots, bytes, and each phase's mean and maximum task duration.  Only the
 * attempt that succeeded counts for a task (a killed speculative twin did
 * no work the job kept).  Waves follow the attempts' start times, as
 * docs/models.md reads Khan's model: the first map wave is the maps
 * launched before any map ended; the first shuffle wave is the reduces
 * launched while maps still ran, whose shuffle overlaps them. */
#include "profile.h"

#include "csv.h"
#include "rundir.h"

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
enum { C_JOB, C_KIND, C_STATUS, C_START, C_END, C_SORT_END, N_TASK_COLS };
static const int task_cols[] = {TASKS_JOB, TASKS_KIND, TASKS_STATUS, TASKS_START, TASKS_END, TASKS_SORT_END};
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
      snprintf(err, errlen, "%s: expected a column \"%s\", as mrlab writes it", path, names[cols[k]]);
      csv_free(t);
      t = NULL;
    }
  return t;
}

int profile_read(const char *dir, const char *job, job_profile *p, char *err, size_t errlen)
{
  int jc[N_JOB_COLS], tc[N_TASK_COLS];
  csv_table *jobs = read_table(dir, RUNDIR_JOBS, rundir_jobs_columns, job_cols, N_JOB_COLS, jc, err, errlen);
  if (!jobs)
    return -1;
  int row = 0;
  for (int r = 1; r < jobs->n_rows && !row; r++)
    if (!job || strcmp(csv_cell(jobs, r, jc[J_JOB]), job) == 0)
      row = r;
  if (!row) {
    snprintf(err, errlen, "%s/" RUNDIR_JOBS ": no job named \"%s\"", dir, job ? job : "(any)");
    csv_free(jobs);
    return -1;
  }
  memset(p, 0, sizeof *p);
  snprintf(p->job, sizeof p->job, "%s", csv_cell(jobs, row, jc[J_JOB]));
#define JOB_NUM(c) strtod(csv_cell(jobs, row, jc[c]), NULL)
  p->start = JOB_NUM(J_START);
  p->map_phase_end = JOB_NUM(J_MAPS_END);
  p->end = JOB_NUM(J_END);
  p->time = p->end - p->start;
  p->n_maps = (int)JOB_NUM(J_MAPS);
  p->n_reduces = (int)JOB_NUM(J_REDUCES);
  p->map_slots = (int)JOB_NUM(J_MAP_SLOTS);
  p->reduce_slots = (int)JOB_NUM(J_REDUCE_SLOTS);
  p->input_bytes = JOB_NUM(J_INPUT);
  p->map_output_bytes = JOB_NUM(J_MAP_OUT);
  p->shuffle_bytes = JOB_NUM(J_SHUFFLE);
  p->output_bytes = JOB_NUM(J_OUTPUT);
#undef JOB_NUM
  csv_free(jobs);

  csv_table *tasks = read_table(dir, RUNDIR_TASKS, rundir_tasks_columns, task_cols, N_TASK_COLS, tc, err, errlen);
  if (!tasks)
    return -1;
  double first_map_end = INFINITY;
  for (int pass = 0; pass < 2; pass++) /* the first finds when the first map ended */
    for (int r = 1; r < tasks->n_rows; r++) {
      if (strcmp(csv_cell(tasks, r, tc[C_JOB]), p->job) != 0 ||
          strcmp(csv_cell(tasks, r, tc[C_STATUS]), RUNDIR_STATUS_SUCCEEDED) != 0)
        continue;
      double start = strtod(csv_cell(tasks, r, tc[C_START]), NULL), end = strtod(csv_cell(tasks, r, tc[C_END]), NULL);
      int map = strcmp(csv_cell(tasks, r, tc[C_KIND]), RUNDIR_KIND_MAP) == 0;
      if (pass == 0) {
        if (map)
          first_map_end = fmin(first_map_end, end);
        continue;
      }
      if (map) {
        stat_add(&p->map, end - start);
        p->maps_w1 += start < first_map_end;
        continue;
      }
      double sorted = strtod(csv_cell(tasks, r, tc[C_SORT_END]), NULL);
      if (start < p->map_phase_end) {
        stat_add(&p->sh1, sorted - start);
        stat_add(&p->sh1_tail, fmax(0, sorted - p->map_phase_end));
        p->shuffles_w1++;
      } else {
        stat_add(&p->sh2, sorted - start);
        p->shuffles_w2++;
      }
      stat_add(&p->reduce, end - sorted);
    }
  csv_free(tasks);
  return 0;
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
