/* startup.c - mrlab.task.startup fitted by simulation (startup.h).
 *
 * The recorded mean map attempt (start to end, the successful attempts of
 * every job imported) is set against the same mean in a replay of the
 * calibrated workload with seed 1 and a given start-up: a function of the
 * start-up that grows with it, one a second at most.  Its root in [0,
 * STARTUP_MAX] is found with GSL's Brent solver to a hundredth of a second;
 * when even no start-up replays the maps slower than recorded, the fit is
 * 0 and the note says so (the platform's workers are slower than the
 * cluster's, or the costs hold work the cluster overlapped).  A file of its
 * own: it is the one fit that needs simulations, so it lives beside the
 * pool that runs them, not in workloads/calibrate.c. */
#include "startup.h"

#include "alloc.h"
#include "csv.h"
#include "outfile.h"
#include "pool.h"
#include "rundir.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the solver's function needs, and what it found. */
typedef struct {
  const char *dir, *platform, *self; /* the scratch folder, holding w.cfg; the platform's whole path */
  double recorded;                   /* s: the recorded mean map attempt */
  int runs, status;                  /* simulations so far; 0, or the first failure's (err set) */
  double known[2][2];                /* the ends of the bracket: (start-up, offset), evaluated once */
  char *err;
  size_t errlen;
} fit;

/* The mean successful map attempt (s, start to end) of the N history jobs JOBS that T imported, and how many
 * attempts into *COUNT. */
static double recorded_mean(const import_trace *t, history_job *const *jobs, int n, int *count)
{
  double sum = 0;
  *count = 0;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < t->n_jobs; i++)
      for (int a = 0; strcmp(t->jobs[i].name, jobs[k]->id) == 0 && a < jobs[k]->n_attempts; a++) {
        const history_attempt *at = &jobs[k]->attempts[a];
        if (at->kind == HISTORY_MAP && at->status == HISTORY_SUCCEEDED && at->start >= 0 && at->finish >= at->start)
          sum += (double)(at->finish - at->start) / 1000, ++*count;
      }
  return *count ? sum / *count : NAN;
}

/* The replay's mean successful map attempt with a start-up of S seconds
 * less the recorded one: a simulation of F's workload.  On a failure,
 * F->status is set and 0 returned, which ends the solver. */
static double offset(double s, void *params)
{
  fit *f = params;
  for (int k = 0; k < f->runs && k < 2; k++) /* the solver asks for the bracket's ends again */
    if (f->known[k][0] == s)
      return f->known[k][1];
  if (f->status)
    return 0;
  sim run = {.seed = 1, .n_sets = 1};
  snprintf(run.dir, sizeof run.dir, "run-%d", f->runs);
  snprintf(run.log, sizeof run.log, "run-%d.log", f->runs++);
  snprintf(run.workload, sizeof run.workload, "w.cfg");
  snprintf(run.platform, sizeof run.platform, "%s", f->platform);
  snprintf(run.sets[0], sizeof run.sets[0], "mrlab.task.startup=%.6fs", s);
  if (pool_run(&run, 1, f->dir, &(pool_config){.self = f->self, .jobs = 1}, f->err, f->errlen)) {
    f->status = run.status == 2 ? 2 : 1;
    return 0;
  }
  char dir[8192];
  snprintf(dir, sizeof dir, "%s/%s", f->dir, run.dir);
  enum { KIND, STATUS, START, END, N };
  const char *const cols[N] = {rundir_tasks_columns[TASKS_KIND], rundir_tasks_columns[TASKS_STATUS],
                               rundir_tasks_columns[TASKS_START], rundir_tasks_columns[TASKS_END]};
  csv_table *t = csv_read_in(dir, RUNDIR_TASKS, cols, N, f->err, f->errlen);
  double sum = 0, start, end;
  int n = 0;
  f->status = t ? 0 : 1;
  for (int r = 1; t && r < t->n_rows && !f->status; r++)
    if (strcmp(csv_cell(t, r, csv_column(t, cols[KIND])), RUNDIR_KIND_MAP) == 0 &&
        strcmp(csv_cell(t, r, csv_column(t, cols[STATUS])), RUNDIR_STATUS_SUCCEEDED) == 0) {
      if (csv_number(t, r, csv_column(t, cols[START]), &start, f->err, f->errlen) ||
          csv_number(t, r, csv_column(t, cols[END]), &end, f->err, f->errlen))
        f->status = 1;
      sum += end - start, n++;
    }
  if (!f->status && !n)
    f->status = (snprintf(f->err, f->errlen, "%s: no map ran", dir), 1);
  csv_free(t);
  outfile_remove_tree(dir);
  double v = f->status ? 0 : sum / n - f->recorded;
  if (f->runs <= 2)
    f->known[f->runs - 1][0] = s, f->known[f->runs - 1][1] = v;
  return v;
}

