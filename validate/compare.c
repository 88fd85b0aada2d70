/* compare.c - comparisons (compare.h): a job run under several
 * strategies, and the published claims about them set against the runs.
 *
 * The experiments of experiment.c fit models on grids of runs; a
 * comparison asks something else of the simulator: does a strategy beat
 * its baseline by what a paper says?  So it holds no grid but named
 * variants of one base job, and anchors that each turn the variants' job
 * times into one figure (a gain, a ratio, a time, the best or the worst)
 * to print beside the published one.
 *
 * A variant is the base job with the variant's `job` members over it, its
 * `set` settings, and optionally another platform, a subset of the workers
 * (`workers`), SimGrid options (`cfg`), or every node class's memory or NIC
 * bandwidth changed (`memory`, `nic`).  These last two write a platform
 * file derived from the comparison's beside the run rather than asking for
 * a near-copy of a platform file per setting: the cluster is stated once,
 * and a variant says only how it differs.  Each variant's job and derived
 * platform are written into a scratch folder and read as `mrlab run` reads
 * them when the file is read, so a bad variant is refused before anything
 * runs, in `mrlab run`'s words.  Anchors use only the runs' jobs.csv,
 * after every run ended. */
#include "compare.h"

#include "alloc.h"
#include "csv.h"
#include "experiment.h"
#include "outfile.h"
#include "rundir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const comparison_keys[] = {"name", "platform", "job", "variants", "anchors", NULL};
/* a progress entry (progval.h) has no anchors; its variants may hold the paper's figures */
static const char *const entry_keys[] = {"name", "platform", "job", "variants", NULL};
static const char *const variant_keys[] = {"name", "job", "set", "platform", "workers", "cfg", "memory", "nic", NULL};
static const char *const entry_variant_keys[] = {"name", "job",    "set", "platform", "workers",
                                                 "cfg",  "memory", "nic", "paper",    NULL};
static const char *const anchor_keys[] = {"claim",    "source",    "published", "kind",      "variant", "variants",
                                          "baseline", "baselines", "quantity",  "tolerance", NULL};
static const char *const kind_names[ANCHOR_N_KINDS] = {"gain", "mean_gain", "ratio", "time", "best", "worst"};
/* The keys each kind takes, past claim, source, published and kind. */
static const char *const kind_keys[ANCHOR_N_KINDS][5] = {{"variant", "baseline", "tolerance", NULL},
                                                         {"variant", "variants", "baselines", "tolerance", NULL},
                                                         {"variant", "baseline", "tolerance", NULL},
                                                         {"variant", "quantity", "tolerance", NULL},
                                                         {"variant", NULL},
                                                         {"variant", NULL}};

/* Member NAME of G, if present: a non-empty array of at most MAX non-empty
 * strings shorter than LEN, in *OUT (NULL when absent).  0, or -1. */
static int read_strings(cfg_file *f, const config_setting_t *g, const char *name, int max, size_t len,
                        const config_setting_t **out)
{
  config_setting_t *s = config_setting_get_member(g, name);
  *out = s;
  if (!s)
    return 0;
  if (!config_setting_is_array(s) || config_setting_length(s) == 0 || config_setting_length(s) > max)
    return cfg_fail(f, s, "expected an array of 1 to %d strings such as [\"a\", \"b\"]", max);
  for (int i = 0; i < config_setting_length(s); i++) {
    const char *v = config_setting_get_string_elem(s, i);
    if (!v || !v[0] || strlen(v) >= len)
      return cfg_fail(f, s, "expected non-empty strings of fewer than %zu characters", len);
  }
  return 0;
}

/* The index of the variant named NAME of C, or -1. */
static int variant_find(const comparison *c, const char *name)
{
  for (int v = 0; v < c->n_variants; v++)
    if (strcmp(c->variants[v].name, name) == 0)
      return v;
  return -1;
}

/* Writes the workload file PATH: the base job of C, named after C unless
 * it has a name, with the members of V's job over its own.  0, or -1. */
