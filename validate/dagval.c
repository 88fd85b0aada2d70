/* dagval.c - workflow entries (dagval.h): Shi and Lu's workflow model
 * scored on DAG workflows that mrlab simulates whole.
 *
 * The paper profiles each job of a workflow alone on the cluster and
 * predicts the workflow's makespan from those profiles (Sect. 7.3, Fig.
 * 10a); so does an entry.  An entry names a platform and a workload file
 * holding the workflow (its jobs, `after` and `input = "parent:NAME"`),
 * and history variants: settings under which every job is run alone once.
 * The runs come in two steps, each through the pool: first the workflow
 * whole, the target, with each of the seeds 1 to the entry's `seeds` (5 by
 * default); then each job alone once a history variant, with seed 1, which
 * needs the first step's jobs.csv, since a job that read its parent's
 * output read bytes only the target run knows.  The job alone is the job's
 * group of the workflow's file with `after` and `submit` dropped and
 * `input` set to those bytes: a fresh input of the same size, under the
 * same name, so that workflow_predict (models/workflow.h) finds its runs
 * by name.  The third step predicts each target once from its history
 * runs, as an experiment's models predict a target (the history is not
 * rerun a seed; the target's configuration, the same in every seed, is
 * read from seed 1's run), and scores that prediction against each seed's
 * run: the accuracy, 100 - 100 |predicted - simulated| / simulated, of each
 * of its estimates, seed by seed, reported as its mean over the seeds with
 * its 95% interval (stats.h) beside the paper's figures for the
 * workflow's class, with each class's means and the means of all entries
 * beside the paper's.
 *
 * The workload file is read twice when the experiment file is read: once
 * by libconfig, kept open so that its job groups can be copied into the
 * alone runs' files, and once as `mrlab run` reads it (with the entry's
 * settings and each history variant's), so that a bad workflow or setting
 * is refused before anything runs. */
#include "dagval.h"

#include "alloc.h"
#include "compare.h"
#include "csv.h"
#include "entry.h"
#include "outfile.h"
#include "platform.h"
#include "rundir.h"
#include "seeds.h"
#include "workload.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const entry_keys[] = {
    "name",      "platform",       "workload",         "set",    "history", "class",
    "published", "published_mean", "published_normal", "source", "seeds",   NULL};
/* Each estimate's name in workflows.csv (the median's columns are
 * unprefixed), and the key of the paper's figure for it (none for the
 * literal estimator, which the paper does not score). */
static const char *const estimate_names[DAGVAL_N_ESTIMATES] = {"median", "mean", "normal", "literal"};
static const char *const published_keys[DAGVAL_N_ESTIMATES] = {"published", "published_mean", "published_normal", NULL};
/* Shi and Lu's Fig. 10a: the means over all 51 DAGs. */
static const double paper_all[DAGVAL_N_ESTIMATES] = {93.50, 95.00, 96.38, NAN};
static const char *const history_keys[] = {"name", "set", NULL};

/* The strings of array S (NULL: none). */
static int n_strings(const config_setting_t *s)
{
  return s ? config_setting_length(s) : 0;
}

/* Member "set" of G into *OUT as entry_read_strings reads it, or NULL
 * when absent or empty (`set = [];` says "no settings"). */
static int read_sets(cfg_file *f, const config_setting_t *g, const config_setting_t **out)
{
  const config_setting_t *s = config_setting_get_member(g, "set");
  *out = NULL;
  if (s && config_setting_is_array(s) && config_setting_length(s) == 0)
    return 0;
  return entry_read_strings(f, g, "set", POOL_MAX_SETS, sizeof((sim *)0)->sets[0], out);
}

/* The --set arguments of E's runs under history variant H (NULL: the
 * workflow run), E's then H's, into SETS; returns their number. */
static int entry_sets(const dagval_entry *e, const dagval_history *h, const char *sets[POOL_MAX_SETS])
{
  int n = 0;
  for (int i = 0; i < n_strings(e->set); i++)
    sets[n++] = config_setting_get_string_elem(e->set, i);
  for (int i = 0; h && i < n_strings(h->set); i++)
    sets[n++] = config_setting_get_string_elem(h->set, i);
  return n;
}

