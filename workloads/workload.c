/* workload.c - reads a workload file into job descriptions.
 *
 * A job is described directly by its sizes, costs and selectivities, or
 * made by a generator (generator.h) that fills the same job_desc from a
 * model of the data.  Settings apply in Hadoop's order of precedence: defaults, then the
 * job's own `set` list, then the command line's --set. */
#include "workload.h"

#include "alloc.h"
#include "cfg.h"
#include "generator.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const top_keys[] = {"jobs", NULL};
static const char *const job_keys[] = {"name",
                                       "submit",
                                       "input",
                                       "record_size",
                                       "map_cost",
                                       "map_selectivity",
                                       "map_record_size",
                                       "combiner",
                                       "combiner_cost",
                                       "reduce_cost",
                                       "reduce_selectivity",
                                       "output_record_size",
                                       "reducers",
                                       "skew",
                                       "keys",
                                       "set",
                                       "placement",
                                       NULL};

/* The keys of a job made by a generator: these, then the generator's own. */
static const char *const generated_keys[] = {"name",     "submit", "generator", "input",
                                             "reducers", "seed",   "set",       "placement"};
#define N_GENERATED (sizeof generated_keys / sizeof *generated_keys)

/* Checks the keys of job G, made by generator GEN (NULL: described directly). */
static int check_job_keys(cfg_file *f, const config_setting_t *g, const generator *gen)
{
  if (!gen)
    return cfg_check_keys(f, g, job_keys);
  const char *known[64];
  size_t n = 0;
  for (; n < N_GENERATED; n++)
    known[n] = generated_keys[n];
  for (const char *const *p = gen->params; *p && n + 1 < sizeof known / sizeof *known; p++)
    known[n++] = *p;
  known[n] = NULL;
  return cfg_check_keys(f, g, known);
}

/* The generator job G names, if any: 0 and *OUT (NULL when none), or -1. */
static int find_generator(cfg_file *f, const config_setting_t *g, const generator **out)
{
  const char *name;
  *out = NULL;
  switch (cfg_get_string(f, g, "generator", 0, &name)) {
  case -1: return -1;
  case 1: return 0;
  }
  if ((*out = generator_find(name)))
    return 0;
  char list[256] = "";
  const char *names[16];
  int n = 0;
  for (const generator *const *k = generators; *k && n < 15; k++, n++) {
    names[n] = (*k)->name;
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", n ? ", " : "", names[n]);
  }
  names[n] = NULL;
  const char *near = cfg_nearest(name, names);
  return cfg_fail(f, config_setting_get_member(g, "generator"), "unknown generator \"%s\"%s%s%s (expected one of %s)",
                  name, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "", list);
}

/* Reads the job's `set` list into J's conf. */
static int read_sets(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *l = config_setting_get_member(g, "set");
  if (!l)
    return 0;
  if (!config_setting_is_array(l) && !config_setting_is_list(l))
    return cfg_fail(f, l, "expected a list of settings such as [\"mapreduce.job.reduces=8\"]");
  for (int i = 0; i < config_setting_length(l); i++) {
    config_setting_t *s = config_setting_get_elem(l, (unsigned)i);
    char err[512];
    if (config_setting_type(s) != CONFIG_TYPE_STRING)
      return cfg_fail(f, s, "expected a setting in double quotes such as \"mapreduce.job.reduces=8\"");
    if (conf_set(&j->conf, config_setting_get_string(s), err, sizeof err))
      return cfg_fail(f, s, "%s", err);
  }
  return 0;
}

/* An explicit input placement: { worker-name = weight; ... }. */
static int read_placement(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *pl = config_setting_get_member(g, "placement");
  if (!pl)
    return 0;
  if (!config_setting_is_group(pl) || config_setting_length(pl) == 0)
    return cfg_fail(f, pl, "expected weights per worker such as { worker-1 = 2.0; worker-2 = 1.0; }");
  j->placement_line = config_setting_source_line(pl);
  j->n_placed = config_setting_length(pl);
  j->placed_on = xcalloc((size_t)j->n_placed, sizeof *j->placed_on);
  j->placed_weight = xcalloc((size_t)j->n_placed, sizeof *j->placed_weight);
  for (int i = 0; i < j->n_placed; i++) {
    config_setting_t *e = config_setting_get_elem(pl, (unsigned)i);
    j->placed_on[i] = xstrdup(config_setting_name(e));
    if (cfg_get_number(f, pl, config_setting_name(e), 1, 0, 1e12, &j->placed_weight[i]))
      return -1;
  }
  return 0;
}