static int variant_write_workload(const comparison *c, const variant *v, const char *path)
{
  config_t out;
  config_init(&out);
  config_setting_t *jobs = config_setting_add(config_root_setting(&out), "jobs", CONFIG_TYPE_LIST);
  config_setting_t *j = config_setting_add(jobs, NULL, CONFIG_TYPE_GROUP);
  if (!config_setting_get_member(c->job, "name") && !(v->job && config_setting_get_member(v->job, "name")))
    config_setting_set_string(config_setting_add(j, "name", CONFIG_TYPE_STRING), c->name);
  for (int i = 0; i < config_setting_length(c->job); i++) {
    const config_setting_t *m = config_setting_get_elem(c->job, (unsigned)i);
    if (!v->job || !config_setting_get_member(v->job, config_setting_name(m)))
      experiment_copy_setting(j, m);
  }
  for (int i = 0; v->job && i < config_setting_length(v->job); i++)
    experiment_copy_setting(j, config_setting_get_elem(v->job, (unsigned)i));
  int ok = config_write_file(&out, path) == CONFIG_TRUE;
  config_destroy(&out);
  return ok ? 0 : -1;
}

/* Writes the platform file PATH: V's platform with every node class's
 * memory and NIC bandwidth replaced by V's, where V gives them.  0, or -1. */
static int variant_write_platform(const variant *v, const char *path)
{
  config_t p;
  config_init(&p);
  int ok = config_read_file(&p, v->platform) == CONFIG_TRUE;
  config_setting_t *classes = ok ? config_lookup(&p, "node_classes") : NULL;
  for (int i = 0; classes && i < config_setting_length(classes); i++) {
    config_setting_t *k = config_setting_get_elem(classes, (unsigned)i);
    config_setting_t *memory = config_setting_get_member(k, "memory"), *nic = config_setting_get_member(k, "nic");
    if (v->memory && memory)
      config_setting_set_string(memory, v->memory);
    if (v->nic && nic && config_setting_get_member(nic, "bandwidth"))
      config_setting_set_string(config_setting_get_member(nic, "bandwidth"), v->nic);
  }
  ok = ok && config_write_file(&p, path) == CONFIG_TRUE;
  config_destroy(&p);
  return ok ? 0 : -1;
}

/* Whether NAME is a node class or a worker of P. */
static int platform_names(const platform *p, const char *name)
{
  for (int i = 0; i < p->n_classes; i++)
    if (strcmp(p->classes[i].name, name) == 0)
      return 1;
  for (int i = 0; i < p->n_workers; i++)
    if (strcmp(p->workers[i].name, name) == 0)
      return 1;
  return 0;
}

/* Reads variant group G of comparison C (its platform in PLATFORM) into V,
 * checking its platform, workers and job in SCRATCH; KEYS are its names. */
