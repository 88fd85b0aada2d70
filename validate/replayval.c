/* replayval.c - replay entries (replayval.h): how closely a calibrated
 * replay of job histories reproduces the times the histories recorded,
 * the way SimMR reports its replay error over a set of traces.
 *
 * An entry names a platform and histories (files or directories of
 * Hadoop job histories, as `mrlab calibrate` takes them).  When the
 * experiment file is read, the histories are read and calibrated on the
 * platform by calibrate_histories, the very path of `mrlab calibrate`, so
 * that a history mrlab cannot read or a host the platform lacks is
 * refused before anything runs; the calibrated workload's text is kept
 * and written into the entry's run folder, and each job's recorded phases
 * are taken from its history: the job from its submission to its end, the
 * map phase to the latest end of a successful map attempt (what a history
 * records, not when the JobTracker learnt of it), the reduce phase from
 * there to the end.  The workload runs with each of the seeds 1 to the
 * entry's `seeds` (5 by default), and each run gives the same phases from
 * its jobs.csv (submit, end) and tasks.csv (the successful maps' ends).
 * A job's recorded time is one figure and its simulated time one a seed:
 * the table gives the simulated mean with its 95% interval (stats.h), the
 * error of that mean against the recorded time with its interval (the
 * seeds' errors summarised), and whether the recorded time lies within
 * the seeds' range and within the interval; per entry and phase, the mean
 * |error| over the jobs, the worst, and one replay's mean |error| (over
 * the jobs of one seed's run), summarised over the seeds.
 *
 * An entry that names a workload instead is a round trip, which measures
 * what export, import and calibration lose: its jobs run with each seed
 * (in validate's first round of simulations), each run is exported as
 * job history and calibrated between the rounds (replayval_calibrate),
 * and each seed's replay (in the second round) is set against its own
 * recorded run.  The same seed draws the same placement, heartbeats and
 * ties, so the differences are paired seed by seed, and the table gives
 * the replayed mean's error with the paired differences' interval, the
 * worst seed's, and the costs the calibration found beside those the
 * jobs ran with. */
#include "replayval.h"

#include "alloc.h"
#include "calibrate.h"
#include "csv.h"
#include "entry.h"
#include "jhist_export.h"
#include "outfile.h"
#include "rundir.h"
#include "seeds.h"
#include "stats.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const entry_keys[] = {"name", "platform", "histories", "workload", "seeds", "set", NULL};
static const char *const phase_names[REPLAYVAL_N_PHASES] = {"job", "map", "reduce"};

/* A history's job name as a CSV field and a Markdown cell: anything but
 * letters, digits and a few marks made '_' (a user's job name may hold a
 * comma or a bar); "-" when the history names none. */
static char *label(const char *name)
{
  char *s = xstrdup(name && name[0] ? name : "-");
  for (char *c = s; *c; c++)
    if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-+:()/ ", *c))
      *c = '_';
  return s;
}

/* The seconds from A to B (ms), or NAN when either is not recorded. */
static double span(int64_t a, int64_t b)
{
  return a < 0 || b < 0 ? NAN : (double)(b - a) / 1000;
}

/* Each job of T (calibrated from the N history records JOBS) into E's
 * jobs: its names and recorded phases. */
static void recorded_jobs(const import_trace *t, history_job *const *jobs, int n, replayval_entry *e)
{
  e->jobs = xcalloc((size_t)t->n_jobs, sizeof *e->jobs);
  for (int i = 0; i < t->n_jobs; i++, e->n_jobs++) {
    const import_job *tj = &t->jobs[i];
    replayval_job *j = &e->jobs[i];
    const history_job *h = NULL;
    for (int k = 0; k < n && !h; k++) /* the trace names each job by its id, unique */
      h = strcmp(jobs[k]->id, tj->name) == 0 ? jobs[k] : NULL;
    assert(h);
    int64_t map_end = history_map_end(h);
    j->id = xstrdup(tj->name);
    j->label = label(h->name);
    j->recorded[REPLAYVAL_JOB] = span(h->submit, h->finish);
    j->recorded[REPLAYVAL_MAP] = span(h->submit, map_end);
    j->recorded[REPLAYVAL_REDUCE] = tj->reducers ? span(map_end, h->finish) : NAN;
  }
}

/* Reads the histories of entry group G (relative to FOLDER), calibrated on
 * the platform P, into E, and checks the workload they make with E's
 * settings as `mrlab run` reads it, written in SCRATCH. */