/* Reads the history variants of entry group G into E. */
static int read_history(cfg_file *f, const config_setting_t *g, dagval_entry *e)
{
  config_setting_t *l =
      cfg_get_list(f, g, "history", "a non-empty list of history variants ( { name = \"full\"; set = [...]; } )");
  if (!l)
    return -1;
  e->history = xcalloc((size_t)config_setting_length(l), sizeof *e->history);
  for (int i = 0; i < config_setting_length(l); i++) {
    const config_setting_t *hg = config_setting_get_elem(l, (unsigned)i);
    dagval_history *h = &e->history[i];
    if (cfg_check_keys(f, hg, history_keys) || cfg_get_name(f, hg, 0, &h->name) || read_sets(f, hg, &h->set))
      return -1;
    if (n_strings(e->set) + n_strings(h->set) > POOL_MAX_SETS)
      return cfg_fail(f, h->set, "expected at most %d settings with the entry's %d", POOL_MAX_SETS - n_strings(e->set),
                      n_strings(e->set));
    for (int k = 0; k < i; k++)
      if (strcmp(e->history[k].name, h->name) == 0)
        return cfg_fail(f, config_setting_get_member(hg, "name"),
                        "expected a name of its own; history variant %d has it", k + 1);
    e->n_history++;
  }
  return 0;
}

/* Reads the workflow named by member "workload" of entry group G, relative
 * to FOLDER, into E: kept open, and read as `mrlab run` reads it with the
 * settings of the workflow run and of each history variant. */
static int read_workflow(cfg_file *f, const config_setting_t *g, const char *folder, dagval_entry *e)
{
  const char *where;
  if (cfg_get_string(f, g, "workload", 1, &where))
    return -1;
  const config_setting_t *s = config_setting_get_member(g, "workload");
  int len = snprintf(e->workflow, sizeof e->workflow, "%s%s%s", where[0] == '/' ? "" : folder,
                     where[0] == '/' ? "" : "/", where);
  if (len < 0 || (size_t)len >= sizeof e->workflow)
    return cfg_fail(f, s, "expected a shorter path");
  e->opened = 1;
  if (cfg_file_open(&e->workload, e->workflow))
    return cfg_fail(f, s, "%s", e->workload.err);
  for (int h = -1; h < e->n_history; h++) {
    const char *sets[POOL_MAX_SETS];
    int n_sets = entry_sets(e, h < 0 ? NULL : &e->history[h], sets);
    char why[1024];
    workload *w = workload_read(e->workflow, sets, n_sets, why, sizeof why);
    if (!w)
      return cfg_fail(f, h >= 0 && e->history[h].set ? e->history[h].set : s, "%s", why);
    int n_jobs = w->n_jobs;
    workload_free(w);
    if (n_jobs < 2)
      return cfg_fail(f, s, "expected a workflow of two jobs at least, got %d in %s", n_jobs, e->workflow);
  }
  /* the names in the file's order: validated by workload_read */
  const config_setting_t *jobs = config_lookup(&e->workload.cfg, "jobs");
  e->n_jobs = config_setting_length(jobs);
  e->jobs = xcalloc((size_t)e->n_jobs, sizeof *e->jobs);
  for (int j = 0; j < e->n_jobs; j++)
    config_setting_lookup_string(config_setting_get_elem(jobs, (unsigned)j), "name", &e->jobs[j]);
  return 0;
}

/* Reads entry group G into E; the entries before it are DV's. */
static int read_entry(cfg_file *f, const config_setting_t *g, const char *folder, const dagval *dv, dagval_entry *e)
{
  const char *where;
  static const cfg_bound seeds = {1, EXPERIMENT_MAX_SIMS, "the simulations of an experiment file"};
  e->seeds = COMPARE_SEEDS;
  if (cfg_check_keys(f, g, entry_keys) || cfg_get_name(f, g, 0, &e->name) ||
      cfg_get_string(f, g, "platform", 1, &where) || entry_read_text(f, g, "class", &e->cls) ||
      entry_read_text(f, g, "source", &e->source) || read_sets(f, g, &e->set) ||
      cfg_get_bounded_int(f, g, "seeds", 0, &seeds, &e->seeds) < 0)
    return -1;
  for (int x = 0; x < DAGVAL_N_ESTIMATES; x++) {
    e->published[x] = NAN;
    if (published_keys[x] && cfg_get_number(f, g, published_keys[x], 0, 0, 100, &e->published[x]) < 0)
      return -1;
  }
  platform *p = entry_read_platform(f, config_setting_get_member(g, "platform"), folder, e->platform);
  if (!p)
    return -1;
  e->n_nodes = p->n_workers;
  e->cores = xcalloc((size_t)e->n_nodes, sizeof *e->cores);
  e->memory = xcalloc((size_t)e->n_nodes, sizeof *e->memory);
  platform_worker_capacity(p, e->cores, e->memory);
  platform_free(p);
  if (read_history(f, g, e) || read_workflow(f, g, folder, e))
    return -1;
  for (int k = 0; k < dv->n_entries; k++) {
    const dagval_entry *o = &dv->entries[k];
    if (strcmp(o->name, e->name) == 0)
      return cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; entry %d has it", k + 1);
    /* a class has one figure an estimate in the paper */
    for (int x = 0; x < DAGVAL_N_ESTIMATES && strcmp(o->cls, e->cls) == 0; x++)
      if (!isnan(o->published[x]) && !isnan(e->published[x]) && o->published[x] != e->published[x])
        return cfg_fail(f, config_setting_get_member(g, published_keys[x]),
                        "expected the figure of class %s that entry %d gives (%g), got %g", e->cls, k + 1,
                        o->published[x], e->published[x]);
  }
  return 0;
}