static int read_variant(cfg_file *f, const config_setting_t *g, const comparison *c, const char *platform_path,
                        const char *folder, const char *scratch, const char *const *keys, variant *v)
{
  double q;
  const config_setting_t *workers;
  if (cfg_check_keys(f, g, keys) || cfg_get_name(f, g, 0, &v->name) ||
      read_strings(f, g, "set", POOL_MAX_SETS, sizeof((sim *)0)->sets[0], &v->set) ||
      read_strings(f, g, "cfg", POOL_MAX_CFGS, sizeof((sim *)0)->cfgs[0], &v->cfg) ||
      read_strings(f, g, "workers", 64, 64, &workers) || cfg_get_quantity(f, g, "memory", 0, UNITS_SIZE, &q) < 0 ||
      cfg_get_quantity(f, g, "nic", 0, UNITS_BANDWIDTH, &q) < 0)
    return -1;
  for (int i = 0; v->cfg && i < config_setting_length(v->cfg); i++)
    if (!strchr(config_setting_get_string_elem(v->cfg, i), ':'))
      return cfg_fail(f, v->cfg,
                      "expected SimGrid options NAME:VALUE such as \"network/bandwidth-factor:0.1\", got \"%s\"",
                      config_setting_get_string_elem(v->cfg, i));
  cfg_get_string(f, g, "memory", 0, &v->memory);
  cfg_get_string(f, g, "nic", 0, &v->nic);
  v->job = config_setting_get_member(g, "job");
  if (v->job && !config_setting_is_group(v->job))
    return cfg_fail(f, v->job, "expected a group of job settings such as { placement = \"even\"; }");
  platform *p;
  if (config_setting_get_member(g, "platform")) {
    const char *where;
    if (cfg_get_string(f, g, "platform", 1, &where) ||
        !(p = experiment_read_platform(f, config_setting_get_member(g, "platform"), folder, v->platform)))
      return -1;
  } else {
    snprintf(v->platform, sizeof v->platform, "%s", platform_path);
    char why[1024];
    if (!(p = platform_read(v->platform, why, sizeof why)))
      return cfg_fail(f, g, "%s", why);
  }
  for (int i = 0; workers && i < config_setting_length(workers); i++) {
    const char *w = config_setting_get_string_elem(workers, i);
    if (!platform_names(p, w)) {
      platform_free(p);
      return cfg_fail(f, workers, "expected node classes or workers of the platform, got \"%s\"", w);
    }
    size_t len = strlen(v->workers);
    if (len + strlen(w) + 2 > sizeof v->workers) {
      platform_free(p);
      return cfg_fail(f, workers, "expected names of fewer than %zu characters in all", sizeof v->workers - 1);
    }
    snprintf(v->workers + len, sizeof v->workers - len, "%s%s", i ? "," : "", w);
  }
  platform_free(p);
  char path[4096], why[1024];
  if (v->memory || v->nic) {
    snprintf(path, sizeof path, "%s/platform.cfg", scratch);
    if (variant_write_platform(v, path))
      return cfg_fail(f, g, "cannot write %s", path);
    p = platform_read(path, why, sizeof why);
    remove(path);
    if (!p) {
      const char *at = strstr(why, "node_classes");
      return cfg_fail(f, config_setting_get_member(g, v->memory ? "memory" : "nic"), "%s", at ? at : why);
    }
    platform_free(p);
  }
  snprintf(path, sizeof path, "%s/check.cfg", scratch);
  if (variant_write_workload(c, v, path))
    return cfg_fail(f, g, "cannot write %s", path);
  int n_sets = v->set ? config_setting_length(v->set) : 0;
  const char *sets[POOL_MAX_SETS];
  for (int i = 0; i < n_sets; i++)
    sets[i] = config_setting_get_string_elem(v->set, i);
  workload *w = experiment_check_workload(f, v->job ? v->job : g, path, sets, n_sets);
  if (!w)
    return -1;
  workload_free(w);
  return 0;
}

/* The variant named by string member NAME of anchor group G in C, into *OUT. */
static int anchor_variant(cfg_file *f, const config_setting_t *g, const char *name, const comparison *c, int *out)
{
  const char *s;
  if (cfg_get_string(f, g, name, 1, &s))
    return -1;
  if ((*out = variant_find(c, s)) < 0)
    return cfg_fail(f, config_setting_get_member(g, name),
                    "expected the name of a variant of comparison %s, got \"%s\"", c->name, s);
  return 0;
}

int compare_read_text(cfg_file *f, const config_setting_t *g, const char *name, const char **out)
{
  if (cfg_get_string(f, g, name, 1, out))
    return -1;
  if (strpbrk(*out, ",\"|\n\r"))
    return cfg_fail(f, config_setting_get_member(g, name),
                    "expected text without commas, quotes, bars or line breaks (it becomes a CSV field), got \"%s\"",
                    *out);
  return 0;
}