static int read_histories(cfg_file *f, const config_setting_t *g, const char *folder, const char *scratch,
                          const platform *p, replayval_entry *e)
{
  const config_setting_t *hs;
  if (!cfg_member(f, g, "histories", 1, "an array of job history files or directories such as [\"histories/done\"]") ||
      entry_read_strings(f, g, "histories", WORKLOAD_MAX_JOBS, 4096, &hs))
    return -1;
  int n = config_setting_length(hs);
  char(*whole)[8192] = xcalloc((size_t)n, sizeof *whole);
  const char **paths = xcalloc((size_t)n, sizeof *paths);
  for (int i = 0; i < n; i++) {
    const char *where = config_setting_get_string_elem(hs, i);
    snprintf(whole[i], sizeof whole[i], "%s%s%s", where[0] == '/' ? "" : folder, where[0] == '/' ? "" : "/", where);
    paths[i] = whole[i];
  }
  char why[CFG_ERRLEN];
  history_skips skips = {0, 0};
  history_job **jobs = NULL;
  int n_jobs = 0;
  import_trace *t = calibrate_histories(paths, n, p, &jobs, &n_jobs, &e->left_out, &skips, why, sizeof why);
  free(whole);
  free(paths);
  if (!t)
    return cfg_fail(f, hs, "%s", why);
  recorded_jobs(t, jobs, n_jobs, e);
  size_t len = 0;
  FILE *text = open_memstream(&e->workload, &len);
  import_write(t, "jhist", config_setting_get_string_elem(hs, 0), text);
  fclose(text);
  import_trace_free(t);
  history_jobs_free(jobs, n_jobs);
  /* the workload as `mrlab run` reads it, with the entry's settings */
  char path[4096];
  snprintf(path, sizeof path, "%s/replay.cfg", scratch);
  FILE *out = fopen(path, "w");
  int bad = !out || fputs(e->workload, out) < 0;
  if ((out && fclose(out) != 0) || bad)
    return cfg_fail(f, hs, "cannot write %s", path);
  const char *sets[POOL_MAX_SETS];
  for (int i = 0; i < e->n_sets; i++)
    sets[i] = e->sets[i];
  const config_setting_t *set = config_setting_get_member(g, "set");
  workload *w = entry_check_workload(f, set ? set : hs, path, sets, e->n_sets);
  int status = w ? 0 : -1;
  workload_free(w);
  return status;
}

/* Reads the round trip of entry group G (its `workload`, relative to
 * FOLDER) into E: the file's text, and its jobs as `mrlab run` reads them
 * with E's settings, each named as `mrlab export jhist` will name it. */
static int read_roundtrip(cfg_file *f, const config_setting_t *g, const char *folder, replayval_entry *e)
{
  const char *where;
  if (cfg_get_string(f, g, "workload", 1, &where))
    return -1;
  const config_setting_t *at = config_setting_get_member(g, "workload");
  char path[8192], why[CFG_ERRLEN];
  snprintf(path, sizeof path, "%s%s%s", where[0] == '/' ? "" : folder, where[0] == '/' ? "" : "/", where);
  const char *sets[POOL_MAX_SETS];
  for (int i = 0; i < e->n_sets; i++)
    sets[i] = e->sets[i];
  workload *w = workload_read(path, sets, e->n_sets, why, sizeof why);
  if (!w)
    return cfg_fail(f, at, "%s", why);
  e->roundtrip = 1;
  e->jobs = xcalloc((size_t)w->n_jobs, sizeof *e->jobs);
  for (int j = 0; j < w->n_jobs; j++, e->n_jobs++) {
    const job_desc *d = &w->jobs[j];
    replayval_job *rj = &e->jobs[j];
    char id[64];
    snprintf(id, sizeof id, "job_%lld_%04d", JHIST_EXPORT_BASE_MS, j + 1); /* jobs.csv's order, as export's */
    rj->id = xstrdup(id);
    rj->label = label(d->name);
    rj->recorded[REPLAYVAL_JOB] = rj->recorded[REPLAYVAL_MAP] = 0;
    rj->recorded[REPLAYVAL_REDUCE] = d->reduces ? 0 : NAN;
    rj->cost[0] = d->map_cost;
    rj->cost[1] = d->reduce_cost;
  }
  workload_free(w);
  FILE *in = fopen(path, "r");
  size_t len = 0;
  FILE *text = open_memstream(&e->workload, &len);
  char buf[8192];
  for (size_t n; in && (n = fread(buf, 1, sizeof buf, in)) > 0;)
    fwrite(buf, 1, n, text);
  int bad = !in || ferror(in);
  if (in)
    fclose(in);
  fclose(text);
  return bad ? cfg_fail(f, at, "%s: cannot read", path) : 0;
}