int dagval_read(cfg_file *f, const config_setting_t *list, const char *folder, long long max_sims, dagval *dv)
{
  dv->entries = xcalloc((size_t)config_setting_length(list), sizeof *dv->entries);
  for (int i = 0; i < config_setting_length(list); i++) {
    const config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    dagval_entry *e = &dv->entries[i];
    if (read_entry(f, g, folder, dv, e)) {
      dv->n_entries++; /* freed with the others */
      return -1;
    }
    dv->n_entries++;
    dv->n_alone += e->n_jobs * e->n_history;
    if ((long long)dv->n_targets + e->seeds + dv->n_alone > max_sims)
      return cfg_fail(f, g,
                      "expected at most %lld simulations in all (mrlab's bound on an experiment file), got %lld "
                      "(seeds and jobs alone) up to this entry",
                      max_sims, (long long)dv->n_targets + e->seeds + dv->n_alone);
    dv->n_targets += e->seeds;
  }
  return 0;
}

void dagval_free(dagval *dv)
{
  for (int i = 0; i < dv->n_entries; i++) {
    dagval_entry *e = &dv->entries[i];
    free(e->cores);
    free(e->memory);
    free(e->history);
    free(e->jobs);
    if (e->opened)
      cfg_file_close(&e->workload);
  }
  free(dv->entries);
}

/* Fills S with a run of seed SEED in DIR/seed-SEED (DIR relative to the
 * validation directory, its workload file DIR/workload.cfg) on E's
 * platform, with the settings of E and of history variant H (NULL: the
 * workflow run), in a comparison's layout. */
static void plan_run(sim *s, const dagval_entry *e, const dagval_history *h, const char *dir, int seed)
{
  s->seed = seed;
  snprintf(s->dir, sizeof s->dir, "%.4000s/seed-%d", dir, seed);
  snprintf(s->workload, sizeof s->workload, "%.4000s/workload.cfg", dir);
  snprintf(s->log, sizeof s->log, "%.4000s/seed-%d.log", dir, seed);
  snprintf(s->platform, sizeof s->platform, "%s", e->platform);
  const char *sets[POOL_MAX_SETS];
  s->n_sets = entry_sets(e, h, sets);
  for (int i = 0; i < s->n_sets; i++)
    snprintf(s->sets[i], sizeof s->sets[i], "%s", sets[i]);
}

/* Writes the workload file PATH from E's workflow: every job as the file
 * has it (JOB < 0), or job JOB alone, without `after` and `submit`, and
 * reading a fresh input of INPUT bytes.  0, or -1. */
static int write_workload(const dagval_entry *e, int job, double input, const char *path)
{
  config_t c;
  config_init(&c);
  config_setting_t *to = config_setting_add(config_root_setting(&c), "jobs", CONFIG_TYPE_LIST);
  const config_setting_t *jobs = config_lookup(&e->workload.cfg, "jobs");
  for (int j = 0; j < config_setting_length(jobs); j++) {
    if (job >= 0 && j != job)
      continue;
    const config_setting_t *g = config_setting_get_elem(jobs, (unsigned)j);
    config_setting_t *copy = config_setting_add(to, NULL, CONFIG_TYPE_GROUP);
    for (int m = 0; m < config_setting_length(g); m++) {
      const config_setting_t *s = config_setting_get_elem(g, (unsigned)m);
      const char *name = config_setting_name(s);
      if (job < 0 || (strcmp(name, "after") != 0 && strcmp(name, "submit") != 0 && strcmp(name, "input") != 0))
        entry_copy_setting(copy, s);
    }
    if (job >= 0) {
      char bytes[64];
      snprintf(bytes, sizeof bytes, "%.0fB", input);
      config_setting_set_string(config_setting_add(copy, "input", CONFIG_TYPE_STRING), bytes);
    }
  }
  int ok = config_write_file(&c, path) == CONFIG_TRUE;
  config_destroy(&c);
  return ok ? 0 : -1;
}