/* The variants of C named by the strings of array S, into a new array *OUT. */
static int variant_list(cfg_file *f, const config_setting_t *s, const comparison *c, int **out)
{
  *out = xcalloc((size_t)config_setting_length(s), sizeof **out);
  for (int i = 0; i < config_setting_length(s); i++)
    if (((*out)[i] = variant_find(c, config_setting_get_string_elem(s, i))) < 0)
      return cfg_fail(f, s, "expected names of variants of comparison %s, got \"%s\"", c->name,
                      config_setting_get_string_elem(s, i));
  return 0;
}

/* Reads anchor group G of comparison C into A. */
static int read_anchor(cfg_file *f, const config_setting_t *g, const comparison *c, anchor *a)
{
  const char *kind;
  if (cfg_check_keys(f, g, anchor_keys) || compare_read_text(f, g, "claim", &a->claim) ||
      compare_read_text(f, g, "source", &a->source) || cfg_get_string(f, g, "kind", 1, &kind))
    return -1;
  for (a->kind = 0; a->kind < ANCHOR_N_KINDS && strcmp(kind_names[a->kind], kind) != 0; a->kind++)
    ;
  if (a->kind == ANCHOR_N_KINDS)
    return cfg_fail(f, config_setting_get_member(g, "kind"),
                    "expected one of gain, mean_gain, ratio, time, best, worst, got \"%s\"", kind);
  const char *keys[10] = {"claim", "source", "published", "kind"};
  for (int i = 0; kind_keys[a->kind][i]; i++)
    keys[4 + i] = kind_keys[a->kind][i];
  int paired = a->kind == ANCHOR_MEAN_GAIN && config_setting_get_member(g, "variants");
  if (paired && config_setting_get_member(g, "variant"))
    return cfg_fail(f, config_setting_get_member(g, "variant"), "expected variant or variants, not both");
  if (cfg_check_keys(f, g, keys) || (!paired && anchor_variant(f, g, "variant", c, &a->variant)))
    return -1;
  config_setting_t *pub = config_setting_get_member(g, "published");
  int boolean = a->kind == ANCHOR_BEST || a->kind == ANCHOR_WORST;
  if (boolean && (!pub || config_setting_type(pub) != CONFIG_TYPE_BOOL || !config_setting_get_bool(pub)))
    return cfg_fail(f, pub ? pub : g, "expected published = true (the claim that the variant is the %s)", kind);
  if (!boolean && pub &&
      cfg_get_number(f, g, "published", 0, a->kind == ANCHOR_RATIO || a->kind == ANCHOR_TIME ? 1e-9 : -1e6, 1e6,
                     &a->published) < 0)
    return -1;
  a->published_given = pub != NULL;
  if (a->kind == ANCHOR_GAIN || a->kind == ANCHOR_RATIO) {
    if (anchor_variant(f, g, "baseline", c, &a->baseline))
      return -1;
  } else if (a->kind == ANCHOR_MEAN_GAIN) {
    const config_setting_t *b;
    if (read_strings(f, g, "baselines", c->n_variants, 4096, &b))
      return -1;
    if (!b)
      return cfg_fail(f, g, "expected baselines = [\"variant\", ...]");
    a->n_baselines = config_setting_length(b);
    if (variant_list(f, b, c, &a->baselines))
      return -1;
    if (paired) {
      const config_setting_t *v;
      if (read_strings(f, g, "variants", c->n_variants, 4096, &v) || variant_list(f, v, c, &a->variants))
        return -1;
      if (config_setting_length(v) != a->n_baselines)
        return cfg_fail(f, v, "expected as many variants as baselines (%d), each set against its own, got %d",
                        a->n_baselines, config_setting_length(v));
      a->variant = a->variants[0];
    }
  } else if (a->kind == ANCHOR_TIME) {
    const char *quantity = "job";
    if (cfg_get_string(f, g, "quantity", 0, &quantity) < 0)
      return -1;
    if (strcmp(quantity, "job") != 0 && strcmp(quantity, "map_phase") != 0)
      return cfg_fail(f, config_setting_get_member(g, "quantity"), "expected \"job\" or \"map_phase\", got \"%s\"",
                      quantity);
    a->map_phase = strcmp(quantity, "map_phase") == 0;
  }
  a->tolerance =
      a->kind == ANCHOR_GAIN || a->kind == ANCHOR_MEAN_GAIN ? COMPARE_GAIN_TOLERANCE : COMPARE_TIME_TOLERANCE;
  return boolean ? 0 : cfg_get_number(f, g, "tolerance", 0, 0, 1e6, &a->tolerance) < 0 ? -1 : 0;
}