/* Reads entry group G into E; the entries before it are RV's. */
static int read_entry(cfg_file *f, const config_setting_t *g, const char *folder, const char *scratch,
                      const replayval *rv, replayval_entry *e)
{
  static const cfg_bound seeds = {1, EXPERIMENT_MAX_SIMS, "the simulations of an experiment file"};
  const config_setting_t *set;
  const char *where;
  char whole[PATH_MAX];
  e->seeds = EXPERIMENT_SEEDS;
  if (cfg_check_keys(f, g, entry_keys) || cfg_get_name(f, g, 0, &e->name) ||
      cfg_get_string(f, g, "platform", 1, &where) || cfg_get_bounded_int(f, g, "seeds", 0, &seeds, &e->seeds) < 0 ||
      entry_read_strings(f, g, "set", POOL_MAX_SETS, POOL_SET_LEN, &set))
    return -1;
  for (int k = 0; k < rv->n_entries; k++)
    if (strcmp(rv->entries[k].name, e->name) == 0)
      return cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; entry %d has it", k + 1);
  if (!realpath(folder, whole))
    return cfg_fail(f, g, "%s: cannot resolve: %s", folder, strerror(errno));
  e->n_sets = set ? config_setting_length(set) : 0;
  for (int i = 0; i < e->n_sets; i++) /* a file a setting names, as the experiment file names it */
    if (entry_whole_path_setting(config_setting_get_string_elem(set, i), whole, e->sets[i], sizeof e->sets[i]))
      return cfg_fail(f, set, "expected a shorter path in \"%s\" once made whole from %s",
                      config_setting_get_string_elem(set, i), whole);
  platform *p = entry_read_platform(f, config_setting_get_member(g, "platform"), folder, e->platform);
  if (!p)
    return -1;
  int status;
  if (config_setting_get_member(g, "workload") && config_setting_get_member(g, "histories"))
    status = cfg_fail(f, config_setting_get_member(g, "workload"),
                      "expected histories (to replay) or workload (a round trip), not both");
  else if (config_setting_get_member(g, "workload"))
    status = read_roundtrip(f, g, folder, e);
  else
    status = read_histories(f, g, folder, scratch, p, e);
  platform_free(p);
  return status;
}

int replayval_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch,
                   long long max_sims, replayval *rv)
{
  rv->entries = xcalloc((size_t)config_setting_length(list), sizeof *rv->entries);
  for (int i = 0; i < config_setting_length(list); i++) {
    const config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    replayval_entry *e = &rv->entries[i];
    int status = read_entry(f, g, folder, scratch, rv, e);
    rv->n_entries++; /* freed with the others */
    if (status)
      return -1;
    int runs = e->seeds * (e->roundtrip ? 2 : 1);
    if ((long long)rv->n_runs + rv->n_recorded + runs > max_sims)
      return cfg_fail(f, g,
                      "expected at most %lld simulations in all (mrlab's bound on an experiment file), got %lld "
                      "up to this entry",
                      max_sims, (long long)rv->n_runs + rv->n_recorded + runs);
    rv->n_runs += e->seeds;
    rv->n_recorded += e->roundtrip ? e->seeds : 0;
    e->first = rv->n_values;
    rv->n_values += e->seeds * e->n_jobs * REPLAYVAL_N_PHASES;
  }
  return 0;
}

void replayval_free(replayval *rv)
{
  for (int i = 0; i < rv->n_entries; i++) {
    replayval_entry *e = &rv->entries[i];
    for (int j = 0; j < e->n_jobs; j++) {
      free(e->jobs[j].id);
      free(e->jobs[j].label);
    }
    free(e->jobs);
    free(e->workload);
    for (int k = 0; e->replays && k < e->seeds; k++)
      free(e->replays[k]);
    free(e->replays);
    free(e->recorded);
    free(e->fitted);
  }
  free(rv->entries);
}

/* Writes TEXT as the file NAME in BASE/runs/ENTRY (made if need be).  0, or -1 with ERR. */
static int write_text(const char *base, const char *entry, const char *name, const char *text, char *err, size_t errlen)
{
  char dir[8192];
  snprintf(dir, sizeof dir, "%s/runs/%s", base, entry);
  outfile o;
  if (outfile_make_dirs(dir, err, errlen) || outfile_open(&o, dir, name, err, errlen))
    return -1;
  fputs(text, o.f);
  return outfile_close(&o, err, errlen);
}

/* Fills S, a run of E with SEED: the run directory runs/ENTRY/KINDSEED,
 * its log beside it, the workload runs/ENTRY/WORKLOAD. */
static void plan_run(const replayval_entry *e, int seed, const char *kind, const char *workload, sim *s)
{
  s->seed = seed;
  snprintf(s->dir, sizeof s->dir, "runs/%.4000s/%s%d", e->name, kind, seed);
  snprintf(s->workload, sizeof s->workload, "runs/%.4000s/%s", e->name, workload);
  snprintf(s->log, sizeof s->log, "runs/%.4000s/%s%d.log", e->name, kind, seed);
  snprintf(s->platform, sizeof s->platform, "%s", e->platform);
  s->n_sets = e->n_sets;
  memcpy(s->sets, e->sets, sizeof s->sets);
}

