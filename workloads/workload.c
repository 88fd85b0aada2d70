/* workload.c - reads a workload file into job descriptions.
 *
 * A job is described directly by its sizes, costs and selectivities, or
 * made by a generator (generator.h) that fills the same job_desc from a
 * model of the data.  Settings apply in Hadoop's order of precedence: defaults, then
 * Hadoop's XML files (`--conf`, read into a base by hadoopconf.c), then the job's own
 * `set` list, then the command line's --set.
 *
 * Every size, count and time is bounded (the table below, and conf.c for
 * properties), so that an accepted job fits in memory and simulates in
 * reasonable time: what the engine allocates grows with maps plus
 * reducers (a generator's key data and the tables of a job of many files
 * with their product), and its events with maps, chunks and simulated time.  A bound
 * that depends on two settings (input and dfs.blocksize) is checked once
 * both are known and names the input's line.
 *
 * A workflow (`after`, `input = "parent:NAME"`) is checked before any job
 * is read (names, no cycle), and jobs are then read parents first: a child
 * whose input is a parent's output takes its size from workload_output,
 * which computes the bytes the parent's tasks will write exactly as the
 * engine's tasks do (the same functions), so the child's maps, and a
 * generator's key data for them, are known before the run. */
#include "workload.h"

#include "alloc.h"
#include "cfg.h"
#include "generator.h"
#include "nameset.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* mrlab's bounds on a workload (docs/limits.md). */
#define DAY 86400.0
#define TiB 1099511627776.0
#define MAX_MAPS 100000       /* 12 TiB in 128 MiB blocks; a terabyte is 8,192 maps */
#define MAX_KEYED 150000000   /* a generator's maps x reducers: its key data keeps 8 bytes per map and partition */
#define MAX_TABLES 50000000   /* split sizes x reducers: the engine keeps 16 bytes per split size and partition */
#define MAX_CHUNKS 10000000   /* bytes piped / mrlab.pipeline.chunk: every chunk is several simulated events */
#define MAX_EXPLICIT 10000000 /* reducers x mrlab.reduce.explicit.groups: 16 bytes each */
#define MAX_HEARTBEATS 1e7    /* a run's span times its heartbeats a second: about 25,000 a second of wall time */
#define MAX_DAYS WORKLOAD_MAX_DAYS /* simulated time */
static const cfg_bound n_jobs = {1, WORKLOAD_MAX_JOBS, "the jobs of a workload"};
static const cfg_bound submit_time = {0, MAX_DAYS *DAY, "a job's submit time"};
static const cfg_bound job_input = {1, 100 * TiB, "a job's input"};
static const cfg_bound job_files = {1, MAX_MAPS, "a job's input files, each a map at least"};
static const cfg_bound record_bytes = {1, WORKLOAD_MAX_RECORD, "a record's size"};
static const cfg_bound key_groups = {1, 1e12, "a job's key groups"};
static const cfg_bound job_output = {0, WORKLOAD_MAX_OUTPUT, "the bytes a job's map or reduce stage writes"};
static const cfg_bound recorded_time = {1e-3, MAX_DAYS *DAY, "a job's recorded duration"};

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
                                       "ratios",
                                       "redistribute",
                                       "files",
                                       "file_sizes",
                                       "split_hosts",
                                       "after",
                                       "queue",
                                       "shuffle",
                                       "output",
                                       "recorded",
                                       NULL};

/* The keys of a job made by a generator: these, then the generator's own. */
static const char *const generated_keys[] = {"name",  "submit",    "generator",  "input",        "reducers", "seed",
                                             "set",   "placement", "ratios",     "redistribute", "files",    "after",
                                             "queue", "recorded",  "file_sizes", "split_hosts"};
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
    if (conf_set(&j->conf, CONF_JOB, config_setting_get_string(s), err, sizeof err))
      return cfg_fail(f, s, "%s", err);
  }
  return 0;
}

/* The placement policies a string names; "all-in:" takes a name after it. */
static const char *const placement_names[] = {"default", "even", "ratio", "all-in:", NULL};

/* Reads S, a placement: a policy named in a string ("default", "even",
 * "ratio", "all-in:NAME") or explicit weights in a group ({ worker-1 = 2.0;
 * ... }), into OUT.  Workers and classes are names here; the engine, which
 * knows the platform, resolves them.  Returns 0, or -1 with F->err set. */