/* Reads comparison group G into C; a progress entry's if ENTRY. */
static int read_comparison(cfg_file *f, const config_setting_t *g, const char *folder, const char *scratch, int entry,
                           comparison *c)
{
  const char *where;
  char platform_path[4096];
  if (cfg_check_keys(f, g, entry ? entry_keys : comparison_keys) || cfg_get_name(f, g, 0, &c->name) ||
      cfg_get_string(f, g, "platform", 1, &where))
    return -1;
  platform *p = experiment_read_platform(f, config_setting_get_member(g, "platform"), folder, platform_path);
  if (!p)
    return -1;
  platform_free(p);
  c->job = cfg_member(f, g, "job", 1, "a group of workload job settings such as { generator = \"grep\"; ... }");
  if (!c->job)
    return -1;
  if (!config_setting_is_group(c->job))
    return cfg_fail(f, c->job, "expected a group of workload job settings such as { generator = \"grep\"; ... }");
  config_setting_t *vs = cfg_get_list(f, g, "variants", "a non-empty list of variants ( { name = ...; ... } )");
  if (!vs)
    return -1;
  c->variants = xcalloc((size_t)config_setting_length(vs), sizeof *c->variants);
  for (int i = 0; i < config_setting_length(vs); i++) {
    config_setting_t *vg = config_setting_get_elem(vs, (unsigned)i);
    if (read_variant(f, vg, c, platform_path, folder, scratch, entry ? entry_variant_keys : variant_keys,
                     &c->variants[i]))
      return -1;
    if (variant_find(c, c->variants[i].name) >= 0)
      return cfg_fail(f, config_setting_get_member(vg, "name"), "expected a name of its own; variant %d has it",
                      variant_find(c, c->variants[i].name) + 1);
    c->n_variants++;
  }
  if (entry)
    return 0;
  config_setting_t *as = cfg_get_list(f, g, "anchors", "a non-empty list of anchors ( { claim = ...; kind = ...; } )");
  if (!as)
    return -1;
  c->anchors = xcalloc((size_t)config_setting_length(as), sizeof *c->anchors);
  for (int i = 0; i < config_setting_length(as); i++) {
    c->n_anchors++;
    if (read_anchor(f, config_setting_get_elem(as, (unsigned)i), c, &c->anchors[i]))
      return -1;
  }
  return 0;
}

int compare_read(cfg_file *f, const config_setting_t *list, const char *folder, const char *scratch, long long max_sims,
                 int entries, comparison **cmp, int *n_cmp)
{
  *cmp = xcalloc((size_t)config_setting_length(list), sizeof **cmp);
  long long total = 0;
  for (int i = 0; i < config_setting_length(list); i++) {
    config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
    comparison *c = &(*cmp)[i];
    (*n_cmp)++;
    if (read_comparison(f, g, folder, scratch, entries, c))
      return -1;
    for (int k = 0; k < i; k++)
      if (strcmp((*cmp)[k].name, c->name) == 0)
        return cfg_fail(f, config_setting_get_member(g, "name"), "expected a name of its own; %s %d has it",
                        entries ? "entry" : "comparison", k + 1);
    if ((total += c->n_variants) > max_sims)
      return cfg_fail(f, g, "expected at most %lld simulations in all (mrlab's bound on an experiment file)", max_sims);
  }
  return 0;
}

void compare_free_all(comparison *c, int n)
{
  for (int i = 0; i < n; i++) {
    for (int a = 0; a < c[i].n_anchors; a++)
      free(c[i].anchors[a].baselines), free(c[i].anchors[a].variants);
    free(c[i].anchors);
    free(c[i].variants);
  }
  free(c);
}