/* A size setting NAME of G with default DEF (bytes). */
static int read_size(cfg_file *f, const config_setting_t *g, const char *name, double def, double *out)
{
  *out = def;
  return cfg_get_quantity(f, g, name, 0, UNITS_SIZE, out) < 0 ? -1 : 0;
}

/* Partition shares: a Zipf exponent (share of partition p ~ 1/(p+1)^s) or
 * an explicit list, normalised. */
static int read_skew(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *s = config_setting_get_member(g, "skew");
  double total = 0;
  if (s && (config_setting_is_array(s) || config_setting_is_list(s))) {
    if (config_setting_length(s) != j->reduces)
      return cfg_fail(f, s, "expected one share per reducer (%d), got %d", j->reduces, config_setting_length(s));
    for (int p = 0; p < j->reduces; p++) {
      config_setting_t *e = config_setting_get_elem(s, (unsigned)p);
      double v = config_setting_type(e) == CONFIG_TYPE_FLOAT ? config_setting_get_float(e)
                 : config_setting_type(e) == CONFIG_TYPE_INT ? (double)config_setting_get_int(e)
                                                             : -1;
      if (!(v >= 0))
        return cfg_fail(f, e, "expected a share >= 0");
      j->share[p] = v;
      total += v;
    }
    if (!(total > 0))
      return cfg_fail(f, s, "expected some positive share, all are 0");
  } else {
    double exponent = 0;
    if (cfg_get_number(f, g, "skew", 0, 0, 10, &exponent) < 0)
      return -1;
    for (int p = 0; p < j->reduces; p++)
      total += j->share[p] = pow(p + 1, -exponent);
  }
  for (int p = 0; p < j->reduces; p++)
    j->share[p] /= total;
  return 0;
}

/* Draws the data of job D from generator GEN with the job's seed. */
static int generate(cfg_file *f, const config_setting_t *g, job_desc *d, const generator *gen)
{
  int seed = 1;
  if (cfg_get_int(f, g, "seed", 0, 0, &seed) < 0)
    return -1;
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(r, (unsigned long)seed);
  d->combiner = 1;
  int status = gen->make(f, g, d, r);
  gsl_rng_free(r);
  return status;
}

/* The costs, selectivities, skew and key groups of a job described directly. */
static int read_sizes(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  if (read_size(f, g, "record_size", 100, &j->record_size) ||
      read_size(f, g, "map_record_size", j->record_size, &j->map_record_size) ||
      read_size(f, g, "output_record_size", j->record_size, &j->output_record_size) ||
      cfg_get_number(f, g, "map_cost", 1, 0, 1e12, &j->map_cost) ||
      cfg_get_number(f, g, "map_selectivity", 1, 0, 1e6, &j->map_selectivity) ||
      cfg_get_number(f, g, "reduce_cost", 1, 0, 1e12, &j->reduce_cost) ||
      cfg_get_number(f, g, "reduce_selectivity", 1, 0, 1e6, &j->reduce_selectivity))
    return -1;
  j->combiner = 1;
  if (cfg_get_number(f, g, "combiner", 0, 1e-9, 1, &j->combiner) < 0 ||
      cfg_get_number(f, g, "combiner_cost", 0, 0, 1e12, &j->combiner_cost) < 0 || read_skew(f, g, j))
    return -1;
  int keys = 1000 * j->reduces;
  if (cfg_get_int(f, g, "keys", 0, 1, &keys) < 0)
    return -1;
  for (int p = 0; p < j->reduces; p++)
    j->groups[p] = llround(fmax(1, keys * j->share[p]));
  return 0;
}