static int read_placement_setting(cfg_file *f, const config_setting_t *s, placement_desc *out)
{
  out->line = config_setting_source_line(s);
  if (config_setting_type(s) == CONFIG_TYPE_STRING) {
    const char *v = config_setting_get_string(s);
    if (strncmp(v, "all-in:", 7) == 0 && v[7]) {
      out->kind = PLACEMENT_ALL_IN;
      out->all_in = xstrdup(v + 7);
      return 0;
    }
    for (int k = 0; k < 3; k++)
      if (strcmp(v, placement_names[k]) == 0) {
        out->kind = (placement_kind[]){PLACEMENT_DEFAULT, PLACEMENT_EVEN, PLACEMENT_RATIO}[k];
        return 0;
      }
    const char *near = strcmp(v, "all-in:") == 0 ? NULL : cfg_nearest(v, placement_names);
    return cfg_fail(f, s,
                    "expected \"default\", \"even\", \"ratio\", \"all-in:NAME\" (a worker or node class) or weights "
                    "per worker such as { worker-1 = 2.0; }, got \"%s\"%s%s%s",
                    v, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
  }
  if (!config_setting_is_group(s) || config_setting_length(s) == 0)
    return cfg_fail(f, s,
                    "expected a policy such as \"ratio\" or weights per worker such as { worker-1 = 2.0; worker-2 = "
                    "1.0; }");
  out->kind = PLACEMENT_EXPLICIT;
  out->n_placed = config_setting_length(s);
  out->placed_on = xcalloc((size_t)out->n_placed, sizeof *out->placed_on);
  out->placed_weight = xcalloc((size_t)out->n_placed, sizeof *out->placed_weight);
  for (int i = 0; i < out->n_placed; i++) {
    config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
    out->placed_on[i] = xstrdup(config_setting_name(e));
    if (cfg_get_number(f, s, config_setting_name(e), 1, 0, 1e12, &out->placed_weight[i]))
      return -1;
  }
  return 0;
}

static void placement_desc_free(placement_desc *d)
{
  free(d->all_in);
  for (int k = 0; k < d->n_placed; k++)
    free(d->placed_on[k]);
  free(d->placed_on);
  free(d->placed_weight);
}

/* The job's input placement, if it has one (Hadoop's default otherwise). */
static int read_placement(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *pl = config_setting_get_member(g, "placement");
  return pl ? read_placement_setting(f, pl, &j->placement) : 0;
}

/* Ratios per node class or worker from group G of F into T. */
static int read_ratio_group(cfg_file *f, const config_setting_t *g, ratio_table *t)
{
  if (!config_setting_is_group(g) || config_setting_length(g) == 0)
    return cfg_fail(f, g,
                    "expected computing ratios per node class or worker such as { A = 1.0; B = 2.0; }, or the name "
                    "of a file written by `mrlab ratios`");
  t->names = xcalloc((size_t)config_setting_length(g), sizeof *t->names);
  t->values = xcalloc((size_t)config_setting_length(g), sizeof *t->values);
  while (t->n < config_setting_length(g)) {
    config_setting_t *e = config_setting_get_elem(g, (unsigned)t->n);
    double *v = &t->values[t->n];
    t->names[t->n++] = xstrdup(config_setting_name(e)); /* counted at once, so that workload_free frees it */
    if (cfg_get_number(f, g, config_setting_name(e), 1, -1e12, 1e12, v))
      return -1;
    if (!(*v > 0))
      return cfg_fail(f, e, "expected a computing ratio above 0 (a node's time over the fastest's), got %g", *v);
  }
  return 0;
}

static const char *const redistribute_keys[] = {"from", "appended", "added", NULL};

/* The job's `redistribute` group, if any, once its input is known. */
static int read_redistribute(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *rd = config_setting_get_member(g, "redistribute");
  if (!rd)
    return 0;
  if (!config_setting_is_group(rd))
    return cfg_fail(f, rd, "expected { from = PLACEMENT; appended = SIZE; added = [\"worker\", ...]; }");
  if (cfg_check_keys(f, rd, redistribute_keys))
    return -1;
  j->redistribute_line = config_setting_source_line(rd);
  j->from = xcalloc(1, sizeof *j->from); /* Hadoop's policy, unless `from` says otherwise */
  config_setting_t *from = config_setting_get_member(rd, "from");
  if (from && read_placement_setting(f, from, j->from))
    return -1;
  if (j->from->kind == PLACEMENT_RATIO && j->ratios.n == 0)
    return cfg_fail(f, from,
                    "placement \"ratio\" needs the job's computing ratios: expected ratios = { CLASS = 1.0; "
                    "... } or ratios = \"FILE\" in the job");
  double appended = 0;
  if (cfg_get_quantity(f, rd, "appended", 0, UNITS_SIZE, &appended) < 0)
    return -1;
  if (llround(appended) >= j->input)
    return cfg_fail(f, config_setting_get_member(rd, "appended"),
                    "expected less than the job's input (%lld bytes), got %.0f bytes", (long long)j->input, appended);
  j->appended = llround(appended);
  config_setting_t *l = config_setting_get_member(rd, "added");
  if (!l)
    return 0;
  if (!config_setting_is_array(l) && !config_setting_is_list(l))
    return cfg_fail(f, l, "expected a list of worker names such as [\"C-1\", \"C-2\"]");
  j->added = xcalloc((size_t)config_setting_length(l), sizeof *j->added);
  for (int i = 0; i < config_setting_length(l); i++, j->n_added++) {
    config_setting_t *e = config_setting_get_elem(l, (unsigned)i);
    if (config_setting_type(e) != CONFIG_TYPE_STRING)
      return cfg_fail(f, e, "expected a worker name in double quotes such as \"C-1\"");
    j->added[i] = xstrdup(config_setting_get_string(e));
  }
  return 0;
}

/* The job's computing ratios: a group, or the name of a file that `mrlab
 * ratios` wrote (relative to the workload file), whose errors name it. */
/* The ratios file NAME (relative to F's folder when RELATIVE, else as
 * given) into T; on failure F->err says "WHERE: ..." when WHERE is not
 * NULL, else it points at setting S of F. */
static int read_ratios_file(cfg_file *f, const config_setting_t *s, const char *where, const char *name, int relative,
                            ratio_table *t)
{
  const char *slash = strrchr(f->path, '/');
  char path[8192];
  if (name[0] == '/' || !slash || !relative)
    snprintf(path, sizeof path, "%s", name);
  else
    snprintf(path, sizeof path, "%.*s/%s", (int)(slash - f->path), f->path, name);
  static const char *const file_keys[] = {"ratios", NULL};
  cfg_file rf;
  config_setting_t *group = NULL;
  int bad = 0;
  if (cfg_file_open(&rf, path)) {
    if (where)
      bad = -1, snprintf(f->err, sizeof f->err, "%.600s: expected a ratios file written by `mrlab ratios`: %.300s",
                         where, rf.err);
    else
      bad = cfg_fail(f, s, "expected a ratios file written by `mrlab ratios`: %s", rf.err);
  } else if (cfg_check_keys(&rf, config_root_setting(&rf.cfg), file_keys) ||
             !(group = cfg_member(&rf, config_root_setting(&rf.cfg), "ratios", 1,
                                  "computing ratios such as ratios = { A = 1.0; B = 2.0; }")) ||
             read_ratio_group(&rf, group, t))
    bad = -1, snprintf(f->err, sizeof f->err, "%s", rf.err);
  cfg_file_close(&rf);
  return bad;
}

static int read_ratios(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *r = config_setting_get_member(g, "ratios");
  if (!r)
    return 0;
  j->ratios.line = config_setting_source_line(r);
  if (config_setting_type(r) != CONFIG_TYPE_STRING)
    return read_ratio_group(f, r, &j->ratios);
  return read_ratios_file(f, r, NULL, config_setting_get_string(r), 1, &j->ratios);
}

static void ratio_table_free(ratio_table *t)
{
  for (int k = 0; k < t->n; k++)
    free(t->names[k]);
  free(t->names);
  free(t->values);
  *t = (ratio_table){0};
}

/* mrlab.placement and mrlab.ratios, when set, over job J's own `placement`
 * and `ratios` (G).  IN_FILE says whether the job's `set` list named the
 * ratios file last, so that it is read from the workload file's folder;
 * one named by --set or a Hadoop XML file is read from the current
 * directory, as any path on the command line is. */
static int read_text_properties(cfg_file *f, const config_setting_t *g, job_desc *j, int in_file)
{
  const char *placement = conf_text(&j->conf, CONF_PLACEMENT), *ratios = conf_text(&j->conf, CONF_RATIOS);
  if (placement[0]) { /* checked by conf_set: default, even, ratio or all-in:NAME */
    placement_desc_free(&j->placement);
    j->placement = (placement_desc){.line = j->line, .property = 1};
    if (strncmp(placement, "all-in:", 7) == 0) {
      j->placement.kind = PLACEMENT_ALL_IN;
      j->placement.all_in = xstrdup(placement + 7);
    } else {
      for (int k = 0; k < 3; k++)
        if (strcmp(placement, placement_names[k]) == 0)
          j->placement.kind = (placement_kind[]){PLACEMENT_DEFAULT, PLACEMENT_EVEN, PLACEMENT_RATIO}[k];
    }
  }
  if (ratios[0]) {
    char where[CONF_TEXT_MAX + 64];
    snprintf(where, sizeof where, "%s:%d: job %s: mrlab.ratios=%s", f->path, j->line, j->name, ratios);
    ratio_table_free(&j->ratios);
    j->ratios.line = j->line;
    j->ratios.property = 1;
    if (read_ratios_file(f, NULL, where, ratios, in_file, &j->ratios))
      return -1;
  }
  if (j->placement.kind == PLACEMENT_RATIO && j->ratios.n == 0) {
    if (j->placement.property)
      return snprintf(f->err, sizeof f->err,
                      "%s:%d: job %s: mrlab.placement=ratio needs the job's computing ratios: expected ratios = { "
                      "CLASS = 1.0; ... } in the job, or mrlab.ratios=FILE",
                      f->path, j->line, j->name),
             -1;
    return cfg_fail(f, config_setting_get_member(g, "placement"),
                    "placement \"ratio\" needs the job's computing ratios: expected ratios = { CLASS = 1.0; ... } or "
                    "ratios = \"FILE\" beside it, or mrlab.ratios=FILE");
  }
  return 0;
}

/* A record size NAME of G with default DEF (bytes). */
static int read_size(cfg_file *f, const config_setting_t *g, const char *name, double def, double *out)
{
  *out = def;
  return cfg_get_bounded_quantity(f, g, name, 0, UNITS_SIZE, &record_bytes, out) < 0 ? -1 : 0;
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

/* The optional size NAME of G, a whole number of bytes that may be 0
 * ("0B"), within job_output, into *OUT (untouched when absent). */
static int read_bytes(cfg_file *f, const config_setting_t *g, const char *name, double *out)
{
  config_setting_t *s = config_setting_get_member(g, name);
  double v;
  if (!s)
    return 0;
  if (config_setting_type(s) != CONFIG_TYPE_STRING || units_parse(UNITS_SIZE, config_setting_get_string(s), &v) ||
      v != floor(v))
    return cfg_fail(f, s, "expected a whole number of bytes such as \"2339561B\" or \"0B\", in double quotes");
  if (cfg_check_bound(f, s, UNITS_SIZE, &job_output, v))
    return -1;
  *out = v;
  return 0;
}

/* A job's map output after the combiner (`shuffle`) and its output
 * (`output`) given as bytes, as a trace records them, instead of
 * selectivities, into *SHUFFLE and *OUTPUT (-1 when absent).  Fails if a
 * selectivity is given beside the bytes that replace it, or in a map-only
 * job what only a shuffle has: its bytes, a combiner (Hadoop runs none when
 * maps write to HDFS), partition skew or key groups.  A trace's tiny input with a large output (SWIM has jobs of
 * 62 bytes writing 1 GB) is why the bytes may exceed map_selectivity's
 * bound. */
static int read_stage_bytes(cfg_file *f, const config_setting_t *g, const job_desc *j, double *shuffle, double *output)
{
  if (read_bytes(f, g, "shuffle", shuffle) || read_bytes(f, g, "output", output))
    return -1;
  config_setting_t *ms = config_setting_get_member(g, "map_selectivity"),
                   *rs = config_setting_get_member(g, "reduce_selectivity");
  static const char *const shuffle_only[] = {"shuffle", "combiner", "combiner_cost", "skew", "keys", NULL};
  for (int i = 0; j->reduces == 0 && shuffle_only[i]; i++) {
    config_setting_t *s = config_setting_get_member(g, shuffle_only[i]);
    if (s)
      return cfg_fail(f, s,
                      "expected no %s in a map-only job (reducers = 0), whose maps write their output to HDFS "
                      "with no combiner, partitions or key groups",
                      shuffle_only[i]);
  }
  if (*shuffle >= 0 && ms)
    return cfg_fail(f, ms, "expected either shuffle or map_selectivity, not both");
  if (*output >= 0 && (j->reduces ? rs : ms))
    return cfg_fail(f, j->reduces ? rs : ms, "expected either output or %s, not both",
                    j->reduces ? "reduce_selectivity" : "map_selectivity (a map-only job's maps write its output)");
  return 0;
}

/* The costs, selectivities, skew and key groups of a job described directly. */
static int read_sizes(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  double shuffle = -1, output = -1, input = (double)j->input;
  j->combiner = 1;
  if (cfg_get_number(f, g, "combiner", 0, 1e-9, 1, &j->combiner) < 0 || read_stage_bytes(f, g, j, &shuffle, &output))
    return -1;
  int map_bytes = shuffle >= 0 || (j->reduces == 0 && output >= 0), reduce_bytes = j->reduces > 0 && output >= 0;
  if (read_size(f, g, "record_size", 100, &j->record_size) ||
      read_size(f, g, "map_record_size", j->record_size, &j->map_record_size) ||
      read_size(f, g, "output_record_size", j->record_size, &j->output_record_size) ||
      cfg_get_number(f, g, "map_cost", 1, 0, WORKLOAD_MAX_BYTE_COST, &j->map_cost) ||
      cfg_get_number(f, g, "map_selectivity", !map_bytes, 0, 1e6, &j->map_selectivity) < 0 ||
      cfg_get_number(f, g, "reduce_cost", j->reduces > 0, 0, WORKLOAD_MAX_BYTE_COST, &j->reduce_cost) < 0 ||
      cfg_get_number(f, g, "reduce_selectivity", j->reduces > 0 && !reduce_bytes, 0, 1e6, &j->reduce_selectivity) < 0)
    return -1;
  if (map_bytes)
    j->map_selectivity = shuffle >= 0 ? shuffle / input / j->combiner : output / input;
  if (reduce_bytes) {
    double shuffled = input * j->map_selectivity * j->combiner;
    if (!(shuffled > 0) && output > 0)
      return cfg_fail(f, config_setting_get_member(g, "output"),
                      "expected \"0B\" of output from a job whose maps output nothing, got %.0f bytes", output);
    j->reduce_selectivity = shuffled > 0 ? output / shuffled : 0;
  }
  if (cfg_get_number(f, g, "combiner_cost", 0, 0, WORKLOAD_MAX_BYTE_COST, &j->combiner_cost) < 0 || read_skew(f, g, j))
    return -1;
  /* the bytes each stage writes, from the input */
  double map_output = (double)j->input * j->map_selectivity;
  config_setting_t *ms = config_setting_get_member(g, "map_selectivity"),
                   *rs = config_setting_get_member(g, "reduce_selectivity");
  if (cfg_check_bound(f, ms ? ms : g, UNITS_SIZE, &job_output, map_output) ||
      cfg_check_bound(f, rs ? rs : g, UNITS_SIZE, &job_output, map_output * j->combiner * j->reduce_selectivity))
    return -1;
  double keys = 1000.0 * j->reduces;
  if (cfg_get_number(f, g, "keys", 0, key_groups.min, key_groups.max, &keys) < 0)
    return -1;
  for (int p = 0; p < j->reduces; p++)
    j->groups[p] = llround(fmax(1, floor(keys) * j->share[p]));
  return 0;
}

static int compare_int64(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* The distinct sizes of J's splits: full blocks and each file's last
 * block (the engine keeps a table of partitions for each). */
static int split_sizes(const job_desc *j)
{
  if (!j->files)
    return 2;
  int64_t block = (int64_t)conf_get(&j->conf, CONF_BLOCKSIZE), *size = xmalloc(((size_t)j->files + 1) * sizeof *size);
  size[0] = block;
  for (int k = 0; k < j->files; k++)
    size[k + 1] = j->file_bytes[k] - (workload_file_blocks(j, k) - 1) * block;
  qsort(size, (size_t)j->files + 1, sizeof *size, compare_int64);
  int n = 1;
  for (int k = 1; k <= j->files; k++)
    n += size[k] != size[k - 1];
  free(size);
  return n;
}

/* Bounds on job J, made by generator GEN or NULL, that depend on several
 * of its settings (G: its group). */
static int check_job(cfg_file *f, const config_setting_t *g, const job_desc *j, const generator *gen)
{
  config_setting_t *input = config_setting_get_member(g, "input");
  if (!input)
    input = config_setting_get_member(g, "file_sizes");
  double block = conf_get(&j->conf, CONF_BLOCKSIZE), maps = (double)workload_maps(j);
  double chunks = ceil((double)j->input / conf_get(&j->conf, CONF_CHUNK));
  if (maps > MAX_MAPS)
    return cfg_fail(f, input,
                    "at most %d maps (mrlab's bound on a job's maps: its input over dfs.blocksize), got %.0f "
                    "(blocks of %.0f bytes)",
                    MAX_MAPS, maps, block);
  if (gen && maps * j->reduces > MAX_KEYED)
    return cfg_fail(f, input,
                    "at most %d maps times reducers with generator \"%s\" (mrlab's bound on the key data it keeps per "
                    "map and partition), got %.0f maps times %d reducers",
                    MAX_KEYED, gen->name, maps, j->reduces);
  int sizes = split_sizes(j);
  if ((double)sizes * j->reduces > MAX_TABLES)
    return cfg_fail(f, input,
                    "at most %d split sizes times reducers (mrlab's bound on the tables it keeps per split size and "
                    "partition), got %d sizes (full blocks and the last block of each file) times %d reducers",
                    MAX_TABLES, sizes, j->reduces);
  double explicit = conf_get(&j->conf, CONF_EXPLICIT_GROUPS) * j->reduces;
  if (explicit > MAX_EXPLICIT)
    return cfg_fail(f, input,
                    "at most %d key groups simulated one by one (mrlab's bound on mrlab.reduce.explicit.groups times "
                    "reducers), got %.0f",
                    MAX_EXPLICIT, explicit);
  if (chunks > MAX_CHUNKS)
    return cfg_fail(f, input,
                    "at most %d pipeline chunks (mrlab's bound on a job's input over mrlab.pipeline.chunk), got %.0f",
                    MAX_CHUNKS, chunks);
  return 0;
}

/* The job's input size: the `input` setting (0 when absent beside `file_sizes`), or the output of PARENT when it
 * reads a parent's output. */
static int read_input(cfg_file *f, const config_setting_t *g, const job_desc *parent, double *out)
{
  *out = 0;
  if (!parent)
    return cfg_get_bounded_quantity(f, g, "input", !config_setting_get_member(g, "file_sizes"), UNITS_SIZE, &job_input,
                                    out) < 0
               ? -1
               : 0;
  config_setting_t *s = config_setting_get_member(g, "input");
  *out = (double)workload_output(parent);
  if (*out < job_input.min)
    return cfg_fail(f, s, "expected a parent that writes some output, got job %s writing 0 bytes", parent->name);
  return cfg_check_bound(f, s, UNITS_SIZE, &job_input, *out);
}

/* The input files of job G into J: `files = N` (N equal files, the first
 * input mod N of one byte more) or `file_sizes` (each file's size, in order;
 * `input`, if given, must be their sum), as J->file_bytes; none leaves one
 * file.  Both keys make every file's bytes explicit, so that one code path
 * cuts them into blocks (index_files). */
static int read_files(cfg_file *f, const config_setting_t *g, job_desc *j)
{
  config_setting_t *l = config_setting_get_member(g, "file_sizes");
  if (l && config_setting_get_member(g, "files"))
    return cfg_fail(f, l, "expected files or file_sizes, not both");
  if (!l) {
    if (cfg_get_bounded_int(f, g, "files", 0, &job_files, &j->files) < 0)
      return -1;
    if (j->files > j->input)
      return cfg_fail(f, config_setting_get_member(g, "files"),
                      "expected at most one file a byte of the input (%lld), got %d files", (long long)j->input,
                      j->files);
    if (j->files)
      j->file_bytes = xmalloc((size_t)j->files * sizeof *j->file_bytes);
    for (int k = 0; k < j->files; k++)
      j->file_bytes[k] = j->input / j->files + (k < j->input % j->files);
    return 0;
  }
  int n = (config_setting_is_array(l) || config_setting_is_list(l)) ? config_setting_length(l) : 0;
  if (n < 1 || n > job_files.max)
    return cfg_fail(f, l, "expected a list of 1 to %.0f file sizes such as (\"128MiB\", \"97MiB\")", job_files.max);
  j->files = n;
  j->file_bytes = xmalloc((size_t)n * sizeof *j->file_bytes);
  double total = 0, v;
  for (int k = 0; k < n; k++) {
    config_setting_t *e = config_setting_get_elem(l, (unsigned)k);
    const char *text = config_setting_type(e) == CONFIG_TYPE_STRING ? config_setting_get_string(e) : "";
    if (units_parse(UNITS_SIZE, text, &v) || !(v >= 1) || v != floor(v))
      return cfg_fail(f, e, "expected a file size: %s, a whole number of bytes, at least 1 byte",
                      units_expected(UNITS_SIZE));
    if (cfg_check_bound(f, e, UNITS_SIZE, &job_input, v))
      return -1;
    total += j->file_bytes[k] = (int64_t)v;
  }
  config_setting_t *input = config_setting_get_member(g, "input");
  if (input && total != (double)j->input)
    return cfg_fail(f, input, "expected the sum of file_sizes (%.0f bytes) or no input, got %lld bytes", total,
                    (long long)j->input);
  if (cfg_check_bound(f, l, UNITS_SIZE, &job_input, total))
    return -1;
  j->input = (int64_t)total;
  return 0;
}

/* `split_hosts` of job G into J, whose maps are known: for each map (each
 * block of its input, file by file), the workers that hold its block's
 * first replicas (a history's split locations), an empty array where the
 * placement decides; not in a job whose input is PARENT's output.  Only
 * names here: the engine looks them up in the platform. */
static int read_split_hosts(cfg_file *f, const config_setting_t *g, job_desc *j, const job_desc *parent)
{
  config_setting_t *l = config_setting_get_member(g, "split_hosts");
  if (!l)
    return 0;
  if (parent)
    return cfg_fail(f, l, "expected no split_hosts in a job that reads its parent's output, where it wrote it");
  if (config_setting_get_member(g, "redistribute"))
    return cfg_fail(f, l, "expected split_hosts or redistribute, not both (redistribute moves the blocks)");
  int64_t maps = workload_maps(j);
  if (!config_setting_is_list(l) || config_setting_length(l) != maps)
    return cfg_fail(f, l,
                    "expected a list of %lld arrays of worker names, one a map (a block of the input at "
                    "dfs.blocksize), such as ([\"w-1\", \"w-4\"], [])",
                    (long long)maps);
  int n = 0;
  for (int k = 0; k < maps; k++)
    n += config_setting_length(config_setting_get_elem(l, (unsigned)k));
  j->split_host_first = xcalloc((size_t)maps + 1, sizeof *j->split_host_first);
  j->split_host_names = xcalloc((size_t)n + 1, sizeof *j->split_host_names); /* and a NULL */
  n = 0;
  for (int k = 0; k < maps; k++) {
    config_setting_t *e = config_setting_get_elem(l, (unsigned)k);
    j->split_host_first[k] = n;
    if (!config_setting_is_array(e) || config_setting_length(e) > WORKLOAD_MAX_SPLIT_HOSTS)
      return cfg_fail(f, e, "expected an array of at most %d worker names, such as [\"w-1\", \"w-4\"] or []",
                      WORKLOAD_MAX_SPLIT_HOSTS);
    for (int h = 0; h < config_setting_length(e); h++) {
      const char *name = config_setting_get_string_elem(e, h);
      if (!name || !name[0])
        return cfg_fail(f, e, "expected worker names, such as [\"w-1\", \"w-4\"]");
      for (int o = j->split_host_first[k]; o < n; o++)
        if (strcmp(j->split_host_names[o], name) == 0)
          return cfg_fail(f, e, "expected each worker once in a map's hosts, got \"%s\" twice", name);
      j->split_host_names[n++] = xstrdup(name);
    }
  }
  j->split_host_first[maps] = n;
  return 0;
}

/* J->file_maps from J's files and block size, once these are final. */
static void index_files(job_desc *j)
{
  if (!j->files)
    return;
  j->file_maps = xrealloc(j->file_maps, ((size_t)j->files + 1) * sizeof *j->file_maps);
  j->file_maps[0] = 0;
  for (int k = 0; k < j->files; k++)
    j->file_maps[k + 1] = j->file_maps[k] + workload_file_blocks(j, k);
}

/* Reads job G into J, its properties over BASE or else the defaults.
 * PARENT is the job whose output is its input, or NULL; WAITS says whether
 * it waits for other jobs (`after`). */
static int read_job(cfg_file *f, const config_setting_t *g, job_desc *j, const conf *base, const char *const *sets,
                    int n_sets, const job_desc *parent, int waits)
{
  const char *name, *submit = "0s";
  const generator *gen;
  double input;
  if (base)
    j->conf = *base;
  else
    conf_init(&j->conf);
  j->path = f->path;
  j->line = config_setting_source_line(g);
  /* the name keys the job's rows in the output CSVs: plain characters only */
  if (find_generator(f, g, &gen) || check_job_keys(f, g, gen) || cfg_get_name(f, g, 0, &name))
    return -1;
  j->name = xstrdup(name);
  const char *queue = "default";
  if (cfg_get_string(f, g, "submit", 0, &submit) < 0 || cfg_get_string(f, g, "queue", 0, &queue) < 0)
    return -1;
  j->queue = xstrdup(queue);
  const config_setting_t *q = config_setting_get_member(g, "queue");
  j->queue_line = q ? (int)config_setting_source_line(q) : j->line;
  if (units_parse(UNITS_TIME, submit, &j->submit) || j->submit < 0)
    return cfg_fail(f, config_setting_get_member(g, "submit"), "expected %s, not negative, got \"%s\"",
                    units_expected(UNITS_TIME), submit);
  if (cfg_get_bounded_quantity(f, g, "recorded", 0, UNITS_TIME, &recorded_time, &j->recorded) < 0)
    return -1;
  /* which settings named mrlab.ratios: the base's, the job's `set` list, --set */
  unsigned char *ratios_given = &j->conf.given[CONF_RATIOS], given_before = *ratios_given, in_file;
  *ratios_given = 0;
  if (cfg_check_bound(f, config_setting_get_member(g, "submit"), UNITS_TIME, &submit_time, j->submit) ||
      read_input(f, g, parent, &input) || read_sets(f, g, j) || read_placement(f, g, j) || read_ratios(f, g, j))
    return -1;
  in_file = *ratios_given;
  *ratios_given = 0;
  j->input = llround(input);
  if (read_files(f, g, j))
    return -1;
  if (gen && config_setting_get_member(g, "file_sizes"))
    return cfg_fail(f, config_setting_get_member(g, "file_sizes"),
                    "expected no file_sizes with generator \"%s\" (a generator's files are equal: files = N)",
                    gen->name);
  if (j->files && gen && strcmp(gen->name, "wordcount") && strcmp(gen->name, "grep"))
    return cfg_fail(f, config_setting_get_member(g, "files"),
                    "expected no files with generator \"%s\" (files work with wordcount, grep and jobs described by "
                    "sizes)",
                    gen->name);
  if (read_redistribute(f, g, j))
    return -1;
  if (j->files && j->from)
    return cfg_fail(f, config_setting_get_member(g, "redistribute"),
                    "expected no redistribution of an input of several files (files = %d): mrlab moves the blocks of "
                    "one file",
                    j->files);
  if (parent && (j->placement.line || j->files || j->from))
    return cfg_fail(f, config_setting_get_member(g, "input"),
                    "expected no placement, files or redistribute with an input read from a parent (its blocks are "
                    "where job %s wrote them)",
                    parent->name);
  if (waits && j->from)
    return cfg_fail(f, config_setting_get_member(g, "redistribute"),
                    "expected no redistribution in a job that waits for others (`after`)");
  int reducers;
  switch (cfg_get_int(f, g, "reducers", 0, 0, &reducers)) {
  case -1: return -1;
  case 0: {
    /* the same cap as --set mapreduce.job.reduces */
    char set[64], err[512];
    snprintf(set, sizeof set, "%s=%d", conf_name(CONF_REDUCES), reducers);
    if (conf_set(&j->conf, CONF_JOB, set, err, sizeof err))
      return cfg_fail(f, config_setting_get_member(g, "reducers"), "%s", err);
    break;
  }
  }
  for (int i = 0; i < n_sets; i++) {
    char err[512];
    if (conf_setting_scope(sets[i]) != CONF_CLUSTER && conf_set(&j->conf, CONF_JOB, sets[i], err, sizeof err)) {
      snprintf(f->err, sizeof f->err, "--set %s: %s", sets[i], err);
      return -1;
    }
  }
  in_file &= !*ratios_given;
  *ratios_given |= given_before | in_file;
  conf_settle(&j->conf);
  /* a job that reads its parent's output finds its blocks where the parent wrote them */
  if (!parent && read_text_properties(f, g, j, in_file))
    return -1;
  j->reduces = (int)conf_get(&j->conf, CONF_REDUCES);
  if (gen && j->reduces == 0) {
    config_setting_t *r = config_setting_get_member(g, "reducers");
    return cfg_fail(f, r ? r : g,
                    "expected reducers >= 1 with generator \"%s\" (a map-only job, reducers = 0, is described by its "
                    "sizes)",
                    gen->name);
  }
  index_files(j);
  if (check_job(f, g, j, gen) || read_split_hosts(f, g, j, parent))
    return -1;
  j->share = xcalloc((size_t)j->reduces, sizeof *j->share);
  j->groups = xcalloc((size_t)j->reduces, sizeof *j->groups);
  return gen ? generate(f, g, j, gen) : read_sizes(f, g, j);
}

conf workload_cluster(const workload *w, const conf *settings)
{
  conf c = *settings;
  for (int i = 0; i < w->n_cluster_sets; i++) {
    char why[512];
    conf_set(&c, CONF_CLUSTER, w->cluster_sets[i], why, sizeof why); /* checked when read (read_cluster_sets) */
  }
  return c;
}

/* Keeps the command line's settings of cluster properties in W, checked. */
static int read_cluster_sets(workload *w, const char *const *sets, int n_sets, char *err, size_t errlen)
{
  conf scratch;
  conf_init(&scratch);
  w->cluster_sets = xcalloc((size_t)n_sets + 1, sizeof *w->cluster_sets);
  for (int i = 0; i < n_sets; i++) {
    if (conf_setting_scope(sets[i]) != CONF_CLUSTER)
      continue;
    char why[512];
    if (conf_set(&scratch, CONF_CLUSTER, sets[i], why, sizeof why)) {
      snprintf(err, errlen, "--set %s: %s", sets[i], why);
      return -1;
    }
    w->cluster_sets[w->n_cluster_sets++] = xstrdup(sets[i]);
  }
  return 0;
}

/* A workflow as the file gives it, by file index: each job's parents
 * (`after`), the parent whose output is its input, and the order to read
 * the jobs in (parents first, else file order), checked. */
typedef struct {
  int n;
  const char **names; /* NULL-terminated; a job without a plain name is "" here (read_job reports it) */
  nameset *by_name;   /* each name with the file index of the first job of that name */
  int **after, *n_after, *input_from;
  int *order;
} workflow;

static void workflow_free(workflow *wf)
{
  for (int i = 0; i < wf->n; i++)
    free(wf->after[i]);
  free(wf->names);
  nameset_free(wf->by_name);
  free(wf->after);
  free(wf->n_after);
  free(wf->input_from);
  free(wf->order);
}

/* The job other than job I that S names NAME, as a file index, or -1 with F->err set. */
static int parent_named(cfg_file *f, const config_setting_t *s, const workflow *wf, int i, const char *name)
{
  long k = nameset_find(wf->by_name, name);
  if (k == i)
    return cfg_fail(f, s, "expected another job than \"%s\" itself", name);
  if (k >= 0)
    return (int)k;
  const char *near = cfg_nearest(name, wf->names);
  return cfg_fail(f, s, "expected the name of another job of this file, got \"%s\"%s%s%s", name,
                  near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
}

/* Job I's `after` list and parent input, if any, into WF. */
static int read_parents(cfg_file *f, const config_setting_t *g, workflow *wf, int i)
{
  wf->input_from[i] = -1;
  config_setting_t *l = config_setting_get_member(g, "after");
  if (l && !config_setting_is_array(l) && !config_setting_is_list(l))
    return cfg_fail(f, l, "expected a list of the names of the jobs it waits for, such as [\"wordcount\"]");
  wf->after[i] = xcalloc(l ? (size_t)config_setting_length(l) : 1, sizeof **wf->after);
  for (int k = 0; l && k < config_setting_length(l); k++) {
    config_setting_t *e = config_setting_get_elem(l, (unsigned)k);
    if (config_setting_type(e) != CONFIG_TYPE_STRING)
      return cfg_fail(f, e, "expected a job's name in double quotes such as \"wordcount\"");
    int parent = parent_named(f, e, wf, i, config_setting_get_string(e));
    if (parent < 0)
      return -1;
    for (int h = 0; h < wf->n_after[i]; h++)
      if (wf->after[i][h] == parent)
        return cfg_fail(f, e, "expected each job once, got \"%s\" twice", wf->names[parent]);
    wf->after[i][wf->n_after[i]++] = parent;
  }
  config_setting_t *in = config_setting_get_member(g, "input");
  if (!in || config_setting_type(in) != CONFIG_TYPE_STRING || strncmp(config_setting_get_string(in), "parent:", 7))
    return 0;
  const char *name = config_setting_get_string(in) + 7;
  int parent = parent_named(f, in, wf, i, name);
  if (parent < 0)
    return -1;
  for (int k = 0; k < wf->n_after[i]; k++)
    if (wf->after[i][k] == parent)
      return wf->input_from[i] = parent, 0;
  return cfg_fail(f, in, "expected the output of a job it waits for (one in its `after` list), got \"%s\"", name);
}

/* Fails on a cycle among the jobs of WF not in PLACED, starting from job I:
 * names the jobs on it at the first one's `after`. */
static int fail_cycle(cfg_file *f, const config_setting_t *jobs, const workflow *wf, const int *placed, int i)
{
  int *seen = xcalloc((size_t)wf->n, sizeof *seen);
  while (!seen[i]) { /* every job left waits for one left: walk to the first of them until a job repeats */
    seen[i] = 1;
    int k = 0;
    while (placed[wf->after[i][k]])
      k++;
    i = wf->after[i][k];
  }
  char cycle[512] = "";
  int j = i;
  do {
    size_t len = strlen(cycle);
    snprintf(cycle + len, sizeof cycle - len, "\"%s\" after ", wf->names[j]);
    int k = 0;
    while (placed[wf->after[j][k]])
      k++;
    j = wf->after[j][k];
  } while (j != i);
  free(seen);
  const config_setting_t *g = config_setting_get_elem(jobs, (unsigned)i);
  return cfg_fail(f, config_setting_get_member(g, "after"),
                  "expected jobs that do not wait for each other, got %s\"%s\"", cycle, wf->names[i]);
}

/* Reads the workflow of JOBS into WF: parents, and the order to read the
 * jobs in (Kahn's, the lowest file index first among the jobs ready). */
static int read_workflow(cfg_file *f, const config_setting_t *jobs, workflow *wf)
{
  int n = wf->n = config_setting_length(jobs);
  wf->names = xcalloc((size_t)n + 1, sizeof *wf->names);
  wf->after = xcalloc((size_t)n, sizeof *wf->after);
  wf->n_after = xcalloc((size_t)n, sizeof *wf->n_after);
  wf->input_from = xcalloc((size_t)n, sizeof *wf->input_from);
  wf->order = xcalloc((size_t)n, sizeof *wf->order);
  wf->by_name = nameset_alloc();
  for (int i = 0; i < n; i++) {
    if (!config_setting_lookup_string(config_setting_get_elem(jobs, (unsigned)i), "name", &wf->names[i]))
      wf->names[i] = "";
    nameset_add(wf->by_name, wf->names[i], i);
  }
  for (int i = 0; i < n; i++)
    if (read_parents(f, config_setting_get_elem(jobs, (unsigned)i), wf, i))
      return -1;
  /* each job's children, and its parents not yet placed */
  int *placed = xcalloc((size_t)n, sizeof *placed), *waits = xmalloc((size_t)n * sizeof *waits), bad = 0;
  int *n_children = xcalloc((size_t)n, sizeof *n_children), **children = xcalloc((size_t)n, sizeof *children);
  for (int i = 0; i < n; i++) {
    waits[i] = wf->n_after[i];
    for (int a = 0; a < wf->n_after[i]; a++) {
      int p = wf->after[i][a];
      children[p] = xrealloc(children[p], (size_t)(n_children[p] + 1) * sizeof **children);
      children[p][n_children[p]++] = i;
    }
  }
  /* every job below FROM is placed or waits */
  for (int k = 0, from = 0; k < n && !bad; k++) {
    while (from < n && (placed[from] || waits[from]))
      from++;
    if (from == n) {
      int i = 0;
      while (placed[i])
        i++;
      bad = fail_cycle(f, jobs, wf, placed, i);
    } else {
      int ready = from;
      placed[ready] = 1;
      wf->order[k] = ready;
      for (int c = 0; c < n_children[ready]; c++)
        if (--waits[children[ready][c]] == 0 && children[ready][c] < from)
          from = children[ready][c];
    }
  }
  for (int i = 0; i < n; i++)
    free(children[i]);
  free(children);
  free(n_children);
  free(waits);
  free(placed);
  return bad;
}

/* A job's place in the engine's order (order_jobs). */
typedef struct {
  double earliest;
  int depth, index;
} job_key;

static int by_key(const void *x, const void *y)
{
  const job_key *a = x, *b = y;
  if (a->earliest != b->earliest)
    return a->earliest < b->earliest ? -1 : 1;
  if (a->depth != b->depth)
    return a->depth < b->depth ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

/* Puts W's jobs, read in file order, in the order the engine takes them:
 * by earliest submit time (a job's own, or its parents' if later), then
 * by depth in the workflow, then file order; and gives each its parents
 * by their new indices. */
static void order_jobs(workload *w, const workflow *wf)
{
  int n = w->n_jobs;
  double *earliest = xmalloc((size_t)n * sizeof *earliest);
  int *depth = xcalloc((size_t)n, sizeof *depth), *by = xmalloc((size_t)n * sizeof *by);
  int *at = xmalloc((size_t)n * sizeof *at);
  for (int k = 0; k < n; k++) {
    int i = wf->order[k];
    earliest[i] = w->jobs[i].submit;
    for (int a = 0; a < wf->n_after[i]; a++) {
      earliest[i] = fmax(earliest[i], earliest[wf->after[i][a]]);
      depth[i] = depth[i] > depth[wf->after[i][a]] + 1 ? depth[i] : depth[wf->after[i][a]] + 1;
    }
  }
  job_key *keys = xmalloc((size_t)n * sizeof *keys);
  for (int i = 0; i < n; i++)
    keys[i] = (job_key){earliest[i], depth[i], i};
  qsort(keys, (size_t)n, sizeof *keys, by_key);
  for (int i = 0; i < n; i++)
    by[i] = keys[i].index;
  free(keys);
  job_desc *jobs = xmalloc((size_t)n * sizeof *jobs);
  for (int k = 0; k < n; k++) {
    jobs[k] = w->jobs[by[k]];
    at[by[k]] = k;
  }
  for (int k = 0; k < n; k++) {
    int i = by[k];
    jobs[k].n_after = wf->n_after[i];
    jobs[k].after = xcalloc((size_t)wf->n_after[i] + 1, sizeof *jobs[k].after);
    for (int a = 0; a < wf->n_after[i]; a++)
      jobs[k].after[a] = at[wf->after[i][a]];
    jobs[k].input_from = wf->input_from[i] < 0 ? -1 : at[wf->input_from[i]];
  }
  free(w->jobs);
  w->jobs = jobs;
  free(earliest);
  free(depth);
  free(by);
  free(at);
}

workload *workload_read(const char *path, const char *const *sets, int n_sets, char *err, size_t errlen)
{
  return workload_read_with(path, NULL, sets, n_sets, err, errlen);
}

workload *workload_read_with(const char *path, const conf *base, const char *const *sets, int n_sets, char *err,
                             size_t errlen)
{
  cfg_file f;
  workload *w = xcalloc(1, sizeof *w);
  workflow wf = {0};
  config_setting_t *jobs = NULL;
  int bad = cfg_file_open(&f, path) || cfg_check_keys(&f, config_root_setting(&f.cfg), top_keys) ||
            !(jobs = cfg_get_list(&f, config_root_setting(&f.cfg), "jobs",
                                  "a non-empty list of jobs such as ( { name = \"sort\"; input = \"10GB\"; ... } )"));
  if (!bad)
    bad = cfg_check_bound(&f, jobs, UNITS_NUMBER, &n_jobs, config_setting_length(jobs)) ||
          read_cluster_sets(w, sets, n_sets, f.err, sizeof f.err) || read_workflow(&f, jobs, &wf);
  if (!bad) {
    /* parents first, so that a child knows its input's size */
    w->n_jobs = wf.n;
    w->jobs = xcalloc((size_t)wf.n, sizeof *w->jobs);
    nameset *read = nameset_alloc(); /* the names of the jobs read so far, each with its file index */
    for (int k = 0; k < wf.n && !bad; k++) {
      int i = wf.order[k];
      config_setting_t *g = config_setting_get_elem(jobs, (unsigned)i);
      bad = read_job(&f, g, &w->jobs[i], base, sets, n_sets, wf.input_from[i] < 0 ? NULL : &w->jobs[wf.input_from[i]],
                     wf.n_after[i] > 0);
      long h = bad ? -1 : nameset_add(read, w->jobs[i].name, i);
      if (h >= 0)
        bad = cfg_fail(&f, config_setting_get_member(g, "name"), "expected a name of its own; job %d is \"%s\" too",
                       (int)h + 1, w->jobs[i].name);
    }
    nameset_free(read);
  }
  if (bad) {
    snprintf(err, errlen, "%s", f.err);
    workload_free(w);
    w = NULL;
  } else {
    order_jobs(w, &wf);
  }
  workflow_free(&wf);
  cfg_file_close(&f);
  return w;
}

void workload_free(workload *w)
{
  if (!w)
    return;
  for (int i = 0; i < w->n_jobs; i++) {
    free(w->jobs[i].name);
    free(w->jobs[i].queue);
    free(w->jobs[i].share);
    free(w->jobs[i].groups);
    free(w->jobs[i].file_bytes);
    free(w->jobs[i].file_maps);
    for (char **h = w->jobs[i].split_host_names; h && *h; h++)
      free(*h);
    free(w->jobs[i].split_host_names);
    free(w->jobs[i].split_host_first);
    keys_free(w->jobs[i].keys);
    placement_desc_free(&w->jobs[i].placement);
    ratio_table_free(&w->jobs[i].ratios);
    if (w->jobs[i].from)
      placement_desc_free(w->jobs[i].from);
    free(w->jobs[i].from);
    for (int k = 0; k < w->jobs[i].n_added; k++)
      free(w->jobs[i].added[k]);
    free(w->jobs[i].added);
    free(w->jobs[i].after);
  }
  free(w->jobs);
  for (int i = 0; i < w->n_cluster_sets; i++)
    free(w->cluster_sets[i]);
  free(w->cluster_sets);
  free(w);
}

/* The bytes the maps of D (which has reducers) write to their local disks
 * at the least: each spill once, and a pull shuffle's merge of more than one
 * spill (a push shuffle may send every spill before its merge).  The
 * heaviest map's bytes in *HEAVIEST, every map's in *ALL, and the pipeline
 * chunks of CHUNK bytes they take in *CHUNKS (a spill is one at least). */
static void map_disk_bytes(const job_desc *d, double chunk, double *heaviest, double *all, double *chunks)
{
  int compress = conf_get(&d->conf, CONF_COMPRESS) != 0, factor = (int)conf_get(&d->conf, CONF_SORT_FACTOR);
  int pull = conf_get(&d->conf, CONF_SHUFFLE_MODE) != CONF_SHUFFLE_PUSH;
  double scale = d->combiner * (compress ? conf_get(&d->conf, CONF_COMPRESS_RATIO) : 1);
  int64_t buffer = workload_spill_buffer(d), n = workload_maps(d), last = -1;
  double bytes = 0, pieces = 0;
  *heaviest = *all = *chunks = 0;
  for (int64_t m = 0; m < n; m++) {
    int64_t split = workload_split_bytes(d, m);
    if (split != last) { /* most splits are a whole block */
      int64_t out = workload_map_output(d, split), spills = out > buffer ? (out + buffer - 1) / buffer : 1;
      double spilled = (double)llround(scale * (double)out);
      double merged = pull && spills > 1 ? (double)workload_merge_bytes((int64_t)spilled, spills, factor) : 0;
      bytes = spilled + merged;
      pieces = fmax((double)spills, spilled / chunk) + merged / chunk;
      last = split;
    }
    *heaviest = fmax(*heaviest, bytes);
    *all += bytes;
    *chunks += pieces;
  }
}

int workload_check_fits(const job_desc *d, const platform *p, double heartbeat, char *err, size_t errlen)
{
  /* lower bounds on the job's time, had it the cluster to itself */
  double flops = 0, fastest = 0, disk = 0, node_disk = 0, writes = 0, node_writes = 0;
  for (int i = 0; i < p->n_workers; i++) {
    const platform_class *c = platform_node_class(p, &p->workers[i]);
    double rate = 0, write = 0;
    for (int k = 0; k < c->n_disks; k++)
      rate += fmax(c->disks[k].read_bw, c->disks[k].write_bw), write += c->disks[k].write_bw;
    flops += c->cores * c->speed;
    fastest = fmax(fastest, c->speed);
    disk += rate;
    node_disk = fmax(node_disk, rate);
    writes += write;
    node_writes = fmax(node_writes, write);
  }
  double block = fmin(conf_get(&d->conf, CONF_BLOCKSIZE), (double)d->input), input = (double)d->input;
  double shuffled = input * d->map_selectivity * d->combiner, map_work = input * d->map_cost;
  double reduce_work = shuffled * d->reduce_cost, heaviest = 0, written = 0;
  for (int r = 0; r < d->reduces; r++) {
    double part = d->share[r] * reduce_work, out = d->share[r] * shuffled * d->reduce_selectivity;
    if (d->keys) {
      const keys_partition *kp = &d->keys->parts[r];
      part = kp->rest_flops;
      for (int t = 0; t < kp->n_top; t++)
        part += kp->top_flops[t];
      out = (double)kp->output_bytes;
      reduce_work += part;
    }
    heaviest = fmax(heaviest, part);
    written = fmax(written, out);
  }
  double chunk = conf_get(&d->conf, CONF_CHUNK), map_heaviest = 0, map_all = 0, map_chunks = 0;
  if (d->reduces)
    map_disk_bytes(d, chunk, &map_heaviest, &map_all, &map_chunks);
  double times[] = {input / disk,
                    (map_work + reduce_work) / flops,
                    fmax(block * d->map_cost, heaviest) / fastest,
                    fmax(block, written) / node_disk,
                    map_all / writes,
                    map_heaviest / node_writes};
  static const char *const what[] = {"reading its input on every disk",
                                     "its map and reduce work on every core",
                                     "its heaviest task's work on the fastest core",
                                     "its heaviest task's data on the fastest node's disks",
                                     "its maps' spills and merges on every disk",
                                     "its heaviest map's spills and merges on the fastest node's disks"};
  int worst = 0;
  for (int k = 1; k < (int)(sizeof times / sizeof *times); k++)
    if (!(times[k] <= times[worst]))
      worst = k;
  if (workload_check_span(d, p, heartbeat, times[worst], what[worst], err, errlen))
    return -1;
  /* every byte a pipe moves goes through it in chunks, each a few activities */
  double chunks = (input + written) / chunk + map_chunks;
  if (!(chunks <= MAX_CHUNKS)) {
    char size[32];
    units_format(UNITS_SIZE, chunk, size, sizeof size);
    snprintf(err, errlen,
             "%s:%d: job %s: at most %d pipeline chunks (mrlab's bound on a run's events; a larger "
             "mrlab.pipeline.chunk than %s moves more bytes a chunk, a larger mapreduce.task.io.sort.mb spills "
             "less often), got at least %.3g (%.3g bytes read, spilled, merged and written)",
             d->path, d->line, d->name, MAX_CHUNKS, size, chunks, input + map_all + written);
    return -1;
  }
  return 0;
}

int workload_check_span(const job_desc *d, const platform *p, double heartbeat, double span, const char *what,
                        char *err, size_t errlen)
{
  /* every tracker heartbeats all along, so the run's events grow with its span too */
  double beats = (d->submit + span) * p->n_workers / heartbeat;
  if (!(span <= MAX_DAYS * DAY) || !(beats <= MAX_HEARTBEATS)) {
    snprintf(err, errlen,
             "%s:%d: job %s: at most %d days of simulated time and %.0f heartbeats (mrlab's bound on a run), got at "
             "least %.3g days (%s of %s) and %.3g heartbeats (submitted at %.0f s, %d trackers every %g s)",
             d->path, d->line, d->name, MAX_DAYS, MAX_HEARTBEATS, span / DAY, what, p->name, beats, d->submit,
             p->n_workers, heartbeat);
    return -1;
  }
  return 0;
}
