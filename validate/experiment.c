/* experiment.c - the experiments of an experiment file (experiment.h).
 * Each experiment's job is checked by writing it as a one-job workload
 * file and reading that as `mrlab run` would (entry.h), so an experiment
 * accepts exactly what `mrlab run` accepts and says so in the same words;
 * its runs get workload files written the same way. */
#include "experiment.h"

#include "alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    entry_copy_setting(j, config_setting_get_elem(e->job, (unsigned)i));
  int ok = config_write_file(&c, path) == CONFIG_TRUE;
  config_destroy(&c);
  return ok ? 0 : -1;
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
  platform *p = entry_read_platform(f, config_setting_get_member(g, "platform"), folder, e->platform);
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
  workload *w = entry_check_workload(f, e->job, path, NULL, 0);
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
  if (entry_path_format(s->dir, sizeof s->dir, "runs/%s/%s-%s-%d%s", e->name, kind, input, reduces, suffix) ||
      entry_path_format(s->workload, sizeof s->workload, "%s.cfg", s->dir) ||
      entry_path_format(s->log, sizeof s->log, "%s.log", s->dir) ||
      entry_path_format(s->platform, sizeof s->platform, "%s", platform) ||
      entry_path_format(path, sizeof path, "%s/%s", base, s->workload))
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

int experiment_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, experiment **ex,
                    int *n_ex)
{
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
