/* experiment.c - experiment files (experiment.h).  Each experiment's job
 * is checked by writing it as a one-job workload file and reading that
 * with workload_read, so an experiment accepts exactly what `mrlab run`
 * accepts and says so in the same words; its runs get workload files
 * written the same way. */
#include "experiment.h"

#include "alloc.h"
#include "platform.h"
#include "workload.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* snprintf into OUT of size N: 0, or -1 if it did not fit. */
static int path_format(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int path_format(char *out, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(out, n, fmt, ap);
  va_end(ap);
  return len < 0 || (size_t)len >= n ? -1 : 0;
}

static const char *const experiment_keys[] = {"name",    "platform", "job",  "history",
                                              "targets", "deadline", "tune", NULL};
static const char *const history_keys[] = {"inputs", "reducers", NULL};
static const char *const target_keys[] = {"inputs", "reducers", "seeds", NULL};

static void grid_free(grid *g)
{
  free(g->inputs);
  free(g->reduces);
}

/* Reads grid NAME of experiment group E into G, and its runs a point into
 * *SEEDS (EXPERIMENT_SEEDS if not given) unless SEEDS is NULL (a grid
 * without seeds). */
static int read_grid(cfg_file *f, const config_setting_t *e, const char *name, grid *g, int *seeds)
{
  config_setting_t *s = cfg_get_group(f, e, name, seeds ? target_keys : history_keys,
                                      "a group { inputs = [\"1GB\", ...]; reducers = [4, ...]; }");
  if (!s)
    return -1;
  const cfg_bound runs = {1, EXPERIMENT_MAX_SIMS, "the simulations of an experiment file"};
  if (seeds) {
    *seeds = EXPERIMENT_SEEDS;
    if (cfg_get_bounded_int(f, s, "seeds", 0, &runs, seeds) < 0)
      return -1;
  }
  config_setting_t *in = cfg_member(f, s, "inputs", 1, "an array of sizes such as [\"1GB\", \"2GB\"]");
  config_setting_t *rd = cfg_member(f, s, "reducers", 1, "an array of whole numbers such as [4, 8]");
  if (!in || !rd)
    return -1;
  if (!config_setting_is_array(in) || config_setting_length(in) == 0)
    return cfg_fail(f, in, "expected a non-empty array of sizes such as [\"1GB\", \"2GB\"]");
  if (!config_setting_is_array(rd) || config_setting_length(rd) == 0)
    return cfg_fail(f, rd, "expected a non-empty array of whole numbers such as [4, 8]");
  g->n_inputs = config_setting_length(in);
  g->n_reduces = config_setting_length(rd);
  if ((long long)g->n_inputs * g->n_reduces > EXPERIMENT_MAX_SIMS)
    return cfg_fail(f, s,
                    "expected at most %d points (mrlab's bound on the simulations of an experiment file), got %lld "
                    "(%d inputs times %d reducer counts)",
                    EXPERIMENT_MAX_SIMS, (long long)g->n_inputs * g->n_reduces, g->n_inputs, g->n_reduces);
  g->inputs = xcalloc((size_t)g->n_inputs, sizeof *g->inputs);
  g->reduces = xcalloc((size_t)g->n_reduces, sizeof *g->reduces);
  for (int i = 0; i < g->n_inputs; i++) {
    config_setting_t *v = config_setting_get_elem(in, (unsigned)i);
    double bytes;
    if (config_setting_type(v) != CONFIG_TYPE_STRING || units_parse(UNITS_SIZE, config_setting_get_string(v), &bytes) ||
        !(bytes > 0) ||
        strspn(config_setting_get_string(v), "0123456789.kKMGTPiB") != strlen(config_setting_get_string(v)))
      return cfg_fail(f, in, "expected sizes such as \"2500MB\" (%s), positive", units_expected(UNITS_SIZE));
    g->inputs[i] = config_setting_get_string(v);
  }
  for (int i = 0; i < g->n_reduces; i++) {
    config_setting_t *v = config_setting_get_elem(rd, (unsigned)i);
    if (config_setting_type(v) != CONFIG_TYPE_INT || config_setting_get_int(v) < 1)
      return cfg_fail(f, rd, "expected whole numbers of at least 1");
    g->reduces[i] = config_setting_get_int(v);
  }
  return 0;
}

void experiment_copy_setting(config_setting_t *to, const config_setting_t *from)
{
  int type = config_setting_type(from);
  config_setting_t *s = config_setting_add(to, config_setting_is_group(to) ? config_setting_name(from) : NULL, type);
  switch (type) {
  case CONFIG_TYPE_INT: config_setting_set_int(s, config_setting_get_int(from)); break;
  case CONFIG_TYPE_INT64: config_setting_set_int64(s, config_setting_get_int64(from)); break;
  case CONFIG_TYPE_FLOAT: config_setting_set_float(s, config_setting_get_float(from)); break;
  case CONFIG_TYPE_BOOL: config_setting_set_bool(s, config_setting_get_bool(from)); break;
  case CONFIG_TYPE_STRING: config_setting_set_string(s, config_setting_get_string(from)); break;
  default:
    for (int i = 0; i < config_setting_length(from); i++)
      experiment_copy_setting(s, config_setting_get_elem(from, (unsigned)i));
  }
}

int experiment_write_workload(const experiment *e, const char *input, int reduces, const char *path)
{
  config_t c;
  config_init(&c);
  config_setting_t *jobs = config_setting_add(config_root_setting(&c), "jobs", CONFIG_TYPE_LIST);
  config_setting_t *j = config_setting_add(jobs, NULL, CONFIG_TYPE_GROUP);
  config_setting_set_string(config_setting_add(j, "name", CONFIG_TYPE_STRING), e->name);
  config_setting_set_string(config_setting_add(j, "input", CONFIG_TYPE_STRING), input);
  config_setting_set_int(config_setting_add(j, "reducers", CONFIG_TYPE_INT), reduces);
  for (int i = 0; i < config_setting_length(e->job); i++)
    experiment_copy_setting(j, config_setting_get_elem(e->job, (unsigned)i));
  int ok = config_write_file(&c, path) == CONFIG_TRUE;
  config_destroy(&c);
  return ok ? 0 : -1;
}

platform *experiment_read_platform(cfg_file *f, const config_setting_t *s, const char *folder, char out[4096])
{
  const char *where = config_setting_get_string(s);
  if (path_format(out, 4096, "%s%s%s", where[0] == '/' ? "" : folder, where[0] == '/' ? "" : "/", where)) {
    cfg_fail(f, s, "expected a shorter path");
    return NULL;
  }
  char why[1024], whole[PATH_MAX];
  platform *p = platform_read(out, why, sizeof why);
  if (!p) {
    cfg_fail(f, s, "%s", why);
    return NULL;
  }
  /* the runs start in the validation directory: they need the whole path */
  const char *why_not = !realpath(out, whole)                 ? strerror(errno)
                        : path_format(out, 4096, "%s", whole) ? "too long"
                                                              : NULL;
  if (why_not) {
    platform_free(p);
    cfg_fail(f, s, "%s: cannot resolve: %s", out, why_not);
    return NULL;
  }
  return p;
}

workload *experiment_check_workload(cfg_file *f, const config_setting_t *at, const char *path, const char *const *sets,
                                    int n_sets)
{
  char why[1024];
  workload *w = workload_read(path, sets, n_sets, why, sizeof why);
  remove(path);
  if (!w) {
    /* the job as `mrlab run` reads it: its errors, without the scratch file's name */
    const char *job = strstr(why, "jobs[0].");
    cfg_fail(f, at, "%s", job ? job + strlen("jobs[0].") : why);
  }
  return w;
}

/* Reads experiment group G of file F into E, checking its platform and job
 * by reading them as `mrlab run` would. */
static int read_experiment(cfg_file *f, const config_setting_t *g, const char *folder, const char *scratch,
                           experiment *e)
{
  const char *where, *deadline = NULL;
  if (cfg_check_keys(f, g, experiment_keys) || cfg_get_name(f, g, 0, &e->name) ||
      cfg_get_string(f, g, "platform", 1, &where) < 0 || cfg_get_string(f, g, "deadline", 0, &deadline) < 0 ||
      read_grid(f, g, "history", &e->history, NULL) || read_grid(f, g, "targets", &e->targets, &e->seeds))
    return -1;
  if (deadline && (units_parse(UNITS_TIME, deadline, &e->deadline) || !(e->deadline > 0) ||
                   !(e->deadline <= WORKLOAD_MAX_RUN)))
    return cfg_fail(f, config_setting_get_member(g, "deadline"),
                    "expected a positive time such as \"60s\", at most 30 days (mrlab's bound on a run), got \"%s\"",
                    deadline);
  platform *p = experiment_read_platform(f, config_setting_get_member(g, "platform"), folder, e->platform);
  if (!p)
    return -1;
  e->n_workers = p->n_workers;
  e->nic = INFINITY;
  for (int i = 0; i < p->n_classes; i++) {
    const platform_class *c = &p->classes[i];
    e->nic = fmin(e->nic, c->nic.bandwidth);
    for (int d = 0; d < c->n_disks; d++)
      e->lrw_rate += c->count / (1 / c->disks[d].read_bw + 1 / c->disks[d].write_bw);
  }
  platform_free(p);
  config_setting_t *tune = config_setting_get_member(g, "tune");
  if (tune && config_setting_type(tune) != CONFIG_TYPE_BOOL)
    return cfg_fail(f, tune, "expected true or false");
  e->tune = tune && config_setting_get_bool(tune);
  e->job = cfg_member(f, g, "job", 1, "a group of job settings such as { generator = \"terasort\"; }");
  if (!e->job)
    return -1;
  if (!config_setting_is_group(e->job))
    return cfg_fail(f, e->job, "expected a group of job settings such as { generator = \"terasort\"; }");
  for (const char *const *k = (const char *const[]){"name", "input", "reducers", NULL}; *k; k++)
    if (config_setting_get_member(e->job, *k))
      return cfg_fail(f, config_setting_get_member(e->job, *k), "expected it in history and targets, not in the job");
  char path[4096];
  snprintf(path, sizeof path, "%s/check.cfg", scratch);
  if (experiment_write_workload(e, e->history.inputs[0], e->history.reduces[0], path))
    return cfg_fail(f, e->job, "cannot write %s", path);
  workload *w = experiment_check_workload(f, e->job, path, NULL, 0);
  if (!w)
    return -1;
  const conf *jc = &w->jobs[0].conf;
  e->profiled = (tune_plan){conf_get(jc, CONF_BLOCKSIZE), 0, (int)conf_get(jc, CONF_PARALLELCOPIES),
                            conf_get(jc, CONF_COMPRESS) != 0};
  e->startup = conf_get(jc, CONF_TASK_STARTUP);
  workload_free(w);
  return 0;
}

int experiment_plan(sim *s, const experiment *e, const char *base, const char *kind, const char *input, int reduces,
                    int seed, const char *platform)
{
  char path[8192], suffix[32] = "";
  if (seed > 1)
    snprintf(suffix, sizeof suffix, "-seed%d", seed);
  s->seed = seed;
  if (path_format(s->dir, sizeof s->dir, "runs/%s/%s-%s-%d%s", e->name, kind, input, reduces, suffix) ||
      path_format(s->workload, sizeof s->workload, "%s.cfg", s->dir) ||
      path_format(s->log, sizeof s->log, "%s.log", s->dir) ||
      path_format(s->platform, sizeof s->platform, "%s", platform) ||
      path_format(path, sizeof path, "%s/%s", base, s->workload))
    return -1;
  return experiment_write_workload(e, input, reduces, path);
}

int grid_size(const grid *g)
{
  return g->n_inputs * g->n_reduces;
}

int experiment_n_runs(const experiment *e)
{
  return grid_size(&e->history) + grid_size(&e->targets) * e->seeds + e->tune;
}

int experiment_target_run(const experiment *e, int t, int seed)
{
  return grid_size(&e->history) + t * e->seeds + seed - 1;
}

long long experiment_n_sims(const experiment *e)
{
  return grid_size(&e->history) + (long long)grid_size(&e->targets) * e->seeds * (1 + (e->deadline > 0) + e->tune) +
         e->tune;
}

/* Fails on the first entry of LIST (groups named as the NAMES of A) whose
 * name is one of the N names of B, each WHAT_B; runs/ holds them all. */
static int names_clash(cfg_file *f, const config_setting_t *list, const char *const *a, int n_a, const char *const *b,
                       int n_b, const char *what_b)
{
  for (int i = 0; i < n_a; i++)
    for (int k = 0; k < n_b; k++)
      if (strcmp(a[i], b[k]) == 0)
        return cfg_fail(f, config_setting_get_member(config_setting_get_elem(list, (unsigned)i), "name"),
                        "expected a name of its own; %s %d has it", what_b, k + 1);
  return 0;
}

int experiment_read_file(cfg_file *f, const char *path, experiment **ex, int *n_ex, comparison **cmp, int *n_cmp,
                         progval *ind, dagval *dv, replayval *rv)
{
  char copy[4096], folder[4096], scratch[] = "/tmp/mrlab-validate-XXXXXX";
  snprintf(copy, sizeof copy, "%s", path);
  snprintf(folder, sizeof folder, "%s", dirname(copy));
  if (cfg_file_open(f, path))
    return -1;
  const config_setting_t *root = config_root_setting(&f->cfg);
  if (cfg_check_keys(f, root, (const char *const[]){"experiments", "comparisons", "progress", "workflows", "replays", "slurm",
                                                  NULL}))
    return -1;
  int has_ex = config_setting_get_member(root, "experiments") != NULL;
  int has_cmp = config_setting_get_member(root, "comparisons") != NULL;
  int has_progress = config_setting_get_member(root, "progress") != NULL;
  int has_workflows = config_setting_get_member(root, "workflows") != NULL;
  int has_replays = config_setting_get_member(root, "replays") != NULL;
  config_setting_t *list = NULL, *cmps = NULL, *entries = NULL, *workflows = NULL, *replays = NULL;
  if ((has_ex || (!has_cmp && !has_progress && !has_workflows && !has_replays)) &&
      !(list = cfg_get_list(f, root, "experiments",
                            "a non-empty list of experiments ( { name = ...; platform = ...; ... } )")))
    return -1;
  if (has_cmp && !(cmps = cfg_get_list(f, root, "comparisons",
                                       "a non-empty list of comparisons ( { name = ...; platform = ...; ... } )")))
    return -1;
  if (has_progress && !(entries = cfg_get_list(f, root, "progress",
                                               "a non-empty list of progress entries ( { name = ...; platform = ...; "
                                               "... } )")))
    return -1;
  if (has_workflows &&
      !(workflows = cfg_get_list(f, root, "workflows",
                                 "a non-empty list of workflow entries ( { name = ...; platform = ...; "
                                 "workload = ...; ... } )")))
    return -1;
  if (has_replays && !(replays = cfg_get_list(f, root, "replays",
                                              "a non-empty list of replay entries ( { name = ...; platform = ...; "
                                              "histories = [...]; } )")))
    return -1;
  if (!mkdtemp(scratch)) {
    snprintf(f->err, sizeof f->err, "%s: cannot create: %s", scratch, strerror(errno));
    return -1;
  }
  int n = list ? config_setting_length(list) : 0;
  *ex = xcalloc(n > 0 ? (size_t)n : 1, sizeof **ex);
  int status = 0;
  long long total = 0;
  for (int i = 0; i < n && !status; i++) {
    config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    (*n_ex)++;
    status = read_experiment(f, g, folder, scratch, &(*ex)[i]);
    for (int k = 0; k < i && !status; k++)
      if (strcmp((*ex)[k].name, (*ex)[i].name) == 0)
        status = cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; experiment %d has it",
                          k + 1);
    if (!status && (total += experiment_n_sims(&(*ex)[i])) > EXPERIMENT_MAX_SIMS)
      status = cfg_fail(f, g,
                        "expected at most %d simulations in all (mrlab's bound on an experiment file), got %lld up to "
                        "this experiment",
                        EXPERIMENT_MAX_SIMS, total);
  }
  if (!status && cmps)
    status = compare_read(f, cmps, folder, scratch, EXPERIMENT_MAX_SIMS - total, 0, cmp, n_cmp);
  if (!status && entries)
    status = progval_read(f, entries, folder, scratch, EXPERIMENT_MAX_SIMS - total - compare_n_runs(*cmp, *n_cmp), ind);
  if (!status && workflows)
    status =
        dagval_read(f, workflows, folder, EXPERIMENT_MAX_SIMS - total - compare_n_runs(*cmp, *n_cmp) - ind->n_runs, dv);
  if (!status && replays)
    status = replayval_read(f, replays, folder, scratch,
                            EXPERIMENT_MAX_SIMS - total - compare_n_runs(*cmp, *n_cmp) - ind->n_runs - dv->n_targets -
                                dv->n_alone,
                            rv);
  /* experiments, comparisons, progress, workflow and replay entries share
   * runs/: each entry's name is its own among them all */
  enum { KINDS = 5 };
  const config_setting_t *lists[KINDS] = {list, cmps, entries, workflows, replays};
  const int counts[KINDS] = {*n_ex, *n_cmp, ind->n_entries, dv->n_entries, rv->n_entries};
  static const char *const what[KINDS] = {"experiment", "comparison", "progress entry", "workflow entry",
                                          "replay entry"};
  const char **names[KINDS];
  for (int k = 0; k < KINDS; k++)
    names[k] = xcalloc((size_t)counts[k] + 1, sizeof *names[k]);
  for (int i = 0; i < *n_ex; i++)
    names[0][i] = (*ex)[i].name;
  for (int i = 0; i < *n_cmp; i++)
    names[1][i] = (*cmp)[i].name;
  for (int i = 0; i < ind->n_entries; i++)
    names[2][i] = ind->entries[i].name;
  for (int i = 0; i < dv->n_entries; i++)
    names[3][i] = dv->entries[i].name;
  for (int i = 0; i < rv->n_entries; i++)
    names[4][i] = rv->entries[i].name;
  for (int k = 1; k < KINDS && !status; k++)
    for (int before = 0; before < k && !status; before++)
      status = names_clash(f, lists[k], names[k], counts[k], names[before], counts[before], what[before]);
  for (int k = 0; k < KINDS; k++)
    free(names[k]);
  rmdir(scratch);
  return status;
}

void experiment_free_all(experiment *ex, int n_ex)
{
  for (int e = 0; e < n_ex; e++) {
    grid_free(&ex[e].history);
    grid_free(&ex[e].targets);
  }
  free(ex);
}