static int read_job(cfg_file *f, const config_setting_t *g, job_desc *j, const char *const *sets, int n_sets)
{
  const char *name, *submit = "0s";
  const generator *gen;
  double input;
  conf_init(&j->conf);
  j->path = f->path;
  j->line = config_setting_source_line(g);
  /* the name keys the job's rows in the output CSVs: plain characters only */
  if (find_generator(f, g, &gen) || check_job_keys(f, g, gen) || cfg_get_name(f, g, 0, &name))
    return -1;
  j->name = xstrdup(name);
  if (cfg_get_string(f, g, "submit", 0, &submit) < 0)
    return -1;
  if (units_parse(UNITS_TIME, submit, &j->submit) || j->submit < 0)
    return cfg_fail(f, config_setting_get_member(g, "submit"), "expected %s, not negative, got \"%s\"",
                    units_expected(UNITS_TIME), submit);
  if (cfg_get_quantity(f, g, "input", 1, UNITS_SIZE, &input) || read_sets(f, g, j) || read_placement(f, g, j))
    return -1;
  j->input = llround(input);
  int reducers;
  switch (cfg_get_int(f, g, "reducers", 0, 1, &reducers)) {
  case -1: return -1;
  case 0: j->conf.v[CONF_REDUCES] = reducers; break;
  }
  for (int i = 0; i < n_sets; i++) {
    char err[512];
    if (conf_set(&j->conf, sets[i], err, sizeof err)) {
      snprintf(f->err, sizeof f->err, "--set %s: %s", sets[i], err);
      return -1;
    }
  }
  j->reduces = (int)conf_get(&j->conf, CONF_REDUCES);
  j->share = xcalloc((size_t)j->reduces, sizeof *j->share);
  j->groups = xcalloc((size_t)j->reduces, sizeof *j->groups);
  return gen ? generate(f, g, j, gen) : read_sizes(f, g, j);
}

/* Orders jobs by submit time, keeping file order among equals. */
static int by_submit(const void *a, const void *b)
{
  const job_desc *x = a, *y = b;
  return (x->submit > y->submit) - (x->submit < y->submit);
}

workload *workload_read(const char *path, const char *const *sets, int n_sets, char *err, size_t errlen)
{
  cfg_file f;
  workload *w = xcalloc(1, sizeof *w);
  config_setting_t *jobs = NULL;
  int bad = cfg_file_open(&f, path) || cfg_check_keys(&f, config_root_setting(&f.cfg), top_keys) ||
            !(jobs = cfg_get_list(&f, config_root_setting(&f.cfg), "jobs",
                                  "a non-empty list of jobs such as ( { name = \"sort\"; input = \"10GB\"; ... } )"));
  if (!bad) {
    w->jobs = xcalloc((size_t)config_setting_length(jobs), sizeof *w->jobs);
    for (int i = 0; i < config_setting_length(jobs) && !bad; i++, w->n_jobs++) {
      config_setting_t *g = config_setting_get_elem(jobs, (unsigned)i);
      bad = read_job(&f, g, &w->jobs[i], sets, n_sets);
      for (int k = 0; k < i && !bad; k++)
        if (strcmp(w->jobs[k].name, w->jobs[i].name) == 0)
          bad = cfg_fail(&f, config_setting_get_member(g, "name"), "expected a name of its own; job %d is \"%s\" too",
                         k + 1, w->jobs[i].name);
    }
  }
  if (bad) {
    snprintf(err, errlen, "%s", f.err);
    workload_free(w);
    w = NULL;
  } else {
    /* an insertion sort: stable, so jobs submitted together keep their file order */
    for (int i = 1; i < w->n_jobs; i++)
      for (int k = i; k > 0 && by_submit(&w->jobs[k - 1], &w->jobs[k]) > 0; k--) {
        job_desc t = w->jobs[k];
        w->jobs[k] = w->jobs[k - 1];
        w->jobs[k - 1] = t;
      }
  }
  cfg_file_close(&f);
  return w;
}

void workload_free(workload *w)
{
  if (!w)
    return;
  for (int i = 0; i < w->n_jobs; i++) {
    free(w->jobs[i].name);
    free(w->jobs[i].share);
    free(w->jobs[i].groups);
    keys_free(w->jobs[i].keys);
    for (int k = 0; k < w->jobs[i].n_placed; k++)
      free(w->jobs[i].placed_on[k]);
    free(w->jobs[i].placed_on);
    free(w->jobs[i].placed_weight);
  }
  free(w->jobs);
  free(w);
}