int replayval_plan_recorded(const replayval *rv, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < rv->n_entries; i++) {
    const replayval_entry *e = &rv->entries[i];
    if (!e->roundtrip)
      continue;
    if (write_text(base, e->name, "recorded.cfg", e->workload, err, errlen))
      return -1;
    for (int seed = 1; seed <= e->seeds; seed++, k++)
      plan_run(e, seed, "recorded-seed-", "recorded.cfg", &sims[k]);
  }
  return 0;
}

int replayval_plan(const replayval *rv, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < rv->n_entries; i++) {
    const replayval_entry *e = &rv->entries[i];
    for (int seed = 1; seed <= e->seeds && e->roundtrip; seed++) {
      char name[64];
      snprintf(name, sizeof name, "workload-seed-%d.cfg", seed);
      if (write_text(base, e->name, name, e->replays[seed - 1], err, errlen))
        return -1;
    }
    if (!e->roundtrip && write_text(base, e->name, "workload.cfg", e->workload, err, errlen))
      return -1;
    for (int seed = 1; seed <= e->seeds; seed++, k++) {
      char workload[64] = "workload.cfg";
      if (e->roundtrip)
        snprintf(workload, sizeof workload, "workload-seed-%d.cfg", seed);
      plan_run(e, seed, "seed-", workload, &sims[k]);
    }
  }
  return 0;
}

/* Job J of E as run directory names it: its id, or BY_LABEL its name in the round trip's workload. */
static const char *run_name(const replayval_entry *e, int j, int by_label)
{
  return by_label ? e->jobs[j].label : e->jobs[j].id;
}

/* The latest end of a successful map of each of E's jobs (named as
 * run_name's BY_LABEL) in the tasks.csv of run DIR, into END (one a job,
 * -1 where none).  0, or -1 with ERR. */
static int map_ends(const replayval_entry *e, const char *dir, int by_label, double *end, char *err, size_t errlen)
{
  enum { JOB, KIND, STATUS, END, N };
  const char *const cols[N] = {rundir_tasks_columns[TASKS_JOB], rundir_tasks_columns[TASKS_KIND],
                               rundir_tasks_columns[TASKS_STATUS], rundir_tasks_columns[TASKS_END]};
  csv_table *t = csv_read_in(dir, RUNDIR_TASKS, cols, N, err, errlen);
  if (!t)
    return -1;
  int c[N], status = 0;
  for (int i = 0; i < N; i++)
    c[i] = csv_column(t, cols[i]);
  for (int j = 0; j < e->n_jobs; j++)
    end[j] = -1;
  for (int r = 1, j = 0; r < t->n_rows && !status; r++) {
    if (strcmp(csv_cell(t, r, c[KIND]), RUNDIR_KIND_MAP) != 0 ||
        strcmp(csv_cell(t, r, c[STATUS]), RUNDIR_STATUS_SUCCEEDED) != 0)
      continue;
    const char *job = csv_cell(t, r, c[JOB]);
    for (int n = 0; n < e->n_jobs && strcmp(run_name(e, j, by_label), job) != 0; n++) /* a job's rows together */
      j = (j + 1) % e->n_jobs;
    double v;
    if (strcmp(run_name(e, j, by_label), job) == 0 && !(status = csv_number(t, r, c[END], &v, err, errlen)))
      end[j] = fmax(end[j], v);
  }
  csv_free(t);
  return status;
}

/* The phases of E's jobs (named as run_name's BY_LABEL) in run DIR
 * (BASE/SIM's) into OUT (a job's phases after another's).  0, or -1 with
 * ERR. */
static int measure_run(const replayval_entry *e, const char *base, const sim *s, int by_label, double *out, char *err,
                       size_t errlen)
{
  char dir[8192];
  snprintf(dir, sizeof dir, "%s/%s", base, s->dir);
  seeds_jobs run;
  double *map_end = xcalloc((size_t)e->n_jobs, sizeof *map_end);
  int status = seeds_read_jobs(dir, &run, err, errlen) || map_ends(e, dir, by_label, map_end, err, errlen) ? -1 : 0;
  for (int j = 0; j < e->n_jobs && !status; j++) {
    int r = 0;
    const char *name = run_name(e, j, by_label);
    while (r < run.n && strcmp(run.name[r], name) != 0)
      r++;
    if (r == run.n)
      status = (snprintf(err, errlen, "%s/%s: no job %s", dir, RUNDIR_JOBS, name), -1);
    else if (run.failed[r])
      status = (snprintf(err, errlen, "%s/%s: job %s did not succeed (a replay compares jobs that ended); see %s", dir,
                         RUNDIR_JOBS, name, s->log),
                -1);
    else if (map_end[j] < 0 && !isnan(e->jobs[j].recorded[REPLAYVAL_MAP]))
      status = (snprintf(err, errlen, "%s/%s: job %s has no successful map", dir, RUNDIR_TASKS, name), -1);
    if (status)
      break;
    double *p = out + j * REPLAYVAL_N_PHASES;
    const double *rec = e->jobs[j].recorded;
    p[REPLAYVAL_JOB] = run.end[r] - run.submit[r];
    p[REPLAYVAL_MAP] = isnan(rec[REPLAYVAL_MAP]) ? NAN : map_end[j] - run.submit[r];
    p[REPLAYVAL_REDUCE] = isnan(rec[REPLAYVAL_REDUCE]) ? NAN : run.end[r] - map_end[j];
  }
  seeds_jobs_free(&run);
  free(map_end);
  return status;
}