int startup_fit(import_trace *t, history_job *const *jobs, int n, const char *platform_path, const char *self,
                char *err, size_t errlen)
{
  int count;
  char platform[PATH_MAX], dir[4096];
  fit f = {
      .platform = platform, .self = self, .recorded = recorded_mean(t, jobs, n, &count), .err = err, .errlen = errlen};
  if (!count)
    return snprintf(err, errlen, "--startup: no successful map attempt recorded its start and end"), 2;
  if (!realpath(platform_path, platform))
    return snprintf(err, errlen, "%s: cannot find its full path", platform_path), 2;
  snprintf(dir, sizeof dir, "%s/mrlab-startup-XXXXXX", outfile_tmpdir());
  if (!mkdtemp(dir))
    return snprintf(err, errlen, "%s: cannot create", dir), 1;
  f.dir = dir;
  outfile o;
  int status = outfile_open(&o, dir, "w.cfg", err, errlen) ? 1 : 0;
  if (!status) {
    import_write(t, "jhist", "the histories", o.f);
    status = outfile_close(&o, err, errlen) ? 1 : 0;
  }
  double lo = 0, hi = STARTUP_MAX, at_lo = status ? 0 : offset(lo, &f), at_hi = 0, fitted = lo;
  if (!status && !f.status && at_lo < 0 && (at_hi = offset(hi, &f)) > 0 && !f.status) {
    gsl_function fn = {offset, &f};
    gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    gsl_error_handler_t *handler = gsl_set_error_handler_off(); /* a failed simulation ends the solve, no abort */
    int bad = gsl_root_fsolver_set(s, &fn, lo, hi) != GSL_SUCCESS;
    /* to a hundredth of a second, of the bracket or of the step (heartbeats make the function a staircase,
     * whose bracket may not close on both sides) */
    for (int i = 0; i < 50 && !f.status && !bad; i++) {
      double before = fitted;
      bad = gsl_root_fsolver_iterate(s) != GSL_SUCCESS;
      fitted = gsl_root_fsolver_root(s);
      if (gsl_root_test_interval(gsl_root_fsolver_x_lower(s), gsl_root_fsolver_x_upper(s), 0.01, 0) == GSL_SUCCESS ||
          (i > 0 && gsl_root_test_delta(fitted, before, 0.01, 0) == GSL_SUCCESS))
        break;
    }
    gsl_set_error_handler(handler);
    gsl_root_fsolver_free(s);
    if (bad && !f.status)
      f.status = (snprintf(err, errlen, "--startup: GSL's solver stopped at %.3f s", fitted), 1);
  } else if (!status && !f.status && at_lo < 0) {
    fitted = hi;
  }
  double replayed = f.recorded + (fitted == lo ? at_lo : fitted == hi ? at_hi : offset(fitted, &f));
  status = status ? status : f.status;
  outfile_remove_tree(dir);
  if (status)
    return status;
  char note[512];
  snprintf(note, sizeof note,
           "mrlab.task.startup, %.3f s, is fitted so that the replay's mean map\n# attempt (%.2f s, seed 1) "
           "meets the recorded one (%.2f s, %d attempts), in %d simulations%s",
           fitted, replayed, f.recorded, count, f.runs,
           fitted == lo && at_lo > 0 ? "; even without\n# start-up the replay's maps take longer" : "");
  t->startup = fitted;
  free(t->startup_note);
  t->startup_note = xstrdup(note);
  return 0;
}