int compare_n_runs(const comparison *c, int n)
{
  int runs = 0;
  for (int i = 0; i < n; i++)
    runs += c[i].n_variants;
  return runs;
}

int compare_plan(const comparison *c, int n, const char *base, sim *sims, char *err, size_t errlen)
{
  for (int i = 0, k = 0; i < n; i++) {
    char folder[8192], path[8192];
    snprintf(folder, sizeof folder, "%s/runs/%s", base, c[i].name);
    if (outfile_make_dirs(folder, err, errlen))
      return -1;
    for (int j = 0; j < c[i].n_variants; j++, k++) {
      const variant *v = &c[i].variants[j];
      sim *s = &sims[k];
      snprintf(s->dir, sizeof s->dir, "runs/%s/%s", c[i].name, v->name);
      snprintf(s->workload, sizeof s->workload, "%.4000s.cfg", s->dir);
      snprintf(s->log, sizeof s->log, "%.4000s.log", s->dir);
      /* '+' is in no name: the derived platform never meets another variant's files */
      if (v->memory || v->nic)
        snprintf(s->platform, sizeof s->platform, "%.4000s+platform.cfg", s->dir);
      else
        snprintf(s->platform, sizeof s->platform, "%s", v->platform);
      for (int m = 0; v->set && m < config_setting_length(v->set); m++)
        snprintf(s->sets[s->n_sets++], sizeof s->sets[0], "%s", config_setting_get_string_elem(v->set, m));
      for (int m = 0; v->cfg && m < config_setting_length(v->cfg); m++)
        snprintf(s->cfgs[s->n_cfgs++], sizeof s->cfgs[0], "%s", config_setting_get_string_elem(v->cfg, m));
      snprintf(s->workers, sizeof s->workers, "%s", v->workers);
      snprintf(path, sizeof path, "%s/%s", base, s->platform);
      if ((v->memory || v->nic) && variant_write_platform(v, path)) {
        snprintf(err, errlen, "%s: cannot write", path);
        return -1;
      }
      snprintf(path, sizeof path, "%s/%s", base, s->workload);
      if (variant_write_workload(&c[i], v, path)) {
        snprintf(err, errlen, "%s: cannot write", path);
        return -1;
      }
    }
  }
  return 0;
}

int compare_measure(const comparison *c, int n, const sim *sims, const char *base, double *t, double *map, char *err,
                    size_t errlen)
{
  int runs = compare_n_runs(c, n);
  for (int k = 0; k < runs; k++) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s/%s", base, sims[k].dir, RUNDIR_JOBS);
    csv_table *jobs = csv_read(path, err, errlen);
    if (!jobs)
      return -1;
    double v[4];
    const int cols[4] = {JOBS_SUBMIT, JOBS_START, JOBS_MAP_PHASE_END, JOBS_END};
    int status = jobs->n_rows < 2 ? (snprintf(err, errlen, "%s: no job", path), -1) : 0;
    for (int i = 0; i < 4 && !status; i++) {
      int col = csv_column(jobs, rundir_jobs_columns[cols[i]]);
      status = col < 0 ? (snprintf(err, errlen, "%s: no column %s", path, rundir_jobs_columns[cols[i]]), -1)
                       : csv_number(jobs, 1, col, &v[i], err, errlen);
    }
    csv_free(jobs);
    if (status)
      return -1;
    t[k] = v[3] - v[0];
    map[k] = v[2] - v[1];
  }
  return 0;
}

/* The figure anchor A of comparison C gives from the times T and MAP of C's
 * variants (1 or 0 for best and worst). */