/* Round trip E's recorded run of SEED (its sim S, in BASE) exported,
 * calibrated on P and measured into E.  0, or -1 with ERR. */
static int calibrate_seed(replayval_entry *e, const platform *p, const sim *s, int seed, const char *base, char *err,
                          size_t errlen)
{
  char run[8192], jhist[8300];
  snprintf(run, sizeof run, "%s/%s", base, s->dir);
  snprintf(jhist, sizeof jhist, "%s-jhist", run);
  if (measure_run(e, base, s, 1, e->recorded + (size_t)seed * (size_t)(e->n_jobs * REPLAYVAL_N_PHASES), err, errlen))
    return -1;
  if (jhist_export(run, jhist, NULL, err, errlen))
    return -1;
  const char *paths[] = {jhist};
  history_job **jobs = NULL;
  history_skips skips = {0, 0};
  int n_jobs = 0, left_out = 0;
  import_trace *t = calibrate_histories(paths, 1, p, &jobs, &n_jobs, &left_out, &skips, err, errlen);
  if (!t)
    return -1;
  int status = 0;
  for (int j = 0; j < e->n_jobs && !status; j++) {
    int i = 0;
    while (i < t->n_jobs && strcmp(t->jobs[i].name, e->jobs[j].id) != 0)
      i++;
    if (i == t->n_jobs)
      status = (snprintf(err, errlen, "%s: no history of job %s (%s)", jhist, e->jobs[j].label, e->jobs[j].id), -1);
    else
      for (int c = 0; c < 2; c++)
        e->fitted[((size_t)seed * (size_t)e->n_jobs + (size_t)j) * 2 + (size_t)c] =
            c ? t->jobs[i].reduce_cost : t->jobs[i].map_cost;
  }
  size_t len = 0;
  FILE *text = open_memstream(&e->replays[seed], &len);
  import_write(t, "jhist", s->dir, text);
  fclose(text);
  import_trace_free(t);
  history_jobs_free(jobs, n_jobs);
  return status;
}

int replayval_calibrate(replayval *rv, const sim *sims, const char *base, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < rv->n_entries; i++) {
    replayval_entry *e = &rv->entries[i];
    if (!e->roundtrip)
      continue;
    platform *p = platform_read(e->platform, err, errlen);
    if (!p)
      return -1;
    e->replays = xcalloc((size_t)e->seeds, sizeof *e->replays);
    e->recorded = xcalloc((size_t)(e->seeds * e->n_jobs * REPLAYVAL_N_PHASES), sizeof *e->recorded);
    e->fitted = xcalloc((size_t)(e->seeds * e->n_jobs * 2), sizeof *e->fitted);
    int status = 0;
    for (int seed = 0; seed < e->seeds && !status; seed++, k++)
      status = calibrate_seed(e, p, &sims[k], seed, base, err, errlen);
    platform_free(p);
    if (status)
      return -1;
  }
  return 0;
}

int replayval_measure(const replayval *rv, const sim *sims, const char *base, double *simulated, char *err,
                      size_t errlen)
{
  for (int i = 0, k = 0; i < rv->n_entries; i++) {
    const replayval_entry *e = &rv->entries[i];
    for (int seed = 0; seed < e->seeds; seed++, k++)
      if (measure_run(e, base, &sims[k], 0, simulated + e->first + seed * e->n_jobs * REPLAYVAL_N_PHASES, err, errlen))
        return -1;
  }
  return 0;
}

/* What the seeds say of phase P of job J of E: the simulated times, their
 * errors against the recorded time (%) and both summarised, and the
 * seeds' range. */
typedef struct {
  stats_summary sim, error, recorded; /* recorded: a round trip's recorded runs (a replay's: its one figure) */
  stats_summary diff;                 /* the simulated less the recorded, seed by seed */
  double lo, hi;
  double *errors; /* one a seed */
} job_phase;