int dagval_plan_targets(const dagval *dv, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < dv->n_entries; i++) {
    const dagval_entry *e = &dv->entries[i];
    char path[8192], dir[4096];
    snprintf(dir, sizeof dir, "runs/%s/workflow", e->name);
    snprintf(path, sizeof path, "%s/%s", base, dir);
    if (outfile_make_dirs(path, err, errlen))
      return -1;
    for (int seed = 1; seed <= e->seeds; seed++, k++)
      plan_run(&sims[k], e, NULL, dir, seed);
    snprintf(path, sizeof path, "%s/%s/workload.cfg", base, dir);
    if (write_workload(e, -1, 0, path))
      return snprintf(err, errlen, "%s: cannot write", path), -1;
  }
  return 0;
}

/* The input bytes of job NAME in the jobs.csv T (columns CJ: job, CI:
 * input_bytes) into *OUT.  0, or -1 with ERR. */
static int job_input(const csv_table *t, int cj, int ci, const char *name, double *out, char *err, size_t errlen)
{
  for (int r = 1; r < t->n_rows; r++)
    if (strcmp(csv_cell(t, r, cj), name) == 0)
      return csv_number(t, r, ci, out, err, errlen);
  return snprintf(err, errlen, "%s: no job %s", t->path, name), -1;
}

int dagval_plan_alone(const dagval *dv, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < dv->n_entries; i++) {
    const dagval_entry *e = &dv->entries[i];
    char path[8192], dir[4096];
    snprintf(path, sizeof path, "%s/runs/%s/workflow/seed-1/%s", base, e->name, RUNDIR_JOBS);
    csv_table *t = csv_read(path, err, errlen);
    if (!t)
      return -1;
    int cj = csv_column(t, rundir_jobs_columns[JOBS_JOB]), ci = csv_column(t, rundir_jobs_columns[JOBS_INPUT_BYTES]);
    int status = cj < 0 || ci < 0 ? (snprintf(err, errlen, "%s: no column %s", path,
                                              rundir_jobs_columns[cj < 0 ? JOBS_JOB : JOBS_INPUT_BYTES]),
                                     -1)
                                  : 0;
    for (int j = 0; j < e->n_jobs && !status; j++) {
      double input = 0;
      status = job_input(t, cj, ci, e->jobs[j], &input, err, errlen);
      for (int h = 0; h < e->n_history && !status; h++, k++) {
        snprintf(dir, sizeof dir, "runs/%.1000s/alone/%.1000s/%.1000s", e->name, e->history[h].name, e->jobs[j]);
        snprintf(path, sizeof path, "%s/%s", base, dir);
        status = outfile_make_dirs(path, err, errlen);
        plan_run(&sims[k], e, &e->history[h], dir, 1);
        snprintf(path, sizeof path, "%s/%s", base, sims[k].workload);
        if (!status && write_workload(e, j, input, path))
          status = (snprintf(err, errlen, "%s: cannot write", path), -1);
      }
    }
    csv_free(t);
    if (status)
      return -1;
  }
  return 0;
}

/* The makespan of the run DIR, from its first submission to its last end,
 * as workflow_predict measures its target's, into *OUT.  0, or -1 with ERR. */
static int run_makespan(const char *dir, double *out, char *err, size_t errlen)
{
  seeds_jobs j;
  int status = seeds_read_jobs(dir, &j, err, errlen);
  if (!status) {
    double first = INFINITY;
    for (int k = 0; k < j.n; k++)
      first = fmin(first, j.submit[k]);
    *out = j.makespan - first;
  }
  seeds_jobs_free(&j);
  return status;
}