static double anchor_value(const comparison *c, const anchor *a, const double *t, const double *map)
{
  double tv = t[a->variant];
  switch (a->kind) {
  case ANCHOR_GAIN: return 100 * (t[a->baseline] - tv) / t[a->baseline];
  case ANCHOR_MEAN_GAIN: {
    double sum = 0;
    for (int i = 0; i < a->n_baselines; i++)
      sum += 100 * (t[a->baselines[i]] - t[a->variants ? a->variants[i] : a->variant]) / t[a->baselines[i]];
    return sum / a->n_baselines;
  }
  case ANCHOR_RATIO: return tv / t[a->baseline];
  case ANCHOR_TIME: return a->map_phase ? map[a->variant] : tv;
  default: {
    int extreme = 1; /* strictly: a variant tied with another is not the best (worst) */
    for (int i = 0; i < c->n_variants; i++)
      extreme &= i == a->variant || (a->kind == ANCHOR_BEST ? tv < t[i] : tv > t[i]);
    return extreme;
  }
  }
}

/* A figure of kind K as the table shows it, into BUF. */
static const char *figure(anchor_kind k, double v, char *buf, size_t n)
{
  switch (k) {
  case ANCHOR_GAIN:
  case ANCHOR_MEAN_GAIN: snprintf(buf, n, "%.1f%%", v); break;
  case ANCHOR_RATIO: snprintf(buf, n, "%.2f", v); break;
  case ANCHOR_TIME: snprintf(buf, n, "%.1f s", v); break;
  default: snprintf(buf, n, "%s", v ? "yes" : "no");
  }
  return buf;
}

void compare_write(const comparison *c, int n, const double *t, const double *map, FILE *csv, FILE *md)
{
  if (csv)
    fprintf(csv, "comparison,claim,source,kind,published,simulated,difference,tolerance,agrees\n");
  fprintf(md, "## anchors\n\n| comparison | claim | source | published | simulated | difference | agrees |\n"
              "|---|---|---|---:|---:|---:|---|\n");
  for (int i = 0, first = 0; i < n; first += c[i].n_variants, i++)
    for (int j = 0; j < c[i].n_anchors; j++) {
      const anchor *a = &c[i].anchors[j];
      double sim = anchor_value(&c[i], a, t + first, map + first);
      int boolean = a->kind == ANCHOR_BEST || a->kind == ANCHOR_WORST;
      int gain = a->kind == ANCHOR_GAIN || a->kind == ANCHOR_MEAN_GAIN, numeric = a->published_given && !boolean;
      /* points for gains, % of the published figure for times and ratios */
      double diff = !numeric ? 0 : gain ? sim - a->published : 100 * (sim - a->published) / a->published;
      int agrees = boolean ? sim == 1 : fabs(diff) <= a->tolerance;
      const char *unit = gain ? "pts" : "%";
      char p[64] = "", s[64], d[64] = "", tol[64] = "", flag[64] = "";
      if (csv) {
        if (numeric) {
          snprintf(p, sizeof p, "%.3f", a->published);
          snprintf(d, sizeof d, "%.3f", diff);
        }
        if (boolean)
          snprintf(s, sizeof s, "%s", sim == 1 ? "true" : "false");
        else
          snprintf(s, sizeof s, "%.3f", sim);
        if (!boolean)
          snprintf(tol, sizeof tol, "%g", a->tolerance);
        fprintf(csv, "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", c[i].name, a->claim, a->source, kind_names[a->kind],
                boolean ? "true" : p, s, d, tol,
                !numeric && !boolean ? ""
                : agrees             ? "yes"
                                     : "no");
      }
      if (numeric)
        snprintf(d, sizeof d, "%+.1f %s", diff, unit);
      if ((numeric || boolean) && agrees)
        snprintf(flag, sizeof flag, "yes");
      else if (boolean)
        snprintf(flag, sizeof flag, "**no**");
      else if (numeric)
        snprintf(flag, sizeof flag, "**no** (beyond %g %s)", a->tolerance, unit);
      fprintf(md, "| %s | %s | %s | %s | %s | %s | %s |\n", c[i].name, a->claim, a->source,
              numeric || boolean ? figure(a->kind, boolean ? 1 : a->published, p, sizeof p) : "-",
              figure(a->kind, sim, s, sizeof s), d, flag);
    }
}