/* Phase P of job J of entry E from the values SIMULATED into S (NAN
 * errors when the recorded time is not positive; a round trip's seed by
 * seed, each replay against its own recorded run); free S->errors. */
static void job_phase_summarise(const replayval_entry *e, const double *simulated, int j, int p, job_phase *s)
{
  double *x = xcalloc((size_t)e->seeds, sizeof *x), *r = xcalloc((size_t)e->seeds, sizeof *r);
  s->errors = xcalloc((size_t)e->seeds, sizeof *s->errors);
  s->lo = INFINITY;
  s->hi = -INFINITY;
  for (int k = 0; k < e->seeds; k++) {
    int at = (k * e->n_jobs + j) * REPLAYVAL_N_PHASES + p;
    x[k] = simulated[e->first + at];
    r[k] = e->roundtrip ? e->recorded[at] : e->jobs[j].recorded[p]; /* a round trip's: its own seed's */
    s->errors[k] = r[k] > 0 ? 100 * (x[k] - r[k]) / r[k] : NAN;
    s->lo = fmin(s->lo, x[k]);
    s->hi = fmax(s->hi, x[k]);
  }
  stats_summarise(x, e->seeds, &s->sim);
  stats_summarise(s->errors, e->seeds, &s->error);
  stats_summarise(r, e->seeds, &s->recorded);
  stats_paired(r, x, e->seeds, &s->diff);
  free(x);
  free(r);
}

/* A history's times are milliseconds: a recorded span is known to 1 ms. */
#define RESOLUTION 0.001

/* Whether the recorded time R lies within S's range ("yes"/"no") and
 * within its interval ("yes"/"no", "" with one seed), to RESOLUTION. */
static const char *in_range(double r, const job_phase *s)
{
  return r >= s->lo - RESOLUTION && r <= s->hi + RESOLUTION ? "yes" : "no";
}
static const char *in_interval(double r, const job_phase *s)
{
  return isnan(s->sim.half) ? "" : fabs(r - s->sim.mean) <= s->sim.half + RESOLUTION ? "yes" : "no";
}

/* V with DECIMALS decimals, with its sign ("+3.1", "-0.4", "+0.0": no
 * "-0.0" for a value that rounds to zero), into BUF. */
static const char *signed_text(double v, int decimals, char *buf, size_t len)
{
  double step = pow(10, -decimals);
  v = fabs(v) < step / 2 ? 0 : v;
  snprintf(buf, len, "%+.*f", decimals, v);
  return buf;
}

/* S as a cell with DECIMALS decimals, a sign when SIGNED, and UNIT:
 * "+3.1 ± 2.0%", "31.60 ± 0.80 s", "31.60 s (one seed)"; "-" when there
 * is no figure; into BUF. */
static const char *cell(const stats_summary *s, int decimals, int signed_, const char *unit, char *buf, size_t len)
{
  char m[32];
  if (signed_)
    signed_text(s->mean, decimals, m, sizeof m);
  else
    snprintf(m, sizeof m, "%.*f", decimals, s->mean);
  if (isnan(s->mean))
    snprintf(buf, len, "-");
  else if (isnan(s->half))
    snprintf(buf, len, "%s%s (one seed)", m, unit);
  else
    snprintf(buf, len, "%s ± %.*f%s", m, decimals, s->half, unit);
  return buf;
}

/* Phase P of entry E as a row of the entries' table into MD: its jobs,
 * the mean |error| of their means and the worst, one replay's mean
 * |error| (over the jobs of one seed) summarised over the seeds, and the
 * jobs whose recorded time lies within the interval. */
static void entry_row(const replayval_entry *e, const double *simulated, int p, FILE *md)
{
  double *one = xcalloc((size_t)e->seeds, sizeof *one), mean = 0, worst = 0;
  int n = 0, within = 0, worst_job = -1;
  for (int j = 0; j < e->n_jobs; j++) {
    job_phase s;
    if (isnan(e->jobs[j].recorded[p]))
      continue;
    job_phase_summarise(e, simulated, j, p, &s);
    if (!isnan(s.error.mean)) {
      n++;
      mean += fabs(s.error.mean);
      if (worst_job < 0 || fabs(s.error.mean) > fabs(worst))
        worst = s.error.mean, worst_job = j;
      for (int k = 0; k < e->seeds; k++)
        one[k] += fabs(s.errors[k]);
      within += strcmp(in_interval(e->jobs[j].recorded[p], &s), "yes") == 0;
    }
    free(s.errors);
  }
  char jobs[64] = "", a[128], b[128], c[32];
  snprintf(jobs, sizeof jobs, "%d", n);
  if (p == REPLAYVAL_JOB && e->left_out)
    snprintf(jobs + strlen(jobs), sizeof jobs - strlen(jobs), " (%d left out)", e->left_out);
  fprintf(md, "| %s | %s | %s |", e->name, phase_names[p], jobs);
  if (!n) {
    fprintf(md, " - | - | - | - |\n");
    free(one);
    return;
  }
  stats_summary s;
  for (int k = 0; k < e->seeds; k++)
    one[k] /= n;
  stats_summarise(one, e->seeds, &s);
  fprintf(md, " %.1f%% | %s%% (%s) | %s | %s |\n", mean / n, signed_text(worst, 1, c, sizeof c),
          e->jobs[worst_job].label, cell(&s, 1, 0, "%", a, sizeof a),
          e->seeds > 1 ? (snprintf(b, sizeof b, "%d of %d", within, n), b) : "-");
  free(one);
}