int dagval_predict(const dagval *dv, const sim *targets, const sim *alone, const char *base, workflow_prediction *out,
                   double *simulated, char *err, size_t errlen)
{
  for (int i = 0, k = 0, t = 0; i < dv->n_entries; i++) {
    const dagval_entry *e = &dv->entries[i];
    int n = e->n_jobs * e->n_history;
    char(*dirs)[8192] = xcalloc((size_t)n, sizeof *dirs), target[8192];
    const char **history = xcalloc((size_t)n, sizeof *history);
    for (int r = 0; r < n; r++, k++) {
      snprintf(dirs[r], sizeof dirs[r], "%s/%s", base, alone[k].dir);
      history[r] = dirs[r];
    }
    snprintf(target, sizeof target, "%s/%s", base, targets[t].dir); /* seed 1's */
    int status = workflow_predict(e->cores, e->memory, e->n_nodes, target, history, n, &out[i], err, errlen);
    free(dirs);
    free(history);
    for (int seed = 1; seed <= e->seeds; seed++, t++) {
      snprintf(target, sizeof target, "%s/%s", base, targets[t].dir);
      if (!status)
        status = run_makespan(target, &simulated[t], err, errlen);
    }
    if (status)
      return -1;
  }
  return 0;
}

/* The makespan estimate X of W. */
static double estimate(const workflow_prediction *w, int x)
{
  const double v[DAGVAL_N_ESTIMATES] = {[DAGVAL_MEDIAN] = w->makespan,
                                        [DAGVAL_MEAN] = w->mean,
                                        [DAGVAL_NORMAL] = w->normal,
                                        [DAGVAL_LITERAL] = w->literal};
  return v[x];
}

/* 100 - the absolute error of estimate X of W against the simulated
 * makespan SIM, in %. */
static double accuracy(const workflow_prediction *w, int x, double sim)
{
  return 100 - 100 * fabs(estimate(w, x) - sim) / sim;
}

/* The paper's figures P for a table, "94.62 / 96.58 / 97.42", "-" for a
 * figure it does not give, into BUF. */
static const char *figures(const double *p, char *buf, size_t n)
{
  buf[0] = 0;
  for (int x = 0; published_keys[x]; x++) {
    size_t len = strlen(buf);
    if (isnan(p[x]))
      snprintf(buf + len, n - len, "%s-", x ? " / " : "");
    else
      snprintf(buf + len, n - len, "%s%.2f", x ? " / " : "", p[x]);
  }
  return buf;
}

/* Estimate X's mean accuracy over the N entries ENTRIES of DV, seed by
 * seed over the seeds all of them ran, summarised into S; W the
 * predictions, SIM the makespans of the target runs, FIRST[i] entry i's
 * first run in SIM. */
static void class_accuracy(const dagval *dv, const int *entries, int n, const workflow_prediction *w, const double *sim,
                           const int *first, int x, stats_summary *s)
{
  int seeds = INT_MAX;
  for (int i = 0; i < n; i++)
    seeds = dv->entries[entries[i]].seeds < seeds ? dv->entries[entries[i]].seeds : seeds;
  double *a = xcalloc((size_t)seeds, sizeof *a);
  for (int k = 0; k < seeds; k++)
    for (int i = 0; i < n; i++)
      a[k] += accuracy(&w[entries[i]], x, sim[first[entries[i]] + k]) / n;
  stats_summarise(a, seeds, s);
  free(a);
}