int replayval_count(const replayval *rv, int roundtrip)
{
  int n = 0;
  for (int i = 0; i < rv->n_entries; i++)
    n += rv->entries[i].roundtrip == roundtrip;
  return n;
}

/* The seeds of every entry of RV that is a round trip (ROUNDTRIP 1) or
 * not, or 0 when theirs differ. */
static int common_seeds(const replayval *rv, int roundtrip)
{
  int seeds = -1;
  for (int i = 0; i < rv->n_entries; i++)
    if (rv->entries[i].roundtrip == roundtrip)
      seeds = seeds < 0 || rv->entries[i].seeds == seeds ? rv->entries[i].seeds : 0;
  return seeds > 0 ? seeds : 0;
}

void replayval_write(const replayval *rv, const double *simulated, FILE *csv, FILE *md)
{
  char a[128], b[128], c[160];
  int seeds = common_seeds(rv, 0);
  if (csv)
    fprintf(csv, "entry,job,name,phase,seeds,recorded,simulated,simulated_ci95_half,simulated_min,simulated_max,"
                 "error,error_ci95_half,in_range,in_interval\n");
  fprintf(md,
          "## replays\n\neach entry's job histories calibrated on its platform (as `mrlab calibrate` does) and "
          "replayed with %s; phases: job (submit to end), map (submit to the last map's end), reduce (from there "
          "to the end); error: 100 (simulated mean - recorded) / recorded.  Per entry and phase: the mean "
          "|error| over its jobs, the worst, one replay's mean |error| (over the jobs of one seed's run; mean over "
          "the seeds ± the half-width of its 95%% interval), and the jobs whose recorded time lies within the "
          "simulated mean's 95%% interval\n\n"
          "| entry | phase | jobs | mean \\|error\\| | worst error | one replay's mean \\|error\\| | recorded "
          "within the interval |\n|---|---|---:|---:|---:|---:|---:|\n",
          stats_seeds_text(seeds, "replays.csv", c, sizeof c));
  for (int i = 0; i < rv->n_entries; i++)
    for (int p = 0; p < REPLAYVAL_N_PHASES && !rv->entries[i].roundtrip; p++)
      entry_row(&rv->entries[i], simulated, p, md);
  fprintf(md, "\neach job and phase: the recorded time, the simulated mean ± the half-width of its 95%% interval, "
              "the error with its interval, and whether the recorded time lies within the seeds' range and within "
              "the interval\n\n| entry | job | name | phase | recorded | simulated | error | within the range | "
              "within the interval |\n|---|---|---|---|---:|---:|---:|---|---|\n");
  for (int i = 0; i < rv->n_entries; i++) {
    const replayval_entry *e = &rv->entries[i];
    for (int j = 0; j < e->n_jobs && !e->roundtrip; j++)
      for (int p = 0; p < REPLAYVAL_N_PHASES; p++) {
        double r = e->jobs[j].recorded[p];
        if (isnan(r))
          continue;
        job_phase s;
        job_phase_summarise(e, simulated, j, p, &s);
        if (csv) {
          fprintf(csv, "%s,%s,%s,%s,%d,%.3f,", e->name, e->jobs[j].id, e->jobs[j].label, phase_names[p], e->seeds,
                  r);
          stats_csv(csv, &s.sim, 3);
          fprintf(csv, ",%.3f,%.3f,", s.lo, s.hi);
          if (isnan(s.error.mean))
            fprintf(csv, ",");
          else
            stats_csv(csv, &s.error, 2);
          fprintf(csv, ",%s,%s\n", in_range(r, &s), in_interval(r, &s));
        }
        fprintf(md, "| %s | %s | %s | %s | %.2f s | %s | %s | %s | %s |\n", e->name, e->jobs[j].id,
                e->jobs[j].label, phase_names[p], r, cell(&s.sim, 2, 0, " s", a, sizeof a),
                cell(&s.error, 1, 1, "%", b, sizeof b), in_range(r, &s), isnan(s.sim.half) ? "-" : in_interval(r, &s));
        free(s.errors);
      }
  }
}

/* The calibrated cost C (0: map_cost, 1: reduce_cost) of job J of round
 * trip E over its seeds: the mean, least and most, into OUT. */
static void fitted_range(const replayval_entry *e, int j, int c, double out[3])
{
  out[0] = 0, out[1] = INFINITY, out[2] = -INFINITY;
  for (int k = 0; k < e->seeds; k++) {
    double v = e->fitted[((size_t)k * (size_t)e->n_jobs + (size_t)j) * 2 + (size_t)c];
    out[0] += v / e->seeds;
    out[1] = fmin(out[1], v);
    out[2] = fmax(out[2], v);
  }
}

void replayval_write_roundtrips(const replayval *rv, const double *simulated, FILE *csv, FILE *md)
{
  char a[128], b[128], c[128], seeds[160];
  if (csv)
    fprintf(csv,
            "entry,job,phase,seeds,recorded,recorded_ci95_half,replayed,replayed_ci95_half,error,"
            "error_ci95_half,error_worst,map_cost,map_cost_fitted,map_cost_fitted_min,map_cost_fitted_max,reduce_cost,"
            "reduce_cost_fitted,reduce_cost_fitted_min,reduce_cost_fitted_max\n");
  fprintf(md,
          "## round trips\n\neach entry's workload run with %s (the recorded runs), each run exported as job "
          "history (`mrlab export jhist`), calibrated on the platform (`mrlab calibrate`) and replayed with its "
          "own seed; phases as in the replays; each figure the mean over the seeds ± the half-width of its 95%% "
          "interval; error: how far the replayed mean is off the recorded one, in %% of it, with the 95%% interval "
          "of the differences paired seed by seed; worst seed: the largest error of one replay against its own "
          "recorded run; the costs (flops a byte) the jobs ran with and those calibrated (mean, least to most)\n\n"
          "| entry | job | phase | recorded | replayed | error | worst seed | map_cost: ran, fitted | reduce_cost: "
          "ran, fitted |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n",
          stats_seeds_text(common_seeds(rv, 1), "roundtrips.csv", seeds, sizeof seeds));
  for (int i = 0; i < rv->n_entries; i++) {
    const replayval_entry *e = &rv->entries[i];
    for (int j = 0; j < e->n_jobs && e->roundtrip; j++) {
      double fit[2][3];
      fitted_range(e, j, 0, fit[0]);
      fitted_range(e, j, 1, fit[1]);
      for (int p = 0; p < REPLAYVAL_N_PHASES; p++) {
        if (isnan(e->jobs[j].recorded[p]))
          continue;
        job_phase s;
        job_phase_summarise(e, simulated, j, p, &s);
        /* the replayed mean off the recorded one, in % of it, its interval the paired differences' */
        stats_summary off = s.diff;
        off.mean = 100 * s.diff.mean / s.recorded.mean;
        off.half = 100 * s.diff.half / s.recorded.mean;
        double worst = 0; /* one seed's error, the largest */
        for (int k = 0; k < e->seeds; k++)
          worst = fabs(s.errors[k]) > fabs(worst) ? s.errors[k] : worst;
        if (csv) {
          fprintf(csv, "%s,%s,%s,%d,", e->name, e->jobs[j].label, phase_names[p], e->seeds);
          stats_csv(csv, &s.recorded, 3);
          fputc(',', csv);
          stats_csv(csv, &s.sim, 3);
          fputc(',', csv);
          stats_csv(csv, &off, 2);
          fprintf(csv, ",%.2f", worst);
          for (int k = 0; k < 2; k++)
            fprintf(csv, ",%.6g,%.6g,%.6g,%.6g", e->jobs[j].cost[k], fit[k][0], fit[k][1], fit[k][2]);
          fputc('\n', csv);
        }
        char w[32];
        fprintf(md, "| %s | %s | %s | %s | %s | %s | %s%% |", e->name, e->jobs[j].label, phase_names[p],
                cell(&s.recorded, 2, 0, " s", a, sizeof a), cell(&s.sim, 2, 0, " s", b, sizeof b),
                cell(&off, 1, 1, "%", c, sizeof c), signed_text(worst, 1, w, sizeof w));
        for (int k = 0; k < 2; k++)
          if (p != REPLAYVAL_JOB || (k == 1 && isnan(e->jobs[j].recorded[REPLAYVAL_REDUCE])))
            fprintf(md, " |");
          else
            fprintf(md, " %g → %.2f (%.2f to %.2f) |", e->jobs[j].cost[k], fit[k][0], fit[k][1], fit[k][2]);
        fputc('\n', md);
        free(s.errors);
      }
    }
  }
}