void dagval_write(const dagval *dv, const workflow_prediction *w, const double *simulated, FILE *csv, FILE *md)
{
  char a[64], b[64];
  int *first = xcalloc((size_t)dv->n_entries + 1, sizeof *first), seeds = dv->n_entries ? dv->entries[0].seeds : 0;
  for (int i = 0; i < dv->n_entries; i++) {
    first[i + 1] = first[i] + dv->entries[i].seeds;
    seeds = dv->entries[i].seeds == seeds ? seeds : 0; /* 0: the entries' differ */
  }
  if (csv) {
    fprintf(csv, "entry,class,jobs,states,seeds,simulated,simulated_ci95_half,predicted,accuracy,accuracy_ci95_half");
    for (int x = 1; x < DAGVAL_N_ESTIMATES; x++)
      fprintf(csv, ",%s,%s_accuracy,%s_accuracy_ci95_half", estimate_names[x], estimate_names[x], estimate_names[x]);
    for (int x = 0; published_keys[x]; x++)
      fprintf(csv, ",%s", published_keys[x]);
    fprintf(csv, ",source\n");
  }
  fprintf(md, "## workflows\n\neach workflow simulated whole with %s",
          stats_seeds_text(seeds, "workflows.csv", a, sizeof a));
  fprintf(md, ", and predicted once by Shi and Lu's workflow model from its jobs run alone (seed 1): Alg. 1 fed "
              "the tasks' medians, their means, Alg. 2 (normal task times), Alg. 1 with the printed Eqs. 7 and 8 "
              "(literal); the simulated makespan, and each predicted makespan with its accuracy, 100 - 100 "
              "|predicted - simulated| / simulated, against each seed's run: means over the seeds ± the "
              "half-width of their 95%% interval; the paper's figures for the workflow's class (median / mean / "
              "normal)\n\n| workflow | class | jobs | states | simulated |");
  for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
    fprintf(md, " %s |", estimate_names[x]);
  fprintf(md, " paper | source |\n|---|---|---:|---:|---:|");
  for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
    fprintf(md, "---:|");
  fprintf(md, "---:|---|\n");
  for (int i = 0; i < dv->n_entries; i++) {
    const dagval_entry *e = &dv->entries[i];
    const double *sim = simulated + first[i];
    stats_summary ms, acc[DAGVAL_N_ESTIMATES];
    stats_summarise(sim, e->seeds, &ms);
    for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
      class_accuracy(dv, &i, 1, w, simulated, first, x, &acc[x]);
    if (csv) {
      fprintf(csv, "%s,%s,%d,%d,%d,", e->name, e->cls, w[i].n_jobs, w[i].n_states, e->seeds);
      stats_csv(csv, &ms, 3);
      for (int x = 0; x < DAGVAL_N_ESTIMATES; x++) {
        fprintf(csv, ",%.3f,", estimate(&w[i], x));
        stats_csv(csv, &acc[x], 3);
      }
      for (int x = 0; published_keys[x]; x++)
        fprintf(csv, ",%s", csv_format(e->published[x], 2, a, sizeof a));
      fprintf(csv, ",%s\n", e->source);
    }
    fprintf(md, "| %s | %s | %d | %d | %s s |", e->name, e->cls, w[i].n_jobs, w[i].n_states,
            stats_text(&ms, 1, a, sizeof a));
    for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
      fprintf(md, " %.1f s (%s%%) |", estimate(&w[i], x), stats_text(&acc[x], 2, b, sizeof b));
    fprintf(md, " %s | %s |\n", figures(e->published, a, sizeof a), e->source);
  }
  /* each class's means at its first entry, beside the figures its entries
   * give (the first of each), and all entries' beside the paper's means;
   * a paper's figure in bold where it lies outside mrlab's interval */
  fprintf(md, "\n| class | workflows |");
  for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
    fprintf(md, " %s |%s", estimate_names[x], published_keys[x] ? " paper |" : "");
  fprintf(md, " source |\n|---|---:|");
  for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
    fprintf(md, "---:|%s", published_keys[x] ? "---:|" : "");
  fprintf(md, "---|\n");
  int *members = xcalloc((size_t)dv->n_entries + 1, sizeof *members);
  for (int i = 0; i <= dv->n_entries; i++) {
    const char *cls = i < dv->n_entries ? dv->entries[i].cls : NULL, *source = "Fig. 10a: all 51 DAGs";
    int n = 0, later = 0;
    double paper[DAGVAL_N_ESTIMATES];
    for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
      paper[x] = cls ? NAN : paper_all[x];
    for (int k = 0; k < dv->n_entries; k++) {
      if (cls && strcmp(dv->entries[k].cls, cls) != 0)
        continue;
      later |= cls && k < i; /* the class was shown at an earlier entry */
      for (int x = 0; x < DAGVAL_N_ESTIMATES; x++)
        if (cls && isnan(paper[x]))
          paper[x] = dv->entries[k].published[x];
      members[n++] = k;
    }
    if (later)
      continue;
    if (cls)
      source = dv->entries[i].source;
    fprintf(md, "| %s | %d |", cls ? cls : "all", n);
    for (int x = 0; x < DAGVAL_N_ESTIMATES; x++) {
      stats_summary s;
      class_accuracy(dv, members, n, w, simulated, first, x, &s);
      fprintf(md, " %s%% |", stats_text(&s, 2, a, sizeof a));
      if (!published_keys[x])
        continue;
      const char *mark = !isnan(paper[x]) && fabs(paper[x] - s.mean) > s.half ? "**" : "";
      if (isnan(paper[x]))
        fprintf(md, " - |");
      else
        fprintf(md, " %s%.2f%%%s |", mark, paper[x], mark);
    }
    fprintf(md, " %s |\n", source);
  }
  free(members);
  free(first);
}
